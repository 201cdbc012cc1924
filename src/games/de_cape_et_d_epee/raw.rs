//! The rule files of `rules/de_cape_et_d_epee/` as written: one struct per
//! file, unknown fields refused, nothing checked beyond syntax (`model.rs`
//! checks the rest; the kinds, colours and steps are the engine's
//! `columns::cards::raw`). Every number is read as any number (`f64`: whole or
//! with a fraction, the Assassin's 9.5), so that the validator refuses it
//! with its range and its place; a field with one
//! reading the module plays is an enum of that one value, so that another
//! value is refused by name.

// Fields of one reading (`reserve: ShuffledDeck`, ...) and the designer's
// texts (`passage`, `why`, `ability`) are read only to be checked: serde
// refuses any other value.
#![allow(dead_code)]

use serde::Deserialize;

pub use crate::effects::columns::cards::raw::{EndStep, Named};
use crate::load::Spanned;

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
    pub min_players: Spanned<f64>,
    pub max_players: Spanned<f64>,
    pub default_players: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectivesFile {
    pub domains: Vec<Named>,
    pub values_per_domain: Vec<Spanned<f64>>,
    pub total: Spanned<f64>,
}

#[derive(Deserialize)]
pub enum FirstPlayer {
    Seat(Spanned<f64>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    pub reserve: ShuffledDeck,
    pub hand_size: Spanned<f64>,
    pub objectives_per_player: Spanned<f64>,
    pub remove_objective_values: Vec<Removal>,
    pub unused_objectives: Boxed,
    pub first_player: FirstPlayer,
    pub by_players: Vec<ByPlayers>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removal {
    pub players: Spanned<f64>,
    pub values: Vec<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByPlayers {
    pub players: Spanned<f64>,
    pub columns: Spanned<f64>,
    pub objectives: Spanned<f64>,
    pub pool: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub cards: Spanned<f64>,
    pub face: Down,
    pub at: Bottom,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundFile {
    pub rounds: Spanned<f64>,
    pub objectives_per_round: PerPlayer,
    pub place: Place,
    pub reveal_above: bool,
    pub draw_after_place: Spanned<f64>,
    pub reshuffle: Reshuffle,
    pub nobody_can_place: NobodyCanPlace,
    pub next_player: Clockwise,
    pub realized_when: RealizedWhen,
    pub end_reveal: EndReveal,
    pub end_steps: Vec<EndStep>,
    pub after_award: AfterAward,
    pub next_round_starts: NextRound,
    pub placement_cap: Spanned<f64>,
    pub column_capacity: Spanned<f64>,
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
    MostOfValue(Spanned<f64>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SixDomains {
    pub needs_every_domain: bool,
    pub multiplier: Spanned<f64>,
    pub per_extra_card: Spanned<f64>,
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
