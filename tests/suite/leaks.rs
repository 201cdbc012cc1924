//! Leak tests: nothing a seat cannot see reaches what it is shown or what
//! an agent decides for it.
//!
//! Seeded random games under several rule sets are sampled at many points
//! of every phase (setup, turn start, placing, refill, effects and
//! reactions, passive discard, before the vote, the lone player, the end).
//! At each sampled state, for each seat, the cards that seat cannot see are
//! redrawn (`State::resample`, the determinization the agents use, which
//! keeps everything the seat knows) and the two states are compared from
//! that seat's side:
//!
//! - its observation string;
//! - every screen `ludus play` shows it (`play::Playable`), in English,
//!   French and Dutch: the board, the score; and for the seat to act the
//!   question, the numbered choices, the lines of an ambiguous answer, the
//!   legend, the rules in force and the hints; and its legal moves;
//! - the decision of the greedy agent and of ISMCTS (a small fixed
//!   iteration budget, a fixed seed) for the seat to act.
//!
//! The narration is checked too: each event of the log, told to a seat that
//! may not see its card, reads the same whatever that card was.
//!
//! Once the game is over the rules reveal the missions, so there the redraw
//! keeps them (only what stays hidden is redrawn).

use std::collections::BTreeMap;
use std::sync::Arc;

use ludus::agents::{Agents, IsmctsAgent, IsmctsConfig};
use ludus::engine::agent::Agent;
use ludus::engine::seed::{AgentRng, agent_rng, derive};
use ludus::engine::{Actor, GameState, Selection};
use ludus::games::caesar_cleopatra::agents::{Heuristic, may_pass};
use ludus::games::caesar_cleopatra::model::{Face, Kind};
use ludus::games::caesar_cleopatra::{CaesarCleopatra as Cc, Event, Move, Phase, Rules, State};
use ludus::load::GameDir;
use ludus::play::Playable;
use ludus::play::i18n::Lang;
use ludus::play::render::Style;

use crate::common;

type Notes = <Cc as Playable>::RuleNotes;

const LANGS: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Nl];
/// Redraws per seat and sampled state.
const REDRAWS: u64 = 2;
/// The search's budget: small, so that the test stays short.
const ISMCTS_ITERATIONS: u32 = 48;

/// A rule set: its label, its rules, and what `rules` quotes.
struct RuleSet {
    label: String,
    rules: Arc<Rules>,
    notes: Notes,
    /// The evaluation's weights of the rules folder, as `ludus play` takes them.
    weights: Heuristic,
}

fn rule_set(variant: &str, addons: &[&str], lang: Option<&str>) -> RuleSet {
    let sel = Selection {
        variant: Some(variant.to_string()).filter(|v| v != "base"),
        addons: addons.iter().map(|a| a.to_string()).collect(),
        lang: lang.map(str::to_string),
        ..Selection::default()
    };
    let dir = GameDir::from(common::rules_dir());
    let (loaded, notes) = Cc::load_for_play(&dir, &sel).expect("the shipped rules load");
    let mut label = variant.to_string();
    for a in addons {
        label = format!("{label}+{a}");
    }
    if let Some(l) = lang {
        label = format!("{label} (names {l})");
    }
    RuleSet {
        label,
        rules: loaded.rules,
        notes,
        weights: Cc::weights_in(&dir).expect("the shipped weights load"),
    }
}

/// The rule sets sampled: the four rulebooks (the French and Dutch ones
/// with their own names) and each add-on.
fn rule_sets() -> Vec<RuleSet> {
    vec![
        rule_set("base", &[], None),
        rule_set("fr-confiance", &[], Some("fr")),
        rule_set("fr-suffrage", &["orgy-a"], None),
        rule_set("nl-vertrouwensvraag", &["orgy-b"], Some("nl")),
        rule_set("base", &["beginner"], None),
    ]
}

/// Where a sampled state stands: its phase, with the effects split by who
/// acts (the card's owner, or the other seat answering it).
fn step(s: &State) -> &'static str {
    match s.phase() {
        Phase::ArrangeActions => "setup: arranging actions",
        Phase::SetupPlace => "setup: placing",
        Phase::TurnStart => "turn start",
        Phase::Placing => "placing",
        Phase::Refill => "refill",
        Phase::PassiveDiscard => "passive discard",
        Phase::BeforeVote => "before vote",
        Phase::LonePlaceAll => "lone player",
        Phase::Effect if s.actor() != s.seat() => "effect: the other seat answers",
        Phase::Effect => "effect",
        Phase::GameOver => "game over",
    }
}

/// How many comparisons of each kind were made.
#[derive(Default)]
struct Tally {
    states: BTreeMap<&'static str, u64>,
    compared: BTreeMap<&'static str, u64>,
}

