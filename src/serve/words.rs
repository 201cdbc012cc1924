//! The words of `ludus serve`: its page's and its messages', the
//! catalogue `i18n/{en,fr,nl}.ftl` here (the page's are the messages
//! named `page-*`, sent to it whole). The game's own words (the table,
//! moves, events) are the game's catalogue, as at the terminal.

use std::collections::BTreeMap;

use crate::play::i18n::{Catalogue, Lang, PLAY};

/// The server's words, in each language; its parent is the player's.
pub static SERVE: Catalogue = crate::catalogue_beside!(Some(&PLAY));

/// `s!(lang, "id", name = value, ...)`: a message of [`SERVE`].
macro_rules! s {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::trc!($crate::serve::words::SERVE, $lang, $id $(, $k = $v)*)
    };
}
pub(crate) use s;

/// Every message of the page in `lang` (`page-x` as `x`), its arguments
/// left as `{$name}` for the page to fill (Fluent writes an argument it
/// is not given so).
pub fn page_words(lang: Lang) -> BTreeMap<String, String> {
    SERVE
        .ids()
        .into_iter()
        .filter_map(|id| {
            let key = id.strip_prefix("page-")?.to_string();
            Some((key, SERVE.get(lang, &id)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses_and_has_every_message() {
        assert_eq!(SERVE.check(), Vec::<String>::new());
    }

    #[test]
    fn the_page_words_keep_their_arguments() {
        let w = page_words(Lang::Fr);
        assert_eq!(w["hand-of"], "Main de {$who}");
        assert_eq!(w["create"], "Créer la partie");
    }
}
