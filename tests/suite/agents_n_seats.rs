//! The generic agents on a game of three seats defined here: a small
//! trick-taking game with hidden hands. The search (ISMCTS) and the arena
//! know nothing of it but what `Game`, `GameState`, `Scored` and `Agents`
//! say; ISMCTS beats random players clearly, and the arena reports every
//! seat.
//!
//! The game: 18 cards (1 to 9, twice), five to each of three players, three
//! left unseen. Five tricks: the leader plays any card of his hand, then the
//! others in seat order; the highest card wins the trick (the earlier of
//! equal cards), and its winner leads the next. Most tricks wins; a tie for
//! the most is a draw.

use std::path::Path;
use std::sync::Arc;

use ludus::agents::{Agents, Greedy, IsmctsAgent, IsmctsConfig, arena};
use ludus::diag::{Diagnostic, Diagnostics};
use ludus::engine::agent::Agent;
use ludus::engine::seed::{self, AgentRng};
use ludus::engine::{Actor, Game, GameState, Loaded, Scored, Selection};
use ludus::load::GameDir;

const SEATS: usize = 3;
const HAND: usize = 8;
/// The highest card (each value twice in the deck).
const TOP: u8 = 13;

struct Tricks;

#[derive(Debug)]
struct Deal;

#[derive(Debug, Clone)]
struct State {
    hands: [Vec<u8>; SEATS],
    /// Cards no one holds and no one has seen.
    stock: Vec<u8>,
    /// The current trick: who played what, in order.
    trick: Vec<(usize, u8)>,
    leader: usize,
    won: [u32; SEATS],
    tricks: u32,
}

impl State {
    fn deal(seed: u64) -> State {
        let mut deck: Vec<u8> = (1..=TOP).flat_map(|v| [v, v]).collect();
        seed::shuffle(&mut deck, &mut seed::agent_rng(seed));
        let mut hands: [Vec<u8>; SEATS] = Default::default();
        for (p, hand) in hands.iter_mut().enumerate() {
            *hand = deck[p * HAND..(p + 1) * HAND].to_vec();
            hand.sort_unstable();
        }
        State {
            hands,
            stock: deck[SEATS * HAND..].to_vec(),
            trick: Vec::new(),
            leader: 0,
            won: [0; SEATS],
            tricks: 0,
        }
    }

    fn to_act(&self) -> usize {
        (self.leader + self.trick.len()) % SEATS
    }

    fn over(&self) -> bool {
        self.tricks as usize == HAND
    }

    /// The card the trick's winner played so far, and his seat.
    fn best(&self) -> Option<(usize, u8)> {
        let mut best: Option<(usize, u8)> = None;
        for &(p, c) in &self.trick {
            if best.is_none_or(|(_, b)| c > b) {
                best = Some((p, c));
            }
        }
        best
    }
}

impl GameState for State {
    type Move = u8;

    fn num_players(&self) -> usize {
        SEATS
    }

    fn current_actor(&self) -> Actor {
        if self.over() {
            Actor::Terminal
        } else {
            Actor::Player(self.to_act())
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.over() {
            return;
        }
        out.extend_from_slice(&self.hands[self.to_act()]);
        out.dedup();
    }

    fn apply_legal(&mut self, m: u8) {
        let p = self.to_act();
        let hand = &mut self.hands[p];
        let i = hand.iter().position(|&c| c == m).expect("a card in hand");
        hand.remove(i);
        self.trick.push((p, m));
        if self.trick.len() == SEATS {
            let (w, _) = self.best().expect("a full trick");
            self.won[w] += 1;
            self.leader = w;
            self.trick.clear();
            self.tricks += 1;
        }
    }

    fn returns(&self) -> Vec<f64> {
        match self.winner() {
            Some(w) => (0..SEATS)
                .map(|p| if p == w { 1.0 } else { -1.0 })
                .collect(),
            None => vec![0.0; SEATS],
        }
    }

    fn move_to_string(&self, m: u8) -> String {
        m.to_string()
    }

    fn observation_string(&self, player: usize) -> String {
        format!("{:?} {:?} {:?}", self.hands[player], self.trick, self.won)
    }

    fn turns(&self) -> u32 {
        self.tricks
    }
}

impl Scored for State {
    fn scores(&self) -> Vec<i32> {
        self.won.iter().map(|&w| w as i32).collect()
    }
    fn end_reason(&self) -> Option<&'static str> {
        self.over().then_some("no_cards_left")
    }
    fn winner(&self) -> Option<usize> {
        if !self.over() {
            return None;
        }
        let most = *self.won.iter().max()?;
        let mut at = (0..SEATS).filter(|&p| self.won[p] == most);
        match (at.next(), at.next()) {
            (Some(w), None) => Some(w),
            _ => None,
        }
    }
    fn seat_ids(&self) -> Vec<String> {
        ["north", "east", "west"].map(String::from).to_vec()
    }
}

