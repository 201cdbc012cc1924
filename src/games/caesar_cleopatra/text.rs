//! Moves, events and views as a person reads them (English names from the
//! rule files).

use std::fmt::Write;

use super::events::{EndReason, Event, VoteOutcome};
use super::model::{Face, Group, Kind, Mission, Rules};
use super::moves::{Move, Reserve, Target};
use super::state::{Phase, State, Zones};

fn face_word(f: Face) -> &'static str {
    match f {
        Face::Down => "face down",
        Face::Up => "face up",
    }
}

/// A move of `player`, in words.
pub fn move_text(r: &Rules, player: usize, m: Move) -> String {
    let name = |k| r.card_name(player, k);
    match m {
        Move::ArrangeAction(k) => format!("put {} next in the action reserve", name(k)),
        Move::SetupPlace(k) => format!("set up {} ({})", name(k), r.kind(k).value),
        Move::Pass => "stay passive".into(),
        Move::Place { kind, group, face } => format!(
            "place {} ({}) {} at the {}",
            name(kind),
            value_label(r, kind),
            face_word(face),
            r.groups[group as usize].name
        ),
        Move::EndPlacement => "place no more cards".into(),
        Move::PlayAction(k) => format!("play {}", name(k)),
        Move::Discard(k) => format!("discard {}", name(k)),
        Move::EndDiscard => "stop discarding".into(),
        Move::Draw(Reserve::Influence) => "draw from the influence reserve".into(),
        Move::Draw(Reserve::Action) => "draw from the action reserve".into(),
        Move::DrawVote => "turn up the vote card".into(),
        Move::Choose(t) => format!("choose {}", target_text(r, t)),
        Move::Decline => "decline".into(),
    }
}

/// An effect's target in words.
pub fn target_text(r: &Rules, t: Target) -> String {
    match t {
        Target::Group(g) => format!("the {}", r.groups[g as usize].name),
        Target::TableCard {
            owner,
            group,
            kind,
            face,
        } => format!(
            "{}'s {} ({}, {}) at the {}",
            r.factions[owner as usize].name,
            r.card_name(owner as usize, kind),
            value_label(r, kind),
            face_word(face),
            r.groups[group as usize].name
        ),
        Target::HandCard { owner, kind } => format!(
            "{} from {}'s hand",
            r.card_name(owner as usize, kind),
            r.factions[owner as usize].name
        ),
    }
}

fn value_label(r: &Rules, k: super::model::Kind) -> String {
    let c = r.kind(k);
    if c.inverts_vote {
        "P".into()
    } else {
        c.value.to_string()
    }
}

