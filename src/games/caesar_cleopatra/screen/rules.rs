//! The `rules` command of Caesar & Cleopatra: the rules in force in the
//! player's language, a sentence each (the catalogue's `rule-<key>`,
//! chosen by the rule's value), each with where it comes from and the
//! passage it follows (a variant's citation, or the rulebook's passage in
//! the catalogue), the step's own rules first, then the cards: values,
//! counts and what each action card does (the rules directory's
//! `about/<lang>.ftl`). The terminal shows it a page at a time.

use std::collections::HashMap;
use std::fmt::Write as _;

use fluent_bundle::FluentArgs;

use super::WORDS;
use super::words::{face, phase_words};
use crate::games::caesar_cleopatra::variant::Origin;
use crate::games::caesar_cleopatra::{Phase, State};
use crate::load::GameDir;
use crate::play::i18n::{Lang, arg, card_texts};
use crate::play::render::Style;

/// What `rules` quotes: every rule in force with its value and origin
/// (as `ludus variants show` lists them), and what each card does in
/// each language (by language code, then card id).
#[derive(Debug, Clone, Default)]
pub struct RuleNotes {
    pub settings: Vec<(String, String, Origin)>,
    pub about: HashMap<&'static str, HashMap<String, String>>,
}

impl RuleNotes {
    /// The notes of rules whose settings are `settings`, read from `dir`.
    pub fn new(dir: &GameDir, settings: Vec<(String, String, Origin)>) -> RuleNotes {
        let about = Lang::codes()
            .map(|c| (c, card_texts(dir, Lang::from_code(Some(c)))))
            .collect();
        RuleNotes { settings, about }
    }
}

/// The rulebook passages (message ids of the catalogue: each language
/// quotes its own rulebook, English the French 000) for steps whose rules
/// come from the base files, which carry no citation of their own.
fn base_passage(ph: Phase) -> &'static [&'static str] {
    match ph {
        Phase::ArrangeActions => &["rulebook-arrange"],
        Phase::SetupPlace => &["rulebook-setup"],
        Phase::TurnStart => &["rulebook-turn", "rulebook-limits"],
        Phase::Placing | Phase::LonePlaceAll => &["rulebook-limits"],
        Phase::Refill => &["rulebook-refill"],
        Phase::PassiveDiscard => &["rulebook-passive"],
        Phase::BeforeVote => &["rulebook-vote-card", "rulebook-vote"],
        Phase::Effect | Phase::GameOver => &[],
    }
}

/// The rulebook passage (a catalogue message) a base rule follows, where
/// the catalogue quotes one.
fn key_passage(key: &str) -> Option<&'static str> {
    Some(match key {
        "setup.action_reserve" => "rulebook-arrange",
        "setup.placed_per_group" | "setup.set_aside" => "rulebook-setup",
        "turn.placements" => "rulebook-turn",
        "limits.per_side" | "limits.per_group" => "rulebook-limits",
        "limits.hand_size" => "rulebook-refill",
        _ => return None,
    })
}

/// The rule keys that govern a step.
fn step_keys(s: &State) -> Vec<&'static str> {
    match s.phase() {
        Phase::ArrangeActions => vec!["setup.action_reserve"],
        Phase::SetupPlace => vec!["setup.set_aside", "setup.placed_per_group"],
        Phase::TurnStart => vec![
            "turn.placements",
            "turn.action_timing",
            "turn.actions_per_turn",
            "limits.per_side",
            "limits.per_group",
            "turn.extraordinary_tie",
            "turn.action_without_placement",
        ],
        Phase::Placing => vec![
            "turn.placements",
            "limits.per_side",
            "limits.per_group",
            "turn.action_timing",
        ],
        Phase::Refill => vec![
            "limits.hand_size",
            "turn.action_timing",
            "turn.extraordinary_vote",
            "limits.extraordinary_vote_at",
        ],
        Phase::PassiveDiscard => vec!["limits.hand_size"],
        Phase::BeforeVote => vec![
            "turn.action_timing",
            "turn.exhausted_vote_card",
            "turn.reshuffle",
            "turn.lone_philosopher",
            "scoring.tie_break",
        ],
        Phase::LonePlaceAll => vec!["turn.lone_player"],
        Phase::Effect => vec!["turn.action_timing", "turn.actions_per_turn"],
        Phase::GameOver => vec![
            "scoring.per_patrician",
            "scoring.majority_bonus",
            "scoring.whole_group_bonus",
            "scoring.mission_bonus",
            "scoring.tie_break",
        ],
    }
}

/// Rules told by another rule's sentence (the orgy's timing with the
/// orgy), or by the cards (values, effects, decks, names).
fn told_elsewhere(key: &str) -> bool {
    key == "turn.orgy_removal_timing"
        || [
            "card.",
            "faction.",
            "deck.",
            "patricians.",
            "group.",
            "vote_deck.",
            "vote.",
            "missions.",
            "mission.",
        ]
        .iter()
        .any(|p| key.starts_with(p))
}

