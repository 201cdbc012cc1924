//! Malformed action-card effects: every problem is reported at its line and
//! column in cards.ron, with a message a game designer can act on.

use crate::common;

use std::process::Command;

use common::RulesCopy;

fn snapshot(name: &str, text: &str) {
    snapshot_settings!().bind(|| insta::assert_snapshot!(name, text));
}

/// A missing `;` is reported just after the statement it should end.
#[test]
fn missing_semicolon_is_a_syntax_error() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "choose card c from table(owner: opponent, face: up);",
        "choose card c from table(owner: opponent, face: up)",
    );
    snapshot("effect_syntax_missing_semicolon", &copy.errors());
}

/// A running card counts its statements in a byte: an effect of 256 is
/// refused at its 256th statement, not run into an overflow.
#[test]
fn an_effect_has_at_most_255_statements() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "cancel;\n            draw me 1;",
        &format!(
            "cancel;{}\n            draw me 1;",
            " draw me 1;".repeat(255)
        ),
    );
    let errors = copy.errors();
    assert!(
        errors.contains("an effect has at most 255 statements"),
        "{errors}"
    );
    assert!(errors.contains("cards.ron:"), "{errors}");
}

#[test]
fn choose_card_without_a_variable_is_a_syntax_error() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "choose card c from hand(owner: opponent);",
        "choose card from hand(owner: opponent);",
    );
    snapshot("effect_syntax_missing_variable", &copy.errors());
}

#[test]
fn unknown_zone_suggests_the_nearest() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "discard table(group: g);",
        "discard tabel(group: g);",
    );
    snapshot("effect_unknown_zone", &copy.errors());
}

#[test]
fn face_never_matches_a_hand() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "look at hand(owner: opponent);",
        "look at hand(owner: opponent, face: down);",
    );
    snapshot("effect_face_on_hand", &copy.errors());
}

#[test]
fn undefined_variable_lists_the_chosen_cards() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "choose card c from table(owner: opponent, face: up);\n            discard c;",
        "choose card c from table(owner: opponent, face: up);\n            discard d;",
    );
    snapshot("effect_undefined_variable", &copy.errors());
}

#[test]
fn a_group_is_not_cards() {
    let copy = RulesCopy::new();
    copy.edit("cards.ron", "discard table(group: g);", "discard g;");
    snapshot("effect_group_as_cards", &copy.errors());
}

#[test]
fn cancel_outside_a_reaction() {
    let copy = RulesCopy::new();
    copy.edit("cards.ron", "draw opponent 1;", "cancel;");
    snapshot("effect_cancel_not_reaction", &copy.errors());
}

/// The language has statements only a described game's procedure gives a
/// meaning to: an action card using one is refused at its place, naming it
/// and listing an action card's statements.
#[test]
fn a_statement_of_a_procedure_has_no_meaning_in_an_action_card() {
    let copy = RulesCopy::new();
    copy.edit("cards.ron", "draw opponent 1;", "shuffle hand(owner: me);");
    let errors = copy.errors();
    assert!(
        errors.contains("rules/cards.ron:34:13: error: in the effect of `spy`: `shuffle` has no meaning in this game's action cards"),
        "{errors}"
    );
    assert!(
        errors.contains("its statements are: choose group, choose card, discard"),
        "{errors}"
    );
}

/// `name(x)` without a filter is a pile of a described game (`deck(d)`,
/// `column(k)`): an action card names a set by its filters, and is told so.
#[test]
fn a_set_without_filters_names_them() {
    let copy = RulesCopy::new();
    copy.edit("cards.ron", "discard table(group: g);", "discard table(g);");
    let errors = copy.errors();
    assert!(
        errors.contains("rules/cards.ron:59:21: error: in the effect of `wrath`: `table(...)` without `key: value` has no meaning in this game's action cards"),
        "{errors}"
    );
    assert!(
        errors.contains("a set names its filters: table(owner: opponent)"),
        "{errors}"
    );
}

#[test]
fn unknown_card_in_except() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "on opponent action except veto:",
        "on opponent action except veto, asassination:",
    );
    snapshot("effect_unknown_except", &copy.errors());
}

#[test]
fn problems_in_several_cards_are_reported_all_at_once() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "look at hand(owner: opponent);",
        "look at hand(owner: oponent);",
    )
    .edit("cards.ron", "discard table(group: g);", "discard g;");
    snapshot("effect_several_problems", &copy.errors());
}

#[test]
fn ludus_check_reports_an_effect_error_and_fails() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "discard table(group: g);",
        "discard tabel(group: g);",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["check", copy.path().to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let cards = copy.path().join("cards.ron");
    // One report per error: the message once, then the box at the place.
    let message = "in the effect of `wrath`: unknown zone `tabel`";
    assert!(
        stderr.starts_with(&format!("Error: {message}\n")),
        "{stderr}"
    );
    assert_eq!(stderr.matches(message).count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("╭─[ {}:59:21 ]", cards.display())),
        "{stderr}"
    );
}

#[test]
fn ludus_check_reports_every_broken_effect() {
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "look at hand(owner: opponent);",
        "look at hand(owner: oponent);",
    )
    .edit("cards.ron", "discard table(group: g);", "discard g;");
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["check", copy.path().to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let cards = copy.path().join("cards.ron").display().to_string();
    assert!(
        stderr.starts_with("Error: in the effect of `spy`"),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("╭─[ {cards}:31:33 ]")), "{stderr}");
    assert!(
        stderr.contains("\nError: in the effect of `wrath`"),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("╭─[ {cards}:59:21 ]")), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: 2 problem(s)", copy.path().display())),
        "{stderr}"
    );
}
