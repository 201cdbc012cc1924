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
/// in English (a column by its number alone, never by its objective's
/// value: `que 3` is column 3), and the base files' names of its card,
/// colour and domain.
fn typed_words(s: &State, lang: Lang, m: Move) -> String {
    let r = s.rules();
    let b = &r.base_names;
    let mut t = format!(
        "{} {}",
        text::move_words(lang, r, m),
        text::move_words(Lang::En, r, m)
    );
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
        t = format!("{t} {} {}", r.domains[domain].1, b.domains[domain]);
    }
    fold(&t)
}

/// The card whose ability asks now, in words (`Blue Traitor`).
fn asking(s: &State, lang: Lang) -> Option<String> {
    columns::asking_card(s).map(|c| columns::card_words(lang, s.rules(), c))
}

/// Why the AI's move `m` is good for the actor, in the evaluation's
/// terms: for a placement, where it leaves him in that column on what he
/// sees; then the evaluation's estimate before and after, over a few
/// guesses of the cards he cannot see (`seed`).
fn hint_reason(s: &State, m: Move, seed: u64, lang: Lang) -> String {
    let me = s.actor() as usize;
    let mut why = match m {
        Move::Place { card, column } => {
            columns::placement_reason(s, me, card, column as usize, 16, lang)
        }
        _ => String::new(),
    };
    let w = super::agents::Weights::default();
    let mut rng = crate::engine::seed::agent_rng(seed);
    let (mut before, mut after, mut n) = (0.0, 0.0, 0);
    let mut legal = Vec::new();
    for _ in 0..8 {
        let mut d = s.redrawn(me, &mut rng);
        d.legal(&mut legal);
        if !legal.contains(&m) {
            continue;
        }
        before += d.evaluation(&w, me);
        d.apply_move(m);
        after += d.evaluation(&w, me);
        n += 1;
    }
    if n > 0 {
        let now = format!("{:+.1}", before / f64::from(n));
        let then = format!("{:+.1}", after / f64::from(n));
        let est = w!(lang, "dc-hint-estimate", now = now, after = then);
        why = if why.is_empty() {
            est
        } else {
            format!("{why} {est}")
        };
    }
    why
}

/// The rules in force, in `lang`: the seats, each card's value, each
/// reading of the rulebook the rules make with its passage.
fn rules_words(s: &State, notes: &[(String, String, String)], lang: Lang) -> String {
    let r = s.rules();
    let mut t = w!(
        lang,
        "dc-rules-head",
        players = r.players,
        rounds = r.rounds
    ) + "\n";
    let values: Vec<String> = (0..r.kinds.len())
        .map(|k| format!("{} {}", r.kinds[k].name, columns::kind_value(lang, r, k)))
        .collect();
    t += &w!(lang, "dc-rules-values", values = values.join(", "));
    t += "\n";
    for (key, reading, passage) in notes {
        let key = key.strip_prefix("toggles.").unwrap_or(key);
        // The reading in words, where the catalogue has them.
        let id = format!("dc-toggle-{}", key.replace('.', "-"));
        if text::WORDS.get(lang, &id).is_some() {
            t += &format!("  {}\n", w!(lang, &id, reading = reading.as_str()));
            if !passage.is_empty() {
                t += &format!("      {passage}\n");
            }
            continue;
        }
        // A rule about a card is named by the card's name.
        let (what, part) = key.split_once('.').unwrap_or((key, ""));
        let what = r
            .kinds
            .iter()
            .find(|k| k.id == what)
            .map_or(what.replace('_', " "), |k| k.name.clone());
        let name = if part.is_empty() {
            what
        } else {
            format!("{what}, {}", part.replace('_', " "))
        };
        t += &format!(
            "  {}\n",
            w!(
                lang,
                "dc-rules-reading",
                rule = name,
                reading = reading.as_str()
            )
        );
        if !passage.is_empty() {
            t += &format!("      {passage}\n");
        }
    }
    t
}

impl Playable for DeCape {
    type Event = Event;
    type RuleNotes = Vec<(String, String, String)>;

    fn words() -> &'static Catalogue {
        &text::WORDS
    }
    fn load_for_play(
        d: &GameDir,
        s: &Selection,
    ) -> Result<(Loaded<Rules>, Self::RuleNotes), Diagnostics> {
        let l = DeCape::load(d, s)?;
        let notes = l.rules.toggles_in_force();
        Ok((l, notes))
    }
    fn name(r: &Rules) -> &str {
        &r.name
    }
    fn seat_name(r: &Rules, p: usize) -> String {
        r.colours[p].1.clone()
    }
    fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
        columns::player_board(s, viewer, st.lang)
    }
    fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
        columns::table_view(s, viewer, lang)
    }
    fn question(s: &State, lang: Lang) -> String {
        let who = s.rules().colours[s.actor() as usize].1.as_str();
        match (s.phase(), asking(s, lang)) {
            (Phase::Choice, Some(card)) => w!(lang, "dc-ask-card", who = who, card = card),
            (Phase::Choice, None) => w!(lang, "dc-ask-choice", who = who),
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
    fn cards(s: &State, lang: Lang) -> Vec<crate::play::CardInfo> {
        let r = s.rules();
        columns::card_infos(r, &r.base_names.kinds, r.kinds.len(), lang)
    }
    fn asking_card(s: &State) -> Option<String> {
        let r = s.rules();
        columns::asking_card(s).map(|c| r.kinds[r.kind_of(c)].id.clone())
    }
    fn legend(_: &State, st: Style) -> String {
        columns::legend(st.lang)
    }
    fn rules_text(s: &State, notes: &Self::RuleNotes, st: Style) -> String {
        rules_words(s, notes, st.lang)
    }
    fn hint_text(s: &State, m: Move, ix: usize, agent: &str, seed: u64, lang: Lang) -> String {
        let mv = s.move_text_in(lang, m);
        let why = hint_reason(s, m, seed, lang);
        w!(
            lang,
            "dc-hint",
            agent = agent,
            n = ix + 1,
            mv = mv,
            why = why
        )
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
