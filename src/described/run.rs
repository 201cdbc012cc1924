//! The interpreter of a described game: the procedure's ops run on a
//! [`Core`] until a `choose by` waits for a seat (its legal moves are the
//! options' cards that pass their tests) or the game ends. A run that
//! takes more than [`STEP_CAP`] steps (jumps back: the turns of its
//! loops) without a decision, or a game of
//! more decisions than the rules' cap, is stopped with the phase it was
//! in (`End::StepCap`, `End::DecisionCap`). Nothing here allocates
//! without the event log.

use arrayvec::ArrayVec;

use super::model::{MAX_CARDS, Rules};
use super::program::*;
use super::state::{Core, End, Event, Move, NONE};
use crate::engine::seed;

/// The most steps a run takes without a decision: jumps back, as a run
/// without them is no longer than the program.
pub const STEP_CAP: u32 = 1_000_000;

use super::eval::{Locals, Read, Tables};
use super::native::Bind;
pub type Cards = ArrayVec<u8, MAX_CARDS>;

impl Core {
    /// Runs ops until a decision waits or the game ends. The locals are
    /// worked on in a copy, written back when the run stops (by native
    /// code, only those its program uses).
    pub fn run(&mut self, r: &Rules) {
        self.run_counted(r, 0);
    }

    /// [`Core::run`] after `steps` steps were run without a decision (a
    /// game started from [`Rules::fixed_start`]).
    pub fn run_counted(&mut self, r: &Rules, steps: u32) {
        self.run_bound(r, steps, Bind::default());
    }

    /// [`Core::run_counted`] with the locals `bind` set first (a move's
    /// card and index: set in the run's copy of the locals by native
    /// code).
    fn run_bound(&mut self, r: &Rules, steps: u32, bind: Bind) {
        if let Some(run) = r.eval.run {
            run(self, r, steps, bind);
            return;
        }
        bind.set(&mut self.locals);
        let mut l = self.locals;
        self.run_ops::<false>(r, &mut l, steps);
        self.locals = l;
    }

    /// Runs ops up to the first that may read the random generator or
    /// wait for a seat ([`Op::is_fixed`]): what it does is the same for
    /// every seed.
    /// Returns the steps it ran.
    pub fn run_fixed(&mut self, r: &Rules) -> u32 {
        let mut l = self.locals;
        let steps = self.run_ops::<true>(r, &mut l, 0);
        self.locals = l;
        steps
    }

    /// Runs ops until a decision waits, the game ends, or (`FIXED`) an op
    /// is not fixed; returns the steps run without a decision.
    fn run_ops<const FIXED: bool>(&mut self, r: &Rules, l: &mut Locals, mut steps: u32) -> u32 {
        if self.end.is_some() {
            return steps;
        }
        loop {
            let Some(op) = r.program.ops.get(self.pc as usize) else {
                self.finish(End::Game);
                return steps;
            };
            if FIXED && !op.is_fixed() {
                return steps;
            }
            match self.exec::<Tables>(r, l, self.pc, op, &mut steps) {
                Some(next) => self.pc = next,
                None => return steps,
            }
        }
    }

