//! Where a game's rule files come from: the rules built into the binary (the
//! shipped `rules/` folder, embedded at compile time with `include_dir`), or
//! a folder on disk chosen with `--rules DIR` or `$LUDUS_RULES`.
//!
//! Every reader of rule files goes through [`GameDir`], so the binary works
//! from any directory, and a folder that does not exist is one clear error
//! ("rules directory not found") instead of an empty list.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use include_dir::{Dir, include_dir};

use super::{Parsed, SourceFile, Spanned};
use crate::diag::{Diagnostic, Diagnostics};

/// The shipped `rules/` folder, one subfolder per game.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/rules");

/// How the files of built-in rules are named in messages:
/// `built-in:rules/<game>/turn.ron`.
const BUILT_IN_PREFIX: &str = "built-in:rules";

/// The environment variable that selects a rules folder on disk.
pub const RULES_ENV: &str = "LUDUS_RULES";

/// The file of a folder of games that names the default one
/// (`(default: "<game>")`).
pub const GAMES_FILE: &str = "games.ron";

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesFile {
    default: Spanned<String>,
}

/// The game a command plays when none is named: the `default` of the
/// built-in `rules/games.ron`, else the first built-in game.
pub fn default_game() -> &'static str {
    static DEFAULT: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    DEFAULT.get_or_init(|| {
        let named = built_in_text(GAMES_FILE)
            .and_then(|t| ron::from_str::<GamesFile>(t).ok())
            .and_then(|g| built_in_games().into_iter().find(|n| *n == g.default.value));
        named
            .or_else(|| built_in_games().into_iter().next())
            .unwrap_or("")
    })
}

/// The games built into the binary: the folders of `rules/` with a
/// `game.ron`, sorted.
pub fn built_in_games() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = BUILT_IN
        .dirs()
        .filter_map(|d| d.path().to_str())
        .filter(|name| BUILT_IN.get_file(format!("{name}/game.ron")).is_some())
        .collect();
    v.sort();
    v
}

/// The game folder `name` names among `games`: exactly, with `-` for `_`,
/// or as the one game whose name it begins.
pub fn find_game<'a>(games: &[&'a str], name: &str) -> Option<&'a str> {
    let want = name.trim().replace('-', "_").to_lowercase();
    if let Some(g) = games.iter().find(|g| **g == want) {
        return Some(g);
    }
    let mut prefixed = games.iter().filter(|g| g.starts_with(&want));
    match (prefixed.next(), prefixed.next()) {
        (Some(g), None) if !want.is_empty() => Some(g),
        _ => None,
    }
}

/// One game's rules directory (the folder holding its `game.ron`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameDir {
    /// A game folder built into the binary, by its name under `rules/`.
    BuiltIn(&'static str),
    /// A folder on disk.
    Disk(PathBuf),
    /// Files held in memory (relative path → text), reported under a name:
    /// a built-in folder with some files replaced, for fuzzing and tests.
    Memory {
        name: PathBuf,
        files: Arc<BTreeMap<String, String>>,
    },
}

impl GameDir {
    /// The built-in rules of the default game.
    pub fn built_in() -> GameDir {
        GameDir::BuiltIn(default_game())
    }

    /// The built-in rules of the game `name` (its folder under `rules/`,
    /// `-` for `_`, or a prefix naming one game); an unknown name is an
    /// error listing the games.
    pub fn built_in_game(name: &str) -> Result<GameDir, Diagnostic> {
        let games = built_in_games();
        match find_game(&games, name) {
            Some(g) => Ok(GameDir::BuiltIn(g)),
            None => Err(unknown_game(Path::new(BUILT_IN_PREFIX), name, &games)),
        }
    }

