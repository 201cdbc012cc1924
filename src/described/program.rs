//! A described game's procedure compiled: ops over indices in one flat
//! array, expressions, tests and card sets in arenas, read by the
//! interpreter (`run.rs`). Built once at load (`compile.rs`); no string
//! is looked up while a game runs.

use crate::effects::ast::CmpOp;

/// An index into [`Program::xs`], [`Program::ts`] or [`Program::sets`].
pub type XId = u16;
pub type TId = u16;
pub type SId = u16;

/// The type of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Num,
    Seat,
    Card,
    Bool,
    /// A value of the attribute with this index (a colour).
    Value(u8),
}

/// A whole-number expression (seats, cards and values are numbers too:
/// a card is its index, -1 none).
#[derive(Debug, Clone, PartialEq)]
pub enum X {
    Int(i32),
    /// The number of seats.
    Players,
    Local(u8),
    Glob(u8),
    Per(u8, XId),
    Attr(XId, u8),
    Owner(XId),
    Pos(XId),
    /// The card just before / after a card in its pile, -1 if none (B).
    Before(XId),
    After(XId),
    /// The index of a card's pile in its zone (its seat for a zone per
    /// seat), -1 in a zone of the table (B).
    Index(XId),
    Next(XId),
    Count(SId),
    Neg(XId),
    Add(XId, XId),
    Sub(XId, XId),
    Mul(XId, XId),
    Max(XId, XId),
    Min(XId, XId),
    If(TId, XId, XId),
    Bool(TId),
    Agg {
        op: Agg,
        var: u8,
        dom: Dom,
        keys: Vec<XId>,
        test: Option<TId>,
    },
    /// F. `seen_by(c, p)`: 1 if seat p sees card c where it lies, else 0.
    SeenBy(XId, XId),
    /// D: a counter per card or per index: its cells' offset and count,
    /// the index, and what it reads out of range (0, or -1 for none).
    Cell {
        off: u16,
        len: u16,
        ix: XId,
        none: i16,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agg {
    Sum,
    Max,
    Min,
    Count,
    /// The first card (or seat) with the greatest keys, compared in order.
    Best,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dom {
    Seats,
    Cards(SId),
    /// E: the values of an attribute (this many), in order.
    Values(u8),
}

/// A test.
#[derive(Debug, Clone, PartialEq)]
pub enum T {
    Const(bool),
    Or(Vec<TId>),
    And(Vec<TId>),
    Not(TId),
    Cmp(XId, CmpOp, XId),
    Any(SId),
    No(SId),
    /// E: whether the card's kind has a block for the event.
    Has(u16, XId),
    /// Whether a card is one of a set's.
    In(XId, SId),
    /// `count(v in <domain> where <test>) > 0`: whether some item passes,
    /// looked for in order and no further than the first that does. The
    /// variable is left on the domain's last item, as the count leaves
    /// it; the domain is the seats, the values, or one zone, and the test
    /// sets no local (so nothing else tells the two apart). Without
    /// `settle` (`live.rs`: where no op reads what the count would leave
    /// in the locals), the variable stays where the search stopped, and
    /// the test may set locals.
    Exists {
        var: u8,
        dom: Dom,
        test: TId,
        settle: bool,
    },
}

/// Cards: zones (a seat's, or the table's) and single cards, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct CardSet {
    pub terms: Vec<Term>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Term {
    /// A zone: its index and, for a zone per seat, the seat (for an
    /// indexed zone, the index).
    Zone {
        zone: u8,
        seat: Option<XId>,
    },
    Card(XId),
    /// Every card of a deck, in number order, wherever they lie.
    Deck(u8),
}

/// One statement's work.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// The phase of this index starts.
    Phase(u8),
    Jump(u16),
    JumpUnless(TId, u16),
    /// A `for seat` loop: the variable and the count of seats left.
    ForInit {
        var: u8,
        count: u8,
        from: XId,
        after: bool,
    },
    ForTest {
        count: u8,
        exit: u16,
    },
    ForStep {
        var: u8,
        count: u8,
        head: u16,
    },
    /// A decision of a seat among the options of a choice.
    Choose {
        by: XId,
        choice: u16,
    },
    SetGlob(u8, XId),
    SetPer(u8, XId, XId),
    Put {
        set: SId,
        zone: u8,
        seat: Option<XId>,
        up: Option<bool>,
        /// Just after this card in its pile (else on top).
        after: Option<XId>,
    },
    Discard(SId),
    Reveal(SId),
    Shuffle(SId),
    Draw {
        seat: XId,
        n: u8,
    },
    Tell(u16),
    EndGame,
    // ----- D, E: counters per card, calls, locals, loops (`calls.rs`) -----
    /// `set worth[c] = x`: the cells' offset and count, the index, the value.
    SetCell {
        off: u16,
        len: u16,
        ix: XId,
        to: XId,
    },
    /// `clear worth`: the cells back to their first value.
    Clear {
        off: u16,
        len: u16,
        init: i16,
    },
    SetLocal(u8, XId),
    /// `run <event> of <card>`
    Run {
        event: u16,
        card: XId,
    },
    Return,
    /// `for card`: the cards of the set kept in the state's snapshot
    /// (`base` its start, `n` how many), the place `i` at 0.
    ForCardInit {
        set: SId,
        base: u8,
        n: u8,
        i: u8,
    },
    /// Before a `for card` loop whose filter asks for a kind of card
    /// (`has`): when no card the loop would take passes that test, on to
    /// `exit` (past the loop's end), the variables left as the loop
    /// would leave them (`var` on its last card, `i` at `n`); else on to
    /// the loop.
    ForCardSkip {
        set: SId,
        base: u8,
        n: u8,
        i: u8,
        var: u8,
        has: TId,
        exit: u16,
    },
    /// The next card of the snapshot in `var`, or on to `exit`.
    ForCardNext {
        var: u8,
        base: u8,
        n: u8,
        i: u8,
        exit: u16,
    },
    /// `for card <var> in <set> { if <test> { ... } }`: the next card of
    /// the snapshot that passes the test in `var`, or on to `exit`.
    ForCardNextIf {
        var: u8,
        base: u8,
        n: u8,
        i: u8,
        test: TId,
        exit: u16,
    },
    /// The snapshot dropped.
    ForCardEnd {
        base: u8,
    },
}

impl Op {
    /// Whether the op reads neither the random generator nor a seat's
    /// decision, nor ends the game: run from the same state, it does the
    /// same whatever the seed (`Core::run_fixed`). A `draw` may shuffle a
    /// refilled pile; a `tell` is only logged.
    pub fn is_fixed(&self) -> bool {
        !matches!(
            self,
            Op::Choose { .. } | Op::Shuffle(_) | Op::Draw { .. } | Op::EndGame | Op::Tell(_)
        )
    }

    /// Whether the op always goes on to the next one: it neither jumps,
    /// nor calls, nor waits, nor ends the run (`native/` runs a row of
    /// such ops without going back to its dispatch).
    pub fn falls_through(&self) -> bool {
        match self {
            Op::Phase(_)
            | Op::ForInit { .. }
            | Op::SetGlob(..)
            | Op::SetPer(..)
            | Op::Put { .. }
            | Op::Discard(_)
            | Op::Reveal(_)
            | Op::Shuffle(_)
            | Op::Draw { .. }
            | Op::Tell(_)
            | Op::SetCell { .. }
            | Op::Clear { .. }
            | Op::SetLocal(..)
            | Op::ForCardInit { .. }
            | Op::ForCardEnd { .. } => true,
            Op::Jump(_)
            | Op::JumpUnless(..)
            | Op::ForTest { .. }
            | Op::ForStep { .. }
            | Op::Choose { .. }
            | Op::EndGame
            | Op::Run { .. }
            | Op::Return
            | Op::ForCardNext { .. }
            | Op::ForCardNextIf { .. }
            | Op::ForCardSkip { .. } => false,
        }
    }

    /// Whether the op goes on to the next one or to its target, as a
    /// test says (`native/` runs on into the next op in the same row,
    /// back to its dispatch only for the target).
    pub fn may_go_on(&self) -> bool {
        matches!(
            self,
            Op::JumpUnless(..)
                | Op::ForTest { .. }
                | Op::ForCardNext { .. }
                | Op::ForCardNextIf { .. }
                | Op::ForCardSkip { .. }
        )
    }

    /// The op's target, to move it (see [`Op::target`]); a `jump`'s only
    /// when it goes forward (a jump back counts a step).
    fn forward_target_mut(&mut self, at: usize) -> Option<&mut u16> {
        match self {
            Op::Jump(t) if usize::from(*t) > at => Some(t),
            Op::JumpUnless(_, t) => Some(t),
            Op::ForTest { exit, .. }
            | Op::ForCardNext { exit, .. }
            | Op::ForCardNextIf { exit, .. }
            | Op::ForCardSkip { exit, .. } => Some(exit),
            _ => None,
        }
    }

    /// Where the op may jump to, besides the next op.
    pub fn target(&self) -> Option<u16> {
        match *self {
            Op::Jump(t) | Op::JumpUnless(_, t) => Some(t),
            Op::ForTest { exit, .. }
            | Op::ForCardNext { exit, .. }
            | Op::ForCardNextIf { exit, .. }
            | Op::ForCardSkip { exit, .. } => Some(exit),
            Op::ForStep { head, .. } => Some(head),
            _ => None,
        }
    }
}

/// The options of a `choose by`, and where the program goes on after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub options: Vec<OptionDef>,
    pub end: u16,
    /// The variables of type card in scope while it waits (an agent's
    /// redraw leaves the cards they hold in place).
    pub holds: Vec<u8>,
}

/// One option: its name, the card it picks (a local and the cards), its
/// test, and the first op of what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDef {
    pub name: String,
    pub card: Option<(u8, SId)>,
    /// The index it aims at: a local and the indexed zone (C).
    pub index: Option<(u8, u8)>,
    pub test: Option<TId>,
    /// Whether the test reads the card's variable (if not, the test is
    /// the same for every card and is evaluated once, or once per index).
    pub test_reads_card: bool,
    pub body: u16,
}

