//! Every number a rule file gives is checked against its range before it is
//! used: a huge or negative one is a clean diagnostic at its place, quoting
//! it as written, never an allocation, a hang or a panic. And a UTF-8
//! byte-order mark is accepted in every file the program reads.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{RulesCopy, rules_dir};
use ludus::diag::Diagnostics;
use ludus::games::caesar_cleopatra::model::{FILES, NUMBERS};
use ludus::games::caesar_cleopatra::variant::{self, Selection};
use ludus::games::caesar_cleopatra::{self as cc};

/// What every number is replaced by: past `u32`, and below any range (past
/// `i64` too).
const BAD: [&str; 2] = ["4294967295", "-99999999999999999999"];

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every whole-number literal of a RON text outside comments and strings,
/// as (byte offset, text).
fn number_literals(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let after_ident = i > 0 && is_ident(b[i - 1]);
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |e| i + e);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            }
            b'r' if !after_ident && matches!(b.get(i + 1), Some(b'#' | b'"')) => {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let open = i + 1 + hashes + 1;
                let close = format!("\"{}", "#".repeat(hashes));
                i = text[open..]
                    .find(&close)
                    .map_or(b.len(), |e| open + e + close.len());
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c.is_ascii_digit() && !after_ident => {
                let start = i;
                while i < b.len() && is_ident(b[i]) {
                    i += 1;
                }
                out.push((start, &text[start..i]));
            }
            _ => i += 1,
        }
    }
    out
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// Asserts that `result` failed with a diagnostic in a file named `file`
/// (its path ends so) at `line`:`col` quoting `value`.
fn assert_quoted<T>(result: Result<T, Diagnostics>, file: &str, at: (usize, usize), value: &str) {
    let Err(diags) = result else {
        panic!("{file}:{}:{}: {value} was accepted", at.0, at.1);
    };
    assert!(
        diags
            .iter()
            .any(|d| d.file.ends_with(file) && (d.line, d.col) == at && d.message.contains(value)),
        "{file}:{}:{}: no diagnostic quoting {value}:\n{diags}",
        at.0,
        at.1
    );
}

/// Replaces, one at a time, each number of `file` (a path in the rules
/// copy) by each bad value, and checks that `load` gives one diagnostic,
/// quoting it at its place; returns how many numbers the file has.
fn each_number_bad(
    copy: &RulesCopy,
    file: &str,
    load: impl Fn() -> Result<(), Diagnostics>,
) -> usize {
    let path = copy.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let numbers = number_literals(&text);
    for &(offset, literal) in &numbers {
        for bad in BAD {
            let changed = format!(
                "{}{bad}{}",
                &text[..offset],
                &text[offset + literal.len()..]
            );
            std::fs::write(&path, changed).unwrap();
            let start = Instant::now();
            let result = load();
            assert!(
                start.elapsed() < Duration::from_secs(1),
                "{file}: {bad} took {:?}",
                start.elapsed()
            );
            // One error: none after it reasons from a value the file does
            // not say (a clamped or assumed one).
            if let Err(d) = &result {
                assert_eq!(d.len(), 1, "{file}: {literal} -> {bad}:\n{d}");
            }
            assert_quoted(result, file, line_col(&text, offset), bad);
        }
    }
    std::fs::write(&path, &text).unwrap();
    numbers.len()
}

#[test]
fn every_number_of_the_base_files_is_bounded() {
    let copy = RulesCopy::new();
    let mut n = 0;
    for file in FILES {
        n += each_number_bad(&copy, file, || cc::load(copy.path()).map(drop));
    }
    // (The shipped files give some 80 numbers: the scan found them.)
    assert!(n > 60, "only {n} numbers found");
}

