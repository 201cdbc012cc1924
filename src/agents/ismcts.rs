//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
//! Search", IEEE TCIAIG 4(2)).
//!
//! One tree per decision, from the point of view of the player to act (the
//! *observer*), for a game of 2 to 6 seats ([`Agents`]). Each iteration:
//! 1. determinizes: [`Agents::determinize`] redraws everything the
//!    observer cannot see (and the future chance);
//! 2. descends the tree, whose nodes are keyed by move sequences (a child
//!    is found by its move and the seat that makes it, so the same move
//!    reached in different determinizations shares one node), choosing by
//!    UCB1 among the children whose move is legal in this determinization;
//!    a child's exploration term counts the iterations in which it was
//!    *available* rather than its parent's visits;
//! 3. expands one untried legal move, the one with the best score for
//!    the player to act by the game's greedy agent ([`Greedy::scores`]:
//!    computed on the determinization, once per node); with progressive
//!    widening ([`IsmctsConfig::widening`]) a node gets a new child only
//!    every so often (about `widening * sqrt(visits)` children), so the
//!    many moves of a rich choice point are tried best first, a few at a
//!    time;
//! 4. plays a short rollout (to the end of the current turn, with the
//!    game's random rollout policy or its greedy agent) and cuts it off
//!    with the game's evaluation ([`Agents::evaluate`]), or the result if
//!    the game ended, as a reward in `[0, 1]` per seat;
//! 5. backpropagates: each node holds the reward of the seat that made its
//!    move (multi-player ISMCTS), so the other seats' nodes (their replies,
//!    their reactions) maximise their own rewards. With two seats the
//!    evaluation is a margin: the other seat's reward is the observer's
//!    complement; with more, each seat's reward is its own evaluation.
//!
//! The move played is the most visited child of the root. The game's rules
//! of thumb apply first: moves the search leaves out
//! ([`Agents::considered`]) and moves made without search
//! ([`Agents::ruled_move`]).
//!
//! The default budget is 2000 iterations per decision: an iteration
//! budget, so that a decision depends only on the position and the seed,
//! never on the machine. `ismcts:N` and `ismcts:Nms` set other budgets;
//! the levels of `ludus play` are budgets ([`super::LEVELS`]).

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use rand::RngExt;

use super::{Agents, Greedy, MoveOf};
use crate::engine::agent::Agent;
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Actor, GameState, MAX_SEATS, Scored};

/// The budget and the knobs of the search.
/// `W` is the game's evaluation weights ([`super::Agents::Weights`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IsmctsConfig<W> {
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
    /// The game's random rollout policy ([`Agents::rollout_move`]).
    Random,
    /// The move with the best heuristic value for the player to act, one
    /// step ahead; a random move (as `Random`) with probability `epsilon`.
    Greedy { epsilon: f64 },
}

/// One move at the root of a search, with its statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u32,
    /// Mean reward of the player to act, in `[0, 1]`.
    pub mean_reward: f64,
}

struct Node<M> {
    /// The move that leads here from the parent.
    mv: M,
    /// The seat that made that move.
    actor: u8,
    children: Vec<u32>,
    /// The children's keys ([`IsmctsAgent::key`] of their move and
    /// actor), sorted, in the order of `children`.
    keys: Vec<u64>,
    visits: u32,
    /// Iterations in which this node's move was legal at its parent.
    avail: u32,
    /// Sum of the rewards of `actor`.
    reward: f64,
    /// The one-step value of the move for `actor`, as a reward.
    prior: f64,
    /// The one-step values of the moves from here (computed at the first
    /// expansion, when priors are on).
    priors: Vec<(M, f64)>,
}

impl<M> Node<M> {
    fn new(mv: M, actor: usize, avail: u32, prior: f64) -> Self {
        Node {
            mv,
            actor: actor as u8,
            children: Vec::new(),
            keys: Vec::new(),
            visits: 0,
            avail,
            reward: 0.0,
            prior,
            priors: Vec::new(),
        }
    }
}

/// Rewards per seat, in `[0, 1]`.
type Rewards = ArrayVec<f64, MAX_SEATS>;

/// The SO-ISMCTS agent for the game `G`.
pub struct IsmctsAgent<G: Agents> {
    rng: AgentRng,
    /// Scores the moves of a new node (the order they are tried in), and
    /// plays the greedy rollouts.
    greedy: G::Greedy,
    pub config: IsmctsConfig<G::Weights>,
    /// Iterations run by the last search (for statistics).
    pub last_iterations: u32,
    game: PhantomData<G>,
}

/// The seat to act in `s` (0 at a terminal state, which is never searched).
fn actor_of<S: GameState>(s: &S) -> usize {
    match s.current_actor() {
        Actor::Player(p) => p,
        Actor::Terminal => 0,
    }
}

impl<G: Agents> IsmctsAgent<G> {
    pub fn new(config: IsmctsConfig<G::Weights>, seed: u64) -> Self {
        IsmctsAgent {
            rng: seed::agent_rng(seed),
            greedy: G::greedy_agent(&config.heuristic, seed ^ 0x9e37_79b9_7f4a_7c15),
            config,
            last_iterations: 0,
            game: PhantomData,
        }
    }

