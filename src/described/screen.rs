//! A described game at the terminal (`ludus play`): the board as a seat
//! sees it, compact enough that with the last turn's events (the recap),
//! the question and the grid of moves (`grid.rs`) it fits 80x24; the
//! question naming what the choice does, the recap of the others' moves,
//! and the rest of [`Playable`] (rules, hint and cards: `notes.rs`). The
//! words are the rules folder's catalogue (`words/*.ftl`) and this
//! module's (`i18n/*.ftl`); nothing here names a game.

use fluent_bundle::FluentArgs;

use super::raw::Sees;
use super::state::{End, Event, Move, NONE, State};
use super::{Described, Rules, grid, indexed, narration, notes, view};
use crate::diag::Diagnostics;
use crate::engine::Loaded;
use crate::engine::{Game, Selection};
use crate::load::GameDir;
use crate::play::i18n::{Catalogue, Lang, PLAY};
use crate::play::input::InputError;
use crate::play::render::{self, Style};
use crate::play::table::{TableView, Viewer};
use crate::play::{CardInfo, EventLook, Playable};

/// The words every described game shares at the terminal.
pub static WORDS: Catalogue = crate::catalogue_beside!(Some(&PLAY));

macro_rules! w {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!($crate::described::screen::WORDS, $lang, $id $(, $k = $v)*)
    };
}
pub(super) use w;

impl Playable for Described {
    type Event = Event;
    type RuleNotes = notes::RuleNotes;

