//! `ludus check` reads every file a command would read, for every game:
//! each rule file, variant, names file, agents' weights, toggles, card
//! texts (`about/*.ftl`) and the folder's `games.ron`. Each is damaged in
//! turn in a copy of the shipped `rules/` (made a folder, emptied,
//! truncated, made unreadable), and `check` must fail naming it; a
//! malformed `games.ron` is refused by every command; a problem with no
//! place in its file is shown without a line and column (issue 43).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A copy of the shipped `rules/` folder (every game and `games.ron`).
fn copy_rules() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rules"),
        dir.path(),
    );
    dir
}

/// Runs `ludus` with no input and no colour; a run that does not end
/// within a minute is killed and fails the test (a hang is a bug too).
fn run(args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("LUDUS_RULES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("ludus {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `ludus check DIR`: it must fail (exit 1) and name `damaged` on stderr.
/// DIR is the game folder `damaged` lies in (checking the other games
/// too would only take longer), or `root` for what lies outside one or
/// is a game's folder itself.
fn check_fails_naming(root: &Path, damaged: &Path, what: &str) {
    let game = (damaged.strip_prefix(root).ok())
        .and_then(|rel| rel.components().next())
        .map(|first| root.join(first))
        .filter(|game| game.is_dir() && game != damaged);
    let dir = game.as_deref().unwrap_or(root);
    let (code, out, err) = run(&["check", &dir.to_string_lossy()]);
    let name = damaged.to_string_lossy();
    assert_eq!(code, 1, "{what} {name}: check passed\n{out}{err}");
    assert!(err.contains(&*name), "{what} {name}: not named\n{err}");
}

/// Every file and every folder under `dir`, sorted.
fn walk(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let (mut files, mut folders) = (vec![], vec![]);
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            let (f, d) = walk(&p);
            folders.push(p);
            files.extend(f);
            folders.extend(d);
        } else {
            files.push(p);
        }
    }
    files.sort();
    folders.sort();
    (files, folders)
}

/// Whether this process reads a file whatever its permissions (root):
/// then `chmod 000` cannot make a file unreadable.
fn reads_anything(dir: &Path) -> bool {
    let p = dir.join("probe");
    std::fs::write(&p, "x").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o000)).unwrap();
    let read = std::fs::read(&p).is_ok();
    std::fs::remove_file(&p).unwrap();
    read
}

