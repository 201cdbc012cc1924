//! A position as a scenario file writes it, read against the rules and
//! laid out on a [`Table`]: the round, the columns top to bottom, each
//! card by its seat's id and its kind's id (`[kind]` face down, `[kind]
//! (tucked)` hidden under the card above it), the hands, the reserves and
//! discard piles given, the objectives already won, the sealed columns,
//! the seat to move. Every card the position does not place goes back to
//! its owner's reserve, or to his discard pile when his reserve is given.
//! A problem is a [`Fault`] at the entry that causes it.

use arrayvec::ArrayVec;
use serde::Deserialize;

use crate::effects::columns::table::{Column, MAX_CARDS, TUCKED, Table, UP};
use crate::effects::columns::{ColumnRules, MAX_SEATS, Names, Op};
use crate::load::Spanned;

/// Cards by seat, as a position writes them: `("blue", ["king", ...])`.
pub type ByColour = Vec<(Spanned<String>, Vec<Spanned<String>>)>;

/// A column as a position writes it: its objective's name, its cards top
/// to bottom as `(seat, kind)`.
pub type WrittenColumn = (Spanned<String>, Vec<Spanned<(String, String)>>);

/// An unchecked position (ids as in the rule files), as a scenario file
/// writes it; every entry keeps its place in the file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Left out (empty) only in a finished game.
    #[serde(default = "unstated")]
    pub to_move: Spanned<String>,
    /// The round being played, from 1 (left out: the first).
    #[serde(default = "first_round")]
    pub round: Spanned<usize>,
    /// Each column: (its objective's name in the game's words, its cards
    /// top to bottom as `(seat, kind)`; `[kind]` is face down, `[kind]
    /// (tucked)` hidden under the card above it).
    #[serde(default)]
    pub columns: Vec<WrittenColumn>,
    /// Seats' hands, by kind id.
    #[serde(default)]
    pub hands: ByColour,
    /// Seats' reserves (draw piles), top first; `[]` is an empty one.
    #[serde(default)]
    pub reserves: ByColour,
    /// Seats' discard piles, bottom to top.
    #[serde(default)]
    pub discards: ByColour,
    /// Objectives already won, by seat.
    #[serde(default)]
    pub won: ByColour,
    /// Columns closed to placements, by index from 0.
    #[serde(default)]
    pub sealed: Vec<Spanned<usize>>,
}

fn unstated() -> Spanned<String> {
    Spanned::detached(String::new())
}

fn first_round() -> Spanned<usize> {
    Spanned::detached(1)
}

impl Default for Position {
    fn default() -> Position {
        Position {
            to_move: unstated(),
            round: first_round(),
            columns: Vec::new(),
            hands: Vec::new(),
            reserves: Vec::new(),
            discards: Vec::new(),
            won: Vec::new(),
            sealed: Vec::new(),
        }
    }
}

/// What is wrong with a position, at the entry that causes it (a detached
/// place: the whole position).
#[derive(Debug)]
pub struct Fault {
    pub at: Spanned<()>,
    pub message: String,
}

impl Fault {
    /// `message` at the place of `at`.
    pub fn at<T>(at: &Spanned<T>, message: impl Into<String>) -> Fault {
        Fault {
            at: at.with_value(()),
            message: message.into(),
        }
    }

    /// `message` at no place of its own: the whole position.
    pub fn whole(message: impl Into<String>) -> Fault {
        Fault::at(&Spanned::detached(()), message)
    }
}

/// A result whose error is at its place in the position.
trait Placed<T> {
    fn at<U>(self, at: &Spanned<U>) -> Result<T, Fault>;
}

