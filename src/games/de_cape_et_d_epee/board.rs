//! The table and the choices at the terminal: the engine's board and grid
//! of placements (`play::columns`) over this game's moves.

use super::state::{Move, State};
use crate::play::columns;
use crate::play::i18n::Lang;

/// The board as `viewer` sees it, in English (scenario reports).
pub fn board(s: &State, viewer: Option<usize>) -> String {
    columns::board(s, viewer, Lang::En)
}

/// The moves `which`, numbered from 1, in `lang`.
pub fn numbered(s: &State, legal: &[Move], which: &[usize], lang: Lang) -> String {
    which
        .iter()
        .map(|&i| format!("  {}) {}\n", i + 1, s.move_text_in(lang, legal[i])))
        .collect()
}

/// Placements as the engine's grid (a row per card of the hand, a column
/// per column of the table, each cell the number to type); other choices
/// as a numbered list.
pub fn choices(s: &State, legal: &[Move], which: &[usize], lang: Lang) -> String {
    let places: Option<Vec<(usize, u8, u8)>> = which
        .iter()
        .map(|&i| match legal[i] {
            Move::Place { card, column } => Some((i, card, column)),
            _ => None,
        })
        .collect();
    match places {
        Some(places) => columns::placement_grid(s, &places, lang),
        None => numbered(s, legal, which, lang),
    }
}