    fn words() -> &'static Catalogue {
        &WORDS
    }
    fn load_for_play(
        d: &GameDir,
        s: &Selection,
    ) -> Result<(Loaded<Rules>, Self::RuleNotes), Diagnostics> {
        let l = Described::load(d, s)?;
        let notes = notes::rule_notes(d, &l.settings);
        Ok((l, notes))
    }
    fn name(r: &Rules) -> &str {
        &r.name
    }
    fn replaces(r: &Rules) -> Option<&str> {
        r.replaces.as_deref()
    }
    fn seat_name(r: &Rules, p: usize) -> String {
        r.seats[p].1.clone()
    }
    fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
        board(s, viewer, st.lang)
    }
    fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
        view::table_view(s, lang, viewer, title(s, lang))
    }
    fn question(s: &State, lang: Lang) -> String {
        question(s, lang)
    }
    fn choices(s: &State, legal: &[Move], st: Style) -> String {
        grid::choices(s, legal, st.lang)
    }
    fn numbered(s: &State, legal: &[Move]) -> Vec<usize> {
        grid::numbered(s, legal)
    }
    fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
        grid::lines(s, legal, which, st.lang)
    }
    fn cards(s: &State, lang: Lang) -> Vec<CardInfo> {
        notes::cards(&s.rules, lang)
    }
    fn legend(s: &State, st: Style) -> String {
        let mut legal = Vec::new();
        s.legal(&mut legal);
        let legend = w!(st.lang, "ds-legend");
        match grid::example(s, &legal, st.lang) {
            Some((mv, card)) => legend + "\n" + &w!(st.lang, "ds-examples", mv = mv, card = card),
            None => legend,
        }
    }
    fn rules_text(s: &State, notes: &Self::RuleNotes, st: Style) -> String {
        notes::rules_text(&s.rules, notes, st.lang)
    }
    fn hint_text(s: &State, m: Move, _: usize, agent: &str, seed: u64, lang: Lang) -> String {
        let seat = s.actor().unwrap_or(0);
        let mut legal = Vec::new();
        s.legal(&mut legal);
        // The number the grid shows for the move (one per identical cards).
        let n = grid::number_of(s, &legal, m);
        let mv = view::move_words(&s.rules, lang, seat, s.core.waiting.map(|w| w.0), m);
        let why = notes::hint_reason(s, m, seed, lang);
        w!(lang, "ds-hint", agent = agent, n = n, mv = mv, why = why)
    }
    fn score_text(s: &State, _: usize, lang: Lang) -> String {
        (0..s.rules.players)
            .map(|p| {
                w!(
                    lang,
                    "ds-score",
                    seat = s.rules.seats[p].1.as_str(),
                    points = s.points(p)
                ) + "\n"
            })
            .collect()
    }
    fn result_text(s: &State, lang: Lang) -> String {
        let l = s.leaders();
        let names: Vec<&str> = l.iter().map(|&p| s.rules.seats[p].1.as_str()).collect();
        let result = match names.as_slice() {
            [one] => w!(lang, "ds-result-win", seat = *one),
            _ => w!(lang, "ds-result-tie", seats = names.join(", ")),
        };
        format!("{}{result}", Self::score_text(s, 0, lang))
    }
    fn move_words(lang: Lang, r: &Rules, seat: usize, m: Move) -> String {
        // Without the state the choice is unknown: the option by its index
        // in the first choice that has it.
        let ch = r
            .program
            .choices
            .iter()
            .position(|c| c.options.len() > m.option as usize);
        view::move_words(r, lang, seat, ch.map(|c| c as u16), m)
    }
    fn quiet_move_line(lang: Lang, before: &State, m: Move) -> String {
        let seat = before.actor().unwrap_or(0);
        let ch = before.core.waiting.map(|w| w.0);
        view::move_words(&before.rules, lang, seat, ch, m)
    }
    fn move_is_public(_: Move) -> bool {
        false
    }
    fn move_is_secret(_: Move) -> bool {
        true
    }
    fn events(s: &State) -> &[Event] {
        s.events()
    }
    fn event_words(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
        event_text(lang, r, e, viewer)
    }
    fn logged_event_words(
        lang: Lang,
        r: &Rules,
        events: &[Event],
        i: usize,
        viewer: Option<usize>,
    ) -> String {
        narration::logged(lang, r, events, i, viewer)
            .unwrap_or_else(|| event_text(lang, r, &events[i], viewer))
    }
    fn event_look(e: &Event) -> EventLook {
        match e {
            Event::Told { .. } | Event::Ended(_) => EventLook::Notable,
            Event::Chose { seat, .. } => EventLook::TurnBegins(*seat as usize),
            _ => EventLook::Plain,
        }
    }
    fn recap(s: &State, from: usize, viewer: usize, lang: Lang) -> Option<Vec<String>> {
        Some(recap(s, from, viewer, lang))
    }
    fn turn_seat(s: &State) -> usize {
        s.actor().unwrap_or(0)
    }
    fn parse_move(
        lang: Lang,
        s: &State,
        legal: &[Move],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        grid::parse(lang, s, legal, words, line)
    }
    fn fingerprint(s: &State) -> String {
        s.digest()
    }
}

// ----- The board -----------------------------------------------------------------

/// The board's first line: the game, whose turn (or the end), and the
/// counters of the table every seat reads.
pub fn title(s: &State, lang: Lang) -> String {
    let r = &s.rules;
    let game = r.name.as_str();
    let mut t = match s.actor() {
        Some(p) => w!(
            lang,
            "ds-board-title",
            game = game,
            who = r.seats[p].1.as_str()
        ),
        None => w!(lang, "ds-board-over", game = game),
    };
    for (i, c) in r.counters.iter().enumerate() {
        if c.shown && !c.per_seat {
            let v = view::counter_value(s, lang, i, 0, None);
            t += &format!(" · {}", view::counter_words(r, lang, &c.id, &v));
        }
    }
    t
}

/// The table as `viewer` sees it (`None`: every card), within 80 columns:
/// the title; the table's piles in a line (a pile the viewer cannot see
/// by its count, a discard pile by its count and top card, another with
/// who played each card); the indexed zones, a line per index
/// (`indexed.rs`); then a line per seat: its counters and its
/// piles, a hand sorted with each card once (`×2`), another pile in its
/// order, the cards the viewer cannot see counted. The viewer's own
/// piles are whole; a hand whose every card the grid of moves below
/// offers is only counted. A board taller than [`BOARD_ROWS`] is made
/// compact, a column in two rows at most, then, still too tall, in one.
pub fn board(s: &State, viewer: Option<usize>, lang: Lang) -> String {
    let whole = board_in(s, viewer, lang, None);
    if whole.lines().count() <= BOARD_ROWS {
        return whole;
    }
    let compact = board_in(s, viewer, lang, Some(2));
    if compact.lines().count() <= BOARD_ROWS {
        return compact;
    }
    board_in(s, viewer, lang, Some(1))
}

