//! Determinization: a copy of the state in which everything one player
//! cannot know is redrawn at random, consistently with what he knows
//! (information-set search samples a state this way, then plays it as if
//! it were the real one).
//!
//! What the observer knows, and is kept: his own hand, his own face-down
//! cards, his missions, every face-up card, every discard pile and removed
//! card, the vote discard pile and removed vote cards, every count (hand
//! sizes, reserve sizes, face-down cards per group and player), the phase and
//! the effects in progress, and (only when setup.ron says `Chosen`) the
//! order of his own action reserve.
//!
//! What he does not know, and is redrawn: the opponent's hand, his face-down
//! cards, his reserves and their order, his missions (among the mission cards
//! the observer has not got), the order of the observer's own influence
//! reserve (and of his action reserve when it was shuffled), the order of the
//! vote draw pile, and the state's RNG (future chance).
//!
//! The redrawn cards are built from counts only (what the observer can
//! deduce), never from the hidden cards themselves, so two states that look
//! the same to the observer give the same determinization for the same RNG.
//!
//! Two simplifications: knowledge gained earlier in the game (an effect's look
//! at a hand whose card is over, the composition of the set-aside cards
//! after setup) is forgotten; and cards lifted off the table by an effect
//! still in progress (`take`) are treated as seen.

use rand::Rng as _;

use super::compile::{Cards, Op, Who, Zone};
use super::model::{ActionReserve, Counts, Kind, MAX_KINDS};
use super::state::{Phase, State};
use crate::engine::seed::{self, AgentRng};

