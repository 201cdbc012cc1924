//! Many seeded games between agents, to measure them, for 2 to 6 seats.
//!
//! The agents are *sides*: either one spec per seat, or two specs, A in
//! one seat and B in all the others. The seats rotate from game to game,
//! so that each side sits in each seat equally often (exactly, when the
//! number of games is a multiple of the number of seats): in game `i`,
//! the seat `p` is taken by the `(p - i) mod seats`-th entry of the
//! lineup (A, B, C... or A, B, B...). With two seats: A in seat 0 (who
//! starts) when `i` is even, in seat 1 when it is odd.
//!
//! Game `i` of a run seeded `S`: the state is seeded `derive(S, i, 0)` and
//! the agent in seat `p` `derive(S, i, 1 + p)`. Results are integer sums
//! over games, so they do not depend on the number of threads (timings
//! do). Agents with a time budget (`ismcts:200ms`) decide differently on
//! a busier machine; iteration budgets do not.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::{AgentSpec, Agents};
use crate::engine::seed::derive;
use crate::engine::{Actor, GameState, MAX_SEATS, Scored};
use crate::load::GameDir;

/// Wilson score interval at 95% (the report's, re-exported for arena users).
pub use crate::stats::wilson95;

/// Per side, per seat.
type PerSeat = [[u64; MAX_SEATS]; MAX_SEATS];

/// Sums over finished games (order-independent, so mergeable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Totals {
    games: u64,
    draws: u64,
    turns: u64,
    /// The longest game's turns.
    max_turns: u64,
    /// Per side: games won.
    wins: [u64; MAX_SEATS],
    /// Per side and seat: games won holding that seat, games holding it.
    wins_as: PerSeat,
    games_as: PerSeat,
    /// Per side: the sum of its best score minus the best score of the
    /// other sides.
    margin: [i64; MAX_SEATS],
    /// Per side: decisions with two or more legal moves, their time in
    /// ns, the longest one.
    decisions: [u64; MAX_SEATS],
    nanos: [u64; MAX_SEATS],
    max_nanos: [u64; MAX_SEATS],
}

impl Totals {
    fn merge(mut self, o: Totals) -> Totals {
        self.games += o.games;
        self.draws += o.draws;
        self.turns += o.turns;
        self.max_turns = self.max_turns.max(o.max_turns);
        for i in 0..MAX_SEATS {
            self.wins[i] += o.wins[i];
            self.margin[i] += o.margin[i];
            self.decisions[i] += o.decisions[i];
            self.nanos[i] += o.nanos[i];
            self.max_nanos[i] = self.max_nanos[i].max(o.max_nanos[i]);
            for p in 0..MAX_SEATS {
                self.wins_as[i][p] += o.wins_as[i][p];
                self.games_as[i][p] += o.games_as[i][p];
            }
        }
        self
    }
}

/// The results of one side of an arena run.
#[derive(Debug, Clone, PartialEq)]
pub struct SideReport {
    /// The side's agent spec.
    pub spec: String,
    /// The seats it holds in each game (1, or all but one for B when two
    /// specs play more than two seats).
    pub seats_per_game: usize,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate (draws count as non-wins).
    pub win_ci95: (f64, f64),
    /// Per seat: the win rate in the games in which the side held it.
    pub win_rate_by_seat: Vec<f64>,
    /// Mean of its best final score minus the best of the other sides.
    pub mean_margin: f64,
    /// Mean time per decision, in milliseconds. Only decisions with two
    /// or more legal moves count: a forced move is played without asking
    /// the agent.
    pub ms_per_decision: f64,
    /// The longest such decision, in milliseconds.
    pub max_ms: f64,
    /// Decisions with two or more legal moves, per game.
    pub decisions_per_game: f64,
}

