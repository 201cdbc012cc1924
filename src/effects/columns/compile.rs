//! An ability's AST (`crate::effects::parse`) → [`Program`]: ops over
//! indices, no strings. Names are checked here against the rules (kinds,
//! steps, players, zones, filters), each problem at its place, and the
//! triggers and statements of the language that abilities give no meaning
//! to are rejected at theirs ([`MEANINGS`]); the
//! [`Readings`] that change what a text means are applied here, once
//! (docs/effects.md section 10). Problems, name tables and variables are
//! the compilers' shared layer (`crate::effects::compile`); this module adds
//! what the words of abilities in columns mean.

use super::{Readings, Step};
pub use crate::effects::ast::CmpOp;
use crate::effects::ast::{
    self, CardTerm, Cards, Choice, ColumnRef, Condition, ConditionKind, Effect, SetFilter,
    StatementKind, TriggerKind,
};
pub use crate::effects::compile::Problem;
use crate::effects::compile::{self, Meanings, Names, Problems, Scope};

/// What compiling needs of the rules.
pub struct Env<'a> {
    /// Every kind's id, as `kind:` names them.
    pub kinds: &'a [String],
    pub this_kind: usize,
    pub steps: &'a [Step],
    pub readings: &'a Readings,
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
    /// It sets a value (acts first in its step unless
    /// `Readings::table_order`).
    pub sets_value: bool,
    /// It acts although its card was turned up at the round's end
    /// (`Readings::claim_acts_unrevealed`, for abilities that claim).
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

impl compile::VarType for VarType {
    fn noun(self) -> &'static str {
        match self {
            VarType::Column => "a column",
            VarType::Card => "a card",
        }
    }
}

/// Most things one ability chooses (`Program::reads` holds them in a byte).
const MAX_VARS: usize = 8;
/// Most statements of one ability.
const MAX_STATEMENTS: usize = 200;
/// Names an ability gives a card of its own: no `choose` may take them.
const RESERVED: &[&str] = &["this", "revealer"];
const NAMES_HINT: &str = "names here: this, revealer (on revealed), and what a `choose` names";

const FACES: Names<bool> = Names::words("face", &[("up", true), ("down", false)]);
/// Zones, to whether they are a hand.
const ZONES: Names<bool> = Names::words("zone", &[("column", false), ("hand", true)]);
const PLAYERS: Names<Who> =
    Names::words("player", &[("owner", Who::Owner), ("active", Who::Active)]);
/// Players in a filter, where `others` is known too.
const OWNERS: Names<Who> = Names::words(
    "player",
    &[
        ("owner", Who::Owner),
        ("others", Who::Others),
        ("active", Who::Active),
    ],
);
const AWARDS: Names<()> = Names::words("award rule", &[("lowest", ())]);
const FILTERS: &[&str] = &[
    "not: this",
    "owner: owner | others",
    "kind: <card>",
    "value: >= n",
    "active: yes | no",
];
/// The triggers and statements of the language an ability gives a meaning
/// to; the others are rejected at their place.
pub const MEANINGS: Meanings = Meanings {
    texts: "this game's abilities",
    triggers: &["on revealed:", "at round end N:"],
    statements: &[
        "move",
        "reveal",
        "discard",
        "seal",
        "choose column",
        "choose card",
        "swap objectives",
        "tuck",
        "draw",
        "require",
        "cancel abilities",
        "eliminate",
        "modify",
        "set value",
        "claim column",
        "award column",
    ],
};

/// When a statement acts: at a placement (`on revealed:`), at the round's
/// end, or under both triggers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum When {
    Revealed,
    RoundEnd,
    Both,
}

/// When a statement acts; none for a statement abilities give no meaning to.
fn when(k: &StatementKind) -> Option<When> {
    use StatementKind as K;
    Some(match k {
        K::Choose {
            what: Choice::Column | Choice::Card(_),
            ..
        }
        | K::Move { .. }
        | K::Reveal(_)
        | K::Discard(_)
        | K::Seal(_)
        | K::SwapObjectives(..)
        | K::Tuck { .. }
        | K::Draw { .. } => When::Revealed,
        K::Require(_) => When::Both,
        K::Cancel { abilities: Some(_) }
        | K::Eliminate(_)
        | K::Modify { .. }
        | K::SetValue { .. }
        | K::Claim { .. }
        | K::Award(_) => When::RoundEnd,
        _ => return None,
    })
}

