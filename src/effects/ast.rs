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
