//! The `ludus` command line. The only module besides rule loading that does
//! I/O; it renders diagnostics (with ariadne) and reports.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::diag::Diagnostics;
use crate::games::caesar_cleopatra::variant::{self, DEFAULT_VARIANT, Origin, Selection};
use crate::games::caesar_cleopatra::{self as cc, State};

/// Ludus: a rules engine for Caesar & Cleopatra whose rules live in data.
#[derive(Debug, Parser)]
#[command(name = "ludus", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play many seeded games between agents and report on them for the
    /// designer (see docs/simulate.md).
    Simulate(SimulateArgs),
    /// Merge the JSON reports of the shards of one run (`simulate --shard
    /// i/n --json`) into the report of the whole run.
    Merge(MergeArgs),
    /// Load and validate a rules directory, its variants and add-ons; report
    /// every problem found.
    Check {
        /// A game directory (with game.ron), or a folder of them.
        #[arg(default_value = "rules")]
        dir: PathBuf,
    },
    /// Play Caesar & Cleopatra at the terminal (against the AI, --hotseat,
    /// --watch); save and resume.
    Play(crate::play::PlayArgs),
    /// Replay a game saved by `ludus play`, checking every move.
    Replay(crate::play::ReplayArgs),
    /// Play agents against each other: win rates with 95% confidence
    /// intervals, score margin, time per decision.
    Arena(ArenaArgs),
    /// Run scenarios: a position, a variant and a script of moves.
    Scenario {
        #[command(subcommand)]
        command: ScenarioCommand,
    },
    /// List, show and compare rule variants.
    Variants {
        #[command(subcommand)]
        command: VariantsCommand,
        /// The rules directory of the game.
        #[arg(long, default_value = "rules/caesar_cleopatra", global = true)]
        rules: PathBuf,
    },
}

#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// Agent A: random, greedy, ismcts, ismcts:N (iterations), ismcts:Nms.
    #[arg(long)]
    pub a: String,
    /// Agent B.
    #[arg(long)]
    pub b: String,
    /// Games; A and B change seats every game.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it
    /// (with iteration budgets).
    #[arg(long)]
    pub threads: Option<usize>,
    /// One JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
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
        /// The rules directory of the game.
        #[arg(long, default_value = "rules/caesar_cleopatra")]
        rules: PathBuf,
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

/// Which rules a run plays: the game directory, a variant, add-ons, and
/// single settings.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// The rules directory of the game.
    #[arg(long, default_value = "rules/caesar_cleopatra")]
    pub rules: PathBuf,
    /// A rule variant (`ludus variants list`); default fr-confiance.
    #[arg(long)]
    pub variant: Option<String>,
    /// An add-on taken on top of the variant (repeatable).
    #[arg(long = "addon")]
    pub addons: Vec<String>,
    /// Set one rule for this run, as key=value in RON (repeatable), e.g.
    /// --set scoring.mission_bonus=1 or --set turn.action_timing=BeforeRefill.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Card and rule names: en (default), fr or nl, from the rulebooks.
    #[arg(long)]
    pub lang: Option<String>,
}

impl RulesArgs {
    /// The default selection for a rules directory.
    pub fn for_dir(dir: &Path) -> RulesArgs {
        RulesArgs {
            rules: dir.to_path_buf(),
            variant: None,
            addons: vec![],
            sets: vec![],
            lang: None,
        }
    }

    pub fn selection(&self) -> Selection {
        let variant = self.variant.clone().or_else(|| {
            let default = self
                .rules
                .join("variants")
                .join(format!("{DEFAULT_VARIANT}.ron"));
            default.is_file().then(|| DEFAULT_VARIANT.to_string())
        });
        Selection {
            variant,
            addons: self.addons.clone(),
            sets: self.sets.clone(),
            lang: self.lang.clone(),
        }
    }

