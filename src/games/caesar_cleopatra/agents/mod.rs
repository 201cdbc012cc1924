//! Caesar & Cleopatra's side of the agents ([`crate::agents::Agents`]):
//! the evaluation ([`heuristic`]: groups, patricians, vote cards and
//! missions, weights from `agents/greedy.ron`), the greedy agent
//! ([`greedy`]), and what the generic search asks of the game: the
//! determinization (`State::resample`), the random rollout policy, the
//! pass rule, a key per move.

pub mod greedy;
pub mod heuristic;

pub use greedy::{GreedyAgent, may_pass, stuck_move};
pub use heuristic::{Context, DEFAULT_WEIGHTS, Evaluator, Heuristic, WEIGHTS_FILE};

use rand::RngExt;

use super::model::Face;
use super::{CaesarCleopatra, Move, Phase, Reserve, State, Target};
use crate::agents::Agents;
use crate::diag::Diagnostic;
use crate::engine::seed::AgentRng;
use crate::load::GameDir;

impl Agents for CaesarCleopatra {
    type Weights = Heuristic;
    type Greedy = GreedyAgent;

    fn weights_in(dir: &GameDir) -> Result<Heuristic, Diagnostic> {
        Heuristic::for_rules_dir(dir)
    }

    fn weights_from_file(path: &std::path::Path) -> Result<Heuristic, Diagnostic> {
        Heuristic::from_file(path)
    }

    fn greedy_agent(w: &Heuristic, seed: u64) -> GreedyAgent {
        GreedyAgent::with_heuristic(seed, w.clone())
    }

    fn evaluate(w: &Heuristic, s: &State, seat: usize) -> f64 {
        w.evaluate(s, seat)
    }

    fn determinize(s: &State, seat: usize, rng: &mut AgentRng) -> State {
        s.resample(seat, rng)
    }

    /// The state without its event log, which `resample` would copy and
    /// then drop at every iteration.
    fn search_root(s: &State) -> State {
        let mut base = s.clone();
        base.events = Vec::new();
        base
    }

    /// Uniform among the legal moves, but placing (drawing, turning up the
    /// vote card) rather than passing or playing an action card 9 times in
    /// 10, outside effects.
    fn rollout_move(s: &State, moves: &[Move], rng: &mut AgentRng) -> Move {
        let active = |m: &Move| matches!(m, Move::Place { .. } | Move::Draw(_) | Move::DrawVote);
        if s.phase() != Phase::Effect {
            let places = moves.iter().filter(|m| active(m)).count();
            if places > 0 && rng.random_range(0..10) != 0 {
                let i = rng.random_range(0..places);
                if let Some(&m) = moves.iter().filter(|m| active(m)).nth(i) {
                    return m;
                }
            }
        }
        moves[rng.random_range(0..moves.len())]
    }

    /// At the start of his turn, a player passes only if the greedy
    /// agent's rule allows it ([`may_pass`]: he leads).
    fn considered(w: &Heuristic, s: &State, legal: &[Move]) -> Option<Vec<Move>> {
        let drop_pass = s.phase() == Phase::TurnStart
            && legal.len() > 1
            && legal.contains(&Move::Pass)
            && !may_pass(w, s, s.actor());
        drop_pass.then(|| legal.iter().copied().filter(|&m| m != Move::Pass).collect())
    }

    /// The order of the action reserve at setup is the rules' (the
    /// evaluation cannot tell orders apart), and a stuck player recycles
    /// his hand as the greedy agent does ([`stuck_move`]).
    fn ruled_move(w: &Heuristic, s: &State, legal: &[Move]) -> Option<Move> {
        if s.phase() == Phase::ArrangeActions {
            return Some(legal[0]);
        }
        stuck_move(w, s, legal)
    }

    fn move_key(m: Move) -> u64 {
        move_key(m)
    }
}

/// A number that tells a move from every other move, ordered by kind of
/// move first.
fn move_key(m: Move) -> u64 {
    let face = |f: Face| u32::from(f == Face::Up);
    let (tag, x): (u32, u32) = match m {
        Move::ArrangeAction(k) => (0, k.0 as u32),
        Move::SetupPlace(k) => (1, k.0 as u32),
        Move::Pass => (2, 0),
        Move::Place {
            kind,
            group,
            face: f,
        } => (3, (kind.0 as u32) << 9 | (group as u32) << 1 | face(f)),
        Move::EndPlacement => (4, 0),
        Move::PlayAction(k) => (5, k.0 as u32),
        Move::Choose(Target::Group(g)) => (6, g as u32),
        Move::Choose(Target::TableCard {
            owner,
            group,
            kind,
            face: f,
        }) => (
            7,
            (owner as u32) << 18 | (group as u32) << 9 | (kind.0 as u32) << 1 | face(f),
        ),
        Move::Choose(Target::HandCard { owner, kind }) => (8, (owner as u32) << 8 | kind.0 as u32),
        Move::Decline => (9, 0),
        Move::Discard(k) => (10, k.0 as u32),
        Move::EndDiscard => (11, 0),
        Move::Draw(Reserve::Influence) => (12, 0),
        Move::Draw(Reserve::Action) => (12, 1),
        Move::DrawVote => (13, 0),
    };
    debug_assert!(x < 1 << 22);
    (tag as u64) << 22 | x as u64
}
