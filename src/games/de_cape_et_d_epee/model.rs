//! The checked rules: `load` reads `rules/de_cape_et_d_epee/` (with the
//! overlays a `Selection` names) and validates it into [`Rules`]. Every
//! problem is a diagnostic at its file, line and column; every number is
//! checked against its range (`RANGES`) before anything is sized by it.

use super::raw;
use crate::diag::Diagnostics;
use crate::effects::columns::{self, ColumnRules, Facts, Names, Program, Readings};
pub use crate::effects::columns::{MAX_COLUMN, NO_STEP, Step};
use crate::effects::compile;
use crate::engine::Selection;
use crate::load::overlay::Overlays;
use crate::load::toggles;
use crate::load::{GameDir, Parsed, SourceFile, Spanned};

/// The most seats, kinds in a deck, cards per colour, columns, steps.
pub const MAX_SEATS: usize = 6;
pub use crate::effects::columns::table::MAX_DECK;
pub const MAX_KINDS: usize = 64;
pub const MAX_OBJECTIVES: usize = 64;
// The award compares every seat.
const _: () = assert!(MAX_SEATS <= columns::MAX_SEATS);

crate::toggles! {
    /// The toggles the module's own code plays, each with its readings in
    /// the order the module numbers them (`Rules::toggle` gives the index),
    /// as variants of `T` in the order of the table `TOGGLES`. toggles.ron
    /// must list each with exactly these readings; its `default` is the
    /// value. Its other toggles are the ability language's `Readings`,
    /// set by their `means`.
    pub enum T, pub const TOGGLES {
        CheckEach = "round_end.check" ["AfterPlacement", "AfterEachEffect"],
        EndDraw = "round_end.draw" ["Draws", "NoDraw"],
        PurgeValue = "purge.value" ["BeforeModifiers", "AfterModifiers"],
        EmptyColumn = "award.empty_column" ["Box", "RoundEnder"],
        EmptyHand = "empty_hand" ["Pass"],
        ScoringChoice = "scoring.choice" ["Best"],
    }
}

/// Allowed ranges of the numbers of the rule files.
const RANGES: &[(&str, f64, f64)] = &[
    ("players", 2.0, MAX_SEATS as f64),
    ("value", 0.0, 100.0),
    ("count", 1.0, 4.0),
    ("hand_size", 1.0, 10.0),
    ("objectives_per_player", 1.0, 12.0),
    ("objective value", 1.0, 10.0),
    ("rounds", 1.0, 12.0),
    ("step", 1.0, 9.0),
    ("placement_cap", 1.0, 10_000.0),
    ("column_capacity", 5.0, MAX_COLUMN as f64),
    ("cards", 1.0, 1.0),
    ("draw_after_place", 0.0, 3.0),
    ("columns", 1.0, MAX_SEATS as f64),
    ("objectives", 1.0, MAX_OBJECTIVES as f64),
    ("multiplier", 1.0, 5.0),
    ("per_extra_card", -10.0, 0.0),
    ("seat", 0.0, 0.0),
];

