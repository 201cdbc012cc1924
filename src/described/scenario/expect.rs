//! A scenario's `expect`: what must hold once the moves are played, each
//! part checked only if given, each mismatch at its entry: the phase,
//! who decides, piles (cards in order, or how many) and counters of the
//! table and of each seat, the scores, the winners, how the game ended,
//! sentences told, and moves offered or not.

use serde::Deserialize;

use super::Run;
use super::cards::{self, Spec};
use super::cells::{self, Cell};
use super::position::{Cards, Entries, Seats, Table, Target, Value, cards_of, entries, target};
use crate::described::program::Ty;
use crate::described::state::State;
use crate::described::{Described, view};
use crate::design::scenario::{Checks, listed};
use crate::diag::Diagnostics;
use crate::engine::{GameState, Scored};
use crate::load::{SourceFile, Spanned};
use crate::play::Playable;
use crate::play::i18n::Lang;
use crate::play::input::fold;

/// What must hold after the moves; each part is checked only if given.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The phase the game is in.
    phase: Option<Spanned<String>>,
    /// The seat that decides now (its id), or `nobody`.
    to_act: Option<Spanned<String>>,
    /// The table's piles and counters, as the position writes them (a
    /// pile may be a count).
    #[serde(default)]
    table: Table,
    /// Each seat's piles and counters.
    #[serde(default)]
    seats: Seats,
    /// Each seat's score, by id.
    #[serde(default)]
    scores: Entries<Spanned<i64>>,
    /// The seats that win (ids); the game must be over.
    winners: Option<Spanned<Vec<String>>>,
    /// `running`, or how the game ended (`game_end`, `decision_cap`,
    /// `step_cap`).
    end: Option<Spanned<String>>,
    /// Sentences the game told, in this order (others may come between).
    events: Option<Spanned<Vec<String>>>,
    /// Per seat id (the viewer): per pile, how many of its cards that
    /// seat cannot see; a pile is a zone of the table, one of the
    /// viewer's own (`row`) or another seat's (`row.<seat>`).
    #[serde(default)]
    hidden: Entries<Entries<Spanned<i64>>>,
    /// Moves, typed as at `ludus play`, that the seat deciding may make.
    #[serde(default)]
    offered: Vec<Spanned<String>>,
    /// Moves it may not make.
    #[serde(default)]
    not_offered: Vec<Spanned<String>>,
}

/// Every expectation given, each mismatch at its entry; the names of the
/// fields checked.
pub fn check(
    file: &SourceFile,
    e: &Expect,
    s: &State,
    run: &Run,
) -> (Diagnostics, Vec<&'static str>) {
    let mut c = Checks::new(file, 0..0);
    where_play_is(&mut c, e, s);
    table(file, &mut c, e, s);
    outcome(&mut c, e, s, run);
    hidden(&mut c, e, s);
    moves(&mut c, e, s);
    let mut checked = c.checked;
    checked.dedup();
    (c.mismatches, checked)
}

/// The phase and the seat deciding.
fn where_play_is(c: &mut Checks, e: &Expect, s: &State) {
    let r = &*s.rules;
    if let Some(w) = &e.phase {
        let got = r
            .program
            .phases
            .get(s.core.phase as usize)
            .cloned()
            .unwrap_or_default();
        c.same("phase", w, w.to_string(), got);
    }
    if let Some(w) = &e.to_act {
        let want = match cards::seat(r, w) {
            Some(p) => r.seats[p as usize].1.clone(),
            None => w.to_string(),
        };
        let got = s.actor().map_or("nobody".into(), |p| r.seats[p].1.clone());
        c.same("to_act", w, want, got);
    }
}

