//! A described game in progress: fixed-size data (each pile's cards in
//! order, each card's pile, owner and face, the counters, the locals of
//! the procedure, where it stands) plus the rules, and its own RNG. The
//! interpreter that moves it is `run.rs`.

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::compile::MAX_LOCALS;
use super::model::{MAX_CARDS, MAX_COUNTERS, MAX_SEATS, Rules};
use super::piles::Piles;
use crate::engine::seed::{self, Rng};

/// No card (a card counter that holds none, a move that picks none).
pub const NONE: u8 = u8::MAX;

/// The cards face up (seen by everyone wherever they lie): one bit a
/// card, for up to 256 cards.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Faces([u64; 4]);

impl Faces {
    /// No card face up.
    pub const NONE: Faces = Faces([0; 4]);

    #[inline]
    pub fn get(&self, c: u8) -> bool {
        self.0[c as usize >> 6] >> (c & 63) & 1 == 1
    }

    #[inline]
    pub fn set(&mut self, c: u8, up: bool) {
        let w = &mut self.0[c as usize >> 6];
        if up {
            *w |= 1 << (c & 63);
        } else {
            *w &= !(1 << (c & 63));
        }
    }

    /// The bits of the first 128 cards, then of the others (a digest's
    /// bytes).
    pub fn to_le_bytes(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (i, w) in self.0.iter().enumerate() {
            out[i * 8..i * 8 + 8].copy_from_slice(&w.to_le_bytes());
        }
        out
    }
}

/// A decision: an option of the choice in progress, the card it picks
/// and the index it aims at ([`NONE`] for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub option: u8,
    pub card: u8,
    pub target: u8,
}

/// How a game ended: by its procedure, or stopped at a bound in a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Game,
    DecisionCap(u8),
    StepCap(u8),
}

/// What happened, for the screen and the logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A card moved from a pile to another, face up or down.
    Moved {
        card: u8,
        from: u8,
        to: u8,
        up: bool,
    },
    Shuffled(u8),
    /// A `tell` with its arguments' values.
    Told {
        tell: u16,
        args: ArrayVec<i32, 6>,
    },
    /// A seat took a decision.
    Chose {
        seat: u8,
        m: Move,
    },
    Ended(End),
}

/// The places of a per-card array: one for each `u8`.
pub const CARD_SLOTS: usize = 256;
const _: () = assert!(MAX_CARDS <= CARD_SLOTS);

/// Everything that changes during a game.
#[derive(Clone)]
pub struct Core {
    pub rng: Rng,
    /// Every pile's cards in order (`piles.rs`).
    pub piles: Piles,
    /// Each card's pile (a place for every `u8`, so that a card's
    /// number needs no check: the cards past the rules' are never read).
    pub loc: [u8; CARD_SLOTS],
    /// Each card's owner: the seat of the last zone per seat it was in.
    pub owner: [u8; CARD_SLOTS],
    /// Cards face up (seen by everyone wherever they lie).
    pub up: Faces,
    pub glob: [i32; MAX_COUNTERS],
    pub per: [[i32; MAX_SEATS]; MAX_COUNTERS],
    pub locals: [i32; MAX_LOCALS],
    pub pc: u16,
    pub phase: u8,
    /// The choice in progress and the seat deciding.
    pub waiting: Option<(u16, u8)>,
    pub end: Option<End>,
    pub decisions: u32,
    pub log: Option<Vec<Event>>,
    /// D, E: the cells of the counters per card and per index, the calls
    /// and `for card` loops in progress (`calls.rs`), for a description
    /// that uses them.
    pub calls: Option<Box<super::calls::CallState>>,
}

/// The piles and cards a digest counts at least (the layout of saves
/// written before descriptions had 250 cards).
const OLD_PILES: usize = 32;
const OLD_CARDS: usize = 128;
const OLD_LOCALS: usize = 48;

impl Core {
    /// How many cards pile `p` holds.
    #[inline]
    pub fn pile_len(&self, p: usize) -> usize {
        self.piles.len(p)
    }

