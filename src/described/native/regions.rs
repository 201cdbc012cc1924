//! The generated ops' loop as structured code: the program's ops cut
//! into regions, each written once as Rust in which the jumps that stay
//! inside it are plain control flow (a labelled block broken out of for
//! a jump forward, the region's own loop for a jump back to its start),
//! so that only a jump out of a region goes back to the dispatch.
//!
//! Invariants: the regions cut the ops in order, each op in one region;
//! a region starts at every place a run may be sent to from elsewhere
//! (see [`entries`]) and at every op some op after it jumps back to, or
//! that an op outside the region jumps to. So every place the dispatch
//! is given is a region's start, and every jump inside a region goes
//! forward to an op of it or back to its start. An op runs the same in
//! a region as alone: `exec`, with its place a constant.

use std::fmt::Write;

use crate::described::program::{Op, Program};

/// The places a run may be sent to other than by an op's own target:
/// the first op, each option's first op, each choice's end, each
/// ability's block, and each op after a `run` (where a block returns).
fn entries(p: &Program) -> Vec<bool> {
    let mut entry = vec![false; p.ops.len() + 1];
    let mut mark = |pc: u16| {
        if let Some(e) = entry.get_mut(usize::from(pc)) {
            *e = true;
        }
    };
    mark(0);
    for ch in &p.choices {
        mark(ch.end);
        ch.options.iter().for_each(|o| mark(o.body));
    }
    for &(pc, _) in &p.calls.entry {
        mark(pc);
    }
    for (pc, op) in p.ops.iter().enumerate() {
        if matches!(op, Op::Run { .. }) {
            mark(pc as u16 + 1);
        }
    }
    entry
}

/// Whether the op may go on to the next op.
fn to_next(op: &Op) -> bool {
    op.falls_through() || op.may_go_on()
}

/// The regions' starts: `starts[pc]` if a region starts at `pc`. The
/// ops from a region's start are taken in while the next op is no entry
/// and every op that may go to it lies between the start and it.
pub fn starts(p: &Program) -> Vec<bool> {
    let n = p.ops.len();
    let entry = entries(p);
    // The lowest op that may go to each op (by its target or by going
    // on), and whether any does from after it (a jump back).
    let mut first_from = vec![usize::MAX; n + 1];
    let mut from_after = vec![false; n + 1];
    for (pc, op) in p.ops.iter().enumerate() {
        if to_next(op) {
            first_from[pc + 1] = first_from[pc + 1].min(pc);
        }
        // A target past the program's end (none is compiled) is left out.
        if let Some(t) = op.target().map(usize::from).filter(|&t| t <= n) {
            first_from[t] = first_from[t].min(pc);
            from_after[t] |= pc >= t;
        }
    }
    let mut start = vec![false; n];
    let mut region = 0;
    for pc in 0..n {
        let alone = pc == 0 || entry[pc] || from_after[pc] || first_from[pc] < region;
        if alone || first_from[pc] == usize::MAX {
            start[pc] = true;
            region = pc;
        }
    }
    start
}

/// The ops' loop of the generated `run`: `match pc` over the regions'
/// starts, each region's code, and the closures for any other place.
pub fn ops_loop(p: &Program) -> String {
    let start = starts(p);
    let mut s =
        String::from("        let mut pc = c.pc;\n        'run: loop {\n            match pc {\n");
    let n = p.ops.len();
    let mut a = 0;
    while a < n {
        let b = (a + 1..n).find(|&pc| start[pc]).unwrap_or(n);
        s.push_str(&region(p, a, b));
        a = b;
    }
    s.push_str(
        "                at => {\n                    \
         let Some(op) = r.program.ops.get(usize::from(at)) else {\n                        \
         c.pc = at;\n                        c.finish(End::Game);\n                        return steps;\n                    };\n                    \
         let Some(n) = c.exec::<Tables>(r, l, at, op, &mut steps) else {\n                        return steps;\n                    };\n                    \
         pc = n;\n                }\n            }\n        }\n",
    );
    s
}

