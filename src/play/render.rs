//! What `ludus play` prints: the board as one player sees it, the numbered
//! choices, the rule in force at a step, hints; in colour when the terminal
//! takes it.

use std::fmt::Write as _;

use super::i18n::Lang;
use super::input::short_form;
use crate::agents::Heuristic;
use crate::engine::seed;
use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::state::face_ix;
use crate::games::caesar_cleopatra::text::{move_text, phase_words};
use crate::games::caesar_cleopatra::variant::Origin;
use crate::games::caesar_cleopatra::{Move, Phase, Reserve, State, Target};

/// ANSI colours, or none, and the language of the words.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    pub color: bool,
    pub lang: Lang,
}

/// Terminal control for `--hotseat` (not colour: sent with NO_COLOR too).
/// The alternate screen keeps the game out of the terminal's scrollback...
pub const ALT_SCREEN_ON: &str = "\x1b[?1049h";
/// ...and leaving it brings back what the terminal showed before.
pub const ALT_SCREEN_OFF: &str = "\x1b[?1049l";
/// Cursor home, screen cleared, scrollback cleared.
pub const WIPE: &str = "\x1b[H\x1b[2J\x1b[3J";

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    pub fn bold(&self, s: &str) -> String {
        self.paint("1", s)
    }
    pub fn dim(&self, s: &str) -> String {
        self.paint("2", s)
    }
    pub fn error(&self, s: &str) -> String {
        self.paint("31", s)
    }
    pub fn good(&self, s: &str) -> String {
        self.paint("32", s)
    }
    pub fn note(&self, s: &str) -> String {
        self.paint("36", s)
    }
    /// A seat's colour: gold for the first, red for the second.
    pub fn seat(&self, p: usize, s: &str) -> String {
        self.paint(if p == 0 { "33" } else { "31" }, s)
    }
}

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
pub fn points(n: u32) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
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

