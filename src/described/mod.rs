//! Games as descriptions: one model of a card game read from rule data,
//! and one interpreter that plays any described game behind the engine's
//! traits (docs/descriptions.md). A rules folder whose `game.ron` names
//! the module `described` holds the whole game: its cards (`cards.ron`:
//! attributes, kinds, counts), zones (`zones.ron`: who sees what), seats
//! (`game.ron`), counters, numbers, flags and procedure (`procedure.ron`,
//! the effect language's phases, loops over seats, choices, tests and
//! aggregates), toggles (`toggles.ron`, whose readings set flags),
//! variants, names, its words (`words/*.ftl`) and its agents' evaluation
//! (`agents/greedy.ron`). This module names no game.
//!
//! - `raw.rs`: the files as written; `model.rs`: read and checked into
//!   [`Rules`]; `compile.rs`: the procedure into a [`program::Program`];
//! - `state.rs`: the fixed-size state; `run.rs`: the interpreter;
//! - `view.rs`, `words.rs`: cards, moves, events and the table in words;
//! - `screen.rs`, `grid.rs`, `notes.rs`, `narration.rs`: the terminal
//!   (the board, the grid of moves, the rules, the hint's reason, the
//!   cards explained, the events told in few lines); `indexed.rs`: the
//!   indexed zones (columns) on the board, a line per index;
//! - `calls.rs`: sections D and E at run time (calls of kinds' blocks on
//!   a frame stack, `for card` snapshots, counters per card and index);
//!   `compile/calls.rs` compiles them;
//! - `layers.rs`: the other generic layers' traits (design, reports,
//!   agents, soak, fuzz);
//! - `scenario/`: scenario files of any described game.

pub mod calls;
pub mod compile;
pub mod eval;
mod grid;
mod indexed;
pub mod layers;
mod live;
mod load_calls;
pub mod measures;
pub mod model;
mod narration;
pub mod native;
mod notes;
mod piles;
pub mod program;
mod raw;
pub mod run;
pub mod scenario;
pub mod screen;
pub mod state;
pub mod view;
pub mod words;

pub use model::{Rules, load};
pub use state::{End, Event, Move, NONE, State};

use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::engine::{Actor, Game, GameState, Loaded, Scored, Selection};
use crate::load::GameDir;
use crate::play::i18n::Lang;

/// The module name `game.ron` gives.
pub const MODULE: &str = "described";

/// Any described game, as the generic layers see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Described;

impl Game for Described {
    const MODULE: &'static str = MODULE;
    type Rules = Rules;
    type State = State;

    fn load(dir: &GameDir, sel: &Selection) -> Result<Loaded<Rules>, Diagnostics> {
        let rules = model::load(dir, sel)?;
        let settings = rules.settings.clone();
        Ok(Loaded::new(rules, settings, None))
    }

    fn new_state(rules: &Arc<Rules>, seed: u64, log: bool) -> State {
        State::new(rules.clone(), seed, log)
    }

    fn seats(rules: &Rules) -> usize {
        rules.players
    }

    fn player_counts(rules: &Rules) -> std::ops::RangeInclusive<usize> {
        rules.player_counts.clone()
    }
}

impl GameState for State {
    type Move = Move;

    fn num_players(&self) -> usize {
        self.rules.players
    }

    fn current_actor(&self) -> Actor {
        match self.actor() {
            Some(p) => Actor::Player(p),
            None => Actor::Terminal,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }

    /// Without the list where the generated code can count and index
    /// the choice's moves (`Core::pick`): the same move for the same
    /// `rng` either way. Always inlined: in the `tests` profile, where
    /// it lands depends on how the code units are split, and out of line
    /// it took 1.4% more instructions a game.
    #[inline(always)]
    fn random_legal(
        &self,
        rng: &mut crate::engine::seed::AgentRng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        if let Some(picked) = self.core.pick(&self.rules, rng) {
            return picked;
        }
        self.legal(buf);
        let n = buf.len();
        (buf[crate::engine::seed::below(rng, n)], n)
    }

    fn apply_legal(&mut self, m: Move) {
        self.apply_move(m)
    }

    fn returns(&self) -> Vec<f64> {
        let over = self.is_over();
        let leaders = if over { self.leaders() } else { Vec::new() };
        crate::engine::returns_of(self.rules.players, over, &leaders)
    }

    fn move_to_string(&self, m: Move) -> String {
        let choice = self.core.waiting.map(|w| w.0);
        let seat = self.actor().unwrap_or(0);
        view::move_words(&self.rules, Lang::En, seat, choice, m)
    }

    fn observation_string(&self, player: usize) -> String {
        view::table(self, Lang::En, Some(player))
    }

    /// The declared `turns` (the agents' and the arena's turn caps count
    /// them, as a hand-written game's turns), else the decisions.
    fn turns(&self) -> u32 {
        self.measured_turns()
    }
}

impl Scored for State {
    fn scores(&self) -> Vec<i32> {
        (0..self.rules.players).map(|p| self.points(p)).collect()
    }
    fn end_reason(&self) -> Option<&'static str> {
        self.core.end.map(|e| match e {
            End::Game => self.named_end().unwrap_or("game_end"),
            End::DecisionCap(_) => "decision_cap",
            End::StepCap(_) => "step_cap",
        })
    }
    fn winner(&self) -> Option<usize> {
        let l = self.leaders();
        (self.is_over() && l.len() == 1).then(|| l[0])
    }
    fn seat_ids(&self) -> Vec<String> {
        self.rules.seats.iter().map(|s| s.0.clone()).collect()
    }
}
