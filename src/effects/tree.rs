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
    let mut it = parts(inner);
    Trigger {
        by: ident(it.next().expect("a player")),
        except: it
            .next()
            .map(|e| parts(e).map(ident).collect())
            .unwrap_or_default(),
        span,
    }
}

fn statement(p: Pair<Rule>) -> StatementKind {
    use StatementKind as K;
    let rule = p.as_rule();
    let mut it = parts(p);
    let mut next = || it.next().expect("the grammar's parts");
    match rule {
        Rule::choose => choose(it),
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
        Rule::cancel => K::Cancel,
        Rule::require => K::Require(condition(next())),
        _ => procedure_statement(rule, it),
    }
}

/// A statement of a described game's procedure.
fn procedure_statement<'a>(
    rule: Rule,
    mut it: impl Iterator<Item = Pair<'a, Rule>>,
) -> StatementKind {
    use StatementKind as K;
    let mut next = || it.next().expect("the grammar's parts");
    match rule {
        Rule::phase_def => K::Phase {
            name: ident(next()),
            body: block(next()),
        },
        Rule::if_st => if_statement(it),
        Rule::while_st => K::While {
            test: test(next()),
            body: block(next()),
        },
        Rule::loop_st => K::Loop(block(next())),
        Rule::for_seat => K::ForSeat {
            var: ident(next()),
            after: next().as_str().starts_with("after"),
            from: expr(next()),
            body: block(next()),
        },
        Rule::choose_by => K::ChooseBy {
            by: expr(next()),
            options: it.map(option).collect(),
        },
        Rule::set_var => {
            let var = ident(next());
            let parts: Vec<Pair<Rule>> = it.collect();
            let mut exprs: Vec<Expr> = parts.into_iter().map(expr).collect();
            let to = exprs.pop().expect("a value");
            K::SetVar {
                var,
                index: exprs.pop(),
                to,
            }
        }
        Rule::put => {
            let cards = cards(next());
            let to = card_term(next());
            let mut face_up = None;
            let mut after = None;
            for q in it {
                if q.as_rule() == Rule::put_after {
                    after = q.into_inner().nth(1).map(ident);
                } else {
                    face_up = Some(q.as_str().trim_end().ends_with("up"));
                }
            }
            K::Put {
                cards,
                to,
                face_up,
                after,
            }
        }
        Rule::shuffle => K::Shuffle(cards(next())),
        Rule::goto => K::Goto(ident(next())),
        Rule::break_loop => K::Break,
        Rule::end_game => K::EndGame,
        // D, E
        Rule::clear_st => K::Clear(ident(next())),
        Rule::let_st => K::Let {
            var: ident(next()),
            to: expr(next()),
        },
        Rule::run_st => K::Run {
            event: ident(next()),
            card: expr(next()),
        },
        Rule::return_st => K::Return,
        Rule::on_block => K::On {
            event: ident(next()),
            body: block(next()),
        },
        Rule::for_card => K::ForCard {
            var: ident(next()),
            cards: cards(next()),
            body: block(next()),
        },
        Rule::for_index => K::ForIndex {
            var: ident(next()),
            below: expr(next()),
            body: block(next()),
        },
        _ => K::Tell {
            message: ident(next()),
            args: it
                .map(|a| {
                    let mut p = a.into_inner();
                    let name = ident(p.next().expect("a name"));
                    (name, expr(p.next().expect("a value")))
                })
                .collect(),
        },
    }
}

fn if_statement<'a>(mut it: impl Iterator<Item = Pair<'a, Rule>>) -> StatementKind {
    let t = test(it.next().expect("a test"));
    let then = block(it.next().expect("a block"));
    let otherwise = match it.next() {
        Some(p) if p.as_rule() == Rule::if_st => {
            let span = span_of(&p);
            vec![Statement {
                span,
                kind: if_statement(parts(p)),
            }]
        }
        Some(p) => block(p),
        None => Vec::new(),
    };
    StatementKind::If {
        test: t,
        then,
        otherwise,
    }
}

/// The statements of a `{ ... }` block.
fn block(p: Pair<Rule>) -> Vec<Statement> {
    p.into_inner()
        .filter(|c| c.as_rule() != Rule::semicolon)
        .map(|c| Statement {
            span: span_of(&c),
            kind: statement(c),
        })
        .collect()
}

fn option(p: Pair<Rule>) -> Opt {
    let span = span_of(&p);
    let mut it = parts(p).peekable();
    let name = ident(it.next().expect("a name"));
    let mut card = None;
    let mut index = None;
    let mut t = None;
    let mut body = Vec::new();
    while let Some(c) = it.next() {
        match c.as_rule() {
            Rule::option_index => {
                let mut p = parts(c);
                let var = ident(p.next().expect("a variable"));
                let zone = ident(p.next().expect("a zone"));
                index = Some((var, zone));
            }
            Rule::ident => {
                let from = cards(it.next().expect("cards"));
                card = Some((ident(c), from));
            }
            Rule::test => t = Some(test(c)),
            _ => body = block(c),
        }
    }
    Opt {
        name,
        card,
        index,
        test: t,
        body,
        span,
    }
}

fn test(p: Pair<Rule>) -> Test {
    let mut ors: Vec<Test> = parts(p).map(conj).collect();
    if ors.len() == 1 {
        ors.pop().expect("one")
    } else {
        Test::Or(ors)
    }
}