    /// A folder on disk: a game folder (with `game.ron`), or a folder of
    /// games holding the game `game` names, else the one its `games.ron`
    /// names, else the one named like the built-in default. A folder that
    /// does not exist or cannot be read, a malformed `games.ron`, or no
    /// such game is an error (a game folder that cannot be read: its own).
    pub fn on_disk_game(path: &Path, game: Option<&str>) -> Result<GameDir, Diagnostic> {
        probe_folder(path)?;
        // A game folder is that game, whatever `game` says (its own
        // game.ron names its module).
        if probe_file(&path.join("game.ron"))? {
            return Ok(GameDir::Disk(path.to_path_buf()));
        }
        let found = games_on_disk(path)?;
        let games: Vec<&str> = found.games.iter().map(String::as_str).collect();
        let default = folder_default(path, &found)?;
        let wanted = match game {
            Some(g) => match find_game(&games, g) {
                Some(w) => w.to_string(),
                None => {
                    return Err(found
                        .problem_of(g)
                        .unwrap_or_else(|| unknown_game(path, g, &games)));
                }
            },
            None => default.unwrap_or_else(|| default_game().to_string()),
        };
        if games.contains(&wanted.as_str()) {
            return Ok(GameDir::Disk(path.join(&wanted)));
        }
        Err(found.problem_of(&wanted).unwrap_or_else(|| {
            Diagnostic::whole(
                path,
                format!(
                    "no game in the rules directory {}: it holds neither game.ron nor {wanted}/game.ron",
                    path.display()
                ),
            )
        }))
    }

    /// Every game of a folder on disk: the folder itself if it holds a
    /// `game.ron`, else each subfolder that does; and the problems met
    /// (a folder or `game.ron` that cannot be read, a malformed
    /// `games.ron`, no game at all), each naming its path.
    pub fn every_game_on_disk(path: &Path) -> (Vec<GameDir>, Diagnostics) {
        let mut problems = Diagnostics::default();
        let found = probe_folder(path)
            .and_then(|()| probe_file(&path.join("game.ron")))
            .and_then(|single| {
                if single {
                    Ok(None)
                } else {
                    games_on_disk(path).map(Some)
                }
            });
        let found = match found {
            Ok(None) => return (vec![GameDir::Disk(path.to_path_buf())], problems),
            Ok(Some(f)) => f,
            Err(d) => {
                problems.push(d);
                return (vec![], problems);
            }
        };
        if let Err(d) = folder_default(path, &found) {
            problems.push(d);
        }
        if found.games.is_empty() && found.problems.is_empty() {
            problems.push(Diagnostic::whole(
                path,
                format!(
                    "no game in the rules directory {}: neither game.ron nor a folder holding one",
                    path.display()
                ),
            ));
        }
        problems
            .0
            .extend(found.problems.into_iter().map(|(_, d)| d));
        let dirs = found.games.iter().map(|g| GameDir::Disk(path.join(g)));
        (dirs.collect(), problems)
    }

    /// [`GameDir::on_disk_game`] with no game named.
    pub fn on_disk(path: &Path) -> Result<GameDir, Diagnostic> {
        GameDir::on_disk_game(path, None)
    }

    /// The built-in rules of the default game with the files of `replace`
    /// (relative path, text) put in or replaced, in memory.
    pub fn built_in_with(replace: &[(&str, &str)]) -> GameDir {
        GameDir::built_in_game_with(default_game(), replace)
    }

    /// The built-in rules of the game folder `game` with the files of
    /// `replace` put in or replaced, in memory.
    pub fn built_in_game_with(game: &str, replace: &[(&str, &str)]) -> GameDir {
        let mut files = BTreeMap::new();
        if let Some(dir) = BUILT_IN.get_dir(game) {
            collect(dir, game, &mut files);
        }
        for (rel, text) in replace {
            files.insert(rel.to_string(), text.to_string());
        }
        GameDir::Memory {
            name: PathBuf::from(format!("memory:rules/{game}")),
            files: Arc::new(files),
        }
    }

