//! The moves of a described game's choice as a player reads and types
//! them: identical cards (same kind and attributes) make one move per
//! option, shown once, in a grid of the cards (sorted, read across then
//! down) by the options that take a card, each cell the number to type;
//! the numbers run 1, 2, 3... as the eye reads them, row by row, left to
//! right, then the moves without a card ([`numbered`]). A typed move
//! names one such move, and a typed move that names none says why (the
//! option is not offered now, or the card is not where the option takes
//! it from).

use super::state::{Move, NONE, State};
use super::view;
use crate::play::i18n::Lang;
use crate::play::input::{self, InputError, fold};
use crate::play::render;

/// A class of identical cards offered: a card of it, how many such cards
/// the moves offer, and for each column the index of its first move.
struct Row {
    card: u8,
    copies: usize,
    cells: Vec<Option<usize>>,
}

/// The legal moves as the player chooses among them.
struct Menu {
    /// The options that take a card, with their target (an index of a
    /// zone, `NONE` for none): the grid's columns.
    columns: Vec<(u8, u8)>,
    /// The classes of cards offered, sorted ([`view::sort_key`]).
    rows: Vec<Row>,
    /// The moves without a card, by index into the legal moves.
    plain: Vec<usize>,
}

impl Menu {
    fn of(s: &State, legal: &[Move]) -> Menu {
        let r = &s.rules;
        let mut columns: Vec<(u8, u8)> = legal
            .iter()
            .filter(|m| m.card != NONE)
            .map(|m| (m.option, m.target))
            .collect();
        columns.sort_unstable();
        columns.dedup();
        let mut rows: Vec<Row> = Vec::new();
        let mut cards: Vec<Vec<u8>> = Vec::new();
        let mut plain = Vec::new();
        for (i, m) in legal.iter().enumerate() {
            if m.card == NONE {
                plain.push(i);
                continue;
            }
            let class = view::class_of(r, m.card);
            let at = match rows
                .iter()
                .position(|row| view::class_of(r, row.card) == class)
            {
                Some(at) => at,
                None => {
                    rows.push(Row {
                        card: m.card,
                        copies: 0,
                        cells: vec![None; columns.len()],
                    });
                    cards.push(Vec::new());
                    rows.len() - 1
                }
            };
            if !cards[at].contains(&m.card) {
                cards[at].push(m.card);
                rows[at].copies += 1;
            }
            let col = (columns.iter())
                .position(|&c| c == (m.option, m.target))
                .unwrap_or(0);
            rows[at].cells[col].get_or_insert(i);
        }
        rows.sort_by_key(|row| view::sort_key(r, row.card));
        Menu {
            columns,
            rows,
            plain,
        }
    }

    /// The moves a player chooses among, in the order the screen numbers
    /// them: one per class and option, row by row, then those without a
    /// card (indices into the legal moves).
    fn choices(&self) -> Vec<usize> {
        let cells = self.rows.iter().flat_map(|r| r.cells.iter().flatten());
        cells.chain(&self.plain).copied().collect()
    }

    /// How many cells of the grid hold a move (the number of the first
    /// move without a card is one more).
    fn cell_count(&self) -> usize {
        self.rows
            .iter()
            .map(|r| r.cells.iter().flatten().count())
            .sum()
    }
}

/// The moves the screen numbers, in its order: the number `n` typed
/// names `legal[numbered[n - 1]]`.
pub fn numbered(s: &State, legal: &[Move]) -> Vec<usize> {
    Menu::of(s, legal).choices()
}

/// The number the screen shows for `m` (from 1): that of the move the
/// grid shows for it ([`shown_index`]).
pub fn number_of(s: &State, legal: &[Move], m: Move) -> usize {
    let i = shown_index(s, legal, m);
    let order = numbered(s, legal);
    order.iter().position(|&k| k == i).map_or(i, |k| k) + 1
}

