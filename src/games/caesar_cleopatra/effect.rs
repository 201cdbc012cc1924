//! The interpreter of compiled effects (`compile::Program`).
//!
//! Playing an action card pushes a [`Frame`] and sets the phase to `Effect`.
//! If the other player holds a reaction card whose trigger matches, the
//! frame first waits at a reaction window: a choice point of that player,
//! who may answer with the reaction (pushing its frame above) or `Decline`.
//! Then the top frame runs its statements until one needs a decision (a
//! `choose`, a `draw`, the next card of `place taken`); `legal` lists exactly
//! the options, `apply` takes one and runs on. When the last frame is done,
//! the turn goes on where the card was played.
//!
//! Each primitive here is documented in docs/effects.md with the rulebook
//! passages that need it; no card is named in this file.

use super::compile::{
    Cards, Cond, GroupRef, Groups, MAX_VARS, Op, Playable, Program, Set, Who, Zone,
};
use super::events::Event;
use super::model::{Counts, Face, Kind, MAX_GROUPS, MAX_HAND, MAX_KINDS};
use super::moves::{Move, Reserve, Target};
use super::state::{Phase, State, face_ix};

/// An action card being resolved.
#[derive(Debug, Clone)]
pub struct Frame {
    pub card: Kind,
    /// Who played it.
    pub player: u8,
    /// The next statement.
    pub pc: u8,
    /// What each `choose` picked.
    pub env: [Option<Target>; MAX_VARS],
    /// Cards lifted off the table by `take`, per owner, waiting to be placed.
    pub pool: [Counts; 2],
    /// Groups whose cards an effect has changed since this card was played
    /// (bit g), kept on the bottom frame only.
    pub touched: u32,
    /// Who would have won the vote at each touched group before it changed
    /// (bits 2g and 2g+1, as `State::group_outlook`).
    pub outlook: u32,
    /// Cards still to draw in the current `draw`.
    pub draw_left: u8,
    /// A reaction cancelled this card: it is discarded without effect.
    pub cancelled: bool,
    /// The other player may still react before the effect starts.
    pub awaiting_reaction: bool,
    /// The phase to go back to when the card is done (bottom frame only).
    pub resume: Phase,
}

type Env = [Option<Target>; MAX_VARS];

impl State {
    // ----- Playability -----------------------------------------------------

    /// Whether `p` may play the action card `k` in his own turn now: it has
    /// an effect, is not a reaction, and its first choice has a target.
    pub(crate) fn action_playable(&self, p: usize, k: Kind) -> bool {
        match self.rules.program(k) {
            Some(prog) if prog.trigger.is_none() => self.first_choice_has_target(p, prog),
            _ => false,
        }
    }

    /// Whether the first run of `choose` statements can all be answered
    /// (a card that chooses two different groups needs two).
    fn first_choice_has_target(&self, p: usize, prog: &Program) -> bool {
        match &prog.playable {
            Playable::Always => true,
            Playable::AnyOf(set) => self.set_nonempty(p, set, &[None; MAX_VARS]),
            Playable::DistinctGroups(k) => self.live_groups().count_ones() >= *k,
            Playable::Search { start, end } => {
                self.satisfiable(p, &prog.ops[*start..*end], &[None; MAX_VARS])
            }
        }
    }

    fn satisfiable(&self, p: usize, choices: &[Op], env: &Env) -> bool {
        let Some((op, rest)) = choices.split_first() else {
            return true;
        };
        if rest.is_empty() {
            return self.has_option(p, op, env);
        }
        let var = match op {
            Op::ChooseGroup { var, .. } | Op::ChooseCard { var, .. } => *var as usize,
            _ => return true,
        };
        let mut found = false;
        self.choice_options(p, op, env, &mut |t| {
            if !found {
                let mut e = *env;
                e[var] = Some(t);
                found = self.satisfiable(p, rest, &e);
            }
        });
        found
    }