impl<T> Placed<T> for Result<T, String> {
    fn at<U>(self, at: &Spanned<U>) -> Result<T, Fault> {
        self.map_err(|m| Fault::at(at, m))
    }
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
/// named is known, each objective named is a distinct objective card (two
/// `music_3` are the two Music 3 of the game), and each card written is a
/// distinct card of its seat (the first of its kind not yet taken: cards
/// of one kind and seat are interchangeable).
#[derive(Debug, Clone)]
pub struct Layout {
    /// Each column: its objective and its cards top to bottom, each with
    /// its flags (`UP`, `TUCKED`, or none: face down).
    pub columns: Vec<(u8, Vec<(u8, u8)>)>,
    /// The hands given, by seat.
    pub hands: Vec<(usize, Vec<u8>)>,
    /// The reserves given, by seat, top first.
    pub reserves: Vec<(usize, Vec<u8>)>,
    /// The discard piles given, by seat, bottom to top.
    pub discards: Vec<(usize, Vec<u8>)>,
    /// The objectives already won: (seat, objective).
    pub won: Vec<(usize, u8)>,
    /// The sealed columns, by index.
    pub sealed: Vec<usize>,
    /// Every card placed in a column, a hand or a pile.
    used: Vec<u8>,
}

/// The seat whose id is `id`, or what is wrong with it.
pub fn seat(r: &impl Names, id: &str) -> Result<usize, String> {
    (0..r.seats())
        .find(|&p| r.seat(p).0 == id)
        .ok_or(format!("no seat \"{id}\""))
}

/// Whether a card of kind `k` hides a card under itself (its ability
/// tucks one).
fn tucks(r: &impl ColumnRules, k: usize) -> bool {
    r.program(k)
        .is_some_and(|g| g.ops.iter().any(|o| matches!(o, Op::Tuck { .. })))
}

/// How a card is written in a column: its kind, face up or down, tucked.
fn written_card(text: &str) -> Result<(&str, u8), String> {
    let (text, tucked) = match text.strip_suffix("(tucked)") {
        Some(t) => (t.trim_end(), true),
        None => (text, false),
    };
    let kind = text.trim_matches(['[', ']']);
    let up = !text.starts_with('[');
    match (up, tucked) {
        (true, true) => Err(format!(
            "a tucked card lies face down until the round's end: write \"[{kind}] (tucked)\""
        )),
        (_, true) => Ok((kind, TUCKED)),
        (true, false) => Ok((kind, UP)),
        (false, false) => Ok((kind, 0)),
    }
}

impl Layout {
    /// Reads `pos` against the rules `r`, their `cards`, and `objective`,
    /// which finds an objective by its name in the game's words among
    /// those not yet `taken`. The first problem met is the answer: in the
    /// columns, then the hands, the piles, the objectives won, the sealed
    /// columns.
    pub fn read(
        r: &impl Names,
        cards: Cards,
        pos: &Position,
        objective: impl Fn(&str, &[u8]) -> Result<u8, String>,
    ) -> Result<Layout, Fault> {
        let mut lay = Layout {
            columns: Vec::new(),
            hands: Vec::new(),
            reserves: Vec::new(),
            discards: Vec::new(),
            won: Vec::new(),
            sealed: Vec::new(),
            used: Vec::new(),
        };
        if let Some((name, _)) = pos.columns.get(MAX_SEATS) {
            let n = pos.columns.len();
            let m = format!("a table has at most {MAX_SEATS} columns, not {n}");
            return Err(Fault::at(name, m));
        }
        let mut taken = Vec::new();
        for (name, written) in &pos.columns {
            let o = objective(name, &taken).at(name)?;
            taken.push(o);
            if written.len() > r.capacity() {
                let (n, cap) = (written.len(), r.capacity());
                let m = format!("a column holds at most {cap} cards, not {n}");
                return Err(Fault::at(name, m));
            }
            let column = lay.column(r, cards, written)?;
            lay.columns.push((o, column));
        }
        lay.hands = lay.by_colour(r, cards, &pos.hands)?;
        lay.reserves = lay.by_colour(r, cards, &pos.reserves)?;
        lay.discards = lay.by_colour(r, cards, &pos.discards)?;
        lay.piles_complete(r, cards, pos)?;
        for (colour, objectives) in &pos.won {
            let p = seat(r, colour).at(colour)?;
            for name in objectives {
                let o = objective(name, &taken).at(name)?;
                taken.push(o);
                lay.won.push((p, o));
            }
        }
        for i in &pos.sealed {
            if **i >= pos.columns.len() {
                let n = pos.columns.len();
                let m = format!(
                    "no column {i:?} to seal: the columns are 0 to {}",
                    n.max(1) - 1
                );
                return Err(Fault::at(i, m));
            }
            lay.sealed.push(**i);
        }
        Ok(lay)
    }

