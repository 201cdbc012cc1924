//! Per-game rows (`ludus simulate --csv FILE`), one line per game in index
//! order. Columns are listed in docs/simulate.md.

use std::io::{self, Write};

use crate::sim::{COUNTERS, GameRecord, Meta};

/// A CSV field, quoted when it needs to be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', ';']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub fn write_header(w: &mut dyn Write, meta: &Meta) -> io::Result<()> {
    let mut cols: Vec<String> = vec!["set".into(), "index".into(), "winner".into()];
    for s in &meta.seats {
        cols.push(format!("score_{s}"));
    }
    cols.extend(["margin", "turns", "moves", "end_reason"].map(String::from));
    cols.extend(COUNTERS.iter().map(|(id, _)| id.to_string()));
    cols.extend(["decisive_turn", "legal_choices_mean", "forced_decisions"].map(String::from));
    for g in &meta.groups {
        for s in &meta.seats {
            cols.push(format!("won_{}_{s}", g.id));
        }
    }
    for s in &meta.seats {
        cols.push(format!("missions_held_{s}"));
        cols.push(format!("missions_fulfilled_{s}"));
    }
    writeln!(w, "{}", cols.join(","))
}

pub fn write_row(w: &mut dyn Write, meta: &Meta, r: &GameRecord) -> io::Result<()> {
    let seat = |p: usize| meta.seats.get(p).cloned().unwrap_or_else(|| p.to_string());
    let mut c: Vec<String> = vec![
        field(&meta.label),
        r.index.to_string(),
        r.winner.map_or("draw".to_string(), seat),
        r.scores[0].to_string(),
        r.scores[1].to_string(),
        (r.scores[0] as i64 - r.scores[1] as i64).to_string(),
        r.turns.to_string(),
        r.moves.to_string(),
        r.end.to_string(),
    ];
    c.extend(r.counts.iter().map(u32::to_string));
    c.push(r.decisive_turn.map_or(String::new(), |t| t.to_string()));
    c.push(format!(
        "{:.4}",
        r.legal_sum as f64 / (r.moves as f64).max(1.0)
    ));
    c.push(r.forced.to_string());
    for w in &r.won {
        c.push(w[0].to_string());
        c.push(w[1].to_string());
    }
    for p in 0..2u8 {
        let mine = r.missions.iter().filter(|m| m.0 == p);
        c.push(mine.clone().count().to_string());
        c.push(mine.filter(|m| m.2).count().to_string());
    }
    writeln!(w, "{}", c.join(","))
}
