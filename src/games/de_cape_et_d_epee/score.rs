//! The final scoring (docs/de-cape.md section 4) and the state's
//! invariants (every card in exactly one place).

use super::state::{NONE, Phase, State};

impl State {
    /// Seat `p`'s points: the better of the sum of his objectives and,
    /// holding every domain, his best of each domain times the multiplier
    /// plus `per_extra_card` per further objective (003: "Il y a deux
    /// possibilités"; Henri: "15 x 2 = 30 30 - 1 = 29").
    pub fn points(&self, p: usize) -> i32 {
        let r = self.rules();
        let mut sum = 0;
        let mut best = vec![0i32; r.domains.len()];
        let mut n = 0;
        for o in self.won(p).map(|i| r.objectives[i]) {
            sum += i32::from(o.value);
            n += 1;
            let b = &mut best[o.domain as usize];
            *b = (*b).max(o.value.into());
        }
        let every = best.iter().all(|&b| b > 0);
        let special = if r.six_domains && every {
            best.iter().sum::<i32>() * r.multiplier + r.per_extra_card * (n - best.len() as i32)
        } else {
            0
        };
        if r.sum_of_objectives {
            sum.max(special)
        } else {
            special
        }
    }

    /// The winner: the most points, then the most objectives of each
    /// value of the tie-breaks (003: "le plus de cartes Objectif de valeur
    /// 5 ... etc."); `None` for a tie that survives them (A9: shared).
    pub fn leader(&self) -> Option<usize> {
        let r = self.rules();
        let key = |p: usize| {
            let counts: Vec<usize> = r
                .tie_breaks
                .iter()
                .map(|&v| self.won(p).filter(|&i| r.objectives[i].value == v).count())
                .collect();
            (self.points(p), counts)
        };
        let keys: Vec<_> = (0..r.players).map(key).collect();
        let best = keys.iter().max()?;
        let mut top = (0..r.players).filter(|&p| keys[p] == *best);
        match (top.next(), top.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// The seats that share the best score and tie-breaks.
    pub fn leaders(&self) -> Vec<usize> {
        if let Some(p) = self.leader() {
            return vec![p];
        }
        let best = (0..self.rules().players)
            .map(|p| self.points(p))
            .max()
            .unwrap_or(0);
        (0..self.rules().players)
            .filter(|&p| self.points(p) == best)
            .collect()
    }

    /// Every card of every colour is in exactly one place, in its owner's
    /// zones or a column; columns hold at most their capacity; a choice
    /// has an ability waiting for it.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = self.rules();
        let n = r.players * r.deck_len();
        let mut seen = vec![0u8; n];
        let mut mark = |c: u8, where_: &str, owner: Option<usize>| -> Result<(), String> {
            let i = c as usize;
            if i >= n {
                return Err(format!("card {c} in {where_} does not exist"));
            }
            if owner.is_some_and(|o| r.owner(c) != o) {
                return Err(format!("card {c} of seat {} in {where_}", r.owner(c)));
            }
            seen[i] += 1;
            Ok(())
        };
        for p in 0..r.players {
            for (name, pile) in [
                ("hand", self.hand(p)),
                ("reserve", self.reserve(p)),
                ("discard", self.discard(p)),
            ] {
                for &c in pile {
                    mark(c, &format!("the {name} of seat {p}"), Some(p))?;
                }
            }
        }
        for (i, col) in self.columns().iter().enumerate() {
            if col.cards.len() > r.column_capacity {
                return Err(format!("column {i} holds {} cards", col.cards.len()));
            }
            for &c in &col.cards {
                mark(c, &format!("column {i}"), None)?;
            }
        }
        for c in 0..n as u8 {
            if self.is_out(c) {
                mark(c, "out of the game", None)?;
            }
            if self.tucked(c) && self.where_is(c).is_none() {
                return Err(format!("card {c} is tucked but not in a column"));
            }
        }
        if let Some(c) = seen.iter().position(|&k| k != 1) {
            return Err(format!("card {c} is in {} places", seen[c]));
        }
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
