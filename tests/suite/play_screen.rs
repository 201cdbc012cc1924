//! What `ludus play` shows fits a player's screen: the board and the
//! choices of a turn within 80 columns and 24 lines in every language, the
//! first turn with its board (setup is not "Turn 1"), a placing question
//! that offers what it says, "which one?" answered by the number shown,
//! and a sentence saying what an action card does when it is played.

use std::path::{Path, PathBuf};

use crate::common::{answers, flat};
use ludus::args::RulesArgs;
use ludus::engine::seed::{derive, mix};
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::games::caesar_cleopatra::screen::input::{self, Command, InputError};
use ludus::games::caesar_cleopatra::screen::render;
use ludus::games::caesar_cleopatra::{Move, Phase};
use ludus::play::i18n::Lang;
use ludus::play::render::Style;
use ludus::play::{self, Options, PlayArgs, Player, RulesChoice};

type Game = play::Game<CaesarCleopatra>;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/caesar_cleopatra")
}

fn choice(variant: &str, lang: Option<&str>) -> RulesChoice {
    let mut c = RulesChoice::from_args::<ludus::games::caesar_cleopatra::CaesarCleopatra>(
        &RulesArgs::for_dir(&rules_dir()),
    );
    c.variant = Some(variant.into());
    c.lang = lang.map(String::from);
    c
}

/// A session of `lines` against the random AI; the screen's text.
fn session(variant: &str, lang: Option<&str>, seed: u64, lines: &[String]) -> (Game, String) {
    let mut a = PlayArgs::new(&rules_dir());
    a.seed = Some(seed);
    a.ai = vec!["random".into()];
    a.rules.variant = Some(variant.into());
    a.rules.lang = lang.map(String::from);
    let mut input = lines.join("\n");
    input.push('\n');
    let mut out = Vec::new();
    let opts = Options {
        echo: true,
        ..Options::default()
    };
    let o =
        play::run_session_with::<CaesarCleopatra>(a, input.as_bytes(), &mut out, &opts).unwrap();
    (o.game, String::from_utf8(out).unwrap())
}

/// The board, the question and the choices as `p` sees them at `s`: with
/// the prompt's line, at most 24 lines of at most 80 columns.
fn assert_fits(s: &ludus::games::caesar_cleopatra::State, p: usize, legal: &[Move], st: Style) {
    let screen = format!(
        "{}{}{}",
        render::board(s, Some(p), st),
        ludus::play::render::wrap(&render::question(s, st.lang), "  "),
        render::choices(s, legal, st)
    );
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines.len() < 24, "{} lines:\n{screen}", lines.len());
    for l in &lines {
        assert!(l.chars().count() <= 80, "too wide: {l:?}\n{screen}");
    }
    // Every choice is on the screen by its number.
    let list = render::choices(s, legal, st);
    let numbers: Vec<&str> = list.split(|c: char| !c.is_ascii_digit()).collect();
    for n in 1..=legal.len() {
        let n = n.to_string();
        assert!(
            numbers.contains(&n.as_str()),
            "choice {n} missing:\n{screen}"
        );
    }
}

/// The longest list of targets an action card has in the base rules: the
/// opponent has five face-up cards, all different, at each of the five
/// groups (the limit per side), and Cleopatra plays an Assassination,
/// which chooses any one of them: 25 choices.
fn longest_target_list(lang: Option<&str>) -> (Game, usize) {
    let players = vec![Player::Human, Player::Ai("random".into())];
    let mut g = Game::new(choice("fr-confiance", lang), 1, players).unwrap();
    let five = r#"(cards: {"caesar": ["1", "2", "3", "4", "5"], "cleopatra": ["[3]"]})"#;
    let pos = format!(
        r#"(to_move: "cleopatra", groups: {{"senators": {five}, "praetors": {five}, "quaestors": {five}, "censors": {five}, "aediles": {five}}}, hands: {{"cleopatra": ["assassination", "1", "2", "4", "5"], "caesar": ["1", "2", "3", "4", "5"]}})"#
    );
    let pos: ludus::games::caesar_cleopatra::Position = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&pos)
        .unwrap();
    g.state = pos.into_state(g.rules_arc().clone(), 1).unwrap();
    let play = g
        .legal()
        .into_iter()
        .find(|m| matches!(m, Move::PlayAction(k) if g.rules().kind(*k).id == "assassination"))
        .unwrap();
    g.play(play).unwrap();
    // Caesar has no Veto: he lets it pass.
    if g.legal().contains(&Move::Decline) {
        g.play(Move::Decline).unwrap();
    }
    assert_eq!(g.state.phase(), Phase::Effect);
    let n = g.legal().len();
    (g, n)
}

