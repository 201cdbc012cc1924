//! Many seeded games between agents, summed into statistics.
//!
//! Game `i` of a run seeded `S` is seeded from `(S, i)` alone, and the
//! statistics are integer sums, so a run gives identical results on any
//! number of threads.

use std::collections::BTreeMap;
use std::time::Instant;

use rayon::prelude::*;

use crate::engine::agent::{Agent, RandomAgent};
use crate::engine::seed::derive;
use crate::engine::{Actor, Scored};

/// Integer sums over finished games (order-independent, so mergeable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    pub score_sum: [i64; 2],
    pub turns: u64,
    pub max_turns: u64,
    pub moves: u64,
    pub end_reasons: BTreeMap<&'static str, u64>,
}

impl Totals {
    fn add_game<S: Scored>(&mut self, s: &S, moves: u64) {
        self.games += 1;
        match s.winner() {
            Some(w) => self.wins[w] += 1,
            None => self.draws += 1,
        }
        let sc = s.scores();
        self.score_sum[0] += sc[0] as i64;
        self.score_sum[1] += sc[1] as i64;
        let t = s.turns() as u64;
        self.turns += t;
        self.max_turns = self.max_turns.max(t);
        self.moves += moves;
        *self
            .end_reasons
            .entry(s.end_reason().unwrap_or("unfinished"))
            .or_default() += 1;
    }

    pub fn merge(mut self, o: Totals) -> Totals {
        self.games += o.games;
        for i in 0..2 {
            self.wins[i] += o.wins[i];
            self.score_sum[i] += o.score_sum[i];
        }
        self.draws += o.draws;
        self.turns += o.turns;
        self.max_turns = self.max_turns.max(o.max_turns);
        self.moves += o.moves;
        for (k, v) in o.end_reasons {
            *self.end_reasons.entry(k).or_default() += v;
        }
        self
    }

    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
}

/// The summary of a simulation run.
#[derive(Debug, Clone)]
pub struct Summary {
    pub seats: Vec<String>,
    pub totals: Totals,
    pub seconds: f64,
    pub threads: usize,
}

/// Plays one game between random agents to the end.
pub fn play_random<S: Scored>(mut state: S, seed: u64, index: u64) -> (S, u64) {
    let mut agents: Vec<RandomAgent> = (0..state.num_players())
        .map(|p| RandomAgent::new(derive(seed, index, 1 + p as u64)))
        .collect();
    let mut legal = Vec::with_capacity(64);
    let mut moves = 0;
    while let Actor::Player(p) = state.current_actor() {
        state.legal_moves(&mut legal);
        let m = Agent::<S>::choose(&mut agents[p], &state, &legal);
        state.apply_legal(m);
        moves += 1;
    }
    (state, moves)
}

/// Runs `games` random games; `new_game(seed)` builds the initial state.
pub fn simulate<S, F>(games: u64, seed: u64, threads: usize, new_game: F) -> Summary
where
    S: Scored,
    F: Fn(u64) -> S + Sync,
{
    let start = Instant::now();
    let run = || {
        (0..games)
            .into_par_iter()
            .fold(Totals::default, |mut t, i| {
                let (s, moves) = play_random(new_game(derive(seed, i, 0)), seed, i);
                t.add_game(&s, moves);
                t
            })
            .reduce(Totals::default, Totals::merge)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let totals = pool.install(run);
    let seats = if games > 0 {
        new_game(0).seat_ids()
    } else {
        vec![]
    };
    Summary {
        seats,
        totals,
        seconds: start.elapsed().as_secs_f64(),
        threads,
    }
}

impl Summary {
    pub fn games_per_sec(&self) -> f64 {
        self.totals.games as f64 / self.seconds.max(1e-9)
    }

    /// The JSON report: one object. Timing fields are `seconds`,
    /// `games_per_sec` and `turns_per_sec`; everything else depends only on
    /// the seed and the rules.
    pub fn to_json(&self) -> serde_json::Value {
        let t = &self.totals;
        let n = t.games.max(1) as f64;
        let mut win = serde_json::Map::new();
        let mut score = serde_json::Map::new();
        for (i, s) in self.seats.iter().enumerate() {
            win.insert(s.clone(), (t.wins[i] as f64 / n).into());
            score.insert(s.clone(), (t.score_sum[i] as f64 / n).into());
        }
        win.insert("draw".into(), (t.draws as f64 / n).into());
        serde_json::json!({
            "games": t.games,
            "seconds": self.seconds,
            "games_per_sec": self.games_per_sec(),
            "turns_per_sec": t.turns as f64 / self.seconds.max(1e-9),
            "threads": self.threads,
            "mean_turns": t.mean_turns(),
            "max_turns": t.max_turns,
            "mean_moves": t.moves as f64 / n,
            "win_rate": win,
            "mean_score": score,
            "end_reasons": t.end_reasons,
        })
    }

    pub fn to_text(&self) -> String {
        let t = &self.totals;
        let n = t.games.max(1) as f64;
        let mut o = format!(
            "{} games in {:.2} s ({:.0} games/s, {:.0} turns/s, {} thread(s))\n",
            t.games,
            self.seconds,
            self.games_per_sec(),
            t.turns as f64 / self.seconds.max(1e-9),
            self.threads
        );
        for (i, s) in self.seats.iter().enumerate() {
            o += &format!(
                "{:<10} wins {:>5.1}%   mean score {:.2}\n",
                s,
                100.0 * t.wins[i] as f64 / n,
                t.score_sum[i] as f64 / n
            );
        }
        o += &format!("{:<10} {:>10.1}%\n", "draws", 100.0 * t.draws as f64 / n);
        o += &format!(
            "mean turns per game {:.1} (longest {})\n",
            t.mean_turns(),
            t.max_turns
        );
        o += "how games ended:";
        for (k, v) in &t.end_reasons {
            o += &format!(" {} {:.1}%", k.replace('_', " "), 100.0 * *v as f64 / n);
        }
        o.push('\n');
        o
    }
}
