//! What a designer relies on: an edit of a base rule file always changes the
//! default game (or `ludus check` names the variant that overrides it), the
//! binary finds its rules from any directory, and a save resumes wherever it
//! is run.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::RulesCopy;

/// Runs `ludus` in `dir` with `stdin` as its input.
fn ludus_in(dir: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("LUDUS_RULES")
        .env("LUDUS_DATA_DIR", dir.join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A command that stops reading early closes its input: not an error.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The totals of a 300-game seeded simulation with the rules of `rules`.
fn totals(rules: &Path, extra: &[&str]) -> serde_json::Value {
    let here = tempfile::tempdir().unwrap();
    let mut args = vec!["simulate", "--games", "300", "--seed", "4", "--json"];
    let r = rules.to_string_lossy().into_owned();
    args.extend(["--rules", &r]);
    args.extend_from_slice(extra);
    let (code, out, err) = ludus_in(here.path(), &args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["totals"].clone()
}

#[test]
fn an_edit_of_each_base_file_changes_the_default_game() {
    let plain = RulesCopy::new();
    let before = totals(plain.path(), &[]);
    // One edit per base file that shapes the game (game.ron only names it).
    let edits: [(&str, &str, &str); 7] = [
        ("scoring.ron", "mission_bonus: 2,", "mission_bonus: 50,"),
        (
            "turn.ron",
            "action_timing: AnyTime,",
            "action_timing: BeforeRefill,",
        ),
        (
            "cards.ron",
            "choose card c from table(owner: opponent, face: up);",
            "choose card c from table(owner: opponent);",
        ),
        ("limits.ron", "hand_size: 5,", "hand_size: 6,"),
        (
            "setup.ron",
            "action_reserve: Chosen,",
            "action_reserve: Shuffled,",
        ),
        (
            "forum.ron",
            "(id: \"orgy\", name: \"Orgy\", count: 2,",
            "(id: \"orgy\", name: \"Orgy\", count: 1,",
        ),
        (
            "factions.ron",
            "(card: \"veto\", count: 2, name: \"Cleopatra's Veto\"),",
            "(card: \"veto\", count: 1, name: \"Cleopatra's Veto\"),",
        ),
    ];
    for (file, from, to) in edits {
        let copy = RulesCopy::new();
        copy.edit(file, from, to);
        // Totals that change with the edit need their announced totals kept.
        if file == "forum.ron" {
            copy.edit(file, "        total: 8,", "        total: 7,");
        }
        if file == "factions.ron" {
            copy.edit(
                file,
                "name: \"Cleopatra\",\n            influence_total: 37,\n            action_total: 13,",
                "name: \"Cleopatra\",\n            influence_total: 37,\n            action_total: 12,",
            );
        }
        let (code, out, err) =
            ludus_in(copy.path(), &["check", &copy.path().to_string_lossy()], "");
        assert_eq!(code, 0, "{file}: {out}{err}");
        assert!(
            totals(copy.path(), &[]) != before,
            "an edit of {file} ({from} -> {to}) must change the default game"
        );
    }
}

#[test]
fn the_mission_bonus_reaches_every_variant_that_does_not_override_it() {
    let plain = RulesCopy::new();
    let copy = RulesCopy::new();
    copy.edit("scoring.ron", "mission_bonus: 2,", "mission_bonus: 50,");
    for variant in ["base", "fr-confiance", "fr-suffrage", "nl-vertrouwensvraag"] {
        let args = ["--variant", variant];
        let (a, b) = (totals(plain.path(), &args), totals(copy.path(), &args));
        assert!(a["score_sum"] != b["score_sum"], "{variant}");
    }
}

#[test]
fn check_names_every_override_of_an_edited_base_value() {
    // The Veto's effect is one that 001 and 002 override: an edit of the
    // base text reaches the default game, and `check` says which variants
    // keep their own text, with the file and line of both.
    let copy = RulesCopy::new();
    copy.edit(
        "cards.ron",
        "            draw me 1;",
        "            draw me 2;",
    );
    let p = copy.path().to_string_lossy().into_owned();
    let (code, out, err) = ludus_in(copy.path(), &["check", &p], "");
    assert_eq!(code, 0, "{err}");
    for variant in ["fr-suffrage", "nl-vertrouwensvraag"] {
        let line = out
            .lines()
            .find(|l| l.contains(&format!("{variant} overrides card.veto.effect")))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(line.contains("draw me 2;"), "{line}");
        assert!(line.contains("cards.ron:66)"), "{line}");
        assert!(line.contains(&format!("variants/{variant}.ron:")), "{line}");
    }
    assert!(!out.contains("fr-confiance overrides"), "{out}");
}

#[test]
fn the_rules_are_found_from_any_directory_and_a_missing_folder_is_an_error() {
    let here = tempfile::tempdir().unwrap();
    let scenario =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/000/aediles_vote.ron");
    let scenario = scenario.to_string_lossy().into_owned();
    let commands: [&[&str]; 5] = [
        &["simulate", "--games", "50", "--json"],
        &["variants", "list"],
        &["scenario", "run", &scenario],
        &["check"],
        &["play", "--ai", "random", "--seed", "3"],
    ];
    for args in commands {
        let (code, out, err) = ludus_in(here.path(), args, "quit\n");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.trim().is_empty(), "{args:?} printed nothing");
        let mut missing = args.to_vec();
        missing.extend(["--rules", "/nonexistent"]);
        let (code, _, err) = ludus_in(here.path(), &missing, "quit\n");
        assert_eq!(code, 1, "{missing:?}");
        assert!(
            err.contains("rules directory not found: /nonexistent"),
            "{missing:?}: {err}"
        );
    }
    let (code, out, _) = ludus_in(here.path(), &["variants", "list"], "");
    assert_eq!(code, 0);
    assert!(out.contains("base") && out.contains("fr-suffrage"), "{out}");
}

/// Plays a few moves in one folder and returns the autosave's path.
fn a_saved_game(dir: &Path) -> std::path::PathBuf {
    let (code, _, err) = ludus_in(
        dir,
        &["play", "--ai", "random", "--seed", "9"],
        "1\n1\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let saves = dir.join("data/saves");
    std::fs::read_dir(&saves)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("an autosave")
}

#[test]
fn a_save_resumes_from_another_directory_and_old_saves_still_load() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let save = a_saved_game(a.path());
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("game: \"caesar_cleopatra\""), "{text}");
    assert!(text.contains("fingerprint: Some("), "{text}");
    assert!(
        !text.contains(a.path().to_str().unwrap()),
        "no path: {text}"
    );
    let moved = b.path().join("moved.ron");
    std::fs::copy(&save, &moved).unwrap();
    let (code, _, err) = ludus_in(b.path(), &["replay", "moved.ron"], "");
    assert_eq!(code, 0, "{err}");
    // A save of the earlier format named an absolute rules folder and no
    // fingerprint: it still replays with the built-in rules.
    let old: String = text
        .lines()
        .filter(|l| !l.contains("fingerprint: Some("))
        .map(|l| {
            if l.contains("game: \"caesar_cleopatra\"") {
                "        dir: \"/gone/rules/caesar_cleopatra\",".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(b.path().join("old.ron"), old).unwrap();
    let (code, _, err) = ludus_in(b.path(), &["replay", "old.ron"], "");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_save_whose_rules_changed_says_so() {
    let a = tempfile::tempdir().unwrap();
    let save = a_saved_game(a.path());
    let copy = RulesCopy::new();
    copy.edit("scoring.ron", "mission_bonus: 2,", "mission_bonus: 3,");
    let rules = copy.path().to_string_lossy().into_owned();
    let s = save.to_string_lossy().into_owned();
    let (code, _, err) = ludus_in(
        a.path(),
        &["play", "--resume", &s, "--rules", &rules],
        "quit\n",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("differ from those this game was played with"),
        "{err}"
    );
    // Rules that no longer load: the save names them and the problem.
    let broken = RulesCopy::new();
    broken.edit("scoring.ron", "mission_bonus: 2,", "mission_bonus: two,");
    let rules = broken.path().to_string_lossy().into_owned();
    let (code, _, err) = ludus_in(
        a.path(),
        &["play", "--resume", &s, "--rules", &rules],
        "quit\n",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("do not load"), "{err}");
    assert!(err.contains("scoring.ron"), "{err}");
}

#[test]
fn the_agents_weights_of_a_rules_folder_are_the_ones_played() {
    // `agents/greedy.ron` beside the rules is data like the rest: an edit
    // of a copy changes how greedy plays, and a broken weight is reported.
    let plain = RulesCopy::new();
    let copy = RulesCopy::new();
    copy.edit("agents/greedy.ron", "card_value: 0.3,", "card_value: 3.0,");
    let greedy = ["--agents", "greedy,greedy", "--games", "40"];
    let run = |rules: &Path| {
        let here = tempfile::tempdir().unwrap();
        let r = rules.to_string_lossy().into_owned();
        let mut args = vec!["simulate", "--seed", "2", "--json", "--rules", &r];
        args.extend_from_slice(&greedy);
        let (code, out, err) = ludus_in(here.path(), &args, "");
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["totals"].clone()
    };
    assert!(
        run(plain.path()) != run(copy.path()),
        "the weights must count"
    );
    let broken = RulesCopy::new();
    broken.edit(
        "agents/greedy.ron",
        "card_value: 0.3,",
        "card_value: \"x\",",
    );
    let p = broken.path().to_string_lossy().into_owned();
    let (code, _, err) = ludus_in(broken.path(), &["check", &p], "");
    assert_eq!(code, 1);
    assert!(err.contains("agents/greedy.ron:"), "{err}");
}
