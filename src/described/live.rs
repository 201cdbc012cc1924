//! Which locals a run may still read after each op (a liveness analysis
//! over the program's ops), and the first use of it: a `count` compared
//! with 0 becomes a search that stops at its first item
//! ([`T::Exists`] without `settle`) where what the count leaves in the
//! locals is never read.
//!
//! Invariant: at every place where a run may stop (a decision, a call or
//! return, the game's end, a jump back that may hit the step cap, a
//! shuffle, draw or `tell`), every local counts as read. So the locals
//! there, which a save's fingerprint covers, are the same with and without
//! the searches relaxed: a value no op reads before it is set again is
//! all that may differ, and only between two such places.

use super::compile::MAX_LOCALS;
use super::program::*;
use crate::effects::ast::CmpOp;

/// A set of locals, bit `k` for local `k`.
type Locals = u64;
const ALL: Locals = u64::MAX;
const _: () = assert!(MAX_LOCALS <= 64);

fn bit(k: u8) -> Locals {
    1 << (k % 64)
}

/// The locals an expression reads before it sets them (`reads`) and those
/// it may set (`sets`: its aggregates' and searches' variables).
#[derive(Default, Clone, Copy)]
struct Uses {
    reads: Locals,
    sets: Locals,
}

struct Walk<'a> {
    p: &'a Program,
    uses: Uses,
    /// The counts compared with 0 met on the way (the test's index).
    found: Vec<TId>,
}

impl Walk<'_> {
    fn part(&mut self, part: Part, bound: Locals) {
        match part {
            Part::X(x) => self.x(x, bound),
            Part::T(t) => self.t(t, bound),
            Part::Set(s) => self.set(s, bound),
        }
    }

    fn x(&mut self, x: XId, bound: Locals) {
        let p = self.p;
        let node = &p.xs[x as usize];
        match *node {
            X::Local(k) if bound & bit(k) == 0 => self.uses.reads |= bit(k),
            X::Agg { var, .. } => self.uses.sets |= bit(var),
            _ => {}
        }
        node.parts(|part, var| self.part(part, bound | var.map_or(0, bit)));
    }

    fn t(&mut self, t: TId, bound: Locals) {
        if count_with_zero(self.p, t).is_some() {
            self.found.push(t);
        }
        let p = self.p;
        let node = &p.ts[t as usize];
        if let T::Exists { var, .. } = *node {
            self.uses.sets |= bit(var);
        }
        node.parts(|part, var| self.part(part, bound | var.map_or(0, bit)));
    }

    fn set(&mut self, s: SId, bound: Locals) {
        let p = self.p;
        p.sets[s as usize].parts(|part| self.part(part, bound));
    }
}

/// What the expressions, tests and sets in `roots` use, and the counts
/// compared with 0 among them.
fn walk(p: &Program, roots: &Roots) -> (Uses, Vec<TId>) {
    let mut w = Walk {
        p,
        uses: Uses::default(),
        found: Vec::new(),
    };
    roots.xs.iter().for_each(|&x| w.x(x, 0));
    roots.ts.iter().for_each(|&(t, bound)| w.t(t, bound));
    roots.sets.iter().for_each(|&s| w.set(s, 0));
    (w.uses, w.found)
}

/// The expressions, tests (each with the locals it finds set) and card
/// sets an op evaluates, and the locals it reads or sets itself.
#[derive(Default)]
struct Roots {
    xs: Vec<XId>,
    ts: Vec<(TId, Locals)>,
    sets: Vec<SId>,
    reads: Locals,
    /// The local it sets for sure, after its expressions are evaluated.
    kills: Locals,
}

