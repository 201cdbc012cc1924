//! The state of a game of Caesar & Cleopatra: its zones, its phase, and the
//! turn sequence that moves cards between zones.
//!
//! A turn flows through phases, each a choice point of one player:
//! `TurnStart` (pass, place, or play an action card) → `Placing` (a second
//! card) → `Refill` (one draw at a time, choosing the reserve) → `BeforeVote`
//! (draw the vote card) → the next turn. A passive turn is `TurnStart` →
//! `PassiveDiscard` → `Refill`. Votes, orgies, exhausted groups and the end
//! of the game happen between choice points, inside [`State::apply_legal`].
//!
//! This file applies moves ([`State::apply_move`] and the functions it
//! calls: one application for every client). Which moves are legal is
//! written plainly in [`super::reference`], and for speed in
//! `kernel` (`legal`, `random_legal`, `random_step`), which must
//! equal it (`tests/suite/kernel_equality.rs`).

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::events::{EndReason, Event, VoteOutcome};
use super::kernel::simd::{
    add_at, bump, groups_holding_at_least, masked_sum, nonzero_groups, nonzero_kinds, reveal_all,
    room_masks, set_at, sub_at, weighted_sums,
};
use super::model::{
    Counts, ExhaustedVoteCard, ExtraordinaryTie, ExtraordinaryVote, Face, Kind, MAX_GROUPS,
    MAX_KINDS, MAX_RESERVE, MAX_VOTE_CARDS, OrgyRemovalTiming, Reshuffle, Rules, TieBreak,
    VoteEffect,
};
use super::moves::{Move, Reserve};
use super::vote::{Decision, Tally, decide};
use crate::engine::seed::{self, Rng};

/// Where in the turn the game stands; each phase is one kind of choice point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Setup: the seat orders his action reserve, one card at a time.
    ArrangeActions,
    /// Setup: the seat places his set-aside cards face down, group by group.
    SetupPlace,
    /// Start of a turn: pass, place influence, or play an action card.
    TurnStart,
    /// One card is placed; a second may (or must) follow.
    Placing,
    /// Refilling the hand one card at a time.
    Refill,
    /// A passive turn: discard cards, then refill.
    PassiveDiscard,
    /// The active turn ends with a vote card.
    BeforeVote,
    /// The lone player of 001 places all his influence at once.
    LonePlaceAll,
    /// An action card is being resolved: a reaction window, or a choice its
    /// effect asks for (see `effect.rs`).
    Effect,
    /// The game is over.
    GameOver,
}

/// One player's cards outside the groups.
#[derive(Debug, Clone)]
pub struct Zones {
    pub hand: Counts,
    pub hand_len: u8,
    /// Influence reserve; the top card is the last.
    pub influence_reserve: ArrayVec<Kind, MAX_RESERVE>,
    /// Action reserve; the top card is the last.
    pub action_reserve: ArrayVec<Kind, MAX_RESERVE>,
    pub discard: Counts,
    /// Cards out of the game.
    pub removed: Counts,
    /// Setup: set-aside cards not yet placed (they become the starting hand).
    pub set_aside: Counts,
    /// Setup: action cards not yet put in the action reserve.
    pub unarranged: Counts,
    /// Patricians won, per group.
    pub won: [u8; MAX_GROUPS],
    /// Mission cards (indices into `Rules::missions`).
    pub missions: ArrayVec<u8, 4>,
}

impl Zones {
    /// The draws offered, in the order of `few_moves`: whether the
    /// influence reserve has a card (0 or 1), and how many reserves have.
    pub(crate) fn draw_choices(&self) -> (usize, usize) {
        let inf = usize::from(!self.influence_reserve.is_empty());
        (inf, inf + usize::from(!self.action_reserve.is_empty()))
    }

    fn empty() -> Zones {
        Zones {
            hand: [0; MAX_KINDS],
            hand_len: 0,
            influence_reserve: ArrayVec::new(),
            action_reserve: ArrayVec::new(),
            discard: [0; MAX_KINDS],
            removed: [0; MAX_KINDS],
            set_aside: [0; MAX_KINDS],
            unarranged: [0; MAX_KINDS],
            won: [0; MAX_GROUPS],
            missions: ArrayVec::new(),
        }
    }
}

/// One patrician group on the table, as `State::group` shows it.
#[derive(Debug, Clone, Copy, Default)]
pub struct GroupState {
    /// Patricians still in the pile.
    pub left: u8,
    /// Influence cards per player, per face (`[player][face]`, Down = 0).
    pub cards: [[Counts; 2]; 2],
    /// Influence cards per player.
    pub count: [u8; 2],
    /// An extraordinary vote here tied and `turn.extraordinary_tie` is
    /// `Frozen`: no influence may be placed here until a vote is decided.
    pub frozen: bool,
}

impl GroupState {
    pub fn total(&self) -> u8 {
        self.count[0] + self.count[1]
    }
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }
}

/// The cards at one patrician group. The rest of a group's state is kept
/// in `State`'s per-group byte arrays (`left`, `count`, `frozen`), so that
/// a test over all groups is a few SSE2 instructions.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct GroupCards {
    /// Influence cards per player, per face (`[player][face]`, Down = 0).
    pub cards: [[Counts; 2]; 2],
}

/// `pile` followed by `more`, by one copy of `more`'s whole buffer: a
/// fixed size, so no call to `memcpy`, whose branches on the length
/// mispredict on piles of random lengths. The bytes past `more`'s length
/// land past the pile's new length, in its room for twice the cards.
#[inline]
fn join_piles(
    pile: &mut ArrayVec<u8, { 2 * MAX_VOTE_CARDS }>,
    more: &ArrayVec<u8, MAX_VOTE_CARDS>,
) {
    use std::mem::MaybeUninit;
    let (p, d) = (pile.len(), more.len());
    // Never more than the game's vote cards in the pile (at most
    // MAX_VOTE_CARDS, checked at load).
    assert!(p <= MAX_VOTE_CARDS, "a vote pile of {p} cards");
    // SAFETY: `more`'s buffer holds MAX_VOTE_CARDS bytes from `as_ptr`,
    // the first `d` initialised, copied as `MaybeUninit` (no read of an
    // uninitialised byte as a `u8`); they go to bytes `p..p +
    // MAX_VOTE_CARDS` of the pile's buffer, within its 2 * MAX_VOTE_CARDS
    // as `p <= MAX_VOTE_CARDS`; the pile's new length `p + d` covers only
    // initialised bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(
            more.as_ptr().cast::<MaybeUninit<u8>>(),
            pile.as_mut_ptr().add(p).cast::<MaybeUninit<u8>>(),
            MAX_VOTE_CARDS,
        );
        pile.set_len(p + d);
    }
}

pub(crate) fn face_ix(face: Face) -> usize {
    match face {
        Face::Down => 0,
        Face::Up => 1,
    }
}

