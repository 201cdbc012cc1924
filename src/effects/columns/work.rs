//! One column as the abilities read it: its cards top (nearest the
//! objective) to bottom, their current values, which are turned up late,
//! cancelled or eliminated; the sets, expressions and conditions of the
//! ability language evaluated over it; the round-end steps and the award
//! (docs/effects.md section 10).

use arrayvec::ArrayVec;

use super::compile::{CardExpr, CmpOp, Cond, Expr, Filter, Op, Program, Trigger, Who};
use super::{ColumnRules, MAX_COLUMN, MAX_SEATS, NO_STEP};
use crate::effects::run::{self, Ending, Flow};

/// A round-end ability running: its card, where it lies, its next
/// statement.
pub struct AtEnd<'a> {
    ops: &'a [Op],
    this: u8,
    pc: u8,
}

impl run::Frame for AtEnd<'_> {
    /// Nothing: a round-end ability has no `choose` (a compile error).
    type Value = ();
    fn pc(&mut self) -> &mut u8 {
        &mut self.pc
    }
    fn bind(&mut self, _var: u8, _value: ()) {}
}

/// A column's round-end abilities as the engine's interpreter sees them:
/// one at a time, in the order `Work::run_steps` gives.
struct Acting<'a, R, F> {
    rules: &'a R,
    work: &'a mut Work,
    frames: ArrayVec<AtEnd<'a>, 1>,
    out: &'a mut F,
}

impl<'a, R: ColumnRules, F: FnMut(u8)> run::Interpreter for Acting<'a, R, F> {
    type Rules = R;
    type Op = Op;
    type Frame = AtEnd<'a>;
    fn rules(&self) -> &R {
        self.rules
    }
    fn statement<'r>(_rules: &'r R, f: &'r AtEnd<'a>) -> Option<(&'r Op, u32)> {
        Some((f.ops.get(f.pc as usize)?, 0))
    }
    fn frames(&self) -> &[AtEnd<'a>] {
        &self.frames
    }
    fn frames_mut(&mut self) -> &mut [AtEnd<'a>] {
        &mut self.frames
    }
    /// Nobody decides at the round's end.
    fn ask(&mut self) -> bool {
        false
    }
    fn unanswered(&mut self) -> Flow {
        Flow::End(Ending::NoAnswer)
    }
    fn act(&mut self) -> Flow {
        let (ops, this, pc) = (self.frames[0].ops, self.frames[0].this, self.frames[0].pc);
        self.work
            .act(self.rules, &ops[pc as usize], this as usize, self.out)
    }
    fn end_frame(&mut self, _how: Ending) {
        self.frames.pop();
    }
}

/// Positions of a column as bits (position 0 is nearest the objective).
pub type Mask = u64;

// A column's positions fit below a mask's top bit.
const _: () = assert!(MAX_COLUMN < Mask::BITS as usize);

/// A column's cards and what the round's end has done to them so far.
#[derive(Clone)]
pub struct Work {
    pub len: usize,
    pub card: [u8; MAX_COLUMN],
    /// Each card's kind and owner, read once from the rules.
    pub kind: [u8; MAX_COLUMN],
    pub owner: [u8; MAX_COLUMN],
    /// Current value (half points), when `valued`.
    pub value: [i16; MAX_COLUMN],
    /// The domain of the column's objective.
    pub domain: u8,
    pub valued: Mask,
    /// Turned up at the round's end: abilities ignored.
    pub late: Mask,
    pub cancelled: Mask,
    pub eliminated: Mask,
    /// The claim at the position nearest the objective: (position, seat).
    pub claim: Option<(u8, u8)>,
    pub lowest: bool,
    /// Each seat's cards.
    pub seat: [Mask; MAX_SEATS],
    /// The cards of each round-end step, by the step's place in
    /// `ColumnRules::steps` ([`NO_STEP`]: none); `ranks`, the steps that
    /// have cards. Read with the cards, in the same pass.
    by_rank: [Mask; NO_STEP as usize + 1],
    ranks: u32,
}

/// Who wins a column, as the award says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Award {
    Seat(usize),
    Nobody,
}

