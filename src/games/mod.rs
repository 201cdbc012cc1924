//! Game modules, and the registry that picks one for a rules directory.
//!
//! Each game lives in its own folder here and implements
//! [`crate::engine::Game`] (and the traits of the generic layers that
//! extend it). A rules directory names its module in `game.ron`
//! (`game: "caesar_cleopatra"`); [`module_of`] reads that name and
//! [`visit`] runs a generic function with the module's type, so that the
//! CLI, the simulator and the player are compiled once per game and name
//! none.
//!
//! Adding a game: a folder `src/games/<module>/`, its rules under
//! `rules/<module>/`, and one line in [`visit`] and [`MODULES`].

pub mod caesar_cleopatra;
pub mod fuzzing;

use serde::Deserialize;

use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::Game;
use crate::load::{GameDir, SourceFile, Spanned};

/// The module names a `game.ron` may give, in the order `ludus check`
/// lists them.
pub const MODULES: &[&str] = &[
    caesar_cleopatra::CaesarCleopatra::MODULE,
    crate::described::MODULE,
];

/// The game every layer can run: each generic layer's trait, together.
/// A game module implements them all on its marker type.
pub trait Registered:
    Game
    + crate::agents::Agents
    + crate::design::Designer
    + crate::play::Playable
    + crate::report::Reported
    + fuzzing::Fuzzed
{
}

impl<G> Registered for G where
    G: Game
        + crate::agents::Agents
        + crate::design::Designer
        + crate::play::Playable
        + crate::report::Reported
        + fuzzing::Fuzzed
{
}

/// A function generic over the game, run by [`visit`] with the type of
/// the module a rules directory names.
pub trait Visit {
    type Out;
    fn visit<G: Registered>(self) -> Self::Out;
}

/// Runs `v` with the game module called `module`.
pub fn visit<V: Visit>(module: &str, v: V) -> Option<V::Out> {
    match module {
        caesar_cleopatra::CaesarCleopatra::MODULE => {
            Some(v.visit::<caesar_cleopatra::CaesarCleopatra>())
        }
        crate::described::MODULE => Some(v.visit::<crate::described::Described>()),
        _ => None,
    }
}

/// The part of `game.ron` the registry reads; the module reads the rest.
/// Other fields are left to the module, which reads them strictly.
#[derive(Deserialize)]
struct GameFileHead {
    game: Spanned<String>,
}

/// The module that `dir`'s `game.ron` names, checked against [`MODULES`].
pub fn module_of(dir: &GameDir) -> Result<String, Diagnostics> {
    let file: SourceFile = dir.read("game.ron")?;
    let head: GameFileHead = file.parse_borrowed()?;
    let name = head.game.value.clone();
    if MODULES.contains(&name.as_str()) {
        return Ok(name);
    }
    let d: Diagnostic = file.error(&head.game, format!("unknown game module \"{name}\""));
    Err(d
        .with_hint(format!("known game modules: {}", MODULES.join(", ")))
        .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_rules_name_a_known_module() {
        assert_eq!(module_of(&GameDir::built_in()).unwrap(), "caesar_cleopatra");
    }

    #[test]
    fn an_unknown_module_is_named_with_the_known_ones() {
        let dir = GameDir::built_in_with(&[("game.ron", "(game: \"chess\", name: \"Chess\")")]);
        let e = module_of(&dir).unwrap_err().to_string();
        assert!(e.contains("unknown game module \"chess\""), "{e}");
        assert!(e.contains("known game modules: caesar_cleopatra"), "{e}");
        assert!(e.contains("game.ron:1:8"), "{e}");
    }
}