    /// Whether some reaction card of the game could answer `played`: the
    /// window then opens whatever the responder holds, so that its opening
    /// tells the card's player nothing about the responder's hand.
    fn reaction_possible(&self, responder: usize, played: Kind) -> bool {
        self.rules.action_kinds.iter().any(|&r| {
            self.rules.factions[responder].deck[r.ix()] > 0
                && self
                    .rules
                    .program(r)
                    .and_then(|p| p.trigger.as_ref())
                    .is_some_and(|t| !t.except.contains(&played))
        })
    }

    /// The reaction cards `responder` could play against `played`.
    fn reactions(&self, responder: usize, played: Kind, out: &mut Vec<Move>) {
        for &r in &self.rules.action_kinds {
            if self.zones[responder].hand[r.ix()] == 0 {
                continue;
            }
            if let Some(prog) = self.rules.program(r)
                && let Some(t) = &prog.trigger
                && !t.except.contains(&played)
                && self.first_choice_has_target(responder, prog)
            {
                out.push(Move::PlayAction(r));
            }
        }
    }

    // ----- Playing ---------------------------------------------------------

    /// `p` plays the action card `k` (in his turn, or as a reaction).
    pub(crate) fn play_action(&mut self, p: usize, k: Kind, reaction: bool) {
        self.take_from_hand(p, k);
        self.log(Event::ActionPlayed {
            player: p as u8,
            kind: k,
            reaction,
        });
        let resume = if self.frames.is_empty() {
            self.phase
        } else {
            Phase::Effect
        };
        let window = self.reaction_possible(1 - p, k);
        if reaction {
            self.counters.reactions += 1;
        } else {
            self.counters.actions_played += 1;
        }
        self.frames.push(Frame {
            card: k,
            player: p as u8,
            pc: 0,
            env: [None; MAX_VARS],
            pool: [[0; MAX_KINDS]; 2],
            touched: 0,
            outlook: 0,
            draw_left: 0,
            cancelled: false,
            awaiting_reaction: window,
            resume,
        });
        self.phase = Phase::Effect;
        self.run_effects();
    }

    fn op(&self) -> Option<&Op> {
        let f = self.frames.last()?;
        self.rules.program(f.card)?.ops.get(f.pc as usize)
    }

    fn who(&self, f: &Frame, w: Who) -> usize {
        match w {
            Who::Me => f.player as usize,
            Who::Opponent => 1 - f.player as usize,
        }
    }

    /// Who decides at the current effect choice point.
    pub(crate) fn effect_actor(&self) -> usize {
        let Some(f) = self.frames.last() else {
            return self.seat();
        };
        if f.awaiting_reaction {
            return 1 - f.player as usize;
        }
        match self.op() {
            Some(Op::Draw { who, .. }) => self.who(f, *who),
            _ => f.player as usize,
        }
    }

    /// The legal moves at the current effect choice point.
    pub(crate) fn effect_moves(&self, out: &mut Vec<Move>) {
        let Some(f) = self.frames.last() else { return };
        if f.awaiting_reaction {
            self.reactions(1 - f.player as usize, f.card, out);
            out.push(Move::Decline);
            return;
        }
        let p = f.player as usize;
        match self.op() {
            Some(op @ (Op::ChooseGroup { .. } | Op::ChooseCard { .. })) => {
                self.choice_options(p, op, &f.env, &mut |t| out.push(Move::Choose(t)));
            }
            Some(Op::Draw { who, optional, .. }) => {
                let z = &self.zones[self.who(f, *who)];
                if !z.influence_reserve.is_empty() {
                    out.push(Move::Draw(Reserve::Influence));
                }
                if !z.action_reserve.is_empty() {
                    out.push(Move::Draw(Reserve::Action));
                }
                if *optional {
                    out.push(Move::Decline);
                }
            }
            Some(Op::PlaceTaken { groups, .. }) => {
                for g in self.placement_groups(f, groups) {
                    out.push(Move::Choose(Target::Group(g)));
                }
            }
            _ => {}
        }
    }

    /// `State::random_legal` at an effect choice point: the move
    /// `legal[rng.random_range(0..n)]` would pick, and `n`.
    pub(crate) fn effect_random_legal(
        &self,
        rng: &mut crate::engine::seed::Rng,
        buf: &mut Vec<Move>,
    ) -> (Move, usize) {
        use rand::RngExt;
        self.legal(buf);
        let n = buf.len();
        (buf[rng.random_range(0..n)], n)
    }

