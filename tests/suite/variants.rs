//! Rule variants: overlays load, differ where the rulebooks differ.

use crate::common;

use ludus::games::caesar_cleopatra::variant::{self, Selection};

#[test]
fn every_variant_and_addon_loads() {
    let dir = common::rules_dir();
    let all = variant::list(&dir).unwrap();
    assert!(all.len() >= 6);
    for v in &all {
        let sel = if v.addon {
            Selection {
                variant: Some("fr-confiance".into()),
                addons: vec![v.id.clone()],
                sets: vec![],
                lang: None,
                players: None,
            }
        } else {
            Selection::variant(&v.id)
        };
        variant::load(&dir, &sel).unwrap_or_else(|e| panic!("{}: {e}", v.id));
    }
}

#[test]
fn names_follow_the_language_and_the_variants_rulebook() {
    let dir = common::rules_dir();
    let load = |variant: &str, lang: &str| {
        let sel = Selection {
            variant: Some(variant.into()),
            addons: vec![],
            sets: vec![],
            lang: Some(lang.into()),
            players: None,
        };
        variant::load(&dir, &sel)
            .unwrap_or_else(|e| panic!("{e}"))
            .rules
    };
    let name = |r: &ludus::games::caesar_cleopatra::Rules, id: &str| {
        r.card_name(1, r.kind_by_id(id).unwrap()).to_string()
    };
    let en = load("fr-confiance", "en");
    assert_eq!(name(&en, "assassination"), "Assassination");
    // 000 says "Coup", 001 "Assassinat", 002 "Aanslag".
    assert_eq!(name(&load("fr-confiance", "fr"), "assassination"), "Coup");
    assert_eq!(
        name(&load("fr-suffrage", "fr"), "assassination"),
        "Assassinat"
    );
    assert_eq!(
        name(&load("nl-vertrouwensvraag", "nl"), "assassination"),
        "Aanslag"
    );
    // A Dutch game in French takes the first French names (000's).
    assert_eq!(
        name(&load("nl-vertrouwensvraag", "fr"), "veto"),
        "Veto de César"
    );
    let r = load("fr-suffrage", "fr");
    assert_eq!(r.groups[0].name, "Sénateurs");
    assert_eq!(r.factions[0].name, "Cléopâtre");
    let sel = Selection {
        variant: Some("fr-confiance".into()),
        addons: vec![],
        sets: vec![],
        lang: Some("de".into()),
        players: None,
    };
    let e = variant::load(&dir, &sel).unwrap_err().to_string();
    assert!(
        e.contains("no names in the language \"de\"") && e.contains("en, fr, nl"),
        "{e}"
    );
}
