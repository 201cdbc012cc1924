//! The fifteen points on which the rulebooks differ (shared/RULES-NOTES.md,
//! "Differences"): for each, a position where the readings diverge, played
//! under each variant, checking that each does what its rulebook says.

use crate::common;

use std::sync::Arc;

use ludus::engine::{Actor, GameState};
use ludus::games::caesar_cleopatra::model::{Face, Kind, Rules};
use ludus::games::caesar_cleopatra::variant::{self, Selection};
use ludus::games::caesar_cleopatra::{Event, Move, Phase, Position, Reserve, State, Target};

const CONFIANCE: &str = "fr-confiance";
const SUFFRAGE: &str = "fr-suffrage";
const DUTCH: &str = "nl-vertrouwensvraag";
const CLEO: usize = 0;
const CAESAR: usize = 1;

fn rules_with(variant: &str, addons: &[&str], sets: &[&str]) -> Arc<Rules> {
    let sel = Selection {
        variant: Some(variant.into()),
        addons: addons.iter().map(|s| s.to_string()).collect(),
        sets: sets.iter().map(|s| s.to_string()).collect(),
        lang: None,
        players: None,
    };
    Arc::new(
        variant::load(&common::rules_dir(), &sel)
            .unwrap_or_else(|e| panic!("{e}"))
            .rules,
    )
}

fn rules(variant: &str) -> Arc<Rules> {
    rules_with(variant, &[], &[])
}

fn state(r: &Arc<Rules>, ron: &str) -> State {
    Position::from_ron(ron)
        .unwrap()
        .into_state(r.clone(), 5)
        .unwrap_or_else(|e| panic!("{e:?}"))
}

fn legal(s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal_moves(&mut v);
    v
}

fn play(s: &mut State, m: Move) {
    s.apply(m).unwrap_or_else(|e| panic!("{e}"));
}

fn kind(r: &Rules, id: &str) -> Kind {
    r.kind_by_id(id).unwrap()
}

fn value(r: &Rules, v: u8) -> Kind {
    r.influence_kinds
        .iter()
        .copied()
        .find(|k| r.kind(*k).value == v && !r.kind(*k).inverts_vote)
        .unwrap()
}

fn group(r: &Rules, id: &str) -> u8 {
    r.group_by_id(id).unwrap()
}

fn group_of(r: &Rules, id: &str) -> u8 {
    group(r, id)
}

fn place(r: &Rules, v: u8, g: &str, face: Face) -> Move {
    Move::Place {
        kind: value(r, v),
        group: group(r, g),
        face,
    }
}

/// Draws influence until the refill is over.
fn refill(s: &mut State) {
    while s.phase() == Phase::Refill {
        let m = if legal(s).contains(&Move::Draw(Reserve::Influence)) {
            Move::Draw(Reserve::Influence)
        } else {
            legal(s)[0]
        };
        play(s, m);
    }
}

/// Plays an action card; the opponent lets it pass.
fn play_card(s: &mut State, k: Kind) {
    play(s, Move::PlayAction(k));
    if s.current_actor() != Actor::Player(s.seat()) {
        play(s, Move::Decline);
    }
}

/// An ordinary active turn: a card face down at `g` (of value `v` if held),
/// refill, vote card.
fn simple_turn(s: &mut State, v: u8, g: &str) {
    let r = s.rules_arc().clone();
    let wanted = place(&r, v, g, Face::Down);
    let options = legal(s);
    let m = if options.contains(&wanted) {
        wanted
    } else {
        *options
            .iter()
            .find(|m| matches!(m, Move::Place { group, face: Face::Down, .. } if *group == group_of(&r, g)))
            .expect("a face-down placement")
    };
    play(s, m);
    refill(s);
    if s.phase() == Phase::BeforeVote {
        play(s, Move::DrawVote);
    }
}

fn vote_position(s: &State, events_before: usize) -> Vec<&Event> {
    s.events()[events_before..]
        .iter()
        .filter(|e| matches!(e, Event::Vote { .. }))
        .collect()
}

