//! The game-agnostic engine API, after OpenSpiel's `spiel.h`.
//!
//! A [`GameState`] says who acts, lists that actor's legal moves, applies one,
//! and renders what each player may see. Chance is *sampled inside the state*
//! from its own seeded RNG (OpenSpiel's `kSampledStochastic` chance mode), so a
//! game is fully determined by its seed and its list of moves, and a replay is
//! exact. Out-of-turn decisions (a reaction to the opponent's card) are simply choice
//! points whose actor is not the player whose turn it is.
//!
//! **Architecture invariant:** nothing in this module names a card, a group or
//! any other notion of a particular game.

pub mod agent;
pub mod bits;
pub mod game;
pub mod seed;

pub use game::{BASE_VARIANT, Game, Loaded, MAX_SEATS, Selection};

use std::fmt;

/// Who must act at a choice point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player, by seat index.
    Player(usize),
    /// The game is over.
    Terminal,
}

/// A move that is not legal at this choice point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {attempted}; legal here: {}", legal.join(", "))]
pub struct IllegalMove {
    pub attempted: String,
    pub legal: Vec<String>,
}

/// The state of one game in progress. Cloning it is cheap (no heap data per
/// turn) so that search agents can copy it freely.
pub trait GameState: Clone + Send {
    /// One decision at one choice point. Small and `Copy`.
    type Move: Copy + Eq + fmt::Debug + Send;

    fn num_players(&self) -> usize;

    /// The player to act, or `Terminal`.
    fn current_actor(&self) -> Actor;

    /// Writes the legal moves of the current actor into `out` (cleared first).
    /// Empty exactly when the state is terminal.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// A legal move chosen uniformly with `rng`, and the number of legal
    /// moves: always `legal[rng.random_range(0..legal.len())]` of
    /// [`GameState::legal_moves`], which is what the default does (with
    /// `buf` as the list). A game may override it to pick without listing
    /// every move, for fast random playouts; the same seed then gives the
    /// same game either way. Not to be called on a terminal state.
    fn random_legal(
        &self,
        rng: &mut seed::AgentRng,
        buf: &mut Vec<Self::Move>,
    ) -> (Self::Move, usize) {
        self.legal_moves(buf);
        let n = buf.len();
        (buf[seed::below(rng, n)], n)
    }

    /// Applies a move known to be legal (taken from `legal_moves`). Cheaper
    /// than [`GameState::apply`]; a move that is not legal is a logic error.
    fn apply_legal(&mut self, m: Self::Move);

    /// Applies a move after checking that it is legal.
    fn apply(&mut self, m: Self::Move) -> Result<(), IllegalMove> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if legal.contains(&m) {
            self.apply_legal(m);
            Ok(())
        } else {
            Err(IllegalMove {
                attempted: self.move_to_string(m),
                legal: legal.iter().map(|&l| self.move_to_string(l)).collect(),
            })
        }
    }

    fn is_terminal(&self) -> bool {
        self.current_actor() == Actor::Terminal
    }

    /// Final utility per player (+1 win, -1 loss, 0 draw); zeros before the end.
    fn returns(&self) -> Vec<f64>;

    /// A move as a person reads it, in the game's default language.
    fn move_to_string(&self, m: Self::Move) -> String;

    /// What `player` may see, as text (OpenSpiel's `ObservationString`).
    fn observation_string(&self, player: usize) -> String;

    /// Completed turns so far (for statistics and turn caps).
    fn turns(&self) -> u32;
}

/// [`GameState::returns`] of `seats` seats whose game is `over` with the
/// best seats `leaders`: +1 for a lone leader, 0 for leaders who share,
/// -1 for every other seat; zeros before the end.
pub fn returns_of(seats: usize, over: bool, leaders: &[usize]) -> Vec<f64> {
    let shared = leaders.len() > 1;
    let of = |p: usize| match (over, leaders.contains(&p), shared) {
        (false, _, _) | (true, true, true) => 0.0,
        (true, true, false) => 1.0,
        (true, false, _) => -1.0,
    };
    (0..seats).map(of).collect()
}

/// A game's notions of score and of how a game ended, for reports.
pub trait Scored: GameState {
    /// Points per player now (final points once terminal).
    fn scores(&self) -> Vec<i32>;
    /// Why the game ended, as a stable snake_case label; `None` while running.
    fn end_reason(&self) -> Option<&'static str>;
    /// The winner's seat, `None` for a draw or a running game.
    fn winner(&self) -> Option<usize>;
    /// Seat ids as the rules name them, for reports.
    fn seat_ids(&self) -> Vec<String>;
}

#[cfg(test)]
mod tests {
    use super::returns_of;

    #[test]
    fn returns_reward_a_lone_leader_and_share_a_tie() {
        assert_eq!(returns_of(3, true, &[1]), [-1.0, 1.0, -1.0]);
        assert_eq!(returns_of(3, true, &[0, 2]), [0.0, -1.0, 0.0]);
        assert_eq!(returns_of(2, false, &[0]), [0.0, 0.0]);
    }
}
