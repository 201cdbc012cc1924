//! The designer's tools over any game: `ludus check`, `ludus variants`,
//! `ludus scenario run`, `ludus soak`, and the event log of
//! `simulate --log`. What they need of a game is [`Designer`]; the
//! commands in `cli` print what it returns. What every game's scenario
//! runner shares is [`scenario`].
//!
//! **Architecture invariant:** nothing here names a notion of a particular
//! game. A game's variants are overlays on its base files; each rule is a
//! key with a value (RON text) and where that value came from.

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub mod knobs;
pub mod scenario;
pub mod scenario_game;

use crate::diag::Diagnostics;
use crate::engine::{BASE_VARIANT, Game, Selection};
use crate::load::GameDir;
use crate::soak::Soaked;

/// Where a rule's value comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Base,
    /// A variant or add-on file, with the passage it cites.
    Overlay {
        id: String,
        cite: String,
    },
    /// `--set` on the command line.
    CommandLine,
}

/// One variant or add-on of a rules directory, for `ludus variants list`.
#[derive(Debug, Clone)]
pub struct Variant {
    pub id: String,
    /// The rulebooks it follows, as the file says ("000, 001").
    pub rulebook: String,
    pub description: String,
    pub addon: bool,
    /// The file as reported (the game directory itself for the base).
    pub path: PathBuf,
}

impl From<crate::load::overlay::OverlayInfo> for Variant {
    fn from(v: crate::load::overlay::OverlayInfo) -> Variant {
        Variant {
            id: v.id,
            rulebook: v.rulebook,
            description: v.description,
            addon: v.addon,
            path: v.path,
        }
    }
}

/// Every rule of a selection: key, value as RON text, origin; and each
/// base value an overlay replaced, described in one line.
#[derive(Debug, Clone, Default)]
pub struct RuleSet {
    pub settings: Vec<(String, String, Origin)>,
    pub overrides: Vec<String>,
}

/// What the designer's commands need of a game.
pub trait Designer: Game<State: Soaked> {
    /// One line on checked rules: the game's name and its main counts.
    fn summary(rules: &Self::Rules) -> String;
    /// The variants and add-ons of `dir`, the base first.
    fn variants(dir: &GameDir) -> Result<Vec<Variant>, Diagnostics>;
    /// Every rule of `sel` with its origin, and the overrides.
    fn rule_set(dir: &GameDir, sel: &Selection) -> Result<RuleSet, Diagnostics>;
    /// The other files of `dir` that `check` must read (names files,
    /// agents' weights ...), each with a label and its problems.
    fn check_files(dir: &GameDir) -> Vec<(String, Result<(), Diagnostics>)>;
    /// Runs the scenario file `file` on the rules of `dir`: its report
    /// (JSON when `json`), or the diagnostics of its mismatches.
    fn run_scenario(file: &Path, dir: GameDir, json: bool) -> Result<String, Diagnostics>;
    /// A finished game's event log and final table, as text.
    fn game_log(state: &Self::State) -> String;
    /// The rules of `sel` a designer may turn, for `ludus sweep`: each
    /// toggle with its readings, each number with its range. The default
    /// reads them off the rules in force ([`knobs::infer`]: booleans,
    /// numbers, the toggles of `toggles.ron`); a game that knows more
    /// (its enums' readings, its numbers' ranges) says so.
    fn knobs(dir: &GameDir, sel: &Selection) -> Result<Vec<knobs::Knob>, Diagnostics> {
        let set = Self::rule_set(dir, sel)?;
        let settings: Vec<(String, String)> =
            set.settings.into_iter().map(|(k, v, _)| (k, v)).collect();
        Ok(knobs::infer(&settings, &knobs::toggles_file(dir)))
    }
}

/// The base and the variant files of a game whose variants are
/// `load::overlay` files (each with its rulebook, description and kind).
pub fn overlay_variants(dir: &GameDir, base_rulebook: &str) -> Result<Vec<Variant>, Diagnostics> {
    let base = Variant {
        id: BASE_VARIANT.into(),
        rulebook: base_rulebook.into(),
        description: "the base files, with the default toggles".into(),
        addon: false,
        path: dir.path(),
    };
    let files = crate::load::overlay::list(dir)?
        .into_iter()
        .map(Variant::from);
    Ok(std::iter::once(base).chain(files).collect())
}

