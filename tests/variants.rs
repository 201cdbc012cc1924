//! Rule variants: overlays load, differ where the rulebooks differ.

mod common;

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
            }
        } else {
            Selection::variant(&v.id)
        };
        variant::load(&dir, &sel).unwrap_or_else(|e| panic!("{}: {e}", v.id));
    }
}
