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

mod common;

use std::path::{Path, PathBuf};

use ludus::design::Designer;
use ludus::games::de_cape_et_d_epee::DeCape;
use ludus::load::GameDir;

const ROOT: &str = "tests/scenarios_de_cape";

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p);
        }
    }
}

fn run(path: &Path, json: bool) -> Result<String, String> {
    let dir = GameDir::built_in_game("de-cape").unwrap();
    DeCape::run_scenario(path, dir, json).map_err(|d| d.to_string())
}

/// The report of a file that must run, or of one that must fail.
fn outcome(path: &Path, must_fail: bool) -> Result<String, String> {
    match (run(path, false), must_fail) {
        (Ok(report), false) => {
            let j = run(path, true).map_err(|d| format!("--json fails:\n{d}"))?;
            serde_json::from_str::<serde_json::Value>(&j)
                .map_err(|e| format!("--json is not JSON: {e}"))?;
            Ok(report)
        }
        (Err(d), true) => Ok(d),
        (Ok(_), true) => Err("must fail, but runs".into()),
        (Err(d), false) => Err(d),
    }
}

#[test]
fn de_cape_scenario_files() {
    // Relative paths, as a user types them, so that the snapshots do not
    // depend on where the crate lives.
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let mut all = Vec::new();
    files(Path::new(ROOT), &mut all);
    let mut failures = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(ROOT).unwrap();
        let text = match outcome(path, rel.starts_with("err")) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let stem: Vec<String> = (rel.with_extension("").components())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let name = format!("de_cape_scenario_{}", stem.join("_"));
        let mut settings = snapshot_settings!();
        settings.set_input_file(path);
        settings.set_omit_expression(true);
        let same = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(name.as_str(), text));
        }));
        if same.is_err() {
            failures.push(format!(
                "{}: differs from snapshots/{name}.snap",
                path.display()
            ));
        }
    }
    // The worked examples and the rule cases (docs/de-cape.md 10.7), and
    // the err/ files: a floor, so that a lost folder fails.
    assert!(all.len() >= 68, "{} scenario files", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
