//! The `ludus` binary, as a user runs it.

use crate::common;

use common::ludus;

fn without_timing(mut v: serde_json::Value) -> serde_json::Value {
    let o = v.as_object_mut().unwrap();
    for k in ["seconds", "games_per_sec", "turns_per_sec", "threads"] {
        o.remove(k);
    }
    v
}

#[test]
fn simulate_json_has_the_keys_and_is_reproducible() {
    let run = |threads: &str| {
        let (code, out, err) = ludus(&[
            "simulate",
            "--games",
            "500",
            "--seed",
            "1",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), 1, "exactly one JSON object");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let a = run("1");
    for k in ["games", "seconds", "games_per_sec", "mean_turns"] {
        assert!(a.get(k).is_some(), "missing {k}");
    }
    assert_eq!(a["games"], 500);
    let w = &a["win_rate"];
    let sum = w["cleopatra"].as_f64().unwrap()
        + w["caesar"].as_f64().unwrap()
        + w["draw"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-9);
    assert_eq!(without_timing(a), without_timing(run("2")));
}

#[test]
fn simulate_prints_a_table() {
    let (code, out, _) = ludus(&["simulate", "--games", "50", "--seed", "3"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("cleopatra") && out.contains("mean turns per game"),
        "{out}"
    );
}

#[test]
fn check_accepts_the_shipped_rules() {
    let (code, out, err) = ludus(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("rules/caesar_cleopatra: ok"), "{out}");
}

#[test]
fn check_reports_a_bad_file_with_its_position_and_fails() {
    let copy = common::RulesCopy::new();
    copy.edit(
        "forum.ron",
        "effect: Vote(\"aediles\")",
        "effect: Vote(\"edils\")",
    );
    let dir = copy.path().to_str().unwrap();
    let (code, _, err) = ludus(&["check", dir]);
    assert_eq!(code, 1);
    // Each error once: its message, then the box at its place.
    let first = err.lines().next().unwrap();
    assert_eq!(first, "Error: unknown group \"edils\"", "{err}");
    assert!(
        err.contains(&format!("╭─[ {dir}/forum.ron:27:72 ]")),
        "{err}"
    );
    assert_eq!(err.matches("unknown group \"edils\"").count(), 1, "{err}");
    assert!(
        err.contains("no vote card names the group \"aediles\""),
        "{err}"
    );
}

#[test]
fn wrong_commands_get_usage_errors_not_panics() {
    let (code, _, err) = ludus(&["simulate", "--games", "many"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'many'"), "{err}");
    let (code, _, err) = ludus(&["simulat"]);
    assert_eq!(code, 2);
    assert!(err.contains("simulate"), "{err}");
    let (code, _, err) = ludus(&["check", "/nonexistent"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("rules directory not found: /nonexistent"),
        "{err}"
    );
    for cmd in [
        &["--help"][..],
        &["simulate", "--help"],
        &["check", "--help"],
    ] {
        let (code, out, _) = ludus(cmd);
        assert_eq!(code, 0);
        assert!(out.contains("Usage"));
    }
}

#[test]
fn simulate_runs_every_variant_and_addon_and_the_rules_show() {
    let run = |args: &[&str]| {
        let mut all = vec!["simulate", "--games", "600", "--seed", "1", "--json"];
        all.extend_from_slice(args);
        let (code, out, err) = ludus(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        without_timing(serde_json::from_str::<serde_json::Value>(&out).unwrap())
    };
    let confiance = run(&["--variant", "fr-confiance"]);
    let base = run(&[]);
    assert_eq!(
        base,
        run(&["--variant", "base"]),
        "the base rules are the default"
    );
    // 000 is the base rules under its own name: the same games.
    assert_eq!(confiance["totals"], base["totals"]);
    assert_eq!(confiance["run"]["variant"], "fr-confiance");
    let suffrage = run(&["--variant", "fr-suffrage"]);
    let dutch = run(&["--variant", "nl-vertrouwensvraag"]);
    assert_ne!(confiance, suffrage);
    assert_ne!(confiance, dutch);
    // 001 has no tie-break on points: more draws.
    let draws = |v: &serde_json::Value| v["win_rate"]["draw"].as_f64().unwrap();
    assert!(
        draws(&suffrage) > draws(&confiance),
        "{} vs {}",
        draws(&suffrage),
        draws(&confiance)
    );
    for addon in ["orgy-a", "orgy-b", "beginner"] {
        assert_ne!(
            run(&["--addon", addon]),
            confiance,
            "{addon} changes the games"
        );
    }
    let changed = run(&["--set", "scoring.mission_bonus=1"]);
    assert!(
        changed["mean_score"]["cleopatra"].as_f64() < confiance["mean_score"]["cleopatra"].as_f64()
    );
}

#[test]
fn variants_commands() {
    let (code, out, _) = ludus(&["variants", "list"]);
    assert_eq!(code, 0);
    for id in [
        "fr-confiance",
        "fr-suffrage",
        "nl-vertrouwensvraag",
        "orgy-a",
        "orgy-b",
        "beginner",
    ] {
        assert!(out.contains(id), "{out}");
    }
    let (code, out, _) = ludus(&["variants", "show", "fr-suffrage"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("turn.action_timing = BeforeRefill [fr-suffrage]"),
        "{out}"
    );
    assert!(out.contains("limits.per_side = 5 [base]"), "{out}");
    let (code, _, err) = ludus(&["variants", "show", "fr-sufrage"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean \"fr-suffrage\""), "{err}");
}

#[test]
fn variants_diff_lists_every_difference_between_000_and_001() {
    let (code, out, _) = ludus(&["variants", "diff", "fr-confiance", "fr-suffrage"]);
    assert_eq!(code, 0);
    common::snapshot_settings_fn(|| {
        insta::assert_snapshot!("variants_diff_confiance_suffrage", out)
    });
}

#[test]
fn scenario_run_prints_what_the_harness_checks() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "tests/scenarios/000/aediles_vote.ron",
        "tests/scenarios/001/philosopher_alone.ron",
    ] {
        let (code, out, err) = ludus(&["scenario", "run", file]);
        assert_eq!(code, 0, "{err}");
        let expected = ludus::games::caesar_cleopatra::scenario::run_file(
            &root.join(file),
            &root.join("rules/caesar_cleopatra"),
            false,
        )
        .unwrap();
        assert_eq!(out, expected);
        let (code, out, _) = ludus(&["scenario", "run", file, "--json"]);
        assert_eq!(code, 0);
        serde_json::from_str::<serde_json::Value>(&out).unwrap();
    }
    let (code, _, err) = ludus(&["scenario", "run", "tests/scenarios/err/illegal_move.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("illegal_move.ron:"), "{err}");
}
