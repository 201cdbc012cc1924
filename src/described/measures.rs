//! F. What the simulator measures of a finished described game, as its
//! `procedure.ron` declares it: its `measures` (each an expression
//! evaluated at the game's end, `p` the seat for a measure per seat, a
//! test for a flag), their report `section`, its named `ends` (the first
//! whose test holds when the procedure ends the game names the end) and
//! its `turns` (a number, a counter say, read at the end). Compiled into
//! the program here; a description that declares no measures is measured
//! as before (decisions and games stopped at a bound, in section
//! "Description"), one that names no turns counts its decisions.

use serde::Deserialize;

use super::compile::{self, Shape};
use super::program::{Program, Ty, XId};
use super::raw::ProcedureFile;
use super::state::{End, State};
use crate::diag::Diagnostics;
use crate::effects::compile::Problem;
use crate::load::{SourceFile, Spanned};
use crate::sim::tally::{Counts, Of, Tally};
use crate::sim::tally_declared::{
    Declaration, Declared, MAX_DECLARED, Record, Tallies, interned_str,
};

/// A measure of `procedure.ron` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMeasure {
    pub id: Spanned<String>,
    /// One value per seat (`p` in the value), else one for the game.
    #[serde(default)]
    pub per_seat: bool,
    /// Yes or no per seat: the value is a test.
    #[serde(default)]
    pub flag: bool,
    /// Its words in the report; `{seat}` is the seat's name.
    pub label: String,
    /// Its chart in the HTML report: (title, axis).
    #[serde(default)]
    pub chart: Option<(String, String)>,
    pub value: Spanned<String>,
}

/// The section of a description's measures when it names none, and of
/// the measures of a description that declares none.
pub const SECTION: &str = "Description";

/// The measures of a description that declares none.
pub const DEFAULT_TALLIES: &[Tally] = &[
    Tally::game("decisions", "decisions (cards played or laid) per game")
        .chart("Decisions per game", "decisions"),
    Tally::game("stopped", "games stopped at a bound per game"),
];

/// The measures, ends and turns compiled: expressions of the program.
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    /// What the description declares (`None`: the default measures).
    pub declared: Option<Declared>,
    /// The measures as the report takes them.
    pub tallies: Tallies,
    /// Each declared measure's value, and the local holding its seat.
    values: Vec<(XId, Option<u8>)>,
    /// Each named end and its test (a number: not 0 holds).
    ends: Vec<(&'static str, XId)>,
    /// The game's turns (`None`: its decisions).
    turns: Option<XId>,
}

impl Measures {
    /// Every expression the measures evaluate.
    pub fn roots(&self) -> Vec<XId> {
        let values = self.values.iter().map(|v| v.0);
        let ends = self.ends.iter().map(|e| e.1);
        values.chain(ends).chain(self.turns).collect()
    }
}

impl Default for Measures {
    fn default() -> Measures {
        Measures {
            declared: None,
            tallies: Tallies {
                section: SECTION,
                tallies: DEFAULT_TALLIES,
            },
            values: Vec::new(),
            ends: Vec::new(),
            turns: None,
        }
    }
}

/// Compiles `raw`'s measures, ends and turns into `prog`; every problem
/// at its place in `f` (procedure.ron).
pub fn compile(
    f: &SourceFile,
    raw: &ProcedureFile,
    shape: &Shape,
    prog: &mut Program,
) -> Result<Measures, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut out = Measures::default();
    let mut each = |text: &Spanned<String>, what: &str, locals: &[(&str, Ty)], test: bool| {
        let r = expression(f, text, what, shape, prog, locals, test);
        r.map_err(|d| diags.extend(d)).ok()
    };
    let mut declared = Vec::new();
    for m in &raw.measures {
        let of = match (m.per_seat, m.flag) {
            (_, true) => Of::SeatFlag,
            (true, false) => Of::Seat,
            (false, false) => Of::Game,
        };
        let seat: &[(&str, Ty)] = if of == Of::Game {
            &[]
        } else {
            &[("p", Ty::Seat)]
        };
        let what = format!("in measure \"{}\"", m.id.value);
        if let Some((x, ls)) = each(&m.value, &what, seat, m.flag) {
            out.values.push((x, ls.first().copied()));
        }
        declared.push(Declaration {
            key: m.id.value.clone(),
            of,
            label: m.label.clone(),
            chart: m.chart.clone(),
        });
    }
    for (name, test) in &raw.ends {
        let what = format!("in end \"{}\"", name.value);
        if let Some((x, _)) = each(test, &what, &[], true) {
            out.ends.push((interned_str(&name.value), x));
        }
    }
    if let Some(t) = &raw.turns {
        out.turns = each(t, "in turns", &[], false).map(|(x, _)| x);
    }
    check_names(f, raw, &mut diags);
    if !raw.measures.is_empty() {
        let section = raw.section.as_ref().map_or(SECTION, |s| s.value.as_str());
        let d = Declared {
            section: section.to_string(),
            tallies: declared,
        };
        out.tallies = d.interned();
        out.declared = Some(d);
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// The measures' ids and the ends' names each once, at most
/// [`MAX_DECLARED`] measures.
fn check_names(f: &SourceFile, raw: &ProcedureFile, diags: &mut Diagnostics) {
    for (i, m) in raw.measures.iter().enumerate() {
        if i == MAX_DECLARED {
            let e = format!("a description declares at most {MAX_DECLARED} measures");
            diags.push(f.error(&m.id, e));
        }
        if raw.measures[..i].iter().any(|o| o.id.value == m.id.value) {
            diags.push(f.error(
                &m.id,
                format!("measure \"{}\" is declared twice", m.id.value),
            ));
        }
    }
    for (i, (n, _)) in raw.ends.iter().enumerate() {
        if raw.ends[..i].iter().any(|o| o.0.value == n.value) {
            diags.push(f.error(n, format!("end \"{}\" is named twice", n.value)));
        }
    }
}

/// The named tests of `raw` (`derived`) into `shape`, each checked (its
/// problems at its place) with the ones before it, so none names itself.
pub fn derived<'a>(
    f: &SourceFile,
    raw: &'a ProcedureFile,
    shape: &mut Shape<'a>,
    diags: &mut Diagnostics,
) {
    for d in &raw.derived {
        let id = d.id.value.as_str();
        let taken = shape.flags.iter().any(|x| x.0 == id)
            || shape.counters.iter().any(|x| x.0 == id)
            || shape.numbers.iter().any(|x| x.0 == id)
            || shape.derived.iter().any(|x| x.0 == id);
        if taken {
            diags.push(f.error(
                &d.id,
                format!("\"{id}\" already names a flag, counter, number or derived test"),
            ));
            continue;
        }
        let what = format!("in derived test \"{id}\"");
        let mut scratch = Program::default();
        let checked = expression(f, &d.test, &what, shape, &mut scratch, &[], true);
        match (
            checked,
            crate::effects::parse_expression(&format!("[{}]", d.test.value)),
        ) {
            (Ok(_), Ok(e)) => shape.derived.push((id, e)),
            (Err(e), _) => diags.extend(e),
            (Ok(_), Err(_)) => {}
        }
    }
}

