//! The words of `ludus play` in the player's language: Fluent catalogues,
//! one file per language, embedded in the binary. The player's own
//! catalogue ([`PLAY`]: `i18n/en.ftl`, `fr.ftl`, `nl.ftl`) holds the
//! generic words (prompts, handover, saving, commands); each game has a
//! catalogue of its own whose parent is [`PLAY`] (its moves, events, board,
//! typed forms), which may also restate a generic message in its own terms
//! (`help`). A message missing from a language falls back to English.
//!
//! `--lang fr|nl` chooses both the names in the rule files (their `names/`
//! overlays) and the catalogues; without it the interface is English.

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

/// Each language's code, in the order of a catalogue's files.
const CODES: [(Lang, &str); 3] = [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Nl, "nl")];

impl Lang {
    /// The language of a `--lang` code (`fr`, `nl`; anything else: English).
    pub fn from_code(code: Option<&str>) -> Lang {
        CODES
            .iter()
            .find(|(_, c)| Some(*c) == code)
            .map_or(Lang::En, |(l, _)| *l)
    }

    /// The codes `--lang` takes, in order.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        CODES.iter().map(|(_, c)| *c)
    }

    pub fn code(self) -> &'static str {
        CODES[self as usize].1
    }

    /// The message `id` of the player's catalogue, with no arguments.
    pub fn t(self, id: &str) -> String {
        PLAY.t(self, id)
    }

    /// The message `id` of the player's catalogue, if it has it.
    pub fn get(self, id: &str) -> Option<String> {
        PLAY.get(self, id)
    }

    /// The message `id` of the player's catalogue with arguments (see the
    /// [`tr!`](crate::tr) macro).
    pub fn format(self, id: &str, args: Option<&FluentArgs>) -> String {
        PLAY.format(self, id, args)
    }
}

/// A message catalogue: one Fluent text per language (English, French,
/// Dutch), and the catalogue its missing messages come from.
pub struct Catalogue {
    texts: [&'static str; 3],
    parent: Option<&'static Catalogue>,
    bundles: OnceLock<[FluentBundle<FluentResource>; 3]>,
}

/// The catalogue of the files `i18n/{en,fr,nl}.ftl` beside the source
/// file that invokes it (`include_str!` reads a path from the outermost
/// call site), a message they lack looked up in `parent`: the terminal
/// player's own words, and each game's (whose parent is [`PLAY`]).
#[macro_export]
macro_rules! catalogue_beside {
    ($parent:expr) => {
        $crate::play::i18n::Catalogue::new(
            [
                include_str!("i18n/en.ftl"),
                include_str!("i18n/fr.ftl"),
                include_str!("i18n/nl.ftl"),
            ],
            $parent,
        )
    };
}

/// The generic words of the terminal player.
pub static PLAY: Catalogue = catalogue_beside!(None);

impl Catalogue {
    /// A catalogue of the English, French and Dutch texts; a message none
    /// of them has is looked up in `parent`.
    pub const fn new(texts: [&'static str; 3], parent: Option<&'static Catalogue>) -> Catalogue {
        Catalogue {
            texts,
            parent,
            bundles: OnceLock::new(),
        }
    }

    fn bundles(&self) -> &[FluentBundle<FluentResource>; 3] {
        self.bundles.get_or_init(|| {
            let mut i = 0;
            self.texts.map(|text| {
                let b = bundle(CODES[i].1, text);
                i += 1;
                b
            })
        })
    }

    /// The message `id` with no arguments.
    pub fn t(&self, lang: Lang, id: &str) -> String {
        self.format(lang, id, None)
    }

    /// The message `id` of `lang` or English, here or in the parent.
    pub fn get(&self, lang: Lang, id: &str) -> Option<String> {
        let all = self.bundles();
        let here = [&all[lang as usize], &all[0]].into_iter().find_map(|b| {
            let p = b.get_message(id)?.value()?;
            Some(b.format_pattern(p, None, &mut Vec::new()).into_owned())
        });
        here.or_else(|| self.parent?.get(lang, id))
    }

    /// The ids of this catalogue's own messages (of its English file).
    pub fn ids(&self) -> Vec<String> {
        message_ids(self.texts[0])
    }

    /// Whether this catalogue or its parent has the message `id`.
    fn has(&self, id: &str) -> bool {
        self.bundles()[0].has_message(id) || self.parent.is_some_and(|p| p.has(id))
    }

    /// The message `id` with arguments (see the [`trc!`](crate::trc)
    /// macro).
    pub fn format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        let all = self.bundles();
        for b in [&all[lang as usize], &all[0]] {
            if let Some(p) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b.format_pattern(p, args, &mut errors).into_owned();
            }
        }
        match self.parent {
            Some(p) if p.has(id) => p.format(lang, id, args),
            // A message missing everywhere is a bug; show its id, never panic.
            _ => id.to_string(),
        }
    }