/// What happened in a game, counted as it happens (for the designer's
/// report; kept even when the event log is off).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Votes held (drawn vote cards and extraordinary votes).
    pub votes: u16,
    /// Of which extraordinary.
    pub extraordinary_votes: u16,
    /// Votes that moved nothing (a tie, or a lone Philosopher postponed).
    pub ties: u16,
    /// Orgy cards turned up (the reshuffle orgy included).
    pub orgies: u16,
    pub reshuffles: u16,
    /// Action cards played in their players' turns.
    pub actions_played: u16,
    /// Of which cancelled by a reaction.
    pub actions_cancelled: u16,
    /// Reaction cards played.
    pub reactions: u16,
    /// Action cards (not cancelled) that changed who would win a vote at some
    /// group if it were held right then.
    pub action_swings: u16,
    /// Times the player ahead on points changed (a tie in between does not
    /// count as a change).
    pub lead_changes: u16,
    /// The turn from which the player ahead now has stayed ahead.
    pub ahead_since_turn: u32,
    /// The player ahead on points (`None` before anyone is).
    pub ahead: Option<u8>,
}

/// Whether vote card `c` leaves the game when group `g`'s last patrician
/// is won: `turn.exhausted_vote_card: RemoveAtOnce` and the card questions
/// `g` (001, 4.2: "Retirer définitivement du jeu la carte Suffrage
/// \"Patricien\" qui n'a plus de représentant en jeu").
pub(crate) fn leaves_with_group(rules: &Rules, c: u8, g: usize) -> bool {
    rules.turn.exhausted_vote_card == ExhaustedVoteCard::RemoveAtOnce
        && rules.vote_cards[c as usize].effect == VoteEffect::Vote(g as u8)
}

/// A game in progress. Cheap to clone: fixed-size arrays and one `Arc`.
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) rules: Arc<Rules>,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    /// The seat whose turn (or setup step) it is.
    pub(crate) seat: u8,
    pub(crate) turn: u32,
    pub(crate) zones: [Zones; 2],
    pub(crate) groups: [GroupCards; MAX_GROUPS],
    /// Per group: patricians still in the pile (0 past the last group).
    pub(crate) left: [u8; MAX_GROUPS],
    /// Per player, per group: influence cards there.
    pub(crate) count: [[u8; MAX_GROUPS]; 2],
    /// Per player, per group: of those, the cards face up (kept with the
    /// cards; `check_invariants` counts them again).
    pub(crate) up: [[u8; MAX_GROUPS]; 2],
    /// Per group: an extraordinary vote there tied and
    /// `turn.extraordinary_tie` is `Frozen`: no influence may be placed
    /// there until a vote is decided.
    pub(crate) frozen: [bool; MAX_GROUPS],
    /// Vote draw pile; the top card is the last.
    /// Room for twice the vote cards, so that the discard pile joins it
    /// by one fixed-size copy (`join_piles`).
    pub(crate) vote_pile: ArrayVec<u8, { 2 * MAX_VOTE_CARDS }>,
    pub(crate) vote_discard: ArrayVec<u8, MAX_VOTE_CARDS>,
    pub(crate) vote_removed: ArrayVec<u8, MAX_VOTE_CARDS>,
    /// Mission cards back in the box, unseen.
    pub(crate) missions_boxed: ArrayVec<u8, 16>,
    /// Setup: placements made by the seat so far.
    setup_step: u8,
    /// This turn: cards placed and their face.
    pub(crate) placed: u8,
    pub(crate) placed_face: Face,
    /// This turn: action cards played.
    pub(crate) actions_played: u8,
    /// This turn: cards drawn in the refill so far.
    pub(crate) refill_draws: u8,
    /// This turn: the player has committed to an active turn.
    pub(crate) active: bool,
    pub(crate) counters: Counters,
    /// Each player's victory points: `count_points`, kept up to date as
    /// patricians are won (set again wherever patricians or missions are
    /// dealt otherwise: `deal`, `Position`, the resampling).
    pub(crate) points: [u32; 2],
    /// Action cards being resolved; a reaction sits above the card it answers.
    pub(crate) frames: ArrayVec<super::effect::Frame, 4>,
    /// Orgy variant (a) has removed its orgy.
    pub(crate) orgy_removed: bool,
    /// Orgy variant (a), `NextDrawnAfterTwoGroups`: the next vote card drawn
    /// is the one that may go to the box.
    orgy_next_armed: bool,
    /// The player who plays on alone, once the other has no influence left.
    pub(crate) lone: Option<u8>,
    pub(crate) end: Option<EndReason>,
    pub(crate) record: bool,
    pub(crate) events: Vec<Event>,
}

impl State {
    /// A new game with the given seed, recording its event log.
    pub fn new(rules: Arc<Rules>, seed: u64) -> State {
        Self::with_log(rules, seed, true)
    }

    /// A new game; `record: false` skips the event log (fast simulation).
    #[inline]
    pub fn with_log(rules: Arc<Rules>, seed: u64, record: bool) -> State {
        let mut s = Self::empty(rules, seed, record);
        s.deal();
        s
    }

    /// An empty table (for `Position`, which fills it in).
    pub(crate) fn blank(rules: Arc<Rules>, seed: u64) -> State {
        Self::empty(rules, seed, true)
    }

    /// A stated position starts at the beginning of a turn, in the state
    /// play would have reached there: over when every patrician is won
    /// (as `vote` ends it) or between turns (`ends_between_turns`: the turn
    /// cap, no influence left on either side, a lone player who can place
    /// nothing); with one side out of influence, the other plays on alone
    /// from this turn. `stated` is the seat whose turn the position says
    /// it is (`None`: the first player, or the lone player); a stated seat
    /// that is not the lone player's is `Err(lone player)`.
    pub(crate) fn begin_turn_at_position(&mut self, stated: Option<u8>) -> Result<(), u8> {
        self.seat = stated.unwrap_or(self.rules.setup.first_player as u8);
        if self.all_won() {
            self.finish(EndReason::AllPatricians);
            return Ok(());
        }
        if self.ends_between_turns() {
            return Ok(());
        }
        if let Some(l) = self.lone {
            match stated {
                Some(p) if p != l => return Err(l),
                _ => self.seat = l,
            }
        }
        self.start_turn();
        Ok(())
    }

    #[inline]
    fn empty(rules: Arc<Rules>, seed: u64, record: bool) -> State {
        State {
            rng: seed::rng(seed),
            phase: Phase::SetupPlace,
            seat: rules.setup.first_player as u8,
            turn: 0,
            zones: [Zones::empty(), Zones::empty()],
            groups: [GroupCards::default(); MAX_GROUPS],
            left: [0; MAX_GROUPS],
            count: [[0; MAX_GROUPS]; 2],
            up: [[0; MAX_GROUPS]; 2],
            frozen: [false; MAX_GROUPS],
            vote_pile: ArrayVec::new(),
            vote_discard: ArrayVec::new(),
            vote_removed: ArrayVec::new(),
            missions_boxed: ArrayVec::new(),
            setup_step: 0,
            placed: 0,
            placed_face: Face::Down,
            actions_played: 0,
            refill_draws: 0,
            active: false,
            lone: None,
            orgy_removed: false,
            orgy_next_armed: false,
            frames: ArrayVec::new(),
            counters: Counters::default(),
            points: [0; 2],
            end: None,
            record,
            events: Vec::new(),
            rules,
        }
    }

