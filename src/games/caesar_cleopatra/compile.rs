//! Compiles effect ASTs against the rules: names become indices, and every
//! semantic problem (an unknown zone, filter, value or variable; a filter
//! that can never match; a statement out of place) becomes a diagnostic
//! naming the card and the position.
//!
//! The compiled `Program` holds no strings: the interpreter in `effect.rs`
//! runs it without look-ups by name.

use std::ops::Range;

use arrayvec::ArrayVec;

use super::model::{Face, Kind, MAX_GROUPS, MAX_KINDS};
use crate::effects::ast::{self, Clause, Ident, Selector, StatementKind, Target};

/// Most variables one effect may bind.
pub const MAX_VARS: usize = 6;

/// Whose cards, relative to the card's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Me,
    Opponent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// Influence cards at the groups.
    Table,
    /// Cards in a hand.
    Hand,
}

/// Which groups a set covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Groups {
    Any,
    /// Any of these: group variables (`Var`) or fixed groups (`Fixed`).
    Of(ArrayVec<GroupRef, MAX_GROUPS>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupRef {
    Var(u8),
    Fixed(u8),
}

/// A compiled card set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Set {
    pub zone: Zone,
    pub owner: Option<Who>,
    pub face: Option<Face>,
    pub groups: Groups,
    pub kinds: Option<ArrayVec<Kind, MAX_KINDS>>,
    /// `face` as bits (bit 0: face down matches, bit 1: face up).
    pub face_bits: u32,
    /// `kinds` as bits (bit k: kind k matches; all bits without the filter).
    pub kind_bits: u16,
    /// `kinds` as a byte mask over a `Counts` read as one `u128`
    /// (`u128::from_ne_bytes`): 0xFF at each matching kind, so that a side or
    /// a hand has a card of the set when its bytes AND this are not zero.
    pub kind_bytes: u128,
}

impl Set {
    /// Sets the `kinds` filter and the masks derived from it.
    fn set_kinds(&mut self, kinds: ArrayVec<Kind, MAX_KINDS>) {
        let mut bytes = [0u8; MAX_KINDS];
        let mut bits = 0u16;
        for k in &kinds {
            bytes[k.ix()] = 0xFF;
            bits |= 1 << k.ix();
        }
        self.kind_bits = bits;
        self.kind_bytes = u128::from_ne_bytes(bytes);
        self.kinds = Some(kinds);
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cards {
    /// The card bound to a variable by `choose card`.
    Var(u8),
    Set(Set),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    Any(Set),
    No(Set),
    NotEqual(u8, u8),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    ChooseGroup {
        var: u8,
        cond: Vec<Cond>,
    },
    ChooseCard {
        var: u8,
        from: Set,
        cond: Vec<Cond>,
    },
    Discard(Cards),
    Remove(Cards),
    Reveal(Cards),
    Look(Cards),
    Take(Cards),
    Draw {
        who: Who,
        count: u8,
        optional: bool,
    },
    PlaceTaken {
        face: Face,
        groups: ArrayVec<GroupRef, MAX_GROUPS>,
    },
    Cancel,
}

impl Op {
    /// `choose group` or `choose card`.
    #[inline]
    pub fn is_choice(&self) -> bool {
        matches!(self, Op::ChooseGroup { .. } | Op::ChooseCard { .. })
    }
}

/// A reaction card's trigger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    /// Action kinds that do not open this reaction.
    pub except: Vec<Kind>,
}

/// A compiled effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub trigger: Option<Trigger>,
    pub ops: Vec<Op>,
    /// When the card may be played: its first run of `choose` statements
    /// must have an answer (checked at every decision, so worked out once).
    pub playable: Playable,
}

/// The playability test of a program, from its first run of `choose`s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Playable {
    /// No `choose` before the effect acts: always.
    Always,
    /// One `choose` with a single answer set: whenever the set has a card.
    /// `choose card c from S` needs a card of S; `choose group g where any
    /// S(group: g)` needs a card of S at some live group.
    AnyOf(Set),
    /// `k` `choose group`s whose only conditions are `!=` between them:
    /// whenever `k` groups are live.
    DistinctGroups(u32),
    /// Otherwise: search the choices `ops[start..end]` for a full answer.
    Search { start: usize, end: usize },
}