struct Compiler<'a> {
    env: &'a Env<'a>,
    /// The ability's trigger; none if it has none the game knows (then
    /// nothing is checked against it).
    trigger: Option<Trigger>,
    vars: Scope<'static, VarType>,
    p: Problems,
}

/// Compiles one ability, or says everything wrong with it.
pub fn compile(a: &Effect, env: &Env) -> Result<Program, Vec<Problem>> {
    let mut c = Compiler {
        env,
        trigger: None,
        vars: Scope::new(MAX_VARS, RESERVED),
        p: Problems::default(),
    };
    let start = a.statements.first().map_or(0, |s| s.span.start);
    c.trigger = c.trigger(a.trigger.as_ref(), start);
    let mut ops = Vec::new();
    let mut reads = Vec::new();
    for s in &a.statements {
        let op = c.statement(s);
        // At most MAX_VARS (8) variables: their bits fit a byte.
        let read = c.vars.take_reads() as u8;
        if let Some(op) = op {
            ops.push(op);
            reads.push(read);
        }
    }
    let spans = a.statements.iter().map(|s| s.span.clone());
    c.p.at_most_statements(spans, MAX_STATEMENTS, "ability");
    let trigger = c.trigger;
    c.p.finish(|| finish(trigger.expect("a problem if none"), ops, reads, env))
}