    /// Shuffles the decks, deals missions, and sets up the setup phases.
    fn deal(&mut self) {
        // The rules borrowed beside the fields dealt to (no clone of the
        // shared `Arc`, whose count every thread's games would touch).
        let State {
            rules,
            rng,
            left,
            zones,
            vote_pile,
            vote_removed,
            missions_boxed,
            record,
            events,
            ..
        } = self;
        let rules: &Rules = rules;
        let mut log = |e: Event| {
            if *record {
                events.push(e);
            }
        };
        for (gi, g) in rules.groups.iter().enumerate() {
            left[gi] = g.size;
        }
        for (z, d) in zones.iter_mut().zip(&rules.deals) {
            // Copied as slices (the zones start empty).
            let full = "a deal fits its reserve";
            z.influence_reserve
                .try_extend_from_slice(&d.influence_reserve)
                .expect(full);
            z.set_aside = d.set_aside;
            seed::shuffle(&mut z.influence_reserve, rng);
            z.action_reserve
                .try_extend_from_slice(&d.action_reserve)
                .expect(full);
            z.unarranged = d.unarranged;
            seed::shuffle(&mut z.action_reserve, rng);
        }
        vote_pile.extend((0..rules.vote_cards.len()).map(|i| i as u8));
        seed::shuffle(vote_pile, rng);
        // Orgy variant (b): orgies, never the reshuffle one, out before the game.
        for _ in 0..rules.setup.orgies_removed_before_game {
            if let Some(i) = vote_pile
                .iter()
                .position(|&c| rules.vote_cards[c as usize].effect == VoteEffect::Orgy)
            {
                let c = vote_pile.remove(i);
                vote_removed.push(c);
                log(Event::OrgyRemoved { card: c });
            }
        }
        let mut missions: ArrayVec<u8, 16> = (0..rules.missions.len()).map(|i| i as u8).collect();
        seed::shuffle(&mut missions, rng);
        for i in 0..rules.missions_per_player as usize * 2 {
            let p = (rules.setup.first_player + i) % 2;
            if let Some(m) = missions.pop() {
                zones[p].missions.push(m);
                log(Event::MissionDealt {
                    player: p as u8,
                    mission: m,
                });
            }
        }
        *missions_boxed = missions;
        self.points = self.count_points();
        self.begin_setup_of(self.seat);
    }

    fn begin_setup_of(&mut self, seat: u8) {
        self.seat = seat;
        self.setup_step = 0;
        let unarranged: u32 = self.zones[seat as usize]
            .unarranged
            .iter()
            .map(|&c| c as u32)
            .sum();
        self.phase = if unarranged > 0 {
            Phase::ArrangeActions
        } else {
            Phase::SetupPlace
        };
        self.skip_empty_setup();
    }

    /// Passes over setup steps with nothing to decide (no cards to place).
    fn skip_empty_setup(&mut self) {
        if self.phase == Phase::SetupPlace
            && self.setup_step as usize
                >= self.rules.groups.len() * self.rules.setup.placed_per_group as usize
        {
            self.finish_setup_of_seat();
        }
    }

    fn finish_setup_of_seat(&mut self) {
        let first = self.rules.setup.first_player as u8;
        if self.seat == first {
            self.begin_setup_of(1 - first);
        } else {
            // Both have placed: the rest of the set-aside cards is the hand.
            for z in &mut self.zones {
                for k in 0..MAX_KINDS {
                    z.hand[k] += z.set_aside[k];
                    z.hand_len += z.set_aside[k];
                    z.set_aside[k] = 0;
                }
            }
            self.seat = first;
            self.start_turn();
        }
    }

    // ----- Accessors -------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat whose turn it is.
    pub fn seat(&self) -> usize {
        self.seat as usize
    }
    pub fn zones(&self, player: usize) -> &Zones {
        &self.zones[player]
    }
    pub fn group(&self, g: usize) -> GroupState {
        GroupState {
            left: self.left[g],
            cards: self.groups[g].cards,
            count: [self.count[0][g], self.count[1][g]],
            frozen: self.frozen[g],
        }
    }
    pub(crate) fn exhausted(&self, g: usize) -> bool {
        self.left[g] == 0
    }
    pub(crate) fn total(&self, g: usize) -> u8 {
        self.count[0][g] + self.count[1][g]
    }
    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn end_reason_of(&self) -> Option<EndReason> {
        self.end
    }
    pub fn lone_player(&self) -> Option<usize> {
        self.lone.map(|p| p as usize)
    }
    pub fn vote_pile_len(&self) -> usize {
        self.vote_pile.len()
    }
    pub fn vote_discard(&self) -> &[u8] {
        &self.vote_discard
    }
    pub fn vote_removed(&self) -> &[u8] {
        &self.vote_removed
    }

    pub(crate) fn log(&mut self, e: Event) {
        if self.record {
            self.events.push(e);
        }
    }

    // ----- Derived facts ---------------------------------------------------

    pub(crate) fn free(&self, player: usize, g: usize) -> u8 {
        let l = &self.rules.limits;
        let free = l
            .per_side
            .saturating_sub(self.count[player][g])
            .min(l.per_group.saturating_sub(self.total(g)));
        // None at an exhausted group (masked: no branch).
        free & 0u8.wrapping_sub(u8::from(!self.exhausted(g)))
    }

    pub(crate) fn hand_influence(&self, player: usize) -> u8 {
        masked_sum(&self.zones[player].hand, &self.rules.influence_mask)
    }

    /// Groups with patricians left, as a bit mask.
    /// (Past the last group of the rules `left` is 0.)
    pub(crate) fn live_groups(&self) -> u32 {
        u32::from(nonzero_groups(&self.left))
    }

    /// The groups where `player` may place one more card in a turn (room,
    /// patricians left, not frozen), and those with room for two (bit g).
    #[inline]
    pub(crate) fn room_masks(&self, player: usize) -> (u16, u16) {
        let l = &self.rules.limits;
        // Open: patricians left (none past the last group), not frozen.
        let frozen: [u8; MAX_GROUPS] = self.frozen.map(u8::from);
        let open = nonzero_groups(&self.left) & !nonzero_groups(&frozen);
        let (one, two) = room_masks(&self.count, &self.count[player], l.per_side, l.per_group);
        (one & open, two & open)
    }

    /// The groups (bit g) holding at least `at` influence cards in all.
    fn groups_holding_at_least(&self, at: u8) -> u32 {
        groups_holding_at_least(&self.count, at)
    }

    /// The groups (bit g) where `owner` has cards of face `face_ix` (0 down,
    /// 1 up).
    pub(crate) fn side_groups(&self, owner: usize, face_ix: usize) -> u16 {
        let up = u64::from_ne_bytes(self.up[owner]);
        // Face down: all less face up, byte by byte (never below zero).
        let side = if face_ix == 1 {
            up
        } else {
            u64::from_ne_bytes(self.count[owner]) - up
        };
        nonzero_groups(&side.to_ne_bytes())
    }

    /// Whether `player` could place at least one influence card now.
    fn can_place_any(&self, player: usize) -> bool {
        self.hand_influence(player) > 0 && self.room_masks(player).0 != 0
    }

