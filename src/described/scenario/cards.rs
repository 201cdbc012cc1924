//! Cards and values as a scenario file names them, in the game's words:
//! a card by its kind and attributes (`"gold 3"`, `"knight of cups"`, ids or
//! names, any order, `attr=n` for a number), with `face up` and `by
//! <seat>` after it; a seat, a value or a number for a counter. Each name
//! is read against the rules; what is wrong says how cards are written.

use super::super::model::Rules;
use super::super::program::Ty;
use super::super::state::NONE;
use super::super::view;
use crate::load::nearest;
use crate::play::i18n::Lang;
use crate::play::input::fold;

/// A card as written: the cards it may be (one kind, the same values,
/// in deck order), and the face and owner it states.
#[derive(Debug, Clone)]
pub struct Spec {
    pub cards: Vec<u8>,
    pub up: Option<bool>,
    pub by: Option<u8>,
}

impl Spec {
    /// Whether card `c` fits this spec (its face and owner, where the
    /// spec states them, as `up` and `owner` say).
    pub fn fits(&self, c: u8, up: bool, owner: u8) -> bool {
        self.cards.contains(&c)
            && self.up.is_none_or(|u| u == up)
            && self.by.is_none_or(|b| b == owner)
    }
}

/// What one name of the game's words means.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Meaning {
    Kind(u8),
    /// An attribute's value (by index) or number.
    Value(u8, i32),
}

/// The seat of `players` whose id or name is `word` (folded).
pub fn seat(r: &Rules, word: &str) -> Option<u8> {
    let w = fold(word.trim());
    (0..r.players)
        .find(|&p| fold(&r.seats[p].0) == w || fold(&r.seats[p].1) == w)
        .map(|p| p as u8)
}

/// Every seat's id, for hints.
pub fn seat_ids(r: &Rules) -> String {
    let ids: Vec<&str> = r.seats.iter().map(|s| s.0.as_str()).collect();
    ids.join(", ")
}

/// The names a card's words may use, folded, each with its meaning.
fn vocabulary(r: &Rules) -> Vec<(Vec<String>, Meaning)> {
    let words = |s: &str| -> Vec<String> { fold(s).split_whitespace().map(String::from).collect() };
    let mut v = Vec::new();
    for (k, (id, name)) in r.kinds.iter().enumerate() {
        v.push((words(id), Meaning::Kind(k as u8)));
        v.push((words(name), Meaning::Kind(k as u8)));
    }
    for (a, (_, values)) in r.attrs.iter().enumerate() {
        for (i, (id, name)) in values.iter().enumerate() {
            v.push((words(id), Meaning::Value(a as u8, i as i32)));
            v.push((words(name), Meaning::Value(a as u8, i as i32)));
        }
    }
    v.retain(|(w, _)| !w.is_empty());
    v
}

/// How cards are written, for a hint.
pub fn how_cards_are_written(r: &Rules) -> String {
    let kinds: Vec<&str> = r.kinds.iter().map(|k| k.1.as_str()).collect();
    let mut values = Vec::new();
    for (a, vs) in &r.attrs {
        if vs.is_empty() {
            values.push(format!("{a}=<number>"));
        } else {
            let names: Vec<&str> = vs.iter().map(|v| v.1.as_str()).collect();
            values.push(names.join("/"));
        }
    }
    format!(
        "a card is its kind ({}) and its values ({}), as names or ids, then `face up` or `by <seat>` if need be",
        kinds.join(", "),
        values.join("; ")
    )
}

