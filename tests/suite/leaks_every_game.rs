//! Leak tests over every game: nothing a seat cannot see reaches what it
//! is shown or what an agent decides for it.
//!
//! The test is generic over the game (`ludus::games::Registered`) and names
//! no notion of one: below, each game's type and its rule sets are the only
//! game-specific lines. (`tests/suite/leaks.rs` checks Caesar & Cleopatra in more
//! depth, with that game's own phases and events.)
//!
//! Seeded random games are played under each rule set, with their event
//! log on (the screens narrate), and states are sampled along the way:
//! every few moves, every few of the moves where a seat answers another's
//! turn, and the final state. At each sampled state, for each seat, what
//! that seat cannot see is redrawn twice (`Soaked::redraw_hidden`, the
//! soak's determinization) and everything that seat is shown or that an
//! agent decides for it must read the same:
//!
//! - its observation string;
//! - the screens of `ludus play` (`Playable`) as it sees them, in English,
//!   French and Dutch, with and without colour: the board and the score;
//!   and for the seat to act: its legal moves, the question, the numbered
//!   choices, the lines of an ambiguous answer, the legend, the rules in
//!   force, the hints, the forced move, and each legal move in words;
//! - the agents (`Agents`): the evaluation for that seat; and for the seat
//!   to act with two moves or more, the rules of thumb, the greedy agent's
//!   scores and choice, and an ISMCTS agent's statistics and choice (a
//!   small fixed budget, a fixed seed).
//!
//! Once the game is over the rules may reveal what was secret (the soak
//! stops comparing observations there): the result (`Playable::result_text`,
//! "seen by every seat") is that reveal. At the final state a redraw counts
//! only if it keeps the result and the seat's observation, so that only what
//! stays hidden after the reveal is redrawn; then the screens and the
//! evaluation are compared as before.
//!
//! The narration of the event log is not compared here: a redrawn copy
//! keeps no log, and an event's hidden card is the game's notion
//! (`tests/suite/leaks.rs` checks Caesar & Cleopatra's narration event by event).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use ludus::agents::{Greedy, IsmctsAgent, IsmctsConfig};
use ludus::described::Described;
use ludus::engine::agent::Agent;
use ludus::engine::seed::{AgentRng, agent_rng, derive};
use ludus::engine::{Actor, GameState, Selection};
use ludus::games::Registered;
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::load::GameDir;
use ludus::play::MoveOf;
use ludus::play::i18n::Lang;
use ludus::play::render::Style;
use ludus::soak::Soaked;

/// A rule set to sample: its label, the rules folder and the selection.
type Choice = (String, GameDir, Selection);

fn built_in(game: &str) -> GameDir {
    GameDir::built_in_game(game).expect("a built-in game")
}

/// Caesar & Cleopatra: the base rules and one variant.
fn caesar_cleopatra_sets() -> Vec<Choice> {
    let dir = built_in("caesar-cleopatra");
    vec![
        ("base".into(), dir.clone(), Selection::default()),
        ("fr-suffrage".into(), dir, Selection::variant("fr-suffrage")),
    ]
}

/// de Cape & d'Épée: the base rules for 2 to 6 seats, and one add-on.
fn de_cape_sets() -> Vec<Choice> {
    let dir = built_in("de-cape");
    let mut sets: Vec<Choice> = (2..=6)
        .map(|n| {
            let sel = Selection {
                players: Some(n),
                ..Selection::default()
            };
            (format!("base, {n} players"), dir.clone(), sel)
        })
        .collect();
    let addon = Selection {
        addons: vec!["eliminated-out-of-game".into()],
        ..Selection::default()
    };
    sets.push(("base+eliminated-out-of-game".into(), dir, addon));
    sets
}

#[test]
fn caesar_cleopatra_hides_what_a_seat_cannot_see() {
    let kinds = ["turn", "answering another seat's turn", "game over"];
    check_game::<CaesarCleopatra>("Caesar & Cleopatra", &caesar_cleopatra_sets(), 12, &kinds);
}

