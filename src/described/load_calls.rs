//! The loader's side of sections D and E: the cells of the counters per
//! card and per index (`per: "card"`, `per: "index"` in procedure.ron),
//! the `events` of procedure.ron and each kind's `does` text of cards.ron,
//! parsed, then compiled into the procedure's program; every problem at
//! its file, line and column.

use super::calls::{MAX_CELLS, MAX_INDEX};
use super::compile::{self, Cells, Shape};
use super::program::{Op, Program, Ty};
use super::raw;
use crate::diag::Diagnostics;
use crate::effects::ast::Effect;
use crate::load::{Parsed, SourceFile};

/// The cells of each counter (none for one per game or per seat) and
/// every cell's first value: 0 for a number, -1 (none) for a card, a
/// seat or a value. A number per card is kept as an `i16`.
pub fn cells(
    f: &SourceFile,
    p: &raw::ProcedureFile,
    tys: &[Ty],
    cards: usize,
    diags: &mut Diagnostics,
) -> (Vec<Option<Cells>>, Vec<i16>) {
    let mut out = Vec::new();
    let mut first: Vec<i16> = Vec::new();
    for (c, ty) in p.counters.iter().zip(tys) {
        let Some(per) = &c.per else {
            out.push(None);
            continue;
        };
        let off = first.len() as u16;
        let cells = match per.value.as_str() {
            "card" => Cells {
                off,
                len: cards as u16,
                per_card: true,
            },
            "index" => Cells::per_index(off),
            v => {
                let m = format!(
                    "unknown `per` \"{v}\"; a counter is kept per \"card\" or per \"index\" (or per seat: `per_seat: true`)"
                );
                diags.push(f.error(per, m));
                out.push(None);
                continue;
            }
        };
        if c.per_seat {
            diags.push(f.error(
                per,
                "a counter is kept per seat or per card or index, not both",
            ));
        }
        if first.len() + cells.len as usize > MAX_CELLS {
            let m = format!(
                "the counters per card and per index hold at most {MAX_CELLS} values in all (a counter per card one per card, per index {MAX_INDEX})"
            );
            diags.push(f.error(per, m));
            out.push(None);
            continue;
        }
        let init = if *ty == Ty::Num { 0 } else { -1 };
        first.extend(std::iter::repeat_n(init, cells.len as usize));
        out.push(Some(cells));
    }
    (out, first)
}

/// The events of procedure.ron (each once).
pub fn events<'a>(
    f: &SourceFile,
    p: &'a raw::ProcedureFile,
    diags: &mut Diagnostics,
) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for e in &p.events {
        if out.contains(&e.value.as_str()) {
            diags.push(f.error(e, format!("event \"{}\" is given twice", e.value)));
        }
        out.push(&e.value);
    }
    out
}

/// Each kind's `does` text parsed (none if it has none or it does not
/// parse), and whether some kind has a block for each event.
pub fn parse_does(
    c: &Parsed<raw::CardsFile>,
    events: &[&str],
    diags: &mut Diagnostics,
) -> (Vec<Option<Effect>>, Vec<bool>) {
    let mut has = vec![false; events.len()];
    let mut out = Vec::new();
    for k in c.raw.all_kinds() {
        let Some(text) = &k.does else {
            out.push(None);
            continue;
        };
        match crate::effects::parse(&text.value) {
            Ok(e) => {
                for s in &e.statements {
                    if let crate::effects::ast::StatementKind::On { event, .. } = &s.kind
                        && let Some(i) = events.iter().position(|x| *x == event.name)
                    {
                        has[i] = true;
                    }
                }
                out.push(Some(e));
            }
            Err(e) => {
                let context = format!("in the `does` of \"{}\"", k.id.value);
                diags.extend(crate::effects::compile::diagnostics(
                    &c.file,
                    text,
                    &context,
                    vec![e.into()],
                ));
                out.push(None);
            }
        }
    }
    (out, has)
}

/// Compiles every kind's blocks into `prog` and sets the cells' first
/// values.
pub fn compile_does(
    c: &Parsed<raw::CardsFile>,
    shape: &Shape,
    prog: &mut Program,
    does: &[Option<Effect>],
    first: Vec<i16>,
    diags: &mut Diagnostics,
) {
    compile::prepare(prog, c.raw.all_kinds().count(), &shape.calls.events);
    let any_op = prog
        .ops
        .iter()
        .any(|op| matches!(op, Op::Run { .. } | Op::ForCardInit { .. }));
    prog.calls.used = any_op || !first.is_empty() || does.iter().any(Option::is_some);
    prog.calls.cells = first;
    prog.calls.per_card = (shape.calls.cells.iter().flatten())
        .filter(|c| c.per_card)
        .map(|c| c.off)
        .collect();
    for (k, (kind, e)) in c.raw.all_kinds().zip(does).enumerate() {
        let (Some(e), Some(text)) = (e, &kind.does) else {
            continue;
        };
        if let Err(problems) = compile::kind_blocks(shape, prog, k as u8, e) {
            let context = format!("in the `does` of \"{}\"", kind.id.value);
            diags.extend(crate::effects::compile::diagnostics(
                &c.file, text, &context, problems,
            ));
        }
    }
}
