//! The indexed zones of the table on the board (a game's columns): a
//! line per index, named by the first indexed zone's `index-name`, with
//! the cards of the other indexed zones of as many piles (what heads the
//! index: an objective) then the first zone's cards counted and listed
//! short, each with its owner's mark: `Squire/B` face up, `(Squire)/B`
//! face down where the viewer sees it, `[B]` where it does not (the owner
//! only where the card's back tells it). Nothing here names a game.

use fluent_bundle::FluentArgs;

use super::model::Rules;
use super::screen::w;
use super::state::{NONE, State};
use super::view;
use crate::play::i18n::Lang;
use crate::play::render;

/// The indexed zones of the table that the board shows as lines: those
/// with as many piles as the first one.
pub fn zones(r: &Rules) -> Vec<u8> {
    let indexed = |z: &&super::model::Zone| !z.per_seat && z.count.is_some();
    let Some(first) = r.zones.iter().find(indexed) else {
        return Vec::new();
    };
    (0..r.zones.len() as u8)
        .filter(|&z| {
            let zone = &r.zones[z as usize];
            indexed(&zone) && zone.count == first.count
        })
        .collect()
}

/// A line per index of the indexed zones (none if the game has none),
/// within 80 columns: the index, what heads it, its cards (in `most`
/// rows at most, the last cut with `…`).
pub fn lines(s: &State, viewer: Option<usize>, lang: Lang, most: Option<usize>) -> String {
    let r = &s.rules;
    let zs = zones(r);
    let Some((&first, heads)) = zs.split_first() else {
        return String::new();
    };
    let n = r.zones[first as usize].count.unwrap_or(0);
    let labels: Vec<String> = (0..n)
        .map(|i| {
            let mut label = view::index_name(r, lang, first, i);
            for &z in heads {
                let cards = s.core.pile(r.pile(z, i as usize));
                let names: Vec<String> = cards.iter().map(|&c| short(s, lang, c, viewer)).collect();
                if !names.is_empty() {
                    label = format!("{label} · {}", names.join(", "));
                }
            }
            label
        })
        .collect();
    let width = labels.iter().map(|l| render::width(l)).max().unwrap_or(0);
    let mut out = String::new();
    for (i, label) in labels.iter().enumerate() {
        let cards = s.core.pile(r.pile(first, i));
        if cards.is_empty() {
            out += &format!("{label}\n");
            continue;
        }
        let names: Vec<String> = cards.iter().map(|&c| short(s, lang, c, viewer)).collect();
        let head = w!(
            lang,
            "ds-index-head",
            index = render::pad(label, width),
            n = cards.len()
        );
        let rest = " ".repeat(render::width(&head) + 1);
        let text = render::wrap_hanging(&format!("{head} {}", names.join(" ")), "", &rest);
        let rows: Vec<&str> = text.lines().collect();
        match most {
            Some(m) if rows.len() > m => {
                // The rest in the last row, cut.
                let last = format!("{} {}", rows[m - 1], rows[m..].join(" ").trim_start());
                for row in &rows[..m - 1] {
                    out += &format!("{row}\n");
                }
                out += &format!("{}\n", super::screen::cut(&last));
            }
            _ => out += &text,
        }
    }
    out
}

/// Card `c` short, with its owner's mark, as `viewer` sees it.
fn short(s: &State, lang: Lang, c: u8, viewer: Option<usize>) -> String {
    let r = &s.rules;
    let owner = s.core.owner[c as usize];
    let mark = (owner != NONE).then(|| mark(r, owner as usize));
    let up = s.core.up.get(c);
    let seen = viewer.is_none_or(|v| s.visible(c, v));
    let name = short_name(r, lang, c);
    match (mark, up, seen) {
        (Some(m), true, _) => format!("{name}/{m}"),
        (Some(m), false, true) => format!("({name})/{m}"),
        (None, true, _) => name,
        (None, false, true) => format!("({name})"),
        (Some(m), false, false) if back_tells_owner(s, c) => format!("[{m}]"),
        _ => "[?]".to_string(),
    }
}

/// Whether card `c`'s back tells its owner: every card with its back has
/// the same owner.
fn back_tells_owner(s: &State, c: u8) -> bool {
    let r = &s.rules;
    let back = r.backs.get(c as usize);
    (0..r.cards.len())
        .filter(|&d| r.backs.get(d) == back)
        .all(|d| s.core.owner[d] == s.core.owner[c as usize])
}

/// A card's short name: the catalogue's `card-short` (with the card's
/// kind and attributes, as `card-name`), else its name.
pub fn short_name(r: &Rules, lang: Lang, c: u8) -> String {
    if !r.words.has("card-short") {
        return view::card_name(r, lang, c);
    }
    let (kind, values) = &r.cards[c as usize];
    let mut args = FluentArgs::new();
    args.set("kind", r.kinds[*kind as usize].0.clone());
    args.set("kind_name", r.kinds[*kind as usize].1.clone());
    for (i, (a, vs)) in r.attrs.iter().enumerate() {
        match vs.get(values[i] as usize) {
            Some(v) => args.set(a.clone(), v.1.clone()),
            None => args.set(a.clone(), values[i]),
        }
    }
    r.words.format(lang, "card-short", Some(&args))
}

/// A seat's mark: the shortest start of its name no other seat's name
/// starts with (`B` for Blue; `Blu` and `Bla` for Blue and Black), else
/// its whole name.
pub fn mark(r: &Rules, seat: usize) -> String {
    let start = |q: usize, n: usize| -> String {
        r.seats[q]
            .1
            .chars()
            .take(n)
            .collect::<String>()
            .to_lowercase()
    };
    let name = &r.seats[seat].1;
    (1..name.chars().count())
        .find(|&n| (0..r.players).all(|q| q == seat || start(q, n) != start(seat, n)))
        .map_or_else(|| name.clone(), |n| name.chars().take(n).collect())
}
