//! Scenarios: a rule case written as data, run into a report that a person
//! checks against the rulebook.
//!
//! A scenario file (RON, documented in docs/scenarios.md) names the rules (a
//! variant, add-ons, `key=value` settings), a [`Position`] written as a
//! person reads the table, and a script of moves written with names (the
//! same decisions the CLI and the agents take, reaction windows and draws
//! included). Running it checks every step: a position that breaks the rules
//! or a move that is not legal where it is played is a [`Diagnostic`] at its
//! line of the file, with the legal moves as hints. The report shows the
//! position before, each move and its events in words (every card named,
//! face-down ones included), the position after and the scores;
//! [`run_file`] returns it as text or JSON (`ludus scenario run FILE
//! [--json]` prints exactly that string).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use ron::value::RawValue;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

use super::CaesarCleopatra;
use super::events::Event;
use super::model::{Counts, Face, Kind, MAX_KINDS, Rules};
use super::moves::{Move, Reserve, Target};
use super::position::{Entry, Position, VotePile, parse_card};
use super::state::{Phase, State};
use super::text;
use super::variant;
use crate::design::scenario::{self, Checks, RulesNamed, indent, wrap};
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::{GameDir, SourceFile, Spanned, nearest};

// ----- The file format -------------------------------------------------------

/// A scenario file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile<'a> {
    /// One line: the rulebook and the case.
    title: String,
    /// The rulebook it follows ("000"), for the report's header.
    #[serde(default)]
    rulebook: Option<String>,
    /// The rulebook's passage this scenario shows, quoted.
    #[serde(default)]
    quote: Option<String>,
    /// A variant id (`ludus variants list`): required.
    variant: Spanned<String>,
    #[serde(default)]
    addons: Vec<Spanned<String>>,
    /// `key=value` settings, as `--set` takes them.
    #[serde(default)]
    set: Vec<Spanned<String>>,
    /// Seed of the state's random stream (shuffles of unstated reserves,
    /// decks and missions; reshuffles).
    #[serde(default)]
    seed: u64,
    #[serde(borrow, default)]
    position: Option<&'a RawValue>,
    #[serde(borrow, default)]
    script: Vec<&'a RawValue>,
    #[serde(borrow, default)]
    expect: Option<&'a RawValue>,
}

/// One step of a script: a move by whoever must decide, or a move that the
/// rules must refuse.
#[derive(Debug, Clone, Deserialize)]
enum Step {
    /// Stay passive.
    Pass,
    /// Place an influence card from the hand at a group (`"[3]"`: face down).
    Place(String, String),
    /// Place no second card.
    EndPlacement,
    /// Play an action card (by type id), in one's turn or as a reaction.
    Play(String),
    /// An effect's choice of a group (also where a taken card goes).
    ChooseGroup(String),
    /// An effect's choice of a card on the table: owner, group, card.
    ChooseCard(String, String, String),
    /// An effect's choice of a card in a hand: owner, card.
    ChooseHand(String, String),
    /// Let a reaction window pass, or skip an optional draw.
    Decline,
    /// Passive turn: discard a card from the hand.
    Discard(String),
    /// Passive turn: stop discarding.
    EndDiscard,
    /// Draw one card from a reserve.
    Draw(Pile),
    /// Turn up the next vote card.
    DrawVote,
    /// This player may not make this move now (the step checks it and
    /// changes nothing).
    Refused(String, Box<Step>),
    /// Whoever decides now may make each of these moves (an expectation:
    /// the step checks it and changes nothing).
    Offered(Vec<Step>),
    /// Whoever decides now may make none of these moves.
    NotOffered(Vec<Step>),
    /// The legal moves now are exactly these (`[]`: none, the game is over).
    OnlyOffered(Vec<Step>),
}

/// The steps and how each is written, for messages.
const STEPS: [(&str, &str); 16] = [
    ("Pass", "Pass"),
    (
        "Place",
        "Place(\"[3]\", \"senators\") (a card, \"[..]\" for face down, and a group)",
    ),
    ("EndPlacement", "EndPlacement"),
    (
        "Play",
        "Play(\"<id>\") (an action card's type id, from cards.ron)",
    ),
    ("ChooseGroup", "ChooseGroup(\"senators\")"),
    (
        "ChooseCard",
        "ChooseCard(\"caesar\", \"senators\", \"4\") (owner, group, card)",
    ),
    ("ChooseHand", "ChooseHand(\"caesar\", \"5\") (owner, card)"),
    ("Decline", "Decline"),
    ("Discard", "Discard(\"3\")"),
    ("EndDiscard", "EndDiscard"),
    ("Draw", "Draw(Influence) or Draw(Action)"),
    ("DrawVote", "DrawVote"),
    (
        "Refused",
        "Refused(\"caesar\", Place(\"[5]\", \"censors\")) (a faction and a step)",
    ),
    (
        "Offered",
        "Offered([Draw(Influence), Decline]) (a list of steps)",
    ),
    ("NotOffered", "NotOffered([Decline]) (a list of steps)"),
    (
        "OnlyOffered",
        "OnlyOffered([Draw(Influence), Draw(Action)]) (a list of steps, [] for none)",
    ),
];

#[derive(Debug, Clone, Copy, Deserialize)]
enum Pile {
    Influence,
    Action,
}

/// What must hold once the script is played (each field optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Expect {
    /// Points per faction id.
    scores: Option<BTreeMap<String, u32>>,
    /// A faction id, or "draw" (the game must be over).
    winner: Option<String>,
    /// How the game ended ("all_patricians", "no_influence", "lone_player",
    /// "turn_cap"), or "running".
    end: Option<String>,
    /// Per faction id, the patricians won per group id (groups not named: 0).
    won: Option<BTreeMap<String, BTreeMap<String, u8>>>,
    /// Per group id, per faction id, the cards there in any order (a faction
    /// not named has none).
    table: Option<BTreeMap<String, BTreeMap<String, Vec<String>>>>,
    /// The faction who must decide next.
    to_act: Option<String>,
    /// Per faction id, the hand in any order.
    hands: Option<BTreeMap<String, CardsExpect>>,
    /// Per faction id, the reserves: top first, or their sizes.
    reserves: Option<BTreeMap<String, ReservesExpect>>,
    /// Per faction id, the discard pile in any order.
    discards: Option<BTreeMap<String, CardsExpect>>,
    /// Per faction id, the cards out of the game in any order.
    removed: Option<BTreeMap<String, CardsExpect>>,
    /// The vote draw pile, top first.
    vote_deck: Option<CardsExpect>,
    /// The vote cards turned up, in any order.
    vote_discard: Option<CardsExpect>,
    /// The vote cards out of the game, in any order.
    vote_removed: Option<CardsExpect>,
    /// The frozen groups, exactly.
    frozen: Option<Vec<String>>,
}

/// The place of each field of `expect` (a mirror of [`Expect`] read from
/// the same text), so that a mismatch is reported at its field.
#[derive(Default, Deserialize)]
#[serde(default)]
struct ExpectSpans {
    scores: Option<Spanned<IgnoredAny>>,
    winner: Option<Spanned<IgnoredAny>>,
    end: Option<Spanned<IgnoredAny>>,
    won: Option<Spanned<IgnoredAny>>,
    table: Option<Spanned<IgnoredAny>>,
    to_act: Option<Spanned<IgnoredAny>>,
    hands: Option<Spanned<IgnoredAny>>,
    reserves: Option<Spanned<IgnoredAny>>,
    discards: Option<Spanned<IgnoredAny>>,
    removed: Option<Spanned<IgnoredAny>>,
    vote_deck: Option<Spanned<IgnoredAny>>,
    vote_discard: Option<Spanned<IgnoredAny>>,
    vote_removed: Option<Spanned<IgnoredAny>>,
    frozen: Option<Spanned<IgnoredAny>>,
}

/// A pile of cards as expected: its cards, or only how many.
#[derive(Debug, Clone)]
enum CardsExpect {
    Count(u64),
    Cards(Vec<String>),
}

impl<'de> Deserialize<'de> for CardsExpect {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CardsExpect;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of cards, or how many cards (a number)")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<CardsExpect, E> {
                Ok(CardsExpect::Count(n))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<CardsExpect, A::Error> {
                let mut cards = Vec::new();
                while let Some(c) = seq.next_element::<String>()? {
                    cards.push(c);
                }
                Ok(CardsExpect::Cards(cards))
            }
        }
        d.deserialize_any(V)
    }
}

