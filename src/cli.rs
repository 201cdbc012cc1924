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
    /// Play many games between uniformly random agents and summarise them.
    Simulate(SimulateArgs),
    /// Load and validate a rules directory, its variants and add-ons; report
    /// every problem found.
    Check {
        /// A game directory (with game.ron), or a folder of them.
        #[arg(default_value = "rules")]
        dir: PathBuf,
    },
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
}

/// Process exit codes: 0 success, 1 invalid input (rules), 2 usage.
const EXIT_INVALID: u8 = 1;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Simulate(a) => simulate(a),
        Command::Check { dir } => check(&dir),
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

fn simulate(a: SimulateArgs) -> ExitCode {
    let rules = match a.rules.load() {
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
