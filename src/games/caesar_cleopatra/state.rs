//! The state of a game of Caesar & Cleopatra: its zones, its phase, and the
//! turn sequence that moves cards between zones.
//!
//! A turn flows through phases, each a choice point of one player:
//! `TurnStart` (pass, place, or play an action card) → `Placing` (a second
//! card) → `Refill` (one draw at a time, choosing the reserve) → `BeforeVote`
//! (draw the vote card) → the next turn. A passive turn is `TurnStart` →
//! `PassiveDiscard` → `Refill`. Votes, orgies, exhausted groups and the end
//! of the game happen between choice points, inside [`State::apply_legal`].

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::events::{EndReason, Event, VoteOutcome};
use super::model::{
    ActionTiming, Counts, ExhaustedVoteCard, ExtraordinaryTie, ExtraordinaryVote, Face, Kind,
    MAX_GROUPS, MAX_KINDS, MAX_RESERVE, MAX_VOTE_CARDS, OrgyRemovalTiming, Reshuffle, Rules,
    TieBreak, VoteEffect,
};
use super::moves::{Move, Reserve};
use super::vote::{Decision, Tally, decide};
use crate::engine::seed::{self, AgentRng, Rng};

/// Where in the turn the game stands; each phase is one kind of choice point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Setup: the seat orders his action reserve, one card at a time.
    ArrangeActions,
    /// Setup: the seat places his set-aside cards face down, group by group.
    SetupPlace,
    /// Start of a turn: pass, place influence, or play an action card.
    TurnStart,
    /// One card is placed; a second may (or must) follow.
    Placing,
    /// Refilling the hand one card at a time.
    Refill,
    /// A passive turn: discard cards, then refill.
    PassiveDiscard,
    /// The active turn ends with a vote card.
    BeforeVote,
    /// The lone player of 001 places all his influence at once.
    LonePlaceAll,
    /// An action card is being resolved: a reaction window, or a choice its
    /// effect asks for (see `effect.rs`).
    Effect,
    /// The game is over.
    GameOver,
}

/// One player's cards outside the groups.
#[derive(Debug, Clone)]
pub struct Zones {
    pub hand: Counts,
    pub hand_len: u8,
    /// Influence reserve; the top card is the last.
    pub influence_reserve: ArrayVec<Kind, MAX_RESERVE>,
    /// Action reserve; the top card is the last.
    pub action_reserve: ArrayVec<Kind, MAX_RESERVE>,
    pub discard: Counts,
    /// Cards out of the game.
    pub removed: Counts,
    /// Setup: set-aside cards not yet placed (they become the starting hand).
    pub set_aside: Counts,
    /// Setup: action cards not yet put in the action reserve.
    pub unarranged: Counts,
    /// Patricians won, per group.
    pub won: [u8; MAX_GROUPS],
    /// Mission cards (indices into `Rules::missions`).
    pub missions: ArrayVec<u8, 4>,
}

impl Zones {
    /// The draws offered, in the order of `few_moves`: whether the
    /// influence reserve has a card (0 or 1), and how many reserves have.
    pub(crate) fn draw_choices(&self) -> (usize, usize) {
        let inf = usize::from(!self.influence_reserve.is_empty());
        (inf, inf + usize::from(!self.action_reserve.is_empty()))
    }

    fn empty() -> Zones {
        Zones {
            hand: [0; MAX_KINDS],
            hand_len: 0,
            influence_reserve: ArrayVec::new(),
            action_reserve: ArrayVec::new(),
            discard: [0; MAX_KINDS],
            removed: [0; MAX_KINDS],
            set_aside: [0; MAX_KINDS],
            unarranged: [0; MAX_KINDS],
            won: [0; MAX_GROUPS],
            missions: ArrayVec::new(),
        }
    }
}

/// One patrician group on the table, as `State::group` shows it.
#[derive(Debug, Clone, Copy, Default)]
pub struct GroupState {
    /// Patricians still in the pile.
    pub left: u8,
    /// Influence cards per player, per face (`[player][face]`, Down = 0).
    pub cards: [[Counts; 2]; 2],
    /// Influence cards per player.
    pub count: [u8; 2],
    /// An extraordinary vote here tied and `turn.extraordinary_tie` is
    /// `Frozen`: no influence may be placed here until a vote is decided.
    pub frozen: bool,
}

impl GroupState {
    pub fn total(&self) -> u8 {
        self.count[0] + self.count[1]
    }
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }
}

/// The cards at one patrician group. The rest of a group's state is kept
/// in `State`'s per-group byte arrays (`left`, `count`, `frozen`), so that
/// a test over all groups is a few SSE2 instructions.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct GroupCards {
    /// Influence cards per player, per face (`[player][face]`, Down = 0).
    pub cards: [[Counts; 2]; 2],
}

/// `pile` followed by `more`, by one copy of `more`'s whole buffer: a
/// fixed size, so no call to `memcpy`, whose branches on the length
/// mispredict on piles of random lengths. The bytes past `more`'s length
/// land past the pile's new length, in its room for twice the cards.
#[inline]
fn join_piles(
    pile: &mut ArrayVec<u8, { 2 * MAX_VOTE_CARDS }>,
    more: &ArrayVec<u8, MAX_VOTE_CARDS>,
) {
    use std::mem::MaybeUninit;
    let (p, d) = (pile.len(), more.len());
    // Never more than the game's vote cards in the pile (at most
    // MAX_VOTE_CARDS, checked at load).
    assert!(p <= MAX_VOTE_CARDS, "a vote pile of {p} cards");
    // SAFETY: `more`'s buffer holds MAX_VOTE_CARDS bytes from `as_ptr`,
    // the first `d` initialised, copied as `MaybeUninit` (no read of an
    // uninitialised byte as a `u8`); they go to bytes `p..p +
    // MAX_VOTE_CARDS` of the pile's buffer, within its 2 * MAX_VOTE_CARDS
    // as `p <= MAX_VOTE_CARDS`; the pile's new length `p + d` covers only
    // initialised bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(
            more.as_ptr().cast::<MaybeUninit<u8>>(),
            pile.as_mut_ptr().add(p).cast::<MaybeUninit<u8>>(),
            MAX_VOTE_CARDS,
        );
        pile.set_len(p + d);
    }
}

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
    c.iter()
        .enumerate()
        .fold(0, |m, (k, &n)| m | u16::from(n != 0) << k)
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
    if add {
        c[k.ix()] += 1;
    } else {
        c[k.ix()] -= 1;
    }
}

/// Moves the counts of `down` masked by `mask` (bytes 0 or 0xFF) onto
/// `up`, with 16-byte loads and stores (as `bump`; no byte of the sum
/// carries, each being a count of one side's cards of one kind).
#[inline]
fn reveal_all(down: &mut Counts, up: &mut Counts, mask: &Counts) {
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
    for k in 0..MAX_KINDS {
        up[k] += down[k] & mask[k];
        down[k] &= !mask[k];
    }
}

/// For the cards `down` + `up` of each kind (at most 255 of a kind): the
/// sums of their counts weighted by `a` and by `b`.
#[inline]
fn weighted_sums(down: &Counts, up: &Counts, a: &Counts, b: &Counts) -> (u32, u32) {
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
    {
        let (mut x, mut y) = (0u32, 0u32);
        for k in 0..MAX_KINDS {
            let n = down[k] as u32 + up[k] as u32;
            x += n * a[k] as u32;
            y += n * b[k] as u32;
        }
        (x, y)
    }
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
    (0..MAX_KINDS).fold(0u8, |n, k| n.wrapping_add(c[k] & mask[k]))
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

/// The position of the `i`-th lowest set bit of a group mask (`i` below its
/// number of set bits), from a table: no loop, no branch.
#[inline]
pub(crate) fn nth_set_bit(mask: u16, i: u32) -> u8 {
    const _: () = assert!(MAX_GROUPS <= 8, "group masks are one byte");
    /// `NTH[m][i]`: the position of the i-th lowest set bit of `m`.
    static NTH: [[u8; 8]; 256] = {
        let mut t = [[0u8; 8]; 256];
        let mut m = 0;
        while m < 256 {
            let (mut bit, mut n) = (0, 0);
            while bit < 8 {
                if m >> bit & 1 != 0 {
                    t[m][n] = bit as u8;
                    n += 1;
                }
                bit += 1;
            }
            m += 1;
        }
        t
    };
    NTH[(mask & 0xFF) as usize][(i & 7) as usize]
}

/// `i / d` for `i` below 2¹³ and `d` in `1..=8` (a group mask's bits:
/// `MAX_GROUPS`), as `i` times a tabled ⌈2¹⁶ / d⌉, shifted: exact there
/// (the error, below `i d / 2¹⁶`, stays under `1 / d`; a test checks it).
#[inline]
pub(crate) fn div_small(i: u32, d: u32) -> u32 {
    const _: () = assert!(MAX_GROUPS <= 8, "divisors up to 8");
    static RECIP: [u32; 16] = {
        let mut t = [0u32; 16];
        let mut d = 1;
        while d < 16 {
            t[d] = 65536_u32.div_ceil(d as u32);
            d += 1;
        }
        t
    };
    (i * RECIP[(d & 15) as usize]) >> 16
}

/// The reserve of draw choice `i` (below the number of draws), with `inf`
/// of `Zones::draw_choices`.
#[inline]
pub(crate) fn nth_reserve(i: usize, inf: usize) -> Reserve {
    if i < inf {
        Reserve::Influence
    } else {
        Reserve::Action
    }
}

/// Calls `f` with each kind of a kind mask, by index.
pub(crate) fn each_kind(mut m: u16, mut f: impl FnMut(Kind)) {
    while m != 0 {
        f(Kind(m.trailing_zeros() as u8));
        m &= m - 1;
    }
}

/// The `i`-th kind of a kind mask, by index.
#[inline]
pub(crate) fn nth_action(m: u16, i: usize) -> Kind {
    Kind(nth_kind(m, i as u32))
}

/// The position of the `i`-th lowest set bit of a kind mask (`i` below
/// its number of set bits): a byte at a time, from `nth_set_bit`'s table.
#[inline]
pub(crate) fn nth_kind(mask: u16, i: u32) -> u8 {
    let low = mask & 0xFF;
    let in_low = low.count_ones();
    let high = 8 + nth_set_bit(mask >> 8, i.wrapping_sub(in_low));
    // Which byte holds it is random: a select, not a branch (which the
    // compiler made of an `if`, mispredicted some 25 times a game).
    std::hint::select_unpredictable(i < in_low, nth_set_bit(low, i), high)
}

pub(crate) fn face_ix(face: Face) -> usize {
    match face {
        Face::Down => 0,
        Face::Up => 1,
    }
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
    {
        let mut m = 0;
        for (r, &k) in rules.influence_ranks.iter().enumerate() {
            if k < 0x80 && hand[k as usize] > 0 {
                m |= 1 << r;
            }
        }
        m
    }
}

/// Placements of the cards of a hand: for each block (a face and the
/// groups where it may go, as a bit mask), every influence kind in the hand
/// at every group of the block, kind by kind. Listed by `push_all`, or
/// picked by `nth` without listing them.
///
/// All in scalars, without an array indexed at run time, so that the
/// compiler keeps it in registers: built in memory by byte and word stores
/// and copied by wider loads, it stalled on the store buffer.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Placements {
    /// The influence kinds in the hand, by rank (`held_ranks`).
    ranks: u16,
    n_kinds: u8,
    /// The blocks, block `b` in bits `32 b ..`: its groups in the low 16
    /// bits, its face (`face_ix`) in bit 16.
    blocks: u64,
    n_blocks: u8,
}

