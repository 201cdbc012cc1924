//! What a described game shows: a card's name, a move, an event and the
//! table in words, each as a seat sees it (a card it cannot see is "a
//! card"), in a language: the sentences are the game's catalogue's
//! (`words/*.ftl` of its rules folder), the names its rules'.

use std::fmt::Write;

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
    name_of(r, lang, c).to_string()
}

/// Card `c`'s name (past the last card, the words for no card), from the
/// names worked out once per language ([`super::model::CardNames`]).
fn name_of(r: &Rules, lang: Lang, c: u8) -> &str {
    let names = names(r, lang);
    &names[(c as usize).min(r.cards.len())]
}

/// Each card's name, then the words for no card and for a hidden card.
fn names(r: &Rules, lang: Lang) -> &[String] {
    r.card_names.get(lang, || {
        let mut out: Vec<String> = (0..r.cards.len())
            .map(|c| format_card_name(r, lang, c))
            .collect();
        out.push(r.words.format(lang, "no-card", None));
        out.push(r.words.format(lang, "hidden-card", None));
        out
    })
}

fn format_card_name(r: &Rules, lang: Lang, c: usize) -> String {
    let (kind, values) = &r.cards[c];
    let mut args = FluentArgs::new();
    args.set("kind", r.kinds[*kind as usize].0.clone());
    args.set("kind_name", r.kinds[*kind as usize].1.clone());
    for (i, (a, vs)) in r.attrs.iter().enumerate() {
        match vs.get(values[i] as usize) {
            Some(v) if !vs.is_empty() => args.set(a.clone(), v.1.clone()),
            _ if r.halves[i] => args.set(a.clone(), r.number_text(i, values[i])),
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
    seen_name(s, lang, c, viewer).to_string()
}

fn seen_name(s: &State, lang: Lang, c: u8, viewer: Option<usize>) -> &str {
    match viewer {
        Some(v) if !s.visible(c, v) => names(&s.rules, lang).last().map_or("", String::as_str),
        _ => name_of(&s.rules, lang, c),
    }
}

/// A pile's name: its zone's, and its seat's.
pub fn pile_name(r: &Rules, p: usize) -> String {
    let mut out = String::new();
    write_pile_name(&mut out, r, p);
    out
}

fn write_pile_name(out: &mut String, r: &Rules, p: usize) {
    let (z, seat) = r.piles[p];
    out.push_str(&r.zones[z as usize].name);
    if r.zones[z as usize].count.is_some() {
        // An indexed zone: one line per index, shown from 1.
        let _ = write!(out, " {}", r.pile_index(p) + 1);
    }
    if let Some(s) = seat {
        out.push_str(" (");
        out.push_str(&r.seats[s as usize].1);
        out.push(')');
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
    let option = choice
        .and_then(|ch| r.program.choices.get(ch as usize))
        .and_then(|c| c.options.get(m.option as usize));
    let target = option
        .and_then(|o| o.index)
        .filter(|_| m.target != NONE)
        .map(|(_, z)| index_name(r, lang, z, m.target));
    if let Some(t) = &target {
        args.set("target", t.clone());
    } else if let Some((_, z)) = option.and_then(|o| o.index) {
        // A move of an option with a target, without one (why a typed
        // move is not legal): the target's zone.
        args.set("target", r.zones[z as usize].name.clone());
    }
    let id = format!("option-{}", name.replace('_', "-"));
    let mut out = if r.words.has(&id) {
        return r.words.format(lang, &id, Some(&args));
    } else if m.card != NONE {
        format!("{name} {}", card_name(r, lang, m.card))
    } else {
        name.to_string()
    };
    if let Some(t) = target {
        out.push(' ');
        out.push_str(&t);
    }
    out
}

/// Index `i` of indexed zone `z` in words: the game's `index-name`, else
/// the screen's (`column 2`: indices are shown from 1).
pub fn index_name(r: &Rules, lang: Lang, z: u8, i: u8) -> String {
    let zone = r.zones[z as usize].name.clone();
    let n = i64::from(i) + 1;
    if r.words.has("index-name") {
        let mut args = FluentArgs::new();
        args.set("zone", zone);
        args.set("index", n);
        r.words.format(lang, "index-name", Some(&args))
    } else {
        super::screen::w!(lang, "index-name", zone = zone, index = n)
    }
}

/// A value of type `ty` in words.
fn value_words(s: &State, lang: Lang, ty: Ty, v: i32, viewer: Option<usize>) -> String {
    let mut out = String::new();
    write_value(&mut out, s, lang, ty, v, viewer);
    out
}

/// Writes a value of type `ty` in words.
fn write_value(out: &mut String, s: &State, lang: Lang, ty: Ty, v: i32, viewer: Option<usize>) {
    let r = &s.rules;
    match ty {
        Ty::Seat => match r.seats.get(v as usize) {
            Some(x) => out.push_str(&x.1),
            None => {
                let _ = write!(out, "{v}");
            }
        },
        Ty::Card if (0..r.cards.len() as i32).contains(&v) => {
            out.push_str(seen_name(s, lang, v as u8, viewer))
        }
        Ty::Card => out.push_str(name_of(r, lang, NONE)),
        Ty::Value(a) => {
            out.push_str((r.attrs[a as usize].1.get(v as usize)).map_or("-", |x| x.1.as_str()))
        }
        Ty::Num | Ty::Bool => {
            let _ = write!(out, "{v}");
        }
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
            "stopped: more than {} turns of a loop without a decision in phase `{}` (a loop that never ends)",
            super::run::STEP_CAP,
            phase(p)
        ),
    }
}

/// The table as `viewer` sees it: each pile that holds cards, then the
/// counters, then the scores. Written in one string, each card's name
/// worked out once per language (the soak shows it after every move).
pub fn table(s: &State, lang: Lang, viewer: Option<usize>) -> String {
    let r = &s.rules;
    let mut out = String::with_capacity(1024);
    let names = names(r, lang);
    let hidden = names.last().map_or("", String::as_str);
    for p in 0..r.piles.len() {
        let pile = s.core.pile(p);
        let Some(&first) = pile.first() else {
            continue;
        };
        let shown = |c: u8| match viewer {
            Some(v) if !s.visible(c, v) => hidden,
            _ => names[c as usize].as_str(),
        };
        out.push_str("  ");
        write_pile_name(&mut out, r, p);
        out.push_str(": ");
        let top = shown(first);
        if viewer.is_some_and(|v| !s.visible(first, v))
            && pile.iter().all(|&c| {
                let t = shown(c);
                std::ptr::eq(t, top) || t == top
            })
        {
            let _ = write!(out, "{} x {}", pile.len(), shown(first));
        } else {
            for (i, &c) in pile.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(shown(c));
            }
        }
        out.push('\n');
    }
    write_counters(&mut out, s, lang, viewer);
    out
}

/// The counters `viewer` may read (`None`: every counter), a line each.
fn counter_lines(s: &State, lang: Lang, viewer: Option<usize>) -> Vec<String> {
    let mut out = String::new();
    write_counters(&mut out, s, lang, viewer);
    (out.lines())
        .map(|l| l.strip_prefix("  ").unwrap_or(l).to_string())
        .collect()
}

/// Writes the counters `viewer` may read, a line each, indented.
fn write_counters(out: &mut String, s: &State, lang: Lang, viewer: Option<usize>) {
    let r = &s.rules;
    for (i, c) in r
        .counters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.shown || viewer.is_none())
    {
        let _ = write!(out, "  {}: ", c.id);
        if c.per_seat {
            for p in 0..r.players {
                if p > 0 {
                    out.push_str(", ");
                }
                out.push_str(&r.seats[p].1);
                out.push(' ');
                write_value(out, s, lang, c.ty, s.core.per[i][p], viewer);
            }
        } else {
            write_value(out, s, lang, c.ty, s.core.glob[i], viewer);
        }
        out.push('\n');
    }
}

