//! de Cape & d'Épée at the terminal (`crate::play::Playable`), in the
//! player's language (the catalogue `text::WORDS`; names from the rules'
//! names file of `--lang`): the engine's board, events and scores of a
//! table of columns (`play::columns`), the moves in words (`text.rs`),
//! typed moves by their words in that language or in English.

use super::state::{Event, Move, Phase, State};
use super::text::{self, w};
use super::{DeCape, Rules};
use crate::diag::Diagnostics;
use crate::engine::{Game, Loaded, Selection};
use crate::load::GameDir;
use crate::play::columns;
use crate::play::i18n::{Catalogue, Lang};
use crate::play::input::{self, InputError, fold};
use crate::play::render::Style;
use crate::play::table::{TableView, Viewer};
use crate::play::{EventLook, Playable};

/// Every word a typed line may use for move `m`: its words in `lang` and
/// in English, and the base files' names of its card, colour and domain.
fn typed_words(s: &State, lang: Lang, m: Move) -> String {
    let r = s.rules();
    let b = &r.base_names;
    let mut t = format!("{} {}", s.move_text_in(lang, m), s.move_text(m));
    if let Move::Place { card, .. } | Move::Card(card) = m {
        t = format!(
            "{t} {} {}",
            b.kinds[r.kind_of(card)],
            b.colours[r.owner(card)]
        );
    }
    if let Move::Place { column, .. } | Move::Column(column) = m
        && let Some(c) = s.columns().get(column as usize)
    {
        let domain = r.objectives[c.objective as usize].domain as usize;
        t = format!("{t} {}", b.domains[domain]);
    }
    fold(&t)
}

impl Playable for DeCape {
    type Event = Event;
    type RuleNotes = Vec<(String, String)>;

    fn words() -> &'static Catalogue {
        &text::WORDS
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
    fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
        columns::board(s, viewer, st.lang)
    }
    fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
        columns::table_view(s, viewer, lang)
    }
    fn question(s: &State, lang: Lang) -> String {
        let who = s.rules().colours[s.actor() as usize].1.as_str();
        match s.phase() {
            Phase::Choice => w!(lang, "dc-ask-choice", who = who),
            _ => w!(lang, "dc-ask-place", who = who),
        }
    }
    fn choices(s: &State, legal: &[Move], st: Style) -> String {
        let all: Vec<usize> = (0..legal.len()).collect();
        super::board::choices(s, legal, &all, st.lang)
    }
    fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
        super::board::numbered(s, legal, which, st.lang)
    }
    fn legend(_: &State, st: Style) -> String {
        columns::legend(st.lang)
    }
    fn rules_text(_: &State, notes: &Self::RuleNotes, _: Style) -> String {
        notes.iter().map(|(k, v)| format!("{k} = {v}\n")).collect()
    }
    fn hint_text(s: &State, m: Move, ix: usize, agent: &str, _: u64, lang: Lang) -> String {
        let mv = s.move_text_in(lang, m);
        w!(lang, "dc-hint", agent = agent, n = ix + 1, mv = mv)
    }
    fn score_text(s: &State, _: usize, lang: Lang) -> String {
        columns::score_text(s, lang)
    }
    fn result_text(s: &State, lang: Lang) -> String {
        columns::result_text(s, s.leader(), lang)
    }
    fn move_words(lang: Lang, r: &Rules, _: usize, m: Move) -> String {
        text::move_words(lang, r, m)
    }
    fn quiet_move_line(lang: Lang, before: &State, m: Move) -> String {
        before.move_text_in(lang, m)
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
    fn event_words(lang: Lang, r: &Rules, e: &Event, viewer: Option<usize>) -> String {
        columns::event_words(lang, r, e, viewer)
    }
    fn event_look(e: &Event) -> EventLook {
        columns::event_look(e)
    }
    fn turn_seat(s: &State) -> usize {
        s.turn_seat()
    }
    /// The legal move whose words (in `lang` or English, names in either)
    /// contain every typed word.
    fn parse_move(
        lang: Lang,
        s: &State,
        legal: &[Move],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        let words_of = |i: usize| typed_words(s, lang, legal[i]);
        input::by_words(lang, legal.len(), words_of, words, line)
    }
    fn fingerprint(s: &State) -> String {
        s.digest()
    }
}
