//! [`Playable`]: what the terminal player needs of a game.

use super::i18n::{Catalogue, Lang};
use super::input::InputError;
use super::render::Style;
use super::table::{TableView, Viewer};
use crate::agents::Agents;
use crate::diag::Diagnostics;
use crate::engine::{Game, GameState, Loaded, Selection};
use crate::load::GameDir;

/// A move of game `G`.
pub type MoveOf<G> = <<G as Game>::State as GameState>::Move;

/// A card `explain` can tell about: its id (the key of its plain words in
/// the rules directory's `about/<lang>.ftl`, and of `ID-passage`, the
/// rulebook's passage), its name in the player's language, the words it
/// is typed by (folded: its names in that language and in English), and
/// its value in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardInfo {
    pub id: String,
    pub name: String,
    pub words: String,
    pub value: String,
}

/// How the narration shows an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventLook {
    /// The start of a seat's turn: a line of its own, in its colour.
    TurnBegins(usize),
    /// Something every player should notice (a result, a score).
    Notable,
    Plain,
}

/// What `ludus play` and `ludus replay` need of a game, beyond
/// [`Game`] (rules, seats, new states) and [`Agents`] (the AI and the
/// hint). The terminal player is generic over it and names no notion of
/// any game: the board, the sentences of moves and events, the typed
/// forms of moves and the rule quotes are the game's.
///
/// Every text is in the player's language (`Lang`), and a screen fits an
/// 80x24 terminal. What a seat may not see never appears in a text made
/// for it (`viewer`).
pub trait Playable: Agents + Clone + std::fmt::Debug {
    /// An entry of a state's event log.
    type Event;
    /// The rules in force as the `rules` command quotes them (each rule
    /// with its value and where it comes from).
    type RuleNotes: Clone + Send;

    /// The game's message catalogue (its parent is the player's own,
    /// `i18n::PLAY`): its moves, events, board and typed forms, and the
    /// generic messages it words for this game (`help`, `undo-floor`).
    fn words() -> &'static Catalogue;

    /// Loads the rules as [`Game::load`] does, with what `rules` quotes.
    fn load_for_play(
        dir: &GameDir,
        sel: &Selection,
    ) -> Result<(Loaded<Self::Rules>, Self::RuleNotes), Diagnostics>;

    /// The game's name, as the rules give it.
    fn name(rules: &Self::Rules) -> &str;
    /// The game (as saves name it) whose saves these rules play though
    /// another engine wrote them: such a save is checked by its moves'
    /// numbers and seats and its end's moves, turns and scores, not by the
    /// other engine's fingerprints and words (`record::Game::load`).
    fn replaces(_rules: &Self::Rules) -> Option<&str> {
        None
    }
    /// The name of seat `p`, in the language of the rules' names.
    fn seat_name(rules: &Self::Rules, p: usize) -> String;
    /// The seat a lone person plays when `--as` does not say: the one
    /// who starts.
    /// By default the first.
    fn first_seat(_rules: &Self::Rules) -> usize {
        0
    }

    // ----- The screen ---------------------------------------------------

    /// The table as `viewer` sees it (`None`: every card, for spectators),
    /// with a title saying whose turn and which step it is.
    fn board(s: &Self::State, viewer: Option<usize>, st: Style) -> String;
    /// The table as `viewer` sees it, as zones of cards (what a page
    /// draws): the same cards as [`Playable::board`] shows that seat, a
    /// spectator seeing only the public ones.
    fn table(s: &Self::State, viewer: Viewer, lang: Lang) -> TableView;
    /// What the actor is deciding, in one sentence.
    fn question(s: &Self::State, lang: Lang) -> String;
    /// The legal moves, numbered from 1 in the order of
    /// [`Playable::numbered`], each with its typed short form.
    fn choices(s: &Self::State, legal: &[MoveOf<Self>], st: Style) -> String;
    /// The moves [`Playable::choices`] numbers, in its order: the number
    /// `n` typed names `legal[numbered[n - 1]]`.
    /// By default every legal move in its order.
    fn numbered(_s: &Self::State, legal: &[MoveOf<Self>]) -> Vec<usize> {
        (0..legal.len()).collect()
    }
    /// The moves `which` (indices into `legal`), numbered from 1: the
    /// answer to a typed line that fits several.
    fn choice_lines(s: &Self::State, legal: &[MoveOf<Self>], which: &[usize], st: Style) -> String;
    /// The cards `explain` tells about, in `lang`.
    /// By default none.
    fn cards(_s: &Self::State, _lang: Lang) -> Vec<CardInfo> {
        Vec::new()
    }
    /// The id of the card whose ability asks the actor now (its plain
    /// words follow the question), if one does.
    /// By default none.
    fn asking_card(_s: &Self::State) -> Option<String> {
        None
    }
    /// What the board's signs mean (shown under `help`).
    fn legend(s: &Self::State, st: Style) -> String;
    /// The `rules` command: the rules in force at this step, each with
    /// the rulebook passage it follows.
    fn rules_text(s: &Self::State, notes: &Self::RuleNotes, st: Style) -> String;
    /// The `hint` sentence: what the AI would choose (`m`, number `ix` in
    /// the list) and why, in the player's terms; `agent` names the AI's
    /// level in `lang` (never an agent's inner name); `seed` seeds any
    /// sampling of hidden cards.
    fn hint_text(
        s: &Self::State,
        m: MoveOf<Self>,
        ix: usize,
        agent: &str,
        seed: u64,
        lang: Lang,
    ) -> String;
    /// The `score` command during the game, as `viewer` may count it.
    fn score_text(s: &Self::State, viewer: usize, lang: Lang) -> String;
    /// The score and the result (at the end, or seen by every seat).
    fn result_text(s: &Self::State, lang: Lang) -> String;

