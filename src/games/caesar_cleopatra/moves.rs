//! The decisions a player takes, one per choice point.

use super::model::{Face, Kind};

/// Which of his two reserves a player draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reserve {
    Influence,
    Action,
}

/// One decision at one choice point. Every client (CLI, agents, tests,
/// scenarios) drives the game with these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Setup: put a card of this kind next in the action reserve (top first).
    ArrangeAction(Kind),
    /// Setup: place a set-aside card of this kind face down at the next group.
    SetupPlace(Kind),
    /// Stay passive this turn.
    Pass,
    /// Place an influence card from the hand at a group.
    Place { kind: Kind, group: u8, face: Face },
    /// Stop after one card where a second one is optional.
    EndPlacement,
    /// Play an action card from the hand.
    PlayAction(Kind),
    /// Passive turn: discard a card of this kind from the hand.
    Discard(Kind),
    /// Passive turn: stop discarding.
    EndDiscard,
    /// Draw one card to refill the hand.
    Draw(Reserve),
    /// End the active turn by turning up the next vote card.
    DrawVote,
}
