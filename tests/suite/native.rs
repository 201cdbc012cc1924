//! The native code generated from the built-in descriptions
//! (`src/described/native/`) is what its writer gives for today's rules,
//! is used for them, and plays the games the closures play: for every
//! described game and number of players, seeded random games compared
//! move by move (the state's digest, the legal moves in order, and the
//! random move picked without the list, which is the list's). Another
//! reading of a toggle runs on the closures.
//!
//! `LUDUS_REGENERATE=1 cargo test --profile tests native` writes
//! `generated.rs` again after a change of the rules or of the writer.

use std::path::Path;
use std::sync::Arc;

use ludus::described::eval::Eval;
use ludus::described::model::{self, Rules};
use ludus::described::native::writer;
use ludus::described::state::Core;
use ludus::described::{Described, State};
use ludus::engine::seed::{agent_rng, below, derive};
use ludus::engine::{Game, GameState, Selection};
use ludus::load::GameDir;

const GAMES: [(&str, std::ops::RangeInclusive<usize>); 2] = [("roemer", 2..=4), ("de-cape", 2..=6)];

fn load(game: &str, players: usize) -> Rules {
    let dir = GameDir::built_in_game(game).unwrap();
    let sel = Selection {
        players: Some(players),
        ..Selection::default()
    };
    model::load(&dir, &sel).unwrap()
}

fn every_built_in() -> Vec<Rules> {
    GAMES
        .iter()
        .flat_map(|(g, ns)| ns.clone().map(move |n| load(g, n)))
        .collect()
}

#[test]
fn the_generated_file_is_what_the_writer_gives_for_the_built_in_rules() {
    let rules = every_built_in();
    let refs: Vec<&Rules> = rules.iter().collect();
    let want = writer::generate(&refs);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/described/native/generated.rs");
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        if std::env::var_os("LUDUS_REGENERATE").is_some() {
            std::fs::write(&path, &want).unwrap();
            return;
        }
        panic!(
            "{} is out of date: run `LUDUS_REGENERATE=1 cargo test --profile tests native`",
            path.display()
        );
    }
    for r in &rules {
        assert!(
            r.eval.is_native(),
            "{} with {} players: no native code",
            r.name,
            r.players
        );
    }
}

/// The same rules on the closures.
fn interpreted(game: &str, players: usize) -> Arc<Rules> {
    let mut r = load(game, players);
    r.eval = Eval::interpreted(&r);
    r.fixed_start = Some(Core::fixed_start(&r));
    Arc::new(r)
}

#[test]
fn native_code_plays_the_games_the_closures_play() {
    let mut buf = Vec::new();
    let mut legal = (Vec::new(), Vec::new());
    for (game, players) in GAMES {
        for n in players {
            let native = Arc::new(load(game, n));
            let closures = interpreted(game, n);
            assert!(!closures.eval.is_native());
            for seed in 0..12 {
                let mut a = State::new(native.clone(), seed, false);
                let mut b = State::new(closures.clone(), seed, false);
                let mut rng = agent_rng(derive(seed, 0, 1));
                let mut moves = 0;
                while !a.is_terminal() {
                    assert_eq!(
                        a.digest(),
                        b.digest(),
                        "{game} {n} seed {seed} move {moves}"
                    );
                    a.legal_moves(&mut legal.0);
                    b.legal_moves(&mut legal.1);
                    assert_eq!(legal.0, legal.1, "{game} {n} seed {seed} move {moves}");
                    let mut listed = rng.clone();
                    let at = below(&mut listed, legal.0.len());
                    let (m, count) = a.random_legal(&mut rng, &mut buf);
                    assert_eq!(
                        (m, count),
                        (legal.0[at], legal.0.len()),
                        "{game} {n} seed {seed} move {moves}"
                    );
                    assert_eq!(
                        rng, listed,
                        "{game} {n} seed {seed} move {moves}: the same draws"
                    );
                    a.apply_legal(m);
                    b.apply_legal(m);
                    moves += 1;
                }
                assert!(b.is_terminal());
                assert_eq!(a.digest(), b.digest(), "{game} {n} seed {seed} at the end");
                assert_eq!(a.returns(), b.returns(), "{game} {n} seed {seed}");
            }
        }
    }
}

/// de Cape with 4 players and `sel`'s settings and add-ons, loaded as a
/// game is (native code when the fingerprint matches).
fn de_cape_4(sel: Selection) -> Arc<Rules> {
    let dir = GameDir::built_in_game("de-cape").unwrap();
    let sel = Selection {
        players: Some(4),
        ..sel
    };
    Described::load(&dir, &sel).unwrap().rules
}

/// A toggle's other reading compiles another program: it runs on the
/// closures.
#[test]
fn another_reading_of_a_toggle_runs_on_the_closures() {
    let r = de_cape_4(Selection {
        sets: vec!["toggles.round_end.order=SettleThenDraw".into()],
        ..Selection::default()
    });
    assert!(!r.eval.is_native());
}

/// An add-on that changes a card's value keeps the program but not the
/// cards, whose values the native code has written in: it runs on the
/// closures.
#[test]
fn a_card_value_changed_runs_on_the_closures() {
    let r = de_cape_4(Selection {
        addons: vec!["hermit-12".into()],
        ..Selection::default()
    });
    let base = load("de-cape", 4);
    assert_eq!(r.program.ops, base.program.ops);
    assert_ne!(r.cards, base.cards);
    assert!(!r.eval.is_native());
}

/// `check` tells a designer whether the rules run on native code: the
/// built-in ones do; an edited copy runs on the interpreter, with the
/// edit in force.
#[test]
fn check_says_whether_the_rules_run_on_native_code() {
    use crate::common::{copy_dir, ludus};
    let (code, out, err) = ludus(&["check", "rules/roemer"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("111 ops, native code"), "{out}");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("roemer");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/roemer"),
        &dir,
    );
    let file = dir.join("procedure.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    let edited = text.replacen(
        "(id: \"target\", value: 500,",
        "(id: \"target\", value: 400,",
        1,
    );
    assert_ne!(text, edited);
    std::fs::write(&file, edited).unwrap();
    let (code, out, err) = ludus(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("interpreted (no native code for these rules)"),
        "{out}"
    );
}
