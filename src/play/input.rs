//! What a player types at the prompt: a number from the list, a command
//! (`help`, `rules`, `hint`, `undo`, `save FILE`, `quit`...), or a move in
//! the short typed form (`p 5 sen d`, `d i`, `v`, `pass`, `a <card>`).
//!
//! A typed move is a verb and words that must each match something of the
//! move (its card, group, face, reserve or owner), in any order. Cards and
//! groups are matched by value (`1`..`5`, `p` for the Philosopher), or by
//! the start of their name or id in the rule files (no card is named here).

use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::{Move, Reserve, Target};

/// A line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A legal move, with its index in the list.
    Move(usize),
    Help,
    Rules,
    Hint,
    Undo,
    /// `save` (no file: the autosave) or `save FILE`.
    Save(Option<String>),
    Quit,
    Board,
    Score,
    /// The events of the game so far (the last ones).
    Log,
    /// Setup: the rest of the action reserve in the listed order.
    Rest,
    /// An empty line.
    Empty,
}

/// Input that is not understood or not legal, with what to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// Nothing matches; the message says why.
    NoMatch(String),
    /// Several legal moves match: their indices.
    Ambiguous(Vec<usize>),
}

fn commands(word: &str) -> Option<Command> {
    Some(match word {
        "help" | "h" | "?" => Command::Help,
        "rules" | "rule" => Command::Rules,
        "hint" => Command::Hint,
        "undo" | "u" | "back" => Command::Undo,
        "quit" | "q" | "exit" => Command::Quit,
        "board" | "b" | "table" => Command::Board,
        "score" => Command::Score,
        "log" | "history" => Command::Log,
        "rest" => Command::Rest,
        _ => return None,
    })
}

