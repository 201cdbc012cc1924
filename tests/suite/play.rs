//! `ludus play`, save, resume and replay, driven through their text
//! interface with piped input.
//!
//! The scripts are planned with the library: a game is played move by move
//! (the AI through `Game::ai_move`, the person by a seeded policy), and each
//! of the person's choices becomes the lines he would type: a number or
//! the short typed form, with wrong input, commands and undos along the
//! way. The session must then end in exactly the planned game, so no wrong
//! input changed anything.

use std::path::{Path, PathBuf};

use crate::common::flat;
use ludus::args::RulesArgs;
use ludus::engine::seed::{derive, mix};
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::games::caesar_cleopatra::screen::input::{self, Command, short_form, short_form_in};
use ludus::games::caesar_cleopatra::text::{event_text, score_text};
use ludus::games::caesar_cleopatra::{Event, Move, Phase, State};
use ludus::play::i18n::Lang;
use ludus::play::{self, Options, PlayArgs, Player, ReplayArgs, RulesChoice};

type Game = play::Game<CaesarCleopatra>;
type Outcome = play::Outcome<CaesarCleopatra>;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra")
}

fn choice() -> RulesChoice {
    RulesChoice::from_args::<ludus::games::caesar_cleopatra::CaesarCleopatra>(&RulesArgs::for_dir(
        &rules_dir(),
    ))
}

/// The lines typed at one of the person's prompts.
#[derive(Debug, Clone, Default)]
struct Chunk {
    lines: Vec<String>,
    /// The game may be saved and stopped before these lines (no undo of
    /// the previous prompt's move pending).
    cut_ok: bool,
}

struct Plan {
    game: Game,
    chunks: Vec<Chunk>,
}

/// Plays a game with the library: AI seats by `Game::ai_move`, human seats
/// by a policy seeded from `seed`; returns the finished game and what the
/// person types. `noise`: wrong input and commands along the way.
fn plan(seed: u64, players: Vec<Player>, noise: bool, save_dir: &Path) -> Plan {
    let hotseat = players.iter().all(|p| *p == Player::Human);
    let mut g = Game::new(choice(), seed, players).unwrap();
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut last_by_ai = false;
    let mut redo: Option<String> = None;
    let mut screen: Option<usize> = None;
    let mut k = 0u64;
    let mut noisy = 0u64;
    while let Some(p) = g.actor() {
        if g.players[p] != Player::Human {
            let m = g.ai_move().unwrap();
            g.play(m).unwrap();
            last_by_ai = true;
            continue;
        }
        if !hotseat && ludus::games::caesar_cleopatra::screen::forced_decline(&g.state) {
            g.play(Move::Decline).unwrap(); // declined for him
            last_by_ai = true;
            continue;
        }
        k += 1;
        let h = mix(derive(seed, k, 77));
        let legal = g.legal();
        let r = g.rules_arc().clone();
        let mut chunk = Chunk {
            lines: vec![],
            cut_ok: redo.is_none(),
        };
        if hotseat && screen != Some(p) {
            chunk.lines.push(String::new()); // Enter at the hand-over
            screen = Some(p);
        }
        if let Some(line) = redo.take() {
            chunk.lines.push("undo".into());
            chunk.lines.push(line);
        }
        if noise && h.is_multiple_of(3) {
            noisy += 1;
            let wrong = match noisy % 12 {
                0 => "xyzzy".to_string(),
                1 => "999".into(),
                2 => "0".into(),
                3 => "p 9 zzz d".into(),
                4 => "help".into(),
                5 => "rules".into(),
                6 => "hint".into(),
                7 => "board".into(),
                8 => "score".into(),
                9 => "log".into(),
                10 => format!(
                    "save {}",
                    save_dir.join(format!("mid-{seed}.ron")).display()
                ),
                _ if legal.len() > 1 => String::new(),
                _ => "draw the moon".into(),
            };
            chunk.lines.push(wrong);
        }
        // Undo right after the opponent moved: refused.
        if noise && (last_by_ai || g.moves.is_empty()) && (h >> 40).is_multiple_of(4) {
            chunk.lines.push("undo".into());
        }
        // The setup shortcut: the rest of the action reserve as listed.
        if g.state.phase() == Phase::ArrangeActions && (h >> 20).is_multiple_of(3) {
            chunk.lines.push("rest".into());
            while g.state.phase() == Phase::ArrangeActions && g.actor() == Some(p) {
                let first = g.legal()[0];
                g.play(first).unwrap();
            }
            chunks.push(chunk);
            last_by_ai = false;
            continue;
        }
        let i = ((h >> 32) % legal.len() as u64) as usize;
        let m = legal[i];
        let line = if (h >> 16).is_multiple_of(2) {
            (i + 1).to_string()
        } else {
            let f = short_form(&r, p, m);
            assert_eq!(
                input::parse(&r, p, &legal, &f),
                Ok(Command::Move(i)),
                "short form {f:?} of {m:?}"
            );
            f
        };
        chunk.lines.push(line.clone());
        chunks.push(chunk);
        let before = g.state.events().len();
        g.play(m).unwrap();
        last_by_ai = false;
        // Take a lone placement back at the next prompt, and make it again.
        let new = &g.state.events()[before..];
        if matches!(m, Move::Place { .. })
            && new.len() == 1
            && matches!(new[0], Event::Placed { .. })
            && g.actor() == Some(p)
            && (h >> 24).is_multiple_of(2)
        {
            redo = Some(line);
        }
    }
    Plan { game: g, chunks }
}

fn lines(chunks: &[Chunk]) -> Vec<String> {
    chunks
        .iter()
        .flat_map(|c| c.lines.iter().cloned())
        .collect()
}

fn run(args: PlayArgs, lines: &[String], data: Option<&Path>) -> (Outcome, String) {
    let mut input = lines.join("\n");
    input.push('\n');
    let mut out = Vec::new();
    let opts = Options {
        color: false,
        data_dir: data.map(Path::to_path_buf),
        echo: true,
        // Hotseat is played at a terminal only.
        terminal: args.hotseat,
    };
    let o = play::run_session_with::<CaesarCleopatra>(args, input.as_bytes(), &mut out, &opts)
        .unwrap_or_else(|e| panic!("session failed: {e}"));
    (o, String::from_utf8(out).unwrap())
}

fn args(seed: u64, ai: &str, side: &str) -> PlayArgs {
    let mut a = PlayArgs::new(&rules_dir());
    a.seed = Some(seed);
    a.ai = vec![ai.into()];
    a.side = Some(side.into());
    a
}

