//! The reference: Caesar & Cleopatra's legal moves at each choice point,
//! written plainly, one rule at a time, over readable data (the `Rules`,
//! each player's `Zones`, each group's `GroupState`). It is the rules'
//! specification in code: read it beside the rulebook.
//!
//! The moves are applied by [`State::apply_move`] (state.rs, and effect.rs
//! for an action card's choices): one application, which the kernel uses
//! too. The kernel (`kernel/`: `State::legal`, `random_legal`,
//! `random_step`) lists and picks the same moves from bit masks, for speed;
//! `tests/suite/kernel_equality.rs` holds it to this module at every choice
//! point of many seeded games under every variant and add-on. **Change a
//! rule here first**; that test then says whether the kernel must follow.
//!
//! Nothing here is fast, nor needs to be: the reference serves the tests.
//! The order of the moves is part of the rules' contract with the
//! kernel (a random agent picks the `i`-th), so each list says its order.

use super::compile::{GroupRef, Op, Program};
use super::effect::next_pooled;
use super::model::{ActionTiming, Face, Kind, MAX_GROUPS};
use super::moves::{Move, Reserve, Target};
use super::state::{Phase, State};

/// Every legal move of the player to act, in order (empty once the game
/// is over).
pub fn legal_moves(s: &State) -> Vec<Move> {
    let p = s.seat();
    match s.phase() {
        Phase::ArrangeActions => arrange_actions(s, p),
        Phase::SetupPlace => setup_places(s, p),
        Phase::TurnStart => turn_start(s, p),
        Phase::Placing => placing(s, p),
        Phase::Refill => refill(s, p),
        Phase::PassiveDiscard => passive_discard(s, p),
        Phase::BeforeVote => before_vote(s, p),
        // 000: the lone player places all his influence, face down.
        Phase::LonePlaceAll => places(s, p, Face::Down, &groups_with_room(s, p, 1)),
        Phase::Effect => effect(s),
        Phase::GameOver => Vec::new(),
    }
}

// ----- Setup -----------------------------------------------------------------

/// Setup (`setup.ron`, `Chosen`): the next card of the action reserve, any
/// action kind not yet put there, by kind index.
fn arrange_actions(s: &State, p: usize) -> Vec<Move> {
    kinds_of(s)
        .filter(|k| s.zones(p).unarranged[k.ix()] > 0)
        .map(Move::ArrangeAction)
        .collect()
}

/// Setup: a set-aside influence card, face down at the next group (the
/// group is the setup's order, not a choice): each kind set aside, in the
/// order of the influence kinds.
fn setup_places(s: &State, p: usize) -> Vec<Move> {
    influence_kinds_in(s, &s.zones(p).set_aside)
        .into_iter()
        .map(Move::SetupPlace)
        .collect()
}

// ----- The turn ----------------------------------------------------------------

/// The start of a turn: pass (a passive turn), the first card of a
/// placement, or an action card.
fn turn_start(s: &State, p: usize) -> Vec<Move> {
    let mut out = Vec::new();
    // Once an action card is played the turn is active: no more passing.
    if !s.active {
        out.push(Move::Pass);
    }
    let places = first_places(s, p);
    // An active player must place influence: an action card (which makes
    // the turn active) only if he can, unless `action_without_placement`.
    let actions_offered = !places.is_empty() || s.rules().turn.action_without_placement;
    out.extend(places);
    if actions_offered {
        out.extend(own_actions(s, p, Phase::TurnStart));
    }
    out
}

/// The first card of a turn, per face (down, then up): at any group with
/// room if some placement pattern of that face has one card; else, if a
/// pattern has two, only where the second card can follow (another card
/// of influence in hand, and room for it: at another group with room, or
/// here if this group has room for two).
fn first_places(s: &State, p: usize) -> Vec<Move> {
    let one = groups_with_room(s, p, 1);
    let two = groups_with_room(s, p, 2);
    let second_fits = |g: usize| {
        influence_in_hand(s, p) >= 2 && (two.contains(&g) || one.iter().any(|&h| h != g))
    };
    let mut out = Vec::new();
    for face in [Face::Down, Face::Up] {
        let groups: Vec<usize> = if has_pattern(s, face, 1) {
            one.clone()
        } else if has_pattern(s, face, 2) {
            one.iter().copied().filter(|&g| second_fits(g)).collect()
        } else {
            Vec::new()
        };
        out.extend(places(s, p, face, &groups));
    }
    out
}

