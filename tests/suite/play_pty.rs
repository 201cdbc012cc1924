//! `ludus play` at a real terminal: the `ludus` binary runs under a
//! pseudo-terminal, and the test types at its prompts as a person would
//! (keystrokes ending in Enter, echoed by the terminal), against the AI, to
//! the final score.
//!
//! The game is planned with the library first (the AI through
//! `Game::ai_move`, which the binary also uses, the person by a seeded
//! policy), so the test knows at each prompt which choices must be listed
//! and what to type. Along the way it types wrong input (garbage, numbers
//! out of range, a well-formed move that is not legal): each must be
//! answered with the reason and the list of legal choices, and the board
//! asked for before and after must be the same. The session must then end
//! in exactly the planned game (read back from its autosave).
//!
//! What only a terminal shows is checked too: colour on a terminal, none
//! with NO_COLOR, and the screen cleared at each hand-over in `--hotseat`.
//!
//! Every wait has a generous time limit and fails with the last output
//! rather than hanging; no timing is asserted.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ludus::args::RulesArgs;
use ludus::engine::seed::{derive, mix};
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::games::caesar_cleopatra::Move;
use ludus::games::caesar_cleopatra::screen::input::{self, Command, InputError, short_form};
use ludus::games::caesar_cleopatra::screen::render;
use ludus::games::caesar_cleopatra::text::{event_text, score_text};
use ludus::play::i18n::Lang;
use ludus::play::render::{ALT_SCREEN_OFF, ALT_SCREEN_ON, Style, WIPE};
use ludus::play::{Player, RulesChoice};

type Game = ludus::play::Game<CaesarCleopatra>;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The longest wait for one answer of the program (generous: CI runs on
/// a loaded two-core machine).
const TIMEOUT: Duration = Duration::from_secs(120);

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra")
}

fn choice() -> RulesChoice {
    RulesChoice::from_args::<ludus::games::caesar_cleopatra::CaesarCleopatra>(&RulesArgs::for_dir(
        &rules_dir(),
    ))
}

const COLOR: Style = Style {
    color: true,
    lang: Lang::En,
};
const PLAIN: Style = Style {
    color: false,
    lang: Lang::En,
};

/// The `ludus` binary running under a pseudo-terminal.
struct Term {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    /// Kept open: the terminal lives as long as its master side.
    _master: Box<dyn MasterPty + Send>,
    /// Output chunks from the reader thread; `None` at the end.
    rx: Receiver<Option<Vec<u8>>>,
    /// Everything printed so far, as the terminal received it.
    out: Vec<u8>,
    /// How much of `out` has been looked at.
    at: usize,
    eof: bool,
}

impl Term {
    /// Starts `ludus ARGS` on a new 100x40 terminal, in `dir`, with the
    /// environment of the test plus `env` (a `None` value removes a
    /// variable).
    fn spawn(args: &[&str], env: &[(&str, Option<&str>)], dir: &Path) -> Term {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 40,
                cols: 100,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap_or_else(|e| {
                panic!(
                    "cannot open a pseudo-terminal ({e}); this test needs /dev/ptmx and /dev/pts"
                )
            });
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_ludus"));
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("TERM", "xterm-256color");
        for (k, v) in env {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            }
        }
        let child = pty
            .slave
            .spawn_command(cmd)
            .unwrap_or_else(|e| panic!("cannot start ludus on a pseudo-terminal: {e}"));
        // The child holds the terminal's other side now; without this copy
        // closed, reading would never see the end.
        drop(pty.slave);
        let mut reader = pty
            .master
            .try_clone_reader()
            .expect("the terminal's reader");
        let writer = pty.master.take_writer().expect("the terminal's writer");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    // EIO once the program has exited and closed the terminal.
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(n) => {
                        if tx.send(Some(buf[..n].to_vec())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Term {
            child,
            writer,
            _master: pty.master,
            rx,
            out: Vec::new(),
            at: 0,
            eof: false,
        }
    }

    /// The last output, for failure messages.
    fn tail(&self) -> String {
        let from = self.out.len().saturating_sub(2500);
        String::from_utf8_lossy(&self.out[from..]).into_owned()
    }

    /// Reads until `found` (given the output not yet looked at) says where
    /// what we wait for ends; returns that output and moves past it.
    fn wait_for(&mut self, what: &str, found: impl Fn(&[u8]) -> Option<usize>) -> String {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(end) = found(&self.out[self.at..]) {
                let seg = &self.out[self.at..self.at + end];
                self.at += end;
                // The terminal turns each "\n" into "\r\n".
                return String::from_utf8_lossy(seg).replace("\r\n", "\n");
            }
            if self.eof {
                panic!(
                    "ludus ended while the test waited for {what}; its last output:\n{}",
                    self.tail()
                );
            }
            self.receive(deadline, &format!("no {what} from ludus"));
        }
    }