/// A RON value as a message argument: a number as a number (for plural
/// forms), a reading (`AnyTime`, `true`) as its name.
fn value_arg(v: &str) -> fluent_bundle::FluentValue<'static> {
    match v.trim().parse::<i64>() {
        Ok(n) => arg(n),
        Err(_) => arg(v.trim().trim_matches('"').to_string()),
    }
}

/// The message id of a rule's sentence: `rule-turn-action_timing`.
fn rule_id(key: &str) -> String {
    format!("rule-{}", key.replace('.', "-"))
}

/// The rule `key` of value `v` as a sentence in `lang` (the catalogue's
/// `rule-<key>`; a key the catalogue does not word is named as it is).
fn sentence(s: &State, notes: &RuleNotes, key: &str, v: &str, lang: Lang) -> String {
    let r = s.rules();
    let id = rule_id(key);
    let mut args = FluentArgs::new();
    args.set("value", value_arg(v));
    match key {
        "turn.placements" => {
            let ways: Vec<String> = r
                .turn
                .placements
                .iter()
                .map(|p| {
                    w!(
                        lang,
                        "rule-pattern",
                        cards = p.cards,
                        face = face(lang, p.face)
                    )
                })
                .collect();
            args.set("patterns", arg(ways.join(&WORDS.t(lang, "rule-or"))));
        }
        "turn.lone_player" => {
            let l = &r.turn.lone_player;
            args.set("draws", arg(l.draws.to_string()));
            args.set("votes", arg(l.vote_cards.to_string()));
            args.set("all", arg(l.place_all_at_once.to_string()));
        }
        "turn.orgy_removal" => {
            let timing = notes
                .settings
                .iter()
                .find(|(k, _, _)| k == "turn.orgy_removal_timing")
                .map_or(String::new(), |(_, v, _)| v.clone());
            args.set("timing", arg(timing));
        }
        "setup.set_aside" => {
            let me = s.actor();
            let cards: Vec<String> = r
                .influence_kinds
                .iter()
                .filter(|k| r.setup.set_aside[k.ix()] > 0)
                .map(|&k| {
                    w!(
                        lang,
                        "rule-card-count",
                        n = r.setup.set_aside[k.ix()],
                        card = super::render::card_label(r, me, k)
                    )
                })
                .collect();
            args.set("cards", arg(cards.join(", ")));
        }
        "setup.first_player" => {
            let who = r.factions[r.setup.first_player].name.clone();
            args.set("who", arg(who));
        }
        _ => {}
    }
    if WORDS.get(lang, &id).is_none() {
        return w!(lang, "rule-unworded", key = key, value = v);
    }
    WORDS.format(lang, &id, Some(&args))
}

/// Where a rule comes from, when not the base files: `[variant fr-suffrage]`.
fn origin_words(origin: &Origin, lang: Lang) -> Option<String> {
    match origin {
        Origin::Base => None,
        Origin::Overlay { id, .. } => Some(w!(lang, "rules-from-variant", id = id.as_str())),
        Origin::CommandLine => Some("--set".to_string()),
    }
}

/// The rules in force, a sentence each: `keys` (in their order) or, with
/// `keys` empty, every rule not in `skip`; each with its origin and its
/// passage (a variant's citation; the base passage not yet in `quoted`).
fn rule_lines(
    s: &State,
    notes: &RuleNotes,
    keys: &[&str],
    skip: &[&str],
    quoted: &mut Vec<&'static str>,
    st: Style,
) -> String {
    let lang = st.lang;
    let mut o = String::new();
    let chosen: Vec<&(String, String, Origin)> = if keys.is_empty() {
        notes
            .settings
            .iter()
            .filter(|(k, _, _)| !told_elsewhere(k) && !skip.contains(&k.as_str()))
            .collect()
    } else {
        keys.iter()
            .filter_map(|key| notes.settings.iter().find(|(k, _, _)| k == key))
            .collect()
    };
    for (key, value, origin) in chosen {
        let mut line = format!("  - {}", sentence(s, notes, key, value, lang));
        if let Some(from) = origin_words(origin, lang) {
            let _ = write!(line, " {}", st.dim(&format!("[{from}]")));
        }
        let _ = writeln!(o, "{line}");
        match origin {
            Origin::Overlay { cite, .. } if !cite.is_empty() => {
                let _ = writeln!(o, "      {}", st.note(cite));
            }
            Origin::Base => {
                if let Some(p) = key_passage(key).filter(|p| !quoted.contains(p)) {
                    quoted.push(p);
                    let _ = writeln!(o, "      {}", st.note(&WORDS.t(lang, p)));
                }
            }
            _ => {}
        }
    }
    o
}

/// Names with their counts, in their first order: `Orgy (×2)`.
fn counted<'a>(names: impl Iterator<Item = &'a str>, lang: Lang) -> String {
    let mut seen: Vec<(&str, u32)> = Vec::new();
    for n in names {
        match seen.iter_mut().find(|(m, _)| *m == n) {
            Some((_, c)) => *c += 1,
            None => seen.push((n, 1)),
        }
    }
    let each: Vec<String> = seen
        .iter()
        .map(|&(name, n)| w!(lang, "rules-counted", name = name, n = n))
        .collect();
    each.join(", ")
}

