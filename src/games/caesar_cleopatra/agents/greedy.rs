//! The greedy agent: one ply scored by the [`Heuristic`], on the agent's
//! own view, in microseconds.
//!
//! Most decisions are placements, draws and discards, whose effect on the
//! evaluation is computed directly ([`Evaluator::place_delta`],
//! [`Evaluator::draw_delta`]): no copy of the state per candidate. A
//! placement is scored as the turn will end: the cards leave the hand and
//! as many are drawn back from the reserve; a first card that needs a
//! second (two cards face up) is scored with its best second card. Action
//! cards (at the start of the turn, and the choices of an effect) are
//! scored by playing them out on one determinization ([`State::resample`]),
//! the agent taking its best choice at each step and the opponent
//! declining to react.
//!
//! Passing: a player passes only when he leads on points by the weights'
//! `pass_lead` and someone else is still playing ([`may_pass`]), and then
//! only if no placement beats the pass. Passing changes nothing on the
//! table, so two players who both prefer to pass wait for ever (both keep
//! their hands, which the evaluation values, rather than spend them); at
//! most one of them leads, and the other plays.

use crate::agents::Greedy;
use crate::engine::agent::Agent;
use crate::engine::seed::{self, AgentRng};
use crate::engine::{Actor, GameState};
use crate::games::caesar_cleopatra::model::{Face, Kind, MAX_GROUPS, MAX_KINDS};
use crate::games::caesar_cleopatra::{Move, Phase, Reserve, State};

pub use super::heuristic::{Context, Evaluator, Heuristic};

/// Whether `me` may pass at the start of his turn: someone else still
/// plays, and `me` leads on points by at least `pass_lead`. Only one
/// player can lead, so two players who follow this never both pass for
/// ever.
///
/// The points compared are those both players can count
/// ([`State::public_points`]: without the secret missions). The
/// opponent's own score would tell whether he has fulfilled his secret
/// mission (`tests/suite/leaks.rs` found it); and counting `me`'s mission but
/// not the opponent's could let both lead at once.
pub fn may_pass(h: &Heuristic, s: &State, me: usize) -> bool {
    s.lone_player().is_none() && s.public_points(me) >= s.public_points(1 - me) + h.pass_lead
}

/// The move a player who is stuck makes in his passive turn, if `s` is
/// one: he may not pass ([`may_pass`]: he does not lead) yet he passed, so
/// he could neither place nor play an action card. Waiting would change
/// nothing. If some group has room, he lacked influence cards: he
/// discards his action cards and draws influence first. If none has (every
/// open group full or frozen), his cards are of no use now: he discards
/// them all and draws action cards first, the cards that may unfreeze a
/// group or start an active turn. His reserves shrink each such turn, so
/// the game moves on even if nothing else does.
pub fn stuck_move(h: &Heuristic, s: &State, legal: &[Move]) -> Option<Move> {
    let me = s.actor();
    if may_pass(h, s, me) || !matches!(s.phase(), Phase::PassiveDiscard | Phase::Refill) {
        return None;
    }
    let r = s.rules();
    let room = (0..r.groups.len()).any(|g| s.free(me, g) > 0 && !s.group(g).frozen);
    match s.phase() {
        Phase::PassiveDiscard => legal
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Discard(k) if !room || !r.kind(*k).influence))
            .or(Some(Move::EndDiscard)),
        _ if s.active => None,
        _ => {
            let first = if room {
                Reserve::Influence
            } else {
                Reserve::Action
            };
            legal
                .iter()
                .copied()
                .find(|&m| m == Move::Draw(first))
                .or_else(|| legal.iter().copied().find(|m| matches!(m, Move::Draw(_))))
        }
    }
}

/// One ply of look-ahead scored by the heuristic on the agent's view.
pub struct GreedyAgent {
    rng: AgentRng,
    pub heuristic: Heuristic,
    buf: Vec<Move>,
}

impl GreedyAgent {
    /// The agent with the built-in weights.
    pub fn new(seed: u64) -> Self {
        Self::with_heuristic(seed, Heuristic::default())
    }

    pub fn with_heuristic(seed: u64, heuristic: Heuristic) -> Self {
        GreedyAgent {
            rng: seed::agent_rng(seed),
            heuristic,
            buf: Vec::with_capacity(64),
        }
    }