/// The table as `viewer` sees it, as data (`ludus serve`'s page): each
/// pile that holds cards (a seat's pile that only its owner sees is its
/// hand), a card's face where the viewer may see it, then the counters
/// it may read.
pub fn table_view(s: &State, lang: Lang, viewer: Viewer, title: String) -> TableView {
    let r = &s.rules;
    let sight = viewer.sight().unwrap_or(usize::MAX);
    let zones = (0..r.piles.len())
        .filter(|&p| !s.core.pile(p).is_empty())
        .map(|p| {
            let (z, seat) = r.piles[p];
            let kind = match (seat, r.zones[z as usize].sees) {
                (Some(_), Sees::Owner) => ZoneKind::Hand,
                _ => ZoneKind::Table,
            };
            let cards = s.core.pile(p).iter().map(|&c| {
                let owner = s.core.owner[c as usize];
                CardView {
                    face: s.visible(c, sight).then(|| card_name(r, lang, c)),
                    value: None,
                    seat: (owner != NONE).then_some(owner as usize),
                    down: !s.core.up.get(c),
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

// ----- The screen's words ------------------------------------------------------

/// What makes two cards the same to a player: their kind and attributes.
pub fn class_of(r: &Rules, c: u8) -> (u8, [i32; super::model::MAX_ATTRS]) {
    r.cards.get(c as usize).copied().unwrap_or_default()
}

/// The order cards are listed in where their order is not the game's (a
/// hand, the grid of moves): by their attributes in the order the rules
/// give them (colour, then numbers), then by kind.
pub fn sort_key(r: &Rules, c: u8) -> ([i32; super::model::MAX_ATTRS], u8) {
    let (kind, values) = class_of(r, c);
    (values, kind)
}

/// A message of the game's catalogue if it has it.
pub fn game_words(r: &Rules, lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    r.words.has(id).then(|| r.words.format(lang, id, args))
}

/// Cards named in a list: each name once, `×n` after a name seen `n`
/// times, in the order given.
pub fn grouped(names: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for n in names {
        match out.iter_mut().find(|(m, _)| m == n) {
            Some((_, k)) => *k += 1,
            None => out.push((n.clone(), 1)),
        }
    }
    out.into_iter()
        .map(|(n, k)| if k > 1 { format!("{n} ×{k}") } else { n })
        .collect()
}

/// A pile as a sentence about moved cards names it: its name, its
/// zone's id and its seat's name (empty for a pile of the table).
pub struct PileWords {
    pub name: String,
    pub zone: String,
    pub seat: String,
}

impl PileWords {
    /// Pile `p` as it is.
    pub fn of(r: &Rules, p: u8) -> PileWords {
        let (z, seat) = r.piles.get(p as usize).copied().unwrap_or((0, None));
        PileWords {
            name: pile_name(r, p as usize),
            zone: r.zones[z as usize].id.clone(),
            seat: seat.map_or(String::new(), |s| r.seats[s as usize].1.clone()),
        }
    }

    /// Pile `p` of every seat in turn: `each` (the words for each seat)
    /// in place of its seat.
    pub fn of_each(r: &Rules, p: u8, each: &str) -> PileWords {
        let (z, seat) = r.piles.get(p as usize).copied().unwrap_or((0, None));
        let mut w = PileWords::of(r, p);
        if seat.is_some() {
            w.name = format!("{} ({each})", r.zones[z as usize].name);
            w.seat = each.to_string();
        }
        w
    }

    /// Every pile of pile `p`'s indexed zone (of its seat): the zone's
    /// name without an index.
    pub fn of_zone(r: &Rules, p: u8) -> PileWords {
        let (z, seat) = r.piles.get(p as usize).copied().unwrap_or((0, None));
        let mut w = PileWords::of(r, p);
        w.name = r.zones[z as usize].name.clone();
        if seat.is_some() {
            w.name = format!("{} ({})", w.name, w.seat);
        }
        w
    }
}

/// Cards moved in words: the names `seen` (their number, past `list`)
/// then the hidden ones counted.
pub fn moved_cards(r: &Rules, lang: Lang, seen: &[String], hidden: usize, list: usize) -> String {
    let mut parts: Vec<String> = if seen.len() > list {
        vec![super::screen::WORDS.format(
            lang,
            "ds-cards",
            Some(&FluentArgs::from_iter([("n", seen.len())])),
        )]
    } else {
        seen.to_vec()
    };
    if hidden == 1 {
        parts.push(r.words.format(lang, "hidden-card", None));
    } else if hidden > 1 {
        let n = FluentArgs::from_iter([("n", hidden)]);
        parts.push(super::screen::WORDS.format(lang, "ds-hidden-cards", Some(&n)));
    }
    parts.join(", ")
}

/// Cards moved together from a pile to another, in a sentence of the
/// catalogue's `moved-told` (`moved` if it has none): `card` names the
/// cards `viewer` sees (or their number, past three) and the hidden ones;
/// the catalogue also gets `count`, `hidden` (1 when every card is
/// hidden), the piles (`from`, `to`), their zones' ids (`from_zone`,
/// `to_zone`) and seats (`from_seat`, `to_seat`, and `seat`: the seat of
/// the pile moved to, else from).
pub fn moved_words(
    r: &Rules,
    lang: Lang,
    seen: &[String],
    hidden: usize,
    from: u8,
    to: u8,
) -> String {
    let card = moved_cards(r, lang, seen, hidden, 3);
    let (from, to) = (PileWords::of(r, from), PileWords::of(r, to));
    moved_sentence(
        r,
        lang,
        &card,
        seen.len() + hidden,
        seen.is_empty(),
        &from,
        &to,
    )
}

/// [`moved_words`] with the cards already in words (`card`, `count` of
/// them, all `hidden` or not) and the piles as given.
pub fn moved_sentence(
    r: &Rules,
    lang: Lang,
    card: &str,
    count: usize,
    hidden: bool,
    from: &PileWords,
    to: &PileWords,
) -> String {
    let mut args = FluentArgs::new();
    args.set("card", card.to_string());
    args.set("count", count);
    args.set("hidden", i32::from(hidden));
    args.set("from", from.name.clone());
    args.set("to", to.name.clone());
    args.set("from_zone", from.zone.clone());
    args.set("to_zone", to.zone.clone());
    let seat = if to.seat.is_empty() {
        &from.seat
    } else {
        &to.seat
    };
    args.set("seat", seat.clone());
    args.set("from_seat", from.seat.clone());
    args.set("to_seat", to.seat.clone());
    let id = if r.words.has("moved-told") {
        "moved-told"
    } else {
        "moved"
    };
    r.words.format(lang, id, Some(&args))
}

/// A `tell`'s sentence, its cards named by `card` (as a viewer sees them).
pub fn told_words(
    r: &Rules,
    lang: Lang,
    tell: u16,
    values: &[i32],
    card: impl Fn(u8) -> String,
) -> String {
    let t = &r.program.tells[tell as usize];
    let mut args = FluentArgs::new();
    for ((name, _, ty), v) in t.args.iter().zip(values) {
        match ty {
            Ty::Num | Ty::Bool => args.set(name.clone(), *v),
            Ty::Seat => args.set(
                name.clone(),
                r.seats
                    .get(*v as usize)
                    .map_or(v.to_string(), |s| s.1.clone()),
            ),
            Ty::Card if (0..r.cards.len() as i32).contains(v) => {
                args.set(name.clone(), card(*v as u8))
            }
            Ty::Card => args.set(name.clone(), r.words.format(lang, "no-card", None)),
            Ty::Value(a) => args.set(
                name.clone(),
                r.attrs[*a as usize]
                    .1
                    .get(*v as usize)
                    .map_or("-".to_string(), |x| x.1.clone()),
            ),
        }
    }
    r.words.format(lang, &t.message, Some(&args))
}

/// A counter with its value in words: the catalogue's `counter-<id>`
/// (argument `value`), else `id: value`.
pub fn counter_words(r: &Rules, lang: Lang, id: &str, value: &str) -> String {
    let args = FluentArgs::from_iter([("value", value.to_string())]);
    game_words(
        r,
        lang,
        &format!("counter-{}", id.replace('_', "-")),
        Some(&args),
    )
    .unwrap_or_else(|| format!("{id}: {value}"))
}

/// Counter `i`'s value (of seat `p` for a counter per seat) in words, as
/// `viewer` may read it.
pub fn counter_value(s: &State, lang: Lang, i: usize, p: usize, viewer: Option<usize>) -> String {
    let c = &s.rules.counters[i];
    let v = if c.per_seat {
        s.core.per[i][p]
    } else {
        s.core.glob[i]
    };
    value_words(s, lang, c.ty, v, viewer)
}
