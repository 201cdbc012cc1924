//! A game of `ludus play` as data: its rules selection, its seed, who plays
//! each seat, and its moves. Everything else (the position, the events) is
//! recomputed by replaying the moves on the seed, so a save file is just
//! this record, and loading one re-checks every move.
//!
//! The save file is RON, one move per line:
//!
//! ```ron
//! (
//!     format: "ludus-play",
//!     version: 1,
//!     rules: (game: "some_game", variant: None, addons: [], sets: [], lang: None, fingerprint: Some("...")),
//!     seed: 42,
//!     players: [("north", Human), ("south", Ai("greedy"))],
//!     moves: [
//!         (3, "north", "play the 3"),
//!     ],
//!     end: (moves: 1, events: 3, turn: 0, finished: false, scores: [0, 0], fingerprint: "..."),
//! )
//! ```
//!
//! One entry of `players` per seat, with the seat's id (2 to 6 seats). Each
//! move is its index in the legal-move list at that point, the seat that
//! chose it, and its text (`GameState::move_to_string`): the index is what is
//! replayed, the text lets a reader follow and catches any mismatch. `end`
//! is a fingerprint of the final position: a truncated, edited or corrupted
//! file is reported, never replayed into a different game.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::save_files::{write_new_save, write_save};
use super::{MoveOf, Playable};
use crate::agents::AgentSpec;
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::agent::Agent;
use crate::engine::seed::derive;
use crate::engine::{Actor, GameState, Loaded, Scored, Selection};
use crate::load::{GameDir, SourceFile, Spanned};
use crate::play::i18n::{Lang, io_words};
use crate::tr;

/// The `format` field of a save file.
pub const FORMAT: &str = "ludus-play";
/// The version of the save format this build writes and reads.
pub const VERSION: u32 = 1;

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// An agent, by its spec (`crate::agents::AGENT_SPECS`).
    Ai(String),
}

/// The rules a game is played with, as chosen on the command line. A save
/// names them by game, variant, add-ons, settings and a fingerprint of the
/// rules in force, never by a path: it resumes from any directory, with the
/// built-in rules or the `--rules` folder of the command that resumes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesChoice {
    /// The game, as its `game.ron` names it.
    #[serde(default = "default_game")]
    pub game: String,
    /// Where the rules are read (not saved: the resuming command says).
    #[serde(skip)]
    pub source: Option<GameDir>,
    /// The absolute rules directory that saves of version 0.1 wrote: read
    /// and ignored.
    #[serde(default, skip_serializing)]
    pub dir: Option<PathBuf>,
    pub variant: Option<String>,
    #[serde(default)]
    pub addons: Vec<String>,
    #[serde(default)]
    pub sets: Vec<String>,
    #[serde(default)]
    pub lang: Option<String>,
    /// The number of players asked for (`--players`), for a game played
    /// by several numbers; written only when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    /// The fingerprint of the rules in force (`Ruleset::fingerprint`).
    #[serde(default)]
    pub fingerprint: Option<String>,
}

/// The variant a save without one was played with (the base files).
const BASE_VARIANT: &str = "base";

fn default_game() -> String {
    crate::load::rules_dir::default_game().to_string()
}

impl RulesChoice {
    /// The choice of a command line (`--rules`, `--variant`, ...). A rules
    /// directory that does not exist is reported when the game loads.
    pub fn from_args<G: Playable>(a: &crate::args::RulesArgs) -> RulesChoice {
        let sel = a.selection();
        let source = a.game_dir().ok();
        RulesChoice {
            game: source
                .as_ref()
                .map_or_else(|| G::MODULE.to_string(), GameDir::folder_name),
            source,
            dir: None,
            variant: sel.variant,
            addons: sel.addons,
            sets: sel.sets,
            lang: sel.lang,
            players: sel.players,
            fingerprint: None,
        }
    }