/// The table: the patrician groups, the vote cards, the secret missions.
fn table(s: &State, st: Style) -> String {
    let lang = st.lang;
    let r = s.rules();
    let mut o = String::new();
    let _ = writeln!(o, "{}", st.bold(&WORDS.t(lang, "rules-table")));
    let groups: Vec<String> = r
        .groups
        .iter()
        .map(|g| {
            w!(
                lang,
                "rules-group",
                name = g.name.as_str(),
                n = g.size,
                majority = g.majority
            )
        })
        .collect();
    let total: u32 = r.groups.iter().map(|g| g.size as u32).sum();
    let _ = writeln!(
        o,
        "  - {}",
        w!(
            lang,
            "rules-groups",
            groups = groups.join(", "),
            total = total
        )
    );
    let votes = counted(r.vote_cards.iter().map(|v| v.name.as_str()), lang);
    let _ = writeln!(o, "  - {}", w!(lang, "rules-votes", cards = votes));
    let mut missions: Vec<String> = Vec::new();
    for (i, m) in r.missions.iter().enumerate() {
        if r.missions[..i].iter().any(|x| x.name == m.name) {
            continue;
        }
        let n = r.missions.iter().filter(|x| x.name == m.name).count() as u32;
        let group = r.groups[m.group as usize].name.as_str();
        let at = m.at_least;
        let each = w!(
            lang,
            "rules-mission",
            name = m.name.as_str(),
            n = n,
            at = at,
            group = group
        );
        missions.push(each);
    }
    let n = r.missions_per_player;
    let all = missions.join(", ");
    let _ = writeln!(
        o,
        "  - {}",
        w!(lang, "rules-missions", n = n, missions = all)
    );
    o
}

/// The cards as the actor holds them: each influence card's value and
/// count, the Philosopher's part, each action card with its count and
/// what it does.
fn cards(s: &State, notes: &RuleNotes, st: Style) -> String {
    let lang = st.lang;
    let r = s.rules();
    let me = s.actor();
    let deck = &r.factions[me].deck;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}",
        st.bold(&w!(lang, "rules-cards", who = r.factions[me].name.as_str()))
    );
    let mut influence = Vec::new();
    let mut inverting = Vec::new();
    for &k in &r.influence_kinds {
        let name = r.card_name(me, k);
        let n = deck[k.ix()];
        if r.kind(k).inverts_vote {
            inverting.push(w!(lang, "rules-philosopher", name = name, n = n));
        } else {
            let value = r.kind(k).value;
            influence.push(w!(
                lang,
                "rules-influence-card",
                name = name,
                value = value,
                n = n
            ));
        }
    }
    let _ = writeln!(
        o,
        "  - {}",
        w!(lang, "rules-influence", cards = influence.join(", "))
    );
    for p in inverting {
        let _ = writeln!(o, "  - {p}");
    }
    let about = notes.about.get(lang.code());
    for &k in &r.action_kinds {
        let id = &r.kind(k).id;
        // The plain words without the brackets the narration sets them in.
        let what = about.and_then(|a| a.get(id)).map_or("", |t| t.as_str());
        let what = what
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(what);
        let _ = writeln!(
            o,
            "  - {}",
            w!(
                lang,
                "rules-action",
                name = r.card_name(me, k),
                n = deck[k.ix()],
                what = what
            )
        );
    }
    o
}

/// The `rules` command: the rules in force in the player's language,
/// the step's own first, each with its passage, then the others and the
/// cards (the terminal cuts it into pages).
pub fn rules_text(s: &State, notes: &RuleNotes, st: Style) -> String {
    let lang = st.lang;
    let mut variants: Vec<&str> = Vec::new();
    for (_, _, origin) in &notes.settings {
        if let Origin::Overlay { id, .. } = origin
            && !variants.contains(&id.as_str())
        {
            variants.push(id);
        }
    }
    let selection = if variants.is_empty() {
        WORDS.t(lang, "rules-from-base")
    } else {
        w!(lang, "rules-from-variant", id = variants.join(", "))
    };
    let step = phase_words(lang, s.phase());
    let mut o = String::new();
    let head = w!(lang, "rules-title", selection = selection, step = step);
    let _ = writeln!(o, "{}", st.bold(&head));
    let keys = step_keys(s);
    let mut quoted = Vec::new();
    let _ = writeln!(o, "{}", st.bold(&WORDS.t(lang, "rules-this-step")));
    o.push_str(&rule_lines(s, notes, &keys, &[], &mut quoted, st));
    for p in base_passage(s.phase()) {
        if !quoted.contains(p) {
            quoted.push(p);
            let _ = writeln!(o, "      {}", st.note(&WORDS.t(lang, p)));
        }
    }
    let _ = writeln!(o, "{}", st.bold(&WORDS.t(lang, "rules-other")));
    o.push_str(&rule_lines(s, notes, &[], &keys, &mut quoted, st));
    o.push_str(&table(s, st));
    o.push_str(&cards(s, notes, st));
    o
}