#[test]
fn de_cape_hides_what_a_seat_cannot_see() {
    // Described, every decision is the turn's seat's own.
    let kinds = ["turn", "game over"];
    check_game::<Described>("de Cape & d'Epee", &de_cape_sets(), 8, &kinds);
}

// ----- What follows names no game -----------------------------------------

const LANGS: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Nl];
/// Redraws per seat and sampled state.
const REDRAWS: u64 = 2;
/// The search's budget: small, so that the test stays short.
const ISMCTS_ITERATIONS: u32 = 48;
/// A state is sampled every `EVERY` moves (from an offset that changes
/// with the game), and every other move where a seat answers another's
/// turn; and the final state.
const EVERY: usize = 9;
/// Redraws tried at the final state for one that keeps the reveal.
const FINAL_TRIES: usize = 20_000;

/// A rule set loaded, with what its screens and agents need.
struct Set<G: Registered> {
    game: &'static str,
    label: String,
    rules: Arc<G::Rules>,
    /// What the `rules` command quotes.
    notes: G::RuleNotes,
    /// The evaluation's weights of the rules folder, as `ludus play` takes them.
    weights: G::Weights,
}

fn load<G: Registered>(game: &'static str, (label, dir, sel): &Choice) -> Set<G> {
    // Loads as `Game::load` does, with the notes `rules_text` quotes.
    let (loaded, notes) = G::load_for_play(dir, sel).expect("the shipped rules load");
    Set {
        game,
        label: label.clone(),
        rules: loaded.rules,
        notes,
        weights: G::weights_in(dir).expect("the shipped weights load"),
    }
}

/// How many states were sampled and comparisons made, by kind.
#[derive(Default)]
struct Tally {
    states: BTreeMap<&'static str, u64>,
    compared: BTreeMap<&'static str, u64>,
    /// The questions asked, seat names left out: a sign of the steps seen.
    questions: BTreeSet<String>,
}

/// What identifies a sampled state in a failure.
struct Where<'a> {
    game: &'a str,
    set: &'a str,
    seed: u64,
    moves: usize,
    seat: usize,
}

impl fmt::Display for Where<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}), game seed {}, after {} moves, seat {}",
            self.game, self.set, self.seed, self.moves, self.seat
        )
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

/// Games under each rule set, and the figures printed; each of `kinds`
/// of state sampled at least five times.
fn check_game<G: Registered>(game: &'static str, sets: &[Choice], games: u64, kinds: &[&str]) {
    let start = std::time::Instant::now();
    let mut tally = Tally::default();
    for (si, choice) in sets.iter().enumerate() {
        let set = load::<G>(game, choice);
        for g in 0..games {
            play_and_check(&set, derive(41, si as u64, g), g as usize, &mut tally);
        }
    }
    report(game, &tally, start.elapsed().as_secs_f64());
    for &kind in kinds {
        let n = tally.states.get(kind).copied().unwrap_or(0);
        assert!(n >= 5, "{game}: only {n} states sampled of kind {kind}");
    }
    for what in ["board", "choices", "greedy decision", "ISMCTS decision"] {
        let n = tally.compared.get(what).copied().unwrap_or(0);
        assert!(n >= 100, "{game}: only {n} comparisons of the {what}");
    }
}

fn report(game: &str, tally: &Tally, seconds: f64) {
    let lines: Vec<String> = tally
        .states
        .iter()
        .map(|(k, v)| format!("states, {k}: {v}"))
        .chain(tally.compared.iter().map(|(k, v)| format!("{k}: {v}")))
        .collect();
    eprintln!(
        "{game}: {} states sampled, {} distinct questions, {seconds:.1} s; comparisons:\n  {}",
        tally.states.values().sum::<u64>(),
        tally.questions.len(),
        lines.join("\n  ")
    );
}