/// Width of a string on screen (without colour codes).
fn width(s: &str) -> usize {
    let mut n = 0;
    let mut esc = false;
    for c in s.chars() {
        if esc {
            esc = c != 'm';
        } else if c == '\x1b' {
            esc = true;
        } else {
            n += 1;
        }
    }
    n
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

fn hand_of(s: &State, p: usize) -> Vec<String> {
    let r = s.rules();
    let z = s.zones(p);
    let mut v = Vec::new();
    for k in 0..r.kinds.len() {
        for _ in 0..z.hand[k] {
            v.push(card_label(r, p, Kind(k as u8)));
        }
    }
    v
}

fn list_or(v: &[String], empty: &str) -> String {
    if v.is_empty() {
        empty.into()
    } else {
        v.join(", ")
    }
}

/// The board as `viewer` sees it (None: every card, for spectators).
pub fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
    let r = s.rules();
    let mut o = String::new();
    let name = |p: usize| r.factions[p].name.as_str();
    let title = match s.phase() {
        Phase::GameOver => format!("Turn {} - game over", s.turn_number() + 1),
        ph => {
            let a = s.actor();
            let who = if a == s.seat() {
                format!("{} to play", name(a))
            } else {
                format!("{}'s turn, {} to answer", name(s.seat()), name(a))
            };
            format!("Turn {} - {who} ({})", s.turn_number() + 1, phase_words(ph))
        }
    };
    let _ = writeln!(o, "{}", st.bold(&format!("== {title} ==")));
    let lim = &r.limits;
    let you = |p: usize| {
        if viewer == Some(p) {
            format!("{} (you)", name(p))
        } else {
            name(p).to_string()
        }
    };
    let rows: Vec<[String; 5]> = r
        .groups
        .iter()
        .enumerate()
        .map(|(g, gd)| {
            let gs = s.group(g);
            let left = if gs.exhausted() {
                "all won".to_string()
            } else {
                format!("{}/{}", gs.left, gd.size)
            };
            let mut total = format!("{}/{}", gs.total(), lim.per_group);
            if gs.frozen {
                total.push_str(" frozen");
            }
            [
                gd.name.clone(),
                left,
                format!("{} ({})", side(s, g, 0, viewer, st), gs.count[0]),
                format!("{} ({})", side(s, g, 1, viewer, st), gs.count[1]),
                total,
            ]
        })
        .collect();
    let head = [
        "group".to_string(),
        "left".to_string(),
        st.seat(0, &you(0)),
        st.seat(1, &you(1)),
        "cards".to_string(),
    ];
    let mut w = [0; 5];
    for row in rows.iter().chain(std::iter::once(&head)) {
        for (i, c) in row.iter().enumerate() {
            w[i] = w[i].max(width(c));
        }
    }
    let line = |row: &[String; 5]| {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| pad(c, w[i] + 2))
            .collect();
        cells.join("").trim_end().to_string()
    };
    let _ = writeln!(o, "{}", line(&head));
    for row in &rows {
        let _ = writeln!(o, "{}", line(row));
    }
    let _ = writeln!(
        o,
        "{}",
        st.dim(&format!(
            "(cards a side: at most {}; per group: at most {}; [x] face down, (n) cards there)",
            lim.per_side, lim.per_group
        ))
    );
    let seats: Vec<usize> = match viewer {
        Some(v) => vec![v],
        None => vec![0, 1],
    };
    for &p in &seats {
        let who = if viewer.is_some() {
            "Your".to_string()
        } else {
            format!("{}'s", name(p))
        };
        let hand = hand_of(s, p);
        let _ = writeln!(
            o,
            "{who} hand ({}): {}",
            hand.len(),
            list_or(&hand, "empty")
        );
        let missions: Vec<String> = s
            .zones(p)
            .missions
            .iter()
            .map(|&m| {
                let m = &r.missions[m as usize];
                format!(
                    "{} (at least {} {}: {} won so far)",
                    m.name,
                    m.at_least,
                    r.groups[m.group as usize].name,
                    s.zones(p).won[m.group as usize]
                )
            })
            .collect();
        let _ = writeln!(o, "{who} mission: {}", list_or(&missions, "none"));
    }
    if let Some(v) = viewer {
        let _ = writeln!(
            o,
            "{}'s hand: {} cards",
            name(1 - v),
            s.zones(1 - v).hand_len
        );
    }
    let res: Vec<String> = (0..2)
        .map(|p| {
            let z = s.zones(p);
            format!(
                "{} {} influence + {} action",
                name(p),
                z.influence_reserve.len(),
                z.action_reserve.len()
            )
        })
        .collect();
    let _ = writeln!(o, "Reserves: {}", res.join("; "));
    let vd: Vec<String> = s
        .vote_discard()
        .iter()
        .map(|&c| r.vote_cards[c as usize].name.clone())
        .collect();
    let mut vote = format!(
        "Vote deck: {} card{} face down; turned up: {}",
        s.vote_pile_len(),
        if s.vote_pile_len() == 1 { "" } else { "s" },
        list_or(&vd, "none")
    );
    if !s.vote_removed().is_empty() {
        let gone: Vec<String> = s
            .vote_removed()
            .iter()
            .map(|&c| r.vote_cards[c as usize].name.clone())
            .collect();
        let _ = write!(vote, "; out of the game: {}", gone.join(", "));
    }
    let _ = writeln!(o, "{vote}");
    let score = s.score();
    let mut parts = Vec::new();
    for p in 0..2 {
        let z = s.zones(p);
        let won: Vec<String> = r
            .groups
            .iter()
            .enumerate()
            .filter(|(g, _)| z.won[*g] > 0)
            .map(|(g, gd)| format!("{} {}", z.won[g], gd.name))
            .collect();
        let pts = if viewer.is_none_or(|v| v == p) || s.phase() == Phase::GameOver {
            format!("{} now", points(score[p]))
        } else {
            format!(
                "{} now, + {} if the secret mission is fulfilled",
                points(public_score(s, p)),
                r.scoring.mission_bonus
            )
        };
        parts.push(format!(
            "{} {} ({pts})",
            st.seat(p, name(p)),
            list_or(&won, "none")
        ));
    }
    let _ = writeln!(o, "Won: {}", parts.join("; "));
    if let Some(l) = s.lone_player() {
        let _ = writeln!(o, "{} plays on alone.", name(l));
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

/// What the actor is deciding, in one sentence.
pub fn question(s: &State) -> String {
    let r = s.rules();
    let a = s.actor();
    let name = |p: usize| r.factions[p].name.as_str();
    match s.phase() {
        Phase::ArrangeActions => format!(
            "{}: which action card goes next (from the top) in your action reserve? (rest: the others as listed)",
            name(a)
        ),
        Phase::SetupPlace => match setup_group(s, a) {
            Some(g) => format!(
                "{}: which card goes face down at the {}?",
                name(a),
                r.groups[g].name
            ),
            None => format!("{}: which card do you set up?", name(a)),
        },
        Phase::TurnStart => format!(
            "{}: your turn. Stay passive, place influence, or play an action card.",
            name(a)
        ),
        Phase::Placing => format!(
            "{}: a second card (face up), or stop if one is enough.",
            name(a)
        ),
        Phase::Refill => format!(
            "{}: refill your hand to {} cards, one draw at a time.",
            name(a),
            r.limits.hand_size
        ),
        Phase::PassiveDiscard => format!(
            "{}: passive turn. Discard any cards, then stop (you refill after).",
            name(a)
        ),
        Phase::BeforeVote => format!("{}: end your turn with the vote card.", name(a)),
        Phase::LonePlaceAll => format!("{}: place your influence cards.", name(a)),
        Phase::Effect => match s.frames.last() {
            Some(f) if f.awaiting_reaction => format!(
                "{}: {} plays {}. Answer it with a card, or let it pass?",
                name(a),
                name(f.player as usize),
                r.card_name(f.player as usize, f.card)
            ),
            Some(f) => {
                let card = r.card_name(f.player as usize, f.card);
                if f.player as usize == a {
                    format!("{}: your {card}. Choose:", name(a))
                } else {
                    format!("{}: {}'s {card}. Choose:", name(a), name(f.player as usize))
                }
            }
            None => format!("{}: choose:", name(a)),
        },
        Phase::GameOver => "The game is over.".into(),
    }
}

/// A legal move in the list: shorter than `move_text` where the question
/// says the rest.
fn choice_label(s: &State, actor: usize, m: Move) -> String {
    let r = s.rules();
    match m {
        Move::SetupPlace(k) | Move::ArrangeAction(k) | Move::Discard(k) => {
            let verb = if matches!(m, Move::Discard(_)) {
                "discard "
            } else {
                ""
            };
            format!("{verb}{}", card_label(r, actor, k))
        }
        _ => move_text(r, actor, m),
    }
}

/// The numbered choices; placements as a grid (card and face by group).
pub fn choices(s: &State, legal: &[Move], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut o = String::new();
    let places: Vec<usize> = (0..legal.len())
        .filter(|&i| matches!(legal[i], Move::Place { .. }))
        .collect();
    let grid = places.len() > 4;
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
        let n = format!("{:>num_w$})", i + 1);
        let _ = writeln!(
            o,
            "  {} {}  {}",
            st.bold(&n),
            choice_label(s, a, m),
            st.dim(&format!("[{}]", short_form(r, a, m)))
        );
    }
    if legal.len() == 1 {
        let _ = writeln!(o, "{}", st.dim("  (Enter takes the only choice)"));
    }
    o
}

