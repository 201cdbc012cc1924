//! de Cape & d'Épée: the rulebook's worked examples (docs/de-cape.md
//! 10.1 to 10.5) and rule cases (10.6), each a position, one placement and
//! the outcome under the default toggles. The worked examples are also
//! written as a readable report in `snapshots/de_cape_worked_examples.snap`.

use std::fmt::Write as _;
use std::sync::Arc;

use ludus::engine::{Game, GameState, Selection};
use ludus::games::de_cape_et_d_epee::position::Position;
use ludus::games::de_cape_et_d_epee::{DeCape, Event, Move, Rules, State};
use ludus::load::GameDir;

fn rules(players: usize, sets: &[&str]) -> Arc<Rules> {
    let sel = Selection {
        players: Some(players),
        sets: sets.iter().map(|s| s.to_string()).collect(),
        ..Selection::default()
    };
    let dir = GameDir::built_in_game("de_cape_et_d_epee").unwrap();
    DeCape::load(&dir, &sel)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// The card of `kind` in the hand of the seat to act.
fn held(s: &State, kind: &str) -> u8 {
    let r = s.rules();
    let p = s.actor() as usize;
    *s.hand(p)
        .iter()
        .find(|&&c| r.kinds[r.kind_of(c)].id == kind)
        .unwrap_or_else(|| panic!("no {kind} in hand"))
}

fn place(s: &mut State, kind: &str, column: u8) {
    let card = held(s, kind);
    s.apply(Move::Place { card, column }).unwrap();
}

/// Each settled column as a sentence: objective, values, winner.
fn settled(s: &State) -> Vec<String> {
    let r = s.rules();
    s.events()
        .iter()
        .filter_map(|e| match e {
            Event::Settled {
                objective,
                values,
                winner,
            } => {
                let cards: Vec<String> = values
                    .iter()
                    .map(|&(c, v)| format!("{} {}", s.card_name(c), State::value_text(v)))
                    .collect();
                let who = winner.map_or("nobody".to_string(), |w| r.colours[w as usize].1.clone());
                Some(format!(
                    "{}: {} -> {who}",
                    s.objective_name(*objective),
                    cards.join(", ")
                ))
            }
            _ => None,
        })
        .collect()
}

fn eliminated(s: &State) -> Vec<String> {
    s.events()
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { card } => Some(s.card_name(*card)),
            _ => None,
        })
        .collect()
}

/// 4 players; column 0 under `objective` holds `cards`; the other three
/// columns are realized (value 1, one card each); `mover` places `last`
/// in column 0, which ends the round. Returns column 0's sentence.
fn case(
    sets: &[&str],
    objective: &str,
    cards: Vec<(&str, &str)>,
    mover: &str,
    last: &str,
) -> String {
    let r = rules(4, sets);
    let pos = Position {
        to_move: mover,
        columns: vec![
            (objective, cards),
            ("alchemy_1", vec![("blue", "[merchant]")]),
            ("combat_1", vec![("white", "[merchant]")]),
            ("agriculture_1", vec![("red", "[merchant]")]),
        ],
        hands: vec![(mover, vec![last])],
        ..Position::default()
    };
    let mut s = State::at(r, 1, &pos).unwrap();
    s.check_invariants().unwrap();
    place(&mut s, last, 0);
    s.check_invariants().unwrap();
    assert_eq!(s.round(), 2, "the placement ends the round");
    settled(&s).remove(0)
}

fn worked_example_1() -> State {
    let pos = Position {
        to_move: "white",
        columns: vec![
            (
                "combat_3",
                vec![("blue", "queen"), ("white", "[alchemist]")],
            ),
            ("music_2", vec![("blue", "king"), ("white", "[merchant]")]),
        ],
        hands: vec![
            ("white", vec!["cardinal", "romeo", "storm"]),
            ("blue", vec!["lord", "squire", "hermit"]),
        ],
        ..Position::default()
    };
    let mut s = State::at(rules(2, &[]), 1, &pos).unwrap();
    place(&mut s, "cardinal", 0);
    s
}

