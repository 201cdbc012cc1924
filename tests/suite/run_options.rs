//! `ludus simulate` and `ludus arena` refuse options that cannot make a run,
//! with one clear line, before loading rules or playing a game.

use crate::common;

use std::time::{Duration, Instant};

use common::ludus;

/// Runs `args` and expects exit `code`, nothing on stdout and exactly
/// `message` on stderr.
fn refused(args: &[&str], code: i32, message: &str) {
    let (c, out, err) = ludus(args);
    assert_eq!((c, out.as_str()), (code, ""), "{args:?}: {err}");
    assert_eq!(err, format!("error: {message}\n"), "{args:?}");
}

const ARENA: [&str; 5] = ["arena", "--a", "random", "--b", "random"];

/// `ludus arena` between two random agents, with `more` options.
fn arena<'a>(more: &[&'a str]) -> Vec<&'a str> {
    [&ARENA[..], more].concat()
}

/// Runs `args` and expects clap's refusal of `value` for `option`: it
/// must be positive.
fn not_positive(args: &[&str], value: &str, option: &str) {
    let (c, out, err) = ludus(args);
    assert_eq!((c, out.as_str()), (2, ""), "{args:?}: {err}");
    let m = format!(
        "error: invalid value '{value}' for '{option}': the number must be positive: a whole number, 1 or more\n"
    );
    assert!(err.starts_with(&m), "{args:?}: {err}");
}

#[test]
fn no_games_is_refused() {
    not_positive(&["simulate", "--games", "0"], "0", "--games <GAMES>");
    not_positive(&arena(&["--games", "0"]), "0", "--games <GAMES>");
}

#[test]
fn no_threads_is_refused() {
    let t = "--threads <THREADS>";
    not_positive(&["simulate", "--games", "10", "--threads", "0"], "0", t);
    not_positive(&arena(&["--games", "2", "--threads", "0"]), "0", t);
}

#[test]
fn an_addon_given_twice_is_refused() {
    let m = "the add-on \"orgy-a\" is given twice: an add-on is taken once, name it once";
    let twice = ["--addon", "orgy-a", "--addon", "orgy-a"];
    let mut sim = vec!["simulate", "--games", "10"];
    sim.extend(twice);
    refused(&sim, 2, m);
    refused(&arena(&[&["--games", "2"][..], &twice[..]].concat()), 2, m);
    // Also when a compared set names the run's add-on again.
    refused(
        &[
            "simulate",
            "--games",
            "10",
            "--addon",
            "orgy-a",
            "--compare",
            "fr-confiance",
            "--compare",
            "fr-suffrage+orgy-a",
        ],
        2,
        m,
    );
    // Once is fine.
    let (c, _, err) = ludus(&["simulate", "--games", "10", "--addon", "orgy-a"]);
    assert_eq!(c, 0, "{err}");
}

#[test]
fn a_log_beyond_the_run_is_refused() {
    refused(
        &["simulate", "--games", "5", "--log", "5"],
        2,
        "--log 5: the run has 5 game(s), numbered 0 to 4 (give --games 6 or more to log game 5)",
    );
    refused(
        &["simulate", "--log", "1000"],
        2,
        "--log 1000: the run has 1000 game(s), numbered 0 to 999 (give --games 1001 or more to log game 1000)",
    );
    let (c, out, err) = ludus(&["simulate", "--games", "5", "--log", "4"]);
    assert_eq!(c, 0, "{err}");
    assert!(out.contains("Vote deck"), "{out}");
}

/// An output file that cannot be written is refused before the run: a run
/// of a billion games returns at once.
#[test]
fn output_files_are_checked_before_the_run() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no such folder");
    for opt in ["--html", "--csv"] {
        let file = missing.join("report.out");
        let start = Instant::now();
        let (c, out, err) = ludus(&[
            "simulate",
            "--games",
            "1000000000",
            opt,
            file.to_str().unwrap(),
        ]);
        assert!(start.elapsed() < Duration::from_secs(5), "{opt}");
        assert_eq!((c, out.as_str()), (1, ""), "{err}");
        assert!(
            err.starts_with(&format!("error: cannot write {}: ", file.display())),
            "{err}"
        );
    }
    // A file the check creates is removed when the run then fails, and a
    // file that exists is not truncated by it.
    let fresh = tmp.path().join("fresh.html");
    let (c, _, _) = ludus(&[
        "simulate",
        "--variant",
        "no-such-variant",
        "--html",
        fresh.to_str().unwrap(),
    ]);
    assert_eq!(c, 1);
    assert!(!fresh.exists());
    let kept = tmp.path().join("kept.csv");
    std::fs::write(&kept, "old").unwrap();
    let (c, _, _) = ludus(&["simulate", "--games", "0", "--csv", kept.to_str().unwrap()]);
    assert_eq!(c, 2);
    let (c, _, _) = ludus(&[
        "simulate",
        "--variant",
        "no-such-variant",
        "--csv",
        kept.to_str().unwrap(),
    ]);
    assert_eq!(c, 1);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "old");
}
