//! Abilities as calls, counters per card and per index, `for card` loops
//! (docs/descriptions.md section 2, sections D and E of issue 40).
//!
//! A kind's `does` text holds `on <event> { ... }` blocks, compiled into
//! the procedure's program (`compile/calls.rs`). `run <event> of <card>`
//! calls the block of the card's kind: the block's own variables (`this`
//! first) are saved on a frame stack of fixed depth ([`MAX_FRAMES`]) held
//! in the state, with the snapshots of the `for card` loops in progress,
//! so that a `choose` inside a call waits with the whole stack and the
//! answer resumes it. A counter per card or per index is a run of `i16`
//! cells in the state, as many as declared. Nothing here allocates.

use arrayvec::ArrayVec;

use super::compile::MAX_LOCALS;
use super::model::Rules;
use super::state::{Core, End};

/// The most calls in progress at once; one more stops the game as at a
/// bound (`End::StepCap` with the phase).
pub const MAX_FRAMES: usize = 16;
/// The most cards a `for card` loop goes through (the rest are skipped).
pub const MAX_SNAPSHOT: usize = super::model::MAX_CARDS;
/// The cards of all the `for card` loops in progress at once.
pub const SNAPSHOT_CAP: usize = 512;
/// The variables saved by all the calls in progress at once.
pub const SAVED_CAP: usize = 256;
/// The cells of all the counters per card and per index.
pub const MAX_CELLS: usize = 2048;
const _: () = assert!(MAX_CELLS.is_power_of_two());
/// The indices of a counter per index: `sealed[0]` .. `sealed[7]`.
pub const MAX_INDEX: u16 = 8;
/// No block (a kind without one for an event).
pub const NO_BLOCK: u16 = u16::MAX;

/// The program's side of calls: the events, each kind's block for each
/// event, the first values of the cells.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Calls {
    pub events: Vec<String>,
    /// `entry[kind * events + event]`: the block's first op (or
    /// [`NO_BLOCK`]) and its number of variables (`this` first).
    pub entry: Vec<(u16, u8)>,
    /// The first local of every block.
    pub base: u8,
    /// Every cell's first value (0, or -1 for a card, seat or value).
    pub cells: Vec<i16>,
    /// The first cell of each counter per card (one cell a card).
    pub per_card: Vec<u16>,
    /// Whether the program uses calls, `for card` or cells: its states
    /// then carry a [`CallState`].
    pub used: bool,
}

impl Calls {
    /// The block of `event` of `kind`: its first op and its variables.
    #[inline]
    pub fn block(&self, kind: u8, event: u16) -> Option<(u16, u8)> {
        let i = kind as usize * self.events.len() + event as usize;
        self.entry.get(i).copied().filter(|e| e.0 != NO_BLOCK)
    }
}

/// A call in progress: where it returns, where its caller's variables
/// are saved, how many snapshot cards there were when it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Frame {
    ret: u16,
    saved: u16,
    locals: u8,
    snapshot: u16,
}

/// The state's side, boxed in [`Core::calls`] only for a description
/// that uses calls, `for card` or counters per card or index (so that
/// the others' states, cloned at every search iteration, keep their
/// size): the cells, then the stack.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct CallState {
    pub cells: CellRun,
    pub stack: Stack,
}

/// The cells: a run of fixed length, of which the program uses the first
/// `used` (every counter's `off + len` is at most `used`: `load_calls`
/// lays them out), so that a cell named by a constant place is read
/// without a check of the length.
#[derive(Clone)]
pub struct CellRun {
    all: [i16; MAX_CELLS],
    used: u16,
}

impl CellRun {
    fn new(first: &[i16]) -> CellRun {
        let used = first.len().min(MAX_CELLS);
        let mut all = [0; MAX_CELLS];
        all[..used].copy_from_slice(&first[..used]);
        CellRun {
            all,
            used: used as u16,
        }
    }
}

impl std::ops::Deref for CellRun {
    type Target = [i16];
    fn deref(&self) -> &[i16] {
        &self.all[..self.used as usize]
    }
}

impl std::ops::DerefMut for CellRun {
    fn deref_mut(&mut self) -> &mut [i16] {
        &mut self.all[..self.used as usize]
    }
}

impl PartialEq for CellRun {
    fn eq(&self, o: &CellRun) -> bool {
        **self == **o
    }
}

