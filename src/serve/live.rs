//! A game in play at the server, whatever its game: [`Live`] is the
//! object-safe face of a `play::record::Game<G>` (the record `ludus play`
//! keeps and saves), so that the server holds games of every module side
//! by side and names none.
//!
//! Everything a connection is sent is [`Live::view`] of its viewer: the
//! table as zones of cards (`Playable::table`), the narration of the
//! events as that viewer may read them, and the legal moves only for the
//! seat to act. Nothing else of the state leaves the server.

use std::path::Path;

use serde::Serialize;

use super::words::s;
use crate::engine::GameState;
use crate::games::Registered;
use crate::play::i18n::Lang;
use crate::play::table::{TableView, Viewer};
use crate::play::{EventLook, Game, MoveOf, Player};

/// How many of the last events a view narrates.
pub const NARRATED: usize = 60;

/// Why a move is refused (the game is left as it was).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A spectator's link cannot play.
    Spectator,
    /// The game is over.
    Over,
    /// Another seat is to act.
    NotYourTurn { actor: String },
    /// The move was chosen at another step than the game's.
    Stale { step: usize, now: usize },
    /// The server is stopping.
    Closed,
    /// No legal move has that number.
    NoSuchChoice { choice: usize, count: usize },
}

impl Refusal {
    /// The refusal in words, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Refusal::Spectator => s!(lang, "refused-spectator"),
            Refusal::Over => s!(lang, "refused-over"),
            Refusal::Closed => s!(lang, "refused-closed"),
            Refusal::NotYourTurn { actor } => s!(lang, "refused-turn", actor = actor.as_str()),
            Refusal::Stale { step, now } => s!(lang, "refused-stale", step = *step, now = *now),
            Refusal::NoSuchChoice { choice, count } => {
                s!(lang, "refused-choice", choice = *choice, count = *count)
            }
        }
    }
}

/// An event told to a viewer, and how it stands out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Told {
    pub text: String,
    /// `turn` (a seat's turn begins), `notable` or `plain`.
    pub look: &'static str,
    /// The seat whose turn begins.
    pub seat: Option<usize>,
}

/// A seat as every viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    pub name: String,
    /// The AI playing it (its spec), if any.
    pub ai: Option<String>,
}

/// Everything a viewer is sent of a game at one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The game's name, as its rules give it.
    pub game: String,
    /// The language of the view's words (`en`, `fr`, `nl`).
    pub lang: &'static str,
    /// Moves played so far: a move names the step it was chosen at.
    pub step: usize,
    /// The viewer's seat (`None`: a spectator).
    pub seat: Option<usize>,
    pub seats: Vec<SeatInfo>,
    /// The seat to act, `None` once over.
    pub actor: Option<usize>,
    pub table: TableView,
    /// What the viewer decides (for the seat to act only).
    pub question: Option<String>,
    /// The legal moves in words, numbered from 0 (for the seat to act
    /// only).
    pub moves: Vec<String>,
    /// The last events, as the viewer may read them.
    pub events: Vec<Told>,
    /// The score and the result, once over.
    pub result: Option<String>,
}

