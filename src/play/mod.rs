//! `ludus play`: a game at the terminal, for 2 to 6 seats, each played by
//! a person or an AI: one person against AIs, people at one screen
//! (`--hotseat`, with a handover screen before each person's turn), or AIs
//! alone (`--watch`); save, resume (`--resume FILE`) and `ludus replay
//! FILE`. See docs/play.md.
//!
//! Generic over the game ([`Playable`]): the board, the sentences of moves
//! and events and the typed forms are the game's; this module names no
//! notion of any game.
//!
//! A game is its rules selection, its seed and its moves ([`record::Game`]).
//! Every AI decision is made by a fresh agent seeded from the game seed and
//! the move number, so a resumed game goes on exactly as it would have.
//! The session reads lines from any `BufRead` and writes to any `Write`
//! ([`run_session`]), so that tests drive it with piped input.

pub mod help;
pub mod i18n;
pub mod input;
mod playable;
pub mod record;
pub mod render;
pub mod save_files;
pub mod table;

pub use playable::{CardInfo, EventLook, MoveOf, Playable};

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::agents::{AgentSpec, Agents};
use crate::diag::Diagnostics;
use crate::engine::seed::{derive, mix};
use crate::engine::{GameState, Scored};

use crate::tr;
use i18n::Lang;
use input::{Command, InputError, Pause};
pub use record::{Game, Player, RulesChoice};
use render::Style;

/// `ludus play`: a game at the terminal.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub rules: crate::args::RulesArgs,
    /// The seat you play: its id or name, or their start (default: the
    /// seat that starts).
    #[arg(long = "as", value_name = "SIDE")]
    pub side: Option<String>,
    /// The AI: a level, easy, normal (the default) or hard (docs/play.md), or
    /// an agent: random, greedy, ismcts, ismcts:N (N iterations a move)...,
    /// for every seat but yours; or SEAT=AGENT, once per seat an AI plays
    /// (the seats not named are people: more than one needs --hotseat).
    #[arg(long, value_name = "AGENT")]
    pub ai: Vec<String>,
    /// The seed of the deal (and of the AI's choices); a new one if not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// People at one screen: the screen is cleared between players.
    #[arg(long, conflicts_with = "watch")]
    pub hotseat: bool,
    /// Watch the AI play every seat, move by move.
    #[arg(long)]
    pub watch: bool,
    /// Continue a saved game (`last`: the most recent autosave). The rules,
    /// seed and players come from the file.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Do not autosave under the data directory ($LUDUS_DATA_DIR, else
    /// $XDG_DATA_HOME/ludus, else ~/.local/share/ludus).
    #[arg(long)]
    pub no_autosave: bool,
}

impl PlayArgs {
    /// The defaults of `ludus play` (for tests and callers).
    pub fn new(rules_dir: &Path) -> PlayArgs {
        PlayArgs {
            rules: crate::args::RulesArgs::for_dir(rules_dir),
            side: None,
            ai: Vec::new(),
            seed: None,
            hotseat: false,
            watch: false,
            resume: None,
            no_autosave: false,
        }
    }
}

/// `ludus replay`: a saved game's moves, checked and shown again.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// A file written by `ludus play` (save FILE, or an autosave; `last` for
    /// the most recent autosave).
    pub file: PathBuf,
    /// Stop after each move until Enter is pressed.
    #[arg(long)]
    pub step: bool,
    /// Stop after move N and show the table there.
    #[arg(long, value_name = "N")]
    pub to: Option<usize>,
    /// Show the game as one seat saw it (default: every card).
    #[arg(long = "as", value_name = "SIDE")]
    pub side: Option<String>,
    /// The language of the replay's words and messages, en, fr or nl
    /// (default: the save's; the cards keep the names it was played with).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

impl ReplayArgs {
    pub fn new(file: &Path) -> ReplayArgs {
        ReplayArgs {
            file: file.to_path_buf(),
            step: false,
            to: None,
            side: None,
            lang: None,
        }
    }
}

/// How a session talks to its terminal.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// ANSI colours and screen clearing.
    pub color: bool,
    /// Where autosaves go (`None`: no autosave).
    pub data_dir: Option<PathBuf>,
    /// Print each input line after the prompt (for piped input, whose
    /// lines no terminal echoes).
    pub echo: bool,
    /// The output is a terminal: `--hotseat` may wipe it (alternate screen,
    /// scrollback cleared), with or without colour.
    pub terminal: bool,
}

impl Options {
    /// What `ludus play` uses: colour on a terminal without NO_COLOR, and
    /// the user's data directory.
    pub fn from_env() -> Options {
        Options {
            color: color_wanted(),
            data_dir: record::data_dir(),
            echo: !io::stdin().is_terminal(),
            terminal: io::stdout().is_terminal(),
        }
    }
}

