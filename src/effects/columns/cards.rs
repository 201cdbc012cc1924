//! A game's cards as the column language reads them, loaded from its rule
//! files: the kinds of card (each with a value, an optional domain under
//! which it is worth another value, an ability), the seats' colours (each
//! with the same deck of kinds), the round-end steps, and the names of
//! kinds, domains and colours. [`CardTable`] holds them checked, with the
//! per-card tables the round's end reads at every card; a game's rules
//! that hold one give [`ColumnRules`] and [`Names`] through [`CardRules`].
//!
//! The loader reports every problem as a diagnostic at its file, line and
//! column. A game calls its three steps in order ([`CardTable::read`],
//! [`CardTable::read_steps`], [`CardTable::compile`]), with its own checks
//! between them.
//!
//! **Invariants** of a compiled table: card `c` of seat `s` is `s x deck
//! length + i`, of the kind `deck[i]`; `card_kind`, `card_owner`,
//! `card_facts` and `card_reveals` agree with `kinds` and `deck` for every
//! card of the `seats` seats; `end_rank` gives each kind's step as its
//! place in `steps`.

use super::table::{MAX_CARDS, MAX_DECK};
use super::{ColumnRules, Facts, MAX_SEATS, NO_STEP, Names, Op, Program, Readings, Step, Trigger};
use crate::diag::Diagnostics;
use crate::effects::compile;
use crate::load::overlay::Overlays;
use crate::load::{Parsed, SourceFile, Spanned};

/// The most kinds of card.
pub const MAX_KINDS: usize = 64;
/// The range of a card's value (whole or half points).
const VALUE: (f64, f64) = (0.0, 100.0);
/// The range of the number of cards of one kind in a deck.
const COUNT: (f64, f64) = (1.0, 4.0);
/// The range of a round-end step's number.
const STEP: (f64, f64) = (1.0, 9.0);

/// The part of the rule files the table reads, as written: one struct per
/// file or entry, unknown fields refused, every number read as any number
/// (`f64`) so that the loader refuses it with its range and its place.
pub mod raw {
    use serde::Deserialize;

    use crate::load::Spanned;

    /// The kinds file: every kind of card.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct CardsFile {
        pub kinds: Vec<Kind>,
    }

    /// One kind of card.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Kind {
        pub id: Spanned<String>,
        pub name: String,
        pub value: Spanned<f64>,
        pub domain: Option<Spanned<String>>,
        pub domain_value: Option<Spanned<f64>>,
        #[serde(default)]
        pub valueless: bool,
        /// The designer's text of the ability, read only to be checked.
        pub ability: Option<String>,
        /// The ability in the effect language.
        pub effect: Option<Spanned<String>>,
    }

    /// The colours file: the deck every colour has, and the colours.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ColoursFile {
        pub deck: Vec<DeckEntry>,
        pub deck_total: Spanned<f64>,
        pub colours: Vec<Named>,
    }

    /// So many cards of a kind in a deck.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct DeckEntry {
        pub card: Spanned<String>,
        pub count: Spanned<f64>,
    }

    /// An id and a name (a colour, a domain).
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Named {
        pub id: Spanned<String>,
        pub name: String,
    }

    /// The order in which a step's cards act, top (nearest the objective)
    /// first or bottom first.
    #[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Order {
        #[default]
        TopDown,
        BottomUp,
    }

    /// One round-end step: its number, the kinds that act at it (as the
    /// designer lists them: checked to be kinds) and their order.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct EndStep {
        pub step: Spanned<f64>,
        pub kinds: Vec<Spanned<String>>,
        #[serde(default)]
        pub order: Order,
    }
}

/// One kind of card.
#[derive(Debug, Clone)]
pub struct Kind {
    pub id: String,
    pub name: String,
    /// In half points (9.5 is 19).
    pub value: i16,
    /// The domain under which it is worth `domain_value` (half points).
    pub domain: Option<u8>,
    pub domain_value: i16,
    pub valueless: bool,
    /// Its ability, compiled.
    pub program: Option<Program>,
}

