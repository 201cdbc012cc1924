//! Ability AST (`crate::effects::parse_ability`) → [`Program`]: ops over
//! indices, no strings. Names are checked here against the rules (kinds,
//! steps, players, zones, filters), each problem at its place; the toggles
//! that change what a text means are applied here, once (docs/effects.md).

use std::ops::Range;

use super::model::{Step, T};
pub use crate::effects::ast::CmpOp;
use crate::effects::ast::{
    self, Ability, AbilityKind, AbilityTrigger, CardTerm, Cards, ColumnRef, Condition, SetFilter,
};

/// A problem in an ability, at a byte range of its text.
#[derive(Debug, Clone)]
pub struct Problem {
    pub span: Range<usize>,
    pub message: String,
    pub hint: Option<String>,
}

/// What compiling needs of the rules.
pub struct Env<'a> {
    pub kinds: &'a [String],
    pub this_kind: usize,
    pub steps: &'a [Step],
    pub toggles: &'a [u8],
}

impl Env<'_> {
    fn toggle(&self, t: T) -> u8 {
        self.toggles[t as usize]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Revealed,
    RoundEnd(u8),
}

/// A player named in an ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// The card's owner.
    Owner,
    /// Every other player.
    Others,
    /// The player whose turn it is.
    Active,
}

/// Cards of this card's column (or of a hand) that pass every filter.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub hand: bool,
    pub not_this: bool,
    pub owner: Option<Who>,
    /// Kinds by bit; 0 = any kind.
    pub kinds: u64,
    /// A comparison with a value in half points.
    pub value: Option<(CmpOp, i32)>,
    pub active: Option<bool>,
}

#[derive(Debug, Clone)]
pub enum CardExpr {
    This,
    Revealer,
    Var(u8),
    Set(Filter),
    /// The card just nearer the objective.
    Above(Box<CardExpr>),
    /// The card just farther from it.
    Below(Box<CardExpr>),
    Nearest(Box<CardExpr>),
    Union(Vec<CardExpr>),
}

#[derive(Debug, Clone)]
pub enum ColExpr {
    This,
    Var(u8),
    Next {
        from: Box<ColExpr>,
        skip_sealed: bool,
    },
}

/// Whole-number expressions, in half points (a count of 3 is 6).
#[derive(Debug, Clone)]
pub enum Expr {
    Int(i32),
    Count(CardExpr),
    Value(CardExpr),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone)]
pub enum Cond {
    Any(CardExpr),
    Cmp(Expr, CmpOp, Expr),
}

#[derive(Debug, Clone)]
pub enum Op {
    Move {
        card: CardExpr,
        to: ColExpr,
        up: bool,
    },
    Reveal(CardExpr),
    Discard(CardExpr),
    Seal(ColExpr),
    ChooseColumn {
        var: u8,
        differs: Option<ColExpr>,
        by: Who,
        optional: bool,
    },
    ChooseCard {
        var: u8,
        from: Filter,
        by: Who,
        optional: bool,
    },
    Swap(ColExpr, ColExpr),
    Tuck {
        card: CardExpr,
        under: CardExpr,
    },
    Draw {
        who: Who,
        count: u8,
    },
    Require(Cond),
    CancelAbilities(CardExpr),
    Eliminate(CardExpr),
    Modify(CardExpr, Expr),
    SetValue(CardExpr, Expr),
    Claim {
        who: Who,
        at: CardExpr,
    },
    AwardLowest,
}

/// A compiled ability.
#[derive(Debug, Clone)]
pub struct Program {
    pub trigger: Trigger,
    pub ops: Vec<Op>,
    /// It sets a value (acts first in its step under `end_steps.within_5`
    /// SetsThenAdds).
    pub sets_value: bool,
    /// It acts although its card was turned up at the round's end
    /// (`prince_squire.needs` BothPresent, for abilities that claim).
    pub acts_unrevealed: bool,
    /// For each op, the variables it reads (bits), to skip what a declined
    /// choice leaves undefined.
    pub reads: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum VarType {
    Column,
    Card,
}

struct Compiler<'a> {
    env: &'a Env<'a>,
    revealed: bool,
    vars: Vec<(String, VarType)>,
    problems: Vec<Problem>,
    reads: u8,
}