/// Colour only on a terminal, without NO_COLOR, and not on a dumb one.
pub fn color_wanted() -> bool {
    io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// The alternate screen is on (hotseat): Ctrl-C leaves it before printing.
static ALT_SCREEN: AtomicBool = AtomicBool::new(false);
/// What Ctrl-C prints: where the game stands saved, and how to resume.
static INTERRUPT_NOTE: Mutex<String> = Mutex::new(String::new());

/// Ctrl-C: back to the terminal's own screen, the resume hint, exit 130.
/// (Written to stderr: the session holds stdout.) The terminal was told
/// not to discard its pending output on Ctrl-C ([`tty`]), so the note is
/// shown however late or early this runs.
fn on_interrupt() {
    let mut err = io::stderr().lock();
    if ALT_SCREEN.load(Ordering::SeqCst) {
        let _ = write!(err, "{}", render::ALT_SCREEN_OFF);
    }
    let note = INTERRUPT_NOTE.lock().map(|n| n.clone()).unwrap_or_default();
    let _ = write!(err, "\n{}", render::wrap_text(&note));
    let _ = err.flush();
    tty::restore();
    std::process::exit(130);
}

/// The terminal's line discipline, on Ctrl-C, signals the program and by
/// default discards the output not yet shown: the resume note written by
/// the handler could be discarded with it, depending on which comes first
/// (a race that a loaded machine loses). `NOFLSH` turns the discarding
/// off while a game runs; the terminal's settings come back at the end.
mod tty {
    #[cfg(unix)]
    use std::sync::Mutex;

    #[cfg(unix)]
    static SAVED: Mutex<Option<(i32, libc::termios)>> = Mutex::new(None);

    /// Sets `NOFLSH` on the controlling terminal (the first of stdin,
    /// stdout, stderr that is one); nothing elsewhere.
    pub fn keep_output_on_interrupt() {
        #[cfg(unix)]
        for fd in 0..3 {
            // SAFETY: isatty, tcgetattr and tcsetattr read or write the
            // termios struct given, which lives on this stack frame.
            unsafe {
                if libc::isatty(fd) != 1 {
                    continue;
                }
                let mut t: libc::termios = std::mem::zeroed();
                if libc::tcgetattr(fd, &mut t) != 0 {
                    return;
                }
                let saved = t;
                t.c_lflag |= libc::NOFLSH;
                if libc::tcsetattr(fd, libc::TCSANOW, &t) == 0
                    && let Ok(mut s) = SAVED.lock()
                {
                    *s = Some((fd, saved));
                }
                return;
            }
        }
    }

    /// The terminal's settings as they were.
    pub fn restore() {
        #[cfg(unix)]
        if let Ok(Some((fd, t))) = SAVED.lock().map(|s| *s) {
            // SAFETY: as above; `t` is a termios read from this terminal.
            unsafe {
                libc::tcsetattr(fd, libc::TCSANOW, &t);
            }
        }
    }
}

/// Why a session could not start or had to stop.
#[derive(Debug)]
pub enum PlayError {
    /// Rules that do not load.
    Invalid(Diagnostics),
    /// A save file that cannot be read or is not valid, said in the
    /// player's language.
    Save(Diagnostics, Lang),
    /// A bad option.
    Usage(String),
    Io(io::Error),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Invalid(d) => write!(f, "{d}"),
            PlayError::Save(d, lang) => write!(f, "{}", render::diagnostics(*lang, d, false)),
            PlayError::Usage(m) => write!(f, "{m}"),
            PlayError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<io::Error> for PlayError {
    fn from(e: io::Error) -> Self {
        PlayError::Io(e)
    }
}

/// How a session ended.
#[derive(Debug)]
pub struct Outcome<G: Playable> {
    /// The game as it stands (finished, or where it stopped).
    pub game: Game<G>,
    /// The game reached its end.
    pub finished: bool,
    /// The autosave file, if autosave is on.
    pub autosave: Option<PathBuf>,
}

fn exit_code(e: &PlayError, lang: Lang) -> ExitCode {
    match e {
        PlayError::Invalid(d) => {
            crate::term::render(d);
            ExitCode::from(1)
        }
        PlayError::Save(d, lang) => {
            eprint!("{}", render::diagnostics(*lang, d, true));
            ExitCode::from(1)
        }
        PlayError::Usage(m) => {
            eprintln!("{} {m}", lang.t("diag-error"));
            ExitCode::from(2)
        }
        PlayError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        PlayError::Io(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// The `ludus play` command: reads stdin, writes stdout.
pub fn play_main<G: Playable>(args: PlayArgs) -> ExitCode {
    let mut opts = Options::from_env();
    if args.no_autosave {
        opts.data_dir = None;
    }
    // Without a handler (another already set), Ctrl-C just stops.
    let _ = ctrlc::set_handler(on_interrupt);
    tty::keep_output_on_interrupt();
    // The language of an error: the game's (a resumed one's is the save's).
    let given = args.rules.lang.as_deref();
    let lang = match &args.resume {
        Some(p) => save_lang(given, p),
        None => Lang::from_code(given),
    };
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    let end = run_session_with::<G>(args, stdin, stdout, &opts);
    tty::restore();
    match end {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => exit_code(&e, lang),
    }
}

/// The `ludus replay` command: reads stdin (for `--step`), writes stdout.
pub fn replay_main<G: Playable>(args: ReplayArgs) -> ExitCode {
    let opts = Options::from_env();
    let lang = save_lang(args.lang.as_deref(), &args.file);
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    match run_replay::<G>(&args, stdin, stdout, &opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => exit_code(&e, lang),
    }
}

/// A save of a game this build does not know (`rules: (game: ...)`, not
/// one of the `known` modules): said in the player's language (`--lang`,
/// else the save's), with the exit code; `None` for any other file (the
/// game's own loading reports what else may be wrong with it).
pub fn foreign_save(path: &Path, lang: Option<&str>, known: &[String]) -> Option<ExitCode> {
    let game = record::game_of_save(path)?;
    if known.contains(&game) {
        return None;
    }
    let lang = save_lang(lang, path);
    let msg = tr!(
        lang,
        "save-other-game",
        game = game.as_str(),
        known = known.join(", ")
    );
    let d = record::plain(path, msg).with_hint(lang.t("save-expected"));
    eprint!("{}", render::diagnostics(lang, &d.into(), false));
    Some(ExitCode::from(1))
}

/// A session with plain output and autosaves in the user's data directory
/// (unless `--no-autosave`).
pub fn run_session<G: Playable>(
    args: PlayArgs,
    input: impl BufRead,
    output: impl Write,
) -> Result<Outcome<G>, PlayError> {
    let opts = Options {
        color: false,
        data_dir: if args.no_autosave {
            None
        } else {
            record::data_dir()
        },
        echo: false,
        terminal: false,
    };
    run_session_with::<G>(args, input, output, &opts)
}

/// The seats of a game: their ids (as saves write them) and names.
#[derive(Debug, Clone)]
pub struct Seats {
    pub ids: Vec<String>,
    pub names: Vec<String>,
}

impl Seats {
    pub fn of<G: Playable>(g: &Game<G>) -> Seats {
        let names = (0..g.seats()).map(|p| G::seat_name(g.rules(), p)).collect();
        Seats {
            ids: g.state.seat_ids(),
            names,
        }
    }

    /// Which seat a `--as` word names (its id or name, or their start,
    /// matched without accents), the error in `lang`.
    pub fn resolve(&self, lang: Lang, word: &str) -> Result<usize, String> {
        let w = input::fold(word.trim());
        let hit: Vec<usize> = (0..self.ids.len())
            .filter(|&p| {
                !w.is_empty()
                    && (input::fold(&self.ids[p]).starts_with(&w)
                        || input::fold(&self.names[p]).starts_with(&w))
            })
            .collect();
        match hit[..] {
            [p] => Ok(p),
            _ => {
                let (last, rest) = self
                    .ids
                    .split_last()
                    .map_or(("", &[][..]), |(l, r)| (l.as_str(), r));
                Err(tr!(
                    lang,
                    "unknown-side",
                    word = word,
                    a = rest.join(", "),
                    b = last
                ))
            }
        }
    }
}

/// Who plays each seat, from `--ai`, `--as`, `--hotseat` and `--watch`.
fn seat_players(
    args: &PlayArgs,
    seats: &Seats,
    first: usize,
    lang: Lang,
) -> Result<Vec<Player>, String> {
    let n = seats.ids.len();
    let (named, plain): (Vec<&String>, Vec<&String>) =
        args.ai.iter().partition(|a| a.contains('='));
    if plain.len() > 1 {
        return Err(tr!(lang, "ai-twice", n = plain.len()));
    }
    if args.hotseat && !plain.is_empty() {
        return Err(tr!(lang, "hotseat-no-ai"));
    }
    let default = plain
        .first()
        .map_or(crate::agents::DEFAULT_LEVEL, |s| s.as_str());
    let mut players = vec![None; n];
    for a in named {
        let (seat, spec) = a.split_once('=').unwrap_or((a, ""));
        let p = seats.resolve(lang, seat)?;
        players[p] = Some(Player::Ai(spec.trim().to_string()));
    }
    let ai = Player::Ai(default.to_string());
    // The seats no `SEAT=AGENT` names: AIs when watching, people at one
    // screen, else people when only seats were named, else you alone.
    let rest = if args.watch {
        vec![ai; n]
    } else if args.hotseat || (plain.is_empty() && players.iter().any(Option::is_some)) {
        vec![Player::Human; n]
    } else {
        let me = match &args.side {
            Some(w) => seats.resolve(lang, w)?,
            None => first,
        };
        let mut v = vec![ai; n];
        v[me] = Player::Human;
        v
    };
    let players: Vec<Player> = players
        .into_iter()
        .zip(rest)
        .map(|(p, r)| p.unwrap_or(r))
        .collect();
    let people = players.iter().filter(|p| **p == Player::Human).count();
    if people > 1 && !args.hotseat {
        return Err(tr!(lang, "people-need-hotseat", n = people));
    }
    Ok(players)
}

/// The language of a game's interface (its `--lang`).
fn g_lang<G: Playable>(g: &Game<G>) -> Lang {
    Lang::from_code(g.choice.lang.as_deref())
}

fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    mix(nanos ^ std::process::id() as u64) % 1_000_000
}

/// The save a command names: `last` (when no file has that name) is the
/// most recent autosave, if there is one; any other name is itself. The
/// command line reads the game of the save this names.
pub fn save_named(p: &Path) -> PathBuf {
    if names_last(p) {
        let latest = record::data_dir().and_then(|d| record::latest_autosave(&d));
        if let Some(latest) = latest {
            return latest;
        }
    }
    p.to_path_buf()
}

/// `last`, and no file has that name.
fn names_last(p: &Path) -> bool {
    p.as_os_str() == "last" && !p.exists()
}

fn resume_path(p: &Path, opts: &Options, lang: Lang) -> Result<PathBuf, PlayError> {
    if names_last(p) {
        let data = opts.data_dir.clone().or_else(record::data_dir);
        return data
            .as_deref()
            .and_then(record::latest_autosave)
            .ok_or_else(|| {
                let dir = data.as_deref().map(record::saves_dir).unwrap_or_default();
                let dir = dir.display().to_string();
                PlayError::Usage(tr!(lang, "no-autosave-to-resume", dir = dir))
            });
    }
    Ok(p.to_path_buf())
}

/// The language of what is said about a save: `--lang` when given, else
/// the save's own (read leniently, so that a broken save is reported in
/// its player's language), else English.
fn save_lang(given: Option<&str>, path: &Path) -> Lang {
    match given {
        Some(code) => Lang::from_code(Some(code)),
        None => Lang::from_code(record::lang_of_save(path).as_deref()),
    }
}

/// The AI spec `spec` (`SEAT=AGENT` or `AGENT`), checked; the error in
/// `lang`.
fn check_ai<G: Playable>(spec: &str, lang: Lang) -> Result<(), PlayError> {
    AgentSpec::<G>::parse(spec)
        .map(drop)
        .map_err(|e| PlayError::Usage(record::ai_error(lang, spec, e)))
}

/// The options `--resume` ignores, since the save fixes the rules (names
/// included), the seed and who plays each seat.
fn ignored_on_resume(args: &PlayArgs) -> Vec<String> {
    let r = &args.rules;
    let mut v = Vec::new();
    let mut opt = |name: &str, value: Option<String>| {
        if let Some(x) = value {
            v.push(format!("{name} {x}"));
        }
    };
    opt("--game", r.game.clone());
    opt("--players", r.players.map(|n| n.to_string()));
    opt("--variant", r.variant.clone());
    for a in &r.addons {
        opt("--addon", Some(a.clone()));
    }
    for x in &r.sets {
        opt("--set", Some(x.clone()));
    }
    opt("--lang", r.lang.clone());
    for a in &args.ai {
        opt("--ai", Some(a.clone()));
    }
    opt("--as", args.side.clone());
    opt("--seed", args.seed.map(|s| s.to_string()));
    if args.hotseat {
        v.push("--hotseat".into());
    }
    if args.watch {
        v.push("--watch".into());
    }
    v
}

/// A session: a new game from `args` (or the one `--resume` names), played
/// with lines from `input`, shown on `output`.
pub fn run_session_with<G: Playable>(
    args: PlayArgs,
    input: impl BufRead,
    output: impl Write,
    opts: &Options,
) -> Result<Outcome<G>, PlayError> {
    if args.hotseat && args.ai.iter().any(|a| !a.contains('=')) {
        let lang = Lang::from_code(args.rules.lang.as_deref());
        return Err(PlayError::Usage(tr!(lang, "hotseat-no-ai")));
    }
    let mut notes = Vec::new();
    let (game, resumed) = match &args.resume {
        Some(p) => {
            let given = args.rules.lang.as_deref();
            let path = resume_path(p, opts, Lang::from_code(given))?;
            let lang = save_lang(given, &path);
            notes = ignored_on_resume(&args);
            // The save's own game (`G`), in `--rules` or `$LUDUS_RULES`
            // if given, else built in; not the folder's default game.
            let game = record::game_of_save(&path).unwrap_or_else(|| G::MODULE.to_string());
            let seats = record::seats_of_save(&path);
            let rules =
                crate::load::rules_dir::saved_game_dir(args.rules.rules.as_deref(), &game, &seats)
                    .map_err(PlayError::Invalid)?;
            let g =
                Game::load_in(&path, Some(rules), lang).map_err(|d| PlayError::Save(d, lang))?;
            (g, Some(path))
        }
        None => {
            let lang = Lang::from_code(args.rules.lang.as_deref());
            for a in &args.ai {
                let spec = a.split_once('=').map_or(a.as_str(), |(_, s)| s.trim());
                check_ai::<G>(spec, lang)?;
            }
            if args.ai.is_empty() {
                check_ai::<G>(crate::agents::DEFAULT_LEVEL, lang)?;
            }
            // A --rules folder that does not exist is an error, not the
            // built-in rules.
            args.rules.game_dir().map_err(PlayError::Invalid)?;
            let choice = RulesChoice::from_args::<G>(&args.rules);
            let seed = args.seed.unwrap_or_else(fresh_seed);
            let mut g = Game::<G>::new(choice, seed, Vec::new()).map_err(PlayError::Invalid)?;
            let first = G::first_seat(g.rules());
            let players =
                seat_players(&args, &Seats::of(&g), first, g_lang(&g)).map_err(PlayError::Usage)?;
            g.set_players(players).map_err(PlayError::Usage)?;
            (g, None)
        }
    };
    let hint_spec = game
        .players
        .iter()
        .find_map(|p| match p {
            Player::Ai(s) => {
                AgentSpec::parse_maybe_in(s, game.choice.game_dir().ok().as_ref()).ok()
            }
            Player::Human => None,
        })
        .unwrap_or_else(crate::agents::hint_agent);
    let hint_level = hint_level(&game.players, &hint_spec);
    let people: Vec<usize> = (0..game.seats())
        .filter(|&p| game.players[p] == Player::Human)
        .collect();
    let mode = match people[..] {
        [] => Mode::Watch,
        [p] => Mode::Single(p),
        _ => Mode::Hotseat,
    };
    if mode == Mode::Hotseat && !opts.terminal {
        let lang = Lang::from_code(game.choice.lang.as_deref());
        return Err(PlayError::Usage(tr!(lang, "hotseat-needs-terminal")));
    }
    // A resumed game goes on in its own file; a new one takes a name of
    // its own at its first autosave.
    let autosave = opts.data_dir.as_deref().map(|d| {
        save_files::remove_stale_temps(&record::saves_dir(d));
        match &resumed {
            Some(p) => p.clone(),
            None => record::autosave_path(d, game.seed),
        }
    });
    let own_file = resumed.is_some();
    // The resumed file holds the game as it was loaded.
    let written = (own_file && autosave.is_some()).then(|| game.save_text());
    let floor = game.moves.len();
    let lang = Lang::from_code(game.choice.lang.as_deref());
    let choice_dir = game
        .choice
        .game_dir()
        .unwrap_or_else(|_| crate::load::GameDir::built_in());
    let seats = game.seats();
    let recap_from = G::events(&game.state).len();
    let s = Session {
        g: game,
        input,
        out: output,
        st: Style {
            color: opts.color,
            lang,
        },
        echo: opts.echo,
        term: opts.terminal,
        mode,
        saved: if written.is_some() {
            SaveState::Written
        } else {
            SaveState::Never
        },
        autosave,
        own_file,
        written,
        seen: vec![0; seats],
        screen: None,
        undo_floor: floor,
        board_key: None,
        narrowed: None,
        watch_auto: false,
        hint_spec,
        hint_level,
        recap_from,
        in_rest: false,
        others_moved: false,
        about: i18n::card_texts(&choice_dir, lang),
    };
    let mut s = s;
    if !notes.is_empty() {
        let note = tr!(lang, "resume-ignores", options = notes.join(", "));
        write!(s.out, "{}", wrapped(&s.st.note(&note)))?;
    }
    s.run(resumed.as_deref())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One person (at this seat) against the AI.
    Single(usize),
    /// People at one screen (and AIs at the other seats, if any).
    Hotseat,
    /// AIs alone.
    Watch,
}

/// When a board was last shown: the turn, the seat, and whether the game
/// was still being set up (the first turn shows the board anew).
type BoardMoment = (u32, usize, bool);

enum Flow {
    Next,
    Stop(StopWhy),
}

/// Why a session stops before the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StopWhy {
    Quit,
    InputEnded,
}

struct Session<G: Playable, R, W> {
    g: Game<G>,
    input: R,
    out: W,
    st: Style,
    echo: bool,
    /// The output is a terminal (hotseat wipes it between players).
    term: bool,
    mode: Mode,
    /// The autosave file (`None`: autosave is off): the game's own once
    /// `own_file`, else the name its first autosave tries.
    autosave: Option<PathBuf>,
    /// The autosave file is this game's: it resumed from it, its first
    /// autosave created it, or `save FILE` took its place.
    own_file: bool,
    /// The text the autosave file holds (nothing to write when the game
    /// has not changed).
    written: Option<String>,
    /// Events already shown, per seat (Single: the person's; Watch: [0]).
    seen: Vec<usize>,
    /// Hotseat: whose eyes are on the screen.
    screen: Option<usize>,
    /// Moves before this one cannot be taken back.
    undo_floor: usize,
    /// (turn, seat) of the last board shown.
    board_key: Option<BoardMoment>,
    /// After "which one?": the moves listed, numbered from 1.
    narrowed: Option<Vec<usize>>,
    watch_auto: bool,
    hint_spec: AgentSpec<G>,
    /// Another seat moved since the person's last move (Single): the
    /// recap is shown.
    others_moved: bool,
    /// `rest` is completing a run of choices (told once, not move by move).
    in_rest: bool,
    /// The hint's AI as a level (`easy`, `normal`, `hard`, `random`).
    hint_level: &'static str,
    /// The events from here on are the recap shown under the board at the
    /// person's next decision (Single): after his last move.
    recap_from: usize,
    /// How the last autosave went.
    saved: SaveState,
    /// What each card does, by card id (`i18n::card_texts`).
    about: std::collections::HashMap<String, String>,
}

/// How the last write of the autosave went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SaveState {
    /// Not tried yet (or autosave is off).
    Never,
    /// Written: the file holds the game as it stands.
    Written,
    /// Failed: the file (if any) is behind the game.
    Failed,
}

impl<G: Playable, R: BufRead, W: Write> Session<G, R, W> {
    fn rules(&self) -> &G::Rules {
        self.g.rules()
    }

    fn name(&self, p: usize) -> String {
        G::seat_name(self.g.rules(), p)
    }

    /// A message of the game's catalogue (or of the player's).
    fn words(&self, id: &str) -> String {
        G::words().t(self.st.lang, id)
    }

    /// A line of input; `None` at the end of input. Bytes that are not
    /// UTF-8 are replaced, never fatal.
    fn read_line(&mut self) -> io::Result<Option<String>> {
        self.out.flush()?;
        let mut buf = Vec::new();
        if self.input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&buf).trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    /// Writes the autosave. When it fails it says so (once, until it
    /// works again) and how to keep the game elsewhere.
    fn autosave(&mut self) -> io::Result<()> {
        let written = self.write_autosave();
        self.autosave_went(written)
    }

    /// Keeps the game in its autosave file, unless it holds it already: in
    /// its own file, else in a new one under a name no other file has
    /// (which becomes its own). `None`: autosave is off.
    fn write_autosave(&mut self) -> Option<io::Result<()>> {
        let path = self.autosave.clone()?;
        let text = self.g.save_text();
        if self.written.as_deref() == Some(text.as_str()) {
            return Some(Ok(()));
        }
        let r = if self.own_file {
            save_files::write_save(&path, &text)
        } else {
            save_files::write_new_save(&path, &text).map(|p| {
                self.autosave = Some(p);
                self.own_file = true;
            })
        };
        if r.is_ok() {
            self.written = Some(text);
        }
        Some(r)
    }

    /// Notes how an autosave went; a failure is said (once, until it works
    /// again) with how to keep the game elsewhere.
    fn autosave_went(&mut self, written: Option<io::Result<()>>) -> io::Result<()> {
        match (written, &self.autosave) {
            (Some(Ok(())), _) => self.saved = SaveState::Written,
            (Some(Err(e)), Some(p)) => {
                if self.saved != SaveState::Failed {
                    let msg = tr!(
                        self.st.lang,
                        "autosave-failed",
                        path = p.display().to_string(),
                        error = i18n::io_words(self.st.lang, &e),
                        suggestion = record::fallback_path(self.g.seed).display().to_string()
                    );
                    write!(self.out, "{}", wrapped(&self.st.error(&msg)))?;
                }
                self.saved = SaveState::Failed;
            }
            _ => {}
        }
        self.set_interrupt_note();
        Ok(())
    }

    /// Where the game stands saved, in a sentence: for `quit`, the end of
    /// input and Ctrl-C.
    fn save_note(&self) -> String {
        let lang = self.st.lang;
        match (&self.autosave, self.saved) {
            (Some(a), SaveState::Written) => tr!(
                lang,
                "saved-in",
                path = a.display().to_string(),
                moves = self.g.moves.len()
            ),
            (Some(a), SaveState::Failed) => {
                tr!(lang, "not-saved", path = a.display().to_string())
            }
            (Some(_), SaveState::Never) => tr!(lang, "not-saved-yet"),
            (None, _) => tr!(lang, "autosave-off"),
        }
    }

    /// What Ctrl-C prints, as the game stands now.
    fn set_interrupt_note(&self) {
        let note = format!(
            "{} {}",
            tr!(self.st.lang, "stopped-why", why = "Ctrl-C"),
            self.save_note()
        );
        if let Ok(mut n) = INTERRUPT_NOTE.lock() {
            *n = note;
        }
    }

    fn intro(&mut self, resumed: Option<&Path>) -> io::Result<()> {
        let r = self.g.rules();
        let lang = self.st.lang;
        let c = &self.g.choice;
        let mut rules = c.variant.clone().unwrap_or_else(|| lang.t("base-rules"));
        for a in &c.addons {
            rules.push_str(&format!(" + {a}"));
        }
        for s in &c.sets {
            rules.push_str(&format!(", {s}"));
        }
        let who = |p: usize| player_label::<G>(lang, r, &self.g.players[p], p, self.mode);
        let mut o = String::new();
        o.push_str(&self.st.bold(&format!("Ludus - {}", G::name(r))));
        o.push('\n');
        // Six seats with their agents run past 80 columns: cut between words.
        let line = intro_line(lang, &rules, self.g.seats(), who, self.g.seed);
        o.push_str(&render::wrap_hanging(&line, "", ""));
        if let Some(p) = resumed {
            let line = tr!(
                lang,
                "intro-resumed",
                path = p.display().to_string(),
                moves = self.g.moves.len(),
                turn = self.g.state.turns() + 1
            );
            o.push_str(&format!("{line}\n"));
        }
        if let Some(a) = &self.autosave {
            let line = tr!(lang, "intro-autosave", path = a.display().to_string());
            o.push_str(&format!("{line}\n"));
        }
        if self.mode != Mode::Watch {
            o.push_str(&format!("{}\n", lang.t("intro-type")));
        }
        write!(self.out, "{o}")?;
        // A resumed game: what happened in the turn so far is told again.
        if resumed.is_some() {
            let ev = G::events(&self.g.state);
            let start = ev
                .iter()
                .rposition(|e| matches!(G::event_look(e), EventLook::TurnBegins(_)))
                .unwrap_or(0);
            self.seen = vec![start; self.g.seats()];
        }
        Ok(())
    }

    fn run(mut self, resumed: Option<&Path>) -> Result<Outcome<G>, PlayError> {
        // A new game's file is created first, so that the intro names it.
        let first = self.write_autosave();
        self.intro(resumed)?;
        self.autosave_went(first)?;
        self.alternate_screen(true)?;
        let end = self.play_out();
        // Back on the terminal's own screen (hotseat), whatever happened.
        self.alternate_screen(false)?;
        match end? {
            None => {
                self.finish()?;
                Ok(self.outcome(true))
            }
            Some(why) => {
                self.stop(why)?;
                Ok(self.outcome(false))
            }
        }
    }

    /// Plays until the end (`None`) or a stop (why).
    fn play_out(&mut self) -> Result<Option<StopWhy>, PlayError> {
        loop {
            self.narrate()?;
            let Some(p) = self.g.actor() else {
                return Ok(None);
            };
            let flow = match self.g.players[p] {
                Player::Ai(_) => self.ai_turn(p)?,
                Player::Human => self.human_turn(p)?,
            };
            if let Flow::Stop(why) = flow {
                return Ok(Some(why));
            }
        }
    }

    fn outcome(self, finished: bool) -> Outcome<G> {
        Outcome {
            game: self.g,
            finished,
            autosave: self.autosave,
        }
    }

    /// The viewer whose eyes are on the screen (None: every card).
    fn viewer(&self) -> Option<Option<usize>> {
        match self.mode {
            Mode::Single(h) => Some(Some(h)),
            Mode::Watch => Some(None),
            Mode::Hotseat => self.screen.map(Some),
        }
    }

    /// Event `i` of the state's log as a line of the narration.
    fn event_line(&self, i: usize, viewer: Option<usize>) -> String {
        let events = G::events(&self.g.state);
        let e = &events[i];
        let t = G::logged_event_words(self.st.lang, self.rules(), events, i, viewer);
        match G::event_look(e) {
            EventLook::TurnBegins(p) => {
                format!("\n{}", self.st.seat(p, &self.st.bold(&format!("-- {t}"))))
            }
            EventLook::Notable => indented(&self.st.note(&t)),
            // What a card played does, in plain words (the rules
            // directory's text for the card's id, where it has one).
            EventLook::Plain => {
                match G::event_card(self.rules(), e).and_then(|k| self.about.get(&k)) {
                    Some(about) => {
                        let about = render::wrap_indented(about, "    ");
                        format!("{}\n{}", indented(&t), self.st.dim(about.trim_end()))
                    }
                    None => indented(&t),
                }
            }
        }
    }

    fn moment(&self, seat: usize) -> BoardMoment {
        let s = &self.g.state;
        (s.turns(), seat, G::in_setup(s))
    }

    /// Tells the events not yet shown to whoever watches the screen.
    fn narrate(&mut self) -> io::Result<()> {
        let Some(viewer) = self.viewer() else {
            return Ok(());
        };
        let slot = viewer.unwrap_or(0);
        let n = G::events(&self.g.state).len();
        let from = self.seen[slot].min(n);
        let mut o = String::new();
        for i in from..n {
            // An event told with those before it has no line of its own.
            let line = self.event_line(i, viewer);
            if !line.trim().is_empty() {
                o.push_str(&line);
                o.push('\n');
            }
        }
        self.seen[slot] = n;
        write!(self.out, "{o}")
    }

    fn show_board(&mut self, viewer: Option<usize>) -> io::Result<()> {
        let b = G::board(&self.g.state, viewer, self.st);
        let actor = self.g.actor().unwrap_or(0);
        self.board_key = Some(self.moment(actor));
        write!(self.out, "\n{b}")
    }

    /// Applies a legal move of seat `mover` and keeps the undo floor.
    fn apply(&mut self, m: MoveOf<G>, mover: usize) -> io::Result<()> {
        let before = G::events(&self.g.state).len();
        let quiet = G::quiet_move_line(self.st.lang, &self.g.state, m);
        self.g.play(m).map_err(io::Error::other)?;
        let human = self.g.players[mover] == Player::Human;
        if human {
            self.recap_from = G::events(&self.g.state).len();
        }
        self.others_moved = !human;
        let new = &G::events(&self.g.state)[before..];
        let silent = G::may_take_back(new, mover);
        if !(human && silent && self.g.actor() == Some(mover)) {
            self.undo_floor = self.g.moves.len();
        }
        // A move that leaves no event is told by itself, unless it is the
        // mover's secret.
        let secret = G::move_is_secret(m);
        let shown = match self.mode {
            Mode::Single(h) => h == mover || !secret,
            Mode::Watch => true,
            Mode::Hotseat => self.screen == Some(mover),
        };
        if new.is_empty() && shown && !self.in_rest {
            writeln!(self.out, "{}", indented(&quiet))?;
        }
        Ok(())
    }

    fn ai_turn(&mut self, p: usize) -> Result<Flow, PlayError> {
        if self.mode == Mode::Watch {
            let key = self.moment(G::turn_seat(&self.g.state));
            if self.board_key != Some(key) {
                let b = G::board(&self.g.state, None, self.st);
                self.board_key = Some(key);
                write!(self.out, "\n{b}")?;
                self.autosave()?;
            }
            while !self.watch_auto {
                let lang = self.st.lang;
                write!(self.out, "{} ", self.st.dim(&lang.t("watch-prompt")))?;
                let Some(line) = self.read_line()? else {
                    self.watch_auto = true;
                    break;
                };
                match input::pause(lang, &line) {
                    Pause::Next => break,
                    Pause::All => self.watch_auto = true,
                    Pause::Board => {
                        let b = G::board(&self.g.state, None, self.st);
                        write!(self.out, "\n{b}")?;
                    }
                    Pause::Quit => return Ok(Flow::Stop(StopWhy::Quit)),
                    Pause::Save(f) => self.save_cmd(&f)?,
                    Pause::Unknown => write!(
                        self.out,
                        "{}",
                        wrapped(&self.st.error(&lang.t("watch-help")))
                    )?,
                }
            }
        }
        let m = self
            .g
            .ai_move()
            .ok_or_else(|| io::Error::other("no move for the AI"))?;
        self.apply(m, p)?;
        Ok(Flow::Next)
    }

    /// Hotseat: wipes the screen and its scrollback (on the alternate
    /// screen), shows only whose turn it is, and waits for `p` to take it.
    fn hand_over(&mut self, p: usize) -> io::Result<bool> {
        let name = self.name(p);
        let lang = self.st.lang;
        self.wipe()?;
        let title = self
            .st
            .bold(&tr!(lang, "handover-title", name = name.as_str()));
        let pass = tr!(lang, "handover-pass", name = name.as_str());
        write!(self.out, "{}\n\n{pass} ", self.st.seat(p, &title))?;
        if self.read_line()?.is_none() {
            return Ok(false);
        }
        self.wipe()?;
        self.screen = Some(p);
        if self.seen[p] < G::events(&self.g.state).len() {
            write!(
                self.out,
                "{}",
                wrapped(&self.st.dim(&tr!(lang, "since-last-look")))
            )?;
        }
        self.narrate()?;
        self.board_key = None;
        Ok(true)
    }

    /// Hotseat: nothing of the previous player stays on the terminal, nor
    /// in its scrollback.
    fn wipe(&mut self) -> io::Result<()> {
        self.screen = None;
        if self.term {
            write!(self.out, "{}", render::WIPE)
        } else {
            write!(self.out, "\n{}\n\n", "=".repeat(72))
        }
    }

    /// Hotseat on a terminal: the game is played on the alternate screen.
    fn alternate_screen(&mut self, on: bool) -> io::Result<()> {
        if self.mode == Mode::Hotseat && self.term {
            let code = if on {
                render::ALT_SCREEN_ON
            } else {
                render::ALT_SCREEN_OFF
            };
            write!(self.out, "{code}")?;
            self.out.flush()?;
            ALT_SCREEN.store(on, Ordering::SeqCst);
        }
        Ok(())
    }

    fn human_turn(&mut self, p: usize) -> Result<Flow, PlayError> {
        if self.mode == Mode::Hotseat && self.screen != Some(p) && !self.hand_over(p)? {
            return Ok(Flow::Stop(StopWhy::InputEnded));
        }
        let key = self.moment(p);
        if let Mode::Single(_) = self.mode
            && let Some((m, why)) = G::forced_move(&self.g.state)
        {
            let note = self.words(why);
            writeln!(self.out, "  {}", self.st.dim(&note))?;
            // Asked for form's sake: the recap of the others' moves stays.
            let recap = (self.recap_from, self.others_moved);
            self.apply(m, p)?;
            (self.recap_from, self.others_moved) = recap;
            return Ok(Flow::Next);
        }
        let legal = self.g.legal();
        if self.board_key != Some(key) {
            self.show_board(Some(p))?;
            self.show_recap(p, &legal)?;
        }
        self.autosave()?;
        self.show_choices(&legal)?;
        loop {
            write!(self.out, "{}", self.st.seat(p, "> "))?;
            let Some(line) = self.read_line()? else {
                writeln!(self.out)?;
                return Ok(Flow::Stop(StopWhy::InputEnded));
            };
            let parsed = match self.narrowed.take() {
                Some(which) => narrowed_pick(&which, &line),
                None => None,
            };
            let parsed = parsed.map_or_else(|| self.parse(&legal, &line), Ok);
            match parsed {
                Ok(Command::Move(i)) => {
                    self.apply(legal[i], p)?;
                    return Ok(Flow::Next);
                }
                Ok(Command::Empty) if legal.len() == 1 => {
                    self.apply(legal[0], p)?;
                    return Ok(Flow::Next);
                }
                Ok(Command::Empty) => self.show_choices(&legal)?,
                Ok(Command::Rest) if G::in_run(&self.g.state) => {
                    self.rest(p)?;
                    return Ok(Flow::Next);
                }
                Ok(Command::Rest) => {
                    let msg = self.words("rest-only-arranging");
                    self.say_error(&msg)?;
                    self.show_choices(&legal)?;
                }
                Ok(Command::Help(page)) => {
                    let legend = G::legend(&self.g.state, self.st);
                    let t = format!("{}\n{legend}", self.words("help"));
                    self.paged(&t, "words-help", page)?;
                }
                Ok(Command::Rules(page)) => {
                    let t = G::rules_text(&self.g.state, &self.g.settings, self.st);
                    self.paged(&t, "words-rules", page)?;
                }
                Ok(Command::Explain(what)) => self.explain(&what)?,
                Ok(Command::Hint) => self.hint(&legal)?,
                Ok(Command::Undo) => {
                    if self.undo(p)? {
                        return Ok(Flow::Next);
                    }
                }
                Ok(Command::Save(f)) => self.save_cmd(f.as_deref().unwrap_or(""))?,
                Ok(Command::Quit) => return Ok(Flow::Stop(StopWhy::Quit)),
                Ok(Command::Board) => {
                    self.show_board(Some(p))?;
                    self.show_choices(&legal)?;
                }
                Ok(Command::Score) => {
                    let t = self.score_now(p);
                    write!(self.out, "{}", render::wrap_text(&t))?;
                }
                Ok(Command::Log) => {
                    let ev = G::events(&self.g.state);
                    let from = ev.len().saturating_sub(30);
                    let lines: Vec<String> = (from..ev.len())
                        .map(|i| self.event_line(i, Some(p)))
                        .filter(|l| !l.trim().is_empty())
                        .collect();
                    writeln!(self.out, "{}", lines.join("\n"))?;
                }
                Err(InputError::NoMatch(why)) => {
                    let msg = tr!(self.st.lang, "legal-here", why = why);
                    self.say_error(&msg)?;
                    let c = G::choices(&self.g.state, &legal, self.st);
                    write!(self.out, "{c}")?;
                }
                Err(InputError::Ambiguous(which)) => {
                    let msg = tr!(self.st.lang, "which-one", line = line.as_str());
                    self.say_error(&msg)?;
                    let c = G::choice_lines(&self.g.state, &legal, &which, self.st);
                    write!(self.out, "{c}")?;
                    self.narrowed = Some(which);
                }
            }
        }
    }

    fn show_choices(&mut self, legal: &[MoveOf<G>]) -> io::Result<()> {
        let (q, c) = self.question_and_choices(legal);
        write!(self.out, "{}{c}", self.st.bold(&q))
    }

    /// The question (with what the card asking does, if a card asks) and
    /// the choices, wrapped.
    fn question_and_choices(&self, legal: &[MoveOf<G>]) -> (String, String) {
        let mut q = render::wrap(&G::question(&self.g.state, self.st.lang), "  ");
        if let Some(about) = G::asking_card(&self.g.state).and_then(|k| self.about.get(&k)) {
            q += &render::wrap_indented(about, "  ");
        }
        let c = render::wrap_text(&G::choices(&self.g.state, legal, self.st));
        (q, c)
    }

    /// `text` wrapped, as an error.
    fn say_error(&mut self, text: &str) -> io::Result<()> {
        let t = render::wrap_text(text);
        write!(self.out, "{}", self.st.error(&t))
    }

    /// Page `page` (from 1) of `text` (help, rules), with how to see the
    /// next (the command `cmd`'s word and the page's number).
    fn paged(&mut self, text: &str, cmd: &str, page: usize) -> io::Result<()> {
        let pages = render::pages(text);
        let n = pages.len().max(1);
        let page = page.min(n);
        write!(
            self.out,
            "{}",
            pages.get(page - 1).map_or("", String::as_str)
        )?;
        if page < n {
            let word = input::first_word_of(&i18n::PLAY, self.st.lang, cmd);
            let next = format!("{word} {}", page + 1);
            let more = tr!(self.st.lang, "page-of", page = page, pages = n, next = next);
            writeln!(self.out, "{}", self.st.dim(&more))?;
        }
        Ok(())
    }

    /// `rest`: the run of choices completed in the listed order, told in
    /// one line.
    fn rest(&mut self, p: usize) -> io::Result<()> {
        let mut n = 0;
        self.in_rest = true;
        while G::in_run(&self.g.state) && self.g.actor() == Some(p) {
            let first = self.g.legal()[0];
            let r = self.apply(first, p);
            if r.is_err() {
                self.in_rest = false;
            }
            r?;
            n += 1;
        }
        self.in_rest = false;
        let msg = tr!(self.st.lang, "rest-done", n = n);
        write!(self.out, "{}", render::wrap_text(&format!("  {msg}")))
    }

    /// `explain CARD`: the card's value, its ability in words and the
    /// rulebook's passage (the rules directory's `about/<lang>.ftl`).
    fn explain(&mut self, what: &str) -> io::Result<()> {
        let lang = self.st.lang;
        let cards = G::cards(&self.g.state, lang);
        let typed: Vec<&str> = what.split_whitespace().collect();
        let fits = |c: &&CardInfo| {
            typed.iter().all(|w| {
                c.words
                    .split(|ch: char| !ch.is_alphanumeric())
                    .any(|t| t.starts_with(w))
            })
        };
        let hits: Vec<&CardInfo> = cards.iter().filter(fits).collect();
        // A card's name, or its kind's id in the rules (as `about/*.ftl`
        // keys its words: a designer's spelling).
        let exact = hits
            .iter()
            .copied()
            .find(|c| input::fold(&c.name) == what)
            .or_else(|| cards.iter().find(|c| c.id == what));
        // Cards of one kind that read the same (one kind in every colour)
        // are explained once, under all their names.
        let alike = |c: &&CardInfo| c.id == hits[0].id && c.value == hits[0].value;
        let card: CardInfo = match (exact, &hits[..]) {
            (Some(c), _) => c.clone(),
            (None, [c]) => (*c).clone(),
            (None, []) => {
                let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
                let msg = tr!(lang, "explain-none", what = what, cards = names.join(", "));
                return self.say_error(&msg);
            }
            (None, several) => {
                let names: Vec<&str> = several.iter().map(|c| c.name.as_str()).collect();
                if !several.iter().all(alike) {
                    let msg = tr!(lang, "explain-which", what = what, cards = names.join(", "));
                    return self.say_error(&msg);
                }
                CardInfo {
                    name: names.join(", "),
                    ..several[0].clone()
                }
            }
        };
        let mut t = tr!(
            lang,
            "explain-card",
            name = card.name.as_str(),
            value = card.value.as_str()
        );
        t.push('\n');
        let about = self.about.get(&card.id).cloned();
        t += &about.unwrap_or_else(|| tr!(lang, "explain-no-words"));
        t.push('\n');
        if let Some(passage) = self.about.get(&format!("{}-passage", card.id)) {
            t += &tr!(lang, "explain-passage", passage = passage.as_str());
            t.push('\n');
        }
        write!(self.out, "{}", render::wrap_text(&t))
    }

    /// Under the board at the person's decision (one person against the
    /// AI): what the other seats did since his last move, in as many
    /// lines as the 24 rows leave (the first events if not all fit).
    fn show_recap(&mut self, p: usize, legal: &[MoveOf<G>]) -> io::Result<()> {
        if self.mode != Mode::Single(p) {
            return Ok(());
        }
        let events = G::events(&self.g.state);
        let from = self.recap_from.min(events.len());
        if !self.others_moved {
            return Ok(());
        }
        let own = G::recap(&self.g.state, from, p, self.st.lang);
        let told: Vec<String> = own.unwrap_or_else(|| {
            (from..events.len())
                .filter(|&i| !matches!(G::event_look(&events[i]), EventLook::TurnBegins(_)))
                .map(|i| {
                    let t = G::logged_event_words(self.st.lang, self.rules(), events, i, Some(p));
                    // A sentence each: a capital, a full stop.
                    let t = t.trim();
                    let mut c = t.chars();
                    let t = c
                        .next()
                        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect());
                    if t.ends_with(['.', '!', '?']) {
                        t
                    } else {
                        format!("{t}.")
                    }
                })
                .collect()
        });
        if told.is_empty() {
            return Ok(());
        }
        let board = G::board(&self.g.state, Some(p), self.st);
        let (q, c) = self.question_and_choices(legal);
        let used = 1 + board.lines().count() + q.lines().count() + c.lines().count();
        let room = (render::ROWS - 1).saturating_sub(used);
        if room == 0 {
            return Ok(());
        }
        let text = tr!(self.st.lang, "recap", events = told.join(" "));
        // One column short of 80: room for the `…` of a cut recap.
        let opts = render::options(render::COLUMNS - 1).subsequent_indent("  ");
        let lines: Vec<String> = textwrap::wrap(&text, opts)
            .into_iter()
            .map(String::from)
            .collect();
        // The first events (the other seats' own moves) if not all fit.
        let shown = if lines.len() > room {
            let mut keep = lines[..room].to_vec();
            keep[room - 1].push('…');
            keep
        } else {
            lines
        };
        writeln!(self.out, "{}", self.st.note(&shown.join("\n")))
    }

    /// What the person types, understood against the legal moves.
    fn parse(&self, legal: &[MoveOf<G>], line: &str) -> Result<Command, InputError> {
        let lang = self.st.lang;
        let order = G::numbered(&self.g.state, legal);
        input::parse_numbered(lang, &order, line, |words, line| {
            G::parse_move(lang, &self.g.state, legal, words, line)
        })
    }

    fn score_now(&self, viewer: usize) -> String {
        let s = &self.g.state;
        if self.g.is_over() {
            return G::result_text(s, self.st.lang);
        }
        G::score_text(s, viewer, self.st.lang)
    }

    fn hint(&mut self, legal: &[MoveOf<G>]) -> io::Result<()> {
        let Some(p) = self.g.actor() else {
            return Ok(());
        };
        let stream = 100 + p as u64;
        let Some(m) = self.g.agent_choice(&self.hint_spec, stream) else {
            return Ok(());
        };
        let ix = legal.iter().position(|&l| l == m).unwrap_or(0);
        let lang = self.st.lang;
        let name = tr!(lang, "ai-level", level = self.hint_level);
        let seed = derive(self.g.seed, self.g.moves.len() as u64, 200 + p as u64);
        let t = G::hint_text(&self.g.state, m, ix, &name, seed, lang);
        let t = render::wrap_text(&t);
        write!(self.out, "{}", self.st.note(&t))
    }

    fn undo(&mut self, p: usize) -> io::Result<bool> {
        let n = self.g.moves.len();
        if n <= self.undo_floor {
            let msg = self.words(if n == 0 {
                "undo-nothing-yet"
            } else {
                "undo-floor"
            });
            self.say_error(&msg)?;
            return Ok(false);
        }
        let m = self.g.moves[n - 1];
        let text = G::move_words(self.st.lang, self.rules(), p, m);
        self.g.truncate(n - 1);
        let len = G::events(&self.g.state).len();
        for s in &mut self.seen {
            *s = (*s).min(len);
        }
        self.board_key = None;
        let msg = tr!(self.st.lang, "took-back", mv = text);
        write!(self.out, "{}", self.st.good(&render::wrap_text(&msg)))?;
        Ok(true)
    }

    /// `save` (the autosave file) or `save FILE`.
    fn save_cmd(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return self.save_to_autosave();
        }
        let lang = self.st.lang;
        let path = record::expand_home(file);
        let shown = path.display().to_string();
        if path.exists() && !record::is_save_file(&path) {
            let not_a_save = tr!(lang, "save-not-a-save", path = shown.as_str());
            if self.echo {
                // Piped input: nobody to ask.
                let msg = format!("{not_a_save} {}", tr!(lang, "save-refused"));
                write!(self.out, "{}", wrapped(&self.st.error(&msg)))?;
                return Ok(());
            }
            write!(
                self.out,
                "{} {} ",
                self.st.error(&not_a_save),
                tr!(lang, "save-overwrite-ask")
            )?;
            let yes = self.read_line()?.is_some_and(|l| input::is_yes(lang, &l));
            if !yes {
                write!(self.out, "{}", wrapped(&tr!(lang, "save-not-done")))?;
                return Ok(());
            }
        }
        let text = self.g.save_text();
        match save_files::write_save(&path, &text) {
            Ok(()) => {
                self.say_saved_to(&path)?;
                // The autosave failed: this file takes its place.
                if self.saved == SaveState::Failed {
                    write!(self.out, "{}", wrapped(&tr!(lang, "autosave-moved")))?;
                    self.autosave = Some(path);
                    self.own_file = true;
                    self.written = Some(text);
                    self.saved = SaveState::Written;
                }
                self.set_interrupt_note();
                Ok(())
            }
            Err(e) => self.say_save_failed(&path, &e),
        }
    }

    /// `save` alone: the game written to its autosave file now.
    fn save_to_autosave(&mut self) -> io::Result<()> {
        let Some(written) = self.write_autosave() else {
            let msg = tr!(self.st.lang, "save-needs-file");
            return write!(self.out, "{}", wrapped(&self.st.error(&msg)));
        };
        let path = self.autosave.clone().unwrap_or_default();
        match &written {
            Ok(()) => self.say_saved_to(&path)?,
            Err(e) => self.say_save_failed(&path, e)?,
        }
        if written.is_ok() {
            self.saved = SaveState::Written;
        } else {
            self.saved = SaveState::Failed;
        }
        self.set_interrupt_note();
        Ok(())
    }

    fn say_saved_to(&mut self, path: &Path) -> io::Result<()> {
        let msg = tr!(
            self.st.lang,
            "saved-to",
            path = path.display().to_string(),
            moves = self.g.moves.len()
        );
        write!(self.out, "{}", wrapped(&self.st.good(&msg)))
    }

    fn say_save_failed(&mut self, path: &Path, e: &io::Error) -> io::Result<()> {
        let lang = self.st.lang;
        let msg = tr!(
            lang,
            "save-failed",
            path = path.display().to_string(),
            error = i18n::io_words(lang, e)
        );
        write!(self.out, "{}", wrapped(&self.st.error(&msg)))
    }

    fn stop(&mut self, why: StopWhy) -> io::Result<()> {
        let lang = self.st.lang;
        self.autosave()?;
        // Not saved, and someone to ask: offer another file.
        if why == StopWhy::Quit && self.saved == SaveState::Failed && !self.echo {
            write!(self.out, "{} ", tr!(lang, "quit-save-elsewhere"))?;
            if let Some(f) = self.read_line()?
                && !f.is_empty()
            {
                self.save_cmd(&f)?;
            }
        }
        let why = match why {
            StopWhy::Quit => tr!(lang, "stopped"),
            StopWhy::InputEnded => tr!(lang, "stopped-why", why = lang.t("input-ended")),
        };
        write!(
            self.out,
            "{}",
            render::wrap_text(&format!("{why} {}", self.save_note()))
        )
    }

    fn finish(&mut self) -> io::Result<()> {
        let b = G::board(&self.g.state, None, self.st);
        let score = G::result_text(&self.g.state, self.st.lang);
        write!(self.out, "\n{b}\n{score}")?;
        self.autosave()?;
        if let (Some(a), SaveState::Written) = (&self.autosave, self.saved) {
            let msg = tr!(
                self.st.lang,
                "finished-saved",
                path = a.display().to_string()
            );
            write!(self.out, "{}", render::wrap_hanging(&msg, "", ""))?;
        }
        Ok(())
    }
}