#[test]
fn the_board_and_the_choices_of_a_turn_fit_80_columns_and_24_lines() {
    let mut checked = 0;
    let mut targets = [0; 3];
    for (variant, lang) in [
        ("fr-confiance", None),
        ("fr-confiance", Some("fr")),
        ("nl-vertrouwensvraag", Some("nl")),
    ] {
        let st = Style {
            color: false,
            lang: Lang::from_code(lang),
        };
        // The longest list of an action card's targets.
        let (g, n) = longest_target_list(lang);
        assert_eq!(n, 25);
        assert_fits(&g.state, 0, &g.legal(), st);
        // In French and Dutch, no English word (the typed example is the
        // language's own short form).
        let list = render::choices(&g.state, &g.legal(), st);
        let english = [
            "a", "card", "by", "group", "the", "number", "before", "it", "or", "type",
        ];
        if lang.is_some() {
            let words: Vec<String> = list
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .collect();
            let found: Vec<&&str> = english
                .iter()
                .filter(|w| words.iter().any(|x| x == *w))
                .collect();
            assert!(found.is_empty(), "{found:?} in\n{list}");
            assert!(list.contains("25) 5"), "{list}");
        }
        for seed in 0..6 {
            let players = vec![Player::Ai("random".into()), Player::Ai("random".into())];
            let mut g = Game::new(choice(variant, lang), seed, players).unwrap();
            while let Some(p) = g.actor() {
                let legal = g.legal();
                let turn_step = matches!(
                    g.state.phase(),
                    Phase::TurnStart
                        | Phase::Placing
                        | Phase::Refill
                        | Phase::BeforeVote
                        | Phase::Effect
                );
                if turn_step {
                    assert_fits(&g.state, p, &legal, st);
                    checked += 1;
                }
                // An action card's targets (a group, a card on the table or
                // in a hand).
                if legal.iter().any(|m| matches!(m, Move::Choose(_))) {
                    targets[st.lang as usize] += 1;
                }
                let m = g.ai_move().unwrap();
                g.play(m).unwrap();
            }
        }
    }
    assert!(checked > 300, "{checked} screens");
    assert!(targets.iter().all(|&n| n > 20), "target lists: {targets:?}");
}

#[test]
fn the_first_turn_shows_the_board_and_setup_is_not_turn_1() {
    let mut lines = vec!["rest".to_string()];
    lines.extend(["1"; 5].map(String::from));
    lines.push("quit".into());
    let (_, out) = session("fr-confiance", None, 3, &lines);
    let setup = out.find("== Setting up - Cleopatra to play").expect(&out);
    let first = out
        .find("== Turn 1 - Cleopatra to play (start of the turn) ==")
        .expect(&out);
    assert!(setup < first);
    assert!(!out[..first].contains("== Turn 1"), "{out}");
}

#[test]
fn the_placing_question_offers_what_it_says() {
    let mut seen = [false; 2];
    for seed in 0..30 {
        let variant = ["fr-confiance", "fr-suffrage", "nl-vertrouwensvraag"][seed as usize % 3];
        let players = vec![Player::Ai("random".into()), Player::Ai("random".into())];
        let mut g = Game::new(choice(variant, None), seed, players).unwrap();
        while let Some(p) = g.actor() {
            let legal = g.legal();
            if g.state.phase() == Phase::Placing {
                let q = render::question(&g.state, Lang::En);
                let stop = legal.contains(&Move::EndPlacement);
                assert_eq!(q.contains("or stop"), stop, "{q} with {legal:?}");
                let end = input::parse(g.rules(), p, &legal, "end");
                if stop {
                    let i = legal.iter().position(|&m| m == Move::EndPlacement).unwrap();
                    assert_eq!(end, Ok(Command::Move(i)));
                } else {
                    assert!(q.contains("this placement is two cards"), "{q}");
                    assert!(end.is_err());
                }
                seen[stop as usize] = true;
            }
            let m = g.ai_move().unwrap();
            g.play(m).unwrap();
        }
    }
    // (The base rules place one card face down or two face up: a second
    // face-up card is owed; a rule set with `end` there shows "or stop".)
    assert!(seen[0], "no placing step where a second card is owed");
}