    /// Loads the rules, printing diagnostics on failure.
    pub fn load(&self) -> Result<Arc<cc::Rules>, ExitCode> {
        variant::load(&self.rules, &self.selection())
            .map(|r| Arc::new(r.rules))
            .map_err(|d| {
                render(&d);
                ExitCode::from(EXIT_INVALID)
            })
    }
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed of the whole run: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print the full event log of game number N of the run (0-based) and
    /// the final table, instead of statistics.
    #[arg(long, value_name = "N")]
    pub log: Option<u64>,
    /// The agents of seat 1 (Cleopatra) and seat 2 (Caesar), as A,B, or one
    /// agent for both: random, greedy, ismcts, ismcts:500 (iterations per
    /// decision), ismcts:200ms, with options: ismcts:500,c=0.7.
    #[arg(long, default_value = "random,random", value_name = "A,B")]
    pub agents: String,
    /// Play two or more rule sets on the same seeds and compare them
    /// (repeat once per set): VARIANT[+ADDON...][;KEY=VALUE...], e.g.
    /// --compare fr-confiance --compare fr-confiance+orgy-b. --addon and
    /// --set apply to every set; an empty VARIANT means --variant's.
    #[arg(long, value_name = "SPEC")]
    pub compare: Vec<String>,
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
}

