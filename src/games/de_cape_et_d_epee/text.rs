//! Moves and a seat's view of the table in words (English, the rule
//! files' names).

use std::fmt::Write as _;

use super::model::half;
use super::state::{Move, State};

impl State {
    /// A card as `Colour Name`.
    pub fn card_name(&self, c: u8) -> String {
        let r = self.rules();
        format!("{} {}", r.colours[r.owner(c)].1, r.kinds[r.kind_of(c)].name)
    }

    /// An objective as `Domain value`.
    pub fn objective_name(&self, i: u8) -> String {
        let r = self.rules();
        let o = r.objectives[i as usize];
        format!("{} {}", r.domains[o.domain as usize].1, o.value)
    }

    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place { card, column } => {
                let obj = self.columns().get(column as usize).map(|c| c.objective);
                let under = obj.map_or(String::new(), |o| format!(" ({})", self.objective_name(o)));
                format!(
                    "place {} in column {}{under}",
                    self.card_name(card),
                    column + 1
                )
            }
            Move::Column(c) => format!("choose column {}", c + 1),
            Move::Card(c) => format!("choose {}", self.card_name(c)),
            Move::Decline => "decline".into(),
            Move::Pass => "pass (no card in hand)".into(),
        }
    }

    /// What seat `p` sees: face-down cards of others as their colour only,
    /// his own hand, the others' hand and reserve sizes, the discard piles.
    pub fn view_text(&self, p: usize) -> String {
        let r = self.rules();
        let mut t = String::new();
        let _ = writeln!(t, "round {} of {}", self.round(), r.rounds);
        for (i, col) in self.columns().iter().enumerate() {
            let seal = if col.sealed { ", sealed" } else { "" };
            let _ = write!(
                t,
                "column {} ({}{seal}):",
                i + 1,
                self.objective_name(col.objective)
            );
            for &c in &col.cards {
                let mine = r.owner(c) == p;
                if self.face_up(c) || mine {
                    let mark = if self.face_up(c) { "" } else { " (face down)" };
                    let _ = write!(t, " {}{mark},", self.card_name(c));
                } else {
                    let _ = write!(t, " [{}],", r.colours[r.owner(c)].1);
                }
            }
            t.push('\n');
        }
        for q in 0..r.players {
            let name = &r.colours[q].1;
            if q == p {
                let hand: Vec<String> = self.hand(q).iter().map(|&c| self.card_name(c)).collect();
                let _ = writeln!(t, "{name} (you): hand {}", hand.join(", "));
            } else {
                let _ = writeln!(t, "{name}: {} in hand", self.hand(q).len());
            }
            let won: Vec<String> = self.won(q).map(|i| self.objective_name(i as u8)).collect();
            let disc: Vec<String> = self.discard(q).iter().map(|&c| self.card_name(c)).collect();
            let _ = writeln!(
                t,
                "  reserve {}, discard [{}], objectives [{}], {} points",
                self.reserve(q).len(),
                disc.join(", "),
                won.join(", "),
                self.points(q)
            );
        }
        t
    }

    /// A value for reading: `9.5`, `12`, `none`.
    pub fn value_text(v: Option<i16>) -> String {
        v.map_or("none".into(), half)
    }
}
