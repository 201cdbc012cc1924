//! A position written as a person reads the table (docs/de-cape.md
//! section 10): the columns top to bottom with `colour`, `kind` or
//! `[kind]` (face down) per card, the hands, the objectives won, the seat
//! to play. Everything else is dealt from the seed: the other cards go to
//! the reserves, a hand not given draws its cards there.

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::Deserialize;

use super::Rules;
use super::state::{Column, NONE, Phase, State};

/// An unchecked position (ids as in the rule files), as a scenario file
/// writes it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Left out (empty) only in a finished game.
    #[serde(default)]
    pub to_move: String,
    /// (objective `domain_value`, cards top to bottom `(colour, kind)`;
    /// `[kind]` is face down).
    #[serde(default)]
    pub columns: Vec<(String, Vec<(String, String)>)>,
    #[serde(default)]
    pub hands: Vec<(String, Vec<String>)>,
    /// Objectives already won, by colour.
    #[serde(default)]
    pub won: Vec<(String, Vec<String>)>,
    /// Columns closed by a Storm, by index.
    #[serde(default)]
    pub sealed: Vec<usize>,
}

impl State {
    /// The state play would have reached at `pos` in round 1, `to_move`
    /// to play, or what is wrong with it. Every card the position does
    /// not place goes back to its owner's reserve, and a hand not given
    /// draws from there.
    pub fn at(
        rules: Arc<Rules>,
        seed: u64,
        pos: &Position,
        to_move: &str,
    ) -> Result<State, String> {
        let mut s = State::new(rules.clone(), seed, true);
        let r = &*rules;
        let dl = r.deck_len();
        let seat = |id: &str| {
            r.colours[..r.players]
                .iter()
                .position(|c| c.0 == id)
                .ok_or(format!("no seat \"{id}\""))
        };
        let mut used: Vec<u8> = Vec::new();
        let mut card = |colour: &str, kind: &str| -> Result<u8, String> {
            let p = seat(colour)?;
            let k =
                (r.kinds.iter().position(|k| k.id == kind)).ok_or(format!("no card \"{kind}\""))?;
            let c = ((p * dl..(p + 1) * dl).map(|c| c as u8))
                .find(|&c| r.kind_of(c) == k && !used.contains(&c))
                .ok_or(format!("no {kind} of {colour} left"))?;
            used.push(c);
            Ok(c)
        };
        let (mut columns, mut up) = (ArrayVec::new(), Vec::new());
        for (obj, cards) in &pos.columns {
            let o = objective(r, obj)?;
            let mut col = Column {
                objective: o,
                need: r.objectives[o as usize].value,
                sealed: pos.sealed.contains(&columns.len()),
                cards: ArrayVec::new(),
            };
            for (colour, kind) in cards {
                let c = card(colour, kind.trim_matches(['[', ']']))?;
                col.cards.push(c);
                up.push((c, !kind.starts_with('[')));
            }
            columns.push(col);
        }
        let mut hands: Vec<(usize, Vec<u8>)> = Vec::new();
        for (colour, cards) in &pos.hands {
            let h = (cards.iter().map(|k| card(colour, k))).collect::<Result<_, _>>()?;
            hands.push((seat(colour)?, h));
        }
        let mut won = Vec::new();
        for (colour, objectives) in &pos.won {
            let p = seat(colour)?;
            for o in objectives {
                won.push((p, objective(r, o)?));
            }
        }
        let to_move = seat(to_move)?;
        let t = &mut s.table;
        for p in 0..r.players {
            t.hands[p].clear();
            t.discards[p].clear();
            let mine = (p * dl..(p + 1) * dl).map(|c| c as u8);
            t.reserves[p] = mine.filter(|c| !used.contains(c)).collect();
        }
        for (p, h) in &hands {
            t.hands[*p] = h.iter().copied().collect();
        }
        for &(c, u) in &up {
            t.flags[c as usize] = u8::from(u);
        }
        for &(p, o) in &won {
            s.won[o as usize] = p as u8;
        }
        let objectives: Vec<u8> = columns.iter().map(|c: &Column| c.objective).collect();
        s.table.columns = columns;
        s.reindex();
        // The round's objectives are dealt first, the rest after.
        let rest = (s.deal.iter().copied())
            .filter(|&o| !objectives.contains(&o) && s.won[o as usize] == NONE);
        let deal: Vec<u8> = objectives.iter().copied().chain(rest).collect();
        s.deal = deal.into_iter().take(s.deal.len()).collect();
        for p in 0..r.players {
            if !hands.iter().any(|(q, _)| *q == p) {
                for _ in 0..r.hand_size {
                    s.draw(p);
                }
            }
        }
        s.turn = to_move as u8;
        s.phase = Phase::Turn;
        Ok(s)
    }
}

/// The objective named `domain_value` (the first of two equal ones not
/// yet taken is the same card for a rule: interchangeable).
fn objective(r: &Rules, name: &str) -> Result<u8, String> {
    let (d, v) = name
        .rsplit_once('_')
        .ok_or(format!("an objective is domain_value, not \"{name}\""))?;
    r.objectives
        .iter()
        .position(|o| r.domains[o.domain as usize].0 == d && o.value.to_string() == v)
        .map(|i| i as u8)
        .ok_or(format!("no objective \"{name}\""))
}