impl Game for Tricks {
    const MODULE: &'static str = "tricks";
    type Rules = Deal;
    type State = State;

    fn load(_: &GameDir, _: &Selection) -> Result<Loaded<Deal>, Diagnostics> {
        Ok(Loaded {
            rules: Arc::new(Deal),
            settings: Vec::new(),
            fingerprint: String::new(),
            lang: None,
        })
    }

    fn new_state(_: &Arc<Deal>, seed: u64, _log: bool) -> State {
        State::deal(seed)
    }

    fn seats(_: &Deal) -> usize {
        SEATS
    }
}

/// One ply: win the trick with the lowest card that can, else throw the
/// lowest card.
struct TrickGreedy;

impl Greedy<State> for TrickGreedy {
    fn scores(&mut self, s: &State, legal: &[u8]) -> Vec<f64> {
        let to_beat = s.best().map_or(0, |(_, c)| c);
        let value = |c: u8| if c > to_beat { 1.0 } else { 0.0 } - f64::from(c) / 20.0;
        legal.iter().map(|&c| value(c)).collect()
    }
}

impl Agent<State> for TrickGreedy {
    fn choose(&mut self, s: &State, legal: &[u8]) -> u8 {
        let scores = self.scores(s, legal);
        let best = (0..legal.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]));
        legal[best.unwrap_or(0)]
    }
    fn name(&self) -> &str {
        "greedy"
    }
}

impl Agents for Tricks {
    type Weights = ();
    type Greedy = TrickGreedy;

    fn weights_in(_: &GameDir) -> Result<(), Diagnostic> {
        Ok(())
    }
    fn weights_from_file(_: &Path) -> Result<(), Diagnostic> {
        Ok(())
    }
    fn greedy_agent(_: &(), _seed: u64) -> TrickGreedy {
        TrickGreedy
    }

    /// Tricks ahead of the best other seat, plus a little for high cards
    /// still in hand (a tie for the most: half a trick less).
    fn evaluate(_: &(), s: &State, seat: usize) -> f64 {
        let others = (0..SEATS).filter(|&p| p != seat);
        let best_other = others.clone().map(|p| s.won[p]).max().unwrap_or(0);
        let mut x = f64::from(s.won[seat]) - f64::from(best_other);
        if s.won[seat] == best_other {
            x -= 0.5;
        }
        let strength = |p: usize| s.hands[p].iter().map(|&c| f64::from(c)).sum::<f64>();
        let mean_other = others.map(strength).sum::<f64>() / (SEATS - 1) as f64;
        x + (strength(seat) - mean_other) / 20.0
    }

    /// The other hands and the stock, as one pool of the cards `seat` has
    /// not seen (in order, so that only what it knows matters), shuffled
    /// and dealt back in the same sizes.
    fn determinize(s: &State, seat: usize, rng: &mut AgentRng) -> State {
        let mut d = s.clone();
        let mut pool: Vec<u8> = d.stock.clone();
        for p in (0..SEATS).filter(|&p| p != seat) {
            pool.extend_from_slice(&d.hands[p]);
        }
        pool.sort_unstable();
        seed::shuffle(&mut pool, rng);
        let mut rest = pool.as_slice();
        for p in (0..SEATS).filter(|&p| p != seat) {
            let n = d.hands[p].len();
            d.hands[p] = rest[..n].to_vec();
            d.hands[p].sort_unstable();
            rest = &rest[n..];
        }
        d.stock = rest.to_vec();
        d
    }

    fn rollout_move(_: &State, legal: &[u8], rng: &mut AgentRng) -> u8 {
        legal[seed::below(rng, legal.len())]
    }

