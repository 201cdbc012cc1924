//! The `ludus` command line. The only module besides rule loading that does
//! I/O; it renders diagnostics (with ariadne) and reports.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Parser, Subcommand};

use crate::args::RulesArgs;
use crate::design::{self, Origin};
use crate::diag::Diagnostics;
use crate::engine::{BASE_VARIANT, Selection};
use crate::games::{self, Registered, Visit};
use crate::load::GameDir;
use crate::load::rules_dir::{every_game_dir, game_dirs};
use crate::term::render;

/// Ludus: a rules engine for card games whose rules live in data.
#[derive(Debug, Parser)]
#[command(
    name = "ludus",
    version,
    about = "A rules engine for card games whose rules live in data",
    long_about = None
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play many seeded games between agents and report on them for the
    /// designer (see docs/simulate.md).
    Simulate(SimulateArgs),
    /// Rank every rule a designer may turn by its effect, each rule set
    /// played against the base on the same seeds (see docs/sweep.md).
    Sweep(SweepArgs),
    /// Merge the JSON reports of the shards of one run (`simulate --shard
    /// i/n --json`, `sweep --shard i/n --json`) into the report of the
    /// whole run.
    Merge(MergeArgs),
    /// Load and validate a rules directory, its variants and add-ons; report
    /// every problem found.
    Check {
        /// A game directory (with game.ron), or a folder of them; default
        /// $LUDUS_RULES if set, else the rules built into ludus.
        dir: Option<PathBuf>,
        /// The same as DIR, spelled as the other commands spell it.
        #[arg(long, value_name = "DIR", conflicts_with = "dir")]
        rules: Option<PathBuf>,
    },
    /// Play at the terminal (against the AI, --hotseat,
    /// --watch); save and resume.
    Play(crate::play::PlayArgs),
    /// Replay a game saved by `ludus play`, checking every move.
    Replay(crate::play::ReplayArgs),
    /// Serve games in the browser: a page to create one, a link per seat,
    /// each seat seeing only its own cards (docs/serve.md).
    Serve(crate::serve::ServeArgs),
    /// Play agents against each other: win rates with 95% confidence
    /// intervals, score margin, time per decision.
    Arena(ArenaArgs),
    /// Run scenarios: a position, a variant and a script of moves.
    Scenario {
        #[command(subcommand)]
        command: ScenarioCommand,
    },
    /// Play many seeded random games over every variant and add-on,
    /// checking every invariant after every move (docs/reliability.md).
    Soak(SoakArgs),
    /// List, show and compare rule variants.
    Variants {
        #[command(subcommand)]
        command: VariantsCommand,
        /// A rules directory on disk (default: $LUDUS_RULES if set, else
        /// the rules built into ludus).
        #[arg(long, global = true)]
        rules: Option<PathBuf>,
        /// The game (default: the one the rules folder's games.ron names).
        #[arg(long, global = true)]
        game: Option<String>,
    },
}

#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// Agent A: random, greedy, ismcts, ismcts:N (iterations), ismcts:Nms.
    /// A takes one seat and B every other.
    #[arg(long, required_unless_present = "agents")]
    pub a: Option<String>,
    /// Agent B.
    #[arg(long, required_unless_present = "agents")]
    pub b: Option<String>,
    /// One agent per seat instead of --a/--b, as A,B,C...
    #[arg(long, conflicts_with_all = ["a", "b"], value_name = "A,B,...")]
    pub agents: Option<String>,
    /// Games; the agents change seats every game.
    #[arg(long, default_value_t = 100, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most one per game). Results
    /// do not depend on it (with iteration budgets).
    #[arg(long, value_parser = crate::args::count_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// One JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Clone, clap::Args)]
