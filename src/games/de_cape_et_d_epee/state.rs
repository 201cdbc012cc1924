//! A game in progress: the zones, the turn (place, turn up, abilities,
//! draw), the round's end and the final scoring (docs/de-cape.md sections
//! 2 to 4). The state owns its RNG (`engine::seed`), so a game is its
//! seed and its moves.

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::model::{MAX_COLUMN, MAX_DECK, MAX_OBJECTIVES, MAX_SEATS, Rules, T};
use crate::effects::columns::{Award, Work};
use crate::effects::columns::{CardExpr, ColExpr, Op, Trigger, Who};
use crate::effects::run::{self, Ending, Flow};
use crate::engine::seed;

/// No card, seat or column.
pub const NONE: u8 = u8::MAX;

pub(super) const UP: u8 = 1;
const TUCKED: u8 = 2;

/// The most cards of a game (6 colours of at most 40).
pub const MAX_CARDS: usize = MAX_SEATS * MAX_DECK;

/// One decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a card of the hand face down at the bottom of a column.
    Place { card: u8, column: u8 },
    /// A column chosen by an ability.
    Column(u8),
    /// A card of the hand chosen by an ability.
    Card(u8),
    /// An optional choice declined.
    Decline,
    /// No card in hand: the turn passes (`empty_hand`).
    Pass,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Turn,
    Choice,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    Rounds,
    PlacementCap,
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
    /// A column settled: its objective, its cards' final values, its winner.
    Settled {
        objective: u8,
        values: Vec<(u8, Option<i16>)>,
        winner: Option<u8>,
    },
    GameOver,
}

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
    card: u8,
    pc: u8,
    revealer: u8,
    by_effect: bool,
    vars: [u8; 8],
    defined: u8,
}

impl Frame {
    /// The cards this ability names (its card, its revealer, its choices).
    pub(super) fn names(&self) -> impl Iterator<Item = u8> + '_ {
        [self.card, self.revealer]
            .into_iter()
            .chain(self.vars)
            .filter(|&c| c != NONE)
    }
}

type Pile = ArrayVec<u8, MAX_DECK>;

#[derive(Clone)]
pub struct State {
    pub(super) rules: Arc<Rules>,
    pub(super) rng: seed::Rng,
    pub(super) phase: Phase,
    pub(super) round: u8,
    pub(super) turn: u8,
    pub(super) chooser: u8,
    pub(super) placements: u32,
    pub(super) hands: [Pile; MAX_SEATS],
    pub(super) reserves: [Pile; MAX_SEATS],
    pub(super) discards: [Pile; MAX_SEATS],
    pub(super) out: [u64; 4],
    pub(super) columns: ArrayVec<Column, MAX_SEATS>,
    /// The columns open to a placement (not sealed, below capacity) and
    /// the realized ones, as bits: kept by `refresh` after every change
    /// to a column.
    pub(super) open: u8,
    pub(super) realized: u8,
    pub(super) flags: [u8; MAX_CARDS],
    /// The column of each card on the table, `NONE` for every other card
    /// (and for `NONE`): kept with the columns by every move of a card.
    pub(super) at: [u8; 256],
    pub(super) fired: [u64; 4],
    pub(super) fires: u8,
    /// The seat that won each objective of the pool, or `NONE`.
    pub(super) won: [u8; MAX_OBJECTIVES],
    /// The objectives of the game in the order they are turned up.
    pub(super) deal: ArrayVec<u8, MAX_OBJECTIVES>,
    pub(super) frames: ArrayVec<Frame, 16>,
    pub(super) end: Option<EndReason>,
    pub(super) log: Option<Vec<Event>>,
}

impl State {
    /// A new game dealt from `seed` (docs/de-cape.md 2.1).
    pub fn new(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let mut s = State {
            rng: seed::rng(seed),
            phase: Phase::Turn,
            round: 0,
            turn: 0,
            chooser: NONE,
            placements: 0,
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
            won: [NONE; MAX_OBJECTIVES],
            deal: ArrayVec::new(),
            frames: ArrayVec::new(),
            end: None,
            log: log.then(Vec::new),
            rules,
        };
        s.setup();
        s
    }