    fn draws_allowed(&self) -> bool {
        self.lone.is_none() | self.rules.turn.lone_player.draws
    }

    /// The player who must decide now (the seat, or a player answering an
    /// effect or a reaction window).
    pub fn actor(&self) -> usize {
        if self.phase == Phase::Effect {
            self.effect_actor()
        } else {
            self.seat as usize
        }
    }

    // ----- Applying moves --------------------------------------------------

    /// Applies a legal move and runs everything that follows it up to the
    /// next choice point.
    pub fn apply_move(&mut self, m: Move) {
        if self.phase == Phase::Effect {
            self.apply_effect_move(m);
            return;
        }
        let p = self.seat as usize;
        match m {
            Move::ArrangeAction(k) => self.arrange_action(p, k),
            Move::SetupPlace(k) => self.setup_place(p, k),
            Move::Pass => self.go_passive(p),
            Move::Place { kind, group, face } => self.place(p, kind, group, face),
            Move::EndPlacement => self.placement_done(),
            Move::PlayAction(k) => self.play_own_action(p, k),
            Move::Choose(_) | Move::Decline => {
                debug_assert!(false, "{m:?} outside an effect");
            }
            Move::Discard(k) => self.passive_discard(p, k),
            Move::EndDiscard => self.end_discard(),
            Move::Draw(r) => self.refill_draw(p, r),
            Move::DrawVote => self.vote_step(),
        }
    }

    // The moves of `apply_move` that `random_step` also makes directly.

    #[inline]
    pub(crate) fn arrange_action(&mut self, p: usize, k: Kind) {
        let z = &mut self.zones[p];
        bump(&mut z.unarranged, k, false);
        // The first card chosen is the top: build bottom-up, reverse at the end.
        z.action_reserve.push(k);
        if nonzero_kinds(&z.unarranged) == 0 {
            self.arranged(p);
        }
    }

    /// `p`'s action reserve is arranged: the first card chosen is the top
    /// (built bottom-up, reversed here); on to the setup's placements.
    pub(crate) fn arranged(&mut self, p: usize) {
        self.zones[p].action_reserve.reverse();
        self.log(Event::ActionReserveArranged { player: p as u8 });
        self.phase = Phase::SetupPlace;
        self.skip_empty_setup();
    }

    #[inline]
    pub(crate) fn setup_place(&mut self, p: usize, k: Kind) {
        let per = self.rules.setup.placed_per_group.max(1);
        let g = (self.setup_step / per) as usize;
        bump(&mut self.zones[p].set_aside, k, false);
        self.put(p, g, k, Face::Down);
        self.log(Event::SetupPlaced {
            player: p as u8,
            group: g as u8,
            kind: k,
        });
        self.setup_step += 1;
        self.skip_empty_setup();
    }

    #[inline]
    pub(crate) fn passive_discard(&mut self, p: usize, k: Kind) {
        self.take_from_hand(p, k);
        self.zones[p].discard[k.ix()] += 1;
        self.log(Event::Discarded {
            player: p as u8,
            kind: k,
        });
    }

    #[inline]
    pub(crate) fn end_discard(&mut self) {
        self.phase = Phase::Refill;
        self.after_refill_step();
    }

    #[inline]
    pub(crate) fn go_passive(&mut self, p: usize) {
        self.log(Event::WentPassive { player: p as u8 });
        self.phase = Phase::PassiveDiscard;
    }

    #[inline(always)]
    pub(crate) fn place(&mut self, p: usize, kind: Kind, group: u8, face: Face) {
        self.take_from_hand(p, kind);
        self.put(p, group as usize, kind, face);
        self.log(Event::Placed {
            player: p as u8,
            group,
            kind,
            face,
        });
        if self.phase == Phase::LonePlaceAll {
            if !self.can_place_any(p) {
                self.finish(EndReason::LonePlayer);
            }
            return;
        }
        self.active = true;
        self.placed += 1;
        self.placed_face = face;
        self.phase = Phase::Placing;
        self.after_placing();
    }

    #[inline]
    pub(crate) fn play_own_action(&mut self, p: usize, k: Kind) {
        self.active = true;
        self.actions_played += 1;
        self.play_action(p, k, false);
    }

    #[inline(always)]
    pub(crate) fn refill_draw(&mut self, p: usize, r: Reserve) {
        let z = &mut self.zones[p];
        // The reserve chosen by a select, not a branch (the choice is random).
        let reserve = if r == Reserve::Influence {
            &mut z.influence_reserve
        } else {
            &mut z.action_reserve
        };
        let k = reserve
            .pop()
            .expect("legal draws come from a non-empty reserve");
        bump(&mut z.hand, k, true);
        z.hand_len += 1;
        self.refill_draws += 1;
        self.log(Event::Drew {
            player: p as u8,
            reserve: r,
            kind: k,
        });
        self.after_refill_step();
    }

    #[inline]
    pub(crate) fn vote_step(&mut self) {
        self.draw_vote_card();
        if self.end.is_none() {
            self.end_turn();
        }
    }

    pub(crate) fn take_from_hand(&mut self, p: usize, k: Kind) {
        let z = &mut self.zones[p];
        debug_assert!(z.hand[k.ix()] > 0);
        bump(&mut z.hand, k, false);
        z.hand_len -= 1;
    }

    pub(crate) fn put(&mut self, p: usize, g: usize, k: Kind, face: Face) {
        let gs = &mut self.groups[g];
        bump(&mut gs.cards[p][face_ix(face)], k, true);
        add_at(&mut self.count[p], g, 1);
        add_at(&mut self.up[p], g, face_ix(face) as u8);
    }

    /// After a card is placed: is the placement complete?
    pub(crate) fn after_placing(&mut self) {
        let p = self.seat as usize;
        let face = self.placed_face;
        // Patterns of this face, as bit n for n cards.
        let sizes = self.rules.turn.pattern_sizes[face_ix(face)];
        let more = sizes >> (self.placed + 1) != 0;
        let _can_stop = sizes & 1 << self.placed != 0;
        if !more || !self.can_place_any(p) {
            // Nothing more can (or may) be placed; a pattern that cannot be
            // completed is never offered, so stopping here is allowed,
            // unless an action card played since changed the table (one
            // that moves the player's own cards can fill the groups that
            // had room): the placement then ends short.
            debug_assert!(_can_stop || !more || self.actions_played > 0);
            self.placement_done();
        }
    }

    pub(crate) fn placement_done(&mut self) {
        if self.rules.turn.extraordinary_vote == ExtraordinaryVote::BeforeRefill {
            self.extraordinary_votes();
            if self.end.is_some() {
                return;
            }
        }
        self.phase = Phase::Refill;
        self.after_refill_step();
    }

    /// After each draw (or on entering the refill): go on while the hand is
    /// not full and a draw is possible, else leave the refill.
    pub(crate) fn after_refill_step(&mut self) {
        let p = self.seat as usize;
        let z = &self.zones[p];
        // One test (the refill's end is random), not one per condition.
        let can_draw =
            self.draws_allowed() & (!z.influence_reserve.is_empty() | !z.action_reserve.is_empty());
        if (z.hand_len < self.rules.limits.hand_size) & can_draw {
            return; // a Draw choice point
        }
        if !self.active {
            self.end_turn();
            return;
        }
        if self.rules.turn.extraordinary_vote == ExtraordinaryVote::AfterRefill {
            self.extraordinary_votes();
            if self.end.is_some() {
                return;
            }
        }
        if self.lone.is_some() && !self.rules.turn.lone_player.vote_cards {
            self.end_turn();
        } else {
            self.phase = Phase::BeforeVote;
        }
    }

