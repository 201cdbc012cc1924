//! Saves never lose a game (issue 43): two games started in the same
//! second with the same seed each keep their own autosave; `last` reads
//! the save's own game; a resumed game goes on in its own file; the
//! temporary files a killed process left are removed. Driven through the
//! `ludus` binary, as a player runs it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ludus::described::Described;
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::play::Game;

/// `ludus ARGS` with autosaves under `data`, `input` on its stdin.
fn spawn(data: &Path, args: &[&str], input: &str) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .env("LUDUS_DATA_DIR", data)
        .env_remove("LUDUS_RULES")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    child
}

/// Waits for `child`: its stdout, and that it succeeded.
fn finish(child: Child) -> String {
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn ludus(data: &Path, args: &[&str], input: &str) -> String {
    finish(spawn(data, args, input))
}

/// The file and the number of moves `ludus play` says the game is saved
/// with ("The game is saved in FILE (N moves)").
fn saved_in(out: &str) -> (PathBuf, usize) {
    // Messages are wrapped at 80 columns: read them as one line.
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = out
        .split("The game is saved in ")
        .nth(1)
        .unwrap_or_else(|| panic!("no save named in\n{out}"));
    let (path, rest) = rest.split_once(" (").unwrap();
    let moves = rest.split_once(' ').unwrap().0.parse().unwrap();
    (PathBuf::from(path), moves)
}

/// The files of a folder, by name, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Sleeps until the start of the next second, so that processes started
/// now share their second (autosaves are named by it).
fn wait_for_a_new_second() {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    std::thread::sleep(Duration::from_nanos(
        1_000_000_000 - u64::from(now.subsec_nanos()),
    ));
}

/// 20 pairs of `ludus play`, each pair with the same seed and started in
/// the same second (so with the same autosave name): one stops at once,
/// the other after a move. Every game is kept in a file of its own, that
/// file holds that game, and replays.
#[test]
fn games_with_the_same_seed_started_in_the_same_second_each_keep_their_own_save() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path();
    let seeds: Vec<u64> = (0..20).map(|k| 4300 + k).collect();
    wait_for_a_new_second();
    let mut children = Vec::new();
    for &seed in &seeds {
        let s = seed.to_string();
        for input in ["", "1\n"] {
            let args = ["play", "--ai", "random", "--seed", &s];
            children.push((seed, input, spawn(data, &args, input)));
        }
    }
    let mut files = Vec::new();
    for (seed, input, child) in children {
        let (path, moves) = saved_in(&finish(child));
        // The file holds this game: its seed, and the moves it was told.
        let g = Game::<CaesarCleopatra>::load(&path).unwrap();
        assert_eq!((g.seed, g.moves.len()), (seed, moves), "{}", path.display());
        assert_eq!(moves == 0, input.is_empty(), "{}", path.display());
        files.push(path);
    }
    let mut distinct = files.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 40, "{files:#?}");
    let saves = names(&data.join("saves"));
    assert_eq!(saves.len(), 40, "{saves:#?}");
    assert!(saves.iter().all(|n| n.ends_with(".ron")), "{saves:#?}");
    // Most pairs shared their second: the second of each pair is numbered.
    let numbered = saves.iter().filter(|n| n.ends_with("-2.ron")).count();
    eprintln!("{numbered} of 20 pairs took the same name first");
    assert!(numbered >= 1, "no pair shared its second: {saves:#?}");
    for f in &files {
        let out = ludus(data, &["replay", f.to_str().unwrap()], "");
        assert!(
            out.starts_with(&format!("Replay of {}", f.display())),
            "{out}"
        );
    }
}

/// `replay last` and `play --resume last` read the newest autosave with
/// its own game's rules (here de Cape, not the default game); `--game`
/// given to `--resume` is said to be ignored; the resumed game goes on in
/// its own file.
#[test]
fn last_replays_and_resumes_a_de_cape_autosave_in_its_own_file() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path();
    let args = ["play", "--game", "de-cape", "--ai", "random", "--seed", "5"];
    let (file, moves) = saved_in(&ludus(data, &args, "1\n"));
    assert_eq!(Game::<Described>::load(&file).unwrap().moves.len(), moves);

    let out = replay_and_resume_last(data, &file, moves);
    let (again, more) = saved_in(&out);
    assert_eq!(again, file);
    assert!(more > moves, "{out}");
    assert_eq!(Game::<Described>::load(&file).unwrap().moves.len(), more);

    let resume = ["play", "--resume", "last", "--game", "caesar"];
    let out = ludus(data, &resume, "quit\n");
    let one_line = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(one_line.contains("ignored: --game caesar."), "{out}");
    assert!(out.contains("Ludus - de Cape"), "{out}");
    assert_eq!(saved_in(&out), (file.clone(), more));
    // One game, one file.
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(names(&data.join("saves")), [name]);
}

