//! Who wins a vote, as a pure function of the two sides' cards.
//!
//! 000: "Le joueur ayant la plus grosse influence gagne ... Le gagnant perd la
//! carte la plus haute qu'il a jouée sur ce groupe. Le perdant perd la carte la
//! plus basse." With a Philosopher ("Le philosophe interprète le résultat")
//! the lower total wins, but "Le joueur totalisant le plus de points
//! d'influence, même si il a perdu, se débarrasse quand même de sa meilleure
//! carte", and every Philosopher at the group is discarded. Both cases are one
//! rule: the higher total discards its highest card, the lower its lowest.
//!
//! Also the vote deck's shuffle ([`shuffle`]).

use rand::RngExt;

use super::model::LonePhilosopher;
use crate::engine::seed::Rng;

/// One side of a group at the moment of a vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Sum of the influence values (a Philosopher counts 0).
    pub total: u32,
    /// Cards that invert the vote (Philosophers).
    pub inverters: u8,
    /// All influence cards on this side, inverters included.
    pub cards: u8,
}

/// The decision of a vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Equal totals: nothing moves, everything stays face up.
    Tie,
    /// A lone Philosopher is the only card: decision postponed (000, 002).
    Postponed,
    /// `winner` takes the top patrician. `higher` is the side with the higher
    /// total (it discards its highest card; the other side its lowest), or
    /// `None` when the totals are both zero (001's lone Philosopher).
    Won {
        winner: usize,
        higher: Option<usize>,
        inverted: bool,
    },
}

/// Decides a vote. 000's special cases, each one line here:
/// - "Si chacun des joueurs a joué une carte philosophe, elles s'annulent":
///   equal inverter counts cancel;
/// - "Si un joueur a joué une carte philosophe et l'autre deux, alors le
///   joueur possédant le moins d'influence l'emporte": unequal counts invert;
/// - "Si un joueur a misé deux cartes Philosophe et son adversaire aucune, les
///   deux cartes agissent comme si il s'agissait d'une seule": likewise;
/// - "Si d'un côté ... il n'y a qu'une carte philosophe et de l'autre des
///   cartes influence, c'est le joueur ayant posé le philosophe qui
///   l'emporte": 0 is the lower total;
/// - "Si il n'y a qu'une carte de philosophe sur un groupe": `lone_philosopher`;
/// - "Si ... les joueurs sont a égalité, les cartes restent découvertes":
///   equal totals tie.
pub fn decide(sides: [Tally; 2], lone_philosopher: LonePhilosopher) -> Decision {
    let cards = sides[0].cards + sides[1].cards;
    if cards == 1 && sides[0].inverters + sides[1].inverters == 1 {
        let placer = if sides[0].inverters == 1 { 0 } else { 1 };
        return match lone_philosopher {
            LonePhilosopher::Postponed => Decision::Postponed,
            LonePhilosopher::PlacerWins => Decision::Won {
                winner: placer,
                higher: None,
                inverted: true,
            },
        };
    }
    if sides[0].total == sides[1].total {
        return Decision::Tie;
    }
    let inverted = sides[0].inverters != sides[1].inverters;
    let higher = if sides[0].total > sides[1].total {
        0
    } else {
        1
    };
    let winner = if inverted { 1 - higher } else { higher };
    Decision::Won {
        winner,
        higher: Some(higher),
        inverted,
    }
}

