//! The table the `on revealed:` statements act on, and what they do to it
//! (docs/effects.md section 10): columns of cards under objectives, each
//! seat's hand, reserve and discard pile, the cards out of the game, which
//! cards are face up or tucked, the abilities running (frames) and the log
//! of what happened. A game's state holds one `Table` and adds its turn:
//! whose it is, when a round ends, who won what.
//!
//! **Invariants** (checked by [`Table::check_zones`]): every card of the
//! game is in exactly one place (a hand, a reserve, a discard pile, a
//! column, or out of the game), each seat's piles hold only its own cards;
//! `at` gives each card's column; `open` and `realized` are recomputed by
//! `refresh` after every change to a column.

use arrayvec::ArrayVec;

use super::compile::{CardExpr, ColExpr, Filter, Op, Who};
use super::{Award, ColumnRules, MAX_COLUMN, MAX_SEATS, Mask, Work};
use crate::effects::run::{self, Ending, Flow};
use crate::engine::seed;

/// No card, seat or column.
pub const NONE: u8 = u8::MAX;
/// A card's flags: face up; tucked under another card.
pub const UP: u8 = 1;
pub const TUCKED: u8 = 2;

/// Most cards of one seat's colour.
pub const MAX_DECK: usize = 40;
/// Most cards of a game (every seat's colour).
pub const MAX_CARDS: usize = MAX_SEATS * MAX_DECK;
/// Most abilities running at once (one waits on the next).
pub const MAX_FRAMES: usize = 16;

/// The most abilities one placement turns up when a card may act more than
/// once (`Readings::reveals_unbounded`).
const MAX_FIRES: u8 = 64;

pub type Pile = ArrayVec<u8, MAX_DECK>;

#[derive(Debug, Clone)]
pub struct Column {
    pub objective: u8,
    /// The objective's value: the cards it needs.
    pub need: u8,
    pub sealed: bool,
    pub cards: ArrayVec<u8, MAX_COLUMN>,
}

/// An ability running: its card, the next op, who turned it up.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub card: u8,
    pub pc: u8,
    pub revealer: u8,
    pub by_effect: bool,
    pub vars: [u8; 8],
    pub defined: u8,
}

impl Frame {
    /// The cards this ability names (its card, its revealer, its choices).
    pub fn names(&self) -> impl Iterator<Item = u8> + '_ {
        [self.card, self.revealer]
            .into_iter()
            .chain(self.vars)
            .filter(|&c| c != NONE)
    }
}

impl run::Frame for Frame {
    type Value = u8;
    fn pc(&mut self) -> &mut u8 {
        &mut self.pc
    }
    fn bound(&self) -> u32 {
        self.defined.into()
    }
    fn bind(&mut self, var: u8, value: u8) {
        self.vars[var as usize] = value;
        self.defined |= 1 << var;
    }
}

/// What happened, for text and tests (kept only with a log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Placed {
        card: u8,
        column: u8,
    },
    Revealed {
        card: u8,
    },
    Moved {
        card: u8,
        column: u8,
    },
    Discarded {
        card: u8,
    },
    Sealed {
        column: u8,
    },
    Swapped {
        a: u8,
        b: u8,
    },
    Tucked {
        card: u8,
    },
    Eliminated {
        card: u8,
    },
    RoundEnded {
        round: u8,
        realized: bool,
        stuck: bool,
    },
    /// A column settled: its objective, its cards' final values, its
    /// winner, the cards its round-end steps eliminated in the order they
    /// were eliminated.
    Settled {
        objective: u8,
        values: Vec<(u8, Option<i16>)>,
        winner: Option<u8>,
        eliminated: Vec<u8>,
    },
    GameOver,
}

/// A choice an ability asks for: who decides, and whether there is
/// nothing to choose from.
pub struct Asked {
    pub by: usize,
    pub empty: bool,
}