/// A move to type here, as short as names it alone (its card's short name
/// and its target's number, else its card's name, else all its words), and
/// the name of its card: the examples of `help`. None when no move takes
/// a card.
pub fn example(s: &State, legal: &[Move], lang: Lang) -> Option<(String, String)> {
    let r = &s.rules;
    let shown = numbered(s, legal);
    let &i = shown.iter().find(|&&i| legal[i].card != NONE)?;
    let m = legal[i];
    let target = match m.target {
        NONE => String::new(),
        t => format!(" {}", u16::from(t) + 1),
    };
    let name = view::card_name(r, lang, m.card);
    let seat = s.actor().unwrap_or(0);
    let full = view::move_words(r, lang, seat, s.core.waiting.map(|w| w.0), m);
    let candidates = [
        super::indexed::short_name(r, lang, m.card).to_lowercase() + &target,
        name.to_lowercase() + &target,
        full,
    ];
    // Read as a typed line is (folded: `écuyer` is typed `ecuyer` too).
    let names_it = |line: &str| {
        let folded = fold(line);
        let words: Vec<&str> = folded.split_whitespace().collect();
        parse(lang, s, legal, &words, &folded).is_ok_and(|k| k == i)
    };
    let typed = candidates.into_iter().find(|c| names_it(c))?;
    Some((typed, name))
}

/// The index of the move the grid shows for `m`: the first legal move of
/// its option whose card is identical to its card.
fn shown_index(s: &State, legal: &[Move], m: Move) -> usize {
    let r = &s.rules;
    let same = |l: &Move| {
        l.option == m.option
            && l.target == m.target
            && (l.card == m.card
                || (l.card != NONE
                    && m.card != NONE
                    && view::class_of(r, l.card) == view::class_of(r, m.card)))
    };
    legal.iter().position(same).unwrap_or(0)
}

/// Whether every card of `cards` is offered by a move of the choice in
/// progress (the grid shows them all).
pub fn offers_all(s: &State, cards: &[u8]) -> bool {
    let mut legal = Vec::new();
    s.legal(&mut legal);
    !legal.is_empty() && cards.iter().all(|c| legal.iter().any(|m| m.card == *c))
}

/// A column's head: the catalogue's `head-<option>`, else the option's
/// name; with its target's index (`lay 2`), or only that index (`2`)
/// when the option is the grid's only one (`short`).
fn head(s: &State, lang: Lang, (option, target): (u8, u8), short: bool) -> String {
    let name = option_name(s, option);
    let word = view::game_words(
        &s.rules,
        lang,
        &format!("head-{}", name.replace('_', "-")),
        None,
    )
    .unwrap_or(name);
    match (target, short) {
        (NONE, _) => word,
        (t, true) => (u16::from(t) + 1).to_string(),
        (t, false) => format!("{word} {}", u16::from(t) + 1),
    }
}

/// The head of the cards' column when every column is one option's
/// target: the option and the targets' zone (`place → column`).
fn corner(s: &State, lang: Lang, menu: &Menu) -> String {
    let Some(&(option, target)) = menu.columns.first() else {
        return String::new();
    };
    if target == NONE || menu.columns.iter().any(|c| c.0 != option) {
        return String::new();
    }
    let zone =
        option_zone(s, option).map_or(String::new(), |z| s.rules.zones[z as usize].name.clone());
    format!("{} → {zone}", head(s, lang, (option, NONE), false))
}

/// The zone whose index an option of the choice in progress targets.
fn option_zone(s: &State, option: u8) -> Option<u8> {
    let ch = s.core.waiting.map_or(0, |w| w.0 as usize);
    let o = s
        .rules
        .program
        .choices
        .get(ch)?
        .options
        .get(option as usize)?;
    o.index.map(|(_, z)| z)
}

fn option_name(s: &State, option: u8) -> String {
    let ch = s.core.waiting.map_or(0, |w| w.0 as usize);
    s.rules
        .program
        .choices
        .get(ch)
        .and_then(|c| c.options.get(option as usize))
        .map_or_else(|| option.to_string(), |o| o.name.clone())
}

