//! Moves, events and views as a person reads them (English names from the
//! rule files).

use std::fmt::Write;

use super::events::{Event, VoteOutcome};
use super::model::{Face, Rules};
use super::moves::{Move, Reserve, Target};
use super::state::{Phase, State};

fn face_word(f: Face) -> &'static str {
    match f {
        Face::Down => "face down",
        Face::Up => "face up",
    }
}

/// A move of `player`, in words.
pub fn move_text(r: &Rules, player: usize, m: Move) -> String {
    let name = |k| r.card_name(player, k);
    match m {
        Move::ArrangeAction(k) => format!("put {} next in the action reserve", name(k)),
        Move::SetupPlace(k) => format!("set up {} ({})", name(k), r.kind(k).value),
        Move::Pass => "stay passive".into(),
        Move::Place { kind, group, face } => format!(
            "place {} ({}) {} at the {}",
            name(kind),
            value_label(r, kind),
            face_word(face),
            r.groups[group as usize].name
        ),
        Move::EndPlacement => "place no more cards".into(),
        Move::PlayAction(k) => format!("play {}", name(k)),
        Move::Discard(k) => format!("discard {}", name(k)),
        Move::EndDiscard => "stop discarding".into(),
        Move::Draw(Reserve::Influence) => "draw from the influence reserve".into(),
        Move::Draw(Reserve::Action) => "draw from the action reserve".into(),
        Move::DrawVote => "turn up the vote card".into(),
        Move::Choose(t) => format!("choose {}", target_text(r, t)),
        Move::Decline => "decline".into(),
    }
}

/// An effect's target in words.
pub fn target_text(r: &Rules, t: Target) -> String {
    match t {
        Target::Group(g) => format!("the {}", r.groups[g as usize].name),
        Target::TableCard {
            owner,
            group,
            kind,
            face,
        } => format!(
            "{}'s {} ({}, {}) at the {}",
            r.factions[owner as usize].name,
            r.card_name(owner as usize, kind),
            value_label(r, kind),
            face_word(face),
            r.groups[group as usize].name
        ),
        Target::HandCard { owner, kind } => format!(
            "{} from {}'s hand",
            r.card_name(owner as usize, kind),
            r.factions[owner as usize].name
        ),
    }
}

fn value_label(r: &Rules, k: super::model::Kind) -> String {
    let c = r.kind(k);
    if c.inverts_vote {
        "P".into()
    } else {
        c.value.to_string()
    }
}