    fn start_turn(&mut self) {
        self.placed = 0;
        self.actions_played = 0;
        self.refill_draws = 0;
        self.active = false;
        let p = self.seat;
        self.log(Event::TurnBegan {
            turn: self.turn + 1,
            player: p,
        });
        if self.lone == Some(p) && self.rules.turn.lone_player.place_all_at_once {
            self.phase = Phase::LonePlaceAll;
            if !self.can_place_any(p as usize) {
                self.finish(EndReason::LonePlayer);
            }
        } else {
            self.phase = Phase::TurnStart;
        }
    }

    /// Whether `p` has influence cards left to play: in his hand, or in his
    /// reserve if he may still draw.
    fn influence_left(&self, p: usize) -> bool {
        (self.draws_allowed() && !self.zones[p].influence_reserve.is_empty())
            || self.hand_influence(p) > 0
    }

    fn end_turn(&mut self) {
        self.turn += 1;
        if self.ends_between_turns() {
            return;
        }
        self.seat = match self.lone {
            Some(l) => l,
            None => 1 - self.seat,
        };
        self.start_turn();
    }

    /// Between two turns (after `turn` turns, or at a stated position):
    /// the turn cap, then the end by influence, and the lone player once
    /// one side has no influence left. Returns whether the game is over.
    #[inline(always)]
    fn ends_between_turns(&mut self) -> bool {
        if self.turn >= self.rules.limits.turn_cap {
            self.finish(EndReason::TurnCap);
            return true;
        }
        match self.lone {
            Some(l) => {
                // 000: "lorsqu'il a joué ses 5 dernières cartes, le jeu se
                // termine"; 002: "Kan deze speler geen invloedkaarten meer
                // aanleggen ... dan stopt het spel eveneens."
                if !self.can_place_any(l as usize) {
                    self.finish(EndReason::LonePlayer);
                    return true;
                }
            }
            None => {
                let left = [self.influence_left(0), self.influence_left(1)];
                match (left[0], left[1]) {
                    (false, false) => {
                        self.finish(EndReason::NoInfluence);
                        return true;
                    }
                    (true, false) | (false, true) => {
                        let l = if left[0] { 0 } else { 1 };
                        self.lone = Some(l);
                        self.log(Event::LonePlayer { player: l });
                        if !self.can_place_any(l as usize) {
                            self.finish(EndReason::LonePlayer);
                            return true;
                        }
                    }
                    (true, true) => {}
                }
            }
        }
        false
    }

    fn finish(&mut self, reason: EndReason) {
        self.end = Some(reason);
        self.phase = Phase::GameOver;
        let s = self.score();
        self.log(Event::GameOver {
            reason,
            scores: [s[0] as i32, s[1] as i32],
        });
    }

    // ----- Votes -----------------------------------------------------------

    fn extraordinary_votes(&mut self) {
        // The groups due, found at once (no branch per group: most turns
        // have none). A vote changes its own group only, so the mask stays
        // true as the votes are held in group order.
        let at = self.rules.limits.extraordinary_vote_at;
        let mut due = self.groups_holding_at_least(at) & self.live_groups();
        while due != 0 {
            let g = due.trailing_zeros() as usize;
            due &= due - 1;
            self.vote(g, true);
            if self.end.is_some() {
                return;
            }
        }
    }

    fn draw_vote_card(&mut self) {
        let turn = &self.rules.turn;
        let (orgy_removal, reshuffle) = (turn.orgy_removal, turn.reshuffle);
        loop {
            if self.vote_pile.is_empty() {
                // Only when the reshuffle orgy is gone (a designer's deck).
                if self.vote_discard.is_empty() {
                    return;
                }
                join_piles(&mut self.vote_pile, &self.vote_discard);
                self.vote_discard.clear();
                seed::shuffle(&mut self.vote_pile, &mut self.rng);
                self.log(Event::VoteDeckShuffled);
            }
            let c = self.vote_pile.pop().expect("non-empty");
            self.log(Event::VoteCardDrawn { card: c });
            let armed = std::mem::take(&mut self.orgy_next_armed);
            match self.rules.vote_cards[c as usize].effect {
                VoteEffect::Vote(g) if self.exhausted(g as usize) => {
                    self.vote_removed.push(c);
                    self.log(Event::VoteCardRemoved { card: c });
                    continue;
                }
                VoteEffect::Vote(g) => {
                    self.vote_discard.push(c);
                    self.vote(g as usize, false);
                }
                VoteEffect::Orgy => {
                    self.counters.orgies += 1;
                    // Orgy variant (a): this orgy may go to the box.
                    let out = !self.orgy_removed
                        && match orgy_removal {
                            Some(OrgyRemovalTiming::FirstDrawnAfterTwoGroups) => {
                                self.groups_won() >= 2
                            }
                            Some(OrgyRemovalTiming::NextDrawnAfterTwoGroups) => armed,
                            _ => false,
                        };
                    if out {
                        self.orgy_removed = true;
                        self.vote_removed.push(c);
                        self.log(Event::OrgyRemoved { card: c });
                    } else {
                        self.vote_discard.push(c);
                    }
                }
                VoteEffect::OrgyReshuffle => {
                    self.counters.orgies += 1;
                    self.counters.reshuffles += 1;
                    self.vote_discard.push(c);
                    seed::shuffle(&mut self.vote_discard, &mut self.rng);
                    // The piles joined as slices (not moved card by card).
                    match reshuffle {
                        Reshuffle::DrawAndDiscard => {
                            join_piles(&mut self.vote_pile, &self.vote_discard);
                            seed::shuffle(&mut self.vote_pile, &mut self.rng);
                        }
                        Reshuffle::DiscardOnly => {
                            let above = std::mem::take(&mut self.vote_pile);
                            self.vote_pile
                                .try_extend_from_slice(&self.vote_discard)
                                .expect("every vote card fits the pile");
                            self.vote_pile
                                .try_extend_from_slice(&above)
                                .expect("every vote card fits the pile");
                        }
                    }
                    self.vote_discard.clear();
                    self.log(Event::VoteDeckShuffled);
                }
            }
            return;
        }
    }

    fn tally(&self, g: usize) -> [Tally; 2] {
        let mut t = [Tally::default(); 2];
        let gs = &self.groups[g];
        let r = &*self.rules;
        for (p, side) in t.iter_mut().enumerate() {
            // All kinds at once (action kinds weigh 0; no cards weigh 0).
            let (total, inv) =
                weighted_sums(&gs.cards[p][0], &gs.cards[p][1], &r.values, &r.inverts);
            side.total = total;
            side.cards = self.count[p][g];
            side.inverters = inv as u8;
        }
        t
    }