impl Placements {
    #[inline(always)]
    fn of_hand(rules: &Rules, hand: &Counts) -> Placements {
        let ranks = held_ranks(rules, hand);
        Placements {
            ranks,
            n_kinds: ranks.count_ones() as u8,
            blocks: 0,
            n_blocks: 0,
        }
    }

    /// The number of influence kinds held.
    fn n_kinds(&self) -> usize {
        self.n_kinds as usize
    }

    /// The `j`-th influence kind held (below `n_kinds`), in the rules' order.
    #[inline]
    fn kind(&self, rules: &Rules, j: u32) -> Kind {
        Kind(rules.influence_ranks[nth_kind(self.ranks, j) as usize % MAX_KINDS])
    }

    fn add_block(&mut self, face: Face, groups: u16) {
        if groups != 0 && self.n_kinds > 0 {
            let block = u64::from(groups) | (face_ix(face) as u64) << 16;
            self.blocks |= block << (32 * u32::from(self.n_blocks));
            self.n_blocks += 1;
        }
    }

    /// Block `b` (below `n_blocks`): its face and groups.
    fn block(&self, b: usize) -> (Face, u16) {
        let block = (self.blocks >> (32 * b)) as u32;
        let face = if block & 1 << 16 != 0 {
            Face::Up
        } else {
            Face::Down
        };
        (face, block as u16)
    }

    fn blocks(&self) -> impl Iterator<Item = (Face, u16)> + '_ {
        (0..self.n_blocks as usize).map(|b| self.block(b))
    }

    pub(crate) fn len(&self) -> usize {
        // The groups of both blocks at once (an absent block has none).
        let groups = (self.blocks & 0x0000_FFFF_0000_FFFF).count_ones();
        groups as usize * self.n_kinds as usize
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.n_blocks == 0
    }

    fn push_all(&self, rules: &Rules, out: &mut Vec<Move>) {
        out.reserve(self.len());
        for (face, groups) in self.blocks() {
            for j in 0..u32::from(self.n_kinds) {
                let kind = self.kind(rules, j);
                let mut m = groups;
                while m != 0 {
                    let group = m.trailing_zeros() as u8;
                    m &= m - 1;
                    out.push(Move::Place { kind, group, face });
                }
            }
        }
    }

    /// Placement `i` (below `len`), without a branch on its block.
    #[inline(always)]
    fn nth(&self, rules: &Rules, i: usize) -> Move {
        let i = i as u32;
        let first = self.blocks as u32;
        let n_first = (first as u16).count_ones() * u32::from(self.n_kinds);
        let second = i >= n_first;
        let block = if second {
            (self.blocks >> 32) as u32
        } else {
            first
        };
        let i = i - if second { n_first } else { 0 };
        let groups = block as u16;
        // Kind i / per_kind, and the (i % per_kind)-th group of the mask,
        // by a multiplication (`div_small`: a division waits longer).
        let per_kind = groups.count_ones().max(1);
        let kind = div_small(i, per_kind);
        let skip = i - kind * per_kind;
        Move::Place {
            kind: self.kind(rules, kind),
            group: nth_set_bit(groups, skip),
            face: if block & 1 << 16 != 0 {
                Face::Up
            } else {
                Face::Down
            },
        }
    }
}

/// The choices at `TurnStart` and `Placing`, in the order of `legal`:
/// pass, the placements, end the placement, the action cards.
#[derive(Default)]
struct TurnChoices {
    pass: bool,
    places: Placements,
    end: bool,
    /// The action cards, as a kind mask.
    actions: u16,
}

/// What happened in a game, counted as it happens (for the designer's
/// report; kept even when the event log is off).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Votes held (drawn vote cards and extraordinary votes).
    pub votes: u16,
    /// Of which extraordinary.
    pub extraordinary_votes: u16,
    /// Votes that moved nothing (a tie, or a lone Philosopher postponed).
    pub ties: u16,
    /// Orgy cards turned up (the reshuffle orgy included).
    pub orgies: u16,
    pub reshuffles: u16,
    /// Action cards played in their players' turns.
    pub actions_played: u16,
    /// Of which cancelled by a reaction.
    pub actions_cancelled: u16,
    /// Reaction cards played.
    pub reactions: u16,
    /// Action cards (not cancelled) that changed who would win a vote at some
    /// group if it were held right then.
    pub action_swings: u16,
    /// Times the player ahead on points changed (a tie in between does not
    /// count as a change).
    pub lead_changes: u16,
    /// The turn from which the player ahead now has stayed ahead.
    pub ahead_since_turn: u32,
    /// The player ahead on points (`None` before anyone is).
    pub ahead: Option<u8>,
}

/// Whether vote card `c` leaves the game when group `g`'s last patrician
/// is won: `turn.exhausted_vote_card: RemoveAtOnce` and the card questions
/// `g` (001, 4.2: "Retirer définitivement du jeu la carte Suffrage
/// \"Patricien\" qui n'a plus de représentant en jeu").
pub(crate) fn leaves_with_group(rules: &Rules, c: u8, g: usize) -> bool {
    rules.turn.exhausted_vote_card == ExhaustedVoteCard::RemoveAtOnce
        && rules.vote_cards[c as usize].effect == VoteEffect::Vote(g as u8)
}

/// A game in progress. Cheap to clone: fixed-size arrays and one `Arc`.
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) rules: Arc<Rules>,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    /// The seat whose turn (or setup step) it is.
    pub(crate) seat: u8,
    pub(crate) turn: u32,
    pub(crate) zones: [Zones; 2],
    pub(crate) groups: [GroupCards; MAX_GROUPS],
    /// Per group: patricians still in the pile (0 past the last group).
    pub(crate) left: [u8; MAX_GROUPS],
    /// Per player, per group: influence cards there.
    pub(crate) count: [[u8; MAX_GROUPS]; 2],
    /// Per player, per group: of those, the cards face up (kept with the
    /// cards; `check_invariants` counts them again).
    pub(crate) up: [[u8; MAX_GROUPS]; 2],
    /// Per group: an extraordinary vote there tied and
    /// `turn.extraordinary_tie` is `Frozen`: no influence may be placed
    /// there until a vote is decided.
    pub(crate) frozen: [bool; MAX_GROUPS],
    /// Vote draw pile; the top card is the last.
    /// Room for twice the vote cards, so that the discard pile joins it
    /// by one fixed-size copy (`join_piles`).
    pub(crate) vote_pile: ArrayVec<u8, { 2 * MAX_VOTE_CARDS }>,
    pub(crate) vote_discard: ArrayVec<u8, MAX_VOTE_CARDS>,
    pub(crate) vote_removed: ArrayVec<u8, MAX_VOTE_CARDS>,
    /// Mission cards back in the box, unseen.
    pub(crate) missions_boxed: ArrayVec<u8, 16>,
    /// Setup: placements made by the seat so far.
    setup_step: u8,
    /// This turn: cards placed and their face.
    pub(crate) placed: u8,
    pub(crate) placed_face: Face,
    /// This turn: action cards played.
    pub(crate) actions_played: u8,
    /// This turn: cards drawn in the refill so far.
    refill_draws: u8,
    /// This turn: the player has committed to an active turn.
    pub(crate) active: bool,
    pub(crate) counters: Counters,
    /// Each player's victory points: `count_points`, kept up to date as
    /// patricians are won (set again wherever patricians or missions are
    /// dealt otherwise: `deal`, `Position`, the resampling).
    pub(crate) points: [u32; 2],
    /// Action cards being resolved; a reaction sits above the card it answers.
    pub(crate) frames: ArrayVec<super::effect::Frame, 4>,
    /// Orgy variant (a) has removed its orgy.
    pub(crate) orgy_removed: bool,
    /// Orgy variant (a), `NextDrawnAfterTwoGroups`: the next vote card drawn
    /// is the one that may go to the box.
    orgy_next_armed: bool,
    /// The player who plays on alone, once the other has no influence left.
    pub(crate) lone: Option<u8>,
    pub(crate) end: Option<EndReason>,
    pub(crate) record: bool,
    pub(crate) events: Vec<Event>,
}

impl State {
    /// A new game with the given seed, recording its event log.
    pub fn new(rules: Arc<Rules>, seed: u64) -> State {
        Self::with_log(rules, seed, true)
    }

    /// A new game; `record: false` skips the event log (fast simulation).
    #[inline]
    pub fn with_log(rules: Arc<Rules>, seed: u64, record: bool) -> State {
        let mut s = Self::empty(rules, seed, record);
        s.deal();
        s
    }

    /// An empty table (for `Position`, which fills it in).
    pub(crate) fn blank(rules: Arc<Rules>, seed: u64) -> State {
        Self::empty(rules, seed, true)
    }

    /// A stated position starts at the beginning of a turn, in the state
    /// play would have reached there: over when every patrician is won
    /// (as `vote` ends it) or between turns (`ends_between_turns`: the turn
    /// cap, no influence left on either side, a lone player who can place
    /// nothing); with one side out of influence, the other plays on alone
    /// from this turn. `stated` is the seat whose turn the position says
    /// it is (`None`: the first player, or the lone player); a stated seat
    /// that is not the lone player's is `Err(lone player)`.
    pub(crate) fn begin_turn_at_position(&mut self, stated: Option<u8>) -> Result<(), u8> {
        self.seat = stated.unwrap_or(self.rules.setup.first_player as u8);
        if self.all_won() {
            self.finish(EndReason::AllPatricians);
            return Ok(());
        }
        if self.ends_between_turns() {
            return Ok(());
        }
        if let Some(l) = self.lone {
            match stated {
                Some(p) if p != l => return Err(l),
                _ => self.seat = l,
            }
        }
        self.start_turn();
        Ok(())
    }

