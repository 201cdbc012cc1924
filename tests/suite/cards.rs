//! Each action card played in a set-up position, and the Veto against each.
//! The cards are data (rules/caesar_cleopatra/cards.ron); these tests name
//! them only to set up positions and check outcomes.

use crate::common;

use std::sync::Arc;

use ludus::engine::{Actor, GameState};
use ludus::games::caesar_cleopatra::model::{Face, Kind, Rules};
use ludus::games::caesar_cleopatra::{Move, Phase, Position, Reserve, State, Target};

const CLEO: usize = 0;
const CAESAR: usize = 1;

fn state(rules: &Arc<Rules>, ron: &str) -> State {
    let p = Position::from_ron(ron).unwrap();
    p.into_state(rules.clone(), 11)
        .unwrap_or_else(|e| panic!("{e:?}"))
}

fn kind(r: &Rules, id: &str) -> Kind {
    r.kind_by_id(id).unwrap()
}

fn group(r: &Rules, id: &str) -> u8 {
    r.group_by_id(id).unwrap()
}

fn legal(s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal_moves(&mut v);
    v
}

fn play(s: &mut State, m: Move) {
    s.apply(m).unwrap_or_else(|e| panic!("{e}"));
}

/// Plays an action card; the opponent lets it pass (his reaction window
/// opens whatever he holds).
fn play_card(s: &mut State, k: Kind) {
    play(s, Move::PlayAction(k));
    if legal(s).contains(&Move::Decline) && s.current_actor() != Actor::Player(s.seat()) {
        play(s, Move::Decline);
    }
}

/// A side of a group as text: face-up values, then face-down ones in brackets.
fn side(s: &State, g: u8, p: usize) -> String {
    let r = s.rules();
    let gs = s.group(g as usize);
    let mut out = Vec::new();
    for face in [1, 0] {
        for &k in &r.influence_kinds {
            for _ in 0..gs.cards[p][face][k.ix()] {
                let v = if r.kind(k).inverts_vote {
                    "P".to_string()
                } else {
                    r.kind(k).value.to_string()
                };
                out.push(if face == 0 { format!("[{v}]") } else { v });
            }
        }
    }
    out.join(" ")
}

fn discard_of(s: &State, p: usize, k: Kind) -> u8 {
    s.zones(p).discard[k.ix()]
}

const BASE: &str = r#"(
    to_move: "cleopatra",
    groups: {
        "senators": (cards: {"cleopatra": ["2", "[1]"], "caesar": ["4", "[2]"]}),
        "praetors": (cards: {"cleopatra": ["3"], "caesar": ["[5]"]}),
        "censors": (cards: {"cleopatra": ["[4]"], "caesar": ["3", "[3]"]}),
        "aediles": (cards: {"caesar": ["[1]", "[4]", "5"]}),
    },
    hands: {
        "cleopatra": ["5", "3", "ACTION"],
        "caesar": ["1", "2", "5", "veto", "rochade"],
    },
)"#;

