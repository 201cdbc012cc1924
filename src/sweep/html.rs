//! A sweep's HTML report: one self-contained page (inline CSS and SVG, no
//! script, nothing fetched) with a tornado chart of the ranked effects
//! on the chosen measure (each bar the effect, its whisker the 95%
//! interval, dark when resolved after the correction) and, for a sweep
//! over `--grid K1,K2`, a heat map of the effect of each pair of values.
//! Every bar and cell carries its number (`data-value`) and its rule set
//! (`data-set`). Drawn from the JSON report (`sweep::report::to_json`).

use std::fmt::Write;

use serde_json::Value;

use crate::report::html::esc;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:28px}.warn{background:#fff3cd;border:1px solid #e0c060;padding:8px}\
table{border-collapse:collapse;font-size:.85em}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}\
td:nth-child(2),th:nth-child(2){text-align:left}.note{color:#555;font-size:.9em}svg text{font-size:11px}";

/// Rule sets the tornado chart shows at most (the top of the ranking).
const TORNADO_ROWS: usize = 40;

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// A value in the measure's unit (percentage points for rates).
fn fmt(v: f64, percent: bool) -> String {
    if percent {
        format!("{:+.2}%", 100.0 * v)
    } else {
        format!("{v:+.3}")
    }
}

fn percent(effect: &Value) -> bool {
    effect["kind"] != "mean" || effect["id"] == "first_seat_edge"
}

/// The page of a sweep's JSON report.
pub fn sweep_html(r: &Value) -> String {
    let run = &r["run"];
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>ludus sweep: {}</title>\
         <style>{STYLE}</style></head><body><h1>Which rules matter: {} ({})</h1>",
        esc(run["game"].as_str().unwrap_or("")),
        esc(run["game"].as_str().unwrap_or("")),
        esc(run["base"].as_str().unwrap_or(""))
    );
    let agents: Vec<&str> = run["agents"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let _ = write!(
        o,
        "<p>{} games a rule set, seed {}, agents {}; {} rule sets played on the base's seeds, {} skipped. \
         Effects are paired differences (rule set minus base) with 95% intervals; p-values corrected by \
         Holm's method over the rule sets.</p>",
        run["games"],
        run["seed"],
        esc(&agents.join(" vs ")),
        r["sets"].as_array().map_or(0, Vec::len),
        r["skipped"].as_array().map_or(0, Vec::len)
    );
    if let Some(w) = r["warning"].as_str() {
        let _ = write!(o, "<p class=\"warn\">{}</p>", esc(w));
    }
    o += &tornado(r);
    if run["grid"].is_array() {
        o += &heat_map(r);
    }
    o += &table(r);
    o += "</body></html>\n";
    o
}

/// The tornado chart: the top of the ranking, one bar a rule set.
fn tornado(r: &Value) -> String {
    let rows: Vec<&Value> = r["ranking"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["effect"].is_object())
        .take(TORNADO_ROWS)
        .collect();
    let label = esc(r["measure"]["label"].as_str().unwrap_or(""));
    let mut o = format!("<h2>Effect on {label}</h2>");
    if rows.is_empty() {
        return o + "<p>No rule set was played.</p>";
    }
    let span = rows
        .iter()
        .flat_map(|s| {
            s["effect"]["ci95"]
                .as_array()
                .into_iter()
                .flatten()
                .map(num)
        })
        .fold(1e-12_f64, |m, v| m.max(v.abs()));
    let (lw, cw, rh) = (300.0, 560.0, 18.0);
    let h = rh * rows.len() as f64 + 40.0;
    let x = |v: f64| lw + cw / 2.0 + v / span * (cw / 2.0 - 10.0);
    let _ = write!(
        o,
        "<svg class=\"chart tornado\" width=\"{}\" height=\"{h}\" viewBox=\"0 0 {} {h}\" role=\"img\" \
         aria-label=\"tornado chart\">",
        lw + cw + 20.0,
        lw + cw + 20.0
    );
    let _ = write!(
        o,
        "<line x1=\"{0}\" y1=\"10\" x2=\"{0}\" y2=\"{1}\" stroke=\"#444\"/>",
        x(0.0),
        h - 20.0
    );
    for (i, s) in rows.iter().enumerate() {
        let e = &s["effect"];
        let (d, lo, hi) = (num(&e["diff"]), num(&e["ci95"][0]), num(&e["ci95"][1]));
        let y = 14.0 + rh * i as f64;
        let resolved = e["resolved"].as_bool().unwrap_or(false);
        let colour = match (resolved, d >= 0.0) {
            (true, true) => "#b2412f",
            (true, false) => "#2f5fb2",
            (false, true) => "#e3b2a8",
            (false, false) => "#a8bde3",
        };
        let (x0, x1) = (x(0.0).min(x(d)), x(0.0).max(x(d)));
        let _ = write!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect class=\"bar\" x=\"{x0:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{}\" fill=\"{colour}\" \
             data-set=\"{}\" data-value=\"{d}\"><title>{}: {} [{}, {}]</title></rect>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#222\"/>",
            lw - 6.0,
            y + rh * 0.65,
            esc(s["label"].as_str().unwrap_or("")),
            (x1 - x0).max(1.0),
            rh - 5.0,
            esc(s["label"].as_str().unwrap_or("")),
            esc(s["label"].as_str().unwrap_or("")),
            fmt(d, percent(e)),
            fmt(lo, percent(e)),
            fmt(hi, percent(e)),
            x(lo),
            x(hi),
            y + (rh - 5.0) / 2.0,
            y + (rh - 5.0) / 2.0
        );
    }
    let p = rows.first().is_some_and(|s| percent(&s["effect"]));
    let _ = write!(
        o,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></svg>",
        x(-span),
        h - 6.0,
        fmt(-span, p),
        x(span),
        h - 6.0,
        fmt(span, p)
    );
    o + "<p class=\"note\">Dark bars: resolved after Holm's correction; light: not resolved. \
         Whiskers: 95% intervals.</p>"
}

