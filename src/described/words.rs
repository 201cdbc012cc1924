//! A described game's catalogue of words: `words/{en,fr,nl}.ftl` in its
//! rules folder (Fluent), read at load: the names of its options, the
//! sentences its `tell` statements say, the card's name, the screen's
//! words. Every language has the messages of English and English those
//! of every other (a message missing is named at its file).

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

use crate::diag::{Diagnostic, Diagnostics};
use crate::load::GameDir;
use crate::play::i18n::Lang;

/// The three bundles and the English message ids.
pub struct Words {
    bundles: Vec<FluentBundle<FluentResource>>,
    ids: Vec<String>,
    /// Where the English catalogue was read, for the diagnostics that
    /// name a message it lacks.
    pub en_path: String,
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Words({} messages)", self.ids.len())
    }
}

impl Words {
    /// Reads `words/<lang>.ftl` for each language; English is required, a
    /// syntax error is a diagnostic at its place.
    pub fn read(dir: &GameDir) -> Result<Words, Diagnostics> {
        let mut bundles = Vec::new();
        let mut ids: Vec<String> = Vec::new();
        let mut en_path = String::new();
        let mut diags = Diagnostics::default();
        for code in Lang::codes() {
            let path = format!("words/{code}.ftl");
            let text = if code == "en" || dir.has_file(&path) {
                match dir.read(&path) {
                    Ok(f) => {
                        if code == "en" {
                            en_path = f.path.display().to_string();
                        }
                        if let Err((_, errs)) = FluentResource::try_new(f.text.clone()) {
                            for e in errs {
                                let (a, b) = (e.pos.start, e.pos.end);
                                diags.push(f.error_at(a..b.max(a), format!("{:?}", e.kind)));
                            }
                        }
                        f.text
                    }
                    Err(d) => {
                        diags.push(d);
                        String::new()
                    }
                }
            } else {
                String::new()
            };
            let present = code == "en" || dir.has_file(&path);
            let res = FluentResource::try_new(text).unwrap_or_else(|(r, _)| r);
            let here: Vec<String> = res
                .entries()
                .filter_map(|e| match e {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                    _ => None,
                })
                .collect();
            let file = || dir.file_path(&path);
            if present && here.is_empty() && diags.is_empty() {
                diags.push(Diagnostic::whole(file(), "the catalogue holds no message"));
            } else if code == "en" {
                ids = here;
            } else if present {
                let lacks: Vec<&str> = ids
                    .iter()
                    .filter(|i| !here.contains(i))
                    .map(String::as_str)
                    .collect();
                if !lacks.is_empty() {
                    let m = format!("lacks the message(s) of en.ftl: {}", lacks.join(", "));
                    diags.push(Diagnostic::whole(file(), m));
                }
                // English is the one every language falls back to: it has
                // every message another has.
                let extra: Vec<&str> = here
                    .iter()
                    .filter(|i| !ids.contains(i))
                    .map(String::as_str)
                    .collect();
                if !extra.is_empty() && !en_path.is_empty() {
                    let m = format!("lacks the message(s) of {code}.ftl: {}", extra.join(", "));
                    diags.push(Diagnostic::whole(dir.file_path("words/en.ftl"), m));
                }
            }
            let id: LanguageIdentifier = code.parse().expect("a language code");
            let mut b = FluentBundle::new_concurrent(vec![id]);
            b.set_use_isolating(false);
            let _ = b.add_resource(res);
            bundles.push(b);
        }
        if diags.is_empty() {
            Ok(Words {
                bundles,
                ids,
                en_path,
            })
        } else {
            Err(diags)
        }
    }

    /// The English catalogue's message ids.
    pub fn ids(&self) -> Vec<String> {
        self.ids.clone()
    }

    /// Message `id` in `lang` (else English, else the id itself).
    pub fn format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        for b in [&self.bundles[lang as usize], &self.bundles[0]] {
            if let Some(p) = b.get_message(id).and_then(|m| m.value()) {
                return b.format_pattern(p, args, &mut Vec::new()).into_owned();
            }
        }
        id.to_string()
    }

    pub fn has(&self, id: &str) -> bool {
        self.bundles[0].has_message(id)
    }
}
