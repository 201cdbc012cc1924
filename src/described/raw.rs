//! The files of a described game's rules folder as written: one struct
//! per file, unknown fields refused, nothing checked beyond syntax
//! (`model.rs` checks the rest, each problem at its place).

// The designer's texts (`source`, `assumption`) are read only to be
// required.
#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::load::Spanned;

/// `game.ron`: the module, the name, the numbers of players.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: Spanned<String>,
    pub name: String,
    pub source: String,
    pub min_players: Spanned<f64>,
    pub max_players: Spanned<f64>,
    pub default_players: Spanned<f64>,
    /// The seats' ids, clockwise; the first `players` play.
    pub seats: Vec<Named>,
    /// The game (as saves name it) whose saves this description plays,
    /// though another engine wrote them (`play::record`).
    #[serde(default)]
    pub replaces: Option<String>,
}

/// An id with its English name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    pub id: Spanned<String>,
    pub name: String,
}

/// `cards.ron`: the attributes and the decks (or the kinds of one deck
/// at the top level, with its `each`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub attributes: Vec<Attribute>,
    /// Each kind is in the deck once for every value of this attribute.
    #[serde(default)]
    pub each: Option<Spanned<String>>,
    #[serde(default)]
    pub kinds: Vec<Kind>,
    /// Several decks, numbered deck by deck (instead of `each`, `kinds`).
    #[serde(default)]
    pub decks: Vec<Deck>,
    /// The attributes a face-down card shows on its back:
    /// an agent redrawing the cards it cannot see redraws each card only
    /// among the places of cards with the same back (and deck).
    #[serde(default)]
    pub back: Vec<Spanned<String>>,
    /// What the designer assumed where the sources are silent.
    #[serde(default)]
    pub assumption: String,
}

impl CardsFile {
    /// Every kind in number order: the top-level ones, then each deck's.
    pub fn all_kinds(&self) -> impl Iterator<Item = &Kind> {
        self.kinds
            .iter()
            .chain(self.decks.iter().flat_map(|d| &d.kinds))
    }
}

/// A deck: its kinds, each once per value of `each` (the first `players`
/// values if `each_seat`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub id: Spanned<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub each: Option<Spanned<String>>,
    #[serde(default)]
    pub each_seat: bool,
    pub kinds: Vec<Kind>,
}

/// An attribute: named values (a colour), or a whole number (no values),
/// or with `halves` a number in half points (9.5).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    pub id: Spanned<String>,
    #[serde(default)]
    pub values: Vec<Named>,
    #[serde(default)]
    pub halves: bool,
}

/// A kind of card: its count (per value of `each`; 1 if not given) and
/// its attributes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kind {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub count: Option<Spanned<f64>>,
    #[serde(default)]
    pub set: BTreeMap<String, Spanned<SetValue>>,
    /// E: the kind's blocks, `on <event> { ... }`.
    #[serde(default)]
    pub does: Option<Spanned<String>>,
}

/// A value a kind sets: a number, or a named value's id.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum SetValue {
    Number(f64),
    Name(String),
}

/// `zones.ron`: where cards lie, who sees them, and the zones the
/// language's statements name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZonesFile {
    pub zones: Vec<Zone>,
    /// Where every card is before the procedure starts.
    pub start: Spanned<String>,
    /// `draw <seat> <n>`: from this zone (the seat's, for a zone per
    /// seat) to this seat's zone.
    pub draw_from: Spanned<String>,
    pub draw_to: Spanned<String>,
    /// `discard <cards>`: to this zone (each card's owner's, for a zone
    /// per seat).
    pub discard_to: Spanned<String>,
}