impl Kind {
    /// Its value in a column whose objective is of `domain`.
    pub fn printed(&self, domain: u8) -> i16 {
        if self.domain == Some(domain) {
            self.domain_value
        } else {
            self.value
        }
    }
}

/// A card as a column's `Work` reads it: its kind's value in a column of
/// its own domain (`home`) and elsewhere ([`Kind::printed`]).
#[derive(Debug, Clone, Copy, Default)]
struct CardFacts {
    kind: u8,
    owner: u8,
    valued: bool,
    /// The kind's domain, `u8::MAX` for none.
    home: u8,
    value: i16,
    home_value: i16,
}

/// The names the base files give (before any overlay renames them): a
/// typed move may use them whatever the language of the names in play.
#[derive(Debug, Clone, Default)]
pub struct BaseNames {
    pub kinds: Vec<String>,
    pub domains: Vec<String>,
    pub colours: Vec<String>,
}

/// A game's cards, checked: kinds, deck, colours, domains, steps, and
/// what the round's end reads of each card, in one load.
#[derive(Debug, Clone)]
pub struct CardTable {
    pub kinds: Vec<Kind>,
    /// Each colour's deck: the kind of each of its cards.
    pub deck: Vec<u8>,
    /// Each colour's id and name, in the language asked for.
    pub colours: Vec<(String, String)>,
    /// Each domain's id and name, in the language asked for.
    pub domains: Vec<(String, String)>,
    /// The names of the base files, whatever the language.
    pub base_names: BaseNames,
    /// The round-end steps in the order they run.
    pub steps: Vec<Step>,
    /// Each kind's round-end step (`at round end N:`), 0 for none.
    pub end_step: Vec<u8>,
    /// Each kind's round-end step as its index in `steps` (the order the
    /// steps run in), [`NO_STEP`] for none: derived from `end_step`.
    pub end_rank: Vec<u8>,
    /// The seats in play: the cards are theirs.
    seats: usize,
    /// What the toggles make of the ability language (their `means`).
    readings: Readings,
    /// Each card's kind and owner (card = seat x deck length + index).
    card_kind: [u8; MAX_CARDS],
    card_owner: [u8; MAX_CARDS],
    /// What a column's `Work` reads of each card, in one load.
    card_facts: [CardFacts; MAX_CARDS],
    /// The cards whose kind has an `on revealed:` ability, as bits.
    card_reveals: [u64; MAX_CARDS.div_ceil(64)],
}

impl CardTable {
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The kind of card `c`.
    #[inline]
    pub fn kind_of(&self, c: u8) -> usize {
        self.card_kind[c as usize] as usize
    }

    /// The owner of card `c`.
    #[inline]
    pub fn owner(&self, c: u8) -> usize {
        self.card_owner[c as usize] as usize
    }

    /// What a column's `Work` reads of card `c` under an objective of
    /// `domain` ([`ColumnRules::facts`]).
    #[inline]
    pub fn facts(&self, c: u8, domain: u8) -> Facts {
        let f = self.card_facts[c as usize];
        Facts {
            kind: f.kind,
            owner: f.owner,
            value: if f.home == domain {
                f.home_value
            } else {
                f.value
            },
            valued: f.valued,
        }
    }

    /// Card `c`'s kind has an `on revealed:` ability.
    #[inline]
    pub fn reveals(&self, c: u8) -> bool {
        self.card_reveals[c as usize / 64] >> (c % 64) & 1 != 0
    }

    /// Each kind's value as `card.<id>.value = v` (an overlay may set it).
    pub fn values(&self) -> impl Iterator<Item = (String, String)> + '_ {
        let value = |k: &Kind| (format!("card.{}.value", k.id), half(k.value));
        self.kinds.iter().map(value)
    }

    /// Every name in force as `key = "name"`: cards, domains, colours.
    pub fn names(&self) -> Vec<(String, String)> {
        let q =
            |what: &str, id: &str, name: &str| (format!("{what}.{id}.name"), format!("{name:?}"));
        let kinds = self.kinds.iter().map(|k| q("card", &k.id, &k.name));
        let domains = self.domains.iter().map(|(id, n)| q("domain", id, n));
        let colours = self.colours.iter().map(|(id, n)| q("colour", id, n));
        kinds.chain(domains).chain(colours).collect()
    }
}