    /// Searches `state` (where the player to act has the moves `legal`)
    /// and returns the root's moves with their statistics, most visited
    /// first.
    pub fn analyze(&mut self, state: &G::State, legal: &[MoveOf<G>]) -> Vec<MoveStats<MoveOf<G>>> {
        let considered = if legal.len() > 1 {
            G::considered(&self.config.heuristic, state, legal)
        } else {
            None
        };
        let legal = considered.as_deref().unwrap_or(legal);
        let nodes = self.search(state, legal);
        let mut out: Vec<_> = nodes[0]
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

    /// A number that tells a move of `actor` from every other move of any
    /// seat (so that a node's children can be looked up by binary search).
    fn key(m: MoveOf<G>, actor: usize) -> u64 {
        G::move_key(m) << 3 | actor as u64
    }

    /// Runs the search; returns the tree (node 0 is the root).
    fn search(&mut self, state: &G::State, legal: &[MoveOf<G>]) -> Vec<Node<MoveOf<G>>> {
        let me = actor_of(state);
        let root_turn = state.turns();
        let base = G::search_root(state);
        let cfg = self.config.clone();
        let start = Instant::now();
        let deadline = (cfg.millis > 0).then(|| Duration::from_millis(cfg.millis));
        let max_iter = if cfg.iterations == 0 && deadline.is_none() {
            IsmctsConfig::<()>::default().iterations
        } else {
            cfg.iterations
        };

        let mut nodes = vec![Node::new(legal[0], me, 0, 0.5)];
        let mut moves = Vec::with_capacity(64);
        let mut untried = Vec::with_capacity(64);
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut rewards = Rewards::new();
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
            let mut d = G::determinize(&base, me, &mut self.rng);
            path.clear();
            path.push(0);
            self.descend(
                &mut nodes,
                &mut d,
                legal,
                &mut moves,
                &mut untried,
                &mut path,
            );
            self.rollout(&mut d, root_turn, &mut moves);
            self.rewards(&d, me, &mut rewards);
            for &n in &path {
                let n = &mut nodes[n as usize];
                n.visits += 1;
                n.reward += rewards[n.actor as usize];
            }
        }
        self.last_iterations = iterations;
        nodes
    }

    /// Selection and expansion: walks `d` down the tree from the root
    /// (whose moves are `legal`), pushing the nodes it passes on `path`,
    /// until it adds a node or the game ends.
    fn descend(
        &mut self,
        nodes: &mut Vec<Node<MoveOf<G>>>,
        d: &mut G::State,
        legal: &[MoveOf<G>],
        moves: &mut Vec<MoveOf<G>>,
        untried: &mut Vec<MoveOf<G>>,
        path: &mut Vec<u32>,
    ) {
        let (exploration, prior_bias, widening) = (
            self.config.exploration,
            self.config.prior_bias,
            self.config.widening,
        );
        let mut node = 0usize;
        while let Actor::Player(p) = d.current_actor() {
            d.legal_moves(moves);
            if node == 0 {
                moves.retain(|m| legal.contains(m));
                if moves.is_empty() {
                    moves.extend_from_slice(legal);
                }
            }
            untried.clear();
            let visits = nodes[node].visits;
            let mut best: Option<(f64, usize)> = None;
            let mut compatible = 0usize;
            for &m in moves.iter() {
                let found = nodes[node]
                    .keys
                    .binary_search(&Self::key(m, p))
                    .ok()
                    .map(|i| nodes[node].children[i] as usize);
                let Some(c) = found else {
                    untried.push(m);
                    continue;
                };
                compatible += 1;
                nodes[c].avail += 1;
                let n = &nodes[c];
                let nv = n.visits.max(1) as f64;
                let ucb = n.reward / nv
                    + exploration * ((n.avail as f64).ln() / nv).sqrt()
                    + prior_bias * n.prior / (n.visits as f64 + 1.0);
                if best.is_none_or(|(b, _)| ucb > b) {
                    best = Some((ucb, c));
                }
            }
            // Progressive widening: a node may have about
            // `widening * sqrt(visits)` children.
            let allowed = if widening > 0.0 {
                (widening * (visits as f64 + 1.0).sqrt()).ceil() as usize
            } else {
                usize::MAX
            };
            if !untried.is_empty() && (compatible < allowed || best.is_none()) {
                let (m, prior) = self.expansion(&mut nodes[node], d, moves, untried);
                let id = nodes.len();
                nodes.push(Node::new(m, p, 1, prior));
                let key = Self::key(m, p);
                let at = nodes[node].keys.partition_point(|&k| k < key);
                nodes[node].keys.insert(at, key);
                nodes[node].children.insert(at, id as u32);
                d.apply_legal(m);
                path.push(id as u32);
                return;
            }
            let (_, c) = best.expect("a legal move has a child");
            d.apply_legal(nodes[c].mv);
            node = c;
            path.push(c as u32);
        }
    }

