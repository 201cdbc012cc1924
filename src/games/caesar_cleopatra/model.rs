//! The checked rules: ids resolved to small indices, totals verified, limits
//! sane. The engine reads only this; it never sees a name lookup or a string
//! in its hot path.
//!
//! **Invariant:** a `Rules` value is immutable during play and always valid:
//! the only way to get one is [`load`], which reports every problem it finds.

use std::collections::HashMap;

use arrayvec::ArrayVec;

use super::compile::{Env, Op, PlayMasks, PlayTest, Program, compile};
use super::raw::{self, Number, VoteEffect as RawVoteEffect};
pub use super::raw::{
    ActionReserve, ActionTiming, ExhaustedVoteCard, ExtraordinaryTie, ExtraordinaryVote, Face,
    LonePhilosopher, LonePlayer, OrgyRemovalTiming, Reshuffle, TieBreak,
};
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::{GameDir, SourceFile, Spanned, nearest, parse_into};

/// Most card types one game may define (influence and action together).
pub const MAX_KINDS: usize = 16;
/// Most patrician groups.
pub const MAX_GROUPS: usize = 8;
/// Most vote cards.
pub const MAX_VOTE_CARDS: usize = 32;
/// Most cards in one reserve.
pub const MAX_RESERVE: usize = 96;
/// Most cards in a hand.
pub const MAX_HAND: usize = 12;
/// Most cards of one player at one group.
pub const MAX_SIDE: usize = 15;
/// Most mission cards (`State::new` shuffles them in a fixed-size list).
pub const MAX_MISSIONS: usize = 16;

/// A number of the rule files and the range it must lie in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// The rule's key (as `ludus variants show` lists it); `<id>` stands
    /// for an entry's id, `[]` for each entry of a list.
    pub key: &'static str,
    pub min: i64,
    pub max: i64,
    /// What the number is, in messages.
    pub what: &'static str,
}

const fn bound(key: &'static str, min: i64, max: i64, what: &'static str) -> Bound {
    Bound {
        key,
        min,
        max,
        what,
    }
}

/// Every number of the rule files and its range. The validator checks each
/// one against its range before anything is counted, sized or allocated by
/// it, and quotes a value out of range as written. The ranges are the
/// engine's capacities (the `MAX_*` above) or generous sanity limits; a
/// total must also equal what it totals. README "The rules directory" lists
/// this table for designers: keep both in step.
#[rustfmt::skip]
pub mod numbers {
    use super::{bound, Bound, MAX_HAND, MAX_MISSIONS, MAX_SIDE, MAX_VOTE_CARDS};

    pub const INFLUENCE_VALUE: Bound = bound("card.<id>.value", 0, 99, "an influence value");
    pub const DECK_COUNT: Bound = bound("deck.<faction>.<card>.count", 0, 60, "a card count");
    pub const INFLUENCE_TOTAL: Bound = bound("faction.<id>.influence_total", 0, 960, "influence_total");
    pub const ACTION_TOTAL: Bound = bound("faction.<id>.action_total", 0, 960, "action_total");
    pub const PATRICIANS_TOTAL: Bound = bound("patricians.total", 1, 240, "the patricians' total");
    pub const GROUP_SIZE: Bound = bound("group.<id>.size", 1, 30, "a group size");
    pub const VOTE_TOTAL: Bound = bound("vote_deck.total", 1, MAX_VOTE_CARDS as i64, "the vote deck's total");
    pub const VOTE_COUNT: Bound = bound("vote.<id>.count", 1, 8, "a vote card count");
    pub const MISSIONS_TOTAL: Bound = bound("missions.total", 0, MAX_MISSIONS as i64, "the missions' total");
    pub const MISSIONS_PER_PLAYER: Bound = bound("missions.per_player", 0, 3, "per_player");
    pub const MISSION_COUNT: Bound = bound("mission.<id>.count", 0, MAX_MISSIONS as i64, "a mission card count");
    pub const MISSION_AT_LEAST: Bound = bound("mission.<id>.at_least", 1, 30, "at_least");
    pub const SET_ASIDE_COUNT: Bound = bound("setup.set_aside[].count", 0, 60, "a set-aside count");
    pub const PLACED_PER_GROUP: Bound = bound("setup.placed_per_group", 0, 5, "placed_per_group");
    pub const ORGIES_REMOVED: Bound = bound("setup.orgies_removed_before_game", 0, 8, "orgies_removed_before_game");
    pub const PER_SIDE: Bound = bound("limits.per_side", 1, MAX_SIDE as i64, "per_side");
    pub const PER_GROUP: Bound = bound("limits.per_group", 1, 2 * MAX_SIDE as i64, "per_group");
    pub const HAND_SIZE: Bound = bound("limits.hand_size", 1, MAX_HAND as i64, "hand_size");
    pub const EXTRAORDINARY_AT: Bound = bound("limits.extraordinary_vote_at", 1, 2 * MAX_SIDE as i64, "extraordinary_vote_at");
    pub const TURN_CAP: Bound = bound("limits.turn_cap", 1, 100_000, "turn_cap");
    pub const ACTIONS_PER_TURN: Bound = bound("turn.actions_per_turn", 0, 9, "actions_per_turn");
    pub const PLACEMENT_CARDS: Bound = bound("turn.placements[].cards", 1, 2, "the cards of a placement pattern");
    pub const PER_PATRICIAN: Bound = bound("scoring.per_patrician", 0, 1000, "per_patrician");
    pub const MAJORITY_BONUS: Bound = bound("scoring.majority_bonus", 0, 1000, "majority_bonus");
    pub const WHOLE_GROUP_BONUS: Bound = bound("scoring.whole_group_bonus", 0, 1000, "whole_group_bonus");
    pub const MISSION_BONUS: Bound = bound("scoring.mission_bonus", 0, 1000, "mission_bonus");

    /// The table above, in the order of the files.
    pub const NUMBERS: [Bound; 26] = [
        INFLUENCE_VALUE,
        DECK_COUNT,
        INFLUENCE_TOTAL,
        ACTION_TOTAL,
        PATRICIANS_TOTAL,
        GROUP_SIZE,
        VOTE_TOTAL,
        VOTE_COUNT,
        MISSIONS_TOTAL,
        MISSIONS_PER_PLAYER,
        MISSION_COUNT,
        MISSION_AT_LEAST,
        SET_ASIDE_COUNT,
        PLACED_PER_GROUP,
        ORGIES_REMOVED,
        PER_SIDE,
        PER_GROUP,
        HAND_SIZE,
        EXTRAORDINARY_AT,
        TURN_CAP,
        ACTIONS_PER_TURN,
        PLACEMENT_CARDS,
        PER_PATRICIAN,
        MAJORITY_BONUS,
        WHOLE_GROUP_BONUS,
        MISSION_BONUS,
    ];
}
pub use numbers::*;

