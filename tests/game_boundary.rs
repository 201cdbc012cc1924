//! The game boundary (ARCHITECTURE.md, "Architectural invariants"): no
//! file of `src/` outside a game's own folder `src/games/<game>/` names a
//! notion of a particular game. The generic layers (engine, loading,
//! simulation, reports, the terminal player, agents, CLI) reach a game only
//! through the traits it implements.
//!
//! The notions are read from each game's rules folder (every `id` and
//! English `name` of its rule files: cards, groups, factions, decks) plus the
//! words of the game's own vocabulary listed in [`VOCABULARY`]. Only the
//! registry, `src/games/mod.rs`, names a game: by its module, nothing else.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Words of each game's vocabulary that its rule files do not spell as an
/// `id` or a `name`, as lower-case stems matched anywhere in a word.
const VOCABULARY: &[(&str, &[&str])] = &[
    (
        "caesar_cleopatra",
        &[
            "caesar",
            "cleopatra",
            "vote",
            "veto",
            "orgy",
            "orgies",
            "mission",
            "patrician",
            "philosoph",
            "faction",
        ],
    ),
    (
        "de_cape_et_d_epee",
        &[
            "de cape",
            "d'épée",
            "musketeer",
            "sorcer",
            "magician",
            "explorer",
            "assassin",
            "traitor",
            "beggar",
            "hermit",
            "little giant",
            "romeo",
            "juliet",
        ],
    ),
];

/// Ids of a game's rule files that are ordinary English words (colours,
/// "double"), which other files use in their ordinary sense (terminal
/// colours, "white space", `f64` as a double): not notions of that game.
/// The game's own words for them are still caught where they are
/// distinctive (see [`VOCABULARY`]).
const ORDINARY: &[(&str, &[&str])] = &[(
    "de_cape_et_d_epee",
    &[
        "double",
        "red",
        "white",
        "blue",
        "green",
        "yellow",
        "black",
        "king",
        "queen",
        "storm",
        "music",
        "combat",
        "lord",
        "commerce",
        "religion",
        "agriculture",
        "alchemy",
    ],
)];

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "rs" || x == "pest" || x == "ftl")
        {
            out.push(p);
        }
    }
}

/// Every quoted value of `key: "..."` in the rule files of `dir`.
fn quoted(dir: &Path, key: &str) -> BTreeSet<String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            // The names/ overlays translate the same notions.
            if p.is_dir() && p.file_name().is_some_and(|n| n != "names") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ron") {
                files.push(p);
            }
        }
    }
    let needle = format!("{key}: \"");
    let mut out = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices(&needle) {
            let rest = &text[i + needle.len()..];
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_lowercase());
            }
        }
    }
    out
}

/// A game's notions: (the word, whether it must match a whole word).
fn notions(game: &str) -> Vec<(String, bool)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(game);
    let mut words: Vec<(String, bool)> = Vec::new();
    let ordinary = |w: &str| ORDINARY.iter().any(|(g, ws)| *g == game && ws.contains(&w));
    for id in quoted(&dir, "id") {
        if !ordinary(&id) {
            words.push((id, true));
        }
    }
    for name in quoted(&dir, "name") {
        // A card's name, a group's, a faction's: as a phrase.
        if !ordinary(&name) {
            words.push((name, true));
        }
    }
    for (g, stems) in VOCABULARY {
        if *g == game {
            words.extend(stems.iter().map(|s| (s.to_string(), false)));
        }
    }
    words
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `line` (lower case) names `word`: anywhere for a stem, as a
/// whole word (or identifier) otherwise.
fn names(line: &str, word: &str, whole: bool) -> bool {
    line.match_indices(word).any(|(i, _)| {
        if !whole {
            return true;
        }
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
    })
}

#[test]
#[ignore = "until the generic layers are merged (issue 24)"]
fn no_file_outside_a_games_folder_names_a_notion_of_that_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games: Vec<String> = std::fs::read_dir(root.join("src/games"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!games.is_empty());
    let mut files = Vec::new();
    files_under(&root.join("src"), &mut files);
    let mut found = Vec::new();
    for game in &games {
        let words = notions(game);
        assert!(words.len() > 20, "{game}: too few notions read: {words:?}");
        let own = root.join("src/games").join(game);
        for f in files.iter().filter(|f| !f.starts_with(&own)) {
            let registry = f.ends_with("src/games/mod.rs");
            let text = std::fs::read_to_string(f).unwrap();
            for (n, line) in text.lines().enumerate() {
                let mut line = line.to_lowercase();
                if registry {
                    // The registry names each game by its module only.
                    line = line
                        .replace(game.as_str(), "")
                        .replace(&game.replace('_', ""), "");
                }
                for (w, whole) in &words {
                    if names(&line, w, *whole) {
                        let rel = f.strip_prefix(root).unwrap().display();
                        found.push(format!("{rel}:{}: names \"{w}\" ({game})", n + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} line(s) outside src/games/<game>/ name a game's notion:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_notion_of_de_cape_where_one_is_named() {
    let words = notions("de_cape_et_d_epee");
    let hit = |line: &str| {
        words
            .iter()
            .any(|(w, whole)| names(&line.to_lowercase(), w, *whole))
    };
    assert!(hit("// the Sorceress removes every card"));
    assert!(hit("if kind == \"little_giant\" {"));
    assert!(hit("let m = r.kind(\"musketeers\");"));
    assert!(!hit("let v: f64 = 0.5; // a double"));
    assert!(!hit("style::red()"));
    assert!(!hit("cards in a column under an objective"));
}

#[test]
fn the_check_finds_a_notion_where_one_is_named() {
    let words = notions("caesar_cleopatra");
    let hit = |line: &str| {
        words
            .iter()
            .any(|(w, whole)| names(&line.to_lowercase(), w, *whole))
    };
    assert!(hit("let p = state.patricians_won(0);"));
    assert!(hit("// the Spy looks at a hand"));
    assert!(hit("if kind == \"influence_3\" {"));
    assert!(hit("count the Vote cards"));
    assert!(!hit("let seat = state.current_actor();"));
    assert!(!hit("// influence cards of every seat"));
    assert!(!hit("a spyglass"));
}
