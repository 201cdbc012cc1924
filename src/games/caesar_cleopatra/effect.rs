//! The statements of compiled effects (`compile::Program`), run by the
//! engine's interpreter (`effects::run`).
//!
//! Playing an action card pushes a [`Frame`] and sets the phase to `Effect`.
//! If the other player holds a reaction card whose trigger matches, the
//! frame first waits at a reaction window: a choice point of that player,
//! who may answer with the reaction (pushing its frame above) or `Decline`.
//! Then the top frame runs its statements until one needs a decision (a
//! `choose`, a `draw`, the next card of `place taken`); `legal` lists exactly
//! the options, `apply` takes one and runs on. When the last frame is done,
//! the turn goes on where the card was played.
//!
//! The random pick at these choice points without listing the moves is
//! the kernel's (`kernel/effect.rs`); the moves offered are specified by
//! `reference.rs`.
//!
//! Each primitive here is documented in docs/effects.md with the rulebook
//! passages that need it; no card is named in this file.

use arrayvec::ArrayVec;

use super::compile::{
    Cards, Cond, GroupRef, Groups, MAX_VARS, Op, Playable, Program, Set, Who, Zone,
};
use super::events::Event;
use super::kernel::each_kind;
use super::kernel::simd::{add_at, bump, masked_sum, nonzero_kinds, sub_at};
use super::model::Rules;
use super::model::{Counts, Face, Kind, MAX_GROUPS, MAX_HAND, MAX_KINDS};
use super::moves::{Move, Reserve, Target};
use super::state::{GroupCards, Phase, State, face_ix};
use crate::effects::run::{self, Ending, Flow};

/// A `choose` without an answer ends its card: every variable read is
/// bound (`Frame::bound` all).
impl run::Frame for Frame {
    type Value = Target;
    fn pc(&mut self) -> &mut u8 {
        &mut self.pc
    }
    fn bind(&mut self, var: u8, value: Target) {
        self.env[var as usize] = Some(value);
    }
}

/// The action cards' statements over the counted zones; the engine runs
/// them.
impl run::Interpreter for State {
    type Rules = Rules;
    type Op = Op;
    type Frame = Frame;

    fn rules(&self) -> &Rules {
        &self.rules
    }
    #[inline]
    fn statement<'r>(rules: &'r Rules, f: &Frame) -> Option<(&'r Op, u32)> {
        Some((rules.op(f.card, f.pc)?, 0))
    }
    fn frames(&self) -> &[Frame] {
        &self.frames
    }
    fn frames_mut(&mut self) -> &mut [Frame] {
        &mut self.frames
    }
    /// A reaction window holds the run; a cancelled card ends unplayed.
    #[inline]
    fn before(&mut self) -> Option<Flow> {
        let f = self.frames.last()?;
        if f.awaiting_reaction {
            Some(Flow::Wait)
        } else if f.cancelled {
            Some(Flow::End(Ending::Cancelled))
        } else {
            None
        }
    }
    /// A group choice's options are kept for the decision.
    #[inline]
    fn ask(&mut self) -> bool {
        let f = self.frames.last().expect("a frame");
        let p = f.player as usize;
        let op = self.rules.op(f.card, f.pc).expect("at a choose");
        if let Op::ChooseGroup { var, cond } = op {
            let m = self.group_options(p, *var, cond, &f.env);
            self.frames.last_mut().expect("a frame").options = m;
            m != 0
        } else {
            self.has_option(p, op, &f.env)
        }
    }
    /// No legal target: the rest of the effect cannot happen.
    fn unanswered(&mut self) -> Flow {
        Flow::End(Ending::NoAnswer)
    }
    #[inline]
    fn act(&mut self) -> Flow {
        State::act(self)
    }
    fn end_frame(&mut self, how: Ending) {
        self.finish_frame(how == Ending::Cancelled, how == Ending::NoAnswer);
    }
}

/// An action card being resolved.
#[derive(Debug, Clone)]
pub struct Frame {
    pub card: Kind,
    /// Who played it.
    pub player: u8,
    /// The next statement.
    pub pc: u8,
    /// What each `choose` picked.
    pub env: [Option<Target>; MAX_VARS],
    /// Cards lifted off the table by `take`, per owner, waiting to be placed.
    pub pool: [Counts; 2],
    /// Groups whose cards an effect has changed since this card was played
    /// (bit g), kept on the bottom frame only.
    pub touched: u32,
    /// Who would have won the vote at each touched group before it changed
    /// (bits 2g and 2g+1, as `State::group_outlook`).
    pub outlook: u32,
    /// At a `choose group` or a `place taken`: the groups it offers (bit
    /// g), worked out once when the effect stopped there.
    pub options: u32,
    /// Cards still to draw in the current `draw`.
    pub draw_left: u8,
    /// A reaction cancelled this card: it is discarded without effect.
    pub cancelled: bool,
    /// The other player may still react before the effect starts.
    pub awaiting_reaction: bool,
    /// The phase to go back to when the card is done (bottom frame only).
    pub resume: Phase,
}

pub(crate) type Env = [Option<Target>; MAX_VARS];

impl State {
    // ----- Playability -----------------------------------------------------

