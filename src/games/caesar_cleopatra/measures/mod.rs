//! What the designer's report measures of a game of Caesar & Cleopatra
//! beyond the generic outcome, scores and length: votes, orgies, action
//! cards and their vetoes, patricians won and majorities per group,
//! missions (`sim::Simulated`); and how the report shows them
//! (`report::Reported`: `report.rs`, `html.rs`). docs/simulate.md says
//! how each measure is computed.

mod html;
mod report;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::model::MAX_GROUPS;
use super::{CaesarCleopatra, Rules, State};
use crate::engine::seed::AgentRng;
use crate::engine::{GameState, Scored};
use crate::sim::{Hist, Meta, Outcome, RatioSums, Simulated};

/// The per-game counts of the state's `Counters`, in report order: JSON
/// id and a description.
pub const COUNTERS: [(&str, &str); 10] = [
    ("votes", "votes held"),
    ("extraordinary_votes", "extraordinary votes"),
    ("ties", "votes tied (nothing moved)"),
    ("orgies", "orgies turned up"),
    ("reshuffles", "vote deck reshuffles"),
    ("actions_played", "action cards played"),
    ("actions_vetoed", "action cards vetoed"),
    ("reactions", "reaction cards played"),
    ("action_swings", "action cards that swung a vote"),
    ("lead_changes", "lead changes"),
];
const NC: usize = COUNTERS.len();
/// Indices into [`COUNTERS`].
const C_VOTES: usize = 0;
const C_TIES: usize = 2;
const C_ACTIONS: usize = 5;
const C_VETOED: usize = 6;
const C_SWINGS: usize = 8;

/// This game's measures of one finished game (a CSV row's own columns).
#[derive(Debug, Clone)]
pub struct Record {
    /// Per-game counts, as [`COUNTERS`].
    pub counts: [u32; NC],
    /// Patricians won per group, per seat.
    pub won: ArrayVec<[u8; 2], MAX_GROUPS>,
    /// Whether each seat holds a majority of each group.
    pub majority: ArrayVec<[bool; 2], MAX_GROUPS>,
    /// Missions held at the end: (seat, mission index, fulfilled).
    pub missions: ArrayVec<(u8, u8, bool), 8>,
}

/// This game's sums over games (the report's `totals` keys beside the
/// generic ones: their names and shapes are those of the reports written
/// before the game boundary, so old shards still merge).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sums {
    /// Per-game counts, as [`COUNTERS`].
    pub counts: [Hist; NC],
    /// Per group: patricians won per seat; games with a majority per seat.
    pub won: Vec<[Hist; 2]>,
    pub majority: Vec<[u64; 2]>,
    /// Per mission card (index into the rules' missions): [held, fulfilled].
    pub missions: Vec<[u64; 2]>,
    /// Per seat: [missions held, fulfilled].
    pub mission_seat: [[u64; 2]; 2],
    /// Per game: (actions vetoed, actions played).
    pub vetoed: RatioSums,
    /// Per game: (action swings, actions played and not vetoed).
    pub swings: RatioSums,
    /// Per game: (ties, votes).
    pub tied: RatioSums,
}

/// One patrician group, for reports (`run.groups`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupMeta {
    pub id: String,
    pub name: String,
    pub size: u8,
    pub majority: u8,
}

/// One mission card, for reports (`run.missions`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionMeta {
    pub id: String,
    pub name: String,
    /// The group's id.
    pub group: String,
    pub at_least: u8,
}

fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

impl Simulated for CaesarCleopatra {
    type Sums = Sums;
    type Record = Record;

    /// Two random seats through the kernel's `random_step` (the same
    /// games as the generic loop: `tests/suite/random_games.rs`).
    #[inline]
    fn play_random(
        state: &mut State,
        rngs: &mut [AgentRng],
        buf: &mut Vec<<State as GameState>::Move>,
        note: &mut impl FnMut(usize),
    ) {
        let rngs: &mut [AgentRng; 2] = rngs.try_into().expect("two seats");
        while state.random_step(rngs, buf, note) {}
    }

    fn record(state: &State) -> (Outcome, Record) {
        let c = *state.counters();
        let winner = state.winner();
        let decisive_turn = match (winner, c.ahead) {
            (Some(w), Some(a)) if w == a as usize => Some(c.ahead_since_turn),
            _ => None,
        };
        let outcome = Outcome {
            winner,
            first: state.rules().setup.first_player,
            scores: state.score().iter().map(|&s| i64::from(s)).collect(),
            turns: state.turn_number(),
            end: state.end_reason().unwrap_or("unfinished"),
            decisive_turn,
        };
        let counts = [
            c.votes,
            c.extraordinary_votes,
            c.ties,
            c.orgies,
            c.reshuffles,
            c.actions_played,
            c.actions_cancelled,
            c.reactions,
            c.action_swings,
            c.lead_changes,
        ]
        .map(u32::from);
        let (won, majority) = groups_won(state);
        let record = Record {
            counts,
            won,
            majority,
            missions: missions_held(state),
        };
        (outcome, record)
    }

