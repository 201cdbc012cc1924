//! Expressions, tests and card sets compiled to closures, once, when the
//! rules are loaded: the meaning of every [`X`], [`T`] and [`Term`] of
//! `program.rs` is written here and nowhere else. The program's arenas
//! say *what* is computed (and stay readable: `check`, the screen and
//! the fingerprints read them); this module says *how*, as a tree of
//! closures in which constants, the number of seats, locals and counters
//! are read in place (an [`Arg`]), a zone's pile is found without
//! looking at the zone again ([`PileOf`]), and an attribute is one array
//! of the cards' values. Evaluating then walks no arena and matches no
//! node: each node is one indirect call.
//!
//! Invariants: nothing here allocates while a game runs; a closure only
//! reads the state (`&Core`) and the locals an aggregate goes through;
//! whatever is out of range reads as the tree walk it replaced read it
//! (no card: 0 for a number, -1 for a card or seat).

use std::sync::Arc;

use super::compile::MAX_LOCALS;
use super::model::{MAX_CARDS, Rules};
use super::program::*;
use super::state::Core;
use crate::effects::ast::CmpOp;

pub type Locals = [i32; MAX_LOCALS];
pub type XFn = dyn Fn(&Core, &Rules, &mut Locals) -> i32 + Send + Sync;
pub type TFn = dyn Fn(&Core, &Rules, &mut Locals) -> bool + Send + Sync;

/// The compiled expressions, tests and sets, by the ids of the program.
#[derive(Default)]
pub struct Eval {
    /// A constant, a local or a counter is read in place (no call).
    xs: Vec<Arg>,
    ts: Vec<Box<TFn>>,
    sets: Vec<Arc<SetC>>,
    /// Whether `xs` and `ts` are generated code (`native/`).
    native: bool,
    /// The generated run of the program's ops, if any.
    pub(super) run: Option<super::native::RunFn>,
    /// The generated listing of a choice's legal moves, if any.
    pub(super) legal: Option<super::native::LegalFn>,
    /// The generated random pick of a choice's legal move, if any.
    pub(super) pick: Option<super::native::PickFn>,
}

impl std::fmt::Debug for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Eval({} expressions, {} tests, {} sets)",
            self.xs.len(),
            self.ts.len(),
            self.sets.len()
        )
    }
}

impl Eval {
    /// Every expression, test and set of `r`'s program, compiled: the
    /// expressions and tests generated for these rules if there are
    /// (`native/`), else closures.
    pub fn compile(r: &Rules) -> Eval {
        match super::native::find(r) {
            Some(n) => Self::with_native(r, n),
            None => Self::interpreted(r),
        }
    }

    /// Every expression, test and set of `r`'s program as closures.
    pub fn interpreted(r: &Rules) -> Eval {
        let p = &r.program;
        let mut b = Build {
            r,
            sets: vec![None; p.sets.len()],
        };
        Eval {
            xs: (0..p.xs.len()).map(|i| b.arg(i as XId)).collect(),
            ts: (0..p.ts.len()).map(|i| b.t(i as TId)).collect(),
            sets: (0..p.sets.len()).map(|i| b.set(i as SId)).collect(),
            native: false,
            run: None,
            legal: None,
            pick: None,
        }
    }

    /// The generated expressions and tests (a constant, a local or a
    /// counter still read in place), the sets as closures.
    fn with_native(r: &Rules, n: &super::native::Native) -> Eval {
        let p = &r.program;
        let mut b = Build {
            r,
            sets: vec![None; p.sets.len()],
        };
        let (xs, ts) = (n.make)();
        let xs = xs
            .into_iter()
            .enumerate()
            .map(|(i, f)| match p.xs[i] {
                X::Int(_) | X::Players | X::Local(_) | X::Glob(_) => b.arg(i as XId),
                _ => Arg::F(f),
            })
            .collect();
        Eval {
            xs,
            ts,
            sets: (0..p.sets.len()).map(|i| b.set(i as SId)).collect(),
            native: true,
            run: Some(n.run),
            legal: Some(n.legal),
            pick: Some(n.pick),
        }
    }

    /// Whether the expressions and tests are generated code.
    pub fn is_native(&self) -> bool {
        self.native
    }
}

