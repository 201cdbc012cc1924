//! The bodies of the fuzz targets: every reader of what a person or an
//! edited file gives Ludus, for every game. `fuzz/fuzz_targets/<name>.rs`
//! (cargo-fuzz, libFuzzer) calls the function of the same name, and
//! `tests/suite/fuzz_corpus.rs` runs every file of `fuzz/corpus/<name>/` through
//! it on stable Rust, so the corpus is a regression suite in `cargo test`.
//!
//! Each function must return, whatever the bytes: no panic, no unbounded
//! allocation, no hang. Where a format can be written back (a save), an
//! accepted input must read back to the same thing.
//!
//! Where an input belongs to one game (a rule file, a `--set` key, a typed
//! move), a leading byte picks the game among [`MODULES`] and the thing
//! among that game's; where a text can be read by every game (an effect, a
//! variant file, a save), every game's reader gets it. The readers are
//! reached through the generic traits, so a new game is fuzzed by being in
//! [`MODULES`]; only what no other trait reads (the effect language's entry
//! rule, the scenario files) is the game's [`Fuzzed`], in its own
//! `fuzzing` module.

use std::sync::OnceLock;

use crate::engine::seed::{agent_rng, derive};
use crate::engine::{Actor, GameState, Selection};
use crate::games::{MODULES, Registered, Visit, visit};
use crate::load::{GameDir, SourceFile};
use crate::play::i18n::Lang;

/// The readers of a game that no other trait reaches. Each must return
/// whatever the text: no panic, no unbounded allocation, no hang.
pub trait Fuzzed {
    /// `text` as the game's effect text: parsed, then compiled and
    /// validated with the rest of its built-in rules.
    fn effect_text(text: &str);
    /// `text` as the game's scenario file, run; nothing for a game that
    /// reads none.
    fn scenario_text(_text: &str) {}
}

/// A target's body: it reads the bytes and checks what must hold.
pub type Target = fn(&[u8]);

/// The built-in rules folder of a module: the module's name, or the first
/// folder whose `game.ron` names it (a described game's).
pub fn folder(module: &'static str) -> &'static str {
    if GameDir::BuiltIn(module).has_file("game.ron") {
        return module;
    }
    let games = crate::load::rules_dir::built_in_games();
    let named =
        |g: &&'static str| crate::games::module_of(&GameDir::BuiltIn(g)).is_ok_and(|m| m == module);
    games.into_iter().find(named).unwrap_or(module)
}

/// A described game's own reader: its procedure (and an expression).
impl Fuzzed for crate::described::Described {
    /// `text` as an expression, and as the procedure of the first described
    /// game built in, compiled and checked with the rest of its rules.
    fn effect_text(text: &str) {
        let _ = crate::effects::parse_expression(text);
        let folder = folder(crate::described::MODULE);
        let Ok(own) = GameDir::BuiltIn(folder).read("procedure.ron") else {
            return;
        };
        let (Some(start), Ok(quoted)) = (own.text.find("procedure: r#\""), ron::to_string(text))
        else {
            return;
        };
        let start = start + "procedure: ".len();
        let Some(len) = own.text[start..].find("\"#") else {
            return;
        };
        let file = format!(
            "{}{quoted}{}",
            &own.text[..start],
            &own.text[start + len + 2..]
        );
        let dir = GameDir::built_in_game_with(folder, &[("procedure.ron", &file)]);
        if let Ok(l) =
            <crate::described::Described as crate::engine::Game>::load(&dir, &Selection::default())
        {
            let _ = crate::described::layers::stops(&l.rules, 1);
        }
    }
}

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

/// The byte `b` picks one of all the games' things, `counts[g]` of game
/// `g`: the game's index and the thing's.
fn pick(b: u8, counts: &[usize]) -> Option<(usize, usize)> {
    let total: usize = counts.iter().sum();
    let mut i = (b as usize).checked_rem(total)?;
    for (g, &n) in counts.iter().enumerate() {
        if i < n {
            return Some((g, i));
        }
        i -= n;
    }
    None
}

/// The first byte and the rest as UTF-8 text.
fn byte_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (&b, rest) = data.split_first()?;
    Some((b, std::str::from_utf8(rest).ok()?))
}

/// Each game's rule files (the `.ron` files of its built-in folder's top).
fn rule_files() -> &'static [Vec<String>] {
    static FILES: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    FILES.get_or_init(|| {
        MODULES
            .iter()
            .map(|g| {
                GameDir::BuiltIn(folder(g))
                    .ron_files("")
                    .unwrap_or_default()
            })
            .collect()
    })
}

/// Each game's rule keys (what `--set` may name), in its own order.
fn set_keys() -> &'static [Vec<String>] {
    static KEYS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    KEYS.get_or_init(|| {
        MODULES
            .iter()
            .map(|g| visit(g, Keys).unwrap_or_default())
            .collect()
    })
}

struct Keys;

impl Visit for Keys {
    type Out = Vec<String>;
    fn visit<G: Registered>(self) -> Vec<String> {
        let dir = GameDir::BuiltIn(folder(G::MODULE));
        G::rule_set(&dir, &Selection::default())
            .map(|r| r.settings.into_iter().map(|(k, _, _)| k).collect())
            .unwrap_or_default()
    }
}

/// Loads a game's rules from `dir` with `sel`, and lists its variants.
struct Load {
    dir: GameDir,
    sel: Selection,
}

impl Visit for Load {
    type Out = ();
    fn visit<G: Registered>(self) {
        let _ = G::variants(&self.dir);
        let _ = G::load(&self.dir, &self.sel);
    }
}