/// One kind of influence card.
#[derive(Debug, Clone)]
pub struct Kind {
    pub id: String,
    pub name: String,
    /// In half points (the Assassin's 9.5 is 19).
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

/// One objective card: a domain and a value (points and cards needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objective {
    pub domain: u8,
    pub value: u8,
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

/// The names the base files give (English): a typed move may use them
/// whatever the language of the names in play.
#[derive(Debug, Clone, Default)]
pub struct BaseNames {
    pub kinds: Vec<String>,
    pub domains: Vec<String>,
    pub colours: Vec<String>,
}

impl BaseNames {
    fn of(kinds: &[Kind], domains: &[(String, String)], colours: &[(String, String)]) -> BaseNames {
        let names = |l: &[(String, String)]| l.iter().map(|(_, n)| n.clone()).collect();
        BaseNames {
            kinds: kinds.iter().map(|k| k.name.clone()).collect(),
            domains: names(domains),
            colours: names(colours),
        }
    }
}

/// The checked rules for one number of players.
#[derive(Debug, Clone)]
pub struct Rules {
    pub name: String,
    pub players: usize,
    /// Every number of players the rules provide for (`game.ron`).
    pub player_counts: std::ops::RangeInclusive<usize>,
    pub kinds: Vec<Kind>,
    /// Each colour's deck: the kind of each of its cards.
    pub deck: Vec<u8>,
    /// Each colour's id and name, in the language asked for.
    pub colours: Vec<(String, String)>,
    /// Each domain's id and name, in the language asked for.
    pub domains: Vec<(String, String)>,
    /// The names of the base files, whatever the language.
    pub base_names: BaseNames,
    /// Every objective card the game may use (the pool after removals).
    pub objectives: Vec<Objective>,
    pub hand_size: usize,
    pub objectives_per_player: usize,
    pub columns: usize,
    pub rounds: usize,
    pub reveal_above: bool,
    pub draw_after_place: usize,
    pub steps: Vec<Step>,
    pub placement_cap: u32,
    pub column_capacity: usize,
    pub multiplier: i32,
    pub per_extra_card: i32,
    pub six_domains: bool,
    pub sum_of_objectives: bool,
    /// Values of the tie-breaks, in order (5, 4, ...).
    pub tie_breaks: Vec<u8>,
    /// Each kind's round-end step (`at round end N:`), 0 for none.
    pub end_step: Vec<u8>,
    /// Each kind's round-end step as its index in `steps` (the order the
    /// steps run in), [`NO_STEP`] for none: derived from `end_step`.
    pub end_rank: Vec<u8>,
    /// Each card's kind and owner (card = seat x deck length + index).
    card_kind: [u8; MAX_SEATS * MAX_DECK],
    card_owner: [u8; MAX_SEATS * MAX_DECK],
    /// What a column's `Work` reads of each card, in one load.
    card_facts: [CardFacts; MAX_SEATS * MAX_DECK],
    /// The cards whose kind has an `on revealed:` ability, as bits.
    card_reveals: [u64; 4],
    toggles: [u8; TOGGLES.len()],
    /// Every toggle of toggles.ron as `toggles.<key> = reading`.
    toggle_settings: Vec<(String, String)>,
    /// What the toggles make of the ability language (their `means`).
    readings: Readings,
}

impl Rules {
    /// The reading of toggle `t` (its index in [`TOGGLES`]).
    #[inline]
    pub fn toggle(&self, t: T) -> u8 {
        self.toggles[t as usize]
    }

    /// Toggle `t` has its first (default-listed) reading.
    #[inline]
    pub fn first(&self, t: T) -> bool {
        self.toggle(t) == 0
    }

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

    /// `purge.value` AfterModifiers: the steps whose abilities eliminate
    /// run after every other step, so that they compare modified values.
    fn order_steps(&mut self) {
        if self.first(T::PurgeValue) {
            return;
        }
        let eliminates = |p: &Program| p.ops.iter().any(|o| matches!(o, columns::Op::Eliminate(_)));
        let programs = self.kinds.iter().map(|k| k.program.as_ref());
        let purges: Vec<u8> = (self.end_step.iter().zip(programs))
            .filter_map(|(&s, p)| p.is_some_and(eliminates).then_some(s))
            .collect();
        self.steps.sort_by_key(|s| purges.contains(&s.number));
    }

    /// Every rule in force as `key = value`.
    pub fn settings(&self) -> Vec<(String, String)> {
        let mut v = vec![("players".to_string(), self.players.to_string())];
        v.extend(self.toggle_settings.iter().cloned());
        for k in &self.kinds {
            v.push((format!("card.{}.value", k.id), half(k.value)));
        }
        v
    }
}

impl Rules {
    /// Every name in force as `key = "name"`: cards, domains, colours (not
    /// in [`Rules::settings`]: the fingerprint a save keeps is of the rules,
    /// not of their names).
    pub fn names(&self) -> Vec<(String, String)> {
        let q =
            |what: &str, id: &str, name: &str| (format!("{what}.{id}.name"), format!("{name:?}"));
        let kinds = self.kinds.iter().map(|k| q("card", &k.id, &k.name));
        let domains = self.domains.iter().map(|(id, n)| q("domain", id, n));
        let colours = self.colours.iter().map(|(id, n)| q("colour", id, n));
        kinds.chain(domains).chain(colours).collect()
    }
}

/// The range of `what` in [`RANGES`].
fn range(what: &str) -> (f64, f64) {
    let &(_, lo, hi) = RANGES.iter().find(|r| r.0 == what).expect("a range");
    (lo, hi)
}

/// A card value in its range, in half points.
fn half_points(x: f64) -> Option<i16> {
    let (lo, hi) = range("value");
    ((lo..=hi).contains(&x) && (x * 2.0).fract() == 0.0).then_some((x * 2.0) as i16)
}

/// A value in half points as written (`9.5`, `12`): the engine's.
pub use crate::effects::columns::view::half;

/// Loads and checks the rules of `dir` with the overlays of `sel`.
pub fn load(dir: &GameDir, sel: &Selection) -> Result<Rules, Diagnostics> {
    let codes: Vec<&str> = crate::play::i18n::Lang::codes().collect();
    let overlays = Overlays::read(dir, sel, BASE_RULEBOOK, &codes);
    let problems = overlays.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut v = Validator {
        diags: Diagnostics::default(),
    };
    let rules = v.validate(dir, &overlays, sel);
    match rules {
        Some(r) if v.diags.is_empty() => Ok(r),
        _ => Err(v.diags),
    }
}

/// The keys an overlay may set.
const KEYS: &str = "the keys: toggles.<key> of toggles.ron, card.<id>.value, card.<id>.name, domain.<id>.name, colour.<id>.name";

/// The rulebook the base files follow.
pub const BASE_RULEBOOK: &str = "003";

struct Validator {
    diags: Diagnostics,
}

impl Validator {
    fn err<T>(&mut self, f: &SourceFile, at: &Spanned<T>, m: impl Into<String>) {
        self.diags.push(f.error(at, m));
    }