/// The variant and add-on files of a rules folder: (id, whether an add-on,
/// the selection that loads it).
fn variant_files(dir: &Path) -> Vec<(String, Selection)> {
    let mut out: Vec<(String, Selection)> = std::fs::read_dir(dir.join("variants"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let id = p.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            let sel = if text.contains("addon: true") {
                Selection {
                    addons: vec![id.clone()],
                    ..Selection::default()
                }
            } else {
                Selection::variant(&id)
            };
            (id, sel)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_number_of_the_variants_and_addons_is_bounded() {
    let copy = RulesCopy::new();
    let mut n = 0;
    for (id, sel) in variant_files(copy.path()) {
        let file = format!("variants/{id}.ron");
        n += each_number_bad(&copy, &file, || variant::load(copy.path(), &sel).map(drop));
    }
    assert!(n > 0, "no number found in the variants");
}

/// Every numeric rule key (`ludus variants show`) has a row of the table of
/// ranges, every row is some key's, and `--set` of a bad value is refused
/// at its place, quoting it.
#[test]
fn every_numeric_key_has_a_range_and_refuses_a_bad_value_through_set() {
    let base = variant::load(&rules_dir(), &Selection::default()).unwrap();
    let mut used = vec![false; NUMBERS.len()];
    let mut checked = 0;
    for (key, value, _) in &base.settings {
        for (offset, literal) in number_literals(value) {
            let row = NUMBERS.iter().position(|b| {
                b.matches(key) || (offset > 0 && b.key.starts_with(&format!("{key}[]")))
            });
            let Some(row) = row else {
                panic!("{key} = {value}: no range in model::NUMBERS");
            };
            used[row] = true;
            for bad in BAD {
                let set = format!(
                    "{}{bad}{}",
                    &value[..offset],
                    &value[offset + literal.len()..]
                );
                let sel = Selection {
                    sets: vec![format!("{key}={set}")],
                    ..Selection::default()
                };
                let result = variant::load(&rules_dir(), &sel).map(drop);
                if let Err(d) = &result {
                    assert_eq!(d.len(), 1, "--set {key}={set}:\n{d}");
                }
                assert_quoted(result, &format!("--set {key}"), (1, offset + 1), bad);
                checked += 1;
            }
        }
    }
    for (b, used) in NUMBERS.iter().zip(used) {
        assert!(used, "{}: no rule key has this range", b.key);
    }
    assert!(checked > 100, "{checked}");
}

/// The case: a count of 4294967295 in forum.ron made `ludus check`
/// climb to 21 GB; it is one error, at once.
#[test]
fn ludus_check_refuses_a_huge_count_at_once() {
    let copy = RulesCopy::new();
    copy.edit(
        "forum.ron",
        "group: \"senators\", at_least: 3, count: 2)",
        "group: \"senators\", at_least: 99, count: 4294967295)",
    );
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["check", copy.path().to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    // Each value quoted as written, once; no follow-up error quoting a
    // clamped value (it was "the mission asks for 30").
    for m in [
        "Error: at_least is 99, but must be between 1 and 30\n",
        "Error: a mission card count is 4294967295, but must be between 0 and 16\n",
    ] {
        assert_eq!(stderr.matches(m).count(), 1, "{stderr}");
    }
    assert!(!stderr.contains("asks for"), "{stderr}");
    let forum = copy.path().join("forum.ron");
    assert!(
        stderr.contains(&format!("╭─[ {}:42:", forum.display())),
        "{stderr}"
    );
    assert!(stderr.contains(": 2 problem(s)"), "{stderr}");
}

/// The other case: `--set` of a mission count aborted on a 3.7 GB
/// allocation.
#[test]
fn a_huge_count_through_set_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "simulate",
            "--games",
            "1",
            "--set",
            "mission.mission_quaestors.count=100000000",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "--set mission.mission_quaestors.count:1:1: error: a mission card count is 100000000, but must be between 0 and 16"
    );
}

/// A number as written (`1_000`, hex) is quoted so.
#[test]
fn a_value_is_quoted_as_written() {
    let copy = RulesCopy::new();
    copy.edit("limits.ron", "turn_cap: 400", "turn_cap: 1_000_000");
    copy.edit("limits.ron", "hand_size: 5", "hand_size: 0x20");
    let e = copy.errors();
    assert!(
        e.contains("error: turn_cap is 1_000_000, but must be between 1 and 100000"),
        "{e}"
    );
    assert!(
        e.contains("error: hand_size is 0x20, but must be between 1 and 12"),
        "{e}"
    );
}

const BOM: &str = "\u{feff}";

fn with_bom(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, format!("{BOM}{text}")).unwrap();
}

#[test]
fn rule_files_with_a_byte_order_mark_load() {
    let copy = RulesCopy::new();
    for file in FILES {
        with_bom(&copy.path().join(file));
    }
    let variants = variant_files(copy.path());
    for (id, _) in &variants {
        with_bom(&copy.path().join(format!("variants/{id}.ron")));
    }
    let plain = cc::load(&rules_dir()).unwrap();
    let marked = cc::load(copy.path()).unwrap();
    assert_eq!(format!("{marked:?}"), format!("{plain:?}"));
    for (id, sel) in &variants {
        let plain = variant::load(&rules_dir(), sel).unwrap();
        let marked = variant::load(copy.path(), sel).unwrap();
        assert_eq!(
            format!("{:?}", marked.rules),
            format!("{:?}", plain.rules),
            "{id}"
        );
    }
}

/// Positions in a file with a mark are those of its text: the error's
/// line and column, and the snippet `ludus check` shows.
#[test]
fn an_error_in_a_file_with_a_byte_order_mark_is_shown_at_its_place() {
    let copy = RulesCopy::new();
    copy.edit("limits.ron", "per_side: 5", "per_side: 99");
    with_bom(&copy.path().join("limits.ron"));
    let e = copy.errors();
    assert!(
        e.starts_with("rules/limits.ron:5:15: error: per_side is 99"),
        "{e}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["check", copy.path().to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(":5:15 ]"), "{stderr}");
    assert!(stderr.contains(" 5 │     per_side: 99,"), "{stderr}");
}

#[test]
fn a_scenario_with_a_byte_order_mark_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/000/placement.ron");
    let marked = tmp.path().join("placement.ron");
    std::fs::copy(&scenario, &marked).unwrap();
    with_bom(&marked);
    let plain = cc::scenario::run_file(&scenario, &rules_dir(), false).unwrap();
    let with = cc::scenario::run_file(&marked, &rules_dir(), false).unwrap();
    assert_eq!(with, plain);
}

#[test]
fn a_save_with_a_byte_order_mark_loads() {
    use ludus::args::RulesArgs;
    use ludus::play::{Player, RulesChoice};
    type Game = ludus::play::Game<ludus::games::caesar_cleopatra::CaesarCleopatra>;
    let choice = RulesChoice::from_args::<ludus::games::caesar_cleopatra::CaesarCleopatra>(
        &RulesArgs::for_dir(&rules_dir()),
    );
    let ai = || Player::Ai("random".into());
    let mut g = Game::new(choice, 11, vec![ai(), ai()]).unwrap();
    for _ in 0..40 {
        let Some(m) = g.ai_move() else { break };
        g.play(m).unwrap();
    }
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("game.ron");
    std::fs::write(&path, format!("{BOM}{}", g.save_text())).unwrap();
    let back = Game::load(&path).unwrap();
    assert_eq!(back.moves, g.moves);
    assert_eq!(back.fingerprint(), g.fingerprint());
}

/// README "The rules directory" lists every range as the code has it.
#[test]
fn the_readme_lists_every_range() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for b in NUMBERS {
        let row = format!("| `{}` | {} to {} |", b.key, b.min, b.max);
        assert!(readme.contains(&row), "README lacks the row {row}");
    }
}