impl Eq for CellRun {}

impl std::hash::Hash for CellRun {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h);
    }
}

impl std::fmt::Debug for CellRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// The frames, the variables they saved, the cards of the `for card`
/// loops in progress.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    frames: ArrayVec<Frame, MAX_FRAMES>,
    saved: ArrayVec<i32, SAVED_CAP>,
    snapshot: ArrayVec<u8, SNAPSHOT_CAP>,
}

impl Stack {
    /// A `for card` loop starts over `cards`: as many as there is room
    /// for into the snapshot, its place, count and index in `vars`.
    #[inline(always)]
    fn start_loop(&mut self, l: &mut Locals, cards: &[u8], vars: [u8; 3]) {
        let [base, n, i] = vars.map(usize::from);
        let taken = &cards[..cards
            .len()
            .min(self.snapshot.remaining_capacity().min(MAX_SNAPSHOT))];
        l[base] = self.snapshot.len() as i32;
        l[n] = taken.len() as i32;
        l[i] = 0;
        // One copy: `extend` (a card at a time) is not inlined in the
        // release build, where it cost more than the call of `memcpy`.
        // It cannot fail: `taken` fits the room.
        let _ = self.snapshot.try_extend_from_slice(taken);
    }
}

/// A `for card` loop without a call state (a description without
/// calls, loops or cells): no card, its place left as it was.
fn no_loop(l: &mut Locals, vars: [u8; 3]) {
    let [_, n, i] = vars.map(usize::from);
    l[n] = 0;
    l[i] = 0;
}

// Cloned field by field, an `ArrayVec` pushes its values one at a time
// (about 12,000 instructions for 1,400 cells, at every new game and
// every search iteration); `copied` copies them in one go.
impl Clone for CallState {
    fn clone(&self) -> Self {
        CallState {
            cells: self.cells.clone(),
            stack: self.stack.clone(),
        }
    }
}

impl Clone for Stack {
    fn clone(&self) -> Self {
        Stack {
            frames: copied(&self.frames),
            saved: copied(&self.saved),
            snapshot: copied(&self.snapshot),
        }
    }
}

fn copied<T: Copy, const N: usize>(v: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    // Cannot fail: the same capacity.
    let _ = out.try_extend_from_slice(v);
    out
}

impl Stack {
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty() && self.snapshot.is_empty()
    }

    /// The stack as bytes (a state's digest).
    pub fn bytes(&self, out: &mut Vec<u8>) {
        for f in &self.frames {
            out.extend_from_slice(&f.ret.to_le_bytes());
            out.extend_from_slice(&f.saved.to_le_bytes());
            out.push(f.locals);
            out.extend_from_slice(&f.snapshot.to_le_bytes());
        }
        for v in &self.saved {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.snapshot);
    }
}

type Locals = [i32; MAX_LOCALS];

/// The index of a cell, if `i` is below `len`.
#[inline]
fn cell(off: u16, len: u16, i: i32) -> Option<usize> {
    // Within the run: `off + len` is at most MAX_CELLS (`load_calls`), so
    // the mask changes no place and spares a second check.
    (0..i32::from(len))
        .contains(&i)
        .then(|| (off as usize + i as usize) & (MAX_CELLS - 1))
}

impl Core {
    /// A new game's [`CallState`], if its program uses one.
    pub(super) fn first_calls(r: &Rules) -> Option<Box<CallState>> {
        let c = &r.program.calls;
        c.used.then(|| {
            Box::new(CallState {
                cells: CellRun::new(&c.cells),
                stack: Stack::default(),
            })
        })
    }

    /// The cells of the counters per card and per index, in declaration
    /// order.
    pub fn cells(&self) -> &[i16] {
        self.calls.as_deref().map_or(&[], |c| &c.cells)
    }

    /// Whether no call and no `for card` loop is in progress.
    pub fn no_call(&self) -> bool {
        self.calls.as_deref().is_none_or(|c| c.stack.is_empty())
    }

    /// A cell's value; out of range, `none`.
    #[inline]
    pub(super) fn read_cell(&self, off: u16, len: u16, i: i32, none: i16) -> i32 {
        let v = cell(off, len, i).and_then(|c| Some(self.calls.as_deref()?.cells.all[c]));
        i32::from(v.unwrap_or(none))
    }

