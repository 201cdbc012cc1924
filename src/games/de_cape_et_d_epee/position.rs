//! A position written as a person reads the table (docs/de-cape.md
//! section 10): the engine's [`Position`] (`design::columns`), the columns
//! under objectives named `domain_value`. The engine lays it out on the
//! table; this game adds the objectives won, the objectives dealt, the
//! hands not given drawn from the seed, and the seat to play.

use std::sync::Arc;

pub use crate::design::columns::Position;

use super::Rules;
use super::state::{NONE, Phase, State};
use crate::design::columns::{Cards, Layout, seat};

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
        let r = &*rules;
        let cards = Cards {
            kinds: r.kinds.len(),
            deck_len: r.deck_len(),
        };
        let lay = Layout::read(r, cards, pos, |name| objective(r, name))?;
        let to_move = seat(r, to_move)?;
        let mut s = State::new(rules.clone(), seed, true);
        lay.lay_out(&mut s.table, r, cards, |o| r.objectives[o as usize].value);
        for &(p, o) in &lay.won {
            s.won[o as usize] = p as u8;
        }
        s.reindex();
        // The round's objectives are dealt first, the rest after.
        let objectives: Vec<u8> = lay.columns.iter().map(|c| c.0).collect();
        let rest = (s.deal.iter().copied())
            .filter(|&o| !objectives.contains(&o) && s.won[o as usize] == NONE);
        let deal: Vec<u8> = objectives.iter().copied().chain(rest).collect();
        s.deal = deal.into_iter().take(s.deal.len()).collect();
        for p in (0..r.players).filter(|&p| !lay.hand_given(p)) {
            for _ in 0..r.hand_size {
                s.draw(p);
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
