//! A described game in progress: fixed-size data (each pile's cards in
//! order, each card's pile, owner and face, the counters, the locals of
//! the procedure, where it stands) plus the rules, and its own RNG. The
//! interpreter that moves it is `run.rs`.

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::compile::MAX_LOCALS;
use super::model::{MAX_CARDS, MAX_COUNTERS, MAX_PILES, MAX_SEATS, Rules};
use crate::engine::seed::{self, Rng};

/// No card (a card counter that holds none, a move that picks none).
pub const NONE: u8 = u8::MAX;

/// A pile's cards, bottom first (the top is the last).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Pile {
    pub len: u8,
    pub cards: [u8; MAX_CARDS],
}

impl Pile {
    pub const EMPTY: Pile = Pile {
        len: 0,
        cards: [NONE; MAX_CARDS],
    };

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    #[inline]
    pub fn push(&mut self, c: u8) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// Takes card `c` out (looked for from the top, where most cards
    /// leave), the cards above it moving down one place.
    pub fn remove(&mut self, c: u8) {
        let n = self.len as usize;
        if let Some(i) = self.cards[..n].iter().rposition(|&x| x == c) {
            self.cards.copy_within(i + 1..n, i);
            self.len -= 1;
            self.cards[n - 1] = NONE;
        }
    }
}

/// A decision: an option of the choice in progress and the card it picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub option: u8,
    pub card: u8,
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

/// Everything that changes during a game.
#[derive(Clone)]
pub struct Core {
    pub rng: Rng,
    pub piles: [Pile; MAX_PILES],
    /// Each card's pile.
    pub loc: [u8; MAX_CARDS],
    /// Each card's owner: the seat of the last zone per seat it was in.
    pub owner: [u8; MAX_CARDS],
    /// Cards face up (seen by everyone wherever they lie).
    pub up: u128,
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

/// A described game in progress.
#[derive(Clone)]
pub struct State {
    pub rules: Arc<Rules>,
    pub core: Core,
}

impl State {
    /// A new game from `seed`: every card in the start zone in deck order,
    /// counters at 0 (seats and cards at none... seat 0), then the
    /// procedure run up to its first decision.
    pub fn new(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let mut s = State::blank(rules, seed, log);
        s.run();
        s
    }

    /// [`State::new`] before anything is run: the procedure at its first
    /// op (a scenario's position is laid out on it, `scenario.rs`).
    pub fn blank(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let r = &*rules;
        let start = r.pile(r.start, 0);
        let mut core = Core {
            rng: seed::rng(seed),
            piles: [Pile::EMPTY; MAX_PILES],
            loc: [NONE; MAX_CARDS],
            owner: [NONE; MAX_CARDS],
            up: 0,
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
            core.piles[start].push(c as u8);
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

    /// The seats with the best score.
    pub fn leaders(&self) -> Vec<usize> {
        let n = self.rules.players;
        let best = (0..n).map(|p| self.points(p)).max().unwrap_or(0);
        (0..n).filter(|&p| self.points(p) == best).collect()
    }

    pub fn events(&self) -> &[Event] {
        self.core.log.as_deref().unwrap_or(&[])
    }

    /// Whether `viewer` sees card `c` where it lies.
    #[inline]
    pub fn visible(&self, c: u8, viewer: usize) -> bool {
        self.core.up >> c & 1 == 1
            || self
                .rules
                .sees_pile(self.core.loc[c as usize] as usize, viewer)
    }

    /// Every card in exactly one pile, at the place its pile says.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &*self.rules;
        let mut seen = [0u8; MAX_CARDS];
        for (p, pile) in self.core.piles.iter().enumerate().take(r.piles.len()) {
            for &c in pile.as_slice() {
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
    /// places of such cards (each pile keeps its size), and future chance
    /// reseeded.
    pub fn redrawn(&self, seat: usize, rng: &mut seed::AgentRng) -> State {
        use rand::RngExt;
        let mut s = self.clone();
        let mut places: ArrayVec<(u8, u8), MAX_CARDS> = ArrayVec::new();
        let mut cards: ArrayVec<u8, MAX_CARDS> = ArrayVec::new();
        for p in 0..self.rules.piles.len() {
            for (i, &c) in self.core.piles[p].as_slice().iter().enumerate() {
                if !self.visible(c, seat) {
                    places.push((p as u8, i as u8));
                    cards.push(c);
                }
            }
        }
        cards.sort_unstable();
        seed::shuffle(&mut cards, rng);
        for (&(p, i), &c) in places.iter().zip(&cards) {
            s.core.piles[p as usize].cards[i as usize] = c;
            s.core.loc[c as usize] = p;
        }
        // E: the `for card` loops in progress go on over the redrawn cards.
        if s.core.calls.is_some() {
            let now = |&(p, i): &(u8, u8)| s.core.piles[p as usize].cards[i as usize];
            let map: ArrayVec<(u8, u8), MAX_CARDS> = (places.iter())
                .map(|pl| (self.core.piles[pl.0 as usize].cards[pl.1 as usize], now(pl)))
                .collect();
            s.core.redraw_snapshots(&map);
        }
        s.core.rng = seed::rng(rng.random());
        s
    }

    /// A hash of the whole state.
    pub fn digest(&self) -> String {
        let c = &self.core;
        let mut bytes: Vec<u8> = Vec::new();
        for p in &c.piles {
            bytes.extend_from_slice(p.as_slice());
            bytes.push(0xfe);
        }
        bytes.extend_from_slice(&c.loc);
        bytes.extend_from_slice(&c.owner);
        bytes.extend_from_slice(&c.up.to_le_bytes());
        for v in c.glob.iter().chain(c.per.iter().flatten()).chain(&c.locals) {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&c.pc.to_le_bytes());
        bytes.push(c.phase);
        bytes.extend_from_slice(&c.decisions.to_le_bytes());
        bytes.extend_from_slice(&(self.events().len() as u64).to_le_bytes());
        // D, E: only when a description has them (older digests unchanged).
        if let Some(calls) = &c.calls {
            for v in &calls.cells {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            calls.stack.bytes(&mut bytes);
        }
        format!("{:016x}", crate::load::fnv1a(&bytes))
    }
}
