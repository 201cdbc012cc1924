//! The designer's reports as a designer meets them (issue 43, points 7 to
//! 12): the rules' source named in every report, a rules folder compared
//! with the shipped rules, measures of N seats that read 0 when the game
//! is fair, a comparison table within 100 columns and an HTML comparison
//! that charts the largest differences first, Ctrl-C that stops a run with
//! a partial report, and counts that must be positive.

use crate::common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use common::{RulesCopy, ludus};

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Point 7: the text, JSON and HTML reports of `simulate` and `merge` say
/// where the rules come from: built in, or the folder given.
#[test]
fn reports_name_the_rules_source() {
    let (code, out, err) = ludus(&["simulate", "--games", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Caesar & Cleopatra (base) from the built-in rules: random vs random"),
        "{out}"
    );
    let copy = RulesCopy::new();
    let dir = copy.path().to_str().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let html = tmp.path().join("r.html");
    let (code, out, err) = ludus(&["simulate", "--games", "20", "--rules", dir]);
    assert_eq!(code, 0, "{err}");
    let words = format!("Caesar & Cleopatra (base) from the rules folder {dir}: ");
    assert!(out.starts_with(&words), "{out}");
    let j = json_of(&[
        "simulate",
        "--games",
        "20",
        "--rules",
        dir,
        "--json",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(j["run"]["rules_source"], dir);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(&format!("rules: the rules folder {dir}")),
        "the HTML names the folder"
    );
    assert_eq!(
        json_of(&["simulate", "--games", "20", "--json"])["run"]["rules_source"],
        "built-in"
    );
    // The folder of $LUDUS_RULES.
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["simulate", "--games", "20"])
        .env("LUDUS_RULES", dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(&words));
    // `merge` names the shards' folder.
    let mut files = Vec::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let part = json_of(&[
            "simulate", "--games", "40", "--rules", dir, "--json", "--shard", &shard,
        ]);
        let p = tmp.path().join(format!("part{i}.json"));
        std::fs::write(&p, part.to_string()).unwrap();
        files.push(p.to_str().unwrap().to_string());
    }
    let (code, out, err) = ludus(&["merge", "--rules", dir, &files[0], &files[1]]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&words), "{out}");
    let merged = json_of(&["merge", "--rules", dir, "--json", &files[0], &files[1]]);
    assert_eq!(merged["run"]["rules_source"], dir);
}

