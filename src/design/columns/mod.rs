//! Scenario files of a game played on the engine's table of columns
//! (`effects::columns`; `ludus scenario run --game GAME FILE`): a position
//! written as a person reads the table ([`Position`]), the moves typed as
//! at `ludus play`, and what must follow: the columns settled, the cards
//! eliminated and turned up, the table after the moves, the points; or a
//! finished game (`final_scoring: true`) and its final count.
//!
//! The engine reads the file, sets the position up, plays the moves,
//! checks the expectations (`expect.rs`) and writes the report as text or
//! one JSON object (`report.rs`). A game gives what is its own through
//! [`ColumnScenario`]: its state at a position, its board, its moves and
//! final count in words, the round, the seats that lead.

mod expect;
mod position;
mod report;

pub use position::{Cards, Layout, Position, seat};

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Designer;
use super::scenario::{self, RulesNamed, TypedMove};
use crate::diag::Diagnostics;
use crate::effects::columns::table::{Event, MAX_CARDS, TUCKED, UP};
use crate::effects::columns::{ColumnRules, Names, Tabled};
use crate::engine::{Actor, GameState, Scored};
use crate::load::{GameDir, SourceFile, Spanned};
use crate::play::i18n::Lang;
use crate::play::{MoveOf, Playable};

/// What a game on the table of columns gives its scenario files; the
/// engine does the rest. Its state holds the table ([`Tabled`]) and
/// counts its points ([`Scored`]); its event log is the table's.
pub trait ColumnScenario:
    Playable<Event = Event> + Designer<Rules: Names, State: Tabled<Rules = Self::Rules> + Scored>
{
    /// The state play would have reached at `pos` in the first round,
    /// `to_move` (a seat's id) to play, or what is wrong with the
    /// position (see [`Layout`]).
    fn at(
        rules: Arc<Self::Rules>,
        seed: u64,
        pos: &Position,
        to_move: &str,
    ) -> Result<Self::State, String>;
    /// The table in words, every card shown (the report's "Before").
    fn board_text(s: &Self::State) -> String;
    /// Move `m` of the seat to act in `s`, in words.
    fn move_text(s: &Self::State, m: MoveOf<Self>) -> String;
    /// The round being played.
    fn round(s: &Self::State) -> usize;
    /// The seats that share the best result (one unless a tie stands).
    fn leaders(s: &Self::State) -> Vec<usize>;
    /// Seat `p`'s final count in words (a finished game's report).
    fn count_text(s: &Self::State, p: usize) -> String;
}

/// A scenario file; its title, passage and rules head the JSON report.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// The game, as `--game` names it (`ludus scenario run` reads it;
    /// docs/scenarios.md section 9.1).
    #[serde(default, skip_serializing)]
    #[allow(dead_code)]
    game: Option<String>,
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
    /// The position is a finished game: no move, only the final count of
    /// the objectives won.
    #[serde(default)]
    final_scoring: bool,
    #[serde(skip_serializing)]
    position: Spanned<Position>,
    /// Moves as typed at `ludus play` (a kind and a column, say).
    #[serde(default, skip_serializing)]
    moves: Vec<Spanned<String>>,
    #[serde(default, skip_serializing)]
    expect: expect::Expect,
}

/// One seat after the moves: its id and name, hand (by kind) and discard
/// pile (bottom to top).
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
    /// The moves legal after the moves, each after its seat's name.
    offered: Vec<String>,
    points: Vec<(String, i32)>,
    /// Each seat's final count in words (a finished game only).
    scoring: Vec<String>,
    /// The seats that win, once the game is over.
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

/// Runs the scenario `path` of game `G` with the rules of `dir`: its
/// report as text, or as one JSON object.
pub fn run_file<G: ColumnScenario>(
    path: &Path,
    dir: &GameDir,
    json: bool,
) -> Result<String, Diagnostics> {
    run_source::<G>(&SourceFile::read(path)?, dir, json)
}

/// [`run_file`] on text already read (`file.path` names it). A failing
/// expectation gives the whole report in words, then each mismatch.
pub fn run_source<G: ColumnScenario>(
    file: &SourceFile,
    dir: &GameDir,
    json: bool,
) -> Result<String, Diagnostics> {
    let sc: ScenarioFile = file.parse()?;
    let run = play::<G>(file, &sc, dir)?;
    let mismatches = expect::check(file, &sc.expect, &run);
    let report = scenario::report_in(json, || report::text(&sc, &run), || report::json(&sc, &run));
    scenario::report_or_mismatches(report, mismatches, |n, _, _| {
        let text = report::text(&sc, &run);
        let head = format!("{n} expectation(s) of the scenario fail\n\n{text}");
        file.error_at(0..0, head)
    })
}

/// Loads the rules, sets the position up and plays the moves.
fn play<G: ColumnScenario>(
    file: &SourceFile,
    sc: &ScenarioFile,
    dir: &GameDir,
) -> Result<Run, Diagnostics> {
    let named = RulesNamed {
        sets: &sc.sets,
        sets_field: "sets",
        players: Some(sc.players.value),
        ..RulesNamed::default()
    };
    let rules = scenario::load_rules::<G>(file, dir, &named)?;
    let to_move = seat_to_move(file, sc, &*rules)?;
    let mut s = G::at(Arc::clone(&rules), sc.seed, &sc.position, to_move)
        .map_err(|m| file.error(&sc.position, m))?;
    let before = G::board_text(&s);
    let moves = scenario::play_all::<G>(file, &rules, &mut s, &sc.moves, G::move_text)?;
    Ok(outcome::<G>(&s, sc.final_scoring, before, moves))
}

