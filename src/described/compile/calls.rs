//! Sections D and E of the compiler: counters per card and per index
//! (`worth[c]`, `clear worth`), `let`, `for card`, `for index`, `run
//! <event> of <card>`, `return`, `has <event>(c)`, `any c in <cards>
//! where <test>`, aggregates over `values(<attribute>)`, and each kind's
//! `on <event> { ... }` blocks compiled into the procedure's program
//! (the interpreter's side: `described/calls.rs`).

use super::*;
use crate::described::calls::{MAX_INDEX, NO_BLOCK};

/// The most variables (`this` first) one block uses.
pub const MAX_BLOCK_LOCALS: u8 = 16;

/// What sections D and E add to a description's names.
#[derive(Debug, Default)]
pub struct CallShape<'a> {
    pub events: Vec<&'a str>,
    /// Whether some kind has a block for each event.
    pub has: Vec<bool>,
    /// For each counter, if kept per card or per index: its cells'
    /// offset, their count, whether per card (else per index).
    pub cells: Vec<Option<Cells>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cells {
    pub off: u16,
    pub len: u16,
    pub per_card: bool,
}

impl Cells {
    pub fn per_index(off: u16) -> Cells {
        Cells {
            off,
            len: MAX_INDEX,
            per_card: false,
        }
    }
}

/// Compiles a kind's `does` text (its `on <event> { ... }` blocks) into
/// `prog`, whose `calls` already has its events and `base`.
pub fn kind_blocks(
    shape: &Shape,
    prog: &mut Program,
    kind: u8,
    e: &ast::Effect,
) -> Result<(), Vec<Problem>> {
    let mut c = C::new(shape, std::mem::take(prog));
    c.in_block = true;
    // A block's variables are saved on its frame: the fewer, the better.
    c.reuse = true;
    c.floor = c.prog.calls.base;
    if let Some(t) = &e.trigger {
        c.p.problem(
            t.span.clone(),
            "a kind's `does` text is made of blocks: `on <event> { ... }`",
            None,
        );
    }
    let base = c.prog.calls.base;
    let events = c.prog.calls.events.len();
    let mut top = c.prog.locals;
    let mut done: Vec<u16> = Vec::new();
    for s in &e.statements {
        let StatementKind::On { event, body } = &s.kind else {
            c.p.problem(
                s.span.clone(),
                "a kind's `does` text is made of blocks: `on <event> { ... }`",
                None,
            );
            continue;
        };
        let Some(ev) = c.event(event) else {
            continue;
        };
        if done.contains(&ev) {
            let m = format!("this kind has two blocks `on {}`", event.name);
            c.p.problem(event.span.clone(), m, None);
        }
        done.push(ev);
        c.prog.locals = base;
        c.scope.clear();
        let pc = c.pc();
        c.local("this", Ty::Card);
        c.block(body);
        c.emit(Op::Return);
        let n = c.prog.locals - base;
        if n > MAX_BLOCK_LOCALS {
            let m = format!("a block uses at most {MAX_BLOCK_LOCALS} variables; this one {n}");
            c.p.problem(event.span.clone(), m, None);
        }
        top = top.max(c.prog.locals);
        let at = kind as usize * events + ev as usize;
        if let Some(slot) = c.prog.calls.entry.get_mut(at) {
            *slot = (pc, n);
        }
    }
    c.prog.locals = top;
    let C { p, prog: done, .. } = c;
    *prog = done;
    p.finish(|| ())
}

/// Makes room for the blocks of `kinds` kinds: every entry none, the
/// blocks' variables after the procedure's.
pub fn prepare(prog: &mut Program, kinds: usize, events: &[&str]) {
    let calls = &mut prog.calls;
    calls.events = events.iter().map(|e| e.to_string()).collect();
    calls.entry = vec![(NO_BLOCK, 0); kinds * events.len()];
    calls.base = prog.locals;
}

impl C<'_, '_> {
    /// The statements of sections D and E.
    pub(super) fn calls_statement(&mut self, s: &Statement) {
        use StatementKind as K;
        match &s.kind {
            K::Clear(id) => self.clear(id),
            K::Let { var, to } => {
                if let Some((x, ty)) = self.expr(to) {
                    let i = self.local(&var.name, ty);
                    self.emit(Op::SetLocal(i, x));
                }
            }
            K::Run { event, card } => {
                let ev = self.event(event);
                let card = self.typed(card, Ty::Card);
                if let Some(ev) = ev
                    && !self.shape.calls.has[ev as usize]
                {
                    let m = format!("no kind has a block `on {}` to run", event.name);
                    self.p.problem(event.span.clone(), m, None);
                }
                if let (Some(event), Some(card)) = (ev, card) {
                    let at = self.emit(Op::Run { event, card });
                    let holds = self.card_slots();
                    self.prog.run_holds.push((at as u16 + 1, holds));
                }
            }
            K::Return if self.in_block => {
                self.emit(Op::Return);
            }
            K::Return => self.p.problem(
                s.span.clone(),
                "`return` outside a block: it leaves a kind's `on <event> { ... }`",
                None,
            ),
            K::On { event, .. } => self.p.problem(
                event.span.clone(),
                "an `on <event> { ... }` block belongs in a kind's `does` text (cards.ron)",
                None,
            ),
            K::ForCard { var, cards, body } => self.for_card(var, cards, body),
            K::ForIndex { var, below, body } => self.for_index(var, below, body),
            _ => MEANINGS.reject_statement(&mut self.p, s),
        }
    }

