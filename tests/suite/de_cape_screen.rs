//! de Cape & d'Épée at the terminal within 80x24 in English, French and
//! Dutch at 2, 4 and 6 players (issue 40, the screen of a described game
//! with indexed zones): the setup told in a few lines that name no hidden
//! card, every line within 80 columns, every deciding screen within 24
//! rows with a line per column (its objective) and the grid of moves
//! (cards by columns); every typed short form (`écuyer 1`, `cloak 1`)
//! names exactly one move, an illegal one says why; snapshots of a
//! readable deciding screen.

use ludus::described::{Described, Move, State, view};
use ludus::play::i18n::Lang;
use ludus::play::input::{InputError, fold};
use ludus::play::{Playable, render};

const GAME: &str = "de Cape & d'Épée";

/// `ludus play --game de-cape ARGS` with `input` typed (no colour, no
/// autosave): what it wrote.
fn ludus_play(args: &[&str], input: &str) -> String {
    crate::common::play_typed(&[&["--game", "de-cape"], args].concat(), input)
}

/// The deciding screens for `to_move`.
fn screens<'a>(out: &'a str, to_move: &str) -> Vec<&'a str> {
    crate::common::deciding_screens(out, GAME, to_move)
}

/// A language's words the test looks for.
struct Words {
    code: &'static str,
    to_move: &'static str,
    each_draws: &'static str,
    column: &'static str,
    rules: &'static str,
}

const LANGS: [Words; 3] = [
    Words {
        code: "en",
        to_move: "to move",
        each_draws: "each player draws 3 cards",
        column: "column",
        rules: "rules",
    },
    Words {
        code: "fr",
        to_move: "joue",
        each_draws: "chaque joueur pioche 3 cartes",
        column: "colonne",
        rules: "regles",
    },
    Words {
        code: "nl",
        to_move: "aan zet",
        each_draws: "elke speler trekt 3 kaarten",
        column: "kolom",
        rules: "regels",
    },
];

/// The rules of a game of `players` in a language.
fn rules_in(lang: &str, players: usize) -> std::sync::Arc<ludus::described::Rules> {
    crate::common::described_rules("de_cape_et_d_epee", players, lang)
}

