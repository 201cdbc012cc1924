//! The `ludus` command line. The only module besides rule loading that does
//! I/O; it renders diagnostics (with ariadne) and reports.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::diag::Diagnostics;
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
    /// Play many games between uniformly random agents and summarise them.
    Simulate(SimulateArgs),
    /// Load and validate a rules directory; report every problem found.
    Check {
        /// A game directory (with game.ron), or a folder of them.
        #[arg(default_value = "rules")]
        dir: PathBuf,
    },
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
    /// The rules directory of the game.
    #[arg(long, default_value = "rules/caesar_cleopatra")]
    pub rules: PathBuf,
    /// Print the full event log of game number N of the run (0-based) and
    /// the final table, instead of statistics.
    #[arg(long, value_name = "N")]
    pub log: Option<u64>,
}

/// Process exit codes: 0 success, 1 invalid input (rules), 2 usage.
const EXIT_INVALID: u8 = 1;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Simulate(a) => simulate(a),
        Command::Check { dir } => check(&dir),
    }
}

fn load_rules(dir: &Path) -> Result<Arc<cc::Rules>, ExitCode> {
    cc::load(dir).map(Arc::new).map_err(|d| {
        render(&d);
        ExitCode::from(EXIT_INVALID)
    })
}

fn simulate(a: SimulateArgs) -> ExitCode {
    let rules = match load_rules(&a.rules) {
        Ok(r) => r,
        Err(c) => return c,
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if let Some(i) = a.log {
        let seed = crate::engine::seed::derive(a.seed, i, 0);
        let (s, _) = crate::sim::play_random(State::new(rules.clone(), seed), a.seed, i);
        for e in s.events() {
            println!("{}", cc::text::event_text(&rules, e, None));
        }
        print!("{}", cc::text::view_text(&s, 0));
        return ExitCode::SUCCESS;
    }
    let summary = crate::sim::simulate(a.games, a.seed, threads, |seed| {
        State::with_log(rules.clone(), seed, false)
    });
    if a.json {
        println!("{}", summary.to_json());
    } else {
        print!("{}", summary.to_text());
    }
    ExitCode::SUCCESS
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

/// Prints diagnostics to stderr: the `file:line:col: error:` line, then a
/// snippet of the source where the file can be read.
pub fn render(diags: &Diagnostics) {
    use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
    for d in diags.iter() {
        eprintln!("{d}");
        let (Some(span), Ok(text)) = (d.span.clone(), std::fs::read_to_string(&d.file)) else {
            continue;
        };
        let name = d.file.display().to_string();
        let report = Report::build(ReportKind::Error, (name.clone(), span.clone()))
            .with_config(
                Config::default()
                    .with_color(color_enabled())
                    .with_index_type(IndexType::Byte),
            )
            .with_message(&d.message)
            .with_label(Label::new((name.clone(), span)).with_message(&d.message))
            .finish();
        let _ = report.eprint((name, Source::from(text)));
    }
}
