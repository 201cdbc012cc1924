//! Every de Cape & d'Épée scenario file under `tests/scenarios_de_cape/`
//! (docs/de-cape.md section 10.7), run through `ludus scenario run --game
//! de-cape`'s own function and snapshot: adding a case is adding a file.
//!
//! - `tests/scenarios_de_cape/**/*.ron` must run, and its `--json` form
//!   must be one JSON object; the snapshot is the report;
//! - `tests/scenarios_de_cape/err/*.ron` must fail; the snapshot is the
//!   error text.
//!
//! Snapshots are `snapshots/de_cape_scenario_<path>.snap`.

use crate::common;

use ludus::design::Designer;
use ludus::games::de_cape_et_d_epee::DeCape;
use ludus::load::GameDir;

const ROOT: &str = "tests/scenarios_de_cape";

#[test]
fn de_cape_scenario_files() {
    let (ran, failures) = common::snapshot_scenarios(ROOT, "de_cape_scenario", |path, json| {
        let dir = GameDir::built_in_game("de-cape").unwrap();
        DeCape::run_scenario(path, dir, json)
    });
    // The worked examples and the rule cases (docs/de-cape.md 10.7), and
    // the err/ files: a floor, so that a lost folder fails.
    assert!(ran >= 80, "{ran} scenario files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `ludus scenario run FILE` without `--game`: a file under
/// `tests/scenarios_de_cape/` is de Cape's by its folder, and prints the
/// report the library gives; a file elsewhere is by its `game` field.
#[test]
fn scenario_run_finds_the_game_by_the_folder_or_the_field() {
    let file = "tests/scenarios_de_cape/003/two_equal_objectives.ron";
    let (code, out, err) = common::ludus(&["scenario", "run", file]);
    assert_eq!(code, 0, "{err}");
    let dir = GameDir::built_in_game("de-cape").unwrap();
    let report = DeCape::run_scenario(std::path::Path::new(file), dir, false).unwrap();
    assert_eq!(out, report);
    let text = std::fs::read_to_string(file).unwrap();
    let elsewhere = std::env::temp_dir().join(format!("ludus-decape-{}.ron", std::process::id()));
    std::fs::write(
        &elsewhere,
        text.replacen("(\n", "(\n    game: \"de-cape\",\n", 1),
    )
    .unwrap();
    let (code, moved, err) = common::ludus(&["scenario", "run", elsewhere.to_str().unwrap()]);
    std::fs::remove_file(&elsewhere).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        moved.contains("Points: blue 4, white 3, red 1, green 0"),
        "{moved}"
    );
}
