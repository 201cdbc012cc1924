//! The designer's report of many simulated games: the measures and their
//! statistics, the terminal table, JSON, per-game CSV, a self-contained
//! HTML page, comparisons of rule sets and merging of shards.
//!
//! [`simulate`] is what `ludus simulate` runs; `docs/simulate.md` is the
//! user's guide and says how every measure is computed.

pub mod compare;
pub mod csv;
pub mod html;
pub mod json;
pub mod measures;
pub mod merge;
pub mod stats;
pub mod text;

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;

type AgentSpec = crate::agents::AgentSpec<crate::games::caesar_cleopatra::CaesarCleopatra>;
use crate::diag::Diagnostics;
use crate::games::caesar_cleopatra::variant::{self, Selection};
use crate::sim::{self, Meta, RunConfig, Summary};

/// A run's or a comparison's results.
#[derive(Debug, Clone)]
pub enum Outcome {
    Single(Box<Summary>),
    /// One summary per rule set, in the order given.
    Compare(Vec<Summary>),
}

impl Outcome {
    pub fn to_json(&self) -> Value {
        match self {
            Outcome::Single(s) => s.to_json(),
            Outcome::Compare(v) => compare::compare_json(v),
        }
    }
    pub fn to_text(&self) -> String {
        match self {
            Outcome::Single(s) => s.to_text(),
            Outcome::Compare(v) => compare::compare_text(v),
        }
    }
}

/// What `ludus simulate` was asked for.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub rules_dir: crate::load::GameDir,
    /// The rules selection of `--variant`, `--addon`, `--set`, `--lang`.
    pub base: Selection,
    /// `--compare` specs (none: a single run of `base`).
    pub compare: Vec<String>,
    /// `--agents`.
    pub agents: String,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    /// `--shard i/n`.
    pub shard: Option<String>,
    /// Draw a progress bar (on a terminal, without --quiet).
    pub progress: bool,
    pub csv: Option<PathBuf>,
}

#[derive(Debug)]
pub enum SimError {
    /// The rules do not load.
    Rules(Diagnostics),
    /// A bad option value.
    Usage(String),
    /// A file could not be written.
    Io(String),
}

/// Reads `--agents A,B` (or one spec for both seats). Agent options such
/// as `ismcts:500,c=0.7` stay with their agent: a part with `=` belongs to
/// the spec before it.
pub fn parse_agents(s: &str) -> Result<([AgentSpec; 2], [String; 2]), String> {
    parse_agents_in(s, None)
}

/// Like [`parse_agents`], with the evaluation's weights of the rules
/// directory `dir` (`AgentSpec::parse_in`).
pub fn parse_agents_in(
    s: &str,
    dir: Option<&crate::load::GameDir>,
) -> Result<([AgentSpec; 2], [String; 2]), String> {
    let mut specs: Vec<String> = Vec::new();
    for part in s.split(',') {
        match specs.last_mut() {
            Some(last) if part.contains('=') => {
                last.push(',');
                last.push_str(part.trim());
            }
            _ => specs.push(part.trim().to_string()),
        }
    }
    let specs: [String; 2] = match specs.as_slice() {
        [a] => [a.clone(), a.clone()],
        [a, b] => [a.clone(), b.clone()],
        _ => {
            return Err(format!(
                "--agents \"{s}\": give one agent for both seats or two separated by a comma (A,B); agents: {}",
                crate::agents::AGENT_SPECS
            ));
        }
    };
    let parsed = [
        AgentSpec::parse_maybe_in(&specs[0], dir)?,
        AgentSpec::parse_maybe_in(&specs[1], dir)?,
    ];
    Ok((parsed, specs))
}

/// Reads `--shard i/n`.
pub fn parse_shard(s: &str) -> Result<[u64; 2], String> {
    let bad = || format!("--shard \"{s}\": expected i/n with 0 <= i < n, e.g. 0/4");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok([i, n])
}

/// A selection written as a compare spec: `variant+addon;key=value`.
pub fn label_of(sel: &Selection) -> String {
    let mut s = sel.variant.clone().unwrap_or_else(|| "base".into());
    for a in &sel.addons {
        s.push('+');
        s += a;
    }
    for k in &sel.sets {
        s.push(';');
        s += k;
    }
    s
}

/// The selection a compare spec means on top of the run's own options:
/// its variant (or the run's), the run's add-ons and settings, then its own.
pub fn spec_selection(base: &Selection, spec: &str) -> Result<Selection, String> {
    let c = compare::parse_spec(spec)?;
    Ok(Selection {
        variant: c.variant.or_else(|| base.variant.clone()),
        addons: base.addons.iter().cloned().chain(c.addons).collect(),
        sets: base.sets.iter().cloned().chain(c.sets).collect(),
        lang: base.lang.clone(),
        players: None,
    })
}

