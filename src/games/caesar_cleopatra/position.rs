//! A position written the way a person reads the table, and its validation
//! into a [`State`] (an unchecked `Position` becomes a `State` only through
//! [`Position::into_state`], or a list of problems).
//!
//! Cards are written by value (`"1"` to `"5"`, `"P"` for a vote-inverting
//! card) or by card type id (`"influence_3"`); a card lying face down at a group is
//! written in brackets (`"[4]"`). Defaults for what is left unstated:
//! - `to_move`: the first player (the lone player, if one side has no
//!   influence left); the phase is the start of his turn.
//! - patricians `left` at a group: its size minus those won.
//! - each faction's cards not placed anywhere go to its reserves (influence
//!   and action, shuffled with the seed) when its `reserves` are not given,
//!   else to its discard pile;
//! - the vote deck: when `vote_deck` is given it is the draw pile (top
//!   first) and every other vote card not in `vote_discard` or
//!   `vote_removed` is discarded; otherwise they are all shuffled into the
//!   draw pile (except those the rules have taken out of the game);
//! - missions: dealt at random as in a new game.
//!
//! A position is a game under way, and its state is the one play would have
//! reached: the engine's own functions derive what play derives (the end of
//! the game, the lone player, an exhausted group's vote card out of the
//! game under `RemoveAtOnce`, the orgies the orgy variants have removed),
//! and what play cannot reach is refused with the rule named (a vote card
//! out of the game or in the deck against `turn.exhausted_vote_card`, an
//! orgy too many out of the game, a frozen group against
//! `turn.extraordinary_tie` or with no patrician left, `to_move` naming the
//! side without influence while the other plays alone).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::engine::seed;
use serde::Deserialize;

use super::model::{
    ExtraordinaryTie, Face, Kind, MAX_GROUPS, MAX_KINDS, OrgyRemovalTiming, Rules, VoteEffect,
};
use super::state::{State, face_ix, leaves_with_group};

/// One group: patricians left and each faction's influence cards there.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroupPosition {
    pub left: Option<u8>,
    /// An extraordinary vote here tied (see `turn.extraordinary_tie`).
    pub frozen: bool,
    /// Per faction id, its cards at the group (`"[3]"` face down).
    pub cards: BTreeMap<String, Vec<String>>,
}

/// A faction's reserves, top card first.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReservePosition {
    pub influence: Vec<String>,
    pub action: Vec<String>,
}

/// A position of a game, as stated by a test or a scenario file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Position {
    /// Faction id of the player whose turn it is.
    pub to_move: Option<String>,
    /// Turns already played (for the turn cap and the log).
    pub turn: u32,
    /// Per group id.
    pub groups: BTreeMap<String, GroupPosition>,
    /// Per faction id.
    pub hands: BTreeMap<String, Vec<String>>,
    pub reserves: BTreeMap<String, ReservePosition>,
    pub discards: BTreeMap<String, Vec<String>>,
    /// Per faction id, its cards out of the game (an effect's `remove`).
    pub removed: BTreeMap<String, Vec<String>>,
    /// Per faction id, patricians won per group id.
    pub won: BTreeMap<String, BTreeMap<String, u8>>,
    /// Vote card ids, top first.
    pub vote_deck: Option<Vec<String>>,
    pub vote_discard: Vec<String>,
    /// Vote card ids out of the game.
    pub vote_removed: Vec<String>,
    /// Per faction id, mission card ids.
    pub missions: BTreeMap<String, Vec<String>>,
}

/// Reads a card as written in a position: `"3"`, `"P"`, a card type id, `"[3]"`.
pub fn parse_card(rules: &Rules, text: &str) -> Result<(Kind, Face), String> {
    let (inner, face) = match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(t) => (t, Face::Down),
        None => (text, Face::Up),
    };
    let kind = if inner == "P" {
        rules
            .influence_kinds
            .iter()
            .copied()
            .find(|k| rules.kind(*k).inverts_vote)
    } else if let Ok(v) = inner.parse::<u8>() {
        rules
            .influence_kinds
            .iter()
            .copied()
            .find(|k| !rules.kind(*k).inverts_vote && rules.kind(*k).value == v)
    } else {
        rules.kind_by_id(inner)
    };
    kind.map(|k| (k, face)).ok_or_else(|| {
        let ids: Vec<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
        format!(
            "unknown card \"{text}\": write a value 1-5, P, a card type ({}), or [..] for face down",
            ids.join(", ")
        )
    })
}

