//! The table as one seat sees it, as data rather than text: zones holding
//! cards, each card's face or only that it is hidden. A client that draws
//! cards (`ludus serve`'s page) draws any game from it; the game fills it
//! ([`super::Playable::table`]) with its own names, in the player's
//! language.
//!
//! **Hidden information**: a card the viewer may not see has no face
//! here (`face: None`), only its seat's colour; a [`Viewer::Spectator`]
//! sees only what every seat sees.

use serde::Serialize;

/// Who looks at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A seat: its own hand and face-down cards, and the public ones.
    Seat(usize),
    /// Someone at no seat: only the public cards.
    Spectator,
}

impl Viewer {
    /// The viewer as the texts take it (`Playable::event_words`): a
    /// seat, or for a spectator a seat index that no card belongs to, so
    /// that every event shows only its public part.
    pub fn sight(self) -> Option<usize> {
        match self {
            Viewer::Seat(p) => Some(p),
            Viewer::Spectator => Some(usize::MAX),
        }
    }

    /// The seat, if the viewer has one.
    pub fn seat(self) -> Option<usize> {
        match self {
            Viewer::Seat(p) => Some(p),
            Viewer::Spectator => None,
        }
    }
}

/// The whole table: a title (whose turn, which step), its zones in the
/// order a reader takes them, then lines of what has no card (reserves,
/// decks, points).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    pub title: String,
    pub zones: Vec<Zone>,
    pub lines: Vec<String>,
}

/// What a zone is, for the page's layout and words.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ZoneKind {
    /// Where the seats play their cards (a group, a column).
    #[default]
    Table,
    /// A seat's hand (its cards hidden from the other seats).
    Hand,
    /// Anything else a seat holds (a secret card dealt to it).
    Other,
}

/// A place holding cards: a group, a column, a hand, a pile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Zone {
    pub kind: ZoneKind,
    /// Its name, as the board names it (a hand: its seat's name).
    pub label: String,
    /// What the board says of it beside its cards (`3/5 left, won 1:0`).
    pub note: String,
    /// The seat it belongs to (a hand, a side of a group), if any.
    pub seat: Option<usize>,
    pub cards: Vec<CardView>,
}

/// A card as the viewer sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// Its name; `None` when the viewer may not see it.
    pub face: Option<String>,
    /// Its value as printed, if it has one (and is seen).
    pub value: Option<String>,
    /// The seat whose card it is (its colour), if any.
    pub seat: Option<usize>,
    /// Whether it lies face down (seen by its owner only).
    pub down: bool,
}

impl CardView {
    /// A card the viewer may not see, of seat `seat`.
    pub fn hidden(seat: Option<usize>) -> CardView {
        CardView {
            face: None,
            value: None,
            seat,
            down: true,
        }
    }
}
