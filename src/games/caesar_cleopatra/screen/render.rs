//! Caesar & Cleopatra at the terminal: the board as one player sees it,
//! the numbered choices, the rule in force at a step, hints.

use std::fmt::Write as _;

use super::super::agents::Heuristic;
use super::WORDS;
use super::input::short_form_in;
use super::words::{face, move_words, phase_words};
use crate::engine::seed;
use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::state::face_ix;
use crate::games::caesar_cleopatra::{Move, Phase, Reserve, State, Target};
use crate::play::i18n::Lang;
use crate::play::render::{Style, pad, width, wrap};

/// A card's value as printed: `3`, `P`.
pub fn value_label(r: &Rules, k: Kind) -> String {
    let c = r.kind(k);
    if c.inverts_vote {
        "P".into()
    } else {
        c.value.to_string()
    }
}

/// A card in a hand: `Scribe (3)`, or an action card's name.
pub fn card_label(r: &Rules, p: usize, k: Kind) -> String {
    if r.is_influence(k) {
        format!("{} ({})", r.card_name(p, k), value_label(r, k))
    } else {
        r.card_name(p, k).to_string()
    }
}

/// `1 point`, `3 points`.
pub fn points(lang: Lang, n: u32) -> String {
    w!(lang, "points", n = n)
}

/// Points from patricians alone (no mission): what anyone can count.
pub fn public_score(s: &State, p: usize) -> u32 {
    let r = s.rules();
    let sc = &r.scoring;
    let z = s.zones(p);
    let mut t = 0;
    for (g, gd) in r.groups.iter().enumerate() {
        let won = z.won[g];
        t += won as u32 * sc.per_patrician;
        if won > 0 && won >= gd.majority {
            t += sc.majority_bonus;
        }
        if won > 0 && won == gd.size {
            t += sc.whole_group_bonus;
        }
    }
    t
}

/// The cards of `p` at group `g` as `viewer` sees them (None: every card).
fn side(s: &State, g: usize, p: usize, viewer: Option<usize>, st: Style) -> String {
    let r = s.rules();
    let gs = s.group(g);
    let mut parts = Vec::new();
    for &k in &r.influence_kinds {
        for _ in 0..gs.cards[p][face_ix(Face::Up)][k.ix()] {
            parts.push(value_label(r, k));
        }
    }
    for &k in &r.influence_kinds {
        for _ in 0..gs.cards[p][face_ix(Face::Down)][k.ix()] {
            parts.push(if viewer.is_none_or(|v| v == p) {
                st.dim(&format!("[{}]", value_label(r, k)))
            } else {
                st.dim("[?]")
            });
        }
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// The cards of a hand, each kind once: `Dancer (4) x2`.
fn hand_of(s: &State, p: usize) -> Vec<String> {
    let r = s.rules();
    let z = s.zones(p);
    (0..r.kinds.len())
        .filter(|&k| z.hand[k] > 0)
        .map(|k| {
            let label = card_label(r, p, Kind(k as u8));
            match z.hand[k] {
                1 => label,
                n => format!("{label} x{n}"),
            }
        })
        .collect()
}

fn list_or(v: &[String], empty: &str) -> String {
    if v.is_empty() {
        empty.into()
    } else {
        v.join(", ")
    }
}

/// The board as `viewer` sees it (None: every card, for spectators): the
/// title, the groups, then hands, reserves, votes and points.
pub fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}",
        st.bold(&format!("== {} ==", board_title(s, st.lang)))
    );
    o.push_str(&group_table(s, viewer, st));
    o.push_str(&board_hands(s, viewer, st.lang));
    o.push_str(&board_public(s, viewer, st));
    o
}

