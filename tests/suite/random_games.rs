//! Seeded random games: every card always in exactly one place, the limits
//! hold, games end well before the safety cap, and a seed fixes a game.

use crate::common;

use ludus::engine::agent::{Agent, RandomAgent};
use ludus::engine::seed::derive;
use ludus::engine::{Actor, GameState, Scored};
use ludus::games::caesar_cleopatra::{Event, State};

#[test]
fn a_thousand_games_keep_every_card_in_one_place() {
    let rules = common::rules();
    let mut legal = Vec::new();
    let mut longest = 0;
    for i in 0..1000u64 {
        let mut s = State::with_log(rules.clone(), derive(42, i, 0), false);
        let mut agents = [
            RandomAgent::new(derive(42, i, 1)),
            RandomAgent::new(derive(42, i, 2)),
        ];
        s.check_invariants()
            .unwrap_or_else(|e| panic!("game {i}, setup: {e}"));
        let mut moves = 0;
        while let Actor::Player(p) = s.current_actor() {
            s.legal_moves(&mut legal);
            assert!(
                !legal.is_empty(),
                "game {i}: a player to act with no legal move"
            );
            let m = Agent::<State>::choose(&mut agents[p], &s, &legal);
            s.apply_legal(m);
            moves += 1;
            s.check_invariants()
                .unwrap_or_else(|e| panic!("game {i}, move {moves} ({m:?}): {e}"));
            assert!(moves < 5000, "game {i} does not end");
        }
        let reason = s.end_reason().unwrap();
        assert_ne!(reason, "turn_cap", "game {i} hit the safety cap");
        longest = longest.max(s.turns());
    }
    assert!(longest < 200, "longest game {longest} turns");
}

fn play(seed: u64) -> Vec<Event> {
    let rules = common::rules();
    let (s, _) = ludus::sim::play_random(State::new(rules, derive(seed, 0, 0)), seed, 0);
    s.events().to_vec()
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = play(5);
    assert_eq!(a, play(5));
    assert_ne!(a, play(6));
    assert!(matches!(a.last(), Some(Event::GameOver { .. })));
}

#[test]
fn statistics_do_not_depend_on_thread_count() {
    let rules = common::rules();
    let run = |threads| {
        ludus::sim::simulate(300, 9, threads, |seed| {
            State::with_log(rules.clone(), seed, false)
        })
        .totals
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn a_vote_that_is_won_moves_a_patrician_and_the_right_cards() {
    // Over many games, every decided vote leaves the table consistent with
    // the log: the winner gains exactly one patrician.
    let rules = common::rules();
    for i in 0..50 {
        let (s, _) = ludus::sim::play_random(State::new(rules.clone(), derive(1, i, 0)), 1, i);
        let won_in_log = s
            .events()
            .iter()
            .filter(|e| matches!(e, Event::PatricianWon { .. }))
            .count() as u32;
        assert_eq!(won_in_log, s.patricians_won(0) + s.patricians_won(1));
    }
}

/// The random agent's fast pick (`random_legal`, which does not list the
/// placements) is exactly `legal[rng.random_range(0..n)]` of the listed
/// moves, at every decision of many games, under every variant.
#[test]
fn the_fast_random_pick_equals_a_pick_from_the_listed_moves() {
    use rand::RngExt;
    for variant in ["fr-confiance", "fr-suffrage", "nl-vertrouwensvraag"] {
        let rules = common::rules_of(variant);
        let mut legal = Vec::new();
        let mut buf = Vec::new();
        for i in 0..200u64 {
            let mut s = State::with_log(rules.clone(), derive(7, i, 0), false);
            let mut rng = ludus::engine::seed::agent_rng(derive(7, i, 1));
            while s.current_actor() != Actor::Terminal {
                s.legal_moves(&mut legal);
                let mut copy = rng.clone();
                let listed = legal[copy.random_range(0..legal.len())];
                let (m, n) = s.random_legal(&mut rng, &mut buf);
                assert_eq!((m, n), (listed, legal.len()), "{variant}, game {i}");
                s.apply_legal(m);
            }
        }
    }
}

/// `sim::play_game` picks for two random seats with their RNGs directly:
/// each game is the one two boxed `RandomAgent`s seeded alike play through
/// the generic loop (same moves, same end, same counters, as many legal
/// moves listed).
#[test]
fn simulate_random_seats_play_the_random_agents_game() {
    type AgentSpec = ludus::agents::AgentSpec<ludus::games::caesar_cleopatra::CaesarCleopatra>;
    let specs = [AgentSpec::Random, AgentSpec::Random];
    for variant in ["fr-confiance", "fr-suffrage", "nl-vertrouwensvraag"] {
        let rules = common::rules_of(variant);
        for i in 0..100u64 {
            let (fast, rec) = ludus::sim::play_game(&rules, &specs, 9, i, true);
            let mut s = State::with_log(rules.clone(), derive(9, i, 0), true);
            let mut agents: Vec<Box<dyn Agent<State>>> = (0..2)
                .map(|p| Box::new(RandomAgent::new(derive(9, i, 1 + p))) as Box<dyn Agent<State>>)
                .collect();
            // The generic loop, counting the listed legal moves as it goes.
            let (mut moves, mut listed, mut buf) = (0u64, 0u64, Vec::new());
            while let Actor::Player(p) = s.current_actor() {
                s.legal(&mut buf);
                listed += buf.len() as u64;
                let (m, _) = agents[p].choose_move(&s, &mut buf);
                s.apply_legal(m);
                moves += 1;
            }
            assert_eq!(rec.moves as u64, moves, "{variant}, game {i}");
            assert_eq!(rec.legal_sum, listed, "{variant}, game {i}: legal moves");
            assert_eq!(fast.events(), s.events(), "{variant}, game {i}");
            assert_eq!(fast.counters(), s.counters(), "{variant}, game {i}");
            let score: Vec<i64> = s.score().iter().map(|&x| i64::from(x)).collect();
            assert_eq!(rec.outcome.scores.as_slice(), score, "{variant}, game {i}");
        }
    }
}

/// Without an event log some statements move whole sides of a group at
/// once (`move_table_set`) instead of card by card: the games, their
/// records and every zone at the end are the same as with the log.
#[test]
fn the_event_log_does_not_change_the_game() {
    type AgentSpec = ludus::agents::AgentSpec<ludus::games::caesar_cleopatra::CaesarCleopatra>;
    let specs = [AgentSpec::Random, AgentSpec::Random];
    for variant in ["fr-confiance", "fr-suffrage", "nl-vertrouwensvraag"] {
        let rules = common::rules_of(variant);
        for i in 0..150u64 {
            let (quiet, a) = ludus::sim::play_game(&rules, &specs, 11, i, false);
            let (logged, b) = ludus::sim::play_game(&rules, &specs, 11, i, true);
            assert!(quiet.events().is_empty());
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{variant}, game {i}");
            common::assert_same_cards(&quiet, &logged, &format!("{variant}, game {i}"));
        }
    }
}
