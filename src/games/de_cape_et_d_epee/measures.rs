//! What the designer's report measures of a game of de Cape & d'Épée
//! beyond the generic outcome, scores and length (`sim::Simulated`), and
//! how it shows them (`report::Reported`): the objectives each seat wins,
//! the objectives nobody wins, and how often the six-domain count beats
//! the plain sum (003: "Il y a deux possibilités").

use serde_json::{Map, Value};

use arrayvec::ArrayVec;

use super::{DeCape, Phase, Rules, State};
use crate::engine::{MAX_SEATS, Scored};
use crate::report::{Measure, Reported, tally};
use crate::sim::tally::{Counts, Sums, Tallied, Tally};
use crate::sim::{Meta, Outcome, Simulated, Summary};

const OBJECTIVES: &str = "Objectives";

/// This game's counts of one finished game, in the order of `TALLIES`.
const WON: usize = 0;
const UNCLAIMED: usize = 1;
const SIX_DOMAINS: usize = 2;
type Record = Counts<3>;

impl Tallied for DeCape {
    const SECTION: &'static str = OBJECTIVES;
    const TALLIES: &'static [Tally] = &[
        Tally::seat("objectives", "objectives won by {seat} per game")
            .chart("Objectives won per game", "objectives"),
        Tally::game("unclaimed", "objectives nobody won per game")
            .chart("Objectives nobody won", "per game"),
        Tally::flag("six_domains", "{seat}'s six domains beat the sum"),
    ];
}

impl Simulated for DeCape {
    type Sums = Sums<DeCape>;
    type Record = Record;

    /// Objectives won per seat, whether the six-domain count beat the sum
    /// per seat, and the objectives in play that nobody won.
    fn record(s: &State) -> (Outcome, Record) {
        let r = s.rules();
        let mut rec = Record::new(r.players);
        let tallies = s.tallies();
        let points: ArrayVec<i32, MAX_SEATS> =
            (0..r.players).map(|p| tallies[p].points(r)).collect();
        let mut total = 0usize;
        for p in 0..r.players {
            let n = tallies[p].n as usize;
            total += n;
            rec.values[WON][p] = n as i64;
            rec.values[SIX_DOMAINS][p] = i64::from(points[p] > tallies[p].sum);
        }
        let in_play = (s.round().min(r.rounds)) * r.columns;
        rec.values[UNCLAIMED][0] = in_play.saturating_sub(total) as i64;
        let outcome = Outcome {
            winner: (s.phase() == Phase::Over)
                .then(|| s.leader_of(&tallies))
                .flatten(),
            first: 0,
            scores: points.iter().map(|&x| i64::from(x)).collect(),
            turns: s.placements(),
            end: Scored::end_reason(s).unwrap_or("unfinished"),
            decisive_turn: None,
        };
        (outcome, rec)
    }

    fn add(t: &mut Self::Sums, r: &Record) {
        t.add(r)
    }

    fn merge(t: &mut Self::Sums, o: &Self::Sums) {
        t.merge(o)
    }

    fn meta(rules: &Rules) -> Meta {
        let seats = &rules.colours[..rules.players];
        Meta {
            game: rules.name.clone(),
            seats: seats.iter().map(|c| c.0.clone()).collect(),
            seat_names: seats.iter().map(|c| c.1.clone()).collect(),
            first_player: 0,
            ..Meta::default()
        }
    }
}

impl Reported for DeCape {
    const SECTIONS: &'static [&'static str] = &[OBJECTIVES];
    const KEY_FIGURES: &'static [(&'static str, &'static str)] =
        &[("unclaimed", "objectives nobody won per game")];
    const COMPARED: &'static [(&'static str, &'static str)] =
        &[("unclaimed", "objectives nobody won per game")];

    fn measures(s: &Summary<Self::Sums>, push: &mut dyn FnMut(Measure)) {
        tally::measures(s, push)
    }

    fn json(s: &Summary<Self::Sums>, _: &mut Map<String, Value>, hists: &mut Map<String, Value>) {
        tally::json(s, hists)
    }

    fn csv_header(meta: &Meta, cols: &mut Vec<String>) {
        tally::csv_header::<DeCape>(meta, cols)
    }

    fn csv_row(meta: &Meta, r: &Record, cols: &mut Vec<String>) {
        tally::csv_row::<DeCape, 3>(meta, r, cols)
    }

    fn html(r: &Value, prefix: &[&str]) -> String {
        tally::html::<DeCape>(r, prefix)
    }
}