/// A faction's reserves as expected (a reserve not named is not checked).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct ReservesExpect {
    influence: Option<CardsExpect>,
    action: Option<CardsExpect>,
}

/// A map key or list entry with its place, for the position's checks.
#[derive(Deserialize)]
#[serde(transparent)]
struct Key(Spanned<String>);

impl PartialEq for Key {
    fn eq(&self, o: &Self) -> bool {
        self.0.value == o.0.value
    }
}
impl Eq for Key {}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Key {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.value.cmp(&o.0.value)
    }
}

type Cards = Vec<Spanned<String>>;

/// The position's entries with their places (a mirror of [`Position`], read
/// from the same text; `Position` itself reports unknown fields).
#[derive(Default, Deserialize)]
#[serde(default)]
struct PositionSpans {
    to_move: Option<Spanned<String>>,
    groups: BTreeMap<Key, GroupSpans>,
    hands: BTreeMap<Key, Cards>,
    reserves: BTreeMap<Key, ReserveSpans>,
    discards: BTreeMap<Key, Cards>,
    removed: BTreeMap<Key, Cards>,
    won: BTreeMap<Key, BTreeMap<Key, Spanned<u8>>>,
    vote_deck: Option<Cards>,
    vote_discard: Cards,
    vote_removed: Cards,
    missions: BTreeMap<Key, Cards>,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct GroupSpans {
    left: Option<Spanned<u8>>,
    frozen: Option<Spanned<bool>>,
    cards: BTreeMap<Key, Cards>,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct ReserveSpans {
    influence: Cards,
    action: Cards,
}

// ----- Running ---------------------------------------------------------------

/// One step as played.
struct Played {
    line: usize,
    /// The player who decided (or, for a refused move, who was refused;
    /// for a check of the moves offered, who decides).
    actor: usize,
    /// The step as written in script notation.
    script: String,
    /// The move in words (for a check of the moves offered: what holds).
    words: String,
    /// A refused move: why, in words.
    refused: Option<String>,
    /// A check of the moves offered (`Offered` and the like): whether it
    /// holds.
    holds: Option<bool>,
    /// Events it caused (indices into the final state's log).
    events: Range<usize>,
    /// The cards at each group before the step, per player and kind.
    groups_before: Vec<[Counts; 2]>,
}

/// A scenario, run.
struct Run {
    title: String,
    rulebook: Option<String>,
    quote: Option<String>,
    rules_line: String,
    variant: String,
    addons: Vec<String>,
    sets: Vec<String>,
    seed: u64,
    before: State,
    /// Events logged while the position was set up.
    start_events: Range<usize>,
    steps: Vec<Played>,
    after: State,
    checked: Vec<&'static str>,
    /// Expectations that do not hold (the checks of the moves offered in
    /// the script, then `expect`), each at its line.
    mismatches: Diagnostics,
}

/// Runs the scenario file at `path` with the rules of `rules_dir` and
/// returns its report: readable text, or one JSON object when `json`. A
/// scenario that does not parse or contradicts the rules (position, moves)
/// gives diagnostics at its lines. One whose expectations fail (`expect`,
/// or the moves offered at a step) gives a first diagnostic holding the
/// whole report, then one per mismatch, at its line.
pub fn run_file(
    path: &Path,
    rules_dir: impl Into<GameDir>,
    json: bool,
) -> Result<String, Diagnostics> {
    let file = SourceFile::read(path)?;
    run_source(&file, rules_dir, json)
}

/// Like [`run_file`], but no expectation is checked (`expect`, `Offered`
/// and the like): the report of a scenario being written, whose
/// expectations may still be wrong.
pub fn run_file_unchecked(
    path: &Path,
    rules_dir: impl Into<GameDir>,
    json: bool,
) -> Result<String, Diagnostics> {
    let file = SourceFile::read(path)?;
    Ok(report(&run(&file, &rules_dir.into(), false)?, json))
}

/// Like [`run_file`], for a scenario already read.
pub fn run_source(
    file: &SourceFile,
    rules_dir: impl Into<GameDir>,
    json: bool,
) -> Result<String, Diagnostics> {
    let run = run(file, &rules_dir.into(), true)?;
    let text = report(&run, json);
    // The report first (a reader needs it to see why), then each mismatch.
    scenario::report_or_mismatches(text, run.mismatches, |n, first, text| Diagnostic {
        span: None,
        message: format!(
            "{n} expectation{} of the scenario fail{}; the report of the run, then each:\n\n{}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" },
            text.trim_end()
        ),
        hints: Vec::new(),
        ..first.clone()
    })
}

fn report(run: &Run, json: bool) -> String {
    scenario::report_in(json, || run.text(), || run.json())
}

fn run(file: &SourceFile, rules_dir: &GameDir, check: bool) -> Result<Run, Diagnostics> {
    let sc = parse_scenario(file, rules_dir)?;
    let named = RulesNamed {
        variant: Some(&sc.variant),
        addons: &sc.addons,
        sets: &sc.set,
        sets_field: "set",
        players: None,
    };
    let rules = scenario::load_rules::<CaesarCleopatra>(file, rules_dir, &named)?;
    let mut s = start_state(file, &rules, &sc)?;
    let before = s.clone();
    let start_events = 0..s.events().len();

    // The script.
    let mut steps = Vec::new();
    let mut mismatches = Diagnostics::default();
    for raw in &sc.script {
        let step = parse_step(file, raw)?;
        let span = file.span_of(raw.get_ron());
        let played = match &step {
            Step::Refused(who, inner) => refused(file, &span, &s, who, inner)?,
            Step::Offered(list) | Step::NotOffered(list) | Step::OnlyOffered(list) => {
                let (played, miss) = offered(file, &span, &s, &step, list)?;
                if let Some(d) = miss {
                    mismatches.push(d);
                }
                played
            }
            _ => play(file, &span, &mut s, &step)?,
        };
        steps.push(played);
    }

    // The expectations.
    let checked = match sc.expect {
        Some(raw) => {
            let text = raw.get_ron();
            let e: Expect = file.parse_part(text)?;
            let at: ExpectSpans = file.parse_part(text)?;
            let (checked, miss) = check_expect(&e, &at, &s, file, file.span_of(text));
            mismatches.extend(miss);
            checked
        }
        None => Vec::new(),
    };
    if !check {
        mismatches = Diagnostics::default();
    }

    let mut rules_line = sc.variant.value.clone();
    for a in &sc.addons {
        let _ = write!(rules_line, " + {}", a.value);
    }
    for x in &sc.set {
        let _ = write!(rules_line, ", {}", x.value);
    }
    Ok(Run {
        title: sc.title,
        rulebook: sc.rulebook,
        quote: sc.quote,
        rules_line,
        variant: sc.variant.value.clone(),
        addons: sc.addons.iter().map(|a| a.value.clone()).collect(),
        sets: sc.set.iter().map(|a| a.value.clone()).collect(),
        seed: sc.seed,
        before,
        start_events,
        steps,
        after: s,
        checked,
        mismatches,
    })
}

/// Reads the scenario file's fields (a missing variant lists them).
fn parse_scenario<'a>(
    file: &'a SourceFile,
    rules_dir: &GameDir,
) -> Result<ScenarioFile<'a>, Diagnostics> {
    file.parse_borrowed().map_err(|d| {
        let mut d = d;
        if d.message == "missing field `variant`" {
            d.message = "the scenario names no variant".into();
            d.hints
                .push("write the rules it follows, e.g. variant: \"fr-confiance\"".into());
            if let Ok(list) = variant::list(rules_dir) {
                let ids: Vec<&str> = list
                    .iter()
                    .filter(|v| !v.addon)
                    .map(|v| v.id.as_str())
                    .collect();
                d.hints.push(format!("variants: {}", ids.join(", ")));
            }
        } else {
            d.hints
                .push("docs/scenarios.md describes the scenario format".to_string());
        }
        Diagnostics::from(d)
    })
}

