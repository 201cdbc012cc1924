//! The kernel equals the reference, move by move.
//!
//! `reference::legal_moves` is Caesar & Cleopatra's rules written plainly;
//! the kernel (`State::legal`, `State::random_legal`, `State::random_step`)
//! computes the same moves from bit masks for the random playouts. Under
//! every variant, alone and with each add-on, many seeded random games are
//! played, and at every choice point:
//!
//! - the kernel's list equals the reference's, in the same order;
//! - the kernel's random pick and count equal `list[below(rng, n)]` and
//!   `n` of the reference's list, with the same RNG;
//! - the kernel's step (`random_step`: the pick applied where it is made)
//!   leaves the state (`State::digest`, the event log) and the seats' RNGs
//!   as the reference's pick applied by `State::apply_move`.
//!
//! And over whole games `random_step` plays the game of `random_legal`
//! then `apply_move`. A rule changed in the reference and not in the
//! kernel fails here at the first choice point where they part, with both
//! lists.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use ludus::engine::seed::{AgentRng, agent_rng, below, derive};
use ludus::games::caesar_cleopatra::variant::{self, Selection};
use ludus::games::caesar_cleopatra::{Move, Phase, Rules, State, reference};

/// Every variant, alone and with each add-on: (label, rules).
fn rule_sets() -> Vec<(String, Arc<Rules>)> {
    let dir = common::rules_dir();
    let listed = variant::list(&dir).expect("the shipped variants list");
    let variants = listed.iter().filter(|v| !v.addon).map(|v| v.id.clone());
    let addons: Vec<String> = listed
        .iter()
        .filter(|v| v.addon)
        .map(|v| v.id.clone())
        .collect();
    assert!(addons.len() >= 3, "add-ons found: {addons:?}");
    let mut out = Vec::new();
    for v in variants {
        for a in std::iter::once(None).chain(addons.iter().map(Some)) {
            let sel = Selection {
                variant: Some(v.clone()),
                addons: a.into_iter().cloned().collect(),
                ..Selection::default()
            };
            let set = variant::load(&dir, &sel).unwrap_or_else(|e| panic!("{v} {a:?}: {e:?}"));
            let label = format!("{v}{}", a.map(|a| format!("+{a}")).unwrap_or_default());
            out.push((label, Arc::new(set.rules)));
        }
    }
    assert!(out.len() >= 16, "rule sets: {}", out.len());
    out
}

/// The kernel's list and pick at this choice point against the
/// reference's; returns the reference's list.
fn check_choice_point(s: &State, rng: &AgentRng, buf: &mut Vec<Move>, at: &str) -> Vec<Move> {
    let want = reference::legal_moves(s);
    assert!(!want.is_empty(), "{at}: no legal move at {:?}", s.phase());
    s.legal(buf);
    assert_eq!(*buf, want, "{at}: the kernel's list at {:?}", s.phase());
    let (mut r, mut listed) = (rng.clone(), rng.clone());
    let picked = s.random_legal(&mut r, buf);
    let pick = want[below(&mut listed, want.len())];
    assert_eq!(
        picked,
        (pick, want.len()),
        "{at}: the kernel's pick at {:?} among {want:?}",
        s.phase()
    );
    assert_eq!(r, listed, "{at}: the RNG after the pick");
    want
}