/// Reads a card as written.
pub fn spec(r: &Rules, text: &str) -> Result<Spec, String> {
    let folded = fold(text);
    let mut tokens: Vec<&str> = folded.split_whitespace().collect();
    let (mut up, mut by) = (None, None);
    while tokens.len() >= 2 {
        let n = tokens.len();
        match (tokens[n - 2], tokens[n - 1]) {
            ("face", "up") => up = Some(true),
            ("face", "down") => up = Some(false),
            ("by", s) => by = Some(seat(r, s).ok_or(format!("`by {s}`: no seat {s} plays"))?),
            _ => break,
        }
        tokens.truncate(n - 2);
    }
    let cards = by_name(r, &tokens.join(" ")).map_or_else(|| by_words(r, &tokens), Ok)?;
    Ok(Spec { cards, up, by })
}

/// The cards whose English name is `text` (folded), if any.
fn by_name(r: &Rules, text: &str) -> Option<Vec<u8>> {
    let out: Vec<u8> = (0..r.cards.len() as u8)
        .filter(|&c| fold(&view::card_name(r, Lang::En, c)) == text)
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The cards the words name: each word (or run of words) a kind or a
/// value; they must name one kind with one set of values.
fn by_words(r: &Rules, tokens: &[&str]) -> Result<Vec<u8>, String> {
    let vocab = vocabulary(r);
    let mut groups: Vec<Vec<Meaning>> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(m) = number(r, tokens[i]) {
            groups.push(vec![m?]);
            i += 1;
            continue;
        }
        let longest = (1..=tokens.len() - i).rev().find_map(|n| {
            let here: Vec<Meaning> = (vocab.iter())
                .filter(|(w, _)| w.len() == n && w.iter().zip(&tokens[i..]).all(|(a, b)| a == b))
                .map(|(_, m)| *m)
                .collect();
            (!here.is_empty()).then_some((n, here))
        });
        let Some((n, here)) = longest else {
            let names = vocab.iter().flat_map(|(w, _)| w.iter().map(String::as_str));
            let near = nearest(tokens[i], names)
                .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
            return Err(format!(
                "`{}` names no kind or value of a card{near}",
                tokens[i]
            ));
        };
        groups.push(here);
        i += n;
    }
    if groups.is_empty() {
        return Err("an empty card".into());
    }
    let fits = |c: usize| {
        groups.iter().all(|g| {
            g.iter().any(|m| match *m {
                Meaning::Kind(k) => r.cards[c].0 == k,
                Meaning::Value(a, v) => r.cards[c].1[a as usize] == v,
            })
        })
    };
    let cards: Vec<u8> = (0..r.cards.len())
        .filter(|&c| fits(c))
        .map(|c| c as u8)
        .collect();
    one_class(r, cards, &tokens.join(" "))
}

/// `attr=n`: a number of an attribute without values.
fn number(r: &Rules, token: &str) -> Option<Result<Meaning, String>> {
    let (a, n) = token.split_once('=')?;
    let Some(ai) = r
        .attrs
        .iter()
        .position(|x| fold(&x.0) == a && x.1.is_empty())
    else {
        return Some(Err(format!("`{a}` is no attribute numbered")));
    };
    if r.halves[ai] {
        // In half points: 9.5 is 19.
        let twice = n.parse::<f64>().ok().map(|x| x * 2.0);
        return Some(
            twice
                .filter(|x| x.fract() == 0.0 && x.abs() < 1e6)
                .map(|x| Meaning::Value(ai as u8, x as i32))
                .ok_or_else(|| format!("`{token}`: `{n}` is not a number in halves (9.5)")),
        );
    }
    Some(
        n.parse::<i32>()
            .map(|n| Meaning::Value(ai as u8, n))
            .map_err(|_| format!("`{token}`: `{n}` is not a whole number")),
    )
}

/// The cards, if they are all one kind with the same values.
fn one_class(r: &Rules, cards: Vec<u8>, text: &str) -> Result<Vec<u8>, String> {
    let Some(&first) = cards.first() else {
        return Err(format!("the deck holds no card `{text}`"));
    };
    let mut others: Vec<String> = Vec::new();
    for &c in &cards {
        if r.cards[c as usize] != r.cards[first as usize] {
            let name = view::card_name(r, Lang::En, c);
            if !others.contains(&name) {
                others.push(name);
            }
        }
    }
    if others.is_empty() {
        return Ok(cards);
    }
    others.insert(0, view::card_name(r, Lang::En, first));
    let more = if others.len() > 4 { ", ..." } else { "" };
    others.truncate(4);
    Err(format!(
        "`{text}` names more than one card: {}{more}",
        others.join(", ")
    ))
}

