//! `ludus play --game de-cape`: the number of players asked for is the
//! game's, and the board with the placements fits 80 columns for 2 to 6
//! seats (the grid of placements, cards by columns: 24 rows are checked
//! by `de_cape_screen.rs`).

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
fn the_board_and_the_placements_fit_80_columns_for_every_player_count() {
    for n in 2..=6 {
        // Six placements of the person's, then the board and its choices.
        let out = play(n, "1\n1\n1\n1\n1\n1\nboard\nquit\n");
        let screen = out.rsplit("> board").next().unwrap();
        let screen = screen.split("> quit").next().unwrap();
        let lines: Vec<&str> = screen.trim_matches('\n').lines().collect();
        for l in &lines {
            assert!(l.chars().count() <= 80, "{n} players: too wide: {l}");
        }
        let seats = lines.iter().filter(|l| l.contains(" · reserve ")).count();
        assert_eq!(seats, n, "{n} players:\n{screen}");
        // The grid of placements: the cards by the columns.
        assert!(screen.contains("place → column"), "{screen}");
    }
}

/// Every line `ludus play` writes in a whole game, from the intro (six
/// seats named with their AIs) through the round ends' narration (a
/// column's values, card by card) to the last score, is cut between words
/// within 80 columns.
#[test]
fn a_whole_six_player_game_writes_no_line_past_80_columns() {
    let out = play(6, &"1\n".repeat(40));
    assert!(out.contains(" wins.") || out.contains("draw"), "{out}");
    assert!(out.contains("the game is over · round 6"), "{out}");
    for l in out.lines() {
        assert!(l.chars().count() <= 80, "too wide: {l}");
    }
}

/// `ludus` run in `dir` with `input` typed, its output and exit code.
fn ludus_in(dir: &std::path::Path, args: &[&str], input: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LUDUS_DATA_DIR", dir.join("data"))
        .env_remove("LUDUS_RULES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (text, out.status.code().unwrap_or(-1))
}

/// A game of three players (not the default four) is saved with its
/// number of players, and resumes from another directory with the game's
/// own rules, not the default game's.
#[test]
fn a_three_player_game_saved_resumes_from_another_directory() {
    let tmp = std::env::temp_dir().join(format!("ludus-dc-resume-{}", std::process::id()));
    let (a, b) = (tmp.join("a"), tmp.join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let args = ["play", "--game", "de-cape", "--players", "3"];
    let args = [
        &args[..],
        &["--ai", "greedy", "--seed", "3", "--no-autosave"],
    ]
    .concat();
    let (out, code) = ludus_in(&a, &args, "1\n1\n1\nsave g.ron\nquit\n");
    assert_eq!(code, 0, "{out}");
    let save = a.join("g.ron");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("players: Some(3),"), "{text}");
    let resume = ["play", "--resume", save.to_str().unwrap(), "--no-autosave"];
    let (out, code) = ludus_in(&b, &resume, "1\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Blue to move · round "), "{out}");
    assert!(!out.contains("error"), "{out}");
    let (out, code) = ludus_in(&b, &["replay", save.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("The game stopped here"), "{out}");
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A save written before saves held the number of players (a three-player
/// game, `tests/saves/`) still resumes: the list of players gives it.
#[test]
fn a_save_without_the_number_of_players_takes_it_from_its_players() {
    let save = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves/de-cape-3-players-before-players-field.ron");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(!text.contains("players: Some"));
    let dir = std::env::temp_dir();
    let (out, code) = ludus_in(&dir, &["replay", save.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("The game stopped here"), "{out}");
}

/// A typed line that names no legal move is answered in the player's
/// language.
#[test]
fn a_line_naming_no_move_is_answered_in_the_players_language() {
    let dir = std::env::temp_dir();
    let args = ["play", "--game", "de-cape", "--players", "2", "--seed", "3"];
    let want = [
        ("en", "matches none of the legal moves"),
        ("fr", "ne correspond à aucun coup possible"),
        ("nl", "past bij geen enkele mogelijke zet"),
    ];
    for (lang, words) in want {
        let args = [&args[..], &["--no-autosave", "--lang", lang]].concat();
        let (out, code) = ludus_in(&dir, &args, "frobnicate\nquit\n");
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains(&format!(
                "frobnicate{}",
                if lang == "fr" { " »" } else { "\"" }
            )),
            "{out}"
        );
        assert!(out.contains(words), "{lang}: {out}");
    }
}