fn base(rules: &Arc<Rules>, action: &str, caesar_hand: &str) -> State {
    let ron = BASE
        .replace("ACTION", action)
        .replace(r#"["1", "2", "5", "veto", "rochade"]"#, caesar_hand);
    state(rules, &ron)
}

#[test]
fn assassination_discards_one_face_up_card_of_the_opponent() {
    let r = common::rules();
    let mut s = base(&r, "assassination", r#"["1", "2", "5"]"#);
    let a = kind(&r, "assassination");
    play_card(&mut s, a);
    // Only Caesar's face-up cards are targets: the 4 (Senators), 3 (Censors), 5 (Aediles).
    let targets: Vec<Move> = legal(&s);
    assert_eq!(targets.len(), 3, "{targets:?}");
    let four = Move::Choose(Target::TableCard {
        owner: CAESAR as u8,
        group: group(&r, "senators"),
        kind: kind(&r, "influence_4"),
        face: Face::Up,
    });
    assert!(targets.contains(&four));
    play(&mut s, four);
    assert_eq!(side(&s, group(&r, "senators"), CAESAR), "[2]");
    assert_eq!(discard_of(&s, CAESAR, kind(&r, "influence_4")), 1);
    assert_eq!(discard_of(&s, CLEO, a), 1, "the played card is discarded");
    // Back in the turn: the placement follows; no second action card.
    assert_eq!(s.phase(), Phase::TurnStart);
    assert!(
        !legal(&s).contains(&Move::Pass),
        "playing an action card makes the turn active"
    );
    s.check_invariants().unwrap();
}

#[test]
fn assassination_is_not_playable_without_a_face_up_target() {
    let r = common::rules();
    let s = state(
        &r,
        r#"(to_move: "cleopatra",
            groups: {"senators": (cards: {"caesar": ["[4]"]})},
            hands: {"cleopatra": ["5", "assassination"]})"#,
    );
    assert!(!legal(&s).contains(&Move::PlayAction(kind(&r, "assassination"))));
}

#[test]
fn spy_looks_at_the_hand_discards_a_card_and_the_victim_draws() {
    let r = common::rules();
    let mut s = state(
        &r,
        r#"(to_move: "cleopatra",
            groups: {"senators": (cards: {"cleopatra": ["2"]})},
            hands: {"cleopatra": ["5", "spy"], "caesar": ["1", "5", "5", "veto"]},
            reserves: {"caesar": (influence: ["3", "4"], action: ["scout"])})"#,
    );
    let five_discarded = discard_of(&s, CAESAR, kind(&r, "influence_5"));
    play(&mut s, Move::PlayAction(kind(&r, "spy")));
    // Caesar holds a Veto: he is asked first, and lets it pass.
    assert_eq!(s.current_actor(), Actor::Player(CAESAR));
    play(&mut s, Move::Decline);
    let five = Move::Choose(Target::HandCard {
        owner: CAESAR as u8,
        kind: kind(&r, "influence_5"),
    });
    assert_eq!(legal(&s).len(), 3, "one choice per kind in Caesar's hand");
    play(&mut s, five);
    // Caesar draws at once, choosing the reserve.
    assert_eq!(s.current_actor(), Actor::Player(CAESAR));
    assert_eq!(
        legal(&s),
        vec![Move::Draw(Reserve::Influence), Move::Draw(Reserve::Action)]
    );
    play(&mut s, Move::Draw(Reserve::Influence));
    let z = s.zones(CAESAR);
    assert_eq!(z.hand_len, 4);
    assert_eq!(z.hand[kind(&r, "influence_5").ix()], 1);
    assert_eq!(
        z.hand[kind(&r, "influence_3").ix()],
        1,
        "drew the top of the reserve"
    );
    assert_eq!(
        discard_of(&s, CAESAR, kind(&r, "influence_5")),
        five_discarded + 1
    );
    assert!(
        s.events()
            .iter()
            .any(|e| matches!(e, ludus::games::caesar_cleopatra::Event::Looked { .. }))
    );
    assert_eq!(s.current_actor(), Actor::Player(CLEO));
    s.check_invariants().unwrap();
}

#[test]
fn rochade_redistributes_face_down_between_the_same_two_groups() {
    let r = common::rules();
    let mut s = base(&r, "rochade", r#"["1", "2", "5"]"#);
    let (sen, pra) = (group(&r, "senators"), group(&r, "praetors"));
    play_card(&mut s, kind(&r, "rochade"));
    play(&mut s, Move::Choose(Target::Group(sen)));
    assert!(
        !legal(&s).contains(&Move::Choose(Target::Group(sen))),
        "the second group differs"
    );
    play(&mut s, Move::Choose(Target::Group(pra)));
    // Cleopatra's 2, [1] and 3 are lifted; each is placed at one of the two.
    let mut placed = 0;
    while s.phase() == Phase::Effect {
        let options = legal(&s);
        assert!(
            options
                .iter()
                .all(|m| matches!(m, Move::Choose(Target::Group(g)) if *g == sen || *g == pra))
        );
        play(&mut s, Move::Choose(Target::Group(pra)));
        placed += 1;
    }
    assert_eq!(placed, 3);
    assert_eq!(side(&s, sen, CLEO), "", "one group may stay empty");
    assert_eq!(side(&s, pra, CLEO), "[1] [2] [3]", "all face down");
    assert_eq!(side(&s, sen, CAESAR), "4 [2]", "the opponent's cards stay");
    s.check_invariants().unwrap();
}

#[test]
fn rochade_keeps_the_limit_of_five_per_side() {
    let r = common::rules();
    let mut s = state(
        &r,
        r#"(to_move: "cleopatra",
            groups: {
                "senators": (cards: {"cleopatra": ["1", "2", "3"]}),
                "praetors": (cards: {"cleopatra": ["1", "2", "3", "4"]}),
            },
            hands: {"cleopatra": ["5", "rochade"]})"#,
    );
    let (sen, pra) = (group(&r, "senators"), group(&r, "praetors"));
    play_card(&mut s, kind(&r, "rochade"));
    play(&mut s, Move::Choose(Target::Group(sen)));
    play(&mut s, Move::Choose(Target::Group(pra)));
    while s.phase() == Phase::Effect {
        // Prefer the Praetors while there is room.
        let m = if legal(&s).contains(&Move::Choose(Target::Group(pra))) {
            Move::Choose(Target::Group(pra))
        } else {
            Move::Choose(Target::Group(sen))
        };
        play(&mut s, m);
    }
    assert_eq!(s.group(pra as usize).count[CLEO], 5);
    assert_eq!(s.group(sen as usize).count[CLEO], 2);
}

