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
    let line = text.lines().position(|l| l.trim_start().starts_with("game:")).unwrap() + 1;
    assert!(err.contains(&format!("trick_led_colour.ron:{line}:11")), "{err}");
}