/// `text` cut between words within 80 columns, ending in a newline.
fn wrapped(text: &str) -> String {
    render::wrap_text(text)
}

/// The hint's AI as a level the player knows: the level a seat's AI is
/// given by (`easy`, `normal`, `hard`), else the agent's kind as one.
fn hint_level<G: Agents>(players: &[Player], spec: &AgentSpec<G>) -> &'static str {
    let named = players.iter().find_map(|p| match p {
        Player::Ai(s) => ["easy", "normal", "hard"]
            .into_iter()
            .find(|l| s.rsplit('=').next().map(str::trim) == Some(*l)),
        Player::Human => None,
    });
    named.unwrap_or(match spec {
        AgentSpec::Random => "random",
        AgentSpec::Greedy | AgentSpec::GreedyWith(_) => "easy",
        AgentSpec::Ismcts(_) => "normal",
    })
}

// ----- Replay -----------------------------------------------------------------

use input::narrowed_pick;

/// An event's line: indented by two spaces, cut between words at 80
/// columns, the later lines by four (no newline at the end).
fn indented(text: &str) -> String {
    let mut t = render::wrap_hanging(text, "  ", "    ");
    t.truncate(t.trim_end_matches('\n').len());
    t
}

/// The line of the intro naming the rules, who plays each seat and the
/// seed: the first seat "against" the others.
fn intro_line(
    lang: Lang,
    rules: &str,
    seats: usize,
    who: impl Fn(usize) -> String,
    seed: u64,
) -> String {
    let others: Vec<String> = (1..seats).map(&who).collect();
    tr!(
        lang,
        "intro-rules",
        rules = rules,
        p0 = who(0),
        p1 = others.join(", "),
        seed = seed.to_string()
    )
}

