//! What every game's compiler shares: the scaffolding between the AST and a
//! game's ops. A game's compiler (`games::<game>::compile`) decides what the
//! names mean (its zones, filters, players, ops); this module gives it the
//! problems collected at their byte spans, tables of known names with the
//! "did you mean" hint, the typed variables a `choose` binds, the numbers
//! checked against their range, and the way back from an effect's spans to
//! the line and column of the rule file that holds its text.
//!
//! It names no game and no card: every word it checks is passed in.

use std::borrow::Cow;
use std::mem::discriminant;
use std::ops::{Range, RangeInclusive};

use super::SyntaxError;
use super::ast::{Ident, Spanned2, Statement, Trigger};
use crate::diag::Diagnostics;
use crate::load::{SourceFile, Spanned, string_content_offsets};

/// Most cards one `draw` statement draws (both games' `draw <player> <n>`).
pub const MAX_DRAW: u32 = 5;

/// A semantic problem at a byte range of the effect text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub span: Range<usize>,
    pub message: String,
    pub hint: Option<String>,
}

impl From<SyntaxError> for Problem {
    fn from(e: SyntaxError) -> Problem {
        Problem {
            span: e.span,
            message: e.message,
            hint: None,
        }
    }
}

/// Every problem found in one text, in the order found: a compiler goes on
/// after a problem, so that a designer sees them all at once.
#[derive(Debug, Default)]
pub struct Problems(Vec<Problem>);

impl Problems {
    pub fn problem(
        &mut self,
        span: Range<usize>,
        message: impl Into<String>,
        hint: Option<String>,
    ) {
        self.0.push(Problem {
            span,
            message: message.into(),
            hint,
        });
    }

    /// "unknown <what> `x`", with the nearest known word and the list.
    pub fn unknown(&mut self, what: &str, id: &Ident, known: &[&str]) {
        let list = format!("{what}s: {}", known.join(", "));
        let hint = match crate::load::nearest(&id.name, known.iter().copied()) {
            Some(n) => format!("did you mean `{n}`? {list}"),
            None => list,
        };
        let message = format!("unknown {what} `{}`", id.name);
        self.problem(id.span.clone(), message, Some(hint));
    }

    /// "`x` is not defined": a name that is no variable (nor anything else
    /// the game knows there).
    pub fn undefined(&mut self, id: &Ident, hint: Option<String>) {
        let message = format!("`{}` is not defined", id.name);
        self.problem(id.span.clone(), message, hint);
    }

    /// A number of the text in `range`, else `message` at its place; the
    /// value is clamped into the range so that compiling can go on.
    pub fn within(&mut self, n: &Spanned2<u32>, range: RangeInclusive<u32>, message: &str) -> u32 {
        if !range.contains(&n.value) {
            self.problem(n.span.clone(), message, None);
        }
        n.value.clamp(*range.start(), *range.end())
    }

    /// The count of a `draw`: 1 to [`MAX_DRAW`].
    pub fn draw_count(&mut self, n: &Spanned2<u32>) -> u8 {
        self.within(n, 1..=MAX_DRAW, "draw between 1 and 5 cards") as u8
    }

    /// A text of more than `max` statements (their `spans`) is refused at
    /// the first one too many; `what` names the text ("effect"), after "an".
    pub fn at_most_statements(
        &mut self,
        mut spans: impl Iterator<Item = Range<usize>>,
        max: usize,
        what: &str,
    ) {
        if let Some(s) = spans.nth(max) {
            self.problem(
                s,
                format!("an {what} has at most {max} statements"),
                Some(format!("split the {what}, or simplify it")),
            );
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The compiled program if nothing was wrong, else every problem.
    pub fn finish<T>(self, program: impl FnOnce() -> T) -> Result<T, Vec<Problem>> {
        if self.0.is_empty() {
            Ok(program())
        } else {
            Err(self.0)
        }
    }
}

/// The triggers and statements a game gives a meaning to: the language has
/// more (one language for every game), and a game's compiler rejects the
/// others at their place, naming what it is and what the game's texts have.
#[derive(Debug, Clone, Copy)]
pub struct Meanings {
    /// The game's texts in a message: "this game's action cards".
    pub texts: &'static str,
    pub triggers: &'static [&'static str],
    pub statements: &'static [&'static str],
}

