//! The report of a sweep (`crate::sweep`): each rule set's effect on
//! every measure, as paired differences against the base with their 95%
//! intervals (`stats::paired`), Holm's correction over the rule sets, the
//! games that would resolve what is left unresolved, and the ranking by
//! the chosen measure; as a terminal table, JSON and CSV (the HTML page
//! is `sweep::html`). It names no game.

use std::fmt::Write;

use serde_json::{Value, json};

use crate::engine::seed::derive;
use crate::stats::Test;
use crate::stats::paired::{self, games_needed, holm, mcnemar, se_of};
use crate::sweep::plan::SetInfo;
use crate::sweep::{Sweep, SweepMeta};

/// The measure a sweep ranks by unless told: the spread of the seats'
/// win rates (0 when every seat wins as often).
pub const DEFAULT_MEASURE: &str = "seat_spread";

/// The significance level after the correction.
const ALPHA: f64 = 0.05;

/// One measure's effect of one rule set.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    pub id: String,
    pub label: String,
    /// `rate`, `mean` or `spread`: how it is shown and tested.
    pub kind: &'static str,
    pub base: f64,
    pub value: f64,
    /// The rule set minus the base.
    pub test: Test,
    /// Holm's p-value over the sweep's rule sets.
    pub p_holm: f64,
    /// For an unresolved effect: the games a set that would resolve it.
    pub games_needed: Option<u64>,
}

impl Effect {
    pub fn resolved(&self) -> bool {
        self.p_holm < ALPHA
    }

    pub fn percent(&self) -> bool {
        self.kind != "mean" || self.id == "first_seat_edge"
    }
}

/// One rule set's effects.
#[derive(Debug, Clone)]
pub struct SetReport {
    pub info: SetInfo,
    pub games: u64,
    pub identical: u64,
    pub effects: Vec<Effect>,
}

impl SetReport {
    /// Every game the same as the base's: the agents never met the rule.
    pub fn never_exercised(&self) -> bool {
        self.games > 0 && self.identical == self.games
    }

    pub fn effect(&self, id: &str) -> Option<&Effect> {
        self.effects.iter().find(|e| e.id == id)
    }
}

/// The measures of a sweep, by id and label, in report order.
pub fn measure_ids(m: &SweepMeta, endings: &[String]) -> Vec<(String, String)> {
    let mut v = vec![(
        DEFAULT_MEASURE.to_string(),
        "spread of win rates across seats (max - min)".to_string(),
    )];
    v.push((m.columns[0].id.clone(), m.columns[0].label.clone()));
    for (p, s) in m.seats.iter().enumerate() {
        let name = m.seat_names.get(p).unwrap_or(s);
        v.push((format!("win_{s}"), format!("{name} wins")));
    }
    v.push(("draw".into(), "draws".into()));
    for e in endings {
        v.push((
            format!("end_{e}"),
            format!("ended: {}", e.replace('_', " ")),
        ));
    }
    v.extend(
        m.columns[1..]
            .iter()
            .map(|c| (c.id.clone(), c.label.clone())),
    );
    v
}

/// Whether a sweep can rank by `id` (an ending's id is known only after
/// the games: any `end_...` is taken).
pub fn check_measure(m: &SweepMeta, id: &str) -> Result<(), String> {
    let ids = measure_ids(m, &[]);
    if id.starts_with("end_") || ids.iter().any(|(i, _)| i == id) {
        return Ok(());
    }
    let list: Vec<&str> = ids.iter().map(|(i, _)| i.as_str()).collect();
    Err(format!(
        "--measure {id}: no such measure; the measures: {}, end_<ending>",
        list.join(", ")
    ))
}

/// The endings met in the sweep, in order.
fn endings(s: &Sweep) -> Vec<String> {
    let mut v: Vec<String> = s.totals.base.ends.keys().cloned().collect();
    for set in &s.totals.sets {
        v.extend(set.ends.keys().cloned());
    }
    v.sort();
    v.dedup();
    v
}