/// After a first card: another card of the same face at any group with
/// room, stopping here if some pattern of that face has as many cards as
/// placed, or an action card.
fn placing(s: &State, p: usize) -> Vec<Move> {
    let face = s.placed_face;
    let mut out = places(s, p, face, &groups_with_room(s, p, 1));
    if has_pattern(s, face, s.placed as u32) {
        out.push(Move::EndPlacement);
    }
    out.extend(own_actions(s, p, Phase::Placing));
    out
}

/// Refilling the hand, one card at a time: from a reserve that has one
/// (influence, then action), or an action card.
fn refill(s: &State, p: usize) -> Vec<Move> {
    let mut out = draws(s, p);
    out.extend(own_actions(s, p, Phase::Refill));
    out
}

/// A passive turn: discard any card of the hand (one kind at a time, by
/// kind index), or stop discarding.
fn passive_discard(s: &State, p: usize) -> Vec<Move> {
    let mut out: Vec<Move> = kinds_of(s)
        .filter(|k| s.zones(p).hand[k.ix()] > 0)
        .map(Move::Discard)
        .collect();
    out.push(Move::EndDiscard);
    out
}

/// The end of an active turn: turn up the vote card, or an action card.
fn before_vote(s: &State, p: usize) -> Vec<Move> {
    let mut out = vec![Move::DrawVote];
    out.extend(own_actions(s, p, Phase::BeforeVote));
    out
}

// ----- Placing influence -------------------------------------------------------

/// Each influence kind in `p`'s hand (in the order of the influence
/// kinds) at each of `groups` (ascending), face `face`: kind by kind.
fn places(s: &State, p: usize, face: Face, groups: &[usize]) -> Vec<Move> {
    let mut out = Vec::new();
    for kind in influence_kinds_in(s, &s.zones(p).hand) {
        for &g in groups {
            out.push(Move::Place {
                kind,
                group: g as u8,
                face,
            });
        }
    }
    out
}

/// The groups where `p` has room for `n` more cards in a turn: patricians
/// left, not frozen (an extraordinary vote tied there), and below both
/// limits (`limits.ron`: cards per side, cards per group).
fn groups_with_room(s: &State, p: usize, n: u8) -> Vec<usize> {
    (0..s.rules().groups.len())
        .filter(|&g| room(s, p, g) >= n)
        .collect()
}

/// How many more cards `p` may place at group `g`.
fn room(s: &State, p: usize, g: usize) -> u8 {
    let group = s.group(g);
    if group.exhausted() || group.frozen {
        return 0;
    }
    let limits = &s.rules().limits;
    let own = limits.per_side.saturating_sub(group.count[p]);
    let all = limits.per_group.saturating_sub(group.total());
    own.min(all)
}

/// Whether `turn.ron` has a placement pattern of `cards` cards of `face`.
fn has_pattern(s: &State, face: Face, cards: u32) -> bool {
    s.rules()
        .turn
        .placements
        .iter()
        .any(|pl| pl.face == face && pl.cards == cards)
}

/// Influence cards in `p`'s hand.
fn influence_in_hand(s: &State, p: usize) -> u32 {
    let hand = &s.zones(p).hand;
    s.rules()
        .influence_kinds
        .iter()
        .map(|k| u32::from(hand[k.ix()]))
        .sum()
}

// ----- Drawing ---------------------------------------------------------------

/// A draw from each reserve of `p` that has a card: influence, then action.
fn draws(s: &State, p: usize) -> Vec<Move> {
    let z = s.zones(p);
    let mut out = Vec::new();
    if !z.influence_reserve.is_empty() {
        out.push(Move::Draw(Reserve::Influence));
    }
    if !z.action_reserve.is_empty() {
        out.push(Move::Draw(Reserve::Action));
    }
    out
}

// ----- Action cards ------------------------------------------------------------

/// The action cards `p` may play in his own turn now (`phase`), by kind
/// index: while he has played fewer than `turn.actions_per_turn`, when
/// the phase allows one, each action card in hand that is not a reaction
/// and whose first choices can all be answered.
fn own_actions(s: &State, p: usize, phase: Phase) -> Vec<Move> {
    let turn = &s.rules().turn;
    let any_time = turn.action_timing == ActionTiming::AnyTime;
    let allowed = match phase {
        // Playing one makes the turn active.
        Phase::TurnStart => true,
        Phase::Placing => s.active,
        // 001: "il doit obligatoirement le faire avant de recompléter sa
        // main": not once the refill has begun (unless `AnyTime`).
        Phase::Refill => s.active && (any_time || s.refill_draws == 0),
        Phase::BeforeVote => any_time,
        _ => false,
    };
    if !allowed || s.actions_played >= turn.actions_per_turn {
        return Vec::new();
    }
    kinds_of(s)
        .filter(|k| s.zones(p).hand[k.ix()] > 0)
        .filter(|&k| {
            program(s, k).is_some_and(|prog| prog.trigger.is_none() && can_start(s, p, prog))
        })
        .map(Move::PlayAction)
        .collect()
}

