//! `ludus simulate --compare`: two or more rule sets played on the same
//! seeds, measure by measure, with the difference to the first set and
//! whether it is significant.
//!
//! A compare spec is `[VARIANT][+ADDON]...[;KEY=VALUE]...`, e.g.
//! `v1`, `v1+addon-b`, `+addon-b` (the default variant with an add-on) or
//! `v2;scoring.bonus=1` (the names are those of the game's rules folder).

use std::fmt::Write;

use serde_json::{Value, json};

use super::Reported;
use super::compare_paired::Paired;
use super::measures::{Measure, Stat, measures, sections};
use super::stats::Test;
use super::text::fmt_value;
use crate::sim::Summary;

/// A parsed compare spec.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spec {
    /// `None`: the run's `--variant` (or the default variant).
    pub variant: Option<String>,
    pub addons: Vec<String>,
    pub sets: Vec<String>,
}

/// Whether `s` starts like `key=value` (a rule key is letters, digits, `_`
/// and `.`).
fn starts_like_setting(s: &str) -> bool {
    let s = s.trim_start();
    match s.find('=') {
        Some(i) if i > 0 => s[..i]
            .trim_end()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.'),
        _ => false,
    }
}

/// Reads `[VARIANT][+ADDON]...[;KEY=VALUE]...`. A `;` inside a value (an
/// effect text) stays in the value: a new setting starts only where the
/// text after `;` reads `key=`.
pub fn parse_spec(spec: &str) -> Result<Spec, String> {
    let (head, rest) = match spec.split_once(';') {
        Some((h, r)) => (h, Some(r)),
        None => (spec, None),
    };
    let mut parts = head.split('+').map(str::trim);
    let variant = parts.next().filter(|v| !v.is_empty()).map(String::from);
    let mut addons = Vec::new();
    for a in parts {
        if a.is_empty() {
            return Err(format!(
                "compare spec \"{spec}\": an empty add-on after '+'"
            ));
        }
        addons.push(a.to_string());
    }
    let mut sets: Vec<String> = Vec::new();
    if let Some(rest) = rest {
        let pieces: Vec<&str> = rest.split(';').collect();
        for (i, piece) in pieces.iter().enumerate() {
            if i + 1 == pieces.len() && piece.trim().is_empty() {
                break;
            }
            match sets.last_mut() {
                Some(last) if !starts_like_setting(piece) => {
                    last.push(';');
                    last.push_str(piece);
                }
                _ => sets.push(piece.to_string()),
            }
        }
        for s in &mut sets {
            *s = s.trim().to_string();
            if !starts_like_setting(s) {
                return Err(format!(
                    "compare spec \"{spec}\": \"{s}\" is not KEY=VALUE \
                     (the syntax is VARIANT+ADDON;KEY=VALUE)"
                ));
            }
        }
    }
    Ok(Spec {
        variant,
        addons,
        sets,
    })
}

/// How a compare spec names a rules folder: `dir=FOLDER` (the run's own
/// selection on that folder's rules) or `dir=FOLDER|SPEC`;
/// `dir=built-in` is the rules built into ludus.
pub const FOLDER_PREFIX: &str = "dir=";

/// A spec's folder (`dir=FOLDER|`), if it names one, and the rest.
pub fn split_folder(spec: &str) -> (Option<&str>, &str) {
    match spec.strip_prefix(FOLDER_PREFIX) {
        Some(rest) => match rest.split_once('|') {
            Some((folder, spec)) => (Some(folder), spec),
            None => (Some(rest), ""),
        },
        None => (None, spec),
    }
}

/// The label of a set read from `folder`: `dir=FOLDER|LABEL`.
pub fn folder_label(folder: &str, label: &str) -> String {
    format!("{FOLDER_PREFIX}{folder}|{label}")
}

/// One measure across the sets.
#[derive(Debug, Clone)]
pub struct Row {
    /// The measure as the first set that has it names it.
    pub first: Measure,
    /// Per set (`None` where a set does not have it).
    pub values: Vec<Option<Stat>>,
    /// Per set: the test against set 0 (`None` for set 0 itself).
    pub tests: Vec<Option<Test>>,
}

