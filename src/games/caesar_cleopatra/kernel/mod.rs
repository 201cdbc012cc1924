//! The kernel: Caesar & Cleopatra's legal moves specialised for speed,
//! for random playouts (`ludus simulate`, ISMCTS rollouts, the agents'
//! listings).
//!
//! **A specialisation of the reference, which it must equal.** The rules
//! of each choice point are written plainly in [`super::reference`]: which
//! moves are legal, in which order. This module computes the same moves
//! from bit masks (kinds held, groups with room, action cards playable,
//! [`Placements`] picked by index without listing them) and the byte-vector
//! primitives of [`simd`]:
//!
//! - [`State::legal`]: the list, in the reference's order (what
//!   `GameState::legal_moves` returns to agents, the CLI and scenarios);
//! - [`State::random_legal`]: `legal[below(rng, n)]` and `n`, without the
//!   list;
//! - [`State::random_step`]: that pick applied at once, dispatching on the
//!   phase once (the loop of `sim::play_game` for two random seats).
//!
//! Every move is applied by the same functions as [`State::apply_move`]
//! (`place`, `refill_draw`, `vote_step`, `play_own_action`, ...: state.rs
//! and effect.rs), so the kernel decides only which move a pick means.
//!
//! `tests/suite/kernel_equality.rs` plays many seeded random games under every
//! variant and add-on and checks at every choice point that the three
//! equal the reference: the same list, the same pick and count, and the
//! same state after the move. **A rule is changed in the reference first;
//! that test then says whether the kernel must follow** (it fails at the
//! first choice point where they differ, naming the phase and both lists).
//! The kernel's speed notes are in docs/kernel.md.

mod effect;
pub(crate) mod simd;

use arrayvec::ArrayVec;

use super::model::{ActionTiming, Counts, Face, Kind, MAX_GROUPS, MAX_KINDS, Rules};
use super::moves::{Move, Reserve};
use super::state::{Phase, State, face_ix};
use crate::engine::seed::{self, AgentRng};
use simd::{bump, held_ranks, nonzero_kinds};

/// The position of the `i`-th lowest set bit of a group mask (`i` below its
/// number of set bits), from the engine's table: no loop, no branch.
#[inline]
pub(crate) fn nth_set_bit(mask: u16, i: u32) -> u8 {
    const _: () = assert!(MAX_GROUPS <= 8, "group masks are one byte");
    crate::engine::bits::nth_set_bit((mask & 0xFF) as u8, i as usize)
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

impl State {
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
}

#[cfg(test)]
mod tests {
    //! The table helpers of the kernel against plain loops.
    use super::simd::tests::counts;
    use super::*;

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
