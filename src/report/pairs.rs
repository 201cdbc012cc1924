//! What a paired comparison (`ludus sweep`, `simulate --compare`) keeps
//! of its games: for each game, its values under the base and under each
//! rule set, summed pair by pair into exact integer
//! sums that shards add up in any order. Who won (or a draw) and how the
//! game ended are kept as joint counts (outcome under the base, outcome
//! under the rule set); every other measure of a game is a column of
//! whole numbers ([`Column`]): the generic ones (first-seat advantage,
//! length, scores, score spread, the turn after which the winner stayed
//! ahead) and the game's own per-game measures (its CSV columns:
//! `report::Reported::csv_row`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Reported;
use crate::sim::{GameRecord, Meta};
use crate::stats::paired::PairSums;

/// A measure of one game, a whole number; `scale` turns its mean into
/// the reported unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Column {
    pub id: String,
    pub label: String,
    pub scale: f64,
}

fn col(id: impl Into<String>, label: impl Into<String>, scale: f64) -> Column {
    Column {
        id: id.into(),
        label: label.into(),
        scale,
    }
}

/// The columns of a game whose base run is described by `meta`.
pub fn columns<G: Reported>(meta: &Meta) -> Vec<Column> {
    let n = meta.seats.len().max(1);
    let mut v = vec![
        col(
            "first_seat_edge",
            format!("first-seat advantage (its win rate - 1/{n} of decided games)"),
            1.0 / n as f64,
        ),
        col("turns", "game length (turns)", 1.0),
        col("moves", "decisions per game", 1.0),
    ];
    for p in 0..meta.seats.len() {
        let (id, name) = (meta.seat_id(p), meta.seat_name(p));
        v.push(col(
            format!("score_{id}"),
            format!("{name} final score"),
            1.0,
        ));
    }
    let first = "first player";
    v.push(col("first_win", format!("{first} wins"), 1.0));
    v.push(col(
        "first_result",
        format!("{first}: +1 a win, -1 another's win, 0 a draw"),
        1.0,
    ));
    let seat0 = meta.seat_name(0);
    v.push(col(
        "margin",
        format!("score margin ({seat0} - the best other)"),
        1.0,
    ));
    v.push(col(
        "abs_margin",
        format!("|score margin| ({seat0} and the best other)"),
        1.0,
    ));
    v.push(col("score_spread", "score spread (best - worst)", 1.0));
    v.push(col("winning_margin", "winning margin (best - second)", 1.0));
    v.push(col(
        "decisive_turn",
        "turn after which the winner stayed ahead",
        1.0,
    ));
    let mut own = Vec::new();
    G::csv_header(meta, &mut own);
    for c in own {
        if !v.iter().any(|x| x.id == c) {
            v.push(col(c.clone(), c.replace('_', " "), 1.0));
        }
    }
    v
}

/// One game's values under one rule set.
#[derive(Debug, Clone, PartialEq)]
pub struct GameValues {
    /// The winner, or the number of seats for a draw.
    pub outcome: usize,
    pub end: &'static str,
    /// One per [`Column`]: `None` where the game has no such value (no
    /// decisive turn; a column of the game's that is not a number).
    pub cols: Vec<Option<i64>>,
    /// A hash of everything measured of the game: the same hash under
    /// two rule sets is the same game.
    pub hash: u64,
}

/// The values of game `r` (`meta`: the base's, for the game's columns).
pub fn values<G: Reported>(meta: &Meta, r: &GameRecord<G::Record>) -> GameValues {
    let o = &r.outcome;
    let seats = o.scores.len();
    let decided = i64::from(o.winner.is_some());
    let first_won = i64::from(o.winner == Some(o.first));
    let mut sorted: Vec<i64> = o.scores.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let spread = sorted.first().zip(sorted.last()).map(|(a, b)| a - b);
    let margin = sorted.first().zip(sorted.get(1)).map(|(a, b)| a - b);
    let mut cols: Vec<Option<i64>> = vec![
        Some(seats as i64 * first_won - decided),
        Some(i64::from(o.turns)),
        Some(i64::from(r.moves)),
    ];
    cols.extend(o.scores.iter().map(|&s| Some(s)));
    let seat0 = o.scores.first().copied().unwrap_or(0);
    let others = o.scores.iter().skip(1).copied().max();
    let edge0 = others.map(|b| seat0 - b);
    cols.extend([
        Some(first_won),
        Some(first_won - (decided - first_won)),
        edge0,
        edge0.map(i64::abs),
    ]);
    cols.extend([spread, margin, o.decisive_turn.map(i64::from)]);
    let mut own = Vec::new();
    G::csv_row(meta, &r.game, &mut own);
    // What was played, not what was offered: a rule that offers other
    // moves the agents never take leaves the same game.
    let mut text = format!(
        "{:?}|{:?}|{}|{}|{:?}|{}",
        o.winner, o.scores, o.turns, o.end, o.decisive_turn, r.moves
    );
    for c in &own {
        text.push('|');
        text += c;
    }
    cols.extend(own.iter().map(|c| c.parse::<i64>().ok()));
    GameValues {
        outcome: o.winner.unwrap_or(seats),
        end: o.end,
        cols,
        hash: crate::load::fnv1a(text.as_bytes()),
    }
}