impl Bound {
    /// Whether `key` (a key of `ludus variants show`) is this number's.
    pub fn matches(&self, key: &str) -> bool {
        let pattern: Vec<&str> = self.key.split('.').collect();
        let key: Vec<&str> = key.split('.').collect();
        pattern.len() == key.len()
            && pattern
                .iter()
                .zip(&key)
                .all(|(p, k)| p == k || p.starts_with('<'))
    }
}

/// A card type, as an index into [`Rules::kinds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    pub fn ix(self) -> usize {
        self.0 as usize
    }
}

/// Counts of cards per kind (a hand, a pile, one side of a group).
pub type Counts = [u8; MAX_KINDS];

#[derive(Debug, Clone)]
pub struct CardType {
    pub id: String,
    pub influence: bool,
    pub value: u8,
    pub inverts_vote: bool,
}

#[derive(Debug, Clone)]
pub struct Faction {
    pub id: String,
    pub name: String,
    /// Cards of each kind in the deck.
    pub deck: Counts,
    /// The faction's name for each kind (indexed by kind).
    pub card_names: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub size: u8,
    /// Patricians needed for a majority: more than half the group.
    pub majority: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteEffect {
    Vote(u8),
    Orgy,
    OrgyReshuffle,
}

#[derive(Debug, Clone)]
pub struct VoteCard {
    pub id: String,
    pub name: String,
    pub effect: VoteEffect,
}

#[derive(Debug, Clone)]
pub struct Mission {
    pub id: String,
    pub name: String,
    pub group: u8,
    pub at_least: u8,
}

#[derive(Debug, Clone)]
pub struct Setup {
    /// Per kind, cards each player sets aside before shuffling his reserve.
    pub set_aside: Counts,
    pub placed_per_group: u8,
    pub action_reserve: ActionReserve,
    pub first_player: usize,
    pub orgies_removed_before_game: u8,
}

#[derive(Debug, Clone)]
pub struct Limits {
    pub per_side: u8,
    pub per_group: u8,
    pub hand_size: u8,
    pub extraordinary_vote_at: u8,
    pub turn_cap: u32,
}

/// A way to place influence in one turn: so many cards, all face down or
/// all face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub cards: u32,
    pub face: Face,
}

#[derive(Debug, Clone)]
pub struct TurnRules {
    pub placements: Vec<Placement>,
    /// Per face (down, up): bit n set if some placement pattern of that face
    /// has n cards (from `placements`, for the hot path).
    pub pattern_sizes: [u32; 2],
    pub action_timing: ActionTiming,
    pub actions_per_turn: u8,
    pub extraordinary_vote: ExtraordinaryVote,
    pub exhausted_vote_card: ExhaustedVoteCard,
    pub reshuffle: Reshuffle,
    pub lone_philosopher: LonePhilosopher,
    pub lone_player: LonePlayer,
    pub extraordinary_tie: ExtraordinaryTie,
    /// A player who can place nothing may still play an action card.
    pub action_without_placement: bool,
    pub orgy_removal: Option<OrgyRemovalTiming>,
}

#[derive(Debug, Clone)]
pub struct Scoring {
    pub per_patrician: u32,
    pub majority_bonus: u32,
    pub whole_group_bonus: u32,
    pub mission_bonus: u32,
    pub tie_break: TieBreak,
}

/// One faction's cards at the deal, before any shuffle: the influence
/// reserve (the deck less the set-aside cards, kind by kind in the order
/// of `influence_kinds`), the set-aside cards, and the action cards, as a
/// reserve to shuffle or as cards to arrange (`setup.action_reserve`).
#[derive(Debug, Clone, Default)]
pub struct Deal {
    pub influence_reserve: ArrayVec<Kind, MAX_RESERVE>,
    pub set_aside: Counts,
    pub action_reserve: ArrayVec<Kind, MAX_RESERVE>,
    pub unarranged: Counts,
}

impl Deal {
    fn of(rules: &Rules, p: usize) -> Deal {
        let deck = &rules.factions[p].deck;
        let mut d = Deal::default();
        for &k in &rules.influence_kinds {
            let aside = rules.setup.set_aside[k.ix()].min(deck[k.ix()]);
            d.set_aside[k.ix()] = aside;
            for _ in aside..deck[k.ix()] {
                // (A reserve over `MAX_RESERVE` is a load error already.)
                let _ = d.influence_reserve.try_push(k);
            }
        }
        for &k in &rules.action_kinds {
            match rules.setup.action_reserve {
                ActionReserve::Chosen => d.unarranged[k.ix()] = deck[k.ix()],
                ActionReserve::Shuffled => {
                    for _ in 0..deck[k.ix()] {
                        let _ = d.action_reserve.try_push(k);
                    }
                }
            }
        }
        d
    }
}

/// The complete, validated rules of one game of Caesar & Cleopatra.
#[derive(Debug, Clone)]
pub struct Rules {
    pub name: String,
    /// The rulebook passage the rules come from (game.ron's `source`).
    pub source: String,
    pub kinds: Vec<CardType>,
    /// Influence kinds, in ascending value.
    pub influence_kinds: Vec<Kind>,
    pub action_kinds: Vec<Kind>,
    pub factions: [Faction; 2],
    pub groups: Vec<Group>,
    /// One entry per physical vote card (a card with `count: 2` is two entries).
    pub vote_cards: Vec<VoteCard>,
    /// One entry per physical mission card.
    pub missions: Vec<Mission>,
    pub missions_per_player: u8,
    pub setup: Setup,
    pub limits: Limits,
    pub turn: TurnRules,
    pub scoring: Scoring,
    /// Compiled effects, indexed by kind (`None`: no effect, not playable).
    pub programs: Vec<Option<Program>>,
    /// Every program's statements in one array, kind after kind, and per
    /// kind where its statements start and end there: the interpreter
    /// fetches a statement with one load less than through `programs`.
    pub ops: Vec<Op>,
    pub op_range: [(u16, u16); MAX_KINDS],
    /// Per kind: influence value (0 for action cards), and 1 if the card
    /// inverts votes. Flat arrays for the vote's hot loop.
    pub values: [u8; MAX_KINDS],
    pub inverts: [u8; MAX_KINDS],
    /// Per kind: 0xFF for an influence kind, 0 otherwise (to count
    /// influence cards in a hand without a loop over kinds).
    pub influence_mask: [u8; MAX_KINDS],
    /// `influence_kinds` as a byte shuffle (`pshufb`): byte `r` is the
    /// index of the kind of rank `r`, 0x80 (a zero) past the last. A
    /// hand shuffled by it holds the counts in the rules' order.
    pub influence_ranks: [u8; MAX_KINDS],
    /// Per kind: its program's playability test in mask form (the default,
    /// never, for a kind without a program).
    pub play_tests: [PlayTest; MAX_KINDS],
    /// The same tests for all kinds at once (`State::playable`).
    pub play_masks: PlayMasks,
    /// Action kinds a player may play in his own turn (an effect, no
    /// reaction trigger), as a bit mask of kind indices.
    pub own_turn_actions: u16,
    /// Per played kind: the reaction kinds whose trigger it opens (a
    /// trigger, and the played kind not among its exceptions), as a bit
    /// mask of kind indices.
    pub reactions_to: [u16; MAX_KINDS],
    /// Per faction: the kinds in its deck, as a bit mask of kind indices.
    pub deck_kinds: [u16; 2],
    /// Per faction: its cards as dealt, before the shuffles (copied into
    /// each new game: no loop per card).
    pub deals: [Deal; 2],
    /// The influence kinds that do not invert votes, in the order of
    /// `influence_kinds`: a vote's discards are the last and the first of
    /// them present.
    pub discard_kinds: Vec<Kind>,
    /// `discard_kinds` as a bit mask of kind indices, and whether their
    /// order is that of the indices (then the first and last present are
    /// the lowest and highest bits of a side's kinds under the mask).
    pub discard_mask: u16,
    pub discard_in_index_order: bool,
    /// The influence kinds that invert votes, in the order of
    /// `influence_kinds` (all are discarded after a decided vote).
    pub inverter_kinds: Vec<Kind>,
    /// Per group: its size and its majority; 0xFF past the last group (where
    /// nothing is ever won), so that scoring can run over all `MAX_GROUPS`.
    pub group_size: [u8; MAX_GROUPS],
    pub group_majority: [u8; MAX_GROUPS],
}