    /// A number in its range, as a whole number unless `halves`.
    fn num(&mut self, f: &SourceFile, n: &Spanned<f64>, what: &str) -> Option<i64> {
        let (lo, hi) = range(what);
        let x = n.value;
        if !(lo..=hi).contains(&x) || x.fract() != 0.0 {
            self.err(
                f,
                n,
                format!("{what} must be a whole number from {lo} to {hi}, not {x}"),
            );
            return None;
        }
        Some(x as i64)
    }

    /// A card value in half points.
    fn value(&mut self, f: &SourceFile, n: &Spanned<f64>) -> Option<i16> {
        let x = n.value;
        let v = half_points(x);
        if v.is_none() {
            let (lo, hi) = range("value");
            self.err(
                f,
                n,
                format!("a value is from {lo} to {hi} in half points, not {x}"),
            );
        }
        v
    }

    fn validate(&mut self, dir: &GameDir, o: &Overlays, sel: &Selection) -> Option<Rules> {
        let game: Parsed<raw::GameFile> = self.parse(dir, "game.ron")?;
        let cards: Parsed<raw::CardsFile> = self.parse(dir, "cards.ron")?;
        let colours: Parsed<raw::ColoursFile> = self.parse(dir, "colours.ron")?;
        let objectives: Parsed<raw::ObjectivesFile> = self.parse(dir, "objectives.ron")?;
        let setup: Parsed<raw::SetupFile> = self.parse(dir, "setup.ron")?;
        let round: Parsed<raw::RoundFile> = self.parse(dir, "round.ron")?;
        let _award: Parsed<raw::AwardFile> = self.parse(dir, "award.ron")?;
        let scoring: Parsed<raw::ScoringFile> = self.parse(dir, "scoring.ron")?;
        let toggles_file = dir
            .read("toggles.ron")
            .map_err(|d| self.diags.push(d))
            .ok()?;
        let (players, player_counts) = self.players(&game.file, &game.raw, sel)?;
        let mut domains = self.named(&objectives.file, &objectives.raw.domains, 16);
        let toggles = toggles::read(&toggles_file, TOGGLES, Readings::NAMES, o, &mut self.diags);
        let mut kinds = self.kinds(&cards.file, &cards.raw, &domains)?;
        self.card_overlays(&mut kinds, o);
        let deck = self.deck(&colours.file, &colours.raw, &kinds)?;
        let mut colour_names = self.named(&colours.file, &colours.raw.colours, MAX_SEATS);
        let base_names = BaseNames::of(&kinds, &domains, &colour_names);
        self.names(
            o,
            &mut kinds,
            [("domain", &mut domains), ("colour", &mut colour_names)],
        );
        if colour_names.len() < players {
            let m = format!(
                "{players} players need {players} colours; colours.ron has {}",
                colour_names.len()
            );
            self.err(&game.file, &game.raw.max_players, m);
        }
        let steps = self.steps(&round.file, &round.raw, &kinds)?;
        let toggles = toggles?;
        let mut readings = Readings::default();
        toggles.meanings.iter().for_each(|m| readings.set(m));
        self.programs(&cards.file, &cards.raw, &mut kinds, &steps, &readings);
        let (objs, hand, per_player) = self.objectives(&objectives, &setup, players)?;
        let mut r = Rules {
            name: game.raw.name.clone(),
            players,
            player_counts,
            kinds,
            deck,
            colours: colour_names,
            domains,
            base_names,
            objectives: objs,
            hand_size: hand,
            objectives_per_player: per_player,
            columns: players,
            rounds: 0,
            reveal_above: round.raw.reveal_above,
            draw_after_place: 0,
            steps,
            placement_cap: 0,
            column_capacity: 0,
            multiplier: 2,
            per_extra_card: -1,
            six_domains: scoring.raw.six_domains.needs_every_domain,
            sum_of_objectives: scoring.raw.sum_of_objectives,
            tie_breaks: Vec::new(),
            end_step: Vec::new(),
            end_rank: Vec::new(),
            card_kind: [0; MAX_SEATS * MAX_DECK],
            card_owner: [0; MAX_SEATS * MAX_DECK],
            card_facts: [CardFacts::default(); MAX_SEATS * MAX_DECK],
            card_reveals: [0; 4],
            toggles: toggles.values.try_into().ok()?,
            toggle_settings: toggles.settings,
            readings,
        };
        for c in 0..players * r.deck.len() {
            let (kind, owner) = (r.deck[c % r.deck.len()], (c / r.deck.len()) as u8);
            (r.card_kind[c], r.card_owner[c]) = (kind, owner);
            let k = &r.kinds[kind as usize];
            r.card_facts[c] = CardFacts {
                kind,
                owner,
                valued: !k.valueless,
                home: k.domain.unwrap_or(u8::MAX),
                value: k.value,
                home_value: k.domain_value,
            };
            let reveals = k.program.as_ref().map(|p| p.trigger);
            let reveals = reveals == Some(columns::Trigger::Revealed);
            r.card_reveals[c / 64] |= u64::from(reveals) << (c % 64);
        }
        r.end_step = r
            .kinds
            .iter()
            .map(|k| match k.program.as_ref().map(|p| p.trigger) {
                Some(columns::Trigger::RoundEnd(n)) => n,
                _ => 0,
            })
            .collect();
        r.order_steps();
        self.unknown_keys(o, &r);
        r.end_rank = r
            .end_step
            .iter()
            .map(|&n| {
                let i = r.steps.iter().position(|s| n != 0 && s.number == n);
                i.map_or(NO_STEP, |i| i as u8)
            })
            .collect();
        self.round(&round.file, &round.raw, &mut r)?;
        self.scoring(&scoring.file, &scoring.raw, &mut r)?;
        Some(r)
    }

