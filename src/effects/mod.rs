//! The effect language: grammar (`grammar.pest`) → parse tree (`tree`) →
//! typed AST ([`ast`]). One language for every game: one entry rule, one
//! set of triggers and statements.
//!
//! This module knows the language's shape only: which words name zones,
//! filters, players or cards, and which triggers and statements mean
//! something, is decided by the game module that compiles the AST against
//! its rules (`games::<game>::compile`), on the shared scaffolding of
//! [`compile`] (problems,
//! name tables, variables, places).
//!
//! **Invariant:** no pest type escapes this module. Positions are byte
//! offsets into the effect text; the caller maps them into its file.

pub mod ast;
pub mod compile;
pub mod run;
mod tree;

use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::{LazyLock, Mutex};

use lru::LruCache;

use pest::Parser;
use pest::iterators::Pair;

use ast::*;

mod parser {
    #[derive(pest_derive::Parser)]
    #[grammar = "effects/grammar.pest"]
    pub struct EffectParser;
}

use parser::{EffectParser, Rule};

/// A syntax error: where (byte offsets in the effect text) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Range<usize>,
    pub message: String,
}

/// Parses one text of the effect language: an action card's effect, a
/// reaction, a described game's procedure or a kind's blocks.
///
/// The last [`PARSED_KEPT`] texts (of at most [`PARSED_MAX_LEN`] bytes)
/// are kept with what they gave: `ludus check`, a sweep, the fuzz targets
/// and the tests load the same rules again and again (every player count,
/// variant and language), and parsing is most of a load. Parsing is pure:
/// a kept result is the one parsing again would give.
pub fn parse(text: &str) -> Result<Effect, SyntaxError> {
    let kept = || PARSED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = kept().get(text) {
        return found.clone();
    }
    let parsed = parse_anew(text);
    if text.len() <= PARSED_MAX_LEN {
        kept().put(text.to_owned(), parsed.clone());
    }
    parsed
}

/// How many parsed texts [`parse`] keeps (the least recently used goes),
/// and the longest it keeps.
const PARSED_KEPT: usize = 64;
const PARSED_MAX_LEN: usize = 256 * 1024;

type Parsed = Result<Effect, SyntaxError>;

static PARSED: LazyLock<Mutex<LruCache<String, Parsed>>> = LazyLock::new(|| {
    let kept = NonZeroUsize::new(PARSED_KEPT).expect("PARSED_KEPT is not 0");
    Mutex::new(LruCache::new(kept))
});

fn parse_anew(text: &str) -> Parsed {
    let mut pairs = EffectParser::parse(Rule::effect, text).map_err(|e| syntax_error(text, e))?;
    Ok(tree::effect(pairs.next().expect("the effect rule")))
}

/// Parses one expression alone (a described game's evaluation).
pub fn parse_expression(text: &str) -> Result<Expr, SyntaxError> {
    let mut pairs =
        EffectParser::parse(Rule::expression, text).map_err(|e| syntax_error(text, e))?;
    let top = pairs.next().expect("the expression rule");
    let e = top.into_inner().next().expect("an expression");
    Ok(tree::expr(e))
}

/// The triggers of the language, as syntax errors list them.
macro_rules! triggers {
    () => {
        "`on opponent action:`"
    };
}

/// The statements of the language, as syntax errors list them.
macro_rules! statements {
    () => {
        "choose, discard, remove, reveal, look at, draw, take, place taken, cancel, require; in a procedure: phase, if, while, loop, for, set, put, shuffle, goto, break, end game, tell, clear, let, run, return, on"
    };
}

const TRIGGER: &str = concat!("a trigger (", triggers!(), ")");
const STATEMENT: &str = concat!("a statement (", statements!(), ")");
/// What may open a text.
const TRIGGER_OR_STATEMENT: &str = concat!(
    "a trigger (",
    triggers!(),
    ") or a statement (",
    statements!(),
    ")"
);

/// What a grammar rule is called in an error message.
fn rule_name(r: &Rule) -> &'static str {
    match r {
        Rule::effect => TRIGGER_OR_STATEMENT,
        Rule::EOI => "the end of the effect",
        Rule::semicolon => "`;`",
        Rule::trigger | Rule::on_action | Rule::kw_on => TRIGGER,
        r if is_statement(r) => STATEMENT,
        Rule::choose_group | Rule::kw_group => "`group`",
        Rule::choose_card | Rule::kw_card => "`card`",
        Rule::kw_from => "`from`",
        Rule::where_clause | Rule::kw_where => "`where`",
        Rule::kw_and => "`and`",
        Rule::any | Rule::kw_any => "`any`",
        Rule::no | Rule::kw_no => "`no`",
        Rule::not_equal => "`x != y`",
        Rule::condition => {
            "a condition (any <cards>, no <cards>, x != y, or a comparison such as count(...) == 1)"
        }
        Rule::compare => "a comparison such as count(...) == 1",
        Rule::kw_at => "`at`",
        Rule::kw_taken => "`taken`",
        Rule::kw_action => "`action`",
        Rule::except | Rule::kw_except => "`except`",
        Rule::optional | Rule::kw_optional => "`optional`",
        Rule::count | Rule::int => "a number",
        Rule::filter => "a filter such as owner: opponent",
        Rule::group_set => "a value",
        Rule::ident => "a name",
        r => word_name(r),
    }
}