/// How the ops read their expressions and tests (`run.rs`'s `exec`):
/// through the tables ([`Tables`]), or the native code of a program,
/// which names each node's function for a constant id.
pub trait Read {
    fn x(c: &Core, r: &Rules, l: &mut Locals, id: XId) -> i32;
    fn t(c: &Core, r: &Rules, l: &mut Locals, id: TId) -> bool;
    /// Whether choice `ch`, waiting, has a legal move (`Core::any_legal`).
    fn any_legal(c: &Core, r: &Rules, l: &mut Locals, ch: u16) -> bool;
    /// The cards of set `s`, in order (`Core::cards`), put in `out`
    /// (empty), where they are wanted (no copy of the whole array).
    fn cards(c: &Core, r: &Rules, l: &mut Locals, s: SId, out: &mut super::run::Cards);
    /// `for card`'s start over set `s` (`Op::ForCardInit`): its cards
    /// into the snapshot, the loop's variables `vars` (`Core::for_card_init`).
    #[inline(always)]
    fn snapshot(c: &mut Core, r: &Rules, l: &mut Locals, s: SId, vars: [u8; 3]) {
        let mut cards = super::run::Cards::new();
        Self::cards(c, r, l, s, &mut cards);
        c.for_card_init(l, &cards, vars);
    }
    /// `f` with each card of set `s` as it stood first (`Core::each_moved`).
    fn each_moved(c: &mut Core, r: &Rules, l: &mut Locals, s: SId, f: impl FnMut(&mut Core, u8));
    /// Among the first `room` cards of set `s`, each put in local `var`
    /// in turn, whether one passes test `t`, and how many were looked at
    /// (`Op::ForCardSkip`).
    fn first(
        c: &Core,
        r: &Rules,
        l: &mut Locals,
        s: SId,
        var: u8,
        t: TId,
        room: usize,
    ) -> (bool, usize);
    /// The number of seats: a constant of generated code, so that a seat
    /// taken modulo it costs no division.
    #[inline(always)]
    fn players(r: &Rules) -> i32 {
        r.players as i32
    }
}

/// Expressions and tests read through [`Eval`]'s tables.
pub struct Tables;

impl Read for Tables {
    #[inline(always)]
    fn x(c: &Core, r: &Rules, l: &mut Locals, id: XId) -> i32 {
        c.x(r, l, id)
    }

    #[inline(always)]
    fn t(c: &Core, r: &Rules, l: &mut Locals, id: TId) -> bool {
        c.t(r, l, id)
    }

    #[inline(always)]
    fn any_legal(c: &Core, r: &Rules, l: &mut Locals, _: u16) -> bool {
        c.any_legal(r, l)
    }

    #[inline(always)]
    fn cards(c: &Core, r: &Rules, l: &mut Locals, s: SId, out: &mut super::run::Cards) {
        *out = c.cards(r, l, s);
    }

    #[inline(always)]
    fn each_moved(c: &mut Core, r: &Rules, l: &mut Locals, s: SId, f: impl FnMut(&mut Core, u8)) {
        c.each_moved(r, l, s, f);
    }

    #[inline(always)]
    fn first(
        c: &Core,
        r: &Rules,
        l: &mut Locals,
        s: SId,
        var: u8,
        t: TId,
        room: usize,
    ) -> (bool, usize) {
        let cards = c.cards(r, l, s);
        let taken = &cards[..cards.len().min(room)];
        for (k, &card) in taken.iter().enumerate() {
            l[usize::from(var)] = i32::from(card);
            if c.t(r, l, t) {
                return (true, k + 1);
            }
        }
        (false, taken.len())
    }
}

impl Core {
    /// The value of expression `id`.
    #[inline]
    pub fn x(&self, r: &Rules, l: &mut Locals, id: XId) -> i32 {
        r.eval.xs[id as usize].ev(self, r, l)
    }

    /// Whether test `id` holds.
    #[inline]
    pub fn t(&self, r: &Rules, l: &mut Locals, id: TId) -> bool {
        (r.eval.ts[id as usize])(self, r, l)
    }

    /// Calls `f` with each card of set `s` in order (at most
    /// [`MAX_CARDS`]) until it returns false; whether it went through
    /// them all. No card is copied: the piles are read where they lie.
    #[inline]
    pub fn each_card(
        &self,
        r: &Rules,
        l: &mut Locals,
        s: SId,
        f: impl FnMut(&Self, &mut Locals, u8) -> bool,
    ) -> bool {
        r.eval.sets[s as usize].each(self, r, l, f)
    }

