//! Moves, events and a seat's view of the table in words. Moves and
//! events are the game's catalogue's ([`WORDS`], `i18n/{en,fr,nl}.ftl`)
//! in a language: English for saves, scenario reports and logs (whose
//! texts they were), the player's at the terminal. Names are the rules',
//! in the language of `--lang` where a names file gives them. The
//! observation (`view_text`) is English, for agents and tests.

use std::fmt::Write as _;

use super::Rules;
use super::model::half;
use super::state::{Event, Move, State};
use crate::effects::columns::Names;
use crate::play::i18n::{Catalogue, Lang, PLAY};

/// This game's words at the terminal, in each language; its parent is
/// the player's catalogue.
pub static WORDS: Catalogue = crate::catalogue_beside!(Some(&PLAY));

/// `w!(lang, "id", name = value, ...)`: a message of [`WORDS`].
macro_rules! w {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!($crate::games::de_cape_et_d_epee::text::WORDS, $lang, $id $(, $k = $v)*)
    };
}
pub(super) use w;

/// A card as `Colour Name` (the observation's English form).
pub fn card_name(r: &Rules, c: u8) -> String {
    r.card_name(c)
}

/// A card in `lang` (`Blue King`, `Roi de Bleu`).
pub fn card_words(lang: Lang, r: &Rules, c: u8) -> String {
    let colour = r.colours[r.owner(c)].1.as_str();
    w!(
        lang,
        "dc-card",
        colour = colour,
        kind = r.kinds[r.kind_of(c)].name.as_str()
    )
}

/// An objective as `Domain value`.
pub fn objective_name(r: &Rules, i: u8) -> String {
    r.head(i)
}

/// A move without the table, in `lang`: cards by name, columns by number.
pub fn move_words(lang: Lang, r: &Rules, m: Move) -> String {
    let card = |c: u8| card_words(lang, r, c);
    match m {
        Move::Place { card: c, column } => {
            w!(lang, "dc-move-place", card = card(c), column = column + 1)
        }
        Move::Column(c) => w!(lang, "dc-move-column", column = c + 1),
        Move::Card(c) => w!(lang, "dc-move-card", card = card(c)),
        Move::Decline => w!(lang, "dc-move-decline"),
        Move::Pass => w!(lang, "dc-move-pass"),
    }
}

/// An event as `viewer` sees it (`None`: every card), in `lang`.
pub fn event_words(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    let card = |c: u8| card_words(lang, r, c);
    let hidden = |c: u8| {
        if viewer.is_none_or(|v| v == r.owner(c)) {
            card(c)
        } else {
            w!(
                lang,
                "dc-hidden-card",
                colour = r.colours[r.owner(c)].1.as_str()
            )
        }
    };
    match *e {
        Event::Placed { card, column } => {
            w!(lang, "dc-placed", card = hidden(card), column = column + 1)
        }
        Event::Revealed { card: c } => w!(lang, "dc-revealed", card = card(c)),
        Event::Moved { card: c, column } => {
            w!(lang, "dc-moved", card = card(c), column = column + 1)
        }
        Event::Discarded { card: c } => w!(lang, "dc-discarded", card = card(c)),
        Event::Sealed { column } => w!(lang, "dc-sealed", column = column + 1),
        Event::Swapped { a, b } => w!(lang, "dc-swapped", a = a + 1, b = b + 1),
        Event::Tucked { card } => w!(lang, "dc-tucked", card = hidden(card)),
        Event::Eliminated { card: c } => w!(lang, "dc-eliminated", card = card(c)),
        Event::RoundEnded { round, .. } => w!(lang, "dc-round-ended", round = round),
        Event::Settled {
            objective,
            ref values,
            winner,
        } => settled_words(lang, r, objective, values, winner),
        Event::GameOver => w!(lang, "dc-game-over"),
    }
}

