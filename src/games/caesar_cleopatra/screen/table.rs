//! Caesar & Cleopatra's table as zones of cards (`Playable::table`), for
//! a page that draws it: a zone per group and side, the viewer's hand and
//! mission, the other hand as so many hidden cards; the vote deck, the
//! reserves and the points as the board's lines. The same cards as the
//! board ([`super::render::board`]) shows the seat; a spectator sees only
//! the face-up cards and the points anyone can count.

use super::WORDS;
use super::render::{board_public, board_title, card_label, points, public_score, value_label};
use crate::games::caesar_cleopatra::State;
use crate::games::caesar_cleopatra::model::{Face, Kind};
use crate::games::caesar_cleopatra::state::face_ix;
use crate::play::i18n::Lang;
use crate::play::render::Style;
use crate::play::table::{CardView, TableView, Viewer, Zone, ZoneKind};

/// The table as `viewer` sees it.
pub fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
    let mut zones = Vec::new();
    for g in 0..s.rules().groups.len() {
        for p in 0..2 {
            zones.push(group_side(s, g, p, viewer, lang));
        }
    }
    for p in 0..2 {
        zones.push(hand(s, p, viewer));
    }
    if let Viewer::Seat(v) = viewer {
        zones.push(missions(s, v, lang));
    }
    let lines = match viewer {
        Viewer::Seat(v) => board_public(s, Some(v), Style { color: false, lang }),
        Viewer::Spectator => public_lines(s, lang),
    };
    TableView {
        title: board_title(s, lang),
        zones,
        lines: lines.lines().map(|l| l.trim().to_string()).collect(),
    }
}

/// Seat `p`'s cards at group `g`: face up, then face down (their value
/// for their owner only); the group's state as its note, on the first
/// side's zone.
fn group_side(s: &State, g: usize, p: usize, viewer: Viewer, lang: Lang) -> Zone {
    let r = s.rules();
    let gs = s.group(g);
    let gd = &r.groups[g];
    let mut cards = Vec::new();
    for face in [Face::Up, Face::Down] {
        for &k in &r.influence_kinds {
            for _ in 0..gs.cards[p][face_ix(face)][k.ix()] {
                let seen = face == Face::Up || viewer == Viewer::Seat(p);
                cards.push(if seen {
                    CardView {
                        face: Some(r.card_name(p, k).to_string()),
                        value: Some(value_label(r, k)),
                        seat: Some(p),
                        down: face == Face::Down,
                    }
                } else {
                    CardView::hidden(Some(p))
                });
            }
        }
    }
    let note = if p > 0 {
        String::new()
    } else {
        let left = if gs.exhausted() {
            WORDS.t(lang, "all-won")
        } else {
            format!("{}/{}", gs.left, gd.size)
        };
        let won = format!("{}:{}", s.zones(0).won[g], s.zones(1).won[g]);
        let mut total = format!("{}/{}", gs.total(), r.limits.per_group);
        if gs.frozen {
            total = format!("{total} {}", WORDS.t(lang, "frozen"));
        }
        let t = |id: &str| WORDS.t(lang, id);
        format!(
            "{} {left} · {} {won} · {} {total}",
            t("col-left"),
            t("col-won"),
            t("col-cards")
        )
    };
    Zone {
        kind: ZoneKind::Table,
        label: gd.name.clone(),
        note,
        seat: Some(p),
        cards,
    }
}

/// Seat `p`'s hand: its cards for `p`, else as many hidden cards.
fn hand(s: &State, p: usize, viewer: Viewer) -> Zone {
    let r = s.rules();
    let z = s.zones(p);
    let cards = if viewer == Viewer::Seat(p) {
        (0..r.kinds.len())
            .flat_map(|k| {
                let kind = Kind(k as u8);
                let card = CardView {
                    face: Some(card_label(r, p, kind)),
                    value: r.is_influence(kind).then(|| value_label(r, kind)),
                    seat: Some(p),
                    down: false,
                };
                std::iter::repeat_n(card, z.hand[k] as usize)
            })
            .collect()
    } else {
        vec![CardView::hidden(Some(p)); z.hand_len as usize]
    };
    Zone {
        kind: ZoneKind::Hand,
        label: r.factions[p].name.clone(),
        note: String::new(),
        seat: Some(p),
        cards,
    }
}

/// Seat `v`'s secret mission cards.
fn missions(s: &State, v: usize, lang: Lang) -> Zone {
    let r = s.rules();
    let cards = s
        .zones(v)
        .missions
        .iter()
        .map(|&m| {
            let m = &r.missions[m as usize];
            CardView {
                face: Some(w!(
                    lang,
                    "mission-line",
                    mission = m.name.as_str(),
                    n = m.at_least,
                    group = r.groups[m.group as usize].name.as_str(),
                    won = s.zones(v).won[m.group as usize]
                )),
                value: None,
                seat: Some(v),
                down: true,
            }
        })
        .collect();
    Zone {
        kind: ZoneKind::Other,
        label: WORDS.t(lang, "zone-mission"),
        note: String::new(),
        seat: Some(v),
        cards,
    }
}

/// What a spectator reads beside the cards: the vote deck, the reserves,
/// the points anyone can count (the missions' at the end).
fn public_lines(s: &State, lang: Lang) -> String {
    let r = s.rules();
    let name = |p: usize| r.factions[p].name.as_str();
    let over = s.phase() == crate::games::caesar_cleopatra::Phase::GameOver;
    let up = s.vote_discard().len();
    let mut o = w!(lang, "vote-deck", n = s.vote_pile_len(), up = up) + ".\n";
    o += &(super::render::reserves(s, lang) + "\n");
    let score = s.score();
    let parts: Vec<String> = (0..2)
        .map(|p| {
            let pts = if over {
                w!(lang, "points-now", points = points(lang, score[p]))
            } else {
                w!(
                    lang,
                    "points-now-secret",
                    points = points(lang, public_score(s, p)),
                    bonus = r.scoring.mission_bonus
                )
            };
            format!("{} {pts}", name(p))
        })
        .collect();
    let list = parts.join(&WORDS.t(lang, "list-sep"));
    o + &w!(lang, "won", list = list) + "\n"
}