/// A `tell`: the message and its arguments with their types.
#[derive(Debug, Clone, PartialEq)]
pub struct Tell {
    pub message: String,
    pub args: Vec<(String, XId, Ty)>,
}

/// The whole procedure.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Program {
    pub ops: Vec<Op>,
    pub xs: Vec<X>,
    pub ts: Vec<T>,
    pub sets: Vec<CardSet>,
    pub choices: Vec<Choice>,
    pub tells: Vec<Tell>,
    /// Each phase's name, by its index.
    pub phases: Vec<String>,
    /// Locals the program uses (loop and choice variables).
    pub locals: u8,
    /// The agents' evaluation of a position for the seat in local `me`.
    pub evaluation: Option<(XId, u8)>,
    /// Whether the evaluation is the seat's margin already (`margin: true`
    /// of `agents/greedy.ron`).
    pub evaluation_is_margin: bool,
    /// What the evaluation is divided by (its `divisor`; 0 or 1: none).
    pub evaluation_divisor: u16,
    /// F. What the simulator measures of a finished game.
    pub measures: super::measures::Measures,
    /// D, E: the events, each kind's blocks, the cells' first values.
    pub calls: super::calls::Calls,
    /// Each `run`'s place to return to, and the variables of type card
    /// in scope there (as [`Choice::holds`], for the callers of a call
    /// in progress).
    pub run_holds: Vec<(u16, Vec<u8>)>,
}

