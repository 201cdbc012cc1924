//! `cargo bench --features bench --profile tests --bench described`:
//! random playouts of Römer (`rules/roemer/`, a game written as a
//! description and played by the `described` interpreter) for 2, 3 and 4
//! players on one thread (no event log, the default toggles), reported per
//! game and per decision (a card laid, led or played: each decision plays
//! one card). Short runs (10 samples, 3 s each); figures from a shared
//! machine are noisy.
//!
//! Before the measures, the bench counts the allocations of whole random
//! games past their deal (a counting global allocator) and stops if a
//! single move allocated: the interpreter works in the fixed-size state.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use criterion::{Criterion, Throughput};
use ludus::described::{Described, Rules, State};
use ludus::engine::seed::{agent_rng, derive};
use ludus::engine::{Game, GameState, Selection};
use ludus::load::GameDir;

/// The system allocator, counting the allocations.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Games per measured batch.
const GAMES: u64 = 20;

fn rules(players: usize) -> Arc<Rules> {
    let sel = Selection {
        players: Some(players),
        ..Selection::default()
    };
    let dir = GameDir::built_in_game("roemer").unwrap();
    Described::load(&dir, &sel)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// Plays random game `i` to its end from a dealt state; returns its
/// decisions.
fn playout(mut s: State, i: u64, buf: &mut Vec<ludus::described::Move>) -> u64 {
    let mut rng = agent_rng(derive(1, i, 1));
    while !s.is_terminal() {
        let (m, _) = s.random_legal(&mut rng, buf);
        s.apply_legal(m);
    }
    u64::from(s.turns())
}

/// Plays the batch of random games; returns the decisions in all.
fn playouts(r: &Arc<Rules>) -> u64 {
    let mut buf = Vec::new();
    (0..GAMES)
        .map(|i| playout(State::new(r.clone(), derive(1, i, 0), false), i, &mut buf))
        .sum()
}

/// Plays `GAMES` random games counting the allocations past each deal
/// (the moves buffer made beforehand); panics if any move allocated.
fn no_allocation_per_move(r: &Arc<Rules>, players: usize) {
    let mut buf = Vec::with_capacity(256);
    let (mut decisions, mut allocations) = (0, 0);
    for i in 0..GAMES {
        let s = State::new(r.clone(), derive(1, i, 0), false);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        decisions += playout(s, i, &mut buf);
        allocations += ALLOCATIONS.load(Ordering::Relaxed) - before;
    }
    println!(
        "roemer_{players}p: {allocations} allocations in {GAMES} games, {decisions} decisions"
    );
    assert_eq!(allocations, 0, "a random playout allocated");
}

fn random_playouts(c: &mut Criterion) {
    for players in [2, 3, 4] {
        let r = rules(players);
        no_allocation_per_move(&r, players);
        let decisions = playouts(&r);
        let mut g = c.benchmark_group(format!("roemer_{players}p"));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        g.throughput(Throughput::Elements(GAMES));
        g.bench_function("games", |b| b.iter(|| black_box(playouts(&r))));
        g.throughput(Throughput::Elements(decisions));
        g.bench_function("decisions", |b| b.iter(|| black_box(playouts(&r))));
        g.finish();
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    random_playouts(&mut c);
    c.final_summary();
}