    pub(crate) fn apply_effect_move(&mut self, m: Move) {
        let top = self.frames.len() - 1;
        if self.frames[top].awaiting_reaction {
            self.frames[top].awaiting_reaction = false;
            if let Move::PlayAction(r) = m {
                let responder = 1 - self.frames[top].player as usize;
                self.play_action(responder, r, true);
            } else {
                self.run_effects();
            }
            return;
        }
        let f = &self.frames[top];
        let op = &self
            .rules
            .program(f.card)
            .expect("a running card has a program")
            .ops[f.pc as usize];
        match (op, m) {
            (Op::ChooseGroup { var, .. } | Op::ChooseCard { var, .. }, Move::Choose(t)) => {
                let var = *var as usize;
                self.frames[top].env[var] = Some(t);
                self.frames[top].pc += 1;
            }
            (Op::Draw { who, .. }, Move::Draw(r)) => {
                let p = self.who(f, *who);
                self.draw_one(p, r);
                self.frames[top].draw_left -= 1;
                if self.frames[top].draw_left == 0
                    || self.zones[p].hand_len >= self.rules.limits.hand_size
                {
                    self.frames[top].draw_left = 0;
                    self.frames[top].pc += 1;
                }
            }
            (Op::Draw { .. }, Move::Decline) => {
                self.frames[top].draw_left = 0;
                self.frames[top].pc += 1;
            }
            (Op::PlaceTaken { face, .. }, Move::Choose(Target::Group(g))) => {
                let face = *face;
                let (owner, kind) = next_pooled(&self.frames[top]).expect("a card to place");
                self.frames[top].pool[owner][kind.ix()] -= 1;
                self.touch(g as usize);
                self.put(owner, g as usize, kind, face);
                self.log(Event::Placed {
                    player: owner as u8,
                    group: g,
                    kind,
                    face,
                });
            }
            _ => debug_assert!(false, "{m:?} does not answer {op:?}"),
        }
        self.run_effects();
    }

    pub(crate) fn draw_one(&mut self, p: usize, r: Reserve) {
        let z = &mut self.zones[p];
        let Some(k) = (match r {
            Reserve::Influence => z.influence_reserve.pop(),
            Reserve::Action => z.action_reserve.pop(),
        }) else {
            return;
        };
        z.hand[k.ix()] += 1;
        z.hand_len += 1;
        self.log(Event::Drew {
            player: p as u8,
            reserve: r,
            kind: k,
        });
    }

    // ----- Running ---------------------------------------------------------