/// A problem with a position: what is wrong, and the entry it is about when
/// it is one (so that a scenario can point at its line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    pub message: String,
    pub at: Option<Entry>,
}

/// An entry of a [`Position`] that a problem is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// `to_move`.
    ToMove,
    /// The `frozen` flag of a group (by id).
    Frozen(String),
    /// The vote card written at this index of a pile.
    VoteCard(VotePile, usize),
}

/// The vote piles of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VotePile {
    Deck,
    Discard,
    Removed,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Position {
    /// Builds the state, or lists every problem found.
    ///
    /// The state is the one play would have reached: whatever the engine
    /// derives as it goes (an exhausted group's vote card out of the game,
    /// orgies removed by a variant, the lone player, the end of the game)
    /// is derived here by the engine's own functions, and a position that
    /// play cannot reach under the rules is refused with the rule named.
    pub fn into_state(&self, rules: Arc<Rules>, seed: u64) -> Result<State, Vec<PositionError>> {
        let mut b = Build {
            r: &rules,
            s: State::blank(rules.clone(), seed),
            errs: Vec::new(),
            used: [[0; MAX_KINDS]; 2],
        };
        b.patricians(self);
        b.groups(self);
        b.hands_and_discards(self);
        let stated_reserves = b.reserves(self);
        b.leftovers(stated_reserves);
        b.vote_cards(self);
        b.missions(self);
        let stated = self
            .to_move
            .as_deref()
            .map(|id| b.faction(id).unwrap_or(0) as u8);
        if !b.errs.is_empty() {
            return Err(b.errs);
        }
        let mut s = b.s;
        s.turn = self.turn;
        if let Err(lone) = s.begin_turn_at_position(stated) {
            let r = &*rules;
            let (l, other) = (lone as usize, 1 - lone as usize);
            return Err(vec![PositionError {
                message: format!(
                    "{} has no influence card left (in hand or in the reserve) and {} has: \
                     {} plays on alone (turn.lone_player), so the turn cannot be {}'s",
                    r.factions[other].name,
                    r.factions[l].name,
                    r.factions[l].name,
                    r.factions[other].name
                ),
                at: Some(Entry::ToMove),
            }]);
        }
        if let Err(e) = s.check_invariants() {
            return Err(vec![PositionError {
                message: e,
                at: None,
            }]);
        }
        Ok(s)
    }
}

/// A position being built into a state: the state so far, the problems
/// found, and the cards used per faction and kind.
struct Build<'r> {
    r: &'r Rules,
    s: State,
    errs: Vec<PositionError>,
    used: [[u32; MAX_KINDS]; 2],
}

