//! A described game in every generic layer: its agents (the evaluation
//! is an expression of its rules folder, `agents/greedy.ron`; the
//! determinization redraws what a seat cannot see by the zones'
//! visibility), the soak, the simulator's records and report, the
//! designer's tools and the fuzz targets (the terminal: `screen.rs`).

use std::path::Path;

use serde_json::{Map, Value};

use super::measures::Measures;
use super::state::{End, Move, State};
use super::{Described, Rules, model, view};
use crate::agents::{Agents, IsmctsAgent, IsmctsConfig, OnePly, Rollout};
use crate::design::{self, Designer, RuleSet, Variant};
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::agent::Agent;
use crate::engine::seed::AgentRng;
use crate::engine::{Game, Scored, Selection};
use crate::load::GameDir;
use crate::play::i18n::Lang;
use crate::report::{Measure, Reported, tally};
use crate::sim::tally_declared::{Declared, KeyedSums, Record, Tallies};
use crate::sim::{Meta, Outcome, Simulated, Summary};

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
    /// none), less the best other seat's; or, for an evaluation that is a
    /// margin already, the evaluation itself.
    pub fn evaluation(&self, seat: usize) -> f64 {
        let r = &*self.rules;
        if let (Some((x, me)), true) = (r.program.evaluation, r.program.evaluation_is_margin) {
            let mut l = self.core.locals;
            l[me as usize] = seat as i32;
            let div = f64::from(r.program.evaluation_divisor.max(1));
            return f64::from(self.core.x(r, &mut l, x)) / div;
        }
        let of = |p: usize| -> f64 {
            if self.is_over() {
                return f64::from(self.points(p)) * 1000.0;
            }
            match r.program.evaluation {
                Some((x, me)) => {
                    let mut l = self.core.locals;
                    l[me as usize] = p as i32;
                    let div = f64::from(r.program.evaluation_divisor.max(1));
                    f64::from(self.core.x(r, &mut l, x)) / div
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
    /// Moves in the order a search tries them first among equals: a
    /// card and an index (by card, then index), then an index alone,
    /// then a card alone (by option, then card), then an option alone.
    fn move_key(m: Move) -> u64 {
        use super::state::NONE;
        let (o, c, t) = (u64::from(m.option), u64::from(m.card), u64::from(m.target));
        match (m.card != NONE, m.target != NONE) {
            (true, true) => c << 16 | t << 8 | o,
            (false, true) => 1 << 24 | t << 16 | o << 8,
            (true, false) => 2 << 24 | o << 16 | c << 8,
            (false, false) => 3 << 24 | o,
        }
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

/// The measures the report shows of run `meta`: those its description
/// declares (`Meta::tallies`), else the default ones.
fn tallies(meta: &Meta) -> Tallies {
    meta.tallies
        .as_ref()
        .map_or_else(|| Measures::default().tallies, Declared::interned)
}

impl Simulated for Described {
    type Sums = KeyedSums;
    type Record = Record;

    fn record(s: &State) -> (Outcome, Record) {
        let r = s.rules();
        let outcome = Outcome {
            winner: Scored::winner(s),
            first: 0,
            scores: (0..r.players).map(|p| i64::from(s.points(p))).collect(),
            turns: s.measured_turns(),
            end: Scored::end_reason(s).unwrap_or("unfinished"),
            decisive_turn: None,
        };
        (outcome, s.measures())
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
            tallies: rules.program.measures.declared.clone(),
            ..Meta::default()
        }
    }
}

/// The report of the measures by `report::tally`, as a module's; the
/// section a description names is among the report's sections by its
/// measures (`report::measures::sections`).
impl Reported for Described {
    const SECTIONS: &'static [&'static str] = &[];
    const KEY_FIGURES: &'static [(&'static str, &'static str)] =
        &[("decisions", "decisions per game")];
    const COMPARED: &'static [(&'static str, &'static str)] =
        &[("decisions", "decisions per game")];

    fn measures(s: &Summary<Self::Sums>, push: &mut dyn FnMut(Measure)) {
        let t = tallies(&s.meta);
        tally::measures_of(t.section, t.tallies, s, push)
    }
    fn json(s: &Summary<Self::Sums>, _: &mut Map<String, Value>, hists: &mut Map<String, Value>) {
        tally::json_of(tallies(&s.meta).tallies, s, hists)
    }
    fn csv_header(meta: &Meta, cols: &mut Vec<String>) {
        tally::csv_header_of(tallies(meta).tallies, meta, cols)
    }
    fn csv_row(meta: &Meta, r: &Record, cols: &mut Vec<String>) {
        tally::csv_row_of(r.tallies.tallies, meta, &r.counts, cols)
    }
    fn html(r: &Value, prefix: &[&str]) -> String {
        let declared = serde_json::from_value::<Declared>(r["run"]["tallies"].clone());
        let t = declared.map_or_else(|_| Measures::default().tallies, |d| d.interned());
        tally::html_of(t.tallies, r, prefix)
    }
}

// ----- The designer's tools --------------------------------------------------

impl Designer for Described {
    fn summary(r: &Rules) -> String {
        format!(
            "{}, {} players, {} cards of {} kinds, {} zones, {} phases, {} ops, {}",
            r.name,
            r.players,
            r.cards.len(),
            r.kinds.len(),
            r.zones.len(),
            r.program.phases.len(),
            r.program.ops.len(),
            if r.eval.is_native() {
                "native code"
            } else {
                "interpreted (no native code for these rules)"
            }
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