    /// Runs statements until a choice point, or until every card is done.
    fn run_effects(&mut self) {
        loop {
            let Some(top) = self.frames.len().checked_sub(1) else {
                return;
            };
            let f = &self.frames[top];
            if f.awaiting_reaction {
                return;
            }
            if f.cancelled {
                self.finish_frame(true, false);
                continue;
            }
            // `op` borrows the rules: each arm reads what it needs before it
            // changes the state (no clone of the shared rules per step).
            let prog = self
                .rules
                .program(f.card)
                .expect("a running card has a program");
            let Some(op) = prog.ops.get(f.pc as usize) else {
                self.finish_frame(false, false);
                continue;
            };
            let p = f.player as usize;
            match op {
                Op::ChooseGroup { .. } | Op::ChooseCard { .. } => {
                    if self.has_option(p, op, &f.env) {
                        return;
                    }
                    // No legal target: the rest of the effect cannot happen.
                    self.finish_frame(false, true);
                    continue;
                }
                Op::Discard(c) | Op::Remove(c) | Op::Reveal(c) | Op::Take(c) => {
                    let dest = match op {
                        Op::Discard(_) => Dest::Discard,
                        Op::Remove(_) => Dest::Removed,
                        Op::Reveal(_) => Dest::FaceUp,
                        _ => Dest::Pool,
                    };
                    let mut cards = Resolved::new();
                    self.resolve(top, c, &mut cards);
                    self.move_cards(top, &cards, dest);
                }
                Op::Look(c) => {
                    let mut cards = Resolved::new();
                    self.resolve(top, c, &mut cards);
                    self.look(top, &cards);
                }
                Op::Draw { who, count, .. } => {
                    let count = *count;
                    let d = self.who(f, *who);
                    let z = &self.zones[d];
                    let can = z.hand_len < self.rules.limits.hand_size
                        && (self.lone.is_none() || self.rules.turn.lone_player.draws)
                        && (!z.influence_reserve.is_empty() || !z.action_reserve.is_empty());
                    if can {
                        if self.frames[top].draw_left == 0 {
                            self.frames[top].draw_left = count;
                        }
                        return;
                    }
                    self.frames[top].draw_left = 0;
                }
                Op::PlaceTaken { groups, .. } => {
                    if next_pooled(f).is_none() {
                        self.frames[top].pc += 1;
                        continue;
                    }
                    if self.placement_groups(f, groups).next().is_some() {
                        return;
                    }
                    // Cannot happen with cards taken from these groups; never
                    // lose a card all the same: the rest go to the discard.
                    self.discard_pool(top);
                }
                Op::Cancel => {
                    if top > 0 {
                        self.frames[top - 1].cancelled = true;
                    }
                }
            }
            self.frames[top].pc += 1;
        }
    }

    /// The top card is done: to its player's discard pile; resume the turn
    /// when no card is left.
    fn finish_frame(&mut self, cancelled: bool, fizzled: bool) {
        let top = self.frames.len() - 1;
        self.discard_pool(top);
        let f = self.frames.pop().expect("a frame");
        self.zones[f.player as usize].discard[f.card.ix()] += 1;
        let own_turn = f.player == self.seat && self.frames.is_empty();
        if cancelled && own_turn {
            self.counters.actions_cancelled += 1;
        } else if !cancelled && !fizzled && own_turn && self.outlook_changed(&f) {
            self.counters.action_swings += 1;
        }
        self.log(if cancelled {
            Event::ActionCancelled {
                player: f.player,
                kind: f.card,
            }
        } else {
            Event::ActionResolved {
                player: f.player,
                kind: f.card,
                fizzled,
            }
        });
        if self.frames.is_empty() {
            self.phase = f.resume;
            self.resume_turn();
        }
    }

    /// Before an effect changes the cards at group `g`: note who would win
    /// its vote now (once per card played, on the bottom frame), for
    /// `Counters::action_swings`.
    fn touch(&mut self, g: usize) {
        match self.frames.first() {
            Some(f) if f.touched & (1 << g) == 0 => {
                let bits = self.group_outlook(g);
                let f = &mut self.frames[0];
                f.touched |= 1 << g;
                f.outlook |= bits;
            }
            _ => {}
        }
    }

    /// Whether some group the card touched would now elect another winner
    /// than before (the others are unchanged).
    fn outlook_changed(&self, f: &Frame) -> bool {
        (0..self.rules.groups.len()).any(|g| {
            f.touched & (1 << g) != 0 && self.group_outlook(g) != f.outlook & (3 << (2 * g))
        })
    }

    fn discard_pool(&mut self, top: usize) {
        if self.frames[top].pool == [[0; MAX_KINDS]; 2] {
            return;
        }
        for o in 0..2 {
            for k in 0..MAX_KINDS {
                let n = std::mem::take(&mut self.frames[top].pool[o][k]);
                if n > 0 {
                    self.zones[o].discard[k] += n;
                    for _ in 0..n {
                        self.log(Event::Discarded {
                            player: o as u8,
                            kind: Kind(k as u8),
                        });
                    }
                }
            }
        }
    }

    /// Back in the turn after an action card: skip what can no longer be done.
    fn resume_turn(&mut self) {
        let p = self.seat();
        match self.phase {
            Phase::TurnStart if self.first_placements(p).is_empty() => self.placement_done(),
            Phase::Placing => self.after_placing(),
            Phase::Refill => self.after_refill_step(),
            _ => {}
        }
    }