impl Rules {
    pub fn program(&self, k: Kind) -> Option<&Program> {
        self.programs.get(k.ix()).and_then(Option::as_ref)
    }
    /// Statement `pc` of kind `k`'s program (`None` past its end): as
    /// `program(k)?.ops.get(pc)`, from the flat `ops`.
    #[inline]
    pub fn op(&self, k: Kind, pc: u8) -> Option<&Op> {
        let (start, end) = self.op_range[k.ix() % MAX_KINDS];
        let i = usize::from(start) + usize::from(pc);
        if i < usize::from(end) {
            self.ops.get(i)
        } else {
            None
        }
    }
    pub fn kind(&self, k: Kind) -> &CardType {
        &self.kinds[k.ix()]
    }
    pub fn is_influence(&self, k: Kind) -> bool {
        self.kinds[k.ix()].influence
    }
    /// The faction's name of a card kind.
    pub fn card_name(&self, player: usize, k: Kind) -> &str {
        &self.factions[player].card_names[k.ix()]
    }
    pub fn kind_by_id(&self, id: &str) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|k| k.id == id)
            .map(|i| Kind(i as u8))
    }
    pub fn group_by_id(&self, id: &str) -> Option<u8> {
        self.groups.iter().position(|g| g.id == id).map(|i| i as u8)
    }
    pub fn faction_by_id(&self, id: &str) -> Option<usize> {
        self.factions.iter().position(|f| f.id == id)
    }
    /// Influence cards in one faction's deck.
    pub fn influence_in_deck(&self, player: usize) -> u32 {
        self.influence_kinds
            .iter()
            .map(|k| self.factions[player].deck[k.ix()] as u32)
            .sum()
    }
    pub fn total_patricians(&self) -> u32 {
        self.groups.iter().map(|g| g.size as u32).sum()
    }
}

/// The rule files of a game directory, in the order they are read.
pub const FILES: [&str; 8] = [
    "game.ron",
    "cards.ron",
    "factions.ron",
    "forum.ron",
    "setup.ron",
    "limits.ron",
    "turn.ron",
    "scoring.ron",
];

/// Loads and validates the base rules in `dir`, reporting every problem found.
pub fn load(dir: impl Into<GameDir>) -> Result<Rules, Diagnostics> {
    let (raw, files) = read_raw(&dir.into())?;
    validate_raw(raw, files)
}

/// Reads the rule files of `dir` into raw structs (syntax only).
pub fn read_raw(dir: &GameDir) -> Result<(raw::RawRules, Vec<SourceFile>), Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut files = Vec::new();
    for name in FILES {
        match dir.read(name) {
            Ok(f) => files.push(Some(f)),
            Err(d) => {
                diags.push(d);
                files.push(None);
            }
        }
    }
    let file = |i: usize| files[i].as_ref();
    let game: Option<raw::GameFile> = file(0).and_then(|f| parse_into(f, &mut diags));
    let cards: Option<raw::CardsFile> = file(1).and_then(|f| parse_into(f, &mut diags));
    let factions: Option<raw::FactionsFile> = file(2).and_then(|f| parse_into(f, &mut diags));
    let forum: Option<raw::ForumFile> = file(3).and_then(|f| parse_into(f, &mut diags));
    let setup: Option<raw::SetupFile> = file(4).and_then(|f| parse_into(f, &mut diags));
    let limits: Option<raw::LimitsFile> = file(5).and_then(|f| parse_into(f, &mut diags));
    let turn: Option<raw::TurnFile> = file(6).and_then(|f| parse_into(f, &mut diags));
    let scoring: Option<raw::ScoringFile> = file(7).and_then(|f| parse_into(f, &mut diags));
    let (
        Some(game),
        Some(cards),
        Some(factions),
        Some(forum),
        Some(setup),
        Some(limits),
        Some(turn),
        Some(scoring),
    ) = (game, cards, factions, forum, setup, limits, turn, scoring)
    else {
        return Err(diags);
    };
    let raw = raw::RawRules {
        game,
        cards,
        factions,
        forum,
        setup,
        limits,
        turn,
        scoring,
    };
    Ok((raw, files.into_iter().map(Option::unwrap).collect()))
}

/// Validates raw rules. `files` starts with the eight base files (in
/// [`FILES`] order) and may go on with the overlays applied to `raw`: a
/// problem is reported in whichever file its value was read from.
pub fn validate_raw(raw: raw::RawRules, files: Vec<SourceFile>) -> Result<Rules, Diagnostics> {
    let mut v = Validator {
        diags: Diagnostics::default(),
        files,
    };
    let raw::RawRules {
        game,
        cards,
        factions,
        forum,
        setup,
        limits,
        turn,
        scoring,
    } = raw;
    let rules = v.validate(game, cards, factions, forum, setup, limits, turn, scoring);
    if v.diags.is_empty() {
        Ok(rules.expect("no diagnostics means a complete model"))
    } else {
        Err(v.diags)
    }
}

