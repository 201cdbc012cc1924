//! de Cape & d'Épée (rules/de_cape_et_d_epee/, docs/de-cape.md): random
//! games for every player count with the invariants after every move,
//! determinism and replay, the rules' diagnostics, and a card added in data
//! only.

use std::sync::Arc;

use ludus::engine::seed;
use ludus::engine::{Game, GameState, Scored, Selection};
use ludus::games::de_cape_et_d_epee::{DeCape, Event, Move, Phase, Rules, State};
use ludus::load::GameDir;

fn dir() -> GameDir {
    GameDir::built_in_game("de_cape_et_d_epee").unwrap()
}

fn rules_for(players: usize) -> Arc<Rules> {
    let sel = Selection {
        players: Some(players),
        ..Selection::default()
    };
    DeCape::load(&dir(), &sel)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// One random game, every check after every move; returns its moves.
fn checked_game(r: &Arc<Rules>, game_seed: u64) -> (State, Vec<Move>) {
    let mut s = State::new(r.clone(), game_seed, true);
    let mut rng = seed::agent_rng(seed::derive(game_seed, 0, 1));
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    s.check_invariants().unwrap();
    loop {
        s.legal_moves(&mut legal);
        assert_eq!(
            legal.is_empty(),
            s.is_terminal(),
            "seed {game_seed}: legal moves empty exactly at the end"
        );
        if legal.is_empty() {
            break;
        }
        let m = legal[seed::below(&mut rng, legal.len())];
        let events = s.events().len();
        let round = s.round();
        s.apply(m).unwrap();
        moves.push(m);
        if let Err(e) = s.check_invariants() {
            panic!(
                "seed {game_seed}, move {}: {e}\n{}",
                moves.len(),
                s.observation_string(0)
            );
        }
        round_ends_when_the_rulebook_says(&s, events, round);
    }
    (s, moves)
}

/// A round ends exactly when every objective is realized or nobody can
/// place (003: "La manche prend fin dès que tous les objectifs sont
/// réalisés"; A6).
fn round_ends_when_the_rulebook_says(s: &State, events: usize, round: usize) {
    let ended: Vec<&Event> = s.events()[events..]
        .iter()
        .filter(|e| matches!(e, Event::RoundEnded { .. }))
        .collect();
    for e in &ended {
        let Event::RoundEnded {
            realized, stuck, ..
        } = e
        else {
            unreachable!()
        };
        assert!(
            *realized || *stuck,
            "a round ended with an objective unrealized: {e:?}"
        );
    }
    if ended.is_empty() && s.phase() == Phase::Turn {
        assert_eq!(s.round(), round);
        assert!(
            !s.all_realized(),
            "every objective realized, the round goes on"
        );
    }
}

#[test]
fn random_games_keep_every_card_in_one_place() {
    for players in 2..=6 {
        let r = rules_for(players);
        let mut placements = 0;
        for g in 0..1000 {
            let (s, _) = checked_game(&r, seed::derive(7, g, 0));
            assert!(s.is_terminal());
            assert_eq!(
                Scored::end_reason(&s),
                Some("rounds"),
                "{players} players, game {g}"
            );
            placements += s.placements();
        }
        eprintln!(
            "{players} players: {} placements a game",
            placements as f64 / 1000.0
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_moves_replay_it() {
    let r = rules_for(4);
    for g in 0..50 {
        let (a, moves) = checked_game(&r, g);
        let (b, moves_b) = checked_game(&r, g);
        assert_eq!(moves, moves_b);
        assert_eq!(a.events(), b.events());
        let mut c = State::new(r.clone(), g, true);
        for m in &moves {
            c.apply(*m).unwrap();
        }
        assert_eq!(c.events(), a.events());
        assert_eq!(c.scores(), a.scores());
        for p in 0..4 {
            assert_eq!(c.observation_string(p), a.observation_string(p));
        }
    }
}

#[test]
fn every_ability_of_the_rules_compiles() {
    let r = rules_for(4);
    assert_eq!(r.kinds.len(), 25);
    let with = r.kinds.iter().filter(|k| k.program.is_some()).count();
    assert_eq!(with, 16, "every card whose cards.ron entry has an effect");
}

#[test]
fn every_player_count_loads_and_six_is_refused_beyond() {
    for n in 2..=6 {
        let r = rules_for(n);
        assert_eq!(r.columns, n);
        assert_eq!(r.objectives.len(), if n == 2 { 30 } else { 36 });
    }
    let sel = Selection {
        players: Some(7),
        ..Selection::default()
    };
    let e = DeCape::load(&dir(), &sel).unwrap_err().to_string();
    assert!(e.contains("2 to 6 players, not 7"), "{e}");
}

fn with_file(file: &str, from: &str, to: &str) -> GameDir {
    let GameDir::BuiltIn(game) = dir() else {
        unreachable!()
    };
    let text = ludus::load::rules_dir::source_text(&dir().file_path(file)).unwrap();
    assert!(text.contains(from), "{from}");
    GameDir::built_in_game_with(game, &[(file, &text.replacen(from, to, 1))])
}

#[test]
fn a_malformed_ability_is_reported_at_its_line_and_column() {
    let d = with_file("cards.ron", "seal this.column;", "seal this.colum;");
    let e = DeCape::load(&d, &Selection::default()).unwrap_err();
    let text = e.to_string();
    let ds: Vec<_> = e.iter().collect();
    assert_eq!(ds.len(), 1, "{text}");
    assert!(text.contains("in the ability of `storm`"), "{text}");
    let cards = ludus::load::rules_dir::source_text(&dir().file_path("cards.ron")).unwrap();
    let line = cards
        .lines()
        .position(|l| l.contains("seal this.column;"))
        .unwrap()
        + 1;
    assert_eq!(ds[0].line, line, "{text}");
    let col = cards.lines().nth(line - 1).unwrap().find("seal").unwrap() + 1;
    assert!(ds[0].col > col, "{text}");
}

#[test]
fn an_unknown_card_in_an_ability_names_the_nearest() {
    let d = with_file("cards.ron", "kind: magician)) == 1", "kind: magican)) == 1");
    let e = DeCape::load(&d, &Selection::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown card `magican`"), "{e}");
    assert!(e.contains("did you mean `magician`?"), "{e}");
    assert!(e.contains("cards.ron:"), "{e}");
}

#[test]
fn bad_numbers_and_toggles_are_diagnostics_not_panics() {
    let d = with_file("setup.ron", "hand_size: 3", "hand_size: 100000000000");
    let e = DeCape::load(&d, &Selection::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("setup.ron:") && e.contains("hand_size must be"),
        "{e}"
    );
    let d = with_file("toggles.ron", "default: Farther", "default: Farthest");
    let e = DeCape::load(&d, &Selection::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("toggles.ron:") && e.contains("unknown reading \"Farthest\""),
        "{e}"
    );
    let d = with_file("round.ron", "column_capacity: 40", "column_capacity: 4000");
    assert!(DeCape::load(&d, &Selection::default()).is_err());
}

/// A card that exists only in a copy of the rules: a new kind with an
/// ability written in the effect language, in every colour's deck.
#[test]
fn a_card_added_in_data_only_is_played() {
    let GameDir::BuiltIn(game) = dir() else {
        unreachable!()
    };
    let src = |f: &str| ludus::load::rules_dir::source_text(&dir().file_path(f)).unwrap();
    let cards = src("cards.ron").replacen(
        "    kinds: [",
        r##"    kinds: [
        (id: "herald", name: "Herald", value: 6,
            effect: r#"
            at round end 5:
            require count(column(owner: owner)) >= 2;
            modify column(owner: owner, not: this) by 1;
        "#),"##,
        1,
    );
    let colours = src("colours.ron")
        .replacen(
            "deck: [",
            "deck: [\n        (card: \"herald\", count: 1),",
            1,
        )
        .replace("deck_total: 25", "deck_total: 26");
    let round = src("round.ron").replace("\"beggar\"]", "\"beggar\", \"herald\"]");
    let d = GameDir::built_in_game_with(
        game,
        &[
            ("cards.ron", &cards),
            ("colours.ron", &colours),
            ("round.ron", &round),
        ],
    );
    let r = DeCape::load(&d, &Selection::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .rules;
    assert_eq!(r.deck_len(), 26);
    let herald = r.kinds.iter().position(|k| k.id == "herald").unwrap();
    let mut seen = 0;
    for g in 0..200 {
        let (s, _) = checked_game(&r, g);
        for e in s.events() {
            if let Event::Settled { values, .. } = e {
                seen += values
                    .iter()
                    .filter(|(c, _)| r.kind_of(*c) == herald)
                    .count();
            }
        }
    }
    assert!(seen > 100, "the Herald was settled {seen} times");
}

/// The generic soak (`ludus soak`'s checks): invariants, legal moves empty
/// exactly at the end, no seat's observation changed by redrawing what it
/// cannot see, the replay from the seed.
#[test]
fn the_soak_finds_nothing() {
    use ludus::soak::{SoakOptions, soak};
    for players in [2, 4, 6] {
        let r = rules_for(players);
        let deal = move |seed: u64| State::new(r.clone(), seed, true);
        let sets = vec![(format!("{players} players"), deal)];
        let opts = SoakOptions {
            games: 100,
            seed: 3,
            threads: 1,
            leak_every: 1,
        };
        let report = soak(&sets, &opts, &|_| {});
        assert_eq!(report.violation_count, 0, "{:#?}", report.violations);
        assert_eq!(report.games, 100);
    }
}

/// The generic agents play the game through `Agents`: greedy and a small
/// ISMCTS, three seats.
#[test]
fn greedy_and_ismcts_play_a_game() {
    use ludus::agents::{Agents, IsmctsAgent, IsmctsConfig};
    use ludus::engine::agent::Agent;
    let r = rules_for(3);
    let mut agents: Vec<Box<dyn Agent<State>>> = vec![
        DeCape::greedy(&Default::default(), 1),
        Box::new(IsmctsAgent::<DeCape>::new(
            IsmctsConfig::with_iterations(30),
            2,
        )),
        DeCape::greedy(&Default::default(), 3),
    ];
    let mut s = State::new(r, 5, false);
    let mut buf = Vec::new();
    while !s.is_terminal() {
        let seat = s.actor() as usize;
        let (m, _) = agents[seat].choose_move(&s, &mut buf);
        s.apply(m).unwrap();
        s.check_invariants().unwrap();
    }
    assert!(Scored::end_reason(&s).is_some());
}

/// Random playouts per second of this thread's CPU time (not wall time:
/// the machine may be shared), for 2, 4 and 6 players:
/// `cargo test --profile tests --test suite de_cape:: -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn speed_of_random_playouts() {
    /// This thread's CPU time in seconds (Linux: /proc/thread-self/stat).
    fn cpu() -> f64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
        let after = stat.rsplit_once(") ").map_or("", |(_, r)| r);
        let f: Vec<f64> = after.split(' ').map(|x| x.parse().unwrap_or(0.0)).collect();
        (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
    }
    for players in [2, 4, 6] {
        let r = rules_for(players);
        let mut buf = Vec::new();
        let (wall, cpu0) = (std::time::Instant::now(), cpu());
        let (mut games, mut placements) = (0u64, 0u64);
        while wall.elapsed().as_secs_f64() < 5.0 {
            let mut s = State::new(r.clone(), seed::derive(1, games, 0), false);
            let mut rng = seed::agent_rng(seed::derive(1, games, 1));
            while !s.is_terminal() {
                let (m, _) = s.random_legal(&mut rng, &mut buf);
                s.apply_legal(m);
            }
            games += 1;
            placements += u64::from(s.placements());
        }
        let (w, c) = (wall.elapsed().as_secs_f64(), cpu() - cpu0);
        eprintln!(
            "{players} players: {games} games, {:.0} games/s and {:.0} placements/s of CPU time ({:.0} games/s of wall time)",
            games as f64 / c,
            placements as f64 / c,
            games as f64 / w
        );
    }
}

/// Broken copies of the rules: each edit is one clear diagnostic in its
/// file, never a panic.
#[test]
fn every_kind_of_broken_rule_is_a_diagnostic() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("cards.ron", "value: 20", "value: 20.25", "half points"),
        ("cards.ron", "value: 20", "value: -3", "half points"),
        (
            "cards.ron",
            "domain: \"alchemy\"",
            "domain: \"alchemie\"",
            "unknown domain",
        ),
        (
            "cards.ron",
            "at round end 5:\n            modify this by -count",
            "at round end 7:\n            modify this by -count",
            "no round-end step 7",
        ),
        (
            "cards.ron",
            "seal this.column;",
            "eliminate column(not: this);",
            "acts only in an ability `at round end N:`",
        ),
        (
            "cards.ron",
            "discard revealer;",
            "discard revealr;",
            "`revealr` is not defined",
        ),
        (
            "cards.ron",
            "owner: others",
            "owner: nobody",
            "unknown player `nobody`",
        ),
        (
            "cards.ron",
            "swap objectives this.column, c;",
            "discard c;",
            "`c` is a column, not a card",
        ),
        (
            "cards.ron",
            "choose column c where c != this.column",
            "choose column this where this != this.column",
            "`this` is already a name here",
        ),
        (
            "cards.ron",
            "award column to lowest;",
            "award column to highest;",
            "unknown award rule",
        ),
        (
            "cards.ron",
            "seal this.column;",
            "look at column(not: this);",
            "`look at` has no meaning in this game's abilities",
        ),
        (
            "cards.ron",
            "on revealed:\n            seal this.column;",
            "seal this.column;",
            "an ability starts with a trigger",
        ),
        (
            "cards.ron",
            "require count(column(kind: magician)) == 1;",
            "require no column(kind: magician);",
            "`no` has no meaning in this game's abilities",
        ),
        (
            "cards.ron",
            "(id: \"king\",",
            "(id: \"king\", colour: 1,",
            "unknown field",
        ),
        (
            "colours.ron",
            "(card: \"king\", count: 1)",
            "(card: \"kong\", count: 1)",
            "did you mean \"king\"?",
        ),
        (
            "colours.ron",
            "(card: \"king\", count: 1)",
            "(card: \"king\", count: 99999999999)",
            "count must be",
        ),
        (
            "colours.ron",
            "deck_total: 25",
            "deck_total: 24",
            "holds 25 cards, not 24",
        ),
        (
            "objectives.ron",
            "total: 36",
            "total: 35",
            "make 36 objectives, not 35",
        ),
        (
            "setup.ron",
            "(players: 4, columns: 4, objectives: 24, pool: 36)",
            "(players: 4, columns: 5, objectives: 24, pool: 36)",
            "the rules above give 4 here",
        ),
        (
            "setup.ron",
            "reserve: ShuffledDeck",
            "reserve: Sorted",
            "unknown value `Sorted`",
        ),
        (
            "round.ron",
            "rounds: 6",
            "rounds: 7",
            "7 rounds of 4 columns",
        ),
        (
            "round.ron",
            "(step: 2, kinds: [\"magician\"])",
            "(step: 2, kinds: [\"magicien\"])",
            "unknown card \"magicien\"",
        ),
        (
            "toggles.ron",
            "readings: [Farther, Nearer]",
            "readings: [Farther]",
            "the readings of \"column.below\"",
        ),
        (
            "toggles.ron",
            "(key: \"empty_hand\"",
            "(key: \"empty_hands\"",
            "unknown toggle \"empty_hands\"",
        ),
        (
            "toggles.ron",
            "means: {Nearer: [below_is_nearer]}",
            "means: {Nearer: [below_is_nearr]}",
            "unknown meaning \"below_is_nearr\"",
        ),
        (
            "toggles.ron",
            "means: {NoFloor: [no_floor]}",
            "means: {NoFloor: [below_is_nearer]}",
            "\"below_is_nearer\" is already a meaning of \"column.below\"",
        ),
        (
            "toggles.ron",
            "means: {Nearer: [below_is_nearer]}",
            "means: {Farther: [below_is_nearer]}",
            "the reading Nearer of \"column.below\" has no meaning",
        ),
        (
            "toggles.ron",
            "readings: [Draws, NoDraw],",
            "readings: [Draws, NoDraw], means: {NoDraw: [no_floor]},",
            "this module plays \"round_end.draw\"",
        ),
        (
            "game.ron",
            "default_players: 4",
            "default_players: 40",
            "players must be",
        ),
    ];
    let GameDir::BuiltIn(game) = dir() else {
        unreachable!()
    };
    for (file, from, to, says) in cases {
        let text = ludus::load::rules_dir::source_text(&dir().file_path(file)).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        let d = GameDir::built_in_game_with(game, &[(file, &text.replacen(from, to, 1))]);
        let e = match DeCape::load(&d, &Selection::default()) {
            Ok(_) => panic!("{file}: {to} is accepted"),
            Err(e) => e,
        };
        let text = e.to_string();
        assert!(text.contains(says), "{file}: {to}: {text}");
        assert!(text.contains(&format!("{file}:")), "{file}: {to}: {text}");
    }
    // Overlays: an unknown variant, key or reading.
    let sel = |sets: &[&str], variant: Option<&str>| Selection {
        variant: variant.map(str::to_string),
        sets: sets.iter().map(|s| s.to_string()).collect(),
        ..Selection::default()
    };
    for (s, says) in [
        (sel(&[], Some("no-such")), "unknown variant \"no-such\""),
        (
            sel(&["toggles.value.floor=Minus"], None),
            "unknown reading \"Minus\"",
        ),
        (sel(&["card.hermit.value=x"], None), "card.hermit.value"),
    ] {
        let e = DeCape::load(&dir(), &s).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
    }
    let hermit = Selection {
        addons: vec!["hermit-12".into()],
        ..Selection::default()
    };
    let hermit = DeCape::load(&dir(), &hermit).unwrap().rules;
    assert_eq!(
        hermit
            .kinds
            .iter()
            .find(|k| k.id == "hermit")
            .unwrap()
            .value,
        24
    );
}

/// The registry runs the game: `ludus check` reads every player count and
/// overlay, `ludus soak` finds nothing, `ludus arena` plays it.
#[test]
fn the_command_line_runs_the_game() {
    let ludus = env!("CARGO_BIN_EXE_ludus");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(ludus)
            .args(args)
            .env_remove("LUDUS_RULES")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "ludus {args:?}: {text}");
        text
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/de_cape_et_d_epee");
    let t = run(&["check", dir]);
    assert!(
        t.contains("6 players: ok") && t.contains("card.hermit.value: 11 -> 12"),
        "{t}"
    );
    let t = run(&["soak", "--game", "de-cape", "--games", "60"]);
    assert!(t.contains(" 0 violation(s)"), "{t}");
    let t = run(&[
        "arena",
        "--game",
        "de-cape",
        "--players",
        "3",
        "--agents",
        "greedy,random,random",
        "--games",
        "6",
    ]);
    assert!(t.contains("A wins"), "{t}");
}

/// The leak test over every game (`tests/suite/leaks_every_game.rs`) found it:
/// the determinization shuffled the hidden cards from where they really
/// were, so the same random stream gave another copy when they were
/// elsewhere, and the search (which starts from such copies) decided by
/// them. Each shuffle now starts from the cards in order: the copy depends
/// on what the seat sees and on the random stream only.
#[test]
fn the_determinization_depends_only_on_what_the_seat_sees() {
    let mut checked = 0;
    for players in [2, 4, 6] {
        let r = rules_for(players);
        for game in 0..4 {
            let mut s = State::new(r.clone(), seed::derive(43, players as u64, game), false);
            let mut rng = seed::agent_rng(seed::derive(43, game, 1));
            let mut buf = Vec::new();
            while !s.is_terminal() {
                for seat in 0..players {
                    let d = s.redrawn(seat, &mut rng);
                    let copy = |x: &State| x.redrawn(seat, &mut seed::agent_rng(7)).digest();
                    assert_eq!(copy(&s), copy(&d), "{players} players, game {game}");
                    checked += 1;
                }
                let (m, _) = s.random_legal(&mut rng, &mut buf);
                s.apply_legal(m);
            }
        }
    }
    assert!(checked > 500, "only {checked} states checked");
}

/// The leak test over every game found it too: the greedy agent played
/// each move on the true cards, so a placement that settles a column
/// scored by the other seats' hidden cards. It now plays them on a copy
/// with what the seat to act cannot see redrawn.
#[test]
fn the_greedy_scores_depend_only_on_what_the_seat_sees() {
    use ludus::agents::{Agents, Greedy};
    let w = ludus::games::de_cape_et_d_epee::agents::Weights::default();
    let (mut checked, mut would_have_leaked) = (0, 0);
    for players in [2, 3, 5] {
        let r = rules_for(players);
        for game in 0..4 {
            let mut s = State::new(r.clone(), seed::derive(44, players as u64, game), false);
            let mut rng = seed::agent_rng(seed::derive(44, game, 1));
            let mut legal = Vec::new();
            while !s.is_terminal() {
                s.legal_moves(&mut legal);
                let seat = s.actor() as usize;
                let d = s.redrawn(seat, &mut rng);
                let scores = |x: &State| DeCape::greedy_agent(&w, 9).scores(x, &legal);
                assert_eq!(scores(&s), scores(&d), "{players} players, game {game}");
                checked += 1;
                // What the old agent, on the true cards, scored.
                let old = |x: &State| -> Vec<f64> {
                    let one = |&m: &Move| {
                        let mut t = x.clone();
                        t.apply_legal(m);
                        t.evaluation(&w, seat)
                    };
                    legal.iter().map(one).collect()
                };
                if old(&s) != old(&d) {
                    would_have_leaked += 1;
                }
                let (m, _) = s.random_legal(&mut rng, &mut legal);
                s.apply_legal(m);
            }
        }
    }
    assert!(checked > 300, "only {checked} states checked");
    assert!(
        would_have_leaked > 0,
        "no redraw would have changed the old agent's scores"
    );
}

/// The card table a column's `Work` reads (`Rules::facts`, a fast path)
/// says what the kinds say, for every card under every domain, also with
/// a card's value overlaid; and so does its table of the cards with an
/// `on revealed:` ability (`Rules::reveals`).
#[test]
fn each_cards_facts_are_its_kinds() {
    use ludus::effects::columns::{ColumnRules, Trigger};
    let mut set = Selection {
        players: Some(6),
        ..Selection::default()
    };
    set.sets.push("card.king.value=7.5".into());
    let overlaid = DeCape::load(&dir(), &set).unwrap().rules;
    let king = overlaid.kinds.iter().find(|k| k.id == "king").unwrap();
    assert_eq!(king.value, 15, "the overlay is in force (half points)");
    for r in [rules_for(6), overlaid] {
        for c in 0..(r.players * r.deck_len()) as u8 {
            for domain in 0..r.domains.len() as u8 {
                let k = r.kind_of(c);
                let f = r.facts(c, domain);
                assert_eq!(usize::from(f.kind), k, "card {c}");
                assert_eq!(usize::from(f.owner), r.owner(c), "card {c}");
                assert_eq!(f.value, r.kinds[k].printed(domain), "card {c}");
                assert_eq!(f.valued, !r.kinds[k].valueless, "card {c}");
            }
            let program = r.kinds[r.kind_of(c)].program.as_ref();
            let reveals = program.is_some_and(|p| p.trigger == Trigger::Revealed);
            assert_eq!(r.reveals(c), reveals, "card {c}");
        }
    }
}

/// `round_end.order` at its default reading leaves the rules' fingerprint
/// as it was before the toggle existed (the 4-player fingerprint of
/// earlier saves and reports), and is listed among the rules in force; its
/// other reading changes the fingerprint.
#[test]
fn the_round_end_order_at_its_default_keeps_the_fingerprint() {
    let load = |sets: &[&str]| {
        let sel = Selection {
            players: Some(4),
            sets: sets.iter().map(|s| s.to_string()).collect(),
            ..Selection::default()
        };
        DeCape::load(&dir(), &sel).unwrap_or_else(|e| panic!("{e}"))
    };
    let default = load(&[]);
    assert_eq!(default.fingerprint, "41042217e0b3322e");
    let key = (
        "toggles.round_end.order".to_string(),
        "DrawThenSettle".to_string(),
    );
    assert!(default.rules.settings().contains(&key));
    let other = load(&["toggles.round_end.order=SettleThenDraw"]);
    assert_ne!(other.fingerprint, default.fingerprint);
}