    /// Calls `f` with each card of set `s` as the set stood before the
    /// first call (`f` may move them): the cards are copied first, but
    /// for a set of one card.
    #[inline]
    pub fn each_moved(
        &mut self,
        r: &Rules,
        l: &mut Locals,
        s: SId,
        mut f: impl FnMut(&mut Self, u8),
    ) {
        let set = &r.eval.sets[s as usize];
        if let [TermC::Card(x)] = &set.terms[..] {
            if let Ok(k) = u8::try_from(x.ev(self, r, l))
                && usize::from(k) < set.cards
            {
                f(self, k);
            }
            return;
        }
        for &c in &self.cards(r, l, s) {
            f(self, c);
        }
    }

    /// The piles the zones of set `s` name, in order (none out of range).
    pub fn set_piles(
        &mut self,
        r: &Rules,
        l: &mut Locals,
        s: SId,
        mut f: impl FnMut(&mut Self, usize),
    ) {
        for term in &r.eval.sets[s as usize].terms {
            if let TermC::Zone(p) = term
                && let Some(p) = p.pile(self, r, l)
            {
                f(self, p);
            }
        }
    }

    fn card_at(n: usize, c: i32) -> Option<usize> {
        (0..n as i32).contains(&c).then_some(c as usize)
    }

    /// A card's place in its pile, 1 from the bottom (0: no card).
    pub(super) fn pos_of(&self, c: usize) -> i32 {
        self.pile(self.loc[c] as usize)
            .iter()
            .position(|&x| x as usize == c)
            .map_or(0, |i| i as i32 + 1)
    }

    /// The card `by` places above (1) or below (-1) card `c` in its pile,
    /// -1 if none.
    pub(super) fn beside(&self, c: usize, by: isize) -> i32 {
        let pile = self.pile(self.loc[c] as usize);
        // From the top: the card asked about is most often the top one
        // (the card just placed), and a card is in one place only.
        let i = pile.iter().rposition(|&x| x as usize == c).unwrap_or(0);
        i.checked_add_signed(by)
            .and_then(|j| pile.get(j))
            .map_or(-1, |&x| i32::from(x))
    }

    /// F. Whether seat `p` sees card `c` where it lies (as
    /// `State::visible`); no card or no seat: no.
    pub(super) fn seen_by(&self, r: &Rules, c: i32, p: i32) -> bool {
        let Some(c) = Self::card_at(r.cards.len(), c) else {
            return false;
        };
        (0..r.players as i32).contains(&p)
            && (self.up.get(c as u8)
                || r.sees_pile(self.loc[c] as usize, p as usize)
                || (r.owner_sees(self.loc[c] as usize) && i32::from(self.owner[c]) == p))
    }
}

/// An operand read in place: a constant, a local, a counter, or any
/// other expression.
enum Arg {
    Int(i32),
    Local(usize),
    Glob(usize),
    F(Box<XFn>),
}

impl Arg {
    #[inline(always)]
    fn ev(&self, c: &Core, r: &Rules, l: &mut Locals) -> i32 {
        match self {
            Arg::Int(v) => *v,
            Arg::Local(i) => l[*i],
            Arg::Glob(i) => c.glob[*i],
            Arg::F(f) => f(c, r, l),
        }
    }
}

/// An operand whose kind is known when its closure is made: one closure
/// type per kind ([`with_arg!`]), so that reading it matches nothing.
trait Ev: Send + Sync + 'static {
    fn ev(&self, c: &Core, r: &Rules, l: &mut Locals) -> i32;
}

struct KInt(i32);
struct KLocal(usize);
struct KGlob(usize);
struct KDyn(Box<XFn>);

impl Ev for KInt {
    #[inline(always)]
    fn ev(&self, _: &Core, _: &Rules, _: &mut Locals) -> i32 {
        self.0
    }
}

impl Ev for KLocal {
    #[inline(always)]
    fn ev(&self, _: &Core, _: &Rules, l: &mut Locals) -> i32 {
        l[self.0]
    }
}

impl Ev for KGlob {
    #[inline(always)]
    fn ev(&self, c: &Core, _: &Rules, _: &mut Locals) -> i32 {
        c.glob[self.0]
    }
}

impl Ev for KDyn {
    #[inline(always)]
    fn ev(&self, c: &Core, r: &Rules, l: &mut Locals) -> i32 {
        (self.0)(c, r, l)
    }
}

