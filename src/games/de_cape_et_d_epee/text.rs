//! Moves in words, and the game's side of the engine's words for its
//! table (`effects::columns::view`, `play::columns`): the round, the
//! objectives won and the points ([`Standing`]). Moves are the game's
//! catalogue's ([`WORDS`], `i18n/{en,fr,nl}.ftl`), cards and events the
//! engine's, in a language: English for saves, scenario reports and logs
//! (whose texts they were), the player's at the terminal. Names are the
//! rules', in the language of `--lang` where a names file gives them. The
//! observation (`view_text`) is English, for agents and tests.

use super::Rules;
use super::state::{Event, Move, State};
use crate::effects::columns::{Names, Standing, view};
use crate::play::columns::{COLUMNS, card_words, event_words};
use crate::play::i18n::{Catalogue, Lang};

/// This game's words at the terminal, in each language; its parent is
/// the engine's words for a table of columns.
pub static WORDS: Catalogue = crate::catalogue_beside!(Some(&COLUMNS));

/// `w!(lang, "id", name = value, ...)`: a message of [`WORDS`].
macro_rules! w {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!($crate::games::de_cape_et_d_epee::text::WORDS, $lang, $id $(, $k = $v)*)
    };
}
pub(super) use w;

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

/// The round, the objectives won and the points, as the engine's words
/// for the table show them.
impl Standing for State {
    fn round(&self) -> (usize, usize) {
        (State::round(self), self.rules().rounds)
    }
    fn won(&self, p: usize) -> Vec<u8> {
        State::won(self, p).map(|o| o as u8).collect()
    }
    fn points(&self, p: usize) -> i32 {
        State::points(self, p)
    }
}

impl State {
    /// A card as `Colour Name` (the observation's English form).
    pub fn card_name(&self, c: u8) -> String {
        self.rules().card_name(c)
    }

    /// An objective as `Domain value`.
    pub fn objective_name(&self, i: u8) -> String {
        self.rules().head(i)
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
        view::table_text(self, Some(p))
    }
}