    /// The kinds of `kinds` (a mask of kinds with a program) whose first
    /// run of `choose`s `p` could answer now, as a mask: each kind's
    /// `PlayTest` against which table sides and hands have cards and how
    /// many groups are live (the general search only for the kinds whose
    /// test says nothing).
    #[inline]
    pub(crate) fn playable(&self, p: usize, kinds: u16) -> u16 {
        if kinds == 0 {
            return 0;
        }
        // Bit 2 * owner + face: that side has a card at some group (only
        // live groups hold cards). Down is all less up, byte by byte.
        let mut sides = 0u8;
        for o in 0..2 {
            let up = u64::from_ne_bytes(self.up[o]);
            let down = u64::from_ne_bytes(self.count[o]) - up;
            sides |= (u8::from(down != 0) | u8::from(up != 0) << 1) << (2 * o);
        }
        let hands =
            u8::from(self.zones[0].hand_len > 0) | u8::from(self.zones[1].hand_len > 0) << 1;
        let live = self.live_groups().count_ones() as usize;
        let t = &self.rules.play_masks;
        let mut out = kinds
            & (t.always
                | t.by_sides[p][usize::from(sides)]
                | t.by_hands[p][usize::from(hands)]
                | t.by_live[live.min(MAX_GROUPS)]);
        // The kinds no mask answers: search.
        let m = kinds & t.search & !out;
        if m != 0 {
            out |= self.playable_by_search(p, m);
        }
        out
    }

