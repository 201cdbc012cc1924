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
//! key=value` overlays last. The overlaid raw rules are then validated like
//! the base ones, and a problem is reported in the file its value came from.

use std::collections::BTreeMap;
use std::path::PathBuf;

use ron::value::RawValue;
use serde::Deserialize;

use super::model::{Rules, read_raw, validate_raw};
use super::raw::RawRules;
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::{GameDir, SourceFile, Spanned, nearest};

/// The name of the base rules as a variant: the rule files alone, with no
/// overlay. It is the default: the base files carry 000's readings.
pub use crate::engine::BASE_VARIANT;

/// The variant a run uses when none is named: the base rules.
pub const DEFAULT_VARIANT: &str = BASE_VARIANT;

/// A variant file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile<'a> {
    /// The rulebook it follows ("000"), or "-" for an add-on of no rulebook.
    rulebook: String,
    /// One line for `ludus variants list`.
    description: String,
    /// An add-on is taken on top of a variant.
    #[serde(default)]
    addon: bool,
    /// The rulebook's language, for `--lang`.
    #[serde(default)]
    lang: Option<String>,
    /// `(key, value, cited passage)`.
    #[serde(borrow)]
    set: Vec<(Spanned<String>, &'a RawValue, String)>,
}

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
        let mut text = String::new();
        for (k, v, _) in &self.settings {
            text.push_str(k);
            text.push('=');
            text.push_str(v);
            text.push('\n');
        }
        format!("{:016x}", crate::load::fnv1a(text.as_bytes()))
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
#[derive(Debug, Clone)]
pub struct VariantInfo {
    pub id: String,
    pub rulebook: String,
    pub description: String,
    pub addon: bool,
    pub lang: Option<String>,
    /// The file as reported (the game directory itself for the base).
    pub path: PathBuf,
    /// The file relative to the game directory (`variants/x.ron`; empty for
    /// the base).
    rel: String,
}

/// The base rules as an entry of the list: they are played by name.
fn base_info(dir: &GameDir) -> VariantInfo {
    VariantInfo {
        id: BASE_VARIANT.to_string(),
        rulebook: "000".to_string(),
        description: "the base rule files alone (000's readings); the default".to_string(),
        addon: false,
        lang: None,
        path: dir.path(),
        rel: String::new(),
    }
}

/// The base rules, then the variant and add-on files of a game directory,
/// sorted by id.
pub fn list(dir: impl Into<GameDir>) -> Result<Vec<VariantInfo>, Diagnostics> {
    let dir = dir.into();
    let mut out = vec![base_info(&dir)];
    let mut diags = Diagnostics::default();
    for rel in dir.ron_files("variants") {
        match read_info(&dir, &rel) {
            Ok(info) => out.push(info),
            Err(d) => diags.push(d),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// Like [`list`], keeping the files that parse.
fn list_valid(dir: &GameDir) -> Vec<VariantInfo> {
    let mut out = vec![base_info(dir)];
    out.extend(list_valid_in(dir, "variants"));
    out
}

fn list_valid_in(dir: &GameDir, sub: &str) -> Vec<VariantInfo> {
    dir.ron_files(sub)
        .iter()
        .filter_map(|rel| read_info(dir, rel).ok())
        .collect()
}

/// Reads the head of a variant or names file.
fn read_info(dir: &GameDir, rel: &str) -> Result<VariantInfo, Diagnostic> {
    let file = dir.read(rel)?;
    let v = parse_variant(&file)?;
    Ok(VariantInfo {
        id: stem(rel),
        rulebook: v.rulebook,
        description: v.description,
        addon: v.addon,
        lang: v.lang,
        path: file.path.clone(),
        rel: rel.to_string(),
    })
}

/// The names files (`names/*.ron`, one per rulebook).
fn list_names(dir: &GameDir) -> Vec<VariantInfo> {
    list_valid_in(dir, "names")
}

fn stem(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.strip_suffix(".ron").unwrap_or(name).to_string()
}

fn parse_variant(file: &SourceFile) -> Result<VariantFile<'_>, Diagnostic> {
    file.parse_borrowed::<VariantFile>()
}

/// The overlays a selection asks for, in order: (id, is an add-on). The base
/// variant is no overlay; an add-on taken twice is an error.
fn overlays(sel: &Selection, diags: &mut Diagnostics) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    if let Some(v) = sel.variant.as_ref().filter(|v| *v != BASE_VARIANT) {
        out.push((v.clone(), false));
    }
    for a in &sel.addons {
        if out.iter().any(|(id, addon)| *addon && id == a) {
            diags.push(plain(
                PathBuf::from("--addon"),
                format!("the add-on \"{a}\" is taken twice: take each add-on once"),
            ));
            continue;
        }
        out.push((a.clone(), true));
    }
    out
}

/// The variant or add-on `id`, checked against what the selection wants.
fn find_overlay<'k>(
    dir: &GameDir,
    known: &'k [VariantInfo],
    id: &str,
    want_addon: bool,
) -> Result<&'k VariantInfo, Diagnostic> {
    let rel = format!("variants/{id}.ron");
    // A file that exists but does not parse: report its own error.
    if dir.has_file(&rel) && !known.iter().any(|k| k.id == id) {
        return Err(match dir.read(&rel) {
            Ok(f) => match parse_variant(&f) {
                Err(d) => d,
                Ok(_) => plain(f.path.clone(), format!("\"{id}\" cannot be read")),
            },
            Err(d) => d,
        });
    }
    let Some(info) = known.iter().find(|k| k.id == id) else {
        let ids: Vec<&str> = known
            .iter()
            .filter(|k| k.addon == want_addon)
            .map(|k| k.id.as_str())
            .collect();
        let what = if want_addon { "add-on" } else { "variant" };
        let mut d = plain(
            dir.file_path("variants"),
            format!("unknown {what} \"{id}\""),
        );
        if let Some(n) = nearest(id, ids.iter().copied()) {
            d.hints.push(format!("did you mean \"{n}\"?"));
        }
        d.hints.push(format!("{what}s: {}", ids.join(", ")));
        return Err(d);
    };
    if info.addon != want_addon {
        let msg = if want_addon {
            format!("\"{id}\" is a variant, not an add-on: use --variant {id}")
        } else {
            format!("\"{id}\" is an add-on, not a variant: use --addon {id}")
        };
        return Err(plain(info.path.clone(), msg));
    }
    Ok(info)
}