/// `$body` with `$x` bound to operand `$a` as its own kind.
macro_rules! with_arg {
    ($a:expr, $x:ident => $body:expr) => {
        match $a {
            Arg::Int(v) => {
                let $x = KInt(v);
                $body
            }
            Arg::Local(i) => {
                let $x = KLocal(i);
                $body
            }
            Arg::Glob(i) => {
                let $x = KGlob(i);
                $body
            }
            Arg::F(f) => {
                let $x = KDyn(f);
                $body
            }
        }
    };
}

/// How a zone term finds its pile: a zone of the table, a zone per seat
/// (the seat taken modulo the players), an indexed zone (none out of
/// range).
enum PileOf {
    Fixed(usize),
    Seat { first: usize, seat: Arg, n: i32 },
    Index { first: usize, ix: Arg, count: i32 },
}

impl PileOf {
    #[inline(always)]
    fn pile(&self, c: &Core, r: &Rules, l: &mut Locals) -> Option<usize> {
        match self {
            PileOf::Fixed(p) => Some(*p),
            PileOf::Seat { first, seat, n } => {
                Some(first + seat.ev(c, r, l).rem_euclid(*n) as usize)
            }
            PileOf::Index { first, ix, count } => {
                let i = ix.ev(c, r, l);
                (0..*count).contains(&i).then(|| first + i as usize)
            }
        }
    }
}

enum TermC {
    Zone(PileOf),
    Card(Arg),
    Deck(std::ops::Range<u8>),
}

/// A card set: its terms in order, and the number of cards.
struct SetC {
    terms: Vec<TermC>,
    cards: usize,
}

impl SetC {
    /// Calls `f` with each card in order (at most [`MAX_CARDS`]) until it
    /// returns false; whether it went through them all. A zone's pile
    /// is found when its term is reached.
    #[inline(always)]
    fn each(
        &self,
        c: &Core,
        r: &Rules,
        l: &mut Locals,
        mut f: impl FnMut(&Core, &mut Locals, u8) -> bool,
    ) -> bool {
        if let [TermC::Zone(p)] = &self.terms[..] {
            let Some(p) = p.pile(c, r, l) else {
                return true;
            };
            return c.pile(p).iter().all(|&k| f(c, l, k));
        }
        let mut left = MAX_CARDS;
        for term in &self.terms {
            let mut one = |k: u8, l: &mut Locals| {
                if left == 0 {
                    return None;
                }
                left -= 1;
                Some(f(c, l, k))
            };
            match term {
                TermC::Deck(d) => {
                    for k in d.clone() {
                        match one(k, l) {
                            None => return true,
                            Some(false) => return false,
                            Some(true) => {}
                        }
                    }
                }
                TermC::Zone(p) => {
                    let Some(p) = p.pile(c, r, l) else {
                        continue;
                    };
                    for &k in c.pile(p) {
                        match one(k, l) {
                            None => return true,
                            Some(false) => return false,
                            Some(true) => {}
                        }
                    }
                }
                TermC::Card(x) => {
                    let k = x.ev(c, r, l);
                    if (0..self.cards as i32).contains(&k) && one(k as u8, l) == Some(false) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The number of cards (at most [`MAX_CARDS`]), none copied.
    #[inline(always)]
    fn count(&self, c: &Core, r: &Rules, l: &mut Locals) -> usize {
        if let [TermC::Zone(p)] = &self.terms[..] {
            return p.pile(c, r, l).map_or(0, |p| c.pile_len(p));
        }
        let mut n = 0;
        for term in &self.terms {
            n += match term {
                TermC::Zone(p) => p.pile(c, r, l).map_or(0, |p| c.pile_len(p)),
                TermC::Deck(d) => d.len(),
                TermC::Card(x) => usize::from((0..self.cards as i32).contains(&x.ev(c, r, l))),
            };
        }
        n.min(MAX_CARDS)
    }

    /// Whether the set holds card `k`.
    fn holds(&self, c: &Core, r: &Rules, l: &mut Locals, k: usize) -> bool {
        self.terms.iter().any(|term| match term {
            TermC::Zone(p) => p.pile(c, r, l) == Some(c.loc[k] as usize),
            TermC::Deck(d) => d.contains(&(k as u8)),
            TermC::Card(x) => x.ev(c, r, l) == k as i32,
        })
    }
}

/// The domain an aggregate goes through.
enum DomC {
    /// Seats or values: 0 to n - 1.
    Upto(u8),
    Cards(Arc<SetC>),
}

impl DomC {
    #[inline(always)]
    fn each(&self, c: &Core, r: &Rules, l: &mut Locals, mut f: impl FnMut(&Core, &mut Locals, u8)) {
        match self {
            DomC::Upto(n) => {
                for v in 0..*n {
                    f(c, l, v);
                }
            }
            DomC::Cards(s) => {
                s.each(c, r, l, |c, l, k| {
                    f(c, l, k);
                    true
                });
            }
        }
    }

    /// Whether `f` is true of some item, asked in order up to the first.
    #[inline(always)]
    fn any(
        &self,
        c: &Core,
        r: &Rules,
        l: &mut Locals,
        mut f: impl FnMut(&Core, &mut Locals, u8) -> bool,
    ) -> bool {
        match self {
            DomC::Upto(n) => (0..*n).any(|v| f(c, l, v)),
            DomC::Cards(s) => !s.each(c, r, l, |c, l, k| !f(c, l, k)),
        }
    }
}

/// The compiler: each expression and test compiled where it is read (a
/// closure owns its operands: no reference count is read while a game
/// runs), each set once, shared.
struct Build<'r> {
    r: &'r Rules,
    sets: Vec<Option<Arc<SetC>>>,
}

fn xf(f: impl Fn(&Core, &Rules, &mut Locals) -> i32 + Send + Sync + 'static) -> Box<XFn> {
    Box::new(f)
}

fn tf(f: impl Fn(&Core, &Rules, &mut Locals) -> bool + Send + Sync + 'static) -> Box<TFn> {
    Box::new(f)
}

/// A closure of two operands: `$f` applied to their values.
macro_rules! bin {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $body:expr) => {{
        let (a, b) = ($a, $b);
        with_arg!(a, a => with_arg!(b, b => xf(move |c, r, l| {
            let $x = a.ev(c, r, l);
            let $y = b.ev(c, r, l);
            $body
        })))
    }};
}

/// A comparison of two operands, one closure per operator.
macro_rules! cmp {
    ($a:expr, $op:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        with_arg!(a, a => with_arg!(b, b => match $op {
            CmpOp::Eq => tf(move |c, r, l| a.ev(c, r, l) == b.ev(c, r, l)),
            CmpOp::Ne => tf(move |c, r, l| a.ev(c, r, l) != b.ev(c, r, l)),
            CmpOp::Lt => tf(move |c, r, l| a.ev(c, r, l) < b.ev(c, r, l)),
            CmpOp::Le => tf(move |c, r, l| a.ev(c, r, l) <= b.ev(c, r, l)),
            CmpOp::Gt => tf(move |c, r, l| a.ev(c, r, l) > b.ev(c, r, l)),
            CmpOp::Ge => tf(move |c, r, l| a.ev(c, r, l) >= b.ev(c, r, l)),
        }))
    }};
}

impl Build<'_> {
    fn arg(&mut self, id: XId) -> Arg {
        match self.r.program.xs[id as usize] {
            X::Int(v) => Arg::Int(v),
            X::Players => Arg::Int(self.r.players as i32),
            X::Local(i) => Arg::Local(i as usize),
            X::Glob(i) => Arg::Glob(i as usize),
            _ => Arg::F(self.x(id)),
        }
    }