    fn considered(_: &(), _: &State, _: &[u8]) -> Option<Vec<u8>> {
        None
    }

    fn ruled_move(_: &(), _: &State, _: &[u8]) -> Option<u8> {
        None
    }

    fn move_key(m: u8) -> u64 {
        u64::from(m)
    }
}

fn deal() -> Arc<Deal> {
    Arc::new(Deal)
}

#[test]
fn the_determinization_keeps_the_observers_hand_and_redraws_the_others() {
    let s = State::deal(4);
    let mut rng = seed::agent_rng(1);
    let mut differ = 0;
    for _ in 0..20 {
        let d = Tricks::determinize(&s, 1, &mut rng);
        assert_eq!(d.hands[1], s.hands[1]);
        assert_eq!([d.hands[0].len(), d.hands[2].len()], [HAND, HAND]);
        let mut all: Vec<u8> = d.hands.concat();
        all.extend(&d.stock);
        all.sort_unstable();
        assert_eq!(all, (1..=TOP).flat_map(|v| [v, v]).collect::<Vec<u8>>());
        differ += usize::from(d.hands[0] != s.hands[0]);
    }
    assert!(differ > 15, "{differ}");
}

#[test]
fn ismcts_plays_legal_moves_for_every_seat() {
    for seed in 0..4 {
        let mut s = State::deal(seed);
        let mut agents: Vec<IsmctsAgent<Tricks>> = (0..SEATS as u64)
            .map(|p| IsmctsAgent::new(IsmctsConfig::with_iterations(60), seed * 3 + p))
            .collect();
        let mut legal = Vec::new();
        while let Actor::Player(p) = s.current_actor() {
            s.legal_moves(&mut legal);
            let m = agents[p].choose(&s, &legal);
            assert!(legal.contains(&m));
            s.apply_legal(m);
        }
        assert_eq!(s.won.iter().sum::<u32>(), HAND as u32);
    }
}

#[test]
fn ismcts_beats_two_random_players_and_the_arena_reports_three_seats() {
    // Rollouts to the end of the game (8 tricks): the game is short.
    let games = 90;
    let specs = ["ismcts:300,turns=8", "random", "random"];
    let r = arena::<Tricks>(deal(), &specs, games, 7, 2).unwrap();
    let text = r.to_text();
    assert_eq!(r.sides.len(), 3);
    assert_eq!(r.seat_ids, ["north", "east", "west"]);
    let wins: u64 = r.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + r.draws, games, "{text}");
    for side in &r.sides {
        assert_eq!(side.seats_per_game, 1);
        assert_eq!(side.win_rate_by_seat.len(), 3, "{text}");
        // Each side sat 30 times in each seat: its rate is their mean.
        let mean = side.win_rate_by_seat.iter().sum::<f64>() / 3.0;
        assert!((mean - side.win_rate).abs() < 1e-9, "{text}");
        assert!(side.win_ci95.0 <= side.win_rate && side.win_rate <= side.win_ci95.1);
    }
    // Three random players win about a quarter of the games each (the
    // rest are draws); ISMCTS wins clearly more.
    let (a, b, c) = (&r.sides[0], &r.sides[1], &r.sides[2]);
    assert!(a.win_ci95.0 > 0.3, "{text}");
    assert!(a.wins > 2 * b.wins.max(c.wins), "{text}");
    assert!(a.mean_margin > 0.0, "{text}");
    for seat in ["north", "east", "west"] {
        assert!(text.contains(seat), "{text}");
    }
    assert!(text.contains("C wins"), "{text}");
    let j = r.to_json();
    assert_eq!(j["sides"].as_array().unwrap().len(), 3);
    assert_eq!(j["seats"].as_array().unwrap().len(), 3);
    assert!(j.get("a_wins").is_none(), "flat keys only with two sides");
}

