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
use std::path::{Path, PathBuf};

use ron::value::RawValue;
use serde::Deserialize;

use super::model::{Rules, read_raw, validate_raw};
use super::raw::RawRules;
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::{SourceFile, Spanned, nearest};

/// The variant a run uses when none is named.
pub const DEFAULT_VARIANT: &str = "fr-confiance";

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

/// What a run asks for: a variant, add-ons, and single settings.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// A variant id; `None` is the base rules alone.
    pub variant: Option<String>,
    pub addons: Vec<String>,
    /// `key=value` settings from the command line, applied last.
    pub sets: Vec<String>,
    /// The language of card and rule names (`en` is the base files').
    pub lang: Option<String>,
}

impl Selection {
    pub fn variant(id: &str) -> Selection {
        Selection {
            variant: Some(id.to_string()),
            ..Selection::default()
        }
    }
}

/// Where a rule's value comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Base,
    /// A variant or add-on file, with the passage it cites.
    Overlay {
        id: String,
        cite: String,
    },
    /// `--set` on the command line.
    CommandLine,
}

/// The rules of a selection, with every key's value and origin.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub rules: Rules,
    /// Key → (value as RON text, origin), in `RawRules::fields` order.
    pub settings: Vec<(String, String, Origin)>,
    /// The rulebook's language of the variant, if it says.
    pub lang: Option<String>,
}

/// One variant or add-on, for `ludus variants list`.
#[derive(Debug, Clone)]
pub struct VariantInfo {
    pub id: String,
    pub rulebook: String,
    pub description: String,
    pub addon: bool,
    pub lang: Option<String>,
    pub path: PathBuf,
}

