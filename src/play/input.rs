//! What a player types at the prompt: a number from the list, a command
//! (`help`, `rules`, `hint`, `undo`, `save FILE`, `quit`...), or a move in
//! one of the game's typed forms ([`super::Playable::parse_move`]).
//!
//! Commands and answers are lists of words in the catalogues, accepted in
//! the player's language and in English, accents aside.

use super::i18n::{Catalogue, Lang, PLAY};
use crate::tr;

/// A line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A legal move, with its index in the list.
    Move(usize),
    /// `help`, or `help N`: its page N (from 1).
    Help(usize),
    /// `rules`, or `rules N`: its page N (from 1).
    Rules(usize),
    /// `explain CARD`: what a card does (the words after the command).
    Explain(String),
    Hint,
    Undo,
    /// `save` (no file: the autosave) or `save FILE`.
    Save(Option<String>),
    Quit,
    Board,
    Score,
    /// The events of the game so far (the last ones).
    Log,
    /// The rest of a run of choices (an ordering) in the listed order.
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

/// Whether `word` is one of the words of the list `id` of catalogue
/// `cat`, in `lang` or in English (`lang`'s meaning first).
pub fn listed_in(cat: &Catalogue, lang: Lang, id: &str, word: &str) -> bool {
    in_list_of(cat, lang, id, word) || (lang != Lang::En && in_list_of(cat, Lang::En, id, word))
}

/// Whether `word` is one of the words of the list `id` in `lang` alone.
pub fn in_list_of(cat: &Catalogue, lang: Lang, id: &str, word: &str) -> bool {
    cat.t(lang, id).split_whitespace().any(|w| fold(w) == word)
}

/// The first word of the list `id`: what short forms show.
pub fn first_word_of(cat: &Catalogue, lang: Lang, id: &str) -> String {
    let l = cat.t(lang, id);
    l.split_whitespace().next().unwrap_or("?").to_string()
}

fn listed(lang: Lang, id: &str, word: &str) -> bool {
    listed_in(&PLAY, lang, id, word)
}

fn in_list(lang: Lang, id: &str, word: &str) -> bool {
    in_list_of(&PLAY, lang, id, word)
}

/// Lower case without accents: `Préteurs` and `preteurs` are the same word.
pub fn fold(s: &str) -> String {
    deunicode::deunicode(s).to_lowercase()
}

fn command(lang: Lang, word: &str) -> Option<Command> {
    let all = [
        ("words-help", Command::Help(1)),
        ("words-rules", Command::Rules(1)),
        ("words-hint", Command::Hint),
        ("words-undo", Command::Undo),
        ("words-quit", Command::Quit),
        ("words-board", Command::Board),
        ("words-score", Command::Score),
        ("words-log", Command::Log),
        ("words-rest", Command::Rest),
    ];
    let find = |l: Lang| {
        all.iter()
            .find(|(id, _)| in_list(l, id, word))
            .map(|(_, c)| c.clone())
    };
    find(lang).or_else(|| find(Lang::En))
}

/// Whether an answer to a yes/no question is yes (in English or `lang`).
pub fn is_yes(lang: Lang, answer: &str) -> bool {
    listed(lang, "words-yes", &fold(answer.trim()))
}

/// An answer at a `--watch` or `replay --step` pause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pause {
    /// Enter: the next move.
    Next,
    /// To the end without pausing.
    All,
    Board,
    Quit,
    /// `save` and its file name (empty: none given).
    Save(String),
    Unknown,
}

/// Understands an answer at a pause, in `lang` or English.
pub fn pause(lang: Lang, line: &str) -> Pause {
    let line = line.trim();
    let folded = fold(line);
    let first = folded.split_whitespace().next().unwrap_or("");
    if first.is_empty() || listed(lang, "words-next", &folded) {
        Pause::Next
    } else if listed(lang, "words-save", first) {
        let file = line.split_once(char::is_whitespace).map_or("", |(_, f)| f);
        Pause::Save(file.trim().to_string())
    } else if listed(lang, "words-all", &folded) {
        Pause::All
    } else if listed(lang, "words-board", &folded) {
        Pause::Board
    } else if listed(lang, "words-quit", &folded) {
        Pause::Quit
    } else {
        Pause::Unknown
    }
}

