//! The typed syntax tree of an effect. Names are kept as written, with their
//! byte spans in the effect text, for the compiler's messages.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Range<usize>,
}

/// A value with its span (a number, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned2<T> {
    pub value: T,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// Present for reactions: played out of turn when the trigger fires.
    pub trigger: Option<Trigger>,
    pub statements: Vec<Statement>,
}

/// `on <player> action [except <card>, ...]:`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    pub by: Ident,
    pub except: Vec<Ident>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub kind: StatementKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatementKind {
    /// `choose group g [where ...]`
    ChooseGroup {
        var: Ident,
        condition: Vec<Clause>,
    },
    /// `choose card c from <set> [where ...]`
    ChooseCard {
        var: Ident,
        from: Selector,
        condition: Vec<Clause>,
    },
    Discard(Target),
    Remove(Target),
    Reveal(Target),
    Look(Target),
    Take(Target),
    /// `draw <player> <n> [optional]`
    Draw {
        player: Ident,
        count: Spanned2<u32>,
        optional: bool,
    },
    /// `place taken <face> at <group> | <group> ...`
    PlaceTaken {
        face: Ident,
        groups: Vec<Ident>,
    },
    Cancel,
}

/// Cards named by a variable or described by a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Var(Ident),
    Set(Selector),
}

/// `<zone>(<filter>: <value> | <value>, ...)`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    pub zone: Ident,
    pub filters: Vec<Filter>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub key: Ident,
    pub values: Vec<Ident>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clause {
    Any(Selector),
    No(Selector),
    NotEqual(Ident, Ident, Range<usize>),
}

// ----- Abilities of cards in ordered columns (the `ability` entry rule) -----

/// An ability: its trigger and statements (`ability` in `grammar.pest`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ability {
    pub trigger: AbilityTrigger,
    pub statements: Vec<AbilityStatement>,
}

/// When an ability acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AbilityTrigger {
    /// `on revealed:`, with the trigger's span.
    Revealed(Range<usize>),
    /// `at round end N:`: step N of the round's end.
    RoundEnd(Spanned2<u32>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbilityStatement {
    pub kind: AbilityKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AbilityKind {
    /// `move <cards> to <column> bottom <face>`
    Move {
        cards: Cards,
        to: ColumnRef,
        face: Ident,
    },
    Reveal(Cards),
    Discard(Cards),
    Seal(ColumnRef),
    /// `choose column c [where c != <column>] [by <player>] [optional]`
    ChooseColumn {
        var: Ident,
        differs: Option<(Ident, ColumnRef)>,
        by: Option<Ident>,
        optional: bool,
    },
    /// `choose card c from <set> [by <player>] [optional]`
    ChooseCard {
        var: Ident,
        from: CardSet,
        by: Option<Ident>,
        optional: bool,
    },
    SwapObjectives(ColumnRef, ColumnRef),
    Tuck {
        card: Cards,
        under: Cards,
    },
    /// `draw <player> <n> [optional]`, as in `effect`.
    Draw {
        player: Ident,
        count: Spanned2<u32>,
        optional: bool,
    },
    Require(Condition),
    CancelAbilities(Cards),
    Eliminate(Cards),
    Modify {
        cards: Cards,
        by: Expr,
    },
    SetValue {
        cards: Cards,
        to: Expr,
    },
    Claim {
        player: Ident,
        at: Cards,
    },
    /// `award column to <rule>`
    Award(Ident),
}

/// Cards: alternatives joined by `|`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cards {
    pub terms: Vec<CardTerm>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardTerm {
    /// A name: `this`, `revealer`, a chosen card.
    Name(Ident),
    Set(CardSet),
    /// `above(...)`, `below(...)`, `nearest(...)`: the function's name and
    /// its cards.
    Position {
        function: Ident,
        of: Box<Cards>,
        span: Range<usize>,
    },
}

/// `<zone>(<filter>, ...)`, where a filter may compare values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSet {
    pub zone: Ident,
    pub filters: Vec<SetFilter>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetFilter {
    /// `key: value | value`
    Is(Filter),
    /// `value: >= n`
    Value {
        op: CmpOp,
        n: Spanned2<u32>,
        span: Range<usize>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

impl CmpOp {
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Ge => a >= b,
            CmpOp::Le => a <= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Gt => a > b,
            CmpOp::Lt => a < b,
        }
    }
}

/// A column: `<card>.column`, a chosen column, or `next_column(...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnRef {
    Of(Ident),
    Var(Ident),
    Next {
        from: Box<ColumnRef>,
        filters: Vec<Filter>,
        span: Range<usize>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// `any <cards>`
    Any(Cards),
    Compare(Expr, CmpOp, Expr),
}

/// A whole-number expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Int(Spanned2<u32>),
    Count(Cards),
    Value(Cards),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
}