    /// Holds a vote at group `g`.
    fn vote(&mut self, g: usize, extraordinary: bool) {
        // Reveal every face-down card.
        for p in 0..2 {
            if !self.record {
                // No log to keep in order: every influence kind at once.
                // As one 128-bit word: no byte of the sum carries, each being
                // a count of one side's cards of one kind.
                let [down, up] = &mut self.groups[g].cards[p];
                reveal_all(down, up, &self.rules.influence_mask);
                continue;
            }
            if self.groups[g].cards[p][0] == [0; MAX_KINDS] {
                continue;
            }
            // In the order of the influence kinds (the event log's order).
            for i in 0..self.rules.influence_kinds.len() {
                let k = self.rules.influence_kinds[i];
                let n = self.groups[g].cards[p][0][k.ix()];
                if n > 0 {
                    self.groups[g].cards[p][0][k.ix()] = 0;
                    self.groups[g].cards[p][1][k.ix()] += n;
                    for _ in 0..n {
                        self.log(Event::Revealed {
                            player: p as u8,
                            group: g as u8,
                            kind: k,
                        });
                    }
                }
            }
        }
        // Only influence cards lie at a group: all are face up now.
        for p in 0..2 {
            set_at(&mut self.up[p], g, self.count[p][g]);
        }
        let t = self.tally(g);
        let decision = decide(t, self.rules.turn.lone_philosopher);
        self.counters.votes += 1;
        self.counters.extraordinary_votes += u16::from(extraordinary);
        if !matches!(decision, Decision::Won { .. }) {
            self.counters.ties += 1;
        }
        let outcome = match decision {
            Decision::Tie => VoteOutcome::Tie,
            Decision::Postponed => VoteOutcome::Postponed,
            Decision::Won {
                winner, inverted, ..
            } => VoteOutcome::Won {
                winner: winner as u8,
                inverted,
            },
        };
        self.log(Event::Vote {
            group: g as u8,
            extraordinary,
            totals: [t[0].total, t[1].total],
            outcome,
        });
        let Decision::Won { winner, higher, .. } = decision else {
            if extraordinary
                && decision == Decision::Tie
                && self.rules.turn.extraordinary_tie == ExtraordinaryTie::Frozen
            {
                self.frozen[g] = true;
            }
            return;
        };
        // Rarely frozen: no store (a byte store here would hold up the
        // 8-byte read of `room_masks`).
        if self.frozen[g] {
            self.frozen[g] = false;
        }
        // Discards: the higher total its highest numbered card, the lower its
        // lowest, and every vote-inverting card (Philosopher) at the group.
        if let Some(h) = higher {
            let high_kind = self.discard_kind(&self.groups[g].cards[h][1], true);
            let low_kind = self.discard_kind(&self.groups[g].cards[1 - h][1], false);
            if let Some(k) = high_kind {
                self.lose(h, g, k);
            }
            if let Some(k) = low_kind {
                self.lose(1 - h, g, k);
            }
        }
        for (p, side) in t.iter().enumerate() {
            // The count of `tally`: the discards above were not inverters.
            if side.inverters == 0 {
                continue;
            }
            for i in 0..self.rules.inverter_kinds.len() {
                let k = self.rules.inverter_kinds[i];
                for _ in 0..self.groups[g].cards[p][1][k.ix()] {
                    self.lose(p, g, k);
                }
            }
        }
        // The winner takes the top patrician.
        sub_at(&mut self.left, g, 1);
        self.points[winner] += self.win_points(winner, g);
        self.zones[winner].won[g] += 1;
        self.log(Event::PatricianWon {
            player: winner as u8,
            group: g as u8,
        });
        self.note_lead();
        if self.exhausted(g) {
            self.exhaust(g);
            if self.all_won() {
                self.finish(EndReason::AllPatricians);
            }
        }
    }

    /// The last (`highest`) or the first kind of `discard_kinds` with a card
    /// in `side`.
    fn discard_kind(&self, side: &Counts, highest: bool) -> Option<Kind> {
        let r = &*self.rules;
        if r.discard_in_index_order {
            let m = nonzero_kinds(side) & r.discard_mask;
            let k = if highest {
                15u32.wrapping_sub(m.leading_zeros())
            } else {
                m.trailing_zeros()
            };
            return (m != 0).then_some(Kind(k as u8));
        }
        let held = |k: &&Kind| side[k.ix()] > 0;
        if highest {
            r.discard_kinds.iter().rev().find(held).copied()
        } else {
            r.discard_kinds.iter().find(held).copied()
        }
    }

    /// After a patrician is won: who is ahead on points now?
    fn note_lead(&mut self) {
        let s = self.score();
        if s[0] == s[1] {
            return;
        }
        let now = u8::from(s[1] > s[0]);
        let c = &mut self.counters;
        if c.ahead != Some(now) {
            if c.ahead.is_some() {
                c.lead_changes += 1;
            }
            c.ahead = Some(now);
            c.ahead_since_turn = self.turn;
        }
    }

    /// Who would win group `g`'s vote if it were held now: bit 2g if
    /// player 0, bit 2g+1 if player 1, none for a tie or an exhausted group
    /// (for `Counters::action_swings`).
    pub(crate) fn group_outlook(&self, g: usize) -> u32 {
        if self.exhausted(g) {
            return 0;
        }
        match decide(self.tally(g), self.rules.turn.lone_philosopher) {
            Decision::Won { winner, .. } => 1 << (2 * g + winner),
            _ => 0,
        }
    }

    /// Every patrician is won: the game is over.
    #[inline(always)]
    fn all_won(&self) -> bool {
        self.live_groups() == 0
    }

    /// Groups whose patricians are all won.
    pub(crate) fn groups_won(&self) -> usize {
        self.rules.groups.len() - self.live_groups().count_ones() as usize
    }

    /// Orgy variant (a) at once: an orgy (not the reshuffle one) leaves the
    /// game, from the draw pile if one is there, else from the discard pile.
    fn remove_an_orgy(&mut self) {
        let rules = &*self.rules;
        let is_orgy = |c: &u8| rules.vote_cards[*c as usize].effect == VoteEffect::Orgy;
        let in_pile = self.vote_pile.iter().position(is_orgy);
        let in_discard = self.vote_discard.iter().position(is_orgy);
        let c = if let Some(i) = in_pile {
            self.vote_pile.remove(i)
        } else if let Some(i) = in_discard {
            self.vote_discard.remove(i)
        } else {
            return;
        };
        self.orgy_removed = true;
        self.vote_removed.push(c);
        self.log(Event::OrgyRemoved { card: c });
    }

    /// A face-up card of `p` at `g` goes to his discard pile.
    fn lose(&mut self, p: usize, g: usize, k: Kind) {
        let gs = &mut self.groups[g];
        bump(&mut gs.cards[p][1], k, false);
        sub_at(&mut self.count[p], g, 1);
        sub_at(&mut self.up[p], g, 1);
        self.zones[p].discard[k.ix()] += 1;
        self.log(Event::InfluenceLost {
            player: p as u8,
            group: g as u8,
            kind: k,
        });
    }

