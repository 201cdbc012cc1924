//! A scenario's position: the phase play starts in, each zone's cards in
//! order (the table's under `table`, a seat's under `seats`), the
//! counters (the table's and each seat's), and where the cards not named
//! go (`rest`). Read against the rules, each problem at the card or entry
//! at fault, then laid out on a [`State`] whose procedure starts at the
//! phase.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};

use super::cards::{self, Spec};
use super::cells::{self, Cell};
use crate::described::model::{MAX_CARDS, Rules};
use crate::described::piles::Piles;
use crate::described::program::Op;
use crate::described::state::{CARD_SLOTS, Faces, NONE, State};
use crate::diag::Diagnostics;
use crate::engine::seed;
use crate::load::{SourceFile, Spanned, nearest};

/// A map as written, its entries in file order, each key where written.
pub struct Entries<V>(pub Vec<(Spanned<String>, V)>);

impl<V> Default for Entries<V> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Each<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Each<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map: {\"id\": value, ...}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Entries<V>, A::Error> {
                let mut v = Vec::new();
                while let Some(e) = m.next_entry()? {
                    v.push(e);
                }
                Ok(Entries(v))
            }
        }
        d.deserialize_map(Each(PhantomData))
    }
}

/// A value as written: cards, a count, a number or a name.
pub type Value = Spanned<ron::Value>;

/// The entries of the table and of each seat.
pub type Table = Entries<Value>;
pub type Seats = Entries<Entries<Value>>;

/// A position as a scenario file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The phase play starts in (at its first statement).
    pub phase: Spanned<String>,
    /// The table's zones (cards bottom first) and counters.
    #[serde(default)]
    pub table: Table,
    /// Per seat id: its zones and counters.
    #[serde(default)]
    pub seats: Seats,
    /// The zone of the table the cards not named go to, shuffled,
    /// beneath the cards named there (default: the rules' `start`).
    #[serde(default)]
    pub rest: Option<Spanned<String>>,
}

/// What an entry's key names: a pile, or a counter (of a seat).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    Pile(usize),
    Counter(usize, Option<usize>),
    /// A counter kept per card or per index (the table's).
    Cells(usize),
}

/// What `key` names at the table (`seat` none) or at a seat.
pub fn target(r: &Rules, seat: Option<usize>, key: &str) -> Result<Target, String> {
    let per = seat.is_some();
    if let Some(t) = indexed(r, per, key) {
        return t;
    }
    let zone = r.zones.iter().position(|z| z.id == key);
    let counter = r.counters.iter().position(|c| c.id == key);
    match (zone, counter) {
        (Some(z), _) if r.zones[z].per_seat == per => {
            Ok(Target::Pile(r.pile(z as u8, seat.unwrap_or(0))))
        }
        (_, Some(c)) if r.counters[c].cells.is_some() && !per => Ok(Target::Cells(c)),
        (_, Some(c)) if r.counters[c].per_seat == per => Ok(Target::Counter(c, seat)),
        (Some(_), _) | (_, Some(_)) if per => {
            Err(format!("`{key}` is the table's: give it under `table`"))
        }
        (Some(_), _) | (_, Some(_)) => {
            Err(format!("`{key}` is kept per seat: give it under `seats`"))
        }
        _ => {
            let zones = r
                .zones
                .iter()
                .filter(|z| z.per_seat == per)
                .map(|z| z.id.as_str());
            let counters = (r.counters.iter())
                .filter(|c| c.per_seat == per)
                .map(|c| c.id.as_str());
            let names: Vec<&str> = zones.chain(counters).collect();
            let near = nearest(key, names.iter().copied())
                .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
            let whose = if per { "a seat's" } else { "the table's" };
            Err(format!(
                "`{key}` is none of {whose} zones or counters{near}: {}",
                names.join(", ")
            ))
        }
    }
}

