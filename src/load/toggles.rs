//! A game's named toggles (`toggles.ron`): every point where its rulebook
//! can be read two ways, or says nothing, as a key with its readings, the
//! default, the passage and why. The file holds each toggle's value; an
//! overlay (a variant, an add-on, `--set`) changes it by
//! `toggles.<key>`. Each reading but the first gives the meanings it sets
//! (`means`: names the game reads, a description's flags); a toggle of
//! one reading names a point the data settles one way only.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::Deserializer;

use super::overlay::Overlays;
use super::{SourceFile, Spanned};
use crate::diag::Diagnostics;

/// toggles.ron as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TogglesFile {
    pub toggles: Vec<Toggle>,
}

/// One toggle as written; `passage` and `why` are for the designer (and
/// `ludus check`'s reader): read only to be required. `means` gives, for
/// each reading but the first, the meanings it sets (names the game
/// reads).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Toggle {
    pub key: Spanned<String>,
    pub default: Spanned<Word>,
    pub readings: Vec<Spanned<Word>>,
    #[serde(default)]
    pub means: BTreeMap<Word, Vec<Spanned<Word>>>,
    pub passage: String,
    pub why: String,
}

/// A word as written (`Farther`, `true`, `12`): a toggle's reading, read
/// as its text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Word(pub String);

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw: &ron::value::RawValue = <&ron::value::RawValue>::deserialize(d)?;
        Ok(Word(super::overlay::one_line(raw.get_ron())))
    }
}

/// The toggles of a file, each at its reading in force.
#[derive(Debug, Clone, Default)]
pub struct Toggles {
    /// Every toggle of the file, in its order: `toggles.<key>` and its
    /// reading.
    pub settings: Vec<(String, String)>,
    /// The meanings the readings in force set (`Toggle::means`).
    pub meanings: Vec<String>,
    /// Every toggle of the file, in its order: `toggles.<key>` and the
    /// rulebook's passage it reads (what `rules` quotes at the terminal).
    pub passages: Vec<(String, String)>,
}

/// Reads the toggles file `f` with the overlays' `toggles.<key>`: each
/// toggle by the `meanings` (of those a game gives) its `means` sets.
/// Every problem is a diagnostic at its place: a toggle of several
/// readings without `means`, a reading but the first without a meaning or
/// a meaning for no such reading (the first, the default, means nothing),
/// an unknown meaning or one given twice, an unknown reading.
pub fn read(
    f: &SourceFile,
    meanings: &[&str],
    o: &Overlays,
    diags: &mut Diagnostics,
) -> Option<Toggles> {
    let file: TogglesFile = super::parse_into(f, diags)?;
    let mut out = Toggles::default();
    let mut meant: Vec<(&str, &str)> = Vec::new();
    for tg in &file.toggles {
        let key = tg.key.value.as_str();
        let readings: Vec<&str> = tg.readings.iter().map(|w| w.value.0.as_str()).collect();
        let err = |diags: &mut Diagnostics, m: String| diags.push(f.error(&tg.key, m));
        // A toggle of one reading means nothing: it names a point the data
        // settles one way only.
        if tg.means.is_empty() && readings.len() != 1 {
            let d = f.error(&tg.key, format!("unknown toggle \"{key}\""));
            diags.push(d.with_hint(
                "a toggle gives each reading but its first a meaning (`means`)".to_string(),
            ));
            continue;
        }
        let after_first = readings.get(1..).unwrap_or_default();
        for r in after_first
            .iter()
            .filter(|r| !tg.means.contains_key(&Word(r.to_string())))
        {
            err(
                diags,
                format!("the reading {r} of \"{key}\" has no meaning (`means`)"),
            );
        }
        for (w, names) in &tg.means {
            if !after_first.contains(&w.0.as_str()) {
                let m = format!(
                    "the readings of \"{key}\" are {}: {} is not one after the first",
                    readings.join(", "),
                    w.0
                );
                err(diags, m);
            }
            for n in names {
                if let Some((k, _)) = meant.iter().find(|(k, m)| *m == n.0 && *k != key) {
                    let m = format!("\"{}\" is already a meaning of \"{k}\"", n.0);
                    diags.push(f.error(n, m));
                } else if !meanings.contains(&n.0.as_str()) {
                    let d = f.error(n, format!("unknown meaning \"{}\"", n.0));
                    diags.push(d.with_hint(format!("the meanings: {}", meanings.join(", "))));
                }
                meant.push((key, &n.0));
            }
        }
        let row = (key, &readings[..]);
        let mut value = reading(row, &tg.default.value.0).unwrap_or_else(|m| {
            diags.push(f.error(&tg.default, m));
            0
        });
        if let Some(s) = o.get(&format!("toggles.{key}")) {
            value = reading(row, &o.text(s)).unwrap_or_else(|m| {
                diags.push(o.error(s, m));
                0
            });
        }
        let Some(&r) = readings.get(value as usize) else {
            continue;
        };
        out.settings.push((format!("toggles.{key}"), r.to_string()));
        out.passages
            .push((format!("toggles.{key}"), tg.passage.clone()));
        let names = tg.means.get(&Word(r.to_string())).into_iter().flatten();
        let known = names.filter(|n| meanings.contains(&n.0.as_str()));
        out.meanings.extend(known.map(|n| n.0.clone()));
    }
    Some(out)
}

fn reading((key, readings): (&str, &[&str]), v: &str) -> Result<u8, String> {
    match readings.iter().position(|r| *r == v) {
        Some(r) => Ok(r as u8),
        None => Err(format!(
            "unknown reading \"{v}\" of the toggle \"{key}\"; its readings: {}",
            readings.join(", ")
        )),
    }
}