/// The piles and counters expected.
fn table(file: &SourceFile, c: &mut Checks, e: &Expect, s: &State) {
    let r = &*s.rules;
    let mut diags = Diagnostics::default();
    let all = entries(file, r, &e.table, &e.seats, &mut diags);
    c.mismatches.extend(diags);
    for (seat, key, value) in all {
        c.field(if seat.is_some() { "seats" } else { "table" }, Some(value));
        match target(r, seat, key) {
            Err(m) => c.mismatches.push(file.error(key, m)),
            Ok(Target::Pile(p)) => pile(file, c, s, p, value),
            Ok(Target::Counter(i, seat)) => counter(c, s, i, seat, value),
            Ok(Target::Cells(i)) => counter_cells(file, c, s, i, value),
        }
    }
    for (seat, want) in &e.scores.0 {
        c.field("scores", Some(want));
        match cards::seat(r, seat) {
            Some(p) => {
                let got = s.points(p as usize);
                if i64::from(got) != **want {
                    let name = &r.seats[p as usize].1;
                    c.fail(format!(
                        "expected {name}'s score to be {}, it is {got}",
                        **want
                    ));
                }
            }
            None => c.fail(format!("no seat `{}` plays", **seat)),
        }
    }
}

/// Pile `p` against its expected cards (in order) or count.
fn pile(file: &SourceFile, c: &mut Checks, s: &State, p: usize, value: &Value) {
    let r = &*s.rules;
    let cards_here = s.core.pile(p);
    let words: Vec<String> = (cards_here.iter())
        .map(|&x| super::card_in(s, p, x))
        .collect();
    let name = view::pile_name(r, p);
    match cards_of(file, value, true) {
        Err(m) => c.fail(m),
        Ok(Cards::Count(n)) if n != cards_here.len() => c.fail(format!(
            "expected {name} to hold {n} card(s), it holds {}: {}",
            cards_here.len(),
            listed(&words)
        )),
        Ok(Cards::Count(_)) => {}
        Ok(Cards::Listed(want)) => {
            let mut specs: Vec<Spec> = Vec::new();
            for w in &want {
                match cards::spec(r, w) {
                    Ok(sp) => specs.push(sp),
                    Err(m) => return c.mismatches.push(file.error(w, m)),
                }
            }
            let fits = specs.len() == cards_here.len()
                && (specs.iter().zip(cards_here))
                    .all(|(sp, &x)| sp.fits(x, s.core.up.get(x), s.core.owner[x as usize]));
            if !fits {
                let want: Vec<String> = want.iter().map(|w| w.to_string()).collect();
                c.fail(format!(
                    "expected {name} to be {} (bottom first), it is {}",
                    listed(&want),
                    listed(&words)
                ));
            }
        }
    }
}

/// Counter `i` (of `seat`) against its expected value.
fn counter(c: &mut Checks, s: &State, i: usize, seat: Option<usize>, value: &Value) {
    let r = &*s.rules;
    let ty = r.counters[i].ty;
    let got = match seat {
        Some(p) => s.core.per[i][p],
        None => s.core.glob[i],
    };
    let holds = match (ty, &value.value) {
        (Ty::Card, ron::Value::String(t)) if t != "none" => cards::spec(r, t).map(|sp| {
            u8::try_from(got).is_ok_and(|x| sp.fits(x, s.core.up.get(x), s.core.owner[x as usize]))
        }),
        _ => cards::counter_value(r, ty, value, |_| None).map(|v| v == got),
    };
    let whose = seat.map_or(String::new(), |p| format!("{}'s ", r.seats[p].1));
    let id = &r.counters[i].id;
    match holds {
        Err(m) => c.fail(format!("{whose}{id}: {m}")),
        Ok(false) => c.fail(format!(
            "expected {whose}{id} to be {}, it is {}",
            shown(&value.value),
            cards::value_words(r, ty, got)
        )),
        Ok(true) => {}
    }
}

/// The cells of counter `i` (per card or per index) given.
fn counter_cells(file: &SourceFile, c: &mut Checks, s: &State, i: usize, value: &Value) {
    let r = &*s.rules;
    let id = &r.counters[i].id;
    let read = match cells::read(file, r, i, value) {
        Ok(v) => v,
        Err(d) => return c.mismatches.extend(d),
    };
    for cell in &read {
        if !cells::holds(s, i, cell) {
            let what = match cell {
                Cell::Card(t, _, v) => format!("{id} of {} to be {v}", **t),
                Cell::Index(k, v) => format!("{id}[{k}] to be {v}"),
            };
            let now = cells::words(s, i).unwrap_or_default();
            c.fail(format!("expected {what}; {id} is: {now}"));
        }
    }
}

