//! A scenario's `expect`: what must hold after the moves, each part
//! checked only if given, each mismatch reported at its line. A seat is
//! named by its id in the rule files (its colour).

use serde::Deserialize;

use super::Run;
use crate::design::scenario::{Checks, listed};
use crate::diag::Diagnostics;
use crate::load::{SourceFile, Spanned};

/// Cards by name, per colour.
type CardsByColour = Vec<(String, Vec<String>)>;

/// What must hold after the moves; each part is checked only if given.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Expect {
    /// Each column settled, as the game tells it.
    settled: Option<Spanned<Vec<String>>>,
    /// The cards eliminated, by name, in order.
    eliminated: Option<Spanned<Vec<String>>>,
    /// The cards turned up by the moves (not at a round's end), in order.
    revealed: Option<Spanned<Vec<String>>>,
    /// Each column after the moves, as the report's "After" writes it.
    table: Option<Spanned<Vec<String>>>,
    /// The discard piles of the colours given, bottom to top, by name.
    discards: Option<Spanned<CardsByColour>>,
    /// The number of cards in hand of the colours given.
    hands: Option<Spanned<Vec<(String, usize)>>>,
    /// The reserves of the colours given, top first, by name.
    pub(super) reserves: Option<Spanned<CardsByColour>>,
    /// The colour that starts the round after the moves (they end one).
    pub(super) starts: Option<Spanned<String>>,
    /// The cards out of the game, by name.
    out_of_game: Option<Spanned<Vec<String>>>,
    /// The legal moves after the moves, each as `Colour: move`.
    pub(super) offered: Option<Spanned<Vec<String>>>,
    /// Each colour's points (in a finished game, its final score).
    points: Option<Spanned<Vec<(String, i32)>>>,
    /// The colours that win; the game must be over.
    winners: Option<Spanned<Vec<String>>>,
}

/// Every expectation given, each mismatch at its line.
pub(super) fn check(file: &SourceFile, e: &Expect, run: &Run) -> Diagnostics {
    let mut c = Checks::new(file, 0..0);
    lists(&mut c, e, run);
    by_colour(&mut c, e, run);
    c.mismatches
}

/// The expectations that are lists of sentences.
fn lists(c: &mut Checks, e: &Expect, run: &Run) {
    c.same_list("settled", &e.settled, &run.settled);
    c.same_list("eliminated", &e.eliminated, &run.eliminated);
    c.same_list("revealed", &e.revealed, &run.revealed);
    c.same_list("table", &e.table, &run.after.table);
    c.same_list("out_of_game", &e.out_of_game, &run.after.out_of_game);
    c.same_list("offered", &e.offered, &run.offered);
    if let Some(w) = &e.starts {
        let none = || "none: no round ended, or the game is over".to_string();
        let got = run.starts.clone().unwrap_or_else(none);
        c.same("starts", w, w.value.clone(), got);
    }
    if let Some(w) = &e.winners {
        let not_over = || "no winner: the game is not over".to_string();
        let got = run.winners.as_deref().map_or_else(not_over, listed);
        c.same("winners", w, listed(w), got);
    }
}

/// The expectations given per colour: points, discard piles, reserves,
/// hands.
fn by_colour(c: &mut Checks, e: &Expect, run: &Run) {
    let seat = |c: &str| run.after.seats.iter().find(|s| s.colour == c);
    if let Some(w) = &e.points {
        let show = |v: &[(String, i32)]| {
            let each: Vec<String> = v.iter().map(|(c, n)| format!("{c} {n}")).collect();
            each.join(", ")
        };
        c.same("points", w, show(w), show(&run.points));
    }
    if let Some(w) = &e.discards {
        let got = |c: &str| seat(c).map(|s| listed(&s.discard));
        c.per_key("discards", w, |d| listed(d), got, NO_SEAT);
    }
    if let Some(w) = &e.reserves {
        let got = |c: &str| seat(c).map(|s| listed(&s.reserve));
        c.per_key("reserves", w, |d| listed(d), got, NO_SEAT);
    }
    if let Some(w) = &e.hands {
        let got = |c: &str| seat(c).map(|s| s.hand.len().to_string());
        c.per_key("hands", w, usize::to_string, got, NO_SEAT);
    }
}

/// A colour named in an expectation that has no seat, in a mismatch.
const NO_SEAT: &str = "no such colour";
