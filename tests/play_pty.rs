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

use ludus::cli::RulesArgs;
use ludus::engine::seed::{derive, mix};
use ludus::games::caesar_cleopatra::Move;
use ludus::games::caesar_cleopatra::text::score_text;
use ludus::play::input::{self, Command, InputError, short_form};
use ludus::play::render::{self, Style};
use ludus::play::{self, Game, Player, RulesChoice};
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The longest wait for one answer of the program.
const TIMEOUT: Duration = Duration::from_secs(60);

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra")
}

fn choice() -> RulesChoice {
    RulesChoice::from_args(&RulesArgs::for_dir(&rules_dir()))
}

const COLOR: Style = Style { color: true };

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
    let mut players = [Player::Ai(ai.into()), Player::Ai(ai.into())];
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
        if play::forced_decline(&g.state) {
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
            assert!(
                answer.contains(&expected),
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

#[test]
fn hotseat_clears_the_screen_and_waits_for_the_next_player() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = rules_dir();
    let seed = 9;
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
        &[("NO_COLOR", None)],
        tmp.path(),
    );
    let mut g = Game::new(choice(), seed, [Player::Human, Player::Human]).unwrap();
    let clear = "\x1b[2J\x1b[H";
    let ready = |name: &str| format!("Pass the screen to {name}; {name}, press Enter when ready. ");
    // Cleopatra is called to the screen: it is cleared, and nothing of
    // hers shows before she presses Enter.
    let before = t.prompt(&ready("Cleopatra"));
    assert!(before.contains(clear), "{before:?}");
    let hers = render::board(&g.state, Some(0), COLOR);
    assert!(!before.contains(&hers));
    t.type_line("");
    // Her turn: the screen cleared again, then her board.
    let seen = t.prompt("\x1b[33m> \x1b[0m");
    assert!(seen.contains(clear), "{seen:?}");
    assert!(seen.contains(&hers), "no board for Cleopatra in\n{seen}");
    // She plays her setup (first choices) until Caesar must decide.
    loop {
        t.type_line("1");
        let m = g.legal()[0];
        g.play(m).unwrap();
        if g.actor() != Some(0) {
            break;
        }
        t.prompt("\x1b[33m> \x1b[0m");
    }
    assert_eq!(g.actor(), Some(1));
    let between = t.prompt(&ready("Caesar"));
    assert!(between.contains(clear), "{between:?}");
    let his = render::board(&g.state, Some(1), COLOR);
    assert!(!between.contains(&his));
    t.type_line("");
    let seen = t.prompt("\x1b[31m> \x1b[0m");
    assert!(seen.contains(clear));
    assert!(seen.contains(&his), "no board for Caesar in\n{seen}");
    assert!(!seen.contains(&hers));
    t.type_line("quit");
    t.rest();
    assert!(t.exit_ok(), "{}", t.tail());
}
