//! The designer's report of many simulated games: the measures and their
//! statistics, the terminal table, JSON, per-game CSV, a self-contained
//! HTML page, comparisons of rule sets and merging of shards.
//!
//! [`simulate`] is what `ludus simulate` runs; `docs/simulate.md` is the
//! user's guide and says how every measure is computed.

pub mod compare;
pub mod compare_paired;
pub mod csv;
pub mod html;
pub mod json;
pub mod measures;
pub mod merge;
pub mod pairs;
pub use crate::stats;
pub mod tally;
pub mod text;

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde_json::{Map, Value};

use crate::agents::AgentSpec;
use crate::diag::Diagnostics;
use crate::engine::{BASE_VARIANT, Selection};
use crate::load::GameDir;
use crate::sim::{self, GameRecord, Meta, RunConfig, Simulated, Summary};
pub use measures::Measure;

/// What the report asks of a game: the measures, JSON keys, CSV columns
/// and charts of its own sums ([`Simulated::Sums`]). The generic report
/// (outcome, scores, length, drama, choices) surrounds them.
pub trait Reported: Simulated {
    /// The sections of the game's own measures, in report order; they
    /// come after the generic "Game length and ending" and before
    /// "Drama" (which a game may add to).
    const SECTIONS: &'static [&'static str];
    /// Headline figures of the HTML report: (measure id, label).
    const KEY_FIGURES: &'static [(&'static str, &'static str)];
    /// Measures charted side by side in an HTML comparison: (measure id,
    /// label).
    const COMPARED: &'static [(&'static str, &'static str)];

    /// The game's own measures of a run, in report order.
    fn measures(s: &Summary<Self::Sums>, push: &mut dyn FnMut(Measure));
    /// The game's own keys of the JSON report (beside `measures`,
    /// `histograms` ...) and its histograms (into `hists`).
    fn json(s: &Summary<Self::Sums>, out: &mut Map<String, Value>, hists: &mut Map<String, Value>);
    /// The game's own CSV columns, after the generic ones.
    fn csv_header(meta: &Meta, cols: &mut Vec<String>);
    /// One game's values of those columns.
    fn csv_row(meta: &Meta, r: &Self::Record, cols: &mut Vec<String>);
    /// The game's own charts of a run's HTML report, drawn from its JSON
    /// `r` (at `prefix` in the document) with [`html`]'s helpers.
    fn html(r: &Value, prefix: &[&str]) -> String;
}

/// A run's or a comparison's results.
#[derive(Debug, Clone)]
pub enum Outcome<S> {
    Single(Box<Summary<S>>),
    /// One summary per rule set, in the order given, and the pairs of
    /// games of each set after the first against the first (`None` for
    /// reports made before pairs were kept).
    Compare(Vec<Summary<S>>, Option<compare_paired::Paired>),
}

impl<S> Outcome<S> {
    pub fn to_json<G: Reported<Sums = S>>(&self) -> Value {
        match self {
            Outcome::Single(s) => json::summary_json::<G>(s),
            Outcome::Compare(v, p) => compare::compare_json::<G>(v, p.as_ref()),
        }
    }
    /// The terminal report, within 100 columns.
    pub fn to_text<G: Reported<Sums = S>>(&self) -> String {
        self.to_text_as::<G>(false)
    }
    /// The terminal report; `wide`: a comparison with one line per
    /// measure, however many sets (`--wide`).
    pub fn to_text_as<G: Reported<Sums = S>>(&self, wide: bool) -> String {
        match self {
            Outcome::Single(s) => text::summary_text::<G>(s),
            Outcome::Compare(v, p) => compare::compare_text::<G>(v, p.as_ref(), wide),
        }
    }
    /// The summaries, one per rule set.
    pub fn summaries(&self) -> &[Summary<S>] {
        match self {
            Outcome::Single(s) => std::slice::from_ref(s),
            Outcome::Compare(v, _) => v,
        }
    }
    /// `[i, j]` and the run's size when the run was stopped early and
    /// played only games `i..j` (in every set).
    pub fn partial(&self) -> Option<([u64; 2], u64)> {
        let m = &self.summaries().first()?.meta;
        m.partial.map(|p| (p, m.range().end - m.range().start))
    }
}

/// What `ludus simulate` was asked for.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub rules_dir: crate::load::GameDir,
    /// `--game`: the game of a compared rules folder that holds several
    /// (default: the game of `rules_dir`).
    pub game: Option<String>,
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
    /// Set (by Ctrl-C) to stop the run early: the report then covers the
    /// first games of the run (`Meta::partial`). `None`: played to the end.
    pub stop: Option<Arc<AtomicBool>>,
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

