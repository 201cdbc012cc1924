//! de Cape & d'Épée at the terminal (`crate::play::Playable`), in English
//! only: the table as a seat sees it, the moves and events in words
//! (`text.rs`), typed moves by their words.

use super::state::{Event, Move, Phase, State};
use super::{DeCape, Rules};
use crate::diag::Diagnostics;
use crate::engine::{Game, Loaded, Selection};
use crate::load::GameDir;
use crate::play::i18n::{Catalogue, Lang, PLAY};
use crate::play::input::{InputError, fold};
use crate::play::render::Style;
use crate::play::{EventLook, Playable};

/// No words of its own yet: the player's generic catalogue.
static WORDS: Catalogue = Catalogue::new(["", "", ""], Some(&PLAY));

fn numbered(s: &State, legal: &[Move], which: &[usize]) -> String {
    which
        .iter()
        .map(|&i| format!("  {}) {}\n", i + 1, s.move_text(legal[i])))
        .collect()
}

impl Playable for DeCape {
    type Event = Event;
    type RuleNotes = Vec<(String, String)>;

    fn words() -> &'static Catalogue {
        &WORDS
    }
    fn load_for_play(
        d: &GameDir,
        s: &Selection,
    ) -> Result<(Loaded<Rules>, Self::RuleNotes), Diagnostics> {
        let l = DeCape::load(d, s)?;
        let notes = l.settings.clone();
        Ok((l, notes))
    }
    fn name(r: &Rules) -> &str {
        &r.name
    }
    fn seat_name(r: &Rules, p: usize) -> String {
        r.colours[p].1.clone()
    }
    fn first_seat(_: &Rules) -> usize {
        0
    }
    fn board(s: &State, viewer: Option<usize>, _: Style) -> String {
        super::board::board(s, viewer)
    }
    fn question(s: &State, _: Lang) -> String {
        let who = &s.rules().colours[s.actor() as usize].1;
        match s.phase() {
            Phase::Choice => format!("{who}: an ability asks you to choose"),
            _ => format!("{who}: place a card face down at the bottom of a column"),
        }
    }
    fn choices(s: &State, legal: &[Move], _: Style) -> String {
        super::board::choices(s, legal, &(0..legal.len()).collect::<Vec<_>>())
    }
    fn choice_lines(s: &State, legal: &[Move], which: &[usize], _: Style) -> String {
        numbered(s, legal, which)
    }
    fn legend(_: &State, _: Style) -> String {
        "Kind/C: a face-up card of colour C; [C]: a face-down card of colour C; (Kind)/C: your own face-down card\n".into()
    }
    fn rules_text(_: &State, notes: &Self::RuleNotes, _: Style) -> String {
        notes.iter().map(|(k, v)| format!("{k} = {v}\n")).collect()
    }
    fn hint_text(s: &State, m: Move, ix: usize, agent: &str, _: u64, _: Lang) -> String {
        format!("{agent} would choose {}: {}", ix + 1, s.move_text(m))
    }
    fn score_text(s: &State, _: usize, _: Lang) -> String {
        let r = s.rules();
        (0..r.players)
            .map(|p| format!("{}: {} points\n", r.colours[p].1, s.points(p)))
            .collect()
    }
    fn result_text(s: &State, lang: Lang) -> String {
        let r = s.rules();
        let who = match s.leader() {
            Some(p) => format!("{} wins", r.colours[p].1),
            None => "a shared victory".into(),
        };
        format!("{}{who}\n", Self::score_text(s, 0, lang))
    }
    fn move_words(_: Lang, r: &Rules, _: usize, m: Move) -> String {
        super::text::move_words(r, m)
    }
    fn quiet_move_line(_: Lang, before: &State, m: Move) -> String {
        before.move_text(m)
    }
    fn move_is_public(m: Move) -> bool {
        !matches!(m, Move::Place { .. } | Move::Card(_))
    }
    fn move_is_secret(m: Move) -> bool {
        matches!(m, Move::Card(_))
    }
    fn events(s: &State) -> &[Event] {
        s.events()
    }
    fn event_words(_: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
        super::text::event_words(r, e, viewer)
    }
    fn event_look(e: &Event) -> EventLook {
        match e {
            Event::RoundEnded { .. } | Event::Settled { .. } | Event::GameOver => {
                EventLook::Notable
            }
            _ => EventLook::Plain,
        }
    }
    fn event_card(_: &Rules, _: &Event) -> Option<String> {
        None
    }
    fn may_take_back(_: &[Event], _: usize) -> bool {
        false
    }
    fn turn_seat(s: &State) -> usize {
        s.turn_seat()
    }
    fn forced_move(_: &State) -> Option<(Move, &'static str)> {
        None
    }
    fn in_run(_: &State) -> bool {
        false
    }
    /// The legal move whose words contain every typed word.
    fn parse_move(
        lang: Lang,
        s: &State,
        legal: &[Move],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        let hits: Vec<usize> = (0..legal.len())
            .filter(|&i| {
                let text = fold(&s.move_text(legal[i]));
                words.iter().all(|w| {
                    text.split(|c: char| !c.is_alphanumeric())
                        .any(|t| t.starts_with(w))
                })
            })
            .collect();
        match hits[..] {
            [i] => Ok(i),
            [] => Err(InputError::NoMatch(crate::tr!(
                lang,
                "typed-matches-none",
                line = line
            ))),
            _ => Err(InputError::Ambiguous(hits)),
        }
    }
    fn fingerprint(s: &State) -> String {
        s.digest()
    }
}
