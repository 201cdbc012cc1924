//! `ludus sweep` and the paired analysis of `simulate --compare`: a
//! planted effect found, a rule that cannot change play shown as never
//! exercised (no effect after the correction), random agents warned of,
//! a sweep's means equal to `--compare`'s, shards merged into the same
//! bytes as one run (in process and through GNU parallel), de Cape with
//! 4 players, and an effect the paired `--compare` resolves that the
//! unpaired tests missed.

use serde_json::Value;

use crate::common::ludus;

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn set<'a>(r: &'a Value, label: &str) -> &'a Value {
    r["sets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"] == label)
        .unwrap_or_else(|| panic!("no set {label}"))
}

fn effect<'a>(s: &'a Value, id: &str) -> &'a Value {
    s["effects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id)
        .unwrap_or_else(|| panic!("no effect {id}"))
}

const PLANTED: [&str; 14] = [
    "sweep",
    "--games",
    "400",
    "--seed",
    "1",
    "--only",
    "scoring.mission_bonus",
    "--range",
    "scoring.mission_bonus=0..10:5",
    "--add",
    ";faction.caesar.name=\"Julius\"",
    "--quiet",
    "--threads",
    "2",
];

/// Under greedy agents the mission bonus moves the balance (the planted
/// effect: a bonus of 10 makes the mission the game), resolved after
/// Holm's correction; a name changes no game: never exercised, no
/// effect. Under random agents the report warns that they ignore rules.
#[test]
fn a_planted_effect_is_found_and_a_name_has_none() {
    let mut args = PLANTED.to_vec();
    args.push("--json");
    let r = json_of(&args);
    assert_eq!(r["correction"], "holm");
    assert_eq!(r["warning"], Value::Null);
    let ten = set(&r, "scoring.mission_bonus=10");
    let e = effect(ten, "seat_spread");
    assert_eq!(e["resolved"], true, "{e}");
    assert!(f(&e["p_holm"]) < 0.05 && f(&e["ci95"][1]) < 0.0, "{e}");
    let name = set(&r, ";faction.caesar.name=\"Julius\"");
    assert_eq!(name["never_exercised"], true, "{name}");
    assert_eq!(name["identical"], 400);
    for e in name["effects"].as_array().unwrap() {
        assert_eq!(e["resolved"], false, "{e}");
        assert_eq!(f(&e["diff"]), 0.0, "{e}");
    }
    assert!(
        r["never_exercised"]
            .as_array()
            .unwrap()
            .contains(&name["label"])
    );
    // The ranking puts the resolved first and the never exercised last.
    let ranking = r["ranking"].as_array().unwrap();
    assert_eq!(ranking[0]["effect"]["resolved"], true);
    assert_eq!(ranking.last().unwrap()["never_exercised"], true);

    let mut random = PLANTED.to_vec();
    random.extend(["--agents", "random"]);
    let (code, out, err) = ludus(&random);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("warning: random agents ignore every rule they do not see"),
        "{out}"
    );
    assert!(out.contains("Never exercised by these agents"), "{out}");
}

/// A rule set's means in a sweep are `simulate --compare`'s for the same
/// sets, seeds and agents, and so are the paired differences.
#[test]
fn sweep_means_equal_compare_means() {
    let s = json_of(&[
        "sweep",
        "--games",
        "150",
        "--seed",
        "4",
        "--only",
        "scoring.mission_bonus",
        "--range",
        "scoring.mission_bonus=5..5",
        "--json",
        "--quiet",
    ]);
    let c = json_of(&[
        "simulate",
        "--games",
        "150",
        "--seed",
        "4",
        "--agents",
        "greedy",
        "--compare",
        "",
        "--compare",
        ";scoring.mission_bonus=5",
        "--json",
        "--quiet",
    ]);
    let swept = set(&s, "scoring.mission_bonus=5");
    let row = |id: &str| {
        c["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no row {id}"))
            .clone()
    };
    for id in [
        "win_cleopatra",
        "draw",
        "turns",
        "score_caesar",
        "margin",
        "end_lone_player",
    ] {
        let (e, r) = (effect(swept, id), row(id));
        assert!(
            (f(&e["base"]) - f(&r["values"][0])).abs() < 1e-12,
            "{id}: {e} {r}"
        );
        assert!(
            (f(&e["value"]) - f(&r["values"][1])).abs() < 1e-12,
            "{id}: {e} {r}"
        );
        let d = &r["diffs"][1];
        assert!((f(&e["diff"]) - f(&d["diff"])).abs() < 1e-12, "{id}");
        assert_eq!(e["test"], d["test"], "{id}");
        assert!((f(&e["ci95"][0]) - f(&d["ci95"][0])).abs() < 1e-12, "{id}");
    }
}