/// The measures of each set, matched by id, with tests against set 0:
/// paired where the games give the measure game by game
/// ([`Paired::test`]), else unpaired ([`Stat::compare`]).
pub fn rows<G: Reported>(sets: &[Summary<G::Sums>], paired: Option<&Paired>) -> Vec<Row> {
    let per: Vec<Vec<Measure>> = sets.iter().map(measures::<G>).collect();
    let mut order: Vec<Measure> = Vec::new();
    for ms in &per {
        for m in ms {
            if !order.iter().any(|o| o.id == m.id) {
                order.push(m.clone());
            }
        }
    }
    let secs = sections::<G>(order.iter().map(|m| m.section));
    let sec = |s: &str| secs.iter().position(|x| x == s).unwrap_or(99);
    order.sort_by_key(|m| sec(m.section));
    order
        .into_iter()
        .map(|first| {
            let values: Vec<Option<Stat>> = per
                .iter()
                .zip(sets)
                .map(|(ms, s)| match ms.iter().find(|m| m.id == first.id) {
                    Some(m) => Some(m.stat.clone()),
                    // An ending that never happened in this set: 0 of n.
                    None if first.id.starts_with("end_") => Some(Stat::Rate {
                        k: 0,
                        n: s.totals.games,
                    }),
                    None => None,
                })
                .collect();
            let seats = &sets[0].meta.seats;
            let tests = values
                .iter()
                .enumerate()
                .map(|(i, v)| match (i, &values[0], v) {
                    (0, _, _) => None,
                    (_, Some(a), Some(b)) => paired
                        .and_then(|p| p.test(i, &first, a, b, seats))
                        .or_else(|| a.compare(b)),
                    _ => None,
                })
                .collect();
            Row {
                first,
                values,
                tests,
            }
        })
        .collect()
}

pub fn compare_json<G: Reported>(sets: &[Summary<G::Sums>], paired: Option<&Paired>) -> Value {
    let rows: Vec<Value> = rows::<G>(sets, paired)
        .iter()
        .map(|r| {
            json!({
                "id": r.first.id,
                "label": r.first.label,
                "section": r.first.section,
                "kind": r.first.stat.kind(),
                "percent": r.first.percent(),
                "values": r.values.iter().map(|v| v.as_ref().map(Stat::value)).collect::<Vec<_>>(),
                "ci95": r.values.iter().map(|v| v.as_ref().map(|s| { let (a, b) = s.ci95(); json!([a, b]) })).collect::<Vec<_>>(),
                "n": r.values.iter().map(|v| v.as_ref().map(Stat::n)).collect::<Vec<_>>(),
                "diffs": r.tests.iter().map(|t| t.map(|t| json!({
                    "diff": t.diff,
                    "ci95": [t.ci95.0, t.ci95.1],
                    "p": t.p,
                    "significant": t.significant(),
                    "test": t.test,
                }))).collect::<Vec<_>>(),
            })
        })
        .collect();
    let first = sets.first();
    json!({
        "compare": sets.iter().map(|s| s.meta.label.clone()).collect::<Vec<_>>(),
        "seed": first.map(|s| s.meta.seed),
        "games": first.map(|s| s.meta.games),
        "shard": first.and_then(|s| s.meta.shard),
        "seconds": sets.iter().map(|s| s.seconds).sum::<f64>(),
        "threads": first.map_or(0, |s| s.threads),
        "sets": sets.iter().map(super::json::summary_json::<G>).collect::<Vec<_>>(),
        "rows": rows,
        "paired": paired,
    })
}

/// A p-value as the table prints it.
pub fn fmt_p(p: f64) -> String {
    if p < 0.001 {
        "<0.001".into()
    } else {
        format!("{p:.3}")
    }
}

/// The widest a terminal report's line is (a comparison's, unless
/// `--wide`).
pub const TEXT_WIDTH: usize = 100;

/// The terminal report of a comparison: the sets, then every measure. Two
/// sets take one line per measure; more take a line per set under each
/// measure, so that the table stays within [`TEXT_WIDTH`] columns;
/// `wide` puts every set on the measure's line, however many.
pub fn compare_text<G: Reported>(
    sets: &[Summary<G::Sums>],
    paired: Option<&Paired>,
    wide: bool,
) -> String {
    let mut o = String::new();
    let Some(first) = sets.first() else {
        return o;
    };
    compare_head(&mut o, sets, first, paired.is_some());
    let all = rows::<G>(sets, paired);
    let table: fn(&mut String, &[Row], usize) = if wide {
        wide_table::<G>
    } else if sets.len() == 2 {
        two_set_table::<G>
    } else {
        set_rows_table::<G>
    };
    table(&mut o, &all, sets.len());
    o
}

