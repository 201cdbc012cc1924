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
pub const MAX_CARDS: usize = 128;
pub const MAX_SEATS: usize = 6;
pub const MAX_PILES: usize = 32;
pub const MAX_COUNTERS: usize = 32;
pub const MAX_ATTRS: usize = 8;

/// One zone.
#[derive(Debug, Clone)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub per_seat: bool,
    pub sees: Sees,
    /// The first pile of the zone (a zone per seat has one per seat).
    pub first: u8,
}

/// One counter (a number kept by the game, or per seat).
#[derive(Debug, Clone)]
pub struct Counter {
    pub id: String,
    pub shown: bool,
    pub per_seat: bool,
    pub ty: Ty,
}

/// The checked rules of a described game for one number of players.
#[derive(Debug)]
pub struct Rules {
    pub name: String,
    pub players: usize,
    pub player_counts: std::ops::RangeInclusive<usize>,
    /// Each seat's id and name (in the language of the names in force).
    pub seats: Vec<(String, String)>,
    /// Every seat game.ron names, for the names' keys.
    pub all_seats: Vec<(String, String)>,
    /// Each attribute's id and its values' ids and names (none: a number).
    pub attrs: Vec<(String, Vec<(String, String)>)>,
    /// Each kind's id and name.
    pub kinds: Vec<(String, String)>,
    /// Each card's kind and attribute values, in deck order.
    pub cards: Vec<(u8, [i32; MAX_ATTRS])>,
    pub zones: Vec<Zone>,
    /// Each pile's zone and seat (none for a zone of the table).
    pub piles: Vec<(u8, Option<u8>)>,
    pub start: u8,
    pub draw_from: u8,
    pub draw_to: u8,
    pub discard_to: u8,
    pub counters: Vec<Counter>,
    pub score: u8,
    pub decision_cap: u32,
    pub program: Program,
    pub words: Words,
    /// Every rule in force as `key = value`.
    pub settings: Vec<(String, String)>,
    /// The rulebook the base files follow (game.ron).
    pub rulebook: String,
    /// Each card's name in each language, made when first asked for.
    pub card_names: CardNames,
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
    /// The pile of zone `z` (of seat `seat` for a zone per seat).
    #[inline]
    pub fn pile(&self, z: u8, seat: usize) -> usize {
        let zone = &self.zones[z as usize];
        zone.first as usize + if zone.per_seat { seat } else { 0 }
    }

