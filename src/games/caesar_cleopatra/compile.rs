//! Compiles effect ASTs against the rules: names become indices, and every
//! semantic problem (an unknown zone, filter, value or variable; a filter
//! that can never match; a statement out of place; a trigger, statement or
//! form of the language action cards give no meaning to, [`MEANINGS`])
//! becomes a diagnostic naming the card and the position.
//!
//! The compiled `Program` holds no strings: the interpreter in `effect.rs`
//! runs it without look-ups by name. Problems, name tables and variables
//! are the engine's (`crate::effects::compile`); this module adds what
//! Caesar & Cleopatra's words mean: zones, filters, groups, its ops.

use std::ops::Range;

use arrayvec::ArrayVec;

use super::model::{Face, Kind, MAX_GROUPS, MAX_KINDS};
use crate::effects::ast::{self, CardTerm, Choice, Condition, ConditionKind, Ident, StatementKind};
pub use crate::effects::compile::Problem;
use crate::effects::compile::{self, Meanings, Names, Problems, Scope};

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

/// What the compiler needs to know of the rules.
pub struct Env<'a> {
    /// Each card kind's id, and whether it is an influence card.
    pub kinds: &'a [(String, bool)],
    pub groups: &'a [String],
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum VarType {
    Group,
    Card(Zone),
}

impl compile::VarType for VarType {
    fn noun(self) -> &'static str {
        match self {
            VarType::Group => "a group",
            VarType::Card(_) => "a card",
        }
    }
}

const PLAYERS: Names<Who> = Names::words("player", &[("me", Who::Me), ("opponent", Who::Opponent)]);
const FACES: Names<Face> = Names::words("face", &[("up", Face::Up), ("down", Face::Down)]);
const ZONES: Names<Zone> = Names::words("zone", &[("table", Zone::Table), ("hand", Zone::Hand)]);
const FILTERS: &[&str] = &["owner", "face", "group", "kind"];
/// The triggers and statements of the language an action card gives a
/// meaning to; the others are rejected at their place.
const MEANINGS: Meanings = Meanings {
    texts: "this game's action cards",
    triggers: &["on opponent action [except <card>, ...]:"],
    statements: &[
        "choose group",
        "choose card",
        "discard",
        "remove",
        "reveal",
        "look at",
        "draw",
        "take",
        "place taken",
        "cancel",
    ],
};

struct Compiler<'a> {
    env: &'a Env<'a>,
    vars: Scope<'static, VarType>,
    p: Problems,
    took: bool,
    reaction: bool,
}

/// The most statements an effect may have.
pub const MAX_STATEMENTS: usize = 255;

/// Compiles one effect; returns every problem found.
pub fn compile(effect: &ast::Effect, env: &Env) -> Result<Program, Vec<Problem>> {
    let mut c = Compiler {
        env,
        vars: Scope::new(MAX_VARS, &[]),
        p: Problems::default(),
        took: false,
        reaction: effect.trigger.is_some(),
    };
    let trigger = effect.trigger.as_ref().and_then(|t| c.trigger(t));
    let ops: Vec<Op> = effect
        .statements
        .iter()
        .filter_map(|s| c.statement(s))
        .collect();
    // A running card counts its statements in a byte (`Frame::pc`).
    let spans = effect.statements.iter().map(|s| s.span.clone());
    c.p.at_most_statements(spans, MAX_STATEMENTS, "effect");
    c.p.finish(|| Program {
        trigger,
        playable: Playable::of(&ops),
        ops,
    })
}