struct Validator {
    diags: Diagnostics,
    files: Vec<SourceFile>,
}

const GAME: usize = 0;
const CARDS: usize = 1;
const FACTIONS: usize = 2;
const FORUM: usize = 3;
const SETUP: usize = 4;
const LIMITS: usize = 5;
const TURN: usize = 6;
const SCORING: usize = 7;

impl Validator {
    /// The file a value was read from (a base file or an overlay), else `file`.
    fn home<T>(&self, file: usize, at: &Spanned<T>) -> usize {
        (0..self.files.len())
            .find(|&i| at.span_in(&self.files[i].text).is_some())
            .unwrap_or(file)
    }

    fn err<T>(&mut self, file: usize, at: &Spanned<T>, msg: impl Into<String>) -> &mut Diagnostic {
        let file = self.home(file, at);
        let d = self.files[file].error(at, msg);
        self.diags.push(d);
        self.diags.0.last_mut().unwrap()
    }

    /// Resolves an id against `known`, reporting an unknown one with a hint.
    fn resolve(
        &mut self,
        file: usize,
        id: &Spanned<String>,
        what: &str,
        known: &HashMap<String, usize>,
    ) -> Option<usize> {
        if let Some(&i) = known.get(id.as_str()) {
            return Some(i);
        }
        let mut names: Vec<&str> = known.keys().map(String::as_str).collect();
        names.sort();
        let hint = match nearest(id, names.iter().copied()) {
            Some(n) => format!("did you mean \"{n}\"? known {what}s: {}", names.join(", ")),
            None => format!("known {what}s: {}", names.join(", ")),
        };
        let d = self.err(file, id, format!("unknown {what} \"{}\"", id.value));
        d.hints.push(hint);
        None
    }