/// `North (you)`, `North (AI greedy)`...
fn player_label<G: Playable>(
    lang: Lang,
    r: &G::Rules,
    pl: &Player,
    p: usize,
    mode: Mode,
) -> String {
    let name = G::seat_name(r, p);
    let name = name.as_str();
    match pl {
        Player::Human if mode == Mode::Hotseat => tr!(lang, "player-person", name = name),
        Player::Human => tr!(lang, "you-mark", name = name),
        Player::Ai(s) => tr!(lang, "player-ai", name = name, ai = s.as_str()),
    }
}

/// A move in a replay: by whom, which choice of how many, and what; seen
/// as `viewer`, another seat's move shows only what it makes public (the
/// events tell the rest as the viewer saw them), never which choice it was.
fn replay_move_line<G: Playable>(
    lang: Lang,
    r: &G::Rules,
    actor: usize,
    legal: &[MoveOf<G>],
    m: MoveOf<G>,
    i: usize,
    viewer: Option<usize>,
) -> String {
    let who = G::seat_name(r, actor);
    let who = who.as_str();
    let mv = G::move_words(lang, r, actor, m);
    if viewer.is_none_or(|v| v == actor) {
        let ix = legal.iter().position(|&l| l == m).unwrap_or(0);
        return tr!(
            lang,
            "replay-move",
            n = i + 1,
            who = who,
            choice = ix + 1,
            count = legal.len(),
            mv = mv
        );
    }
    if G::move_is_public(m) {
        tr!(lang, "replay-move-public", n = i + 1, who = who, mv = mv)
    } else {
        tr!(lang, "replay-move-hidden", n = i + 1, who = who)
    }
}

