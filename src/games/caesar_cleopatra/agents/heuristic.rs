//! The heuristic evaluation of a position, with its weights read from data.
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
//! The evaluation is a sum of one term per group and a resource term
//! ([`Evaluator`]), so that the effect of placing a card is computed by
//! recomputing one group's term, without copying the state.
//!
//! The weights live in `rules/<game>/agents/greedy.ron` (each commented
//! there); [`Heuristic::default`] is that file as built in, and
//! [`Heuristic::from_ron`] / [`Heuristic::for_rules_dir`] read another.

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::diag::Diagnostic;
use crate::games::caesar_cleopatra::model::{
    Counts, Kind, MAX_GROUPS, MAX_KINDS, MAX_VOTE_CARDS, VoteEffect,
};
use crate::games::caesar_cleopatra::{Phase, State};
use crate::load::GameDir;
use crate::load::SourceFile;

/// The weights file of Caesar & Cleopatra, as built in.
pub const DEFAULT_WEIGHTS: &str =
    include_str!("../../../../rules/caesar_cleopatra/agents/greedy.ron");
/// Where a rules directory keeps the weights.
pub const WEIGHTS_FILE: &str = "agents/greedy.ron";

/// Weights of the evaluation and of the greedy player's choices. The unit
/// is a victory point; `rules/caesar_cleopatra/agents/greedy.ron` says
/// what each one does.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heuristic {
    pub hand_value: f64,
    pub reserve_value: f64,
    pub card_value: f64,
    pub influence_in_hand: Vec<f64>,
    pub action_in_hand: Vec<f64>,
    pub action_in_reserve: f64,
    pub hidden_card: f64,
    pub philosopher_value: f64,
    pub near_spread: f64,
    pub far_spread: f64,
    pub regress: f64,
    pub decided: f64,
    pub decided_decay: f64,
    pub pass_lead: u32,
    pub pass_bonus: f64,
    pub discard_margin: f64,
    pub action_gain: f64,
}

impl Default for Heuristic {
    /// The built-in weights file ([`DEFAULT_WEIGHTS`]).
    fn default() -> Self {
        static DEFAULT: OnceLock<Heuristic> = OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                Heuristic::from_ron(DEFAULT_WEIGHTS, Path::new(WEIGHTS_FILE))
                    .unwrap_or_else(|d| panic!("the built-in weights: {d}"))
            })
            .clone()
    }
}

impl Heuristic {
    /// Reads a weights file's text; `path` names it in diagnostics.
    pub fn from_ron(text: &str, path: &Path) -> Result<Heuristic, Diagnostic> {
        let file = SourceFile {
            path: path.to_path_buf(),
            text: text.to_string(),
        };
        let h: Heuristic = file.parse()?;
        h.check(&file)?;
        Ok(h)
    }

    /// Reads a weights file.
    pub fn from_file(path: &Path) -> Result<Heuristic, Diagnostic> {
        let file = SourceFile::read(path)?;
        Heuristic::from_ron(&file.text, path)
    }

    /// The weights of a rules directory: its `agents/greedy.ron` if it has
    /// one, else the built-in ones.
    pub fn for_rules_dir(dir: impl Into<GameDir>) -> Result<Heuristic, Diagnostic> {
        let dir = dir.into();
        if !dir.has_file(WEIGHTS_FILE) {
            return Ok(Heuristic::default());
        }
        let file = dir.read(WEIGHTS_FILE)?;
        Heuristic::from_ron(&file.text, &file.path)
    }

    /// Weights out of their range, reported at their field.
    fn check(&self, file: &SourceFile) -> Result<(), Diagnostic> {
        let unit = |x: f64| (0.0..=1.0).contains(&x);
        let mut checks: Vec<(&str, bool, &str)> = vec![
            ("near_spread", self.near_spread > 0.0, "a positive number"),
            ("far_spread", self.far_spread > 0.0, "a positive number"),
            ("regress", unit(self.regress), "between 0 and 1"),
            ("decided", unit(self.decided), "between 0 and 1"),
            ("decided_decay", unit(self.decided_decay), "between 0 and 1"),
            (
                "pass_lead",
                self.pass_lead >= 1,
                "at least 1 (with 0, two tied players may both pass for ever)",
            ),
        ];
        let all = [
            self.hand_value,
            self.reserve_value,
            self.card_value,
            self.action_in_reserve,
            self.hidden_card,
            self.philosopher_value,
            self.pass_bonus,
            self.discard_margin,
            self.action_gain,
        ];
        let finite = all.iter().all(|x| x.is_finite())
            && self.influence_in_hand.iter().all(|x| x.is_finite())
            && self.action_in_hand.iter().all(|x| x.is_finite());
        checks.push(("(", finite, "finite numbers"));
        for (field, ok, want) in checks {
            if !ok {
                let at = field_offset(&file.text, field);
                let what = if field == "(" { "every weight" } else { field };
                return Err(file.error_at(at..at + field.len(), format!("{what} must be {want}")));
            }
        }
        Ok(())
    }

