//! Overlays on a game's base rule files: what a [`Selection`] adds to them.
//!
//! A variant file (`variants/<id>.ron`) states only what differs from the
//! base files, one rule a line, each with the rulebook passage it follows:
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
//! An add-on is a variant file with `addon: true`, taken on top of any
//! variant; a names file (`names/<id>.ron`, same form, with a `lang`) gives
//! the names of one rulebook's language, read for `--lang`; `--set
//! key=value` comes last. [`Overlays::read`] finds and reads them in that
//! order and gives every rule they set with the place its value is written
//! (a later one wins); what a key means, and whether it names a rule, is
//! the game's. [`Selection`], what a run asks for, is defined here and
//! taken by the engine's `Game::load`. **Invariant: nothing here names a
//! game or a rule.**

use std::ops::Range;
use std::path::PathBuf;

use ron::value::RawValue;
use serde::Deserialize;

use super::{GameDir, SourceFile, Spanned, nearest};
use crate::diag::{Diagnostic, Diagnostics};

/// The name of the base rules as a variant: `--variant base` is no
/// overlay at all.
pub const BASE_VARIANT: &str = "base";

/// What a run asks of a rules directory: a variant, add-ons, single
/// settings and a language. Every game reads it the same way: overlays
/// on the base files, applied in this order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// A variant id; `None` (or the game's base variant) is the base rules
    /// alone.
    pub variant: Option<String>,
    pub addons: Vec<String>,
    /// `key=value` settings from the command line, applied last.
    pub sets: Vec<String>,
    /// The language of card and rule names (`en` is the base files').
    pub lang: Option<String>,
    /// The number of seats asked for (`--players`); `None` is the game's
    /// default. A game refuses a number its rules do not provide for.
    pub players: Option<usize>,
}

impl Selection {
    pub fn variant(id: &str) -> Selection {
        Selection {
            variant: Some(id.to_string()),
            ..Selection::default()
        }
    }
}

/// A variant, add-on or names file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverlayFile<'a> {
    /// The rulebook it follows ("000"), or "-" for an add-on of no rulebook.
    pub rulebook: String,
    /// One line for `ludus variants list`.
    pub description: String,
    /// An add-on is taken on top of a variant.
    #[serde(default)]
    pub addon: bool,
    /// The rulebook's language, for `--lang`.
    #[serde(default)]
    pub lang: Option<String>,
    /// `(key, value, cited passage)`.
    #[serde(borrow)]
    pub set: Vec<(Spanned<String>, &'a RawValue, String)>,
}

/// Parses a variant, add-on or names file.
pub fn parse(file: &SourceFile) -> Result<OverlayFile<'_>, Diagnostic> {
    file.parse_borrowed::<OverlayFile>()
}

/// The head of one variant, add-on or names file.
#[derive(Debug, Clone)]
pub struct OverlayInfo {
    pub id: String,
    pub rulebook: String,
    pub description: String,
    pub addon: bool,
    pub lang: Option<String>,
    /// The file as reported.
    pub path: PathBuf,
    /// The file relative to the game directory (`variants/x.ron`).
    pub rel: String,
}

