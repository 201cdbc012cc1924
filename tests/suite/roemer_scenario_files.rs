//! Römer's rule cases (rulebook 004) as scenario files of a described
//! game, under `tests/scenarios_roemer/` (its README lists them, and
//! which file shows each reading of every toggle), run through `ludus
//! scenario run`'s own function and snapshot: adding a case is adding a
//! file.
//!
//! - `tests/scenarios_roemer/004/*.ron` must run, expectations included,
//!   and its `--json` form must be one JSON object; the snapshot is the
//!   report;
//! - `tests/scenarios_roemer/err/*.ron` must fail; the snapshot is the
//!   error text.
//!
//! Snapshots are `snapshots/roemer_<path>.snap`.

use crate::common;

use ludus::described::Described;
use ludus::design::Designer;
use ludus::load::GameDir;

const ROOT: &str = "tests/scenarios_roemer";

#[test]
fn roemer_scenario_files() {
    let (ran, failures) = common::snapshot_scenarios(ROOT, "roemer", |path, json| {
        let dir = GameDir::built_in_game("roemer").unwrap();
        Described::run_scenario(path, dir, json)
    });
    // A floor, so that a lost folder fails.
    assert!(ran >= 40, "{ran} scenario files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The file says its game: `ludus scenario run FILE` needs no `--game`,
/// and prints what the test's run gives.
#[test]
fn a_scenario_file_names_its_game() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let path = "tests/scenarios_roemer/004/trick_led_colour.ron";
    let (code, out, err) = common::ludus(&["scenario", "run", path]);
    assert_eq!(code, 0, "{err}");
    let dir = GameDir::built_in_game("roemer").unwrap();
    let direct = Described::run_scenario(std::path::Path::new(path), dir, false).unwrap();
    assert_eq!(out, direct);
    let (code, _, err) = common::ludus(&["scenario", "run", "--game", "de-cape", path]);
    assert_ne!(code, 0);
    assert!(err.contains("this is a scenario of \"roemer\""), "{err}");
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("game:"))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("trick_led_colour.ron:{line}:11")),
        "{err}"
    );
}

/// Every reading of every toggle of `rules/roemer/toggles.ron` has a row
/// in the README's table, and every file a row names exists.
#[test]
fn every_toggle_reading_has_a_case() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let toggles = std::fs::read_to_string("rules/roemer/toggles.ron").unwrap();
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    let rows = readme_rows(&readme);
    let mut missing = Vec::new();
    for (key, readings) in toggle_readings(&toggles) {
        for reading in readings {
            match rows.iter().find(|r| r.0 == key && r.1 == reading) {
                None => missing.push(format!("{key} {reading}: no row")),
                Some((_, _, files)) if files.is_empty() => {
                    missing.push(format!("{key} {reading}: no file"))
                }
                Some((_, _, files)) => missing.extend(
                    (files.iter())
                        .filter(|f| !std::path::Path::new(&format!("{ROOT}/004/{f}")).exists())
                        .map(|f| format!("{key} {reading}: no file {f}")),
                ),
            }
        }
    }
    assert!(toggle_readings(&toggles).len() >= 19);
    assert!(!rows.is_empty());
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Each toggle's key and readings, as toggles.ron writes them on the
/// toggle's first line: `(key: "...", default: ..., readings: [A, B],`.
fn toggle_readings(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(k) = line.split_once("key: \"") else {
            continue;
        };
        let key = k.1.split('"').next().unwrap().to_string();
        let r = line
            .split_once("readings: [")
            .expect("readings on the key's line")
            .1;
        let readings = r.split(']').next().unwrap();
        let readings = readings.split(',').map(|x| x.trim().to_string());
        out.push((key, readings.filter(|x| !x.is_empty()).collect()));
    }
    out
}

/// The README's table of toggles: (key, reading, files); a row with an
/// empty first cell is another reading of the row above's key.
fn readme_rows(text: &str) -> Vec<(String, String, Vec<String>)> {
    let mut rows = Vec::new();
    let mut key = String::new();
    let table = text.split("## Every toggle, every reading").nth(1).unwrap();
    let table = table.split("\n## ").next().unwrap();
    for line in table.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || cells[1].starts_with("---") || cells[1] == "toggle" {
            continue;
        }
        if !cells[1].is_empty() {
            key = cells[1].trim_matches('`').to_string();
        }
        let reading = cells[2].split_whitespace().next().unwrap_or("").to_string();
        let files = (cells[3].split('`').skip(1).step_by(2))
            .map(String::from)
            .collect();
        rows.push((key.clone(), reading, files));
    }
    rows
}