impl State {
    /// A determinization of this state for `observer`: a copy in which what
    /// `observer` cannot see is redrawn at random from `rng`, consistently
    /// with what he can see (see the module documentation). The copy keeps
    /// the phase and the effects in progress, records no events, and has a
    /// fresh RNG drawn from `rng`.
    pub fn resample(&self, observer: usize, rng: &mut AgentRng) -> State {
        let mut s = self.clone();
        s.events = Vec::new();
        let rules = s.rules.clone();
        let r = &*rules;
        let o = 1 - observer;

        // ----- The observer's own unknown orders ---------------------------
        shuffle_sorted(s.zones[observer].influence_reserve.as_mut_slice(), rng);
        if r.setup.action_reserve == ActionReserve::Shuffled {
            shuffle_sorted(s.zones[observer].action_reserve.as_mut_slice(), rng);
        }
        shuffle_sorted(s.vote_pile.as_mut_slice(), rng);

        // ----- The opponent's missions ---------------------------------------
        let n_missions = s.zones[o].missions.len();
        let mut pool: arrayvec::ArrayVec<u8, 24> = s
            .missions_boxed
            .iter()
            .chain(s.zones[o].missions.iter())
            .copied()
            .collect();
        pool.sort_unstable();
        seed::shuffle(&mut pool, rng);
        s.zones[o].missions.clear();
        s.missions_boxed.clear();
        for (i, m) in pool.into_iter().enumerate() {
            if i < n_missions {
                s.zones[o].missions.push(m);
            } else {
                s.missions_boxed.push(m);
            }
        }
        s.points = s.count_points();

        // ----- The opponent's cards ------------------------------------------
        let n_groups = r.groups.len();
        if matches!(s.phase, Phase::ArrangeActions | Phase::SetupPlace) {
            // During setup the face-down cards come from the set-aside cards
            // (two series of values), and the reserves hold the rest.
            let mut aside: Vec<Kind> = Vec::with_capacity(16);
            for g in 0..n_groups {
                for k in 0..MAX_KINDS {
                    push_n(&mut aside, k, s.groups[g].cards[o][0][k]);
                    s.groups[g].cards[o][0][k] = 0;
                }
            }
            for k in 0..MAX_KINDS {
                push_n(&mut aside, k, s.zones[o].set_aside[k]);
                s.zones[o].set_aside[k] = 0;
            }
            shuffle_sorted(&mut aside, rng);
            let mut it = aside.into_iter();
            for g in 0..n_groups {
                let n: u8 = s.count[o][g] - s.groups[g].cards[o][1].iter().sum::<u8>();
                for _ in 0..n {
                    let k = it.next().expect("as many set-aside cards as slots");
                    s.groups[g].cards[o][0][k.ix()] += 1;
                }
            }
            for k in it {
                s.zones[o].set_aside[k.ix()] += 1;
            }
            shuffle_sorted(s.zones[o].influence_reserve.as_mut_slice(), rng);
            shuffle_sorted(s.zones[o].action_reserve.as_mut_slice(), rng);
            s.rng = seed::rng(rng.next_u64());
            return s;
        }

        let hand_known = self.hand_seen_by(observer);
        // What the observer cannot see of the opponent's deck, by kind.
        let mut unseen: Counts = r.factions[o].deck;
        let mut sub = |c: &Counts| {
            for k in 0..MAX_KINDS {
                unseen[k] -= c[k];
            }
        };
        let z = &s.zones[o];
        sub(&z.discard);
        sub(&z.removed);
        sub(&z.unarranged);
        if hand_known {
            sub(&z.hand);
        }
        for g in 0..n_groups {
            sub(&s.groups[g].cards[o][1]);
        }
        for f in &s.frames {
            sub(&f.pool[o]);
        }
        for f in &s.frames {
            if f.player as usize == o {
                unseen[f.card.ix()] -= 1;
            }
        }

        let mut actions: Vec<Kind> = Vec::with_capacity(16);
        let mut influence: Vec<Kind> = Vec::with_capacity(48);
        for k in 0..r.kinds.len() {
            if r.kinds[k].influence {
                push_n(&mut influence, k, unseen[k]);
            } else {
                push_n(&mut actions, k, unseen[k]);
            }
        }
        seed::shuffle(&mut actions, rng);
        seed::shuffle(&mut influence, rng);

        // Empty the hidden slots, remembering their sizes.
        let hand_len = s.zones[o].hand_len as usize;
        if !hand_known {
            s.zones[o].hand = [0; MAX_KINDS];
        }
        let mut down = [0u8; super::model::MAX_GROUPS];
        for g in 0..n_groups {
            down[g] = s.groups[g].cards[o][0].iter().sum();
            s.groups[g].cards[o][0] = [0; MAX_KINDS];
        }
        let aside: u8 = s.zones[o].set_aside.iter().sum();
        s.zones[o].set_aside = [0; MAX_KINDS];
        let n_inf_reserve = s.zones[o].influence_reserve.len();
        let n_act_reserve = s.zones[o].action_reserve.len();
        s.zones[o].influence_reserve.clear();
        s.zones[o].action_reserve.clear();

        // Action cards: the action reserve, the rest in the hand.
        let mut acts = actions.into_iter();
        for k in acts.by_ref().take(n_act_reserve) {
            s.zones[o].action_reserve.push(k);
        }
        let mut in_hand = 0;
        for k in acts {
            debug_assert!(!hand_known, "a known hand leaves no action card unseen");
            s.zones[o].hand[k.ix()] += 1;
            in_hand += 1;
        }
        // Influence cards: the rest of the hand, the face-down slots, the
        // set-aside cards, the influence reserve.
        let mut inf = influence.into_iter();
        if !hand_known {
            for k in inf.by_ref().take(hand_len - in_hand) {
                s.zones[o].hand[k.ix()] += 1;
            }
        }
        for g in 0..n_groups {
            for k in inf.by_ref().take(down[g] as usize) {
                s.groups[g].cards[o][0][k.ix()] += 1;
            }
        }
        for k in inf.by_ref().take(aside as usize) {
            s.zones[o].set_aside[k.ix()] += 1;
        }
        for k in inf {
            s.zones[o].influence_reserve.push(k);
        }
        debug_assert_eq!(s.zones[o].influence_reserve.len(), n_inf_reserve);

        s.rng = seed::rng(rng.next_u64());
        s
    }

    /// Whether `observer` is looking at his opponent's hand right now: an
    /// effect of his in progress has already run a `look at` the hand.
    fn hand_seen_by(&self, observer: usize) -> bool {
        self.frames.iter().any(|f| {
            f.player as usize == observer
                && self.rules.program(f.card).is_some_and(|p| {
                    p.ops[..(f.pc as usize).min(p.ops.len())].iter().any(|op| {
                        matches!(op, Op::Look(Cards::Set(set))
                            if set.zone == Zone::Hand && set.owner != Some(Who::Me))
                    })
                })
        })
    }
}

fn push_n(v: &mut Vec<Kind>, k: usize, n: u8) {
    for _ in 0..n {
        v.push(Kind(k as u8));
    }
}

/// Shuffles after sorting, so that the result depends on the contents only,
/// not on their hidden order.
fn shuffle_sorted<T: Ord>(v: &mut [T], rng: &mut AgentRng) {
    v.sort_unstable();
    seed::shuffle(v, rng);
}
