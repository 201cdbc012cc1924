//! de Cape & d'Épée's rule cases (rulebook 003) as scenario files
//! (`tests/scenarios_de_cape/`, ported from the retired module's: the same
//! titles, positions, moves and facts expected). Run through `ludus
//! scenario run --game de-cape`'s own functions (the built-in game; a
//! file whose `game` names another is an error at the field) and
//! snapshot:
//!
//! - `tests/scenarios_de_cape/003/*.ron` must run, expectations included,
//!   and its `--json` form must be one JSON object; the snapshot is the
//!   report;
//! - `tests/scenarios_de_cape/err/*.ron` must fail; the snapshot is the
//!   error text.
//!
//! Snapshots are `snapshots/de_cape_described_<path>.snap`.

use std::path::Path;

use crate::common;

use ludus::described::Described;
use ludus::design::Designer;

const ROOT: &str = "tests/scenarios_de_cape";

#[test]
fn de_cape_described_scenario_files() {
    let (ran, failures) = common::snapshot_scenarios(ROOT, "de_cape_described", |path, json| {
        let dir = ludus::design::scenario::game_dir(path, None, Some("de-cape"))?;
        Described::run_scenario(path, dir, json)
    });
    // A floor, so that a lost folder fails.
    assert!(ran >= 80, "{ran} scenario files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every rule case has a title, and no two the same.
#[test]
fn every_case_has_its_own_title() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let mut titles = Vec::new();
    for e in std::fs::read_dir(Path::new(ROOT).join("003")).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        let title = (text.lines())
            .find(|l| l.trim_start().starts_with("title:"))
            .map(|l| l.trim().to_string());
        titles.push(title.unwrap_or_else(|| panic!("{}: no title", p.display())));
    }
    let n = titles.len();
    titles.sort();
    titles.dedup();
    assert_eq!(titles.len(), n, "two cases with the same title");
}

/// `ludus scenario run FILE` without `--game` or `--rules`: a file under
/// `tests/scenarios_de_cape/` is de Cape's, and prints the report the
/// library gives; the same file elsewhere is de Cape's by its `game`.
#[test]
fn scenario_run_finds_the_built_in_game() {
    let file = "tests/scenarios_de_cape/003/two_equal_objectives.ron";
    let (code, out, err) = common::ludus(&["scenario", "run", file]);
    assert_eq!(code, 0, "{err}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let dir = ludus::design::scenario::game_dir(&path, None, None).unwrap();
    let report = Described::run_scenario(&path, dir, false).unwrap();
    assert_eq!(out, report);
    let text = std::fs::read_to_string(&path).unwrap();
    let elsewhere = std::env::temp_dir().join(format!("ludus-decape-{}.ron", std::process::id()));
    std::fs::write(&elsewhere, &text).unwrap();
    let (code, moved, err) = common::ludus(&["scenario", "run", elsewhere.to_str().unwrap()]);
    std::fs::remove_file(&elsewhere).unwrap();
    assert_eq!(code, 0, "{err}");
    assert_eq!(moved, out);
}
