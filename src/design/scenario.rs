//! What every game's scenario runner shares (`ludus scenario run`;
//! docs/scenarios.md): the rules a scenario
//! names, loaded with each problem at its entry of the file; its
//! expectations, checked one field at a time with each mismatch at its
//! line; a run whose expectations fail given as its report, then each
//! mismatch in file order; the JSON form; the files of a folder of
//! scenarios; and, for a game whose scenarios type their moves as at
//! `ludus play`, those moves played and the moves offered, in words. A game's runner keeps what is its own: its file's fields,
//! its position, its moves, its board in words and what its expectations
//! mean.
//!
//! **Architecture invariant:** nothing here names a game, a card or a
//! notion of one.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Designer;
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::{Actor, GameState, Selection};
use crate::load::{GameDir, SourceFile, Spanned, nearest};
use crate::play::i18n::Lang;
use crate::play::input::{Command, parse_numbered};
use crate::play::{MoveOf, Playable};
use crate::soak::Soaked;

/// The rules a scenario file names, each entry where it is written.
#[derive(Default)]
pub struct RulesNamed<'a> {
    pub variant: Option<&'a Spanned<String>>,
    pub addons: &'a [Spanned<String>],
    /// `key=value` settings, as `--set` takes them.
    pub sets: &'a [Spanned<String>],
    /// The name of their field in the file, for messages.
    pub sets_field: &'static str,
    pub players: Option<usize>,
}

/// Loads the rules a scenario names. An unknown variant or add-on is an
/// error at its entry, with the nearest id and the list; a problem of a
/// setting is reported at its entry of `sets`.
pub fn load_rules<G: Designer>(
    file: &SourceFile,
    dir: &GameDir,
    named: &RulesNamed,
) -> Result<Arc<G::Rules>, Diagnostics> {
    let ids =
        (named.variant.iter().map(|v| (*v, false))).chain(named.addons.iter().map(|a| (a, true)));
    if let Some(known) = (named.variant.is_some() || !named.addons.is_empty())
        .then(|| G::variants(dir).ok())
        .flatten()
    {
        let mut diags = Diagnostics::default();
        for (id, addon) in ids {
            let what = if addon { "add-on" } else { "variant" };
            let ids: Vec<&str> = (known.iter())
                .filter(|v| v.addon == addon)
                .map(|v| v.id.as_str())
                .collect();
            if !ids.contains(&id.value.as_str()) {
                let mut d = file.error(id, format!("unknown {what} \"{}\"", id.value));
                if let Some(n) = nearest(&id.value, ids.iter().copied()) {
                    d.hints.push(format!("did you mean \"{n}\"?"));
                }
                d.hints.push(format!("{what}s: {}", ids.join(", ")));
                diags.push(d);
            }
        }
        if !diags.is_empty() {
            return Err(diags);
        }
    }
    let sel = Selection {
        variant: named.variant.map(|v| v.value.clone()),
        addons: named.addons.iter().map(|a| a.value.clone()).collect(),
        sets: named.sets.iter().map(|a| a.value.clone()).collect(),
        players: named.players,
        ..Selection::default()
    };
    G::load(dir, &sel).map(|l| l.rules).map_err(|ds| {
        Diagnostics(
            ds.0.into_iter()
                .map(|d| at_set_entry(file, named, d))
                .collect(),
        )
    })
}

/// A problem of a `--set` setting (reported under the file name `--set`
/// or `--set KEY`) moved to the scenario's entry of that setting.
fn at_set_entry(file: &SourceFile, named: &RulesNamed, mut d: Diagnostic) -> Diagnostic {
    let path = d.file.to_string_lossy().into_owned();
    let Some(rest) = path.strip_prefix("--set") else {
        return d;
    };
    let key = rest.trim();
    let entry = named.sets.iter().find(|e| {
        let k = e.value.split_once('=').map_or("", |(k, _)| k.trim());
        (key.is_empty() && !e.value.contains('=')) || (!key.is_empty() && k == key)
    });
    if let Some(e) = entry {
        let at = file.error(e, String::new());
        d.file = at.file;
        d.line = at.line;
        d.col = at.col;
        d.span = at.span;
        d.message = format!("in `{}`: {}", named.sets_field, d.message);
    }
    d
}

/// The `game` a scenario file names (`game: "my-game"`, as `--game`
/// takes it), if it names one: other fields are not read here, and a
/// file that does not parse names none (its runner reports why).
pub fn game_named(file: &SourceFile) -> Option<Spanned<String>> {
    #[derive(serde::Deserialize)]
    struct GameField {
        #[serde(default)]
        game: Option<Spanned<String>>,
    }
    file.parse::<GameField>().ok().and_then(|g| g.game)
}