#[test]
fn scout_turns_the_opponents_face_down_cards_at_one_group_face_up() {
    let r = common::rules();
    let mut s = base(&r, "scout", r#"["1", "2", "5"]"#);
    play_card(&mut s, kind(&r, "scout"));
    // Only groups where Caesar has face-down cards.
    let options = legal(&s);
    assert_eq!(options.len(), 4, "{options:?}");
    let aed = group(&r, "aediles");
    play(&mut s, Move::Choose(Target::Group(aed)));
    assert_eq!(side(&s, aed, CAESAR), "1 4 5");
    assert_eq!(
        side(&s, group(&r, "senators"), CAESAR),
        "4 [2]",
        "other groups unchanged"
    );
    s.check_invariants().unwrap();
}

#[test]
fn wrath_discards_every_card_at_one_group_to_their_owners() {
    let r = common::rules();
    let mut s = base(&r, "wrath", r#"["1", "2", "5"]"#);
    let cen = group(&r, "censors");
    play_card(&mut s, kind(&r, "wrath"));
    play(&mut s, Move::Choose(Target::Group(cen)));
    assert_eq!(side(&s, cen, CLEO), "");
    assert_eq!(side(&s, cen, CAESAR), "");
    assert_eq!(discard_of(&s, CLEO, kind(&r, "influence_4")), 1);
    assert_eq!(discard_of(&s, CAESAR, kind(&r, "influence_3")), 2);
    s.check_invariants().unwrap();
}

#[test]
fn veto_cancels_each_other_action_card_and_its_player_draws() {
    let r = common::rules();
    let veto = kind(&r, "veto");
    for action in ["assassination", "spy", "rochade", "scout", "wrath"] {
        let mut s = base(&r, action, r#"["1", "2", "veto"]"#);
        let before: Vec<String> = (0..5)
            .flat_map(|g| [side(&s, g, CLEO), side(&s, g, CAESAR)])
            .collect();
        let a = kind(&r, action);
        play(&mut s, Move::PlayAction(a));
        // The reaction window: Caesar, out of turn, may veto or let it pass.
        assert_eq!(s.current_actor(), Actor::Player(CAESAR), "{action}");
        assert_eq!(
            legal(&s),
            vec![Move::PlayAction(veto), Move::Decline],
            "{action}"
        );
        play(&mut s, Move::PlayAction(veto));
        // 000: "Ensuite vous reprenez une carte de l'une de vos piles de réserve."
        assert_eq!(
            s.current_actor(),
            Actor::Player(CAESAR),
            "{action}: the replacement draw"
        );
        play(&mut s, Move::Draw(Reserve::Influence));
        assert_eq!(s.zones(CAESAR).hand_len, 3, "{action}");
        let after: Vec<String> = (0..5)
            .flat_map(|g| [side(&s, g, CLEO), side(&s, g, CAESAR)])
            .collect();
        assert_eq!(before, after, "{action}: the table is unchanged");
        assert_eq!(
            discard_of(&s, CLEO, a),
            1,
            "{action}: both cards are discarded"
        );
        assert_eq!(discard_of(&s, CAESAR, veto), 1, "{action}");
        assert_eq!(
            s.current_actor(),
            Actor::Player(CLEO),
            "{action}: Cleopatra's turn goes on"
        );
        assert!(
            !legal(&s).iter().any(|m| matches!(m, Move::PlayAction(_))),
            "{action}: the vetoed card was her action card of the turn"
        );
        s.check_invariants().unwrap();
    }
}

#[test]
fn a_veto_cannot_be_vetoed() {
    let r = common::rules();
    let veto = kind(&r, "veto");
    // Both hold a Veto; Caesar vetoes Cleopatra's Wrath: Cleopatra is not asked.
    let s = base(&r, "veto", r#"["1", "2", "veto"]"#);
    let ron_hand = legal(&s);
    assert!(
        !ron_hand.contains(&Move::PlayAction(veto)),
        "a Veto is not played in one's own turn"
    );
    let mut s2 = state(
        &r,
        &BASE.replace(r#""ACTION""#, r#""wrath", "veto""#).replace(
            r#"["1", "2", "5", "veto", "rochade"]"#,
            r#"["1", "2", "veto"]"#,
        ),
    );
    play(&mut s2, Move::PlayAction(kind(&r, "wrath")));
    play(&mut s2, Move::PlayAction(veto));
    assert_eq!(
        s2.current_actor(),
        Actor::Player(CAESAR),
        "no window for Cleopatra: straight to Caesar's draw"
    );
    assert!(legal(&s2).iter().all(|m| matches!(m, Move::Draw(_))));
    s.check_invariants().unwrap();
}

#[test]
fn letting_a_card_pass_lets_it_take_effect() {
    let r = common::rules();
    let mut s = base(&r, "wrath", r#"["1", "2", "veto"]"#);
    play(&mut s, Move::PlayAction(kind(&r, "wrath")));
    play(&mut s, Move::Decline);
    let cen = group(&r, "censors");
    play(&mut s, Move::Choose(Target::Group(cen)));
    assert_eq!(side(&s, cen, CAESAR), "");
    assert_eq!(
        s.zones(CAESAR).hand[kind(&r, "veto").ix()],
        1,
        "the Veto stays in hand"
    );
}

#[test]
fn one_action_card_per_turn() {
    let r = common::rules();
    let mut s = state(
        &r,
        r#"(to_move: "cleopatra",
            groups: {"senators": (cards: {"caesar": ["[4]", "5"]})},
            hands: {"cleopatra": ["5", "scout", "assassination"]})"#,
    );
    play_card(&mut s, kind(&r, "scout"));
    play(&mut s, Move::Choose(Target::Group(group(&r, "senators"))));
    assert!(!legal(&s).iter().any(|m| matches!(m, Move::PlayAction(_))));
}

#[test]
fn a_new_card_written_in_the_rules_is_played_without_rust_changes() {
    // "Oracle": reveal both players' cards at one group, and draw a card.
    let copy = common::RulesCopy::new();
    copy.edit(
        "cards.ron",
        "        (id: \"veto\", effect:",
        "        (id: \"oracle\", effect: r#\"
            choose group g where any table(face: down, group: g);
            reveal table(group: g);
            draw me 1;
        \"#),
        (id: \"veto\", effect:",
    );
    for (faction, name) in [
        ("Cleopatra's Veto", "Oracle of Isis"),
        ("Caesar's Veto", "Oracle of Jupiter"),
    ] {
        copy.edit(
            "factions.ron",
            &format!("name: \"{faction}\"),"),
            &format!("name: \"{faction}\"),\n                (card: \"oracle\", count: 1, name: \"{name}\"),"),
        );
    }
    let text = std::fs::read_to_string(copy.path().join("factions.ron")).unwrap();
    std::fs::write(
        copy.path().join("factions.ron"),
        text.replace("action_total: 13", "action_total: 14"),
    )
    .unwrap();
    let r = Arc::new(copy.load().unwrap_or_else(|e| panic!("{e}")));
    let oracle = kind(&r, "oracle");
    let mut s = state(
        &r,
        r#"(to_move: "cleopatra",
            groups: {"praetors": (cards: {"cleopatra": ["[2]"], "caesar": ["[5]", "1"]})},
            hands: {"cleopatra": ["4", "oracle"]})"#,
    );
    play_card(&mut s, oracle);
    let pra = group(&r, "praetors");
    assert_eq!(legal(&s), vec![Move::Choose(Target::Group(pra))]);
    play(&mut s, Move::Choose(Target::Group(pra)));
    assert_eq!(side(&s, pra, CLEO), "2");
    assert_eq!(side(&s, pra, CAESAR), "1 5");
    play(&mut s, Move::Draw(Reserve::Action));
    assert_eq!(s.zones(CLEO).hand_len, 2);
    assert_eq!(s.rules().card_name(CAESAR, oracle), "Oracle of Jupiter");
    // And random games with it keep every card in its place.
    for i in 0..200 {
        let (g, _) = ludus::sim::play_random(State::new(r.clone(), i), 3, i);
        g.check_invariants().unwrap();
    }
}

#[test]
fn no_action_card_is_named_in_the_engine_source() {
    let r = common::rules();
    let mut words: Vec<String> = Vec::new();
    for &k in &r.action_kinds {
        words.push(r.kind(k).id.to_lowercase());
        for f in &r.factions {
            for w in f.card_names[k.ix()].split_whitespace() {
                let w = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                if w.len() > 3
                    && ![
                        "roman",
                        "egyptian",
                        "caesar",
                        "cleopatra",
                        "gods",
                        "caesar's",
                        "cleopatra's",
                    ]
                    .contains(&w.as_str())
                {
                    words.push(w);
                }
            }
        }
    }
    words.sort();
    words.dedup();
    let mut found = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap().to_lowercase();
        for w in &words {
            let hit = text.match_indices(w.as_str()).any(|(i, _)| {
                let before = text[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                let after = text[i + w.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                before && after
            });
            if hit {
                found.push(format!("{} names \"{w}\"", p.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
