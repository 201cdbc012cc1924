//! de Cape & d'Épée (Lutz Stepponat; Filosofia 2007): the game module.
//! Everything that knows this game's notions (columns under objectives,
//! influence cards, the round's end) lives here; the cards, their values
//! and abilities, the setup, the award, the scoring and every reading of
//! the rulebook (toggles) come from `rules/de_cape_et_d_epee/`
//! (docs/de-cape.md).
//!
//! - `raw.rs`: the rule files as written; `model.rs`: load and check them
//!   into [`Rules`] (overlays, toggles, ranges), each card's ability
//!   compiled by the engine (`effects::columns`, with the `Readings` the
//!   toggles give);
//! - `state.rs`: the zones, the turn, the abilities at a placement, the
//!   round's end over the engine's `Work` (a column's ordered steps,
//!   values, the award); `score.rs`: the final scoring and the
//!   invariants; `text.rs`: moves and views in words.

pub mod agents;
mod board;
mod design;
pub mod fuzzing;
mod measures;
pub mod model;
pub mod position;
mod raw;
mod scenario;
mod score;
mod screen;
pub mod state;
mod text;

pub use model::{Rules, load};
pub use state::{EndReason, Event, Move, Phase, State};

use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::engine::{Actor, Game, GameState, Loaded, Scored, Selection};
use crate::load::GameDir;

/// The module name `game.ron` gives.
pub const MODULE: &str = "de_cape_et_d_epee";

/// de Cape & d'Épée as the generic layers see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeCape;

impl Game for DeCape {
    const MODULE: &'static str = MODULE;
    type Rules = Rules;
    type State = State;

    fn load(dir: &GameDir, sel: &Selection) -> Result<Loaded<Rules>, Diagnostics> {
        let rules = model::load(dir, sel)?;
        let settings = rules.fingerprinted();
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
        self.rules().players
    }

    fn current_actor(&self) -> Actor {
        match self.phase() {
            Phase::Over => Actor::Terminal,
            _ => Actor::Player(self.actor() as usize),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }

    // Always inline, as `State::random_legal` is.
    #[inline(always)]
    fn random_legal(
        &self,
        rng: &mut crate::engine::seed::AgentRng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        State::random_legal(self, rng, buf)
    }

    #[inline]
    fn apply_legal(&mut self, m: Move) {
        self.apply_move(m)
    }

    fn returns(&self) -> Vec<f64> {
        let over = self.phase() == Phase::Over;
        let leaders = if over { self.leaders() } else { Vec::new() };
        crate::engine::returns_of(self.rules().players, over, &leaders)
    }

    fn move_to_string(&self, m: Move) -> String {
        self.move_text(m)
    }

    fn observation_string(&self, player: usize) -> String {
        self.view_text(player)
    }

    fn turns(&self) -> u32 {
        self.placements()
    }
}

impl Scored for State {
    fn scores(&self) -> Vec<i32> {
        (0..self.rules().players).map(|p| self.points(p)).collect()
    }
    fn end_reason(&self) -> Option<&'static str> {
        State::end_reason(self).map(|e| match e {
            EndReason::Rounds => "rounds",
            EndReason::PlacementCap => "placement_cap",
        })
    }
    fn winner(&self) -> Option<usize> {
        (self.phase() == Phase::Over)
            .then(|| self.leader())
            .flatten()
    }
    fn seat_ids(&self) -> Vec<String> {
        let r = self.rules();
        r.colours[..r.players].iter().map(|c| c.0.clone()).collect()
    }
}
