//! A position written the way a person reads the table, and its validation
//! into a [`State`] (an unchecked `Position` becomes a `State` only through
//! [`Position::into_state`], or a list of problems).
//!
//! Cards are written by value (`"1"` to `"5"`, `"P"` for a vote-inverting
//! card) or by card type id (`"influence_3"`); a card lying face down at a group is
//! written in brackets (`"[4]"`). Defaults for what is left unstated:
//! - `to_move`: the first player; the phase is the start of his turn.
//! - patricians `left` at a group: its size minus those won.
//! - each faction's cards not placed anywhere go to its reserves (influence
//!   and action, shuffled with the seed) when its `reserves` are not given,
//!   else to its discard pile;
//! - the vote deck: when `vote_deck` is given it is the draw pile (top
//!   first) and every other vote card not in `vote_discard` is discarded;
//!   otherwise they are all shuffled into the draw pile;
//! - missions: dealt at random as in a new game.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::engine::seed;
use serde::Deserialize;

use super::model::{Face, Kind, MAX_GROUPS, MAX_KINDS, Rules};
use super::state::{Phase, State, face_ix};

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
    /// Per faction id, patricians won per group id.
    pub won: BTreeMap<String, BTreeMap<String, u8>>,
    /// Vote card ids, top first.
    pub vote_deck: Option<Vec<String>>,
    pub vote_discard: Vec<String>,
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

