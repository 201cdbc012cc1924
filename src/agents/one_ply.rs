//! A greedy agent any game gets from its [`Agents`] side: one ply on the
//! game's evaluation, ties broken at random.

use std::marker::PhantomData;

use super::{Agents, Greedy, MoveOf};
use crate::engine::agent::Agent;
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Actor, GameState};

/// One ply on [`Agents::evaluate`], ties broken from the agent's random
/// stream. The moves are played on a copy in which what the seat to act
/// cannot see is redrawn ([`Agents::determinize`], from the same stream),
/// not on the true state: a move that settles something would otherwise
/// score by the other seats' hidden cards.
pub struct OnePly<G: Agents> {
    weights: G::Weights,
    rng: AgentRng,
    game: PhantomData<fn() -> G>,
}

impl<G: Agents> OnePly<G> {
    /// The agent on `weights`, its random stream seeded by `seed`.
    pub fn new(weights: &G::Weights, seed: u64) -> OnePly<G> {
        OnePly {
            weights: weights.clone(),
            rng: seed::agent_rng(seed),
            game: PhantomData,
        }
    }
}

impl<G: Agents> Greedy<G::State> for OnePly<G> {
    fn scores(&mut self, s: &G::State, legal: &[MoveOf<G>]) -> Vec<f64> {
        let Actor::Player(seat) = s.current_actor() else {
            return vec![0.0; legal.len()];
        };
        let seen = G::determinize(s, seat, &mut self.rng);
        legal
            .iter()
            .map(|&m| {
                let mut t = seen.clone();
                t.apply_legal(m);
                G::evaluate(&self.weights, &t, seat)
            })
            .collect()
    }
}

impl<G: Agents> Agent<G::State> for OnePly<G> {
    fn choose(&mut self, s: &G::State, legal: &[MoveOf<G>]) -> MoveOf<G> {
        let scores = self.scores(s, legal);
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<usize> = (0..legal.len())
            .filter(|&i| scores[i] >= best - 1e-9)
            .collect();
        legal[top[seed::below(&mut self.rng, top.len())]]
    }
    fn name(&self) -> &str {
        "greedy"
    }
}