    /// The rules directory: the one chosen, else the game's folder in
    /// `$LUDUS_RULES` or the built-in rules (else their default folder:
    /// the game's loader then says whether it is the game's).
    pub fn game_dir(&self) -> Result<GameDir, Diagnostics> {
        match &self.source {
            Some(d) => Ok(d.clone()),
            None => crate::load::rules_dir::saved_game_dir(None, &self.game, &[])
                .or_else(|_| GameDir::select(None).map_err(Diagnostics::from)),
        }
    }

    pub fn selection(&self) -> Selection {
        Selection {
            variant: self.variant.clone(),
            addons: self.addons.clone(),
            sets: self.sets.clone(),
            lang: self.lang.clone(),
            players: self.players,
        }
    }
}

/// A game: its rules, seed, players and moves, and the position they lead to.
pub struct Game<G: Playable> {
    pub choice: RulesChoice,
    /// The rules in force as the `rules` command quotes them.
    pub settings: G::RuleNotes,
    /// The game's seed: the state's RNG and every AI decision derive from it.
    pub seed: u64,
    /// Who plays each seat, one entry per seat.
    pub players: Vec<Player>,
    pub moves: Vec<MoveOf<G>>,
    pub state: G::State,
    rules: Arc<G::Rules>,
    specs: Vec<Option<AgentSpec<G>>>,
    /// Per move: its index in the legal list, who chose it and its text
    /// (for saves).
    log: Vec<(usize, usize, String)>,
}

impl<G: Playable> Clone for Game<G> {
    fn clone(&self) -> Self {
        Game {
            choice: self.choice.clone(),
            settings: self.settings.clone(),
            seed: self.seed,
            players: self.players.clone(),
            moves: self.moves.clone(),
            state: self.state.clone(),
            rules: self.rules.clone(),
            specs: self.specs.clone(),
            log: self.log.clone(),
        }
    }
}

impl<G: Playable> std::fmt::Debug for Game<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("choice", &self.choice)
            .field("seed", &self.seed)
            .field("players", &self.players)
            .field("moves", &self.moves.len())
            .finish()
    }
}

/// The seed of the state of a game seeded `seed` (stream 0).
pub fn state_seed(seed: u64) -> u64 {
    derive(seed, 0, 0)
}

pub(crate) fn plain(file: &Path, message: impl Into<String>) -> Diagnostic {
    Diagnostic::whole(file, message)
}

type Specs<G> = Vec<Option<AgentSpec<G>>>;

fn parse_specs<G: Playable>(players: &[Player], choice: &RulesChoice) -> Result<Specs<G>, String> {
    let dir = choice.game_dir().ok();
    let one = |p: &Player| match p {
        Player::Human => Ok(None),
        Player::Ai(s) => AgentSpec::parse_maybe_in(s, dir.as_ref()).map(Some),
    };
    players.iter().map(one).collect()
}

/// Why an AI spec is not valid, in `lang` (English: the agents' own
/// words, which say what is wrong in it).
pub fn ai_error(lang: Lang, spec: &str, english: String) -> String {
    if lang == Lang::En {
        english
    } else {
        tr!(lang, "unknown-ai", spec = spec)
    }
}

/// The number of entries `players` must have: one per seat.
fn check_seats(players: &[Player], seats: usize) -> Result<(), String> {
    if players.len() == seats {
        Ok(())
    } else {
        Err(format!(
            "this game has {seats} seats; {} players are given",
            players.len()
        ))
    }
}