/// Whether an answer to a yes/no question is yes (in English or `lang`).
pub fn is_yes(lang: super::i18n::Lang, answer: &str) -> bool {
    let a = answer.trim().to_lowercase();
    let words = lang.t("yes-words");
    ["y", "yes"].contains(&a.as_str()) || words.split_whitespace().any(|w| w == a)
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

fn verb(word: &str) -> Option<Verb> {
    Some(match word {
        "p" | "place" | "put" => Verb::Place,
        "s" | "set" | "setup" => Verb::Setup,
        "r" | "arrange" | "order" => Verb::Arrange,
        "pass" | "passive" => Verb::Pass,
        "e" | "end" | "done" | "stop" | "enough" => Verb::End,
        "a" | "act" | "action" | "play" => Verb::Play,
        "c" | "choose" | "pick" | "t" | "target" => Verb::Choose,
        "n" | "no" | "decline" | "skip" => Verb::Decline,
        "x" | "discard" | "drop" => Verb::Discard,
        "d" | "draw" => Verb::Draw,
        "v" | "vote" => Verb::Vote,
        _ => return None,
    })
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
/// all of it.
fn names(word: &str, name: &str) -> bool {
    let name = name.to_lowercase();
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

fn matches(r: &Rules, actor: usize, word: &str, a: Attr) -> bool {
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
        Attr::Face(f) => match f {
            Face::Down => matches!(word, "d" | "down" | "hidden" | "h" | "fd"),
            Face::Up => matches!(word, "u" | "up" | "open" | "o" | "fu"),
        },
        Attr::Reserve(res) => {
            let full = match res {
                Reserve::Influence => "influence",
                Reserve::Action => "action",
            };
            full.starts_with(word)
        }
        Attr::Owner(o) => {
            let me = o == actor;
            (me && matches!(word, "me" | "my" | "mine" | "own"))
                || (!me && matches!(word, "opp" | "opponent" | "his" | "her" | "their"))
                || names(word, &r.factions[o].name)
                || names(word, &r.factions[o].id)
        }
    }
}

/// Whether each word names a different property of the move ("p 2 cen d":
/// `cen` is the group when `2` is the card, even if a card's name starts
/// with `cen` too).
fn assign(r: &Rules, actor: usize, words: &[&str], attrs: &[Attr], used: &mut [bool; 4]) -> bool {
    let Some((w, rest)) = words.split_first() else {
        return true;
    };
    for (i, &a) in attrs.iter().enumerate() {
        if !used[i] && matches(r, actor, w, a) {
            used[i] = true;
            let ok = assign(r, actor, rest, attrs, used);
            used[i] = false;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Understands one line at a choice point of `actor` whose legal moves
/// are `legal`.
pub fn parse(r: &Rules, actor: usize, legal: &[Move], line: &str) -> Result<Command, InputError> {
    let line = line.trim();
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let Some(&first) = words.first() else {
        return Ok(Command::Empty);
    };
    if first == "save" {
        // The file name keeps its case and spaces.
        let rest = line.get(4..).unwrap_or("").trim();
        return Ok(Command::Save((!rest.is_empty()).then(|| rest.to_string())));
    }
    if words.len() == 1
        && let Some(c) = commands(first)
    {
        return Ok(c);
    }
    if words.len() == 1
        && let Ok(n) = first.trim_end_matches(['.', ')']).parse::<usize>()
    {
        return if n >= 1 && n <= legal.len() {
            Ok(Command::Move(n - 1))
        } else {
            Err(InputError::NoMatch(format!(
                "there is no choice {n}: the choices are numbered 1 to {}",
                legal.len()
            )))
        };
    }
    let (v, rest) = match verb(first) {
        Some(v) => (Some(v), &words[1..]),
        None => (None, &words[..]),
    };
    let found: Vec<usize> = legal
        .iter()
        .enumerate()
        .filter(|&(_, &m)| v.is_none_or(|v| verb_fits(v, m)))
        .filter(|&(_, &m)| assign(r, actor, rest, &attrs(actor, m), &mut [false; 4]))
        .map(|(i, _)| i)
        .collect();
    match found.len() {
        1 => Ok(Command::Move(found[0])),
        0 => {
            let why = match v {
                None => format!("\"{line}\" is neither a command nor a move"),
                Some(v) if !legal.iter().any(|&m| verb_fits(v, m)) => {
                    format!("\"{line}\": that kind of move is not possible now")
                }
                Some(_) => format!("\"{line}\" matches none of the legal moves"),
            };
            Err(InputError::NoMatch(why))
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

fn group_word(r: &Rules, g: u8) -> String {
    let ids: Vec<String> = r.groups.iter().map(|g| g.id.to_lowercase()).collect();
    unique_prefix(&ids[g as usize], &ids, 3)
}

fn card_word(r: &Rules, k: Kind) -> String {
    if let Some(v) = value_word(r, k) {
        return v;
    }
    let ids: Vec<String> = r.kinds.iter().map(|c| c.id.to_lowercase()).collect();
    unique_prefix(&ids[k.ix()], &ids, 3)
}

fn face_word(f: Face) -> &'static str {
    match f {
        Face::Down => "d",
        Face::Up => "u",
    }
}

/// The short typed form of a move of `actor` (what the list shows in
/// brackets); [`parse`] reads it back as the same move wherever it is legal
/// and unambiguous.
pub fn short_form(r: &Rules, actor: usize, m: Move) -> String {
    let owner = |o: u8| if o as usize == actor { "me" } else { "opp" };
    match m {
        Move::ArrangeAction(k) => format!("r {}", card_word(r, k)),
        Move::SetupPlace(k) => format!("s {}", card_word(r, k)),
        Move::Pass => "pass".into(),
        Move::Place { kind, group, face } => format!(
            "p {} {} {}",
            card_word(r, kind),
            group_word(r, group),
            face_word(face)
        ),
        Move::EndPlacement | Move::EndDiscard => "end".into(),
        Move::PlayAction(k) => format!("a {}", card_word(r, k)),
        Move::Choose(Target::Group(g)) => format!("c {}", group_word(r, g)),
        Move::Choose(Target::TableCard {
            owner: o,
            group,
            kind,
            face,
        }) => format!(
            "c {} {} {} {}",
            card_word(r, kind),
            group_word(r, group),
            face_word(face),
            owner(o)
        ),
        Move::Choose(Target::HandCard { owner: o, kind }) => {
            format!("c {} {}", card_word(r, kind), owner(o))
        }
        Move::Decline => "no".into(),
        Move::Discard(k) => format!("x {}", card_word(r, k)),
        Move::Draw(Reserve::Influence) => "d i".into(),
        Move::Draw(Reserve::Action) => "d a".into(),
        Move::DrawVote => "v".into(),
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