/// A column settled: its objective, each card left with its value, the
/// winner.
fn settled_words(
    lang: Lang,
    r: &Rules,
    objective: u8,
    values: &[(u8, Option<i16>)],
    winner: Option<u8>,
) -> String {
    let cards: Vec<String> = values
        .iter()
        .map(|&(c, v)| format!("{} {}", card_words(lang, r, c), value_words(lang, v)))
        .collect();
    let who = winner.map_or_else(
        || w!(lang, "dc-nobody"),
        |w| r.colours[w as usize].1.clone(),
    );
    w!(
        lang,
        "dc-settled",
        objective = objective_name(r, objective),
        cards = cards.join(", "),
        winner = who
    )
}

/// A value for reading in `lang`: `9.5`, `12`, `none`.
pub fn value_words(lang: Lang, v: Option<i16>) -> String {
    v.map_or_else(|| w!(lang, "dc-no-value"), half)
}

impl State {
    pub fn card_name(&self, c: u8) -> String {
        card_name(self.rules(), c)
    }

    pub fn objective_name(&self, i: u8) -> String {
        objective_name(self.rules(), i)
    }

    pub fn event_text(&self, e: &Event, viewer: Option<usize>) -> String {
        event_words(Lang::En, self.rules(), e, viewer)
    }

    /// A move in English, with the column's objective (saves, scenarios).
    pub fn move_text(&self, m: Move) -> String {
        self.move_text_in(Lang::En, m)
    }

    /// A move in `lang`, with the column's objective.
    pub fn move_text_in(&self, lang: Lang, m: Move) -> String {
        let under = match m {
            Move::Place { column, .. } | Move::Column(column) => self
                .columns()
                .get(column as usize)
                .map_or(String::new(), |c| {
                    format!(" ({})", self.objective_name(c.objective))
                }),
            _ => String::new(),
        };
        format!("{}{under}", move_words(lang, self.rules(), m))
    }

    /// What seat `p` sees: face-down cards of others as their colour only,
    /// his own hand, the others' hand and reserve sizes, the discard piles.
    pub fn view_text(&self, p: usize) -> String {
        self.table_text(Some(p))
    }

    /// The table as `viewer` sees it (`None`: every card).
    pub fn table_text(&self, viewer: Option<usize>) -> String {
        let r = self.rules();
        let mut t = String::new();
        let _ = writeln!(t, "round {} of {}", self.round(), r.rounds);
        for (i, col) in self.columns().iter().enumerate() {
            let seal = if col.sealed { ", sealed" } else { "" };
            let _ = write!(
                t,
                "column {} ({}{seal}):",
                i + 1,
                self.objective_name(col.objective)
            );
            for &c in &col.cards {
                let sees = viewer.is_none_or(|v| r.owner(c) == v);
                if self.face_up(c) || sees {
                    let mark = if self.face_up(c) { "" } else { " (face down)" };
                    let _ = write!(t, " {}{mark},", self.card_name(c));
                } else {
                    let _ = write!(t, " [{}],", r.colours[r.owner(c)].1);
                }
            }
            t.push('\n');
        }
        for q in 0..r.players {
            let name = &r.colours[q].1;
            if viewer.is_none_or(|v| v == q) {
                let hand: Vec<String> = self.hand(q).iter().map(|&c| self.card_name(c)).collect();
                let you = if viewer == Some(q) { " (you)" } else { "" };
                let _ = writeln!(t, "{name}{you}: hand {}", hand.join(", "));
            } else {
                let _ = writeln!(t, "{name}: {} in hand", self.hand(q).len());
            }
            let won: Vec<String> = self.won(q).map(|i| self.objective_name(i as u8)).collect();
            let disc: Vec<String> = self.discard(q).iter().map(|&c| self.card_name(c)).collect();
            let _ = writeln!(
                t,
                "  reserve {}, discard [{}], objectives [{}], {} points",
                self.reserve(q).len(),
                disc.join(", "),
                won.join(", "),
                self.points(q)
            );
        }
        t
    }
}