/// Shuffles `items` exactly as rand's `SliceRandom::shuffle` does (rand
/// 0.10: Fisher–Yates from the front, the swap index for position `i` uniform
/// in `0..=i`, decoded from one `random_range` draw per run of positions whose
/// bounds multiply within `u32`), drawing the same numbers from `rng`, so that
/// seeded games stay the same. Written out because rand's generic code costs
/// several times more on a vote deck's few cards; a test holds it to rand's.
pub fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    /// For bounds from `n`: the longest product n(n+1)..(n+k-1) within
    /// `u32`, and its length k.
    const fn run(n: u32) -> (u32, u32) {
        let (mut bound, mut k) = (n, 1);
        while let Some(b) = bound.checked_mul(n + k) {
            bound = b;
            k += 1;
        }
        (bound, k)
    }
    /// The first run (every shuffle of a few cards needs no other).
    const FROM_2: (u32, u32) = run(2);
    if items.len() <= 1 {
        return;
    }
    // The first index is always 0: no draw.
    let (mut chunk, mut left) = (0u32, 0u32);
    for i in 1..items.len() {
        let n = i as u32 + 1;
        if left == 0 {
            // One draw for the indices of the next k positions.
            let (bound, k) = if n == 2 { FROM_2 } else { run(n) };
            chunk = rng.random_range(..bound);
            left = k;
        }
        left -= 1;
        let j = if left == 0 {
            chunk
        } else {
            let r = chunk % n;
            chunk /= n;
            r
        };
        items.swap(i, j as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_is_rands() {
        use rand::seq::SliceRandom;
        for len in 0..40u32 {
            for seed in 0..50 {
                let (mut a, mut b) = (
                    crate::engine::seed::rng(seed),
                    crate::engine::seed::rng(seed),
                );
                let mut x: Vec<u32> = (0..len).collect();
                let mut y = x.clone();
                x.shuffle(&mut a);
                shuffle(&mut y, &mut b);
                assert_eq!(x, y, "len {len}, seed {seed}");
                assert_eq!(a.random_range(..1u64 << 40), b.random_range(..1u64 << 40));
            }
        }
    }

    fn t(total: u32, inverters: u8, cards: u8) -> Tally {
        Tally {
            total,
            inverters,
            cards,
        }
    }

    #[test]
    fn aediles_example_higher_total_wins() {
        // Caesar 3+4 = 7 (side 1), Cleopatra 2+3+3 = 8 (side 0).
        let d = decide([t(8, 0, 3), t(7, 0, 2)], LonePhilosopher::Postponed);
        assert_eq!(
            d,
            Decision::Won {
                winner: 0,
                higher: Some(0),
                inverted: false
            }
        );
    }

    #[test]
    fn censors_example_philosopher_inverts() {
        // Cleopatra 4+5 = 9, Caesar 3 + Philosopher.
        let d = decide([t(9, 0, 2), t(3, 1, 2)], LonePhilosopher::Postponed);
        assert_eq!(
            d,
            Decision::Won {
                winner: 1,
                higher: Some(0),
                inverted: true
            }
        );
    }

    #[test]
    fn philosopher_special_cases() {
        use LonePhilosopher::*;
        // Tie, even with a Philosopher.
        assert_eq!(decide([t(5, 1, 2), t(5, 0, 2)], Postponed), Decision::Tie);
        // Lone Philosopher: postponed (000, 002) or its placer wins (001).
        assert_eq!(
            decide([t(0, 1, 1), t(0, 0, 0)], Postponed),
            Decision::Postponed
        );
        assert!(matches!(
            decide([t(0, 0, 0), t(0, 1, 1)], PlacerWins),
            Decision::Won { winner: 1, .. }
        ));
        // Philosopher alone on one side, influence on the other: P side wins.
        assert!(matches!(
            decide([t(0, 1, 1), t(6, 0, 2)], Postponed),
            Decision::Won { winner: 0, .. }
        ));
        // One each: they cancel, the higher total wins.
        assert!(matches!(
            decide([t(4, 1, 2), t(6, 1, 2)], Postponed),
            Decision::Won {
                winner: 1,
                inverted: false,
                ..
            }
        ));
        // One against two: the lower total wins.
        assert!(matches!(
            decide([t(4, 1, 2), t(6, 2, 3)], Postponed),
            Decision::Won {
                winner: 0,
                inverted: true,
                ..
            }
        ));
        // Two against none act as one.
        assert!(matches!(
            decide([t(4, 2, 3), t(6, 0, 2)], Postponed),
            Decision::Won {
                winner: 0,
                inverted: true,
                ..
            }
        ));
        // Each a lone Philosopher and nothing else: totals 0 = 0, nothing happens.
        assert_eq!(decide([t(0, 1, 1), t(0, 1, 1)], PlacerWins), Decision::Tie);
    }
}