/// A game against random AIs in each language at 2, 4 and 6 players:
/// the rules' pages, then the first move each time. The setup in at most
/// 8 lines, naming no objective still hidden; every line within 80
/// columns; every deciding screen within 24 rows, with a line per column
/// naming its objective (the game's objectives are its only cards named
/// before a column's cards) and the grid's head (the option → the zone,
/// then the columns' numbers); no English in French or Dutch, neither
/// words of the screen nor names of cards, colours, domains, seats and
/// zones.
#[test]
fn every_screen_of_de_cape_fits_80_by_24_in_every_language_and_seat_count() {
    for w in LANGS {
        for players in [2, 4, 6] {
            let r = rules_in(w.code, players);
            let l = Lang::from_code(Some(w.code));
            let mut lines: Vec<String> = (1..=3).map(|p| format!("{} {p}", w.rules)).collect();
            lines.extend((0..60).map(|_| "1".to_string()));
            let out = ludus_play(
                &[
                    "--ai",
                    "random",
                    "--seed",
                    "7",
                    "--lang",
                    w.code,
                    "--players",
                    &players.to_string(),
                ],
                &(lines.join("\n") + "\n"),
            );
            let what = format!("de Cape in {} at {players}", w.code);
            for line in out.lines() {
                let n = render::width(line);
                assert!(n <= 80, "{what}: {n} columns: {line:?}");
            }
            // The setup: between the intro's last line and the first board.
            // A line wrapped goes on indented by four.
            let mut setup: Vec<String> = Vec::new();
            for l in (out.lines())
                .skip_while(|l| !l.starts_with("  "))
                .take_while(|l| !l.is_empty())
            {
                match (l.strip_prefix("    "), setup.last_mut()) {
                    (Some(more), Some(last)) => *last = format!("{last} {more}"),
                    _ => setup.push(l.to_string()),
                }
            }
            assert!(setup.len() <= 8, "{what}: setup:\n{}", setup.join("\n"));
            assert!(setup.iter().any(|l| l.contains(w.each_draws)), "{what}");
            let shown = screens(&out, w.to_move);
            assert!(shown.len() > 20, "{what}: {} screens:\n{out}", shown.len());
            let corner = format!("{} → {}", r.words.format(l, "head-lay", None), w.column);
            let col = |i: usize| view::index_name(&r, l, column(&r), i as u8);
            for s in &shown {
                let rows = s.lines().count() + 1;
                assert!(rows <= 24, "{what}: {rows} rows:\n{s}");
                for i in 0..players {
                    let line = s.lines().find(|l| l.starts_with(&format!("{} · ", col(i))));
                    assert!(line.is_some(), "{what}: no line for {}:\n{s}", col(i));
                }
            }
            let grids = shown.iter().filter(|s| s.contains(&corner)).count();
            assert!(grids * 2 > shown.len(), "{what}: {grids} grids");
            // The setup names the objectives turned up, and only them.
            let named: Vec<&String> = setup
                .iter()
                .filter(|l| l.ends_with(&format!("→ {}", r.zones[head(&r) as usize].name)))
                .collect();
            assert_eq!(named.len(), 1, "{what}:\n{}", setup.join("\n"));
            for line in setup.iter().filter(|x| !named.contains(x)) {
                for c in 0..r.cards.len() as u8 {
                    let name = view::card_name(&r, l, c);
                    assert!(!line.contains(&name), "{what}: {name} named: {line}");
                }
            }
            if w.code != "en" {
                for english in ["to move", " draws ", "hidden", "each player", "Immediate"] {
                    assert!(!out.contains(english), "{what}: English {english:?}");
                }
                // The rules page quotes rulebook 003 in French, whose
                // "Assassin", "Prince" are not English.
                let ours = without_passages(&out);
                for english in english_names(&r, players) {
                    assert!(!has_words(&ours, &english), "{what}: English {english:?}");
                }
            }
        }
    }
}

/// The English names of the game's card kinds, attribute values
/// (colours, domains), seats and zones that `r`'s language names
/// otherwise: none of them may show on its screens.
fn english_names(r: &ludus::described::Rules, players: usize) -> Vec<String> {
    let names = |r: &ludus::described::Rules| -> Vec<String> {
        let kinds = r.kinds.iter().map(|k| k.1.clone());
        let values = (r.attrs.iter()).flat_map(|a| a.1.iter().map(|v| v.1.clone()));
        let seats = r.seats.iter().map(|s| s.1.clone());
        let zones = r.zones.iter().map(|z| z.name.clone());
        kinds.chain(values).chain(seats).chain(zones).collect()
    };
    let ours: Vec<String> = names(r).iter().map(|n| n.to_lowercase()).collect();
    let mut english: Vec<String> = names(&rules_in("en", players))
        .into_iter()
        .filter(|n| !ours.contains(&n.to_lowercase()))
        .collect();
    english.sort();
    english.dedup();
    assert!(english.len() > 40, "{english:?}");
    english
}

/// `out` without the rulebook's passages the rules page quotes (a line
/// `    003...`, and the lines indented further that follow it).
fn without_passages(out: &str) -> String {
    let mut quoting = false;
    let mut kept = String::new();
    for line in out.lines() {
        let indent = line.len() - line.trim_start().len();
        quoting = (indent == 4 && line.trim_start().starts_with("003")) || (quoting && indent > 4);
        if !quoting {
            kept += line;
            kept.push('\n');
        }
    }
    kept
}