    fn add(t: &mut Sums, r: &Record) {
        for (h, &c) in t.counts.iter_mut().zip(&r.counts) {
            h.add(c as i64);
        }
        grow(&mut t.won, r.won.len());
        grow(&mut t.majority, r.majority.len());
        for (g, w) in r.won.iter().enumerate() {
            for p in 0..2 {
                t.won[g][p].add(w[p] as i64);
                t.majority[g][p] += r.majority[g][p] as u64;
            }
        }
        for &(seat, m, done) in &r.missions {
            grow(&mut t.missions, m as usize + 1);
            t.missions[m as usize][0] += 1;
            t.missions[m as usize][1] += done as u64;
            t.mission_seat[seat as usize][0] += 1;
            t.mission_seat[seat as usize][1] += done as u64;
        }
        let c = |i: usize| r.counts[i] as u64;
        t.vetoed.add(c(C_VETOED), c(C_ACTIONS));
        t.swings
            .add(c(C_SWINGS), c(C_ACTIONS).saturating_sub(c(C_VETOED)));
        t.tied.add(c(C_TIES), c(C_VOTES));
    }

    fn merge(t: &mut Sums, o: &Sums) {
        for i in 0..2 {
            for j in 0..2 {
                t.mission_seat[i][j] += o.mission_seat[i][j];
            }
        }
        for (a, b) in t.counts.iter_mut().zip(&o.counts) {
            a.merge(b);
        }
        grow(&mut t.won, o.won.len());
        for (a, b) in t.won.iter_mut().zip(&o.won) {
            a[0].merge(&b[0]);
            a[1].merge(&b[1]);
        }
        let add_pairs = |a: &mut Vec<[u64; 2]>, b: &[[u64; 2]]| {
            grow(a, b.len());
            for (x, y) in a.iter_mut().zip(b) {
                x[0] += y[0];
                x[1] += y[1];
            }
        };
        add_pairs(&mut t.majority, &o.majority);
        add_pairs(&mut t.missions, &o.missions);
        t.vetoed.merge(&o.vetoed);
        t.swings.merge(&o.swings);
        t.tied.merge(&o.tied);
    }

    fn meta(rules: &Rules) -> Meta {
        let groups: Vec<GroupMeta> = rules
            .groups
            .iter()
            .map(|g| GroupMeta {
                id: g.id.clone(),
                name: g.name.clone(),
                size: g.size,
                majority: g.majority,
            })
            .collect();
        let missions: Vec<MissionMeta> = rules
            .missions
            .iter()
            .map(|m| MissionMeta {
                id: m.id.clone(),
                name: m.name.clone(),
                group: rules.groups[m.group as usize].id.clone(),
                at_least: m.at_least,
            })
            .collect();
        let mut extra = serde_json::Map::new();
        extra.insert(
            "groups".into(),
            serde_json::to_value(groups).unwrap_or_default(),
        );
        extra.insert(
            "missions".into(),
            serde_json::to_value(missions).unwrap_or_default(),
        );
        Meta {
            game: rules.name.clone(),
            seats: rules.factions.iter().map(|f| f.id.clone()).collect(),
            seat_names: rules.factions.iter().map(|f| f.name.clone()).collect(),
            first_player: rules.setup.first_player,
            extra,
            ..Meta::default()
        }
    }
}

type PerGroup<T> = ArrayVec<[T; 2], MAX_GROUPS>;

/// Patricians won per group and seat, and whether each is a majority.
fn groups_won(state: &State) -> (PerGroup<u8>, PerGroup<bool>) {
    let mut won = ArrayVec::new();
    let mut majority = ArrayVec::new();
    for (g, gd) in state.rules().groups.iter().enumerate() {
        let w = [state.zones(0).won[g], state.zones(1).won[g]];
        won.push(w);
        majority.push([w[0] >= gd.majority, w[1] >= gd.majority]);
    }
    (won, majority)
}

/// The missions held at the end: (seat, mission index, fulfilled).
fn missions_held(state: &State) -> ArrayVec<(u8, u8, bool), 8> {
    let r = state.rules();
    let mut missions = ArrayVec::new();
    for p in 0..2 {
        let z = state.zones(p);
        for &m in &z.missions {
            let md = &r.missions[m as usize];
            let done = z.won[md.group as usize] >= md.at_least;
            let _ = missions.try_push((p as u8, m, done));
        }
    }
    missions
}

/// The groups and missions a report's `run` names.
fn meta_lists(meta: &Meta) -> (Vec<GroupMeta>, Vec<MissionMeta>) {
    let read = |k: &str| meta.extra.get(k).cloned().unwrap_or_default();
    (
        serde_json::from_value(read("groups")).unwrap_or_default(),
        serde_json::from_value(read("missions")).unwrap_or_default(),
    )
}
