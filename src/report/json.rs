//! The JSON report of a run (docs/simulate.md lists its keys).

use serde_json::{Map, Value, json};

use super::Reported;
use super::measures::{Measure, measures};
use crate::sim::{Hist, Summary};

/// Keys of a report that depend on the machine, not on the games.
pub const TIMING_KEYS: [&str; 4] = ["seconds", "games_per_sec", "turns_per_sec", "threads"];

/// A histogram as `[[value, count], ...]` in ascending value.
pub fn hist_json(h: &Hist) -> Value {
    Value::Array(h.iter().map(|(v, c)| json!([v, c])).collect())
}

pub fn measure_json(m: &Measure) -> Value {
    let (lo, hi) = m.stat.ci95();
    let mut o = json!({
        "label": m.label,
        "section": m.section,
        "kind": m.stat.kind(),
        "value": m.stat.value(),
        "ci95": [lo, hi],
        "n": m.stat.n(),
    });
    if let crate::report::measures::Stat::Rate { k, .. } = m.stat {
        o["count"] = k.into();
    }
    o
}

pub fn summary_json<G: Reported>(s: &Summary<G::Sums>) -> Value {
    let t = &s.totals;
    let meta = &s.meta;
    let n = t.games.max(1) as f64;
    let mut win = Map::new();
    let mut win_ci = Map::new();
    let mut score = Map::new();
    for (i, id) in meta.seats.iter().enumerate() {
        let wins = t.wins.get(i).copied().unwrap_or(0);
        win.insert(id.clone(), (wins as f64 / n).into());
        let (lo, hi) = super::stats::wilson95(wins, t.games);
        win_ci.insert(id.clone(), json!([lo, hi]));
        let sum = t.score_sum.get(i).copied().unwrap_or(0);
        score.insert(id.clone(), (sum as f64 / n).into());
    }
    win.insert("draw".into(), (t.draws as f64 / n).into());
    let (lo, hi) = super::stats::wilson95(t.draws, t.games);
    win_ci.insert("draw".into(), json!([lo, hi]));

    let ms: Map<String, Value> = measures::<G>(s)
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut j = measure_json(m);
            j["order"] = i.into();
            (m.id.clone(), j)
        })
        .collect();

    let mut hists = Map::new();
    hists.insert("turns".into(), hist_json(&t.turn_hist));
    hists.insert("moves".into(), hist_json(&t.move_hist));
    for (id, h) in meta.seats.iter().zip(&t.score) {
        hists.insert(format!("score_{id}"), hist_json(h));
    }
    hists.insert("margin".into(), hist_json(&t.margin));
    hists.insert("decisive_turn".into(), hist_json(&t.decisive_turn));
    hists.insert("decisive_share".into(), hist_json(&t.decisive_pct));

    let decisions: u64 = t.legal.iter().sum();
    let branching = json!({
        "mean": t.branching.ratio(),
        "decisions": decisions,
        "forced_share": t.forced.ratio(),
        "histogram": Value::Array(
            t.legal
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(v, c)| json!([v, c]))
                .collect()
        ),
    });
    let mut game = Map::new();
    G::json(s, &mut game, &mut hists);
    let mut out = json!({
        "games": t.games,
        "seconds": s.seconds,
        "games_per_sec": s.games_per_sec(),
        "turns_per_sec": t.turns as f64 / s.seconds.max(1e-9),
        "threads": s.threads,
        "mean_turns": t.mean_turns(),
        "max_turns": t.max_turns,
        "mean_moves": t.moves as f64 / n,
        "win_rate": win,
        "win_rate_ci95": win_ci,
        "mean_score": score,
        "end_reasons": t.end_reasons,
        "measures": ms,
        "branching": branching,
        "run": meta,
        "totals": t.to_json(),
    });
    if let Some(o) = out.as_object_mut() {
        o.insert("histograms".into(), Value::Object(hists));
        o.extend(game);
    }
    out
}

pub fn summary_from_json<G: Reported>(v: &Value) -> Result<Summary<G::Sums>, String> {
    let meta = serde_json::from_value(v.get("run").cloned().ok_or("no \"run\" field")?)
        .map_err(|e| format!("bad \"run\" field: {e}"))?;
    let totals = crate::sim::Totals::from_json(v.get("totals").ok_or("no \"totals\" field")?)
        .map_err(|e| format!("bad \"totals\" field: {e}"))?;
    Ok(Summary {
        meta,
        totals,
        seconds: v.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
        threads: v.get("threads").and_then(Value::as_u64).unwrap_or(0) as usize,
    })
}

/// A report without its timing keys (what equal runs agree on).
pub fn without_timing(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for k in TIMING_KEYS {
            o.remove(k);
        }
    }
    v
}
