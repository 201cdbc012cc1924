//! Seeds: every random stream in Ludus is derived from one user seed, so the
//! same seed gives the same games on any thread count.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The RNG used by game states and agents: portable and reproducible.
pub type Rng = ChaCha8Rng;

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

/// A uniform index in `0..n` (`n` in `1..=u32::MAX`): exactly
/// `rng.random_range(0..n)` of `rand` (the same draws, the same result),
/// inlined for the random playouts' one draw per decision. The method is
/// `rand`'s for ranges that fit 32 bits: a 32-bit draw times `n`, whose
/// high half is the index; when the low half falls in the biased zone, a
/// second draw decides whether to carry one.
#[inline]
pub fn below(rng: &mut Rng, n: usize) -> usize {
    use rand::Rng as _;
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

#[cfg(test)]
mod tests {
    use rand::RngExt;

    use super::*;

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