/// A card value in its range, in half points.
fn half_points(x: f64) -> Option<i16> {
    let (lo, hi) = VALUE;
    ((lo..=hi).contains(&x) && (x * 2.0).fract() == 0.0).then_some((x * 2.0) as i16)
}

/// A value in half points as written (`9.5`, `12`).
pub fn half(v: i16) -> String {
    if v % 2 == 0 {
        (v / 2).to_string()
    } else {
        format!("{}.5", v / 2)
    }
}

/// Number `n` of a rule file as a whole number from `lo` to `hi`, else an
/// error at it naming `what`.
pub fn whole(
    d: &mut Diagnostics,
    f: &SourceFile,
    n: &Spanned<f64>,
    what: &str,
    (lo, hi): (f64, f64),
) -> Option<i64> {
    let x = n.value;
    if !(lo..=hi).contains(&x) || x.fract() != 0.0 {
        let m = format!("{what} must be a whole number from {lo} to {hi}, not {x}");
        d.push(f.error(n, m));
        return None;
    }
    Some(x as i64)
}

/// The ids and names of `list`, at most `max`; an id given twice is an
/// error at it.
pub fn named(
    d: &mut Diagnostics,
    f: &SourceFile,
    list: &[raw::Named],
    max: usize,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for n in list {
        if out.iter().any(|(id, _)| *id == n.id.value) {
            d.push(f.error(&n.id, format!("\"{}\" is given twice", n.id.value)));
        }
        out.push((n.id.value.clone(), n.name.clone()));
    }
    if let Some(n) = list.get(max) {
        d.push(f.error(&n.id, format!("at most {max} here")));
    }
    out
}

impl CardTable {
    /// Reads the kinds (with the `domains` their domains name), the deck
    /// and the colours, then the overlays' `card.<id>.value` and
    /// `<what>.<id>.name`. `None` when nothing further can be checked
    /// (no kinds, no deck); otherwise the problems are in `d`.
    pub fn read(
        d: &mut Diagnostics,
        cards: &Parsed<raw::CardsFile>,
        colours: &Parsed<raw::ColoursFile>,
        mut domains: Vec<(String, String)>,
        o: &Overlays,
    ) -> Option<CardTable> {
        let mut kinds = read_kinds(d, &cards.file, &cards.raw, &domains)?;
        value_overlays(d, &mut kinds, o);
        let deck = read_deck(d, &colours.file, &colours.raw, &kinds)?;
        let mut colour_names = named(d, &colours.file, &colours.raw.colours, MAX_SEATS);
        let base = |l: &[(String, String)]| l.iter().map(|(_, n)| n.clone()).collect();
        let base_names = BaseNames {
            kinds: kinds.iter().map(|k| k.name.clone()).collect(),
            domains: base(&domains),
            colours: base(&colour_names),
        };
        name_overlays(d, o, &mut kinds, &mut domains, &mut colour_names);
        Some(CardTable {
            kinds,
            deck,
            colours: colour_names,
            domains,
            base_names,
            steps: Vec::new(),
            end_step: Vec::new(),
            end_rank: Vec::new(),
            seats: 0,
            readings: Readings::default(),
            card_kind: [0; MAX_CARDS],
            card_owner: [0; MAX_CARDS],
            card_facts: [CardFacts::default(); MAX_CARDS],
            card_reveals: [0; MAX_CARDS.div_ceil(64)],
        })
    }

    /// Reads the round-end steps of file `f`; `None` at a number out of
    /// its range.
    pub fn read_steps(
        &mut self,
        d: &mut Diagnostics,
        f: &SourceFile,
        end_steps: &[raw::EndStep],
    ) -> Option<()> {
        for s in end_steps {
            let n = whole(d, f, &s.step, "step", STEP)? as u8;
            if self.steps.iter().any(|x| x.number == n) {
                d.push(f.error(&s.step, format!("step {n} is given twice")));
            }
            for k in &s.kinds {
                find_kind(d, f, k, &self.kinds);
            }
            self.steps.push(Step {
                number: n,
                bottom_up: s.order == raw::Order::BottomUp,
            });
        }
        Some(())
    }