#[test]
fn two_specs_put_a_in_one_seat_and_b_in_the_others() {
    let games = 30;
    let r = arena::<Tricks>(deal(), &["greedy", "random"], games, 3, 1).unwrap();
    let text = r.to_text();
    assert_eq!(r.sides[0].seats_per_game, 1);
    assert_eq!(r.sides[1].seats_per_game, 2);
    assert_eq!(r.sides[0].wins + r.sides[1].wins + r.draws, games);
    assert_eq!(r.sides[0].win_rate_by_seat.len(), 3);
    // One greedy player against two random ones still wins more than a
    // third of the games.
    assert!(r.sides[0].win_rate > 1.0 / 3.0, "{text}");
    assert_eq!(r.to_json()["a"], "greedy");
    // The same run on more threads: the same figures.
    let again = arena::<Tricks>(deal(), &["greedy", "random"], games, 3, 2).unwrap();
    let figures = |r: &ludus::agents::ArenaReport| -> Vec<_> {
        (r.sides.iter())
            .map(|s| (s.wins, s.win_rate_by_seat.clone(), s.mean_margin))
            .collect()
    };
    assert_eq!(figures(&again), figures(&r));
}

#[test]
fn a_lineup_that_fits_no_seat_count_is_refused() {
    let e = arena::<Tricks>(deal(), &["random", "random", "random", "random"], 3, 1, 1)
        .err()
        .unwrap();
    assert!(e.contains("4 agents for a game of 3 seats"), "{e}");
    assert!(arena::<Tricks>(deal(), &["random", "nobody"], 3, 1, 1).is_err());
}

// The simulator and the report on the same three-seat game: what it
// measures of its own (the tricks of the seat that led first) and how
// the report shows it.

/// The game's own record of one game: the tricks won by the seat that led
/// first.
#[derive(Debug, Clone)]
struct TrickRecord {
    first_leader_tricks: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct TrickSums {
    first_leader_tricks: ludus::sim::Hist,
}

impl ludus::sim::Simulated for Tricks {
    type Sums = TrickSums;
    type Record = TrickRecord;

    fn record(s: &State) -> (ludus::sim::Outcome, TrickRecord) {
        let outcome = ludus::sim::Outcome {
            winner: s.winner(),
            first: 0,
            scores: s.won.iter().map(|&w| i64::from(w)).collect(),
            turns: s.tricks,
            end: s.end_reason().unwrap_or("unfinished"),
            decisive_turn: None,
        };
        let r = TrickRecord {
            first_leader_tricks: s.won[0],
        };
        (outcome, r)
    }
    fn add(t: &mut TrickSums, r: &TrickRecord) {
        t.first_leader_tricks.add(i64::from(r.first_leader_tricks));
    }
    fn merge(t: &mut TrickSums, o: &TrickSums) {
        t.first_leader_tricks.merge(&o.first_leader_tricks);
    }
    fn meta(_: &Deal) -> ludus::sim::Meta {
        ludus::sim::Meta {
            game: "Tricks".into(),
            seats: ["north", "east", "west"].map(String::from).to_vec(),
            seat_names: ["North", "East", "West"].map(String::from).to_vec(),
            ..Default::default()
        }
    }
}

impl ludus::report::Reported for Tricks {
    const SECTIONS: &'static [&'static str] = &["Tricks"];
    const KEY_FIGURES: &'static [(&'static str, &'static str)] = &[];
    const COMPARED: &'static [(&'static str, &'static str)] = &[];

    fn measures(s: &ludus::sim::Summary<TrickSums>, push: &mut dyn FnMut(ludus::report::Measure)) {
        use ludus::report::measures::{Stat, measure};
        push(measure(
            "first_leader_tricks",
            "tricks of the first leader",
            "Tricks",
            Stat::mean_of(&s.totals.game.first_leader_tricks),
        ));
    }
    fn json(
        _: &ludus::sim::Summary<TrickSums>,
        _: &mut serde_json::Map<String, serde_json::Value>,
        _: &mut serde_json::Map<String, serde_json::Value>,
    ) {
    }
    fn csv_header(_: &ludus::sim::Meta, cols: &mut Vec<String>) {
        cols.push("first_leader_tricks".into());
    }
    fn csv_row(_: &ludus::sim::Meta, r: &TrickRecord, cols: &mut Vec<String>) {
        cols.push(r.first_leader_tricks.to_string());
    }
    fn html(_: &serde_json::Value, _: &[&str]) -> String {
        String::new()
    }
}

fn sim_options(agents: &str, threads: usize, shard: Option<&str>) -> ludus::report::SimOptions {
    ludus::report::SimOptions {
        rules_dir: GameDir::built_in(),
        game: None,
        base: Selection::default(),
        compare: Vec::new(),
        agents: agents.into(),
        games: 600,
        seed: 5,
        threads,
        shard: shard.map(String::from),
        progress: false,
        csv: None,
        stop: None,
    }
}

