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
    assert!(ran >= 68, "{ran} scenario files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
