//! `ludus simulate` and `ludus merge` on de Cape & d'Épée, for 2 to 6
//! seats: the same report on any thread count, one win rate per seat,
//! shards that merge into the whole run, and a merge that refuses shards
//! of another game.

use crate::common;

use serde_json::Value;

use common::ludus;

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn without_timing(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for k in ["seconds", "games_per_sec", "turns_per_sec", "threads"] {
            o.remove(k);
        }
    }
    v
}

fn run(players: &str, threads: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "simulate",
        "--game",
        "de-cape",
        "--players",
        players,
        "--games",
        "400",
        "--seed",
        "1",
        "--json",
        "--threads",
        threads,
    ];
    args.extend_from_slice(extra);
    without_timing(json_of(&args))
}

#[test]
fn every_player_count_gives_the_same_report_on_one_thread_and_two() {
    for n in 2..=6usize {
        let p = n.to_string();
        let one = run(&p, "1", &[]);
        assert_eq!(one, run(&p, "2", &[]), "{n} players");
        let seats = one["run"]["seats"].as_array().unwrap().len();
        assert_eq!(seats, n);
        let rates: f64 = one["win_rate"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_f64().unwrap())
            .sum();
        assert!(
            (rates - 1.0).abs() < 1e-9,
            "{n} players: {}",
            one["win_rate"]
        );
        assert_eq!(one["end_reasons"]["rounds"], 400, "{n} players");
        assert!(one["measures"]["unclaimed"]["value"].is_number());
    }
}

#[test]
fn shards_of_a_four_player_run_merge_into_it_and_not_into_another_game() {
    let whole = run("4", "2", &[]);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let (code, out, err) = ludus(&[
            "simulate",
            "--game",
            "de-cape",
            "--players",
            "4",
            "--games",
            "400",
            "--seed",
            "1",
            "--json",
            "--shard",
            &shard,
        ]);
        assert_eq!(code, 0, "{err}");
        let f = dir.path().join(format!("part{i}.json"));
        std::fs::write(&f, out).unwrap();
        files.push(f.display().to_string());
    }
    let mut args = vec!["merge", "--game", "de-cape", "--json"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(without_timing(json_of(&args)), whole);

    // The default game is another: its merge names both games.
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let (code, _, err) = ludus(&args);
    assert_eq!(code, 1);
    assert!(err.contains("is a report of de Cape"), "{err}");
}