/// A set's letter in a comparison: `A`, `B`, ...
fn letter(i: usize) -> String {
    ((b'A' + (i % 26) as u8) as char).to_string()
}

/// What is compared: the run, each set with its rules' source, and how
/// the differences are tested.
fn compare_head<S>(o: &mut String, sets: &[Summary<S>], first: &Summary<S>, paired: bool) {
    if let Some([i, j]) = first.meta.partial {
        *o += &partial_text(i, j, first.meta.range().end);
    }
    let _ = writeln!(
        o,
        "Comparing {} rule sets on the same {} games (game i has the same seed in every set)",
        sets.len(),
        first.totals.games
    );
    let mut run = first.meta.clone();
    run.label.clear();
    run.rules_source.clear();
    let _ = writeln!(o, "{}", super::text::meta_line(&run));
    for (i, s) in sets.iter().enumerate() {
        let _ = writeln!(
            o,
            "  [{}] {}, {}  ({:.1} s)",
            letter(i),
            s.meta.label,
            super::source_words(&s.meta.rules_source),
            s.seconds
        );
    }
    let _ = writeln!(o, "{}", tests_note(paired));
}

/// `text` in lines of at most `width` columns, broken between words only.
fn wrap(text: &str, width: usize) -> Vec<std::borrow::Cow<'_, str>> {
    let opts = textwrap::Options::new(width).word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, opts)
}

/// The line that marks a partial report: games `i..j` of a run of `end`.
pub fn partial_line(i: u64, j: u64, end: u64) -> String {
    format!(
        "PARTIAL REPORT: the run was stopped after {} of its {} games; this covers games {i} to {} (the first ones; the same seed plays the same games)",
        j - i,
        end - i,
        j.saturating_sub(1).max(i)
    )
}

/// [`partial_line`] in lines within [`TEXT_WIDTH`] columns.
pub fn partial_text(i: u64, j: u64, end: u64) -> String {
    let mut o = String::new();
    for line in wrap(&partial_line(i, j, end), TEXT_WIDTH) {
        let _ = writeln!(o, "{line}");
    }
    o
}

/// A difference's cells: the difference, its interval, p and whether
/// p < 0.05 (each as wide as `w`), or blanks.
fn diff_cells(m: &Measure, t: Option<&Test>, w: [usize; 4]) -> String {
    match t {
        Some(t) => format!(
            " {:>a$} {:>b$} {:>c$} {:>d$}",
            signed(m, t.diff),
            format!("[{}, {}]", signed(m, t.ci95.0), signed(m, t.ci95.1)),
            fmt_p(t.p),
            if t.significant() { "yes" } else { "no" },
            a = w[0],
            b = w[1],
            c = w[2],
            d = w[3]
        ),
        None => format!(
            " {:>a$} {:>b$} {:>c$} {:>d$}",
            "-",
            "",
            "",
            "",
            a = w[0],
            b = w[1],
            c = w[2],
            d = w[3]
        ),
    }
}

/// A value of one set, or `-`.
fn value_cell(m: &Measure, v: &Option<Stat>) -> String {
    v.as_ref().map_or("-".into(), |s| fmt_value(m, s.value()))
}

/// Each section's title, then `row` for each of its measures.
fn by_section<G: Reported>(o: &mut String, all: &[Row], mut row: impl FnMut(&mut String, &Row)) {
    for sec in sections::<G>(all.iter().map(|r| r.first.section)) {
        let _ = writeln!(o, "{sec}");
        for r in all.iter().filter(|r| r.first.section == sec) {
            row(o, r);
        }
    }
}

/// Widths of a difference's cells in the narrow tables.
const NARROW: [usize; 4] = [9, 19, 7, 5];