/// The rules `ludus scenario run FILE` runs the file on: of the game
/// `--game` names, else of the game the file names (an unknown one is an
/// error at its place in the file), else of its folder `scenarios_<game>/`
/// (`design::scenario_game`), else the default game; from `--rules
/// DIR` or the built-in rules. A file naming another game than `--game`
/// is an error at its `game`.
pub fn game_dir(
    path: &Path,
    rules: Option<&Path>,
    flag: Option<&str>,
) -> Result<GameDir, Diagnostics> {
    let file = SourceFile::read(path).ok();
    let named = file.as_ref().and_then(game_named);
    let (Some(file), Some(named)) = (file, named) else {
        let by_folder = flag
            .map(str::to_string)
            .or_else(|| super::scenario_game::folder(path));
        return GameDir::select_game(rules, by_folder.as_deref()).map_err(Diagnostics::from);
    };
    let of_file = GameDir::select_game(rules, Some(&named)).map_err(|d| {
        let mut e = file.error(&named, format!("unknown game \"{}\"", *named));
        e.hints.push(d.message);
        e.hints.extend(d.hints);
        Diagnostics::from(e)
    })?;
    let Some(flag) = flag else {
        return Ok(of_file);
    };
    let dir = GameDir::select_game(rules, Some(flag)).map_err(Diagnostics::from)?;
    if dir != of_file {
        let m = format!(
            "this is a scenario of \"{}\", not of the game --game names (\"{flag}\")",
            *named
        );
        return Err(file.error(&named, m).into());
    }
    Ok(dir)
}

/// A move typed in a scenario, as played: in words after the name of the
/// seat that made it, and the events it caused. In JSON: `{"move": ...,
/// "events": [...]}`.
#[derive(serde::Serialize)]
pub struct TypedMove {
    #[serde(rename = "move")]
    pub text: String,
    pub events: Vec<String>,
}

/// Plays each move typed on `lines` in `s`, in order (see [`play_typed`]).
pub fn play_all<G: Playable + Designer>(
    file: &SourceFile,
    rules: &G::Rules,
    s: &mut G::State,
    lines: &[Spanned<String>],
    words: impl Fn(&G::State, MoveOf<G>) -> String,
) -> Result<Vec<TypedMove>, Diagnostics> {
    (lines.iter())
        .map(|line| play_typed::<G>(file, rules, s, line, &words))
        .collect()
}

/// Plays the move typed on `line` in `s`, as a person types it at `ludus
/// play` (in English): the move in `words` (of the state before it) after
/// the name of the seat that made it, and the events it caused. A line
/// that names no legal move is an error at it with the legal moves; so is
/// a move after which the state's invariants break.
pub fn play_typed<G: Playable + Designer>(
    file: &SourceFile,
    rules: &G::Rules,
    s: &mut G::State,
    line: &Spanned<String>,
    words: impl Fn(&G::State, MoveOf<G>) -> String,
) -> Result<TypedMove, Diagnostics> {
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    // A number is the one the screen shows for the move.
    let order = G::numbered(s, &legal);
    let typed = parse_numbered(Lang::En, &order, line, |typed, line| {
        G::parse_move(Lang::En, s, &legal, typed, line)
    });
    let (Ok(Command::Move(i)), Actor::Player(who)) = (typed, s.current_actor()) else {
        if s.current_actor() == Actor::Terminal {
            let m = format!("\"{}\": the game is over, no move is legal", **line);
            return Err(file.error(line, m).into());
        }
        let legal: Vec<String> = legal.iter().map(|&m| words(s, m)).collect();
        let d = file.error(line, format!("\"{}\" is not one legal move here", **line));
        return Err(d
            .with_hint(format!("legal here: {}", legal.join("; ")))
            .into());
    };
    let text = words(s, legal[i]);
    let from = G::events(s).len();
    s.apply_legal(legal[i]);
    if let Err(m) = s.check_invariants() {
        let d = file.error(line, format!("after this move the state is broken: {m}"));
        return Err(d.into());
    }
    let told = G::events(s)[from..].iter();
    let told = told.map(|e| G::event_words(Lang::En, rules, e, None));
    Ok(TypedMove {
        text: format!("{}: {text}", G::seat_name(rules, who)),
        events: told.collect(),
    })
}

/// The legal moves of `s` in `words`, each after the name of the seat to
/// act; none once the game is over.
pub fn offered<G: Playable>(
    rules: &G::Rules,
    s: &G::State,
    words: impl Fn(&G::State, MoveOf<G>) -> String,
) -> Vec<String> {
    let Actor::Player(p) = s.current_actor() else {
        return Vec::new();
    };
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    let seat = G::seat_name(rules, p);
    (legal.iter())
        .map(|&m| format!("{seat}: {}", words(s, m)))
        .collect()
}

/// A scenario's expectations, checked one field at a time: the fields
/// checked, in order, and each mismatch at the place of its field.
pub struct Checks<'a> {
    file: &'a SourceFile,
    /// Where a field whose place is unknown is reported (the whole
    /// `expect`, say).
    whole: Range<usize>,
    /// The field being checked.
    at: Range<usize>,
    pub checked: Vec<&'static str>,
    pub mismatches: Diagnostics,
}

