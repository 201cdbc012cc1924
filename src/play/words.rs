//! Moves, events and the score in the player's language, through the
//! message catalogue ([`super::i18n`]); in English they read as
//! `games::caesar_cleopatra::text`, which saves and reports keep using.

use crate::games::caesar_cleopatra::events::{Event, VoteOutcome};
use crate::games::caesar_cleopatra::model::{Face, Kind, Rules};
use crate::games::caesar_cleopatra::{Move, Phase, Reserve, State, Target};
use crate::tr;

use super::i18n::Lang;
use super::render::value_label;

/// `face down` / `face up`.
pub fn face(lang: Lang, f: Face) -> String {
    lang.t(match f {
        Face::Down => "face-down",
        Face::Up => "face-up",
    })
}

fn group(r: &Rules, g: u8) -> &str {
    &r.groups[g as usize].name
}

/// A move of `player`, in words.
pub fn move_words(lang: Lang, r: &Rules, player: usize, m: Move) -> String {
    let name = |k| r.card_name(player, k);
    match m {
        Move::ArrangeAction(k) => tr!(lang, "move-arrange", card = name(k)),
        Move::SetupPlace(k) => tr!(
            lang,
            "move-setup",
            card = name(k),
            value = value_label(r, k)
        ),
        Move::Pass => lang.t("move-pass"),
        Move::Place {
            kind,
            group: g,
            face: f,
        } => tr!(
            lang,
            "move-place",
            card = name(kind),
            value = value_label(r, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Move::EndPlacement => lang.t("move-end-placement"),
        Move::PlayAction(k) => tr!(lang, "move-play", card = name(k)),
        Move::Discard(k) => tr!(lang, "move-discard", card = name(k)),
        Move::EndDiscard => lang.t("move-end-discard"),
        Move::Draw(Reserve::Influence) => lang.t("move-draw-influence"),
        Move::Draw(Reserve::Action) => lang.t("move-draw-action"),
        Move::DrawVote => lang.t("move-vote"),
        Move::Choose(t) => tr!(lang, "move-choose", target = target_words(lang, r, t)),
        Move::Decline => lang.t("move-decline"),
    }
}

/// An action card's target, in words.
pub fn target_words(lang: Lang, r: &Rules, t: Target) -> String {
    match t {
        Target::Group(g) => tr!(lang, "target-group", group = group(r, g)),
        Target::TableCard {
            owner,
            group: g,
            kind,
            face: f,
        } => tr!(
            lang,
            "target-table",
            owner = r.factions[owner as usize].name.as_str(),
            card = r.card_name(owner as usize, kind),
            value = value_label(r, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Target::HandCard { owner, kind } => tr!(
            lang,
            "target-hand",
            owner = r.factions[owner as usize].name.as_str(),
            card = r.card_name(owner as usize, kind)
        ),
    }
}

/// A phase in words.
pub fn phase_words(lang: Lang, ph: Phase) -> String {
    lang.t(match ph {
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
    })
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
            lang.t("a-card")
        } else if r.is_influence(k) {
            format!("{} ({})", r.card_name(p as usize, k), value_label(r, k))
        } else {
            r.card_name(p as usize, k).to_string()
        }
    };
    let action = |p: u8, k: Kind| r.card_name(p as usize, k).to_string();
    match *e {
        Event::MissionDealt { player, mission } if show => tr!(
            lang,
            "ev-mission",
            who = who(player),
            mission = r.missions[mission as usize].name.as_str()
        ),
        Event::MissionDealt { player, .. } => tr!(lang, "ev-mission-hidden", who = who(player)),
        Event::ActionReserveArranged { player } => tr!(lang, "ev-arranged", who = who(player)),
        Event::SetupPlaced {
            player,
            group: g,
            kind,
        } => tr!(
            lang,
            "ev-setup",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::TurnBegan { turn, player } => tr!(lang, "ev-turn", turn = turn, who = who(player)),
        Event::WentPassive { player } => tr!(lang, "ev-passive", who = who(player)),
        Event::Placed {
            player,
            group: g,
            kind,
            face: f,
        } => tr!(
            lang,
            "ev-placed",
            who = who(player),
            card = card(player, kind),
            face = face(lang, f),
            group = group(r, g)
        ),
        Event::Discarded { player, kind } => tr!(
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
            let from = lang.t(match reserve {
                Reserve::Influence => "reserve-influence",
                Reserve::Action => "reserve-action",
            });
            if show {
                tr!(
                    lang,
                    "ev-drew",
                    who = who(player),
                    card = card(player, kind),
                    from = from
                )
            } else {
                tr!(lang, "ev-drew-hidden", who = who(player), from = from)
            }
        }
        Event::VoteCardDrawn { card: c } => tr!(
            lang,
            "ev-vote-card",
            card = r.vote_cards[c as usize].name.as_str()
        ),
        Event::VoteCardRemoved { card: c } => tr!(
            lang,
            "ev-vote-removed",
            card = r.vote_cards[c as usize].name.as_str()
        ),
        Event::VoteDeckShuffled => lang.t("ev-shuffled"),
        Event::OrgyRemoved { card: c } => tr!(
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
                VoteOutcome::Tie => lang.t("vote-tie"),
                VoteOutcome::Postponed => lang.t("vote-postponed"),
                VoteOutcome::Won { winner, inverted } => tr!(
                    lang,
                    if inverted {
                        "vote-won-inverted"
                    } else {
                        "vote-won"
                    },
                    who = who(winner)
                ),
            };
            tr!(
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
        } => tr!(
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
        } => tr!(
            lang,
            "ev-influence-lost",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::PatricianWon { player, group: g } => {
            tr!(lang, "ev-patrician", who = who(player), group = group(r, g))
        }
        Event::GroupExhausted { group: g } => tr!(lang, "ev-exhausted", group = group(r, g)),
        Event::LonePlayer { player } => {
            tr!(lang, "ev-lone", other = who(1 - player), who = who(player))
        }
        Event::ActionPlayed {
            player,
            kind,
            reaction,
        } => tr!(
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
        } => tr!(
            lang,
            if fizzled {
                "ev-action-fizzled"
            } else {
                "ev-action-resolved"
            },
            card = action(player, kind)
        ),
        Event::ActionCancelled { player, kind } => {
            tr!(lang, "ev-action-cancelled", card = action(player, kind))
        }
        Event::Looked {
            player,
            owner,
            ref cards,
        } => {
            if show {
                let names: Vec<String> = cards.iter().map(|&k| card(owner, k)).collect();
                tr!(
                    lang,
                    "ev-looked",
                    who = who(player),
                    owner = who(owner),
                    cards = names.join(", ")
                )
            } else {
                tr!(
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
            Some(g) => tr!(
                lang,
                "ev-removed-at",
                owner = who(player),
                card = card(player, kind),
                group = group(r, g)
            ),
            None => tr!(
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
        } => tr!(
            lang,
            "ev-taken",
            who = who(player),
            card = card(player, kind),
            group = group(r, g)
        ),
        Event::GameOver { reason, scores } => tr!(
            lang,
            "ev-game-over",
            reason = lang.t(&format!("end-{}", reason.label())),
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
        let mut parts = vec![tr!(
            lang,
            "score-patricians",
            n = won,
            pts = won * sc.per_patrician
        )];
        if won >= gd.majority as u32 {
            parts.push(tr!(lang, "score-majority", pts = sc.majority_bonus));
            t += sc.majority_bonus;
        }
        if won == gd.size as u32 {
            parts.push(tr!(lang, "score-whole", pts = sc.whole_group_bonus));
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
        let line = tr!(
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
        format!(" {}", tr!(lang, "score-check", sum = sum))
    };
    let head = tr!(
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
        Some(p) if score[0] != score[1] => tr!(
            lang,
            "result-lead",
            over = over,
            who = name(p),
            a = score[p],
            b = score[1 - p]
        ),
        Some(p) => tr!(
            lang,
            "result-tie-break",
            over = over,
            pts = score[0],
            who = name(p),
            a = pats(p),
            b = pats(1 - p)
        ),
        None if score[0] == score[1] && pats(0) != pats(1) => {
            tr!(lang, "result-no-tie-break", over = over, pts = score[0])
        }
        None => tr!(
            lang,
            "result-draw",
            over = over,
            pts = score[0],
            pats = pats(0)
        ),
    };
    format!(
        "{} {line}",
        lang.t(if over == "yes" {
            "result"
        } else {
            "result-going-on"
        })
    )
}