/// Process exit codes: 0 success, 1 invalid input (rules), 2 usage.
const EXIT_INVALID: u8 = 1;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Simulate(a) => simulate(a),
        Command::Merge(a) => merge(a),
        Command::Check { dir } => check(&dir),
        Command::Play(a) => crate::play::play_main(a),
        Command::Arena(a) => arena(a),
        Command::Replay(a) => crate::play::replay_main(a),
        Command::Variants { command, rules } => variants(&rules, command),
        Command::Scenario {
            command: ScenarioCommand::Run { file, json, rules },
        } => match cc::scenario::run_file(&file, &rules, json) {
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

/// What is wrong with a run's options whatever the rules: `--games 0`,
/// `--threads 0`, an add-on given twice.
fn check_run(games: u64, threads: Option<usize>, rules: &RulesArgs) -> Result<(), String> {
    if games == 0 {
        return Err("--games 0: a run plays at least one game".into());
    }
    if threads == Some(0) {
        return Err(
            "--threads 0: a run needs at least one worker thread (leave --threads out to use every core)"
                .into(),
        );
    }
    if let Some(a) = crate::report::repeated_addon(&rules.addons) {
        return Err(crate::report::repeated_addon_message(a));
    }
    Ok(())
}

/// `simulate`'s options checked before anything is loaded or played: the
/// run's, `--log` within the run, and the output files (exit code 2 for a
/// wrong option, 1 for a file that cannot be written).
fn check_simulate(a: &SimulateArgs) -> Result<(), (String, u8)> {
    check_run(a.games, a.threads, &a.rules).map_err(|m| (m, 2))?;
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
    use crate::report::{SimError, SimOptions};
    if let Err((m, code)) = check_simulate(&a) {
        eprintln!("error: {m}");
        return ExitCode::from(code);
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if let Some(i) = a.log {
        let rules = match a.rules.load() {
            Ok(r) => r,
            Err(c) => return c,
        };
        let agents = match crate::report::parse_agents(&a.agents) {
            Ok((agents, _)) => agents,
            Err(m) => {
                eprintln!("error: {m}");
                return ExitCode::from(2);
            }
        };
        let (s, _): (State, _) = crate::sim::play_game(&rules, &agents, a.seed, i, true);
        for e in s.events() {
            println!("{}", cc::text::event_text(&rules, e, None));
        }
        print!("{}", cc::text::view_text(&s, 0));
        return ExitCode::SUCCESS;
    }
    let opts = SimOptions {
        rules_dir: a.rules.rules.clone(),
        base: a.rules.selection(),
        compare: a.compare.clone(),
        agents: a.agents.clone(),
        games: a.games,
        seed: a.seed,
        threads,
        shard: a.shard.clone(),
        progress: !a.quiet && std::io::stderr().is_terminal(),
        csv: a.csv.clone(),
    };
    let out = match crate::report::simulate(&opts) {
        Ok(o) => o,
        Err(SimError::Rules(d)) => {
            render(&d);
            return ExitCode::from(EXIT_INVALID);
        }
        Err(SimError::Usage(m)) => {
            eprintln!("error: {m}");
            return ExitCode::from(2);
        }
        Err(SimError::Io(m)) => {
            eprintln!("error: {m}");
            return ExitCode::from(EXIT_INVALID);
        }
    };
    report_outcome(&out, a.json, a.html.as_deref())
}

/// Prints a simulation report (table or JSON) and writes its HTML file.
fn report_outcome(out: &crate::report::Outcome, json: bool, html: Option<&Path>) -> ExitCode {
    let value = out.to_json();
    if json {
        println!("{value}");
    } else {
        print!("{}", out.to_text());
    }
    if let Some(p) = html
        && let Err(m) = crate::report::write_html(p, &value)
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
        let value = std::fs::read_to_string(f)
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
    match crate::report::merge::merge_reports(&files) {
        Ok(out) => report_outcome(&out, a.json, a.html.as_deref()),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// The game directories under `dir`: itself if it has a game.ron, else its
/// subfolders that do.
fn game_dirs(dir: &Path) -> Vec<PathBuf> {
    if dir.join("game.ron").is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("game.ron").is_file())
        .collect();
    v.sort();
    v
}

fn check(dir: &Path) -> ExitCode {
    let dirs = game_dirs(dir);
    if dirs.is_empty() {
        eprintln!(
            "error: {} holds no game (no game.ron in it or in its subfolders)",
            dir.display()
        );
        return ExitCode::from(EXIT_INVALID);
    }
    let mut failed = false;
    for d in dirs {
        match cc::load(&d) {
            Ok(r) => println!(
                "{}: ok ({}, {} card types, {} groups, {} vote cards)",
                d.display(),
                r.name,
                r.kinds.len(),
                r.groups.len(),
                r.vote_cards.len()
            ),
            Err(diags) => {
                render(&diags);
                eprintln!("{}: {} problem(s)", d.display(), diags.len());
                failed = true;
                continue;
            }
        }
        // Each variant, and each add-on on top of the default variant.
        let infos = match variant::list(&d) {
            Ok(i) => i,
            Err(diags) => {
                render(&diags);
                failed = true;
                continue;
            }
        };
        for lang in ["fr", "nl"] {
            let sel = Selection {
                lang: Some(lang.to_string()),
                ..RulesArgs::for_dir(&d).selection()
            };
            match variant::load(&d, &sel) {
                Ok(_) => println!("  names {lang}: ok"),
                Err(diags) => {
                    render(&diags);
                    failed = true;
                }
            }
        }
        for v in &infos {
            let sel = if v.addon {
                Selection {
                    variant: infos
                        .iter()
                        .any(|i| i.id == DEFAULT_VARIANT)
                        .then(|| DEFAULT_VARIANT.to_string()),
                    addons: vec![v.id.clone()],
                    sets: vec![],
                    lang: None,
                }
            } else {
                Selection::variant(&v.id)
            };
            match variant::load(&d, &sel) {
                Ok(_) => println!(
                    "  {} {}: ok",
                    if v.addon { "add-on" } else { "variant" },
                    v.id
                ),
                Err(diags) => {
                    render(&diags);
                    eprintln!("  {}: {} problem(s)", v.path.display(), diags.len());
                    failed = true;
                }
            }
        }
    }
    if failed {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// Whether to colour output: a terminal and no `NO_COLOR`.
pub fn color_enabled() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Prints diagnostics to stderr, each once: where its file can be read, as
/// an ariadne report (`Error: message`, then a box headed `file:line:col`
/// with the source line and the place marked, then the hints); else as the
/// plain `file:line:col: error: message` line and its hints.
pub fn render(diags: &Diagnostics) {
    for d in diags.iter() {
        if !render_snippet(d) {
            eprintln!("{d}");
        }
    }
}

/// Renders one diagnostic with its source snippet; false if the source
/// cannot be shown (no span, unreadable file, or a span not in its text).
fn render_snippet(d: &crate::diag::Diagnostic) -> bool {
    use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
    let (Some(span), Ok(text)) = (d.span.clone(), crate::load::read_text(&d.file)) else {
        return false;
    };
    if span.start > span.end || text.get(span.clone()).is_none() {
        return false;
    }
    let name = d.file.display().to_string();
    let mut report = Report::build(ReportKind::Error, (name.clone(), span.clone()))
        .with_config(
            Config::default()
                .with_color(color_enabled())
                .with_index_type(IndexType::Byte),
        )
        .with_message(&d.message)
        .with_label(
            Label::new((name.clone(), span))
                .with_message("here")
                .with_color(Color::Red),
        );
    report.with_helps(&d.hints);
    report.finish().eprint((name, Source::from(text))).is_ok()
}

fn variants(dir: &Path, command: VariantsCommand) -> ExitCode {
    let infos = match variant::list(dir) {
        Ok(i) => i,
        Err(d) => {
            render(&d);
            return ExitCode::from(EXIT_INVALID);
        }
    };
    let load = |id: &str, addons: Vec<String>| {
        variant::load(
            dir,
            &Selection {
                variant: Some(id.to_string()),
                addons,
                sets: vec![],
                lang: None,
            },
        )
        .map_err(|d| {
            render(&d);
            ExitCode::from(EXIT_INVALID)
        })
    };
    match command {
        VariantsCommand::List => {
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
                    let default = if v.id == DEFAULT_VARIANT {
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
            ExitCode::SUCCESS
        }
        VariantsCommand::Show {
            variant,
            addons,
            changed,
        } => {
            let r = match load(&variant, addons) {
                Ok(r) => r,
                Err(c) => return c,
            };
            for (key, value, origin) in &r.settings {
                let from = match origin {
                    Origin::Base => {
                        if changed {
                            continue;
                        }
                        "base".to_string()
                    }
                    Origin::Overlay { id, .. } => id.clone(),
                    Origin::CommandLine => "--set".to_string(),
                };
                println!("{key} = {} [{from}]", one_line(value));
                if let Origin::Overlay { cite, .. } = origin {
                    println!("    {cite}");
                }
            }
            ExitCode::SUCCESS
        }
        VariantsCommand::Diff { a, b } => {
            let (ra, rb) = match (load(&a, vec![]), load(&b, vec![])) {
                (Ok(x), Ok(y)) => (x, y),
                (Err(c), _) | (_, Err(c)) => return c,
            };
            let rows = variant::diff(&ra, &rb);
            println!("{} rule(s) differ between {a} and {b}:", rows.len());
            for (key, va, vb) in rows {
                println!("\n{key}");
                println!("  {a:<20} {}", one_line(&va));
                println!("  {b:<20} {}", one_line(&vb));
            }
            let alike = variant::set_alike(&ra, &rb);
            if !alike.is_empty() {
                println!(
                    "\nSet alike by both, each citing its own rulebook (`ludus variants show` gives the passages):"
                );
                for (key, v) in alike {
                    println!("  {key} = {}", one_line(&v));
                }
            }
            ExitCode::SUCCESS
        }
    }
}

/// A RON value on one line: effect texts lose their `Some("...")` wrapping
/// and line breaks.
fn one_line(v: &str) -> String {
    let v = v
        .strip_prefix("Some(")
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(v)
        .replace("\\n", " ")
        .replace(", )", ")")
        .replace("( ", "(");
    let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
    match v.strip_prefix("\" ").and_then(|x| x.strip_suffix(" \"")) {
        Some(inner) => format!("\"{inner}\""),
        None => v,
    }
}

fn arena(a: ArenaArgs) -> ExitCode {
    if let Err(m) = check_run(a.games, a.threads, &a.rules) {
        eprintln!("error: {m}");
        return ExitCode::from(2);
    }
    let rules = match a.rules.load() {
        Ok(r) => r,
        Err(c) => return c,
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    match crate::agents::arena::arena(rules, &a.a, &a.b, a.games, a.seed, threads) {
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
