//! de Cape & d'Épée's rule cases (rulebook 003) as scenario files of the
//! described game (`tests/pending/de_cape_described/`), ported from the
//! module's `tests/scenarios_de_cape/`: the same positions, moves and
//! facts expected. Run through `ludus scenario run`'s own functions (the
//! rules folder the file's `game` names, under `tests/pending/`) and
//! snapshot:
//!
//! - `tests/scenarios_de_cape_described/003/*.ron` must run, expectations
//!   included, and its `--json` form must be one JSON object; the
//!   snapshot is the report;
//! - `tests/scenarios_de_cape_described/err/*.ron` must fail; the
//!   snapshot is the error text.
//!
//! Snapshots are `snapshots/de_cape_described_<path>.snap`.

use std::path::Path;

use crate::common;

use ludus::described::Described;
use ludus::design::Designer;

const ROOT: &str = "tests/scenarios_de_cape_described";
/// The folder of game folders the files' `game` is looked up in (the
/// description moves to `rules/` once the module is deleted).
const RULES: &str = "tests/pending";

#[test]
fn de_cape_described_scenario_files() {
    let (ran, failures) = common::snapshot_scenarios(ROOT, "de_cape_described", |path, json| {
        let dir = ludus::design::scenario::game_dir(path, Some(Path::new(RULES)), None)?;
        Described::run_scenario(path, dir, json)
    });
    // A floor, so that a lost folder fails.
    assert!(ran >= 80, "{ran} scenario files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every rule case of the module's scenarios has its port, with the same
/// title.
#[test]
fn every_module_case_is_ported() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let title = |p: &Path| {
        let text = std::fs::read_to_string(p).unwrap();
        (text.lines())
            .find(|l| l.trim_start().starts_with("title:"))
            .map(|l| l.trim().to_string())
    };
    let mut missing = Vec::new();
    for dir in ["003", "err"] {
        for e in std::fs::read_dir(format!("tests/scenarios_de_cape/{dir}")).unwrap() {
            let old = e.unwrap().path();
            let name = old.file_name().unwrap();
            let port = Some(Path::new(ROOT).join(dir).join(name)).filter(|p| p.exists());
            match port {
                None => missing.push(format!("{}: no port", old.display())),
                Some(p) if dir == "003" && title(&p) != title(&old) => {
                    missing.push(format!("{}: another title", p.display()))
                }
                Some(_) => {}
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
