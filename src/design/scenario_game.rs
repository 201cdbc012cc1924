//! Which game a scenario file is of, when `ludus scenario run` is not told
//! (`--game`): the file's own `game` field, else the folder it lies in,
//! `scenarios_<game>/` (`tests/scenarios_de_cape/003/x.ron` is de
//! Cape's), else the default game (docs/scenarios.md section 2).

use std::path::Path;

use serde::Deserialize;

use crate::load::GameDir;
use crate::load::rules_dir::find_game;

/// The folder prefix that names a game: `scenarios_<game>`.
const FOLDER: &str = "scenarios_";

/// The game the scenario file at `path` names, by its field or its
/// folder; `None`: the default game.
pub fn game_of(path: &Path) -> Option<String> {
    field(path).or_else(|| folder(path))
}

/// The file's top-level `game` field, read without the rest of the file;
/// none when the file cannot be read or parsed (its game's reader then
/// reports why).
fn field(path: &Path) -> Option<String> {
    /// The one field read; the others are skipped.
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        game: Option<String>,
    }
    let text = std::fs::read_to_string(path).ok()?;
    let opts =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    opts.from_str::<Head>(&text).ok()?.game
}

/// The game of the nearest folder named `scenarios_<game>` above `path`.
fn folder(path: &Path) -> Option<String> {
    let named = |d: &Path| {
        let name = d.file_name()?.to_str()?;
        name.strip_prefix(FOLDER).map(str::to_string)
    };
    path.ancestors().skip(1).find_map(named)
}

/// Whether `name` (a scenario's `game`) names the game of `dir`, as
/// `--game` would.
pub fn names(dir: &GameDir, name: &str) -> bool {
    let path = dir.path();
    let folder = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
    find_game(&[folder], name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_names_the_game_and_the_default_has_none() {
        let p = Path::new("tests/scenarios_toy_game/001/x.ron");
        assert_eq!(folder(p).as_deref(), Some("toy_game"));
        assert_eq!(folder(Path::new("tests/scenarios/000/x.ron")), None);
        assert!(names(&GameDir::BuiltIn("toy_game_of_cards"), "toy-game"));
        assert!(!names(&GameDir::BuiltIn("other_game"), "toy-game"));
    }

    #[test]
    fn the_field_is_read_whatever_else_the_file_holds() {
        let dir = std::env::temp_dir().join(format!("ludus-scenario-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.ron");
        std::fs::write(
            &f,
            r#"(title: "t", game: "toy-game", moves: ["a 1"], position: (rows: [("a_1", [])]))"#,
        )
        .unwrap();
        assert_eq!(game_of(&f).as_deref(), Some("toy-game"));
        std::fs::write(&f, r#"(title: "t", script: [Step("[1]", "a")])"#).unwrap();
        assert_eq!(game_of(&f), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
