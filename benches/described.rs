//! `cargo bench --profile tests --bench described`: random playouts of
//! Römer (`rules/roemer/`, a game written as a description and played by
//! the `described` interpreter) for 2, 3 and 4 players on one thread (no
//! event log, the default toggles), reported per game and per decision
//! (a card laid, led or played). Short runs (10 samples, 3 s each);
//! figures from a shared machine are noisy.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus::described::{Described, Rules, State};
use ludus::engine::seed::{agent_rng, derive};
use ludus::engine::{Game, GameState, Selection};
use ludus::load::GameDir;

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

/// Plays the batch of random games; returns the decisions in all.
fn playouts(r: &Arc<Rules>) -> u64 {
    let mut buf = Vec::new();
    (0..GAMES)
        .map(|i| {
            let mut s = State::new(r.clone(), derive(1, i, 0), false);
            let mut rng = agent_rng(derive(1, i, 1));
            while !s.is_terminal() {
                let (m, _) = s.random_legal(&mut rng, &mut buf);
                s.apply_legal(m);
            }
            u64::from(s.turns())
        })
        .sum()
}

fn random_playouts(c: &mut Criterion) {
    for players in [2, 3, 4] {
        let r = rules(players);
        let decisions = playouts(&r);
        let mut g = c.benchmark_group(format!("roemer_{players}p"));
        g.sample_size(10).measurement_time(Duration::from_secs(3));
        g.throughput(Throughput::Elements(GAMES));
        g.bench_function("games", |b| b.iter(|| black_box(playouts(&r))));
        g.throughput(Throughput::Elements(decisions));
        g.bench_function("decisions", |b| b.iter(|| black_box(playouts(&r))));
        g.finish();
    }
}

criterion_group!(benches, random_playouts);
criterion_main!(benches);