impl Build<'_> {
    fn err(&mut self, message: String) {
        self.errs.push(PositionError { message, at: None });
    }

    fn err_at(&mut self, at: Entry, message: String) {
        self.errs.push(PositionError {
            message,
            at: Some(at),
        });
    }

    fn faction(&mut self, id: &str) -> Option<usize> {
        let r = self.r;
        let f = r.faction_by_id(id);
        if f.is_none() {
            let ids: Vec<&str> = r.factions.iter().map(|f| f.id.as_str()).collect();
            self.err(format!(
                "unknown faction \"{id}\" (factions: {})",
                ids.join(", ")
            ));
        }
        f
    }

    fn group(&mut self, id: &str) -> Option<usize> {
        let r = self.r;
        let g = r.group_by_id(id).map(|g| g as usize);
        if g.is_none() {
            let ids: Vec<&str> = r.groups.iter().map(|g| g.id.as_str()).collect();
            self.err(format!(
                "unknown group \"{id}\" (groups: {})",
                ids.join(", ")
            ));
        }
        g
    }

    fn card(&mut self, t: &str) -> Option<(Kind, Face)> {
        match parse_card(self.r, t) {
            Ok(c) => Some(c),
            Err(e) => {
                self.err(e);
                None
            }
        }
    }

    /// Patricians won, and those left.
    fn patricians(&mut self, p: &Position) {
        let r = self.r;
        let mut won = [[0u8; MAX_GROUPS]; 2];
        for (fid, groups) in &p.won {
            let Some(f) = self.faction(fid) else {
                continue;
            };
            for (gid, &n) in groups {
                if let Some(g) = self.group(gid) {
                    won[f][g] = n;
                }
            }
        }
        for (g, gd) in r.groups.iter().enumerate() {
            let w = won[0][g] + won[1][g];
            if w > gd.size {
                self.err(format!(
                    "{} patricians of the {} are won, the group has {}",
                    w, gd.name, gd.size
                ));
                continue;
            }
            let left = p
                .groups
                .get(&gd.id)
                .and_then(|gp| gp.left)
                .unwrap_or(gd.size - w);
            if left + w != gd.size {
                self.err(format!(
                    "the {}: {left} left and {w} won make {}, the group has {}",
                    gd.name,
                    left + w,
                    gd.size
                ));
            }
            self.s.left[g] = left;
            self.s.zones[0].won[g] = won[0][g];
            self.s.zones[1].won[g] = won[1][g];
        }
    }

    /// The cards at the groups, and frozen groups.
    fn groups(&mut self, p: &Position) {
        let r = self.r;
        for (gid, gp) in &p.groups {
            let Some(g) = self.group(gid) else {
                continue;
            };
            for (fid, cards) in &gp.cards {
                let Some(f) = self.faction(fid) else {
                    continue;
                };
                for t in cards {
                    let Some((k, face)) = self.card(t) else {
                        continue;
                    };
                    if !r.is_influence(k) {
                        self.err(format!(
                            "\"{t}\" at the {}: only influence cards lie at a group",
                            r.groups[g].name
                        ));
                        continue;
                    }
                    self.used[f][k.ix()] += 1;
                    let s = &mut self.s;
                    s.groups[g].cards[f][face_ix(face)][k.ix()] += 1;
                    s.count[f][g] += 1;
                    s.up[f][g] += face_ix(face) as u8;
                }
                if self.s.count[f][g] > r.limits.per_side {
                    self.err(format!(
                        "{} has {} cards at the {}, the limit is {} (limits.ron per_side)",
                        r.factions[f].name, self.s.count[f][g], r.groups[g].name, r.limits.per_side
                    ));
                }
            }
            if self.s.total(g) > r.limits.per_group {
                self.err(format!(
                    "the {} hold {} cards, the limit is {} (limits.ron per_group)",
                    r.groups[g].name,
                    self.s.total(g),
                    r.limits.per_group
                ));
            }
            if self.s.exhausted(g) && self.s.total(g) > 0 {
                self.err(format!(
                    "the {} are all won, no card can lie there",
                    r.groups[g].name
                ));
            }
            if gp.frozen {
                self.frozen(g);
            }
        }
    }

    /// A group stated frozen: only a tied extraordinary vote freezes one
    /// (`turn.extraordinary_tie: Frozen`), and a won vote ends it.
    fn frozen(&mut self, g: usize) {
        let r = self.r;
        let gd = &r.groups[g];
        let at = Entry::Frozen(gd.id.clone());
        if r.turn.extraordinary_tie != ExtraordinaryTie::Frozen {
            self.err_at(
                at,
                format!(
                    "the {} cannot be frozen: under turn.extraordinary_tie: {:?} a tied \
                     extraordinary vote freezes no group",
                    gd.name, r.turn.extraordinary_tie
                ),
            );
        } else if self.s.exhausted(g) {
            self.err_at(
                at,
                format!(
                    "the {} cannot be frozen: their patricians are all won, and the vote \
                     that won the last one ended the freeze",
                    gd.name
                ),
            );
        } else {
            self.s.frozen[g] = true;
        }
    }

    /// Hands, discard piles and cards out of the game.
    fn hands_and_discards(&mut self, p: &Position) {
        let r = self.r;
        for (fid, cards) in &p.hands {
            let Some(f) = self.faction(fid) else {
                continue;
            };
            for t in cards {
                let Some((k, _)) = self.card(t) else {
                    continue;
                };
                self.used[f][k.ix()] += 1;
                self.s.zones[f].hand[k.ix()] += 1;
                self.s.zones[f].hand_len += 1;
            }
            if self.s.zones[f].hand_len > r.limits.hand_size {
                self.err(format!(
                    "{} holds {} cards, the hand size is {}",
                    r.factions[f].name, self.s.zones[f].hand_len, r.limits.hand_size
                ));
            }
        }
        for (removed, piles) in [(false, &p.discards), (true, &p.removed)] {
            for (fid, cards) in piles {
                let Some(f) = self.faction(fid) else {
                    continue;
                };
                for t in cards {
                    let Some((k, _)) = self.card(t) else {
                        continue;
                    };
                    self.used[f][k.ix()] += 1;
                    let z = &mut self.s.zones[f];
                    let pile = if removed {
                        &mut z.removed
                    } else {
                        &mut z.discard
                    };
                    pile[k.ix()] += 1;
                }
            }
        }
    }

    /// Stated reserves; returns whose reserves are stated.
    fn reserves(&mut self, p: &Position) -> [bool; 2] {
        let r = self.r;
        let mut stated = [false; 2];
        for (fid, res) in &p.reserves {
            let Some(f) = self.faction(fid) else {
                continue;
            };
            stated[f] = true;
            for (pile, cards, want_influence) in [
                ("influence", &res.influence, true),
                ("action", &res.action, false),
            ] {
                // Top first as written; the stack's top is its last element.
                for t in cards.iter().rev() {
                    let Some((k, _)) = self.card(t) else {
                        continue;
                    };
                    if r.is_influence(k) != want_influence {
                        self.err(format!(
                            "\"{t}\" cannot be in {}'s {pile} reserve",
                            r.factions[f].name
                        ));
                        continue;
                    }
                    self.used[f][k.ix()] += 1;
                    let z = &mut self.s.zones[f];
                    let pile = if want_influence {
                        &mut z.influence_reserve
                    } else {
                        &mut z.action_reserve
                    };
                    if pile.try_push(k).is_err() {
                        self.errs.push(PositionError {
                            message: "a reserve is too large".into(),
                            at: None,
                        });
                    }
                }
            }
        }
        stated
    }

    /// The cards nobody stated: into the reserves (shuffled), or into the
    /// discard pile of a faction whose reserves are stated; and nothing
    /// used beyond the deck.
    fn leftovers(&mut self, stated_reserves: [bool; 2]) {
        let r = self.r;
        for f in 0..2 {
            for k in 0..r.kinds.len() {
                let deck = r.factions[f].deck[k] as u32;
                if self.used[f][k] > deck {
                    self.err(format!(
                        "{} has {} cards of type {} in this position, the deck has {deck}",
                        r.factions[f].name, self.used[f][k], r.kinds[k].id
                    ));
                    continue;
                }
                let rest = (deck - self.used[f][k]) as u8;
                let z = &mut self.s.zones[f];
                if stated_reserves[f] {
                    z.discard[k] += rest;
                } else {
                    for _ in 0..rest {
                        if r.kinds[k].influence {
                            let _ = z.influence_reserve.try_push(Kind(k as u8));
                        } else {
                            let _ = z.action_reserve.try_push(Kind(k as u8));
                        }
                    }
                }
            }
            if !stated_reserves[f] {
                let s = &mut self.s;
                let z = &mut s.zones[f];
                seed::shuffle(&mut z.influence_reserve, &mut s.rng);
                seed::shuffle(&mut z.action_reserve, &mut s.rng);
            }
        }
    }

    /// The copy of vote card `id` not yet placed, marked placed.
    fn vote_card(&mut self, id: &str, placed: &mut [bool]) -> Option<u8> {
        let r = self.r;
        let i = (0..r.vote_cards.len()).find(|&i| r.vote_cards[i].id == id && !placed[i]);
        match i {
            Some(i) => {
                placed[i] = true;
                Some(i as u8)
            }
            None if r.vote_cards.iter().any(|c| c.id == id) => {
                self.err(format!("there are not that many \"{id}\" vote cards"));
                None
            }
            None => {
                let ids: Vec<&str> = r.vote_cards.iter().map(|c| c.id.as_str()).collect();
                self.err(format!(
                    "unknown vote card \"{id}\" (vote cards: {})",
                    ids.join(", ")
                ));
                None
            }
        }
    }

    /// The vote piles: the stated cards, checked against the rules that
    /// take vote cards out of the game; the others out of the game where
    /// those rules say so, else in the draw pile (shuffled) or, when the
    /// draw pile is stated, in the discard pile.
    fn vote_cards(&mut self, p: &Position) {
        let r = self.r;
        let mut placed = vec![false; r.vote_cards.len()];
        let deck = p.vote_deck.as_deref().unwrap_or_default();
        let mut removed = Vec::new();
        for (pile, ids) in [
            (VotePile::Removed, &p.vote_removed[..]),
            (VotePile::Discard, &p.vote_discard[..]),
            (VotePile::Deck, deck),
        ] {
            let mut cards = Vec::new();
            for (i, id) in ids.iter().enumerate() {
                if let Some(c) = self.vote_card(id, &mut placed) {
                    self.check_vote_card(c, pile, i, &cards);
                    cards.push(c);
                }
            }
            match pile {
                VotePile::Removed => removed = cards,
                VotePile::Discard => self.s.vote_discard.extend(cards),
                // Top first as written; the pile's top is its last element.
                VotePile::Deck => self.s.vote_pile.extend(cards.into_iter().rev()),
            }
        }
        // The unstated cards that play would have taken out of the game.
        let mut orgies = removed.iter().filter(|&&c| self.is_orgy(c)).count();
        let must = self.orgies_out_now();
        for c in 0..r.vote_cards.len() as u8 {
            let i = c as usize;
            let out = match r.vote_cards[i].effect {
                VoteEffect::Vote(g) => {
                    self.s.exhausted(g as usize) && leaves_with_group(r, c, g as usize)
                }
                VoteEffect::Orgy => orgies < must,
                VoteEffect::OrgyReshuffle => false,
            };
            if !placed[i] && out {
                placed[i] = true;
                orgies += usize::from(self.is_orgy(c));
                removed.push(c);
            }
        }
        if orgies < must {
            self.err(format!(
                "{must} orgy card(s) must be out of the game ({}), {orgies} are: \
                 write them in vote_removed",
                self.orgy_rules()
            ));
        }
        self.s.orgy_removed = orgies > r.setup.orgies_removed_before_game as usize;
        self.s.vote_removed.extend(removed);
        let rest = (0..r.vote_cards.len() as u8).filter(|&c| !placed[c as usize]);
        if p.vote_deck.is_some() {
            self.s.vote_discard.extend(rest);
        } else {
            self.s.vote_pile.extend(rest);
            seed::shuffle(&mut self.s.vote_pile, &mut self.s.rng);
        }
    }

    fn is_orgy(&self, c: u8) -> bool {
        self.r.vote_cards[c as usize].effect == VoteEffect::Orgy
    }

    /// Orgies out of the game now, whatever was drawn: those removed
    /// before the game (orgy variant (b)), and with variant (a) at
    /// `AtSecondGroup` one more once two groups are won (`exhaust`).
    fn orgies_out_now(&self) -> usize {
        let r = self.r;
        let at_second = r.turn.orgy_removal == Some(OrgyRemovalTiming::AtSecondGroup)
            && self.s.groups_won() >= 2;
        r.setup.orgies_removed_before_game as usize + usize::from(at_second)
    }

    /// Orgies that may be out of the game: those above, and one drawn
    /// once two groups are won with variant (a) at another timing.
    fn orgies_out_at_most(&self) -> usize {
        let r = self.r;
        let a = r.turn.orgy_removal.is_some() && self.s.groups_won() >= 2;
        r.setup.orgies_removed_before_game as usize + usize::from(a)
    }

    fn orgy_rules(&self) -> String {
        let r = self.r;
        let a = match r.turn.orgy_removal {
            Some(t) => format!("turn.orgy_removal_timing: {t:?}"),
            None => "turn.orgy_removal: false".into(),
        };
        format!(
            "setup.orgies_removed_before_game: {}, {a}, {} groups won",
            r.setup.orgies_removed_before_game,
            self.s.groups_won()
        )
    }

    /// A stated vote card where play cannot have left it (`before`: the
    /// cards stated before it in its pile).
    fn check_vote_card(&mut self, c: u8, pile: VotePile, i: usize, before: &[u8]) {
        let r = self.r;
        let card = &r.vote_cards[c as usize];
        let at = Entry::VoteCard(pile, i);
        let rule = format!("turn.exhausted_vote_card: {:?}", r.turn.exhausted_vote_card);
        match (card.effect, pile) {
            (VoteEffect::Vote(g), VotePile::Removed) if !self.s.exhausted(g as usize) => {
                let gd = &r.groups[g as usize];
                self.err_at(
                    at,
                    format!(
                        "\"{}\" cannot be out of the game while {} {} are left: a vote card \
                         leaves the game only once its group is all won ({rule})",
                        card.id, self.s.left[g as usize], gd.name
                    ),
                );
            }
            (VoteEffect::Vote(g), VotePile::Deck | VotePile::Discard)
                if self.s.exhausted(g as usize) && leaves_with_group(r, c, g as usize) =>
            {
                let where_ = if pile == VotePile::Deck {
                    "in the vote deck"
                } else {
                    "turned up"
                };
                self.err_at(
                    at,
                    format!(
                        "\"{}\" cannot be {where_}: the {} are all won, and under {rule} \
                         their vote card left the game with their last patrician \
                         (write it in vote_removed, or leave it out)",
                        card.id, r.groups[g as usize].name
                    ),
                );
            }
            (VoteEffect::OrgyReshuffle, VotePile::Removed) => {
                self.err_at(
                    at,
                    format!(
                        "\"{}\" cannot be out of the game: no rule removes the reshuffle orgy",
                        card.id
                    ),
                );
            }
            (VoteEffect::Orgy, VotePile::Removed) => {
                let n = before.iter().filter(|&&c| self.is_orgy(c)).count() + 1;
                let most = self.orgies_out_at_most();
                if n > most {
                    self.err_at(
                        at,
                        format!(
                            "an orgy too many out of the game: at most {most} can be ({})",
                            self.orgy_rules()
                        ),
                    );
                }
            }
            _ => {}
        }
    }

    /// Mission cards: stated, or dealt at random as in a new game.
    fn missions(&mut self, p: &Position) {
        let r = self.r;
        let mut dealt = vec![false; r.missions.len()];
        let mut stated = [false; 2];
        for (fid, ids) in &p.missions {
            let Some(f) = self.faction(fid) else {
                continue;
            };
            stated[f] = true;
            for id in ids {
                match (0..r.missions.len()).find(|&i| r.missions[i].id == *id && !dealt[i]) {
                    Some(i) => {
                        dealt[i] = true;
                        self.s.zones[f].missions.push(i as u8);
                    }
                    None => self.err(format!("unknown or already dealt mission card \"{id}\"")),
                }
            }
        }
        let s = &mut self.s;
        let mut rest: Vec<u8> = (0..r.missions.len() as u8)
            .filter(|&i| !dealt[i as usize])
            .collect();
        seed::shuffle(&mut rest, &mut s.rng);
        for f in 0..2 {
            if !stated[f] {
                for _ in 0..r.missions_per_player {
                    if let Some(m) = rest.pop() {
                        s.zones[f].missions.push(m);
                    }
                }
            }
        }
        s.missions_boxed.extend(rest);
        s.points = s.count_points();
    }
}

impl Position {
    /// Reads a position written in RON (optional fields may omit `Some(..)`).
    pub fn from_ron(text: &str) -> Result<Position, String> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| e.to_string())
    }
}
