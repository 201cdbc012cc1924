//! Agents choose a move at a choice point, through the same API as every
//! other client. They see the state only through `legal_moves` and the
//! observation of their own seat.

use super::GameState;
use super::seed::AgentRng;

/// Something that picks moves for one seat.
pub trait Agent<S: GameState>: Send {
    /// Picks one of `legal` (never empty) for the current actor of `state`.
    fn choose(&mut self, state: &S, legal: &[S::Move]) -> S::Move;
    fn name(&self) -> &str;

    /// Picks a move for the current actor of `state` (not terminal), using
    /// `buf` for the legal moves if it needs them; returns the move and the
    /// number of legal moves. The default lists them and calls `choose`.
    fn choose_move(&mut self, state: &S, buf: &mut Vec<S::Move>) -> (S::Move, usize) {
        state.legal_moves(buf);
        (self.choose(state, buf), buf.len())
    }
}

/// Picks uniformly among the legal moves.
pub struct RandomAgent {
    rng: AgentRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: super::seed::agent_rng(seed),
        }
    }
}

impl<S: GameState> Agent<S> for RandomAgent {
    fn choose(&mut self, _state: &S, legal: &[S::Move]) -> S::Move {
        legal[super::seed::below(&mut self.rng, legal.len())]
    }
    fn name(&self) -> &str {
        "random"
    }
    /// The same choice as `choose`, without listing the moves where the
    /// game need not ([`GameState::random_legal`]).
    fn choose_move(&mut self, state: &S, buf: &mut Vec<S::Move>) -> (S::Move, usize) {
        state.random_legal(&mut self.rng, buf)
    }
}

/// Plays `state` to the end with one agent per seat, calling `observe` after
/// every move. Returns the number of moves made.
pub fn play_out<S: GameState>(
    state: &mut S,
    agents: &mut [Box<dyn Agent<S>>],
    mut observe: impl FnMut(&S),
) -> u64 {
    let mut legal = Vec::with_capacity(64);
    let mut moves = 0;
    while let super::Actor::Player(p) = state.current_actor() {
        let (m, _) = agents[p].choose_move(state, &mut legal);
        state.apply_legal(m);
        moves += 1;
        observe(state);
    }
    moves
}