/// `--compare` now pairs the games: with random agents a majority bonus
/// of 2 moves the score margin by about +0.2 points, which the unpaired
/// Welch test (the sets as independent samples) missed and the paired
/// t-test resolves.
#[test]
fn paired_compare_resolves_what_unpaired_missed() {
    let c = json_of(&[
        "simulate",
        "--games",
        "2000",
        "--seed",
        "1",
        "--compare",
        "",
        "--compare",
        ";scoring.majority_bonus=2",
        "--json",
        "--quiet",
    ]);
    let row = c["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "margin")
        .unwrap()
        .clone();
    let d = &row["diffs"][1];
    assert_eq!(d["test"], "paired-t");
    assert!(f(&d["p"]) < 0.001 && f(&d["ci95"][0]) > 0.0, "{d}");
    // The same sets' own intervals, as the unpaired test read them.
    let se = |i: usize| {
        let ci = &c["sets"][i]["measures"]["margin"]["ci95"];
        (f(&ci[1]) - f(&ci[0])) / (2.0 * 1.959_964)
    };
    let z = f(&d["diff"]) / (se(0).powi(2) + se(1).powi(2)).sqrt();
    assert!(
        z.abs() < 1.96,
        "unpaired z {z}: the unpaired test would have resolved it"
    );
}

/// Shards of a sweep merge into the same JSON, byte for byte, as the
/// whole run (the bootstrap seeded by the run, the sums exact).
#[test]
fn sweep_shards_merge_into_the_same_report() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "sweep", "--games", "40", "--seed", "9", "--only", "scoring", "--agents", "random",
        "--quiet", "--json",
    ];
    let (code, whole, err) = ludus(&base);
    assert_eq!(code, 0, "{err}");
    let mut files = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let (code, out, err) = ludus(&args);
        assert_eq!(code, 0, "{err}");
        let p = dir.path().join(format!("part{i}.json"));
        std::fs::write(&p, out).unwrap();
        files.push(p.display().to_string());
    }
    let mut merge = vec!["merge", "--json"];
    merge.extend(files.iter().map(String::as_str).rev());
    let (code, merged, err) = ludus(&merge);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole);
    // A missing shard is named.
    let (code, _, err) = ludus(&["merge", "--json", &files[0], &files[1]]);
    assert_eq!(code, 1);
    assert!(err.contains("missing shard(s): 2/3"), "{err}");
}

/// The same sweep through GNU parallel (4 shards, as docs/sweep.md
/// runs it): the merged report is the single run's. Skipped with a
/// notice when `parallel` is not installed, unless
/// LUDUS_REQUIRE_PARALLEL=1 (CI installs it and sets it).
#[test]
fn sweep_shards_through_gnu_parallel() {
    let have = std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok();
    if !have {
        assert!(
            std::env::var("LUDUS_REQUIRE_PARALLEL").as_deref() != Ok("1"),
            "GNU parallel is required (LUDUS_REQUIRE_PARALLEL=1) but not installed"
        );
        eprintln!(
            "notice: GNU parallel is not installed; sweep_shards_through_gnu_parallel skipped"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_ludus");
    let run = "--games 40 --seed 5 --only scoring --agents random --quiet --json";
    let cmd = format!("{bin} sweep {run} --shard {{}}/4 > part{{}}.json");
    let out = std::process::Command::new("parallel")
        .args([
            "--will-cite",
            "--halt",
            "now,fail=1",
            &cmd,
            ":::",
            "0",
            "1",
            "2",
            "3",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parts: Vec<String> = (0..4)
        .map(|i| {
            dir.path()
                .join(format!("part{i}.json"))
                .display()
                .to_string()
        })
        .collect();
    let mut merge = vec!["merge", "--json"];
    merge.extend(parts.iter().map(String::as_str));
    let (code, merged, err) = ludus(&merge);
    assert_eq!(code, 0, "{err}");
    let args: Vec<&str> = ["sweep"].into_iter().chain(run.split(' ')).collect();
    let (code, whole, err) = ludus(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole);
}

/// The same command on de Cape & d'Épée with 4 players: its toggles
/// (from toggles.ron) swept, its own per-game measures among the
/// effects; a toggle greedy agents never meet is never exercised.
#[test]
fn de_cape_four_players_sweeps() {
    let r = json_of(&[
        "sweep",
        "--game",
        "de-cape",
        "--players",
        "4",
        "--games",
        "30",
        "--only",
        "toggles.column.below",
        "--only",
        "toggles.empty_hand",
        "--json",
        "--quiet",
    ]);
    assert_eq!(r["run"]["seats"].as_array().unwrap().len(), 4);
    let labels: Vec<&str> = r["sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"toggles.column.below=Nearer"),
        "{labels:?}"
    );
    let s = &r["sets"][0];
    for id in [
        "seat_spread",
        "first_seat_edge",
        "win_blue",
        "turns",
        "score_spread",
    ] {
        effect(s, id);
    }
}

/// Bad options are refused with the legal choices, before any game.
#[test]
fn sweep_refuses_bad_options() {
    let (code, _, err) = ludus(&["sweep", "--range", "scoring.mision_bonus=0..3"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean scoring.mission_bonus?"), "{err}");
    let (code, _, err) = ludus(&["sweep", "--measure", "balance_of_power"]);
    assert_eq!(code, 2);
    assert!(err.contains("seat_spread"), "{err}");
    let (code, _, err) = ludus(&["sweep", "--range", "scoring.mission_bonus=5..1"]);
    assert_eq!(code, 2);
    assert!(err.contains("KEY=A..B"), "{err}");
}