    fn ids<'a>(
        &mut self,
        file: usize,
        what: &str,
        ids: impl IntoIterator<Item = &'a Spanned<String>>,
    ) -> HashMap<String, usize> {
        let mut map = HashMap::new();
        for (i, id) in ids.into_iter().enumerate() {
            if map.insert(id.value.clone(), i).is_some() {
                self.err(
                    file,
                    id,
                    format!("{what} \"{}\" is defined twice", id.value),
                );
            }
        }
        map
    }

    /// `n` if it lies in its range `b`, else `None` and an error quoting it
    /// as written.
    fn number(&mut self, file: usize, n: &Spanned<Number>, b: &Bound) -> Option<i64> {
        if (b.min..=b.max).contains(&n.value.0) {
            return Some(n.value.0);
        }
        let written = self.written(file, n);
        self.err(
            file,
            n,
            format!(
                "{} is {written}, but must be between {} and {}",
                b.what, b.min, b.max
            ),
        );
        None
    }

    /// [`Validator::number`] for a range within a byte.
    fn small(&mut self, file: usize, n: &Spanned<Number>, b: &Bound) -> Option<u8> {
        debug_assert!(b.min >= 0 && b.max <= 255, "{b:?}");
        self.number(file, n, b).map(|v| v as u8)
    }

    /// A number as its file writes it (`1_000`, `0x10`, ...).
    fn written(&self, file: usize, n: &Spanned<Number>) -> String {
        let text = &self.files[self.home(file, n)].text;
        n.span_in(text)
            .map_or_else(|| n.value.to_string(), |r| text[r].to_string())
    }

    /// Parses and compiles one card's effect; problems are reported at their
    /// place in cards.ron.
    fn effect(&mut self, card: &str, text: &Spanned<String>, env: &Env) -> Option<Program> {
        let file = &self.files[self.home(CARDS, text)];
        let context = format!("in the effect of `{card}`");
        let p = crate::effects::compile::program(file, text, &context, |a| compile(a, env));
        p.map_err(|d| self.diags.extend(d)).ok()
    }

    #[allow(clippy::too_many_arguments)]
    fn validate(
        &mut self,
        game: raw::GameFile,
        cards: raw::CardsFile,
        factions: raw::FactionsFile,
        forum: raw::ForumFile,
        setup: raw::SetupFile,
        limits: raw::LimitsFile,
        turn: raw::TurnFile,
        scoring: raw::ScoringFile,
    ) -> Option<Rules> {
        if game.game.value != "caesar_cleopatra" {
            self.err(
                GAME,
                &game.game,
                format!("unknown game module \"{}\"", game.game.value),
            )
            .hints
            .push("known game modules: caesar_cleopatra".into());
        }
        let ck = self.card_kinds(&cards)?;
        let (out_factions, uncounted) = self.factions(&factions, &ck)?;
        let faction_ids: HashMap<String, usize> = out_factions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.id.clone(), i))
            .collect();
        let cg = self.groups(&forum.patricians)?;
        let vote_cards = self.vote_deck(&forum.vote_deck, &forum.patricians, &cg.ids);
        let (missions, missions_per_player) = self.missions(&forum.missions, &cg);
        let programs = self.programs(&cards, &ck, &cg.groups);
        let lim = self.limits(&limits);
        let set_aside = self.set_aside(&setup, &ck, &out_factions, &uncounted);
        let placed = self.placed(&setup, set_aside.as_ref(), cg.groups.len(), &lim);
        if let Some(set_aside) = &set_aside {
            self.reserves(&factions, &out_factions, &ck, set_aside);
        }
        let orgies_removed = self.orgies_removed(&setup, &vote_cards);
        let first_player = self
            .resolve(SETUP, &setup.first_player, "faction", &faction_ids)
            .unwrap_or(0);
        let turn = self.turn(&turn);
        let scoring = self.scoring(&scoring);
        let factions: [Faction; 2] = out_factions.try_into().ok()?;
        Some(assemble(Parts {
            name: game.name,
            source: game.source,
            kinds: ck.kinds,
            influence_kinds: ck.influence,
            action_kinds: ck.actions,
            factions,
            groups: cg.groups,
            vote_cards,
            missions,
            missions_per_player,
            setup: Setup {
                set_aside: set_aside.unwrap_or_default(),
                placed_per_group: placed.unwrap_or(0),
                action_reserve: setup.action_reserve,
                first_player,
                orgies_removed_before_game: orgies_removed,
            },
            limits: lim.model(),
            turn,
            scoring,
            programs,
        }))
    }

    /// The card types (influence, then action), their ids and values.
    fn card_kinds(&mut self, cards: &raw::CardsFile) -> Option<CardKinds> {
        let mut kinds = Vec::new();
        for t in &cards.influence {
            let value = self.small(CARDS, &t.value, &INFLUENCE_VALUE).unwrap_or(0);
            kinds.push(CardType {
                id: t.id.value.clone(),
                influence: true,
                value,
                inverts_vote: t.inverts_vote,
            });
        }
        for t in &cards.actions {
            kinds.push(CardType {
                id: t.id.value.clone(),
                influence: false,
                value: 0,
                inverts_vote: false,
            });
        }
        let ids = self.ids(
            CARDS,
            "card type",
            cards
                .influence
                .iter()
                .map(|t| &t.id)
                .chain(cards.actions.iter().map(|t| &t.id)),
        );
        if kinds.len() > MAX_KINDS {
            let at = &cards
                .influence
                .first()
                .map(|t| t.id.clone())
                .unwrap_or(Spanned::detached(String::new()));
            self.err(
                CARDS,
                at,
                format!(
                    "{} card types; at most {MAX_KINDS} are supported",
                    kinds.len()
                ),
            );
            return None;
        }
        let mut influence: Vec<Kind> = (0..cards.influence.len()).map(|i| Kind(i as u8)).collect();
        influence.sort_by_key(|k| kinds[k.ix()].value);
        let actions: Vec<Kind> = (cards.influence.len()..kinds.len())
            .map(|i| Kind(i as u8))
            .collect();
        Some(CardKinds {
            kinds,
            ids,
            influence,
            actions,
        })
    }

    /// The two factions' decks, checked against their announced totals,
    /// and per faction the kinds whose count is out of its range (a bit
    /// each: nothing is checked against them).
    fn factions(
        &mut self,
        factions: &raw::FactionsFile,
        ck: &CardKinds,
    ) -> Option<(Vec<Faction>, Vec<u16>)> {
        if factions.factions.len() != 2 {
            let d = Diagnostic::whole(
                self.files[FACTIONS].path.clone(),
                format!(
                    "Caesar & Cleopatra has two factions, this file defines {}",
                    factions.factions.len()
                ),
            );
            self.diags.push(d);
            return None;
        }
        self.ids(FACTIONS, "faction", factions.factions.iter().map(|f| &f.id));
        let (mut out, mut uncounted) = (Vec::new(), Vec::new());
        for f in &factions.factions {
            let mut deck = [0u8; MAX_KINDS];
            let mut names = vec![String::new(); ck.kinds.len()];
            let mut unknown = 0u16;
            for e in &f.cards {
                if let Some(k) = self.resolve(FACTIONS, &e.card, "card type", &ck.ids) {
                    if deck[k] != 0 {
                        self.err(
                            FACTIONS,
                            &e.card,
                            format!("\"{}\" is listed twice in {}'s deck", e.card.value, f.name),
                        );
                    }
                    let n = self.small(FACTIONS, &e.count, &DECK_COUNT);
                    unknown |= u16::from(n.is_none()) << k;
                    deck[k] = n.unwrap_or(0);
                    names[k] = e.name.clone();
                }
            }
            let infl: u32 = ck.influence.iter().map(|k| deck[k.ix()] as u32).sum();
            let act: u32 = ck.actions.iter().map(|k| deck[k.ix()] as u32).sum();
            for (sum, total, bound, what) in [
                (infl, &f.influence_total, &INFLUENCE_TOTAL, "influence"),
                (act, &f.action_total, &ACTION_TOTAL, "action"),
            ] {
                if let Some(t) = self.number(FACTIONS, total, bound)
                    && unknown == 0
                    && i64::from(sum) != t
                {
                    let written = self.written(FACTIONS, total);
                    self.err(
                        FACTIONS,
                        total,
                        format!(
                            "{}'s {what} cards add up to {sum}, but {} says {written}",
                            f.name, bound.what
                        ),
                    );
                }
            }
            for (i, n) in names.iter_mut().enumerate() {
                if n.is_empty() {
                    *n = ck.kinds[i].id.clone();
                }
            }
            uncounted.push(unknown);
            out.push(Faction {
                id: f.id.value.clone(),
                name: f.name.clone(),
                deck,
                card_names: names,
            });
        }
        Some((out, uncounted))
    }

    /// The patrician groups, checked against their announced total.
    fn groups(&mut self, p: &raw::Patricians) -> Option<CheckedGroups> {
        let group_ids = self.ids(FORUM, "group", p.groups.iter().map(|g| &g.id));
        if p.groups.is_empty() || p.groups.len() > MAX_GROUPS {
            self.err(
                FORUM,
                &p.total,
                format!(
                    "{} groups; between 1 and {MAX_GROUPS} are supported",
                    p.groups.len()
                ),
            );
            return None;
        }
        let mut groups = Vec::new();
        let mut unsized_mask = 0u8;
        for (i, g) in p.groups.iter().enumerate() {
            let size = self.small(FORUM, &g.size, &GROUP_SIZE);
            unsized_mask |= u8::from(size.is_none()) << i;
            let size = size.unwrap_or(1);
            groups.push(Group {
                id: g.id.value.clone(),
                name: g.name.clone(),
                size,
                majority: size / 2 + 1,
            });
        }
        let sum: u32 = groups.iter().map(|g| g.size as u32).sum();
        if let Some(total) = self.number(FORUM, &p.total, &PATRICIANS_TOTAL)
            && unsized_mask == 0
            && i64::from(sum) != total
        {
            // Point at a size an overlay changed, if any: that is where the
            // designer made the change.
            let at = p
                .groups
                .iter()
                .rev()
                .find(|g| self.home(FORUM, &g.size) >= FILES.len())
                .map_or(&p.total, |g| &g.size);
            let sizes: Vec<String> = p
                .groups
                .iter()
                .map(|g| format!("{} {}", g.size.value, g.name))
                .collect();
            let written = self.written(FORUM, &p.total);
            self.err(
                FORUM,
                at,
                format!(
                    "the groups hold {sum} patricians ({}), but total says {written}",
                    sizes.join(" + "),
                ),
            );
        }
        Some(CheckedGroups {
            groups,
            ids: group_ids,
            unsized_mask,
        })
    }

    /// The vote cards, one entry per physical card; every group must have one.
    fn vote_deck(
        &mut self,
        vd: &raw::VoteDeck,
        p: &raw::Patricians,
        group_ids: &HashMap<String, usize>,
    ) -> Vec<VoteCard> {
        self.ids(FORUM, "vote card", vd.cards.iter().map(|c| &c.id));
        let mut vote_cards = Vec::new();
        let mut voted = vec![false; p.groups.len()];
        let (mut counted, mut n) = (true, 0);
        for c in &vd.cards {
            let count = self.small(FORUM, &c.count, &VOTE_COUNT);
            counted &= count.is_some();
            n += usize::from(count.unwrap_or(0));
            let effect = match &c.effect.value {
                RawVoteEffect::Vote(g) => {
                    let gid = c.effect.with_value(g.clone());
                    match self.resolve(FORUM, &gid, "group", group_ids) {
                        Some(gi) => {
                            voted[gi] = true;
                            VoteEffect::Vote(gi as u8)
                        }
                        None => continue,
                    }
                }
                RawVoteEffect::Orgy => VoteEffect::Orgy,
                RawVoteEffect::OrgyReshuffle => VoteEffect::OrgyReshuffle,
            };
            for _ in 0..count.unwrap_or(0) {
                vote_cards.push(VoteCard {
                    id: c.id.value.clone(),
                    name: c.name.clone(),
                    effect,
                });
            }
        }
        if let Some(t) = self.number(FORUM, &vd.total, &VOTE_TOTAL)
            && counted
            && n as i64 != t
        {
            let written = self.written(FORUM, &vd.total);
            self.err(
                FORUM,
                &vd.total,
                format!("the vote deck holds {n} cards, but total says {written}"),
            );
        }
        if n > MAX_VOTE_CARDS {
            self.err(
                FORUM,
                &vd.total,
                format!("at most {MAX_VOTE_CARDS} vote cards are supported"),
            );
        }
        for (gi, g) in p.groups.iter().enumerate() {
            if !voted[gi] {
                self.err(
                    FORUM,
                    &g.id,
                    format!("no vote card names the group \"{}\"", g.id.value),
                )
                .hints
                .push("add a card with effect: Vote(\"...\") to vote_deck".into());
            }
        }
        vote_cards
    }

    /// The mission cards, one entry per physical card, and how many each
    /// player draws.
    fn missions(&mut self, m: &raw::Missions, cg: &CheckedGroups) -> (Vec<Mission>, u8) {
        let groups = &cg.groups;
        self.ids(FORUM, "mission card", m.cards.iter().map(|c| &c.id));
        let mut missions = Vec::new();
        let (mut counted, mut n) = (true, 0);
        for c in &m.cards {
            let g = self.resolve(FORUM, &c.group, "group", &cg.ids);
            let at_least = self.small(FORUM, &c.at_least, &MISSION_AT_LEAST);
            let count = self.small(FORUM, &c.count, &MISSION_COUNT);
            counted &= count.is_some();
            n += usize::from(count.unwrap_or(0));
            let (Some(g), Some(at_least)) = (g, at_least) else {
                continue;
            };
            if cg.unsized_mask & 1 << g == 0 && at_least > groups[g].size {
                let written = self.written(FORUM, &c.at_least);
                self.err(
                    FORUM,
                    &c.at_least,
                    format!(
                        "the mission asks for {written} {}, but the group has only {}",
                        groups[g].name, groups[g].size
                    ),
                );
            }
            for _ in 0..count.unwrap_or(0) {
                missions.push(Mission {
                    id: c.id.value.clone(),
                    name: c.name.clone(),
                    group: g as u8,
                    at_least,
                });
            }
        }
        if let Some(t) = self.number(FORUM, &m.total, &MISSIONS_TOTAL)
            && counted
            && n as i64 != t
        {
            let written = self.written(FORUM, &m.total);
            self.err(
                FORUM,
                &m.total,
                format!("the mission cards add up to {n}, but total says {written}"),
            );
        }
        if n > MAX_MISSIONS {
            self.err(
                FORUM,
                &m.total,
                format!("at most {MAX_MISSIONS} mission cards are supported"),
            );
        }
        let per_player = self.small(FORUM, &m.per_player, &MISSIONS_PER_PLAYER);
        if let Some(pp) = per_player
            && usize::from(pp) * 2 > n
        {
            self.err(
                FORUM,
                &m.per_player,
                format!(
                    "two players drawing {pp} each need {} mission cards, there are {n}",
                    pp * 2,
                ),
            );
        }
        (missions, per_player.unwrap_or(0))
    }

    /// Each action card's compiled effect, indexed by kind.
    fn programs(
        &mut self,
        cards: &raw::CardsFile,
        ck: &CardKinds,
        groups: &[Group],
    ) -> Vec<Option<Program>> {
        let env = Env {
            kinds: &ck
                .kinds
                .iter()
                .map(|k| (k.id.clone(), k.influence))
                .collect::<Vec<_>>(),
            groups: &groups.iter().map(|g| g.id.clone()).collect::<Vec<_>>(),
        };
        let mut programs = vec![None; ck.kinds.len()];
        for (i, t) in cards.actions.iter().enumerate() {
            if let Some(text) = &t.effect {
                programs[cards.influence.len() + i] = self.effect(&t.id.value, text, &env);
            }
        }
        programs
    }

    fn limits(&mut self, limits: &raw::LimitsFile) -> CheckedLimits {
        let lim = CheckedLimits {
            per_side: self.small(LIMITS, &limits.per_side, &PER_SIDE),
            per_group: self.small(LIMITS, &limits.per_group, &PER_GROUP),
            hand_size: self.small(LIMITS, &limits.hand_size, &HAND_SIZE),
            extra: self.small(LIMITS, &limits.extraordinary_vote_at, &EXTRAORDINARY_AT),
            turn_cap: self
                .number(LIMITS, &limits.turn_cap, &TURN_CAP)
                .map(|n| n as u32),
        };
        if let (Some(per_side), Some(per_group)) = (lim.per_side, lim.per_group)
            && per_group > 2 * per_side
        {
            let written = self.written(LIMITS, &limits.per_group);
            self.err(
                LIMITS,
                &limits.per_group,
                format!(
                    "per_group is {written}, but two sides of {per_side} can hold only {}",
                    2 * per_side
                ),
            );
        }
        if let (Some(extra), Some(per_group)) = (lim.extra, lim.per_group)
            && extra > per_group
        {
            let written = self.written(LIMITS, &limits.extraordinary_vote_at);
            self.err(
                LIMITS,
                &limits.extraordinary_vote_at,
                format!("an extraordinary vote at {written} cards can never happen: a group holds at most {per_group}"),
            );
        }
        lim
    }

    /// Per kind, the cards each player sets aside (`None` if a count is
    /// out of its range: reported, and nothing is checked against them).
    fn set_aside(
        &mut self,
        setup: &raw::SetupFile,
        ck: &CardKinds,
        factions: &[Faction],
        uncounted: &[u16],
    ) -> Option<Counts> {
        let mut set_aside = [0u8; MAX_KINDS];
        let mut counted = true;
        for c in &setup.set_aside {
            let Some(k) = self.resolve(SETUP, &c.card, "card type", &ck.ids) else {
                continue;
            };
            if !ck.kinds[k].influence {
                self.err(
                    SETUP,
                    &c.card,
                    format!("\"{}\" is not an influence card", c.card.value),
                );
            }
            let Some(n) = self.small(SETUP, &c.count, &SET_ASIDE_COUNT) else {
                counted = false;
                continue;
            };
            set_aside[k] = n;
            for (f, unknown) in factions.iter().zip(uncounted) {
                if unknown & 1 << k == 0 && f.deck[k] < n {
                    let written = self.written(SETUP, &c.count);
                    self.err(
                        SETUP,
                        &c.count,
                        format!(
                            "{} sets aside {written} \"{}\" but has only {} in the deck",
                            f.name, c.card.value, f.deck[k]
                        ),
                    );
                }
            }
        }
        counted.then_some(set_aside)
    }

    /// The set-aside cards placed at each group, checked against the cards
    /// set aside and the limits.
    fn placed(
        &mut self,
        setup: &raw::SetupFile,
        set_aside: Option<&Counts>,
        groups: usize,
        lim: &CheckedLimits,
    ) -> Option<u8> {
        let at = &setup.placed_per_group;
        let placed = self.small(SETUP, at, &PLACED_PER_GROUP)?;
        let written = self.written(SETUP, at);
        if let Some(per_side) = lim.per_side
            && placed > per_side
        {
            self.err(
                SETUP,
                at,
                format!("placing {written} per group breaks per_side {per_side}"),
            );
        }
        let Some(set_aside) = set_aside else {
            return Some(placed);
        };
        let aside: u32 = set_aside.iter().map(|&c| c as u32).sum();
        let placed_total = placed as u32 * groups as u32;
        if aside < placed_total {
            self.err(
                SETUP,
                at,
                format!("{written} card(s) at each of {groups} groups needs {placed_total} set-aside cards, only {aside} are set aside"),
            );
        } else if let Some(hand_size) = lim.hand_size
            && aside - placed_total > hand_size as u32
        {
            self.err(
                SETUP,
                at,
                format!(
                    "the starting hand would hold {} cards ({aside} set aside - {placed_total} placed), more than hand_size {hand_size}",
                    aside - placed_total
                ),
            );
        }
        Some(placed)
    }

    /// Each faction's reserves must fit the engine's.
    fn reserves(
        &mut self,
        raw: &raw::FactionsFile,
        factions: &[Faction],
        ck: &CardKinds,
        set_aside: &Counts,
    ) {
        for (i, f) in factions.iter().enumerate() {
            let reserve: u32 = ck
                .influence
                .iter()
                .map(|k| (f.deck[k.ix()] - set_aside[k.ix()].min(f.deck[k.ix()])) as u32)
                .sum();
            let actions: u32 = ck.actions.iter().map(|k| f.deck[k.ix()] as u32).sum();
            if reserve as usize > MAX_RESERVE || actions as usize > MAX_RESERVE {
                let at = &raw.factions[i].influence_total;
                self.err(
                    FACTIONS,
                    at,
                    format!("a reserve of more than {MAX_RESERVE} cards is not supported"),
                );
            }
        }
    }

    /// Optional orgy variant (b): there must be as many orgies to remove.
    fn orgies_removed(&mut self, setup: &raw::SetupFile, vote_cards: &[VoteCard]) -> u8 {
        let at = &setup.orgies_removed_before_game;
        let Some(n) = self.small(SETUP, at, &ORGIES_REMOVED) else {
            return 0;
        };
        let orgies = vote_cards
            .iter()
            .filter(|c| c.effect == VoteEffect::Orgy)
            .count();
        if usize::from(n) > orgies {
            let written = self.written(SETUP, at);
            self.err(
                SETUP,
                at,
                format!("{written} orgies are to be removed before the game, but the vote deck has {orgies} (not counting the reshuffle one)"),
            );
        }
        n
    }

    fn turn(&mut self, turn: &raw::TurnFile) -> TurnRules {
        let mut placements = Vec::new();
        for pl in &turn.placements {
            if let Some(cards) = self.number(TURN, &pl.value.cards, &PLACEMENT_CARDS) {
                placements.push(Placement {
                    cards: cards as u32,
                    face: pl.value.face,
                });
            }
        }
        if turn.placements.is_empty() {
            let d = Diagnostic::whole(
                self.files[TURN].path.clone(),
                "placements is empty: an active player could never place influence",
            );
            self.diags.push(d);
        }
        let actions_per_turn = self.small(TURN, &turn.actions_per_turn, &ACTIONS_PER_TURN);
        TurnRules {
            pattern_sizes: [Face::Down, Face::Up].map(|face| {
                placements
                    .iter()
                    .filter(|pl| pl.face == face)
                    .fold(0, |m, pl| m | 1 << pl.cards)
            }),
            placements,
            action_timing: turn.action_timing,
            actions_per_turn: actions_per_turn.unwrap_or(0),
            extraordinary_vote: turn.extraordinary_vote,
            exhausted_vote_card: turn.exhausted_vote_card,
            reshuffle: turn.reshuffle,
            lone_philosopher: turn.lone_philosopher,
            lone_player: turn.lone_player,
            extraordinary_tie: turn.extraordinary_tie,
            action_without_placement: turn.action_without_placement,
            orgy_removal: turn.orgy_removal.then_some(turn.orgy_removal_timing),
        }
    }

    fn scoring(&mut self, s: &raw::ScoringFile) -> Scoring {
        let mut points =
            |n: &Spanned<Number>, b: &Bound| self.number(SCORING, n, b).map_or(0, |v| v as u32);
        Scoring {
            per_patrician: points(&s.per_patrician, &PER_PATRICIAN),
            majority_bonus: points(&s.majority_bonus, &MAJORITY_BONUS),
            whole_group_bonus: points(&s.whole_group_bonus, &WHOLE_GROUP_BONUS),
            mission_bonus: points(&s.mission_bonus, &MISSION_BONUS),
            tie_break: s.tie_break,
        }
    }
}

