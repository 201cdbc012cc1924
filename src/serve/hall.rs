//! The games a server holds ([`Hall`]): the games its rules offer, each
//! game in play ([`Table`]) with its save file and its seats' secret
//! tokens, and the AI that plays its AI seats.
//!
//! **No game lost**: a game is saved (`ludus play`'s save format, read by
//! `ludus replay`) when it is created and after every move; its tokens are
//! written beside the save (`<id>.seats.json`, readable by its owner
//! only). A server started on the same folder restores every game and
//! every link ([`Hall::open`]).
//!
//! **Tokens**: 192 bits from the operating system's random source, one per
//! person's seat and one for spectators, per game. A token is the only key
//! to a seat: it is looked up whole, and nothing else names a seat.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, watch};

use super::live::{Live, LiveGame, Refusal, View};
use super::words::s;
use crate::games::{Registered, Visit};
use crate::load::GameDir;
use crate::load::overlay;
use crate::play::i18n::Lang;
use crate::play::table::Viewer;
use crate::play::{Game, Player, RulesChoice};

/// How a server is set up.
#[derive(Debug, Clone)]
pub struct Config {
    /// The folder of the saves and their tokens.
    pub data: PathBuf,
    /// The rules folder (`--rules`); `None`: `$LUDUS_RULES` or the
    /// built-in games.
    pub rules: Option<PathBuf>,
    /// The most games the server holds.
    pub max_games: usize,
}

/// A game the server offers, as the creation page lists it.
#[derive(Debug, Clone, Serialize)]
pub struct Offer {
    /// Its folder, by which a creation names it.
    pub id: String,
    /// The module that plays it.
    #[serde(skip)]
    pub module: String,
    pub name: String,
    /// The variants: (id, description).
    pub variants: Vec<(String, String)>,
    pub addons: Vec<(String, String)>,
    /// For each number of players, the seats' names.
    pub counts: Vec<(usize, Vec<String>)>,
    #[serde(skip)]
    pub dir: GameDir,
}

/// What a creation asks for.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub game: String,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub addons: Vec<String>,
    #[serde(default)]
    pub players: Option<usize>,
    #[serde(default)]
    pub lang: Option<String>,
    /// Per seat: `human`, or an AI level or agent spec.
    pub seats: Vec<String>,
}

/// The tokens of a game, as written beside its save.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Keys {
    /// Per seat, the token of a person's seat (`None`: an AI's).
    pub seats: Vec<Option<String>>,
    pub spectator: String,
}

/// A game in play.
pub struct Table {
    pub id: String,
    live: Mutex<Box<dyn Live>>,
    /// The step after each change, for the connections to send views.
    pub changed: watch::Sender<usize>,
    /// Wakes the AI of this game.
    ai: Notify,
    save: PathBuf,
    pub keys: Keys,
    closed: Arc<AtomicBool>,
}

impl Table {
    /// What `viewer` is sent, in `lang` (the game's language if `None`).
    pub fn view(&self, viewer: Viewer, lang: Option<Lang>) -> View {
        let g = self.lock();
        let lang = lang.unwrap_or_else(|| g.lang());
        g.view(viewer, lang)
    }

