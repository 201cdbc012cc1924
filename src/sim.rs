//! Many seeded games between agents, summed into statistics.
//!
//! Game `i` of a run seeded `S` is seeded from `(S, i)` alone: the state
//! from `derive(S, i, 0)`, the agent in seat `p` from `derive(S, i, 1 + p)`.
//! The statistics are integer sums ([`Totals`]) merged in any order, so a
//! run gives identical results on any number of threads, and a run split
//! into shards (game indices in contiguous ranges) merges into the same
//! totals as one run. Nothing per game is kept unless a CSV file asks for
//! it, and then rows are streamed to it in index order, chunk by chunk.
//!
//! The report built from the totals (JSON, table, HTML, comparison) lives
//! in `report`, which reads these sums; nothing here reads the report.
//! A game whose own measures are named counts per seat or per game
//! declares them and sums them with [`tally`].

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::agents::AgentSpec;
use crate::engine::agent::{Agent, RandomAgent};
use crate::engine::seed::{AgentRng, derive};
use crate::engine::{Actor, GameState, MAX_SEATS, Scored};

pub mod chunked;
pub mod tally;
pub mod tally_declared;

pub use chunked::{RowSink, SetRowSink, run, run_sets, worker_pool};

/// A histogram of integer values: value → count. Exact, mergeable in any
/// order, and dense while its values span at most `DENSE_SPAN`: the counts
/// of the values `lo..lo + counts.len()`, the first and last not zero.
/// Adding a game's value is then an index, not a map look-up. Values spread
/// wider (scores of a designer's rules worth thousands of points) move it
/// to a map, so that memory follows the values seen, not their range.
/// Serialized as a map of the values seen to their counts.
#[derive(Debug, Clone, Default)]
pub struct Hist {
    lo: i64,
    counts: Vec<u64>,
    sparse: Option<BTreeMap<i64, u64>>,
}

/// The widest range of values a dense `Hist` covers (32 KB of counts).
const DENSE_SPAN: i64 = 4096;

impl PartialEq for Hist {
    fn eq(&self, o: &Hist) -> bool {
        self.iter().eq(o.iter())
    }
}

impl Eq for Hist {}

impl Hist {
    #[inline]
    pub fn add(&mut self, v: i64) {
        self.add_n(v, 1);
    }
    /// Inline for a value within the dense range (one game's measures, a
    /// few dozen per game), out of line otherwise.
    #[inline]
    fn add_n(&mut self, v: i64, c: u64) {
        let i = v.wrapping_sub(self.lo);
        if (0..self.counts.len() as i64).contains(&i) {
            self.counts[i as usize] += c;
            return;
        }
        self.add_outside(v, c);
    }

    #[inline(never)]
    fn add_outside(&mut self, v: i64, c: u64) {
        if c == 0 {
            return;
        }
        let i = v.wrapping_sub(self.lo);
        if let Some(m) = &mut self.sparse {
            *m.entry(v).or_default() += c;
            return;
        }
        let (lo, hi) = match (self.min(), self.max()) {
            (Some(lo), Some(hi)) => (lo.min(v), hi.max(v)),
            _ => (v, v),
        };
        if hi.abs_diff(lo) >= DENSE_SPAN as u64 {
            let mut m: BTreeMap<i64, u64> = self.iter().collect();
            *m.entry(v).or_default() += c;
            self.counts = Vec::new();
            self.sparse = Some(m);
            return;
        }
        if self.counts.is_empty() {
            self.lo = v;
            self.counts.push(c);
        } else if i < 0 {
            let grow = (-i) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.lo = v;
            self.counts[0] = c;
        } else {
            self.counts.resize(i as usize, 0);
            self.counts.push(c);
        }
    }
    pub fn merge(&mut self, o: &Hist) {
        for (v, c) in o.iter() {
            self.add_n(v, c);
        }
    }
    /// The values seen, ascending, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        let sparse = self.sparse.iter().flatten().map(|(&v, &c)| (v, c));
        (self.lo..)
            .zip(self.counts.iter().copied())
            .filter(|&(_, c)| c > 0)
            .chain(sparse)
    }
    /// The count of the values in `range`.
    pub fn count_in(&self, range: std::ops::Range<i64>) -> u64 {
        self.iter()
            .filter(|(v, _)| range.contains(v))
            .map(|(_, c)| c)
            .sum()
    }
    pub fn n(&self) -> u64 {
        self.iter().map(|(_, c)| c).sum()
    }
    /// Whether no value was added.
    pub fn is_empty(&self) -> bool {
        self.n() == 0
    }
    pub fn sum(&self) -> i128 {
        self.iter().map(|(v, c)| v as i128 * c as i128).sum()
    }
    pub fn sum_sq(&self) -> i128 {
        self.iter()
            .map(|(v, c)| v as i128 * v as i128 * c as i128)
            .sum()
    }
    pub fn mean(&self) -> f64 {
        self.sum() as f64 / self.n().max(1) as f64
    }
    pub fn min(&self) -> Option<i64> {
        match &self.sparse {
            Some(m) => m.keys().next().copied(),
            None => (!self.counts.is_empty()).then_some(self.lo),
        }
    }
    pub fn max(&self) -> Option<i64> {
        match &self.sparse {
            Some(m) => m.keys().next_back().copied(),
            None => (!self.counts.is_empty()).then(|| self.lo + self.counts.len() as i64 - 1),
        }
    }
    /// The smallest value with at least `q` of the counts at or below it.
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let n = self.n();
        let want = ((q * n as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (v, c) in self.iter() {
            seen += c;
            if seen >= want {
                return Some(v);
            }
        }
        None
    }
    /// The histogram of `f(value)`.
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Hist {
        let mut h = Hist::default();
        for (v, c) in self.iter() {
            h.add_n(f(v), c);
        }
        h
    }
}

