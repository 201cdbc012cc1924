//! The effect language: grammar (`grammar.pest`) → parse tree → typed AST.
//!
//! This module knows the language's shape only: which words name zones,
//! filters, players or cards is decided by the game module that compiles the
//! AST against its rules (`games::<game>::compile`), on the shared
//! scaffolding of [`compile`] (problems, name tables, variables, places).
//!
//! **Invariant:** no pest type escapes this module. Positions are byte
//! offsets into the effect text; the caller maps them into its file.

pub mod ast;
pub mod columns;
pub mod compile;
pub mod run;

use std::ops::Range;

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

/// Parses one effect text.
pub fn parse(text: &str) -> Result<Effect, SyntaxError> {
    let mut pairs = EffectParser::parse(Rule::effect, text).map_err(|e| syntax_error(text, e))?;
    let effect = pairs.next().expect("the effect rule");
    let mut trigger = None;
    let mut statements = Vec::new();
    for p in effect.into_inner() {
        match p.as_rule() {
            Rule::trigger => trigger = Some(trigger_of(p)),
            Rule::EOI | Rule::semicolon => {}
            _ => statements.extend(statement(p)),
        }
    }
    Ok(Effect {
        trigger,
        statements,
    })
}

/// What a grammar rule is called in an error message.
fn rule_name(r: &Rule) -> &'static str {
    match r {
        Rule::EOI => "the end of the effect",
        Rule::semicolon => "`;`",
        Rule::trigger | Rule::kw_on => "`on opponent action:`",
        Rule::choose
        | Rule::kw_choose
        | Rule::discard
        | Rule::kw_discard
        | Rule::remove
        | Rule::kw_remove
        | Rule::reveal
        | Rule::kw_reveal
        | Rule::look
        | Rule::kw_look
        | Rule::draw
        | Rule::kw_draw
        | Rule::take
        | Rule::kw_take
        | Rule::place
        | Rule::kw_place
        | Rule::cancel
        | Rule::kw_cancel => {
            "a statement (choose, discard, remove, reveal, look at, draw, take, place taken, cancel)"
        }
        Rule::choose_group | Rule::kw_group => "`group`",
        Rule::choose_card | Rule::kw_card => "`card`",
        Rule::kw_from => "`from`",
        Rule::where_clause | Rule::kw_where => "`where`",
        Rule::kw_and => "`and`",
        Rule::any | Rule::kw_any => "`any`",
        Rule::no | Rule::kw_no => "`no`",
        Rule::not_equal => "`x != y`",
        Rule::kw_at => "`at`",
        Rule::kw_taken => "`taken`",
        Rule::kw_action => "`action`",
        Rule::except | Rule::kw_except => "`except`",
        Rule::optional | Rule::kw_optional => "`optional`",
        Rule::count => "a number",
        Rule::selector => "a card set such as table(owner: opponent)",
        Rule::filter => "a filter such as owner: opponent",
        Rule::group_set => "a value",
        Rule::ident => "a name",
        r => ability_rule_name(r),
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

fn syntax_error(text: &str, e: pest::error::Error<Rule>) -> SyntaxError {
    syntax_error_in(text, e, false)
}

/// A pest error as a message; `ability`: the error of an `ability` text,
/// whose list of statements replaces `effect`'s (`draw` is in both).
fn syntax_error_in(text: &str, e: pest::error::Error<Rule>, ability: bool) -> SyntaxError {
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
            let name = |r: &Rule| {
                if ability {
                    ability_name(r)
                } else {
                    rule_name(r)
                }
            };
            for n in positives.iter().map(name) {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            if ability && names.contains(&ABILITY_TRIGGER) {
                names.retain(|n| *n != "`at`");
            }
            // A missing `;` is noticed at the next word: point just after the
            // statement instead.
            if positives.contains(&Rule::semicolon) {
                let end = end_of_previous_token(text, span.start);
                span = end..end;
            }
            // `;` and `(` are literals, which pest does not list: say so when
            // a statement could have ended here.
            let mut m = if names.is_empty() {
                "unexpected text".to_string()
            } else {
                format!("expected {}", join_or(&names))
            };
            if !negatives.is_empty() {
                let n: Vec<&str> = negatives.iter().map(rule_name).collect();
                m = format!("unexpected {}", join_or(&n));
            }
            m
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { span, message }
}

/// What a rule is called in an error message of an `ability` text: its
/// trigger and statements are its own, the rest as in `effect`.
fn ability_name(r: &Rule) -> &'static str {
    match r {
        Rule::kw_on => ABILITY_TRIGGER,
        Rule::draw
        | Rule::kw_draw
        | Rule::kw_choose
        | Rule::kw_reveal
        | Rule::kw_discard
        | Rule::kw_cancel
        | Rule::kw_move
        | Rule::kw_seal
        | Rule::kw_swap
        | Rule::kw_tuck
        | Rule::kw_require
        | Rule::kw_eliminate
        | Rule::kw_modify
        | Rule::kw_set
        | Rule::kw_claim
        | Rule::kw_award => ABILITY_STATEMENT,
        _ => rule_name(r),
    }
}

/// The triggers of an ability, as its error messages name them.
const ABILITY_TRIGGER: &str = "a trigger (`on revealed:` or `at round end N:`)";

/// What a rule of the `ability` entry is called in an error message.
fn ability_rule_name(r: &Rule) -> &'static str {
    match r {
        Rule::ab_trigger | Rule::on_revealed | Rule::at_round_end | Rule::kw_revealed => {
            ABILITY_TRIGGER
        }
        Rule::kw_round => "`round`",
        Rule::kw_end => "`end`",
        Rule::ab_move
        | Rule::ab_reveal
        | Rule::ab_discard
        | Rule::ab_seal
        | Rule::ab_choose_column
        | Rule::ab_choose_card
        | Rule::ab_swap
        | Rule::ab_tuck
        | Rule::ab_require
        | Rule::ab_cancel
        | Rule::ab_eliminate
        | Rule::ab_modify
        | Rule::ab_set_value
        | Rule::ab_claim
        | Rule::ab_award => ABILITY_STATEMENT,
        Rule::kw_to => "`to`",
        Rule::kw_bottom => "`bottom`",
        Rule::kw_column => "`column`",
        Rule::by | Rule::kw_by => "`by`",
        Rule::kw_objectives => "`objectives`",
        Rule::kw_under => "`under`",
        Rule::kw_abilities => "`abilities`",
        Rule::kw_value => "`value`",
        Rule::kw_for => "`for`",
        Rule::cards | Rule::position | Rule::card_set => {
            "cards such as this, column(not: this) or above(this)"
        }
        Rule::value_filter => "a filter such as value: >= 10",
        Rule::column_ref | Rule::next_column | Rule::column_of => {
            "a column such as this.column or next_column(this.column)"
        }
        Rule::condition => "a condition such as any column(kind: k) or count(...) == 1",
        Rule::cmp_op => "a comparison (>=, <=, ==, !=, >, <)",
        Rule::expr | Rule::product | Rule::signed | Rule::count_of | Rule::value_of => {
            "a number, count(...) or value(...)"
        }
        Rule::int => "a number",
        Rule::add_op => "`+` or `-`",
        _ => "something else",
    }
}

