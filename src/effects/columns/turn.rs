//! The abilities of a state that holds a [`Table`], run by the engine's
//! interpreter (`effects::run`): each frame's statement is its card's
//! program's, a `choose` is the table's (`Table::ask`), every other
//! statement is `Table::step`'s. The game says only who acts, what a
//! choice does to its turn, and what follows each statement and the run.
//!
//! **Invariant:** a frame's card has a program (a frame starts only from
//! a card whose kind has one).

use super::table::{Frame, Table};
use super::{ColumnRules, Op, Program, Tabled};
use crate::effects::run::{Ending, Flow, Interpreter};
use crate::engine::seed;

/// A game state whose cards' abilities act on its [`Table`].
pub trait TableTurn: Tabled<Rules: ColumnRules> {
    /// The rules, and the table and the state's RNG to change.
    fn parts(&mut self) -> (&Self::Rules, &mut Table, &mut seed::Rng);
    /// The seat whose turn it is (`active` in the abilities).
    fn active(&self) -> usize;
    /// A `choose` is seat `by`'s; `empty`: it has nothing to choose from
    /// and is declined at once, else the run waits for the answer.
    fn asked(&mut self, by: usize, empty: bool);
    /// After each statement that ran and did not wait.
    fn stepped(&mut self) {}
    /// No ability is left running: the turn goes on.
    fn finished(&mut self);
}

/// The ability frame `f` runs.
#[inline]
pub fn program<'r>(rules: &'r impl ColumnRules, f: &Frame) -> &'r Program {
    let prog = rules.program(rules.kind_of(f.card));
    prog.expect("a frame's card has a program")
}

/// The statement the top frame of `table` is at.
pub fn top_op<'r>(rules: &'r impl ColumnRules, table: &Table) -> &'r Op {
    let f = table.frames.last().expect("a frame");
    &program(rules, f).ops[f.pc as usize]
}

impl<S: TableTurn> Interpreter for S {
    type Rules = S::Rules;
    type Op = Op;
    type Frame = Frame;

    fn rules(&self) -> &S::Rules {
        Tabled::rules(self)
    }
    #[inline]
    fn statement<'r>(rules: &'r S::Rules, f: &Frame) -> Option<(&'r Op, u32)> {
        let prog = program(rules, f);
        let pc = f.pc as usize;
        Some((prog.ops.get(pc)?, prog.reads[pc].into()))
    }
    fn frames(&self) -> &[Frame] {
        &self.table().frames
    }
    fn frames_mut(&mut self) -> &mut [Frame] {
        &mut self.parts().1.frames
    }
    /// Stops for a choice; a choice with nothing to choose is declined at
    /// once.
    fn ask(&mut self) -> bool {
        let (rules, table) = (Tabled::rules(self), self.table());
        let asked = table.ask(rules, top_op(rules, table), self.active());
        self.asked(asked.by, asked.empty);
        !asked.empty
    }
    fn unanswered(&mut self) -> Flow {
        Table::declined(Tabled::rules(self))
    }
    fn act(&mut self) -> Flow {
        let active = self.active();
        let (rules, table, rng) = self.parts();
        let f = *table.frames.last().expect("a frame");
        table.step(
            rules,
            &program(rules, &f).ops[f.pc as usize],
            f,
            active,
            rng,
        )
    }
    fn end_frame(&mut self, _how: Ending) {
        self.parts().1.frames.pop();
    }
    fn stepped(&mut self) {
        TableTurn::stepped(self)
    }
    fn finished(&mut self) {
        TableTurn::finished(self)
    }
}
