//! The interpreter every game shares: how a compiled program runs.
//!
//! A running program is a *frame*: the statement it is at (`pc`) and what
//! its `choose`s bound. Frames stack: a program may start another one (a
//! reaction to a card played), and the top
//! frame runs first. [`run`] runs the top frame's statements one after
//! another until one waits for a decision; a program past its last
//! statement ends, and the frame below goes on. [`answer`] binds a
//! `choose`'s variable and goes on; [`resume`] goes on after any other
//! decision.
//!
//! What a statement *does* is the game's: each game's ops act on its own
//! zones (counted cards in groups, ...),
//! through [`Interpreter`]. The order of statements, when a run
//! stops, what a `choose` without an answer does to the run, a statement
//! reading a declined `choose`, and how a program ends are this module's,
//! the same for every game (docs/effects.md section 12).
//!
//! **Invariants.** Only [`run`], [`answer`] and [`resume`] move a frame's
//! `pc` forward, except a game's specialised fast path tested equal to them.
//! A run returns only when the top frame waits for a decision or no frame is
//! left. Every frame ends through [`Interpreter::end_frame`].

/// A statement as the interpreter sees it.
pub trait Statement {
    /// The variable this statement binds, if it is a `choose`.
    fn choice(&self) -> Option<u8>;
}

/// A running program.
pub trait Frame {
    /// What a `choose` binds (a card, a group...).
    type Value;
    /// The next statement.
    fn pc(&mut self) -> &mut u8;
    /// The variables bound so far, one bit each (a declined `choose` leaves
    /// its variable unbound); all, for a game whose `choose`s are never
    /// declined.
    fn bound(&self) -> u32 {
        u32::MAX
    }
    fn bind(&mut self, var: u8, value: Self::Value);
}

/// What a statement did to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Done: on to the next statement.
    Next,
    /// The run stops here for a decision; the statement runs again after it
    /// (a `draw` of several cards, one at a time).
    Wait,
    /// The program ends here.
    End(Ending),
}

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It ran past its last statement.
    Done,
    /// A `choose` had no answer: the rest of the program cannot happen.
    NoAnswer,
    /// Another program cancelled it before it acted.
    Cancelled,
    /// The program stopped itself: a `require` that did not hold, a
    /// statement with nothing to act on, a declined choice that ends it.
    Unmet,
}

/// A game's side of the interpreter: its frames and what its ops do.
pub trait Interpreter {
    type Rules;
    type Op: Statement;
    type Frame: Frame;

    /// The rules holding the programs.
    fn rules(&self) -> &Self::Rules;
    /// The statement `f` is at, `None` past its program's end, with the
    /// variables it reads, one bit each: a statement reading an unbound
    /// one is skipped.
    fn statement<'r>(rules: &'r Self::Rules, f: &'r Self::Frame) -> Option<(&'r Self::Op, u32)>;
    fn frames(&self) -> &[Self::Frame];
    fn frames_mut(&mut self) -> &mut [Self::Frame];

    /// Before the top frame's next statement: the game may hold the run
    /// (a reaction window) or end the frame (it was cancelled).
    fn before(&mut self) -> Option<Flow> {
        None
    }
    // The three below read the statement the top frame is at themselves
    // (`statement`): a game's statements borrow its rules while they change
    // its state, which only the game can split.

    /// The top frame is at a `choose`: true if it has an answer (the run
    /// then waits for it; the game notes who decides).
    fn ask(&mut self) -> bool;
    /// The top frame's `choose` has no answer, or the player declined it.
    fn unanswered(&mut self) -> Flow;
    /// Any other statement, the top frame's.
    fn act(&mut self) -> Flow;
    /// Removes the top frame, which ended `how`.
    fn end_frame(&mut self, how: Ending);
    /// After each statement that ran and did not wait (not after one
    /// skipped, nor at a program's end).
    fn stepped(&mut self) {}
    /// No frame is left: the turn goes on.
    fn finished(&mut self) {}
}

/// Runs statements until one waits for a decision, or no frame is left.
#[inline]
pub fn run<I: Interpreter>(it: &mut I) {
    // Most turns start no program: no loop to set up for them.
    if it.frames().is_empty() {
        return it.finished();
    }
    run_frames(it)
}

fn run_frames<I: Interpreter>(it: &mut I) {
    loop {
        let Some(top) = it.frames().len().checked_sub(1) else {
            return it.finished();
        };
        let (flow, ran) = match it.before() {
            Some(flow) => (flow, false),
            None => statement(it, top),
        };
        match flow {
            Flow::Wait => return,
            Flow::Next => next(it, top),
            Flow::End(how) => it.end_frame(how),
        }
        if ran {
            it.stepped();
        }
    }
}

/// The top frame's next statement, and whether it ran (not skipped, and
/// the program not past its end).
fn statement<I: Interpreter>(it: &mut I, top: usize) -> (Flow, bool) {
    let f = &it.frames()[top];
    let Some((op, reads)) = I::statement(it.rules(), f) else {
        return (Flow::End(Ending::Done), false);
    };
    if reads & !f.bound() != 0 {
        return (Flow::Next, false);
    }
    let flow = if op.choice().is_none() {
        it.act()
    } else if it.ask() {
        Flow::Wait
    } else {
        it.unanswered()
    };
    (flow, true)
}

/// The answer `value` to the `choose` the top frame waits at; the run goes
/// on.
pub fn answer<I: Interpreter>(it: &mut I, value: <I::Frame as Frame>::Value) {
    let top = it.frames().len() - 1;
    let f = &it.frames()[top];
    let var = I::statement(it.rules(), f)
        .and_then(|(op, _)| op.choice())
        .expect("an answer is to a choose");
    let f = &mut it.frames_mut()[top];
    f.bind(var, value);
    *f.pc() += 1;
    run(it);
}