fn players(human: usize, ai: &str) -> Vec<Player> {
    let mut p = vec![Player::Ai(ai.into()), Player::Ai(ai.into())];
    p[human] = Player::Human;
    p
}

#[test]
fn a_whole_game_against_the_ai_with_wrong_input_along_the_way() {
    let tmp = tempfile::tempdir().unwrap();
    let seed = 11;
    let plan = plan(seed, players(0, "greedy"), true, tmp.path());
    assert!(plan.game.is_over());
    let script = lines(&plan.chunks);
    let (o, out) = run(args(seed, "greedy", "cleopatra"), &script, Some(tmp.path()));
    assert!(o.finished, "{}", &out[out.len().saturating_sub(3000)..]);
    // Exactly the planned game: no wrong input changed anything.
    assert_eq!(o.game.moves, plan.game.moves);
    assert_eq!(o.game.fingerprint(), plan.game.fingerprint());
    // To the final score.
    let score = score_text(&plan.game.state);
    assert!(out.contains(&score), "{}", &out[out.len() - 2000..]);
    assert!(out.contains("Result: "));
    // The wrong input was answered with what is legal.
    for expected in [
        "is neither a command nor a move. Legal here:",
        "there is no choice 999",
        "matches none of the legal moves",
        "Took back: place",
        "Nothing to take back",
        "Rules in force: base rules. Now:",
        "The easy AI would",
        "Saved to",
    ] {
        assert!(out.contains(expected), "no {expected:?} in the output");
    }
    // Each opponent move and each vote was told.
    assert!(out.contains("Caesar places"));
    assert!(out.contains("Vote at the"));
    // The board, as Cleopatra sees it: Caesar's face-down cards hidden.
    assert!(out.contains("Cleopatra (you)"));
    assert!(out.contains("[?]"));
    // Plain text when piped.
    assert!(!out.contains('\x1b'));
    // The autosave holds the finished game.
    let saved = Game::load(o.autosave.as_ref().unwrap()).unwrap();
    assert_eq!(saved.moves, plan.game.moves);
    assert!(saved.is_over());
}

#[test]
fn save_at_many_points_resume_and_finish_the_same_game() {
    let tmp = tempfile::tempdir().unwrap();
    let mut points = 0;
    for (seed, ai, human, n) in [
        (3, "random", 0, 12),
        (4, "random", 1, 12),
        (5, "greedy", 1, 4),
        (6, "ismcts:20", 0, 2),
    ] {
        let side = if human == 0 { "cleopatra" } else { "caesar" };
        let plan = plan(seed, players(human, ai), true, tmp.path());
        let all = lines(&plan.chunks);
        let (whole, whole_out) = run(args(seed, ai, side), &all, None);
        assert!(whole.finished);
        assert_eq!(whole.game.moves, plan.game.moves);
        let tail = |out: &str| out[out.rfind("== Turn").unwrap()..].to_string();
        let cuts: Vec<usize> = (0..plan.chunks.len())
            .filter(|&j| plan.chunks[j].cut_ok)
            .collect();
        for c in 0..n {
            let j = cuts[(mix(seed * 1000 + c) % cuts.len() as u64) as usize];
            let file = tmp.path().join(format!("cut-{seed}-{j}.ron"));
            let mut first = lines(&plan.chunks[..j]);
            first.push(format!("save {}", file.display()));
            first.push("quit".into());
            let (stopped, _) = run(args(seed, ai, side), &first, None);
            assert!(!stopped.finished);
            let k = stopped.game.moves.len();
            assert_eq!(stopped.game.moves[..], plan.game.moves[..k]);
            let mut resume = PlayArgs::new(&rules_dir());
            resume.resume = Some(file.clone());
            let (resumed, out) = run(resume, &lines(&plan.chunks[j..]), None);
            assert!(resumed.finished, "cut at prompt {j} of seed {seed}");
            // The same moves, the same positions, the same result.
            assert_eq!(resumed.game.moves, whole.game.moves, "cut at prompt {j}");
            for i in (0..=k).chain([resumed.game.moves.len()]) {
                assert_eq!(
                    ludus::play::record::fingerprint::<CaesarCleopatra>(
                        &resumed.game.state_after(i)
                    ),
                    ludus::play::record::fingerprint::<CaesarCleopatra>(&whole.game.state_after(i))
                );
            }
            assert_eq!(resumed.game.fingerprint(), whole.game.fingerprint());
            assert_eq!(tail(&out), tail(&whole_out));
            points += 1;
        }
    }
    assert_eq!(points, 30);
}

#[test]
fn hotseat_hands_the_screen_over_and_hides_each_side_from_the_other() {
    let tmp = tempfile::tempdir().unwrap();
    let seed = 21;
    let plan = plan(seed, vec![Player::Human, Player::Human], false, tmp.path());
    let mut a = args(seed, "random", "cleopatra");
    a.ai = vec![];
    a.hotseat = true;
    let (o, out) = run(a, &lines(&plan.chunks), None);
    assert!(o.finished);
    assert_eq!(o.game.moves, plan.game.moves);
    let pass_cleo = out.find("Pass the screen to Cleopatra").unwrap();
    let pass_caesar = out.find("Pass the screen to Caesar").unwrap();
    let cleo_mission = out.find("Cleopatra draws the mission card").unwrap();
    let caesar_mission = out.find("Caesar draws the mission card").unwrap();
    assert!(pass_cleo < cleo_mission && cleo_mission < pass_caesar);
    assert!(pass_caesar < caesar_mission);
    // Before Caesar takes the screen, his mission is not named.
    assert!(!out[..pass_caesar].contains("Caesar draws the mission card"));
}