/// An event in words, as `viewer` may see it (None: public).
pub fn event_text(r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    let who = |p: u8| r.factions[p as usize].name.as_str();
    let show = e.kind_visible_to(viewer);
    let card = |p: u8, k| {
        if show && !r.is_influence(k) {
            r.card_name(p as usize, k).to_string()
        } else if show {
            format!("{} ({})", r.card_name(p as usize, k), value_label(r, k))
        } else {
            "a card".to_string()
        }
    };
    match *e {
        Event::MissionDealt { player, mission } => {
            if show {
                format!(
                    "{} draws the mission card {}.",
                    who(player),
                    r.missions[mission as usize].name
                )
            } else {
                format!("{} draws a mission card.", who(player))
            }
        }
        Event::ActionReserveArranged { player } => {
            format!("{} orders the action reserve.", who(player))
        }
        Event::SetupPlaced {
            player,
            group,
            kind,
        } => format!(
            "{} sets up {} face down at the {}.",
            who(player),
            card(player, kind),
            r.groups[group as usize].name
        ),
        Event::TurnBegan { turn, player } => format!("Turn {turn}: {}.", who(player)),
        Event::WentPassive { player } => format!("{} stays passive.", who(player)),
        Event::Placed {
            player,
            group,
            kind,
            face,
        } => format!(
            "{} places {} {} at the {}.",
            who(player),
            card(player, kind),
            face_word(face),
            r.groups[group as usize].name
        ),
        Event::Discarded { player, kind } => {
            format!("{} discards {}.", who(player), card(player, kind))
        }
        Event::Drew {
            player,
            reserve,
            kind,
        } => {
            let from = match reserve {
                Reserve::Influence => "the influence reserve",
                Reserve::Action => "the action reserve",
            };
            if show {
                format!("{} draws {} from {from}.", who(player), card(player, kind))
            } else {
                format!("{} draws a card from {from}.", who(player))
            }
        }
        Event::VoteCardDrawn { card } => {
            format!("Vote card: {}.", r.vote_cards[card as usize].name)
        }
        Event::VoteCardRemoved { card } => format!(
            "{} names an exhausted group and leaves the game.",
            r.vote_cards[card as usize].name
        ),
        Event::VoteDeckShuffled => "The vote cards are shuffled.".into(),
        Event::OrgyRemoved { card } => format!(
            "{} goes back to the box (orgy variant).",
            r.vote_cards[card as usize].name
        ),
        Event::Vote {
            group,
            extraordinary,
            totals,
            outcome,
        } => {
            let kind = if extraordinary {
                "Extraordinary vote"
            } else {
                "Vote"
            };
            let g = &r.groups[group as usize].name;
            let res = match outcome {
                VoteOutcome::Tie => "a tie: nothing moves".to_string(),
                VoteOutcome::Postponed => {
                    "a lone Philosopher: the decision is postponed".to_string()
                }
                VoteOutcome::Won { winner, inverted } => format!(
                    "{} wins{}",
                    who(winner),
                    if inverted {
                        " (the Philosopher inverts the vote)"
                    } else {
                        ""
                    }
                ),
            };
            format!(
                "{kind} at the {g}: {} {}, {} {}; {res}.",
                who(0),
                totals[0],
                who(1),
                totals[1]
            )
        }
        Event::Revealed {
            player,
            group,
            kind,
        } => format!(
            "{} reveals {} at the {}.",
            who(player),
            card(player, kind),
            r.groups[group as usize].name
        ),
        Event::InfluenceLost {
            player,
            group,
            kind,
        } => format!(
            "{} discards {} from the {}.",
            who(player),
            card(player, kind),
            r.groups[group as usize].name
        ),
        Event::PatricianWon { player, group } => {
            format!(
                "{} takes a patrician of the {}.",
                who(player),
                r.groups[group as usize].name
            )
        }
        Event::GroupExhausted { group } => format!(
            "The {} are all won: the influence cards there are discarded.",
            r.groups[group as usize].name
        ),
        Event::LonePlayer { player } => format!(
            "{} has no influence cards left; {} plays on alone.",
            who(1 - player),
            who(player)
        ),
        Event::ActionPlayed {
            player,
            kind,
            reaction,
        } => format!(
            "{} plays {}{}.",
            who(player),
            r.card_name(player as usize, kind),
            if reaction { " in answer" } else { "" }
        ),
        Event::ActionResolved {
            player,
            kind,
            fizzled,
        } => {
            if fizzled {
                format!(
                    "{} has no target: it has no effect.",
                    r.card_name(player as usize, kind)
                )
            } else {
                format!("{} is resolved.", r.card_name(player as usize, kind))
            }
        }
        Event::ActionCancelled { player, kind } => {
            format!("{} is cancelled.", r.card_name(player as usize, kind))
        }
        Event::Looked {
            player,
            owner,
            ref cards,
        } => {
            if show {
                let names: Vec<String> = cards.iter().map(|&k| card(owner, k)).collect();
                format!(
                    "{} looks at {}'s hand: {}.",
                    who(player),
                    who(owner),
                    names.join(", ")
                )
            } else {
                format!("{} looks at {}'s hand.", who(player), who(owner))
            }
        }
        Event::CardRemoved {
            player,
            group,
            kind,
        } => match group {
            Some(g) => format!(
                "{}'s {} at the {} leaves the game.",
                who(player),
                card(player, kind),
                r.groups[g as usize].name
            ),
            None => format!("{}'s {} leaves the game.", who(player), card(player, kind)),
        },
        Event::Taken {
            player,
            group,
            kind,
            ..
        } => format!(
            "{} takes back {} from the {}.",
            who(player),
            card(player, kind),
            r.groups[group as usize].name
        ),
        Event::GameOver { reason, scores } => format!(
            "Game over ({}): {} {}, {} {}.",
            reason.label().replace('_', " "),
            who(0),
            scores[0],
            who(1),
            scores[1]
        ),
    }
}