/// Compiles one ability, or says everything wrong with it.
pub fn compile(a: &Ability, env: &Env) -> Result<Program, Vec<Problem>> {
    let mut c = Compiler {
        env,
        revealed: matches!(a.trigger, AbilityTrigger::Revealed(_)),
        vars: Vec::new(),
        problems: Vec::new(),
        reads: 0,
    };
    let trigger = c.trigger(&a.trigger);
    let mut ops = Vec::new();
    let mut reads = Vec::new();
    for s in &a.statements {
        c.reads = 0;
        if let Some(op) = c.statement(s) {
            ops.push(op);
            reads.push(c.reads);
        }
    }
    if ops.len() > 200 {
        c.problem(0..0, "an ability has at most 200 statements", None);
    }
    if !c.problems.is_empty() {
        return Err(c.problems);
    }
    Ok(finish(trigger, ops, reads, env))
}

/// Applies the toggles that change what a whole ability means.
fn finish(trigger: Trigger, mut ops: Vec<Op>, mut reads: Vec<u8>, env: &Env) -> Program {
    let claims = ops.iter().any(|o| matches!(o, Op::Claim { .. }));
    let cancels = ops.iter().any(|o| matches!(o, Op::CancelAbilities(_)));
    // musketeers.pair CancelEachOther: two copies of a card that cancels
    // abilities cancel each other.
    if cancels && env.toggle(T::CancelPair) == 1 {
        let own = Filter {
            kinds: 1 << env.this_kind,
            ..Filter::default()
        };
        ops.insert(
            0,
            Op::Require(Cond::Cmp(
                Expr::Count(CardExpr::Set(own)),
                CmpOp::Eq,
                Expr::Int(2),
            )),
        );
        reads.insert(0, 0);
    }
    // prince_squire.needs: EitherActive and BothPresent drop `active:`.
    if claims && env.toggle(T::ClaimNeeds) != 0 {
        for o in &mut ops {
            if let Op::Require(Cond::Any(CardExpr::Set(f))) = o {
                f.active = None;
            }
        }
    }
    Program {
        trigger,
        sets_value: ops.iter().any(|o| matches!(o, Op::SetValue(..))),
        acts_unrevealed: claims && env.toggle(T::ClaimNeeds) == 2,
        ops,
        reads,
    }
}