/// `Turn 3 - Caesar to play (placing influence)`; `Setting up - ...`
/// before the first turn.
pub(super) fn board_title(s: &State, lang: Lang) -> String {
    let r = s.rules();
    let name = |p: usize| r.factions[p].name.as_str();
    let turn = s.turn_number() + 1;
    let when = if matches!(s.phase(), Phase::ArrangeActions | Phase::SetupPlace) {
        WORDS.t(lang, "title-setup")
    } else {
        w!(lang, "title-turn", turn = turn)
    };
    match s.phase() {
        Phase::GameOver => w!(lang, "title-game-over", when = when),
        ph => {
            let a = s.actor();
            let step = phase_words(lang, ph);
            if a == s.seat() {
                w!(
                    lang,
                    "title-to-play",
                    when = when,
                    who = name(a),
                    step = step
                )
            } else {
                w!(
                    lang,
                    "title-to-answer",
                    when = when,
                    seat = name(s.seat()),
                    who = name(a),
                    step = step
                )
            }
        }
    }
}

/// The five groups: patricians left, each side's cards, the cards there.
fn group_table(s: &State, viewer: Option<usize>, st: Style) -> String {
    let r = s.rules();
    let lang = st.lang;
    let lim = &r.limits;
    let you = |p: usize| {
        if viewer == Some(p) {
            w!(lang, "you-mark", name = r.factions[p].name.as_str())
        } else {
            r.factions[p].name.clone()
        }
    };
    let rows: Vec<[String; 6]> = r
        .groups
        .iter()
        .enumerate()
        .map(|(g, gd)| {
            let gs = s.group(g);
            let won = format!("{}:{}", s.zones(0).won[g], s.zones(1).won[g]);
            let left = if gs.exhausted() {
                WORDS.t(lang, "all-won")
            } else {
                format!("{}/{}", gs.left, gd.size)
            };
            let mut total = format!("{}/{}", gs.total(), lim.per_group);
            if gs.frozen {
                total = format!("{total} {}", WORDS.t(lang, "frozen"));
            }
            [
                gd.name.clone(),
                left,
                won,
                format!("{} ({})", side(s, g, 0, viewer, st), gs.count[0]),
                format!("{} ({})", side(s, g, 1, viewer, st), gs.count[1]),
                total,
            ]
        })
        .collect();
    let head = [
        WORDS.t(lang, "col-group"),
        WORDS.t(lang, "col-left"),
        WORDS.t(lang, "col-won"),
        st.seat(0, &you(0)),
        st.seat(1, &you(1)),
        WORDS.t(lang, "col-cards"),
    ];
    let mut w = [0; 6];
    for row in rows.iter().chain(std::iter::once(&head)) {
        for (i, c) in row.iter().enumerate() {
            w[i] = w[i].max(width(c));
        }
    }
    let line = |row: &[String; 6]| {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| pad(c, w[i] + 2))
            .collect();
        cells.join("").trim_end().to_string()
    };
    let mut o = String::new();
    let _ = writeln!(o, "{}", line(&head));
    for row in &rows {
        let _ = writeln!(o, "{}", line(row));
    }
    o
}

/// What the marks of the board mean (shown with `help`).
pub fn legend(s: &State, st: Style) -> String {
    let lim = &s.rules().limits;
    let legend = w!(
        st.lang,
        "board-legend",
        side = lim.per_side,
        group = lim.per_group
    );
    wrap(&legend, " ")
}

/// The hands and missions `viewer` may see, and the other hand's size.
fn board_hands(s: &State, viewer: Option<usize>, lang: Lang) -> String {
    let r = s.rules();
    let mut o = String::new();
    let seats: Vec<usize> = match viewer {
        Some(v) => vec![v],
        None => vec![0, 1],
    };
    let none = WORDS.t(lang, "none");
    for &p in &seats {
        let hand = hand_of(s, p);
        let missions: Vec<String> = s
            .zones(p)
            .missions
            .iter()
            .map(|&m| {
                let m = &r.missions[m as usize];
                w!(
                    lang,
                    "mission-line",
                    mission = m.name.as_str(),
                    n = m.at_least,
                    group = r.groups[m.group as usize].name.as_str(),
                    won = s.zones(p).won[m.group as usize]
                )
            })
            .collect();
        let (hand_id, mission_id) = if viewer.is_some() {
            ("your-hand", "your-mission")
        } else {
            ("their-hand", "their-mission")
        };
        let who = r.factions[p].name.as_str();
        let cards = list_or(&hand, &WORDS.t(lang, "empty"));
        let hand = w!(lang, hand_id, who = who, cards = cards);
        o.push_str(&wrap(&hand, "  "));
        let m = list_or(&missions, &none);
        o.push_str(&wrap(&w!(lang, mission_id, who = who, mission = m), "  "));
    }
    o
}