#[test]
fn which_one_is_answered_by_the_number_shown() {
    // Setup, then at the first turn a placement without its face.
    let mut lines = vec!["rest".to_string()];
    lines.extend(["1"; 5].map(String::from));
    let players = vec![Player::Human, Player::Ai("random".into())];
    let mut g = Game::new(choice("fr-confiance", None), 3, players).unwrap();
    while g.state.phase() == Phase::ArrangeActions {
        let m = g.legal()[0];
        g.play(m).unwrap();
    }
    for _ in 0..5 {
        let m = g.legal()[0];
        g.play(m).unwrap();
    }
    while g.actor() == Some(1) {
        let m = g.ai_move().unwrap();
        g.play(m).unwrap();
    }
    let legal = g.legal();
    let typed = "p 3 sen";
    let Err(InputError::Ambiguous(which)) = input::parse(g.rules(), 0, &legal, typed) else {
        panic!("{typed:?} should fit several moves");
    };
    assert!(which.len() >= 2 && which[1] + 1 > which.len());
    lines.push(typed.into());
    lines.push("2".into());
    lines.push("quit".into());
    let (game, out) = session("fr-confiance", None, 3, &lines);
    assert!(
        out.contains("\"p 3 sen\" fits several moves; which one?\n  1) "),
        "{out}"
    );
    assert_eq!(game.moves.last(), Some(&legal[which[1]]), "{out}");
}

#[test]
fn a_played_action_card_is_told_in_plain_words() {
    // The person plays the first action card he can, at any turn.
    for (lang, about) in [(None, "(It "), (Some("fr"), "(Elle "), (Some("nl"), "(Ze ")] {
        let l = Lang::from_code(lang);
        let mut seen = false;
        for seed in 0..30 {
            let players = vec![Player::Human, Player::Ai("random".into())];
            let mut g = Game::new(choice("fr-confiance", lang), seed, players).unwrap();
            let mut lines = Vec::new();
            let mut k = 0;
            let mut played = false;
            while let Some(p) = g.actor() {
                if p == 1 {
                    let m = g.ai_move().unwrap();
                    g.play(m).unwrap();
                    continue;
                }
                if ludus::games::caesar_cleopatra::screen::forced_decline(&g.state) {
                    g.play(Move::Decline).unwrap();
                    continue;
                }
                k += 1;
                let legal = g.legal();
                let i = match legal.iter().position(|m| matches!(m, Move::PlayAction(_))) {
                    Some(i) if !played => {
                        played = true;
                        i
                    }
                    _ => (mix(derive(seed, k, 1)) % legal.len() as u64) as usize,
                };
                lines.push(input::short_form_in(l, g.rules(), p, legal[i]));
                g.play(legal[i]).unwrap();
            }
            if !played {
                continue;
            }
            let (_, out) = session("fr-confiance", lang, seed, &lines);
            // Each action card has its sentence in the rules directory.
            let texts = ludus::play::i18n::card_texts(&ludus::load::GameDir::from(rules_dir()), l);
            let kinds: Vec<String> = g
                .rules()
                .action_kinds
                .iter()
                .map(|&k| texts[&g.rules().kind(k).id].clone())
                .collect();
            assert!(kinds.iter().any(|a| a.starts_with(about)), "{kinds:?}");
            let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(kinds.iter().any(|a| flat.contains(a.as_str())), "{out}");
            seen = true;
            break;
        }
        assert!(seen, "no game with an action card played");
    }
}

// ----- Every screen of every game, in every language (issue 44) -----------

/// `ludus play ARGS` with `input` typed (no colour, no autosave): what it
/// wrote.
fn ludus_play(args: &[&str], input: &str) -> String {
    crate::common::play_typed(args, input)
}

