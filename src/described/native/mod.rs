//! Native code generated from the built-in descriptions: each program's
//! expressions and tests as Rust functions, its ops as one loop over
//! constant ops that `run.rs`'s `exec` inlines, its choices' legal moves
//! and, where they can be counted, a random one picked without the list
//! (`generated.rs`, written by `writer.rs`), used in place of the
//! interpreter's closures and loops when the rules loaded have the
//! fingerprint of the rules they were generated from. Any other
//! rules (an edited folder, a toggle's other reading, a variant) run on
//! the closures: an edit always takes effect.
//!
//! Invariants: a generated function gives what the closure of its node
//! gives (value, locals left, order of evaluation), so a game plays the
//! same either way (tests/suite/native.rs plays both); `generated.rs` is
//! what `writer.rs` writes for today's built-in rules (the same test checks
//! it and writes it again under `LUDUS_REGENERATE=1`). After a change of
//! the writer that the old file no longer compiles with, empty the table
//! first (`pub static PROGRAMS: &[Native] = &[];` and nothing else), then
//! regenerate.

mod regions;
pub mod writer;
// The library's own unit tests do not build the generated code (it is
// long to compile, and they test the closures); every other build does.
#[cfg(not(test))]
#[rustfmt::skip]
#[allow(unused, clippy::all, clippy::pedantic)]
mod generated;
#[cfg(test)]
mod generated {
    pub static PROGRAMS: &[super::Native] = &[];
}

use super::model::Rules;

/// One generated program: the fingerprint of the rules it was generated
/// from, and its expressions and tests by id.
pub struct Native {
    pub fingerprint: u64,
    pub make: MakeFn,
    /// `Core::run`'s loop over this program's ops, each op's `exec`
    /// inlined with its expressions and tests.
    pub run: RunFn,
    /// `Core::legal`: the moves of a choice, listed in order.
    pub legal: LegalFn,
    /// `Core::pick`: a random legal move without the list, for the
    /// choices whose moves can be counted and indexed.
    pub pick: PickFn,
}

/// The move `below(rng, n)` of the `n` legal moves of choice `ch`
/// (waiting), as `legal`'s list would give it, and `n`; `None`, with
/// `rng` untouched, for a choice whose moves must be listed.
pub type PickFn = fn(&Core, &Rules, u16, &mut AgentRng) -> Option<(Move, usize)>;

/// The legal moves of choice `ch` (waiting) into `out`, on a copy of the
/// locals the program uses.
pub type LegalFn = fn(&Core, &Rules, u16, &mut Vec<Move>);

/// The program's expressions and tests by id, boxed for `eval::Eval`.
pub type MakeFn = fn() -> (Vec<Box<XFn>>, Vec<Box<TFn>>);

/// A run of ops until a decision waits or the game ends, from the steps
/// already run, on a copy of the locals the program uses (with the
/// move's locals `bind` set in the copy), written back; the steps run.
pub type RunFn = fn(&mut Core, &Rules, u32, Bind) -> u32;

/// The locals a move sets before its option's body runs (its card's and
/// its index's variable, each if the option has one), packed in one word
/// so that it goes to `run` in a register: a small array goes by
/// reference, and reading back wider what was just written waits for the
/// writes to land. Each half: the variable (bits 0 to 7), the value (a
/// card or an index, bits 8 to 15), and bit 16 when the half is used.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Bind(u64);

impl Bind {
    const USED: u32 = 1 << 16;

    /// Variable `var` of each pair set to its value.
    pub fn new(pairs: [Option<(u8, u8)>; 2]) -> Bind {
        let half = |p: Option<(u8, u8)>| {
            p.map_or(0, |(var, v)| {
                Self::USED | u32::from(var) | u32::from(v) << 8
            })
        };
        Bind(u64::from(half(pairs[0])) | u64::from(half(pairs[1])) << 32)
    }

    /// Sets the variables in `l` (one out of the locals is left).
    #[inline(always)]
    pub fn set(self, l: &mut Locals) {
        for half in [self.0 as u32, (self.0 >> 32) as u32] {
            if half & Self::USED != 0
                && let Some(slot) = l.get_mut((half & 0xff) as usize)
            {
                *slot = ((half >> 8) & 0xff) as i32;
            }
        }
    }
}

use super::eval::{Locals, TFn, XFn};
use super::state::{Core, Move};
use crate::engine::seed::AgentRng;

/// What the generated code names.
#[allow(unused_imports)]
mod prelude {
    pub use super::{Bind, Native};
    pub use crate::described::compile::MAX_LOCALS;
    pub use crate::described::eval::{Locals, TFn, XFn};
    pub use crate::described::eval::{Read, Tables};
    pub use crate::described::model::Rules;
    pub use crate::described::program::{Op, SId, TId, XId};
    pub use crate::described::run::Cards;
    pub use crate::described::state::Core;
    pub use crate::described::state::{End, Move, NONE};
    pub use crate::engine::seed::{AgentRng, below};

    /// Copies the first `N` locals in pieces of at most 32 (128 bytes),
    /// each of a constant size the compiler copies inline: one call of
    /// `memcpy` for the whole costs more, twice a run. (The library's
    /// unit-test build leaves the generated code out.)
    #[cfg_attr(test, allow(dead_code))]
    #[inline(always)]
    pub fn copy_locals<const N: usize>(to: &mut Locals, from: &Locals) {
        let mut k = 0;
        while k < N {
            let e = if k + 32 < N { k + 32 } else { N };
            to[k..e].copy_from_slice(&from[k..e]);
            k = e;
        }
    }
}

/// The generated code of rules with `r`'s fingerprint, if any (none when
/// the environment sets `LUDUS_NATIVE=0`).
pub fn find(r: &Rules) -> Option<&'static Native> {
    if std::env::var_os("LUDUS_NATIVE").is_some_and(|v| v == "0") {
        return None;
    }
    let f = writer::fingerprint(r);
    generated::PROGRAMS.iter().find(|n| n.fingerprint == f)
}

/// How many programs were generated (for `check`'s report and tests).
pub fn generated_count() -> usize {
    generated::PROGRAMS.len()
}