    /// The expected final margin (viewer's points minus the opponent's),
    /// from what `viewer` can see. At the end of the game: the real margin,
    /// ±0.5 for the tie-break.
    pub fn evaluate(&self, s: &State, viewer: usize) -> f64 {
        if s.phase() == Phase::GameOver {
            return final_margin(s, viewer);
        }
        Evaluator::new(self, s, viewer).total()
    }

    /// [`Heuristic::evaluate`] of `s` in the context `ctx` of a state a
    /// few moves before it ([`Context`]).
    pub fn evaluate_in(&self, ctx: &Context, s: &State, viewer: usize) -> f64 {
        if s.phase() == Phase::GameOver {
            return final_margin(s, viewer);
        }
        Evaluator::in_context(self, s, viewer, ctx).total()
    }
}

/// The margin of a finished game for `viewer`, ±0.5 for the tie-break.
fn final_margin(s: &State, v: usize) -> f64 {
    let sc = s.score();
    let tb = match s.leader() {
        Some(w) if w == v => 0.5,
        Some(_) => -0.5,
        None => 0.0,
    };
    sc[v] as f64 - sc[1 - v] as f64 + tb
}

/// Where `field` is set in a weights file (the first line, outside
/// comments, that starts with it), for diagnostics.
fn field_offset(text: &str, field: &str) -> usize {
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if !t.starts_with("//") && t.starts_with(field) {
            return off + (line.len() - t.len());
        }
        off += line.len();
    }
    0
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

/// What one group's term depends on, as the viewer sees it.
#[derive(Clone, Copy, Default)]
pub(crate) struct GroupView {
    /// The viewer's influence there (all his cards), and his inverters.
    tv: f64,
    inv_v: u32,
    /// The opponent's face-up influence, inverters, and face-down cards.
    to: f64,
    inv_o: u32,
    down_o: f64,
    /// Cards there, both sides.
    total: u32,
    left: u8,
    won: [u8; 2],
}

/// The viewer's cards still to play (the resource term's inputs).
#[derive(Clone, Copy, Default)]
pub(crate) struct Resources {
    /// Influence points and cards in the hand, action cards in the hand.
    hand: f64,
    hand_cards: f64,
    actions: f64,
    /// Influence points and cards in the influence reserve; action reserve.
    reserve: f64,
    reserve_cards: f64,
    action_reserve: f64,
}

/// The evaluation of one state for one viewer, split into its terms so
/// that a placement's effect is one group's term computed again.
pub struct Evaluator<'a> {
    h: &'a Heuristic,
    s: &'a State,
    v: usize,
    u: Unseen,
    ctx: Cow<'a, Context>,
    views: [GroupView; MAX_GROUPS],
    terms: [f64; MAX_GROUPS],
    /// Face-down cards: the viewer's minus the opponent's.
    hidden: f64,
    res: Resources,
    /// The opponent's part of the resource term.
    res_o: f64,
}

/// What the evaluation of a state reads of the vote cards and the
/// missions, for one viewer: the same for the few states a decision looks
/// at (an action card's choices), so computed once for them.
#[derive(Clone)]
pub struct Context {
    /// Per group: the chance that its vote is the next one.
    imminence: [f64; MAX_GROUPS],
    /// The chance that the opponent holds a given mission the viewer
    /// does not.
    p_mission: f64,
    /// Per side (viewer, opponent), per group, per count of patricians:
    /// the points they bring (the opponent's missions by probability).
    points: [[[f64; MAX_SIZE + 1]; MAX_GROUPS]; 2],
}

impl Context {
    pub fn new(s: &State, viewer: usize) -> Context {
        let r = s.rules();
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
        let candidates = r
            .missions
            .len()
            .saturating_sub(s.zones(viewer).missions.len())
            .max(1) as f64;
        let mut c = Context {
            imminence: [0.0; MAX_GROUPS],
            p_mission: r.missions_per_player as f64 / candidates,
            points: [[[0.0; MAX_SIZE + 1]; MAX_GROUPS]; 2],
        };
        for g in 0..r.groups.len() {
            c.imminence[g] = in_pile[g] as f64 / pile;
        }
        c.fill_points(s, viewer);
        c
    }

