//! A described game in every generic layer: its agents (the evaluation
//! is an expression of its rules folder, `agents/greedy.ron`; the
//! determinization redraws what a seat cannot see by the zones'
//! visibility), the soak, the simulator's records and report, the
//! designer's tools, the terminal player and the fuzz targets.

use std::path::Path;

use serde_json::{Map, Value};

use super::state::{End, Event, Move, State};
use super::{Described, Rules, model, view};
use crate::agents::{Agents, IsmctsAgent, IsmctsConfig, OnePly, Rollout};
use crate::design::{self, Designer, RuleSet, Variant};
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::agent::Agent;
use crate::engine::seed::AgentRng;
use crate::engine::{Game, Loaded, Scored, Selection};
use crate::load::GameDir;
use crate::play::i18n::{Catalogue, Lang, PLAY};
use crate::play::input::{self, InputError, fold};
use crate::play::render::Style;
use crate::play::table::{TableView, Viewer};
use crate::play::{EventLook, Playable};
use crate::report::{Measure, Reported, tally};
use crate::sim::tally::{Counts, Sums, Tallied, Tally};
use crate::sim::{Meta, Outcome, Simulated, Summary};

/// The words every described game shares at the terminal.
pub static WORDS: Catalogue = crate::catalogue_beside!(Some(&PLAY));

macro_rules! w {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!(WORDS, $lang, $id $(, $k = $v)*)
    };
}

/// A described game's evaluation is in its rules; its agents file may
/// give the search's settings (`search` of `agents/greedy.ron`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Weights {
    pub search: Option<super::raw::Search>,
}

fn weights_of(file: &crate::load::SourceFile) -> Result<Weights, Diagnostic> {
    let g: super::raw::GreedyFile = file.parse()?;
    Ok(Weights { search: g.search })
}

impl State {
    /// The rules' evaluation for `seat` (its score if the rules give
    /// none), less the best other seat's.
    pub fn evaluation(&self, seat: usize) -> f64 {
        let r = &*self.rules;
        let of = |p: usize| -> f64 {
            if self.is_over() {
                return f64::from(self.points(p)) * 1000.0;
            }
            match r.program.evaluation {
                Some((x, me)) => {
                    let mut l = self.core.locals;
                    l[me as usize] = p as i32;
                    f64::from(self.core.x(r, &mut l, x))
                }
                None => f64::from(self.points(p)),
            }
        };
        let others = (0..r.players).filter(|&q| q != seat).map(of);
        of(seat) - others.fold(f64::MIN, f64::max)
    }
}

impl Agents for Described {
    type Weights = Weights;
    type Greedy = OnePly<Described>;

    fn weights_in(dir: &GameDir) -> Result<Weights, Diagnostic> {
        if !dir.has_file("agents/greedy.ron") {
            return Ok(Weights::default());
        }
        weights_of(&dir.read("agents/greedy.ron")?)
    }
    fn weights_from_file(path: &Path) -> Result<Weights, Diagnostic> {
        weights_of(&crate::load::SourceFile::read(path)?)
    }
    /// The search, with the rules folder's settings where the spec left
    /// the engine's defaults.
    fn ismcts(config: &IsmctsConfig<Weights>, seed: u64) -> Box<dyn Agent<State>> {
        let mut c = config.clone();
        let d = IsmctsConfig::<Weights>::default();
        if let Some(s) = &config.heuristic.search {
            if c.reward_scale == d.reward_scale {
                c.reward_scale = s.scale;
            }
            if c.rollout_turns == d.rollout_turns {
                c.rollout_turns = s.turns;
            }
            if c.rollout == d.rollout && s.greedy_rollouts {
                c.rollout = Rollout::Greedy { epsilon: 0.1 };
            }
        }
        Box::new(IsmctsAgent::<Described>::new(c, seed))
    }
    fn greedy_agent(w: &Weights, seed: u64) -> OnePly<Described> {
        OnePly::new(w, seed)
    }
    fn evaluate(_: &Weights, s: &State, seat: usize) -> f64 {
        s.evaluation(seat)
    }
    fn determinize(s: &State, seat: usize, rng: &mut AgentRng) -> State {
        s.redrawn(seat, rng)
    }
    fn search_root(s: &State) -> State {
        let mut t = s.clone();
        t.core.log = None;
        t
    }
    fn move_key(m: Move) -> u64 {
        u64::from(m.option) << 8 | u64::from(m.card)
    }
}

