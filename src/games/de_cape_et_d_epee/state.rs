//! A game in progress: the zones, the turn (place, turn up, abilities,
//! draw), the round's end and the final scoring (docs/de-cape.md sections
//! 2 to 4). The state owns its RNG (`engine::seed`), so a game is its
//! seed and its moves.

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::model::{MAX_OBJECTIVES, Rules, T};
use crate::effects::columns::Award;
use crate::effects::columns::table::{Choices, TUCKED, Table};
pub use crate::effects::columns::table::{Column, Event, Frame, NONE, UP};
use crate::effects::columns::turn::{TableTurn, top_op};
use crate::effects::run;
use crate::engine::seed;

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

#[derive(Clone)]
pub struct State {
    pub(super) rules: Arc<Rules>,
    pub(super) rng: seed::Rng,
    pub(super) phase: Phase,
    pub(super) round: u8,
    pub(super) turn: u8,
    /// The seat that started the round.
    pub(super) first: u8,
    pub(super) chooser: u8,
    pub(super) placements: u32,
    /// The columns, the seats' piles, the abilities running, the log.
    pub(super) table: Table,
    /// The seat that won each objective of the pool, or `NONE`.
    pub(super) won: [u8; MAX_OBJECTIVES],
    /// The objectives of the game in the order they are turned up.
    pub(super) deal: ArrayVec<u8, MAX_OBJECTIVES>,
    pub(super) end: Option<EndReason>,
}

