//! The boundary between the generic layers (simulation, reports, the
//! terminal player, agents, the CLI) and a game module.
//!
//! A game module implements [`Game`] on a marker type: it loads and
//! validates its rules directory (every problem a diagnostic), and deals a
//! new state from a seed. The generic layers each ask a little more of a
//! game through a trait of their own that extends `Game` (its report
//! measures, its screen and typed moves, its agents' heuristics and
//! determinization); `crate::games` lists the games and picks one by the
//! module name that `game.ron` gives.
//!
//! **Architecture invariant:** nothing here names a card, a group, a seat
//! or any other notion of a particular game; a game may have 2 to 6 seats.

use std::sync::Arc;

use super::Scored;
use crate::diag::Diagnostics;
use crate::load::GameDir;

/// The most seats any game may have: the generic layers size their
/// per-seat tables by it.
pub const MAX_SEATS: usize = 6;

pub use crate::load::overlay::{BASE_VARIANT, Selection};

/// A rule set loaded for play, and what reports and saves say of it.
#[derive(Debug, Clone)]
pub struct Loaded<R> {
    pub rules: Arc<R>,
    /// Every rule in force as `key = value` text, in the game's order.
    pub settings: Vec<(String, String)>,
    /// A hash of `settings`, stable across builds (saves record it).
    pub fingerprint: String,
    /// The language of the variant's rulebook, if it says.
    pub lang: Option<String>,
}

impl<R> Loaded<R> {
    /// `rules` with their settings and the fingerprint of the settings.
    pub fn new(rules: R, settings: Vec<(String, String)>, lang: Option<String>) -> Loaded<R> {
        let pairs = settings.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        Loaded {
            fingerprint: fingerprint(pairs),
            settings,
            lang,
            rules: Arc::new(rules),
        }
    }
}

/// A hash of the rules in force, one `key=value` line each (not of the
/// files' comments or layout), stable across builds: a save records it,
/// so that a change to the rules since is noticed.
pub fn fingerprint<'a>(settings: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut text = String::new();
    for (k, v) in settings {
        text.push_str(k);
        text.push('=');
        text.push_str(v);
        text.push('\n');
    }
    format!("{:016x}", crate::load::fnv1a(text.as_bytes()))
}

/// A game module, as the generic layers see it.
pub trait Game: Sized + Send + Sync + 'static {
    /// The module name that a rules directory's `game.ron` gives
    /// (`game: "..."`), by which `crate::games` finds this module.
    const MODULE: &'static str;
    /// The checked rules, shared by every state of a run.
    type Rules: Send + Sync + 'static;
    /// A game in progress.
    type State: Scored + Sync + 'static;

    /// Loads the rules of `dir` with the overlays `sel` names. Every
    /// problem is a diagnostic with its file, line and column.
    fn load(dir: &GameDir, sel: &Selection) -> Result<Loaded<Self::Rules>, Diagnostics>;

    /// A new game dealt from `seed`; `log` keeps its event log (for text
    /// and screens), which random playouts leave off.
    fn new_state(rules: &Arc<Self::Rules>, seed: u64, log: bool) -> Self::State;

    /// The number of seats these rules are played with.
    fn seats(rules: &Self::Rules) -> usize;

    /// Every number of seats the rules provide for (`Selection::players`),
    /// these rules' own number among them. Only that one by default.
    fn player_counts(rules: &Self::Rules) -> std::ops::RangeInclusive<usize> {
        Self::seats(rules)..=Self::seats(rules)
    }

    /// Whether `s` is still in the game's setup, before its first turn
    /// (a rollout that starts there stops where the setup ends; the first
    /// turn shows the board anew). None by default.
    fn in_setup(_s: &Self::State) -> bool {
        false
    }
}