impl Tally {
    fn add(&mut self, what: &'static str) {
        *self.compared.entry(what).or_default() += 1;
    }
}

/// The first line that differs between `a` and `b`.
fn first_difference(a: &str, b: &str) -> String {
    let (x, y) = a
        .lines()
        .zip(b.lines())
        .find(|(x, y)| x != y)
        .unwrap_or(("(shorter)", "(longer)"));
    format!("\"{x}\" became \"{y}\"")
}

/// What identifies a sampled state in a failure.
struct Where<'a> {
    set: &'a str,
    game: u64,
    moves: usize,
    seat: usize,
}

impl std::fmt::Display for Where<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, game {}, after {} moves, seat {}",
            self.set, self.game, self.moves, self.seat
        )
    }
}

fn same(tally: &mut Tally, what: &'static str, at: &Where, a: &str, b: &str) {
    assert!(
        a == b,
        "{at}: {what} depends on cards the seat cannot see: {}",
        first_difference(a, b)
    );
    tally.add(what);
}

/// A copy of `s` with what `seat` cannot see redrawn. Once the game is
/// over the missions are shown, so the redraw keeps the other seat's.
fn redraw(s: &State, seat: usize, rng: &mut AgentRng) -> State {
    if s.phase() != Phase::GameOver {
        return s.resample(seat, rng);
    }
    let o = 1 - seat;
    for _ in 0..10_000 {
        let d = s.resample(seat, rng);
        if d.zones(o).missions == s.zones(o).missions {
            return d;
        }
    }
    panic!("no redraw keeps the other seat's missions");
}

/// Every comparison at one sampled state, for every seat.
fn check_state(set: &RuleSet, s: &State, game: u64, moves: usize, tally: &mut Tally) {
    let mut rng = agent_rng(derive(game, moves as u64, 7));
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    let actor = match s.current_actor() {
        Actor::Player(p) => Some(p),
        Actor::Terminal => None,
    };
    for seat in 0..2 {
        let at = Where {
            set: &set.label,
            game,
            moves,
            seat,
        };
        for _ in 0..REDRAWS {
            let d = redraw(s, seat, &mut rng);
            compare(set, s, &d, &legal, actor == Some(seat), &at, tally);
        }
    }
}

/// `s` and its redraw `d` from the side of `at.seat` (`acts`: the seat is
/// to act in `s`, with the moves `legal`).
fn compare(
    set: &RuleSet,
    s: &State,
    d: &State,
    legal: &[Move],
    acts: bool,
    at: &Where,
    tally: &mut Tally,
) {
    let seat = at.seat;
    same(
        tally,
        "observation",
        at,
        &s.observation_string(seat),
        &d.observation_string(seat),
    );
    for lang in LANGS {
        for color in [false, true] {
            let st = Style { color, lang };
            same(
                tally,
                "board",
                at,
                &Cc::board(s, Some(seat), st),
                &Cc::board(d, Some(seat), st),
            );
        }
        // `score`: during the game as the seat may count it, at the end
        // the result.
        let (a, b) = if s.phase() == Phase::GameOver {
            (Cc::result_text(s, lang), Cc::result_text(d, lang))
        } else {
            (Cc::score_text(s, seat, lang), Cc::score_text(d, seat, lang))
        };
        same(tally, "score", at, &a, &b);
    }
    // The evaluation the agents rest on is the seat's estimate, from what
    // it can see (once the game is over, the true margin).
    let h = &set.weights;
    let (x, y) = (h.evaluate(s, seat), h.evaluate(d, seat));
    assert!(
        x == y,
        "{at} ({}): the evaluation depends on cards the seat cannot see: {x} became {y}",
        step(s)
    );
    tally.add("evaluation");
    if !acts {
        return;
    }
    // The seat to act: its moves, its screen, the agents' decisions.
    let mut legal_d = Vec::new();
    d.legal_moves(&mut legal_d);
    assert_eq!(
        legal, legal_d,
        "{at}: the legal moves depend on cards the seat cannot see"
    );
    tally.add("legal moves");
    let which: Vec<usize> = (0..legal.len()).step_by(2).collect();
    let hinted: Vec<usize> = [0, legal.len() / 2, legal.len() - 1].into();
    for lang in LANGS {
        let st = Style { color: false, lang };
        same(
            tally,
            "question",
            at,
            &Cc::question(s, lang),
            &Cc::question(d, lang),
        );
        same(
            tally,
            "choices",
            at,
            &Cc::choices(s, legal, st),
            &Cc::choices(d, legal, st),
        );
        same(
            tally,
            "choice lines",
            at,
            &Cc::choice_lines(s, legal, &which, st),
            &Cc::choice_lines(d, legal, &which, st),
        );
        same(tally, "legend", at, &Cc::legend(s, st), &Cc::legend(d, st));
        same(
            tally,
            "rules",
            at,
            &Cc::rules_text(s, &set.notes, st),
            &Cc::rules_text(d, &set.notes, st),
        );
        for &ix in &hinted {
            let seed = derive(at.game, at.moves as u64, 200);
            same(
                tally,
                "hint",
                at,
                &Cc::hint_text(s, legal[ix], ix, "greedy", seed, lang),
                &Cc::hint_text(d, legal[ix], ix, "greedy", seed, lang),
            );
        }
    }
    if legal.len() < 2 {
        return;
    }
    let seed = derive(at.game, at.moves as u64, 300);
    assert_eq!(
        may_pass(h, s, seat),
        may_pass(h, d, seat),
        "{at} ({}): whether the agents may pass depends on cards the seat cannot see",
        step(s)
    );
    tally.add("may pass");
    // The greedy agent: each move's score, and its choice.
    let scores = |x: &State| format!("{:?}", Cc::greedy_agent(h, seed).scores(x, legal));
    same(tally, "greedy scores", at, &scores(s), &scores(d));
    let greedy = |x: &State| Cc::greedy_agent(h, seed).choose(x, legal);
    let (a, b) = (greedy(s), greedy(d));
    assert_eq!(
        a,
        b,
        "{at} ({}): the greedy agent's decision depends on cards the seat cannot see",
        step(s)
    );
    tally.add("greedy decision");
    // The search: the statistics of the root's moves, and its choice.
    let config = IsmctsConfig {
        heuristic: h.clone(),
        ..IsmctsConfig::with_iterations(ISMCTS_ITERATIONS)
    };
    let stats = |x: &State| {
        format!(
            "{:?}",
            IsmctsAgent::<Cc>::new(config.clone(), seed).analyze(x, legal)
        )
    };
    same(tally, "ISMCTS statistics", at, &stats(s), &stats(d));
    let ismcts = |x: &State| IsmctsAgent::<Cc>::new(config.clone(), seed).choose(x, legal);
    let (a, b) = (ismcts(s), ismcts(d));
    assert_eq!(
        a,
        b,
        "{at} ({}): the ISMCTS agent's decision depends on cards the seat cannot see",
        step(s)
    );
    tally.add("ISMCTS decision");
}