// 1. Placement: 000, 002 and 001's section 2 say one face down or two face
// up; 001's section A.1 says one or two face down (a toggle value).
#[test]
fn d01_placement_patterns() {
    let pos = r#"(to_move: "cleopatra", hands: {"cleopatra": ["1", "2", "3"]})"#;
    for v in [CONFIANCE, SUFFRAGE, DUTCH] {
        let r = rules(v);
        let mut s = state(&r, pos);
        assert!(
            legal(&s).contains(&place(&r, 1, "senators", Face::Up)),
            "{v}: two face up allowed"
        );
        play(&mut s, place(&r, 1, "senators", Face::Down));
        assert_eq!(
            s.phase(),
            Phase::Refill,
            "{v}: one face-down card ends the placement"
        );
    }
    let r = rules_with(
        SUFFRAGE,
        &[],
        &["turn.placements=[(cards: 1, face: Down), (cards: 2, face: Down)]"],
    );
    let mut s = state(&r, pos);
    assert!(
        !legal(&s).contains(&place(&r, 1, "senators", Face::Up)),
        "001 A.1: only face down"
    );
    play(&mut s, place(&r, 1, "senators", Face::Down));
    assert_eq!(
        s.phase(),
        Phase::Placing,
        "001 A.1: a second face-down card may follow"
    );
    assert!(legal(&s).contains(&Move::EndPlacement));
    play(&mut s, place(&r, 2, "senators", Face::Down));
    assert_eq!(s.group(0).count[CLEO], 2);
}

// 2. When the action card may be played: any moment (000, 002) or before
// refilling (001).
#[test]
fn d02_action_card_timing() {
    let pos = r#"(to_move: "cleopatra",
        groups: {"senators": (cards: {"caesar": ["[3]"]})},
        hands: {"cleopatra": ["5", "scout"]})"#;
    for (v, after_refill) in [(CONFIANCE, true), (SUFFRAGE, false), (DUTCH, true)] {
        let r = rules(v);
        let mut s = state(&r, pos);
        play(&mut s, place(&r, 5, "praetors", Face::Down));
        assert!(
            legal(&s).contains(&Move::PlayAction(kind(&r, "scout"))),
            "{v}: before refilling"
        );
        refill(&mut s);
        assert_eq!(s.phase(), Phase::BeforeVote);
        assert_eq!(
            legal(&s).contains(&Move::PlayAction(kind(&r, "scout"))),
            after_refill,
            "{v}: after refilling"
        );
    }
}

// 3. The extraordinary vote: after refilling (000) or before (001, 002).
#[test]
fn d03_extraordinary_vote_before_or_after_refill() {
    let pos = r#"(to_move: "cleopatra",
        groups: {"censors": (cards: {"cleopatra": ["5", "5", "4"], "caesar": ["1", "1", "2", "2"]})},
        hands: {"cleopatra": ["3", "1"]},
        vote_deck: ["orgy"])"#;
    for (v, before_refill) in [(CONFIANCE, false), (SUFFRAGE, true), (DUTCH, true)] {
        let r = rules(v);
        let mut s = state(&r, pos);
        let n = s.events().len();
        play(&mut s, place(&r, 3, "censors", Face::Down));
        assert_eq!(
            !vote_position(&s, n).is_empty(),
            before_refill,
            "{v}: vote at once?"
        );
        refill(&mut s);
        assert_eq!(
            vote_position(&s, n).len(),
            1,
            "{v}: exactly one vote by the end of the refill"
        );
        let vote_at = s
            .events()
            .iter()
            .position(|e| {
                matches!(
                    e,
                    Event::Vote {
                        extraordinary: true,
                        ..
                    }
                )
            })
            .unwrap();
        let first_draw = s
            .events()
            .iter()
            .position(|e| matches!(e, Event::Drew { .. }))
            .unwrap();
        assert_eq!(vote_at < first_draw, before_refill, "{v}");
        assert_eq!(s.zones(CLEO).won[group(&r, "censors") as usize], 1);
    }
}

