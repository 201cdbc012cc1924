//! What a described game shows: a card's name, a move, an event and the
//! table in words, each as a seat sees it (a card it cannot see is "a
//! card"), in a language: the sentences are the game's catalogue's
//! (`words/*.ftl` of its rules folder), the names its rules'.

use fluent_bundle::FluentArgs;

use super::model::Rules;
use super::program::Ty;
use super::raw::Sees;
use super::state::{End, Event, Move, NONE, State};
use crate::play::i18n::Lang;
use crate::play::table::{CardView, TableView, Viewer, Zone, ZoneKind};

/// A card's name: the catalogue's `card-name` with the card's kind and
/// attributes (values by name), else its kind's name and values.
pub fn card_name(r: &Rules, lang: Lang, c: u8) -> String {
    let Some((kind, values)) = r.cards.get(c as usize) else {
        return r.words.format(lang, "no-card", None);
    };
    let mut args = FluentArgs::new();
    args.set("kind", r.kinds[*kind as usize].0.clone());
    args.set("kind_name", r.kinds[*kind as usize].1.clone());
    for (i, (a, vs)) in r.attrs.iter().enumerate() {
        match vs.get(values[i] as usize) {
            Some(v) if !vs.is_empty() => args.set(a.clone(), v.1.clone()),
            _ => args.set(a.clone(), values[i]),
        }
    }
    if r.words.has("card-name") {
        r.words.format(lang, "card-name", Some(&args))
    } else {
        r.kinds[*kind as usize].1.clone()
    }
}

/// Card `c` as `viewer` sees it where it lies (`None`: every card).
pub fn seen_card(s: &State, lang: Lang, c: u8, viewer: Option<usize>) -> String {
    match viewer {
        Some(v) if !s.visible(c, v) => s.rules.words.format(lang, "hidden-card", None),
        _ => card_name(&s.rules, lang, c),
    }
}

/// A pile's name: its zone's, and its seat's.
pub fn pile_name(r: &Rules, p: usize) -> String {
    let (z, seat) = r.piles[p];
    let zone = &r.zones[z as usize].name;
    match seat {
        Some(s) => format!("{} ({})", zone, r.seats[s as usize].1),
        None => zone.clone(),
    }
}

/// A move in words: the catalogue's `option-<name>` with `seat` and `card`.
pub fn move_words(r: &Rules, lang: Lang, seat: usize, choice: Option<u16>, m: Move) -> String {
    let name = choice
        .and_then(|ch| r.program.choices.get(ch as usize))
        .and_then(|c| c.options.get(m.option as usize))
        .map_or("?", |o| o.name.as_str());
    let mut args = FluentArgs::new();
    args.set(
        "seat",
        r.seats.get(seat).map_or(String::new(), |s| s.1.clone()),
    );
    if m.card != NONE {
        args.set("card", card_name(r, lang, m.card));
    }
    let id = format!("option-{}", name.replace('_', "-"));
    if r.words.has(&id) {
        r.words.format(lang, &id, Some(&args))
    } else if m.card != NONE {
        format!("{name} {}", card_name(r, lang, m.card))
    } else {
        name.to_string()
    }
}

/// A value of type `ty` in words.
fn value_words(s: &State, lang: Lang, ty: Ty, v: i32, viewer: Option<usize>) -> String {
    let r = &s.rules;
    match ty {
        Ty::Seat => r
            .seats
            .get(v as usize)
            .map_or(v.to_string(), |x| x.1.clone()),
        Ty::Card if (0..r.cards.len() as i32).contains(&v) => seen_card(s, lang, v as u8, viewer),
        Ty::Card => r.words.format(lang, "no-card", None),
        Ty::Value(a) => {
            (r.attrs[a as usize].1.get(v as usize)).map_or("-".to_string(), |x| x.1.clone())
        }
        Ty::Num | Ty::Bool => v.to_string(),
    }
}

/// An event as `viewer` sees it (`None`: every card); `None` for events
/// not told (shuffles, decisions: their moves are).
pub fn event_words(s: &State, lang: Lang, e: &Event, viewer: Option<usize>) -> Option<String> {
    let r = &s.rules;
    match e {
        Event::Moved { card, from, to, up } => {
            let seen = *up
                || viewer
                    .is_none_or(|v| r.sees_pile(*to as usize, v) || r.sees_pile(*from as usize, v));
            let name = if seen {
                card_name(r, lang, *card)
            } else {
                r.words.format(lang, "hidden-card", None)
            };
            let mut args = FluentArgs::new();
            args.set("card", name);
            args.set("from", pile_name(r, *from as usize));
            args.set("to", pile_name(r, *to as usize));
            Some(r.words.format(lang, "moved", Some(&args)))
        }
        Event::Told { tell, args: values } => {
            let t = &r.program.tells[*tell as usize];
            let mut args = FluentArgs::new();
            for ((name, _, ty), v) in t.args.iter().zip(values) {
                match ty {
                    Ty::Num | Ty::Bool => args.set(name.clone(), *v),
                    _ => args.set(name.clone(), value_words(s, lang, *ty, *v, viewer)),
                }
            }
            Some(r.words.format(lang, &t.message, Some(&args)))
        }
        Event::Ended(end) => Some(end_words(s, lang, *end)),
        Event::Shuffled(_) | Event::Chose { .. } => None,
    }
}