/// The code of the region of ops `a..b`.
fn region(p: &Program, a: usize, b: usize) -> String {
    let ops = &p.ops[a..b];
    // The targets inside the region that a jump forward reaches: a block
    // ends just before each (the innermost the nearest).
    let mut inner: Vec<usize> = ops
        .iter()
        .enumerate()
        .filter_map(|(i, op)| op.target().map(|t| (a + i, usize::from(t))))
        .filter(|&(at, t)| t > at && t < b)
        .map(|(_, t)| t)
        .collect();
    inner.sort_unstable();
    inner.dedup();
    let loops = ops.iter().any(|op| op.target() == Some(a as u16));
    let mut s = format!("                {a} => ");
    s.push_str(if loops { "'top: loop {" } else { "{" });
    for t in inner.iter().rev() {
        let _ = write!(s, " 'b{t}: {{");
    }
    for (i, op) in ops.iter().enumerate() {
        let at = a + i;
        if inner.binary_search(&at).is_ok() {
            s.push_str(" }");
        }
        let _ = write!(
            s,
            " let Some(n) = c.exec::<P>(r, l, {at}, &Op::{op:?}, &mut steps) else {{ return steps; }};"
        );
        let go = |t: usize| -> String {
            if t == a {
                " continue 'top;".to_string()
            } else if t > at && t < b {
                format!(" break 'b{t};")
            } else {
                " pc = n; continue 'run;".to_string()
            }
        };
        match (op.target(), to_next(op)) {
            (Some(t), true) => {
                let _ = write!(s, " if n != {} {{{} }}", at + 1, go(usize::from(t)));
            }
            (Some(t), false) => s.push_str(&go(usize::from(t))),
            (None, false) => s.push_str(" pc = n; continue 'run;"),
            (None, true) => {}
        }
    }
    if ops.last().is_some_and(to_next) {
        let _ = write!(s, " pc = {b}; continue 'run;");
    }
    s.push_str(" }\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `0: phase; 1: for-card next (exit 4); 2: if (else 3); 3: jump 1;
    /// 4: choose; 5: end`: a loop, a jump forward inside it, an option.
    fn program() -> Program {
        use crate::described::program::{Choice, OptionDef};
        let mut p = Program {
            ops: vec![
                Op::Phase(0),
                Op::ForCardNext {
                    var: 0,
                    base: 1,
                    n: 2,
                    i: 3,
                    exit: 4,
                },
                Op::JumpUnless(0, 3),
                Op::Jump(1),
                Op::Choose { by: 0, choice: 0 },
                Op::EndGame,
            ],
            ..Program::default()
        };
        p.choices.push(Choice {
            options: vec![OptionDef {
                name: "go".into(),
                card: None,
                index: None,
                test: None,
                test_reads_card: false,
                body: 5,
            }],
            end: 5,
            holds: Vec::new(),
        });
        p
    }

    /// A region starts at the first op, at the op jumped back to, and at
    /// an option's body; the jump forward inside the loop and the loop's
    /// exit stay inside the loop's region.
    #[test]
    fn regions_start_where_a_run_is_sent_from_elsewhere() {
        let starts: Vec<usize> = (0..6).filter(|&pc| starts(&program())[pc]).collect();
        assert_eq!(starts, vec![0, 1, 5]);
    }

    /// Inside the loop's region the jump forward breaks out of a block,
    /// the jump back loops, and going on past the region sets the place.
    #[test]
    fn a_region_jumps_inside_itself_without_the_dispatch() {
        let code = region(&program(), 1, 5);
        assert!(
            code.starts_with("                1 => 'top: loop {"),
            "{code}"
        );
        assert!(code.contains("if n != 3 { break 'b3; }"), "{code}");
        assert!(code.contains("continue 'top;"), "{code}");
        assert!(code.contains("if n != 2 { break 'b4; }"), "{code}");
        assert!(code.contains("pc = n; continue 'run;"), "{code}");
    }

    /// A target past the program's end is no place the dispatch is sent.
    #[test]
    fn a_target_out_of_the_program_does_not_panic() {
        let p = Program {
            ops: vec![Op::Jump(9)],
            ..Program::default()
        };
        assert_eq!(starts(&p), vec![true]);
        assert!(region(&p, 0, 1).contains("pc = n; continue 'run;"));
    }
}
