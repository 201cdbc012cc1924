//! What `ludus serve` sends a seat depends on nothing that seat cannot
//! see: the view of each sampled state (the table as zones of cards, the
//! question, the legal moves in words: every byte of a view but the
//! narration) is compared with the view of copies whose hidden cards are
//! redrawn (`Soaked::redraw_hidden`, as `leaks_every_game.rs` does), for
//! every seat and for a spectator, in English and French.
//!
//! The narration is the games' `Playable::event_words`, whose hiding is
//! checked event by event by the games' own leak tests; a redrawn copy
//! keeps no event log, so it is left out here.

use ludus::described::Described;
use ludus::engine::Selection;
use ludus::engine::seed::{agent_rng, derive};
use ludus::games::Registered;
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use ludus::play::i18n::Lang;
use ludus::play::table::Viewer;
use ludus::play::{Game, RulesChoice};
use ludus::serve::live::view_of;
use ludus::soak::Soaked;

/// A view as sent, without its narration.
fn sent<G: Registered>(game: &Game<G>, s: &G::State, viewer: Viewer, lang: Lang) -> String {
    let mut v = view_of(game, s, game.moves.len(), viewer, lang);
    v.events.clear();
    serde_json::to_string(&v).expect("a view serializes")
}

fn choice(game: &str, sel: Selection) -> RulesChoice {
    RulesChoice {
        game: game.into(),
        source: None,
        dir: None,
        variant: sel.variant,
        addons: sel.addons,
        sets: vec![],
        lang: sel.lang,
        players: sel.players,
        fingerprint: None,
    }
}

/// `games` random games under `sel`, each sampled every few moves.
/// Returns the comparisons made, and how many redraws changed what
/// another seat sees (so that the redraws do move hidden cards).
fn check<G: Registered>(game_name: &str, sel: Selection, games: u64) -> (usize, usize) {
    let mut compared = (0, 0);
    for g in 0..games {
        let seed = derive(77, g, 0);
        let mut game = Game::<G>::new(choice(game_name, sel.clone()), seed, vec![]).expect("rules");
        let seats = game.seats();
        let mut rng = agent_rng(derive(seed, 0, 1));
        let mut n = 0;
        while !game.is_over() {
            if n % 7 == 3 {
                let (c, moved) = check_state(&game, seats, &mut rng);
                compared.0 += c;
                compared.1 += moved;
            }
            let legal = game.legal();
            let m = legal[ludus::engine::seed::below(&mut rng, legal.len())];
            game.play(m).expect("a legal move");
            n += 1;
        }
    }
    compared
}

fn check_state<G: Registered>(
    game: &Game<G>,
    seats: usize,
    rng: &mut ludus::engine::seed::AgentRng,
) -> (usize, usize) {
    let s = &game.state;
    let mut compared = 0;
    let mut moved = 0;
    for lang in [Lang::En, Lang::Fr] {
        for p in 0..seats {
            let me = sent(game, s, Viewer::Seat(p), lang);
            let public = sent(game, s, Viewer::Spectator, lang);
            for _ in 0..2 {
                let d = s.redraw_hidden(p, rng);
                assert_eq!(
                    me,
                    sent(game, &d, Viewer::Seat(p), lang),
                    "seat {p}'s view depends on cards it cannot see"
                );
                assert_eq!(
                    public,
                    sent(game, &d, Viewer::Spectator, lang),
                    "the spectators' view depends on seat {p}'s hidden cards"
                );
                compared += 2;
                let other = Viewer::Seat((p + 1) % seats);
                moved += usize::from(sent(game, s, other, lang) != sent(game, &d, other, lang));
            }
        }
    }
    (compared, moved)
}

#[test]
fn caesar_cleopatra_views_hide_what_a_seat_cannot_see() {
    let (n, moved) = check::<CaesarCleopatra>("caesar_cleopatra", Selection::default(), 3);
    assert!(
        n > 200 && moved > 50,
        "{n} comparisons, {moved} redraws seen by another seat"
    );
}

#[test]
fn de_cape_views_hide_what_a_seat_cannot_see() {
    let (mut n, mut moved) = (0, 0);
    for players in [2, 3, 5] {
        let sel = Selection {
            players: Some(players),
            ..Selection::default()
        };
        let (c, m) = check::<Described>("de_cape_et_d_epee", sel, 2);
        n += c;
        moved += m;
    }
    assert!(
        n > 200 && moved > 50,
        "{n} comparisons, {moved} redraws seen by another seat"
    );
}
