//! The words of `ludus play` in the player's language: one Fluent
//! catalogue per language (`i18n/en.ftl`, `fr.ftl`, `nl.ftl`), embedded in
//! the binary. A message missing from a catalogue falls back to English.
//!
//! `--lang fr|nl` chooses both the names in the rule files (their `names/`
//! overlays) and this catalogue; without it the interface is English.

use crate::load::GameDir;
use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
    Nl,
}

/// Each language's code and catalogue.
const CATALOGUES: [(Lang, &str, &str); 3] = [
    (Lang::En, "en", include_str!("i18n/en.ftl")),
    (Lang::Fr, "fr", include_str!("i18n/fr.ftl")),
    (Lang::Nl, "nl", include_str!("i18n/nl.ftl")),
];

impl Lang {
    /// The language of a `--lang` code (`fr`, `nl`; anything else: English).
    pub fn from_code(code: Option<&str>) -> Lang {
        CATALOGUES
            .iter()
            .find(|(_, c, _)| Some(*c) == code)
            .map_or(Lang::En, |(l, _, _)| *l)
    }

    pub fn code(self) -> &'static str {
        CATALOGUES[self as usize].1
    }

    /// The message `id` with no arguments.
    pub fn t(self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` of this language or English, if either has it.
    pub fn get(self, id: &str) -> Option<String> {
        let all = bundles();
        [&all[self as usize], &all[0]].into_iter().find_map(|b| {
            let p = b.get_message(id)?.value()?;
            Some(b.format_pattern(p, None, &mut Vec::new()).into_owned())
        })
    }

    /// The message `id` with arguments (see the [`tr!`](crate::tr) macro).
    pub fn format(self, id: &str, args: Option<&FluentArgs>) -> String {
        let all = bundles();
        for b in [&all[self as usize], &all[0]] {
            if let Some(p) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b.format_pattern(p, args, &mut errors).into_owned();
            }
        }
        // A message missing everywhere is a bug; show its id, never panic.
        id.to_string()
    }
}

/// What each action card does, in plain words, in `lang`: the messages of
/// `DIR/about/<lang>.ftl` in the game's rules directory, one per card id
/// (else of `about/en.ftl`; none if neither is there). Data of the rules,
/// not of this program: a rules directory describes its own cards.
pub fn card_texts(rules_dir: &GameDir, lang: Lang) -> HashMap<String, String> {
    let text = rules_dir
        .read(&format!("about/{}.ftl", lang.code()))
        .or_else(|_| rules_dir.read("about/en.ftl"))
        .map(|f| f.text);
    let Ok(text) = text else {
        return HashMap::new();
    };
    let b = bundle(lang.code(), &text);
    let res = FluentResource::try_new(text).unwrap_or_else(|(r, _)| r);
    res.entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .filter_map(|id| {
            let p = b.get_message(&id)?.value()?;
            let t = b.format_pattern(p, None, &mut Vec::new()).into_owned();
            Some((id, t))
        })
        .collect()
}

/// `tr!(lang, "id")` or `tr!(lang, "id", name = value, ...)`: a message of
/// the catalogue of `lang`, its arguments numbers or strings.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr) => {
        $lang.t($id)
    };
    ($lang:expr, $id:expr, $($k:ident = $v:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($k), $crate::play::i18n::arg($v)); )+
        $lang.format($id, Some(&args))
    }};
}

/// A message argument: a string or a number.
pub fn arg<'a>(v: impl Into<FluentValue<'a>>) -> FluentValue<'a> {
    v.into()
}

fn bundles() -> &'static [FluentBundle<FluentResource>; 3] {
    static B: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
    B.get_or_init(|| CATALOGUES.map(|(_, code, text)| bundle(code, text)))
}

fn bundle(code: &str, text: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = code.parse().expect("a language code");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: a terminal shows them.
    b.set_use_isolating(false);
    let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
    let _ = b.add_resource(res);
    b
}

/// The syntax errors of each catalogue and the messages of English missing
/// from the others (empty when all is well; checked by a test).
pub fn check_catalogues() -> Vec<String> {
    let mut problems = Vec::new();
    let ids = |text: &str| -> Vec<String> {
        let res = match FluentResource::try_new(text.to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        res.entries()
            .filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect()
    };
    for (_, code, text) in CATALOGUES {
        if let Err((_, errs)) = FluentResource::try_new(text.to_string()) {
            for e in errs {
                problems.push(format!("{code}.ftl: {e:?}"));
            }
        }
    }
    let en = ids(CATALOGUES[0].2);
    for (_, code, text) in &CATALOGUES[1..] {
        let have = ids(text);
        for id in &en {
            if !have.contains(id) {
                problems.push(format!("{code}.ftl lacks {id}"));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_parses_and_has_every_message() {
        assert_eq!(check_catalogues(), Vec::<String>::new());
    }

    #[test]
    fn arguments_and_fallback() {
        let s = tr!(Lang::En, "handover-title", name = "Caesar");
        assert!(s.contains("Caesar"), "{s}");
        assert_eq!(Lang::Fr.t("no-such-message"), "no-such-message");
    }
}