/// The statements' rules and their leading keywords.
fn is_statement(r: &Rule) -> bool {
    use Rule::*;
    matches!(
        r,
        choose
            | kw_choose
            | discard
            | kw_discard
            | remove
            | kw_remove
            | reveal
            | kw_reveal
            | look
            | kw_look
            | draw
            | kw_draw
            | take
            | kw_take
            | place
            | kw_place
            | cancel
            | kw_cancel
            | require
            | kw_require
            | phase_def
            | kw_phase
            | if_st
            | kw_if
            | while_st
            | kw_while
            | loop_st
            | kw_loop
            | for_seat
            | choose_by
            | set_var
            | kw_set
            | put
            | kw_put
            | shuffle
            | kw_shuffle
            | goto
            | kw_goto
            | break_loop
            | kw_break
            | end_game
            | kw_end
            | tell
            | kw_tell
            | for_card
            | for_index
            | kw_for
            | clear_st
            | kw_clear
            | let_st
            | kw_let
            | run_st
            | kw_run
            | return_st
            | kw_return
            | on_block
    )
}

/// What the other rules are called in an error message: the words inside
/// statements, cards and expressions.
fn word_name(r: &Rule) -> &'static str {
    match r {
        Rule::kw_to => "`to`",
        Rule::by | Rule::kw_by => "`by`",
        Rule::kw_value => "`value`",
        Rule::cards | Rule::card_set => "cards such as c, table(owner: opponent) or deck(d)",
        Rule::cmp_op => "a comparison (>=, <=, ==, !=, >, <)",
        Rule::expr | Rule::product | Rule::signed | Rule::count_of | Rule::value_of => {
            "a number, count(...) or value(...)"
        }
        Rule::add_op => "`+` or `-`",
        Rule::block => "`{`",
        Rule::test | Rule::conj | Rule::neg_test | Rule::flag => {
            "a test such as count(hand(seat: p)) > 0, a flag, or tests joined by and, or, not"
        }
        Rule::option => "an option such as lay: card c from hand(seat: p) { ... }",
        Rule::kw_then => "`then`",
        Rule::kw_else => "`else`",
        Rule::kw_in => "`in`",
        Rule::seat_start => "`from` or `after`",
        Rule::face => "`face up` or `face down`",
        _ => "something else",
    }
}

/// The offset just after the last token before `pos` (skipping white space
/// and `//` comments backwards).
fn end_of_previous_token(text: &str, pos: usize) -> usize {
    let mut end = pos.min(text.len());
    loop {
        let before = text[..end].trim_end();
        // A comment runs to the end of its line: if the line holds `//`
        // outside the token, step over it.
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        match before[line_start..].find("//") {
            Some(c) if line_start + c < before.len() => end = line_start + c,
            _ => return before.len(),
        }
    }
}