pub struct SoakArgs {
    /// Games, spread in turn over every variant and every add-on.
    #[arg(long, default_value_t = 10_000, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most one per game). Results
    /// do not depend on it.
    #[arg(long, value_parser = crate::args::count_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Check the observations for leaks after every N-th move (1: every
    /// move; the other checks run after every move).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = crate::args::count, allow_negative_numbers = true)]
    pub leak_every: u64,
    /// A rules directory on disk (default: $LUDUS_RULES if set, else the
    /// rules built into ludus).
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// The game (default: the one the rules folder's games.ron names).
    #[arg(long)]
    pub game: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum ScenarioCommand {
    /// Run a scenario file: print the position before, each event in words,
    /// the position after and the scores (see docs/scenarios.md).
    Run {
        file: PathBuf,
        /// One JSON object instead of the readable report.
        #[arg(long)]
        json: bool,
        /// A rules directory on disk (default: $LUDUS_RULES if set, else
        /// the rules built into ludus).
        #[arg(long)]
        rules: Option<PathBuf>,
        /// The game (default: the one the rules folder's games.ron names).
        #[arg(long)]
        game: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum VariantsCommand {
    /// Each variant and add-on, its source rulebook, one line of description.
    List,
    /// Every rule in force, its value, and where it comes from.
    Show {
        /// A variant id (see `ludus variants list`).
        variant: String,
        /// Add-ons taken on top of the variant.
        #[arg(long = "addon")]
        addons: Vec<String>,
        /// Show only the rules the variant or its add-ons change.
        #[arg(long)]
        changed: bool,
    },
    /// Only the rules and data that differ between two variants, side by side.
    Diff { a: String, b: String },
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub games: u64,
    /// Seed of the whole run: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores; at most one per game). Results
    /// do not depend on it.
    #[arg(long, value_parser = crate::args::count_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print the full event log of game number N of the run (0-based) and
    /// the final table, instead of statistics.
    #[arg(long, value_name = "N", value_parser = crate::args::index, allow_negative_numbers = true)]
    pub log: Option<u64>,
    /// The agents of the seats in order, as A,B,..., or one agent for
    /// every seat: random, greedy, ismcts, ismcts:500 (iterations per
    /// decision), ismcts:200ms, with options: ismcts:500,c=0.7.
    #[arg(long, default_value = "random", value_name = "A,B,...")]
    pub agents: String,
    /// Play two or more rule sets on the same seeds and compare them
    /// (repeat once per set): VARIANT[+ADDON...][;KEY=VALUE...] (see
    /// `ludus variants list`). --addon and --set apply to every set; an
    /// empty VARIANT means --variant's. A set of another rules folder:
    /// dir=FOLDER, or dir=FOLDER|SPEC (dir=built-in: the built-in rules).
    #[arg(long, value_name = "SPEC")]
    pub compare: Vec<String>,
    /// A comparison's table with every set on the measure's line, however
    /// wide (default: within 100 columns, a line per set beyond two).
    #[arg(long)]
    pub wide: bool,
    /// Play only shard i of n (games i*N/n up to (i+1)*N/n of the N-game
    /// run); merge the shards' --json reports with `ludus merge`.
    #[arg(long, value_name = "i/n")]
    pub shard: Option<String>,
    /// Write one CSV row per game to FILE, in game order.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the report as one self-contained HTML file with charts.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// No progress bar (it is shown on a terminal for runs over a second).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, clap::Args)]
pub struct SweepArgs {
    /// Games a rule set (the base plays the same games).
    #[arg(long, default_value_t = 1000, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub games: u64,
    /// Seed of the whole run: game i has the same seeds in every set.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = crate::args::count_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The agents of the seats (as `simulate --agents`); random agents
    /// ignore the rules they do not see (the report warns).
    #[arg(long, default_value = "greedy", value_name = "A,B,...")]
    pub agents: String,
    /// The measure to rank by: seat_spread (default), first_seat_edge,
    /// win_<seat>, draw, end_<ending>, turns, score_spread, or any
    /// per-game measure of the game (the report lists them).
    #[arg(long, default_value = crate::sweep::report::DEFAULT_MEASURE)]
    pub measure: String,
    /// A number's values: KEY=A..B or KEY=A..B:STEP (repeat per key).
    #[arg(long, value_name = "KEY=A..B[:STEP]")]
    pub range: Vec<String>,
    /// Sweep only the keys matching PATTERN (`scoring`, `card.*.value`).
    #[arg(long, value_name = "PATTERN")]
    pub only: Vec<String>,
    /// Leave out the keys matching PATTERN.
    #[arg(long, value_name = "PATTERN")]
    pub skip: Vec<String>,
    /// Sweep every pair of two keys' values (a heat map in --html).
    #[arg(long, value_name = "KEY1,KEY2")]
    pub grid: Option<String>,
    /// Also play this rule set, written as a --compare spec.
    #[arg(long, value_name = "SPEC")]
    pub add: Vec<String>,
    /// Play only shard i of n (games i*N/n up to (i+1)*N/n of every set);
    /// join the shards' --json reports with `ludus merge`.
    #[arg(long, value_name = "i/n")]
    pub shard: Option<String>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per rule set and measure to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the report as one self-contained HTML file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' JSON reports (`ludus simulate --shard i/n --json`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write the merged report as one self-contained HTML file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Of a sweep's shards: write one CSV row per rule set and measure.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// The rules folder the shards were played with (default: as
    /// `simulate`'s --rules).
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// The game the shards are of (default: the rules' default game).
    #[arg(long)]
    pub game: Option<String>,
    /// A comparison's table with every set on the measure's line.
    #[arg(long)]
    pub wide: bool,
}

/// Process exit codes: 0 success, 1 invalid input (rules), 2 usage.
use crate::args::EXIT_INVALID;

pub fn main() -> ExitCode {
    let cli = crate::play::help::parse::<Cli>();
    match cli.command {
        Command::Simulate(a) => simulate(a),
        Command::Sweep(a) => sweep(a),
        Command::Merge(a) => merge(a),
        Command::Check { dir, rules } => check(dir.or(rules).as_deref()),
        Command::Play(a) => play(a),
        Command::Arena(a) => arena(a),
        Command::Soak(a) => soak(a),
        Command::Replay(a) => replay(a),
        Command::Serve(a) => crate::serve::serve_main(a),
        Command::Variants {
            command,
            rules,
            game,
        } => match (game, command) {
            (None, VariantsCommand::List) => list_every_game(rules.as_deref()),
            (game, command) => on_game(rules.as_deref(), game.as_deref(), |dir| VariantsCmd {
                dir,
                command,
            }),
        },
        Command::Scenario {
            command:
                ScenarioCommand::Run {
                    file,
                    json,
                    rules,
                    game,
                },
        } => match crate::design::scenario::game_dir(&file, rules.as_deref(), game.as_deref())
            .and_then(|dir| visit_dir(&dir.clone(), ScenarioRun { file, dir, json }))
            .and_then(|r| r)
        {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(d) => {
                render(&d);
                ExitCode::from(EXIT_INVALID)
            }
        },
    }
}

/// What is wrong with a run's options whatever the rules: an add-on
/// given twice. (A count below 1 is refused as clap reads it.)
fn check_run(rules: &RulesArgs) -> Result<(), String> {
    if let Some(a) = crate::report::repeated_addon(&rules.addons) {
        return Err(crate::report::repeated_addon_message(a));
    }
    Ok(())
}

/// `simulate`'s options checked before anything is loaded or played: the
/// run's, `--log` within the run, and the output files (exit code 2 for a
/// wrong option, 1 for a file that cannot be written).
fn check_simulate(a: &SimulateArgs) -> Result<(), (String, u8)> {
    check_run(&a.rules).map_err(|m| (m, 2))?;
    if let Some(n) = a.log
        && n >= a.games
    {
        let m = format!(
            "--log {n}: the run has {} game(s), numbered 0 to {} (give --games {} or more to log game {n})",
            a.games,
            a.games - 1,
            n.saturating_add(1)
        );
        return Err((m, 2));
    }
    for p in a.csv.iter().chain(&a.html) {
        crate::report::check_writable(p).map_err(|m| (m, EXIT_INVALID))?;
    }
    Ok(())
}

fn simulate(a: SimulateArgs) -> ExitCode {
    if let Err((m, code)) = check_simulate(&a) {
        eprintln!("error: {m}");
        return ExitCode::from(code);
    }
    let (rules, game) = (a.rules.rules.clone(), a.rules.game.clone());
    on_game(rules.as_deref(), game.as_deref(), |dir| SimulateCmd(a, dir))
}

/// The worker threads of a run of `games` games: `--threads`, else every
/// core, and never more than one per game (a thread without a game
/// would only cost its start).
fn worker_threads(asked: Option<usize>, games: u64) -> usize {
    let t = asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    t.min(usize::try_from(games).unwrap_or(usize::MAX)).max(1)
}

/// `ludus simulate` of the game the rules hold.
struct SimulateCmd(SimulateArgs, GameDir);

impl Visit for SimulateCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        let SimulateCmd(a, rules_dir) = self;
        if let Some(i) = a.log {
            return log_game::<G>(&a, i);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let opts = crate::report::SimOptions {
            rules_dir,
            game: a.rules.game.clone(),
            base: a.rules.selection(),
            compare: a.compare.clone(),
            agents: a.agents.clone(),
            games: a.games,
            seed: a.seed,
            threads: worker_threads(a.threads, a.games),
            shard: a.shard.clone(),
            progress: !a.quiet && std::io::stderr().is_terminal(),
            csv: a.csv.clone(),
            stop: Some(stop.clone()),
        };
        if let Err(e) = compared_folders_play::<G>(&opts) {
            return sim_error(e);
        }
        stop_on_ctrl_c(stop);
        match crate::report::simulate::<G>(&opts) {
            Ok(out) => {
                let code = report_outcome::<G>(&out, a.json, a.wide, a.html.as_deref());
                match out.partial() {
                    Some(([i, j], of)) if code == ExitCode::SUCCESS => {
                        eprintln!(
                            "interrupted: {} of {of} games played (games {i} to {}); the report covers them and is marked partial",
                            j - i,
                            j.saturating_sub(1).max(i)
                        );
                        ExitCode::from(EXIT_INTERRUPTED)
                    }
                    _ => code,
                }
            }
            Err(e) => sim_error(e),
        }
    }
}

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT), its partial
/// report printed.
const EXIT_INTERRUPTED: u8 = 130;

/// Ctrl-C sets `stop`: the run ends its games in progress and reports
/// those played; a second Ctrl-C quits at once.
fn stop_on_ctrl_c(stop: Arc<AtomicBool>) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            eprintln!("\nstopped at once: no report");
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        eprintln!(
            "\nstopping: the games in progress are finished, then the report of the games played is printed (Ctrl-C again to quit at once, without it)"
        );
    });
}