    /// The output up to the prompt `prompt`, where the program waits.
    fn prompt(&mut self, prompt: &str) -> String {
        let p = prompt.as_bytes().to_vec();
        let mut s = self.wait_for(&format!("the prompt {prompt:?}"), |b| {
            b.ends_with(&p).then_some(b.len())
        });
        s.truncate(s.len() - prompt.len());
        s
    }

    /// Takes the next chunk of output (or notes its end); panics with
    /// `failure` and the last output once `deadline` has passed.
    fn receive(&mut self, deadline: Instant, failure: &str) {
        match self
            .rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(Some(b)) => self.out.extend_from_slice(&b),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => self.eof = true,
            Err(RecvTimeoutError::Timeout) => panic!(
                "{failure} within {TIMEOUT:?}; its last output:\n{}",
                self.tail()
            ),
        }
    }

    /// Everything up to the end of the program's output.
    fn rest(&mut self) -> String {
        let deadline = Instant::now() + TIMEOUT;
        while !self.eof {
            self.receive(deadline, "ludus did not stop");
        }
        let s = String::from_utf8_lossy(&self.out[self.at..]).replace("\r\n", "\n");
        self.at = self.out.len();
        s
    }

    /// Types a line and Enter (a carriage return, as a keyboard sends it).
    fn type_line(&mut self, line: &str) {
        self.writer
            .write_all(format!("{line}\r").as_bytes())
            .and_then(|_| self.writer.flush())
            .unwrap_or_else(|e| panic!("cannot type {line:?}: {e}; last output:\n{}", self.tail()));
    }

    /// Waits for the program to exit; true if it succeeded.
    fn exit_ok(&mut self) -> bool {
        self.child.wait().expect("ludus's exit status").success()
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        // A test that failed half-way leaves no program behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Wrong input typed at a prompt, and how it must be answered.
#[derive(Debug, Clone)]
struct Wrong {
    line: String,
    says: String,
}

/// One of the person's prompts: the legal choices as listed, the wrong
/// input to try first, and the line that makes the planned move.
struct Prompt {
    choices: String,
    wrong: Vec<Wrong>,
    line: String,
}

/// A well-formed move that is not legal here: a placement (tried in a
/// seeded order), else a move of another step of the turn.
fn illegal_move(g: &Game, legal: &[Move], h: u64) -> Option<Wrong> {
    let p = g.actor()?;
    let mut tries = Vec::new();
    for v in ["1", "2", "3", "4", "5", "p"] {
        for grp in ["sen", "pra", "qua", "cen", "aed"] {
            for f in ["d", "u"] {
                tries.push(format!("p {v} {grp} {f}"));
            }
        }
    }
    let n = tries.len();
    let placements = (0..n).map(|k| tries[(k + h as usize) % n].clone());
    let others = ["v", "d i", "pass", "x 3", "end", "no"].map(String::from);
    placements
        .chain(others)
        .find_map(|t| match input::parse(g.rules(), p, legal, &t) {
            Err(InputError::NoMatch(why))
                if why.contains("matches none of the legal moves")
                    || why.contains("that kind of move is not possible now") =>
            {
                Some(Wrong { line: t, says: why })
            }
            _ => None,
        })
}

/// Plays game `seed` with the library, the person at `human` against
/// `ai`; returns the finished game and the person's prompts.
fn plan(seed: u64, human: usize, ai: &str) -> (Game, Vec<Prompt>) {
    let mut players = vec![Player::Ai(ai.into()), Player::Ai(ai.into())];
    players[human] = Player::Human;
    let mut g = Game::new(choice(), seed, players).unwrap();
    let mut prompts = Vec::new();
    let mut k = 0u64;
    while let Some(p) = g.actor() {
        if g.players[p] != Player::Human {
            let m = g.ai_move().unwrap();
            g.play(m).unwrap();
            continue;
        }
        if ludus::games::caesar_cleopatra::screen::forced_decline(&g.state) {
            g.play(Move::Decline).unwrap(); // `ludus play` declines for him
            continue;
        }
        k += 1;
        let h = mix(derive(seed, k, 99));
        let legal = g.legal();
        let mut wrong = Vec::new();
        // Wrong input at every third prompt, each kind in turn.
        if k % 3 == 1 {
            let n = legal.len();
            let w = match (k / 3) % 3 {
                0 => Some(Wrong {
                    line: "xyzzy 42".into(),
                    says: "\"xyzzy 42\" is neither a command nor a move".into(),
                }),
                1 => Some(Wrong {
                    line: (n + 1 + (h % 50) as usize).to_string(),
                    says: format!("the choices are numbered 1 to {n}"),
                }),
                _ => illegal_move(&g, &legal, h),
            };
            wrong.extend(w);
        }
        let i = ((h >> 32) % legal.len() as u64) as usize;
        let m = legal[i];
        let line = if legal.len() == 1 && (h >> 8).is_multiple_of(2) {
            String::new() // Enter: the only choice
        } else if (h >> 16).is_multiple_of(2) {
            (i + 1).to_string()
        } else {
            let f = short_form(g.rules(), p, m);
            assert_eq!(input::parse(g.rules(), p, &legal, &f), Ok(Command::Move(i)));
            f
        };
        prompts.push(Prompt {
            choices: render::choices(&g.state, &legal, COLOR),
            wrong,
            line,
        });
        g.play(m).unwrap();
    }
    (g, prompts)
}

#[test]
fn a_whole_game_at_a_terminal_against_the_ai_with_wrong_input_rejected() {
    let tmp = tempfile::tempdir().unwrap();
    let seed = 17;
    let (planned, prompts) = plan(seed, 0, "greedy");
    assert!(planned.is_over());
    let rules = rules_dir();
    let seed_arg = seed.to_string();
    let mut t = Term::spawn(
        &[
            "play",
            "--ai",
            "greedy",
            "--seed",
            &seed_arg,
            "--rules",
            rules.to_str().unwrap(),
        ],
        &[("LUDUS_DATA_DIR", tmp.path().to_str()), ("NO_COLOR", None)],
        tmp.path(),
    );
    // Cleopatra's prompt, in her colour.
    let prompt = "\x1b[33m> \x1b[0m";
    // Garbage, out of range, an illegal placement, a move of another step.
    let mut kinds = [0usize; 4];
    for (j, pr) in prompts.iter().enumerate() {
        let shown = t.prompt(prompt);
        assert!(
            shown.ends_with(&pr.choices),
            "prompt {j}: the legal choices should be listed as\n{}\nbut the screen shows\n{shown}",
            pr.choices
        );
        if j == 0 {
            // Colour on a terminal: a bold title, coloured seats.
            assert!(shown.contains("\x1b[1mLudus - "), "{shown}");
            assert!(shown.contains("Cleopatra (you)"));
        }
        for w in &pr.wrong {
            t.type_line("board");
            let before = t.prompt(prompt);
            t.type_line(&w.line);
            let answer = t.prompt(prompt);
            // The reason, then every legal choice again.
            let expected = format!("{}. Legal here:", w.says);
            // (A message is wrapped at 80 columns: read as words.)
            assert!(
                words(&answer).contains(&words(&expected)),
                "prompt {j}: {:?} should be answered with {expected:?}, got\n{answer}",
                w.line
            );
            assert!(
                answer.ends_with(&pr.choices),
                "prompt {j}: after {:?} the legal choices should be listed again, got\n{answer}",
                w.line
            );
            // Nothing changed.
            t.type_line("board");
            let after = t.prompt(prompt);
            assert_eq!(before, after, "prompt {j}: {:?} changed the table", w.line);
            let kind = if w.says.contains("neither") {
                0
            } else if w.says.contains("numbered") {
                1
            } else if w.says.contains("matches none") {
                2
            } else {
                3
            };
            kinds[kind] += 1;
        }
        t.type_line(&pr.line);
    }
    assert!(
        kinds.iter().all(|&n| n > 0),
        "every kind of wrong input was typed: {kinds:?}"
    );
    // The AI finishes the game: the final table with every card, the score.
    let end = t.rest();
    assert!(t.exit_ok(), "ludus play failed:\n{}", t.tail());
    let table = render::board(&planned.state, None, COLOR);
    assert!(end.contains(&table), "no final table in\n{end}");
    assert!(end.contains(&score_text(&planned.state)), "{end}");
    assert!(end.contains("Result: "));
    // Exactly the planned game: no wrong input changed anything.
    let saves: Vec<PathBuf> = std::fs::read_dir(tmp.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let saved = Game::load(&saves[0]).unwrap();
    assert!(saved.is_over());
    assert_eq!(saved.moves, planned.moves);
    assert_eq!(saved.fingerprint(), planned.fingerprint());
}

#[test]
fn no_colour_at_a_terminal_with_no_color() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = rules_dir();
    let mut t = Term::spawn(
        &[
            "play",
            "--ai",
            "random",
            "--seed",
            "5",
            "--no-autosave",
            "--rules",
            rules.to_str().unwrap(),
        ],
        &[("NO_COLOR", Some("1"))],
        tmp.path(),
    );
    let shown = t.prompt("\n> ");
    assert!(shown.contains("Ludus - "), "{shown}");
    t.type_line("nonsense");
    let answer = t.prompt("\n> ");
    assert!(answer.contains("is neither a command nor a move. Legal here:"));
    t.type_line("quit");
    let rest = t.rest();
    assert!(t.exit_ok(), "{}", t.tail());
    assert!(
        !t.out.contains(&0x1b),
        "an escape sequence with NO_COLOR:\n{}",
        t.tail()
    );
    assert!(rest.contains("Stopped."), "{rest}");
}

/// What `seat` may see and the other may not, at this point of `g`: the
/// lines of the board as `seat` sees it that are not on the other's (his
/// hand, his mission, his face-down cards, "(you)" at his column), every
/// event as told to him that is told otherwise to the other (his setup
/// cards, his draws, his mission card), and his mission's name.
fn secrets_of(g: &Game, seat: usize, st: Style) -> Vec<String> {
    let r = g.rules();
    let mine = render::board(&g.state, Some(seat), st);
    let theirs = render::board(&g.state, Some(1 - seat), st);
    // (A long line is wrapped: its first part names it; the indented rest
    // may read the same on both sides.)
    let mut v: Vec<String> = mine
        .lines()
        .filter(|l| !l.starts_with("  ") && !theirs.lines().any(|t| t == *l))
        .map(String::from)
        .collect();
    let public: Vec<String> = g
        .state
        .events()
        .iter()
        .map(|e| event_text(r, e, Some(1 - seat)))
        .collect();
    for e in g.state.events() {
        // (A face-down card taken back reads as a face-up one of the
        // same value would: only a sentence the other is never told
        // is a secret.)
        let told = event_text(r, e, Some(seat));
        if !public.contains(&told) {
            v.push(told);
        }
    }
    // (Each side has its own mission cards, of the same names.)
    let name = |m: &u8| r.missions[*m as usize].name.clone();
    let others: Vec<String> = g.state.zones(1 - seat).missions.iter().map(name).collect();
    for m in &g.state.zones(seat).missions {
        if !others.contains(&name(m)) {
            v.push(name(m));
        }
    }
    // The order of his action reserve, as he chose it.
    v.push(format!("{}: put ", r.factions[seat].name));
    v
}

/// A whole hot-seat game at a terminal, each player choosing by a seeded
/// policy: after each hand-over, everything the terminal receives until
/// the next one is searched for the previous player's secrets.
fn hotseat_game_hides_each_player_from_the_other(seed: u64, colour: bool) {
    let tmp = tempfile::tempdir().unwrap();
    let rules = rules_dir();
    let no_color = if colour { None } else { Some("1") };
    let mut t = Term::spawn(
        &[
            "play",
            "--hotseat",
            "--seed",
            &seed.to_string(),
            "--no-autosave",
            "--rules",
            rules.to_str().unwrap(),
        ],
        &[("NO_COLOR", no_color)],
        tmp.path(),
    );
    let st = if colour { COLOR } else { PLAIN };
    let mut g = Game::new(choice(), seed, vec![Player::Human, Player::Human]).unwrap();
    let names = [
        g.rules().factions[0].name.clone(),
        g.rules().factions[1].name.clone(),
    ];
    let ready = |p: usize| {
        format!(
            "Pass the screen to {0}. {0}, press Enter when only you can see it. ",
            names[p]
        )
    };
    let prompt = |p: usize| {
        if colour {
            st.seat(p, "> ")
        } else {
            "\n> ".to_string()
        }
    };
    // The stretch of output each player saw, with the other's secrets
    // when it began.
    let mut stretches: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut screen: Option<usize> = None;
    let mut k = 0u64;
    while let Some(p) = g.actor() {
        if screen != Some(p) {
            let before = t.prompt(&ready(p));
            let wiped = before.rfind(WIPE);
            assert!(
                wiped.is_some(),
                "no wipe before the hand-over to {}:\n{before:?}",
                names[p]
            );
            // Only the call to the next player is on the wiped screen.
            let after_wipe = &before[wiped.unwrap() + WIPE.len()..];
            assert!(!after_wipe.contains("hand"), "{after_wipe:?}");
            if let Some((_, seg, _)) = stretches.last_mut() {
                seg.push_str(&before);
            }
            t.type_line("");
            stretches.push((p, String::new(), secrets_of(&g, 1 - p, st)));
            screen = Some(p);
        }
        let shown = t.prompt(&prompt(p));
        stretches.last_mut().unwrap().1.push_str(&shown);
        k += 1;
        let legal = g.legal();
        let i = (mix(derive(seed, k, 5)) % legal.len() as u64) as usize;
        t.type_line(&(i + 1).to_string());
        g.play(legal[i]).unwrap();
    }
    let end = t.rest();
    assert!(t.exit_ok(), "{}", t.tail());
    // The end is shown on the terminal's own screen, every card open.
    let off = end
        .find(ALT_SCREEN_OFF)
        .expect("the alternate screen is left");
    stretches.last_mut().unwrap().1.push_str(&end[..off]);
    assert!(end[off..].contains(&score_text(&g.state)), "{end}");
    assert!(stretches.len() > 10, "{} hand-overs", stretches.len());
    let all = String::from_utf8_lossy(&t.out).replace("\r\n", "\n");
    assert!(all.contains(ALT_SCREEN_ON));
    // The secrets looked for include hands and face-down setup cards.
    let sought = |what: &str| {
        stretches
            .iter()
            .any(|(_, _, s)| s.iter().any(|x| x.contains(what)))
    };
    assert!(sought("Your hand: ") && sought(" sets up ") && sought(": put "));
    for (j, (p, seg, secrets)) in stretches.iter().enumerate() {
        assert!(!seg.is_empty());
        for s in secrets {
            assert!(
                !seg.contains(s.as_str()),
                "hand-over {j}: {} sees {:?} of {}:\n{seg}",
                names[*p],
                s,
                names[1 - p]
            );
        }
    }
    if !colour {
        // Screen control, but no colour.
        let bare = all
            .replace(ALT_SCREEN_ON, "")
            .replace(ALT_SCREEN_OFF, "")
            .replace(WIPE, "");
        assert!(!bare.contains('\x1b'), "colour with NO_COLOR");
    }
}

#[test]
fn a_whole_hotseat_game_in_colour_shows_no_player_the_others_cards() {
    hotseat_game_hides_each_player_from_the_other(9, true);
}

#[test]
fn a_whole_hotseat_game_without_colour_shows_no_player_the_others_cards() {
    hotseat_game_hides_each_player_from_the_other(31, false);
}

/// Hotseat needs a terminal: with its output piped it is refused, with
/// the reason.
#[test]
fn hotseat_is_refused_when_the_output_is_not_a_terminal() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["play", "--hotseat", "--no-autosave", "--rules"])
        .arg(rules_dir())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--hotseat needs a terminal"), "{err}");
    assert!(out.stdout.is_empty() || !String::from_utf8_lossy(&out.stdout).contains("hand"));
}