impl Compiler<'_> {
    fn kind(&mut self, id: &Ident, action_only: bool) -> Option<Kind> {
        let kinds = self.env.kinds.iter().enumerate();
        if action_only && kinds.clone().any(|(_, (k, infl))| *infl && *k == id.name) {
            let message = format!("`{}` is not an action card", id.name);
            self.p.problem(id.span.clone(), message, None);
            return None;
        }
        let what = if action_only {
            "action card"
        } else {
            "card type"
        };
        let known = kinds.filter(|(_, (_, infl))| !action_only || !infl);
        let names = Names::new(what, known.map(|(i, (k, _))| (k.as_str(), Kind(i as u8))));
        names.lookup(id, &mut self.p)
    }

    /// A reaction's trigger.
    fn trigger(&mut self, t: &ast::Trigger) -> Option<Trigger> {
        let (by, except) = (&t.by, &t.except);
        if by.name != "opponent" {
            self.p.problem(
                by.span.clone(),
                format!(
                    "a reaction answers the opponent's action card, not `{}`'s",
                    by.name
                ),
                Some("write `on opponent action:`".into()),
            );
        }
        let except = except.iter().filter_map(|id| self.kind(id, true)).collect();
        Some(Trigger { except })
    }

    /// A group: a group choice or a group id.
    fn group_ref(&mut self, id: &Ident) -> Option<GroupRef> {
        if self.vars.get(&id.name).is_some() {
            let var = self.vars.typed(id, VarType::Group, &mut self.p, |_| None);
            return var.map(GroupRef::Var);
        }
        if let Some(g) = self.env.groups.iter().position(|g| *g == id.name) {
            return Some(GroupRef::Fixed(g as u8));
        }
        let mut known = self.vars.names_like(VarType::Group);
        known.extend(self.env.groups.iter().map(String::as_str));
        self.p.unknown("group or group choice", id, &known);
        None
    }

    /// Several groups (`a | b | senators`), each a choice or a group id.
    fn group_refs(&mut self, values: &[Ident]) -> Option<ArrayVec<GroupRef, MAX_GROUPS>> {
        let mut refs = ArrayVec::new();
        let mut ok = true;
        for v in values {
            match self.group_ref(v) {
                Some(r) if refs.contains(&r) => {
                    let message = format!("`{}` is named twice", v.name);
                    self.p.problem(v.span.clone(), message, None);
                    ok = false;
                }
                Some(r) => {
                    if refs.try_push(r).is_err() {
                        let message = format!("at most {MAX_GROUPS} groups");
                        self.p.problem(v.span.clone(), message, None);
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
    fn set(&mut self, s: &ast::CardSet) -> Option<Set> {
        // An unknown zone: go on checking the filters, as if it were the table.
        let zone = ZONES.lookup(&s.zone, &mut self.p);
        let mut ok = zone.is_some();
        let mut set = Set {
            zone: zone.unwrap_or(Zone::Table),
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
                let message = format!("`{}` is given twice", f.key.name);
                self.p.problem(f.key.span.clone(), message, None);
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
                set.owner = PLAYERS.lookup(v, &mut self.p);
                set.owner.is_some()
            }
            "face" => self.face_filter(set, f),
            "group" => self.group_filter(set, f),
            "kind" => self.kind_filter(set, f),
            _ => {
                self.p.unknown("filter", &f.key, FILTERS);
                false
            }
        }
    }

    /// The value of a filter that takes one (a problem if it has more).
    fn single_value<'f>(&mut self, f: &'f ast::Filter) -> &'f Ident {
        if f.values.len() > 1 {
            let message = format!("`{}` takes one value", f.key.name);
            self.p.problem(f.values[1].span.clone(), message, None);
        }
        &f.values[0]
    }

    /// `face: up|down`: never in a hand.
    fn face_filter(&mut self, set: &mut Set, f: &ast::Filter) -> bool {
        let mut ok = true;
        let v = self.single_value(f);
        if set.zone == Zone::Hand {
            self.p.problem(
                f.key.span.clone(),
                "`face` never matches cards in a hand: only cards on the table lie face up or down",
                None,
            );
            ok = false;
        }
        set.face = FACES.lookup(v, &mut self.p);
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
            self.p.problem(
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
            && ks.iter().all(|k: &Kind| !self.env.kinds[k.ix()].1)
        {
            self.p.problem(
                f.key.span.clone(),
                "this `kind` never matches: only influence cards lie on the table",
                None,
            );
            ok = false;
        }
        set.set_kinds(ks);
        ok
    }

    /// Cards: one chosen card or one set.
    fn cards(&mut self, c: &ast::Cards) -> Option<Cards> {
        let id = match c.terms.as_slice() {
            [CardTerm::Set(s)] => return self.set(s).map(Cards::Set),
            [CardTerm::Name(id)] => id,
            [CardTerm::Index { zone, span, .. }] => {
                let what = format!("`{}(...)` without `key: value`", zone.name);
                let hint = format!("a set names its filters: {}(owner: opponent)", zone.name);
                MEANINGS.reject(&mut self.p, span.clone(), &what, Some(hint));
                return None;
            }
            _ => {
                let hint = Some("name one chosen card or one set such as table(...)".into());
                MEANINGS.reject(&mut self.p, c.span.clone(), "`|` between cards", hint);
                return None;
            }
        };
        if let Some((_, VarType::Group)) = self.vars.get(&id.name) {
            self.p.problem(
                id.span.clone(),
                format!("`{}` is a group, and this takes cards", id.name),
                Some(format!(
                    "for the cards at that group write table(group: {})",
                    id.name
                )),
            );
            return None;
        }
        let card = VarType::Card(Zone::Table);
        let var = self.vars.typed(id, card, &mut self.p, |vars| {
            let known = vars.names_like(card);
            Some(if known.is_empty() {
                "no card is chosen before this statement: add `choose card ... from ...;`".into()
            } else {
                format!("cards chosen so far: {}", known.join(", "))
            })
        });
        var.map(Cards::Var)
    }

    /// The zone of the cards a target names.
    fn zone_of(&self, c: &Cards) -> Zone {
        match c {
            Cards::Set(s) => s.zone,
            Cards::Var(v) => match self.vars.ty(*v) {
                VarType::Card(z) => z,
                VarType::Group => Zone::Table,
            },
        }
    }

    fn conds(&mut self, cs: &[Condition]) -> Vec<Cond> {
        cs.iter()
            .filter_map(|c| match &c.kind {
                ConditionKind::Any(s) => self.set_of(s).map(Cond::Any),
                ConditionKind::No(s) => self.set_of(s).map(Cond::No),
                ConditionKind::NotEqual(a, b) => self.not_equal(a, b, &c.span),
                ConditionKind::Compare(..) => {
                    MEANINGS.reject(&mut self.p, c.span.clone(), "a comparison", None);
                    None
                }
            })
            .collect()
    }

    /// The one set of `any` and `no`.
    fn set_of(&mut self, c: &ast::Cards) -> Option<Set> {
        if let [CardTerm::Set(s)] = c.terms.as_slice() {
            return self.set(s);
        }
        let message = "`any` and `no` take one card set such as table(group: g)";
        self.p.problem(c.span.clone(), message, None);
        None
    }

    /// `a != b`: two choices of one type.
    fn not_equal(&mut self, a: &Ident, b: &Ident, span: &Range<usize>) -> Option<Cond> {
        let ra = self.vars.get(&a.name);
        let rb = self.vars.get(&b.name);
        for (id, r) in [(a, ra), (b, rb)] {
            if r.is_none() {
                self.p.undefined(id, None);
            }
        }
        let (ra, rb) = (ra?, rb?);
        let group = |t: VarType| t == VarType::Group;
        if group(ra.1) != group(rb.1) {
            self.p.problem(
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

    /// A statement's op; one the game gives no meaning to is a problem.
    fn statement(&mut self, s: &ast::Statement) -> Option<Op> {
        use StatementKind as K;
        Some(match &s.kind {
            K::Choose {
                what: Choice::Group,
                var,
                condition,
                by,
                optional,
            } => {
                self.plain_choice(by, *optional, &s.span);
                // Bind first, so that the condition can name the group.
                let v = self.vars.bind(var, VarType::Group, &mut self.p);
                let cond = self.conds(condition);
                Op::ChooseGroup { var: v, cond }
            }
            K::Choose {
                what: Choice::Card(from),
                var,
                condition,
                by,
                optional,
            } => {
                self.plain_choice(by, *optional, &s.span);
                self.choose_card(var, from, condition)?
            }
            K::Discard(t) => Op::Discard(self.cards(t)?),
            K::Remove(t) => Op::Remove(self.cards(t)?),
            K::Reveal(t) => self.reveal(t, &s.span)?,
            K::Look(t) => Op::Look(self.cards(t)?),
            K::Take(t) => self.take(t, &s.span)?,
            K::Draw {
                player,
                count,
                optional,
            } => Op::Draw {
                who: PLAYERS.lookup(player, &mut self.p)?,
                count: self.p.draw_count(count),
                optional: *optional,
            },
            K::PlaceTaken { face, groups } => self.place_taken(face, groups, &s.span)?,
            K::Cancel => {
                if !self.reaction {
                    self.p.problem(
                        s.span.clone(),
                        "`cancel` has nothing to cancel: only a reaction (`on opponent action:`) answers a card",
                        None,
                    );
                }
                Op::Cancel
            }
            _ => {
                MEANINGS.reject_statement(&mut self.p, s);
                return None;
            }
        })
    }

    /// A `choose` of an action card: its player decides, and it has an
    /// answer or the card ends (`by` and `optional` are problems).
    fn plain_choice(&mut self, by: &Option<Ident>, optional: bool, span: &Range<usize>) {
        if let Some(by) = by {
            MEANINGS.reject(&mut self.p, by.span.clone(), "`by` in a `choose`", None);
        }
        if optional {
            MEANINGS.reject(&mut self.p, span.clone(), "`optional` in a `choose`", None);
        }
    }

    fn choose_card(
        &mut self,
        var: &Ident,
        from: &ast::CardSet,
        condition: &[Condition],
    ) -> Option<Op> {
        let set = self.set(from);
        let zone = set.as_ref().map_or(Zone::Table, |s| s.zone);
        let v = self.vars.bind(var, VarType::Card(zone), &mut self.p);
        let cond = self.conds(condition);
        Some(Op::ChooseCard {
            var: v,
            from: set?,
            cond,
        })
    }

    fn place_taken(&mut self, face: &Ident, groups: &[Ident], span: &Range<usize>) -> Option<Op> {
        if !self.took {
            self.p.problem(
                span.clone(),
                "nothing is taken before `place taken`",
                Some("take cards first: `take table(owner: me, group: a | b);`".into()),
            );
        }
        let face = FACES.lookup(face, &mut self.p)?;
        let refs = self.group_refs(groups)?;
        Some(Op::PlaceTaken { face, groups: refs })
    }

    fn reveal(&mut self, t: &ast::Cards, span: &Range<usize>) -> Option<Op> {
        let c = self.cards(t)?;
        if self.zone_of(&c) == Zone::Hand {
            self.p.problem(
                span.clone(),
                "`reveal` turns table cards face up; to see a hand, use `look at`",
                None,
            );
        }
        Some(Op::Reveal(c))
    }

    fn take(&mut self, t: &ast::Cards, span: &Range<usize>) -> Option<Op> {
        let c = self.cards(t)?;
        if self.zone_of(&c) != Zone::Table {
            self.p.problem(
                span.clone(),
                "`take` lifts cards off the table: its set must be table(...)",
                None,
            );
        }
        self.took = true;
        Some(Op::Take(c))
    }
}

impl crate::effects::run::Statement for Op {
    #[inline]
    fn choice(&self) -> Option<u8> {
        match self {
            Op::ChooseGroup { var, .. } | Op::ChooseCard { var, .. } => Some(*var),
            _ => None,
        }
    }
}