/// `ludus replay`: loads a save (checking every move and the end), then
/// shows the game move by move (`--step`) or to the end (or to `--to N`).
pub fn run_replay<G: Playable>(
    args: &ReplayArgs,
    mut input: impl BufRead,
    mut out: impl Write,
    opts: &Options,
) -> Result<(), PlayError> {
    let given = args.lang.as_deref();
    let path = resume_path(&args.file, opts, Lang::from_code(given))?;
    let lang = save_lang(given, &path);
    let g = Game::<G>::load_in(&path, None, lang).map_err(|d| PlayError::Save(d, lang))?;
    // The replay's words: --lang, else the save's language.
    let lang = Lang::from_code(given.or(g.choice.lang.as_deref()));
    let st = Style {
        color: opts.color,
        lang,
    };
    let r = g.rules_arc().clone();
    let viewer = match &args.side {
        Some(w) => Some(Seats::of(&g).resolve(lang, w).map_err(PlayError::Usage)?),
        None => None,
    };
    let n = g.moves.len();
    let to = args.to.unwrap_or(n);
    if to > n {
        return Err(PlayError::Usage(tr!(
            lang,
            "replay-to-past-end",
            to = to,
            n = n
        )));
    }
    let head = tr!(
        lang,
        "replay-head",
        path = path.display().to_string(),
        n = n
    );
    writeln!(out, "{}", st.bold(&head))?;
    let who = |p: usize| {
        let mode = match g.players[p] {
            Player::Human => Mode::Hotseat,
            Player::Ai(_) => Mode::Watch,
        };
        player_label::<G>(lang, &r, &g.players[p], p, mode)
    };
    let rules = g
        .choice
        .variant
        .clone()
        .unwrap_or_else(|| lang.t("base-rules"));
    let line = intro_line(lang, &rules, g.seats(), who, g.seed);
    writeln!(out, "{line}")?;
    let about = g
        .choice
        .game_dir()
        .map(|d| i18n::card_texts(&d, lang))
        .unwrap_or_default();
    let mut s = g.state_after(0);
    let mut shown = 0;
    let mut auto = !args.step;
    let mut legal = Vec::new();
    for i in 0..=to {
        let events = G::events(&s);
        for (j, e) in events.iter().enumerate().skip(shown) {
            let look = G::event_look(e);
            if let EventLook::TurnBegins(_) = look {
                writeln!(out)?;
            }
            let t = G::logged_event_words(lang, &r, events, j, viewer);
            if t.is_empty() {
                continue;
            }
            writeln!(out, "{}", indented(&t))?;
            if look == EventLook::Plain
                && let Some(about) = G::event_card(&r, e).and_then(|k| about.get(&k))
            {
                write!(out, "{}", render::wrap_indented(about, "    "))?;
            }
        }
        shown = G::events(&s).len();
        if i == to {
            break;
        }
        if !auto {
            loop {
                let prompt = tr!(lang, "replay-prompt", i = i, n = n);
                write!(out, "{} ", st.dim(&prompt))?;
                out.flush()?;
                let mut buf = Vec::new();
                if input.read_until(b'\n', &mut buf)? == 0 {
                    auto = true;
                    break;
                }
                match input::pause(lang, &String::from_utf8_lossy(&buf)) {
                    Pause::Next => break,
                    Pause::All => {
                        auto = true;
                        break;
                    }
                    Pause::Board => write!(out, "{}", G::board(&s, viewer, st))?,
                    Pause::Quit => return Ok(()),
                    Pause::Save(_) | Pause::Unknown => {
                        write!(out, "{}", wrapped(&st.error(&lang.t("replay-help"))))?
                    }
                }
            }
        }
        let m = g.moves[i];
        s.legal_moves(&mut legal);
        let actor = match s.current_actor() {
            crate::engine::Actor::Player(p) => p,
            crate::engine::Actor::Terminal => 0,
        };
        let line = replay_move_line::<G>(lang, &r, actor, &legal, m, i, viewer);
        write!(out, "{}", wrapped(&st.dim(&line)))?;
        s.apply_legal(m);
    }
    let over = s.current_actor() == crate::engine::Actor::Terminal;
    write!(out, "\n{}", G::board(&s, viewer, st))?;
    if over || viewer.is_none() {
        let result = G::result_text(&s, lang);
        write!(out, "\n{result}")?;
        if !result.ends_with('\n') {
            writeln!(out)?;
        }
    }
    if to < n {
        write!(
            out,
            "{}",
            wrapped(&tr!(lang, "replay-position", to = to, n = n))
        )?;
    } else if !over {
        let path = path.display().to_string();
        write!(
            out,
            "{}",
            wrapped(&tr!(lang, "replay-unfinished", path = path))
        )?;
    }
    Ok(())
}