/// Both players' reserves in one sentence (no line end).
pub(super) fn reserves(s: &State, lang: Lang) -> String {
    let r = s.rules();
    let res: Vec<String> = (0..2)
        .map(|p| {
            let z = s.zones(p);
            w!(
                lang,
                "reserve-of",
                who = r.factions[p].name.as_str(),
                influence = z.influence_reserve.len(),
                action = z.action_reserve.len()
            )
        })
        .collect();
    let list = res.join(&WORDS.t(lang, "list-sep"));
    w!(lang, "reserves", list = list)
}

/// The other hand, the vote cards, the reserves and the points.
pub(super) fn board_public(s: &State, viewer: Option<usize>, st: Style) -> String {
    let r = s.rules();
    let lang = st.lang;
    let name = |p: usize| r.factions[p].name.as_str();
    let mut o = String::new();
    let up = s.vote_discard().len();
    let mut vote = w!(lang, "vote-deck", n = s.vote_pile_len(), up = up);
    if !s.vote_removed().is_empty() {
        vote = format!(
            "{vote}; {}",
            w!(lang, "vote-out", n = s.vote_removed().len())
        );
    }
    if let Some(v) = viewer {
        let hand = w!(
            lang,
            "other-hand",
            who = name(1 - v),
            n = s.zones(1 - v).hand_len
        );
        vote = format!("{hand} {vote}");
    }
    o.push_str(&wrap(&format!("{vote}."), "  "));
    o.push_str(&wrap(&reserves(s, lang), "  "));
    let score = s.score();
    let mut parts = Vec::new();
    for p in 0..2 {
        let pts = if viewer.is_none_or(|v| v == p) || s.phase() == Phase::GameOver {
            w!(lang, "points-now", points = points(lang, score[p]))
        } else {
            w!(
                lang,
                "points-now-secret",
                points = points(lang, public_score(s, p)),
                bonus = r.scoring.mission_bonus
            )
        };
        parts.push(format!("{} {pts}", name(p)));
    }
    o.push_str(&wrap(
        &w!(lang, "won", list = parts.join(&WORDS.t(lang, "list-sep"))),
        "  ",
    ));
    if let Some(l) = s.lone_player() {
        let _ = writeln!(o, "{}", w!(lang, "plays-alone", who = name(l)));
    }
    o
}

/// The group where the seat's next setup card goes.
fn setup_group(s: &State, p: usize) -> Option<usize> {
    let r = s.rules();
    let placed: usize = (0..r.groups.len())
        .map(|g| s.group(g).count[p] as usize)
        .sum();
    let per = r.setup.placed_per_group.max(1) as usize;
    let g = placed / per;
    (g < r.groups.len()).then_some(g)
}

/// Whether the actor may stop placing now (else the placement pattern
/// needs another card), and the face the next card takes.
fn placing_options(s: &State) -> (bool, Face) {
    let mut legal = Vec::new();
    s.legal(&mut legal);
    let f = legal.iter().find_map(|m| match m {
        Move::Place { face, .. } => Some(*face),
        _ => None,
    });
    (legal.contains(&Move::EndPlacement), f.unwrap_or(Face::Up))
}

