//! The heuristic evaluation of a position, and the greedy agent built on it.
//!
//! [`Heuristic::evaluate`] estimates the final score margin of one player
//! (the *viewer*) from what he can see: patricians won, and for each group
//! the chance that he wins its next votes, from his own cards there (face
//! down included), the opponent's face-up cards and an expected value for
//! each of the opponent's face-down cards (the mean of the opponent's
//! influence cards the viewer has not seen). The points a group may still
//! bring (per patrician, majority, whole group, missions: his own, and the
//! opponent's by probability) are averaged over those chances. Cards still
//! to play (hand and reserves) add a small resource term.
//!
//! [`GreedyAgent`] applies each legal move to a few determinizations
//! ([`State::resample`]), finishes its own placement or action card there
//! (the best continuation), and keeps the move with the best mean
//! evaluation.

use crate::engine::agent::Agent;
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Actor, GameState};
use crate::games::caesar_cleopatra::model::{
    Counts, MAX_GROUPS, MAX_KINDS, MAX_VOTE_CARDS, VoteEffect,
};
use crate::games::caesar_cleopatra::{Move, Phase, State};

/// Weights of the evaluation. The unit is a victory point.
#[derive(Debug, Clone, PartialEq)]
pub struct Heuristic {
    /// Per influence point in the hand.
    pub hand_value: f64,
    /// Per influence point in the influence reserve.
    pub reserve_value: f64,
    /// Per influence card still to play (hand and reserve).
    pub card_value: f64,
    /// Per influence card in the hand: the first, the second... (a hand
    /// needs influence cards to place; the fifth matters less).
    pub influence_in_hand: [f64; 5],
    /// Per action card in the hand: the first, the second, the third.
    pub action_in_hand: [f64; 3],
    /// Per action card in the action reserve.
    pub action_in_reserve: f64,
    /// Per face-down card at a group (the opponent does not know it).
    pub hidden_card: f64,
    /// What a Philosopher counts as a resource, in influence points.
    pub philosopher_value: f64,
    /// Spread (standard deviation, in influence points) of a vote's margin
    /// that is about to happen, beyond the unknown face-down cards.
    pub near_spread: f64,
    /// The same for a vote that is not imminent (more cards will come).
    pub far_spread: f64,
    /// How much of the edge at a group carries over to its later votes.
    pub regress: f64,
    /// Probability that the next patrician of a group is won at all.
    pub decided: f64,
    /// Factor on that probability for each later patrician.
    pub decided_decay: f64,
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic {
            hand_value: 0.04,
            reserve_value: 0.02,
            card_value: 0.05,
            influence_in_hand: [0.4, 0.3, 0.2, 0.1, 0.05],
            action_in_hand: [0.35, 0.15, 0.05],
            action_in_reserve: 0.1,
            hidden_card: 0.05,
            philosopher_value: 3.0,
            near_spread: 1.5,
            far_spread: 4.0,
            regress: 0.5,
            decided: 0.95,
            decided_decay: 0.85,
        }
    }
}

/// What the viewer can tell about the opponent's unseen influence cards.
struct Unseen {
    /// Mean value (vote value) of an unseen influence card.
    mean: f64,
    /// Variance of that value.
    var: f64,
    /// Share of vote-inverting cards among them.
    inverters: f64,
    /// Mean resource value (a Philosopher at `philosopher_value`).
    resource: f64,
    /// Action cards in the opponent's hand (deduced from counts).
    actions_in_hand: f64,
}

/// The sum of the first `n` weights (`n` may be fractional).
fn concave(w: &[f64], n: f64) -> f64 {
    let mut x = 0.0;
    for (i, &wi) in w.iter().enumerate() {
        let f = (n - i as f64).clamp(0.0, 1.0);
        x += wi * f;
    }
    x
}

/// Most patricians in one group the evaluation handles.
const MAX_SIZE: usize = 15;

fn phi(x: f64) -> f64 {
    1.0 / (1.0 + (-1.702 * x).exp())
}

