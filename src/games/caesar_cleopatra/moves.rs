//! The decisions a player takes, one per choice point.

use super::model::{Face, Kind};

/// Which of his two reserves a player draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reserve {
    Influence,
    Action,
}

/// Something an effect lets a player pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A patrician group.
    Group(u8),
    /// Influence cards of one kind and face, of one player, at one group.
    TableCard {
        owner: u8,
        group: u8,
        kind: Kind,
        face: Face,
    },
    /// A card of one kind in a player's hand.
    HandCard { owner: u8, kind: Kind },
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
    /// Play an action card from the hand (in one's turn, or as a reaction
    /// to the opponent's card).
    PlayAction(Kind),
    /// Pick a target for the effect being resolved (also: the group for the
    /// next card an effect places).
    Choose(Target),
    /// Let a reaction window pass, or skip an optional draw.
    Decline,
    /// Passive turn: discard a card of this kind from the hand.
    Discard(Kind),
    /// Passive turn: stop discarding.
    EndDiscard,
    /// Draw one card to refill the hand.
    Draw(Reserve),
    /// End the active turn by turning up the next vote card.
    DrawVote,
}