/// The board, compact (a column in `column_rows` rows at most) or not:
/// compact, the table's piles on the title's line when they fit, the
/// other seats' lines cut to a line each (the viewer's own whole).
fn board_in(s: &State, viewer: Option<usize>, lang: Lang, column_rows: Option<usize>) -> String {
    let compact = column_rows.is_some();
    let r = &s.rules;
    let columns = indexed::zones(r);
    let shared: Vec<String> = (0..r.zones.len())
        .filter(|&z| !r.zones[z].per_seat && !columns.contains(&(z as u8)))
        .map(|z| r.pile(z as u8, 0))
        .filter(|&p| !s.core.pile(p).is_empty() || is_draw_pile(r, p))
        .map(|p| pile_words(s, lang, p, viewer))
        .collect();
    let title = title(s, lang);
    let one = format!("{title} · {}", shared.join(" · "));
    let mut out = if compact && !shared.is_empty() && render::width(&one) <= render::COLUMNS {
        one + "\n"
    } else {
        let piles = match shared.is_empty() {
            true => String::new(),
            false => render::wrap_hanging(&shared.join(" · "), "", "  "),
        };
        render::wrap_hanging(&title, "", "  ") + &piles
    };
    out += &indexed::lines(s, viewer, lang, column_rows);
    let name = |p: usize| match viewer {
        Some(v) if v == p => w!(lang, "ds-you", name = r.seats[p].1.as_str()),
        _ => r.seats[p].1.clone(),
    };
    let width = (0..r.players)
        .map(|p| render::width(&name(p)))
        .max()
        .unwrap_or(0);
    for p in 0..r.players {
        let line = seat_line(s, viewer, lang, p, &name(p), width);
        if compact && viewer != Some(p) {
            out += &cut(&line);
            out.push('\n');
        } else {
            out += &render::wrap_hanging(&line, "", &" ".repeat(width + 4));
        }
    }
    out
}

/// The rows the board may take before it is made compact (the question,
/// the grid of moves and the recap take the rest of 24).
const BOARD_ROWS: usize = 15;

/// `line` cut to 80 columns, with `…` where it was cut.
pub(super) fn cut(line: &str) -> String {
    if render::width(line) <= render::COLUMNS {
        return line.to_string();
    }
    let mut out = String::new();
    for c in line.chars() {
        let mut next = out.clone();
        next.push(c);
        if render::width(&next) > render::COLUMNS - 1 {
            break;
        }
        out = next;
    }
    out.trim_end().to_string() + "…"
}

/// Seat `p`'s line: its name padded to `width`, its counters and piles.
fn seat_line(
    s: &State,
    viewer: Option<usize>,
    lang: Lang,
    p: usize,
    name: &str,
    width: usize,
) -> String {
    let r = &s.rules;
    let mut parts: Vec<String> = Vec::new();
    for (i, c) in r.counters.iter().enumerate() {
        if c.shown && c.per_seat {
            let v = view::counter_value(s, lang, i, p, viewer);
            parts.push(view::counter_words(r, lang, &c.id, &v));
        }
    }
    for z in (0..r.zones.len()).filter(|&z| r.zones[z].per_seat) {
        let pile = r.pile(z as u8, p);
        if !s.core.pile(pile).is_empty() {
            parts.push(pile_words(s, lang, pile, viewer));
        }
    }
    format!("{}{}", render::pad(name, width + 2), parts.join(" · "))
}

fn is_draw_pile(r: &Rules, p: usize) -> bool {
    r.piles[p].0 == r.draw_from
}