    // ----- Sets and choices ------------------------------------------------

    /// Groups a set covers, as a bit mask (exhausted groups never).
    fn group_mask(&self, groups: &Groups, env: &Env) -> u32 {
        let live = self.live_groups();
        match groups {
            Groups::Any => live,
            Groups::Of(refs) => refs.iter().fold(0, |m, r| m | self.group_bit(*r, env)) & live,
        }
    }

    fn group_bit(&self, r: GroupRef, env: &Env) -> u32 {
        match r {
            GroupRef::Fixed(g) => 1 << g,
            GroupRef::Var(v) => match env[v as usize] {
                Some(Target::Group(g)) => 1 << g,
                _ => 0,
            },
        }
    }

    fn owners(&self, p: usize, owner: Option<Who>) -> [bool; 2] {
        match owner {
            None => [true, true],
            Some(Who::Me) => [p == 0, p == 1],
            Some(Who::Opponent) => [p == 1, p == 0],
        }
    }

    /// Calls `f` for every distinct card of the set (a table card per owner,
    /// group, kind and face; a hand card per owner and kind) with its count.
    fn each_card(&self, p: usize, set: &Set, env: &Env, f: &mut dyn FnMut(Target, u8)) {
        let owners = self.owners(p, set.owner);
        let kind_ok = |k: usize| {
            set.kinds
                .as_ref()
                .is_none_or(|ks| ks.iter().any(|x| x.ix() == k))
        };
        match set.zone {
            Zone::Table => {
                let mask = self.group_mask(&set.groups, env);
                for g in 0..self.rules.groups.len() {
                    if mask & (1 << g) == 0 {
                        continue;
                    }
                    for (o, _) in owners.iter().enumerate().filter(|(_, on)| **on) {
                        if self.groups[g].count[o] == 0 {
                            continue;
                        }
                        for face in [Face::Down, Face::Up] {
                            if set.face.is_some_and(|sf| sf != face) {
                                continue;
                            }
                            for &k in &self.rules.influence_kinds {
                                let n = self.groups[g].cards[o][face_ix(face)][k.ix()];
                                if n > 0 && kind_ok(k.ix()) {
                                    let t = Target::TableCard {
                                        owner: o as u8,
                                        group: g as u8,
                                        kind: k,
                                        face,
                                    };
                                    f(t, n);
                                }
                            }
                        }
                    }
                }
            }
            Zone::Hand => {
                for (o, _) in owners.iter().enumerate().filter(|(_, on)| **on) {
                    for k in 0..self.rules.kinds.len() {
                        let n = self.zones[o].hand[k];
                        if n > 0 && kind_ok(k) {
                            f(
                                Target::HandCard {
                                    owner: o as u8,
                                    kind: Kind(k as u8),
                                },
                                n,
                            );
                        }
                    }
                }
            }
        }
    }

    /// Whether the set has a card (the fast path of `each_card`: whole
    /// sides are tested 16 kinds at a time).
    fn set_nonempty(&self, p: usize, set: &Set, env: &Env) -> bool {
        let owners = self.owners(p, set.owner);
        match set.zone {
            Zone::Table => {
                let mask = self.group_mask(&set.groups, env);
                for g in 0..self.rules.groups.len() {
                    if mask & (1 << g) == 0 {
                        continue;
                    }
                    let gs = &self.groups[g];
                    for o in 0..2 {
                        if !owners[o] || gs.count[o] == 0 {
                            continue;
                        }
                        for (fi, face) in [Face::Down, Face::Up].into_iter().enumerate() {
                            if set.face.is_some_and(|sf| sf != face) {
                                continue;
                            }
                            let side = &gs.cards[o][fi];
                            let any = match &set.kinds {
                                None => u128::from_ne_bytes(*side) != 0,
                                Some(ks) => ks.iter().any(|k| side[k.ix()] > 0),
                            };
                            if any {
                                return true;
                            }
                        }
                    }
                }
                false
            }
            Zone::Hand => (0..2).any(|o| {
                owners[o]
                    && match &set.kinds {
                        None => self.zones[o].hand_len > 0,
                        Some(ks) => ks.iter().any(|k| self.zones[o].hand[k.ix()] > 0),
                    }
            }),
        }
    }