/// Whether `text` holds `words` as whole words, in any case.
fn has_words(text: &str, words: &str) -> bool {
    let (text, words) = (text.to_lowercase(), words.to_lowercase());
    let apart = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(&words).any(|(i, w)| {
        apart(text[..i].chars().next_back()) && apart(text[i + w.len()..].chars().next())
    })
}

/// The zone of the columns (the first indexed zone of the table).
fn column(r: &ludus::described::Rules) -> u8 {
    r.zones.iter().position(|z| z.id == "column").unwrap() as u8
}

/// The zone of the objectives heading the columns.
fn head(r: &ludus::described::Rules) -> u8 {
    r.zones.iter().position(|z| z.id == "head").unwrap() as u8
}

/// Issue 40 point 3: in every language, a card's kind (in the player's
/// words, or the rules' English id) and a column's number name exactly
/// one move, through the first rounds of a 4-player game; a card the
/// player does not hold is said to be missing from his hand; a column
/// that is not offered is answered with those that are.
#[test]
fn every_short_typed_move_names_one_move_and_an_illegal_one_says_why() {
    for w in LANGS {
        let l = Lang::from_code(Some(w.code));
        let r = rules_in(w.code, 4);
        let mut s = State::new(r.clone(), 5, true);
        let hand_zone = r.zones.iter().position(|z| z.id == "hand").unwrap() as u8;
        let mut legal = Vec::new();
        let (mut said_missing, mut said_targets, mut typed) = (0, 0, 0);
        let parse = |s: &State, legal: &[Move], line: &str| {
            let f = fold(line);
            let words: Vec<&str> = f.split_whitespace().collect();
            Described::parse_move(l, s, legal, &words, line)
        };
        for step in 0..120 {
            s.legal(&mut legal);
            let Some(me) = s.actor() else { break };
            for &m in legal.iter().filter(|m| m.target != 255 && m.card != 255) {
                let kind = r.kinds[r.cards[m.card as usize].0 as usize].clone();
                for name in [kind.1.clone(), kind.0.replace('_', " ")] {
                    let line = format!("{name} {}", m.target + 1);
                    match parse(&s, &legal, &line) {
                        Ok(i) => {
                            let got = legal[i];
                            assert_eq!((got.option, got.target), (m.option, m.target), "{line}");
                            assert_eq!(
                                view::class_of(&r, got.card),
                                view::class_of(&r, m.card),
                                "{line}"
                            );
                            typed += 1;
                        }
                        // Two kinds whose names share a word (`Roi`,
                        // `Roi`...): the choice among them, never a wrong move.
                        Err(InputError::Ambiguous(which)) => assert!(which.len() > 1),
                        Err(e) => panic!("{}: {line:?} names no one move: {e:?}", w.code),
                    }
                }
            }
            let lay = legal.iter().find(|m| m.target != 255 && m.card != 255);
            if let Some(&m) = lay {
                // A column past the last.
                let kind = &r.kinds[r.cards[m.card as usize].0 as usize].1;
                let line = format!("{kind} 9");
                if let Err(InputError::NoMatch(why)) = parse(&s, &legal, &line) {
                    assert!(
                        why.contains(" 9") && why.contains(&(m.target + 1).to_string()),
                        "{why}"
                    );
                    said_targets += 1;
                }
                // A card of the game the player does not hold.
                let hand = s.core.pile(r.pile(hand_zone, me)).to_vec();
                let missing = (0..r.cards.len() as u8).find(|&c| {
                    r.cards[c as usize].0 != r.cards[m.card as usize].0
                        && s.core.owner[c as usize] as usize == me
                        && !hand
                            .iter()
                            .any(|&h| view::class_of(&r, h) == view::class_of(&r, c))
                });
                if let Some(c) = missing {
                    let line = format!("{} 1", view::card_name(&r, l, c));
                    if let Err(InputError::NoMatch(why)) = parse(&s, &legal, &line) {
                        let pile = view::pile_name(&r, r.pile(hand_zone, me));
                        assert!(why.contains(&pile), "{line}: {why}");
                        said_missing += 1;
                    }
                }
            }
            let pick = legal[(step * 7) % legal.len()];
            s.apply_move(pick);
        }
        assert!(typed > 200, "{}: {typed}", w.code);
        assert!(said_targets > 20, "{}: {said_targets}", w.code);
        assert!(said_missing > 20, "{}: {said_missing}", w.code);
    }
}

