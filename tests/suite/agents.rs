//! The agents: determinization keeps what the observer knows and redraws
//! what he does not; an agent's decision depends only on what its seat can
//! see; the arena's figures add up and agents beat weaker ones.

use crate::common;

use std::sync::Arc;

use ludus::agents::{IsmctsConfig, arena::wilson95};
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::games::caesar_cleopatra::agents::{DEFAULT_WEIGHTS, GreedyAgent, Heuristic};

type IsmctsAgent = ludus::agents::IsmctsAgent<CaesarCleopatra>;
type ArenaReport = ludus::agents::ArenaReport;

fn arena(
    rules: Arc<Rules>,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<ArenaReport, String> {
    ludus::agents::arena::<CaesarCleopatra>(rules, &[a, b], games, seed, threads)
}

type AgentSpec = ludus::agents::AgentSpec<CaesarCleopatra>;

fn make_agent(spec: &str, seed: u64) -> Result<Box<dyn Agent<State>>, String> {
    ludus::agents::make_agent::<CaesarCleopatra>(spec, seed)
}
use ludus::engine::agent::{Agent, RandomAgent};
use ludus::engine::seed::{agent_rng, derive};
use ludus::engine::{Actor, GameState};
use ludus::games::caesar_cleopatra::model::Rules;
use ludus::games::caesar_cleopatra::{Move, Phase, Position, State};

fn legal(s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal_moves(&mut v);
    v
}

/// States from random games, stopped after a random number of moves (setup,
/// turns, effects in progress, the lone player, the end).
fn sample_states(rules: &Arc<Rules>, games: u64) -> Vec<State> {
    let mut out = Vec::new();
    for i in 0..games {
        let mut s = State::new(rules.clone(), derive(7, i, 0));
        let mut agents = [
            RandomAgent::new(derive(7, i, 1)),
            RandomAgent::new(derive(7, i, 2)),
        ];
        let mut r = agent_rng(derive(7, i, 3));
        let stops: Vec<u64> = (0..4)
            .map(|_| rand::RngExt::random_range(&mut r, 0..400u64))
            .collect();
        let mut moves = 0u64;
        while let Actor::Player(p) = s.current_actor() {
            if stops.contains(&moves) {
                out.push(s.clone());
            }
            let l = legal(&s);
            let m = Agent::<State>::choose(&mut agents[p], &s, &l);
            s.apply_legal(m);
            moves += 1;
        }
    }
    out
}

/// What `observer` sees of a state, as text (his cards in full, the
/// opponent's public cards and counts).
fn seen_by(s: &State, observer: usize) -> String {
    let r = s.rules();
    let o = 1 - observer;
    let zo = s.zones(o);
    let zs = s.zones(observer);
    let mut t = format!(
        "{:?} seat {} turn {} actor {:?} lone {:?}\n",
        s.phase(),
        s.seat(),
        s.turns(),
        s.current_actor(),
        s.lone_player()
    );
    t += &format!(
        "me: hand {:?} len {} discard {:?} removed {:?} won {:?} missions {:?} reserves {} {} aside {:?}\n",
        zs.hand,
        zs.hand_len,
        zs.discard,
        zs.removed,
        zs.won,
        zs.missions,
        zs.influence_reserve.len(),
        zs.action_reserve.len(),
        zs.set_aside,
    );
    t += &format!(
        "opp: len {} discard {:?} removed {:?} won {:?} reserves {} {}\n",
        zo.hand_len,
        zo.discard,
        zo.removed,
        zo.won,
        zo.influence_reserve.len(),
        zo.action_reserve.len(),
    );
    for g in 0..r.groups.len() {
        let gs = s.group(g);
        t += &format!(
            "group {g}: left {} mine {:?} {:?} theirs up {:?} count {:?}\n",
            gs.left, gs.cards[observer][0], gs.cards[observer][1], gs.cards[o][1], gs.count
        );
    }
    t += &format!(
        "votes: pile {} discard {:?} removed {:?}\n",
        s.vote_pile_len(),
        s.vote_discard(),
        s.vote_removed()
    );
    t
}

/// The opponent's hidden cards, as text.
fn hidden_of(s: &State, opp: usize) -> String {
    let z = s.zones(opp);
    let down: Vec<_> = (0..s.rules().groups.len())
        .map(|g| s.group(g).cards[opp][0])
        .collect();
    format!(
        "{:?} {:?} {:?} {:?} {:?}",
        z.hand, down, z.influence_reserve, z.action_reserve, z.missions
    )
}

#[test]
fn determinization_keeps_what_the_observer_knows_and_redraws_the_rest() {
    let rules = common::rules();
    let states = sample_states(&rules, 60);
    assert!(states.len() > 150, "{} states", states.len());
    let mut r = agent_rng(99);
    let (mut hidden_pairs, mut differing) = (0, 0);
    for (i, s) in states.iter().enumerate() {
        for observer in 0..2 {
            let seen = seen_by(s, observer);
            let mut distinct = std::collections::HashSet::new();
            for _ in 0..8 {
                let d = s.resample(observer, &mut r);
                d.check_invariants()
                    .unwrap_or_else(|e| panic!("state {i}, observer {observer}: {e}"));
                assert_eq!(
                    seen_by(&d, observer),
                    seen,
                    "state {i}, observer {observer}"
                );
                assert!(d.events().is_empty(), "a determinization records nothing");
                if s.current_actor() == Actor::Player(observer) {
                    assert_eq!(legal(&d), legal(s), "state {i}: the observer's moves");
                }
                distinct.insert(hidden_of(&d, 1 - observer));
                hidden_pairs += 1;
                if hidden_of(&d, 1 - observer) != hidden_of(s, 1 - observer) {
                    differing += 1;
                }
            }
            if s.phase() != Phase::GameOver && s.zones(1 - observer).hand_len >= 3 {
                assert!(
                    distinct.len() > 1,
                    "state {i}: the opponent's hidden cards never vary"
                );
            }
        }
    }
    assert!(
        differing * 10 > hidden_pairs * 9,
        "{differing} of {hidden_pairs} determinizations differ from the real state"
    );
}

#[test]
fn determinization_depends_only_on_what_the_observer_sees() {
    // A second state that the observer cannot tell from the first (one of
    // its determinizations) gives the same determinizations for the same RNG.
    let rules = common::rules();
    for (i, s) in sample_states(&rules, 25).iter().enumerate() {
        for observer in 0..2 {
            let twin = s.resample(observer, &mut agent_rng(i as u64));
            for seed in 0..3 {
                let a = s.resample(observer, &mut agent_rng(seed));
                let b = twin.resample(observer, &mut agent_rng(seed));
                common::assert_same_cards(&a, &b, &format!("state {i}"));
            }
        }
    }
}

#[test]
fn determinization_keeps_a_hand_the_observer_is_looking_at() {
    // Cleopatra's Spy has shown her Caesar's hand: while she chooses the
    // card he discards, his hand is known and stays; once the card is over
    // it is redrawn again.
    let rules = common::rules();
    let mut s = Position::from_ron(
        r#"(to_move: "cleopatra",
            groups: {"senators": (cards: {"cleopatra": ["2"], "caesar": ["[3]"]})},
            hands: {"cleopatra": ["5", "spy"], "caesar": ["1", "5", "P", "wrath"]})"#,
    )
    .unwrap()
    .into_state(rules.clone(), 3)
    .unwrap();
    s.apply(Move::PlayAction(rules.kind_by_id("spy").unwrap()))
        .unwrap();
    // Caesar may be asked whether he answers with a reaction card: he lets it pass.
    while s.current_actor() == Actor::Player(1) {
        s.apply(Move::Decline).unwrap();
    }
    assert_eq!(s.current_actor(), Actor::Player(0));
    assert!(matches!(legal(&s)[0], Move::Choose(_)));
    let mut r = agent_rng(1);
    for _ in 0..20 {
        let d = s.resample(0, &mut r);
        assert_eq!(d.zones(1).hand, s.zones(1).hand);
        assert_eq!(legal(&d), legal(&s));
        d.check_invariants().unwrap();
    }
    let m = legal(&s)[0];
    s.apply(m).unwrap();
    while s.current_actor() == Actor::Player(1) {
        let m = legal(&s)[0];
        s.apply(m).unwrap();
    }
    assert_eq!(s.phase(), Phase::TurnStart);
    let differ = (0..20)
        .filter(|_| s.resample(0, &mut r).zones(1).hand != s.zones(1).hand)
        .count();
    assert!(differ > 10, "{differ}");
}