/// The card types as checked: their ids, and the influence kinds (by
/// ascending value) and action kinds.
struct CardKinds {
    kinds: Vec<CardType>,
    ids: HashMap<String, usize>,
    influence: Vec<Kind>,
    actions: Vec<Kind>,
}

/// The patrician groups as checked, their ids, and the groups whose size
/// is out of its range (a bit each: nothing is checked against them).
struct CheckedGroups {
    groups: Vec<Group>,
    ids: HashMap<String, usize>,
    unsized_mask: u8,
}

/// The limits as checked: `None` where the file's value is out of its range
/// (reported), so that no later check quotes a value the file does not say.
struct CheckedLimits {
    per_side: Option<u8>,
    per_group: Option<u8>,
    hand_size: Option<u8>,
    extra: Option<u8>,
    turn_cap: Option<u32>,
}

impl CheckedLimits {
    fn model(&self) -> Limits {
        Limits {
            per_side: self.per_side.unwrap_or(1),
            per_group: self.per_group.unwrap_or(1),
            hand_size: self.hand_size.unwrap_or(1),
            extraordinary_vote_at: self.extra.unwrap_or(1),
            turn_cap: self.turn_cap.unwrap_or(1),
        }
    }
}

/// The checked parts of the rules, before the tables derived from them.
struct Parts {
    name: String,
    source: String,
    kinds: Vec<CardType>,
    influence_kinds: Vec<Kind>,
    action_kinds: Vec<Kind>,
    factions: [Faction; 2],
    groups: Vec<Group>,
    vote_cards: Vec<VoteCard>,
    missions: Vec<Mission>,
    missions_per_player: u8,
    setup: Setup,
    limits: Limits,
    turn: TurnRules,
    scoring: Scoring,
    programs: Vec<Option<Program>>,
}