impl State {
    /// A new game dealt from `seed` (docs/de-cape.md 2.1).
    pub fn new(rules: Arc<Rules>, seed: u64, log: bool) -> State {
        let mut s = State {
            rng: seed::rng(seed),
            phase: Phase::Turn,
            round: 0,
            turn: 0,
            first: 0,
            chooser: NONE,
            placements: 0,
            table: Table::new(log),
            won: [NONE; MAX_OBJECTIVES],
            deal: ArrayVec::new(),
            end: None,
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
            self.table.reserves[p] = (0..dl).map(|i| (p * dl + i) as u8).collect();
            seed::shuffle(&mut self.table.reserves[p], &mut self.rng);
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
        &self.table.columns
    }
    pub fn is_out(&self, c: u8) -> bool {
        self.table.is_out(c)
    }
    pub fn face_up(&self, c: u8) -> bool {
        self.table.flags[c as usize] & UP != 0
    }
    pub fn events(&self) -> &[Event] {
        self.table.log.as_deref().unwrap_or(&[])
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

    /// The seat that started the round being played.
    pub fn first_seat(&self) -> usize {
        self.first as usize
    }

    /// The seat to act, or `NONE` at the end.
    pub fn actor(&self) -> u8 {
        match self.phase {
            Phase::Turn => self.turn,
            Phase::Choice => self.chooser,
            Phase::Over => NONE,
        }
    }

    /// Where a card lies in the columns: (column, position).
    pub fn where_is(&self, c: u8) -> Option<(usize, usize)> {
        self.table.where_is(c)
    }

    /// 003: "réalisée lorsque sa colonne compte au moins autant de carte
    /// Influence que sa valeur", or sealed by a Storm.
    pub fn is_realized(&self, c: usize) -> bool {
        self.table.is_realized(&*self.rules, c)
    }

    pub fn all_realized(&self) -> bool {
        self.table.all_realized()
    }

    /// Sets the table's indices from its columns (after a position is set
    /// up or hidden cards are redrawn).
    pub(super) fn reindex(&mut self) {
        self.table.reindex(&*self.rules);
    }

    /// Turns up the round's objectives, `first` to play.
    fn start_round(&mut self, first: usize) {
        let r = &self.rules;
        self.round += 1;
        let columns = &mut self.table.columns;
        columns.clear();
        let from = (self.round as usize - 1) * r.columns;
        for i in 0..r.columns {
            let objective = self.deal[from + i];
            columns.push(Column {
                objective,
                need: r.objectives[objective as usize].value,
                sealed: false,
                cards: ArrayVec::new(),
            });
        }
        self.table.refresh_all(&**r);
        self.turn = first as u8;
        self.first = first as u8;
        self.phase = Phase::Turn;
    }

    /// Draws one card for `p`; an empty reserve is rebuilt from the
    /// shuffled discard pile (003: "il mélange les cartes de sa défausse").
    pub(super) fn draw(&mut self, p: usize) {
        self.table.draw(p, &mut self.rng);
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

    /// `legal(out)[below(rng, n)]` and `n`, without the list at a turn.
    /// Always inline: the move then comes back in registers, not through
    /// memory the caller reads at once, which stalls (docs/de-cape.md 12).
    #[inline(always)]
    pub fn random_legal(&self, rng: &mut seed::AgentRng, buf: &mut Vec<Move>) -> (Move, usize) {
        let p = self.turn as usize;
        if self.phase != Phase::Turn || self.table.hands[p].is_empty() {
            return self.random_listed(rng, buf);
        }
        let n = self.table.placement_count(p);
        let (card, column) = self.table.placement(p, seed::below(rng, n));
        (Move::Place { card, column }, n)
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
        if self.table.hands[p].is_empty() {
            return out.push(Move::Pass);
        }
        let places = self.table.placements(p);
        out.extend(places.map(|(card, column)| Move::Place { card, column }));
    }

    fn choices(&self, out: &mut Vec<Move>) {
        let (r, t) = (&*self.rules, &self.table);
        let optional = match t.choices(r, top_op(r, t), self.turn as usize) {
            Choices::Columns(cs, o) => {
                out.extend(cs.into_iter().map(Move::Column));
                o
            }
            Choices::Cards(cs, o) => {
                out.extend(cs.into_iter().map(Move::Card));
                o
            }
        };
        if optional {
            out.push(Move::Decline);
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
        let r = &*self.rules;
        self.table.place(r, self.turn as usize, card, col);
        self.placements += 1;
        let cards = &self.table.columns[col].cards;
        if r.reveal_above && cards.len() >= 2 {
            let above = cards[cards.len() - 2];
            if self.table.flags[above as usize] & (UP | TUCKED) == 0 {
                self.table.reveal(r, above, card, false);
            }
        }
        self.run();
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
        run::resume(self, Table::declined(&*self.rules));
    }

    // ----- The end of a turn and of a round ----------------------------------

    fn nobody_holds_a_card(&self) -> bool {
        (0..self.rules.players).all(|p| self.table.hands[p].is_empty())
    }

    /// The draw, then the round's end if every objective is realized
    /// (`round_end.draw`; under `round_end.order` SettleThenDraw the draw
    /// of the turn that ends the round comes after its columns are
    /// settled), then the next player.
    fn finish_turn(&mut self) {
        let p = self.turn as usize;
        let ends = self.all_realized();
        let draws = !ends || self.rules.first(T::EndDraw);
        let late = ends && !self.rules.first(T::EndOrder);
        if draws && !late {
            self.draw_of_turn(p);
        }
        if self.placements >= self.rules.placement_cap {
            if draws && late {
                self.draw_of_turn(p);
            }
            return self.game_over(EndReason::PlacementCap);
        }
        if ends || self.nobody_holds_a_card() {
            return self.end_round(p, draws && late);
        }
        // The next seat without a division (one a turn).
        self.turn = if p + 1 == self.rules.players {
            0
        } else {
            p as u8 + 1
        };
    }

    /// The draw that ends a turn (003: "Ensuite, le joueur pioche une
    /// carte de sa réserve").
    fn draw_of_turn(&mut self, p: usize) {
        (0..self.rules.draw_after_place).for_each(|_| self.draw(p));
    }

    /// The round's end: every column settled, left to right; then the
    /// ender's draw if it comes `late` (`round_end.order`); the next round
    /// starts left of the player who ended this one. Once a round: kept out
    /// of the turn's code.
    #[inline(never)]
    fn end_round(&mut self, ender: usize, late: bool) {
        if self.table.log.is_some() {
            let (realized, stuck) = (self.all_realized(), self.nobody_holds_a_card());
            let round = self.round;
            self.table.note(|| Event::RoundEnded {
                round,
                realized,
                stuck,
            });
        }
        for c in 0..self.table.columns.len() {
            self.settle(c, ender);
        }
        self.table.columns.clear();
        self.table.refresh_all(&*self.rules);
        if late {
            self.draw_of_turn(ender);
        }
        if self.round as usize >= self.rules.rounds {
            return self.game_over(EndReason::Rounds);
        }
        self.start_round((ender + 1) % self.rules.players);
    }

    /// Column `c` settled: its winner wins its objective; a column nobody
    /// wins goes to the round's ender under `award.empty_column`
    /// RoundEnder.
    fn settle(&mut self, c: usize, ender: usize) {
        let r = &*self.rules;
        let objective = self.table.columns[c].objective;
        let winner = self.table.settle(r, c, |award| match award {
            Award::Seat(s) => Some(s as u8),
            Award::Nobody if !r.first(T::EmptyColumn) => Some(ender as u8),
            Award::Nobody => None,
        });
        if let Some(s) = winner {
            self.won[objective as usize] = s;
        }
    }

    fn game_over(&mut self, why: EndReason) {
        self.phase = Phase::Over;
        self.end = Some(why);
        self.table.frames.clear();
        self.table.note(|| Event::GameOver);
    }
}

/// The engine's words and reports read the table.
impl crate::effects::columns::Tabled for State {
    type Rules = Rules;
    fn rules(&self) -> &Rules {
        &self.rules
    }
    fn table(&self) -> &Table {
        &self.table
    }
}

/// The abilities act on the table; the engine runs them
/// (`effects::columns::turn`).
impl TableTurn for State {
    fn parts(&mut self) -> (&Rules, &mut Table, &mut seed::Rng) {
        (&self.rules, &mut self.table, &mut self.rng)
    }
    fn active(&self) -> usize {
        self.turn as usize
    }
    fn asked(&mut self, by: usize, empty: bool) {
        self.chooser = by as u8;
        if !empty {
            self.phase = Phase::Choice;
        }
    }
    /// round_end.check AfterEachEffect: the chain stops once every
    /// objective is realized.
    fn stepped(&mut self) {
        if !self.rules.first(T::CheckEach) && self.all_realized() {
            self.table.frames.clear();
        }
    }
    fn finished(&mut self) {
        self.finish_turn();
    }
}
