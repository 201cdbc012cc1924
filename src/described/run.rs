//! The interpreter of a described game: the procedure's ops run on a
//! [`Core`] until a `choose by` waits for a seat (its legal moves are the
//! options' cards that pass their tests) or the game ends. A run that
//! takes more than [`STEP_CAP`] steps without a decision, or a game of
//! more decisions than the rules' cap, is stopped with the phase it was
//! in (`End::StepCap`, `End::DecisionCap`). Nothing here allocates
//! without the event log.

use arrayvec::ArrayVec;

use super::compile::MAX_LOCALS;
use super::model::{MAX_CARDS, Rules};
use super::program::*;
use super::state::{Core, End, Event, Move, NONE};
use crate::engine::seed;

/// The most steps a run takes without a decision.
pub const STEP_CAP: u32 = 1_000_000;

type Locals = [i32; MAX_LOCALS];
type Cards = ArrayVec<u8, MAX_CARDS>;

impl Core {
    /// Runs ops until a decision waits or the game ends.
    pub fn run(&mut self, r: &Rules) {
        let p = &r.program;
        let n = r.players as i32;
        let mut steps = 0u32;
        while self.end.is_none() {
            steps += 1;
            if steps > STEP_CAP {
                self.finish(End::StepCap(self.phase));
                return;
            }
            let pc = self.pc as usize;
            let Some(op) = p.ops.get(pc) else {
                self.finish(End::Game);
                return;
            };
            self.pc += 1;
            match op {
                Op::Phase(i) => self.phase = *i,
                Op::Jump(t) => self.pc = *t,
                Op::JumpUnless(t, to) => {
                    let mut l = self.locals;
                    if !self.t(r, &mut l, *t) {
                        self.pc = *to;
                    }
                }
                Op::ForInit {
                    var,
                    count,
                    from,
                    after,
                } => {
                    let mut l = self.locals;
                    let s = self.x(r, &mut l, *from).rem_euclid(n);
                    let (s, c) = if *after { ((s + 1) % n, n - 1) } else { (s, n) };
                    self.locals[*var as usize] = s;
                    self.locals[*count as usize] = c;
                }
                Op::ForTest { count, exit } => {
                    if self.locals[*count as usize] <= 0 {
                        self.pc = *exit;
                    }
                }
                Op::ForStep { var, count, head } => {
                    self.locals[*count as usize] -= 1;
                    let v = &mut self.locals[*var as usize];
                    *v = (*v + 1) % n;
                    self.pc = *head;
                }
                Op::Choose { by, choice } => {
                    if self.decisions >= r.decision_cap {
                        self.finish(End::DecisionCap(self.phase));
                        return;
                    }
                    let mut l = self.locals;
                    let seat = self.x(r, &mut l, *by).rem_euclid(n) as u8;
                    self.waiting = Some((*choice, seat));
                    if self.any_legal(r) {
                        self.pc -= 1;
                        return;
                    }
                    self.waiting = None;
                    self.pc = p.choices[*choice as usize].end;
                }
                Op::SetGlob(i, x) => {
                    let mut l = self.locals;
                    self.glob[*i as usize] = self.x(r, &mut l, *x);
                }
                Op::SetPer(i, s, x) => {
                    let mut l = self.locals;
                    let seat = self.x(r, &mut l, *s).rem_euclid(n) as usize;
                    self.per[*i as usize][seat] = self.x(r, &mut l, *x);
                }
                Op::Put {
                    set,
                    zone,
                    seat,
                    up,
                } => {
                    let mut l = self.locals;
                    let s = seat.map_or(0, |s| self.x(r, &mut l, s).rem_euclid(n) as usize);
                    let to = r.pile(*zone, s);
                    let cards = self.cards(r, &mut l, *set);
                    for c in cards {
                        self.move_card(r, c, to, *up);
                    }
                }
                Op::Discard(set) => {
                    let mut l = self.locals;
                    let to = r.pile(r.discard_to, 0);
                    for c in self.cards(r, &mut l, *set) {
                        self.move_card(r, c, to, None);
                    }
                }
                Op::Reveal(set) => {
                    let mut l = self.locals;
                    for c in self.cards(r, &mut l, *set) {
                        self.up |= 1 << c;
                    }
                }
                Op::Shuffle(set) => self.shuffle(r, *set),
                Op::Draw { seat, n: count } => {
                    let mut l = self.locals;
                    let s = self.x(r, &mut l, *seat).rem_euclid(n) as usize;
                    let (from, to) = (r.pile(r.draw_from, 0), r.pile(r.draw_to, s));
                    for _ in 0..*count {
                        let pile = &self.piles[from];
                        if pile.len == 0 {
                            break;
                        }
                        let c = pile.cards[pile.len as usize - 1];
                        self.move_card(r, c, to, Some(false));
                    }
                }
                Op::Tell(i) => self.tell(r, *i),
                Op::EndGame => self.finish(End::Game),
            }
        }
    }