/// Two parts' card variables as one: the same, or one of them none;
/// two different ones are `Err` (`Program::card_test`).
fn one_var(a: Option<u8>, b: Option<u8>) -> Result<Option<u8>, ()> {
    match (a, b) {
        (Some(a), Some(b)) if a != b => Err(()),
        _ => Ok(a.or(b)),
    }
}

impl Program {
    /// Whether key `k` is `pos(v)` (Some(true): the top card is the
    /// greatest) or `-pos(v)` (Some(false): the bottom card) of the
    /// aggregate's variable `var`.
    pub fn pos_key(&self, k: XId, var: u8) -> Option<bool> {
        let xs = &self.xs;
        let is_pos =
            |x: XId| matches!(xs[x as usize], X::Pos(v) if xs[v as usize] == X::Local(var));
        match xs[k as usize] {
            X::Pos(_) if is_pos(k) => Some(true),
            X::Neg(x) if is_pos(x) => Some(false),
            _ => None,
        }
    }

    /// Whether test `t` reads local `var`.
    pub fn test_reads(&self, t: TId, var: u8) -> bool {
        self.any_in_t(t, &|n| matches!(n, Node::X(X::Local(i)) if *i == var))
    }

    /// Whether expression `x` reads local `var`.
    pub fn reads(&self, x: XId, var: u8) -> bool {
        self.any_in_x(x, &|n| matches!(n, Node::X(X::Local(i)) if *i == var))
    }

