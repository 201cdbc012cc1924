//! The reader only this game has (`crate::games::fuzzing::Fuzzed`; the
//! generic fuzz bodies are in `crate::games::fuzzing`): a card's ability
//! text in the effect language, and a scenario file.

use std::sync::OnceLock;

use super::DeCape;
use crate::engine::{Game, Selection};
use crate::load::GameDir;

/// The file holding the card kinds and their effect texts.
const CARDS: &str = "cards.ron";

/// The built-in cards file cut around its first effect text (`effect:`
/// and its raw string), so that another text can be put in its place.
fn cards_around_first_effect() -> Option<&'static (String, String)> {
    static PARTS: OnceLock<Option<(String, String)>> = OnceLock::new();
    PARTS
        .get_or_init(|| {
            let text = GameDir::BuiltIn(DeCape::MODULE).read(CARDS).ok()?.text;
            let start = text.find("effect: r#\"")? + "effect: ".len();
            let end = start + text[start..].find("\"#")? + 2;
            Some((text[..start].to_string(), text[end..].to_string()))
        })
        .as_ref()
}

/// `text` as a card's ability: parsed, then compiled and validated with
/// the rest of the rules in place of the first card's.
fn effect(text: &str) {
    let _ = crate::effects::parse(text);
    let (Some((before, after)), Ok(quoted)) = (cards_around_first_effect(), ron::to_string(text))
    else {
        return;
    };
    let cards = format!("{before}{quoted}{after}");
    let dir = GameDir::built_in_game_with(DeCape::MODULE, &[(CARDS, &cards)]);
    let _ = DeCape::load(&dir, &Selection::default());
}

impl crate::games::fuzzing::Fuzzed for DeCape {
    fn effect_text(text: &str) {
        effect(text)
    }
    fn scenario_text(text: &str) {
        let file = crate::load::SourceFile {
            path: "fuzz.ron".into(),
            text: text.to_string(),
        };
        let dir = GameDir::BuiltIn(DeCape::MODULE);
        if super::scenario::run_source(&file, &dir, false).is_ok() {
            let _ = super::scenario::run_source(&file, &dir, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first card's own text put back gives the built-in rules; an
    /// ability that does not parse is refused.
    #[test]
    fn the_cut_holds_an_effect_text() {
        let (before, after) = cards_around_first_effect().expect("an effect in cards.ron");
        let own = GameDir::BuiltIn(DeCape::MODULE).read(CARDS).unwrap().text;
        let inner = &own[before.len() + 3..own.len() - after.len() - 2];
        let dir = |t: &str| {
            let cards = format!("{before}{}{after}", ron::to_string(t).unwrap());
            GameDir::built_in_game_with(DeCape::MODULE, &[(CARDS, &cards)])
        };
        assert!(DeCape::load(&dir(inner), &Selection::default()).is_ok());
        assert!(DeCape::load(&dir("on revealed: frobnicate;"), &Selection::default()).is_err());
    }
}