    /// Compiles each kind's ability with `readings` (problems at their
    /// place in the kinds file), then fills the per-card tables for
    /// `seats` seats and orders the steps: with `eliminators_last`, the
    /// steps whose abilities eliminate run after every other step, so
    /// that they compare modified values.
    pub fn compile(
        &mut self,
        d: &mut Diagnostics,
        cards: &Parsed<raw::CardsFile>,
        readings: Readings,
        seats: usize,
        eliminators_last: bool,
    ) {
        self.readings = readings;
        self.programs(d, cards);
        self.seats = seats;
        self.fill_cards();
        self.end_step = (self.kinds.iter())
            .map(|k| match k.program.as_ref().map(|p| p.trigger) {
                Some(Trigger::RoundEnd(n)) => n,
                _ => 0,
            })
            .collect();
        if eliminators_last {
            self.eliminators_last();
        }
        let rank = |&n: &u8| {
            let i = self.steps.iter().position(|s| n != 0 && s.number == n);
            i.map_or(NO_STEP, |i| i as u8)
        };
        self.end_rank = self.end_step.iter().map(rank).collect();
    }

    /// Each kind's ability, compiled.
    fn programs(&mut self, d: &mut Diagnostics, cards: &Parsed<raw::CardsFile>) {
        let ids: Vec<String> = self.kinds.iter().map(|k| k.id.clone()).collect();
        for (i, k) in cards.raw.kinds.iter().enumerate() {
            let Some(text) = &k.effect else { continue };
            let env = super::Env {
                kinds: &ids,
                this_kind: i,
                steps: &self.steps,
                readings: &self.readings,
            };
            let context = format!("in the ability of `{}`", k.id.value);
            let p = compile::program(&cards.file, text, &context, |a| {
                super::compile::compile(a, &env)
            });
            self.kinds[i].program = p.map_err(|e| d.extend(e)).ok();
        }
    }

    /// The per-card tables, from the kinds and the deck.
    fn fill_cards(&mut self) {
        let n = self.deck.len();
        for c in 0..self.seats * n {
            let (kind, owner) = (self.deck[c % n], (c / n) as u8);
            (self.card_kind[c], self.card_owner[c]) = (kind, owner);
            let k = &self.kinds[kind as usize];
            self.card_facts[c] = CardFacts {
                kind,
                owner,
                valued: !k.valueless,
                home: k.domain.unwrap_or(u8::MAX),
                value: k.value,
                home_value: k.domain_value,
            };
            let reveals = k.program.as_ref().map(|p| p.trigger);
            let reveals = reveals == Some(Trigger::Revealed);
            self.card_reveals[c / 64] |= u64::from(reveals) << (c % 64);
        }
    }

    /// Moves the steps whose abilities eliminate after every other step
    /// (the order of each part kept).
    fn eliminators_last(&mut self) {
        let eliminates = |p: &Program| p.ops.iter().any(|o| matches!(o, Op::Eliminate(_)));
        let programs = self.kinds.iter().map(|k| k.program.as_ref());
        let purges: Vec<u8> = (self.end_step.iter().zip(programs))
            .filter_map(|(&s, p)| p.is_some_and(eliminates).then_some(s))
            .collect();
        self.steps.sort_by_key(|s| purges.contains(&s.number));
    }
}