    /// The syntax errors of each file and the messages of English missing
    /// from the others (empty when all is well; checked by tests).
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (i, text) in self.texts.iter().enumerate() {
            if let Err((_, errs)) = FluentResource::try_new(text.to_string()) {
                for e in errs {
                    problems.push(format!("{}.ftl: {e:?}", CODES[i].1));
                }
            }
        }
        let en = message_ids(self.texts[0]);
        for (i, text) in self.texts.iter().enumerate().skip(1) {
            let have = message_ids(text);
            for id in &en {
                if !have.contains(id) {
                    problems.push(format!("{}.ftl lacks {id}", CODES[i].1));
                }
            }
        }
        problems
    }
}

fn message_ids(text: &str) -> Vec<String> {
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
}

/// What each card does, in plain words, in `lang`: the messages of
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

/// The problems of a rules directory's card texts (the `about/<lang>.ftl`
/// files [`card_texts`] reads), each at its file: a file that cannot be
/// read, a Fluent syntax error at its line and column, a file with no
/// message, no English file beside another language's (English is the one
/// read when a language has no file), and the messages one language has
/// and another lacks (a card would be described in one language only).
pub fn check_card_texts(dir: &GameDir) -> Result<(), crate::diag::Diagnostics> {
    use crate::diag::Diagnostic;
    let mut diags = crate::diag::Diagnostics::default();
    let mut files: Vec<(&str, crate::load::SourceFile, Vec<String>)> = Vec::new();
    for code in Lang::codes() {
        let rel = format!("about/{code}.ftl");
        if !dir.has_file(&rel) {
            continue;
        }
        let file = match dir.read(&rel) {
            Ok(f) => f,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        if let Err((_, errors)) = FluentResource::try_new(file.text.clone()) {
            for e in errors {
                diags.push(file.error_at(e.pos.clone(), format!("Fluent syntax error: {e}")));
            }
        }
        let ids = message_ids(&file.text);
        if ids.is_empty() {
            let m = "no message: each card's text is a line `<card id> = <text>`";
            diags.push(Diagnostic::whole(file.path.clone(), m));
        }
        files.push((code, file, ids));
    }
    let english = files.iter().find(|(code, ..)| *code == "en");
    if !files.is_empty() && english.is_none() && diags.is_empty() {
        let m = "missing: the card texts of a language without its own file are read from it";
        diags.push(Diagnostic::whole(dir.file_path("about/en.ftl"), m));
    }
    for (code, file, ids) in &files {
        for (other, other_file, other_ids) in &files {
            let missing: Vec<&str> = other_ids
                .iter()
                .filter(|id| !ids.contains(id))
                .map(String::as_str)
                .collect();
            // Each language has English's messages, and English every other's.
            if other == code || (*code != "en" && *other != "en") || missing.is_empty() {
                continue;
            }
            let name = other_file
                .path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy();
            let m = format!("lacks the message(s) of {name}: {}", missing.join(", "));
            diags.push(Diagnostic::whole(file.path.clone(), m));
        }
    }
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

/// Why a file could not be read or written, in `lang` (the system's
/// own text is English whatever the language).
pub fn io_words(lang: Lang, e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    // EDQUOT (a quota reached) is a full disk to the player.
    if e.raw_os_error() == Some(122) {
        return lang.t("io-storage-full");
    }
    let id = match e.kind() {
        K::NotFound => "io-not-found",
        K::PermissionDenied => "io-permission-denied",
        K::NotADirectory => "io-not-a-directory",
        K::IsADirectory => "io-is-a-directory",
        K::StorageFull => "io-storage-full",
        K::FileTooLarge => "io-file-too-large",
        K::ReadOnlyFilesystem => "io-read-only",
        K::InvalidData => "io-not-text",
        _ => {
            let code = e
                .raw_os_error()
                .map_or_else(|| format!("{:?}", e.kind()), |c| c.to_string());
            return crate::tr!(lang, "io-other", code = code);
        }
    };
    lang.t(id)
}

/// `trc!(catalogue, lang, "id", name = value, ...)`: a message of a
/// game's catalogue (or of the player's, its parent).
#[macro_export]
macro_rules! trc {
    ($cat:expr, $lang:expr, $id:expr) => {
        $cat.t($lang, $id)
    };
    ($cat:expr, $lang:expr, $id:expr, $($k:ident = $v:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($k), $crate::play::i18n::arg($v)); )+
        $cat.format($lang, $id, Some(&args))
    }};
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

fn bundle(code: &str, text: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = code.parse().expect("a language code");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: a terminal shows them.
    b.set_use_isolating(false);
    let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
    let _ = b.add_resource(res);
    b
}

/// The syntax errors of the player's catalogue and the messages of
/// English missing from the others (empty when all is well).
pub fn check_catalogues() -> Vec<String> {
    PLAY.check()
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
        let s = tr!(Lang::En, "handover-title", name = "North");
        assert!(s.contains("North"), "{s}");
        assert_eq!(Lang::Fr.t("no-such-message"), "no-such-message");
    }

    #[test]
    fn a_full_disk_is_said_in_each_language() {
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let quota = std::io::Error::from_raw_os_error(122);
        for lang in [Lang::En, Lang::Fr, Lang::Nl] {
            assert_eq!(io_words(lang, &full), lang.t("io-storage-full"));
            assert_eq!(io_words(lang, &quota), lang.t("io-storage-full"));
        }
        assert_eq!(io_words(Lang::En, &full), "No space left on device");
    }
}
