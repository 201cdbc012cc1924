//! A position as a scenario file writes it, read against the rules and
//! laid out on a [`Table`]: the columns top to bottom, each card by its
//! seat's id and its kind's id (`[kind]` face down), the hands given, the
//! objectives already won, the sealed columns, the seat to move. Every
//! card the position does not place goes back to its owner's reserve.

use arrayvec::ArrayVec;
use serde::Deserialize;

use crate::effects::columns::table::{Column, MAX_CARDS, Table, UP};
use crate::effects::columns::{ColumnRules, MAX_SEATS, Names};

/// An unchecked position (ids as in the rule files), as a scenario file
/// writes it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Left out (empty) only in a finished game.
    #[serde(default)]
    pub to_move: String,
    /// Each column: (its objective's name in the game's words, its cards
    /// top to bottom as `(seat, kind)`; `[kind]` is face down).
    #[serde(default)]
    pub columns: Vec<(String, Vec<(String, String)>)>,
    /// Seats' hands, by kind id.
    #[serde(default)]
    pub hands: Vec<(String, Vec<String>)>,
    /// Objectives already won, by seat.
    #[serde(default)]
    pub won: Vec<(String, Vec<String>)>,
    /// Columns closed to placements, by index.
    #[serde(default)]
    pub sealed: Vec<usize>,
}

/// How a position finds the cards of a game: by kind (there are `kinds`,
/// [`Names::kind`] gives each one's id) in a seat's deck (seat `p` owns
/// cards `p * deck_len .. (p + 1) * deck_len`).
#[derive(Debug, Clone, Copy)]
pub struct Cards {
    pub kinds: usize,
    pub deck_len: usize,
}

/// A [`Position`] read against the rules: every seat, kind and objective
/// named is known, and each card written is a distinct card of its seat
/// (the first of its kind not yet taken: cards of one kind and seat are
/// interchangeable).
#[derive(Debug, Clone)]
pub struct Layout {
    /// Each column: its objective and its cards top to bottom, each with
    /// whether it lies face up.
    pub columns: Vec<(u8, Vec<(u8, bool)>)>,
    /// The hands given, by seat.
    pub hands: Vec<(usize, Vec<u8>)>,
    /// The objectives already won: (seat, objective).
    pub won: Vec<(usize, u8)>,
    /// The sealed columns, by index.
    pub sealed: Vec<usize>,
    /// Every card placed in a column or a hand.
    used: Vec<u8>,
}

/// The seat whose id is `id`, or what is wrong with it.
pub fn seat(r: &impl Names, id: &str) -> Result<usize, String> {
    (0..r.seats())
        .find(|&p| r.seat(p).0 == id)
        .ok_or(format!("no seat \"{id}\""))
}

impl Layout {
    /// Reads `pos` against the rules `r`, their `cards`, and `objective`,
    /// which finds an objective by its name in the game's words. The first
    /// problem met is the answer: in the columns, then the hands, then
    /// the objectives won.
    pub fn read(
        r: &impl Names,
        cards: Cards,
        pos: &Position,
        objective: impl Fn(&str) -> Result<u8, String>,
    ) -> Result<Layout, String> {
        let mut lay = Layout {
            columns: Vec::new(),
            hands: Vec::new(),
            won: Vec::new(),
            sealed: pos.sealed.clone(),
            used: Vec::new(),
        };
        if pos.columns.len() > MAX_SEATS {
            let n = pos.columns.len();
            return Err(format!("a table has at most {MAX_SEATS} columns, not {n}"));
        }
        for (name, written) in &pos.columns {
            let o = objective(name)?;
            if written.len() > r.capacity() {
                let (n, cap) = (written.len(), r.capacity());
                return Err(format!("a column holds at most {cap} cards, not {n}"));
            }
            let mut column = Vec::new();
            for (colour, kind) in written {
                let c = lay.take(r, cards, colour, kind.trim_matches(['[', ']']))?;
                column.push((c, !kind.starts_with('[')));
            }
            lay.columns.push((o, column));
        }
        for (colour, kinds) in &pos.hands {
            let hand = (kinds.iter())
                .map(|k| lay.take(r, cards, colour, k))
                .collect::<Result<_, _>>()?;
            lay.hands.push((seat(r, colour)?, hand));
        }
        for (colour, objectives) in &pos.won {
            let p = seat(r, colour)?;
            for name in objectives {
                lay.won.push((p, objective(name)?));
            }
        }
        Ok(lay)
    }

