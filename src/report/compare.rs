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
use super::text::{fmt_value, run_line};
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
    let secs = sections::<G>();
    let sec = |s: &str| secs.iter().position(|x| *x == s).unwrap_or(99);
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

pub fn compare_text<G: Reported>(sets: &[Summary<G::Sums>], paired: Option<&Paired>) -> String {
    let mut o = String::new();
    let Some(first) = sets.first() else {
        return o;
    };
    let letter = |i: usize| ((b'A' + (i % 26) as u8) as char).to_string();
    let _ = writeln!(
        o,
        "Comparing {} rule sets on the same {} games (game i has the same seed in every set)",
        sets.len(),
        first.totals.games
    );
    let _ = writeln!(
        o,
        "{}",
        run_line(first).replace(&format!(" ({})", first.meta.label), "")
    );
    for (i, s) in sets.iter().enumerate() {
        let _ = writeln!(
            o,
            "  [{}] {}  ({:.1} s)",
            letter(i),
            s.meta.label,
            s.seconds
        );
    }
    let _ = writeln!(o, "{}", tests_note(paired.is_some()));
    let all = rows::<G>(sets, paired);
    let lw = all
        .iter()
        .map(|r| r.first.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    let mut head = format!("\n{:<w$}", "measure", w = lw + 2);
    for i in 0..sets.len() {
        let _ = write!(head, " {:>10}", letter(i));
    }
    for i in 1..sets.len() {
        let l = letter(i);
        let _ = write!(
            head,
            " {:>10} {:>22} {:>7} {:>6}",
            format!("{l}-A"),
            "95% CI",
            "p",
            "p<0.05"
        );
    }
    o += &head;
    o.push('\n');
    for sec in sections::<G>() {
        let _ = writeln!(o, "{sec}");
        for r in all.iter().filter(|r| r.first.section == sec) {
            let m = &r.first;
            let mut line = format!("  {:<lw$}", m.label);
            for v in &r.values {
                let text = v.as_ref().map_or("-".into(), |s| fmt_value(m, s.value()));
                let _ = write!(line, " {text:>10}");
            }
            for t in r.tests.iter().skip(1) {
                match t {
                    Some(t) => {
                        let _ = write!(
                            line,
                            " {:>10} {:>22} {:>7} {:>6}",
                            signed(m, t.diff),
                            format!("[{}, {}]", signed(m, t.ci95.0), signed(m, t.ci95.1)),
                            fmt_p(t.p),
                            if t.significant() { "yes" } else { "no" }
                        );
                    }
                    None => {
                        let _ = write!(line, " {:>10} {:>22} {:>7} {:>6}", "-", "", "", "");
                    }
                }
            }
            o += line.trim_end();
            o.push('\n');
        }
    }
    o
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
        100,
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