fn set_mode(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The shipped files `check` is expected to read: all of them (both
/// games' rule files, variants, names, agents' weights, toggles, card
/// texts, and `games.ron`).
fn shipped_files(root: &Path) -> Vec<PathBuf> {
    let files = walk(root).0;
    for want in [
        "games.ron",
        "caesar_cleopatra/game.ron",
        "caesar_cleopatra/agents/greedy.ron",
        "caesar_cleopatra/about/en.ftl",
        "caesar_cleopatra/about/fr.ftl",
        "caesar_cleopatra/names/fr-suffrage.ron",
        "caesar_cleopatra/variants/beginner.ron",
        "de_cape_et_d_epee/toggles.ron",
        "de_cape_et_d_epee/names/fr-filosofia.ron",
        "de_cape_et_d_epee/variants/hermit-12.ron",
    ] {
        assert!(files.contains(&root.join(want)), "{want} is not shipped");
    }
    files
}

#[test]
fn check_fails_naming_each_file_made_a_folder_empty_or_truncated() {
    let root = copy_rules();
    let root = root.path();
    let (code, _, err) = run(&["check", &root.to_string_lossy()]);
    assert_eq!(code, 0, "the copy of the shipped rules passes: {err}");
    for file in shipped_files(root) {
        let text = std::fs::read_to_string(&file).unwrap();
        // A folder where the file should be.
        std::fs::remove_file(&file).unwrap();
        std::fs::create_dir(&file).unwrap();
        check_fails_naming(root, &file, "a folder at");
        std::fs::remove_dir(&file).unwrap();
        // Empty.
        std::fs::write(&file, "").unwrap();
        check_fails_naming(root, &file, "empty");
        // Cut in the middle (at a character's boundary).
        let mut half = text.len() / 2;
        while !text.is_char_boundary(half) {
            half -= 1;
        }
        std::fs::write(&file, &text[..half]).unwrap();
        check_fails_naming(root, &file, "truncated");
        std::fs::write(&file, &text).unwrap();
    }
}

#[test]
fn check_fails_naming_each_file_or_folder_it_cannot_read() {
    let root = copy_rules();
    let root = root.path();
    let (files, folders) = (shipped_files(root), walk(root).1);
    // A pipe where a file should be: refused, never waited on.
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        std::fs::remove_file(file).unwrap();
        let made = Command::new("mkfifo").arg(file).status().unwrap();
        assert!(made.success());
        check_fails_naming(root, file, "a pipe at");
        std::fs::remove_file(file).unwrap();
        std::fs::write(file, text).unwrap();
    }
    // A file where a folder should be: each game's subfolders, and the
    // folder of the game games.ron names (a folder of games may hold
    // other files: a game folder it does not name is not missed).
    let default = root.join("caesar_cleopatra");
    let subfolders = folders.iter().filter(|f| f.parent() != Some(root));
    for folder in subfolders.chain([&default]) {
        let aside = folder.with_extension("aside");
        std::fs::rename(folder, &aside).unwrap();
        std::fs::write(folder, "not a folder\n").unwrap();
        check_fails_naming(root, folder, "a file at");
        std::fs::remove_file(folder).unwrap();
        std::fs::rename(&aside, folder).unwrap();
    }
    if reads_anything(root) {
        eprintln!(
            "notice: running as a user who reads every file (root): the unreadable-file cases \
             (chmod 000) are skipped; the folder, pipe and file-for-folder cases ran"
        );
        return;
    }
    for path in files.iter().chain(&folders) {
        let mode = std::fs::metadata(path).unwrap().permissions().mode();
        set_mode(path, 0o000);
        check_fails_naming(root, path, "unreadable");
        set_mode(path, mode);
    }
}

#[test]
fn the_card_texts_are_checked_message_by_message() {
    let root = copy_rules();
    let about = root.path().join("caesar_cleopatra/about");
    let en = about.join("en.ftl");
    let fr = about.join("fr.ftl");
    let fr_text = std::fs::read_to_string(&fr).unwrap();
    let dir = root.path().to_string_lossy().into_owned();
    // A Fluent syntax error, at its line and column (`=` expected after
    // the id).
    std::fs::write(&fr, format!("{fr_text}veto\n")).unwrap();
    let (code, _, err) = run(&["check", &dir]);
    assert_eq!(code, 1, "{err}");
    let line = fr_text.lines().count() + 1;
    assert!(err.contains(&format!("{}:{line}:5", fr.display())), "{err}");
    assert!(err.contains("Fluent syntax error"), "{err}");
    // A message French lacks, by its id.
    let without_veto: String = fr_text
        .lines()
        .filter(|l| !l.starts_with("veto ="))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&fr, without_veto).unwrap();
    let (code, _, err) = run(&["check", &dir]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!(
            "{}: error: lacks the message(s) of en.ftl: veto",
            fr.display()
        )),
        "{err}"
    );
    std::fs::write(&fr, &fr_text).unwrap();
    // No English file beside the others: what a language without its own
    // file is read from.
    std::fs::remove_file(&en).unwrap();
    let (code, _, err) = run(&["check", &dir]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("{}: error: missing", en.display())),
        "{err}"
    );
    // Every game's card texts are read: de Cape's too.
    let de_cape = root.path().join("de_cape_et_d_epee/about");
    std::fs::create_dir_all(&de_cape).unwrap();
    std::fs::write(de_cape.join("en.ftl"), "hermit = \n").unwrap();
    let (code, _, err) = run(&["check", &dir]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&de_cape.join("en.ftl").to_string_lossy().into_owned()),
        "{err}"
    );
}

#[test]
fn a_malformed_games_ron_fails_check_and_every_command_at_its_place() {
    let root = copy_rules();
    let dir = root.path().to_string_lossy().into_owned();
    let games = root.path().join("games.ron");
    let text = std::fs::read_to_string(&games).unwrap();
    std::fs::write(&games, text.replace("default:", "defualt:")).unwrap();
    let line = text.lines().position(|l| l.contains("default:")).unwrap() + 1;
    let at = format!("{}:{line}:5", games.display());
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/000/aediles_vote.ron"
    );
    let commands: [&[&str]; 7] = [
        &["check", &dir],
        &["simulate", "--games", "2", "--rules", &dir],
        &["variants", "list", "--rules", &dir],
        &["scenario", "run", scenario, "--rules", &dir],
        &[
            "arena", "--a", "random", "--b", "random", "--games", "2", "--rules", &dir,
        ],
        &["soak", "--games", "2", "--rules", &dir],
        &["play", "--ai", "random", "--rules", &dir],
    ];
    for args in commands {
        let (code, out, err) = run(args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(err.contains(&at), "{args:?}: {err}");
        // With --game too: the folder is refused, not half read.
        if args[0] != "check" {
            let mut with_game = args.to_vec();
            with_game.extend(["--game", "caesar"]);
            let (code, _, err) = run(&with_game);
            assert_eq!(code, 1, "{with_game:?}: {err}");
            assert!(err.contains(&at), "{with_game:?}: {err}");
        }
    }
    // A default that names no game of the folder, at the name.
    std::fs::write(&games, text.replace("\"caesar_cleopatra\"", "\"chess\"")).unwrap();
    let (code, _, err) = run(&["variants", "list", "--rules", &dir]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no game \"chess\""), "{err}");
    assert!(
        err.contains(&format!("{}:{line}:14", games.display())),
        "{err}"
    );
}

#[test]
fn a_problem_with_no_place_is_shown_without_line_and_column() {
    let (code, _, err) = run(&["check", "/nonexistent"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim_end(),
        "/nonexistent: error: rules directory not found: /nonexistent"
    );
    let (code, _, err) = run(&["simulate", "--games", "2", "--lang", "de"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.lines().next().unwrap(),
        "built-in:rules/caesar_cleopatra/names: error: no names in the language \"de\"",
        "{err}"
    );
}
