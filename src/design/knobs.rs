//! The rules a designer may turn, for `ludus sweep`: each toggle with its
//! readings and each number with its range, by the keys of `ludus
//! variants show`. A game says what it knows ([`Designer::knobs`]); the
//! default reads it off the rules in force: `true`/`false` is a toggle of
//! two readings, a number is a number (its range unknown beyond its
//! sign), a `toggles.<key>` of the game's `toggles.ron` has the readings
//! that file lists. Nothing here names a game.
//!
//! [`Designer::knobs`]: super::Designer::knobs

use serde::de::{self, Deserializer, Visitor};

use crate::load::GameDir;
use crate::load::toggles::TogglesFile;

/// One rule a sweep may turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Knob {
    /// The key, as `ludus variants show` prints it.
    pub key: String,
    /// The value in force in the base rule set, as written.
    pub base: String,
    pub kind: KnobKind,
}

/// What values a rule takes.
#[derive(Debug, Clone, PartialEq)]
pub enum KnobKind {
    /// One of a few words (`true`/`false`, an enum's variants).
    Toggle(Vec<String>),
    /// A number within `min..=max` (either end open when `None`), in
    /// steps of `step` (1 for whole numbers).
    Number {
        min: Option<f64>,
        max: Option<f64>,
        step: f64,
    },
}

impl Knob {
    /// The values a sweep plays by default, the base's left out: every
    /// other reading of a toggle, the neighbours of a number within its
    /// range.
    pub fn default_values(&self) -> Vec<String> {
        match &self.kind {
            KnobKind::Toggle(r) => r.iter().filter(|r| **r != self.base).cloned().collect(),
            KnobKind::Number { min, max, step } => {
                let Ok(v) = self.base.parse::<f64>() else {
                    return vec![];
                };
                [v - step, v + step]
                    .into_iter()
                    .filter(|x| min.is_none_or(|m| *x >= m) && max.is_none_or(|m| *x <= m))
                    .map(number_text)
                    .collect()
            }
        }
    }
}

/// A number as the rule files write it: whole numbers without a point.
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The knobs read off `settings` (`key`, value as RON text): booleans,
/// numbers, and the toggles of `toggles` (key without `toggles.`,
/// readings). Names (keys ending in `.name`) and the number of players
/// are left out: neither is a rule a sweep compares on the same seats.
pub fn infer(settings: &[(String, String)], toggles: &[(String, Vec<String>)]) -> Vec<Knob> {
    settings
        .iter()
        .filter(|(k, _)| !k.ends_with(".name") && k != "players")
        .filter_map(|(key, value)| {
            let kind = infer_kind(key, value, toggles)?;
            Some(Knob {
                key: key.clone(),
                base: value.clone(),
                kind,
            })
        })
        .collect()
}

fn infer_kind(key: &str, value: &str, toggles: &[(String, Vec<String>)]) -> Option<KnobKind> {
    if let Some(t) = key.strip_prefix("toggles.")
        && let Some((_, readings)) = toggles.iter().find(|(k, _)| k == t)
    {
        return Some(KnobKind::Toggle(readings.clone()));
    }
    if value == "true" || value == "false" {
        return Some(KnobKind::Toggle(vec!["false".into(), "true".into()]));
    }
    let x: f64 = value.parse().ok()?;
    let step = if x.fract() == 0.0 { 1.0 } else { 0.5 };
    Some(KnobKind::Number {
        min: (x >= 0.0).then_some(0.0),
        max: None,
        step,
    })
}

/// The toggles of a game's `toggles.ron`, if it has one: each key with
/// its readings. A file that does not read gives none (`ludus check`
/// reports it).
pub fn toggles_file(dir: &GameDir) -> Vec<(String, Vec<String>)> {
    if !dir.has_file("toggles.ron") {
        return vec![];
    }
    let Ok(parsed) = dir.parse::<TogglesFile>("toggles.ron") else {
        return vec![];
    };
    parsed
        .raw
        .toggles
        .iter()
        .map(|t| {
            let readings = t.readings.iter().map(|r| r.value.0.clone()).collect();
            (t.key.value.clone(), readings)
        })
        .collect()
}

/// The words a value of type `T` may be written as when it is a boolean
/// or an enum (its variants' names), read from its `Deserialize` without
/// a value: `None` for any other type.
pub fn readings_of<'de, T: serde::Deserialize<'de>>() -> Option<Vec<String>> {
    match T::deserialize(Probe) {
        Err(Found(r)) => r,
        Ok(_) => None,
    }
}

/// A deserializer that reads nothing and reports what it was asked for.
struct Probe;

/// What [`Probe`] found: the readings of a boolean or an enum, or none.
#[derive(Debug)]
struct Found(Option<Vec<String>>);

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "probed")
    }
}

impl std::error::Error for Found {}

impl de::Error for Found {
    fn custom<M: std::fmt::Display>(_: M) -> Found {
        Found(None)
    }
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Found;
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
        Err(Found(None))
    }
    fn deserialize_bool<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
        Err(Found(Some(vec!["false".into(), "true".into()])))
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Found> {
        Err(Found(Some(
            variants.iter().map(|v| v.to_string()).collect(),
        )))
    }
    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    enum Timing {
        AnyTime,
        BeforeRefill,
    }

    #[test]
    fn readings_of_enums_and_booleans() {
        assert_eq!(
            readings_of::<Timing>(),
            Some(vec!["AnyTime".to_string(), "BeforeRefill".to_string()])
        );
        assert_eq!(readings_of::<bool>().map(|r| r.len()), Some(2));
        assert_eq!(readings_of::<u32>(), None);
        assert_eq!(readings_of::<String>(), None);
    }

    #[test]
    fn inferred_knobs_and_their_neighbours() {
        let settings = [
            ("players".to_string(), "4".to_string()),
            ("a.flag".to_string(), "true".to_string()),
            ("a.count".to_string(), "0".to_string()),
            ("card.x.value".to_string(), "9.5".to_string()),
            ("card.x.name".to_string(), "\"X\"".to_string()),
            ("toggles.t".to_string(), "B".to_string()),
        ];
        let toggles = [("t".to_string(), vec!["A".to_string(), "B".to_string()])];
        let k = infer(&settings, &toggles);
        let keys: Vec<&str> = k.iter().map(|k| k.key.as_str()).collect();
        assert_eq!(keys, ["a.flag", "a.count", "card.x.value", "toggles.t"]);
        assert_eq!(k[0].default_values(), ["false"]);
        assert_eq!(k[1].default_values(), ["1"]);
        assert_eq!(k[2].default_values(), ["9", "10"]);
        assert_eq!(k[3].default_values(), ["A"]);
    }
}