/// Loads one rule set and describes it.
fn load(
    o: &SimOptions,
    sel: &Selection,
) -> Result<(Arc<crate::games::caesar_cleopatra::Rules>, Meta), SimError> {
    let rs = variant::load(&o.rules_dir, sel).map_err(SimError::Rules)?;
    let mut text = String::new();
    for (k, v, _) in &rs.settings {
        if !k.ends_with(".name") {
            text += &format!("{k}={v}\n");
        }
    }
    let mut meta = Meta::of_rules(&rs.rules);
    meta.label = label_of(sel);
    meta.variant = sel.variant.clone();
    meta.addons = sel.addons.clone();
    meta.sets = sel.sets.clone();
    meta.rules_fingerprint = format!("{:016x}", sim::fnv1a(text.as_bytes()));
    Ok((Arc::new(rs.rules), meta))
}

/// Plays what `o` asks for: one run, or every compare set on the same
/// seeds.
pub fn simulate(o: &SimOptions) -> Result<Outcome, SimError> {
    let (agents, agent_names) =
        parse_agents_in(&o.agents, Some(&o.rules_dir)).map_err(SimError::Usage)?;
    let shard = o
        .shard
        .as_deref()
        .map(parse_shard)
        .transpose()
        .map_err(SimError::Usage)?;
    let selections: Vec<Selection> = if o.compare.is_empty() {
        vec![o.base.clone()]
    } else {
        o.compare
            .iter()
            .map(|s| spec_selection(&o.base, s))
            .collect::<Result<_, _>>()
            .map_err(SimError::Usage)?
    };
    if let Some(a) = selections.iter().find_map(|s| repeated_addon(&s.addons)) {
        return Err(SimError::Usage(repeated_addon_message(a)));
    }
    if o.compare.len() == 1 {
        return Err(SimError::Usage(
            "--compare needs two or more rule sets (give --compare once per set)".into(),
        ));
    }
    // Load every set first, so a typo fails before any game is played.
    let mut runs = Vec::new();
    for sel in &selections {
        let (rules, mut meta) = load(o, sel)?;
        meta.agents = agent_names.clone();
        meta.seed = o.seed;
        meta.games = o.games;
        meta.shard = shard;
        runs.push(RunConfig {
            rules,
            agents: agents.clone(),
            meta,
            threads: o.threads,
        });
    }
    let io = |e: std::io::Error| SimError::Io(e.to_string());
    let mut csv_out: Option<BufWriter<std::fs::File>> = match &o.csv {
        Some(p) => Some(BufWriter::new(std::fs::File::create(p).map_err(|e| {
            SimError::Io(format!("cannot write {}: {e}", p.display()))
        })?)),
        None => None,
    };
    if let Some(w) = csv_out.as_mut() {
        csv::write_header(w, &runs[0].meta).map_err(io)?;
    }
    let per_run = runs[0].meta.range().end - runs[0].meta.range().start;
    let total = per_run * runs.len() as u64;
    let summaries = sim::with_progress(total, o.progress, |done| {
        let mut out = Vec::new();
        for cfg in &runs {
            let s = match csv_out.as_mut() {
                Some(w) => {
                    let w: &mut dyn Write = w;
                    let mut sink = sim::csv_sink(&cfg.meta, w);
                    sim::run(cfg, Some(&mut sink), done)
                }
                None => sim::run(cfg, None, done),
            };
            out.push(s.map_err(io)?);
        }
        Ok::<_, SimError>(out)
    })?;
    if let Some(mut w) = csv_out {
        w.flush().map_err(io)?;
    }
    Ok(if o.compare.is_empty() {
        Outcome::Single(Box::new(summaries.into_iter().next().expect("one run")))
    } else {
        Outcome::Compare(summaries)
    })
}

/// Checks before a run that `path` can be written: opens it for appending
/// (creating it if need be, truncating nothing), then removes a file this
/// check created, so that a run that fails leaves nothing behind.
pub fn check_writable(path: &std::path::Path) -> Result<(), String> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// An add-on a selection names more than once (an error: an add-on is
/// taken once, and a second mention would silently change nothing).
pub fn repeated_addon(addons: &[String]) -> Option<&str> {
    addons
        .iter()
        .enumerate()
        .find(|(i, a)| addons[..*i].contains(a))
        .map(|(_, a)| a.as_str())
}

/// The message for an add-on given twice.
pub fn repeated_addon_message(addon: &str) -> String {
    format!("the add-on \"{addon}\" is given twice: an add-on is taken once, name it once")
}

/// Writes the HTML report of `json` to `path`.
pub fn write_html(path: &std::path::Path, json: &Value) -> Result<(), String> {
    std::fs::write(path, html::report_html(json))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
