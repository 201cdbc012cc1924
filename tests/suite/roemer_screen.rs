//! Römer at the terminal within 80x24 in English, French and Dutch
//! (issues 39 and 44, for the screen of a described game): every screen
//! (the deciding one with its board, recap, question and grid; help,
//! rules and their pages, hint, undo, explain, an illegal move) within 80
//! columns, the deciding screen within 24 rows, no word cut, the words of
//! the player's language; every typed move names one move, an illegal one
//! says why; snapshots of a readable deciding screen.

use std::path::{Path, PathBuf};

use crate::common::{answers, flat};
use ludus::described::{Described, Move, State, view};
use ludus::load::GameDir;
use ludus::play::i18n::{Lang, card_texts};
use ludus::play::input::{InputError, fold};
use ludus::play::{Playable, render};

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/roemer")
}

/// `ludus play --game roemer --players 3 ARGS` with `input` typed (no
/// colour, no autosave): what it wrote.
fn ludus_play(args: &[&str], input: &str) -> String {
    let game = ["--game", "roemer", "--players", "3"];
    crate::common::play_typed(&[&game[..], args].concat(), input)
}

/// The deciding screens for `to_move`.
fn screens<'a>(out: &'a str, to_move: &str) -> Vec<&'a str> {
    crate::common::deciding_screens(out, "Römer", to_move)
}

/// A language's words the test types and looks for.
struct Words {
    code: &'static str,
    to_move: &'static str,
    help: &'static str,
    rules: &'static str,
    hint: &'static str,
    undo: &'static str,
    explain: &'static str,
    recap: &'static str,
    you: &'static str,
    would: &'static str,
    over: &'static str,
}

const LANGS: [Words; 3] = [
    Words {
        code: "en",
        to_move: "to move",
        help: "help",
        rules: "rules",
        hint: "hint",
        undo: "undo",
        explain: "explain red 5",
        recap: "Since your last move:",
        you: "(you)",
        would: "would choose",
        over: "Römer: the game is over",
    },
    Words {
        code: "fr",
        to_move: "joue",
        help: "aide",
        rules: "regles",
        hint: "conseil",
        undo: "annuler",
        explain: "explique 5 rouge",
        recap: "Depuis votre dernier coup :",
        you: "(vous)",
        would: "choisirait",
        over: "Römer : la partie est finie",
    },
    Words {
        code: "nl",
        to_move: "aan zet",
        help: "hulp",
        rules: "regels",
        hint: "tip",
        undo: "terug",
        explain: "uitleg rood 5",
        recap: "Sinds je laatste zet:",
        you: "(jij)",
        would: "zou",
        over: "Römer: het spel is voorbij",
    },
];

/// The rules of a 3-player game in a language.
fn rules_in(lang: &str) -> std::sync::Arc<ludus::described::Rules> {
    crate::common::described_rules("roemer", 3, lang)
}