    /// The card variable whose card alone decides test `t`, if one does:
    /// `has <event>(x)` and `x.<attribute>` compared with numbers, joined
    /// by `and`, `or`, `not`. Such a test holds of a fixed set of cards
    /// (its kind's blocks and attributes never change).
    pub fn card_test(&self, t: TId) -> Option<u8> {
        self.card_var_t(t).ok().flatten()
    }

    /// [`Program::card_test`]: `Ok(None)` for a test of constants alone,
    /// `Err` for one that reads anything else or two variables.
    fn card_var_t(&self, t: TId) -> Result<Option<u8>, ()> {
        match &self.ts[t as usize] {
            T::Const(_) => Ok(None),
            T::Has(_, x) => match self.xs[*x as usize] {
                X::Local(v) => Ok(Some(v)),
                _ => Err(()),
            },
            T::Not(a) => self.card_var_t(*a),
            T::Cmp(a, _, b) => one_var(self.card_var_x(*a)?, self.card_var_x(*b)?),
            T::And(ts) | T::Or(ts) => ts
                .iter()
                .try_fold(None, |v, &p| one_var(v, self.card_var_t(p)?)),
            _ => Err(()),
        }
    }

    /// [`Program::card_test`] for an expression: the card variable whose
    /// card alone decides its value (numbers, the card's attributes,
    /// arithmetic, `if` and `[<test>]` of such), if one does.
    pub fn card_expr(&self, x: XId) -> Option<u8> {
        self.card_var_x(x).ok().flatten()
    }

    /// [`Program::card_var_t`] for an expression.
    fn card_var_x(&self, x: XId) -> Result<Option<u8>, ()> {
        match self.xs[x as usize] {
            X::Int(_) => Ok(None),
            X::Attr(k, _) => match self.xs[k as usize] {
                X::Local(v) => Ok(Some(v)),
                _ => Err(()),
            },
            X::Neg(a) => self.card_var_x(a),
            X::Add(a, b) | X::Sub(a, b) | X::Mul(a, b) | X::Max(a, b) | X::Min(a, b) => {
                one_var(self.card_var_x(a)?, self.card_var_x(b)?)
            }
            X::If(t, a, b) => one_var(
                one_var(self.card_var_t(t)?, self.card_var_x(a)?)?,
                self.card_var_x(b)?,
            ),
            X::Bool(t) => self.card_var_t(t),
            _ => Err(()),
        }
    }

    /// Whether test `t` sets a local when evaluated (an aggregate's or a
    /// search's variable).
    pub fn test_sets(&self, t: TId) -> bool {
        self.any_in_t(t, &|n| n.sets_local())
    }

    /// Whether card set `s` sets a local when evaluated.
    pub fn set_sets(&self, s: SId) -> bool {
        self.any_in_set(s, &|n| n.sets_local())
    }

    /// Whether `p` holds of expression `x` or of an expression or test in
    /// it (an aggregate's domain, keys and test included).
    fn any_in_x(&self, x: XId, p: &impl Fn(Node) -> bool) -> bool {
        let node = &self.xs[x as usize];
        let mut any = p(Node::X(node));
        node.parts(|part, _| any = any || self.any_in(part, p));
        any
    }

    /// [`Program::any_in_x`] for a test.
    fn any_in_t(&self, t: TId, p: &impl Fn(Node) -> bool) -> bool {
        let node = &self.ts[t as usize];
        let mut any = p(Node::T(node));
        node.parts(|part, _| any = any || self.any_in(part, p));
        any
    }

    /// [`Program::any_in_x`] for the expressions of a card set.
    fn any_in_set(&self, s: SId, p: &impl Fn(Node) -> bool) -> bool {
        let mut any = false;
        self.sets[s as usize].parts(|part| any = any || self.any_in(part, p));
        any
    }

