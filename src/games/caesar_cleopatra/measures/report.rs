//! How the report shows Caesar & Cleopatra's own measures: its sections
//! and measures, JSON keys (`patricians`, `missions`, the counters'
//! histograms) and CSV columns.

use serde_json::{Map, Value, json};

use super::{C_TIES, COUNTERS, CaesarCleopatra, Record, Sums, meta_lists};
use crate::report::json::hist_json;
use crate::report::measures::{Stat, measure};
use crate::report::{Measure, Reported};
use crate::sim::{Meta, Summary};

const VOTES: &str = "Votes";
const PATRICIANS: &str = "Patricians and missions";
const ACTIONS: &str = "Action cards";
const DRAMA: &str = "Drama";

impl Reported for CaesarCleopatra {
    const SECTIONS: &'static [&'static str] = &[VOTES, PATRICIANS, ACTIONS, DRAMA];
    const KEY_FIGURES: &'static [(&'static str, &'static str)] = &[("orgies", "orgies per game")];
    const COMPARED: &'static [(&'static str, &'static str)] = &[
        ("votes", "votes per game"),
        ("ties", "ties per game"),
        ("orgies", "orgies per game"),
        ("lead_changes", "lead changes per game"),
        ("mission_success", "missions fulfilled"),
        ("swing_rate", "action cards that swung a vote"),
    ];

    fn measures(s: &Summary<Sums>, push: &mut dyn FnMut(Measure)) {
        counters(&s.totals.game, push);
        patricians(s, push);
        missions(s, push);
    }

    fn json(s: &Summary<Sums>, out: &mut Map<String, Value>, hists: &mut Map<String, Value>) {
        for (i, (id, _)) in COUNTERS.iter().enumerate() {
            hists.insert(id.to_string(), hist_json(&s.totals.game.counts[i]));
        }
        out.insert("patricians".into(), patricians_json(s));
        let mut missions = Map::new();
        for (id, name, held, done) in missions_by_id(s) {
            missions.insert(
                id,
                json!({"name": name, "held": held, "fulfilled": done,
                       "rate": done as f64 / held.max(1) as f64}),
            );
        }
        out.insert("missions".into(), Value::Object(missions));
    }

    fn csv_header(meta: &Meta, cols: &mut Vec<String>) {
        cols.extend(COUNTERS.iter().map(|(id, _)| id.to_string()));
        let (groups, _) = meta_lists(meta);
        for g in &groups {
            for s in &meta.seats {
                cols.push(format!("won_{}_{s}", g.id));
            }
        }
        for s in &meta.seats {
            cols.push(format!("missions_held_{s}"));
            cols.push(format!("missions_fulfilled_{s}"));
        }
    }

    fn csv_row(_meta: &Meta, r: &Record, c: &mut Vec<String>) {
        c.extend(r.counts.iter().map(u32::to_string));
        for w in &r.won {
            c.push(w[0].to_string());
            c.push(w[1].to_string());
        }
        for p in 0..2u8 {
            let mine = r.missions.iter().filter(|m| m.0 == p);
            c.push(mine.clone().count().to_string());
            c.push(mine.filter(|m| m.2).count().to_string());
        }
    }

    fn html(r: &Value, prefix: &[&str]) -> String {
        super::html::charts(r, prefix)
    }
}

/// The counters per game (votes, orgies, action cards, lead changes) and
/// the rates made of them.
fn counters(t: &Sums, push: &mut dyn FnMut(Measure)) {
    for (i, (id, label)) in COUNTERS.iter().enumerate() {
        let section = match i {
            0..=4 => VOTES,
            5..=8 => ACTIONS,
            _ => DRAMA,
        };
        push(measure(
            *id,
            format!("{label} per game"),
            section,
            Stat::mean_of(&t.counts[i]),
        ));
        if i == C_TIES {
            push(measure(
                "tie_rate",
                "share of votes tied",
                VOTES,
                Stat::Ratio(t.tied.clone()),
            ));
        }
    }
    push(measure(
        "veto_rate",
        "share of action cards vetoed",
        ACTIONS,
        Stat::Ratio(t.vetoed.clone()),
    ));
    push(measure(
        "swing_rate",
        "share of (unvetoed) action cards that swung a vote",
        ACTIONS,
        Stat::Ratio(t.swings.clone()),
    ));
}

/// Patricians won per group and seat.
fn patricians(s: &Summary<Sums>, push: &mut dyn FnMut(Measure)) {
    let (groups, _) = meta_lists(&s.meta);
    for (g, gm) in groups.iter().enumerate() {
        for p in 0..2 {
            let h = s
                .totals
                .game
                .won
                .get(g)
                .map(|w| w[p].clone())
                .unwrap_or_default();
            push(measure(
                format!("patricians_{}_{}", gm.id, s.meta.seat_id(p)),
                format!(
                    "{} won by {} (of {})",
                    gm.name,
                    s.meta.seat_name(p),
                    gm.size
                ),
                PATRICIANS,
                Stat::mean_of(&h),
            ));
        }
    }
}

/// Missions fulfilled, in all and per mission card.
fn missions(s: &Summary<Sums>, push: &mut dyn FnMut(Measure)) {
    let (held, done): (u64, u64) = s
        .totals
        .game
        .mission_seat
        .iter()
        .fold((0, 0), |(h, d), x| (h + x[0], d + x[1]));
    push(measure(
        "mission_success",
        "missions fulfilled",
        PATRICIANS,
        Stat::Rate { k: done, n: held },
    ));
    for (id, name, held, done) in missions_by_id(s) {
        push(measure(
            format!("mission_{id}"),
            format!("mission fulfilled: {name}"),
            PATRICIANS,
            Stat::Rate { k: done, n: held },
        ));
    }
}

/// The JSON report's `patricians`: per group, the mean won and the share
/// of games with a majority, per seat.
fn patricians_json(s: &Summary<Sums>) -> Value {
    let (t, meta) = (&s.totals, &s.meta);
    let n = t.games.max(1) as f64;
    let (groups, _) = meta_lists(meta);
    let mut pats = Map::new();
    for (g, gm) in groups.iter().enumerate() {
        let mut won = Map::new();
        let mut maj = Map::new();
        for (p, id) in meta.seats.iter().enumerate() {
            let h = t.game.won.get(g).map(|w| w[p].clone()).unwrap_or_default();
            won.insert(id.clone(), h.mean().into());
            let k = t.game.majority.get(g).map_or(0, |m| m[p]);
            maj.insert(id.clone(), (k as f64 / n).into());
        }
        pats.insert(
            gm.id.clone(),
            json!({"name": gm.name, "size": gm.size, "majority_at": gm.majority,
                   "won": won, "majority": maj}),
        );
    }
    Value::Object(pats)
}

/// Missions summed over cards with the same id: (id, name, held, fulfilled).
fn missions_by_id(s: &Summary<Sums>) -> Vec<(String, String, u64, u64)> {
    let (_, missions) = meta_lists(&s.meta);
    let mut out: Vec<(String, String, u64, u64)> = Vec::new();
    for (i, mm) in missions.iter().enumerate() {
        let [h, d] = s.totals.game.missions.get(i).copied().unwrap_or_default();
        match out.iter_mut().find(|o| o.0 == mm.id) {
            Some(o) => {
                o.2 += h;
                o.3 += d;
            }
            None => out.push((mm.id.clone(), mm.name.clone(), h, d)),
        }
    }
    out
}