impl Serialize for Hist {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Hist {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hist, D::Error> {
        let m = BTreeMap::<i64, u64>::deserialize(d)?;
        let mut h = Hist::default();
        for (v, c) in m {
            h.add_n(v, c);
        }
        Ok(h)
    }
}

/// Sums for a ratio of two per-game quantities `x / y` over games, with the
/// cross moments its standard error needs (delta method).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatioSums {
    pub n: u64,
    pub x: u64,
    pub y: u64,
    pub xx: u64,
    pub yy: u64,
    pub xy: u64,
}

impl RatioSums {
    pub fn add(&mut self, x: u64, y: u64) {
        self.n += 1;
        self.x += x;
        self.y += y;
        self.xx += x * x;
        self.yy += y * y;
        self.xy += x * y;
    }
    pub fn merge(&mut self, o: &RatioSums) {
        self.n += o.n;
        self.x += o.x;
        self.y += o.y;
        self.xx += o.xx;
        self.yy += o.yy;
        self.xy += o.xy;
    }
    pub fn ratio(&self) -> f64 {
        self.x as f64 / self.y.max(1) as f64
    }
    /// Standard error of the ratio by the delta method.
    pub fn se(&self) -> f64 {
        let n = self.n as i128;
        if n < 2 || self.y == 0 {
            return 0.0;
        }
        let (x, y) = (self.x as i128, self.y as i128);
        let nn1 = (n * (n - 1)) as f64;
        let vx = (n * self.xx as i128 - x * x) as f64 / nn1;
        let vy = (n * self.yy as i128 - y * y) as f64 / nn1;
        let cxy = (n * self.xy as i128 - x * y) as f64 / nn1;
        let r = self.ratio();
        let ybar = y as f64 / n as f64;
        ((vx - 2.0 * r * cxy + r * r * vy).max(0.0) / (n as f64 * ybar * ybar)).sqrt()
    }
}

/// What every game says of one finished game, whatever the game: the
/// outcome, the scores, the length, and when the winner took the lead for
/// good. A game module fills it in [`Simulated::record`].
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub winner: Option<usize>,
    /// The seat that moved first.
    pub first: usize,
    /// Final scores, one per seat.
    pub scores: ArrayVec<i64, MAX_SEATS>,
    pub turns: u32,
    pub end: &'static str,
    /// For a game won by the seat ahead on points at the end: the turn
    /// from which it stayed ahead.
    pub decisive_turn: Option<u32>,
}

/// Everything measured about one finished game (a CSV row): the generic
/// outcome and choices, and the game's own record `R`.
#[derive(Debug, Clone)]
pub struct GameRecord<R> {
    pub index: u64,
    pub outcome: Outcome,
    /// Decisions taken (moves applied).
    pub moves: u32,
    /// Sum over decisions of the number of legal moves.
    pub legal_sum: u64,
    /// Decisions with exactly one legal move.
    pub forced: u32,
    /// Decisions by number of legal moves (index = count).
    pub legal: LegalCounts,
    /// The game's own measures of this game.
    pub game: R,
}

