//! A table of columns at the terminal in at most 24 lines of 80 columns,
//! for 2 to 6 seats, in the player's language: one line per column (cards
//! as `Kind/C`, a card the viewer may not see as its colour's mark in
//! brackets), one line per seat, the placements as a grid of the hand's
//! cards by column, the scores. The observation
//! (`effects::columns::view`) keeps the long form.

use std::fmt::Write as _;

use super::c;
use crate::effects::columns::view::sees;
use crate::effects::columns::{ColumnRules, Names, Standing};
use crate::play::i18n::Lang;
use crate::play::table::{CardView, TableView, Viewer, Zone, ZoneKind};

/// The width the screen keeps to.
const WIDTH: usize = 80;

/// A colour's mark: its first letter when no other colour in play starts
/// with it (`B` for Blue); else its whole name, which no other colour can
/// be mistaken for (`Bleu` and `Blanc`, never `Ble` and `Bla`).
fn initial(r: &impl Names, seat: usize) -> String {
    let first = |q: usize| {
        r.seat(q)
            .1
            .chars()
            .next()
            .map(|c| c.to_lowercase().to_string())
    };
    let clash = (0..r.seats()).any(|q| q != seat && first(q) == first(seat));
    let name = r.seat(seat).1;
    if clash {
        name.to_string()
    } else {
        name.chars().take(1).collect()
    }
}

/// Card `c` as `Kind/C` face up, `(Kind)/C` face down where `viewer` may
/// see it, `[C]` where he may not.
fn short_card<S: Standing>(s: &S, c: u8, viewer: Option<usize>) -> String {
    let r = s.rules();
    let owner = r.owner(c);
    let kind = r.kind(r.kind_of(c)).1;
    if s.face_up(c) {
        format!("{kind}/{}", initial(r, owner))
    } else if sees(viewer, owner) {
        format!("({kind})/{}", initial(r, owner))
    } else {
        format!("[{}]", initial(r, owner))
    }
}

/// Card `c` as `viewer` sees it, as data: its kind face up, or face
/// down where he may see it; its colour only where he may not.
fn card_view<S: Standing>(s: &S, c: u8, viewer: Option<usize>) -> CardView {
    let r = s.rules();
    let owner = r.owner(c);
    let down = !s.face_up(c);
    if down && !sees(viewer, owner) {
        return CardView::hidden(Some(owner));
    }
    CardView {
        face: Some(r.kind(r.kind_of(c)).1.to_string()),
        value: None,
        seat: Some(owner),
        down,
    }
}

/// The table as `viewer` sees it, as zones of cards: a zone per column,
/// then each seat's hand (its cards for their owner only) with the
/// seat's line of the board beside it.
pub fn table_view<S: Standing>(s: &S, viewer: Viewer, lang: Lang) -> TableView {
    let r = s.rules();
    let sight = viewer.sight();
    let (round, rounds) = s.round();
    let mut zones: Vec<Zone> = s
        .table()
        .columns
        .iter()
        .enumerate()
        .map(|(i, col)| {
            let id = if col.sealed {
                "col-column-sealed"
            } else {
                "col-column"
            };
            Zone {
                kind: ZoneKind::Table,
                label: c!(lang, id, n = i + 1, objective = r.head(col.objective))
                    .trim_end_matches(':')
                    .to_string(),
                cards: col.cards.iter().map(|&c| card_view(s, c, sight)).collect(),
                ..Zone::default()
            }
        })
        .collect();
    for q in 0..r.seats() {
        let hand = &s.table().hands[q];
        zones.push(Zone {
            kind: ZoneKind::Hand,
            label: r.seat(q).1.to_string(),
            note: seat_line(s, q, sight, lang, true),
            seat: Some(q),
            cards: if sees(sight, q) {
                let in_hand = |c: u8| CardView {
                    down: false,
                    ..card_view(s, c, sight)
                };
                hand.iter().map(|&c| in_hand(c)).collect()
            } else {
                vec![CardView::hidden(Some(q)); hand.len()]
            },
        });
    }
    TableView {
        title: c!(lang, "col-round", round = round, rounds = rounds),
        zones,
        lines: vec![],
    }
}

/// `text` cut to `WIDTH` columns, with `…` where it was cut.
fn fit(text: String) -> String {
    if crate::play::render::width(&text) <= WIDTH {
        return text;
    }
    let mut t: String = text.chars().take(WIDTH - 1).collect();
    t.push('…');
    t
}

/// The board as `viewer` sees it (`None`: every card), in `lang`: the
/// round, a line per column (wrapped under its first card), a line per
/// seat, the hands by name (the reports' board).
pub fn board<S: Standing>(s: &S, viewer: Option<usize>, lang: Lang) -> String {
    draw(s, viewer, lang, false)
}