fn place_grid(s: &State, legal: &[Move], places: &[usize], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut rows: Vec<(Kind, Face)> = Vec::new();
    let mut groups: Vec<u8> = Vec::new();
    for &i in places {
        if let Move::Place { kind, group, face } = legal[i] {
            if !rows.contains(&(kind, face)) {
                rows.push((kind, face));
            }
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
    }
    groups.sort();
    let label = |&(k, f): &(Kind, Face)| {
        format!(
            "{} {}",
            card_label(r, a, k),
            if f == Face::Down {
                "face down"
            } else {
                "face up"
            }
        )
    };
    let lw = rows.iter().map(|x| width(&label(x))).max().unwrap_or(0) + 2;
    let cw: Vec<usize> = groups
        .iter()
        .map(|&g| r.groups[g as usize].name.chars().count().max(3) + 2)
        .collect();
    let mut o = String::new();
    let example = short_form(r, a, legal[places[0]]);
    let _ = writeln!(
        o,
        "  Place influence: the number under the group, or type e.g. \"{example}\""
    );
    let mut head = format!("    {}", " ".repeat(lw));
    for (j, &g) in groups.iter().enumerate() {
        head.push_str(&pad(&r.groups[g as usize].name, cw[j]));
    }
    let _ = writeln!(o, "{}", head.trim_end());
    for row in &rows {
        let mut line = format!("    {}", pad(&label(row), lw));
        for (j, &g) in groups.iter().enumerate() {
            let cell = places
                .iter()
                .find(|&&i| {
                    legal[i]
                        == Move::Place {
                            kind: row.0,
                            group: g,
                            face: row.1,
                        }
                })
                .map_or_else(|| st.dim("-"), |&i| st.bold(&(i + 1).to_string()));
            line.push_str(&pad(&cell, cw[j]));
        }
        let _ = writeln!(o, "{}", line.trim_end());
    }
    o
}

/// The list in plain lines, one per move (for "which one?" answers).
pub fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
    let r = s.rules();
    let a = s.actor();
    let mut o = String::new();
    for &i in which {
        let _ = writeln!(
            o,
            "  {} {}  {}",
            st.bold(&format!("{})", i + 1)),
            move_text(r, a, legal[i]),
            st.dim(&format!("[{}]", short_form(r, a, legal[i])))
        );
    }
    o
}

