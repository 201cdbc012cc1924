//! Rule variants: overlays on the base rules.
//!
//! A variant file (`rules/<game>/variants/<id>.ron`) states only what differs
//! from the base files, one setting per line, each with the rulebook passage
//! it follows:
//!
//! ```ron
//! (
//!     rulebook: "001",
//!     description: "...",
//!     set: [
//!         ("turn.action_timing", BeforeRefill, "001: \"avant de recompléter sa main\""),
//!     ],
//! )
//! ```
//!
//! Keys are those of [`RawRules::fields`]: toggles (`turn.*`, `setup.*`, ...)
//! and data (`group.censors.size`, `card.<action>.effect`, ...). An add-on is a
//! variant file with `addon: true`, taken on top of any variant. `--set
//! key=value` overlays last. Finding and reading the overlays is the
//! engine's (`crate::load::overlay`); here each key is set in the raw rules,
//! which are then validated like the base ones, and a problem is reported
//! in the file its value came from.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::model::{Rules, read_raw, validate_raw};
use super::raw::RawRules;
use crate::design::one_line;
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::overlay::{self, Overlays, Setting, Source};
use crate::load::{GameDir, SourceFile};

/// The name of the base rules as a variant: the rule files alone, with no
/// overlay. It is the default: the base files carry 000's readings.
pub use crate::engine::BASE_VARIANT;

/// The variant a run uses when none is named: the base rules.
pub const DEFAULT_VARIANT: &str = BASE_VARIANT;

pub use crate::engine::Selection;

pub use crate::design::Origin;

/// The rules of a selection, with every key's value and origin.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub rules: Rules,
    /// Key → (value as RON text, origin), in `RawRules::fields` order.
    pub settings: Vec<(String, String, Origin)>,
    /// The rulebook's language of the variant, if it says.
    pub lang: Option<String>,
    /// Every base value that an overlay (variant, add-on, `--set`) replaces,
    /// in the order they were applied.
    pub overrides: Vec<Override>,
}

impl Ruleset {
    /// A fingerprint of the rules in force: a hash of every key and value
    /// (not of the files' comments or layout), stable across builds. A save
    /// records it, so that a change to the rules since is noticed.
    pub fn fingerprint(&self) -> String {
        let pairs = self
            .settings
            .iter()
            .map(|(k, v, _)| (k.as_str(), v.as_str()));
        crate::engine::game::fingerprint(pairs)
    }
}

/// A place in a rule file: the file as reported, and its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At {
    pub file: PathBuf,
    pub line: usize,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// A base value replaced by an overlay.
#[derive(Debug, Clone)]
pub struct Override {
    pub key: String,
    /// The variant or add-on id, or `--set`.
    pub by: String,
    /// The base value (RON text) and where the base files write it.
    pub base: String,
    pub base_at: Option<At>,
    /// The overriding value (RON text) and where the overlay sets it.
    pub value: String,
    pub at: At,
}

impl Override {
    /// Whether the overlay restates the base value (whitespace aside): an
    /// edit of the base value then does not reach this overlay.
    pub fn restates(&self) -> bool {
        let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        squash(&self.base) == squash(&self.value)
    }

    /// One line for `ludus check` and `ludus variants show`.
    pub fn describe(&self) -> String {
        let base_at = self
            .base_at
            .as_ref()
            .map_or_else(String::new, |a| format!(" ({a})"));
        let (base, value) = (one_line(&self.base), one_line(&self.value));
        if self.restates() {
            format!(
                "{} restates {} = {base}{base_at} at {}: an edit of the base value does not reach it",
                self.by, self.key, self.at
            )
        } else {
            format!(
                "{} overrides {}: base {base}{base_at}; {} {value} ({})",
                self.by, self.key, self.by, self.at
            )
        }
    }
}

/// One variant or add-on, for `ludus variants list`.
pub use crate::load::overlay::OverlayInfo as VariantInfo;

/// The base rules as an entry of the list: they are played by name.
fn base_info(dir: &GameDir) -> VariantInfo {
    VariantInfo {
        id: BASE_VARIANT.to_string(),
        rulebook: BASE_RULEBOOK.to_string(),
        description: "the base rule files alone (000's readings)".to_string(),
        addon: false,
        lang: None,
        path: dir.path(),
        rel: String::new(),
    }
}

/// The rulebook the base files follow.
const BASE_RULEBOOK: &str = "000";

/// The base rules, then the variant and add-on files of a game directory,
/// sorted by id.
pub fn list(dir: impl Into<GameDir>) -> Result<Vec<VariantInfo>, Diagnostics> {
    let dir = dir.into();
    let mut out = vec![base_info(&dir)];
    out.extend(overlay::list(&dir)?);
    Ok(out)
}

/// What the overlays of a load have done so far.
struct Applied {
    origins: BTreeMap<String, Origin>,
    overrides: Vec<Override>,
    /// The base value of every key, as the base files give it.
    base: BTreeMap<String, String>,
}