    // ----- Moves and events ---------------------------------------------

    /// A move of seat `seat` in words.
    fn move_words(lang: Lang, rules: &Self::Rules, seat: usize, m: MoveOf<Self>) -> String;
    /// The line told for a move of the actor of `before` that leaves no
    /// event (`before`: the state it is chosen in).
    fn quiet_move_line(lang: Lang, before: &Self::State, m: MoveOf<Self>) -> String;
    /// Whether the other seats learn a move itself (a replay as another
    /// seat shows only that the seat moved, otherwise).
    fn move_is_public(m: MoveOf<Self>) -> bool;
    /// Whether a move that leaves no event is the mover's secret.
    fn move_is_secret(m: MoveOf<Self>) -> bool;
    /// The state's event log.
    fn events(s: &Self::State) -> &[Self::Event];
    /// An event as `viewer` sees it (`None`: every card).
    fn event_words(
        lang: Lang,
        rules: &Self::Rules,
        e: &Self::Event,
        viewer: Option<usize>,
    ) -> String;
    /// Event `i` of the log `events` as `viewer` sees it, told in the
    /// light of the events before it (the card whose effect caused it).
    /// By default as [`Playable::event_words`] tells it alone.
    fn logged_event_words(
        lang: Lang,
        rules: &Self::Rules,
        events: &[Self::Event],
        i: usize,
        viewer: Option<usize>,
    ) -> String {
        Self::event_words(lang, rules, &events[i], viewer)
    }
    /// How the narration shows an event.
    fn event_look(e: &Self::Event) -> EventLook;
    /// The recap under the board at the person's decision: the events
    /// from index `from` on as `viewer` saw them, in sentences (a game may
    /// tell several events in one).
    /// By default `None`: a sentence for each event but a turn's start.
    fn recap(_s: &Self::State, _from: usize, _viewer: usize, _lang: Lang) -> Option<Vec<String>> {
        None
    }
    /// The id of the card an event plays, whose plain description (the
    /// rules directory's `about/<lang>.ftl`) follows it.
    /// By default none.
    fn event_card(_rules: &Self::Rules, _e: &Self::Event) -> Option<String> {
        None
    }
    /// Whether `undo` may take back a move of `mover` whose events are
    /// `events`: they show the other seats nothing new.
    /// By default never.
    fn may_take_back(_events: &[Self::Event], _mover: usize) -> bool {
        false
    }

    // ----- Steps --------------------------------------------------------

    /// The seat whose turn it is (the actor may be another seat answering).
    fn turn_seat(s: &Self::State) -> usize;
    /// A move the actor is asked only for form's sake, made for a person
    /// playing against the AI; the game's message `id` says why.
    /// By default none.
    fn forced_move(_s: &Self::State) -> Option<(MoveOf<Self>, &'static str)> {
        None
    }
    /// Whether the actor is in a run of choices that `rest` completes with
    /// the first choice each time (an ordering).
    /// By default never.
    fn in_run(_s: &Self::State) -> bool {
        false
    }

    // ----- Typed moves --------------------------------------------------

    /// The legal move a typed line names (in `lang` or English): `words`
    /// are its words, folded (lower case, no accents), `line` as typed.
    fn parse_move(
        lang: Lang,
        s: &Self::State,
        legal: &[MoveOf<Self>],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError>;

    // ----- Saves --------------------------------------------------------

    /// A hash of everything on and off the table: a save records it for
    /// its final position, and resuming checks it. It must not change
    /// between versions.
    fn fingerprint(s: &Self::State) -> String;
}