// ----- The rules in force ---------------------------------------------------

/// Passages of rulebook 000 (the default reading) for steps whose rules
/// come from the base files, which carry no citation of their own.
fn base_passage(ph: Phase) -> &'static [&'static str] {
    match ph {
        Phase::ArrangeActions => &[
            "000: \"Les joueurs rassemblent leurs cartes \" Action \" et les trie selon l'ordre qui lui convient. Le joueurs les dispose alors devant lui à côté de la pile numéro 1 et forme ainsi la pile de réserve numéro 2.\"",
        ],
        Phase::SetupPlace => &[
            "000: \"Les joueurs doivent maintenant déposer 5 cartes (avec les valeurs numérotées de 1 à 5) cachées sur un côté des cartes \" patricien \", une carte par groupe. Chaque joueur choisit librement quelle carte va avec quel tas. Les 5 cartes restantes (valeur de 1 à 5) sont prises dans la main.\"",
        ],
        Phase::TurnStart => &[
            "000: \"Le joueur dont c'est le tour à deux possibilité : A) Il devient ACTIF. Il peut jouer une carte \" action \". Il pose une ou deux cartes \" influence \". Il complète sa main. Il pose une question de confiance. B) Il reste PASSIF. Le joueur ne peut alors que défausser des cartes.\"",
            "000: \"Un groupe de patricien ne peut pas comporter plus de 5 cartes \" Influence \" du même côté. Un groupe de patriciens ne peut comporter plus de 8 cartes \" Influence \" au total.\"",
        ],
        Phase::Placing | Phase::LonePlaceAll => &[
            "000: \"Un groupe de patricien ne peut pas comporter plus de 5 cartes \" Influence \" du même côté. Un groupe de patriciens ne peut comporter plus de 8 cartes \" Influence \" au total.\"",
        ],
        Phase::Refill => &[
            "000: \"Lorsque un jouer a joué les cartes qu'il désirait, il remplit sa main de manière à en avoir 5.\"",
        ],
        Phase::PassiveDiscard => &[
            "000: \"Si le jouer ne peut pas ou ne veut pas intervenir dans le jeu, il peut passer son tour. Dans ce cas, il peut défausser des cartes quelconques de sa main en les mettant sur sa pile de défausse et reprendre des cartes appropriées de ses piles de réserve. Il ne tire pas de carte \" Question de confiance \".\"",
        ],
        Phase::BeforeVote => &[
            "000: \"A la fin de son tour, le joueur découvre la carte au sommet de la pile \" Question de confiance \".\"",
            "000: \"Le joueur ayant la plus grosse influence gagne et conserve la carte \" Patricien \" se trouvant au sommet de la pile. [...] Le gagnant perd la carte la plus haute qu'il a jouée sur ce groupe. Le perdant perd la carte la plus basse.\"",
        ],
        Phase::Effect | Phase::GameOver => &[],
    }
}