    /// Runs op `op`, the one at `at` (where the run is): the place of the
    /// next op, or `None` where the run stops (a decision waits, the game
    /// ended), and then `self.pc` says where it resumes. The place is
    /// written to `self.pc` only where something reads it (a stop, a
    /// call, a return), so that native code keeps it out of memory. Its
    /// expressions and tests are read through `E` (the closures, or the
    /// native code of `native/`, which inlines this for each op with its
    /// place a constant).
    #[inline(always)]
    pub(super) fn exec<E: Read>(
        &mut self,
        r: &Rules,
        l: &mut Locals,
        at: u16,
        op: &Op,
        steps: &mut u32,
    ) -> Option<u16> {
        let p = &r.program;
        let n = E::players(r);
        let next = at + 1;
        match op {
            Op::Phase(i) => {
                self.phase = *i;
                self.phase_starts();
            }
            Op::Jump(t) => {
                if *t <= at && !self.step(steps) {
                    self.pc = *t;
                    return None;
                }
                return Some(*t);
            }
            Op::JumpUnless(t, to) => {
                if !E::t(self, r, l, *t) {
                    return Some(*to);
                }
            }
            Op::ForInit {
                var,
                count,
                from,
                after,
            } => {
                let s = E::x(self, r, l, *from).rem_euclid(n);
                let (s, c) = if *after { ((s + 1) % n, n - 1) } else { (s, n) };
                l[*var as usize] = s;
                l[*count as usize] = c;
            }
            Op::ForTest { count, exit } => {
                if l[*count as usize] <= 0 {
                    return Some(*exit);
                }
            }
            Op::ForStep { var, count, head } => {
                l[*count as usize] -= 1;
                let v = &mut l[*var as usize];
                *v = (*v + 1) % n;
                if !self.step(steps) {
                    self.pc = *head;
                    return None;
                }
                return Some(*head);
            }
            Op::Choose { by, choice } => {
                if self.decisions >= r.decision_cap {
                    self.pc = next;
                    self.finish(End::DecisionCap(self.phase));
                    return None;
                }
                let seat = E::x(self, r, l, *by).rem_euclid(n) as u8;
                self.waiting = Some((*choice, seat));
                if E::any_legal(self, r, l, *choice) {
                    self.pc = at;
                    return None;
                }
                self.waiting = None;
                return Some(p.choices[*choice as usize].end);
            }
            Op::SetGlob(i, x) => {
                self.glob[*i as usize] = E::x(self, r, l, *x);
            }
            Op::SetPer(i, s, x) => {
                let seat = E::x(self, r, l, *s).rem_euclid(n) as usize;
                self.per[*i as usize][seat] = E::x(self, r, l, *x);
            }
            Op::Put {
                set,
                zone,
                seat,
                up,
                after,
            } => self.put::<E>(r, l, *set, *zone, *seat, *up, *after),
            Op::Discard(set) => E::each_moved(self, r, l, *set, |core, c| {
                let owner = i32::from(core.owner[c as usize]);
                if let Some(to) = r.pile_among(r.discard_to, owner, n) {
                    core.move_card(r, c, to, None);
                }
            }),
            Op::Reveal(set) => E::each_moved(self, r, l, *set, |core, c| core.up.set(c, true)),
            Op::Shuffle(set) => self.shuffle(r, l, *set),
            Op::Draw { seat, n: count } => {
                let s = E::x(self, r, l, *seat).rem_euclid(n) as usize;
                let (from, to) = (r.pile(r.draw_from, s), r.pile(r.draw_to, s));
                for _ in 0..*count {
                    if !self.draw_one(r, from, to, s) {
                        break;
                    }
                }
            }
            Op::Tell(i) => self.tell(r, l, *i),
            Op::EndGame => {
                self.pc = next;
                self.finish(End::Game);
                return None;
            }
            // D, E (`calls.rs`)
            Op::SetCell { off, len, ix, to } => {
                let (i, v) = (E::x(self, r, l, *ix), E::x(self, r, l, *to));
                self.write_cell(*off, *len, i, v);
            }
            Op::Clear { off, len, init } => self.clear_cells(*off, *len, *init),
            Op::SetLocal(i, x) => l[*i as usize] = E::x(self, r, l, *x),
            Op::Run { event, card } => {
                let c = E::x(self, r, l, *card);
                self.pc = next;
                self.call(r, l, *event, c);
                if self.end.is_some() {
                    return None;
                }
                return Some(self.pc);
            }
            Op::Return => {
                self.pc = next;
                self.ret(r, l);
                return Some(self.pc);
            }
            Op::ForCardInit { set, base, n, i } => E::snapshot(self, r, l, *set, [*base, *n, *i]),
            Op::ForCardSkip {
                set,
                base,
                n,
                i,
                var,
                has,
                exit,
            } => {
                let room = self.snapshot_room(usize::MAX);
                let (found, taken) = E::first(self, r, l, *set, *var, *has, room);
                if !found {
                    self.for_card_skipped(l, taken, [*base, *n, *i]);
                    return Some(*exit);
                }
            }
            Op::ForCardNext {
                var,
                base,
                n,
                i,
                exit,
            } => {
                if !self.for_card_next(l, *var, [*base, *n, *i]) {
                    return Some(*exit);
                }
            }
            Op::ForCardNextIf {
                var,
                base,
                n,
                i,
                test,
                exit,
            } => loop {
                if !self.for_card_next(l, *var, [*base, *n, *i]) {
                    return Some(*exit);
                }
                if E::t(self, r, l, *test) {
                    break;
                }
            },
            Op::ForCardEnd { base } => self.for_card_end(l, *base),
        }
        Some(next)
    }

