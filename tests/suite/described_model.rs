//! The description model of issue 40 (sections A, B, C) on a toy
//! (`tests/described_toys/columns/`): cards numbered deck by deck, copy by
//! copy, kind by kind, a value in halves; indexed zones (a column's owner
//! sees its face-down card, an index out of range names nothing), a draw
//! pile refilled from the discard pile as `seed::shuffle` would, `put ...
//! after`, `before`, `after`, `index`, `zone_count`; moves of two parts
//! listed card-major with their target in words; `check` naming an
//! unknown indexed zone and a count that is not a number at their place.

use std::path::Path;
use std::sync::Arc;

use crate::common::ludus;
use ludus::described::{Described, Event, Move, Rules, State};
use ludus::engine::seed;
use ludus::engine::{Game, Selection};
use ludus::load::GameDir;

const TOY: &str = "tests/described_toys/columns";

fn rules(players: usize) -> Arc<Rules> {
    let dir = GameDir::Disk(Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY));
    let sel = Selection {
        players: Some(players),
        ..Selection::default()
    };
    Described::load(&dir, &sel).unwrap().rules
}

fn kind(r: &Rules, c: usize) -> &str {
    &r.kinds[r.cards[c].0 as usize].0
}

fn counter(s: &State, id: &str) -> i32 {
    let i = s.rules.counters.iter().position(|c| c.id == id).unwrap();
    s.core.glob[i]
}

fn pile(s: &State, zone: &str, i: usize) -> Vec<u8> {
    let z = s.rules.zones.iter().position(|x| x.id == zone).unwrap();
    s.core.pile(s.rules.pile(z as u8, i)).to_vec()
}

fn legal(s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal(&mut v);
    v
}

fn words(s: &State, m: Move) -> String {
    use ludus::engine::GameState;
    s.move_to_string(m)
}

/// The legal move of option `name` with this card and target.
fn pick(s: &State, name: &str, card: u8, target: u8) -> Move {
    let ch = s.core.waiting.unwrap().0 as usize;
    let options = &s.rules.program.choices[ch].options;
    let o = options.iter().position(|o| o.name == name).unwrap() as u8;
    let m = Move {
        option: o,
        card,
        target,
    };
    assert!(legal(s).contains(&m), "{name} {card} {target}");
    m
}

const NONE: u8 = ludus::described::state::NONE;

#[test]
fn cards_are_numbered_deck_by_deck_copy_by_copy_kind_by_kind() {
    let r = rules(2);
    // Two seats: two copies of the influence deck (red, blue), then the
    // goals.
    let kinds: Vec<&str> = (0..r.cards.len()).map(|c| kind(&r, c)).collect();
    assert_eq!(
        kinds,
        [
            "low", "mid", "high", "low", "mid", "high", "goal_a", "goal_b", "goal_c"
        ]
    );
    let colour: Vec<i32> = r.cards.iter().map(|c| c.1[0]).collect();
    // A kind that sets no named value has none (-1).
    assert_eq!(colour, [0, 0, 0, 1, 1, 1, 2, -1, -1]);
    // Values in half points: 1.5 is 3, 9.5 is 19.
    let value: Vec<i32> = r.cards.iter().map(|c| c.1[1]).collect();
    assert_eq!(value, [3, 4, 6, 3, 4, 6, 19, 2, 4]);
    assert_eq!(r.number_text(1, 19), "9.5");
    assert_eq!(r.number_text(1, 4), "2");
    // The implicit attribute `deck`, last.
    let deck = r.attrs.iter().position(|a| a.0 == "deck").unwrap();
    let decks: Vec<i32> = r.cards.iter().map(|c| c.1[deck]).collect();
    assert_eq!(decks, [0, 0, 0, 0, 0, 0, 1, 1, 1]);
    assert_eq!(r.decks[1].0, "goals");
    assert_eq!(r.decks[1].1, 6..9);
    // Shown halved: the card's name.
    let name = ludus::described::view::card_name(&r, ludus::play::i18n::Lang::En, 6);
    assert_eq!(name, "Goal A green (9.5)");
    // `each_seat`: three seats, three copies.
    let r3 = rules(3);
    assert_eq!(r3.cards.len(), 12);
    assert_eq!(r3.cards[8].1[0], 2, "seat 2's high card is green");
}