/// The legal moves as a grid within 80 columns: a head naming each
/// column's option over its numbers, then each class of cards (its name,
/// `×n` for n such cards) with the number of each option's move (`·`: not
/// offered), as many cards side by side as fit, read across then down;
/// then the moves without a card, a line each. The numbers run from 1 in
/// that order ([`numbered`]).
pub fn choices(s: &State, legal: &[Move], lang: Lang) -> String {
    let menu = Menu::of(s, legal);
    let mut out = String::new();
    if !menu.rows.is_empty() {
        out += &grid(s, &menu, lang);
    }
    // The number of the move `menu.plain[k]`.
    let first = menu.cell_count() + 1;
    let mut k = 0;
    while k < menu.plain.len() {
        let i = menu.plain[k];
        // An option's moves to several targets, without a card: a line.
        let same = (menu.plain[k..].iter())
            .take_while(|&&j| legal[j].option == legal[i].option && legal[j].target != NONE)
            .count();
        if same > 1 {
            out += &targets_line(s, legal, &menu.plain[k..k + same], first + k, lang);
            k += same;
        } else {
            out += &line(s, legal, i, first + k, lang);
            k += 1;
        }
    }
    out
}

/// Moves of one option to several targets in a line: the option's head,
/// then each target's number to type (from `first`) and its name.
fn targets_line(s: &State, legal: &[Move], which: &[usize], first: usize, lang: Lang) -> String {
    let r = &s.rules;
    let option = legal[which[0]].option;
    let zone = option_zone(s, option);
    let items: Vec<String> = (which.iter().enumerate())
        .map(|(n, &i)| {
            let target = zone.map_or_else(
                || legal[i].target.to_string(),
                |z| view::index_name(r, lang, z, legal[i].target),
            );
            format!("{}) {target}", first + n)
        })
        .collect();
    let text = super::screen::w!(
        lang,
        "ds-targets",
        option = head(s, lang, (option, NONE), false),
        targets = items.join(" · ")
    );
    render::wrap_hanging(&text, "  ", "    ")
}

fn grid(s: &State, menu: &Menu, lang: Lang) -> String {
    let r = &s.rules;
    let names: Vec<String> = menu
        .rows
        .iter()
        .map(|row| {
            let name = super::indexed::short_name(r, lang, row.card);
            if row.copies > 1 {
                format!("{name} ×{}", row.copies)
            } else {
                name
            }
        })
        .collect();
    let corner = corner(s, lang, menu);
    let short = !corner.is_empty();
    let heads: Vec<String> = (menu.columns.iter())
        .map(|&c| head(s, lang, c, short))
        .collect();
    let name_w = (names.iter().chain([&corner]))
        .map(|n| render::width(n))
        .max()
        .unwrap_or(0);
    let digits = menu.choices().len().to_string().len();
    let col_w: Vec<usize> = heads.iter().map(|h| render::width(h).max(digits)).collect();
    let cell_w = name_w + col_w.iter().map(|w| w + 2).sum::<usize>();
    const GAP: usize = 2;
    let room = render::COLUMNS - 2;
    let across = ((room + GAP) / (cell_w + GAP)).clamp(1, names.len());
    let down = names.len().div_ceil(across);
    let blocks = names.len().div_ceil(down);
    // The number of each row's first cell: the cells numbered in order.
    let firsts: Vec<usize> = (menu.rows.iter())
        .scan(1, |n, row| {
            let first = *n;
            *n += row.cells.iter().flatten().count();
            Some(first)
        })
        .collect();
    let cell = |j: usize| -> String {
        let mut t = render::pad(&names[j], name_w);
        let mut numbers = (firsts[j]..).map(|n| n.to_string());
        for (c, w) in col_w.iter().enumerate() {
            let shown = match menu.rows[j].cells[c] {
                Some(_) => numbers.next().unwrap_or_default(),
                None => "·".to_string(),
            };
            t += &format!("  {}{shown}", " ".repeat(w - render::width(&shown)));
        }
        t
    };
    let mut head_cell = render::pad(&corner, name_w);
    for (h, w) in heads.iter().zip(&col_w) {
        head_cell += &format!("  {}{h}", " ".repeat(w - render::width(h)));
    }
    let gap = " ".repeat(GAP);
    let mut out = format!("  {}\n", vec![head_cell; blocks].join(&gap).trim_end());
    for i in 0..names.len().div_ceil(blocks) {
        let cells: Vec<String> = (0..blocks)
            .map(|b| i * blocks + b)
            .filter(|&j| j < names.len())
            .map(cell)
            .collect();
        out += &format!("  {}\n", cells.join(&gap).trim_end());
    }
    out
}