impl Work {
    /// The column's cards; `late(c)`: card `c` was turned up at the
    /// round's end, its ability does not act.
    pub fn new(r: &impl ColumnRules, cards: &[u8], domain: u8, late: impl Fn(u8) -> bool) -> Work {
        let mut w = Work {
            len: cards.len(),
            card: [0; MAX_COLUMN],
            kind: [0; MAX_COLUMN],
            owner: [0; MAX_COLUMN],
            value: [0; MAX_COLUMN],
            domain,
            valued: 0,
            late: 0,
            cancelled: 0,
            eliminated: 0,
            claim: None,
            lowest: false,
            seat: [0; MAX_SEATS],
            by_rank: [0; NO_STEP as usize + 1],
            ranks: 0,
        };
        for (p, &c) in cards.iter().enumerate() {
            let f = r.facts(c, domain);
            w.card[p] = c;
            w.kind[p] = f.kind;
            w.owner[p] = f.owner;
            w.seat[usize::from(f.owner)] |= 1 << p;
            w.value[p] = f.value;
            w.valued |= Mask::from(f.valued) << p;
            w.late |= Mask::from(late(c)) << p;
            let k = r.end_rank(f.kind.into()) as usize;
            w.by_rank[k] |= 1 << p;
            w.ranks |= 1 << k;
        }
        w
    }

    pub fn present(&self) -> Mask {
        ((1 << self.len) - 1) & !self.eliminated
    }

    fn active(&self) -> Mask {
        !self.late & !self.cancelled
    }

    /// The positions of a filter's cards, seen from the card at `this`:
    /// each condition narrows the set of positions.
    fn filter(&self, r: &impl ColumnRules, f: &Filter, this: usize) -> Mask {
        let mut m = self.present();
        if f.not_this {
            m &= !(1 << this);
        }
        let own = self.seat[usize::from(self.owner[this])];
        match f.owner {
            Some(Who::Owner) => m &= own,
            Some(Who::Others) => m &= !own,
            _ => {}
        }
        if let Some(a) = f.active {
            m &= if a { self.active() } else { !self.active() };
        }
        if f.kinds != 0 {
            m &= bits(m).fold(0, |k, p| k | ((f.kinds >> self.kind[p]) & 1) << p);
        }
        if let Some((op, n)) = f.value {
            m &= bits(m).fold(0, |k, p| k | Mask::from(self.compare(r, p, op, n)) << p);
        }
        m
    }

    /// A value filter: a valueless card compares as 0 or not at all
    /// (`Readings::valueless_not_compared`).
    fn compare(&self, r: &impl ColumnRules, p: usize, op: CmpOp, n: i32) -> bool {
        if self.valued & (1 << p) != 0 {
            op.holds(self.value[p].into(), n.into())
        } else {
            !r.readings().valueless_not_compared && op.holds(0, n.into())
        }
    }

    /// The positions of cards, seen from the card at `this`. The plain
    /// set, the most common, is resolved here inline; the rest in
    /// [`Work::nested`].
    #[inline]
    pub fn cards(&self, r: &impl ColumnRules, e: &CardExpr, this: usize) -> Mask {
        match e {
            CardExpr::This => 1 << this,
            CardExpr::Set(f) => self.filter(r, f, this),
            _ => self.nested(r, e, this),
        }
    }

    fn nested(&self, r: &impl ColumnRules, e: &CardExpr, this: usize) -> Mask {
        match e {
            CardExpr::This => 1 << this,
            CardExpr::Revealer | CardExpr::Var(_) => 0,
            CardExpr::Set(f) => self.filter(r, f, this),
            CardExpr::Above(x) => match first(self.cards(r, x, this)) {
                Some(p) => last(self.present() & ((1u64 << p) - 1)).map_or(0, |q| 1 << q),
                None => 0,
            },
            CardExpr::Below(x) => match first(self.cards(r, x, this)) {
                Some(p) => first(self.present() & !((2u64 << p) - 1)).map_or(0, |q| 1 << q),
                None => 0,
            },
            CardExpr::Nearest(x) => first(self.cards(r, x, this)).map_or(0, |q| 1 << q),
            CardExpr::Union(xs) => xs.iter().fold(0, |m, x| m | self.cards(r, x, this)),
        }
    }