/// The deciding screen after a few turns of a 4-player game in each
/// language: the table with a line per column, each seat's line, the
/// recap of the AIs' moves, the question and the grid; and at 6 players
/// in French. Blue types the numbers of the grid (read row by row): the
/// Squire in column 1, the Dragon in 2, the Cloak in 4 (3 at 6 players),
/// the Magician in 1.
#[test]
fn a_readable_deciding_screen() {
    for (lang, to_move, players, input) in [
        ("en", "to move", "4", "1\n6\n3\n1\n"),
        ("fr", "joue", "4", "1\n6\n3\n1\n"),
        ("nl", "aan zet", "4", "1\n6\n3\n1\n"),
        ("fr", "joue", "6", "1\n8\n3\n1\n"),
    ] {
        let args = [
            "--ai",
            "greedy",
            "--seed",
            "3",
            "--lang",
            lang,
            "--players",
            players,
        ];
        let out = ludus_play(&args, input);
        let shown = screens(&out, to_move);
        let last = shown.last().expect("a deciding screen");
        let mut settings = snapshot_settings!();
        settings.set_omit_expression(true);
        let name = format!("de_cape_screen_{lang}_{players}");
        settings.bind(|| insta::assert_snapshot!(name, last));
    }
}

/// Issue 40: the grid's numbers run 1, 2, 3... as the eye reads them
/// (row by row, left to right, then the moves without a card), and the
/// number `n` typed (`Playable::numbered`) is the move of the cell that
/// shows it: its card's kind names the row, its column heads the column.
/// Through the first turns of a 4-player game in each language.
#[test]
fn the_grid_is_numbered_in_reading_order_and_a_number_names_its_cell() {
    for w in LANGS {
        let l = Lang::from_code(Some(w.code));
        let r = rules_in(w.code, 4);
        let st = render::Style {
            color: false,
            lang: l,
        };
        let mut s = State::new(r.clone(), 11, true);
        let mut legal = Vec::new();
        let mut cells = 0;
        for step in 0..80 {
            s.legal(&mut legal);
            if s.actor().is_none() {
                break;
            }
            let text = Described::choices(&s, &legal, st);
            let order = Described::numbered(&s, &legal);
            let shown = numbers_shown(&text);
            let want: Vec<usize> = (1..=order.len()).collect();
            let read: Vec<usize> = shown.iter().map(|c| c.0).collect();
            assert_eq!(read, want, "{}: step {step}:\n{text}", w.code);
            for &(n, ref name, column) in &shown {
                let m = legal[order[n - 1]];
                if let Some(column) = column {
                    let kind = &r.kinds[r.cards[m.card as usize].0 as usize].1;
                    assert_eq!((kind, m.target + 1), (name, column), "{n}:\n{text}");
                    cells += 1;
                }
            }
            s.apply_move(legal[(step * 5) % legal.len()]);
        }
        assert!(cells > 300, "{}: {cells}", w.code);
    }
}