    /// Counts a step (a jump back); false when the run is stopped, past
    /// [`STEP_CAP`].
    #[inline]
    fn step(&mut self, steps: &mut u32) -> bool {
        *steps += 1;
        if *steps > STEP_CAP {
            self.finish(End::StepCap(self.phase));
            return false;
        }
        true
    }

    pub(super) fn finish(&mut self, e: End) {
        self.end = Some(e);
        self.waiting = None;
        if let Some(log) = &mut self.log {
            log.push(Event::Ended(e));
        }
    }

    fn tell(&mut self, r: &Rules, l: &mut Locals, i: u16) {
        if self.log.is_none() {
            return;
        }
        let t = &r.program.tells[i as usize];
        let args = t.args.iter().take(6).map(|a| self.x(r, l, a.1)).collect();
        if let Some(log) = &mut self.log {
            log.push(Event::Told { tell: i, args });
        }
    }

    fn shuffle(&mut self, r: &Rules, l: &mut Locals, set: SId) {
        self.set_piles(r, l, set, |core, p| core.shuffle_pile(p));
    }

    /// `seed::shuffle` over pile `p`, bottom first.
    fn shuffle_pile(&mut self, p: usize) {
        let Core { piles, rng, .. } = self;
        seed::shuffle(piles.get_mut(p), rng);
        if let Some(log) = &mut self.log {
            log.push(Event::Shuffled(p as u8));
        }
    }

    /// Seat `s` draws the top card of pile `from` into pile `to`; an empty
    /// pile first takes the whole refill pile of the seat in its order,
    /// shuffled. Whether a card was drawn.
    #[inline(always)]
    fn draw_one(&mut self, r: &Rules, from: usize, to: usize, s: usize) -> bool {
        if self.pile(from).is_empty()
            && let Some(z) = r.zones[r.draw_from as usize].refill_from
        {
            let refill = r.pile(z, s);
            if !self.refill_at_once(r, refill, from) {
                while let Some(&c) = self.pile(refill).first() {
                    self.move_card(r, c, from, Some(false));
                }
            }
            self.shuffle_pile(from);
        }
        let Some(&c) = self.pile(from).last() else {
            return false;
        };
        self.move_card(r, c, to, Some(false));
        true
    }

    /// Every card of pile `refill` onto empty pile `to` in one go, face
    /// down, as [`Core::move_card`] would move them one at a time from
    /// the bottom (the same order, places, owners and faces); false, with
    /// nothing moved, where it would not be the same (a logged game, a
    /// zone that takes out `last_into_place`) or `to` lacks the room.
    fn refill_at_once(&mut self, r: &Rules, refill: usize, to: usize) -> bool {
        if self.log.is_some() || r.moves.takes_last(refill) || !self.piles.move_all(refill, to) {
            return false;
        }
        for k in 0..self.pile_len(to) {
            let c = self.pile(to)[k];
            self.loc[c as usize] = to as u8;
            self.arrived(r, c, refill, to, Some(false));
        }
        true
    }

