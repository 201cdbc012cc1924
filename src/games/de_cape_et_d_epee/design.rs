//! de Cape & d'Épée's side of the designer's tools (`crate::design`): its
//! summary, its variants and rule sets, the files `check` reads, its
//! scenario files (`scenario/`) and its event log.

use std::path::Path;

use super::{DeCape, Rules, State, model};
use crate::design::{Designer, Origin, RuleSet, Variant};
use crate::diag::Diagnostics;
use crate::engine::{BASE_VARIANT, Selection};
use crate::load::{GameDir, overlay};

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
        let base = Variant {
            id: BASE_VARIANT.into(),
            rulebook: model::BASE_RULEBOOK.into(),
            description: "the base files, with the default toggles".into(),
            addon: false,
            path: dir.path(),
        };
        let files = overlay::list(dir)?.into_iter().map(|v| Variant {
            id: v.id,
            rulebook: v.rulebook,
            description: v.description,
            addon: v.addon,
            path: v.path,
        });
        Ok(std::iter::once(base).chain(files).collect())
    }

    /// Every rule as `key = value`; a value that differs from the base
    /// files' is the overlays' (or `--set`'s).
    fn rule_set(dir: &GameDir, sel: &Selection) -> Result<RuleSet, Diagnostics> {
        let base_sel = Selection {
            players: sel.players,
            ..Selection::default()
        };
        let all = |r: model::Rules| [r.settings(), r.names()].concat();
        let base = all(model::load(dir, &base_sel)?);
        let now = all(model::load(dir, sel)?);
        let names = sel.lang.iter().map(|l| format!("names {l}"));
        let overlay: Vec<String> = sel
            .variant
            .iter()
            .chain(&sel.addons)
            .cloned()
            .chain(names)
            .collect();
        let mut set = RuleSet::default();
        for ((k, v), (_, b)) in now.into_iter().zip(base) {
            let origin = if v == b {
                Origin::Base
            } else if sel.sets.iter().any(|s| s.starts_with(&format!("{k}="))) {
                Origin::CommandLine
            } else {
                Origin::Overlay {
                    id: overlay.join("+"),
                    cite: String::new(),
                }
            };
            if v != b {
                set.overrides.push(format!("{k}: {b} -> {v}"));
            }
            set.settings.push((k, v, origin));
        }
        Ok(set)
    }

    fn check_files(dir: &GameDir) -> Vec<(String, Result<(), Diagnostics>)> {
        let players = (2..=model::MAX_SEATS).map(|n| {
            let sel = Selection {
                players: Some(n),
                ..Selection::default()
            };
            (format!("{n} players"), model::load(dir, &sel).map(|_| ()))
        });
        let names = match overlay::name_languages(dir) {
            Ok(langs) => langs
                .into_iter()
                .map(|lang| {
                    let sel = Selection {
                        lang: Some(lang.clone()),
                        ..Selection::default()
                    };
                    (format!("names {lang}"), model::load(dir, &sel).map(|_| ()))
                })
                .collect(),
            Err(d) => vec![("names".to_string(), Err(d.into()))],
        };
        players.chain(names).collect()
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