/// A playability test answered from a few masks of the table and hands
/// (`State::playable`), worked out once per kind from its `Playable`:
/// the card is playable by player `p` when `always`, when a table side of
/// `sides[p]` has a card, when a hand of `hands[p]` has one, or when at
/// least `live` groups are live. `search`: none of these says, ask
/// `Playable` itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayTest {
    pub always: bool,
    /// Per player: table sides, bit `2 * owner + face` (Down = 0).
    pub sides: [u8; 2],
    /// Per player: hands, bit `owner`.
    pub hands: [u8; 2],
    /// Live groups needed (`u8::MAX`: not this test).
    pub live: u8,
    pub search: bool,
}

impl Default for PlayTest {
    /// Never playable (a kind without an own-turn effect).
    fn default() -> Self {
        PlayTest {
            always: false,
            sides: [0; 2],
            hands: [0; 2],
            live: u8::MAX,
            search: false,
        }
    }
}

/// Every kind's `PlayTest` at once, as kind masks indexed by what the
/// tests read: `State::playable` is then a few table look-ups and ORs,
/// whatever the number of kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayMasks {
    /// Kinds always playable.
    pub always: u16,
    /// Per player, per set of table sides with a card (bit `2 * owner +
    /// face`): the kinds one of these sides makes playable.
    pub by_sides: [[u16; 16]; 2],
    /// Per player, per set of hands with a card (bit `owner`).
    pub by_hands: [[u16; 4]; 2],
    /// Per number of live groups: the kinds that many make playable.
    pub by_live: [u16; MAX_GROUPS + 1],
    /// Kinds whose test is the search.
    pub search: u16,
}

impl PlayMasks {
    pub fn of(tests: &[PlayTest; MAX_KINDS]) -> PlayMasks {
        let mut m = PlayMasks {
            always: 0,
            by_sides: [[0; 16]; 2],
            by_hands: [[0; 4]; 2],
            by_live: [0; MAX_GROUPS + 1],
            search: 0,
        };
        for (k, t) in tests.iter().enumerate() {
            let bit = 1u16 << k;
            m.always |= u16::from(t.always) * bit;
            m.search |= u16::from(t.search) * bit;
            for p in 0..2 {
                for s in 0..16u8 {
                    m.by_sides[p][s as usize] |= u16::from(t.sides[p] & s != 0) * bit;
                }
                for h in 0..4u8 {
                    m.by_hands[p][h as usize] |= u16::from(t.hands[p] & h != 0) * bit;
                }
            }
            for (live, mask) in m.by_live.iter_mut().enumerate() {
                *mask |= u16::from(live >= usize::from(t.live)) * bit;
            }
        }
        m
    }
}

impl Playable {
    /// The mask form of this test.
    pub fn test(&self) -> PlayTest {
        let none = PlayTest::default();
        let owners = |owner: Option<Who>| {
            [0, 1].map(|p: u8| match owner {
                None => 0b11,
                Some(Who::Me) => 1 << p,
                Some(Who::Opponent) => 1 << (1 - p),
            })
        };
        match self {
            Playable::Always => PlayTest {
                always: true,
                ..none
            },
            // Of any kind, at any group (cards lie at live groups only).
            Playable::AnyOf(set) if set.kinds.is_none() && set.groups == Groups::Any => {
                match set.zone {
                    Zone::Table => PlayTest {
                        sides: owners(set.owner).map(|o| {
                            let faces = set.face_bits as u8;
                            (if o & 1 != 0 { faces } else { 0 })
                                | (if o & 2 != 0 { faces << 2 } else { 0 })
                        }),
                        ..none
                    },
                    Zone::Hand => PlayTest {
                        hands: owners(set.owner),
                        ..none
                    },
                }
            }
            Playable::DistinctGroups(k) => PlayTest {
                live: (*k).min(u8::MAX as u32 - 1) as u8,
                ..none
            },
            _ => PlayTest {
                search: true,
                ..none
            },
        }
    }