    /// Each legal move's score for the player to act (higher is better),
    /// in the order of `legal`: the change of the evaluation it brings
    /// (look-ahead moves: the evaluation after it, less the one before).
    /// Pass gets `pass_bonus`, or minus infinity where [`may_pass`] says no;
    /// action cards are scored at the start of the turn and in effects
    /// only (minus infinity elsewhere).
    pub fn scores(&mut self, state: &State, legal: &[Move]) -> Vec<f64> {
        let h = &self.heuristic;
        let me = state.actor();
        match state.phase() {
            Phase::TurnStart | Phase::Placing | Phase::LonePlaceAll => {
                let mut out = turn_scores(h, state, legal);
                let mut det: Option<(State, f64)> = None;
                for (x, &m) in out.iter_mut().zip(legal) {
                    if matches!(m, Move::PlayAction(_)) && state.phase() == Phase::TurnStart {
                        let (d, base) = det.get_or_insert_with(|| {
                            let d = state.resample(me, &mut self.rng);
                            let base = h.evaluate(&d, me);
                            (d, base)
                        });
                        *x = lookahead(h, &mut self.buf, d, me, m, true) - *base - h.action_gain;
                    }
                }
                out
            }
            Phase::SetupPlace => setup_scores(h, state, legal),
            Phase::Refill | Phase::BeforeVote | Phase::PassiveDiscard => {
                let e = Evaluator::resources_only(h, state, me);
                let score = |m: &Move| match *m {
                    Move::Draw(r) => e.draw_delta(r == Reserve::Influence),
                    Move::Discard(k) => e.discard_delta(k) - h.discard_margin,
                    Move::PlayAction(_) => f64::NEG_INFINITY,
                    _ => 0.0,
                };
                legal.iter().map(score).collect()
            }
            _ => {
                // An effect: each choice (a target, a reaction, a draw)
                // scored at the next choice of the player.
                let d = state.resample(me, &mut self.rng);
                let base = h.evaluate(&d, me);
                legal
                    .iter()
                    .map(|&m| lookahead(h, &mut self.buf, &d, me, m, false) - base)
                    .collect()
            }
        }
    }
}

/// The scores of the placements (and of passing, ending a placement) at
/// the start of a turn and at its second card, computed on the view.
/// A first card whose face needs a second (the rules' placement
/// patterns) is scored with its best second card: at another group the
/// two cards' effects add up exactly; at the same group, approximately.
fn turn_scores(h: &Heuristic, s: &State, legal: &[Move]) -> Vec<f64> {
    let me = s.actor();
    let r = s.rules();
    let e = Evaluator::new(h, s, me);
    let refill = s.phase() != Phase::LonePlaceAll;
    let mut singles = Singles::new(&e, refill);
    let hand = &s.zones(me).hand;
    let room: Vec<u8> = (0..r.groups.len())
        .map(|g| if s.group(g).frozen { 0 } else { s.free(me, g) })
        .collect();
    let needs_second = |face: Face| {
        let sizes = r.turn.pattern_sizes[usize::from(face == Face::Up)];
        s.phase() == Phase::TurnStart && sizes & 0b10 == 0 && sizes & 0b100 != 0
    };
    let mut out = Vec::with_capacity(legal.len());
    for &m in legal {
        let x = match m {
            Move::Pass if may_pass(h, s, me) => h.pass_bonus,
            Move::Pass => f64::NEG_INFINITY,
            Move::Place { kind, group, face } => {
                let g = group as usize;
                let mut x = singles.get(kind, g, face);
                if needs_second(face) {
                    let mut best = f64::NEG_INFINITY;
                    for &k in &r.influence_kinds {
                        if hand[k.ix()] <= u8::from(k == kind) {
                            continue;
                        }
                        for (g2, &n) in room.iter().enumerate() {
                            if n > u8::from(g2 == g) {
                                best = best.max(singles.get(k, g2, face));
                            }
                        }
                    }
                    if best.is_finite() {
                        x += best;
                    }
                }
                x
            }
            _ => 0.0,
        };
        out.push(x);
    }
    out
}

/// The score of placing one card of a kind at a group, face down or up,
/// computed once.
struct Singles<'e, 'a> {
    e: &'e Evaluator<'a>,
    refill: bool,
    cache: [[[f64; 2]; MAX_GROUPS]; MAX_KINDS],
}