/// `<zone>(<index>)`, a pile of an indexed zone at the table; none if
/// `key` names no indexed zone.
fn indexed(r: &Rules, per: bool, key: &str) -> Option<Result<Target, String>> {
    let (name, rest) = key.split_once('(').unwrap_or((key, ""));
    let z = r
        .zones
        .iter()
        .position(|z| z.id == name.trim() && z.count.is_some())?;
    let count = r.zones[z].count.unwrap_or(0);
    if per {
        return Some(Err(format!(
            "`{name}` is the table's: give it under `table`"
        )));
    }
    let i = rest
        .strip_suffix(')')
        .and_then(|n| n.trim().parse::<i32>().ok());
    Some(match i.and_then(|i| r.pile_at(z as u8, i)) {
        Some(p) => Ok(Target::Pile(p)),
        None => Err(format!(
            "`{name}` is an indexed zone: write `{name}(<index>)`, an index from 0 to {}",
            i32::from(count) - 1
        )),
    })
}

/// A zone's value: its cards as written, or (in an expectation) how many.
pub enum Cards {
    Listed(Vec<Spanned<String>>),
    Count(usize),
}

/// Reads a zone's value: a list of cards, or a count if `count` allows.
pub fn cards_of(file: &SourceFile, v: &Value, count: bool) -> Result<Cards, String> {
    if let (ron::Value::Number(n), true) = (&v.value, count) {
        return (cards::whole(*n).and_then(|n| usize::try_from(n).ok()))
            .map(Cards::Count)
            .ok_or("a count is a whole number".into());
    }
    let Some(span) = v.span_in(&file.text) else {
        return Err("a list of cards is expected here".into());
    };
    (file.parse_part::<Vec<Spanned<String>>>(&file.text[span]))
        .map(Cards::Listed)
        .map_err(|d| format!("a list of cards is expected here ({})", d.message))
}

/// Every entry of the table and the seats: its seat, key and value.
pub fn entries<'a>(
    file: &SourceFile,
    r: &Rules,
    table: &'a Table,
    seats: &'a Seats,
    diags: &mut Diagnostics,
) -> Vec<(Option<usize>, &'a Spanned<String>, &'a Value)> {
    let mut out: Vec<_> = table.0.iter().map(|(k, v)| (None, k, v)).collect();
    for (seat, inner) in &seats.0 {
        match cards::seat(r, seat) {
            Some(p) => out.extend(inner.0.iter().map(|(k, v)| (Some(p as usize), k, v))),
            None => diags.push(file.error(
                seat,
                format!("no seat `{}` plays (seats: {})", **seat, cards::seat_ids(r)),
            )),
        }
    }
    out
}

/// A position read against the rules: each card named where it lies,
/// the counters' values, the pile of the cards not named, the phase.
struct Layout {
    /// (pile, card, face up, owner), in the order written.
    placed: Vec<(usize, u8, bool, u8)>,
    counters: Vec<(usize, Option<usize>, i32)>,
    /// Cells of the counters per card or index: counter, cell, value.
    cells: Vec<(usize, i32, i32)>,
    rest: usize,
    phase: u8,
}

/// The state at `pos` (a new game without one), its procedure at the
/// first statement of the position's phase, not yet run.
pub fn state_at(
    file: &SourceFile,
    rules: &Arc<Rules>,
    seed: u64,
    pos: Option<&Position>,
) -> Result<State, Diagnostics> {
    let mut s = State::blank(rules.clone(), seed, true);
    let Some(pos) = pos else {
        return Ok(s);
    };
    let layout = read(file, rules, pos)?;
    lay_out(&mut s, &layout);
    let r = &*s.rules;
    let start = r
        .program
        .ops
        .iter()
        .position(|o| *o == Op::Phase(layout.phase));
    s.core.pc = start.unwrap_or(0) as u16;
    s.core.phase = layout.phase;
    s.check_invariants()
        .map_err(|m| file.error(&pos.phase, format!("the position breaks the state: {m}")))?;
    Ok(s)
}