// 4. The vote card of an exhausted group: out of the game when drawn (000,
// 002) or at once (001).
#[test]
fn d04_exhausted_group_vote_card() {
    let pos = r#"(to_move: "cleopatra",
        groups: {"aediles": (left: 1, cards: {"cleopatra": ["5"]})},
        won: {"caesar": {"aediles": 2}},
        hands: {"cleopatra": ["1", "2"]},
        vote_deck: ["vote_aediles", "orgy"])"#;
    for (v, at_once) in [(CONFIANCE, false), (SUFFRAGE, true), (DUTCH, false)] {
        let r = rules(v);
        let mut s = state(&r, pos);
        simple_turn(&mut s, 1, "senators");
        assert!(s.group(group(&r, "aediles") as usize).exhausted());
        let removed = s
            .vote_removed()
            .iter()
            .any(|&c| r.vote_cards[c as usize].id == "vote_aediles");
        assert_eq!(removed, at_once, "{v}");
        let discarded = s
            .vote_discard()
            .iter()
            .any(|&c| r.vote_cards[c as usize].id == "vote_aediles");
        assert_eq!(discarded, !at_once, "{v}");
    }
    // When drawn later, 000's card leaves the game and the next one is drawn.
    let r = rules(CONFIANCE);
    let mut s = state(
        &r,
        r#"(to_move: "cleopatra", groups: {"aediles": (left: 0)}, won: {"caesar": {"aediles": 3}},
            hands: {"cleopatra": ["1"]}, vote_deck: ["vote_aediles", "orgy"])"#,
    );
    simple_turn(&mut s, 1, "senators");
    assert!(
        s.events()
            .iter()
            .any(|e| matches!(e, Event::VoteCardRemoved { .. }))
    );
    let drawn: Vec<&str> = s
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::VoteCardDrawn { card } => Some(r.vote_cards[*card as usize].id.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, ["vote_aediles", "orgy"], "the orgy was drawn next");
}

// 5. The reshuffle orgy: draw and discard piles together (000, 002), or the
// discarded cards only, beneath the rest (001).
#[test]
fn d05_reshuffle_scope() {
    let pos = r#"(to_move: "cleopatra", hands: {"cleopatra": ["1"], "caesar": ["1", "2"]},
        vote_deck: ["orgy_reshuffle", "vote_senators", "vote_praetors"],
        vote_discard: ["orgy", "vote_censors"])"#;
    for (v, keeps_order) in [(CONFIANCE, false), (SUFFRAGE, true), (DUTCH, false)] {
        let r = rules_with(v, &[], &[]);
        let mut s = state(&r, pos);
        simple_turn(&mut s, 1, "quaestors");
        // (The vote cards the position does not name start in the discard pile.)
        assert_eq!(
            s.vote_pile_len(),
            8,
            "{v}: every vote card is back in the pile"
        );
        assert!(s.vote_discard().is_empty(), "{v}");
        if keeps_order {
            // The two undrawn cards are still on top, in order.
            let mut seen = Vec::new();
            let mut t = s.clone();
            for _ in 0..2 {
                let before = t.events().len();
                simple_turn(&mut t, 1, "quaestors");
                for e in &t.events()[before..] {
                    if let Event::VoteCardDrawn { card } = e {
                        seen.push(r.vote_cards[*card as usize].id.clone());
                    }
                }
            }
            assert_eq!(seen, ["vote_senators", "vote_praetors"], "{v}");
        }
    }
}

// 6. A Philosopher alone at a group: postponed (000, 002) or its placer wins
// (001).
#[test]
fn d06_lone_philosopher() {
    let pos = r#"(to_move: "caesar",
        groups: {"censors": (cards: {"cleopatra": ["[P]"]})},
        hands: {"caesar": ["1"]}, vote_deck: ["vote_censors"])"#;
    for (v, placer_wins) in [(CONFIANCE, false), (SUFFRAGE, true), (DUTCH, false)] {
        let r = rules(v);
        let mut s = state(&r, pos);
        simple_turn(&mut s, 1, "senators");
        let cen = group(&r, "censors") as usize;
        assert_eq!(s.zones(CLEO).won[cen], u8::from(placer_wins), "{v}");
        let p_left = s.group(cen).count[CLEO];
        assert_eq!(
            p_left,
            u8::from(!placer_wins),
            "{v}: the Philosopher stays face up, or is discarded"
        );
    }
}

const REACT: &str = r#"(to_move: "cleopatra",
    groups: {"censors": (cards: {"cleopatra": ["2"], "caesar": ["3", "[4]"]})},
    hands: {"cleopatra": ["5", "ACTION"], "caesar": ["1", "2", "veto"]})"#;

