//! The terminal player is generic: a small three-seat game defined here
//! (each seat holds three hidden cards and plays one a turn; the highest
//! total played wins) is played through `ludus play`'s session loop by
//! three people at one screen (`--hotseat`), with typed moves. The
//! handover screen comes before each person's turn, and after the handover
//! to a seat nothing shows another seat's hidden cards.

use std::path::Path;
use std::sync::Arc;

use ludus::agents::{Agents, Greedy, IsmctsConfig};
use ludus::diag::{Diagnostic, Diagnostics};
use ludus::engine::agent::{Agent, RandomAgent};
use ludus::engine::seed::{self, AgentRng};
use ludus::engine::{Actor, Game, GameState, Loaded, Scored, Selection};
use ludus::load::GameDir;
use ludus::play::i18n::{Catalogue, Lang, PLAY};
use ludus::play::input::{InputError, fold};
use ludus::play::render::{ALT_SCREEN_ON, Style, WIPE};
use ludus::play::table::{CardView, TableView, Viewer, Zone, ZoneKind};
use ludus::play::{EventLook, Options, PlayArgs, Playable, Player, ReplayArgs};

const SEATS: [&str; 3] = ["North", "East", "West"];
/// Each card's name; its value is its index + 1.
const CARDS: [&str; 9] = [
    "Amber", "Basalt", "Cobalt", "Dune", "Ember", "Flint", "Garnet", "Hazel", "Indigo",
];

#[derive(Debug, Clone, Copy)]
struct Toy;

#[derive(Debug)]
struct ToyRules;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ToyEvent {
    Turn(usize),
    Played(usize, u8),
}

#[derive(Debug, Clone)]
struct ToyState {
    hands: [Vec<u8>; 3],
    played: [u32; 3],
    moves: u32,
    events: Vec<ToyEvent>,
}

impl ToyState {
    fn deal(seed: u64) -> ToyState {
        let mut cards: Vec<u8> = (0..9).collect();
        let mut x = seed | 1;
        for i in (1..cards.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cards.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let hands = [
            cards[0..3].to_vec(),
            cards[3..6].to_vec(),
            cards[6..9].to_vec(),
        ];
        ToyState {
            hands,
            played: [0; 3],
            moves: 0,
            events: vec![ToyEvent::Turn(0)],
        }
    }
    fn actor(&self) -> Option<usize> {
        (self.moves < 9).then_some(self.moves as usize % 3)
    }
}

impl GameState for ToyState {
    type Move = u8;
    fn num_players(&self) -> usize {
        3
    }
    fn current_actor(&self) -> Actor {
        self.actor().map_or(Actor::Terminal, Actor::Player)
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if let Some(p) = self.actor() {
            out.extend(&self.hands[p]);
        }
    }
    fn apply_legal(&mut self, m: u8) {
        let p = self.actor().expect("a seat to act");
        self.hands[p].retain(|&c| c != m);
        self.played[p] += m as u32 + 1;
        self.moves += 1;
        self.events.push(ToyEvent::Played(p, m));
        if let Some(q) = self.actor() {
            self.events.push(ToyEvent::Turn(q));
        }
    }
    fn returns(&self) -> Vec<f64> {
        let w = self.winner();
        (0..3)
            .map(|p| match w {
                Some(x) if x == p => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            })
            .collect()
    }
    fn move_to_string(&self, m: u8) -> String {
        format!("play {}", CARDS[m as usize])
    }
    fn observation_string(&self, player: usize) -> String {
        format!("{:?} {:?}", self.hands[player], self.played)
    }
    fn turns(&self) -> u32 {
        self.moves / 3
    }
}

impl Scored for ToyState {
    fn scores(&self) -> Vec<i32> {
        self.played.iter().map(|&s| s as i32).collect()
    }
    fn end_reason(&self) -> Option<&'static str> {
        self.actor().is_none().then_some("hands_empty")
    }
    fn winner(&self) -> Option<usize> {
        if self.actor().is_some() {
            return None;
        }
        let best = *self.played.iter().max()?;
        let at: Vec<usize> = (0..3).filter(|&p| self.played[p] == best).collect();
        (at.len() == 1).then(|| at[0])
    }
    fn seat_ids(&self) -> Vec<String> {
        SEATS.iter().map(|s| s.to_lowercase()).collect()
    }
}

impl Game for Toy {
    const MODULE: &'static str = "toy";
    type Rules = ToyRules;
    type State = ToyState;
    fn load(_: &GameDir, _: &Selection) -> Result<Loaded<ToyRules>, Diagnostics> {
        Ok(Loaded {
            rules: Arc::new(ToyRules),
            settings: vec![],
            fingerprint: "toy".into(),
            lang: None,
        })
    }
    fn new_state(_: &Arc<ToyRules>, seed: u64, _: bool) -> ToyState {
        ToyState::deal(seed)
    }
    fn seats(_: &ToyRules) -> usize {
        3
    }
}

