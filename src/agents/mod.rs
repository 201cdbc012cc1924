//! Agents that play any game of the engine, and an arena to measure them.
//!
//! Every agent implements [`Agent<State>`](crate::engine::agent::Agent) and
//! sees the game only as its own seat does: the legal moves, what the
//! state shows that seat, and [`Agents::determinize`] for what it cannot
//! see. None reads another seat's hidden cards.
//!
//! What is generic lives here: the search ([`ismcts::IsmctsAgent`],
//! single-observer information-set MCTS for 2 to 6 seats), the arena
//! ([`arena::arena`], agents against each other in every seat), the agent
//! specs and levels ([`AgentSpec`], [`LEVELS`]). What knows a game lives in
//! its module, which implements [`Agents`]: the evaluation of a position
//! and its weights, the greedy agent (one ply on that evaluation, which
//! also gives the search its priors and greedy rollouts), the
//! determinization, the rollout policy and the game's rules of thumb.
//!
//! - `greedy`: the game's greedy agent ([`Agents::greedy`]).
//! - `ismcts` ([`ismcts::IsmctsAgent`]): 2000 iterations per decision by
//!   default, short rollouts cut off by the game's evaluation.
//! - `random` ([`RandomAgent`]): uniform among the legal moves.
//!
//! [`make_agent`] builds any of them from a short spec such as `"ismcts:500"`
//! and [`arena::arena`] plays many seeded games between specs.

pub mod arena;
pub mod ismcts;
pub mod one_ply;

use std::fmt;
use std::path::Path;

use crate::diag::Diagnostic;
use crate::engine::agent::{Agent, RandomAgent};
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Game, GameState};
use crate::load::GameDir;

pub use arena::{ArenaReport, arena};
pub use ismcts::{IsmctsAgent, IsmctsConfig, MoveStats, Rollout};
pub use one_ply::OnePly;

/// The agent specs [`make_agent`] accepts, for help texts.
pub const AGENT_SPECS: &str = "random, greedy, ismcts (default budget: 2000 iterations), \
ismcts:N (N iterations per decision, e.g. ismcts:500), \
ismcts:Nms (N milliseconds per decision, e.g. ismcts:200ms), \
the levels easy, normal, hard, \
optionally with search options: ismcts:2000,c=0.7,turns=1,scale=2,rollout=greedy,eps=0.1, \
and for greedy and ismcts weights=FILE (a weights file like the agents/greedy.ron of a rules folder)";

/// The levels of `ludus play --ai`, as agent specs (docs/play.md).
pub const LEVELS: [(&str, &str); 3] = [
    ("easy", "greedy"),
    ("normal", "ismcts:2000"),
    ("hard", "ismcts:10000"),
];

/// The level `ludus play` plays at when `--ai` is not given.
pub const DEFAULT_LEVEL: &str = "normal";

/// A move of game `G`.
pub type MoveOf<G> = <<G as Game>::State as GameState>::Move;

/// What the agents need of a game, implemented by its module.
///
/// - Its evaluation: [`Agents::Weights`] (read from the rules folder's
///   `agents/greedy.ron` or a file) and [`Agents::evaluate`], a position's
///   worth for one seat in points, from what that seat can see.
/// - Its greedy agent ([`Agents::Greedy`]): one ply on the evaluation; the
///   search takes its one-step move values as priors and its moves in
///   greedy rollouts.
/// - What the search needs besides: [`Agents::determinize`] (everything a
///   seat cannot see redrawn), the random rollout policy, the game's rules
///   of thumb (moves the search leaves out, moves made without search),
///   a key per move.
///
/// The search and the arena are generic over it: a game with 2 to 6 seats
/// gets `greedy`, `ismcts` and the levels by implementing it.
pub trait Agents: Game {
    /// The weights of the game's evaluation; `Default` is the built-in set.
    type Weights: Clone + PartialEq + Default + fmt::Debug + Send + Sync + 'static;
    /// The game's greedy agent.
    type Greedy: Greedy<Self::State> + 'static;

    /// The weights a rules folder gives (its `agents/greedy.ron`).
    fn weights_in(dir: &GameDir) -> Result<Self::Weights, Diagnostic>;
    /// The weights a file gives (`weights=FILE`).
    fn weights_from_file(path: &Path) -> Result<Self::Weights, Diagnostic>;

    /// The greedy agent on `w`, its random stream seeded by `seed`.
    fn greedy_agent(w: &Self::Weights, seed: u64) -> Self::Greedy;

    /// The worth of `s` for `seat`, in points: its expected final margin
    /// over the others, as `seat` can estimate it (the true margin, with
    /// the tie-break, once the game is over). Larger is better for `seat`.
    fn evaluate(w: &Self::Weights, s: &Self::State, seat: usize) -> f64;

    /// A copy of `s` in which everything `seat` cannot see (the other
    /// seats' hidden cards, the order of the draw piles, future chance)
    /// is redrawn from `rng`, consistently with what it can see, and
    /// which records no event log.
    fn determinize(s: &Self::State, seat: usize, rng: &mut AgentRng) -> Self::State;

