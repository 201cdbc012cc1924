//! The `ability` entry rule: parse tree → [`Ability`] (abilities of cards in
//! ordered columns; docs/effects.md "Abilities in columns").

use std::ops::Range;

use pest::Parser;
use pest::iterators::Pair;

use super::ast::*;
use super::parser::{EffectParser, Rule};
use super::{ident, span_of, syntax_error_in};

/// Parses one ability text (`on revealed: ...` or `at round end N: ...`).
pub fn parse_ability(text: &str) -> Result<Ability, super::SyntaxError> {
    let mut pairs =
        EffectParser::parse(Rule::ability, text).map_err(|e| syntax_error_in(text, e, true))?;
    let top = pairs.next().expect("the ability rule");
    let mut trigger = None;
    let mut statements = Vec::new();
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::ab_trigger => trigger = Some(trigger_of(p)),
            Rule::EOI | Rule::semicolon => {}
            _ => statements.push(AbilityStatement {
                span: span_of(&p),
                kind: statement(p),
            }),
        }
    }
    Ok(Ability {
        trigger: trigger.expect("the grammar asks for a trigger"),
        statements,
    })
}

/// The meaningful children of a pair: every `kw_*` keyword dropped.
fn parts(p: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    p.into_inner()
        .filter(|c| !format!("{:?}", c.as_rule()).starts_with("kw_"))
}

fn number(p: &Pair<Rule>) -> Spanned2<u32> {
    Spanned2 {
        value: p.as_str().parse().unwrap_or(u32::MAX),
        span: span_of(p),
    }
}

fn trigger_of(p: Pair<Rule>) -> AbilityTrigger {
    let inner = p.into_inner().next().expect("a trigger");
    match inner.as_rule() {
        Rule::on_revealed => AbilityTrigger::Revealed(span_of(&inner)),
        _ => {
            let n = parts(inner).next().expect("a step number");
            AbilityTrigger::RoundEnd(number(&n))
        }
    }
}

fn statement(p: Pair<Rule>) -> AbilityKind {
    let rule = p.as_rule();
    let mut it = parts(p);
    let mut next = || it.next().expect("the grammar's parts");
    match rule {
        Rule::ab_move => AbilityKind::Move {
            cards: cards(next()),
            to: column_ref(next()),
            face: ident(next()),
        },
        Rule::ab_reveal => AbilityKind::Reveal(cards(next())),
        Rule::ab_discard => AbilityKind::Discard(cards(next())),
        Rule::ab_seal => AbilityKind::Seal(column_ref(next())),
        Rule::ab_choose_column => choose_column(it),
        Rule::ab_choose_card => {
            let var = ident(next());
            let from = card_set(next());
            let (by, optional) = by_optional(it);
            AbilityKind::ChooseCard {
                var,
                from,
                by,
                optional,
            }
        }
        Rule::ab_swap => AbilityKind::SwapObjectives(column_ref(next()), column_ref(next())),
        Rule::ab_tuck => AbilityKind::Tuck {
            card: cards(next()),
            under: cards(next()),
        },
        Rule::draw => AbilityKind::Draw {
            player: ident(next()),
            count: number(&next()),
            optional: it.next().is_some(),
        },
        Rule::ab_require => AbilityKind::Require(condition(next())),
        Rule::ab_cancel => AbilityKind::CancelAbilities(cards(next())),
        Rule::ab_eliminate => AbilityKind::Eliminate(cards(next())),
        Rule::ab_modify => AbilityKind::Modify {
            cards: cards(next()),
            by: expr(next()),
        },
        Rule::ab_set_value => AbilityKind::SetValue {
            cards: cards(next()),
            to: expr(next()),
        },
        Rule::ab_claim => AbilityKind::Claim {
            player: ident(next()),
            at: cards(next()),
        },
        _ => AbilityKind::Award(ident(next())),
    }
}

fn choose_column<'a>(mut it: impl Iterator<Item = Pair<'a, Rule>>) -> AbilityKind {
    let var = ident(it.next().expect("a variable"));
    let mut differs = None;
    let mut by = None;
    let mut optional = false;
    while let Some(p) = it.next() {
        match p.as_rule() {
            Rule::ident => {
                let col = column_ref(it.next().expect("a column"));
                differs = Some((ident(p), col));
            }
            Rule::by => by = parts(p).next().map(ident),
            _ => optional = true,
        }
    }
    AbilityKind::ChooseColumn {
        var,
        differs,
        by,
        optional,
    }
}

fn by_optional<'a>(it: impl Iterator<Item = Pair<'a, Rule>>) -> (Option<Ident>, bool) {
    let mut by = None;
    let mut optional = false;
    for p in it {
        match p.as_rule() {
            Rule::by => by = parts(p).next().map(ident),
            _ => optional = true,
        }
    }
    (by, optional)
}

fn cards(p: Pair<Rule>) -> Cards {
    let span = span_of(&p);
    let terms = p.into_inner().map(card_term).collect();
    Cards { terms, span }
}

fn card_term(p: Pair<Rule>) -> CardTerm {
    match p.as_rule() {
        Rule::position => {
            let span = span_of(&p);
            let mut inner = p.into_inner();
            let f = inner.next().expect("a position function");
            let function = Ident {
                name: f.as_str().to_string(),
                span: span_of(&f),
            };
            let of = Box::new(cards(inner.next().expect("its cards")));
            CardTerm::Position { function, of, span }
        }
        Rule::card_set => CardTerm::Set(card_set(p)),
        _ => CardTerm::Name(ident(p)),
    }
}