/// A counter's value as written (`value`: a number, or a name): a seat,
/// a value of its attribute, a number; a card is read by `card`.
pub fn counter_value(
    r: &Rules,
    ty: Ty,
    value: &ron::Value,
    card: impl Fn(&Spec) -> Option<u8>,
) -> Result<i32, String> {
    use ron::Value as V;
    let text = match value {
        V::String(s) => Some(s.as_str()),
        _ => None,
    };
    match (ty, value, text) {
        (Ty::Num | Ty::Bool, V::Number(n), _) => whole(*n)
            .and_then(|n| i32::try_from(n).ok())
            .ok_or(format!("{} is not a whole number in range", n.into_f64())),
        (Ty::Seat, _, Some(s)) => seat(r, s)
            .map(i32::from)
            .ok_or(format!("no seat `{s}` plays (seats: {})", seat_ids(r))),
        (Ty::Value(_) | Ty::Card, _, Some("none")) => Ok(-1),
        (Ty::Value(a), _, Some(s)) => {
            let vs = &r.attrs[a as usize].1;
            (vs.iter()
                .position(|v| fold(&v.0) == fold(s) || fold(&v.1) == fold(s)))
            .map(|i| i as i32)
            .ok_or_else(|| {
                let ids: Vec<&str> = vs.iter().map(|v| v.0.as_str()).collect();
                format!("`{s}` is no {}: {}", r.attrs[a as usize].0, ids.join(", "))
            })
        }
        (Ty::Card, _, Some(s)) => {
            let sp = spec(r, s)?;
            card(&sp)
                .map(i32::from)
                .ok_or(format!("the position places no card `{s}`"))
        }
        (Ty::Num | Ty::Bool, ..) => Err("a whole number is expected here".into()),
        (Ty::Seat, ..) => Err(format!("a seat is expected here ({})", seat_ids(r))),
        (Ty::Value(a), ..) => Err(format!("a {} is expected here", r.attrs[a as usize].0)),
        (Ty::Card, ..) => Err("a card is expected here".into()),
    }
}

/// A number as a whole one, if it is.
pub fn whole(n: ron::Number) -> Option<i64> {
    let f = n.into_f64();
    (f.fract() == 0.0 && f.abs() < 1e15).then_some(f as i64)
}

/// A counter's value in words (a card by its English name).
pub fn value_words(r: &Rules, ty: Ty, v: i32) -> String {
    match ty {
        Ty::Seat => r
            .seats
            .get(v as usize)
            .map_or(v.to_string(), |s| s.1.clone()),
        Ty::Card => match usize::try_from(v).ok().filter(|&c| c < r.cards.len()) {
            Some(c) => view::card_name(r, Lang::En, c as u8),
            None => "none".into(),
        },
        Ty::Value(a) => {
            (r.attrs[a as usize].1.get(v as usize)).map_or("none".into(), |x| x.1.clone())
        }
        Ty::Num | Ty::Bool => v.to_string(),
    }
}

/// Card `c` in a report: its English name, `face up` if so, and `by
/// <seat>` for a card face up on a pile of the table (who played it).
pub fn card_words(r: &Rules, c: u8, up: bool, owner: u8, pile_seat: Option<u8>) -> String {
    let mut s = view::card_name(r, Lang::En, c);
    if up {
        s.push_str(" face up");
    }
    if up && owner != NONE && pile_seat.is_none() {
        s.push_str(&format!(" by {}", r.seats[owner as usize].1));
    }
    s
}