    /// The points of each count of patricians of each group, for each
    /// side: per patrician, majority, whole group; the viewer's missions,
    /// and the others by probability for the opponent.
    fn fill_points(&mut self, s: &State, viewer: usize) {
        let r = s.rules();
        let sc = &r.scoring;
        for (g, gd) in r.groups.iter().enumerate() {
            let size = (gd.size as usize).min(MAX_SIZE);
            for c in 0..=size {
                let mut x = c as f64 * sc.per_patrician as f64;
                if c >= gd.majority as usize {
                    x += sc.majority_bonus as f64;
                }
                if c == gd.size as usize {
                    x += sc.whole_group_bonus as f64;
                }
                self.points[0][g][c] = x;
                self.points[1][g][c] = x;
            }
        }
        let own_missions = &s.zones(viewer).missions;
        for (mi, m) in r.missions.iter().enumerate() {
            let g = m.group as usize;
            let size = (r.groups[g].size as usize).min(MAX_SIZE);
            let (side, bonus) = if own_missions.contains(&(mi as u8)) {
                (0, sc.mission_bonus as f64)
            } else {
                (1, sc.mission_bonus as f64 * self.p_mission)
            };
            for c in (m.at_least as usize)..=size {
                self.points[side][g][c] += bonus;
            }
        }
    }
}

