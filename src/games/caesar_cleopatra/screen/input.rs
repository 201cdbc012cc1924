//! Caesar & Cleopatra's typed moves: the short forms (`p 5 sen d`, `d i`,
//! `v`, `pass`, `a <card>`) and how a typed line finds its legal move.
//!
//! A typed move is a verb and words that must each match something of the
//! move (its card, group, face, reserve or owner), in any order. Cards and
//! groups are matched by value (`1`..`5`, `p` for the Philosopher), or by
//! the start of their name or id in the rule files (no card is named here).

use super::WORDS;
use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::{Move, Reserve, Target};
use crate::play::i18n::Lang;
pub use crate::play::input::{Command, InputError, fold};
use crate::play::input::{first_word_of, in_list_of, listed_in, parse_line};

/// Whether `word` is one of the words of the game catalogue's list `id`,
/// in `lang` or in English.
fn listed(lang: Lang, id: &str, word: &str) -> bool {
    listed_in(&WORDS, lang, id, word)
}

fn in_list(lang: Lang, id: &str, word: &str) -> bool {
    in_list_of(&WORDS, lang, id, word)
}

fn first_word(lang: Lang, id: &str) -> String {
    first_word_of(&WORDS, lang, id)
}

/// One property of a move a typed word can name.
#[derive(Debug, Clone, Copy)]
enum Attr {
    /// A card of `player`.
    Card(usize, Kind),
    Group(u8),
    Face(Face),
    Reserve(Reserve),
    /// Whose card (`me`/`opp` relative to the actor, or a faction's name).
    Owner(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verb {
    Place,
    Setup,
    Arrange,
    Pass,
    End,
    Play,
    Choose,
    Decline,
    Discard,
    Draw,
    Vote,
}

/// Each verb and its list of words in the catalogues.
const VERBS: [(Verb, &str); 11] = [
    (Verb::Place, "words-place"),
    (Verb::Setup, "words-setup"),
    (Verb::Arrange, "words-arrange"),
    (Verb::Pass, "words-pass"),
    (Verb::End, "words-end"),
    (Verb::Play, "words-play"),
    (Verb::Choose, "words-choose"),
    (Verb::Decline, "words-decline"),
    (Verb::Discard, "words-discard"),
    (Verb::Draw, "words-draw"),
    (Verb::Vote, "words-vote"),
];

fn verb(lang: Lang, word: &str) -> Option<Verb> {
    let find = |l: Lang| {
        VERBS
            .iter()
            .find(|(_, id)| in_list(l, id, word))
            .map(|&(v, _)| v)
    };
    find(lang).or_else(|| find(Lang::En))
}

/// A verb as short forms show it.
fn verb_word(lang: Lang, v: Verb) -> String {
    let id = VERBS.iter().find(|(x, _)| *x == v).map_or("", |(_, id)| id);
    first_word(lang, id)
}

fn verb_of(m: Move) -> Verb {
    match m {
        Move::ArrangeAction(_) => Verb::Arrange,
        Move::SetupPlace(_) => Verb::Setup,
        Move::Pass => Verb::Pass,
        Move::Place { .. } => Verb::Place,
        Move::EndPlacement | Move::EndDiscard => Verb::End,
        Move::PlayAction(_) => Verb::Play,
        Move::Choose(_) => Verb::Choose,
        Move::Decline => Verb::Decline,
        Move::Discard(_) => Verb::Discard,
        Move::Draw(_) => Verb::Draw,
        Move::DrawVote => Verb::Vote,
    }
}

fn verb_fits(v: Verb, m: Move) -> bool {
    let mv = verb_of(m);
    // Setup places a card too: "p 3" works there.
    mv == v || (v == Verb::Place && mv == Verb::Setup)
}

fn attrs(actor: usize, m: Move) -> Vec<Attr> {
    match m {
        Move::ArrangeAction(k) | Move::SetupPlace(k) | Move::PlayAction(k) | Move::Discard(k) => {
            vec![Attr::Card(actor, k)]
        }
        Move::Place { kind, group, face } => {
            vec![
                Attr::Card(actor, kind),
                Attr::Group(group),
                Attr::Face(face),
            ]
        }
        Move::Draw(r) => vec![Attr::Reserve(r)],
        Move::Choose(Target::Group(g)) => vec![Attr::Group(g)],
        Move::Choose(Target::TableCard {
            owner,
            group,
            kind,
            face,
        }) => vec![
            Attr::Owner(owner as usize),
            Attr::Group(group),
            Attr::Card(owner as usize, kind),
            Attr::Face(face),
        ],
        Move::Choose(Target::HandCard { owner, kind }) => {
            vec![
                Attr::Owner(owner as usize),
                Attr::Card(owner as usize, kind),
            ]
        }
        Move::Pass | Move::EndPlacement | Move::EndDiscard | Move::Decline | Move::DrawVote => {
            vec![]
        }
    }
}

/// A card's value as typed: `1`..`5`, `p` for one that inverts the vote;
/// `None` for an action card.
pub fn value_word(r: &Rules, k: Kind) -> Option<String> {
    let c = r.kind(k);
    if !c.influence {
        None
    } else if c.inverts_vote {
        Some("p".into())
    } else {
        Some(c.value.to_string())
    }
}

/// Whether `word` starts a word of `name` (at least two letters), or is
/// all of it (accents aside).
fn names(word: &str, name: &str) -> bool {
    let name = fold(name);
    if word == name {
        return true;
    }
    if word.chars().count() < 2 {
        return false;
    }
    name.starts_with(word)
        || name
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.starts_with(word))
}

fn matches(lang: Lang, r: &Rules, actor: usize, word: &str, a: Attr) -> bool {
    match a {
        Attr::Card(p, k) => {
            value_word(r, k).is_some_and(|v| v == word)
                || names(word, r.card_name(p, k))
                || names(word, &r.kind(k).id)
        }
        Attr::Group(g) => {
            let gd = &r.groups[g as usize];
            names(word, &gd.name) || names(word, &gd.id)
        }
        Attr::Face(f) => listed(lang, face_list(f), word),
        Attr::Reserve(res) => {
            let starts = |l: Lang| {
                WORDS
                    .t(l, reserve_list(res))
                    .split_whitespace()
                    .any(|w| fold(w).starts_with(word))
            };
            starts(lang) || starts(Lang::En)
        }
        Attr::Owner(o) => {
            let me = o == actor;
            (me && listed(lang, "words-me", word))
                || (!me && listed(lang, "words-opp", word))
                || names(word, &r.factions[o].name)
                || names(word, &r.factions[o].id)
        }
    }
}

/// Whether each word names a different property of the move ("p 2 cen d":
/// `cen` is the group when `2` is the card, even if a card's name starts
/// with `cen` too).
fn face_list(f: Face) -> &'static str {
    match f {
        Face::Down => "words-face-down",
        Face::Up => "words-face-up",
    }
}