#[test]
fn ctrl_c_stops_with_the_resume_hint() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = rules_dir();
    let mut t = Term::spawn(
        &[
            "play",
            "--ai",
            "random",
            "--seed",
            "5",
            "--rules",
            rules.to_str().unwrap(),
        ],
        &[
            ("LUDUS_DATA_DIR", tmp.path().to_str()),
            ("NO_COLOR", Some("1")),
        ],
        tmp.path(),
    );
    for _ in 0..3 {
        t.prompt("\n> ");
        t.type_line("1");
    }
    t.prompt("\n> ");
    // Ctrl-C, as the keyboard sends it: the terminal makes it SIGINT. The
    // program waits at its prompt: no timing matters, and the note must
    // come whenever the handler runs (the terminal keeps the output).
    t.writer.write_all(b"\x03").unwrap();
    t.writer.flush().unwrap();
    // (The note is wrapped at 80 columns: its first word is enough.)
    let marker = b"Resume";
    let upto = t.wait_for("the resume note", |b| {
        b.windows(marker.len())
            .position(|w| w == marker)
            .map(|i| i + marker.len())
    });
    let rest = format!("{upto}{}", t.rest());
    assert!(!t.exit_ok(), "Ctrl-C is not a success");
    let save = std::fs::read_dir(tmp.path().join("saves"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let hint = format!(
        "Stopped (Ctrl-C). The game is saved in {0} (3 moves). Resume with: ludus play --resume {0}",
        save.display()
    );
    assert!(words(&rest).contains(&hint), "{hint:?} not in\n{rest}");
    assert_eq!(Game::load(&save).unwrap().moves.len(), 3);
}

#[test]
fn save_asks_before_overwriting_a_file_that_is_not_a_save() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = rules_dir();
    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let mut t = Term::spawn(
        &[
            "play",
            "--ai",
            "random",
            "--seed",
            "6",
            "--no-autosave",
            "--rules",
            rules.to_str().unwrap(),
        ],
        &[("NO_COLOR", Some("1"))],
        tmp.path(),
    );
    t.prompt("\n> ");
    t.type_line("save notes.txt");
    let asked = t.prompt("Overwrite it? (yes/no) ");
    assert!(
        asked.contains("notes.txt exists and is not a Ludus save."),
        "{asked}"
    );
    t.type_line("no");
    let said = t.prompt("\n> ");
    assert!(said.contains("Not saved."), "{said}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    t.type_line("save notes.txt");
    t.prompt("Overwrite it? (yes/no) ");
    t.type_line("yes");
    let said = t.prompt("\n> ");
    assert!(said.contains("Saved to notes.txt (0 moves)"), "{said}");
    assert!(Game::load(&notes).is_ok());
    t.type_line("quit");
    t.rest();
    assert!(t.exit_ok());
}

/// The words of `text` without its colour codes, one space between
/// each: a message is wrapped at 80 columns, and read as words.
fn words(text: &str) -> String {
    let mut plain = String::new();
    let mut esc = false;
    for c in text.chars() {
        if esc {
            esc = !c.is_ascii_alphabetic();
        } else if c == '\x1b' {
            esc = true;
        } else {
            plain.push(c);
        }
    }
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}