impl Position {
    /// Builds the state, or lists every problem found.
    pub fn into_state(&self, rules: Arc<Rules>, seed: u64) -> Result<State, Vec<String>> {
        let mut errs = Vec::new();
        let mut s = State::blank(rules.clone(), seed);
        let r = &*rules;
        let faction = |id: &str, errs: &mut Vec<String>| -> Option<usize> {
            let f = r.faction_by_id(id);
            if f.is_none() {
                let ids: Vec<&str> = r.factions.iter().map(|f| f.id.as_str()).collect();
                errs.push(format!(
                    "unknown faction \"{id}\" (factions: {})",
                    ids.join(", ")
                ));
            }
            f
        };
        let group = |id: &str, errs: &mut Vec<String>| -> Option<usize> {
            let g = r.group_by_id(id).map(|g| g as usize);
            if g.is_none() {
                let ids: Vec<&str> = r.groups.iter().map(|g| g.id.as_str()).collect();
                errs.push(format!(
                    "unknown group \"{id}\" (groups: {})",
                    ids.join(", ")
                ));
            }
            g
        };
        let card = |t: &str, errs: &mut Vec<String>| match parse_card(r, t) {
            Ok(c) => Some(c),
            Err(e) => {
                errs.push(e);
                None
            }
        };
        // Cards used so far, per faction and kind.
        let mut used = [[0u32; MAX_KINDS]; 2];

        // Patricians won.
        let mut won = [[0u8; MAX_GROUPS]; 2];
        for (fid, groups) in &self.won {
            let Some(p) = faction(fid, &mut errs) else {
                continue;
            };
            for (gid, &n) in groups {
                if let Some(g) = group(gid, &mut errs) {
                    won[p][g] = n;
                }
            }
        }
        for (g, gd) in r.groups.iter().enumerate() {
            let w = won[0][g] + won[1][g];
            if w > gd.size {
                errs.push(format!(
                    "{} patricians of the {} are won, the group has {}",
                    w, gd.name, gd.size
                ));
                continue;
            }
            let left = self
                .groups
                .get(&gd.id)
                .and_then(|gp| gp.left)
                .unwrap_or(gd.size - w);
            if left + w != gd.size {
                errs.push(format!(
                    "the {}: {left} left and {w} won make {}, the group has {}",
                    gd.name,
                    left + w,
                    gd.size
                ));
            }
            s.left[g] = left;
            s.zones[0].won[g] = won[0][g];
            s.zones[1].won[g] = won[1][g];
        }

        // Cards at the groups.
        for (gid, gp) in &self.groups {
            let Some(g) = group(gid, &mut errs) else {
                continue;
            };
            for (fid, cards) in &gp.cards {
                let Some(p) = faction(fid, &mut errs) else {
                    continue;
                };
                for t in cards {
                    let Some((k, face)) = card(t, &mut errs) else {
                        continue;
                    };
                    if !r.is_influence(k) {
                        errs.push(format!(
                            "\"{t}\" at the {}: only influence cards lie at a group",
                            r.groups[g].name
                        ));
                        continue;
                    }
                    used[p][k.ix()] += 1;
                    s.groups[g].cards[p][face_ix(face)][k.ix()] += 1;
                    s.count[p][g] += 1;
                    s.up[p][g] += face_ix(face) as u8;
                }
                if s.count[p][g] > r.limits.per_side {
                    errs.push(format!(
                        "{} has {} cards at the {}, the limit is {} (limits.ron per_side)",
                        r.factions[p].name, s.count[p][g], r.groups[g].name, r.limits.per_side
                    ));
                }
            }
            if s.total(g) > r.limits.per_group {
                errs.push(format!(
                    "the {} hold {} cards, the limit is {} (limits.ron per_group)",
                    r.groups[g].name,
                    s.total(g),
                    r.limits.per_group
                ));
            }
            s.frozen[g] = gp.frozen;
            if s.exhausted(g) && s.total(g) > 0 {
                errs.push(format!(
                    "the {} are all won, no card can lie there",
                    r.groups[g].name
                ));
            }
        }

        // Hands, discards, reserves.
        for (fid, cards) in &self.hands {
            let Some(p) = faction(fid, &mut errs) else {
                continue;
            };
            for t in cards {
                let Some((k, _)) = card(t, &mut errs) else {
                    continue;
                };
                used[p][k.ix()] += 1;
                s.zones[p].hand[k.ix()] += 1;
                s.zones[p].hand_len += 1;
            }
            if s.zones[p].hand_len > r.limits.hand_size {
                errs.push(format!(
                    "{} holds {} cards, the hand size is {}",
                    r.factions[p].name, s.zones[p].hand_len, r.limits.hand_size
                ));
            }
        }
        for (fid, cards) in &self.discards {
            let Some(p) = faction(fid, &mut errs) else {
                continue;
            };
            for t in cards {
                let Some((k, _)) = card(t, &mut errs) else {
                    continue;
                };
                used[p][k.ix()] += 1;
                s.zones[p].discard[k.ix()] += 1;
            }
        }
        let mut stated_reserves = [false; 2];
        for (fid, res) in &self.reserves {
            let Some(p) = faction(fid, &mut errs) else {
                continue;
            };
            stated_reserves[p] = true;
            for (pile, cards, want_influence) in [
                ("influence", &res.influence, true),
                ("action", &res.action, false),
            ] {
                // Top first as written; the stack's top is its last element.
                for t in cards.iter().rev() {
                    let Some((k, _)) = card(t, &mut errs) else {
                        continue;
                    };
                    if r.is_influence(k) != want_influence {
                        errs.push(format!(
                            "\"{t}\" cannot be in {}'s {pile} reserve",
                            r.factions[p].name
                        ));
                        continue;
                    }
                    used[p][k.ix()] += 1;
                    let z = &mut s.zones[p];
                    let pile = if want_influence {
                        &mut z.influence_reserve
                    } else {
                        &mut z.action_reserve
                    };
                    if pile.try_push(k).is_err() {
                        errs.push("a reserve is too large".into());
                    }
                }
            }
        }

        // Leftovers, and nothing used beyond the deck.
        for p in 0..2 {
            for k in 0..r.kinds.len() {
                let deck = r.factions[p].deck[k] as u32;
                if used[p][k] > deck {
                    errs.push(format!(
                        "{} has {} cards of type {} in this position, the deck has {deck}",
                        r.factions[p].name, used[p][k], r.kinds[k].id
                    ));
                    continue;
                }
                let rest = (deck - used[p][k]) as u8;
                let z = &mut s.zones[p];
                if stated_reserves[p] {
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
            if !stated_reserves[p] {
                let z = &mut s.zones[p];
                seed::shuffle(&mut z.influence_reserve, &mut s.rng);
                seed::shuffle(&mut z.action_reserve, &mut s.rng);
            }
        }

        // Vote cards.
        let vote_index = |id: &str, taken: &mut Vec<bool>, errs: &mut Vec<String>| -> Option<u8> {
            let i = r
                .vote_cards
                .iter()
                .enumerate()
                .position(|(i, c)| c.id == id && !taken[i]);
            match i {
                Some(i) => {
                    taken[i] = true;
                    Some(i as u8)
                }
                None if r.vote_cards.iter().any(|c| c.id == id) => {
                    errs.push(format!("there are not that many \"{id}\" vote cards"));
                    None
                }
                None => {
                    let ids: Vec<&str> = r.vote_cards.iter().map(|c| c.id.as_str()).collect();
                    errs.push(format!(
                        "unknown vote card \"{id}\" (vote cards: {})",
                        ids.join(", ")
                    ));
                    None
                }
            }
        };
        let mut taken = vec![false; r.vote_cards.len()];
        for id in &self.vote_discard {
            if let Some(i) = vote_index(id, &mut taken, &mut errs) {
                s.vote_discard.push(i);
            }
        }
        match &self.vote_deck {
            Some(deck) => {
                let mut pile = Vec::new();
                for id in deck {
                    if let Some(i) = vote_index(id, &mut taken, &mut errs) {
                        pile.push(i);
                    }
                }
                s.vote_pile.extend(pile.into_iter().rev());
                for (i, t) in taken.iter().enumerate() {
                    if !t {
                        s.vote_discard.push(i as u8);
                    }
                }
            }
            None => {
                for (i, t) in taken.iter().enumerate() {
                    if !t {
                        s.vote_pile.push(i as u8);
                    }
                }
                seed::shuffle(&mut s.vote_pile, &mut s.rng);
            }
        }

        // Missions.
        let mut dealt = vec![false; r.missions.len()];
        let mut stated_missions = [false; 2];
        for (fid, ids) in &self.missions {
            let Some(p) = faction(fid, &mut errs) else {
                continue;
            };
            stated_missions[p] = true;
            for id in ids {
                match (0..r.missions.len()).find(|&i| r.missions[i].id == *id && !dealt[i]) {
                    Some(i) => {
                        dealt[i] = true;
                        s.zones[p].missions.push(i as u8);
                    }
                    None => errs.push(format!("unknown or already dealt mission card \"{id}\"")),
                }
            }
        }
        let mut rest: Vec<u8> = (0..r.missions.len() as u8)
            .filter(|&i| !dealt[i as usize])
            .collect();
        seed::shuffle(&mut rest, &mut s.rng);
        for p in 0..2 {
            if !stated_missions[p] {
                for _ in 0..r.missions_per_player {
                    if let Some(m) = rest.pop() {
                        s.zones[p].missions.push(m);
                    }
                }
            }
        }
        s.missions_boxed.extend(rest);
        s.points = s.count_points();

        // Whose turn.
        let seat = match &self.to_move {
            Some(id) => faction(id, &mut errs).unwrap_or(0),
            None => r.setup.first_player,
        };
        if !errs.is_empty() {
            return Err(errs);
        }
        s.turn = self.turn;
        s.seat = seat as u8;
        s.phase = Phase::TurnStart;
        s.begin_turn_at_position();
        if let Err(e) = s.check_invariants() {
            return Err(vec![e]);
        }
        Ok(s)
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