/// Whether `p` could answer the first run of `choose` statements of a
/// program (a card whose first choice has no target cannot be played).
fn can_start(s: &State, p: usize, prog: &Program) -> bool {
    s.first_choice_has_target(p, prog)
}

fn program(s: &State, k: Kind) -> Option<&Program> {
    s.rules().program(k)
}

// ----- An action card's choices --------------------------------------------------

/// The choice point of the action card on top: the reaction window, or the
/// statement it stopped at.
fn effect(s: &State) -> Vec<Move> {
    let Some(f) = s.frames.last() else {
        return Vec::new();
    };
    if f.awaiting_reaction {
        return reaction_window(s, 1 - f.player as usize, f.card);
    }
    let p = f.player as usize;
    let mut out = Vec::new();
    match s.rules().op(f.card, f.pc) {
        // The targets of a `choose`: the effect language's meaning,
        // interpreted by effect.rs (`choice_options`).
        Some(op @ (Op::ChooseGroup { .. } | Op::ChooseCard { .. })) => {
            s.choice_options(p, op, &f.env, |t| {
                out.push(Move::Choose(t));
                false
            });
        }
        // `draw`: from a reserve of the drawing player that has a card;
        // `Decline` if the draw is optional.
        Some(Op::Draw { who, optional, .. }) => {
            out = draws(s, s.who(f, *who));
            if *optional {
                out.push(Move::Decline);
            }
        }
        Some(Op::PlaceTaken { groups, .. }) => {
            out = place_taken(s, groups)
                .into_iter()
                .map(|g| Move::Choose(Target::Group(g as u8)))
                .collect();
        }
        _ => {}
    }
    out
}

/// The opponent may answer `played` with a reaction card in his hand (by
/// kind index) that it opens (its trigger, `played` not among its
/// exceptions) and whose first choices he can answer; or decline.
fn reaction_window(s: &State, responder: usize, played: Kind) -> Vec<Move> {
    let mut out: Vec<Move> = kinds_of(s)
        .filter(|k| s.zones(responder).hand[k.ix()] > 0)
        .filter(|&k| {
            program(s, k).is_some_and(|prog| {
                prog.trigger
                    .as_ref()
                    .is_some_and(|t| !t.except.contains(&played))
                    && can_start(s, responder, prog)
            })
        })
        .map(Move::PlayAction)
        .collect();
    out.push(Move::Decline);
    out
}

/// `place taken`: the groups (of the statement's) where the next card
/// taken may go: its owner has room there, and the groups together have
/// room for every card of his still to place.
fn place_taken(s: &State, groups: &[GroupRef]) -> Vec<usize> {
    let f = s.frames.last().expect("an effect in progress");
    let Some((owner, _)) = next_pooled(f) else {
        return Vec::new();
    };
    let mut listed = [false; MAX_GROUPS];
    for r in groups {
        match *r {
            GroupRef::Fixed(g) => listed[g as usize] = true,
            GroupRef::Var(v) => {
                if let Some(Target::Group(g)) = f.env[v as usize] {
                    listed[g as usize] = true;
                }
            }
        }
    }
    let targets: Vec<usize> = (0..MAX_GROUPS).filter(|&g| listed[g]).collect();
    let room: u32 = targets.iter().map(|&g| u32::from(s.free(owner, g))).sum();
    let to_place: u32 = f.pool[owner].iter().map(|&n| u32::from(n)).sum();
    if room < to_place {
        return Vec::new();
    }
    targets
        .into_iter()
        .filter(|&g| s.free(owner, g) > 0)
        .collect()
}

// ----- Cards -----------------------------------------------------------------

/// Every kind of the rules, by index.
fn kinds_of(s: &State) -> impl Iterator<Item = Kind> {
    (0..s.rules().kinds.len()).map(|k| Kind(k as u8))
}

/// The influence kinds with a card in `counts`, in the rules' order of
/// influence kinds.
fn influence_kinds_in(s: &State, counts: &super::model::Counts) -> Vec<Kind> {
    s.rules()
        .influence_kinds
        .iter()
        .copied()
        .filter(|k| counts[k.ix()] > 0)
        .collect()
}
