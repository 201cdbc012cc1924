//! Counts declared by a game's data rather than its code (the measures of
//! a described game): the same [`Tally`] counts as a module's consts, so
//! that `report::tally` shows them by the same code. Their declaration
//! ([`Declared`]) travels in the run's `Meta` (a report read back from
//! JSON still knows their labels and charts); it is interned once per
//! distinct declaration as `&'static` tallies ([`Tallies`]); one game's
//! values are a [`Record`], and their sums ([`KeyedSums`]) are keyed by
//! the count's key, so that they need no declaration to be added, merged
//! or read back. It names no game.

use std::sync::{Mutex, PoisonError};

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::tally::{Counts, Of, Tally, TallyData};
use super::{Hist, Totals};

/// The most counts a game's data may declare.
pub const MAX_DECLARED: usize = 8;

/// Counts as a game's data declares them: the report's section and each
/// count, in report order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub section: String,
    pub tallies: Vec<Declaration>,
}

/// One count of [`Declared`]: [`Tally`]'s fields, owned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    pub key: String,
    pub of: Of,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<(String, String)>,
}

/// A declaration as statics: what a module declares as consts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tallies {
    pub section: &'static str,
    pub tallies: &'static [Tally],
}

/// The declarations interned so far: a run, a report or a test loading
/// the same rules again reuses them (memory grows only with distinct
/// declarations).
static INTERNED: Mutex<Vec<(Declared, Tallies)>> = Mutex::new(Vec::new());

impl Declared {
    /// The declaration as statics, the same for equal declarations.
    pub fn interned(&self) -> Tallies {
        let mut pool = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, t)) = pool.iter().find(|(d, _)| d == self) {
            return *t;
        }
        let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
        let tallies: Vec<Tally> = self
            .tallies
            .iter()
            .map(|d| Tally {
                key: leak(&d.key),
                of: d.of,
                label: leak(&d.label),
                chart: d.chart.as_ref().map(|(t, a)| (leak(t), leak(a))),
            })
            .collect();
        let t = Tallies {
            section: leak(&self.section),
            tallies: Box::leak(tallies.into_boxed_slice()),
        };
        pool.push((self.clone(), t));
        t
    }
}

/// `s` as a static, the same for equal strings (the names of a game's
/// data that a report takes as statics: its ends).
pub fn interned_str(s: &str) -> &'static str {
    static STRS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut pool = STRS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&t) = pool.iter().find(|&&t| t == s) {
        return t;
    }
    let t: &'static str = Box::leak(s.to_owned().into_boxed_str());
    pool.push(t);
    t
}

/// One finished game's values of declared counts: `counts.values[i]` is
/// the value of `tallies.tallies[i]`.
#[derive(Debug, Clone)]
pub struct Record {
    pub tallies: Tallies,
    pub counts: Counts<MAX_DECLARED>,
}

/// One count's sums: a histogram per seat (one for a count of the game)
/// or the games each seat's flag held in.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    key: String,
    of: Of,
    hists: Vec<Hist>,
    held: Vec<u64>,
}

impl Entry {
    fn new(key: &str, of: Of) -> Entry {
        Entry {
            key: key.to_owned(),
            of,
            hists: Vec::new(),
            held: Vec::new(),
        }
    }
}

/// Declared counts summed over games, by key, in the order first seen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeyedSums {
    entries: Vec<Entry>,
}

impl KeyedSums {
    fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    fn entry_mut(&mut self, key: &str, of: Of) -> &mut Entry {
        match self.entries.iter().position(|e| e.key == key) {
            Some(i) => &mut self.entries[i],
            None => {
                self.entries.push(Entry::new(key, of));
                self.entries.last_mut().expect("just pushed")
            }
        }
    }

    /// Adds one game's values.
    pub fn add(&mut self, r: &Record) {
        let seats = r.counts.seats;
        for (t, v) in r.tallies.tallies.iter().zip(&r.counts.values) {
            let e = self.entry_mut(t.key, t.of);
            match t.of {
                Of::Seat => grown(&mut e.hists, seats)
                    .iter_mut()
                    .zip(v)
                    .for_each(|(h, &x)| h.add(x)),
                Of::SeatFlag => grown(&mut e.held, seats)
                    .iter_mut()
                    .zip(v)
                    .for_each(|(k, &x)| *k += u64::from(x != 0)),
                Of::Game => grown(&mut e.hists, 1)[0].add(v[0]),
            }
        }
    }

    /// Adds `o`'s sums.
    pub fn merge(&mut self, o: &KeyedSums) {
        for b in &o.entries {
            let a = self.entry_mut(&b.key, b.of);
            if a.hists.is_empty() && a.held.is_empty() {
                a.of = b.of;
            }
            for (x, y) in grown(&mut a.hists, b.hists.len()).iter_mut().zip(&b.hists) {
                x.merge(y);
            }
            for (x, y) in grown(&mut a.held, b.held.len()).iter_mut().zip(&b.held) {
                *x += y;
            }
        }
    }
}