    /// `s` as the search starts from it: a copy without what it does not
    /// need (an event log), so that each determinization copies less.
    fn search_root(s: &Self::State) -> Self::State {
        s.clone()
    }

    /// The random rollout policy's move among `legal` (more than one);
    /// by default uniform.
    fn rollout_move(_s: &Self::State, legal: &[MoveOf<Self>], rng: &mut AgentRng) -> MoveOf<Self> {
        legal[seed::below(rng, legal.len())]
    }

    /// The moves among `legal` that the search considers, when the game's
    /// rule of thumb leaves some out (`None`: all of them); by default
    /// all of them.
    fn considered(
        _w: &Self::Weights,
        _s: &Self::State,
        _legal: &[MoveOf<Self>],
    ) -> Option<Vec<MoveOf<Self>>> {
        None
    }

    /// The move the game's rule of thumb makes without search or scoring,
    /// if any (`legal` has two moves or more); by default none.
    fn ruled_move(
        _w: &Self::Weights,
        _s: &Self::State,
        _legal: &[MoveOf<Self>],
    ) -> Option<MoveOf<Self>> {
        None
    }

    /// A number that tells `m` from every other move of the game, below
    /// 2^60; the search orders a node's children by it.
    fn move_key(m: MoveOf<Self>) -> u64;

    /// The greedy agent on `w`, boxed.
    fn greedy(w: &Self::Weights, seed: u64) -> Box<dyn Agent<Self::State>> {
        Box::new(Self::greedy_agent(w, seed))
    }

    /// The search agent with `config`, seeded by `seed`.
    fn ismcts(config: &IsmctsConfig<Self::Weights>, seed: u64) -> Box<dyn Agent<Self::State>> {
        Box::new(IsmctsAgent::<Self>::new(config.clone(), seed))
    }
}

/// A game's greedy agent, as the search uses it.
pub trait Greedy<S: GameState>: Agent<S> {
    /// Each move of `legal` scored for the player to act in `s`, in the
    /// order of `legal` (higher is better, in points; minus infinity for
    /// a move the agent never makes).
    fn scores(&mut self, s: &S, legal: &[S::Move]) -> Vec<f64>;
}

/// The agent `hint` asks when no AI plays (hot seat): the default level.
pub fn hint_agent<G: Agents>() -> AgentSpec<G> {
    AgentSpec::parse(DEFAULT_LEVEL).unwrap_or(AgentSpec::Greedy)
}

/// A parsed agent spec.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSpec<G: Agents> {
    Random,
    /// The greedy agent with the built-in weights.
    Greedy,
    /// The greedy agent with weights read from a file.
    GreedyWith(Box<G::Weights>),
    Ismcts(Box<IsmctsConfig<G::Weights>>),
}

impl<G: Agents> AgentSpec<G> {
    /// Like [`AgentSpec::parse`], with the evaluation's weights of the rules
    /// directory `dir` (its `agents/greedy.ron`) where the spec names no
    /// `weights=FILE`: an edit of that file reaches every agent that uses
    /// the evaluation.
    pub fn parse_in(spec: &str, dir: &GameDir) -> Result<AgentSpec<G>, String> {
        let rules_weights = G::weights_in(dir).map_err(|d| d.to_string())?;
        Ok(AgentSpec::parse(spec)?.with_weights(rules_weights))
    }

    /// [`AgentSpec::parse_in`] when the rules directory is known, else
    /// [`AgentSpec::parse`].
    pub fn parse_maybe_in(spec: &str, dir: Option<&GameDir>) -> Result<AgentSpec<G>, String> {
        match dir {
            Some(d) => AgentSpec::parse_in(spec, d),
            None => AgentSpec::parse(spec),
        }
    }

    /// This spec with `h` for the weights it would take built in.
    fn with_weights(self, h: G::Weights) -> AgentSpec<G> {
        if h == G::Weights::default() {
            return self;
        }
        match self {
            AgentSpec::Greedy => AgentSpec::GreedyWith(Box::new(h)),
            AgentSpec::Ismcts(mut c) if c.heuristic == G::Weights::default() => {
                c.heuristic = h;
                AgentSpec::Ismcts(c)
            }
            other => other,
        }
    }

