//! de Cape & d'Épée, played by its description (`rules/de_cape_et_d_epee/`,
//! docs/de-cape-described.md): the same games as the retired module
//! (issue 40), checked by `simulate --json` hashes the module recorded;
//! every toggle's other reading, variant and add-on loads and plays; the
//! module's saves replay; the command line checks, soaks and plays it.

use std::path::Path;

use sha1::{Digest, Sha1};

use ludus::described::Described;
use ludus::engine::{Game, GameState, Scored, Selection};
use ludus::load::GameDir;

fn dir() -> GameDir {
    GameDir::built_in_game("de-cape").unwrap()
}

/// The rules a game is played under: a toggle's other reading (`--set`),
/// a variant or an add-on.
#[derive(Debug, Clone)]
enum Rule {
    Set(String),
    Variant(String),
    Addon(String),
}

fn selection(players: usize, rule: &Rule) -> Selection {
    let mut sel = Selection {
        players: Some(players),
        ..Selection::default()
    };
    match rule {
        Rule::Set(s) => sel.sets.push(s.clone()),
        Rule::Variant(v) => sel.variant = Some(v.clone()),
        Rule::Addon(a) => sel.addons.push(a.clone()),
    }
    sel
}

/// Every toggle's readings other than its default, as `--set` entries,
/// read from toggles.ron.
fn other_readings() -> Vec<Rule> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/de_cape_et_d_epee/toggles.ron"),
    )
    .unwrap();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("(key: \"") else {
            continue;
        };
        let key = &rest[..rest.find('"').unwrap()];
        let field = |name: &str| {
            let at = rest.find(name).unwrap() + name.len();
            rest[at..].to_string()
        };
        let default = field("default: ");
        let default = default[..default.find(',').unwrap()].trim().to_string();
        let readings = field("readings: [");
        for reading in readings[..readings.find(']').unwrap()].split(',') {
            let reading = reading.trim();
            if reading != default {
                out.push(Rule::Set(format!("toggles.{key}={reading}")));
            }
        }
    }
    out
}

/// The variants and add-ons, by their files.
fn variants() -> Vec<Rule> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/de_cape_et_d_epee/variants");
    let mut out: Vec<Rule> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let id = p.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            if text.contains("addon: true") {
                Rule::Addon(id)
            } else {
                Rule::Variant(id)
            }
        })
        .collect();
    out.sort_by_key(|r| format!("{r:?}"));
    out
}

#[test]
fn every_other_reading_and_variant_loads_and_plays_a_game() {
    let rules: Vec<Rule> = other_readings().into_iter().chain(variants()).collect();
    // Today's files: 23 of the 25 toggles have other readings (24 in
    // all: prince_squire.needs has two), and three variant files (one base
    // variant, two add-ons).
    assert_eq!(rules.len(), 24 + 3, "{rules:?}");
    assert_eq!(
        rules.iter().filter(|r| matches!(r, Rule::Addon(_))).count(),
        2
    );
    for rule in &rules {
        let r = Described::load(&dir(), &selection(4, rule))
            .unwrap_or_else(|e| panic!("{rule:?}: {e}"))
            .rules;
        let mut s = Described::new_state(&r, 1, true);
        let mut rng = ludus::engine::seed::agent_rng(1);
        let mut buf = Vec::new();
        while !s.is_terminal() {
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply(m).unwrap_or_else(|e| panic!("{rule:?}: {e:?}"));
        }
        assert!(Scored::end_reason(&s).is_some(), "{rule:?}");
    }
}

/// `simulate --json` without its `run` block and timing keys (as
/// `dc-hashes2.sh` strips it), as the first 16 hex digits of its SHA-1.
fn stripped_hash(json: &str) -> String {
    fn strip(v: &mut serde_json::Value) {
        const TIMING: [&str; 10] = [
            "seconds",
            "games_per_sec",
            "turns_per_sec",
            "cards_per_sec",
            "moves_per_sec",
            "elapsed",
            "wall_seconds",
            "threads",
            "rules_source",
            "source",
        ];
        match v {
            serde_json::Value::Object(m) => {
                m.retain(|k, _| !TIMING.contains(&k.as_str()));
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v.as_object_mut().unwrap().remove("run");
    strip(&mut v);
    let digest = Sha1::digest(serde_json::to_string(&v).unwrap().as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The same games as the retired module: `simulate --json` (200 games,
/// seed 1) with 2, 4 and 6 players hashes as the module's did (recorded
/// with the module's last binary, `--game de-cape`; the description gave
/// the same hashes on 35 rule sets of 1,000 games before the module went).
#[test]
fn simulate_plays_the_module_s_games() {
    for (players, recorded) in [
        (2, "c06a91f593a0f2c9"),
        (4, "69f261e52ea1b740"),
        (6, "d41401d2a16f04c1"),
    ] {
        let p = players.to_string();
        let args = [
            "simulate",
            "-q",
            "--game",
            "de-cape",
            "--games",
            "200",
            "--seed",
            "1",
            "--json",
            "--players",
            &p,
        ];
        let (code, out, err) = crate::common::ludus(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(stripped_hash(&out), recorded, "{players} players");
    }
}

/// Saves the module wrote (`tests/saves/de-cape-module-*-players.ron`,
/// random games with 2, 4 and 6 players) load with the description, which
/// `replaces` the module's game: every move by its number and seat, and
/// the end's moves, turns and scores as the module recorded them (the
/// load checks them); a game's last position is the module's winner.
#[test]
fn the_module_s_saves_replay_with_the_description() {
    use ludus::play::Game;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (players, winner) in [(2, vec![1]), (4, vec![0]), (6, vec![0])] {
        let path = root.join(format!("tests/saves/de-cape-module-{players}-players.ron"));
        let g = Game::<Described>::load_with(&path, Some(dir()))
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert!(g.state.is_over(), "{players} players: the game is over");
        assert_eq!(g.state.leaders(), winner, "{players} players: the winner");
    }
    let path = root.join("tests/saves/de-cape-module-2-players.ron");
    let g = Game::<Described>::load_with(&path, Some(dir())).unwrap();
    assert_eq!(g.state.scores(), vec![13, 28]);
    // An end whose scores were edited is refused all the same.
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replace("scores: [13, 28]", "scores: [28, 13]");
    assert_ne!(edited, text);
    let tmp = std::env::temp_dir().join(format!("ludus-edited-{}.ron", std::process::id()));
    std::fs::write(&tmp, edited).unwrap();
    let e = Game::<Described>::load_with(&tmp, Some(dir())).err();
    let _ = std::fs::remove_file(&tmp);
    let e = format!("{:?}", e.expect("an edited end is refused"));
    assert!(e.contains("does not match the one saved"), "{e}");
}

/// `ludus check` reads every player count, variant and add-on; `ludus
/// soak` finds nothing; `ludus arena` plays it.
#[test]
fn the_command_line_runs_the_game() {
    let run = |args: &[&str]| {
        let (code, out, err) = crate::common::ludus(args);
        let text = out + &err;
        assert_eq!(code, 0, "ludus {args:?}: {text}");
        text
    };
    let t = run(&["check", "rules/de_cape_et_d_epee"]);
    assert!(
        t.contains("6 players: ok") && t.contains("card.hermit.value: (as printed) -> 12"),
        "{t}"
    );
    let t = run(&["soak", "--game", "de-cape", "--games", "20"]);
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