/// Every line within 80 columns of display width.
fn assert_within_80(out: &str, what: &str) {
    for l in out.lines() {
        let w = ludus::play::render::width(l);
        assert!(w <= 80, "{what}: {w} columns: {l:?}");
    }
}

/// The games of the shipped rules folder (the one `rules/games.ron`
/// heads): each subfolder with a `game.ron`, as (folder, module).
fn shipped_games() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    assert!(root.join("games.ron").is_file());
    let mut games: Vec<(String, String)> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let text = std::fs::read_to_string(dir.join("game.ron")).ok()?;
            let module = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("game: \""))?
                .split('"')
                .next()?
                .to_string();
            Some((dir.file_name()?.to_str()?.to_string(), module))
        })
        .collect();
    games.sort();
    games
}

/// A game module's `help` text in `lang`.
struct HelpText(Lang);
impl ludus::games::Visit for HelpText {
    type Out = String;
    fn visit<G: ludus::games::Registered>(self) -> String {
        G::words().t(self.0, "help")
    }
}

/// A command word in `lang`.
fn word(lang: &str, en: &str) -> String {
    let (fr, nl) = match en {
        "help" => ("aide", "hulp"),
        "rules" => ("regles", "regels"),
        "explain" => ("explique", "uitleg"),
        "undo" => ("annuler", "terug"),
        "hint" => ("conseil", "tip"),
        _ => (en, en),
    };
    match lang {
        "fr" => fr.into(),
        "nl" => nl.into(),
        _ => en.into(),
    }
}

/// A line of `rules` that is a raw `key = value` (or `key: value`)
/// setting rather than a sentence.
fn raw_setting(line: &str) -> bool {
    let l = line.trim_start().trim_start_matches("- ");
    let Some(key) = l.split([' ', ':', '=']).next() else {
        return false;
    };
    key.contains('.')
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_')
        && (l[key.len()..].starts_with(" = ") || l[key.len()..].starts_with(": "))
}

/// Each game of the shipped rules folder at 80x24 in English, French
/// and Dutch: every line of every screen (help, its pages, rules, its
/// pages, hint, undo, explain, an illegal move, every question of a
/// game's first turns) within 80 columns of display width; help and
/// each page of rules in at most 23 lines (the prompt is the 24th); the
/// help's words all there in order and a card's plain words whole (a
/// wrap never cuts a word); rules as sentences, never `key = value`;
/// hints that name no agent.
#[test]
fn every_screen_of_every_game_fits_80_by_24_in_every_language() {
    let games = shipped_games();
    assert!(games.len() >= 2, "{games:?}");
    for (folder, module) in &games {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rules")
            .join(folder);
        for lang in ["en", "fr", "nl"] {
            let l = Lang::from_code(Some(lang));
            let what = format!("{folder} in {lang}");
            let texts = ludus::play::i18n::card_texts(&ludus::load::GameDir::from(dir.clone()), l);
            // A card to explain: the first with plain words.
            let mut ids: Vec<&String> = texts.keys().filter(|k| !k.ends_with("-passage")).collect();
            ids.sort();
            let card = ids.first().map_or("zzz".to_string(), |s| s.to_string());
            let help = ludus::games::visit(module, HelpText(l)).expect(module);
            let mut lines = vec!["rest".to_string()];
            for page in ["", " 2", " 3"] {
                lines.push(format!("{}{page}", word(lang, "help")));
            }
            for page in 1..=8 {
                lines.push(format!("{} {page}", word(lang, "rules")));
            }
            lines.push(format!("{} {card}", word(lang, "explain")));
            lines.push(word(lang, "undo"));
            lines.push("zzz 9".into());
            lines.push("score".into());
            for _ in 0..40 {
                lines.push(word(lang, "hint"));
                lines.push("1".into());
                lines.push(word(lang, "undo"));
            }
            let input = lines.join("\n") + "\n";
            let args = [
                "--game", folder, "--ai", "greedy", "--seed", "4", "--lang", lang,
            ];
            let out = ludus_play(&args, &input);
            assert_within_80(&out, &what);
            // help, a page at a time, its words whole and in order.
            let help_word = word(lang, "help");
            let shown = answers(&out, &help_word);
            assert_eq!(shown.len(), 1, "{what}: {out}");
            let second = answers(&out, &format!("{help_word} 2"));
            let pages: Vec<&str> = shown.iter().chain(second.iter()).copied().collect();
            for p in &pages {
                let n = p.lines().count();
                assert!(n <= 23, "{what}: help page of {n} lines:\n{p}");
            }
            let all: String = if shown[0].lines().count() >= 22 {
                pages.concat()
            } else {
                shown[0].to_string()
            };
            let help_flat = flat(&help);
            let first_half: String = help_flat
                .chars()
                .take(help_flat.chars().count() / 2)
                .collect();
            assert!(
                flat(&all).contains(first_half.trim_end()),
                "{what}: help cut:\n{all}"
            );
            // rules: pages of sentences.
            let rules_word = word(lang, "rules");
            for page in 1..=8 {
                for a in answers(&out, &format!("{rules_word} {page}")) {
                    assert!(a.lines().count() <= 23, "{what}: rules page {page}:\n{a}");
                    assert!(!a.contains("toggles."), "{what}: a raw key in rules:\n{a}");
                    for line in a.lines() {
                        assert!(!raw_setting(line), "{what}: a raw setting: {line:?}\n{a}");
                    }
                }
            }
            // A card explained: its plain words, whole, from the rules
            // directory.
            if let Some(about) = texts.get(&card) {
                let told = answers(&out, &format!("{} {card}", word(lang, "explain")));
                assert!(
                    flat(told[0]).contains(&flat(about)),
                    "{what}: {card}:\n{}",
                    told[0]
                );
            }
            // hint: no agent's name.
            let hints = answers(&out, &word(lang, "hint"));
            assert!(hints.len() > 5, "{what}: {out}");
            for h in hints {
                assert!(
                    !h.contains("ismcts") && !h.contains("greedy"),
                    "{what}: {h}"
                );
            }
        }
    }
}