/// One seeded random game, checked at its sampled states.
fn play_and_check<G: Registered>(set: &Set<G>, seed: u64, g: usize, tally: &mut Tally) {
    let mut s = G::new_state(&set.rules, seed, true);
    let mut rng = agent_rng(derive(seed, 0, 1));
    let mut buf = Vec::new();
    let mut moves = 0usize;
    loop {
        if sampled::<G>(&s, moves + g) {
            check_state(set, &s, seed, moves, tally);
        }
        if s.is_terminal() {
            break;
        }
        let (m, _) = s.random_legal(&mut rng, &mut buf);
        s.apply_legal(m);
        moves += 1;
    }
}

/// Whether a seat other than the one whose turn it is acts.
fn answering<G: Registered>(s: &G::State) -> bool {
    s.current_actor() != Actor::Player(G::turn_seat(s))
}

/// Whether the state after `n` moves (offset by the game's number) is
/// sampled.
fn sampled<G: Registered>(s: &G::State, n: usize) -> bool {
    s.is_terminal() || n.is_multiple_of(EVERY) || (answering::<G>(s) && n.is_multiple_of(2))
}

/// What kind of state `s` is, for the tally.
fn kind<G: Registered>(s: &G::State) -> &'static str {
    if s.is_terminal() {
        "game over"
    } else if G::in_setup(s) {
        "setup"
    } else if answering::<G>(s) {
        "answering another seat's turn"
    } else {
        "turn"
    }
}

/// Every comparison at one sampled state, for every seat.
fn check_state<G: Registered>(
    set: &Set<G>,
    s: &G::State,
    seed: u64,
    moves: usize,
    tally: &mut Tally,
) {
    *tally.states.entry(kind::<G>(s)).or_default() += 1;
    if !s.is_terminal() {
        let mut q = G::question(s, Lang::En);
        for seat in 0..s.num_players() {
            q = q.replace(&G::seat_name(&set.rules, seat), "(seat)");
        }
        tally.questions.insert(q);
    }
    let mut rng = agent_rng(derive(seed, moves as u64, 7));
    let agents_seed = derive(seed, moves as u64, 300);
    for seat in 0..s.num_players() {
        let at = Where {
            game: set.game,
            set: &set.label,
            seed,
            moves,
            seat,
        };
        let seen = seen_by(set, s, seat, agents_seed);
        for _ in 0..REDRAWS {
            let d = redraw::<G>(s, seat, &mut rng, &at);
            compare(&at, &seen, &seen_by(set, &d, seat, agents_seed), tally);
        }
    }
}

/// A copy of `s` with what `seat` cannot see redrawn. At the final state
/// one that keeps the reveal (the result) and the seat's observation.
fn redraw<G: Registered>(s: &G::State, seat: usize, rng: &mut AgentRng, at: &Where) -> G::State {
    if !s.is_terminal() {
        return s.redraw_hidden(seat, rng);
    }
    let shown = |x: &G::State| (x.observation_string(seat), G::result_text(x, Lang::En));
    let kept = shown(s);
    for _ in 0..FINAL_TRIES {
        let d = s.redraw_hidden(seat, rng);
        if shown(&d) == kept {
            return d;
        }
    }
    panic!("{at}: no redraw of the final state keeps what the end reveals");
}