#[test]
fn watch_plays_ai_against_ai_move_by_move_or_to_the_end() {
    let mut a = args(8, "random", "cleopatra");
    a.watch = true;
    let script: Vec<String> = ["", "", "board", "nonsense", "", "all"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (o, out) = run(a, &script, None);
    assert!(o.finished);
    assert!(out.contains("Result: "));
    assert!(out.contains("Enter, all, board, save FILE or quit."));
    // The same game as the library plays.
    let mut g = Game::new(
        choice(),
        8,
        vec![Player::Ai("random".into()), Player::Ai("random".into())],
    )
    .unwrap();
    while let Some(m) = g.ai_move() {
        g.play(m).unwrap();
    }
    assert_eq!(o.game.moves, g.moves);
}

#[test]
fn colour_only_when_asked_and_the_screen_is_cleared_in_hotseat() {
    let mut a = args(2, "random", "cleopatra");
    a.ai = vec![];
    a.hotseat = true;
    let mut out = Vec::new();
    let opts = Options {
        color: true,
        data_dir: None,
        echo: false,
        terminal: true,
    };
    play::run_session_with::<CaesarCleopatra>(a.clone(), "\n1\nquit\n".as_bytes(), &mut out, &opts)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains(play::render::ALT_SCREEN_ON));
    assert!(out.contains(play::render::WIPE));
    assert!(out.contains("\x1b[1m"));
    // Not at a terminal: refused, with the reason.
    let opts = Options {
        terminal: false,
        ..opts
    };
    let e =
        play::run_session_with::<CaesarCleopatra>(a, "\n1\nquit\n".as_bytes(), Vec::new(), &opts)
            .unwrap_err();
    assert!(e.to_string().contains("--hotseat needs a terminal"), "{e}");
}

/// A finished game saved to a file, and its text.
fn saved_game(dir: &Path, seed: u64) -> (PathBuf, Game) {
    let plan = plan(seed, players(0, "random"), false, dir);
    let path = dir.join(format!("game-{seed}.ron"));
    plan.game.save(&path).unwrap();
    (path, plan.game)
}

fn load_text(dir: &Path, name: &str, text: &str) -> Result<Game, String> {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    Game::load(&p).map_err(|d| d.to_string())
}

#[test]
fn a_save_replays_to_the_same_game() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 31);
    let back = Game::load(&path).unwrap();
    assert_eq!(back.moves, g.moves);
    assert_eq!(back.fingerprint(), g.fingerprint());
    assert_eq!(back.save_text(), g.save_text());
    // A game stopped halfway saves and loads too.
    let mut half = g.clone();
    half.truncate(g.moves.len() / 2);
    let p = tmp.path().join("half.ron");
    half.save(&p).unwrap();
    assert_eq!(Game::load(&p).unwrap().fingerprint(), half.fingerprint());
    // Resuming a finished game shows its end.
    let mut a = PlayArgs::new(&rules_dir());
    a.resume = Some(path);
    let (o, out) = run(a, &[], None);
    assert!(o.finished);
    assert_eq!(o.game.moves, g.moves);
    assert!(out.contains(&score_text(&g.state)));
}

#[test]
fn corrupted_or_truncated_saves_are_clear_errors_never_another_game() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 32);
    let text = std::fs::read_to_string(&path).unwrap();
    let name = "bad.ron";
    // Every truncation at a line, or in the middle of one.
    let cut_lines: Vec<&str> = text.lines().collect();
    for k in 0..cut_lines.len() {
        let t = cut_lines[..k].join("\n");
        let e = load_text(tmp.path(), name, &t).unwrap_err();
        assert!(e.contains(name), "{e}");
    }
    for k in (0..text.len()).step_by(997) {
        if text.is_char_boundary(k) {
            assert!(load_text(tmp.path(), name, &text[..k]).is_err());
        }
    }
    // A parse error has its line and column.
    let e = load_text(tmp.path(), name, &text[..text.len() / 2]).unwrap_err();
    assert!(
        e.contains(&format!("{name}:")) && e.contains("not a valid saved game"),
        "{e}"
    );
    // A move's number changed: the move and its line are named.
    let first_move = text.find("        (").unwrap();
    let line_no = text[..first_move].lines().count() + 1;
    let mut t = text.clone();
    let open = first_move + "        (".len();
    let comma = open + t[open..].find(',').unwrap();
    t.replace_range(open..comma, "1000");
    let e = load_text(tmp.path(), name, &t).unwrap_err();
    assert!(e.contains(&format!("{name}:{line_no}:")), "{e}");
    assert!(e.contains("move 1"), "{e}");
    // A move line removed.
    let mut v: Vec<&str> = text.lines().collect();
    let mid = v.iter().position(|l| l.starts_with("        (")).unwrap() + 40;
    v.remove(mid);
    assert!(load_text(tmp.path(), name, &v.join("\n")).is_err());
    // The last move removed (still a legal game, but not the saved one).
    let mut v: Vec<&str> = text.lines().collect();
    let last = v.iter().rposition(|l| l.starts_with("        (")).unwrap();
    v.remove(last);
    let e = load_text(tmp.path(), name, &v.join("\n")).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
    // Another seed, fingerprint, version, format.
    for (from, to, says) in [
        ("seed: 32,", "seed: 33,", ""),
        ("fingerprint: \"", "fingerprint: \"0", "does not match"),
        ("version: 1,", "version: 9,", "version 9"),
        (
            "format: \"ludus-play\"",
            "format: \"other\"",
            "not a Ludus saved game",
        ),
    ] {
        let e = load_text(tmp.path(), name, &text.replacen(from, to, 1)).unwrap_err();
        assert!(e.contains(says), "{from}: {e}");
    }
    // Empty, binary, missing.
    assert!(
        load_text(tmp.path(), name, "")
            .unwrap_err()
            .contains("empty")
    );
    std::fs::write(tmp.path().join("bin.ron"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    assert!(Game::load(&tmp.path().join("bin.ron")).is_err());
    assert!(Game::load(&tmp.path().join("missing.ron")).is_err());
    // Random one-character edits: an error, or (in a comment, say) the
    // very same game; never another one.
    let bytes = text.as_bytes();
    for i in 0..300u64 {
        let at = (mix(i) % bytes.len() as u64) as usize;
        if !bytes[at].is_ascii() {
            continue;
        }
        let mut b = bytes.to_vec();
        b[at] = b"0123456789(),\" xyz"[(mix(i + 7) % 18) as usize];
        let Ok(t) = String::from_utf8(b) else {
            continue;
        };
        if let Ok(h) = load_text(tmp.path(), name, &t) {
            assert_eq!(h.moves, g.moves);
            assert_eq!(h.fingerprint(), g.fingerprint());
        }
    }
    // Resuming a broken file stops with the error, no game is played.
    let p = tmp.path().join("broken.ron");
    std::fs::write(&p, &text[..text.len() / 3]).unwrap();
    let mut a = PlayArgs::new(&rules_dir());
    a.resume = Some(p);
    let mut out = Vec::new();
    let e = play::run_session_with::<CaesarCleopatra>(
        a,
        "1\n".as_bytes(),
        &mut out,
        &Options::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("broken.ron"), "{e}");
    assert!(out.is_empty());
}

#[test]
fn replay_shows_the_same_positions_to_the_end_or_step_by_step() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 41);
    let replay = |a: ReplayArgs, input: &str| {
        let mut out = Vec::new();
        play::run_replay::<CaesarCleopatra>(&a, input.as_bytes(), &mut out, &Options::default())
            .unwrap();
        String::from_utf8(out).unwrap()
    };
    let out = replay(ReplayArgs::new(&path), "");
    assert!(out.contains("each one legal, final position verified"));
    assert!(out.contains(&score_text(&g.state)));
    assert!(out.contains(&format!("{}. ", g.moves.len())));
    // To move 25: the table there.
    let mut a = ReplayArgs::new(&path);
    a.to = Some(25);
    let out = replay(a, "");
    assert!(out.contains("Position after move 25 of"));
    let s: State = g.state_after(25);
    assert!(
        out.contains(&ludus::games::caesar_cleopatra::screen::render::board(
            &s,
            None,
            Default::default()
        ))
    );
    // Step by step, then to the end.
    let mut a = ReplayArgs::new(&path);
    a.step = true;
    let out = replay(a, "\n\nboard\nwhat\nall\n");
    assert!(out.contains("[2/"));
    assert!(out.contains("Enter, all, board or quit."));
    assert!(out.contains(&score_text(&g.state)));
    // As Caesar saw it.
    let mut a = ReplayArgs::new(&path);
    a.side = Some("caesar".into());
    let out = replay(a, "");
    assert!(out.contains("Caesar (you)"));
    // An action card played is told in plain words there too.
    if out.contains(" plays ") {
        assert!(
            out.contains("    (It ")
                || out.contains("    (Its ")
                || out.contains("    (Every ")
                || out.contains("    (Played "),
            "{out}"
        );
    }
}

