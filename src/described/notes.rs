//! What a described game tells a player who asks: the rules in force
//! (`rules`: each toggle's reading in the player's language with the
//! passage it reads, each number), the reason of a hint (what the move
//! changes in the terms of the rules' evaluation, once the others have
//! answered), and the cards `explain` tells about (their attributes and
//! points). The words are the rules folder's catalogue: `rule-<key>-
//! <reading>`, `number-<id>`, `eval-term-<n>`, `card-value`.

use fluent_bundle::FluentArgs;

use super::program::{X, XId};
use super::screen::w;
use super::state::{Move, State};
use super::{Rules, view};
use crate::load::GameDir;
use crate::play::CardInfo;
use crate::play::i18n::Lang;
use crate::play::input::fold;

/// The rules in force as `rules` quotes them: each setting's key, its
/// value, and for a toggle the passage of the rulebook it reads.
pub type RuleNotes = Vec<(String, String, String)>;

/// The settings with their passages (from the rules folder's
/// `toggles.ron`; none if it cannot be read, the rules having loaded).
pub fn rule_notes(dir: &GameDir, settings: &[(String, String)]) -> RuleNotes {
    let passages: Vec<(String, String)> = dir
        .parse::<crate::load::toggles::TogglesFile>("toggles.ron")
        .map(|f| {
            f.raw
                .toggles
                .iter()
                .map(|t| (format!("toggles.{}", t.key.value), t.passage.clone()))
                .collect()
        })
        .unwrap_or_default();
    settings
        .iter()
        .map(|(k, v)| {
            let passage = passages.iter().find(|(p, _)| p == k);
            (
                k.clone(),
                v.clone(),
                passage.map_or(String::new(), |p| p.1.clone()),
            )
        })
        .collect()
}

/// `rules`: a head, then each toggle's reading in force in the player's
/// words (`rule-<key>-<reading>`, the key's dots as dashes) with the
/// passage it reads, then each number (`number-<id>`, argument `value`).
pub fn rules_text(r: &Rules, notes: &RuleNotes, lang: Lang) -> String {
    let mut t = w!(
        lang,
        "ds-rules-head",
        players = r.players,
        rulebook = r.rulebook.as_str()
    ) + "\n";
    for (key, value, passage) in notes {
        if let Some(k) = key.strip_prefix("toggles.") {
            let id = format!("rule-{}-{value}", k.replace('.', "-"));
            let text =
                view::game_words(r, lang, &id, None).unwrap_or_else(|| format!("{k}: {value}"));
            t += &format!("• {text}\n");
            if !passage.is_empty() {
                t += &format!("    {passage}\n");
            }
        } else if let Some(k) = key.strip_prefix("numbers.") {
            let mut args = FluentArgs::new();
            match value.parse::<i64>() {
                Ok(n) => args.set("value", n),
                Err(_) => args.set("value", value.clone()),
            }
            let id = format!("number-{}", k.replace('_', "-"));
            let text = view::game_words(r, lang, &id, Some(&args))
                .unwrap_or_else(|| format!("{k} = {value}"));
            t += &format!("• {text}\n");
        }
    }
    t
}

/// Decisions of the other seats the hint's look-ahead plays after the
/// move (each seat's best by the evaluation, one ply).
const LOOKAHEAD: usize = 12;

