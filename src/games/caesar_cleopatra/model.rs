//! The checked rules: ids resolved to small indices, totals verified, limits
//! sane. The engine reads only this; it never sees a name lookup or a string
//! in its hot path.
//!
//! **Invariant:** a `Rules` value is immutable during play and always valid:
//! the only way to get one is [`load`], which reports every problem it finds.

use std::collections::HashMap;

use arrayvec::ArrayVec;

use super::compile::{Names, Op, PlayMasks, PlayTest, Program, compile};
use super::raw::{self, VoteEffect as RawVoteEffect};
pub use super::raw::{
    ActionReserve, ActionTiming, ExhaustedVoteCard, ExtraordinaryTie, ExtraordinaryVote, Face,
    LonePhilosopher, LonePlayer, OrgyRemovalTiming, Placement, Reshuffle, TieBreak,
};
use crate::diag::{Diagnostic, Diagnostics};
use crate::load::{GameDir, SourceFile, Spanned, nearest, parse_into, string_content_offsets};

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

    fn small(&mut self, file: usize, n: &Spanned<u32>, what: &str, min: u32, max: u32) -> u8 {
        if n.value < min || n.value > max {
            self.err(
                file,
                n,
                format!("{what} is {}, but must be between {min} and {max}", n.value),
            );
        }
        n.value.clamp(min, max) as u8
    }

    /// Parses and compiles one card's effect; problems are reported at their
    /// place in cards.ron.
    fn effect(&mut self, card: &str, text: &Spanned<String>, names: &Names) -> Option<Program> {
        let file = &self.files[self.home(CARDS, text)];
        let lit = text.span_in(&file.text);
        let offsets = lit
            .as_ref()
            .and_then(|r| string_content_offsets(&file.text[r.clone()]));
        let at = |off: usize| -> std::ops::Range<usize> {
            match (&lit, &offsets) {
                (Some(r), Some(o)) => {
                    let i = o.get(off).or(o.last()).copied().unwrap_or(0);
                    r.start + i..r.start + i
                }
                (Some(r), None) => r.clone(),
                _ => 0..0,
            }
        };
        let span = |r: std::ops::Range<usize>| {
            let a = at(r.start);
            let b = at(r.end.max(r.start));
            a.start..b.start.max(a.start)
        };
        match crate::effects::parse(&text.value) {
            Err(e) => {
                let d = file.error_at(
                    span(e.span),
                    format!("in the effect of `{card}`: {}", e.message),
                );
                self.diags.push(d);
                None
            }
            Ok(ast) => match compile(&ast, names) {
                Ok(p) => Some(p),
                Err(problems) => {
                    for p in problems {
                        let mut d = file.error_at(
                            span(p.span),
                            format!("in the effect of `{card}`: {}", p.message),
                        );
                        if let Some(h) = p.hint {
                            d.hints.push(h);
                        }
                        self.diags.push(d);
                    }
                    None
                }
            },
        }
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

        // Card types.
        let mut kinds = Vec::new();
        for t in &cards.influence {
            let value = self.small(CARDS, &t.value, "an influence value", 0, 99);
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
        let kind_ids = self.ids(
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
        let mut influence_kinds: Vec<Kind> =
            (0..cards.influence.len()).map(|i| Kind(i as u8)).collect();
        influence_kinds.sort_by_key(|k| kinds[k.ix()].value);
        let action_kinds: Vec<Kind> = (cards.influence.len()..kinds.len())
            .map(|i| Kind(i as u8))
            .collect();

        // Factions and decks.
        if factions.factions.len() != 2 {
            let d = Diagnostic {
                file: self.files[FACTIONS].path.clone(),
                line: 1,
                col: 1,
                span: None,
                message: format!(
                    "Caesar & Cleopatra has two factions, this file defines {}",
                    factions.factions.len()
                ),
                hints: vec![],
            };
            self.diags.push(d);
            return None;
        }
        self.ids(FACTIONS, "faction", factions.factions.iter().map(|f| &f.id));
        let mut out_factions = Vec::new();
        for f in &factions.factions {
            let mut deck = [0u8; MAX_KINDS];
            let mut names = vec![String::new(); kinds.len()];
            for e in &f.cards {
                if let Some(k) = self.resolve(FACTIONS, &e.card, "card type", &kind_ids) {
                    if deck[k] != 0 {
                        self.err(
                            FACTIONS,
                            &e.card,
                            format!("\"{}\" is listed twice in {}'s deck", e.card.value, f.name),
                        );
                    }
                    deck[k] = self.small(FACTIONS, &e.count, "a card count", 0, 60);
                    names[k] = e.name.clone();
                }
            }
            let infl: u32 = influence_kinds.iter().map(|k| deck[k.ix()] as u32).sum();
            let act: u32 = action_kinds.iter().map(|k| deck[k.ix()] as u32).sum();
            if infl != f.influence_total.value {
                self.err(
                    FACTIONS,
                    &f.influence_total,
                    format!(
                        "{}'s influence cards add up to {infl}, but influence_total says {}",
                        f.name, f.influence_total.value
                    ),
                );
            }
            if act != f.action_total.value {
                self.err(
                    FACTIONS,
                    &f.action_total,
                    format!(
                        "{}'s action cards add up to {act}, but action_total says {}",
                        f.name, f.action_total.value
                    ),
                );
            }
            for (i, n) in names.iter_mut().enumerate() {
                if n.is_empty() {
                    *n = kinds[i].id.clone();
                }
            }
            out_factions.push(Faction {
                id: f.id.value.clone(),
                name: f.name.clone(),
                deck,
                card_names: names,
            });
        }
        let faction_ids: HashMap<String, usize> = out_factions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.id.clone(), i))
            .collect();

        // Patrician groups.
        let p = &forum.patricians;
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
        for g in &p.groups {
            let size = self.small(FORUM, &g.size, "a group size", 1, 30);
            groups.push(Group {
                id: g.id.value.clone(),
                name: g.name.clone(),
                size,
                majority: size / 2 + 1,
            });
        }
        let sum: u32 = p.groups.iter().map(|g| g.size.value).sum();
        if sum != p.total.value {
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
            self.err(
                FORUM,
                at,
                format!(
                    "the groups hold {sum} patricians ({}), but total says {}",
                    sizes.join(" + "),
                    p.total.value
                ),
            );
        }

        // Vote deck.
        let vd = &forum.vote_deck;
        self.ids(FORUM, "vote card", vd.cards.iter().map(|c| &c.id));
        let mut vote_cards = Vec::new();
        let mut voted = vec![false; groups.len()];
        for c in &vd.cards {
            let effect = match &c.effect.value {
                RawVoteEffect::Vote(g) => {
                    let gid = c.effect.with_value(g.clone());
                    match self.resolve(FORUM, &gid, "group", &group_ids) {
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
            let n = self.small(FORUM, &c.count, "a vote card count", 1, 8);
            for _ in 0..n {
                vote_cards.push(VoteCard {
                    id: c.id.value.clone(),
                    name: c.name.clone(),
                    effect,
                });
            }
        }
        let n: u32 = vd.cards.iter().map(|c| c.count.value).sum();
        if n != vd.total.value {
            self.err(
                FORUM,
                &vd.total,
                format!(
                    "the vote deck holds {n} cards, but total says {}",
                    vd.total.value
                ),
            );
        }
        if vote_cards.len() > MAX_VOTE_CARDS {
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

        // Missions.
        let m = &forum.missions;
        self.ids(FORUM, "mission card", m.cards.iter().map(|c| &c.id));
        let mut missions = Vec::new();
        for c in &m.cards {
            if let Some(g) = self.resolve(FORUM, &c.group, "group", &group_ids) {
                let at_least = self.small(FORUM, &c.at_least, "at_least", 1, 30);
                if at_least > groups[g].size {
                    self.err(
                        FORUM,
                        &c.at_least,
                        format!(
                            "the mission asks for {at_least} {}, but the group has only {}",
                            groups[g].name, groups[g].size
                        ),
                    );
                }
                for _ in 0..c.count.value {
                    missions.push(Mission {
                        id: c.id.value.clone(),
                        name: c.name.clone(),
                        group: g as u8,
                        at_least,
                    });
                }
            }
        }
        let n: u32 = m.cards.iter().map(|c| c.count.value).sum();
        if n != m.total.value {
            self.err(
                FORUM,
                &m.total,
                format!(
                    "the mission cards add up to {n}, but total says {}",
                    m.total.value
                ),
            );
        }
        let missions_per_player = self.small(FORUM, &m.per_player, "per_player", 0, 3);
        if missions_per_player as usize * 2 > missions.len() {
            self.err(
                FORUM,
                &m.per_player,
                format!(
                    "two players drawing {missions_per_player} each need {} mission cards, there are {}",
                    missions_per_player * 2,
                    missions.len()
                ),
            );
        }

        // Action card effects.
        let names = Names {
            kinds: &kinds
                .iter()
                .map(|k| (k.id.clone(), k.influence))
                .collect::<Vec<_>>(),
            groups: &groups.iter().map(|g| g.id.clone()).collect::<Vec<_>>(),
        };
        let mut programs = vec![None; kinds.len()];
        for (i, t) in cards.actions.iter().enumerate() {
            if let Some(text) = &t.effect {
                programs[cards.influence.len() + i] = self.effect(&t.id.value, text, &names);
            }
        }

        // Limits.
        let per_side = self.small(LIMITS, &limits.per_side, "per_side", 1, MAX_SIDE as u32);
        let per_group = self.small(
            LIMITS,
            &limits.per_group,
            "per_group",
            1,
            2 * MAX_SIDE as u32,
        );
        let hand_size = self.small(LIMITS, &limits.hand_size, "hand_size", 1, MAX_HAND as u32);
        let extra = self.small(
            LIMITS,
            &limits.extraordinary_vote_at,
            "extraordinary_vote_at",
            1,
            99,
        );
        if per_group > 2 * per_side {
            self.err(
                LIMITS,
                &limits.per_group,
                format!(
                    "per_group is {per_group}, but two sides of {per_side} can hold only {}",
                    2 * per_side
                ),
            );
        }
        if extra > per_group {
            self.err(
                LIMITS,
                &limits.extraordinary_vote_at,
                format!("an extraordinary vote at {extra} cards can never happen: a group holds at most {per_group}"),
            );
        }
        if limits.turn_cap.value == 0 {
            self.err(LIMITS, &limits.turn_cap, "turn_cap must be at least 1");
        }

        // Setup.
        let mut set_aside = [0u8; MAX_KINDS];
        for c in &setup.set_aside {
            if let Some(k) = self.resolve(SETUP, &c.card, "card type", &kind_ids) {
                if !kinds[k].influence {
                    self.err(
                        SETUP,
                        &c.card,
                        format!("\"{}\" is not an influence card", c.card.value),
                    );
                }
                set_aside[k] = self.small(SETUP, &c.count, "a count", 0, 60);
                for f in &out_factions {
                    if f.deck[k] < set_aside[k] {
                        self.err(
                            SETUP,
                            &c.count,
                            format!(
                                "{} sets aside {} \"{}\" but has only {} in the deck",
                                f.name, set_aside[k], c.card.value, f.deck[k]
                            ),
                        );
                    }
                }
            }
        }
        let placed = self.small(SETUP, &setup.placed_per_group, "placed_per_group", 0, 5);
        let aside: u32 = set_aside.iter().map(|&c| c as u32).sum();
        let placed_total = placed as u32 * groups.len() as u32;
        if aside < placed_total {
            self.err(
                SETUP,
                &setup.placed_per_group,
                format!("{placed} card(s) at each of {} groups needs {placed_total} set-aside cards, only {aside} are set aside", groups.len()),
            );
        } else if aside - placed_total > hand_size as u32
            // (an out-of-range hand size is reported already)
            && hand_size as u32 == limits.hand_size.value
        {
            self.err(
                SETUP,
                &setup.placed_per_group,
                format!(
                    "the starting hand would hold {} cards ({aside} set aside - {placed_total} placed), more than hand_size {hand_size}",
                    aside - placed_total
                ),
            );
        }
        if placed > per_side {
            self.err(
                SETUP,
                &setup.placed_per_group,
                format!("placing {placed} per group breaks per_side {per_side}"),
            );
        }
        for (i, f) in out_factions.iter().enumerate() {
            let reserve: u32 = influence_kinds
                .iter()
                .map(|k| (f.deck[k.ix()] - set_aside[k.ix()].min(f.deck[k.ix()])) as u32)
                .sum();
            let actions: u32 = action_kinds.iter().map(|k| f.deck[k.ix()] as u32).sum();
            if reserve as usize > MAX_RESERVE || actions as usize > MAX_RESERVE {
                let at = &factions.factions[i].influence_total;
                self.err(
                    FACTIONS,
                    at,
                    format!("a reserve of more than {MAX_RESERVE} cards is not supported"),
                );
            }
        }
        let first_player = self
            .resolve(SETUP, &setup.first_player, "faction", &faction_ids)
            .unwrap_or(0);

        // Turn rules.
        let mut placements = Vec::new();
        for pl in &turn.placements {
            if pl.value.cards == 0 || pl.value.cards > 2 {
                self.err(TURN, pl, "a placement pattern places 1 or 2 cards");
            } else {
                placements.push(pl.value);
            }
        }
        if placements.is_empty() {
            let d = Diagnostic {
                file: self.files[TURN].path.clone(),
                line: 1,
                col: 1,
                span: None,
                message: "placements is empty: an active player could never place influence".into(),
                hints: vec![],
            };
            self.diags.push(d);
        }

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
        let mut influence_ranks = [0x80; MAX_KINDS];
        for (r, k) in influence_kinds.iter().enumerate().take(MAX_KINDS) {
            influence_ranks[r] = k.0;
        }
        let discard_kinds: Vec<Kind> = influence_kinds
            .iter()
            .copied()
            .filter(|k| !kinds[k.ix()].inverts_vote)
            .collect();
        let discard_mask = discard_kinds.iter().fold(0, |m, k| m | 1 << k.ix());
        let discard_in_index_order = discard_kinds.windows(2).all(|w| w[0].ix() < w[1].ix());
        let inverter_kinds = influence_kinds
            .iter()
            .copied()
            .filter(|k| kinds[k.ix()].inverts_vote)
            .collect();
        let (mut group_size, mut group_majority) = ([0xFF; MAX_GROUPS], [0xFF; MAX_GROUPS]);
        for (g, gd) in groups.iter().enumerate().take(MAX_GROUPS) {
            group_size[g] = gd.size;
            group_majority[g] = gd.majority;
        }
        let [f0, f1]: [Faction; 2] = out_factions.try_into().ok()?;
        let deck_kinds = [&f0, &f1].map(|f| {
            f.deck
                .iter()
                .enumerate()
                .fold(0, |m, (i, &n)| m | u16::from(n > 0) << i)
        });
        let play_tests: [PlayTest; MAX_KINDS] = std::array::from_fn(|k| {
            programs
                .get(k)
                .and_then(Option::as_ref)
                .map_or_else(PlayTest::default, |p| p.playable.test())
        });
        let mut rules = Rules {
            deals: Default::default(),
            name: game.name,
            source: game.source,
            kinds,
            influence_kinds,
            influence_ranks,
            action_kinds,
            factions: [f0, f1],
            groups,
            vote_cards,
            missions,
            missions_per_player,
            setup: Setup {
                set_aside,
                placed_per_group: placed,
                action_reserve: setup.action_reserve,
                first_player,
                orgies_removed_before_game: setup.orgies_removed_before_game.min(8) as u8,
            },
            limits: Limits {
                per_side,
                per_group,
                hand_size,
                extraordinary_vote_at: extra,
                turn_cap: limits.turn_cap.value.max(1),
            },
            turn: TurnRules {
                pattern_sizes: [Face::Down, Face::Up].map(|face| {
                    placements
                        .iter()
                        .filter(|pl| pl.face == face && pl.cards < 32)
                        .fold(0, |m, pl| m | 1 << pl.cards)
                }),
                placements,
                action_timing: turn.action_timing,
                actions_per_turn: turn.actions_per_turn.min(9) as u8,
                extraordinary_vote: turn.extraordinary_vote,
                exhausted_vote_card: turn.exhausted_vote_card,
                reshuffle: turn.reshuffle,
                lone_philosopher: turn.lone_philosopher,
                lone_player: turn.lone_player,
                extraordinary_tie: turn.extraordinary_tie,
                action_without_placement: turn.action_without_placement,
                orgy_removal: turn.orgy_removal.then_some(turn.orgy_removal_timing),
            },
            scoring: Scoring {
                per_patrician: scoring.per_patrician,
                majority_bonus: scoring.majority_bonus,
                whole_group_bonus: scoring.whole_group_bonus,
                mission_bonus: scoring.mission_bonus,
                tie_break: scoring.tie_break,
            },
            reactions_to: std::array::from_fn(|played| {
                programs.iter().enumerate().fold(0, |m, (i, p)| {
                    let opens = p
                        .as_ref()
                        .and_then(|p| p.trigger.as_ref())
                        .is_some_and(|t| !t.except.iter().any(|k| k.ix() == played));
                    m | u16::from(opens) << i
                })
            }),
            deck_kinds,
            play_masks: PlayMasks::of(&play_tests),
            play_tests,
            own_turn_actions: programs.iter().enumerate().fold(0, |m, (i, p)| {
                m | u16::from(p.as_ref().is_some_and(|p| p.trigger.is_none())) << i
            }),
            ops: programs
                .iter()
                .flatten()
                .flat_map(|p| p.ops.iter().cloned())
                .collect(),
            op_range: {
                let mut r = [(0, 0); MAX_KINDS];
                let mut at = 0;
                for (k, p) in programs.iter().enumerate().take(MAX_KINDS) {
                    let n = p.as_ref().map_or(0, |p| p.ops.len()) as u16;
                    r[k] = (at, at + n);
                    at += n;
                }
                r
            },
            programs,
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
        Some(rules)
    }
}
