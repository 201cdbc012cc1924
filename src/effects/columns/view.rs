//! A table of columns as a seat sees it, in plain English: the
//! observation agents and tests read (`GameState::observation_string`).
//! Names are the rules' ([`Names`]).
//!
//! **Hidden information**: a viewer sees the faces of the cards turned up
//! and of his own cards, no other. Another seat's face-down card shows as
//! its seat's name only, another seat's hand as its size.

use std::fmt::Write as _;

use super::{ColumnRules, Names, Standing};

/// Whether `viewer` (`None`: a spectator of every card) sees the face of
/// a face-down card of seat `owner`, and its hand: only his own.
pub fn sees(viewer: Option<usize>, owner: usize) -> bool {
    viewer.is_none_or(|v| v == owner)
}

/// The table as `viewer` sees it (`None`: every card): the round; each
/// column with its head, whether it is sealed, and its cards nearest the
/// head first (a face-down card of the viewer's marked so, another's as
/// `[Seat]`); then each seat's hand (or its size), reserve size, discard
/// pile, objectives won and points.
pub fn table_text<S: Standing>(s: &S, viewer: Option<usize>) -> String {
    let r = s.rules();
    let t = s.table();
    let (round, rounds) = s.round();
    let mut out = format!("round {round} of {rounds}\n");
    for (i, col) in t.columns.iter().enumerate() {
        let seal = if col.sealed { ", sealed" } else { "" };
        let _ = write!(out, "column {} ({}{seal}):", i + 1, r.head(col.objective));
        for &c in &col.cards {
            if s.face_up(c) || sees(viewer, r.owner(c)) {
                let mark = if s.face_up(c) { "" } else { " (face down)" };
                let _ = write!(out, " {}{mark},", r.card_name(c));
            } else {
                let _ = write!(out, " [{}],", r.seat(r.owner(c)).1);
            }
        }
        out.push('\n');
    }
    let names = |cards: &[u8]| -> Vec<String> { cards.iter().map(|&c| r.card_name(c)).collect() };
    for q in 0..r.seats() {
        let name = r.seat(q).1;
        if sees(viewer, q) {
            let you = if viewer == Some(q) { " (you)" } else { "" };
            let _ = writeln!(out, "{name}{you}: hand {}", names(&t.hands[q]).join(", "));
        } else {
            let _ = writeln!(out, "{name}: {} in hand", t.hands[q].len());
        }
        let won: Vec<String> = s.won(q).into_iter().map(|o| r.head(o)).collect();
        let _ = writeln!(
            out,
            "  reserve {}, discard [{}], objectives [{}], {} points",
            t.reserves[q].len(),
            names(&t.discards[q]).join(", "),
            won.join(", "),
            s.points(q)
        );
    }
    out
}