/// At 80x24 the person decides with the AI's last turn in view: under
/// the board, what the other seat did since his last move, and the whole
/// screen (board, recap, question, choices, prompt) in 24 rows.
#[test]
fn caesar_and_cleopatra_keeps_the_ai_turn_on_the_decision_screen() {
    let mut input = vec!["rest".to_string()];
    input.extend(std::iter::repeat_n("1".to_string(), 60));
    let out = ludus_play(
        &["--ai", "greedy", "--seed", "7"],
        &(input.join("\n") + "\n"),
    );
    let mut recaps = 0;
    for screen in out.split("\n== Turn").skip(1) {
        let screen = &screen[..screen.find("\n> ").map_or(screen.len(), |e| e + 3)];
        let rows = screen.lines().count() + 1;
        assert!(rows <= 24, "{rows} rows:\n== Turn{screen}");
        if let Some(i) = screen.find("Since your last move:") {
            recaps += 1;
            // Below the board, above the question.
            assert!(i > screen.find("Points:").unwrap(), "{screen}");
        }
    }
    assert!(recaps >= 3, "{recaps} recaps:\n{out}");
}

/// de Cape at the terminal tells a person what the cards do: `explain`
/// (French `explique`) with the value, the ability in words and 003's
/// passage; `hint` gives a reason in the evaluation's terms, with no
/// agent's name; `rules` the rules in force with their passages, in
/// French, a page at a time.
#[test]
fn de_cape_tells_what_the_cards_do() {
    let args = [
        "--game",
        "de-cape",
        "--players",
        "4",
        "--ai",
        "greedy",
        "--lang",
        "fr",
        "--seed",
        "5",
    ];
    let out = ludus_play(
        &args,
        "explique troubadour bleu\nexplique sosie bleu\nconseil\nregles\nregles 2\nquitter\n",
    );
    let t = flat(answers(&out, "explique troubadour bleu")[0]);
    assert!(t.starts_with("Troubadour Bleu : valeur 8."), "{t}");
    assert!(
        t.contains("La règle : 003: « Alchimiste, Maître d'armes"),
        "{t}"
    );
    let t = flat(answers(&out, "explique sosie bleu")[0]);
    assert!(
        t.contains("prend la valeur de la carte juste en dessous"),
        "{t}"
    );
    let h = flat(answers(&out, "conseil")[0]);
    assert!(h.starts_with("L'IA facile choisirait"), "{h}");
    assert!(h.contains("les colonnes que vous menez"), "{h}");
    let r = answers(&out, "regles")[0];
    assert!(r.starts_with("Les règles en vigueur pour 4 joueurs"), "{r}");
    assert!(r.contains("Page 1 sur "), "{r}");
    let all = flat(&(r.to_string() + answers(&out, "regles 2")[0]));
    assert!(
        all.contains("Le propriétaire du Traître choisit s'il échange deux objectifs.")
            && all.contains("Une carte cachée sous la Cape compte dans sa colonne."),
        "{all}"
    );
    for english in [": Owner", "chooser", ": true", "BothActive", "Farther"] {
        assert!(!all.contains(english), "{english}: {all}");
    }
}