/// Understands one line at a choice point with `count` legal moves: a
/// save, a command, a number from the list, else a typed move, which
/// `typed` finds among the legal moves from the line's words (folded,
/// split at spaces and commas) and the line as typed.
pub fn parse_line(
    lang: Lang,
    count: usize,
    line: &str,
    typed: impl FnOnce(&[&str], &str) -> Result<usize, InputError>,
) -> Result<Command, InputError> {
    parse_in_order(lang, count, |k| k, line, typed)
}

/// [`parse_line`] for a screen that numbers the moves in its own order
/// (`Playable::numbered`): the number `n` typed names the legal move
/// `order[n - 1]`, and numbers run from 1 to `order.len()`.
pub fn parse_numbered(
    lang: Lang,
    order: &[usize],
    line: &str,
    typed: impl FnOnce(&[&str], &str) -> Result<usize, InputError>,
) -> Result<Command, InputError> {
    parse_in_order(lang, order.len(), |k| order[k], line, typed)
}

/// A line with `count` numbers to type, the number `k + 1` naming the
/// legal move `nth(k)`.
fn parse_in_order(
    lang: Lang,
    count: usize,
    nth: impl Fn(usize) -> usize,
    line: &str,
    typed: impl FnOnce(&[&str], &str) -> Result<usize, InputError>,
) -> Result<Command, InputError> {
    let line = line.trim();
    let folded = fold(line);
    let words: Vec<&str> = folded
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let Some(&first) = words.first() else {
        return Ok(Command::Empty);
    };
    if listed(lang, "words-save", first) {
        // The file name keeps its case and spaces.
        let rest = line
            .split_once(char::is_whitespace)
            .map_or("", |(_, f)| f.trim());
        return Ok(Command::Save((!rest.is_empty()).then(|| rest.to_string())));
    }
    if words.len() == 1
        && let Some(c) = command(lang, first)
    {
        return Ok(c);
    }
    if words.len() > 1 && listed(lang, "words-explain", first) {
        return Ok(Command::Explain(words[1..].join(" ")));
    }
    // `help 2`, `rules 2`: a page of a long text.
    if let [_, page] = words[..]
        && let Ok(n) = page.parse::<usize>()
    {
        match command(lang, first) {
            Some(Command::Help(_)) => return Ok(Command::Help(n.max(1))),
            Some(Command::Rules(_)) => return Ok(Command::Rules(n.max(1))),
            _ => {}
        }
    }
    if words.len() == 1
        && let Ok(n) = first.trim_end_matches(['.', ')']).parse::<usize>()
    {
        return if n >= 1 && n <= count {
            Ok(Command::Move(nth(n - 1)))
        } else {
            Err(InputError::NoMatch(tr!(
                lang,
                "no-choice",
                n = n,
                count = count
            )))
        };
    }
    typed(&words, line).map(Command::Move)
}

/// After "which one?", a number picks from the moves listed (numbered
/// from 1); anything else is read as usual.
pub fn narrowed_pick(which: &[usize], line: &str) -> Option<Command> {
    let n: usize = line.trim().trim_end_matches(['.', ')']).parse().ok()?;
    (1..=which.len())
        .contains(&n)
        .then(|| Command::Move(which[n - 1]))
}

/// Whether typed word `w` (folded) names token `t` of a move's words: a
/// number only as the whole number (`1` is not `12`), another word as the
/// start of the token.
fn names_token(w: &str, t: &str) -> bool {
    if w.chars().all(|c| c.is_ascii_digit()) {
        t == w
    } else {
        t.starts_with(w)
    }
}

/// Whether every word of `words` names a token of `text`.
fn fits(text: &str, words: &[&str]) -> bool {
    words.iter().all(|w| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|t| names_token(w, t))
    })
}