    fn x(&mut self, id: XId) -> Box<XFn> {
        self.make_x(id)
    }

    fn t(&mut self, id: TId) -> Box<TFn> {
        self.make_t(id)
    }

    fn set(&mut self, id: SId) -> Arc<SetC> {
        if let Some(s) = &self.sets[id as usize] {
            return Arc::clone(s);
        }
        let terms = self.r.program.sets[id as usize]
            .terms
            .iter()
            .map(|t| match *t {
                Term::Zone { zone, seat } => TermC::Zone(self.pile_of(zone, seat)),
                Term::Card(x) => TermC::Card(self.arg(x)),
                Term::Deck(d) => TermC::Deck(self.r.decks[d as usize].1.clone()),
            })
            .collect();
        let s = Arc::new(SetC {
            terms,
            cards: self.r.cards.len(),
        });
        self.sets[id as usize] = Some(Arc::clone(&s));
        s
    }

    /// As [`Rules::pile_at`] with the seat or index `seat` (0 if none).
    fn pile_of(&mut self, zone: u8, seat: Option<XId>) -> PileOf {
        let z = &self.r.zones[zone as usize];
        let first = z.first as usize;
        let at = |b: &mut Self| seat.map_or(Arg::Int(0), |s| b.arg(s));
        match z.count {
            Some(count) => PileOf::Index {
                first,
                ix: at(self),
                count: i32::from(count),
            },
            None if z.per_seat => PileOf::Seat {
                first,
                seat: at(self),
                n: self.r.players as i32,
            },
            None => PileOf::Fixed(first),
        }
    }

