//! The rule files as written: one struct per file, unknown fields refused.
//! Nothing here is checked beyond syntax; `model::validate` does the rest.
//!
//! Every number is a [`Number`] with its place (`Spanned`): any whole number
//! is read, so that the validator checks it against its range
//! (`model::NUMBERS`) before anything is sized by it, and quotes it as
//! written.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::load::Spanned;

/// A whole number as written in a rule file: negative and huge ones are read
/// too (beyond `i64`, saturated), for the validator to refuse with their
/// range rather than the parser with "out of bounds".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Number(pub i64);

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.0)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Whole;
        impl serde::de::Visitor<'_> for Whole {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(Number(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_i128<E>(self, v: i128) -> Result<Number, E> {
                Ok(Number(v.clamp(i64::MIN.into(), i64::MAX.into()) as i64))
            }
            fn visit_u128<E>(self, v: u128) -> Result<Number, E> {
                Ok(Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            // ron reads an integer literal beyond 64 bits as a float.
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Number, E> {
                if v.fract() == 0.0 {
                    // `as` saturates.
                    Ok(Number(v as i64))
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Float(v), &self))
                }
            }
        }
        d.deserialize_any(Whole)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub influence: Vec<InfluenceType>,
    pub actions: Vec<ActionType>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceType {
    pub id: Spanned<String>,
    pub value: Spanned<Number>,
    #[serde(default)]
    pub inverts_vote: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ActionType {
    pub id: Spanned<String>,
    /// The card's effect, in the effect language (docs/effects.md).
    #[serde(default)]
    pub effect: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FactionsFile {
    pub factions: Vec<Faction>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub id: Spanned<String>,
    pub name: String,
    pub influence_total: Spanned<Number>,
    pub action_total: Spanned<Number>,
    pub cards: Vec<DeckEntry>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: Spanned<String>,
    pub count: Spanned<Number>,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ForumFile {
    pub patricians: Patricians,
    pub vote_deck: VoteDeck,
    pub missions: Missions,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Patricians {
    pub total: Spanned<Number>,
    pub groups: Vec<GroupDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    pub id: Spanned<String>,
    pub name: String,
    pub size: Spanned<Number>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VoteDeck {
    pub total: Spanned<Number>,
    pub cards: Vec<VoteCard>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VoteCard {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default = "one")]
    pub count: Spanned<Number>,
    pub effect: Spanned<VoteEffect>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub enum VoteEffect {
    Vote(String),
    Orgy,
    OrgyReshuffle,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Missions {
    pub total: Spanned<Number>,
    pub per_player: Spanned<Number>,
    pub cards: Vec<Mission>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: Spanned<String>,
    pub name: String,
    pub group: Spanned<String>,
    pub at_least: Spanned<Number>,
    #[serde(default = "one")]
    pub count: Spanned<Number>,
}

fn one() -> Spanned<Number> {
    Spanned::detached(Number(1))
}

fn zero() -> Spanned<Number> {
    Spanned::detached(Number(0))
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    pub set_aside: Vec<CardCount>,
    pub placed_per_group: Spanned<Number>,
    pub action_reserve: ActionReserve,
    pub first_player: Spanned<String>,
    /// Optional orgy variant (b): orgies (never the reshuffle one) taken out
    /// of the vote deck before the game.
    #[serde(default = "zero")]
    pub orgies_removed_before_game: Spanned<Number>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    pub card: Spanned<String>,
    pub count: Spanned<Number>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ActionReserve {
    /// Each player puts his action cards in the order he likes.
    Chosen,
    /// Beginners: the action reserve is shuffled.
    Shuffled,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    pub per_side: Spanned<Number>,
    pub per_group: Spanned<Number>,
    pub hand_size: Spanned<Number>,
    pub extraordinary_vote_at: Spanned<Number>,
    pub turn_cap: Spanned<Number>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TurnFile {
    pub placements: Vec<Spanned<Placement>>,
    pub action_timing: ActionTiming,
    pub actions_per_turn: Spanned<Number>,
    pub extraordinary_vote: ExtraordinaryVote,
    pub exhausted_vote_card: ExhaustedVoteCard,
    pub reshuffle: Reshuffle,
    pub lone_philosopher: LonePhilosopher,
    pub lone_player: LonePlayer,
    pub extraordinary_tie: ExtraordinaryTie,
    /// A player who can place no influence card may still play an action
    /// card in his turn (which is then active without a placement).
    pub action_without_placement: bool,
    /// Optional orgy variant (a): remove an orgy once two groups are gone.
    pub orgy_removal: bool,
    /// When variant (a) removes its orgy (each rulebook's timing).
    pub orgy_removal_timing: OrgyRemovalTiming,
}

/// After a tie at an extraordinary vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ExtraordinaryTie {
    /// No influence may be added to the group until a vote there is decided:
    /// only action cards can break the tie.
    Frozen,
    /// Influence may be added again whenever the group has room.
    OpenBelowLimit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum OrgyRemovalTiming {
    /// The first orgy drawn after two groups are won goes to the box (its
    /// effect still applies).
    FirstDrawnAfterTwoGroups,
    /// Only the vote card drawn right after the second group is won: if it
    /// is an orgy it goes to the box.
    NextDrawnAfterTwoGroups,
    /// As soon as the second group is won, an orgy leaves the game.
    AtSecondGroup,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub cards: Spanned<Number>,
    pub face: Face,
}

/// Which way up an influence card lies at a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Face {
    Down,
    Up,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ActionTiming {
    AnyTime,
    BeforeRefill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ExtraordinaryVote {
    AfterRefill,
    BeforeRefill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ExhaustedVoteCard {
    RemoveWhenDrawn,
    RemoveAtOnce,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Reshuffle {
    /// Draw pile and discard pile together.
    DrawAndDiscard,
    /// Only the discarded vote cards are shuffled; they go beneath the cards
    /// still in the draw pile.
    DiscardOnly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum LonePhilosopher {
    Postponed,
    PlacerWins,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LonePlayer {
    pub draws: bool,
    pub vote_cards: bool,
    pub place_all_at_once: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringFile {
    pub per_patrician: Spanned<Number>,
    pub majority_bonus: Spanned<Number>,
    pub whole_group_bonus: Spanned<Number>,
    pub mission_bonus: Spanned<Number>,
    pub tie_break: TieBreak,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum TieBreak {
    /// The player with more patricians wins.
    MostPatricians,
    /// A tie on points is a draw.
    Draw,
}

/// All the rule files of a game directory, as read (before validation).
#[derive(Debug, Clone)]
pub struct RawRules {
    pub game: GameFile,
    pub cards: CardsFile,
    pub factions: FactionsFile,
    pub forum: ForumFile,
    pub setup: SetupFile,
    pub limits: LimitsFile,
    pub turn: TurnFile,
    pub scoring: ScoringFile,
}

/// A rule value that can be shown and replaced as RON text.
pub trait Field {
    /// The value as RON text.
    fn get(&self) -> String;
    /// Replaces the value by parsing `text` (a slice of a rule or variant
    /// file: `Spanned` values keep their place in it).
    fn set(&mut self, text: &str) -> Result<(), ron::error::SpannedError>;
    /// The words the value may be written as, for a boolean or an enum
    /// (a toggle of `ludus sweep`); `None` for any other value.
    fn readings(&self) -> Option<Vec<String>>;
}

impl<T: serde::de::DeserializeOwned + Serialize> Field for T {
    fn get(&self) -> String {
        ron::ser::to_string_pretty(
            self,
            ron::ser::PrettyConfig::new()
                .new_line("\n")
                .indentor("")
                .compact_arrays(true)
                .struct_names(false),
        )
        .unwrap_or_default()
        .replace('\n', " ")
    }
    fn set(&mut self, text: &str) -> Result<(), ron::error::SpannedError> {
        *self = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)?;
        Ok(())
    }
    fn readings(&self) -> Option<Vec<String>> {
        crate::design::knobs::readings_of::<T>()
    }
}

impl RawRules {
    /// Every rule a variant or `--set` may change, by key, in a stable order.
    /// Toggles are `turn.*`, `setup.*`, `limits.*`, `scoring.*`; data keys
    /// name the entry they change (`group.censors.size`,
    /// `deck.caesar.influence_5.count`, `card.<action>.effect`, ...).
    pub fn fields(&mut self) -> Vec<(String, &mut dyn Field)> {
        let mut v: Vec<(String, &mut dyn Field)> = Vec::new();
        let t = &mut self.turn;
        v.push(("turn.placements".into(), &mut t.placements));
        v.push(("turn.action_timing".into(), &mut t.action_timing));
        v.push(("turn.actions_per_turn".into(), &mut t.actions_per_turn));
        v.push(("turn.extraordinary_vote".into(), &mut t.extraordinary_vote));
        v.push(("turn.extraordinary_tie".into(), &mut t.extraordinary_tie));
        v.push((
            "turn.action_without_placement".into(),
            &mut t.action_without_placement,
        ));
        v.push((
            "turn.exhausted_vote_card".into(),
            &mut t.exhausted_vote_card,
        ));
        v.push(("turn.reshuffle".into(), &mut t.reshuffle));
        v.push(("turn.lone_philosopher".into(), &mut t.lone_philosopher));
        v.push(("turn.lone_player".into(), &mut t.lone_player));
        v.push(("turn.orgy_removal".into(), &mut t.orgy_removal));
        v.push((
            "turn.orgy_removal_timing".into(),
            &mut t.orgy_removal_timing,
        ));
        let s = &mut self.setup;
        v.push(("setup.set_aside".into(), &mut s.set_aside));
        v.push(("setup.placed_per_group".into(), &mut s.placed_per_group));
        v.push(("setup.action_reserve".into(), &mut s.action_reserve));
        v.push(("setup.first_player".into(), &mut s.first_player));
        v.push((
            "setup.orgies_removed_before_game".into(),
            &mut s.orgies_removed_before_game,
        ));
        let l = &mut self.limits;
        v.push(("limits.per_side".into(), &mut l.per_side));
        v.push(("limits.per_group".into(), &mut l.per_group));
        v.push(("limits.hand_size".into(), &mut l.hand_size));
        v.push((
            "limits.extraordinary_vote_at".into(),
            &mut l.extraordinary_vote_at,
        ));
        v.push(("limits.turn_cap".into(), &mut l.turn_cap));
        let sc = &mut self.scoring;
        v.push(("scoring.per_patrician".into(), &mut sc.per_patrician));
        v.push(("scoring.majority_bonus".into(), &mut sc.majority_bonus));
        v.push((
            "scoring.whole_group_bonus".into(),
            &mut sc.whole_group_bonus,
        ));
        v.push(("scoring.mission_bonus".into(), &mut sc.mission_bonus));
        v.push(("scoring.tie_break".into(), &mut sc.tie_break));
        for c in &mut self.cards.influence {
            v.push((format!("card.{}.value", c.id.value), &mut c.value));
            v.push((
                format!("card.{}.inverts_vote", c.id.value),
                &mut c.inverts_vote,
            ));
        }
        for c in &mut self.cards.actions {
            v.push((format!("card.{}.effect", c.id.value), &mut c.effect));
        }
        for f in &mut self.factions.factions {
            let id = f.id.value.clone();
            v.push((format!("faction.{id}.name"), &mut f.name));
            v.push((
                format!("faction.{id}.influence_total"),
                &mut f.influence_total,
            ));
            v.push((format!("faction.{id}.action_total"), &mut f.action_total));
            for e in &mut f.cards {
                v.push((format!("deck.{id}.{}.count", e.card.value), &mut e.count));
                v.push((format!("deck.{id}.{}.name", e.card.value), &mut e.name));
            }
        }
        let p = &mut self.forum.patricians;
        v.push(("patricians.total".into(), &mut p.total));
        for g in &mut p.groups {
            v.push((format!("group.{}.size", g.id.value), &mut g.size));
            v.push((format!("group.{}.name", g.id.value), &mut g.name));
        }
        let d = &mut self.forum.vote_deck;
        v.push(("vote_deck.total".into(), &mut d.total));
        for c in &mut d.cards {
            v.push((format!("vote.{}.count", c.id.value), &mut c.count));
            v.push((format!("vote.{}.name", c.id.value), &mut c.name));
        }
        let m = &mut self.forum.missions;
        v.push(("missions.total".into(), &mut m.total));
        v.push(("missions.per_player".into(), &mut m.per_player));
        for c in &mut m.cards {
            v.push((format!("mission.{}.count", c.id.value), &mut c.count));
            v.push((format!("mission.{}.at_least", c.id.value), &mut c.at_least));
            v.push((format!("mission.{}.name", c.id.value), &mut c.name));
        }
        v
    }
}
