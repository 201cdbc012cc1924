//! The language pieces de Cape needed (issue 40) on a toy
//! (`tests/described_toys/ties/`): a hand that gives a leaving card's place
//! to its top card, `<card> in <cards>`, a colour compared with a seat, a
//! tie of scores broken by a counter, a kind's attribute set by an
//! overlay, an agent's redraw by the cards' backs that keeps a zone, and an
//! evaluation in half points halved.

use std::path::Path;
use std::sync::Arc;

use ludus::agents::Agents;
use ludus::described::{Described, Move, Rules, State};
use ludus::engine::seed;
use ludus::engine::{Game, Selection};
use ludus::load::GameDir;

const TOY: &str = "tests/described_toys/ties";

fn dir() -> GameDir {
    GameDir::Disk(Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY))
}

fn rules(addons: &[&str]) -> Arc<Rules> {
    let sel = Selection {
        addons: addons.iter().map(|a| a.to_string()).collect(),
        ..Selection::default()
    };
    Described::load(&dir(), &sel).unwrap().rules
}

fn pile(s: &State, zone: &str, seat: usize) -> Vec<u8> {
    let z = s.rules.zones.iter().position(|x| x.id == zone).unwrap();
    s.core.pile(s.rules.pile(z as u8, seat)).to_vec()
}

fn glob(s: &State, id: &str) -> i32 {
    s.core.glob[s.rules.counters.iter().position(|c| c.id == id).unwrap()]
}

/// Plays card `c` (the one option of the toy).
fn play(s: &mut State, c: u8) {
    let m = Move {
        option: 0,
        card: c,
        target: ludus::described::NONE,
    };
    let mut legal = Vec::new();
    s.legal(&mut legal);
    assert!(legal.contains(&m), "card {c} is not playable: {legal:?}");
    s.apply_move(m);
}

#[test]
fn each_seat_holds_its_colour_and_a_played_card_leaves_its_place_to_the_last() {
    let mut s = State::new(rules(&[]), 1, false);
    // Cards 0-3 are red's (colour 0 = seat 0), 4-7 blue's; each seat's
    // Four went to its stock.
    assert_eq!(pile(&s, "hand", 0), [0, 1, 2]);
    assert_eq!(pile(&s, "hand", 1), [4, 5, 6]);
    assert_eq!(pile(&s, "stock", 1), [7]);
    play(&mut s, 0);
    // `takes_out: "last_into_place"`: the Three takes the One's place.
    assert_eq!(pile(&s, "hand", 0), [2, 1]);
    // `[c in hand(seat: p)]` held while the card was still there.
    assert_eq!(glob(&s, "mine"), 1);
    assert_eq!(glob(&s, "last"), 0);
}

#[test]
fn a_tie_of_scores_goes_to_the_greater_tie_break_alone() {
    let r = rules(&[]);
    // Red: One then Three (4 points, a One on the first turn: rank 1);
    // Blue: Three then One (4 points, rank 0).
    let mut s = State::new(r.clone(), 1, false);
    for c in [0, 6, 2, 4] {
        play(&mut s, c);
    }
    assert!(s.is_over());
    assert_eq!((s.points(0), s.points(1)), (4, 4));
    assert_eq!(s.leaders(), [0]);
    // Both play One first: the tie-break ties too, both share.
    let mut s = State::new(r, 1, false);
    for c in [0, 4, 2, 6] {
        play(&mut s, c);
    }
    assert_eq!(s.leaders(), [0, 1]);
}

#[test]
fn a_derived_test_reads_as_a_flag_and_as_a_number() {
    let mut s = State::new(rules(&[]), 1, false);
    // Red's Three against blue's One: red leads after the first turn.
    play(&mut s, 2);
    play(&mut s, 4);
    assert_eq!(
        glob(&s, "ahead"),
        2,
        "`if red_ahead` held and `[red_ahead]` read 1"
    );
    play(&mut s, 0);
    play(&mut s, 6);
    assert_eq!(glob(&s, "ahead"), 0, "4 against 4: red no longer leads");
}

#[test]
fn an_overlay_sets_a_kind_s_attribute() {
    let (base, five) = (rules(&[]), rules(&["one-is-five"]));
    let value = base.attrs.iter().position(|a| a.0 == "value").unwrap();
    assert_eq!(base.cards[0].1[value], 1);
    assert_eq!(five.cards[0].1[value], 5);
    assert_eq!(five.cards[4].1[value], 5, "every copy of the kind");
    assert!(
        five.settings
            .iter()
            .any(|(k, v)| k == "card.one.value" && v == "5")
    );
}

#[test]
fn a_redraw_keeps_each_card_among_its_back_s_places_and_a_kept_zone_in_place() {
    let s = State::new(rules(&[]), 1, false);
    for n in 0..20 {
        let mut rng = seed::agent_rng(n);
        let t = Described::determinize(&s, 0, &mut rng);
        let mut blue = pile(&t, "hand", 1);
        blue.sort_unstable();
        assert_eq!(blue, [4, 5, 6], "blue's hand holds blue cards (their back)");
        assert_eq!(pile(&t, "stock", 1), [7], "`redraw: false` keeps the stock");
        assert_eq!(pile(&t, "stock", 0), [3]);
        assert_eq!(pile(&t, "hand", 0), [0, 1, 2], "red sees its own hand");
    }
}

#[test]
fn an_evaluation_in_half_points_is_halved() {
    let w = Described::weights_in(&dir()).unwrap();
    let mut s = State::new(rules(&[]), 1, false);
    play(&mut s, 2);
    // Red 3 points, blue 0: "2 * score[me] - 2 * score[next(me)]" / 2.
    assert_eq!(Described::evaluate(&w, &s, 0), 3.0);
    assert_eq!(Described::evaluate(&w, &s, 1), -3.0);
}
