//! The typed syntax tree of a text of the effect language. Names are kept as written, with their
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

/// A text of the effect language (`effect` in `grammar.pest`): what a card
/// does, in any game. Which triggers and statements mean something is the
/// game's compiler's to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// When the text acts: a reaction's trigger, or when a card in a column
    /// acts; none for an action card played in its player's turn.
    pub trigger: Option<Trigger>,
    pub statements: Vec<Statement>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    pub kind: TriggerKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerKind {
    /// `on <player> action [except <card>, ...]:`
    Action { by: Ident, except: Vec<Ident> },
    /// `on revealed:`
    Revealed,
    /// `at round end N:`: step N of the round's end.
    RoundEnd(Spanned2<u32>),
}

impl TriggerKind {
    /// The trigger as its messages name it.
    pub fn name(&self) -> &'static str {
        match self {
            TriggerKind::Action { .. } => "on <player> action:",
            TriggerKind::Revealed => "on revealed:",
            TriggerKind::RoundEnd(_) => "at round end N:",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub kind: StatementKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatementKind {
    /// `choose group|card|column <var> ... [where ...] [by <player>] [optional]`
    Choose {
        what: Choice,
        var: Ident,
        condition: Vec<Condition>,
        by: Option<Ident>,
        optional: bool,
    },
    /// `move <cards> to <column> bottom <face>`
    Move {
        cards: Cards,
        to: ColumnRef,
        face: Ident,
    },
    Discard(Cards),
    Remove(Cards),
    Reveal(Cards),
    /// `look at <cards>`
    Look(Cards),
    Take(Cards),
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
    /// `cancel`: the card reacted to; `cancel abilities <cards>`: theirs.
    Cancel {
        abilities: Option<Cards>,
    },
    Seal(ColumnRef),
    /// `swap objectives <column>, <column>`
    SwapObjectives(ColumnRef, ColumnRef),
    /// `tuck <cards> under <cards>`
    Tuck {
        card: Cards,
        under: Cards,
    },
    Require(Condition),
    Eliminate(Cards),
    /// `modify <cards> by <expr>`
    Modify {
        cards: Cards,
        by: Expr,
    },
    /// `set value <cards> to <expr>`
    SetValue {
        cards: Cards,
        to: Expr,
    },
    /// `claim column for <player> at <cards>`
    Claim {
        player: Ident,
        at: Cards,
    },
    /// `award column to <rule>`
    Award(Ident),
}

impl StatementKind {
    /// The statement as its messages name it: its leading words.
    pub fn name(&self) -> &'static str {
        use StatementKind as K;
        match self {
            K::Choose { what, .. } => match what {
                Choice::Group => "choose group",
                Choice::Card(_) => "choose card",
                Choice::Column => "choose column",
            },
            K::Move { .. } => "move",
            K::Discard(_) => "discard",
            K::Remove(_) => "remove",
            K::Reveal(_) => "reveal",
            K::Look(_) => "look at",
            K::Take(_) => "take",
            K::Draw { .. } => "draw",
            K::PlaceTaken { .. } => "place taken",
            K::Cancel { abilities: None } => "cancel",
            K::Cancel { abilities: Some(_) } => "cancel abilities",
            K::Seal(_) => "seal",
            K::SwapObjectives(..) => "swap objectives",
            K::Tuck { .. } => "tuck",
            K::Require(_) => "require",
            K::Eliminate(_) => "eliminate",
            K::Modify { .. } => "modify",
            K::SetValue { .. } => "set value",
            K::Claim { .. } => "claim column",
            K::Award(_) => "award column",
        }
    }
}

/// What a `choose` picks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Group,
    /// A card of this set.
    Card(CardSet),
    Column,
}

/// A condition: of a `choose` (`where`) or of a `require`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub kind: ConditionKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConditionKind {
    /// `any <cards>`: some card matches.
    Any(Cards),
    /// `no <cards>`: no card matches.
    No(Cards),
    /// `<choice> != <choice or column>`
    NotEqual(Ident, ColumnRef),
    /// `<expr> <op> <expr>`
    Compare(Expr, CmpOp, Expr),
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

/// `<zone>(<filter>, ...)`: `table(owner: me, face: up)`, or with a
/// filter that compares values, `column(value: >= 10)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSet {
    pub zone: Ident,
    pub filters: Vec<SetFilter>,
    pub span: Range<usize>,
}

/// `key: value | value`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub key: Ident,
    pub values: Vec<Ident>,
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
