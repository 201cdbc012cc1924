//! Moves, events and the score in the player's language, through the
//! message catalogue ([`super::i18n`]); in English they read as
//! `games::caesar_cleopatra::text`, which saves and reports keep using.

use crate::games::caesar_cleopatra::events::{Event, VoteOutcome};
use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::{Move, Phase, Reserve, State, Target};

use super::WORDS;
use super::render::value_label;
use crate::play::i18n::Lang;

/// `face down` / `face up`.
pub fn face(lang: Lang, f: Face) -> String {
    WORDS.t(
        lang,
        match f {
            Face::Down => "face-down",
            Face::Up => "face-up",
        },
    )
}

fn group(r: &Rules, g: u8) -> &str {
    &r.groups[g as usize].name
}

/// A move of `player`, in words.
pub fn move_words(lang: Lang, r: &Rules, player: usize, m: Move) -> String {
    let name = |k| r.card_name(player, k);
    match m {
        Move::ArrangeAction(k) => w!(lang, "move-arrange", card = name(k)),
        Move::SetupPlace(k) => w!(
            lang,
            "move-setup",
            card = name(k),
            value = value_label(r, k)
        ),
        Move::Pass => WORDS.t(lang, "move-pass"),
        Move::Place {
            kind,
            group: g,
            face: f,
        } => w!(
            lang,
            "move-place",
            card = name(kind),
            value = value_label(r, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Move::EndPlacement => WORDS.t(lang, "move-end-placement"),
        Move::PlayAction(k) => w!(lang, "move-play", card = name(k)),
        Move::Discard(k) => w!(lang, "move-discard", card = name(k)),
        Move::EndDiscard => WORDS.t(lang, "move-end-discard"),
        Move::Draw(Reserve::Influence) => WORDS.t(lang, "move-draw-influence"),
        Move::Draw(Reserve::Action) => WORDS.t(lang, "move-draw-action"),
        Move::DrawVote => WORDS.t(lang, "move-vote"),
        Move::Choose(t) => w!(lang, "move-choose", target = target_words(lang, r, t)),
        Move::Decline => WORDS.t(lang, "move-decline"),
    }
}

/// An action card's target, in words.
pub fn target_words(lang: Lang, r: &Rules, t: Target) -> String {
    match t {
        Target::Group(g) => w!(lang, "target-group", group = group(r, g)),
        Target::TableCard {
            owner,
            group: g,
            kind,
            face: f,
        } => w!(
            lang,
            "target-table",
            owner = r.factions[owner as usize].name.as_str(),
            card = r.card_name(owner as usize, kind),
            value = value_label(r, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Target::HandCard { owner, kind } => w!(
            lang,
            "target-hand",
            owner = r.factions[owner as usize].name.as_str(),
            card = r.card_name(owner as usize, kind)
        ),
    }
}

/// A phase in words.
pub fn phase_words(lang: Lang, ph: Phase) -> String {
    WORDS.t(
        lang,
        match ph {
            Phase::ArrangeActions => "phase-arrange",
            Phase::SetupPlace => "phase-setup",
            Phase::TurnStart => "phase-turn-start",
            Phase::Placing => "phase-placing",
            Phase::Refill => "phase-refill",
            Phase::PassiveDiscard => "phase-passive",
            Phase::BeforeVote => "phase-before-vote",
            Phase::LonePlaceAll => "phase-lone",
            Phase::Effect => "phase-effect",
            Phase::GameOver => "phase-game-over",
        },
    )
}

/// The player an event is about: his eyes see every card it names.
fn event_player(e: &Event) -> Option<usize> {
    match *e {
        Event::MissionDealt { player, .. }
        | Event::SetupPlaced { player, .. }
        | Event::Placed { player, .. }
        | Event::Drew { player, .. }
        | Event::Looked { player, .. }
        | Event::Taken { player, .. } => Some(player as usize),
        _ => None,
    }
}

/// An event in words as `viewer` may see it (`None`: every card shown,
/// for watching and replays without `--as`).
pub fn event_words(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    let viewer = viewer.or_else(|| event_player(e));
    let show = e.kind_visible_to(viewer);
    let who = |p: u8| r.factions[p as usize].name.as_str();
    let card = |p: u8, k: Kind| {
        if !show {
            WORDS.t(lang, "a-card")
        } else if r.is_influence(k) {
            format!("{} ({})", r.card_name(p as usize, k), value_label(r, k))
        } else {
            r.card_name(p as usize, k).to_string()
        }
    };
    let action = |p: u8, k: Kind| r.card_name(p as usize, k).to_string();
    match *e {
        Event::MissionDealt { player, mission } if show => w!(
            lang,
            "ev-mission",
            who = who(player),
            mission = r.missions[mission as usize].name.as_str()
        ),
        Event::MissionDealt { player, .. } => w!(lang, "ev-mission-hidden", who = who(player)),
        Event::ActionReserveArranged { player } => w!(lang, "ev-arranged", who = who(player)),
        Event::SetupPlaced {
            player,
            group: g,
            kind,
        } => w!(
            lang,
            "ev-setup",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::TurnBegan { turn, player } => w!(lang, "ev-turn", turn = turn, who = who(player)),
        Event::WentPassive { player } => w!(lang, "ev-passive", who = who(player)),
        Event::Placed {
            player,
            group: g,
            kind,
            face: f,
        } => w!(
            lang,
            "ev-placed",
            who = who(player),
            card = card(player, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Event::Discarded { player, kind } => w!(
            lang,
            "ev-discarded",
            who = who(player),
            card = card(player, kind)
        ),
        Event::Drew {
            player,
            reserve,
            kind,
        } => {
            let from = WORDS.t(
                lang,
                match reserve {
                    Reserve::Influence => "reserve-influence",
                    Reserve::Action => "reserve-action",
                },
            );
            if show {
                w!(
                    lang,
                    "ev-drew",
                    who = who(player),
                    card = card(player, kind),
                    from = from
                )
            } else {
                w!(lang, "ev-drew-hidden", who = who(player), from = from)
            }
        }
        Event::VoteCardDrawn { card: c } => w!(
            lang,
            "ev-vote-card",
            card = r.vote_cards[c as usize].name.as_str()
        ),
        Event::VoteCardRemoved { card: c } => w!(
            lang,
            "ev-vote-removed",
            card = r.vote_cards[c as usize].name.as_str()
        ),
        Event::VoteDeckShuffled => WORDS.t(lang, "ev-shuffled"),
        Event::OrgyRemoved { card: c } => w!(
            lang,
            "ev-orgy-removed",
            card = r.vote_cards[c as usize].name.as_str()
        ),
        Event::Vote {
            group: g,
            extraordinary,
            totals,
            outcome,
        } => {
            let result = match outcome {
                VoteOutcome::Tie => WORDS.t(lang, "vote-tie"),
                VoteOutcome::Postponed => WORDS.t(lang, "vote-postponed"),
                VoteOutcome::Won { winner, inverted } => w!(
                    lang,
                    if inverted {
                        "vote-won-inverted"
                    } else {
                        "vote-won"
                    },
                    who = who(winner)
                ),
            };
            w!(
                lang,
                if extraordinary {
                    "ev-vote-extraordinary"
                } else {
                    "ev-vote"
                },
                group = group(r, g),
                p0 = who(0),
                t0 = totals[0],
                p1 = who(1),
                t1 = totals[1],
                result = result
            )
        }
        Event::Revealed {
            player,
            group: g,
            kind,
        } => w!(
            lang,
            "ev-revealed",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::InfluenceLost {
            player,
            group: g,
            kind,
        } => w!(
            lang,
            "ev-influence-lost",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::PatricianWon { player, group: g } => {
            w!(lang, "ev-patrician", who = who(player), group = group(r, g))
        }
        Event::GroupExhausted { group: g } => w!(lang, "ev-exhausted", group = group(r, g)),
        Event::LonePlayer { player } => {
            w!(lang, "ev-lone", other = who(1 - player), who = who(player))
        }
        Event::ActionPlayed {
            player,
            kind,
            reaction,
        } => w!(
            lang,
            if reaction {
                "ev-action-answer"
            } else {
                "ev-action-played"
            },
            who = who(player),
            card = action(player, kind)
        ),
        Event::ActionResolved {
            player,
            kind,
            fizzled,
        } => w!(
            lang,
            if fizzled {
                "ev-action-fizzled"
            } else {
                "ev-action-resolved"
            },
            card = action(player, kind)
        ),
        Event::ActionCancelled { player, kind } => {
            w!(lang, "ev-action-cancelled", card = action(player, kind))
        }
        Event::Looked {
            player,
            owner,
            ref cards,
        } => {
            if show {
                let names: Vec<String> = cards.iter().map(|&k| card(owner, k)).collect();
                w!(
                    lang,
                    "ev-looked",
                    who = who(player),
                    owner = who(owner),
                    cards = names.join(", ")
                )
            } else {
                w!(
                    lang,
                    "ev-looked-hidden",
                    who = who(player),
                    owner = who(owner)
                )
            }
        }
        Event::CardRemoved {
            player,
            group: g,
            kind,
        } => match g {
            Some(g) => w!(
                lang,
                "ev-removed-at",
                owner = who(player),
                card = card(player, kind),
                group = group(r, g)
            ),
            None => w!(
                lang,
                "ev-removed",
                owner = who(player),
                card = card(player, kind)
            ),
        },
        Event::Taken {
            player,
            group: g,
            kind,
            ..
        } => w!(
            lang,
            "ev-taken",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::GameOver { reason, scores } => w!(
            lang,
            "ev-game-over",
            reason = WORDS.t(lang, &format!("end-{}", reason.label())),
            p0 = who(0),
            s0 = scores[0],
            p1 = who(1),
            s1 = scores[1]
        ),
    }
}

/// Each player's points, item by item as the rulebook counts them, and the
/// result (the winner, or the leader while the game goes on).
pub fn score_words(lang: Lang, s: &State) -> String {
    let mut o = String::new();
    for p in 0..2 {
        o.push_str(&score_of(lang, s, p));
    }
    o.push_str(&result_words(lang, s));
    o.push('\n');
    o
}

/// One player's points and their items.
fn score_of(lang: Lang, s: &State, p: usize) -> String {
    let r = s.rules();
    let sc = &r.scoring;
    let z = s.zones(p);
    let mut lines = Vec::new();
    let mut sum = 0;
    for (g, gd) in r.groups.iter().enumerate() {
        let won = z.won[g] as u32;
        if won == 0 {
            continue;
        }
        let mut t = won * sc.per_patrician;
        let mut parts = vec![w!(
            lang,
            "score-patricians",
            n = won,
            pts = won * sc.per_patrician
        )];
        if won >= gd.majority as u32 {
            parts.push(w!(lang, "score-majority", pts = sc.majority_bonus));
            t += sc.majority_bonus;
        }
        if won == gd.size as u32 {
            parts.push(w!(lang, "score-whole", pts = sc.whole_group_bonus));
            t += sc.whole_group_bonus;
        }
        sum += t;
        lines.push(format!("  {}: {} = {t}", gd.name, parts.join(", ")));
    }
    for &m in &z.missions {
        let m = &r.missions[m as usize];
        let has = z.won[m.group as usize];
        let (id, pts) = if has >= m.at_least {
            sum += sc.mission_bonus;
            ("score-mission-fulfilled", sc.mission_bonus)
        } else if s.phase() == Phase::GameOver {
            ("score-mission-failed", 0)
        } else {
            ("score-mission-open", 0)
        };
        let line = w!(
            lang,
            id,
            mission = m.name.as_str(),
            n = m.at_least,
            group = group(r, m.group),
            has = has,
            pts = pts
        );
        lines.push(format!("  {line}"));
    }
    let score = s.score()[p];
    let check = if sum == score {
        String::new()
    } else {
        format!(" {}", w!(lang, "score-check", sum = sum))
    };
    let head = w!(
        lang,
        "score-head",
        who = r.factions[p].name.as_str(),
        points = score,
        pats = s.patricians_won(p)
    );
    let mut o = format!("{head}{check}\n");
    for l in lines {
        o.push_str(&l);
        o.push('\n');
    }
    o
}

/// `Result: Caesar wins, 14 to 11.`, or who leads while the game goes on.
fn result_words(lang: Lang, s: &State) -> String {
    let r = s.rules();
    let score = s.score();
    let name = |p: usize| r.factions[p].name.as_str();
    let over = if s.phase() == Phase::GameOver {
        "yes"
    } else {
        "no"
    };
    let pats = |p: usize| s.patricians_won(p);
    let line = match s.leader() {
        Some(p) if score[0] != score[1] => w!(
            lang,
            "result-lead",
            over = over,
            who = name(p),
            a = score[p],
            b = score[1 - p]
        ),
        Some(p) => w!(
            lang,
            "result-tie-break",
            over = over,
            pts = score[0],
            who = name(p),
            a = pats(p),
            b = pats(1 - p)
        ),
        None if score[0] == score[1] && pats(0) != pats(1) => {
            w!(lang, "result-no-tie-break", over = over, pts = score[0])
        }
        None => w!(
            lang,
            "result-draw",
            over = over,
            pts = score[0],
            pats = pats(0)
        ),
    };
    format!(
        "{} {line}",
        WORDS.t(
            lang,
            if over == "yes" {
                "result"
            } else {
                "result-going-on"
            }
        )
    )
}

/// The action card whose effect event `i` of `events` belongs to: the
/// innermost one played before it and neither resolved nor cancelled
/// yet (its player and kind), if any.
pub fn cause(events: &[Event], i: usize) -> Option<(u8, Kind)> {
    let mut closed: Vec<(u8, Kind)> = Vec::new();
    for e in events[..i.min(events.len())].iter().rev() {
        match *e {
            Event::TurnBegan { .. } => return None,
            Event::ActionResolved { player, kind, .. }
            | Event::ActionCancelled { player, kind } => closed.push((player, kind)),
            Event::ActionPlayed { player, kind, .. } => {
                match closed.iter().position(|&c| c == (player, kind)) {
                    Some(at) => {
                        closed.remove(at);
                    }
                    None => return Some((player, kind)),
                }
            }
            _ => {}
        }
    }
    None
}

/// Event `i` of the log `events` as `viewer` may see it, as
/// [`event_words`] tells it, except that a card an action card's effect
/// discards, removes or turns up is told with the card that did it
/// (`<seat>'s <action card> sends <seat>'s <card> at the <group> to the
/// discard pile`).
pub fn logged_event_words(
    lang: Lang,
    r: &Rules,
    events: &[Event],
    i: usize,
    viewer: Option<usize>,
) -> String {
    let e = &events[i];
    let Some((by, by_kind)) = cause(events, i) else {
        return event_words(lang, r, e, viewer);
    };
    let show = e.kind_visible_to(viewer.or_else(|| event_player(e)));
    let who = |p: u8| r.factions[p as usize].name.as_str();
    let card = |p: u8, k: Kind| {
        if !show {
            WORDS.t(lang, "a-card")
        } else if r.is_influence(k) {
            format!("{} ({})", r.card_name(p as usize, k), value_label(r, k))
        } else {
            r.card_name(p as usize, k).to_string()
        }
    };
    let bywho = who(by);
    let bycard = r.card_name(by as usize, by_kind);
    match *e {
        Event::Discarded { player, kind } => w!(
            lang,
            "ev-discarded-by",
            bywho = bywho,
            bycard = bycard,
            who = who(player),
            card = card(player, kind)
        ),
        Event::InfluenceLost {
            player,
            group: g,
            kind,
        } => w!(
            lang,
            "ev-influence-lost-by",
            bywho = bywho,
            bycard = bycard,
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::CardRemoved {
            player,
            group: Some(g),
            kind,
        } => w!(
            lang,
            "ev-removed-at-by",
            bywho = bywho,
            bycard = bycard,
            owner = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::CardRemoved {
            player,
            group: None,
            kind,
        } => w!(
            lang,
            "ev-removed-by",
            bywho = bywho,
            bycard = bycard,
            owner = who(player),
            card = card(player, kind)
        ),
        Event::Revealed {
            player,
            group: g,
            kind,
        } => w!(
            lang,
            "ev-revealed-by",
            bywho = bywho,
            bycard = bycard,
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        _ => event_words(lang, r, e, viewer),
    }
}