impl Meanings {
    /// "<what> has no meaning in <texts>", at `span`, with `hint`: a
    /// form inside a statement (`what`: "`|` between cards", "a comparison").
    pub fn reject(&self, p: &mut Problems, span: Range<usize>, what: &str, hint: Option<String>) {
        let message = format!("{what} has no meaning in {}", self.texts);
        p.problem(span, message, hint);
    }

    /// A statement the game gives no meaning to.
    pub fn reject_statement(&self, p: &mut Problems, s: &Statement) {
        let what = format!("`{}`", s.kind.name());
        let hint = format!("its statements are: {}", self.statements.join(", "));
        self.reject(p, s.span.clone(), &what, Some(hint));
    }

    /// A trigger the game gives no meaning to.
    pub fn reject_trigger(&self, p: &mut Problems, t: &Trigger) {
        let what = format!("`{}`", t.name());
        let hint = format!("its triggers are: {}", self.triggers.join(", "));
        self.reject(p, t.span.clone(), &what, Some(hint));
    }
}

/// The names one place of the language accepts, each with its meaning: the
/// words of the language there (`up`, `down`) or the ids of the rules (card
/// kinds, groups) with their index. An unknown name is reported with the
/// nearest known one.
#[derive(Debug, Clone)]
pub struct Names<'a, T: Clone = usize> {
    what: &'a str,
    entries: Cow<'a, [(&'a str, T)]>,
}

impl<'a, T: Clone> Names<'a, T> {
    /// A fixed table of words, named `what` in messages ("face", "zone").
    pub const fn words(what: &'a str, entries: &'a [(&'a str, T)]) -> Self {
        Names {
            what,
            entries: Cow::Borrowed(entries),
        }
    }

    /// A table built from the rules.
    pub fn new(what: &'a str, entries: impl IntoIterator<Item = (&'a str, T)>) -> Self {
        Names {
            what,
            entries: Cow::Owned(entries.into_iter().collect()),
        }
    }

    pub fn get(&self, name: &str) -> Option<T> {
        let e = self.entries.iter().find(|(n, _)| *n == name)?;
        Some(e.1.clone())
    }

    pub fn known(&self) -> Vec<&'a str> {
        self.entries.iter().map(|(n, _)| *n).collect()
    }

    /// The meaning of `id`, or "unknown <what>" at its place.
    pub fn lookup(&self, id: &Ident, problems: &mut Problems) -> Option<T> {
        let found = self.get(&id.name);
        if found.is_none() {
            problems.unknown(self.what, id, &self.known());
        }
        found
    }
}

impl<'a> Names<'a, usize> {
    /// Ids of the rules, each to its index.
    pub fn ids(what: &'a str, ids: impl IntoIterator<Item = &'a str>) -> Self {
        Names::new(what, ids.into_iter().enumerate().map(|(i, n)| (n, i)))
    }
}

/// The type of a variable, as a game's compiler knows them (a group, a
/// card). Two variables have the same type when their variants
/// are the same (a card in a hand and a card on the table are both cards).
pub trait VarType: Copy {
    /// The type in a message: "a card", "a group".
    fn noun(self) -> &'static str;
}

/// The variables a text's `choose` statements bind, by index in the order
/// bound (a game's ops name them by that index), with their types.
#[derive(Debug)]
pub struct Scope<'a, Ty> {
    vars: Vec<(String, Ty)>,
    cap: usize,
    /// Names the game gives a meaning of its own (`this`).
    reserved: &'a [&'a str],
    /// The variables read since the last `take_reads`, as bits.
    reads: u32,
}