    #[inline]
    fn empty(rules: Arc<Rules>, seed: u64, record: bool) -> State {
        State {
            rng: seed::rng(seed),
            phase: Phase::SetupPlace,
            seat: rules.setup.first_player as u8,
            turn: 0,
            zones: [Zones::empty(), Zones::empty()],
            groups: [GroupCards::default(); MAX_GROUPS],
            left: [0; MAX_GROUPS],
            count: [[0; MAX_GROUPS]; 2],
            up: [[0; MAX_GROUPS]; 2],
            frozen: [false; MAX_GROUPS],
            vote_pile: ArrayVec::new(),
            vote_discard: ArrayVec::new(),
            vote_removed: ArrayVec::new(),
            missions_boxed: ArrayVec::new(),
            setup_step: 0,
            placed: 0,
            placed_face: Face::Down,
            actions_played: 0,
            refill_draws: 0,
            active: false,
            lone: None,
            orgy_removed: false,
            orgy_next_armed: false,
            frames: ArrayVec::new(),
            counters: Counters::default(),
            points: [0; 2],
            end: None,
            record,
            events: Vec::new(),
            rules,
        }
    }

    /// Shuffles the decks, deals missions, and sets up the setup phases.
    fn deal(&mut self) {
        // The rules borrowed beside the fields dealt to (no clone of the
        // shared `Arc`, whose count every thread's games would touch).
        let State {
            rules,
            rng,
            left,
            zones,
            vote_pile,
            vote_removed,
            missions_boxed,
            record,
            events,
            ..
        } = self;
        let rules: &Rules = rules;
        let mut log = |e: Event| {
            if *record {
                events.push(e);
            }
        };
        for (gi, g) in rules.groups.iter().enumerate() {
            left[gi] = g.size;
        }
        for (z, d) in zones.iter_mut().zip(&rules.deals) {
            // Copied as slices (the zones start empty).
            let full = "a deal fits its reserve";
            z.influence_reserve
                .try_extend_from_slice(&d.influence_reserve)
                .expect(full);
            z.set_aside = d.set_aside;
            seed::shuffle(&mut z.influence_reserve, rng);
            z.action_reserve
                .try_extend_from_slice(&d.action_reserve)
                .expect(full);
            z.unarranged = d.unarranged;
            seed::shuffle(&mut z.action_reserve, rng);
        }
        vote_pile.extend((0..rules.vote_cards.len()).map(|i| i as u8));
        seed::shuffle(vote_pile, rng);
        // Orgy variant (b): orgies, never the reshuffle one, out before the game.
        for _ in 0..rules.setup.orgies_removed_before_game {
            if let Some(i) = vote_pile
                .iter()
                .position(|&c| rules.vote_cards[c as usize].effect == VoteEffect::Orgy)
            {
                let c = vote_pile.remove(i);
                vote_removed.push(c);
                log(Event::OrgyRemoved { card: c });
            }
        }
        let mut missions: ArrayVec<u8, 16> = (0..rules.missions.len()).map(|i| i as u8).collect();
        seed::shuffle(&mut missions, rng);
        for i in 0..rules.missions_per_player as usize * 2 {
            let p = (rules.setup.first_player + i) % 2;
            if let Some(m) = missions.pop() {
                zones[p].missions.push(m);
                log(Event::MissionDealt {
                    player: p as u8,
                    mission: m,
                });
            }
        }
        *missions_boxed = missions;
        self.points = self.count_points();
        self.begin_setup_of(self.seat);
    }

    fn begin_setup_of(&mut self, seat: u8) {
        self.seat = seat;
        self.setup_step = 0;
        let unarranged: u32 = self.zones[seat as usize]
            .unarranged
            .iter()
            .map(|&c| c as u32)
            .sum();
        self.phase = if unarranged > 0 {
            Phase::ArrangeActions
        } else {
            Phase::SetupPlace
        };
        self.skip_empty_setup();
    }

    /// Passes over setup steps with nothing to decide (no cards to place).
    fn skip_empty_setup(&mut self) {
        if self.phase == Phase::SetupPlace
            && self.setup_step as usize
                >= self.rules.groups.len() * self.rules.setup.placed_per_group as usize
        {
            self.finish_setup_of_seat();
        }
    }

    fn finish_setup_of_seat(&mut self) {
        let first = self.rules.setup.first_player as u8;
        if self.seat == first {
            self.begin_setup_of(1 - first);
        } else {
            // Both have placed: the rest of the set-aside cards is the hand.
            for z in &mut self.zones {
                for k in 0..MAX_KINDS {
                    z.hand[k] += z.set_aside[k];
                    z.hand_len += z.set_aside[k];
                    z.set_aside[k] = 0;
                }
            }
            self.seat = first;
            self.start_turn();
        }
    }

    // ----- Accessors -------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat whose turn it is.
    pub fn seat(&self) -> usize {
        self.seat as usize
    }
    pub fn zones(&self, player: usize) -> &Zones {
        &self.zones[player]
    }
    pub fn group(&self, g: usize) -> GroupState {
        GroupState {
            left: self.left[g],
            cards: self.groups[g].cards,
            count: [self.count[0][g], self.count[1][g]],
            frozen: self.frozen[g],
        }
    }
    pub(crate) fn exhausted(&self, g: usize) -> bool {
        self.left[g] == 0
    }
    pub(crate) fn total(&self, g: usize) -> u8 {
        self.count[0][g] + self.count[1][g]
    }
    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn end_reason_of(&self) -> Option<EndReason> {
        self.end
    }
    pub fn lone_player(&self) -> Option<usize> {
        self.lone.map(|p| p as usize)
    }
    pub fn vote_pile_len(&self) -> usize {
        self.vote_pile.len()
    }
    pub fn vote_discard(&self) -> &[u8] {
        &self.vote_discard
    }
    pub fn vote_removed(&self) -> &[u8] {
        &self.vote_removed
    }

    pub(crate) fn log(&mut self, e: Event) {
        if self.record {
            self.events.push(e);
        }
    }

    // ----- Derived facts ---------------------------------------------------

    pub(crate) fn free(&self, player: usize, g: usize) -> u8 {
        let l = &self.rules.limits;
        let free = l
            .per_side
            .saturating_sub(self.count[player][g])
            .min(l.per_group.saturating_sub(self.total(g)));
        // None at an exhausted group (masked: no branch).
        free & 0u8.wrapping_sub(u8::from(!self.exhausted(g)))
    }

    fn hand_influence(&self, player: usize) -> u8 {
        masked_sum(&self.zones[player].hand, &self.rules.influence_mask)
    }

    /// Groups with patricians left, as a bit mask.
    /// (Past the last group of the rules `left` is 0.)
    pub(crate) fn live_groups(&self) -> u32 {
        u32::from(nonzero_groups(&self.left))
    }

