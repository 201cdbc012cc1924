//! Caesar & Cleopatra (Kosmos 1997): the game module. Everything that knows
//! this game's notions (patricians, Philosophers, votes, orgies) lives here;
//! the numbers and names come from `rules/caesar_cleopatra/`.

pub mod agents;
pub mod compile;
mod design;
mod effect;
pub mod events;
pub mod fuzzing;
mod kernel;
mod measures;
pub mod model;
pub mod moves;
pub mod position;
mod raw;
pub mod reference;
mod resample;
pub mod scenario;
pub mod screen;
pub mod state;
pub mod text;
pub mod variant;
pub mod vote;

pub use events::{EndReason, Event};
pub use model::{Rules, load};
pub use moves::{Move, Reserve, Target};
pub use position::Position;
pub use state::{Phase, State};

use std::sync::Arc;

use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::{Actor, Game, GameState, Loaded, Scored, Selection};
use crate::load::GameDir;

/// Caesar & Cleopatra as the generic layers see it (`crate::games`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaesarCleopatra;

impl Game for CaesarCleopatra {
    const MODULE: &'static str = "caesar_cleopatra";
    type Rules = Rules;
    type State = State;

    fn load(dir: &GameDir, sel: &Selection) -> Result<Loaded<Rules>, Diagnostics> {
        let rs = variant::load(dir, sel)?;
        let seats = rs.rules.factions.len();
        if let Some(n) = sel.players.filter(|&n| n != seats) {
            return Err(Diagnostic::whole(
                dir.file_path("factions.ron"),
                format!("{} is played by {seats} players, not {n}", rs.rules.name),
            )
            .with_hint(format!("leave out --players, or give --players {seats}"))
            .into());
        }
        Ok(Loaded {
            fingerprint: rs.fingerprint(),
            settings: rs
                .settings
                .iter()
                .map(|(k, v, _)| (k.clone(), v.clone()))
                .collect(),
            lang: rs.lang.clone(),
            rules: Arc::new(rs.rules),
        })
    }

    fn new_state(rules: &Arc<Rules>, seed: u64, log: bool) -> State {
        State::with_log(rules.clone(), seed, log)
    }

    fn seats(rules: &Rules) -> usize {
        rules.factions.len()
    }

    fn in_setup(s: &State) -> bool {
        matches!(s.phase(), Phase::ArrangeActions | Phase::SetupPlace)
    }
}

impl GameState for State {
    type Move = Move;

    fn num_players(&self) -> usize {
        2
    }

    fn current_actor(&self) -> Actor {
        if self.phase() == Phase::GameOver {
            Actor::Terminal
        } else {
            Actor::Player(self.actor())
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }

    fn random_legal(
        &self,
        rng: &mut crate::engine::seed::AgentRng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        State::random_legal(self, rng, buf)
    }

    fn apply_legal(&mut self, m: Move) {
        self.apply_move(m)
    }

    fn returns(&self) -> Vec<f64> {
        let over = self.phase() == Phase::GameOver;
        let leaders = self.leader().map_or(vec![0, 1], |p| vec![p]);
        crate::engine::returns_of(2, over, &leaders)
    }

    fn move_to_string(&self, m: Move) -> String {
        text::move_text(self.rules(), self.actor(), m)
    }

    fn observation_string(&self, player: usize) -> String {
        text::view_text(self, player)
    }

    fn turns(&self) -> u32 {
        self.turn_number()
    }
}

impl Scored for State {
    fn scores(&self) -> Vec<i32> {
        self.score().iter().map(|&s| s as i32).collect()
    }
    fn end_reason(&self) -> Option<&'static str> {
        self.end_reason_of().map(EndReason::label)
    }
    fn winner(&self) -> Option<usize> {
        if self.phase() == Phase::GameOver {
            self.leader()
        } else {
            None
        }
    }
    fn seat_ids(&self) -> Vec<String> {
        self.rules().factions.iter().map(|f| f.id.clone()).collect()
    }
}

impl State {
    /// A hash (FNV-1a, 64 bits) of everything on and off the table: phase,
    /// seats, zones (hands, reserves in order, discards, missions), groups,
    /// the vote cards in order, effects in progress, and the number of
    /// events. Saves record it, so it must not change between versions.
    pub fn digest(&self) -> String {
        use std::fmt::Write as _;
        let s = self;
        let mut t = String::new();
        let _ = write!(t, "{:?}|{}|{}|", s.phase(), s.seat(), s.turn_number());
        for p in 0..2 {
            let _ = write!(t, "{:?}|", s.zones(p));
        }
        for g in 0..s.rules().groups.len() {
            let _ = write!(t, "{:?}|", s.group(g));
        }
        let _ = write!(
            t,
            "{:?}|{:?}|{:?}|{:?}|{}",
            s.vote_pile,
            s.vote_discard(),
            s.vote_removed(),
            s.frames,
            s.events().len()
        );
        format!("{:016x}", crate::load::fnv1a(t.as_bytes()))
    }
}

impl crate::soak::Soaked for State {
    fn check_invariants(&self) -> Result<(), String> {
        State::check_invariants(self)
    }
    fn redraw_hidden(&self, seat: usize, rng: &mut crate::engine::seed::AgentRng) -> State {
        self.resample(seat, rng)
    }
    fn digest(&self) -> String {
        State::digest(self)
    }
}