/// A game's rule file replaced by the input (the first byte picks the
/// game and the file), then the rules loaded.
pub fn rule_file(data: &[u8]) {
    let Some((b, text)) = byte_and_text(data) else {
        return;
    };
    let files = rule_files();
    let counts: Vec<usize> = files.iter().map(Vec::len).collect();
    let Some((g, i)) = pick(b, &counts) else {
        return;
    };
    let dir = GameDir::built_in_game_with(folder(MODULES[g]), &[(&files[g][i], text)]);
    let sel = Selection::default();
    visit(MODULES[g], Load { dir, sel });
}

/// A `--set key=value` with the input as the value, for a key the first
/// byte picks among every game's rule keys.
pub fn set_value(data: &[u8]) {
    let Some((b, text)) = byte_and_text(data) else {
        return;
    };
    let keys = set_keys();
    let counts: Vec<usize> = keys.iter().map(Vec::len).collect();
    let Some((g, i)) = pick(b, &counts) else {
        return;
    };
    let sel = Selection {
        sets: vec![format!("{}={text}", keys[g][i])],
        ..Selection::default()
    };
    let dir = GameDir::BuiltIn(folder(MODULES[g]));
    visit(MODULES[g], Load { dir, sel });
}

/// The input as an effect text of every game: parsed, then compiled and
/// validated with the rest of that game's rules.
pub fn effect(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for g in MODULES {
        visit(g, Effect(text));
    }
}

struct Effect<'a>(&'a str);

impl Visit for Effect<'_> {
    type Out = ();
    fn visit<G: Registered>(self) {
        G::effect_text(self.0);
    }
}

struct Scenario<'a>(&'a str);

impl Visit for Scenario<'_> {
    type Out = ();
    fn visit<G: Registered>(self) {
        G::scenario_text(self.0);
    }
}

/// The input as a variant file of every game, listed and selected.
pub fn variant_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for g in MODULES {
        let dir = GameDir::built_in_game_with(folder(g), &[("variants/fuzz.ron", text)]);
        let sel = Selection::variant("fuzz");
        visit(g, Load { dir, sel });
    }
}

/// The input as a scenario file of every game, run (text and JSON
/// reports).
pub fn scenario_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for g in MODULES {
        visit(g, Scenario(text));
    }
}

/// Reads a save; one that loads is written back and must load again to
/// the same position.
struct Save<'a>(&'a SourceFile);

impl Visit for Save<'_> {
    type Out = ();
    fn visit<G: Registered>(self) {
        let Ok(game) = crate::play::Game::<G>::parse(self.0) else {
            return;
        };
        let again = SourceFile {
            path: "again.ron".into(),
            text: game.save_text(),
        };
        let back = crate::play::Game::<G>::parse(&again).expect("a save written back loads");
        assert_eq!(back.fingerprint(), game.fingerprint(), "the same position");
    }
}

/// The input as a save file, read by every game's `ludus play`.
pub fn save_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = SourceFile {
        path: "fuzz.ron".into(),
        text: text.to_string(),
    };
    for g in MODULES {
        visit(g, Save(&file));
    }
}

/// A line typed after `moves` random moves of a seeded game, in `lang`.
struct Typed<'a> {
    moves: u8,
    lang: Lang,
    line: &'a str,
}

impl Visit for Typed<'_> {
    type Out = ();
    fn visit<G: Registered>(self) {
        let Ok(loaded) = G::load(&GameDir::BuiltIn(folder(G::MODULE)), &Selection::default())
        else {
            return;
        };
        let seed = self.moves as u64;
        let mut s = G::new_state(&loaded.rules, derive(5, seed, 0), false);
        let mut rng = agent_rng(derive(5, seed, 1));
        let mut legal = Vec::new();
        for _ in 0..self.moves {
            if s.is_terminal() {
                break;
            }
            let (m, _) = s.random_legal(&mut rng, &mut legal);
            s.apply_legal(m);
        }
        if !matches!(s.current_actor(), Actor::Player(_)) {
            return;
        }
        s.legal_moves(&mut legal);
        let order = G::numbered(&s, &legal);
        let _ = crate::play::input::parse_numbered(self.lang, &order, self.line, |words, line| {
            G::parse_move(self.lang, &s, &legal, words, line)
        });
    }
}

/// The input as a line typed at `ludus play`: the first byte is how many
/// random moves of a seeded game come first, the second picks the game
/// and the language, the rest is the line.
pub fn typed_move(data: &[u8]) {
    let Some((&moves, rest)) = data.split_first() else {
        return;
    };
    let Some((b, line)) = byte_and_text(rest) else {
        return;
    };
    let langs = [Lang::En, Lang::Fr, Lang::Nl];
    let Some((g, l)) = pick(b, &vec![langs.len(); MODULES.len()]) else {
        return;
    };
    let lang = langs[l];
    visit(MODULES[g], Typed { moves, lang, line });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_picks_each_game_and_thing_in_turn() {
        let counts = [2, 3];
        let picks: Vec<_> = (0..6).map(|b| pick(b, &counts)).collect();
        let want = [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (0, 0)];
        assert_eq!(picks, want.map(Some));
        assert_eq!(pick(1, &[0, 0]), None);
    }

    #[test]
    fn every_game_has_rule_files_and_keys() {
        for (g, files) in MODULES.iter().zip(rule_files()) {
            assert!(files.iter().any(|f| f == "game.ron"), "{g}: {files:?}");
        }
        for (g, keys) in MODULES.iter().zip(set_keys()) {
            assert!(keys.len() > 10, "{g}: {keys:?}");
        }
    }
}
