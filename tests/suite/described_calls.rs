//! Sections D and E of the description model on a toy of their own
//! (`tests/described_toys/calls/`): kinds' `on revealed` blocks that call
//! each other (a scout moves itself and runs the block of another card of
//! the row), a `choose` inside a call (two calls deep), a game saved while
//! such a choice waits and replayed from the save, a `for card` loop over
//! piles that change inside it, `let` and `set` of a local, counters per
//! card and per index, aggregates over an attribute's values, a frame
//! stack that overflows, and `check`'s errors at their file, line and
//! column.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::common::ludus;
use ludus::described::{Described, Move, Rules, State};
use ludus::engine::{Game, GameState, Scored, Selection};
use ludus::load::GameDir;
use ludus::play::{self, RulesChoice};

fn toy_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/described_toys/calls")
}

fn load(dir: &Path) -> Arc<Rules> {
    Described::load(&GameDir::Disk(dir.to_path_buf()), &Selection::default())
        .unwrap()
        .rules
}

fn counter(s: &State, id: &str) -> i32 {
    let i = s.rules.counters.iter().position(|c| c.id == id).unwrap();
    s.core.glob[i]
}

fn pile(s: &State, zone: &str, seat: usize) -> Vec<u8> {
    let r = s.rules();
    let z = r.zones.iter().position(|z| z.id == zone).unwrap();
    s.core.pile(r.pile(z as u8, seat)).to_vec()
}

/// Each decision of a game where every seat takes its first legal move:
/// the seat, the option names with their cards, the move taken.
fn first_moves(s: &mut State) -> Vec<(usize, Vec<(String, u8)>)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while let Some(seat) = s.actor() {
        s.legal(&mut legal);
        let named = legal.iter().map(|m| (option_name(s, *m), m.card)).collect();
        out.push((seat, named));
        s.apply_move(legal[0]);
        s.check_invariants().unwrap();
    }
    out
}

fn option_name(s: &State, m: Move) -> String {
    let (ch, _) = s.core.waiting.unwrap();
    s.rules.program.choices[ch as usize].options[m.option as usize]
        .name
        .clone()
}

fn o(name: &str, card: u8) -> (String, u8) {
    (name.to_string(), card)
}

/// Cards, by the toy's numbering: plain 0-3, scout 4 (red) 5 (blue), spy
/// 6 7, bank 8 9. The deal: South draws 9, 8, 7, North 6, 5, 4.
#[test]
fn blocks_call_each_other_and_choose_inside_a_call() {
    let mut s = State::new(load(&toy_path()), 1, false);
    let decisions = first_moves(&mut s);
    let none = u8::MAX;
    let want = vec![
        // South plays the blue bank: worth[9] = 8, sealed[0] = 1.
        (0, vec![o("play", 9), o("play", 8), o("play", 7)]),
        // North plays the red spy; inside its block North steals the bank.
        (1, vec![o("play", 6), o("play", 5), o("play", 4)]),
        (1, vec![o("steal", 9), o("keep", none)]),
        (0, vec![o("play", 8), o("play", 7)]),
        // North's blue scout goes to North's won pile and runs the block
        // of the spy in the row: a choice two calls deep.
        (1, vec![o("play", 5), o("play", 4)]),
        (1, vec![o("steal", 8), o("keep", none)]),
        (0, vec![o("play", 7)]),
        (0, vec![o("steal", 6), o("keep", none)]),
        // The red scout runs the blue spy's block: South decides, and the
        // spy (alone in the row) can only keep.
        (1, vec![o("play", 4)]),
        (0, vec![o("keep", none)]),
    ];
    assert_eq!(decisions, want);
    assert!(s.is_over());
    assert_eq!(s.end_reason(), Some("game_end"));
    assert_eq!(pile(&s, "won", 0), vec![6]);
    assert_eq!(pile(&s, "won", 1), vec![9, 5, 8, 4]);
    // The sweep went through the row and the deck as they were when it
    // started, though each card left them inside the loop.
    assert_eq!(pile(&s, "out", 0), vec![7, 0, 1, 2, 3]);
    assert_eq!(counter(&s, "swept"), 5);
    // `let n = count(row) + count(deck); set n = n + 1;`
    assert_eq!(counter(&s, "left"), 6);
    // Both banks were South's: sealed[0] = 2, summed `for index`.
    assert_eq!(counter(&s, "total"), 2);
    assert_eq!(counter(&s, "lost"), 0);
    // South: the red spy (3) + red's best 3 + 10 for one colour.
    assert_eq!(s.points(0), 3 + 3 + 10);
    // North: banks 4 + worth 8 each, scouts 2 each; each colour's best 4;
    // 10 for each of the two colours.
    assert_eq!(s.points(1), 12 + 2 + 12 + 2 + (4 + 4) + 20);
    assert!(s.core.no_call());
}

