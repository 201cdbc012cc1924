//! The measures, named ends and turns a description declares in its
//! `procedure.ron` (`tests/described_toys/measures/`: South is dealt 4
//! cards of 8 and North 2, each keeps them one decision at a time): the
//! report gives each declared key with the figures the deal fixes, the
//! first end whose test holds names the end, the turns are the declared
//! counter's; a figure that the random choices change (the scores'
//! total) matches the scores game by game through the API and over the
//! run; shards merge; `check` names an unknown counter in a measure or an
//! end at its file, line and column. Römer, which declares none, keeps
//! its two measures.

use std::path::Path;

use serde_json::{Value, json};

use crate::common::ludus;
use ludus::described::{Described, State};
use ludus::engine::{Game, GameState, Scored, Selection};
use ludus::load::GameDir;
use ludus::sim::Simulated;

const TOY: &str = "tests/described_toys/measures";

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn toy_run(games: &str, extra: &[&str]) -> Value {
    let mut args = vec!["simulate", "-q", "--rules", TOY, "--games", games];
    args.extend(["--seed", "5", "--json"]);
    args.extend(extra);
    json_of(&args)
}

#[test]
fn the_declared_measures_ends_and_turns_are_reported_with_their_figures() {
    let v = toy_run("30", &[]);
    // Kept: South 4, North 2 in every game; more than 3: South only.
    assert_eq!(v["histograms"]["kept_south"], json!([[4, 30]]));
    assert_eq!(v["histograms"]["kept_north"], json!([[2, 30]]));
    assert_eq!(v["totals"]["many"], json!([30, 0]));
    assert_eq!(v["measures"]["many_south"]["value"], 1.0);
    assert_eq!(v["measures"]["many_north"]["value"], 0.0);
    // Two of the eight cards stay in the deck.
    assert_eq!(v["histograms"]["left"], json!([[2, 30]]));
    assert_eq!(v["measures"]["kept_south"]["section"], "Cards");
    assert_eq!(
        v["measures"]["kept_north"]["label"],
        "cards kept by North per game"
    );
    // The first end that holds: the deck is not empty, 2 cards are left.
    assert_eq!(v["end_reasons"], json!({"dealt_out": 30}));
    // Turns: South's 4 placements, not the 6 decisions.
    assert_eq!(v["mean_turns"], 4.0);
    assert_eq!(v["histograms"]["moves"], json!([[6, 30]]));
    // The total of the scores, game by game, summed over the run.
    let total: i64 = v["histograms"]["total"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b[0].as_i64().unwrap() * b[1].as_i64().unwrap())
        .sum();
    let scores = &v["totals"]["score_sum"];
    assert_eq!(
        total,
        scores[0].as_i64().unwrap() + scores[1].as_i64().unwrap()
    );
    // The generic measures of a description that declares none are gone.
    assert!(v["totals"].get("decisions").is_none(), "{}", v["totals"]);
}

#[test]
fn each_game_is_measured_at_its_end_through_the_api() {
    let rules = Described::load(
        &GameDir::Disk(Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY)),
        &Selection::default(),
    )
    .unwrap()
    .rules;
    let mut buf = Vec::new();
    for seed in 0..20 {
        let mut s = State::new(rules.clone(), seed, false);
        let mut rng = ludus::engine::seed::agent_rng(seed);
        while !s.is_terminal() {
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply_move(m);
        }
        let (outcome, rec) = Described::record(&s);
        let keys: Vec<&str> = rec.tallies.tallies.iter().map(|t| t.key).collect();
        assert_eq!(keys, ["kept", "many", "left", "total"]);
        let v = &rec.counts.values;
        assert_eq!((v[0][0], v[0][1]), (4, 2), "seed {seed}");
        assert_eq!((v[1][0], v[1][1]), (1, 0), "seed {seed}");
        assert_eq!(v[2][0], 2, "seed {seed}");
        let points = i64::from(s.points(0) + s.points(1));
        assert_eq!(v[3][0], points, "seed {seed}");
        assert!((10..=33).contains(&points), "seed {seed}: {points}");
        assert_eq!(outcome.turns, 4);
        assert_eq!(outcome.end, "dealt_out");
        assert_eq!(Scored::end_reason(&s), Some("dealt_out"));
    }
}

#[test]
fn the_text_csv_and_html_reports_show_the_declared_measures() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, html) = (dir.path().join("g.csv"), dir.path().join("g.html"));
    let args = [
        "simulate",
        "-q",
        "--rules",
        TOY,
        "--games",
        "8",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ];
    let (code, out, err) = ludus(&args);
    assert_eq!(code, 0, "{err}");
    let section: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "Cards")
        .take(7)
        .map(|l| l.trim_start().split("   ").next().unwrap_or(l))
        .collect();
    assert_eq!(
        section,
        [
            "Cards",
            "cards kept by South per game",
            "cards kept by North per game",
            "South kept more than 3 cards",
            "North kept more than 3 cards",
            "cards left in the deck per game",
            "points kept by all per game",
        ],
        "{out}"
    );
    assert!(!out.contains("\nDescription\n"), "{out}");
    let csv = std::fs::read_to_string(csv).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(
        header.ends_with("kept_south,many_south,kept_north,many_north,left,total"),
        "{header}"
    );
    assert!(
        csv.lines().skip(1).all(|l| l.contains(",4,1,2,0,2,")),
        "{csv}"
    );
    let html = std::fs::read_to_string(html).unwrap();
    assert!(html.contains("Cards kept per game"), "no chart");
    assert!(html.contains("Cards left"), "no chart");
}

