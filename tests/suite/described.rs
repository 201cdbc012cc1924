//! A game written as a description (`rules/roemer/`, module `described`):
//! the same report on any thread count for 2 to 4 players; each change of
//! the description a designer would make (the team's length, the target,
//! the position multiplier, the trick's precedence) changes the games the
//! same binary plays; a misspelt zone is named at its file, line and
//! column; every card in one place after every move, no leak, the replay.

use std::path::Path;

use serde_json::Value;

use crate::common::ludus;
use ludus::described::{Described, State};
use ludus::engine::{Game, GameState, Selection};
use ludus::load::GameDir;

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = ludus(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let mut v: Value = serde_json::from_str(&out).unwrap();
    if let Some(o) = v.as_object_mut() {
        for k in ["seconds", "games_per_sec", "turns_per_sec", "threads"] {
            o.remove(k);
        }
    }
    v
}

fn simulate(rules: &str, players: &str, threads: &str) -> Value {
    json_of(&[
        "simulate",
        "--rules",
        rules,
        "--players",
        players,
        "--games",
        "60",
        "--seed",
        "1",
        "--json",
        "--threads",
        threads,
    ])
}

#[test]
fn the_same_games_on_one_and_two_threads_for_two_to_four_players() {
    for n in ["2", "3", "4"] {
        let one = simulate("rules/roemer", n, "1");
        assert_eq!(one["end_reasons"]["game_end"], 60, "{n} players: {one}");
        assert_eq!(one, simulate("rules/roemer", n, "2"), "{n} players");
    }
}

/// A copy of `rules/roemer/` in a temporary folder.
fn copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/roemer");
    copy_dir(&src, dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        let t = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &t);
        } else {
            std::fs::copy(&p, &t).unwrap();
        }
    }
}

fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let p = dir.join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in {file}");
    std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn each_change_of_the_description_changes_the_games() {
    let base_dir = copy();
    let base = simulate(base_dir.path().to_str().unwrap(), "3", "2");
    let changes: [(&str, &str, &str); 4] = [
        // The team's length, 7 to 6.
        (
            "procedure.ron",
            "(id: \"team_length\", value: 7,",
            "(id: \"team_length\", value: 6,",
        ),
        // The target, 500 to 300.
        (
            "procedure.ron",
            "(id: \"target\", value: 500,",
            "(id: \"target\", value: 300,",
        ),
        // No position multiplier.
        (
            "procedure.ron",
            "then (if first_horse_is_one then max(pos(c) - 1, 1) else pos(c))",
            "then 1",
        ),
        // The lowest card wins the trick.
        (
            "procedure.ron",
            "        d.combat,\n",
            "        -d.combat,\n",
        ),
    ];
    for (file, from, to) in changes {
        let dir = copy();
        edit(dir.path(), file, from, to);
        let changed = simulate(dir.path().to_str().unwrap(), "3", "2");
        assert_ne!(base, changed, "{to}: the same games");
        assert_eq!(changed["end_reasons"]["game_end"], 60, "{to}: {changed}");
    }
}

