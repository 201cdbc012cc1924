//! A position written as a person reads the table (docs/de-cape.md
//! section 10): the engine's [`Position`] (`design::columns`), the columns
//! under objectives named `domain_value`. The engine lays it out on the
//! table; this game adds the round, the objectives won, the objectives
//! dealt, the hands not given drawn from the seed, and the seat to play.

use std::sync::Arc;

use arrayvec::ArrayVec;

pub use crate::design::columns::Position;

use super::Rules;
use super::model::MAX_OBJECTIVES;
use super::state::{NONE, Phase, State};
use crate::design::columns::{Cards, Fault, Layout};

impl State {
    /// The state play would have reached at `pos` (in its round, the
    /// first unless it says), seat `to_move` to play, or what is wrong
    /// with it. Every card the position does not place goes back to its
    /// owner's reserve (or discard pile, when his reserve is given), and a
    /// hand not given draws from there.
    pub fn at(
        rules: Arc<Rules>,
        seed: u64,
        pos: &Position,
        to_move: usize,
    ) -> Result<State, Fault> {
        let r = &*rules;
        let cards = Cards {
            kinds: r.kinds.len(),
            deck_len: r.deck_len(),
        };
        let lay = Layout::read(r, cards, pos, |name, taken| objective(r, name, taken))?;
        let round = round(r, pos, &lay)?;
        let mut s = State::new(rules.clone(), seed, true);
        lay.lay_out(&mut s.table, r, cards, |o| r.objectives[o as usize].value);
        for &(p, o) in &lay.won {
            s.won[o as usize] = p as u8;
        }
        s.reindex();
        s.deal = deal(&s, &lay, round);
        for p in (0..r.players).filter(|&p| !lay.hand_given(p)) {
            for _ in 0..r.hand_size {
                s.draw(p);
            }
        }
        s.round = round as u8;
        s.turn = to_move as u8;
        s.first = to_move as u8;
        s.phase = Phase::Turn;
        Ok(s)
    }
}

/// The round the position states: one of the game's, and, when stated,
/// one whose earlier rounds could have awarded the objectives won.
fn round(r: &Rules, pos: &Position, lay: &Layout) -> Result<usize, Fault> {
    let n = *pos.round;
    if n == 0 || n > r.rounds {
        let m = format!("no round {n}: a game has rounds 1 to {}", r.rounds);
        return Err(Fault::at(&pos.round, m));
    }
    let before = (n - 1) * r.columns;
    if n > 1 && lay.won.len() > before {
        let m = format!(
            "{} objectives are won, but the {} rounds before round {n} award at most {before}",
            lay.won.len(),
            n - 1
        );
        return Err(Fault::at(&pos.round, m));
    }
    Ok(n)
}

/// The objectives in the order the game turns them up: the rounds before
/// `round` dealt those won (then others, nobody's), `round` deals the
/// position's columns, the rounds after deal the rest of the game's deal
/// (then of the pool), as many as the game deals.
fn deal(s: &State, lay: &Layout, round: usize) -> ArrayVec<u8, MAX_OBJECTIVES> {
    let r = s.rules();
    let columns: Vec<u8> = lay.columns.iter().map(|c| c.0).collect();
    let won: Vec<u8> = lay.won.iter().map(|w| w.1).collect();
    let pool = (0..r.objectives.len() as u8).filter(|o| !s.deal.contains(o));
    let mut others = (s.deal.iter().copied().chain(pool))
        .filter(|&o| !columns.contains(&o) && s.won[o as usize] == NONE);
    let before = (round - 1) * r.columns;
    let earlier: Vec<u8> = if round > 1 {
        let nobody = before.saturating_sub(won.len());
        won.iter()
            .copied()
            .chain(others.by_ref().take(nobody))
            .collect()
    } else {
        Vec::new()
    };
    let order = earlier.into_iter().chain(columns.clone()).chain(others);
    order.take(s.deal.len()).collect()
}

/// The objective named `domain_value` not yet `taken` (two equal ones are
/// two cards: two `music_3` columns are the game's two Music 3).
fn objective(r: &Rules, name: &str, taken: &[u8]) -> Result<u8, String> {
    let (d, v) = name
        .rsplit_once('_')
        .ok_or(format!("an objective is domain_value, not \"{name}\""))?;
    let named = |o: &super::model::Objective| {
        r.domains[o.domain as usize].0 == d && o.value.to_string() == v
    };
    let all: Vec<u8> = (0..r.objectives.len() as u8)
        .filter(|&i| named(&r.objectives[i as usize]))
        .collect();
    if all.is_empty() {
        return Err(format!("no objective \"{name}\""));
    }
    all.iter()
        .copied()
        .find(|i| !taken.contains(i))
        .ok_or(format!(
            "no {name} left: the game has {} of them, and each names one card",
            all.len()
        ))
}