/// A pile in words as `viewer` sees it: `zone: cards`, or `zone n`.
fn pile_words(s: &State, lang: Lang, p: usize, viewer: Option<usize>) -> String {
    let r = &s.rules;
    let (z, seat) = r.piles[p];
    let zone = &r.zones[z as usize].name;
    let cards = s.core.pile(p);
    // A face-down card of a zone nobody sees stays hidden, even at the
    // end or to a spectator.
    let nobody = r.zones[z as usize].sees == Sees::Nobody;
    let sees = |c: u8| {
        let up = s.core.up.get(c);
        (up || !nobody) && viewer.is_none_or(|v| s.visible(c, v))
    };
    let mut seen: Vec<u8> = cards.iter().copied().filter(|&c| sees(c)).collect();
    let hidden = cards.len() - seen.len();
    let count = |n: usize| w!(lang, "ds-pile-count", zone = zone.as_str(), n = n);
    if seen.is_empty() {
        return count(cards.len());
    }
    // A discard pile (the table's or a seat's) by its count and top card.
    if z == r.discard_to {
        let top = view::card_name(r, lang, seen[seen.len() - 1]);
        return w!(
            lang,
            "ds-pile-top",
            zone = zone.as_str(),
            n = cards.len(),
            top = top
        );
    }
    let names: Vec<String> = if z == r.draw_to && seat.is_some() {
        if viewer.is_some_and(|v| Some(v as u8) == seat) && grid::offers_all(s, cards) {
            return w!(lang, "ds-pile-below", zone = zone.as_str(), n = cards.len());
        }
        seen.sort_by_key(|&c| view::sort_key(r, c));
        let names: Vec<String> = seen.iter().map(|&c| view::card_name(r, lang, c)).collect();
        view::grouped(&names)
    } else if seat.is_none() {
        seen.iter()
            .map(|&c| {
                let card = view::card_name(r, lang, c);
                match s.core.owner[c as usize] {
                    NONE => card,
                    o => w!(
                        lang,
                        "ds-card-of",
                        card = card,
                        seat = r.seats[o as usize].1.as_str()
                    ),
                }
            })
            .collect()
    } else {
        seen.iter().map(|&c| view::card_name(r, lang, c)).collect()
    };
    let mut text = names.join(", ");
    if hidden > 0 {
        text = w!(lang, "ds-and-hidden", cards = text, n = hidden);
    }
    w!(lang, "ds-pile", zone = zone.as_str(), cards = text)
}

// ----- The question and the recap ------------------------------------------------

/// What the actor is deciding: the catalogue's `ask-<option>` for the
/// first option of the choice it has (else `ds-ask`), with `who` and
/// every counter as the actor reads it (a counter per seat: the actor's).
pub fn question(s: &State, lang: Lang) -> String {
    let r = &s.rules;
    let Some((ch, seat)) = s.core.waiting else {
        return w!(lang, "ds-board-over", game = r.name.as_str());
    };
    let seat = seat as usize;
    let mut args = FluentArgs::new();
    args.set("who", r.seats[seat].1.clone());
    for (i, c) in r.counters.iter().enumerate() {
        args.set(
            c.id.clone(),
            view::counter_value(s, lang, i, seat, Some(seat)),
        );
    }
    let options = r.program.choices.get(ch as usize).map(|c| &c.options);
    options
        .into_iter()
        .flatten()
        .find_map(|o| {
            view::game_words(
                r,
                lang,
                &format!("ask-{}", o.name.replace('_', "-")),
                Some(&args),
            )
        })
        .unwrap_or_else(|| w!(lang, "ds-ask", who = r.seats[seat].1.as_str()))
}