fn finish(trigger: Trigger, mut ops: Vec<Op>, mut reads: Vec<u8>, env: &Env) -> Program {
    let claims = ops.iter().any(|o| matches!(o, Op::Claim { .. }));
    let cancels = ops.iter().any(|o| matches!(o, Op::CancelAbilities(_)));
    // Two copies of a card that cancels abilities cancel each other: it
    // acts only as the one card of its kind (a count of 1 is 2 half points).
    if cancels && env.readings.cancel_needs_pair {
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
    if claims && env.readings.claim_ignores_active {
        for o in &mut ops {
            if let Op::Require(Cond::Any(CardExpr::Set(f))) = o {
                f.active = None;
            }
        }
    }
    Program {
        trigger,
        sets_value: ops.iter().any(|o| matches!(o, Op::SetValue(..))),
        acts_unrevealed: claims && env.readings.claim_acts_unrevealed,
        ops,
        reads,
    }
}

impl Compiler<'_> {
    /// The ability's trigger; none, or one abilities give no meaning to,
    /// is a problem (at `start`, the text's first statement, for none).
    fn trigger(&mut self, t: Option<&ast::Trigger>, start: usize) -> Option<Trigger> {
        let Some(t) = t else {
            let message = "an ability starts with a trigger: `on revealed:` or `at round end N:`";
            self.p.problem(start..start, message, None);
            return None;
        };
        Some(match &t.kind {
            TriggerKind::Revealed => Trigger::Revealed,
            TriggerKind::RoundEnd(n) => {
                let steps = self.env.steps.iter().map(|s| u32::from(s.number));
                if !steps.clone().any(|s| s == n.value) {
                    let steps: Vec<String> = steps.map(|s| s.to_string()).collect();
                    self.p.problem(
                        n.span.clone(),
                        format!("round.ron has no round-end step {}", n.value),
                        Some(format!("its steps: {}", steps.join(", "))),
                    );
                }
                Trigger::RoundEnd(n.value.min(255) as u8)
            }
            TriggerKind::Action { .. } => {
                MEANINGS.reject_trigger(&mut self.p, t);
                return None;
            }
        })
    }

    /// Whether the ability acts when its card is turned up (or its trigger
    /// is unknown: then `revealer` is not a problem of its own).
    fn revealed(&self) -> bool {
        !matches!(self.trigger, Some(Trigger::RoundEnd(_)))
    }

    /// A statement abilities give a meaning to, under its trigger (if it
    /// is known); else a problem.
    fn in_place(&mut self, s: &ast::Statement) -> bool {
        let Some(when) = when(&s.kind) else {
            MEANINGS.reject_statement(&mut self.p, s);
            return false;
        };
        let Some(trigger) = self.trigger else {
            return true;
        };
        let revealed = trigger == Trigger::Revealed;
        if when == When::Both || (when == When::Revealed) == revealed {
            return true;
        }
        let trigger = if when == When::Revealed {
            "`on revealed:`"
        } else {
            "`at round end N:`"
        };
        let message = format!("this statement acts only in an ability {trigger}");
        self.p.problem(s.span.clone(), message, None);
        false
    }

    fn statement(&mut self, s: &ast::Statement) -> Option<Op> {
        use StatementKind as K;
        if !self.in_place(s) {
            return None;
        }
        Some(match &s.kind {
            K::Move { cards, to, face } => {
                let up = FACES.lookup(face, &mut self.p).unwrap_or(false);
                Op::Move {
                    card: self.one(cards)?,
                    to: self.column(to)?,
                    up,
                }
            }
            K::Reveal(c) => Op::Reveal(self.one(c)?),
            K::Discard(c) => Op::Discard(self.one(c)?),
            K::Seal(c) => Op::Seal(self.column(c)?),
            K::Choose {
                what: Choice::Column,
                var,
                condition,
                by,
                optional,
            } => self.choose_column(var, condition, by, *optional)?,
            K::Choose {
                what: Choice::Card(from),
                var,
                condition,
                by,
                optional,
            } => self.choose_card(var, from, condition, by, *optional)?,
            K::SwapObjectives(a, b) => Op::Swap(self.column(a)?, self.column(b)?),
            K::Tuck { card, under } => Op::Tuck {
                card: self.one(card)?,
                under: self.one(under)?,
            },
            K::Draw { player, count, .. } => {
                let count = self.p.draw_count(count);
                let who = PLAYERS.lookup(player, &mut self.p)?;
                Op::Draw { who, count }
            }
            K::Require(c) => Op::Require(self.condition(c)?),
            K::Cancel { abilities: Some(c) } => Op::CancelAbilities(self.cards(c)?),
            K::Eliminate(c) => Op::Eliminate(self.cards(c)?),
            K::Modify { cards, by } => Op::Modify(self.cards(cards)?, self.expr(by)?),
            K::SetValue { cards, to } => Op::SetValue(self.cards(cards)?, self.expr(to)?),
            K::Claim { player, at } => Op::Claim {
                who: PLAYERS.lookup(player, &mut self.p)?,
                at: self.cards(at)?,
            },
            K::Award(rule) => {
                AWARDS.lookup(rule, &mut self.p)?;
                Op::AwardLowest
            }
            // `in_place` rejected every other statement.
            _ => return None,
        })
    }

    fn choose_column(
        &mut self,
        var: &ast::Ident,
        condition: &[Condition],
        by: &Option<ast::Ident>,
        optional: bool,
    ) -> Option<Op> {
        let mut who = self.by(by)?;
        if who == Who::Owner && self.env.readings.owner_choice_by_active {
            who = Who::Active;
        }
        let v = self.vars.bind(var, VarType::Column, &mut self.p);
        let differs = match condition {
            [] => None,
            [
                Condition {
                    kind: ConditionKind::NotEqual(name, col),
                    ..
                },
            ] => {
                if name.name != var.name {
                    self.p.problem(
                        name.span.clone(),
                        format!("the condition compares the chosen column `{}`", var.name),
                        None,
                    );
                }
                Some(self.column(col)?)
            }
            [.., c] => {
                let hint = Some(format!("write `where {} != this.column`", var.name));
                let what = "a condition of `choose column` other than one `!=`";
                MEANINGS.reject(&mut self.p, c.span.clone(), what, hint);
                return None;
            }
        };
        Some(Op::ChooseColumn {
            var: v,
            differs,
            by: who,
            optional,
        })
    }

    fn choose_card(
        &mut self,
        var: &ast::Ident,
        from: &ast::CardSet,
        condition: &[Condition],
        by: &Option<ast::Ident>,
        optional: bool,
    ) -> Option<Op> {
        if let Some(c) = condition.first() {
            MEANINGS.reject(
                &mut self.p,
                c.span.clone(),
                "`where` in a `choose card`",
                None,
            );
        }
        let f = self.set(from)?;
        if !f.hand {
            self.p.problem(
                from.span.clone(),
                "`choose card` takes a card of a hand: hand(owner: owner)",
                None,
            );
        }
        let by = self.by(by)?;
        Some(Op::ChooseCard {
            var: self.vars.bind(var, VarType::Card, &mut self.p),
            from: f,
            by,
            optional,
        })
    }

    fn by(&mut self, by: &Option<ast::Ident>) -> Option<Who> {
        match by {
            Some(p) => PLAYERS.lookup(p, &mut self.p),
            None => Some(Who::Active),
        }
    }

    /// A variable of type `t`, recorded as read by the statement.
    fn var(&mut self, id: &ast::Ident, t: VarType) -> Option<u8> {
        self.vars
            .typed(id, t, &mut self.p, |_| Some(NAMES_HINT.into()))
    }

    fn column(&mut self, c: &ColumnRef) -> Option<ColExpr> {
        match c {
            ColumnRef::Of(card) => {
                if card.name != "this" {
                    self.p.problem(
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
                        self.p.problem(
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
        let single = matches!(
            e,
            CardExpr::This
                | CardExpr::Revealer
                | CardExpr::Var(_)
                | CardExpr::Above(_)
                | CardExpr::Below(_)
        );
        if !single {
            self.p.problem(
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
                "revealer" if self.revealed() => Some(CardExpr::Revealer),
                "revealer" => {
                    self.p.problem(
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
                    self.p.problem(
                        s.span.clone(),
                        "a hand is read only by `choose card ... from hand(...)`",
                        None,
                    );
                }
                Some(CardExpr::Set(f))
            }
            CardTerm::Index { span, .. } => {
                self.p.problem(
                    span.clone(),
                    "`<zone>(<number>)` has no meaning in a card's text",
                    None,
                );
                None
            }
            CardTerm::Position { function, of, .. } => {
                let of = Box::new(self.cards(of)?);
                let swap = self.env.readings.below_is_nearer;
                match (function.name.as_str(), swap) {
                    ("above", false) | ("below", true) => Some(CardExpr::Above(of)),
                    ("below", false) | ("above", true) => Some(CardExpr::Below(of)),
                    _ => Some(CardExpr::Nearest(of)),
                }
            }
        }
    }

    fn set(&mut self, s: &ast::CardSet) -> Option<Filter> {
        let mut f = Filter {
            hand: ZONES.lookup(&s.zone, &mut self.p)?,
            ..Filter::default()
        };
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
            "owner" if x.values.len() == 1 => match OWNERS.lookup(&x.values[0], &mut self.p) {
                Some(w) => f.owner = Some(w),
                None => return false,
            },
            "active" if x.values.len() == 1 && ["yes", "no"].contains(&one(x).as_str()) => {
                f.active = Some(one(x) == "yes")
            }
            "kind" => return self.kinds(f, &x.values),
            _ => {
                self.p.unknown("filter", &x.key, FILTERS);
                return false;
            }
        }
        true
    }

    /// `kind: a | b`: ids of cards.ron, as bits.
    fn kinds(&mut self, f: &mut Filter, values: &[ast::Ident]) -> bool {
        let kinds = Names::ids("card", self.env.kinds.iter().map(String::as_str));
        for v in values {
            match kinds.lookup(v, &mut self.p) {
                Some(k) => f.kinds |= 1 << k,
                None => return false,
            }
        }
        true
    }

    fn condition(&mut self, c: &Condition) -> Option<Cond> {
        match &c.kind {
            ConditionKind::Any(cards) => self.cards(cards).map(Cond::Any),
            ConditionKind::No(_) => {
                MEANINGS.reject(&mut self.p, c.span.clone(), "`no`", None);
                None
            }
            ConditionKind::NotEqual(..) => {
                let what = "`!=` between choices outside a `choose column`";
                MEANINGS.reject(&mut self.p, c.span.clone(), what, None);
                None
            }
            ConditionKind::Compare(a, op, b) => {
                let (mut a, mut b) = (self.expr(a)?, self.expr(b)?);
                if self.env.readings.count_active_copies {
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
                let n = self.p.within(n, 0..=1000, "a number here is at most 1000");
                Expr::Int(n as i32 * 2)
            }
            E::Count(c) => Expr::Count(self.cards(c)?),
            E::Value(c) => Expr::Value(self.cards(c)?),
            E::Neg(x) => Expr::Neg(bx(self.expr(x)?)),
            E::Add(a, b) => Expr::Add(bx(self.expr(a)?), bx(self.expr(b)?)),
            E::Sub(a, b) => Expr::Sub(bx(self.expr(a)?), bx(self.expr(b)?)),
            E::Mul(a, b) => Expr::Mul(bx(self.expr(a)?), bx(self.expr(b)?)),
            other => {
                let hint =
                    Some("its expressions are numbers, count(...), value(...), + - *".to_string());
                MEANINGS.reject(&mut self.p, other.span(), "this expression", hint);
                return None;
            }
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

impl crate::effects::run::Statement for Op {
    fn choice(&self) -> Option<u8> {
        match self {
            Op::ChooseColumn { var, .. } | Op::ChooseCard { var, .. } => Some(*var),
            _ => None,
        }
    }
}