/// The heat map of a grid sweep: the effect of each pair of values.
fn heat_map(r: &Value) -> String {
    let sets: Vec<&Value> = r["sets"].as_array().into_iter().flatten().collect();
    let run = &r["run"];
    let (k1, k2) = (
        run["grid"][0].as_str().unwrap_or(""),
        run["grid"][1].as_str().unwrap_or(""),
    );
    let mut xs: Vec<String> = Vec::new();
    let mut ys: Vec<String> = Vec::new();
    for s in &sets {
        let (Some(a), Some(b)) = (s["value"].as_str(), s["grid"][1].as_str()) else {
            continue;
        };
        if !xs.iter().any(|x| x == a) {
            xs.push(a.into());
        }
        if !ys.iter().any(|y| y == b) {
            ys.push(b.into());
        }
    }
    let span = sets
        .iter()
        .map(|s| num(&s["effect"]["diff"]).abs())
        .fold(1e-12_f64, f64::max);
    let (cw, ch, lw, th) = (64.0, 28.0, 140.0, 40.0);
    let (w, h) = (
        lw + cw * xs.len() as f64 + 10.0,
        th + ch * ys.len() as f64 + 30.0,
    );
    let mut o = format!(
        "<h2>Heat map: {} by {}</h2><svg class=\"chart heatmap\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"heat map\">",
        esc(k1),
        esc(k2)
    );
    for (i, x) in xs.iter().enumerate() {
        let _ = write!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            lw + cw * (i as f64 + 0.5),
            th - 8.0,
            esc(x)
        );
    }
    for (j, y) in ys.iter().enumerate() {
        let _ = write!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            lw - 6.0,
            th + ch * (j as f64 + 0.6),
            esc(y)
        );
        for (i, x) in xs.iter().enumerate() {
            let cell = sets
                .iter()
                .find(|s| s["value"].as_str() == Some(x) && s["grid"][1].as_str() == Some(y));
            let (d, fill, text) = match cell {
                Some(s) => {
                    let d = num(&s["effect"]["diff"]);
                    let t = (d.abs() / span).min(1.0);
                    let (r0, g0, b0) = if d >= 0.0 {
                        (178, 65, 47)
                    } else {
                        (47, 95, 178)
                    };
                    let mix = |c: u8| (255.0 - (255.0 - f64::from(c)) * t) as u8;
                    (
                        d,
                        format!("rgb({},{},{})", mix(r0), mix(g0), mix(b0)),
                        fmt(d, percent(&s["effect"])),
                    )
                }
                None => (0.0, "#eee".to_string(), "base".to_string()),
            };
            let _ = write!(
                o,
                "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{cw}\" height=\"{ch}\" fill=\"{fill}\" \
                 stroke=\"#fff\" data-value=\"{d}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                lw + cw * i as f64,
                th + ch * j as f64,
                lw + cw * (i as f64 + 0.5),
                th + ch * (j as f64 + 0.6),
                esc(&text)
            );
        }
    }
    let _ = write!(
        o,
        "</svg><p class=\"note\">{} (columns) and {} (rows): the effect of each pair of values on \
         the measure, against the base (grey).</p>",
        esc(k1),
        esc(k2)
    );
    o
}

/// The ranking as a table.
fn table(r: &Value) -> String {
    let mut o = String::from(
        "<h2>Ranking</h2><table><tr><th>#</th><th>rule set</th><th>value</th><th>effect</th>\
         <th>95% interval</th><th>p (Holm)</th><th>games changed</th><th>games needed</th></tr>",
    );
    for (i, s) in r["ranking"].as_array().into_iter().flatten().enumerate() {
        let e = &s["effect"];
        if !e.is_object() {
            continue;
        }
        let pc = percent(e);
        let value = if pc {
            format!("{:.2}%", 100.0 * num(&e["value"]))
        } else {
            format!("{:.3}", num(&e["value"]))
        };
        let _ = write!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{value}</td><td>{}</td><td>[{}, {}]</td><td>{}{}</td>\
             <td>{:.0}%</td><td>{}</td></tr>",
            i + 1,
            esc(s["label"].as_str().unwrap_or("")),
            fmt(num(&e["diff"]), pc),
            fmt(num(&e["ci95"][0]), pc),
            fmt(num(&e["ci95"][1]), pc),
            crate::report::compare::fmt_p(num(&e["p_holm"])),
            if e["resolved"] == true { " *" } else { "" },
            100.0 * num(&s["exercised"]),
            if s["never_exercised"] == true {
                "never exercised".to_string()
            } else {
                e["games_needed"]
                    .as_u64()
                    .map_or(String::new(), |g| g.to_string())
            }
        );
    }
    o + "</table>"
}