/// The statements of an ability, as its error messages list them.
const ABILITY_STATEMENT: &str = "a statement (move, reveal, discard, seal, choose column, choose card, swap objectives, tuck, draw, require, cancel abilities, eliminate, modify, set value, claim column, award column)";

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

/// The meaningful children of a pair (keywords dropped).
fn parts(p: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    p.into_inner().filter(|c| {
        !matches!(
            c.as_rule(),
            Rule::kw_on
                | Rule::kw_action
                | Rule::kw_except
                | Rule::kw_choose
                | Rule::kw_group
                | Rule::kw_card
                | Rule::kw_from
                | Rule::kw_where
                | Rule::kw_and
                | Rule::kw_any
                | Rule::kw_no
                | Rule::kw_discard
                | Rule::kw_remove
                | Rule::kw_reveal
                | Rule::kw_look
                | Rule::kw_at
                | Rule::kw_draw
                | Rule::kw_take
                | Rule::kw_place
                | Rule::kw_taken
                | Rule::kw_cancel
        )
    })
}

fn trigger_of(p: Pair<Rule>) -> Trigger {
    let span = span_of(&p);
    let mut it = parts(p);
    let by = ident(it.next().expect("trigger player"));
    let except = it
        .next()
        .map(|e| parts(e).map(ident).collect())
        .unwrap_or_default();
    Trigger { by, except, span }
}