/// An event in words, as `viewer` may see it (None: public).
pub fn event_text(r: &Rules, e: &Event, viewer: Option<usize>) -> String {
    let n = Narrator {
        r,
        show: e.kind_visible_to(viewer),
    };
    match *e {
        Event::MissionDealt { player, mission } => n.mission_dealt(player, mission),
        Event::ActionReserveArranged { player } => {
            format!("{} orders the action reserve.", n.who(player))
        }
        Event::SetupPlaced {
            player,
            group,
            kind,
        } => n.card_at(player, "sets up", kind, "face down at", group),
        Event::TurnBegan { turn, player } => format!("Turn {turn}: {}.", n.who(player)),
        Event::WentPassive { player } => format!("{} stays passive.", n.who(player)),
        Event::Placed {
            player,
            group,
            kind,
            face,
        } => n.placed(player, kind, face, group),
        Event::Discarded { player, kind } => {
            format!("{} discards {}.", n.who(player), n.card(player, kind))
        }
        Event::Drew {
            player,
            reserve,
            kind,
        } => n.drew(player, reserve, kind),
        Event::VoteCardDrawn { card } => format!("Vote card: {}.", n.vote_card(card)),
        Event::VoteCardRemoved { card } => format!(
            "{} names an exhausted group and leaves the game.",
            n.vote_card(card)
        ),
        Event::VoteDeckShuffled => "The vote cards are shuffled.".into(),
        Event::OrgyRemoved { card } => {
            format!("{} goes back to the box (orgy variant).", n.vote_card(card))
        }
        Event::Vote {
            group,
            extraordinary,
            totals,
            outcome,
        } => n.vote(group, extraordinary, totals, outcome),
        Event::Revealed {
            player,
            group,
            kind,
        } => n.card_at(player, "reveals", kind, "at", group),
        Event::InfluenceLost {
            player,
            group,
            kind,
        } => n.card_at(player, "discards", kind, "from", group),
        Event::PatricianWon { player, group } => n.patrician_won(player, group),
        Event::GroupExhausted { group } => format!(
            "The {} are all won: the influence cards there are discarded.",
            n.group(group)
        ),
        Event::LonePlayer { player } => format!(
            "{} has no influence cards left; {} plays on alone.",
            n.who(1 - player),
            n.who(player)
        ),
        Event::ActionPlayed {
            player,
            kind,
            reaction,
        } => n.action_played(player, kind, reaction),
        Event::ActionResolved {
            player,
            kind,
            fizzled,
        } => n.action_resolved(player, kind, fizzled),
        Event::ActionCancelled { player, kind } => {
            format!("{} is cancelled.", n.action(player, kind))
        }
        Event::Looked {
            player,
            owner,
            ref cards,
        } => n.looked(player, owner, cards),
        Event::CardRemoved {
            player,
            group,
            kind,
        } => n.card_removed(player, group, kind),
        Event::Taken {
            player,
            group,
            kind,
            ..
        } => n.card_at(player, "takes back", kind, "from", group),
        Event::GameOver { reason, scores } => n.game_over(reason, scores),
    }
}

/// What the words of one event need: the rules, and whether its viewer may
/// see the cards it names.
struct Narrator<'a> {
    r: &'a Rules,
    show: bool,
}