/// The spread of win rates across seats under the set and under the base,
/// from a joint table of outcomes (`seats + 1` a side, the base's rows).
fn spreads(table: &[u64], seats: usize) -> (f64, f64) {
    let w = seats + 1;
    let n = table.iter().sum::<u64>().max(1) as f64;
    let spread = |rate: &dyn Fn(usize) -> u64| {
        let r: Vec<f64> = (0..seats).map(|p| rate(p) as f64 / n).collect();
        let max = r.iter().cloned().fold(f64::MIN, f64::max);
        let min = r.iter().cloned().fold(f64::MAX, f64::min);
        if seats == 0 { 0.0 } else { max - min }
    };
    let set = spread(&|p| {
        (0..w)
            .map(|a| table.get(a * w + p).copied().unwrap_or(0))
            .sum()
    });
    let base = spread(&|p| {
        (0..w)
            .map(|b| table.get(p * w + b).copied().unwrap_or(0))
            .sum()
    });
    (set, base)
}

/// A set's effects before the correction.
fn effects_of(s: &Sweep, i: usize, ends: &[String]) -> Vec<Effect> {
    let (m, t) = (&s.meta, &s.totals);
    let set = &t.sets[i];
    let seats = m.seats.len();
    let n = t.games;
    let w = seats + 1;
    let cell = |a: usize, b: usize| set.winners.get(a * w + b).copied().unwrap_or(0);
    let labels = measure_ids(m, ends);
    let label = |id: &str| {
        labels
            .iter()
            .find(|(i, _)| i == id)
            .map_or(id.to_string(), |(_, l)| l.clone())
    };
    let effect = |id: String, kind, base: f64, value: f64, test: Test| Effect {
        label: label(&id),
        id,
        kind,
        base,
        value,
        test,
        p_holm: 1.0,
        games_needed: None,
    };
    let mut v = Vec::new();
    let seed = derive(m.seed, i as u64, 0x5EE9);
    let boot = paired::bootstrap(&set.winners, seed, |tb| spreads(tb, seats));
    let (sv, bv) = spreads(&set.winners, seats);
    v.push(effect(DEFAULT_MEASURE.into(), "spread", bv, sv, boot));
    let (c0, nf) = (&m.columns[0], n.max(1) as f64);
    let edge = set.pairs.first().cloned().unwrap_or_default();
    let (ba, bb) = edge.means();
    v.push(effect(
        c0.id.clone(),
        "mean",
        ba * c0.scale,
        bb * c0.scale,
        edge.test(c0.scale),
    ));
    for o in 0..w {
        let id = match m.seats.get(o) {
            Some(s) => format!("win_{s}"),
            None => "draw".into(),
        };
        let (b_only, a_only): (u64, u64) = (
            (0..w).filter(|&a| a != o).map(|a| cell(a, o)).sum(),
            (0..w).filter(|&b| b != o).map(|b| cell(o, b)).sum(),
        );
        let base = t.base.outcomes.get(o).copied().unwrap_or(0) as f64 / nf;
        let value = (0..w).map(|a| cell(a, o)).sum::<u64>() as f64 / nf;
        v.push(effect(id, "rate", base, value, mcnemar(b_only, a_only, n)));
    }
    for e in ends {
        let [both, a_only, b_only] = set.ends.get(e).copied().unwrap_or_default();
        let (base, value) = ((both + a_only) as f64 / nf, (both + b_only) as f64 / nf);
        let test = mcnemar(b_only, a_only, n);
        v.push(effect(format!("end_{e}"), "rate", base, value, test));
    }
    for (c, col) in m.columns.iter().enumerate().skip(1) {
        let (Some(p), Some(own)) = (set.pairs.get(c), set.own.get(c)) else {
            continue;
        };
        let base = t.base.own.get(c).map_or(0.0, |o| o.mean());
        let test = p.test(col.scale);
        v.push(effect(
            col.id.clone(),
            "mean",
            base * col.scale,
            own.mean() * col.scale,
            test,
        ));
    }
    v
}