/// What the overlays of a load have done so far.
struct Applied {
    origins: BTreeMap<String, Origin>,
    overrides: Vec<Override>,
    /// The base value of every key, as the base files give it.
    base: BTreeMap<String, String>,
}

impl Applied {
    /// Notes that `by` set `key` in `file` (at the key's place).
    fn note(
        &mut self,
        key: &Spanned<String>,
        by: &str,
        file: &SourceFile,
        value: String,
        origin: Origin,
    ) {
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
    let mut lang = None;
    // Variant files that parse (a broken one is reported when selected).
    let known = list_valid(&dir);
    for (id, want_addon) in overlays(sel, &mut diags) {
        let info = match find_overlay(&dir, &known, &id, want_addon) {
            Ok(info) => info,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        if !want_addon {
            lang = info.lang.clone();
        }
        match dir.read(&info.rel) {
            Ok(file) => {
                apply_overlay(&mut raw, &file, &id, &mut applied, &mut diags);
                files.push(file);
            }
            Err(d) => diags.push(d),
        }
    }
    if let Some(l) = sel.lang.as_deref().filter(|l| *l != "en") {
        apply_names(&dir, &known, sel, l, &mut raw, &mut files, &mut diags);
    }
    for s in &sel.sets {
        apply_set(&mut raw, s, &mut applied, &mut files, &mut diags);
    }
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

/// Applies the `set` list of a variant or add-on file.
fn apply_overlay(
    raw: &mut RawRules,
    file: &SourceFile,
    id: &str,
    applied: &mut Applied,
    diags: &mut Diagnostics,
) {
    let v = match parse_variant(file) {
        Ok(v) => v,
        Err(d) => {
            diags.push(d);
            return;
        }
    };
    for (key, value, cite) in &v.set {
        let origin = Origin::Overlay {
            id: id.to_string(),
            cite: cite.clone(),
        };
        match apply(raw, file, key, value.get_ron()) {
            Ok(new) => applied.note(key, id, file, new, origin),
            Err(d) => diags.push(d),
        }
    }
}

/// Names in another language: the variant's own rulebook's, if it is in
/// that language, else the first names file in it.
fn apply_names(
    dir: &GameDir,
    known: &[VariantInfo],
    sel: &Selection,
    l: &str,
    raw: &mut RawRules,
    files: &mut Vec<SourceFile>,
    diags: &mut Diagnostics,
) {
    let rulebook = known
        .iter()
        .find(|k| Some(&k.id) == sel.variant.as_ref())
        .map(|k| k.rulebook.clone());
    let names = list_names(dir);
    let pick = names
        .iter()
        .filter(|n| n.lang.as_deref() == Some(l))
        .min_by_key(|n| Some(&n.rulebook) != rulebook.as_ref());
    let Some(info) = pick else {
        let mut langs: Vec<&str> = names.iter().filter_map(|n| n.lang.as_deref()).collect();
        langs.push("en");
        langs.sort();
        langs.dedup();
        let mut d = plain(
            dir.file_path("names"),
            format!("no names in the language \"{l}\""),
        );
        d.hints.push(format!("languages: {}", langs.join(", ")));
        diags.push(d);
        return;
    };
    let file = match dir.read(&info.rel) {
        Ok(f) => f,
        Err(d) => {
            diags.push(d);
            return;
        }
    };
    match parse_variant(&file) {
        Err(d) => diags.push(d),
        Ok(v) => {
            for (key, value, _) in &v.set {
                if let Err(d) = apply(raw, &file, key, value.get_ron()) {
                    diags.push(d);
                }
            }
        }
    }
    files.push(file);
}

/// Applies one `--set key=value`.
fn apply_set(
    raw: &mut RawRules,
    s: &str,
    applied: &mut Applied,
    files: &mut Vec<SourceFile>,
    diags: &mut Diagnostics,
) {
    let Some((key, value)) = s.split_once('=') else {
        diags.push(plain(
            PathBuf::from("--set"),
            format!("\"{s}\" is not of the form key=value"),
        ));
        return;
    };
    // The value is a file of its own, so positions in it are reported.
    let file = SourceFile {
        path: PathBuf::from(format!("--set {key}")),
        text: value.to_string(),
    };
    let key = Spanned::detached(key.trim().to_string());
    match apply(raw, &file, &key, &file.text) {
        Ok(new) => applied.note(&key, "--set", &file, new, Origin::CommandLine),
        Err(d) => diags.push(d),
    }
    files.push(file);
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

fn plain(path: PathBuf, message: String) -> Diagnostic {
    Diagnostic {
        file: path,
        line: 1,
        col: 1,
        span: None,
        message,
        hints: vec![],
    }
}

/// Sets one key of `raw` to the RON text `value` (a slice of `file.text`);
/// returns the new value as RON text.
fn apply(
    raw: &mut RawRules,
    file: &SourceFile,
    key: &Spanned<String>,
    value: &str,
) -> Result<String, Diagnostic> {
    let mut fields = raw.fields();
    let Some((_, field)) = fields.iter_mut().find(|(k, _)| *k == key.value) else {
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        let mut d = match key.span_in(&file.text) {
            Some(span) => file.error_at(span, format!("unknown rule \"{}\"", key.value)),
            None => plain(file.path.clone(), format!("unknown rule \"{}\"", key.value)),
        };
        if let Some(n) = nearest(&key.value, keys.iter().copied()) {
            d.hints.push(format!("did you mean \"{n}\"?"));
        }
        d.hints
            .push("`ludus variants show` lists every rule and its value".into());
        return Err(d);
    };
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
            format!("wrong value for \"{}\": {message}", key.value),
        );
        d.hints.extend(hint);
        d.hints.push(format!("the base value is {old}"));
        d
    })
}

/// The rows of `ludus variants diff`: keys whose values differ.
pub fn diff(a: &Ruleset, b: &Ruleset) -> Vec<(String, String, String)> {
    a.settings
        .iter()
        .zip(&b.settings)
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| (x.0.clone(), x.1.clone(), y.1.clone()))
        .collect()
}

/// Keys both variants set (each citing its own rulebook) to the same value.
pub fn set_alike(a: &Ruleset, b: &Ruleset) -> Vec<(String, String)> {
    a.settings
        .iter()
        .zip(&b.settings)
        .filter(|(x, y)| {
            x.1 == y.1
                && matches!(x.2, Origin::Overlay { .. })
                && matches!(y.2, Origin::Overlay { .. })
        })
        .map(|(x, _)| (x.0.clone(), x.1.clone()))
        .collect()
}

/// A RON value on one line: effect texts lose their `Some("...")` wrapping
/// and line breaks.
pub fn one_line(v: &str) -> String {
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
