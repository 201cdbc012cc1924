//! A seat's placements: each card of its hand at the bottom of each
//! column open to it, listed for a person or an agent, or one of them
//! picked by number without the list (random playouts, where a placement
//! is most of a game's work).
//!
//! **Invariant:** [`Table::placement`]`(p, i)` is the `i`-th item of
//! [`Table::placements`]`(p)`, for every `i` below
//! [`Table::placement_count`]`(p)` (tested below).

use super::MAX_SEATS;
use super::table::Table;
use crate::engine::bits::nth_set_bit;

impl Table {
    /// Seat `p`'s placements as (card, column): its hand's cards in order,
    /// each at every open column, left to right.
    pub fn placements(&self, p: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
        let open = self.open;
        let columns = (0..self.columns.len() as u8).filter(move |&c| open & (1 << c) != 0);
        let hand = self.hands[p].iter();
        hand.flat_map(move |&card| columns.clone().map(move |c| (card, c)))
    }

    /// How many placements seat `p` has: its hand times the open columns.
    #[inline]
    pub fn placement_count(&self, p: usize) -> usize {
        self.hands[p].len() * self.open.count_ones() as usize
    }

    /// The `i`-th of seat `p`'s placements, for `i` below
    /// [`Table::placement_count`], without listing them.
    #[inline(always)]
    pub fn placement(&self, p: usize, i: usize) -> (u8, u8) {
        let (q, r) = div_small(i, self.open.count_ones() as usize);
        (self.hands[p][q], nth_set_bit(self.open, r))
    }
}

/// `(i / d, i % d)` for a divisor of at most [`MAX_SEATS`] (the open
/// columns) and `i` below 2^16, by a multiplication: a division is the
/// slowest instruction of a random placement. Equal to `/` and `%`
/// (tested for every such `i` and `d`).
fn div_small(i: usize, d: usize) -> (usize, usize) {
    /// `ceil(2^32 / d)`: `(i * R[d]) >> 32` is `i / d` for `i < 2^16`.
    const R: [u64; MAX_SEATS + 1] = {
        let mut t = [0; MAX_SEATS + 1];
        let mut d = 1;
        while d <= MAX_SEATS {
            t[d] = (1u64 << 32).div_ceil(d as u64);
            d += 1;
        }
        t
    };
    if d > MAX_SEATS || i >= 1 << 16 {
        return (i / d, i % d);
    }
    let q = ((i as u64 * R[d]) >> 32) as usize;
    (q, i - q * d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effects::columns::table::Column;
    use arrayvec::ArrayVec;

    #[test]
    fn div_small_is_division() {
        for d in 1..=MAX_SEATS + 2 {
            for i in 0..(1 << 16) + 8 {
                assert_eq!(div_small(i, d), (i / d, i % d), "{i} / {d}");
            }
        }
    }

    #[test]
    fn a_placement_by_number_is_the_listed_one() {
        let mut t = Table::new(false);
        t.hands[1] = [7, 3, 9].into_iter().collect();
        for open in 1..64u8 {
            t.columns = (0..6)
                .map(|i| Column {
                    objective: i,
                    need: 1,
                    sealed: false,
                    cards: ArrayVec::new(),
                })
                .collect();
            t.open = open;
            let listed: Vec<(u8, u8)> = t.placements(1).collect();
            assert_eq!(listed.len(), t.placement_count(1));
            for (i, &p) in listed.iter().enumerate() {
                assert_eq!(t.placement(1, i), p, "open {open:b}, placement {i}");
            }
        }
    }
}
