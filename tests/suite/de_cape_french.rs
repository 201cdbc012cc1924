//! `--lang fr` for de Cape & d'Épée: the names of rulebook 003
//! (`rules/de_cape_et_d_epee/names/fr-filosofia.ron`, read through the
//! overlays) and the game's French words at the terminal, a typed move
//! by its French name, a snapshot of a French screen; `--lang nl`
//! (Dutch names of `names/nl.ron`, Dutch sentences); a names file's
//! unknown key at its line and column.

use std::path::{Path, PathBuf};

use ludus::described::Described;
use ludus::engine::{Game, Selection};
use ludus::load::GameDir;
use ludus::play::{self, Options, PlayArgs};

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/de_cape_et_d_epee")
}

/// A two-player session of `lines` in `lang` against the random AI, seed
/// 3, as the terminal plays it; the game and the screen's text.
/// The built-in rules with `file` replaced by `text`.
fn built_in_with(file: &str, text: &str) -> GameDir {
    let GameDir::BuiltIn(game) = GameDir::built_in_game("de_cape_et_d_epee").unwrap() else {
        unreachable!()
    };
    GameDir::built_in_game_with(game, &[(file, text)])
}

fn session(lang: &str, lines: &[&str]) -> (play::Game<Described>, String) {
    let mut a = PlayArgs::new(&rules_dir());
    a.seed = Some(3);
    a.ai = vec!["random".into()];
    a.rules.players = Some(2);
    a.rules.lang = Some(lang.into());
    let input = lines.join("\n") + "\n";
    let mut out = Vec::new();
    let opts = Options {
        echo: true,
        ..Options::default()
    };
    let o = play::run_session_with::<Described>(a, input.as_bytes(), &mut out, &opts).unwrap();
    (o.game, String::from_utf8(out).unwrap())
}

/// The screen without the lines the player typed (`> ...`).
fn shown(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with('>'))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_french_game_shows_003s_names_and_french_sentences_only() {
    // A French name and a French word; then the first choice to the end.
    let mut lines = vec!["placer tempête 2"];
    lines.extend(std::iter::repeat_n("1", 40));
    lines.extend(["score", "quit"]);
    let (g, out) = session("fr", &lines);
    let screen = shown(&out);
    for want in [
        "Bleu joue · manche 1",
        "Bleu (vous)  0 pts · main 3 (ci-dessous) · réserve 22",
        "Bleu : placez une carte face cachée au bas d'une colonne",
        "placer → colonne",
        "Bleu place une carte dans colonne 2",
        "Bleu pioche",
        "manche 6",
        "la partie est finie",
        "Bleu : 12 points",
        "Blanc : 27 points",
        "Blanc gagne.",
    ] {
        assert!(screen.contains(want), "missing {want:?}:\n{screen}");
    }
    for english in [
        "Round",
        "column",
        "placed",
        "turned up",
        "discard",
        "reserve",
        " hand ",
        " wins",
        "choose",
        "decline",
        "nobody",
        "ends",
        "Blue",
        "White",
        "King",
        "Queen",
        "Storm",
        "Cloak",
        "ability",
        "Alchemy",
        "Music",
        "(you)",
        "sealed",
        "won:",
    ] {
        assert!(!screen.contains(english), "English {english:?}:\n{screen}");
    }
    assert!(g.moves.len() > 30);
}

#[test]
fn a_french_screen() {
    let (_, out) = session("fr", &["placer tempête 2", "cape 1"]);
    let mut settings = snapshot_settings!();
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("de_cape_french_screen", out));
}

#[test]
fn dutch_has_dutch_names_and_dutch_sentences() {
    let (_, out) = session("nl", &["1"]);
    let screen = shown(&out);
    for want in [
        "Blauw is aan zet · ronde 1",
        "Blauw (jij)  0 ptn · hand 3 (hieronder) · voorraad 22",
        "Blauw: leg een kaart gedekt onderaan een kolom",
        "leg → kolom",
        "Mantel",
    ] {
        assert!(screen.contains(want), "missing {want:?}:\n{screen}");
    }
}

#[test]
fn an_unknown_key_of_a_names_file_is_reported_at_its_line_and_column() {
    let file = "names/fr-filosofia.ron";
    let text = std::fs::read_to_string(rules_dir().join(file)).unwrap();
    let entry = r#"("kind.king.name", "Roi", "003"),"#;
    let line = 1 + text.lines().position(|l| l.contains(entry)).unwrap();
    let col = 1 + text.lines().nth(line - 1).unwrap().find(entry).unwrap() + 1;
    let bad = text.replacen(r#""kind.king.name""#, r#""kind.kingg.name""#, 1);
    let dir = built_in_with(file, &bad);
    let sel = Selection {
        lang: Some("fr".into()),
        ..Selection::default()
    };
    let diags = Described::load(&dir, &sel).unwrap_err();
    let d = diags
        .0
        .iter()
        .find(|d| d.message.contains("unknown rule"))
        .unwrap_or_else(|| panic!("{diags}"));
    assert_eq!(d.message, r#"unknown rule "kind.kingg.name""#);
    assert!(d.file.ends_with(file), "{}", d.file.display());
    assert_eq!((d.line, d.col), (line, col));
    assert!(
        d.hints.iter().any(|h| h.contains(r#""kind.king.name""#)),
        "{:?}",
        d.hints
    );
}

/// A names file that does not parse is reported (by `--lang fr` and by
/// `ludus check`), never skipped: the game would be played in English.
#[test]
fn a_names_file_that_does_not_parse_is_reported_not_skipped() {
    let file = "names/fr-filosofia.ron";
    let text = std::fs::read_to_string(rules_dir().join(file)).unwrap();
    let bad = text.replacen("lang:", "langue:", 1);
    let dir = built_in_with(file, &bad);
    let sel = Selection {
        lang: Some("fr".into()),
        ..Selection::default()
    };
    let diags = Described::load(&dir, &sel).unwrap_err();
    let d = &diags.0[0];
    assert!(d.file.ends_with(file), "{diags}");
    assert!(d.message.contains("langue"), "{diags}");
    let checked = <Described as ludus::design::Designer>::check_files(&dir);
    assert!(
        checked
            .iter()
            .any(|(what, r)| what == "names"
                && r.as_ref().is_err_and(|e| e.0[0].file.ends_with(file))),
        "{:?}",
        checked
            .iter()
            .map(|(w, r)| (w, r.is_ok()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_name_set_on_the_command_line_is_read_and_an_unknown_key_refused() {
    let dir = GameDir::built_in_game("de_cape_et_d_epee").unwrap();
    let sel = |set: &str| Selection {
        sets: vec![set.into()],
        ..Selection::default()
    };
    assert!(Described::load(&dir, &sel(r#"domain.music.name="Musique""#)).is_ok());
    let e = Described::load(&dir, &sel("domain.musik.name=X")).unwrap_err();
    assert!(
        e.to_string()
            .contains(r#"unknown rule "domain.musik.name""#),
        "{e}"
    );
}

#[test]
fn a_language_without_a_catalogue_is_refused_with_the_languages() {
    let dir = GameDir::built_in_game("de_cape_et_d_epee").unwrap();
    let sel = |lang: &str| Selection {
        lang: Some(lang.into()),
        ..Selection::default()
    };
    let e = Described::load(&dir, &sel("xx")).unwrap_err().to_string();
    assert!(e.contains(r#"no names in the language "xx""#), "{e}");
    assert!(e.contains("languages: en, fr, nl"), "{e}");
    // Dutch: its catalogue and its names file.
    assert!(Described::load(&dir, &sel("nl")).is_ok());
}