/// `  n) the move in words`.
fn line(s: &State, legal: &[Move], i: usize, n: usize, lang: Lang) -> String {
    let seat = s.actor().unwrap_or(0);
    let ch = s.core.waiting.map(|w| w.0);
    let words = view::move_words(&s.rules, lang, seat, ch, legal[i]);
    format!("  {n}) {words}\n")
}

/// The moves `which` (indices into the legal moves) numbered from 1: the
/// answer to a typed line that fits several.
pub fn lines(s: &State, legal: &[Move], which: &[usize], lang: Lang) -> String {
    let numbered = which.iter().enumerate();
    numbered
        .map(|(n, &i)| line(s, legal, i, n + 1, lang))
        .collect()
}

/// A move's words, folded, in `lang` and in English, with its card's
/// kind by its id (the rules' English word: `cloak` for a card a French
/// name calls `Cape`), for typing.
fn typed_words(s: &State, lang: Lang, m: Move) -> String {
    let r = &s.rules;
    let seat = s.actor().unwrap_or(0);
    let ch = s.core.waiting.map(|w| w.0);
    let a = view::move_words(r, lang, seat, ch, m);
    let b = view::move_words(r, Lang::En, seat, ch, m);
    let kind = (r.cards.get(m.card as usize)).map_or(String::new(), |(k, _)| {
        r.kinds[*k as usize].0.replace('_', " ")
    });
    fold(&format!("{a} {b} {kind}"))
}

/// The move a typed line names, among one per class of identical cards
/// and option (so that two identical cards never make it ambiguous);
/// none: why.
pub fn parse(
    lang: Lang,
    s: &State,
    legal: &[Move],
    words: &[&str],
    line: &str,
) -> Result<usize, InputError> {
    // A card's name as the screen writes it (`red 1 (3)`) is its words.
    let split: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    let words = &split[..];
    let shown = Menu::of(s, legal).choices();
    let words_of = |k: usize| typed_words(s, lang, legal[shown[k]]);
    match input::by_words(lang, shown.len(), words_of, words, line) {
        Ok(k) => Ok(shown[k]),
        Err(InputError::Ambiguous(h)) => Err(InputError::Ambiguous(
            h.into_iter().map(|k| shown[k]).collect(),
        )),
        Err(InputError::NoMatch(why)) => Err(InputError::NoMatch(
            why_not(s, legal, lang, words, line).unwrap_or(why),
        )),
    }
}

