//! Moves, events and a seat's view of the table in words (English, the
//! rule files' names).

use std::fmt::Write as _;

use super::Rules;
use super::model::half;
use super::state::{Event, Move, State};

/// A card as `Colour Name`.
pub fn card_name(r: &Rules, c: u8) -> String {
    format!("{} {}", r.colours[r.owner(c)].1, r.kinds[r.kind_of(c)].name)
}

/// An objective as `Domain value`.
pub fn objective_name(r: &Rules, i: u8) -> String {
    let o = r.objectives[i as usize];
    format!("{} {}", r.domains[o.domain as usize].1, o.value)
}

/// A move without the table: cards by name, columns by number.
pub fn move_words(r: &Rules, m: Move) -> String {
    match m {
        Move::Place { card, column } => {
            format!("place {} in column {}", card_name(r, card), column + 1)
        }
        Move::Column(c) => format!("choose column {}", c + 1),
        Move::Card(c) => format!("choose {}", card_name(r, c)),
        Move::Decline => "decline".into(),
        Move::Pass => "pass (no card in hand)".into(),
    }
}

/// An event as `viewer` sees it (`None`: every card).
pub fn event_words(r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    let hidden = |c: u8| {
        if viewer.is_none_or(|v| v == r.owner(c)) {
            card_name(r, c)
        } else {
            format!("a {} card", r.colours[r.owner(c)].1)
        }
    };
    match e {
        Event::Placed { card, column } => {
            format!("{} placed in column {}", hidden(*card), column + 1)
        }
        Event::Revealed { card } => format!("{} turned up", card_name(r, *card)),
        Event::Moved { card, column } => {
            format!("{} moves to column {}", card_name(r, *card), column + 1)
        }
        Event::Discarded { card } => format!("{} to the discard pile", card_name(r, *card)),
        Event::Sealed { column } => format!("column {} is closed", column + 1),
        Event::Swapped { a, b } => format!(
            "the objectives of columns {} and {} change places",
            a + 1,
            b + 1
        ),
        Event::Tucked { card } => format!("{} tucked face down", hidden(*card)),
        Event::Eliminated { card } => format!("{} eliminated", card_name(r, *card)),
        Event::RoundEnded { round, .. } => format!("round {round} ends"),
        Event::Settled {
            objective,
            values,
            winner,
        } => {
            let cards: Vec<String> = values
                .iter()
                .map(|&(c, v)| format!("{} {}", card_name(r, c), State::value_text(v)))
                .collect();
            let who = winner.map_or("nobody".into(), |w| r.colours[w as usize].1.clone());
            format!(
                "{}: {} -> {who}",
                objective_name(r, *objective),
                cards.join(", ")
            )
        }
        Event::GameOver => "the game is over".into(),
    }
}

impl State {
    pub fn card_name(&self, c: u8) -> String {
        card_name(self.rules(), c)
    }

    pub fn objective_name(&self, i: u8) -> String {
        objective_name(self.rules(), i)
    }

    pub fn event_text(&self, e: &Event, viewer: Option<usize>) -> String {
        event_words(self.rules(), e, viewer)
    }

    pub fn move_text(&self, m: Move) -> String {
        let under = match m {
            Move::Place { column, .. } | Move::Column(column) => self
                .columns()
                .get(column as usize)
                .map_or(String::new(), |c| {
                    format!(" ({})", self.objective_name(c.objective))
                }),
            _ => String::new(),
        };
        format!("{}{under}", move_words(self.rules(), m))
    }

    /// What seat `p` sees: face-down cards of others as their colour only,
    /// his own hand, the others' hand and reserve sizes, the discard piles.
    pub fn view_text(&self, p: usize) -> String {
        self.table_text(Some(p))
    }

    /// The table as `viewer` sees it (`None`: every card).
    pub fn table_text(&self, viewer: Option<usize>) -> String {
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
                let sees = viewer.is_none_or(|v| r.owner(c) == v);
                if self.face_up(c) || sees {
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
            if viewer.is_none_or(|v| v == q) {
                let hand: Vec<String> = self.hand(q).iter().map(|&c| self.card_name(c)).collect();
                let you = if viewer == Some(q) { " (you)" } else { "" };
                let _ = writeln!(t, "{name}{you}: hand {}", hand.join(", "));
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
