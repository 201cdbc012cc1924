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

pub use board::{board, legend, placement_grid, player_board, result_text, score_text, table_view};

use super::i18n::{Catalogue, Lang, PLAY};
use super::input::fold;
use super::{CardInfo, EventLook};
use crate::effects::columns::cards::half;
use crate::effects::columns::table::Event;
use crate::effects::columns::view::sees;
use crate::effects::columns::{ColumnRules, Names, Tabled};

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
            ..
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

/// Kind `k`'s value in words, in `lang`: `16`, `9.5`, `8 (Music 12)`
/// for a kind worth more in its domain's columns, `no value of its own`.
pub fn kind_value(lang: Lang, r: &impl Names, k: usize) -> String {
    if r.valueless(k) {
        return c!(lang, "col-valueless");
    }
    // Its value away from home: under no domain (`u8::MAX`).
    let base = r.printed(k, u8::MAX);
    match r.home(k) {
        Some((domain, v)) => c!(
            lang,
            "col-value-home",
            value = half(base),
            domain = domain,
            home = half(v)
        ),
        None => half(base),
    }
}

/// The card whose ability asks the actor now (the innermost running).
pub fn asking_card<S: Tabled>(s: &S) -> Option<u8> {
    s.table().frames.last().map(|f| f.card)
}

/// The `kinds` kinds of card of `r` as `explain` tells them, in `lang`:
/// each one's id, its name (the rules' in `lang`), its words (that name
/// and the base files' one, `base`, folded), its value in words.
pub fn card_infos(r: &impl Names, base: &[String], kinds: usize, lang: Lang) -> Vec<CardInfo> {
    (0..kinds)
        .map(|k| {
            let (id, name) = r.kind(k);
            let english = base.get(k).map_or("", String::as_str);
            CardInfo {
                id: id.to_string(),
                name: name.to_string(),
                words: fold(&format!("{name} {english}")),
                value: kind_value(lang, r, k),
            }
        })
        .collect()
}

/// Why a placement of `card` in column `column` helps seat `me`, in the
/// evaluation's terms (`agents`: the columns a seat leads on what it
/// sees, each worth its objective): his total there and the best other
/// seat's, before and after, a card he cannot see counting `unseen`
/// (half points). Reads only what `me` sees.
pub fn placement_reason<S: Tabled>(
    s: &S,
    me: usize,
    card: u8,
    column: usize,
    unseen: i16,
    lang: Lang,
) -> String {
    let r = s.rules();
    let t = s.table();
    let Some(col) = t.columns.get(column) else {
        return String::new();
    };
    let total = |q: usize| t.seen_total(r, column, q, me, unseen);
    let best_other = (0..r.seats())
        .filter(|&q| q != me)
        .map(total)
        .max()
        .unwrap_or(0);
    let mine = total(me);
    let added = r.printed(r.kind_of(card), r.domain(col.objective));
    let after = mine
        + i32::from(if r.valueless(r.kind_of(card)) {
            0
        } else {
            added
        });
    let id = match (mine.cmp(&best_other), after.cmp(&best_other)) {
        (std::cmp::Ordering::Greater, _) => "col-why-keep-lead",
        (_, std::cmp::Ordering::Greater) => "col-why-take-lead",
        (_, std::cmp::Ordering::Equal) => "col-why-draw-level",
        _ => "col-why-trail",
    };
    c!(
        lang,
        id,
        column = column + 1,
        objective = r.head(col.objective),
        mine = half(after as i16),
        other = half(best_other as i16),
        unseen = half(unseen)
    )
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
