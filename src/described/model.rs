//! A described game's rules, read from its folder and checked: the card
//! kinds with their attributes and the deck, the zones with who sees
//! them, the seats, the counters, numbers and flags, the toggles (their
//! readings set flags), the procedure compiled into a [`Program`], the
//! agents' evaluation, the names and the catalogue of words. Every problem
//! is a diagnostic at its file, line and column, all of them at once.

use super::compile::{self, Shape};
use super::load_calls;
use super::program::{Program, Ty};
use super::raw::{self, Sees};
use super::words::Words;
use crate::diag::Diagnostics;
use crate::engine::Selection;
use crate::load::overlay::Overlays;
use crate::load::{GameDir, Parsed, SourceFile, Spanned, toggles};

/// The most cards, seats, zones (one per seat counted for each), counters,
/// attributes a description may have.
pub const MAX_CARDS: usize = 250;
pub const MAX_SEATS: usize = 6;
pub const MAX_PILES: usize = 64;
pub const MAX_COUNTERS: usize = 32;
pub const MAX_ATTRS: usize = 12;

/// One zone.
#[derive(Debug, Clone)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub per_seat: bool,
    pub sees: Sees,
    /// The first pile of the zone (a zone per seat has one per seat).
    pub first: u8,
    /// An indexed zone's number of piles (none: not indexed).
    pub count: Option<u8>,
    /// The zone an empty pile of this zone is refilled from (same seat).
    pub refill_from: Option<u8>,
    /// A card taken out of a pile of this zone leaves its place to the
    /// pile's top card (`takes_out: "last_into_place"`), not to the
    /// cards above it in order.
    pub last_into_place: bool,
    /// Whether an agent's redraw redraws this zone's hidden cards.
    pub redraw: bool,
}

/// One counter (a number kept by the game, or per seat).
#[derive(Debug, Clone)]
pub struct Counter {
    pub id: String,
    pub shown: bool,
    pub per_seat: bool,
    pub ty: Ty,
    /// Kept per card or per index: its cells in the state.
    pub cells: Option<compile::Cells>,
}

/// What a card's move reads of the piles it leaves and enters, kept
/// side by side in the rules rather than behind their zones: the piles
/// whose zone takes a card out last into place, and each pile's seat.
#[derive(Debug, Clone)]
pub struct PileMoves {
    /// Bit `p`: pile `p`'s zone takes out `last_into_place`.
    pub last_into_place: u64,
    /// Each pile's seat ([`NONE`](super::state::NONE) for the table's).
    pub seat: [u8; MAX_PILES],
}

impl PileMoves {
    pub fn of(zones: &[Zone], piles: &[(u8, Option<u8>)]) -> PileMoves {
        let mut m = PileMoves {
            last_into_place: 0,
            seat: [super::state::NONE; MAX_PILES],
        };
        for (p, &(z, seat)) in piles.iter().enumerate().take(MAX_PILES) {
            if zones.get(z as usize).is_some_and(|z| z.last_into_place) {
                m.last_into_place |= 1 << p;
            }
            m.seat[p] = seat.unwrap_or(super::state::NONE);
        }
        m
    }

    /// Whether pile `p`'s zone takes out `last_into_place`.
    #[inline]
    pub fn takes_last(&self, p: usize) -> bool {
        self.last_into_place
            .checked_shr(p as u32)
            .is_some_and(|b| b & 1 == 1)
    }
}

/// The checked rules of a described game for one number of players.
#[derive(Debug)]
pub struct Rules {
    pub name: String,
    /// The game whose saves it plays (`game.ron` `replaces`).
    pub replaces: Option<String>,
    pub players: usize,
    pub player_counts: std::ops::RangeInclusive<usize>,
    /// Each seat's id and name (in the language of the names in force).
    pub seats: Vec<(String, String)>,
    /// Every seat game.ron names, for the names' keys.
    pub all_seats: Vec<(String, String)>,
    /// Each attribute's id and its values' ids and names (none: a number).
    /// With several decks, the last is `deck`, its values the decks.
    pub attrs: Vec<(String, Vec<(String, String)>)>,
    /// Whether each attribute is held in half points (19 is shown 9.5).
    pub halves: Vec<bool>,
    /// Each deck's id and its cards (numbered deck by deck).
    pub decks: Vec<(String, std::ops::Range<u8>)>,
    /// Each kind's id and name.
    pub kinds: Vec<(String, String)>,
    /// Each card's kind and attribute values, in deck order.
    pub cards: Vec<(u8, [i32; MAX_ATTRS])>,
    /// Each card's back: cards with the same back (deck and the
    /// attributes `back` names) are redrawn among each other's places,
    /// backs in order.
    pub backs: Vec<u8>,
    pub zones: Vec<Zone>,
    /// Each pile's zone and seat (none for a zone of the table).
    pub piles: Vec<(u8, Option<u8>)>,
    /// What a card's move reads of its piles, at hand (from `zones` and
    /// `piles`).
    pub moves: PileMoves,
    pub start: u8,
    pub draw_from: u8,
    pub draw_to: u8,
    pub discard_to: u8,
    pub counters: Vec<Counter>,
    pub score: u8,
    /// The counter per seat that breaks a tie of scores, if any.
    pub tie_break: Option<u8>,
    pub decision_cap: u32,
    pub program: Program,
    /// The program's expressions, tests and sets as closures (`eval.rs`).
    pub eval: super::eval::Eval,
    pub words: Words,
    /// Every rule in force as `key = value`.
    pub settings: Vec<(String, String)>,
    /// The rulebook the base files follow (game.ron).
    pub rulebook: String,
    /// Each card's name in each language, made when first asked for.
    pub card_names: CardNames,
    /// A game as it stands when its procedure first reads the random
    /// generator or waits for a seat: the same for every seed, so a new
    /// game without a log starts from a copy (`state.rs`).
    /// It is `(game, steps run)`.
    pub fixed_start: Option<(Box<super::state::Core>, u32)>,
}