/// One value's own sums (its mean under one rule set alone).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Own {
    pub n: u64,
    #[serde(with = "crate::stats::paired::text")]
    pub sum: i128,
    #[serde(with = "crate::stats::paired::text")]
    pub sq: i128,
}

impl Own {
    fn add(&mut self, v: i64) {
        self.n += 1;
        self.sum += i128::from(v);
        self.sq += i128::from(v) * i128::from(v);
    }

    fn merge(&mut self, o: &Own) {
        self.n += o.n;
        self.sum += o.sum;
        self.sq += o.sq;
    }

    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.n.max(1) as f64
    }
}

/// One rule set's games summed against the base's.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetSums {
    /// Games identical to the base's (the same hash).
    pub identical: u64,
    /// Games by (outcome under the base, outcome under the set), the
    /// base's row first: `winners[a * (seats + 1) + b]`, a draw the last.
    pub winners: Vec<u64>,
    /// Per ending: games that ended so under both, under the base only,
    /// under the set only.
    pub ends: BTreeMap<String, [u64; 3]>,
    /// Per column, over the games both have it.
    pub pairs: Vec<PairSums>,
    /// Per column, the set's own.
    pub own: Vec<Own>,
}

impl SetSums {
    /// Adds one game: `a` under the base, `b` under this set.
    pub fn add(&mut self, a: &GameValues, b: &GameValues, seats: usize) {
        self.identical += u64::from(a.hash == b.hash && a.cols == b.cols);
        let w = seats + 1;
        grow(&mut self.winners, w * w)[a.outcome.min(seats) * w + b.outcome.min(seats)] += 1;
        if a.end == b.end {
            self.ends.entry(a.end.into()).or_default()[0] += 1;
        } else {
            self.ends.entry(a.end.into()).or_default()[1] += 1;
            self.ends.entry(b.end.into()).or_default()[2] += 1;
        }
        let n = a.cols.len();
        grow(&mut self.pairs, n);
        grow(&mut self.own, n);
        for (i, (x, y)) in a.cols.iter().zip(&b.cols).enumerate() {
            if let (Some(x), Some(y)) = (x, y) {
                self.pairs[i].add(*x, *y);
            }
            if let Some(y) = y {
                self.own[i].add(*y);
            }
        }
    }

    pub fn merge(&mut self, o: &SetSums) {
        self.identical += o.identical;
        for (x, y) in grow(&mut self.winners, o.winners.len())
            .iter_mut()
            .zip(&o.winners)
        {
            *x += y;
        }
        for (k, v) in &o.ends {
            let e = self.ends.entry(k.clone()).or_default();
            (0..3).for_each(|i| e[i] += v[i]);
        }
        for (x, y) in grow(&mut self.pairs, o.pairs.len())
            .iter_mut()
            .zip(&o.pairs)
        {
            x.merge(y);
        }
        for (x, y) in grow(&mut self.own, o.own.len()).iter_mut().zip(&o.own) {
            x.merge(y);
        }
    }
}

/// The base's games alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseSums {
    /// Games by outcome: each seat's wins, then draws.
    pub outcomes: Vec<u64>,
    pub ends: BTreeMap<String, u64>,
    pub own: Vec<Own>,
}

impl BaseSums {
    pub fn add(&mut self, a: &GameValues, seats: usize) {
        grow(&mut self.outcomes, seats + 1)[a.outcome.min(seats)] += 1;
        *self.ends.entry(a.end.into()).or_default() += 1;
        grow(&mut self.own, a.cols.len());
        for (o, v) in self.own.iter_mut().zip(&a.cols) {
            if let Some(v) = v {
                o.add(*v);
            }
        }
    }

    pub fn merge(&mut self, o: &BaseSums) {
        for (x, y) in grow(&mut self.outcomes, o.outcomes.len())
            .iter_mut()
            .zip(&o.outcomes)
        {
            *x += y;
        }
        for (k, v) in &o.ends {
            *self.ends.entry(k.clone()).or_default() += v;
        }
        for (x, y) in grow(&mut self.own, o.own.len()).iter_mut().zip(&o.own) {
            x.merge(y);
        }
    }
}

/// Everything a sweep (or a shard of one) sums.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepTotals {
    pub games: u64,
    pub base: BaseSums,
    /// In the order of the sweep's rule sets.
    pub sets: Vec<SetSums>,
}

impl SweepTotals {
    pub fn merge(&mut self, o: &SweepTotals) {
        self.games += o.games;
        self.base.merge(&o.base);
        for (x, y) in grow(&mut self.sets, o.sets.len()).iter_mut().zip(&o.sets) {
            x.merge(y);
        }
    }
}

fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) -> &mut Vec<T> {
    if v.len() < len {
        v.resize(len, T::default());
    }
    v
}
