//! Caesar & Cleopatra's side of the designer's tools (`crate::design`):
//! its summary line, its variants and rule sets from `variant.rs`, the
//! names files and agents' weights `ludus check` reads, its scenarios and
//! its event log.

use std::path::Path;

use super::{CaesarCleopatra, Rules, State, model, scenario, text, variant};
use crate::design::knobs::{Knob, KnobKind};
use crate::design::{Designer, RuleSet, Variant};
use crate::diag::Diagnostics;
use crate::engine::Selection;
use crate::load::GameDir;

/// The languages of the names files (`names/*.ron` map them to rulebooks).
const NAME_LANGUAGES: [&str; 2] = ["fr", "nl"];

impl Designer for CaesarCleopatra {
    fn summary(r: &Rules) -> String {
        format!(
            "{}, {} card types, {} groups, {} vote cards",
            r.name,
            r.kinds.len(),
            r.groups.len(),
            r.vote_cards.len()
        )
    }

    fn variants(dir: &GameDir) -> Result<Vec<Variant>, Diagnostics> {
        Ok(variant::list(dir)?.into_iter().map(Variant::from).collect())
    }

    fn rule_set(dir: &GameDir, sel: &Selection) -> Result<RuleSet, Diagnostics> {
        let r = variant::load(dir, sel)?;
        Ok(RuleSet {
            overrides: r.overrides.iter().map(|o| o.describe()).collect(),
            settings: r.settings,
        })
    }

    fn check_files(dir: &GameDir) -> Vec<(String, Result<(), Diagnostics>)> {
        let mut out = vec![];
        for lang in NAME_LANGUAGES {
            let sel = Selection {
                lang: Some(lang.to_string()),
                ..Selection::default()
            };
            out.push((
                format!("names {lang}"),
                variant::load(dir, &sel).map(|_| ()),
            ));
        }
        out
    }

    fn run_scenario(file: &Path, dir: GameDir, json: bool) -> Result<String, Diagnostics> {
        scenario::run_file(file, dir, json)
    }

    /// The toggles are the enums and booleans of the rule files (their
    /// variants' names the readings), the numbers those of
    /// `model::numbers` (with their ranges).
    fn knobs(dir: &GameDir, sel: &Selection) -> Result<Vec<Knob>, Diagnostics> {
        let r = variant::load(dir, sel)?;
        let (mut raw, _) = model::read_raw(dir)?;
        let readings: Vec<(String, Vec<String>)> = raw
            .fields()
            .into_iter()
            .filter_map(|(k, f)| Some((k, f.readings()?)))
            .collect();
        let knob = |(key, base, _): (String, String, _)| {
            let kind = match readings.iter().find(|(k, _)| *k == key) {
                Some((_, r)) => KnobKind::Toggle(r.clone()),
                None => {
                    let b = model::NUMBERS.iter().find(|b| b.matches(&key))?;
                    KnobKind::Number {
                        min: Some(b.min as f64),
                        max: Some(b.max as f64),
                        step: 1.0,
                    }
                }
            };
            Some(Knob { key, base, kind })
        };
        Ok(r.settings.into_iter().filter_map(knob).collect())
    }

    fn game_log(s: &State) -> String {
        let mut out = String::new();
        for e in s.events() {
            out += &text::event_text(s.rules(), e, None);
            out.push('\n');
        }
        out + &text::view_text(s, 0)
    }
}