    /// An expression in half points; `None`: a value that is not there.
    pub fn expr(&self, r: &impl ColumnRules, e: &Expr, this: usize) -> Option<i32> {
        Some(match e {
            Expr::Int(n) => *n,
            Expr::Count(x) => 2 * self.cards(r, x, this).count_ones() as i32,
            Expr::Value(x) => {
                let p = first(self.cards(r, x, this))?;
                if self.valued & (1 << p) == 0 {
                    return None;
                }
                i32::from(if r.readings().value_reads_printed {
                    r.printed(self.kind[p].into(), self.domain)
                } else {
                    self.value[p]
                })
            }
            Expr::Neg(x) => -self.expr(r, x, this)?,
            Expr::Add(a, b) => self.expr(r, a, this)? + self.expr(r, b, this)?,
            Expr::Sub(a, b) => self.expr(r, a, this)? - self.expr(r, b, this)?,
            Expr::Mul(a, b) => self.expr(r, a, this)? * self.expr(r, b, this)? / 2,
        })
    }

    pub fn holds(&self, r: &impl ColumnRules, c: &Cond, this: usize) -> bool {
        match c {
            Cond::Any(x) => self.cards(r, x, this) != 0,
            Cond::Cmp(a, op, b) => match (self.expr(r, a, this), self.expr(r, b, this)) {
                (Some(a), Some(b)) => op.holds(a.into(), b.into()),
                _ => false,
            },
        }
    }

    /// Runs the round-end steps over the column; `out` receives each
    /// eliminated card.
    pub fn run_steps(&mut self, r: &impl ColumnRules, out: &mut impl FnMut(u8)) {
        let sets_first = !r.readings().table_order;
        for i in bits(Mask::from(self.ranks & !(1 << NO_STEP))) {
            let (s, at) = (r.steps()[i], self.by_rank[i]);
            // Within a step, the abilities that set a value act first.
            let first = if sets_first { self.setters(r, at) } else { at };
            for order in [at & first, at & !first] {
                self.run_in_order(r, order, s, out);
            }
        }
    }

    /// Of the positions `at`, those whose ability sets a value.
    fn setters(&self, r: &impl ColumnRules, at: Mask) -> Mask {
        bits(at)
            .filter(|&p| r.program(self.kind[p].into()).is_some_and(|g| g.sets_value))
            .fold(0, |m, p| m | 1 << p)
    }

    /// The abilities of the cards at `order` that act at step `s`, in the
    /// step's order (top first, or bottom first).
    fn run_in_order(
        &mut self,
        r: &impl ColumnRules,
        mut order: Mask,
        s: super::Step,
        out: &mut impl FnMut(u8),
    ) {
        while order != 0 {
            let p = if s.bottom_up {
                63 - order.leading_zeros() as usize
            } else {
                order.trailing_zeros() as usize
            };
            order &= !(1 << p);
            if let Some(prog) = self.acting(r, p, s.number) {
                self.run(r, prog, p, out);
            }
        }
    }

