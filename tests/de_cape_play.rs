//! `ludus play --game de-cape`: the number of players asked for is the
//! game's, and the board with the placement grid fits an 80x24 terminal
//! for 2 to 6 seats.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(players: usize, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "play",
            "--game",
            "de-cape",
            "--players",
            &players.to_string(),
        ])
        .args(["--ai", "greedy", "--seed", "3", "--no-autosave"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_board_and_the_placements_fit_80_by_24_for_every_player_count() {
    for n in 2..=6 {
        // Six placements of the person's, then the board and its choices.
        let out = play(n, "1\n1\n1\n1\n1\n1\nboard\nquit\n");
        let screen = out.rsplit("> board").next().unwrap();
        let screen = screen.split("> quit").next().unwrap();
        let lines: Vec<&str> = screen.trim_matches('\n').lines().collect();
        assert!(
            lines.len() < 24,
            "{n} players: {} lines\n{screen}",
            lines.len()
        );
        for l in &lines {
            assert!(l.chars().count() <= 80, "{n} players: too wide: {l}");
        }
        let seats = lines
            .iter()
            .filter(|l| l.contains(" points, reserve "))
            .count();
        assert_eq!(seats, n, "{n} players:\n{screen}");
        assert!(screen.contains("card \\ column"), "{screen}");
    }
}