impl crate::soak::Soaked for State {
    fn check_invariants(&self) -> Result<(), String> {
        State::check_invariants(self)
    }
    fn redraw_hidden(&self, seat: usize, rng: &mut AgentRng) -> State {
        self.redrawn(seat, rng)
    }
    fn digest(&self) -> String {
        State::digest(self)
    }
}

// ----- The simulator and its report --------------------------------------

const SECTION: &str = "Description";
type Record = Counts<2>;

impl Tallied for Described {
    const SECTION: &'static str = SECTION;
    const TALLIES: &'static [Tally] = &[
        Tally::game("decisions", "decisions (cards played or laid) per game")
            .chart("Decisions per game", "decisions"),
        Tally::game("stopped", "games stopped at a bound per game"),
    ];
}

impl Simulated for Described {
    type Sums = Sums<Described>;
    type Record = Record;

    fn record(s: &State) -> (Outcome, Record) {
        let r = s.rules();
        let mut rec = Record::new(r.players);
        rec.values[0][0] = i64::from(s.core.decisions);
        rec.values[1][0] = i64::from(matches!(
            s.core.end,
            Some(End::DecisionCap(_) | End::StepCap(_))
        ));
        let outcome = Outcome {
            winner: Scored::winner(s),
            first: 0,
            scores: (0..r.players).map(|p| i64::from(s.points(p))).collect(),
            turns: s.core.decisions,
            end: Scored::end_reason(s).unwrap_or("unfinished"),
            decisive_turn: None,
        };
        (outcome, rec)
    }
    fn add(t: &mut Self::Sums, r: &Record) {
        t.add(r)
    }
    fn merge(t: &mut Self::Sums, o: &Self::Sums) {
        t.merge(o)
    }
    fn meta(rules: &Rules) -> Meta {
        Meta {
            game: rules.name.clone(),
            seats: rules.seats.iter().map(|s| s.0.clone()).collect(),
            seat_names: rules.seats.iter().map(|s| s.1.clone()).collect(),
            first_player: 0,
            ..Meta::default()
        }
    }
}

impl Reported for Described {
    const SECTIONS: &'static [&'static str] = &[SECTION];
    const KEY_FIGURES: &'static [(&'static str, &'static str)] =
        &[("decisions", "decisions per game")];
    const COMPARED: &'static [(&'static str, &'static str)] =
        &[("decisions", "decisions per game")];

    fn measures(s: &Summary<Self::Sums>, push: &mut dyn FnMut(Measure)) {
        tally::measures(s, push)
    }
    fn json(s: &Summary<Self::Sums>, _: &mut Map<String, Value>, hists: &mut Map<String, Value>) {
        tally::json(s, hists)
    }
    fn csv_header(meta: &Meta, cols: &mut Vec<String>) {
        tally::csv_header::<Described>(meta, cols)
    }
    fn csv_row(meta: &Meta, r: &Record, cols: &mut Vec<String>) {
        tally::csv_row::<Described, 2>(meta, r, cols)
    }
    fn html(r: &Value, prefix: &[&str]) -> String {
        tally::html::<Described>(r, prefix)
    }
}

// ----- The designer's tools --------------------------------------------------

impl Designer for Described {
    fn summary(r: &Rules) -> String {
        format!(
            "{}, {} players, {} cards of {} kinds, {} zones, {} phases, {} ops",
            r.name,
            r.players,
            r.cards.len(),
            r.kinds.len(),
            r.zones.len(),
            r.program.phases.len(),
            r.program.ops.len()
        )
    }