/// The rules from their checked parts, with the tables derived from them
/// for the hot path.
fn assemble(p: Parts) -> Rules {
    let (values, inverts, influence_mask) = kind_tables(&p.kinds);
    let influence_ranks = influence_ranks(&p.influence_kinds);
    let discard_kinds = influence_kinds_where(&p.kinds, &p.influence_kinds, false);
    let discard_mask = discard_kinds.iter().fold(0, |m, k| m | 1 << k.ix());
    let discard_in_index_order = discard_kinds.windows(2).all(|w| w[0].ix() < w[1].ix());
    let inverter_kinds = influence_kinds_where(&p.kinds, &p.influence_kinds, true);
    let (group_size, group_majority) = group_tables(&p.groups);
    let deck_kinds = [&p.factions[0], &p.factions[1]].map(deck_kinds);
    let play_tests = play_tests(&p.programs);
    let (ops, op_range) = op_table(&p.programs);
    let mut rules = Rules {
        deals: Default::default(),
        name: p.name,
        source: p.source,
        kinds: p.kinds,
        influence_kinds: p.influence_kinds,
        influence_ranks,
        action_kinds: p.action_kinds,
        factions: p.factions,
        groups: p.groups,
        vote_cards: p.vote_cards,
        missions: p.missions,
        missions_per_player: p.missions_per_player,
        setup: p.setup,
        limits: p.limits,
        turn: p.turn,
        scoring: p.scoring,
        reactions_to: reactions_to(&p.programs),
        deck_kinds,
        play_masks: PlayMasks::of(&play_tests),
        play_tests,
        own_turn_actions: own_turn_actions(&p.programs),
        ops,
        op_range,
        programs: p.programs,
        values,
        inverts,
        influence_mask,
        discard_kinds,
        discard_mask,
        discard_in_index_order,
        inverter_kinds,
        group_size,
        group_majority,
    };
    rules.deals = [0, 1].map(|p| Deal::of(&rules, p));
    rules
}

