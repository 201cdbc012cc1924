//! A run played chunk by chunk, and stopped cleanly.
//!
//! The game indices of a run are played in contiguous chunks, every rule
//! set of a comparison playing each chunk in turn, so that a run stopped
//! early (Ctrl-C sets the `stop` flag) reports the same games for every
//! set: the first games of its range, up to the first game not played
//! whole. Without per-game rows a chunk is summed as it is played, and a
//! chunk interrupted in any set counts for none; with rows (`--csv`) each
//! set's records are kept until the chunk is done, and the games up to the
//! first one missing in any set are written and summed. Either way the
//! report and the rows cover one prefix of the range, and a whole run sums
//! the same games as before (the sums are merged in any order).
//!
//! Chunks start small and double while one takes under half a second (up
//! to [`MAX_CHUNK`] games, [`ROWS_CHUNK`] with rows): a stop loses at most
//! about a second of finished games, and slow agents are not held up by
//! chunks of thousands of games.

use std::io;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::{GameRecord, RunConfig, Simulated, Summary, Totals, play_indexed};

/// Receives each game's record with the index of its set (its place in
/// the run's list), set by set for each chunk, in game order within one.
pub type SetRowSink<'a, R> = dyn FnMut(usize, &GameRecord<R>) -> io::Result<()> + 'a;

/// The largest chunk summed without rows.
pub const MAX_CHUNK: u64 = 1 << 16;
/// The largest chunk with rows: the rows of a chunk are kept until it is
/// done, for every set.
pub const ROWS_CHUNK: u64 = 4096;
/// A chunk is doubled while the last one took less than this.
const GROW_BELOW: Duration = Duration::from_millis(500);

/// A pool of `threads` workers, or an error that says how many could not
/// be started and why.
pub fn worker_pool(threads: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| {
            io::Error::other(format!(
                "cannot start {threads} worker threads ({e}): give fewer with --threads"
            ))
        })
}

/// Receives each game's record, in index order (the CSV writer).
pub type RowSink<'a, R> = dyn FnMut(&GameRecord<R>) -> io::Result<()> + 'a;

/// Plays one run's games to the end ([`run_sets`] of that run alone, never
/// stopped); with `csv`, calls it once per game in index order.
pub fn run<G: Simulated>(
    cfg: &RunConfig<G>,
    csv: Option<&mut RowSink<'_, G::Record>>,
    done: &AtomicU64,
) -> io::Result<Summary<G::Sums>> {
    let never = AtomicBool::new(false);
    let cfgs = std::slice::from_ref(cfg);
    let out = match csv {
        Some(w) => run_sets(
            cfgs,
            Some(&mut |_, r: &GameRecord<G::Record>| w(r)),
            done,
            &never,
        ),
        None => run_sets(cfgs, None, done, &never),
    }?;
    out.into_iter()
        .next()
        .ok_or_else(|| io::Error::other("no run"))
}

/// One set's sums and time so far.
struct SetRun<S> {
    totals: Totals<S>,
    seconds: f64,
}

/// Plays the runs `cfgs` (rule sets of one comparison: the same game
/// range) chunk by chunk until their range is played or `stop` is set;
/// with `rows`, passes it every game summed. Threads: the largest of the
/// configs', at most one per game of the range. Each summary's
/// `meta.partial` says which games were played when the run stopped early.
pub fn run_sets<G: Simulated>(
    cfgs: &[RunConfig<G>],
    mut rows: Option<&mut SetRowSink<'_, G::Record>>,
    done: &AtomicU64,
    stop: &AtomicBool,
) -> io::Result<Vec<Summary<G::Sums>>> {
    let Some(first) = cfgs.first() else {
        return Ok(Vec::new());
    };
    let range = first.meta.range();
    let work = usize::try_from(range.end - range.start).unwrap_or(usize::MAX);
    let asked = cfgs.iter().map(|c| c.threads).max().unwrap_or(1);
    let pool = worker_pool(asked.min(work).max(1))?;
    let threads = pool.current_num_threads();
    let mut sets: Vec<SetRun<G::Sums>> = cfgs
        .iter()
        .map(|_| SetRun {
            totals: Totals::default(),
            seconds: 0.0,
        })
        .collect();
    let max = if rows.is_some() {
        ROWS_CHUNK
    } else {
        MAX_CHUNK
    };
    let mut size = (2 * threads as u64).min(max);
    let mut at = range.start;
    while at < range.end && !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let chunk = at..(at + size).min(range.end);
        let t0 = Instant::now();
        at = match rows.as_mut() {
            Some(w) => chunk_rows(cfgs, &pool, chunk.clone(), &mut sets, &mut **w, done, stop)?,
            None => chunk_sums(cfgs, &pool, chunk.clone(), &mut sets, done, stop),
        };
        if at < chunk.end {
            break;
        }
        if t0.elapsed() < GROW_BELOW {
            size = (size * 2).min(max);
        }
    }
    let partial = (at < range.end).then_some([range.start, at]);
    Ok(cfgs
        .iter()
        .zip(sets)
        .map(|(cfg, s)| Summary {
            meta: super::Meta {
                partial,
                ..cfg.meta.clone()
            },
            totals: s.totals,
            seconds: s.seconds,
            threads,
        })
        .collect())
}

