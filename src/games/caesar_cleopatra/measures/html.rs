//! The charts of Caesar & Cleopatra's own measures in the HTML report
//! (`ludus simulate --html`), drawn from the JSON report with the generic
//! helpers of `report::html`.

use serde_json::Value;

use crate::report::html::{Spot, bars_at, hist_at, measure_spot, pointer_at, strs};

/// Events and rates per game, missions by card, patricians and
/// majorities per group, lead changes.
pub fn charts(r: &Value, prefix: &[&str]) -> String {
    let mut o = per_game_charts(r, prefix);
    o += &rate_charts(r, prefix);
    o += &patrician_charts(r, prefix);
    o += "<div class=\"grid\">";
    o += &hist_at(
        r,
        prefix,
        &["histograms", "lead_changes"],
        "lead_changes",
        "Lead changes per game (drama)",
        "lead changes",
        &format!(
            "mean {:.2}",
            r["measures"]["lead_changes"]["value"]
                .as_f64()
                .unwrap_or(0.0)
        ),
        500.0,
    );
    o += "</div>";
    o
}

/// The mean of each kind of event per game, then histograms of votes, ties,
/// orgies and action cards played.
fn per_game_charts(r: &Value, prefix: &[&str]) -> String {
    let mut o = String::new();
    // Events per game.
    let ids = [
        ("votes", "votes"),
        ("extraordinary_votes", "extraordinary votes"),
        ("ties", "ties"),
        ("orgies", "orgies"),
        ("reshuffles", "reshuffles"),
        ("actions_played", "actions played"),
        ("actions_vetoed", "vetoed"),
        ("reactions", "reactions"),
        ("action_swings", "swings"),
        ("lead_changes", "lead changes"),
    ];
    let spots = ids
        .iter()
        .map(|(id, l)| measure_spot(prefix, id, l, 0))
        .collect();
    o += &bars_at(
        r,
        prefix,
        "per_game",
        "Events per game",
        "means with 95% intervals",
        "per game",
        false,
        vec![],
        spots,
        1036.0,
    );
    o += "<div class=\"grid\">";
    for (id, title) in [
        ("votes", "Votes per game"),
        ("ties", "Ties per game"),
        ("orgies", "Orgies per game"),
        ("actions_played", "Action cards played per game"),
    ] {
        o += &hist_at(
            r,
            prefix,
            &["histograms", id],
            &format!("h_{id}"),
            title,
            "per game",
            "",
            500.0,
        );
    }
    o += "</div>";
    o
}

/// Side by side: the rates of vetoes, swings, ties and missions, and each
/// mission card's rate of success.
fn rate_charts(r: &Value, prefix: &[&str]) -> String {
    let p = |parts: &[&str]| pointer_at(prefix, parts);
    let mut o = String::new();
    // Action cards: rates.
    let spots = [
        ("veto_rate", "vetoed"),
        ("swing_rate", "swung a vote"),
        ("tie_rate", "votes tied"),
        ("mission_success", "missions fulfilled"),
    ]
    .iter()
    .map(|(id, l)| measure_spot(prefix, id, l, 0))
    .collect();
    o += "<div class=\"grid\">";
    o += &bars_at(
        r,
        prefix,
        "rates",
        "Action cards, votes and missions",
        "shares with 95% intervals",
        "share",
        true,
        vec![],
        spots,
        500.0,
    );
    // Missions by card.
    let spots = r["missions"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| Spot {
                    label: v["name"].as_str().unwrap_or(k).to_string(),
                    path: p(&["missions", k, "rate"]),
                    ci: Some(p(&["measures", &format!("mission_{k}"), "ci95"])),
                    series: 0,
                })
                .collect()
        })
        .unwrap_or_default();
    o += &bars_at(
        r,
        prefix,
        "missions",
        "Missions fulfilled, by card",
        "share of the missions held",
        "share",
        true,
        vec![],
        spots,
        500.0,
    );
    o += "</div>";
    o
}

/// Side by side, one bar per seat in each group: the patricians won per
/// game, and the share of games with a majority.
fn patrician_charts(r: &Value, prefix: &[&str]) -> String {
    let p = |parts: &[&str]| pointer_at(prefix, parts);
    let run = &r["run"];
    let seats = strs(&run["seats"]);
    let names = strs(&run["seat_names"]);
    let name = |i: usize| names.get(i).or(seats.get(i)).cloned().unwrap_or_default();
    let groups = group_labels(run);
    let series: Vec<String> = (0..seats.len()).map(name).collect();
    let mk = |what: &str| -> Vec<Spot> {
        let mut v = Vec::new();
        for (g, label) in &groups {
            for (i, s) in seats.iter().enumerate() {
                v.push(Spot {
                    label: label.clone(),
                    path: p(&["patricians", g, what, s]),
                    ci: if what == "won" {
                        Some(p(&["measures", &format!("patricians_{g}_{s}"), "ci95"]))
                    } else {
                        None
                    },
                    series: i,
                });
            }
        }
        v
    };
    let mut o = String::from("<div class=\"grid\">");
    o += &bars_at(
        r,
        prefix,
        "patricians",
        "Patricians won per group",
        "mean per game",
        "patricians",
        false,
        series.clone(),
        mk("won"),
        500.0,
    );
    o += &bars_at(
        r,
        prefix,
        "majorities",
        "Majorities per group",
        "share of games with a majority",
        "share",
        true,
        series,
        mk("majority"),
        500.0,
    );
    o += "</div>";
    o
}

/// Each group of the run as (id, "name (size)").
fn group_labels(run: &Value) -> Vec<(String, String)> {
    run["groups"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|g| {
                    (
                        g["id"].as_str().unwrap_or("").to_string(),
                        format!("{} ({})", g["name"].as_str().unwrap_or(""), g["size"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}