#[test]
fn the_setup_puts_after_a_card_and_reads_before_after_index() {
    let r = rules(2);
    let s = State::new(r, 1, false);
    // put ga, put gc, put gb after ga: head(0) is ga, gb, gc.
    assert_eq!(pile(&s, "head", 0), [6, 7, 8]);
    assert_eq!(counter(&s, "before_c"), 7);
    assert_eq!(counter(&s, "after_a"), 7);
    assert_eq!(counter(&s, "index_c"), 0);
    assert_eq!(counter(&s, "columns"), 2);
    // column(7) and column(-1) name no cards; a put to column(7) puts
    // nothing (gc stays in head(0)).
    assert_eq!(counter(&s, "far"), 0);
    // Each seat's reserve in number order, then two drawn from its top.
    assert_eq!(pile(&s, "reserve", 0), [0]);
    assert_eq!(pile(&s, "hand", 0), [2, 1]);
    assert_eq!(pile(&s, "hand", 1), [5, 4]);
    s.check_invariants().unwrap();
}

#[test]
fn two_part_moves_are_listed_card_major_with_their_target_in_words() {
    let s = State::new(rules(2), 1, false);
    let moves: Vec<(String, u8, u8)> = legal(&s)
        .iter()
        .map(|m| {
            let o = &s.rules.program.choices[0].options[m.option as usize];
            (o.name.clone(), m.card, m.target)
        })
        .collect();
    let want: Vec<(String, u8, u8)> = [
        ("lay", 2, 0),
        ("lay", 2, 1),
        ("lay", 1, 0),
        ("lay", 1, 1),
        ("toss", 2, NONE),
        ("toss", 1, NONE),
        // An index alone: the heads that are empty.
        ("wait", NONE, 1),
    ]
    .iter()
    .map(|&(n, c, t)| (n.to_string(), c, t))
    .collect();
    assert_eq!(moves, want);
    let m = pick(&s, "lay", 1, 1);
    assert_eq!(words(&s, m), "South lays Mid red (2) on column 2");
    assert_eq!(
        words(&s, pick(&s, "wait", NONE, 1)),
        "South waits at head 2"
    );
}

#[test]
fn a_column_card_face_down_is_seen_by_its_owner_only() {
    let mut s = State::new(rules(2), 1, false);
    let m = pick(&s, "lay", 2, 0);
    s.apply_move(m);
    assert_eq!(pile(&s, "column", 0), [2]);
    assert!(!s.core.up.get(2));
    assert!(s.visible(2, 0), "its owner sees it");
    assert!(!s.visible(2, 1), "the other seat does not");
    s.check_invariants().unwrap();
}

#[test]
fn an_empty_reserve_is_refilled_from_the_discard_pile_as_seed_shuffle_would() {
    let mut s = State::new(rules(2), 3, true);
    s.apply_move(pick(&s, "toss", 2, NONE));
    s.apply_move(pick(&s, "toss", 5, NONE));
    assert_eq!(pile(&s, "reserve", 0), Vec::<u8>::new());
    assert_eq!(pile(&s, "discard", 0), [2]);
    // South tosses 1: its discard pile is 2, 1, then it draws from an
    // empty reserve: the discard pile moves over in its order, shuffled.
    let before = s.clone();
    let mut want = vec![2u8, 1];
    let mut rng = before.core.rng.clone();
    seed::shuffle(&mut want, &mut rng);
    let events = s.events().len();
    s.apply_move(pick(&s, "toss", 1, NONE));
    let hand = pile(&s, "hand", 0);
    assert_eq!(hand.last(), Some(&want[1]), "the top is drawn");
    assert_eq!(pile(&s, "reserve", 0), [want[0]]);
    assert_eq!(pile(&s, "discard", 0), Vec::<u8>::new());
    let reserve = s.rules.pile(1, 0) as u8;
    assert!(
        s.events()[events..].contains(&Event::Shuffled(reserve)),
        "{:?}",
        &s.events()[events..]
    );
    // The same RNG afterwards as one shuffle of two cards.
    let mut t = before.clone();
    t.apply_move(pick(&before, "toss", 1, NONE));
    assert_eq!(t.digest(), s.digest());
    s.check_invariants().unwrap();
}