impl<G: Playable> Game<G> {
    /// A new game: loads the rules of `choice` and deals with `seed`;
    /// `players` has one entry per seat (none: people at every seat).
    pub fn new(
        mut choice: RulesChoice,
        seed: u64,
        mut players: Vec<Player>,
    ) -> Result<Game<G>, Diagnostics> {
        let dir = choice.game_dir()?;
        choice.game = dir.folder_name();
        let (loaded, settings) = G::load_for_play(&dir, &choice.selection())?;
        choice.fingerprint = Some(loaded.fingerprint.clone());
        let rules = loaded.rules;
        if players.is_empty() {
            players = vec![Player::Human; G::seats(&rules)];
        }
        let on_ai = |e: String| Diagnostics::from(plain(Path::new("--ai"), e));
        check_seats(&players, G::seats(&rules)).map_err(on_ai)?;
        let specs = parse_specs(&players, &choice).map_err(on_ai)?;
        Ok(Game {
            state: G::new_state(&rules, state_seed(seed), true),
            choice,
            settings,
            seed,
            players,
            moves: Vec::new(),
            rules,
            specs,
            log: Vec::new(),
        })
    }

    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// Changes who plays each seat (an AI spec that does not parse is an
    /// error listing the valid ones).
    pub fn set_players(&mut self, players: Vec<Player>) -> Result<(), String> {
        check_seats(&players, G::seats(&self.rules))?;
        self.specs = parse_specs(&players, &self.choice)?;
        self.players = players;
        Ok(())
    }

    pub fn rules_arc(&self) -> &Arc<G::Rules> {
        &self.rules
    }

    /// The seat to act, or `None` once the game is over.
    pub fn actor(&self) -> Option<usize> {
        match self.state.current_actor() {
            Actor::Player(p) => Some(p),
            Actor::Terminal => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.actor().is_none()
    }

    /// The legal moves of the actor, in the engine's order (the numbered
    /// list shows them in this order, and saves store indices into it).
    pub fn legal(&self) -> Vec<MoveOf<G>> {
        let mut v = Vec::new();
        self.state.legal_moves(&mut v);
        v
    }

    /// Applies a move after checking it is legal.
    pub fn play(&mut self, m: MoveOf<G>) -> Result<(), crate::engine::IllegalMove> {
        let legal = self.legal();
        let Some(actor) = self.actor() else {
            return Err(crate::engine::IllegalMove {
                attempted: self.state.move_to_string(m),
                legal: vec![],
            });
        };
        let Some(ix) = legal.iter().position(|&l| l == m) else {
            return Err(crate::engine::IllegalMove {
                attempted: self.state.move_to_string(m),
                legal: legal
                    .iter()
                    .map(|&l| self.state.move_to_string(l))
                    .collect(),
            });
        };
        let text = self.state.move_to_string(m);
        self.state.apply_legal(m);
        self.moves.push(m);
        self.log.push((ix, actor, text));
        Ok(())
    }

    /// The agent spec of seat `p`, if an AI plays it.
    pub fn agent_spec(&self, p: usize) -> Option<&AgentSpec<G>> {
        self.specs[p].as_ref()
    }

    /// What `spec` picks for the actor now, with a fresh agent seeded from
    /// the game seed, the move number and `stream`: a function of the
    /// position alone, so a resumed game goes on exactly as the original.
    pub fn agent_choice(&self, spec: &AgentSpec<G>, stream: u64) -> Option<MoveOf<G>> {
        let legal = self.legal();
        if legal.is_empty() {
            return None;
        }
        let mut agent: Box<dyn Agent<G::State>> =
            spec.build(derive(self.seed, self.moves.len() as u64, stream));
        Some(agent.choose(&self.state, &legal))
    }

    /// The move of the AI playing the actor's seat (`None` if a person
    /// plays it or the game is over). Seeded with stream `1 + seat`.
    pub fn ai_move(&self) -> Option<MoveOf<G>> {
        let p = self.actor()?;
        let spec = self.specs[p].as_ref()?;
        self.agent_choice(spec, 1 + p as u64)
    }

    /// Keeps the first `n` moves and recomputes the position from the seed.
    pub fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
        self.log.truncate(n);
        self.state = self.state_after(n);
    }

    /// The position after `n` moves (from the seed).
    pub fn state_after(&self, n: usize) -> G::State {
        let mut s = G::new_state(&self.rules, state_seed(self.seed), true);
        for &m in &self.moves[..n.min(self.moves.len())] {
            s.apply_legal(m);
        }
        s
    }