/// A value as written, for a mismatch.
fn shown(v: &ron::Value) -> String {
    match v {
        ron::Value::String(s) => s.clone(),
        other => ron::to_string(other).unwrap_or_default(),
    }
}

/// The scores, the winners, the end and the sentences told.
fn outcome(c: &mut Checks, e: &Expect, s: &State, run: &Run) {
    let r = &*s.rules;
    if let Some(w) = &e.winners {
        let want: Vec<String> = (w.iter())
            .map(|id| cards::seat(r, id).map_or(id.clone(), |p| r.seats[p as usize].1.clone()))
            .collect();
        let got = match &run.winners {
            Some(v) => listed(v),
            None => "no winner: the game goes on".into(),
        };
        c.same("winners", w, listed(&want), got);
    }
    if let Some(w) = &e.end {
        c.same(
            "end",
            w,
            w.to_string(),
            s.end_reason().unwrap_or("running").into(),
        );
    }
    if let Some(w) = &e.events {
        c.field("events", Some(w));
        let mut told = run.told.iter();
        if let Some(missing) = w.iter().find(|want| !told.any(|t| t == *want)) {
            c.fail(format!(
                "expected the game to tell \"{missing}\" (in this order); it told: {}",
                listed(&run.told)
            ));
        }
    }
}

/// How many cards of each pile named each viewer cannot see.
fn hidden(c: &mut Checks, e: &Expect, s: &State) {
    let r = &*s.rules;
    for (viewer, piles) in &e.hidden.0 {
        c.field("hidden", Some(viewer));
        let Some(v) = cards::seat(r, viewer) else {
            c.fail(format!("no seat `{}` plays", **viewer));
            continue;
        };
        for (key, want) in &piles.0 {
            c.field("hidden", Some(want));
            let (zone, seat) = match key.split_once('.') {
                Some((z, p)) => (z, cards::seat(r, p).map(usize::from)),
                None => (key.as_str(), Some(v as usize)),
            };
            let t = target(r, seat, zone).or_else(|_| target(r, None, zone));
            let Ok(Target::Pile(p)) = t else {
                c.fail(format!("`{}` names no pile", **key));
                continue;
            };
            let pile = s.core.pile(p);
            let n = pile.iter().filter(|&&x| !s.visible(x, v as usize)).count();
            if n as i64 != **want {
                let who = &r.seats[v as usize].1;
                let name = view::pile_name(r, p);
                c.fail(format!(
                    "expected {who} not to see {} card(s) of {name}, {who} does not see {n}",
                    **want
                ));
            }
        }
    }
}

/// The moves offered, or not, to the seat deciding.
fn moves(c: &mut Checks, e: &Expect, s: &State) {
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    let fits = |line: &str| {
        let folded = fold(line);
        let words: Vec<&str> = folded.split_whitespace().collect();
        Described::parse_move(Lang::En, s, &legal, &words, line)
    };
    let all = || {
        let v: Vec<String> = legal.iter().map(|&m| super::move_text(s, m)).collect();
        listed(&v)
    };
    for line in &e.offered {
        c.field("offered", Some(line));
        if let Err(crate::play::input::InputError::NoMatch(_)) = fits(line) {
            c.fail(format!(
                "`{}` is not offered; the moves offered: {}",
                **line,
                all()
            ));
        }
    }
    for line in &e.not_offered {
        c.field("not_offered", Some(line));
        match fits(line) {
            Ok(i) => c.fail(format!(
                "`{}` is offered: {}",
                **line,
                super::move_text(s, legal[i])
            )),
            Err(crate::play::input::InputError::Ambiguous(_)) => {
                c.fail(format!("`{}` is offered", **line))
            }
            Err(_) => {}
        }
    }
}
