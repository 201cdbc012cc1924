//! The narration of a described game (the lines told between two
//! decisions, the setup first) in as few lines as the events say: cards
//! moved together from a pile to another in one line with their count;
//! the same moves made for every seat in turn (each seat's reserve dealt,
//! shuffled, drawn from) in lines for "each seat"; cards moved one to each
//! pile of an indexed zone in one line. A card the viewer cannot see
//! stays unnamed; a line for each seat counts the cards without naming
//! them. Nothing here names a game.

use super::model::Rules;
use super::screen::w;
use super::state::Event;
use super::view::{self, PileWords};
use crate::play::i18n::Lang;

/// The most seats a line for each seat gathers moves of, per seat.
const MOST_PER_SEAT: usize = 4;

/// Events told in one line at most: cards moved from a pile to another
/// (those the viewer sees, and how many it does not), or a shuffle.
#[derive(Clone)]
enum Run {
    Moved {
        from: u8,
        to: u8,
        seen: Vec<u8>,
        hidden: usize,
    },
    Shuffled(u8),
}

/// Event `i` of `events` as the narration tells it to `viewer`: for a
/// move or a shuffle, the line of its group at the group's first event
/// and an empty line (nothing to tell) at the others; `None` for another
/// event (told alone).
pub fn logged(
    lang: Lang,
    r: &Rules,
    events: &[Event],
    i: usize,
    viewer: Option<usize>,
) -> Option<String> {
    let grouped = |e: &Event| matches!(e, Event::Moved { .. } | Event::Shuffled(_));
    if !grouped(events.get(i)?) {
        return None;
    }
    let mut lo = i;
    while lo > 0 && grouped(&events[lo - 1]) {
        lo -= 1;
    }
    let hi = (i..events.len())
        .find(|&j| !grouped(&events[j]))
        .unwrap_or(events.len());
    let lines = lines(lang, r, &events[lo..hi], viewer);
    let at = i - lo;
    Some(
        lines
            .into_iter()
            .find(|(first, _)| *first == at)
            .map_or(String::new(), |(_, t)| t),
    )
}

/// The lines telling `events` (moves and shuffles only), each with the
/// index of the first event it tells.
fn lines(lang: Lang, r: &Rules, events: &[Event], viewer: Option<usize>) -> Vec<(usize, String)> {
    let runs = runs(r, events, viewer);
    let mut out = Vec::new();
    let mut k = 0;
    while k < runs.len() {
        if let Some(q) = each_seat_period(r, &runs, k) {
            let each = w!(lang, "ds-each-seat");
            for t in 0..q {
                let line = each_seat_line(lang, r, &runs[k..], q, t, &each);
                out.push((runs[k + t].0, line));
            }
            k += q * r.players;
            continue;
        }
        let m = same_zone_span(r, &runs, k);
        if m > 1 {
            out.push((runs[k].0, zone_line(lang, r, &runs[k..k + m])));
            k += m;
            continue;
        }
        out.push((runs[k].0, run_line(lang, r, &runs[k].1)));
        k += 1;
    }
    out
}

/// The events as runs, each with the index of its first event: moves
/// from the same pile to the same pile in a row make one run.
fn runs(r: &Rules, events: &[Event], viewer: Option<usize>) -> Vec<(usize, Run)> {
    let mut out: Vec<(usize, Run)> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        match *e {
            Event::Moved { card, from, to, up } => {
                let seen = super::screen::moved_seen(r, up, from, to, viewer);
                if let Some((
                    _,
                    Run::Moved {
                        from: f,
                        to: t,
                        seen: s,
                        hidden: h,
                    },
                )) = out.last_mut()
                    && (*f, *t) == (from, to)
                {
                    match seen {
                        true => s.push(card),
                        false => *h += 1,
                    }
                    continue;
                }
                let run = Run::Moved {
                    from,
                    to,
                    seen: if seen { vec![card] } else { Vec::new() },
                    hidden: usize::from(!seen),
                };
                out.push((i, run));
            }
            Event::Shuffled(p) => out.push((i, Run::Shuffled(p))),
            _ => {}
        }
    }
    out
}

/// A pile's zone and index (not its seat).
fn place(r: &Rules, p: u8) -> (u8, i32, bool) {
    let (z, seat) = r.piles[p as usize];
    let index = if r.zones[z as usize].per_seat {
        -1
    } else {
        r.pile_index(p as usize)
    };
    (z, index, seat.is_some())
}

/// The seat of a run's piles (the pile moved to, else from), if any.
fn seat_of(r: &Rules, run: &Run) -> Option<u8> {
    match *run {
        Run::Moved { from, to, .. } => r.piles[to as usize].1.or(r.piles[from as usize].1),
        Run::Shuffled(p) => r.piles[p as usize].1,
    }
}

/// Whether two runs do the same but for the seat: same zones and
/// indices, as many cards.
fn alike(r: &Rules, a: &Run, b: &Run) -> bool {
    match (a, b) {
        (Run::Shuffled(p), Run::Shuffled(q)) => place(r, *p) == place(r, *q),
        (
            Run::Moved {
                from: f1,
                to: t1,
                seen: s1,
                hidden: h1,
            },
            Run::Moved {
                from: f2,
                to: t2,
                seen: s2,
                hidden: h2,
            },
        ) => {
            place(r, *f1) == place(r, *f2)
                && place(r, *t1) == place(r, *t2)
                && s1.len() + h1 == s2.len() + h2
        }
        _ => false,
    }
}