    /// Sets a cell (the value kept within `i16`); out of range, nothing.
    pub(super) fn write_cell(&mut self, off: u16, len: u16, i: i32, v: i32) {
        if let (Some(c), Some(calls)) = (cell(off, len, i), self.calls.as_deref_mut()) {
            calls.cells.all[c] = v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        }
    }

    pub(super) fn clear_cells(&mut self, off: u16, len: u16, init: i16) {
        let (a, b) = (off as usize, off as usize + len as usize);
        if let Some(cells) = self
            .calls
            .as_deref_mut()
            .and_then(|c| c.cells.all.get_mut(a..b))
        {
            cells.fill(init);
        }
    }

    /// `run <event> of <card>`: a call of the block of the card's kind,
    /// if it has one; too deep, the game stops.
    pub(super) fn call(&mut self, r: &Rules, l: &mut Locals, event: u16, card: i32) {
        let Some(kind) = (0..r.cards.len() as i32)
            .contains(&card)
            .then(|| r.cards[card as usize].0)
        else {
            return;
        };
        let Some((pc, n)) = r.program.calls.block(kind, event) else {
            return;
        };
        let base = r.program.calls.base as usize;
        let vars = &l[base..base + n as usize];
        let Some(st) = self.calls.as_deref_mut().map(|c| &mut c.stack) else {
            return;
        };
        if st.frames.is_full() || st.saved.remaining_capacity() < vars.len() {
            self.finish(End::StepCap(self.phase));
            return;
        }
        st.frames.push(Frame {
            ret: self.pc,
            saved: st.saved.len() as u16,
            locals: n,
            snapshot: st.snapshot.len() as u16,
        });
        // Cannot fail: the room was checked above.
        let _ = st.saved.try_extend_from_slice(vars);
        l[base] = card;
        self.pc = pc;
    }

    /// `return` (or a block's end): the caller's variables back, on after
    /// the `run`.
    pub(super) fn ret(&mut self, r: &Rules, l: &mut Locals) {
        let Some(st) = self.calls.as_deref_mut().map(|c| &mut c.stack) else {
            return;
        };
        let Some(f) = st.frames.pop() else {
            return;
        };
        let base = r.program.calls.base as usize;
        let saved = &st.saved[f.saved as usize..];
        l[base..base + f.locals as usize].copy_from_slice(saved);
        st.saved.truncate(f.saved as usize);
        st.snapshot.truncate(f.snapshot as usize);
        self.pc = f.ret;
    }

    /// A phase starts outside any call: no loop is in progress.
    #[inline]
    pub(super) fn phase_starts(&mut self) {
        if let Some(c) = self.calls.as_deref_mut()
            && c.stack.frames.is_empty()
        {
            c.stack.snapshot.clear();
        }
    }

    /// `for card`: the set's cards (at most [`MAX_SNAPSHOT`], fewer when
    /// the loops in progress hold [`SNAPSHOT_CAP`]) kept in the snapshot.
    pub(super) fn for_card_init(&mut self, l: &mut Locals, cards: &[u8], vars: [u8; 3]) {
        if let Some(st) = self.calls.as_deref_mut().map(|c| &mut c.stack) {
            st.start_loop(l, cards, vars);
        } else {
            no_loop(l, vars);
        }
    }

    /// [`Core::for_card_init`] over pile `p`'s cards (none if `None`),
    /// read where they lie rather than gathered first (native code, for a
    /// set of one zone).
    #[inline(always)]
    #[cfg_attr(test, allow(dead_code))]
    pub(super) fn for_card_init_pile(&mut self, l: &mut Locals, p: Option<usize>, vars: [u8; 3]) {
        let Core { calls, piles, .. } = self;
        if let Some(st) = calls.as_deref_mut().map(|c| &mut c.stack) {
            st.start_loop(l, p.map_or(&[][..], |p| piles.get(p)), vars);
        } else {
            no_loop(l, vars);
        }
    }

    /// How many of `len` cards a `for card` loop starting now takes into
    /// the snapshot (none without a call state).
    #[inline]
    pub(super) fn snapshot_room(&self, len: usize) -> usize {
        self.calls.as_deref().map_or(0, |c| {
            len.min(c.stack.snapshot.remaining_capacity().min(MAX_SNAPSHOT))
        })
    }