    /// The number of cards of set `s`: a single zone's pile read
    /// directly, else [`SetC::count`].
    fn count(&mut self, s: SId) -> Box<XFn> {
        let terms = &self.r.program.sets[s as usize].terms;
        let &[Term::Zone { zone, seat }] = &terms[..] else {
            let s = self.set(s);
            return xf(move |c, r, l| s.count(c, r, l) as i32);
        };
        match self.pile_of(zone, seat) {
            PileOf::Fixed(p) => xf(move |c, _, _| c.pile_len(p) as i32),
            PileOf::Seat { first, seat, n } => with_arg!(seat, s => xf(move |c, r, l| {
                c.pile_len(first + s.ev(c, r, l).rem_euclid(n) as usize) as i32
            })),
            PileOf::Index { first, ix, count } => with_arg!(ix, ix => xf(move |c, r, l| {
                let i = ix.ev(c, r, l);
                if (0..count).contains(&i) {
                    c.pile_len(first + i as usize) as i32
                } else {
                    0
                }
            })),
        }
    }

    fn make_x(&mut self, id: XId) -> Box<XFn> {
        let n = self.r.players as i32;
        let cards = self.r.cards.len();
        match self.r.program.xs[id as usize].clone() {
            X::Int(_) | X::Players | X::Local(_) | X::Glob(_) => {
                let a = self.arg(id);
                xf(move |c, r, l| a.ev(c, r, l))
            }
            X::Per(i, s) => {
                let i = i as usize;
                with_arg!(self.arg(s), s => xf(move |c, r, l| c.per[i][s.ev(c, r, l).rem_euclid(n) as usize]))
            }
            X::Attr(k, a) => {
                let column: Box<[i32]> = self.r.cards.iter().map(|c| c.1[a as usize]).collect();
                with_arg!(self.arg(k), k => xf(move |c, r, l| column.get(k.ev(c, r, l) as usize).copied().unwrap_or(0)))
            }
            X::Owner(k) => {
                with_arg!(self.arg(k), k => xf(move |c, r, l| {
                    Core::card_at(cards, k.ev(c, r, l)).map_or(0, |k| i32::from(c.owner[k]))
                }))
            }
            X::Pos(k) => {
                with_arg!(self.arg(k), k => xf(move |c, r, l| Core::card_at(cards, k.ev(c, r, l)).map_or(0, |k| c.pos_of(k))))
            }
            X::Before(k) | X::After(k) => {
                let by = if matches!(self.r.program.xs[id as usize], X::Before(_)) {
                    -1
                } else {
                    1
                };
                with_arg!(self.arg(k), k => xf(move |c, r, l| {
                    Core::card_at(cards, k.ev(c, r, l)).map_or(-1, |k| c.beside(k, by))
                }))
            }
            X::Index(k) => {
                with_arg!(self.arg(k), k => xf(move |c, r, l| {
                    Core::card_at(cards, k.ev(c, r, l))
                        .map_or(-1, |k| r.pile_index(c.loc[k] as usize))
                }))
            }
            X::Next(s) => bin!(self.arg(s), Arg::Int(1), |s, one| (s + one).rem_euclid(n)),
            X::Count(s) => self.count(s),
            X::Neg(a) => {
                let a = self.arg(a);
                xf(move |c, r, l| a.ev(c, r, l).saturating_neg())
            }
            X::Add(a, b) => bin!(self.arg(a), self.arg(b), |a, b| a.saturating_add(b)),
            X::Sub(a, b) => bin!(self.arg(a), self.arg(b), |a, b| a.saturating_sub(b)),
            X::Mul(a, b) => bin!(self.arg(a), self.arg(b), |a, b| a.saturating_mul(b)),
            X::Max(a, b) => bin!(self.arg(a), self.arg(b), |a, b| a.max(b)),
            X::Min(a, b) => bin!(self.arg(a), self.arg(b), |a, b| a.min(b)),
            X::SeenBy(k, p) => {
                let (k, p) = (self.arg(k), self.arg(p));
                xf(move |c, r, l| {
                    let (k, p) = (k.ev(c, r, l), p.ev(c, r, l));
                    i32::from(c.seen_by(r, k, p))
                })
            }
            X::If(t, a, b) => {
                let t = self.t(t);
                with_arg!(self.arg(a), a => with_arg!(self.arg(b), b => xf(move |c, r, l| {
                    if t(c, r, l) {
                        a.ev(c, r, l)
                    } else {
                        b.ev(c, r, l)
                    }
                })))
            }
            X::Bool(t) => {
                let t = self.t(t);
                xf(move |c, r, l| i32::from(t(c, r, l)))
            }
            X::Agg {
                op,
                var,
                dom,
                keys,
                test,
            } => self.aggregate(op, var as usize, dom, &keys, test),
            X::Cell { off, len, ix, none } => {
                with_arg!(self.arg(ix), ix => xf(move |c, r, l| c.read_cell(off, len, ix.ev(c, r, l), none)))
            }
        }
    }