impl Heuristic {
    /// The expected final margin (viewer's points minus the opponent's),
    /// from what `viewer` can see. At the end of the game: the real margin,
    /// ±0.5 for the tie-break.
    pub fn evaluate(&self, s: &State, viewer: usize) -> f64 {
        let v = viewer;
        let o = 1 - v;
        if s.phase() == Phase::GameOver {
            let sc = s.score();
            let tb = match s.leader() {
                Some(w) if w == v => 0.5,
                Some(_) => -0.5,
                None => 0.0,
            };
            return sc[v] as f64 - sc[o] as f64 + tb;
        }
        let r = s.rules();
        let u = self.unseen(s, o);
        let n_groups = r.groups.len();

        // Vote cards still to come, per group.
        let mut in_pile = [0u32; MAX_GROUPS];
        let mut out = [false; MAX_VOTE_CARDS];
        for &c in s.vote_discard().iter().chain(s.vote_removed()) {
            out[c as usize] = true;
        }
        for (i, vc) in r.vote_cards.iter().enumerate() {
            if let (false, VoteEffect::Vote(g)) = (out[i], vc.effect) {
                in_pile[g as usize] += 1;
            }
        }
        let pile = s.vote_pile_len().max(1) as f64;

        // The opponent's missions, by probability.
        let own_missions = &s.zones(v).missions;
        let candidates = r.missions.len().saturating_sub(own_missions.len()).max(1) as f64;
        let p_mission = r.missions_per_player as f64 / candidates;

        let mut total = 0.0;
        let mut hidden = 0.0;
        for g in 0..n_groups {
            let gd = &r.groups[g];
            let gs = s.group(g);
            let zv = s.zones(v);
            let zo = s.zones(o);
            // The next vote here: who is likely to win it.
            let (mut tv, mut inv_v) = (0.0, 0u32);
            let (mut to, mut inv_o, mut up_o) = (0.0, 0u32, 0u32);
            for &k in &r.influence_kinds {
                let ct = r.kind(k);
                let mine = (gs.cards[v][0][k.ix()] + gs.cards[v][1][k.ix()]) as u32;
                let theirs = gs.cards[o][1][k.ix()] as u32;
                tv += ct.value as f64 * mine as f64;
                to += ct.value as f64 * theirs as f64;
                up_o += theirs;
                if ct.inverts_vote {
                    inv_v += mine;
                    inv_o += theirs;
                }
            }
            let down_o = (gs.count[o] as u32).saturating_sub(up_o) as f64;
            let down_v: u32 = gs.cards[v][0].iter().map(|&c| c as u32).sum();
            hidden += down_v as f64 - down_o;
            let (q_v, q_o) = if gs.left == 0 {
                (0.5, 0.5)
            } else {
                let imminent = if gs.total() >= r.limits.extraordinary_vote_at {
                    1.0
                } else {
                    in_pile[g] as f64 / pile
                };
                let mean = tv - to - down_o * u.mean;
                let spread2 = self.near_spread.powi(2) * imminent
                    + self.far_spread.powi(2) * (1.0 - imminent)
                    + down_o * u.var;
                let sd = spread2.sqrt().max(0.3);
                let higher_v = phi((mean - 0.5) / sd);
                let higher_o = phi((-mean - 0.5) / sd);
                let no_extra = (1.0 - u.inverters).powf(down_o);
                let p_inv = no_extra * f64::from(u8::from(inv_v != inv_o))
                    + (1.0 - no_extra) * f64::from(u8::from(inv_v != inv_o + 1));
                (
                    (1.0 - p_inv) * higher_v + p_inv * higher_o,
                    (1.0 - p_inv) * higher_o + p_inv * higher_v,
                )
            };
            let pi0 = if q_v + q_o > 1e-9 {
                q_v / (q_v + q_o)
            } else {
                0.5
            };
            // Each patrician left goes to the viewer with probability
            // `decided * pi`, to the opponent with `decided * (1 - pi)`; the
            // expected points need only each side's own count, a sum of
            // independent draws: two small distributions.
            let size = gd.size as usize;
            let mut dist = [[0.0f64; MAX_SIZE + 1]; 2];
            dist[0][(zv.won[g] as usize).min(MAX_SIZE)] = 1.0;
            dist[1][(zo.won[g] as usize).min(MAX_SIZE)] = 1.0;
            let mut decided = self.decided;
            let mut edge = pi0 - 0.5;
            for _ in 0..gs.left {
                let pi = 0.5 + edge;
                for (side, p) in [(0, decided * pi), (1, decided * (1.0 - pi))] {
                    let d = &mut dist[side];
                    for c in (0..MAX_SIZE).rev() {
                        d[c + 1] += d[c] * p;
                        d[c] *= 1.0 - p;
                    }
                }
                decided *= self.decided_decay;
                edge *= self.regress;
            }
            // Points at this group for a count of patricians.
            let sc = &r.scoring;
            let points = |c: usize, p: usize| -> f64 {
                let mut x = c as f64 * sc.per_patrician as f64;
                if c >= gd.majority as usize {
                    x += sc.majority_bonus as f64;
                }
                if c == size {
                    x += sc.whole_group_bonus as f64;
                }
                if p == v {
                    for &m in own_missions {
                        let m = &r.missions[m as usize];
                        if m.group as usize == g && c >= m.at_least as usize {
                            x += sc.mission_bonus as f64;
                        }
                    }
                } else {
                    for (mi, m) in r.missions.iter().enumerate() {
                        if m.group as usize == g
                            && c >= m.at_least as usize
                            && !own_missions.contains(&(mi as u8))
                        {
                            x += sc.mission_bonus as f64 * p_mission;
                        }
                    }
                }
                x
            };
            for c in 0..=size.min(MAX_SIZE) {
                if dist[0][c] > 0.0 {
                    total += dist[0][c] * points(c, v);
                }
                if dist[1][c] > 0.0 {
                    total -= dist[1][c] * points(c, o);
                }
            }
        }

        // Resources: cards still to play.
        let rules = r;
        let zv = s.zones(v);
        let zo = s.zones(o);
        let value = |k: usize| {
            let ct = &rules.kinds[k];
            if ct.inverts_vote {
                self.philosopher_value
            } else {
                ct.value as f64
            }
        };
        let (mut hand_v, mut hand_cards_v, mut act_hand_v) = (0.0, 0.0, 0.0);
        for k in 0..rules.kinds.len() {
            let n = zv.hand[k] as f64;
            if rules.kinds[k].influence {
                hand_v += n * value(k);
                hand_cards_v += n;
            } else {
                act_hand_v += n;
            }
        }
        let res_v: f64 = zv.influence_reserve.iter().map(|k| value(k.ix())).sum();
        let res_cards_v = zv.influence_reserve.len() as f64;
        let act_hand_o = u.actions_in_hand.min(zo.hand_len as f64);
        let hand_cards_o = zo.hand_len as f64 - act_hand_o;
        let hand_o = hand_cards_o * u.resource;
        let res_cards_o = zo.influence_reserve.len() as f64;
        let res_o = res_cards_o * u.resource;
        let resources = self.hand_value * (hand_v - hand_o)
            + self.reserve_value * (res_v - res_o)
            + self.card_value * (hand_cards_v + res_cards_v - hand_cards_o - res_cards_o)
            + concave(&self.influence_in_hand, hand_cards_v)
            - concave(&self.influence_in_hand, hand_cards_o)
            + concave(&self.action_in_hand, act_hand_v)
            - concave(&self.action_in_hand, act_hand_o)
            + self.action_in_reserve
                * (zv.action_reserve.len() as f64 - zo.action_reserve.len() as f64);

        // Once a player plays on alone, cards left at the end are worth
        // nothing: only what they win counts.
        let resources = if s.lone_player().is_some() {
            0.0
        } else {
            resources
        };
        total + resources + self.hidden_card * hidden
    }