    /// Whether `viewer` sees the face-down cards of pile `p`.
    #[inline]
    pub fn sees_pile(&self, p: usize, viewer: usize) -> bool {
        let (z, seat) = self.piles[p];
        match self.zones[z as usize].sees {
            Sees::Everyone => true,
            Sees::Owner => seat == Some(viewer as u8),
            Sees::Nobody => false,
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
        let attrs = self.attributes(&cards, o);
        let (kinds, deck) = self.deck(&cards, &attrs, o)?;
        let (zs, piles) = self.zones(&zones, o, players)?;
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
        for (z, what) in [
            (start, "start"),
            (draw_from, "draw_from"),
            (discard_to, "discard_to"),
        ] {
            if zs[z as usize].per_seat {
                let f = &zones.raw.start;
                self.err(
                    &zones.file,
                    f,
                    format!("{what} names a zone per seat; it must be a zone of the table"),
                );
            }
        }
        if !zs[draw_to as usize].per_seat {
            self.err(
                &zones.file,
                &zones.raw.draw_to,
                "draw_to must be a zone per seat",
            );
        }
        let pf = &proc_.file;
        let counters = self.counters(pf, &proc_.raw, &attrs);
        let numbers = self.numbers(pf, &proc_.raw, o);
        let flag_names: Vec<&str> = proc_.raw.flags.iter().map(|f| f.value.as_str()).collect();
        let toggles = toggles::read(&toggles_file, &[], &flag_names, o, &mut self.diags)?;
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
        let mut zs = zs;
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
        let cap = self.whole(pf, &proc_.raw.decision_cap, "decision_cap", 1, 10_000_000);
        // D, E: counters per card and per index, events, kinds' blocks.
        let tys: Vec<Ty> = counters.iter().map(|c| c.ty).collect();
        let d = &mut self.diags;
        let (cells, first) = load_calls::cells(pf, &proc_.raw, &tys, deck.len(), d);
        let events = load_calls::events(pf, &proc_.raw, d);
        let (does, has) = load_calls::parse_does(&cards, &events, d);
        let shape = Shape {
            attrs: attrs
                .iter()
                .map(|(a, vs)| (a.as_str(), vs.iter().map(|v| v.0.as_str()).collect()))
                .collect(),
            zones: zs.iter().map(|z| (z.id.as_str(), z.per_seat)).collect(),
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
        let program =
            crate::effects::compile::program(pf, &proc_.raw.procedure, "in the procedure", |e| {
                compile::procedure(&shape, e)
            });
        let mut program = program.map_err(|d| self.diags.extend(d)).ok();
        if let Some(p) = program.as_mut() {
            load_calls::compile_does(&cards, &shape, p, &does, first, &mut self.diags);
            self.evaluation(dir, &shape, p);
        }
        // F. The measures, ends and turns (measures.rs).
        if let Some(p) = program.as_mut() {
            match super::measures::compile(pf, &proc_.raw, &shape, p) {
                Ok(m) => p.measures = m,
                Err(d) => self.diags.extend(d),
            }
        }
        let mut settings = vec![("players".to_string(), players.to_string())];
        settings.extend(toggles.settings.iter().cloned());
        for (k, v) in &numbers {
            settings.push((format!("numbers.{k}"), v.to_string()));
        }
        let rules = Rules {
            name: game.raw.name.clone(),
            players,
            player_counts: counts,
            seats,
            all_seats,
            attrs,
            kinds,
            cards: deck,
            zones: zs,
            piles,
            start,
            draw_from,
            draw_to,
            discard_to,
            counters,
            score: score? as u8,
            decision_cap: cap? as u32,
            program: program?,
            words,
            settings,
            rulebook,
            card_names: CardNames::default(),
        };
        let keys: Vec<String> = [rules.settings.clone(), rules.names()]
            .concat()
            .into_iter()
            .map(|(k, _)| k)
            .filter(|k| k != "players")
            .collect();
        self.diags.extend(o.unknown_keys(&keys, "the keys: toggles.<key> of toggles.ron, numbers.<id> of procedure.ron, seat.<id>.name, kind.<id>.name, zone.<id>.name, <attribute>.<value>.name"));
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

    fn attributes(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        o: &Overlays,
    ) -> Vec<(String, Vec<(String, String)>)> {
        let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
        if c.raw.attributes.len() > MAX_ATTRS {
            self.diags.push(
                c.file
                    .error_at(0..0, format!("at most {MAX_ATTRS} attributes")),
            );
        }
        for a in c.raw.attributes.iter().take(MAX_ATTRS) {
            if out.iter().any(|x| x.0 == a.id.value) {
                self.err(
                    &c.file,
                    &a.id,
                    format!("attribute \"{}\" is given twice", a.id.value),
                );
            }
            let values = a.values.iter().map(|v| {
                let key = format!("{}.{}.name", a.id.value, v.id.value);
                (v.id.value.clone(), self.name(o, &key, &v.name))
            });
            let values = values.collect();
            out.push((a.id.value.clone(), values));
        }
        out
    }

    #[allow(clippy::type_complexity)]
    fn deck(
        &mut self,
        c: &Parsed<raw::CardsFile>,
        attrs: &[(String, Vec<(String, String)>)],
        o: &Overlays,
    ) -> Option<(Vec<(String, String)>, Vec<(u8, [i32; MAX_ATTRS])>)> {
        let (f, r) = (&c.file, &c.raw);
        let each = match &r.each {
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
        let mut kinds = Vec::new();
        let mut deck = Vec::new();
        let copies = each.map_or(1, |a| attrs[a].1.len());
        for (k, kind) in r.kinds.iter().enumerate() {
            let name = self.name(o, &format!("kind.{}.name", kind.id.value), &kind.name);
            kinds.push((kind.id.value.clone(), name));
            let count = self.whole(f, &kind.count, "a kind's count", 0, MAX_CARDS as i64)?;
            let mut values = [0i32; MAX_ATTRS];
            for (key, v) in &kind.set {
                match attrs.iter().position(|a| &a.0 == key) {
                    Some(i) if attrs[i].1.is_empty() => {
                        values[i] = self.whole(f, v, key, -1000, 1000)? as i32
                    }
                    Some(_) => self.err(
                        f,
                        v,
                        format!("\"{key}\" has named values; a kind sets only numbers"),
                    ),
                    None => {
                        let known: Vec<&str> = attrs.iter().map(|a| a.0.as_str()).collect();
                        self.err(
                            f,
                            v,
                            format!(
                                "unknown attribute \"{key}\"; attributes: {}",
                                known.join(", ")
                            ),
                        );
                    }
                }
            }
            for copy in 0..copies {
                if let Some(a) = each {
                    values[a] = copy as i32;
                }
                for _ in 0..count {
                    deck.push((k as u8, values));
                }
            }
        }
        if deck.len() > MAX_CARDS || deck.is_empty() {
            self.diags.push(f.error_at(
                0..0,
                format!(
                    "a deck holds 1 to {MAX_CARDS} cards; this one {}",
                    deck.len()
                ),
            ));
            return None;
        }
        Some((kinds, deck))
    }

    #[allow(clippy::type_complexity)]
    fn zones(
        &mut self,
        z: &Parsed<raw::ZonesFile>,
        o: &Overlays,
        players: usize,
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
            if rz.per_seat {
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
            });
        }
        if piles.len() > MAX_PILES {
            self.diags.push(z.file.error_at(0..0, format!("at most {MAX_PILES} piles (a zone per seat counts once a seat); these zones make {}", piles.len())));
            return None;
        }
        Some((out, piles))
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
                    return;
                }
                Err(ps) => ps,
            },
        };
        let d = crate::effects::compile::diagnostics(&g.file, text, "in the evaluation", problems);
        self.diags.extend(d);
    }
}
