//! The designer's report: `ludus simulate` with its measures, --compare,
//! --shard and `ludus merge`, --csv and --html.

use crate::common;

use serde_json::Value;

use common::ludus;

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(out.lines().count(), 1, "one JSON object");
    serde_json::from_str(&out).unwrap()
}

/// A report without the keys that depend on the machine (also inside the
/// sets of a comparison).
fn without_timing(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for k in ["seconds", "games_per_sec", "turns_per_sec", "threads"] {
            o.remove(k);
        }
        if let Some(Value::Array(sets)) = o.get_mut("sets") {
            for s in sets.iter_mut() {
                *s = without_timing(s.take());
            }
        }
    }
    v
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn the_report_has_every_measure_with_an_interval() {
    let r = json_of(&["simulate", "--games", "1500", "--seed", "2", "--json"]);
    for k in [
        "games",
        "seconds",
        "games_per_sec",
        "turns_per_sec",
        "threads",
        "mean_turns",
        "max_turns",
        "mean_moves",
        "win_rate",
        "mean_score",
        "end_reasons",
        "win_rate_ci95",
        "measures",
        "histograms",
        "patricians",
        "missions",
        "branching",
        "run",
        "totals",
    ] {
        assert!(r.get(k).is_some(), "missing {k}");
    }
    let m = &r["measures"];
    for id in [
        "win_cleopatra",
        "win_caesar",
        "draw",
        "first_player_win",
        "first_player_advantage",
        "score_cleopatra",
        "margin",
        "abs_margin",
        "turns",
        "end_all_patricians",
        "votes",
        "ties",
        "orgies",
        "patricians_senators_caesar",
        "mission_success",
        "actions_played",
        "actions_vetoed",
        "action_swings",
        "swing_rate",
        "lead_changes",
        "decisive_turn",
        "branching",
    ] {
        let x = &m[id];
        let (v, lo, hi) = (f(&x["value"]), f(&x["ci95"][0]), f(&x["ci95"][1]));
        assert!(lo <= v && v <= hi, "{id}: {v} not in [{lo}, {hi}]");
        assert!(x["n"].as_u64().unwrap() > 0, "{id}");
    }
    // The old keys still mean what they meant.
    assert!((f(&m["turns"]["value"]) - f(&r["mean_turns"])).abs() < 1e-9);
    assert!((f(&m["win_cleopatra"]["value"]) - f(&r["win_rate"]["cleopatra"])).abs() < 1e-12);
    // Cleopatra moves first.
    assert_eq!(m["first_player_win"]["value"], m["win_cleopatra"]["value"]);
    let hist_n: u64 = r["histograms"]["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[1].as_u64().unwrap())
        .sum();
    assert_eq!(hist_n, 1500);
    let b = f(&r["branching"]["mean"]);
    assert!(b > 1.0 && b < 50.0, "{b}");
    // Patricians per group never exceed the group.
    for (g, p) in r["patricians"].as_object().unwrap() {
        let size = f(&p["size"]);
        let won = f(&p["won"]["cleopatra"]) + f(&p["won"]["caesar"]);
        assert!(won <= size + 1e-9, "{g}: {won} of {size}");
    }
}

#[test]
fn thread_count_does_not_change_the_statistics() {
    let run = |threads: &str| {
        without_timing(json_of(&[
            "simulate",
            "--games",
            "2000",
            "--seed",
            "11",
            "--json",
            "--threads",
            threads,
        ]))
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn shards_merge_into_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let base = ["simulate", "--games", "2001", "--seed", "5", "--json"];
    let whole = json_of(&base);
    let mut files = Vec::new();
    for i in [3, 1, 0, 2] {
        let shard = format!("{i}/4");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let part = json_of(&args);
        assert_eq!(part["run"]["shard"], serde_json::json!([i, 4]));
        let p = dir.path().join(format!("shard{i}.json"));
        std::fs::write(&p, part.to_string()).unwrap();
        files.push(p.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json_of(&args);
    assert_eq!(without_timing(merged), without_timing(whole));
    // A missing or repeated shard is an error.
    let (code, _, err) = ludus(&["merge", &files[0], &files[1]]);
    assert_eq!(code, 1);
    assert!(err.contains("missing shard(s)"), "{err}");
    let (code, _, err) = ludus(&["merge", &files[0], &files[0], &files[1], &files[2]]);
    assert_eq!(code, 1);
    assert!(err.contains("given twice"), "{err}");
}

#[test]
fn compare_shows_what_removing_an_orgy_changes() {
    let args = [
        "simulate",
        "--games",
        "4000",
        "--seed",
        "3",
        "--compare",
        "fr-confiance",
        "--compare",
        "fr-confiance+orgy-b",
    ];
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let c = json_of(&json_args);
    assert_eq!(
        c["compare"],
        serde_json::json!(["fr-confiance", "fr-confiance+orgy-b"])
    );
    let row = |id: &str| {
        c["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no row {id}"))
            .clone()
    };
    for id in ["orgies", "turns"] {
        let r = row(id);
        let d = &r["diffs"][1];
        let (diff, lo, hi) = (f(&d["diff"]), f(&d["ci95"][0]), f(&d["ci95"][1]));
        assert!(
            diff < 0.0 && lo < diff && diff < hi && hi < 0.0,
            "{id}: {d}"
        );
        assert_eq!(d["significant"], true, "{id}");
        assert!(f(&d["p"]) < 0.05);
        assert!(
            (diff - (f(&r["values"][1]) - f(&r["values"][0]))).abs() < 1e-9,
            "{id}"
        );
    }
    // The same seeds: each set is the single run of its rules.
    let single = json_of(&[
        "simulate",
        "--games",
        "4000",
        "--seed",
        "3",
        "--variant",
        "fr-confiance",
        "--json",
    ]);
    assert_eq!(without_timing(c["sets"][0].clone()), without_timing(single));
    // The sets are paired game by game: McNemar's test for rates, the
    // paired t-test for means; a ratio keeps its unpaired z-test.
    assert_eq!(row("draw")["diffs"][1]["test"], "mcnemar");
    assert_eq!(row("orgies")["diffs"][1]["test"], "paired-t");
    assert_eq!(row("tie_rate")["diffs"][1]["test"], "z");
    let (code, out, err) = ludus(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("orgies turned up per game"), "{out}");
    assert!(out.contains("B-A") && out.contains("p<.05"), "{out}");
}

#[test]
fn compare_specs_take_settings_and_the_base_options() {
    let c = json_of(&[
        "simulate",
        "--games",
        "300",
        "--variant",
        "fr-suffrage",
        "--compare",
        "",
        "--compare",
        ";scoring.mission_bonus=1",
        "--json",
    ]);
    assert_eq!(
        c["compare"],
        serde_json::json!(["fr-suffrage", "fr-suffrage;scoring.mission_bonus=1"])
    );
    assert_eq!(c["sets"][1]["run"]["sets"][0], "scoring.mission_bonus=1");
    let (code, _, err) = ludus(&["simulate", "--compare", "fr-confiance;oops"]);
    assert_eq!(code, 2);
    assert!(err.contains("KEY=VALUE"), "{err}");
}

#[test]
fn compare_shards_merge_too() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "simulate",
        "--games",
        "600",
        "--compare",
        "fr-confiance",
        "--compare",
        "+orgy-a",
        "--json",
    ];
    let whole = json_of(&base);
    let mut files = Vec::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let p = dir.path().join(format!("c{i}.json"));
        std::fs::write(&p, json_of(&args).to_string()).unwrap();
        files.push(p.to_str().unwrap().to_string());
    }
    let merged = json_of(&["merge", "--json", &files[0], &files[1]]);
    assert_eq!(without_timing(merged), without_timing(whole));
}