    /// The groups where `player` may place one more card in a turn (room,
    /// patricians left, not frozen), and those with room for two (bit g).
    fn room_masks(&self, player: usize) -> (u16, u16) {
        let l = &self.rules.limits;
        // Open: patricians left (none past the last group), not frozen.
        let frozen: [u8; MAX_GROUPS] = self.frozen.map(u8::from);
        let open = nonzero_groups(&self.left) & !nonzero_groups(&frozen);
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
                let all = _mm_add_epi8(load(&self.count[0]), load(&self.count[1]));
                // Per group: min(per side - own, per group - all), saturating.
                let room = _mm_min_epu8(
                    _mm_subs_epu8(_mm_set1_epi8(l.per_side as i8), load(&self.count[player])),
                    _mm_subs_epu8(_mm_set1_epi8(l.per_group as i8), all),
                );
                let z = _mm_setzero_si128();
                let zero = |v| _mm_movemask_epi8(_mm_cmpeq_epi8(v, z)) as u16;
                let one = !zero(room) & open;
                let two = !zero(_mm_subs_epu8(room, _mm_set1_epi8(1))) & open;
                (one, two)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (mut one, mut two) = (0u16, 0u16);
            for g in 0..MAX_GROUPS {
                let room = l.per_side.saturating_sub(self.count[player][g]).min(
                    l.per_group
                        .saturating_sub(self.count[0][g] + self.count[1][g]),
                );
                one |= u16::from(room >= 1) << g;
                two |= u16::from(room >= 2) << g;
            }
            (one & open, two & open)
        }
    }

    /// The groups (bit g) holding at least `at` influence cards in all.
    fn groups_holding_at_least(&self, at: u8) -> u32 {
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
                let all = _mm_add_epi8(load(&self.count[0]), load(&self.count[1]));
                // all >= at exactly where max(all, at) == all.
                let ge = _mm_cmpeq_epi8(_mm_max_epu8(all, _mm_set1_epi8(at as i8)), all);
                (_mm_movemask_epi8(ge) as u32) & ((1 << MAX_GROUPS) - 1)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        (0..MAX_GROUPS).fold(0, |m, g| {
            m | u32::from(self.count[0][g] + self.count[1][g] >= at) << g
        })
    }

    /// The groups (bit g) where `owner` has cards of face `face_ix` (0 down,
    /// 1 up).
    pub(crate) fn side_groups(&self, owner: usize, face_ix: usize) -> u16 {
        let up = u64::from_ne_bytes(self.up[owner]);
        // Face down: all less face up, byte by byte (never below zero).
        let side = if face_ix == 1 {
            up
        } else {
            u64::from_ne_bytes(self.count[owner]) - up
        };
        nonzero_groups(&side.to_ne_bytes())
    }

    /// Whether `player` could place at least one influence card now.
    fn can_place_any(&self, player: usize) -> bool {
        self.hand_influence(player) > 0 && self.room_masks(player).0 != 0
    }

    fn draws_allowed(&self) -> bool {
        self.lone.is_none() | self.rules.turn.lone_player.draws
    }

    /// Whether the seat may play an action card in `phase` (the current
    /// one): a constant where the caller knows it, and the test by phase
    /// folds away.
    #[inline(always)]
    fn may_play_action_in(&self, phase: Phase) -> bool {
        let any_time = self.rules.turn.action_timing == ActionTiming::AnyTime;
        let active = self.active;
        // Per phase, as bit `phase` of a mask: worked out for every phase at
        // once, without a branch (whether a card was played is random).
        let by_phase = 1u32 << Phase::TurnStart as u32 // playing one makes the turn active
            | u32::from(active) << Phase::Placing as u32
            // 001: "il doit obligatoirement le faire avant de recompléter
            // sa main": not once the refill has begun.
            | u32::from(active & (any_time | (self.refill_draws == 0))) << Phase::Refill as u32
            | u32::from(any_time) << Phase::BeforeVote as u32;
        (self.actions_played < self.rules.turn.actions_per_turn)
            & (by_phase >> phase as u32 & 1 != 0)
    }

    // ----- Legal moves -----------------------------------------------------

    pub fn legal(&self, out: &mut Vec<Move>) {
        out.clear();
        let p = self.seat as usize;
        match self.phase {
            Phase::TurnStart | Phase::Placing => {
                let t = self.turn_choices(p);
                if t.pass {
                    out.push(Move::Pass);
                }
                t.places.push_all(&self.rules, out);
                if t.end {
                    out.push(Move::EndPlacement);
                }
                each_kind(t.actions, |k| out.push(Move::PlayAction(k)));
            }
            Phase::LonePlaceAll => self
                .placements_with(p, Face::Down)
                .push_all(&self.rules, out),
            Phase::Effect => self.effect_moves(out),
            _ => self.few_moves(p, &mut |m| out.push(m)),
        }
    }

    /// The moves of the phases with a handful of choices (at most one per
    /// card kind, plus two), in the order of `legal`.
    fn few_moves(&self, p: usize, out: &mut impl FnMut(Move)) {
        let rules = &*self.rules;
        let z = &self.zones[p];
        match self.phase {
            Phase::ArrangeActions => {
                // Kind indices ascend as `rules.action_kinds` does.
                let mut left = nonzero_kinds(&z.unarranged);
                while left != 0 {
                    out(Move::ArrangeAction(Kind(left.trailing_zeros() as u8)));
                    left &= left - 1;
                }
            }
            Phase::SetupPlace => {
                let pl = Placements::of_hand(rules, &z.set_aside);
                for j in 0..pl.n_kinds() as u32 {
                    out(Move::SetupPlace(pl.kind(rules, j)));
                }
            }
            Phase::Refill => {
                if !z.influence_reserve.is_empty() {
                    out(Move::Draw(Reserve::Influence));
                }
                if !z.action_reserve.is_empty() {
                    out(Move::Draw(Reserve::Action));
                }
                each_kind(self.action_mask(p), |k| out(Move::PlayAction(k)));
            }
            Phase::PassiveDiscard => {
                let mut held = nonzero_kinds(&z.hand);
                while held != 0 {
                    out(Move::Discard(Kind(held.trailing_zeros() as u8)));
                    held &= held - 1;
                }
                out(Move::EndDiscard);
            }
            Phase::BeforeVote => {
                out(Move::DrawVote);
                each_kind(self.action_mask(p), |k| out(Move::PlayAction(k)));
            }
            _ => {}
        }
    }

    /// The player who must decide now (the seat, or a player answering an
    /// effect or a reaction window).
    pub fn actor(&self) -> usize {
        if self.phase == Phase::Effect {
            self.effect_actor()
        } else {
            self.seat as usize
        }
    }

    /// The action cards `p` may play now, as a kind mask (kind indices
    /// ascend as `rules.action_kinds` does). Without a branch: whether a
    /// card may be played, or is held, is random in random games.
    #[inline]
    fn action_mask(&self, p: usize) -> u16 {
        self.action_mask_in(p, self.phase)
    }

    /// `action_mask` in `phase` (the current one, as `may_play_action_in`).
    #[inline(always)]
    fn action_mask_in(&self, p: usize, phase: Phase) -> u16 {
        let may = 0u16.wrapping_sub(u16::from(self.may_play_action_in(phase)));
        let held = nonzero_kinds(&self.zones[p].hand) & self.rules.own_turn_actions & may;
        self.playable(p, held)
    }

    /// The choices of `TurnStart` and `Placing`, in the order of `legal`,
    /// without listing the placements one by one.
    #[inline(always)]
    fn turn_choices(&self, p: usize) -> TurnChoices {
        let mut t = TurnChoices::default();
        if self.phase == Phase::TurnStart {
            t.pass = !self.active;
            t.places = self.first_placements(p);
            // Playing an action card makes the turn active, and an active
            // player must place influence: only offered if he can, unless
            // `turn.action_without_placement`.
            let offered = !t.places.is_empty() | self.rules.turn.action_without_placement;
            t.actions =
                self.action_mask_in(p, Phase::TurnStart) & 0u16.wrapping_sub(u16::from(offered));
        } else {
            let face = self.placed_face;
            t.places = self.placements_with(p, face);
            // Some pattern of this face places as many cards as placed.
            t.end = self.rules.turn.pattern_sizes[face_ix(face)] & 1 << self.placed != 0;
            t.actions = self.action_mask_in(p, Phase::Placing);
        }
        t
    }

    /// Every single placement of `face` that fits.
    #[inline(always)]
    fn placements_with(&self, p: usize, face: Face) -> Placements {
        let mut pl = Placements::of_hand(&self.rules, &self.zones[p].hand);
        pl.add_block(face, self.room_masks(p).0);
        pl
    }

    /// The first card of a turn: any face some placement pattern allows,
    /// provided the pattern can be completed (a second card fits somewhere).
    #[inline(always)]
    pub(crate) fn first_placements(&self, p: usize) -> Placements {
        let hand_infl = self.hand_influence(p);
        if hand_infl == 0 {
            return Placements::default();
        }
        // Groups with room for one card, and for two.
        let (one, two) = self.room_masks(p);
        if one == 0 {
            return Placements::default();
        }
        // A second card must fit: here again, or at another group.
        let second = if hand_infl < 2 {
            0
        } else if one.count_ones() >= 2 {
            one
        } else {
            two
        };
        let mut pl = Placements::of_hand(&self.rules, &self.zones[p].hand);
        for face in [Face::Down, Face::Up] {
            let sizes = self.rules.turn.pattern_sizes[face_ix(face)];
            let (single, double) = (sizes & 1 << 1 != 0, sizes & 1 << 2 != 0);
            if single {
                pl.add_block(face, one);
            } else if double {
                pl.add_block(face, second);
            }
        }
        pl
    }

    /// A legal move chosen as `legal[rng.random_range(0..n)]` would, and
    /// `n`, without listing the placements at the start of a turn.
    pub fn random_legal(&self, rng: &mut AgentRng, buf: &mut Vec<Move>) -> (Move, usize) {
        if matches!(self.phase, Phase::TurnStart | Phase::Placing) {
            let t = self.turn_choices(self.seat as usize);
            let (pass, places) = (usize::from(t.pass), t.places.len());
            let n = pass + places + usize::from(t.end) + t.actions.count_ones() as usize;
            let i = seed::below(rng, n);
            let m = if i < pass {
                Move::Pass
            } else if i - pass < places {
                t.places.nth(&self.rules, i - pass)
            } else if t.end && i == pass + places {
                Move::EndPlacement
            } else {
                Move::PlayAction(nth_action(
                    t.actions,
                    i - pass - places - usize::from(t.end),
                ))
            };
            return (m, n);
        }
        match self.phase {
            Phase::Effect => return self.effect_random_legal(rng, buf),
            Phase::LonePlaceAll | Phase::GameOver => {}
            _ => {
                let mut few = ArrayVec::<Move, { MAX_KINDS + 2 }>::new();
                self.few_moves(self.seat as usize, &mut |m| few.push(m));
                let n = few.len();
                return (few[seed::below(rng, n)], n);
            }
        }
        self.legal(buf);
        let n = buf.len();
        (buf[seed::below(rng, n)], n)
    }

    /// One decision between two random agents: the player to act picks
    /// with his RNG (`rngs[player]`) the move `random_legal` would pick, and
    /// it is applied; `note` is told its number of legal moves. The
    /// setup's decisions and a passive turn's discards, which follow each
    /// other, are taken together (each noted). Returns `false` once the
    /// game is over. The same games as `random_legal` then `apply_move` (a
    /// test holds it to them), but the phase is dispatched on once, not
    /// three times: phases follow each other at random, so each dispatch is
    /// a likely misprediction.
    #[inline(always)]
    pub fn random_step(
        &mut self,
        rngs: &mut [AgentRng; 2],
        buf: &mut Vec<Move>,
        note: &mut impl FnMut(usize),
    ) -> bool {
        let p = self.seat as usize;
        // Tested in order of frequency, each phase by its own bit: a chain
        // of conditional branches, each predicted from the history, rather
        // than one indirect jump on a random phase.
        let bit = 1u32 << self.phase as u32;
        let n = if bit & (1 << Phase::Refill as u32) != 0 {
            // As `few_moves`: the reserves with a card, then the action cards.
            let (inf, draws) = self.zones[p].draw_choices();
            let actions = self.action_mask_in(p, Phase::Refill);
            let n = draws + actions.count_ones() as usize;
            let i = seed::below(&mut rngs[p], n);
            if i < draws {
                self.refill_draw(p, nth_reserve(i, inf));
            } else {
                self.play_own_action(p, nth_action(actions, i - draws));
            }
            n
        } else if bit & (1 << Phase::Effect as u32) != 0 {
            self.effect_random_step(rngs, buf)
        } else if bit & (1 << Phase::TurnStart as u32 | 1 << Phase::Placing as u32) != 0 {
            let t = self.turn_choices(p);
            let (pass, places) = (usize::from(t.pass), t.places.len());
            let n = pass + places + usize::from(t.end) + t.actions.count_ones() as usize;
            let i = seed::below(&mut rngs[p], n);
            if i < pass {
                self.go_passive(p);
            } else if i - pass < places {
                let Move::Place { kind, group, face } = t.places.nth(&self.rules, i - pass) else {
                    unreachable!("placements are `Place` moves")
                };
                self.place(p, kind, group, face);
            } else if t.end && i == pass + places {
                self.placement_done();
            } else {
                self.play_own_action(
                    p,
                    nth_action(t.actions, i - pass - places - usize::from(t.end)),
                );
            }
            n
        } else if bit & (1 << Phase::BeforeVote as u32) != 0 {
            // As `few_moves`: the vote card, then the action cards.
            let actions = self.action_mask_in(p, Phase::BeforeVote);
            let n = 1 + actions.count_ones() as usize;
            match seed::below(&mut rngs[p], n) {
                0 => self.vote_step(),
                i => self.play_own_action(p, nth_action(actions, i - 1)),
            }
            n
        } else if self.phase == Phase::GameOver {
            return false;
        } else {
            self.random_step_rare(rngs, buf, note);
            return true;
        };
        note(n);
        true
    }

    /// The decisions of `random_step` met a few times a game (the setup, a
    /// passive turn's discards, the general way), out of its loop. The
    /// setup's decisions (some 36 a game) and a passive turn's discards
    /// follow each other here, each noted, without going back through the
    /// decision loop's dispatch.
    #[inline(never)]
    fn random_step_rare(
        &mut self,
        rngs: &mut [AgentRng; 2],
        buf: &mut Vec<Move>,
        note: &mut impl FnMut(usize),
    ) {
        const AGAIN: u32 = 1 << Phase::ArrangeActions as u32
            | 1 << Phase::SetupPlace as u32
            | 1 << Phase::PassiveDiscard as u32;
        loop {
            let p = self.seat as usize;
            if self.phase == Phase::ArrangeActions {
                self.random_arrangement(p, &mut rngs[p], note);
            } else {
                note(self.random_step_rare_one(rngs, buf));
            }
            if AGAIN >> self.phase as u32 & 1 == 0 {
                return;
            }
        }
    }

    /// A random agent's whole arrangement of `p`'s action reserve, a pick
    /// (noted) at a time, as `few_moves` lists them (the kinds left, by
    /// index) and `arrange_action` applies them: the kinds left kept in a
    /// register, not stored and read back at each pick.
    fn random_arrangement(&mut self, p: usize, rng: &mut AgentRng, note: &mut impl FnMut(usize)) {
        let z = &mut self.zones[p];
        let mut left = z.unarranged;
        loop {
            let kinds = nonzero_kinds(&left);
            let n = kinds.count_ones() as usize;
            let k = Kind(nth_kind(kinds, seed::below(rng, n) as u32));
            bump(&mut left, k, false);
            z.action_reserve.push(k);
            note(n);
            if nonzero_kinds(&left) == 0 {
                break;
            }
        }
        z.unarranged = left;
        self.arranged(p);
    }

    /// One decision of `random_step_rare`.
    #[inline(always)]
    fn random_step_rare_one(&mut self, rngs: &mut [AgentRng; 2], buf: &mut Vec<Move>) -> usize {
        let p = self.seat as usize;
        match self.phase {
            // As `few_moves`: the kinds set aside, in the rules' order.
            Phase::SetupPlace => {
                let pl = Placements::of_hand(&self.rules, &self.zones[p].set_aside);
                let n = pl.n_kinds();
                let i = seed::below(&mut rngs[p], n);
                self.setup_place(p, pl.kind(&self.rules, i as u32));
                n
            }
            // As `few_moves`: the kinds held, by index, then the end.
            Phase::PassiveDiscard => {
                let held = nonzero_kinds(&self.zones[p].hand);
                let n = held.count_ones() as usize + 1;
                let i = seed::below(&mut rngs[p], n);
                if i + 1 == n {
                    self.end_discard();
                } else {
                    self.passive_discard(p, Kind(nth_kind(held, i as u32)));
                }
                n
            }
            _ => {
                let (m, n) = self.random_legal(&mut rngs[p], buf);
                self.apply_move(m);
                n
            }
        }
    }

    // ----- Applying moves --------------------------------------------------

    /// Applies a legal move and runs everything that follows it up to the
    /// next choice point.
    pub fn apply_move(&mut self, m: Move) {
        if self.phase == Phase::Effect {
            self.apply_effect_move(m);
            return;
        }
        let p = self.seat as usize;
        match m {
            Move::ArrangeAction(k) => self.arrange_action(p, k),
            Move::SetupPlace(k) => self.setup_place(p, k),
            Move::Pass => self.go_passive(p),
            Move::Place { kind, group, face } => self.place(p, kind, group, face),
            Move::EndPlacement => self.placement_done(),
            Move::PlayAction(k) => self.play_own_action(p, k),
            Move::Choose(_) | Move::Decline => {
                debug_assert!(false, "{m:?} outside an effect");
            }
            Move::Discard(k) => self.passive_discard(p, k),
            Move::EndDiscard => self.end_discard(),
            Move::Draw(r) => self.refill_draw(p, r),
            Move::DrawVote => self.vote_step(),
        }
    }

    // The moves of `apply_move` that `random_step` also makes directly.

    #[inline]
    fn arrange_action(&mut self, p: usize, k: Kind) {
        let z = &mut self.zones[p];
        bump(&mut z.unarranged, k, false);
        // The first card chosen is the top: build bottom-up, reverse at the end.
        z.action_reserve.push(k);
        if nonzero_kinds(&z.unarranged) == 0 {
            self.arranged(p);
        }
    }

    /// `p`'s action reserve is arranged: the first card chosen is the top
    /// (built bottom-up, reversed here); on to the setup's placements.
    fn arranged(&mut self, p: usize) {
        self.zones[p].action_reserve.reverse();
        self.log(Event::ActionReserveArranged { player: p as u8 });
        self.phase = Phase::SetupPlace;
        self.skip_empty_setup();
    }

    #[inline]
    fn setup_place(&mut self, p: usize, k: Kind) {
        let per = self.rules.setup.placed_per_group.max(1);
        let g = (self.setup_step / per) as usize;
        bump(&mut self.zones[p].set_aside, k, false);
        self.put(p, g, k, Face::Down);
        self.log(Event::SetupPlaced {
            player: p as u8,
            group: g as u8,
            kind: k,
        });
        self.setup_step += 1;
        self.skip_empty_setup();
    }

    #[inline]
    fn passive_discard(&mut self, p: usize, k: Kind) {
        self.take_from_hand(p, k);
        self.zones[p].discard[k.ix()] += 1;
        self.log(Event::Discarded {
            player: p as u8,
            kind: k,
        });
    }

    #[inline]
    fn end_discard(&mut self) {
        self.phase = Phase::Refill;
        self.after_refill_step();
    }

    #[inline]
    fn go_passive(&mut self, p: usize) {
        self.log(Event::WentPassive { player: p as u8 });
        self.phase = Phase::PassiveDiscard;
    }

    #[inline(always)]
    fn place(&mut self, p: usize, kind: Kind, group: u8, face: Face) {
        self.take_from_hand(p, kind);
        self.put(p, group as usize, kind, face);
        self.log(Event::Placed {
            player: p as u8,
            group,
            kind,
            face,
        });
        if self.phase == Phase::LonePlaceAll {
            if !self.can_place_any(p) {
                self.finish(EndReason::LonePlayer);
            }
            return;
        }
        self.active = true;
        self.placed += 1;
        self.placed_face = face;
        self.phase = Phase::Placing;
        self.after_placing();
    }

    #[inline]
    fn play_own_action(&mut self, p: usize, k: Kind) {
        self.active = true;
        self.actions_played += 1;
        self.play_action(p, k, false);
    }

    #[inline(always)]
    fn refill_draw(&mut self, p: usize, r: Reserve) {
        let z = &mut self.zones[p];
        // The reserve chosen by a select, not a branch (the choice is random).
        let reserve = if r == Reserve::Influence {
            &mut z.influence_reserve
        } else {
            &mut z.action_reserve
        };
        let k = reserve
            .pop()
            .expect("legal draws come from a non-empty reserve");
        bump(&mut z.hand, k, true);
        z.hand_len += 1;
        self.refill_draws += 1;
        self.log(Event::Drew {
            player: p as u8,
            reserve: r,
            kind: k,
        });
        self.after_refill_step();
    }

    #[inline]
    fn vote_step(&mut self) {
        self.draw_vote_card();
        if self.end.is_none() {
            self.end_turn();
        }
    }

    pub(crate) fn take_from_hand(&mut self, p: usize, k: Kind) {
        let z = &mut self.zones[p];
        debug_assert!(z.hand[k.ix()] > 0);
        bump(&mut z.hand, k, false);
        z.hand_len -= 1;
    }

    pub(crate) fn put(&mut self, p: usize, g: usize, k: Kind, face: Face) {
        let gs = &mut self.groups[g];
        bump(&mut gs.cards[p][face_ix(face)], k, true);
        add_at(&mut self.count[p], g, 1);
        add_at(&mut self.up[p], g, face_ix(face) as u8);
    }

    /// After a card is placed: is the placement complete?
    pub(crate) fn after_placing(&mut self) {
        let p = self.seat as usize;
        let face = self.placed_face;
        // Patterns of this face, as bit n for n cards.
        let sizes = self.rules.turn.pattern_sizes[face_ix(face)];
        let more = sizes >> (self.placed + 1) != 0;
        let _can_stop = sizes & 1 << self.placed != 0;
        if !more || !self.can_place_any(p) {
            // Nothing more can (or may) be placed; a pattern that cannot be
            // completed is never offered, so stopping here is allowed,
            // unless an action card played since changed the table (one
            // that moves the player's own cards can fill the groups that
            // had room): the placement then ends short.
            debug_assert!(_can_stop || !more || self.actions_played > 0);
            self.placement_done();
        }
    }

    pub(crate) fn placement_done(&mut self) {
        if self.rules.turn.extraordinary_vote == ExtraordinaryVote::BeforeRefill {
            self.extraordinary_votes();
            if self.end.is_some() {
                return;
            }
        }
        self.phase = Phase::Refill;
        self.after_refill_step();
    }

    /// After each draw (or on entering the refill): go on while the hand is
    /// not full and a draw is possible, else leave the refill.
    pub(crate) fn after_refill_step(&mut self) {
        let p = self.seat as usize;
        let z = &self.zones[p];
        // One test (the refill's end is random), not one per condition.
        let can_draw =
            self.draws_allowed() & (!z.influence_reserve.is_empty() | !z.action_reserve.is_empty());
        if (z.hand_len < self.rules.limits.hand_size) & can_draw {
            return; // a Draw choice point
        }
        if !self.active {
            self.end_turn();
            return;
        }
        if self.rules.turn.extraordinary_vote == ExtraordinaryVote::AfterRefill {
            self.extraordinary_votes();
            if self.end.is_some() {
                return;
            }
        }
        if self.lone.is_some() && !self.rules.turn.lone_player.vote_cards {
            self.end_turn();
        } else {
            self.phase = Phase::BeforeVote;
        }
    }

    fn start_turn(&mut self) {
        self.placed = 0;
        self.actions_played = 0;
        self.refill_draws = 0;
        self.active = false;
        let p = self.seat;
        self.log(Event::TurnBegan {
            turn: self.turn + 1,
            player: p,
        });
        if self.lone == Some(p) && self.rules.turn.lone_player.place_all_at_once {
            self.phase = Phase::LonePlaceAll;
            if !self.can_place_any(p as usize) {
                self.finish(EndReason::LonePlayer);
            }
        } else {
            self.phase = Phase::TurnStart;
        }
    }

    /// Whether `p` has influence cards left to play: in his hand, or in his
    /// reserve if he may still draw.
    fn influence_left(&self, p: usize) -> bool {
        (self.draws_allowed() && !self.zones[p].influence_reserve.is_empty())
            || self.hand_influence(p) > 0
    }

    fn end_turn(&mut self) {
        self.turn += 1;
        if self.ends_between_turns() {
            return;
        }
        self.seat = match self.lone {
            Some(l) => l,
            None => 1 - self.seat,
        };
        self.start_turn();
    }

    /// Between two turns (after `turn` turns, or at a stated position):
    /// the turn cap, then the end by influence, and the lone player once
    /// one side has no influence left. Returns whether the game is over.
    #[inline(always)]
    fn ends_between_turns(&mut self) -> bool {
        if self.turn >= self.rules.limits.turn_cap {
            self.finish(EndReason::TurnCap);
            return true;
        }
        match self.lone {
            Some(l) => {
                // 000: "lorsqu'il a joué ses 5 dernières cartes, le jeu se
                // termine"; 002: "Kan deze speler geen invloedkaarten meer
                // aanleggen ... dan stopt het spel eveneens."
                if !self.can_place_any(l as usize) {
                    self.finish(EndReason::LonePlayer);
                    return true;
                }
            }
            None => {
                let left = [self.influence_left(0), self.influence_left(1)];
                match (left[0], left[1]) {
                    (false, false) => {
                        self.finish(EndReason::NoInfluence);
                        return true;
                    }
                    (true, false) | (false, true) => {
                        let l = if left[0] { 0 } else { 1 };
                        self.lone = Some(l);
                        self.log(Event::LonePlayer { player: l });
                        if !self.can_place_any(l as usize) {
                            self.finish(EndReason::LonePlayer);
                            return true;
                        }
                    }
                    (true, true) => {}
                }
            }
        }
        false
    }

    fn finish(&mut self, reason: EndReason) {
        self.end = Some(reason);
        self.phase = Phase::GameOver;
        let s = self.score();
        self.log(Event::GameOver {
            reason,
            scores: [s[0] as i32, s[1] as i32],
        });
    }

    // ----- Votes -----------------------------------------------------------

    fn extraordinary_votes(&mut self) {
        // The groups due, found at once (no branch per group: most turns
        // have none). A vote changes its own group only, so the mask stays
        // true as the votes are held in group order.
        let at = self.rules.limits.extraordinary_vote_at;
        let mut due = self.groups_holding_at_least(at) & self.live_groups();
        while due != 0 {
            let g = due.trailing_zeros() as usize;
            due &= due - 1;
            self.vote(g, true);
            if self.end.is_some() {
                return;
            }
        }
    }

    fn draw_vote_card(&mut self) {
        let turn = &self.rules.turn;
        let (orgy_removal, reshuffle) = (turn.orgy_removal, turn.reshuffle);
        loop {
            if self.vote_pile.is_empty() {
                // Only when the reshuffle orgy is gone (a designer's deck).
                if self.vote_discard.is_empty() {
                    return;
                }
                join_piles(&mut self.vote_pile, &self.vote_discard);
                self.vote_discard.clear();
                seed::shuffle(&mut self.vote_pile, &mut self.rng);
                self.log(Event::VoteDeckShuffled);
            }
            let c = self.vote_pile.pop().expect("non-empty");
            self.log(Event::VoteCardDrawn { card: c });
            let armed = std::mem::take(&mut self.orgy_next_armed);
            match self.rules.vote_cards[c as usize].effect {
                VoteEffect::Vote(g) if self.exhausted(g as usize) => {
                    self.vote_removed.push(c);
                    self.log(Event::VoteCardRemoved { card: c });
                    continue;
                }
                VoteEffect::Vote(g) => {
                    self.vote_discard.push(c);
                    self.vote(g as usize, false);
                }
                VoteEffect::Orgy => {
                    self.counters.orgies += 1;
                    // Orgy variant (a): this orgy may go to the box.
                    let out = !self.orgy_removed
                        && match orgy_removal {
                            Some(OrgyRemovalTiming::FirstDrawnAfterTwoGroups) => {
                                self.groups_won() >= 2
                            }
                            Some(OrgyRemovalTiming::NextDrawnAfterTwoGroups) => armed,
                            _ => false,
                        };
                    if out {
                        self.orgy_removed = true;
                        self.vote_removed.push(c);
                        self.log(Event::OrgyRemoved { card: c });
                    } else {
                        self.vote_discard.push(c);
                    }
                }
                VoteEffect::OrgyReshuffle => {
                    self.counters.orgies += 1;
                    self.counters.reshuffles += 1;
                    self.vote_discard.push(c);
                    seed::shuffle(&mut self.vote_discard, &mut self.rng);
                    // The piles joined as slices (not moved card by card).
                    match reshuffle {
                        Reshuffle::DrawAndDiscard => {
                            join_piles(&mut self.vote_pile, &self.vote_discard);
                            seed::shuffle(&mut self.vote_pile, &mut self.rng);
                        }
                        Reshuffle::DiscardOnly => {
                            let above = std::mem::take(&mut self.vote_pile);
                            self.vote_pile
                                .try_extend_from_slice(&self.vote_discard)
                                .expect("every vote card fits the pile");
                            self.vote_pile
                                .try_extend_from_slice(&above)
                                .expect("every vote card fits the pile");
                        }
                    }
                    self.vote_discard.clear();
                    self.log(Event::VoteDeckShuffled);
                }
            }
            return;
        }
    }

    fn tally(&self, g: usize) -> [Tally; 2] {
        let mut t = [Tally::default(); 2];
        let gs = &self.groups[g];
        let r = &*self.rules;
        for (p, side) in t.iter_mut().enumerate() {
            // All kinds at once (action kinds weigh 0; no cards weigh 0).
            let (total, inv) =
                weighted_sums(&gs.cards[p][0], &gs.cards[p][1], &r.values, &r.inverts);
            side.total = total;
            side.cards = self.count[p][g];
            side.inverters = inv as u8;
        }
        t
    }

    /// Holds a vote at group `g`.
    fn vote(&mut self, g: usize, extraordinary: bool) {
        // Reveal every face-down card.
        for p in 0..2 {
            if !self.record {
                // No log to keep in order: every influence kind at once.
                // As one 128-bit word: no byte of the sum carries, each being
                // a count of one side's cards of one kind.
                let [down, up] = &mut self.groups[g].cards[p];
                reveal_all(down, up, &self.rules.influence_mask);
                continue;
            }
            if self.groups[g].cards[p][0] == [0; MAX_KINDS] {
                continue;
            }
            // In the order of the influence kinds (the event log's order).
            for i in 0..self.rules.influence_kinds.len() {
                let k = self.rules.influence_kinds[i];
                let n = self.groups[g].cards[p][0][k.ix()];
                if n > 0 {
                    self.groups[g].cards[p][0][k.ix()] = 0;
                    self.groups[g].cards[p][1][k.ix()] += n;
                    for _ in 0..n {
                        self.log(Event::Revealed {
                            player: p as u8,
                            group: g as u8,
                            kind: k,
                        });
                    }
                }
            }
        }
        // Only influence cards lie at a group: all are face up now.
        for p in 0..2 {
            set_at(&mut self.up[p], g, self.count[p][g]);
        }
        let t = self.tally(g);
        let decision = decide(t, self.rules.turn.lone_philosopher);
        self.counters.votes += 1;
        self.counters.extraordinary_votes += u16::from(extraordinary);
        if !matches!(decision, Decision::Won { .. }) {
            self.counters.ties += 1;
        }
        let outcome = match decision {
            Decision::Tie => VoteOutcome::Tie,
            Decision::Postponed => VoteOutcome::Postponed,
            Decision::Won {
                winner, inverted, ..
            } => VoteOutcome::Won {
                winner: winner as u8,
                inverted,
            },
        };
        self.log(Event::Vote {
            group: g as u8,
            extraordinary,
            totals: [t[0].total, t[1].total],
            outcome,
        });
        let Decision::Won { winner, higher, .. } = decision else {
            if extraordinary
                && decision == Decision::Tie
                && self.rules.turn.extraordinary_tie == ExtraordinaryTie::Frozen
            {
                self.frozen[g] = true;
            }
            return;
        };
        // Rarely frozen: no store (a byte store here would hold up the
        // 8-byte read of `room_masks`).
        if self.frozen[g] {
            self.frozen[g] = false;
        }
        // Discards: the higher total its highest numbered card, the lower its
        // lowest, and every vote-inverting card (Philosopher) at the group.
        if let Some(h) = higher {
            let high_kind = self.discard_kind(&self.groups[g].cards[h][1], true);
            let low_kind = self.discard_kind(&self.groups[g].cards[1 - h][1], false);
            if let Some(k) = high_kind {
                self.lose(h, g, k);
            }
            if let Some(k) = low_kind {
                self.lose(1 - h, g, k);
            }
        }
        for (p, side) in t.iter().enumerate() {
            // The count of `tally`: the discards above were not inverters.
            if side.inverters == 0 {
                continue;
            }
            for i in 0..self.rules.inverter_kinds.len() {
                let k = self.rules.inverter_kinds[i];
                for _ in 0..self.groups[g].cards[p][1][k.ix()] {
                    self.lose(p, g, k);
                }
            }
        }
        // The winner takes the top patrician.
        sub_at(&mut self.left, g, 1);
        self.points[winner] += self.win_points(winner, g);
        self.zones[winner].won[g] += 1;
        self.log(Event::PatricianWon {
            player: winner as u8,
            group: g as u8,
        });
        self.note_lead();
        if self.exhausted(g) {
            self.exhaust(g);
            if self.all_won() {
                self.finish(EndReason::AllPatricians);
            }
        }
    }

    /// The last (`highest`) or the first kind of `discard_kinds` with a card
    /// in `side`.
    fn discard_kind(&self, side: &Counts, highest: bool) -> Option<Kind> {
        let r = &*self.rules;
        if r.discard_in_index_order {
            let m = nonzero_kinds(side) & r.discard_mask;
            let k = if highest {
                15u32.wrapping_sub(m.leading_zeros())
            } else {
                m.trailing_zeros()
            };
            return (m != 0).then_some(Kind(k as u8));
        }
        let held = |k: &&Kind| side[k.ix()] > 0;
        if highest {
            r.discard_kinds.iter().rev().find(held).copied()
        } else {
            r.discard_kinds.iter().find(held).copied()
        }
    }

    /// After a patrician is won: who is ahead on points now?
    fn note_lead(&mut self) {
        let s = self.score();
        if s[0] == s[1] {
            return;
        }
        let now = u8::from(s[1] > s[0]);
        let c = &mut self.counters;
        if c.ahead != Some(now) {
            if c.ahead.is_some() {
                c.lead_changes += 1;
            }
            c.ahead = Some(now);
            c.ahead_since_turn = self.turn;
        }
    }

    /// Who would win group `g`'s vote if it were held now: bit 2g if
    /// player 0, bit 2g+1 if player 1, none for a tie or an exhausted group
    /// (for `Counters::action_swings`).
    pub(crate) fn group_outlook(&self, g: usize) -> u32 {
        if self.exhausted(g) {
            return 0;
        }
        match decide(self.tally(g), self.rules.turn.lone_philosopher) {
            Decision::Won { winner, .. } => 1 << (2 * g + winner),
            _ => 0,
        }
    }

    /// Every patrician is won: the game is over.
    #[inline(always)]
    fn all_won(&self) -> bool {
        self.live_groups() == 0
    }

    /// Groups whose patricians are all won.
    pub(crate) fn groups_won(&self) -> usize {
        self.rules.groups.len() - self.live_groups().count_ones() as usize
    }

    /// Orgy variant (a) at once: an orgy (not the reshuffle one) leaves the
    /// game, from the draw pile if one is there, else from the discard pile.
    fn remove_an_orgy(&mut self) {
        let rules = &*self.rules;
        let is_orgy = |c: &u8| rules.vote_cards[*c as usize].effect == VoteEffect::Orgy;
        let in_pile = self.vote_pile.iter().position(is_orgy);
        let in_discard = self.vote_discard.iter().position(is_orgy);
        let c = if let Some(i) = in_pile {
            self.vote_pile.remove(i)
        } else if let Some(i) = in_discard {
            self.vote_discard.remove(i)
        } else {
            return;
        };
        self.orgy_removed = true;
        self.vote_removed.push(c);
        self.log(Event::OrgyRemoved { card: c });
    }

    /// A face-up card of `p` at `g` goes to his discard pile.
    fn lose(&mut self, p: usize, g: usize, k: Kind) {
        let gs = &mut self.groups[g];
        bump(&mut gs.cards[p][1], k, false);
        sub_at(&mut self.count[p], g, 1);
        sub_at(&mut self.up[p], g, 1);
        self.zones[p].discard[k.ix()] += 1;
        self.log(Event::InfluenceLost {
            player: p as u8,
            group: g as u8,
            kind: k,
        });
    }

    /// The last patrician is won: 000 "toutes les cartes \"influence\"
    /// restantes sur ce groupe sont défaussées".
    fn exhaust(&mut self, g: usize) {
        for p in 0..2 {
            // Both faces' counts at once into the discard pile (byte sums:
            // no count reaches 256). As `effect::add_counts` twice, which
            // measured 5% slower here (session 10).
            let [down, up] = std::mem::take(&mut self.groups[g].cards[p]);
            let d = &mut self.zones[p].discard;
            *d = (u128::from_ne_bytes(*d) + u128::from_ne_bytes(down) + u128::from_ne_bytes(up))
                .to_ne_bytes();
            set_at(&mut self.count[p], g, 0);
            set_at(&mut self.up[p], g, 0);
        }
        self.log(Event::GroupExhausted { group: g as u8 });
        if self.groups_won() == 2 && !self.orgy_removed {
            match self.rules.turn.orgy_removal {
                Some(OrgyRemovalTiming::AtSecondGroup) => self.remove_an_orgy(),
                Some(OrgyRemovalTiming::NextDrawnAfterTwoGroups) => self.orgy_next_armed = true,
                _ => {}
            }
        }
        if self.rules.turn.exhausted_vote_card == ExhaustedVoteCard::RemoveAtOnce {
            let rules = &*self.rules;
            let names_g = |c: &u8| leaves_with_group(rules, *c, g);
            let mut gone: Vec<u8> = self.vote_pile.iter().copied().filter(names_g).collect();
            gone.extend(self.vote_discard.iter().copied().filter(names_g));
            self.vote_pile.retain(|c| !names_g(c));
            self.vote_discard.retain(|c| !names_g(c));
            for c in gone {
                self.vote_removed.push(c);
                self.log(Event::VoteCardRemoved { card: c });
            }
        }
    }

    // ----- Scoring ---------------------------------------------------------

    /// Victory points of each player now.
    pub fn score(&self) -> [u32; 2] {
        self.points
    }

    /// `p`'s points that the opponent can count: the score less the bonus
    /// of each of `p`'s secret missions already fulfilled (the opponent does
    /// not know them before the end).
    pub fn public_points(&self, p: usize) -> u32 {
        let r = &*self.rules;
        let z = &self.zones[p];
        let secret: u32 = z
            .missions
            .iter()
            .map(|&m| &r.missions[m as usize])
            .filter(|m| z.won[m.group as usize] >= m.at_least)
            .map(|_| r.scoring.mission_bonus)
            .sum();
        self.points[p] - secret
    }

    /// The points `p` gains by winning one more patrician of group `g`:
    /// one patrician's, and each bonus (majority, whole group, a mission
    /// on `g`) whose threshold the new count reaches (`count_points`, the
    /// score from scratch, less the score before).
    fn win_points(&self, p: usize, g: usize) -> u32 {
        let r = &*self.rules;
        let s = &r.scoring;
        let z = &self.zones[p];
        let (was, now) = (z.won[g], z.won[g] + 1);
        debug_assert!(was < r.group_size[g], "a patrician is left to win");
        let mut points = s.per_patrician
            + u32::from(now == r.group_majority[g]) * s.majority_bonus
            + u32::from(now == r.group_size[g]) * s.whole_group_bonus;
        for &m in &z.missions {
            let m = &r.missions[m as usize];
            if m.group as usize == g && now == m.at_least {
                points += s.mission_bonus;
            }
        }
        points
    }

    /// Victory points of each player, counted from the patricians won and
    /// the missions.
    pub(crate) fn count_points(&self) -> [u32; 2] {
        let r = &*self.rules;
        let s = &r.scoring;
        let mut out = [0; 2];
        for (p, o) in out.iter_mut().enumerate() {
            let z = &self.zones[p];
            // Over all `MAX_GROUPS` (nothing is won past the last group, whose
            // size and majority are 0xFF): a loop the compiler vectorises.
            let (mut won, mut majorities, mut whole) = (0u32, 0u32, 0u32);
            for g in 0..MAX_GROUPS {
                won += z.won[g] as u32;
                majorities += u32::from(z.won[g] >= r.group_majority[g]);
                whole += u32::from(z.won[g] == r.group_size[g]);
            }
            *o =
                won * s.per_patrician + majorities * s.majority_bonus + whole * s.whole_group_bonus;
            for &m in &z.missions {
                let m = &r.missions[m as usize];
                if z.won[m.group as usize] >= m.at_least {
                    *o += s.mission_bonus;
                }
            }
        }
        out
    }

    /// Influence cards in `p`'s hand.
    pub fn hand_influence_of(&self, p: usize) -> u8 {
        self.hand_influence(p)
    }

    pub fn patricians_won(&self, p: usize) -> u32 {
        self.zones[p].won.iter().map(|&w| w as u32).sum()
    }

    /// The winner by points, then by the tie-break; `None` for a draw.
    pub fn leader(&self) -> Option<usize> {
        let s = self.score();
        if s[0] != s[1] {
            return Some(if s[0] > s[1] { 0 } else { 1 });
        }
        match self.rules.scoring.tie_break {
            TieBreak::MostPatricians => {
                let (a, b) = (self.patricians_won(0), self.patricians_won(1));
                (a != b).then_some(if a > b { 0 } else { 1 })
            }
            TieBreak::Draw => None,
        }
    }

    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    // ----- Invariants ------------------------------------------------------

    /// Checks that every card is in exactly one place and that the limits
    /// hold. Returns a description of the first violation.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &*self.rules;
        if self.points != self.count_points() {
            return Err(format!(
                "points {:?} kept, {:?} counted",
                self.points,
                self.count_points()
            ));
        }
        for p in 0..2 {
            let z = &self.zones[p];
            let mut seen = [0u32; MAX_KINDS];
            for k in 0..MAX_KINDS {
                seen[k] += z.hand[k] as u32
                    + z.discard[k] as u32
                    + z.removed[k] as u32
                    + z.set_aside[k] as u32
                    + z.unarranged[k] as u32;
                for g in 0..r.groups.len() {
                    seen[k] +=
                        self.groups[g].cards[p][0][k] as u32 + self.groups[g].cards[p][1][k] as u32;
                }
            }
            for k in z.influence_reserve.iter().chain(z.action_reserve.iter()) {
                seen[k.ix()] += 1;
            }
            for f in &self.frames {
                if f.player as usize == p {
                    seen[f.card.ix()] += 1;
                }
                for k in 0..MAX_KINDS {
                    seen[k] += f.pool[p][k] as u32;
                }
            }
            for k in 0..MAX_KINDS {
                let deck = r.factions[p].deck[k] as u32;
                if seen[k] != deck {
                    return Err(format!(
                        "{}: {} cards of kind {} found, deck has {deck}",
                        r.factions[p].name,
                        seen[k],
                        r.kinds.get(k).map_or("?", |c| c.id.as_str())
                    ));
                }
            }
            let hand: u32 = z.hand.iter().map(|&c| c as u32).sum();
            if hand != z.hand_len as u32 || z.hand_len > r.limits.hand_size {
                return Err(format!(
                    "{}: hand of {hand} (len {})",
                    r.factions[p].name, z.hand_len
                ));
            }
            for g in 0..r.groups.len() {
                let gs = self.group(g);
                let c: u32 = gs.cards[p].iter().flatten().map(|&c| c as u32).sum();
                let up: u32 = gs.cards[p][1].iter().map(|&c| c as u32).sum();
                if up != self.up[p][g] as u32 {
                    return Err(format!(
                        "{}: {} face-up cards kept at {}, {up} there",
                        r.factions[p].name, self.up[p][g], r.groups[g].name
                    ));
                }
                if c != gs.count[p] as u32 || gs.count[p] > r.limits.per_side {
                    return Err(format!(
                        "{} has {c} cards at {}",
                        r.factions[p].name, r.groups[g].name
                    ));
                }
            }
        }
        for (g, gd) in r.groups.iter().enumerate() {
            let gs = self.group(g);
            if gs.total() > r.limits.per_group {
                return Err(format!("{} holds {} cards", gd.name, gs.total()));
            }
            // The effects' table scans rely on it: no exhausted test.
            if gs.exhausted() && gs.cards != [[[0; MAX_KINDS]; 2]; 2] {
                return Err(format!("{} are all won but cards lie there", gd.name));
            }
            if gs.left + self.zones[0].won[g] + self.zones[1].won[g] != gd.size {
                return Err(format!("{} patricians do not add up", gd.name));
            }
        }
        let mut votes = vec![0u8; r.vote_cards.len()];
        for &c in self
            .vote_pile
            .iter()
            .chain(&self.vote_discard)
            .chain(&self.vote_removed)
        {
            votes[c as usize] += 1;
        }
        if votes.iter().any(|&n| n != 1) {
            return Err(format!("vote cards out of place: {votes:?}"));
        }
        let mut missions = vec![0u8; r.missions.len()];
        for &m in self.zones[0]
            .missions
            .iter()
            .chain(&self.zones[1].missions)
            .chain(&self.missions_boxed)
        {
            missions[m as usize] += 1;
        }
        if missions.iter().any(|&n| n != 1) {
            return Err(format!("mission cards out of place: {missions:?}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The SIMD and table helpers of the hot path against plain loops, on
    //! many pseudo-random inputs (counts up to 15, as in play, and edge
    //! values up to 255).
    use super::*;

    /// Pseudo-random counts from `seed` (SplitMix64), below `max` + 1.
    fn counts(seed: u64, max: u8) -> Counts {
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

    /// `room_masks`, `nonzero_groups` and `side_groups` (over the per-group
    /// byte arrays) against the rule they implement, group by group, on
    /// arbitrary tables and limits (up to 255).
    #[test]
    fn group_masks_are_the_rule_at_each_group() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = super::super::model::load(&dir).expect("the rules load");
        let mut s = State::with_log(Arc::new(rules.clone()), 1, false);
        for seed in 0..3000u64 {
            let r = |i: u64, max: u8| counts(seed * 8 + i, max);
            let big = if seed % 7 == 0 { 255 } else { 9 };
            let mut rules = rules.clone();
            rules.limits.per_side = r(0, big)[1];
            rules.limits.per_group = r(1, big)[3];
            s.rules = Arc::new(rules);
            let (c0, c1, left, frozen) = (r(2, big), r(3, big), r(4, 3), r(5, 1));
            for g in 0..MAX_GROUPS {
                // Counts that add up within a byte, as the game keeps them.
                s.count[0][g] = c0[g] / 2;
                s.count[1][g] = c1[g] / 2;
                s.left[g] = left[g];
                s.frozen[g] = frozen[g] != 0;
            }
            let l = &s.rules.limits;
            for p in 0..2 {
                let (mut one, mut two) = (0u16, 0u16);
                for g in 0..MAX_GROUPS {
                    let room = if s.left[g] == 0 || s.frozen[g] {
                        0
                    } else {
                        l.per_side
                            .saturating_sub(s.count[p][g])
                            .min(l.per_group.saturating_sub(s.count[0][g] + s.count[1][g]))
                    };
                    one |= u16::from(room >= 1) << g;
                    two |= u16::from(room >= 2) << g;
                }
                assert_eq!(s.room_masks(p), (one, two), "seed {seed}, player {p}");
            }
            let live = (0..MAX_GROUPS).fold(0, |m, g| m | u16::from(s.left[g] != 0) << g);
            assert_eq!(nonzero_groups(&s.left), live, "seed {seed}");
            for at in [0, 1, 3, 8, big] {
                let due = (0..MAX_GROUPS).fold(0, |m, g| {
                    m | u32::from(s.count[0][g] + s.count[1][g] >= at) << g
                });
                assert_eq!(s.groups_holding_at_least(at), due, "seed {seed}, at {at}");
            }
            // Some of each player's cards face up.
            let ups = r(6, big);
            for p in 0..2 {
                for g in 0..MAX_GROUPS {
                    s.up[p][g] = ups[g] % (s.count[p][g] + 1);
                }
                let of = |has: &dyn Fn(usize) -> bool| {
                    (0..MAX_GROUPS).fold(0, |m, g| m | u16::from(has(g)) << g)
                };
                let down = of(&|g| s.count[p][g] > s.up[p][g]);
                let up = of(&|g| s.up[p][g] > 0);
                assert_eq!((s.side_groups(p, 0), s.side_groups(p, 1)), (down, up));
            }
        }
    }

    #[test]
    fn simd_helpers_agree_with_plain_loops() {
        for s in 0..5000u64 {
            let max = if s % 10 == 0 { 255 } else { 15 };
            let (c, d) = (counts(s, max), counts(s + 100_000, max));
            let mask = counts(s + 200_000, 1).map(|b| if b > 0 { 0xFF } else { 0 });
            let nz = (0..MAX_KINDS).fold(0u16, |m, k| m | u16::from(c[k] != 0) << k);
            assert_eq!(nonzero_kinds(&c), nz, "{c:?}");
            let sum = (0..MAX_KINDS).fold(0u8, |n, k| n.wrapping_add(c[k] & mask[k]));
            assert_eq!(masked_sum(&c, &mask), sum, "{c:?} {mask:?}");
            // Each kind's down + up fits a byte in play: keep it so here.
            let up = std::array::from_fn(|k| d[k].min(255 - c[k]));
            let (a, b) = (counts(s + 300_000, max), counts(s + 400_000, 5));
            let dot = |w: &Counts| {
                (0..MAX_KINDS)
                    .map(|k| (c[k] as u32 + up[k] as u32) * w[k] as u32)
                    .sum::<u32>()
            };
            assert_eq!(weighted_sums(&c, &up, &a, &b), (dot(&a), dot(&b)));
            let k = (s % MAX_KINDS as u64) as usize;
            let (mut more, mut less) = (c, c);
            bump(&mut more, Kind(k as u8), true);
            bump(&mut less, Kind(k as u8), false);
            for j in 0..MAX_KINDS {
                let by = u8::from(j == k);
                assert_eq!(more[j], c[j].wrapping_add(by), "{c:?} + kind {k}");
                assert_eq!(less[j], c[j].wrapping_sub(by), "{c:?} - kind {k}");
            }
            let (mut down, mut shown) = (c, up);
            reveal_all(&mut down, &mut shown, &mask);
            for j in 0..MAX_KINDS {
                let moved = c[j] & mask[j];
                assert_eq!(
                    (down[j], shown[j]),
                    (c[j] - moved, up[j] + moved),
                    "kind {j}"
                );
            }
        }
    }

    #[test]
    fn nth_set_bit_lists_the_bits_of_every_group_mask() {
        for m in 0u16..256 {
            let bits: Vec<u8> = (0..8).filter(|&b| m >> b & 1 != 0).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(m, i as u32), b, "mask {m:#b}, bit {i}");
            }
        }
    }

    #[test]
    fn playable_masks_agree_with_the_search() {
        // At every decision of random games, for both players and every
        // kind with a program: the mask test says what the general search
        // of the first choices says.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = Arc::new(super::super::model::load(&dir).expect("the rules load"));
        let with_program = (0..MAX_KINDS).fold(0u16, |m, k| {
            m | u16::from(rules.program(Kind(k as u8)).is_some()) << k
        });
        let mut buf = Vec::new();
        let mut seen = [0u32; 2];
        for game in 0..200 {
            let mut s = State::with_log(rules.clone(), game, false);
            let mut rngs = [seed::agent_rng(game + 1000), seed::agent_rng(game + 2000)];
            loop {
                for p in 0..2 {
                    let mut want = 0;
                    for k in 0..MAX_KINDS {
                        if let Some(prog) = rules.program(Kind(k as u8)) {
                            want |= u16::from(s.first_choice_has_target(p, prog)) << k;
                        }
                    }
                    assert_eq!(s.playable(p, with_program), want, "game {game}");
                    seen[usize::from(want == with_program)] += 1;
                }
                if !s.random_step(&mut rngs, &mut buf, &mut |_| {}) {
                    break;
                }
            }
        }
        assert!(
            seen[0] > 100 && seen[1] > 100,
            "both outcomes seen: {seen:?}"
        );
    }

    #[test]
    fn discard_kinds_by_mask_are_the_first_and_last_held() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = super::super::model::load(&dir).expect("the rules load");
        assert!(rules.discard_in_index_order);
        let fast = State::with_log(Arc::new(rules.clone()), 1, false);
        let mut slow_rules = rules;
        slow_rules.discard_in_index_order = false;
        let slow = State::with_log(Arc::new(slow_rules), 1, false);
        for seed in 0..2000 {
            let side = counts(seed, if seed % 5 == 0 { 255 } else { 3 });
            for highest in [false, true] {
                assert_eq!(
                    fast.discard_kind(&side, highest),
                    slow.discard_kind(&side, highest),
                    "seed {seed}, highest {highest}"
                );
            }
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

    /// `held_ranks` is the rules' influence kinds held, by rank.
    #[test]
    fn held_ranks_follow_the_rules_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = super::super::model::load(&dir).expect("the rules load");
        // And an order other than the kinds' indices.
        let mut reversed = rules.clone();
        reversed.influence_kinds.reverse();
        for (r, k) in reversed.influence_kinds.iter().enumerate() {
            reversed.influence_ranks[r] = k.0;
        }
        for seed in 0..6000u64 {
            let rules = if seed % 2 == 0 { &rules } else { &reversed };
            let hand = counts(seed, 3);
            let want = rules
                .influence_kinds
                .iter()
                .enumerate()
                .fold(0u16, |m, (r, k)| m | u16::from(hand[k.ix()] > 0) << r);
            assert_eq!(held_ranks(rules, &hand), want, "seed {seed}");
            let pl = Placements::of_hand(rules, &hand);
            let kinds: Vec<Kind> = (0..pl.n_kinds() as u32)
                .map(|j| pl.kind(rules, j))
                .collect();
            let held: Vec<Kind> = rules
                .influence_kinds
                .iter()
                .copied()
                .filter(|k| hand[k.ix()] > 0)
                .collect();
            assert_eq!(kinds, held, "seed {seed}");
        }
    }

    #[test]
    fn div_small_divides() {
        for d in 1..=MAX_GROUPS as u32 {
            for i in 0..1 << 13 {
                assert_eq!(div_small(i, d), i / d, "{i} / {d}");
            }
        }
    }

    #[test]
    fn nth_kind_lists_the_bits_of_every_kind_mask() {
        for m in 0..=u16::MAX {
            let bits: Vec<u8> = (0..16).filter(|&b| m >> b & 1 != 0).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(nth_kind(m, i as u32), b, "mask {m:#b}, bit {i}");
            }
        }
    }
}