fn conj(p: Pair<Rule>) -> Test {
    let mut ands: Vec<Test> = parts(p).map(neg_test).collect();
    if ands.len() == 1 {
        ands.pop().expect("one")
    } else {
        Test::And(ands)
    }
}

fn neg_test(p: Pair<Rule>) -> Test {
    let mut negate = false;
    let mut out = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::not => negate = true,
            Rule::test => out = Some(test(c)),
            Rule::compare => {
                let span = span_of(&c);
                let mut it = c.into_inner();
                let a = expr(it.next().expect("an expression"));
                let op = cmp_op(&it.next().expect("an operator"));
                out = Some(Test::Compare(
                    a,
                    op,
                    expr(it.next().expect("an expression")),
                    span,
                ));
            }
            Rule::member => {
                let mut it = parts(c);
                let e = expr(it.next().expect("a card"));
                out = Some(Test::In(e, cards(it.next().expect("cards"))));
            }
            Rule::any => out = Some(Test::Any(cards(parts(c).next().expect("cards")))),
            Rule::no => out = Some(Test::No(cards(parts(c).next().expect("cards")))),
            // E
            Rule::has_test => {
                let mut it = parts(c);
                let event = ident(it.next().expect("an event"));
                out = Some(Test::Has(event, expr(it.next().expect("a card"))));
            }
            Rule::any_where => {
                let mut it = parts(c);
                let var = ident(it.next().expect("a variable"));
                let set = cards(it.next().expect("cards"));
                let t = test(it.next().expect("a test"));
                out = Some(Test::AnyWhere(var, set, Box::new(t)));
            }
            _ => out = Some(Test::Flag(ident(c.into_inner().next().expect("a name")))),
        }
    }
    let t = out.expect("a test");
    if negate { Test::Not(Box::new(t)) } else { t }
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
        Rule::card_set => CardTerm::Set(card_set(p)),
        Rule::card_index => {
            let span = span_of(&p);
            let mut inner = p.into_inner();
            let zone = ident(inner.next().expect("a name"));
            let index = Box::new(expr(inner.next().expect("an expression")));
            CardTerm::Index { zone, index, span }
        }
        _ => CardTerm::Name(ident(p)),
    }
}

fn card_set(p: Pair<Rule>) -> CardSet {
    let span = span_of(&p);
    let mut it = p.into_inner();
    let zone = ident(it.next().expect("a zone"));
    let filters = it.map(filter).collect();
    CardSet {
        zone,
        filters,
        span,
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

fn condition(p: Pair<Rule>) -> Condition {
    let span = span_of(&p);
    let p = p.into_inner().next().expect("a condition");
    let rule = p.as_rule();
    let mut it = parts(p);
    let mut next = || it.next().expect("the grammar's parts");
    let kind = match rule {
        Rule::any => ConditionKind::Any(cards(next())),
        Rule::no => ConditionKind::No(cards(next())),
        Rule::not_equal => ConditionKind::NotEqual(ident(next()), ident(next())),
        _ => {
            let a = expr(next());
            let op = cmp_op(&next());
            ConditionKind::Compare(a, op, expr(next()))
        }
    };
    Condition { kind, span }
}

pub(super) fn expr(p: Pair<Rule>) -> Expr {
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
        Rule::if_expr => {
            let mut it = parts(a);
            let t = test(it.next().expect("a test"));
            let x = expr(it.next().expect("an expression"));
            let y = expr(it.next().expect("an expression"));
            Expr::If(Box::new(t), Box::new(x), Box::new(y))
        }
        Rule::aggregate => aggregate(a),
        Rule::iverson => {
            let span = span_of(&a);
            Expr::Bool(Box::new(test(a.into_inner().next().expect("a test"))), span)
        }
        Rule::call => {
            let mut it = a.into_inner();
            let f = ident(it.next().expect("a function"));
            Expr::Call(f, it.map(expr).collect())
        }
        Rule::attr => {
            let mut it = a.into_inner();
            let c = ident(it.next().expect("a card"));
            Expr::Attr(c, ident(it.next().expect("an attribute")))
        }
        Rule::indexed => {
            let mut it = a.into_inner();
            let v = ident(it.next().expect("a counter"));
            Expr::Index(v, Box::new(expr(it.next().expect("a seat"))))
        }
        Rule::var => Expr::Var(ident(a.into_inner().next().expect("a name"))),
        _ => expr(a),
    };
    if negate { Expr::Neg(Box::new(e)) } else { e }
}

fn aggregate(p: Pair<Rule>) -> Expr {
    let mut it = parts(p);
    let op = ident(it.next().expect("an operation"));
    let var = ident(it.next().expect("a variable"));
    let d = it.next().expect("a domain");
    let inner = d.clone().into_inner();
    let domain = match inner
        .into_iter()
        .find(|c| !format!("{:?}", c.as_rule()).starts_with("kw_"))
    {
        Some(c) if c.as_rule() == Rule::cards => Domain::Cards(cards(c)),
        // E: `values(<attribute>)`
        Some(c) if c.as_rule() == Rule::values_dom => {
            Domain::Values(ident(parts(c).next().expect("an attribute")))
        }
        _ => Domain::Seats,
    };
    let mut keys = Vec::new();
    let mut t = None;
    for c in it {
        match c.as_rule() {
            Rule::test => t = Some(test(c)),
            _ => keys.push(expr(c)),
        }
    }
    Expr::Aggregate(Box::new(Aggregate {
        op,
        var,
        domain,
        keys,
        test: t,
    }))
}