impl<'e, 'a> Singles<'e, 'a> {
    fn new(e: &'e Evaluator<'a>, refill: bool) -> Self {
        Singles {
            e,
            refill,
            cache: [[[f64::NAN; 2]; MAX_GROUPS]; MAX_KINDS],
        }
    }

    fn get(&mut self, k: Kind, g: usize, face: Face) -> f64 {
        let f = usize::from(face == Face::Up);
        let c = &mut self.cache[k.ix()][g][f];
        if c.is_nan() {
            let down = usize::from(face == Face::Down);
            *c = self.e.group_delta(g, &[k]) + self.e.hand_delta(&[k], down, self.refill);
        }
        *c
    }
}

/// Setup: each set-aside card's value at the group it would go to (the
/// seat's cards go group by group, `placed_per_group` at each).
fn setup_scores(h: &Heuristic, s: &State, legal: &[Move]) -> Vec<f64> {
    let me = s.actor();
    let r = s.rules();
    let e = Evaluator::new(h, s, me);
    let placed: usize = (0..r.groups.len())
        .map(|g| s.group(g).count[me] as usize)
        .sum();
    let g = (placed / r.setup.placed_per_group.max(1) as usize).min(r.groups.len() - 1);
    legal
        .iter()
        .map(|&m| match m {
            Move::SetupPlace(k) => e.group_delta(g, &[k]),
            _ => 0.0,
        })
        .collect()
}

/// The evaluation for `me` after `m` on the determinization `d`, the
/// effect it starts played out: the opponent declines his reaction
/// windows (or takes his first choice); if `mine`, `me` takes at each of
/// his later steps the move with the best evaluation, else the position
/// is scored at his next choice.
fn lookahead(h: &Heuristic, buf: &mut Vec<Move>, d: &State, me: usize, m: Move, mine: bool) -> f64 {
    let ctx = Context::new(d, me);
    let mut s = d.clone();
    s.apply_legal(m);
    let mut steps = 0;
    while s.phase() == Phase::Effect && steps < 32 {
        steps += 1;
        let Actor::Player(p) = s.current_actor() else {
            break;
        };
        s.legal_moves(buf);
        if p == me && !mine {
            break;
        }
        let next = if p != me {
            if buf.contains(&Move::Decline) {
                Move::Decline
            } else {
                buf[0]
            }
        } else if buf.len() == 1 {
            buf[0]
        } else {
            let mut best = (f64::NEG_INFINITY, buf[0]);
            for &c in buf.iter() {
                let mut t = s.clone();
                t.apply_legal(c);
                let x = h.evaluate_in(&ctx, &t, me);
                if x > best.0 {
                    best = (x, c);
                }
            }
            best.1
        };
        s.apply_legal(next);
    }
    h.evaluate_in(&ctx, &s, me)
}

impl Agent<State> for GreedyAgent {
    /// The move with the best score ([`GreedyAgent::scores`]), the first
    /// of equals; the one legal move without scoring; the order of the
    /// action reserve at setup as the rules list it (the evaluation cannot
    /// tell orders apart).
    fn choose(&mut self, state: &State, legal: &[Move]) -> Move {
        if legal.len() == 1 || state.phase() == Phase::ArrangeActions {
            return legal[0];
        }
        if let Some(m) = stuck_move(&self.heuristic, state, legal) {
            return m;
        }
        let scores = self.scores(state, legal);
        // An action card worth playing at the start of the turn comes
        // first (the placement follows it).
        if state.phase() == Phase::TurnStart {
            let actions = legal
                .iter()
                .zip(&scores)
                .filter(|(m, x)| matches!(m, Move::PlayAction(_)) && **x > 0.0);
            if let Some((&m, _)) = actions.max_by(|a, b| a.1.total_cmp(b.1)) {
                return m;
            }
        }
        let mut best = (f64::NEG_INFINITY, legal[0]);
        for (&m, &x) in legal.iter().zip(&scores) {
            if x > best.0
                && !(matches!(m, Move::PlayAction(_)) && state.phase() == Phase::TurnStart)
            {
                best = (x, m);
            }
        }
        best.1
    }

    fn name(&self) -> &str {
        "greedy"
    }
}

impl Greedy<State> for GreedyAgent {
    fn scores(&mut self, s: &State, legal: &[Move]) -> Vec<f64> {
        GreedyAgent::scores(self, s, legal)
    }
}