/// A move typed by its words: the one of `n` moves whose words
/// (`words_of(i)`, folded) hold each typed word (`words`, folded) as the
/// start of one of theirs (a number as a whole one); `line` as typed, for
/// the answer when none does, which says why: the word no legal move has,
/// or that the words fit moves only apart.
pub fn by_words(
    lang: Lang,
    n: usize,
    words_of: impl Fn(usize) -> String,
    words: &[&str],
    line: &str,
) -> Result<usize, InputError> {
    let texts: Vec<String> = (0..n).map(words_of).collect();
    let hits: Vec<usize> = (0..n).filter(|&i| fits(&texts[i], words)).collect();
    match hits[..] {
        [i] => Ok(i),
        [] => Err(InputError::NoMatch(none_fits(lang, &texts, words, line))),
        _ => Err(InputError::Ambiguous(hits)),
    }
}

/// Why no move fits the typed `words`: the first word no legal move has,
/// or (each word fitting some move) that they fit no move together.
pub fn none_fits(lang: Lang, texts: &[String], words: &[&str], line: &str) -> String {
    match words.iter().find(|w| !texts.iter().any(|t| fits(t, &[w]))) {
        Some(w) => tr!(lang, "typed-word-fits-none", line = line, word = *w),
        None => tr!(lang, "typed-words-apart", line = line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_typed_by_the_starts_of_its_words() {
        let moves = ["take card one from pile 1", "take card two from pile 2"];
        let pick = |typed: &[&str]| by_words(Lang::En, 2, |i| moves[i].into(), typed, "");
        assert_eq!(pick(&["tw", "2"]), Ok(1));
        assert_eq!(
            pick(&["take", "ca"]),
            Err(InputError::Ambiguous(vec![0, 1]))
        );
        assert!(matches!(pick(&["ne"]), Err(InputError::NoMatch(_))));
    }

    #[test]
    fn a_number_typed_names_the_move_a_screen_shows_at_it() {
        let none = |_: &[&str], _: &str| Err(InputError::Ambiguous(vec![]));
        let order = [4, 0, 2];
        let pick = |l: &str| parse_numbered(Lang::En, &order, l, none);
        assert_eq!(pick("1"), Ok(Command::Move(4)));
        assert_eq!(pick("3)"), Ok(Command::Move(2)));
        // Three numbers shown, whatever the number of legal moves.
        assert!(matches!(pick("4"), Err(InputError::NoMatch(_))));
    }

    #[test]
    fn a_number_names_only_the_whole_number() {
        let moves = ["place queen in column 1", "place queen in column 12"];
        let pick = |typed: &[&str]| by_words(Lang::En, 2, |i| moves[i].into(), typed, "");
        assert_eq!(pick(&["que", "1"]), Ok(0));
        assert_eq!(pick(&["que", "12"]), Ok(1));
    }

    #[test]
    fn a_typed_move_that_fits_none_says_why() {
        let moves = ["place queen in column 1", "place king in column 2"];
        let why = |typed: &[&str]| match by_words(Lang::En, 2, |i| moves[i].into(), typed, "x") {
            Err(InputError::NoMatch(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(
            why(&["jack", "1"]).contains("\"jack\""),
            "{}",
            why(&["jack", "1"])
        );
        assert!(
            why(&["queen", "2"]).contains("together"),
            "{}",
            why(&["queen", "2"])
        );
    }

    #[test]
    fn help_and_rules_take_a_page_and_explain_takes_a_card() {
        let p = |l: &str| parse_line(Lang::En, 3, l, |_, _| Err(InputError::Ambiguous(vec![])));
        assert_eq!(p("help"), Ok(Command::Help(1)));
        assert_eq!(p("help 2"), Ok(Command::Help(2)));
        assert_eq!(p("rules 3"), Ok(Command::Rules(3)));
        assert_eq!(
            p("explain little gi"),
            Ok(Command::Explain("little gi".into()))
        );
        assert_eq!(
            parse_line(Lang::Fr, 3, "regles 2", |_, _| Err(InputError::Ambiguous(
                vec![]
            ))),
            Ok(Command::Rules(2))
        );
    }
}