/// After a decision the top frame waited for: `flow` is what it made of
/// the statement; the run goes on.
pub fn resume<I: Interpreter>(it: &mut I, flow: Flow) {
    let top = it.frames().len() - 1;
    match flow {
        Flow::Wait => return,
        Flow::Next => next(it, top),
        Flow::End(how) => it.end_frame(how),
    }
    run(it);
}

/// Frame `i` goes on to its next statement. By index, not the top: a
/// statement may have started a program above its own.
fn next<I: Interpreter>(it: &mut I, i: usize) {
    *it.frames_mut()[i].pc() += 1;
}

#[cfg(test)]
mod tests {
    //! A toy game: its statements write to a log, `choose` picks a number,
    //! `call` starts another program above, `wait` stops once.
    use std::rc::Rc;

    use super::*;

    #[derive(Debug)]
    enum Op {
        Say(&'static str),
        Choose(u8),
        Print(u8),
        Call(usize),
        Wait,
        Stop,
    }

    impl Statement for Op {
        fn choice(&self) -> Option<u8> {
            match self {
                Op::Choose(v) => Some(*v),
                _ => None,
            }
        }
    }

    #[derive(Default)]
    struct F {
        program: usize,
        pc: u8,
        vars: [u32; 2],
        bound: u32,
        waited: bool,
    }

    impl Frame for F {
        type Value = u32;
        fn pc(&mut self) -> &mut u8 {
            &mut self.pc
        }
        fn bound(&self) -> u32 {
            self.bound
        }
        fn bind(&mut self, var: u8, value: u32) {
            self.vars[var as usize] = value;
            self.bound |= 1 << var;
        }
    }

    struct Toy {
        programs: Rc<Vec<Vec<Op>>>,
        frames: Vec<F>,
        log: Vec<String>,
        answerable: bool,
    }

    impl Interpreter for Toy {
        type Rules = Vec<Vec<Op>>;
        type Op = Op;
        type Frame = F;
        fn rules(&self) -> &Self::Rules {
            &self.programs
        }
        fn statement<'r>(rules: &'r Self::Rules, f: &F) -> Option<(&'r Op, u32)> {
            let op = rules[f.program].get(f.pc as usize)?;
            let reads = match op {
                Op::Print(v) => 1 << v,
                _ => 0,
            };
            Some((op, reads))
        }
        fn frames(&self) -> &[F] {
            &self.frames
        }
        fn frames_mut(&mut self) -> &mut [F] {
            &mut self.frames
        }
        fn ask(&mut self) -> bool {
            self.answerable
        }
        fn unanswered(&mut self) -> Flow {
            self.log.push("declined".into());
            Flow::Next
        }
        fn act(&mut self) -> Flow {
            let programs = self.programs.clone();
            let f = self.frames.last_mut().unwrap();
            match &programs[f.program][f.pc as usize] {
                Op::Say(s) => self.log.push(s.to_string()),
                Op::Print(v) => self.log.push(f.vars[*v as usize].to_string()),
                Op::Call(p) => self.frames.push(F {
                    program: *p,
                    ..F::default()
                }),
                Op::Wait if !f.waited => {
                    f.waited = true;
                    return Flow::Wait;
                }
                Op::Wait => self.log.push("waited".into()),
                Op::Stop => return Flow::End(Ending::Unmet),
                Op::Choose(_) => unreachable!(),
            }
            Flow::Next
        }
        fn end_frame(&mut self, how: Ending) {
            let f = self.frames.pop().unwrap();
            self.log.push(format!("end {} {how:?}", f.program));
        }
        fn finished(&mut self) {
            self.log.push("finished".into());
        }
    }

    fn toy(programs: Vec<Vec<Op>>, answerable: bool) -> Toy {
        let mut t = Toy {
            programs: Rc::new(programs),
            frames: vec![F::default()],
            log: vec![],
            answerable,
        };
        run(&mut t);
        t
    }

    #[test]
    fn a_called_program_runs_first_then_the_caller_goes_on() {
        let t = toy(
            vec![
                vec![Op::Say("a"), Op::Call(1), Op::Say("b")],
                vec![Op::Say("x"), Op::Stop, Op::Say("never")],
            ],
            true,
        );
        let want = ["a", "x", "end 1 Unmet", "b", "end 0 Done", "finished"];
        assert_eq!(t.log, want);
    }

    #[test]
    fn a_choose_waits_for_its_answer_and_binds_it() {
        let mut t = toy(vec![vec![Op::Choose(1), Op::Print(1)]], true);
        assert!(t.log.is_empty(), "waits at the choose: {:?}", t.log);
        answer(&mut t, 7);
        assert_eq!(t.log, ["7", "end 0 Done", "finished"]);
    }

    #[test]
    fn a_statement_reading_a_declined_choose_is_skipped() {
        let t = toy(
            vec![vec![Op::Choose(0), Op::Print(0), Op::Say("on")]],
            false,
        );
        assert_eq!(t.log, ["declined", "on", "end 0 Done", "finished"]);
    }

    #[test]
    fn a_statement_that_waits_runs_again_when_the_run_goes_on() {
        let mut t = toy(vec![vec![Op::Wait, Op::Say("after")]], true);
        assert!(t.log.is_empty());
        run(&mut t);
        assert_eq!(t.log, ["waited", "after", "end 0 Done", "finished"]);
    }

    #[test]
    fn resume_applies_what_the_game_made_of_the_decision() {
        let mut t = toy(vec![vec![Op::Choose(0), Op::Say("never")]], true);
        resume(&mut t, Flow::End(Ending::Cancelled));
        assert_eq!(t.log, ["end 0 Cancelled", "finished"]);
    }
}