    fn variants(dir: &GameDir) -> Result<Vec<Variant>, Diagnostics> {
        let game = dir.read("game.ron")?;
        let rulebook = game
            .text
            .find("rulebooks/")
            .map(|i| {
                game.text[i + 10..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect()
            })
            .unwrap_or_else(|| "base".to_string());
        design::overlay_variants(dir, &rulebook)
    }

    fn rule_set(dir: &GameDir, sel: &Selection) -> Result<RuleSet, Diagnostics> {
        design::overlay_rule_set(sel, |sel| {
            let r = model::load(dir, sel)?;
            Ok([r.settings.clone(), r.names()].concat())
        })
    }

    /// Every number of players and names file loaded, then a few random
    /// games of each number of players played: a game stopped at a bound
    /// is a problem naming its phase.
    fn check_files(dir: &GameDir) -> Vec<(String, Result<(), Diagnostics>)> {
        let load = |sel: &Selection| -> Result<(), Diagnostics> {
            let l = Described::load(dir, sel)?;
            stops(&l.rules, 20)
        };
        let counts = model::load(dir, &Selection::default())
            .map_or(2..=model::MAX_SEATS, |r| r.player_counts.clone());
        design::per_player_and_language_checks(dir, counts, load)
    }

    fn run_scenario(file: &Path, dir: GameDir, json: bool) -> Result<String, Diagnostics> {
        super::scenario::run_file(file, &dir, json)
    }

    fn game_log(s: &State) -> String {
        let mut out = String::new();
        for e in s.events() {
            if let Some(t) = view::event_words(s, Lang::En, e, None) {
                out.push_str(&t);
                out.push('\n');
            }
        }
        for p in 0..s.rules.players {
            out.push_str(&format!("{}: {} points\n", s.rules.seats[p].1, s.points(p)));
        }
        out
    }
}

/// Plays `games` seeded random games: one stopped at a bound is a problem.
pub fn stops(r: &std::sync::Arc<Rules>, games: u64) -> Result<(), Diagnostics> {
    use crate::engine::GameState;
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut s = State::new(r.clone(), seed, false);
        let mut rng = crate::engine::seed::agent_rng(seed);
        while !s.is_over() {
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply_move(m);
        }
        if let Some(e @ (End::DecisionCap(_) | End::StepCap(_))) = s.core.end {
            let m = format!(
                "a random game (seed {seed}) {}",
                view::end_words(&s, Lang::En, e)
            );
            return Err(crate::diag::Diagnostic {
                file: std::path::PathBuf::from("procedure.ron"),
                line: 0,
                col: 0,
                span: None,
                message: m,
                hints: Vec::new(),
            }
            .into());
        }
    }
    Ok(())
}

// ----- The terminal ------------------------------------------------------------

impl Playable for Described {
    type Event = Event;
    type RuleNotes = Vec<(String, String)>;

    fn words() -> &'static Catalogue {
        &WORDS
    }
    fn load_for_play(
        d: &GameDir,
        s: &Selection,
    ) -> Result<(Loaded<Rules>, Self::RuleNotes), Diagnostics> {
        let l = Described::load(d, s)?;
        let notes = l.settings.clone();
        Ok((l, notes))
    }
    fn name(r: &Rules) -> &str {
        &r.name
    }
    fn seat_name(r: &Rules, p: usize) -> String {
        r.seats[p].1.clone()
    }
    fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
        let game = s.rules.name.as_str();
        let title = match s.actor() {
            Some(p) => w!(
                st.lang,
                "ds-board-title",
                game = game,
                who = s.rules.seats[p].1.as_str()
            ),
            None => w!(st.lang, "ds-board-over", game = game),
        };
        format!("{title}\n{}", view::table(s, st.lang, viewer))
    }
    fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
        let title = Self::board(s, viewer.sight(), Style { color: false, lang });
        let title = title.lines().next().unwrap_or_default().to_string();
        view::table_view(s, lang, viewer, title)
    }
    fn question(s: &State, lang: Lang) -> String {
        let who = s
            .actor()
            .map_or(String::new(), |p| s.rules.seats[p].1.clone());
        w!(lang, "ds-ask", who = who)
    }
    fn choices(s: &State, legal: &[Move], st: Style) -> String {
        let all: Vec<usize> = (0..legal.len()).collect();
        Self::choice_lines(s, legal, &all, st)
    }
    fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
        let seat = s.actor().unwrap_or(0);
        let ch = s.core.waiting.map(|w| w.0);
        which
            .iter()
            .map(|&i| {
                format!(
                    "  {}) {}\n",
                    i + 1,
                    view::move_words(&s.rules, st.lang, seat, ch, legal[i])
                )
            })
            .collect()
    }
    fn legend(_: &State, st: Style) -> String {
        w!(st.lang, "ds-legend")
    }
    fn rules_text(_: &State, notes: &Self::RuleNotes, _: Style) -> String {
        notes.iter().map(|(k, v)| format!("{k} = {v}\n")).collect()
    }
    fn hint_text(s: &State, m: Move, ix: usize, agent: &str, _: u64, lang: Lang) -> String {
        let seat = s.actor().unwrap_or(0);
        let mv = view::move_words(&s.rules, lang, seat, s.core.waiting.map(|w| w.0), m);
        w!(lang, "ds-hint", agent = agent, n = ix + 1, mv = mv)
    }
    fn score_text(s: &State, _: usize, lang: Lang) -> String {
        (0..s.rules.players)
            .map(|p| {
                w!(
                    lang,
                    "ds-score",
                    seat = s.rules.seats[p].1.as_str(),
                    points = s.points(p)
                ) + "\n"
            })
            .collect()
    }
    fn result_text(s: &State, lang: Lang) -> String {
        let l = s.leaders();
        let names: Vec<&str> = l.iter().map(|&p| s.rules.seats[p].1.as_str()).collect();
        let result = match names.as_slice() {
            [one] => w!(lang, "ds-result-win", seat = *one),
            _ => w!(lang, "ds-result-tie", seats = names.join(", ")),
        };
        format!("{}{result}", Self::score_text(s, 0, lang))
    }
    fn move_words(lang: Lang, r: &Rules, seat: usize, m: Move) -> String {
        // Without the state the choice is unknown: the option by its index
        // in the first choice that has it.
        let ch = r
            .program
            .choices
            .iter()
            .position(|c| c.options.len() > m.option as usize);
        view::move_words(r, lang, seat, ch.map(|c| c as u16), m)
    }
    fn quiet_move_line(lang: Lang, before: &State, m: Move) -> String {
        let seat = before.actor().unwrap_or(0);
        view::move_words(
            &before.rules,
            lang,
            seat,
            before.core.waiting.map(|w| w.0),
            m,
        )
    }
    fn move_is_public(_: Move) -> bool {
        false
    }
    fn move_is_secret(_: Move) -> bool {
        true
    }
    fn events(s: &State) -> &[Event] {
        s.events()
    }
    fn event_words(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
        event_text(lang, r, e, viewer)
    }
    fn event_look(e: &Event) -> EventLook {
        match e {
            Event::Told { .. } | Event::Ended(_) => EventLook::Notable,
            Event::Chose { seat, .. } => EventLook::TurnBegins(*seat as usize),
            _ => EventLook::Plain,
        }
    }
    fn turn_seat(s: &State) -> usize {
        s.actor().unwrap_or(0)
    }
    fn parse_move(
        lang: Lang,
        s: &State,
        legal: &[Move],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        let seat = s.actor().unwrap_or(0);
        let ch = s.core.waiting.map(|w| w.0);
        let words_of = |i: usize| {
            let a = view::move_words(&s.rules, lang, seat, ch, legal[i]);
            let b = view::move_words(&s.rules, Lang::En, seat, ch, legal[i]);
            fold(&format!("{a} {b}"))
        };
        // Moves of the same words (two cards alike) are one move.
        match input::by_words(lang, legal.len(), words_of, words, line) {
            Err(InputError::Ambiguous(hits))
                if hits.iter().all(|&i| words_of(i) == words_of(hits[0])) =>
            {
                Ok(hits[0])
            }
            other => other,
        }
    }
    fn fingerprint(s: &State) -> String {
        s.digest()
    }
}

