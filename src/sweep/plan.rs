//! The rule sets a sweep plays: every knob of the base rules
//! (`design::knobs`) at each of its values, chosen by `--only`/`--skip`,
//! with `--range KEY=A..B[:STEP]` for a number's values, `--grid K1,K2`
//! for every pair of two knobs' values, and `--add SPEC` for rule sets
//! written out. Each is one rule set beside the base: the base's
//! selection and `key=value`.

use serde::{Deserialize, Serialize};

use crate::design::knobs::{Knob, KnobKind, number_text};

/// One rule set of a sweep, beside the base.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetInfo {
    /// `key=value` (`k1=v1, k2=v2` in a grid; the spec of `--add`).
    pub label: String,
    /// The settings it adds to the base's (`key=value` each), or the
    /// compare spec of `--add`.
    pub sets: Vec<String>,
    /// The knob and its value (none for `--add`); in a grid, the first
    /// knob's, with the second's in `grid`.
    pub key: Option<String>,
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<[String; 2]>,
    /// `--add`'s spec, read as `simulate --compare` reads one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
}

impl SetInfo {
    fn one(key: &str, value: &str) -> SetInfo {
        SetInfo {
            label: format!("{key}={value}"),
            sets: vec![format!("{key}={value}")],
            key: Some(key.into()),
            value: Some(value.into()),
            grid: None,
            spec: None,
        }
    }
}

/// What the designer asked for.
#[derive(Debug, Clone, Default)]
pub struct Choice {
    /// `--range KEY=A..B[:STEP]`.
    pub ranges: Vec<String>,
    /// `--only PATTERN` (none: every knob).
    pub only: Vec<String>,
    /// `--skip PATTERN`.
    pub skip: Vec<String>,
    /// `--grid K1,K2`.
    pub grid: Option<String>,
    /// `--add SPEC`.
    pub add: Vec<String>,
}