/// The rule keys that govern a step.
fn step_keys(s: &State) -> Vec<String> {
    let r = s.rules();
    let k = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    match s.phase() {
        Phase::ArrangeActions => k(&["setup.action_reserve"]),
        Phase::SetupPlace => k(&["setup.set_aside", "setup.placed_per_group"]),
        Phase::TurnStart => k(&[
            "turn.placements",
            "turn.action_timing",
            "turn.actions_per_turn",
            "limits.per_side",
            "limits.per_group",
            "turn.extraordinary_tie",
            "turn.action_without_placement",
        ]),
        Phase::Placing => k(&[
            "turn.placements",
            "limits.per_side",
            "limits.per_group",
            "turn.action_timing",
        ]),
        Phase::Refill => k(&[
            "limits.hand_size",
            "turn.action_timing",
            "turn.extraordinary_vote",
            "limits.extraordinary_vote_at",
        ]),
        Phase::PassiveDiscard => k(&["limits.hand_size"]),
        Phase::BeforeVote => k(&[
            "turn.action_timing",
            "turn.exhausted_vote_card",
            "turn.reshuffle",
            "turn.lone_philosopher",
            "scoring.tie_break",
        ]),
        Phase::LonePlaceAll => k(&["turn.lone_player"]),
        Phase::Effect => {
            let mut v = Vec::new();
            for f in s.frames.iter().rev() {
                let key = format!("card.{}.effect", r.kind(f.card).id);
                if !v.contains(&key) {
                    v.push(key);
                }
            }
            // At a reaction window: the cards that could answer.
            if let Some(f) = s.frames.last()
                && f.awaiting_reaction
            {
                for &a in &r.action_kinds {
                    if r.program(a).is_some_and(|p| p.trigger.is_some()) {
                        let key = format!("card.{}.effect", r.kind(a).id);
                        if !v.contains(&key) {
                            v.push(key);
                        }
                    }
                }
            }
            v
        }
        Phase::GameOver => k(&[
            "scoring.per_patrician",
            "scoring.majority_bonus",
            "scoring.whole_group_bonus",
            "scoring.mission_bonus",
            "scoring.tie_break",
        ]),
    }
}

/// A RON value on one line.
fn one_line(v: &str) -> String {
    let v = v
        .strip_prefix("Some(")
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(v)
        .replace("\\n", " ");
    let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
    let v = v.replace("( ", "(").replace(", )", ")").replace(",)", ")");
    match v.strip_prefix("\" ").and_then(|x| x.strip_suffix(" \"")) {
        Some(inner) => format!("\"{inner}\""),
        None => v,
    }
}

