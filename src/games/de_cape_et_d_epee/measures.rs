//! What the designer's report measures of a game of de Cape & d'Épée
//! beyond the generic outcome, scores and length (`sim::Simulated`), and
//! how it shows them (`report::Reported`): the objectives each seat wins,
//! the objectives nobody wins, and how often the six-domain count beats
//! the plain sum (003: "Il y a deux possibilités").

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use arrayvec::ArrayVec;

use super::{DeCape, Phase, Rules, State};
use crate::engine::{MAX_SEATS, Scored};
use crate::report::html::{Spot, bars_at, hist_at, measure_spot, strs};
use crate::report::json::hist_json;
use crate::report::measures::{Stat, measure};
use crate::report::{Measure, Reported};
use crate::sim::{Hist, Meta, Outcome, Simulated, Summary};

const OBJECTIVES: &str = "Objectives";

/// This game's measures of one finished game.
#[derive(Debug, Clone, Default)]
pub struct Record {
    /// The number of seats.
    pub seats: u8,
    /// Objectives won, per seat.
    pub won: [u8; MAX_SEATS],
    /// Whether the six-domain count gave the seat more than the sum.
    pub six_domains: [bool; MAX_SEATS],
    /// Objectives in play that nobody won.
    pub unclaimed: u8,
}

/// This game's sums over games.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sums {
    /// Objectives won per game, per seat.
    pub objectives: Vec<Hist>,
    /// Games in which the six-domain count scored more, per seat.
    pub six_domains: Vec<u64>,
    /// Objectives nobody won, per game.
    pub unclaimed: Hist,
}

impl Simulated for DeCape {
    type Sums = Sums;
    type Record = Record;

    fn record(s: &State) -> (Outcome, Record) {
        let r = s.rules();
        let mut rec = Record {
            seats: r.players as u8,
            ..Record::default()
        };
        let tallies = s.tallies();
        let points: ArrayVec<i32, MAX_SEATS> =
            (0..r.players).map(|p| tallies[p].points(r)).collect();
        let mut total = 0usize;
        for p in 0..r.players {
            let n = tallies[p].n as usize;
            total += n;
            rec.won[p] = n as u8;
            rec.six_domains[p] = points[p] > tallies[p].sum;
        }
        let in_play = (s.round().min(r.rounds)) * r.columns;
        rec.unclaimed = in_play.saturating_sub(total) as u8;
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

    fn add(t: &mut Sums, r: &Record) {
        let seats = usize::from(r.seats);
        if t.objectives.len() < seats {
            t.objectives.resize(seats, Hist::default());
            t.six_domains.resize(seats, 0);
        }
        for (p, h) in t.objectives.iter_mut().enumerate() {
            h.add(i64::from(r.won[p]));
            t.six_domains[p] += u64::from(r.six_domains[p]);
        }
        t.unclaimed.add(i64::from(r.unclaimed));
    }

    fn merge(t: &mut Sums, o: &Sums) {
        if t.objectives.len() < o.objectives.len() {
            t.objectives.resize(o.objectives.len(), Hist::default());
            t.six_domains.resize(o.objectives.len(), 0);
        }
        for (a, b) in t.objectives.iter_mut().zip(&o.objectives) {
            a.merge(b);
        }
        for (a, b) in t.six_domains.iter_mut().zip(&o.six_domains) {
            *a += b;
        }
        t.unclaimed.merge(&o.unclaimed);
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

    fn measures(s: &Summary<Sums>, push: &mut dyn FnMut(Measure)) {
        let (t, m) = (&s.totals, &s.meta);
        for (p, h) in t.game.objectives.iter().enumerate() {
            push(measure(
                format!("objectives_{}", m.seat_id(p)),
                format!("objectives won by {} per game", m.seat_name(p)),
                OBJECTIVES,
                Stat::mean_of(h),
            ));
        }
        push(measure(
            "unclaimed",
            "objectives nobody won per game",
            OBJECTIVES,
            Stat::mean_of(&t.game.unclaimed),
        ));
        for (p, &k) in t.game.six_domains.iter().enumerate() {
            push(measure(
                format!("six_domains_{}", m.seat_id(p)),
                format!("{}'s six domains beat the sum", m.seat_name(p)),
                OBJECTIVES,
                Stat::Rate { k, n: t.games },
            ));
        }
    }

    fn json(s: &Summary<Sums>, _out: &mut Map<String, Value>, hists: &mut Map<String, Value>) {
        let (t, m) = (&s.totals, &s.meta);
        for (p, h) in t.game.objectives.iter().enumerate() {
            hists.insert(format!("objectives_{}", m.seat_id(p)), hist_json(h));
        }
        hists.insert("unclaimed".into(), hist_json(&t.game.unclaimed));
    }

    fn csv_header(meta: &Meta, cols: &mut Vec<String>) {
        for s in &meta.seats {
            cols.push(format!("objectives_{s}"));
            cols.push(format!("six_domains_{s}"));
        }
        cols.push("unclaimed".into());
    }

    fn csv_row(meta: &Meta, r: &Record, cols: &mut Vec<String>) {
        for p in 0..meta.seats.len() {
            cols.push(r.won[p].to_string());
            cols.push(u8::from(r.six_domains[p]).to_string());
        }
        cols.push(r.unclaimed.to_string());
    }

    fn html(r: &Value, prefix: &[&str]) -> String {
        let run = &r["run"];
        let seats = strs(&run["seats"]);
        let names = strs(&run["seat_names"]);
        let spots: Vec<Spot> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let name = names.get(i).unwrap_or(s);
                measure_spot(prefix, &format!("objectives_{s}"), name, 0)
            })
            .collect();
        let mut o = String::from("<div class=\"grid\">");
        o += &bars_at(
            r,
            prefix,
            "objectives",
            "Objectives won per game",
            "means with 95% intervals",
            "objectives",
            false,
            vec![],
            spots,
            500.0,
        );
        o += &hist_at(
            r,
            prefix,
            &["histograms", "unclaimed"],
            "unclaimed",
            "Objectives nobody won",
            "per game",
            "",
            500.0,
        );
        o += "</div>";
        o
    }
}