/// What the simulator asks of a game (beyond its agents): how it plays
/// random seats fast, and what it measures of a finished game and sums
/// over games. Its report (the measures, charts and CSV columns of those
/// sums) is `report::Reported`.
pub trait Simulated: crate::agents::Agents {
    /// The game's own sums over games: exact integers, merged in any
    /// order (so that the thread count and sharding change nothing).
    type Sums: Default
        + Clone
        + PartialEq
        + fmt::Debug
        + Send
        + Serialize
        + serde::de::DeserializeOwned
        + 'static;
    /// The game's own measures of one game.
    type Record: Clone + fmt::Debug + Send + 'static;

    /// Plays `state` to the end between random seats, seat `p` picking
    /// with `rngs[p]` the move its `RandomAgent` would pick; `note` is
    /// told the number of legal moves of each decision. The default is
    /// the generic loop; a game may play the same games faster.
    fn play_random(
        state: &mut Self::State,
        rngs: &mut [AgentRng],
        buf: &mut Vec<<Self::State as GameState>::Move>,
        note: &mut impl FnMut(usize),
    ) {
        while let Actor::Player(p) = state.current_actor() {
            let (m, n) = state.random_legal(&mut rngs[p], buf);
            state.apply_legal(m);
            note(n);
        }
    }

    /// The outcome and the game's own record of a finished game.
    fn record(state: &Self::State) -> (Outcome, Self::Record);
    /// Adds one game's record to the sums.
    fn add(sums: &mut Self::Sums, r: &Self::Record);
    /// Adds `other`'s sums to `sums`.
    fn merge(sums: &mut Self::Sums, other: &Self::Sums);
    /// What a report needs to name of the rules: the game's name, its
    /// seats, who moves first, and the game's own names (`Meta::extra`).
    fn meta(rules: &Self::Rules) -> Meta;
}

/// One game's decisions by number of legal moves. The counts below
/// `LegalCounts::INLINE` are kept inline (the standard rules stay below
/// 52 choices), the rest in a vector that is only allocated for them: one
/// increment per decision on the stack, no allocation per game.
#[derive(Debug, Clone)]
pub struct LegalCounts {
    low: [u32; LegalCounts::INLINE],
    high: Vec<u32>,
}

impl Default for LegalCounts {
    fn default() -> Self {
        LegalCounts {
            low: [0; LegalCounts::INLINE],
            high: Vec::new(),
        }
    }
}

impl LegalCounts {
    pub const INLINE: usize = 64;

    /// One more decision with `n` legal moves.
    #[inline]
    pub fn add(&mut self, n: usize) {
        match self.low.get_mut(n) {
            Some(c) => *c += 1,
            None => self.add_high(n),
        }
    }

    #[cold]
    fn add_high(&mut self, n: usize) {
        let i = n - Self::INLINE;
        if self.high.len() <= i {
            self.high.resize(i + 1, 0);
        }
        self.high[i] += 1;
    }

    /// The decisions with `n` legal moves, for each `n` from 0.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.low.iter().chain(&self.high).copied()
    }

    /// One past the largest number of legal moves met (0 for none).
    pub fn len(&self) -> usize {
        match self.high.iter().rposition(|&c| c > 0) {
            Some(i) => Self::INLINE + i + 1,
            None => self.low.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds the count of each `n` to `t[n]` (`t` at least `len()` long),
    /// slice by slice.
    pub fn add_into(&self, t: &mut [u64]) {
        for (t, &c) in t.iter_mut().zip(&self.low) {
            *t += u64::from(c);
        }
        let rest = t.get_mut(Self::INLINE..).unwrap_or_default();
        for (t, &c) in rest.iter_mut().zip(&self.high) {
            *t += u64::from(c);
        }
    }

    /// Decisions in all.
    pub fn decisions(&self) -> u32 {
        self.iter().sum()
    }

    /// Legal moves summed over the decisions.
    pub fn legal_sum(&self) -> u64 {
        self.iter()
            .enumerate()
            .map(|(n, c)| n as u64 * u64::from(c))
            .sum()
    }

    /// Decisions with exactly one legal move.
    pub fn forced(&self) -> u32 {
        self.low[1]
    }
}

/// Integer sums over finished games (order-independent, so mergeable):
/// the generic ones, and the game's own `S` ([`Simulated::Sums`]). In
/// JSON the game's keys sit beside the generic ones ([`Totals::to_json`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Totals<S> {
    pub games: u64,
    /// Per seat.
    pub wins: Vec<u64>,
    pub draws: u64,
    pub score_sum: Vec<i64>,
    pub turns: u64,
    pub max_turns: u64,
    pub moves: u64,
    pub end_reasons: BTreeMap<String, u64>,
    /// Games won and lost by the seat that moved first.
    pub first_wins: u64,
    pub first_losses: u64,
    /// Final scores per seat, and seat 0's minus the best of the others'.
    pub score: Vec<Hist>,
    pub margin: Hist,
    /// With more than two seats: seat 0's score minus the mean of the
    /// others', times the number of others (an integer; 0 in expectation
    /// when the seats are alike). With two it would be `margin`: not kept.
    #[serde(skip_serializing_if = "Hist::is_empty")]
    pub margin_to_mean: Hist,
    /// Game length in turns, and in decisions.
    pub turn_hist: Hist,
    pub move_hist: Hist,
    /// For games won by the final leader: the turn from which he stayed
    /// ahead, and that turn as a percentage (rounded) of the game length.
    pub decisive_turn: Hist,
    pub decisive_pct: Hist,
    /// Decisions by number of legal moves (index = count).
    pub legal: Vec<u64>,
    /// Per game: (legal moves summed over decisions, decisions).
    pub branching: RatioSums,
    /// Per game: (forced decisions, decisions).
    pub forced: RatioSums,
    /// The game's own sums.
    #[serde(skip)]
    pub game: S,
}

fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

impl<S> Totals<S> {
    /// The outcome, scores and length of a game of any scored game.
    fn add_core(
        &mut self,
        winner: Option<usize>,
        scores: &[i64],
        turns: u64,
        moves: u64,
        end: &str,
    ) {
        self.games += 1;
        grow(&mut self.wins, scores.len());
        grow(&mut self.score_sum, scores.len());
        grow(&mut self.score, scores.len());
        match winner {
            Some(w) => self.wins[w] += 1,
            None => self.draws += 1,
        }
        for (p, &s) in scores.iter().enumerate() {
            self.score_sum[p] += s;
            self.score[p].add(s);
        }
        let others = scores.iter().skip(1).copied().max().unwrap_or(0);
        let first = scores.first().copied().unwrap_or(0);
        self.margin.add(first - others);
        if scores.len() > 2 {
            let rest: i64 = scores[1..].iter().sum();
            self.margin_to_mean
                .add((scores.len() as i64 - 1) * first - rest);
        }
        self.turns += turns;
        self.max_turns = self.max_turns.max(turns);
        self.turn_hist.add(turns as i64);
        self.moves += moves;
        self.move_hist.add(moves as i64);
        match self.end_reasons.get_mut(end) {
            Some(c) => *c += 1,
            None => {
                self.end_reasons.insert(end.to_string(), 1);
            }
        }
    }

    /// Adds a finished game of any scored game (outcome, scores and
    /// length only).
    pub fn add_game<G: Scored>(&mut self, s: &G, moves: u64) {
        let sc: Vec<i64> = s.scores().iter().map(|&x| i64::from(x)).collect();
        self.add_core(
            s.winner(),
            &sc,
            s.turns() as u64,
            moves,
            s.end_reason().unwrap_or("unfinished"),
        );
    }

    /// Adds the generic part of a finished game's record.
    fn add_record<R>(&mut self, r: &GameRecord<R>) {
        let o = &r.outcome;
        self.add_core(o.winner, &o.scores, o.turns as u64, r.moves as u64, o.end);
        match o.winner {
            Some(w) if w == o.first => self.first_wins += 1,
            Some(_) => self.first_losses += 1,
            None => {}
        }
        if let Some(t) = o.decisive_turn {
            self.decisive_turn.add(t as i64);
            let pct = (t as u64 * 100 + o.turns as u64 / 2) / (o.turns as u64).max(1);
            self.decisive_pct.add(pct as i64);
        }
        grow(&mut self.legal, r.legal.len());
        r.legal.add_into(&mut self.legal);
        self.branching.add(r.legal_sum, r.moves as u64);
        self.forced.add(r.forced as u64, r.moves as u64);
    }