    /// `put <set> to <zone> [face up|down] [after <card>]`: each card on
    /// top of the pile, or just after `after` (each card after the one
    /// put before it). An index out of range puts nothing.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn put<E: Read>(
        &mut self,
        r: &Rules,
        l: &mut Locals,
        set: SId,
        zone: u8,
        seat: Option<XId>,
        up: Option<bool>,
        after: Option<XId>,
    ) {
        let seat = seat.map_or(0, |s| E::x(self, r, l, s));
        let Some(to) = r.pile_among(zone, seat, E::players(r)) else {
            return;
        };
        let Some(after) = after else {
            E::each_moved(self, r, l, set, |core, c| core.move_card(r, c, to, up));
            return;
        };
        let after = E::x(self, r, l, after);
        let mut anchor = (0..r.cards.len() as i32)
            .contains(&after)
            .then_some(after as usize);
        if anchor.is_some_and(|a| self.loc[a] as usize != to) {
            anchor = None;
        }
        let mut cards = Cards::new();
        E::cards(self, r, l, set, &mut cards);
        for &c in &cards {
            match anchor {
                Some(a) if a != c as usize => {
                    let at = self.pile(to).iter().position(|&x| x as usize == a);
                    let at = at.map_or(0, |i| i + 1);
                    self.place_card(r, c, to, at, up);
                    anchor = Some(c as usize);
                }
                _ => self.move_card(r, c, to, up),
            }
        }
    }

    /// Moves card `c` to the top of pile `to`, face up or down if `up`
    /// says (else as it was); a card already there stays in its place.
    /// The common move (from a pile's top or bottom, or a hand's card,
    /// into room on another pile's top) touches two ends and the card's
    /// place only; the others go through [`Core::relink`].
    #[inline]
    fn move_card(&mut self, r: &Rules, c: u8, to: usize, up: Option<bool>) {
        let from = self.loc[c as usize] as usize;
        if from == to {
            return self.turned(c, from, to, up);
        }
        if r.moves.takes_last(from) {
            self.to_top(c, from);
        }
        if self.piles.move_end(from, to, c) {
            self.loc[c as usize] = to as u8;
        } else {
            self.relink_to_top(c, to);
        }
        self.arrived(r, c, from, to, up);
    }

    /// Card `c` moved onto pile `to`'s top from within its pile, or to a
    /// pile out of room: the rare moves, out of the common one's way.
    #[cold]
    #[inline(never)]
    fn relink_to_top(&mut self, c: u8, to: usize) {
        let top = self.pile_len(to);
        self.relink(c, to, top);
    }

    /// Moves card `c` into pile `to` at place `at` (counted before it
    /// leaves), face up or down if `up` says.
    fn place_card(&mut self, r: &Rules, c: u8, to: usize, at: usize, up: Option<bool>) {
        let from = self.loc[c as usize] as usize;
        if from != to && r.moves.takes_last(from) {
            self.to_top(c, from);
        }
        self.relink(c, to, at);
        self.arrived(r, c, from, to, up);
    }

    /// Card `c`, moved from pile `from` into pile `to`: the owner of a
    /// seat's pile owns it, then [`Core::turned`].
    #[inline(always)]
    fn arrived(&mut self, r: &Rules, c: u8, from: usize, to: usize, up: Option<bool>) {
        if let Some(&s) = r.moves.seat.get(to).filter(|&&s| s != NONE) {
            self.owner[c as usize] = s;
        }
        self.turned(c, from, to, up);
    }

    /// Card `c`, moved from pile `from` to `to`, turned face up or down
    /// if `up` says, and the move logged.
    #[inline(always)]
    fn turned(&mut self, c: u8, from: usize, to: usize, up: Option<bool>) {
        if let Some(up) = up {
            self.up.set(c, up);
        }
        if self.log.is_some() {
            self.log_move(c, from, to);
        }
    }

    /// The move logged (a game that keeps its events: not a playout).
    #[cold]
    #[inline(never)]
    fn log_move(&mut self, c: u8, from: usize, to: usize) {
        let up = self.up.get(c);
        if let Some(log) = &mut self.log {
            log.push(Event::Moved {
                card: c,
                from: from as u8,
                to: to as u8,
                up,
            });
        }
    }

    // ----- Decisions ------------------------------------------------------

    /// Whether the choice waiting has a legal move, on the live locals
    /// (the enumeration stops at the first, and leaves them as it is).
    #[inline]
    pub(super) fn any_legal(&self, r: &Rules, l: &mut Locals) -> bool {
        let mut found = false;
        self.each_legal(r, l, |_| {
            found = true;
            false
        });
        found
    }

    /// Calls `f` with each legal move in order until it returns false. An
    /// option's test that does not read its card is tested once.
    fn each_legal(&self, r: &Rules, l: &mut Locals, mut f: impl FnMut(Move) -> bool) {
        let Some((ch, _)) = self.waiting else {
            return;
        };
        for (i, o) in r.program.choices[ch as usize].options.iter().enumerate() {
            let option = i as u8;
            if let Some((k, z)) = o.index {
                if !self.each_target(r, l, option, o, k, z, &mut f) {
                    return;
                }
                continue;
            }
            let Some((var, set)) = o.card else {
                if o.test.is_none_or(|t| self.t(r, l, t))
                    && !f(Move {
                        option,
                        card: NONE,
                        target: NONE,
                    })
                {
                    return;
                }
                continue;
            };
            let test = match o.test {
                Some(t) if !o.test_reads_card => {
                    if !self.t(r, l, t) {
                        continue;
                    }
                    None
                }
                t => t,
            };
            let go_on = self.each_card(r, l, set, |core, l, c| {
                l[var as usize] = i32::from(c);
                !test.is_none_or(|t| core.t(r, l, t))
                    || f(Move {
                        option,
                        card: c,
                        target: NONE,
                    })
            });
            if !go_on {
                return;
            }
        }
    }

    /// The moves of an option with an index: card-major (each card of the
    /// set in order, then each index that passes the test, increasing), or
    /// each index alone. A test that does not read the card is tested once
    /// per index, before the cards. Whether to go on.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn each_target(
        &self,
        r: &Rules,
        l: &mut Locals,
        option: u8,
        o: &OptionDef,
        k: u8,
        z: u8,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let count = r.zones[z as usize].count.unwrap_or(0);
        let Some((var, set)) = o.card else {
            return self.each_index(r, l, k, count, o.test, |t| {
                f(Move {
                    option,
                    card: NONE,
                    target: t,
                })
            });
        };
        if o.test_reads_card {
            return self.each_card(r, l, set, |core, l, c| {
                l[var as usize] = i32::from(c);
                core.each_index(r, l, k, count, o.test, |t| {
                    f(Move {
                        option,
                        card: c,
                        target: t,
                    })
                })
            });
        }
        // The first card tests each index and keeps those that pass; the
        // others take them as they are. The locals end as a test per card
        // and index would leave them (`any_legal` runs on the live
        // locals, and a state's bytes read them).
        // The indices kept: a bit each (an indexed zone has at most 255).
        let mut open: Option<[u64; 4]> = None;
        let mut tested = l[k as usize];
        self.each_card(r, l, set, |core, l, c| {
            l[var as usize] = i32::from(c);
            let m = |t: u8| Move {
                option,
                card: c,
                target: t,
            };
            let Some(open) = &open else {
                let mut kept = [0u64; 4];
                let go_on = core.each_index(r, l, k, count, o.test, |t| {
                    kept[usize::from(t >> 6)] |= 1 << (t & 63);
                    f(m(t))
                });
                tested = l[k as usize];
                open = Some(kept);
                return go_on;
            };
            l[k as usize] = tested;
            for (w, &bits) in open.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let t = (w * 64) as u8 + bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    if !f(m(t)) {
                        l[k as usize] = i32::from(t);
                        return false;
                    }
                }
            }
            true
        })
    }

    /// Calls `f` with each index below `count` (in local `k`) that passes
    /// `test`, in order, until it returns false. Whether to go on.
    #[inline]
    fn each_index(
        &self,
        r: &Rules,
        l: &mut Locals,
        k: u8,
        count: u8,
        test: Option<TId>,
        mut f: impl FnMut(u8) -> bool,
    ) -> bool {
        for t in 0..count {
            l[k as usize] = i32::from(t);
            if test.is_none_or(|x| self.t(r, l, x)) && !f(t) {
                return false;
            }
        }
        true
    }

    pub fn legal(&self, r: &Rules, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        if let (Some(legal), Some((ch, _))) = (r.eval.legal, self.waiting) {
            legal(self, r, ch, out);
            return;
        }
        let mut l = self.locals;
        self.each_legal(r, &mut l, |m| {
            out.push(m);
            true
        });
    }

    /// The legal move `below(rng, n)` of the `n` that [`Core::legal`]
    /// lists, and `n`, without the list, where the generated code can
    /// count and index the choice's moves; else `None`, `rng` untouched.
    #[inline]
    pub fn pick(&self, r: &Rules, rng: &mut seed::AgentRng) -> Option<(Move, usize)> {
        if self.end.is_some() {
            return None;
        }
        let (Some(pick), Some((ch, _))) = (r.eval.pick, self.waiting) else {
            return None;
        };
        pick(self, r, ch, rng)
    }

    /// Applies a legal move and runs on to the next decision.
    pub fn apply(&mut self, r: &Rules, m: Move) {
        let Some((ch, seat)) = self.waiting.take() else {
            return;
        };
        let o = &r.program.choices[ch as usize].options[m.option as usize];
        let bind = Bind::new([
            o.card.map(|(var, _)| (var, m.card)),
            o.index.map(|(k, _)| (k, m.target)),
        ]);
        self.pc = o.body;
        self.decisions += 1;
        if let Some(log) = &mut self.log {
            log.push(Event::Chose { seat, m });
        }
        self.run_bound(r, 0, bind);
    }

    // ----- Expressions ------------------------------------------------------

    /// The cards of a set, in order (at most [`MAX_CARDS`]).
    pub fn cards(&self, r: &Rules, l: &mut Locals, set: SId) -> Cards {
        let mut out = Cards::new();
        self.each_card(r, l, set, |_, _, c| {
            out.push(c);
            true
        });
        out
    }
}