    /// The opponent's influence cards that `o`'s opponent has not seen.
    fn unseen(&self, s: &State, o: usize) -> Unseen {
        let r = s.rules();
        let zo = s.zones(o);
        let mut unseen: Counts = r.factions[o].deck;
        for k in 0..MAX_KINDS {
            unseen[k] = unseen[k]
                .saturating_sub(zo.discard[k])
                .saturating_sub(zo.removed[k])
                .saturating_sub(zo.unarranged[k]);
        }
        for g in 0..r.groups.len() {
            for k in 0..MAX_KINDS {
                unseen[k] = unseen[k].saturating_sub(s.group(g).cards[o][1][k]);
            }
        }
        let (mut n, mut sum, mut sum2, mut inv, mut res) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &k in &r.influence_kinds {
            let c = unseen[k.ix()] as f64;
            let ct = r.kind(k);
            let x = ct.value as f64;
            n += c;
            sum += c * x;
            sum2 += c * x * x;
            if ct.inverts_vote {
                inv += c;
                res += c * self.philosopher_value;
            } else {
                res += c * x;
            }
        }
        let actions: f64 = r.action_kinds.iter().map(|k| unseen[k.ix()] as f64).sum();
        let actions_in_hand = (actions - zo.action_reserve.len() as f64).max(0.0);
        if n == 0.0 {
            return Unseen {
                mean: 0.0,
                var: 0.0,
                inverters: 0.0,
                resource: 0.0,
                actions_in_hand,
            };
        }
        let mean = sum / n;
        Unseen {
            mean,
            var: (sum2 / n - mean * mean).max(0.0),
            inverters: inv / n,
            resource: res / n,
            actions_in_hand,
        }
    }
}