/// The state of the scenario's position, its problems reported at their
/// entries (or at the position when no entry is to blame).
fn start_state(
    file: &SourceFile,
    rules: &Arc<Rules>,
    sc: &ScenarioFile,
) -> Result<State, Diagnostics> {
    let Some(raw) = sc.position else {
        return Position::default()
            .into_state(rules.clone(), sc.seed)
            .map_err(|errs| {
                let mut d = Diagnostics::default();
                for e in errs {
                    d.push(file.error_at(0..0, format!("the position: {e}")));
                }
                d
            });
    };
    let text = raw.get_ron();
    let spans: PositionSpans = file.parse_part(text)?;
    // `Position` reports unknown fields and wrong types.
    let position: Position = file.parse_part(text)?;
    let mut diags = Diagnostics::default();
    check_position(rules, file, &spans, &mut diags);
    if !diags.is_empty() {
        diags.0.sort_by_key(|d| (d.line, d.col));
        return Err(diags);
    }
    let pos_at = file.span_of(text);
    position.into_state(rules.clone(), sc.seed).map_err(|errs| {
        let mut d = Diagnostics::default();
        for e in errs {
            let at =
                e.at.as_ref()
                    .and_then(|entry| entry_span(&spans, entry, &file.text));
            d.push(file.error_at(
                at.unwrap_or_else(|| pos_at.clone()),
                format!("the position: {e}"),
            ));
        }
        d.0.sort_by_key(|d| (d.line, d.col));
        d
    })
}

/// Where an entry of the position is written.
fn entry_span(ps: &PositionSpans, entry: &Entry, text: &str) -> Option<Range<usize>> {
    match entry {
        Entry::ToMove => ps.to_move.as_ref()?.span_in(text),
        Entry::Frozen(g) => ps
            .groups
            .iter()
            .find(|(k, _)| k.0.value == *g)?
            .1
            .frozen
            .as_ref()?
            .span_in(text),
        Entry::VoteCard(pile, i) => {
            let cards = match pile {
                VotePile::Deck => ps.vote_deck.as_ref()?,
                VotePile::Discard => &ps.vote_discard,
                VotePile::Removed => &ps.vote_removed,
            };
            cards.get(*i)?.span_in(text)
        }
    }
}

/// Reads one step of the script; a misspelled step or one with the wrong
/// arguments is reported with the steps' forms.
fn parse_step(file: &SourceFile, raw: &RawValue) -> Result<Step, Diagnostics> {
    file.parse_part(raw.get_ron()).map_err(|mut d| {
        // A misspelled step: say so, and suggest the nearest.
        if let Some(found) = d.message.strip_prefix("unknown value `")
            && d.hints.iter().any(|h| h.contains("Pass, Place"))
        {
            let found = found.trim_end_matches('`').to_string();
            d.message = format!("unknown step `{found}`");
            let names = STEPS.iter().map(|(n, _)| *n);
            d.hints = nearest(&found, names.clone())
                .map(|s| format!("did you mean `{s}`?"))
                .into_iter()
                .chain([format!(
                    "the steps are: {}",
                    names.collect::<Vec<_>>().join(", ")
                )])
                .collect();
        }
        // A step with the wrong arguments: show its form.
        if let Some((name, form)) = STEPS
            .iter()
            .find(|(n, _)| d.message.contains(&format!("Step::{n} ")))
        {
            d.message = d
                .message
                .replace(&format!("Step::{name}"), &format!("`{name}`"));
            d.hints.push(format!("write {form}"));
        } else if let Some((_, form)) = STEPS.iter().find(|(n, _)| {
            // Arguments of the wrong shape (`Offered(Pass)`): the form of
            // the step the text starts with.
            let t = file.text.get(file.span_of(raw.get_ron())).unwrap_or("");
            t.strip_prefix(n)
                .is_some_and(|rest| rest.trim_start().starts_with('('))
        }) {
            d.hints.push(format!("write {form}"));
        }
        Diagnostics::from(d)
    })
}

/// Plays a move step, which must be legal.
fn play(
    file: &SourceFile,
    span: &Range<usize>,
    s: &mut State,
    step: &Step,
) -> Result<Played, Diagnostics> {
    let rules = s.rules_arc().clone();
    let m = to_move(&rules, step).map_err(|e| file_error(file, span, e))?;
    let mut legal = Vec::new();
    s.legal(&mut legal);
    let actor = s.actor();
    if !legal.contains(&m) {
        return Err(illegal(file, span.clone(), s, m, &legal).into());
    }
    let at = s.events().len();
    let words = words(s, actor, m);
    let groups_before = group_cards(s);
    s.apply_move(m);
    if let Err(e) = s.check_invariants() {
        return Err(file
            .error_at(
                span.clone(),
                format!("engine invariant broken after this move: {e}"),
            )
            .into());
    }
    Ok(Played {
        line: file.line_col(span.start).0,
        actor,
        script: step_notation(&rules, m),
        words,
        refused: None,
        holds: None,
        events: at..s.events().len(),
        groups_before,
    })
}

/// A `Refused` step: the player named may not make the move now (if he
/// may, the scenario is wrong: an error at the step).
fn refused(
    file: &SourceFile,
    span: &Range<usize>,
    s: &State,
    who: &str,
    inner: &Step,
) -> Result<Played, Diagnostics> {
    let rules = s.rules();
    let p = rules.faction_by_id(who).ok_or_else(|| {
        Diagnostics::from(unknown(file, span, "faction", who, faction_ids(rules)))
    })?;
    let m = to_move(rules, inner).map_err(|e| file_error(file, span, e))?;
    let mut legal = Vec::new();
    s.legal(&mut legal);
    let actor = s.actor();
    let words = text::move_text(rules, p, m);
    let why = if s.phase() == Phase::GameOver {
        "the game is over".to_string()
    } else if actor != p {
        format!(
            "the decision is {}'s: {}",
            rules.factions[actor].name,
            legal_summary(rules, actor, &legal)
        )
    } else if legal.contains(&m) {
        return Err(file
            .error_at(
                span.clone(),
                format!(
                    "{} may {words} here: the scenario says it is refused",
                    rules.factions[p].name
                ),
            )
            .into());
    } else if legal.len() <= 6 {
        format!("the legal moves: {}", legal_summary(rules, actor, &legal))
    } else {
        format!("none of the {} legal moves", legal.len())
    };
    let at = s.events().len();
    Ok(Played {
        line: file.line_col(span.start).0,
        actor: p,
        script: step_notation(rules, m),
        words,
        refused: Some(why),
        holds: None,
        events: at..at,
        groups_before: group_cards(s),
    })
}

/// A check of the moves offered now (`Offered`, `NotOffered`,
/// `OnlyOffered`): the step as played, and the mismatch if it fails.
fn offered(
    file: &SourceFile,
    span: &Range<usize>,
    s: &State,
    step: &Step,
    list: &[Step],
) -> Result<(Played, Option<Diagnostic>), Diagnostics> {
    let r = s.rules();
    let moves = list
        .iter()
        .map(|st| to_move(r, st))
        .collect::<Result<Vec<Move>, _>>()
        .map_err(|e| file_error(file, span, e))?;
    let mut legal = Vec::new();
    s.legal(&mut legal);
    let over = s.phase() == Phase::GameOver;
    let actor = s.actor();
    let name = &r.factions[actor].name;
    let say = |ms: &[Move]| -> String {
        let v: Vec<String> = ms.iter().map(|&m| words(s, actor, m)).collect();
        v.join("; ")
    };
    let offered: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| legal.contains(m))
        .collect();
    let missing: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| !legal.contains(m))
        .collect();
    let (which, holds) = match step {
        Step::Offered(_) => ("Offered", missing.is_empty()),
        Step::NotOffered(_) => ("NotOffered", offered.is_empty()),
        _ => (
            "OnlyOffered",
            missing.is_empty() && legal.iter().all(|m| moves.contains(m)),
        ),
    };
    let legal_words = if over {
        "the game is over: no move".to_string()
    } else if legal.len() <= 6 {
        format!("{name} decides; the legal moves: {}", say(&legal))
    } else {
        format!("{name} decides among {} legal moves", legal.len())
    };
    let words = match (step, holds) {
        (Step::Offered(_), true) => format!("{name} is offered: {}", say(&moves)),
        (Step::NotOffered(_), true) if over => "the game is over: no move".to_string(),
        (Step::NotOffered(_), true) => format!("{name} is not offered: {}", say(&moves)),
        (_, true) if over => "the game is over: no move".to_string(),
        (_, true) => format!("{name}'s only moves: {}", say(&legal)),
        (Step::Offered(_), false) => format!("not offered: {} ({legal_words})", say(&missing)),
        (Step::NotOffered(_), false) => format!("offered: {} ({legal_words})", say(&offered)),
        (_, false) => format!("the moves differ ({legal_words})"),
    };
    let notation: Vec<String> = moves.iter().map(|&m| step_notation(r, m)).collect();
    let miss = (!holds).then(|| {
        let mut d = file.error_at(span.clone(), format!("{which}: {words}"));
        if !over {
            for &l in &legal {
                d.hints.push(format!(
                    "{:<44} {}",
                    step_notation(r, l),
                    text::move_text(r, actor, l)
                ));
            }
        }
        d
    });
    let at = s.events().len();
    let played = Played {
        line: file.line_col(span.start).0,
        actor,
        script: format!("{which}([{}])", notation.join(", ")),
        words,
        refused: None,
        holds: Some(holds),
        events: at..at,
        groups_before: group_cards(s),
    };
    Ok((played, miss))
}

