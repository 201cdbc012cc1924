//! Many seeded games between two agents, to measure them.
//!
//! Game `i` of a run seeded `S`: the state is seeded `derive(S, i, 0)` and
//! the agent in seat `p` `derive(S, i, 1 + p)`; agent A sits in seat 0
//! (Cleopatra, who starts) when `i` is even and in seat 1 when it is odd.
//! Results are integer sums over games, so they do not depend on the number
//! of threads (timings do). Agents with a time budget (`ismcts:200ms`)
//! decide differently on a busier machine; iteration budgets do not.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

type AgentSpec = super::AgentSpec<crate::games::caesar_cleopatra::CaesarCleopatra>;
use crate::engine::seed::derive;
use crate::engine::{Actor, GameState};
use crate::games::caesar_cleopatra::{Rules, State};

/// Sums over finished games (order-independent, so mergeable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Totals {
    games: u64,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
    /// A's wins when A is in seat 0 / seat 1.
    a_wins_as: [u64; 2],
    games_as: [u64; 2],
    /// Sum of A's points minus B's.
    margin: i64,
    turns: u64,
    /// Decisions with two or more legal moves, and their time in ns.
    decisions: [u64; 2],
    nanos: [u64; 2],
    /// The longest such decision, in ns.
    max_nanos: [u64; 2],
}

impl Totals {
    fn merge(mut self, o: Totals) -> Totals {
        self.games += o.games;
        self.a_wins += o.a_wins;
        self.b_wins += o.b_wins;
        self.draws += o.draws;
        self.margin += o.margin;
        self.turns += o.turns;
        for i in 0..2 {
            self.a_wins_as[i] += o.a_wins_as[i];
            self.games_as[i] += o.games_as[i];
            self.decisions[i] += o.decisions[i];
            self.nanos[i] += o.nanos[i];
            self.max_nanos[i] = self.max_nanos[i].max(o.max_nanos[i]);
        }
        self
    }
}

/// The result of an arena run between agents A and B.
#[derive(Debug, Clone)]
pub struct ArenaReport {
    /// The agents' specs.
    pub a: String,
    pub b: String,
    pub games: u64,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    pub a_win_rate: f64,
    pub b_win_rate: f64,
    pub draw_rate: f64,
    /// 95% Wilson score interval of A's win rate (draws count as non-wins).
    pub a_win_ci95: (f64, f64),
    /// A's win rate when A plays seat 0 (Cleopatra, first) and seat 1.
    pub a_win_rate_by_seat: [f64; 2],
    /// Mean final score of A minus B.
    pub mean_margin: f64,
    pub mean_turns: f64,
    /// Mean time A (B) took per decision, in milliseconds. Only decisions
    /// with two or more legal moves count: a forced move is played without
    /// asking the agent.
    pub a_ms_per_decision: f64,
    pub b_ms_per_decision: f64,
    /// The longest such decision of A (B), in milliseconds.
    pub a_max_ms: f64,
    pub b_max_ms: f64,
    /// Decisions with two or more legal moves, per game, of A (B).
    pub a_decisions_per_game: f64,
    pub b_decisions_per_game: f64,
    pub seed: u64,
    pub threads: usize,
    pub seconds: f64,
}

/// Wilson score interval at 95% (the report's, re-exported for arena users).
pub use crate::report::stats::wilson95;

/// Plays game `index` of a run: A in seat 0 if `index` is even.
fn play_game(rules: &Arc<Rules>, a: &AgentSpec, b: &AgentSpec, seed: u64, index: u64) -> Totals {
    let a_seat = (index % 2) as usize;
    let mut state = State::with_log(rules.clone(), derive(seed, index, 0), false);
    let mut agents = [0usize, 1].map(|seat| {
        let spec = if seat == a_seat { a } else { b };
        spec.build(derive(seed, index, 1 + seat as u64))
    });
    let mut t = Totals {
        games: 1,
        ..Totals::default()
    };
    // Index 0 is A, 1 is B.
    let who = |seat: usize| usize::from(seat != a_seat);
    let mut legal = Vec::with_capacity(64);
    while let Actor::Player(p) = state.current_actor() {
        state.legal_moves(&mut legal);
        let m = if legal.len() == 1 {
            legal[0]
        } else {
            let start = Instant::now();
            let m = agents[p].choose(&state, &legal);
            let ns = start.elapsed().as_nanos() as u64;
            let w = who(p);
            t.decisions[w] += 1;
            t.nanos[w] += ns;
            t.max_nanos[w] = t.max_nanos[w].max(ns);
            m
        };
        state.apply_legal(m);
    }
    let sc = state.score();
    t.margin = sc[a_seat] as i64 - sc[1 - a_seat] as i64;
    t.turns = state.turns() as u64;
    t.games_as[a_seat] = 1;
    match state.leader() {
        Some(w) if w == a_seat => {
            t.a_wins = 1;
            t.a_wins_as[a_seat] = 1;
        }
        Some(_) => t.b_wins = 1,
        None => t.draws = 1,
    }
    t
}