impl Narrator<'_> {
    /// A faction's name.
    fn who(&self, p: u8) -> &str {
        self.r.factions[p as usize].name.as_str()
    }

    /// A group's name.
    fn group(&self, g: u8) -> &str {
        &self.r.groups[g as usize].name
    }

    /// A vote card's name.
    fn vote_card(&self, c: u8) -> &str {
        &self.r.vote_cards[c as usize].name
    }

    /// An action card's name in its owner's faction (always shown).
    fn action(&self, p: u8, k: Kind) -> &str {
        self.r.card_name(p as usize, k)
    }

    /// A card of `p` as the viewer may see it: its name (with the value of
    /// an influence card), or "a card" when hidden.
    fn card(&self, p: u8, k: Kind) -> String {
        let r = self.r;
        if self.show && !r.is_influence(k) {
            r.card_name(p as usize, k).to_string()
        } else if self.show {
            format!("{} ({})", r.card_name(p as usize, k), value_label(r, k))
        } else {
            "a card".to_string()
        }
    }

    /// "`player` `verb` `card` `place` the `group`.": a card put on, shown
    /// at or taken from a group.
    fn card_at(&self, player: u8, verb: &str, kind: Kind, place: &str, group: u8) -> String {
        format!(
            "{} {verb} {} {place} the {}.",
            self.who(player),
            self.card(player, kind),
            self.group(group)
        )
    }

    /// A card placed at a group, face up or down.
    fn placed(&self, player: u8, kind: Kind, face: Face, group: u8) -> String {
        self.card_at(
            player,
            "places",
            kind,
            &format!("{} at", face_word(face)),
            group,
        )
    }

    /// A patrician won at a group.
    fn patrician_won(&self, player: u8, group: u8) -> String {
        format!(
            "{} takes a patrician of the {}.",
            self.who(player),
            self.group(group)
        )
    }

    /// A mission card dealt: named only to its owner.
    fn mission_dealt(&self, player: u8, mission: u8) -> String {
        if self.show {
            format!(
                "{} draws the mission card {}.",
                self.who(player),
                self.r.missions[mission as usize].name
            )
        } else {
            format!("{} draws a mission card.", self.who(player))
        }
    }

    /// A card drawn from a reserve: named only to the drawer.
    fn drew(&self, player: u8, reserve: Reserve, kind: Kind) -> String {
        let from = match reserve {
            Reserve::Influence => "the influence reserve",
            Reserve::Action => "the action reserve",
        };
        if self.show {
            format!(
                "{} draws {} from {from}.",
                self.who(player),
                self.card(player, kind)
            )
        } else {
            format!("{} draws a card from {from}.", self.who(player))
        }
    }

    /// A vote at a group: both totals and what came of it.
    fn vote(
        &self,
        group: u8,
        extraordinary: bool,
        totals: [u32; 2],
        outcome: VoteOutcome,
    ) -> String {
        let kind = if extraordinary {
            "Extraordinary vote"
        } else {
            "Vote"
        };
        let res = match outcome {
            VoteOutcome::Tie => "a tie: nothing moves".to_string(),
            VoteOutcome::Postponed => "a lone Philosopher: the decision is postponed".to_string(),
            VoteOutcome::Won { winner, inverted } => format!(
                "{} wins{}",
                self.who(winner),
                if inverted {
                    " (the Philosopher inverts the vote)"
                } else {
                    ""
                }
            ),
        };
        format!(
            "{kind} at the {}: {} {}, {} {}; {res}.",
            self.group(group),
            self.who(0),
            totals[0],
            self.who(1),
            totals[1]
        )
    }

    /// An action card played, on a turn or in answer to another.
    fn action_played(&self, player: u8, kind: Kind, reaction: bool) -> String {
        format!(
            "{} plays {}{}.",
            self.who(player),
            self.action(player, kind),
            if reaction { " in answer" } else { "" }
        )
    }

    /// An action card resolved, or without a target.
    fn action_resolved(&self, player: u8, kind: Kind, fizzled: bool) -> String {
        if fizzled {
            format!(
                "{} has no target: it has no effect.",
                self.action(player, kind)
            )
        } else {
            format!("{} is resolved.", self.action(player, kind))
        }
    }

    /// A look at a hand: its cards named only to the two players.
    fn looked(&self, player: u8, owner: u8, cards: &[Kind]) -> String {
        if self.show {
            let names: Vec<String> = cards.iter().map(|&k| self.card(owner, k)).collect();
            format!(
                "{} looks at {}'s hand: {}.",
                self.who(player),
                self.who(owner),
                names.join(", ")
            )
        } else {
            format!("{} looks at {}'s hand.", self.who(player), self.who(owner))
        }
    }

    /// A card out of the game, from a group or from a hand.
    fn card_removed(&self, player: u8, group: Option<u8>, kind: Kind) -> String {
        match group {
            Some(g) => format!(
                "{}'s {} at the {} leaves the game.",
                self.who(player),
                self.card(player, kind),
                self.group(g)
            ),
            None => format!(
                "{}'s {} leaves the game.",
                self.who(player),
                self.card(player, kind)
            ),
        }
    }

    /// The end of the game: why, and the scores.
    fn game_over(&self, reason: EndReason, scores: [i32; 2]) -> String {
        format!(
            "Game over ({}): {} {}, {} {}.",
            reason.label().replace('_', " "),
            self.who(0),
            scores[0],
            self.who(1),
            scores[1]
        )
    }
}

/// The table as `viewer` sees it: his own face-down cards, only the number
/// of the opponent's; his own hand and mission; the sizes of the reserves.
pub fn view_text(s: &State, viewer: usize) -> String {
    let mut o = String::new();
    view_heading(&mut o, s, viewer);
    for g in 0..s.rules().groups.len() {
        let gd = &s.rules().groups[g];
        let cols = [0, 1].map(|p| view_side(s, g, p, viewer));
        let _ = writeln!(
            o,
            "{:<10} {:>5}  {:<24} {:<24}",
            gd.name,
            left_text(s, g),
            cols[0],
            cols[1]
        );
    }
    view_own_cards(&mut o, s, viewer);
    for p in 0..2 {
        view_player_line(&mut o, s, p, viewer);
    }
    let _ = write!(o, "Vote deck: {} cards; discarded: ", s.vote_pile_len());
    let _ = writeln!(
        o,
        "{}",
        list_or(&vote_names(s.rules(), s.vote_discard()), "none")
    );
    o
}