/// The words of issue 44: French "IA normale", the Dutch save command
/// where Dutch says how to save, Dutch "reservestapels" (002), the undo
/// message and the rest of an ordering told once, an illegal typed move
/// that says why.
#[test]
fn the_words_are_the_players() {
    let out = ludus_play(&["--lang", "fr", "--seed", "2"], "quitter\n");
    assert!(out.contains("César (IA normale)"), "{out}");
    let out = ludus_play(&["--lang", "nl", "--seed", "2"], "rest\nstoppen\n");
    let words = flat(&out);
    assert!(
        words.contains("bewaar BESTAND") && !words.contains("save BESTAND"),
        "{out}"
    );
    assert!(out.contains("Reservestapels: "), "{out}");
    let rest = answers(&out, "rest")[0];
    assert!(
        rest.contains("De rest in de volgorde van de lijst: 13 keuzes gemaakt."),
        "{rest}"
    );
    assert_eq!(rest.matches("als volgende").count(), 0, "{rest}");
    let out = ludus_play(
        &["--seed", "2", "--ai", "greedy"],
        "rest\np 9 sen d\nquit\n",
    );
    let why = flat(answers(&out, "p 9 sen d")[0]);
    assert!(why.contains("none of them has \"9\""), "{why}");
}

/// The command line names no one game: `--help` is the engine's, and
/// `variants list` lists every game's variants under the game, the
/// default said once.
#[test]
fn the_command_line_names_every_game() {
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .env_remove("LUDUS_RULES")
            .output()
            .unwrap();
        assert!(o.status.success());
        String::from_utf8(o.stdout).unwrap()
    };
    let help = run(&["--help"]);
    assert!(help.starts_with("A rules engine for card games"), "{help}");
    assert!(!help.contains("Caesar"), "{help}");
    let list = run(&["variants", "list"]);
    let cc = list
        .find("== caesar-cleopatra (--game caesar-cleopatra) ==")
        .expect(&list);
    let dc = list
        .find("== de-cape-et-d-epee (--game de-cape-et-d-epee) ==")
        .expect(&list);
    assert!(
        list[cc..dc].contains("fr-suffrage") && list[dc..].contains("hermit-12"),
        "{list}"
    );
    assert!(!list.contains("default (default)"), "{list}");
}

/// Caesar & Cleopatra tells what an action card's effect did with the
/// card that did it: a card an Assassination sends to the discard pile,
/// a card a Spy makes discard, a card a Scout turns up (issue 44: "Cleopatra
/// discards High Priestess (5)" said nothing of the Spy), in English and
/// French; a vote's discards stay as they were.
#[test]
fn an_effect_is_told_with_the_card_that_did_it() {
    let mut en = String::new();
    let mut fr = String::new();
    for seed in ["1", "2", "3"] {
        en += &ludus_play(&["--watch", "--ai", "greedy", "--seed", seed], "");
        fr += &ludus_play(
            &["--watch", "--ai", "greedy", "--seed", seed, "--lang", "fr"],
            "",
        );
    }
    let en = flat(&en);
    for said in [
        "Caesar's Assassination sends Cleopatra's ",
        "Cleopatra's Spy makes Caesar discard ",
        "'s Scout turns up ",
    ] {
        assert!(en.contains(said), "{said}");
    }
    // Between an Assassination played and its end, no card leaves the
    // table without the card that sent it.
    for (i, _) in en.match_indices("plays Assassination.") {
        let rest = &en[i..];
        let end = rest
            .find("Assassination is resolved.")
            .unwrap_or(rest.len());
        assert!(
            !rest[..end].contains("leaves the table for the discard pile"),
            "{}",
            &rest[..end]
        );
    }
    assert!(
        en.contains("leaves the table for the discard pile"),
        "votes"
    );
    let fr = flat(&fr);
    // (French names: the Assassination is "Coup", the Spy "Espion(ne)".)
    assert!(
        fr.contains("Par sa carte Coup, César envoie Grande prêtresse (5) de Cléopâtre des "),
        "no Coup"
    );
    assert!(
        fr.contains("Par sa carte Espion, César fait défausser "),
        "no Espion"
    );
}