    /// Adds `o`'s generic sums (the caller merges the game's).
    fn merge_core(&mut self, o: &Totals<S>) {
        self.games += o.games;
        let seats = self.wins.len().max(o.wins.len());
        grow(&mut self.wins, seats);
        grow(&mut self.score_sum, seats);
        grow(&mut self.score, seats);
        for (i, &w) in o.wins.iter().enumerate() {
            self.wins[i] += w;
        }
        for (i, &s) in o.score_sum.iter().enumerate() {
            self.score_sum[i] += s;
        }
        for (a, b) in self.score.iter_mut().zip(&o.score) {
            a.merge(b);
        }
        self.draws += o.draws;
        self.turns += o.turns;
        self.max_turns = self.max_turns.max(o.max_turns);
        self.moves += o.moves;
        for (k, v) in &o.end_reasons {
            *self.end_reasons.entry(k.clone()).or_default() += v;
        }
        self.first_wins += o.first_wins;
        self.first_losses += o.first_losses;
        self.margin.merge(&o.margin);
        self.margin_to_mean.merge(&o.margin_to_mean);
        self.turn_hist.merge(&o.turn_hist);
        self.move_hist.merge(&o.move_hist);
        self.decisive_turn.merge(&o.decisive_turn);
        self.decisive_pct.merge(&o.decisive_pct);
        grow(&mut self.legal, o.legal.len());
        for (a, b) in self.legal.iter_mut().zip(&o.legal) {
            *a += b;
        }
        self.branching.merge(&o.branching);
        self.forced.merge(&o.forced);
    }

    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
}

impl Totals<()> {
    /// Adds `o`'s sums (a game with no sums of its own).
    pub fn merge(mut self, o: Totals<()>) -> Totals<()> {
        self.merge_core(&o);
        self
    }
}

impl<S: Serialize + serde::de::DeserializeOwned + Default> Totals<S> {
    /// The JSON form: the generic keys and the game's own side by side.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let (Some(o), Ok(serde_json::Value::Object(g))) =
            (v.as_object_mut(), serde_json::to_value(&self.game))
        {
            o.extend(g);
        }
        v
    }

    /// Reads back [`Totals::to_json`].
    pub fn from_json(v: &serde_json::Value) -> Result<Totals<S>, serde_json::Error> {
        let mut t: Totals<S> = serde_json::from_value(v.clone())?;
        t.game = serde_json::from_value(v.clone())?;
        Ok(t)
    }
}

impl<S: Default> Totals<S> {
    /// Adds a finished game of `G` with all its measures.
    pub fn add<G: Simulated<Sums = S>>(&mut self, r: &GameRecord<G::Record>) {
        self.add_record(r);
        G::add(&mut self.game, &r.game);
    }

    /// Adds `o`'s sums, the game's with `G::merge`.
    pub fn merge_with<G: Simulated<Sums = S>>(&mut self, o: &Totals<S>) {
        self.merge_core(o);
        G::merge(&mut self.game, &o.game);
    }
}

/// What a run played: the rules and agents, the seed and the game range,
/// and the names a report needs. Written in a report's `run` field so that
/// `ludus merge` can check that shards belong together.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Meta {
    /// The game's name (game.ron).
    pub game: String,
    /// The rule set as a compare spec: `variant+addon;key=value`.
    pub label: String,
    pub variant: Option<String>,
    pub addons: Vec<String>,
    pub sets: Vec<String>,
    /// A hash of every rule in force (names excluded), in hex.
    pub rules_fingerprint: String,
    /// Agent specs per seat.
    pub agents: Vec<String>,
    pub seed: u64,
    /// Games of the whole run (all shards together).
    pub games: u64,
    /// `[i, n]`: this report holds shard i of n (game indices
    /// `i*games/n .. (i+1)*games/n`); `None` for the whole run.
    pub shard: Option<[u64; 2]>,
    /// Seat ids and display names.
    pub seats: Vec<String>,
    pub seat_names: Vec<String>,
    pub first_player: usize,
    /// Where the rules were read from: `built-in` (the rules built into
    /// ludus) or the game folder's path (`--rules`, `$LUDUS_RULES`, a
    /// compared folder). Not part of a run's identity for `ludus merge`.
    pub rules_source: String,
    /// `[i, j]`: the run was stopped (Ctrl-C) and only games `i..j`, the
    /// first of its range, were played; `None` for a run played whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<[u64; 2]>,
    /// The counts the game's data declares (a described game's
    /// measures), if it declares any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tallies: Option<tally_declared::Declared>,
    /// The game's own names for its report (its parts, its goals ...),
    /// beside the keys above in JSON.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl Meta {
    /// The game indices this run plays.
    pub fn range(&self) -> Range<u64> {
        shard_range(self.games, self.shard)
    }

    /// Seat `p`'s display name (its id, or "seat p", if none).
    pub fn seat_name(&self, p: usize) -> String {
        self.seat_names
            .get(p)
            .or(self.seats.get(p))
            .cloned()
            .unwrap_or_else(|| format!("seat {p}"))
    }

    /// Seat `p`'s id (JSON keys).
    pub fn seat_id(&self, p: usize) -> String {
        self.seats
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("seat{p}"))
    }
}