/// The variant and add-on files of a game directory, sorted by id; every
/// file that does not parse is an error.
pub fn list(dir: &GameDir) -> Result<Vec<OverlayInfo>, Diagnostics> {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    for rel in dir.ron_files("variants")? {
        match read_info(dir, &rel) {
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

/// The files of `sub` (`variants`, `names`) that parse; a folder that
/// cannot be read is an error.
fn list_valid(dir: &GameDir, sub: &str) -> Result<Vec<OverlayInfo>, Diagnostic> {
    Ok(dir
        .ron_files(sub)?
        .iter()
        .filter_map(|rel| read_info(dir, rel).ok())
        .collect())
}

/// The files of `sub`, each read: the first that does not parse is an
/// error (a names file is never skipped: its edits take effect or are
/// reported).
fn list_checked(dir: &GameDir, sub: &str) -> Result<Vec<OverlayInfo>, Diagnostic> {
    dir.ron_files(sub)?
        .iter()
        .map(|rel| read_info(dir, rel))
        .collect()
}

/// Reads the head of a variant or names file.
fn read_info(dir: &GameDir, rel: &str) -> Result<OverlayInfo, Diagnostic> {
    let file = dir.read(rel)?;
    let v = parse(&file)?;
    Ok(OverlayInfo {
        id: stem(rel),
        rulebook: v.rulebook,
        description: v.description,
        addon: v.addon,
        lang: v.lang,
        path: file.path.clone(),
        rel: rel.to_string(),
    })
}

fn stem(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.strip_suffix(".ron").unwrap_or(name).to_string()
}

/// The languages of the names files of `dir`, each once, sorted; a names
/// file that does not parse is an error.
pub fn name_languages(dir: &GameDir) -> Result<Vec<String>, Diagnostic> {
    let mut langs: Vec<String> = list_checked(dir, "names")?
        .into_iter()
        .filter_map(|n| n.lang)
        .collect();
    langs.sort();
    langs.dedup();
    Ok(langs)
}

/// Who set a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A variant or add-on, by its id.
    Overlay(String),
    /// The names file of `--lang`.
    Names,
    /// `--set`.
    CommandLine,
}

/// One rule an overlay sets.
#[derive(Debug, Clone)]
pub struct Setting {
    /// The key as written (detached for `--set`, whose file is its value).
    pub key: Spanned<String>,
    /// The passage the overlay cites (empty for `--set`).
    pub cite: String,
    pub source: Source,
    /// The file it is written in (an index of [`Overlays::files`]).
    file: usize,
    /// The value's RON text in that file, as written.
    value: Range<usize>,
}

/// The overlays of a selection, read: the variant's, the add-ons' and the
/// names file's rules, then `--set`'s, in that order (a later one wins),
/// and the problems met on the way at their place in that order.
#[derive(Debug, Default)]
pub struct Overlays {
    /// The files read: overlay files, then one per `--set` (named
    /// `--set <key>`, its text the value).
    pub files: Vec<SourceFile>,
    /// Every rule set, or a problem met, in order.
    pub entries: Vec<Result<Setting, Diagnostic>>,
    /// The rulebook's language of the variant, if it says.
    pub lang: Option<String>,
}

impl Overlays {
    /// Finds and reads the overlays `sel` asks for in `dir`. `base_rulebook`
    /// is the rulebook of the base files (the names of the variant's own
    /// rulebook, else of the base's, are preferred); `plain_languages` are
    /// the languages played with the base files' names, for which no names
    /// file is needed.
    pub fn read(
        dir: &GameDir,
        sel: &Selection,
        base_rulebook: &str,
        plain_languages: &[&str],
    ) -> Overlays {
        let mut o = Overlays::default();
        // Variant files that parse (a broken one is reported when
        // selected); a folder that cannot be read, when one is selected.
        let listed = list_valid(dir, "variants");
        let known = listed.as_deref().unwrap_or_default();
        let mut rulebook = base_rulebook.to_string();
        for (id, want_addon) in o.wanted(sel) {
            if let Err(d) = &listed {
                o.entries.push(Err(d.clone()));
                break;
            }
            let info = match find(dir, known, &id, want_addon) {
                Ok(info) => info,
                Err(d) => {
                    o.entries.push(Err(d));
                    continue;
                }
            };
            if !want_addon {
                o.lang = info.lang.clone();
                rulebook = info.rulebook.clone();
            }
            match dir.read(&info.rel) {
                Ok(file) => o.add_file(file, Source::Overlay(id)),
                Err(d) => o.entries.push(Err(d)),
            }
        }
        if let Some(l) = sel.lang.as_deref().filter(|l| *l != "en") {
            match names_file(dir, l, &rulebook, plain_languages) {
                Ok(Some(file)) => o.add_file(file, Source::Names),
                Ok(None) => {}
                Err(d) => o.entries.push(Err(d)),
            }
        }
        for s in &sel.sets {
            o.add_set(s);
        }
        o
    }

    /// The overlays a selection asks for, in order: (id, is an add-on). The
    /// base variant is no overlay; an add-on taken twice is an error.
    fn wanted(&mut self, sel: &Selection) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = Vec::new();
        if let Some(v) = sel.variant.as_ref().filter(|v| *v != BASE_VARIANT) {
            out.push((v.clone(), false));
        }
        for a in &sel.addons {
            if out.iter().any(|(id, addon)| *addon && id == a) {
                self.entries.push(Err(plain(
                    PathBuf::from("--addon"),
                    format!("the add-on \"{a}\" is taken twice: take each add-on once"),
                )));
                continue;
            }
            out.push((a.clone(), true));
        }
        out
    }

    /// Adds the `set` list of an overlay file.
    fn add_file(&mut self, file: SourceFile, source: Source) {
        let i = self.files.len();
        match parse(&file) {
            Err(d) => self.entries.push(Err(d)),
            Ok(v) => {
                for (key, value, cite) in v.set {
                    let raw = value.get_ron();
                    let start = raw.as_ptr() as usize - file.text.as_ptr() as usize;
                    self.entries.push(Ok(Setting {
                        key,
                        cite,
                        source: source.clone(),
                        file: i,
                        value: start..start + raw.len(),
                    }));
                }
            }
        }
        self.files.push(file);
    }

    /// Adds one `--set key=value`: the value is a file of its own, so
    /// positions in it are reported.
    fn add_set(&mut self, s: &str) {
        let Some((key, value)) = s.split_once('=') else {
            self.entries.push(Err(plain(
                PathBuf::from("--set"),
                format!("\"{s}\" is not of the form key=value"),
            )));
            return;
        };
        self.entries.push(Ok(Setting {
            key: Spanned::detached(key.trim().to_string()),
            cite: String::new(),
            source: Source::CommandLine,
            file: self.files.len(),
            value: 0..value.len(),
        }));
        self.files.push(SourceFile {
            path: PathBuf::from(format!("--set {key}")),
            text: value.to_string(),
        });
    }

    /// Every rule set, in order.
    pub fn settings(&self) -> impl Iterator<Item = &Setting> {
        self.entries.iter().filter_map(|e| e.as_ref().ok())
    }

    /// The problems met, in order.
    pub fn problems(&self) -> Diagnostics {
        let mut diags = Diagnostics::default();
        for d in self.entries.iter().filter_map(|e| e.as_ref().err()) {
            diags.push(d.clone());
        }
        diags
    }

    /// The last setting of `key` (the one that wins).
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.settings().filter(|s| s.key.value == key).last()
    }

    /// The file a setting is written in.
    pub fn file(&self, s: &Setting) -> &SourceFile {
        &self.files[s.file]
    }

    /// A setting's value as written: RON text, a slice of its file's text.
    pub fn value(&self, s: &Setting) -> &str {
        &self.file(s).text[s.value.clone()]
    }

    /// A setting's value on one line, without comments (`12`, `"Roi"`,
    /// `OutOfGame`).
    pub fn text(&self, s: &Setting) -> String {
        one_line(self.value(s))
    }

    /// A problem with a setting's value, at the value.
    pub fn error(&self, s: &Setting, message: impl Into<String>) -> Diagnostic {
        let file = self.file(s);
        let span = file.span_of(self.value(s));
        let end = span.start + file.text[span.clone()].trim_end().len();
        file.error_at(span.start..end, message)
    }

    /// The name set by `key`, if any: in double quotes (`--set` may leave
    /// them out), not blank; else an error at the value.
    pub fn name(&self, key: &str) -> Option<Result<String, Diagnostic>> {
        let s = self.get(key)?;
        let v = self.text(s);
        Some(match ron::from_str::<String>(&v) {
            Ok(n) if !n.trim().is_empty() => Ok(n),
            Err(_) if s.source == Source::CommandLine && !v.is_empty() => Ok(v),
            _ => Err(self.error(s, format!("{key}: a name in double quotes, not {v}"))),
        })
    }

    /// Every setting whose key is none of `keys`: an error at the key
    /// ([`Overlays::unknown_key`]) with `hint`, what the keys are.
    pub fn unknown_keys(&self, keys: &[String], hint: &str) -> Diagnostics {
        let unknown = self.settings().filter(|s| !keys.contains(&s.key.value));
        let keys = || keys.iter().map(String::as_str);
        Diagnostics(
            unknown
                .map(|s| self.unknown_key(s, keys()).with_hint(hint))
                .collect(),
        )
    }

    /// A setting whose key names no rule: an error at the key, with the
    /// nearest of `keys`.
    pub fn unknown_key<'k>(
        &self,
        s: &Setting,
        keys: impl IntoIterator<Item = &'k str>,
    ) -> Diagnostic {
        let file = self.file(s);
        let message = format!("unknown rule \"{}\"", s.key.value);
        let mut d = match s.key.span_in(&file.text) {
            Some(span) => file.error_at(span, message),
            None => plain(file.path.clone(), message),
        };
        if let Some(n) = nearest(&s.key.value, keys) {
            d.hints.push(format!("did you mean \"{n}\"?"));
        }
        d
    }
}

