//! The kernel at an effect's choice points (see the module above): the
//! random pick among the moves of `State::effect_moves` without listing
//! them (`effect_random_legal`), and that pick applied where it is made
//! (`effect_random_step`, for `State::random_step`). Both must equal a
//! pick from the listed moves, then `State::apply_effect_move`
//! (`tests/suite/kernel_equality.rs`).

use arrayvec::ArrayVec;

use super::super::compile::{Op, Set, Zone};
use super::super::effect::{Env, group_sides, nth_bit, owners, sides};
use super::super::model::{Face, Kind, MAX_GROUPS, MAX_KINDS};
use super::super::moves::{Move, Target};
use super::super::state::State;
use super::simd::{held_ranks, nonzero_kinds};
use super::{nth_action, nth_kind, nth_reserve};

impl State {
    /// `State::random_legal` at an effect choice point: the move
    /// `legal[rng.random_range(0..n)]` would pick, and `n`, mostly without
    /// listing the moves (the options are counted, then the i-th is found
    /// in the order of `effect_moves`).
    pub(crate) fn effect_random_legal(
        &self,
        rng: &mut crate::engine::seed::AgentRng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        let Some(f) = self.frames.last() else {
            return self.listed_random_legal(rng, buf);
        };
        if f.awaiting_reaction {
            let rs = self.reactions(1 - f.player as usize, f.card);
            let n = rs.count_ones() as usize + 1;
            let i = crate::engine::seed::below(rng, n);
            let m = if i + 1 < n {
                Move::PlayAction(nth_action(rs, i))
            } else {
                Move::Decline
            };
            return (m, n);
        }
        let p = f.player as usize;
        match self.op() {
            Some(Op::ChooseGroup { var, cond }) => {
                let m = self.group_options(p, *var, cond, &f.env);
                let n = m.count_ones() as usize;
                let i = crate::engine::seed::below(rng, n);
                (Move::Choose(Target::Group(nth_bit(m, i))), n)
            }
            Some(Op::ChooseCard { from, cond, .. }) if cond.is_empty() => {
                let (t, n) = self.random_card(p, from, &f.env, rng);
                (Move::Choose(t), n)
            }
            Some(Op::Draw { who, optional, .. }) => {
                let ms = self.draw_options(f, *who, *optional);
                let n = ms.len();
                (ms[crate::engine::seed::below(rng, n)], n)
            }
            Some(Op::PlaceTaken { groups, .. }) => {
                let m = self.placement_groups(f, groups);
                let n = m.count_ones() as usize;
                let i = crate::engine::seed::below(rng, n);
                (Move::Choose(Target::Group(nth_bit(m, i))), n)
            }
            _ => self.listed_random_legal(rng, buf),
        }
    }

    /// A card of `from` picked as `legal[rng.random_range(0..n)]` would
    /// among its `each_card` order, and `n`: the sides holding cards of
    /// the set are noted while they are counted, then the pick skips whole
    /// sides by their number of kinds.
    fn random_card(
        &self,
        p: usize,
        from: &Set,
        env: &Env,
        rng: &mut crate::engine::seed::AgentRng,
    ) -> (Target, usize) {
        match from.zone {
            Zone::Table => {
                let sides = sides(p, from);
                // (group, side, kinds held) of each side with a card of the set.
                let mut held = [(0u8, 0u8, 0u16); MAX_GROUPS * 4];
                let (mut len, mut n) = (0, 0);
                for (g, i) in group_sides(self.group_mask(&from.groups, env), sides) {
                    let h = nonzero_kinds(&self.groups[g].cards[i >> 1][i & 1]) & from.kind_bits;
                    held[len] = (g as u8, i as u8, h);
                    len += usize::from(h != 0);
                    n += h.count_ones() as usize;
                }
                let mut left = crate::engine::seed::below(rng, n) as u32;
                for &(g, i, h) in &held[..len] {
                    let c = h.count_ones();
                    if left >= c {
                        left -= c;
                        continue;
                    }
                    // The left-th kind held, in the rules' order: by rank
                    // (only influence cards lie on the table), no search.
                    let side =
                        self.groups[g as usize].cards[usize::from(i >> 1)][usize::from(i & 1)];
                    let of_set = (u128::from_ne_bytes(side) & from.kind_bytes).to_ne_bytes();
                    let rank = nth_kind(held_ranks(&self.rules, &of_set), left);
                    let kind = Kind(self.rules.influence_ranks[usize::from(rank) % MAX_KINDS]);
                    let face = if i & 1 == 0 { Face::Down } else { Face::Up };
                    let t = Target::TableCard {
                        owner: i >> 1,
                        group: g,
                        kind,
                        face,
                    };
                    return (t, n);
                }
                unreachable!("a pick among the cards counted")
            }
            Zone::Hand => {
                let owners = owners(p, from.owner);
                let held = owners
                    .clone()
                    .map(|o| nonzero_kinds(&self.zones[o].hand) & from.kind_bits);
                let mut held: ArrayVec<(usize, u16), 2> = owners.zip(held).collect();
                let n = held.iter().map(|(_, h)| h.count_ones() as usize).sum();
                let mut left = crate::engine::seed::below(rng, n) as u32;
                for (o, h) in held.drain(..) {
                    let c = h.count_ones();
                    if left < c {
                        let kind = nth_action(h, left as usize);
                        return (
                            Target::HandCard {
                                owner: o as u8,
                                kind,
                            },
                            n,
                        );
                    }
                    left -= c;
                }
                unreachable!("a pick among the cards counted")
            }
        }
    }