/// Per kind: the value and whether it inverts the vote (of influence
/// cards; 0 for the others), and a mask of 0xFF for influence cards.
fn kind_tables(kinds: &[CardType]) -> ([u8; MAX_KINDS], [u8; MAX_KINDS], [u8; MAX_KINDS]) {
    let mut values = [0u8; MAX_KINDS];
    let mut inverts = [0u8; MAX_KINDS];
    let mut influence_mask = [0u8; MAX_KINDS];
    for (i, k) in kinds.iter().enumerate() {
        if k.influence {
            influence_mask[i] = 0xFF;
            values[i] = k.value;
            inverts[i] = u8::from(k.inverts_vote);
        }
    }
    (values, inverts, influence_mask)
}

/// The influence kinds by rank (0x80 past the last).
fn influence_ranks(influence_kinds: &[Kind]) -> [u8; MAX_KINDS] {
    let mut influence_ranks = [0x80; MAX_KINDS];
    for (r, k) in influence_kinds.iter().enumerate().take(MAX_KINDS) {
        influence_ranks[r] = k.0;
    }
    influence_ranks
}

/// The influence kinds that invert the vote (`inverts`), or those that
/// do not, in rank order.
fn influence_kinds_where(kinds: &[CardType], influence_kinds: &[Kind], inverts: bool) -> Vec<Kind> {
    influence_kinds
        .iter()
        .copied()
        .filter(|k| kinds[k.ix()].inverts_vote == inverts)
        .collect()
}

/// Each group's size and majority (0xFF past the last group).
fn group_tables(groups: &[Group]) -> ([u8; MAX_GROUPS], [u8; MAX_GROUPS]) {
    let (mut group_size, mut group_majority) = ([0xFF; MAX_GROUPS], [0xFF; MAX_GROUPS]);
    for (g, gd) in groups.iter().enumerate().take(MAX_GROUPS) {
        group_size[g] = gd.size;
        group_majority[g] = gd.majority;
    }
    (group_size, group_majority)
}

/// A bit per kind a faction's deck holds.
fn deck_kinds(f: &Faction) -> u16 {
    f.deck
        .iter()
        .enumerate()
        .fold(0, |m, (i, &n)| m | u16::from(n > 0) << i)
}

/// Per kind, the test of whether its action card may be played (the
/// default for kinds without a program).
fn play_tests(programs: &[Option<Program>]) -> [PlayTest; MAX_KINDS] {
    std::array::from_fn(|k| {
        programs
            .get(k)
            .and_then(Option::as_ref)
            .map_or_else(PlayTest::default, |p| p.playable.test())
    })
}

/// Per kind played, a bit per action card that may answer it: a reaction
/// whose trigger does not except it.
fn reactions_to(programs: &[Option<Program>]) -> [u16; MAX_KINDS] {
    std::array::from_fn(|played| {
        programs.iter().enumerate().fold(0, |m, (i, p)| {
            let opens = p
                .as_ref()
                .and_then(|p| p.trigger.as_ref())
                .is_some_and(|t| !t.except.iter().any(|k| k.ix() == played));
            m | u16::from(opens) << i
        })
    })
}

/// A bit per action card played on its owner's turn (no trigger).
fn own_turn_actions(programs: &[Option<Program>]) -> u16 {
    programs.iter().enumerate().fold(0, |m, (i, p)| {
        m | u16::from(p.as_ref().is_some_and(|p| p.trigger.is_none())) << i
    })
}

/// Every program's ops end to end, and each kind's range in them.
fn op_table(programs: &[Option<Program>]) -> (Vec<Op>, [(u16, u16); MAX_KINDS]) {
    let ops = programs
        .iter()
        .flatten()
        .flat_map(|p| p.ops.iter().cloned())
        .collect();
    let mut r = [(0, 0); MAX_KINDS];
    let mut at = 0;
    for (k, p) in programs.iter().enumerate().take(MAX_KINDS) {
        let n = p.as_ref().map_or(0, |p| p.ops.len()) as u16;
        r[k] = (at, at + n);
        at += n;
    }
    (ops, r)
}