/// The seat to move: the position's, or any in a finished game, which has
/// no move.
fn seat_to_move<'a>(
    file: &SourceFile,
    sc: &'a ScenarioFile,
    rules: &'a impl Names,
) -> Result<&'a str, Diagnostics> {
    if sc.final_scoring {
        return match sc.moves.first() {
            Some(m) => Err(file
                .error(m, "a finished game (final_scoring: true) has no moves")
                .with_hint("leave `moves` out, or final_scoring out to play them")
                .into()),
            None if sc.position.to_move.is_empty() => Ok(rules.seat(0).0),
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

/// The report's parts once the moves are played (`finished`: the position
/// was a finished game).
fn outcome<G: ColumnScenario>(
    s: &G::State,
    finished: bool,
    before: String,
    moves: Vec<TypedMove>,
) -> Run {
    let r = s.rules();
    let ended = matches!(s.current_actor(), Actor::Terminal);
    let over = finished || ended;
    let id = |p: usize| r.seat(p).0.to_string();
    let events = G::events(s);
    Run {
        before,
        moves,
        settled: (events.iter())
            .filter(|e| matches!(e, Event::Settled { .. }))
            .map(|e| G::event_words(Lang::En, r, e, None))
            .collect(),
        eliminated: cards_told(r, events, |e| match e {
            Event::Eliminated { card } => Some(*card),
            _ => None,
        }),
        revealed: cards_told(r, events, |e| match e {
            Event::Revealed { card } => Some(*card),
            _ => None,
        }),
        after: After {
            round: (!ended).then(|| G::round(s)),
            table: (0..s.table().columns.len())
                .map(|c| column_line(s, c))
                .collect(),
            seats: (0..r.seats()).map(|p| seat_after(s, p)).collect(),
            out_of_game: out_of_game(s),
        },
        offered: scenario::offered::<G>(r, s, G::move_text),
        points: (0..r.seats()).map(id).zip(s.scores()).collect(),
        scoring: if finished {
            (0..r.seats()).map(|p| G::count_text(s, p)).collect()
        } else {
            Vec::new()
        },
        winners: over.then(|| G::leaders(s).into_iter().map(id).collect()),
    }
}

/// The cards named by the events `pick` keeps, in order.
fn cards_told(
    r: &impl Names,
    events: &[Event],
    pick: impl Fn(&Event) -> Option<u8>,
) -> Vec<String> {
    events
        .iter()
        .filter_map(pick)
        .map(|c| r.card_name(c))
        .collect()
}

/// Column `c` as `1 Head (realized, sealed): Seat Kind, [Seat Kind]`: its
/// number from 1, the card heading it ([`Names::head`]), its marks, its
/// cards top to bottom, `[...]` face down, a card tucked under another
/// marked `(tucked)`; `no card` for an empty column.
pub fn column_line(s: &impl Tabled, c: usize) -> String {
    let (r, t) = (s.rules(), s.table());
    let col = &t.columns[c];
    let marks = [(t.is_realized(r, c), "realized"), (col.sealed, "sealed")];
    let marks: Vec<&str> = marks.iter().filter(|m| m.0).map(|m| m.1).collect();
    let marks = (!marks.is_empty()).then(|| format!(" ({})", marks.join(", ")));
    let card = |&k: &u8| {
        let name = r.card_name(k);
        let flags = t.flags[k as usize];
        let name = if flags & UP != 0 {
            name
        } else {
            format!("[{name}]")
        };
        name + if flags & TUCKED != 0 { " (tucked)" } else { "" }
    };
    let cards: Vec<String> = col.cards.iter().map(card).collect();
    let cards = (!cards.is_empty()).then(|| cards.join(", "));
    let head = r.head(col.objective);
    let (marks, cards) = (marks.unwrap_or_default(), cards.unwrap_or("no card".into()));
    format!("{} {head}{marks}: {cards}", c + 1)
}

/// Seat `p` after the moves: its hand by kind, its discard pile by card.
fn seat_after(s: &impl Tabled, p: usize) -> Seat {
    let (r, t) = (s.rules(), s.table());
    let (colour, name) = r.seat(p);
    Seat {
        colour: colour.to_string(),
        name: name.to_string(),
        hand: (t.hands[p].iter())
            .map(|&c| r.kind(r.kind_of(c)).1.to_string())
            .collect(),
        discard: t.discards[p].iter().map(|&c| r.card_name(c)).collect(),
    }
}

/// The cards out of the game, in the cards' order (only cards of the game
/// are ever out of it).
fn out_of_game(s: &impl Tabled) -> Vec<String> {
    let (r, t) = (s.rules(), s.table());
    (0..MAX_CARDS as u8)
        .filter(|&c| t.is_out(c))
        .map(|c| r.card_name(c))
        .collect()
}
