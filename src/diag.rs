//! One diagnostic type for every problem found in user input: rule files,
//! command lines, moves. The library returns data; only the CLI renders it
//! (with ariadne, when the source text is at hand).

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;

/// A problem in a file, with the place it was found and optional hints.
/// A problem with no place in its file (a folder, a file that cannot be
/// read, a command-line argument) has line and column 0
/// ([`Diagnostic::whole`]), and is shown without them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it (relative paths stay relative).
    pub file: PathBuf,
    /// 1-based line; 0 when the problem has no place in the file.
    pub line: usize,
    /// 1-based column, in characters; 0 when the problem has no place.
    pub col: usize,
    /// Byte range in the file, when known (for rendering a snippet).
    pub span: Option<Range<usize>>,
    /// What is wrong, as a sentence.
    pub message: String,
    /// How to fix it, or what would have been accepted.
    pub hints: Vec<String>,
}

impl Diagnostic {
    /// A problem about `file` as a whole (or a folder, or an argument):
    /// no line, no column.
    pub fn whole(file: impl Into<PathBuf>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.into(),
            line: 0,
            col: 0,
            span: None,
            message: message.into(),
            hints: vec![],
        }
    }

    /// The line and column, if the problem has a place in its file.
    pub fn place(&self) -> Option<(usize, usize)> {
        (self.line > 0).then_some((self.line, self.col.max(1)))
    }

    /// Where the problem is, as shown: `file:line:col`, or `file` alone
    /// when it has no place in it.
    pub fn location(&self) -> String {
        match self.place() {
            Some((line, col)) => format!("{}:{line}:{col}", self.file.display()),
            None => self.file.display().to_string(),
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: error: {}", self.location(), self.message)?;
        for h in &self.hints {
            write!(f, "\n  = hint: {h}")?;
        }
        Ok(())
    }
}

/// Every problem found in one pass (loading reports all, not just the first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagnostic_without_a_place_is_shown_without_line_and_column() {
        let d = Diagnostic::whole("rules/names", "no names in the language \"de\"");
        assert_eq!(d.place(), None);
        assert_eq!(
            d.to_string(),
            "rules/names: error: no names in the language \"de\""
        );
        let at = Diagnostic {
            line: 3,
            col: 7,
            ..d
        };
        assert_eq!(at.place(), Some((3, 7)));
        assert!(at.to_string().starts_with("rules/names:3:7: error: "));
    }
}