/// Plays `chunk` in every set, summing as it goes; adds the chunk's sums
/// to every set if every game of it was played in every set. Returns
/// where the played games end: the chunk's end, or its start.
fn chunk_sums<G: Simulated>(
    cfgs: &[RunConfig<G>],
    pool: &rayon::ThreadPool,
    chunk: Range<u64>,
    sets: &mut [SetRun<G::Sums>],
    done: &AtomicU64,
    stop: &AtomicBool,
) -> u64 {
    let mut sums = Vec::with_capacity(cfgs.len());
    for (cfg, set) in cfgs.iter().zip(sets.iter_mut()) {
        let t0 = Instant::now();
        let s = pool.install(|| chunk_totals(cfg, chunk.clone(), done, stop));
        set.seconds += t0.elapsed().as_secs_f64();
        match s {
            Some(s) => sums.push(s),
            None => return chunk.start,
        }
    }
    for (set, s) in sets.iter_mut().zip(sums) {
        set.totals.merge_with::<G>(&s);
    }
    chunk.end
}

/// The sums of the games of `chunk` in one set, or `None` if one of them
/// was not played whole.
fn chunk_totals<G: Simulated>(
    cfg: &RunConfig<G>,
    chunk: Range<u64>,
    done: &AtomicU64,
    stop: &AtomicBool,
) -> Option<Box<Totals<G::Sums>>> {
    // Each fold's sums boxed: rayon moves the accumulator in and out at
    // every game, and `Totals` is over a kilobyte.
    type Acc<S> = Option<Box<Totals<S>>>;
    chunk
        .into_par_iter()
        .fold(
            || Some(Box::<Totals<G::Sums>>::default()),
            |t: Acc<G::Sums>, i| {
                let mut t = t?;
                t.add::<G>(&play_indexed(cfg, i, done, stop)?);
                Some(t)
            },
        )
        .reduce(
            || Some(Box::default()),
            |a, b| {
                let (mut a, b) = (a?, b?);
                a.merge_with::<G>(&b);
                Some(a)
            },
        )
}

/// Plays `chunk` in every set keeping each game's record; then writes and
/// sums, set by set, the records of the games before the first one that
/// some set did not play whole. Returns where those games end.
fn chunk_rows<G: Simulated>(
    cfgs: &[RunConfig<G>],
    pool: &rayon::ThreadPool,
    chunk: Range<u64>,
    sets: &mut [SetRun<G::Sums>],
    write: &mut SetRowSink<'_, G::Record>,
    done: &AtomicU64,
    stop: &AtomicBool,
) -> io::Result<u64> {
    let mut recs = Vec::with_capacity(cfgs.len());
    for (cfg, set) in cfgs.iter().zip(sets.iter_mut()) {
        let t0 = Instant::now();
        let r: Vec<Option<GameRecord<G::Record>>> = pool.install(|| {
            chunk
                .clone()
                .into_par_iter()
                .map(|i| play_indexed(cfg, i, done, stop))
                .collect()
        });
        set.seconds += t0.elapsed().as_secs_f64();
        recs.push(r);
    }
    let whole = recs
        .iter()
        .map(|r| r.iter().take_while(|g| g.is_some()).count())
        .min()
        .unwrap_or(0);
    for (k, (r, set)) in recs.iter().zip(sets.iter_mut()).enumerate() {
        for g in r[..whole].iter().flatten() {
            write(k, g)?;
            set.totals.add::<G>(g);
        }
    }
    Ok(chunk.start + whole as u64)
}