/// Reads `pos` against the rules: every problem at its entry or card.
fn read(file: &SourceFile, r: &Rules, pos: &Position) -> Result<Layout, Diagnostics> {
    let mut diags = Diagnostics::default();
    let phase = (r.program.phases.iter().position(|p| *p == *pos.phase)).unwrap_or_else(|| {
        let mut d = file.error(&pos.phase, format!("no phase `{}`", *pos.phase));
        if let Some(n) = nearest(&pos.phase, r.program.phases.iter().map(String::as_str)) {
            d.hints.push(format!("did you mean `{n}`?"));
        }
        d.hints
            .push(format!("phases: {}", r.program.phases.join(", ")));
        diags.push(d);
        0
    });
    let all = entries(file, r, &pos.table, &pos.seats, &mut diags);
    let mut placed = Vec::new();
    let mut named = [0u8; MAX_CARDS];
    let mut given: Vec<Target> = Vec::new();
    let mut counter_entries = Vec::new();
    let mut cell_entries = Vec::new();
    for (seat, key, value) in all {
        let t = match target(r, seat, key) {
            Ok(t) => t,
            Err(m) => {
                diags.push(file.error(key, m));
                continue;
            }
        };
        if given.contains(&t) {
            diags.push(file.error(key, format!("`{}` is given twice", **key)));
            continue;
        }
        given.push(t);
        match t {
            Target::Pile(p) => place(file, r, p, value, &mut named, &mut placed, &mut diags),
            Target::Counter(c, s) => counter_entries.push((c, s, value)),
            Target::Cells(c) => cell_entries.push((c, value)),
        }
    }
    let counters = counter_values(file, r, &counter_entries, &placed, &mut diags);
    let cells = cell_values(file, r, &cell_entries, &placed, &mut diags);
    let rest = rest_pile(file, r, pos, &mut diags);
    if diags.is_empty() {
        Ok(Layout {
            placed,
            counters,
            cells,
            rest,
            phase: phase as u8,
        })
    } else {
        Err(diags)
    }
}

/// The cards of pile `p` as written: each a distinct card of the deck
/// (the first of its kind and values not yet named).
fn place(
    file: &SourceFile,
    r: &Rules,
    p: usize,
    value: &Value,
    named: &mut [u8; MAX_CARDS],
    placed: &mut Vec<(usize, u8, bool, u8)>,
    diags: &mut Diagnostics,
) {
    let list = match cards_of(file, value, false) {
        Ok(Cards::Listed(l)) => l,
        Ok(Cards::Count(_)) => return,
        Err(m) => return diags.push(file.error(value, m)),
    };
    let pile_seat = r.piles[p].1;
    for card in &list {
        let spec = match cards::spec(r, card) {
            Ok(s) => s,
            Err(m) => {
                let d = file
                    .error(card, m)
                    .with_hint(cards::how_cards_are_written(r));
                diags.push(d);
                continue;
            }
        };
        let Some(&c) = spec.cards.iter().find(|&&c| named[c as usize] == 0) else {
            let m = format!(
                "`{}` is named more often than the deck holds it ({} cop{})",
                **card,
                spec.cards.len(),
                if spec.cards.len() == 1 { "y" } else { "ies" }
            );
            diags.push(file.error(card, m));
            continue;
        };
        named[c as usize] = 1;
        let owner = pile_seat.or(spec.by).unwrap_or(NONE);
        placed.push((p, c, spec.up.unwrap_or(false), owner));
    }
}

/// The counters' values as written (a card counter names a card the
/// position places: the first written that fits).
fn counter_values(
    file: &SourceFile,
    r: &Rules,
    entries: &[(usize, Option<usize>, &Value)],
    placed: &[(usize, u8, bool, u8)],
    diags: &mut Diagnostics,
) -> Vec<(usize, Option<usize>, i32)> {
    let mut out = Vec::new();
    for &(c, seat, value) in entries {
        let find = |s: &Spec| placed.iter().find(|x| s.fits(x.1, x.2, x.3)).map(|x| x.1);
        match cards::counter_value(r, r.counters[c].ty, value, find) {
            Ok(v) => out.push((c, seat, v)),
            Err(m) => diags.push(file.error(value, m)),
        }
    }
    out
}