// 7. The Veto's replacement draw: required (000), none (001), allowed (002).
#[test]
fn d07_veto_replacement_draw() {
    for (v, draw, optional) in [
        (CONFIANCE, true, false),
        (SUFFRAGE, false, false),
        (DUTCH, true, true),
    ] {
        let r = rules(v);
        let mut s = state(&r, &REACT.replace("ACTION", "wrath"));
        play(&mut s, Move::PlayAction(kind(&r, "wrath")));
        play(&mut s, Move::PlayAction(kind(&r, "veto")));
        if draw {
            assert_eq!(s.current_actor(), Actor::Player(CAESAR), "{v}");
            assert_eq!(legal(&s).contains(&Move::Decline), optional, "{v}");
        } else {
            assert_eq!(
                s.current_actor(),
                Actor::Player(CLEO),
                "{v}: no draw, back to Cleopatra"
            );
            assert_eq!(s.zones(CAESAR).hand_len, 2);
        }
    }
}

// 8. Wrath of the Gods: discarded (000, 002) or out of the game (001).
#[test]
fn d08_wrath_discard_or_remove() {
    for (v, removed) in [(CONFIANCE, false), (SUFFRAGE, true), (DUTCH, false)] {
        let r = rules(v);
        let mut s = state(
            &r,
            &REACT
                .replace("ACTION", "wrath")
                .replace(r#""veto""#, r#""3""#),
        );
        let three = value(&r, 3).ix();
        let (d0, r0) = (
            s.zones(CAESAR).discard[three],
            s.zones(CAESAR).removed[three],
        );
        play_card(&mut s, kind(&r, "wrath"));
        play(&mut s, Move::Choose(Target::Group(group(&r, "censors"))));
        assert_eq!(s.group(group(&r, "censors") as usize).total(), 0);
        assert_eq!(
            s.zones(CAESAR).removed[three] - r0,
            u8::from(removed),
            "{v}"
        );
        assert_eq!(
            s.zones(CAESAR).discard[three] - d0,
            u8::from(!removed),
            "{v}"
        );
    }
}

// 9. The Spy's victim draws at once (000, 001) or may (002).
#[test]
fn d09_spy_victim_draw() {
    for (v, optional) in [(CONFIANCE, false), (SUFFRAGE, false), (DUTCH, true)] {
        let r = rules(v);
        let mut s = state(
            &r,
            &REACT
                .replace("ACTION", "spy")
                .replace(r#""veto""#, r#""3""#),
        );
        play_card(&mut s, kind(&r, "spy"));
        play(
            &mut s,
            Move::Choose(Target::HandCard {
                owner: CAESAR as u8,
                kind: value(&r, 3),
            }),
        );
        assert_eq!(s.current_actor(), Actor::Player(CAESAR), "{v}");
        assert_eq!(legal(&s).contains(&Move::Decline), optional, "{v}");
    }
}

// 10. One player has influence left, the other none: from the position's
// first move, the one with influence plays alone.
#[test]
fn d10_lone_player() {
    let pos = r#"(to_move: "cleopatra",
        hands: {"cleopatra": ["1", "2", "3", "4", "5"], "caesar": ["spy"]},
        reserves: {"cleopatra": (influence: ["1", "1"]), "caesar": ()},
        vote_deck: ["orgy", "orgy", "orgy_reshuffle"])"#;
    for v in [CONFIANCE, SUFFRAGE, DUTCH] {
        let r = rules(v);
        let mut s = state(&r, pos);
        assert_eq!(
            s.lone_player(),
            Some(CLEO),
            "{v}: Caesar has no influence left"
        );
        assert_eq!(
            s.current_actor(),
            Actor::Player(CLEO),
            "{v}: Cleopatra plays on alone"
        );
        match v {
            CONFIANCE => {
                // 000: no more drawing, vote cards go on, ends when her hand is played.
                play(&mut s, place(&r, 2, "senators", Face::Down));
                assert_eq!(s.phase(), Phase::BeforeVote, "000: no refill");
                assert_eq!(
                    s.zones(CLEO).hand_len,
                    4,
                    "five cards, one placed, none drawn"
                );
            }
            SUFFRAGE => {
                // 001: she places all her influence at once; then the game ends.
                assert_eq!(s.phase(), Phase::LonePlaceAll);
                while s.phase() == Phase::LonePlaceAll {
                    let m = legal(&s)[0];
                    play(&mut s, m);
                }
                assert_eq!(s.phase(), Phase::GameOver);
                assert_eq!(s.hand_influence_of(CLEO), 0);
                assert!(
                    !s.events()
                        .iter()
                        .rev()
                        .take(6)
                        .any(|e| matches!(e, Event::VoteCardDrawn { .. }))
                );
            }
            _ => {
                // 002: she plays on and refills, but turns no vote card.
                play(&mut s, place(&r, 2, "senators", Face::Down));
                assert_eq!(s.phase(), Phase::Refill, "002: refilling goes on");
                refill(&mut s);
                assert_eq!(
                    s.current_actor(),
                    Actor::Player(CLEO),
                    "002: no vote card, next lone turn"
                );
                assert_eq!(s.phase(), Phase::TurnStart);
            }
        }
    }
}

const SCORING: &str = r#"(to_move: "cleopatra",
    won: {"cleopatra": {"quaestors": 5, "censors": 1}, "caesar": {"senators": 3, "aediles": 3, "praetors": 1}},
    missions: {"cleopatra": ["mission_quaestors"], "caesar": ["mission_praetors"]})"#;

