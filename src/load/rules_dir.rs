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

use super::SourceFile;
use crate::diag::Diagnostic;

/// The shipped `rules/` folder, one subfolder per game.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/rules");

/// How the files of built-in rules are named in messages:
/// `built-in:rules/caesar_cleopatra/turn.ron`.
const BUILT_IN_PREFIX: &str = "built-in:rules";

/// The environment variable that selects a rules folder on disk.
pub const RULES_ENV: &str = "LUDUS_RULES";

/// The game played when a rules folder holds several.
pub const DEFAULT_GAME: &str = "caesar_cleopatra";

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
        GameDir::BuiltIn(DEFAULT_GAME)
    }

    /// A folder on disk: a game folder (with `game.ron`), or a folder of
    /// games holding the default game. A folder that does not exist, or
    /// holds no game, is an error.
    pub fn on_disk(path: &Path) -> Result<GameDir, Diagnostic> {
        if !path.is_dir() {
            return Err(plain(
                path,
                format!("rules directory not found: {}", path.display()),
            ));
        }
        if path.join("game.ron").is_file() {
            return Ok(GameDir::Disk(path.to_path_buf()));
        }
        let nested = path.join(DEFAULT_GAME);
        if nested.join("game.ron").is_file() {
            return Ok(GameDir::Disk(nested));
        }
        Err(plain(
            path,
            format!(
                "no game in the rules directory {}: it holds neither game.ron nor {DEFAULT_GAME}/game.ron",
                path.display()
            ),
        ))
    }

    /// The built-in rules of the default game with the files of `replace`
    /// (relative path, text) put in or replaced, in memory.
    pub fn built_in_with(replace: &[(&str, &str)]) -> GameDir {
        let mut files = BTreeMap::new();
        if let Some(dir) = BUILT_IN.get_dir(DEFAULT_GAME) {
            collect(dir, DEFAULT_GAME, &mut files);
        }
        for (rel, text) in replace {
            files.insert(rel.to_string(), text.to_string());
        }
        GameDir::Memory {
            name: PathBuf::from(format!("memory:rules/{DEFAULT_GAME}")),
            files: Arc::new(files),
        }
    }

    /// The rules a command uses: `--rules DIR` if given, else
    /// `$LUDUS_RULES` if set, else the built-in rules.
    pub fn select(flag: Option<&Path>) -> Result<GameDir, Diagnostic> {
        if let Some(p) = flag {
            return GameDir::on_disk(p);
        }
        match std::env::var_os(RULES_ENV).filter(|v| !v.is_empty()) {
            Some(p) => GameDir::on_disk(Path::new(&p)),
            None => Ok(GameDir::built_in()),
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

    /// Reads the file `rel` (`"turn.ron"`, `"variants/x.ron"`).
    pub fn read(&self, rel: &str) -> Result<SourceFile, Diagnostic> {
        match self {
            GameDir::Disk(p) => SourceFile::read(&p.join(rel)),
            GameDir::BuiltIn(game) => match built_in_text(&format!("{game}/{rel}")) {
                Some(text) => Ok(SourceFile {
                    path: self.file_path(rel),
                    text: text.trim_start_matches('\u{feff}').to_string(),
                }),
                None => Err(plain(
                    &self.file_path(rel),
                    "cannot read the file: no such built-in rule file",
                )),
            },
            GameDir::Memory { files, .. } => match files.get(rel) {
                Some(text) => Ok(SourceFile {
                    path: self.file_path(rel),
                    text: text.trim_start_matches('\u{feff}').to_string(),
                }),
                None => Err(plain(
                    &self.file_path(rel),
                    "cannot read the file: no such file",
                )),
            },
        }
    }

    /// Whether the file `rel` exists.
    pub fn has_file(&self, rel: &str) -> bool {
        match self {
            GameDir::Disk(p) => p.join(rel).is_file(),
            GameDir::BuiltIn(game) => BUILT_IN.get_file(format!("{game}/{rel}")).is_some(),
            GameDir::Memory { files, .. } => files.contains_key(rel),
        }
    }

    /// The `.ron` files of the subfolder `sub` as paths relative to this
    /// directory (`"variants/orgy-a.ron"`), sorted.
    pub fn ron_files(&self, sub: &str) -> Vec<String> {
        let mut names: Vec<String> = match self {
            GameDir::Disk(p) => std::fs::read_dir(p.join(sub))
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect(),
            GameDir::BuiltIn(game) => BUILT_IN
                .get_dir(format!("{game}/{sub}"))
                .map(|d| {
                    d.files()
                        .filter_map(|f| f.path().file_name())
                        .map(|n| n.to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default(),
            GameDir::Memory { files, .. } => files
                .keys()
                .filter_map(|k| k.strip_prefix(&format!("{sub}/")))
                .filter(|n| !n.contains('/'))
                .map(str::to_string)
                .collect(),
        };
        names.retain(|n| n.ends_with(".ron"));
        names.sort();
        names.into_iter().map(|n| format!("{sub}/{n}")).collect()
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
    super::read_text(path).ok()
}

fn plain(path: &Path, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: path.to_path_buf(),
        line: 1,
        col: 1,
        span: None,
        message: message.into(),
        hints: vec![],
    }
}