/// Checks that each rules folder `--compare dir=FOLDER` names holds the
/// game the run plays (its `game.ron` names the module `G`).
fn compared_folders_play<G: Registered>(
    o: &crate::report::SimOptions,
) -> Result<(), crate::report::SimError> {
    use crate::report::SimError;
    for spec in &o.compare {
        let (Some(folder), _) = crate::report::compare::split_folder(spec) else {
            continue;
        };
        if folder.is_empty() {
            return Err(SimError::Usage(format!(
                "--compare \"{spec}\": name a folder after dir= (or dir=built-in for the rules built into ludus)"
            )));
        }
        let dir = crate::report::folder_dir(o, folder)?;
        let module = games::module_of(&dir).map_err(SimError::Rules)?;
        if module != G::MODULE {
            return Err(SimError::Usage(format!(
                "--compare \"{spec}\": {} holds the rules of the game module {module}, but the run plays {}",
                dir.path().display(),
                G::MODULE
            )));
        }
    }
    Ok(())
}

/// A failed run's message and exit code.
fn sim_error(e: crate::report::SimError) -> ExitCode {
    use crate::report::SimError;
    match e {
        SimError::Rules(d) => {
            render(&d);
            ExitCode::from(EXIT_INVALID)
        }
        SimError::Usage(m) => {
            eprintln!("error: {m}");
            ExitCode::from(2)
        }
        SimError::Io(m) => {
            eprintln!("error: {m}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// `simulate --log I`: the event log of game `I` of the run, and the
/// final table.
fn log_game<G: Registered>(a: &SimulateArgs, i: u64) -> ExitCode {
    let rules = match a.rules.load::<G>() {
        Ok(r) => r,
        Err(c) => return c,
    };
    let dir = a.rules.game_dir().ok();
    let seats = G::seats(&rules);
    let agents = match crate::report::parse_agents_in::<G>(&a.agents, seats, dir.as_ref()) {
        Ok((agents, _)) => agents,
        Err(m) => {
            eprintln!("error: {m}");
            return ExitCode::from(2);
        }
    };
    let (s, _) = crate::sim::play_game::<G>(&rules, &agents, a.seed, i, true);
    print!("{}", G::game_log(&s));
    ExitCode::SUCCESS
}

/// Prints a simulation report (table or JSON) and writes its HTML file.
fn report_outcome<G: Registered>(
    out: &crate::report::Outcome<G::Sums>,
    json: bool,
    wide: bool,
    html: Option<&Path>,
) -> ExitCode {
    let value = out.to_json::<G>();
    if json {
        println!("{value}");
    } else {
        print!("{}", out.to_text_as::<G>(wide));
    }
    if let Some(p) = html
        && let Err(m) = crate::report::write_html::<G>(p, &value)
    {
        eprintln!("error: {m}");
        return ExitCode::from(EXIT_INVALID);
    }
    ExitCode::SUCCESS
}

fn merge(a: MergeArgs) -> ExitCode {
    let mut files = Vec::new();
    for f in &a.files {
        let name = f.display().to_string();
        let value = crate::load::read_text(f)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()));
        match value {
            Ok(v) => files.push((name, v)),
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::from(EXIT_INVALID);
            }
        }
    }
    if files.iter().any(|(_, v)| crate::sweep::is_sweep(v)) {
        return merge_sweeps(&a, &files);
    }
    let (rules, game) = (a.rules.clone(), a.game.clone());
    on_game(rules.as_deref(), game.as_deref(), |dir| {
        MergeCmd(a, files, dir)
    })
}

/// `ludus sweep`: its options checked, then the sweep of the game the
/// rules hold.
fn sweep(a: SweepArgs) -> ExitCode {
    if let Err(m) = check_run(&a.rules) {
        eprintln!("error: {m}");
        return ExitCode::from(2);
    }
    for p in a.csv.iter().chain(&a.html) {
        if let Err(m) = crate::report::check_writable(p) {
            eprintln!("error: {m}");
            return ExitCode::from(EXIT_INVALID);
        }
    }
    let (rules, game) = (a.rules.rules.clone(), a.rules.game.clone());
    on_game(rules.as_deref(), game.as_deref(), |dir| SweepCmd(a, dir))
}

/// `ludus sweep` of the game the rules hold.
struct SweepCmd(SweepArgs, GameDir);

impl Visit for SweepCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        let SweepCmd(a, rules_dir) = self;
        let threads = worker_threads(a.threads, a.games);
        let opts = crate::sweep::SweepOptions {
            rules_dir,
            base: a.rules.selection(),
            agents: a.agents.clone(),
            games: a.games,
            seed: a.seed,
            threads,
            shard: a.shard.clone(),
            choice: crate::sweep::plan::Choice {
                ranges: a.range.clone(),
                only: a.only.clone(),
                skip: a.skip.clone(),
                grid: a.grid.clone(),
                add: a.add.clone(),
            },
            measure: a.measure.clone(),
            progress: !a.quiet && std::io::stderr().is_terminal(),
        };
        match crate::sweep::sweep::<G>(&opts) {
            Ok((s, secs)) => {
                let played = s.totals.games * (1 + s.meta.sets.len() as u64);
                eprintln!("sweep: {played} games in {secs:.1} s on {threads} thread(s)");
                sweep_outcome(&s, a.json, a.csv.as_deref(), a.html.as_deref())
            }
            Err(e) => sim_error(e),
        }
    }
}

