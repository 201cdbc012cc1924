//! The effect language over ordered columns (docs/effects.md section 10):
//! cards lie in columns under an objective, nearest it first; an ability
//! acts when its card is turned up (`on revealed:`) or at the round's end
//! (`at round end N:`), in an order of steps; it names cards by position
//! (`above`, `below`, `nearest`), by set (`column(owner: others, value: >=
//! 10)`), adds to or fixes their values, eliminates them, cancels their
//! abilities, claims the column or awards it to the lowest total.
//!
//! - [`compile`]: an ability's AST (`effects::parse`) → a
//!   [`Program`] of ops over indices, each name checked at its place;
//! - [`work`]: one column at the round's end: the sets, expressions and
//!   conditions evaluated over it, the round-end steps run on the engine's
//!   interpreter (`effects::run`), and the award;
//! - [`table`]: the columns, hands, reserves and discard piles the
//!   `on revealed:` statements act on, and what each of them does;
//! - [`cards`]: a game's kinds of card, colours and steps loaded from its
//!   rule files into a [`cards::CardTable`], which gives [`ColumnRules`]
//!   and [`Names`] to rules that hold one.
//! - [`view`]: the table as a seat sees it, in plain English (the
//!   observation agents and tests read).
//!
//! A game gives what its rules say through [`ColumnRules`] (each card's
//! kind, owner and printed value, each kind's program, the steps, a
//! column's capacity) and [`Readings`] (how the language reads the points
//! its rulebook leaves open); its state holds a [`table::Table`] and adds
//! the turn. This module names no game and no card.

pub mod cards;
pub mod compile;
mod placing;
pub mod table;
pub mod turn;
pub mod view;
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

