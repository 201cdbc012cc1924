//! A described game's procedure (the effect language's statements of
//! control: phases, loops over seats, choices, tests) compiled into a
//! [`Program`]: every name checked at its place (zones, attributes,
//! counters, numbers, flags, phases, messages), every expression typed,
//! flags folded into constants. The statements only cards of other games
//! mean something to are rejected at their place (`MEANINGS`).

use std::ops::Range;

use super::program::*;
use crate::effects::ast::{self, CardTerm, Cards, Domain, Expr, Ident, Statement, StatementKind};
use crate::effects::compile::{Meanings, Problem, Problems};

// D, E: counters per card, calls, locals, loops.
mod calls;
pub use calls::{CallShape, Cells, MAX_BLOCK_LOCALS, kind_blocks, prepare};

/// The most locals (loop, choice and aggregate variables) a procedure uses.
pub const MAX_LOCALS: usize = 64;
/// The most cards a `draw` statement draws at once.
pub const MAX_DRAW: u32 = 20;

/// The statements a described game's procedure gives a meaning to.
pub const MEANINGS: Meanings = Meanings {
    texts: "a described game's procedure",
    triggers: &[],
    statements: &[
        "phase",
        "if",
        "while",
        "loop",
        "for seat",
        "choose by",
        "set",
        "put",
        "shuffle",
        "goto",
        "break",
        "end game",
        "tell",
        "draw",
        "discard",
        "reveal",
        "clear",
        "let",
        "run",
        "return",
        "for card",
        "for index",
    ],
};