/// Prints a sweep's report (table or JSON) and writes its CSV and HTML.
fn sweep_outcome(
    s: &crate::sweep::Sweep,
    json: bool,
    csv: Option<&Path>,
    html: Option<&Path>,
) -> ExitCode {
    use crate::sweep::report as rep;
    let value = rep::to_json(s);
    if json {
        println!("{value}");
    } else {
        print!("{}", rep::to_text(s));
    }
    let mut writes = Vec::new();
    if let Some(p) = csv {
        writes.push((p, rep::to_csv(s)));
    }
    if let Some(p) = html {
        writes.push((p, crate::sweep::html::sweep_html(&value)));
    }
    for (p, text) in writes {
        if let Err(e) = std::fs::write(p, text) {
            eprintln!("error: cannot write {}: {e}", p.display());
            return ExitCode::from(EXIT_INVALID);
        }
    }
    ExitCode::SUCCESS
}

/// `ludus merge` of a sweep's shards.
fn merge_sweeps(a: &MergeArgs, files: &[(String, serde_json::Value)]) -> ExitCode {
    let mut parts = Vec::new();
    for (name, v) in files {
        if !crate::sweep::is_sweep(v) {
            eprintln!(
                "error: {name} is not a sweep's report: cannot merge it with a sweep's shards"
            );
            return ExitCode::from(EXIT_INVALID);
        }
        match crate::sweep::from_json(v) {
            Ok(s) => parts.push((name.clone(), s)),
            Err(e) => {
                eprintln!("error: {name}: not a ludus sweep --json report: {e}");
                return ExitCode::from(EXIT_INVALID);
            }
        }
    }
    match crate::sweep::merge(&parts) {
        Ok(s) => sweep_outcome(&s, a.json, a.csv.as_deref(), a.html.as_deref()),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// `ludus merge` of shards of the game the rules hold.
struct MergeCmd(MergeArgs, Vec<(String, serde_json::Value)>, GameDir);

impl Visit for MergeCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        let MergeCmd(a, files, dir) = self;
        let game = match G::load(&dir, &Selection::default()) {
            Ok(l) => G::meta(&l.rules).game,
            Err(d) => {
                render(&d);
                return ExitCode::from(EXIT_INVALID);
            }
        };
        if let Some((name, other)) = files.iter().find_map(|(n, v)| {
            let g = v["run"]["game"]
                .as_str()
                .or_else(|| v["sets"][0]["run"]["game"].as_str())?;
            (g != game).then(|| (n.clone(), g.to_string()))
        }) {
            eprintln!(
                "error: {name} is a report of {other}, not of {game} (give --game or --rules for the shards' game)"
            );
            return ExitCode::from(EXIT_INVALID);
        }
        match crate::report::merge::merge_reports::<G>(&files) {
            Ok(out) => report_outcome::<G>(&out, a.json, a.wide, a.html.as_deref()),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(EXIT_INVALID)
            }
        }
    }
}

