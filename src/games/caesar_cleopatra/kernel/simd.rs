//! The byte-vector primitives of the hot path: card counts (`Counts`, one
//! byte per kind) and per-group byte arrays taken whole, 16 or 8 bytes at
//! a time, with SSE2 (part of every x86_64) or SSSE3 (`held_ranks`, when
//! the build enables it: `.cargo/config.toml` targets x86-64-v2).
//!
//! Each function has a plain twin in [`scalar`], always compiled: it is
//! the body on other targets (and without SSSE3), and on x86_64 the unit
//! tests below compare the two on many pseudo-random inputs, so that
//! `cargo test` and `cargo clippy --all-targets` build and check both
//! whatever the machine. A twin states what its vector version computes;
//! read it first.

use super::super::model::{Counts, Kind, MAX_GROUPS, MAX_KINDS, Rules};

/// The kinds with a card in `c`, as a bit mask of kind indices.
#[inline]
pub(crate) fn nonzero_kinds(c: &Counts) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        // SSE2 is part of x86_64: compare all 16 bytes with zero at once.
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
        };
        // SAFETY: SSE2 is always available on x86_64; the load reads the
        // 16 bytes of `c` (unaligned load).
        let zero = unsafe {
            _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_loadu_si128(c.as_ptr().cast()),
                _mm_setzero_si128(),
            ))
        };
        !(zero as u16)
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::nonzero_kinds(c)
}

/// Adds `n` to byte `g` of a per-group byte array (a count, which stays
/// below 256: no carry), as one 8-byte load and store. The hot path reads
/// these arrays as 8-byte words (`room_masks`, `playable`), and a wide load
/// right after a one-byte store to the same word waits for the store to
/// reach the cache.
#[inline]
pub(crate) fn add_at(b: &mut [u8; MAX_GROUPS], g: usize, n: u8) {
    debug_assert!(
        b[g % MAX_GROUPS].checked_add(n).is_some(),
        "a count past 255"
    );
    let w = u64::from_ne_bytes(*b).wrapping_add(u64::from(n) << (8 * (g % MAX_GROUPS)));
    *b = w.to_ne_bytes();
}

/// Takes `n` from byte `g` (at least `n`: no borrow), as `add_at`.
#[inline]
pub(crate) fn sub_at(b: &mut [u8; MAX_GROUPS], g: usize, n: u8) {
    debug_assert!(b[g % MAX_GROUPS] >= n, "a count below 0");
    let w = u64::from_ne_bytes(*b).wrapping_sub(u64::from(n) << (8 * (g % MAX_GROUPS)));
    *b = w.to_ne_bytes();
}

/// Sets byte `g` to `v`, as `add_at`.
#[inline]
pub(crate) fn set_at(b: &mut [u8; MAX_GROUPS], g: usize, v: u8) {
    let shift = 8 * (g % MAX_GROUPS);
    let w = u64::from_ne_bytes(*b) & !(0xFF << shift) | u64::from(v) << shift;
    *b = w.to_ne_bytes();
}

/// Adds 1 to (`add`) or takes 1 from count `k` of `c`, as one 16-byte load
/// and one 16-byte store: the hot path then reads the counts as a whole
/// (`nonzero_kinds`, `masked_sum`, a vote's sums), and a 16-byte load right
/// after a one-byte store to the same bytes would wait for the store to
/// reach the cache (no store-to-load forwarding across sizes).
#[inline]
pub(crate) fn bump(c: &mut Counts, k: Kind, add: bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_add_epi8, _mm_loadu_si128, _mm_storeu_si128, _mm_sub_epi8};
        /// `ONE[k]`: 1 at byte k.
        static ONE: [[u8; MAX_KINDS]; MAX_KINDS] = {
            let mut t = [[0u8; MAX_KINDS]; MAX_KINDS];
            let mut k = 0;
            while k < MAX_KINDS {
                t[k][k] = 1;
                k += 1;
            }
            t
        };
        // SAFETY: SSE2 is always available on x86_64; the loads and the
        // store cover the 16 bytes of a 16-byte array.
        unsafe {
            let v = _mm_loadu_si128(c.as_ptr().cast());
            let one = _mm_loadu_si128(ONE[k.ix() % MAX_KINDS].as_ptr().cast());
            let r = if add {
                _mm_add_epi8(v, one)
            } else {
                _mm_sub_epi8(v, one)
            };
            _mm_storeu_si128(c.as_mut_ptr().cast(), r);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::bump(c, k, add)
}