impl<'a> Checks<'a> {
    pub fn new(file: &'a SourceFile, whole: Range<usize>) -> Self {
        Checks {
            file,
            at: whole.clone(),
            whole,
            checked: Vec::new(),
            mismatches: Diagnostics::default(),
        }
    }

    /// Starts checking the field `name` written at `at`: its mismatches
    /// are reported there.
    pub fn field<T>(&mut self, name: &'static str, at: Option<&Spanned<T>>) {
        self.checked.push(name);
        self.at =
            (at.and_then(|a| a.span_in(&self.file.text))).unwrap_or_else(|| self.whole.clone());
    }

    /// A diagnostic at the field being checked.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        self.file.error_at(self.at.clone(), message)
    }

    /// A mismatch at the field being checked.
    pub fn fail(&mut self, message: impl Into<String>) {
        self.mismatches.push(self.error(message));
    }

    /// Checks the field `name` written at `want` (its value in words):
    /// `name: expected WANT, got GOT` unless the run gives the same words.
    pub fn same<T>(&mut self, name: &'static str, want: &Spanned<T>, wanted: String, got: String) {
        self.field(name, Some(want));
        if wanted != got {
            self.fail(format!("{name}: expected {wanted}, got {got}"));
        }
    }
}

/// A list as an expectation's mismatch shows it: `[a; b]`.
pub fn listed(v: &[String]) -> String {
    format!("[{}]", v.join("; "))
}

impl Checks<'_> {
    /// Checks the list `name`, if expected, against the run's `got`.
    pub fn same_list(
        &mut self,
        name: &'static str,
        want: &Option<Spanned<Vec<String>>>,
        got: &[String],
    ) {
        if let Some(w) = want {
            self.same(name, w, listed(w), listed(got));
        }
    }

    /// Checks a table expected by key, of the keys listed only: `key
    /// value; ...`, each value in `show`; `got` gives the run's value of a
    /// key in words, or `None` for a key the run has not (written
    /// `missing`).
    pub fn per_key<T>(
        &mut self,
        name: &'static str,
        want: &Spanned<Vec<(String, T)>>,
        show: impl Fn(&T) -> String,
        got: impl Fn(&str) -> Option<String>,
        missing: &str,
    ) {
        let each = |f: &dyn Fn(&str, &T) -> String| {
            let v: Vec<String> = (want.iter())
                .map(|(k, x)| format!("{k} {}", f(k, x)))
                .collect();
            v.join("; ")
        };
        let got = each(&|k, _| got(k).unwrap_or_else(|| missing.to_string()));
        self.same(name, want, each(&|_, x| show(x)), got);
    }
}

/// A run's report, or, when expectations fail, the diagnostic `head`
/// makes (from the number of mismatches, the first in file order and the
/// report) followed by each mismatch in file order.
pub fn report_or_mismatches(
    report: String,
    mut mismatches: Diagnostics,
    head: impl FnOnce(usize, &Diagnostic, String) -> Diagnostic,
) -> Result<String, Diagnostics> {
    mismatches.0.sort_by_key(|d| (d.line, d.col));
    let Some(first) = mismatches.0.first() else {
        return Ok(report);
    };
    let mut out = Diagnostics::from(head(mismatches.len(), first, report));
    out.extend(mismatches);
    Err(out)
}

/// A report as one JSON object, pretty-printed, with a final line break.
pub fn json_text(v: &serde_json::Value) -> String {
    format!("{v:#}\n")
}

/// A run's report: in words (`text`), or as one JSON object (`value`),
/// pretty-printed, when `json`.
pub fn report_in(
    json: bool,
    text: impl FnOnce() -> String,
    value: impl FnOnce() -> serde_json::Value,
) -> String {
    if json { json_text(&value()) } else { text() }
}

/// A list in a report's words: its items joined by `, `, or `none`.
pub fn or_none(v: &[String]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Writes `head` on a line of its own, then each item on its own line,
/// indented by two spaces.
pub fn write_lines(o: &mut String, head: &str, items: &[String]) {
    o.push_str(head);
    o.push('\n');
    for item in items {
        o.push_str("  ");
        o.push_str(item);
        o.push('\n');
    }
}

/// Writes the moves typed, numbered from 1, each followed by its events
/// indented under it.
pub fn write_moves(o: &mut String, moves: &[TypedMove]) {
    for (n, m) in moves.iter().enumerate() {
        o.push_str(&format!("{}. {}\n", n + 1, m.text));
        for e in &m.events {
            o.push_str(&format!("     {e}\n"));
        }
    }
}

/// Wraps `text` at `width` columns, each line starting with `indent`; a
/// blank line separates paragraphs (single line breaks in the text are
/// only where its file was wrapped).
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    for para in text.split("\n\n") {
        let mut line = String::new();
        for w in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
                out.push_str(&format!("{indent}{line}\n"));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

/// `text` with each line but the empty ones starting with `by`.
pub fn indent(text: &str, by: &str) -> String {
    (text.lines())
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("{by}{l}\n")
            }
        })
        .collect()
}

/// Every scenario file under `dir` (recursively), sorted; for tests and
/// tools that run them all.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ron") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
