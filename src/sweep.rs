//! `ludus sweep`: every rule a designer may turn ([`Designer::knobs`]),
//! each at each of its values, played as a rule set beside the base on
//! the same seeds, and the pairs of games analysed together (common
//! random numbers: game `i` of every rule set is dealt and played from
//! the seeds of game `i`, so the sets differ only by their rules). The
//! rule sets and their values are [`plan`]'s; what is kept of the games,
//! `report::pairs`'; the effects and the report, [`report`] and [`html`].
//!
//! A sweep is blocks of games: `--shard i/n` plays the games `i·N/n ..
//! (i+1)·N/n` of the base and of every rule set, and `ludus merge` adds
//! the shards' sums into the report of the whole run (exactly: integer
//! sums, the bootstrap seeded from the run's seed).
//!
//! [`Designer::knobs`]: crate::design::Designer::knobs

pub mod html;
pub mod plan;
pub mod report;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::agents::AgentSpec;
use crate::engine::Selection;
use crate::games::Registered;
use crate::load::GameDir;
use crate::report::pairs::{self as sums, Column, GameValues, SweepTotals};
use crate::report::{SimError, parse_agents_in, parse_shard};
use crate::sim::{Meta, play_game, shard_range};
use plan::{Choice, SetInfo};

/// What `ludus sweep` was asked for.
#[derive(Debug, Clone)]
pub struct SweepOptions {
    pub rules_dir: GameDir,
    /// The base rules: `--variant`, `--addon`, `--set`, `--players`.
    pub base: Selection,
    pub agents: String,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub shard: Option<String>,
    pub choice: Choice,
    /// The measure the rules are ranked by.
    pub measure: String,
    pub progress: bool,
}

/// A rule set that could not be played, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    pub label: String,
    pub reason: String,
}

/// What a sweep played: the same for every shard of one run (but
/// `shard`), and what `ludus merge` checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepMeta {
    pub game: String,
    /// The base rule set, as a compare spec.
    pub base: String,
    pub agents: Vec<String>,
    pub seed: u64,
    pub games: u64,
    pub shard: Option<[u64; 2]>,
    pub seats: Vec<String>,
    pub seat_names: Vec<String>,
    pub columns: Vec<Column>,
    pub sets: Vec<SetInfo>,
    pub skipped: Vec<Skipped>,
    pub measure: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<[String; 2]>,
}

/// A sweep's (or a shard's) result: what was played and its sums; the
/// wall time is not part of the report (so that merged shards and one
/// run give the same bytes) and is told apart.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    pub meta: SweepMeta,
    pub totals: SweepTotals,
}

/// The rule sets loaded and ready to play.
struct Loaded<G: Registered> {
    base: Arc<G::Rules>,
    base_meta: Meta,
    sets: Vec<Arc<G::Rules>>,
    agents: Vec<AgentSpec<G>>,
    meta: SweepMeta,
}

/// The first line of a set's problems, for the skipped list.
fn first_problem(d: &crate::diag::Diagnostics) -> String {
    d.iter()
        .next()
        .map_or_else(|| "does not load".into(), |x| x.message.clone())
}

/// The base's selection with a rule set's settings (or `--add`'s spec).
fn selection(base: &Selection, s: &SetInfo) -> Result<Selection, String> {
    match &s.spec {
        Some(spec) => crate::report::spec_selection(base, spec),
        None => Ok(Selection {
            sets: base
                .sets
                .iter()
                .cloned()
                .chain(s.sets.iter().cloned())
                .collect(),
            ..base.clone()
        }),
    }
}

/// Loads the base and every rule set of the plan; a set that does not
/// load, or changes the number of seats, is skipped with its reason.
fn load<G: Registered>(o: &SweepOptions) -> Result<Loaded<G>, SimError> {
    let base = G::load(&o.rules_dir, &o.base)
        .map_err(SimError::Rules)?
        .rules;
    let knobs = G::knobs(&o.rules_dir, &o.base).map_err(SimError::Rules)?;
    let planned = plan::sets(&knobs, &o.choice).map_err(SimError::Usage)?;
    let seats = G::seats(&base);
    let (mut sets, mut infos, mut skipped) = (Vec::new(), Vec::new(), Vec::new());
    for s in planned {
        let sel = selection(&o.base, &s).map_err(SimError::Usage)?;
        match G::load(&o.rules_dir, &sel) {
            Ok(l) if G::seats(&l.rules) == seats => {
                sets.push(l.rules);
                infos.push(s);
            }
            Ok(_) => skipped.push(Skipped {
                label: s.label,
                reason: "changes the number of seats".into(),
            }),
            Err(d) => skipped.push(Skipped {
                label: s.label,
                reason: first_problem(&d),
            }),
        }
    }
    let (agents, names) =
        parse_agents_in::<G>(&o.agents, seats, Some(&o.rules_dir)).map_err(SimError::Usage)?;
    let shard = o.shard.as_deref().map(parse_shard).transpose();
    let mut base_meta = G::meta(&base);
    base_meta.seed = o.seed;
    base_meta.games = o.games;
    base_meta.agents = names.clone();
    let meta = SweepMeta {
        game: base_meta.game.clone(),
        base: crate::report::label_of(&o.base),
        agents: names,
        seed: o.seed,
        games: o.games,
        shard: shard.map_err(SimError::Usage)?,
        seats: base_meta.seats.clone(),
        seat_names: base_meta.seat_names.clone(),
        columns: sums::columns::<G>(&base_meta),
        sets: infos,
        skipped,
        measure: o.measure.clone(),
        grid: o.choice.grid.as_deref().and_then(grid_keys),
    };
    Ok(Loaded {
        base,
        base_meta,
        sets,
        agents,
        meta,
    })
}