/// What the actor is deciding, in one sentence.
pub fn question(s: &State, lang: Lang) -> String {
    let r = s.rules();
    let a = s.actor();
    let name = |p: usize| r.factions[p].name.as_str();
    let who = name(a);
    match s.phase() {
        Phase::ArrangeActions => w!(lang, "q-arrange", who = who),
        Phase::SetupPlace => match setup_group(s, a) {
            Some(g) => w!(
                lang,
                "q-setup-at",
                who = who,
                group = r.groups[g].name.as_str()
            ),
            None => w!(lang, "q-setup", who = who),
        },
        Phase::TurnStart => w!(lang, "q-turn-start", who = who),
        Phase::Placing => {
            let (stop, f) = placing_options(s);
            let id = if stop {
                "q-placing"
            } else {
                "q-placing-second"
            };
            w!(lang, id, who = who, face = face(lang, f))
        }
        Phase::Refill => w!(lang, "q-refill", who = who, n = r.limits.hand_size),
        Phase::PassiveDiscard => w!(lang, "q-passive", who = who),
        Phase::BeforeVote => w!(lang, "q-before-vote", who = who),
        Phase::LonePlaceAll => w!(lang, "q-lone", who = who),
        Phase::Effect => match s.frames.last() {
            Some(f) if f.awaiting_reaction => w!(
                lang,
                "q-answer",
                who = who,
                player = name(f.player as usize),
                card = r.card_name(f.player as usize, f.card)
            ),
            Some(f) => {
                let card = r.card_name(f.player as usize, f.card);
                if f.player as usize == a {
                    w!(lang, "q-effect-own", who = who, card = card)
                } else {
                    w!(
                        lang,
                        "q-effect-other",
                        who = who,
                        player = name(f.player as usize),
                        card = card
                    )
                }
            }
            None => w!(lang, "q-choose", who = who),
        },
        Phase::GameOver => WORDS.t(lang, "q-game-over"),
    }
}

/// A legal move in the list: shorter than `move_text` where the question
/// says the rest.
fn choice_label(s: &State, actor: usize, m: Move, lang: Lang) -> String {
    let r = s.rules();
    match m {
        Move::SetupPlace(k) | Move::ArrangeAction(k) => card_label(r, actor, k),
        Move::Discard(k) => w!(lang, "choice-discard", card = card_label(r, actor, k)),
        _ => move_words(lang, r, actor, m),
    }
}

/// The cards on the table an action card may choose among.
fn is_table_target(m: Move) -> bool {
    matches!(m, Move::Choose(Target::TableCard { .. }))
}

/// The numbered choices; placements as a grid (card and face by group),
/// and so are an action card's targets on the table (its cards by group):
/// the list fits 80x24 however many there are.
pub fn choices(s: &State, legal: &[Move], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut o = String::new();
    let places: Vec<usize> = (0..legal.len())
        .filter(|&i| matches!(legal[i], Move::Place { .. }))
        .collect();
    let targets: Vec<usize> = (0..legal.len())
        .filter(|&i| is_table_target(legal[i]))
        .collect();
    let grid = places.len() > 4;
    let target_grid = targets.len() > 2;
    let num_w = legal.len().to_string().len();
    let mut grid_done = false;
    for (i, &m) in legal.iter().enumerate() {
        if grid && matches!(m, Move::Place { .. }) {
            if !grid_done {
                o.push_str(&place_grid(s, legal, &places, st));
                grid_done = true;
            }
            continue;
        }
        if target_grid && is_table_target(m) {
            if i == targets[0] {
                o.push_str(&table_target_grid(s, legal, &targets, st));
            }
            continue;
        }
        let n = format!("{:>num_w$})", i + 1);
        let line = format!(
            "  {} {}  {}",
            st.bold(&n),
            choice_label(s, a, m, st.lang),
            st.dim(&format!("[{}]", short_form_in(st.lang, r, a, m)))
        );
        // A long choice goes on under its text, never past 80 columns.
        o.push_str(&wrap(&line, &" ".repeat(num_w + 4)));
    }
    if legal.len() == 1 {
        let _ = writeln!(o, "  {}", st.dim(&WORDS.t(st.lang, "enter-only-choice")));
    }
    o
}