/// Whether `key` matches `pattern`: `*` stands for any text; a pattern
/// without `*` matches its key and the keys under it (`scoring` matches
/// `scoring.bonus`).
pub fn matches(pattern: &str, key: &str) -> bool {
    if !pattern.contains('*') {
        return key == pattern || key.starts_with(&format!("{pattern}."));
    }
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !key.starts_with(first) || key.len() < first.len() + last.len() || !key.ends_with(last) {
        return false;
    }
    let mut rest = &key[first.len()..key.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// `--range KEY=A..B[:STEP]` read: the key and its values.
pub fn parse_range(s: &str) -> Result<(String, Vec<String>), String> {
    let bad = || {
        format!("--range \"{s}\": expected KEY=A..B or KEY=A..B:STEP (e.g. scoring.bonus=0..10:2)")
    };
    let (key, span) = s.split_once('=').ok_or_else(bad)?;
    let (span, step) = match span.split_once(':') {
        Some((sp, st)) => (sp, st.trim().parse::<f64>().map_err(|_| bad())?),
        None => (span, 1.0),
    };
    let (a, b) = span.split_once("..").ok_or_else(bad)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if step.is_nan() || step <= 0.0 || !a.is_finite() || !b.is_finite() || b < a {
        return Err(bad());
    }
    let count = ((b - a) / step).floor() as u64 + 1;
    if count > 1000 {
        return Err(format!(
            "--range \"{s}\": {count} values; a range gives at most 1000 (take a larger STEP)"
        ));
    }
    let values = (0..count)
        .map(|i| number_text(a + i as f64 * step))
        .collect();
    Ok((key.trim().to_string(), values))
}

/// The values swept for each knob chosen, in the knobs' order (the base
/// value left out). A `--range` of a key no knob has is an error naming
/// the nearest.
pub fn values(knobs: &[Knob], c: &Choice) -> Result<Vec<(Knob, Vec<String>)>, String> {
    let mut ranges = Vec::new();
    for r in &c.ranges {
        let (key, vals) = parse_range(r)?;
        known(knobs, &key, "--range")?;
        ranges.push((key, vals));
    }
    for p in c.only.iter().chain(&c.skip) {
        if !knobs.iter().any(|k| matches(p, &k.key)) {
            return Err(format!(
                "--only/--skip \"{p}\" matches no rule a sweep turns{}",
                hint(knobs, p)
            ));
        }
    }
    let chosen = |k: &Knob| {
        (c.only.is_empty() || c.only.iter().any(|p| matches(p, &k.key)))
            && !c.skip.iter().any(|p| matches(p, &k.key))
    };
    Ok(knobs
        .iter()
        .filter(|k| chosen(k))
        .map(|k| {
            let vals = match ranges.iter().find(|(key, _)| *key == k.key) {
                Some((_, v)) => v.iter().filter(|v| !same(v, &k.base)).cloned().collect(),
                None => k.default_values(),
            };
            (k.clone(), vals)
        })
        .filter(|(_, v)| !v.is_empty())
        .collect())
}

/// Whether two values are the same number or the same word.
fn same(a: &str, b: &str) -> bool {
    match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

fn known<'a>(knobs: &'a [Knob], key: &str, what: &str) -> Result<&'a Knob, String> {
    knobs.iter().find(|k| k.key == key).ok_or_else(|| {
        format!(
            "{what} {key}: no rule a sweep turns has this key{}",
            hint(knobs, key)
        )
    })
}

fn hint(knobs: &[Knob], key: &str) -> String {
    match crate::load::nearest(key, knobs.iter().map(|k| k.key.as_str())) {
        Some(n) => format!(" (did you mean {n}?)"),
        None => " (`ludus variants show base` lists the keys)".into(),
    }
}

/// The rule sets of the sweep: each chosen knob at each of its values,
/// or with `--grid` every pair of the two knobs' values (the base's
/// included, the base itself left out); then `--add`'s.
pub fn sets(knobs: &[Knob], c: &Choice) -> Result<Vec<SetInfo>, String> {
    let mut out = match &c.grid {
        Some(g) => grid(knobs, c, g)?,
        None => values(knobs, c)?
            .iter()
            .flat_map(|(k, vals)| vals.iter().map(|v| SetInfo::one(&k.key, v)))
            .collect(),
    };
    for spec in &c.add {
        crate::report::compare::parse_spec(spec)?;
        out.push(SetInfo {
            label: spec.clone(),
            sets: vec![],
            key: None,
            value: None,
            grid: None,
            spec: Some(spec.clone()),
        });
    }
    Ok(out)
}

fn grid(knobs: &[Knob], c: &Choice, g: &str) -> Result<Vec<SetInfo>, String> {
    let keys: Vec<&str> = g.split(',').map(str::trim).collect();
    let [k1, k2] = keys[..] else {
        return Err(format!("--grid \"{g}\": expected two keys, KEY1,KEY2"));
    };
    let all = values(
        knobs,
        &Choice {
            only: vec![k1.into(), k2.into()],
            ..c.clone()
        },
    )?;
    let with_base = |key: &str| -> Result<Vec<String>, String> {
        let knob = known(knobs, key, "--grid")?;
        let mut v = vec![knob.base.clone()];
        if let Some((_, vals)) = all.iter().find(|(k, _)| k.key == key) {
            v.extend(vals.iter().cloned());
        }
        if let KnobKind::Number { .. } = knob.kind {
            v.sort_by(|a, b| {
                let n = |s: &str| s.parse::<f64>().unwrap_or(f64::NAN);
                n(a).total_cmp(&n(b))
            });
        }
        Ok(v)
    };
    let (v1, v2) = (with_base(k1)?, with_base(k2)?);
    let (b1, b2) = (
        &known(knobs, k1, "--grid")?.base,
        &known(knobs, k2, "--grid")?.base,
    );
    let mut out = Vec::new();
    for x in &v1 {
        for y in &v2 {
            if x == b1 && y == b2 {
                continue;
            }
            let mut sets = Vec::new();
            if x != b1 {
                sets.push(format!("{k1}={x}"));
            }
            if y != b2 {
                sets.push(format!("{k2}={y}"));
            }
            out.push(SetInfo {
                label: format!("{k1}={x}, {k2}={y}"),
                sets,
                key: Some(k1.into()),
                value: Some(x.clone()),
                grid: Some([k2.into(), y.clone()]),
                spec: None,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knob(key: &str, base: &str, kind: KnobKind) -> Knob {
        Knob {
            key: key.into(),
            base: base.into(),
            kind,
        }
    }

    fn knobs() -> Vec<Knob> {
        let num = KnobKind::Number {
            min: Some(0.0),
            max: Some(10.0),
            step: 1.0,
        };
        vec![
            knob("scoring.bonus", "2", num.clone()),
            knob("limits.cap", "0", num),
            knob(
                "turn.timing",
                "A",
                KnobKind::Toggle(vec!["A".into(), "B".into(), "C".into()]),
            ),
        ]
    }

    #[test]
    fn patterns() {
        assert!(matches("scoring", "scoring.bonus"));
        assert!(!matches("scoring", "scoring_x.bonus"));
        assert!(matches("card.*.value", "card.ace.value"));
        assert!(!matches("card.*.value", "card.ace.name"));
        assert!(matches("*", "anything"));
    }

    #[test]
    fn default_values_ranges_and_choices() {
        let all = sets(&knobs(), &Choice::default()).unwrap();
        let labels: Vec<&str> = all.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "scoring.bonus=1",
                "scoring.bonus=3",
                "limits.cap=1",
                "turn.timing=B",
                "turn.timing=C"
            ]
        );
        let c = Choice {
            ranges: vec!["scoring.bonus=0..6:3".into()],
            only: vec!["scoring".into()],
            ..Choice::default()
        };
        let labels: Vec<String> = sets(&knobs(), &c)
            .unwrap()
            .into_iter()
            .map(|s| s.label)
            .collect();
        assert_eq!(
            labels,
            ["scoring.bonus=0", "scoring.bonus=3", "scoring.bonus=6"]
        );
        let e = sets(
            &knobs(),
            &Choice {
                ranges: vec!["scoring.bonsu=0..3".into()],
                ..Choice::default()
            },
        )
        .unwrap_err();
        assert!(e.contains("did you mean scoring.bonus?"), "{e}");
        assert!(parse_range("x=3..1").is_err());
        assert!(parse_range("x=0..1000000").is_err());
    }

    #[test]
    fn a_grid_is_every_pair_but_the_base() {
        let c = Choice {
            grid: Some("scoring.bonus,turn.timing".into()),
            ..Choice::default()
        };
        let g = sets(&knobs(), &c).unwrap();
        assert_eq!(g.len(), 3 * 3 - 1);
        assert_eq!(g[0].label, "scoring.bonus=1, turn.timing=A");
        assert_eq!(g[0].sets, ["scoring.bonus=1"]);
    }
}