    /// The pick of `State::random_legal` from the listed moves.
    fn listed_random_legal(
        &self,
        rng: &mut crate::engine::seed::AgentRng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        self.legal(buf);
        let n = buf.len();
        (buf[crate::engine::seed::below(rng, n)], n)
    }

    /// `effect_random_legal` with the RNG of the player to act, then
    /// `apply_effect_move`, for `State::random_step`: for the reaction
    /// window and the usual choices, the pick is applied where it is made
    /// (one dispatch on the statement, not two, and no `Move` between).
    /// Returns the number of legal moves.
    pub(crate) fn effect_random_step(
        &mut self,
        rngs: &mut [crate::engine::seed::AgentRng; 2],
        buf: &mut Vec<Move>,
    ) -> usize {
        use crate::engine::seed::below;
        let Some(top) = self.frames.len().checked_sub(1) else {
            return self.effect_listed_step(rngs, buf);
        };
        let f = &self.frames[top];
        let p = f.player as usize;
        if f.awaiting_reaction {
            let responder = 1 - p;
            let rs = self.reactions(responder, f.card);
            let n = rs.count_ones() as usize + 1;
            let i = below(&mut rngs[responder], n);
            self.frames[top].awaiting_reaction = false;
            if i + 1 < n {
                self.play_action(responder, nth_action(rs, i), true);
            } else {
                self.run_effects();
            }
            return n;
        }
        let n = match self.op() {
            Some(Op::ChooseGroup { var, cond }) => {
                let var = *var as usize;
                let m = f.options;
                debug_assert_eq!(m, self.group_options(p, var as u8, cond, &f.env));
                let n = m.count_ones() as usize;
                let g = nth_bit(m, below(&mut rngs[p], n));
                let f = &mut self.frames[top];
                f.env[var] = Some(Target::Group(g));
                f.pc += 1;
                n
            }
            Some(Op::ChooseCard { var, from, cond }) if cond.is_empty() => {
                let var = *var as usize;
                let (t, n) = self.random_card(p, from, &f.env, &mut rngs[p]);
                let f = &mut self.frames[top];
                f.env[var] = Some(t);
                f.pc += 1;
                n
            }
            Some(Op::Draw { who, optional, .. }) => {
                // As `draw_options`: the reserves with a card, then `Decline`;
                // applied as `apply_effect_move`.
                let d = self.who(f, *who);
                let (inf, draws) = self.zones[d].draw_choices();
                let n = draws + usize::from(*optional);
                let i = below(&mut rngs[d], n);
                if i < draws {
                    self.draw_one(d, nth_reserve(i, inf));
                    let f = &mut self.frames[top];
                    f.draw_left -= 1;
                    if f.draw_left == 0 || self.zones[d].hand_len >= self.rules.limits.hand_size {
                        f.draw_left = 0;
                        f.pc += 1;
                    }
                } else {
                    let f = &mut self.frames[top];
                    f.draw_left = 0;
                    f.pc += 1;
                }
                n
            }
            Some(Op::PlaceTaken { groups, face }) => {
                let face = *face;
                let m = f.options;
                debug_assert_eq!(m, self.placement_groups(f, groups));
                let n = m.count_ones() as usize;
                let g = nth_bit(m, below(&mut rngs[p], n));
                self.place_taken(top, g, face);
                n
            }
            _ => return self.effect_listed_step(rngs, buf),
        };
        self.run_effects();
        n
    }

    /// The general way: pick as `effect_random_legal`, apply.
    fn effect_listed_step(
        &mut self,
        rngs: &mut [crate::engine::seed::AgentRng; 2],
        buf: &mut Vec<Move>,
    ) -> usize {
        let a = self.effect_actor();
        let (m, n) = self.effect_random_legal(&mut rngs[a], buf);
        self.apply_effect_move(m);
        n
    }
}