/// The toy's greedy agent: the lowest card it holds.
struct ToyGreedy;

impl Greedy<ToyState> for ToyGreedy {
    fn scores(&mut self, _: &ToyState, legal: &[u8]) -> Vec<f64> {
        legal.iter().map(|&c| -f64::from(c)).collect()
    }
}

impl Agent<ToyState> for ToyGreedy {
    fn choose(&mut self, s: &ToyState, legal: &[u8]) -> u8 {
        let scores = self.scores(s, legal);
        let best = (0..legal.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]));
        legal[best.unwrap_or(0)]
    }
    fn name(&self) -> &str {
        "greedy"
    }
}

impl Agents for Toy {
    type Weights = ();
    type Greedy = ToyGreedy;
    fn weights_in(_: &GameDir) -> Result<(), Diagnostic> {
        Ok(())
    }
    fn weights_from_file(_: &Path) -> Result<(), Diagnostic> {
        Ok(())
    }
    fn greedy_agent(_: &(), _: u64) -> ToyGreedy {
        ToyGreedy
    }
    fn evaluate(_: &(), _: &ToyState, _: usize) -> f64 {
        0.0
    }
    fn determinize(s: &ToyState, _: usize, _: &mut AgentRng) -> ToyState {
        s.clone()
    }
    fn rollout_move(_: &ToyState, legal: &[u8], rng: &mut AgentRng) -> u8 {
        legal[seed::below(rng, legal.len())]
    }
    fn considered(_: &(), _: &ToyState, _: &[u8]) -> Option<Vec<u8>> {
        None
    }
    fn ruled_move(_: &(), _: &ToyState, _: &[u8]) -> Option<u8> {
        None
    }
    fn move_key(m: u8) -> u64 {
        u64::from(m)
    }
    fn ismcts(_: &IsmctsConfig<()>, seed: u64) -> Box<dyn Agent<ToyState>> {
        Box::new(RandomAgent::new(seed))
    }
}

static WORDS: Catalogue = Catalogue::new(["", "", ""], Some(&PLAY));

fn hand_text(s: &ToyState, p: usize) -> String {
    let names: Vec<&str> = s.hands[p].iter().map(|&c| CARDS[c as usize]).collect();
    names.join(", ")
}

