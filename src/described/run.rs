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
    /// Runs ops until a decision waits or the game ends. The locals are
    /// worked on in a copy, written back when the run stops.
    pub fn run(&mut self, r: &Rules) {
        let mut l = self.locals;
        self.run_ops(r, &mut l);
        self.locals = l;
    }

    fn run_ops(&mut self, r: &Rules, l: &mut Locals) {
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
                Op::Phase(i) => {
                    self.phase = *i;
                    self.phase_starts();
                }
                Op::Jump(t) => self.pc = *t,
                Op::JumpUnless(t, to) => {
                    if !self.t(r, l, *t) {
                        self.pc = *to;
                    }
                }
                Op::ForInit {
                    var,
                    count,
                    from,
                    after,
                } => {
                    let s = self.x(r, l, *from).rem_euclid(n);
                    let (s, c) = if *after { ((s + 1) % n, n - 1) } else { (s, n) };
                    l[*var as usize] = s;
                    l[*count as usize] = c;
                }
                Op::ForTest { count, exit } => {
                    if l[*count as usize] <= 0 {
                        self.pc = *exit;
                    }
                }
                Op::ForStep { var, count, head } => {
                    l[*count as usize] -= 1;
                    let v = &mut l[*var as usize];
                    *v = (*v + 1) % n;
                    self.pc = *head;
                }
                Op::Choose { by, choice } => {
                    if self.decisions >= r.decision_cap {
                        self.finish(End::DecisionCap(self.phase));
                        return;
                    }
                    let seat = self.x(r, l, *by).rem_euclid(n) as u8;
                    self.waiting = Some((*choice, seat));
                    if self.any_legal(r, l) {
                        self.pc -= 1;
                        return;
                    }
                    self.waiting = None;
                    self.pc = p.choices[*choice as usize].end;
                }
                Op::SetGlob(i, x) => {
                    self.glob[*i as usize] = self.x(r, l, *x);
                }
                Op::SetPer(i, s, x) => {
                    let seat = self.x(r, l, *s).rem_euclid(n) as usize;
                    self.per[*i as usize][seat] = self.x(r, l, *x);
                }
                Op::Put {
                    set,
                    zone,
                    seat,
                    up,
                } => {
                    let s = seat.map_or(0, |s| self.x(r, l, s).rem_euclid(n) as usize);
                    let to = r.pile(*zone, s);
                    let cards = self.cards(r, l, *set);
                    for c in cards {
                        self.move_card(r, c, to, *up);
                    }
                }
                Op::Discard(set) => {
                    let to = r.pile(r.discard_to, 0);
                    for c in self.cards(r, l, *set) {
                        self.move_card(r, c, to, None);
                    }
                }
                Op::Reveal(set) => {
                    for c in self.cards(r, l, *set) {
                        self.up |= 1 << c;
                    }
                }
                Op::Shuffle(set) => self.shuffle(r, l, *set),
                Op::Draw { seat, n: count } => {
                    let s = self.x(r, l, *seat).rem_euclid(n) as usize;
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
                Op::Tell(i) => self.tell(r, l, *i),
                Op::EndGame => self.finish(End::Game),
                // D, E (`calls.rs`)
                Op::SetCell { off, len, ix, to } => {
                    let (i, v) = (self.x(r, l, *ix), self.x(r, l, *to));
                    self.write_cell(*off, *len, i, v);
                }
                Op::Clear { off, len, init } => self.clear_cells(*off, *len, *init),
                Op::SetLocal(i, x) => l[*i as usize] = self.x(r, l, *x),
                Op::Run { event, card } => {
                    let c = self.x(r, l, *card);
                    self.call(r, l, *event, c);
                }
                Op::Return => self.ret(r, l),
                Op::ForCardInit { set, base, n, i } => {
                    self.for_card_init(r, l, *set, [*base, *n, *i]);
                }
                Op::ForCardNext {
                    var,
                    base,
                    n,
                    i,
                    exit,
                } => {
                    if !self.for_card_next(l, *var, [*base, *n, *i]) {
                        self.pc = *exit;
                    }
                }
                Op::ForCardEnd { base } => self.for_card_end(l, *base),
            }
        }
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
        for term in &r.program.sets[set as usize].terms {
            if let Term::Zone { zone, seat } = *term {
                let s = seat.map_or(0, |s| self.x(r, l, s).rem_euclid(r.players as i32) as usize);
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

    fn any_legal(&self, r: &Rules, l: &mut Locals) -> bool {
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
            let Some((var, set)) = o.card else {
                if o.test.is_none_or(|t| self.t(r, l, t)) && !f(Move { option, card: NONE }) {
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
                !test.is_none_or(|t| core.t(r, l, t)) || f(Move { option, card: c })
            });
            if !go_on {
                return;
            }
        }
    }

    pub fn legal(&self, r: &Rules, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let mut l = self.locals;
        self.each_legal(r, &mut l, |m| {
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

    /// The cards of a set, in order (at most [`MAX_CARDS`]).
    pub fn cards(&self, r: &Rules, l: &mut Locals, set: SId) -> Cards {
        let mut out = Cards::new();
        self.each_card(r, l, set, |_, _, c| {
            out.push(c);
            true
        });
        out
    }

    /// Calls `f` with each card of a set in order (at most [`MAX_CARDS`])
    /// until it returns false; whether it went through them all. No card
    /// is copied: the piles are read where they lie.
    fn each_card(
        &self,
        r: &Rules,
        l: &mut Locals,
        set: SId,
        mut f: impl FnMut(&Self, &mut Locals, u8) -> bool,
    ) -> bool {
        let mut left = MAX_CARDS;
        for term in &r.program.sets[set as usize].terms {
            match *term {
                Term::Zone { .. } => {
                    let p = self.term_pile(r, l, term);
                    for &c in self.piles[p].as_slice() {
                        if left == 0 {
                            return true;
                        }
                        left -= 1;
                        if !f(self, l, c) {
                            return false;
                        }
                    }
                }
                Term::Card(x) => {
                    let c = self.x(r, l, x);
                    if (0..r.cards.len() as i32).contains(&c) && left > 0 {
                        left -= 1;
                        if !f(self, l, c as u8) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The number of cards of a set (at most [`MAX_CARDS`]), none copied.
    fn count_cards(&self, r: &Rules, l: &mut Locals, set: SId) -> usize {
        let mut n = 0;
        for term in &r.program.sets[set as usize].terms {
            match *term {
                Term::Zone { .. } => n += self.piles[self.term_pile(r, l, term)].len as usize,
                Term::Card(x) => {
                    let c = self.x(r, l, x);
                    n += usize::from((0..r.cards.len() as i32).contains(&c));
                }
            }
        }
        n.min(MAX_CARDS)
    }

    /// The pile a zone term names.
    #[inline]
    fn term_pile(&self, r: &Rules, l: &mut Locals, term: &Term) -> usize {
        let Term::Zone { zone, seat } = *term else {
            return 0;
        };
        let s = seat.map_or(0, |s| self.x(r, l, s).rem_euclid(r.players as i32) as usize);
        r.pile(zone, s)
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
            X::Count(s) => self.count_cards(r, l, *s) as i32,
            X::Neg(a) => self.x(r, l, *a).saturating_neg(),
            X::Add(a, b) => self.x(r, l, *a).saturating_add(self.x(r, l, *b)),
            X::Sub(a, b) => self.x(r, l, *a).saturating_sub(self.x(r, l, *b)),
            X::Mul(a, b) => self.x(r, l, *a).saturating_mul(self.x(r, l, *b)),
            X::Max(a, b) => self.x(r, l, *a).max(self.x(r, l, *b)),
            X::Min(a, b) => self.x(r, l, *a).min(self.x(r, l, *b)),
            X::SeenBy(c, p) => i32::from(self.seen_by(r, self.x(r, l, *c), self.x(r, l, *p))),
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
            X::Cell { off, len, ix, none } => {
                let i = self.x(r, l, *ix);
                self.read_cell(*off, *len, i, *none)
            }
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
        let mut acc = Fold::default();
        let mut step = |core: &Self, l: &mut Locals, it: u8| {
            l[var as usize] = i32::from(it);
            if test.is_none_or(|t| core.t(r, l, t)) {
                acc.add(core, r, l, op, keys, it);
            }
            true
        };
        match dom {
            Dom::Seats => {
                for s in 0..r.players as u8 {
                    step(self, l, s);
                }
            }
            Dom::Cards(s) => {
                self.each_card(r, l, s, step);
            }
            Dom::Values(n) => {
                for v in 0..n {
                    step(self, l, v);
                }
            }
        }
        match op {
            Agg::Count => acc.count,
            Agg::Best => acc.best.map_or(-1, |(c, _)| i32::from(c)),
            _ => acc.acc.unwrap_or(0),
        }
    }

    /// F. Whether seat `p` sees card `c` where it lies (as
    /// `State::visible`); no card or no seat: no.
    fn seen_by(&self, r: &Rules, c: i32, p: i32) -> bool {
        let Some(c) = Self::card(r, c) else {
            return false;
        };
        (0..r.players as i32).contains(&p)
            && (self.up >> c & 1 == 1 || r.sees_pile(self.loc[c] as usize, p as usize))
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
            T::Any(s) => self.count_cards(r, l, *s) > 0,
            T::No(s) => self.count_cards(r, l, *s) == 0,
            T::Has(e, c) => {
                let c = self.x(r, l, *c);
                Self::card(r, c).is_some_and(|c| r.program.calls.block(r.cards[c].0, *e).is_some())
            }
        }
    }
}

/// An aggregate's running value: the items counted, the sum, greatest or
/// least so far, and the best item with its keys.
#[derive(Default)]
struct Fold {
    count: i32,
    acc: Option<i32>,
    best: Option<(u8, [i32; 4])>,
}

impl Fold {
    /// Adds item `it` (the aggregate's variable holds it), which passed
    /// the test.
    fn add(&mut self, core: &Core, r: &Rules, l: &mut Locals, op: Agg, keys: &[XId], it: u8) {
        self.count += 1;
        match op {
            Agg::Count => {}
            Agg::Best => {
                let mut k = [0i32; 4];
                for (i, &x) in keys.iter().take(4).enumerate() {
                    k[i] = core.x(r, l, x);
                }
                if self.best.is_none_or(|(_, b)| k > b) {
                    self.best = Some((it, k));
                }
            }
            _ => {
                let v = core.x(r, l, keys[0]);
                self.acc = Some(match (op, self.acc) {
                    (_, None) => v,
                    (Agg::Sum, Some(a)) => a.saturating_add(v),
                    (Agg::Max, Some(a)) => a.max(v),
                    (_, Some(a)) => a.min(v),
                });
            }
        }
    }
}
