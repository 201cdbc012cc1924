//! Every scenario under tests/scenarios/ (docs/scenarios.md), run and
//! snapshot: adding a case is adding a file.
//!
//! - `tests/scenarios/**/*.ron` must run; the snapshot is the report that
//!   `scenario::run_file` returns, which is exactly what `ludus scenario run
//!   FILE` prints (so the command and this test cannot disagree);
//! - `tests/scenarios/err/*.ron` must fail; the snapshot is the error text;
//! - `tests/scenarios/pending/` is skipped (cases the engine does not yet
//!   play as the rulebook says).
//!
//! Snapshots are `snapshots/scenario_<path>.snap`, e.g.
//! `tests/scenarios/000/aediles_vote.ron` → `scenario_000_aediles_vote.snap`.

mod common;

use std::path::Path;

use ludus::games::caesar_cleopatra::scenario;

const ROOT: &str = "tests/scenarios";
const RULES: &str = "rules/caesar_cleopatra";

fn snapshot_name(rel: &Path) -> String {
    let stem = rel.with_extension("");
    let parts: Vec<String> = stem
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    format!("scenario_{}", parts.join("_"))
}

#[test]
fn scenarios() {
    // Paths stay relative (as a user types them) so that the reports and
    // errors in the snapshots do not depend on where the crate lives.
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let root = Path::new(ROOT);
    let rules = Path::new(RULES);
    let files = scenario::scenario_files(root);
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in &files {
        let rel = path.strip_prefix(root).unwrap();
        if rel.starts_with("pending") {
            continue;
        }
        ran += 1;
        let must_fail = rel.starts_with("err");
        let text = match (scenario::run_file(path, rules, false), must_fail) {
            (Ok(report), false) => {
                // The JSON report of the same run is one valid object.
                match scenario::run_file(path, rules, true) {
                    Ok(j) => {
                        if let Err(e) = serde_json::from_str::<serde_json::Value>(&j) {
                            failures.push(format!("{}: --json is not JSON: {e}", path.display()));
                        }
                    }
                    Err(d) => failures.push(format!("{}: --json fails:\n{d}", path.display())),
                }
                report
            }
            (Err(d), true) => d.to_string(),
            (Ok(_), true) => {
                failures.push(format!("{}: must fail, but runs", path.display()));
                continue;
            }
            (Err(d), false) => {
                failures.push(format!("{}:\n{d}", path.display()));
                continue;
            }
        };
        let name = snapshot_name(rel);
        let mut settings = snapshot_settings!();
        settings.set_input_file(path);
        settings.set_omit_expression(true);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(name.as_str(), text));
        }));
        if outcome.is_err() {
            failures.push(format!(
                "{}: the report differs from snapshots/{name}.snap",
                path.display()
            ));
        }
    }
    assert!(ran > 0, "no scenario found under {ROOT}");
    assert!(
        failures.is_empty(),
        "{} of {ran} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A scenario whose expectations fail still gives its whole report (the
/// first diagnostic), then one diagnostic per mismatch at its own line, in
/// file order; unchecked, the same file runs.
#[test]
fn a_failing_expectation_prints_the_report_then_each_mismatch() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let path = Path::new(ROOT).join("err/expect_fails.ron");
    let rules = Path::new(RULES);
    let d = scenario::run_file(&path, rules, false).unwrap_err();
    let (report, mismatches) = d.0.split_first().unwrap();
    assert!(
        report
            .message
            .contains("4 expectations of the scenario fail")
    );
    for part in [
        "Before\n------",
        "Script\n------",
        "After\n-----",
        "Checked: ",
    ] {
        assert!(report.message.contains(part), "{part:?} in the report");
    }
    let lines: Vec<usize> = mismatches.iter().map(|m| m.line).collect();
    assert_eq!(lines, [16, 24, 26, 28]);
    assert!(mismatches[0].message.starts_with("Offered: not offered"));
    assert!(mismatches[1].message.contains("Cleopatra's hand"));
    // The JSON report is the same run's, whole.
    let d = scenario::run_file(&path, rules, true).unwrap_err();
    let json = d.0[0].message.split_once("\n\n").unwrap().1;
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(v["steps"][1]["holds"], serde_json::json!(false));
    // Unchecked, the report alone.
    let text = scenario::run_file_unchecked(&path, rules, false).unwrap();
    assert!(report.message.ends_with(text.trim_end()));
}