/// Plays `games` games between the agents `a` and `b` (specs as for
/// [`super::make_agent`]) on `threads` threads (0: all cores), alternating
/// seats; see the module documentation for the seeding.
pub fn arena(
    rules: Arc<Rules>,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, String> {
    arena_in(rules, None, [a, b], games, seed, threads)
}

/// Like [`arena`], with the evaluation's weights of the rules directory
/// `dir` (`AgentSpec::parse_in`).
pub fn arena_in(
    rules: Arc<Rules>,
    dir: Option<&crate::load::GameDir>,
    [a, b]: [&str; 2],
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, String> {
    let spec_a = AgentSpec::parse_maybe_in(a, dir)?;
    let spec_b = AgentSpec::parse_maybe_in(b, dir)?;
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let threads = pool.current_num_threads();
    let totals = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| play_game(&rules, &spec_a, &spec_b, seed, i))
            .reduce(Totals::default, Totals::merge)
    });
    let n = totals.games.max(1) as f64;
    let rate = |k: u64, n: u64| k as f64 / n.max(1) as f64;
    let ms = |i: usize| totals.nanos[i] as f64 / 1e6 / totals.decisions[i].max(1) as f64;
    Ok(ArenaReport {
        a: a.to_string(),
        b: b.to_string(),
        games: totals.games,
        a_wins: totals.a_wins,
        b_wins: totals.b_wins,
        draws: totals.draws,
        a_win_rate: rate(totals.a_wins, totals.games),
        b_win_rate: rate(totals.b_wins, totals.games),
        draw_rate: rate(totals.draws, totals.games),
        a_win_ci95: wilson95(totals.a_wins, totals.games),
        a_win_rate_by_seat: [
            rate(totals.a_wins_as[0], totals.games_as[0]),
            rate(totals.a_wins_as[1], totals.games_as[1]),
        ],
        mean_margin: totals.margin as f64 / n,
        mean_turns: totals.turns as f64 / n,
        a_ms_per_decision: ms(0),
        b_ms_per_decision: ms(1),
        a_max_ms: totals.max_nanos[0] as f64 / 1e6,
        b_max_ms: totals.max_nanos[1] as f64 / 1e6,
        a_decisions_per_game: totals.decisions[0] as f64 / n,
        b_decisions_per_game: totals.decisions[1] as f64 / n,
        seed,
        threads,
        seconds: start.elapsed().as_secs_f64(),
    })
}

impl ArenaReport {
    /// The report as one JSON object. Timing fields (`*_ms_*`, `seconds`)
    /// depend on the machine; the rest only on the seed, the rules and the
    /// agents (for iteration budgets).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_win_rate": self.a_win_rate,
            "b_win_rate": self.b_win_rate,
            "draw_rate": self.draw_rate,
            "a_win_ci95": [self.a_win_ci95.0, self.a_win_ci95.1],
            "a_win_rate_by_seat": self.a_win_rate_by_seat,
            "mean_margin": self.mean_margin,
            "mean_turns": self.mean_turns,
            "a_ms_per_decision": self.a_ms_per_decision,
            "b_ms_per_decision": self.b_ms_per_decision,
            "a_max_ms": self.a_max_ms,
            "b_max_ms": self.b_max_ms,
            "a_decisions_per_game": self.a_decisions_per_game,
            "b_decisions_per_game": self.b_decisions_per_game,
            "seed": self.seed,
            "threads": self.threads,
            "seconds": self.seconds,
        })
    }

    pub fn to_text(&self) -> String {
        let pct = |x: f64| 100.0 * x;
        let mut o = format!(
            "{} games, A = {}, B = {} (seed {}, {} thread(s), {:.1} s)\n",
            self.games, self.a, self.b, self.seed, self.threads, self.seconds
        );
        o += &format!(
            "A wins {:>5.1}%  (95% CI {:.1}-{:.1}%; as first player {:.1}%, as second {:.1}%)\n",
            pct(self.a_win_rate),
            pct(self.a_win_ci95.0),
            pct(self.a_win_ci95.1),
            pct(self.a_win_rate_by_seat[0]),
            pct(self.a_win_rate_by_seat[1])
        );
        o += &format!("B wins {:>5.1}%\n", pct(self.b_win_rate));
        o += &format!("draws  {:>5.1}%\n", pct(self.draw_rate));
        o += &format!(
            "mean margin (A - B) {:+.2} points, mean turns {:.1}\n",
            self.mean_margin, self.mean_turns
        );
        o += &format!(
            "time per decision (2+ legal moves): A {:.2} ms (max {:.0} ms, {:.0} per game), B {:.2} ms (max {:.0} ms, {:.0} per game)\n",
            self.a_ms_per_decision,
            self.a_max_ms,
            self.a_decisions_per_game,
            self.b_ms_per_decision,
            self.b_max_ms,
            self.b_decisions_per_game
        );
        o
    }
}