/// The table as `viewer` sees it: his own face-down cards, only the number
/// of the opponent's; his own hand and mission; the sizes of the reserves.
pub fn view_text(s: &State, viewer: usize) -> String {
    let r = s.rules();
    let mut o = String::new();
    let me = &r.factions[viewer].name;
    let phase = match s.phase() {
        Phase::GameOver => "game over".to_string(),
        ph => format!("{} to act ({ph:?})", r.factions[s.seat()].name),
    };
    let _ = writeln!(o, "Turn {} - {phase} - view of {me}", s.turn_number() + 1);
    let _ = writeln!(
        o,
        "{:<10} {:>5}  {:<24} {:<24}",
        "group", "left", r.factions[0].name, r.factions[1].name
    );
    for (g, gd) in r.groups.iter().enumerate() {
        let gs = s.group(g);
        let mut cols = [String::new(), String::new()];
        for (p, col) in cols.iter_mut().enumerate() {
            let mut parts = Vec::new();
            for &k in &r.influence_kinds {
                for _ in 0..gs.cards[p][1][k.ix()] {
                    parts.push(value_label(r, k));
                }
            }
            for &k in &r.influence_kinds {
                for _ in 0..gs.cards[p][0][k.ix()] {
                    parts.push(if p == viewer {
                        format!("[{}]", value_label(r, k))
                    } else {
                        "[?]".into()
                    });
                }
            }
            *col = if parts.is_empty() {
                "-".into()
            } else {
                parts.join(" ")
            };
        }
        let left = if gs.exhausted() {
            "won".to_string()
        } else {
            format!("{}/{}", gs.left, gd.size)
        };
        let _ = writeln!(
            o,
            "{:<10} {:>5}  {:<24} {:<24}",
            gd.name, left, cols[0], cols[1]
        );
    }
    let z = s.zones(viewer);
    let mut hand = Vec::new();
    for k in 0..r.kinds.len() {
        for _ in 0..z.hand[k] {
            hand.push(r.card_name(viewer, super::model::Kind(k as u8)).to_string());
        }
    }
    let _ = writeln!(
        o,
        "Your hand: {}",
        if hand.is_empty() {
            "(empty)".into()
        } else {
            hand.join(", ")
        }
    );
    let missions: Vec<&str> = z
        .missions
        .iter()
        .map(|&m| r.missions[m as usize].name.as_str())
        .collect();
    let _ = writeln!(o, "Your mission: {}", missions.join(", "));
    for p in 0..2 {
        let zp = s.zones(p);
        let won: Vec<String> = r
            .groups
            .iter()
            .enumerate()
            .filter(|(g, _)| zp.won[*g] > 0)
            .map(|(g, gd)| format!("{} {}", zp.won[g], gd.name))
            .collect();
        // The opponent's missions are secret until the end: his score is
        // shown without them.
        let score = if p == viewer || s.phase() == Phase::GameOver {
            format!("score now {}", s.score()[p])
        } else {
            format!(
                "score now {} without the secret mission",
                s.public_points(p)
            )
        };
        let _ = writeln!(
            o,
            "{}: hand {}, reserves {} influence + {} action, won: {} ({score})",
            r.factions[p].name,
            zp.hand_len,
            zp.influence_reserve.len(),
            zp.action_reserve.len(),
            if won.is_empty() {
                "none".into()
            } else {
                won.join(", ")
            },
        );
    }
    let _ = write!(o, "Vote deck: {} cards; discarded: ", s.vote_pile_len());
    let d: Vec<&str> = s
        .vote_discard()
        .iter()
        .map(|&c| r.vote_cards[c as usize].name.as_str())
        .collect();
    let _ = writeln!(
        o,
        "{}",
        if d.is_empty() {
            "none".into()
        } else {
            d.join(", ")
        }
    );
    o
}

// ----- Omniscient renderings (scenario reports, tests) ----------------------

/// A card as written in positions and scenarios: `"3"`, `"P"`, an action
/// card's type id; `"[3]"` when it lies face down.
pub fn card_notation(r: &Rules, k: super::model::Kind, face: Face) -> String {
    let c = r.kind(k);
    let t = if !c.influence {
        c.id.clone()
    } else {
        value_label(r, k)
    };
    match face {
        Face::Down => format!("[{t}]"),
        Face::Up => t,
    }
}

/// The player an event is about, whose eyes show every card it names.
fn event_player(e: &Event) -> Option<usize> {
    let p = match *e {
        Event::MissionDealt { player, .. }
        | Event::SetupPlaced { player, .. }
        | Event::Placed { player, .. }
        | Event::Drew { player, .. }
        | Event::Looked { player, .. }
        | Event::Taken { player, .. } => player,
        _ => return None,
    };
    Some(p as usize)
}

/// An event in words with every card named, face-down ones included (for
/// scenario reports: a reader checks the numbers against the rulebook).
pub fn event_text_all(r: &Rules, e: &Event) -> String {
    event_text(r, e, event_player(e))
}

/// A phase in words.
pub fn phase_words(ph: Phase) -> &'static str {
    match ph {
        Phase::ArrangeActions => "ordering the action reserve",
        Phase::SetupPlace => "setting up",
        Phase::TurnStart => "start of the turn",
        Phase::Placing => "placing influence",
        Phase::Refill => "refilling the hand",
        Phase::PassiveDiscard => "passive turn, discarding",
        Phase::BeforeVote => "before the vote card",
        Phase::LonePlaceAll => "placing all influence, alone",
        Phase::Effect => "resolving an action card",
        Phase::GameOver => "game over",
    }
}

