//! A table of columns (`effects::columns`) at the terminal, whatever the
//! game holding it: its cards and the events of its table in words (here),
//! the board, the placements as a grid and the scores ([`board`]). The
//! words are the catalogue [`COLUMNS`] (`i18n/{en,fr,nl}.ftl` here), in
//! the player's language; it is the parent of a column game's own
//! catalogue, and the player's ([`PLAY`]) is its parent. Names are the
//! rules' ([`Names`]), in the language of `--lang` where a names file
//! gives them.
//!
//! **Hidden information**: a card placed or tucked face down shows to a
//! viewer who does not own it as its colour only
//! ([`crate::effects::columns::view::sees`]), and so does such a card on
//! the board; the other events name their cards (turned up, moved,
//! discarded, eliminated, left in a column settled).

pub mod board;

pub use board::{board, legend, placement_grid, result_text, score_text, table_view};

use super::EventLook;
use super::i18n::{Catalogue, Lang, PLAY};
use crate::effects::columns::Names;
use crate::effects::columns::cards::half;
use crate::effects::columns::table::Event;
use crate::effects::columns::view::sees;

/// The words of a table of columns, in each language; its parent is the
/// player's catalogue.
pub static COLUMNS: Catalogue = crate::catalogue_beside!(Some(&PLAY));

/// `c!(lang, "id", name = value, ...)`: a message of [`COLUMNS`].
macro_rules! c {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!($crate::play::columns::COLUMNS, $lang, $id $(, $k = $v)*)
    };
}
use c;

/// Card `c` in `lang`: its colour and kind (`Blue King`, `Roi de Bleu`).
pub fn card_words(lang: Lang, r: &impl Names, c: u8) -> String {
    let colour = r.seat(r.owner(c)).1;
    c!(
        lang,
        "col-card",
        colour = colour,
        kind = r.kind(r.kind_of(c)).1
    )
}

/// Card `c` face down as `viewer` sees it (`None`: every card): its words
/// for its owner, its colour only for another seat (`a Blue card`).
fn face_down_words(lang: Lang, r: &impl Names, c: u8, viewer: Option<usize>) -> String {
    if sees(viewer, r.owner(c)) {
        card_words(lang, r, c)
    } else {
        c!(lang, "col-hidden-card", colour = r.seat(r.owner(c)).1)
    }
}

/// Event `e` of a table as `viewer` sees it (`None`: every card), in
/// `lang`; columns are numbered from 1.
pub fn event_words(lang: Lang, r: &impl Names, e: &Event, viewer: Option<usize>) -> String {
    let card = |c: u8| card_words(lang, r, c);
    let hidden = |c: u8| face_down_words(lang, r, c, viewer);
    match *e {
        Event::Placed { card, column } => {
            c!(lang, "col-placed", card = hidden(card), column = column + 1)
        }
        Event::Revealed { card: c } => c!(lang, "col-revealed", card = card(c)),
        Event::Moved { card: c, column } => {
            c!(lang, "col-moved", card = card(c), column = column + 1)
        }
        Event::Discarded { card: c } => c!(lang, "col-discarded", card = card(c)),
        Event::Sealed { column } => c!(lang, "col-sealed", column = column + 1),
        Event::Swapped { a, b } => c!(lang, "col-swapped", a = a + 1, b = b + 1),
        Event::Tucked { card } => c!(lang, "col-tucked", card = hidden(card)),
        Event::Eliminated { card: c } => c!(lang, "col-eliminated", card = card(c)),
        Event::RoundEnded { round, .. } => c!(lang, "col-round-ended", round = round),
        Event::Settled {
            objective,
            ref values,
            winner,
        } => settled_words(lang, r, objective, values, winner),
        Event::GameOver => c!(lang, "col-game-over"),
    }
}

/// A column settled: its head, each card left with its value, the
/// winner.
fn settled_words(
    lang: Lang,
    r: &impl Names,
    objective: u8,
    values: &[(u8, Option<i16>)],
    winner: Option<u8>,
) -> String {
    let cards: Vec<String> = values
        .iter()
        .map(|&(c, v)| format!("{} {}", card_words(lang, r, c), value_words(lang, v)))
        .collect();
    let who = winner.map_or_else(
        || c!(lang, "col-nobody"),
        |w| r.seat(w as usize).1.to_string(),
    );
    c!(
        lang,
        "col-settled",
        objective = r.head(objective),
        cards = cards.join(", "),
        winner = who
    )
}

/// A value in half points for reading in `lang`: `9.5`, `12`, `none`.
pub fn value_words(lang: Lang, v: Option<i16>) -> String {
    v.map_or_else(|| c!(lang, "col-no-value"), half)
}

/// How the narration shows an event: a round's end, a column settled and
/// the game's end are notable.
pub fn event_look(e: &Event) -> EventLook {
    match e {
        Event::RoundEnded { .. } | Event::Settled { .. } | Event::GameOver => EventLook::Notable,
        _ => EventLook::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses_and_has_every_message() {
        assert_eq!(COLUMNS.check(), Vec::<String>::new());
    }

    #[test]
    fn values_are_written_in_half_points() {
        assert_eq!(value_words(Lang::En, Some(19)), "9.5");
        assert_eq!(value_words(Lang::En, Some(24)), "12");
        assert_eq!(value_words(Lang::En, None), "none");
    }
}
