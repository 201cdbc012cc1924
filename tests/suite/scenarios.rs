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

use crate::common;

use std::path::Path;

use ludus::games::caesar_cleopatra::scenario;

const ROOT: &str = "tests/scenarios";
const RULES: &str = "rules/caesar_cleopatra";

#[test]
fn scenarios() {
    let rules = Path::new(RULES);
    let (ran, failures) = common::snapshot_scenarios(ROOT, "scenario", |path, json| {
        scenario::run_file(path, rules, json)
    });
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
