//! Scenario files (`ludus scenario run --game de-cape FILE`): a position
//! written as a person reads the table, the moves typed as at `ludus
//! play`, and what must follow: the columns settled, the cards eliminated,
//! the points (docs/de-cape.md section 10.7).

use std::fmt::Write;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::DeCape;
use super::position::Position;
use super::state::{Event, State};
use crate::diag::Diagnostics;
use crate::engine::{Game, GameState, Selection};
use crate::load::{GameDir, SourceFile, Spanned};
use crate::play::Playable;
use crate::play::i18n::Lang;
use crate::play::input::{Command, parse_line};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// What the case shows.
    title: String,
    /// The rulebook's words it checks (file and a few quoted words).
    passage: String,
    players: Spanned<usize>,
    /// `key=value` rules, as `--set` gives them (a toggle's other reading).
    #[serde(default)]
    sets: Vec<String>,
    /// Deals what the position leaves out (reserves, hands not given).
    #[serde(default)]
    seed: u64,
    position: Spanned<PositionFile>,
    /// Moves as typed at `ludus play` ("queen 1": the Queen in column 1).
    moves: Vec<Spanned<String>>,
    #[serde(default)]
    expect: Expect,
}

/// [`Position`]'s fields, owned.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionFile {
    to_move: String,
    columns: Vec<(String, Vec<(String, String)>)>,
    #[serde(default)]
    hands: Vec<(String, Vec<String>)>,
    #[serde(default)]
    won: Vec<(String, Vec<String>)>,
    #[serde(default)]
    sealed: Vec<usize>,
}

/// What must hold after the moves; each part is checked only if given.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// Each column settled, as the game tells it.
    settled: Option<Spanned<Vec<String>>>,
    /// The cards eliminated, by name, in order.
    eliminated: Option<Spanned<Vec<String>>>,
    /// Each colour's points.
    points: Option<Spanned<Vec<(String, i32)>>>,
}

/// Each colour's list of card ids, borrowed.
fn pairs(v: &[(String, Vec<String>)]) -> Vec<(&str, Vec<&str>)> {
    v.iter()
        .map(|(c, ks)| (c.as_str(), ks.iter().map(String::as_str).collect()))
        .collect()
}

impl PositionFile {
    fn borrowed(&self) -> Position<'_> {
        Position {
            to_move: &self.to_move,
            columns: (self.columns.iter())
                .map(|(o, cs)| (o.as_str(), cs.iter().map(|(a, b)| (&**a, &**b)).collect()))
                .collect(),
            hands: pairs(&self.hands),
            won: pairs(&self.won),
            sealed: self.sealed.clone(),
        }
    }
}

/// What a run gives: the report's parts.
struct Run {
    before: String,
    moves: Vec<(String, Vec<String>)>,
    settled: Vec<String>,
    eliminated: Vec<String>,
    points: Vec<(String, i32)>,
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
    // A failing expectation: the whole report, then each mismatch.
    check(file, &sc.expect, &run).map_err(|mismatches| {
        let n = mismatches.0.len();
        let head = format!(
            "{n} expectation(s) of the scenario fail\n\n{}",
            text_report(&sc, &run)
        );
        let mut all = Diagnostics::from(file.error_at(0..0, head));
        all.0.extend(mismatches.0);
        all
    })?;
    Ok(if json {
        json_report(&sc, &run)
    } else {
        text_report(&sc, &run)
    })
}