    /// Pile `p`'s cards, bottom first.
    #[inline]
    pub fn pile(&self, p: usize) -> &[u8] {
        self.piles.get(p)
    }

    /// Pile `p`'s cards, to reorder them in place.
    #[inline]
    pub fn pile_mut(&mut self, p: usize) -> &mut [u8] {
        self.piles.get_mut(p)
    }

    /// Swaps card `c` of pile `p` with the pile's top card, so that the
    /// top card takes its place when it leaves (`takes_out:
    /// "last_into_place"`).
    #[inline]
    pub fn to_top(&mut self, c: u8, p: usize) {
        let pile = self.pile_mut(p);
        if let Some(i) = pile.iter().position(|&x| x == c) {
            let last = pile.len() - 1;
            pile.swap(i, last);
        }
    }

    /// Moves card `c` into pile `to` at place `at` of that pile (0: the
    /// bottom; its length: the top), counted before `c` leaves. To a pile
    /// the rules do not have, nothing moves: no card is lost.
    #[inline]
    pub fn relink(&mut self, c: u8, to: usize, at: usize) {
        let from = self.loc[c as usize] as usize;
        if !self.piles.has(to) {
            return;
        }
        if at >= self.piles.len(to) && self.piles.move_end(from, to, c) {
            self.loc[c as usize] = to as u8;
            return;
        }
        let Some(i) = self.piles.remove(from, c) else {
            return;
        };
        let at = if from == to && at > i { at - 1 } else { at };
        self.piles.insert(to, at, c);
        self.loc[c as usize] = to as u8;
    }
}

/// A described game in progress.
#[derive(Clone)]
pub struct State {
    pub rules: Arc<Rules>,
    pub core: Core,
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core")
            .field("pc", &self.pc)
            .field("phase", &self.phase)
            .finish_non_exhaustive()
    }
}

impl Core {
    /// A blank game: every card in the start zone in deck order, counters
    /// at 0 (cards and values at none), the procedure at its first op.
    pub fn blank(r: &Rules, seed: u64, log: bool) -> Core {
        let start = r.pile(r.start, 0);
        let mut core = Core {
            rng: seed::rng(seed),
            piles: Piles::new(r.piles.len()),
            loc: [NONE; CARD_SLOTS],
            owner: [NONE; CARD_SLOTS],
            up: Faces::NONE,
            glob: [0; MAX_COUNTERS],
            per: [[0; MAX_SEATS]; MAX_COUNTERS],
            locals: [0; MAX_LOCALS],
            pc: 0,
            phase: 0,
            waiting: None,
            end: None,
            decisions: 0,
            log: log.then(Vec::new),
            calls: Core::first_calls(r),
        };
        for c in 0..r.cards.len() {
            core.piles.push(start, c as u8);
            core.loc[c] = start as u8;
        }
        for (i, c) in r.counters.iter().enumerate() {
            if matches!(
                c.ty,
                super::program::Ty::Card | super::program::Ty::Value(_)
            ) {
                core.glob[i] = -1;
                core.per[i] = [-1; MAX_SEATS];
            }
        }
        core
    }

    /// [`Rules::fixed_start`]: a blank game run up to the first op that
    /// reads the random generator or waits for a seat (the seed is not
    /// read before it).
    pub fn fixed_start(r: &Rules) -> (Box<Core>, u32) {
        let mut core = Core::blank(r, 0, false);
        let steps = core.run_fixed(r);
        (Box::new(core), steps)
    }
}

impl State {
    /// A new game from `seed`: every card in the start zone in deck order,
    /// counters at 0 (seats and cards at none... seat 0), then the
    /// procedure run up to its first decision.
    /// Without a log, it starts from the rules' [`Rules::fixed_start`]:
    /// the ops before the first shuffle or decision give the same game
    /// whatever the seed.
    pub fn new(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let (mut s, steps) = match (&rules.fixed_start, log) {
            (Some((fixed, steps)), false) => {
                let (mut core, steps) = (Core::clone(fixed), *steps);
                core.rng = seed::rng(seed);
                (State { rules, core }, steps)
            }
            _ => (State::blank(rules, seed, log), 0),
        };
        let State { rules, core } = &mut s;
        core.run_counted(rules, steps);
        s
    }

