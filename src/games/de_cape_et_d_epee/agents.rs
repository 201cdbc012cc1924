//! The game's side of the agents (`crate::agents::Agents`) and of the soak
//! (`crate::soak::Soaked`): a simple evaluation (points won, and the
//! columns in play as a seat sees them), on which the generic one-ply
//! agent (`crate::agents::OnePly`) is the game's greedy agent, and the
//! determinization (every card a seat cannot see redrawn among the places
//! it could be).

use std::path::Path;

use rand::RngExt;
use serde::Deserialize;

use super::DeCape;
use super::state::{Move, Phase, State};
use crate::agents::{Agents, OnePly};
use crate::diag::Diagnostic;
use crate::engine::seed::{self, AgentRng};
use crate::load::{GameDir, SourceFile};

/// The evaluation's weights (`agents/greedy.ron` of the rules folder).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Points won, per point.
    pub points: f64,
    /// A column in play that the seat leads on what it sees, per point of
    /// its objective.
    pub leading: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            points: 1.0,
            leading: 0.5,
        }
    }
}

impl State {
    /// `seat`'s points minus the best other seat's, plus the columns in
    /// play it leads (or trails) on what it sees.
    pub fn evaluation(&self, w: &Weights, seat: usize) -> f64 {
        let others = |f: &dyn Fn(usize) -> i32| {
            let n = self.rules().players;
            (0..n).filter(|&q| q != seat).map(f).max().unwrap_or(0)
        };
        let mut v = w.points * f64::from(self.points(seat) - others(&|q| self.points(q)));
        if self.phase() == Phase::Over {
            return v;
        }
        // A card it cannot see counts 8 points.
        let seen = |col: usize, q: usize| self.table.seen_total(self.rules(), col, q, seat, 16);
        for (col, c) in self.columns().iter().enumerate() {
            let lead = seen(col, seat) - others(&|q| seen(col, q));
            let value = f64::from(self.rules().objectives[c.objective as usize].value);
            v += w.leading * value * f64::from(lead.signum());
        }
        v
    }

    /// A copy in which every card `seat` cannot see is redrawn: each other
    /// seat's hand, reserve and face-down cards in columns are shuffled
    /// among those places (sizes and faces kept), `seat`'s own reserve is
    /// shuffled, and the future chance is reseeded. Cards an ability in
    /// progress names stay.
    ///
    /// Each shuffle starts from the cards in order of their number, so the
    /// copy depends on what `seat` sees and on `rng` only, not on where the
    /// hidden cards really are (else the search, which starts from such
    /// copies, would decide by them).
    pub fn redrawn(&self, seat: usize, rng: &mut AgentRng) -> State {
        let mut s = self.clone();
        s.table.redraw_hidden(&*self.rules, seat, rng);
        s.rng = seed::rng(rng.random());
        s
    }

    /// A hash of everything: phase, seats, zones in order, columns, flags,
    /// objectives, abilities in progress, the number of events.
    pub fn digest(&self) -> String {
        let mut t = format!(
            "{:?}|{}|{}|{}|{}|",
            self.phase, self.round, self.turn, self.chooser, self.placements
        );
        let table = &self.table;
        for p in 0..self.rules.players {
            t += &format!(
                "{:?}{:?}{:?}|",
                table.hands[p], table.reserves[p], table.discards[p]
            );
        }
        t += &format!(
            "{:?}|{:?}|{:?}|{:?}|{}",
            table.columns,
            &table.flags[..],
            self.won,
            table.frames,
            self.events().len()
        );
        format!("{:016x}", crate::load::fnv1a(t.as_bytes()))
    }
}

impl Agents for DeCape {
    type Weights = Weights;
    type Greedy = OnePly<DeCape>;

    fn weights_in(dir: &GameDir) -> Result<Weights, Diagnostic> {
        if !dir.has_file("agents/greedy.ron") {
            return Ok(Weights::default());
        }
        dir.read("agents/greedy.ron")?.parse()
    }

    fn weights_from_file(path: &Path) -> Result<Weights, Diagnostic> {
        SourceFile::read(path)?.parse()
    }

    fn greedy_agent(w: &Weights, seed: u64) -> OnePly<DeCape> {
        OnePly::new(w, seed)
    }

    fn evaluate(w: &Weights, s: &State, seat: usize) -> f64 {
        s.evaluation(w, seat)
    }

    fn determinize(s: &State, seat: usize, rng: &mut AgentRng) -> State {
        s.redrawn(seat, rng)
    }

    fn search_root(s: &State) -> State {
        let mut t = s.clone();
        t.table.log = None;
        t
    }

    fn move_key(m: Move) -> u64 {
        match m {
            Move::Place { card, column } => u64::from(card) << 8 | u64::from(column),
            Move::Column(c) => 1 << 20 | u64::from(c),
            Move::Card(c) => 2 << 20 | u64::from(c),
            Move::Decline => 3 << 20,
            Move::Pass => 4 << 20,
        }
    }
}

impl crate::soak::Soaked for State {
    fn check_invariants(&self) -> Result<(), String> {
        State::check_invariants(self)
    }
    fn redraw_hidden(&self, seat: usize, rng: &mut AgentRng) -> State {
        self.redrawn(seat, rng)
    }
    fn digest(&self) -> String {
        State::digest(self)
    }
}