/// A position seen by Cleopatra; `opp` fills in Caesar's hidden cards.
fn position(rules: &Arc<Rules>, opp: [&str; 6]) -> State {
    let [sen, qua, aed1, aed2, hand, mission] = opp;
    let ron = format!(
        r#"(
        to_move: "cleopatra",
        turn: 10,
        groups: {{
            "senators": (cards: {{"cleopatra": ["3", "[4]"], "caesar": ["2", "{sen}"]}}),
            "praetors": (cards: {{"cleopatra": ["[2]"], "caesar": ["5"]}}),
            "quaestors": (cards: {{"cleopatra": ["1"], "caesar": ["{qua}"]}}),
            "censors": (cards: {{"caesar": ["4"]}}),
            "aediles": (cards: {{"cleopatra": ["[5]"], "caesar": ["{aed1}", "{aed2}"]}}),
        }},
        hands: {{
            "cleopatra": ["5", "4", "2", "assassination", "scout"],
            "caesar": {hand},
        }},
        won: {{"cleopatra": {{"censors": 1}}, "caesar": {{"senators": 1}}}},
        discards: {{"cleopatra": ["1", "1"], "caesar": ["3", "spy"]}},
        vote_discard: ["vote_censors", "orgy"],
        missions: {{"cleopatra": ["mission_senators"], "caesar": ["{mission}"]}},
    )"#
    );
    Position::from_ron(&ron)
        .unwrap()
        .into_state(rules.clone(), 5)
        .unwrap_or_else(|e| panic!("{e:?}"))
}