/// `ludus play` of the game the rules name (or the save, with `--resume`).
struct PlayCmd(crate::play::PlayArgs);

impl Visit for PlayCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        crate::play::play_main::<G>(self.0)
    }
}

/// `ludus replay` of the game its save names.
struct ReplayCmd(crate::play::ReplayArgs);

impl Visit for ReplayCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        crate::play::replay_main::<G>(self.0)
    }
}

fn play(mut a: crate::play::PlayArgs) -> ExitCode {
    // `--resume last`: the newest autosave, whichever game it is of.
    a.resume = a.resume.as_deref().map(crate::play::save_named);
    let lang = a.rules.lang.as_deref();
    let rules = a.rules.rules.clone();
    let known = known_games(rules.as_deref());
    if let Some(code) =
        (a.resume.as_deref()).and_then(|p| crate::play::foreign_save(p, lang, &known))
    {
        return code;
    }
    let resume = a.resume.clone();
    let saved = resume
        .as_deref()
        .and_then(|p| Some((p, crate::play::record::game_of_save(p)?)));
    match saved {
        Some((file, game)) => on_saved_game(rules.as_deref(), file, &game, PlayCmd(a)),
        None => {
            let game = a.rules.game.clone();
            on_game(rules.as_deref(), game.as_deref(), |_| PlayCmd(a))
        }
    }
}

fn replay(mut a: crate::play::ReplayArgs) -> ExitCode {
    // `last`: the newest autosave, whichever game it is of.
    a.file = crate::play::save_named(&a.file);
    let known = known_games(None);
    if let Some(code) = crate::play::foreign_save(&a.file, a.lang.as_deref(), &known) {
        return code;
    }
    // A file that is no save is the play module's to report.
    match crate::play::record::game_of_save(&a.file) {
        Some(game) => on_saved_game(None, &a.file.clone(), &game, ReplayCmd(a)),
        None => on_game(None, None, |_| ReplayCmd(a)),
    }
}