    fn holds(&self, p: usize, cond: &[Cond], env: &Env) -> bool {
        cond.iter().all(|c| match c {
            Cond::Any(set) => self.set_nonempty(p, set, env),
            Cond::No(set) => !self.set_nonempty(p, set, env),
            Cond::NotEqual(a, b) => env[*a as usize] != env[*b as usize],
        })
    }

    /// Whether a `choose` offers `p` at least one target (`choice_options`
    /// without listing them: the playability check of every decision).
    fn has_option(&self, p: usize, op: &Op, env: &Env) -> bool {
        match op {
            Op::ChooseGroup { var, cond } => {
                let live = self.live_groups();
                (0..self.rules.groups.len()).any(|g| {
                    live & (1 << g) != 0 && {
                        let mut e = *env;
                        e[*var as usize] = Some(Target::Group(g as u8));
                        self.holds(p, cond, &e)
                    }
                })
            }
            Op::ChooseCard { from, cond, .. } if cond.is_empty() => self.set_nonempty(p, from, env),
            _ => {
                let mut any = false;
                self.choice_options(p, op, env, &mut |_| any = true);
                any
            }
        }
    }

    /// The targets a `choose` offers `p` (the card's player).
    fn choice_options(&self, p: usize, op: &Op, env: &Env, f: &mut dyn FnMut(Target)) {
        match op {
            Op::ChooseGroup { var, cond } => {
                for g in 0..self.rules.groups.len() {
                    if self.groups[g].exhausted() {
                        continue;
                    }
                    let mut e = *env;
                    e[*var as usize] = Some(Target::Group(g as u8));
                    if self.holds(p, cond, &e) {
                        f(Target::Group(g as u8));
                    }
                }
            }
            Op::ChooseCard { from, cond, .. } if cond.is_empty() => {
                self.each_card(p, from, env, &mut |t, _| f(t));
            }
            Op::ChooseCard { var, from, cond } => {
                self.each_card(p, from, env, &mut |t, _| {
                    let mut e = *env;
                    e[*var as usize] = Some(t);
                    if self.holds(p, cond, &e) {
                        f(t);
                    }
                });
            }
            _ => {}
        }
    }

