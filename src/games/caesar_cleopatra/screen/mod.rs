//! Caesar & Cleopatra at the terminal: what `ludus play` and `ludus replay`
//! show and read of this game ([`crate::play::Playable`]): the board, the
//! choices, the moves and events in words, the typed short forms, the rule
//! quotes of `rules`, hints. Its words are the catalogue [`WORDS`]
//! (`i18n/{en,fr,nl}.ftl` here), whose parent is the player's own.

use crate::play::i18n::{Catalogue, PLAY};

/// This game's words at the terminal, in each language.
pub static WORDS: Catalogue = crate::catalogue_beside!(Some(&PLAY));

/// `w!(lang, "id", name = value, ...)`: a message of [`WORDS`].
macro_rules! w {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        crate::trc!(WORDS, $lang, $id $(, $k = $v)*)
    };
}

pub mod input;
pub mod render;
pub mod rules;
pub mod table;
pub mod words;

use std::sync::Arc;

use super::events::Event;
use super::model::Rules;
use super::variant;
use super::{CaesarCleopatra, Move, Phase, State, Target};
use crate::diag::Diagnostics;
use crate::engine::{Loaded, Selection};
use crate::load::GameDir;
use crate::play::i18n::Lang;
use crate::play::input::InputError;
use crate::play::render::Style;
use crate::play::table::{TableView, Viewer};
use crate::play::{EventLook, Playable};

/// Whether the actor is asked whether to answer the opponent's action
/// card but holds no card to answer with (the window opens whatever he
/// holds, so that it tells nothing). Against the AI, `ludus play` declines
/// for him; at one screen (`--hotseat`) he is asked anyway.
pub fn forced_decline(s: &State) -> bool {
    let mut legal = Vec::new();
    s.legal(&mut legal);
    reaction_window(s) && legal == [Move::Decline]
}

/// Whether the actor is asked to answer an action card.
fn reaction_window(s: &State) -> bool {
    s.phase() == Phase::Effect && s.frames.last().is_some_and(|f| f.awaiting_reaction)
}

/// The `score` command during the game: each side's patricians and
/// points, the viewer's with his mission, the other's without.
pub fn score_now(s: &State, viewer: usize, lang: Lang) -> String {
    let r = s.rules();
    let mut o = String::new();
    for p in 0..2 {
        let pts = if p == viewer {
            w!(
                lang,
                "score-mine",
                points = render::points(lang, s.score()[p])
            )
        } else {
            w!(
                lang,
                "points-now-secret",
                points = render::points(lang, render::public_score(s, p)),
                bonus = r.scoring.mission_bonus
            )
        };
        let line = w!(
            lang,
            "score-now",
            who = r.factions[p].name.as_str(),
            n = s.patricians_won(p),
            points = pts
        );
        o.push_str(&format!("{line}\n"));
    }
    o
}

impl Playable for CaesarCleopatra {
    type Event = Event;
    type RuleNotes = rules::RuleNotes;

