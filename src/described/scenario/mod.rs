//! Scenario files of any described game (`ludus scenario run FILE`;
//! docs/scenarios.md section 9): the game the file is for, its rules (a
//! number of players, a variant, add-ons, `key=value` settings), a
//! position stating every fact of the description (`position.rs`: each
//! zone's cards in order, in the game's words, faces and owners, the
//! counters, the phase play starts in; the cards not named shuffled by
//! the seed), the moves typed as at `ludus play`, and what must follow
//! (`expect.rs`). The report (`report.rs`) shows the position, each move
//! with what it caused in the game's words, the position after, the moves
//! offered and the scores, as text or one JSON object.
//!
//! Nothing here names a game: cards, zones, counters and phases are the
//! rules folder's.

mod cards;
mod cells;
mod expect;
mod position;
mod report;

use std::path::Path;

use serde::Deserialize;

use super::state::{Event, Move, State};
use super::{Described, view};
use crate::design::scenario::{self, RulesNamed, TypedMove};
use crate::diag::Diagnostics;
use crate::engine::Scored;
use crate::load::{GameDir, SourceFile, Spanned};
use crate::play::i18n::Lang;

/// A scenario file of a described game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// The game, as `--game` names it; `ludus scenario run` reads it.
    #[allow(dead_code)]
    game: Spanned<String>,
    /// What the case shows.
    title: String,
    /// The rulebook's words it checks, quoted.
    passage: String,
    /// The number of players (default: the game's).
    #[serde(default)]
    players: Option<Spanned<usize>>,
    #[serde(default)]
    variant: Option<Spanned<String>>,
    #[serde(default)]
    addons: Vec<Spanned<String>>,
    /// `key=value` rules, as `--set` gives them (a toggle's reading).
    #[serde(default)]
    sets: Vec<Spanned<String>>,
    /// Shuffles what the position leaves out, and the game's chance.
    #[serde(default)]
    seed: u64,
    /// The position play starts at (default: a new game from the seed).
    #[serde(default)]
    position: Option<position::Position>,
    /// Moves as typed at `ludus play` ("play gold 3").
    #[serde(default)]
    moves: Vec<Spanned<String>>,
    #[serde(default)]
    expect: expect::Expect,
}

/// What a run gives: the report's parts.
pub struct Run {
    /// The rules in force in words.
    rules: String,
    before: report::Board,
    /// What happened before the first decision (a position at a phase
    /// that runs on by itself).
    start: Vec<String>,
    moves: Vec<TypedMove>,
    /// Every sentence the game told (its `tell`s and its end), in order.
    told: Vec<String>,
    after: report::Board,
    /// The moves legal now, by option: `seat — option: card, card`.
    offered: Vec<String>,
    scores: Vec<(String, i32)>,
    /// `running`, or how the game ended.
    end: String,
    /// Once the game is over, the seats with the best score.
    winners: Option<Vec<String>>,
    checked: Vec<&'static str>,
}

/// Runs the scenario `path` on the described game of `dir`: its report as
/// text, or as one JSON object; a failing expectation gives the whole
/// report in words, then each mismatch at its entry.
pub fn run_file(path: &Path, dir: &GameDir, json: bool) -> Result<String, Diagnostics> {
    let file = SourceFile::read(path)?;
    let sc: ScenarioFile = file.parse()?;
    let named = RulesNamed {
        variant: sc.variant.as_ref(),
        addons: &sc.addons,
        sets: &sc.sets,
        sets_field: "sets",
        players: sc.players.as_ref().map(|p| p.value),
    };
    let rules = scenario::load_rules::<Described>(&file, dir, &named)?;
    let mut s = position::state_at(&file, &rules, sc.seed, sc.position.as_ref())?;
    let before = report::board(&s);
    s.run();
    let start = grouped(&s, s.events());
    let mut moves = scenario::play_all::<Described>(&file, &rules, &mut s, &sc.moves, move_text)?;
    regroup(&s, &mut moves);
    let mut run = outcome(&s, rules_words(&sc, rules.players), before, start, moves);
    let (mismatches, checked) = expect::check(&file, &sc.expect, &s, &run);
    run.checked = checked;
    let text = || report::text(&sc, &run);
    let out = scenario::report_in(json, text, || report::json(&sc, &run));
    scenario::report_or_mismatches(out, mismatches, |n, _, _| {
        let head = format!("{n} expectation(s) of the scenario fail\n\n{}", text());
        file.error_at(0..0, head)
    })
}