/// An event in words without the state: the piles and values as the rules
/// name them (a card moved face down to a pile the viewer does not see is
/// "a card").
fn event_text(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    use fluent_bundle::FluentArgs;
    match e {
        Event::Moved { card, from, to, up } => {
            let seen = *up
                || viewer
                    .is_none_or(|v| r.sees_pile(*to as usize, v) || r.sees_pile(*from as usize, v));
            let mut args = FluentArgs::new();
            let name = if seen {
                view::card_name(r, lang, *card)
            } else {
                r.words.format(lang, "hidden-card", None)
            };
            args.set("card", name);
            args.set("from", view::pile_name(r, *from as usize));
            args.set("to", view::pile_name(r, *to as usize));
            r.words.format(lang, "moved", Some(&args))
        }
        Event::Told { tell, args: values } => {
            let t = &r.program.tells[*tell as usize];
            let mut args = FluentArgs::new();
            for ((name, _, ty), v) in t.args.iter().zip(values) {
                let text = match ty {
                    super::program::Ty::Seat => r
                        .seats
                        .get(*v as usize)
                        .map_or(v.to_string(), |s| s.1.clone()),
                    super::program::Ty::Card if (0..r.cards.len() as i32).contains(v) => {
                        view::card_name(r, lang, *v as u8)
                    }
                    super::program::Ty::Value(a) => r.attrs[*a as usize]
                        .1
                        .get(*v as usize)
                        .map_or(v.to_string(), |x| x.1.clone()),
                    _ => {
                        args.set(name.clone(), *v);
                        continue;
                    }
                };
                args.set(name.clone(), text);
            }
            r.words.format(lang, &t.message, Some(&args))
        }
        Event::Ended(End::Game) => r.words.format(lang, "game-over", None),
        Event::Ended(_) => "stopped at a bound".into(),
        Event::Shuffled(p) => format!("{} shuffled", view::pile_name(r, *p as usize)),
        Event::Chose { seat, .. } => r.seats[*seat as usize].1.clone(),
    }
}