/// Moves the counts of `down` masked by `mask` (bytes 0 or 0xFF) onto
/// `up`, with 16-byte loads and stores (as `bump`; no byte of the sum
/// carries, each being a count of one side's cards of one kind).
#[inline]
pub(crate) fn reveal_all(down: &mut Counts, up: &mut Counts, mask: &Counts) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_loadu_si128, _mm_storeu_si128,
        };
        // SAFETY: SSE2 is always available on x86_64; every load and store
        // covers the 16 bytes of a 16-byte array.
        unsafe {
            let m = _mm_loadu_si128(mask.as_ptr().cast());
            let d = _mm_loadu_si128(down.as_ptr().cast());
            let u = _mm_loadu_si128(up.as_ptr().cast());
            _mm_storeu_si128(up.as_mut_ptr().cast(), _mm_add_epi8(u, _mm_and_si128(d, m)));
            _mm_storeu_si128(down.as_mut_ptr().cast(), _mm_andnot_si128(m, d));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::reveal_all(down, up, mask)
}

/// For the cards `down` + `up` of each kind (at most 255 of a kind): the
/// sums of their counts weighted by `a` and by `b`.
#[inline]
pub(crate) fn weighted_sums(down: &Counts, up: &Counts, a: &Counts, b: &Counts) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_add_epi8, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128,
            _mm_madd_epi16, _mm_setzero_si128, _mm_shuffle_epi32, _mm_unpackhi_epi8,
            _mm_unpacklo_epi8,
        };
        // SAFETY: SSE2 is always available on x86_64; every load reads the
        // 16 bytes of a 16-byte array.
        unsafe {
            let load = |c: &Counts| _mm_loadu_si128(c.as_ptr().cast());
            let z = _mm_setzero_si128();
            let n = _mm_add_epi8(load(down), load(up));
            let (nl, nh) = (_mm_unpacklo_epi8(n, z), _mm_unpackhi_epi8(n, z));
            // 16-bit products summed in pairs into 32-bit lanes, then the lanes.
            let dot = |w: __m128i| {
                let s = _mm_add_epi32(
                    _mm_madd_epi16(nl, _mm_unpacklo_epi8(w, z)),
                    _mm_madd_epi16(nh, _mm_unpackhi_epi8(w, z)),
                );
                let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
                let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
                _mm_cvtsi128_si32(s) as u32
            };
            (dot(load(a)), dot(load(b)))
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::weighted_sums(down, up, a, b)
}

/// The sum of the counts of `c` masked by `mask` (bytes 0 or 0xFF).
#[inline]
pub(crate) fn masked_sum(c: &Counts, mask: &Counts) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_add_epi64, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_sad_epu8,
            _mm_setzero_si128, _mm_srli_si128,
        };
        // SAFETY: SSE2 is always available on x86_64; both loads read 16
        // bytes of a 16-byte array.
        unsafe {
            let v = _mm_and_si128(
                _mm_loadu_si128(c.as_ptr().cast()),
                _mm_loadu_si128(mask.as_ptr().cast()),
            );
            // Sums of each 8-byte half, in the low bits of each 64-bit lane.
            let s = _mm_sad_epu8(v, _mm_setzero_si128());
            _mm_cvtsi128_si32(_mm_add_epi64(s, _mm_srli_si128(s, 8))) as u8
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::masked_sum(c, mask)
}

/// The groups (bit g) whose byte in `b` is not zero: `nonzero_kinds` of
/// the bytes widened to 16 (one 8-byte load).
#[inline]
pub(crate) fn nonzero_groups(b: &[u8; MAX_GROUPS]) -> u16 {
    const _: () = assert!(MAX_GROUPS <= MAX_KINDS, "a group mask fits a kind mask");
    let mut c = [0u8; MAX_KINDS];
    c[..MAX_GROUPS].copy_from_slice(b);
    nonzero_kinds(&c)
}

