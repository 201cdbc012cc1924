//! The effect language over ordered columns (docs/effects.md section 10):
//! cards lie in columns under an objective, nearest it first; an ability
//! acts when its card is turned up (`on revealed:`) or at the round's end
//! (`at round end N:`), in an order of steps; it names cards by position
//! (`above`, `below`, `nearest`), by set (`column(owner: others, value: >=
//! 10)`), adds to or fixes their values, eliminates them, cancels their
//! abilities, claims the column or awards it to the lowest total.
//!
//! - [`compile`]: the `ability` AST (`effects::parse_ability`) → a
//!   [`Program`] of ops over indices, each name checked at its place;
//! - [`work`]: one column at the round's end: the sets, expressions and
//!   conditions evaluated over it, the round-end steps run on the engine's
//!   interpreter (`effects::run`), and the award.
//!
//! A game gives what its rules say through [`ColumnRules`] (each card's
//! kind, owner and printed value, each kind's program, the steps) and
//! [`Readings`] (how the language reads the points its rulebook leaves
//! open); the on-revealed statements that move cards between a game's
//! columns, hands and piles act on that game's state, in its module. This
//! module names no game and no card.

pub mod compile;
pub mod work;

pub use compile::{CardExpr, ColExpr, Cond, Env, Expr, Filter, Op, Program, Trigger, Who};
pub use work::{Award, Mask, Work};

/// Most cards in one column: its positions fit a [`Mask`] below its top bit.
pub const MAX_COLUMN: usize = 48;
/// Most seats an award compares.
pub const MAX_SEATS: usize = 6;
/// Most round-end steps; [`NO_STEP`] marks a kind with no round-end ability.
pub const MAX_STEPS: usize = 15;
/// The rank of a kind that acts at no round-end step.
pub const NO_STEP: u8 = MAX_STEPS as u8;

/// One step of the round's end: its number (`at round end N:`) and the
/// order its cards act in (`bottom_up`: farthest from the objective first).
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub number: u8,
    pub bottom_up: bool,
}

/// How the language reads what a rulebook may leave open. Each game sets
/// them from its own toggles (its `toggles.ron`); `false` everywhere
/// is the first reading of each.
#[derive(Debug, Clone, Copy, Default)]
pub struct Readings {
    /// `below(x)` is the card nearer the objective (and `above(x)` the one
    /// farther); by default `below` is farther.
    pub below_is_nearer: bool,
    /// `choose ... by owner` is decided by the player on turn.
    pub owner_choice_by_active: bool,
    /// An ability that cancels abilities acts only where its card is the
    /// one card of its kind in the column (two copies cancel each other).
    pub cancel_needs_pair: bool,
    /// An ability that claims a column drops the `active:` filters of its
    /// `require`.
    pub claim_ignores_active: bool,
    /// An ability that claims a column acts though its card was turned up
    /// only at the round's end.
    pub claim_acts_unrevealed: bool,
    /// `count(column(kind: ...))` in a comparison counts only the cards
    /// whose ability acts.
    pub count_active_copies: bool,
    /// A card with no value fails every value filter (by default it
    /// compares as 0).
    pub valueless_not_compared: bool,
    /// `value(x)` is the printed value (by default the value after the
    /// steps so far).
    pub value_reads_printed: bool,
    /// `modify` may take a value below 0 (by default it stops at 0).
    pub no_floor: bool,
    /// Within a step, every card acts in the table's order (by default the
    /// abilities that set a value act before those that add to one).
    pub table_order: bool,
    /// A column awarded to the lowest total goes to it even when a card
    /// claims it (by default the claim wins).
    pub lowest_beats_claim: bool,
    /// Awarded to the lowest total, every seat with a card takes part (by
    /// default only seats with a card that has a value).
    pub lowest_counts_any_card: bool,
}

/// What the round's end reads of a game's rules. Cards are bytes; kinds
/// index the game's own list.
pub trait ColumnRules {
    /// The kind of card `c`.
    fn kind_of(&self, c: u8) -> usize;
    /// The seat that owns card `c`.
    fn owner(&self, c: u8) -> usize;
    /// A kind's value (half points) in a column of objective `domain`.
    fn printed(&self, kind: usize, domain: u8) -> i16;
    /// A kind that has no value.
    fn valueless(&self, kind: usize) -> bool;
    /// A kind's ability, compiled.
    fn program(&self, kind: usize) -> Option<&Program>;
    /// A kind's round-end step as its place in [`ColumnRules::steps`],
    /// [`NO_STEP`] for none.
    fn end_rank(&self, kind: usize) -> u8;
    /// The round-end steps in the order they run.
    fn steps(&self) -> &[Step];
    /// The number of seats.
    fn seats(&self) -> usize;
    fn readings(&self) -> &Readings;
}