/// The board a player sees at the terminal: as [`board`], with each card
/// of a hand he may see with its value, and his own line (his hand, his
/// objectives) whole, wrapped, never cut.
pub fn player_board<S: Standing>(s: &S, viewer: Option<usize>, lang: Lang) -> String {
    draw(s, viewer, lang, true)
}

/// [`board`], or with `player` [`player_board`].
fn draw<S: Standing>(s: &S, viewer: Option<usize>, lang: Lang, player: bool) -> String {
    let r = s.rules();
    let (round, rounds) = s.round();
    let mut t = c!(lang, "col-round", round = round, rounds = rounds) + "\n";
    for (i, col) in s.table().columns.iter().enumerate() {
        let cards: Vec<String> = col
            .cards
            .iter()
            .map(|&c| short_card(s, c, viewer))
            .collect();
        let id = if col.sealed {
            "col-column-sealed"
        } else {
            "col-column"
        };
        let head = c!(lang, id, n = i + 1, objective = r.head(col.objective));
        t += &wrapped(&format!("{head:<16}"), &cards);
    }
    for q in 0..r.seats() {
        let line = seat_line(s, q, viewer, lang, player);
        // The viewer's own line (his hand, his objectives) is shown
        // whole, wrapped; another seat's is cut to a line.
        if player && viewer == Some(q) {
            t += &crate::play::render::wrap_hanging(&line, "", "    ");
        } else {
            t += &fit(line);
            t.push('\n');
        }
    }
    t
}

/// Seat `q`: its points, reserve and discard sizes, its hand (the kinds,
/// with their values if `values`, where `viewer` may see it; else its
/// size) and objectives won.
fn seat_line<S: Standing>(
    s: &S,
    q: usize,
    viewer: Option<usize>,
    lang: Lang,
    values: bool,
) -> String {
    let r = s.rules();
    let t = s.table();
    let name = r.seat(q).1;
    let hand = if sees(viewer, q) {
        // Each card with its value (the viewer's own hand: he may see it).
        let names: Vec<String> = t.hands[q]
            .iter()
            .map(|&c| {
                let k = r.kind_of(c);
                match !values || r.valueless(k) {
                    true => r.kind(k).1.to_string(),
                    false => format!("{} {}", r.kind(k).1, super::kind_value(lang, r, k)),
                }
            })
            .collect();
        c!(lang, "col-hand", cards = names.join(", "))
    } else {
        c!(lang, "col-hand-size", n = t.hands[q].len())
    };
    let name = if viewer == Some(q) {
        crate::tr!(lang, "you-mark", name = name)
    } else {
        name.to_string()
    };
    let won: Vec<String> = s.won(q).into_iter().map(|o| r.head(o)).collect();
    c!(
        lang,
        "col-seat",
        name = name,
        points = s.points(q),
        reserve = t.reserves[q].len(),
        discard = t.discards[q].len(),
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

/// The placements offered as a grid: a row per card (in the order of
/// their first placement), a column per column of the table, each cell
/// the number to type or `-`. `places`: each placement's index in the
/// list of moves, its card and its column.
pub fn placement_grid<S: Standing>(s: &S, places: &[(usize, u8, u8)], lang: Lang) -> String {
    let r = s.rules();
    let columns = s.table().columns.len();
    let mut cards: Vec<u8> = Vec::new();
    for &(_, card, _) in places {
        if !cards.contains(&card) {
            cards.push(card);
        }
    }
    let mut t = format!("{:<24}", format!("  {}", c!(lang, "col-grid-head")));
    for col in 0..columns {
        let _ = write!(t, "{:>5}", col + 1);
    }
    t.push('\n');
    for card in cards {
        let kind: String = r.kind(r.kind_of(card)).1.chars().take(22).collect();
        let _ = write!(t, "  {kind:<22}");
        for col in 0..columns {
            match places.iter().find(|p| (p.1, p.2) == (card, col as u8)) {
                Some(&(i, ..)) => {
                    let _ = write!(t, "{:>4})", i + 1);
                }
                None => t += "    -",
            }
        }
        t.push('\n');
    }
    t
}

/// What the board's signs mean, a line.
pub fn legend(lang: Lang) -> String {
    c!(lang, "col-legend") + "\n"
}

/// Each seat's points, a line each.
pub fn score_text<S: Standing>(s: &S, lang: Lang) -> String {
    let r = s.rules();
    let line = |p: usize| c!(lang, "col-score", who = r.seat(p).1, points = s.points(p)) + "\n";
    (0..r.seats()).map(line).collect()
}

/// The scores, then who wins (`leader`; `None`: a shared victory).
pub fn result_text<S: Standing>(s: &S, leader: Option<usize>, lang: Lang) -> String {
    let who = match leader {
        Some(p) => c!(lang, "col-wins", who = s.rules().seat(p).1),
        None => c!(lang, "col-shared"),
    };
    format!("{}{who}\n", score_text(s, lang))
}