    /// The save file's text.
    pub fn save_text(&self) -> String {
        let ids = self.state.seat_ids();
        let q = |s: &str| ron::to_string(s).unwrap_or_else(|_| "\"?\"".into());
        let mut o = String::new();
        let _ = writeln!(
            o,
            "// A game of Ludus ({}). Resume: ludus play --resume FILE; replay: ludus replay FILE.",
            G::name(&self.rules)
        );
        let _ = writeln!(
            o,
            "// Each move: (its number in the list of choices, from 0; who; what). Edit nothing: every move and the end are checked."
        );
        let _ = writeln!(o, "(");
        let _ = writeln!(o, "    format: {},", q(FORMAT));
        let _ = writeln!(o, "    version: {VERSION},");
        let _ = writeln!(o, "    ludus: {},", q(env!("CARGO_PKG_VERSION")));
        let c = &self.choice;
        let _ = writeln!(o, "    rules: (");
        let _ = writeln!(o, "        game: {},", q(&c.game));
        let opt = |v: &Option<String>| match v {
            Some(s) => format!("Some({})", q(s)),
            None => "None".into(),
        };
        let list = |v: &[String]| {
            let items: Vec<String> = v.iter().map(|s| q(s)).collect();
            format!("[{}]", items.join(", "))
        };
        let _ = writeln!(o, "        variant: {},", opt(&c.variant));
        let _ = writeln!(o, "        addons: {},", list(&c.addons));
        if let Some(f) = &c.fingerprint {
            let _ = writeln!(o, "        fingerprint: Some({}),", q(f));
        }
        let _ = writeln!(o, "        sets: {},", list(&c.sets));
        let _ = writeln!(o, "        lang: {},", opt(&c.lang));
        if let Some(n) = c.players {
            let _ = writeln!(o, "        players: Some({n}),");
        }
        let _ = writeln!(o, "    ),");
        let _ = writeln!(o, "    seed: {},", self.seed);
        let players: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(p, pl)| {
                let who = match pl {
                    Player::Human => "Human".to_string(),
                    Player::Ai(s) => format!("Ai({})", q(s)),
                };
                format!("({}, {who})", q(&ids[p]))
            })
            .collect();
        let _ = writeln!(o, "    players: [{}],", players.join(", "));
        let _ = writeln!(o, "    moves: [");
        for (ix, actor, text) in &self.log {
            let _ = writeln!(o, "        ({ix}, {}, {}),", q(&ids[*actor]), q(text));
        }
        let _ = writeln!(o, "    ],");
        let e = EndRecord::of::<G>(&self.state, self.moves.len());
        let scores: Vec<String> = e.scores.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(
            o,
            "    end: (moves: {}, events: {}, turn: {}, finished: {}, scores: [{}], fingerprint: {}),",
            e.moves,
            e.events,
            e.turn,
            e.finished,
            scores.join(", "),
            q(&e.fingerprint)
        );
        let _ = writeln!(o, ")");
        o
    }

    /// Writes the save file (`write_save`): a crash or a full disk never
    /// leaves half a file behind, and a failed write leaves no temporary
    /// file either.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        write_save(path, &self.save_text())
    }

    /// Writes the save file of a new game under a name no other file has:
    /// `first`, else the same name numbered `-2`, `-3`... (`write_new_save`).
    /// Returns the file written.
    pub fn save_new(&self, first: &Path) -> std::io::Result<PathBuf> {
        write_new_save(first, &self.save_text())
    }

    /// Reads a save file, replays it with the rules of `$LUDUS_RULES` or the
    /// built-in ones, and checks every move and the end.
    pub fn load(path: &Path) -> Result<Game<G>, Diagnostics> {
        Game::load_with(path, None)
    }

    /// Like [`Game::load`], with the rules of `rules` when given.
    pub fn load_with(path: &Path, rules: Option<GameDir>) -> Result<Game<G>, Diagnostics> {
        Game::load_in(path, rules, Lang::En)
    }

    /// Like [`Game::load_with`], its errors in `lang`.
    pub fn load_in(
        path: &Path,
        rules: Option<GameDir>,
        lang: Lang,
    ) -> Result<Game<G>, Diagnostics> {
        let file = read_save(path, lang)?;
        Game::parse_with(&file, rules, lang)
    }

    /// Like [`Game::load`], from text already read (`file.path` names it).
    pub fn parse(file: &SourceFile) -> Result<Game<G>, Diagnostics> {
        Game::parse_with(file, None, Lang::En)
    }

    fn parse_with(
        file: &SourceFile,
        rules: Option<GameDir>,
        lang: Lang,
    ) -> Result<Game<G>, Diagnostics> {
        let path = &file.path;
        let hint = lang.t("save-expected");
        if file.text.trim().is_empty() {
            return Err(plain(path, lang.t("save-empty")).with_hint(hint).into());
        }
        let sf: SaveFile = parse_save(file, lang).map_err(|d| d.with_hint(hint.clone()))?;
        if sf.format != FORMAT {
            let msg = tr!(lang, "save-not-ludus", format = sf.format.as_str());
            return Err(plain(path, msg).with_hint(hint).into());
        }
        if sf.version != VERSION {
            let id = if sf.version > VERSION {
                "save-version-newer"
            } else {
                "save-version-older"
            };
            let msg = tr!(lang, id, version = sf.version, reads = VERSION);
            return Err(plain(path, msg).into());
        }
        let mut choice = sf.rules.clone();
        // A save naming a module (older saves) is found by its seats too.
        let seat_ids: Vec<String> = sf.players.iter().map(|(id, _)| id.clone()).collect();
        choice.source = rules
            .or_else(|| crate::load::rules_dir::saved_game_dir(None, &choice.game, &seat_ids).ok());
        let seats =
            |l: &crate::engine::Loaded<G::Rules>| G::new_state(&l.rules, 0, true).num_players();
        let (loaded, settings) = match load_saved_rules::<G>(path, &choice, lang) {
            // Saves of Ludus before 2026-11-26 left out the number of
            // players asked for: the list of players gives it (when the
            // rules do not load with their default number, or load with
            // another).
            Err(e) if choice.players.is_none() => {
                choice.players = Some(sf.players.len());
                load_saved_rules::<G>(path, &choice, lang).map_err(|_| e)?
            }
            Ok(l) if choice.players.is_none() && seats(&l.0) != sf.players.len() => {
                choice.players = Some(sf.players.len());
                load_saved_rules::<G>(path, &choice, lang)?
            }
            r => r?,
        };
        // A save of the game these rules replace, written by the engine
        // they replace: its own fingerprints and words cannot match.
        let other_engine = G::replaces(&loaded.rules) == Some(choice.game.as_str())
            && choice.fingerprint.as_ref() != Some(&loaded.fingerprint);
        let rules = loaded.rules;
        let mut state = G::new_state(&rules, state_seed(sf.seed), true);
        let ids = state.seat_ids();
        if sf.players.len() != ids.len() {
            let msg = tr!(
                lang,
                "save-seats",
                seats = ids.len(),
                named = sf.players.len()
            );
            return Err(plain(path, msg).into());
        }
        for (p, (id, _)) in sf.players.iter().enumerate() {
            if *id != ids[p] {
                let msg = tr!(
                    lang,
                    "save-seat-id",
                    n = p + 1,
                    want = ids[p].as_str(),
                    found = id.as_str()
                );
                return Err(plain(path, msg).into());
            }
        }
        let players: Vec<Player> = sf.players.iter().map(|(_, p)| p.clone()).collect();
        let specs = parse_specs(&players, &choice).map_err(|e| {
            let spec = players.iter().find_map(|p| match p {
                Player::Ai(s) if parse_specs::<G>(std::slice::from_ref(p), &choice).is_err() => {
                    Some(s)
                }
                _ => None,
            });
            let detail = ai_error(lang, spec.map_or("", |s| s.as_str()), e);
            plain(path, tr!(lang, "save-unknown-ai", detail = detail))
        })?;
        let mut moves = Vec::with_capacity(sf.moves.len());
        let mut log = Vec::with_capacity(sf.moves.len());
        let mut legal = Vec::new();
        for (i, entry) in sf.moves.iter().enumerate() {
            let (ix, who, text) = &entry.value;
            let n = i + 1;
            let Actor::Player(actor) = state.current_actor() else {
                return Err(file.error(entry, tr!(lang, "save-move-over", n = n)).into());
            };
            let actor_id = &ids[actor];
            if who != actor_id {
                let msg = tr!(
                    lang,
                    "save-move-who",
                    n = n,
                    who = who.as_str(),
                    actor = actor_id.as_str()
                );
                return Err(file.error(entry, msg).into());
            }
            state.legal_moves(&mut legal);
            let Some(&m) = legal.get(*ix) else {
                let msg = tr!(
                    lang,
                    "save-move-no-choice",
                    n = n,
                    text = text.as_str(),
                    ix = *ix,
                    count = legal.len(),
                    last = legal.len().saturating_sub(1)
                );
                return Err(file.error(entry, msg).into());
            };
            let here = state.move_to_string(m);
            if here != *text && !other_engine {
                let msg = tr!(
                    lang,
                    "save-move-differs",
                    n = n,
                    text = text.as_str(),
                    ix = *ix,
                    here = here.as_str()
                );
                return Err(file
                    .error(entry, msg)
                    .with_hint(lang.t("save-edited"))
                    .into());
            }
            state.apply_legal(m);
            moves.push(m);
            log.push((*ix, actor, here));
        }
        let found = EndRecord::of::<G>(&state, moves.len());
        let want = &sf.end.value;
        if want.moves != moves.len() {
            let msg = tr!(
                lang,
                "save-end-count",
                want = want.moves,
                have = moves.len()
            );
            return Err(file.error(&sf.end, msg).into());
        }
        if found != *want && !(other_engine && found.same_game(want)) {
            let msg = tr!(
                lang,
                "save-end-differs",
                n = moves.len(),
                want = want.fingerprint.as_str(),
                found = found.fingerprint.as_str()
            );
            return Err(file
                .error(&sf.end, msg)
                .with_hint(lang.t("save-edited"))
                .into());
        }
        Ok(Game {
            choice,
            settings,
            seed: sf.seed,
            players,
            moves,
            state,
            rules,
            specs,
            log,
        })
    }

    /// The fingerprint of the current position.
    pub fn fingerprint(&self) -> String {
        G::fingerprint(&self.state)
    }
}