/// A 3-player game against two greedy AIs, looked at by a curious person
/// in each language: help, rules and each of their pages, a card
/// explained, a hint, undo, a move that is none, then far into the game
/// (the first number each time, a hint now and then). Every line within
/// 80 columns; every deciding screen (board, recap, question, grid,
/// prompt) within 24 rows, with the person's line, the grid's heads and
/// the recap of the others' moves; help and each page of rules within
/// 23 rows, whole, in the player's words with the passages; the card's
/// plain words whole; the hint with its reason; no English in French or
/// Dutch.
#[test]
fn every_screen_of_roemer_fits_80_by_24_in_every_language() {
    for w in LANGS {
        let l = Lang::from_code(Some(w.code));
        let r = rules_in(w.code);
        let mut lines: Vec<String> = vec![w.help.into(), format!("{} 2", w.help)];
        lines.extend((1..=6).map(|p| format!("{} {p}", w.rules)));
        lines.extend([
            w.explain.into(),
            w.hint.into(),
            w.undo.into(),
            "zzz 9".into(),
        ]);
        for i in 0..400 {
            if i % 3 == 1 {
                lines.push(w.hint.into());
            }
            lines.push("1".into());
        }
        let out = ludus_play(
            &["--ai", "greedy", "--seed", "11", "--lang", w.code],
            &(lines.join("\n") + "\n"),
        );
        let what = format!("Römer in {}", w.code);
        for line in out.lines() {
            let n = render::width(line);
            assert!(n <= 80, "{what}: {n} columns: {line:?}");
        }
        let shown = screens(&out, w.to_move);
        assert!(shown.len() > 25, "{what}: {} screens:\n{out}", shown.len());
        // Played to the end: the last board says so.
        assert!(out.contains(w.over), "{what}: not to the end:\n{out}");
        let mut recaps = 0;
        for s in &shown {
            // The blank line before the board, then the screen.
            let rows = s.lines().count() + 1;
            assert!(rows <= 24, "{what}: {rows} rows:\n{s}");
            assert!(s.contains(w.you), "{what}: {s}");
            if s.contains(w.recap) {
                recaps += 1;
            }
        }
        assert!(recaps > 15, "{what}: {recaps} recaps");
        // The grid's heads are the catalogue's, over the numbers.
        let lay = r.words.format(l, "head-lay", None);
        assert!(
            shown.iter().any(|s| s.contains(&format!("  {lay}  "))),
            "{what}"
        );
        // Help: one page, whole.
        let help = answers(&out, w.help);
        assert_eq!(help.len(), 1, "{what}");
        assert!(help[0].lines().count() <= 23, "{what}:\n{}", help[0]);
        let help_text = Described::words().t(l, "help");
        assert!(
            flat(help[0]).contains(&flat(&help_text)),
            "{what}:\n{}",
            help[0]
        );
        // Rules: pages of at most 23 rows, the readings in the player's
        // words with their passages, no raw key.
        let mut all = String::new();
        for p in 1..=6 {
            for a in answers(&out, &format!("{} {p}", w.rules)) {
                assert!(a.lines().count() <= 23, "{what}: rules {p}:\n{a}");
                assert!(!a.contains("toggles."), "{what}: a raw key:\n{a}");
                // Without the line that says how to see the next page.
                let next = format!("{} {}", w.rules, p + 1);
                for line in a.lines().filter(|l| !l.contains(&next)) {
                    all += line;
                    all.push('\n');
                }
            }
        }
        for id in ["rule-trick-who_cuts-Own", "rule-penalty-trump-Any"] {
            let reading = r.words.format(l, id, None);
            assert!(flat(&all).contains(&flat(&reading)), "{what}: {id}:\n{all}");
        }
        assert!(
            flat(&all).contains("004: \"Si un pli a été coupé, seul le gagnant du pli"),
            "{what}:\n{all}"
        );
        // A card explained: its values and plain words, whole.
        let about = card_texts(&GameDir::from(rules_dir()), l);
        let ex = answers(&out, w.explain);
        assert_eq!(ex.len(), 1, "{what}");
        assert!(
            flat(ex[0]).contains(&flat(&about["c5"])),
            "{what}:\n{}",
            ex[0]
        );
        assert!(ex[0].contains("10"), "{what}: {}", ex[0]);
        // The hint: what and why, never an agent's inner name.
        let hints = answers(&out, w.hint);
        assert!(hints.len() > 10, "{what}");
        for h in &hints {
            assert!(h.contains(w.would), "{what}: {h}");
            assert!(
                !h.contains("greedy") && !h.contains("ismcts"),
                "{what}: {h}"
            );
            assert!(flat(h).matches(". ").count() >= 1, "{what}: no reason: {h}");
        }
        assert_eq!(answers(&out, w.undo).len(), 1, "{what}");
        assert!(answers(&out, "zzz 9")[0].contains("zzz"), "{what}");
        if w.code != "en" {
            for english in [
                "to move",
                " draws ",
                "your move",
                "Since your last move",
                "(below)",
                "hidden",
                " wins the trick",
                "trump card",
                "points this round",
            ] {
                assert!(!out.contains(english), "{what}: English {english:?}");
            }
        }
    }
}

/// The words a player types for move `m` as the grid shows it: its
/// column's head and its card's name.
fn typed(r: &ludus::described::Rules, s: &State, l: Lang, m: Move) -> String {
    let ch = s.core.waiting.unwrap().0 as usize;
    let name = &r.program.choices[ch].options[m.option as usize].name;
    let head = r.words.format(l, &format!("head-{name}"), None);
    format!("{head} {}", view::card_name(r, l, m.card))
}