fn worked_example_2() -> State {
    let pos = Position {
        to_move: "blue",
        columns: vec![
            ("religion_2", vec![("white", "[magician]")]),
            ("alchemy_2", vec![("white", "queen"), ("blue", "[juliet]")]),
        ],
        hands: vec![
            ("blue", vec!["king", "lord", "squire"]),
            ("white", vec!["hermit", "romeo", "storm"]),
        ],
        ..Position::default()
    };
    let mut s = State::at(rules(2, &[]), 1, &pos).unwrap();
    place(&mut s, "king", 0);
    s
}

fn four_columns<'a>(
    first: (&'a str, Vec<(&'a str, &'a str)>),
    others: [&'a str; 3],
) -> Vec<(&'a str, Vec<(&'a str, &'a str)>)> {
    vec![
        first,
        ("alchemy_1", vec![("blue", others[0])]),
        ("combat_1", vec![("white", others[1])]),
        ("music_1", vec![("red", others[2])]),
    ]
}

fn worked_example_magician() -> State {
    let pos = Position {
        to_move: "green",
        columns: four_columns(
            (
                "commerce_4",
                vec![
                    ("blue", "magician"),
                    ("white", "hermit"),
                    ("red", "[little_giant]"),
                ],
            ),
            ["[king]", "[queen]", "[juliet]"],
        ),
        hands: vec![("green", vec!["squire", "lord", "romeo"])],
        ..Position::default()
    };
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "squire", 0);
    s
}

fn worked_example_sorceress() -> State {
    let pos = Position {
        to_move: "green",
        columns: four_columns(
            (
                "religion_4",
                vec![
                    ("blue", "sorceress"),
                    ("white", "hermit"),
                    ("red", "[little_giant]"),
                ],
            ),
            ["[queen]", "[queen]", "[juliet]"],
        ),
        hands: vec![("green", vec!["king", "lord", "romeo"])],
        ..Position::default()
    };
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "king", 0);
    s
}

fn worked_example_scoring() -> State {
    let pos = Position {
        to_move: "blue",
        columns: four_columns(("commerce_5", vec![]), ["[king]", "[queen]", "[juliet]"]),
        won: vec![
            (
                "blue",
                vec!["alchemy_5", "combat_5", "religion_5", "music_5"],
            ),
            (
                "white",
                vec![
                    "alchemy_1",
                    "combat_2",
                    "agriculture_3",
                    "commerce_3",
                    "religion_4",
                    "music_2",
                    "combat_1",
                ],
            ),
        ],
        ..Position::default()
    };
    State::at(rules(4, &[]), 1, &pos).unwrap()
}

#[test]
fn attribution_example_1_a_tie_goes_to_the_nearest_card() {
    let s = worked_example_1();
    let out = settled(&s);
    assert_eq!(
        out[0],
        "Combat 3: Blue Queen 16, White Alchemist 8, White Cardinal 8 -> Blue"
    );
    assert_eq!(out[1], "Music 2: Blue King 20, White Merchant 8 -> Blue");
}

#[test]
fn attribution_example_2_the_white_magician_removes_the_blue_king() {
    let s = worked_example_2();
    assert_eq!(eliminated(&s), ["Blue King"]);
    assert_eq!(settled(&s)[0], "Religion 2: White Magician 7 -> White");
    assert!(
        s.discard(0).contains(&held_id(&s, 0, "king")),
        "eliminated to the discard"
    );
}

fn held_id(s: &State, seat: usize, kind: &str) -> u8 {
    let r = s.rules();
    let k = r.kinds.iter().position(|k| k.id == kind).unwrap();
    (0..r.deck_len())
        .map(|i| (seat * r.deck_len() + i) as u8)
        .find(|&c| r.kind_of(c) == k)
        .unwrap()
}

#[test]
fn magician_example_the_hermit_goes_then_the_little_giant_grows() {
    let s = worked_example_magician();
    assert_eq!(eliminated(&s), ["White Hermit"]);
    assert_eq!(
        settled(&s)[0],
        "Commerce 4: Blue Magician 7, Red Little Giant 8, Green Squire 2 -> Red"
    );
}

#[test]
fn sorceress_example_the_little_giant_goes_then_the_hermit_shrinks() {
    let s = worked_example_sorceress();
    assert_eq!(eliminated(&s), ["Red Little Giant"]);
    assert_eq!(
        settled(&s)[0],
        "Religion 4: Blue Sorceress 1, White Hermit 9, Green King 20 -> Green"
    );
}

