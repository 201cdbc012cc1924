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
                    after,
                } => self.put(r, l, *set, *zone, *seat, *up, *after),
                Op::Discard(set) => {
                    for c in self.cards(r, l, *set) {
                        let owner = i32::from(self.owner[c as usize]);
                        if let Some(to) = r.pile_at(r.discard_to, owner) {
                            self.move_card(r, c, to, None);
                        }
                    }
                }
                Op::Reveal(set) => {
                    for c in self.cards(r, l, *set) {
                        self.up.set(c, true);
                    }
                }
                Op::Shuffle(set) => self.shuffle(r, l, *set),
                Op::Draw { seat, n: count } => {
                    let s = self.x(r, l, *seat).rem_euclid(n) as usize;
                    let (from, to) = (r.pile(r.draw_from, s), r.pile(r.draw_to, s));
                    for _ in 0..*count {
                        if !self.draw_one(r, from, to, s) {
                            break;
                        }
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
            if let Some(p) = self.term_pile(r, l, term) {
                self.shuffle_pile(p);
            }
        }
    }

    /// `seed::shuffle` over pile `p`, bottom first.
    fn shuffle_pile(&mut self, p: usize) {
        let Core {
            order, ends, rng, ..
        } = self;
        seed::shuffle(&mut order[ends[p] as usize..ends[p + 1] as usize], rng);
        if let Some(log) = &mut self.log {
            log.push(Event::Shuffled(p as u8));
        }
    }

    /// Seat `s` draws the top card of pile `from` into pile `to`; an empty
    /// pile first takes the whole refill pile of the seat in its order,
    /// shuffled (as `effects::columns::table::Table::draw`). Whether a
    /// card was drawn.
    fn draw_one(&mut self, r: &Rules, from: usize, to: usize, s: usize) -> bool {
        if self.pile(from).is_empty()
            && let Some(z) = r.zones[r.draw_from as usize].refill_from
        {
            let refill = r.pile(z, s);
            while let Some(&c) = self.pile(refill).first() {
                self.move_card(r, c, from, Some(false));
            }
            self.shuffle_pile(from);
        }
        let Some(&c) = self.pile(from).last() else {
            return false;
        };
        self.move_card(r, c, to, Some(false));
        true
    }

    /// `put <set> to <zone> [face up|down] [after <card>]`: each card on
    /// top of the pile, or just after `after` (each card after the one
    /// put before it). An index out of range puts nothing.
    #[allow(clippy::too_many_arguments)]
    fn put(
        &mut self,
        r: &Rules,
        l: &mut Locals,
        set: SId,
        zone: u8,
        seat: Option<XId>,
        up: Option<bool>,
        after: Option<XId>,
    ) {
        let Some(to) = self.term_pile(r, l, &Term::Zone { zone, seat }) else {
            return;
        };
        let Some(after) = after else {
            for c in self.cards(r, l, set) {
                self.move_card(r, c, to, up);
            }
            return;
        };
        let mut anchor = Self::card(r, self.x(r, l, after));
        if anchor.is_some_and(|a| self.loc[a] as usize != to) {
            anchor = None;
        }
        for c in self.cards(r, l, set) {
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
    fn move_card(&mut self, r: &Rules, c: u8, to: usize, up: Option<bool>) {
        if self.loc[c as usize] as usize == to {
            self.place_card(r, c, to, usize::MAX, up);
        } else {
            let top = self.pile_len(to);
            self.place_card(r, c, to, top, up);
        }
    }

    /// Moves card `c` into pile `to` at place `at` (counted before it
    /// leaves; `usize::MAX`: where it is), face up or down if `up` says.
    #[inline]
    fn place_card(&mut self, r: &Rules, c: u8, to: usize, at: usize, up: Option<bool>) {
        let from = self.loc[c as usize] as usize;
        if at != usize::MAX {
            if from != to && r.zones[r.piles[from].0 as usize].last_into_place {
                self.to_top(c, from);
            }
            self.relink(c, to, at);
            if let Some(s) = r.piles[to].1 {
                self.owner[c as usize] = s;
            }
        }
        if let Some(up) = up {
            self.up.set(c, up);
        }
        if let Some(log) = &mut self.log {
            let up = self.up.get(c);
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
    /// each index alone. Whether to go on.
    #[allow(clippy::too_many_arguments)]
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
        let mut targets = |core: &Self, l: &mut Locals, card: u8| -> bool {
            for t in 0..count {
                l[k as usize] = i32::from(t);
                if o.test.is_none_or(|x| core.t(r, l, x))
                    && !f(Move {
                        option,
                        card,
                        target: t,
                    })
                {
                    return false;
                }
            }
            true
        };
        match o.card {
            None => targets(self, l, NONE),
            Some((var, set)) => self.each_card(r, l, set, |core, l, c| {
                l[var as usize] = i32::from(c);
                targets(core, l, c)
            }),
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
        if let Some((k, _)) = o.index {
            self.locals[k as usize] = i32::from(m.target);
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
                Term::Deck(d) => {
                    for c in r.decks[d as usize].1.clone() {
                        if left == 0 {
                            return true;
                        }
                        left -= 1;
                        if !f(self, l, c) {
                            return false;
                        }
                    }
                }
                Term::Zone { .. } => {
                    let Some(p) = self.term_pile(r, l, term) else {
                        continue;
                    };
                    for &c in self.pile(p) {
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
                Term::Zone { .. } => {
                    n += self.term_pile(r, l, term).map_or(0, |p| self.pile_len(p))
                }
                Term::Deck(d) => n += r.decks[d as usize].1.len(),
                Term::Card(x) => {
                    let c = self.x(r, l, x);
                    n += usize::from((0..r.cards.len() as i32).contains(&c));
                }
            }
        }
        n.min(MAX_CARDS)
    }

    /// Whether set `set` holds card `c`.
    fn holds(&self, r: &Rules, l: &mut Locals, set: SId, c: usize) -> bool {
        r.program.sets[set as usize]
            .terms
            .iter()
            .any(|term| match *term {
                Term::Zone { .. } => self.term_pile(r, l, term) == Some(self.loc[c] as usize),
                Term::Deck(d) => r.decks[d as usize].1.contains(&(c as u8)),
                Term::Card(x) => self.x(r, l, x) == c as i32,
            })
    }

    /// The pile a zone term names (none: an index out of range).
    #[inline]
    fn term_pile(&self, r: &Rules, l: &mut Locals, term: &Term) -> Option<usize> {
        let Term::Zone { zone, seat } = *term else {
            return None;
        };
        let i = seat.map_or(0, |s| self.x(r, l, s));
        r.pile_at(zone, i)
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
                self.pile(self.loc[c] as usize)
                    .iter()
                    .position(|&x| x as usize == c)
                    .map_or(0, |i| i as i32 + 1)
            }),
            X::Before(c) | X::After(c) => Self::card(r, self.x(r, l, *c)).map_or(-1, |c| {
                let pile = self.pile(self.loc[c] as usize);
                let i = pile.iter().position(|&x| x as usize == c).unwrap_or(0);
                let j = if matches!(r.program.xs[id as usize], X::Before(_)) {
                    i.checked_sub(1)
                } else {
                    Some(i + 1)
                };
                j.and_then(|j| pile.get(j)).map_or(-1, |&x| i32::from(x))
            }),
            X::Index(c) => {
                Self::card(r, self.x(r, l, *c)).map_or(-1, |c| r.pile_index(self.loc[c] as usize))
            }
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
            && (self.up.get(c as u8)
                || r.sees_pile(self.loc[c] as usize, p as usize)
                || (r.owner_sees(self.loc[c] as usize) && i32::from(self.owner[c]) == p))
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
            T::In(c, s) => {
                let c = self.x(r, l, *c);
                Self::card(r, c).is_some_and(|c| self.holds(r, l, *s, c))
            }
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
