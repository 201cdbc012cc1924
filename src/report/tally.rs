//! The report of a game's counts declared with `sim::tally`, for its
//! [`Reported`](super::Reported) methods to return: a measure per count
//! and seat (a mean, or a flag's rate over the games), the histograms,
//! the CSV columns (each seat's counts, then the game's) and the charts
//! (bars per seat, a count of the game's histogram). It names no game.

use serde_json::{Map, Value};

use super::Measure;
use super::html::{Spot, bars_at, hist_at, measure_spot, strs};
use super::json::hist_json;
use super::measures::{Stat, measure};
use crate::sim::tally::{Counts, Of, Sums, Tallied};
use crate::sim::{Meta, Summary};

/// The counts' measures, in the order of [`Tallied::TALLIES`].
pub fn measures<T: Tallied>(s: &Summary<Sums<T>>, push: &mut dyn FnMut(Measure)) {
    let (sums, m) = (&s.totals.game, &s.meta);
    for (i, t) in T::TALLIES.iter().enumerate() {
        let per_seat = |p: usize| {
            let id = format!("{}_{}", t.key, m.seat_id(p));
            (id, t.label.replace("{seat}", &m.seat_name(p)))
        };
        match t.of {
            Of::Seat => {
                for (p, h) in sums.hists(i).iter().enumerate() {
                    let (id, label) = per_seat(p);
                    push(measure(id, label, T::SECTION, Stat::mean_of(h)));
                }
            }
            Of::SeatFlag => {
                for (p, &k) in sums.held(i).iter().enumerate() {
                    let (id, label) = per_seat(p);
                    let n = s.totals.games;
                    push(measure(id, label, T::SECTION, Stat::Rate { k, n }));
                }
            }
            Of::Game => push(measure(
                t.key,
                t.label,
                T::SECTION,
                Stat::mean_of(&sums.hists(i)[0]),
            )),
        }
    }
}

/// The histograms of the counts (none for a flag): `key_<seat id>` per
/// seat, `key` for the game.
pub fn json<T: Tallied>(s: &Summary<Sums<T>>, hists: &mut Map<String, Value>) {
    for (i, t) in T::TALLIES.iter().enumerate() {
        let h = s.totals.game.hists(i);
        match t.of {
            Of::Seat => {
                for (p, h) in h.iter().enumerate() {
                    hists.insert(format!("{}_{}", t.key, s.meta.seat_id(p)), hist_json(h));
                }
            }
            Of::SeatFlag => {}
            Of::Game => {
                hists.insert(t.key.into(), hist_json(&h[0]));
            }
        }
    }
}

/// The CSV columns: each seat's counts, then the game's.
pub fn csv_header<T: Tallied>(meta: &Meta, cols: &mut Vec<String>) {
    for s in &meta.seats {
        let seat = T::TALLIES.iter().filter(|t| t.of != Of::Game);
        cols.extend(seat.map(|t| format!("{}_{s}", t.key)));
    }
    let game = T::TALLIES.iter().filter(|t| t.of == Of::Game);
    cols.extend(game.map(|t| t.key.to_string()));
}

/// One game's values of [`csv_header`]'s columns.
pub fn csv_row<T: Tallied, const N: usize>(meta: &Meta, c: &Counts<N>, cols: &mut Vec<String>) {
    let of = |game: bool| (0..N).filter(move |&i| (T::TALLIES[i].of == Of::Game) == game);
    for p in 0..meta.seats.len() {
        cols.extend(of(false).map(|i| c.values[i][p].to_string()));
    }
    cols.extend(of(true).map(|i| c.values[i][0].to_string()));
}

/// The charts of the counts that have one, in their order: a count per
/// seat as bars of its means (a flag's rates) with 95% intervals, a
/// count of the game as its histogram.
pub fn html<T: Tallied>(r: &Value, prefix: &[&str]) -> String {
    let run = &r["run"];
    let (seats, names) = (strs(&run["seats"]), strs(&run["seat_names"]));
    let mut o = String::from("<div class=\"grid\">");
    for t in T::TALLIES {
        let Some((title, axis)) = t.chart else {
            continue;
        };
        let spot = |(i, s): (usize, &String)| {
            let name = names.get(i).unwrap_or(s);
            measure_spot(prefix, &format!("{}_{s}", t.key), name, 0)
        };
        let spots: Vec<Spot> = seats.iter().enumerate().map(spot).collect();
        let (flag, note) = match t.of {
            Of::SeatFlag => (true, "rates with 95% intervals"),
            _ => (false, "means with 95% intervals"),
        };
        o += &match t.of {
            Of::Game => {
                let parts = ["histograms", t.key];
                hist_at(r, prefix, &parts, t.key, title, axis, "", 500.0)
            }
            _ => bars_at(
                r,
                prefix,
                t.key,
                title,
                note,
                axis,
                flag,
                vec![],
                spots,
                500.0,
            ),
        };
    }
    o += "</div>";
    o
}