    /// The rules a command uses: `--rules DIR` if given, else
    /// `$LUDUS_RULES` if set, else the built-in rules; of the game `game`
    /// names (`--game`), else the folder's default game.
    pub fn select_game(flag: Option<&Path>, game: Option<&str>) -> Result<GameDir, Diagnostic> {
        if let Some(p) = flag {
            return GameDir::on_disk_game(p, game);
        }
        match std::env::var_os(RULES_ENV).filter(|v| !v.is_empty()) {
            Some(p) => GameDir::on_disk_game(Path::new(&p), game),
            None => match game {
                Some(g) => GameDir::built_in_game(g),
                None => Ok(GameDir::built_in()),
            },
        }
    }

    /// [`GameDir::select_game`] with no game named.
    pub fn select(flag: Option<&Path>) -> Result<GameDir, Diagnostic> {
        GameDir::select_game(flag, None)
    }

    /// The game's folder name (`roemer`): what a save names its game by.
    pub fn folder_name(&self) -> String {
        match self {
            GameDir::BuiltIn(game) => (*game).to_string(),
            _ => (self.path().file_name())
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        }
    }

    /// The name files of this directory are reported under.
    pub fn path(&self) -> PathBuf {
        match self {
            GameDir::BuiltIn(game) => Path::new(BUILT_IN_PREFIX).join(game),
            GameDir::Disk(p) => p.clone(),
            GameDir::Memory { name, .. } => name.clone(),
        }
    }

    /// The path a file of this directory is reported under.
    pub fn file_path(&self, rel: &str) -> PathBuf {
        self.path().join(rel)
    }

    /// Whether these are the rules built into the binary.
    pub fn is_built_in(&self) -> bool {
        matches!(self, GameDir::BuiltIn(_))
    }

    /// Reads the rule file `rel` and parses it as `T` (syntax only).
    pub fn parse<T: serde::de::DeserializeOwned>(
        &self,
        rel: &str,
    ) -> Result<Parsed<T>, Diagnostic> {
        let file = self.read(rel)?;
        let raw = file.parse()?;
        Ok(Parsed { file, raw })
    }

    /// Reads the file `rel` (`"turn.ron"`, `"variants/x.ron"`).
    pub fn read(&self, rel: &str) -> Result<SourceFile, Diagnostic> {
        match self {
            GameDir::Disk(p) => {
                let path = p.join(rel);
                probe_file(&path)?;
                SourceFile::read(&path)
            }
            GameDir::BuiltIn(game) => match built_in_text(&format!("{game}/{rel}")) {
                Some(text) => Ok(SourceFile {
                    path: self.file_path(rel),
                    text: text.trim_start_matches('\u{feff}').to_string(),
                }),
                None => Err(Diagnostic::whole(
                    self.file_path(rel),
                    "cannot read the file: no such built-in rule file",
                )),
            },
            GameDir::Memory { files, .. } => match files.get(rel) {
                Some(text) => Ok(SourceFile {
                    path: self.file_path(rel),
                    text: text.trim_start_matches('\u{feff}').to_string(),
                }),
                None => Err(Diagnostic::whole(
                    self.file_path(rel),
                    "cannot read the file: no such file",
                )),
            },
        }
    }