fn play(file: &SourceFile, sc: &ScenarioFile, dir: &GameDir) -> Result<Run, Diagnostics> {
    let sel = Selection {
        players: Some(sc.players.value),
        sets: sc.sets.clone(),
        ..Selection::default()
    };
    let rules = DeCape::load(dir, &sel)?.rules;
    let mut s = State::at(Arc::clone(&rules), sc.seed, &sc.position.borrowed())
        .map_err(|m| file.error(&sc.position, m))?;
    let before = super::board::board(&s, None);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    for line in &sc.moves {
        s.legal_moves(&mut legal);
        let typed = parse_line(Lang::En, legal.len(), line, |words, line| {
            DeCape::parse_move(Lang::En, &s, &legal, words, line)
        });
        let Ok(Command::Move(i)) = typed else {
            let legal: Vec<String> = legal.iter().map(|&m| s.move_text(m)).collect();
            let d = file.error(line, format!("\"{}\" is not one legal move here", **line));
            return Err(d
                .with_hint(format!("legal here: {}", legal.join("; ")))
                .into());
        };
        let (who, text) = (s.actor() as usize, s.move_text(legal[i]));
        let from = s.events().len();
        s.apply_legal(legal[i]);
        let told = s.events()[from..].iter().map(|e| s.event_text(e, None));
        moves.push((format!("{}: {text}", rules.colours[who].1), told.collect()));
    }
    let events = s.events();
    let text = |e: &Event| s.event_text(e, None);
    Ok(Run {
        before,
        moves,
        settled: (events.iter())
            .filter(|e| matches!(e, Event::Settled { .. }))
            .map(text)
            .collect(),
        eliminated: (events.iter())
            .filter_map(|e| match e {
                Event::Eliminated { card } => Some(s.card_name(*card)),
                _ => None,
            })
            .collect(),
        points: (0..rules.players)
            .map(|p| (rules.colours[p].0.clone(), s.points(p)))
            .collect(),
    })
}

/// Every expectation given, each mismatch at its line.
fn check(file: &SourceFile, e: &Expect, run: &Run) -> Result<(), Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut one = |what: &str, want: Option<String>, got: String, at: Option<&Spanned<()>>| {
        if let (Some(want), Some(at)) = (want, at)
            && want != got
        {
            diags.push(file.error(at, format!("{what}: expected {want}, got {got}")));
        }
    };
    let unit = |x: Option<&Spanned<Vec<String>>>| x.map(|s| s.with_value(()));
    let list = |v: &[String]| format!("[{}]", v.join("; "));
    let points = |v: &[(String, i32)]| {
        let each: Vec<String> = v.iter().map(|(c, n)| format!("{c} {n}")).collect();
        each.join(", ")
    };
    let settled = e.settled.as_ref();
    one(
        "settled",
        settled.map(|x| list(x)),
        list(&run.settled),
        unit(settled).as_ref(),
    );
    let gone = e.eliminated.as_ref();
    one(
        "eliminated",
        gone.map(|x| list(x)),
        list(&run.eliminated),
        unit(gone).as_ref(),
    );
    let want = e.points.as_ref();
    let at = want.map(|x| x.with_value(()));
    one(
        "points",
        want.map(|x| points(x)),
        points(&run.points),
        at.as_ref(),
    );
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

fn text_report(sc: &ScenarioFile, run: &Run) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Scenario: {}\nPassage: {}", sc.title, sc.passage);
    let sets = if sc.sets.is_empty() {
        "the default toggles".to_string()
    } else {
        sc.sets.join(", ")
    };
    let _ = writeln!(
        o,
        "Rules: {} players, {sets}\n\nBefore:\n{}",
        *sc.players,
        run.before.trim_end()
    );
    let _ = writeln!(o, "\nMoves:");
    for (n, (mv, told)) in run.moves.iter().enumerate() {
        let _ = writeln!(o, "{}. {mv}", n + 1);
        for t in told {
            let _ = writeln!(o, "     {t}");
        }
    }
    let _ = writeln!(o, "\nColumns settled:");
    for t in &run.settled {
        let _ = writeln!(o, "  {t}");
    }
    let _ = writeln!(o, "Eliminated: {}", or_none(&run.eliminated));
    let points: Vec<String> = run.points.iter().map(|(c, n)| format!("{c} {n}")).collect();
    let _ = writeln!(o, "Points: {}", points.join(", "));
    o
}

fn or_none(v: &[String]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

fn json_report(sc: &ScenarioFile, run: &Run) -> String {
    let moves: Vec<_> = (run.moves.iter())
        .map(|(m, told)| serde_json::json!({ "move": m, "events": told }))
        .collect();
    let points: Vec<_> = (run.points.iter())
        .map(|(c, n)| serde_json::json!([c, n]))
        .collect();
    let j = serde_json::json!({
        "title": sc.title,
        "passage": sc.passage,
        "players": *sc.players,
        "sets": sc.sets,
        "moves": moves,
        "settled": run.settled,
        "eliminated": run.eliminated,
        "points": points,
    });
    format!("{j:#}\n")
}