/// Reads `--agents A,B,...` (one agent for every seat, or one per seat)
/// with the evaluation's weights of the rules directory `dir`
/// (`AgentSpec::parse_in`). Agent options such as `ismcts:500,c=0.7`
/// stay with their agent: a part with `=` belongs to the spec before it.
pub type SeatAgents<G> = (Vec<AgentSpec<G>>, Vec<String>);

pub fn parse_agents_in<G: crate::agents::Agents>(
    s: &str,
    seats: usize,
    dir: Option<&crate::load::GameDir>,
) -> Result<SeatAgents<G>, String> {
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
    let specs: Vec<String> = match specs.len() {
        1 => vec![specs[0].clone(); seats],
        n if n == seats => specs,
        _ => {
            return Err(format!(
                "--agents \"{s}\": give one agent for every seat or {seats} separated by commas; agents: {}",
                crate::agents::AGENT_SPECS
            ));
        }
    };
    let parsed = specs
        .iter()
        .map(|sp| AgentSpec::parse_maybe_in(sp, dir))
        .collect::<Result<Vec<_>, _>>()?;
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
    let mut s = sel.variant.clone().unwrap_or_else(|| BASE_VARIANT.into());
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
        players: base.players,
    })
}

/// Where a report says the rules were read from: `built-in`, or the game
/// folder's path.
pub fn rules_source(dir: &GameDir) -> String {
    match dir {
        GameDir::BuiltIn(_) => BUILT_IN_SOURCE.into(),
        other => other.path().display().to_string(),
    }
}

/// [`rules_source`] of the rules built into ludus.
pub const BUILT_IN_SOURCE: &str = "built-in";

/// The rules source in words: "the built-in rules" or "the rules folder
/// PATH".
pub fn source_words(source: &str) -> String {
    match source {
        "" => String::new(),
        BUILT_IN_SOURCE => "the built-in rules".into(),
        path => format!("the rules folder {path}"),
    }
}

/// The game folder a compare set's `dir=FOLDER` names (`dir=built-in`:
/// the built-in rules): in a folder of games, the game `--game` names,
/// else the one named as the run's game folder, else the folder's
/// default game.
pub fn folder_dir(o: &SimOptions, folder: &str) -> Result<GameDir, SimError> {
    let pick = |game: Option<&str>| {
        if folder == BUILT_IN_SOURCE {
            game.map_or_else(|| Ok(GameDir::built_in()), GameDir::built_in_game)
        } else {
            GameDir::on_disk_game(Path::new(folder), game)
        }
    };
    let dir = match &o.game {
        Some(g) => pick(Some(g)),
        None => {
            let run_game = o.rules_dir.path();
            let name = run_game.file_name().and_then(|n| n.to_str());
            pick(name).or_else(|_| pick(None))
        }
    };
    dir.map_err(|d| SimError::Rules(d.into()))
}

/// One rule set of a run: where its rules are read from, what of them is
/// selected, and its label (its compare spec).
struct RuleSet {
    dir: GameDir,
    sel: Selection,
    label: String,
}

/// Loads one rule set and describes it. The fingerprint hashes every
/// rule in force but the names.
fn load<G: Simulated>(set: &RuleSet) -> Result<(Arc<G::Rules>, Meta), SimError> {
    let (dir, sel) = (&set.dir, &set.sel);
    let loaded = G::load(dir, sel).map_err(SimError::Rules)?;
    let mut text = String::new();
    for (k, v) in &loaded.settings {
        if !k.ends_with(".name") {
            text += &format!("{k}={v}\n");
        }
    }
    let mut meta = G::meta(&loaded.rules);
    meta.label = set.label.clone();
    meta.rules_source = rules_source(dir);
    meta.variant = sel.variant.clone();
    meta.addons = sel.addons.clone();
    meta.sets = sel.sets.clone();
    meta.rules_fingerprint = format!("{:016x}", crate::load::fnv1a(text.as_bytes()));
    Ok((loaded.rules, meta))
}

/// One `--compare` spec's rule set: its folder's (`dir=FOLDER|...`) or
/// the run's rules, and the selection of the rest of the spec.
fn spec_set(o: &SimOptions, spec: &str) -> Result<RuleSet, SimError> {
    let (folder, rest) = compare::split_folder(spec);
    let sel = spec_selection(&o.base, rest).map_err(SimError::Usage)?;
    let (dir, label) = match folder {
        Some(f) => (folder_dir(o, f)?, compare::folder_label(f, &label_of(&sel))),
        None => (o.rules_dir.clone(), label_of(&sel)),
    };
    Ok(RuleSet { dir, sel, label })
}

