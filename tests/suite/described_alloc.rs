//! A described game's random playout allocates nothing per move: a
//! counting global allocator for this test binary (counts per thread, so
//! that the other tests running at the same time do not disturb them),
//! and whole random games of Römer (2 to 4 players) played past their
//! deal with the moves buffer made beforehand.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ludus::described::{Described, State};
use ludus::engine::seed::{agent_rng, derive};
use ludus::engine::{Game, GameState, Selection};
use ludus::load::GameDir;

/// The system allocator, counting this thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays `games` random playouts of `rules`: the moves played and the
/// allocations made after each deal.
fn playouts(rules: &std::sync::Arc<ludus::described::model::Rules>, games: u64) -> (u64, u64) {
    let mut buf = Vec::with_capacity(256);
    let (mut moves, mut allocated) = (0u64, 0u64);
    for i in 0..games {
        let mut s = State::new(rules.clone(), derive(7, i, 0), false);
        let mut rng = agent_rng(derive(7, i, 1));
        let before = allocations();
        while !s.is_terminal() {
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply_legal(m);
            moves += 1;
        }
        allocated += allocations() - before;
        assert!(s.is_over(), "game {i} did not end");
    }
    (moves, allocated)
}

#[test]
fn a_random_playout_of_roemer_allocates_nothing_per_move() {
    let dir = GameDir::built_in_game("roemer").unwrap();
    for players in 2..=4 {
        let sel = Selection {
            players: Some(players),
            ..Selection::default()
        };
        let rules = Described::load(&dir, &sel).unwrap().rules;
        let (moves, allocated) = playouts(&rules, 3);
        assert!(moves > 1000, "{players} players: only {moves} moves");
        assert_eq!(
            allocated, 0,
            "{players} players: {allocated} allocations in {moves} moves"
        );
    }
}

/// The same for the toy of sections D and E (`tests/described_toys/calls/`):
/// calls of kinds' blocks, `for card` snapshots, counters per card.
#[test]
fn a_random_playout_with_calls_allocates_nothing_per_move() {
    let dir = GameDir::Disk(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/described_toys/calls"),
    );
    let rules = Described::load(&dir, &Selection::default()).unwrap().rules;
    let (moves, allocated) = playouts(&rules, 200);
    assert!(moves > 1000, "only {moves} moves");
    assert_eq!(allocated, 0, "{allocated} allocations in {moves} moves");
}
