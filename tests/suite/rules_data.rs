//! The rules are data: the shipped files load, a changed number changes the
//! game without recompiling, and malformed files give file:line:column.

use crate::common;

use std::sync::Arc;

use common::{RulesCopy, rules};
use ludus::engine::GameState;
use ludus::games::caesar_cleopatra::{Move, Phase, Reserve, State};

#[test]
fn shipped_rules_have_the_rulebook_numbers() {
    let r = rules();
    for p in 0..2 {
        assert_eq!(r.influence_in_deck(p), 37);
        let actions: u32 = r
            .action_kinds
            .iter()
            .map(|k| r.factions[p].deck[k.ix()] as u32)
            .sum();
        assert_eq!(actions, 13);
    }
    let sizes: Vec<u8> = r.groups.iter().map(|g| g.size).collect();
    assert_eq!(sizes, [5, 5, 5, 3, 3]);
    assert_eq!(r.total_patricians(), 21);
    assert_eq!(r.vote_cards.len(), 8);
    assert_eq!(r.missions.len(), 6);
    assert_eq!(
        (r.limits.per_side, r.limits.per_group, r.limits.hand_size),
        (5, 8, 5)
    );
    assert_eq!(r.factions[r.setup.first_player].id, "cleopatra");
}

/// Plays the setup with the first legal choice each time.
fn through_setup(s: &mut State) {
    let mut legal = Vec::new();
    while matches!(s.phase(), Phase::ArrangeActions | Phase::SetupPlace) {
        s.legal_moves(&mut legal);
        s.apply(legal[0]).unwrap();
    }
}

#[test]
fn a_group_of_four_changes_the_game() {
    let copy = RulesCopy::new();
    copy.edit(
        "forum.ron",
        "(id: \"censors\", name: \"Censors\", size: 3)",
        "(id: \"censors\", name: \"Censors\", size: 4)",
    )
    .edit("forum.ron", "total: 21", "total: 22");
    let r = Arc::new(copy.load().unwrap());
    assert_eq!(r.total_patricians(), 22);
    let censors = r.group_by_id("censors").unwrap() as usize;
    assert_eq!(
        r.groups[censors].majority, 3,
        "3 of 4 is a majority, 2 is not"
    );
    let s = State::new(r.clone(), 7);
    assert_eq!(s.group(censors).left, 4);
}

#[test]
fn a_hand_of_six_changes_the_game() {
    let copy = RulesCopy::new();
    copy.edit("limits.ron", "hand_size: 5", "hand_size: 6");
    let r = Arc::new(copy.load().unwrap());
    let mut s = State::new(r, 3);
    through_setup(&mut s);
    // The starting hand is the five set-aside cards not placed.
    assert_eq!(s.zones(0).hand_len, 5);
    // Place one card face down, then refill: the hand now fills up to six.
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    let place = *legal
        .iter()
        .find(|m| {
            matches!(
                m,
                Move::Place {
                    face: ludus::games::caesar_cleopatra::model::Face::Down,
                    ..
                }
            )
        })
        .unwrap();
    s.apply(place).unwrap();
    while s.phase() == Phase::Refill {
        s.apply(Move::Draw(Reserve::Influence)).unwrap();
    }
    assert_eq!(s.zones(0).hand_len, 6);
    assert_eq!(s.phase(), Phase::BeforeVote);
}

#[test]
fn a_philosopher_that_does_not_invert_is_a_plain_zero() {
    let copy = RulesCopy::new();
    copy.edit("cards.ron", "inverts_vote: true", "inverts_vote: false");
    let r = copy.load().unwrap();
    assert!(r.kinds.iter().all(|k| !k.inverts_vote));
}

fn snapshot(name: &str, text: &str) {
    snapshot_settings!().bind(|| insta::assert_snapshot!(name, text));
}

#[test]
fn syntax_error_names_file_line_column() {
    let copy = RulesCopy::new();
    copy.edit("limits.ron", "per_side: 5,", "per_side: 5,,");
    snapshot("rules_syntax_error", &copy.errors());
}

#[test]
fn unknown_card_id_names_file_line_column() {
    let copy = RulesCopy::new();
    copy.edit(
        "setup.ron",
        "(card: \"influence_3\", count: 2)",
        "(card: \"influense_3\", count: 2)",
    );
    snapshot("rules_unknown_card", &copy.errors());
}

#[test]
fn totals_that_do_not_add_up_are_reported_all_at_once() {
    // The Dutch rulebook's 5 Censors and 5 Aediles against its announced 21,
    // and a faction deck with one card too many.
    let copy = RulesCopy::new();
    copy.edit(
        "forum.ron",
        "(id: \"censors\", name: \"Censors\", size: 3)",
        "(id: \"censors\", name: \"Censors\", size: 5)",
    )
    .edit(
        "forum.ron",
        "(id: \"aediles\", name: \"Aediles\", size: 3)",
        "(id: \"aediles\", name: \"Aediles\", size: 5)",
    )
    .edit(
        "factions.ron",
        "(card: \"influence_5\", count: 7, name: \"Consul\")",
        "(card: \"influence_5\", count: 8, name: \"Consul\")",
    );
    snapshot("rules_totals", &copy.errors());
}

#[test]
fn insane_limits_are_reported() {
    let copy = RulesCopy::new();
    copy.edit(
        "limits.ron",
        "extraordinary_vote_at: 8",
        "extraordinary_vote_at: 12",
    )
    .edit("limits.ron", "per_group: 8", "per_group: 11")
    .edit(
        "setup.ron",
        "first_player: \"cleopatra\"",
        "first_player: \"cleo\"",
    );
    snapshot("rules_limits", &copy.errors());
}

#[test]
fn unknown_fields_and_values_are_reported() {
    let copy = RulesCopy::new();
    copy.edit(
        "scoring.ron",
        "per_patrician: 1,",
        "per_patrician: 1, per_senator: 2,",
    )
    .edit(
        "turn.ron",
        "action_timing: AnyTime,",
        "action_timing: Whenever,",
    );
    snapshot("rules_unknown_fields", &copy.errors());
}

#[test]
fn a_missing_file_is_reported() {
    let copy = RulesCopy::new();
    std::fs::remove_file(copy.path().join("turn.ron")).unwrap();
    let e = copy.errors();
    assert!(
        e.starts_with("rules/turn.ron: error: cannot read the file"),
        "{e}"
    );
}