/// The rule sets a run plays: `--compare`'s, or the run's own.
fn selections(o: &SimOptions) -> Result<Vec<RuleSet>, SimError> {
    let selections: Vec<RuleSet> = if o.compare.is_empty() {
        vec![RuleSet {
            dir: o.rules_dir.clone(),
            sel: o.base.clone(),
            label: label_of(&o.base),
        }]
    } else {
        o.compare
            .iter()
            .map(|s| spec_set(o, s))
            .collect::<Result<_, _>>()?
    };
    if let Some(a) = selections
        .iter()
        .find_map(|s| repeated_addon(&s.sel.addons))
    {
        return Err(SimError::Usage(repeated_addon_message(a)));
    }
    if o.compare.len() == 1 {
        return Err(SimError::Usage(
            "--compare needs two or more rule sets (give --compare once per set)".into(),
        ));
    }
    Ok(selections)
}

/// Every rule set's run, loaded before any game is played (so that a
/// typo fails first).
fn runs<G: Simulated>(o: &SimOptions) -> Result<Vec<RunConfig<G>>, SimError> {
    let shard = o
        .shard
        .as_deref()
        .map(parse_shard)
        .transpose()
        .map_err(SimError::Usage)?;
    let mut runs = Vec::new();
    for set in &selections(o)? {
        let (rules, mut meta) = load::<G>(set)?;
        let (agents, names) = parse_agents_in::<G>(&o.agents, G::seats(&rules), Some(&set.dir))
            .map_err(SimError::Usage)?;
        meta.agents = names;
        meta.seed = o.seed;
        meta.games = o.games;
        meta.shard = shard;
        runs.push(RunConfig {
            rules,
            agents,
            meta,
            threads: o.threads,
        });
    }
    Ok(runs)
}

/// Plays what `o` asks for: one run, or every compare set on the same
/// seeds.
pub fn simulate<G: Reported>(o: &SimOptions) -> Result<Outcome<G::Sums>, SimError> {
    let runs = runs::<G>(o)?;
    let io = |e: std::io::Error| SimError::Io(e.to_string());
    let mut csv_out: Option<BufWriter<std::fs::File>> = match &o.csv {
        Some(p) => Some(BufWriter::new(std::fs::File::create(p).map_err(|e| {
            SimError::Io(format!("cannot write {}: {e}", p.display()))
        })?)),
        None => None,
    };
    if let Some(w) = csv_out.as_mut() {
        csv::write_header::<G>(w, &runs[0].meta).map_err(io)?;
    }
    let per_run = runs[0].meta.range().end - runs[0].meta.range().start;
    let total = per_run.saturating_mul(runs.len() as u64);
    let never = AtomicBool::new(false);
    let stop = o.stop.as_deref().unwrap_or(&never);
    let summaries = sim::with_progress(total, o.progress, |done| match csv_out.as_mut() {
        Some(w) => {
            let w: &mut dyn Write = w;
            let mut sink =
                |k: usize, r: &GameRecord<G::Record>| csv::write_row::<G>(w, &runs[k].meta, r);
            sim::run_sets(&runs, Some(&mut sink), done, stop)
        }
        None => sim::run_sets(&runs, None, done, stop),
    })
    .map_err(io)?;
    if let Some(mut w) = csv_out {
        w.flush().map_err(io)?;
    }
    Ok(if o.compare.is_empty() {
        Outcome::Single(Box::new(summaries.into_iter().next().expect("one run")))
    } else {
        // The sets were played chunk by chunk (so that a stop leaves the
        // same first games in each): the pairs take the games once more,
        // together; a stopped run is compared unpaired.
        let stopped = summaries.first().is_some_and(|s| s.meta.partial.is_some());
        let paired = if stopped {
            None
        } else {
            let (_, paired) = sim::with_progress(total, o.progress, |done| {
                compare_paired::run_together(&runs, o.threads, done)
            })
            .map_err(io)?;
            Some(paired)
        };
        Outcome::Compare(summaries, paired)
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
pub fn write_html<G: Reported>(path: &std::path::Path, json: &Value) -> Result<(), String> {
    std::fs::write(path, html::report_html::<G>(json))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