/// Every rule set's effects, corrected by Holm's method measure by
/// measure over the rule sets, with the games an unresolved one needs.
pub fn analyse(s: &Sweep) -> Vec<SetReport> {
    let ends = endings(s);
    let mut out: Vec<SetReport> = (0..s.totals.sets.len().min(s.meta.sets.len()))
        .map(|i| SetReport {
            info: s.meta.sets[i].clone(),
            games: s.totals.games,
            identical: s.totals.sets[i].identical,
            effects: effects_of(s, i, &ends),
        })
        .collect();
    let m = out.len();
    let ids: Vec<String> = out
        .first()
        .map(|r| r.effects.iter().map(|e| e.id.clone()).collect())
        .unwrap_or_default();
    for (k, _) in ids.iter().enumerate() {
        let p: Vec<f64> = out.iter().map(|r| r.effects[k].test.p).collect();
        for (r, adj) in out.iter_mut().zip(holm(&p)) {
            let e = &mut r.effects[k];
            e.p_holm = adj;
            if !e.resolved() {
                e.games_needed = games_needed(e.test.diff, se_of(&e.test), s.totals.games, m);
            }
        }
    }
    out
}

/// The rule sets in the order of their effect on `measure`: the resolved
/// first, then the unresolved, then those never exercised; each group by
/// the size of the effect.
pub fn ranking<'a>(sets: &'a [SetReport], measure: &str) -> Vec<&'a SetReport> {
    let mut v: Vec<&SetReport> = sets.iter().collect();
    let key = |r: &SetReport| {
        let e = r.effect(measure);
        let group = match e {
            _ if r.never_exercised() => 2,
            Some(e) if e.resolved() => 0,
            _ => 1,
        };
        (group, e.map_or(0.0, |e| -e.test.diff.abs()))
    };
    v.sort_by(|a, b| {
        let (ga, ea) = key(a);
        let (gb, eb) = key(b);
        ga.cmp(&gb).then(ea.total_cmp(&eb))
    });
    v
}

/// The warning of a sweep played by agents that ignore rules.
pub fn warning(m: &SweepMeta) -> Option<String> {
    m.agents.iter().any(|a| a == "random").then(|| {
        "warning: random agents ignore every rule they do not see (a scoring bonus changes no \
         move they pick): an effect measured with them may be none, or another, under players \
         who react to the rule; sweep with --agents greedy or ismcts"
            .to_string()
    })
}

fn effect_json(e: &Effect) -> Value {
    json!({
        "id": e.id,
        "label": e.label,
        "kind": e.kind,
        "base": e.base,
        "value": e.value,
        "diff": e.test.diff,
        "ci95": [e.test.ci95.0, e.test.ci95.1],
        "p": e.test.p,
        "p_holm": e.p_holm,
        "resolved": e.resolved(),
        "test": e.test.test,
        "games_needed": e.games_needed,
    })
}

fn set_json(r: &SetReport, measure: &str) -> Value {
    json!({
        "label": r.info.label,
        "key": r.info.key,
        "value": r.info.value,
        "grid": r.info.grid,
        "games": r.games,
        "identical": r.identical,
        "exercised": 1.0 - r.identical as f64 / r.games.max(1) as f64,
        "never_exercised": r.never_exercised(),
        "effect": r.effect(measure).map(effect_json),
    })
}

/// The JSON report: what was played, the ranking by the chosen measure,
/// every set's every effect, the skipped sets and the sums (which `ludus
/// merge` adds up). No timing key: a merged sweep gives the same bytes
/// as one run.
pub fn to_json(s: &Sweep) -> Value {
    let sets = analyse(s);
    let measure = &s.meta.measure;
    let ranked: Vec<Value> = ranking(&sets, measure)
        .iter()
        .map(|r| set_json(r, measure))
        .collect();
    let all: Vec<Value> = sets
        .iter()
        .map(|r| {
            let mut v = set_json(r, measure);
            v["effects"] = r.effects.iter().map(effect_json).collect();
            v
        })
        .collect();
    let (unresolved, needed) = unresolved(&sets, measure);
    json!({
        "sweep": 1,
        "run": s.meta,
        "measure": {"id": measure, "label": measure_label(s)},
        "correction": "holm",
        "warning": warning(&s.meta),
        "ranking": ranked,
        "unresolved": {"sets": unresolved, "games_needed": needed},
        "never_exercised": sets.iter().filter(|r| r.never_exercised()).map(|r| r.info.label.clone()).collect::<Vec<_>>(),
        "sets": all,
        "skipped": s.meta.skipped,
        "totals": s.totals,
    })
}