    fn parse<T: serde::de::DeserializeOwned>(
        &mut self,
        dir: &GameDir,
        f: &str,
    ) -> Option<Parsed<T>> {
        dir.parse(f).map_err(|d| self.diags.push(d)).ok()
    }

    /// The number of players asked for, and every number the rules allow.
    fn players(
        &mut self,
        f: &SourceFile,
        g: &raw::GameFile,
        sel: &Selection,
    ) -> Option<(usize, std::ops::RangeInclusive<usize>)> {
        let (module, written) = (super::MODULE, &g.game.value);
        if *written != module {
            let m = format!("this module plays \"{module}\", not \"{written}\"");
            self.err(f, &g.game, m);
        }
        let lo = self.num(f, &g.min_players, "players")? as usize;
        let hi = self.num(f, &g.max_players, "players")? as usize;
        let def = self.num(f, &g.default_players, "players")? as usize;
        let n = sel.players.unwrap_or(def);
        if !(lo..=hi).contains(&n) || lo > hi {
            let d = f.error(
                &g.max_players,
                format!("{} is played by {lo} to {hi} players, not {n}", g.name),
            );
            self.diags
                .push(d.with_hint(format!("give --players from {lo} to {hi}")));
            return None;
        }
        Some((n, lo..=hi))
    }

    fn named(&mut self, f: &SourceFile, list: &[raw::Named], max: usize) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for n in list {
            if out.iter().any(|(id, _)| *id == n.id.value) {
                self.err(f, &n.id, format!("\"{}\" is given twice", n.id.value));
            }
            out.push((n.id.value.clone(), n.name.clone()));
        }
        if let Some(n) = list.get(max) {
            self.err(f, &n.id, format!("at most {max} here"));
        }
        out
    }