/// A game resumed from a file of its own (`save FILE`) goes on in that
/// file, with no new autosave; resumed and left without a move, the file
/// is not rewritten (a save of an older version stays as it was).
#[test]
fn a_resumed_game_goes_on_in_its_own_file() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let file = tmp.path().join("g.ron");
    let f = file.to_str().unwrap();
    let args = ["play", "--ai", "random", "--seed", "8", "--no-autosave"];
    ludus(&data, &args, &format!("1\nsave {f}\nquit\n"));
    let before = std::fs::read(&file).unwrap();
    let moves = Game::<CaesarCleopatra>::load(&file).unwrap().moves.len();

    let out = ludus(&data, &["play", "--resume", f], "quit\n");
    assert_eq!(saved_in(&out), (file.clone(), moves));
    assert_eq!(std::fs::read(&file).unwrap(), before);

    let out = ludus(&data, &["play", "--resume", f], "1\n");
    assert!(out.contains(&format!("Autosave: {f}")), "{out}");
    let (again, more) = saved_in(&out);
    assert_eq!(again, file);
    assert!(more > moves, "{out}");
    assert_eq!(
        Game::<CaesarCleopatra>::load(&file).unwrap().moves.len(),
        more
    );
    // No autosave folder was even made.
    assert_eq!(names(tmp.path()), ["g.ron"]);
}

/// Sets a file's modification time `age` in the past.
fn age(path: &Path, age: Duration) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(SystemTime::now() - age).unwrap();
}

/// The temporary files of saves that a killed process left in the
/// autosaves' folder are removed by the next `ludus play`: those whose
/// process is gone, and those untouched for ten minutes; the temporary
/// file of a running process, and files that are not Ludus's, are kept.
#[test]
fn stale_temporary_files_are_removed_by_the_next_game() {
    let tmp = tempfile::tempdir().unwrap();
    let saves = tmp.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    // A process that has ended: its id runs no more.
    let mut ended = Command::new("true").spawn().unwrap();
    let dead = ended.id();
    ended.wait().unwrap();
    let live = std::process::id();
    let hour = Duration::from_secs(3600);
    let files = [
        (format!("game-1-1.ron.{dead}.aaaaaa.tmp"), None, false),
        (format!("game-2-2.ron.{live}.bbbbbb.tmp"), None, true),
        (format!("game-3-3.ron.{live}.cccccc.tmp"), Some(hour), false),
        ("game-4-4.ron.tmp".to_string(), Some(hour), false),
        ("game-5-5.ron.tmp".to_string(), None, true),
        ("notes.tmp".to_string(), Some(hour), true),
    ];
    for (name, old, _) in &files {
        let p = saves.join(name);
        std::fs::write(&p, "(").unwrap();
        if let Some(a) = old {
            age(&p, *a);
        }
    }
    let out = ludus(tmp.path(), &["play", "--ai", "random", "--seed", "9"], "");
    let (save, _) = saved_in(&out);
    let mut want: Vec<String> = files
        .iter()
        .filter(|(_, _, kept)| *kept)
        .map(|(n, _, _)| n.clone())
        .collect();
    want.push(save.file_name().unwrap().to_string_lossy().into_owned());
    want.sort();
    assert_eq!(names(&saves), want);
}

/// `replay last` replays the `moves` of `file`, and `play --resume last`
/// resumes it (one more move): that session's output.
fn replay_and_resume_last(data: &Path, file: &Path, moves: usize) -> String {
    let out = ludus(data, &["replay", "last"], "");
    let head = format!("Replay of {}: {moves} moves", file.display());
    assert!(out.starts_with(&head), "{out}");
    let out = ludus(data, &["play", "--resume", "last"], "1\n");
    assert!(
        out.contains(&format!("Resumed {}", file.display())),
        "{out}"
    );
    out
}

/// A described game's save names its folder (`roemer`), not the module
/// that plays every description: `replay last` and `play --resume last`
/// find its rules. A save written before (naming the module,
/// `described`) still replays: the one game of that module.
#[test]
fn a_roemer_save_replays_and_resumes_and_an_older_one_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path();
    let args = ["play", "--game", "roemer", "--ai", "random", "--seed", "5"];
    let (file, moves) = saved_in(&ludus(data, &args, "1\n"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game: \"roemer\""), "{text}");

    let out = replay_and_resume_last(data, &file, moves);
    assert!(saved_in(&out).1 > moves, "{out}");

    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/roemer-before-250-cards.ron");
    let out = ludus(data, &["replay", old.to_str().unwrap()], "");
    assert!(out.starts_with("Replay of"), "{out}");
    assert!(!out.contains("error"), "{out}");
}

/// A save written before saves named the rules folder names the module
/// (`described`): of the built-in games of that module, the one whose
/// seats the save's are.
#[test]
fn a_save_naming_a_module_finds_its_game_by_its_seats() {
    use ludus::load::rules_dir::saved_game_dir;
    let seats = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let found = |s: &[&str]| saved_game_dir(None, "described", &seats(s)).map(|d| d.folder_name());
    assert_eq!(found(&["south", "west"]).unwrap(), "roemer");
    assert_eq!(found(&["blue", "white"]).unwrap(), "de_cape_et_d_epee");
    assert!(found(&[]).is_err(), "two games of the module: none chosen");
    let by_folder = saved_game_dir(None, "roemer", &[]).unwrap();
    assert_eq!(by_folder.folder_name(), "roemer");
}