/// Game indices of shard `[i, n]` of a run of `games` games: the contiguous
/// range `i*games/n .. (i+1)*games/n` (all of them without a shard).
pub fn shard_range(games: u64, shard: Option<[u64; 2]>) -> Range<u64> {
    match shard {
        None => 0..games,
        Some([i, n]) => {
            let at = |k: u64| (k as u128 * games as u128 / n.max(1) as u128) as u64;
            at(i)..at(i + 1)
        }
    }
}

/// The summary of a simulation run: its identity, the sums of its games
/// (the game's own sums `S`) and how long it took.
#[derive(Debug, Clone)]
pub struct Summary<S> {
    pub meta: Meta,
    pub totals: Totals<S>,
    pub seconds: f64,
    pub threads: usize,
}

impl<S> Summary<S> {
    pub fn games_per_sec(&self) -> f64 {
        self.totals.games as f64 / self.seconds.max(1e-9)
    }
}

/// Plays one game between random agents to the end.
pub fn play_random<S: Scored>(mut state: S, seed: u64, index: u64) -> (S, u64) {
    let mut agents: Vec<RandomAgent> = (0..state.num_players())
        .map(|p| RandomAgent::new(derive(seed, index, 1 + p as u64)))
        .collect();
    let mut legal = Vec::with_capacity(64);
    let mut moves = 0;
    while let Actor::Player(p) = state.current_actor() {
        let (m, _) = Agent::<S>::choose_move(&mut agents[p], &state, &mut legal);
        state.apply_legal(m);
        moves += 1;
    }
    (state, moves)
}

/// Runs `games` random games of any scored game; `new_game(seed)` builds
/// the initial state. Only outcome, scores and length are summed.
pub fn simulate<S, F>(games: u64, seed: u64, threads: usize, new_game: F) -> Summary<()>
where
    S: Scored,
    F: Fn(u64) -> S + Sync,
{
    let start = Instant::now();
    let run = || {
        (0..games)
            .into_par_iter()
            .fold(Totals::<()>::default, |mut t, i| {
                let (s, moves) = play_random(new_game(derive(seed, i, 0)), seed, i);
                t.add_game(&s, moves);
                t
            })
            .reduce(Totals::default, Totals::merge)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let totals = pool.install(run);
    let seats = if games > 0 {
        new_game(0).seat_ids()
    } else {
        vec![]
    };
    Summary {
        meta: Meta {
            seat_names: seats.clone(),
            seats,
            seed,
            games,
            ..Meta::default()
        },
        totals,
        seconds: start.elapsed().as_secs_f64(),
        threads,
    }
}

/// Plays game `index` of a run seeded `seed` between `agents` (one per
/// seat) and measures it. `record` keeps the state's event log.
pub fn play_game<G: Simulated>(
    rules: &Arc<G::Rules>,
    agents: &[AgentSpec<G>],
    seed: u64,
    index: u64,
    record: bool,
) -> (G::State, GameRecord<G::Record>) {
    let mut state = G::new_state(rules, derive(seed, index, 0), record);
    let rec = play_measured::<G>(&mut state, agents, seed, index, &AtomicBool::new(false))
        .expect("a game that is never stopped ends");
    (state, rec)
}

/// Plays `state` (game `index` of a run seeded `seed`, freshly dealt) to
/// the end between `agents` and measures it. The state stays the
/// caller's: a run drops it where it was built, without moving it out
/// per game. Seats that are not all random read `stop` before each
/// decision and give up the game (`None`) once it is set; random seats
/// play a game (a fraction of a millisecond) to its end.
fn play_measured<G: Simulated>(
    state: &mut G::State,
    agents: &[AgentSpec<G>],
    seed: u64,
    index: u64,
    stop: &AtomicBool,
) -> Option<GameRecord<G::Record>> {
    let agent_seed = |p: usize| derive(seed, index, 1 + p as u64);
    // Grown only if a decision lists its moves (random seats rarely do):
    // no allocation per game.
    let mut legal = Vec::new();
    // Only the histogram per decision: the number of decisions, the sum of
    // their choices and the forced ones are read off it at the end.
    let mut hist = LegalCounts::default();
    if agents.iter().all(|a| matches!(a, AgentSpec::Random)) {
        // Random seats pick with their own RNGs directly (the same picks
        // as `RandomAgent`, without a call through `dyn Agent` per
        // decision), built in place as `RandomAgent::new` seeds them.
        let mut rngs: ArrayVec<AgentRng, MAX_SEATS> = (0..agents.len())
            .map(|p| crate::engine::seed::agent_rng(agent_seed(p)))
            .collect();
        G::play_random(state, &mut rngs, &mut legal, &mut |n| hist.add(n));
    } else {
        let mut seats: Vec<Box<dyn Agent<G::State>>> = agents
            .iter()
            .enumerate()
            .map(|(p, a)| a.build(agent_seed(p)))
            .collect();
        while let Actor::Player(p) = state.current_actor() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let (m, n) = seats[p].choose_move(state, &mut legal);
            state.apply_legal(m);
            hist.add(n);
        }
    }
    let (outcome, game) = G::record(state);
    Some(GameRecord {
        index,
        outcome,
        moves: hist.decisions(),
        legal_sum: hist.legal_sum(),
        forced: hist.forced(),
        legal: hist,
        game,
    })
}