#[test]
fn final_scoring_example_simone_20_henri_29() {
    let s = worked_example_scoring();
    assert_eq!((s.points(0), s.points(1)), (20, 29));
}

#[test]
fn the_worked_examples_as_a_report() {
    let mut t = String::new();
    for (title, s) in [
        ("003, attribution example 1 (2 players)", worked_example_1()),
        ("003, attribution example 2 (2 players)", worked_example_2()),
        (
            "003, Magician example (4 players)",
            worked_example_magician(),
        ),
        (
            "003, Sorceress example (4 players)",
            worked_example_sorceress(),
        ),
    ] {
        let _ = writeln!(t, "{title}");
        for e in eliminated(&s) {
            let _ = writeln!(t, "  eliminated: {e}");
        }
        for line in settled(&s) {
            let _ = writeln!(t, "  {line}");
        }
    }
    let s = worked_example_scoring();
    let _ = writeln!(
        t,
        "003, final scoring example: Simone (blue) {}, Henri (white) {}",
        s.points(0),
        s.points(1)
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("de_cape_worked_examples", t));
}

// ----- Rule cases (docs/de-cape.md 10.6) ------------------------------------

#[test]
fn musketeers_leave_printed_values() {
    let out = case(
        &[],
        "music_4",
        vec![
            ("blue", "musketeers"),
            ("white", "troubadour"),
            ("red", "double"),
        ],
        "green",
        "king",
    );
    assert_eq!(
        out,
        "Music 4: Blue Three Musketeers 11, White Troubadour 12, Red Double none, Green King 20 -> Green"
    );
}

#[test]
fn two_magicians_cancel_each_other() {
    let out = case(
        &[],
        "commerce_3",
        vec![("blue", "magician"), ("white", "magician")],
        "red",
        "king",
    );
    assert!(out.ends_with("Red King 20 -> Red"), "{out}");
    let out = case(
        &[],
        "commerce_3",
        vec![("blue", "magician"), ("red", "king")],
        "white",
        "magician",
    );
    assert!(
        out.ends_with("-> Red"),
        "two_copies.counts EveryCopy: {out}"
    );
    let out = case(
        &["toggles.two_copies.counts=ActiveCopies"],
        "commerce_3",
        vec![("blue", "magician"), ("red", "king")],
        "white",
        "magician",
    );
    assert_eq!(
        out, "Commerce 3: Blue Magician 7, White Magician 7 -> Blue",
        "ActiveCopies"
    );
}

#[test]
fn prince_and_squire_claim_the_column() {
    let out = case(
        &[],
        "commerce_4",
        vec![("white", "prince"), ("white", "squire"), ("blue", "king")],
        "blue",
        "queen",
    );
    assert!(out.ends_with("-> White"), "{out}");
    let two = vec![
        ("blue", "prince"),
        ("white", "prince"),
        ("white", "squire"),
        ("blue", "squire"),
    ];
    assert!(case(&[], "commerce_5", two, "red", "queen").ends_with("-> Blue"));
    let broken = vec![
        ("white", "prince"),
        ("white", "squire"),
        ("blue", "magician"),
    ];
    assert_eq!(
        case(&[], "commerce_4", broken, "blue", "king"),
        "Commerce 4: White Squire 2, Blue Magician 7 -> Blue"
    );
    let late = vec![("white", "prince"), ("blue", "king")];
    assert!(case(&[], "commerce_3", late.clone(), "white", "squire").ends_with("-> Blue"));
    let present = ["toggles.prince_squire.needs=BothPresent"];
    let out = case(&present, "commerce_3", late.clone(), "white", "squire");
    assert!(out.ends_with("-> White"), "{out}");
    // EitherActive: the Prince, turned up by a placement, carries the pair
    // although the Squire was turned up at the round's end.
    let either = ["toggles.prince_squire.needs=EitherActive"];
    let out = case(&either, "commerce_3", late, "white", "squire");
    assert!(out.ends_with("-> White"), "{out}");
}

