//! Reading RON rule files into raw structs, keeping positions for diagnostics.
//!
//! ron has no spanned values, so [`Spanned`] borrows the raw text of a value
//! (ron's `RawValue`) and remembers where it lies in the source; validation
//! later turns that back into file:line:column.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use ron::value::RawValue;
use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer};

use crate::diag::{Diagnostic, Diagnostics};

pub mod overlay;
pub mod rules_dir;
pub mod toggles;
pub use rules_dir::GameDir;

/// A rule file's text and the name it is reported under.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
}

/// A rule file and what it says, read as `T` ([`GameDir::parse`]): the
/// `Spanned` values of `raw` point into `file`'s text.
pub struct Parsed<T> {
    pub file: SourceFile,
    pub raw: T,
}

/// Reads a text file as UTF-8, without the byte-order mark some editors put
/// first. Every file the program reads goes through here (positions in
/// diagnostics are then offsets of the text without the mark).
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let mut text = std::fs::read_to_string(path)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

impl SourceFile {
    pub fn read(path: &Path) -> Result<SourceFile, Diagnostic> {
        match read_text(path) {
            Ok(text) => Ok(SourceFile {
                path: path.to_path_buf(),
                text,
            }),
            Err(e) => Err(Diagnostic::whole(
                path,
                format!("cannot read the file: {e}"),
            )),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// Byte offset of a 1-based line and column.
    pub fn offset_of(&self, line: usize, col: usize) -> usize {
        let mut off = 0;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if i + 1 == line {
                let c = l
                    .char_indices()
                    .nth(col.saturating_sub(1))
                    .map_or(l.len(), |(b, _)| b);
                return off + c;
            }
            off += l.len();
        }
        self.text.len()
    }

    /// A diagnostic at a byte range of this file.
    pub fn error_at(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(span.start);
        Diagnostic {
            file: self.path.clone(),
            line,
            col,
            span: Some(span),
            message: message.into(),
            hints: vec![],
        }
    }

    /// A diagnostic at a value read from this file (or at its start when the
    /// value carries no position).
    pub fn error<T>(&self, at: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        let span = at.span_in(&self.text).unwrap_or(0..0);
        self.error_at(span, message)
    }

    /// Parses the whole file as `T`, turning ron's error into a diagnostic.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        self.parse_borrowed()
    }

