//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
//! Search", IEEE TCIAIG 4(2)).
//!
//! One tree per decision, from the point of view of the player to act (the
//! *observer*). Each iteration:
//! 1. determinizes: [`State::resample`] redraws everything the observer
//!    cannot see (and the future chance);
//! 2. descends the tree, whose nodes are keyed by move sequences (a child
//!    is found by its move and the player who makes it, so the same move
//!    reached in different determinizations shares one node), choosing by
//!    UCB1 among the children whose move is legal in this determinization;
//!    a child's exploration term counts the iterations in which it was
//!    *available* rather than its parent's visits;
//! 3. expands one untried legal move, the one with the best score for
//!    the player to act by the greedy agent ([`GreedyAgent::scores`]:
//!    computed on the determinization, once per node, mostly without
//!    copying it); with progressive widening
//!    ([`IsmctsConfig::widening`]) a node gets a new child only every so
//!    often (about `widening * sqrt(visits)` children), so the dozens of
//!    placements of a turn start are tried best first, a few at a time;
//! 4. plays a short rollout (to the end of the current turn, a lightly
//!    biased random policy, or the greedy agent) and cuts it off with the
//!    [`Heuristic`] (or the result, if the game ended), as a reward in
//!    `[0, 1]` for the observer;
//! 5. backpropagates: each node holds the reward of the player who made its
//!    move, so the opponent's nodes (his replies, his reaction windows)
//!    maximise the opponent's reward.
//!
//! The move played is the most visited child of the root. At the start of
//! his turn, a player passes only if the greedy agent's rule allows it
//! ([`super::greedy::may_pass`]: he leads), and a stuck player recycles
//! his hand as the greedy agent does ([`super::greedy::stuck_move`]).
//!
//! The default budget is 2000 iterations per decision (12.5 ms a decision
//! in a release build on the shared 2-core machine; against `greedy` over
//! the 400 games of seed 1 it won 84.0%, 95% interval 80.1-87.3%): an
//! iteration budget, so that a decision depends only on the position and
//! the seed, never on the machine. `ismcts:N` and `ismcts:Nms` set other budgets; the levels
//! of `ludus play` are budgets ([`super::LEVELS`]).

use std::time::{Duration, Instant};

use rand::RngExt;

use super::greedy::{GreedyAgent, Heuristic, may_pass, stuck_move};
use crate::engine::agent::Agent;
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Actor, GameState};
use crate::games::caesar_cleopatra::{Move, Phase, State};

/// The budget and the knobs of the search.
/// `W` is the game's evaluation weights ([`super::Agents::Weights`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IsmctsConfig<W = Heuristic> {
    /// Iterations per decision; 0 for no limit (then `millis` bounds it).
    pub iterations: u32,
    /// Milliseconds per decision; 0 for no limit (then `iterations` bounds it).
    /// A time budget makes decisions depend on the machine's speed.
    pub millis: u64,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// Turn ends a rollout goes through before the heuristic scores it.
    pub rollout_turns: u32,
    /// A heuristic margin of this many points is a reward of about 0.73.
    pub reward_scale: f64,
    /// Share of the reward that is the margin itself (linear, ±20 points
    /// spanning `[0, 1]`), so that lost and won positions still rank moves.
    pub margin_weight: f64,
    /// How rollouts choose their moves.
    pub rollout: Rollout,
    /// Expand moves in the order of their one-step heuristic value (else
    /// in random order).
    pub priors: bool,
    /// Progressive widening: a node gets about `widening * sqrt(visits)`
    /// children (0: all its moves at once).
    pub widening: f64,
    /// Weight of the prior in the selection (progressive bias), fading
    /// as `1 / (visits + 1)`.
    pub prior_bias: f64,
    /// The evaluation's weights, for priors and cut-off rollouts.
    pub heuristic: W,
}

impl<W: Default> Default for IsmctsConfig<W> {
    /// A budget of iterations (reproducible on any machine): 2000, about
    /// 12 ms per decision in a release build; progressive widening on.
    fn default() -> Self {
        IsmctsConfig {
            iterations: 2000,
            millis: 0,
            exploration: 0.2,
            rollout_turns: 1,
            reward_scale: 2.0,
            margin_weight: 0.1,
            rollout: Rollout::Random,
            priors: true,
            widening: 2.0,
            prior_bias: 0.0,
            heuristic: W::default(),
        }
    }
}