fn measure_label(s: &Sweep) -> String {
    measure_ids(&s.meta, &endings(s))
        .into_iter()
        .find(|(i, _)| *i == s.meta.measure)
        .map_or_else(|| s.meta.measure.clone(), |(_, l)| l)
}

/// The rule sets (exercised) whose effect on `measure` is unresolved, and
/// the most games one of them needs.
fn unresolved(sets: &[SetReport], measure: &str) -> (usize, Option<u64>) {
    let open: Vec<&Effect> = sets
        .iter()
        .filter(|r| !r.never_exercised())
        .filter_map(|r| r.effect(measure))
        .filter(|e| !e.resolved())
        .collect();
    (open.len(), open.iter().filter_map(|e| e.games_needed).max())
}

/// The share of a set's games that differ from the base's (one decimal
/// below 1%, so that a few changed games do not read as none).
fn changed(r: &SetReport) -> String {
    let c = 100.0 * (1.0 - r.identical as f64 / r.games.max(1) as f64);
    if c > 0.0 && c < 1.0 {
        format!("{c:.1}%")
    } else {
        format!("{c:.0}%")
    }
}

/// A value as the table shows it.
fn shown(e: &Effect, v: f64, signed: bool) -> String {
    let s = if e.percent() {
        format!("{:.2}%", 100.0 * v)
    } else {
        format!("{v:.3}")
    };
    if signed && v >= 0.0 {
        format!("+{s}")
    } else {
        s
    }
}

fn cut(s: &str, w: usize) -> String {
    if s.chars().count() <= w {
        return s.to_string();
    }
    let mut t: String = s.chars().take(w - 1).collect();
    t.push('~');
    t
}

/// Games as the table shows them (`12,000`, `3.4M`).
fn games_text(g: u64) -> String {
    match g {
        0..=999_999 => {
            let s = g.to_string();
            let mut out = String::new();
            for (i, c) in s.chars().enumerate() {
                if i > 0 && (s.len() - i).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(c);
            }
            out
        }
        _ if g < 1_000_000_000 => format!("{:.1}M", g as f64 / 1e6),
        _ => format!("{:.1}G", g as f64 / 1e9),
    }
}

/// The terminal report: the run, the ranking (top first) and what is
/// left unresolved, never exercised or skipped. At most 100 columns.
pub fn to_text(s: &Sweep) -> String {
    let sets = analyse(s);
    let m = &s.meta;
    let measure = &m.measure;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Sweep of {} ({}): {}, seed {}, {} games a rule set",
        m.game,
        m.base,
        m.agents.join(" vs "),
        m.seed,
        games_text(s.totals.games)
    );
    if let Some(w) = warning(m) {
        let _ = writeln!(o, "{}", textwrap::fill(&w, 100));
    }
    let _ = writeln!(
        o,
        "{} rule sets, each played on the same seeds as the base (game i alike in every set); {} skipped",
        sets.len(),
        m.skipped.len()
    );
    let base = sets.first().and_then(|r| r.effect(measure));
    let _ = writeln!(
        o,
        "{}",
        textwrap::fill(
            &format!(
                "Ranked by {}{}. Effect: rule set minus base, paired over the same games, with its \
                 95% interval; p corrected by Holm's method over the {} rule sets; * = resolved \
                 (corrected p < 0.05). changed: share of games that differ from the base's.",
                measure_label(s),
                base.map_or(String::new(), |e| format!(
                    " (base {})",
                    shown(e, e.base, false)
                )),
                sets.len()
            ),
            100
        )
    );
    let _ = writeln!(
        o,
        "\n{:>3} {:<38} {:>8} {:>8} {:>21} {:>7} {:>7}",
        "#", "rule set", "value", "effect", "95% CI", "p Holm", "changed"
    );
    for (i, r) in ranking(&sets, measure).iter().enumerate() {
        let Some(e) = r.effect(measure) else { continue };
        let ci = format!(
            "[{}, {}]",
            shown(e, e.test.ci95.0, true),
            shown(e, e.test.ci95.1, true)
        );
        let p = crate::report::compare::fmt_p(e.p_holm);
        let star = if e.resolved() { "*" } else { " " };
        let _ = writeln!(
            o,
            "{:>3} {:<38} {:>8} {:>8} {:>21} {:>6}{star} {:>7}",
            i + 1,
            cut(&r.info.label, 38),
            shown(e, e.value, false),
            shown(e, e.test.diff, true),
            ci,
            p,
            changed(r)
        );
    }
    notes(&mut o, s, &sets);
    o
}