/// The rules a save names, loaded from the directory of `choice`; rules
/// that no longer load, or that differ from those the game was played with
/// (its fingerprint), are an error saying which and why.
fn load_saved_rules<G: Playable>(
    path: &Path,
    choice: &RulesChoice,
    lang: Lang,
) -> Result<(Loaded<G::Rules>, G::RuleNotes), Diagnostics> {
    let dir = choice.game_dir()?;
    let sel = choice.selection();
    let variant = sel.variant.as_deref().unwrap_or(BASE_VARIANT);
    let what = format!(
        "{}{}{}",
        tr!(lang, "save-rules-what", variant = variant),
        sel.addons
            .iter()
            .map(|a| format!(" + {a}"))
            .collect::<String>(),
        sel.sets
            .iter()
            .map(|s| format!(", {s}"))
            .collect::<String>(),
    );
    let loaded = G::load_for_play(&dir, &sel).map_err(|ds| {
        let msg = tr!(
            lang,
            "save-rules-do-not-load",
            what = what.as_str(),
            dir = dir.path().display().to_string()
        );
        let mut d = plain(path, msg);
        for x in ds.iter() {
            d.hints.push(x.to_string());
        }
        Diagnostics::from(d)
    })?;
    if let Some(saved) = &choice.fingerprint
        && *saved != loaded.0.fingerprint
        && G::replaces(&loaded.0.rules) != Some(choice.game.as_str())
    {
        let msg = tr!(
            lang,
            "save-rules-differ",
            dir = dir.path().display().to_string(),
            what = what.as_str(),
            saved = saved.as_str(),
            now = loaded.0.fingerprint.as_str()
        );
        return Err(plain(path, msg)
            .with_hint(lang.t("save-rules-resume-with"))
            .into());
    }
    Ok(loaded)
}