#[test]
fn csv_has_one_row_per_game_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let r = json_of(&[
        "simulate",
        "--games",
        "5000",
        "--seed",
        "4",
        "--threads",
        "2",
        "--json",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (ix, turns, orgies) = (col("index"), col("turns"), col("orgies"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 5000);
    let mut sum_turns = 0u64;
    let mut sum_orgies = 0u64;
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), header.len());
        assert_eq!(row[ix], i.to_string(), "rows in game order");
        sum_turns += row[turns].parse::<u64>().unwrap();
        sum_orgies += row[orgies].parse::<u64>().unwrap();
    }
    assert!((sum_turns as f64 / 5000.0 - f(&r["mean_turns"])).abs() < 1e-9);
    assert!((sum_orgies as f64 / 5000.0 - f(&r["measures"]["orgies"]["value"])).abs() < 1e-9);
}

/// The value of attribute `name` in one tag's text.
fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = start + tag[start..].find('"')?;
    Some(
        tag[start..end]
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// Checks every bar of the HTML against the JSON; returns the number of
/// bars and of charts.
fn check_html_against_json(html: &str, json: &Value) -> (usize, usize) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.contains("<script"), "no script");
    // Nothing to fetch: the only URL is the SVG namespace.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count()
    );
    let charts = html.matches("<svg ").count();
    let mut bars = 0;
    for piece in html.split("<rect ").skip(1) {
        let tag = &piece[..piece.find('>').unwrap()];
        let path = attr(tag, "data-path").expect("every bar names its number");
        let shown: f64 = attr(tag, "data-value").unwrap().parse().unwrap();
        let node = json
            .pointer(&path)
            .unwrap_or_else(|| panic!("{path} is not in the JSON"));
        let expected = match attr(tag, "data-key") {
            Some(key) => {
                let key: i64 = key.parse().unwrap();
                let pair = node
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|p| p[0].as_i64() == Some(key))
                    .unwrap_or_else(|| panic!("{path}: no value {key}"));
                f(&pair[1])
            }
            None => f(node),
        };
        // Equal up to the last bit serde_json's float parser may round.
        assert!(
            (shown - expected).abs() <= 4.0 * f64::EPSILON * expected.abs(),
            "{path}: {shown} in the chart, {expected} in the JSON"
        );
        bars += 1;
    }
    (bars, charts)
}