    /// A column's cards, each taken with its flags; a tucked card lies
    /// just under a face-up card of its seat whose ability tucks one.
    fn column(
        &mut self,
        r: &impl Names,
        cards: Cards,
        written: &[Spanned<(String, String)>],
    ) -> Result<Vec<(u8, u8)>, Fault> {
        let mut column: Vec<(u8, u8)> = Vec::new();
        for w in written {
            let (colour, text) = &w.value;
            let (kind, flags) = written_card(text).at(w)?;
            let c = self.take(r, cards, colour, kind).at(w)?;
            if flags == TUCKED {
                let above = column.last().copied();
                let hides = above.is_some_and(|(a, f)| {
                    tucks(r, r.kind_of(a)) && f == UP && r.owner(a) == r.owner(c)
                });
                if !hides {
                    let m = format!(
                        "{} cannot be tucked here: a tucked card lies just under a face-up card of its colour whose ability tucks one",
                        r.card_name(c)
                    );
                    return Err(Fault::at(w, m));
                }
            }
            column.push((c, flags));
        }
        Ok(column)
    }

    /// Cards given by colour (hands, piles), each taken.
    fn by_colour(
        &mut self,
        r: &impl Names,
        cards: Cards,
        given: &ByColour,
    ) -> Result<Vec<(usize, Vec<u8>)>, Fault> {
        let mut out = Vec::new();
        for (colour, kinds) in given {
            let p = seat(r, colour).at(colour)?;
            if out.iter().any(|(q, _)| *q == p) {
                return Err(Fault::at(
                    colour,
                    format!("\"{}\" is given twice", **colour),
                ));
            }
            let pile = (kinds.iter())
                .map(|k| self.take(r, cards, colour, k).at(k))
                .collect::<Result<_, _>>()?;
            out.push((p, pile));
        }
        Ok(out)
    }