    /// The program of the card at `p` if it acts at step `step`.
    fn acting<'r, R: ColumnRules>(&self, r: &'r R, p: usize, step: u8) -> Option<&'r Program> {
        let prog = r.program(self.kind[p].into())?;
        // `&` and `|`, not `&&` and `||`: one branch, not three, on what
        // the cards of the column happen to be.
        let here = self.present() & !self.cancelled & (1 << p) != 0;
        let revealed = (self.late & (1 << p) == 0) | prog.acts_unrevealed;
        ((prog.trigger == Trigger::RoundEnd(step)) & here & revealed).then_some(prog)
    }

    /// Runs the ability of the card at `this` on the engine's interpreter
    /// (`effects::run`).
    fn run<R: ColumnRules>(
        &mut self,
        r: &R,
        prog: &Program,
        this: usize,
        out: &mut impl FnMut(u8),
    ) {
        let frame = AtEnd {
            ops: &prog.ops,
            this: this as u8,
            pc: 0,
        };
        let mut it = Acting {
            rules: r,
            work: self,
            frames: [frame].into(),
            out,
        };
        run::run(&mut it);
    }

    /// One round-end statement of the ability of the card at `this`.
    fn act(
        &mut self,
        r: &impl ColumnRules,
        op: &Op,
        this: usize,
        out: &mut impl FnMut(u8),
    ) -> Flow {
        match op {
            Op::Require(c) if !self.holds(r, c, this) => return Flow::End(Ending::Unmet),
            Op::CancelAbilities(x) => self.cancelled |= self.cards(r, x, this),
            Op::Eliminate(x) => {
                let m = self.cards(r, x, this);
                self.eliminated |= m;
                bits(m).for_each(|p| out(self.card[p]));
            }
            Op::Modify(x, e) => {
                let Some(d) = self.expr(r, e, this) else {
                    return Flow::Next;
                };
                let floor = !r.readings().no_floor;
                for p in bits(self.cards(r, x, this) & self.valued) {
                    let v = i32::from(self.value[p]) + d;
                    self.value[p] = clamp(if floor { v.max(0) } else { v });
                }
            }
            Op::SetValue(x, e) => {
                let v = self.expr(r, e, this);
                for p in bits(self.cards(r, x, this)) {
                    match v {
                        Some(v) => {
                            self.value[p] = clamp(v);
                            self.valued |= 1 << p;
                        }
                        None => self.valued &= !(1 << p),
                    }
                }
            }
            Op::Claim { at, .. } => {
                if let Some(p) = first(self.cards(r, at, this)) {
                    let c = (p as u8, self.owner[this]);
                    self.claim = Some(self.claim.map_or(c, |d| d.min(c)));
                }
            }
            Op::AwardLowest => self.lowest = true,
            _ => {}
        }
        Flow::Next
    }

    /// Who wins the column: a claim; else the highest total, ties to the
    /// card nearest the objective; awarded to the lowest, the lowest total,
    /// ties to the card farthest from it.
    pub fn award(&self, r: &impl ColumnRules) -> Award {
        let readings = r.readings();
        if let Some((_, seat)) = self.claim
            && (!readings.lowest_beats_claim || !self.lowest)
        {
            return Award::Seat(seat as usize);
        }
        // The greatest key wins: the highest total, then the card nearest
        // the objective; awarded to the lowest, the lowest total, then the
        // card farthest from it.
        let present = self.present();
        let takes_part = if self.lowest && !readings.lowest_counts_any_card {
            self.valued
        } else {
            !0
        };
        // Every seat's total in one pass over the column, then each seat's
        // key: without a branch on the cards, whose outcome is random.
        let counted = present & self.valued;
        let mut totals = [0i32; MAX_SEATS];
        for p in 0..self.len {
            let v = i32::from(self.value[p]) * ((counted >> p) & 1) as i32;
            totals[usize::from(self.owner[p])] += v;
        }
        let mut best = (i64::MIN, 0);
        for (s, &total) in totals.iter().enumerate().take(r.seats()) {
            let cards = self.seat[s] & present;
            // (total, position) as one number: the position (-64..=63)
            // breaks ties between equal totals only.
            let (total, at) = if self.lowest {
                (-total, 63 - cards.leading_zeros() as i32)
            } else {
                (total, -(cards.trailing_zeros() as i32))
            };
            let key = (i64::from(total) << 8) + i64::from(at);
            let key = if cards & takes_part != 0 {
                key
            } else {
                i64::MIN
            };
            if key > best.0 {
                best = (key, s);
            }
        }
        if best.0 == i64::MIN {
            Award::Nobody
        } else {
            Award::Seat(best.1)
        }
    }

    /// Each card still in the column with its value (`None`: no value).
    pub fn values(&self) -> impl Iterator<Item = (u8, Option<i16>)> + '_ {
        bits(self.present()).map(|p| {
            (
                self.card[p],
                (self.valued & (1 << p) != 0).then_some(self.value[p]),
            )
        })
    }
}

fn clamp(v: i32) -> i16 {
    v.clamp(-1000, 1000) as i16
}

pub fn first(m: Mask) -> Option<usize> {
    (m != 0).then(|| m.trailing_zeros() as usize)
}

fn last(m: Mask) -> Option<usize> {
    (m != 0).then(|| 63 - m.leading_zeros() as usize)
}

/// The set positions of a mask, lowest first.
pub fn bits(mut m: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let p = first(m)?;
        m &= m - 1;
        Some(p)
    })
}
