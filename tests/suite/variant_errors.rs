//! Malformed variants and `--set` values: clear errors at the variant file's
//! line and column.

use crate::common;

use common::RulesCopy;
use ludus::games::caesar_cleopatra::variant::{self, Selection};

fn snapshot(name: &str, text: &str) {
    snapshot_settings!().bind(|| insta::assert_snapshot!(name, text));
}

/// Writes `variants/mine.ron` with these settings and loads it.
fn errors_of(settings: &str) -> String {
    let copy = RulesCopy::new();
    let text = format!(
        "// A designer's variant.\n(\n    rulebook: \"000\",\n    description: \"mine\",\n    set: [\n{settings}\n    ],\n)\n"
    );
    std::fs::write(copy.path().join("variants/mine.ron"), text).unwrap();
    errors_with(&copy, Selection::variant("mine"))
}

fn errors_with(copy: &RulesCopy, sel: Selection) -> String {
    let d = variant::load(copy.path(), &sel).expect_err("must not load");
    let prefix = format!("{}/", copy.path().display());
    d.to_string().replace(&prefix, "rules/")
}

#[test]
fn an_unknown_rule_is_named_with_the_nearest() {
    snapshot(
        "variant_unknown_rule",
        &errors_of(r#"        ("turn.action_timnig", BeforeRefill, "001"),"#),
    );
}

#[test]
fn a_value_of_the_wrong_type() {
    snapshot(
        "variant_wrong_type",
        &errors_of(r#"        ("scoring.mission_bonus", "two", "001"),"#),
    );
}

#[test]
fn an_unknown_value_lists_the_valid_ones() {
    snapshot(
        "variant_unknown_value",
        &errors_of(r#"        ("turn.reshuffle", Shuffle, "000"),"#),
    );
}

#[test]
fn the_dutch_patricians_do_not_add_up() {
    // 002 lists "5 Zensoren" and "5 Aedilen" but announces 21 patricians.
    snapshot(
        "variant_dutch_patricians",
        &errors_of(
            r#"        ("group.censors.size", 5, "002: 5 Zensoren (moralisten)"),
        ("group.aediles.size", 5, "002: 5 Aedilen (politiemacht)"),"#,
        ),
    );
}

#[test]
fn a_broken_effect_in_a_variant_is_reported_in_the_variant() {
    snapshot(
        "variant_broken_effect",
        &errors_of(
            r##"        ("card.wrath.effect", r#"
            choose group g;
            remove tabel(group: g);
        "#, "001"),"##,
        ),
    );
}

#[test]
fn a_syntax_error_in_a_variant_file() {
    snapshot(
        "variant_syntax_error",
        &errors_of(r#"        ("turn.reshuffle", DrawAndDiscard "000"),"#),
    );
}

#[test]
fn an_unknown_variant_and_an_addon_used_as_a_variant() {
    let copy = RulesCopy::new();
    let a = errors_with(&copy, Selection::variant("fr-sufrage"));
    let b = errors_with(&copy, Selection::variant("beginner"));
    let c = errors_with(
        &copy,
        Selection {
            variant: Some("fr-confiance".into()),
            addons: vec!["orgy-c".into()],
            sets: vec![],
            lang: None,
            players: None,
        },
    );
    snapshot("variant_unknown_names", &format!("{a}\n{b}\n{c}"));
}

#[test]
fn bad_command_line_settings() {
    let copy = RulesCopy::new();
    let sel = |s: &str| Selection {
        variant: Some("fr-confiance".into()),
        addons: vec![],
        sets: vec![s.into()],
        lang: None,
        players: None,
    };
    let text = [
        errors_with(&copy, sel("scoring.mision_bonus=1")),
        errors_with(&copy, sel("turn.action_timing=Whenever")),
        errors_with(&copy, sel("limits.hand_size")),
        errors_with(&copy, sel("limits.hand_size=0")),
    ]
    .join("\n");
    snapshot("variant_bad_sets", &text);
}

#[test]
fn the_binary_reports_a_bad_set_and_fails() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "simulate",
            "--games",
            "10",
            "--set",
            "turn.action_timing=Whenever",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("--set turn.action_timing:1:1: error: wrong value"),
        "{err}"
    );
    assert!(err.contains("AnyTime, BeforeRefill"), "{err}");
}
