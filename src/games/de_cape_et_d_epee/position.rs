//! A position written as a person reads the table (docs/de-cape.md
//! section 10): the columns top to bottom with `colour`, `kind` or
//! `[kind]` (face down) per card, the hands, the objectives won, the seat
//! to play. Everything else is dealt from the seed: the other cards go to
//! the reserves, a hand not given draws its cards there.

use arrayvec::ArrayVec;
use serde::Deserialize;

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
    /// to play, or what is wrong with it.
    pub fn at(
        rules: std::sync::Arc<super::Rules>,
        seed: u64,
        pos: &Position,
        to_move: &str,
    ) -> Result<State, String> {
        let mut s = State::new(rules.clone(), seed, true);
        let r = &*rules;
        let seat = |id: &str| {
            r.colours[..r.players]
                .iter()
                .position(|c| c.0 == id)
                .ok_or(format!("no seat \"{id}\""))
        };
        let mut used: Vec<u8> = Vec::new();
        let mut card = |colour: &str, kind: &str| -> Result<u8, String> {
            let p = seat(colour)?;
            let k = r
                .kinds
                .iter()
                .position(|k| k.id == kind)
                .ok_or(format!("no card \"{kind}\""))?;
            let dl = r.deck_len();
            let c = (0..dl)
                .map(|i| (p * dl + i) as u8)
                .find(|&c| r.kind_of(c) == k && !used.contains(&c))
                .ok_or(format!("no {kind} of {colour} left"))?;
            used.push(c);
            Ok(c)
        };
        let mut columns = ArrayVec::new();
        let mut up = Vec::new();
        for (obj, cards) in &pos.columns {
            let o = objective(r, obj)?;
            let mut col = Column {
                objective: o,
                need: r.objectives[o as usize].value,
                sealed: pos.sealed.contains(&columns.len()),
                cards: ArrayVec::new(),
            };
            for (colour, kind) in cards {
                let down = kind.starts_with('[');
                let c = card(colour, kind.trim_matches(['[', ']']))?;
                col.cards.push(c);
                up.push((c, !down));
            }
            columns.push(col);
        }
        let mut hands: Vec<(usize, Vec<u8>)> = Vec::new();
        for (colour, cards) in &pos.hands {
            let h = cards
                .iter()
                .map(|k| card(colour, k))
                .collect::<Result<_, _>>()?;
            hands.push((seat(colour)?, h));
        }
        let won = pos
            .won
            .iter()
            .map(|(c, os)| {
                Ok((
                    seat(c)?,
                    os.iter()
                        .map(|o| objective(r, o))
                        .collect::<Result<Vec<_>, String>>()?,
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        s.set_position(columns, &up, &hands, &used, &won, seat(to_move)?);
        Ok(s)
    }
}

/// The objective named `domain_value` (the first of two equal ones not
/// yet taken is the same card for a rule: interchangeable).
fn objective(r: &super::Rules, name: &str) -> Result<u8, String> {
    let (d, v) = name
        .rsplit_once('_')
        .ok_or(format!("an objective is domain_value, not \"{name}\""))?;
    r.objectives
        .iter()
        .position(|o| r.domains[o.domain as usize].0 == d && o.value.to_string() == v)
        .map(|i| i as u8)
        .ok_or(format!("no objective \"{name}\""))
}

impl State {
    /// Puts the position's cards in place; every other card goes back to
    /// its owner's reserve (and hands not given draw from there).
    fn set_position(
        &mut self,
        columns: ArrayVec<Column, 6>,
        up: &[(u8, bool)],
        hands: &[(usize, Vec<u8>)],
        used: &[u8],
        won: &[(usize, Vec<u8>)],
        to_move: usize,
    ) {
        let r = self.rules.clone();
        let dl = r.deck_len();
        let objectives: Vec<u8> = columns.iter().map(|c| c.objective).collect();
        for p in 0..r.players {
            self.table.hands[p].clear();
            self.table.discards[p].clear();
            self.table.reserves[p] = (0..dl)
                .map(|i| (p * dl + i) as u8)
                .filter(|c| !used.contains(c))
                .collect();
        }
        for (p, h) in hands {
            self.table.hands[*p] = h.iter().copied().collect();
        }
        for &(c, u) in up {
            self.table.flags[c as usize] = u8::from(u);
        }
        for (p, os) in won {
            for &o in os {
                self.won[o as usize] = *p as u8;
            }
        }
        self.table.columns = columns;
        self.reindex();
        // The round's objectives are dealt first, the rest after.
        let n = self.deal.len();
        let mut deal: Vec<u8> = objectives.clone();
        let won = &self.won;
        deal.extend(
            self.deal
                .iter()
                .copied()
                .filter(|o| !objectives.contains(o) && won[*o as usize] == NONE),
        );
        self.deal = deal.into_iter().take(n).collect();
        for p in 0..r.players {
            if !hands.iter().any(|(q, _)| *q == p) {
                for _ in 0..r.hand_size {
                    self.draw(p);
                }
            }
        }
        self.turn = to_move as u8;
        self.phase = Phase::Turn;
    }
}