fn file_error(
    file: &SourceFile,
    span: &Range<usize>,
    (msg, hints): (String, Vec<String>),
) -> Diagnostics {
    let mut d = file.error_at(span.clone(), msg);
    d.hints = hints;
    d.into()
}

fn unknown(
    file: &SourceFile,
    span: &Range<usize>,
    what: &str,
    id: &str,
    ids: Vec<String>,
) -> Diagnostic {
    let mut d = file.error_at(span.clone(), format!("unknown {what} \"{id}\""));
    if let Some(n) = nearest(id, ids.iter().map(|s| s.as_str())) {
        d.hints.push(format!("did you mean \"{n}\"?"));
    }
    d.hints.push(format!("{what}s: {}", ids.join(", ")));
    d
}

fn faction_ids(r: &Rules) -> Vec<String> {
    r.factions.iter().map(|f| f.id.clone()).collect()
}

fn group_ids(r: &Rules) -> Vec<String> {
    r.groups.iter().map(|g| g.id.clone()).collect()
}

// ----- Moves in script notation ---------------------------------------------

type StepError = (String, Vec<String>);

fn lookup_group(r: &Rules, id: &str) -> Result<u8, StepError> {
    r.group_by_id(id)
        .ok_or_else(|| unknown_id("group", id, group_ids(r)))
}

fn lookup_faction(r: &Rules, id: &str) -> Result<u8, StepError> {
    r.faction_by_id(id)
        .map(|p| p as u8)
        .ok_or_else(|| unknown_id("faction", id, faction_ids(r)))
}

fn unknown_id(what: &str, id: &str, ids: Vec<String>) -> StepError {
    let mut hints = Vec::new();
    if let Some(n) = nearest(id, ids.iter().map(|s| s.as_str())) {
        hints.push(format!("did you mean \"{n}\"?"));
    }
    hints.push(format!("{what}s: {}", ids.join(", ")));
    (format!("unknown {what} \"{id}\""), hints)
}

fn lookup_card(r: &Rules, t: &str, influence: Option<bool>) -> Result<(Kind, Face), StepError> {
    let (k, face) = parse_card(r, t).map_err(|e| (e, vec![]))?;
    match influence {
        Some(true) if !r.is_influence(k) => Err((
            format!("\"{t}\" is an action card, not an influence card"),
            vec!["an action card is played with Play(\"id\")".into()],
        )),
        Some(false) if r.is_influence(k) => Err((
            format!("\"{t}\" is an influence card, not an action card"),
            vec!["an influence card is placed with Place(\"3\", \"group\")".into()],
        )),
        _ => Ok((k, face)),
    }
}

/// The engine's move for a step (a refused step's inner move).
fn to_move(r: &Rules, step: &Step) -> Result<Move, StepError> {
    Ok(match step {
        Step::Pass => Move::Pass,
        Step::Place(card, group) => {
            let (kind, face) = lookup_card(r, card, Some(true))?;
            Move::Place {
                kind,
                group: lookup_group(r, group)?,
                face,
            }
        }
        Step::EndPlacement => Move::EndPlacement,
        Step::Play(card) => Move::PlayAction(lookup_card(r, card, Some(false))?.0),
        Step::ChooseGroup(g) => Move::Choose(Target::Group(lookup_group(r, g)?)),
        Step::ChooseCard(owner, group, card) => {
            let (kind, face) = lookup_card(r, card, Some(true))?;
            Move::Choose(Target::TableCard {
                owner: lookup_faction(r, owner)?,
                group: lookup_group(r, group)?,
                kind,
                face,
            })
        }
        Step::ChooseHand(owner, card) => Move::Choose(Target::HandCard {
            owner: lookup_faction(r, owner)?,
            kind: lookup_card(r, card, None)?.0,
        }),
        Step::Decline => Move::Decline,
        Step::Discard(card) => Move::Discard(lookup_card(r, card, None)?.0),
        Step::EndDiscard => Move::EndDiscard,
        Step::Draw(Pile::Influence) => Move::Draw(Reserve::Influence),
        Step::Draw(Pile::Action) => Move::Draw(Reserve::Action),
        Step::DrawVote => Move::DrawVote,
        Step::Refused(..) | Step::Offered(_) | Step::NotOffered(_) | Step::OnlyOffered(_) => {
            return Err((
                "Refused(..), Offered(..), NotOffered(..) and OnlyOffered(..) name moves: \
                 they cannot be nested"
                    .into(),
                vec!["write Refused(\"faction\", Move) or Offered([Move, ...])".into()],
            ));
        }
    })
}

/// A move as a scenario script writes it.
pub fn step_notation(r: &Rules, m: Move) -> String {
    let card = |k: Kind, face| text::card_notation(r, k, face);
    let group = |g: u8| r.groups[g as usize].id.as_str();
    let faction = |p: u8| r.factions[p as usize].id.as_str();
    match m {
        Move::ArrangeAction(k) => format!("(setup: order {})", card(k, Face::Up)),
        Move::SetupPlace(k) => format!("(setup: place {})", card(k, Face::Down)),
        Move::Pass => "Pass".into(),
        Move::Place {
            kind,
            group: g,
            face,
        } => {
            format!("Place(\"{}\", \"{}\")", card(kind, face), group(g))
        }
        Move::EndPlacement => "EndPlacement".into(),
        Move::PlayAction(k) => format!("Play(\"{}\")", card(k, Face::Up)),
        Move::Choose(Target::Group(g)) => format!("ChooseGroup(\"{}\")", group(g)),
        Move::Choose(Target::TableCard {
            owner,
            group: g,
            kind,
            face,
        }) => format!(
            "ChooseCard(\"{}\", \"{}\", \"{}\")",
            faction(owner),
            group(g),
            card(kind, face)
        ),
        Move::Choose(Target::HandCard { owner, kind }) => format!(
            "ChooseHand(\"{}\", \"{}\")",
            faction(owner),
            card(kind, Face::Up)
        ),
        Move::Decline => "Decline".into(),
        Move::Discard(k) => format!("Discard(\"{}\")", card(k, Face::Up)),
        Move::EndDiscard => "EndDiscard".into(),
        Move::Draw(Reserve::Influence) => "Draw(Influence)".into(),
        Move::Draw(Reserve::Action) => "Draw(Action)".into(),
        Move::DrawVote => "DrawVote".into(),
    }
}

/// The legal moves in words, listed when few, else counted.
fn legal_summary(r: &Rules, actor: usize, legal: &[Move]) -> String {
    if legal.len() <= 6 {
        let v: Vec<String> = legal
            .iter()
            .map(|&m| text::move_text(r, actor, m))
            .collect();
        v.join("; ")
    } else {
        format!("{} legal moves", legal.len())
    }
}

/// A move in words, saying what a `Decline` declines.
fn words(s: &State, actor: usize, m: Move) -> String {
    if m == Move::Decline
        && s.phase() == Phase::Effect
        && let Some(f) = s.frames.last()
    {
        let card = s.rules().card_name(f.player as usize, f.card);
        return if f.awaiting_reaction {
            format!("let {card} pass (no answer)")
        } else {
            "draw no card".to_string()
        };
    }
    text::move_text(s.rules(), actor, m)
}

/// The error for a move that is not legal: where, why, and what is.
fn illegal(
    file: &SourceFile,
    span: Range<usize>,
    s: &State,
    m: Move,
    legal: &[Move],
) -> Diagnostic {
    let r = s.rules();
    if s.phase() == Phase::GameOver {
        let why = s
            .end_reason_of()
            .map_or("over".to_string(), |e| e.label().replace('_', " "));
        return file.error_at(
            span,
            format!("the game is over ({why}): no move can follow"),
        );
    }
    let actor = s.actor();
    let name = &r.factions[actor].name;
    let mut d = file.error_at(
        span,
        format!(
            "illegal move: {name} cannot {} here ({})",
            text::move_text(r, actor, m),
            text::phase_words(s.phase())
        ),
    );
    d.hints
        .push(format!("{name} decides now; the legal moves are:"));
    for &l in legal {
        d.hints.push(format!(
            "{:<44} {}",
            step_notation(r, l),
            text::move_text(r, actor, l)
        ));
    }
    d
}