/// What `seat` knows at `s` and the other does not: the lines of the
/// board as `seat` sees it missing from the other's (hand, mission,
/// face-down cards), and every event as told to `seat` that the other is
/// never told.
fn secrets(s: &State, seat: usize) -> Vec<String> {
    let r = s.rules();
    let mine =
        ludus::games::caesar_cleopatra::screen::render::board(s, Some(seat), Default::default());
    let theirs = ludus::games::caesar_cleopatra::screen::render::board(
        s,
        Some(1 - seat),
        Default::default(),
    );
    let mut v: Vec<String> = mine
        .lines()
        .filter(|l| !l.starts_with("  ") && !theirs.lines().any(|t| t == *l))
        .map(String::from)
        .collect();
    let public: Vec<String> = s
        .events()
        .iter()
        .map(|e| event_text(r, e, Some(1 - seat)))
        .collect();
    for e in s.events() {
        let told = event_text(r, e, Some(seat));
        if !public.contains(&told) {
            v.push(told);
        }
    }
    v
}

#[test]
fn replay_as_a_side_shows_nothing_that_side_could_not_see() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 43);
    let n = g.moves.len();
    for (seat, side) in [(0, "cleopatra"), (1, "caesar")] {
        for to in [12, 40, n / 2, n - 3] {
            let mut a = ReplayArgs::new(&path);
            a.side = Some(side.into());
            a.to = Some(to);
            let mut out = Vec::new();
            play::run_replay::<CaesarCleopatra>(&a, "".as_bytes(), &mut out, &Options::default())
                .unwrap();
            let out = String::from_utf8(out).unwrap();
            let s = g.state_after(to);
            let hidden = secrets(&s, 1 - seat);
            assert!(
                to < 40 || hidden.iter().any(|h| h.starts_with("Your hand: ")),
                "{hidden:?}"
            );
            for h in &hidden {
                assert!(
                    !out.contains(h.as_str()),
                    "{side} at move {to} sees {h:?}:\n{out}"
                );
            }
            // The other's choices are not numbered, nor named when secret.
            let other = &g.rules().factions[1 - seat].name;
            assert!(!out.contains(&format!("{other} (choice")), "{out}");
            assert!(!out.contains(&format!("{other}: set up")), "{out}");
            // His own moves are all there.
            let me = &g.rules().factions[seat].name;
            assert!(to < 40 || out.contains(&format!("{me} (choice")), "{out}");
        }
    }
}

#[test]
fn resume_last_takes_the_newest_autosave() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = plan(51, players(0, "random"), false, tmp.path());
    let script = lines(&plan.chunks[..12]);
    let (stopped, out) = run(args(51, "random", "cleopatra"), &script, Some(tmp.path()));
    assert!(!stopped.finished);
    assert!(out.contains("Stopped (input ended). The game is saved in"));
    let mut a = PlayArgs::new(&rules_dir());
    a.resume = Some("last".into());
    let (o, out) = run(a, &lines(&plan.chunks[12..]), Some(tmp.path()));
    assert!(out.contains("Resumed"));
    assert!(o.finished);
    assert_eq!(o.game.moves, plan.game.moves);
}

#[test]
fn bad_options_are_errors() {
    let mut a = args(1, "alphazero", "cleopatra");
    let e = play::run_session_with::<CaesarCleopatra>(
        a.clone(),
        "".as_bytes(),
        Vec::new(),
        &Options::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("valid agents"), "{e}");
    a.ai = vec!["random".into()];
    a.side = Some("pharaoh".into());
    let e = play::run_session_with::<CaesarCleopatra>(
        a,
        "".as_bytes(),
        Vec::new(),
        &Options::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("cleopatra and caesar"), "{e}");
    let mut a = args(1, "random", "cleopatra");
    a.rules.variant = Some("no-such-variant".into());
    assert!(
        play::run_session_with::<CaesarCleopatra>(
            a,
            "".as_bytes(),
            Vec::new(),
            &Options::default()
        )
        .is_err()
    );
}