#[test]
fn whole_random_games_of_the_toy_end_with_every_card_in_one_place() {
    use ludus::engine::GameState;
    for seed in 0..20 {
        for players in [2, 3] {
            let mut s = State::new(rules(players), seed, false);
            let mut rng = seed::agent_rng(seed);
            let mut buf = Vec::new();
            while !s.is_terminal() {
                let (m, _) = s.random_legal(&mut rng, &mut buf);
                s.apply_legal(m);
                s.check_invariants().unwrap();
            }
            assert_eq!(s.core.end, Some(ludus::described::End::Game));
        }
    }
}

/// A copy of the toy in a temporary folder, `from` changed to `to` in `file`.
fn edited(file: &str, from: &str, to: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY);
    for sub in ["", "words"] {
        std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        for e in std::fs::read_dir(src.join(sub)).unwrap().flatten() {
            if e.path().is_file() {
                std::fs::copy(e.path(), dir.path().join(sub).join(e.file_name())).unwrap();
            }
        }
    }
    let p = dir.path().join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in {file}");
    let text = text.replacen(from, to, 1);
    std::fs::write(&p, &text).unwrap();
    (dir, text)
}

/// `check` on a folder: fails, naming `what` at `file:line:column` of `at`.
fn fails_at(dir: &Path, file: &str, text: &str, at: &str, what: &str) {
    let (code, out, err) = ludus(&["check", dir.to_str().unwrap()]);
    let all = format!("{out}{err}");
    assert_ne!(code, 0, "{all}");
    let line = text.lines().position(|l| l.contains(at)).unwrap() + 1;
    let col = text.lines().nth(line - 1).unwrap().find(at).unwrap() + 1;
    assert!(all.contains(&format!("{file}:{line}:{col}")), "{all}");
    assert!(all.contains(what), "{all}");
}

#[test]
fn check_names_an_unknown_indexed_zone_at_its_place() {
    let (dir, text) = edited(
        "procedure.ron",
        "where count(column(k)) < 2",
        "where count(colum(k)) < 2",
    );
    fails_at(
        dir.path(),
        "procedure.ron",
        &text,
        "colum(k)",
        "unknown indexed zone `colum`",
    );
}

#[test]
fn check_names_a_count_that_is_not_a_number_at_its_place() {
    let (dir, text) = edited("zones.ron", "count: \"heads\"", "count: \"hedas\"");
    fails_at(
        dir.path(),
        "zones.ron",
        &text,
        "\"hedas\"",
        "a zone's count is \"players\" or a number of procedure.ron",
    );
}

/// A game of Römer saved by the build before 250 cards (commit 0a300b91,
/// `ludus play --game roemer --players 2 --ai random --watch --seed 2`)
/// still loads: every move's text and the final position's fingerprint
/// match.
#[test]
fn a_roemer_save_from_before_250_cards_still_loads_and_replays() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/roemer-before-250-cards.ron");
    let game =
        ludus::play::record::Game::<Described>::load_with(&path, Some(GameDir::BuiltIn("roemer")))
            .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(game.is_over());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(&format!("fingerprint: \"{}\"", game.fingerprint())),
        "{}",
        game.fingerprint()
    );
}

/// A scenario of the toy names piles of indexed zones (`column(1)`) in its
/// position and its expectations, and types a move of two parts.
#[test]
fn a_scenario_names_indexed_zones_and_types_a_two_part_move() {
    let dir = GameDir::Disk(Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY));
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/described_toys/scenarios/lay_on_a_column.ron");
    let out = <Described as ludus::design::Designer>::run_scenario(&file, dir, false)
        .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(out.contains("column 1"), "{out}");
    assert!(!out.contains("FAIL"), "{out}");
}