impl<'a, Ty: VarType> Scope<'a, Ty> {
    /// At most `cap` variables (at most 32: the reads are bits of a `u32`).
    pub fn new(cap: usize, reserved: &'a [&'a str]) -> Self {
        assert!((1..=32).contains(&cap));
        Scope {
            vars: Vec::new(),
            cap,
            reserved,
            reads: 0,
        }
    }

    /// Binds `id` to the next index; a name given twice or one too many
    /// variables is a problem (the index stays below the cap).
    pub fn bind(&mut self, id: &Ident, ty: Ty, problems: &mut Problems) -> u8 {
        if self.reserved.contains(&id.name.as_str()) || self.get(&id.name).is_some() {
            let message = format!("`{}` is already a name here", id.name);
            problems.problem(id.span.clone(), message, None);
        }
        if self.vars.len() >= self.cap {
            let message = format!("at most {} `choose` statements", self.cap);
            problems.problem(id.span.clone(), message, None);
        }
        self.vars.push((id.name.clone(), ty));
        (self.vars.len() - 1).min(self.cap - 1) as u8
    }

    /// The index and type of a variable, if `name` is one.
    pub fn get(&self, name: &str) -> Option<(u8, Ty)> {
        let i = self.vars.iter().position(|(n, _)| n == name)?;
        Some((i as u8, self.vars[i].1))
    }

    /// The type of the variable of index `ix`.
    pub fn ty(&self, ix: u8) -> Ty {
        self.vars[usize::from(ix)].1
    }

    /// A variable of `want`'s type, recorded as read; a problem if it is
    /// of another type, or not defined (with `hint`).
    pub fn typed(
        &mut self,
        id: &Ident,
        want: Ty,
        problems: &mut Problems,
        hint: impl FnOnce(&Self) -> Option<String>,
    ) -> Option<u8> {
        let Some((i, ty)) = self.get(&id.name) else {
            problems.undefined(id, hint(self));
            return None;
        };
        if discriminant(&ty) != discriminant(&want) {
            let message = format!("`{}` is {}, not {}", id.name, ty.noun(), want.noun());
            problems.problem(id.span.clone(), message, None);
            return None;
        }
        self.reads |= 1 << i;
        Some(i)
    }

    /// The names of the variables of `like`'s type, in the order bound.
    pub fn names_like(&self, like: Ty) -> Vec<&str> {
        let same = |t: &Ty| discriminant(t) == discriminant(&like);
        let vars = self.vars.iter().filter(|(_, t)| same(t));
        vars.map(|(n, _)| n.as_str()).collect()
    }

    /// The variables read since the last call, as bits (bit i: variable i).
    pub fn take_reads(&mut self) -> u32 {
        std::mem::take(&mut self.reads)
    }
}

/// Where an effect's text lies in its rule file: a byte of the text is
/// mapped to the byte of the file that writes it (past the quote, through
/// escapes), so that a problem is reported at the file's line and column.
struct TextInFile {
    literal: Option<Range<usize>>,
    offsets: Option<Vec<usize>>,
}

impl TextInFile {
    fn new(file: &SourceFile, text: &Spanned<String>) -> TextInFile {
        let literal = text.span_in(&file.text);
        let offsets = literal
            .as_ref()
            .and_then(|r| string_content_offsets(&file.text[r.clone()]));
        TextInFile { literal, offsets }
    }

    fn at(&self, off: usize) -> usize {
        match (&self.literal, &self.offsets) {
            (Some(r), Some(o)) => r.start + o.get(off).or(o.last()).copied().unwrap_or(0),
            (Some(r), None) => r.start,
            _ => 0,
        }
    }

    fn span(&self, r: Range<usize>) -> Range<usize> {
        let (a, b) = (self.at(r.start), self.at(r.end.max(r.start)));
        a..b.max(a)
    }
}

/// The effect `text` read from `file`, parsed and compiled by `compile`
/// (a game's compiler); its problems, of syntax or of meaning, as
/// [`diagnostics`] after `context`.
pub fn program<P>(
    file: &SourceFile,
    text: &Spanned<String>,
    context: &str,
    compile: impl FnOnce(&super::ast::Effect) -> Result<P, Vec<Problem>>,
) -> Result<P, Diagnostics> {
    let problems = match super::parse(&text.value) {
        Err(e) => vec![e.into()],
        Ok(ast) => match compile(&ast) {
            Ok(p) => return Ok(p),
            Err(problems) => problems,
        },
    };
    Err(diagnostics(file, text, context, problems))
}