impl Applied {
    /// Notes a key an overlay has set (at the key's place) to the RON text
    /// `value`; the names file of `--lang` is no override.
    fn note(&mut self, o: &Overlays, s: &Setting, value: String) {
        let (by, origin) = match &s.source {
            Source::Overlay(id) => (
                id.as_str(),
                Origin::Overlay {
                    id: id.clone(),
                    cite: s.cite.clone(),
                },
            ),
            Source::CommandLine => ("--set", Origin::CommandLine),
            Source::Names => return,
        };
        let file = o.file(s);
        let key = &s.key;
        let line = key
            .span_in(&file.text)
            .map_or(1, |s| file.line_col(s.start).0);
        self.overrides.push(Override {
            key: key.value.clone(),
            by: by.to_string(),
            base: self.base.get(&key.value).cloned().unwrap_or_default(),
            base_at: None,
            value,
            at: At {
                file: file.path.clone(),
                line,
            },
        });
        self.origins.insert(key.value.clone(), origin);
    }
}

/// Loads the base rules of `dir` with the selection's overlays.
pub fn load(dir: impl Into<GameDir>, sel: &Selection) -> Result<Ruleset, Diagnostics> {
    let dir = dir.into();
    let (mut raw, mut files) = read_raw(&dir)?;
    let base_files = files.clone();
    let mut diags = Diagnostics::default();
    let mut applied = Applied {
        origins: BTreeMap::new(),
        overrides: Vec::new(),
        base: raw
            .fields()
            .into_iter()
            .map(|(k, f)| (k, f.get()))
            .collect(),
    };
    let overlays = Overlays::read(&dir, sel, BASE_RULEBOOK, &[]);
    for entry in &overlays.entries {
        let s = match entry {
            Ok(s) => s,
            Err(d) => {
                diags.push(d.clone());
                continue;
            }
        };
        match apply(&mut raw, &overlays, s) {
            Ok(new) => applied.note(&overlays, s, new),
            Err(d) => diags.push(d),
        }
    }
    let lang = overlays.lang.clone();
    files.extend(overlays.files);
    if !diags.is_empty() {
        return Err(diags);
    }
    let settings = raw
        .fields()
        .into_iter()
        .map(|(k, f)| {
            let o = applied.origins.get(&k).cloned().unwrap_or(Origin::Base);
            (k, f.get(), o)
        })
        .collect();
    for o in &mut applied.overrides {
        o.base_at = locate(&base_files, &o.key);
    }
    let rules = validate_raw(raw, files)?;
    Ok(Ruleset {
        rules,
        settings,
        lang,
        overrides: applied.overrides,
    })
}

/// Where the base files write `key`'s value, found in their text: the file
/// of the key's first part, then each id the key names (`"censors"`), then
/// the field (`size:`). `None` where the value is left to its default.
fn locate(base: &[SourceFile], key: &str) -> Option<At> {
    let parts: Vec<&str> = key.split('.').collect();
    let (head, rest) = parts.split_first()?;
    let (file, anchors): (&str, Vec<String>) = match *head {
        "turn" | "setup" | "limits" | "scoring" => {
            (head, rest.iter().map(|f| format!("{f}:")).collect())
        }
        "patricians" | "vote_deck" | "missions" => (
            "forum",
            std::iter::once(format!("{head}:"))
                .chain(rest.iter().map(|f| format!("{f}:")))
                .collect(),
        ),
        _ => {
            let file = match *head {
                "card" => "cards",
                "faction" | "deck" => "factions",
                _ => "forum",
            };
            let (field, ids) = rest.split_last()?;
            let mut a: Vec<String> = ids.iter().map(|id| format!("\"{id}\"")).collect();
            a.push(format!("{field}:"));
            (file, a)
        }
    };
    let f = base
        .iter()
        .find(|f| f.path.file_stem().is_some_and(|s| s == file))?;
    let mut at = 0;
    let mut found = None;
    for a in &anchors {
        match find_code(&f.text, a, at) {
            Some(i) => {
                at = i + a.len();
                found = Some(i);
            }
            None => break,
        }
    }
    found.map(|i| At {
        file: f.path.clone(),
        line: f.line_col(i).0,
    })
}

/// The first occurrence of `needle` at or after `from` outside a `//`
/// comment.
fn find_code(text: &str, needle: &str, from: usize) -> Option<usize> {
    let mut start = from;
    while let Some(i) = text.get(start..)?.find(needle) {
        let i = start + i;
        let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
        if !text[line_start..i].contains("//") {
            return Some(i);
        }
        start = i + needle.len();
    }
    None
}

/// Sets the key of `s` in `raw` to its value; returns the new value as
/// RON text.
fn apply(raw: &mut RawRules, o: &Overlays, s: &Setting) -> Result<String, Diagnostic> {
    let mut fields = raw.fields();
    let Some((_, field)) = fields.iter_mut().find(|(k, _)| *k == s.key.value) else {
        let keys = fields.iter().map(|(k, _)| k.as_str());
        let d = o.unknown_key(s, keys);
        return Err(d.with_hint("`ludus variants show` lists every rule and its value"));
    };
    let (file, value) = (o.file(s), o.value(s));
    let old = field.get();
    field.set(value).map(|()| field.get()).map_err(|e| {
        // Offsets inside the value, then inside the file.
        let base = value.as_ptr() as usize - file.text.as_ptr() as usize;
        let inner = SourceFile {
            path: file.path.clone(),
            text: value.to_string(),
        };
        let off = base + inner.offset_of(e.span.start.line, e.span.start.col);
        let (message, hint) = crate::load::ron_message(&e.code);
        let mut d = file.error_at(
            off..off,
            format!("wrong value for \"{}\": {message}", s.key.value),
        );
        d.hints.extend(hint);
        d.hints.push(format!("the base value is {old}"));
        d
    })
}
