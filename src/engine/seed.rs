//! Seeds: every random stream in Ludus is derived from one user seed, so the
//! same seed gives the same games on any thread count.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The RNG of a game's own chance (the deal, the shuffles): ChaCha8,
/// portable and fixed, for a saved game is its seed and its moves.
pub type Rng = ChaCha8Rng;

/// The RNG of the agents' picks (random moves, rollouts, tie breaks): PCG32
/// (`rand_pcg`, XSH RR 64/32), portable and reproducible like ChaCha8 but a
/// few cycles per draw with no block to refill, and 16 bytes of state to
/// seed per game. Random playouts make one draw per decision (about 290 a
/// game), which ChaCha8 made about 7% of their time and Xoshiro128++ 5%
/// (docs/simulate.md); PCG32 updates one 64-bit word of state per draw (a
/// multiply and an add), and its output is a few shifts of the old state
/// (no multiplication on the way to the pick, which the branch on the pick
/// waits for). A saved
/// game does not depend on it: its moves are recorded.
pub type AgentRng = rand_pcg::Pcg32;

/// SplitMix64 finaliser: spreads nearby inputs over the whole range.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `stream` of game `index` of a run seeded with `seed`.
/// Stream 0 is the game state; stream 1 + seat is that seat's agent.
pub fn derive(seed: u64, index: u64, stream: u64) -> u64 {
    mix(mix(seed ^ mix(index)) ^ stream.wrapping_mul(0xA24B_AED4_963E_E407))
}

pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

pub fn agent_rng(seed: u64) -> AgentRng {
    AgentRng::seed_from_u64(seed)
}

/// A uniform index in `0..n` (`n` in `1..=u32::MAX`): exactly
/// `rng.random_range(0..n)` of `rand` (the same draws, the same result),
/// inlined for the random playouts' one draw per decision. The method is
/// `rand`'s for ranges that fit 32 bits: a 32-bit draw times `n`, whose
/// high half is the index; when the low half falls in the biased zone, a
/// second draw decides whether to carry one.
#[inline]
pub fn below<R: rand::Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    let range = n as u32;
    let m = u64::from(rng.next_u32()) * u64::from(range);
    let (mut hi, lo) = ((m >> 32) as u32, m as u32);
    if lo > range.wrapping_neg() {
        let hi2 = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        hi += u32::from(lo.checked_add(hi2).is_none());
    }
    hi as usize
}

/// Shuffles `items` exactly as rand's `SliceRandom::shuffle` does (rand
/// 0.10: Fisher–Yates from the front, the swap index for position `i` uniform
/// in `0..=i`, decoded from one `random_range` draw per run of positions whose
/// bounds multiply within `u32`), drawing the same numbers from `rng`, so that
/// seeded games stay the same. Written out because rand's generic code costs
/// several times more on a deck's few cards; a test holds it to rand's.
pub fn shuffle<T, R: rand::Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    /// For bounds from `n`: the longest product n(n+1)..(n+k-1) within
    /// `u32`, and its length k.
    const fn run(n: u32) -> (u32, u32) {
        let (mut bound, mut k) = (n, 1);
        while let Some(b) = bound.checked_mul(n + k) {
            bound = b;
            k += 1;
        }
        (bound, k)
    }
    /// `run(n)` for the `n` of a deck, worked out at compile time.
    static RUNS: [(u32, u32); 256] = {
        let mut t = [(0, 0); 256];
        let mut n = 1;
        while n < 256 {
            t[n] = run(n as u32);
            n += 1;
        }
        t
    };
    let len = items.len();
    // The first index is always 0: no draw. Each draw decodes a run of
    // positions: the swap index of each but the last is the remainder by
    // its bound, the last takes the quotient left.
    let mut i = 1;
    while i < len {
        let n = i as u32 + 1;
        let (bound, k) = match RUNS.get(n as usize) {
            Some(&r) => r,
            None => run(n),
        };
        let mut chunk = rng.random_range(..bound);
        let last = (i + k as usize - 1).min(len);
        if last < INV.len() {
            // Every bound of the run (up to `last`) has its inverse in the table.
            while i < last {
                let (q, r) = div_rem_small(chunk, i as u32 + 1);
                chunk = q;
                items.swap(i, r as usize);
                i += 1;
            }
        } else {
            while i < last {
                let (q, r) = div_rem(chunk, i as u32 + 1);
                chunk = q;
                items.swap(i, r as usize);
                i += 1;
            }
        }
        if i < len {
            items.swap(i, chunk as usize);
            i += 1;
        }
    }
}

/// `INV[n]`: ⌊(2⁶⁴ − 1) / n⌋ + 1, for `div_rem_small`.
static INV: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut n = 2;
    while n < 256 {
        t[n] = u64::MAX / n as u64 + 1;
        n += 1;
    }
    t
};

/// `(x / n, x % n)` for `n` from 2: by a multiplication with a
/// precomputed inverse for the small `n` of a deck (Lemire's exact
/// `fastmod` for 32-bit dividends), a division beyond. The shuffle's
/// chunk is divided once per card, each division waiting for the last.
#[inline]
fn div_rem(x: u32, n: u32) -> (u32, u32) {
    if n < 256 {
        div_rem_small(x, n)
    } else {
        (x / n, x % n)
    }
}

/// `div_rem` for `n` in `2..256` (the caller knows it: no test per card).
#[inline]
fn div_rem_small(x: u32, n: u32) -> (u32, u32) {
    debug_assert!((2..256).contains(&n));
    let q = ((u128::from(INV[(n & 0xFF) as usize]) * u128::from(x)) >> 64) as u32;
    (q, x - q * n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn div_rem_divides() {
        for n in 2..300u32 {
            for x in (0..5000u32).chain([u32::MAX, u32::MAX - 1, 1 << 31, 479_001_599]) {
                assert_eq!(super::div_rem(x, n), (x / n, x % n), "{x} / {n}");
            }
        }
    }

    use rand::RngExt;

    use super::*;

    #[test]
    fn shuffle_is_rands() {
        use rand::seq::SliceRandom;
        // Decks past 255 cards take the division's general way.
        for len in (0..40u32).chain([254, 255, 256, 257, 300]) {
            for seed in 0..50 {
                let (mut a, mut b) = (rng(seed), rng(seed));
                let mut x: Vec<u32> = (0..len).collect();
                let mut y = x.clone();
                x.shuffle(&mut a);
                shuffle(&mut y, &mut b);
                assert_eq!(x, y, "len {len}, seed {seed}");
                assert_eq!(a.random_range(..1u64 << 40), b.random_range(..1u64 << 40));
            }
        }
    }

    #[test]
    fn below_is_rands_random_range() {
        let (mut a, mut b) = (rng(7), rng(7));
        for n in (1..200).chain([1000, 65_537, 1 << 31, u32::MAX as usize]) {
            for _ in 0..200 {
                assert_eq!(below(&mut a, n), b.random_range(0..n), "n = {n}");
            }
        }
    }
}