    /// Reads `"random"`, `"greedy"`, `"ismcts"`, `"ismcts:500"` (iterations)
    /// or `"ismcts:200ms"` (time per decision), or a level (`"easy"`,
    /// `"normal"`, `"hard"`: [`LEVELS`]), optionally followed by
    /// search options for `ismcts`: `,c=0.7` (exploration), `,turns=1`
    /// (rollout length in turn ends), `,scale=2` (reward scale in points),
    /// `,rollout=random|greedy` and `,eps=0.1` (greedy rollouts' share of
    /// random moves), `,priors=on|off`, `,pw=F` (progressive widening),
    /// `,bias=F` (progressive bias), `,margin=F` (share of the margin in
    /// the reward); and for `greedy` and `ismcts`, `,weights=FILE` (the
    /// evaluation's weights, [`Agents::weights_from_file`]).
    pub fn parse(spec: &str) -> Result<AgentSpec<G>, String> {
        let spec = spec.trim();
        if let Some((_, s)) = LEVELS.iter().find(|(l, _)| l.eq_ignore_ascii_case(spec)) {
            return AgentSpec::parse(s);
        }
        let mut parts = spec.split(',');
        let head = parts.next().unwrap_or("").trim();
        let (name, budget) = match head.split_once(':') {
            Some((n, b)) => (n.trim(), Some(b.trim())),
            None => (head, None),
        };
        let bad = |why: &str| -> Result<AgentSpec<G>, String> {
            Err(format!(
                "invalid agent \"{spec}\": {why}; valid agents: {AGENT_SPECS}"
            ))
        };
        let mut options: Vec<&str> = parts.map(str::trim).collect();
        // `weights=FILE`, for greedy and ismcts.
        let mut weights = None;
        if let Some(i) = options.iter().position(|o| o.starts_with("weights=")) {
            let path = options.remove(i)["weights=".len()..].trim();
            weights = Some(G::weights_from_file(Path::new(path)).map_err(|d| d.to_string())?);
        }
        let mut config = match (name.to_ascii_lowercase().as_str(), budget) {
            ("random" | "greedy", Some(_)) => return bad("this agent takes no budget"),
            ("random", None) if !options.is_empty() || weights.is_some() => {
                return bad("this agent takes no options");
            }
            ("greedy", None) if !options.is_empty() => {
                return bad("this agent takes no options but weights=FILE");
            }
            ("random", None) => return Ok(AgentSpec::Random),
            ("greedy", None) => {
                return Ok(match weights {
                    Some(h) => AgentSpec::GreedyWith(Box::new(h)),
                    None => AgentSpec::Greedy,
                });
            }
            ("ismcts", None) => IsmctsConfig::<G::Weights>::default(),
            ("ismcts", Some(b)) => {
                let (digits, ms) = match b.strip_suffix("ms") {
                    Some(d) => (d.trim(), true),
                    None => (b, false),
                };
                match digits.parse::<u64>() {
                    Ok(n) if n > 0 && ms => IsmctsConfig::with_millis(n),
                    Ok(n) if n > 0 => IsmctsConfig::with_iterations(n.min(u32::MAX as u64) as u32),
                    _ => {
                        return bad(
                            "the budget must be a positive number of iterations or milliseconds (\"500\", \"200ms\")",
                        );
                    }
                }
            }
            _ => return bad("unknown agent"),
        };
        for opt in options {
            let Some((k, v)) = opt.split_once('=') else {
                return bad(&format!("option \"{opt}\" is not key=value"));
            };
            let num = |v: &str| {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
            };
            match (k.trim(), v.trim()) {
                ("c", v) if num(v).is_some() => config.exploration = num(v).unwrap_or(0.0),
                ("scale", v) if num(v).is_some_and(|x| x > 0.0) => {
                    config.reward_scale = num(v).unwrap_or(1.0)
                }
                ("turns", v) if v.parse::<u32>().is_ok() => {
                    config.rollout_turns = v.parse().unwrap_or(0)
                }
                ("margin", v) if num(v).is_some_and(|x| x <= 1.0) => {
                    config.margin_weight = num(v).unwrap_or(0.0)
                }
                ("pw", v) if num(v).is_some() => config.widening = num(v).unwrap_or(0.0),
                ("bias", v) if num(v).is_some() => config.prior_bias = num(v).unwrap_or(0.0),
                ("priors", "on") => config.priors = true,
                ("priors", "off") => config.priors = false,
                ("rollout", "random") => config.rollout = Rollout::Random,
                ("rollout", "greedy") => {
                    if !matches!(config.rollout, Rollout::Greedy { .. }) {
                        config.rollout = Rollout::Greedy { epsilon: 0.1 };
                    }
                }
                ("eps", v) if num(v).is_some_and(|x| x <= 1.0) => {
                    config.rollout = Rollout::Greedy {
                        epsilon: num(v).unwrap_or(0.0),
                    }
                }
                _ => {
                    return bad(&format!(
                        "unknown or invalid option \"{opt}\" (options: c=F, turns=N, scale=F, rollout=random|greedy, eps=F, priors=on|off, pw=F, bias=F, margin=F, weights=FILE)"
                    ));
                }
            }
        }
        if let Some(h) = weights {
            config.heuristic = h;
        }
        Ok(AgentSpec::Ismcts(Box::new(config)))
    }

    /// The agent, with its random stream seeded by `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Agent<G::State>> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy => G::greedy(&G::Weights::default(), seed),
            AgentSpec::GreedyWith(h) => G::greedy(h, seed),
            AgentSpec::Ismcts(c) => G::ismcts(c, seed),
        }
    }
}

/// Builds an agent from its spec (see [`AGENT_SPECS`]), seeded with `seed`.
/// An unknown spec is an error that lists the valid ones.
pub fn make_agent<G: Agents>(spec: &str, seed: u64) -> Result<Box<dyn Agent<G::State>>, String> {
    AgentSpec::<G>::parse(spec).map(|s| s.build(seed))
}