/// The kinds of the kinds file; `None` if it lists none or too many.
fn read_kinds(
    d: &mut Diagnostics,
    f: &SourceFile,
    c: &raw::CardsFile,
    domains: &[(String, String)],
) -> Option<Vec<Kind>> {
    if c.kinds.is_empty() || c.kinds.len() > MAX_KINDS {
        let file = f.path.file_name().unwrap_or_default().to_string_lossy();
        let m = format!(
            "{file} lists from 1 to {MAX_KINDS} kinds, not {}",
            c.kinds.len()
        );
        d.push(crate::diag::Diagnostic::whole(f.path.clone(), m));
        return None;
    }
    let mut out: Vec<Kind> = Vec::new();
    for k in &c.kinds {
        if out.iter().any(|o| o.id == k.id.value) {
            let m = format!("the card \"{}\" is given twice", k.id.value);
            d.push(f.error(&k.id, m));
        }
        let value = read_value(d, f, &k.value).unwrap_or(0);
        let domain = k.domain.as_ref().and_then(|at| {
            let i = domains.iter().position(|(id, _)| *id == at.value);
            if i.is_none() {
                let ids: Vec<&str> = domains.iter().map(|(i, _)| i.as_str()).collect();
                let e = f.error(at, format!("unknown domain \"{}\"", at.value));
                d.push(e.with_hint(format!("the domains: {}", ids.join(", "))));
            }
            i.map(|i| i as u8)
        });
        match (&k.domain, &k.domain_value) {
            (None, Some(v)) => d.push(f.error(v, "a domain_value needs a domain")),
            (Some(at), None) => d.push(f.error(at, "a domain needs a domain_value")),
            _ => {}
        }
        let home_value = k.domain_value.as_ref().filter(|_| k.domain.is_some());
        let domain_value = home_value
            .and_then(|v| read_value(d, f, v))
            .unwrap_or(value);
        out.push(Kind {
            id: k.id.value.clone(),
            name: k.name.clone(),
            value,
            domain,
            domain_value,
            valueless: k.valueless,
            program: None,
        });
    }
    Some(out)
}

/// A card value in half points, else an error at it.
fn read_value(d: &mut Diagnostics, f: &SourceFile, n: &Spanned<f64>) -> Option<i16> {
    let x = n.value;
    let v = half_points(x);
    if v.is_none() {
        let (lo, hi) = VALUE;
        let m = format!("a value is from {lo} to {hi} in half points, not {x}");
        d.push(f.error(n, m));
    }
    v
}

/// `card.<id>.value` set by an overlay.
fn value_overlays(d: &mut Diagnostics, kinds: &mut [Kind], o: &Overlays) {
    for k in kinds.iter_mut() {
        let Some(s) = o.get(&format!("card.{}.value", k.id)) else {
            continue;
        };
        let v = o.text(s);
        match v.parse().ok().and_then(half_points) {
            Some(x) => k.value = x,
            None => {
                let (lo, hi) = VALUE;
                let m = format!(
                    "card.{}.value: a value from {lo} to {hi} in half points, not {v}",
                    k.id
                );
                d.push(o.error(s, m));
            }
        }
    }
}

/// The names of the kinds, domains and colours an overlay (a names file, a
/// variant, `--set`) sets by `<what>.<id>.name`.
fn name_overlays(
    d: &mut Diagnostics,
    o: &Overlays,
    kinds: &mut [Kind],
    domains: &mut [(String, String)],
    colours: &mut [(String, String)],
) {
    let kinds = kinds
        .iter_mut()
        .map(|Kind { id, name, .. }| ("card", &*id, name));
    let lists = [("domain", domains), ("colour", colours)].into_iter();
    let others = lists.flat_map(|(w, l)| l.iter_mut().map(move |(id, n)| (w, &*id, n)));
    for (what, id, name) in kinds.chain(others) {
        match o.name(&format!("{what}.{id}.name")) {
            Some(Ok(n)) => *name = n,
            Some(Err(e)) => d.push(e),
            None => {}
        }
    }
}

/// The kind `id` names, else an error at it with the nearest id.
fn find_kind(
    d: &mut Diagnostics,
    f: &SourceFile,
    id: &Spanned<String>,
    kinds: &[Kind],
) -> Option<usize> {
    let i = kinds.iter().position(|k| k.id == id.value);
    if i.is_none() {
        let mut e = f.error(id, format!("unknown card \"{}\"", id.value));
        let near = crate::load::nearest(id, kinds.iter().map(|k| k.id.as_str()));
        e.hints
            .extend(near.map(|n| format!("did you mean \"{n}\"?")));
        d.push(e);
    }
    i
}

