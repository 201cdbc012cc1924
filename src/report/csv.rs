//! Per-game rows (`ludus simulate --csv FILE`), one line per game in index
//! order. Columns are listed in docs/simulate.md.

use std::io::{self, Write};

use super::Reported;
use crate::sim::{GameRecord, Meta};

/// A CSV field, quoted when it needs to be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', ';']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The header: the generic columns, then the game's own.
pub fn write_header<G: Reported>(w: &mut dyn Write, meta: &Meta) -> io::Result<()> {
    let mut cols: Vec<String> = vec!["set".into(), "index".into(), "winner".into()];
    for s in &meta.seats {
        cols.push(format!("score_{s}"));
    }
    cols.extend(["margin", "turns", "moves", "end_reason"].map(String::from));
    cols.extend(["decisive_turn", "legal_choices_mean", "forced_decisions"].map(String::from));
    G::csv_header(meta, &mut cols);
    writeln!(w, "{}", cols.join(","))
}

/// One game's row.
pub fn write_row<G: Reported>(
    w: &mut dyn Write,
    meta: &Meta,
    r: &GameRecord<G::Record>,
) -> io::Result<()> {
    let seat = |p: usize| meta.seats.get(p).cloned().unwrap_or_else(|| p.to_string());
    let o = &r.outcome;
    let mut c: Vec<String> = vec![
        field(&meta.label),
        r.index.to_string(),
        o.winner.map_or("draw".to_string(), seat),
    ];
    c.extend(o.scores.iter().map(i64::to_string));
    let others = o.scores.iter().skip(1).copied().max().unwrap_or(0);
    c.extend([
        (o.scores.first().copied().unwrap_or(0) - others).to_string(),
        o.turns.to_string(),
        r.moves.to_string(),
        o.end.to_string(),
        o.decisive_turn.map_or(String::new(), |t| t.to_string()),
        format!("{:.4}", r.legal_sum as f64 / (r.moves as f64).max(1.0)),
        r.forced.to_string(),
    ]);
    G::csv_row(meta, &r.game, &mut c);
    writeln!(w, "{}", c.join(","))
}