#[test]
fn dragons_reduce_the_other_colours() {
    let cards = vec![
        ("blue", "dragon"),
        ("white", "dragon"),
        ("blue", "queen"),
        ("white", "king"),
    ];
    let out = case(&[], "commerce_5", cards, "red", "lord");
    assert_eq!(
        out,
        "Commerce 5: Blue Dragon 9, White Dragon 9, Blue Queen 14, White King 18, Red Lord 4 -> White"
    );
    let out = case(
        &[],
        "commerce_3",
        vec![("blue", "dragon"), ("white", "cloak")],
        "red",
        "queen",
    );
    assert!(
        out.contains("White Cloak of Invisibility 0"),
        "value.floor Zero: {out}"
    );
    let out = case(
        &["toggles.value.floor=NoFloor"],
        "commerce_3",
        vec![("blue", "dragon"), ("white", "cloak")],
        "red",
        "queen",
    );
    assert!(
        out.contains("White Cloak of Invisibility -2"),
        "NoFloor: {out}"
    );
}

#[test]
fn romeo_with_his_juliet() {
    let out = case(
        &[],
        "commerce_3",
        vec![("blue", "romeo"), ("blue", "juliet")],
        "white",
        "king",
    );
    assert_eq!(
        out,
        "Commerce 3: Blue Romeo 15, Blue Juliet 14, White King 20 -> Blue"
    );
}

#[test]
fn the_beggar_gives_the_column_to_the_lowest() {
    let out = case(
        &[],
        "commerce_4",
        vec![("blue", "beggar"), ("white", "king"), ("red", "cloak")],
        "green",
        "queen",
    );
    assert!(out.ends_with("-> Red"), "a lone Cloak wins with 0: {out}");
    let out = case(
        &[],
        "commerce_3",
        vec![("blue", "beggar"), ("white", "queen")],
        "red",
        "double",
    );
    assert!(
        out.ends_with("-> Blue"),
        "beggar.takes_part HasValuedCard: {out}"
    );
    let out = case(
        &["toggles.beggar.takes_part=HasCard"],
        "commerce_3",
        vec![("blue", "beggar"), ("white", "queen")],
        "red",
        "double",
    );
    assert!(out.ends_with("-> Red"), "HasCard: {out}");
}

#[test]
fn doubles_copy_the_card_below_from_the_bottom_up() {
    let out = case(
        &[],
        "commerce_4",
        vec![("blue", "double"), ("white", "double"), ("red", "king")],
        "green",
        "queen",
    );
    assert_eq!(
        out,
        "Commerce 4: Blue Double 20, White Double 20, Red King 20, Green Queen 16 -> Blue"
    );
    let out = case(&[], "commerce_2", vec![("blue", "king")], "white", "double");
    assert_eq!(out, "Commerce 2: Blue King 20, White Double none -> Blue");
    // column.below: a Double between the King (nearer the objective) and
    // the Queen (farther), turned up by the Queen's placement, copies the
    // Queen by default (Farther) and the King under Nearer (a tie of 20,
    // won by the card nearest the objective).
    let between = vec![("blue", "king"), ("white", "double")];
    let out = case(&[], "commerce_3", between.clone(), "red", "queen");
    assert_eq!(
        out,
        "Commerce 3: Blue King 20, White Double 16, Red Queen 16 -> Blue"
    );
    let nearer = ["toggles.column.below=Nearer"];
    let out = case(&nearer, "commerce_3", between, "red", "queen");
    assert_eq!(
        out,
        "Commerce 3: Blue King 20, White Double 20, Red Queen 16 -> Blue"
    );
    let cards = vec![
        ("blue", "double"),
        ("white", "little_giant"),
        ("red", "queen"),
    ];
    let out = case(&[], "commerce_4", cards.clone(), "green", "king");
    assert!(
        out.starts_with("Commerce 4: Blue Double 11, White Little Giant 11"),
        "{out}"
    );
    let out = case(
        &["toggles.double.copies=PrintedValue"],
        "commerce_4",
        cards,
        "green",
        "king",
    );
    assert!(out.starts_with("Commerce 4: Blue Double 2,"), "{out}");
}