/// What the names of a procedure may mean: the description's parts.
pub struct Shape<'a> {
    /// Each attribute's id and its named values (none: a number).
    pub attrs: Vec<(&'a str, Vec<&'a str>)>,
    /// Every seat's id, in order (an attribute whose values are these
    /// compares with seats).
    pub seats: Vec<&'a str>,
    /// Each zone's id, whether there is one per seat, whether indexed.
    pub zones: Vec<(&'a str, bool, bool)>,
    /// Each deck's id (`deck(<id>)`).
    pub decks: Vec<&'a str>,
    /// Each zone's number of piles in this game (`zone_count(<zone>)`).
    pub zone_counts: Vec<i32>,
    /// Each counter's id, whether per seat, its type.
    pub counters: Vec<(&'a str, bool, Ty)>,
    pub numbers: Vec<(&'a str, i32)>,
    /// Each flag and whether the toggles in force set it.
    pub flags: Vec<(&'a str, bool)>,
    /// The named tests (`derived`), each as `[<test>]`, in order (each
    /// may name the ones before it).
    pub derived: Vec<(&'a str, Expr)>,
    /// The messages of the game's catalogue (`tell`), and where it is.
    pub messages: Vec<String>,
    pub catalogue: String,
    pub discard_to: u8,
    /// D, E: events, blocks, counters per card and per index.
    pub calls: CallShape<'a>,
}

struct Loop {
    breaks: Vec<usize>,
}

struct C<'s, 'a> {
    shape: &'s Shape<'a>,
    p: Problems,
    prog: Program,
    scope: Vec<(String, u8, Ty)>,
    loops: Vec<Loop>,
    /// Each phase's name, its span and its first op.
    phases: Vec<(Ident, u16)>,
    gotos: Vec<(Ident, usize)>,
    /// Whether each phase's body can run past its end.
    falls_through: Vec<bool>,
    /// E: compiling a kind's block (`return` leaves it; no `goto`).
    in_block: bool,
    /// Whether a variable takes the first slot no variable in scope
    /// holds (from `floor`), or a slot of its own.
    reuse: bool,
    floor: u8,
    /// Whether the slots ran out (reported once).
    full: bool,
}

/// Compiles `e`, a procedure's text, against `shape`.
///
/// Variables get slots in the order they appear while they fit in
/// [`MAX_LOCALS`] (the layout older saves' fingerprints were taken
/// with); a procedure with more is compiled again giving each variable
/// the first slot no variable in scope holds.
pub fn procedure(shape: &Shape, e: &ast::Effect) -> Result<Program, Vec<Problem>> {
    match procedure_with(shape, e, false) {
        (_, true) => procedure_with(shape, e, true).0,
        (out, false) => out,
    }
}

/// [`procedure`] with slots reused or not, and whether they ran out.
fn procedure_with(
    shape: &Shape,
    e: &ast::Effect,
    reuse: bool,
) -> (Result<Program, Vec<Problem>>, bool) {
    let mut c = C::new(shape, Program::default());
    c.reuse = reuse;
    if let Some(t) = &e.trigger {
        MEANINGS.reject_trigger(&mut c.p, t);
    }
    for s in &e.statements {
        match &s.kind {
            StatementKind::Phase { name, body } => c.phase(name, body),
            _ => c.p.problem(
                s.span.clone(),
                "a procedure is made of phases: `phase <name> { ... }`",
                None,
            ),
        }
    }
    if c.phases.is_empty() {
        c.p.problem(0..0, "a procedure needs at least one phase", None);
    }
    // Past the last phase, the game ends.
    c.emit(Op::EndGame);
    c.resolve_gotos();
    c.unreached_phases();
    let C { p, prog, full, .. } = c;
    (p.finish(|| prog), full)
}

/// Compiles an expression alone (an evaluation), with `me` a seat.
pub fn evaluation(shape: &Shape, prog: &mut Program, e: &Expr) -> Result<(XId, u8), Vec<Problem>> {
    let mut c = C::new(shape, std::mem::take(prog));
    let me = c.local("me", Ty::Seat);
    let x = c.typed(e, Ty::Num);
    let C { p, prog: done, .. } = c;
    *prog = done;
    match x {
        Some(x) if p.is_empty() => Ok((x, me)),
        _ => Err(p.finish(|| ()).err().unwrap_or_default()),
    }
}

// ----- F. Measures and ends: expressions evaluated at a game's end -----

/// Compiles an expression alone of type `want`, with the named locals
/// (`p` a seat for a measure per seat); returns it and the locals'
/// indices (see `measures.rs`).
pub fn expression(
    shape: &Shape,
    prog: &mut Program,
    e: &Expr,
    locals: &[(&str, Ty)],
    want: Ty,
) -> Result<(XId, Vec<u8>), Vec<Problem>> {
    let mut c = C::new(shape, std::mem::take(prog));
    let ls: Vec<u8> = locals.iter().map(|&(n, t)| c.local(n, t)).collect();
    let x = c.typed(e, want);
    let C { p, prog: done, .. } = c;
    *prog = done;
    match x {
        Some(x) if p.is_empty() => Ok((x, ls)),
        _ => Err(p.finish(|| ()).err().unwrap_or_default()),
    }
}

/// Whether `e` is `none`: no card, seat or value (-1).
fn is_none(e: &Expr) -> bool {
    matches!(e, Expr::Var(id) if id.name == "none")
}

fn noun(t: Ty, shape: &Shape) -> String {
    match t {
        Ty::Num => "a number".into(),
        Ty::Seat => "a seat".into(),
        Ty::Card => "a card".into(),
        Ty::Bool => "a test".into(),
        Ty::Value(a) => format!("a {}", shape.attrs[a as usize].0),
    }
}

impl<'s, 'a> C<'s, 'a> {
    fn new(shape: &'s Shape<'a>, prog: Program) -> Self {
        C {
            shape,
            p: Problems::default(),
            prog,
            scope: Vec::new(),
            loops: Vec::new(),
            phases: Vec::new(),
            gotos: Vec::new(),
            falls_through: Vec::new(),
            in_block: false,
            reuse: false,
            floor: 0,
            full: false,
        }
    }
}

impl<'s, 'a> C<'s, 'a> {
    /// The test a derived name stands for.
    fn derived(&self, name: &str) -> Option<&'s ast::Test> {
        let shape: &'s Shape<'a> = self.shape;
        shape
            .derived
            .iter()
            .find(|d| d.0 == name)
            .and_then(|d| match &d.1 {
                Expr::Bool(t, _) => Some(t.as_ref()),
                _ => None,
            })
    }
}

impl C<'_, '_> {
    fn pc(&self) -> u16 {
        self.prog.ops.len() as u16
    }

    fn emit(&mut self, op: Op) -> usize {
        self.prog.ops.push(op);
        self.prog.ops.len() - 1
    }

    fn patch(&mut self, at: usize, to: u16) {
        match &mut self.prog.ops[at] {
            Op::Jump(t) | Op::JumpUnless(_, t) => *t = to,
            Op::ForTest { exit, .. }
            | Op::ForCardNext { exit, .. }
            | Op::ForCardNextIf { exit, .. }
            | Op::ForCardSkip { exit, .. } => *exit = to,
            _ => {}
        }
    }

    fn x(&mut self, x: X) -> XId {
        self.prog.xs.push(x);
        (self.prog.xs.len() - 1) as XId
    }

    fn t(&mut self, t: T) -> TId {
        self.prog.ts.push(t);
        (self.prog.ts.len() - 1) as TId
    }

    fn local(&mut self, name: &str, ty: Ty) -> u8 {
        let i = if self.reuse {
            let above = self.scope.iter().map(|s| s.1 + 1).max();
            above.unwrap_or(self.floor).max(self.floor)
        } else {
            self.prog.locals
        };
        if (i as usize) < MAX_LOCALS {
            self.prog.locals = self.prog.locals.max(i + 1);
        } else if !self.full {
            self.full = true;
            let m = format!("at most {MAX_LOCALS} variables are in scope at once");
            self.p.problem(0..0, m, None);
        }
        self.scope.push((name.to_string(), i, ty));
        i
    }

    /// The slots of the variables of type card in scope.
    fn card_slots(&self) -> Vec<u8> {
        (self.scope.iter())
            .filter(|s| s.2 == Ty::Card && (s.1 as usize) < MAX_LOCALS)
            .map(|s| s.1)
            .collect()
    }

    fn phase(&mut self, name: &Ident, body: &[Statement]) {
        if self.phases.iter().any(|(n, _)| n.name == name.name) {
            self.p.problem(
                name.span.clone(),
                format!("phase `{}` is defined twice", name.name),
                None,
            );
        }
        let i = self.phases.len() as u8;
        let pc = self.pc();
        self.phases.push((name.clone(), pc));
        self.prog.phases.push(name.name.clone());
        self.emit(Op::Phase(i));
        self.block(body);
        let ends = matches!(
            body.last().map(|s| &s.kind),
            Some(StatementKind::Goto(_) | StatementKind::EndGame)
        );
        self.falls_through.push(!ends);
    }

    fn block(&mut self, body: &[Statement]) {
        let depth = self.scope.len();
        for s in body {
            self.statement(s);
        }
        self.scope.truncate(depth);
    }

    fn statement(&mut self, s: &Statement) {
        use StatementKind as K;
        match &s.kind {
            K::Phase { name, .. } => self.p.problem(
                name.span.clone(),
                "a phase is defined at the top of the procedure, not inside another statement",
                None,
            ),
            K::If {
                test,
                then,
                otherwise,
            } => self.if_statement(test, then, otherwise),
            K::While { test, body } => {
                let head = self.pc();
                let t = self.test(test);
                let j = self.emit(Op::JumpUnless(t, 0));
                self.in_loop(body, head);
                let end = self.pc();
                self.patch(j, end);
                self.end_loop(end);
            }
            K::Loop(body) => {
                let head = self.pc();
                self.in_loop(body, head);
                let end = self.pc();
                self.end_loop(end);
            }
            K::ForSeat {
                var,
                from,
                after,
                body,
            } => self.for_seat(var, from, *after, body),
            K::ChooseBy { by, options } => self.choose_by(by, options, &s.span),
            K::SetVar { var, index, to } => self.set_var(var, index.as_ref(), to),
            K::Put {
                cards,
                to,
                face_up,
                after,
            } => {
                let set = self.set(cards);
                let after = match after {
                    Some(c) => self.typed(&Expr::Var(c.clone()), Ty::Card).map(Some),
                    None => Some(None),
                };
                if let (Some((zone, seat)), Some(after)) = (self.zone_term(to), after) {
                    self.emit(Op::Put {
                        set,
                        zone,
                        seat,
                        up: *face_up,
                        after,
                    });
                }
            }
            K::Shuffle(cards) => {
                let set = self.set(cards);
                self.emit(Op::Shuffle(set));
            }
            K::Discard(cards) => {
                let set = self.set(cards);
                self.emit(Op::Discard(set));
            }
            K::Reveal(cards) => {
                let set = self.set(cards);
                self.emit(Op::Reveal(set));
            }
            K::Draw {
                player,
                count,
                optional,
            } => {
                if *optional {
                    self.p.problem(
                        s.span.clone(),
                        "a described game's `draw` is never optional",
                        None,
                    );
                }
                let seat = self.typed(&Expr::Var(player.clone()), Ty::Seat);
                let n = self
                    .p
                    .within(count, 1..=MAX_DRAW, "draw between 1 and 20 cards")
                    as u8;
                if let Some(seat) = seat {
                    self.emit(Op::Draw { seat, n });
                }
            }
            K::Goto(name) if self.in_block => self.p.problem(
                name.span.clone(),
                "a block leaves by `return`, not `goto`",
                None,
            ),
            K::Goto(name) => {
                let at = self.emit(Op::Jump(0));
                self.gotos.push((name.clone(), at));
            }
            K::Break => match self.loops.last_mut() {
                Some(_) => {
                    let at = self.emit(Op::Jump(0));
                    self.loops.last_mut().expect("a loop").breaks.push(at);
                }
                None => self
                    .p
                    .problem(s.span.clone(), "`break` outside a loop", None),
            },
            K::EndGame => {
                self.emit(Op::EndGame);
            }
            K::Tell { message, args } => self.tell(message, args),
            K::Clear(_)
            | K::Let { .. }
            | K::Run { .. }
            | K::Return
            | K::On { .. }
            | K::ForCard { .. }
            | K::ForIndex { .. } => self.calls_statement(s),
            _ => MEANINGS.reject_statement(&mut self.p, s),
        }
    }

    fn if_statement(&mut self, test: &ast::Test, then: &[Statement], otherwise: &[Statement]) {
        let t = self.test(test);
        let j = self.emit(Op::JumpUnless(t, 0));
        self.block(then);
        if otherwise.is_empty() {
            let end = self.pc();
            self.patch(j, end);
            return;
        }
        let skip = self.emit(Op::Jump(0));
        let other = self.pc();
        self.patch(j, other);
        self.block(otherwise);
        let end = self.pc();
        self.patch(skip, end);
    }

    fn in_loop(&mut self, body: &[Statement], head: u16) {
        self.loops.push(Loop { breaks: Vec::new() });
        self.block(body);
        self.emit(Op::Jump(head));
    }

    fn end_loop(&mut self, end: u16) {
        if let Some(l) = self.loops.pop() {
            for b in l.breaks {
                self.patch(b, end);
            }
        }
    }

    fn for_seat(&mut self, var: &Ident, from: &Expr, after: bool, body: &[Statement]) {
        let Some(from) = self.typed(from, Ty::Seat) else {
            return;
        };
        let depth = self.scope.len();
        let count = self.local(" count", Ty::Num);
        let v = self.local(&var.name, Ty::Seat);
        self.emit(Op::ForInit {
            var: v,
            count,
            from,
            after,
        });
        let head = self.pc();
        let test = self.emit(Op::ForTest { count, exit: 0 });
        self.loops.push(Loop { breaks: Vec::new() });
        self.block(body);
        self.emit(Op::ForStep {
            var: v,
            count,
            head,
        });
        let end = self.pc();
        self.patch(test, end);
        self.end_loop(end);
        self.scope.truncate(depth);
    }

    fn choose_by(&mut self, by: &Expr, options: &[ast::Opt], span: &Range<usize>) {
        let Some(by) = self.typed(by, Ty::Seat) else {
            return;
        };
        let choice = self.prog.choices.len() as u16;
        let holds = self.card_slots();
        self.prog.choices.push(Choice {
            options: Vec::new(),
            end: 0,
            holds,
        });
        self.emit(Op::Choose { by, choice });
        let mut ends = Vec::new();
        for o in options {
            if options
                .iter()
                .filter(|p| p.name.name == o.name.name)
                .count()
                > 1
            {
                self.p.problem(
                    o.name.span.clone(),
                    format!("option `{}` is given twice", o.name.name),
                    None,
                );
            }
            let depth = self.scope.len();
            let card = o.card.as_ref().map(|(v, cards)| {
                let set = self.set(cards);
                (self.local(&v.name, Ty::Card), set)
            });
            let index = o.index.as_ref().and_then(|(v, z)| self.option_index(v, z));
            let test = o.test.as_ref().map(|t| self.test(t));
            if let Some(t) = test
                && self.prog.ts[t as usize] == T::Const(false)
            {
                let m = format!(
                    "option `{}` is never legal: its test is false under the toggles in force",
                    o.name.name
                );
                self.p.problem(o.name.span.clone(), m, None);
            }
            let body = self.pc();
            self.block(&o.body);
            ends.push(self.emit(Op::Jump(0)));
            self.scope.truncate(depth);
            let test_reads_card = match (card, test) {
                (Some((var, _)), Some(t)) => self.prog.test_reads(t, var),
                _ => false,
            };
            self.prog.choices[choice as usize].options.push(OptionDef {
                name: o.name.name.clone(),
                card,
                index,
                test,
                test_reads_card,
                body,
            });
        }
        if options.is_empty() {
            self.p
                .problem(span.clone(), "a choice needs at least one option", None);
        }
        let end = self.pc();
        for e in ends {
            self.patch(e, end);
        }
        self.prog.choices[choice as usize].end = end;
    }

    /// `index <var> of <zone>`: a local number and an indexed zone.
    fn option_index(&mut self, var: &Ident, zone: &Ident) -> Option<(u8, u8)> {
        let i = self.shape.zones.iter().position(|z| z.0 == zone.name);
        let z = match i {
            Some(i) if self.shape.zones[i].2 => i as u8,
            _ => {
                let known: Vec<&str> = (self.shape.zones.iter())
                    .filter(|z| z.2)
                    .map(|z| z.0)
                    .collect();
                self.p.unknown("indexed zone", zone, &known);
                return None;
            }
        };
        Some((self.local(&var.name, Ty::Num), z))
    }

    fn counter(&mut self, id: &Ident) -> Option<(u8, bool, Ty)> {
        let i = self.shape.counters.iter().position(|c| c.0 == id.name);
        match i {
            Some(i) => {
                let (_, per, ty) = self.shape.counters[i];
                Some((i as u8, per, ty))
            }
            None => {
                let known: Vec<&str> = self.shape.counters.iter().map(|c| c.0).collect();
                self.p.unknown("counter", id, &known);
                None
            }
        }
    }

    fn set_var(&mut self, var: &Ident, index: Option<&Expr>, to: &Expr) {
        if self.set_call_var(var, index, to) {
            return;
        }
        let Some((i, per, ty)) = self.counter(var) else {
            return;
        };
        let value = self.typed(to, ty);
        match (per, index) {
            (true, Some(ix)) => {
                let seat = self.typed(ix, Ty::Seat);
                if let (Some(seat), Some(v)) = (seat, value) {
                    self.emit(Op::SetPer(i, seat, v));
                }
            }
            (false, None) => {
                if let Some(v) = value {
                    self.emit(Op::SetGlob(i, v));
                }
            }
            (true, None) => self.p.problem(
                var.span.clone(),
                format!(
                    "`{}` is kept per seat: write `{}[<seat>]`",
                    var.name, var.name
                ),
                None,
            ),
            (false, Some(_)) => self.p.problem(
                var.span.clone(),
                format!(
                    "`{}` is one counter for the game, not one per seat",
                    var.name
                ),
                None,
            ),
        }
    }

    fn tell(&mut self, message: &Ident, args: &[(Ident, Expr)]) {
        let id = message.name.replace('_', "-");
        if !self.shape.messages.contains(&id) {
            let known: Vec<&str> = self.shape.messages.iter().map(String::as_str).collect();
            let m = Ident {
                name: id.clone(),
                span: message.span.clone(),
            };
            let what = format!("message of {}", self.shape.catalogue);
            self.p.unknown(&what, &m, &known);
        }
        let mut out = Vec::new();
        for (name, e) in args {
            if let Some((x, ty)) = self.expr(e) {
                out.push((name.name.clone(), x, ty));
            }
        }
        let i = self.prog.tells.len() as u16;
        self.prog.tells.push(Tell {
            message: id,
            args: out,
        });
        self.emit(Op::Tell(i));
    }

    fn resolve_gotos(&mut self) {
        for (name, at) in std::mem::take(&mut self.gotos) {
            match self.phases.iter().find(|(n, _)| n.name == name.name) {
                Some(&(_, pc)) => self.patch(at, pc),
                None => {
                    let known: Vec<String> = self.phases.iter().map(|p| p.0.name.clone()).collect();
                    let known: Vec<&str> = known.iter().map(String::as_str).collect();
                    self.p.unknown("phase", &name, &known);
                }
            }
        }
    }

    /// A phase that neither the one before runs into nor a `goto` names.
    fn unreached_phases(&mut self) {
        for i in 1..self.phases.len() {
            let pc = self.phases[i].1;
            let targeted = (self.prog.ops.iter()).any(|op| matches!(op, Op::Jump(t) if *t == pc));
            if !self.falls_through[i - 1] && !targeted {
                let n = &self.phases[i].0;
                let m = format!(
                    "phase `{}` is reached by no path: the phase before it ends with `goto` or `end game`, and no `goto` names it",
                    n.name
                );
                self.p.problem(n.span.clone(), m, None);
            }
        }
    }

    // ----- Cards and zones ------------------------------------------------

    fn zone(&mut self, id: &Ident) -> Option<(u8, bool)> {
        match self.shape.zones.iter().position(|z| z.0 == id.name) {
            Some(i) if self.shape.zones[i].2 => {
                let m = format!(
                    "`{}` is an indexed zone: write `{}(<index>)`",
                    id.name, id.name
                );
                self.p.problem(id.span.clone(), m, None);
                None
            }
            Some(i) => Some((i as u8, self.shape.zones[i].1)),
            None => {
                let known: Vec<&str> = self.shape.zones.iter().map(|z| z.0).collect();
                self.p.unknown("zone", id, &known);
                None
            }
        }
    }

    /// A zone as a `put` destination or a set's term: `deck`, or
    /// `hand(seat: p)`.
    fn zone_term(&mut self, t: &CardTerm) -> Option<(u8, Option<XId>)> {
        match t {
            CardTerm::Name(id) => {
                let (z, per) = self.zone(id)?;
                if per {
                    let m = format!(
                        "`{}` is a zone per seat: write `{}(seat: <seat>)`",
                        id.name, id.name
                    );
                    self.p.problem(id.span.clone(), m, None);
                    return None;
                }
                Some((z, None))
            }
            CardTerm::Set(s) => {
                let (z, per) = self.zone(&s.zone)?;
                let mut seat = None;
                for f in &s.filters {
                    if f.key.name == "seat" && f.values.len() == 1 {
                        seat = self.typed(&Expr::Var(f.values[0].clone()), Ty::Seat);
                    } else {
                        self.p.problem(
                            f.key.span.clone(),
                            "a zone takes one filter, `seat: <seat>`; test the cards with `where`",
                            None,
                        );
                    }
                }
                match (per, seat.is_some()) {
                    (true, false) => {
                        let m = format!(
                            "`{}` is a zone per seat: write `{}(seat: <seat>)`",
                            s.zone.name, s.zone.name
                        );
                        self.p.problem(s.span.clone(), m, None);
                        None
                    }
                    (false, true) => {
                        let m = format!(
                            "`{}` is one zone for the table: it takes no seat",
                            s.zone.name
                        );
                        self.p.problem(s.span.clone(), m, None);
                        None
                    }
                    _ => Some((z, seat)),
                }
            }
            CardTerm::Index { zone, index, span } => {
                let i = self.shape.zones.iter().position(|z| z.0 == zone.name);
                match i {
                    Some(i) if self.shape.zones[i].2 => {
                        // A seat is an index too (a zone of one pile a seat).
                        let x = match self.expr(index)? {
                            (x, Ty::Num | Ty::Seat) => x,
                            (_, ty) => {
                                let m =
                                    format!("expected a number, found {}", noun(ty, self.shape));
                                self.p.problem(index.span(), m, None);
                                return None;
                            }
                        };
                        Some((i as u8, Some(x)))
                    }
                    Some(_) => {
                        let m =
                            format!("`{}` is not an indexed zone (it has no `count`)", zone.name);
                        self.p.problem(span.clone(), m, None);
                        None
                    }
                    None => {
                        let known: Vec<&str> = self
                            .shape
                            .zones
                            .iter()
                            .filter(|z| z.2)
                            .map(|z| z.0)
                            .collect();
                        self.p.unknown("indexed zone", zone, &known);
                        None
                    }
                }
            }
        }
    }

    /// `deck(<id>)`: every card of a deck, in number order.
    fn deck_term(&mut self, index: &Expr) -> Option<Term> {
        let id = match index {
            Expr::Var(id) => id,
            e => {
                self.p
                    .problem(e.span(), "`deck(...)` takes a deck's id", None);
                return None;
            }
        };
        match self.shape.decks.iter().position(|d| *d == id.name) {
            Some(d) => Some(Term::Deck(d as u8)),
            None => {
                let known = self.shape.decks.clone();
                self.p.unknown("deck", id, &known);
                None
            }
        }
    }

    fn set(&mut self, cards: &Cards) -> SId {
        let mut terms = Vec::new();
        for t in &cards.terms {
            match t {
                CardTerm::Name(id)
                    if self.scope.iter().any(|s| s.0 == id.name) || self.is_card_counter(id) =>
                {
                    if let Some(x) = self.typed(&Expr::Var(id.clone()), Ty::Card) {
                        terms.push(Term::Card(x));
                    }
                }
                CardTerm::Index { zone, index, .. }
                    if zone.name == "deck"
                        && !self.shape.zones.iter().any(|z| z.0 == "deck" && z.2) =>
                {
                    if let Some(t) = self.deck_term(index) {
                        terms.push(t);
                    }
                }
                _ => {
                    if let Some((zone, seat)) = self.zone_term(t) {
                        terms.push(Term::Zone { zone, seat });
                    }
                }
            }
        }
        self.prog.sets.push(CardSet { terms });
        (self.prog.sets.len() - 1) as SId
    }

    fn is_card_counter(&self, id: &Ident) -> bool {
        self.shape
            .counters
            .iter()
            .any(|c| c.0 == id.name && !c.1 && c.2 == Ty::Card)
    }

    // ----- Tests ------------------------------------------------------------

    fn test(&mut self, t: &ast::Test) -> TId {
        use ast::Test as A;
        let out = match t {
            A::Or(ts) => {
                let parts: Vec<TId> = ts.iter().map(|t| self.test(t)).collect();
                self.fold(parts, true)
            }
            A::And(ts) => {
                let parts: Vec<TId> = ts.iter().map(|t| self.test(t)).collect();
                self.fold(parts, false)
            }
            A::Not(t) => {
                let inner = self.test(t);
                match self.prog.ts[inner as usize] {
                    T::Const(b) => T::Const(!b),
                    _ => T::Not(inner),
                }
            }
            A::Compare(a, op, b, span) => self.compare(a, *op, b, span),
            A::Any(c) => T::Any(self.set(c)),
            A::In(c, s) => match self.typed(c, Ty::Card) {
                Some(c) => T::In(c, self.set(s)),
                None => T::Const(false),
            },
            A::No(c) => T::No(self.set(c)),
            A::Has(..) | A::AnyWhere(..) => self.calls_test(t),
            A::Flag(id) => match self.shape.flags.iter().find(|f| f.0 == id.name) {
                Some(f) => T::Const(f.1),
                None => match self.derived(&id.name) {
                    Some(t) => return self.test(t),
                    None => {
                        let mut known: Vec<&str> = self.shape.flags.iter().map(|f| f.0).collect();
                        known.extend(self.shape.derived.iter().map(|d| d.0));
                        self.p.unknown("flag", id, &known);
                        T::Const(false)
                    }
                },
            },
        };
        self.t(out)
    }

    /// `or` (`any` true) or `and` of parts, constants folded.
    fn fold(&mut self, parts: Vec<TId>, any: bool) -> T {
        let mut kept = Vec::new();
        for p in parts {
            match self.prog.ts[p as usize] {
                T::Const(b) if b == any => return T::Const(any),
                T::Const(_) => {}
                _ => kept.push(p),
            }
        }
        match kept.len() {
            0 => T::Const(!any),
            1 => self.prog.ts[kept[0] as usize].clone(),
            _ if any => T::Or(kept),
            _ => T::And(kept),
        }
    }

    fn compare(&mut self, a: &Expr, op: ast::CmpOp, b: &Expr, span: &Range<usize>) -> T {
        let (Some((xa, ta)), Some((xb, tb))) = (self.expr(a), self.expr(b)) else {
            return T::Const(false);
        };
        let seat_int = |t: Ty, e: &Expr| t == Ty::Seat || matches!(e, Expr::Int(_));
        let same = ta == tb
            || (seat_int(ta, a) && seat_int(tb, b))
            || (is_none(a) && tb != Ty::Num)
            || (is_none(b) && ta != Ty::Num)
            || self.same_values(ta, tb)
            || self.same_values(tb, ta);
        if !same {
            let m = format!(
                "compares {} with {}",
                noun(ta, self.shape),
                noun(tb, self.shape)
            );
            self.p.problem(span.clone(), m, None);
        } else if !matches!(op, ast::CmpOp::Eq | ast::CmpOp::Ne) && ta != Ty::Num {
            let m = format!(
                "only numbers are ordered; this compares {}",
                noun(ta, self.shape)
            );
            self.p.problem(span.clone(), m, None);
        }
        self.exists(xa, op, xb).unwrap_or(T::Cmp(xa, op, xb))
    }

    /// `count(v in D where t)` compared with 0 as a search for the first
    /// item that passes ([`T::Exists`]), which stops there: `== 0` and
    /// `<= 0` are its negation, `!= 0` and `> 0` itself (either side).
    /// Only where the locals are left as the count leaves them: a domain
    /// of seats, values or one zone, and a test that sets no local.
    fn exists(&mut self, xa: XId, op: ast::CmpOp, xb: XId) -> Option<T> {
        use ast::CmpOp as C;
        let xs = &self.prog.xs;
        let (count, op) = match (&xs[xa as usize], &xs[xb as usize]) {
            (X::Agg { .. }, X::Int(0)) => (xa, op),
            (X::Int(0), X::Agg { .. }) => (
                xb,
                match op {
                    C::Lt => C::Gt,
                    C::Le => C::Ge,
                    C::Gt => C::Lt,
                    C::Ge => C::Le,
                    o => o,
                },
            ),
            _ => return None,
        };
        let X::Agg {
            op: Agg::Count,
            var,
            dom,
            ref keys,
            test: Some(test),
        } = xs[count as usize]
        else {
            return None;
        };
        let one_zone = |s: SId| {
            matches!(self.prog.sets[s as usize].terms[..], [Term::Zone { .. }])
                && !self.prog.set_sets(s)
        };
        let dom_ok = match dom {
            Dom::Seats | Dom::Values(_) => true,
            Dom::Cards(s) => one_zone(s),
        };
        if !keys.is_empty() || !dom_ok || self.prog.test_sets(test) {
            return None;
        }
        let found = T::Exists {
            var,
            dom,
            test,
            settle: true,
        };
        match op {
            C::Ne | C::Gt => Some(found),
            C::Eq | C::Le => Some(T::Not(self.t(found))),
            C::Lt | C::Ge => None,
        }
    }

    /// Whether values of type `a` compare with those of `b`: two
    /// attributes whose values have the same ids in the same order (a
    /// kind of value named by two attributes of the cards), or an attribute
    /// whose values are the seats' ids (one copy of a deck a seat).
    fn same_values(&self, a: Ty, b: Ty) -> bool {
        let Ty::Value(a) = a else {
            return false;
        };
        let values = &self.shape.attrs[a as usize].1;
        match b {
            Ty::Value(b) => *values == self.shape.attrs[b as usize].1,
            Ty::Seat => *values == self.shape.seats,
            _ => false,
        }
    }

    // ----- Expressions --------------------------------------------------------

    /// `e` of type `want` (a whole number stands for a seat).
    fn typed(&mut self, e: &Expr, want: Ty) -> Option<XId> {
        let (x, ty) = self.expr(e)?;
        let ok = ty == want
            || (want == Ty::Seat && matches!(e, Expr::Int(_)))
            || (is_none(e) && !matches!(want, Ty::Num | Ty::Bool));
        if !ok {
            let m = format!(
                "expected {}, found {}",
                noun(want, self.shape),
                noun(ty, self.shape)
            );
            self.p.problem(e.span(), m, None);
            return None;
        }
        Some(x)
    }

    fn num(&mut self, e: &Expr) -> Option<XId> {
        self.typed(e, Ty::Num)
    }

    fn expr(&mut self, e: &Expr) -> Option<(XId, Ty)> {
        let out = match e {
            Expr::Int(n) => (X::Int(n.value.min(i32::MAX as u32) as i32), Ty::Num),
            Expr::Count(c) => (X::Count(self.set(c)), Ty::Num),
            Expr::Value(c) => {
                self.p.problem(
                    c.span.clone(),
                    "`value(...)` has no meaning in a described game; use `c.<attribute>`",
                    None,
                );
                return None;
            }
            Expr::Neg(x) => (X::Neg(self.num(x)?), Ty::Num),
            Expr::Add(a, b) => (X::Add(self.num(a)?, self.num(b)?), Ty::Num),
            Expr::Sub(a, b) => (X::Sub(self.num(a)?, self.num(b)?), Ty::Num),
            Expr::Mul(a, b) => (X::Mul(self.num(a)?, self.num(b)?), Ty::Num),
            Expr::If(t, a, b) => {
                let t = self.test(t);
                let (xa, ta) = self.expr(a)?;
                let xb = self.typed(b, ta)?;
                match self.prog.ts[t as usize] {
                    T::Const(true) => return Some((xa, ta)),
                    T::Const(false) => return Some((xb, ta)),
                    _ => (X::If(t, xa, xb), ta),
                }
            }
            Expr::Bool(t, _) => {
                let t = self.test(t);
                match self.prog.ts[t as usize] {
                    T::Const(b) => (X::Int(i32::from(b)), Ty::Num),
                    _ => (X::Bool(t), Ty::Num),
                }
            }
            Expr::Aggregate(a) => {
                return self.aggregate(&a.op, &a.var, &a.domain, &a.keys, a.test.as_ref());
            }
            Expr::Call(f, args) => return self.call(f, args),
            Expr::Attr(c, a) => {
                let card = self.typed(&Expr::Var(c.clone()), Ty::Card)?;
                let i = self.shape.attrs.iter().position(|x| x.0 == a.name);
                let Some(i) = i else {
                    let known: Vec<&str> = self.shape.attrs.iter().map(|x| x.0).collect();
                    self.p.unknown("attribute", a, &known);
                    return None;
                };
                let ty = if self.shape.attrs[i].1.is_empty() {
                    Ty::Num
                } else {
                    Ty::Value(i as u8)
                };
                (X::Attr(card, i as u8), ty)
            }
            Expr::Index(v, seat) => {
                let (i, per, ty) = self.counter(v)?;
                if self.cells_of(i).is_some() {
                    return self.cell(i, ty, seat);
                }
                if !per {
                    let m = format!("`{}` is one counter for the game, not one per seat", v.name);
                    self.p.problem(v.span.clone(), m, None);
                    return None;
                }
                (X::Per(i, self.typed(seat, Ty::Seat)?), ty)
            }
            Expr::Var(id) => return self.name(id),
        };
        Some((self.x(out.0), out.1))
    }

    /// A name: a variable, a counter, a number, a flag (0 or 1), a value of
    /// an attribute, or `players`.
    fn name(&mut self, id: &Ident) -> Option<(XId, Ty)> {
        let n = id.name.as_str();
        if let Some(&(_, l, ty)) = self.scope.iter().rev().find(|s| s.0 == n) {
            return Some((self.x(X::Local(l)), ty));
        }
        if let Some(i) = self.shape.counters.iter().position(|c| c.0 == n) {
            let (_, per, ty) = self.shape.counters[i];
            if let Some(c) = self.cells_of(i as u8) {
                let what = if c.per_card { "card" } else { "index" };
                let m = format!("`{n}` is kept per {what}: write `{n}[<{what}>]`");
                self.p.problem(id.span.clone(), m, None);
                return None;
            }
            if per {
                let m = format!("`{n}` is kept per seat: write `{n}[<seat>]`");
                self.p.problem(id.span.clone(), m, None);
                return None;
            }
            return Some((self.x(X::Glob(i as u8)), ty));
        }
        if let Some(&(_, v)) = self.shape.numbers.iter().find(|x| x.0 == n) {
            return Some((self.x(X::Int(v)), Ty::Num));
        }
        if let Some(&(_, b)) = self.shape.flags.iter().find(|x| x.0 == n) {
            return Some((self.x(X::Int(i32::from(b))), Ty::Num));
        }
        if let Some(t) = self.derived(n) {
            let t = self.test(t);
            return Some((self.x(X::Bool(t)), Ty::Num));
        }
        for (a, (_, values)) in self.shape.attrs.iter().enumerate() {
            if let Some(v) = values.iter().position(|v| *v == n) {
                return Some((self.x(X::Int(v as i32)), Ty::Value(a as u8)));
            }
        }
        if n == "players" {
            return Some((self.x(X::Players), Ty::Num));
        }
        if n == "none" {
            return Some((self.x(X::Int(-1)), Ty::Card));
        }
        let mut known: Vec<&str> = self
            .scope
            .iter()
            .map(|s| s.0.as_str())
            .filter(|s| !s.starts_with(' '))
            .collect();
        known.extend(self.shape.counters.iter().map(|c| c.0));
        known.extend(self.shape.numbers.iter().map(|c| c.0));
        known.extend(self.shape.flags.iter().map(|c| c.0));
        known.extend(self.shape.derived.iter().map(|c| c.0));
        self.p.unknown("name", id, &known);
        None
    }

    fn call(&mut self, f: &Ident, args: &[Expr]) -> Option<(XId, Ty)> {
        let arity = |c: &mut Self, n: usize| {
            if args.len() != n {
                c.p.problem(
                    f.span.clone(),
                    format!("`{}` takes {n} argument(s)", f.name),
                    None,
                );
                return false;
            }
            true
        };
        let (x, ty) = match f.name.as_str() {
            "owner" if arity(self, 1) => (X::Owner(self.typed(&args[0], Ty::Card)?), Ty::Seat),
            "pos" if arity(self, 1) => (X::Pos(self.typed(&args[0], Ty::Card)?), Ty::Num),
            "next" if arity(self, 1) => (X::Next(self.typed(&args[0], Ty::Seat)?), Ty::Seat),
            "before" if arity(self, 1) => (X::Before(self.typed(&args[0], Ty::Card)?), Ty::Card),
            "after" if arity(self, 1) => (X::After(self.typed(&args[0], Ty::Card)?), Ty::Card),
            "index" if arity(self, 1) => (X::Index(self.typed(&args[0], Ty::Card)?), Ty::Num),
            "zone_count" if arity(self, 1) => (X::Int(self.zone_count(&args[0])?), Ty::Num),
            "max" if arity(self, 2) => (X::Max(self.num(&args[0])?, self.num(&args[1])?), Ty::Num),
            "min" if arity(self, 2) => (X::Min(self.num(&args[0])?, self.num(&args[1])?), Ty::Num),
            // F. Whether a seat sees a card where it lies.
            "seen_by" if arity(self, 2) => {
                let c = self.typed(&args[0], Ty::Card)?;
                (X::SeenBy(c, self.typed(&args[1], Ty::Seat)?), Ty::Num)
            }
            "owner" | "pos" | "next" | "max" | "min" | "before" | "after" | "index"
            | "zone_count" | "seen_by" => return None,
            _ => {
                let known = [
                    "owner",
                    "pos",
                    "next",
                    "max",
                    "min",
                    "before",
                    "after",
                    "index",
                    "zone_count",
                    "seen_by",
                ];
                self.p.unknown("function", f, &known);
                return None;
            }
        };
        Some((self.x(x), ty))
    }

    /// `zone_count(<zone>)`: the zone's number of piles in this game.
    fn zone_count(&mut self, e: &Expr) -> Option<i32> {
        let Expr::Var(id) = e else {
            self.p
                .problem(e.span(), "`zone_count(...)` takes a zone's id", None);
            return None;
        };
        match self.shape.zones.iter().position(|z| z.0 == id.name) {
            Some(i) => Some(self.shape.zone_counts[i]),
            None => {
                let known: Vec<&str> = self.shape.zones.iter().map(|z| z.0).collect();
                self.p.unknown("zone", id, &known);
                None
            }
        }
    }

    fn aggregate(
        &mut self,
        op: &Ident,
        var: &Ident,
        domain: &Domain,
        keys: &[Expr],
        test: Option<&ast::Test>,
    ) -> Option<(XId, Ty)> {
        let agg = match op.name.as_str() {
            "sum" => Agg::Sum,
            "max" => Agg::Max,
            "min" => Agg::Min,
            "count" => Agg::Count,
            _ => Agg::Best,
        };
        let depth = self.scope.len();
        let (dom, ty) = match domain {
            Domain::Seats => (Dom::Seats, Ty::Seat),
            Domain::Cards(c) => (Dom::Cards(self.set(c)), Ty::Card),
            Domain::Values(a) => self.values_domain(a)?,
        };
        let v = self.local(&var.name, ty);
        let mut ks = Vec::new();
        for k in keys {
            if let Some(x) = self.num(k) {
                ks.push(x);
            }
        }
        let t = test.map(|t| self.test(t));
        self.scope.truncate(depth);
        let want = match agg {
            Agg::Count | Agg::Best => 0..=usize::MAX,
            _ => 1..=1,
        };
        if !want.contains(&keys.len()) || (agg == Agg::Count && !keys.is_empty()) {
            let m = match agg {
                Agg::Count => "`count(x in ... where ...)` takes no expression".to_string(),
                _ => format!("`{}` takes one expression after `:`", op.name),
            };
            self.p.problem(op.span.clone(), m, None);
            return None;
        }
        let out_ty = if agg == Agg::Best { ty } else { Ty::Num };
        // A count of cards that every card passes (a test a flag folded
        // to true): the set's size, read without going through the cards.
        let always = t.is_none_or(|t| self.prog.ts[t as usize] == T::Const(true));
        if let (Agg::Count, Dom::Cards(s), true) = (agg, &dom, always) {
            return Some((self.x(X::Count(*s)), Ty::Num));
        }
        let x = self.x(X::Agg {
            op: agg,
            var: v,
            dom,
            keys: ks,
            test: t,
        });
        Some((x, out_ty))
    }
}