    fn any_in(&self, part: Part, p: &impl Fn(Node) -> bool) -> bool {
        match part {
            Part::X(x) => self.any_in_x(x, p),
            Part::T(t) => self.any_in_t(t, p),
            Part::Set(s) => self.any_in_set(s, p),
        }
    }
}

/// What evaluating an expression, a test or a card set evaluates in
/// turn.
#[derive(Clone, Copy)]
pub enum Part {
    X(XId),
    T(TId),
    Set(SId),
}

impl X {
    /// Each part of the expression, with the variable it is evaluated
    /// with (an aggregate's keys and test: its variable; else `None`).
    pub fn parts(&self, mut f: impl FnMut(Part, Option<u8>)) {
        match self {
            X::Int(_) | X::Players | X::Glob(_) | X::Local(_) => {}
            X::Cell { ix: a, .. }
            | X::Per(_, a)
            | X::Attr(a, _)
            | X::Owner(a)
            | X::Pos(a)
            | X::Before(a)
            | X::After(a)
            | X::Index(a)
            | X::Next(a)
            | X::Neg(a) => f(Part::X(*a), None),
            X::Count(s) => f(Part::Set(*s), None),
            X::Add(a, b)
            | X::Sub(a, b)
            | X::Mul(a, b)
            | X::Max(a, b)
            | X::Min(a, b)
            | X::SeenBy(a, b) => [a, b].iter().for_each(|&&x| f(Part::X(x), None)),
            X::If(t, a, b) => {
                f(Part::T(*t), None);
                [a, b].iter().for_each(|&&x| f(Part::X(x), None));
            }
            X::Bool(t) => f(Part::T(*t), None),
            X::Agg {
                var,
                dom,
                keys,
                test,
                ..
            } => {
                if let Dom::Cards(s) = dom {
                    f(Part::Set(*s), None);
                }
                keys.iter().for_each(|&k| f(Part::X(k), Some(*var)));
                if let Some(t) = test {
                    f(Part::T(*t), Some(*var));
                }
            }
        }
    }
}

impl T {
    /// [`X::parts`] for a test (a search's test: with its variable).
    pub fn parts(&self, mut f: impl FnMut(Part, Option<u8>)) {
        match self {
            T::Const(_) => {}
            T::Or(ts) | T::And(ts) => ts.iter().for_each(|&t| f(Part::T(t), None)),
            T::Not(t) => f(Part::T(*t), None),
            T::Cmp(a, _, b) => [a, b].iter().for_each(|&&x| f(Part::X(x), None)),
            T::Any(s) | T::No(s) => f(Part::Set(*s), None),
            T::Has(_, x) => f(Part::X(*x), None),
            T::In(x, s) => {
                f(Part::X(*x), None);
                f(Part::Set(*s), None);
            }
            T::Exists { var, dom, test, .. } => {
                if let Dom::Cards(s) = dom {
                    f(Part::Set(*s), None);
                }
                f(Part::T(*test), Some(*var));
            }
        }
    }
}

impl CardSet {
    /// The expressions of the set's terms (a seat's zone's seat, a card).
    pub fn parts(&self, mut f: impl FnMut(Part)) {
        for term in &self.terms {
            match *term {
                Term::Zone { seat: Some(x), .. } | Term::Card(x) => f(Part::X(x)),
                Term::Zone { seat: None, .. } | Term::Deck(_) => {}
            }
        }
    }
}

/// An expression or a test, as [`Program::any_in_x`] visits them.
#[derive(Clone, Copy)]
enum Node<'a> {
    X(&'a X),
    T(&'a T),
}

impl Node<'_> {
    /// Whether evaluating the node sets a local (an aggregate's or a
    /// search's variable).
    fn sets_local(self) -> bool {
        matches!(self, Node::X(X::Agg { .. }) | Node::T(T::Exists { .. }))
    }
}