/// A run of games: the rules, the agents (one per seat), the threads, and
/// the report's identity (seed, number of games and shard are read from
/// `meta`).
pub struct RunConfig<G: Simulated> {
    pub rules: Arc<G::Rules>,
    pub agents: Vec<AgentSpec<G>>,
    pub meta: Meta,
    pub threads: usize,
}

/// Games counted at once by the progress bar.
const PROGRESS_BLOCK: u64 = 64;

/// Plays game `i` of `cfg`'s run and measures it, unless `stop` is set
/// (`None`: not played, or given up). Counts finished games in `done`.
fn play_indexed<G: Simulated>(
    cfg: &RunConfig<G>,
    i: u64,
    done: &AtomicU64,
    stop: &AtomicBool,
) -> Option<GameRecord<G::Record>> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let seed = cfg.meta.seed;
    let mut state = G::new_state(&cfg.rules, derive(seed, i, 0), false);
    let r = play_measured::<G>(&mut state, &cfg.agents, seed, i, stop)?;
    // Counted for the progress bar by blocks of games: an atomic add per
    // game would hold up every game (and share a cache line between the
    // threads).
    if (i + 1).is_multiple_of(PROGRESS_BLOCK) {
        done.fetch_add(PROGRESS_BLOCK, Ordering::Relaxed);
    }
    Some(r)
}