// 11. The mission bonus: 000's table says +1, its example +2 (both readings
// are values of scoring.mission_bonus); 001 and 002 say +2.
#[test]
fn d11_mission_bonus_and_the_quaestors_example() {
    for (v, sets, bonus) in [
        (CONFIANCE, vec![], 2),
        (CONFIANCE, vec!["scoring.mission_bonus=1"], 1),
        (SUFFRAGE, vec![], 2),
        (DUTCH, vec![], 2),
    ] {
        let r = rules_with(v, &[], &sets);
        let s = state(&r, SCORING);
        // "5 cartes 5 points, +1, +1, +2: TOTAL 9 points" for the Quaestors,
        // plus 1 for a Censor.
        assert_eq!(s.score()[CLEO], 5 + 1 + 1 + bonus + 1, "{v} {sets:?}");
    }
}

// 12. A tie on points: more patricians wins (000, 002); not stated in 001,
// so a draw.
#[test]
fn d12_tie_on_points() {
    // Cleopatra 3 Senators (3 + 1 majority) = 4; Caesar 2 Censors (2 + 1) + 1 Aedile = 4.
    let pos = r#"(won: {"cleopatra": {"senators": 3}, "caesar": {"censors": 2, "aediles": 1}},
        missions: {"cleopatra": ["mission_praetors"], "caesar": ["mission_quaestors"]})"#;
    for (v, winner) in [(CONFIANCE, None), (SUFFRAGE, None), (DUTCH, None)] {
        let r = rules(v);
        let s = state(&r, pos);
        assert_eq!(s.score(), [4, 4]);
        assert_eq!(s.leader(), winner, "{v}: 3 patricians each");
    }
    let pos = r#"(won: {"cleopatra": {"senators": 3}, "caesar": {"censors": 2, "aediles": 1, "quaestors": 1}},
        missions: {"cleopatra": ["mission_praetors"], "caesar": ["mission_praetors"]})"#;
    // Now 4 + 0 bonus... Cleopatra 4, Caesar 2+1+1+1 = 5: adjust so points tie with unequal patricians.
    let pos = pos
        .replace(r#""quaestors": 1"#, r#""quaestors": 0"#)
        .replace(r#""senators": 3}"#, r#""senators": 3, "praetors": 0}"#);
    let _ = pos;
    let tie = r#"(won: {"cleopatra": {"senators": 2, "censors": 2}, "caesar": {"aediles": 2, "quaestors": 1, "praetors": 1}},
        missions: {"cleopatra": ["mission_praetors"], "caesar": ["mission_praetors"]})"#;
    // Cleopatra: 2 + (2 + 1) = 5 points, 4 patricians; Caesar: (2 + 1) + 1 + 1 = 5 points, 4 patricians.
    let unequal = r#"(won: {"cleopatra": {"censors": 3}, "caesar": {"senators": 2, "quaestors": 2, "praetors": 1}},
        missions: {"cleopatra": ["mission_senators"], "caesar": ["mission_senators"]})"#;
    // Cleopatra: 3 + 1 + 1 = 5 points, 3 patricians; Caesar: 5 points, 5 patricians.
    for (v, expect) in [
        (CONFIANCE, Some(CAESAR)),
        (SUFFRAGE, None),
        (DUTCH, Some(CAESAR)),
    ] {
        let r = rules(v);
        let s = state(&r, tie);
        assert_eq!(s.score(), [5, 5]);
        assert_eq!(s.leader(), None, "{v}: equal points and patricians");
        let s = state(&r, unequal);
        assert_eq!(s.score(), [5, 5], "{v}");
        assert_eq!(s.leader(), expect, "{v}: tie-break by patricians");
    }
}

