//! The bodies of the fuzz targets: every reader of what a person or an
//! edited file gives Ludus. `fuzz/fuzz_targets/<name>.rs` (cargo-fuzz,
//! libFuzzer) calls the function of the same name, and
//! `tests/fuzz_corpus.rs` runs every file of `fuzz/corpus/<name>/` through
//! it on stable Rust, so the corpus is a regression suite in `cargo test`.
//!
//! Each function must return, whatever the bytes: no panic, no unbounded
//! allocation, no hang. Where a format can be written back (a save), an
//! accepted input must read back to the same thing.

use crate::games::caesar_cleopatra::model::FILES;
use crate::games::caesar_cleopatra::scenario;
use crate::games::caesar_cleopatra::variant::{self, Selection};
use crate::load::{GameDir, SourceFile};

/// A target's body: it reads the bytes and checks what must hold.
pub type Target = fn(&[u8]);

/// Each target, by name.
pub const TARGETS: [(&str, Target); 7] = [
    ("rule_file", rule_file),
    ("set_value", set_value),
    ("effect", effect),
    ("variant_file", variant_file),
    ("scenario_file", scenario_file),
    ("save_file", save_file),
    ("typed_move", typed_move),
];

/// The first byte picks one of `n` things; the rest is UTF-8 text.
fn pick_and_text(data: &[u8], n: usize) -> Option<(usize, &str)> {
    let (&pick, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    Some((pick as usize % n, text))
}

/// A base rule file replaced by the input, then the rules loaded.
pub fn rule_file(data: &[u8]) {
    let Some((i, text)) = pick_and_text(data, FILES.len()) else {
        return;
    };
    let dir = GameDir::built_in_with(&[(FILES[i], text)]);
    let _ = variant::load(&dir, &Selection::default());
}

/// A `--set key=value` with the input as the value, for a key the first
/// byte picks among every rule's key.
pub fn set_value(data: &[u8]) {
    let Ok(keys) = variant::load(GameDir::built_in(), &Selection::default()).map(|r| {
        r.settings
            .into_iter()
            .map(|(k, _, _)| k)
            .collect::<Vec<_>>()
    }) else {
        return;
    };
    let Some((i, text)) = pick_and_text(data, keys.len()) else {
        return;
    };
    let sel = Selection {
        sets: vec![format!("{}={text}", keys[i])],
        ..Selection::default()
    };
    let _ = variant::load(GameDir::built_in(), &sel);
}

/// The input as an action card's effect text: parsed, then compiled and
/// validated with the rest of the rules.
pub fn effect(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = crate::effects::parse(text);
    let Ok(quoted) = ron::to_string(text) else {
        return;
    };
    // The first action card's effect key (`card.<id>.effect`).
    let Some(key) = variant::load(GameDir::built_in(), &Selection::default())
        .ok()
        .and_then(|r| {
            r.settings
                .into_iter()
                .map(|(k, _, _)| k)
                .find(|k| k.ends_with(".effect"))
        })
    else {
        return;
    };
    let sel = Selection {
        sets: vec![format!("{key}={quoted}")],
        ..Selection::default()
    };
    let _ = variant::load(GameDir::built_in(), &sel);
}

/// The input as a variant file, selected.
pub fn variant_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let dir = GameDir::built_in_with(&[("variants/fuzz.ron", text)]);
    let _ = variant::list(&dir);
    let _ = variant::load(&dir, &Selection::variant("fuzz"));
}

/// The input as a scenario file, run (text and JSON reports).
pub fn scenario_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = SourceFile {
        path: "fuzz.ron".into(),
        text: text.to_string(),
    };
    if scenario::run_source(&file, GameDir::built_in(), false).is_ok() {
        let _ = scenario::run_source(&file, GameDir::built_in(), true);
    }
}

/// The input as a save file; one that loads is written back and must load
/// again to the same position.
pub fn save_file(data: &[u8]) {
    type Game = crate::play::Game<crate::games::caesar_cleopatra::CaesarCleopatra>;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = SourceFile {
        path: "fuzz.ron".into(),
        text: text.to_string(),
    };
    let Ok(game) = Game::parse(&file) else {
        return;
    };
    let again = SourceFile {
        path: "again.ron".into(),
        text: game.save_text(),
    };
    let back = Game::parse(&again).expect("a save written back loads");
    assert_eq!(back.fingerprint(), game.fingerprint(), "the same position");
}

/// The input as a line typed at `ludus play`, after as many random moves
/// of a seeded game as the first byte says.
pub fn typed_move(data: &[u8]) {
    use crate::engine::seed::{agent_rng, derive};
    use crate::engine::{Actor, GameState};
    use crate::games::caesar_cleopatra::State;
    let Some((moves, line)) = pick_and_text(data, 256) else {
        return;
    };
    let Ok(rules) = crate::games::caesar_cleopatra::load(GameDir::built_in()) else {
        return;
    };
    let mut s = State::new(std::sync::Arc::new(rules), derive(5, moves as u64, 0));
    let mut rng = agent_rng(derive(5, moves as u64, 1));
    let mut legal = Vec::new();
    for _ in 0..moves {
        if s.is_terminal() {
            break;
        }
        let (m, _) = s.random_legal(&mut rng, &mut legal);
        s.apply_legal(m);
    }
    let Actor::Player(p) = s.current_actor() else {
        return;
    };
    s.legal_moves(&mut legal);
    let _ = crate::games::caesar_cleopatra::screen::input::parse(s.rules(), p, &legal, line);
}