/// Seconds as `1:02:03` or `2:03`.
fn clock(secs: f64) -> String {
    let s = secs.round().min(1e9) as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The progress bar's words after `n` of `total` games in `secs` seconds:
/// the rate and the time left over the whole run so far (steady, unlike a
/// short moving window); no estimate before the first game is done.
fn progress_message(n: u64, total: u64, secs: f64) -> String {
    let games = format!(
        "{}/{} games",
        indicatif::HumanCount(n),
        indicatif::HumanCount(total)
    );
    if n == 0 {
        return format!("{games}, time left not known yet");
    }
    let rate = n as f64 / secs.max(1e-9);
    let left = total.saturating_sub(n) as f64 / rate;
    format!("{games}, {rate:.0} games/s, {} left", clock(left))
}

/// Runs `f` with a counter of finished games; when `show` is set and the
/// work lasts over a second, draws a progress bar (rate and time left) on
/// stderr until `f` returns, then clears it.
pub fn with_progress<R>(total: u64, show: bool, f: impl FnOnce(&AtomicU64) -> R) -> R {
    let done = AtomicU64::new(0);
    if !show {
        return f(&done);
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let ticker = scope.spawn(|| {
            let start = Instant::now();
            let mut bar: Option<indicatif::ProgressBar> = None;
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let elapsed = start.elapsed();
                if bar.is_none() && elapsed >= Duration::from_secs(1) {
                    let style =
                        indicatif::ProgressStyle::with_template("{prefix} [{wide_bar}] {msg}")
                            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                            .progress_chars("=> ");
                    bar = Some(
                        indicatif::ProgressBar::with_draw_target(
                            Some(total),
                            indicatif::ProgressDrawTarget::stderr(),
                        )
                        .with_style(style),
                    );
                }
                if let Some(b) = &bar {
                    let n = done.load(Ordering::Relaxed);
                    let secs = elapsed.as_secs_f64();
                    b.set_prefix(clock(secs));
                    b.set_message(progress_message(n, total, secs));
                    b.set_position(n);
                }
            }
            if let Some(b) = bar {
                b.finish_and_clear();
            }
        });
        let out = f(&done);
        finished.store(true, Ordering::Relaxed);
        let _ = ticker.join();
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No time left is guessed before the first game is done (it was
    /// "277777:46:40 left", a rate of zero); then it is the run's rate.
    #[test]
    fn progress_guesses_no_time_left_before_a_game_is_done() {
        let first = progress_message(0, 1000, 1.05);
        assert_eq!(first, "0/1,000 games, time left not known yet");
        assert_eq!(
            progress_message(250, 1000, 2.0),
            "250/1,000 games, 125 games/s, 0:06 left"
        );
        assert_eq!(
            progress_message(1000, 1000, 8.0),
            "1,000/1,000 games, 125 games/s, 0:00 left"
        );
    }

    /// The dense histogram counts as a map of values would, whatever the
    /// order the values come in, and keeps the map's serialized form.
    #[test]
    fn hist_is_a_map_of_counts() {
        let values = [5i64, 3, 9, 5, -2, 9, 9, 40, 3];
        let mut map = BTreeMap::<i64, u64>::new();
        let (mut a, mut b) = (Hist::default(), Hist::default());
        for &v in &values {
            *map.entry(v).or_default() += 1;
            a.add(v);
        }
        for &v in values.iter().rev() {
            b.add(v);
        }
        assert_eq!(a, b);
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            map.clone().into_iter().collect::<Vec<_>>()
        );
        assert_eq!((a.min(), a.max(), a.n()), (Some(-2), Some(40), 9));
        assert_eq!(a.count_in(3..9), 4);
        assert_eq!(a.quantile(0.5), Some(5));
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, serde_json::to_string(&map).unwrap());
        assert_eq!(serde_json::from_str::<Hist>(&json).unwrap(), a);
        let (mut m, mut halves) = (a.clone(), Hist::default());
        m.merge(&b);
        halves.merge(&a.map(|v| v * 2));
        assert_eq!(m.n(), 18);
        assert_eq!(halves.max(), Some(80));
        assert_eq!(Hist::default().min(), None);
        // Values spread wide: a map, equal to the same values added densely
        // then spread, and serialized alike.
        let wide = [7i64, -3, 1_000_000_000, 7, i64::MIN / 2];
        let (mut w, mut map) = (Hist::default(), BTreeMap::<i64, u64>::new());
        for &v in &wide {
            w.add(v);
            *map.entry(v).or_default() += 1;
        }
        assert!(w.sparse.is_some() && w.counts.is_empty());
        assert_eq!(
            w.iter().collect::<Vec<_>>(),
            map.clone().into_iter().collect::<Vec<_>>()
        );
        assert_eq!(
            (w.min(), w.max(), w.n()),
            (Some(i64::MIN / 2), Some(1_000_000_000), 5)
        );
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(json, serde_json::to_string(&map).unwrap());
        assert_eq!(serde_json::from_str::<Hist>(&json).unwrap(), w);
        let mut dense_first = Hist::default();
        dense_first.merge(&Hist::default());
        for &v in wide.iter().rev() {
            dense_first.add(v);
        }
        assert_eq!(dense_first, w);
    }

    /// One game's choice histogram: counts beyond the inline ones kept
    /// too, the sums read off it as a running count would give them, and
    /// `iter` (what `Totals::add` sums) giving every count at its index.
    #[test]
    fn legal_counts_keep_large_choices_and_sum_them() {
        let ns = [1usize, 2, 2, 63, 64, 1, 130, 64, 5];
        let mut h = LegalCounts::default();
        for &n in &ns {
            h.add(n);
        }
        assert_eq!(h.decisions(), ns.len() as u32);
        assert_eq!(h.legal_sum(), ns.iter().map(|&n| n as u64).sum::<u64>());
        assert_eq!(h.forced(), 2);
        assert_eq!(h.len(), 131);
        let mut expect = vec![0u64; 131];
        for &n in &ns {
            expect[n] += 1;
        }
        let counts: Vec<u64> = h.iter().map(u64::from).take(131).collect();
        assert_eq!(counts, expect);
        assert!(LegalCounts::default().is_empty());
    }
}