    /// Groups where the next taken card may go: among `groups`, with room,
    /// leaving room enough for the cards still to place.
    fn placement_groups<'a>(
        &'a self,
        f: &'a Frame,
        groups: &'a [GroupRef],
    ) -> impl Iterator<Item = u8> + 'a {
        let mask = groups.iter().fold(0, |m, r| m | self.group_bit(*r, &f.env));
        let next = next_pooled(f);
        (0..self.rules.groups.len() as u8).filter(move |&g| {
            let Some((o, _)) = next else { return false };
            if mask & (1 << g) == 0 || self.free(o, g as usize) == 0 {
                return false;
            }
            let remaining: u32 = f.pool[o].iter().map(|&n| n as u32).sum::<u32>() - 1;
            let room: u32 = (0..self.rules.groups.len())
                .filter(|&h| mask & (1 << h) != 0)
                .map(|h| self.free(o, h) as u32 - u32::from(h == g as usize))
                .sum();
            room >= remaining
        })
    }

    // ----- Moving cards ----------------------------------------------------

    /// The cards a statement acts on, with their counts.
    fn resolve(&self, top: usize, c: &Cards, out: &mut Resolved) {
        let f = &self.frames[top];
        match c {
            Cards::Var(v) => {
                if let Some(t) = f.env[*v as usize]
                    && self.still_there(t)
                {
                    out.push((t, 1));
                }
            }
            Cards::Set(set) => {
                self.each_card(f.player as usize, set, &f.env, &mut |t, n| out.push((t, n)))
            }
        }
    }

    fn still_there(&self, t: Target) -> bool {
        match t {
            Target::TableCard {
                owner,
                group,
                kind,
                face,
            } => self.groups[group as usize].cards[owner as usize][face_ix(face)][kind.ix()] > 0,
            Target::HandCard { owner, kind } => self.zones[owner as usize].hand[kind.ix()] > 0,
            Target::Group(_) => false,
        }
    }

    fn move_cards(&mut self, top: usize, cards: &Resolved, dest: Dest) {
        for &(t, n) in cards {
            for _ in 0..n {
                self.move_card(top, t, dest);
            }
        }
    }

    fn move_card(&mut self, top: usize, t: Target, dest: Dest) {
        match t {
            Target::TableCard {
                owner,
                group,
                kind,
                face,
            } => {
                let (o, g) = (owner as usize, group as usize);
                self.touch(g);
                if dest == Dest::FaceUp {
                    if face == Face::Down {
                        self.groups[g].cards[o][0][kind.ix()] -= 1;
                        self.groups[g].cards[o][1][kind.ix()] += 1;
                        self.log(Event::Revealed {
                            player: owner,
                            group,
                            kind,
                        });
                    }
                    return;
                }
                self.groups[g].cards[o][face_ix(face)][kind.ix()] -= 1;
                self.groups[g].count[o] -= 1;
                match dest {
                    Dest::Discard => {
                        self.zones[o].discard[kind.ix()] += 1;
                        self.log(Event::InfluenceLost {
                            player: owner,
                            group,
                            kind,
                        });
                    }
                    Dest::Removed => {
                        self.zones[o].removed[kind.ix()] += 1;
                        self.log(Event::CardRemoved {
                            player: owner,
                            group: Some(group),
                            kind,
                        });
                    }
                    Dest::Pool => {
                        self.frames[top].pool[o][kind.ix()] += 1;
                        self.log(Event::Taken {
                            player: owner,
                            group,
                            kind,
                            face,
                        });
                    }
                    Dest::FaceUp => unreachable!(),
                }
            }
            Target::HandCard { owner, kind } => {
                let o = owner as usize;
                match dest {
                    Dest::Discard => {
                        self.take_from_hand(o, kind);
                        self.zones[o].discard[kind.ix()] += 1;
                        self.log(Event::Discarded {
                            player: owner,
                            kind,
                        });
                    }
                    Dest::Removed => {
                        self.take_from_hand(o, kind);
                        self.zones[o].removed[kind.ix()] += 1;
                        self.log(Event::CardRemoved {
                            player: owner,
                            group: None,
                            kind,
                        });
                    }
                    // A hand card has no face, and `take` lifts table cards only
                    // (the compiler refuses both).
                    Dest::FaceUp | Dest::Pool => {}
                }
            }
            Target::Group(_) => {}
        }
    }

    fn look(&mut self, top: usize, cards: &Resolved) {
        let player = self.frames[top].player;
        let mut seen: [arrayvec::ArrayVec<Kind, MAX_HAND>; 2] = Default::default();
        for &(t, n) in cards {
            let (owner, kind) = match t {
                Target::HandCard { owner, kind } => (owner, kind),
                Target::TableCard { owner, kind, .. } => (owner, kind),
                Target::Group(_) => continue,
            };
            for _ in 0..n {
                let _ = seen[owner as usize].try_push(kind);
            }
        }
        for (owner, cards) in seen.into_iter().enumerate() {
            if !cards.is_empty() {
                self.log(Event::Looked {
                    player,
                    owner: owner as u8,
                    cards,
                });
            }
        }
    }
}

/// The distinct cards a statement acts on, with their counts: at most one
/// entry per owner, group, face and kind.
type Resolved = arrayvec::ArrayVec<(Target, u8), { 2 * MAX_GROUPS * 2 * MAX_KINDS }>;

/// Where `move_card` sends a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dest {
    Discard,
    Removed,
    FaceUp,
    Pool,
}

/// The next taken card to place: the first owner's highest kind.
fn next_pooled(f: &Frame) -> Option<(usize, Kind)> {
    (0..2).find_map(|o| {
        (0..MAX_KINDS)
            .rev()
            .find(|&k| f.pool[o][k] > 0)
            .map(|k| (o, Kind(k as u8)))
    })
}
