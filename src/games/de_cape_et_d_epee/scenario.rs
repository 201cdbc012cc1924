//! Scenario files (`ludus scenario run FILE`; docs/de-cape.md
//! section 10.7): the engine's scenarios over a table of columns
//! (`design::columns`: the file, the position, the moves, the expectations,
//! the report), with what is this game's: its state at a position
//! (`position.rs`), its board and moves in words, the seats that lead, and
//! a finished game's final count of the objectives won.

use std::path::Path;
use std::sync::Arc;

use super::position::Position;
use super::state::{Move, State};
use super::{DeCape, Rules};
use crate::design::columns::{self, ColumnScenario, Fault};
use crate::diag::Diagnostics;
use crate::load::{GameDir, SourceFile};

/// Runs the scenario `path` with the rules of `dir`: its report as text,
/// or as one JSON object.
pub fn run_file(path: &Path, dir: &GameDir, json: bool) -> Result<String, Diagnostics> {
    columns::run_file::<DeCape>(path, dir, json)
}

/// [`run_file`] on text already read (`file.path` names it).
pub fn run_source(file: &SourceFile, dir: &GameDir, json: bool) -> Result<String, Diagnostics> {
    columns::run_source::<DeCape>(file, dir, json)
}

impl ColumnScenario for DeCape {
    fn at(rules: Arc<Rules>, seed: u64, pos: &Position, to_move: usize) -> Result<State, Fault> {
        State::at(rules, seed, pos, to_move)
    }
    fn board_text(s: &State) -> String {
        super::board::board(s, None)
    }
    fn move_text(s: &State, m: Move) -> String {
        s.move_text(m)
    }
    fn round(s: &State) -> usize {
        s.round()
    }
    fn starter(s: &State) -> usize {
        s.first_seat()
    }
    fn leaders(s: &State) -> Vec<usize> {
        s.leaders()
    }
    fn count_text(s: &State, p: usize) -> String {
        count_text(s, p)
    }
}

/// Seat `p`'s final count: its objectives, their sum, the count of the
/// six domains if he holds every one, his points (score.rs's).
fn count_text(s: &State, p: usize) -> String {
    let r = s.rules();
    let won: Vec<usize> = s.won(p).collect();
    let names: Vec<String> = won.iter().map(|&i| s.objective_name(i as u8)).collect();
    let sum: i32 = won.iter().map(|&i| i32::from(r.objectives[i].value)).sum();
    let names = if names.is_empty() {
        "no objective".to_string()
    } else {
        names.join(", ")
    };
    let special = every_domain(r, &won).map_or(String::new(), |t| format!("; {t}"));
    format!(
        "{}: {names}; sum {sum}{special} -> {} points",
        r.colours[p].1,
        s.points(p)
    )
}

/// The count of a seat holding every domain, in 003's words ("15 x 2 =
/// 30 30 - 1 = 29"): the best of each domain, doubled, less one per
/// further objective; `None` without every domain.
fn every_domain(r: &Rules, won: &[usize]) -> Option<String> {
    let best = |d: usize| {
        (won.iter())
            .filter(|&&i| usize::from(r.objectives[i].domain) == d)
            .map(|&i| i32::from(r.objectives[i].value))
            .max()
    };
    let best: Vec<i32> = (0..r.domains.len()).map(best).collect::<Option<_>>()?;
    if !r.six_domains {
        return None;
    }
    let total: i32 = best.iter().sum();
    let doubled = total * r.multiplier;
    let less = -r.per_extra_card * (won.len() - best.len()) as i32;
    let terms: Vec<String> = best.iter().map(i32::to_string).collect();
    Some(format!(
        "every domain: {} = {total}, {total} x {} = {doubled}, {doubled} - {less} = {}",
        terms.join(" + "),
        r.multiplier,
        doubled - less
    ))
}
