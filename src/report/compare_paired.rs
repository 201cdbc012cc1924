//! `simulate --compare` analysed as pairs: game `i` of every rule set is
//! played from the same seeds, so each set after the first is compared
//! with the first game by game (`stats::paired`: McNemar's test for a
//! rate, the paired t-test for a mean), as `ludus sweep` does. The sets
//! are played together, game by game, into their own totals (the report
//! of each set, as before) and the pairs' sums against the first set
//! (`report::pairs`). A measure that is not one value per game of every
//! game (a ratio, a mean over some games only, a game's own measure that
//! has no per-game column) keeps its unpaired test; a paired test is only
//! taken where its means are the measure's own (checked).

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::Reported;
use super::measures::{Measure, Stat};
use super::pairs::{self as sums, Column, SetSums};
use crate::sim::{RunConfig, Summary, Totals};
use crate::stats::Test;
use crate::stats::paired::mcnemar;

/// The pairs' sums of each set after the first against the first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    pub columns: Vec<Column>,
    /// `sets[k]`: set `k + 1` against set 0.
    pub sets: Vec<SetSums>,
}

impl Paired {
    pub fn merge(&mut self, o: &Paired) {
        if self.sets.len() < o.sets.len() {
            self.sets.resize(o.sets.len(), SetSums::default());
        }
        for (a, b) in self.sets.iter_mut().zip(&o.sets) {
            a.merge(b);
        }
    }

    /// The paired test of measure `m` of set `k` (k ≥ 1) against set 0,
    /// whose own statistics are `a` (set 0) and `b` (set k); `None` when
    /// the measure has no paired form (its unpaired test then stands).
    pub fn test(
        &self,
        k: usize,
        m: &Measure,
        a: &Stat,
        b: &Stat,
        seats: &[String],
    ) -> Option<Test> {
        let set = self.sets.get(k.checked_sub(1)?)?;
        let n = a.n();
        let same = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(1.0);
        let agrees = |ta: f64, tb: f64| n == b.n() && same(ta, a.value()) && same(tb, b.value());
        let nf = n.max(1) as f64;
        let w = seats.len() + 1;
        let outcome = match m.id.strip_prefix("win_") {
            Some(s) => seats.iter().position(|x| x == s),
            None => (m.id == "draw").then_some(seats.len()),
        };
        if let Some(o) = outcome {
            let cell = |x: usize, y: usize| set.winners.get(x * w + y).copied().unwrap_or(0);
            let col: u64 = (0..w).map(|x| cell(x, o)).sum();
            let row: u64 = (0..w).map(|y| cell(o, y)).sum();
            let test = mcnemar(col - cell(o, o), row - cell(o, o), n);
            return agrees(row as f64 / nf, col as f64 / nf).then_some(test);
        }
        if let Some(e) = m.id.strip_prefix("end_") {
            let [both, a_only, b_only] = set.ends.get(e).copied().unwrap_or_default();
            let test = mcnemar(b_only, a_only, n);
            return agrees((both + a_only) as f64 / nf, (both + b_only) as f64 / nf)
                .then_some(test);
        }
        let id = match m.id.as_str() {
            "first_player_win" => "first_win",
            "first_player_advantage" => "first_result",
            other => other,
        };
        let c = self.columns.iter().position(|c| c.id == id)?;
        let p = set.pairs.get(c)?;
        let (ma, mb) = p.means();
        (p.n == n && agrees(ma, mb)).then(|| p.test(1.0))
    }
}

/// Plays every set's games together, game by game: each set's totals,
/// and the pairs against set 0. Counts one in `done` per game played.
pub fn run_together<G: Reported>(
    runs: &[RunConfig<G>],
    threads: usize,
    done: &AtomicU64,
) -> io::Result<(Vec<Summary<G::Sums>>, Paired)> {
    let start = std::time::Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(io::Error::other)?;
    let first = &runs[0].meta;
    let seats = first.seats.len();
    let k = runs.len();
    type Acc<S> = Box<(Vec<Totals<S>>, Vec<SetSums>)>;
    let empty = || -> Acc<G::Sums> {
        Box::new((vec![Totals::default(); k], vec![SetSums::default(); k - 1]))
    };
    let (totals, pairs) = *pool.install(|| {
        first
            .range()
            .into_par_iter()
            .fold(empty, |mut acc, i| {
                let mut base = None;
                for (j, cfg) in runs.iter().enumerate() {
                    let (_, r) =
                        crate::sim::play_game::<G>(&cfg.rules, &cfg.agents, first.seed, i, false);
                    acc.0[j].add::<G>(&r);
                    let v = sums::values::<G>(first, &r);
                    match &base {
                        None => base = Some(v),
                        Some(a) => acc.1[j - 1].add(a, &v, seats),
                    }
                }
                done.fetch_add(k as u64, Ordering::Relaxed);
                acc
            })
            .reduce(empty, |mut a, b| {
                for (x, y) in a.0.iter_mut().zip(&b.0) {
                    x.merge_with::<G>(y);
                }
                for (x, y) in a.1.iter_mut().zip(&b.1) {
                    x.merge(y);
                }
                a
            })
    });
    let seconds = start.elapsed().as_secs_f64() / k as f64;
    let summaries = runs
        .iter()
        .zip(totals)
        .map(|(cfg, totals)| Summary {
            meta: cfg.meta.clone(),
            totals,
            seconds,
            threads: pool.current_num_threads(),
        })
        .collect();
    let paired = Paired {
        columns: sums::columns::<G>(first),
        sets: pairs,
    };
    Ok((summaries, paired))
}