#[test]
fn check_names_a_misspelt_zone_at_its_place() {
    let dir = copy();
    edit(
        dir.path(),
        "procedure.ron",
        "put c to trick face up;",
        "put c to trik face up;",
    );
    let (code, out, err) = ludus(&["check", dir.path().to_str().unwrap()]);
    let all = format!("{out}{err}");
    assert_ne!(code, 0, "{all}");
    let text = std::fs::read_to_string(dir.path().join("procedure.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("trik")).unwrap() + 1;
    let col = text.lines().nth(line - 1).unwrap().find("trik").unwrap() + 1;
    assert!(
        all.contains(&format!("procedure.ron:{line}:{col}")),
        "{all}"
    );
    assert!(all.contains("unknown zone `trik`"), "{all}");
    assert!(all.contains("did you mean `trick`"), "{all}");
}

#[test]
fn several_problems_are_named_at_once() {
    let dir = copy();
    edit(
        dir.path(),
        "procedure.ron",
        "set led = c.colour;",
        "set led = c.combat;",
    );
    edit(dir.path(), "procedure.ron", "goto deal;", "goto dael;");
    edit(dir.path(), "procedure.ron", "c.points * (", "c.pionts * (");
    let (code, out, err) = ludus(&["check", dir.path().to_str().unwrap()]);
    let all = format!("{out}{err}");
    assert_ne!(code, 0, "{all}");
    assert!(all.contains("expected a colour, found a number"), "{all}");
    assert!(all.contains("unknown phase `dael`"), "{all}");
    assert!(all.contains("unknown attribute `pionts`"), "{all}");
}

#[test]
fn a_procedure_that_never_decides_stops_at_a_bound_naming_its_phase() {
    let dir = copy();
    edit(
        dir.path(),
        "procedure.ron",
        "phase deal {\n",
        "phase deal {\n    loop { set rounds = rounds; }\n",
    );
    let rules = Described::load(
        &GameDir::Disk(dir.path().to_path_buf()),
        &Selection::default(),
    )
    .unwrap()
    .rules;
    let s = State::new(rules, 1, false);
    assert!(s.is_terminal());
    assert_eq!(ludus::engine::Scored::end_reason(&s), Some("step_cap"));
    let (code, out, err) = ludus(&["check", dir.path().to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        format!("{out}{err}").contains("in phase `deal`"),
        "{out}{err}"
    );
}

#[test]
fn a_short_soak_finds_no_violation() {
    let args = [
        "soak",
        "--game",
        "roemer",
        "--games",
        "6",
        "--seed",
        "3",
        "--leak-every",
        "5",
    ];
    let (code, out, err) = ludus(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        format!("{out}{err}").contains(" 0 violation(s)"),
        "{out}{err}"
    );
}

#[test]
fn hidden_cards_are_hidden_from_the_others() {
    let rules = Described::load(&GameDir::BuiltIn("roemer"), &Selection::default())
        .unwrap()
        .rules;
    let s = State::new(rules, 7, false);
    let seat = match s.current_actor() {
        ludus::engine::Actor::Player(p) => p,
        _ => panic!("a decision first"),
    };
    let mine = s.observation_string(seat);
    let other = s.observation_string((seat + 1) % 3);
    assert_ne!(mine, other);
    assert!(other.contains("15 x a hidden card"), "{other}");
}

/// A new game without a log starts from a copy of the ops that come
/// before the first shuffle or decision (`Rules::fixed_start`): it is the
/// game a blank state run from its first op gives, at the deal and after
/// 40 random moves, for every described game and number of players.
#[test]
fn a_game_started_from_the_fixed_start_is_the_game_run_from_the_first_op() {
    use ludus::engine::seed::{agent_rng, derive};
    for (game, players) in [("roemer", 2..=4), ("de-cape", 2..=6)] {
        let dir = GameDir::built_in_game(game).unwrap();
        for n in players {
            let sel = Selection {
                players: Some(n),
                ..Selection::default()
            };
            let rules = Described::load(&dir, &sel).unwrap().rules;
            let (fixed, steps) = rules.fixed_start.as_ref().unwrap();
            assert!(fixed.pc > 0, "{game} {n}: nothing fixed ({steps} steps)");
            let mut buf = Vec::new();
            for seed in 0..10 {
                let mut copied = State::new(rules.clone(), seed, false);
                let mut run = State::blank(rules.clone(), seed, false);
                run.run();
                assert_eq!(copied.digest(), run.digest(), "{game} {n} seed {seed}");
                let mut rng = agent_rng(derive(seed, 0, 1));
                for _ in 0..40 {
                    if copied.is_terminal() {
                        break;
                    }
                    let (m, _) = copied.random_legal(&mut rng, &mut buf);
                    copied.apply_legal(m);
                    run.apply_legal(m);
                }
                assert_eq!(copied.digest(), run.digest(), "{game} {n} seed {seed}");
            }
        }
    }
}