/// Each card's name in each language (then the words for no card and a
/// hidden card), worked out once: a table shown after every move of a
/// soak names every card.
#[derive(Debug, Default)]
pub struct CardNames([std::sync::OnceLock<Vec<String>>; 3]);

impl CardNames {
    /// The names in `lang`, made by `make` the first time.
    pub fn get(
        &self,
        lang: crate::play::i18n::Lang,
        make: impl FnOnce() -> Vec<String>,
    ) -> &[String] {
        self.0[lang as usize].get_or_init(make)
    }
}

impl Rules {
    /// The pile of zone `z` (of seat `seat` for a zone per seat; of index
    /// `seat`, which must be in range, for an indexed zone).
    #[inline]
    pub fn pile(&self, z: u8, seat: usize) -> usize {
        let zone = &self.zones[z as usize];
        zone.first as usize
            + if zone.per_seat || zone.count.is_some() {
                seat
            } else {
                0
            }
    }

    /// The pile of zone `z` at `i`: a seat (any number, taken modulo the
    /// players) for a zone per seat, an index for an indexed zone (none
    /// out of range), nothing for a zone of the table.
    #[inline]
    pub fn pile_at(&self, z: u8, i: i32) -> Option<usize> {
        self.pile_among(z, i, self.players as i32)
    }

    /// [`Rules::pile_at`] with the number of seats given (`players`, the
    /// rules' own): a constant where generated code calls it.
    #[inline(always)]
    pub fn pile_among(&self, z: u8, i: i32, players: i32) -> Option<usize> {
        let zone = &self.zones[z as usize];
        let first = zone.first as usize;
        match zone.count {
            Some(n) => (0..i32::from(n)).contains(&i).then_some(first + i as usize),
            None if zone.per_seat => Some(first + i.rem_euclid(players) as usize),
            None => Some(first),
        }
    }

    /// The index of pile `p` in its zone (its seat for a zone per seat),
    /// -1 for a zone of the table.
    pub fn pile_index(&self, p: usize) -> i32 {
        let (z, _) = self.piles[p];
        let zone = &self.zones[z as usize];
        if zone.per_seat || zone.count.is_some() {
            (p - zone.first as usize) as i32
        } else {
            -1
        }
    }

    /// Whether `viewer` sees the face-down cards of pile `p` (for a zone
    /// of the table that the owner sees, see [`Rules::sees_card`]).
    #[inline]
    pub fn sees_pile(&self, p: usize, viewer: usize) -> bool {
        let (z, seat) = self.piles[p];
        match self.zones[z as usize].sees {
            Sees::Everyone => true,
            Sees::Owner => seat == Some(viewer as u8),
            Sees::Nobody => false,
        }
    }

    /// Whether the owner of a face-down card sees it in pile `p`: a zone
    /// `sees: Owner` that is not per seat.
    #[inline]
    pub fn owner_sees(&self, p: usize) -> bool {
        let (z, seat) = self.piles[p];
        seat.is_none() && self.zones[z as usize].sees == Sees::Owner
    }

    /// Value `v` of numeric attribute `a` as shown: halved for an
    /// attribute in half points (`9.5`).
    pub fn number_text(&self, a: usize, v: i32) -> String {
        if self.halves.get(a).copied().unwrap_or(false) {
            let sign = if v < 0 { "-" } else { "" };
            let (whole, half) = (v.unsigned_abs() / 2, v.unsigned_abs() % 2);
            if half == 1 {
                format!("{sign}{whole}.5")
            } else {
                format!("{sign}{whole}")
            }
        } else {
            v.to_string()
        }
    }

    /// The names of the rules (seats, values, kinds, zones) as `key = name`.
    pub fn names(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = Vec::new();
        for (id, n) in &self.all_seats {
            v.push((format!("seat.{id}.name"), n.clone()));
        }
        for (a, values) in &self.attrs {
            for (id, n) in values {
                v.push((format!("{a}.{id}.name"), n.clone()));
            }
        }
        for (id, n) in &self.kinds {
            v.push((format!("kind.{id}.name"), n.clone()));
        }
        for z in &self.zones {
            v.push((format!("zone.{}.name", z.id), z.name.clone()));
        }
        v
    }
}

/// Loads and checks the rules of `dir` with the overlays of `sel`.
pub fn load(dir: &GameDir, sel: &Selection) -> Result<Rules, Diagnostics> {
    let mut v = Validator {
        diags: Diagnostics::default(),
        card_settings: Vec::new(),
    };
    let game: Parsed<raw::GameFile> = dir.parse("game.ron").map_err(Diagnostics::from)?;
    let rulebook = rulebook_of(&game.file);
    let codes: Vec<&str> = crate::play::i18n::Lang::codes().collect();
    let o = Overlays::read(dir, sel, &rulebook, &codes);
    let problems = o.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let rules = v.validate(dir, &o, sel, game, rulebook);
    match rules {
        Some(r) if v.diags.is_empty() => Ok(r),
        _ => Err(v.diags),
    }
}

