//! The readers only this game has (`crate::games::fuzzing::Fuzzed`; the
//! generic fuzz bodies are in `crate::games::fuzzing`): an action card's
//! effect text, and a scenario file.

use std::sync::OnceLock;

use crate::engine::Game;
use crate::games::caesar_cleopatra::variant::{self, Selection};
use crate::games::caesar_cleopatra::{CaesarCleopatra, scenario};
use crate::load::{GameDir, SourceFile};

/// This game's built-in rules.
fn built_in() -> GameDir {
    GameDir::BuiltIn(CaesarCleopatra::MODULE)
}

/// The first action card's effect key (`card.<id>.effect`).
fn effect_key() -> Option<&'static str> {
    static KEY: OnceLock<Option<String>> = OnceLock::new();
    KEY.get_or_init(|| {
        let r = variant::load(built_in(), &Selection::default()).ok()?;
        let mut keys = r.settings.into_iter().map(|(k, _, _)| k);
        keys.find(|k| k.ends_with(".effect"))
    })
    .as_deref()
}

/// `text` as an action card's effect text: parsed, then compiled and
/// validated with the rest of the rules (through `--set` of the first
/// action card's effect key, `card.<id>.effect`).
fn effect(text: &str) {
    let _ = crate::effects::parse(text);
    let Ok(quoted) = ron::to_string(text) else {
        return;
    };
    let Some(key) = effect_key() else {
        return;
    };
    let sel = Selection {
        sets: vec![format!("{key}={quoted}")],
        ..Selection::default()
    };
    let _ = variant::load(built_in(), &sel);
}

/// `text` as a scenario file, run (text and JSON reports).
fn scenario_file(text: &str) {
    let file = SourceFile {
        path: "fuzz.ron".into(),
        text: text.to_string(),
    };
    if scenario::run_source(&file, built_in(), false).is_ok() {
        let _ = scenario::run_source(&file, built_in(), true);
    }
}

impl crate::games::fuzzing::Fuzzed for CaesarCleopatra {
    fn effect_text(text: &str) {
        effect(text)
    }
    fn scenario_text(text: &str) {
        scenario_file(text)
    }
}