    /// [`State::new`] before anything is run: the procedure at its first
    /// op (a scenario's position is laid out on it, `scenario.rs`).
    pub fn blank(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let core = Core::blank(&rules, seed, log);
        State { rules, core }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Runs the procedure up to the next decision or the end.
    pub fn run(&mut self) {
        let State { rules, core } = self;
        core.run(rules);
    }

    pub fn is_over(&self) -> bool {
        self.core.end.is_some()
    }

    /// The seat deciding, if any.
    pub fn actor(&self) -> Option<usize> {
        match (self.core.end, self.core.waiting) {
            (None, Some((_, s))) => Some(s as usize),
            _ => None,
        }
    }

    pub fn legal(&self, out: &mut Vec<Move>) {
        self.core.legal(&self.rules, out)
    }

    pub fn apply_move(&mut self, m: Move) {
        let State { rules, core } = self;
        core.apply(rules, m);
    }

    /// Seat `p`'s score.
    pub fn points(&self, p: usize) -> i32 {
        self.core.per[self.rules.score as usize][p]
    }

    /// The seats with the best score; among them the one with the
    /// greatest tie-break alone, if the rules have a tie-break and one
    /// seat has it.
    pub fn leaders(&self) -> Vec<usize> {
        let n = self.rules.players;
        let best = (0..n).map(|p| self.points(p)).max().unwrap_or(0);
        let top: Vec<usize> = (0..n).filter(|&p| self.points(p) == best).collect();
        let Some(t) = self.rules.tie_break else {
            return top;
        };
        let tie = |p: usize| self.core.per[t as usize][p];
        let most = top.iter().map(|&p| tie(p)).max().unwrap_or(0);
        match top.iter().filter(|&&p| tie(p) == most).count() {
            1 => top.into_iter().filter(|&p| tie(p) == most).collect(),
            _ => top,
        }
    }

    pub fn events(&self) -> &[Event] {
        self.core.log.as_deref().unwrap_or(&[])
    }

    /// Whether `viewer` sees card `c` where it lies.
    #[inline]
    pub fn visible(&self, c: u8, viewer: usize) -> bool {
        let p = self.core.loc[c as usize] as usize;
        self.core.up.get(c)
            || self.rules.sees_pile(p, viewer)
            || (self.rules.owner_sees(p) && self.core.owner[c as usize] as usize == viewer)
    }

    /// Every card in exactly one pile, at the place its pile says.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &*self.rules;
        let mut seen = [0u8; MAX_CARDS];
        for p in 0..r.piles.len() {
            for &c in self.core.pile(p) {
                if c as usize >= r.cards.len() {
                    return Err(format!("pile {p} holds no card {c}"));
                }
                seen[c as usize] += 1;
                if self.core.loc[c as usize] as usize != p {
                    return Err(format!(
                        "card {c} is in pile {p} but says {}",
                        self.core.loc[c as usize]
                    ));
                }
            }
        }
        if let Some(c) = (0..r.cards.len()).find(|&c| seen[c] != 1) {
            return Err(format!("card {c} is in {} piles", seen[c]));
        }
        Ok(())
    }