/// The result of an arena run.
#[derive(Debug, Clone)]
pub struct ArenaReport {
    /// The seats' names, in seat order.
    pub seat_ids: Vec<String>,
    pub games: u64,
    /// Games without a winner.
    pub draws: u64,
    pub draw_rate: f64,
    /// The sides, in the order their specs were given (A, B, ...).
    pub sides: Vec<SideReport>,
    pub mean_turns: f64,
    /// The longest game's turns (a game stopped at a cap is long).
    pub max_turns: u64,
    pub seed: u64,
    pub threads: usize,
    pub seconds: f64,
}

/// Who plays which seats: `lineup[j]` is the side in seat `j` of game 0.
struct Lineup {
    sides: usize,
    lineup: Vec<usize>,
}

impl Lineup {
    /// One side per seat, or two sides (A in one seat, B in the others).
    fn new(sides: usize, seats: usize) -> Result<Lineup, String> {
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "the arena plays games of 2 to {MAX_SEATS} seats, not {seats}"
            ));
        }
        let lineup = if sides == seats {
            (0..seats).collect()
        } else if sides == 2 {
            (0..seats).map(|j| usize::from(j > 0)).collect()
        } else {
            return Err(format!(
                "{sides} agents for a game of {seats} seats: give 2 (A in one seat, B in the others) or {seats} (one per seat)"
            ));
        };
        Ok(Lineup { sides, lineup })
    }

    /// The side in seat `p` of game `index`.
    fn side(&self, index: u64, p: usize) -> usize {
        let n = self.lineup.len();
        self.lineup[(p + n - (index % n as u64) as usize) % n]
    }
}

/// Plays game `index` of a run (see the module documentation).
fn play_game<G: Agents>(
    rules: &Arc<G::Rules>,
    specs: &[AgentSpec<G>],
    lineup: &Lineup,
    seed: u64,
    index: u64,
) -> Totals {
    let seats = lineup.lineup.len();
    let side = |p: usize| lineup.side(index, p);
    let mut state = G::new_state(rules, derive(seed, index, 0), false);
    let mut agents: Vec<_> = (0..seats)
        .map(|p| specs[side(p)].build(derive(seed, index, 1 + p as u64)))
        .collect();
    let mut t = Totals {
        games: 1,
        ..Totals::default()
    };
    let mut legal = Vec::with_capacity(64);
    while let Actor::Player(p) = state.current_actor() {
        state.legal_moves(&mut legal);
        let m = if legal.len() == 1 {
            legal[0]
        } else {
            let start = Instant::now();
            let m = agents[p].choose(&state, &legal);
            let ns = start.elapsed().as_nanos() as u64;
            let w = side(p);
            t.decisions[w] += 1;
            t.nanos[w] += ns;
            t.max_nanos[w] = t.max_nanos[w].max(ns);
            m
        };
        state.apply_legal(m);
    }
    let scores = state.scores();
    let best_of = |of_side: &dyn Fn(usize) -> bool| {
        (0..seats.min(scores.len()))
            .filter(|&p| of_side(side(p)))
            .map(|p| scores[p] as i64)
            .max()
    };
    for s in 0..lineup.sides {
        if let (Some(mine), Some(theirs)) = (best_of(&|x| x == s), best_of(&|x| x != s)) {
            t.margin[s] = mine - theirs;
        }
    }
    for p in 0..seats {
        t.games_as[side(p)][p] = 1;
    }
    t.turns = state.turns() as u64;
    t.max_turns = t.turns;
    match state.winner() {
        Some(w) if w < seats => {
            t.wins[side(w)] = 1;
            t.wins_as[side(w)][w] = 1;
        }
        _ => t.draws = 1,
    }
    t
}

