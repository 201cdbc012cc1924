//! Parse tree → [`Effect`]: the builders of every rule of `grammar.pest`
//! that is in the tree (keywords dropped).

use pest::iterators::Pair;

use super::ast::*;
use super::parser::Rule;
use super::{ident, span_of};

/// The text's trigger and statements, from the `effect` rule's pair.
pub(super) fn effect(top: Pair<Rule>) -> Effect {
    let mut trigger = None;
    let mut statements = Vec::new();
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::trigger => trigger = Some(trigger_of(p)),
            Rule::EOI | Rule::semicolon => {}
            _ => statements.push(Statement {
                span: span_of(&p),
                kind: statement(p),
            }),
        }
    }
    Effect {
        trigger,
        statements,
    }
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

fn trigger_of(p: Pair<Rule>) -> Trigger {
    let span = span_of(&p);
    let inner = p.into_inner().next().expect("a trigger");
    let rule = inner.as_rule();
    let mut it = parts(inner);
    let kind = match rule {
        Rule::on_action => TriggerKind::Action {
            by: ident(it.next().expect("a player")),
            except: it
                .next()
                .map(|e| parts(e).map(ident).collect())
                .unwrap_or_default(),
        },
        Rule::on_revealed => TriggerKind::Revealed,
        _ => TriggerKind::RoundEnd(number(&it.next().expect("a step number"))),
    };
    Trigger { kind, span }
}

fn statement(p: Pair<Rule>) -> StatementKind {
    use StatementKind as K;
    let rule = p.as_rule();
    let mut it = parts(p);
    let mut next = || it.next().expect("the grammar's parts");
    match rule {
        Rule::choose => choose(it),
        Rule::move_to => K::Move {
            cards: cards(next()),
            to: column_ref(next()),
            face: ident(next()),
        },
        Rule::discard => K::Discard(cards(next())),
        Rule::remove => K::Remove(cards(next())),
        Rule::reveal => K::Reveal(cards(next())),
        Rule::look => K::Look(cards(next())),
        Rule::take => K::Take(cards(next())),
        Rule::draw => K::Draw {
            player: ident(next()),
            count: number(&next()),
            optional: it.next().is_some(),
        },
        Rule::place => K::PlaceTaken {
            face: ident(next()),
            groups: next().into_inner().map(ident).collect(),
        },
        Rule::cancel => K::Cancel {
            abilities: it.next().map(cards),
        },
        Rule::seal => K::Seal(column_ref(next())),
        Rule::swap => K::SwapObjectives(column_ref(next()), column_ref(next())),
        Rule::tuck => K::Tuck {
            card: cards(next()),
            under: cards(next()),
        },
        Rule::require => K::Require(condition(next())),
        Rule::eliminate => K::Eliminate(cards(next())),
        Rule::modify => K::Modify {
            cards: cards(next()),
            by: expr(next()),
        },
        Rule::set_value => K::SetValue {
            cards: cards(next()),
            to: expr(next()),
        },
        Rule::claim => K::Claim {
            player: ident(next()),
            at: cards(next()),
        },
        _ => K::Award(ident(next())),
    }
}

/// `choose`: what it picks, its variable and condition, then `by` and
/// `optional`.
fn choose<'a>(mut it: impl Iterator<Item = Pair<'a, Rule>>) -> StatementKind {
    let pick = it.next().expect("what is chosen");
    let rule = pick.as_rule();
    let mut inner = parts(pick);
    let var = ident(inner.next().expect("a variable"));
    let what = match rule {
        Rule::choose_group => Choice::Group,
        Rule::choose_column => Choice::Column,
        _ => Choice::Card(card_set(inner.next().expect("a card set"))),
    };
    let condition = inner
        .next()
        .map(|w| parts(w).map(condition).collect())
        .unwrap_or_default();
    let mut by = None;
    let mut optional = false;
    for p in it {
        match p.as_rule() {
            Rule::by => by = parts(p).next().map(ident),
            _ => optional = true,
        }
    }
    StatementKind::Choose {
        what,
        var,
        condition,
        by,
        optional,
    }
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
    let span = span_of(&inner);
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
    let span = span_of(&p);
    let p = p.into_inner().next().expect("a condition");
    let rule = p.as_rule();
    let mut it = parts(p);
    let mut next = || it.next().expect("the grammar's parts");
    let kind = match rule {
        Rule::any => ConditionKind::Any(cards(next())),
        Rule::no => ConditionKind::No(cards(next())),
        Rule::not_equal => ConditionKind::NotEqual(ident(next()), column_ref(next())),
        _ => {
            let a = expr(next());
            let op = cmp_op(&next());
            ConditionKind::Compare(a, op, expr(next()))
        }
    };
    Condition { kind, span }
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