fn sim_json(o: &ludus::report::SimOptions) -> serde_json::Value {
    let out = ludus::report::simulate::<Tricks>(o).unwrap();
    ludus::report::json::without_timing(out.to_json::<Tricks>())
}

/// Three seats through `simulate`: a win rate with its interval and a
/// score per seat, the game's own measure in its section, the same
/// report on one thread and two, and shards that merge into it.
#[test]
fn the_simulator_and_report_work_for_three_seats() {
    let one = sim_json(&sim_options("random", 1, None));
    let two = sim_json(&sim_options("random", 2, None));
    assert_eq!(one, two);
    let wins: f64 = ["north", "east", "west", "draw"]
        .iter()
        .map(|k| one["win_rate"][k].as_f64().unwrap())
        .sum();
    assert!((wins - 1.0).abs() < 1e-9, "{}", one["win_rate"]);
    for seat in ["north", "east", "west"] {
        assert!(one["win_rate_ci95"][seat].is_array(), "{seat}");
        assert!(
            one["measures"][format!("score_{seat}")]["value"]
                .as_f64()
                .unwrap()
                > 0.0
        );
    }
    assert_eq!(one["measures"]["first_leader_tricks"]["section"], "Tricks");
    assert_eq!(one["totals"]["wins"].as_array().unwrap().len(), 3);
    assert_eq!(
        one["measures"]["margin"]["label"],
        "score margin (North - the others' mean)"
    );

    let shards: Vec<(String, serde_json::Value)> = (0..3)
        .map(|i| {
            let o = sim_options("random", 1, Some(&format!("{i}/3")));
            let out = ludus::report::simulate::<Tricks>(&o).unwrap();
            (format!("shard {i}"), out.to_json::<Tricks>())
        })
        .collect();
    let merged = ludus::report::merge::merge_reports::<Tricks>(&shards).unwrap();
    assert_eq!(
        ludus::report::json::without_timing(merged.to_json::<Tricks>()),
        one
    );

    let text = ludus::report::simulate::<Tricks>(&sim_options("random", 1, None))
        .unwrap()
        .to_text::<Tricks>();
    for line in [
        "North wins",
        "East wins",
        "West wins",
        "Tricks",
        "tricks of the first leader",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    let html = ludus::report::html::report_html::<Tricks>(&one);
    for line in [
        "West wins",
        "Final score of West",
        "tricks of the first leader",
    ] {
        assert!(html.contains(line), "{line}");
    }
}

/// One agent per seat: three specs for three seats, and a count that fits
/// no seat is refused with the rule.
#[test]
fn simulate_takes_one_agent_per_seat() {
    let j = sim_json(&sim_options("greedy,random,random", 1, None));
    assert_eq!(
        j["run"]["agents"],
        serde_json::json!(["greedy", "random", "random"])
    );
    let e = ludus::report::simulate::<Tricks>(&sim_options("greedy,random", 1, None)).unwrap_err();
    let ludus::report::SimError::Usage(m) = e else {
        panic!("{e:?}")
    };
    assert!(m.contains("give one agent for every seat or 3"), "{m}");
}

/// `sim::run`, one run played whole, sums what `simulate` does, and
/// passes every game's record in index order.
#[test]
fn one_run_alone_sums_as_simulate_does() {
    let whole = ludus::report::simulate::<Tricks>(&sim_options("random", 2, None)).unwrap();
    let s = &whole.summaries()[0];
    let cfg = ludus::sim::RunConfig::<Tricks> {
        rules: deal(),
        agents: (0..3).map(|_| ludus::agents::AgentSpec::Random).collect(),
        meta: s.meta.clone(),
        threads: 2,
    };
    let mut seen = Vec::new();
    let mut sink = |r: &ludus::sim::GameRecord<TrickRecord>| {
        seen.push(r.index);
        Ok(())
    };
    let done = std::sync::atomic::AtomicU64::new(0);
    let alone = ludus::sim::run(&cfg, Some(&mut sink), &done).unwrap();
    assert_eq!(alone.totals, s.totals);
    assert_eq!(alone.meta.partial, None);
    assert_eq!(seen, (0..600).collect::<Vec<u64>>());
}
