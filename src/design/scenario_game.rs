//! Which game a scenario file is of by its place, when neither `--game`
//! nor the file's own `game` field says (`design::scenario::game_dir`):
//! the folder it lies in, `scenarios_<game>/` (a prefix of the game's
//! folder, as `--game` takes it), else the default game
//! (docs/scenarios.md section 2).

use std::path::Path;

use crate::load::GameDir;
use crate::load::rules_dir::find_game;

/// The folder prefix that names a game: `scenarios_<game>`.
const FOLDER: &str = "scenarios_";

/// The game of the nearest folder named `scenarios_<game>` above `path`.
pub fn folder(path: &Path) -> Option<String> {
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
}