/// What follows the table: the unresolved effects and the games they
/// need, the rule sets never exercised, the sets skipped.
fn notes(o: &mut String, s: &Sweep, sets: &[SetReport]) {
    let measure = &s.meta.measure;
    let (open, most) = unresolved(sets, measure);
    if open > 0 {
        let _ = writeln!(
            o,
            "\n{open} effect(s) unresolved. Games a rule set that would resolve each at the size seen \
             (80% power at Holm's strictest level):"
        );
        let mut need: Vec<(&SetReport, u64)> = sets
            .iter()
            .filter(|r| !r.never_exercised())
            .filter_map(|r| Some((r, r.effect(measure)?.games_needed?)))
            .collect();
        need.sort_by_key(|(_, g)| *g);
        for (r, g) in need.iter().take(10) {
            let _ = writeln!(o, "  {:<40} {:>12}", cut(&r.info.label, 40), games_text(*g));
        }
        if need.len() > 10 {
            let _ = writeln!(
                o,
                "  ... {} more (up to {} games; --json or --csv gives each)",
                need.len() - 10,
                most.map_or("-".into(), games_text)
            );
        }
    }
    let never: Vec<&str> = sets
        .iter()
        .filter(|r| r.never_exercised())
        .map(|r| r.info.label.as_str())
        .collect();
    if !never.is_empty() {
        let _ = writeln!(
            o,
            "\nNever exercised by these agents (every game identical to the base's; not evidence of no effect):"
        );
        for l in never {
            let _ = writeln!(o, "  {l}");
        }
    }
    if !s.meta.skipped.is_empty() {
        let k = s.meta.skipped.len();
        let _ = writeln!(
            o,
            "\nSkipped: {k} rule set(s) do not load (a key set alone breaks a total, ...):"
        );
        for k in s.meta.skipped.iter().take(12) {
            let line = format!("  {}: {}", k.label, k.reason);
            let _ = writeln!(o, "{}", cut(&line, 100));
        }
        if k > 12 {
            let _ = writeln!(
                o,
                "  ... {} more (--json lists each with its reason)",
                k - 12
            );
        }
    }
}

/// One CSV row per rule set and measure.
pub fn to_csv(s: &Sweep) -> String {
    let mut o = String::from(
        "set,key,value,measure,kind,base,set_value,diff,ci_low,ci_high,p,p_holm,resolved,test,games_needed,identical_games,games\n",
    );
    let q = |t: &str| {
        if t.contains([',', '"', '\n']) {
            format!("\"{}\"", t.replace('"', "\"\""))
        } else {
            t.to_string()
        }
    };
    for r in analyse(s) {
        for e in &r.effects {
            let _ = writeln!(
                o,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                q(&r.info.label),
                q(r.info.key.as_deref().unwrap_or("")),
                q(r.info.value.as_deref().unwrap_or("")),
                e.id,
                e.kind,
                e.base,
                e.value,
                e.test.diff,
                e.test.ci95.0,
                e.test.ci95.1,
                e.test.p,
                e.p_holm,
                e.resolved(),
                e.test.test,
                e.games_needed.map_or(String::new(), |g| g.to_string()),
                r.identical,
                r.games
            );
        }
    }
    o
}