/// The room at each group for one player, from the per-group card counts
/// (`own`: his, `count`: each player's) and the limits: the groups with
/// room for one more card and those with room for two (bit g), before
/// any group is closed (exhausted or frozen: the caller masks those).
/// Room is `min(per_side - own, per_group - all)`, saturating. The bits
/// past `MAX_GROUPS` mean nothing (the caller's mask of open groups drops
/// them).
#[inline]
pub(crate) fn room_masks(
    count: &[[u8; MAX_GROUPS]; 2],
    own: &[u8; MAX_GROUPS],
    per_side: u8,
    per_group: u8,
) -> (u16, u16) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_add_epi8, _mm_cmpeq_epi8, _mm_loadl_epi64, _mm_min_epu8, _mm_movemask_epi8,
            _mm_set1_epi8, _mm_setzero_si128, _mm_subs_epu8,
        };
        // SAFETY: SSE2 is always available on x86_64; each load reads
        // the 8 bytes of an 8-byte array.
        unsafe {
            let load = |b: &[u8; MAX_GROUPS]| _mm_loadl_epi64(b.as_ptr().cast());
            let all = _mm_add_epi8(load(&count[0]), load(&count[1]));
            // Per group: min(per side - own, per group - all), saturating.
            let room = _mm_min_epu8(
                _mm_subs_epu8(_mm_set1_epi8(per_side as i8), load(own)),
                _mm_subs_epu8(_mm_set1_epi8(per_group as i8), all),
            );
            let z = _mm_setzero_si128();
            let zero = |v| _mm_movemask_epi8(_mm_cmpeq_epi8(v, z)) as u16;
            let one = !zero(room);
            let two = !zero(_mm_subs_epu8(room, _mm_set1_epi8(1)));
            (one, two)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::room_masks(count, own, per_side, per_group)
}

/// The groups (bit g) holding at least `at` influence cards in all.
#[inline]
pub(crate) fn groups_holding_at_least(count: &[[u8; MAX_GROUPS]; 2], at: u8) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_add_epi8, _mm_cmpeq_epi8, _mm_loadl_epi64, _mm_max_epu8, _mm_movemask_epi8,
            _mm_set1_epi8,
        };
        // SAFETY: SSE2 is always available on x86_64; each load reads
        // the 8 bytes of an 8-byte array.
        unsafe {
            let load = |b: &[u8; MAX_GROUPS]| _mm_loadl_epi64(b.as_ptr().cast());
            let all = _mm_add_epi8(load(&count[0]), load(&count[1]));
            // all >= at exactly where max(all, at) == all.
            let ge = _mm_cmpeq_epi8(_mm_max_epu8(all, _mm_set1_epi8(at as i8)), all);
            (_mm_movemask_epi8(ge) as u32) & ((1 << MAX_GROUPS) - 1)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scalar::groups_holding_at_least(count, at)
}

/// The ranks (places in `rules.influence_kinds`) of the influence kinds
/// held in `hand`, as a bit mask: one byte shuffle of the hand into the
/// rules' order, compared with zero (no test per kind, which would
/// mispredict on random hands).
#[inline(always)]
pub(crate) fn held_ranks(rules: &Rules, hand: &Counts) -> u16 {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128, _mm_shuffle_epi8,
        };
        // SAFETY: SSSE3 is enabled at compile time (this block is compiled
        // only then); both loads read 16 bytes of 16-byte arrays.
        let zero = unsafe {
            let h = _mm_loadu_si128(hand.as_ptr().cast());
            let order = _mm_loadu_si128(rules.influence_ranks.as_ptr().cast());
            _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_shuffle_epi8(h, order),
                _mm_setzero_si128(),
            ))
        };
        !(zero as u16)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    scalar::held_ranks(&rules.influence_ranks, hand)
}