    fn finish(&mut self, e: End) {
        self.end = Some(e);
        self.waiting = None;
        if let Some(log) = &mut self.log {
            log.push(Event::Ended(e));
        }
    }

    fn tell(&mut self, r: &Rules, i: u16) {
        if self.log.is_none() {
            return;
        }
        let mut l = self.locals;
        let t = &r.program.tells[i as usize];
        let args = t
            .args
            .iter()
            .take(6)
            .map(|a| self.x(r, &mut l, a.1))
            .collect();
        if let Some(log) = &mut self.log {
            log.push(Event::Told { tell: i, args });
        }
    }

    fn shuffle(&mut self, r: &Rules, set: SId) {
        let mut l = self.locals;
        for term in &r.program.sets[set as usize].terms {
            if let Term::Zone { zone, seat } = *term {
                let s = seat.map_or(0, |s| {
                    self.x(r, &mut l, s).rem_euclid(r.players as i32) as usize
                });
                let p = r.pile(zone, s);
                let n = self.piles[p].len as usize;
                seed::shuffle(&mut self.piles[p].cards[..n], &mut self.rng);
                if let Some(log) = &mut self.log {
                    log.push(Event::Shuffled(p as u8));
                }
            }
        }
    }

    /// Moves card `c` to the top of pile `to`, face up or down if `up`
    /// says (else as it was).
    fn move_card(&mut self, r: &Rules, c: u8, to: usize, up: Option<bool>) {
        let from = self.loc[c as usize] as usize;
        if from != to {
            self.piles[from].remove(c);
            self.piles[to].push(c);
            self.loc[c as usize] = to as u8;
            if let Some(s) = r.piles[to].1 {
                self.owner[c as usize] = s;
            }
        }
        match up {
            Some(true) => self.up |= 1 << c,
            Some(false) => self.up &= !(1 << c),
            None => {}
        }
        if let Some(log) = &mut self.log {
            let up = self.up >> c & 1 == 1;
            log.push(Event::Moved {
                card: c,
                from: from as u8,
                to: to as u8,
                up,
            });
        }
    }

    // ----- Decisions ------------------------------------------------------

    fn any_legal(&self, r: &Rules) -> bool {
        let mut found = false;
        self.each_legal(r, &mut |_| {
            found = true;
            false
        });
        found
    }

    /// Calls `f` with each legal move in order until it returns false.
    fn each_legal(&self, r: &Rules, f: &mut dyn FnMut(Move) -> bool) {
        let Some((ch, _)) = self.waiting else {
            return;
        };
        let mut l = self.locals;
        for (i, o) in r.program.choices[ch as usize].options.iter().enumerate() {
            match o.card {
                Some((var, set)) => {
                    for c in self.cards(r, &mut l, set) {
                        l[var as usize] = i32::from(c);
                        if o.test.is_none_or(|t| self.t(r, &mut l, t))
                            && !f(Move {
                                option: i as u8,
                                card: c,
                            })
                        {
                            return;
                        }
                    }
                }
                None => {
                    if o.test.is_none_or(|t| self.t(r, &mut l, t))
                        && !f(Move {
                            option: i as u8,
                            card: NONE,
                        })
                    {
                        return;
                    }
                }
            }
        }
    }

    pub fn legal(&self, r: &Rules, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        self.each_legal(r, &mut |m| {
            out.push(m);
            true
        });
    }

    /// Applies a legal move and runs on to the next decision.
    pub fn apply(&mut self, r: &Rules, m: Move) {
        let Some((ch, seat)) = self.waiting.take() else {
            return;
        };
        let o = &r.program.choices[ch as usize].options[m.option as usize];
        if let Some((var, _)) = o.card {
            self.locals[var as usize] = i32::from(m.card);
        }
        self.pc = o.body;
        self.decisions += 1;
        if let Some(log) = &mut self.log {
            log.push(Event::Chose { seat, m });
        }
        self.run(r);
    }

    // ----- Expressions ------------------------------------------------------

    /// The cards of a set, in order.
    pub fn cards(&self, r: &Rules, l: &mut Locals, set: SId) -> Cards {
        let mut out = Cards::new();
        for term in &r.program.sets[set as usize].terms {
            match *term {
                Term::Zone { zone, seat } => {
                    let s =
                        seat.map_or(0, |s| self.x(r, l, s).rem_euclid(r.players as i32) as usize);
                    for &c in self.piles[r.pile(zone, s)].as_slice() {
                        if !out.is_full() {
                            out.push(c);
                        }
                    }
                }
                Term::Card(x) => {
                    let c = self.x(r, l, x);
                    if (0..r.cards.len() as i32).contains(&c) && !out.is_full() {
                        out.push(c as u8);
                    }
                }
            }
        }
        out
    }