/// The number `q` of runs from `k` on that every seat does in turn (each
/// seat's `q` runs alike, every seat once), if any.
fn each_seat_period(r: &Rules, runs: &[(usize, Run)], k: usize) -> Option<usize> {
    let p = r.players;
    if p < 2 {
        return None;
    }
    (1..=MOST_PER_SEAT)
        .take_while(|q| k + q * p <= runs.len())
        .find(|&q| {
            (0..q).all(|t| {
                let first = &runs[k + t].1;
                let mut seats: Vec<Option<u8>> =
                    (0..p).map(|j| seat_of(r, &runs[k + j * q + t].1)).collect();
                let all_alike = (0..p).all(|j| alike(r, first, &runs[k + j * q + t].1));
                seats.sort_unstable();
                seats.dedup();
                all_alike && seats.len() == p && seats.iter().all(Option::is_some)
            }) && (0..p).all(|j| {
                // One seat's runs are all of that seat.
                let s = seat_of(r, &runs[k + j * q].1);
                (0..q).all(|t| seat_of(r, &runs[k + j * q + t].1) == s)
            })
        })
}

/// The line for the `t`-th of the `q` runs every seat makes in turn
/// (`runs` from the first seat's first on): its cards counted (hidden if
/// every seat's were), `each` (the words for each seat) for the seat.
fn each_seat_line(
    lang: Lang,
    r: &Rules,
    runs: &[(usize, Run)],
    q: usize,
    t: usize,
    each: &str,
) -> String {
    match runs[t].1 {
        Run::Shuffled(p) => w!(
            lang,
            "ds-shuffled",
            pile = PileWords::of_each(r, p, each).name
        ),
        Run::Moved {
            from,
            to,
            ref seen,
            hidden,
        } => {
            let all_hidden = (0..r.players).all(|j| match &runs[j * q + t].1 {
                Run::Moved { seen, .. } => seen.is_empty(),
                Run::Shuffled(_) => true,
            });
            let count = seen.len() + hidden;
            let card = match all_hidden {
                true => view::moved_cards(r, lang, &[], count, 0),
                false => w!(lang, "ds-cards", n = count),
            };
            let (f, t) = (
                PileWords::of_each(r, from, each),
                PileWords::of_each(r, to, each),
            );
            view::moved_sentence(r, lang, &card, count, all_hidden, &f, &t)
        }
    }
}

/// The number of runs from `k` on that move cards from one pile to
/// different piles of one indexed zone (of one seat).
fn same_zone_span(r: &Rules, runs: &[(usize, Run)], k: usize) -> usize {
    let Run::Moved { from, to, .. } = runs[k].1 else {
        return 1;
    };
    let (z, seat) = r.piles[to as usize];
    if r.zones[z as usize].count.is_none() {
        return 1;
    }
    let mut tos = vec![to];
    let mut m = 1;
    while let Some((_, Run::Moved { from: f, to: t, .. })) = runs.get(k + m) {
        if *f != from
            || r.piles[*t as usize].0 != z
            || r.piles[*t as usize].1 != seat
            || tos.contains(t)
        {
            break;
        }
        tos.push(*t);
        m += 1;
    }
    m
}

/// The line for runs moving cards from one pile to piles of one indexed
/// zone: every card seen named, the others counted.
fn zone_line(lang: Lang, r: &Rules, runs: &[(usize, Run)]) -> String {
    let (mut names, mut hidden) = (Vec::new(), 0);
    let (mut from, mut to) = (0, 0);
    for (_, run) in runs {
        if let Run::Moved {
            from: f,
            to: t,
            seen,
            hidden: h,
        } = run
        {
            names.extend(seen.iter().map(|&c| view::card_name(r, lang, c)));
            hidden += h;
            (from, to) = (*f, *t);
        }
    }
    let count = names.len() + hidden;
    let card = view::moved_cards(r, lang, &names, hidden, usize::MAX);
    let (f, t) = (PileWords::of(r, from), PileWords::of_zone(r, to));
    view::moved_sentence(r, lang, &card, count, names.is_empty(), &f, &t)
}

/// A run alone in words.
fn run_line(lang: Lang, r: &Rules, run: &Run) -> String {
    match run {
        Run::Shuffled(p) => w!(lang, "ds-shuffled", pile = view::pile_name(r, *p as usize)),
        Run::Moved {
            from,
            to,
            seen,
            hidden,
        } => {
            let names: Vec<String> = seen.iter().map(|&c| view::card_name(r, lang, c)).collect();
            let card = view::moved_cards(r, lang, &names, *hidden, usize::MAX);
            let (f, t) = (PileWords::of(r, *from), PileWords::of(r, *to));
            view::moved_sentence(
                r,
                lang,
                &card,
                names.len() + hidden,
                names.is_empty(),
                &f,
                &t,
            )
        }
    }
}
