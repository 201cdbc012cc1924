//! The terminal report of a run.

use std::fmt::Write;

use super::Reported;
use super::measures::{Measure, measures, sections};
use crate::sim::{Hist, Meta, Summary};

/// A measure's value (or a difference) as the report prints it.
pub fn fmt_value(m: &Measure, v: f64) -> String {
    if m.percent() {
        format!("{:.2}%", 100.0 * v)
    } else {
        format!("{v:.3}")
    }
}

/// The run's identity in one line.
pub fn run_line<S>(s: &Summary<S>) -> String {
    meta_line(&s.meta)
}

/// A run's identity in one line: the game, the rule set and where its
/// rules come from (each when known), the agents, the seed and the shard.
pub fn meta_line(m: &Meta) -> String {
    let mut o = String::new();
    if !m.game.is_empty() {
        o += &m.game;
        if !m.label.is_empty() {
            let _ = write!(o, " ({})", m.label);
        }
        if !m.rules_source.is_empty() {
            let _ = write!(o, " from {}", super::source_words(&m.rules_source));
        }
        let _ = write!(o, ": {}, seed {}", m.agents.join(" vs "), m.seed);
        if let Some([i, n]) = m.shard {
            let r = m.range();
            let _ = write!(
                o,
                ", shard {i}/{n} (games {}..{} of {})",
                r.start, r.end, m.games
            );
        }
    }
    o
}

/// A histogram as text bars, at most `rows` rows (values binned evenly).
pub fn hist_text(h: &Hist, rows: i64) -> String {
    let (Some(lo), Some(hi)) = (h.min(), h.max()) else {
        return String::new();
    };
    let n = h.n().max(1) as f64;
    let width = ((hi - lo + 1) + rows - 1) / rows.max(1);
    let width = width.max(1);
    let mut bins: Vec<(i64, u64)> = Vec::new();
    let mut start = lo;
    while start <= hi {
        let c = h.count_in(start..start + width);
        bins.push((start, c));
        start += width;
    }
    let top = bins.iter().map(|b| b.1).max().unwrap_or(1).max(1) as f64;
    let mut o = String::new();
    for (s, c) in bins {
        let label = if width == 1 {
            format!("{s}")
        } else {
            format!("{s}-{}", s + width - 1)
        };
        let bar = "#".repeat((40.0 * c as f64 / top).round() as usize);
        let _ = writeln!(o, "  {label:>9} {bar:<40} {:5.1}%", 100.0 * c as f64 / n);
    }
    o
}

pub fn summary_text<G: Reported>(s: &Summary<G::Sums>) -> String {
    let t = &s.totals;
    let n = t.games.max(1) as f64;
    let mut o = String::new();
    if let Some([i, j]) = s.meta.partial {
        o += &super::compare::partial_text(i, j, s.meta.range().end);
    }
    let line = run_line(s);
    if !line.is_empty() {
        o += &line;
        o.push('\n');
    }
    let _ = writeln!(
        o,
        "{} games in {:.2} s ({:.0} games/s, {:.0} turns/s, {} thread(s))",
        t.games,
        s.seconds,
        s.games_per_sec(),
        t.turns as f64 / s.seconds.max(1e-9),
        s.threads
    );
    for (i, id) in s.meta.seats.iter().enumerate() {
        let _ = writeln!(
            o,
            "{:<10} wins {:>5.1}%   mean score {:.2}",
            id,
            100.0 * t.wins[i] as f64 / n,
            t.score_sum[i] as f64 / n
        );
    }
    let _ = writeln!(o, "{:<10} {:>10.1}%", "draws", 100.0 * t.draws as f64 / n);
    let _ = writeln!(
        o,
        "mean turns per game {:.1} (longest {})",
        t.mean_turns(),
        t.max_turns
    );
    o += "how games ended:";
    for (k, v) in &t.end_reasons {
        let _ = write!(o, " {} {:.1}%", k.replace('_', " "), 100.0 * *v as f64 / n);
    }
    o.push('\n');
    if s.meta.game.is_empty() {
        return o;
    }
    let ms = measures::<G>(s);
    let _ = writeln!(o, "\n{:<58} {:>10}   95% CI", "measure", "value");
    for sec in sections::<G>(ms.iter().map(|m| m.section)) {
        let _ = writeln!(o, "{sec}");
        for m in ms.iter().filter(|m| m.section == sec) {
            let (lo, hi) = m.stat.ci95();
            let _ = writeln!(
                o,
                "  {:<56} {:>10}   [{}, {}]",
                m.label,
                fmt_value(m, m.stat.value()),
                fmt_value(m, lo),
                fmt_value(m, hi)
            );
        }
    }
    let _ = writeln!(o, "\ngame length in turns (share of games):");
    o += &hist_text(&t.turn_hist, 16);
    o
}
