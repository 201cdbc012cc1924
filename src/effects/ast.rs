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
    /// When the text acts: a reaction's trigger; none for an action card
    /// played in its player's turn.
    pub trigger: Option<Trigger>,
    pub statements: Vec<Statement>,
}

/// `on <player> action [except <card>, ...]:`: a reaction to a player's
/// action card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    pub by: Ident,
    pub except: Vec<Ident>,
    pub span: Range<usize>,
}

impl Trigger {
    /// The trigger as its messages name it.
    pub fn name(&self) -> &'static str {
        "on <player> action:"
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub kind: StatementKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatementKind {
    /// `choose group|card <var> ... [where ...] [by <player>] [optional]`
    Choose {
        what: Choice,
        var: Ident,
        condition: Vec<Condition>,
        by: Option<Ident>,
        optional: bool,
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
    /// `cancel`: the card reacted to.
    Cancel,
    Require(Condition),
    /// `phase <name> { ... }`: a named part of a described game's procedure.
    Phase {
        name: Ident,
        body: Vec<Statement>,
    },
    /// `if <test> { ... } else { ... }`
    If {
        test: Test,
        then: Vec<Statement>,
        otherwise: Vec<Statement>,
    },
    /// `while <test> { ... }`
    While {
        test: Test,
        body: Vec<Statement>,
    },
    /// `loop { ... }`, left by `break`.
    Loop(Vec<Statement>),
    /// `for seat <var> from|after <seat> { ... }`: every seat clockwise
    /// from the given one (`after`: the others, from the next).
    ForSeat {
        var: Ident,
        from: Expr,
        after: bool,
        body: Vec<Statement>,
    },
    /// `choose by <seat> { <option> ... }`: a decision among the options'
    /// legal actions.
    ChooseBy {
        by: Expr,
        options: Vec<Opt>,
    },
    /// `set <var>[<seat>] = <expr>`
    SetVar {
        var: Ident,
        index: Option<Expr>,
        to: Expr,
    },
    /// `put <cards> to <zone> [face up|down]`
    Put {
        cards: Cards,
        to: CardTerm,
        face_up: Option<bool>,
        /// `after <card>`: just after that card in its pile (B).
        after: Option<Ident>,
    },
    Shuffle(Cards),
    /// `goto <phase>`
    Goto(Ident),
    Break,
    /// `end game`
    EndGame,
    /// `tell <message>(<name>: <expr>, ...)`: an event in words.
    Tell {
        message: Ident,
        args: Vec<(Ident, Expr)>,
    },
    // ----- D, E: counters per card, calls, locals, loops -----
    /// `clear <counter>`: every card's (index's) value back to its first.
    Clear(Ident),
    /// `let <name> = <expr>`: a local of the block or phase.
    Let {
        var: Ident,
        to: Expr,
    },
    /// `run <event> of <card>`: the block of that event of the card's kind.
    Run {
        event: Ident,
        card: Expr,
    },
    /// `return`: leaves the block.
    Return,
    /// `on <event> { ... }`: a kind's block for an event (`does`).
    On {
        event: Ident,
        body: Vec<Statement>,
    },
    /// `for card <var> in <cards> { ... }`: each card of the set as it was.
    ForCard {
        var: Ident,
        cards: Cards,
        body: Vec<Statement>,
    },
    /// `for index <var> below <expr> { ... }`
    ForIndex {
        var: Ident,
        below: Expr,
        body: Vec<Statement>,
    },
}

/// An option of a `choose by`: its name, the card it picks (a variable
/// and the cards it is picked from), the test it must pass, what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opt {
    pub name: Ident,
    pub card: Option<(Ident, Cards)>,
    /// `index <var> of <zone>`: an index of an indexed zone (C).
    pub index: Option<(Ident, Ident)>,
    pub test: Option<Test>,
    pub body: Vec<Statement>,
    pub span: Range<usize>,
}

/// A test of a described game: comparisons and flags joined by `and`,
/// `or`, `not`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Test {
    Or(Vec<Test>),
    And(Vec<Test>),
    Not(Box<Test>),
    Compare(Expr, CmpOp, Expr, Range<usize>),
    Any(Cards),
    No(Cards),
    Flag(Ident),
    /// E: `has <event>(<card>)`: whether the card's kind has that block.
    Has(Ident, Expr),
    /// E: `any <var> in <cards> where <test>`
    AnyWhere(Ident, Cards, Box<Test>),
    /// `<card> in <cards>`: whether a card is one of a set's.
    In(Expr, Cards),
}