    /// `best(x in <one zone>: pos(x))` (`top`) or `: -pos(x)`: the pile's
    /// top or bottom card, with the variable left on the top card as the
    /// aggregate's walk leaves it.
    fn end_of_pile(p: PileOf, var: usize, top: bool) -> Box<XFn> {
        xf(move |c, r, l| {
            let Some(pile) = p.pile(c, r, l).map(|p| c.pile(p)) else {
                return -1;
            };
            let (Some(&first), Some(&last)) = (pile.first(), pile.last()) else {
                return -1;
            };
            l[var] = i32::from(last);
            i32::from(if top { last } else { first })
        })
    }

    /// `sum`, `max` or `min(x in <one zone>: x.<attribute>)`: the pile's
    /// cards' column of the attribute folded, the variable left on the
    /// last card as the aggregate's walk leaves it.
    fn fold_attr(&mut self, op: Agg, var: usize, s: SId, k: XId) -> Option<Box<XFn>> {
        let xs = &self.r.program.xs;
        let X::Attr(v, a) = xs[k as usize] else {
            return None;
        };
        let &[Term::Zone { zone, seat }] = &self.r.program.sets[s as usize].terms[..] else {
            return None;
        };
        if xs[v as usize] != X::Local(var as u8) {
            return None;
        }
        let column: Box<[i32]> = self.r.cards.iter().map(|c| c.1[a as usize]).collect();
        let p = self.pile_of(zone, seat);
        let join: fn(i32, i32) -> i32 = match op {
            Agg::Sum => i32::saturating_add,
            Agg::Max => std::cmp::max,
            Agg::Min => std::cmp::min,
            _ => return None,
        };
        Some(xf(move |c, r, l| {
            let Some(pile) = p.pile(c, r, l).map(|p| c.pile(p)) else {
                return 0;
            };
            let (Some(first), Some(&last)) = (pile.first(), pile.last()) else {
                return 0;
            };
            l[var] = i32::from(last);
            let v = |k: &u8| column.get(usize::from(*k)).copied().unwrap_or(0);
            pile[1..].iter().fold(v(first), |acc, k| join(acc, v(k)))
        }))
    }

    fn dom(&mut self, dom: Dom) -> DomC {
        match dom {
            Dom::Seats => DomC::Upto(self.r.players as u8),
            Dom::Values(n) => DomC::Upto(n),
            Dom::Cards(s) => DomC::Cards(self.set(s)),
        }
    }