/// The cells given, a card one the position places (the first written
/// that fits and is not given yet for that counter).
fn cell_values(
    file: &SourceFile,
    r: &Rules,
    entries: &[(usize, &Value)],
    placed: &[(usize, u8, bool, u8)],
    diags: &mut Diagnostics,
) -> Vec<(usize, i32, i32)> {
    let mut out = Vec::new();
    for &(c, value) in entries {
        let read = match cells::read(file, r, c, value) {
            Ok(v) => v,
            Err(d) => {
                diags.extend(d);
                continue;
            }
        };
        let mut used: Vec<u8> = Vec::new();
        for cell in read {
            match cell {
                Cell::Index(k, v) => out.push((c, k as i32, v)),
                Cell::Card(text, sp, v) => {
                    let found =
                        (placed.iter()).find(|x| sp.fits(x.1, x.2, x.3) && !used.contains(&x.1));
                    match found {
                        Some(x) => {
                            used.push(x.1);
                            out.push((c, i32::from(x.1), v));
                        }
                        None => diags.push(file.error(
                            &text,
                            format!(
                                "the position places no card `{}` (besides those given)",
                                *text
                            ),
                        )),
                    }
                }
            }
        }
    }
    out
}

/// The pile the cards not named go to: `rest`, a zone of the table, else
/// the rules' `start`.
fn rest_pile(file: &SourceFile, r: &Rules, pos: &Position, diags: &mut Diagnostics) -> usize {
    let Some(rest) = &pos.rest else {
        return r.pile(r.start, 0);
    };
    match target(r, None, rest) {
        Ok(Target::Pile(p)) => p,
        Ok(Target::Counter(..) | Target::Cells(_)) => {
            diags.push(file.error(rest, format!("`{}` is a counter, not a zone", **rest)));
            0
        }
        Err(m) => {
            diags.push(file.error(rest, m));
            0
        }
    }
}

/// Lays `l` out on a blank state: the cards not named first, shuffled by
/// the state's seeded RNG, in the rest pile; then each card named on its
/// pile, in order; then the counters.
fn lay_out(s: &mut State, l: &Layout) {
    let r = Arc::clone(&s.rules);
    let c = &mut s.core;
    c.piles = Piles::new(r.piles.len());
    c.loc = [NONE; CARD_SLOTS];
    c.owner = [NONE; CARD_SLOTS];
    c.up = Faces::NONE;
    let mut named = [false; MAX_CARDS];
    for &(_, card, _, _) in &l.placed {
        named[card as usize] = true;
    }
    let mut rest: Vec<u8> = (0..r.cards.len() as u8)
        .filter(|&x| !named[x as usize])
        .collect();
    seed::shuffle(&mut rest, &mut c.rng);
    let rest_seat = r.piles[l.rest].1.unwrap_or(NONE);
    let unnamed = rest.iter().map(|&x| (l.rest, x, false, rest_seat));
    let all: Vec<(usize, u8, bool, u8)> = unnamed.chain(l.placed.iter().copied()).collect();
    for p in 0..r.piles.len() {
        for &(_, card, up, owner) in all.iter().filter(|x| x.0 == p) {
            c.piles.push(p, card);
            c.loc[card as usize] = p as u8;
            c.owner[card as usize] = owner;
            c.up.set(card, up);
        }
    }
    for &(i, cell, v) in &l.cells {
        if let Some(cl) = r.counters[i].cells {
            c.write_cell(cl.off, cl.len, cell, v);
        }
    }
    for &(i, seat, v) in &l.counters {
        match seat {
            Some(p) => c.per[i][p] = v,
            None => c.glob[i] = v,
        }
    }
}
