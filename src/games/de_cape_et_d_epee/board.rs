//! The table at the terminal in at most 24 lines of 80 columns, for 2 to
//! 6 seats, in the player's language: one line per column (cards as
//! `Kind/C`, a hidden card as its colour's mark in brackets), one line per
//! seat, the placements as a grid of the hand's cards by column. The
//! observation (`text.rs`) keeps the long form.

use std::fmt::Write as _;

use super::Rules;
use super::state::{Move, State};
use super::text::w;
use crate::play::i18n::Lang;

/// The width the screen keeps to.
const WIDTH: usize = 80;

/// A colour's mark: the shortest start of its name that no other colour
/// in play starts with (`B` for Blue; `Ble` and `Bla` for Bleu and Blanc).
fn initial(r: &Rules, seat: usize) -> String {
    let names: Vec<Vec<char>> = r.colours[..r.players]
        .iter()
        .map(|c| c.1.to_lowercase().chars().collect())
        .collect();
    let own = &names[seat];
    let clash = |n: usize| {
        (0..names.len()).any(|q| q != seat && names[q].len() >= n && names[q][..n] == own[..n])
    };
    let n = (1..=own.len()).find(|&n| !clash(n)).unwrap_or(own.len());
    r.colours[seat].1.chars().take(n.max(1)).collect()
}

/// A card as `Kind/C`, or `[C]` when `viewer` may not see it.
fn short_card(s: &State, c: u8, viewer: Option<usize>) -> String {
    let r = s.rules();
    let owner = r.owner(c);
    let mine = viewer.is_none_or(|v| v == owner);
    if s.face_up(c) {
        format!("{}/{}", r.kinds[r.kind_of(c)].name, initial(r, owner))
    } else if mine {
        format!("({})/{}", r.kinds[r.kind_of(c)].name, initial(r, owner))
    } else {
        format!("[{}]", initial(r, owner))
    }
}

/// `text` cut to `WIDTH` columns, with `…` where it was cut.
fn fit(text: String) -> String {
    if text.chars().count() <= WIDTH {
        return text;
    }
    let mut t: String = text.chars().take(WIDTH - 1).collect();
    t.push('…');
    t
}

/// The board as `viewer` sees it, in English (scenario reports).
pub fn board(s: &State, viewer: Option<usize>) -> String {
    board_in(s, viewer, Lang::En)
}

/// The board as `viewer` sees it, in `lang`.
pub fn board_in(s: &State, viewer: Option<usize>, lang: Lang) -> String {
    let r = s.rules();
    let mut t = w!(lang, "dc-round", round = s.round(), rounds = r.rounds) + "\n";
    for (i, col) in s.columns().iter().enumerate() {
        let cards: Vec<String> = col
            .cards
            .iter()
            .map(|&c| short_card(s, c, viewer))
            .collect();
        let id = if col.sealed {
            "dc-column-sealed"
        } else {
            "dc-column"
        };
        let head = w!(
            lang,
            id,
            n = i + 1,
            objective = s.objective_name(col.objective)
        );
        t += &wrapped(&format!("{head:<16}"), &cards);
    }
    for q in 0..r.players {
        t += &fit(seat_line(s, q, viewer, lang));
        t.push('\n');
    }
    t
}

/// One seat: its hand (its own) or hand size, reserve, discard, points and
/// objectives.
fn seat_line(s: &State, q: usize, viewer: Option<usize>, lang: Lang) -> String {
    let r = s.rules();
    let name = r.colours[q].1.as_str();
    let hand = if viewer.is_none_or(|v| v == q) {
        let names: Vec<&str> = s
            .hand(q)
            .iter()
            .map(|&c| r.kinds[r.kind_of(c)].name.as_str())
            .collect();
        w!(lang, "dc-hand", cards = names.join(", "))
    } else {
        w!(lang, "dc-hand-size", n = s.hand(q).len())
    };
    let name = if viewer == Some(q) {
        crate::tr!(lang, "you-mark", name = name)
    } else {
        name.to_string()
    };
    let won: Vec<String> = s.won(q).map(|i| s.objective_name(i as u8)).collect();
    w!(
        lang,
        "dc-seat",
        name = name,
        points = s.points(q),
        reserve = s.reserve(q).len(),
        discard = s.discard(q).len(),
        hand = hand,
        won = if won.is_empty() {
            "-".to_string()
        } else {
            won.join(", ")
        }
    )
}

/// `head` then `items` separated by spaces, wrapped at `WIDTH` under the
/// first item.
fn wrapped(head: &str, items: &[String]) -> String {
    let indent = head.chars().count() + 1;
    let mut out = String::new();
    let mut line = head.to_string();
    for (n, item) in items.iter().enumerate() {
        if n > 0 && line.chars().count() + 1 + item.chars().count() > WIDTH {
            out += &line;
            out.push('\n');
            line = " ".repeat(indent - 1);
        }
        line.push(' ');
        line += item;
    }
    out += fit(line).trim_end();
    out.push('\n');
    out
}

/// The moves `which`, numbered from 1, in `lang`.
pub fn numbered(s: &State, legal: &[Move], which: &[usize], lang: Lang) -> String {
    which
        .iter()
        .map(|&i| format!("  {}) {}\n", i + 1, s.move_text_in(lang, legal[i])))
        .collect()
}

/// The placements as a grid: a row per card of the hand, a column per
/// column of the table, each cell the number to type; other choices as a
/// numbered list.
pub fn choices(s: &State, legal: &[Move], which: &[usize], lang: Lang) -> String {
    if !which
        .iter()
        .all(|&i| matches!(legal[i], Move::Place { .. }))
    {
        return numbered(s, legal, which, lang);
    }
    let r = s.rules();
    let mut cards: Vec<u8> = Vec::new();
    for &i in which {
        if let Move::Place { card, .. } = legal[i]
            && !cards.contains(&card)
        {
            cards.push(card);
        }
    }
    let mut t = format!("{:<24}", format!("  {}", w!(lang, "dc-grid-head")));
    for c in 0..s.columns().len() {
        let _ = write!(t, "{:>5}", c + 1);
    }
    t.push('\n');
    for card in cards {
        let kind = &r.kinds[r.kind_of(card)];
        let _ = write!(t, "  {:<22}", fit_name(&kind.name, 22));
        for c in 0..s.columns().len() {
            let at = which.iter().find(|&&i| {
                legal[i]
                    == Move::Place {
                        card,
                        column: c as u8,
                    }
            });
            match at {
                Some(i) => {
                    let _ = write!(t, "{:>4})", i + 1);
                }
                None => t += "    -",
            }
        }
        t.push('\n');
    }
    t
}

/// A name cut to `n` characters.
fn fit_name(name: &str, n: usize) -> String {
    name.chars().take(n).collect()
}