/// The texts `seat` is shown in `x`, and the agents' decisions for it,
/// each with what it is.
type Texts = Vec<(&'static str, String)>;

fn compare(at: &Where, a: &Texts, b: &Texts, tally: &mut Tally) {
    let missing = ("(nothing)", String::new());
    for i in 0..a.len().max(b.len()) {
        let (what, x) = a.get(i).unwrap_or(&missing);
        let (other, y) = b.get(i).unwrap_or(&missing);
        assert!(
            what == other,
            "{at}: the redraw changes what is shown: {what} became {other}"
        );
        assert!(
            x == y,
            "{at}: the {what} depends on cards the seat cannot see: {}",
            first_difference(x, y)
        );
        *tally.compared.entry(what).or_default() += 1;
    }
}

/// Everything compared for `seat` in `x` (`seed` seeds the agents).
fn seen_by<G: Registered>(set: &Set<G>, x: &G::State, seat: usize, seed: u64) -> Texts {
    let mut t = Texts::new();
    // At the end the observation is kept by the redraw (see `redraw`).
    if !x.is_terminal() {
        t.push(("observation", x.observation_string(seat)));
    }
    screens::<G>(x, seat, &mut t);
    let eval = G::evaluate(&set.weights, x, seat);
    t.push(("evaluation", format!("{eval:?}")));
    if x.current_actor() == Actor::Player(seat) {
        let mut legal = Vec::new();
        x.legal_moves(&mut legal);
        actor_screens(set, x, &legal, seed, &mut t);
        if legal.len() >= 2 {
            decisions(set, x, &legal, seed, &mut t);
        }
    }
    t
}

/// The board and the score as `seat` sees them.
fn screens<G: Registered>(x: &G::State, seat: usize, t: &mut Texts) {
    for lang in LANGS {
        for color in [false, true] {
            t.push(("board", G::board(x, Some(seat), Style { color, lang })));
        }
        t.push(("score", G::score_text(x, seat, lang)));
    }
}

/// What the seat to act is shown: its moves, the question, the choices,
/// the legend, the rules, the hints, each move in words.
fn actor_screens<G: Registered>(
    set: &Set<G>,
    x: &G::State,
    legal: &[MoveOf<G>],
    seed: u64,
    t: &mut Texts,
) {
    let lines = |f: &dyn Fn(MoveOf<G>) -> String| legal.iter().map(|&m| f(m) + "\n").collect();
    t.push(("legal moves", lines(&|m| format!("{m:?}"))));
    t.push(("move text", lines(&|m| x.move_to_string(m))));
    t.push(("forced move", format!("{:?}", G::forced_move(x))));
    let which: Vec<usize> = (0..legal.len()).step_by(2).collect();
    let hinted: BTreeSet<usize> = [0, legal.len() / 2, legal.len() - 1].into();
    for lang in LANGS {
        let st = Style { color: false, lang };
        t.push(("question", G::question(x, lang)));
        t.push(("choices", G::choices(x, legal, st)));
        t.push(("choice lines", G::choice_lines(x, legal, &which, st)));
        t.push(("legend", G::legend(x, st)));
        t.push(("rules", G::rules_text(x, &set.notes, st)));
        t.push(("move line", lines(&|m| G::quiet_move_line(lang, x, m))));
        for &ix in &hinted {
            let hint = G::hint_text(x, legal[ix], ix, "greedy", seed, lang);
            t.push(("hint", hint));
        }
    }
}

/// The agents' decisions for the seat to act: the rules of thumb, the
/// greedy agent's scores and choice, the search's statistics and choice
/// (a choice as its number in the legal moves).
fn decisions<G: Registered>(
    set: &Set<G>,
    x: &G::State,
    legal: &[MoveOf<G>],
    seed: u64,
    t: &mut Texts,
) {
    let w = &set.weights;
    let index = |m: MoveOf<G>| legal.iter().position(|&l| l == m);
    let thumb = (G::considered(w, x, legal), G::ruled_move(w, x, legal));
    t.push(("rules of thumb", format!("{thumb:?}")));
    let scores = G::greedy_agent(w, seed).scores(x, legal);
    t.push(("greedy scores", format!("{scores:?}")));
    let greedy = G::greedy_agent(w, seed).choose(x, legal);
    t.push(("greedy decision", format!("{:?}", index(greedy))));
    let config = IsmctsConfig {
        heuristic: w.clone(),
        ..IsmctsConfig::with_iterations(ISMCTS_ITERATIONS)
    };
    let stats = IsmctsAgent::<G>::new(config.clone(), seed).analyze(x, legal);
    t.push(("ISMCTS statistics", format!("{stats:?}")));
    let choice = IsmctsAgent::<G>::new(config, seed).choose(x, legal);
    t.push(("ISMCTS decision", format!("{:?}", index(choice))));
}