// ----- The position's checks, at their lines -------------------------------

/// Checks the position against the rules, reporting each problem at the
/// entry that causes it (what `Position::into_state` would refuse).
fn check_position(r: &Rules, file: &SourceFile, ps: &PositionSpans, diags: &mut Diagnostics) {
    let mut c = PositionCheck {
        r,
        file,
        diags,
        all: Vec::new(),
    };
    if let Some(t) = &ps.to_move
        && r.faction_by_id(&t.value).is_none()
    {
        let span = t.span_in(&file.text).unwrap_or(0..0);
        c.diags
            .push(unknown(file, &span, "faction", &t.value, faction_ids(r)));
    }
    let won = c.won(ps);
    let mut left: Vec<u8> = r
        .groups
        .iter()
        .enumerate()
        .map(|(g, gd)| gd.size.saturating_sub(won[g][0] + won[g][1]))
        .collect();
    for (gk, gp) in &ps.groups {
        let Some(g) = c.group(gk) else { continue };
        c.group_cards(g, gp, &won, &mut left);
    }
    c.hands(ps);
    c.piles(ps);
    c.deck_counts();
    c.vote_cards(ps);
    c.missions(ps);
}

/// The checks of a position, in file order of their kind: the rules, the
/// file, the problems found, and every card met so far with its owner and
/// kind (to count them against the decks).
struct PositionCheck<'a> {
    r: &'a Rules,
    file: &'a SourceFile,
    diags: &'a mut Diagnostics,
    /// Every card of the position: where it starts in the file, its owner,
    /// its kind, and its entry.
    all: Vec<(usize, usize, Kind, &'a Spanned<String>)>,
}

impl<'a> PositionCheck<'a> {
    /// Reports `msg` at an entry.
    fn err(&mut self, at: &Spanned<String>, msg: String) {
        self.diags.push(self.file.error(at, msg));
    }

    /// Where an entry starts in the file (0 if unknown).
    fn start(&self, c: &Spanned<String>) -> usize {
        c.span_in(&self.file.text).map_or(0, |s| s.start)
    }

    /// The faction a key names (a problem if none).
    fn faction(&mut self, k: &Key) -> Option<usize> {
        let f = self.r.faction_by_id(&k.0.value);
        if f.is_none() {
            let span = k.0.span_in(&self.file.text).unwrap_or(0..0);
            let ids = faction_ids(self.r);
            self.diags
                .push(unknown(self.file, &span, "faction", &k.0.value, ids));
        }
        f
    }

    /// The group a key names (a problem if none).
    fn group(&mut self, k: &Key) -> Option<usize> {
        let g = self.r.group_by_id(&k.0.value).map(|g| g as usize);
        if g.is_none() {
            let span = k.0.span_in(&self.file.text).unwrap_or(0..0);
            let ids = group_ids(self.r);
            self.diags
                .push(unknown(self.file, &span, "group", &k.0.value, ids));
        }
        g
    }

    /// A card in notation (a problem if it names none).
    fn card(&mut self, c: &Spanned<String>) -> Option<(Kind, Face)> {
        match parse_card(self.r, &c.value) {
            Ok(x) => Some(x),
            Err(e) => {
                self.err(c, e);
                None
            }
        }
    }

    /// The patricians won, per group and player: no more than a group has.
    fn won(&mut self, ps: &PositionSpans) -> Vec<[u8; 2]> {
        let r = self.r;
        let mut won = vec![[0u8; 2]; r.groups.len()];
        for (fk, groups) in &ps.won {
            let p = self.faction(fk);
            for (gk, n) in groups {
                if let (Some(p), Some(g)) = (p, self.group(gk)) {
                    won[g][p] = n.value;
                    let gd = &r.groups[g];
                    if won[g][0] + won[g][1] > gd.size {
                        self.diags.push(self.file.error(
                            n,
                            format!(
                                "{} {} won: the group has {} patricians",
                                won[g][0] + won[g][1],
                                gd.name,
                                gd.size
                            ),
                        ));
                    }
                }
            }
        }
        won
    }

    /// Group `g`: the patricians `left` (with those `won`, its size), and
    /// its cards: influence cards only, within the limits of a side and of
    /// a group, none where every patrician is won.
    fn group_cards(&mut self, g: usize, gp: &'a GroupSpans, won: &[[u8; 2]], left: &mut [u8]) {
        let r = self.r;
        let gd = &r.groups[g];
        if let Some(l) = &gp.left {
            let w = won[g][0] + won[g][1];
            if l.value + w != gd.size {
                self.diags.push(self.file.error(
                    l,
                    format!(
                        "{} {} left and {w} won make {}, the group has {}",
                        l.value,
                        gd.name,
                        l.value + w,
                        gd.size
                    ),
                ));
            }
            left[g] = l.value;
        }
        let mut here: Vec<&Spanned<String>> = Vec::new();
        for (fk, cards) in &gp.cards {
            let Some(p) = self.faction(fk) else {
                continue;
            };
            for (i, c) in cards.iter().enumerate() {
                if self.side_card(g, p, i, cards.len(), c) {
                    here.push(c);
                }
            }
        }
        here.sort_by_key(|c| self.start(c));
        if here.len() > r.limits.per_group as usize {
            self.err(
                here[r.limits.per_group as usize],
                format!(
                    "a card too many: the {} would hold {} cards, at most {} lie at a group",
                    gd.name,
                    here.len(),
                    r.limits.per_group
                ),
            );
        }
        if left[g] == 0
            && let Some(c) = here.first()
        {
            self.err(
                c,
                format!("the {} are all won: no card can lie there", gd.name),
            );
        }
    }

    /// Card `c`, the `i`-th of the `n` of player `p` at group `g`: an
    /// influence card within the limit of a side. Whether it lies there.
    fn side_card(
        &mut self,
        g: usize,
        p: usize,
        i: usize,
        n: usize,
        c: &'a Spanned<String>,
    ) -> bool {
        let r = self.r;
        let gd = &r.groups[g];
        let Some((k, _)) = self.card(c) else {
            return false;
        };
        if !r.is_influence(k) {
            self.err(
                c,
                format!(
                    "\"{}\" at the {}: only influence cards lie at a group",
                    c.value, gd.name
                ),
            );
            return false;
        }
        if i == r.limits.per_side as usize {
            self.err(
                c,
                format!(
                    "a card too many: {} would have {n} cards at the {}, at most {} \
                     cards of one player lie at a group",
                    r.factions[p].name, gd.name, r.limits.per_side
                ),
            );
        }
        self.all.push((self.start(c), p, k, c));
        true
    }

    /// The hands: no more cards than the hand size.
    fn hands(&mut self, ps: &'a PositionSpans) {
        let r = self.r;
        for (fk, cards) in &ps.hands {
            let Some(p) = self.faction(fk) else {
                continue;
            };
            for (i, c) in cards.iter().enumerate() {
                let Some((k, _)) = self.card(c) else {
                    continue;
                };
                if i == r.limits.hand_size as usize {
                    self.err(
                        c,
                        format!(
                            "a card too many: {} would hold {} cards, the hand size is {}",
                            r.factions[p].name,
                            cards.len(),
                            r.limits.hand_size
                        ),
                    );
                }
                self.all.push((self.start(c), p, k, c));
            }
        }
    }

    /// Discard piles, cards out of the game, and the reserves (influence
    /// cards in the influence reserve, action cards in the action one).
    fn piles(&mut self, ps: &'a PositionSpans) {
        for (fk, cards) in ps.discards.iter().chain(&ps.removed) {
            let Some(p) = self.faction(fk) else {
                continue;
            };
            for c in cards {
                if let Some((k, _)) = self.card(c) {
                    self.all.push((self.start(c), p, k, c));
                }
            }
        }
        for (fk, res) in &ps.reserves {
            let Some(p) = self.faction(fk) else {
                continue;
            };
            for (pile, cards, influence) in [
                ("influence", &res.influence, true),
                ("action", &res.action, false),
            ] {
                for c in cards {
                    let Some((k, _)) = self.card(c) else {
                        continue;
                    };
                    if self.r.is_influence(k) != influence {
                        let msg = format!(
                            "\"{}\" cannot be in {}'s {pile} reserve",
                            c.value, self.r.factions[p].name
                        );
                        self.err(c, msg);
                        continue;
                    }
                    self.all.push((self.start(c), p, k, c));
                }
            }
        }
    }

