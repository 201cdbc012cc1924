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
        let o = 1 - observer;
        s.shuffle_unknown_orders(observer, rng);
        s.redraw_missions(o, rng);
        if matches!(s.phase, Phase::ArrangeActions | Phase::SetupPlace) {
            s.redraw_setup_cards(o, rng);
        } else {
            let hand_known = self.hand_seen_by(observer);
            let unseen = s.unseen_cards(o, hand_known);
            s.redraw_cards(o, hand_known, &unseen, rng);
        }
        s.rng = seed::rng(rng.next_u64());
        s
    }

    /// Shuffles what `observer` knows the contents but not the order of:
    /// his influence reserve (his action reserve too when it was shuffled)
    /// and the vote draw pile.
    fn shuffle_unknown_orders(&mut self, observer: usize, rng: &mut AgentRng) {
        shuffle_sorted(self.zones[observer].influence_reserve.as_mut_slice(), rng);
        if self.rules.setup.action_reserve == ActionReserve::Shuffled {
            shuffle_sorted(self.zones[observer].action_reserve.as_mut_slice(), rng);
        }
        shuffle_sorted(self.vote_pile.as_mut_slice(), rng);
    }

    /// Redraws the missions of `o` (the opponent) from his and the boxed
    /// ones, keeping their number, and recounts the points.
    fn redraw_missions(&mut self, o: usize, rng: &mut AgentRng) {
        let n_missions = self.zones[o].missions.len();
        let mut pool: arrayvec::ArrayVec<u8, 24> = self
            .missions_boxed
            .iter()
            .chain(self.zones[o].missions.iter())
            .copied()
            .collect();
        pool.sort_unstable();
        seed::shuffle(&mut pool, rng);
        self.zones[o].missions.clear();
        self.missions_boxed.clear();
        for (i, m) in pool.into_iter().enumerate() {
            if i < n_missions {
                self.zones[o].missions.push(m);
            } else {
                self.missions_boxed.push(m);
            }
        }
        self.points = self.count_points();
    }

    /// During setup, redraws the cards of `o` (the opponent): his face-down
    /// cards come from the set-aside cards (two series of values), and his
    /// reserves, which hold the rest, are shuffled.
    fn redraw_setup_cards(&mut self, o: usize, rng: &mut AgentRng) {
        let n_groups = self.rules.groups.len();
        let mut aside: Vec<Kind> = Vec::with_capacity(16);
        for g in 0..n_groups {
            for k in 0..MAX_KINDS {
                push_n(&mut aside, k, self.groups[g].cards[o][0][k]);
                self.groups[g].cards[o][0][k] = 0;
            }
        }
        for k in 0..MAX_KINDS {
            push_n(&mut aside, k, self.zones[o].set_aside[k]);
            self.zones[o].set_aside[k] = 0;
        }
        shuffle_sorted(&mut aside, rng);
        let mut it = aside.into_iter();
        for g in 0..n_groups {
            let n: u8 = self.count[o][g] - self.groups[g].cards[o][1].iter().sum::<u8>();
            for _ in 0..n {
                let k = it.next().expect("as many set-aside cards as slots");
                self.groups[g].cards[o][0][k.ix()] += 1;
            }
        }
        for k in it {
            self.zones[o].set_aside[k.ix()] += 1;
        }
        shuffle_sorted(self.zones[o].influence_reserve.as_mut_slice(), rng);
        shuffle_sorted(self.zones[o].action_reserve.as_mut_slice(), rng);
    }

    /// What the observer cannot see of the deck of `o` (the opponent), by
    /// kind: the deck less his discard pile, removed and unarranged cards,
    /// his face-up cards, the cards in effects' pools and the action cards
    /// he is playing (and his hand when `hand_known`).
    fn unseen_cards(&self, o: usize, hand_known: bool) -> Counts {
        let mut unseen: Counts = self.rules.factions[o].deck;
        let mut sub = |c: &Counts| {
            for k in 0..MAX_KINDS {
                unseen[k] -= c[k];
            }
        };
        let z = &self.zones[o];
        sub(&z.discard);
        sub(&z.removed);
        sub(&z.unarranged);
        if hand_known {
            sub(&z.hand);
        }
        for g in 0..self.rules.groups.len() {
            sub(&self.groups[g].cards[o][1]);
        }
        for f in &self.frames {
            sub(&f.pool[o]);
        }
        for f in &self.frames {
            if f.player as usize == o {
                unseen[f.card.ix()] -= 1;
            }
        }
        unseen
    }

    /// Redraws the hidden cards of `o` (the opponent) from the `unseen`
    /// ones, shuffled: each hidden place is emptied and dealt as many cards
    /// as it held (his hand too unless `hand_known`).
    fn redraw_cards(&mut self, o: usize, hand_known: bool, unseen: &Counts, rng: &mut AgentRng) {
        let rules = self.rules.clone();
        let r = &*rules;
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
        let hidden = self.empty_hidden(o, hand_known);

        // Action cards: the action reserve, the rest in the hand.
        let mut acts = actions.into_iter();
        for k in acts.by_ref().take(hidden.action_reserve) {
            self.zones[o].action_reserve.push(k);
        }
        let mut in_hand = 0;
        for k in acts {
            debug_assert!(!hand_known, "a known hand leaves no action card unseen");
            self.zones[o].hand[k.ix()] += 1;
            in_hand += 1;
        }
        // Influence cards: the rest of the hand, the face-down slots, the
        // set-aside cards, the influence reserve.
        let mut inf = influence.into_iter();
        if !hand_known {
            for k in inf.by_ref().take(hidden.hand - in_hand) {
                self.zones[o].hand[k.ix()] += 1;
            }
        }
        for g in 0..r.groups.len() {
            for k in inf.by_ref().take(hidden.down[g] as usize) {
                self.groups[g].cards[o][0][k.ix()] += 1;
            }
        }
        for k in inf.by_ref().take(hidden.aside as usize) {
            self.zones[o].set_aside[k.ix()] += 1;
        }
        for k in inf {
            self.zones[o].influence_reserve.push(k);
        }
        debug_assert_eq!(
            self.zones[o].influence_reserve.len(),
            hidden.influence_reserve
        );
    }

    /// Empties the hidden places of `o` (his hand unless `hand_known`, his
    /// face-down cards, set-aside cards and reserves), returning their sizes.
    fn empty_hidden(&mut self, o: usize, hand_known: bool) -> Hidden {
        let hand = self.zones[o].hand_len as usize;
        if !hand_known {
            self.zones[o].hand = [0; MAX_KINDS];
        }
        let mut down = [0u8; super::model::MAX_GROUPS];
        for g in 0..self.rules.groups.len() {
            down[g] = self.groups[g].cards[o][0].iter().sum();
            self.groups[g].cards[o][0] = [0; MAX_KINDS];
        }
        let aside: u8 = self.zones[o].set_aside.iter().sum();
        self.zones[o].set_aside = [0; MAX_KINDS];
        let hidden = Hidden {
            hand,
            down,
            aside,
            influence_reserve: self.zones[o].influence_reserve.len(),
            action_reserve: self.zones[o].action_reserve.len(),
        };
        self.zones[o].influence_reserve.clear();
        self.zones[o].action_reserve.clear();
        hidden
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

/// The sizes of a player's hidden places, emptied to be dealt anew.
struct Hidden {
    /// Cards in the hand.
    hand: usize,
    /// Face-down cards per group.
    down: [u8; super::model::MAX_GROUPS],
    /// Set-aside cards.
    aside: u8,
    influence_reserve: usize,
    action_reserve: usize,
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