    /// The kinds of `m` whose first run of `choose`s `p` could answer now,
    /// by the general search (out of line: rare, and it would make
    /// `playable` save registers at every call).
    #[inline(never)]
    fn playable_by_search(&self, p: usize, mut m: u16) -> u16 {
        let mut out = 0;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            let ok = self
                .rules
                .program(Kind(k))
                .is_some_and(|prog| self.first_choice_has_target(p, prog));
            out |= u16::from(ok) << k;
        }
        out
    }

    /// Whether the first run of `choose` statements can all be answered
    /// (a card that chooses two different groups needs two).
    pub(crate) fn first_choice_has_target(&self, p: usize, prog: &Program) -> bool {
        match &prog.playable {
            Playable::Always => true,
            Playable::AnyOf(set) => self.set_nonempty(p, set, &[None; MAX_VARS]),
            Playable::DistinctGroups(k) => self.live_groups().count_ones() >= *k,
            Playable::Search { start, end } => {
                self.satisfiable(p, &prog.ops[*start..*end], &[None; MAX_VARS])
            }
        }
    }

    fn satisfiable(&self, p: usize, choices: &[Op], env: &Env) -> bool {
        let Some((op, rest)) = choices.split_first() else {
            return true;
        };
        if rest.is_empty() {
            return self.has_option(p, op, env);
        }
        let var = match op {
            Op::ChooseGroup { var, .. } | Op::ChooseCard { var, .. } => *var as usize,
            _ => return true,
        };
        self.choice_options(p, op, env, |t| {
            let mut e = *env;
            e[var] = Some(t);
            self.satisfiable(p, rest, &e)
        })
    }

    /// Whether some reaction card of the game could answer `played`: the
    /// window then opens whatever the responder holds, so that its opening
    /// tells the card's player nothing about the responder's hand.
    fn reaction_possible(&self, responder: usize, played: Kind) -> bool {
        self.rules.deck_kinds[responder] & self.rules.reactions_to[played.ix()] != 0
    }

    /// The reaction cards `responder` could play against `played`, as a
    /// kind mask (kind indices ascend as `rules.action_kinds` does).
    #[inline]
    pub(crate) fn reactions(&self, responder: usize, played: Kind) -> u16 {
        let held =
            nonzero_kinds(&self.zones[responder].hand) & self.rules.reactions_to[played.ix()];
        // The reactions always playable (the shipped rules' only one is)
        // are the ones held, without `playable`'s test for an empty mask,
        // which would branch on whether the responder holds one (random);
        // `playable` answers for each kind apart, so the rest is its own.
        let always = self.rules.play_masks.always;
        (held & always) | self.playable(responder, held & !always)
    }

    // ----- Playing ---------------------------------------------------------

    /// `p` plays the action card `k` (in his turn, or as a reaction).
    pub(crate) fn play_action(&mut self, p: usize, k: Kind, reaction: bool) {
        self.take_from_hand(p, k);
        self.log(Event::ActionPlayed {
            player: p as u8,
            kind: k,
            reaction,
        });
        let resume = if self.frames.is_empty() {
            self.phase
        } else {
            Phase::Effect
        };
        let window = self.reaction_possible(1 - p, k);
        if reaction {
            self.counters.reactions += 1;
        } else {
            self.counters.actions_played += 1;
        }
        self.frames.push(Frame {
            card: k,
            player: p as u8,
            pc: 0,
            env: [None; MAX_VARS],
            pool: [[0; MAX_KINDS]; 2],
            touched: 0,
            outlook: 0,
            options: 0,
            draw_left: 0,
            cancelled: false,
            awaiting_reaction: window,
            resume,
        });
        self.phase = Phase::Effect;
        // At a reaction window the effect waits for the responder.
        if !window {
            self.run_effects();
        }
    }

    pub(crate) fn op(&self) -> Option<&Op> {
        let f = self.frames.last()?;
        self.rules.op(f.card, f.pc)
    }

    pub(crate) fn who(&self, f: &Frame, w: Who) -> usize {
        match w {
            Who::Me => f.player as usize,
            Who::Opponent => 1 - f.player as usize,
        }
    }

    /// Who decides at the current effect choice point.
    pub(crate) fn effect_actor(&self) -> usize {
        let Some(f) = self.frames.last() else {
            return self.seat();
        };
        if f.awaiting_reaction {
            return 1 - f.player as usize;
        }
        match self.op() {
            Some(Op::Draw { who, .. }) => self.who(f, *who),
            _ => f.player as usize,
        }
    }

    /// The legal moves at the current effect choice point.
    pub(crate) fn effect_moves(&self, out: &mut Vec<Move>) {
        let Some(f) = self.frames.last() else { return };
        if f.awaiting_reaction {
            let rs = self.reactions(1 - f.player as usize, f.card);
            each_kind(rs, |k| out.push(Move::PlayAction(k)));
            out.push(Move::Decline);
            return;
        }
        let p = f.player as usize;
        match self.op() {
            Some(op @ (Op::ChooseGroup { .. } | Op::ChooseCard { .. })) => {
                self.choice_options(p, op, &f.env, |t| {
                    out.push(Move::Choose(t));
                    false
                });
            }
            Some(Op::Draw { who, optional, .. }) => {
                out.extend(self.draw_options(f, *who, *optional));
            }
            Some(Op::PlaceTaken { groups, .. }) => {
                let mut m = self.placement_groups(f, groups);
                while m != 0 {
                    out.push(Move::Choose(Target::Group(m.trailing_zeros() as u8)));
                    m &= m - 1;
                }
            }
            _ => {}
        }
    }

    /// The moves of a `draw`: a reserve that has a card, and `Decline` if
    /// the draw is optional.
    pub(crate) fn draw_options(&self, f: &Frame, who: Who, optional: bool) -> ArrayVec<Move, 3> {
        let z = &self.zones[self.who(f, who)];
        let mut out = ArrayVec::new();
        if !z.influence_reserve.is_empty() {
            out.push(Move::Draw(Reserve::Influence));
        }
        if !z.action_reserve.is_empty() {
            out.push(Move::Draw(Reserve::Action));
        }
        if optional {
            out.push(Move::Decline);
        }
        out
    }

    pub(crate) fn apply_effect_move(&mut self, m: Move) {
        let top = self.frames.len() - 1;
        if self.frames[top].awaiting_reaction {
            self.frames[top].awaiting_reaction = false;
            if let Move::PlayAction(r) = m {
                let responder = 1 - self.frames[top].player as usize;
                self.play_action(responder, r, true);
            } else {
                self.run_effects();
            }
            return;
        }
        let f = &self.frames[top];
        let op = self
            .rules
            .op(f.card, f.pc)
            .expect("a choice point is at a statement");
        match (op, m) {
            (Op::ChooseGroup { .. } | Op::ChooseCard { .. }, Move::Choose(t)) => {
                return run::answer(self, t);
            }
            (Op::Draw { who, .. }, Move::Draw(r)) => {
                let p = self.who(f, *who);
                self.draw_one(p, r);
                self.frames[top].draw_left -= 1;
                if self.frames[top].draw_left == 0
                    || self.zones[p].hand_len >= self.rules.limits.hand_size
                {
                    self.frames[top].draw_left = 0;
                    self.frames[top].pc += 1;
                }
            }
            (Op::Draw { .. }, Move::Decline) => {
                self.frames[top].draw_left = 0;
                self.frames[top].pc += 1;
            }
            (Op::PlaceTaken { face, .. }, Move::Choose(Target::Group(g))) => {
                let face = *face;
                self.place_taken(top, g, face);
            }
            _ => debug_assert!(false, "{m:?} does not answer {op:?}"),
        }
        self.run_effects();
    }

    /// The next taken card goes to group `g`, face `face`.
    pub(crate) fn place_taken(&mut self, top: usize, g: u8, face: Face) {
        let (owner, kind) = next_pooled(&self.frames[top]).expect("a card to place");
        self.frames[top].pool[owner][kind.ix()] -= 1;
        self.touch(g as usize);
        self.put(owner, g as usize, kind, face);
        self.log(Event::Placed {
            player: owner as u8,
            group: g,
            kind,
            face,
        });
    }

    pub(crate) fn draw_one(&mut self, p: usize, r: Reserve) {
        let z = &mut self.zones[p];
        let Some(k) = (match r {
            Reserve::Influence => z.influence_reserve.pop(),
            Reserve::Action => z.action_reserve.pop(),
        }) else {
            return;
        };
        bump(&mut z.hand, k, true);
        z.hand_len += 1;
        self.log(Event::Drew {
            player: p as u8,
            reserve: r,
            kind: k,
        });
    }

    // ----- Running ---------------------------------------------------------

    /// Runs statements until a choice point, or until every card is done
    /// (the engine's interpreter, `effects::run`, with `Interpreter` below).
    pub(crate) fn run_effects(&mut self) {
        run::run(self)
    }

    /// A statement other than a `choose`, of the top frame.
    fn act(&mut self) -> Flow {
        let top = self.frames.len() - 1;
        let f = &self.frames[top];
        let p = f.player as usize;
        // `op` borrows the rules: each arm reads what it needs before it
        // changes the state (no clone of the shared rules per statement).
        let op = self.rules.op(f.card, f.pc).expect("a statement");
        match op {
            Op::ChooseGroup { .. } | Op::ChooseCard { .. } => unreachable!("the interpreter asks"),
            Op::Discard(c) | Op::Remove(c) | Op::Reveal(c) | Op::Take(c) => {
                let dest = match op {
                    Op::Discard(_) => Dest::Discard,
                    Op::Remove(_) => Dest::Removed,
                    Op::Reveal(_) => Dest::FaceUp,
                    _ => Dest::Pool,
                };
                match c {
                    // No event to log card by card: whole sides at once.
                    Cards::Set(set) if set.zone == Zone::Table && !self.record => {
                        let groups = self.group_mask(&set.groups, &f.env);
                        let (sides, mask) = (sides(p, set), set.kind_bytes.to_ne_bytes());
                        self.move_table_set(top, groups, sides, &mask, dest);
                    }
                    _ => {
                        let mut cards = Resolved::new();
                        self.resolve(top, c, &mut cards);
                        self.move_cards(top, &cards, dest);
                    }
                }
            }
            Op::Look(c) => {
                let mut cards = Resolved::new();
                self.resolve(top, c, &mut cards);
                self.look(top, &cards);
            }
            Op::Draw { who, count, .. } => {
                let count = *count;
                let d = self.who(f, *who);
                let z = &self.zones[d];
                let can = z.hand_len < self.rules.limits.hand_size
                    && (self.lone.is_none() || self.rules.turn.lone_player.draws)
                    && (!z.influence_reserve.is_empty() || !z.action_reserve.is_empty());
                if can {
                    if self.frames[top].draw_left == 0 {
                        self.frames[top].draw_left = count;
                    }
                    return Flow::Wait;
                }
                self.frames[top].draw_left = 0;
            }
            Op::PlaceTaken { groups, .. } => {
                if next_pooled(f).is_none() {
                    return Flow::Next;
                }
                let m = self.placement_groups(f, groups);
                if m != 0 {
                    self.frames[top].options = m;
                    return Flow::Wait;
                }
                // Cannot happen with cards taken from these groups; never
                // lose a card all the same: the rest go to the discard.
                self.discard_pool(top);
            }
            Op::Cancel => {
                if top > 0 {
                    self.frames[top - 1].cancelled = true;
                }
            }
        }
        Flow::Next
    }

    /// The top card is done: to its player's discard pile; resume the turn
    /// when no card is left.
    fn finish_frame(&mut self, cancelled: bool, fizzled: bool) {
        let top = self.frames.len() - 1;
        self.discard_pool(top);
        // What is left to read of the frame, then the frame dropped in
        // place (not moved out whole).
        let f = &self.frames[top];
        let (player, card, resume) = (f.player, f.card, f.resume);
        let (touched, outlook) = (f.touched, f.outlook);
        self.frames.truncate(top);
        self.zones[player as usize].discard[card.ix()] += 1;
        let own_turn = player == self.seat && top == 0;
        if cancelled && own_turn {
            self.counters.actions_cancelled += 1;
        } else if !cancelled && !fizzled && own_turn && self.outlook_changed(touched, outlook) {
            self.counters.action_swings += 1;
        }
        self.log(if cancelled {
            Event::ActionCancelled { player, kind: card }
        } else {
            Event::ActionResolved {
                player,
                kind: card,
                fizzled,
            }
        });
        if top == 0 {
            self.phase = resume;
            self.resume_turn();
        }
    }

    /// Before an effect changes the cards at group `g`: note who would win
    /// its vote now (once per card played, on the bottom frame), for
    /// `Counters::action_swings`. Not for a card turned face up: a vote
    /// counts both faces alike, so that cannot change its winner.
    fn touch(&mut self, g: usize) {
        match self.frames.first() {
            Some(f) if f.touched & (1 << g) == 0 => {
                let bits = self.group_outlook(g);
                let f = &mut self.frames[0];
                f.touched |= 1 << g;
                f.outlook |= bits;
            }
            _ => {}
        }
    }

    /// Whether some group the card touched (`Frame::touched`) would now
    /// elect another winner than before (`Frame::outlook`; the others are
    /// unchanged).
    fn outlook_changed(&self, touched: u32, outlook: u32) -> bool {
        // Each group's outlook has its own two bits, and `outlook` has
        // bits of touched groups only: compare all of them at once (no exit
        // from the loop at a random group).
        let mut now = 0;
        let mut m = touched;
        while m != 0 {
            let g = m.trailing_zeros() as usize;
            m &= m - 1;
            now |= self.group_outlook(g);
        }
        now != outlook
    }

    fn discard_pool(&mut self, top: usize) {
        if self.frames[top].pool == [[0; MAX_KINDS]; 2] {
            return;
        }
        for o in 0..2 {
            for k in 0..MAX_KINDS {
                let n = std::mem::take(&mut self.frames[top].pool[o][k]);
                if n > 0 {
                    self.zones[o].discard[k] += n;
                    for _ in 0..n {
                        self.log(Event::Discarded {
                            player: o as u8,
                            kind: Kind(k as u8),
                        });
                    }
                }
            }
        }
    }

    /// Back in the turn after an action card: skip what can no longer be done.
    fn resume_turn(&mut self) {
        let p = self.seat();
        match self.phase {
            Phase::TurnStart if self.first_placements(p).is_empty() => self.placement_done(),
            Phase::Placing => self.after_placing(),
            Phase::Refill => self.after_refill_step(),
            _ => {}
        }
    }

    // ----- Sets and choices ------------------------------------------------

    /// The groups a set may cover, as a bit mask (live or not: the loops
    /// over groups skip exhausted ones, which a set never covers).
    pub(crate) fn group_mask(&self, groups: &Groups, env: &Env) -> u32 {
        match groups {
            Groups::Any => (1 << self.rules.groups.len()) - 1,
            Groups::Of(refs) => refs.iter().fold(0, |m, r| m | self.group_bit(*r, env)),
        }
    }

    fn group_bit(&self, r: GroupRef, env: &Env) -> u32 {
        match r {
            GroupRef::Fixed(g) => 1 << g,
            GroupRef::Var(v) => match env[v as usize] {
                Some(Target::Group(g)) => 1 << g,
                _ => 0,
            },
        }
    }

    /// The groups among `within` where the table set has a card, its
    /// `group` filter aside. Whole sides are tested 16 kinds at a time. (No
    /// card lies at an exhausted group: `exhaust` discards them all.)
    fn table_groups(&self, p: usize, set: &Set, within: u32) -> u32 {
        let sides = sides(p, set);
        if set.kinds.is_none() {
            return self.occupied(sides) & within;
        }
        let mut found = 0;
        for g in 0..self.rules.groups.len() {
            found |= u32::from(side_bytes(&self.groups[g], sides) & set.kind_bytes != 0) << g;
        }
        found & within
    }

    /// The groups (bit g) where one of `sides` (bit `2 * owner + face`)
    /// has a card: a table set of any kind, from the kept face-up counts.
    fn occupied(&self, mut sides: u32) -> u32 {
        let mut groups = 0;
        while sides != 0 {
            let i = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            groups |= self.side_groups(i >> 1, i & 1);
        }
        u32::from(groups)
    }

    /// Whether the table set has a card at a group among `within`, its
    /// `group` filter aside: the sides it looks at are ORed over the groups,
    /// then masked by its kinds (no branch per group).
    fn table_any(&self, p: usize, set: &Set, within: u32) -> bool {
        let sides = sides(p, set);
        if set.kinds.is_none() {
            return self.occupied(sides) & within != 0;
        }
        let mut any = 0;
        // Every group of the rules, those outside `within` masked out: the
        // same number of rounds each time, so no loop exit to mispredict.
        let groups = self.rules.groups.len();
        if sides & (sides - 1) == 0 {
            // One owner, one face (the usual set): one side per group.
            let i = sides.trailing_zeros() as usize;
            let (o, fi) = (i >> 1, i & 1);
            for g in 0..groups {
                any |= bytes(&self.groups[g].cards[o][fi]) & all_if(within >> g & 1);
            }
        } else {
            for g in 0..groups {
                any |= side_bytes(&self.groups[g], sides) & all_if(within >> g & 1);
            }
        }
        any & set.kind_bytes != 0
    }

    /// Whether the hand set has a card.
    fn hand_has(&self, p: usize, set: &Set) -> bool {
        let has = |o: usize| {
            let z = &self.zones[o];
            match set.kinds {
                None => z.hand_len > 0,
                Some(_) => bytes(&z.hand) & set.kind_bytes != 0,
            }
        };
        match set.owner {
            None => has(0) || has(1),
            Some(Who::Me) => has(p),
            Some(Who::Opponent) => has(1 - p),
        }
    }

    /// Whether the set has a card.
    fn set_nonempty(&self, p: usize, set: &Set, env: &Env) -> bool {
        match set.zone {
            Zone::Table => {
                let within = self.group_mask(&set.groups, env);
                self.table_any(p, set, within)
            }
            Zone::Hand => self.hand_has(p, set),
        }
    }

    /// Calls `f` for every distinct card of the set with its count, in this
    /// order: a table card per group, owner, face and kind (kinds in
    /// `influence_kinds` order); a hand card per owner and kind. Stops when
    /// `f` returns true, and then returns true.
    fn each_card(
        &self,
        p: usize,
        set: &Set,
        env: &Env,
        mut f: impl FnMut(Target, u8) -> bool,
    ) -> bool {
        match set.zone {
            Zone::Table => {
                let sides = sides(p, set);
                let mut m = self.group_mask(&set.groups, env);
                while m != 0 {
                    let g = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let gs = &self.groups[g];
                    let mut s = sides;
                    while s != 0 {
                        let i = s.trailing_zeros() as usize;
                        s &= s - 1;
                        let side = &gs.cards[i >> 1][i & 1];
                        if bytes(side) & set.kind_bytes == 0 {
                            continue;
                        }
                        let face = if i & 1 == 0 { Face::Down } else { Face::Up };
                        // The kinds of the set held here, in the rules' order,
                        // gathered without a branch per kind.
                        let held = nonzero_kinds(side) & set.kind_bits;
                        let mut kinds = [Kind(0); MAX_KINDS];
                        let mut len = 0;
                        for &k in &self.rules.influence_kinds {
                            kinds[len] = k;
                            len += usize::from(held >> k.ix() & 1 != 0);
                        }
                        for &k in &kinds[..len] {
                            let t = Target::TableCard {
                                owner: (i >> 1) as u8,
                                group: g as u8,
                                kind: k,
                                face,
                            };
                            if f(t, side[k.ix()]) {
                                return true;
                            }
                        }
                    }
                }
                false
            }
            Zone::Hand => {
                for o in owners(p, set.owner) {
                    let hand = &self.zones[o].hand;
                    // Kinds in index order: the set bits, lowest first (no
                    // count is kept for a kind the rules lack).
                    let mut held = nonzero_kinds(hand) & set.kind_bits;
                    while held != 0 {
                        let k = held.trailing_zeros() as usize;
                        held &= held - 1;
                        let t = Target::HandCard {
                            owner: o as u8,
                            kind: Kind(k as u8),
                        };
                        if f(t, hand[k]) {
                            return true;
                        }
                    }
                }
                false
            }
        }
    }

    fn holds(&self, p: usize, cond: &[Cond], env: &Env) -> bool {
        cond.iter().all(|c| match c {
            Cond::Any(set) => self.set_nonempty(p, set, env),
            Cond::No(set) => !self.set_nonempty(p, set, env),
            Cond::NotEqual(a, b) => env[*a as usize] != env[*b as usize],
        })
    }

    /// The groups (bit g) a `choose group` binding `var` offers `p`: the
    /// live groups where every condition holds with `var` bound to the
    /// group. Each condition is worked out for all groups at once.
    pub(crate) fn group_options(&self, p: usize, var: u8, cond: &[Cond], env: &Env) -> u32 {
        let live = self.live_groups();
        let mut m = live;
        for c in cond {
            if m == 0 {
                break;
            }
            m &= match c {
                Cond::Any(set) => self.groups_with(p, var, set, env, live),
                Cond::No(set) => !self.groups_with(p, var, set, env, live),
                Cond::NotEqual(a, b) => {
                    let (a, b) = (*a, *b);
                    if a == var && b == var {
                        0
                    } else if a == var || b == var {
                        // Differs from the other one's group, if it is one.
                        match env[if a == var { b } else { a } as usize] {
                            Some(Target::Group(h)) => live & !(1 << h),
                            _ => live,
                        }
                    } else if env[a as usize] != env[b as usize] {
                        live
                    } else {
                        0
                    }
                }
            };
        }
        m
    }

    /// The live groups g where `set` has a card once `var` is bound to g.
    fn groups_with(&self, p: usize, var: u8, set: &Set, env: &Env, live: u32) -> u32 {
        let all = |yes: bool| if yes { live } else { 0 };
        match (set.zone, &set.groups) {
            (Zone::Hand, _) => all(self.hand_has(p, set)),
            (Zone::Table, Groups::Any) => all(self.table_any(p, set, live)),
            (Zone::Table, Groups::Of(refs)) => {
                let mut fixed = 0;
                let mut at_var = false;
                for &r in refs {
                    match r {
                        GroupRef::Var(v) if v == var => at_var = true,
                        r => fixed |= self.group_bit(r, env),
                    }
                }
                if !at_var {
                    return all(self.table_any(p, set, fixed));
                }
                // A card at the other groups answers for every g; else one at g.
                let with_card = self.table_groups(p, set, live);
                if with_card & fixed != 0 {
                    live
                } else {
                    with_card
                }
            }
        }
    }

    /// Whether a `choose` offers `p` at least one target (`choice_options`
    /// without listing them: the playability check of every decision).
    fn has_option(&self, p: usize, op: &Op, env: &Env) -> bool {
        match op {
            Op::ChooseGroup { var, cond } => self.group_options(p, *var, cond, env) != 0,
            Op::ChooseCard { from, cond, .. } if cond.is_empty() => self.set_nonempty(p, from, env),
            _ => self.choice_options(p, op, env, |_| true),
        }
    }

    /// Calls `f` for the targets a `choose` offers `p` (the card's player),
    /// in order, until it returns true; returns whether it did.
    pub(crate) fn choice_options(
        &self,
        p: usize,
        op: &Op,
        env: &Env,
        mut f: impl FnMut(Target) -> bool,
    ) -> bool {
        match op {
            Op::ChooseGroup { var, cond } => {
                let mut m = self.group_options(p, *var, cond, env);
                while m != 0 {
                    let g = m.trailing_zeros() as u8;
                    m &= m - 1;
                    if f(Target::Group(g)) {
                        return true;
                    }
                }
                false
            }
            Op::ChooseCard { from, cond, .. } if cond.is_empty() => {
                self.each_card(p, from, env, |t, _| f(t))
            }
            Op::ChooseCard { var, from, cond } => self.each_card(p, from, env, |t, _| {
                let mut e = *env;
                e[*var as usize] = Some(t);
                self.holds(p, cond, &e) && f(t)
            }),
            _ => false,
        }
    }

    /// Groups (bit g) where the next taken card may go: among `groups`,
    /// with room, leaving room enough for the cards still to place. The
    /// room left after a card at any such group is the same (the room of
    /// all of them, less one), so it is summed once.
    pub(crate) fn placement_groups(&self, f: &Frame, groups: &[GroupRef]) -> u32 {
        let Some((o, _)) = next_pooled(f) else {
            return 0;
        };
        let mask = groups.iter().fold(0, |m, r| m | self.group_bit(*r, &f.env));
        let mut fits = 0u32;
        let mut room = 0u32;
        let mut m = mask;
        while m != 0 {
            let g = m.trailing_zeros() as usize;
            m &= m - 1;
            let free = u32::from(self.free(o, g));
            room += free;
            fits |= u32::from(free > 0) << g;
        }
        // The cards still to place after this one.
        let remaining: u32 = f.pool[o].iter().map(|&n| n as u32).sum::<u32>() - 1;
        if room > remaining { fits } else { 0 }
    }

    // ----- Moving cards ----------------------------------------------------

    /// The cards a statement acts on, with their counts.
    fn resolve(&self, top: usize, c: &Cards, out: &mut Resolved) {
        let f = &self.frames[top];
        match c {
            Cards::Var(v) => {
                if let Some(t) = f.env[*v as usize]
                    && self.still_there(t)
                {
                    out.push((t, 1));
                }
            }
            Cards::Set(set) => {
                self.each_card(f.player as usize, set, &f.env, |t, n| {
                    out.push((t, n));
                    false
                });
            }
        }
    }

    fn still_there(&self, t: Target) -> bool {
        match t {
            Target::TableCard {
                owner,
                group,
                kind,
                face,
            } => self.groups[group as usize].cards[owner as usize][face_ix(face)][kind.ix()] > 0,
            Target::HandCard { owner, kind } => self.zones[owner as usize].hand[kind.ix()] > 0,
            Target::Group(_) => false,
        }
    }

    fn move_cards(&mut self, top: usize, cards: &Resolved, dest: Dest) {
        for &(t, n) in cards {
            for _ in 0..n {
                self.move_card(top, t, dest);
            }
        }
    }

    /// `move_cards` of a table set (its `groups`, `sides` and kinds
    /// `mask`), a side of a group at a time: the same counts, but no
    /// events, so only when the log is off.
    fn move_table_set(&mut self, top: usize, groups: u32, sides: u32, mask: &Counts, dest: Dest) {
        for (g, i) in group_sides(groups, sides) {
            let (o, face) = (i >> 1, i & 1);
            let side = &self.groups[g].cards[o][face];
            let n = masked_sum(side, mask);
            if n == 0 {
                continue;
            }
            let moved: Counts = std::array::from_fn(|k| side[k] & mask[k]);
            if dest == Dest::FaceUp {
                if face == 0 {
                    let [down, up] = &mut self.groups[g].cards[o];
                    sub_counts(down, &moved);
                    add_counts(up, &moved);
                    add_at(&mut self.up[o], g, n);
                }
                continue;
            }
            // Before the first change at the group, as `move_card`.
            self.touch(g);
            sub_counts(&mut self.groups[g].cards[o][face], &moved);
            sub_at(&mut self.count[o], g, n);
            sub_at(&mut self.up[o], g, n * face as u8);
            match dest {
                Dest::Discard => add_counts(&mut self.zones[o].discard, &moved),
                Dest::Removed => add_counts(&mut self.zones[o].removed, &moved),
                Dest::Pool => add_counts(&mut self.frames[top].pool[o], &moved),
                Dest::FaceUp => unreachable!(),
            }
        }
    }

    fn move_card(&mut self, top: usize, t: Target, dest: Dest) {
        match t {
            Target::TableCard {
                owner,
                group,
                kind,
                face,
            } => {
                let (o, g) = (owner as usize, group as usize);
                if dest == Dest::FaceUp {
                    if face == Face::Down {
                        bump(&mut self.groups[g].cards[o][0], kind, false);
                        bump(&mut self.groups[g].cards[o][1], kind, true);
                        add_at(&mut self.up[o], g, 1);
                        self.log(Event::Revealed {
                            player: owner,
                            group,
                            kind,
                        });
                    }
                    return;
                }
                self.touch(g);
                bump(&mut self.groups[g].cards[o][face_ix(face)], kind, false);
                sub_at(&mut self.count[o], g, 1);
                sub_at(&mut self.up[o], g, face_ix(face) as u8);
                match dest {
                    Dest::Discard => {
                        self.zones[o].discard[kind.ix()] += 1;
                        self.log(Event::InfluenceLost {
                            player: owner,
                            group,
                            kind,
                        });
                    }
                    Dest::Removed => {
                        self.zones[o].removed[kind.ix()] += 1;
                        self.log(Event::CardRemoved {
                            player: owner,
                            group: Some(group),
                            kind,
                        });
                    }
                    Dest::Pool => {
                        self.frames[top].pool[o][kind.ix()] += 1;
                        self.log(Event::Taken {
                            player: owner,
                            group,
                            kind,
                            face,
                        });
                    }
                    Dest::FaceUp => unreachable!(),
                }
            }
            Target::HandCard { owner, kind } => {
                let o = owner as usize;
                match dest {
                    Dest::Discard => {
                        self.take_from_hand(o, kind);
                        self.zones[o].discard[kind.ix()] += 1;
                        self.log(Event::Discarded {
                            player: owner,
                            kind,
                        });
                    }
                    Dest::Removed => {
                        self.take_from_hand(o, kind);
                        self.zones[o].removed[kind.ix()] += 1;
                        self.log(Event::CardRemoved {
                            player: owner,
                            group: None,
                            kind,
                        });
                    }
                    // A hand card has no face, and `take` lifts table cards only
                    // (the compiler refuses both).
                    Dest::FaceUp | Dest::Pool => {}
                }
            }
            Target::Group(_) => {}
        }
    }

    fn look(&mut self, top: usize, cards: &Resolved) {
        let player = self.frames[top].player;
        let mut seen: [arrayvec::ArrayVec<Kind, MAX_HAND>; 2] = Default::default();
        for &(t, n) in cards {
            let (owner, kind) = match t {
                Target::HandCard { owner, kind } => (owner, kind),
                Target::TableCard { owner, kind, .. } => (owner, kind),
                Target::Group(_) => continue,
            };
            for _ in 0..n {
                let _ = seen[owner as usize].try_push(kind);
            }
        }
        for (owner, cards) in seen.into_iter().enumerate() {
            if !cards.is_empty() {
                self.log(Event::Looked {
                    player,
                    owner: owner as u8,
                    cards,
                });
            }
        }
    }
}

