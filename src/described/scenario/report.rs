//! A described game's scenario report, for a person checking it against
//! the rulebook: the position before (each pile of the table and of each
//! seat, bottom first, every card named; the counters), each move and
//! what it caused, the position after, the moves offered, the scores and
//! the result; as text, or as one JSON object with the same content.

use serde::Serialize;
use serde_json::{Value, json};

use super::{Run, ScenarioFile, card_in, cards, cells};
use crate::described::state::State;
use crate::described::view;
use crate::design::scenario::{or_none, wrap, write_lines, write_moves};

/// A pile's cards in full in the text report up to this many; past it,
/// the count and the top ones.
const SHOWN: usize = 12;

/// The table at one moment.
#[derive(Serialize)]
pub struct Board {
    phase: String,
    /// The seat deciding, if one is.
    to_act: Option<String>,
    over: bool,
    /// The table's piles: name, cards bottom first.
    table: Vec<(String, Vec<String>)>,
    /// The table's counters: id, value in words.
    counters: Vec<(String, String)>,
    /// The counters kept per card or per index (their cells set are
    /// shown one counter a line, none if all are as at first).
    #[serde(skip)]
    cells: Vec<String>,
    seats: Vec<SeatBoard>,
}

/// One seat's piles and counters.
#[derive(Serialize)]
struct SeatBoard {
    seat: String,
    piles: Vec<(String, Vec<String>)>,
    counters: Vec<(String, String)>,
}

/// The table of `s`, every card named.
pub fn board(s: &State) -> Board {
    let r = &*s.rules;
    let pile =
        |p: usize| -> Vec<String> { s.core.pile(p).iter().map(|&c| card_in(s, p, c)).collect() };
    let counters = |seat: Option<usize>| -> Vec<(String, String)> {
        (r.counters.iter().enumerate())
            .filter(|(_, c)| c.per_seat == seat.is_some())
            .map(|(i, c)| match cells::words(s, i) {
                Some(w) => (c.id.clone(), w),
                None => {
                    let v = seat.map_or(s.core.glob[i], |p| s.core.per[i][p]);
                    (c.id.clone(), cards::value_words(r, c.ty, v))
                }
            })
            .collect()
    };
    let zones = |per: bool| {
        r.zones
            .iter()
            .enumerate()
            .filter(move |(_, z)| z.per_seat == per)
    };
    Board {
        phase: r
            .program
            .phases
            .get(s.core.phase as usize)
            .cloned()
            .unwrap_or_default(),
        to_act: s.actor().map(|p| r.seats[p].1.clone()),
        over: s.is_over(),
        table: (0..r.piles.len())
            .filter(|&p| !r.zones[r.piles[p].0 as usize].per_seat)
            .map(|p| (view::pile_name(r, p), pile(p)))
            .collect(),
        counters: counters(None),
        cells: (r.counters.iter())
            .filter(|c| c.cells.is_some())
            .map(|c| c.id.clone())
            .collect(),
        seats: (0..r.players)
            .map(|p| SeatBoard {
                seat: r.seats[p].1.clone(),
                piles: zones(true)
                    .map(|(z, zone)| (zone.name.clone(), pile(r.pile(z as u8, p))))
                    .collect(),
                counters: counters(Some(p)),
            })
            .collect(),
    }
}

/// The moves legal in `s`, one line each: `South: lead gold 3`.
pub fn offered(s: &State) -> Vec<String> {
    let Some(p) = s.actor() else {
        return Vec::new();
    };
    let r = &*s.rules;
    let mut legal = Vec::new();
    s.legal(&mut legal);
    (legal.iter())
        .map(|&m| format!("{}: {}", r.seats[p].1, super::move_text(s, m)))
        .collect()
}

/// A pile in the text report: its cards, or its count and top ones.
fn pile_text(cards: &[String]) -> String {
    if cards.len() <= SHOWN {
        return or_none(cards);
    }
    let top = &cards[cards.len() - 6..];
    format!(
        "{} cards, the top six last: ..., {}",
        cards.len(),
        top.join(", ")
    )
}

/// Counters as `id value, id value`.
fn counters_text(c: &[(String, String)]) -> String {
    let v: Vec<String> = c.iter().map(|(k, v)| format!("{k} {v}")).collect();
    or_none(&v)
}

/// The board in lines, indented by two spaces.
fn board_text(o: &mut String, b: &Board) {
    let who = match (&b.to_act, b.over) {
        (Some(w), _) => format!("{w} decides"),
        (None, true) => "the game is over".into(),
        (None, false) => "play runs on to the first decision".into(),
    };
    o.push_str(&format!("  phase {}; {who}\n", b.phase));
    o.push_str("  Table:\n");
    for (name, cards) in &b.table {
        o.push_str(&format!("    {name}: {}\n", pile_text(cards)));
    }
    let (cells, plain): (Vec<_>, Vec<_>) =
        (b.counters.iter().cloned()).partition(|(id, _)| b.cells.contains(id));
    o.push_str(&format!("    counters: {}\n", counters_text(&plain)));
    for (id, v) in cells.iter().filter(|(_, v)| v != "none") {
        o.push_str(&format!("    {id}: {v}\n"));
    }
    for seat in &b.seats {
        o.push_str(&format!("  {}:\n", seat.seat));
        for (name, cards) in &seat.piles {
            o.push_str(&format!("    {name}: {}\n", pile_text(cards)));
        }
        o.push_str(&format!(
            "    counters: {}\n",
            counters_text(&seat.counters)
        ));
    }
}

/// The report in words.
pub fn text(sc: &ScenarioFile, run: &Run) -> String {
    let mut o = format!("Scenario: {}\n", sc.title);
    o.push_str(&wrap(&format!("Passage: {}", sc.passage), 100, ""));
    o.push_str(&format!("Rules: {}; seed {}\n\n", run.rules, sc.seed));
    o.push_str("Before:\n");
    board_text(&mut o, &run.before);
    if !run.start.is_empty() {
        write_lines(&mut o, "\nBefore the first decision:", &run.start);
    }
    o.push_str("\nMoves:\n");
    if run.moves.is_empty() {
        o.push_str("  none\n");
    }
    write_moves(&mut o, &run.moves);
    o.push_str("\nAfter:\n");
    board_text(&mut o, &run.after);
    if !run.offered.is_empty() {
        write_lines(&mut o, "\nOffered now:", &run.offered);
    }
    let scores: Vec<String> = run.scores.iter().map(|(s, n)| format!("{s} {n}")).collect();
    o.push_str(&format!("\nScores: {}\n", scores.join(", ")));
    o.push_str(&format!("Result: {}\n", result(run)));
    o.push_str(&format!(
        "Checked: {}\n",
        or_none(
            &run.checked
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        )
    ));
    o
}

/// Who wins, or that the game goes on.
fn result(run: &Run) -> String {
    match run.winners.as_deref() {
        None => "the game goes on".into(),
        Some([one]) => format!("the game is over ({}): {one} wins", run.end),
        Some(all) => format!(
            "the game is over ({}): {} share the win",
            run.end,
            all.join(" and ")
        ),
    }
}

/// The report as one JSON object.
pub fn json(sc: &ScenarioFile, run: &Run) -> Value {
    json!({
        "title": sc.title,
        "passage": sc.passage,
        "rules": run.rules,
        "seed": sc.seed,
        "before": run.before,
        "start_events": run.start,
        "moves": run.moves,
        "after": run.after,
        "told": run.told,
        "offered": run.offered,
        "scores": run.scores,
        "end": run.end,
        "winners": run.winners,
        "checked": run.checked,
    })
}
