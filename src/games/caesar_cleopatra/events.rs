//! The event log: everything that happens, in order, with who may see it.

use super::model::{Face, Kind};
use super::moves::Reserve;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Every patrician has been won.
    AllPatricians,
    /// Neither player has influence cards left.
    NoInfluence,
    /// The lone player finished (his cards are played or he cannot place).
    LonePlayer,
    /// The safety turn cap of limits.ron was reached.
    TurnCap,
}

impl EndReason {
    pub fn label(self) -> &'static str {
        match self {
            EndReason::AllPatricians => "all_patricians",
            EndReason::NoInfluence => "no_influence",
            EndReason::LonePlayer => "lone_player",
            EndReason::TurnCap => "turn_cap",
        }
    }
}

/// The outcome of a vote, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteOutcome {
    Tie,
    Postponed,
    Won { winner: u8, inverted: bool },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    MissionDealt {
        player: u8,
        mission: u8,
    },
    ActionReserveArranged {
        player: u8,
    },
    SetupPlaced {
        player: u8,
        group: u8,
        kind: Kind,
    },
    TurnBegan {
        turn: u32,
        player: u8,
    },
    WentPassive {
        player: u8,
    },
    Placed {
        player: u8,
        group: u8,
        kind: Kind,
        face: Face,
    },
    Discarded {
        player: u8,
        kind: Kind,
    },
    Drew {
        player: u8,
        reserve: Reserve,
        kind: Kind,
    },
    VoteCardDrawn {
        card: u8,
    },
    VoteCardRemoved {
        card: u8,
    },
    VoteDeckShuffled,
    /// An orgy leaves the game (orgy variants).
    OrgyRemoved {
        card: u8,
    },
    Vote {
        group: u8,
        extraordinary: bool,
        totals: [u32; 2],
        outcome: VoteOutcome,
    },
    Revealed {
        player: u8,
        group: u8,
        kind: Kind,
    },
    InfluenceLost {
        player: u8,
        group: u8,
        kind: Kind,
    },
    PatricianWon {
        player: u8,
        group: u8,
    },
    GroupExhausted {
        group: u8,
    },
    LonePlayer {
        player: u8,
    },
    ActionPlayed {
        player: u8,
        kind: Kind,
        reaction: bool,
    },
    /// The card's effect is over (`fizzled`: it stopped for want of a target).
    ActionResolved {
        player: u8,
        kind: Kind,
        fizzled: bool,
    },
    ActionCancelled {
        player: u8,
        kind: Kind,
    },
    /// `player` looks at `owner`'s cards.
    Looked {
        player: u8,
        owner: u8,
        cards: arrayvec::ArrayVec<Kind, { super::model::MAX_HAND }>,
    },
    /// A card goes out of the game, from a group or from a hand.
    CardRemoved {
        player: u8,
        group: Option<u8>,
        kind: Kind,
    },
    /// An effect lifts a card off the table.
    Taken {
        player: u8,
        group: u8,
        kind: Kind,
        face: Face,
    },
    GameOver {
        reason: EndReason,
        scores: [i32; 2],
    },
}

impl Event {
    /// Whether `viewer` (None: a spectator who sees only public facts) may
    /// see this event's card kind.
    pub fn kind_visible_to(&self, viewer: Option<usize>) -> bool {
        let own = |p: u8| viewer == Some(p as usize);
        match *self {
            Event::MissionDealt { player, .. } => own(player),
            Event::SetupPlaced { player, .. } => own(player),
            Event::Placed { player, face, .. } => face == Face::Up || own(player),
            Event::Drew { player, .. } => own(player),
            Event::Looked { player, owner, .. } => own(player) || own(owner),
            Event::Taken { player, face, .. } => face == Face::Up || own(player),
            _ => true,
        }
    }
}
