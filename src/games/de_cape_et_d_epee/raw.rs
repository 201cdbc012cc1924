//! The rule files of `rules/de_cape_et_d_epee/` as written: one struct per
//! file, unknown fields refused, nothing checked beyond syntax (`model.rs`
//! checks the rest). Every number is read as any number (`Num`), so that
//! the validator refuses it with its range and its place; a field with one
//! reading the module plays is an enum of that one value, so that another
//! value is refused by name.

// Fields of one reading (`reserve: ShuffledDeck`, ...) and the designer's
// texts (`passage`, `why`, `ability`) are read only to be checked: serde
// refuses any other value.
#![allow(dead_code)]

use std::fmt;

use serde::Deserialize;
use serde::de::Deserializer;

use crate::load::Spanned;

/// A number as written: whole or with a fraction (the Assassin's 9.5).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Num(pub f64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Num;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Num, E> {
                Ok(Num(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Enums of the one value the module plays (`reserve: ShuffledDeck`):
/// another value is refused by name.
macro_rules! one_value {
    ($($name:ident($value:ident)),* $(,)?) => {$(
        #[derive(Deserialize)]
        pub enum $name {
            $value,
        }
    )*};
}

one_value!(
    ShuffledDeck(ShuffledDeck),
    Boxed(Box),
    PerPlayer(PerPlayer),
    Down(Down),
    Bottom(Bottom),
    Reshuffle(DiscardWhenReserveEmpty),
    NobodyCanPlace(EndRound),
    Clockwise(Clockwise),
    RealizedWhen(CardsAtLeastValueOrSealed),
    EndReveal(ValueOnly),
    AfterAward(ToOwnersDiscard),
    NextRound(LeftOfRoundEnder),
    HighestTotal(HighestTotal),
    NearestCard(NearestCard),
    NearestOfPair(NearestOfPair),
    LowestTotal(LowestTotal),
    FarthestCard(FarthestCard),
    Once(Once),
    HighestPerDomain(HighestPerDomain),
    MostPoints(MostPoints),
    Shared(Shared),
);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub source: String,
    pub min_players: Spanned<Num>,
    pub max_players: Spanned<Num>,
    pub default_players: Spanned<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub kinds: Vec<Kind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kind {
    pub id: Spanned<String>,
    pub name: String,
    pub value: Spanned<Num>,
    #[serde(default)]
    pub domain: Option<Spanned<String>>,
    #[serde(default)]
    pub domain_value: Option<Spanned<Num>>,
    #[serde(default)]
    pub valueless: bool,
    #[serde(default)]
    pub ability: Option<String>,
    #[serde(default)]
    pub effect: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColoursFile {
    pub deck: Vec<DeckEntry>,
    pub deck_total: Spanned<Num>,
    pub colours: Vec<Named>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: Spanned<String>,
    pub count: Spanned<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    pub id: Spanned<String>,
    pub name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectivesFile {
    pub domains: Vec<Named>,
    pub values_per_domain: Vec<Spanned<Num>>,
    pub total: Spanned<Num>,
}

#[derive(Deserialize)]
pub enum FirstPlayer {
    Seat(Spanned<Num>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    pub reserve: ShuffledDeck,
    pub hand_size: Spanned<Num>,
    pub objectives_per_player: Spanned<Num>,
    pub remove_objective_values: Vec<Removal>,
    pub unused_objectives: Boxed,
    pub first_player: FirstPlayer,
    pub by_players: Vec<ByPlayers>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removal {
    pub players: Spanned<Num>,
    pub values: Vec<Spanned<Num>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByPlayers {
    pub players: Spanned<Num>,
    pub columns: Spanned<Num>,
    pub objectives: Spanned<Num>,
    pub pool: Spanned<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub cards: Spanned<Num>,
    pub face: Down,
    pub at: Bottom,
}

/// The order in which a step's cards act, top (nearest the objective)
/// first or bottom first.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    #[default]
    TopDown,
    BottomUp,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndStep {
    pub step: Spanned<Num>,
    pub kinds: Vec<Spanned<String>>,
    #[serde(default)]
    pub order: Order,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundFile {
    pub rounds: Spanned<Num>,
    pub objectives_per_round: PerPlayer,
    pub place: Place,
    pub reveal_above: bool,
    pub draw_after_place: Spanned<Num>,
    pub reshuffle: Reshuffle,
    pub nobody_can_place: NobodyCanPlace,
    pub next_player: Clockwise,
    pub realized_when: RealizedWhen,
    pub end_reveal: EndReveal,
    pub end_steps: Vec<EndStep>,
    pub after_award: AfterAward,
    pub next_round_starts: NextRound,
    pub placement_cap: Spanned<Num>,
    pub column_capacity: Spanned<Num>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beggar {
    pub winner: LowestTotal,
    pub tie: FarthestCard,
    pub several: Once,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardFile {
    pub winner: HighestTotal,
    pub tie: NearestCard,
    pub claim_tie: NearestOfPair,
    pub beggar: Beggar,
}

#[derive(Deserialize)]
pub enum TieBreak {
    MostOfValue(Spanned<Num>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SixDomains {
    pub needs_every_domain: bool,
    pub multiplier: Spanned<Num>,
    pub per_extra_card: Spanned<Num>,
    pub pick: HighestPerDomain,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringFile {
    pub sum_of_objectives: bool,
    pub six_domains: SixDomains,
    pub winner: MostPoints,
    pub tie_breaks: Vec<TieBreak>,
    pub final_tie: Shared,
}