/// The first lines of a player's view: the turn, who acts, and the heading
/// of the groups' table.
fn view_heading(o: &mut String, s: &State, viewer: usize) {
    let r = s.rules();
    let me = &r.factions[viewer].name;
    let phase = match s.phase() {
        Phase::GameOver => "game over".to_string(),
        ph => format!("{} to act ({ph:?})", r.factions[s.seat()].name),
    };
    let _ = writeln!(o, "Turn {} - {phase} - view of {me}", s.turn_number() + 1);
    let _ = writeln!(
        o,
        "{:<10} {:>5}  {:<24} {:<24}",
        "group", "left", r.factions[0].name, r.factions[1].name
    );
}

/// One side of a group as `viewer` sees it: face-up values, then face-down
/// ones in brackets (`[?]` for the opponent's); `-` when empty.
fn view_side(s: &State, g: usize, p: usize, viewer: usize) -> String {
    let r = s.rules();
    let gs = s.group(g);
    let mut parts = Vec::new();
    for &k in &r.influence_kinds {
        for _ in 0..gs.cards[p][1][k.ix()] {
            parts.push(value_label(r, k));
        }
    }
    for &k in &r.influence_kinds {
        for _ in 0..gs.cards[p][0][k.ix()] {
            parts.push(if p == viewer {
                format!("[{}]", value_label(r, k))
            } else {
                "[?]".into()
            });
        }
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// Patricians left in a group over its size, or "won" when none is left.
fn left_text(s: &State, g: usize) -> String {
    let gs = s.group(g);
    if gs.exhausted() {
        "won".to_string()
    } else {
        format!("{}/{}", gs.left, s.rules().groups[g].size)
    }
}

/// The viewer's own hand and mission.
fn view_own_cards(o: &mut String, s: &State, viewer: usize) {
    let r = s.rules();
    let z = s.zones(viewer);
    let mut hand = Vec::new();
    for k in 0..r.kinds.len() {
        for _ in 0..z.hand[k] {
            hand.push(r.card_name(viewer, super::model::Kind(k as u8)).to_string());
        }
    }
    let _ = writeln!(o, "Your hand: {}", list_or(&hand, "(empty)"));
    let _ = writeln!(o, "Your mission: {}", mission_names(r, z).join(", "));
}

/// Player `p`'s public line in `viewer`'s view: hand and reserve sizes,
/// patricians won, and the score (without the opponent's secret mission).
fn view_player_line(o: &mut String, s: &State, p: usize, viewer: usize) {
    let r = s.rules();
    let zp = s.zones(p);
    // The opponent's missions are secret until the end: his score is
    // shown without them.
    let score = if p == viewer || s.phase() == Phase::GameOver {
        format!("score now {}", s.score()[p])
    } else {
        format!(
            "score now {} without the secret mission",
            s.public_points(p)
        )
    };
    let _ = writeln!(
        o,
        "{}: hand {}, reserves {} influence + {} action, won: {} ({score})",
        r.factions[p].name,
        zp.hand_len,
        zp.influence_reserve.len(),
        zp.action_reserve.len(),
        list_or(&won_groups(r, zp), "none"),
    );
}

/// The patricians a player has won, group by group: `"2 Senators"`.
fn won_groups(r: &Rules, z: &Zones) -> Vec<String> {
    r.groups
        .iter()
        .enumerate()
        .filter(|(g, _)| z.won[*g] > 0)
        .map(|(g, gd)| format!("{} {}", z.won[g], gd.name))
        .collect()
}

/// The names of a player's mission cards.
fn mission_names(r: &Rules, z: &Zones) -> Vec<String> {
    z.missions
        .iter()
        .map(|&m| r.missions[m as usize].name.clone())
        .collect()
}

/// The names of vote cards.
fn vote_names(r: &Rules, cards: &[u8]) -> Vec<String> {
    cards
        .iter()
        .map(|&c| r.vote_cards[c as usize].name.clone())
        .collect()
}

// ----- Omniscient renderings (scenario reports, tests) ----------------------

/// A card as written in positions and scenarios: `"3"`, `"P"`, an action
/// card's type id; `"[3]"` when it lies face down.
pub fn card_notation(r: &Rules, k: super::model::Kind, face: Face) -> String {
    let c = r.kind(k);
    let t = if !c.influence {
        c.id.clone()
    } else {
        value_label(r, k)
    };
    match face {
        Face::Down => format!("[{t}]"),
        Face::Up => t,
    }
}

/// The player an event is about, whose eyes show every card it names.
fn event_player(e: &Event) -> Option<usize> {
    let p = match *e {
        Event::MissionDealt { player, .. }
        | Event::SetupPlaced { player, .. }
        | Event::Placed { player, .. }
        | Event::Drew { player, .. }
        | Event::Looked { player, .. }
        | Event::Taken { player, .. } => player,
        _ => return None,
    };
    Some(p as usize)
}

/// An event in words with every card named, face-down ones included (for
/// scenario reports: a reader checks the numbers against the rulebook).
pub fn event_text_all(r: &Rules, e: &Event) -> String {
    event_text(r, e, event_player(e))
}

/// A phase in words.
pub fn phase_words(ph: Phase) -> &'static str {
    match ph {
        Phase::ArrangeActions => "ordering the action reserve",
        Phase::SetupPlace => "setting up",
        Phase::TurnStart => "start of the turn",
        Phase::Placing => "placing influence",
        Phase::Refill => "refilling the hand",
        Phase::PassiveDiscard => "passive turn, discarding",
        Phase::BeforeVote => "before the vote card",
        Phase::LonePlaceAll => "placing all influence, alone",
        Phase::Effect => "resolving an action card",
        Phase::GameOver => "game over",
    }
}

/// One side of a group: face-up cards, then face-down ones in brackets.
pub fn side_notation(s: &State, g: usize, p: usize) -> Vec<String> {
    let r = s.rules();
    let gs = s.group(g);
    let mut out = Vec::new();
    for face in [Face::Up, Face::Down] {
        let f = super::state::face_ix(face);
        for &k in &r.influence_kinds {
            for _ in 0..gs.cards[p][f][k.ix()] {
                out.push(card_notation(r, k, face));
            }
        }
    }
    out
}

fn counts_notation(r: &Rules, counts: &super::model::Counts) -> Vec<String> {
    let mut out = Vec::new();
    for (k, &n) in counts.iter().enumerate().take(r.kinds.len()) {
        for _ in 0..n {
            out.push(card_notation(r, super::model::Kind(k as u8), Face::Up));
        }
    }
    out
}

fn list_or(items: &[String], empty: &str) -> String {
    if items.is_empty() {
        empty.to_string()
    } else {
        items.join(", ")
    }
}

/// The whole table with every card shown (face-down cards in brackets,
/// hands, the top of the reserves, the vote deck in order): not what a
/// player sees, but what a reader of a scenario checks.
pub fn table_text(s: &State) -> String {
    let r = s.rules();
    let mut o = String::new();
    let _ = writeln!(o, "{}", table_heading(s));
    let _ = writeln!(
        o,
        "{:<10} {:>5}  {:<22} {}",
        "group", "left", r.factions[0].name, r.factions[1].name
    );
    for g in 0..r.groups.len() {
        let _ = writeln!(o, "{}", table_group_row(s, g));
    }
    for p in 0..2 {
        table_player(&mut o, s, p);
    }
    let pile: Vec<u8> = s.vote_pile.iter().rev().copied().collect();
    let _ = writeln!(
        o,
        "Vote deck (top first): {}",
        list_or(&vote_names(r, &pile), "empty")
    );
    let _ = writeln!(
        o,
        "Vote cards turned up: {}; out of the game: {}",
        list_or(&vote_names(r, s.vote_discard()), "none"),
        list_or(&vote_names(r, s.vote_removed()), "none")
    );
    if let Some(l) = s.lone_player() {
        let _ = writeln!(o, "{} plays on alone.", r.factions[l].name);
    }
    o
}

/// The table's first line: the turn, whose turn and who acts, and the
/// phase; or why the game is over.
fn table_heading(s: &State) -> String {
    let r = s.rules();
    let seat = &r.factions[s.seat()].name;
    match s.phase() {
        Phase::GameOver => {
            let why = s
                .end_reason_of()
                .map_or("over".to_string(), |e| e.label().replace('_', " "));
            format!("Game over ({why}).")
        }
        ph => {
            let actor = s.actor();
            let who = if actor == s.seat() {
                format!("{seat} to act")
            } else {
                format!("{seat}'s turn, {} to answer", r.factions[actor].name)
            };
            format!("Turn {}: {who} ({}).", s.turn_number() + 1, phase_words(ph))
        }
    }
}

/// One group's row with every card shown, and whether a tied
/// extraordinary vote froze it.
fn table_group_row(s: &State, g: usize) -> String {
    let gd = &s.rules().groups[g];
    let cols = [0, 1].map(|p| {
        let v = side_notation(s, g, p);
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    });
    let frozen = if s.group(g).frozen {
        "   (tied extraordinary vote: no influence may be added)"
    } else {
        ""
    };
    let line = format!(
        "{:<10} {:>5}  {:<22} {}{frozen}",
        gd.name,
        left_text(s, g),
        cols[0],
        cols[1]
    );
    line.trim_end().to_string()
}

/// Player `p`'s cards off the table: hand, reserves, discard pile, cards
/// out of the game, patricians won and mission.
fn table_player(o: &mut String, s: &State, p: usize) {
    let r = s.rules();
    let z = s.zones(p);
    let discard: u32 = z.discard.iter().map(|&n| n as u32).sum();
    let _ = writeln!(o, "{}:", r.factions[p].name);
    let _ = writeln!(o, "  hand: {}", list_or(&hand_labels(s, p), "(empty)"));
    let _ = writeln!(
        o,
        "  reserves: influence {}; action {}",
        pile_top(r, &z.influence_reserve),
        pile_top(r, &z.action_reserve)
    );
    let removed = counts_notation(r, &z.removed);
    let _ = writeln!(
        o,
        "  discard pile: {discard} card{}{}",
        if discard == 1 { "" } else { "s" },
        if removed.is_empty() {
            String::new()
        } else {
            format!("; out of the game: {}", removed.join(", "))
        }
    );
    let _ = writeln!(
        o,
        "  won: {}; mission: {}",
        list_or(&won_groups(r, z), "none"),
        list_or(&mission_names(r, z), "none")
    );
}

/// Player `p`'s hand, kind by kind: influence cards by value, action
/// cards by name.
fn hand_labels(s: &State, p: usize) -> Vec<String> {
    let r = s.rules();
    let z = s.zones(p);
    (0..r.kinds.len())
        .flat_map(|k| {
            let kind = super::model::Kind(k as u8);
            let label = if r.is_influence(kind) {
                value_label(r, kind)
            } else {
                r.card_name(p, kind).to_string()
            };
            std::iter::repeat_n(label, z.hand[k] as usize)
        })
        .collect()
}

/// A reserve's size and its top five cards, top first: `"0"` when empty.
fn pile_top(r: &Rules, pile: &[super::model::Kind]) -> String {
    if pile.is_empty() {
        return "0".into();
    }
    let shown: Vec<String> = pile
        .iter()
        .rev()
        .take(5)
        .map(|&k| card_notation(r, k, Face::Up))
        .collect();
    let more = if pile.len() > 5 { ", ..." } else { "" };
    format!("{} (top first: {}{more})", pile.len(), shown.join(", "))
}

/// Each player's points, item by item as the rulebook counts them, and the
/// result (the winner, or the leader while the game goes on).
pub fn score_text(s: &State) -> String {
    let r = s.rules();
    let mut o = String::new();
    let score = s.score();
    for p in 0..2 {
        let (lines, sum) = score_items(s, p);
        let check = if sum == score[p] {
            String::new()
        } else {
            format!(" (the items above add up to {sum})")
        };
        let pl = |n: u32| if n == 1 { "" } else { "s" };
        let _ = writeln!(
            o,
            "{}: {} point{}, {} patrician{}{check}",
            r.factions[p].name,
            score[p],
            pl(score[p]),
            s.patricians_won(p),
            pl(s.patricians_won(p))
        );
        for l in lines {
            let _ = writeln!(o, "{l}");
        }
    }
    let over = s.phase() == Phase::GameOver;
    let _ = writeln!(
        o,
        "{}{}",
        if over {
            "Result: "
        } else {
            "The game goes on. "
        },
        result_line(s)
    );
    o
}

/// Player `p`'s score items, one line each (the patricians of each group
/// with their bonuses, then each mission), and the points they add up to.
fn score_items(s: &State, p: usize) -> (Vec<String>, u32) {
    let r = s.rules();
    let z = s.zones(p);
    let mut lines = Vec::new();
    let mut sum = 0;
    for (g, gd) in r.groups.iter().enumerate() {
        let won = z.won[g] as u32;
        if won == 0 {
            continue;
        }
        let (line, t) = group_item(r, gd, won);
        sum += t;
        lines.push(line);
    }
    for &m in &z.missions {
        let (line, t) = mission_item(s, p, &r.missions[m as usize]);
        sum += t;
        lines.push(line);
    }
    (lines, sum)
}

/// The score item of `won` patricians of a group: so much a patrician, and
/// the majority and whole-group bonuses; with its points.
fn group_item(r: &Rules, gd: &Group, won: u32) -> (String, u32) {
    let sc = &r.scoring;
    let mut parts = vec![format!(
        "{won} patrician{} +{}",
        if won == 1 { "" } else { "s" },
        won * sc.per_patrician
    )];
    let mut t = won * sc.per_patrician;
    if won >= gd.majority as u32 {
        parts.push(format!("majority +{}", sc.majority_bonus));
        t += sc.majority_bonus;
    }
    if won == gd.size as u32 {
        parts.push(format!("whole group +{}", sc.whole_group_bonus));
        t += sc.whole_group_bonus;
    }
    (format!("  {}: {} = {t}", gd.name, parts.join(", ")), t)
}

/// The score item of player `p`'s mission `m`: fulfilled (with its bonus),
/// not yet, or failed at the end; with its points.
fn mission_item(s: &State, p: usize, m: &Mission) -> (String, u32) {
    let r = s.rules();
    let has = s.zones(p).won[m.group as usize];
    let gname = &r.groups[m.group as usize].name;
    if has >= m.at_least {
        let bonus = r.scoring.mission_bonus;
        let line = format!(
            "  mission {} (at least {} {gname}): {has} won, fulfilled +{bonus}",
            m.name, m.at_least
        );
        (line, bonus)
    } else {
        let line = format!(
            "  mission {} (at least {} {gname}): {has} won, {} +0",
            m.name,
            m.at_least,
            if s.phase() == Phase::GameOver {
                "failed"
            } else {
                "not fulfilled"
            }
        );
        (line, 0)
    }
}

/// Who wins (or leads while the game goes on), and by what: points, the
/// tie-break on patricians, or neither.
fn result_line(s: &State) -> String {
    let r = s.rules();
    let score = s.score();
    let name = |p: usize| r.factions[p].name.as_str();
    let over = s.phase() == Phase::GameOver;
    let verb = if over { "wins" } else { "leads" };
    match s.leader() {
        Some(p) if score[0] != score[1] => {
            format!("{} {verb}, {} to {}.", name(p), score[p], score[1 - p])
        }
        Some(p) => format!(
            "Equal on points ({} each): {} {verb} on the tie-break, {} patricians to {}.",
            score[0],
            name(p),
            s.patricians_won(p),
            s.patricians_won(1 - p)
        ),
        None if score[0] == score[1] && s.patricians_won(0) != s.patricians_won(1) => {
            format!(
                "Equal on points ({} each); the rules give no tie-break: {}.",
                score[0],
                if over { "a draw" } else { "level" }
            )
        }
        None => format!(
            "Equal on points ({} each) and on patricians ({} each): {}.",
            score[0],
            s.patricians_won(0),
            if over { "a draw" } else { "level" }
        ),
    }
}
