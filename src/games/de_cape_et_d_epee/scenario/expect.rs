//! A scenario's `expect`: what must hold after the moves, each part
//! checked only if given, each mismatch reported at its line.

use serde::Deserialize;

use super::Run;
use crate::design::scenario::Checks;
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

fn list(v: &[String]) -> String {
    format!("[{}]", v.join("; "))
}

/// The expectations that are lists of sentences.
fn lists(c: &mut Checks, e: &Expect, run: &Run) {
    let not_over = || "no winner: the game is not over".to_string();
    let winners = run.winners.as_deref().map_or_else(not_over, list);
    for (what, want, got) in [
        ("settled", &e.settled, list(&run.settled)),
        ("eliminated", &e.eliminated, list(&run.eliminated)),
        ("revealed", &e.revealed, list(&run.revealed)),
        ("table", &e.table, list(&run.table)),
        ("out_of_game", &e.out_of_game, list(&run.out)),
        ("offered", &e.offered, list(&run.offered)),
        ("winners", &e.winners, winners),
    ] {
        if let Some(w) = want {
            c.same(what, w, list(w), got);
        }
    }
}

/// The expectations given per colour: points, discard piles, hands.
fn by_colour(c: &mut Checks, e: &Expect, run: &Run) {
    let seat = |c: &str| run.seats.iter().find(|s| s.colour == c);
    if let Some(w) = &e.points {
        let show = |v: &[(String, i32)]| {
            let each: Vec<String> = v.iter().map(|(c, n)| format!("{c} {n}")).collect();
            each.join(", ")
        };
        c.same("points", w, show(w), show(&run.points));
    }
    if let Some(w) = &e.discards {
        let got = |c: &str| seat(c).map(|s| list(&s.discard));
        per_colour(c, "discards", w, |d| list(d), got);
    }
    if let Some(w) = &e.hands {
        let got = |c: &str| seat(c).map(|s| s.hand.len().to_string());
        per_colour(c, "hands", w, usize::to_string, got);
    }
}

/// An expectation of the colours listed only: `colour value; ...`.
fn per_colour<T>(
    c: &mut Checks,
    what: &'static str,
    want: &Spanned<Vec<(String, T)>>,
    show: impl Fn(&T) -> String,
    got: impl Fn(&str) -> Option<String>,
) {
    let no_seat = || "no such colour".to_string();
    let each = |f: &dyn Fn(&str, &T) -> String| {
        let v: Vec<String> = want
            .iter()
            .map(|(c, x)| format!("{c} {}", f(c, x)))
            .collect();
        v.join("; ")
    };
    let got = each(&|c, _| got(c).unwrap_or_else(no_seat));
    c.same(what, want, each(&|_, x| show(x)), got);
}