    /// Whether the file `rel` exists; on disk, whether anything is there
    /// (a folder, a file that cannot be read: reading it names the problem).
    pub fn has_file(&self, rel: &str) -> bool {
        match self {
            GameDir::Disk(p) => !matches!(
                std::fs::symlink_metadata(p.join(rel)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound
            ),
            GameDir::BuiltIn(game) => BUILT_IN.get_file(format!("{game}/{rel}")).is_some(),
            GameDir::Memory { files, .. } => files.contains_key(rel),
        }
    }

    /// The `.ron` files of the subfolder `sub` as paths relative to this
    /// directory (`"variants/<id>.ron"`), sorted; `""` is the directory
    /// itself (`"game.ron"`). No subfolder is no file; a subfolder that
    /// cannot be read (or is a file) is an error naming it.
    pub fn ron_files(&self, sub: &str) -> Result<Vec<String>, Diagnostic> {
        let sub = sub.trim_end_matches('/');
        let prefix = if sub.is_empty() {
            String::new()
        } else {
            format!("{sub}/")
        };
        let mut names: Vec<String> = match self {
            GameDir::Disk(p) => folder_names(&p.join(sub))?,
            GameDir::BuiltIn(game) => BUILT_IN
                .get_dir(format!("{game}/{sub}").trim_end_matches('/'))
                .map(|d| {
                    d.files()
                        .filter_map(|f| f.path().file_name())
                        .map(|n| n.to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default(),
            GameDir::Memory { files, .. } => files
                .keys()
                .filter_map(|k| k.strip_prefix(&prefix))
                .filter(|n| !n.contains('/'))
                .map(str::to_string)
                .collect(),
        };
        names.retain(|n| n.ends_with(".ron"));
        names.sort();
        Ok(names.into_iter().map(|n| format!("{prefix}{n}")).collect())
    }
}

impl From<&Path> for GameDir {
    /// A folder on disk, taken as it is (tests and library callers that
    /// name a game folder directly; [`GameDir::on_disk`] checks it).
    fn from(p: &Path) -> GameDir {
        GameDir::Disk(p.to_path_buf())
    }
}

impl From<&PathBuf> for GameDir {
    fn from(p: &PathBuf) -> GameDir {
        GameDir::Disk(p.clone())
    }
}

impl From<PathBuf> for GameDir {
    fn from(p: PathBuf) -> GameDir {
        GameDir::Disk(p)
    }
}

impl From<&GameDir> for GameDir {
    fn from(d: &GameDir) -> GameDir {
        d.clone()
    }
}

/// Every file under a built-in folder, by its path relative to `root`.
fn collect(dir: &Dir<'static>, root: &str, out: &mut BTreeMap<String, String>) {
    for f in dir.files() {
        let path = f.path().to_string_lossy();
        if let (Some(rel), Some(text)) = (path.strip_prefix(&format!("{root}/")), f.contents_utf8())
        {
            out.insert(rel.to_string(), text.to_string());
        }
    }
    for d in dir.dirs() {
        collect(d, root, out);
    }
}

/// The text of a built-in file, by its path under `rules/`.
fn built_in_text(rel: &str) -> Option<&'static str> {
    BUILT_IN.get_file(rel).and_then(|f| f.contents_utf8())
}

/// The text of a file named in a diagnostic: a built-in rule file, or a
/// file on disk (for rendering the source line under a message).
pub fn source_text(path: &Path) -> Option<String> {
    if let Ok(rel) = path.strip_prefix(BUILT_IN_PREFIX) {
        return built_in_text(&rel.to_string_lossy()).map(str::to_string);
    }
    // Never a pipe (reading it would wait for ever), nor a folder.
    probe_file(path)
        .ok()?
        .then(|| super::read_text(path).ok())?
}

/// The game folders of a folder of games, and the subfolders whose
/// `game.ron` cannot be read (by folder name, with the problem).
struct FoundGames {
    games: Vec<String>,
    problems: Vec<(String, Diagnostic)>,
}

impl FoundGames {
    /// The problem of the unreadable folder `name` names, if any.
    fn problem_of(&self, name: &str) -> Option<Diagnostic> {
        let names: Vec<&str> = self.problems.iter().map(|(n, _)| n.as_str()).collect();
        let n = find_game(&names, name)?;
        self.problems
            .iter()
            .find(|(m, _)| m == n)
            .map(|(_, d)| d.clone())
    }
}

/// The game folders (with a `game.ron`) of a folder on disk, sorted, and
/// the subfolders that cannot be read; the folder itself unreadable is an
/// error.
fn games_on_disk(path: &Path) -> Result<FoundGames, Diagnostic> {
    let mut found = FoundGames {
        games: vec![],
        problems: vec![],
    };
    for name in folder_names(path)? {
        let sub = path.join(&name);
        if !sub.is_dir() {
            continue;
        }
        match probe_file(&sub.join("game.ron")) {
            Ok(true) => found.games.push(name),
            Ok(false) => {}
            Err(d) => found.problems.push((name, d)),
        }
    }
    found.games.sort();
    found.problems.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(found)
}

/// The default game a folder of games names in its `games.ron` (none
/// without the file), checked: a file that cannot be read or parsed, or
/// that names no game of the folder, is an error at its place.
fn folder_default(path: &Path, found: &FoundGames) -> Result<Option<String>, Diagnostic> {
    let file_path = path.join(GAMES_FILE);
    if !probe_file(&file_path)? {
        return Ok(None);
    }
    let file = SourceFile::read(&file_path)?;
    let head: GamesFile = file.parse_borrowed()?;
    let name = head.default.value.as_str();
    if found.games.iter().any(|g| g == name) {
        return Ok(Some(name.to_string()));
    }
    if let Some(d) = found.problem_of(name) {
        return Err(d);
    }
    let named = path.join(name);
    if named.exists() && !named.is_dir() {
        let m = format!("it is a file, not a game folder ({GAMES_FILE} names it)");
        return Err(Diagnostic::whole(named, m));
    }
    let games: Vec<&str> = found.games.iter().map(String::as_str).collect();
    let d = file.error(
        &head.default,
        format!("no game \"{name}\" in {}", path.display()),
    );
    Err(d.with_hint(format!(
        "default names a folder here holding a game.ron: {}",
        games.join(", ")
    )))
}

/// What is at `path`: a file (true) or nothing (false); a folder, a pipe
/// or a device, or a path that cannot be looked at, is an error naming it.
fn probe_file(path: &Path) -> Result<bool, Diagnostic> {
    let cannot = |why: String| Diagnostic::whole(path, format!("cannot read the file: {why}"));
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(true),
        Ok(m) if m.is_dir() => Err(cannot("it is a folder, not a file".into())),
        Ok(_) => Err(cannot(
            "it is not a regular file (a pipe, a socket or a device)".into(),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(cannot(e.to_string())),
    }
}

/// A rules folder that exists and is one, else the error naming it.
fn probe_folder(path: &Path) -> Result<(), Diagnostic> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Diagnostic::whole(
            path,
            format!(
                "the rules directory {} is a file, not a folder",
                path.display()
            ),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Diagnostic::whole(
            path,
            format!("rules directory not found: {}", path.display()),
        )),
        Err(e) => Err(Diagnostic::whole(
            path,
            format!("cannot read the rules directory {}: {e}", path.display()),
        )),
    }
}

/// The names in a folder on disk (none if it does not exist); a folder
/// that cannot be read, or a file in its place, is an error naming it.
fn folder_names(path: &Path) -> Result<Vec<String>, Diagnostic> {
    let cannot =
        |e: std::io::Error| Diagnostic::whole(path, format!("cannot read the folder: {e}"));
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(cannot(e)),
    };
    entries
        .map(|e| {
            e.map(|e| e.file_name().to_string_lossy().into_owned())
                .map_err(cannot)
        })
        .collect()
}

fn unknown_game(path: &Path, name: &str, games: &[&str]) -> Diagnostic {
    Diagnostic::whole(
        path,
        format!("unknown game \"{name}\" in {}", path.display()),
    )
    .with_hint(format!("the games here: {}", games.join(", ")))
}

/// The game directories to check: `dir` itself if it has a game.ron, else
/// its subfolders that do; without `dir`, the rules a run would use. Any
/// problem of the folder (`GameDir::every_game_on_disk`) is an error.
pub fn game_dirs(dir: Option<&Path>) -> Result<Vec<GameDir>, Diagnostics> {
    let Some(dir) = dir else {
        return Ok(vec![GameDir::select(None)?]);
    };
    match GameDir::every_game_on_disk(dir) {
        (dirs, problems) if problems.is_empty() => Ok(dirs),
        (_, problems) => Err(problems),
    }
}

/// Every game of the rules a command uses when none is named: each game
/// of `--rules DIR` (or `$LUDUS_RULES`), else every built-in game.
pub fn every_game_dir(rules: Option<&Path>) -> Result<Vec<GameDir>, Diagnostics> {
    let env = std::env::var_os(RULES_ENV).filter(|v| !v.is_empty());
    match rules.map(Path::to_path_buf).or(env.map(PathBuf::from)) {
        Some(dir) => game_dirs(Some(&dir)),
        None => Ok(built_in_games().into_iter().map(GameDir::BuiltIn).collect()),
    }
}

/// The rules of a save's game, by the folder the save names, in `rules`
/// (else `$LUDUS_RULES`, else the built-in rules). Saves written before
/// they named the folder name the module of its `game.ron` (`described`):
/// then the one game there of that module, or the one of them whose
/// `game.ron` names every seat of the save (`seats`, the save's seat ids);
/// none or several: the error of an unknown game.
pub fn saved_game_dir(
    rules: Option<&Path>,
    game: &str,
    seats: &[String],
) -> Result<GameDir, Diagnostics> {
    let dirs = every_game_dir(rules)?;
    if let Some(d) = dirs.iter().find(|d| d.folder_name() == game) {
        return Ok(d.clone());
    }
    let heads: Vec<(&GameDir, Head)> = (dirs.iter())
        .filter_map(|d| Some((d, head_of(d)?)))
        .filter(|(_, h)| h.game == game)
        .collect();
    let of: Vec<&GameDir> = match heads.len() {
        1 => vec![heads[0].0],
        _ => (heads.iter())
            .filter(|(_, h)| h.seats_all(seats))
            .map(|(d, _)| *d)
            .collect(),
    };
    match of[..] {
        [d] => Ok(d.clone()),
        _ => GameDir::select_game(rules, Some(game)).map_err(Diagnostics::from),
    }
}

/// The part of a folder's `game.ron` a save's game is found by: the
/// module it names (the registry, `games::module_of`, checks it) and the
/// ids of its seats, if it lists them.
#[derive(serde::Deserialize)]
struct Head {
    game: String,
    #[serde(default)]
    seats: Vec<SeatId>,
}

#[derive(serde::Deserialize)]
struct SeatId {
    id: String,
}

impl Head {
    fn seats_all(&self, seats: &[String]) -> bool {
        seats.iter().all(|s| self.seats.iter().any(|x| x.id == *s))
    }
}

/// Whether `dir`'s `game.ron` lists every one of `seats` (seat ids)
/// among its seats.
pub fn lists_seats(dir: &GameDir, seats: &[String]) -> bool {
    head_of(dir).is_some_and(|h| h.seats_all(seats))
}

fn head_of(dir: &GameDir) -> Option<Head> {
    let file = dir.read("game.ron").ok()?;
    file.parse_borrowed::<Head>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_game_is_the_one_games_ron_names() {
        assert!(built_in_games().contains(&default_game()));
        assert_eq!(GameDir::built_in(), GameDir::BuiltIn(default_game()));
    }

    #[test]
    fn the_built_in_games_ron_parses_and_names_a_built_in_game() {
        // `default_game` falls back on the first game when the built-in
        // file is wrong: that must never be what happens.
        let text = built_in_text(GAMES_FILE).expect("rules/games.ron is built in");
        let file: GamesFile = ron::from_str(text).expect("rules/games.ron parses");
        assert_eq!(default_game(), file.default.value);
    }

    #[test]
    fn a_game_is_named_by_its_folder_with_dashes_or_by_a_prefix() {
        let games = ["ab_cd", "ab_ef", "xy"];
        assert_eq!(find_game(&games, "ab-cd"), Some("ab_cd"));
        assert_eq!(find_game(&games, "x"), Some("xy"));
        assert_eq!(find_game(&games, "ab"), None, "two games begin so");
        assert_eq!(find_game(&games, ""), None);
        let e = GameDir::built_in_game("no-such-game")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown game \"no-such-game\""), "{e}");
        assert!(e.contains(default_game()), "{e}");
    }
}