fn reserve_list(r: Reserve) -> &'static str {
    match r {
        Reserve::Influence => "words-influence",
        Reserve::Action => "words-action",
    }
}

/// A typed line's words, its language and whose move it is.
struct Typed<'a> {
    lang: Lang,
    r: &'a Rules,
    actor: usize,
}

fn assign(t: &Typed, words: &[&str], attrs: &[Attr], used: &mut [bool; 4]) -> bool {
    let Some((w, rest)) = words.split_first() else {
        return true;
    };
    for (i, &a) in attrs.iter().enumerate() {
        if !used[i] && matches(t.lang, t.r, t.actor, w, a) {
            used[i] = true;
            let ok = assign(t, rest, attrs, used);
            used[i] = false;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Understands one line at a choice point of `actor` whose legal moves
/// are `legal` (typed in English).
pub fn parse(r: &Rules, actor: usize, legal: &[Move], line: &str) -> Result<Command, InputError> {
    parse_in(Lang::En, r, actor, legal, line)
}

/// Understands one line typed in `lang` (or in English): a command, a
/// number from the list or a typed move.
pub fn parse_in(
    lang: Lang,
    r: &Rules,
    actor: usize,
    legal: &[Move],
    line: &str,
) -> Result<Command, InputError> {
    parse_line(lang, legal.len(), line, |words, line| {
        typed_move(lang, r, actor, legal, words, line)
    })
}

/// The legal move a typed line names: a verb (or none) and words that
/// each match a different property of the move.
pub fn typed_move(
    lang: Lang,
    r: &Rules,
    actor: usize,
    legal: &[Move],
    words: &[&str],
    line: &str,
) -> Result<usize, InputError> {
    let Some(&first) = words.first() else {
        return Err(InputError::NoMatch(crate::trc!(
            WORDS,
            lang,
            "not-a-move",
            line = line
        )));
    };
    let (v, rest) = match verb(lang, first) {
        Some(v) => (Some(v), &words[1..]),
        None => (None, words),
    };
    let t = Typed { lang, r, actor };
    let found: Vec<usize> = legal
        .iter()
        .enumerate()
        .filter(|&(_, &m)| v.is_none_or(|v| verb_fits(v, m)))
        .filter(|&(_, &m)| assign(&t, rest, &attrs(actor, m), &mut [false; 4]))
        .map(|(i, _)| i)
        .collect();
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let id = match v {
                None => "not-a-move",
                Some(v) if !legal.iter().any(|&m| verb_fits(v, m)) => "not-possible-now",
                Some(v) => {
                    // Why: the first word no move of the verb has.
                    let fits = |w: &&str| {
                        legal.iter().any(|&m| {
                            verb_fits(v, m) && assign(&t, &[w], &attrs(actor, m), &mut [false; 4])
                        })
                    };
                    let word = rest.iter().find(|w| !fits(w));
                    return Err(InputError::NoMatch(match word {
                        Some(w) => {
                            crate::trc!(WORDS, lang, "matches-none-word", line = line, word = *w)
                        }
                        None => crate::trc!(WORDS, lang, "matches-none-together", line = line),
                    }));
                }
            };
            Err(InputError::NoMatch(crate::trc!(
                WORDS,
                lang,
                id,
                line = line
            )))
        }
        _ => {
            // "p 5 sen" when the card may go face down or up, or the
            // same move reached twice (never: legal moves are distinct).
            Err(InputError::Ambiguous(found))
        }
    }
}

/// The shortest start (at least `min` characters) of `word` that no other
/// of `others` starts with; all of it if none is.
fn unique_prefix(word: &str, others: &[String], min: usize) -> String {
    let w: Vec<char> = word.chars().collect();
    for n in min..=w.len() {
        let p: String = w[..n].iter().collect();
        if !others.iter().any(|o| o != word && o.starts_with(&p)) {
            return p;
        }
    }
    word.to_string()
}

/// A group as short forms show it: the shortest start of its name (in
/// English: of its id) that no other group's starts with.
fn group_word(r: &Rules, g: u8, lang: Lang) -> String {
    let words: Vec<String> = r
        .groups
        .iter()
        .map(|gd| fold(if lang == Lang::En { &gd.id } else { &gd.name }))
        .collect();
    unique_prefix(&words[g as usize], &words, 3)
}

/// A card as short forms show it: its value, or the shortest start of an
/// action card's name (in English: of its id).
fn card_word(r: &Rules, p: usize, k: Kind, lang: Lang) -> String {
    if let Some(v) = value_word(r, k) {
        return v;
    }
    let words: Vec<String> = (0..r.kinds.len())
        .map(|i| {
            let name = if lang == Lang::En {
                &r.kinds[i].id
            } else {
                r.card_name(p, Kind(i as u8))
            };
            fold(name)
        })
        .collect();
    unique_prefix(&words[k.ix()], &words, 3)
}

fn face_word(f: Face, lang: Lang) -> String {
    first_word(lang, face_list(f))
}

/// The short typed form of a move of `actor`, in English.
pub fn short_form(r: &Rules, actor: usize, m: Move) -> String {
    short_form_in(Lang::En, r, actor, m)
}

/// The short typed form of a move of `actor` in `lang` (what the list
/// shows in brackets); [`parse_in`] reads it back as the same move
/// wherever it is legal and unambiguous.
pub fn short_form_in(lang: Lang, r: &Rules, actor: usize, m: Move) -> String {
    let owner = |o: u8| {
        let id = if o as usize == actor {
            "words-me"
        } else {
            "words-opp"
        };
        first_word(lang, id)
    };
    let v = |x: Verb| verb_word(lang, x);
    let card = |k: Kind, p: usize| card_word(r, p, k, lang);
    let group = |g: u8| group_word(r, g, lang);
    match m {
        Move::ArrangeAction(k) => format!("{} {}", v(Verb::Arrange), card(k, actor)),
        Move::SetupPlace(k) => format!("{} {}", v(Verb::Setup), card(k, actor)),
        Move::Pass => v(Verb::Pass),
        Move::Place {
            kind,
            group: g,
            face,
        } => format!(
            "{} {} {} {}",
            v(Verb::Place),
            card(kind, actor),
            group(g),
            face_word(face, lang)
        ),
        Move::EndPlacement | Move::EndDiscard => v(Verb::End),
        Move::PlayAction(k) => format!("{} {}", v(Verb::Play), card(k, actor)),
        Move::Choose(Target::Group(g)) => format!("{} {}", v(Verb::Choose), group(g)),
        Move::Choose(Target::TableCard {
            owner: o,
            group: g,
            kind,
            face,
        }) => format!(
            "{} {} {} {} {}",
            v(Verb::Choose),
            card(kind, o as usize),
            group(g),
            face_word(face, lang),
            owner(o)
        ),
        Move::Choose(Target::HandCard { owner: o, kind }) => {
            format!(
                "{} {} {}",
                v(Verb::Choose),
                card(kind, o as usize),
                owner(o)
            )
        }
        Move::Decline => v(Verb::Decline),
        Move::Discard(k) => format!("{} {}", v(Verb::Discard), card(k, actor)),
        Move::Draw(res) => {
            let w = first_word(lang, reserve_list(res));
            format!("{} {}", v(Verb::Draw), w.chars().next().unwrap_or('?'))
        }
        Move::DrawVote => v(Verb::Vote),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_prefixes() {
        let ids: Vec<String> = ["senators", "praetors", "censors"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(unique_prefix("senators", &ids, 3), "sen");
        assert_eq!(unique_prefix("praetors", &ids, 1), "p");
    }

    #[test]
    fn name_matching() {
        assert!(names("sen", "Senators"));
        assert!(names("priest", "High Priestess"));
        assert!(!names("s", "Senators"));
        assert!(names("5", "5"));
    }
}