    /// `count`, `sum`, `max`, `min` or `best` of the items of a domain
    /// that pass the test (none: every item), the variable `var` holding
    /// each in turn.
    fn aggregate(
        &mut self,
        op: Agg,
        var: usize,
        dom: Dom,
        keys: &[XId],
        test: Option<TId>,
    ) -> Box<XFn> {
        if let (Agg::Best, Dom::Cards(s), None, &[k]) = (op, dom, test, keys)
            && let Some(top) = self.r.program.pos_key(k, var as u8)
            && let &[Term::Zone { zone, seat }] = &self.r.program.sets[s as usize].terms[..]
        {
            let p = self.pile_of(zone, seat);
            return Self::end_of_pile(p, var, top);
        }
        if let (Agg::Sum | Agg::Max | Agg::Min, Dom::Cards(s), None, &[k]) = (op, dom, test, keys)
            && let Some(f) = self.fold_attr(op, var, s, k)
        {
            return f;
        }
        let dom = self.dom(dom);
        let test = test.map(|t| self.t(t));
        let pass =
            move |c: &Core, r: &Rules, l: &mut Locals| test.as_ref().is_none_or(|t| t(c, r, l));
        let mut keys: Vec<Arg> = keys.iter().take(4).map(|&k| self.arg(k)).collect();
        match op {
            Agg::Count => xf(move |c, r, l| {
                let mut n = 0;
                dom.each(c, r, l, |c, l, it| {
                    l[var] = i32::from(it);
                    n += i32::from(pass(c, r, l));
                });
                n
            }),
            Agg::Sum | Agg::Max | Agg::Min => {
                let key = if keys.is_empty() {
                    Arg::Int(0)
                } else {
                    keys.swap_remove(0)
                };
                // One closure per operator and kind of key.
                macro_rules! fold {
                    ($key:ident, $join:expr) => {
                        xf(move |c, r, l| {
                            let mut acc: Option<i32> = None;
                            dom.each(c, r, l, |c, l, it| {
                                l[var] = i32::from(it);
                                if pass(c, r, l) {
                                    let v = $key.ev(c, r, l);
                                    acc = Some(acc.map_or(v, |a| $join(a, v)));
                                }
                            });
                            acc.unwrap_or(0)
                        })
                    };
                }
                with_arg!(key, key => match op {
                    Agg::Sum => fold!(key, i32::saturating_add),
                    Agg::Max => fold!(key, std::cmp::max),
                    _ => fold!(key, std::cmp::min),
                })
            }
            Agg::Best => xf(move |c, r, l| {
                let mut best: Option<(u8, [i32; 4])> = None;
                dom.each(c, r, l, |c, l, it| {
                    l[var] = i32::from(it);
                    if pass(c, r, l) {
                        let mut k = [0i32; 4];
                        for (i, x) in keys.iter().enumerate() {
                            k[i] = x.ev(c, r, l);
                        }
                        if best.is_none_or(|(_, b)| k > b) {
                            best = Some((it, k));
                        }
                    }
                });
                best.map_or(-1, |(it, _)| i32::from(it))
            }),
        }
    }

    fn make_t(&mut self, id: TId) -> Box<TFn> {
        let cards = self.r.cards.len();
        match self.r.program.ts[id as usize].clone() {
            T::Const(b) => tf(move |_, _, _| b),
            T::Or(ts) => match ts[..] {
                [a, b] => {
                    let (a, b) = (self.t(a), self.t(b));
                    tf(move |c, r, l| a(c, r, l) || b(c, r, l))
                }
                _ => {
                    let ts: Vec<_> = ts.iter().map(|&t| self.t(t)).collect();
                    tf(move |c, r, l| ts.iter().any(|t| t(c, r, l)))
                }
            },
            T::And(ts) => match ts[..] {
                [a, b] => {
                    let (a, b) = (self.t(a), self.t(b));
                    tf(move |c, r, l| a(c, r, l) && b(c, r, l))
                }
                _ => {
                    let ts: Vec<_> = ts.iter().map(|&t| self.t(t)).collect();
                    tf(move |c, r, l| ts.iter().all(|t| t(c, r, l)))
                }
            },
            T::Not(t) => {
                let t = self.t(t);
                tf(move |c, r, l| !t(c, r, l))
            }
            T::Cmp(a, op, b) => cmp!(self.arg(a), op, self.arg(b)),
            T::Any(s) => {
                let n = self.count(s);
                tf(move |c, r, l| n(c, r, l) > 0)
            }
            T::No(s) => {
                let n = self.count(s);
                tf(move |c, r, l| n(c, r, l) == 0)
            }
            T::Exists {
                var,
                dom,
                test,
                settle,
            } => {
                let (dom, test, var) = (self.dom(dom), self.t(test), usize::from(var));
                tf(move |c, r, l| {
                    let found = dom.any(c, r, l, |c, l, it| {
                        l[var] = i32::from(it);
                        test(c, r, l)
                    });
                    if found && settle {
                        // The variable on the last item, as a count leaves it.
                        dom.each(c, r, l, |_, l, it| l[var] = i32::from(it));
                    }
                    found
                })
            }
            T::In(k, s) => {
                let s = self.set(s);
                with_arg!(self.arg(k), k => tf(move |c, r, l| {
                    Core::card_at(cards, k.ev(c, r, l)).is_some_and(|k| s.holds(c, r, l, k))
                }))
            }
            T::Has(e, k) => {
                let calls = &self.r.program.calls;
                let has: Box<[bool]> = self
                    .r
                    .cards
                    .iter()
                    .map(|c| calls.block(c.0, e).is_some())
                    .collect();
                with_arg!(self.arg(k), k => tf(move |c, r, l| has.get(k.ev(c, r, l) as usize).copied().unwrap_or(false)))
            }
        }
    }
}