/// The games a save may name: every game folder of the rules and every
/// module.
fn known_games(rules: Option<&Path>) -> Vec<String> {
    let dirs = crate::load::rules_dir::every_game_dir(rules).unwrap_or_default();
    let mut known: Vec<String> = dirs.iter().map(GameDir::folder_name).collect();
    known.extend(games::MODULES.iter().map(|m| m.to_string()));
    known
}

/// Runs `v` on the game the save `file` names (`rules_dir::saved_game_dir`).
fn on_saved_game<V: Visit<Out = ExitCode>>(
    rules: Option<&Path>,
    file: &Path,
    game: &str,
    v: V,
) -> ExitCode {
    let seats = crate::play::record::seats_of_save(file);
    let dir = crate::load::rules_dir::saved_game_dir(rules, game, &seats);
    match dir.and_then(|dir| visit_dir(&dir, v)) {
        Ok(code) => code,
        Err(d) => {
            render(&d);
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// Runs `v` with the game module `dir`'s `game.ron` names.
fn visit_dir<V: Visit>(dir: &GameDir, v: V) -> Result<V::Out, Diagnostics> {
    let module = games::module_of(dir)?;
    // `module_of` accepts only the modules `visit` knows.
    games::visit(&module, v).ok_or_else(Diagnostics::default)
}

/// Selects the rules (`--rules`, `--game`) and runs a command of the game
/// they hold, rendering any problem.
fn on_game<V: Visit<Out = ExitCode>>(
    rules: Option<&Path>,
    game: Option<&str>,
    make: impl FnOnce(GameDir) -> V,
) -> ExitCode {
    let run = GameDir::select_game(rules, game)
        .map_err(Diagnostics::from)
        .and_then(|dir| visit_dir(&dir.clone(), make(dir)));
    match run {
        Ok(code) => code,
        Err(d) => {
            render(&d);
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn check(dir: Option<&Path>) -> ExitCode {
    // The folder's problems, then each game it holds that can be read.
    let (dirs, problems) = match dir {
        Some(dir) => GameDir::every_game_on_disk(dir),
        None => match GameDir::select(None) {
            Ok(d) => (vec![d], Diagnostics::default()),
            Err(d) => (vec![], d.into()),
        },
    };
    render(&problems);
    let mut failed = !problems.is_empty();
    for d in dirs {
        match visit_dir(&d, CheckGame(&d)) {
            Ok(ok) => failed |= !ok,
            Err(diags) => {
                render(&diags);
                eprintln!("{}: {} problem(s)", d.path().display(), diags.len());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// `ludus check` of one game directory.
struct CheckGame<'a>(&'a GameDir);

impl Visit for CheckGame<'_> {
    type Out = bool;
    fn visit<G: Registered>(self) -> bool {
        check_game::<G>(self.0)
    }
}

/// Checks one game directory: the base rules, the game's other files
/// (names, agents' weights), each variant and each add-on on top of the
/// base; prints every override of a base value. Returns whether all loaded.
fn check_game<G: Registered>(d: &GameDir) -> bool {
    match G::load(d, &Selection::default()) {
        Ok(r) => println!("{}: ok ({})", d.path().display(), G::summary(&r.rules)),
        Err(diags) => {
            render(&diags);
            eprintln!("{}: {} problem(s)", d.path().display(), diags.len());
            return false;
        }
    }
    let infos = match G::variants(d) {
        Ok(i) => i,
        Err(diags) => {
            render(&diags);
            return false;
        }
    };
    let mut ok = true;
    for (label, result) in G::check_files(d)
        .into_iter()
        .chain(design::shared_checks::<G>(d))
    {
        match result {
            Ok(()) => println!("  {label}: ok"),
            Err(diags) => {
                render(&diags);
                ok = false;
            }
        }
    }
    for v in infos.iter().filter(|v| v.id != BASE_VARIANT) {
        let sel = if v.addon {
            Selection {
                addons: vec![v.id.clone()],
                ..Selection::default()
            }
        } else {
            Selection::variant(&v.id)
        };
        let what = if v.addon { "add-on" } else { "variant" };
        match G::rule_set(d, &sel) {
            Ok(r) => {
                println!("  {what} {}: ok", v.id);
                for o in &r.overrides {
                    println!("    {o}");
                }
            }
            Err(diags) => {
                render(&diags);
                eprintln!("  {}: {} problem(s)", v.path.display(), diags.len());
                ok = false;
            }
        }
    }
    ok
}

/// `ludus variants list` without `--game`: every game's variants and
/// add-ons, under the game's name (the built-in games, or those of the
/// rules folder).
fn list_every_game(rules: Option<&Path>) -> ExitCode {
    let env = std::env::var_os(crate::load::rules_dir::RULES_ENV).filter(|v| !v.is_empty());
    let folder = rules.map(Path::to_path_buf).or(env.map(PathBuf::from));
    let dirs = match folder {
        Some(f) => game_dirs(Some(&f)),
        None => Ok(crate::load::rules_dir::built_in_games()
            .into_iter()
            .filter_map(|g| GameDir::built_in_game(g).ok())
            .collect()),
    };
    let dirs = match dirs {
        Ok(d) => d,
        Err(d) => {
            render(&d);
            return ExitCode::from(EXIT_INVALID);
        }
    };
    let mut code = ExitCode::SUCCESS;
    for (i, dir) in dirs.iter().enumerate() {
        let folder = dir.path();
        let id = folder
            .file_name()
            .map_or(String::new(), |f| f.to_string_lossy().replace('_', "-"));
        println!("{}== {id} (--game {id}) ==", if i > 0 { "\n" } else { "" });
        let cmd = VariantsCmd {
            dir: dir.clone(),
            command: VariantsCommand::List,
        };
        match visit_dir(dir, cmd) {
            Ok(c) if c == ExitCode::SUCCESS => {}
            Ok(c) => code = c,
            Err(d) => {
                render(&d);
                code = ExitCode::from(EXIT_INVALID);
            }
        }
    }
    code
}

/// `ludus variants ...` on a game directory.
struct VariantsCmd {
    dir: GameDir,
    command: VariantsCommand,
}

impl Visit for VariantsCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        variants::<G>(&self.dir, self.command)
    }
}

/// `ludus scenario run` on a game directory.
struct ScenarioRun {
    file: PathBuf,
    dir: GameDir,
    json: bool,
}

impl Visit for ScenarioRun {
    type Out = Result<String, Diagnostics>;
    fn visit<G: Registered>(self) -> Self::Out {
        G::run_scenario(&self.file, self.dir, self.json)
    }
}

fn variants<G: Registered>(dir: &GameDir, command: VariantsCommand) -> ExitCode {
    let infos = match G::variants(dir) {
        Ok(i) => i,
        Err(d) => {
            render(&d);
            return ExitCode::from(EXIT_INVALID);
        }
    };
    let load = |id: &str, addons: Vec<String>| {
        G::rule_set(
            dir,
            &Selection {
                variant: Some(id.to_string()),
                addons,
                ..Selection::default()
            },
        )
        .map_err(|d| {
            render(&d);
            ExitCode::from(EXIT_INVALID)
        })
    };
    match command {
        VariantsCommand::List => {
            list_variants(&infos);
            ExitCode::SUCCESS
        }
        VariantsCommand::Show {
            variant,
            addons,
            changed,
        } => match load(&variant, addons) {
            Ok(r) => {
                show_rules(&r, changed);
                ExitCode::SUCCESS
            }
            Err(c) => c,
        },
        VariantsCommand::Diff { a, b } => match (load(&a, vec![]), load(&b, vec![])) {
            (Ok(ra), Ok(rb)) => {
                diff_rules(&a, &ra, &b, &rb);
                ExitCode::SUCCESS
            }
            (Err(c), _) | (_, Err(c)) => c,
        },
    }
}

fn list_variants(infos: &[design::Variant]) {
    for addon in [false, true] {
        println!(
            "{}",
            if addon {
                "\nAdd-ons (--addon):"
            } else {
                "Variants (--variant):"
            }
        );
        for v in infos.iter().filter(|v| v.addon == addon) {
            // The base is the default: said once, here.
            let default = if v.id == BASE_VARIANT {
                " (default)"
            } else {
                ""
            };
            println!(
                "  {:<22} rulebook {:<14} {}{default}",
                v.id, v.rulebook, v.description
            );
        }
    }
}

fn show_rules(r: &design::RuleSet, changed: bool) {
    for o in &r.overrides {
        println!("# {o}");
    }
    if !r.overrides.is_empty() {
        println!();
    }
    for (key, value, origin) in &r.settings {
        let from = match origin {
            Origin::Base if changed => continue,
            Origin::Base => "base".to_string(),
            Origin::Overlay { id, .. } => id.clone(),
            Origin::CommandLine => "--set".to_string(),
        };
        println!("{key} = {} [{from}]", design::one_line(value));
        if let Origin::Overlay { cite, .. } = origin {
            println!("    {cite}");
        }
    }
}

fn diff_rules(a: &str, ra: &design::RuleSet, b: &str, rb: &design::RuleSet) {
    let rows = design::diff(ra, rb);
    println!("{} rule(s) differ between {a} and {b}:", rows.len());
    for (key, va, vb) in rows {
        println!("\n{key}");
        println!("  {a:<20} {}", design::one_line(&va));
        println!("  {b:<20} {}", design::one_line(&vb));
    }
    let alike = design::set_alike(ra, rb);
    if !alike.is_empty() {
        println!(
            "\nSet alike by both, each citing its own rulebook (`ludus variants show` gives the passages):"
        );
        for (key, v) in alike {
            println!("  {key} = {}", design::one_line(&v));
        }
    }
}

/// `ludus soak` on a game directory: its report and how many rule sets
/// it covered, or `None` when its rules do not load (already rendered).
struct SoakCmd {
    dir: GameDir,
    args: SoakArgs,
}

impl Visit for SoakCmd {
    type Out = Option<(crate::soak::SoakReport, usize)>;
    fn visit<G: Registered>(self) -> Self::Out {
        match design::soak_sets::<G>(&self.dir) {
            Ok(sets) => Some((soak_run(&sets, &self.args), sets.len())),
            Err(d) => {
                render(&d);
                None
            }
        }
    }
}

fn soak(a: SoakArgs) -> ExitCode {
    let dirs = match &a.game {
        Some(g) => GameDir::select_game(a.rules.as_deref(), Some(g))
            .map(|d| vec![d])
            .map_err(Diagnostics::from),
        None => every_game_dir(a.rules.as_deref()),
    };
    let dirs = match dirs {
        Ok(d) => d,
        Err(d) => {
            render(&d);
            return ExitCode::from(EXIT_INVALID);
        }
    };
    soak_games(&dirs, a)
}

/// The soak over the games of `dirs`, `a.games` games shared out among
/// them in turn (game `j` of the run goes to `dirs[j % n]`); each game's
/// part is the run `ludus soak --game G --games <its share>` gives, so
/// that a violation can be replayed alone.
fn soak_games(dirs: &[GameDir], a: SoakArgs) -> ExitCode {
    let n = dirs.len() as u64;
    let mut total = crate::soak::SoakReport::default();
    let (mut sets, mut failed) = (0, false);
    for (m, dir) in dirs.iter().enumerate() {
        let share = a.games / n + u64::from((m as u64) < a.games % n);
        if share == 0 {
            continue;
        }
        let name = games::module_of(dir).unwrap_or_default();
        let args = SoakArgs {
            games: share,
            ..a.clone()
        };
        let run = visit_dir(
            dir,
            SoakCmd {
                dir: dir.clone(),
                args,
            },
        );
        let Ok(Some((r, s))) = run.map_err(|d| render(&d)) else {
            failed = true;
            continue;
        };
        let label = if n > 1 {
            format!("soak, {name}")
        } else {
            "soak".into()
        };
        print_soak(&label, s, &r);
        sets += s;
        total = crate::soak::merge(total, r);
    }
    if n > 1 && !failed {
        print_soak("soak, every game", sets, &total);
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else if total.violation_count == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_INVALID)
    }
}

fn soak_run<S: crate::soak::Soaked>(
    sets: &[(String, design::Deal<S>)],
    a: &SoakArgs,
) -> crate::soak::SoakReport {
    use crate::soak::{SoakOptions, soak};
    let opts = SoakOptions {
        games: a.games,
        seed: a.seed,
        threads: worker_threads(a.threads, a.games),
        leak_every: a.leak_every,
    };
    let bar = std::io::stderr()
        .is_terminal()
        .then(|| indicatif::ProgressBar::new(a.games));
    let progress = |n: u64| {
        if let Some(b) = &bar {
            b.set_position(n);
        }
    };
    let r = soak(sets, &opts, &progress);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    r
}

/// One soak's figures, and its first violations.
fn print_soak(label: &str, sets: usize, r: &crate::soak::SoakReport) {
    println!(
        "{label}: {} games over {sets} rule sets, {} moves checked, {} leak checks, {} replays, {} violation(s), {:.1} s",
        r.games, r.moves, r.leak_checks, r.replays, r.violation_count, r.seconds
    );
    for v in &r.violations {
        println!(
            "  {} game {} after {} moves: {}",
            v.rules, v.game, v.moves, v.what
        );
    }
}

fn arena(a: ArenaArgs) -> ExitCode {
    if let Err(m) = check_run(&a.rules) {
        eprintln!("error: {m}");
        return ExitCode::from(2);
    }
    let (rules, game) = (a.rules.rules.clone(), a.rules.game.clone());
    on_game(rules.as_deref(), game.as_deref(), |_| ArenaCmd(a))
}

/// `ludus arena` on the game the rules hold.
struct ArenaCmd(ArenaArgs);

impl Visit for ArenaCmd {
    type Out = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        arena_of::<G>(&self.0)
    }
}

fn arena_of<G: Registered>(a: &ArenaArgs) -> ExitCode {
    let rules = match a.rules.load::<G>() {
        Ok(r) => r,
        Err(c) => return c,
    };
    let threads = worker_threads(a.threads, a.games);
    let dir = a.rules.game_dir().ok();
    let lineup: Vec<&str> = match &a.agents {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => [&a.a, &a.b]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect(),
    };
    match crate::agents::arena::arena_in::<G>(
        rules,
        dir.as_ref(),
        &lineup,
        a.games,
        a.seed,
        threads,
    ) {
        Ok(report) => {
            if a.json {
                println!("{}", report.to_json());
            } else {
                print!("{}", report.to_text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