/// The distinct cards a statement acts on, with their counts: at most one
/// entry per owner, group, face and kind.
type Resolved = arrayvec::ArrayVec<(Target, u8), { 2 * MAX_GROUPS * 2 * MAX_KINDS }>;

/// Where `move_card` sends a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dest {
    Discard,
    Removed,
    FaceUp,
    Pool,
}

/// The next taken card to place: the first owner's highest kind.
pub(crate) fn next_pooled(f: &Frame) -> Option<(usize, Kind)> {
    (0..2).find_map(|o| {
        // Kind k is byte k (bits 8k..8k+8): the highest kind held is the
        // highest byte not zero.
        let x = u128::from_le_bytes(f.pool[o]);
        (x != 0).then(|| (o, Kind(((127 - x.leading_zeros()) / 8) as u8)))
    })
}

/// The owners a set's `owner` filter lets through, for the card's player `p`.
pub(crate) fn owners(p: usize, owner: Option<Who>) -> std::ops::Range<usize> {
    match owner {
        None => 0..2,
        Some(Who::Me) => p..p + 1,
        Some(Who::Opponent) => 1 - p..2 - p,
    }
}

/// The sides of a group a table set looks at, for the card's player `p`:
/// bit `2 * owner + face_ix(face)`, in the order of `GroupCards::cards`.
pub(crate) fn sides(p: usize, set: &Set) -> u32 {
    let faces = set.face_bits;
    match set.owner {
        None => faces | faces << 2,
        Some(Who::Me) => faces << (2 * p),
        Some(Who::Opponent) => faces << (2 * (1 - p)),
    }
}