/// The same event with its card (or mission, or the cards looked at)
/// replaced by `k`.
fn with_card(e: &Event, k: u8) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::MissionDealt { mission, .. } => *mission = k,
        Event::SetupPlaced { kind, .. }
        | Event::Placed { kind, .. }
        | Event::Drew { kind, .. }
        | Event::Taken { kind, .. } => *kind = Kind(k),
        Event::Looked { cards, .. } => {
            for c in cards.iter_mut() {
                *c = Kind(k);
            }
        }
        _ => {}
    }
    e
}

/// Whether `viewer` may not see the card an event names: a mission dealt
/// to the other seat, the other seat's setup card, face-down card, draw,
/// face-down card taken back, or a look at cards that are neither his nor
/// his to look at.
fn card_hidden_from(e: &Event, viewer: usize) -> bool {
    let other = |p: u8| p as usize != viewer;
    match *e {
        Event::MissionDealt { player, .. }
        | Event::SetupPlaced { player, .. }
        | Event::Drew { player, .. } => other(player),
        Event::Placed { player, face, .. } | Event::Taken { player, face, .. } => {
            other(player) && face == Face::Down
        }
        Event::Looked { player, owner, .. } => other(player) && other(owner),
        _ => false,
    }
}

/// Each event of `s`'s log told to each seat that may not see its card
/// reads the same whatever the card.
fn check_narration(set: &RuleSet, s: &State, game: u64, tally: &mut Tally) {
    let r = s.rules();
    for e in s.events() {
        for viewer in 0..2 {
            if !card_hidden_from(e, viewer) {
                continue;
            }
            let n = match e {
                Event::MissionDealt { .. } => r.missions.len(),
                _ => r.kinds.len(),
            };
            for lang in LANGS {
                let told = Cc::event_words(lang, r, e, Some(viewer));
                for k in 0..n as u8 {
                    let other = Cc::event_words(lang, r, &with_card(e, k), Some(viewer));
                    assert!(
                        told == other,
                        "{}, game {game}: the event {e:?} told to seat {viewer} names a card \
                         it cannot see: \"{told}\" became \"{other}\"",
                        set.label
                    );
                    tally.add("narrated event");
                }
            }
        }
    }
}

/// At most this many sampled states per step and rule set.
const PER_STEP: u64 = 24;
/// Games per rule set.
const GAMES: u64 = 16;

