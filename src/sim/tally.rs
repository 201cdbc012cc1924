//! A game's own measures declared as named counts, for a game whose
//! measures of a finished game are numbers per seat, yes-or-no flags per
//! seat and numbers of the whole game: the game lists them once
//! ([`Tallied::TALLIES`]) and fills one game's [`Counts`]; [`Sums`] adds
//! and merges them (a histogram per seat, the games each flag held in, a
//! histogram of the game) and writes them in JSON under their keys;
//! `report::tally` gives their measures, JSON histograms, CSV columns and
//! charts. It names no game and no notion of one.

use std::fmt;
use std::marker::PhantomData;

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Hist;
use crate::engine::MAX_SEATS;

/// What a count is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Of {
    /// A number per seat: summed as a histogram per seat, measured by
    /// its mean.
    Seat,
    /// Yes or no per seat (0 or 1): summed as the games it held in per
    /// seat, measured as a rate over the games.
    SeatFlag,
    /// A number of the whole game: summed as one histogram, measured by
    /// its mean.
    Game,
}

/// One named count. `key` is its JSON key in the totals, and its measure
/// id, histogram and CSV column (with `_` and the seat's id for a count
/// per seat); `label` names its measure (`{seat}` is the seat's name);
/// `chart`, if any, is its chart in the HTML report: (title, axis).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub key: &'static str,
    pub of: Of,
    pub label: &'static str,
    pub chart: Option<(&'static str, &'static str)>,
}

impl Tally {
    /// A number per seat.
    pub const fn seat(key: &'static str, label: &'static str) -> Tally {
        Tally::new(Of::Seat, key, label)
    }

    /// Yes or no per seat.
    pub const fn flag(key: &'static str, label: &'static str) -> Tally {
        Tally::new(Of::SeatFlag, key, label)
    }

    /// A number of the game.
    pub const fn game(key: &'static str, label: &'static str) -> Tally {
        Tally::new(Of::Game, key, label)
    }

    const fn new(of: Of, key: &'static str, label: &'static str) -> Tally {
        Tally {
            key,
            of,
            label,
            chart: None,
        }
    }

    /// The count with a chart: its title and its axis's words.
    pub const fn chart(self, title: &'static str, axis: &'static str) -> Tally {
        Tally {
            chart: Some((title, axis)),
            ..self
        }
    }
}

/// A game whose own measures are [`Tally`] counts.
pub trait Tallied: 'static {
    /// The report's section of their measures.
    const SECTION: &'static str;
    /// The counts, in report order.
    const TALLIES: &'static [Tally];
}

/// Summed counts as the report reads them: tally `i` of the game's list
/// (`t`), per seat (one for a count of the game), empty if none was
/// summed.
pub trait TallyData {
    fn hists(&self, i: usize, t: &Tally) -> &[Hist];
    fn held(&self, i: usize, t: &Tally) -> &[u64];
}

impl<T: Tallied> TallyData for Sums<T> {
    fn hists(&self, i: usize, _: &Tally) -> &[Hist] {
        &self.hists[i]
    }
    fn held(&self, i: usize, _: &Tally) -> &[u64] {
        &self.held[i]
    }
}

/// One finished game's counts, `N` of them (those of
/// [`Tallied::TALLIES`], in its order): a value per seat, or for a count
/// of the game at seat 0.
#[derive(Debug, Clone)]
pub struct Counts<const N: usize> {
    pub seats: usize,
    pub values: [[i64; MAX_SEATS]; N],
}

impl<const N: usize> Counts<N> {
    /// Every count 0, for a game of `seats` seats.
    pub fn new(seats: usize) -> Counts<N> {
        Counts {
            seats,
            values: [[0; MAX_SEATS]; N],
        }
    }
}

/// The counts summed over games: per tally, a histogram per seat (exactly
/// one for a count of the game) or the games each seat's flag held in.
pub struct Sums<T> {
    hists: Vec<Vec<Hist>>,
    held: Vec<Vec<u64>>,
    of: PhantomData<fn() -> T>,
}

