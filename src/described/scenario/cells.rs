//! Counters kept per card or per index, as a scenario writes them: a
//! counter per card is a list of cards (each set to 1) or a map from card
//! to value (`{"<card>": 2}`); a counter per index is a list of
//! values, index 0 first (`[0, 1, 0, 0]`). Each card or value is read at
//! the place it is written, so that a problem points at it.

use super::cards::{self, Spec};
use super::position::{Entries, Value};
use crate::described::compile::Cells;
use crate::described::model::Rules;
use crate::described::state::State;
use crate::diag::Diagnostics;
use crate::load::{SourceFile, Spanned};

/// One cell as written: a card (per card) or an index, and its value.
pub enum Cell {
    Card(Spanned<String>, Spec, i32),
    Index(usize, i32),
}

/// The cells a value of counter `i` gives, each problem at its place.
pub fn read(
    file: &SourceFile,
    r: &Rules,
    i: usize,
    value: &Value,
) -> Result<Vec<Cell>, Diagnostics> {
    let mut d = Diagnostics::default();
    let Some(cl) = r.counters[i].cells else {
        return Ok(Vec::new());
    };
    let id = &r.counters[i].id;
    let Some(span) = value.span_in(&file.text) else {
        d.push(file.error(value, "a list is expected here"));
        return Err(d);
    };
    let part = &file.text[span];
    let ty = r.counters[i].ty;
    let mut out = Vec::new();
    if !cl.per_card {
        let Ok(list) = file.parse_part::<Vec<Value>>(part) else {
            let m = format!("`{id}` is kept per index: write its values in a list, index 0 first");
            d.push(file.error(value, m));
            return Err(d);
        };
        for (k, v) in list.iter().enumerate() {
            if k >= cl.len as usize {
                d.push(file.error(v, format!("at most {} indices", cl.len)));
                break;
            }
            match cards::counter_value(r, ty, v, |_| None) {
                Ok(n) => out.push(Cell::Index(k, n)),
                Err(m) => d.push(file.error(v, m)),
            }
        }
    } else if let Ok(list) = file.parse_part::<Vec<Spanned<String>>>(part) {
        for c in list {
            match cards::spec(r, &c) {
                Ok(sp) => out.push(Cell::Card(c, sp, 1)),
                Err(m) => d.push(file.error(&c, m)),
            }
        }
    } else if let Ok(map) = file.parse_part::<Entries<Value>>(part) {
        for (c, v) in map.0 {
            let n = cards::counter_value(r, ty, &v, |_| None);
            match (cards::spec(r, &c), n) {
                (Ok(sp), Ok(n)) => out.push(Cell::Card(c, sp, n)),
                (Err(m), _) => d.push(file.error(&c, m)),
                (_, Err(m)) => d.push(file.error(&v, m)),
            }
        }
    } else {
        let m = format!(
            "`{id}` is kept per card: write a list of cards (each 1) or a map {{\"card\": value}}"
        );
        d.push(file.error(value, m));
    }
    if d.is_empty() { Ok(out) } else { Err(d) }
}

/// The value the cells `cl` start at (0, or -1 for a card, seat or value).
fn first_value(r: &crate::described::Rules, cl: Cells) -> i16 {
    r.program
        .calls
        .cells
        .get(cl.off as usize)
        .copied()
        .unwrap_or(0)
}

/// Counter `i`'s cells of `s` that differ from their first value, in
/// words: `card` (value 1), `card = v`, or `[i] = v` per index.
pub fn words(s: &State, i: usize) -> Option<String> {
    let r = &*s.rules;
    let cl: Cells = r.counters[i].cells?;
    let init = first_value(r, cl);
    let ty = r.counters[i].ty;
    let mut out = Vec::new();
    for k in 0..cl.len {
        let v = s.core.read_cell(cl.off, cl.len, i32::from(k), init);
        if v == i32::from(init) {
            continue;
        }
        let val = cards::value_words(r, ty, v);
        out.push(match (cl.per_card, v) {
            (true, 1) if ty != crate::described::program::Ty::Card => {
                crate::described::view::card_name(r, crate::play::i18n::Lang::En, k as u8)
            }
            (true, _) => format!(
                "{} = {val}",
                crate::described::view::card_name(r, crate::play::i18n::Lang::En, k as u8)
            ),
            (false, _) => format!("[{k}] = {val}"),
        });
    }
    Some(if out.is_empty() {
        "none".into()
    } else {
        out.join(", ")
    })
}

/// Whether cell `cell` of counter `i` holds in `s` (a card: some card
/// fitting the spec has the value).
pub fn holds(s: &State, i: usize, cell: &Cell) -> bool {
    let r = &*s.rules;
    let Some(cl) = r.counters[i].cells else {
        return false;
    };
    let init = first_value(r, cl);
    let at = |k: i32| s.core.read_cell(cl.off, cl.len, k, init);
    match cell {
        Cell::Index(k, v) => at(*k as i32) == *v,
        Cell::Card(_, sp, v) => sp.cards.iter().any(|&c| at(i32::from(c)) == *v),
    }
}
