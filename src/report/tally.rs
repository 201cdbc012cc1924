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
use crate::sim::tally::{Counts, Of, Sums, Tallied, Tally, TallyData};
use crate::sim::{Meta, Summary};

/// The counts' measures, in the order of [`Tallied::TALLIES`].
pub fn measures<T: Tallied>(s: &Summary<Sums<T>>, push: &mut dyn FnMut(Measure)) {
    measures_of(T::SECTION, T::TALLIES, s, push)
}

/// The measures of counts `tallies` (of section `section`) summed in
/// `s`'s game sums, in their order.
pub fn measures_of<D: TallyData>(
    section: &'static str,
    tallies: &[Tally],
    s: &Summary<D>,
    push: &mut dyn FnMut(Measure),
) {
    let (sums, m) = (&s.totals.game, &s.meta);
    for (i, t) in tallies.iter().enumerate() {
        let per_seat = |p: usize| {
            let id = format!("{}_{}", t.key, m.seat_id(p));
            (id, t.label.replace("{seat}", &m.seat_name(p)))
        };
        match t.of {
            Of::Seat => {
                for (p, h) in sums.hists(i, t).iter().enumerate() {
                    let (id, label) = per_seat(p);
                    push(measure(id, label, section, Stat::mean_of(h)));
                }
            }
            Of::SeatFlag => {
                for (p, &k) in sums.held(i, t).iter().enumerate() {
                    let (id, label) = per_seat(p);
                    let n = s.totals.games;
                    push(measure(id, label, section, Stat::Rate { k, n }));
                }
            }
            Of::Game => {
                let h = sums.hists(i, t).first().cloned().unwrap_or_default();
                push(measure(t.key, t.label, section, Stat::mean_of(&h)))
            }
        }
    }
}

/// The histograms of the counts (none for a flag): `key_<seat id>` per
/// seat, `key` for the game.
pub fn json<T: Tallied>(s: &Summary<Sums<T>>, hists: &mut Map<String, Value>) {
    json_of(T::TALLIES, s, hists)
}

/// [`json`] of counts `tallies` summed in `s`'s game sums.
pub fn json_of<D: TallyData>(tallies: &[Tally], s: &Summary<D>, hists: &mut Map<String, Value>) {
    for (i, t) in tallies.iter().enumerate() {
        let h = s.totals.game.hists(i, t);
        match t.of {
            Of::Seat => {
                for (p, h) in h.iter().enumerate() {
                    hists.insert(format!("{}_{}", t.key, s.meta.seat_id(p)), hist_json(h));
                }
            }
            Of::SeatFlag => {}
            Of::Game => {
                let h = h.first().cloned().unwrap_or_default();
                hists.insert(t.key.into(), hist_json(&h));
            }
        }
    }
}

/// The CSV columns: each seat's counts, then the game's.
pub fn csv_header<T: Tallied>(meta: &Meta, cols: &mut Vec<String>) {
    csv_header_of(T::TALLIES, meta, cols)
}

/// [`csv_header`] of counts `tallies`.
pub fn csv_header_of(tallies: &[Tally], meta: &Meta, cols: &mut Vec<String>) {
    for s in &meta.seats {
        let seat = tallies.iter().filter(|t| t.of != Of::Game);
        cols.extend(seat.map(|t| format!("{}_{s}", t.key)));
    }
    let game = tallies.iter().filter(|t| t.of == Of::Game);
    cols.extend(game.map(|t| t.key.to_string()));
}

/// One game's values of [`csv_header`]'s columns.
pub fn csv_row<T: Tallied, const N: usize>(meta: &Meta, c: &Counts<N>, cols: &mut Vec<String>) {
    csv_row_of(T::TALLIES, meta, c, cols)
}

/// One game's values of [`csv_header_of`]'s columns: `c.values[i]` is
/// the value of `tallies[i]`.
pub fn csv_row_of<const N: usize>(
    tallies: &[Tally],
    meta: &Meta,
    c: &Counts<N>,
    cols: &mut Vec<String>,
) {
    let n = tallies.len().min(N);
    let of = |game: bool| (0..n).filter(move |&i| (tallies[i].of == Of::Game) == game);
    for p in 0..meta.seats.len() {
        cols.extend(of(false).map(|i| c.values[i][p].to_string()));
    }
    cols.extend(of(true).map(|i| c.values[i][0].to_string()));
}

/// The charts of the counts that have one, in their order: a count per
/// seat as bars of its means (a flag's rates) with 95% intervals, a
/// count of the game as its histogram.
pub fn html<T: Tallied>(r: &Value, prefix: &[&str]) -> String {
    html_of(T::TALLIES, r, prefix)
}

/// [`html`] of counts `tallies`.
pub fn html_of(tallies: &[Tally], r: &Value, prefix: &[&str]) -> String {
    let run = &r["run"];
    let (seats, names) = (strs(&run["seats"]), strs(&run["seat_names"]));
    let mut o = String::from("<div class=\"grid\">");
    for t in tallies {
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