    /// The first card of kind `kind` and seat `colour` not yet taken,
    /// taken.
    fn take(
        &mut self,
        r: &impl Names,
        cards: Cards,
        colour: &str,
        kind: &str,
    ) -> Result<u8, String> {
        let p = seat(r, colour)?;
        let k = (0..cards.kinds)
            .find(|&k| r.kind(k).0 == kind)
            .ok_or(format!("no card \"{kind}\""))?;
        let dl = cards.deck_len;
        let c = ((p * dl..(p + 1) * dl).map(|c| c as u8))
            .find(|&c| r.kind_of(c) == k && !self.used.contains(&c))
            .ok_or(format!("no {kind} of {colour} left"))?;
        self.used.push(c);
        Ok(c)
    }

    /// Whether the position gives seat `p`'s hand.
    pub fn hand_given(&self, p: usize) -> bool {
        self.hands.iter().any(|(q, _)| *q == p)
    }

    /// Lays the position out on `t`, a table just dealt (nothing out of
    /// the game): its columns, each objective needing `need(objective)`
    /// cards; the hands given (the others empty, to be drawn); every
    /// other card in its owner's reserve, in order; no discard pile;
    /// every card face down and untucked but those the position turns up.
    /// The caller then sets the table's indices ([`Table::reindex`]),
    /// once the rest of its state is set.
    pub fn lay_out(
        &self,
        t: &mut Table,
        r: &impl ColumnRules,
        cards: Cards,
        need: impl Fn(u8) -> u8,
    ) {
        let dl = cards.deck_len;
        for p in 0..r.seats() {
            t.hands[p].clear();
            t.discards[p].clear();
            let mine = (p * dl..(p + 1) * dl).map(|c| c as u8);
            t.reserves[p] = mine.filter(|c| !self.used.contains(c)).collect();
        }
        for (p, hand) in &self.hands {
            t.hands[*p] = hand.iter().copied().collect();
        }
        t.flags = [0; MAX_CARDS];
        t.columns.clear();
        for (i, (objective, placed)) in self.columns.iter().enumerate() {
            for &(c, up) in placed {
                t.flags[c as usize] = if up { UP } else { 0 };
            }
            t.columns.push(Column {
                objective: *objective,
                need: need(*objective),
                sealed: self.sealed.contains(&i),
                cards: placed.iter().map(|&(c, _)| c).collect::<ArrayVec<_, _>>(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    //! A position on a toy game's table: two seats (`north`, `south`),
    //! each with a deck of three cards, two `plain` and one `big`; the
    //! objectives are named `head_N`.
    use super::*;
    use crate::design::columns::column_line;
    use crate::effects::columns::{Program, Readings, Step, Tabled};

    struct Toy(Readings);

    const SEATS: [(&str, &str); 2] = [("north", "North"), ("south", "South")];
    const KINDS: [(&str, &str); 2] = [("plain", "Plain"), ("big", "Big")];
    const DECK: [usize; 3] = [0, 0, 1];
    const CARDS: Cards = Cards {
        kinds: 2,
        deck_len: 3,
    };

    impl ColumnRules for Toy {
        fn kind_of(&self, c: u8) -> usize {
            DECK[usize::from(c) % 3]
        }
        fn owner(&self, c: u8) -> usize {
            usize::from(c) / 3
        }
        fn printed(&self, _: usize, _: u8) -> i16 {
            2
        }
        fn valueless(&self, _: usize) -> bool {
            false
        }
        fn program(&self, _: usize) -> Option<&Program> {
            None
        }
        fn end_rank(&self, _: usize) -> u8 {
            crate::effects::columns::NO_STEP
        }
        fn steps(&self) -> &[Step] {
            &[]
        }
        fn seats(&self) -> usize {
            2
        }
        fn capacity(&self) -> usize {
            8
        }
        fn domain(&self, _: u8) -> u8 {
            0
        }
        fn readings(&self) -> &Readings {
            &self.0
        }
    }

    impl Names for Toy {
        fn seat(&self, p: usize) -> (&str, &str) {
            SEATS[p]
        }
        fn kind(&self, k: usize) -> (&str, &str) {
            KINDS[k]
        }
        fn head(&self, objective: u8) -> String {
            format!("Head {objective}")
        }
    }

    struct ToyState(Toy, Table);

    impl Tabled for ToyState {
        type Rules = Toy;
        fn rules(&self) -> &Toy {
            &self.0
        }
        fn table(&self) -> &Table {
            &self.1
        }
    }

    fn objective(name: &str) -> Result<u8, String> {
        (name.strip_prefix("head_").and_then(|n| n.parse().ok()))
            .ok_or(format!("no objective \"{name}\""))
    }

    fn cards(list: &[(&str, &str)]) -> Vec<(String, String)> {
        (list.iter())
            .map(|(s, k)| (s.to_string(), k.to_string()))
            .collect()
    }

    #[test]
    fn a_position_takes_distinct_cards_and_leaves_the_rest_to_the_reserves() {
        let pos = Position {
            columns: vec![(
                "head_4".into(),
                cards(&[("north", "[plain]"), ("south", "plain")]),
            )],
            hands: vec![("north".into(), vec!["plain".into(), "big".into()])],
            sealed: vec![0],
            ..Position::default()
        };
        let r = Toy(Readings::default());
        let lay = Layout::read(&r, CARDS, &pos, objective).unwrap();
        assert!(lay.hand_given(0) && !lay.hand_given(1));
        let mut t = Table::new(false);
        lay.lay_out(&mut t, &r, CARDS, |o| o + 1);
        t.reindex(&r);
        assert_eq!(t.columns[0].cards.as_slice(), [0, 3]);
        assert_eq!((t.columns[0].objective, t.columns[0].need), (4, 5));
        assert_eq!((t.flags[0], t.flags[3]), (0, UP));
        assert_eq!(t.hands[0].as_slice(), [1, 2]);
        assert!(t.hands[1].is_empty() && t.reserves[0].is_empty());
        assert_eq!(t.reserves[1].as_slice(), [4, 5]);
        let s = ToyState(r, t);
        let line = column_line(&s, 0);
        assert_eq!(
            line,
            "1 Head 4 (realized, sealed): [North Plain], South Plain"
        );
    }

    #[test]
    fn the_first_problem_of_a_position_is_named() {
        let r = Toy(Readings::default());
        let read = |column: &[(&str, &str)], head: &str| {
            let pos = Position {
                columns: vec![(head.into(), cards(column))],
                won: vec![("west".into(), vec![])],
                ..Position::default()
            };
            Layout::read(&r, CARDS, &pos, objective).unwrap_err()
        };
        assert_eq!(read(&[], "top"), "no objective \"top\"");
        assert_eq!(read(&[("east", "plain")], "head_1"), "no seat \"east\"");
        assert_eq!(read(&[("north", "tall")], "head_1"), "no card \"tall\"");
        let three = [("south", "plain"), ("south", "[plain]"), ("south", "plain")];
        assert_eq!(read(&three, "head_1"), "no plain of south left");
        assert_eq!(read(&[], "head_1"), "no seat \"west\"");
    }
}