/// A save file's text (a byte order mark dropped); why it cannot be read
/// in `lang`.
fn read_save(path: &Path, lang: Lang) -> Result<SourceFile, Diagnostic> {
    crate::load::read_text(path)
        .map(|text| SourceFile {
            path: path.to_path_buf(),
            text,
        })
        .map_err(|e| {
            let msg = tr!(lang, "save-cannot-read", error = io_words(lang, &e));
            plain(path, msg)
        })
}

/// The save's RON read; a syntax or structure error at its line and
/// column, in `lang` (English keeps ron's own words for the rest).
fn parse_save(file: &SourceFile, lang: Lang) -> Result<SaveFile, Diagnostic> {
    use ron::Error as E;
    let opts =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    opts.from_str::<SaveFile>(&file.text).map_err(|e| {
        let start = file.offset_of(e.span.start.line, e.span.start.col);
        let end = file.offset_of(e.span.end.line, e.span.end.col).max(start);
        let (why, hint) = match &e.code {
            E::Eof => (lang.t("save-ron-eof"), None),
            E::NoSuchStructField {
                expected, found, ..
            } => (
                tr!(lang, "save-ron-unknown-field", field = found.as_str()),
                Some(tr!(lang, "save-ron-fields", list = expected.join(", "))),
            ),
            E::MissingStructField { field, .. } => (
                tr!(lang, "save-ron-missing-field", field = field.to_string()),
                None,
            ),
            E::DuplicateStructField { field, .. } => (
                tr!(lang, "save-ron-field-twice", field = field.to_string()),
                None,
            ),
            E::NoSuchEnumVariant {
                expected, found, ..
            } => (
                tr!(lang, "save-ron-unknown-value", value = found.as_str()),
                Some(tr!(lang, "save-ron-values", list = expected.join(", "))),
            ),
            other if lang == Lang::En => (crate::load::ron_message(other).0, None),
            _ => (lang.t("save-ron-other"), None),
        };
        let d = file.error_at(start..end, tr!(lang, "save-invalid", why = why));
        match hint {
            Some(h) => d.with_hint(h),
            None => d,
        }
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: String,
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    ludus: Option<String>,
    rules: RulesChoice,
    seed: u64,
    players: Vec<(String, Player)>,
    moves: Vec<Spanned<(usize, String, String)>>,
    end: Spanned<EndRecord>,
}

/// What a save says about its final position.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndRecord {
    moves: usize,
    events: usize,
    turn: u32,
    finished: bool,
    /// One score per seat.
    scores: Vec<i64>,
    fingerprint: String,
}

impl EndRecord {
    /// The same end, by what any engine of the game agrees on: the
    /// moves, the turns, whether finished, the scores (not the events nor
    /// the fingerprint, which are an engine's own).
    fn same_game(&self, other: &EndRecord) -> bool {
        (self.moves, self.turn, self.finished, &self.scores)
            == (other.moves, other.turn, other.finished, &other.scores)
    }

    fn of<G: Playable>(s: &G::State, moves: usize) -> EndRecord {
        EndRecord {
            moves,
            events: G::events(s).len(),
            turn: s.turns(),
            finished: s.current_actor() == Actor::Terminal,
            scores: s.scores().into_iter().map(i64::from).collect(),
            fingerprint: G::fingerprint(s),
        }
    }
}

/// A hash of everything on and off the table (`Playable::fingerprint`): a
/// save records it for its final position.
pub fn fingerprint<G: Playable>(s: &G::State) -> String {
    G::fingerprint(s)
}

/// Whether `path` holds a Ludus save (of any version, whether or not it
/// still loads): what `save FILE` may overwrite without asking.
pub fn is_save_file(path: &Path) -> bool {
    #[derive(Deserialize)]
    struct Head {
        format: String,
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    ron::from_str::<Head>(text).is_ok_and(|h| h.format == FORMAT)
}

/// The game module a save names (`rules: (game: ...)`), if the file reads
/// as a save; a save without one was played with the default game.
pub fn game_of_save(path: &Path) -> Option<String> {
    #[derive(Deserialize)]
    struct Rules {
        #[serde(default = "default_game")]
        game: String,
    }
    #[derive(Deserialize)]
    struct Head {
        rules: Rules,
    }
    let text = crate::load::read_text(path).ok()?;
    ron::from_str::<Head>(&text).ok().map(|h| h.rules.game)
}

/// The ids of a save's seats (`players`), if the file reads as a save.
pub fn seats_of_save(path: &Path) -> Vec<String> {
    #[derive(Deserialize)]
    struct Head {
        players: Vec<(String, ron::Value)>,
    }
    let Ok(text) = crate::load::read_text(path) else {
        return Vec::new();
    };
    ron::from_str::<Head>(&text)
        .map(|h| h.players.into_iter().map(|(id, _)| id).collect())
        .unwrap_or_default()
}

/// A file name as typed: `~/x` under the home directory.
pub fn expand_home(file: &str) -> PathBuf {
    match (file.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(file),
    }
}

/// Another place to save a game when the autosave fails: the home
/// directory (else the current one).
pub fn fallback_path(seed: u64) -> PathBuf {
    let name = format!("ludus-game-{seed}.ron");
    match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        Some(_) => PathBuf::from("~").join(name),
        None => PathBuf::from(name),
    }
}

// ----- Where autosaves go --------------------------------------------------

/// Ludus's data directory: `$LUDUS_DATA_DIR`, else `$XDG_DATA_HOME/ludus`,
/// else `~/.local/share/ludus`.
pub fn data_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(d) = nonempty("LUDUS_DATA_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = nonempty("XDG_DATA_HOME") {
        return Some(PathBuf::from(d).join("ludus"));
    }
    nonempty("HOME").map(|h| PathBuf::from(h).join(".local/share/ludus"))
}

/// The folder of autosaves under a data directory.
pub fn saves_dir(data: &Path) -> PathBuf {
    data.join("saves")
}

/// The name a new game seeded `seed`, started now, is autosaved under:
/// `game-<unix second>-<seed>.ron` (`write_new_save` numbers it when
/// another file has it).
pub fn autosave_path(data: &Path, seed: u64) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    saves_dir(data).join(format!("game-{secs}-{seed}.ron"))
}

/// The most recently written autosave under a data directory.
pub fn latest_autosave(data: &Path) -> Option<PathBuf> {
    std::fs::read_dir(saves_dir(data))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter_map(|p| {
            let t = std::fs::metadata(&p).and_then(|m| m.modified()).ok()?;
            Some((t, p))
        })
        .max()
        .map(|(_, p)| p)
}

/// The `--lang` a save was played with, read leniently from its text (a
/// save that does not load is reported in its player's language).
pub fn lang_of_save(path: &Path) -> Option<String> {
    let text = crate::load::read_text(path).ok()?;
    let at = text.find("lang: Some(\"")? + "lang: Some(\"".len();
    let code = &text[at..at + text[at..].find('"')?];
    Some(code.to_string())
}