/// Counts of all kinds read as one number (masked by `Set::kind_bytes`).
fn bytes(c: &Counts) -> u128 {
    u128::from_ne_bytes(*c)
}

/// All ones if `bit` (0 or 1) is 1, else zero: a mask chosen without a branch.
fn all_if(bit: u32) -> u128 {
    0u128.wrapping_sub(u128::from(bit & 1))
}

/// The cards of the chosen sides of a group (`sides`), ORed.
fn side_bytes(gs: &GroupCards, sides: u32) -> u128 {
    let c = &gs.cards;
    (bytes(&c[0][0]) & all_if(sides))
        | (bytes(&c[0][1]) & all_if(sides >> 1))
        | (bytes(&c[1][0]) & all_if(sides >> 2))
        | (bytes(&c[1][1]) & all_if(sides >> 3))
}

/// The bits set in `m`, lowest first.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let b = m.trailing_zeros() as usize;
        m &= m.wrapping_sub(1);
        (b < 32).then_some(b)
    })
}

/// Each side (bit `2 * owner + face` of `sides`) of each group of
/// `groups`, group by group: one mask of a nibble per group (bit
/// `4 g + side`), walked by its set bits (no loop within a loop).
pub(crate) fn group_sides(groups: u32, sides: u32) -> impl Iterator<Item = (usize, usize)> {
    const _: () = assert!(MAX_GROUPS <= 8, "a nibble per group in 32 bits");
    /// `SPREAD[m]`: bit g of `m` moved to bit 4 g.
    static SPREAD: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut m = 0;
        while m < 256 {
            let mut g = 0;
            while g < 8 {
                if m >> g & 1 != 0 {
                    t[m] |= 1 << (4 * g);
                }
                g += 1;
            }
            m += 1;
        }
        t
    };
    // Each group's bit times the 4-bit side mask fills its nibble alone.
    let all = SPREAD[(groups & 0xFF) as usize] * (sides & 0xF);
    bits(all).map(|b| (b >> 2, b & 3))
}

/// Adds the counts of `b` to `a` (byte by byte: one vector add).
fn add_counts(a: &mut Counts, b: &Counts) {
    for k in 0..MAX_KINDS {
        a[k] = a[k].wrapping_add(b[k]);
    }
}

/// Takes the counts of `b` (at most those of `a`) from `a`.
fn sub_counts(a: &mut Counts, b: &Counts) {
    for k in 0..MAX_KINDS {
        a[k] = a[k].wrapping_sub(b[k]);
    }
}

/// The lowest-but-`i` set bit of a group mask `m` (no loop: a table).
pub(crate) fn nth_bit(m: u32, i: usize) -> u8 {
    super::kernel::nth_set_bit(m as u16, i as u32)
}
