//! Who wins a vote, as a pure function of the two sides' cards.
//!
//! 000: "Le joueur ayant la plus grosse influence gagne ... Le gagnant perd la
//! carte la plus haute qu'il a jouée sur ce groupe. Le perdant perd la carte la
//! plus basse." With a Philosopher ("Le philosophe interprète le résultat")
//! the lower total wins, but "Le joueur totalisant le plus de points
//! d'influence, même si il a perdu, se débarrasse quand même de sa meilleure
//! carte", and every Philosopher at the group is discarded. Both cases are one
//! rule: the higher total discards its highest card, the lower its lowest.

use super::model::LonePhilosopher;

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

#[cfg(test)]
mod tests {
    use super::*;

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