#[test]
fn the_sorceress_removes_a_valueless_double() {
    let cards = vec![("blue", "sorceress"), ("white", "double"), ("red", "king")];
    let out = case(&[], "commerce_4", cards.clone(), "green", "queen");
    assert_eq!(
        out,
        "Commerce 4: Blue Sorceress 1, Red King 20, Green Queen 16 -> Red"
    );
    let out = case(
        &["toggles.sorceress.valueless=Spared"],
        "commerce_4",
        cards,
        "green",
        "queen",
    );
    assert!(out.ends_with("-> White"), "Spared: {out}");
}

// ----- Abilities at a placement -----------------------------------------------

fn open_table<'a>(
    cols: [Vec<(&'a str, &'a str)>; 4],
    mover: &'a str,
    hand: Vec<&'a str>,
) -> Position<'a> {
    let [a, b, c, d] = cols;
    Position {
        to_move: mover,
        columns: vec![
            ("commerce_5", a),
            ("alchemy_5", b),
            ("combat_5", c),
            ("music_5", d),
        ],
        hands: vec![(mover, hand)],
        ..Position::default()
    }
}

fn names(s: &State, col: usize) -> String {
    let cards: Vec<String> = s.columns()[col]
        .cards
        .iter()
        .map(|&c| {
            let n = s.card_name(c);
            if s.face_up(c) { n } else { format!("[{n}]") }
        })
        .collect();
    cards.join(", ")
}

#[test]
fn the_explorer_moves_right_wrapping_and_turns_up_the_card_above() {
    let pos = open_table(
        [
            vec![("red", "[queen]")],
            vec![],
            vec![],
            vec![("blue", "[explorer]")],
        ],
        "white",
        vec!["king"],
    );
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "king", 3);
    s.check_invariants().unwrap();
    assert_eq!(names(&s, 0), "Red Queen, [Blue Explorer]");
    assert_eq!(names(&s, 3), "[White King]");
}

#[test]
fn the_explorer_skips_a_sealed_column() {
    let mut pos = open_table(
        [
            vec![("blue", "[explorer]")],
            vec![("red", "storm")],
            vec![],
            vec![],
        ],
        "white",
        vec!["king"],
    );
    pos.sealed = vec![1];
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "king", 0);
    assert_eq!(names(&s, 0), "[White King]");
    assert_eq!(names(&s, 2), "[Blue Explorer]");
}

#[test]
fn the_assassin_discards_the_card_that_turned_it_up() {
    let pos = open_table(
        [vec![("white", "[assassin]")], vec![], vec![], vec![]],
        "blue",
        vec!["queen"],
    );
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "queen", 0);
    assert_eq!(names(&s, 0), "White Assassin");
    assert_eq!(s.discard(0).len(), 1);
    s.check_invariants().unwrap();
}

#[test]
fn the_storm_seals_its_column() {
    let pos = open_table(
        [vec![("red", "[storm]")], vec![], vec![], vec![]],
        "white",
        vec!["king"],
    );
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "king", 0);
    assert!(s.columns()[0].sealed && s.realized(0));
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    assert!(
        legal
            .iter()
            .all(|m| !matches!(m, Move::Place { column: 0, .. }))
    );
}

#[test]
fn the_traitors_owner_swaps_objectives_and_the_round_ends() {
    let five = vec![
        ("blue", "[lord]"),
        ("white", "[lord]"),
        ("red", "[lord]"),
        ("green", "[lord]"),
        ("blue", "[merchant]"),
    ];
    let pos = Position {
        to_move: "blue",
        columns: vec![
            ("commerce_5", vec![("white", "[traitor]")]),
            ("alchemy_1", five),
            ("combat_1", vec![("red", "[king]")]),
            ("music_1", vec![("green", "[king]")]),
        ],
        hands: vec![("blue", vec!["queen"])],
        ..Position::default()
    };
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "queen", 0);
    assert_eq!(s.actor(), 1, "white, the Traitor's owner, chooses");
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    assert_eq!(
        legal,
        [
            Move::Column(1),
            Move::Column(2),
            Move::Column(3),
            Move::Decline
        ]
    );
    s.apply(Move::Column(1)).unwrap();
    assert_eq!(s.round(), 2, "every objective realized after the swap");
    let out = settled(&s);
    assert!(
        out[0].starts_with("Alchemy 1: White Traitor 10, Blue Queen 16"),
        "{out:?}"
    );
    assert!(out[1].starts_with("Commerce 5:"), "{out:?}");
}