    fn setup(&mut self) {
        let r = self.rules.clone();
        let mut pool: ArrayVec<u8, MAX_OBJECTIVES> = (0..r.objectives.len() as u8).collect();
        seed::shuffle(&mut pool, &mut self.rng);
        self.deal = pool
            .into_iter()
            .take(r.players * r.objectives_per_player)
            .collect();
        let dl = r.deck_len();
        for p in 0..r.players {
            self.reserves[p] = (0..dl).map(|i| (p * dl + i) as u8).collect();
            seed::shuffle(&mut self.reserves[p], &mut self.rng);
            for _ in 0..r.hand_size {
                self.draw(p);
            }
        }
        self.start_round(0);
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> usize {
        self.round as usize
    }
    pub fn placements(&self) -> u32 {
        self.placements
    }
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }
    pub fn hand(&self, p: usize) -> &[u8] {
        &self.hands[p]
    }
    pub fn reserve(&self, p: usize) -> &[u8] {
        &self.reserves[p]
    }
    pub fn discard(&self, p: usize) -> &[u8] {
        &self.discards[p]
    }
    pub fn is_out(&self, c: u8) -> bool {
        self.out[c as usize / 64] & (1 << (c % 64)) != 0
    }
    pub fn face_up(&self, c: u8) -> bool {
        self.flags[c as usize] & UP != 0
    }
    pub fn tucked(&self, c: u8) -> bool {
        self.flags[c as usize] & TUCKED != 0
    }
    pub fn events(&self) -> &[Event] {
        self.log.as_deref().unwrap_or(&[])
    }
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }
    /// The objectives seat `p` has won (indices into `Rules::objectives`).
    pub fn won(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.rules.objectives.len()).filter(move |&i| self.won[i] as usize == p)
    }

    /// The seat whose turn it is (a choice may be another seat's).
    pub fn turn_seat(&self) -> usize {
        self.turn as usize
    }

    /// The seat to act, or `NONE` at the end.
    pub fn actor(&self) -> u8 {
        match self.phase {
            Phase::Turn => self.turn,
            Phase::Choice => self.chooser,
            Phase::Over => NONE,
        }
    }

    fn note(&mut self, e: impl FnOnce() -> Event) {
        if let Some(l) = &mut self.log {
            l.push(e());
        }
    }

    /// Turns up the round's objectives, `first` to play.
    fn start_round(&mut self, first: usize) {
        let r = &self.rules;
        self.round += 1;
        self.columns.clear();
        let from = (self.round as usize - 1) * r.columns;
        for i in 0..r.columns {
            let objective = self.deal[from + i];
            self.columns.push(Column {
                objective,
                need: r.objectives[objective as usize].value,
                sealed: false,
                cards: ArrayVec::new(),
            });
        }
        self.refresh_all();
        self.turn = first as u8;
        self.phase = Phase::Turn;
    }

    /// Draws one card for `p`; an empty reserve is rebuilt from the
    /// shuffled discard pile (003: "il mélange les cartes de sa défausse").
    pub(super) fn draw(&mut self, p: usize) {
        if self.reserves[p].is_empty() {
            let d = std::mem::take(&mut self.discards[p]);
            self.reserves[p] = d;
            seed::shuffle(&mut self.reserves[p], &mut self.rng);
        }
        if let Some(c) = self.reserves[p].pop() {
            self.hands[p].push(c);
        }
    }

    // ----- Legal moves ------------------------------------------------------

    pub fn legal(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Turn => self.placements_of(out),
            Phase::Choice => self.choices(out),
        }
    }

    fn is_open(&self, c: usize) -> bool {
        let col = &self.columns[c];
        !col.sealed && col.cards.len() < self.rules.column_capacity
    }

    /// `legal(out)[below(rng, n)]` and `n`, without the list at a turn.
    /// Always inline: the move then comes back in registers, not through
    /// memory the caller reads at once, which stalls (docs/de-cape.md 12).
    #[inline(always)]
    pub fn random_legal(&self, rng: &mut seed::AgentRng, buf: &mut Vec<Move>) -> (Move, usize) {
        let p = self.turn as usize;
        if self.phase != Phase::Turn || self.hands[p].is_empty() {
            return self.random_listed(rng, buf);
        }
        let n = self.hands[p].len() * self.open.count_ones() as usize;
        let i = seed::below(rng, n);
        let (q, r) = div_small(i, self.open.count_ones() as usize);
        let card = self.hands[p][q];
        (
            Move::Place {
                card,
                column: nth_bit(self.open, r),
            },
            n,
        )
    }

    /// `random_legal` at a choice or an empty hand: from the list.
    #[inline(always)]
    fn random_listed(&self, rng: &mut seed::AgentRng, buf: &mut Vec<Move>) -> (Move, usize) {
        self.legal(buf);
        let n = buf.len();
        (buf[seed::below(rng, n)], n)
    }

    fn placements_of(&self, out: &mut Vec<Move>) {
        let p = self.turn as usize;
        if self.hands[p].is_empty() {
            out.push(Move::Pass);
            return;
        }
        for &card in &self.hands[p] {
            for c in (0..self.columns.len()).filter(|&c| self.open & (1 << c) != 0) {
                out.push(Move::Place {
                    card,
                    column: c as u8,
                });
            }
        }
    }

    fn choices(&self, out: &mut Vec<Move>) {
        let f = *self.frames.last().expect("a choice has its frame");
        match self.op(&f) {
            Op::ChooseColumn {
                differs, optional, ..
            } => {
                let not = differs.as_ref().map_or(NONE, |d| self.col(d, &f));
                for c in (0..self.columns.len() as u8).filter(|&c| c != not) {
                    out.push(Move::Column(c));
                }
                if *optional {
                    out.push(Move::Decline);
                }
            }
            Op::ChooseCard { from, optional, .. } => {
                out.extend(
                    self.hands[self.hand_of(from, &f)]
                        .iter()
                        .map(|&c| Move::Card(c)),
                );
                if *optional {
                    out.push(Move::Decline);
                }
            }
            _ => unreachable!("a choice stops at a choose"),
        }
    }

    // ----- Applying a move ----------------------------------------------------

    pub fn apply_move(&mut self, m: Move) {
        match m {
            Move::Place { card, column } => self.place(card, column as usize),
            Move::Pass => self.finish_turn(),
            Move::Column(c) => self.chosen(c),
            Move::Card(c) => self.chosen(c),
            Move::Decline => self.declined(),
        }
    }

    /// Places `card` face down at the bottom of `col` and turns up the card
    /// above it (003: "Si au-dessus de la carte qu'il place se trouve déjà
    /// une carte, il la retourne").
    fn place(&mut self, card: u8, col: usize) {
        let p = self.turn as usize;
        let i = self.hands[p]
            .iter()
            .position(|&c| c == card)
            .expect("a card of the hand");
        self.hands[p].swap_remove(i);
        self.columns[col].cards.push(card);
        self.at[card as usize] = col as u8;
        self.flags[card as usize] = 0;
        self.refresh(col);
        self.placements += 1;
        self.fired = [0; 4];
        self.fires = 0;
        self.note(|| Event::Placed {
            card,
            column: col as u8,
        });
        let cards = &self.columns[col].cards;
        if self.rules.reveal_above && cards.len() >= 2 {
            let above = cards[cards.len() - 2];
            if self.flags[above as usize] & (UP | TUCKED) == 0 {
                self.reveal(above, card, false);
            }
        }
        self.run();
    }

    /// Turns `card` up; its `on revealed:` ability starts.
    fn reveal(&mut self, card: u8, revealer: u8, by_effect: bool) {
        self.flags[card as usize] |= UP;
        self.note(|| Event::Revealed { card });
        let r = &self.rules;
        let Some(prog) = r.kinds[r.kind_of(card)].program.as_ref() else {
            return;
        };
        if prog.trigger != Trigger::Revealed || self.frames.is_full() {
            return;
        }
        // explorer.loop_guard: once per card and placement, or a cap.
        let bit = 1u64 << (card % 64);
        if r.first(T::LoopGuard) {
            if self.fired[card as usize / 64] & bit != 0 {
                return;
            }
            self.fired[card as usize / 64] |= bit;
        } else if self.fires >= 64 {
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

    fn op(&self, f: &Frame) -> &Op {
        &program(&self.rules, f)[f.pc as usize]
    }

    /// Runs the abilities until a choice or their end, then ends the turn
    /// (the engine's interpreter, `effects::run`).
    fn run(&mut self) {
        run::run(self)
    }

    fn chosen(&mut self, v: u8) {
        self.phase = Phase::Turn;
        run::answer(self, v);
    }

    fn declined(&mut self) {
        self.phase = Phase::Turn;
        let flow = self.decline();
        run::resume(self, flow);
    }

    /// cloak.draw: a declined choice ends its ability (OnlyIfTucked) or
    /// skips only what reads the choice (Always).
    fn decline(&self) -> Flow {
        if self.rules.first(T::DeclineGoesOn) {
            Flow::End(Ending::Unmet)
        } else {
            Flow::Next
        }
    }

    /// One op (not a choose) of the top frame `f`.
    fn step(&mut self, f: Frame) -> Flow {
        // `op` borrows the rules: each arm works out its cards and columns
        // before it changes the state (no clone of the shared rules).
        match &program(&self.rules, &f)[f.pc as usize] {
            Op::Move { card, to, up } => {
                let (c, to, up) = (self.card(card, &f), self.col(to, &f), *up);
                return self.move_card(c, to, up);
            }
            Op::Reveal(x) => {
                let c = self.card(x, &f);
                let hidden = c != NONE && self.flags[c as usize] & (UP | TUCKED) == 0;
                if hidden && self.rules.first(T::MovedReveals) && self.where_is(c).is_some() {
                    self.reveal(c, f.card, true);
                }
            }
            // explorer.vs_assassin AssassinInert: not a revealer that an
            // ability brought.
            Op::Discard(CardExpr::Revealer)
                if f.by_effect && !self.rules.first(T::RevealerByEffect) => {}
            Op::Discard(x) => {
                let c = self.card(x, &f);
                self.discard_placed(c);
            }
            Op::Seal(c) => {
                let c = self.col(c, &f);
                self.columns[c as usize].sealed = true;
                self.refresh(c as usize);
                self.note(|| Event::Sealed { column: c });
            }
            Op::Swap(a, b) => {
                let (a, b) = (self.col(a, &f), self.col(b, &f));
                self.swap_objectives(a, b);
            }
            Op::Tuck { card, under } => {
                let (c, u) = (self.card(card, &f), self.card(under, &f));
                self.tuck(c, u);
            }
            Op::Draw { who, count } => {
                let (p, n) = (self.seat(*who, &f), *count);
                (0..n).for_each(|_| self.draw(p));
            }
            Op::Require(c) => {
                let holds = self
                    .where_is(f.card)
                    .is_some_and(|(col, i)| self.work(col, false).holds(&*self.rules, c, i));
                if !holds {
                    return Flow::End(Ending::Unmet);
                }
            }
            _ => {}
        }
        Flow::Next
    }

    fn swap_objectives(&mut self, a: u8, b: u8) {
        let (ca, cb) = (a as usize, b as usize);
        let (oa, na) = (self.columns[ca].objective, self.columns[ca].need);
        let (ob, nb) = (self.columns[cb].objective, self.columns[cb].need);
        self.columns[ca].objective = ob;
        self.columns[ca].need = nb;
        self.columns[cb].objective = oa;
        self.columns[cb].need = na;
        self.refresh(ca);
        self.refresh(cb);
        self.note(|| Event::Swapped { a, b });
    }

    /// The seat whose hand a `choose card ... from hand(owner: ...)` reads.
    fn hand_of(&self, from: &crate::effects::columns::Filter, f: &Frame) -> usize {
        self.seat(from.owner.unwrap_or(Who::Owner), f)
    }

    fn seat(&self, who: Who, f: &Frame) -> usize {
        match who {
            Who::Owner | Who::Others => self.rules.owner(f.card),
            Who::Active => self.turn as usize,
        }
    }

    /// Where a card lies in the columns: (column, position).
    pub fn where_is(&self, c: u8) -> Option<(usize, usize)> {
        let i = self.at[c as usize];
        let cards = &self.columns.get(i as usize)?.cards;
        cards.iter().position(|&x| x == c).map(|p| (i as usize, p))
    }

    /// Sets `at` from the columns (after a position is set up or hidden
    /// cards are redrawn).
    pub(super) fn reindex(&mut self) {
        self.at = [NONE; 256];
        for (i, col) in self.columns.iter().enumerate() {
            for &c in &col.cards {
                self.at[c as usize] = i as u8;
            }
        }
        self.refresh_all();
    }

    /// Column `c`'s bits of `open` and `realized`, after a change to it.
    #[inline]
    fn refresh(&mut self, c: usize) {
        let (open, realized) = (self.is_open(c), self.is_realized(c));
        let bit = !(1u8 << c);
        self.open = (self.open & bit) | (u8::from(open) << c);
        self.realized = (self.realized & bit) | (u8::from(realized) << c);
    }

    fn refresh_all(&mut self) {
        (self.open, self.realized) = (0, 0);
        (0..self.columns.len()).for_each(|c| self.refresh(c));
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

    fn col(&self, e: &ColExpr, f: &Frame) -> u8 {
        match e {
            ColExpr::This => self.where_is(f.card).map_or(NONE, |(c, _)| c as u8),
            ColExpr::Var(v) => f.vars[*v as usize],
            ColExpr::Next { from, skip_sealed } => {
                let from = self.col(from, f);
                let n = self.columns.len();
                if from == NONE {
                    return NONE;
                }
                (1..n)
                    .map(|d| (from as usize + d) % n)
                    .find(|&c| {
                        let col = &self.columns[c];
                        !(col.sealed && *skip_sealed)
                            && col.cards.len() < self.rules.column_capacity
                    })
                    .map_or(NONE, |c| c as u8)
            }
        }
    }

    /// `move`: to the bottom of another column; with no column to go to,
    /// `explorer.no_column` says whether it stays or is discarded.
    fn move_card(&mut self, c: u8, to: u8, up: bool) -> Flow {
        let Some((from, i)) = self.where_is(c) else {
            return Flow::End(Ending::Unmet);
        };
        if to == NONE {
            if !self.rules.first(T::NoColumn) {
                self.columns[from].cards.remove(i);
                self.refresh(from);
                self.discard_card(c);
            }
            return Flow::End(Ending::Unmet);
        }
        self.columns[from].cards.remove(i);
        self.columns[to as usize].cards.push(c);
        self.at[c as usize] = to;
        self.refresh(from);
        self.refresh(to as usize);
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
    fn discard_placed(&mut self, c: u8) {
        if let Some((col, i)) = self.where_is(c) {
            self.columns[col].cards.remove(i);
            self.refresh(col);
            self.discard_card(c);
        }
    }

    fn discard_card(&mut self, c: u8) {
        self.flags[c as usize] = 0;
        self.at[c as usize] = NONE;
        let p = self.rules.owner(c);
        self.discards[p].push(c);
        self.note(|| Event::Discarded { card: c });
    }

    /// `tuck`: a hand card face down just under a table card.
    fn tuck(&mut self, c: u8, u: u8) {
        let Some((col, i)) = self.where_is(u) else {
            return;
        };
        let p = self.rules.owner(c);
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
        self.refresh(col);
        self.note(|| Event::Tucked { card: c });
    }

    // ----- The end of a turn and of a round ----------------------------------

    /// How many cards a column counts (`cloak.tucked_counts`).
    fn count(&self, c: usize) -> usize {
        let cards = &self.columns[c].cards;
        if self.rules.first(T::TuckedCounts) {
            cards.len()
        } else {
            cards
                .iter()
                .filter(|&&x| self.flags[x as usize] & TUCKED == 0)
                .count()
        }
    }

    /// 003: "réalisée lorsque sa colonne compte au moins autant de carte
    /// Influence que sa valeur", or sealed by a Storm.
    pub fn is_realized(&self, c: usize) -> bool {
        let col = &self.columns[c];
        let need = usize::from(col.need);
        // A column counts at most its cards.
        col.sealed || (col.cards.len() >= need && self.count(c) >= need)
    }

    pub fn all_realized(&self) -> bool {
        u32::from(self.realized) == (1 << self.columns.len()) - 1
    }

    fn nobody_holds_a_card(&self) -> bool {
        (0..self.rules.players).all(|p| self.hands[p].is_empty())
    }

    /// The draw, then the round's end if every objective is realized
    /// (`round_end.draw`), then the next player.
    fn finish_turn(&mut self) {
        let p = self.turn as usize;
        let ends = self.all_realized();
        if !ends || self.rules.first(T::EndDraw) {
            (0..self.rules.draw_after_place).for_each(|_| self.draw(p));
        }
        if self.placements >= self.rules.placement_cap {
            return self.game_over(EndReason::PlacementCap);
        }
        if ends || self.nobody_holds_a_card() {
            return self.end_round(p);
        }
        // The next seat without a division (one a turn).
        self.turn = if p + 1 == self.rules.players {
            0
        } else {
            p as u8 + 1
        };
    }

    /// The round's end: every column settled, left to right; the next round
    /// starts left of the player who ended this one. Once a round: kept out
    /// of the turn's code.
    #[inline(never)]
    fn end_round(&mut self, ender: usize) {
        if self.log.is_some() {
            let (realized, stuck) = (self.all_realized(), self.nobody_holds_a_card());
            let round = self.round;
            self.note(|| Event::RoundEnded {
                round,
                realized,
                stuck,
            });
        }
        for c in 0..self.columns.len() {
            self.settle(c, ender);
        }
        self.columns.clear();
        self.refresh_all();
        if self.round as usize >= self.rules.rounds {
            return self.game_over(EndReason::Rounds);
        }
        self.start_round((ender + 1) % self.rules.players);
    }

    /// The column's cards as the round's end reads them; `end`: the cards
    /// still face down are turned up late (003: "mais pas leur capacité
    /// spéciale"), a tucked card excepted.
    #[inline]
    fn work(&self, c: usize, end: bool) -> Work {
        let col = &self.columns[c];
        let shown = if end { UP | TUCKED } else { UP };
        let domain = self.rules.objectives[col.objective as usize].domain;
        Work::new(&*self.rules, &col.cards, domain, |x| {
            self.flags[x as usize] & shown == 0
        })
    }

    fn settle(&mut self, c: usize, ender: usize) {
        if !self.rules.first(T::TuckedCounts) {
            let tucked: ArrayVec<u8, MAX_COLUMN> = self.columns[c]
                .cards
                .iter()
                .copied()
                .filter(|&x| self.flags[x as usize] & TUCKED != 0)
                .collect();
            self.columns[c].cards.retain(|x| !tucked.contains(x));
            tucked.iter().for_each(|&x| self.discard_card(x));
        }
        let mut w = self.work(c, true);
        let winner = self.judged(&mut w, ender);
        let objective = self.columns[c].objective;
        if let Some(s) = winner {
            self.won[objective as usize] = s;
        }
        if self.log.is_some() {
            let values = w.values().collect();
            self.note(|| Event::Settled {
                objective,
                values,
                winner,
            });
        }
        let to_discard = self.rules.first(T::EliminatedTo);
        let cards = std::mem::take(&mut self.columns[c].cards);
        for (p, x) in cards.into_iter().enumerate() {
            if w.eliminated & (1 << p) != 0 {
                self.note(|| Event::Eliminated { card: x });
                if !to_discard {
                    self.flags[x as usize] = 0;
                    self.at[x as usize] = NONE;
                    self.out[x as usize / 64] |= 1 << (x % 64);
                    continue;
                }
            }
            self.discard_card(x);
        }
    }

    /// Runs the round-end steps over the column `w` (its eliminated cards
    /// are then `eliminated`, by position) and says who wins it.
    fn judged(&self, w: &mut Work, ender: usize) -> Option<u8> {
        let rules = &*self.rules;
        w.run_steps(rules, &mut |_| {});
        match w.award(rules) {
            Award::Seat(s) => Some(s as u8),
            Award::Nobody if !rules.first(T::EmptyColumn) => Some(ender as u8),
            Award::Nobody => None,
        }
    }

    fn game_over(&mut self, why: EndReason) {
        self.phase = Phase::Over;
        self.end = Some(why);
        self.frames.clear();
        self.note(|| Event::GameOver);
    }
}

/// The position of the `r`-th set bit of `m` (from 0, lowest first), by
/// a table: a loop of `r` steps would end at a random place, a branch
/// the processor mispredicts about once a placement.
#[inline]
fn nth_bit(m: u8, r: usize) -> u8 {
    static NTH: [[u8; 8]; 256] = {
        let mut t = [[0u8; 8]; 256];
        let mut m = 0;
        while m < 256 {
            let (mut bit, mut r) = (0, 0);
            while bit < 8 {
                if m & (1 << bit) != 0 {
                    t[m][r] = bit as u8;
                    r += 1;
                }
                bit += 1;
            }
            m += 1;
        }
        t
    };
    NTH[m as usize][r & 7]
}

/// The statements of the ability a frame runs.
#[inline]
fn program<'r>(rules: &'r Rules, f: &Frame) -> &'r [Op] {
    &rules.kinds[rules.kind_of(f.card)]
        .program
        .as_ref()
        .expect("a frame has a program")
        .ops
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

/// The abilities' ops over the columns; the engine runs them.
impl run::Interpreter for State {
    type Rules = Rules;
    type Op = Op;
    type Frame = Frame;

    fn rules(&self) -> &Rules {
        &self.rules
    }
    #[inline]
    fn statement<'r>(rules: &'r Rules, f: &Frame) -> Option<(&'r Op, u32)> {
        let prog = rules.kinds[rules.kind_of(f.card)].program.as_ref();
        let prog = prog.expect("a frame has a program");
        let pc = f.pc as usize;
        Some((prog.ops.get(pc)?, prog.reads[pc].into()))
    }
    fn frames(&self) -> &[Frame] {
        &self.frames
    }
    fn frames_mut(&mut self) -> &mut [Frame] {
        &mut self.frames
    }

    /// Stops for a choice; a choice with nothing to choose is declined at
    /// once.
    fn ask(&mut self) -> bool {
        let f = *self.frames.last().expect("a frame");
        let (by, empty) = match self.op(&f) {
            Op::ChooseCard { from, by, .. } => (*by, self.hands[self.hand_of(from, &f)].is_empty()),
            Op::ChooseColumn { by, .. } => (*by, self.columns.len() < 2),
            _ => unreachable!("asked at a choose"),
        };
        self.chooser = self.seat(by, &f) as u8;
        if !empty {
            self.phase = Phase::Choice;
        }
        !empty
    }
    fn unanswered(&mut self) -> Flow {
        self.decline()
    }
    fn act(&mut self) -> Flow {
        let f = *self.frames.last().expect("a frame");
        self.step(f)
    }
    fn end_frame(&mut self, _how: Ending) {
        self.frames.pop();
    }
    /// round_end.check AfterEachEffect: the chain stops once every
    /// objective is realized.
    fn stepped(&mut self) {
        if !self.rules.first(T::CheckEach) && self.all_realized() {
            self.frames.clear();
        }
    }
    fn finished(&mut self) {
        self.finish_turn();
    }
}

/// `(i / d, i % d)` for a divisor of at most [`MAX_SEATS`] (the open
/// columns) and `i` below 2^16, by a multiplication: a division is the
/// slowest instruction of a random placement. Equal to `/` and `%`
/// (tested for every such `i` and `d`).
fn div_small(i: usize, d: usize) -> (usize, usize) {
    /// `ceil(2^32 / d)`: `(i * R[d]) >> 32` is `i / d` for `i < 2^16`.
    const R: [u64; MAX_SEATS + 1] = {
        let mut t = [0; MAX_SEATS + 1];
        let mut d = 1;
        while d <= MAX_SEATS {
            t[d] = (1u64 << 32).div_ceil(d as u64);
            d += 1;
        }
        t
    };
    if d > MAX_SEATS || i >= 1 << 16 {
        return (i / d, i % d);
    }
    let q = ((i as u64 * R[d]) >> 32) as usize;
    (q, i - q * d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_is_the_rth_set_bit() {
        for m in 0..=255u8 {
            let set: Vec<u8> = (0..8).filter(|b| m & (1 << b) != 0).collect();
            for (r, &b) in set.iter().enumerate() {
                assert_eq!(nth_bit(m, r), b, "mask {m:b}, bit {r}");
            }
        }
    }

    #[test]
    fn div_small_is_division() {
        for d in 1..=MAX_SEATS + 2 {
            for i in 0..(1 << 16) + 8 {
                assert_eq!(div_small(i, d), (i / d, i % d), "{i} / {d}");
            }
        }
    }
}