/// Issue 44 point 1 for the screen of a described game: in every
/// language, the head of a move's column and its card name exactly one
/// move (identical cards are one move), through the first rounds of a
/// game; a card the player does not hold is said to be missing from his
/// hand; a card alone asks which of the moves with it (one per option).
#[test]
fn every_typed_move_names_one_move_and_an_illegal_one_says_why() {
    for w in LANGS {
        let l = Lang::from_code(Some(w.code));
        let r = rules_in(w.code);
        let mut s = State::new(r.clone(), 5, true);
        let hand_zone = r.zones.iter().position(|z| z.id == "hand").unwrap() as u8;
        let mut legal = Vec::new();
        let mut said_why = 0;
        for step in 0..150 {
            s.legal(&mut legal);
            let Some(me) = s.actor() else { break };
            for &m in &legal {
                let line = typed(&r, &s, l, m);
                let f = fold(&line);
                let words: Vec<&str> = f.split_whitespace().collect();
                match Described::parse_move(l, &s, &legal, &words, &line) {
                    Ok(i) => {
                        assert_eq!(legal[i].option, m.option, "{line}");
                        assert_eq!(
                            view::class_of(&r, legal[i].card),
                            view::class_of(&r, m.card),
                            "{line}"
                        );
                    }
                    Err(e) => panic!("{}: {line:?} names no one move: {e:?}", w.code),
                }
            }
            // A card alone: one move per option offering it.
            let m = legal[0];
            let card = view::card_name(&r, l, m.card);
            let f = fold(&card);
            let words: Vec<&str> = f.split_whitespace().collect();
            let options = legal
                .iter()
                .filter(|o| view::class_of(&r, o.card) == view::class_of(&r, m.card))
                .map(|o| o.option)
                .collect::<std::collections::BTreeSet<_>>();
            match Described::parse_move(l, &s, &legal, &words, &card) {
                Ok(_) => assert_eq!(options.len(), 1, "{card}"),
                Err(InputError::Ambiguous(which)) => assert_eq!(which.len(), options.len()),
                Err(e) => panic!("{card}: {e:?}"),
            }
            // A card of the game the player does not hold.
            let hand = s.core.pile(r.pile(hand_zone, me)).to_vec();
            let missing = (0..r.cards.len() as u8).find(|&c| {
                !hand
                    .iter()
                    .any(|&h| view::class_of(&r, h) == view::class_of(&r, c))
            });
            if let Some(c) = missing {
                let line = typed(
                    &r,
                    &s,
                    l,
                    Move {
                        option: m.option,
                        card: c,
                        target: m.target,
                    },
                );
                let f = fold(&line);
                let words: Vec<&str> = f.split_whitespace().collect();
                match Described::parse_move(l, &s, &legal, &words, &line) {
                    Err(InputError::NoMatch(why)) => {
                        let name = view::card_name(&r, l, c);
                        let pile = view::pile_name(&r, r.pile(hand_zone, me));
                        assert!(why.contains(&name) && why.contains(&pile), "{why}");
                        said_why += 1;
                    }
                    other => panic!("{line:?}: {other:?}"),
                }
            }
            let pick = legal[(step * 7) % legal.len()];
            s.apply_move(pick);
        }
        assert!(said_why > 50, "{}: {said_why}", w.code);
    }
}

/// The deciding screen after a few turns, in English and in French: the
/// table, each seat's line (the person's own whole), the recap of the
/// AIs' moves, the question and the grid. South types the numbers of the
/// grid (read row by row): red 5 (10) as trump, then leads red 1 (3).
#[test]
fn a_readable_deciding_screen() {
    for (lang, to_move) in [("en", "to move"), ("fr", "joue")] {
        let input = "3\n3\n";
        let out = ludus_play(&["--ai", "greedy", "--seed", "1", "--lang", lang], input);
        let shown = screens(&out, to_move);
        let last = shown.last().expect("a deciding screen");
        let mut settings = snapshot_settings!();
        settings.set_omit_expression(true);
        let name = format!("roemer_screen_{lang}");
        settings.bind(|| insta::assert_snapshot!(name, last));
    }
}