    /// An event of procedure.ron by its name.
    fn event(&mut self, id: &Ident) -> Option<u16> {
        let events = &self.shape.calls.events;
        match events.iter().position(|e| *e == id.name) {
            Some(i) => Some(i as u16),
            None => {
                let known = events.clone();
                self.p.unknown("event", id, &known);
                None
            }
        }
    }

    /// The cells of a counter per card or per index.
    pub(super) fn cells_of(&self, i: u8) -> Option<Cells> {
        self.shape.calls.cells.get(i as usize).copied().flatten()
    }

    fn clear(&mut self, id: &Ident) {
        let Some((i, _, ty)) = self.counter(id) else {
            return;
        };
        match self.cells_of(i) {
            Some(c) => {
                let init = if ty == Ty::Num { 0 } else { -1 };
                self.emit(Op::Clear {
                    off: c.off,
                    len: c.len,
                    init,
                });
            }
            None => {
                let m = format!(
                    "`clear` empties a counter per card or per index; `{}` is not one",
                    id.name
                );
                self.p.problem(id.span.clone(), m, None);
            }
        }
    }

    /// `<counter>[<card or index>]` of a counter with cells.
    pub(super) fn cell(&mut self, i: u8, ty: Ty, ix: &Expr) -> Option<(XId, Ty)> {
        let c = self.cells_of(i)?;
        let ix = self.cell_index(c, ix)?;
        let none = if ty == Ty::Num { 0 } else { -1 };
        let x = self.x(X::Cell {
            off: c.off,
            len: c.len,
            ix,
            none,
        });
        Some((x, ty))
    }

    /// The index of a counter's cell: a card, or a number (a seat too).
    fn cell_index(&mut self, c: Cells, ix: &Expr) -> Option<XId> {
        if c.per_card {
            return self.typed(ix, Ty::Card);
        }
        let (x, ty) = self.expr(ix)?;
        if !matches!(ty, Ty::Num | Ty::Seat) {
            let m = format!("expected a number, found {}", noun(ty, self.shape));
            self.p.problem(ix.span(), m, None);
            return None;
        }
        Some(x)
    }

    /// `set <name> = ...` of a local, or `set <counter>[i] = ...` of a
    /// counter with cells; false if `var` is neither.
    pub(super) fn set_call_var(&mut self, var: &Ident, index: Option<&Expr>, to: &Expr) -> bool {
        if let Some(&(_, l, ty)) = self.scope.iter().rev().find(|s| s.0 == var.name) {
            if index.is_some() {
                let m = format!("`{}` is a variable, not a counter per seat", var.name);
                self.p.problem(var.span.clone(), m, None);
            } else if let Some(x) = self.typed(to, ty) {
                self.emit(Op::SetLocal(l, x));
            }
            return true;
        }
        let Some(i) = self.shape.counters.iter().position(|c| c.0 == var.name) else {
            return false;
        };
        let Some(c) = self.cells_of(i as u8) else {
            return false;
        };
        let ty = self.shape.counters[i].2;
        let Some(ix) = index else {
            let what = if c.per_card { "card" } else { "index" };
            let m = format!(
                "`{}` is kept per {what}: write `{}[<{what}>]`",
                var.name, var.name
            );
            self.p.problem(var.span.clone(), m, None);
            return true;
        };
        if let (Some(ix), Some(to)) = (self.cell_index(c, ix), self.typed(to, ty)) {
            self.emit(Op::SetCell {
                off: c.off,
                len: c.len,
                ix,
                to,
            });
        }
        true
    }

    /// `for card <var> in <cards> { ... }`: over a snapshot of the set. A
    /// body that is one `if` without `else` is the loop's filter: one op
    /// skips the cards that fail its test.
    fn for_card(&mut self, var: &Ident, cards: &Cards, body: &[Statement]) {
        let set = self.set(cards);
        let depth = self.scope.len();
        let base = self.local(" base", Ty::Num);
        let n = self.local(" n", Ty::Num);
        let i = self.local(" i", Ty::Num);
        let v = self.local(&var.name, Ty::Card);
        let filter = match body {
            [
                Statement {
                    kind:
                        StatementKind::If {
                            test,
                            then,
                            otherwise,
                        },
                    ..
                },
            ] if otherwise.is_empty() => Some((self.test(test), &then[..])),
            _ => None,
        };
        // A filter that asks for a kind of card (`has <event>(var)`, alone
        // or in an `and`): a loop over a set with no such card runs
        // nothing, and is skipped whole after one look through the set.
        let skip = filter.and_then(|(t, _)| self.kind_filter(t, v));
        let skip = skip.map(|has| {
            self.emit(Op::ForCardSkip {
                set,
                base,
                n,
                i,
                var: v,
                has,
                exit: 0,
            })
        });
        self.emit(Op::ForCardInit { set, base, n, i });
        let head = self.pc();
        let (next, body) = match filter {
            Some((test, then)) => {
                let next = self.emit(Op::ForCardNextIf {
                    var: v,
                    base,
                    n,
                    i,
                    test,
                    exit: 0,
                });
                (next, then)
            }
            None => {
                let next = self.emit(Op::ForCardNext {
                    var: v,
                    base,
                    n,
                    i,
                    exit: 0,
                });
                (next, body)
            }
        };
        self.loops.push(Loop { breaks: Vec::new() });
        self.block(body);
        self.emit(Op::Jump(head));
        let end = self.pc();
        self.emit(Op::ForCardEnd { base });
        self.patch(next, end);
        if let Some(skip) = skip {
            self.patch(skip, end + 1);
        }
        self.end_loop(end);
        self.scope.truncate(depth);
    }

