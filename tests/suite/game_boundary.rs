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
            "little_giant",
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

/// A game's notions: (the word, whether it must match a whole word). A
/// game played by its description (no `src/games/<game>/`) names its
/// counters, zones and phases with ordinary words (`hand`, `score`,
/// `value`): its notions are its [`VOCABULARY`] only.
fn notions(game: &str) -> Vec<(String, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("rules").join(game);
    let mut words: Vec<(String, bool)> = Vec::new();
    let ordinary = |w: &str| ORDINARY.iter().any(|(g, ws)| *g == game && ws.contains(&w));
    let described = !root.join("src/games").join(game).is_dir();
    for id in quoted(&dir, "id").into_iter().filter(|_| !described) {
        if !ordinary(&id) {
            words.push((id, true));
        }
    }
    for name in quoted(&dir, "name").into_iter().filter(|_| !described) {
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

/// Whether `line` (lower case) names `word`: a stem at the start of a
/// word or of a part of an identifier (`missions`, `won_mission`, not
/// `permission`), a whole word (or identifier) otherwise.
fn names(line: &str, word: &str, whole: bool) -> bool {
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        if !whole {
            return !before.is_some_and(char::is_alphabetic);
        }
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
    })
}

#[test]
fn no_file_outside_a_games_folder_names_a_notion_of_that_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Every game of rules/ with a module of its own, or played by its
    // description (then no file of src/ is its own) with a vocabulary.
    let games: Vec<String> = std::fs::read_dir(root.join("rules"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("game.ron").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|g| {
            root.join("src/games").join(g).is_dir() || VOCABULARY.iter().any(|(v, _)| v == g)
        })
        .collect();
    assert!(games.iter().any(|g| g == "de_cape_et_d_epee"), "{games:?}");
    assert!(!games.is_empty());
    let mut files = Vec::new();
    files_under(&root.join("src"), &mut files);
    let mut found = Vec::new();
    for game in &games {
        let words = notions(game);
        assert!(words.len() > 10, "{game}: too few notions read: {words:?}");
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
    assert!(hit("let won_missions = 2;"));
    assert!(!hit("io-permission-denied = Permission denied"));
}

/// The top-level modules of `src/` and the other top-level modules each
/// one's code (comments left out) names as `crate::<module>`.
fn module_imports(root: &Path) -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let src = root.join("src");
    let mut modules: Vec<(String, PathBuf)> = Vec::new();
    for e in std::fs::read_dir(&src).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if p.is_dir() || (p.extension().is_some_and(|x| x == "rs") && !src.join(&name).is_dir()) {
            modules.push((name, p));
        }
    }
    let names: BTreeSet<String> = modules.iter().map(|m| m.0.clone()).collect();
    let mut graph = std::collections::BTreeMap::new();
    for (name, path) in &modules {
        let mut files = Vec::new();
        if path.is_dir() {
            files_under(path, &mut files);
        } else {
            files.push(path.clone());
        }
        let mut deps = BTreeSet::new();
        for f in files
            .iter()
            .filter(|f| f.extension().is_some_and(|x| x == "rs"))
        {
            for line in std::fs::read_to_string(f).unwrap().lines() {
                let code = line.split("//").next().unwrap_or("");
                for (i, _) in code.match_indices("crate::") {
                    let rest = &code[i + "crate::".len()..];
                    let m: String = rest.chars().take_while(|&c| is_word_char(c)).collect();
                    if names.contains(&m) && &m != name && !rest[m.len()..].starts_with('!') {
                        deps.insert(m);
                    }
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

/// ARCHITECTURE.md: "No cycle between top-level modules".
#[test]
fn no_cycle_between_top_level_modules() {
    let graph = module_imports(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(graph.len() > 10, "{graph:?}");
    // Depth-first search for a back edge, reporting the cycle.
    fn visit(
        m: &str,
        graph: &std::collections::BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            let mut cycle = path[at..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for d in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("a cycle between top-level modules: {}", cycle.join(" -> "));
        }
    }
    // Data flows one way: the simulator produces, the report formats.
    assert!(!graph["sim"].contains("report"), "{:?}", graph["sim"]);
    assert!(!graph["play"].contains("cli"), "{:?}", graph["play"]);
}

/// Saves written by the build before the game boundary (commit 202ec51,
/// `ludus play --ai easy`: a finished game and one stopped at move 93)
/// still replay, move by move, and the unfinished one resumes.
#[test]
fn saves_from_before_the_boundary_replay_and_resume() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves");
    let finished = root.join("before-game-boundary-finished.ron");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["replay", finished.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Result: Caesar wins, 5 to 0."), "{text}");

    let mid = root.join("before-game-boundary-mid.ron");
    let data = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["play", "--resume", mid.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .env("LUDUS_DATA_DIR", data.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("(93 moves)"), "{text}");
}

/// The words of each game written as a description (its rules folder's
/// `game.ron` names the module `described`) that no Rust may name: the
/// game and its distinctive notions. Only comments may (a reading quoted),
/// and Caesar & Cleopatra's own folder, whose game is another.
const DESCRIBED: &[(&str, &[&str])] = &[(
    "roemer",
    &[
        "roemer", "römer", "chariot", "horse", "cesar", "césar", "trump", "team", "trick",
    ],
)];

#[test]
fn no_rust_names_a_described_game_or_its_notions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_under(&root.join("src"), &mut files);
    let own = root.join("src/games/caesar_cleopatra");
    let mut found = Vec::new();
    for (game, words) in DESCRIBED {
        let head = std::fs::read_to_string(root.join("rules").join(game).join("game.ron")).unwrap();
        assert!(
            head.contains("game: \"described\""),
            "{game} is a description"
        );
        assert!(
            !root.join("src/games").join(game).exists(),
            "{game} has no module"
        );
        for f in files.iter().filter(|f| !f.starts_with(&own)) {
            let text = std::fs::read_to_string(f).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("").to_lowercase();
                let code = if f.extension().is_some_and(|x| x == "ftl")
                    && line.trim_start().starts_with('#')
                {
                    String::new()
                } else {
                    code
                };
                for w in *words {
                    if names(&code, w, false) {
                        let rel = f.strip_prefix(root).unwrap().display();
                        found.push(format!("{rel}:{}: names \"{w}\" ({game})", n + 1));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
