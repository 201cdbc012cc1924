//! The final scoring (docs/de-cape.md section 4) and the state's
//! invariants (every card in exactly one place).

use arrayvec::ArrayVec;

use super::model::{MAX_OBJECTIVES, MAX_SEATS, Rules};
use super::state::{NONE, Phase, State};

/// The most domains of a game (`objectives.domains`).
const MAX_DOMAINS: usize = 16;

/// One seat's objectives: how many, their sum, the best of each domain
/// and which they are (bits of `Rules::objectives`).
#[derive(Clone, Copy, Default)]
pub struct Tally {
    pub won: u64,
    pub n: i32,
    pub sum: i32,
    best: [i32; MAX_DOMAINS],
}

impl Tally {
    /// The points (see `State::points`).
    pub fn points(&self, r: &Rules) -> i32 {
        let best = &self.best[..r.domains.len()];
        let every = best.iter().all(|&b| b > 0);
        let special = if r.six_domains && every {
            best.iter().sum::<i32>() * r.multiplier
                + r.per_extra_card * (self.n - best.len() as i32)
        } else {
            0
        };
        if r.sum_of_objectives {
            self.sum.max(special)
        } else {
            special
        }
    }
}

impl State {
    /// Every seat's objectives, in one pass over the pool.
    pub fn tallies(&self) -> [Tally; MAX_SEATS] {
        let r = self.rules();
        let mut t = [Tally::default(); MAX_SEATS];
        for (i, o) in r.objectives.iter().enumerate() {
            let Some(s) = t.get_mut(self.won[i] as usize) else {
                continue;
            };
            s.won |= 1 << i;
            s.n += 1;
            s.sum += i32::from(o.value);
            let b = &mut s.best[o.domain as usize];
            *b = (*b).max(o.value.into());
        }
        t
    }

    /// Seat `p`'s points: the better of the sum of his objectives and,
    /// holding every domain, his best of each domain times the multiplier
    /// plus `per_extra_card` per further objective (003: "Il y a deux
    /// possibilités"; Henri: "15 x 2 = 30 30 - 1 = 29").
    pub fn points(&self, p: usize) -> i32 {
        self.tallies()[p].points(self.rules())
    }

    /// The winner: the most points, then the most objectives of each
    /// value of the tie-breaks (003: "le plus de cartes Objectif de valeur
    /// 5 ... etc."); `None` for a tie that survives them (A9: shared).
    pub fn leader(&self) -> Option<usize> {
        self.leader_of(&self.tallies())
    }

    /// `leader` from the seats' tallies.
    pub fn leader_of(&self, t: &[Tally; MAX_SEATS]) -> Option<usize> {
        let r = self.rules();
        // The most points alone wins: no tie-break to count.
        let points: ArrayVec<i32, MAX_SEATS> = (0..r.players).map(|p| t[p].points(r)).collect();
        let most = *points.iter().max()?;
        let mut top = (0..r.players).filter(|&p| points[p] == most);
        if let (Some(p), None) = (top.next(), top.next()) {
            return Some(p);
        }
        // The objectives of each tie-break value, as bits.
        let of_value: ArrayVec<u64, MAX_OBJECTIVES> = r
            .tie_breaks
            .iter()
            .map(|&v| {
                r.objectives
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| o.value == v)
                    .fold(0, |m, (i, _)| m | 1 << i)
            })
            // A value no objective has, or one given again, ties everyone.
            .fold(ArrayVec::new(), |mut out, m| {
                if m != 0 && !out.contains(&m) {
                    out.push(m);
                }
                out
            });
        let key = |p: usize| {
            let counts: ArrayVec<u32, MAX_OBJECTIVES> = of_value
                .iter()
                .map(|m| (t[p].won & m).count_ones())
                .collect();
            (points[p], counts)
        };
        let keys: ArrayVec<_, MAX_SEATS> = (0..r.players).map(key).collect();
        let best = keys.iter().max()?;
        let mut top = (0..r.players).filter(|&p| keys[p] == *best);
        match (top.next(), top.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// The seats that share the best score and tie-breaks.
    pub fn leaders(&self) -> Vec<usize> {
        let t = self.tallies();
        if let Some(p) = self.leader_of(&t) {
            return vec![p];
        }
        let points: ArrayVec<i32, MAX_SEATS> = (0..self.rules().players)
            .map(|p| t[p].points(self.rules()))
            .collect();
        let best = points.iter().copied().max().unwrap_or(0);
        (0..self.rules().players)
            .filter(|&p| points[p] == best)
            .collect()
    }

    /// Every card of every colour is in exactly one place, in its owner's
    /// zones or a column; columns hold at most their capacity; a choice
    /// has an ability waiting for it.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = self.rules();
        self.table.check_zones(r, r.deck_len())?;
        self.check_turn()
    }

    fn check_turn(&self) -> Result<(), String> {
        let r = self.rules();
        match self.phase() {
            Phase::Over => {
                if !self.columns().is_empty() {
                    return Err("columns left at the end".into());
                }
            }
            _ => {
                if self.actor() == NONE || self.actor() as usize >= r.players {
                    return Err(format!("actor {} out of range", self.actor()));
                }
                if self.columns().len() != r.columns {
                    return Err(format!(
                        "{} columns, not {}",
                        self.columns().len(),
                        r.columns
                    ));
                }
                if self.phase() == Phase::Turn && self.all_realized() {
                    return Err("every objective is realized but the round goes on".into());
                }
            }
        }
        let won = (0..r.objectives.len())
            .filter(|&i| (0..r.players).any(|p| self.won(p).any(|j| j == i)));
        if won.count() > self.round() * r.columns {
            return Err("more objectives won than dealt".into());
        }
        Ok(())
    }
}
