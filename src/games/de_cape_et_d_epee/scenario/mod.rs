//! Scenario files (`ludus scenario run --game de-cape FILE`): a position
//! written as a person reads the table, the moves typed as at `ludus
//! play`, and what must follow: the columns settled, the cards eliminated,
//! the table after the moves, the points; or a finished game
//! (`final_scoring: true`) and its final scores (docs/de-cape.md section
//! 10.7). `expect.rs` checks, `report.rs` writes the report.

mod expect;
mod report;

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::position::Position;
use super::state::{Event, Phase, State};
use super::{DeCape, Rules};
use crate::design::scenario::{self, RulesNamed, TypedMove};
use crate::diag::Diagnostics;
use crate::load::{GameDir, SourceFile, Spanned};

/// A scenario file; its title, passage and rules head the JSON report.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// What the case shows.
    title: String,
    /// The rulebook's words it checks (file and a few quoted words).
    passage: String,
    players: Spanned<usize>,
    /// `key=value` rules, as `--set` gives them (a toggle's other reading).
    #[serde(default)]
    sets: Vec<Spanned<String>>,
    /// Deals what the position leaves out (reserves, hands not given).
    #[serde(default, skip_serializing)]
    seed: u64,
    /// The position is a finished game: no move, only the final scoring
    /// of the objectives won.
    #[serde(default)]
    final_scoring: bool,
    #[serde(skip_serializing)]
    position: Spanned<Position>,
    /// Moves as typed at `ludus play` ("queen 1": the Queen in column 1).
    #[serde(default, skip_serializing)]
    moves: Vec<Spanned<String>>,
    #[serde(default, skip_serializing)]
    expect: expect::Expect,
}

/// One seat after the moves: colour id and name, hand and discard pile.
#[derive(Serialize)]
struct Seat {
    colour: String,
    #[serde(skip)]
    name: String,
    hand: Vec<String>,
    discard: Vec<String>,
}

/// What a run gives: the report's parts (in JSON, all but the board
/// before).
#[derive(Serialize)]
struct Run {
    #[serde(skip)]
    before: String,
    moves: Vec<TypedMove>,
    settled: Vec<String>,
    eliminated: Vec<String>,
    revealed: Vec<String>,
    after: After,
    /// The moves legal after the moves, each with its colour.
    offered: Vec<String>,
    points: Vec<(String, i32)>,
    /// Each seat's final count in words (a finished game only).
    scoring: Vec<String>,
    /// The colours that win, once the game is over.
    winners: Option<Vec<String>>,
}

/// The table after the moves.
#[derive(Serialize)]
struct After {
    /// The round after the moves, or `None` once the game is over.
    round: Option<usize>,
    /// Each column after the moves (see [`column_line`]).
    table: Vec<String>,
    seats: Vec<Seat>,
    out_of_game: Vec<String>,
}

/// Runs the scenario `path` with the rules of `dir`: its report as text,
/// or as one JSON object.
pub fn run_file(path: &Path, dir: &GameDir, json: bool) -> Result<String, Diagnostics> {
    run_source(&SourceFile::read(path)?, dir, json)
}

/// [`run_file`] on text already read (`file.path` names it).
pub fn run_source(file: &SourceFile, dir: &GameDir, json: bool) -> Result<String, Diagnostics> {
    let sc: ScenarioFile = file.parse()?;
    let run = play(file, &sc, dir)?;
    let mismatches = expect::check(file, &sc.expect, &run);
    let report = scenario::report_in(json, || report::text(&sc, &run), || report::json(&sc, &run));
    // A failing expectation: the whole report in words, then each mismatch.
    scenario::report_or_mismatches(report, mismatches, |n, _, _| {
        let text = report::text(&sc, &run);
        let head = format!("{n} expectation(s) of the scenario fail\n\n{text}");
        file.error_at(0..0, head)
    })
}

fn play(file: &SourceFile, sc: &ScenarioFile, dir: &GameDir) -> Result<Run, Diagnostics> {
    let named = RulesNamed {
        sets: &sc.sets,
        sets_field: "sets",
        players: Some(sc.players.value),
        ..RulesNamed::default()
    };
    let rules = scenario::load_rules::<DeCape>(file, dir, &named)?;
    let to_move = seat_to_move(file, sc, &rules)?;
    let mut s = State::at(Arc::clone(&rules), sc.seed, &sc.position, to_move)
        .map_err(|m| file.error(&sc.position, m))?;
    let before = super::board::board(&s, None);
    let moves = scenario::play_all::<DeCape>(file, &rules, &mut s, &sc.moves, State::move_text)?;
    Ok(outcome(&s, sc.final_scoring, before, moves))
}