#[test]
fn the_cloak_hides_a_card_that_counts_at_the_round_end() {
    let pos = Position {
        to_move: "white",
        columns: vec![
            ("commerce_3", vec![("blue", "[cloak]")]),
            ("alchemy_1", vec![("blue", "[lord]")]),
            ("combat_1", vec![("red", "[lord]")]),
            ("music_1", vec![("green", "[lord]")]),
        ],
        hands: vec![
            ("white", vec!["romeo"]),
            ("blue", vec!["explorer", "squire", "hermit"]),
        ],
        ..Position::default()
    };
    let mut s = State::at(rules(4, &[]), 1, &pos).unwrap();
    place(&mut s, "romeo", 0);
    assert_eq!(s.actor(), 0, "blue, the Cloak's owner, may tuck");
    let explorer = held_id(&s, 0, "explorer");
    s.apply(Move::Card(explorer)).unwrap();
    // Three cards under Commerce 3: realized (cloak.tucked_counts), the
    // round ends; the tucked Explorer counts 13 and does not move.
    assert_eq!(s.round(), 2);
    let out = settled(&s);
    assert_eq!(
        out[0],
        "Commerce 3: Blue Cloak of Invisibility 0, Blue Explorer 13, White Romeo 5 -> Blue"
    );
}

#[test]
fn purge_value_after_modifiers_compares_grown_values() {
    // BeforeModifiers (003's examples): the Sorceress removes the Little
    // Giant at 2. AfterModifiers: it has grown to 2 + 3 x 3 = 11 first.
    let cards = vec![
        ("blue", "sorceress"),
        ("white", "hermit"),
        ("red", "little_giant"),
    ];
    let out = case(&[], "religion_4", cards.clone(), "green", "king");
    assert!(!out.contains("Little Giant"), "{out}");
    let out = case(
        &["toggles.purge.value=AfterModifiers"],
        "religion_4",
        cards,
        "green",
        "king",
    );
    assert!(out.contains("Red Little Giant 11"), "{out}");
}

// ----- The toggles of docs/de-cape.md 10.6, each read both ways ----------------

fn table_with(sets: &[&str], pos: &Position) -> State {
    State::at(rules(4, sets), 1, pos).unwrap()
}

#[test]
fn explorer_vs_assassin() {
    let pos = open_table(
        [
            vec![("blue", "[explorer]")],
            vec![("white", "[assassin]")],
            vec![],
            vec![],
        ],
        "red",
        vec!["king"],
    );
    let mut s = table_with(&[], &pos);
    place(&mut s, "king", 0);
    assert_eq!(names(&s, 1), "White Assassin", "ExplorerDiscarded");
    assert_eq!(s.discard(0).len(), 1);
    let mut s = table_with(&["toggles.explorer.vs_assassin=AssassinInert"], &pos);
    place(&mut s, "king", 0);
    assert_eq!(names(&s, 1), "White Assassin, [Blue Explorer]");
    s.check_invariants().unwrap();
}

#[test]
fn explorer_with_no_column_to_go_to() {
    let mut pos = open_table(
        [
            vec![("blue", "[explorer]")],
            vec![("red", "storm")],
            vec![("red", "[king]")],
            vec![("red", "[queen]")],
        ],
        "white",
        vec!["king"],
    );
    pos.sealed = vec![1, 2, 3];
    let mut s = table_with(&[], &pos);
    place(&mut s, "king", 0);
    assert_eq!(names(&s, 0), "Blue Explorer, [White King]", "StaysFaceUp");
    let mut s = table_with(&["toggles.explorer.no_column=ToDiscard"], &pos);
    place(&mut s, "king", 0);
    assert_eq!(names(&s, 0), "[White King]", "ToDiscard");
    assert_eq!(s.discard(0).len(), 1);
}

#[test]
fn explorer_reveals_nothing() {
    let pos = open_table(
        [
            vec![("red", "[queen]")],
            vec![],
            vec![],
            vec![("blue", "[explorer]")],
        ],
        "white",
        vec!["king"],
    );
    let mut s = table_with(&["toggles.explorer.reveals=Nothing"], &pos);
    place(&mut s, "king", 3);
    assert_eq!(names(&s, 0), "[Red Queen], [Blue Explorer]");
}