/// The placements as a grid: a card per row, a group per column, in each
/// cell the number of the move (face down / face up when both may be).
fn place_grid(s: &State, legal: &[Move], places: &[usize], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut kinds: Vec<u8> = Vec::new();
    let mut groups: Vec<u8> = Vec::new();
    let mut faces: Vec<Face> = Vec::new();
    for &i in places {
        if let Move::Place { kind, group, face } = legal[i] {
            for (v, x) in [(&mut kinds, kind.0), (&mut groups, group)] {
                if !v.contains(&x) {
                    v.push(x);
                }
            }
            if !faces.contains(&face) {
                faces.push(face);
            }
        }
    }
    groups.sort();
    faces.sort_by_key(|&f| f != Face::Down);
    let number = |k: Kind, g: u8, f: Face| {
        let m = Move::Place {
            kind: k,
            group: g,
            face: f,
        };
        places.iter().find(|&&i| legal[i] == m).map(|&i| i + 1)
    };
    let cell = |k: Kind, g: u8| -> String {
        let parts: Vec<String> = faces
            .iter()
            .map(|&f| number(k, g, f).map_or("-".into(), |n| n.to_string()))
            .collect();
        parts.join("/")
    };
    let cells: Vec<Vec<String>> = kinds
        .iter()
        .map(|&k| groups.iter().map(|&g| cell(Kind(k), g)).collect())
        .collect();
    let label = |k: u8| card_label(r, a, Kind(k));
    let lw = kinds.iter().map(|&k| width(&label(k))).max().unwrap_or(0) + 2;
    let cw: Vec<usize> = groups
        .iter()
        .enumerate()
        .map(|(j, &g)| {
            let widest = cells.iter().map(|row| width(&row[j])).max().unwrap_or(0);
            r.groups[g as usize].name.chars().count().max(widest) + 2
        })
        .collect();
    let face_names: Vec<String> = faces
        .iter()
        .map(|&f| {
            WORDS.t(
                st.lang,
                match f {
                    Face::Down => "face-down-short",
                    Face::Up => "face-up-short",
                },
            )
        })
        .collect();
    let example = short_form_in(st.lang, r, a, legal[places[0]]);
    let head = w!(
        st.lang,
        "grid-head",
        faces = face_names.join("/"),
        example = example
    );
    let mut o = wrap(&format!("  {head}"), "    ");
    let mut line = format!("    {}", " ".repeat(lw));
    for (j, &g) in groups.iter().enumerate() {
        line.push_str(&pad(&r.groups[g as usize].name, cw[j]));
    }
    let _ = writeln!(o, "{}", line.trim_end());
    for (row, &k) in cells.iter().zip(&kinds) {
        let mut line = format!("    {}", pad(&label(k), lw));
        for (j, c) in row.iter().enumerate() {
            line.push_str(&pad(&st.bold(c), cw[j]));
        }
        let _ = writeln!(o, "{}", line.trim_end());
    }
    o
}