fn grid_keys(g: &str) -> Option<[String; 2]> {
    let (a, b) = g.split_once(',')?;
    Some([a.trim().to_string(), b.trim().to_string()])
}

/// Plays the sweep (or its shard) on `o.threads` threads: every game of
/// the range under the base, then under each rule set. Returns it with
/// its wall time in seconds.
pub fn sweep<G: Registered>(o: &SweepOptions) -> Result<(Sweep, f64), SimError> {
    let l = load::<G>(o)?;
    report::check_measure(&l.meta, &o.measure).map_err(SimError::Usage)?;
    let start = Instant::now();
    let range = shard_range(o.games, l.meta.shard);
    let total = (range.end - range.start) * (1 + l.sets.len() as u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.threads.max(1))
        .build()
        .map_err(|e| SimError::Io(e.to_string()))?;
    let totals = crate::sim::with_progress(total, o.progress, |done| {
        pool.install(|| {
            *range
                .into_par_iter()
                .fold(Box::<SweepTotals>::default, |mut t, i| {
                    play_pairs(&l, o.seed, i, &mut t, done);
                    t
                })
                .reduce(Box::<SweepTotals>::default, |mut a, b| {
                    a.merge(&b);
                    a
                })
        })
    });
    let sweep = Sweep {
        meta: l.meta,
        totals,
    };
    Ok((sweep, start.elapsed().as_secs_f64()))
}

/// Game `i` under the base and under every rule set, added to `t`.
fn play_pairs<G: Registered>(
    l: &Loaded<G>,
    seed: u64,
    i: u64,
    t: &mut SweepTotals,
    done: &AtomicU64,
) {
    let seats = l.meta.seats.len();
    let play = |rules: &Arc<G::Rules>| -> GameValues {
        let (_, r) = play_game::<G>(rules, &l.agents, seed, i, false);
        sums::values::<G>(&l.base_meta, &r)
    };
    let a = play(&l.base);
    t.games += 1;
    t.base.add(&a, seats);
    if t.sets.len() < l.sets.len() {
        t.sets.resize(l.sets.len(), Default::default());
    }
    for (s, rules) in t.sets.iter_mut().zip(&l.sets) {
        s.add(&a, &play(rules), seats);
    }
    done.fetch_add(1 + l.sets.len() as u64, Ordering::Relaxed);
}

/// Merges the shards of one sweep (`(file name, sweep)`): each shard
/// `i/n` exactly once, all of the same run.
pub fn merge(parts: &[(String, Sweep)]) -> Result<Sweep, String> {
    let Some((first_name, first)) = parts.first() else {
        return Err("nothing to merge".into());
    };
    let id = SweepMeta {
        shard: None,
        ..first.meta.clone()
    };
    for (name, s) in parts {
        if (SweepMeta {
            shard: None,
            ..s.meta.clone()
        }) != id
        {
            return Err(format!(
                "{name} is not a shard of the same sweep as {first_name} (rules, agents, seed, games or measure differ)"
            ));
        }
    }
    crate::report::merge::every_shard_once(
        "sweep",
        parts.iter().map(|(n, s)| (n.as_str(), s.meta.shard)),
    )?;
    let mut totals = SweepTotals::default();
    for (_, s) in parts {
        totals.merge(&s.totals);
    }
    Ok(Sweep { meta: id, totals })
}

/// Reads a sweep back from its JSON report (`run` and `totals`).
pub fn from_json(v: &serde_json::Value) -> Result<Sweep, String> {
    let meta = serde_json::from_value(v["run"].clone()).map_err(|e| format!("run: {e}"))?;
    let totals = serde_json::from_value(v["totals"].clone()).map_err(|e| format!("totals: {e}"))?;
    Ok(Sweep { meta, totals })
}

/// Whether a JSON report is a sweep's.
pub fn is_sweep(v: &serde_json::Value) -> bool {
    v.get("sweep").is_some()
}