impl Playable for Toy {
    type Event = ToyEvent;
    type RuleNotes = ();
    fn words() -> &'static Catalogue {
        &WORDS
    }
    fn load_for_play(d: &GameDir, s: &Selection) -> Result<(Loaded<ToyRules>, ()), Diagnostics> {
        Ok((Toy::load(d, s)?, ()))
    }
    fn name(_: &ToyRules) -> &str {
        "Toy"
    }
    fn seat_name(_: &ToyRules, p: usize) -> String {
        SEATS[p].into()
    }
    fn first_seat(_: &ToyRules) -> usize {
        0
    }
    fn board(s: &ToyState, viewer: Option<usize>, _: Style) -> String {
        let mut o = format!("== Toy, move {} ==\n", s.moves + 1);
        for p in 0..3 {
            let hand = if viewer.is_none_or(|v| v == p) {
                hand_text(s, p)
            } else {
                format!("{} cards", s.hands[p].len())
            };
            o.push_str(&format!(
                "{}: played {}; hand: {hand}\n",
                SEATS[p], s.played[p]
            ));
        }
        o
    }
    fn table(s: &ToyState, viewer: Viewer, _: Lang) -> TableView {
        let card = |c: &u8| CardView {
            face: Some(CARDS[*c as usize].into()),
            ..CardView::default()
        };
        let zones = (0..3)
            .map(|p| Zone {
                kind: ZoneKind::Hand,
                label: SEATS[p].into(),
                note: format!("played {}", s.played[p]),
                seat: Some(p),
                cards: if viewer == Viewer::Seat(p) {
                    s.hands[p].iter().map(card).collect()
                } else {
                    vec![CardView::hidden(Some(p)); s.hands[p].len()]
                },
            })
            .collect();
        TableView {
            title: format!("Toy, move {}", s.moves + 1),
            zones,
            lines: vec![],
        }
    }
    fn question(s: &ToyState, _: Lang) -> String {
        format!("{}: which card?", SEATS[s.actor().unwrap_or(0)])
    }
    fn choices(_: &ToyState, legal: &[u8], _: Style) -> String {
        let lines: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("  {}) {}\n", i + 1, CARDS[c as usize]))
            .collect();
        lines.concat()
    }
    fn choice_lines(s: &ToyState, legal: &[u8], _: &[usize], st: Style) -> String {
        Toy::choices(s, legal, st)
    }
    fn legend(_: &ToyState, _: Style) -> String {
        String::new()
    }
    fn rules_text(_: &ToyState, _: &(), _: Style) -> String {
        "Play one card a turn.\n".into()
    }
    fn hint_text(_: &ToyState, m: u8, _: usize, agent: &str, _: u64, _: Lang) -> String {
        format!("{agent} would play {}", CARDS[m as usize])
    }
    fn score_text(s: &ToyState, _: usize, _: Lang) -> String {
        format!("{:?}\n", s.played)
    }
    fn result_text(s: &ToyState, _: Lang) -> String {
        format!("Result: {:?}, winner {:?}\n", s.played, s.winner())
    }
    fn move_words(_: Lang, _: &ToyRules, _: usize, m: u8) -> String {
        format!("play {}", CARDS[m as usize])
    }
    fn quiet_move_line(_: Lang, _: &ToyState, m: u8) -> String {
        format!("play {}", CARDS[m as usize])
    }
    fn move_is_public(_: u8) -> bool {
        true
    }
    fn move_is_secret(_: u8) -> bool {
        false
    }
    fn events(s: &ToyState) -> &[ToyEvent] {
        &s.events
    }
    fn event_words(_: Lang, _: &ToyRules, e: &ToyEvent, _: Option<usize>) -> String {
        match *e {
            ToyEvent::Turn(p) => format!("{} to play", SEATS[p]),
            ToyEvent::Played(p, c) => format!("{} plays {}", SEATS[p], CARDS[c as usize]),
        }
    }
    fn event_look(e: &ToyEvent) -> EventLook {
        match *e {
            ToyEvent::Turn(p) => EventLook::TurnBegins(p),
            ToyEvent::Played(..) => EventLook::Plain,
        }
    }
    fn turn_seat(s: &ToyState) -> usize {
        s.actor().unwrap_or(0)
    }
    fn parse_move(
        _: Lang,
        _: &ToyState,
        legal: &[u8],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        let word = words.last().copied().unwrap_or("");
        let hits: Vec<usize> = (0..legal.len())
            .filter(|&i| fold(CARDS[legal[i] as usize]).starts_with(word))
            .collect();
        match hits[..] {
            [i] => Ok(i),
            [] => Err(InputError::NoMatch(format!(
                "\"{line}\" names no card in your hand"
            ))),
            _ => Err(InputError::Ambiguous(hits)),
        }
    }
    fn fingerprint(s: &ToyState) -> String {
        format!("{:?}{:?}{}", s.hands, s.played, s.events.len())
    }
}

/// Any rules directory will do: the toy reads none.
fn args(_: &Path) -> PlayArgs {
    let mut a = PlayArgs::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rules"));
    a.hotseat = true;
    a.seed = Some(7);
    a.no_autosave = true;
    a
}

/// The typed lines of a whole game: at each turn Enter at the handover,
/// then the first card of the hand by the start of its name; and each
/// turn's seat and the hands held then.
/// A turn: the seat to play and every seat's hand then.
type Turn = (usize, [Vec<u8>; 3]);

fn script() -> (String, Vec<Turn>) {
    let mut s = Toy::new_state(
        &Arc::new(ToyRules),
        ludus::play::record::state_seed(7),
        true,
    );
    let mut lines = String::new();
    let mut turns = Vec::new();
    while let Some(p) = s.actor() {
        turns.push((p, s.hands.clone()));
        let c = s.hands[p][0];
        lines.push_str(&format!(
            "\nplay {}\n",
            &CARDS[c as usize][..3].to_lowercase()
        ));
        s.apply_legal(c);
    }
    (lines, turns)
}