/// An action card's targets on the table as a grid: a row per group (per
/// group and owner when cards of both sides may be chosen), in it each
/// card's number and value (`[3]` face down), rows wrapped at 80 columns.
fn table_target_grid(s: &State, legal: &[Move], targets: &[usize], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let num_w = legal.len().to_string().len();
    let at = |i: usize| match legal[i] {
        Move::Choose(Target::TableCard {
            owner,
            group,
            kind,
            face,
        }) => Some((group, owner, kind, face)),
        _ => None,
    };
    let mut rows: Vec<(u8, u8)> = Vec::new();
    for (g, o, _, _) in targets.iter().filter_map(|&i| at(i)) {
        if !rows.contains(&(g, o)) {
            rows.push((g, o));
        }
    }
    rows.sort();
    let several = rows.iter().any(|&(_, o)| o != rows[0].1);
    let label = |g: u8, o: u8| {
        let name = &r.groups[g as usize].name;
        if several {
            format!("{name}, {}", r.factions[o as usize].name)
        } else {
            name.clone()
        }
    };
    let lw = rows
        .iter()
        .map(|&(g, o)| width(&label(g, o)))
        .max()
        .unwrap_or(0)
        + 2;
    let cell = |i: usize, k: Kind, f: Face| {
        let v = value_label(r, k);
        let v = if f == Face::Down { format!("[{v}]") } else { v };
        (st.bold(&format!("{:>num_w$})", i + 1)), v)
    };
    let vw = targets
        .iter()
        .filter_map(|&i| at(i).map(|(_, _, k, f)| width(&cell(i, k, f).1)))
        .max()
        .unwrap_or(1);
    let example = short_form_in(st.lang, r, a, legal[targets[0]]);
    let mut head = w!(st.lang, "target-grid-head", example = example);
    if targets
        .iter()
        .any(|&i| at(i).is_some_and(|(_, _, _, f)| f == Face::Down))
    {
        head = format!("{head} {}", WORDS.t(st.lang, "target-grid-down"));
    }
    let mut o = wrap(&format!("  {head}"), "    ");
    let indent = 4 + lw;
    let cw = num_w + 2 + vw + 2;
    for &(g, ow) in &rows {
        let mut line = format!("    {}", pad(&label(g, ow), lw));
        let mut col = indent;
        for &i in targets {
            let Some((gi, oi, k, f)) = at(i) else {
                continue;
            };
            if (gi, oi) != (g, ow) {
                continue;
            }
            if col + cw > 80 + 2 && col > indent {
                let _ = writeln!(o, "{}", line.trim_end());
                line = " ".repeat(indent);
                col = indent;
            }
            let (n, v) = cell(i, k, f);
            line.push_str(&pad(&format!("{n} {v}"), cw));
            col += cw;
        }
        let _ = writeln!(o, "{}", line.trim_end());
    }
    o
}

/// The moves that fit an ambiguous input, numbered from 1 (for "which
/// one?"; a number then picks from this list).
pub fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut o = String::new();
    let num_w = which.len().to_string().len();
    for (n, &i) in which.iter().enumerate() {
        let line = format!(
            "  {} {}  {}",
            st.bold(&format!("{})", n + 1)),
            move_words(st.lang, r, a, legal[i]),
            st.dim(&format!("[{}]", short_form_in(st.lang, r, a, legal[i])))
        );
        o.push_str(&wrap(&line, &" ".repeat(num_w + 4)));
    }
    o
}

// ----- Hints ------------------------------------------------------------------

/// Influence of `p` at group `g` as `viewer` sees it: (known total, unknown
/// face-down cards). A Philosopher counts 0.
fn visible_influence(s: &State, g: usize, p: usize, viewer: usize) -> (u32, u32) {
    let r = s.rules();
    let gs = s.group(g);
    let mut known = 0;
    let mut hidden = 0;
    for &k in &r.influence_kinds {
        let up = gs.cards[p][face_ix(Face::Up)][k.ix()] as u32;
        let down = gs.cards[p][face_ix(Face::Down)][k.ix()] as u32;
        known += up * r.kind(k).value as u32;
        if p == viewer {
            known += down * r.kind(k).value as u32;
        } else {
            hidden += down;
        }
    }
    (known, hidden)
}