/// One ply of look-ahead scored by the heuristic, averaged over a few
/// determinizations; its own placement and action cards are finished with
/// their best continuation before scoring.
pub struct GreedyAgent {
    rng: AgentRng,
    /// Determinizations each move is scored on.
    pub samples: usize,
    /// Continuation steps searched exhaustively (the rest are greedy).
    pub depth: u32,
    pub heuristic: Heuristic,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: seed::agent_rng(seed),
            samples: 6,
            depth: 0,
            heuristic: Heuristic::default(),
        }
    }

    pub fn with_heuristic(seed: u64, heuristic: Heuristic) -> Self {
        GreedyAgent {
            heuristic,
            ..GreedyAgent::new(seed)
        }
    }

    /// The value for `me` of `s` after a move: plays the rest of `me`'s
    /// turn (his placement, his action card, his refill, the vote card) by
    /// taking at each step the move with the best evaluation, the first
    /// `depth` steps by trying every move; declines the opponent's reaction
    /// windows; then evaluates.
    fn value_after(&self, s: &mut State, me: usize, depth: u32, buf: &mut Vec<Move>) -> f64 {
        let turn = s.turns();
        let mut steps = 0;
        loop {
            steps += 1;
            let Actor::Player(p) = s.current_actor() else {
                break;
            };
            if steps > 60 || s.turns() != turn {
                break;
            }
            let phase = s.phase();
            if p != me {
                if phase != Phase::Effect {
                    break;
                }
                s.legal_moves(buf);
                let m = if buf.contains(&Move::Decline) {
                    Move::Decline
                } else {
                    buf[0]
                };
                s.apply_legal(m);
                continue;
            }
            s.legal_moves(buf);
            if buf.len() == 1 {
                s.apply_legal(buf[0]);
                continue;
            }
            let moves = buf.clone();
            if depth > 0 {
                let mut best = f64::NEG_INFINITY;
                for &m in &moves {
                    let mut c = s.clone();
                    c.apply_legal(m);
                    best = best.max(self.value_after(&mut c, me, depth - 1, buf));
                }
                return best;
            }
            let mut best = (f64::NEG_INFINITY, moves[0]);
            for &m in &moves {
                let mut c = s.clone();
                c.apply_legal(m);
                let x = self.heuristic.evaluate(&c, me);
                if x > best.0 {
                    best = (x, m);
                }
            }
            s.apply_legal(best.1);
        }
        self.heuristic.evaluate(s, me)
    }
}

impl Agent<State> for GreedyAgent {
    /// Scores every legal move, except when there is one, and for the order
    /// of the action reserve at setup (the heuristic cannot tell orders
    /// apart): cards go in the order of the rules.
    fn choose(&mut self, state: &State, legal: &[Move]) -> Move {
        if legal.len() == 1 || state.phase() == Phase::ArrangeActions {
            return legal[0];
        }
        let me = state.actor();
        let dets: Vec<State> = (0..self.samples.max(1))
            .map(|_| state.resample(me, &mut self.rng))
            .collect();
        let mut buf = Vec::with_capacity(64);
        let mut det_legal = Vec::with_capacity(64);
        let mut best = (f64::NEG_INFINITY, legal[0]);
        let mut det_moves: Vec<Vec<Move>> = Vec::with_capacity(dets.len());
        for d in &dets {
            d.legal_moves(&mut det_legal);
            det_moves.push(det_legal.clone());
        }
        for &m in legal {
            let (mut sum, mut n) = (0.0, 0);
            for (d, dl) in dets.iter().zip(&det_moves) {
                if !dl.contains(&m) {
                    continue;
                }
                let mut c = d.clone();
                c.apply_legal(m);
                sum += self.value_after(&mut c, me, self.depth, &mut buf);
                n += 1;
            }
            if n > 0 && sum / n as f64 > best.0 {
                best = (sum / n as f64, m);
            }
        }
        best.1
    }

    fn name(&self) -> &str {
        "greedy"
    }
}
