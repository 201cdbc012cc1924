//! What the terminal player prints whatever the game: colours (or none),
//! the terminal controls of `--hotseat`, and text cut to 80 columns. The
//! game draws its own board and choices ([`super::Playable`]).

use super::i18n::Lang;

/// ANSI colours, or none, and the language of the words.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    pub color: bool,
    pub lang: Lang,
}

/// Terminal control for `--hotseat` (not colour: sent with NO_COLOR too).
/// The alternate screen keeps the game out of the terminal's scrollback...
pub const ALT_SCREEN_ON: &str = "\x1b[?1049h";
/// ...and leaving it brings back what the terminal showed before.
pub const ALT_SCREEN_OFF: &str = "\x1b[?1049l";
/// Cursor home, screen cleared, scrollback cleared.
pub const WIPE: &str = "\x1b[H\x1b[2J\x1b[3J";

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    pub fn bold(&self, s: &str) -> String {
        self.paint("1", s)
    }
    pub fn dim(&self, s: &str) -> String {
        self.paint("2", s)
    }
    pub fn error(&self, s: &str) -> String {
        self.paint("31", s)
    }
    pub fn good(&self, s: &str) -> String {
        self.paint("32", s)
    }
    pub fn note(&self, s: &str) -> String {
        self.paint("36", s)
    }
    /// A seat's colour: gold for the first, red for the second, then
    /// green, blue, magenta and cyan.
    pub fn seat(&self, p: usize, s: &str) -> String {
        const SEATS: [&str; 6] = ["33", "31", "32", "34", "35", "36"];
        self.paint(SEATS[p % SEATS.len()], s)
    }
}

/// The width of the screen every text keeps to.
pub const COLUMNS: usize = 80;
/// The rows of the screen: a text longer than this is shown a page at a
/// time ([`pages`]).
pub const ROWS: usize = 24;

/// Width of a string on screen: its display width (a wide character takes
/// two columns, a combining accent none), colour codes taking no room.
pub fn width(s: &str) -> usize {
    textwrap::core::display_width(s)
}

/// `s` padded with spaces to `w` columns.
pub fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// The one way every text is cut: `width` columns, between words at
/// spaces only (never after a hyphen, `fr-suffrage` stays whole), a word
/// longer than a line (a path) kept whole.
pub fn options(width: usize) -> textwrap::Options<'static> {
    textwrap::Options::new(width)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
}

/// `text` cut into lines of at most 80 columns, every one indented.
pub fn wrap_indented(text: &str, indent: &str) -> String {
    wrap_hanging(text, indent, indent)
}

/// `text` cut into lines of at most 80 columns (the later ones indented),
/// each ending in a newline.
pub fn wrap(text: &str, indent: &str) -> String {
    wrap_hanging(text, "", indent)
}

/// `text` cut between words into lines of at most 80 columns, the first
/// indented by `first`, the later ones by `rest`, each ending in a newline.
/// A word longer than a line (a path) is kept whole; colour codes take no
/// room. Widths are display widths (textwrap with `unicode-width`).
pub fn wrap_hanging(text: &str, first: &str, rest: &str) -> String {
    let opts = options(COLUMNS)
        .initial_indent(first)
        .subsequent_indent(rest);
    textwrap::wrap(text, opts)
        .iter()
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The one wrapping of every text the player shows (help, hints, rules,
/// messages, questions): each line of `text` cut between words within 80
/// columns, its later pieces indented as the line is, two columns more.
/// A line that fits is left as it is (a table keeps its spaces).
pub fn wrap_text(text: &str) -> String {
    let mut o = String::new();
    for line in text.lines() {
        if width(line) <= COLUMNS {
            o.push_str(line);
            o.push('\n');
            continue;
        }
        let lead = &line[..line.len() - line.trim_start().len()];
        let rest = format!("{lead}  ");
        o.push_str(&wrap_hanging(line.trim_start(), lead, &rest));
    }
    o
}

/// `text` wrapped ([`wrap_text`]) and cut into pages that leave room on a
/// 24-row screen for the prompt and the line asking for the next page.
pub fn pages(text: &str) -> Vec<String> {
    let wrapped = wrap_text(text);
    let lines: Vec<&str> = wrapped.lines().collect();
    lines
        .chunks(ROWS - 2)
        .map(|c| c.iter().map(|l| format!("{l}\n")).collect())
        .collect()
}

/// Problems with a save file, in `lang`: `FILE:LINE:COL: error: what`
/// (`FILE: error: what` for a problem with no place in the file), then
/// (with `snippet`, where the text is at hand) the line it is on with a
/// caret under the place, then each hint (`= hint: ...`).
pub fn diagnostics(lang: Lang, ds: &crate::diag::Diagnostics, snippet: bool) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    for d in ds.iter() {
        let _ = writeln!(
            o,
            "{}: {} {}",
            d.location(),
            lang.t("diag-error"),
            d.message
        );
        let text = d
            .span
            .as_ref()
            .filter(|_| snippet && d.place().is_some())
            .and_then(|_| crate::load::read_text(&d.file).ok());
        if let Some(line) = text
            .as_deref()
            .and_then(|t| t.lines().nth(d.line.saturating_sub(1)))
        {
            let n = d.line.to_string();
            let line: String = line.chars().take(200).collect();
            let _ = writeln!(o, " {n} | {line}");
            let caret = " ".repeat(d.col.saturating_sub(1).min(200));
            let _ = writeln!(o, " {} | {caret}^", " ".repeat(n.len()));
        }
        for h in &d.hints {
            let _ = writeln!(o, "  = {} {h}", lang.t("diag-hint"));
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_cuts_at_spaces_only_within_80_display_columns() {
        let text = format!("{} --variant fr-suffrage, FICHIER été", "mot ".repeat(17));
        let w = wrap_text(&text);
        assert!(w.lines().all(|l| width(l) <= COLUMNS), "{w}");
        assert!(w.contains("fr-suffrage"), "{w}");
        let words: Vec<&str> = w.split_whitespace().collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
        // Display width: an accented letter is one column, a wide one two.
        assert_eq!(width("été"), 3);
        assert_eq!(width("漢字"), 4);
        assert_eq!(width("\x1b[31mred\x1b[0m"), 3);
    }

    #[test]
    fn a_long_text_comes_in_pages_that_leave_the_prompt_its_row() {
        let text: String = (0..50).map(|i| format!("line {i}\n")).collect();
        let p = pages(&text);
        assert_eq!(p.len(), 3);
        assert!(p.iter().all(|p| p.lines().count() <= ROWS - 2));
        assert_eq!(p.concat(), text);
    }
}