#[test]
fn three_people_at_one_screen_see_only_their_own_cards() {
    let dir = tempfile::tempdir().unwrap();
    let (input, turns) = script();
    let opts = Options {
        terminal: true,
        ..Options::default()
    };
    let mut out = Vec::new();
    let o =
        ludus::play::run_session_with::<Toy>(args(dir.path()), input.as_bytes(), &mut out, &opts)
            .unwrap();
    assert!(o.finished, "the game reached its end");
    assert_eq!(o.game.moves.len(), 9);
    assert_eq!(o.game.players, vec![Player::Human; 3]);
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains(ALT_SCREEN_ON));

    // One handover screen per turn, to the seat whose turn it is.
    let titles: Vec<(usize, usize)> = out
        .match_indices(" to play.")
        .map(|(i, _)| {
            let p = SEATS
                .iter()
                .position(|s| out[..i].ends_with(s))
                .expect("a seat's name before \"to play.\"");
            (i, p)
        })
        .collect();
    let seats: Vec<usize> = titles.iter().map(|&(_, p)| p).collect();
    let expected: Vec<usize> = turns.iter().map(|&(p, _)| p).collect();
    assert_eq!(seats, expected, "a handover before each person's turn");
    for p in 0..3 {
        assert!(seats.contains(&p), "a handover to {}", SEATS[p]);
    }

    // Each handover wipes the screen and its scrollback first; after it,
    // up to the next one, nothing names another seat's hidden card.
    for (k, &(at, p)) in titles.iter().enumerate() {
        assert!(
            out[..at].ends_with(&format!("{WIPE}{}", SEATS[p])),
            "wiped before handover {k}"
        );
        let end = titles.get(k + 1).map_or(out.len(), |&(i, _)| i);
        let seen = &out[at..end];
        let hands = &turns[k].1;
        for q in (0..3).filter(|&q| q != p) {
            for &c in &hands[q] {
                let name = CARDS[c as usize];
                assert!(
                    !seen.contains(name),
                    "after the handover to {}, {name} of {} shows:\n{seen}",
                    SEATS[p],
                    SEATS[q]
                );
            }
        }
        assert!(
            seen.contains(&hand_text(
                &ToyState {
                    hands: hands.clone(),
                    ..ToyState::deal(0)
                },
                p
            )),
            "{} sees their own hand:\n{seen}",
            SEATS[p]
        );
    }
    assert!(out.contains("Result: "), "the result is shown");
}

#[test]
fn a_three_seat_game_saves_and_replays_as_each_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (input, turns) = script();
    let opts = Options {
        terminal: true,
        ..Options::default()
    };
    let o =
        ludus::play::run_session_with::<Toy>(args(dir.path()), input.as_bytes(), Vec::new(), &opts)
            .unwrap();
    let path = dir.path().join("toy.ron");
    o.game.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(r#"players: [("north", Human), ("east", Human), ("west", Human)]"#),
        "{text}"
    );
    assert!(text.contains("scores: ["), "{text}");
    let back = ludus::play::Game::<Toy>::load(&path).unwrap();
    assert_eq!(back.moves, o.game.moves);

    // A replay as West: East's first hand never shows.
    let mut a = ReplayArgs::new(&path);
    a.side = Some("we".into());
    a.to = Some(1);
    let mut out = Vec::new();
    ludus::play::run_replay::<Toy>(&a, "".as_bytes(), &mut out, &Options::default()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for &c in &turns[1].1[1] {
        assert!(!out.contains(CARDS[c as usize]), "{out}");
    }
    assert!(out.contains("West"), "{out}");

    // A seat that is not one of the three is refused with the seats named.
    a.side = Some("south".into());
    let e = ludus::play::run_replay::<Toy>(&a, "".as_bytes(), Vec::new(), &Options::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("north, east and west"), "{e}");
}

#[test]
fn a_person_against_two_ais_or_a_mix_at_one_screen() {
    let dir = tempfile::tempdir().unwrap();
    // One person (East) against two AIs: three lines are enough.
    let mut a = args(dir.path());
    a.hotseat = false;
    a.side = Some("east".into());
    a.ai = vec!["random".into()];
    let input = "1\n1\n1\n";
    let o =
        ludus::play::run_session_with::<Toy>(a, input.as_bytes(), Vec::new(), &Options::default())
            .unwrap();
    assert!(o.finished);
    assert_eq!(
        o.game.players,
        vec![
            Player::Ai("random".into()),
            Player::Human,
            Player::Ai("random".into())
        ]
    );

    // An AI for every seat but yours, another at a seat named.
    let mut a = args(dir.path());
    a.hotseat = false;
    a.side = Some("east".into());
    a.ai = vec!["random".into(), "west=greedy".into()];
    let o = ludus::play::run_session_with::<Toy>(
        a,
        "1\n1\n1\n".as_bytes(),
        Vec::new(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(
        o.game.players,
        vec![
            Player::Ai("random".into()),
            Player::Human,
            Player::Ai("greedy".into())
        ]
    );

    // Two people and an AI at one screen: --ai SEAT=AGENT.
    let mut a = args(dir.path());
    a.ai = vec!["west=random".into()];
    let opts = Options {
        terminal: true,
        ..Options::default()
    };
    let input = "\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n";
    let o = ludus::play::run_session_with::<Toy>(a, input.as_bytes(), Vec::new(), &opts).unwrap();
    assert!(o.finished);
    assert_eq!(
        o.game.players,
        vec![Player::Human, Player::Human, Player::Ai("random".into())]
    );

    // Two people without --hotseat are refused with a reason.
    let mut a = args(dir.path());
    a.hotseat = false;
    a.ai = vec!["west=random".into()];
    let e = ludus::play::run_session_with::<Toy>(a, "".as_bytes(), Vec::new(), &opts)
        .unwrap_err()
        .to_string();
    assert!(e.contains("--hotseat"), "{e}");
}