    /// The part of test `t` that asks whether card variable `v`'s kind has
    /// a block for an event (`t` itself, or those of its `and`'s parts
    /// that read the card alone, [`Program::card_test`]).
    /// Only where the test sets no local: then skipping the loop leaves
    /// the locals as running it would.
    fn kind_filter(&mut self, t: TId, v: u8) -> Option<TId> {
        if self.prog.test_sets(t) {
            return None;
        }
        let is_has = |t: TId| matches!(self.prog.ts[t as usize], T::Has(_, x) if self.prog.xs[x as usize] == X::Local(v));
        match &self.prog.ts[t as usize] {
            _ if is_has(t) => Some(t),
            // With the other parts that read the card alone (its kind and
            // attributes): a card the loop would act on passes them all.
            T::And(parts) if parts.iter().any(|&p| is_has(p)) => {
                let kind: Vec<TId> = (parts.iter().copied())
                    .filter(|&p| self.prog.card_test(p) == Some(v))
                    .collect();
                match kind[..] {
                    [one] => Some(one),
                    _ => Some(self.t(T::And(kind))),
                }
            }
            _ => None,
        }
    }

    /// `for index <var> below <expr> { ... }`: 0, 1, ... while below.
    fn for_index(&mut self, var: &Ident, below: &Expr, body: &[Statement]) {
        let Some(lim) = self.num(below) else {
            return;
        };
        let depth = self.scope.len();
        let top = self.local(" below", Ty::Num);
        let v = self.local(&var.name, Ty::Num);
        self.emit(Op::SetLocal(top, lim));
        let zero = self.x(X::Int(0));
        self.emit(Op::SetLocal(v, zero));
        let head = self.pc();
        let (xv, xt, one) = (
            self.x(X::Local(v)),
            self.x(X::Local(top)),
            self.x(X::Int(1)),
        );
        let t = self.t(T::Cmp(xv, ast::CmpOp::Lt, xt));
        let j = self.emit(Op::JumpUnless(t, 0));
        self.loops.push(Loop { breaks: Vec::new() });
        self.block(body);
        let step = self.x(X::Add(xv, one));
        self.emit(Op::SetLocal(v, step));
        self.emit(Op::Jump(head));
        let end = self.pc();
        self.patch(j, end);
        self.end_loop(end);
        self.scope.truncate(depth);
    }

    /// `has <event>(c)` and `any <var> in <cards> where <test>`.
    pub(super) fn calls_test(&mut self, t: &ast::Test) -> T {
        match t {
            ast::Test::Has(event, card) => {
                let ev = self.event(event);
                match (ev, self.typed(card, Ty::Card)) {
                    (Some(ev), Some(c)) => T::Has(ev, c),
                    _ => T::Const(false),
                }
            }
            ast::Test::AnyWhere(var, cards, test) => {
                let depth = self.scope.len();
                let set = self.set(cards);
                let v = self.local(&var.name, Ty::Card);
                let t = self.test(test);
                self.scope.truncate(depth);
                let count = self.x(X::Agg {
                    op: Agg::Count,
                    var: v,
                    dom: Dom::Cards(set),
                    keys: Vec::new(),
                    test: Some(t),
                });
                let zero = self.x(X::Int(0));
                T::Cmp(count, ast::CmpOp::Gt, zero)
            }
            _ => T::Const(false),
        }
    }

    /// `values(<attribute>)`: the domain of an aggregate and its
    /// variable's type.
    pub(super) fn values_domain(&mut self, id: &Ident) -> Option<(Dom, Ty)> {
        let attrs = &self.shape.attrs;
        match attrs.iter().position(|a| a.0 == id.name && !a.1.is_empty()) {
            Some(i) => Some((Dom::Values(attrs[i].1.len() as u8), Ty::Value(i as u8))),
            None => {
                let known: Vec<&str> = (attrs.iter())
                    .filter(|a| !a.1.is_empty())
                    .map(|a| a.0)
                    .collect();
                self.p.unknown("attribute with values", id, &known);
                None
            }
        }
    }
}