// 13. Orgy variant (a): which orgy leaves, and when.
#[test]
fn d13_orgy_removal_timing() {
    // The Aediles' last patrician is won at the first vote (the second
    // group gone); then a Senators vote; then an orgy.
    let pos = r#"(to_move: "cleopatra",
        groups: {"aediles": (left: 1, cards: {"cleopatra": ["5"]}), "censors": (left: 0)},
        won: {"caesar": {"aediles": 2, "censors": 3}},
        hands: {"cleopatra": ["1", "1", "2"], "caesar": ["1", "2", "3"]},
        vote_deck: ["vote_aediles", "vote_senators", "orgy", "orgy", "orgy_reshuffle", "vote_praetors"])"#;
    for (v, after_first, after_third) in [
        (CONFIANCE, 0, 1), // the first orgy drawn after two groups
        (SUFFRAGE, 1, 1),  // at once when the second group is exhausted
        (DUTCH, 0, 0),     // only if the very next vote card is an orgy
    ] {
        let r = rules_with(v, &["orgy-a"], &[]);
        let mut s = state(&r, pos);
        simple_turn(&mut s, 1, "senators");
        let orgies_out = |s: &State| {
            s.events()
                .iter()
                .filter(|e| matches!(e, Event::OrgyRemoved { .. }))
                .count()
        };
        assert_eq!(orgies_out(&s), after_first, "{v}: after the Aediles vote");
        simple_turn(&mut s, 1, "praetors");
        simple_turn(&mut s, 1, "senators");
        assert_eq!(
            orgies_out(&s),
            after_third,
            "{v}: after the first orgy is drawn"
        );
        s.check_invariants().unwrap();
    }
    // Without the add-on, no orgy ever leaves.
    let r = rules(CONFIANCE);
    let mut s = state(&r, pos);
    for g in ["senators", "praetors", "senators"] {
        simple_turn(&mut s, 1, g);
    }
    assert!(
        !s.events()
            .iter()
            .any(|e| matches!(e, Event::OrgyRemoved { .. }))
    );
}

// 14. The Rochade: between the same two groups in all three; "comme vous le
// souhaitez" (001) read otherwise is written in the effect text.
#[test]
fn d14_rochade_destination() {
    let pos = r#"(to_move: "cleopatra",
        groups: {"senators": (cards: {"cleopatra": ["1"]}), "praetors": (cards: {"cleopatra": ["2"]})},
        hands: {"cleopatra": ["5", "rochade"]})"#;
    let anywhere = r#"card.rochade.effect="choose group a; choose group b where b != a; take table(owner: me, group: a | b); place taken down at senators | praetors | quaestors | censors | aediles;""#;
    for (r, options) in [
        (rules(CONFIANCE), 2),
        (rules(SUFFRAGE), 2),
        (rules(DUTCH), 2),
        (rules_with(SUFFRAGE, &[], &[anywhere]), 5),
    ] {
        let mut s = state(&r, pos);
        play_card(&mut s, kind(&r, "rochade"));
        play(&mut s, Move::Choose(Target::Group(group(&r, "senators"))));
        play(&mut s, Move::Choose(Target::Group(group(&r, "praetors"))));
        assert_eq!(legal(&s).len(), options);
    }
}