    /// The last patrician is won: 000 "toutes les cartes \"influence\"
    /// restantes sur ce groupe sont défaussées".
    fn exhaust(&mut self, g: usize) {
        for p in 0..2 {
            // Both faces' counts at once into the discard pile (byte sums:
            // no count reaches 256). As `effect::add_counts` twice, which
            // measured 5% slower here (session 10).
            let [down, up] = std::mem::take(&mut self.groups[g].cards[p]);
            let d = &mut self.zones[p].discard;
            *d = (u128::from_ne_bytes(*d) + u128::from_ne_bytes(down) + u128::from_ne_bytes(up))
                .to_ne_bytes();
            set_at(&mut self.count[p], g, 0);
            set_at(&mut self.up[p], g, 0);
        }
        self.log(Event::GroupExhausted { group: g as u8 });
        if self.groups_won() == 2 && !self.orgy_removed {
            match self.rules.turn.orgy_removal {
                Some(OrgyRemovalTiming::AtSecondGroup) => self.remove_an_orgy(),
                Some(OrgyRemovalTiming::NextDrawnAfterTwoGroups) => self.orgy_next_armed = true,
                _ => {}
            }
        }
        if self.rules.turn.exhausted_vote_card == ExhaustedVoteCard::RemoveAtOnce {
            let rules = &*self.rules;
            let names_g = |c: &u8| leaves_with_group(rules, *c, g);
            let mut gone: Vec<u8> = self.vote_pile.iter().copied().filter(names_g).collect();
            gone.extend(self.vote_discard.iter().copied().filter(names_g));
            self.vote_pile.retain(|c| !names_g(c));
            self.vote_discard.retain(|c| !names_g(c));
            for c in gone {
                self.vote_removed.push(c);
                self.log(Event::VoteCardRemoved { card: c });
            }
        }
    }

    // ----- Scoring ---------------------------------------------------------

    /// Victory points of each player now.
    pub fn score(&self) -> [u32; 2] {
        self.points
    }

    /// `p`'s points that the opponent can count: the score less the bonus
    /// of each of `p`'s secret missions already fulfilled (the opponent does
    /// not know them before the end).
    pub fn public_points(&self, p: usize) -> u32 {
        let r = &*self.rules;
        let z = &self.zones[p];
        let secret: u32 = z
            .missions
            .iter()
            .map(|&m| &r.missions[m as usize])
            .filter(|m| z.won[m.group as usize] >= m.at_least)
            .map(|_| r.scoring.mission_bonus)
            .sum();
        self.points[p] - secret
    }

    /// The points `p` gains by winning one more patrician of group `g`:
    /// one patrician's, and each bonus (majority, whole group, a mission
    /// on `g`) whose threshold the new count reaches (`count_points`, the
    /// score from scratch, less the score before).
    fn win_points(&self, p: usize, g: usize) -> u32 {
        let r = &*self.rules;
        let s = &r.scoring;
        let z = &self.zones[p];
        let (was, now) = (z.won[g], z.won[g] + 1);
        debug_assert!(was < r.group_size[g], "a patrician is left to win");
        let mut points = s.per_patrician
            + u32::from(now == r.group_majority[g]) * s.majority_bonus
            + u32::from(now == r.group_size[g]) * s.whole_group_bonus;
        for &m in &z.missions {
            let m = &r.missions[m as usize];
            if m.group as usize == g && now == m.at_least {
                points += s.mission_bonus;
            }
        }
        points
    }

    /// Victory points of each player, counted from the patricians won and
    /// the missions.
    pub(crate) fn count_points(&self) -> [u32; 2] {
        let r = &*self.rules;
        let s = &r.scoring;
        let mut out = [0; 2];
        for (p, o) in out.iter_mut().enumerate() {
            let z = &self.zones[p];
            // Over all `MAX_GROUPS` (nothing is won past the last group, whose
            // size and majority are 0xFF): a loop the compiler vectorises.
            let (mut won, mut majorities, mut whole) = (0u32, 0u32, 0u32);
            for g in 0..MAX_GROUPS {
                won += z.won[g] as u32;
                majorities += u32::from(z.won[g] >= r.group_majority[g]);
                whole += u32::from(z.won[g] == r.group_size[g]);
            }
            *o =
                won * s.per_patrician + majorities * s.majority_bonus + whole * s.whole_group_bonus;
            for &m in &z.missions {
                let m = &r.missions[m as usize];
                if z.won[m.group as usize] >= m.at_least {
                    *o += s.mission_bonus;
                }
            }
        }
        out
    }

    /// Influence cards in `p`'s hand.
    pub fn hand_influence_of(&self, p: usize) -> u8 {
        self.hand_influence(p)
    }

    pub fn patricians_won(&self, p: usize) -> u32 {
        self.zones[p].won.iter().map(|&w| w as u32).sum()
    }

    /// The winner by points, then by the tie-break; `None` for a draw.
    pub fn leader(&self) -> Option<usize> {
        let s = self.score();
        if s[0] != s[1] {
            return Some(if s[0] > s[1] { 0 } else { 1 });
        }
        match self.rules.scoring.tie_break {
            TieBreak::MostPatricians => {
                let (a, b) = (self.patricians_won(0), self.patricians_won(1));
                (a != b).then_some(if a > b { 0 } else { 1 })
            }
            TieBreak::Draw => None,
        }
    }

    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    // ----- Invariants ------------------------------------------------------

