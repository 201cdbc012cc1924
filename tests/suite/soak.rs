//! The short soak of CI: random games over every variant and add-on, every
//! invariant checked after every move (the long one is `ludus soak`).

use std::process::Command;

/// Caesar & Cleopatra and de Cape, 400 games each over every rule set (a
/// described game's soak is `described::a_short_soak_finds_no_violation`:
/// its games are long, and every game at once would take minutes).
#[test]
fn a_short_soak_over_every_rule_set_finds_nothing() {
    for (game, sets) in [("caesar", 16), ("de-cape", 30)] {
        let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args([
                "soak",
                "--game",
                game,
                "--games",
                "400",
                "--seed",
                "7",
                "--threads",
                "2",
            ])
            .env_remove("LUDUS_RULES")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Caesar & Cleopatra: 4 variants (base and three rulebooks), each
        // alone and with 3 add-ons. de Cape: 2 variants (base,
        // fr-filosofia), each alone and with 2 add-ons, each with 2 to 6
        // players.
        let head = format!("soak: 400 games over {sets} rule sets");
        assert!(text.starts_with(&head), "{text}");
        assert!(text.contains("400 replays, 0 violation(s)"), "{text}");
    }
}

/// `--game` soaks one game alone, with every number of players it is
/// played by.
#[test]
fn a_soak_of_one_game_covers_its_player_counts() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["soak", "--game", "de-cape", "--games", "30", "--seed", "2"])
        .args(["--threads", "2"])
        .env_remove("LUDUS_RULES")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.starts_with("soak: 30 games over 30 rule sets"),
        "{text}"
    );
    assert!(text.contains("30 replays, 0 violation(s)"), "{text}");
}

#[test]
fn the_opponents_score_is_shown_without_his_secret_mission() {
    // The soak's leak check found it: a seat's view showed the opponent's
    // score with his fulfilled mission, which told his secret mission.
    use ludus::engine::seed::derive;
    use ludus::engine::{Actor, GameState};
    use ludus::games::caesar_cleopatra::State;
    let rules = std::sync::Arc::new(
        ludus::games::caesar_cleopatra::load(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra"),
        )
        .unwrap(),
    );
    let mut checked = 0;
    for i in 0..200 {
        let mut s = State::with_log(rules.clone(), derive(3, i, 0), false);
        let mut rng = ludus::engine::seed::agent_rng(derive(3, i, 1));
        let mut legal = Vec::new();
        while let Actor::Player(_) = s.current_actor() {
            for p in 0..2 {
                let o = 1 - p;
                if s.score()[o] != s.public_points(o) {
                    let view = s.observation_string(p);
                    let shown = format!(
                        "(score now {} without the secret mission)",
                        s.public_points(o)
                    );
                    assert!(view.contains(&shown), "{view}");
                    checked += 1;
                }
            }
            let (m, _) = s.random_legal(&mut rng, &mut legal);
            s.apply_legal(m);
        }
    }
    assert!(
        checked > 100,
        "only {checked} positions with a fulfilled mission"
    );
}
