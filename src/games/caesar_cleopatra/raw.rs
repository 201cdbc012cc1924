//! The rule files as written: one struct per file, unknown fields refused.
//! Nothing here is checked beyond syntax; `model::validate` does the rest.

use serde::Deserialize;

use crate::load::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub influence: Vec<InfluenceType>,
    pub actions: Vec<ActionType>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceType {
    pub id: Spanned<String>,
    pub value: Spanned<u32>,
    #[serde(default)]
    pub inverts_vote: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionType {
    pub id: Spanned<String>,
    /// The card's effect, in the effect language (docs/effects.md).
    #[serde(default)]
    pub effect: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionsFile {
    pub factions: Vec<Faction>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub id: Spanned<String>,
    pub name: String,
    pub influence_total: Spanned<u32>,
    pub action_total: Spanned<u32>,
    pub cards: Vec<DeckEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: Spanned<String>,
    pub count: Spanned<u32>,
    pub name: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumFile {
    pub patricians: Patricians,
    pub vote_deck: VoteDeck,
    pub missions: Missions,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Patricians {
    pub total: Spanned<u32>,
    pub groups: Vec<GroupDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    pub id: Spanned<String>,
    pub name: String,
    pub size: Spanned<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteDeck {
    pub total: Spanned<u32>,
    pub cards: Vec<VoteCard>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteCard {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default = "one")]
    pub count: Spanned<u32>,
    pub effect: Spanned<VoteEffect>,
}

#[derive(Debug, Clone, Deserialize)]
pub enum VoteEffect {
    Vote(String),
    Orgy,
    OrgyReshuffle,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Missions {
    pub total: Spanned<u32>,
    pub per_player: Spanned<u32>,
    pub cards: Vec<Mission>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: Spanned<String>,
    pub name: String,
    pub group: Spanned<String>,
    pub at_least: Spanned<u32>,
    #[serde(default = "one")]
    pub count: Spanned<u32>,
}

fn one() -> Spanned<u32> {
    Spanned::detached(1)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    pub set_aside: Vec<CardCount>,
    pub placed_per_group: Spanned<u32>,
    pub action_reserve: ActionReserve,
    pub first_player: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    pub card: Spanned<String>,
    pub count: Spanned<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ActionReserve {
    /// Each player puts his action cards in the order he likes.
    Chosen,
    /// Beginners: the action reserve is shuffled.
    Shuffled,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    pub per_side: Spanned<u32>,
    pub per_group: Spanned<u32>,
    pub hand_size: Spanned<u32>,
    pub extraordinary_vote_at: Spanned<u32>,
    pub turn_cap: Spanned<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnFile {
    pub placements: Vec<Spanned<Placement>>,
    pub action_timing: ActionTiming,
    pub actions_per_turn: u32,
    pub extraordinary_vote: ExtraordinaryVote,
    pub exhausted_vote_card: ExhaustedVoteCard,
    pub reshuffle: Reshuffle,
    pub lone_philosopher: LonePhilosopher,
    pub lone_player: LonePlayer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub cards: u32,
    pub face: Face,
}

/// Which way up an influence card lies at a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Face {
    Down,
    Up,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ActionTiming {
    AnyTime,
    BeforeRefill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ExtraordinaryVote {
    AfterRefill,
    BeforeRefill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ExhaustedVoteCard {
    RemoveWhenDrawn,
    RemoveAtOnce,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Reshuffle {
    /// Draw pile and discard pile together.
    DrawAndDiscard,
    /// Only the discarded vote cards are shuffled; they go beneath the cards
    /// still in the draw pile.
    DiscardOnly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum LonePhilosopher {
    Postponed,
    PlacerWins,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LonePlayer {
    pub draws: bool,
    pub vote_cards: bool,
    pub place_all_at_once: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringFile {
    pub per_patrician: u32,
    pub majority_bonus: u32,
    pub whole_group_bonus: u32,
    pub mission_bonus: u32,
    pub tie_break: TieBreak,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum TieBreak {
    MostPatricians,
    None,
}