/// Each colour's deck: the kind of each card; `None` if it holds none or
/// too many, or at a count out of its range.
fn read_deck(
    d: &mut Diagnostics,
    f: &SourceFile,
    c: &raw::ColoursFile,
    kinds: &[Kind],
) -> Option<Vec<u8>> {
    let mut deck = Vec::new();
    for e in &c.deck {
        let Some(k) = find_kind(d, f, &e.card, kinds) else {
            continue;
        };
        let n = whole(d, f, &e.count, "count", COUNT)? as usize;
        if deck.len() + n > MAX_DECK {
            let m = format!("a colour holds at most {MAX_DECK} cards");
            d.push(f.error(&e.count, m));
            return None;
        }
        deck.extend(std::iter::repeat_n(k as u8, n));
    }
    let (holds, total) = (deck.len(), c.deck_total.value);
    if holds as f64 != total {
        let m = format!("the deck above holds {holds} cards, not {total}");
        d.push(f.error(&c.deck_total, m));
    }
    (!deck.is_empty()).then_some(deck)
}

/// Rules that hold their cards in a [`CardTable`]: they are
/// [`ColumnRules`] and [`Names`] by the table and these answers of their
/// own.
pub trait CardRules {
    /// The cards.
    fn cards(&self) -> &CardTable;
    /// The most cards a column holds ([`ColumnRules::capacity`]).
    fn column_capacity(&self) -> usize;
    /// The domain of objective `o` ([`ColumnRules::domain`]).
    fn objective_domain(&self, objective: u8) -> u8;
    /// The card heading a column, in words ([`Names::head`]).
    fn objective_head(&self, objective: u8) -> String;
}

impl<R: CardRules> ColumnRules for R {
    #[inline]
    fn kind_of(&self, c: u8) -> usize {
        self.cards().kind_of(c)
    }
    #[inline]
    fn owner(&self, c: u8) -> usize {
        self.cards().owner(c)
    }
    #[inline]
    fn printed(&self, kind: usize, domain: u8) -> i16 {
        self.cards().kinds[kind].printed(domain)
    }
    #[inline]
    fn valueless(&self, kind: usize) -> bool {
        self.cards().kinds[kind].valueless
    }
    #[inline]
    fn program(&self, kind: usize) -> Option<&Program> {
        self.cards().kinds[kind].program.as_ref()
    }
    #[inline]
    fn end_rank(&self, kind: usize) -> u8 {
        self.cards().end_rank[kind]
    }
    #[inline]
    fn steps(&self) -> &[Step] {
        &self.cards().steps
    }
    #[inline]
    fn seats(&self) -> usize {
        self.cards().seats
    }
    #[inline]
    fn facts(&self, c: u8, domain: u8) -> Facts {
        self.cards().facts(c, domain)
    }
    #[inline]
    fn reveals(&self, c: u8) -> bool {
        self.cards().reveals(c)
    }
    #[inline]
    fn capacity(&self) -> usize {
        self.column_capacity()
    }
    #[inline]
    fn domain(&self, objective: u8) -> u8 {
        self.objective_domain(objective)
    }
    #[inline]
    fn readings(&self) -> &Readings {
        &self.cards().readings
    }
}

impl<R: CardRules> Names for R {
    fn seat(&self, p: usize) -> (&str, &str) {
        let (id, name) = &self.cards().colours[p];
        (id, name)
    }
    fn kind(&self, k: usize) -> (&str, &str) {
        let k = &self.cards().kinds[k];
        (&k.id, &k.name)
    }
    fn head(&self, objective: u8) -> String {
        self.objective_head(objective)
    }
    fn home(&self, k: usize) -> Option<(&str, i16)> {
        let c = self.cards();
        let k = &c.kinds[k];
        let d = c.domains.get(k.domain? as usize)?;
        Some((&d.1, k.domain_value))
    }
}

#[cfg(test)]
mod tests {
    //! A toy game's cards: three kinds, two seats, one round-end step.
    use super::*;