    /// No more cards of a kind than the deck has: the first one too many,
    /// in file order, is reported.
    fn deck_counts(&mut self) {
        let r = self.r;
        let mut all = std::mem::take(&mut self.all);
        all.sort_by_key(|x| x.0);
        let mut used = vec![[0u32; 2]; r.kinds.len()];
        for (_, p, k, c) in all {
            used[k.ix()][p] += 1;
            let deck = r.factions[p].deck[k.ix()] as u32;
            if used[k.ix()][p] == deck + 1 {
                self.err(
                    c,
                    format!(
                        "a card too many: {}'s deck has {deck} cards \"{}\" ({}), this is one more",
                        r.factions[p].name,
                        text::card_notation(r, k, Face::Up),
                        r.card_name(p, k)
                    ),
                );
            }
        }
    }

    /// The vote cards in the deck, turned up and out of the game: known
    /// ones, no more copies than the deck has.
    fn vote_cards(&mut self, ps: &PositionSpans) {
        let r = self.r;
        let mut vote_used = vec![0u32; r.vote_cards.len()];
        let vote_ids: Vec<String> = {
            let mut v: Vec<String> = r.vote_cards.iter().map(|c| c.id.clone()).collect();
            v.dedup();
            v
        };
        for c in ps
            .vote_deck
            .iter()
            .flatten()
            .chain(&ps.vote_discard)
            .chain(&ps.vote_removed)
        {
            let copies: Vec<usize> = (0..r.vote_cards.len())
                .filter(|&i| r.vote_cards[i].id == c.value)
                .collect();
            if copies.is_empty() {
                let span = c.span_in(&self.file.text).unwrap_or(0..0);
                self.diags.push(unknown(
                    self.file,
                    &span,
                    "vote card",
                    &c.value,
                    vote_ids.clone(),
                ));
                continue;
            }
            match copies.iter().find(|&&i| vote_used[i] == 0) {
                Some(&i) => vote_used[i] = 1,
                None => self.err(
                    c,
                    format!(
                        "a vote card too many: the deck has {} \"{}\"",
                        copies.len(),
                        c.value
                    ),
                ),
            }
        }
    }

    /// The missions dealt: known ones, no more copies than there are.
    fn missions(&mut self, ps: &PositionSpans) {
        let r = self.r;
        let mission_ids: Vec<String> = {
            let mut v: Vec<String> = r.missions.iter().map(|m| m.id.clone()).collect();
            v.dedup();
            v
        };
        let mut dealt = vec![false; r.missions.len()];
        for (fk, ms) in &ps.missions {
            let _ = self.faction(fk);
            for m in ms {
                let copies: Vec<usize> = (0..r.missions.len())
                    .filter(|&i| r.missions[i].id == m.value)
                    .collect();
                if copies.is_empty() {
                    let span = m.span_in(&self.file.text).unwrap_or(0..0);
                    self.diags.push(unknown(
                        self.file,
                        &span,
                        "mission card",
                        &m.value,
                        mission_ids.clone(),
                    ));
                    continue;
                }
                match copies.iter().find(|&&i| !dealt[i]) {
                    Some(&i) => dealt[i] = true,
                    None => self.err(
                        m,
                        format!(
                            "a mission card too many: there are {} \"{}\"",
                            copies.len(),
                            m.value
                        ),
                    ),
                }
            }
        }
    }
}

// ----- Expectations ----------------------------------------------------------

/// Checks `expect` against the state once the script is played: the fields
/// checked, and one mismatch per fact that does not hold, at its field.
fn check_expect(
    e: &Expect,
    at: &ExpectSpans,
    s: &State,
    file: &SourceFile,
    whole: Range<usize>,
) -> (Vec<&'static str>, Diagnostics) {
    let mut c = Checker {
        s,
        r: s.rules(),
        c: Checks::new(file, whole),
    };
    // In the order of the report's "Checked:" line.
    c.outcome(e, at);
    c.table(e, at);
    c.actor(e, at);
    c.frozen(e, at);
    c.zones(e, at);
    c.votes(e, at);
    (c.c.checked, c.c.mismatches)
}

/// The state an `expect` is checked against, and what the check found.
struct Checker<'a> {
    s: &'a State,
    r: &'a Rules,
    c: Checks<'a>,
}