#[test]
fn an_unwritable_data_directory_is_reported_and_never_called_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = plan(71, players(0, "random"), false, tmp.path());
    let bad = Path::new("/dev/null/x");
    // Quit after a few moves: the game is said not saved, never saved.
    let mut script = lines(&plan.chunks[..6]);
    script.push("quit".into());
    let (o, out) = run(args(71, "random", "cleopatra"), &script, Some(bad));
    // Messages are wrapped at 80 columns: read as words.
    let out = flat(&out);
    assert!(!o.finished);
    assert_eq!(
        out.matches("The autosave to /dev/null/x/saves/").count(),
        1,
        "{out}"
    );
    assert!(out.contains("failed (Not a directory"), "{out}");
    assert!(out.contains("Type save FILE to keep it elsewhere"), "{out}");
    assert!(!out.contains("The game is saved in"), "{out}");
    assert!(out.contains("Stopped. The game is NOT saved"), "{out}");
    // The same at the end of the input.
    let (_, out) = run(
        args(71, "random", "cleopatra"),
        &lines(&plan.chunks[..6]),
        Some(bad),
    );
    assert!(
        out.contains("Stopped (input ended). The game is NOT saved"),
        "{out}"
    );
    // Saved elsewhere, the game is kept there from then on.
    let rescue = tmp.path().join("rescue.ron");
    let mut script = lines(&plan.chunks[..3]);
    script.push(format!("save {}", rescue.display()));
    script.extend(lines(&plan.chunks[3..8]));
    let (o, out) = run(args(71, "random", "cleopatra"), &script, Some(bad));
    assert!(
        out.contains("from now on the game is saved in this file"),
        "{out}"
    );
    assert!(
        out.contains(&format!("The game is saved in {}", rescue.display())),
        "{out}"
    );
    assert_eq!(Game::load(&rescue).unwrap().moves, o.game.moves);
    // A failed write leaves no temporary file: here the target is a
    // directory, so the rename fails after the write.
    let g = Game::new(choice(), 1, players(0, "random")).unwrap();
    let dir = tmp.path().join("a-dir.ron");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("inside"), "x").unwrap();
    assert!(g.save(&dir).is_err());
    let temps = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .count();
    assert_eq!(temps, 0);
}