/// Two sets: one line per measure, its label wrapped in its column.
fn two_set_table<G: Reported>(o: &mut String, all: &[Row], _: usize) {
    const LABEL: usize = 34;
    let _ = writeln!(
        o,
        "\n  {:<LABEL$} {:>9} {:>9} {:>9} {:>19} {:>7} {:>5}",
        "measure", "A", "B", "B-A", "95% CI", "p", "p<.05"
    );
    by_section::<G>(o, all, |o, r| {
        let m = &r.first;
        let label = wrap(&m.label, LABEL);
        let mut line = format!("  {:<LABEL$}", label.first().map_or("", |l| l.as_ref()));
        for v in &r.values {
            let _ = write!(line, " {:>9}", value_cell(m, v));
        }
        line += &diff_cells(m, r.tests.get(1).and_then(Option::as_ref), NARROW);
        let _ = writeln!(o, "{}", line.trim_end());
        for more in label.iter().skip(1) {
            let _ = writeln!(o, "    {more}");
        }
    });
}

/// Three sets or more: under each measure, one line per set.
fn set_rows_table<G: Reported>(o: &mut String, all: &[Row], _: usize) {
    let _ = writeln!(
        o,
        "\n  measure\n    {:<4} {:>10} {:>9} {:>19} {:>7} {:>5}",
        "set", "value", "diff", "95% CI", "p", "p<.05"
    );
    by_section::<G>(o, all, |o, r| {
        let m = &r.first;
        for l in wrap(&m.label, TEXT_WIDTH - 2) {
            let _ = writeln!(o, "  {l}");
        }
        for (i, v) in r.values.iter().enumerate() {
            let mut line = format!(
                "    {:<4} {:>10}",
                format!("[{}]", letter(i)),
                value_cell(m, v)
            );
            if i > 0 {
                line += &diff_cells(m, r.tests[i].as_ref(), NARROW);
            }
            let _ = writeln!(o, "{}", line.trim_end());
        }
    });
}

/// `--wide`: every set on the measure's line (as wide as it takes).
fn wide_table<G: Reported>(o: &mut String, all: &[Row], n: usize) {
    const WIDE: [usize; 4] = [10, 22, 7, 6];
    let lw = all
        .iter()
        .map(|r| r.first.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    let mut head = format!("\n{:<w$}", "measure", w = lw + 2);
    for i in 0..n {
        let _ = write!(head, " {:>10}", letter(i));
    }
    for i in 1..n {
        let _ = write!(
            head,
            " {:>10} {:>22} {:>7} {:>6}",
            format!("{}-A", letter(i)),
            "95% CI",
            "p",
            "p<0.05"
        );
    }
    *o += &head;
    o.push('\n');
    by_section::<G>(o, all, |o, r| {
        let m = &r.first;
        let mut line = format!("  {:<lw$}", m.label);
        for v in &r.values {
            let _ = write!(line, " {:>10}", value_cell(m, v));
        }
        for t in r.tests.iter().skip(1) {
            line += &diff_cells(m, t.as_ref(), WIDE);
        }
        let _ = writeln!(o, "{}", line.trim_end());
    });
}

/// What the difference column holds and how it is tested.
fn tests_note(paired: bool) -> String {
    let how = if paired {
        "paired over the same games: McNemar's test for rates, the paired t-test for means; \
         a measure not given game by game (a ratio, a mean over some games) unpaired: \
         two-proportion z, Welch, z for ratios"
    } else {
        "two-proportion z-test for rates, Welch's t-test for means, z-test for ratios"
    };
    textwrap::fill(
        &format!(
            "Difference: each set minus [A], its 95% CI, the p-value ({how}) and whether p < 0.05."
        ),
        TEXT_WIDTH,
    )
}

/// A difference with its sign.
fn signed(m: &Measure, v: f64) -> String {
    let s = fmt_value(m, v);
    if v >= 0.0 && !s.starts_with('-') {
        format!("+{s}")
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(
            parse_spec("v1+addon-b").unwrap(),
            Spec {
                variant: Some("v1".into()),
                addons: vec!["addon-b".into()],
                sets: vec![]
            }
        );
        let s =
            parse_spec("+addon-a;scoring.bonus=1;card.x.effect=\"cancel; draw me 1;\"").unwrap();
        assert_eq!(s.variant, None);
        assert_eq!(
            s.sets,
            vec![
                "scoring.bonus=1".to_string(),
                "card.x.effect=\"cancel; draw me 1;\"".to_string()
            ]
        );
        assert!(parse_spec("v1;oops").is_err());
        assert!(parse_spec("v1++x").is_err());
    }
}