    fn of(ops: &[Op]) -> Playable {
        let is_choice = Op::is_choice;
        let Some(start) = ops.iter().position(is_choice) else {
            return Playable::Always;
        };
        let end = start + ops[start..].iter().take_while(|op| is_choice(op)).count();
        if end == start + 1 {
            match &ops[start] {
                Op::ChooseCard { from, cond, .. } if cond.is_empty() => {
                    return Playable::AnyOf(from.clone());
                }
                Op::ChooseGroup { var, cond } => {
                    if let [Cond::Any(set)] = cond.as_slice()
                        && set.zone == Zone::Table
                        && set.groups == Groups::Of([GroupRef::Var(*var)].into_iter().collect())
                    {
                        return Playable::AnyOf(Set {
                            groups: Groups::Any,
                            ..set.clone()
                        });
                    }
                }
                _ => {}
            }
        }
        // Each group differs from every group chosen before it, and nothing
        // else: as many live groups as choices are needed, and enough.
        let mut vars: Vec<u8> = Vec::new();
        let distinct = ops[start..end].iter().all(|op| {
            let Op::ChooseGroup { var, cond } = op else {
                return false;
            };
            let differs_from = |w: u8| {
                cond.iter().any(
                    |c| matches!(c, Cond::NotEqual(x, y) if (*x, *y) == (*var, w) || (*x, *y) == (w, *var)),
                )
            };
            let only_differences = cond.iter().all(
                |c| matches!(c, Cond::NotEqual(x, y) if x != y && (x == var || y == var) && (vars.contains(x) || vars.contains(y))),
            );
            let ok = only_differences && vars.iter().all(|&w| differs_from(w));
            vars.push(*var);
            ok
        });
        if distinct {
            return Playable::DistinctGroups((end - start) as u32);
        }
        Playable::Search { start, end }
    }
}

/// A semantic problem at a byte range of the effect text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub span: Range<usize>,
    pub message: String,
    pub hint: Option<String>,
}

/// What the compiler needs to know of the rules.
pub struct Names<'a> {
    pub kinds: &'a [(String, bool)],
    pub groups: &'a [String],
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum VarType {
    Group,
    Card(Zone),
}

struct Compiler<'a> {
    names: &'a Names<'a>,
    vars: Vec<(String, VarType)>,
    problems: Vec<Problem>,
    took: bool,
    reaction: bool,
}

/// Compiles one effect; returns every problem found.
/// The most statements an effect may have.
pub const MAX_STATEMENTS: usize = 255;

pub fn compile(effect: &ast::Effect, names: &Names) -> Result<Program, Vec<Problem>> {
    let mut c = Compiler {
        names,
        vars: Vec::new(),
        problems: Vec::new(),
        took: false,
        reaction: effect.trigger.is_some(),
    };
    let trigger = effect.trigger.as_ref().map(|t| c.trigger(t));
    let mut ops = Vec::new();
    for s in &effect.statements {
        if let Some(op) = c.statement(s) {
            ops.push(op);
        }
    }
    // A running card counts its statements in a byte (`Frame::pc`).
    if let Some(s) = effect.statements.get(MAX_STATEMENTS) {
        c.problem(
            s.span.clone(),
            format!("an effect has at most {MAX_STATEMENTS} statements"),
            Some("split the effect, or simplify it".into()),
        );
    }
    if c.problems.is_empty() {
        let playable = Playable::of(&ops);
        Ok(Program {
            trigger,
            ops,
            playable,
        })
    } else {
        Err(c.problems)
    }
}