/// One side of a group: face-up cards, then face-down ones in brackets.
pub fn side_notation(s: &State, g: usize, p: usize) -> Vec<String> {
    let r = s.rules();
    let gs = s.group(g);
    let mut out = Vec::new();
    for face in [Face::Up, Face::Down] {
        let f = super::state::face_ix(face);
        for &k in &r.influence_kinds {
            for _ in 0..gs.cards[p][f][k.ix()] {
                out.push(card_notation(r, k, face));
            }
        }
    }
    out
}

fn counts_notation(r: &Rules, counts: &super::model::Counts) -> Vec<String> {
    let mut out = Vec::new();
    for (k, &n) in counts.iter().enumerate().take(r.kinds.len()) {
        for _ in 0..n {
            out.push(card_notation(r, super::model::Kind(k as u8), Face::Up));
        }
    }
    out
}

fn list_or(items: &[String], empty: &str) -> String {
    if items.is_empty() {
        empty.to_string()
    } else {
        items.join(", ")
    }
}

/// The whole table with every card shown (face-down cards in brackets,
/// hands, the top of the reserves, the vote deck in order): not what a
/// player sees, but what a reader of a scenario checks.
pub fn table_text(s: &State) -> String {
    let r = s.rules();
    let mut o = String::new();
    let seat = &r.factions[s.seat()].name;
    match s.phase() {
        Phase::GameOver => {
            let why = s
                .end_reason_of()
                .map_or("over".to_string(), |e| e.label().replace('_', " "));
            let _ = writeln!(o, "Game over ({why}).");
        }
        ph => {
            let actor = s.actor();
            let who = if actor == s.seat() {
                format!("{seat} to act")
            } else {
                format!("{seat}'s turn, {} to answer", r.factions[actor].name)
            };
            let _ = writeln!(
                o,
                "Turn {}: {who} ({}).",
                s.turn_number() + 1,
                phase_words(ph)
            );
        }
    }
    let _ = writeln!(
        o,
        "{:<10} {:>5}  {:<22} {}",
        "group", "left", r.factions[0].name, r.factions[1].name
    );
    for (g, gd) in r.groups.iter().enumerate() {
        let gs = s.group(g);
        let cols = [0, 1].map(|p| {
            let v = side_notation(s, g, p);
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(" ")
            }
        });
        let left = if gs.exhausted() {
            "won".to_string()
        } else {
            format!("{}/{}", gs.left, gd.size)
        };
        let frozen = if gs.frozen {
            "   (tied extraordinary vote: no influence may be added)"
        } else {
            ""
        };
        let line = format!(
            "{:<10} {:>5}  {:<22} {}{frozen}",
            gd.name, left, cols[0], cols[1]
        );
        let _ = writeln!(o, "{}", line.trim_end());
    }
    for p in 0..2 {
        let z = s.zones(p);
        let name = &r.factions[p].name;
        let hand: Vec<String> = (0..r.kinds.len())
            .flat_map(|k| {
                let kind = super::model::Kind(k as u8);
                let label = if r.is_influence(kind) {
                    value_label(r, kind)
                } else {
                    r.card_name(p, kind).to_string()
                };
                std::iter::repeat_n(label, z.hand[k] as usize)
            })
            .collect();
        let top = |pile: &[super::model::Kind]| -> String {
            if pile.is_empty() {
                return "0".into();
            }
            let shown: Vec<String> = pile
                .iter()
                .rev()
                .take(5)
                .map(|&k| card_notation(r, k, Face::Up))
                .collect();
            let more = if pile.len() > 5 { ", ..." } else { "" };
            format!("{} (top first: {}{more})", pile.len(), shown.join(", "))
        };
        let won: Vec<String> = r
            .groups
            .iter()
            .enumerate()
            .filter(|(g, _)| z.won[*g] > 0)
            .map(|(g, gd)| format!("{} {}", z.won[g], gd.name))
            .collect();
        let missions: Vec<String> = z
            .missions
            .iter()
            .map(|&m| r.missions[m as usize].name.clone())
            .collect();
        let discard: u32 = z.discard.iter().map(|&n| n as u32).sum();
        let _ = writeln!(o, "{name}:");
        let _ = writeln!(o, "  hand: {}", list_or(&hand, "(empty)"));
        let _ = writeln!(
            o,
            "  reserves: influence {}; action {}",
            top(&z.influence_reserve),
            top(&z.action_reserve)
        );
        let removed = counts_notation(r, &z.removed);
        let _ = writeln!(
            o,
            "  discard pile: {discard} card{}{}",
            if discard == 1 { "" } else { "s" },
            if removed.is_empty() {
                String::new()
            } else {
                format!("; out of the game: {}", removed.join(", "))
            }
        );
        let _ = writeln!(
            o,
            "  won: {}; mission: {}",
            list_or(&won, "none"),
            list_or(&missions, "none")
        );
    }
    let names = |cards: &[u8]| -> Vec<String> {
        cards
            .iter()
            .map(|&c| r.vote_cards[c as usize].name.clone())
            .collect()
    };
    let pile: Vec<u8> = s.vote_pile.iter().rev().copied().collect();
    let _ = writeln!(
        o,
        "Vote deck (top first): {}",
        list_or(&names(&pile), "empty")
    );
    let _ = writeln!(
        o,
        "Vote cards turned up: {}; out of the game: {}",
        list_or(&names(s.vote_discard()), "none"),
        list_or(&names(s.vote_removed()), "none")
    );
    if let Some(l) = s.lone_player() {
        let _ = writeln!(o, "{} plays on alone.", r.factions[l].name);
    }
    o
}