/// One game: at each kernel step, the same decisions taken by the
/// reference (a step may take several: the setup, a passive turn's
/// discards), then the two states compared.
/// Returns the number of decisions, and counts each one's phase in `met`.
fn play_both_ways(
    rules: &Arc<Rules>,
    game: u64,
    log: bool,
    label: &str,
    met: &mut BTreeMap<String, usize>,
) -> usize {
    let mut reference = State::with_log(rules.clone(), derive(3, game, 0), log);
    let mut kernel = reference.clone();
    let mut rngs = [1, 2].map(|seat| agent_rng(derive(3, game, seat)));
    let mut kernel_rngs = rngs.clone();
    let mut buf = Vec::new();
    let mut decisions = 0;
    loop {
        let mut counts = Vec::new();
        let going = kernel.random_step(&mut kernel_rngs, &mut buf, &mut |n| counts.push(n));
        if !going {
            assert_eq!(reference.phase(), Phase::GameOver, "{label}, game {game}");
            return decisions;
        }
        assert!(!counts.is_empty(), "{label}, game {game}: a step decides");
        for n in counts {
            let at = format!("{label}, game {game}, decision {decisions}");
            let actor = reference.actor();
            let list = check_choice_point(&reference, &rngs[actor], &mut buf, &at);
            *met.entry(choice_point(&reference, &list)).or_default() += 1;
            assert_eq!(list.len(), n, "{at}: the step's count of legal moves");
            let m = list[below(&mut rngs[actor], n)];
            reference.apply_move(m);
            decisions += 1;
        }
        let at = format!("{label}, game {game}, after decision {decisions}");
        assert_eq!(kernel.digest(), reference.digest(), "{at}: the states");
        assert_eq!(kernel_rngs, rngs, "{at}: the seats' RNGs");
        if log {
            assert_eq!(kernel.events(), reference.events(), "{at}: the events");
        }
    }
}

/// The kind of choice point: the phase, and at an effect what it asks
/// (a reaction, a `choose`, a `draw`, a `place taken`), told from the
/// moves offered.
fn choice_point(s: &State, list: &[Move]) -> String {
    if s.phase() != Phase::Effect {
        return format!("{:?}", s.phase());
    }
    let what = match list.first() {
        _ if list.last() == Some(&Move::Decline) && !matches!(list[0], Move::Draw(_)) => {
            "reaction window or optional draw"
        }
        Some(Move::Draw(_)) => "draw",
        Some(Move::Choose(ludus::games::caesar_cleopatra::Target::Group(_))) => "group",
        Some(Move::Choose(_)) => "card",
        _ => "other",
    };
    format!("Effect: {what}")
}

#[test]
fn the_kernel_equals_the_reference_at_every_choice_point() {
    let (mut decisions, mut met) = (0, BTreeMap::new());
    for (label, rules) in rule_sets() {
        for game in 0..24u64 {
            decisions += play_both_ways(&rules, game, game % 2 == 0, &label, &mut met);
        }
    }
    // Some 16 rule sets, 24 games each, a few hundred decisions a game.
    assert!(decisions > 50_000, "{decisions} decisions checked");
    // Every kind of choice point was met, many times.
    for kind in [
        "ArrangeActions",
        "SetupPlace",
        "TurnStart",
        "Placing",
        "Refill",
        "PassiveDiscard",
        "BeforeVote",
        "LonePlaceAll",
        "Effect: reaction window or optional draw",
        "Effect: draw",
        "Effect: group",
        "Effect: card",
    ] {
        let n = met.get(kind).copied().unwrap_or(0);
        assert!(n >= 20, "{kind} met {n} times: {met:?}");
    }
}

/// Over whole games: `random_step` plays the game of `random_legal` then
/// `apply_move` (the same events, counters, scores and state).
#[test]
fn random_step_plays_the_game_of_random_legal_then_apply_move() {
    for (label, rules) in rule_sets() {
        for game in 0..12u64 {
            let mut stepped = State::with_log(rules.clone(), derive(5, game, 0), true);
            let mut picked = stepped.clone();
            let mut rngs = [1, 2].map(|seat| agent_rng(derive(5, game, seat)));
            let mut buf = Vec::new();
            let mut steps = 0u64;
            while stepped.random_step(&mut rngs, &mut buf, &mut |_| steps += 1) {}
            let mut rngs = [1, 2].map(|seat| agent_rng(derive(5, game, seat)));
            let mut moves = 0u64;
            while picked.phase() != Phase::GameOver {
                let actor = picked.actor();
                let (m, _) = picked.random_legal(&mut rngs[actor], &mut buf);
                picked.apply_move(m);
                moves += 1;
            }
            let at = format!("{label}, game {game}");
            assert_eq!(steps, moves, "{at}: decisions");
            assert_eq!(stepped.events(), picked.events(), "{at}");
            assert_eq!(stepped.counters(), picked.counters(), "{at}");
            assert_eq!(stepped.score(), picked.score(), "{at}");
            assert_eq!(stepped.digest(), picked.digest(), "{at}");
        }
    }
}