/// `v`, grown with defaults to at least `len`.
fn grown<X: Default + Clone>(v: &mut Vec<X>, len: usize) -> &mut Vec<X> {
    if v.len() < len {
        v.resize(len, X::default());
    }
    v
}

impl TallyData for KeyedSums {
    fn hists(&self, _: usize, t: &Tally) -> &[Hist] {
        self.entry(t.key).map_or(&[], |e| &e.hists)
    }
    fn held(&self, _: usize, t: &Tally) -> &[u64] {
        self.entry(t.key).map_or(&[], |e| &e.held)
    }
}

/// Each count under its key, as `tally::Sums` writes it: a list of
/// histograms per seat, a histogram of the game, a list of the games
/// each seat's flag held in.
impl Serialize for KeyedSums {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.entries.len()))?;
        for e in &self.entries {
            match e.of {
                Of::Seat => m.serialize_entry(&e.key, &e.hists)?,
                Of::SeatFlag => m.serialize_entry(&e.key, &e.held)?,
                Of::Game => {
                    m.serialize_entry(&e.key, &e.hists.first().cloned().unwrap_or_default())?
                }
            }
        }
        m.end()
    }
}

/// Reads back [`KeyedSums`]' form from among the totals' own keys: every
/// other key is a count, of the kind its form says (a histogram: of the
/// game; a list of histograms: per seat; a list of numbers: a flag).
impl<'de> Deserialize<'de> for KeyedSums {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KeyedSums, D::Error> {
        use serde::de::Error as _;
        let m = serde_json::Map::deserialize(d)?;
        let generic = match serde_json::to_value(Totals::<()>::default()) {
            Ok(Value::Object(g)) => g,
            _ => serde_json::Map::new(),
        };
        let mut sums = KeyedSums::default();
        for (k, v) in m.iter().filter(|(k, _)| !generic.contains_key(*k)) {
            let bad = |e: serde_json::Error| D::Error::custom(format!("{k}: {e}"));
            let mut e = Entry::new(k, Of::Seat);
            match v {
                Value::Object(_) => {
                    e.of = Of::Game;
                    e.hists = vec![serde_json::from_value(v.clone()).map_err(bad)?];
                }
                Value::Array(a) if a.iter().all(Value::is_number) && !a.is_empty() => {
                    e.of = Of::SeatFlag;
                    e.held = serde_json::from_value(v.clone()).map_err(bad)?;
                }
                Value::Array(_) => e.hists = serde_json::from_value(v.clone()).map_err(bad)?,
                _ => return Err(D::Error::custom(format!("{k}: not a count's sums"))),
            }
            sums.entries.push(e);
        }
        Ok(sums)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TALLIES: &[Tally] = &[
        Tally::seat("won", "won by {seat}"),
        Tally::flag("beat", "{seat} beat"),
        Tally::game("left", "left"),
    ];

    fn record(values: [[i64; 2]; 3]) -> Record {
        let mut counts = Counts::new(2);
        for (i, v) in values.iter().enumerate() {
            counts.values[i][..2].copy_from_slice(v);
        }
        Record {
            tallies: Tallies {
                section: "S",
                tallies: TALLIES,
            },
            counts,
        }
    }

    #[test]
    fn equal_declarations_are_interned_once() {
        let d = Declared {
            section: "Things".into(),
            tallies: vec![Declaration {
                key: "things".into(),
                of: Of::Seat,
                label: "things of {seat}".into(),
                chart: None,
            }],
        };
        let (a, b) = (d.interned(), d.clone().interned());
        assert!(std::ptr::eq(a.tallies, b.tallies));
        assert_eq!(a.section, "Things");
        assert_eq!(a.tallies[0].key, "things");
    }

    #[test]
    fn sums_are_added_merged_and_read_back_by_key() {
        let (mut a, mut b) = (KeyedSums::default(), KeyedSums::default());
        a.add(&record([[2, 1], [1, 0], [3, 0]]));
        b.add(&record([[0, 4], [1, 1], [5, 0]]));
        a.merge(&b);
        assert_eq!(a.held(0, &TALLIES[1]), [2, 1]);
        assert_eq!(a.hists(0, &TALLIES[0])[1].sum(), 5);
        assert_eq!(a.hists(0, &TALLIES[2])[0].sum(), 8);
        let mut totals = serde_json::to_value(Totals::<()>::default()).unwrap();
        let own = serde_json::to_value(&a).unwrap();
        totals
            .as_object_mut()
            .unwrap()
            .extend(own.as_object().unwrap().clone());
        let back: KeyedSums = serde_json::from_value(totals).unwrap();
        for t in TALLIES {
            assert_eq!(back.hists(0, t), a.hists(0, t), "{}", t.key);
            assert_eq!(back.held(0, t), a.held(0, t), "{}", t.key);
        }
    }
}