/// Why the game ended, in words; a stop at a bound names its phase.
pub fn end_words(s: &State, lang: Lang, e: End) -> String {
    let r = &s.rules;
    let phase = |p: u8| {
        r.program
            .phases
            .get(p as usize)
            .cloned()
            .unwrap_or_default()
    };
    match e {
        End::Game => r.words.format(lang, "game-over", None),
        End::DecisionCap(p) => format!(
            "stopped: more than {} decisions, in phase `{}` (a game that would never end)",
            r.decision_cap,
            phase(p)
        ),
        End::StepCap(p) => format!(
            "stopped: more than {} steps without a decision in phase `{}` (a loop that never ends)",
            super::run::STEP_CAP,
            phase(p)
        ),
    }
}

/// The table as `viewer` sees it: each pile that holds cards, then the
/// counters, then the scores.
pub fn table(s: &State, lang: Lang, viewer: Option<usize>) -> String {
    let r = &s.rules;
    let mut out = String::new();
    for p in 0..r.piles.len() {
        let pile = s.core.piles[p].as_slice();
        let (z, _) = r.piles[p];
        let shown: Vec<String> = pile
            .iter()
            .map(|&c| seen_card(s, lang, c, viewer))
            .collect();
        if pile.is_empty() {
            continue;
        }
        let text = if shown.iter().all(|t| *t == shown[0])
            && viewer.is_some_and(|v| !s.visible(pile[0], v))
        {
            format!("{} x {}", pile.len(), shown[0])
        } else {
            shown.join(", ")
        };
        let _ = z;
        out.push_str(&format!("  {}: {}\n", pile_name(r, p), text));
    }
    for line in counter_lines(s, lang, viewer) {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// The counters `viewer` may read (`None`: every counter), a line each.
fn counter_lines(s: &State, lang: Lang, viewer: Option<usize>) -> Vec<String> {
    let r = &s.rules;
    let mut out = Vec::new();
    for (i, c) in r
        .counters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.shown || viewer.is_none())
    {
        if c.per_seat {
            let vals: Vec<String> = (0..r.players)
                .map(|p| {
                    format!(
                        "{} {}",
                        r.seats[p].1,
                        value_words(s, lang, c.ty, s.core.per[i][p], viewer)
                    )
                })
                .collect();
            out.push(format!("{}: {}", c.id, vals.join(", ")));
        } else {
            let v = value_words(s, lang, c.ty, s.core.glob[i], viewer);
            out.push(format!("{}: {}", c.id, v));
        }
    }
    out
}

/// The table as `viewer` sees it, as data (`ludus serve`'s page): each
/// pile that holds cards (a seat's pile that only its owner sees is its
/// hand), a card's face where the viewer may see it, then the counters
/// it may read.
pub fn table_view(s: &State, lang: Lang, viewer: Viewer, title: String) -> TableView {
    let r = &s.rules;
    let sight = viewer.sight().unwrap_or(usize::MAX);
    let zones = (0..r.piles.len())
        .filter(|&p| !s.core.piles[p].as_slice().is_empty())
        .map(|p| {
            let (z, seat) = r.piles[p];
            let kind = match (seat, r.zones[z as usize].sees) {
                (Some(_), Sees::Owner) => ZoneKind::Hand,
                _ => ZoneKind::Table,
            };
            let cards = s.core.piles[p].as_slice().iter().map(|&c| {
                let owner = s.core.owner[c as usize];
                CardView {
                    face: s.visible(c, sight).then(|| card_name(r, lang, c)),
                    value: None,
                    seat: (owner != NONE).then_some(owner as usize),
                    down: s.core.up >> c & 1 == 0,
                }
            });
            Zone {
                kind,
                label: pile_name(r, p),
                note: String::new(),
                seat: seat.map(usize::from),
                cards: cards.collect(),
            }
        })
        .collect();
    TableView {
        title,
        zones,
        lines: counter_lines(s, lang, Some(sight)),
    }
}