/// The rulebook the base files follow: `rulebook` in game.ron's `source`
/// as `rulebooks/<id>`, else `base`.
fn rulebook_of(f: &SourceFile) -> String {
    let t = &f.text;
    t.find("rulebooks/")
        .map(|i| {
            t[i + 10..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "base".into())
}

struct Validator {
    diags: Diagnostics,
    /// The overlay keys `card.<kind>.<attribute>` in force, with their
    /// values (the rules' settings).
    card_settings: Vec<(String, String)>,
}

/// A deck as written (the top-level form is one deck, `deck`).
struct DeckForm<'c> {
    id: String,
    name: Option<String>,
    each: Option<&'c Spanned<String>>,
    each_seat: bool,
    kinds: &'c [raw::Kind],
    /// Numbered copy by copy, kind by kind (a deck of `decks`).
    copy_major: bool,
}

impl Validator {
    fn err<T>(&mut self, f: &SourceFile, at: &Spanned<T>, m: impl Into<String>) {
        self.diags.push(f.error(at, m));
    }

    fn parse<T: serde::de::DeserializeOwned>(
        &mut self,
        dir: &GameDir,
        f: &str,
    ) -> Option<Parsed<T>> {
        dir.parse(f).map_err(|d| self.diags.push(d)).ok()
    }

    /// A whole number in `lo..=hi`, else an error at its place.
    fn whole(
        &mut self,
        f: &SourceFile,
        n: &Spanned<f64>,
        what: &str,
        lo: i64,
        hi: i64,
    ) -> Option<i64> {
        let x = n.value;
        if x.fract() != 0.0 || x < lo as f64 || x > hi as f64 {
            self.err(
                f,
                n,
                format!("{what} is a whole number from {lo} to {hi}, not {x}"),
            );
            return None;
        }
        Some(x as i64)
    }

    /// A name overlaid by `key`, else `base`.
    fn name(&mut self, o: &Overlays, key: &str, base: &str) -> String {
        match o.name(key) {
            Some(Ok(n)) => n,
            Some(Err(d)) => {
                self.diags.push(d);
                base.to_string()
            }
            None => base.to_string(),
        }
    }

    fn validate(
        &mut self,
        dir: &GameDir,
        o: &Overlays,
        sel: &Selection,
        game: Parsed<raw::GameFile>,
        rulebook: String,
    ) -> Option<Rules> {
        let cards: Option<Parsed<raw::CardsFile>> = self.parse(dir, "cards.ron");
        let zones: Option<Parsed<raw::ZonesFile>> = self.parse(dir, "zones.ron");
        let proc_: Option<Parsed<raw::ProcedureFile>> = self.parse(dir, "procedure.ron");
        let toggles_file = dir.read("toggles.ron").map_err(|d| self.diags.push(d)).ok();
        let words = Words::read(dir).map_err(|d| self.diags.extend(d)).ok();
        let (cards, zones, proc_, toggles_file, words) =
            (cards?, zones?, proc_?, toggles_file?, words?);
        let (players, counts) = self.players(&game, sel)?;
        let all_seats = self.seats(&game, o, game.raw.seats.len())?;
        let seats = all_seats[..players].to_vec();
        let (mut attrs, mut halves) = self.attributes(&cards, o);
        let (kinds, deck, decks) = self.decks(&cards, &mut attrs, &halves, players, o)?;
        halves.resize(attrs.len(), false);
        let numbers = self.numbers(&proc_.file, &proc_.raw, o);
        let (zs, piles) = self.zones(&zones, o, players, &numbers)?;
        let zone_of = |v: &mut Validator, id: &Spanned<String>| -> Option<u8> {
            let i = zs.iter().position(|z| z.id == id.value);
            if i.is_none() {
                let known: Vec<&str> = zs.iter().map(|z| z.id.as_str()).collect();
                let mut d = zones
                    .file
                    .error(id, format!("unknown zone \"{}\"", id.value));
                if let Some(n) = crate::load::nearest(&id.value, known.iter().copied()) {
                    d = d.with_hint(format!("did you mean \"{n}\"? zones: {}", known.join(", ")));
                }
                v.diags.push(d);
            }
            i.map(|i| i as u8)
        };
        let start = zone_of(self, &zones.raw.start);
        let draw_from = zone_of(self, &zones.raw.draw_from);
        let draw_to = zone_of(self, &zones.raw.draw_to);
        let discard_to = zone_of(self, &zones.raw.discard_to);
        let (start, draw_from, draw_to, discard_to) = (start?, draw_from?, draw_to?, discard_to?);
        for (z, what, at) in [
            (start, "start", &zones.raw.start),
            (draw_from, "draw_from", &zones.raw.draw_from),
            (discard_to, "discard_to", &zones.raw.discard_to),
        ] {
            let zone = &zs[z as usize];
            if (zone.per_seat && what == "start") || zone.count.is_some() {
                self.err(
                    &zones.file,
                    at,
                    format!("{what} names a zone per seat or an indexed zone; it must be a zone of the table{}", if what == "start" { "" } else { " or per seat" }),
                );
            }
        }
        let mut refills = Vec::new();
        for (i, rz) in zones.raw.zones.iter().enumerate() {
            let Some(from) = &rz.refill_from else {
                continue;
            };
            let Some(f) = zone_of(self, from) else {
                continue;
            };
            if !zs[i].per_seat || !zs[f as usize].per_seat {
                self.err(&zones.file, from, "refill_from joins two zones per seat");
            }
            refills.push((i, f));
        }
        let mut zs = zs;
        for (i, f) in refills {
            zs[i].refill_from = Some(f);
        }
        if !zs[draw_to as usize].per_seat {
            self.err(
                &zones.file,
                &zones.raw.draw_to,
                "draw_to must be a zone per seat",
            );
        }
        let pf = &proc_.file;
        let mut counters = self.counters(pf, &proc_.raw, &attrs);
        let flag_names: Vec<&str> = proc_.raw.flags.iter().map(|f| f.value.as_str()).collect();
        let toggles = toggles::read(&toggles_file, &flag_names, o, &mut self.diags)?;
        for z in &zones.raw.zones {
            if let Some(h) = &z.hidden_if
                && !flag_names.contains(&h.value.as_str())
            {
                self.err(
                    &zones.file,
                    h,
                    format!(
                        "unknown flag \"{}\"; flags: {}",
                        h.value,
                        flag_names.join(", ")
                    ),
                );
            }
        }
        for (z, rz) in zs.iter_mut().zip(&zones.raw.zones) {
            if let Some(h) = &rz.hidden_if
                && toggles.meanings.contains(&h.value)
            {
                z.sees = Sees::Nobody;
            }
        }
        let score = counters
            .iter()
            .position(|c| c.id == proc_.raw.score.value && c.per_seat && c.ty == Ty::Num);
        if score.is_none() {
            self.err(
                pf,
                &proc_.raw.score,
                format!(
                    "the score must be a counter per seat of type number; \"{}\" is not",
                    proc_.raw.score.value
                ),
            );
        }
        let tie_break = proc_.raw.tie_break.as_ref().and_then(|t| {
            let i = counters
                .iter()
                .position(|c| c.id == t.value && c.per_seat && c.ty == Ty::Num);
            if i.is_none() {
                self.err(
                    pf,
                    t,
                    format!(
                        "the tie_break must be a counter per seat of type number; \"{}\" is not",
                        t.value
                    ),
                );
            }
            i.map(|i| i as u8)
        });
        let cap = self.whole(pf, &proc_.raw.decision_cap, "decision_cap", 1, 10_000_000);
        // D, E: counters per card and per index, events, kinds' blocks.
        let tys: Vec<Ty> = counters.iter().map(|c| c.ty).collect();
        let d = &mut self.diags;
        let (cells, first) = load_calls::cells(pf, &proc_.raw, &tys, deck.len(), d);
        for (c, cl) in counters.iter_mut().zip(&cells) {
            c.cells = *cl;
        }
        let events = load_calls::events(pf, &proc_.raw, d);
        let (does, has) = load_calls::parse_does(&cards, &events, d);
        let mut shape = Shape {
            derived: Vec::new(),
            attrs: attrs
                .iter()
                .map(|(a, vs)| (a.as_str(), vs.iter().map(|v| v.0.as_str()).collect()))
                .collect(),
            seats: all_seats.iter().map(|s| s.0.as_str()).collect(),
            zones: zs
                .iter()
                .map(|z| (z.id.as_str(), z.per_seat, z.count.is_some()))
                .collect(),
            decks: decks.iter().map(|d| d.0.as_str()).collect(),
            zone_counts: zs
                .iter()
                .map(|z| match z.count {
                    Some(n) => i32::from(n),
                    None if z.per_seat => players as i32,
                    None => 1,
                })
                .collect(),
            counters: counters
                .iter()
                .map(|c| (c.id.as_str(), c.per_seat, c.ty))
                .collect(),
            numbers: numbers.iter().map(|(k, v)| (k.as_str(), *v)).collect(),
            flags: flag_names
                .iter()
                .map(|f| (*f, toggles.meanings.iter().any(|m| m == f)))
                .collect(),
            messages: words.ids(),
            catalogue: words.en_path.clone(),
            discard_to,
            calls: compile::CallShape { events, has, cells },
        };
        super::measures::derived(pf, &proc_.raw, &mut shape, &mut self.diags);
        let program =
            crate::effects::compile::program(pf, &proc_.raw.procedure, "in the procedure", |e| {
                compile::procedure(&shape, e)
            });
        let mut program = program.map_err(|d| self.diags.extend(d)).ok();
        if let Some(p) = program.as_mut() {
            load_calls::compile_does(&cards, &shape, p, &does, first, &mut self.diags);
            super::program::thread_jumps(&mut p.ops);
            self.evaluation(dir, &shape, p);
        }
        // F. The measures, ends and turns (measures.rs).
        if let Some(p) = program.as_mut() {
            match super::measures::compile(pf, &proc_.raw, &shape, p) {
                Ok(m) => p.measures = m,
                Err(d) => self.diags.extend(d),
            }
            let others = p.measures.roots();
            super::live::relax_searches(p, &others);
        }
        let mut settings = vec![("players".to_string(), players.to_string())];
        settings.extend(toggles.settings.iter().cloned());
        for (k, v) in &numbers {
            settings.push((format!("numbers.{k}"), v.to_string()));
        }
        settings.append(&mut self.card_settings);
        let backs = self.backs(&cards, &attrs, &deck);
        let mut rules = Rules {
            name: game.raw.name.clone(),
            replaces: game.raw.replaces.clone(),
            players,
            player_counts: counts,
            seats,
            all_seats,
            attrs,
            halves,
            decks,
            kinds,
            backs,
            cards: deck,
            moves: PileMoves::of(&zs, &piles),
            zones: zs,
            piles,
            start,
            draw_from,
            draw_to,
            discard_to,
            counters,
            score: score? as u8,
            tie_break,
            decision_cap: cap? as u32,
            program: program?,
            eval: super::eval::Eval::default(),
            words,
            settings,
            rulebook,
            card_names: CardNames::default(),
            fixed_start: None,
        };
        rules.eval = super::eval::Eval::compile(&rules);
        rules.fixed_start = Some(super::state::Core::fixed_start(&rules));
        let keys: Vec<String> = [rules.settings.clone(), rules.names()]
            .concat()
            .into_iter()
            .map(|(k, _)| k)
            .filter(|k| k != "players")
            .collect();
        self.diags.extend(o.unknown_keys(&keys, "the keys: toggles.<key> of toggles.ron, numbers.<id> of procedure.ron, card.<kind>.<attribute> of cards.ron, seat.<id>.name, kind.<id>.name, zone.<id>.name, <attribute>.<value>.name"));
        Some(rules)
    }

    fn players(
        &mut self,
        g: &Parsed<raw::GameFile>,
        sel: &Selection,
    ) -> Option<(usize, std::ops::RangeInclusive<usize>)> {
        let (f, g) = (&g.file, &g.raw);
        if g.game.value != super::MODULE {
            self.err(
                f,
                &g.game,
                format!(
                    "this module plays \"{}\", not \"{}\"",
                    super::MODULE,
                    g.game.value
                ),
            );
        }
        let lo = self.whole(f, &g.min_players, "min_players", 2, MAX_SEATS as i64)? as usize;
        let hi = self.whole(f, &g.max_players, "max_players", 2, MAX_SEATS as i64)? as usize;
        let def = self.whole(
            f,
            &g.default_players,
            "default_players",
            2,
            MAX_SEATS as i64,
        )? as usize;
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
        if g.seats.len() < hi {
            self.err(
                f,
                &g.max_players,
                format!(
                    "{hi} players need {hi} seats; game.ron names {}",
                    g.seats.len()
                ),
            );
            return None;
        }
        Some((n, lo..=hi))
    }

    fn seats(
        &mut self,
        g: &Parsed<raw::GameFile>,
        o: &Overlays,
        players: usize,
    ) -> Option<Vec<(String, String)>> {
        let seats = g.raw.seats.iter().take(players);
        Some(
            seats
                .map(|s| {
                    (
                        s.id.value.clone(),
                        self.name(o, &format!("seat.{}.name", s.id.value), &s.name),
                    )
                })
                .collect(),
        )
    }

    #[allow(clippy::type_complexity)]
    fn attributes(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        o: &Overlays,
    ) -> (Vec<(String, Vec<(String, String)>)>, Vec<bool>) {
        let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
        let mut halves = Vec::new();
        // With several decks, the implicit attribute `deck` takes a place.
        let most = MAX_ATTRS - usize::from(!c.raw.decks.is_empty());
        if c.raw.attributes.len() > most {
            self.diags
                .push(c.file.error_at(0..0, format!("at most {most} attributes")));
        }
        for a in c.raw.attributes.iter().take(most) {
            if out.iter().any(|x| x.0 == a.id.value)
                || (a.id.value == "deck" && !c.raw.decks.is_empty())
            {
                self.err(
                    &c.file,
                    &a.id,
                    format!("attribute \"{}\" is given twice", a.id.value),
                );
            }
            if a.halves && !a.values.is_empty() {
                self.err(
                    &c.file,
                    &a.id,
                    "an attribute with named values is not counted in halves",
                );
            }
            let values = a.values.iter().map(|v| {
                let key = format!("{}.{}.name", a.id.value, v.id.value);
                (v.id.value.clone(), self.name(o, &key, &v.name))
            });
            let values = values.collect();
            out.push((a.id.value.clone(), values));
            halves.push(a.halves);
        }
        (out, halves)
    }

    /// The decks as written: the top-level form (`each`, `kinds`) is one
    /// deck; `decks: [...]` several.
    fn deck_forms<'c>(&mut self, c: &'c Parsed<raw::CardsFile>) -> Option<Vec<DeckForm<'c>>> {
        let r = &c.raw;
        if !r.decks.is_empty() && (!r.kinds.is_empty() || r.each.is_some()) {
            self.diags.push(c.file.error_at(
                0..0,
                "give either `decks: [...]` or `each` and `kinds` at the top, not both",
            ));
            return None;
        }
        if r.decks.is_empty() {
            return Some(vec![DeckForm {
                id: "deck".into(),
                name: None,
                each: r.each.as_ref(),
                each_seat: false,
                kinds: &r.kinds,
                copy_major: false,
            }]);
        }
        Some(
            r.decks
                .iter()
                .map(|d| DeckForm {
                    id: d.id.value.clone(),
                    name: d.name.clone(),
                    each: d.each.as_ref(),
                    each_seat: d.each_seat,
                    kinds: &d.kinds,
                    copy_major: true,
                })
                .collect(),
        )
    }

    /// The kinds and the cards, numbered deck by deck, copy by copy of
    /// `each`, kind by kind; with several decks, the attribute `deck`.
    #[allow(clippy::type_complexity)]
    fn decks(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        attrs: &mut Vec<(String, Vec<(String, String)>)>,
        halves: &[bool],
        players: usize,
        o: &Overlays,
    ) -> Option<(
        Vec<(String, String)>,
        Vec<(u8, [i32; MAX_ATTRS])>,
        Vec<(String, std::ops::Range<u8>)>,
    )> {
        let forms = self.deck_forms(c)?;
        let several = !c.raw.decks.is_empty();
        let deck_attr = attrs.len();
        let mut kinds = Vec::new();
        let mut deck = Vec::new();
        let mut decks = Vec::new();
        let mut ok = true;
        for (d, form) in forms.iter().enumerate() {
            if decks.iter().any(|(id, _)| *id == form.id) {
                self.diags.push(
                    c.file
                        .error_at(0..0, format!("deck \"{}\" is given twice", form.id)),
                );
            }
            let first = deck.len();
            ok &= self
                .deck(c, form, attrs, halves, players, o, &mut kinds, &mut deck)
                .is_some();
            if several {
                for card in &mut deck[first..] {
                    card.1[deck_attr] = d as i32;
                }
            }
            if deck.len() > MAX_CARDS {
                break;
            }
            decks.push((form.id.clone(), first as u8..deck.len() as u8));
        }
        if deck.len() > MAX_CARDS || deck.is_empty() {
            self.diags.push(c.file.error_at(
                0..0,
                format!(
                    "a description holds 1 to {MAX_CARDS} cards; this one {}",
                    deck.len()
                ),
            ));
            return None;
        }
        if several {
            let values = forms.iter().map(|f| {
                let key = format!("deck.{}.name", f.id);
                let base = f.name.clone().unwrap_or_else(|| f.id.clone());
                (f.id.clone(), self.name(o, &key, &base))
            });
            let values = values.collect();
            attrs.push(("deck".into(), values));
        }
        ok.then_some((kinds, deck, decks))
    }

    /// One deck's kinds and cards, added to `kinds` and `deck`.
    #[allow(clippy::too_many_arguments)]
    fn deck(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        form: &DeckForm,
        attrs: &[(String, Vec<(String, String)>)],
        halves: &[bool],
        players: usize,
        o: &Overlays,
        kinds: &mut Vec<(String, String)>,
        deck: &mut Vec<(u8, [i32; MAX_ATTRS])>,
    ) -> Option<()> {
        let f = &c.file;
        let each = match form.each {
            Some(e) => match attrs.iter().position(|a| a.0 == e.value && !a.1.is_empty()) {
                Some(i) => Some(i),
                None => {
                    self.err(
                        f,
                        e,
                        format!("`each` names no attribute with values: \"{}\"", e.value),
                    );
                    return None;
                }
            },
            None => None,
        };
        let mut copies = each.map_or(1, |a| attrs[a].1.len());
        if form.each_seat {
            copies = copies.min(players);
        }
        let mut made: Vec<(u8, [i32; MAX_ATTRS], usize)> = Vec::new();
        for kind in form.kinds {
            if kinds
                .iter()
                .any(|k: &(String, String)| k.0 == kind.id.value)
            {
                self.err(
                    f,
                    &kind.id,
                    format!("kind \"{}\" is given twice", kind.id.value),
                );
            }
            let k = kinds.len();
            let name = self.name(o, &format!("kind.{}.name", kind.id.value), &kind.name);
            kinds.push((kind.id.value.clone(), name));
            let count = match &kind.count {
                Some(n) => self.whole(f, n, "a kind's count", 0, MAX_CARDS as i64)?,
                None => 1,
            };
            let mut values = self.kind_values(f, kind, attrs, halves)?;
            self.card_overlays(o, &kind.id.value, attrs, halves, &mut values);
            made.push((k as u8, values, count as usize));
        }
        // The top-level form numbers kind by kind, then copy by copy (as
        // it always did); a deck of `decks` copy by copy, kind by kind.
        let (outer, inner) = if form.copy_major {
            (copies, made.len())
        } else {
            (made.len(), copies)
        };
        for a in 0..outer {
            for b in 0..inner {
                let (copy, i) = if form.copy_major { (a, b) } else { (b, a) };
                let (k, mut values, count) = made[i];
                if let Some(e) = each {
                    values[e] = copy as i32;
                }
                for _ in 0..count {
                    deck.push((k, values));
                }
                if deck.len() > MAX_CARDS {
                    return Some(());
                }
            }
        }
        Some(())
    }

    /// Each card's back (see [`Rules::backs`]): the rank of its deck and
    /// back attributes' values among all cards'.
    fn backs(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        attrs: &[(String, Vec<(String, String)>)],
        deck: &[(u8, [i32; MAX_ATTRS])],
    ) -> Vec<u8> {
        let mut at: Vec<usize> = Vec::new();
        if attrs.last().is_some_and(|a| a.0 == "deck") && !c.raw.decks.is_empty() {
            at.push(attrs.len() - 1);
        }
        for b in &c.raw.back {
            match attrs.iter().position(|a| a.0 == b.value) {
                Some(i) => at.push(i),
                None => {
                    let known: Vec<&str> = attrs.iter().map(|a| a.0.as_str()).collect();
                    let m = format!(
                        "unknown attribute \"{}\"; attributes: {}",
                        b.value,
                        known.join(", ")
                    );
                    self.err(&c.file, b, m);
                }
            }
        }
        let key = |v: &[i32; MAX_ATTRS]| at.iter().map(|&i| v[i]).collect::<Vec<i32>>();
        let mut keys: Vec<Vec<i32>> = deck.iter().map(|(_, v)| key(v)).collect();
        keys.sort();
        keys.dedup();
        deck.iter()
            .map(|(_, v)| keys.binary_search(&key(v)).unwrap_or(0) as u8)
            .collect()
    }

    /// The overlays `card.<kind>.<attribute>` of a kind's numeric
    /// attributes (whole or half points, as the attribute is held).
    fn card_overlays(
        &mut self,
        o: &Overlays,
        kind: &str,
        attrs: &[(String, Vec<(String, String)>)],
        halves: &[bool],
        values: &mut [i32; MAX_ATTRS],
    ) {
        for (i, (a, named)) in attrs.iter().enumerate() {
            let key = format!("card.{kind}.{a}");
            let Some(s) = o.get(&key) else {
                continue;
            };
            let half = halves.get(i).copied().unwrap_or(false);
            let scale = if half { 2.0 } else { 1.0 };
            match o.text(s).parse::<f64>().map(|x| x * scale) {
                Ok(x) if named.is_empty() && x.fract() == 0.0 && x.abs() <= 1000.0 => {
                    values[i] = x as i32;
                    self.card_settings.push((key, o.text(s)));
                }
                _ => {
                    let what = if half { " in half points (9.5)" } else { "" };
                    let m = format!("{key} is a number from -1000 to 1000{what}");
                    self.diags.push(o.error(s, m));
                }
            }
        }
    }

    /// The values a kind sets: numbers (in halves for an attribute in half
    /// points), or named values by id; an attribute not set is 0, or none
    /// (-1) for one with named values.
    fn kind_values(
        &mut self,
        f: &SourceFile,
        kind: &raw::Kind,
        attrs: &[(String, Vec<(String, String)>)],
        halves: &[bool],
    ) -> Option<[i32; MAX_ATTRS]> {
        let mut values = [0i32; MAX_ATTRS];
        for (i, a) in attrs.iter().enumerate() {
            if !a.1.is_empty() {
                values[i] = -1;
            }
        }
        for (key, v) in &kind.set {
            let Some(i) = attrs.iter().position(|a| &a.0 == key) else {
                let known: Vec<&str> = attrs.iter().map(|a| a.0.as_str()).collect();
                self.err(
                    f,
                    v,
                    format!(
                        "unknown attribute \"{key}\"; attributes: {}",
                        known.join(", ")
                    ),
                );
                continue;
            };
            let named = &attrs[i].1;
            match (&v.value, named.is_empty()) {
                (raw::SetValue::Number(x), true) => {
                    let half = halves.get(i).copied().unwrap_or(false);
                    let n = v.with_value(if half { x * 2.0 } else { *x });
                    let what = if half {
                        format!("{key} (in halves: 9.5 is 19)")
                    } else {
                        key.clone()
                    };
                    values[i] = self.whole(f, &n, &what, -1000, 1000)? as i32;
                }
                (raw::SetValue::Name(id), false) => match named.iter().position(|x| &x.0 == id) {
                    Some(j) => values[i] = j as i32,
                    None => {
                        let ids: Vec<&str> = named.iter().map(|x| x.0.as_str()).collect();
                        self.err(
                            f,
                            v,
                            format!("\"{id}\" is no {key}; its values: {}", ids.join(", ")),
                        );
                    }
                },
                (_, true) => self.err(f, v, format!("\"{key}\" is a number")),
                (_, false) => {
                    let ids: Vec<&str> = named.iter().map(|x| x.0.as_str()).collect();
                    self.err(
                        f,
                        v,
                        format!(
                            "\"{key}\" has named values: write one of {}",
                            ids.join(", ")
                        ),
                    );
                }
            }
        }
        Some(values)
    }

    #[allow(clippy::type_complexity)]
    fn zones(
        &mut self,
        z: &Parsed<raw::ZonesFile>,
        o: &Overlays,
        players: usize,
        numbers: &[(String, i32)],
    ) -> Option<(Vec<Zone>, Vec<(u8, Option<u8>)>)> {
        let mut out: Vec<Zone> = Vec::new();
        let mut piles = Vec::new();
        for (i, rz) in z.raw.zones.iter().enumerate() {
            if out.iter().any(|x| x.id == rz.id.value) {
                self.err(
                    &z.file,
                    &rz.id,
                    format!("zone \"{}\" is given twice", rz.id.value),
                );
            }
            let first = piles.len() as u8;
            let count = rz
                .count
                .as_ref()
                .and_then(|c| self.count(&z.file, c, players, numbers));
            if rz.count.is_some() && rz.per_seat {
                self.err(
                    &z.file,
                    &rz.id,
                    "a zone is per seat or indexed (`count`), not both",
                );
            }
            if let Some(n) = count {
                piles.extend((0..n).map(|_| (i as u8, None)));
            } else if rz.per_seat {
                piles.extend((0..players).map(|s| (i as u8, Some(s as u8))));
            } else {
                piles.push((i as u8, None));
            }
            out.push(Zone {
                id: rz.id.value.clone(),
                name: self.name(o, &format!("zone.{}.name", rz.id.value), &rz.name),
                per_seat: rz.per_seat,
                sees: rz.sees,
                first,
                count,
                refill_from: None,
                last_into_place: self.takes_out(&z.file, rz.takes_out.as_ref()),
                redraw: rz.redraw,
            });
        }
        if piles.len() > MAX_PILES {
            self.diags.push(z.file.error_at(0..0, format!("at most {MAX_PILES} piles (a zone per seat counts once a seat); these zones make {}", piles.len())));
            return None;
        }
        Some((out, piles))
    }

    /// A zone's `takes_out`: whether a card leaving it leaves its place
    /// to the top card.
    fn takes_out(&mut self, f: &SourceFile, t: Option<&Spanned<String>>) -> bool {
        match t.map(|t| (t, t.value.as_str())) {
            None | Some((_, "in_order")) => false,
            Some((_, "last_into_place")) => true,
            Some((t, v)) => {
                self.err(
                    f,
                    t,
                    format!("takes_out \"{v}\": write \"in_order\" or \"last_into_place\""),
                );
                false
            }
        }
    }

    /// An indexed zone's count: "players", or a number of procedure.ron
    /// from 1 to the most piles.
    fn count(
        &mut self,
        f: &SourceFile,
        c: &Spanned<String>,
        players: usize,
        numbers: &[(String, i32)],
    ) -> Option<u8> {
        let n = if c.value == "players" {
            players as i32
        } else if let Some(&(_, v)) = numbers.iter().find(|(id, _)| *id == c.value) {
            v
        } else {
            let ids: Vec<&str> = numbers.iter().map(|(id, _)| id.as_str()).collect();
            self.err(
                f,
                c,
                format!(
                    "a zone's count is \"players\" or a number of procedure.ron ({}), not \"{}\"",
                    ids.join(", "),
                    c.value
                ),
            );
            return None;
        };
        if !(1..=MAX_PILES as i32).contains(&n) {
            self.err(
                f,
                c,
                format!(
                    "a zone's count is from 1 to {MAX_PILES}; \"{}\" is {n}",
                    c.value
                ),
            );
            return None;
        }
        Some(n as u8)
    }

    fn counters(
        &mut self,
        f: &SourceFile,
        p: &raw::ProcedureFile,
        attrs: &[(String, Vec<(String, String)>)],
    ) -> Vec<Counter> {
        let mut out: Vec<Counter> = Vec::new();
        for c in &p.counters {
            let ty = match c.ty.value.as_str() {
                "number" => Ty::Num,
                "seat" => Ty::Seat,
                "card" => Ty::Card,
                a => match attrs.iter().position(|x| x.0 == a && !x.1.is_empty()) {
                    Some(i) => Ty::Value(i as u8),
                    None => {
                        self.err(f, &c.ty, format!("unknown type \"{a}\"; types: number, seat, card, or an attribute with values"));
                        Ty::Num
                    }
                },
            };
            if out.iter().any(|x| x.id == c.id.value) {
                self.err(
                    f,
                    &c.id,
                    format!("counter \"{}\" is given twice", c.id.value),
                );
            }
            out.push(Counter {
                id: c.id.value.clone(),
                shown: c.shown,
                per_seat: c.per_seat,
                ty,
                cells: None,
            });
        }
        if out.len() > MAX_COUNTERS {
            self.diags
                .push(f.error_at(0..0, format!("at most {MAX_COUNTERS} counters")));
            out.truncate(MAX_COUNTERS);
        }
        out
    }

    fn numbers(
        &mut self,
        f: &SourceFile,
        p: &raw::ProcedureFile,
        o: &Overlays,
    ) -> Vec<(String, i32)> {
        let mut out = Vec::new();
        for n in &p.numbers {
            let key = format!("numbers.{}", n.id.value);
            let mut v = self
                .whole(f, &n.value, &n.id.value, -1_000_000, 1_000_000)
                .unwrap_or(0);
            if let Some(s) = o.get(&key) {
                match o.text(s).parse::<i64>() {
                    Ok(x) if (-1_000_000..=1_000_000).contains(&x) => v = x,
                    _ => self.diags.push(o.error(
                        s,
                        format!("{key} is a whole number from -1000000 to 1000000"),
                    )),
                }
            }
            out.push((n.id.value.clone(), v as i32));
        }
        out
    }

    /// The agents' evaluation (`agents/greedy.ron`), if the folder has one.
    fn evaluation(&mut self, dir: &GameDir, shape: &Shape, p: &mut Program) {
        if !dir.has_file("agents/greedy.ron") {
            return;
        }
        let Some(g) = self.parse::<raw::GreedyFile>(dir, "agents/greedy.ron") else {
            return;
        };
        let text = &g.raw.evaluation;
        let problems = match crate::effects::parse_expression(&text.value) {
            Err(e) => vec![e.into()],
            Ok(e) => match compile::evaluation(shape, p, &e) {
                Ok(x) => {
                    p.evaluation = Some(x);
                    p.evaluation_is_margin = g.raw.margin;
                    if let Some(d) = &g.raw.divisor {
                        let div = self.whole(&g.file, d, "divisor", 1, 1000);
                        p.evaluation_divisor = div.unwrap_or(1) as u16;
                    }
                    return;
                }
                Err(ps) => ps,
            },
        };
        let d = crate::effects::compile::diagnostics(&g.file, text, "in the evaluation", problems);
        self.diags.extend(d);
    }
}