/// One expression of `procedure.ron` compiled: a number, or for `test` a
/// test (read as `[<test>]`: 1 if it holds, else 0).
fn expression(
    f: &SourceFile,
    text: &Spanned<String>,
    what: &str,
    shape: &Shape,
    prog: &mut Program,
    locals: &[(&str, Ty)],
    test: bool,
) -> Result<(XId, Vec<u8>), Diagnostics> {
    let (src, shift) = if test {
        (format!("[{}]", text.value), 1)
    } else {
        (text.value.clone(), 0)
    };
    let problems = match crate::effects::parse_expression(&src) {
        Err(e) => vec![Problem::from(e)],
        Ok(e) => match compile::expression(shape, prog, &e, locals, Ty::Num) {
            Ok(x) => return Ok(x),
            Err(ps) => ps,
        },
    };
    let len = text.value.len();
    let back = |p: Problem| Problem {
        span: p.span.start.saturating_sub(shift).min(len)
            ..p.span.end.saturating_sub(shift).min(len),
        ..p
    };
    let problems = problems.into_iter().map(back).collect();
    Err(crate::effects::compile::diagnostics(
        f, text, what, problems,
    ))
}

impl State {
    /// The value of expression `x` at this position, with the local
    /// `seat` (if any) holding seat `p`.
    fn measured(&self, x: XId, seat: Option<u8>, p: usize) -> i64 {
        let mut l = self.core.locals;
        if let Some(s) = seat {
            l[s as usize] = p as i32;
        }
        i64::from(self.core.x(&self.rules, &mut l, x))
    }

    /// The measures of this finished game: the declared ones, else its
    /// decisions and whether it was stopped at a bound.
    pub fn measures(&self) -> Record {
        let r = &*self.rules;
        let m = &r.program.measures;
        let mut counts = Counts::<MAX_DECLARED>::new(r.players);
        if m.declared.is_none() {
            counts.values[0][0] = i64::from(self.core.decisions);
            counts.values[1][0] = i64::from(matches!(
                self.core.end,
                Some(End::DecisionCap(_) | End::StepCap(_))
            ));
        }
        for ((x, seat), (t, v)) in m
            .values
            .iter()
            .zip(m.tallies.tallies.iter().zip(&mut counts.values))
        {
            let seats = if t.of == Of::Game { 1 } else { r.players };
            for (p, v) in v.iter_mut().enumerate().take(seats) {
                let x = self.measured(*x, *seat, p);
                *v = if t.of == Of::SeatFlag {
                    i64::from(x != 0)
                } else {
                    x
                };
            }
        }
        Record {
            tallies: m.tallies,
            counts,
        }
    }

    /// The name of the end of a game the procedure ended: the first named
    /// end whose test holds, if any.
    pub fn named_end(&self) -> Option<&'static str> {
        let ends = &self.rules.program.measures.ends;
        ends.iter()
            .find(|(_, x)| self.measured(*x, None, 0) != 0)
            .map(|e| e.0)
    }

    /// The game's turns (`GameState::turns`: the simulator's report, the
    /// agents' and the arena's turn caps): the declared number, else its
    /// decisions.
    pub fn measured_turns(&self) -> u32 {
        match self.rules.program.measures.turns {
            Some(x) => self.measured(x, None, 0).clamp(0, i64::from(u32::MAX)) as u32,
            None => self.core.decisions,
        }
    }
}
