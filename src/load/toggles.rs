//! A game's named toggles (`toggles.ron`): every point where its rulebook
//! can be read two ways, or says nothing, as a key with its readings, the
//! default, the passage and why. The file holds each toggle's value; an
//! overlay (a variant, an add-on, `--set`) changes it by
//! `toggles.<key>`. The game module says which toggles it plays and with
//! which readings, in its own order; this module checks the file against
//! that list and gives each toggle's reading as its index.

use serde::Deserialize;
use serde::de::Deserializer;

/// Declares the toggles a game module plays, in one list: an enum with one
/// variant a toggle, in order (its index is the toggle's row), and a table
/// of each toggle's key and readings, in the order the module numbers them
/// (`read`'s `known`).
///
/// ```ignore
/// crate::toggles! {
///     /// A toggle by its row of [`TOGGLES`].
///     pub enum T, pub const TOGGLES {
///         Below = "column.below" ["Farther", "Nearer"],
///     }
/// }
/// ```
#[macro_export]
macro_rules! toggles {
    (
        $(#[$meta:meta])* $vis:vis enum $t:ident, $tvis:vis const $table:ident {
            $($variant:ident = $key:literal [$($reading:literal),+ $(,)?]),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[repr(u8)]
        $vis enum $t {
            $($variant),+
        }

        $tvis const $table: &[(&str, &[&str])] = &[$(($key, &[$($reading),+])),+];
    };
}

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
/// `ludus check`'s reader): read only to be required.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Toggle {
    pub key: Spanned<String>,
    pub default: Spanned<Word>,
    pub readings: Vec<Spanned<Word>>,
    pub passage: String,
    pub why: String,
}

/// A word as written (`Farther`, `true`, `12`): a toggle's reading, read
/// as its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word(pub String);

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw: &ron::value::RawValue = <&ron::value::RawValue>::deserialize(d)?;
        Ok(Word(super::overlay::one_line(raw.get_ron())))
    }
}

/// The toggles a module plays: each key with its readings, first the
/// default a rulebook's plain reading gives.
pub type Known = [(&'static str, &'static [&'static str])];

/// Each toggle of `known`, in its order, as the index of its reading: the
/// file's default, or the overlays' `toggles.<key>`. Every problem is a
/// diagnostic at its place: a toggle the module does not play, readings
/// other than the module's, an unknown reading, a toggle the file leaves
/// out. `None` if any.
pub fn read(
    f: &SourceFile,
    known: &Known,
    o: &Overlays,
    diags: &mut Diagnostics,
) -> Option<Vec<u8>> {
    let file: TogglesFile = super::parse_into(f, diags)?;
    let mut out = vec![u8::MAX; known.len()];
    for tg in &file.toggles {
        let Some(i) = known.iter().position(|(k, _)| *k == tg.key.value) else {
            let keys: Vec<&str> = known.iter().map(|t| t.0).collect();
            let d = f.error(&tg.key, format!("unknown toggle \"{}\"", tg.key.value));
            diags.push(d.with_hint(format!(
                "the toggles this module plays: {}",
                keys.join(", ")
            )));
            continue;
        };
        let (key, readings) = known[i];
        let written: Vec<&str> = tg.readings.iter().map(|w| w.value.0.as_str()).collect();
        if written != readings {
            let m = format!("the readings of \"{key}\" are {}", readings.join(", "));
            diags.push(f.error(&tg.key, m));
        }
        out[i] = reading(known[i], &tg.default.value.0).unwrap_or_else(|m| {
            diags.push(f.error(&tg.default, m));
            0
        });
        if let Some(s) = o.get(&format!("toggles.{key}")) {
            out[i] = reading(known[i], &o.text(s)).unwrap_or_else(|m| {
                diags.push(o.error(s, m));
                0
            });
        }
    }
    for (i, r) in out.iter().enumerate() {
        if *r == u8::MAX {
            let m = format!("toggles.ron does not give the toggle \"{}\"", known[i].0);
            diags.push(f.error_at(0..0, m));
        }
    }
    out.iter().all(|&r| r != u8::MAX).then_some(out)
}

/// The `toggles.<key>` an overlay may set.
pub fn keys(known: &Known) -> impl Iterator<Item = String> + '_ {
    known.iter().map(|(k, _)| format!("toggles.{k}"))
}

/// Every toggle as `toggles.<key> = reading`.
pub fn settings(known: &Known, values: &[u8]) -> Vec<(String, String)> {
    let rows = known.iter().zip(values);
    rows.map(|((k, r), &v)| (format!("toggles.{k}"), r[v as usize].into()))
        .collect()
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