/// `op`'s roots; `None` for an op where a run may stop or a call
/// begins or ends: every local counts as read there.
fn roots(op: &Op, at: usize) -> Option<Roots> {
    let mut r = Roots::default();
    match *op {
        Op::Phase(_) | Op::Clear { .. } => {}
        Op::Jump(t) if usize::from(t) > at => {}
        Op::JumpUnless(t, _) => r.ts.push((t, 0)),
        Op::ForInit { from, .. } => r.xs.push(from),
        Op::ForTest { count, .. } => r.reads = bit(count),
        Op::SetGlob(_, x) => r.xs.push(x),
        Op::SetLocal(k, x) => {
            r.xs.push(x);
            r.kills = bit(k);
        }
        Op::SetPer(_, s, x) => r.xs.extend([s, x]),
        Op::Put {
            set, seat, after, ..
        } => {
            r.sets.push(set);
            r.xs.extend(seat.into_iter().chain(after));
        }
        Op::Discard(s) | Op::Reveal(s) => r.sets.push(s),
        Op::SetCell { ix, to, .. } => r.xs.extend([ix, to]),
        Op::ForCardInit { set, .. } => r.sets.push(set),
        Op::ForCardSkip {
            set,
            base,
            var,
            has,
            ..
        } => {
            r.sets.push(set);
            r.ts.push((has, bit(var)));
            r.reads = bit(base);
        }
        Op::ForCardNext { base, n, i, .. } => r.reads = bit(base) | bit(n) | bit(i),
        Op::ForCardNextIf {
            var,
            base,
            n,
            i,
            test,
            ..
        } => {
            r.ts.push((test, bit(var)));
            r.reads = bit(base) | bit(n) | bit(i);
        }
        Op::ForCardEnd { base } => r.reads = bit(base),
        Op::Jump(_)
        | Op::ForStep { .. }
        | Op::Choose { .. }
        | Op::Shuffle(_)
        | Op::Draw { .. }
        | Op::Tell(_)
        | Op::EndGame
        | Op::Run { .. }
        | Op::Return => return None,
    }
    Some(r)
}

