//! Where the cards lie: every pile's cards in order, bottom first, each
//! pile one run of an arena with free room after it, so that a card moved
//! from a pile's top or bottom to another's top (a draw, a lay, a discard,
//! a column given back) moves no other card. A pile that runs out of room
//! gets it back by a respacing of the whole arena, which only moves piles,
//! never reorders them.
//!
//! Invariants: the piles lie in their index order; pile p is
//! `start[p]..end[p]`, and `end[p] <= start[p + 1]` (the arena's end for
//! the last); the cards of piles past `used` are none. The room between
//! two piles is the lower one's: a pile grows at its top only.

use super::model::{MAX_CARDS, MAX_PILES};

/// Places in the arena: four times the most cards, so that each pile has
/// room after a respacing (at least 12 places with the most cards in the
/// most piles). With twice the most cards, a game of 30 piles and 136
/// cards respaced about four times (6,000 instructions); with four times,
/// its playouts ran 5% faster, and a search's clones, larger, cost 1.6%
/// more instructions (docs/performance-described.md).
const ROOM: usize = 1024;
const _: () = assert!(ROOM >= 4 * MAX_CARDS && ROOM <= u16::MAX as usize);

/// The piles of a game in progress.
#[derive(Clone)]
pub struct Piles {
    order: [u8; ROOM],
    start: [u16; MAX_PILES],
    end: [u16; MAX_PILES],
    /// How many piles the rules have (the others stay empty).
    used: u8,
}

impl Piles {
    /// `used` piles, all empty, evenly spaced.
    pub fn new(used: usize) -> Piles {
        let mut p = Piles {
            order: [0; ROOM],
            start: [0; MAX_PILES],
            end: [0; MAX_PILES],
            used: used.min(MAX_PILES) as u8,
        };
        p.respace();
        p
    }

    /// Pile `p`'s cards, bottom first.
    #[inline]
    pub fn get(&self, p: usize) -> &[u8] {
        &self.order[self.start[p] as usize..self.end[p] as usize]
    }

    /// Pile `p`'s cards, to reorder them in place.
    #[inline]
    pub fn get_mut(&mut self, p: usize) -> &mut [u8] {
        &mut self.order[self.start[p] as usize..self.end[p] as usize]
    }

    /// How many cards pile `p` holds.
    #[inline]
    pub fn len(&self, p: usize) -> usize {
        (self.end[p] - self.start[p]) as usize
    }

    /// Puts card `c` on top of pile `p` (a layout being built).
    pub fn push(&mut self, p: usize, c: u8) {
        self.insert(p, self.len(p), c);
    }

    /// Whether the rules have pile `p`.
    #[inline]
    pub fn has(&self, p: usize) -> bool {
        p < self.used as usize
    }

    /// Takes card `c` out of pile `p` (the last place it is at); the
    /// place it was at, if it was there. The cards above it move down one
    /// place.
    #[inline]
    pub fn remove(&mut self, p: usize, c: u8) -> Option<usize> {
        if !self.has(p) {
            return None;
        }
        let (a, b) = (self.start[p] as usize, self.end[p] as usize);
        if b > a && self.order[a] == c && self.order[b - 1] != c {
            // The bottom card: the pile starts one place later (the room
            // before it is the pile below's).
            self.start[p] += 1;
            return Some(0);
        }
        let i = self.order[a..b].iter().rposition(|&x| x == c)?;
        shift(&mut self.order[a + i..b], false);
        self.end[p] -= 1;
        Some(i)
    }

    /// Moves card `c` from the top or the bottom of pile `from` to the top
    /// of another pile `to` that has room for it (the common moves: a
    /// draw, a lay, a discard; a column given back or a discard pile
    /// turned into a reserve, bottom first), or does nothing and says no:
    /// then [`Piles::remove`] and [`Piles::insert`] do it, and leave the
    /// piles as this does.
    #[inline(always)]
    pub fn move_end(&mut self, from: usize, to: usize, c: u8) -> bool {
        if from == to || !self.has(from) || !self.has(to) {
            return false;
        }
        let (a, top, end) = (
            self.start[from] as usize,
            self.end[from] as usize,
            self.end[to] as usize,
        );
        if top <= a || end >= self.limit(to) {
            return false;
        }
        if self.order[top - 1] == c {
            self.end[from] -= 1;
        } else if self.order[a] == c {
            // The room before it is the pile below's.
            self.start[from] += 1;
        } else {
            return false;
        }
        self.order[end] = c;
        self.end[to] += 1;
        true
    }

    /// Moves every card of pile `from` onto pile `to`, empty and with the
    /// room for them, in their order (as [`Piles::move_end`] from the
    /// bottom one at a time would), or does nothing and says no.
    pub fn move_all(&mut self, from: usize, to: usize) -> bool {
        if from == to || !self.has(from) || !self.has(to) || self.len(to) > 0 {
            return false;
        }
        let (a, b, at) = (
            self.start[from] as usize,
            self.end[from] as usize,
            self.end[to] as usize,
        );
        if at + (b - a) > self.limit(to) {
            return false;
        }
        self.order.copy_within(a..b, at);
        self.end[to] += (b - a) as u16;
        self.end[from] = self.start[from];
        true
    }