    /// Checks that every card is in exactly one place and that the limits
    /// hold. Returns a description of the first violation.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &*self.rules;
        if self.points != self.count_points() {
            return Err(format!(
                "points {:?} kept, {:?} counted",
                self.points,
                self.count_points()
            ));
        }
        for p in 0..2 {
            let z = &self.zones[p];
            let mut seen = [0u32; MAX_KINDS];
            for k in 0..MAX_KINDS {
                seen[k] += z.hand[k] as u32
                    + z.discard[k] as u32
                    + z.removed[k] as u32
                    + z.set_aside[k] as u32
                    + z.unarranged[k] as u32;
                for g in 0..r.groups.len() {
                    seen[k] +=
                        self.groups[g].cards[p][0][k] as u32 + self.groups[g].cards[p][1][k] as u32;
                }
            }
            for k in z.influence_reserve.iter().chain(z.action_reserve.iter()) {
                seen[k.ix()] += 1;
            }
            for f in &self.frames {
                if f.player as usize == p {
                    seen[f.card.ix()] += 1;
                }
                for k in 0..MAX_KINDS {
                    seen[k] += f.pool[p][k] as u32;
                }
            }
            for k in 0..MAX_KINDS {
                let deck = r.factions[p].deck[k] as u32;
                if seen[k] != deck {
                    return Err(format!(
                        "{}: {} cards of kind {} found, deck has {deck}",
                        r.factions[p].name,
                        seen[k],
                        r.kinds.get(k).map_or("?", |c| c.id.as_str())
                    ));
                }
            }
            let hand: u32 = z.hand.iter().map(|&c| c as u32).sum();
            if hand != z.hand_len as u32 || z.hand_len > r.limits.hand_size {
                return Err(format!(
                    "{}: hand of {hand} (len {})",
                    r.factions[p].name, z.hand_len
                ));
            }
            for g in 0..r.groups.len() {
                let gs = self.group(g);
                let c: u32 = gs.cards[p].iter().flatten().map(|&c| c as u32).sum();
                let up: u32 = gs.cards[p][1].iter().map(|&c| c as u32).sum();
                if up != self.up[p][g] as u32 {
                    return Err(format!(
                        "{}: {} face-up cards kept at {}, {up} there",
                        r.factions[p].name, self.up[p][g], r.groups[g].name
                    ));
                }
                if c != gs.count[p] as u32 || gs.count[p] > r.limits.per_side {
                    return Err(format!(
                        "{} has {c} cards at {}",
                        r.factions[p].name, r.groups[g].name
                    ));
                }
            }
        }
        for (g, gd) in r.groups.iter().enumerate() {
            let gs = self.group(g);
            if gs.total() > r.limits.per_group {
                return Err(format!("{} holds {} cards", gd.name, gs.total()));
            }
            // The effects' table scans rely on it: no exhausted test.
            if gs.exhausted() && gs.cards != [[[0; MAX_KINDS]; 2]; 2] {
                return Err(format!("{} are all won but cards lie there", gd.name));
            }
            if gs.left + self.zones[0].won[g] + self.zones[1].won[g] != gd.size {
                return Err(format!("{} patricians do not add up", gd.name));
            }
        }
        let mut votes = vec![0u8; r.vote_cards.len()];
        for &c in self
            .vote_pile
            .iter()
            .chain(&self.vote_discard)
            .chain(&self.vote_removed)
        {
            votes[c as usize] += 1;
        }
        if votes.iter().any(|&n| n != 1) {
            return Err(format!("vote cards out of place: {votes:?}"));
        }
        let mut missions = vec![0u8; r.missions.len()];
        for &m in self.zones[0]
            .missions
            .iter()
            .chain(&self.zones[1].missions)
            .chain(&self.missions_boxed)
        {
            missions[m as usize] += 1;
        }
        if missions.iter().any(|&n| n != 1) {
            return Err(format!("mission cards out of place: {missions:?}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The masks of the turn over whole tables against the rules they
    //! implement, group by group or card by card.
    use super::super::kernel::simd::tests::counts;
    use super::*;

    /// `room_masks`, `nonzero_groups` and `side_groups` (over the per-group
    /// byte arrays) against the rule they implement, group by group, on
    /// arbitrary tables and limits (up to 255).
    #[test]
    fn group_masks_are_the_rule_at_each_group() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = super::super::model::load(&dir).expect("the rules load");
        let mut s = State::with_log(Arc::new(rules.clone()), 1, false);
        for seed in 0..3000u64 {
            let r = |i: u64, max: u8| counts(seed * 8 + i, max);
            let big = if seed % 7 == 0 { 255 } else { 9 };
            let mut rules = rules.clone();
            rules.limits.per_side = r(0, big)[1];
            rules.limits.per_group = r(1, big)[3];
            s.rules = Arc::new(rules);
            let (c0, c1, left, frozen) = (r(2, big), r(3, big), r(4, 3), r(5, 1));
            for g in 0..MAX_GROUPS {
                // Counts that add up within a byte, as the game keeps them.
                s.count[0][g] = c0[g] / 2;
                s.count[1][g] = c1[g] / 2;
                s.left[g] = left[g];
                s.frozen[g] = frozen[g] != 0;
            }
            let l = &s.rules.limits;
            for p in 0..2 {
                let (mut one, mut two) = (0u16, 0u16);
                for g in 0..MAX_GROUPS {
                    let room = if s.left[g] == 0 || s.frozen[g] {
                        0
                    } else {
                        l.per_side
                            .saturating_sub(s.count[p][g])
                            .min(l.per_group.saturating_sub(s.count[0][g] + s.count[1][g]))
                    };
                    one |= u16::from(room >= 1) << g;
                    two |= u16::from(room >= 2) << g;
                }
                assert_eq!(s.room_masks(p), (one, two), "seed {seed}, player {p}");
            }
            let live = (0..MAX_GROUPS).fold(0, |m, g| m | u16::from(s.left[g] != 0) << g);
            assert_eq!(nonzero_groups(&s.left), live, "seed {seed}");
            for at in [0, 1, 3, 8, big] {
                let due = (0..MAX_GROUPS).fold(0, |m, g| {
                    m | u32::from(s.count[0][g] + s.count[1][g] >= at) << g
                });
                assert_eq!(s.groups_holding_at_least(at), due, "seed {seed}, at {at}");
            }
            // Some of each player's cards face up.
            let ups = r(6, big);
            for p in 0..2 {
                for g in 0..MAX_GROUPS {
                    s.up[p][g] = ups[g] % (s.count[p][g] + 1);
                }
                let of = |has: &dyn Fn(usize) -> bool| {
                    (0..MAX_GROUPS).fold(0, |m, g| m | u16::from(has(g)) << g)
                };
                let down = of(&|g| s.count[p][g] > s.up[p][g]);
                let up = of(&|g| s.up[p][g] > 0);
                assert_eq!((s.side_groups(p, 0), s.side_groups(p, 1)), (down, up));
            }
        }
    }

    #[test]
    fn playable_masks_agree_with_the_search() {
        // At every decision of random games, for both players and every
        // kind with a program: the mask test says what the general search
        // of the first choices says.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = Arc::new(super::super::model::load(&dir).expect("the rules load"));
        let with_program = (0..MAX_KINDS).fold(0u16, |m, k| {
            m | u16::from(rules.program(Kind(k as u8)).is_some()) << k
        });
        let mut buf = Vec::new();
        let mut seen = [0u32; 2];
        for game in 0..200 {
            let mut s = State::with_log(rules.clone(), game, false);
            let mut rngs = [seed::agent_rng(game + 1000), seed::agent_rng(game + 2000)];
            loop {
                for p in 0..2 {
                    let mut want = 0;
                    for k in 0..MAX_KINDS {
                        if let Some(prog) = rules.program(Kind(k as u8)) {
                            want |= u16::from(s.first_choice_has_target(p, prog)) << k;
                        }
                    }
                    assert_eq!(s.playable(p, with_program), want, "game {game}");
                    seen[usize::from(want == with_program)] += 1;
                }
                if !s.random_step(&mut rngs, &mut buf, &mut |_| {}) {
                    break;
                }
            }
        }
        assert!(
            seen[0] > 100 && seen[1] > 100,
            "both outcomes seen: {seen:?}"
        );
    }

    #[test]
    fn discard_kinds_by_mask_are_the_first_and_last_held() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra");
        let rules = super::super::model::load(&dir).expect("the rules load");
        assert!(rules.discard_in_index_order);
        let fast = State::with_log(Arc::new(rules.clone()), 1, false);
        let mut slow_rules = rules;
        slow_rules.discard_in_index_order = false;
        let slow = State::with_log(Arc::new(slow_rules), 1, false);
        for seed in 0..2000 {
            let side = counts(seed, if seed % 5 == 0 { 255 } else { 3 });
            for highest in [false, true] {
                assert_eq!(
                    fast.discard_kind(&side, highest),
                    slow.discard_kind(&side, highest),
                    "seed {seed}, highest {highest}"
                );
            }
        }
    }
}