/// The locals that may be read after each op before they are set again
/// (every local at a place where a run may stop, and past the last op).
fn live_after(p: &Program) -> Vec<Locals> {
    let n = p.ops.len();
    let reads: Vec<Option<(Locals, Locals)>> = p
        .ops
        .iter()
        .enumerate()
        .map(|(at, op)| roots(op, at).map(|r| (walk(p, &r).0.reads | r.reads, r.kills)))
        .collect();
    let mut live_in = vec![0; n];
    let live_at = |live_in: &[Locals], pc: usize| live_in.get(pc).copied().unwrap_or(ALL);
    let after = |live_in: &[Locals], at: usize| {
        let op = &p.ops[at];
        let mut out = 0;
        if op.falls_through() || op.may_go_on() {
            out |= live_at(live_in, at + 1);
        }
        if let Some(t) = op.target() {
            out |= live_at(live_in, usize::from(t));
        }
        out
    };
    // Backward to a fixed point: each round only adds locals.
    loop {
        let mut changed = false;
        for at in (0..n).rev() {
            let v = match reads[at] {
                None => ALL,
                Some((reads, kills)) => reads | (after(&live_in, at) & !kills),
            };
            if v != live_in[at] {
                live_in[at] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).map(|at| after(&live_in, at)).collect()
}

/// Test `t` if it is `count(v in D where t) <op> 0` that a search can
/// answer (as `compile.rs` makes [`T::Exists`]: no keys, a domain of
/// seats, values or one zone whose seat sets no local): the count, and
/// whether the search's answer is negated.
fn count_with_zero(p: &Program, t: TId) -> Option<(XId, bool)> {
    let T::Cmp(a, op, b) = p.ts[t as usize] else {
        return None;
    };
    let (count, op) = match (&p.xs[a as usize], &p.xs[b as usize]) {
        (X::Agg { .. }, X::Int(0)) => (a, op),
        (X::Int(0), X::Agg { .. }) => (b, flipped(op)),
        _ => return None,
    };
    let X::Agg {
        op: Agg::Count,
        dom,
        ref keys,
        test: Some(_),
        ..
    } = p.xs[count as usize]
    else {
        return None;
    };
    let one_zone =
        |s: SId| matches!(p.sets[s as usize].terms[..], [Term::Zone { .. }]) && !p.set_sets(s);
    let dom_ok = match dom {
        Dom::Seats | Dom::Values(_) => true,
        Dom::Cards(s) => one_zone(s),
    };
    if !keys.is_empty() || !dom_ok {
        return None;
    }
    match op {
        CmpOp::Ne | CmpOp::Gt => Some((count, false)),
        CmpOp::Eq | CmpOp::Le => Some((count, true)),
        CmpOp::Lt | CmpOp::Ge => None,
    }
}

/// Each count compared with 0 that only ops evaluate, and whose
/// variables (its own and those set inside it) no op reads after it
/// before setting them again, made a search that stops at its first
/// item and leaves its variable where it stopped. `others`: the
/// expressions evaluated outside the ops (the measures), whose counts
/// stay as they are, as do those of the choices, `tell`s and the
/// agents' evaluation. Returns how many counts were relaxed.
pub fn relax_searches(p: &mut Program, others: &[XId]) -> usize {
    let live = live_after(p);
    // Per test: None not met, Some(ok) whether every use allows it.
    let mut verdict: Vec<Option<bool>> = vec![None; p.ts.len()];
    let judge = |verdict: &mut Vec<Option<bool>>, t: TId, ok: bool| {
        let v = &mut verdict[t as usize];
        *v = Some(v.unwrap_or(true) && ok);
    };
    for (at, op) in p.ops.iter().enumerate() {
        let Some(r) = roots(op, at) else {
            // A decision, a call: its expressions are few and read with
            // every local live; leave them.
            let mut w = Roots::default();
            match *op {
                Op::Choose { by: x, .. } | Op::Draw { seat: x, .. } | Op::Run { card: x, .. } => {
                    w.xs.push(x)
                }
                Op::Shuffle(s) => w.sets.push(s),
                _ => {}
            }
            walk(p, &w)
                .1
                .into_iter()
                .for_each(|t| judge(&mut verdict, t, false));
            continue;
        };
        let (uses, found) = walk(p, &r);
        let seen = (live[at] & !r.kills) | uses.reads | r.reads;
        for t in found {
            let sets = count_sets(p, t);
            judge(&mut verdict, t, sets & seen == 0);
        }
    }
    let mut outside = Roots::default();
    for ch in &p.choices {
        for o in &ch.options {
            outside.ts.extend(o.test.map(|t| (t, 0)));
            outside.sets.extend(o.card.map(|(_, s)| s));
        }
    }
    for tell in &p.tells {
        outside.xs.extend(tell.args.iter().map(|a| a.1));
    }
    outside.xs.extend(p.evaluation.map(|e| e.0));
    outside.xs.extend_from_slice(others);
    for t in walk(p, &outside).1 {
        judge(&mut verdict, t, false);
    }
    let mut relaxed = 0;
    for (t, v) in verdict.iter().enumerate() {
        if *v != Some(true) {
            continue;
        }
        let Some((count, negated)) = count_with_zero(p, t as TId) else {
            continue;
        };
        let X::Agg {
            var,
            dom,
            test: Some(test),
            ..
        } = p.xs[count as usize]
        else {
            continue;
        };
        let search = T::Exists {
            var,
            dom,
            test,
            settle: false,
        };
        p.ts[t] = if negated {
            p.ts.push(search);
            T::Not((p.ts.len() - 1) as TId)
        } else {
            search
        };
        relaxed += 1;
    }
    relaxed
}

/// `a op b` as `b op' a`.
fn flipped(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        o => o,
    }
}

/// The locals a count compared with 0 may set: its variable and those
/// set inside it.
fn count_sets(p: &Program, t: TId) -> Locals {
    let mut w = Walk {
        p,
        uses: Uses::default(),
        found: Vec::new(),
    };
    w.t(t, 0);
    w.uses.sets
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program: `let a = count(v in seats where v > l1) == 0` (local 0,
    /// the count's variable 2), then `let b = a` (local 2, or local 1 when
    /// the count's variable is read: `let b = l2`), then a decision.
    fn program(read_var_after: bool) -> Program {
        let xs = vec![
            X::Local(2), // 0
            X::Local(1), // 1
            X::Agg {
                op: Agg::Count,
                var: 2,
                dom: Dom::Seats,
                keys: vec![],
                test: Some(0),
            }, // 2
            X::Int(0),   // 3
            X::Bool(1),  // 4
            X::Local(0), // 5
        ];
        let ts = vec![T::Cmp(0, CmpOp::Gt, 1), T::Cmp(2, CmpOp::Eq, 3)];
        let ops = vec![
            Op::SetLocal(0, 4),
            if read_var_after {
                Op::SetLocal(1, 0)
            } else {
                Op::SetLocal(2, 5)
            },
            Op::Choose { by: 5, choice: 0 },
        ];
        Program {
            ops,
            xs,
            ts,
            ..Program::default()
        }
    }

    #[test]
    fn a_count_whose_variable_is_dead_is_relaxed() {
        let mut p = program(false);
        assert_eq!(relax_searches(&mut p, &[]), 1);
        assert_eq!(p.ts[1], T::Not(2));
        assert_eq!(
            p.ts[2],
            T::Exists {
                var: 2,
                dom: Dom::Seats,
                test: 0,
                settle: false
            }
        );
    }

    #[test]
    fn a_count_whose_variable_is_read_after_is_left() {
        let mut p = program(true);
        assert_eq!(relax_searches(&mut p, &[]), 0);
        assert_eq!(p.ts[1], T::Cmp(2, CmpOp::Eq, 3));
    }

    /// Every local is live before a decision, a call and a jump back.
    #[test]
    fn every_local_is_live_where_a_run_may_stop() {
        let p = program(false);
        let live = live_after(&p);
        assert_eq!(live[1], ALL);
        // After the first op: all but local 2, set by the second before
        // the decision.
        assert_eq!(live[0], ALL & !bit(2));
    }
}