/// Each player's points, item by item as the rulebook counts them, and the
/// result (the winner, or the leader while the game goes on).
pub fn score_text(s: &State) -> String {
    let r = s.rules();
    let sc = &r.scoring;
    let mut o = String::new();
    let score = s.score();
    for p in 0..2 {
        let z = s.zones(p);
        let mut lines = Vec::new();
        let mut sum = 0;
        for (g, gd) in r.groups.iter().enumerate() {
            let won = z.won[g] as u32;
            if won == 0 {
                continue;
            }
            let mut parts = vec![format!(
                "{won} patrician{} +{}",
                if won == 1 { "" } else { "s" },
                won * sc.per_patrician
            )];
            let mut t = won * sc.per_patrician;
            if won >= gd.majority as u32 {
                parts.push(format!("majority +{}", sc.majority_bonus));
                t += sc.majority_bonus;
            }
            if won == gd.size as u32 {
                parts.push(format!("whole group +{}", sc.whole_group_bonus));
                t += sc.whole_group_bonus;
            }
            sum += t;
            lines.push(format!("  {}: {} = {t}", gd.name, parts.join(", ")));
        }
        for &m in &z.missions {
            let m = &r.missions[m as usize];
            let has = z.won[m.group as usize];
            let gname = &r.groups[m.group as usize].name;
            if has >= m.at_least {
                sum += sc.mission_bonus;
                lines.push(format!(
                    "  mission {} (at least {} {gname}): {has} won, fulfilled +{}",
                    m.name, m.at_least, sc.mission_bonus
                ));
            } else {
                lines.push(format!(
                    "  mission {} (at least {} {gname}): {has} won, {} +0",
                    m.name,
                    m.at_least,
                    if s.phase() == Phase::GameOver {
                        "failed"
                    } else {
                        "not fulfilled"
                    }
                ));
            }
        }
        let check = if sum == score[p] {
            String::new()
        } else {
            format!(" (the items above add up to {sum})")
        };
        let pl = |n: u32| if n == 1 { "" } else { "s" };
        let _ = writeln!(
            o,
            "{}: {} point{}, {} patrician{}{check}",
            r.factions[p].name,
            score[p],
            pl(score[p]),
            s.patricians_won(p),
            pl(s.patricians_won(p))
        );
        for l in lines {
            let _ = writeln!(o, "{l}");
        }
    }
    let name = |p: usize| r.factions[p].name.as_str();
    let over = s.phase() == Phase::GameOver;
    let lead = s.leader();
    let verb = if over { "wins" } else { "leads" };
    let line = match lead {
        Some(p) if score[0] != score[1] => {
            format!("{} {verb}, {} to {}.", name(p), score[p], score[1 - p])
        }
        Some(p) => format!(
            "Equal on points ({} each): {} {verb} on the tie-break, {} patricians to {}.",
            score[0],
            name(p),
            s.patricians_won(p),
            s.patricians_won(1 - p)
        ),
        None if score[0] == score[1] && s.patricians_won(0) != s.patricians_won(1) => {
            format!(
                "Equal on points ({} each); the rules give no tie-break: {}.",
                score[0],
                if over { "a draw" } else { "level" }
            )
        }
        None => format!(
            "Equal on points ({} each) and on patricians ({} each): {}.",
            score[0],
            s.patricians_won(0),
            if over { "a draw" } else { "level" }
        ),
    };
    let _ = writeln!(
        o,
        "{}{line}",
        if over {
            "Result: "
        } else {
            "The game goes on. "
        }
    );
    o
}