/// The rule set of `sel` for a game whose variants are overlays: `rules`
/// gives every rule as `key = value` for a selection; a value that differs
/// from the base files' (`sel`'s number of players, nothing else) is the
/// overlays' or `--set`'s.
pub fn overlay_rule_set(
    sel: &Selection,
    rules: impl Fn(&Selection) -> Result<Vec<(String, String)>, Diagnostics>,
) -> Result<RuleSet, Diagnostics> {
    let base_sel = Selection {
        players: sel.players,
        ..Selection::default()
    };
    let base = rules(&base_sel)?;
    let now = rules(sel)?;
    let names = sel.lang.iter().map(|l| format!("names {l}"));
    let overlay: Vec<String> = sel
        .variant
        .iter()
        .chain(&sel.addons)
        .cloned()
        .chain(names)
        .collect();
    let mut set = RuleSet::default();
    for (k, v) in now {
        // A key only an overlay sets (`card.<kind>.<attribute>`) has no
        // base value of its own: the card's.
        let b = (base.iter().find(|(bk, _)| *bk == k))
            .map_or_else(|| "(as printed)".to_string(), |(_, b)| b.clone());
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

/// What `check` reads of a game whose rules depend on the number of
/// players: the rules for each number in `players`, then with each names
/// file (`load::overlay::name_languages`), each loaded by `load`.
pub fn per_player_and_language_checks(
    dir: &GameDir,
    players: std::ops::RangeInclusive<usize>,
    load: impl Fn(&Selection) -> Result<(), Diagnostics>,
) -> Vec<(String, Result<(), Diagnostics>)> {
    let mut out: Vec<_> = players
        .map(|n| {
            let sel = Selection {
                players: Some(n),
                ..Selection::default()
            };
            (format!("{n} players"), load(&sel))
        })
        .collect();
    match crate::load::overlay::name_languages(dir) {
        Ok(langs) => out.extend(langs.into_iter().map(|lang| {
            let sel = Selection {
                lang: Some(lang.clone()),
                ..Selection::default()
            };
            (format!("names {lang}"), load(&sel))
        })),
        Err(d) => out.push(("names".to_string(), Err(d.into()))),
    }
    out
}

/// What `check` reads of every game besides its own files: the agents'
/// weights (`agents/greedy.ron`, when there is one) and the card texts
/// (`about/<lang>.ftl`, `play::i18n::check_card_texts`).
pub fn shared_checks<G: crate::agents::Agents>(
    dir: &GameDir,
) -> Vec<(String, Result<(), Diagnostics>)> {
    vec![
        (
            "agents' weights".to_string(),
            G::weights_in(dir).map(|_| ()).map_err(Diagnostics::from),
        ),
        (
            "card texts".to_string(),
            crate::play::i18n::check_card_texts(dir),
        ),
    ]
}

/// The rows of `ludus variants diff`: keys whose values differ.
pub fn diff(a: &RuleSet, b: &RuleSet) -> Vec<(String, String, String)> {
    a.settings
        .iter()
        .zip(&b.settings)
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| (x.0.clone(), x.1.clone(), y.1.clone()))
        .collect()
}

/// Keys both variants set (each citing its own rulebook) to the same value.
pub fn set_alike(a: &RuleSet, b: &RuleSet) -> Vec<(String, String)> {
    a.settings
        .iter()
        .zip(&b.settings)
        .filter(|(x, y)| {
            x.1 == y.1
                && matches!(x.2, Origin::Overlay { .. })
                && matches!(y.2, Origin::Overlay { .. })
        })
        .map(|(x, _)| (x.0.clone(), x.1.clone()))
        .collect()
}

/// A RON value on one line: texts lose their `Some("...")` wrapping and
/// line breaks.
pub fn one_line(v: &str) -> String {
    let v = v
        .strip_prefix("Some(")
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(v)
        .replace("\\n", " ")
        .replace(", )", ")")
        .replace("( ", "(");
    let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
    match v.strip_prefix("\" ").and_then(|x| x.strip_suffix(" \"")) {
        Some(inner) => format!("\"{inner}\""),
        None => v,
    }
}

/// A dealer of new games from a seed.
pub type Deal<S> = Box<dyn Fn(u64) -> S + Sync + Send>;

/// The rule sets of a soak, each with its label.
pub type SoakSets<S> = Vec<(String, Deal<S>)>;

/// A new game of `rules` from a seed, as the soak deals them.
fn deal<G: Designer>(rules: Arc<G::Rules>) -> Deal<G::State> {
    Box::new(move |seed| G::new_state(&rules, seed, false))
}

/// The rule sets of a soak: every variant, alone and with each add-on,
/// with every number of players the rules provide for.
pub fn soak_sets<G: Designer>(dir: &GameDir) -> Result<SoakSets<G::State>, Diagnostics> {
    let infos = G::variants(dir)?;
    let addons: Vec<Option<&str>> = std::iter::once(None)
        .chain(
            infos
                .iter()
                .filter(|v| v.addon)
                .map(|v| Some(v.id.as_str())),
        )
        .collect();
    let mut sets: SoakSets<G::State> = Vec::new();
    for v in infos.iter().filter(|v| !v.addon) {
        for a in &addons {
            let sel = Selection {
                variant: Some(v.id.clone()).filter(|id| id != BASE_VARIANT),
                addons: a.iter().map(|a| a.to_string()).collect(),
                ..Selection::default()
            };
            let rules: Arc<G::Rules> = G::load(dir, &sel)?.rules;
            let label = a.map_or_else(|| v.id.clone(), |a| format!("{}+{a}", v.id));
            let counts = G::player_counts(&rules);
            if counts.start() == counts.end() {
                sets.push((label, deal::<G>(rules)));
                continue;
            }
            for n in counts {
                let sel = Selection {
                    players: Some(n),
                    ..sel.clone()
                };
                let rules = G::load(dir, &sel)?.rules;
                sets.push((format!("{label}, {n} players"), deal::<G>(rules)));
            }
        }
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_unwraps_texts_and_joins_lines() {
        assert_eq!(one_line("Some(\" a\\n  b \")"), "\"a b\"");
        assert_eq!(one_line("( x, )"), "(x)");
    }
}
