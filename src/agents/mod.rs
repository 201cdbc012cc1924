//! Agents that play Caesar & Cleopatra, and an arena to measure them.
//!
//! Every agent implements [`Agent<State>`](crate::engine::agent::Agent) and
//! sees the game only as its own seat does: the legal moves, the public
//! table, its own cards (through the state's accessors), and
//! [`State::resample`] for what it cannot see. None reads the opponent's
//! hand, face-down cards, reserves or missions.
//!
//! - [`greedy::GreedyAgent`]: one ply (plus the rest of its own card
//!   placement or action card), scored by the heuristic
//!   [`greedy::Heuristic`] averaged over a few determinizations.
//! - [`ismcts::IsmctsAgent`]: single-observer information-set Monte Carlo
//!   tree search (Cowling, Powley & Whitehouse 2012) with short rollouts
//!   cut off by the same heuristic; 10000 iterations per decision by default.
//! - `random` ([`RandomAgent`]): uniform among the legal moves.
//!
//! [`make_agent`] builds any of them from a short spec such as `"ismcts:500"`
//! and [`arena::arena`] plays many seeded games between two specs.

pub mod arena;
pub mod greedy;
pub mod heuristic;
pub mod ismcts;

use std::fmt;
use std::path::Path;

use crate::diag::Diagnostic;
use crate::engine::Game;
use crate::engine::agent::{Agent, RandomAgent};
use crate::load::GameDir;

pub use arena::{ArenaReport, arena};
pub use greedy::{GreedyAgent, may_pass};
pub use heuristic::{Evaluator, Heuristic};
pub use ismcts::{IsmctsAgent, IsmctsConfig, MoveStats, Rollout};

/// The agent specs [`make_agent`] accepts, for help texts.
pub const AGENT_SPECS: &str = "random, greedy, ismcts (default budget: 2000 iterations), \
ismcts:N (N iterations per decision, e.g. ismcts:500), \
ismcts:Nms (N milliseconds per decision, e.g. ismcts:200ms), \
the levels easy, normal, hard, \
optionally with search options: ismcts:2000,c=0.7,turns=1,scale=2,rollout=greedy,eps=0.1, \
and for greedy and ismcts weights=FILE (a weights file like rules/caesar_cleopatra/agents/greedy.ron)";

/// The levels of `ludus play --ai`, as agent specs (docs/play.md).
pub const LEVELS: [(&str, &str); 3] = [
    ("easy", "greedy"),
    ("normal", "ismcts:2000"),
    ("hard", "ismcts:10000"),
];

/// The level `ludus play` plays at when `--ai` is not given.
pub const DEFAULT_LEVEL: &str = "normal";

/// What the agents need of a game, implemented by its module: its
/// evaluation's weights (read from the rules folder's `agents/greedy.ron`
/// or a file) and its greedy and search agents.
pub trait Agents: Game {
    /// The weights of the game's evaluation; `Default` is the built-in set.
    type Weights: Clone + PartialEq + Default + fmt::Debug + Send + Sync + 'static;
    /// The weights a rules folder gives (its `agents/greedy.ron`).
    fn weights_in(dir: &GameDir) -> Result<Self::Weights, Diagnostic>;
    /// The weights a file gives (`weights=FILE`).
    fn weights_from_file(path: &Path) -> Result<Self::Weights, Diagnostic>;
    /// The greedy agent on `w`, its random stream seeded by `seed`.
    fn greedy(w: &Self::Weights, seed: u64) -> Box<dyn Agent<Self::State>>;
    /// The search agent with `config`, seeded by `seed`.
    fn ismcts(config: &IsmctsConfig<Self::Weights>, seed: u64) -> Box<dyn Agent<Self::State>>;
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
    /// evaluation's weights, [`Heuristic::from_ron`]).
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