// 15. A tie at an extraordinary vote: only action cards can break it (000,
// 002), or influence may be added again below 8 cards (001).
#[test]
fn d15_extraordinary_tie() {
    let pos = r#"(to_move: "cleopatra",
        groups: {"censors": (cards: {"cleopatra": ["1", "2", "3"], "caesar": ["1", "2", "3", "4"]})},
        hands: {"cleopatra": ["4", "1"], "caesar": ["5", "assassination"]},
        vote_deck: ["orgy", "orgy"])"#;
    for (v, frozen) in [(CONFIANCE, true), (SUFFRAGE, false), (DUTCH, true)] {
        let r = rules(v);
        let mut s = state(&r, pos);
        // Cleopatra's 4 makes 8 cards, 10 against 10: a tie.
        simple_turn(&mut s, 4, "censors");
        assert!(s.events().iter().any(|e| matches!(
            e,
            Event::Vote {
                extraordinary: true,
                ..
            }
        )));
        // Caesar assassinates her 4: 7 cards at the Censors.
        play_card(&mut s, kind(&r, "assassination"));
        play(
            &mut s,
            Move::Choose(Target::TableCard {
                owner: CLEO as u8,
                group: group(&r, "censors"),
                kind: value(&r, 4),
                face: Face::Up,
            }),
        );
        assert_eq!(s.group(group(&r, "censors") as usize).total(), 7);
        let can_add = legal(&s).contains(&place(&r, 5, "censors", Face::Down));
        assert_eq!(can_add, !frozen, "{v}");
    }
}

// Not a difference but a silence of all three: may a player who can place
// nothing play an action card? With every open group frozen by a tie, only
// an action card can move the game on (000: "une égalité ne peut se résoudre
// que grâce à l'emploi d'une carte \"Action\""); `turn.action_without_placement`.
#[test]
fn action_card_when_nothing_can_be_placed() {
    let frozen = |g: &str, cleo: &str, caesar: &str| {
        format!(r#""{g}": (frozen: true, cards: {{"cleopatra": [{cleo}], "caesar": [{caesar}]}})"#)
    };
    let pos = format!(
        r#"(to_move: "cleopatra",
        groups: {{{}, {}, {}, {}, {}}},
        hands: {{"cleopatra": ["4", "wrath"], "caesar": ["5"]}},
        vote_deck: ["orgy", "vote_censors"])"#,
        frozen("senators", r#""1""#, r#""1""#),
        frozen("praetors", r#""2""#, r#""2""#),
        frozen("quaestors", r#""3""#, r#""3""#),
        frozen("censors", r#""1", "2", "3", "4""#, r#""1", "2", "3", "4""#),
        frozen("aediles", r#""5""#, r#""5""#),
    );
    let wrath = |r: &Rules| Move::PlayAction(kind(r, "wrath"));
    // Off: every group is frozen, so passing is all that is left.
    let r = rules_with(CONFIANCE, &[], &["turn.action_without_placement=false"]);
    assert_eq!(legal(&state(&r, &pos)), vec![Move::Pass]);
    // On (the default): the Wrath clears the Censors, and the turn is active
    // without a placement: refill, then the vote card.
    let r = rules(CONFIANCE);
    assert!(r.turn.action_without_placement);
    let mut s = state(&r, &pos);
    assert_eq!(legal(&s), vec![Move::Pass, wrath(&r)]);
    play_card(&mut s, kind(&r, "wrath"));
    play(&mut s, Move::Choose(Target::Group(group(&r, "censors"))));
    assert_eq!(s.group(group(&r, "censors") as usize).total(), 0);
    refill(&mut s);
    assert_eq!(s.phase(), Phase::BeforeVote);
    assert_eq!(legal(&s), vec![Move::DrawVote]);
}

#[test]
fn addons_change_the_setup() {
    let r = rules_with(CONFIANCE, &["orgy-b"], &[]);
    let s = State::new(r.clone(), 1);
    assert_eq!(s.vote_pile_len(), 7);
    assert_eq!(s.vote_removed().len(), 1);
    assert_eq!(r.vote_cards[s.vote_removed()[0] as usize].id, "orgy");
    let r = rules_with(CONFIANCE, &["beginner"], &[]);
    let s = State::new(r, 1);
    assert_eq!(
        s.phase(),
        Phase::SetupPlace,
        "no ordering of the action reserve"
    );
    let s = State::new(rules(CONFIANCE), 1);
    assert_eq!(s.phase(), Phase::ArrangeActions);
}