#[test]
fn the_html_charts_carry_the_json_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("report.html");
    let json = json_of(&[
        "simulate",
        "--games",
        "2000",
        "--json",
        "--html",
        html.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&html).unwrap();
    let (bars, charts) = check_html_against_json(&text, &json);
    assert!(charts >= 15, "{charts} charts");
    assert!(bars >= 150, "{bars} bars");
    for chart in [
        "outcome",
        "end_reasons",
        "turns",
        "score_cleopatra",
        "margin",
        "per_game",
        "h_orgies",
        "patricians",
        "missions",
        "lead_changes",
        "decisive_turn",
        "branching",
    ] {
        assert!(
            text.contains(&format!("data-chart=\"{chart}\"")),
            "no chart {chart}"
        );
    }
    // Numbers are written on the bars.
    assert!(text.contains(">55.") || text.contains("class=\"val"));
    // And merged shards draw the same report as `merge --html`.
    let c = dir.path().join("compare.html");
    let cj = json_of(&[
        "simulate",
        "--games",
        "500",
        "--compare",
        "fr-confiance",
        "--compare",
        "+orgy-b",
        "--json",
        "--html",
        c.to_str().unwrap(),
    ]);
    let ctext = std::fs::read_to_string(&c).unwrap();
    let (bars, _) = check_html_against_json(&ctext, &cj);
    assert!(bars >= 300, "{bars} bars");
    assert!(ctext.contains("cmp_orgies") && ctext.contains("p&lt;0.05"));
}

#[test]
fn agents_and_progress_options() {
    // Two agents, one with options; --quiet; a usage error for a bad shard.
    let r = json_of(&[
        "simulate",
        "--games",
        "4",
        "--agents",
        "greedy,ismcts:20,c=0.7",
        "--quiet",
        "--json",
    ]);
    assert_eq!(
        r["run"]["agents"],
        serde_json::json!(["greedy", "ismcts:20,c=0.7"])
    );
    assert_eq!(r["games"], 4);
    let (code, _, err) = ludus(&["simulate", "--games", "4", "--shard", "2/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--shard"), "{err}");
    let (code, _, err) = ludus(&[
        "simulate",
        "--games",
        "4",
        "--agents",
        "random,random,random",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--agents"), "{err}");
}