/// A pest error as a message: what was expected, by the names of
/// [`rule_name`].
fn syntax_error(text: &str, e: pest::error::Error<Rule>) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let mut span = match e.location {
        InputLocation::Pos(p) => p..p,
        InputLocation::Span((a, b)) => a..b,
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            let mut names: Vec<&str> = Vec::new();
            for n in positives.iter().map(rule_name) {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            // A missing `;` is noticed at the next word: point just after the
            // statement instead.
            if positives.contains(&Rule::semicolon) {
                let end = end_of_previous_token(text, span.start);
                span = end..end;
            }
            if !negatives.is_empty() {
                let n: Vec<&str> = negatives.iter().map(rule_name).collect();
                format!("unexpected {}", join_or(&n))
            } else if names.is_empty() {
                "unexpected text".to_string()
            } else {
                format!("expected {}", join_or(&names))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { span, message }
}

fn join_or(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn span_of(p: &Pair<Rule>) -> Range<usize> {
    let s = p.as_span();
    s.start()..s.end()
}

fn ident(p: Pair<Rule>) -> Ident {
    Ident {
        name: p.as_str().to_string(),
        span: span_of(&p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_statement_of_an_action_card() {
        let e = parse(
            "on opponent action except alpha, beta:
             choose group a where any table(owner: me) and a != a;
             choose card c from table(owner: opponent, face: up);
             discard c; remove table(group: a | b); reveal c; look at hand(owner: opponent);
             draw opponent 1 optional; take table(owner: me); place taken down at a | b; cancel;",
        )
        .unwrap();
        let t = e.trigger.unwrap();
        assert_eq!(t.by.name, "opponent");
        assert_eq!(t.except.len(), 2);
        assert_eq!(e.statements.len(), 10);
    }

    #[test]
    fn parses_the_optional_parts_of_statements() {
        let a = parse(
            "choose card h from hand(owner: owner) by owner optional;
             draw owner 1;
             require count(table(kind: k)) == 1;
             require any table(owner: owner, active: yes);
             cancel;
             require 3 * -count(hand(not: this)) + 1 > value(h);",
        )
        .unwrap();
        assert!(a.trigger.is_none());
        assert_eq!(a.statements.len(), 6);
        let StatementKind::Choose { by, optional, .. } = &a.statements[0].kind else {
            panic!("{:?}", a.statements[0]);
        };
        assert_eq!(by.as_ref().map(|b| b.name.as_str()), Some("owner"));
        assert!(optional);
        let StatementKind::Require(c) = &a.statements[5].kind else {
            panic!("{:?}", a.statements[5]);
        };
        let ConditionKind::Compare(lhs, CmpOp::Gt, Expr::Value(_)) = &c.kind else {
            panic!("{c:?}");
        };
        assert!(matches!(lhs, Expr::Add(..)), "{lhs:?}");
        let names: Vec<&str> = a.statements.iter().map(|s| s.kind.name()).collect();
        assert_eq!(names[0], "choose card");
        assert_eq!(names[4], "cancel");
    }

    /// `b != a` compares two choices; a name followed by more of an
    /// expression is a comparison.
    #[test]
    fn not_equal_names_two_choices() {
        let e = parse("choose group b where b != a; choose group c where c != a.x;").unwrap();
        let conds: Vec<&ConditionKind> = e
            .statements
            .iter()
            .map(|s| match &s.kind {
                StatementKind::Choose { condition, .. } => &condition[0].kind,
                k => panic!("{k:?}"),
            })
            .collect();
        assert!(
            matches!(conds[0], ConditionKind::NotEqual(b, a) if b.name == "b" && a.name == "a"),
            "{:?}",
            conds[0]
        );
        assert!(
            matches!(
                conds[1],
                ConditionKind::Compare(_, CmpOp::Ne, Expr::Attr(..))
            ),
            "{:?}",
            conds[1]
        );
    }

    /// Only the words of the old action cards are reserved: the others are
    /// names where no statement expects them, and the words of the retired
    /// abilities (`column`, `above`, `seal`) names everywhere.
    #[test]
    fn contextual_keywords_are_names_elsewhere() {
        let e = parse(
            "on set action except value, column:
             choose group end where any value(column: to | set, value: by);
             discard column(value: up) | above(this) | seal;",
        )
        .unwrap();
        assert_eq!(e.statements.len(), 2);
        let StatementKind::Discard(c) = &e.statements[1].kind else {
            panic!()
        };
        let [
            CardTerm::Set(set),
            CardTerm::Index { zone, .. },
            CardTerm::Name(n),
        ] = c.terms.as_slice()
        else {
            panic!("{c:?}")
        };
        assert_eq!(set.filters[0].key.name, "value");
        assert_eq!((zone.name.as_str(), n.name.as_str()), ("above", "seal"));
    }

    #[test]
    fn reserved_words_cannot_be_variables() {
        let err = parse("choose card from table();").unwrap_err();
        assert_eq!(err.span.start, 12);
    }

    #[test]
    fn a_missing_semicolon_is_reported_after_the_statement() {
        let text = "choose group g // which one\n  discard table(group: g);";
        let err = parse(text).unwrap_err();
        assert_eq!(err.span.start, "choose group g".len());
        assert!(err.message.contains("`;`"), "{}", err.message);
    }

    #[test]
    fn errors_name_the_statements_and_triggers() {
        let e = parse("on opponent action: sael this;").unwrap_err();
        assert_eq!(e.span.start, 20);
        assert!(e.message.contains("require"), "{}", e.message);
        assert!(e.message.contains("look at"), "{}", e.message);
        let e = parse("choose group g; sael this;").unwrap_err();
        assert!(e.message.contains("in a procedure: phase"), "{}", e.message);
        assert!(!e.message.contains("something else"), "{}", e.message);
        for text in ["sael this;", "\n  // a comment\n  sael this;"] {
            let e = parse(text).unwrap_err();
            assert!(e.message.contains("on opponent action"), "{}", e.message);
            assert!(!e.message.contains("`at`"), "{}", e.message);
        }
    }

    #[test]
    fn a_missing_condition_or_filter_is_named() {
        let e = parse("choose group g where;").unwrap_err();
        assert!(
            e.message.starts_with("expected a condition"),
            "{}",
            e.message
        );
        let e = parse("discard table(owner me);").unwrap_err();
        assert_eq!(e.span.start, 14, "{}", e.message);
        assert!(e.message.starts_with("expected a filter"), "{}", e.message);
    }

    #[test]
    fn comments_and_empty_effects() {
        assert!(parse("// nothing\n").unwrap().statements.is_empty());
    }
}