    /// The untried move to expand at `node` (whose moves in `d` are
    /// `moves`), and its prior: the one with the best one-step value for
    /// the player to act (a random one without priors).
    fn expansion(
        &mut self,
        node: &mut Node<MoveOf<G>>,
        d: &G::State,
        moves: &[MoveOf<G>],
        untried: &[MoveOf<G>],
    ) -> (MoveOf<G>, f64) {
        if !self.config.priors {
            return (untried[self.rng.random_range(0..untried.len())], 0.5);
        }
        if node.priors.is_empty() {
            node.priors = self.priors(d, moves);
        }
        let pr = &node.priors;
        let prior_of = |m: &MoveOf<G>| pr.iter().find(|(x, _)| x == m).map_or(-1.0, |(_, v)| *v);
        let m = *untried
            .iter()
            .max_by(|a, b| prior_of(a).total_cmp(&prior_of(b)))
            .expect("an untried move");
        (m, prior_of(&m).max(0.0))
    }

    /// The greedy agent's score of each move for the player to act in
    /// `d`, as a reward ([`Greedy::scores`]).
    fn priors(&mut self, d: &G::State, moves: &[MoveOf<G>]) -> Vec<(MoveOf<G>, f64)> {
        let scale = self.config.reward_scale;
        let scores = self.greedy.scores(d, moves);
        moves
            .iter()
            .zip(scores)
            .map(|(&m, x)| (m, 1.0 / (1.0 + (-x / scale).exp())))
            .collect()
    }

    /// The reward of seat `p` in `d`, in `[0, 1]`: the result if the game
    /// is over (a draw is `1 / seats`), else the chance of winning the
    /// evaluation's margin suggests, plus a small share of the margin
    /// itself (so that lost and won positions still tell better moves
    /// from worse).
    fn reward_of(&self, d: &G::State, p: usize) -> f64 {
        let x = G::evaluate(&self.config.heuristic, d, p);
        let chances = if d.is_terminal() {
            match d.winner() {
                Some(w) if w == p => 1.0,
                Some(_) => 0.0,
                None => 1.0 / d.num_players() as f64,
            }
        } else {
            1.0 / (1.0 + (-x / self.config.reward_scale).exp())
        };
        let w = self.config.margin_weight;
        (1.0 - w) * chances + w * (0.5 + x / 40.0).clamp(0.0, 1.0)
    }

    /// Each seat's reward in `d` ([`IsmctsAgent::reward_of`]). With two
    /// seats the evaluation is a margin, what one gains the other loses:
    /// the other seat gets the observer's complement.
    fn rewards(&self, d: &G::State, me: usize, out: &mut Rewards) {
        out.clear();
        let n = d.num_players().min(MAX_SEATS);
        if n == 2 {
            let r = self.reward_of(d, me);
            out.extend((0..2).map(|p| if p == me { r } else { 1.0 - r }));
        } else {
            out.extend((0..n).map(|p| self.reward_of(d, p)));
        }
    }

    /// Plays on with the rollout policy to the end of turn `root_turn +
    /// rollout_turns` (or a later turn a whole round of seats after it, if
    /// the tree went past it: the position is always scored after the same
    /// seat's turn, as scores right after one's own turn flatter). A
    /// rollout from the setup stops where the setup ends.
    fn rollout(&mut self, d: &mut G::State, root_turn: u32, moves: &mut Vec<MoveOf<G>>) {
        let round = d.num_players().max(1) as u32;
        let mut stop_at = root_turn + self.config.rollout_turns.max(1);
        while stop_at <= d.turns() {
            stop_at += round;
        }
        let in_setup = G::in_setup(d);
        let mut steps = 0;
        while let Actor::Player(_) = d.current_actor() {
            if d.turns() >= stop_at || steps > 400 || (in_setup && !G::in_setup(d)) {
                break;
            }
            steps += 1;
            d.legal_moves(moves);
            let m = self.rollout_move(d, moves);
            d.apply_legal(m);
        }
    }

    /// The rollout policy's move.
    fn rollout_move(&mut self, d: &G::State, moves: &[MoveOf<G>]) -> MoveOf<G> {
        if moves.len() == 1 {
            return moves[0];
        }
        if let Rollout::Greedy { epsilon } = self.config.rollout
            && !self.rng.random_bool(epsilon)
        {
            return self.greedy.choose(d, moves);
        }
        G::rollout_move(d, moves, &mut self.rng)
    }
}

impl<G: Agents> Agent<G::State> for IsmctsAgent<G> {
    /// Searches, except when there is one legal move or the game's rule of
    /// thumb decides ([`Agents::ruled_move`]).
    fn choose(&mut self, state: &G::State, legal: &[MoveOf<G>]) -> MoveOf<G> {
        if legal.len() == 1 {
            return legal[0];
        }
        if let Some(m) = G::ruled_move(&self.config.heuristic, state, legal) {
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