fn twin_positions(rules: &Arc<Rules>) -> [State; 2] {
    [
        position(
            rules,
            [
                "[5]",
                "[P]",
                "[1]",
                "[3]",
                r#"["5", "5", "4", "veto", "wrath"]"#,
                "mission_praetors",
            ],
        ),
        position(
            rules,
            [
                "[1]",
                "[2]",
                "[5]",
                "[4]",
                r#"["1", "P", "3", "rochade", "assassination"]"#,
                "mission_quaestors",
            ],
        ),
    ]
}

/// The moves of `agent` (built afresh per position with the same seed) at
/// the start of the turn and, after a face-up placement, at the second card.
fn decisions(rules: &Arc<Rules>, make: &dyn Fn() -> Box<dyn Agent<State>>) -> Vec<[Move; 2]> {
    let mut out = Vec::new();
    let states = twin_positions(rules);
    assert_eq!(seen_by(&states[0], 0), seen_by(&states[1], 0));
    assert_ne!(hidden_of(&states[0], 1), hidden_of(&states[1], 1));
    let mut pair = [Move::Pass; 2];
    for (i, s) in states.iter().enumerate() {
        pair[i] = make().choose(s, &legal(s));
    }
    out.push(pair);
    let five = rules.kind_by_id("influence_5").unwrap();
    let up = Move::Place {
        kind: five,
        group: rules.group_by_id("praetors").unwrap(),
        face: ludus::games::caesar_cleopatra::model::Face::Up,
    };
    for (i, s) in states.iter().enumerate() {
        let mut s = s.clone();
        s.apply(up).unwrap();
        assert_eq!(s.phase(), Phase::Placing);
        pair[i] = make().choose(&s, &legal(&s));
    }
    out.push(pair);
    out
}

#[test]
fn greedy_does_not_see_the_opponents_hidden_cards() {
    let rules = common::rules();
    for seed in 0..3 {
        for [a, b] in decisions(&rules, &|| Box::new(GreedyAgent::new(seed))) {
            assert_eq!(a, b, "seed {seed}");
        }
    }
}

#[test]
fn ismcts_does_not_see_the_opponents_hidden_cards() {
    let rules = common::rules();
    for seed in 0..3 {
        let make = || -> Box<dyn Agent<State>> {
            Box::new(IsmctsAgent::new(IsmctsConfig::with_iterations(300), seed))
        };
        for [a, b] in decisions(&rules, &make) {
            assert_eq!(a, b, "seed {seed}");
        }
    }
}

#[test]
fn the_levels_and_a_weights_file_do_not_see_the_opponents_hidden_cards() {
    let rules = common::rules();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.ron");
    std::fs::write(
        &path,
        DEFAULT_WEIGHTS.replace("pass_bonus: 0.0", "pass_bonus: 0.5"),
    )
    .unwrap();
    let with_file = format!("greedy,weights={}", path.display());
    for spec in [
        "easy",
        "normal",
        "ismcts:200,pw=1,rollout=greedy",
        &with_file,
    ] {
        for seed in 0..2 {
            let make = || make_agent(spec, seed).unwrap();
            for [a, b] in decisions(&rules, &make) {
                assert_eq!(a, b, "{spec} seed {seed}");
            }
        }
    }
}