/// The variant or add-on `id`, checked against what the selection wants.
fn find<'k>(
    dir: &GameDir,
    known: &'k [OverlayInfo],
    id: &str,
    want_addon: bool,
) -> Result<&'k OverlayInfo, Diagnostic> {
    let rel = format!("variants/{id}.ron");
    // A file that exists but does not parse: report its own error.
    if dir.has_file(&rel) && !known.iter().any(|k| k.id == id) {
        return Err(match dir.read(&rel) {
            Ok(f) => match parse(&f) {
                Err(d) => d,
                Ok(_) => plain(f.path.clone(), format!("\"{id}\" cannot be read")),
            },
            Err(d) => d,
        });
    }
    let is_base = id == BASE_VARIANT;
    let info = known.iter().find(|k| k.id == id);
    if let Some(addon) = info.map(|i| i.addon).or(is_base.then_some(false))
        && addon != want_addon
    {
        let msg = if want_addon {
            format!("\"{id}\" is a variant, not an add-on: use --variant {id}")
        } else {
            format!("\"{id}\" is an add-on, not a variant: use --addon {id}")
        };
        return Err(plain(
            info.map_or_else(|| dir.path(), |i| i.path.clone()),
            msg,
        ));
    }
    info.ok_or_else(|| unknown_overlay(dir, known, id, want_addon))
}