/// Moves each target that lands on a forward `jump` on to where that jump
/// goes (an `if` inside an `if` ends with two jumps in a row): the same
/// ops run, less the jumps skipped, with the same steps counted (only a
/// jump back counts one, and only jumps forward are skipped), and every
/// op stays at its place (a save's fingerprint counts the place a run
/// stops at).
pub fn thread_jumps(ops: &mut [Op]) {
    for at in 0..ops.len() {
        let Some(mut to) = ops[at].forward_target_mut(at).map(|t| *t) else {
            continue;
        };
        // Each jump followed goes forward: the walk ends.
        while let Some(Op::Jump(u)) = ops.get(usize::from(to)) {
            if *u <= to {
                break;
            }
            to = *u;
        }
        if let Some(t) = ops[at].forward_target_mut(at) {
            *t = to;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain of forward jumps is followed until it meets a jump back,
    /// which is neither followed nor moved (it counts a step); every op
    /// keeps its place.
    #[test]
    fn jumps_are_threaded_forward_only() {
        let mut ops = vec![
            Op::JumpUnless(0, 2),              // 0: onto 2, to 3, to 5
            Op::Phase(0),                      // 1
            Op::Jump(3),                       // 2: forward, onto 3: to 5
            Op::Jump(5),                       // 3: onto a jump back: stays
            Op::Jump(1),                       // 4: back: stays
            Op::Jump(4),                       // 5: back: stays
            Op::ForTest { count: 0, exit: 3 }, // 6: an exit onto 3: to 5
            Op::EndGame,                       // 7
            Op::Jump(200),                     // 8: out of the program: stays
        ];
        thread_jumps(&mut ops);
        assert_eq!(ops.len(), 9);
        assert_eq!(ops[0], Op::JumpUnless(0, 5));
        assert_eq!(ops[2], Op::Jump(5));
        assert_eq!(ops[3], Op::Jump(5));
        assert_eq!(ops[4], Op::Jump(1));
        assert_eq!(ops[5], Op::Jump(4));
        assert_eq!(ops[6], Op::ForTest { count: 0, exit: 5 });
        assert_eq!(ops[8], Op::Jump(200));
    }

    /// A test of one card variable's kind and attributes against numbers
    /// is a test of that card alone; a counter, another variable or a
    /// second card variable makes it depend on more.
    #[test]
    fn a_test_of_a_card_alone_is_found() {
        // xs: 0 local 5, 1 its attribute 2, 2 the number 3, 3 local 6,
        // 4 local 6's attribute 2, 5 a counter, 6 -(attribute), 7 that + 3.
        let xs = vec![
            X::Local(5),
            X::Attr(0, 2),
            X::Int(3),
            X::Local(6),
            X::Attr(3, 2),
            X::Glob(0),
            X::Neg(1),
            X::Add(6, 2),
        ];
        let ts = vec![
            T::Has(1, 0),            // 0: has e1(x5)
            T::Cmp(1, CmpOp::Eq, 2), // 1: x5.a2 == 3
            T::Or(vec![0, 1]),       // 2
            T::Not(2),               // 3
            T::Cmp(4, CmpOp::Gt, 2), // 4: x6.a2 > 3
            T::And(vec![0, 4]),      // 5: two variables
            T::Cmp(1, CmpOp::Lt, 5), // 6: against a counter
            T::Cmp(7, CmpOp::Ge, 2), // 7: -(x5.a2) + 3 >= 3
            T::Const(true),          // 8
            T::And(vec![8, 3]),      // 9
        ];
        let p = Program {
            xs,
            ts,
            ..Program::default()
        };
        let found: Vec<Option<u8>> = (0..p.ts.len() as TId).map(|t| p.card_test(t)).collect();
        assert_eq!(
            found,
            [
                Some(5),
                Some(5),
                Some(5),
                Some(5),
                Some(6),
                None,
                None,
                Some(5),
                None,
                Some(5)
            ]
        );
        // Expressions: `if x5.a2 == 3 then 3 else -(x5.a2)`, `[has e1(x5)]`,
        // and such against a counter, or beside local 6's card.
        let mut p = p;
        p.xs.extend([X::If(1, 2, 6), X::Bool(0), X::If(6, 2, 6), X::Add(1, 4)]);
        let found: Vec<Option<u8>> = (8..12).map(|x| p.card_expr(x)).collect();
        assert_eq!(found, [Some(5), Some(5), None, None]);
        assert_eq!((p.card_expr(2), p.card_expr(5)), (None, None));
    }
}