#[test]
fn greedy_games_never_reach_the_turn_cap() {
    // Two greedy players used to pass turn after turn (both kept their
    // hands) until the turn cap; now only a leader passes, and a stuck
    // player recycles his hand.
    let rules = common::rules();
    let cap = rules.limits.turn_cap;
    for i in 0..150 {
        let mut s = State::with_log(rules.clone(), derive(2, i, 0), false);
        let mut agents = [
            GreedyAgent::new(derive(2, i, 1)),
            GreedyAgent::new(derive(2, i, 2)),
        ];
        while let Actor::Player(p) = s.current_actor() {
            let l = legal(&s);
            let m = agents[p].choose(&s, &l);
            s.apply_legal(m);
        }
        assert!(s.turns() < cap / 4, "game {i} lasted {} turns", s.turns());
    }
}

#[test]
fn a_weights_file_is_read_and_its_errors_have_a_place() {
    use DEFAULT_WEIGHTS;
    use ludus::games::caesar_cleopatra::agents::Heuristic;
    use std::path::Path;
    let h = Heuristic::default();
    assert!(h.pass_lead >= 1 && h.card_value > 0.0);
    let path = Path::new("w.ron");
    let changed = DEFAULT_WEIGHTS.replace("regress: 0.5", "regress: 0.25");
    assert_eq!(Heuristic::from_ron(&changed, path).unwrap().regress, 0.25);
    // A wrong value, an unknown field, a value out of range: file:line:col.
    for (from, to) in [
        ("regress: 0.5", "regress: \"half\""),
        ("regress: 0.5", "regres: 0.5"),
        ("regress: 0.5", "regress: 1.5"),
        ("pass_lead: 1", "pass_lead: 0"),
    ] {
        let text = DEFAULT_WEIGHTS.replace(from, to);
        let line = text[..text.find(to).unwrap()].matches('\n').count() + 1;
        let e = Heuristic::from_ron(&text, path).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("w.ron:{line}:")),
            "{e} (line {line})"
        );
    }
    let e = make_agent("greedy,weights=/no/such/file.ron", 1)
        .err()
        .unwrap();
    assert!(e.contains("/no/such/file.ron: error: cannot read"), "{e}");
    assert!(Heuristic::for_rules_dir(Path::new("rules/caesar_cleopatra")).unwrap() == h);
}

#[test]
fn agent_specs() {
    for ok in [
        "random",
        "greedy",
        "ismcts",
        "ismcts:500",
        "ismcts:200ms",
        "ismcts:100,c=0.5,turns=2,rollout=random",
        "ismcts:100,eps=0.2",
        "easy",
        "Normal",
        "hard",
    ] {
        assert!(make_agent(ok, 1).is_ok(), "{ok}");
    }
    assert_eq!(
        AgentSpec::parse("ismcts:500").unwrap(),
        AgentSpec::Ismcts(Box::new(IsmctsConfig::with_iterations(500)))
    );
    assert_eq!(
        AgentSpec::parse("ismcts:200ms").unwrap(),
        AgentSpec::Ismcts(Box::new(IsmctsConfig::with_millis(200)))
    );
    for bad in [
        "",
        "minimax",
        "ismcts:0",
        "ismcts:fast",
        "greedy:3",
        "ismcts:5,x=1",
    ] {
        let e = make_agent(bad, 1)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} accepted"));
        assert!(e.contains("valid agents: random, greedy, ismcts"), "{e}");
    }
}

#[test]
fn agents_answer_a_single_legal_move_and_play_legal_moves() {
    let rules = common::rules();
    for spec in ["greedy", "ismcts:50", "ismcts:50,rollout=greedy,pw=1"] {
        let mut s = State::with_log(rules.clone(), 3, false);
        let mut agent = make_agent(spec, 4).unwrap();
        let mut other = RandomAgent::new(5);
        while let Actor::Player(p) = s.current_actor() {
            let l = legal(&s);
            let m = if p == 0 {
                agent.choose(&s, &l)
            } else {
                Agent::<State>::choose(&mut other, &s, &l)
            };
            assert!(l.contains(&m), "{spec} played an illegal move");
            s.apply_legal(m);
        }
    }
}

