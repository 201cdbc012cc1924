//! de Cape & d'Épée's side of the designer's tools (`crate::design`): its
//! summary, its variants and rule sets, the files `check` reads, its
//! scenario files (`scenario/`) and its event log.

use std::path::Path;

use super::{DeCape, Rules, State, model};
use crate::design::{self, Designer, RuleSet, Variant};
use crate::diag::Diagnostics;
use crate::engine::Selection;
use crate::load::GameDir;

impl Designer for DeCape {
    fn summary(r: &Rules) -> String {
        format!(
            "{}, {} players, {} card kinds, {} cards a colour, {} objectives",
            r.name,
            r.players,
            r.kinds.len(),
            r.deck_len(),
            r.objectives.len()
        )
    }

    fn variants(dir: &GameDir) -> Result<Vec<Variant>, Diagnostics> {
        design::overlay_variants(dir, model::BASE_RULEBOOK)
    }

    /// Every rule as `key = value`; a value that differs from the base
    /// files' is the overlays' (or `--set`'s).
    fn rule_set(dir: &GameDir, sel: &Selection) -> Result<RuleSet, Diagnostics> {
        design::overlay_rule_set(sel, |sel| {
            let r = model::load(dir, sel)?;
            Ok([r.settings(), r.names()].concat())
        })
    }

    fn check_files(dir: &GameDir) -> Vec<(String, Result<(), Diagnostics>)> {
        let load = |sel: &Selection| model::load(dir, sel).map(|_| ());
        design::per_player_and_language_checks(dir, 2..=model::MAX_SEATS, load)
    }

    fn run_scenario(file: &Path, dir: GameDir, json: bool) -> Result<String, Diagnostics> {
        super::scenario::run_file(file, &dir, json)
    }

    fn game_log(s: &State) -> String {
        let mut out = String::new();
        for e in s.events() {
            out.push_str(&s.event_text(e, None));
            out.push('\n');
        }
        for p in 0..s.rules().players {
            out.push_str(&format!(
                "{}: {} points\n",
                s.rules().colours[p].1,
                s.points(p)
            ));
        }
        out
    }
}
