//! The soak: many seeded random games, every invariant checked after every
//! move (`ludus soak`, and a short form in the tests).
//!
//! A game module takes part by implementing [`Soaked`]: its own invariants
//! (every card in exactly one place, every limit), a determinization for a
//! seat (everything that seat cannot see redrawn), and a fingerprint of the
//! whole state. The soak itself names no game: after every move it checks
//!
//! - the game's invariants;
//! - that the legal moves are empty exactly when the game is over;
//! - that each seat's observation is unchanged when the cards that seat
//!   cannot see are redrawn (nothing hidden leaks into what a seat is shown;
//!   until the game is over, when the rules reveal everything);
//!
//! and at the end of each game that replaying its moves from its seed
//! reaches the same final state. Game `i` of a run seeded `S` is seeded from
//! `(S, i)` alone, so a violation names a game anyone can replay, on any
//! number of threads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::engine::agent::{Agent, RandomAgent};
use crate::engine::seed::{AgentRng, derive};
use crate::engine::{Actor, GameState};

/// What the soak needs of a game beyond [`GameState`].
pub trait Soaked: GameState {
    /// The game's own invariants (cards, limits, counts), or what breaks.
    fn check_invariants(&self) -> Result<(), String>;
    /// A copy in which what `seat` cannot see is redrawn with `rng`,
    /// consistently with what it can see.
    fn redraw_hidden(&self, seat: usize, rng: &mut AgentRng) -> Self;
    /// A digest of the whole state (zones, order, phase, events).
    fn digest(&self) -> String;
}

/// How a soak is run.
#[derive(Debug, Clone)]
pub struct SoakOptions {
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    /// Check the observations for leaks after every `leak_every`-th move
    /// (1: every move); the other checks run after every move.
    pub leak_every: u64,
}

/// A broken invariant: the game, the move and what broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule set's label, as the caller named it.
    pub rules: String,
    pub game: u64,
    pub moves: u64,
    pub what: String,
}

/// The soak's figures.
#[derive(Debug, Clone, Default)]
pub struct SoakReport {
    pub games: u64,
    pub moves: u64,
    pub leak_checks: u64,
    pub replays: u64,
    /// The first violations found (at most 20 are kept), in game order.
    pub violations: Vec<Violation>,
    pub violation_count: u64,
    pub seconds: f64,
}

/// Plays `opts.games` random games, game `i` under `sets[i % sets.len()]`
/// (a label and a function dealing a new game from a seed), checking every
/// move. `progress` is called now and then with the games done.
pub fn soak<S, F>(
    sets: &[(String, F)],
    opts: &SoakOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> SoakReport
where
    S: Soaked,
    F: Fn(u64) -> S + Sync,
{
    let start = Instant::now();
    let done = AtomicU64::new(0);
    let run = || {
        (0..opts.games)
            .into_par_iter()
            .fold(SoakReport::default, |mut r, i| {
                let (label, deal) = &sets[(i % sets.len() as u64) as usize];
                soak_game(&mut r, label, deal, opts, i);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(1024) {
                    progress(n);
                }
                r
            })
            .reduce(SoakReport::default, merge)
    };
    let mut report = match rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
    {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    report.violations.sort_by_key(|v| v.game);
    report.violations.truncate(20);
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// Two reports as one: the counts and the times added, the first 20
/// violations kept.
pub fn merge(mut a: SoakReport, b: SoakReport) -> SoakReport {
    a.seconds += b.seconds;
    a.games += b.games;
    a.moves += b.moves;
    a.leak_checks += b.leak_checks;
    a.replays += b.replays;
    a.violation_count += b.violation_count;
    a.violations.extend(b.violations);
    a.violations.sort_by_key(|v| v.game);
    a.violations.truncate(20);
    a
}

/// One game: play it checking every move, then replay it from its seed.
fn soak_game<S: Soaked>(
    r: &mut SoakReport,
    label: &str,
    deal: &impl Fn(u64) -> S,
    opts: &SoakOptions,
    i: u64,
) {
    let fail = |r: &mut SoakReport, moves: u64, what: String| {
        r.violation_count += 1;
        if r.violations.len() < 20 {
            r.violations.push(Violation {
                rules: label.to_string(),
                game: i,
                moves,
                what,
            });
        }
    };
    let mut state = deal(derive(opts.seed, i, 0));
    let mut agents: Vec<RandomAgent> = (0..state.num_players())
        .map(|p| RandomAgent::new(derive(opts.seed, i, 1 + p as u64)))
        .collect();
    let mut redraw = crate::engine::seed::agent_rng(derive(opts.seed, i, 99));
    let mut legal = Vec::new();
    let mut played = Vec::new();
    r.games += 1;
    loop {
        if let Some(what) = check_move(&state, &mut legal) {
            fail(r, played.len() as u64, what);
            return;
        }
        // At the end everything is shown (hidden cards are revealed).
        if !state.is_terminal() && (played.len() as u64).is_multiple_of(opts.leak_every.max(1)) {
            r.leak_checks += 1;
            if let Some(what) = leak(&state, &mut redraw) {
                fail(r, played.len() as u64, what);
                return;
            }
        }
        let Actor::Player(p) = state.current_actor() else {
            break;
        };
        let m = Agent::<S>::choose(&mut agents[p], &state, &legal);
        state.apply_legal(m);
        played.push(m);
        r.moves += 1;
    }
    let mut again = deal(derive(opts.seed, i, 0));
    for &m in &played {
        again.apply_legal(m);
    }
    r.replays += 1;
    if again.digest() != state.digest() {
        fail(
            r,
            played.len() as u64,
            "replaying the moves from the seed reaches another state".into(),
        );
    }
}

/// The checks after each move, but the leak check.
fn check_move<S: Soaked>(s: &S, legal: &mut Vec<S::Move>) -> Option<String> {
    if let Err(e) = s.check_invariants() {
        return Some(e);
    }
    s.legal_moves(legal);
    match (s.is_terminal(), legal.is_empty()) {
        (true, false) => Some(format!(
            "the game is over but {} moves are legal",
            legal.len()
        )),
        (false, true) => Some("the game goes on but no move is legal".into()),
        _ => None,
    }
}

/// Whether some seat's observation changes when what it cannot see is
/// redrawn: the first seat whose does, with the two lines that differ.
fn leak<S: Soaked>(s: &S, rng: &mut AgentRng) -> Option<String> {
    for seat in 0..s.num_players() {
        let seen = s.observation_string(seat);
        let other = s.redraw_hidden(seat, rng).observation_string(seat);
        if seen != other {
            let (a, b) = seen
                .lines()
                .zip(other.lines())
                .find(|(a, b)| a != b)
                .unwrap_or(("(shorter)", "(longer)"));
            return Some(format!(
                "seat {seat}'s observation depends on cards it cannot see: \"{a}\" became \"{b}\""
            ));
        }
    }
    None
}