#[test]
fn traitor_chooser_active_player() {
    let pos = open_table(
        [vec![("white", "[traitor]")], vec![], vec![], vec![]],
        "blue",
        vec!["queen"],
    );
    let mut s = table_with(&["toggles.traitor.chooser=ActivePlayer"], &pos);
    place(&mut s, "queen", 0);
    assert_eq!(s.actor(), 0, "blue, on turn, chooses");
}

fn cloak_table<'a>() -> Position<'a> {
    Position {
        to_move: "white",
        columns: vec![
            ("commerce_3", vec![("blue", "[cloak]")]),
            ("alchemy_1", vec![("blue", "[lord]")]),
            ("combat_1", vec![("red", "[lord]")]),
            ("music_1", vec![("green", "[lord]")]),
        ],
        hands: vec![
            ("white", vec!["romeo"]),
            ("blue", vec!["explorer", "squire", "hermit"]),
        ],
        ..Position::default()
    }
}

#[test]
fn cloak_draw_and_tucked_counts() {
    let mut s = table_with(&[], &cloak_table());
    place(&mut s, "romeo", 0);
    s.apply(Move::Decline).unwrap();
    assert_eq!(s.hand(0).len(), 3, "OnlyIfTucked: no draw after declining");
    let mut s = table_with(&["toggles.cloak.draw=Always"], &cloak_table());
    place(&mut s, "romeo", 0);
    s.apply(Move::Decline).unwrap();
    assert_eq!(s.hand(0).len(), 4, "Always: a draw after declining");
    let mut s = table_with(&["toggles.cloak.tucked_counts=false"], &cloak_table());
    place(&mut s, "romeo", 0);
    let explorer = held_id(&s, 0, "explorer");
    s.apply(Move::Card(explorer)).unwrap();
    assert_eq!(
        s.round(),
        1,
        "the tucked card does not count: Commerce 3 is not realized"
    );
    s.check_invariants().unwrap();
}

#[test]
fn the_player_who_ends_the_round_draws_or_not() {
    let run = |sets: &[&str]| {
        let r = rules(4, sets);
        let pos = Position {
            to_move: "green",
            columns: four_columns(
                ("commerce_2", vec![("blue", "[queen]")]),
                ["[king]", "[queen]", "[juliet]"],
            ),
            hands: vec![("green", vec!["king"])],
            ..Position::default()
        };
        let mut s = State::at(r, 1, &pos).unwrap();
        place(&mut s, "king", 0);
        assert_eq!(s.round(), 2);
        s.hand(3).len()
    };
    assert_eq!(run(&[]), 1, "Draws");
    assert_eq!(run(&["toggles.round_end.draw=NoDraw"]), 0, "NoDraw");
}

#[test]
fn two_musketeers_both_act_or_cancel_each_other() {
    let cards = vec![
        ("blue", "musketeers"),
        ("white", "musketeers"),
        ("red", "romeo"),
        ("red", "juliet"),
    ];
    let out = case(&[], "commerce_5", cards.clone(), "green", "queen");
    assert!(out.contains("Red Romeo 5"), "BothAct: {out}");
    let out = case(
        &["toggles.musketeers.pair=CancelEachOther"],
        "commerce_5",
        cards,
        "green",
        "queen",
    );
    assert!(out.contains("Red Romeo 15"), "CancelEachOther: {out}");
}

#[test]
fn a_claim_against_a_beggar() {
    let cards = vec![("white", "prince"), ("white", "squire"), ("blue", "beggar")];
    assert!(case(&[], "commerce_4", cards.clone(), "red", "king").ends_with("-> White"));
    let out = case(
        &["toggles.award.claim_vs_beggar=BeggarWins"],
        "commerce_4",
        cards,
        "red",
        "king",
    );
    assert!(out.ends_with("-> Blue"), "{out}");
}