impl<'a> Evaluator<'a> {
    pub fn new(h: &'a Heuristic, s: &'a State, viewer: usize) -> Evaluator<'a> {
        Self::build(h, s, viewer, Cow::Owned(Context::new(s, viewer)), true)
    }

    /// The evaluator of `s` in the context of a state a few moves before
    /// it (the same vote cards and missions).
    pub fn in_context(h: &'a Heuristic, s: &'a State, viewer: usize, ctx: &'a Context) -> Self {
        Self::build(h, s, viewer, Cow::Borrowed(ctx), true)
    }

    /// The evaluator without its group terms (`total` is then only the
    /// resource term): enough for draws and discards.
    pub fn resources_only(h: &'a Heuristic, s: &'a State, viewer: usize) -> Evaluator<'a> {
        let ctx = Context {
            imminence: [0.0; MAX_GROUPS],
            p_mission: 0.0,
            points: [[[0.0; MAX_SIZE + 1]; MAX_GROUPS]; 2],
        };
        Self::build(h, s, viewer, Cow::Owned(ctx), false)
    }

    fn build(
        h: &'a Heuristic,
        s: &'a State,
        v: usize,
        ctx: Cow<'a, Context>,
        groups: bool,
    ) -> Self {
        let mut e = Evaluator {
            h,
            s,
            v,
            u: unseen(h, s, 1 - v),
            ctx,
            views: [GroupView::default(); MAX_GROUPS],
            terms: [0.0; MAX_GROUPS],
            hidden: 0.0,
            res: Resources::default(),
            res_o: 0.0,
        };
        e.res = e.own_resources();
        e.res_o = e.opponent_resources();
        if !groups {
            return e;
        }
        for g in 0..s.rules().groups.len() {
            let (view, down_v) = e.group_view(g);
            e.hidden += down_v - view.down_o;
            e.views[g] = view;
            e.terms[g] = e.group_term(g, &view);
        }
        e
    }

    /// The whole evaluation.
    pub fn total(&self) -> f64 {
        let groups: f64 = self.terms.iter().sum();
        groups + self.resources(&self.res) + self.h.hidden_card * self.hidden
    }

    /// The viewer's kind `k` as a resource, in influence points.
    fn resource_value(&self, k: Kind) -> f64 {
        let ct = self.s.rules().kind(k);
        if ct.inverts_vote {
            self.h.philosopher_value
        } else {
            ct.value as f64
        }
    }

    /// The change of group `g`'s term when the viewer adds cards of the
    /// kinds `kinds` there.
    pub fn group_delta(&self, g: usize, kinds: &[Kind]) -> f64 {
        let r = self.s.rules();
        let mut view = self.views[g];
        for &k in kinds {
            let ct = r.kind(k);
            view.tv += ct.value as f64;
            view.inv_v += u32::from(ct.inverts_vote);
            view.total += 1;
        }
        self.group_term(g, &view) - self.terms[g]
    }

    /// The change of the rest of the evaluation (cards still to play,
    /// hidden cards) when the viewer takes cards of the kinds `kinds`
    /// from his hand, `down` of them to go face down, and, if `refill`,
    /// draws as many influence cards back from his reserve (valued at its
    /// mean).
    pub fn hand_delta(&self, kinds: &[Kind], down: usize, refill: bool) -> f64 {
        let mut res = self.res;
        for &k in kinds {
            res.hand -= self.resource_value(k);
            res.hand_cards -= 1.0;
        }
        if refill {
            let n = (kinds.len() as f64).min(res.reserve_cards);
            let mean = res.reserve / res.reserve_cards.max(1.0);
            res.hand += n * mean;
            res.hand_cards += n;
            res.reserve -= n * mean;
            res.reserve_cards -= n;
        }
        self.h.hidden_card * down as f64 + self.resources(&res) - self.resources(&self.res)
    }

    /// The change of the evaluation when the viewer draws one card from
    /// the influence reserve (at its mean) or the action reserve.
    pub fn draw_delta(&self, influence: bool) -> f64 {
        let mut res = self.res;
        if influence {
            let mean = res.reserve / res.reserve_cards.max(1.0);
            res.hand += mean;
            res.hand_cards += 1.0;
            res.reserve -= mean;
            res.reserve_cards -= 1.0;
        } else {
            res.actions += 1.0;
            res.action_reserve -= 1.0;
        }
        self.resources(&res) - self.resources(&self.res)
    }

    /// The change of the evaluation when the viewer discards a card of
    /// kind `k` from his hand and draws one back from the reserve that
    /// serves him better (if either has a card).
    pub fn discard_delta(&self, k: Kind) -> f64 {
        let mut res = self.res;
        if self.s.rules().kind(k).influence {
            res.hand -= self.resource_value(k);
            res.hand_cards -= 1.0;
        } else {
            res.actions -= 1.0;
        }
        let mut best = self.resources(&res);
        if res.reserve_cards > 0.0 {
            let mut r = res;
            let mean = r.reserve / r.reserve_cards;
            r.hand += mean;
            r.hand_cards += 1.0;
            r.reserve -= mean;
            r.reserve_cards -= 1.0;
            best = best.max(self.resources(&r));
        }
        if res.action_reserve > 0.0 {
            let mut r = res;
            r.actions += 1.0;
            r.action_reserve -= 1.0;
            best = best.max(self.resources(&r));
        }
        best - self.resources(&self.res)
    }

    /// Group `g` as the viewer sees it, and his face-down cards there.
    fn group_view(&self, g: usize) -> (GroupView, f64) {
        let s = self.s;
        let r = s.rules();
        let (v, o) = (self.v, 1 - self.v);
        let gs = s.group(g);
        let mut view = GroupView {
            total: gs.total() as u32,
            left: gs.left,
            won: [s.zones(v).won[g], s.zones(o).won[g]],
            ..GroupView::default()
        };
        let mut up_o = 0u32;
        for &k in &r.influence_kinds {
            let ct = r.kind(k);
            let mine = (gs.cards[v][0][k.ix()] + gs.cards[v][1][k.ix()]) as u32;
            let theirs = gs.cards[o][1][k.ix()] as u32;
            view.tv += ct.value as f64 * mine as f64;
            view.to += ct.value as f64 * theirs as f64;
            up_o += theirs;
            if ct.inverts_vote {
                view.inv_v += mine;
                view.inv_o += theirs;
            }
        }
        view.down_o = (gs.count[o] as u32).saturating_sub(up_o) as f64;
        let down_v: u32 = gs.cards[v][0].iter().map(|&c| c as u32).sum();
        (view, down_v as f64)
    }

    /// The chance that the viewer (resp. the opponent) wins the next vote
    /// at a group, all things considered.
    fn vote_chances(&self, g: usize, x: &GroupView) -> (f64, f64) {
        let h = self.h;
        let u = &self.u;
        if x.left == 0 {
            return (0.5, 0.5);
        }
        let imminent = if x.total >= self.s.rules().limits.extraordinary_vote_at as u32 {
            1.0
        } else {
            self.ctx.imminence[g]
        };
        let mean = x.tv - x.to - x.down_o * u.mean;
        let spread2 = h.near_spread.powi(2) * imminent
            + h.far_spread.powi(2) * (1.0 - imminent)
            + x.down_o * u.var;
        let sd = spread2.sqrt().max(0.3);
        let higher_v = phi((mean - 0.5) / sd);
        let higher_o = phi((-mean - 0.5) / sd);
        let no_extra = (1.0 - u.inverters).powi(x.down_o as i32);
        let p_inv = no_extra * f64::from(u8::from(x.inv_v != x.inv_o))
            + (1.0 - no_extra) * f64::from(u8::from(x.inv_v != x.inv_o + 1));
        (
            (1.0 - p_inv) * higher_v + p_inv * higher_o,
            (1.0 - p_inv) * higher_o + p_inv * higher_v,
        )
    }

    /// The expected points of group `g` (the viewer's minus the opponent's)
    /// as `x` shows it.
    fn group_term(&self, g: usize, x: &GroupView) -> f64 {
        let size = (self.s.rules().groups[g].size as usize).min(MAX_SIZE);
        if x.left == 0 {
            let won = |side: usize| (x.won[side] as usize).min(size);
            return self.ctx.points[0][g][won(0)] - self.ctx.points[1][g][won(1)];
        }
        let (q_v, q_o) = self.vote_chances(g, x);
        let pi0 = if q_v + q_o > 1e-9 {
            q_v / (q_v + q_o)
        } else {
            0.5
        };
        // Each patrician left goes to the viewer with probability
        // `decided * pi`, to the opponent with `decided * (1 - pi)`; the
        // expected points need only each side's own count, a sum of
        // independent draws: two small distributions.
        let mut dist = [[0.0f64; MAX_SIZE + 1]; 2];
        dist[0][(x.won[0] as usize).min(size)] = 1.0;
        dist[1][(x.won[1] as usize).min(size)] = 1.0;
        let mut decided = self.h.decided;
        let mut edge = pi0 - 0.5;
        for _ in 0..x.left {
            let pi = 0.5 + edge;
            for (side, p) in [(0, decided * pi), (1, decided * (1.0 - pi))] {
                let d = &mut dist[side];
                for c in (0..size).rev() {
                    d[c + 1] += d[c] * p;
                    d[c] *= 1.0 - p;
                }
            }
            decided *= self.h.decided_decay;
            edge *= self.h.regress;
        }
        let mut total = 0.0;
        for c in 0..=size {
            total += dist[0][c] * self.ctx.points[0][g][c] - dist[1][c] * self.ctx.points[1][g][c];
        }
        total
    }

    fn own_resources(&self) -> Resources {
        let r = self.s.rules();
        let z = self.s.zones(self.v);
        let mut res = Resources::default();
        for k in 0..r.kinds.len() {
            let n = z.hand[k] as f64;
            if r.kinds[k].influence {
                res.hand += n * self.resource_value(Kind(k as u8));
                res.hand_cards += n;
            } else {
                res.actions += n;
            }
        }
        for &k in &z.influence_reserve {
            res.reserve += self.resource_value(k);
        }
        res.reserve_cards = z.influence_reserve.len() as f64;
        res.action_reserve = z.action_reserve.len() as f64;
        res
    }

    /// The opponent's part of the resource term (subtracted).
    fn opponent_resources(&self) -> f64 {
        let h = self.h;
        let zo = self.s.zones(1 - self.v);
        let actions = self.u.actions_in_hand.min(zo.hand_len as f64);
        let cards = zo.hand_len as f64 - actions;
        let reserve_cards = zo.influence_reserve.len() as f64;
        h.hand_value * cards * self.u.resource
            + h.reserve_value * reserve_cards * self.u.resource
            + h.card_value * (cards + reserve_cards)
            + concave(&h.influence_in_hand, cards)
            + concave(&h.action_in_hand, actions)
            + h.action_in_reserve * zo.action_reserve.len() as f64
    }

    /// The resource term for the viewer's cards `res`. Once a player plays
    /// on alone, cards left at the end are worth nothing: only what they
    /// win counts.
    fn resources(&self, res: &Resources) -> f64 {
        if self.s.lone_player().is_some() {
            return 0.0;
        }
        let h = self.h;
        let own = h.hand_value * res.hand
            + h.reserve_value * res.reserve
            + h.card_value * (res.hand_cards + res.reserve_cards)
            + concave(&h.influence_in_hand, res.hand_cards)
            + concave(&h.action_in_hand, res.actions)
            + h.action_in_reserve * res.action_reserve;
        own - self.res_o
    }
}

/// The opponent's influence cards that `o`'s opponent has not seen.
fn unseen(h: &Heuristic, s: &State, o: usize) -> Unseen {
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
        let up = &s.group(g).cards[o][1];
        for k in 0..MAX_KINDS {
            unseen[k] = unseen[k].saturating_sub(up[k]);
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
            res += c * h.philosopher_value;
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
