//! The checked rules: `load` reads `rules/de_cape_et_d_epee/` (with the
//! overlays a `Selection` names) and validates it into [`Rules`]. Every
//! problem is a diagnostic at its file, line and column; every number is
//! checked against its range (`RANGES`) before anything is sized by it.

use std::ops::Deref;

use super::raw;
use crate::diag::Diagnostics;
use crate::effects::columns::cards::{self, CardRules, CardTable};
pub use crate::effects::columns::cards::{BaseNames, Kind, MAX_KINDS, half};
use crate::effects::columns::{self, Readings};
pub use crate::effects::columns::{MAX_COLUMN, NO_STEP, Step};
use crate::engine::Selection;
use crate::load::overlay::Overlays;
use crate::load::toggles;
use crate::load::{GameDir, Parsed, SourceFile, Spanned};

/// The most seats (and columns); the most cards per colour and objectives.
pub const MAX_SEATS: usize = 6;
pub use crate::effects::columns::table::MAX_DECK;
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
        EndOrder = "round_end.order" ["DrawThenSettle", "SettleThenDraw"],
    }
}

/// Allowed ranges of the numbers of the rule files.
const RANGES: &[(&str, f64, f64)] = &[
    ("players", 2.0, MAX_SEATS as f64),
    ("hand_size", 1.0, 10.0),
    ("objectives_per_player", 1.0, 12.0),
    ("objective value", 1.0, 10.0),
    ("rounds", 1.0, 12.0),
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

/// One objective card: a domain and a value (points and cards needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objective {
    pub domain: u8,
    pub value: u8,
}

/// The checked rules for one number of players: the cards (kinds,
/// colours, domains, steps: [`CardTable`], which `Rules` derefs to) and
/// the rest of the game.
#[derive(Debug, Clone)]
pub struct Rules {
    pub name: String,
    pub players: usize,
    /// Every number of players the rules provide for (`game.ron`).
    pub player_counts: std::ops::RangeInclusive<usize>,
    /// The cards, dealt to `players` colours.
    pub cards: CardTable,
    /// Every objective card the game may use (the pool after removals).
    pub objectives: Vec<Objective>,
    pub hand_size: usize,
    pub objectives_per_player: usize,
    pub columns: usize,
    pub rounds: usize,
    pub reveal_above: bool,
    pub draw_after_place: usize,
    pub placement_cap: u32,
    pub column_capacity: usize,
    pub multiplier: i32,
    pub per_extra_card: i32,
    pub six_domains: bool,
    pub sum_of_objectives: bool,
    /// Values of the tie-breaks, in order (5, 4, ...).
    pub tie_breaks: Vec<u8>,
    toggles: [u8; TOGGLES.len()],
    /// Every toggle of toggles.ron as `toggles.<key> = reading`.
    toggle_settings: Vec<(String, String)>,
    /// Every toggle's passage of the rulebook (`toggles.<key>`, quote).
    pub toggle_passages: Vec<(String, String)>,
}

impl Deref for Rules {
    type Target = CardTable;
    fn deref(&self) -> &CardTable {
        &self.cards
    }
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

    /// Every toggle in force: `toggles.<key>`, its reading, the passage.
    pub fn toggles_in_force(&self) -> Vec<(String, String, String)> {
        self.toggle_settings
            .iter()
            .map(|(k, v)| {
                let passage = self.toggle_passages.iter().find(|p| &p.0 == k);
                let passage = passage.map_or(String::new(), |p| p.1.clone());
                (k.clone(), v.clone(), passage)
            })
            .collect()
    }

    /// Every rule in force as `key = value`.
    pub fn settings(&self) -> Vec<(String, String)> {
        let mut v = vec![("players".to_string(), self.players.to_string())];
        v.extend(self.toggle_settings.iter().cloned());
        v.extend(self.cards.values());
        v
    }