/// Plays `games` games between the agents `specs` (as for
/// [`super::make_agent`]: one per seat, or two) on `threads` threads (0:
/// all cores), rotating seats; see the module documentation.
pub fn arena<G: Agents>(
    rules: Arc<G::Rules>,
    specs: &[&str],
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, String> {
    arena_in::<G>(rules, None, specs, games, seed, threads)
}

/// Like [`arena`], with the evaluation's weights of the rules directory
/// `dir` (`AgentSpec::parse_in`).
pub fn arena_in<G: Agents>(
    rules: Arc<G::Rules>,
    dir: Option<&GameDir>,
    specs: &[&str],
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, String> {
    let parsed = specs
        .iter()
        .map(|s| AgentSpec::<G>::parse_maybe_in(s, dir))
        .collect::<Result<Vec<_>, _>>()?;
    let lineup = Lineup::new(parsed.len(), G::seats(&rules))?;
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let threads = pool.current_num_threads();
    let totals = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| play_game(&rules, &parsed, &lineup, seed, i))
            .reduce(Totals::default, Totals::merge)
    });
    let seat_ids = G::new_state(&rules, seed, false).seat_ids();
    let n = totals.games.max(1) as f64;
    let rate = |k: u64, n: u64| k as f64 / n.max(1) as f64;
    let sides = specs
        .iter()
        .enumerate()
        .map(|(s, spec)| SideReport {
            spec: spec.to_string(),
            seats_per_game: lineup.lineup.iter().filter(|&&x| x == s).count(),
            wins: totals.wins[s],
            win_rate: rate(totals.wins[s], totals.games),
            win_ci95: wilson95(totals.wins[s], totals.games),
            win_rate_by_seat: (0..lineup.lineup.len())
                .map(|p| rate(totals.wins_as[s][p], totals.games_as[s][p]))
                .collect(),
            mean_margin: totals.margin[s] as f64 / n,
            ms_per_decision: totals.nanos[s] as f64 / 1e6 / totals.decisions[s].max(1) as f64,
            max_ms: totals.max_nanos[s] as f64 / 1e6,
            decisions_per_game: totals.decisions[s] as f64 / n,
        })
        .collect();
    Ok(ArenaReport {
        seat_ids,
        games: totals.games,
        draws: totals.draws,
        draw_rate: rate(totals.draws, totals.games),
        sides,
        mean_turns: totals.turns as f64 / n,
        max_turns: totals.max_turns,
        seed,
        threads,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The letter of side `s` in reports: A, B, C...
fn letter(s: usize) -> char {
    (b'A' + s as u8) as char
}

impl ArenaReport {
    /// The report as one JSON object: `seats`, `sides` (one object per
    /// side, with its win rate, interval, win rate per seat, margin and
    /// time per decision), and with two sides the same figures as flat
    /// `a_*`/`b_*` keys. Timing fields (`*_ms*`, `seconds`) depend on the
    /// machine; the rest only on the seed, the rules and the agents (for
    /// iteration budgets).
    pub fn to_json(&self) -> serde_json::Value {
        let sides: Vec<_> = self
            .sides
            .iter()
            .map(|s| {
                serde_json::json!({
                    "spec": s.spec,
                    "seats_per_game": s.seats_per_game,
                    "wins": s.wins,
                    "win_rate": s.win_rate,
                    "win_ci95": [s.win_ci95.0, s.win_ci95.1],
                    "win_rate_by_seat": s.win_rate_by_seat,
                    "mean_margin": s.mean_margin,
                    "ms_per_decision": s.ms_per_decision,
                    "max_ms": s.max_ms,
                    "decisions_per_game": s.decisions_per_game,
                })
            })
            .collect();
        let mut j = serde_json::json!({
            "games": self.games,
            "draws": self.draws,
            "draw_rate": self.draw_rate,
            "mean_turns": self.mean_turns,
            "max_turns": self.max_turns,
            "seats": self.seat_ids,
            "sides": sides,
            "seed": self.seed,
            "threads": self.threads,
            "seconds": self.seconds,
        });
        if let ([a, b], Some(o)) = (&self.sides[..], j.as_object_mut()) {
            let flat = serde_json::json!({
                "a": a.spec,
                "b": b.spec,
                "a_wins": a.wins,
                "b_wins": b.wins,
                "a_win_rate": a.win_rate,
                "b_win_rate": b.win_rate,
                "a_win_ci95": [a.win_ci95.0, a.win_ci95.1],
                "a_win_rate_by_seat": a.win_rate_by_seat,
                "mean_margin": a.mean_margin,
                "a_ms_per_decision": a.ms_per_decision,
                "b_ms_per_decision": b.ms_per_decision,
                "a_max_ms": a.max_ms,
                "b_max_ms": b.max_ms,
                "a_decisions_per_game": a.decisions_per_game,
                "b_decisions_per_game": b.decisions_per_game,
            });
            if let serde_json::Value::Object(flat) = flat {
                o.extend(flat);
            }
        }
        j
    }

    pub fn to_text(&self) -> String {
        let pct = |x: f64| 100.0 * x;
        let names: Vec<String> = (self.sides.iter().enumerate())
            .map(|(s, side)| format!("{} = {}", letter(s), side.spec))
            .collect();
        let mut o = format!(
            "{} games, {} (seed {}, {} thread(s), {:.1} s)\n",
            self.games,
            names.join(", "),
            self.seed,
            self.threads,
            self.seconds
        );
        for (s, side) in self.sides.iter().enumerate() {
            let by_seat: Vec<String> = (side.win_rate_by_seat.iter().enumerate())
                .map(|(p, r)| format!("{} {:.1}%", self.seat_name(p), pct(*r)))
                .collect();
            o += &format!(
                "{} wins {:>5.1}%  (95% CI {:.1}-{:.1}%; by seat: {})\n",
                letter(s),
                pct(side.win_rate),
                pct(side.win_ci95.0),
                pct(side.win_ci95.1),
                by_seat.join(", ")
            );
        }
        o += &format!("draws  {:>5.1}%\n", pct(self.draw_rate));
        let margins: Vec<String> = (self.sides.iter().enumerate())
            .map(|(s, side)| format!("{} {:+.2}", letter(s), side.mean_margin))
            .collect();
        o += &format!(
            "mean margin (over the best other side) {} points, mean turns {:.1}\n",
            margins.join(", "),
            self.mean_turns
        );
        let times: Vec<String> = (self.sides.iter().enumerate())
            .map(|(s, side)| {
                format!(
                    "{} {:.2} ms (max {:.0} ms, {:.0} per game)",
                    letter(s),
                    side.ms_per_decision,
                    side.max_ms,
                    side.decisions_per_game
                )
            })
            .collect();
        o += &format!("time per decision (2+ legal moves): {}\n", times.join(", "));
        o
    }

    /// Seat `p`'s name, or its number from 1.
    fn seat_name(&self, p: usize) -> String {
        self.seat_ids
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", p + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_holds_each_seat_equally_often() {
        for seats in 2..=MAX_SEATS {
            for sides in [2, seats] {
                let l = Lineup::new(sides, seats).unwrap();
                let mut held = [[0u32; MAX_SEATS]; MAX_SEATS];
                for game in 0..2 * seats as u64 {
                    for p in 0..seats {
                        held[l.side(game, p)][p] += 1;
                    }
                }
                for (s, row) in held.iter().enumerate().take(sides) {
                    let per_game = l.lineup.iter().filter(|&&x| x == s).count() as u32;
                    for &n in &row[..seats] {
                        assert_eq!(n, 2 * per_game, "{sides} sides, {seats} seats");
                    }
                }
            }
        }
        // Two seats: A starts in the even games.
        let l = Lineup::new(2, 2).unwrap();
        assert_eq!([l.side(0, 0), l.side(1, 0), l.side(2, 0)], [0, 1, 0]);
        assert!(Lineup::new(3, 4).is_err() && Lineup::new(2, 1).is_err());
        assert!(Lineup::new(7, 7).is_err());
    }
}