    /// Puts card `c` into pile `p` at place `at` (0: the bottom; at most
    /// its length: the top). The cards from there on move up one place.
    /// A pile the rules do not have takes no card.
    #[inline(always)]
    pub fn insert(&mut self, p: usize, at: usize, c: u8) {
        if !self.has(p) {
            return;
        }
        if self.end[p] as usize >= self.limit(p) {
            self.respace();
        }
        let (a, b) = (self.start[p] as usize, self.end[p] as usize + 1);
        let g = a + at.min(b - 1 - a);
        shift(&mut self.order[g..b], true);
        self.order[g] = c;
        self.end[p] += 1;
    }

    /// Where the room after pile `p` ends: the next used pile's start, or
    /// the arena's end.
    #[inline]
    fn limit(&self, p: usize) -> usize {
        if p + 1 < self.used as usize {
            self.start[p + 1] as usize
        } else {
            ROOM
        }
    }

    /// Lays the piles out again, in order, with the free room shared
    /// evenly (at least 12 places each: at most [`MAX_CARDS`] cards in
    /// [`MAX_PILES`] piles).
    #[cold]
    fn respace(&mut self) {
        let used = self.used as usize;
        let cards: usize = (0..used).map(|p| self.len(p)).sum();
        let spare = (ROOM - cards) / used.max(1);
        let mut out = [0u8; ROOM];
        let mut at = 0;
        let (mut start, mut end) = ([ROOM as u16; MAX_PILES], [ROOM as u16; MAX_PILES]);
        for p in 0..used {
            let n = self.len(p);
            out[at..at + n].copy_from_slice(self.get(p));
            start[p] = at as u16;
            end[p] = (at + n) as u16;
            at += n + spare;
        }
        (self.order, self.start, self.end) = (out, start, end);
    }
}

/// Shifts `s` by one place up (its last place is overwritten) or down
/// (its first): a few bytes one at a time, as a call of `memmove` costs
/// more than a few bytes.
#[inline(always)]
fn shift(s: &mut [u8], up: bool) {
    let n = s.len();
    match (n < 16, up) {
        (_, _) if n < 2 => {}
        (false, true) => s.copy_within(..n - 1, 1),
        (false, false) => s.copy_within(1.., 0),
        (true, true) => (1..n).rev().for_each(|j| s[j] = s[j - 1]),
        (true, false) => (1..n).for_each(|j| s[j - 1] = s[j]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Random inserts and removes agree with a vector per pile, through
    /// many respacings (one pile taking every card among others).
    #[test]
    fn piles_agree_with_vectors() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for used in [1, 5, 27, MAX_PILES] {
            let mut piles = Piles::new(used);
            let mut model: Vec<Vec<u8>> = vec![Vec::new(); used];
            let mut loc = vec![0usize; MAX_CARDS];
            for c in 0..MAX_CARDS as u8 {
                piles.push(0, c);
                model[0].push(c);
            }
            for step in 0..20_000 {
                let c = rng.random_range(0..MAX_CARDS) as u8;
                let to = if step % 3 == 0 {
                    used - 1
                } else {
                    rng.random_range(0..used)
                };
                let from = loc[c as usize];
                loc[c as usize] = to;
                if step % 2 == 0 && piles.move_end(from, to, c) {
                    let i = if model[from].last() == Some(&c) {
                        model[from].len() - 1
                    } else {
                        0
                    };
                    assert_eq!(model[from].remove(i), c, "moved from an end");
                    model[to].push(c);
                    continue;
                }
                let i = piles.remove(from, c).expect("the card is where it was put");
                model[from].remove(i);
                let at = rng.random_range(0..=model[to].len());
                piles.insert(to, at, c);
                model[to].insert(at, c);
            }
            for (p, m) in model.iter().enumerate() {
                assert_eq!(piles.get(p), &m[..], "pile {p} of {used}");
            }
        }
    }

    /// A whole pile moved at once leaves the piles as its cards moved one
    /// at a time from the bottom; a pile not empty or short of room takes
    /// none.
    #[test]
    fn a_pile_moved_whole_is_the_pile_moved_card_by_card() {
        let (mut whole, mut one_by_one) = (Piles::new(4), Piles::new(4));
        for c in [5, 9, 2, 7] {
            whole.push(1, c);
            one_by_one.push(1, c);
        }
        assert!(whole.move_all(1, 3));
        while let Some(&c) = one_by_one.get(1).first() {
            assert!(one_by_one.move_end(1, 3, c));
        }
        for p in 0..4 {
            assert_eq!(whole.get(p), one_by_one.get(p), "pile {p}");
        }
        whole.push(1, 4);
        assert!(!whole.move_all(1, 3), "not empty");
        let mut full = Piles::new(2);
        (0..ROOM as u16 / 2 + 1).for_each(|c| full.push(0, c as u8));
        assert!(!full.move_all(0, 1), "short of room");
        assert_eq!((full.len(0), full.len(1)), (ROOM / 2 + 1, 0));
    }

    /// A pile the rules do not have takes no card and gives none.
    #[test]
    fn a_pile_out_of_the_rules_is_left_alone() {
        let mut piles = Piles::new(3);
        piles.push(1, 7);
        piles.insert(3, 0, 8);
        piles.push(MAX_PILES - 1, 9);
        assert_eq!(piles.remove(5, 7), None);
        assert_eq!(piles.get(1), &[7]);
        assert!((0..MAX_PILES).all(|p| p == 1 || piles.get(p).is_empty()));
    }
}
