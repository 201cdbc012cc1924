//! What `ludus play` shows fits a player's screen: the board and the
//! choices of a turn within 80 columns and 24 lines in every language, the
//! first turn with its board (setup is not "Turn 1"), a placing question
//! that offers what it says, "which one?" answered by the number shown,
//! and a sentence saying what an action card does when it is played.

use std::path::{Path, PathBuf};

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