/// The events from index `from` on as `viewer` saw them, in sentences:
/// cards moved together from a pile to another in one sentence, what a
/// `tell` says, the end; the decisions themselves are told by what they
/// moved.
pub fn recap(s: &State, from: usize, viewer: usize, lang: Lang) -> Vec<String> {
    let r = &s.rules;
    let events = s.events();
    let mut out: Vec<String> = Vec::new();
    let mut i = from.min(events.len());
    while i < events.len() {
        match &events[i] {
            Event::Moved { from: f, to: t, .. } => {
                let (mut seen, mut hidden, mut cards) = (Vec::new(), 0, Vec::new());
                while let Some(Event::Moved { card, from, to, up }) = events.get(i) {
                    if (from, to) != (f, t) {
                        break;
                    }
                    if moved_seen(r, *up, *from, *to, Some(viewer)) {
                        seen.push(view::card_name(r, lang, *card));
                    } else {
                        hidden += 1;
                    }
                    cards.push(i32::from(*card));
                    i += 1;
                }
                // A `tell` right after that names a card moved tells it.
                if !told_card(r, events.get(i), &cards) {
                    out.push(view::moved_words(r, lang, &seen, hidden, *f, *t));
                }
                continue;
            }
            Event::Told { tell, args } => out.push(view::told_words(r, lang, *tell, args, |c| {
                view::seen_card(s, lang, c, Some(viewer))
            })),
            Event::Ended(e) => out.push(view::end_words(s, lang, *e)),
            Event::Shuffled(_) | Event::Chose { .. } => {}
        }
        i += 1;
    }
    let mut said: Vec<String> = Vec::new();
    for t in out.iter().map(|t| sentence(t)) {
        // The same sentence twice in a row (cards gathered from several
        // piles) is said once.
        if !t.is_empty() && said.last() != Some(&t) {
            said.push(t);
        }
    }
    said
}

/// Whether `e` is a `tell` one of whose cards is among `cards`.
fn told_card(r: &Rules, e: Option<&Event>, cards: &[i32]) -> bool {
    let Some(Event::Told { tell, args }) = e else {
        return false;
    };
    let t = &r.program.tells[*tell as usize];
    t.args
        .iter()
        .zip(args)
        .any(|((_, _, ty), v)| *ty == super::program::Ty::Card && cards.contains(v))
}

/// `t` as a sentence: a capital, a full stop (nothing if `t` is empty).
fn sentence(t: &str) -> String {
    let t = t.trim();
    let mut c = t.chars();
    let Some(f) = c.next() else {
        return String::new();
    };
    let t: String = f.to_uppercase().chain(c).collect();
    if t.ends_with(['.', '!', '?', '…']) {
        t
    } else {
        format!("{t}.")
    }
}

/// Whether `viewer` (`None`: everyone's cards) saw a card moved from a
/// pile to another: face up, or into or out of a pile it sees.
pub(super) fn moved_seen(r: &Rules, up: bool, from: u8, to: u8, viewer: Option<usize>) -> bool {
    up || viewer.is_none_or(|v| r.sees_pile(to as usize, v) || r.sees_pile(from as usize, v))
}

/// An event in words without the state (the narration, a replay): the
/// piles and values as the rules name them (a card moved face down to a
/// pile the viewer does not see is "a hidden card").
fn event_text(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    match e {
        Event::Moved { card, from, to, up } => {
            let seen = moved_seen(r, *up, *from, *to, viewer);
            let names = if seen {
                vec![view::card_name(r, lang, *card)]
            } else {
                Vec::new()
            };
            view::moved_words(r, lang, &names, usize::from(!seen), *from, *to)
        }
        Event::Told { tell, args } => {
            view::told_words(r, lang, *tell, args, |c| view::card_name(r, lang, c))
        }
        Event::Ended(End::Game) => r.words.format(lang, "game-over", None),
        Event::Ended(_) => w!(lang, "ds-stopped"),
        Event::Shuffled(p) => w!(lang, "ds-shuffled", pile = view::pile_name(r, *p as usize)),
        Event::Chose { seat, .. } => r.seats[*seat as usize].1.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses_and_has_every_message() {
        assert_eq!(WORDS.check(), Vec::<String>::new());
    }

    #[test]
    fn a_sentence_has_a_capital_and_a_full_stop() {
        assert_eq!(sentence("west draws a card"), "West draws a card.");
        assert_eq!(sentence("Done!"), "Done!");
        assert_eq!(sentence("  "), "");
    }
}