fn new_game(seed: u64) -> play::Game<Described> {
    let choice = RulesChoice {
        game: "described".into(),
        source: Some(GameDir::Disk(toy_path())),
        dir: None,
        variant: None,
        addons: Vec::new(),
        sets: Vec::new(),
        lang: None,
        players: None,
        fingerprint: None,
    };
    play::Game::<Described>::new(choice, seed, Vec::new()).unwrap()
}

/// A game saved while a choice waits two calls deep (North's scout runs
/// the spy's block) loads from its file to the same state, and goes on
/// to the same end as the game that was not saved.
#[test]
fn a_game_saved_inside_a_call_replays_and_goes_on_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("calls.ron");
    let mut g = new_game(5);
    for _ in 0..5 {
        let m = g.legal()[0];
        g.play(m).unwrap();
    }
    assert_eq!(g.actor(), Some(1));
    assert!(!g.state.core.no_call(), "the choice waits in a call");
    g.save(&path).unwrap();
    let mut back =
        play::Game::<Described>::load_with(&path, Some(GameDir::Disk(toy_path()))).unwrap();
    assert_eq!(back.moves.len(), 5);
    assert_eq!(back.state.digest(), g.state.digest());
    while let Some(m) = g.legal().first().copied() {
        g.play(m).unwrap();
        back.play(m).unwrap();
        assert_eq!(back.state.digest(), g.state.digest());
    }
    assert!(back.is_over() && g.is_over());
    assert_eq!(back.state.points(1), g.state.points(1));
}

/// Random games end by the procedure, and every card is in one place
/// after every move.
#[test]
fn random_games_end_and_keep_every_card_in_one_place() {
    let rules = load(&toy_path());
    let mut buf = Vec::new();
    for seed in 0..200 {
        let mut s = State::new(rules.clone(), seed, false);
        let mut rng = ludus::engine::seed::agent_rng(seed);
        while !s.is_terminal() {
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply_legal(m);
            s.check_invariants().unwrap();
        }
        assert_eq!(s.end_reason(), Some("game_end"), "seed {seed}");
        assert!(s.core.no_call(), "seed {seed}");
        let won: usize = (0..2).map(|p| pile(&s, "won", p).len()).sum();
        assert_eq!(won + pile(&s, "out", 0).len(), 10, "seed {seed}");
    }
}

/// A copy of the toy in a temporary folder, with `from` replaced by `to`
/// in `file`.
fn edited(file: &str, from: &str, to: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "game.ron",
        "cards.ron",
        "zones.ron",
        "procedure.ron",
        "toggles.ron",
    ] {
        std::fs::copy(toy_path().join(f), dir.path().join(f)).unwrap();
    }
    std::fs::create_dir(dir.path().join("words")).unwrap();
    for l in ["en", "fr", "nl"] {
        let w = format!("words/{l}.ftl");
        std::fs::copy(toy_path().join(&w), dir.path().join(&w)).unwrap();
    }
    let p = dir.path().join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in {file}");
    std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
    dir
}

/// `ludus check` on a copy edited so: its output, and the place of
/// `needle` (the first line holding it after the edit) as file:line:col.
fn check(file: &str, from: &str, to: &str, needle: &str) -> (String, String) {
    let dir = edited(file, from, to);
    let (code, out, err) = ludus(&["check", dir.path().to_str().unwrap()]);
    let all = format!("{out}{err}");
    assert_ne!(code, 0, "{all}");
    let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
    let line = text.lines().position(|l| l.contains(needle)).unwrap();
    let col = text.lines().nth(line).unwrap().find(needle).unwrap() + 1;
    (all, format!("{file}:{}:{col}", line + 1))
}