impl Compiler<'_> {
    fn problem(&mut self, span: Range<usize>, message: impl Into<String>, hint: Option<String>) {
        self.problems.push(Problem {
            span,
            message: message.into(),
            hint,
        });
    }

    fn unknown(&mut self, what: &str, id: &Ident, known: &[&str]) {
        let hint = match crate::load::nearest(&id.name, known.iter().copied()) {
            Some(n) => format!("did you mean `{n}`? {what}s: {}", known.join(", ")),
            None => format!("{what}s: {}", known.join(", ")),
        };
        self.problem(
            id.span.clone(),
            format!("unknown {what} `{}`", id.name),
            Some(hint),
        );
    }

    fn kind(&mut self, id: &Ident, action_only: bool) -> Option<Kind> {
        match self.names.kinds.iter().position(|(k, _)| *k == id.name) {
            Some(i) if !action_only || !self.names.kinds[i].1 => Some(Kind(i as u8)),
            found => {
                let known: Vec<&str> = self
                    .names
                    .kinds
                    .iter()
                    .filter(|(_, infl)| !action_only || !infl)
                    .map(|(k, _)| k.as_str())
                    .collect();
                if found.is_some() {
                    self.problem(
                        id.span.clone(),
                        format!("`{}` is not an action card", id.name),
                        None,
                    );
                } else {
                    self.unknown(
                        if action_only {
                            "action card"
                        } else {
                            "card type"
                        },
                        id,
                        &known,
                    );
                }
                None
            }
        }
    }

    fn who(&mut self, id: &Ident) -> Option<Who> {
        match id.name.as_str() {
            "me" => Some(Who::Me),
            "opponent" => Some(Who::Opponent),
            _ => {
                self.unknown("player", id, &["me", "opponent"]);
                None
            }
        }
    }

    fn face(&mut self, id: &Ident) -> Option<Face> {
        match id.name.as_str() {
            "up" => Some(Face::Up),
            "down" => Some(Face::Down),
            _ => {
                self.unknown("face", id, &["up", "down"]);
                None
            }
        }
    }

    fn trigger(&mut self, t: &ast::Trigger) -> Trigger {
        if t.by.name != "opponent" {
            self.problem(
                t.by.span.clone(),
                format!(
                    "a reaction answers the opponent's action card, not `{}`'s",
                    t.by.name
                ),
                Some("write `on opponent action:`".into()),
            );
        }
        let except = t
            .except
            .iter()
            .filter_map(|id| self.kind(id, true))
            .collect();
        Trigger { except }
    }

    fn bind(&mut self, var: &Ident, ty: VarType) -> u8 {
        if self.vars.iter().any(|(n, _)| *n == var.name) {
            self.problem(
                var.span.clone(),
                format!("`{}` is chosen twice", var.name),
                None,
            );
        }
        if self.vars.len() >= MAX_VARS {
            self.problem(
                var.span.clone(),
                format!("at most {MAX_VARS} choices per effect"),
                None,
            );
            return 0;
        }
        self.vars.push((var.name.clone(), ty));
        (self.vars.len() - 1) as u8
    }

    fn var(&self, name: &str) -> Option<(u8, VarType)> {
        self.vars
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| (i as u8, self.vars[i].1))
    }

    fn group_ref(&mut self, id: &Ident) -> Option<GroupRef> {
        match self.var(&id.name) {
            Some((i, VarType::Group)) => return Some(GroupRef::Var(i)),
            Some((_, VarType::Card(_))) => {
                self.problem(
                    id.span.clone(),
                    format!("`{}` is a card, not a group", id.name),
                    None,
                );
                return None;
            }
            None => {}
        }
        if let Some(g) = self.names.groups.iter().position(|g| *g == id.name) {
            return Some(GroupRef::Fixed(g as u8));
        }
        let mut known: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, t)| *t == VarType::Group)
            .map(|(n, _)| n.clone())
            .collect();
        known.extend(self.names.groups.iter().cloned());
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        self.unknown("group or group choice", id, &known);
        None
    }

    /// Several groups (`a | b | senators`), each a choice or a group id.
    fn group_refs(&mut self, values: &[Ident]) -> Option<ArrayVec<GroupRef, MAX_GROUPS>> {
        let mut refs = ArrayVec::new();
        let mut ok = true;
        for v in values {
            match self.group_ref(v) {
                Some(r) if refs.contains(&r) => {
                    self.problem(v.span.clone(), format!("`{}` is named twice", v.name), None);
                    ok = false;
                }
                Some(r) => {
                    if refs.try_push(r).is_err() {
                        self.problem(v.span.clone(), format!("at most {MAX_GROUPS} groups"), None);
                        ok = false;
                    }
                }
                None => ok = false,
            }
        }
        ok.then_some(refs)
    }

    /// A card selector (`table(...)`, `hand(...)`) as a set: its zone, then
    /// each of its filters (a filter given twice is a problem).
    fn set(&mut self, s: &Selector) -> Option<Set> {
        let mut ok = true;
        let zone = match s.zone.name.as_str() {
            "table" => Zone::Table,
            "hand" => Zone::Hand,
            _ => {
                // Go on checking the filters, as if it were the table.
                self.unknown("zone", &s.zone, &["table", "hand"]);
                ok = false;
                Zone::Table
            }
        };
        let mut set = Set {
            zone,
            owner: None,
            face: None,
            groups: Groups::Any,
            kinds: None,
            face_bits: 0b11,
            kind_bits: u16::MAX,
            kind_bytes: u128::MAX,
        };
        let mut seen: Vec<&str> = Vec::new();
        for f in &s.filters {
            if seen.contains(&f.key.name.as_str()) {
                self.problem(
                    f.key.span.clone(),
                    format!("`{}` is given twice", f.key.name),
                    None,
                );
                ok = false;
            }
            seen.push(&f.key.name);
            ok &= self.filter(&mut set, f);
        }
        ok.then_some(set)
    }

    /// One filter of a selector, narrowing `set`; false on a problem.
    fn filter(&mut self, set: &mut Set, f: &ast::Filter) -> bool {
        match f.key.name.as_str() {
            "owner" => {
                let v = self.single_value(f);
                set.owner = self.who(v);
                set.owner.is_some()
            }
            "face" => self.face_filter(set, f),
            "group" => self.group_filter(set, f),
            "kind" => self.kind_filter(set, f),
            _ => {
                self.unknown("filter", &f.key, &["owner", "face", "group", "kind"]);
                false
            }
        }
    }

    /// The value of a filter that takes one (a problem if it has more).
    fn single_value<'f>(&mut self, f: &'f ast::Filter) -> &'f Ident {
        if f.values.len() > 1 {
            self.problem(
                f.values[1].span.clone(),
                format!("`{}` takes one value", f.key.name),
                None,
            );
        }
        &f.values[0]
    }

    /// `face: up|down`: never in a hand.
    fn face_filter(&mut self, set: &mut Set, f: &ast::Filter) -> bool {
        let mut ok = true;
        let v = self.single_value(f);
        if set.zone == Zone::Hand {
            self.problem(
                f.key.span.clone(),
                "`face` never matches cards in a hand: only cards on the table lie face up or down",
                None,
            );
            ok = false;
        }
        set.face = self.face(v);
        if let Some(f) = set.face {
            set.face_bits = match f {
                Face::Down => 0b01,
                Face::Up => 0b10,
            };
        }
        ok && set.face.is_some()
    }

    /// `group: ...`: one or more groups, never in a hand.
    fn group_filter(&mut self, set: &mut Set, f: &ast::Filter) -> bool {
        let mut ok = true;
        if set.zone == Zone::Hand {
            self.problem(
                f.key.span.clone(),
                "`group` never matches cards in a hand: only cards on the table lie at a group",
                None,
            );
            ok = false;
        }
        match self.group_refs(&f.values) {
            Some(refs) => set.groups = Groups::Of(refs),
            None => ok = false,
        }
        ok
    }

    /// `kind: ...`: one or more card kinds, each counted once; on the table
    /// at least one must be an influence kind.
    fn kind_filter(&mut self, set: &mut Set, f: &ast::Filter) -> bool {
        let mut ok = true;
        let mut ks = ArrayVec::new();
        for v in &f.values {
            match self.kind(v, false) {
                // A kind counts once; there are at most MAX_KINDS.
                Some(k) if !ks.contains(&k) => ks.push(k),
                Some(_) => {}
                None => ok = false,
            }
        }
        if set.zone == Zone::Table
            && !ks.is_empty()
            && ks.iter().all(|k: &Kind| !self.names.kinds[k.ix()].1)
        {
            self.problem(
                f.key.span.clone(),
                "this `kind` never matches: only influence cards lie on the table",
                None,
            );
            ok = false;
        }
        set.set_kinds(ks);
        ok
    }

    fn cards(&mut self, t: &Target) -> Option<Cards> {
        match t {
            Target::Set(s) => self.set(s).map(Cards::Set),
            Target::Var(id) => match self.var(&id.name) {
                Some((i, VarType::Card(_))) => Some(Cards::Var(i)),
                Some((_, VarType::Group)) => {
                    self.problem(
                        id.span.clone(),
                        format!("`{}` is a group, and this takes cards", id.name),
                        Some(format!(
                            "for the cards at that group write table(group: {})",
                            id.name
                        )),
                    );
                    None
                }
                None => {
                    let known: Vec<String> = self
                        .vars
                        .iter()
                        .filter(|(_, t)| matches!(t, VarType::Card(_)))
                        .map(|(n, _)| n.clone())
                        .collect();
                    let hint = if known.is_empty() {
                        "no card is chosen before this statement: add `choose card ... from ...;`"
                            .to_string()
                    } else {
                        format!("cards chosen so far: {}", known.join(", "))
                    };
                    self.problem(
                        id.span.clone(),
                        format!("`{}` is not defined", id.name),
                        Some(hint),
                    );
                    None
                }
            },
        }
    }

    /// The zone of the cards a target names.
    fn zone_of(&self, c: &Cards) -> Zone {
        match c {
            Cards::Set(s) => s.zone,
            Cards::Var(v) => match self.vars[*v as usize].1 {
                VarType::Card(z) => z,
                VarType::Group => Zone::Table,
            },
        }
    }

    fn conds(&mut self, cs: &[Clause]) -> Vec<Cond> {
        cs.iter()
            .filter_map(|c| match c {
                Clause::Any(s) => self.set(s).map(Cond::Any),
                Clause::No(s) => self.set(s).map(Cond::No),
                Clause::NotEqual(a, b, span) => {
                    let ra = self.var(&a.name);
                    let rb = self.var(&b.name);
                    for (id, r) in [(a, ra), (b, rb)] {
                        if r.is_none() {
                            self.problem(
                                id.span.clone(),
                                format!("`{}` is not defined", id.name),
                                None,
                            );
                        }
                    }
                    let (ra, rb) = (ra?, rb?);
                    let group = |t: VarType| t == VarType::Group;
                    if group(ra.1) != group(rb.1) {
                        self.problem(
                            span.clone(),
                            format!(
                                "`{}` and `{}` are a group and a card: they always differ",
                                a.name, b.name
                            ),
                            None,
                        );
                        return None;
                    }
                    Some(Cond::NotEqual(ra.0, rb.0))
                }
            })
            .collect()
    }

    fn statement(&mut self, s: &ast::Statement) -> Option<Op> {
        Some(match &s.kind {
            StatementKind::ChooseGroup { var, condition } => {
                // Bind first, so that the condition can name the group.
                let v = self.bind(var, VarType::Group);
                let cond = self.conds(condition);
                Op::ChooseGroup { var: v, cond }
            }
            StatementKind::ChooseCard {
                var,
                from,
                condition,
            } => {
                let set = self.set(from);
                let zone = set.as_ref().map_or(Zone::Table, |s| s.zone);
                let v = self.bind(var, VarType::Card(zone));
                let cond = self.conds(condition);
                Op::ChooseCard {
                    var: v,
                    from: set?,
                    cond,
                }
            }
            StatementKind::Discard(t) => Op::Discard(self.cards(t)?),
            StatementKind::Remove(t) => Op::Remove(self.cards(t)?),
            StatementKind::Reveal(t) => {
                let c = self.cards(t)?;
                if self.zone_of(&c) == Zone::Hand {
                    self.problem(
                        s.span.clone(),
                        "`reveal` turns table cards face up; to see a hand, use `look at`",
                        None,
                    );
                }
                Op::Reveal(c)
            }
            StatementKind::Look(t) => Op::Look(self.cards(t)?),
            StatementKind::Take(t) => {
                let c = self.cards(t)?;
                if self.zone_of(&c) != Zone::Table {
                    self.problem(
                        s.span.clone(),
                        "`take` lifts cards off the table: its set must be table(...)",
                        None,
                    );
                }
                self.took = true;
                Op::Take(c)
            }
            StatementKind::Draw {
                player,
                count,
                optional,
            } => {
                let who = self.who(player)?;
                if count.value == 0 || count.value > 5 {
                    self.problem(count.span.clone(), "draw between 1 and 5 cards", None);
                }
                Op::Draw {
                    who,
                    count: count.value.clamp(1, 5) as u8,
                    optional: *optional,
                }
            }
            StatementKind::PlaceTaken { face, groups } => {
                if !self.took {
                    self.problem(
                        s.span.clone(),
                        "nothing is taken before `place taken`",
                        Some("take cards first: `take table(owner: me, group: a | b);`".into()),
                    );
                }
                let face = self.face(face)?;
                let refs = self.group_refs(groups)?;
                Op::PlaceTaken { face, groups: refs }
            }
            StatementKind::Cancel => {
                if !self.reaction {
                    self.problem(
                        s.span.clone(),
                        "`cancel` has nothing to cancel: only a reaction (`on opponent action:`) answers a card",
                        None,
                    );
                }
                Op::Cancel
            }
        })
    }
}