/// The colour to move: the position's, or any in a finished game, which
/// has no move.
fn seat_to_move<'a>(
    file: &SourceFile,
    sc: &'a ScenarioFile,
    rules: &'a Rules,
) -> Result<&'a str, Diagnostics> {
    if sc.final_scoring {
        return match sc.moves.first() {
            Some(m) => Err(file
                .error(m, "a finished game (final_scoring: true) has no moves")
                .with_hint("leave `moves` out, or final_scoring out to play them")
                .into()),
            None if sc.position.to_move.is_empty() => Ok(&rules.colours[0].0),
            None => Ok(&sc.position.to_move),
        };
    }
    if sc.position.to_move.is_empty() {
        let d = file.error(&sc.position, "the position names no colour to move");
        let hint = "give `to_move`; only a finished game (final_scoring: true) leaves it out";
        return Err(d.with_hint(hint).into());
    }
    Ok(&sc.position.to_move)
}

/// The report's parts once the moves are played.
fn outcome(s: &State, finished: bool, before: String, moves: Vec<TypedMove>) -> Run {
    let r = s.rules();
    let over = finished || s.phase() == Phase::Over;
    let colour = |p: usize| r.colours[p].0.clone();
    Run {
        before,
        moves,
        settled: (s.events().iter())
            .filter(|e| matches!(e, Event::Settled { .. }))
            .map(|e| s.event_text(e, None))
            .collect(),
        eliminated: cards_told(s, |e| match e {
            Event::Eliminated { card } => Some(*card),
            _ => None,
        }),
        revealed: cards_told(s, |e| match e {
            Event::Revealed { card } => Some(*card),
            _ => None,
        }),
        after: After {
            round: (s.phase() != Phase::Over).then(|| s.round()),
            table: (0..s.columns().len()).map(|c| column_line(s, c)).collect(),
            seats: (0..r.players).map(|p| seat(s, p)).collect(),
            out_of_game: (0..(r.players * r.deck_len()) as u8)
                .filter(|&c| s.is_out(c))
                .map(|c| s.card_name(c))
                .collect(),
        },
        offered: scenario::offered::<DeCape>(r, s, State::move_text),
        points: (0..r.players).map(|p| (colour(p), s.points(p))).collect(),
        scoring: if finished {
            (0..r.players).map(|p| count_text(s, p)).collect()
        } else {
            Vec::new()
        },
        winners: over.then(|| s.leaders().into_iter().map(colour).collect()),
    }
}

/// The cards named by the events `pick` keeps, in order.
fn cards_told(s: &State, pick: impl Fn(&Event) -> Option<u8>) -> Vec<String> {
    (s.events().iter())
        .filter_map(pick)
        .map(|c| s.card_name(c))
        .collect()
}

/// Column `c` as `1 Commerce 5 (realized, sealed): Red Storm, [White
/// King]`: its cards top to bottom, `[...]` face down, a card under a
/// Cloak marked `(tucked)`.
fn column_line(s: &State, c: usize) -> String {
    let col = &s.columns()[c];
    let marks = [(s.is_realized(c), "realized"), (col.sealed, "sealed")];
    let marks: Vec<&str> = marks.iter().filter(|m| m.0).map(|m| m.1).collect();
    let marks = (!marks.is_empty()).then(|| format!(" ({})", marks.join(", ")));
    let card = |&k: &u8| {
        let name = s.card_name(k);
        let name = if s.face_up(k) {
            name
        } else {
            format!("[{name}]")
        };
        name + if s.tucked(k) { " (tucked)" } else { "" }
    };
    let cards: Vec<String> = col.cards.iter().map(card).collect();
    let cards = (!cards.is_empty()).then(|| cards.join(", "));
    let objective = s.objective_name(col.objective);
    let (marks, cards) = (marks.unwrap_or_default(), cards.unwrap_or("no card".into()));
    format!("{} {objective}{marks}: {cards}", c + 1)
}

fn seat(s: &State, p: usize) -> Seat {
    let r = s.rules();
    let kind = |&c: &u8| r.kinds[r.kind_of(c)].name.clone();
    Seat {
        colour: r.colours[p].0.clone(),
        name: r.colours[p].1.clone(),
        hand: s.hand(p).iter().map(kind).collect(),
        discard: s.discard(p).iter().map(|&c| s.card_name(c)).collect(),
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