    fn words() -> &'static Catalogue {
        &WORDS
    }

    fn load_for_play(
        dir: &GameDir,
        sel: &Selection,
    ) -> Result<(Loaded<Rules>, Self::RuleNotes), Diagnostics> {
        let rs = variant::load(dir, sel)?;
        let loaded = Loaded {
            fingerprint: rs.fingerprint(),
            settings: rs
                .settings
                .iter()
                .map(|(k, v, _)| (k.clone(), v.clone()))
                .collect(),
            lang: rs.lang.clone(),
            rules: Arc::new(rs.rules),
        };
        Ok((loaded, rules::RuleNotes::new(dir, rs.settings)))
    }

    fn name(rules: &Rules) -> &str {
        &rules.name
    }
    fn seat_name(rules: &Rules, p: usize) -> String {
        rules.factions[p].name.clone()
    }
    fn first_seat(rules: &Rules) -> usize {
        rules.setup.first_player
    }

    fn board(s: &State, viewer: Option<usize>, st: Style) -> String {
        render::board(s, viewer, st)
    }
    fn table(s: &State, viewer: Viewer, lang: Lang) -> TableView {
        table::table(s, viewer, lang)
    }
    fn question(s: &State, lang: Lang) -> String {
        render::question(s, lang)
    }
    fn choices(s: &State, legal: &[Move], st: Style) -> String {
        render::choices(s, legal, st)
    }
    fn choice_lines(s: &State, legal: &[Move], which: &[usize], st: Style) -> String {
        render::choice_lines(s, legal, which, st)
    }
    fn cards(s: &State, lang: Lang) -> Vec<crate::play::CardInfo> {
        let r = s.rules();
        let me = s.actor();
        r.kinds
            .iter()
            .enumerate()
            .map(|(k, t)| {
                let names: Vec<&str> = r
                    .factions
                    .iter()
                    .map(|f| f.card_names[k].as_str())
                    .collect();
                let value = match (t.influence, t.inverts_vote) {
                    (false, _) => w!(lang, "card-value-action"),
                    (true, true) => w!(lang, "card-value-philosopher"),
                    (true, false) => t.value.to_string(),
                };
                crate::play::CardInfo {
                    id: t.id.clone(),
                    name: r.factions[me].card_names[k].clone(),
                    words: crate::play::input::fold(&format!("{} {}", names.join(" "), t.id)),
                    value,
                }
            })
            .collect()
    }
    fn legend(s: &State, st: Style) -> String {
        render::legend(s, st)
    }
    fn rules_text(s: &State, notes: &Self::RuleNotes, st: Style) -> String {
        rules::rules_text(s, notes, st)
    }
    fn hint_text(s: &State, m: Move, ix: usize, agent: &str, seed: u64, lang: Lang) -> String {
        render::hint_text(s, m, ix, agent, seed, lang)
    }
    fn score_text(s: &State, viewer: usize, lang: Lang) -> String {
        score_now(s, viewer, lang)
    }
    fn result_text(s: &State, lang: Lang) -> String {
        words::score_words(lang, s)
    }

    fn move_words(lang: Lang, rules: &Rules, seat: usize, m: Move) -> String {
        words::move_words(lang, rules, seat, m)
    }
    fn quiet_move_line(lang: Lang, before: &State, m: Move) -> String {
        let mover = before.actor();
        let who = before.rules().factions[mover].name.as_str();
        match m {
            Move::Decline if reaction_window(before) => w!(lang, "no-answer", who = who),
            Move::Decline => w!(lang, "draws-nothing", who = who),
            _ => w!(
                lang,
                "someone-moves",
                who = who,
                mv = words::move_words(lang, before.rules(), mover, m)
            ),
        }
    }
    fn move_is_public(m: Move) -> bool {
        matches!(
            m,
            Move::Pass
                | Move::EndPlacement
                | Move::EndDiscard
                | Move::Draw(_)
                | Move::DrawVote
                | Move::Decline
                | Move::PlayAction(_)
                | Move::Choose(Target::Group(_))
        )
    }
    fn move_is_secret(m: Move) -> bool {
        // The order of an action reserve is the owner's secret.
        matches!(m, Move::ArrangeAction(_))
    }
    fn events(s: &State) -> &[Event] {
        s.events()
    }
    fn event_words(lang: Lang, rules: &Rules, e: &Event, viewer: Option<usize>) -> String {
        words::event_words(lang, rules, e, viewer)
    }
    fn logged_event_words(
        lang: Lang,
        rules: &Rules,
        events: &[Event],
        i: usize,
        viewer: Option<usize>,
    ) -> String {
        words::logged_event_words(lang, rules, events, i, viewer)
    }
    fn event_look(e: &Event) -> EventLook {
        match e {
            Event::TurnBegan { player, .. } => EventLook::TurnBegins(*player as usize),
            Event::Vote { .. } | Event::PatricianWon { .. } | Event::GameOver { .. } => {
                EventLook::Notable
            }
            _ => EventLook::Plain,
        }
    }
    fn event_card(rules: &Rules, e: &Event) -> Option<String> {
        match e {
            Event::ActionPlayed { kind, .. } => Some(rules.kind(*kind).id.clone()),
            _ => None,
        }
    }
    fn may_take_back(events: &[Event], mover: usize) -> bool {
        events.iter().all(|e| match e {
            Event::SetupPlaced { .. }
            | Event::ActionReserveArranged { .. }
            | Event::WentPassive { .. }
            | Event::Discarded { .. }
            | Event::ActionPlayed { .. }
            | Event::ActionResolved { .. } => true,
            Event::Placed { player, .. } | Event::Taken { player, .. } => *player as usize == mover,
            _ => false,
        })
    }

    fn turn_seat(s: &State) -> usize {
        s.seat()
    }
    fn forced_move(s: &State) -> Option<(Move, &'static str)> {
        forced_decline(s).then_some((Move::Decline, "no-card-to-answer"))
    }
    fn in_run(s: &State) -> bool {
        s.phase() == Phase::ArrangeActions
    }

    fn parse_move(
        lang: Lang,
        s: &State,
        legal: &[Move],
        words: &[&str],
        line: &str,
    ) -> Result<usize, InputError> {
        input::typed_move(lang, s.rules(), s.actor(), legal, words, line)
    }

    fn fingerprint(s: &State) -> String {
        s.digest()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_catalogue_parses_and_has_every_message() {
        assert_eq!(super::WORDS.check(), Vec::<String>::new());
    }
}