/// The rules in force, in words.
fn rules_words(sc: &ScenarioFile, players: usize) -> String {
    let mut parts = vec![format!("{players} players")];
    parts.extend(sc.variant.iter().map(|v| v.to_string()));
    parts.extend(sc.addons.iter().map(|a| a.to_string()));
    parts.extend(sc.sets.iter().map(|a| a.to_string()));
    if sc.variant.is_none() && sc.addons.is_empty() && sc.sets.is_empty() {
        parts.push("the default toggles".into());
    }
    parts.join(", ")
}

/// Move `m` of the seat deciding in `s`, in English words.
pub fn move_text(s: &State, m: Move) -> String {
    let seat = s.actor().unwrap_or(0);
    view::move_words(&s.rules, Lang::En, seat, s.core.waiting.map(|w| w.0), m)
}

/// Card `c` of pile `p` in a report: its name, face up or not, and who
/// played it where the pile is the table's.
pub fn card_in(s: &State, p: usize, c: u8) -> String {
    let up = s.core.up.get(c);
    cards::card_words(
        &s.rules,
        c,
        up,
        s.core.owner[c as usize],
        s.rules.piles[p].1,
    )
}

/// Each move's events, grouped as [`grouped`] does (the moves were
/// played with `play_all`, which gives one line an event).
fn regroup(s: &State, moves: &mut [TypedMove]) {
    let mut chose = s
        .events()
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Chose { .. }));
    let starts: Vec<usize> = (0..moves.len())
        .filter_map(|_| chose.next().map(|(i, _)| i))
        .collect();
    let all = s.events();
    for (n, m) in moves.iter_mut().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(all.len());
        m.events = grouped(s, &all[starts[n]..end]);
    }
}

/// Events in words, every card named: cards moved from one pile to
/// another in a row are one line; decisions are their moves' lines.
fn grouped(s: &State, events: &[Event]) -> Vec<String> {
    let r = &*s.rules;
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        match events[i] {
            Event::Moved { from, to, .. } => {
                let mut names = Vec::new();
                while let Some(Event::Moved {
                    card,
                    from: f,
                    to: t,
                    ..
                }) = events.get(i)
                {
                    if (*f, *t) != (from, to) {
                        break;
                    }
                    names.push(view::card_name(r, Lang::En, *card));
                    i += 1;
                }
                let mut args = fluent_bundle::FluentArgs::new();
                args.set("card", names.join(", "));
                args.set("from", view::pile_name(r, from as usize));
                args.set("to", view::pile_name(r, to as usize));
                out.push(r.words.format(Lang::En, "moved", Some(&args)));
                continue;
            }
            Event::Shuffled(p) => {
                out.push(format!("{} is shuffled", view::pile_name(r, p as usize)))
            }
            Event::Chose { .. } => {}
            ref e => out.extend(view::event_words(s, Lang::En, e, None)),
        }
        i += 1;
    }
    out
}

/// The sentences told (the `tell`s and the end), in order.
fn told(s: &State) -> Vec<String> {
    (s.events().iter())
        .filter(|e| matches!(e, Event::Told { .. } | Event::Ended(_)))
        .filter_map(|e| view::event_words(s, Lang::En, e, None))
        .collect()
}

/// The report's parts once the moves are played.
fn outcome(
    s: &State,
    rules: String,
    before: report::Board,
    start: Vec<String>,
    moves: Vec<TypedMove>,
) -> Run {
    let r = &*s.rules;
    let over = s.is_over();
    Run {
        rules,
        before,
        start,
        moves,
        told: told(s),
        after: report::board(s),
        offered: report::offered(s),
        scores: (0..r.players)
            .map(|p| (r.seats[p].1.clone(), s.points(p)))
            .collect(),
        end: s.end_reason().unwrap_or("running").to_string(),
        winners: over.then(|| s.leaders().iter().map(|&p| r.seats[p].1.clone()).collect()),
        checked: Vec::new(),
    }
}