    /// Byte range of `part` (a slice of this file's text, such as a raw
    /// value's) in the file, from its value on: the white space and
    /// comments before it are skipped.
    pub fn span_of(&self, part: &str) -> Range<usize> {
        let start = (part.as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        start + (part.len() - skip_trivia(part).len())..start + part.len()
    }

    /// Parses `part` (a slice of this file's text, a raw value read with
    /// [`SourceFile::parse_borrowed`]) as `T`, an error at its place in the
    /// file.
    pub fn parse_part<'a, T: serde::Deserialize<'a>>(
        &self,
        part: &'a str,
    ) -> Result<T, Diagnostic> {
        let opts = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        opts.from_str::<T>(part).map_err(|e| {
            let inner = SourceFile {
                path: self.path.clone(),
                text: part.to_string(),
            };
            let base = (part.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
            let off = base + inner.offset_of(e.span.start.line, e.span.start.col);
            let (message, hint) = ron_message(&e.code);
            let d = self.error_at(off..off, message);
            match hint {
                Some(h) => d.with_hint(h),
                None => d,
            }
        })
    }

    /// Like [`SourceFile::parse`], for types that borrow from the text.
    pub fn parse_borrowed<'a, T: serde::Deserialize<'a>>(&'a self) -> Result<T, Diagnostic> {
        let opts = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        opts.from_str::<T>(&self.text).map_err(|e| {
            let start = self.offset_of(e.span.start.line, e.span.start.col);
            let end = self.offset_of(e.span.end.line, e.span.end.col).max(start);
            let (message, hint) = ron_message(&e.code);
            let d = self.error_at(start..end, message);
            match hint {
                Some(h) => d.with_hint(h),
                None => d,
            }
        })
    }
}

/// ron's message, reworded where it would name an internal Rust type.
pub fn ron_message(e: &ron::Error) -> (String, Option<String>) {
    use ron::Error as E;
    match e {
        E::NoSuchStructField {
            expected, found, ..
        } => (
            format!("unknown field `{found}`"),
            Some(format!("the fields here are: {}", expected.join(", "))),
        ),
        E::MissingStructField { field, .. } => (format!("missing field `{field}`"), None),
        E::DuplicateStructField { field, .. } => (format!("field `{field}` is given twice"), None),
        E::NoSuchEnumVariant {
            expected, found, ..
        } => (
            format!("unknown value `{found}`"),
            Some(format!("the values here are: {}", expected.join(", "))),
        ),
        other => (other.to_string().trim_end_matches('.').to_string(), None),
    }
}

/// A value with the place in the source text it was read from.
///
/// Deserialize it from a string source (`ron::from_str`); it records the
/// address of its raw text, which [`Spanned::span_in`] maps back to an offset
/// of the same source.
#[derive(Clone)]
pub struct Spanned<T> {
    pub value: T,
    addr: usize,
    len: usize,
}

impl<T> Spanned<T> {
    /// A value that did not come from a file (defaults, overrides).
    pub fn detached(value: T) -> Self {
        Spanned {
            value,
            addr: 0,
            len: 0,
        }
    }

    /// Another value at the same place (a part of this one, say).
    pub fn with_value<U>(&self, value: U) -> Spanned<U> {
        Spanned {
            value,
            addr: self.addr,
            len: self.len,
        }
    }

    /// Byte range of the value inside `source`, if it was read from it.
    pub fn span_in(&self, source: &str) -> Option<Range<usize>> {
        let base = source.as_ptr() as usize;
        if self.addr >= base && self.addr + self.len <= base + source.len() && self.len > 0 {
            let start = self.addr - base;
            Some(start..start + self.len)
        } else {
            None
        }
    }
}

impl<T: serde::Serialize> serde::Serialize for Spanned<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

/// Skips white space and comments at the start of a raw value.
fn skip_trivia(mut s: &str) -> &str {
    loop {
        let t = s.trim_start();
        if let Some(rest) = t.strip_prefix("//") {
            s = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = t.strip_prefix("/*") {
            s = rest.find("*/").map_or("", |i| &rest[i + 2..]);
        } else {
            return t;
        }
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw: &'de RawValue = <&'de RawValue>::deserialize(d)?;
        let text = skip_trivia(raw.get_ron()).trim_end();
        let value = raw
            .into_rust::<T>()
            .map_err(|e| serde::de::Error::custom(e.code.to_string()))?;
        Ok(Spanned {
            value,
            addr: text.as_ptr() as usize,
            len: text.len(),
        })
    }
}

/// For a string literal as written in RON (`"..."` or `r#"..."#`), the byte
/// offset in the literal of each byte of the string's content, plus one past
/// the end; `None` if `literal` is not a string literal.
pub fn string_content_offsets(literal: &str) -> Option<Vec<usize>> {
    let b = literal.as_bytes();
    if b.first() == Some(&b'r') {
        let hashes = b[1..].iter().take_while(|&&c| c == b'#').count();
        let start = 1 + hashes + 1;
        let end = literal.len().checked_sub(1 + hashes)?;
        return (start <= end).then(|| (start..=end).collect());
    }
    if b.first() != Some(&b'"') {
        return None;
    }
    let mut out = Vec::new();
    let mut i = 1;
    while i + 1 < b.len() {
        if b[i] == b'\\' {
            // One escape is one content character; `\u{...}` may encode
            // to several bytes of content.
            let (esc_len, decoded_len) = if b.get(i + 1) == Some(&b'u') {
                let end = literal[i..].find('}').map_or(2, |e| e + 1);
                let hex = literal[i..i + end]
                    .trim_start_matches("\\u{")
                    .trim_end_matches('}');
                let n = u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .map_or(1, char::len_utf8);
                (end, n)
            } else {
                (2, 1)
            };
            for _ in 0..decoded_len {
                out.push(i);
            }
            i += esc_len;
        } else {
            out.push(i);
            i += 1;
        }
    }
    out.push(i);
    Some(out)
}

/// Parses a file, pushing the error (if any) into `diags`.
pub fn parse_into<T: DeserializeOwned>(file: &SourceFile, diags: &mut Diagnostics) -> Option<T> {
    match file.parse::<T>() {
        Ok(v) => Some(v),
        Err(d) => {
            diags.push(d);
            None
        }
    }
}

/// FNV-1a, 64 bits: a hash that is the same on every build and machine, for
/// fingerprints written into files (saves).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The closest of `candidates` to `word`, for "did you mean" hints.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim_distance(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn strsim_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct T {
        a: Vec<Spanned<String>>,
    }

    #[test]
    fn spans_point_at_values_after_comments() {
        let src = "(a: [\"x\", // note\n \"yy\"])";
        let f = SourceFile {
            path: "t.ron".into(),
            text: src.into(),
        };
        let t: T = f.parse().unwrap();
        let s = t.a[1].span_in(&f.text).unwrap();
        assert_eq!(&src[s.clone()], "\"yy\"");
        assert_eq!(f.line_col(s.start), (2, 2));
    }
}