#[test]
fn within_step_5_sets_then_adds_or_table_order() {
    let cards = vec![("white", "dragon"), ("blue", "romeo"), ("blue", "juliet")];
    let out = case(&[], "commerce_4", cards.clone(), "green", "queen");
    assert!(out.contains("Blue Romeo 13"), "SetsThenAdds: {out}");
    let out = case(
        &["toggles.end_steps.within_5=TableOrder"],
        "commerce_4",
        cards,
        "green",
        "queen",
    );
    assert!(out.contains("Blue Romeo 15"), "TableOrder: {out}");
}

#[test]
fn eliminated_cards_to_the_discard_or_out_of_the_game() {
    let s = worked_example_magician();
    let hermit = held_id(&s, 1, "hermit");
    assert!(s.discard(1).contains(&hermit) && !s.is_out(hermit));
    let r = rules(4, &["toggles.eliminated.to=OutOfGame"]);
    let pos = Position {
        to_move: "green",
        columns: four_columns(
            (
                "commerce_4",
                vec![
                    ("blue", "magician"),
                    ("white", "hermit"),
                    ("red", "[little_giant]"),
                ],
            ),
            ["[king]", "[queen]", "[juliet]"],
        ),
        hands: vec![("green", vec!["squire"])],
        ..Position::default()
    };
    let mut s = State::at(r, 1, &pos).unwrap();
    place(&mut s, "squire", 0);
    assert!(s.is_out(hermit) && !s.discard(1).contains(&hermit));
    s.check_invariants().unwrap();
}

#[test]
fn the_round_end_check_after_the_chain_or_after_each_effect() {
    let run = |sets: &[&str]| {
        let pos = Position {
            to_move: "white",
            columns: four_columns(
                ("commerce_1", vec![("blue", "[explorer]")]),
                ["[merchant]", "[queen]", "[juliet]"],
            ),
            hands: vec![("white", vec!["king"])],
            ..Position::default()
        };
        let mut s = State::at(rules(4, sets), 1, &pos).unwrap();
        place(&mut s, "king", 0);
        assert_eq!(s.round(), 2);
        s.events()
            .iter()
            .filter(|e| matches!(e, Event::Revealed { .. }))
            .count()
    };
    assert_eq!(
        run(&[]),
        2,
        "AfterPlacement: the Explorer, then the Merchant"
    );
    assert_eq!(
        run(&["toggles.round_end.check=AfterEachEffect"]),
        1,
        "the chain stops after the move"
    );
}

#[test]
fn explorers_turning_each_other_up_move_once_each() {
    let pos = Position {
        to_move: "red",
        columns: vec![
            ("commerce_5", vec![("blue", "[explorer]")]),
            ("alchemy_5", vec![("white", "[explorer]")]),
            ("combat_5", vec![("white", "storm")]),
        ],
        hands: vec![("red", vec!["explorer"])],
        sealed: vec![2],
        ..Position::default()
    };
    let moves = |sets: &[&str]| {
        let mut s = State::at(rules(3, sets), 1, &pos).unwrap();
        place(&mut s, "explorer", 0);
        s.check_invariants().unwrap();
        s.events()
            .iter()
            .filter(|e| matches!(e, Event::Moved { .. }))
            .count()
    };
    assert_eq!(moves(&[]), 3, "OncePerPlacement");
    assert!(
        moves(&["toggles.explorer.loop_guard=Unbounded"]) > 3,
        "Unbounded"
    );
}

#[test]
fn an_empty_column_goes_to_the_box_or_to_the_round_ender() {
    let pos = Position {
        to_move: "green",
        columns: vec![
            ("commerce_5", vec![]),
            ("alchemy_1", vec![("blue", "[merchant]")]),
            ("combat_1", vec![("white", "[merchant]")]),
            ("music_1", vec![]),
        ],
        hands: vec![("green", vec!["king"])],
        sealed: vec![0],
        ..Position::default()
    };
    let winner = |sets: &[&str]| {
        let mut s = State::at(rules(4, sets), 1, &pos).unwrap();
        place(&mut s, "king", 3);
        assert_eq!(s.round(), 2);
        settled(&s).remove(0)
    };
    assert_eq!(winner(&[]), "Commerce 5:  -> nobody", "Box");
    assert_eq!(
        winner(&["toggles.award.empty_column=RoundEnder"]),
        "Commerce 5:  -> Green"
    );
}