/// The `rules` command: what the step is, the rules in force for it with
/// the rulebook passage each follows.
pub fn rules_text(s: &State, settings: &[(String, String, Origin)], st: Style) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}",
        st.bold(&format!("Rules in force now ({}):", phase_words(s.phase())))
    );
    let mut cited = false;
    for key in step_keys(s) {
        let Some((_, value, origin)) = settings.iter().find(|(k, _, _)| *k == key) else {
            continue;
        };
        let from = match origin {
            Origin::Base => "base rules".to_string(),
            Origin::Overlay { id, .. } => format!("variant {id}"),
            Origin::CommandLine => "--set".to_string(),
        };
        let _ = writeln!(
            o,
            "  {} = {} {}",
            key,
            one_line(value),
            st.dim(&format!("[{from}]"))
        );
        if let Origin::Overlay { cite, .. } = origin {
            let _ = writeln!(o, "      {}", st.note(cite));
            cited = true;
        }
    }
    let passages = base_passage(s.phase());
    if !passages.is_empty() {
        let _ = writeln!(
            o,
            "  {}",
            if cited {
                "The rulebook on this step:"
            } else {
                "The rulebook (000) on this step:"
            }
        );
        for p in passages {
            let _ = writeln!(o, "      {}", st.note(p));
        }
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
fn reason(s: &State, me: usize, m: Move) -> String {
    let r = s.rules();
    let opp = &r.factions[1 - me].name;
    let z = s.zones(me);
    let infl = s.hand_influence_of(me) as u32;
    let actions = z.hand_len as u32 - infl;
    match m {
        Move::Place { kind, group, face } => {
            let g = group as usize;
            let (mine, _) = visible_influence(s, g, me, me);
            let (theirs, hidden) = visible_influence(s, g, 1 - me, me);
            let after = mine + r.kind(kind).value as u32;
            let hid = if hidden > 0 {
                format!(
                    " and {hidden} hidden card{}",
                    if hidden == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let lead = if r.kind(kind).inverts_vote {
                "a Philosopher turns the vote there".to_string()
            } else if after > theirs && mine <= theirs {
                format!("it takes the lead at the {}", r.groups[g].name)
            } else if after > theirs {
                format!("it strengthens your lead at the {}", r.groups[g].name)
            } else {
                format!("it closes in at the {}", r.groups[g].name)
            };
            let hide = if face == Face::Down {
                format!("; face down, {opp} cannot see it")
            } else {
                String::new()
            };
            format!("{lead} (you {after}, {opp} {theirs} showing{hid}){hide}")
        }
        Move::SetupPlace(k) => format!(
            "a {} there suits that group best by its reckoning",
            value_label(r, k)
        ),
        Move::ArrangeAction(k) => format!(
            "{} first: it comes to your hand earliest",
            r.card_name(me, k)
        ),
        Move::Pass => "nothing worth placing now; a passive turn lets you change cards".into(),
        Move::Discard(k) => format!("{} is the card you need least", card_label(r, me, k)),
        Move::EndDiscard => "the rest of your hand is worth keeping".into(),
        Move::EndPlacement => "one card is enough this turn".into(),
        Move::PlayAction(k) => format!("{} pays off now", r.card_name(me, k)),
        Move::Choose(Target::Group(g)) => {
            format!("the {} is where it matters most", r.groups[g as usize].name)
        }
        Move::Choose(_) => format!("that target hurts {opp} most"),
        Move::Decline => "keep your cards for later".into(),
        Move::Draw(Reserve::Influence) => format!(
            "you hold {infl} influence card{}; more let you place",
            if infl == 1 { "" } else { "s" }
        ),
        Move::Draw(Reserve::Action) => format!(
            "you hold {actions} action card{}; one more gives you options",
            if actions == 1 { "" } else { "s" }
        ),
        Move::DrawVote => "nothing more to do this turn".into(),
    }
}

/// The `hint` sentence: what `agent_name` would choose (`m`, number `ix`
/// in the list) and why, with the heuristic's estimate of the margin
/// before and after, averaged over what the player cannot see.
pub fn hint_text(s: &State, m: Move, ix: usize, agent_name: &str, seed: u64) -> String {
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
        format!(
            " Its estimate of your final margin: {:+.1} now, {:+.1} after.",
            before / n as f64,
            after / n as f64
        )
    } else {
        String::new()
    };
    format!(
        "The {agent_name} AI would {} (choice {}, or type \"{}\"): {}.{est}",
        move_text(r, me, m),
        ix + 1,
        short_form(r, me, m),
        reason(s, me, m)
    )
}