#[test]
fn arena_greedy_beats_random_and_the_report_adds_up() {
    let rules = common::rules();
    let r = arena(rules.clone(), "greedy", "random", 40, 3, 2).unwrap();
    let [a, b] = [&r.sides[0], &r.sides[1]];
    assert_eq!(r.games, 40);
    assert_eq!(a.wins + b.wins + r.draws, 40);
    assert!(a.win_rate > 0.5, "{}", r.to_text());
    assert!(a.mean_margin > 0.0 && b.mean_margin == -a.mean_margin);
    assert!(a.win_ci95.0 <= a.win_rate && a.win_rate <= a.win_ci95.1);
    assert!((a.win_rate + b.win_rate + r.draw_rate - 1.0).abs() < 1e-9);
    assert!(a.ms_per_decision > 0.0);
    assert_eq!(r.seat_ids, ["cleopatra", "caesar"]);
    // A sat in each seat in half of the games.
    let by_seat = a.win_rate_by_seat.iter().sum::<f64>() / 2.0;
    assert!((by_seat - a.win_rate).abs() < 1e-9);
    let j = r.to_json();
    for key in [
        "games",
        "a_win_rate",
        "b_win_rate",
        "draw_rate",
        "a_ms_per_decision",
        "b_ms_per_decision",
        "a_win_ci95",
        "mean_margin",
    ] {
        assert!(j.get(key).is_some(), "{key} missing from {j}");
    }
    assert_eq!(j["a_win_ci95"].as_array().unwrap().len(), 2);
    assert_eq!(j["sides"].as_array().unwrap().len(), 2);
    assert_eq!(j["sides"][1]["spec"], "random");
    assert_eq!(j["seats"].as_array().unwrap().len(), 2);
    let text = r.to_text();
    assert!(text.contains("A wins") && text.contains("B wins"), "{text}");
    assert!(text.contains("by seat: cleopatra"), "{text}");
    assert!(arena(rules, "greedy", "nobody", 1, 1, 1).is_err());
}

#[test]
fn arena_results_do_not_depend_on_the_thread_count() {
    let rules = common::rules();
    let run = |threads| arena(rules.clone(), "ismcts:30", "greedy", 6, 8, threads).unwrap();
    let (a, b) = (run(1), run(2));
    let key = |r: &ArenaReport| {
        let [a, b] = [&r.sides[0], &r.sides[1]];
        (a.wins, b.wins, r.draws, a.mean_margin, r.mean_turns)
    };
    assert_eq!(key(&a), key(&b));
}

#[test]
fn ismcts_beats_random_at_a_small_budget() {
    let rules = common::rules();
    let r = arena(rules, "ismcts:200", "random", 6, 11, 2).unwrap();
    assert!(r.sides[0].wins >= 5, "{}", r.to_text());
}

#[test]
fn ismcts_far_behind_does_not_pass() {
    // Caesar has won most of the senators and praetors: Cleopatra, far
    // behind, places rather than passing (passing only delays).
    let rules = common::rules();
    let s = Position::from_ron(
        r#"(to_move: "cleopatra",
            turn: 20,
            groups: {"senators": (cards: {"cleopatra": ["2"], "caesar": ["3"]}),
                     "quaestors": (cards: {"caesar": ["5", "4"]})},
            hands: {"cleopatra": ["1", "1", "2", "1", "3"], "caesar": ["5", "4", "3", "2", "1"]},
            won: {"caesar": {"senators": 3, "praetors": 3}})"#,
    )
    .unwrap()
    .into_state(rules.clone(), 3)
    .unwrap();
    let l = legal(&s);
    assert!(l.contains(&Move::Pass) && l.len() > 1);
    assert!(Heuristic::default().evaluate(&s, 0) < -2.0);
    for seed in 0..3 {
        let mut agent = IsmctsAgent::new(IsmctsConfig::with_iterations(300), seed);
        assert_ne!(agent.choose(&s, &l), Move::Pass, "seed {seed}");
    }
}

#[test]
fn wilson_interval() {
    let (lo, hi) = wilson95(50, 100);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
    assert_eq!(wilson95(0, 0), (0.0, 1.0));
    let (lo, hi) = wilson95(40, 40);
    assert!(lo > 0.9 && hi == 1.0);
}