#[test]
fn check_names_an_unknown_event_at_its_place() {
    let (all, at) = check(
        "procedure.ron",
        "run revealed of c;",
        "run reveald of c;",
        "reveald",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("unknown event `reveald`"), "{all}");
    assert!(all.contains("did you mean `revealed`"), "{all}");
    // In a kind's text, the place is in cards.ron.
    let (all, at) = check(
        "cards.ron",
        "on revealed {\n                set worth",
        "on revaeled {\n                set worth",
        "revaeled {",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("unknown event `revaeled`"), "{all}");
}

#[test]
fn check_names_a_run_of_an_event_no_kind_has() {
    let (all, at) = check(
        "procedure.ron",
        "run revealed of c;",
        "run scored of c;",
        "scored of",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(
        all.contains("no kind has a block `on scored` to run"),
        "{all}"
    );
}

#[test]
fn check_names_a_return_outside_a_block() {
    let (all, at) = check(
        "procedure.ron",
        "set mover = 0;",
        "set mover = 0;\n            return;",
        "return;",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("`return` outside a block"), "{all}");
}

#[test]
fn check_names_an_unknown_counter_per_card() {
    let (all, at) = check(
        "cards.ron",
        "set worth[this] = 2 * this.points;",
        "set wroth[this] = 2 * this.points;",
        "wroth",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("unknown counter `wroth`"), "{all}");
    assert!(all.contains("did you mean `worth`"), "{all}");
    let (all, at) = check(
        "procedure.ron",
        "c.points + worth[c]",
        "c.points + wroth[c]",
        "wroth",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("unknown counter `wroth`"), "{all}");
}

#[test]
fn a_counter_per_card_is_read_with_a_card() {
    let (all, at) = check(
        "procedure.ron",
        "c.points + worth[c]",
        "c.points + worth",
        "worth)",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(
        all.contains("`worth` is kept per card: write `worth[<card>]`"),
        "{all}"
    );
    let (all, _) = check(
        "procedure.ron",
        "(id: \"worth\", per: \"card\"",
        "(id: \"worth\", per: \"cards\"",
        "\"cards\"",
    );
    assert!(all.contains("unknown `per` \"cards\""), "{all}");
}

/// A block that runs itself has no end: the 17th call stops the game as
/// at a bound, naming the phase.
#[test]
fn calls_deeper_than_the_frame_stack_stop_the_game() {
    let dir = edited(
        "cards.ron",
        "set worth[this] = 2 * this.points;",
        "set worth[this] = 2 * this.points;\n                run revealed of this;",
    );
    let s = {
        let mut s = State::new(load(dir.path()), 1, false);
        let m = {
            let mut l = Vec::new();
            s.legal(&mut l);
            l[0]
        };
        s.apply_move(m);
        s
    };
    assert!(s.is_terminal());
    assert_eq!(s.end_reason(), Some("step_cap"));
    // The bank was worth 8 before the stack overflowed.
    assert_eq!(s.core.cells()[9], 8);
}

#[test]
fn check_names_a_goto_in_a_block_and_an_event_given_twice() {
    let (all, at) = check("cards.ron", "set lost = lost + 1;", "goto play;", "play;");
    assert!(all.contains(&at), "{at} in {all}");
    assert!(
        all.contains("a block leaves by `return`, not `goto`"),
        "{all}"
    );
    let (all, at) = check(
        "procedure.ron",
        "events: [\"revealed\", \"scored\"]",
        "events: [\"revealed\", \"revealed\"]",
        "\"revealed\"]",
    );
    assert!(all.contains(&at), "{at} in {all}");
    assert!(all.contains("event \"revealed\" is given twice"), "{all}");
}

/// A search's redraw while a choice waits inside a `for card` loop of a
/// call (North's scout runs the spy's block): the copy keeps every card
/// in one place and plays on to the end.
#[test]
fn a_redraw_inside_a_call_plays_on() {
    let mut s = State::new(load(&toy_path()), 1, false);
    let mut legal = Vec::new();
    for _ in 0..5 {
        s.legal(&mut legal);
        s.apply_move(legal[0]);
    }
    assert!(!s.core.no_call());
    for seat in 0..2 {
        let mut rng = ludus::engine::seed::agent_rng(seat as u64);
        let mut r = s.redrawn(seat, &mut rng);
        r.check_invariants().unwrap();
        while r.actor().is_some() {
            r.legal(&mut legal);
            r.apply_move(legal[0]);
            r.check_invariants().unwrap();
        }
        assert_eq!(r.end_reason(), Some("game_end"));
        assert!(r.core.no_call());
    }
}