#[test]
fn shards_of_a_run_merge_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let v = toy_run("12", &["--shard", &shard]);
        let f = dir.path().join(format!("s{i}.json"));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge", "--rules", TOY, "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json_of(&args);
    let whole = toy_run("12", &[]);
    for k in ["measures", "histograms", "end_reasons", "mean_turns"] {
        assert_eq!(merged[k], whole[k], "{k}");
    }
}

/// A copy of the toy in a temporary folder, `from` replaced by `to` in
/// its procedure.ron.
fn edited(from: &str, to: &str) -> tempfile::TempDir {
    edited_all(&[(from, to)])
}

/// A copy of the toy, each `(from, to)` replaced in its procedure.ron.
fn edited_all(edits: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(TOY);
    for e in walk(&src) {
        let t = dir.path().join(e.strip_prefix(&src).unwrap());
        std::fs::create_dir_all(t.parent().unwrap()).unwrap();
        std::fs::copy(&e, &t).unwrap();
    }
    let p = dir.path().join("procedure.ron");
    let mut text = std::fs::read_to_string(&p).unwrap();
    for (from, to) in edits {
        assert_eq!(text.matches(from).count(), 1, "{from:?} once");
        text = text.replacen(from, to, 1);
    }
    std::fs::write(&p, text).unwrap();
    dir
}

fn walk(d: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// `check` of the toy with `from` replaced by `to`: fails, naming `word`
/// at its line and column of procedure.ron.
fn check_names(from: &str, to: &str, word: &str, message: &str) {
    let dir = edited(from, to);
    let (code, out, err) = ludus(&["check", dir.path().to_str().unwrap()]);
    let all = format!("{out}{err}");
    assert_ne!(code, 0, "{all}");
    let text = std::fs::read_to_string(dir.path().join("procedure.ron")).unwrap();
    let line = text.lines().position(|l| l.contains(word)).unwrap() + 1;
    let col = text.lines().nth(line - 1).unwrap().find(word).unwrap() + 1;
    let place = format!("procedure.ron:{line}:{col}");
    assert!(all.contains(&place), "{place} in {all}");
    assert!(all.contains(message), "{message:?} in {all}");
}

#[test]
fn check_names_an_unknown_counter_in_a_measure_or_an_end_at_its_place() {
    check_names(
        "value: \"count(deck)\"",
        "value: \"count(deck) + lefts\"",
        "lefts",
        "in measure \"left\"",
    );
    check_names(
        "(\"dealt_out\", \"count(deck) == 2\")",
        "(\"dealt_out\", \"count(deck) == twos\")",
        "twos",
        "in end \"dealt_out\"",
    );
    check_names(
        "turns: \"placements\"",
        "turns: \"placement\"",
        "placement\"",
        "in turns",
    );
}

#[test]
fn a_description_that_declares_no_measures_keeps_its_two() {
    let v = json_of(&[
        "simulate", "-q", "--game", "roemer", "--games", "4", "--seed", "1", "--json",
    ]);
    assert!(v["run"].get("tallies").is_none(), "{}", v["run"]);
    assert_eq!(v["measures"]["decisions"]["section"], "Description");
    assert!(v["totals"]["stopped"].is_object(), "{}", v["totals"]);
    assert!(
        v["end_reasons"]["game_end"].is_number(),
        "{}",
        v["end_reasons"]
    );
}

/// `seen_by(c, p)`: each seat keeps all but one of its cards (face up,
/// seen by both); the last stays in its hand (seen by its owner); the
/// deck's two cards are seen by nobody.
#[test]
fn seen_by_tells_whether_a_seat_sees_a_card_where_it_lies() {
    let seen = "value: \"sum(c in deck: seen_by(c, p)) \
        + sum(q in seats: sum(c in hand(seat: q) | kept(seat: q): seen_by(c, p)))\"";
    let dir = edited_all(&[
        (
            "while count(hand(seat: p)) > 0",
            "while count(hand(seat: p)) > 1",
        ),
        ("value: \"count(kept(seat: p))\"", seen),
        (
            "value: \"count(kept(seat: p)) > 3\"",
            "value: \"seen_by(best(c in hand(seat: first): c.value), p) == 1\"",
        ),
        (
            "value: \"count(deck)\"",
            "value: \"sum(c in deck: seen_by(c, 0) + seen_by(c, 1) + seen_by(c, 7)) \
             + seen_by(best(c in deck: c.value where c.value > 8), 0)\"",
        ),
    ]);
    let rules = dir.path().to_str().unwrap();
    let v = json_of(&[
        "simulate", "-q", "--rules", rules, "--games", "10", "--seed", "2", "--json",
    ]);
    // Each sees its own last card and the 4 kept ones.
    assert_eq!(v["histograms"]["kept_south"], json!([[5, 10]]), "{v}");
    assert_eq!(v["histograms"]["kept_north"], json!([[5, 10]]));
    // South's last card: seen by South only.
    assert_eq!(v["totals"]["many"], json!([10, 0]));
    // The deck's cards by nobody; no card, or no such seat: not seen.
    assert_eq!(v["histograms"]["left"], json!([[0, 10]]));
}