/// The plain loops the vector functions above compute: their bodies where
/// the vector instructions are missing, and their specification, which the
/// tests hold them to on x86_64 (where nothing else calls these).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(crate) mod scalar {
    use super::{Counts, Kind, MAX_GROUPS, MAX_KINDS};

    /// The kinds with a card in `c` (bit k).
    pub(crate) fn nonzero_kinds(c: &Counts) -> u16 {
        c.iter()
            .enumerate()
            .fold(0, |m, (k, &n)| m | u16::from(n != 0) << k)
    }

    /// Count `k` of `c` plus or minus one (wrapping, as a byte lane).
    pub(crate) fn bump(c: &mut Counts, k: Kind, add: bool) {
        let n = &mut c[k.ix() % MAX_KINDS];
        *n = if add {
            n.wrapping_add(1)
        } else {
            n.wrapping_sub(1)
        };
    }

    /// The counts of `down` where `mask` is 0xFF move onto `up`.
    pub(crate) fn reveal_all(down: &mut Counts, up: &mut Counts, mask: &Counts) {
        for k in 0..MAX_KINDS {
            up[k] = up[k].wrapping_add(down[k] & mask[k]);
            down[k] &= !mask[k];
        }
    }

    /// The sums over kinds of (`down` + `up`) weighted by `a`, and by `b`.
    pub(crate) fn weighted_sums(down: &Counts, up: &Counts, a: &Counts, b: &Counts) -> (u32, u32) {
        let (mut x, mut y) = (0u32, 0u32);
        for k in 0..MAX_KINDS {
            // A byte lane: the sum of the two counts wraps as the vector's.
            let n = u32::from(down[k].wrapping_add(up[k]));
            x += n * u32::from(a[k]);
            y += n * u32::from(b[k]);
        }
        (x, y)
    }

    /// The sum of the counts where `mask` is 0xFF (modulo 256).
    pub(crate) fn masked_sum(c: &Counts, mask: &Counts) -> u8 {
        (0..MAX_KINDS).fold(0u8, |n, k| n.wrapping_add(c[k] & mask[k]))
    }

    /// Room for one card and for two at each group (bit g).
    pub(crate) fn room_masks(
        count: &[[u8; MAX_GROUPS]; 2],
        own: &[u8; MAX_GROUPS],
        per_side: u8,
        per_group: u8,
    ) -> (u16, u16) {
        let (mut one, mut two) = (0u16, 0u16);
        for g in 0..MAX_GROUPS {
            let all = count[0][g].wrapping_add(count[1][g]);
            let room = per_side
                .saturating_sub(own[g])
                .min(per_group.saturating_sub(all));
            one |= u16::from(room >= 1) << g;
            two |= u16::from(room >= 2) << g;
        }
        (one, two)
    }

    /// The groups holding at least `at` cards in all (bit g).
    pub(crate) fn groups_holding_at_least(count: &[[u8; MAX_GROUPS]; 2], at: u8) -> u32 {
        (0..MAX_GROUPS).fold(0, |m, g| {
            m | u32::from(count[0][g].wrapping_add(count[1][g]) >= at) << g
        })
    }

    /// Bit r set where the kind of rank r (`ranks[r]`, 0x80 past the last
    /// influence kind) has a card in `hand`.
    pub(crate) fn held_ranks(ranks: &[u8; MAX_KINDS], hand: &Counts) -> u16 {
        let mut m = 0;
        for (r, &k) in ranks.iter().enumerate() {
            if k < 0x80 && hand[k as usize % MAX_KINDS] > 0 {
                m |= 1 << r;
            }
        }
        m
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! Each vector function against its plain twin on many pseudo-random
    //! inputs (counts up to 15, as in play, and edge values up to 255).
    use super::*;
    use crate::engine::seed;

    /// Pseudo-random counts from `seed` (SplitMix64), below `max` + 1.
    pub(crate) fn counts(seed: u64, max: u8) -> Counts {
        let mut c = [0u8; MAX_KINDS];
        for (k, x) in c.iter_mut().enumerate() {
            let r = seed::mix(seed.wrapping_mul(31).wrapping_add(k as u64));
            // Half the kinds empty, as in a hand.
            *x = if r & 1 == 0 {
                0
            } else {
                (r >> 8) as u8 % (max.saturating_add(1)).max(1)
            };
        }
        c
    }

    fn group_bytes(c: &Counts) -> [u8; MAX_GROUPS] {
        std::array::from_fn(|g| c[g])
    }

    #[test]
    fn vector_functions_equal_their_plain_twins() {
        for s in 0..20_000u64 {
            let max = if s % 10 == 0 { 255 } else { 15 };
            let (c, d) = (counts(s, max), counts(s + 100_000, max));
            let mask = counts(s + 200_000, 1).map(|b| if b > 0 { 0xFF } else { 0 });
            assert_eq!(nonzero_kinds(&c), scalar::nonzero_kinds(&c), "{c:?}");
            assert_eq!(
                masked_sum(&c, &mask),
                scalar::masked_sum(&c, &mask),
                "{c:?} {mask:?}"
            );
            let (a, b) = (counts(s + 300_000, max), counts(s + 400_000, 5));
            assert_eq!(
                weighted_sums(&c, &d, &a, &b),
                scalar::weighted_sums(&c, &d, &a, &b),
                "{c:?} {d:?} {a:?} {b:?}"
            );
            let k = Kind((s % MAX_KINDS as u64) as u8);
            for add in [false, true] {
                let (mut v, mut p) = (c, c);
                bump(&mut v, k, add);
                scalar::bump(&mut p, k, add);
                assert_eq!(v, p, "{c:?}, kind {k:?}, add {add}");
            }
            let (mut vd, mut vu, mut pd, mut pu) = (c, d, c, d);
            reveal_all(&mut vd, &mut vu, &mask);
            scalar::reveal_all(&mut pd, &mut pu, &mask);
            assert_eq!((vd, vu), (pd, pu), "{c:?} {d:?} {mask:?}");
            // Per-group bytes, and limits up to 255.
            let count = [group_bytes(&c), group_bytes(&d)];
            let (per_side, per_group) = (a[0], b[1].wrapping_mul(40));
            for own in &count {
                let (one, two) = room_masks(&count, own, per_side, per_group);
                let groups = (1 << MAX_GROUPS) - 1;
                assert_eq!(
                    (one & groups, two & groups),
                    scalar::room_masks(&count, own, per_side, per_group),
                    "{count:?} {own:?} {per_side} {per_group}"
                );
            }
            assert_eq!(
                groups_holding_at_least(&count, a[2]),
                scalar::groups_holding_at_least(&count, a[2]),
                "{count:?} {}",
                a[2]
            );
        }
    }

    /// `held_ranks` with SSSE3 (its vector form is compiled only then)
    /// against the loop, on rank tables of every length and order.
    #[test]
    fn held_ranks_equals_its_plain_twin() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let base = super::super::super::model::load(&dir).expect("the rules load");
        for s in 0..20_000u64 {
            let mut rules = base.clone();
            // A random order of random kinds, the rest 0x80 (no kind).
            let order = counts(s + 500_000, 255);
            let len = (s % (MAX_KINDS as u64 + 1)) as usize;
            for r in 0..MAX_KINDS {
                rules.influence_ranks[r] = if r < len { order[r] % 16 } else { 0x80 };
            }
            let hand = counts(s, if s % 3 == 0 { 255 } else { 3 });
            assert_eq!(
                held_ranks(&rules, &hand),
                scalar::held_ranks(&rules.influence_ranks, &hand),
                "{:?} {hand:?}",
                rules.influence_ranks
            );
        }
    }

    /// `add_at`, `sub_at` and `set_at` change one byte, as byte arithmetic.
    #[test]
    fn word_updates_change_one_byte() {
        for seed in 0..2000u64 {
            let c = counts(seed, 200);
            let mut b = [0u8; MAX_GROUPS];
            b.copy_from_slice(&c[..MAX_GROUPS]);
            let g = (seed % MAX_GROUPS as u64) as usize;
            let n = (seed / 8 % 56) as u8;
            let (mut added, mut taken, mut set) = (b, b, b);
            add_at(&mut added, g, n);
            let mut want = b;
            want[g] += n;
            assert_eq!(added, want, "seed {seed}: add");
            let m = n.min(b[g]);
            sub_at(&mut taken, g, m);
            let mut want = b;
            want[g] -= m;
            assert_eq!(taken, want, "seed {seed}: sub");
            set_at(&mut set, g, n);
            let mut want = b;
            want[g] = n;
            assert_eq!(set, want, "seed {seed}: set");
        }
    }
}