/// An unknown variant or add-on, with the nearest id and the list.
fn unknown_overlay(dir: &GameDir, known: &[OverlayInfo], id: &str, want_addon: bool) -> Diagnostic {
    let base = (!want_addon).then_some(BASE_VARIANT);
    let files = known.iter().filter(|k| k.addon == want_addon);
    let ids: Vec<&str> = base
        .into_iter()
        .chain(files.map(|k| k.id.as_str()))
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
    d
}

/// The names file of the language `l`: of the rulebook `rulebook` if there
/// is one in `l`, else the first in `l`; none for a language of
/// `plain_languages` no names file has; an error for another language.
fn names_file(
    dir: &GameDir,
    l: &str,
    rulebook: &str,
    plain_languages: &[&str],
) -> Result<Option<SourceFile>, Diagnostic> {
    let names = list_checked(dir, "names")?;
    let pick = names
        .iter()
        .filter(|n| n.lang.as_deref() == Some(l))
        .min_by_key(|n| n.rulebook != rulebook);
    match pick {
        Some(info) => dir.read(&info.rel).map(Some),
        None if plain_languages.contains(&l) => Ok(None),
        None => {
            let mut langs: Vec<&str> = names.iter().filter_map(|n| n.lang.as_deref()).collect();
            langs.extend(plain_languages.iter().copied().chain(["en"]));
            langs.sort();
            langs.dedup();
            let mut d = plain(
                dir.file_path("names"),
                format!("no names in the language \"{l}\""),
            );
            d.hints.push(format!("languages: {}", langs.join(", ")));
            Err(d)
        }
    }
}

/// RON text on one line, without `//` comments and the white space around.
pub fn one_line(ron: &str) -> String {
    let lines: Vec<&str> = ron
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    lines.join(" ").trim().to_string()
}

/// A diagnostic about a whole file, folder or argument (no line, no
/// column).
fn plain(path: PathBuf, message: String) -> Diagnostic {
    Diagnostic::whole(path, message)
}