    /// The rules a fingerprint hashes (a save's, a report's): every rule in
    /// force but a toggle of [`ADDED_LATER`] at its first reading, the
    /// only one play had before it was added; so games saved and reports
    /// written before still resume and compare.
    pub fn fingerprinted(&self) -> Vec<(String, String)> {
        let later = |k: &str| {
            ADDED_LATER.iter().any(|&t| {
                let key = k.strip_prefix("toggles.") == Some(TOGGLES[t as usize].0);
                key && self.first(t)
            })
        };
        let mut v = self.settings();
        v.retain(|(k, _)| !later(k));
        v
    }
}

/// The toggles added after games were saved with these rules
/// ([`Rules::fingerprinted`]).
const ADDED_LATER: &[T] = &[T::EndOrder];

/// The range of `what` in [`RANGES`].
fn range(what: &str) -> (f64, f64) {
    let &(_, lo, hi) = RANGES.iter().find(|r| r.0 == what).expect("a range");
    (lo, hi)
}

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

    /// A whole number in the range of `what` ([`RANGES`]).
    fn num(&mut self, f: &SourceFile, n: &Spanned<f64>, what: &str) -> Option<i64> {
        cards::whole(&mut self.diags, f, n, what, range(what))
    }

    fn validate(&mut self, dir: &GameDir, o: &Overlays, sel: &Selection) -> Option<Rules> {
        let game: Parsed<raw::GameFile> = self.parse(dir, "game.ron")?;
        let cards: Parsed<cards::raw::CardsFile> = self.parse(dir, "cards.ron")?;
        let colours: Parsed<cards::raw::ColoursFile> = self.parse(dir, "colours.ron")?;
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
        let d = &mut self.diags;
        let domains = cards::named(d, &objectives.file, &objectives.raw.domains, 16);
        let toggles = toggles::read(&toggles_file, TOGGLES, Readings::NAMES, o, d);
        let mut table = CardTable::read(d, &cards, &colours, domains, o)?;
        if table.colours.len() < players {
            let m = format!(
                "{players} players need {players} colours; colours.ron has {}",
                table.colours.len()
            );
            self.err(&game.file, &game.raw.max_players, m);
        }
        table.read_steps(&mut self.diags, &round.file, &round.raw.end_steps)?;
        let toggles = toggles?;
        let mut readings = Readings::default();
        toggles.meanings.iter().for_each(|m| readings.set(m));
        let values: [u8; TOGGLES.len()] = toggles.values.try_into().ok()?;
        // `purge.value` AfterModifiers: the steps whose abilities eliminate
        // run last, so that they compare modified values.
        let purge_last = values[T::PurgeValue as usize] != 0;
        table.compile(&mut self.diags, &cards, readings, players, purge_last);
        let (objs, hand, per_player) = self.objectives(&objectives, &setup, players)?;
        let mut r = Rules {
            name: game.raw.name.clone(),
            players,
            player_counts,
            cards: table,
            objectives: objs,
            hand_size: hand,
            objectives_per_player: per_player,
            columns: players,
            rounds: 0,
            reveal_above: round.raw.reveal_above,
            draw_after_place: 0,
            placement_cap: 0,
            column_capacity: 0,
            multiplier: 2,
            per_extra_card: -1,
            six_domains: scoring.raw.six_domains.needs_every_domain,
            sum_of_objectives: scoring.raw.sum_of_objectives,
            tie_breaks: Vec::new(),
            toggles: values,
            toggle_settings: toggles.settings,
            toggle_passages: toggles.passages,
        };
        self.unknown_keys(o, &r);
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

/// The round's end reads the cards from the table, the rest here.
impl CardRules for Rules {
    #[inline]
    fn cards(&self) -> &CardTable {
        &self.cards
    }
    #[inline]
    fn column_capacity(&self) -> usize {
        self.column_capacity
    }
    #[inline]
    fn objective_domain(&self, objective: u8) -> u8 {
        self.objectives[objective as usize].domain
    }
    fn objective_head(&self, objective: u8) -> String {
        let o = self.objectives[objective as usize];
        format!("{} {}", self.domains[o.domain as usize].1, o.value)
    }
}