#[test]
fn nothing_a_seat_cannot_see_reaches_its_screens_or_its_agents() {
    let mut tally = Tally::default();
    for (si, set) in rule_sets().iter().enumerate() {
        let mut taken: BTreeMap<&'static str, u64> = BTreeMap::new();
        for game in 0..GAMES {
            let seed = derive(25, si as u64, game);
            let mut s = State::new(set.rules.clone(), seed);
            let mut rng = agent_rng(derive(seed, 0, 1));
            let mut buf = Vec::new();
            let mut moves = 0usize;
            loop {
                // A fulfilled secret mission is what a redraw of the
                // missions changes most: such states get a quota of their own.
                let secret = (0..2).any(|p| s.score()[p] != s.public_points(p));
                let here = if secret && !s.is_terminal() {
                    "a secret mission fulfilled"
                } else {
                    step(&s)
                };
                let n = taken.entry(here).or_default();
                // Spread the samples over the games: each game may take a
                // few of a step's quota, and at every third move or so.
                let share = (PER_STEP * (game + 1)).div_ceil(GAMES);
                let quota = if secret { 2 * share } else { share };
                let rare = secret || s.is_terminal() || s.phase() == Phase::LonePlaceAll;
                if *n < quota && (moves.is_multiple_of(3) || rare) {
                    *n += 1;
                    *tally.states.entry(here).or_default() += 1;
                    check_state(set, &s, game, moves, &mut tally);
                }
                if s.is_terminal() {
                    break;
                }
                let (m, _) = s.random_legal(&mut rng, &mut buf);
                s.apply_legal(m);
                moves += 1;
            }
            check_narration(set, &s, game, &mut tally);
        }
    }
    let report: Vec<String> = tally
        .states
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .chain(tally.compared.iter().map(|(k, v)| format!("{k}: {v}")))
        .collect();
    eprintln!(
        "states sampled, comparisons made:\n  {}",
        report.join("\n  ")
    );
    // Every step was reached and checked (the lone player, rare in random
    // games, at least once).
    let lone = tally.states.get("lone player").copied().unwrap_or(0);
    assert!(lone >= 1, "no state of the lone player sampled");
    for here in [
        "a secret mission fulfilled",
        "setup: arranging actions",
        "setup: placing",
        "turn start",
        "placing",
        "refill",
        "effect",
        "effect: the other seat answers",
        "passive discard",
        "before vote",
        "game over",
    ] {
        let n = tally.states.get(here).copied().unwrap_or(0);
        assert!(n >= 10, "only {n} states sampled at {here}");
    }
    for (what, at_least) in [
        ("observation", 4000),
        ("board", 25_000),
        ("score", 12_000),
        ("evaluation", 4000),
        ("legal moves", 2000),
        ("question", 6000),
        ("choices", 6000),
        ("choice lines", 6000),
        ("legend", 6000),
        ("rules", 6000),
        ("hint", 18_000),
        ("may pass", 1500),
        ("greedy scores", 1500),
        ("greedy decision", 1500),
        ("ISMCTS statistics", 1500),
        ("ISMCTS decision", 1500),
        ("narrated event", 250_000),
    ] {
        let n = tally.compared.get(what).copied().unwrap_or(0);
        assert!(n >= at_least, "only {n} comparisons of the {what}");
    }
}

#[test]
fn the_pass_rule_counts_only_the_points_a_seat_can_see() {
    // The leak test found it: the agents' rule of thumb for passing
    // (`may_pass`: pass only when leading on points) compared the seat's
    // score with the opponent's true score, which counts his secret mission
    // once fulfilled; whether the greedy agent and the search might pass
    // told the seat whether the opponent's mission was fulfilled. The rule
    // now compares the points both can count.
    let h = Heuristic::default();
    let rules = common::rules();
    let (mut checked, mut would_have_leaked) = (0, 0);
    for game in 0..60 {
        let mut s = State::new(rules.clone(), derive(26, game, 0));
        let mut rng = agent_rng(derive(26, game, 1));
        let mut buf = Vec::new();
        while let Actor::Player(me) = s.current_actor() {
            let o = 1 - me;
            if s.phase() == Phase::TurnStart && s.score()[o] != s.public_points(o) {
                let mine = may_pass(&h, &s, me);
                for _ in 0..8 {
                    let d = s.resample(me, &mut rng);
                    assert_eq!(may_pass(&h, &d, me), mine, "game {game}");
                    // What the old rule, on the true scores, said.
                    let old = |x: &State| x.score()[me] >= x.score()[o] + h.pass_lead;
                    if old(&s) != old(&d) {
                        would_have_leaked += 1;
                    }
                }
                checked += 1;
            }
            let (m, _) = s.random_legal(&mut rng, &mut buf);
            s.apply_legal(m);
        }
    }
    assert!(
        checked > 100,
        "only {checked} turns with a secret mission fulfilled"
    );
    assert!(
        would_have_leaked > 0,
        "no redraw would have changed the old rule's answer"
    );
}