    /// A `for card` loop over `taken` cards skipped (`Op::ForCardSkip`):
    /// its variables left as [`Core::for_card_init`] and the loop run to
    /// its end would leave them, without a snapshot.
    pub(super) fn for_card_skipped(&self, l: &mut Locals, taken: usize, vars: [u8; 3]) {
        let [base, n, i] = vars.map(usize::from);
        if let Some(c) = self.calls.as_deref() {
            l[base] = c.stack.snapshot.len() as i32;
        }
        (l[n], l[i]) = (taken as i32, taken as i32);
    }

    /// The loop's next card in `var`; false when there is none.
    pub(super) fn for_card_next(&mut self, l: &mut Locals, var: u8, vars: [u8; 3]) -> bool {
        let [base, n, i] = vars.map(usize::from);
        if l[i] >= l[n] {
            return false;
        }
        let at = (l[base] + l[i]) as usize;
        let snapshot = self.calls.as_deref().map_or(&[][..], |c| &c.stack.snapshot);
        l[var as usize] = snapshot.get(at).map_or(-1, |&c| i32::from(c));
        l[i] += 1;
        true
    }

    /// The cards the procedure and the calls in progress hold in
    /// variables of type card while a decision waits (the choice's and
    /// each caller's `holds`): an agent's redraw leaves them in place,
    /// as they name the cards the game is acting on.
    pub(super) fn held_cards(&self, r: &Rules) -> ArrayVec<u8, SAVED_CAP> {
        let mut out = ArrayVec::new();
        let Some((choice, _)) = self.waiting else {
            return out;
        };
        let base = r.program.calls.base as usize;
        let frames = self
            .calls
            .as_deref()
            .map_or(&[][..], |c| &c.stack.frames[..]);
        let saved = self
            .calls
            .as_deref()
            .map_or(&[][..], |c| &c.stack.saved[..]);
        // Slot `s` as the code of depth `d` sees it (0: the procedure):
        // saved by the first call from that depth on that covers it.
        let value = |d: usize, s: usize| -> i32 {
            let f = (s >= base).then(|| frames[d..].iter().find(|f| s - base < f.locals as usize));
            match f.flatten() {
                Some(f) => saved
                    .get(f.saved as usize + s - base)
                    .copied()
                    .unwrap_or(-1),
                None => self.locals[s],
            }
        };
        let mut hold = |c: i32| {
            if (0..r.cards.len() as i32).contains(&c) && !out.is_full() {
                out.push(c as u8);
            }
        };
        let choice = &r.program.choices[choice as usize];
        choice
            .holds
            .iter()
            .for_each(|&s| hold(value(frames.len(), s as usize)));
        for (d, f) in frames.iter().enumerate() {
            let holds = r.program.run_holds.iter().find(|h| h.0 == f.ret);
            for &s in holds.map_or(&[][..], |h| &h.1[..]) {
                hold(value(d, s as usize));
            }
        }
        out
    }

    /// The snapshots' cards after a redraw: each `(old, new)` of `map`.
    /// Card `to`'s cells per card take card `from`'s values in `old` (a
    /// redraw: what is known of a place stays with it).
    pub(super) fn copy_card_cells(&mut self, r: &Rules, old: &Core, from: u8, to: u8) {
        let (Some(c), Some(o)) = (self.calls.as_deref_mut(), old.calls.as_deref()) else {
            return;
        };
        let (to_cells, from_cells) = (&mut *c.cells, &*o.cells);
        for &off in &r.program.calls.per_card {
            let (f, t) = (off as usize + from as usize, off as usize + to as usize);
            if let (Some(&v), Some(w)) = (from_cells.get(f), to_cells.get_mut(t)) {
                *w = v;
            }
        }
    }

    pub(super) fn redraw_snapshots(&mut self, map: &[(u8, u8)]) {
        let Some(c) = self.calls.as_deref_mut() else {
            return;
        };
        for card in c.stack.snapshot.iter_mut() {
            if let Some(&(_, new)) = map.iter().find(|m| m.0 == *card) {
                *card = new;
            }
        }
    }

    pub(super) fn for_card_end(&mut self, l: &Locals, base: u8) {
        let at = l[base as usize].max(0) as usize;
        if let Some(c) = self.calls.as_deref_mut() {
            c.stack.snapshot.truncate(at);
        }
    }
}