    const KINDS: &str = r#"(kinds: [
        (id: "plain", name: "Plain", value: 4.5),
        (id: "homer", name: "Homer", value: 2, domain: "sea", domain_value: 6,
         effect: "on revealed: discard revealer;"),
        (id: "purger", name: "Purger", value: 1, valueless: true,
         effect: "at round end 1: eliminate column(value: >= 10);"),
    ])"#;
    const COLOURS: &str = r#"(
        deck: [(card: "plain", count: 2), (card: "homer", count: 1), (card: "purger", count: 1)],
        deck_total: 4,
        colours: [(id: "east", name: "East"), (id: "west", name: "West")],
    )"#;

    fn parsed<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Parsed<T> {
        let file = SourceFile {
            path: name.into(),
            text: text.to_string(),
        };
        let raw = file.parse().expect("parses");
        Parsed { file, raw }
    }

    /// The table of the toy files, with `colours` for the colours file.
    fn table(colours: &str) -> Result<CardTable, Diagnostics> {
        let mut d = Diagnostics::default();
        let cards = parsed("kinds.ron", KINDS);
        let colours = parsed("colours.ron", colours);
        let domains = vec![("land".into(), "Land".into()), ("sea".into(), "Sea".into())];
        let o = Overlays::default();
        let mut t =
            CardTable::read(&mut d, &cards, &colours, domains, &o).ok_or_else(|| d.clone())?;
        let step = parsed::<Vec<raw::EndStep>>("steps.ron", r#"[(step: 1, kinds: ["purger"])]"#);
        t.read_steps(&mut d, &step.file, &step.raw);
        t.compile(&mut d, &cards, Readings::default(), 2, false);
        if d.is_empty() { Ok(t) } else { Err(d) }
    }

    /// The toy table as rules: every column of domain 1.
    impl CardRules for CardTable {
        fn cards(&self) -> &CardTable {
            self
        }
        fn column_capacity(&self) -> usize {
            8
        }
        fn objective_domain(&self, _objective: u8) -> u8 {
            1
        }
        fn objective_head(&self, _objective: u8) -> String {
            "Sea".to_string()
        }
    }

    #[test]
    fn the_card_tables_agree_with_the_kinds_and_the_deck() {
        let t = table(COLOURS).expect("the toy loads");
        assert_eq!(t.deck, vec![0, 0, 1, 2]);
        for c in 0..8u8 {
            let (kind, owner) = (t.deck[c as usize % 4] as usize, c as usize / 4);
            assert_eq!((t.kind_of(c), t.owner(c)), (kind, owner));
            for domain in 0..2 {
                let k = &t.kinds[kind];
                let facts = Facts {
                    kind: kind as u8,
                    owner: owner as u8,
                    value: k.printed(domain),
                    valued: !k.valueless,
                };
                assert_eq!(t.facts(c, domain), facts);
            }
            let revealed = t.kinds[kind].program.as_ref().map(|p| p.trigger);
            assert_eq!(t.reveals(c), revealed == Some(Trigger::Revealed));
        }
        assert_eq!(t.end_step, vec![0, 0, 1]);
        assert_eq!(t.end_rank, vec![NO_STEP, NO_STEP, 0]);
        assert_eq!(t.card_name(6), "West Homer");
    }

    #[test]
    fn values_are_half_points() {
        let t = table(COLOURS).expect("the toy loads");
        assert_eq!((t.kinds[0].value, t.kinds[1].printed(1)), (9, 12));
        assert_eq!([half(9), half(12)], ["4.5".to_string(), "6".to_string()]);
        let values: Vec<_> = t.values().map(|(k, v)| format!("{k} = {v}")).collect();
        assert_eq!(values[0], "card.plain.value = 4.5");
    }

    #[test]
    fn an_unknown_kind_is_an_error_at_it_with_the_nearest_id() {
        let broken = COLOURS.replace("(card: \"homer\"", "(card: \"homr\"");
        let e = table(&broken).expect_err("an unknown kind").to_string();
        assert!(e.contains("colours.ron:2:"), "{e}");
        assert!(e.contains("unknown card \"homr\""), "{e}");
        assert!(e.contains("did you mean \"homer\"?"), "{e}");
    }
}