#[derive(Clone)]
pub struct Table {
    pub hands: [Pile; MAX_SEATS],
    pub reserves: [Pile; MAX_SEATS],
    pub discards: [Pile; MAX_SEATS],
    pub out: [u64; 4],
    pub columns: ArrayVec<Column, MAX_SEATS>,
    /// The columns open to a placement (not sealed, below capacity) and
    /// the realized ones, as bits: kept by `refresh` after every change
    /// to a column.
    pub open: u8,
    pub realized: u8,
    pub flags: [u8; MAX_CARDS],
    /// The column of each card on the table, `NONE` for every other card
    /// (and for `NONE`): kept with the columns by every move of a card.
    pub at: [u8; 256],
    /// The cards whose ability acted during this placement, and how many.
    fired: [u64; 4],
    fires: u8,
    pub frames: ArrayVec<Frame, MAX_FRAMES>,
    pub log: Option<Vec<Event>>,
}

impl Table {
    pub fn new(log: bool) -> Table {
        Table {
            hands: Default::default(),
            reserves: Default::default(),
            discards: Default::default(),
            out: [0; 4],
            columns: ArrayVec::new(),
            open: 0,
            realized: 0,
            flags: [0; MAX_CARDS],
            at: [NONE; 256],
            fired: [0; 4],
            fires: 0,
            frames: ArrayVec::new(),
            log: log.then(Vec::new),
        }
    }

    pub fn note(&mut self, e: impl FnOnce() -> Event) {
        if let Some(l) = &mut self.log {
            l.push(e());
        }
    }