/// Point 8: `--compare dir=FOLDER` plays a designer's copy of the rules
/// against the shipped ones on the same seeds; the report names each
/// set's source; a folder of another game is refused, naming it.
#[test]
fn compare_plays_a_rules_folder_against_the_shipped_rules() {
    let copy = RulesCopy::new();
    copy.edit("scoring.ron", "mission_bonus: 2,", "mission_bonus: 5,");
    let dir = copy.path().to_str().unwrap();
    let folder = format!("dir={dir}");
    let args = [
        "simulate",
        "--games",
        "300",
        "--compare",
        "",
        "--compare",
        &folder,
    ];
    let c = json_of(&[&args[..], &["--json"]].concat());
    let label = format!("dir={dir}|base");
    assert_eq!(c["compare"], serde_json::json!(["base", label]));
    assert_eq!(c["sets"][0]["run"]["rules_source"], "built-in");
    assert_eq!(c["sets"][1]["run"]["rules_source"], dir);
    assert_ne!(
        c["sets"][0]["run"]["rules_fingerprint"],
        c["sets"][1]["run"]["rules_fingerprint"]
    );
    // The same games, only the mission bonus changed: the scores rise
    // by 3 for each fulfilled mission, and nothing else moves.
    let m = |s: usize, id: &str| f(&c["sets"][s]["measures"][id]["value"]);
    assert_eq!(m(0, "turns"), m(1, "turns"));
    assert!(m(1, "score_caesar") > m(0, "score_caesar"));
    let (code, out, err) = ludus(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[A] base, the built-in rules"), "{out}");
    assert!(
        out.contains(&format!("[B] {label}, the rules folder {dir}")),
        "{out}"
    );
    // The run's own folder against the built-in rules: dir=built-in.
    let c = json_of(&[
        "simulate",
        "--games",
        "50",
        "--rules",
        dir,
        "--compare",
        "dir=built-in|base",
        "--compare",
        "",
        "--json",
    ]);
    assert_eq!(c["sets"][0]["run"]["rules_source"], "built-in");
    assert_eq!(c["sets"][1]["run"]["rules_source"], dir);
    // A folder holding another game is refused with both games named.
    let de_cape = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/de_cape_et_d_epee");
    let other = format!("dir={}", de_cape.display());
    let (code, out, err) = ludus(&["simulate", "--compare", "", "--compare", &other]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("holds the rules of the game module described")
            && err.contains("the run plays caesar_cleopatra"),
        "{err}"
    );
    let (code, _, err) = ludus(&["simulate", "--compare", "", "--compare", "dir="]);
    assert_eq!(code, 2);
    assert!(err.contains("name a folder after dir="), "{err}");
}

/// Point 9: with N seats, the first-player advantage is the first seat's
/// win rate minus the others' mean and the score margin the first seat's
/// score minus the others' mean (both 0 when the seats are alike); with
/// two seats they are what they were.
#[test]
fn seat_measures_are_differences_to_the_others_mean() {
    let r = json_of(&[
        "simulate",
        "--game",
        "de-cape",
        "--players",
        "4",
        "--games",
        "400",
        "--json",
    ]);
    let seats = ["blue", "white", "red", "green"];
    let w = |s: &str| f(&r["win_rate"][s]);
    let sc = |s: &str| f(&r["mean_score"][s]);
    let others_wins: f64 = seats[1..].iter().map(|s| w(s)).sum::<f64>() / 3.0;
    let others_score: f64 = seats[1..].iter().map(|s| sc(s)).sum::<f64>() / 3.0;
    let m = &r["measures"];
    let adv = f(&m["first_player_advantage"]["value"]);
    assert!((adv - (w("blue") - others_wins)).abs() < 1e-9, "{adv}");
    let margin = f(&m["margin"]["value"]);
    assert!(
        (margin - (sc("blue") - others_score)).abs() < 1e-9,
        "{margin}"
    );
    assert_eq!(
        m["margin"]["label"],
        "score margin (Blue - the others' mean)"
    );
    for id in ["first_player_advantage", "margin"] {
        let (lo, hi) = (f(&m[id]["ci95"][0]), f(&m[id]["ci95"][1]));
        assert!(lo < f(&m[id]["value"]) && f(&m[id]["value"]) < hi, "{id}");
    }
    // Two seats: the first's wins minus the second's, and the score
    // difference.
    let r = json_of(&["simulate", "--games", "400", "--json"]);
    let m = &r["measures"];
    let (cleo, caesar) = (f(&r["win_rate"]["cleopatra"]), f(&r["win_rate"]["caesar"]));
    assert!((f(&m["first_player_advantage"]["value"]) - (cleo - caesar)).abs() < 1e-9);
    let d = f(&r["mean_score"]["cleopatra"]) - f(&r["mean_score"]["caesar"]);
    assert!((f(&m["margin"]["value"]) - d).abs() < 1e-9);
    assert_eq!(m["margin"]["label"], "score margin (Cleopatra - Caesar)");
}

/// A comparison's table without the seconds each set took.
fn without_seconds(text: &str) -> String {
    text.lines()
        .map(|l| match (l.starts_with("  ["), l.rfind("  (")) {
            (true, Some(i)) if l.ends_with(" s)") => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Point 10: the comparison table fits 100 columns for two sets (one line
/// per measure) and six (a line per set under each measure); `--wide`
/// keeps one line per measure. The three-set table is a snapshot.
#[test]
fn the_compare_table_fits_100_columns() {
    let six = [
        "fr-confiance",
        "+orgy-b",
        "fr-suffrage",
        "nl-vertrouwensvraag",
        "+orgy-a",
        "fr-confiance;scoring.mission_bonus=1",
    ];
    let table = |n: usize, wide: bool| {
        let mut args = vec!["simulate", "--games", "200"];
        for s in &six[..n] {
            args.extend(["--compare", s]);
        }
        if wide {
            args.push("--wide");
        }
        let (code, out, err) = ludus(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    for n in [2, 6] {
        let out = table(n, false);
        let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 100, "{n} sets: {widest} columns\n{out}");
        assert!(out.contains("orgies turned up per game"), "{out}");
    }
    let two = table(2, false);
    assert!(
        two.lines().any(|l| l.starts_with("  game length (turns)")
            && l.contains('[')
            && (l.ends_with("yes") || l.ends_with("no"))),
        "two sets: one line per measure\n{two}"
    );
    let wide = table(6, true);
    assert!(wide.lines().any(|l| l.chars().count() > 300), "{wide}");
    assert!(wide.contains("F-A"), "{wide}");
    let three = without_seconds(&table(3, false));
    crate::snapshot_settings!().bind(|| insta::assert_snapshot!("compare_three_sets", three));
}

/// Point 10: the HTML comparison charts first the measures whose
/// difference is significant and largest in standard deviations of one
/// game's value, also those not among the usual key measures.
#[test]
fn the_html_comparison_charts_the_largest_differences_first() {
    let tmp = tempfile::tempdir().unwrap();
    let html = tmp.path().join("c.html");
    let c = json_of(&[
        "simulate",
        "--games",
        "500",
        "--compare",
        "fr-confiance",
        "--compare",
        "+orgy-b",
        "--json",
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    // The sizes, computed here from the JSON rows.
    let sd = |r: &Value, s: usize| {
        (f(&r["ci95"][s][1]) - f(&r["ci95"][s][0])) / (2.0 * 1.959963984540054)
            * f(&r["n"][s]).sqrt()
    };
    let mut sized: Vec<(f64, String)> = c["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["diffs"][1]["significant"] == true)
        .map(|r| {
            let pooled = ((sd(r, 0).powi(2) + sd(r, 1).powi(2)) / 2.0).sqrt();
            let d = f(&r["diffs"][1]["diff"]).abs();
            let size = if pooled > 0.0 {
                d / pooled
            } else {
                f64::INFINITY
            };
            (size, r["id"].as_str().unwrap().to_string())
        })
        .collect();
    sized.sort_by(|a, b| b.0.total_cmp(&a.0));
    assert!(sized.len() >= 3, "{sized:?}");
    let charts: Vec<&str> = page
        .split("data-chart=\"cmp_")
        .skip(1)
        .map(|p| &p[..p.find('"').unwrap()])
        .collect();
    let leading: Vec<&str> = sized.iter().take(6).map(|s| s.1.as_str()).collect();
    assert_eq!(&charts[..leading.len()], &leading[..], "{sized:?}");
    let first = page.find("Largest significant differences").unwrap();
    assert!(first < page.find("Key measures").unwrap());
    // Ending by all patricians changes most often and is no key measure.
    assert!(charts.contains(&"end_all_patricians"), "{charts:?}");
}

/// Runs `ludus args` (writing `csv`), sends it SIGINT once the CSV file
/// has rows, and returns its exit code, stdout and stderr.
fn interrupted(args: &[&str], csv: &Path) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let rows = || std::fs::read_to_string(csv).map_or(0, |t| t.lines().count());
    while rows() < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no rows written");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: sends a signal to the child this test started.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("simulate did not stop after SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), out, err)
}

/// The rows of a CSV file, each checked whole (as many fields as the
/// header, the file ending with a line end), and their `index` column.
fn csv_indices(csv: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(csv).unwrap();
    assert!(text.ends_with('\n'), "the CSV ends on a whole row");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let ix = header.iter().position(|h| *h == "index").unwrap();
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), header.len(), "a whole row: {l}");
            cells[ix].parse().unwrap()
        })
        .collect()
}

/// Point 11: Ctrl-C during `simulate` says how many games were played,
/// prints the report of the first games of the run marked partial (the
/// same figures as a run of only those games), leaves the CSV on a whole
/// row and exits with 130; a comparison stops every set after the same
/// games.
#[test]
fn ctrl_c_stops_simulate_with_a_partial_report() {
    let tmp = tempfile::tempdir().unwrap();
    let (csv, html) = (tmp.path().join("g.csv"), tmp.path().join("r.html"));
    let (code, out, err) = interrupted(
        &[
            "simulate",
            "--games",
            "100000000",
            "--seed",
            "3",
            "--json",
            "--csv",
            csv.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
        &csv,
    );
    assert_eq!(code, 130, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    let k = r["games"].as_u64().unwrap();
    assert!(k > 0);
    assert_eq!(r["run"]["partial"], serde_json::json!([0, k]));
    assert!(
        err.contains(&format!(
            "interrupted: {k} of 100000000 games played (games 0 to {})",
            k - 1
        )),
        "{err}"
    );
    assert_eq!(csv_indices(&csv), (0..k).collect::<Vec<_>>());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("PARTIAL REPORT"),
        "the HTML says it is partial"
    );
    // The same seed plays the same games: a run of the first k games
    // gives the same figures.
    let whole = json_of(&[
        "simulate",
        "--games",
        &k.to_string(),
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(r["totals"], whole["totals"]);
    assert_eq!(r["measures"], whole["measures"]);
    // A partial shard cannot be merged as if whole.
    let part = tmp.path().join("part.json");
    std::fs::write(&part, &out).unwrap();
    let (code, _, err) = ludus(&["merge", part.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("is a partial report"), "{err}");

    // A comparison in words: both sets stopped after the same games.
    let csv2 = tmp.path().join("c.csv");
    let (code, out, err) = interrupted(
        &[
            "simulate",
            "--games",
            "100000000",
            "--compare",
            "fr-confiance",
            "--compare",
            "+orgy-b",
            "--csv",
            csv2.to_str().unwrap(),
        ],
        &csv2,
    );
    assert_eq!(code, 130, "{err}");
    assert!(
        out.starts_with("PARTIAL REPORT: the run was stopped after "),
        "{out}"
    );
    let rows = csv_indices(&csv2);
    let per_set = rows.iter().filter(|&&i| i == 0).count();
    assert_eq!(per_set, 2, "both sets' rows");
    let k = rows.len() as u64 / 2;
    assert!(
        out.contains(&format!("Comparing 2 rule sets on the same {k} games")),
        "{out}"
    );
}

/// Point 12: counts must be positive whole numbers (clap says so, naming
/// the option), and a thread per game at most: `--threads 1000` with 200
/// games runs.
#[test]
fn counts_must_be_positive_and_threads_fit_the_work() {
    let positive = "the number must be positive: a whole number, 1 or more";
    let cases: [(&[&str], &str, &str); 7] = [
        (
            &["simulate", "--games", "-1"],
            "'-1' for '--games <GAMES>'",
            positive,
        ),
        (
            &["simulate", "--games", "0"],
            "'0' for '--games <GAMES>'",
            positive,
        ),
        (
            &["simulate", "--games", "99999999999999999999"],
            "'99999999999999999999' for '--games <GAMES>'",
            "the number is too large: at most 1000000000000000",
        ),
        (
            &["simulate", "--threads", "-4"],
            "'-4' for '--threads <THREADS>'",
            positive,
        ),
        (
            &["arena", "--a", "random", "--b", "random", "--games", "-1"],
            "'-1' for '--games <GAMES>'",
            positive,
        ),
        (
            &["soak", "--games", "0"],
            "'0' for '--games <GAMES>'",
            positive,
        ),
        (
            &["soak", "--leak-every", "-2"],
            "'-2' for '--leak-every <N>'",
            positive,
        ),
    ];
    for (args, what, why) in cases {
        let (code, out, err) = ludus(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("error: invalid value {what}: {why}")),
            "{args:?}: {err}"
        );
    }
    let (code, _, err) = ludus(&["simulate", "--log", "-1"]);
    assert_eq!(code, 2);
    assert!(err.contains("0 or more"), "{err}");
    let r = json_of(&["simulate", "--games", "200", "--threads", "1000", "--json"]);
    assert_eq!(r["games"], 200);
    assert!(r["threads"].as_u64().unwrap() <= 200);
    let (code, out, err) = ludus(&[
        "arena",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "4",
        "--threads",
        "1000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
    let (code, _, err) = ludus(&[
        "soak",
        "--game",
        "de-cape",
        "--games",
        "8",
        "--threads",
        "1000",
    ]);
    assert_eq!(code, 0, "{err}");
}