impl<W: Default> IsmctsConfig<W> {
    pub fn with_iterations(iterations: u32) -> Self {
        IsmctsConfig {
            iterations,
            millis: 0,
            ..Default::default()
        }
    }

    pub fn with_millis(millis: u64) -> Self {
        IsmctsConfig {
            iterations: 0,
            millis,
            ..Default::default()
        }
    }
}

/// The policy of the rollouts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rollout {
    /// Uniform among the legal moves, but placing (drawing, turning up the
    /// vote card) rather than passing or playing an action card 9 times in 10.
    Random,
    /// The move with the best heuristic value for the player to act, one
    /// step ahead; a random move (as `Random`) with probability `epsilon`.
    Greedy { epsilon: f64 },
}

/// One move at the root of a search, with its statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveStats {
    pub mv: Move,
    pub visits: u32,
    /// Mean reward of the player to act, in `[0, 1]`.
    pub mean_reward: f64,
}

struct Node {
    /// The move that leads here from the parent.
    mv: Move,
    /// Who made that move.
    actor: u8,
    children: Vec<u32>,
    /// The children's keys ([`move_key`] of their move and actor), sorted,
    /// in the order of `children`.
    keys: Vec<u32>,
    visits: u32,
    /// Iterations in which this node's move was legal at its parent.
    avail: u32,
    /// Sum of the rewards of `actor`.
    reward: f64,
    /// The one-step heuristic value of the move for `actor`, as a reward.
    prior: f64,
    /// The one-step values of the moves from here (computed at the first
    /// expansion, when priors are on).
    priors: Vec<(Move, f64)>,
}

/// The SO-ISMCTS agent.
pub struct IsmctsAgent {
    rng: AgentRng,
    /// Scores the moves of a new node (the order they are tried in), and
    /// plays the greedy rollouts.
    greedy: GreedyAgent,
    pub config: IsmctsConfig,
    /// Iterations run by the last search (for statistics).
    pub last_iterations: u32,
}