fn statement(p: Pair<Rule>) -> Option<Statement> {
    let span = span_of(&p);
    let rule = p.as_rule();
    let kind = match rule {
        Rule::choose => {
            let inner = parts(p).next().expect("choose kind");
            let what = inner.as_rule();
            let mut it = parts(inner);
            let var = ident(it.next().expect("variable"));
            let mut from = None;
            let mut condition = Vec::new();
            for c in it {
                match c.as_rule() {
                    Rule::selector => from = Some(selector(c)),
                    Rule::where_clause => condition = parts(c).map(clause).collect(),
                    _ => {}
                }
            }
            match what {
                Rule::choose_group => StatementKind::ChooseGroup { var, condition },
                _ => StatementKind::ChooseCard {
                    var,
                    from: from.expect("choose card has a set"),
                    condition,
                },
            }
        }
        Rule::discard => StatementKind::Discard(target(parts(p).next().unwrap())),
        Rule::remove => StatementKind::Remove(target(parts(p).next().unwrap())),
        Rule::reveal => StatementKind::Reveal(target(parts(p).next().unwrap())),
        Rule::look => StatementKind::Look(target(parts(p).next().unwrap())),
        Rule::take => StatementKind::Take(target(parts(p).next().unwrap())),
        Rule::draw => {
            let mut it = parts(p);
            let player = ident(it.next().unwrap());
            let c = it.next().unwrap();
            let count = Spanned2 {
                value: c.as_str().parse().unwrap_or(u32::MAX),
                span: span_of(&c),
            };
            let optional = it.next().is_some();
            StatementKind::Draw {
                player,
                count,
                optional,
            }
        }
        Rule::place => {
            let mut it = parts(p);
            let face = ident(it.next().unwrap());
            let groups = parts(it.next().unwrap()).map(ident).collect();
            StatementKind::PlaceTaken { face, groups }
        }
        Rule::cancel => StatementKind::Cancel,
        // The grammar allows nothing else here.
        _ => return None,
    };
    Some(Statement { kind, span })
}

fn target(p: Pair<Rule>) -> Target {
    match p.as_rule() {
        Rule::selector => Target::Set(selector(p)),
        _ => Target::Var(ident(p)),
    }
}

fn selector(p: Pair<Rule>) -> Selector {
    let span = span_of(&p);
    let mut it = parts(p);
    let zone = ident(it.next().unwrap());
    let filters = it
        .map(|f| {
            let mut fi = parts(f);
            let key = ident(fi.next().unwrap());
            let values = parts(fi.next().unwrap()).map(ident).collect();
            Filter { key, values }
        })
        .collect();
    Selector {
        zone,
        filters,
        span,
    }
}

fn clause(p: Pair<Rule>) -> Clause {
    let span = span_of(&p);
    match p.as_rule() {
        Rule::any => Clause::Any(selector(parts(p).next().unwrap())),
        Rule::no => Clause::No(selector(parts(p).next().unwrap())),
        _ => {
            let mut it = parts(p);
            let a = ident(it.next().unwrap());
            let b = ident(it.next().unwrap());
            Clause::NotEqual(a, b, span)
        }
    }
}

mod ability;
pub use ability::parse_ability;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_statement() {
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
    fn comments_and_empty_effects() {
        assert!(parse("// nothing\n").unwrap().statements.is_empty());
    }
}