/// Why the move typed is not legal, when its words name one of the
/// choice's options with a card of the game: the option is not offered
/// now, or the card is not where the option takes it from, or it is
/// there but may not be chosen (the catalogue's `not-now-<option>`).
fn why_not(s: &State, legal: &[Move], lang: Lang, words: &[&str], line: &str) -> Option<String> {
    let r = &s.rules;
    let (ch, _) = s.core.waiting?;
    let choice = r.program.choices.get(ch as usize)?;
    let mut firsts: Vec<u8> = Vec::new();
    for c in 0..r.cards.len() as u8 {
        if !firsts
            .iter()
            .any(|&f| view::class_of(r, f) == view::class_of(r, c))
        {
            firsts.push(c);
        }
    }
    let mut all: Vec<Move> = Vec::new();
    for (o, def) in choice.options.iter().enumerate() {
        match def.card {
            Some(_) => all.extend(firsts.iter().map(|&card| Move {
                target: NONE,
                option: o as u8,
                card,
            })),
            None => all.push(Move {
                target: NONE,
                option: o as u8,
                card: NONE,
            }),
        }
    }
    let find = |words: &[&str]| match input::by_words(
        lang,
        all.len(),
        |k| typed_words(s, lang, all[k]),
        words,
        line,
    ) {
        Ok(k) => Some(vec![k]),
        Err(InputError::Ambiguous(h)) => Some(h),
        Err(InputError::NoMatch(_)) => None,
    };
    // The moves here have no target: else a number typed for one
    // (`cloak 1`) is left out.
    let named: Vec<&str> = (words.iter().copied())
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let hits = find(words).or_else(|| (!named.is_empty()).then(|| find(&named)).flatten())?;
    let offered = |m: &Move| legal.iter().any(|l| l.option == m.option);
    let card_offered = |m: &Move| {
        (legal.iter()).any(|l| {
            l.option == m.option
                && l.card != NONE
                && view::class_of(r, l.card) == view::class_of(r, m.card)
        })
    };
    // A card offered for an option with targets first (then the target
    // is what is wrong), then an option offered (then the card is).
    let hit = |f: &dyn Fn(&Move) -> bool| hits.iter().map(|&k| all[k]).find(|m| f(m));
    let targeted = |m: &Move| option_zone(s, m.option).is_some() && card_offered(m);
    let m = hit(&targeted)
        .or_else(|| hit(&offered))
        .unwrap_or(all[hits[0]]);
    let name = option_name(s, m.option);
    let reason = view::game_words(
        r,
        lang,
        &format!("not-now-{}", name.replace('_', "-")),
        None,
    );
    let seat = s.actor().unwrap_or(0);
    let mv = view::move_words(r, lang, seat, Some(ch), m);
    if !offered(&m) || m.card == NONE {
        let why = reason.unwrap_or_else(|| super::screen::w!(lang, "ds-not-offered"));
        return Some(super::screen::w!(lang, "ds-why-not", mv = mv, why = why));
    }
    let card = view::card_name(r, lang, m.card);
    if let Some(why) = why_not_target(s, legal, lang, words, m) {
        return Some(why);
    }
    match pile_with(s, choice.options[m.option as usize].card?.1) {
        Some(pile) if !held(s, pile, m.card) => Some(super::screen::w!(
            lang,
            "ds-not-in",
            card = card,
            pile = view::pile_name(r, pile)
        )),
        _ => {
            let why = reason.unwrap_or_else(|| super::screen::w!(lang, "ds-not-offered"));
            Some(super::screen::w!(lang, "ds-why-not", mv = mv, why = why))
        }
    }
}

/// Why a move whose card and option are offered is not, at the target
/// typed (a number): the targets offered for them.
fn why_not_target(
    s: &State,
    legal: &[Move],
    lang: Lang,
    words: &[&str],
    m: Move,
) -> Option<String> {
    let r = &s.rules;
    let class = view::class_of(r, m.card);
    let mut targets: Vec<u16> = (legal.iter())
        .filter(|l| l.option == m.option && l.target != NONE)
        .filter(|l| l.card != NONE && view::class_of(r, l.card) == class)
        .map(|l| u16::from(l.target) + 1)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let typed = words.iter().find(|w| {
        w.chars().all(|c| c.is_ascii_digit()) && !targets.iter().any(|t| t.to_string() == **w)
    })?;
    if targets.is_empty() {
        return None;
    }
    let seat = s.actor().unwrap_or(0);
    let mv = view::move_words(r, lang, seat, s.core.waiting.map(|w| w.0), m);
    let list: Vec<String> = targets.iter().map(u16::to_string).collect();
    Some(super::screen::w!(
        lang,
        "ds-not-target",
        mv = mv,
        typed = *typed,
        targets = list.join(", ")
    ))
}

/// The first pile an option's cards come from, as it stands now.
fn pile_with(s: &State, set: super::program::SId) -> Option<usize> {
    let r = &s.rules;
    r.program.sets[set as usize]
        .terms
        .iter()
        .find_map(|t| match *t {
            super::program::Term::Zone { zone, seat } => {
                let mut l = s.core.locals;
                let i = seat.map_or(0, |x| s.core.x(r, &mut l, x));
                r.pile_at(zone, i)
            }
            super::program::Term::Card(_) | super::program::Term::Deck(_) => None,
        })
}

/// Whether pile `p` holds a card identical to `card`.
fn held(s: &State, p: usize, card: u8) -> bool {
    let r = &s.rules;
    let class = view::class_of(r, card);
    s.core
        .pile(p)
        .iter()
        .any(|&c| view::class_of(r, c) == class)
}