#[test]
fn save_refuses_to_overwrite_a_file_that_is_not_a_save() {
    let tmp = tempfile::tempdir().unwrap();
    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let mine = tmp.path().join("mine.ron");
    let plan = plan(73, players(0, "random"), false, tmp.path());
    let mut script = lines(&plan.chunks[..4]);
    script.push(format!("save {}", notes.display()));
    script.push(format!("save {}", mine.display()));
    script.push(format!("save {}", mine.display()));
    script.push(format!("save {}", tmp.path().display()));
    script.push("quit".into());
    let (o, out) = run(args(73, "random", "cleopatra"), &script, None);
    let out = flat(&out);
    assert!(
        out.contains(&format!(
            "{} exists and is not a Ludus save. Not saved, so as not to destroy it",
            notes.display()
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A Ludus save is overwritten; a directory is an error, not a panic.
    assert_eq!(
        out.matches(&format!("Saved to {}", mine.display())).count(),
        2
    );
    assert!(out.contains(&format!(
        "{} exists and is not a Ludus save",
        tmp.path().display()
    )));
    assert_eq!(Game::load(&mine).unwrap().moves, o.game.moves);
}

#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 44);
    let text = std::fs::read_to_string(&path).unwrap();
    let bom = tmp.path().join("bom.ron");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    assert_eq!(Game::load(&bom).unwrap().moves, g.moves);
    assert!(play::record::is_save_file(&bom));
}

#[test]
fn resume_says_what_it_ignores_and_hotseat_refuses_an_ai() {
    let tmp = tempfile::tempdir().unwrap();
    let (path, g) = saved_game(tmp.path(), 45);
    let mut a = PlayArgs::new(&rules_dir());
    a.resume = Some(path);
    a.rules.variant = Some("fr-suffrage".into());
    a.ai = vec!["greedy".into()];
    let (o, out) = run(a, &[], None);
    let out = flat(&out);
    assert!(
        out.contains("The save fixes the game, its rules, the seed and the players; ignored: --variant fr-suffrage, --ai greedy."),
        "{out}"
    );
    assert_eq!(o.game.moves, g.moves);
    let mut a = args(1, "greedy", "cleopatra");
    a.hotseat = true;
    let opts = Options {
        terminal: true,
        ..Options::default()
    };
    let e =
        play::run_session_with::<CaesarCleopatra>(a, "".as_bytes(), Vec::new(), &opts).unwrap_err();
    assert!(
        e.to_string().contains("--hotseat and --ai do not mix"),
        "{e}"
    );
}

#[test]
fn every_legal_move_reads_back_from_its_short_form() {
    for (variant, addon, lang) in [
        ("fr-confiance", None, None),
        ("fr-suffrage", None, Some("fr")),
        ("nl-vertrouwensvraag", Some("orgy-a"), Some("nl")),
        ("fr-confiance", Some("beginner"), None),
    ] {
        let mut c = choice();
        c.variant = Some(variant.into());
        c.addons = addon.map(String::from).into_iter().collect();
        c.lang = lang.map(String::from);
        for seed in 0..4 {
            let mut g = Game::new(
                c.clone(),
                seed,
                vec![Player::Ai("random".into()), Player::Ai("random".into())],
            )
            .unwrap();
            let r = g.rules_arc().clone();
            let lang = Lang::from_code(lang);
            while let Some(p) = g.actor() {
                let legal = g.legal();
                for (i, &m) in legal.iter().enumerate() {
                    let f = short_form(&r, p, m);
                    assert_eq!(
                        input::parse(&r, p, &legal, &f),
                        Ok(Command::Move(i)),
                        "{variant}: {f:?} for {m:?} among {legal:?}"
                    );
                    // In the game's language, and English there too.
                    for f in [short_form_in(lang, &r, p, m), f] {
                        assert_eq!(
                            input::parse_in(lang, &r, p, &legal, &f),
                            Ok(Command::Move(i)),
                            "{variant} in {lang:?}: {f:?} for {m:?} among {legal:?}"
                        );
                    }
                }
                // Nonsense never panics and never reads as a move.
                for junk in ["", "  ", "p", "zz 9", "ü", "p p p p p", "c c", "-1", "1.5"] {
                    let _ = input::parse(&r, p, &legal, junk);
                }
                let m = g.ai_move().unwrap();
                g.play(m).unwrap();
            }
        }
    }
}

/// A whole game against the AI in `lang`, typed only in that language's
/// short forms and commands; returns the game and everything on screen.
fn game_in(lang_code: &str, variant: &str, seed: u64) -> (Game, Outcome, String) {
    let lang = Lang::from_code(Some(lang_code));
    let mut c = choice();
    c.variant = Some(variant.into());
    c.lang = Some(lang_code.into());
    let mut g = Game::new(c, seed, players(0, "random")).unwrap();
    let commands: Vec<String> = ["help", "rules", "hint", "board", "score", "log"]
        .iter()
        .map(|id| {
            lang.t(&format!("words-{id}"))
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut script = Vec::new();
    let mut k = 0;
    while let Some(p) = g.actor() {
        if g.players[p] != Player::Human {
            let m = g.ai_move().unwrap();
            g.play(m).unwrap();
            continue;
        }
        if ludus::games::caesar_cleopatra::screen::forced_decline(&g.state) {
            g.play(Move::Decline).unwrap();
            continue;
        }
        k += 1;
        if k % 7 == 0 {
            script.push(commands[(k / 7) % commands.len()].clone());
        }
        if k % 11 == 0 {
            script.push("xyzzy".into());
        }
        let legal = g.legal();
        let m = legal[(mix(derive(seed, k as u64, 3)) % legal.len() as u64) as usize];
        script.push(short_form_in(lang, g.rules(), p, m));
        g.play(m).unwrap();
    }
    let mut a = args(seed, "random", "cleopatra");
    a.rules.variant = Some(variant.into());
    a.rules.lang = Some(lang_code.into());
    let (o, out) = run(a, &script, None);
    (g, o, out)
}

/// English words no screen of a French or Dutch game may show.
const ENGLISH: &[&str] = &[
    "the",
    "your",
    "you",
    "turn",
    "choose",
    "draws",
    "which",
    "legal",
    "stopped",
    "saved",
    "moves",
    "card",
    "cards",
    "wins",
    "leads",
    "patricians",
    "passive",
    "game",
    "and",
    "with",
    "from",
    "down",
    "stay",
    "refill",
    "discard",
    "choice",
    "type",
    "rules",
    "against",
    "seed",
    "answer",
    "result",
    "goes",
    "on",
    "at",
    "to",
    "takes",
    "won",
    "left",
    "now",
    "mission",
    "vote",
    "none",
    "empty",
    "plays",
    "places",
    "hint",
];

/// The English words of `out`, but for `allowed` and the rule keys and
/// values the `rules` command names (`turn.action_timing = AnyTime`: the
/// keys of the rule files, not sentences).
fn english_words_in(out: &str, allowed: &[&str]) -> Vec<String> {
    let is_key = |l: &str| {
        let key = l.trim_start().split(" = ").next().unwrap_or("");
        key.contains('.')
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_')
    };
    let indent = |l: &str| l.len() - l.trim_start().len();
    // A rule's key line and the lines it is wrapped onto (more indented,
    // up to its passage, `NNN: "...`) are data, not sentences.
    let mut key_indent = None;
    let sentences: Vec<&str> = out
        .lines()
        .filter(|l| {
            if is_key(l) {
                key_indent = Some(indent(l));
                return false;
            }
            let passage = l
                .trim_start()
                .split(':')
                .next()
                .is_some_and(|n| n.len() == 3 && n.chars().all(|c| c.is_ascii_digit()));
            match key_indent {
                Some(k) if indent(l) > k && !passage => false,
                _ => {
                    key_indent = None;
                    true
                }
            }
        })
        .collect();
    let mut found: Vec<String> = sentences
        .join("\n")
        .split(|c: char| !c.is_alphanumeric())
        .map(|w| w.to_lowercase())
        .filter(|w| ENGLISH.contains(&w.as_str()) && !allowed.contains(&w.as_str()))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn a_french_game_typed_in_french_shows_no_english() {
    let (g, o, out) = game_in("fr", "fr-confiance", 81);
    assert!(o.finished, "{out}");
    assert_eq!(o.game.moves, g.moves);
    assert!(out.contains("Résultat :"), "{out}");
    // An action card's targets were listed as a grid (checked below too).
    assert!(
        out.contains("Une carte, par groupe : le numéro devant elle"),
        "{out}"
    );
    assert!(out.contains("Règles en vigueur"), "{out}");
    // ("vote" and "mission" are French words too.)
    let english = english_words_in(&out, &["vote", "mission"]);
    assert!(english.is_empty(), "English words {english:?} in\n{out}");
}

#[test]
fn a_dutch_game_typed_in_dutch_shows_no_english() {
    let (g, o, out) = game_in("nl", "nl-vertrouwensvraag", 82);
    assert!(o.finished, "{out}");
    assert_eq!(o.game.moves, g.moves);
    assert!(out.contains("Uitslag:"), "{out}");
    // An action card's targets were listed as a grid (checked below too).
    assert!(
        out.contains("Een kaart, per groep: het nummer ervoor"),
        "{out}"
    );
    // The rulebook quoted is the Dutch one.
    assert!(out.contains("002: "), "{out}");
    assert!(!out.contains("000: "), "{out}");
    let english = english_words_in(&out, &[]);
    assert!(english.is_empty(), "English words {english:?} in\n{out}");
}

/// The `ludus` binary, once `play` is wired into its command line: a whole
/// game from piped stdin to the final score.
#[test]
fn the_binary_plays_a_game_from_piped_stdin() {
    use std::io::Write;
    use std::process::{Command as Proc, Stdio};
    let bin = env!("CARGO_BIN_EXE_ludus");
    let help = Proc::new(bin).args(["play", "--help"]).output().unwrap();
    if !help.status.success() {
        eprintln!("`ludus play` is not wired into the command line yet: skipped");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let plan = plan(61, players(0, "random"), true, tmp.path());
    let mut child = Proc::new(bin)
        .args(["play", "--ai", "random", "--seed", "61", "--rules"])
        .arg(rules_dir())
        .env("LUDUS_DATA_DIR", tmp.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = lines(&plan.chunks).join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(&score_text(&plan.game.state)), "{stdout}");
    assert!(!stdout.contains('\x1b'));
    // The autosave replays with `ludus replay`.
    let save = std::fs::read_dir(tmp.path().join("saves"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let rep = Proc::new(bin).arg("replay").arg(&save).output().unwrap();
    assert!(rep.status.success());
    assert!(String::from_utf8_lossy(&rep.stdout).contains(&score_text(&plan.game.state)));
}

/// The words of `s` outside quotes: what a file holds (a move's text, as
/// the save records it) is quoted as it is.
fn unquoted(s: &str) -> String {
    let mut o = String::new();
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '«' | '“' => depth += 1,
            '»' | '”' => depth = (depth as i32 - 1).max(0) as usize,
            '"' => depth = if depth > 0 { depth - 1 } else { 1 },
            _ if depth == 0 => o.push(c),
            _ => {}
        }
    }
    o
}

#[test]
fn save_errors_are_in_the_players_language() {
    for (code, error, hint) in [("fr", "erreur :", "conseil :"), ("nl", "fout:", "tip:")] {
        let tmp = tempfile::tempdir().unwrap();
        let mut c = choice();
        c.lang = Some(code.into());
        let mut g = Game::new(c, 5, players(0, "random")).unwrap();
        while g.moves.len() < 40 {
            let m = g.legal()[0];
            g.play(m).unwrap();
        }
        let path = tmp.path().join("partij.ron");
        g.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let last = text.rfind("        (").unwrap();
        let no_last = format!(
            "{}{}",
            &text[..last],
            &text[last + text[last..].find('\n').unwrap() + 1..]
        );
        let first = text.find("        (").unwrap() + "        (".len();
        let bad_ix = format!("{}1000{}", &text[..first], &text[first + 1..]);
        let broken: Vec<(&str, String, &str)> = vec![
            ("half", text[..text.len() / 2].to_string(), ""),
            ("empty", String::new(), ""),
            ("ix", bad_ix, "1000"),
            ("last", no_last, "39"),
            (
                "end",
                text.replacen("fingerprint: \"", "fingerprint: \"0", 2),
                "",
            ),
            (
                "rules",
                text.replacen("fingerprint: Some(\"", "fingerprint: Some(\"0", 1),
                "--rules",
            ),
            (
                "version",
                text.replacen("version: 1,", "version: 9,", 1),
                "9",
            ),
            (
                "format",
                text.replacen("\"ludus-play\"", "\"other\"", 1),
                "",
            ),
            ("field", text.replacen("seed:", "graine:", 1), ""),
        ];
        let mut said = Vec::new();
        for (i, (name, t, must)) in broken.iter().enumerate() {
            // (Named in neither language: the name is in the message.)
            let p = tmp.path().join(format!("p{i}.ron"));
            std::fs::write(&p, t).unwrap();
            // Replayed: in the language of --lang (the empty file names
            // none), else of the save.
            let mut a = ReplayArgs::new(&p);
            if t.is_empty() {
                a.lang = Some(code.into());
            }
            let e = play::run_replay::<CaesarCleopatra>(
                &a,
                "".as_bytes(),
                Vec::new(),
                &Options::default(),
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains(error) && e.contains(must), "{name}: {e}");
            said.push(e);
            // Resumed: the same words.
            let mut a = PlayArgs::new(&rules_dir());
            a.resume = Some(p.clone());
            a.rules.lang = Some(code.into());
            let mut out = Vec::new();
            let e = play::run_session_with::<CaesarCleopatra>(
                a,
                "".as_bytes(),
                &mut out,
                &Options::default(),
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains(error), "{name}: {e}");
            assert!(out.is_empty(), "{name}: a game was played");
            said.push(e);
        }
        // A file that is missing, or not text.
        for (name, bytes) in [("q1", None), ("q2", Some(vec![0xff, 0xfe, 0, 0x41]))] {
            let p = tmp.path().join(format!("{name}.ron"));
            if let Some(b) = bytes {
                std::fs::write(&p, b).unwrap();
            }
            let mut a = ReplayArgs::new(&p);
            a.lang = Some(code.into());
            let e = play::run_replay::<CaesarCleopatra>(
                &a,
                "".as_bytes(),
                Vec::new(),
                &Options::default(),
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains(error), "{name}: {e}");
            said.push(e);
        }
        let all = said.join("\n");
        assert!(all.contains(hint), "{all}");
        // (The field names of the file are its own: `graine` is unknown,
        // the fields it lists are the format's.)
        let english = english_words_in(
            &unquoted(&all),
            &["rules", "seed", "moves", "vote", "mission"],
        );
        assert!(english.is_empty(), "English words {english:?} in\n{all}");
    }
}

/// The binary: a save of a game this ludus does not know, and a broken
/// save, are reported in the player's language (with the line of the file
/// and a caret under the place).
#[test]
fn the_binary_reports_a_broken_or_foreign_save_in_the_players_language() {
    use std::process::Command as Proc;
    let bin = env!("CARGO_BIN_EXE_ludus");
    let tmp = tempfile::tempdir().unwrap();
    let mut c = choice();
    c.lang = Some("nl".into());
    let mut g = Game::new(c, 5, players(0, "random")).unwrap();
    for _ in 0..10 {
        let m = g.legal()[0];
        g.play(m).unwrap();
    }
    let path = tmp.path().join("p.ron");
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let foreign = tmp.path().join("q.ron");
    std::fs::write(&foreign, text.replacen("game: \"", "game: \"x", 1)).unwrap();
    let broken = tmp.path().join("r.ron");
    std::fs::write(
        &broken,
        text.replacen("end: (moves: 10", "end: (moves: 11", 1),
    )
    .unwrap();
    for args in [
        vec!["replay".to_string(), foreign.display().to_string()],
        vec![
            "play".into(),
            "--resume".into(),
            foreign.display().to_string(),
        ],
        vec!["replay".into(), broken.display().to_string()],
        vec![
            "play".into(),
            "--resume".into(),
            broken.display().to_string(),
        ],
    ] {
        let out = Proc::new(bin)
            .args(&args)
            .env("LUDUS_DATA_DIR", tmp.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(": fout: "), "{args:?}: {err}");
        if args[1..].iter().any(|a| a.ends_with("q.ron")) {
            assert!(err.contains("een spel xcaesar_cleopatra"), "{err}");
        } else {
            // The line of the end record, and a caret under its start.
            assert!(
                err.contains("de opgeslagen partij vermeldt 11 zetten maar bevat er 10"),
                "{err}"
            );
            assert!(err.contains(" | ") && err.contains("^"), "{err}");
        }
        // (The line of the file shown under the message is the file's own.)
        let message: String = err.lines().filter(|l| !l.contains(" | ")).collect();
        let english = english_words_in(&unquoted(&message), &[]);
        assert!(english.is_empty(), "{english:?} in {err}");
    }
}

/// The part of the message `id` of `lang` before its first argument.
fn message_start(lang: Lang, id: &str) -> String {
    let full = ludus::tr!(lang, id, path = "\u{0}", moves = 0);
    full.split('\u{0}').next().unwrap().to_string()
}

/// A full disk: the `ludus` binary writes its saves with the size of any
/// file it writes limited to 16 bytes (`RLIMIT_FSIZE`, SIGXFSZ ignored, so
/// a write fails with EFBIG, "File too large", after a partial write), the
/// autosave's and `save FILE`'s alike. The game must say at once that it
/// is not saved and where else to save it, never claim a save, and leave
/// no partial or temporary file behind. (Each save has a temporary file of
/// its own, so no file can stand for it as `/dev/full` once did; ENOSPC is
/// worded by `i18n::io_words`, tested there.)
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_said_never_called_saved_and_leaves_no_file() {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::{Command as Proc, Stdio};
    unsafe extern "C" {
        fn setrlimit(resource: i32, rlim: *const [u64; 2]) -> i32;
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const RLIMIT_FSIZE: i32 = 1;
    const SIGXFSZ: i32 = 25;
    const SIG_IGN: usize = 1;
    let bin = env!("CARGO_BIN_EXE_ludus");
    for code in ["en", "fr", "nl"] {
        let lang = Lang::from_code(Some(code));
        let tmp = tempfile::tempdir().unwrap();
        let data = tmp.path().join("data");
        let home = tmp.path().join("home");
        std::fs::create_dir_all(&home).unwrap();
        let mut cmd = Proc::new(bin);
        cmd.args([
            "play", "--ai", "random", "--seed", "71", "--lang", code, "--rules",
        ])
        .arg(rules_dir())
        .current_dir(tmp.path())
        .env("LUDUS_DATA_DIR", &data)
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        // SAFETY: between fork and exec, only setrlimit and signal, both
        // async-signal-safe, on this process alone.
        unsafe {
            cmd.pre_exec(|| {
                let limit = [16u64, 16u64];
                if setrlimit(RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                signal(SIGXFSZ, SIG_IGN);
                Ok(())
            });
        }
        let mut child = cmd.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"1\nsave plein.ron\nquit\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{code}: {stderr}\n{stdout}");
        // The autosave's path, as the start of the game names it.
        let intro = message_start(lang, "intro-autosave");
        let auto = stdout
            .lines()
            .find_map(|l| l.strip_prefix(intro.as_str()))
            .unwrap_or_else(|| panic!("{code}: no autosave named in\n{stdout}"));
        // Said at once, once, with the reason and another place.
        let failed = ludus::tr!(
            lang,
            "autosave-failed",
            path = auto,
            error = lang.t("io-file-too-large"),
            suggestion = "~/ludus-game-71.ron"
        );
        // (Messages are wrapped at 80 columns: read as words.)
        let (stdout, failed) = (flat(&stdout), flat(&failed));
        assert_eq!(
            stdout.matches(&failed).count(),
            1,
            "{code}: {failed:?} in\n{stdout}"
        );
        let first_prompt = stdout.find(" > ").unwrap();
        assert!(stdout.find(&failed).unwrap() < first_prompt, "{stdout}");
        // `save FILE` on a full disk: not saved, and said so.
        let not = ludus::tr!(
            lang,
            "save-failed",
            path = "plein.ron",
            error = lang.t("io-file-too-large")
        );
        assert!(stdout.contains(&not), "{code}: {not:?} in\n{stdout}");
        // Quit: the game is NOT saved, and never said to be.
        let end = ludus::tr!(lang, "not-saved", path = auto);
        assert!(stdout.contains(&end), "{code}: {end:?} in\n{stdout}");
        for id in ["saved-in", "saved-to", "finished-saved"] {
            let claim = message_start(lang, id);
            assert!(!stdout.contains(&claim), "{code}: {claim:?} in\n{stdout}");
        }
        // No save, no partial file, no temporary file, anywhere.
        let left: Vec<_> = std::fs::read_dir(data.join("saves"))
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "{code}: {left:?}");
        let mut here: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        here.sort();
        assert_eq!(here, ["data", "home"], "{code}");
        assert!(std::fs::read_dir(&home).unwrap().next().is_none());
        if lang != Lang::En {
            // (File names are not sentences: the autosave's, `game-...`.)
            let said = stdout.replace(auto, "").replace("~/ludus-game-71.ron", "");
            let english = english_words_in(&said, &["vote", "mission"]);
            assert!(
                english.is_empty(),
                "{code}: English words {english:?} in\n{stdout}"
            );
        }
    }
}

/// `ludus play --lang fr --help` and the like: the help of play and replay
/// in French and Dutch, every option worded by the catalogue.
#[test]
fn play_and_replay_help_in_french_and_dutch() {
    use clap::CommandFactory;
    use std::process::Command as Proc;
    let cli = ludus::cli::Cli::command();
    for name in ["play", "replay"] {
        let c = cli.find_subcommand(name).unwrap();
        for id in ludus::play::help::ids(c, name) {
            assert!(Lang::En.get(&id).is_some(), "{id} is not in the catalogue");
        }
    }
    let bin = env!("CARGO_BIN_EXE_ludus");
    for (code, usage, help) in [
        ("fr", "Utilisation : ludus ", "Afficher cette aide"),
        ("nl", "Gebruik: ludus ", "Deze hulp tonen"),
    ] {
        let lang = Lang::from_code(Some(code));
        for (name, args) in [
            ("play", vec!["play", "--lang", code, "--help"]),
            ("replay", vec!["replay", "--lang", code, "-h"]),
            (
                "replay",
                vec!["replay", "x.ron", &format!("--lang={code}"), "--help"],
            ),
        ] {
            let out = Proc::new(bin).args(&args).output().unwrap();
            assert!(out.status.success(), "{args:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(
                text.contains(usage) && text.contains(help),
                "{args:?}:\n{text}"
            );
            assert!(
                text.contains(&lang.t(&format!("cli-{name}-about"))),
                "{text}"
            );
            assert!(
                text.contains(&lang.t(&format!("cli-{name}-side"))),
                "{text}"
            );
            // (Option names and file names are the command's own words:
            // --game, games.ron, $LUDUS_RULES; "places" is French.)
            let words: Vec<&str> = text
                .split_whitespace()
                .filter(|w| !w.contains("--") && !w.contains('.') && !w.contains('$'))
                .collect();
            let english = english_words_in(&words.join(" "), &["places"]);
            assert!(
                english.is_empty(),
                "{args:?}: English words {english:?} in\n{text}"
            );
        }
    }
    // Without --lang, clap's English help.
    let out = Proc::new(bin).args(["play", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: ludus play"));
}