/// An aggregate over seats or cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aggregate {
    pub op: Ident,
    pub var: Ident,
    pub domain: Domain,
    pub keys: Vec<Expr>,
    pub test: Option<Test>,
}

/// What an aggregate runs over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Domain {
    Seats,
    Cards(Cards),
    /// E: `values(<attribute>)`, each value of an attribute in order.
    Values(Ident),
}

impl StatementKind {
    /// The statement as its messages name it: its leading words.
    pub fn name(&self) -> &'static str {
        use StatementKind as K;
        match self {
            K::Choose { what, .. } => match what {
                Choice::Group => "choose group",
                Choice::Card(_) => "choose card",
            },
            K::Discard(_) => "discard",
            K::Remove(_) => "remove",
            K::Reveal(_) => "reveal",
            K::Look(_) => "look at",
            K::Take(_) => "take",
            K::Draw { .. } => "draw",
            K::PlaceTaken { .. } => "place taken",
            K::Cancel => "cancel",
            K::Require(_) => "require",
            K::Phase { .. } => "phase",
            K::If { .. } => "if",
            K::While { .. } => "while",
            K::Loop(_) => "loop",
            K::ForSeat { .. } => "for seat",
            K::ChooseBy { .. } => "choose by",
            K::SetVar { .. } => "set",
            K::Put { .. } => "put",
            K::Shuffle(_) => "shuffle",
            K::Goto(_) => "goto",
            K::Break => "break",
            K::EndGame => "end game",
            K::Tell { .. } => "tell",
            K::Clear(_) => "clear",
            K::Let { .. } => "let",
            K::Run { .. } => "run",
            K::Return => "return",
            K::On { .. } => "on",
            K::ForCard { .. } => "for card",
            K::ForIndex { .. } => "for index",
        }
    }
}

/// What a `choose` picks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Group,
    /// A card of this set.
    Card(CardSet),
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
    /// `<choice> != <choice>`
    NotEqual(Ident, Ident),
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
    /// `<name>(<expr>)`: a deck's cards, or a pile of an indexed zone
    /// (issue 40, A and B).
    Index {
        zone: Ident,
        index: Box<Expr>,
        span: Range<usize>,
    },
}

/// `<zone>(<filter>, ...)`: `table(owner: me, face: up)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSet {
    pub zone: Ident,
    pub filters: Vec<Filter>,
    pub span: Range<usize>,
}

/// `key: value | value`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub key: Ident,
    pub values: Vec<Ident>,
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
    /// `if <test> then <expr> else <expr>`
    If(Box<Test>, Box<Expr>, Box<Expr>),
    /// `sum|max|min|count|best(<var> in <domain>: <expr>, ... where <test>)`
    Aggregate(Box<Aggregate>),
    /// `[<test>]`: 1 if it holds, else 0.
    Bool(Box<Test>, Range<usize>),
    /// `<function>(<expr>, ...)`
    Call(Ident, Vec<Expr>),
    /// `<card>.<attribute>`
    Attr(Ident, Ident),
    /// `<counter>[<seat>]`
    Index(Ident, Box<Expr>),
    /// A name: a variable, a counter, a number of the rules, a value.
    Var(Ident),
}

impl Expr {
    /// Where the expression is written, as far as its parts say (a
    /// number, a name); `0..0` if none does.
    pub fn span(&self) -> Range<usize> {
        let join = |a: Range<usize>, b: Range<usize>| {
            if a.is_empty() && a.start == 0 {
                b
            } else if b.is_empty() && b.start == 0 {
                a
            } else {
                a.start.min(b.start)..a.end.max(b.end)
            }
        };
        match self {
            Expr::Int(n) => n.span.clone(),
            Expr::Count(c) | Expr::Value(c) => c.span.clone(),
            Expr::Neg(x) => x.span(),
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => join(a.span(), b.span()),
            Expr::If(_, a, b) => join(a.span(), b.span()),
            Expr::Aggregate(a) => (a.keys.iter()).fold(a.op.span.clone(), |s, k| join(s, k.span())),
            Expr::Bool(_, s) => s.clone(),
            Expr::Call(f, args) => args.iter().fold(f.span.clone(), |s, k| join(s, k.span())),
            Expr::Attr(a, b) => a.span.start..b.span.end,
            Expr::Index(v, i) => join(v.span.clone(), i.span()),
            Expr::Var(v) => v.span.clone(),
        }
    }
}