    /// A seat whose reserve or discard pile is given has its hand given
    /// (a hand is not drawn from a stated pile); one whose reserve and
    /// discard pile are both given leaves no card of its out of them.
    fn piles_complete(&self, r: &impl Names, cards: Cards, pos: &Position) -> Result<(), Fault> {
        for (colour, _) in pos.reserves.iter().chain(&pos.discards) {
            let p = seat(r, colour).at(colour)?;
            if !self.hand_given(p) {
                let m = format!(
                    "{}'s piles are given but not its hand: give its hand too",
                    **colour
                );
                return Err(Fault::at(colour, m));
            }
        }
        for (colour, _) in &pos.reserves {
            let p = seat(r, colour).at(colour)?;
            let given = |piles: &[(usize, Vec<u8>)]| piles.iter().any(|(q, _)| *q == p);
            if !given(&self.discards) {
                continue;
            }
            let dl = cards.deck_len;
            let left: Vec<String> = ((p * dl..(p + 1) * dl).map(|c| c as u8))
                .filter(|c| !self.used.contains(c))
                .map(|c| r.kind(r.kind_of(c)).0.to_string())
                .collect();
            if !left.is_empty() {
                let m = format!(
                    "{}'s reserve and discard pile are both given, and these cards of it are nowhere: {}",
                    **colour,
                    left.join(", ")
                );
                return Err(Fault::at(colour, m));
            }
        }
        Ok(())
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
    /// cards; the hands given (the others empty, to be drawn); the piles
    /// given; every other card in its owner's reserve, in order, or in
    /// his discard pile when his reserve is given; every card face down
    /// and untucked but those the position turns up or tucks. The caller
    /// then sets the table's indices ([`Table::reindex`]), once the rest
    /// of its state is set.
    pub fn lay_out(
        &self,
        t: &mut Table,
        r: &impl ColumnRules,
        cards: Cards,
        need: impl Fn(u8) -> u8,
    ) {
        let dl = cards.deck_len;
        let given = |piles: &[(usize, Vec<u8>)], p: usize| {
            piles.iter().find(|(q, _)| *q == p).map(|(_, v)| v.clone())
        };
        for p in 0..r.seats() {
            t.hands[p].clear();
            let mine = (p * dl..(p + 1) * dl).map(|c| c as u8);
            let rest: Vec<u8> = mine.filter(|c| !self.used.contains(c)).collect();
            // A pile is popped from its end: the top is last.
            let reserve = given(&self.reserves, p).map(|v| v.into_iter().rev().collect());
            let discard = given(&self.discards, p);
            let (reserve, discard) = match (reserve, discard) {
                (None, d) => (rest, d.unwrap_or_default()),
                (Some(res), d) => (res, [d.unwrap_or_default(), rest].concat()),
            };
            t.reserves[p] = reserve.into_iter().collect();
            t.discards[p] = discard.into_iter().collect();
        }
        for (p, hand) in &self.hands {
            t.hands[*p] = hand.iter().copied().collect();
        }
        t.flags = [0; MAX_CARDS];
        t.columns.clear();
        for (i, (objective, placed)) in self.columns.iter().enumerate() {
            for &(c, flags) in placed {
                t.flags[c as usize] = flags;
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

    fn objective(name: &str, _: &[u8]) -> Result<u8, String> {
        (name.strip_prefix("head_").and_then(|n| n.parse().ok()))
            .ok_or(format!("no objective \"{name}\""))
    }

    /// A position read from its RON text.
    fn position(text: &str) -> Position {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn a_position_takes_distinct_cards_and_leaves_the_rest_to_the_reserves() {
        let pos = position(
            r#"(columns: [("head_4", [("north", "[plain]"), ("south", "plain")])],
                hands: [("north", ["plain", "big"])], sealed: [0])"#,
        );
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
    fn given_piles_are_laid_out_top_first_and_the_rest_goes_to_the_discard() {
        let pos = position(r#"(hands: [("north", ["big"])], reserves: [("north", ["plain"])])"#);
        let r = Toy(Readings::default());
        let lay = Layout::read(&r, CARDS, &pos, objective).unwrap();
        let mut t = Table::new(false);
        lay.lay_out(&mut t, &r, CARDS, |o| o);
        assert_eq!(t.reserves[0].as_slice(), [0]);
        assert_eq!(t.discards[0].as_slice(), [1]);
        assert_eq!(t.reserves[1].as_slice(), [3, 4, 5]);
    }

    #[test]
    fn the_first_problem_of_a_position_is_named() {
        let r = Toy(Readings::default());
        let read = |text: &str| {
            let pos = position(text);
            Layout::read(&r, CARDS, &pos, objective)
                .unwrap_err()
                .message
        };
        let column = |cards: &str, head: &str| {
            read(&format!(
                r#"(columns: [("{head}", [{cards}])], won: [("west", [])])"#
            ))
        };
        assert_eq!(column("", "top"), "no objective \"top\"");
        assert_eq!(column(r#"("east", "plain")"#, "head_1"), "no seat \"east\"");
        assert_eq!(column(r#"("north", "tall")"#, "head_1"), "no card \"tall\"");
        let three = r#"("south", "plain"), ("south", "[plain]"), ("south", "plain")"#;
        assert_eq!(column(three, "head_1"), "no plain of south left");
        assert_eq!(column("", "head_1"), "no seat \"west\"");
        let hidden = r#"("north", "plain"), ("north", "[big] (tucked)")"#;
        assert!(column(hidden, "head_1").starts_with("North Big cannot be tucked here"));
        assert!(read(r#"(reserves: [("north", [])])"#).contains("not its hand"));
    }
}