impl Checker<'_> {
    /// Starts checking a field: mismatches are reported at it.
    fn field(&mut self, name: &'static str, at: &Option<Spanned<IgnoredAny>>) {
        self.c.field(name, at.as_ref());
    }

    fn fail(&mut self, msg: String) {
        self.c.fail(msg);
    }

    /// An id of `expect` that names nothing: an error at the field, with
    /// the nearest id and the list.
    fn unknown(&mut self, what: &str, id: &str, ids: Vec<String>) {
        let (msg, hints) = unknown_id(what, id, ids);
        let mut d = self.c.error(format!("expect: {msg}"));
        d.hints = hints;
        self.c.mismatches.push(d);
    }

    fn faction(&mut self, id: &str) -> Option<usize> {
        let p = self.r.faction_by_id(id);
        if p.is_none() {
            self.unknown("faction", id, faction_ids(self.r));
        }
        p
    }

    fn group(&mut self, id: &str) -> Option<usize> {
        let g = self.r.group_by_id(id).map(|g| g as usize);
        if g.is_none() {
            self.unknown("group", id, group_ids(self.r));
        }
        g
    }

    /// Cards as written (face ignored), or `None` after reporting one
    /// that is no card.
    fn kinds(&mut self, cards: &[String]) -> Option<Vec<Kind>> {
        let mut out = Vec::new();
        for t in cards {
            match parse_card(self.r, t) {
                Ok((k, _)) => out.push(k),
                Err(e) => {
                    self.fail(format!("expect: {e}"));
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Vote card ids as written, checked.
    fn vote_ids<'b>(&mut self, ids: &'b [String]) -> Option<Vec<&'b str>> {
        for id in ids {
            if !self.r.vote_cards.iter().any(|c| c.id == *id) {
                let mut known: Vec<String> =
                    self.r.vote_cards.iter().map(|c| c.id.clone()).collect();
                known.dedup();
                self.unknown("vote card", id, known);
                return None;
            }
        }
        Some(ids.iter().map(|s| s.as_str()).collect())
    }

    /// Scores, the end and the winner, patricians won.
    fn outcome(&mut self, e: &Expect, at: &ExpectSpans) {
        let (s, r) = (self.s, self.r);
        if let Some(scores) = &e.scores {
            self.field("scores", &at.scores);
            let got = s.score();
            for (id, &want) in scores {
                if let Some(p) = self.faction(id)
                    && got[p] != want
                {
                    self.fail(format!(
                        "expected {} to score {want}, the engine scores {}",
                        r.factions[p].name, got[p]
                    ));
                }
            }
        }
        let over = s.phase() == Phase::GameOver;
        if let Some(end) = &e.end {
            self.field("end", &at.end);
            let got = s.end_reason_of().map_or("running", |x| x.label());
            if got != end {
                self.fail(format!("expected the game to be {end}, it is {got}"));
            }
        }
        if let Some(w) = &e.winner {
            self.field("winner", &at.winner);
            let got = match (over, s.leader()) {
                (false, _) => "running".to_string(),
                (true, None) => "draw".to_string(),
                (true, Some(p)) => r.factions[p].id.clone(),
            };
            if &got != w {
                self.fail(format!("expected the winner {w}, the result is {got}"));
            }
        }
        if let Some(won) = &e.won {
            self.field("won", &at.won);
            for (id, groups) in won {
                let Some(p) = self.faction(id) else {
                    continue;
                };
                for gid in groups.keys() {
                    let _ = self.group(gid);
                }
                for (g, gd) in r.groups.iter().enumerate() {
                    let want = groups.get(&gd.id).copied().unwrap_or(0);
                    let got = s.zones(p).won[g];
                    if want != got {
                        self.fail(format!(
                            "expected {} to have won {want} {}, the engine says {got}",
                            r.factions[p].name, gd.name
                        ));
                    }
                }
            }
        }
    }

    /// Who decides next.
    fn actor(&mut self, e: &Expect, at: &ExpectSpans) {
        let (s, r) = (self.s, self.r);
        let over = s.phase() == Phase::GameOver;
        if let Some(id) = &e.to_act {
            self.field("to_act", &at.to_act);
            if let Some(p) = self.faction(id)
                && (over || s.actor() != p)
            {
                let now = if over {
                    "the game is over".to_string()
                } else {
                    format!("it is {}", r.factions[s.actor()].name)
                };
                self.fail(format!(
                    "expected {} to decide next, {now}",
                    r.factions[p].name
                ));
            }
        }
    }

    /// The cards at the groups.
    fn table(&mut self, e: &Expect, at: &ExpectSpans) {
        let (s, r) = (self.s, self.r);
        if let Some(table) = &e.table {
            self.field("table", &at.table);
            for (gid, sides) in table {
                let Some(g) = self.group(gid) else {
                    continue;
                };
                for id in sides.keys() {
                    let _ = self.faction(id);
                }
                for p in 0..2 {
                    let mut want: Vec<String> =
                        sides.get(&r.factions[p].id).cloned().unwrap_or_default();
                    want.sort();
                    let mut got = text::side_notation(s, g, p);
                    got.sort();
                    if want != got {
                        self.fail(format!(
                            "expected {}'s cards at the {} to be [{}], they are [{}]",
                            r.factions[p].name,
                            r.groups[g].name,
                            want.join(", "),
                            got.join(", ")
                        ));
                    }
                }
            }
        }
    }

    /// The frozen groups.
    fn frozen(&mut self, e: &Expect, at: &ExpectSpans) {
        let (s, r) = (self.s, self.r);
        if let Some(frozen) = &e.frozen {
            self.field("frozen", &at.frozen);
            let mut want = Vec::new();
            for gid in frozen {
                want.extend(self.group(gid));
            }
            want.sort();
            let got: Vec<usize> = (0..r.groups.len()).filter(|&g| s.group(g).frozen).collect();
            if want != got {
                let ids = |v: &[usize]| -> String {
                    let v: Vec<&str> = v.iter().map(|&g| r.groups[g].id.as_str()).collect();
                    v.join(", ")
                };
                self.fail(format!(
                    "expected the frozen groups to be [{}], they are [{}]",
                    ids(&want),
                    ids(&got)
                ));
            }
        }
    }

    /// Hands, reserves, discard piles and the cards out of the game.
    fn zones(&mut self, e: &Expect, at: &ExpectSpans) {
        let (s, r) = (self.s, self.r);
        type Get = fn(&super::state::Zones) -> &Counts;
        let unordered: [(&'static str, _, &_, Get, &str); 3] = [
            ("hands", &e.hands, &at.hands, |z| &z.hand, "hand"),
            (
                "discards",
                &e.discards,
                &at.discards,
                |z| &z.discard,
                "discard pile",
            ),
            (
                "removed",
                &e.removed,
                &at.removed,
                |z| &z.removed,
                "cards out of the game",
            ),
        ];
        for (name, want, span, get, what) in unordered {
            let Some(want) = want else { continue };
            self.field(name, span);
            for (id, pile) in want {
                if let Some(p) = self.faction(id) {
                    let whose = format!("{}'s {what}", r.factions[p].name);
                    self.counts(&whose, pile, get(s.zones(p)));
                }
            }
        }
        if let Some(reserves) = &e.reserves {
            self.field("reserves", &at.reserves);
            for (id, res) in reserves {
                let Some(p) = self.faction(id) else { continue };
                let z = s.zones(p);
                for (what, want, pile) in [
                    (
                        "influence reserve",
                        &res.influence,
                        &z.influence_reserve[..],
                    ),
                    ("action reserve", &res.action, &z.action_reserve[..]),
                ] {
                    if let Some(want) = want {
                        let whose = format!("{}'s {what}", r.factions[p].name);
                        self.ordered(&whose, want, pile);
                    }
                }
            }
        }
    }

    /// A pile whose order does not matter, against the engine's counts.
    fn counts(&mut self, whose: &str, want: &CardsExpect, got: &Counts) {
        let n: u64 = got.iter().map(|&c| c as u64).sum();
        let got_cards = kinds_notation(self.r, got);
        match want {
            CardsExpect::Count(w) if *w != n => self.fail(format!(
                "expected {whose} to hold {w} card{}, it holds {n}: [{}]",
                plural(*w),
                got_cards.join(", ")
            )),
            CardsExpect::Cards(cards) => {
                let Some(kinds) = self.kinds(cards) else {
                    return;
                };
                let mut want_counts = [0u8; MAX_KINDS];
                for k in kinds {
                    want_counts[k.ix()] = want_counts[k.ix()].saturating_add(1);
                }
                if want_counts != *got {
                    self.fail(format!(
                        "expected {whose} to be [{}] (in any order), it is [{}]",
                        kinds_notation(self.r, &want_counts).join(", "),
                        got_cards.join(", ")
                    ));
                }
            }
            CardsExpect::Count(_) => {}
        }
    }

    /// A reserve (top card last in `got`), top first as written.
    fn ordered(&mut self, whose: &str, want: &CardsExpect, got: &[Kind]) {
        let got_cards: Vec<String> = got
            .iter()
            .rev()
            .map(|&k| text::card_notation(self.r, k, Face::Up))
            .collect();
        match want {
            CardsExpect::Count(w) if *w != got.len() as u64 => self.fail(format!(
                "expected {whose} to hold {w} card{}, it holds {}: [{}] (top first)",
                plural(*w),
                got.len(),
                got_cards.join(", ")
            )),
            CardsExpect::Cards(cards) => {
                let Some(kinds) = self.kinds(cards) else {
                    return;
                };
                if !kinds.iter().eq(got.iter().rev()) {
                    let want: Vec<String> = kinds
                        .iter()
                        .map(|&k| text::card_notation(self.r, k, Face::Up))
                        .collect();
                    self.fail(format!(
                        "expected {whose} to be [{}] (top first), it is [{}]",
                        want.join(", "),
                        got_cards.join(", ")
                    ));
                }
            }
            CardsExpect::Count(_) => {}
        }
    }

    /// The vote deck (top first), the vote cards turned up and those out
    /// of the game (in any order).
    fn votes(&mut self, e: &Expect, at: &ExpectSpans) {
        let s = self.s;
        let deck: Vec<u8> = s.vote_pile.iter().rev().copied().collect();
        for (name, want, span, got, what, ordered) in [
            (
                "vote_deck",
                &e.vote_deck,
                &at.vote_deck,
                &deck[..],
                "the vote deck",
                true,
            ),
            (
                "vote_discard",
                &e.vote_discard,
                &at.vote_discard,
                s.vote_discard(),
                "the vote cards turned up",
                false,
            ),
            (
                "vote_removed",
                &e.vote_removed,
                &at.vote_removed,
                s.vote_removed(),
                "the vote cards out of the game",
                false,
            ),
        ] {
            let Some(want) = want else { continue };
            self.field(name, span);
            self.vote_pile(what, want, got, ordered);
        }
    }

    fn vote_pile(&mut self, what: &str, want: &CardsExpect, got: &[u8], ordered: bool) {
        let r = self.r;
        let mut got: Vec<&str> = got
            .iter()
            .map(|&c| r.vote_cards[c as usize].id.as_str())
            .collect();
        let order = if ordered { "top first" } else { "in any order" };
        match want {
            CardsExpect::Count(w) if *w != got.len() as u64 => self.fail(format!(
                "expected {what} to hold {w} card{}, it holds {}: [{}]",
                plural(*w),
                got.len(),
                got.join(", ")
            )),
            CardsExpect::Cards(ids) => {
                let Some(mut want) = self.vote_ids(ids) else {
                    return;
                };
                if !ordered {
                    want.sort_unstable();
                    got.sort_unstable();
                }
                if want != got {
                    self.fail(format!(
                        "expected {what} to be [{}] ({order}), it is [{}]",
                        want.join(", "),
                        got.join(", ")
                    ));
                }
            }
            CardsExpect::Count(_) => {}
        }
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Cards counted per kind, in the kinds' order, in card notation.
fn kinds_notation(r: &Rules, c: &Counts) -> Vec<String> {
    (0..r.kinds.len())
        .flat_map(|k| {
            std::iter::repeat_n(
                text::card_notation(r, Kind(k as u8), Face::Up),
                c[k] as usize,
            )
        })
        .collect()
}

// ----- The report ------------------------------------------------------------

/// The influence cards at each group, per player and kind (both faces).
fn group_cards(s: &State) -> Vec<[Counts; 2]> {
    (0..s.rules().groups.len())
        .map(|g| {
            let gs = s.group(g);
            let mut c = [[0; MAX_KINDS]; 2];
            for p in 0..2 {
                for k in 0..MAX_KINDS {
                    c[p][k] = gs.cards[p][0][k] + gs.cards[p][1][k];
                }
            }
            c
        })
        .collect()
}

/// A step's events in words. The engine logs an exhausted group without the
/// cards it discards; they are named here, following the group's cards
/// through the step's events.
fn step_events(r: &Rules, groups: &[[Counts; 2]], events: &[Event]) -> Vec<String> {
    let mut groups = groups.to_vec();
    let mut out = Vec::new();
    for e in events {
        let mut line = text::event_text_all(r, e);
        match *e {
            Event::Placed {
                player,
                group,
                kind,
                ..
            } => groups[group as usize][player as usize][kind.ix()] += 1,
            Event::InfluenceLost {
                player,
                group,
                kind,
            }
            | Event::Taken {
                player,
                group,
                kind,
                ..
            }
            | Event::CardRemoved {
                player,
                group: Some(group),
                kind,
            } => {
                let n = &mut groups[group as usize][player as usize][kind.ix()];
                *n = n.saturating_sub(1);
            }
            Event::GroupExhausted { group } => {
                let left = std::mem::take(&mut groups[group as usize]);
                let mut parts = Vec::new();
                for (p, counts) in left.iter().enumerate() {
                    let cards: Vec<String> = r
                        .influence_kinds
                        .iter()
                        .flat_map(|&k| {
                            let name = format!(
                                "{} ({})",
                                r.card_name(p, k),
                                text::card_notation(r, k, Face::Up)
                            );
                            std::iter::repeat_n(name, counts[k.ix()] as usize)
                        })
                        .collect();
                    if !cards.is_empty() {
                        parts.push(format!("{}: {}", r.factions[p].name, cards.join(", ")));
                    }
                }
                if !parts.is_empty() {
                    line = format!("{} ({}).", line.trim_end_matches('.'), parts.join("; "));
                }
            }
            _ => {}
        }
        out.push(line);
    }
    out
}

impl Run {
    fn text(&self) -> String {
        let r = self.after.rules();
        let mut o = String::new();
        let _ = writeln!(o, "{}", self.title);
        let _ = writeln!(o, "{}", "=".repeat(self.title.chars().count()));
        if let Some(q) = &self.quote {
            let who = self
                .rulebook
                .as_ref()
                .map_or("The rulebook".to_string(), |b| format!("Rulebook {b}"));
            let _ = writeln!(o, "{who}:");
            o.push_str(&wrap(q.trim(), 76, "  > "));
        }
        let _ = writeln!(o, "Rules: {}; seed {}.", self.rules_line, self.seed);
        let _ = writeln!(o);
        let _ = writeln!(o, "Before");
        let _ = writeln!(o, "------");
        o.push_str(&indent(&text::table_text(&self.before), "  "));
        let _ = writeln!(o);
        let _ = writeln!(o, "Script");
        let _ = writeln!(o, "------");
        let events = self.after.events();
        for e in &events[self.start_events.clone()] {
            let _ = writeln!(o, "  {}", text::event_text_all(r, e));
        }
        for st in &self.steps {
            let who = &r.factions[st.actor].name;
            match (&st.refused, st.holds) {
                (Some(why), _) => {
                    let _ = writeln!(
                        o,
                        "  line {:>3}  {} — refused: {who} may not {} ({why}).",
                        st.line, st.script, st.words
                    );
                }
                (None, Some(holds)) => {
                    let _ = writeln!(
                        o,
                        "  line {:>3}  {} — {}: {}.",
                        st.line,
                        st.script,
                        if holds {
                            "as expected"
                        } else {
                            "NOT AS EXPECTED"
                        },
                        st.words
                    );
                }
                (None, None) => {
                    let _ = writeln!(
                        o,
                        "  line {:>3}  {} — {who}: {}.",
                        st.line, st.script, st.words
                    );
                }
            }
            for e in step_events(r, &st.groups_before, &events[st.events.clone()]) {
                let _ = writeln!(o, "              {e}");
            }
        }
        let _ = writeln!(o);
        let _ = writeln!(o, "After");
        let _ = writeln!(o, "-----");
        o.push_str(&indent(&text::table_text(&self.after), "  "));
        let _ = writeln!(o);
        let _ = writeln!(o, "Score");
        let _ = writeln!(o, "-----");
        o.push_str(&indent(&text::score_text(&self.after), "  "));
        if !self.checked.is_empty() {
            let _ = writeln!(o);
            let _ = writeln!(o, "Checked: {}.", self.checked.join(", "));
        }
        o
    }

    fn json(&self) -> Value {
        let r = self.after.rules();
        let events = self.after.events();
        let start: Vec<String> = events[self.start_events.clone()]
            .iter()
            .map(|e| text::event_text_all(r, e))
            .collect();
        let steps: Vec<Value> = self
            .steps
            .iter()
            .map(|st| {
                json!({
                    "line": st.line,
                    "player": r.factions[st.actor].id,
                    "move": st.script,
                    "text": st.words,
                    "refused": st.refused,
                    "holds": st.holds,
                    "events": step_events(r, &st.groups_before, &events[st.events.clone()]),
                })
            })
            .collect();
        let s = &self.after;
        let score = s.score();
        let over = s.phase() == Phase::GameOver;
        json!({
            "title": self.title,
            "rulebook": self.rulebook,
            "quote": self.quote,
            "variant": self.variant,
            "addons": self.addons,
            "set": self.sets,
            "seed": self.seed,
            "before": table_json(&self.before),
            "start_events": start,
            "steps": steps,
            "after": table_json(s),
            "scores": {
                r.factions[0].id.clone(): score[0],
                r.factions[1].id.clone(): score[1],
            },
            "end": s.end_reason_of().map(|e| e.label()),
            "winner": if over {
                Some(s.leader().map_or("draw".to_string(), |p| r.factions[p].id.clone()))
            } else {
                None
            },
            "checked": self.checked,
        })
    }
}

/// The whole table as JSON (card notation as in positions).
fn table_json(s: &State) -> Value {
    let r = s.rules();
    let fid = |p: usize| r.factions[p].id.clone();
    let groups: Vec<Value> = r
        .groups
        .iter()
        .enumerate()
        .map(|(g, gd)| {
            let gs = s.group(g);
            json!({
                "id": gd.id,
                "left": gs.left,
                "frozen": gs.frozen,
                "cards": {
                    fid(0): text::side_notation(s, g, 0),
                    fid(1): text::side_notation(s, g, 1),
                },
            })
        })
        .collect();
    let mut players = serde_json::Map::new();
    for p in 0..2 {
        let z = s.zones(p);
        let counts = |c: &super::model::Counts| -> Vec<String> {
            (0..r.kinds.len())
                .flat_map(|k| {
                    std::iter::repeat_n(
                        text::card_notation(r, Kind(k as u8), Face::Up),
                        c[k] as usize,
                    )
                })
                .collect()
        };
        let pile = |v: &[Kind]| -> Vec<String> {
            v.iter()
                .rev()
                .map(|&k| text::card_notation(r, k, Face::Up))
                .collect()
        };
        let won: serde_json::Map<String, Value> = r
            .groups
            .iter()
            .enumerate()
            .filter(|(g, _)| z.won[*g] > 0)
            .map(|(g, gd)| (gd.id.clone(), json!(z.won[g])))
            .collect();
        players.insert(
            fid(p),
            json!({
                "hand": counts(&z.hand),
                "influence_reserve": pile(&z.influence_reserve),
                "action_reserve": pile(&z.action_reserve),
                "discard": counts(&z.discard),
                "removed": counts(&z.removed),
                "won": won,
                "missions": z.missions.iter().map(|&m| r.missions[m as usize].id.clone()).collect::<Vec<_>>(),
                "score": s.score()[p],
            }),
        );
    }
    let vote = |v: &[u8]| -> Vec<String> {
        v.iter()
            .map(|&c| r.vote_cards[c as usize].id.clone())
            .collect()
    };
    let pile: Vec<u8> = s.vote_pile.iter().rev().copied().collect();
    let over = s.phase() == Phase::GameOver;
    json!({
        "turn": s.turn_number() + u32::from(!over),
        "seat": fid(s.seat()),
        "to_act": if over { None } else { Some(fid(s.actor())) },
        "phase": format!("{:?}", s.phase()),
        "groups": groups,
        "players": players,
        "vote_deck": vote(&pile),
        "vote_discard": vote(s.vote_discard()),
        "vote_removed": vote(s.vote_removed()),
        "lone_player": s.lone_player().map(fid),
    })
}