impl IsmctsAgent {
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        IsmctsAgent {
            rng: seed::agent_rng(seed),
            greedy: GreedyAgent::with_heuristic(
                seed ^ 0x9e37_79b9_7f4a_7c15,
                config.heuristic.clone(),
            ),
            config,
            last_iterations: 0,
        }
    }

    /// Searches `state` (where the player to act has the moves `legal`)
    /// and returns the root's moves with their statistics, most visited
    /// first.
    pub fn analyze(&mut self, state: &State, legal: &[Move]) -> Vec<MoveStats> {
        let mut legal = legal;
        let without_pass: Vec<Move>;
        if state.phase() == Phase::TurnStart
            && legal.len() > 1
            && legal.contains(&Move::Pass)
            && !may_pass(&self.config.heuristic, state, state.actor())
        {
            without_pass = legal.iter().copied().filter(|&m| m != Move::Pass).collect();
            legal = &without_pass;
        }
        let nodes = self.search(state, legal);
        let mut out: Vec<MoveStats> = nodes[0]
            .children
            .iter()
            .map(|&c| &nodes[c as usize])
            .filter(|n| legal.contains(&n.mv))
            .map(|n| MoveStats {
                mv: n.mv,
                visits: n.visits,
                mean_reward: n.reward / n.visits.max(1) as f64,
            })
            .collect();
        out.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.mean_reward.total_cmp(&a.mean_reward))
        });
        out
    }

    /// Runs the search; returns the tree (node 0 is the root).
    fn search(&mut self, state: &State, legal: &[Move]) -> Vec<Node> {
        let me = state.actor();
        let root_turn = state.turns();
        let mut base = state.clone();
        base.events = Vec::new();
        let cfg = self.config.clone();
        let start = Instant::now();
        let deadline = (cfg.millis > 0).then(|| Duration::from_millis(cfg.millis));
        let max_iter = if cfg.iterations == 0 && deadline.is_none() {
            IsmctsConfig::<Heuristic>::default().iterations
        } else {
            cfg.iterations
        };

        let mut nodes = vec![Node {
            mv: legal[0],
            actor: me as u8,
            children: Vec::new(),
            keys: Vec::new(),
            visits: 0,
            avail: 0,
            reward: 0.0,
            prior: 0.5,
            priors: Vec::new(),
        }];
        let mut moves = Vec::with_capacity(64);
        let mut untried = Vec::with_capacity(64);
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut iterations = 0u32;
        loop {
            if max_iter > 0 && iterations >= max_iter {
                break;
            }
            if let Some(d) = deadline
                && start.elapsed() >= d
            {
                break;
            }
            iterations += 1;
            let mut d = base.resample(me, &mut self.rng);
            let mut node = 0usize;
            path.clear();
            path.push(0);
            // Selection and expansion.
            while let Actor::Player(p) = d.current_actor() {
                d.legal_moves(&mut moves);
                if node == 0 {
                    moves.retain(|m| legal.contains(m));
                    if moves.is_empty() {
                        moves.extend_from_slice(legal);
                    }
                }
                untried.clear();
                let visits = nodes[node].visits;
                let ln_factor = cfg.exploration;
                let mut best: Option<(f64, usize)> = None;
                let mut compatible = 0usize;
                for &m in &moves {
                    let found = nodes[node]
                        .keys
                        .binary_search(&move_key(m, p))
                        .ok()
                        .map(|i| nodes[node].children[i] as usize);
                    match found {
                        Some(c) => {
                            compatible += 1;
                            nodes[c].avail += 1;
                            let n = &nodes[c];
                            let nv = n.visits.max(1) as f64;
                            let ucb = n.reward / nv
                                + ln_factor * ((n.avail as f64).ln() / nv).sqrt()
                                + cfg.prior_bias * n.prior / (n.visits as f64 + 1.0);
                            if best.is_none_or(|(b, _)| ucb > b) {
                                best = Some((ucb, c));
                            }
                        }
                        None => untried.push(m),
                    }
                }
                // Progressive widening: a node may have about
                // `widening * sqrt(visits)` children.
                let allowed = if cfg.widening > 0.0 {
                    (cfg.widening * (visits as f64 + 1.0).sqrt()).ceil() as usize
                } else {
                    usize::MAX
                };
                if !untried.is_empty() && (compatible < allowed || best.is_none()) {
                    // Expand the untried move with the best one-step value
                    // for the player to act (a random one without priors).
                    let (m, prior) = if cfg.priors {
                        if nodes[node].priors.is_empty() {
                            let priors = self.priors(&d, &moves);
                            nodes[node].priors = priors;
                        }
                        let pr = &nodes[node].priors;
                        let prior_of =
                            |m: &Move| pr.iter().find(|(x, _)| x == m).map_or(-1.0, |(_, v)| *v);
                        let m = *untried
                            .iter()
                            .max_by(|a, b| prior_of(a).total_cmp(&prior_of(b)))
                            .expect("an untried move");
                        (m, prior_of(&m).max(0.0))
                    } else {
                        (untried[self.rng.random_range(0..untried.len())], 0.5)
                    };
                    let id = nodes.len();
                    nodes.push(Node {
                        mv: m,
                        actor: p as u8,
                        children: Vec::new(),
                        keys: Vec::new(),
                        visits: 0,
                        avail: 1,
                        reward: 0.0,
                        prior,
                        priors: Vec::new(),
                    });
                    let key = move_key(m, p);
                    let at = nodes[node].keys.partition_point(|&k| k < key);
                    nodes[node].keys.insert(at, key);
                    nodes[node].children.insert(at, id as u32);
                    d.apply_legal(m);
                    path.push(id as u32);
                    break;
                }
                let (_, c) = best.expect("a legal move has a child");
                d.apply_legal(nodes[c].mv);
                node = c;
                path.push(c as u32);
            }
            // Rollout and evaluation.
            let reward = self.rollout(&mut d, me, root_turn, &mut moves);
            for &n in &path {
                let n = &mut nodes[n as usize];
                n.visits += 1;
                n.reward += if n.actor as usize == me {
                    reward
                } else {
                    1.0 - reward
                };
            }
        }
        self.last_iterations = iterations;
        nodes
    }

    /// The greedy agent's score of each move for the player to act in
    /// `d`, as a reward (computed on `d` without copying it, for most
    /// moves: [`GreedyAgent::scores`]).
    fn priors(&mut self, d: &State, moves: &[Move]) -> Vec<(Move, f64)> {
        let scale = self.config.reward_scale;
        let scores = self.greedy.scores(d, moves);
        moves
            .iter()
            .zip(scores)
            .map(|(&m, x)| (m, 1.0 / (1.0 + (-x / scale).exp())))
            .collect()
    }

    /// The value of `d` for `p` as a reward in `[0, 1]`: the result (once
    /// the game is over) or the heuristic's chances, blended with a little
    /// of the margin so that a lost (or won) position still tells better
    /// moves from worse.
    fn reward_of(&self, d: &State, p: usize) -> f64 {
        let x = self.config.heuristic.evaluate(d, p);
        let chances = if d.phase() == Phase::GameOver {
            match d.leader() {
                Some(w) if w == p => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }
        } else {
            1.0 / (1.0 + (-x / self.config.reward_scale).exp())
        };
        let w = self.config.margin_weight;
        (1.0 - w) * chances + w * (0.5 + x / 40.0).clamp(0.0, 1.0)
    }

    /// Plays on with the rollout policy to the end of turn `root_turn +
    /// rollout_turns` (or a later turn of the same parity, if the tree went
    /// past it: the position is always scored after the same player's
    /// turn, as scores right after one's own turn flatter), then scores it
    /// for `me` in `[0, 1]`.
    fn rollout(&mut self, d: &mut State, me: usize, root_turn: u32, moves: &mut Vec<Move>) -> f64 {
        let mut stop_at = root_turn + self.config.rollout_turns.max(1);
        while stop_at <= d.turns() {
            stop_at += 2;
        }
        let in_setup = is_setup(d.phase());
        let mut steps = 0;
        while let Actor::Player(_) = d.current_actor() {
            if d.turns() >= stop_at || steps > 400 || (in_setup && !is_setup(d.phase())) {
                break;
            }
            steps += 1;
            d.legal_moves(moves);
            let m = self.rollout_move(d, moves);
            d.apply_legal(m);
        }
        self.reward_of(d, me)
    }

    /// The rollout policy's move.
    fn rollout_move(&mut self, d: &State, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        if let Rollout::Greedy { epsilon } = self.config.rollout
            && !self.rng.random_bool(epsilon)
        {
            return self.greedy.choose(d, moves);
        }
        self.random_move(d, moves)
    }

    /// A random move, mostly active and sparing with action cards.
    fn random_move(&mut self, d: &State, moves: &[Move]) -> Move {
        let phase = d.phase();
        if phase != Phase::Effect {
            // Prefer placing over passing or playing an action card.
            let places = moves
                .iter()
                .filter(|m| matches!(m, Move::Place { .. } | Move::Draw(_) | Move::DrawVote))
                .count();
            if places > 0 && self.rng.random_range(0..10) != 0 {
                let mut i = self.rng.random_range(0..places);
                for &m in moves {
                    if matches!(m, Move::Place { .. } | Move::Draw(_) | Move::DrawVote) {
                        if i == 0 {
                            return m;
                        }
                        i -= 1;
                    }
                }
            }
        }
        moves[self.rng.random_range(0..moves.len())]
    }
}

/// A number that tells a move of `actor` from every other move of either
/// player (so that a node's children can be looked up by binary search).
fn move_key(m: Move, actor: usize) -> u32 {
    use crate::games::caesar_cleopatra::model::Face;
    use crate::games::caesar_cleopatra::{Reserve, Target};
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
    tag << 23 | x << 1 | (actor as u32 & 1)
}

fn is_setup(phase: Phase) -> bool {
    matches!(phase, Phase::ArrangeActions | Phase::SetupPlace)
}

impl Agent<State> for IsmctsAgent {
    /// Searches, except when there is one legal move, and for the order of
    /// the action reserve at setup (the heuristic cannot tell orders apart):
    /// cards go in the order of the rules.
    fn choose(&mut self, state: &State, legal: &[Move]) -> Move {
        if legal.len() == 1 || state.phase() == Phase::ArrangeActions {
            return legal[0];
        }
        if let Some(m) = stuck_move(&self.config.heuristic, state, legal) {
            return m;
        }
        self.analyze(state, legal)
            .first()
            .map_or(legal[0], |m| m.mv)
    }

    fn name(&self) -> &str {
        "ismcts"
    }
}