    /// The game's language.
    pub fn lang(&self) -> Lang {
        self.lock().lang()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Box<dyn Live>> {
        // A panic while holding the game is a bug; the game stays usable.
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Plays `choice` for `viewer` at `step` and saves the game; then
    /// every connection is told and the AI woken. Blocking (the save is
    /// written to the disk): call it off the async threads.
    pub fn submit(&self, viewer: Viewer, step: usize, choice: usize) -> Result<(), Refusal> {
        let mut g = self.lock();
        if self.closed.load(Ordering::SeqCst) {
            return Err(Refusal::Closed);
        }
        g.play(viewer, step, choice)?;
        if let Err(e) = g.save(&self.save) {
            let why = crate::play::i18n::io_words(Lang::En, &e);
            let file = self.save.display().to_string();
            eprintln!("{}", s!(Lang::En, "save-failed", file = file, error = why));
        }
        let now = g.step();
        drop(g);
        self.changed.send_replace(now);
        self.ai.notify_one();
        Ok(())
    }

    /// Plays the AI seats of this game as their turns come, until the
    /// server stops.
    async fn run_ai(self: Arc<Table>) {
        loop {
            let copy = {
                let g = self.lock();
                g.ai_to_move().then(|| g.copy())
            };
            let Some(copy) = copy else {
                self.ai.notified().await;
                if self.closed.load(Ordering::SeqCst) {
                    return;
                }
                continue;
            };
            let table = self.clone();
            let played = tokio::task::spawn_blocking(move || {
                let (step, ix) = copy.ai_choice()?;
                let seat = copy.actor()?;
                table.submit(Viewer::Seat(seat), step, ix).ok()
            })
            .await;
            if self.closed.load(Ordering::SeqCst) || played.is_err() {
                return;
            }
        }
    }
}

/// Every game of a server, and the games it offers.
pub struct Hall {
    pub config: Config,
    pub offers: Vec<Offer>,
    tables: RwLock<HashMap<String, Arc<Table>>>,
    tokens: RwLock<HashMap<String, (Arc<Table>, Viewer)>>,
    closed: Arc<AtomicBool>,
    ai_tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

/// `n` random bytes of the operating system's source, as hex.
fn random_hex(n: usize) -> Result<String, String> {
    let mut b = vec![0u8; n];
    getrandom::fill(&mut b).map_err(|e| format!("the system's random source: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// A new seat token: 192 bits.
pub fn new_token() -> Result<String, String> {
    random_hex(24)
}

/// The games of the rules: each with its variants, add-ons and seats.
fn offers(rules: Option<&Path>) -> Result<Vec<Offer>, String> {
    let dirs = crate::load::rules_dir::every_game_dir(rules).map_err(|d| d.to_string())?;
    let mut out: Vec<Offer> = Vec::new();
    for dir in dirs {
        let module = crate::games::module_of(&dir).map_err(|d| d.to_string())?;
        if out.iter().any(|o| o.id == dir.folder_name()) {
            continue;
        }
        let offer = crate::games::visit(&module, Describe(dir.clone()))
            .ok_or_else(|| format!("unknown game module {module}"))??;
        out.push(offer);
    }
    Ok(out)
}

/// A game's offer, read from its rules.
struct Describe(GameDir);

impl Visit for Describe {
    type Out = Result<Offer, String>;
    fn visit<G: Registered>(self) -> Self::Out {
        let dir = self.0;
        let base = G::load(&dir, &Default::default()).map_err(|d| d.to_string())?;
        let mut counts = Vec::new();
        for n in G::player_counts(&base.rules) {
            let sel = crate::engine::Selection {
                players: Some(n),
                ..Default::default()
            };
            let r = G::load(&dir, &sel).map_err(|d| d.to_string())?;
            let names = (0..n).map(|p| G::seat_name(&r.rules, p)).collect();
            counts.push((n, names));
        }
        let files = overlay::list(&dir).map_err(|d| d.to_string())?;
        let pick = |addon: bool| {
            files
                .iter()
                .filter(|f| f.addon == addon)
                .map(|f| (f.id.clone(), f.description.clone()))
                .collect()
        };
        Ok(Offer {
            id: dir.folder_name(),
            module: G::MODULE.to_string(),
            name: G::name(&base.rules).to_string(),
            variants: pick(false),
            addons: pick(true),
            counts,
            dir,
        })
    }
}

/// A new game of module `G` from an order.
struct Create(GameDir, Order, u64);

impl Visit for Create {
    type Out = Result<Box<dyn Live>, String>;
    fn visit<G: Registered>(self) -> Self::Out {
        let Create(dir, order, seed) = self;
        let choice = RulesChoice {
            game: dir.folder_name(),
            source: Some(dir),
            dir: None,
            variant: order.variant.filter(|v| v != crate::engine::BASE_VARIANT),
            addons: order.addons,
            sets: vec![],
            lang: order.lang,
            players: order.players,
            fingerprint: None,
        };
        let players = order
            .seats
            .iter()
            .map(|s| match s.as_str() {
                "human" => Player::Human,
                ai => Player::Ai(ai.to_string()),
            })
            .collect();
        let game = Game::<G>::new(choice, seed, players).map_err(|d| d.to_string())?;
        Ok(Box::new(LiveGame { game }))
    }
}

/// A saved game of module `G`.
struct Restore(GameDir, PathBuf);

impl Visit for Restore {
    type Out = Result<Box<dyn Live>, String>;
    fn visit<G: Registered>(self) -> Self::Out {
        let game = Game::<G>::load_with(&self.1, Some(self.0)).map_err(|d| d.to_string())?;
        Ok(Box::new(LiveGame { game }))
    }
}

/// Writes `text` to `path` through a temporary file, readable by its
/// owner only.
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let tmp = path.with_extension("tmp");
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
    let done = written.and_then(|()| std::fs::rename(&tmp, path));
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

impl Hall {
    /// The hall of `config`, with every game saved in its folder restored
    /// (a game that does not load is said on the standard error and left
    /// on the disk as it is). Returns the hall and how many were restored.
    pub fn open(config: Config) -> Result<(Hall, usize), String> {
        std::fs::create_dir_all(&config.data)
            .map_err(|e| format!("{}: {e}", config.data.display()))?;
        let hall = Hall {
            offers: offers(config.rules.as_deref())?,
            config,
            tables: RwLock::default(),
            tokens: RwLock::default(),
            closed: Arc::default(),
            ai_tasks: Mutex::default(),
        };
        let mut n = 0;
        let mut files: Vec<PathBuf> = std::fs::read_dir(&hall.config.data)
            .map_err(|e| format!("{}: {e}", hall.config.data.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().ends_with(".seats.json"))
            .collect();
        files.sort();
        for keys in files {
            match hall.restore(&keys) {
                Ok(()) => n += 1,
                Err(e) => {
                    let file = keys.display().to_string();
                    eprintln!("{}", s!(Lang::En, "restore-failed", file = file, error = e));
                }
            }
        }
        Ok((hall, n))
    }

    fn save_path(&self, id: &str) -> PathBuf {
        self.config.data.join(format!("{id}.ron"))
    }

    fn keys_path(&self, id: &str) -> PathBuf {
        self.config.data.join(format!("{id}.seats.json"))
    }

    /// The game whose tokens are `keys`, from its save beside them.
    fn restore(&self, keys: &Path) -> Result<(), String> {
        let name = keys.file_name().unwrap_or_default().to_string_lossy();
        let id = name.trim_end_matches(".seats.json").to_string();
        let text = std::fs::read_to_string(keys).map_err(|e| e.to_string())?;
        let k: Keys = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let save = self.save_path(&id);
        let game = crate::play::record::game_of_save(&save)
            .ok_or_else(|| format!("{}: not a save", save.display()))?;
        // By its folder; a save written before saves named it: its module
        // (of several games of it, the one whose seats the save's are).
        let seats = crate::play::record::seats_of_save(&save);
        let of_module: Vec<&Offer> = self.offers.iter().filter(|o| o.module == game).collect();
        let offer = (self.offers.iter().find(|o| o.id == game))
            .or_else(|| match of_module[..] {
                [o] => Some(o),
                _ => of_module
                    .into_iter()
                    .find(|o| crate::load::rules_dir::lists_seats(&o.dir, &seats)),
            })
            .ok_or_else(|| format!("no rules for the game {game}"))?;
        let module = offer.module.clone();
        let live = crate::games::visit(&module, Restore(offer.dir.clone(), save))
            .ok_or_else(|| format!("unknown game module {module}"))??;
        if k.seats.len() != live.seats() {
            return Err("the tokens do not match the save's seats".into());
        }
        self.seat(id, live, k);
        Ok(())
    }

    /// A new game, saved with its tokens; its tokens are in its `keys`.
    /// Blocking (it writes to the disk).
    pub fn create(&self, order: Order) -> Result<Arc<Table>, String> {
        let lang = Lang::from_code(order.lang.as_deref());
        if self.count() >= self.config.max_games {
            return Err(s!(lang, "too-many-games", n = self.config.max_games));
        }
        let offer = self
            .offers
            .iter()
            .find(|o| o.id == order.game)
            .ok_or_else(|| s!(lang, "unknown-game", game = order.game.as_str()))?;
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).map_err(|e| e.to_string())?;
        let seed = u64::from_le_bytes(seed);
        let module = offer.module.clone();
        let create = Create(offer.dir.clone(), order, seed);
        let live = crate::games::visit(&module, create)
            .ok_or_else(|| s!(lang, "unknown-game", game = module.as_str()))??;
        let id = random_hex(8)?;
        let mut seats = Vec::new();
        for p in live.players() {
            seats.push(if p == Player::Human {
                Some(new_token()?)
            } else {
                None
            });
        }
        let keys = Keys {
            seats,
            spectator: new_token()?,
        };
        let io = |e: std::io::Error| crate::play::i18n::io_words(lang, &e);
        live.save(&self.save_path(&id)).map_err(io)?;
        let text = serde_json::to_string_pretty(&keys).map_err(|e| e.to_string())?;
        write_private(&self.keys_path(&id), &text).map_err(io)?;
        Ok(self.seat(id, live, keys))
    }

    /// Takes `live` in as game `id` with its tokens, its AI started.
    fn seat(&self, id: String, live: Box<dyn Live>, keys: Keys) -> Arc<Table> {
        let (changed, _) = watch::channel(live.step());
        let table = Arc::new(Table {
            save: self.save_path(&id),
            id: id.clone(),
            live: Mutex::new(live),
            changed,
            ai: Notify::new(),
            keys: keys.clone(),
            closed: self.closed.clone(),
        });
        let mut tokens = self.tokens.write().unwrap_or_else(|e| e.into_inner());
        for (p, t) in keys.seats.iter().enumerate() {
            if let Some(t) = t {
                tokens.insert(t.clone(), (table.clone(), Viewer::Seat(p)));
            }
        }
        tokens.insert(keys.spectator, (table.clone(), Viewer::Spectator));
        drop(tokens);
        self.tables
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, table.clone());
        let task = tokio::spawn(table.clone().run_ai());
        self.ai_tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(task);
        table
    }

    /// The game and viewer a token opens.
    pub fn open_token(&self, token: &str) -> Option<(Arc<Table>, Viewer)> {
        let tokens = self.tokens.read().unwrap_or_else(|e| e.into_inner());
        tokens.get(token).cloned()
    }

    /// How many games the hall holds.
    pub fn count(&self) -> usize {
        self.tables.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Stops every game: no move is taken from now on (one under way is
    /// finished and saved first), the AIs stop.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let tables: Vec<Arc<Table>> = self
            .tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for t in &tables {
            // Waits for a move under way.
            drop(t.lock());
            t.ai.notify_one();
        }
        for task in self
            .ai_tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            task.abort();
        }
    }
}