/// Why a move is good, in a few words.
fn reason(s: &State, me: usize, m: Move, lang: Lang) -> String {
    let r = s.rules();
    let opp = r.factions[1 - me].name.as_str();
    let z = s.zones(me);
    let infl = s.hand_influence_of(me) as u32;
    let actions = z.hand_len as u32 - infl;
    match m {
        Move::Place { kind, group, face } => {
            place_reason(s, me, (kind, group as usize, face), lang)
        }
        Move::SetupPlace(k) => w!(lang, "why-setup", value = value_label(r, k)),
        Move::ArrangeAction(k) => w!(lang, "why-arrange", card = r.card_name(me, k)),
        Move::Pass => WORDS.t(lang, "why-pass"),
        Move::Discard(k) => w!(lang, "why-discard", card = card_label(r, me, k)),
        Move::EndDiscard => WORDS.t(lang, "why-end-discard"),
        Move::EndPlacement => WORDS.t(lang, "why-end-placement"),
        Move::PlayAction(k) => w!(lang, "why-play", card = r.card_name(me, k)),
        Move::Choose(Target::Group(g)) => w!(
            lang,
            "why-group",
            group = r.groups[g as usize].name.as_str()
        ),
        Move::Choose(_) => w!(lang, "why-target", opp = opp),
        Move::Decline => WORDS.t(lang, "why-decline"),
        Move::Draw(Reserve::Influence) => w!(lang, "why-draw-influence", n = infl),
        Move::Draw(Reserve::Action) => w!(lang, "why-draw-action", n = actions),
        Move::DrawVote => WORDS.t(lang, "why-vote"),
    }
}

/// Why a placement is good: the lead it takes, the cards seen there.
fn place_reason(s: &State, me: usize, (kind, g, face): (Kind, usize, Face), lang: Lang) -> String {
    let r = s.rules();
    let opp = r.factions[1 - me].name.as_str();
    let group = r.groups[g].name.as_str();
    let (mine, _) = visible_influence(s, g, me, me);
    let (theirs, hidden) = visible_influence(s, g, 1 - me, me);
    let after = mine + r.kind(kind).value as u32;
    let lead = if r.kind(kind).inverts_vote {
        WORDS.t(lang, "why-philosopher")
    } else if after > theirs && mine <= theirs {
        w!(lang, "why-lead", group = group)
    } else if after > theirs {
        w!(lang, "why-stronger", group = group)
    } else {
        w!(lang, "why-closer", group = group)
    };
    let count = w!(
        lang,
        "why-count",
        me = after,
        opp = opp,
        theirs = theirs,
        hidden = hidden
    );
    let hide = if face == Face::Down {
        format!("; {}", w!(lang, "why-hidden", opp = opp))
    } else {
        String::new()
    };
    format!("{lead} ({count}){hide}")
}

/// The `hint` sentence: what `agent_name` would choose (`m`, number `ix`
/// in the list) and why, with the heuristic's estimate of the margin
/// before and after, averaged over what the player cannot see.
pub fn hint_text(s: &State, m: Move, ix: usize, agent_name: &str, seed: u64, lang: Lang) -> String {
    let r = s.rules();
    let me = s.actor();
    let h = Heuristic::default();
    let mut rng = seed::agent_rng(seed);
    let (mut before, mut after, mut n) = (0.0, 0.0, 0);
    let mut legal = Vec::new();
    for _ in 0..8 {
        let d = s.resample(me, &mut rng);
        d.legal(&mut legal);
        if !legal.contains(&m) {
            continue;
        }
        before += h.evaluate(&d, me);
        let mut c = d.clone();
        c.apply_move(m);
        after += h.evaluate(&c, me);
        n += 1;
    }
    let est = if n > 0 {
        let now = format!("{:+.1}", before / n as f64);
        let then = format!("{:+.1}", after / n as f64);
        format!(" {}", w!(lang, "hint-estimate", now = now, after = then))
    } else {
        String::new()
    };
    let hint = w!(
        lang,
        "hint",
        ai = agent_name,
        mv = move_words(lang, r, me, m),
        n = ix + 1,
        typed = short_form_in(lang, r, me, m),
        why = reason(s, me, m, lang)
    );
    format!("{hint}{est}")
}