    pub fn is_out(&self, c: u8) -> bool {
        self.out[c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// Draws one card for `p`; an empty reserve is rebuilt from the
    /// shuffled discard pile.
    #[inline]
    pub fn draw(&mut self, p: usize, rng: &mut seed::Rng) {
        if self.reserves[p].is_empty() {
            let d = std::mem::take(&mut self.discards[p]);
            self.reserves[p] = d;
            seed::shuffle(&mut self.reserves[p], rng);
        }
        if let Some(c) = self.reserves[p].pop() {
            self.hands[p].push(c);
        }
    }

    /// Seat `p` places `card` of its hand face down at the bottom of
    /// `col`; a new placement: every card's ability may act again.
    #[inline]
    pub fn place(&mut self, r: &impl ColumnRules, p: usize, card: u8, col: usize) {
        // Its place in the hand, without a branch per card (the cards of
        // a hand are distinct).
        let i = self.hands[p]
            .iter()
            .enumerate()
            .fold(usize::MAX, |at, (i, &c)| if c == card { i } else { at });
        assert!(i != usize::MAX, "a card of the hand");
        self.hands[p].swap_remove(i);
        self.columns[col].cards.push(card);
        self.at[card as usize] = col as u8;
        self.flags[card as usize] = 0;
        self.refresh(r, col);
        self.fired = [0; 4];
        self.fires = 0;
        self.note(|| Event::Placed {
            card,
            column: col as u8,
        });
    }

    /// Turns `card` up; its `on revealed:` ability starts (once per
    /// placement, `Readings::reveals_unbounded`).
    #[inline(always)]
    pub fn reveal(&mut self, r: &impl ColumnRules, card: u8, revealer: u8, by_effect: bool) {
        self.flags[card as usize] |= UP;
        self.note(|| Event::Revealed { card });
        if !r.reveals(card) || self.frames.is_full() {
            return;
        }
        let bit = 1u64 << (card % 64);
        if !r.readings().reveals_unbounded {
            if self.fired[card as usize / 64] & bit != 0 {
                return;
            }
            self.fired[card as usize / 64] |= bit;
        } else if self.fires >= MAX_FIRES {
            return;
        }
        self.fires += 1;
        self.frames.push(Frame {
            card,
            pc: 0,
            revealer,
            by_effect,
            vars: [NONE; 8],
            defined: 0,
        });
    }

    /// What a declined choice does: it ends its ability, or
    /// (`Readings::declined_goes_on`) skips only what reads it.
    pub fn declined(r: &impl ColumnRules) -> Flow {
        if r.readings().declined_goes_on {
            Flow::Next
        } else {
            Flow::End(Ending::Unmet)
        }
    }

    /// The top frame's `choose`: who decides, and whether it has nothing
    /// to choose from.
    pub fn ask(&self, r: &impl ColumnRules, op: &Op, active: usize) -> Asked {
        let f = self.frames.last().expect("a frame");
        let (by, empty) = match op {
            Op::ChooseCard { from, by, .. } => {
                (*by, self.hands[self.hand_of(r, from, f, active)].is_empty())
            }
            Op::ChooseColumn { by, .. } => (*by, self.columns.len() < 2),
            _ => unreachable!("asked at a choose"),
        };
        Asked {
            by: self.seat(r, by, f, active),
            empty,
        }
    }

    /// The answers to the top frame's `choose`: columns, or cards of a
    /// hand; `decline` when it is optional.
    pub fn choices(&self, r: &impl ColumnRules, op: &Op, active: usize) -> Choices {
        let f = self.frames.last().expect("a choice has its frame");
        match op {
            Op::ChooseColumn {
                differs, optional, ..
            } => {
                let not = differs.as_ref().map_or(NONE, |d| self.col(r, d, f));
                let columns = (0..self.columns.len() as u8)
                    .filter(|&c| c != not)
                    .collect();
                Choices::Columns(columns, *optional)
            }
            Op::ChooseCard { from, optional, .. } => {
                let hand = self.hands[self.hand_of(r, from, f, active)].clone();
                Choices::Cards(hand, *optional)
            }
            _ => unreachable!("a choice stops at a choose"),
        }
    }

    /// One op (not a choose) of the top frame `f`; `active`: the seat on
    /// turn.
    pub fn step(
        &mut self,
        r: &impl ColumnRules,
        op: &Op,
        f: Frame,
        active: usize,
        rng: &mut seed::Rng,
    ) -> Flow {
        let readings = r.readings();
        match op {
            Op::Move { card, to, up } => {
                let (c, to) = (self.card(card, &f), self.col(r, to, &f));
                return self.move_card(r, c, to, *up);
            }
            Op::Reveal(x) => {
                let c = self.card(x, &f);
                let hidden = c != NONE && self.flags[c as usize] & (UP | TUCKED) == 0;
                if hidden && !readings.reveal_does_nothing && self.where_is(c).is_some() {
                    self.reveal(r, c, f.card, true);
                }
            }
            Op::Discard(CardExpr::Revealer)
                if f.by_effect && readings.revealer_by_ability_spared => {}
            Op::Discard(x) => {
                let c = self.card(x, &f);
                self.discard_placed(r, c);
            }
            Op::Seal(c) => {
                let c = self.col(r, c, &f);
                self.columns[c as usize].sealed = true;
                self.refresh(r, c as usize);
                self.note(|| Event::Sealed { column: c });
            }
            Op::Swap(a, b) => {
                let (a, b) = (self.col(r, a, &f), self.col(r, b, &f));
                self.swap_objectives(r, a, b);
            }
            Op::Tuck { card, under } => {
                let (c, u) = (self.card(card, &f), self.card(under, &f));
                self.tuck(r, c, u);
            }
            Op::Draw { who, count } => {
                let p = self.seat(r, *who, &f, active);
                (0..*count).for_each(|_| self.draw(p, rng));
            }
            Op::Require(c) => {
                let holds = self
                    .where_is(f.card)
                    .is_some_and(|(col, i)| self.work(r, col, false).holds(r, c, i));
                if !holds {
                    return Flow::End(Ending::Unmet);
                }
            }
            _ => {}
        }
        Flow::Next
    }

    fn swap_objectives(&mut self, r: &impl ColumnRules, a: u8, b: u8) {
        let (ca, cb) = (a as usize, b as usize);
        let (oa, na) = (self.columns[ca].objective, self.columns[ca].need);
        let (ob, nb) = (self.columns[cb].objective, self.columns[cb].need);
        self.columns[ca].objective = ob;
        self.columns[ca].need = nb;
        self.columns[cb].objective = oa;
        self.columns[cb].need = na;
        self.refresh(r, ca);
        self.refresh(r, cb);
        self.note(|| Event::Swapped { a, b });
    }

    /// The seat whose hand a `choose card ... from hand(owner: ...)` reads.
    fn hand_of(&self, r: &impl ColumnRules, from: &Filter, f: &Frame, active: usize) -> usize {
        self.seat(r, from.owner.unwrap_or(Who::Owner), f, active)
    }

    fn seat(&self, r: &impl ColumnRules, who: Who, f: &Frame, active: usize) -> usize {
        match who {
            Who::Owner | Who::Others => r.owner(f.card),
            Who::Active => active,
        }
    }

    /// Where a card lies in the columns: (column, position).
    pub fn where_is(&self, c: u8) -> Option<(usize, usize)> {
        let i = self.at[c as usize];
        let cards = &self.columns.get(i as usize)?.cards;
        // Without an early exit: where a card lies in its column is random.
        let p = cards
            .iter()
            .enumerate()
            .fold(usize::MAX, |at, (p, &x)| if x == c { p } else { at });
        (p != usize::MAX).then_some((i as usize, p))
    }

    /// Sets `at`, `open` and `realized` from the columns (after a position
    /// is set up or hidden cards are redrawn).
    pub fn reindex(&mut self, r: &impl ColumnRules) {
        self.at = [NONE; 256];
        for (i, col) in self.columns.iter().enumerate() {
            for &c in &col.cards {
                self.at[c as usize] = i as u8;
            }
        }
        self.refresh_all(r);
    }

    /// Column `c`'s bits of `open` and `realized`, after a change to it.
    #[inline]
    fn refresh(&mut self, r: &impl ColumnRules, c: usize) {
        let (open, realized) = (self.is_open(r, c), self.is_realized(r, c));
        let bit = !(1u8 << c);
        self.open = (self.open & bit) | (u8::from(open) << c);
        self.realized = (self.realized & bit) | (u8::from(realized) << c);
    }

    pub fn refresh_all(&mut self, r: &impl ColumnRules) {
        (self.open, self.realized) = (0, 0);
        (0..self.columns.len()).for_each(|c| self.refresh(r, c));
    }

    /// Not sealed and below capacity.
    fn is_open(&self, r: &impl ColumnRules, c: usize) -> bool {
        let col = &self.columns[c];
        !col.sealed && col.cards.len() < r.capacity()
    }

    /// The one card an expression names at a placement, or `NONE`.
    fn card(&self, e: &CardExpr, f: &Frame) -> u8 {
        match e {
            CardExpr::This => f.card,
            CardExpr::Revealer => f.revealer,
            CardExpr::Var(v) => f.vars[*v as usize],
            CardExpr::Above(x) | CardExpr::Below(x) => {
                let c = self.card(x, f);
                let Some((col, i)) = self.where_is(c) else {
                    return NONE;
                };
                let cards = &self.columns[col].cards;
                let j = if matches!(e, CardExpr::Above(_)) {
                    i.checked_sub(1)
                } else {
                    Some(i + 1)
                };
                j.and_then(|j| cards.get(j).copied()).unwrap_or(NONE)
            }
            _ => NONE,
        }
    }

    /// The column an expression names, or `NONE`.
    pub fn col(&self, r: &impl ColumnRules, e: &ColExpr, f: &Frame) -> u8 {
        match e {
            ColExpr::This => self.where_is(f.card).map_or(NONE, |(c, _)| c as u8),
            ColExpr::Var(v) => f.vars[*v as usize],
            ColExpr::Next { from, skip_sealed } => {
                let from = self.col(r, from, f);
                let n = self.columns.len();
                if from == NONE {
                    return NONE;
                }
                (1..n)
                    .map(|d| (from as usize + d) % n)
                    .find(|&c| {
                        let col = &self.columns[c];
                        !(col.sealed && *skip_sealed) && col.cards.len() < r.capacity()
                    })
                    .map_or(NONE, |c| c as u8)
            }
        }
    }

    /// `move`: to the bottom of another column; with no column to go to,
    /// it stays, or (`Readings::stranded_move_discards`) is discarded.
    fn move_card(&mut self, r: &impl ColumnRules, c: u8, to: u8, up: bool) -> Flow {
        let Some((from, i)) = self.where_is(c) else {
            return Flow::End(Ending::Unmet);
        };
        if to == NONE {
            if r.readings().stranded_move_discards {
                self.columns[from].cards.remove(i);
                self.refresh(r, from);
                self.discard_card(r, c);
            }
            return Flow::End(Ending::Unmet);
        }
        self.columns[from].cards.remove(i);
        self.columns[to as usize].cards.push(c);
        self.at[c as usize] = to;
        self.refresh(r, from);
        self.refresh(r, to as usize);
        if !up {
            self.flags[c as usize] &= !UP;
        }
        self.note(|| Event::Moved {
            card: c,
            column: to,
        });
        Flow::Next
    }

    /// `discard`: a card of the columns to its owner's discard pile.
    fn discard_placed(&mut self, r: &impl ColumnRules, c: u8) {
        if let Some((col, i)) = self.where_is(c) {
            self.columns[col].cards.remove(i);
            self.refresh(r, col);
            self.discard_card(r, c);
        }
    }

    fn discard_card(&mut self, r: &impl ColumnRules, c: u8) {
        self.flags[c as usize] = 0;
        self.at[c as usize] = NONE;
        self.discards[r.owner(c)].push(c);
        self.note(|| Event::Discarded { card: c });
    }

    /// `tuck`: a hand card face down just under a table card.
    fn tuck(&mut self, r: &impl ColumnRules, c: u8, u: u8) {
        let Some((col, i)) = self.where_is(u) else {
            return;
        };
        let p = r.owner(c);
        let Some(h) = self.hands[p].iter().position(|&x| x == c) else {
            return;
        };
        if self.columns[col].cards.is_full() {
            return;
        }
        self.hands[p].swap_remove(h);
        self.columns[col].cards.insert(i + 1, c);
        self.at[c as usize] = col as u8;
        self.flags[c as usize] = TUCKED;
        self.refresh(r, col);
        self.note(|| Event::Tucked { card: c });
    }

    /// How many cards a column counts (`Readings::tucked_uncounted`).
    fn count(&self, r: &impl ColumnRules, c: usize) -> usize {
        let cards = &self.columns[c].cards;
        if r.readings().tucked_uncounted {
            cards
                .iter()
                .filter(|&&x| self.flags[x as usize] & TUCKED == 0)
                .count()
        } else {
            cards.len()
        }
    }

    /// A column is realized when it counts at least the cards its
    /// objective needs, or is sealed.
    pub fn is_realized(&self, r: &impl ColumnRules, c: usize) -> bool {
        let col = &self.columns[c];
        let need = usize::from(col.need);
        // No short cut on the cards' number before `count` (at most that
        // number): a branch on a column's fill is as random as the
        // placements.
        col.sealed | (self.count(r, c) >= need)
    }

    pub fn all_realized(&self) -> bool {
        u32::from(self.realized) == (1 << self.columns.len()) - 1
    }

    /// The column's cards as the round's end reads them; `end`: the cards
    /// still face down are turned up late (their abilities do not act), a
    /// tucked card excepted.
    #[inline]
    pub fn work<R: ColumnRules>(&self, r: &R, c: usize, end: bool) -> Work {
        let col = &self.columns[c];
        let shown = if end { UP | TUCKED } else { UP };
        let domain = r.domain(col.objective);
        Work::new(r, &col.cards, domain, |x| {
            self.flags[x as usize] & shown == 0
        })
    }

    /// Seat `p`'s total in column `c` (half points) as seat `viewer` sees
    /// it: the printed value of each card face up or the viewer's own,
    /// `unseen` for each other.
    pub fn seen_total(
        &self,
        r: &impl ColumnRules,
        c: usize,
        p: usize,
        viewer: usize,
        unseen: i16,
    ) -> i32 {
        let col = &self.columns[c];
        let domain = r.domain(col.objective);
        let value = |x: u8| match self.flags[x as usize] & UP != 0 || r.owner(x) == viewer {
            true => r.printed(r.kind_of(x), domain),
            false => unseen,
        };
        let mine = col.cards.iter().filter(|&&x| r.owner(x) == p);
        mine.map(|&x| i32::from(value(x))).sum()
    }

    /// Before the award: a tucked card that does not count leaves its
    /// column for its owner's discard pile (`Readings::tucked_uncounted`).
    pub fn drop_tucked(&mut self, r: &impl ColumnRules, c: usize) {
        if !r.readings().tucked_uncounted {
            return;
        }
        let tucked: ArrayVec<u8, MAX_COLUMN> = self.columns[c]
            .cards
            .iter()
            .copied()
            .filter(|&x| self.flags[x as usize] & TUCKED != 0)
            .collect();
        self.columns[c].cards.retain(|x| !tucked.contains(x));
        tucked.iter().for_each(|&x| self.discard_card(r, x));
    }

    /// Settles column `c` at the round's end: a tucked card that does not
    /// count leaves, the round-end steps run, `decide` says who wins from
    /// the award (a game may give a column nobody wins to a seat), the log
    /// notes the values and the winner, and the column is cleared.
    pub fn settle<R: ColumnRules>(
        &mut self,
        r: &R,
        c: usize,
        decide: impl FnOnce(Award) -> Option<u8>,
    ) -> Option<u8> {
        self.drop_tucked(r, c);
        let mut w = self.work(r, c, true);
        // The order of the eliminations, for the log only.
        let (logged, mut order) = (self.log.is_some(), Vec::new());
        w.run_steps(r, &mut |x| {
            if logged && !order.contains(&x) {
                order.push(x);
            }
        });
        let winner = decide(w.award(r));
        let objective = self.columns[c].objective;
        if logged {
            let values = w.values().collect();
            self.note(|| Event::Settled {
                objective,
                values,
                winner,
                eliminated: order,
            });
        }
        self.clear_column(r, c, w.eliminated);
        winner
    }

    /// After the award: the column's cards to their owners' discard piles;
    /// those at the positions `eliminated` out of the game instead when
    /// `Readings::eliminated_out`.
    pub fn clear_column(&mut self, r: &impl ColumnRules, c: usize, eliminated: Mask) {
        let out = r.readings().eliminated_out;
        let cards = std::mem::take(&mut self.columns[c].cards);
        for (p, x) in cards.into_iter().enumerate() {
            if eliminated & (1 << p) != 0 {
                self.note(|| Event::Eliminated { card: x });
                if out {
                    self.flags[x as usize] = 0;
                    self.at[x as usize] = NONE;
                    self.out[x as usize / 64] |= 1 << (x % 64);
                    continue;
                }
            }
            self.discard_card(r, x);
        }
    }
}

/// For a search: what a seat cannot see, dealt again; and the check that
/// every card is in one place.
impl Table {
    /// Seat `q`'s cards hidden from the others (its hand, its reserve, its
    /// face-down cards in the columns, except those in `keep`) shuffled
    /// and dealt back to the same places. Each shuffle starts from the
    /// cards in order of their number, so the result depends on what is
    /// seen and on `rng` only.
    pub fn redraw_seat(
        &mut self,
        r: &impl ColumnRules,
        q: usize,
        keep: &[u8],
        rng: &mut seed::AgentRng,
    ) {
        let hidden = |x: u8, flags: &[u8]| {
            r.owner(x) == q && flags[x as usize] & UP == 0 && !keep.contains(&x)
        };
        let mut pool: Vec<u8> = self.hands[q]
            .iter()
            .chain(&self.reserves[q])
            .copied()
            .collect();
        let mut slots: Vec<(usize, usize, u8)> = Vec::new();
        for (ci, col) in self.columns.iter().enumerate() {
            for (i, &x) in col.cards.iter().enumerate() {
                if hidden(x, &self.flags) {
                    slots.push((ci, i, self.flags[x as usize]));
                    pool.push(x);
                }
            }
        }
        pool.sort_unstable();
        seed::shuffle(&mut pool, rng);
        let mut it = pool.into_iter();
        for &(ci, i, flags) in &slots {
            let x = it.next().expect("as many cards as places");
            self.columns[ci].cards[i] = x;
            self.flags[x as usize] = flags;
        }
        let h = self.hands[q].len();
        let rest: Vec<u8> = it.collect();
        for &x in &rest {
            self.flags[x as usize] = 0;
        }
        self.hands[q] = rest[..h].iter().copied().collect();
        self.reserves[q] = rest[h..].iter().copied().collect();
        self.reindex(r);
    }

    /// A copy for a search by `seat`: every card it cannot see is dealt
    /// again ([`Table::redraw_seat`] for each other seat, its own reserve
    /// shuffled), except the cards an ability in progress names; no log.
    /// Each shuffle starts from the cards in order of their number.
    pub fn redraw_hidden(&mut self, r: &impl ColumnRules, seat: usize, rng: &mut seed::AgentRng) {
        self.log = None;
        let keep: Vec<u8> = self.frames.iter().flat_map(|f| f.names()).collect();
        for q in 0..r.seats() {
            if q == seat {
                self.reserves[q].sort_unstable();
                seed::shuffle(&mut self.reserves[q], rng);
            } else {
                self.redraw_seat(r, q, &keep, rng);
            }
        }
    }

    /// Every card of the `cards` of the game (`deck_len` a seat) is in
    /// exactly one place, each seat's piles hold its own cards, columns
    /// hold at most their capacity, and the indices agree with the columns.
    pub fn check_zones(&self, r: &impl ColumnRules, deck_len: usize) -> Result<(), String> {
        let n = r.seats() * deck_len;
        let mut seen = vec![0u8; n];
        let mut mark = |c: u8, where_: &str, owner: Option<usize>| -> Result<(), String> {
            let i = c as usize;
            if i >= n {
                return Err(format!("card {c} in {where_} does not exist"));
            }
            if owner.is_some_and(|o| r.owner(c) != o) {
                return Err(format!("card {c} of seat {} in {where_}", r.owner(c)));
            }
            seen[i] += 1;
            Ok(())
        };
        for p in 0..r.seats() {
            for (name, pile) in [
                ("hand", &self.hands[p]),
                ("reserve", &self.reserves[p]),
                ("discard", &self.discards[p]),
            ] {
                for &c in pile {
                    mark(c, &format!("the {name} of seat {p}"), Some(p))?;
                }
            }
        }
        for (i, col) in self.columns.iter().enumerate() {
            if col.cards.len() > r.capacity() {
                return Err(format!("column {i} holds {} cards", col.cards.len()));
            }
            for &c in &col.cards {
                mark(c, &format!("column {i}"), None)?;
            }
        }
        for c in 0..n as u8 {
            if self.is_out(c) {
                mark(c, "out of the game", None)?;
            }
        }
        if let Some(c) = seen.iter().position(|&k| k != 1) {
            return Err(format!("card {c} is in {} places", seen[c]));
        }
        self.check_indices(r, n)
    }

    /// `at`, `open` and `realized` agree with the columns.
    fn check_indices(&self, r: &impl ColumnRules, n: usize) -> Result<(), String> {
        for c in 0..n as u8 {
            if self.flags[c as usize] & TUCKED != 0 && self.where_is(c).is_none() {
                return Err(format!("card {c} is tucked but not in a column"));
            }
            let column = self.columns.iter().position(|col| col.cards.contains(&c));
            if self.at[c as usize] != column.map_or(NONE, |i| i as u8) {
                return Err(format!(
                    "card {c} is indexed in column {}",
                    self.at[c as usize]
                ));
            }
        }
        let mut fresh = self.clone();
        fresh.reindex(r);
        if (fresh.open, fresh.realized) != (self.open, self.realized) {
            return Err(format!(
                "open columns {:b} and realized {:b} are kept as {:b} and {:b}",
                fresh.open, fresh.realized, self.open, self.realized
            ));
        }
        Ok(())
    }
}

/// The answers a `choose` offers, and whether it may be declined.
pub enum Choices {
    Columns(ArrayVec<u8, MAX_SEATS>, bool),
    Cards(Pile, bool),
}