/// The variant and add-on files of a game directory, sorted by id.
pub fn list(dir: &Path) -> Result<Vec<VariantInfo>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    for path in variant_paths(dir) {
        let file = match SourceFile::read(&path) {
            Ok(f) => f,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        match parse_variant(&file) {
            Ok(v) => out.push(VariantInfo {
                id: stem(&path),
                rulebook: v.rulebook,
                description: v.description,
                addon: v.addon,
                lang: v.lang,
                path: path.clone(),
            }),
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
fn list_valid(dir: &Path) -> Vec<VariantInfo> {
    list_valid_in(dir, "variants")
}

fn list_valid_in(dir: &Path, sub: &str) -> Vec<VariantInfo> {
    let mut out = Vec::new();
    for path in ron_files(dir, sub) {
        if let Ok(file) = SourceFile::read(&path)
            && let Ok(v) = parse_variant(&file)
        {
            out.push(VariantInfo {
                id: stem(&path),
                rulebook: v.rulebook,
                description: v.description,
                addon: v.addon,
                lang: v.lang,
                path: path.clone(),
            });
        }
    }
    out
}

/// The names files (`names/*.ron`, one per rulebook).
fn list_names(dir: &Path) -> Vec<VariantInfo> {
    list_valid_in(dir, "names")
}

fn variant_paths(dir: &Path) -> Vec<PathBuf> {
    ron_files(dir, "variants")
}

fn ron_files(dir: &Path, sub: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    paths
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn parse_variant(file: &SourceFile) -> Result<VariantFile<'_>, Diagnostic> {
    file.parse_borrowed::<VariantFile>()
}

/// Loads the base rules of `dir` with the selection's overlays.
pub fn load(dir: &Path, sel: &Selection) -> Result<Ruleset, Diagnostics> {
    let (mut raw, mut files) = read_raw(dir)?;
    let mut diags = Diagnostics::default();
    let mut origins: BTreeMap<String, Origin> = BTreeMap::new();
    let mut lang = None;
    // Variant files that parse (a broken one is reported when selected).
    let known = list_valid(dir);

    let mut overlays: Vec<(String, bool)> = Vec::new();
    if let Some(v) = &sel.variant {
        overlays.push((v.clone(), false));
    }
    overlays.extend(sel.addons.iter().map(|a| (a.clone(), true)));
    for (id, want_addon) in overlays {
        let path = dir.join("variants").join(format!("{id}.ron"));
        // A file that exists but does not parse: report its own error.
        if path.is_file() && !known.iter().any(|k| k.id == id) {
            match SourceFile::read(&path) {
                Ok(f) => {
                    if let Err(d) = parse_variant(&f) {
                        diags.push(d);
                    }
                }
                Err(d) => diags.push(d),
            }
            continue;
        }
        let Some(info) = known.iter().find(|k| k.id == id) else {
            let ids: Vec<&str> = known
                .iter()
                .filter(|k| k.addon == want_addon)
                .map(|k| k.id.as_str())
                .collect();
            let what = if want_addon { "add-on" } else { "variant" };
            let mut d = plain(dir.join("variants"), format!("unknown {what} \"{id}\""));
            if let Some(n) = nearest(&id, ids.iter().copied()) {
                d.hints.push(format!("did you mean \"{n}\"?"));
            }
            d.hints.push(format!("{what}s: {}", ids.join(", ")));
            diags.push(d);
            continue;
        };
        if info.addon != want_addon {
            let msg = if want_addon {
                format!("\"{id}\" is a variant, not an add-on: use --variant {id}")
            } else {
                format!("\"{id}\" is an add-on, not a variant: use --addon {id}")
            };
            diags.push(plain(info.path.clone(), msg));
            continue;
        }
        if !want_addon {
            lang = info.lang.clone();
        }
        let file = match SourceFile::read(&info.path) {
            Ok(f) => f,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        {
            let v = match parse_variant(&file) {
                Ok(v) => v,
                Err(d) => {
                    diags.push(d);
                    continue;
                }
            };
            for (key, value, cite) in &v.set {
                let origin = Origin::Overlay {
                    id: id.clone(),
                    cite: cite.clone(),
                };
                if let Err(d) = apply(&mut raw, &file, key, value.get_ron()) {
                    diags.push(d);
                } else {
                    origins.insert(key.value.clone(), origin);
                }
            }
        }
        files.push(file);
    }
    // Names in another language: the variant's own rulebook's, if it is in
    // that language, else the first names file in it.
    if let Some(l) = sel.lang.as_deref().filter(|l| *l != "en") {
        let rulebook = known
            .iter()
            .find(|k| Some(&k.id) == sel.variant.as_ref())
            .map(|k| k.rulebook.clone());
        let names = list_names(dir);
        let pick = names
            .iter()
            .filter(|n| n.lang.as_deref() == Some(l))
            .min_by_key(|n| Some(&n.rulebook) != rulebook.as_ref());
        match pick {
            None => {
                let mut langs: Vec<&str> = names.iter().filter_map(|n| n.lang.as_deref()).collect();
                langs.push("en");
                langs.sort();
                langs.dedup();
                let mut d = plain(
                    dir.join("names"),
                    format!("no names in the language \"{l}\""),
                );
                d.hints.push(format!("languages: {}", langs.join(", ")));
                diags.push(d);
            }
            Some(info) => match SourceFile::read(&info.path) {
                Err(d) => diags.push(d),
                Ok(file) => {
                    match parse_variant(&file) {
                        Err(d) => diags.push(d),
                        Ok(v) => {
                            for (key, value, _) in &v.set {
                                if let Err(d) = apply(&mut raw, &file, key, value.get_ron()) {
                                    diags.push(d);
                                }
                            }
                        }
                    }
                    files.push(file);
                }
            },
        }
    }
    for (i, s) in sel.sets.iter().enumerate() {
        let Some((key, value)) = s.split_once('=') else {
            diags.push(plain(
                PathBuf::from("--set"),
                format!("\"{s}\" is not of the form key=value"),
            ));
            continue;
        };
        // The value is a file of its own, so positions in it are reported.
        let file = SourceFile {
            path: PathBuf::from(format!("--set {key}")),
            text: value.to_string(),
        };
        let key = Spanned::detached(key.trim().to_string());
        if let Err(d) = apply(&mut raw, &file, &key, &file.text) {
            diags.push(d);
        } else {
            origins.insert(key.value.clone(), Origin::CommandLine);
        }
        let _ = i;
        files.push(file);
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let settings = raw
        .fields()
        .into_iter()
        .map(|(k, f)| {
            let o = origins.get(&k).cloned().unwrap_or(Origin::Base);
            (k, f.get(), o)
        })
        .collect();
    let rules = validate_raw(raw, files)?;
    Ok(Ruleset {
        rules,
        settings,
        lang,
    })
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

/// Sets one key of `raw` to the RON text `value` (a slice of `file.text`).
fn apply(
    raw: &mut RawRules,
    file: &SourceFile,
    key: &Spanned<String>,
    value: &str,
) -> Result<(), Diagnostic> {
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
    field.set(value).map_err(|e| {
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