    fn kinds(
        &mut self,
        f: &SourceFile,
        c: &raw::CardsFile,
        domains: &[(String, String)],
    ) -> Option<Vec<Kind>> {
        if c.kinds.is_empty() || c.kinds.len() > MAX_KINDS {
            let m = format!(
                "cards.ron lists from 1 to {MAX_KINDS} kinds, not {}",
                c.kinds.len()
            );
            self.diags.push(f.error_at(0..0, m));
            return None;
        }
        let mut out: Vec<Kind> = Vec::new();
        for k in &c.kinds {
            if out.iter().any(|o| o.id == k.id.value) {
                self.err(
                    f,
                    &k.id,
                    format!("the card \"{}\" is given twice", k.id.value),
                );
            }
            let value = self.value(f, &k.value).unwrap_or(0);
            let domain = k.domain.as_ref().and_then(|d| {
                let i = domains.iter().position(|(id, _)| *id == d.value);
                if i.is_none() {
                    let ids: Vec<&str> = domains.iter().map(|(i, _)| i.as_str()).collect();
                    let e = f.error(d, format!("unknown domain \"{}\"", d.value));
                    self.diags
                        .push(e.with_hint(format!("the domains: {}", ids.join(", "))));
                }
                i.map(|i| i as u8)
            });
            match (&k.domain, &k.domain_value) {
                (None, Some(v)) => self.err(f, v, "a domain_value needs a domain"),
                (Some(d), None) => self.err(f, d, "a domain needs a domain_value"),
                _ => {}
            }
            let home_value = k.domain_value.as_ref().filter(|_| k.domain.is_some());
            let domain_value = home_value.and_then(|v| self.value(f, v)).unwrap_or(value);
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

    /// `card.<id>.value` set by an overlay.
    fn card_overlays(&mut self, kinds: &mut [Kind], o: &Overlays) {
        for k in kinds.iter_mut() {
            let Some(s) = o.get(&format!("card.{}.value", k.id)) else {
                continue;
            };
            let v = o.text(s);
            match v.parse().ok().and_then(half_points) {
                Some(x) => k.value = x,
                None => {
                    let (lo, hi) = range("value");
                    let m = format!(
                        "card.{}.value: a value from {lo} to {hi} in half points, not {v}",
                        k.id
                    );
                    self.diags.push(o.error(s, m));
                }
            }
        }
    }

    /// The names of the kinds, domains and colours an overlay (a names
    /// file, a variant, `--set`) sets by `<what>.<id>.name`.
    fn names(
        &mut self,
        o: &Overlays,
        kinds: &mut [Kind],
        lists: [(&str, &mut Vec<(String, String)>); 2],
    ) {
        let kinds = kinds
            .iter_mut()
            .map(|Kind { id, name, .. }| ("card", &*id, name));
        let lists = lists.into_iter();
        let others = lists.flat_map(|(w, l)| l.iter_mut().map(move |(id, n)| (w, &*id, n)));
        for (what, id, name) in kinds.chain(others) {
            match o.name(&format!("{what}.{id}.name")) {
                Some(Ok(n)) => *name = n,
                Some(Err(d)) => self.diags.push(d),
                None => {}
            }
        }
    }

    /// A key an overlay sets that names no rule (the rules' settings and
    /// names but the number of players): an error at the key.
    fn unknown_keys(&mut self, o: &Overlays, r: &Rules) {
        let keys = [r.settings(), r.names()]
            .concat()
            .into_iter()
            .map(|(k, _)| k);
        let keys: Vec<String> = keys.filter(|k| k != "players").collect();
        self.diags.extend(o.unknown_keys(&keys, KEYS));
    }

    /// The kind `id` names, else an error at it with the nearest id.
    fn kind(&mut self, f: &SourceFile, id: &Spanned<String>, kinds: &[Kind]) -> Option<usize> {
        let i = kinds.iter().position(|k| k.id == id.value);
        if i.is_none() {
            let mut d = f.error(id, format!("unknown card \"{}\"", id.value));
            let near = crate::load::nearest(id, kinds.iter().map(|k| k.id.as_str()));
            d.hints
                .extend(near.map(|n| format!("did you mean \"{n}\"?")));
            self.diags.push(d);
        }
        i
    }

    fn deck(&mut self, f: &SourceFile, c: &raw::ColoursFile, kinds: &[Kind]) -> Option<Vec<u8>> {
        let mut deck = Vec::new();
        for e in &c.deck {
            let Some(k) = self.kind(f, &e.card, kinds) else {
                continue;
            };
            let n = self.num(f, &e.count, "count")? as usize;
            if deck.len() + n > MAX_DECK {
                let m = format!("a colour holds at most {MAX_DECK} cards");
                self.err(f, &e.count, m);
                return None;
            }
            deck.extend(std::iter::repeat_n(k as u8, n));
        }
        let (holds, total) = (deck.len(), c.deck_total.value);
        if holds as f64 != total {
            let m = format!("the deck above holds {holds} cards, not {total}");
            self.err(f, &c.deck_total, m);
        }
        (!deck.is_empty()).then_some(deck)
    }

    fn steps(&mut self, f: &SourceFile, r: &raw::RoundFile, kinds: &[Kind]) -> Option<Vec<Step>> {
        let mut steps: Vec<Step> = Vec::new();
        for s in &r.end_steps {
            let n = self.num(f, &s.step, "step")? as u8;
            if steps.iter().any(|x| x.number == n) {
                self.err(f, &s.step, format!("step {n} is given twice"));
            }
            for k in &s.kinds {
                self.kind(f, k, kinds);
            }
            steps.push(Step {
                number: n,
                bottom_up: s.order == raw::Order::BottomUp,
            });
        }
        Some(steps)
    }

    /// Each card's ability, compiled; problems at their place in cards.ron.
    fn programs(
        &mut self,
        f: &SourceFile,
        c: &raw::CardsFile,
        kinds: &mut [Kind],
        steps: &[Step],
        readings: &Readings,
    ) {
        let ids: Vec<String> = kinds.iter().map(|k| k.id.clone()).collect();
        for (i, k) in c.kinds.iter().enumerate() {
            let Some(text) = &k.effect else { continue };
            let env = columns::Env {
                kinds: &ids,
                this_kind: i,
                steps,
                readings,
            };
            let context = format!("in the ability of `{}`", k.id.value);
            let p = compile::program(f, text, &context, |a| columns::compile::compile(a, &env));
            kinds[i].program = p.map_err(|d| self.diags.extend(d)).ok();
        }
    }

    fn objectives(
        &mut self,
        o: &Parsed<raw::ObjectivesFile>,
        s: &Parsed<raw::SetupFile>,
        players: usize,
    ) -> Option<(Vec<Objective>, usize, usize)> {
        let (of, o, sf, s) = (&o.file, &o.raw, &s.file, &s.raw);
        let mut values = Vec::new();
        for v in &o.values_per_domain {
            values.push(self.num(of, v, "objective value")? as u8);
        }
        let total = o.domains.len() * values.len();
        if total as f64 != o.total.value || total > MAX_OBJECTIVES {
            self.err(of, &o.total, format!("{} domains of {} values make {total} objectives, not {} (at most {MAX_OBJECTIVES})", o.domains.len(), values.len(), o.total.value));
            return None;
        }
        let mut removed: Vec<u8> = Vec::new();
        for r in &s.remove_objective_values {
            let n = self.num(sf, &r.players, "players")? as usize;
            for v in &r.values {
                let v = self.num(sf, v, "objective value")? as u8;
                if n == players {
                    removed.push(v);
                }
            }
        }
        let kept: Vec<u8> = values
            .into_iter()
            .filter(|v| !removed.contains(v))
            .collect();
        let domains = 0..o.domains.len() as u8;
        let pool: Vec<Objective> = domains
            .flat_map(|domain| kept.iter().map(move |&value| Objective { domain, value }))
            .collect();
        let hand = self.num(sf, &s.hand_size, "hand_size")? as usize;
        let per = self.num(sf, &s.objectives_per_player, "objectives_per_player")? as usize;
        let raw::FirstPlayer::Seat(seat) = &s.first_player;
        self.num(sf, seat, "seat")?;
        self.by_players(sf, s, players, per, pool.len());
        if players * per > pool.len() {
            let (need, holds) = (players * per, pool.len());
            let m = format!(
                "{players} players x {per} objectives need {need} objectives; the pool holds {holds}"
            );
            self.err(sf, &s.objectives_per_player, m);
            return None;
        }
        Some((pool, hand, per))
    }

    /// The written-out table by player count must agree with the rules.
    fn by_players(
        &mut self,
        f: &SourceFile,
        s: &raw::SetupFile,
        players: usize,
        per: usize,
        pool: usize,
    ) {
        let row = s
            .by_players
            .iter()
            .find(|r| r.players.value == players as f64);
        let Some(row) = row else {
            let m = format!("by_players has no row for {players} players");
            return self.diags.push(f.error_at(0..0, m));
        };
        let checks = [
            (&row.columns, players, "columns"),
            (&row.objectives, players * per, "objectives"),
            (&row.pool, pool, "objectives"),
        ];
        for (n, want, what) in checks {
            if self.num(f, n, what).is_some_and(|x| x as usize != want) {
                self.err(f, n, format!("the rules above give {want} here"));
            }
        }
    }

    fn round(&mut self, f: &SourceFile, r: &raw::RoundFile, out: &mut Rules) -> Option<()> {
        out.rounds = self.num(f, &r.rounds, "rounds")? as usize;
        self.num(f, &r.place.cards, "cards")?;
        out.draw_after_place = self.num(f, &r.draw_after_place, "draw_after_place")? as usize;
        out.placement_cap = self.num(f, &r.placement_cap, "placement_cap")? as u32;
        out.column_capacity = self.num(f, &r.column_capacity, "column_capacity")? as usize;
        let needed = out.rounds * out.columns;
        let dealt = out.players * out.objectives_per_player;
        if needed != dealt {
            let (rounds, columns) = (out.rounds, out.columns);
            let m = format!(
                "{rounds} rounds of {columns} columns use {needed} objectives; setup deals {dealt}"
            );
            self.err(f, &r.rounds, m);
            return None;
        }
        Some(())
    }

    fn scoring(&mut self, f: &SourceFile, s: &raw::ScoringFile, out: &mut Rules) -> Option<()> {
        out.multiplier = self.num(f, &s.six_domains.multiplier, "multiplier")? as i32;
        out.per_extra_card = self.num(f, &s.six_domains.per_extra_card, "per_extra_card")? as i32;
        for raw::TieBreak::MostOfValue(v) in &s.tie_breaks {
            out.tie_breaks
                .push(self.num(f, v, "objective value")? as u8);
        }
        Some(())
    }
}

/// The round's end reads the rules through the ability language's view.
impl ColumnRules for Rules {
    #[inline]
    fn kind_of(&self, c: u8) -> usize {
        Rules::kind_of(self, c)
    }
    #[inline]
    fn owner(&self, c: u8) -> usize {
        Rules::owner(self, c)
    }
    #[inline]
    fn printed(&self, kind: usize, domain: u8) -> i16 {
        self.kinds[kind].printed(domain)
    }
    #[inline]
    fn valueless(&self, kind: usize) -> bool {
        self.kinds[kind].valueless
    }
    #[inline]
    fn program(&self, kind: usize) -> Option<&Program> {
        self.kinds[kind].program.as_ref()
    }
    #[inline]
    fn end_rank(&self, kind: usize) -> u8 {
        self.end_rank[kind]
    }
    #[inline]
    fn steps(&self) -> &[Step] {
        &self.steps
    }
    #[inline]
    fn seats(&self) -> usize {
        self.players
    }
    #[inline]
    fn facts(&self, c: u8, domain: u8) -> Facts {
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
    #[inline]
    fn reveals(&self, c: u8) -> bool {
        self.card_reveals[c as usize / 64] >> (c % 64) & 1 != 0
    }
    #[inline]
    fn capacity(&self) -> usize {
        self.column_capacity
    }
    #[inline]
    fn domain(&self, objective: u8) -> u8 {
        self.objectives[objective as usize].domain
    }
    #[inline]
    fn readings(&self) -> &Readings {
        &self.readings
    }
}

/// The engine writes the table in words from the rules' names.
impl Names for Rules {
    fn seat(&self, p: usize) -> (&str, &str) {
        let (id, name) = &self.colours[p];
        (id, name)
    }
    fn kind(&self, k: usize) -> (&str, &str) {
        let k = &self.kinds[k];
        (&k.id, &k.name)
    }
    fn head(&self, objective: u8) -> String {
        let o = self.objectives[objective as usize];
        format!("{} {}", self.domains[o.domain as usize].1, o.value)
    }
}