impl<T: Tallied> Sums<T> {
    /// Tally `i`'s histogram per seat (one for a count of the game).
    pub fn hists(&self, i: usize) -> &[Hist] {
        &self.hists[i]
    }

    /// The games in which each seat's flag `i` held.
    pub fn held(&self, i: usize) -> &[u64] {
        &self.held[i]
    }

    /// Adds one game's counts.
    pub fn add<const N: usize>(&mut self, c: &Counts<N>) {
        debug_assert_eq!(N, T::TALLIES.len());
        for (i, t) in T::TALLIES.iter().enumerate() {
            let v = &c.values[i];
            match t.of {
                Of::Seat => grown(&mut self.hists[i], c.seats)
                    .iter_mut()
                    .zip(v)
                    .for_each(|(h, &x)| h.add(x)),
                Of::SeatFlag => grown(&mut self.held[i], c.seats)
                    .iter_mut()
                    .zip(v)
                    .for_each(|(k, &x)| *k += u64::from(x != 0)),
                Of::Game => self.hists[i][0].add(v[0]),
            }
        }
    }

    /// Adds `o`'s sums.
    pub fn merge(&mut self, o: &Sums<T>) {
        for (a, b) in self.hists.iter_mut().zip(&o.hists) {
            for (x, y) in grown(a, b.len()).iter_mut().zip(b) {
                x.merge(y);
            }
        }
        for (a, b) in self.held.iter_mut().zip(&o.held) {
            for (x, y) in grown(a, b.len()).iter_mut().zip(b) {
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

impl<T: Tallied> Default for Sums<T> {
    fn default() -> Sums<T> {
        let game = |t: &Tally| vec![Hist::default(); usize::from(t.of == Of::Game)];
        Sums {
            hists: T::TALLIES.iter().map(game).collect(),
            held: vec![Vec::new(); T::TALLIES.len()],
            of: PhantomData,
        }
    }
}

impl<T> Clone for Sums<T> {
    fn clone(&self) -> Sums<T> {
        Sums {
            hists: self.hists.clone(),
            held: self.held.clone(),
            of: PhantomData,
        }
    }
}

impl<T> PartialEq for Sums<T> {
    fn eq(&self, o: &Sums<T>) -> bool {
        self.hists == o.hists && self.held == o.held
    }
}

impl<T> fmt::Debug for Sums<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sums")
            .field("hists", &self.hists)
            .field("held", &self.held)
            .finish()
    }
}

/// Each tally under its key: a list of histograms per seat, a histogram
/// of the game, a list of the games each seat's flag held in.
impl<T: Tallied> Serialize for Sums<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(T::TALLIES.len()))?;
        for (i, t) in T::TALLIES.iter().enumerate() {
            match t.of {
                Of::Seat => m.serialize_entry(t.key, &self.hists[i])?,
                Of::SeatFlag => m.serialize_entry(t.key, &self.held[i])?,
                Of::Game => m.serialize_entry(t.key, &self.hists[i][0])?,
            }
        }
        m.end()
    }
}

/// Reads back [`Sums`]' form from among other keys (the totals' own); a
/// tally left out is empty.
impl<'de, T: Tallied> Deserialize<'de> for Sums<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sums<T>, D::Error> {
        let m = serde_json::Map::deserialize(d)?;
        let mut sums = Sums::<T>::default();
        for (i, t) in T::TALLIES.iter().enumerate() {
            let Some(v) = m.get(t.key) else { continue };
            let v = v.clone();
            match t.of {
                Of::Seat => sums.hists[i] = serde_json::from_value(v).map_err(D::Error::custom)?,
                Of::SeatFlag => {
                    sums.held[i] = serde_json::from_value(v).map_err(D::Error::custom)?
                }
                Of::Game => {
                    sums.hists[i] = vec![serde_json::from_value(v).map_err(D::Error::custom)?]
                }
            }
        }
        Ok(sums)
    }
}
