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