/// A named test of `procedure.ron`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Derived {
    pub id: Spanned<String>,
    pub test: Spanned<String>,
    /// What it says, with its passage.
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sees {
    Everyone,
    Owner,
    Nobody,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub id: Spanned<String>,
    pub name: String,
    /// One zone for each seat (a hand), or one for the table.
    #[serde(default)]
    pub per_seat: bool,
    /// Who sees its cards that lie face down.
    pub sees: Sees,
    /// A flag that, when set, hides its face-down cards from everyone.
    #[serde(default)]
    pub hidden_if: Option<Spanned<String>>,
    /// An indexed zone: this many piles, `zone(0)` .. (a number of
    /// procedure.ron, or "players").
    #[serde(default)]
    pub count: Option<Spanned<String>>,
    /// A zone per seat: an empty draw pile first takes this zone's cards
    /// of the same seat, shuffled.
    #[serde(default)]
    pub refill_from: Option<Spanned<String>>,
    /// How a card leaves a pile of this zone: "in_order" (the default:
    /// the cards above it close the gap) or "last_into_place" (the top
    /// card takes its place, as a hand held as a list removes by swap).
    #[serde(default)]
    pub takes_out: Option<Spanned<String>>,
    /// Whether an agent's redraw of the cards it cannot see redraws this
    /// zone's (default true; false keeps their order, as known).
    #[serde(default = "yes")]
    pub redraw: bool,
}

fn yes() -> bool {
    true
}

/// `procedure.ron`: the counters, the numbers, the flags and the
/// procedure in the effect language.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcedureFile {
    pub counters: Vec<Counter>,
    pub numbers: Vec<Number>,
    /// The flags the toggles' readings may set (`means`).
    pub flags: Vec<Spanned<String>>,
    /// The counter holding each seat's score.
    pub score: Spanned<String>,
    /// A counter per seat that breaks a tie of scores: among the seats
    /// with the best score, the one with the greatest value wins if it
    /// is alone; otherwise all with the best score share.
    #[serde(default)]
    pub tie_break: Option<Spanned<String>>,
    /// The most decisions a game may take before it is stopped.
    pub decision_cap: Spanned<f64>,
    pub procedure: Spanned<String>,
    // F. What the simulator measures of a finished game (measures.rs).
    #[serde(default)]
    pub measures: Vec<super::measures::RawMeasure>,
    /// The report's section of the measures.
    #[serde(default)]
    pub section: Option<Spanned<String>>,
    /// Named ends: (name, test), the first that holds names the end.
    #[serde(default)]
    pub ends: Vec<(Spanned<String>, Spanned<String>)>,
    /// The number that is the game's turns (default: its decisions).
    #[serde(default)]
    pub turns: Option<Spanned<String>>,
    /// E: the events kinds may have blocks for (`on <event> { ... }`).
    #[serde(default)]
    pub events: Vec<Spanned<String>>,
    /// Named tests, written once and read wherever a flag may be (`if
    /// all_realized { ... }`, `[all_realized]`).
    #[serde(default)]
    pub derived: Vec<Derived>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    pub id: Spanned<String>,
    #[serde(default)]
    pub per_seat: bool,
    /// `number`, `seat`, `card`, or an attribute with named values.
    #[serde(rename = "type")]
    pub ty: Spanned<String>,
    /// Shown on the board (else kept for the procedure only).
    #[serde(default)]
    pub shown: bool,
    /// D: `"card"` (one value per card) or `"index"` (per index 0..7).
    #[serde(default)]
    pub per: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Number {
    pub id: Spanned<String>,
    pub value: Spanned<f64>,
    #[serde(default)]
    pub note: String,
}

/// `agents/greedy.ron`: the evaluation of a position for a seat (`me`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GreedyFile {
    pub evaluation: Spanned<String>,
    /// Whether the evaluation is already the seat's margin over the
    /// others (used as is, also once the game is over), rather than a
    /// seat's own value, less the best other seat's.
    #[serde(default)]
    pub margin: bool,
    /// The evaluation counts in this part of a point (2: half points):
    /// it is divided by it.
    #[serde(default)]
    pub divisor: Option<Spanned<f64>>,
    /// The search's settings where a spec leaves them at the engine's
    /// defaults (`ismcts` without `scale=`, `turns=`, `rollout=`).
    #[serde(default)]
    pub search: Option<Search>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// An evaluation margin of this many points is a reward of about 0.73.
    pub scale: f64,
    /// Decisions a rollout plays before the evaluation scores it.
    pub turns: u32,
    /// Rollouts played by the greedy agent (10% random moves).
    pub greedy_rollouts: bool,
}