    /// A copy in which every card `seat` cannot see is shuffled among the
    /// places of such cards with the same back (`Rules::backs`, backs in
    /// order; each pile keeps its size; a zone with `redraw: false`
    /// keeps its cards), and future chance reseeded. What the counters
    /// per card say of a place stays with the place. Each shuffle starts
    /// from the cards in order of their number, so the copy depends on
    /// what `seat` sees and on `rng` only.
    pub fn redrawn(&self, seat: usize, rng: &mut seed::AgentRng) -> State {
        use rand::RngExt;
        let r = &*self.rules;
        let mut s = self.clone();
        let mut places: ArrayVec<(u8, u8), MAX_CARDS> = ArrayVec::new();
        let held = self.core.held_cards(r);
        for p in 0..r.piles.len() {
            if !r.zones[r.piles[p].0 as usize].redraw {
                continue;
            }
            for (i, &c) in self.core.pile(p).iter().enumerate() {
                if !self.visible(c, seat) && !held.contains(&c) {
                    places.push((p as u8, i as u8));
                }
            }
        }
        let at = |core: &Core, &(p, i): &(u8, u8)| core.pile(p as usize)[i as usize];
        let mut backs = [false; MAX_CARDS];
        for pl in &places {
            backs[r.backs[at(&self.core, pl) as usize] as usize] = true;
        }
        for b in (0..MAX_CARDS as u8).filter(|&b| backs[b as usize]) {
            // The places of cards with back `b`, and their cards.
            let mut mine: ArrayVec<(u8, u8), MAX_CARDS> = ArrayVec::new();
            let mut cards: ArrayVec<u8, MAX_CARDS> = ArrayVec::new();
            for pl in &places {
                let c = at(&self.core, pl);
                if r.backs[c as usize] == b {
                    mine.push(*pl);
                    cards.push(c);
                }
            }
            cards.sort_unstable();
            seed::shuffle(&mut cards, rng);
            for (pl, &c) in mine.iter().zip(&cards) {
                let old = at(&self.core, pl);
                s.core.pile_mut(pl.0 as usize)[pl.1 as usize] = c;
                s.core.loc[c as usize] = pl.0;
                s.core.copy_card_cells(r, &self.core, old, c);
            }
        }
        // E: the `for card` loops in progress go on over the redrawn cards.
        if s.core.calls.is_some() {
            let at = |core: &Core, &(p, i): &(u8, u8)| core.pile(p as usize)[i as usize];
            let map: ArrayVec<(u8, u8), MAX_CARDS> = (places.iter())
                .map(|pl| (at(&self.core, pl), at(&s.core, pl)))
                .collect();
            s.core.redraw_snapshots(&map);
        }
        s.core.rng = seed::rng(rng.random());
        s
    }

    /// A hash of the whole state. Its bytes are those of the layout
    /// before 250 cards (32 piles, 128 cards at least), so that the
    /// fingerprints of older saves still match.
    pub fn digest(&self) -> String {
        let c = &self.core;
        let mut bytes: Vec<u8> = Vec::new();
        let piles = self.rules.piles.len().max(OLD_PILES);
        for p in 0..piles {
            if p < self.rules.piles.len() {
                bytes.extend_from_slice(c.pile(p));
            }
            bytes.push(0xfe);
        }
        let cards = self.rules.cards.len().max(OLD_CARDS);
        bytes.extend_from_slice(&c.loc[..cards]);
        bytes.extend_from_slice(&c.owner[..cards]);
        let up = c.up.to_le_bytes();
        bytes.extend_from_slice(&up[..if cards > OLD_CARDS { 32 } else { 16 }]);
        // The locals past the 48 of older builds count only when used.
        let used = c.locals.len() - c.locals.iter().rev().take_while(|&&v| v == 0).count();
        let locals = &c.locals[..used.max(OLD_LOCALS.min(c.locals.len()))];
        for v in c.glob.iter().chain(c.per.iter().flatten()).chain(locals) {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&c.pc.to_le_bytes());
        bytes.push(c.phase);
        bytes.extend_from_slice(&c.decisions.to_le_bytes());
        bytes.extend_from_slice(&(self.events().len() as u64).to_le_bytes());
        // D, E: only when a description has them (older digests unchanged).
        if let Some(calls) = &c.calls {
            for v in calls.cells.iter() {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            calls.stack.bytes(&mut bytes);
        }
        format!("{:016x}", crate::load::fnv1a(&bytes))
    }
}
