//! `cargo bench --features bench`: random playouts per second, turns per
//! second, a single step (`legal_moves` + `apply_legal`), greedy decisions
//! per second and ISMCTS iterations per second, all on the default variant
//! (fr-confiance) and on one thread. `cargo bench --features bench --
//! greedy` runs one group.
//!
//! Run times are kept short (10 samples, 3 s of measurement each), so the
//! whole run takes about a minute after the build; figures from a shared
//! machine are noisy.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use ludus::agents::{AgentSpec, IsmctsConfig};
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::games::caesar_cleopatra::agents::GreedyAgent;

type IsmctsAgent = ludus::agents::IsmctsAgent<CaesarCleopatra>;
use ludus::args::RulesArgs;
use ludus::engine::agent::{Agent, RandomAgent};
use ludus::engine::seed::derive;
use ludus::engine::{Actor, GameState};
use ludus::games::caesar_cleopatra::model::Rules;
use ludus::games::caesar_cleopatra::{Move, Phase, State, variant};

/// Seed of every benchmark game.
const SEED: u64 = 1;
/// Games per measured batch of random playouts.
const GAMES: u64 = 200;
/// ISMCTS iterations per measured search.
const ITERATIONS: u32 = 300;

/// The default rules (what `ludus simulate` plays without options).
fn rules() -> Arc<Rules> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
    let sel = RulesArgs::for_dir(&dir).selection();
    let set = variant::load(&dir, &sel).unwrap_or_else(|d| panic!("rules do not load: {d}"));
    Arc::new(set.rules)
}

/// Game `i` of the batch, as `simulate` plays it (no event log).
fn new_game(rules: &Arc<Rules>, i: u64) -> State {
    State::with_log(rules.clone(), derive(SEED, i, 0), false)
}

/// Plays the batch of random games as `ludus simulate` plays each of
/// them (`sim::play_game`: random seats picking through
/// `State::random_step`, every measure of the report, no event log);
/// returns the turns played in all.
fn playouts(rules: &Arc<Rules>) -> u64 {
    let seats = [AgentSpec::<CaesarCleopatra>::Random, AgentSpec::Random];
    (0..GAMES)
        .map(|i| {
            let (_, rec) = ludus::sim::play_game(rules, &seats, SEED, i, false);
            u64::from(rec.outcome.turns)
        })
        .sum()
}

/// A position in the middle of a random game: the first turn start after
/// `moves` random moves where the player to act has several choices.
fn mid_game(rules: &Arc<Rules>, moves: usize) -> (State, Vec<Move>) {
    let mut s = new_game(rules, 7);
    let mut agent = RandomAgent::new(derive(SEED, 7, 1));
    let mut legal = Vec::new();
    let mut n = 0;
    while let Actor::Player(_) = s.current_actor() {
        s.legal_moves(&mut legal);
        if n >= moves && s.phase() == Phase::TurnStart && legal.len() > 3 {
            return (s, legal);
        }
        let m = Agent::<State>::choose(&mut agent, &s, &legal);
        s.apply_legal(m);
        n += 1;
    }
    panic!("game 7 ended before move {moves}");
}

fn random_playouts(c: &mut Criterion) {
    let rules = rules();
    let turns = playouts(&rules);
    let mut g = c.benchmark_group("random_playouts");
    // The same batch measured twice, so that criterion prints both rates.
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function(format!("games ({GAMES} games)"), |b| {
        b.iter(|| black_box(playouts(&rules)))
    });
    g.throughput(Throughput::Elements(turns));
    g.bench_function(format!("turns ({turns} turns in {GAMES} games)"), |b| {
        b.iter(|| black_box(playouts(&rules)))
    });
    g.finish();
}

fn single_step(c: &mut Criterion) {
    let rules = rules();
    let (s, legal) = mid_game(&rules, 60);
    let mut g = c.benchmark_group("step");
    g.throughput(Throughput::Elements(1));
    let mut out = Vec::with_capacity(64);
    g.bench_function("legal_moves", |b| {
        b.iter(|| {
            black_box(&s).legal_moves(&mut out);
            black_box(out.len())
        })
    });
    let m = legal[legal.len() / 2];
    g.bench_function("clone+apply_legal", |b| {
        b.iter_batched_ref(
            || s.clone(),
            |t| t.apply_legal(black_box(m)),
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

/// Every decision with two or more legal moves of a few greedy games.
fn greedy_decisions_of(rules: &Arc<Rules>, games: u64) -> Vec<(State, Vec<Move>)> {
    let mut out = Vec::new();
    for i in 0..games {
        let mut s = new_game(rules, i);
        let mut agents = [
            GreedyAgent::new(derive(SEED, i, 1)),
            GreedyAgent::new(derive(SEED, i, 2)),
        ];
        let mut legal = Vec::new();
        while let Actor::Player(p) = s.current_actor() {
            s.legal_moves(&mut legal);
            let m = if legal.len() == 1 {
                legal[0]
            } else {
                out.push((s.clone(), legal.clone()));
                agents[p].choose(&s, &legal)
            };
            s.apply_legal(m);
        }
    }
    out
}

fn greedy_decisions(c: &mut Criterion) {
    let rules = rules();
    let positions = greedy_decisions_of(&rules, 20);
    let mut g = c.benchmark_group("greedy");
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut agent = GreedyAgent::new(SEED);
    g.bench_function(
        format!("decisions ({} from 20 games)", positions.len()),
        |b| {
            b.iter(|| {
                for (s, legal) in &positions {
                    black_box(agent.choose(s, legal));
                }
            })
        },
    );
    g.finish();
}

fn ismcts_iterations(c: &mut Criterion) {
    let rules = rules();
    let (s, legal) = mid_game(&rules, 60);
    // The search runs its whole budget from this position.
    let mut a = IsmctsAgent::new(IsmctsConfig::with_iterations(ITERATIONS), 0);
    a.choose(&s, &legal);
    assert_eq!(a.last_iterations, ITERATIONS);
    let mut g = c.benchmark_group("ismcts");
    g.throughput(Throughput::Elements(ITERATIONS as u64));
    let mut k = 0u64;
    g.bench_function(format!("iterations ({ITERATIONS} per search)"), |b| {
        b.iter(|| {
            k += 1;
            let mut a = IsmctsAgent::new(IsmctsConfig::with_iterations(ITERATIONS), k);
            black_box(a.choose(&s, &legal))
        })
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = random_playouts, single_step, greedy_decisions, ismcts_iterations
}
criterion_main!(benches);