/// The problems of the effect `text` read from `file`, as diagnostics at
/// their place there, each message after `context` ("in the effect of
/// `<card id>`").
pub fn diagnostics(
    file: &SourceFile,
    text: &Spanned<String>,
    context: &str,
    problems: Vec<Problem>,
) -> Diagnostics {
    let place = TextInFile::new(file, text);
    let one = |p: Problem| {
        let mut d = file.error_at(place.span(p.span), format!("{context}: {}", p.message));
        d.hints.extend(p.hint);
        d
    };
    Diagnostics(problems.into_iter().map(one).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> Ident {
        Ident {
            name: name.into(),
            span: 3..3 + name.len(),
        }
    }

    fn messages(p: Problems) -> Vec<String> {
        let all = p.finish(|| ()).unwrap_err();
        all.into_iter()
            .map(|p| format!("{} [{}]", p.message, p.hint.unwrap_or_default()))
            .collect()
    }

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Ty {
        Card(u8),
        Group,
    }

    impl VarType for Ty {
        fn noun(self) -> &'static str {
            match self {
                Ty::Card(_) => "a card",
                Ty::Group => "a group",
            }
        }
    }

    #[test]
    fn an_unknown_name_is_reported_with_the_nearest() {
        const FACES: Names<bool> = Names::words("face", &[("up", true), ("down", false)]);
        let mut p = Problems::default();
        assert_eq!(FACES.lookup(&id("up"), &mut p), Some(true));
        assert!(p.is_empty());
        assert_eq!(FACES.lookup(&id("dwn"), &mut p), None);
        let ids = Names::ids("card", ["alpha", "beta"]);
        assert_eq!(ids.lookup(&id("beta"), &mut p), Some(1));
        assert_eq!(ids.lookup(&id("zzz"), &mut p), None);
        assert_eq!(
            messages(p),
            [
                "unknown face `dwn` [did you mean `down`? faces: up, down]",
                "unknown card `zzz` [cards: alpha, beta]",
            ]
        );
    }

    #[test]
    fn variables_are_typed_capped_and_named_once() {
        let mut p = Problems::default();
        let mut s = Scope::new(2, &["this"]);
        assert_eq!(s.bind(&id("c"), Ty::Card(1), &mut p), 0);
        assert_eq!(s.bind(&id("g"), Ty::Group, &mut p), 1);
        assert_eq!(s.bind(&id("this"), Ty::Group, &mut p), 1);
        assert_eq!(s.typed(&id("c"), Ty::Card(0), &mut p, |_| None), Some(0));
        assert_eq!(s.take_reads(), 1);
        assert_eq!(s.typed(&id("g"), Ty::Card(0), &mut p, |_| None), None);
        let hint = |s: &Scope<Ty>| Some(s.names_like(Ty::Card(0)).join(", "));
        assert_eq!(s.typed(&id("d"), Ty::Card(0), &mut p, hint), None);
        assert_eq!(s.take_reads(), 0);
        assert_eq!(
            messages(p),
            [
                "`this` is already a name here []",
                "at most 2 `choose` statements []",
                "`g` is a group, not a card []",
                "`d` is not defined [c]",
            ]
        );
    }

    #[test]
    fn numbers_are_checked_and_clamped() {
        let mut p = Problems::default();
        let n = |value| Spanned2 { value, span: 0..1 };
        assert_eq!(p.draw_count(&n(2)), 2);
        assert_eq!(p.draw_count(&n(0)), 1);
        assert_eq!(p.within(&n(1001), 0..=1000, "at most 1000"), 1000);
        p.at_most_statements([0..1, 2..3, 4..5].into_iter(), 2, "effect");
        assert_eq!(
            messages(p),
            [
                "draw between 1 and 5 cards []",
                "at most 1000 []",
                "an effect has at most 2 statements [split the effect, or simplify it]",
            ]
        );
    }
}