impl Compiler<'_> {
    fn problem(&mut self, span: Range<usize>, m: impl Into<String>, hint: Option<String>) {
        self.problems.push(Problem {
            span,
            message: m.into(),
            hint,
        });
    }

    /// "unknown <what> `x`", with the nearest known word.
    fn unknown(&mut self, what: &str, id: &ast::Ident, known: &[&str]) {
        let near = crate::load::nearest(&id.name, known.iter().copied());
        let list = format!("{what}s: {}", known.join(", "));
        let hint = match near {
            Some(n) => format!("did you mean `{n}`? {list}"),
            None => list,
        };
        self.problem(
            id.span.clone(),
            format!("unknown {what} `{}`", id.name),
            Some(hint),
        );
    }

    fn trigger(&mut self, t: &AbilityTrigger) -> Trigger {
        match t {
            AbilityTrigger::Revealed(_) => Trigger::Revealed,
            AbilityTrigger::RoundEnd(n) => {
                let known = self
                    .env
                    .steps
                    .iter()
                    .any(|s| u32::from(s.number) == n.value);
                if !known {
                    let steps: Vec<String> = self
                        .env
                        .steps
                        .iter()
                        .map(|s| s.number.to_string())
                        .collect();
                    self.problem(
                        n.span.clone(),
                        format!("round.ron has no round-end step {}", n.value),
                        Some(format!("its steps: {}", steps.join(", "))),
                    );
                }
                Trigger::RoundEnd(n.value.min(255) as u8)
            }
        }
    }

    fn statement(&mut self, s: &ast::AbilityStatement) -> Option<Op> {
        use AbilityKind as K;
        let at_reveal = matches!(
            s.kind,
            K::Move { .. }
                | K::Reveal(_)
                | K::Discard(_)
                | K::Seal(_)
                | K::ChooseColumn { .. }
                | K::ChooseCard { .. }
                | K::SwapObjectives(..)
                | K::Tuck { .. }
                | K::Draw { .. }
        );
        let anywhere = matches!(s.kind, K::Require(_));
        if !anywhere && at_reveal != self.revealed {
            let when = if at_reveal {
                "`on revealed:`"
            } else {
                "`at round end N:`"
            };
            self.problem(
                s.span.clone(),
                format!("this statement acts only in an ability {when}"),
                None,
            );
            return None;
        }
        Some(match &s.kind {
            K::Move { cards, to, face } => {
                let up = match face.name.as_str() {
                    "up" => true,
                    "down" => false,
                    _ => {
                        self.unknown("face", face, &["up", "down"]);
                        false
                    }
                };
                Op::Move {
                    card: self.one(cards)?,
                    to: self.column(to)?,
                    up,
                }
            }
            K::Reveal(c) => Op::Reveal(self.one(c)?),
            K::Discard(c) => Op::Discard(self.one(c)?),
            K::Seal(c) => Op::Seal(self.column(c)?),
            K::ChooseColumn {
                var,
                differs,
                by,
                optional,
            } => self.choose_column(var, differs, by, *optional)?,
            K::ChooseCard {
                var,
                from,
                by,
                optional,
            } => {
                let f = self.set(from)?;
                if !f.hand {
                    self.problem(
                        from.span.clone(),
                        "`choose card` takes a card of a hand: hand(owner: owner)",
                        None,
                    );
                }
                let by = self.by(by)?;
                Op::ChooseCard {
                    var: self.bind(var, VarType::Card),
                    from: f,
                    by,
                    optional: *optional,
                }
            }
            K::SwapObjectives(a, b) => Op::Swap(self.column(a)?, self.column(b)?),
            K::Tuck { card, under } => Op::Tuck {
                card: self.one(card)?,
                under: self.one(under)?,
            },
            K::Draw {
                player,
                count,
                optional: _,
            } => {
                if !(1..=5).contains(&count.value) {
                    self.problem(count.span.clone(), "draw between 1 and 5 cards", None);
                }
                Op::Draw {
                    who: self.player(player, false)?,
                    count: count.value.clamp(1, 5) as u8,
                }
            }
            K::Require(c) => Op::Require(self.condition(c)?),
            K::CancelAbilities(c) => Op::CancelAbilities(self.cards(c)?),
            K::Eliminate(c) => Op::Eliminate(self.cards(c)?),
            K::Modify { cards, by } => Op::Modify(self.cards(cards)?, self.expr(by)?),
            K::SetValue { cards, to } => Op::SetValue(self.cards(cards)?, self.expr(to)?),
            K::Claim { player, at } => Op::Claim {
                who: self.player(player, false)?,
                at: self.cards(at)?,
            },
            K::Award(rule) => {
                if rule.name != "lowest" {
                    self.unknown("award rule", rule, &["lowest"]);
                    return None;
                }
                Op::AwardLowest
            }
        })
    }

    fn choose_column(
        &mut self,
        var: &ast::Ident,
        differs: &Option<(ast::Ident, ColumnRef)>,
        by: &Option<ast::Ident>,
        optional: bool,
    ) -> Option<Op> {
        let mut who = self.by(by)?;
        // traitor.chooser ActivePlayer: the player on turn decides.
        if who == Who::Owner && self.env.toggle(T::Chooser) == 1 {
            who = Who::Active;
        }
        let v = self.bind(var, VarType::Column);
        let differs = match differs {
            Some((name, col)) => {
                if name.name != var.name {
                    self.problem(
                        name.span.clone(),
                        format!("the condition compares the chosen column `{}`", var.name),
                        None,
                    );
                }
                Some(self.column(col)?)
            }
            None => None,
        };
        Some(Op::ChooseColumn {
            var: v,
            differs,
            by: who,
            optional,
        })
    }

    fn by(&mut self, by: &Option<ast::Ident>) -> Option<Who> {
        match by {
            Some(p) => self.player(p, false),
            None => Some(Who::Active),
        }
    }

    fn bind(&mut self, var: &ast::Ident, t: VarType) -> u8 {
        if ["this", "revealer"].contains(&var.name.as_str())
            || self.vars.iter().any(|v| v.0 == var.name)
        {
            self.problem(
                var.span.clone(),
                format!("`{}` is already a name here", var.name),
                None,
            );
        }
        if self.vars.len() >= 8 {
            self.problem(
                var.span.clone(),
                "an ability chooses at most 8 things",
                None,
            );
        }
        self.vars.push((var.name.clone(), t));
        (self.vars.len() - 1).min(7) as u8
    }

    fn var(&mut self, id: &ast::Ident, t: VarType) -> Option<u8> {
        match self.vars.iter().position(|v| v.0 == id.name) {
            Some(i) if self.vars[i].1 == t => {
                self.reads |= 1 << i;
                Some(i as u8)
            }
            Some(_) => {
                let what = if t == VarType::Card {
                    "a card"
                } else {
                    "a column"
                };
                self.problem(
                    id.span.clone(),
                    format!("`{}` is not {what}", id.name),
                    None,
                );
                None
            }
            None => {
                self.problem(
                    id.span.clone(),
                    format!("`{}` is not defined", id.name),
                    Some(
                        "names here: this, revealer (on revealed), and what a `choose` names"
                            .into(),
                    ),
                );
                None
            }
        }
    }

    fn player(&mut self, p: &ast::Ident, others: bool) -> Option<Who> {
        match p.name.as_str() {
            "owner" => Some(Who::Owner),
            "active" => Some(Who::Active),
            "others" if others => Some(Who::Others),
            _ => {
                let known: &[&str] = if others {
                    &["owner", "others", "active"]
                } else {
                    &["owner", "active"]
                };
                self.unknown("player", p, known);
                None
            }
        }
    }

    fn column(&mut self, c: &ColumnRef) -> Option<ColExpr> {
        match c {
            ColumnRef::Of(card) => {
                if card.name != "this" {
                    self.problem(
                        card.span.clone(),
                        "a column is named `this.column`, a chosen column or next_column(...)",
                        None,
                    );
                    return None;
                }
                Some(ColExpr::This)
            }
            ColumnRef::Var(v) => self.var(v, VarType::Column).map(ColExpr::Var),
            ColumnRef::Next { from, filters, .. } => {
                let from = Box::new(self.column(from)?);
                let mut skip_sealed = false;
                for f in filters {
                    if f.key.name == "skip" && f.values.len() == 1 && f.values[0].name == "sealed" {
                        skip_sealed = true;
                    } else {
                        self.problem(
                            f.key.span.clone(),
                            "next_column takes `skip: sealed` only",
                            None,
                        );
                    }
                }
                Some(ColExpr::Next { from, skip_sealed })
            }
        }
    }

    /// Cards that name one card (at a placement, abilities move single cards).
    fn one(&mut self, c: &Cards) -> Option<CardExpr> {
        let e = self.cards(c)?;
        let single = |e: &CardExpr| {
            matches!(
                e,
                CardExpr::This
                    | CardExpr::Revealer
                    | CardExpr::Var(_)
                    | CardExpr::Above(_)
                    | CardExpr::Below(_)
            )
        };
        if !single(&e) {
            self.problem(
                c.span.clone(),
                "this takes one card: this, revealer, a chosen card, above(...) or below(...)",
                None,
            );
            return None;
        }
        Some(e)
    }

    fn cards(&mut self, c: &Cards) -> Option<CardExpr> {
        let mut terms = Vec::new();
        for t in &c.terms {
            terms.push(self.term(t)?);
        }
        Some(if terms.len() == 1 {
            terms.pop()?
        } else {
            CardExpr::Union(terms)
        })
    }

    fn term(&mut self, t: &CardTerm) -> Option<CardExpr> {
        match t {
            CardTerm::Name(n) => match n.name.as_str() {
                "this" => Some(CardExpr::This),
                "revealer" if self.revealed => Some(CardExpr::Revealer),
                "revealer" => {
                    self.problem(
                        n.span.clone(),
                        "`revealer` is known only in an ability `on revealed:`",
                        None,
                    );
                    None
                }
                _ => self.var(n, VarType::Card).map(CardExpr::Var),
            },
            CardTerm::Set(s) => {
                let f = self.set(s)?;
                if f.hand {
                    self.problem(
                        s.span.clone(),
                        "a hand is read only by `choose card ... from hand(...)`",
                        None,
                    );
                }
                Some(CardExpr::Set(f))
            }
            CardTerm::Position { function, of, .. } => {
                let of = Box::new(self.cards(of)?);
                // column.below Nearer: "below" is the card nearer the objective.
                let swap = self.env.toggle(T::Below) == 1;
                match (function.name.as_str(), swap) {
                    ("above", false) | ("below", true) => Some(CardExpr::Above(of)),
                    ("below", false) | ("above", true) => Some(CardExpr::Below(of)),
                    _ => Some(CardExpr::Nearest(of)),
                }
            }
        }
    }

    fn set(&mut self, s: &ast::CardSet) -> Option<Filter> {
        let mut f = Filter::default();
        match s.zone.name.as_str() {
            "column" => {}
            "hand" => f.hand = true,
            _ => {
                self.unknown("zone", &s.zone, &["column", "hand"]);
                return None;
            }
        }
        let mut ok = true;
        for filter in &s.filters {
            ok &= match filter {
                SetFilter::Value { op, n, .. } => {
                    f.value = Some((*op, n.value.min(1000) as i32 * 2));
                    true
                }
                SetFilter::Is(x) => self.filter(&mut f, x),
            };
        }
        ok.then_some(f)
    }

    fn filter(&mut self, f: &mut Filter, x: &ast::Filter) -> bool {
        let one = |x: &ast::Filter| x.values[0].name.clone();
        match x.key.name.as_str() {
            "not" if x.values.len() == 1 && one(x) == "this" => f.not_this = true,
            "owner" if x.values.len() == 1 => match self.player(&x.values[0], true) {
                Some(w) => f.owner = Some(w),
                None => return false,
            },
            "active" if x.values.len() == 1 && ["yes", "no"].contains(&one(x).as_str()) => {
                f.active = Some(one(x) == "yes")
            }
            "kind" => {
                for v in &x.values {
                    match self.env.kinds.iter().position(|k| *k == v.name) {
                        Some(k) => f.kinds |= 1 << k,
                        None => {
                            let known: Vec<&str> =
                                self.env.kinds.iter().map(String::as_str).collect();
                            self.unknown("card", v, &known);
                            return false;
                        }
                    }
                }
            }
            _ => {
                self.unknown(
                    "filter",
                    &x.key,
                    &[
                        "not: this",
                        "owner: owner | others",
                        "kind: <card>",
                        "value: >= n",
                        "active: yes | no",
                    ],
                );
                return false;
            }
        }
        true
    }

    fn condition(&mut self, c: &Condition) -> Option<Cond> {
        match c {
            Condition::Any(cards) => self.cards(cards).map(Cond::Any),
            Condition::Compare(a, op, b) => {
                let (mut a, mut b) = (self.expr(a)?, self.expr(b)?);
                // two_copies.counts ActiveCopies: only copies whose ability
                // acts are counted.
                if self.env.toggle(T::Copies) == 1 {
                    active_copies(&mut a);
                    active_copies(&mut b);
                }
                Some(Cond::Cmp(a, *op, b))
            }
        }
    }

    fn expr(&mut self, e: &ast::Expr) -> Option<Expr> {
        use ast::Expr as E;
        let bx = |x: Expr| Box::new(x);
        Some(match e {
            E::Int(n) => {
                if n.value > 1000 {
                    self.problem(n.span.clone(), "a number here is at most 1000", None);
                }
                Expr::Int(n.value.min(1000) as i32 * 2)
            }
            E::Count(c) => Expr::Count(self.cards(c)?),
            E::Value(c) => Expr::Value(self.cards(c)?),
            E::Neg(x) => Expr::Neg(bx(self.expr(x)?)),
            E::Add(a, b) => Expr::Add(bx(self.expr(a)?), bx(self.expr(b)?)),
            E::Sub(a, b) => Expr::Sub(bx(self.expr(a)?), bx(self.expr(b)?)),
            E::Mul(a, b) => Expr::Mul(bx(self.expr(a)?), bx(self.expr(b)?)),
        })
    }
}

fn active_copies(e: &mut Expr) {
    match e {
        Expr::Count(CardExpr::Set(f)) if f.kinds != 0 && f.active.is_none() => {
            f.active = Some(true)
        }
        Expr::Neg(x) => active_copies(x),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            active_copies(a);
            active_copies(b);
        }
        _ => {}
    }
}