/// Declares [`Readings`]: one `bool` field a line, and the names a game's
/// toggles file gives them (`Readings::NAMES`, `Readings::set`).
macro_rules! readings {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$doc:meta])* $field:ident,)* }) => {
        $(#[$meta])*
        pub struct $name { $($(#[$doc])* pub $field: bool,)* }

        impl $name {
            /// Each field's name, as a toggles file writes it (`means`).
            pub const NAMES: &[&str] = &[$(stringify!($field)),*];

            /// Sets the field named `name` (one of [`Self::NAMES`]).
            pub fn set(&mut self, name: &str) {
                match name {
                    $(stringify!($field) => self.$field = true,)*
                    _ => panic!("no reading `{name}`"),
                }
            }
        }
    };
}

readings! {
/// How the language reads what a rulebook may leave open. Each game sets
/// them from its own toggles (its `toggles.ron`: the `means` of a
/// reading names the fields it sets, `load::toggles`); `false` everywhere
/// is the first reading of each.
#[derive(Debug, Clone, Copy, Default)]
pub struct Readings {
    /// `below(x)` is the card nearer the objective (and `above(x)` the one
    /// farther); by default `below` is farther.
    below_is_nearer,
    /// `choose ... by owner` is decided by the player on turn.
    owner_choice_by_active,
    /// An ability that cancels abilities acts only where its card is the
    /// one card of its kind in the column (two copies cancel each other).
    cancel_needs_pair,
    /// An ability that claims a column drops the `active:` filters of its
    /// `require`.
    claim_ignores_active,
    /// An ability that claims a column acts though its card was turned up
    /// only at the round's end.
    claim_acts_unrevealed,
    /// `count(column(kind: ...))` in a comparison counts only the cards
    /// whose ability acts.
    count_active_copies,
    /// A card with no value fails every value filter (by default it
    /// compares as 0).
    valueless_not_compared,
    /// `value(x)` is the printed value (by default the value after the
    /// steps so far).
    value_reads_printed,
    /// `modify` may take a value below 0 (by default it stops at 0).
    no_floor,
    /// Within a step, every card acts in the table's order (by default the
    /// abilities that set a value act before those that add to one).
    table_order,
    /// A column awarded to the lowest total goes to it even when a card
    /// claims it (by default the claim wins).
    lowest_beats_claim,
    /// Awarded to the lowest total, every seat with a card takes part (by
    /// default only seats with a card that has a value).
    lowest_counts_any_card,
    // ----- The `on revealed:` statements (`table`) -----
    /// `reveal` turns no card up.
    reveal_does_nothing,
    /// `discard revealer` spares a revealer that an ability brought (not a
    /// placement).
    revealer_by_ability_spared,
    /// A `move` with no column to go to discards its card (by default the
    /// card stays where it is).
    stranded_move_discards,
    /// A card's `on revealed:` may act again within one placement (at most
    /// 64 abilities a placement); by default once per card and placement.
    reveals_unbounded,
    /// A tucked card does not count toward its column's objective and
    /// leaves before the award.
    tucked_uncounted,
    /// A declined `choose` skips only the statements that read it (by
    /// default it ends its ability).
    declined_goes_on,
    /// Eliminated cards leave the game (by default they go to their
    /// owners' discard piles with the rest).
    eliminated_out,
}
}

/// What a column's [`Work`] reads of one card ([`ColumnRules::facts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    pub kind: u8,
    pub owner: u8,
    /// Printed, in half points.
    pub value: i16,
    pub valued: bool,
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
    /// What a column's [`Work`] reads of card `c` under an objective of
    /// `domain`: its kind, its owner, its printed value and whether it has
    /// one. A game may answer from a table; the same as the methods above.
    #[inline]
    fn facts(&self, c: u8, domain: u8) -> Facts {
        let kind = self.kind_of(c);
        Facts {
            kind: kind as u8,
            owner: self.owner(c) as u8,
            value: self.printed(kind, domain),
            valued: !self.valueless(kind),
        }
    }
    /// Card `c`'s kind has an `on revealed:` ability. A game may answer
    /// from a table built at load: the turn asks it at every card turned
    /// up, and the answer is as random as the cards.
    #[inline]
    fn reveals(&self, c: u8) -> bool {
        self.program(self.kind_of(c))
            .is_some_and(|p| p.trigger == Trigger::Revealed)
    }
    /// The most cards a column holds.
    fn capacity(&self) -> usize;
    /// The domain of objective `o` (a kind's printed value may depend on it).
    fn domain(&self, objective: u8) -> u8;
    fn readings(&self) -> &Readings;
}

/// What a game calls its seats, its kinds of card and the cards heading
/// its columns, in the language of the rules loaded: the engine writes a
/// table in words from these.
pub trait Names: ColumnRules {
    /// Seat `p`'s id in the rule files and its name (`red`, `Red`).
    fn seat(&self, p: usize) -> (&str, &str);
    /// Kind `k`'s id in the rule files and its name (`king`, `King`).
    fn kind(&self, k: usize) -> (&str, &str);
    /// The card heading a column, in words (an objective: `Commerce 5`).
    fn head(&self, objective: u8) -> String;
    /// The domain (its name) in whose columns kind `k` is worth another
    /// value, and that value in half points (`Music`, 24).
    /// By default none.
    fn home(&self, _k: usize) -> Option<(&str, i16)> {
        None
    }
    /// Card `c` as `Seat Kind` (`Red King`).
    fn card_name(&self, c: u8) -> String {
        let (seat, kind) = (self.seat(self.owner(c)).1, self.kind(self.kind_of(c)).1);
        format!("{seat} {kind}")
    }
}

/// A game state that holds a [`table::Table`], as the engine's words,
/// board and reports read it.
pub trait Tabled {
    type Rules: Names;
    fn rules(&self) -> &Self::Rules;
    fn table(&self) -> &table::Table;
    /// Card `c` lies face up.
    fn face_up(&self, c: u8) -> bool {
        self.table().flags[c as usize] & table::UP != 0
    }
}

/// What a game keeps beside its table that the table in words shows
/// ([`view::table_text`], the terminal's board): the round, and what each
/// seat has won and scored so far.
pub trait Standing: Tabled {
    /// The round under way (from 1) and how many the game has.
    fn round(&self) -> (usize, usize);
    /// The objectives seat `p` has won, in the rules' order.
    fn won(&self, p: usize) -> Vec<u8>;
    /// Seat `p`'s points so far.
    fn points(&self, p: usize) -> i32;
}

#[cfg(test)]
mod tests {
    //! The language over a toy game's column: four kinds, two seats, two
    //! round-end steps; the cards are `seat * 4 + kind`.
    use super::*;

    const KINDS: [(&str, i16, Option<&str>); 4] = [
        ("plain", 5, None),
        ("big", 10, None),
        // Step 1: every card of value 10 or more leaves the column.
        (
            "purger",
            2,
            Some("at round end 1: eliminate column(value: >= 10);"),
        ),
        // Step 2: worth one more point for each other card of the column.
        (
            "adder",
            0,
            Some("at round end 2: modify this by count(column(not: this));"),
        ),
    ];

    struct Toy {
        programs: Vec<Option<Program>>,
        steps: Vec<Step>,
        readings: Readings,
    }

    impl Toy {
        fn new(readings: Readings) -> Toy {
            let ids: Vec<String> = KINDS.iter().map(|k| k.0.to_string()).collect();
            let steps = vec![
                Step {
                    number: 1,
                    bottom_up: false,
                },
                Step {
                    number: 2,
                    bottom_up: false,
                },
            ];
            let programs = KINDS
                .iter()
                .enumerate()
                .map(|(i, (_, _, text))| {
                    let ast = crate::effects::parse((*text)?).expect("parses");
                    let env = Env {
                        kinds: &ids,
                        this_kind: i,
                        steps: &steps,
                        readings: &readings,
                    };
                    Some(compile::compile(&ast, &env).expect("compiles"))
                })
                .collect();
            Toy {
                programs,
                steps,
                readings,
            }
        }

        /// The column's winner after the round-end steps, and the cards
        /// eliminated.
        fn settle(&self, cards: &[u8]) -> (Award, Vec<u8>) {
            let mut w = Work::new(self, cards, 0, |_| false);
            let mut out = Vec::new();
            w.run_steps(self, &mut |c| out.push(c));
            (w.award(self), out)
        }
    }

    impl ColumnRules for Toy {
        fn kind_of(&self, c: u8) -> usize {
            usize::from(c % 4)
        }
        fn owner(&self, c: u8) -> usize {
            usize::from(c / 4)
        }
        fn printed(&self, kind: usize, _domain: u8) -> i16 {
            KINDS[kind].1 * 2
        }
        fn valueless(&self, _kind: usize) -> bool {
            false
        }
        fn program(&self, kind: usize) -> Option<&Program> {
            self.programs[kind].as_ref()
        }
        fn end_rank(&self, kind: usize) -> u8 {
            let step = match self.programs[kind].as_ref().map(|p| p.trigger) {
                Some(Trigger::RoundEnd(n)) => n,
                _ => return NO_STEP,
            };
            self.steps
                .iter()
                .position(|s| s.number == step)
                .map_or(NO_STEP, |i| i as u8)
        }
        fn steps(&self) -> &[Step] {
            &self.steps
        }
        fn seats(&self) -> usize {
            2
        }
        fn capacity(&self) -> usize {
            MAX_COLUMN
        }
        fn domain(&self, _objective: u8) -> u8 {
            0
        }
        fn readings(&self) -> &Readings {
            &self.readings
        }
    }

    const PLAIN: u8 = 0;
    const BIG: u8 = 1;
    const PURGER: u8 = 2;
    const ADDER: u8 = 3;
    /// Seat 1's card of a kind.
    const fn second(kind: u8) -> u8 {
        4 + kind
    }

    #[test]
    fn the_highest_total_wins_and_a_tie_goes_to_the_nearest_card() {
        let toy = Toy::new(Readings::default());
        // Seat 0: 10; seat 1: 5.
        let (award, _) = toy.settle(&[BIG, second(PLAIN)]);
        assert_eq!(award, Award::Seat(0));
        // 5 against 5: seat 1's card is nearer the objective.
        let (award, _) = toy.settle(&[second(PLAIN), PLAIN]);
        assert_eq!(award, Award::Seat(1));
        assert_eq!(toy.settle(&[]).0, Award::Nobody);
    }

    #[test]
    fn a_step_eliminates_by_value_before_a_later_step_adds() {
        let toy = Toy::new(Readings::default());
        // Step 1 takes seat 0's 10 out; step 2 makes seat 1's adder worth
        // one point for the one other card left (seat 1's purger, 2).
        let (award, out) = toy.settle(&[BIG, second(PURGER), second(ADDER)]);
        assert_eq!(out, vec![BIG]);
        assert_eq!(award, Award::Seat(1));
    }

    #[test]
    fn values_are_half_points_after_the_steps() {
        // The adder: 0, and 1 point for the one other card (2 half points).
        let toy = Toy::new(Readings::default());
        let mut w = Work::new(&toy, &[ADDER, PLAIN], 0, |_| false);
        w.run_steps(&toy, &mut |_| {});
        let values: Vec<_> = w.values().collect();
        assert_eq!(values, vec![(ADDER, Some(2)), (PLAIN, Some(10))]);
    }

    #[test]
    fn a_card_turned_up_late_does_not_act() {
        let toy = Toy::new(Readings::default());
        let mut w = Work::new(&toy, &[BIG, PURGER], 0, |c| c == PURGER);
        let mut out = Vec::new();
        w.run_steps(&toy, &mut |c| out.push(c));
        assert!(out.is_empty());
        assert_eq!(w.award(&toy), Award::Seat(0));
    }
}
