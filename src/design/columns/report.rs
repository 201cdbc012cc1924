//! A scenario's report: as text for a person to check against the
//! rulebook, or as one JSON object.

use std::fmt::Write;

use super::{After, Run, ScenarioFile};
use crate::design::scenario::{or_none, write_lines, write_moves};

/// The report in words.
pub(super) fn text(sc: &ScenarioFile, run: &Run) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Scenario: {}\nPassage: {}", sc.title, sc.passage);
    let sets: Vec<&str> = sc.sets.iter().map(|s| s.value.as_str()).collect();
    let sets = if sets.is_empty() {
        "the default toggles".to_string()
    } else {
        sets.join(", ")
    };
    let _ = writeln!(o, "Rules: {} players, {sets}\n", *sc.players);
    if sc.final_scoring {
        write_lines(&mut o, "Final scoring (the game is over):", &run.scoring);
    } else {
        played(&mut o, run);
        after(&mut o, &run.after, sc.expect.reserves.is_some());
    }
    if sc.expect.starts.is_some() {
        let name = |id: &String| run.after.seats.iter().find(|s| s.colour == *id);
        let starts = match run.starts.as_ref().and_then(name) {
            Some(s) => s.name.as_str(),
            None => "nobody (no round ended, or the game is over)",
        };
        let _ = writeln!(o, "Next round starts with: {starts}");
    }
    if sc.expect.offered.is_some() {
        write_lines(&mut o, "Offered:", &run.offered);
    }
    let points: Vec<String> = run.points.iter().map(|(c, n)| format!("{c} {n}")).collect();
    let _ = writeln!(o, "Points: {}", points.join(", "));
    if let Some(w) = &run.winners {
        let _ = writeln!(o, "Winners: {}", or_none(w));
    }
    o
}

/// The board before, the moves with their events, what they settled.
fn played(o: &mut String, run: &Run) {
    let _ = writeln!(o, "Before:\n{}", run.before.trim_end());
    for line in &run.stated {
        let _ = writeln!(o, "{line}");
    }
    let _ = writeln!(o, "\nMoves:");
    write_moves(o, &run.moves);
    write_lines(o, "\nColumns settled:", &run.settled);
    let _ = writeln!(o, "Eliminated: {}", or_none(&run.eliminated));
    let _ = writeln!(o, "Turned up by the moves: {}", or_none(&run.revealed));
}

/// The table after the moves: the columns, each seat's hand and discard
/// pile (and its reserve, `reserves`), the cards out of the game.
fn after(o: &mut String, run: &After, reserves: bool) {
    let head = match run.round {
        Some(n) => format!("\nAfter (round {n}):"),
        None => "\nAfter (the game is over):".to_string(),
    };
    write_lines(o, &head, &run.table);
    for s in &run.seats {
        let _ = writeln!(
            o,
            "  {}: hand {} ({}); discard {}",
            s.name,
            s.hand.len(),
            or_none(&s.hand),
            or_none(&s.discard)
        );
        if reserves {
            let _ = writeln!(o, "    reserve (top first): {}", or_none(&s.reserve));
        }
    }
    let _ = writeln!(o, "  Out of the game: {}", or_none(&run.out_of_game));
}

/// The report as one JSON object: the file's title, passage and rules,
/// then the run's parts.
pub(super) fn json(sc: &ScenarioFile, run: &Run) -> serde_json::Value {
    let mut v = serde_json::to_value(sc).unwrap_or_default();
    if let (Some(o), Ok(serde_json::Value::Object(r))) =
        (v.as_object_mut(), serde_json::to_value(run))
    {
        o.extend(r);
    }
    v
}