fn card_set(p: Pair<Rule>) -> CardSet {
    let span = span_of(&p);
    let mut it = p.into_inner();
    let zone = ident(it.next().expect("a zone"));
    let filters = it.map(set_filter).collect();
    CardSet {
        zone,
        filters,
        span,
    }
}

fn set_filter(p: Pair<Rule>) -> SetFilter {
    let span = span_of(&p);
    match p.as_rule() {
        Rule::value_filter => {
            let mut it = parts(p);
            let op = cmp_op(&it.next().expect("a comparison"));
            let n = number(&it.next().expect("a number"));
            SetFilter::Value { op, n, span }
        }
        _ => SetFilter::Is(filter(p)),
    }
}

fn filter(p: Pair<Rule>) -> Filter {
    let mut it = p.into_inner();
    let key = ident(it.next().expect("a key"));
    let values = it.next().expect("values").into_inner().map(ident).collect();
    Filter { key, values }
}

fn cmp_op(p: &Pair<Rule>) -> CmpOp {
    match p.as_str() {
        ">=" => CmpOp::Ge,
        "<=" => CmpOp::Le,
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        ">" => CmpOp::Gt,
        _ => CmpOp::Lt,
    }
}

fn column_ref(p: Pair<Rule>) -> ColumnRef {
    let inner = p.into_inner().next().expect("a column");
    let span: Range<usize> = span_of(&inner);
    match inner.as_rule() {
        Rule::next_column => {
            let mut it = parts(inner);
            let from = Box::new(column_ref(it.next().expect("a column")));
            let filters = it.map(filter).collect();
            ColumnRef::Next {
                from,
                filters,
                span,
            }
        }
        Rule::column_of => ColumnRef::Of(ident(parts(inner).next().expect("a card"))),
        _ => ColumnRef::Var(ident(inner)),
    }
}

fn condition(p: Pair<Rule>) -> Condition {
    let mut it = parts(p);
    let first = it.next().expect("a condition");
    match first.as_rule() {
        Rule::cards => Condition::Any(cards(first)),
        _ => {
            let op = cmp_op(&it.next().expect("a comparison"));
            Condition::Compare(expr(first), op, expr(it.next().expect("an expression")))
        }
    }
}

fn expr(p: Pair<Rule>) -> Expr {
    let mut it = p.into_inner();
    let mut e = product(it.next().expect("a product"));
    while let Some(op) = it.next() {
        let rhs = product(it.next().expect("a product"));
        e = match op.as_str() {
            "+" => Expr::Add(Box::new(e), Box::new(rhs)),
            _ => Expr::Sub(Box::new(e), Box::new(rhs)),
        };
    }
    e
}

fn product(p: Pair<Rule>) -> Expr {
    let mut it = p.into_inner();
    let mut e = signed(it.next().expect("a factor"));
    for f in it {
        e = Expr::Mul(Box::new(e), Box::new(signed(f)));
    }
    e
}

fn signed(p: Pair<Rule>) -> Expr {
    let mut negate = false;
    let mut atom = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::neg => negate = true,
            _ => atom = Some(c),
        }
    }
    let a = atom.expect("an atom");
    let e = match a.as_rule() {
        Rule::int => Expr::Int(number(&a)),
        Rule::count_of => Expr::Count(cards(parts(a).next().expect("cards"))),
        Rule::value_of => Expr::Value(cards(parts(a).next().expect("cards"))),
        _ => expr(a),
    };
    if negate { Expr::Neg(Box::new(e)) } else { e }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_statement() {
        let a = parse_ability(
            "on revealed:
             move this to next_column(this.column, skip: sealed) bottom down;
             reveal above(this); discard revealer; seal this.column;
             choose column c where c != this.column by owner optional;
             swap objectives this.column, c;
             choose card h from hand(owner: owner) by owner optional;
             tuck h under this; draw owner 1;
             require count(column(kind: k)) == 1;
             require any column(owner: owner, active: yes);
             cancel abilities column(not: this);
             eliminate column(value: <= 9, not: this);
             modify this by 3 * -count(column(not: this)) + 1;
             set value this to value(below(this));
             claim column for owner at nearest(this | column(kind: k));
             award column to lowest;",
        )
        .unwrap();
        assert!(matches!(a.trigger, AbilityTrigger::Revealed(_)));
        assert_eq!(a.statements.len(), 17);
        let AbilityKind::Modify { by, .. } = &a.statements[13].kind else {
            panic!("{:?}", a.statements[13]);
        };
        assert!(matches!(by, Expr::Add(..)), "{by:?}");
    }

    #[test]
    fn a_round_end_trigger_has_its_step() {
        let a = parse_ability("at round end 5: award column to lowest;").unwrap();
        let AbilityTrigger::RoundEnd(n) = a.trigger else {
            panic!()
        };
        assert_eq!((n.value, n.span.clone()), (5, 13..14));
    }

    #[test]
    fn errors_name_the_ability_statements() {
        let e = parse_ability("on revealed: sael this.column;").unwrap_err();
        assert_eq!(e.span.start, 13);
        assert!(e.message.contains("seal"), "{}", e.message);
        assert!(!e.message.contains("look at"), "{}", e.message);
        let e = parse_ability("discard this;").unwrap_err();
        assert!(e.message.contains("on revealed"), "{}", e.message);
    }
}