/// Caesar & Cleopatra's `rules` (French `regles`, Dutch `regels`): the
/// rules in force in the player's language, a sentence each, the step's
/// own first with the rulebook's passage, a variant's rules with its
/// citation, the table and the cards with their values, counts and what
/// each action card does; a page at a time, never a `key = value` line.
#[test]
fn caesar_and_cleopatra_rules_are_sentences_in_the_players_language() {
    let cases = [
        (
            "en",
            "rules",
            vec!["--seed", "4"],
            vec![
                "Rules in force: base rules. Now: ordering the action reserve.",
                "This step: - Each player orders the action reserve as he likes. 000: \"Les joueurs rassemblent",
                "An action card may be played at any moment of one's turn.",
                "A group with 8 influence cards calls an extraordinary vote.",
                "Influence cards: Slave 1 (×7), Servant 2 (×7), Scribe 3 (×7), Dancer 4 (×7), High Priestess 5 (×7).",
                "Philosopher (×2): no value; it turns a vote around.",
                "Assassination (×4): It takes one of the opponent's face-up influence cards off the table.",
            ],
        ),
        (
            "fr",
            "regles",
            vec!["--seed", "4", "--variant", "fr-suffrage"],
            vec![
                "Règles en vigueur : variante fr-suffrage.",
                "Une carte action se joue seulement avant de compléter sa main. [variante fr-suffrage] 001, A.2:",
                "Un Philosophe seul à un vote le fait gagner au joueur qui l'a posé.",
                "Les patriciens : Sénateurs 5 (majorité 3),",
                "Grande prêtresse 5 (×7)",
                "Assassinat (×4) : Elle retire de la table une carte d'influence visible de l'adversaire.",
            ],
        ),
        (
            "nl",
            "regels",
            vec!["--seed", "4"],
            vec![
                "Regels die gelden: basisregels.",
                "Elke speler ordent zijn aktiereserve naar wens. 002: \"De aktiekaarten",
                "Hoogstens 5 invloedkaarten aan één zijde van een groep.",
                "Een volbrachte geheime opdracht levert 2 punten op.",
            ],
        ),
    ];
    for (lang, cmd, args, said) in cases {
        let typed: String = (1..=6).map(|p| format!("{cmd} {p}\n")).collect();
        let mut args = args.clone();
        args.extend(["--lang", lang]);
        let out = ludus_play(&args, &format!("{typed}quit\n"));
        let pages: Vec<&str> = (1..=6)
            .flat_map(|p| answers(&out, &format!("{cmd} {p}")))
            .collect();
        let n = pages.len();
        assert!(
            pages[0].contains("Page 1 ") || pages[0].contains("Pagina 1 "),
            "{lang}: {}",
            pages[0]
        );
        let mut all = String::new();
        for p in &pages {
            assert!(p.lines().count() <= 23, "{lang}: {p}");
            for line in p.lines() {
                assert!(!raw_setting(line), "{lang}: {line:?}");
                assert!(ludus::play::render::width(line) <= 80, "{lang}: {line:?}");
                // The page line is the terminal's, not the rules'.
                if !line.contains(&format!("{cmd} ")) {
                    all.push_str(line);
                    all.push('\n');
                }
            }
        }
        let all = flat(&all);
        for s in said {
            assert!(all.contains(s), "{lang} ({n} pages): {s:?} not in\n{all}");
        }
    }
}