/// The numbers a grid of moves shows, in reading order: for a cell, its
/// row's card and its column's number (the head's, when the head numbers
/// the columns); for a numbered line (`n) ...`), neither.
fn numbers_shown(text: &str) -> Vec<(usize, String, Option<u8>)> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    // A head of the grid: `leg → kolom  1  2  3  4`, once per block.
    let mut heads: Vec<u8> = Vec::new();
    let mut blocks = 1;
    if let Some(head) = lines.next_if(|l| !l.split_whitespace().any(|t| numbered(t).is_some())) {
        heads = (head.split_whitespace())
            .filter_map(|t| t.parse().ok())
            .collect();
        blocks = head.matches('→').count().max(1);
    }
    let per_block = heads.len() / blocks;
    // A line wrapped goes on indented by four: no number of its own.
    for line in lines.filter(|l| !l.starts_with("    ")) {
        let items: Vec<usize> = line.split_whitespace().filter_map(numbered).collect();
        if !items.is_empty() {
            out.extend(items.into_iter().map(|n| (n, String::new(), None)));
            continue;
        }
        // A row: a card's name and its numbers (`·`: not offered), block
        // after block.
        let (mut name, mut at, mut after_numbers) = (Vec::new(), 0, false);
        for t in line.split_whitespace().filter(|t| !t.starts_with('×')) {
            if let Ok(n) = t.parse::<usize>() {
                let column = (per_block > 0).then(|| heads[at % per_block]);
                out.push((n, name.join(" "), column));
            } else if t != "·" {
                if after_numbers {
                    name.clear();
                    after_numbers = false;
                }
                name.push(t);
                continue;
            }
            at += 1;
            after_numbers = true;
        }
    }
    out
}

/// The number of an item of a line (`3)`).
fn numbered(token: &str) -> Option<usize> {
    token.strip_suffix(')')?.parse().ok()
}

/// `help` ends with an example of this game at this moment (not another
/// game's `lead red 5`): a move typed short that plays, and a card to
/// explain that is explained. In en, fr and nl, at Blue's first decision.
#[test]
fn help_gives_examples_of_this_game_that_work() {
    for (lang, example, played, explain) in [
        (
            "en",
            "for example: ",
            "Blue places a card in column",
            "explain ",
        ),
        (
            "fr",
            "par exemple : ",
            "Bleu place une carte dans colonne",
            "explique ",
        ),
        (
            "nl",
            "bijvoorbeeld: ",
            "Blauw legt een kaart in kolom",
            "uitleg ",
        ),
    ] {
        let args = ["--seed", "3", "--lang", lang, "--players", "4"];
        let help = ludus_play(&args, "help\nq\n");
        let line = (help.lines())
            .find_map(|l| l.split_once(example).map(|(_, rest)| rest))
            .unwrap_or_else(|| panic!("{lang}: no example in help\n{help}"));
        for other in ["red 5", "5 rouge", "rood 5"] {
            assert!(
                !help.contains(other),
                "{lang}: another game's example\n{help}"
            );
        }
        let (mv, card) = line.split_once(" (").expect("the move, then its note");
        let card = card.split_once(explain).expect("a card to explain").1;
        let out = ludus_play(&args, &format!("{mv}\nq\n"));
        assert!(out.contains(played), "{lang}: `{mv}` did not play\n{out}");
        let out = ludus_play(&args, &format!("{explain}{card}\nq\n"));
        let told = format!("{card} : ");
        let told_en = format!("{card}: ");
        assert!(
            out.contains(&told) || out.contains(&told_en),
            "{lang}: `{explain}{card}` explained nothing\n{out}"
        );
    }
}

/// A kind typed alone (`uitleg draak`) is explained once, under the names
/// of its cards in play, when they all read the same; a word that names
/// cards that differ still asks which.
#[test]
fn a_kind_typed_alone_is_explained_once() {
    let args = ["--seed", "3", "--lang", "nl", "--players", "4"];
    let out = ludus_play(&args, "uitleg draak\nq\n");
    assert!(
        out.contains("Draak Blauw, Draak Wit, Draak Rood, Draak Groen: waarde 11."),
        "{out}"
    );
    assert!(out.contains("tegenstanders"), "its ability told\n{out}");
    let out = crate::common::play_typed(
        &["--game", "roemer", "--players", "3", "--seed", "3"],
        "explain red\nq\n",
    );
    assert!(out.contains("\"red\" names several cards"), "{out}");
}