/// Why a move is good, in the terms of the rules' evaluation: each term
/// of its sum the catalogue names (`eval-term-<n>`) that the move changes
/// for the mover, once the other seats have answered it as the greedy
/// agent would (on a redraw of what the mover cannot see, seeded).
pub fn hint_reason(s: &State, m: Move, seed: u64, lang: Lang) -> String {
    let r = &s.rules;
    let (Some(me), Some((x, var))) = (s.actor(), r.program.evaluation) else {
        return String::new();
    };
    let mut terms = Vec::new();
    split(r, x, 1, &mut terms);
    let values = |t: &State| -> Vec<i32> {
        let mut l = t.core.locals;
        l[var as usize] = me as i32;
        terms
            .iter()
            .map(|&(x, sign)| sign * t.core.x(r, &mut l, x))
            .collect()
    };
    let before = values(s);
    let mut rng = crate::engine::seed::agent_rng(seed);
    let mut t = s.redrawn(me, &mut rng);
    t.core.log = None;
    t.apply_move(m);
    let mut others = false;
    let mut legal = Vec::new();
    for _ in 0..LOOKAHEAD {
        match t.actor() {
            Some(q) if q != me => {
                t.legal(&mut legal);
                let pick = best_for(&t, q, &legal);
                t.apply_move(pick);
                others = true;
            }
            _ => break,
        }
    }
    let after = values(&t);
    let gains: Vec<String> = (0..terms.len())
        .filter(|&n| after[n] != before[n])
        .filter_map(|n| {
            let term = view::game_words(r, lang, &format!("eval-term-{}", n + 1), None)?;
            let d = after[n] - before[n];
            let delta = if d > 0 {
                format!("+{d}")
            } else {
                format!("−{}", -d)
            };
            Some(w!(lang, "ds-gain", term = term, delta = delta))
        })
        .collect();
    match (gains.is_empty(), others) {
        (true, _) => w!(lang, "ds-why-even"),
        (false, true) => w!(lang, "ds-why-after", gains = gains.join(", ")),
        (false, false) => w!(lang, "ds-why-now", gains = gains.join(", ")),
    }
}

/// The terms of a sum (a difference's right side negated).
fn split(r: &Rules, x: XId, sign: i32, out: &mut Vec<(XId, i32)>) {
    match r.program.xs[x as usize] {
        X::Add(a, b) => {
            split(r, a, sign, out);
            split(r, b, sign, out);
        }
        X::Sub(a, b) => {
            split(r, a, sign, out);
            split(r, b, -sign, out);
        }
        _ => out.push((x, sign)),
    }
}

/// The move of `legal` after which seat `q`'s evaluation is best (the
/// first of the best).
fn best_for(s: &State, q: usize, legal: &[Move]) -> Move {
    let mut best = (f64::MIN, legal[0]);
    for &m in legal {
        let mut t = s.clone();
        t.apply_move(m);
        let v = t.evaluation(q);
        if v > best.0 {
            best = (v, m);
        }
    }
    best.1
}

/// The cards `explain` tells about: each class of identical cards of the
/// deck once, sorted; typed by its kind's name and its attributes' value
/// names (not its numbers, so that `red 5` is one card); its value the
/// catalogue's `card-value` (each attribute an argument), and its plain
/// words the rules folder's `about/<lang>.ftl` for its kind's id.
pub fn cards(r: &Rules, lang: Lang) -> Vec<CardInfo> {
    let mut firsts: Vec<u8> = Vec::new();
    for c in 0..r.cards.len() as u8 {
        if !firsts
            .iter()
            .any(|&f| view::class_of(r, f) == view::class_of(r, c))
        {
            firsts.push(c);
        }
    }
    firsts.sort_by_key(|&c| view::sort_key(r, c));
    firsts
        .into_iter()
        .map(|c| {
            let (kind, values) = view::class_of(r, c);
            let mut words = vec![r.kinds[kind as usize].1.clone()];
            let mut args = FluentArgs::new();
            let mut plain = Vec::new();
            for (i, (a, vs)) in r.attrs.iter().enumerate() {
                let v = values[i];
                match vs.get(v as usize) {
                    Some(name) if !vs.is_empty() => {
                        words.push(name.1.clone());
                        args.set(a.clone(), name.1.clone());
                        plain.push(format!("{a} {}", name.1));
                    }
                    _ => {
                        let t = r.number_text(i, v);
                        if r.halves[i] {
                            args.set(a.clone(), t.clone());
                        } else {
                            args.set(a.clone(), v);
                        }
                        plain.push(format!("{a} {t}"));
                    }
                }
            }
            args.set("kind", r.kinds[kind as usize].0.clone());
            let value = view::game_words(r, lang, "card-value", Some(&args))
                .unwrap_or_else(|| plain.join(", "));
            CardInfo {
                id: r.kinds[kind as usize].0.clone(),
                name: view::card_name(r, lang, c),
                words: fold(&words.join(" ")),
                value,
            }
        })
        .collect()
}