    fn card(r: &Rules, c: i32) -> Option<usize> {
        (0..r.cards.len() as i32).contains(&c).then_some(c as usize)
    }

    pub fn x(&self, r: &Rules, l: &mut Locals, id: XId) -> i32 {
        let n = r.players as i32;
        match &r.program.xs[id as usize] {
            X::Int(v) => *v,
            X::Players => n,
            X::Local(i) => l[*i as usize],
            X::Glob(i) => self.glob[*i as usize],
            X::Per(i, s) => self.per[*i as usize][self.x(r, l, *s).rem_euclid(n) as usize],
            X::Attr(c, a) => {
                Self::card(r, self.x(r, l, *c)).map_or(0, |c| r.cards[c].1[*a as usize])
            }
            X::Owner(c) => Self::card(r, self.x(r, l, *c)).map_or(0, |c| i32::from(self.owner[c])),
            X::Pos(c) => Self::card(r, self.x(r, l, *c)).map_or(0, |c| {
                let pile = &self.piles[self.loc[c] as usize];
                pile.as_slice()
                    .iter()
                    .position(|&x| x as usize == c)
                    .map_or(0, |i| i as i32 + 1)
            }),
            X::Next(s) => (self.x(r, l, *s) + 1).rem_euclid(n),
            X::Count(s) => self.cards(r, l, *s).len() as i32,
            X::Neg(a) => self.x(r, l, *a).saturating_neg(),
            X::Add(a, b) => self.x(r, l, *a).saturating_add(self.x(r, l, *b)),
            X::Sub(a, b) => self.x(r, l, *a).saturating_sub(self.x(r, l, *b)),
            X::Mul(a, b) => self.x(r, l, *a).saturating_mul(self.x(r, l, *b)),
            X::Max(a, b) => self.x(r, l, *a).max(self.x(r, l, *b)),
            X::Min(a, b) => self.x(r, l, *a).min(self.x(r, l, *b)),
            X::If(t, a, b) => {
                if self.t(r, l, *t) {
                    self.x(r, l, *a)
                } else {
                    self.x(r, l, *b)
                }
            }
            X::Bool(t) => i32::from(self.t(r, l, *t)),
            X::Agg {
                op,
                var,
                dom,
                keys,
                test,
            } => self.aggregate(r, l, *op, *var, *dom, keys, *test),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn aggregate(
        &self,
        r: &Rules,
        l: &mut Locals,
        op: Agg,
        var: u8,
        dom: Dom,
        keys: &[XId],
        test: Option<TId>,
    ) -> i32 {
        let items: Cards = match dom {
            Dom::Seats => (0..r.players as u8).collect(),
            Dom::Cards(s) => self.cards(r, l, s),
        };
        let mut acc: Option<i32> = None;
        let mut best: Option<(u8, [i32; 4])> = None;
        let mut count = 0;
        for it in items {
            l[var as usize] = i32::from(it);
            if !test.is_none_or(|t| self.t(r, l, t)) {
                continue;
            }
            count += 1;
            match op {
                Agg::Count => {}
                Agg::Best => {
                    let mut k = [0i32; 4];
                    for (i, &x) in keys.iter().take(4).enumerate() {
                        k[i] = self.x(r, l, x);
                    }
                    if best.is_none_or(|(_, b)| k > b) {
                        best = Some((it, k));
                    }
                }
                _ => {
                    let v = self.x(r, l, keys[0]);
                    acc = Some(match (op, acc) {
                        (_, None) => v,
                        (Agg::Sum, Some(a)) => a.saturating_add(v),
                        (Agg::Max, Some(a)) => a.max(v),
                        (_, Some(a)) => a.min(v),
                    });
                }
            }
        }
        match op {
            Agg::Count => count,
            Agg::Best => best.map_or(-1, |(c, _)| i32::from(c)),
            _ => acc.unwrap_or(0),
        }
    }

    pub fn t(&self, r: &Rules, l: &mut Locals, id: TId) -> bool {
        match &r.program.ts[id as usize] {
            T::Const(b) => *b,
            T::Or(ts) => ts.iter().any(|&t| self.t(r, l, t)),
            T::And(ts) => ts.iter().all(|&t| self.t(r, l, t)),
            T::Not(t) => !self.t(r, l, *t),
            T::Cmp(a, op, b) => {
                let (a, b) = (self.x(r, l, *a), self.x(r, l, *b));
                op.holds(i64::from(a), i64::from(b))
            }
            T::Any(s) => !self.cards(r, l, *s).is_empty(),
            T::No(s) => self.cards(r, l, *s).is_empty(),
        }
    }
}