/// A game in play, of any module.
pub trait Live: Send {
    /// The game's module (`game.ron`'s `game`).
    fn module(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// Moves played so far.
    fn step(&self) -> usize;
    /// The seat to act, `None` once over.
    fn actor(&self) -> Option<usize>;
    /// Whether an AI plays the seat to act.
    fn ai_to_move(&self) -> bool;
    /// Who plays each seat.
    fn players(&self) -> Vec<Player>;
    /// The names of the seats, in the rules' language.
    fn seat_names(&self) -> Vec<String>;
    /// The game's language (its names' and, by default, its pages').
    fn lang(&self) -> Lang;
    /// What `viewer` is sent, in `lang`.
    fn view(&self, viewer: Viewer, lang: Lang) -> View;
    /// Plays choice `choice` (a number of the view's `moves`) for
    /// `viewer`, chosen at `step`; a refusal changes nothing.
    fn play(&mut self, viewer: Viewer, step: usize, choice: usize) -> Result<(), Refusal>;
    /// The AI's choice for the seat to act, as (step, choice); the slow
    /// part of an AI move, run on a copy.
    fn ai_choice(&self) -> Option<(usize, usize)>;
    /// A copy (for the AI to think on without holding the game).
    fn copy(&self) -> Box<dyn Live>;
    /// Writes the save file (`ludus play`'s format, through a temporary
    /// file).
    fn save(&self, path: &Path) -> std::io::Result<()>;
}

/// A game of module `G` in play.
pub struct LiveGame<G: Registered> {
    pub game: Game<G>,
}

/// The view of `state` (a position of `game`'s rules) for `viewer`.
/// Generic over the state so that the leak tests give it redrawn copies.
pub fn view_of<G: Registered>(
    game: &Game<G>,
    state: &G::State,
    step: usize,
    viewer: Viewer,
    lang: Lang,
) -> View {
    let rules = game.rules();
    let actor = match state.current_actor() {
        crate::engine::Actor::Player(p) => Some(p),
        crate::engine::Actor::Terminal => None,
    };
    let mine = actor.is_some() && actor == viewer.seat();
    let mut legal = Vec::new();
    if mine {
        state.legal_moves(&mut legal);
    }
    let seat = viewer.seat().unwrap_or(0);
    let moves = legal
        .iter()
        .map(|&m: &MoveOf<G>| G::move_words(lang, rules, seat, m))
        .collect();
    View {
        game: G::name(rules).to_string(),
        lang: lang.code(),
        step,
        seat: viewer.seat(),
        seats: (0..game.seats())
            .map(|p| SeatInfo {
                name: G::seat_name(rules, p),
                ai: match &game.players[p] {
                    Player::Human => None,
                    Player::Ai(spec) => Some(spec.clone()),
                },
            })
            .collect(),
        actor,
        table: G::table(state, viewer, lang),
        question: mine.then(|| G::question(state, lang)),
        moves,
        events: narration::<G>(rules, state, viewer, lang),
        result: actor.is_none().then(|| G::result_text(state, lang)),
    }
}

/// The last [`NARRATED`] events of `state` as `viewer` may read them.
fn narration<G: Registered>(
    rules: &G::Rules,
    state: &G::State,
    viewer: Viewer,
    lang: Lang,
) -> Vec<Told> {
    let events = G::events(state);
    let from = events.len().saturating_sub(NARRATED);
    (from..events.len())
        .map(|i| {
            let e = &events[i];
            let (look, seat) = match G::event_look(e) {
                EventLook::TurnBegins(p) => ("turn", Some(p)),
                EventLook::Notable => ("notable", None),
                EventLook::Plain => ("plain", None),
            };
            Told {
                text: G::logged_event_words(lang, rules, events, i, viewer.sight()),
                look,
                seat,
            }
        })
        // An event told with those before it has no line of its own.
        .filter(|t| !t.text.is_empty())
        .collect()
}

impl<G: Registered> Live for LiveGame<G> {
    fn module(&self) -> &'static str {
        G::MODULE
    }
    fn seats(&self) -> usize {
        self.game.seats()
    }
    fn step(&self) -> usize {
        self.game.moves.len()
    }
    fn actor(&self) -> Option<usize> {
        self.game.actor()
    }
    fn ai_to_move(&self) -> bool {
        self.game
            .actor()
            .is_some_and(|p| self.game.agent_spec(p).is_some())
    }
    fn players(&self) -> Vec<Player> {
        self.game.players.clone()
    }
    fn seat_names(&self) -> Vec<String> {
        (0..self.game.seats())
            .map(|p| G::seat_name(self.game.rules(), p))
            .collect()
    }
    fn lang(&self) -> Lang {
        Lang::from_code(self.game.choice.lang.as_deref())
    }
    fn view(&self, viewer: Viewer, lang: Lang) -> View {
        view_of(&self.game, &self.game.state, self.step(), viewer, lang)
    }
    fn play(&mut self, viewer: Viewer, step: usize, choice: usize) -> Result<(), Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::Spectator);
        };
        let Some(actor) = self.game.actor() else {
            return Err(Refusal::Over);
        };
        if actor != seat {
            let actor = G::seat_name(self.game.rules(), actor);
            return Err(Refusal::NotYourTurn { actor });
        }
        let now = self.step();
        if step != now {
            return Err(Refusal::Stale { step, now });
        }
        let legal = self.game.legal();
        let Some(&m) = legal.get(choice) else {
            let count = legal.len();
            return Err(Refusal::NoSuchChoice { choice, count });
        };
        // Taken from the legal list: `play` cannot refuse it.
        self.game
            .play(m)
            .map_err(|_| Refusal::NoSuchChoice { choice, count: 0 })
    }
    fn ai_choice(&self) -> Option<(usize, usize)> {
        let m = self.game.ai_move()?;
        let ix = self.game.legal().iter().position(|&l| l == m)?;
        Some((self.step(), ix))
    }
    fn copy(&self) -> Box<dyn Live> {
        Box::new(LiveGame {
            game: self.game.clone(),
        })
    }
    fn save(&self, path: &Path) -> std::io::Result<()> {
        self.game.save(path)
    }
}
