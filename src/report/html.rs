//! `--html FILE`: the report as one self-contained HTML file, inline CSS
//! and SVG charts, no script and nothing fetched, so it opens offline in
//! any browser.
//!
//! Every chart is drawn from the JSON report itself: each bar carries the
//! JSON pointer of its number (`data-path`, plus `data-key` for a
//! histogram's `[value, count]` pair) and the number (`data-value`), so a
//! test can check the charts against the JSON.

use std::fmt::Write;

use serde_json::Value;

use super::Reported;
use super::compare::fmt_p;
use super::measures::sections;

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A JSON pointer from path segments.
fn ptr(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| format!("/{}", p.replace('~', "~0").replace('/', "~1")))
        .collect()
}

const COLORS: [&str; 6] = [
    "#c4862b", "#3b6ea5", "#8c8c8c", "#5a9e6f", "#a0522d", "#7b5ea7",
];
const SINGLE: &str = "#4f7cac";

/// An axis tick: as few decimals as the step needs.
fn tick(v: f64, percent: bool) -> String {
    let v = if percent { 100.0 * v } else { v };
    let r = (v * 100.0).round() / 100.0;
    let text = if (r - r.round()).abs() < 1e-9 {
        format!("{r:.0}")
    } else if (r * 10.0 - (r * 10.0).round()).abs() < 1e-9 {
        format!("{r:.1}")
    } else {
        format!("{r:.2}")
    };
    if percent { format!("{text}%") } else { text }
}

fn pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}
fn num(v: f64) -> String {
    if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// One bar: where its number is in the JSON, the number, its text.
struct Bar {
    path: String,
    key: Option<String>,
    /// The number exactly as the JSON has it.
    raw: String,
    value: f64,
    /// Drawn height (usually `value`; a share for histograms).
    height: f64,
    text: String,
    tooltip: String,
    ci: Option<(f64, f64)>,
    series: usize,
}

impl Bar {
    fn of(v: &Value, path: String, key: Option<String>, height: Option<f64>) -> Option<Bar> {
        let value = v.as_f64()?;
        Some(Bar {
            path,
            key,
            raw: v.to_string(),
            value,
            height: height.unwrap_or(value),
            text: String::new(),
            tooltip: String::new(),
            ci: None,
            series: 0,
        })
    }
}

/// A chart: clusters of bars along x, one colour per series.
struct Chart<'a> {
    id: String,
    title: String,
    note: String,
    x_label: String,
    y_label: String,
    /// Formats the y axis ticks (in drawn-height units).
    y_fmt: &'a dyn Fn(f64) -> String,
    series: Vec<String>,
    clusters: Vec<(String, Vec<Bar>)>,
    /// Show every n-th x label (0: choose).
    width: f64,
}

fn nice_max(m: f64) -> (f64, f64) {
    if m <= 0.0 || !m.is_finite() {
        return (1.0, 0.25);
    }
    let raw = m / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|s| s * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    ((m / step).ceil() * step, step)
}

/// Where a chart draws: the SVG's size, the plot area inside its margins,
/// the y scale and the width of each cluster's slot and of a bar.
struct Frame {
    w: f64,
    h: f64,
    ml: f64,
    mt: f64,
    pw: f64,
    ph: f64,
    ymax: f64,
    step: f64,
    slot: f64,
    bw: f64,
}

impl Frame {
    /// The y coordinate of a height (clamped to the plot area).
    fn y(&self, v: f64) -> f64 {
        self.mt + self.ph - self.ph * (v / self.ymax).clamp(0.0, 1.0)
    }
}

impl Chart<'_> {
    /// The frame of this chart: a scale up to its tallest bar or interval.
    fn frame(&self) -> Frame {
        let (w, h) = (self.width, 300.0);
        let (ml, mr, mt, mb) = (64.0, 16.0, 28.0, 52.0);
        let (pw, ph) = (w - ml - mr, h - mt - mb);
        let top = self
            .clusters
            .iter()
            .flat_map(|c| c.1.iter())
            .map(|b| b.ci.map_or(b.height, |c| c.1.max(b.height)))
            .fold(0.0f64, f64::max);
        let (ymax, step) = nice_max(top);
        let nc = self.clusters.len().max(1) as f64;
        let slot = pw / nc;
        let per = self
            .clusters
            .iter()
            .map(|c| c.1.len())
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let bw = (slot * 0.8 / per).min(90.0);
        Frame {
            w,
            h,
            ml,
            mt,
            pw,
            ph,
            ymax,
            step,
            slot,
            bw,
        }
    }

    /// The chart as an SVG element: axes, then each cluster's bars.
    fn svg(&self) -> String {
        let f = self.frame();
        let (w, h) = (f.w, f.h);
        let mut s = String::new();
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-chart="{}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{}">"#,
            esc(&self.id),
            esc(&self.title)
        );
        self.axes(&mut s, &f);
        // X labels: at least 30 px apart.
        let every = ((30.0 / f.slot).ceil() as usize).max(1);
        for (ci, (label, bars)) in self.clusters.iter().enumerate() {
            let x0 = f.ml + f.slot * ci as f64 + (f.slot - f.bw * bars.len() as f64) / 2.0;
            let cx = f.ml + f.slot * (ci as f64 + 0.5);
            if ci % every == 0 {
                let _ = write!(
                    s,
                    r#"<text class="tick" x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                    f.mt + f.ph + 15.0,
                    esc(label)
                );
            }
            for (bi, b) in bars.iter().enumerate() {
                self.bar(&mut s, &f, x0 + f.bw * bi as f64, b);
            }
        }
        s += "</svg>";
        s
    }

    /// The grid with the y ticks, both axes and their labels.
    fn axes(&self, s: &mut String, f: &Frame) {
        let (ml, mt, pw, ph) = (f.ml, f.mt, f.pw, f.ph);
        let mut t = 0.0;
        while t <= f.ymax + 1e-9 {
            let yy = f.y(t);
            let _ = write!(
                s,
                r##"<line x1="{ml}" x2="{}" y1="{yy:.1}" y2="{yy:.1}" stroke="#e3e3e3"/><text x="{}" y="{:.1}" class="tick" text-anchor="end">{}</text>"##,
                ml + pw,
                ml - 6.0,
                yy + 4.0,
                esc(&(self.y_fmt)(t))
            );
            t += f.step;
        }
        let _ = write!(
            s,
            r##"<line x1="{ml}" x2="{ml}" y1="{mt}" y2="{}" stroke="#444"/><line x1="{ml}" x2="{}" y1="{}" y2="{}" stroke="#444"/>"##,
            mt + ph,
            ml + pw,
            mt + ph,
            mt + ph
        );
        let _ = write!(
            s,
            r#"<text class="axis" transform="translate(14,{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            mt + ph / 2.0,
            esc(&self.y_label)
        );
        let _ = write!(
            s,
            r#"<text class="axis" x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            ml + pw / 2.0,
            f.h - 8.0,
            esc(&self.x_label)
        );
    }

    /// One bar at `x`: its rectangle (carrying its JSON pointer and
    /// number), its interval's whiskers and its value above.
    fn bar(&self, s: &mut String, f: &Frame, x: f64, b: &Bar) {
        let (mt, ph, bw) = (f.mt, f.ph, f.bw);
        let yb = f.y(b.height);
        let color = if self.series.len() <= 1 {
            SINGLE
        } else {
            COLORS[b.series % COLORS.len()]
        };
        let key = b
            .key
            .as_ref()
            .map_or(String::new(), |k| format!(r#" data-key="{}""#, esc(k)));
        let _ = write!(
            s,
            r#"<rect x="{x:.2}" y="{yb:.2}" width="{:.2}" height="{:.2}" fill="{color}" data-path="{}"{key} data-value="{}"><title>{}</title></rect>"#,
            (bw - 1.0).max(0.5),
            (mt + ph - yb).max(0.0),
            esc(&b.path),
            esc(&b.raw),
            esc(&b.tooltip)
        );
        if let Some((lo, hi)) = b.ci {
            let mx = x + bw / 2.0;
            let _ = write!(
                s,
                r##"<g stroke="#222" stroke-width="1.2"><line x1="{mx:.1}" x2="{mx:.1}" y1="{:.1}" y2="{:.1}"/><line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}"/><line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}"/></g>"##,
                f.y(lo),
                f.y(hi),
                mx - 4.0,
                mx + 4.0,
                f.y(lo),
                f.y(lo),
                mx - 4.0,
                mx + 4.0,
                f.y(hi),
                f.y(hi)
            );
        }
        if !b.text.is_empty() {
            let above = b.ci.map_or(yb, |c| f.y(c.1).min(yb));
            if bw >= 7.0 * b.text.len() as f64 {
                let _ = write!(
                    s,
                    r#"<text class="val" x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                    x + bw / 2.0,
                    above - 4.0,
                    esc(&b.text)
                );
            } else if bw >= 7.0 {
                let _ = write!(
                    s,
                    r#"<text class="val small" transform="translate({:.1},{:.1}) rotate(-90)">{}</text>"#,
                    x + bw / 2.0 + 3.0,
                    above - 3.0,
                    esc(&b.text)
                );
            }
        }
    }

    fn html(&self) -> String {
        let mut o = format!(
            "<figure class=\"fig\" style=\"width:{}px\"><figcaption><b>{}</b>",
            self.width + 18.0,
            esc(&self.title)
        );
        if !self.note.is_empty() {
            let _ = write!(o, " <span class=\"note\">{}</span>", esc(&self.note));
        }
        // A legend where bars stand side by side (else x labels name them).
        if self.series.len() > 1 && self.clusters.iter().any(|c| c.1.len() > 1) {
            o += "<span class=\"legend\">";
            for (i, name) in self.series.iter().enumerate() {
                let _ = write!(
                    o,
                    "<span><i style=\"background:{}\"></i>{}</span>",
                    COLORS[i % COLORS.len()],
                    esc(name)
                );
            }
            o += "</span>";
        }
        o += "</figcaption>";
        o += &self.svg();
        o += "</figure>\n";
        o
    }
}

/// A histogram chart of the `[value, count]` pairs at `path` (a JSON
/// pointer) of `root`; heights are shares of `total`.
fn histogram(
    root: &Value,
    path: &str,
    id: &str,
    title: &str,
    x_label: &str,
    note: &str,
    width: f64,
) -> Option<String> {
    let pairs = root.pointer(path)?.as_array()?;
    let total: f64 = pairs
        .iter()
        .filter_map(|p| p.get(1).and_then(Value::as_f64))
        .sum::<f64>()
        .max(1.0);
    let mut clusters = Vec::new();
    let (lo, hi) = (
        pairs.first()?.get(0)?.as_i64()?,
        pairs.last()?.get(0)?.as_i64()?,
    );
    // Every integer value from lo to hi gets a slot (empty where none).
    let mut it = pairs.iter().peekable();
    for v in lo..=hi {
        let mut bars = Vec::new();
        if let Some(p) = it.peek()
            && p.get(0).and_then(Value::as_i64) == Some(v)
        {
            let c = &p[1];
            let cv = c.as_f64().unwrap_or(0.0);
            if let Some(mut b) = Bar::of(c, path.to_string(), Some(v.to_string()), Some(cv / total))
            {
                b.text = pct(cv / total);
                b.tooltip = format!("{v}: {} games ({})", c, pct(cv / total));
                bars.push(b);
            }
            it.next();
        }
        clusters.push((v.to_string(), bars));
    }
    Some(
        Chart {
            id: id.into(),
            title: title.into(),
            note: note.into(),
            x_label: x_label.into(),
            y_label: "share".into(),
            y_fmt: &|t| tick(t, true),
            series: vec![],
            clusters,
            width,
        }
        .html(),
    )
}

/// The JSON pointer of `parts` in a report that sits at `prefix` in the
/// document.
pub fn pointer_at(prefix: &[&str], parts: &[&str]) -> String {
    let mut v: Vec<&str> = prefix.to_vec();
    v.extend_from_slice(parts);
    ptr(&v)
}

/// Bars of numbers at JSON pointers, each with an optional CI pointer.
pub struct Spot {
    pub label: String,
    pub path: String,
    pub ci: Option<String>,
    pub series: usize,
}

#[allow(clippy::too_many_arguments)]
fn bars(
    root: &Value,
    id: &str,
    title: &str,
    note: &str,
    y_label: &str,
    percent: bool,
    series: Vec<String>,
    spots: Vec<Spot>,
    width: f64,
) -> String {
    let mut clusters: Vec<(String, Vec<Bar>)> = Vec::new();
    for sp in spots {
        let Some(v) = root.pointer(&sp.path) else {
            continue;
        };
        let Some(mut b) = Bar::of(v, sp.path.clone(), None, None) else {
            continue;
        };
        b.ci = sp.ci.as_deref().and_then(|p| {
            let a = root.pointer(p)?.as_array()?;
            Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
        });
        b.series = sp.series;
        b.text = if percent { pct(b.value) } else { num(b.value) };
        b.tooltip = match b.ci {
            Some((lo, hi)) if percent => format!(
                "{}: {} (95% CI {} to {})",
                sp.label,
                b.text,
                pct(lo),
                pct(hi)
            ),
            Some((lo, hi)) => format!(
                "{}: {} (95% CI {} to {})",
                sp.label,
                b.text,
                num(lo),
                num(hi)
            ),
            None => format!("{}: {}", sp.label, b.text),
        };
        match clusters.last_mut() {
            Some(c) if c.0 == sp.label => c.1.push(b),
            _ => clusters.push((sp.label, vec![b])),
        }
    }
    let fmt_pct = |t: f64| tick(t, true);
    let fmt_num = |t: f64| tick(t, false);
    Chart {
        id: id.into(),
        title: title.into(),
        note: note.into(),
        x_label: String::new(),
        y_label: y_label.into(),
        y_fmt: if percent { &fmt_pct } else { &fmt_num },
        series,
        clusters,
        width,
    }
    .html()
}

/// A measure's value, CI and n from the report's `measures`.
pub fn measure_spot(prefix: &[&str], id: &str, label: &str, series: usize) -> Spot {
    let mut p: Vec<&str> = prefix.to_vec();
    p.extend(["measures", id]);
    let base = ptr(&p);
    Spot {
        label: label.into(),
        path: format!("{base}/value"),
        ci: Some(format!("{base}/ci95")),
        series,
    }
}

fn fmt_measure(m: &Value, v: f64) -> String {
    let percent = m.get("kind").and_then(Value::as_str) == Some("rate")
        || m.get("percent").and_then(Value::as_bool) == Some(true);
    if percent {
        format!("{:.2}%", 100.0 * v)
    } else {
        format!("{v:.3}")
    }
}

fn is_percent(id: &str, m: &Value) -> bool {
    m.get("kind").and_then(Value::as_str) == Some("rate")
        || id.ends_with("_rate")
        || id == "forced_share"
}

pub fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The measures table of one run.
fn measures_table<G: Reported>(r: &Value) -> String {
    let mut o = String::from(
        "<table class=\"m\"><thead><tr><th>measure</th><th>value</th><th>95% CI</th><th>n</th></tr></thead><tbody>",
    );
    let Some(ms) = r.get("measures").and_then(Value::as_object) else {
        return String::new();
    };
    let mut in_order: Vec<&Value> = ms.values().collect();
    in_order.sort_by_key(|m| m["order"].as_u64().unwrap_or(u64::MAX));
    let named = in_order.iter().filter_map(|m| m["section"].as_str());
    for sec in sections::<G>(named) {
        let _ = write!(
            o,
            "<tr class=\"sec\"><td colspan=\"4\">{}</td></tr>",
            esc(&sec)
        );
        // In report order (the JSON object is sorted by id).
        let mut in_sec: Vec<(&String, &Value)> =
            ms.iter().filter(|(_, m)| m["section"] == sec).collect();
        in_sec.sort_by_key(|(_, m)| m["order"].as_u64().unwrap_or(u64::MAX));
        for (id, m) in in_sec {
            let f = |v: &Value| {
                let v = v.as_f64().unwrap_or(f64::NAN);
                if is_percent(id, m) {
                    format!("{:.2}%", 100.0 * v)
                } else {
                    format!("{v:.3}")
                }
            };
            let _ = write!(
                o,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{} to {}</td><td class=\"n\">{}</td></tr>",
                esc(m["label"].as_str().unwrap_or(id)),
                f(&m["value"]),
                f(&m["ci95"][0]),
                f(&m["ci95"][1]),
                m["n"]
            );
        }
    }
    o += "</tbody></table>\n";
    o
}

fn run_line(r: &Value) -> String {
    let run = &r["run"];
    let mut o = format!(
        "{} games, seed {}, agents {}",
        r["games"],
        run["seed"],
        strs(&run["agents"]).join(" vs ")
    );
    if let Some(sh) = run["shard"].as_array() {
        let _ = write!(o, ", shard {}/{}", sh[0], sh[1]);
    }
    let source = super::source_words(run["rules_source"].as_str().unwrap_or(""));
    if !source.is_empty() {
        let _ = write!(o, "; rules: {source}");
    }
    o
}

/// The banner of a partial report (a run stopped early), or nothing.
fn partial_banner(r: &Value) -> String {
    let run = &r["run"];
    let (Some(i), Some(j)) = (run["partial"][0].as_u64(), run["partial"][1].as_u64()) else {
        return String::new();
    };
    let games = run["games"].as_u64().unwrap_or(0);
    let end = match run["shard"].as_array() {
        Some(sh) => {
            crate::sim::shard_range(
                games,
                Some([sh[0].as_u64().unwrap_or(0), sh[1].as_u64().unwrap_or(1)]),
            )
            .end
        }
        None => games,
    };
    format!(
        "<p class=\"partial\"><b>{}</b></p>",
        esc(&super::compare::partial_line(i, j, end))
    )
}

/// The name of seat `i` (its seat name, else its id; empty if none).
fn seat_name(r: &Value, i: usize) -> String {
    let seats = strs(&r["run"]["seats"]);
    let names = strs(&r["run"]["seat_names"]);
    names.get(i).or(seats.get(i)).cloned().unwrap_or_default()
}

/// The body of one run's report: key figures, the measures table, charts.
fn single_body<G: Reported>(r: &Value, prefix: &[&str]) -> String {
    let mut o = key_figures::<G>(r);
    o += "<div class=\"grid\">";
    o += &outcome_chart(r, prefix);
    o += &end_reasons_chart(r, prefix);
    o += "</div>";
    o += &hist_at(
        r,
        prefix,
        &["histograms", "turns"],
        "turns",
        "Game length",
        "turns",
        &format!("mean {:.1} turns", r["mean_turns"].as_f64().unwrap_or(0.0)),
        1036.0,
    );
    o += &score_charts(r, prefix);
    o += &G::html(r, prefix);
    o += &decisive_chart(r, prefix);
    o += &hist_at(
        r,
        prefix,
        &["branching", "histogram"],
        "branching",
        "Legal choices per decision (branching factor)",
        "legal moves",
        &format!(
            "mean {:.2}, forced {:.1}% of {} decisions",
            r["branching"]["mean"].as_f64().unwrap_or(0.0),
            100.0 * r["branching"]["forced_share"].as_f64().unwrap_or(0.0),
            r["branching"]["decisions"]
        ),
        1036.0,
    );
    o += "<h2>All measures</h2>";
    o += &measures_table::<G>(r);
    o
}

/// The key figures of a run as cards: each seat's wins, draws, mean
/// length, the game's own key measures and the branching factor.
fn key_figures<G: Reported>(r: &Value) -> String {
    let seats = strs(&r["run"]["seats"]);
    let mut o = String::new();
    o += "<div class=\"cards\">";
    for (i, s) in seats.iter().enumerate() {
        let _ = write!(
            o,
            "<div class=\"card\"><span>{} wins</span><b>{}</b></div>",
            esc(&seat_name(r, i)),
            pct(r["win_rate"][s].as_f64().unwrap_or(0.0))
        );
    }
    let _ = write!(
        o,
        "<div class=\"card\"><span>draws</span><b>{}</b></div><div class=\"card\"><span>mean length</span><b>{:.1} turns</b></div>",
        pct(r["win_rate"]["draw"].as_f64().unwrap_or(0.0)),
        r["mean_turns"].as_f64().unwrap_or(0.0),
    );
    // A figure the run does not measure (a description that declares
    // its own measures) is left out.
    for (id, label) in G::KEY_FIGURES {
        let Some(v) = r["measures"][*id]["value"].as_f64() else {
            continue;
        };
        let _ = write!(
            o,
            "<div class=\"card\"><span>{}</span><b>{v:.2}</b></div>",
            esc(label),
        );
    }
    let _ = write!(
        o,
        "<div class=\"card\"><span>choices per decision</span><b>{:.2}</b></div></div>",
        r["branching"]["mean"].as_f64().unwrap_or(0.0),
    );
    o
}

/// "Who wins": each seat's win rate, draws, and the first mover's wins.
fn outcome_chart(r: &Value, prefix: &[&str]) -> String {
    let p = |parts: &[&str]| pointer_at(prefix, parts);
    let mut spots: Vec<Spot> = strs(&r["run"]["seats"])
        .iter()
        .enumerate()
        .map(|(i, s)| Spot {
            label: format!("{} wins", seat_name(r, i)),
            path: p(&["win_rate", s]),
            ci: Some(p(&["win_rate_ci95", s])),
            series: 0,
        })
        .collect();
    spots.push(Spot {
        label: "draws".into(),
        path: p(&["win_rate", "draw"]),
        ci: Some(p(&["win_rate_ci95", "draw"])),
        series: 0,
    });
    let first = r["run"]["first_player"].as_u64().unwrap_or(0) as usize;
    spots.push(measure_spot(
        prefix,
        "first_player_win",
        &format!("{} moves first", seat_name(r, first)),
        0,
    ));
    bars_at(
        r,
        prefix,
        "outcome",
        "Who wins",
        "win rates with 95% Wilson intervals",
        "share of games",
        true,
        vec![],
        spots,
        500.0,
    )
}

/// "How games ended": the share of each end reason.
fn end_reasons_chart(r: &Value, prefix: &[&str]) -> String {
    let p = |parts: &[&str]| pointer_at(prefix, parts);
    let spots: Vec<Spot> = r["end_reasons"]
        .as_object()
        .map(|m| {
            m.keys()
                .map(|k| Spot {
                    label: k.replace('_', " "),
                    path: p(&["measures", &format!("end_{k}"), "value"]),
                    ci: Some(p(&["measures", &format!("end_{k}"), "ci95"])),
                    series: 0,
                })
                .collect()
        })
        .unwrap_or_default();
    bars_at(
        r,
        prefix,
        "end_reasons",
        "How games ended",
        "share of games",
        "share of games",
        true,
        vec![],
        spots,
        500.0,
    )
}

/// Each seat's final score, side by side, then the score margin.
fn score_charts(r: &Value, prefix: &[&str]) -> String {
    let mut o = String::from("<div class=\"grid\">");
    for (i, s) in strs(&r["run"]["seats"]).iter().enumerate() {
        let id = format!("score_{s}");
        o += &hist_at(
            r,
            prefix,
            &["histograms", &id],
            &id,
            &format!("Final score of {}", seat_name(r, i)),
            "points",
            &format!(
                "mean {:.2}",
                r["measures"][&id]["value"].as_f64().unwrap_or(0.0)
            ),
            500.0,
        );
    }
    o += "</div>";
    let seats = strs(&r["run"]["seats"]).len();
    let other = if seats > 2 {
        "the best other".to_string()
    } else {
        seat_name(r, 1)
    };
    o += &hist_at(
        r,
        prefix,
        &["histograms", "margin"],
        "margin",
        &format!("Score margin ({} minus {other})", seat_name(r, 0)),
        "points",
        &format!(
            "mean |margin| {:.2}",
            r["measures"]["abs_margin"]["value"].as_f64().unwrap_or(0.0)
        ),
        1036.0,
    );
    o
}

/// When the winner took the lead for good, in the games the final leader
/// won.
fn decisive_chart(r: &Value, prefix: &[&str]) -> String {
    hist_at(
        r,
        prefix,
        &["histograms", "decisive_turn"],
        "decisive_turn",
        "When the winner took the lead for good (decisiveness)",
        "turn",
        &format!(
            "games won by the final leader; mean turn {:.1}, {:.0}% into the game",
            r["measures"]["decisive_turn"]["value"]
                .as_f64()
                .unwrap_or(0.0),
            r["measures"]["decisive_share"]["value"]
                .as_f64()
                .unwrap_or(0.0)
        ),
        1036.0,
    )
}

/// `bars` for a report that may sit inside a comparison (`prefix`).
#[allow(clippy::too_many_arguments)]
pub fn bars_at(
    r: &Value,
    prefix: &[&str],
    id: &str,
    title: &str,
    note: &str,
    y_label: &str,
    percent: bool,
    series: Vec<String>,
    spots: Vec<Spot>,
    width: f64,
) -> String {
    // Pointers are absolute (from the document root); resolve them in `r`
    // by stripping the prefix.
    let strip = ptr(prefix);
    let local: Vec<Spot> = spots
        .into_iter()
        .map(|s| Spot {
            path: s.path.strip_prefix(&strip).unwrap_or(&s.path).to_string(),
            ci: s
                .ci
                .map(|c| c.strip_prefix(&strip).unwrap_or(&c).to_string()),
            ..s
        })
        .collect();
    let html = bars(r, id, title, note, y_label, percent, series, local, width);
    reroot(&html, &strip)
}

/// A histogram of the report at JSON path `parts`, for a report that may
/// sit inside a comparison (`prefix`).
#[allow(clippy::too_many_arguments)]
pub fn hist_at(
    r: &Value,
    prefix: &[&str],
    parts: &[&str],
    id: &str,
    title: &str,
    x_label: &str,
    note: &str,
    width: f64,
) -> String {
    let strip = ptr(prefix);
    histogram(r, &ptr(parts), id, title, x_label, note, width)
        .map(|h| reroot(&h, &strip))
        .unwrap_or_default()
}

/// Makes the `data-path` pointers of a chart drawn from a nested report
/// absolute.
fn reroot(html: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return html.to_string();
    }
    html.replace("data-path=\"/", &format!("data-path=\"{}/", esc(prefix)))
}

const CSS: &str = r#"
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1100px;color:#222;background:#fdfcf8;padding:0 16px}
h1{font-size:1.6em;margin:0 0 4px}h2{font-size:1.2em;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.sub{color:#555;margin:0 0 16px}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0 18px}
.card{background:#fff;border:1px solid #e2ded3;border-radius:6px;padding:8px 14px;min-width:120px}
.card span{display:block;color:#666;font-size:.85em}.card b{font-size:1.35em}
.grid{display:flex;flex-wrap:wrap;gap:20px}
.fig{max-width:100%;box-sizing:border-box;margin:8px 0 14px;background:#fff;border:1px solid #e2ded3;border-radius:6px;padding:8px}
figcaption{margin:0 0 4px 6px;font-size:.95em}.note{color:#666;font-size:.9em}
.legend{margin-left:12px;font-size:.85em}.legend span{margin-right:10px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}
svg.chart{max-width:100%;height:auto;display:block}
svg .tick{font-size:11px;fill:#555}svg .axis{font-size:12px;fill:#333}svg .val{font-size:11px;fill:#222}svg .val.small{font-size:9px}
table.m{border-collapse:collapse;font-size:.9em;width:100%;background:#fff}
table.m td,table.m th{border-bottom:1px solid #eee;padding:3px 8px;text-align:left}
table.m td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.m tr.sec td{font-weight:bold;background:#f3f0e7}
tr.sig td{background:#fff6dc}
details{margin:12px 0;background:#fff;border:1px solid #e2ded3;border-radius:6px;padding:6px 12px}
summary{cursor:pointer;font-weight:bold}
.foot{color:#666;font-size:.85em;margin-top:24px}
.partial{background:#fde8e8;border:1px solid #d99;border-radius:6px;padding:6px 12px}
"#;

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{}</title><style>{CSS}</style></head><body>\n{body}\n<p class=\"foot\">Made by <code>ludus simulate</code>. Each bar carries its number (<code>data-value</code>) and where it is in the JSON report (<code>data-path</code>). How each measure is computed: docs/simulate.md.</p></body></html>\n",
        esc(title)
    )
}

/// The HTML report of a run (`ludus simulate --json` output) or of a
/// comparison (`--compare`).
pub fn report_html<G: Reported>(r: &Value) -> String {
    if r.get("rows").is_some() {
        return compare_html::<G>(r);
    }
    let run = &r["run"];
    let title = format!(
        "{}: {}",
        run["game"].as_str().unwrap_or("Ludus"),
        run["label"].as_str().unwrap_or("")
    );
    let mut body = format!(
        "<h1>{}</h1>{}<p class=\"sub\">{}</p>",
        esc(&title),
        partial_banner(r),
        esc(&run_line(r))
    );
    body += &single_body::<G>(r, &[]);
    page(&title, &body)
}

/// A set's letter in a comparison: `A`, `B`, ...
fn set_letter(i: usize) -> String {
    ((b'A' + (i % 26) as u8) as char).to_string()
}

/// The HTML report of a comparison: its sets, charts of the key measures,
/// the table of every measure, and each set's own report.
fn compare_html<G: Reported>(c: &Value) -> String {
    let labels = strs(&c["compare"]);
    let sets = c["sets"].as_array().cloned().unwrap_or_default();
    let game = sets
        .first()
        .and_then(|s| s["run"]["game"].as_str())
        .unwrap_or("Ludus");
    let title = format!("{game}: comparing {}", labels.join(" / "));
    let mut b = format!("<h1>{}</h1>", esc(&title));
    if let Some(s) = sets.first() {
        b += &partial_banner(s);
        let mut s = s.clone();
        s["run"]["rules_source"] = Value::Null;
        let _ = write!(
            b,
            "<p class=\"sub\">{} — the same seeds in every set (game i has the same seed).</p>",
            esc(&run_line(&s))
        );
    }
    b += "<ul>";
    for (i, l) in labels.iter().enumerate() {
        let source = sets
            .get(i)
            .and_then(|s| s["run"]["rules_source"].as_str())
            .map(super::source_words)
            .unwrap_or_default();
        let _ = write!(
            b,
            "<li><b>[{}]</b> {}, {}</li>",
            set_letter(i),
            esc(l),
            esc(&source)
        );
    }
    b += "</ul>";
    // Charts of key measures, one bar per set.
    let series: Vec<String> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("[{}] {l}", set_letter(i)))
        .collect();
    let leading = largest_differences(c);
    if !leading.is_empty() {
        b += "<h2>Largest significant differences</h2><p class=\"note\">The measures whose difference from [A] is significant (p &lt; 0.05), the largest first: by the difference in standard deviations of one game's value.</p><div class=\"grid\">";
        b += &measure_charts(c, &sets, &series, &leading);
        b += "</div>";
    }
    let keys: Vec<(String, String)> = compared_keys::<G>(&sets)
        .into_iter()
        .filter(|(id, _)| !leading.iter().any(|(l, _)| l == id))
        .collect();
    b += "<h2>Key measures</h2><div class=\"grid\">";
    b += &measure_charts(c, &sets, &series, &keys);
    b += "</div>";
    // Game length of every set, side by side.
    b += &length_chart(c, &sets, &series);
    b += &compare_table::<G>(c, labels.len());
    // Every set's own report.
    for (i, s) in sets.iter().enumerate() {
        let k = i.to_string();
        let _ = write!(
            b,
            "<details><summary>[{}] {} — the full report</summary>",
            set_letter(i),
            esc(labels.get(i).map_or("", |s| s.as_str()))
        );
        b += &single_body::<G>(s, &["sets", &k]);
        b += "</details>";
    }
    page(&title, &b)
}

/// The key measures compared, as (id, label): each seat's wins, draws,
/// length, the game's own, decisiveness and branching.
fn compared_keys<G: Reported>(sets: &[Value]) -> Vec<(String, String)> {
    let first_seats = sets
        .first()
        .map(|s| strs(&s["run"]["seats"]))
        .unwrap_or_default();
    let seat_names = sets
        .first()
        .map(|s| strs(&s["run"]["seat_names"]))
        .unwrap_or_default();
    let mut keys: Vec<(String, String)> = first_seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let name = seat_names.get(i).unwrap_or(s);
            (format!("win_{s}"), format!("{name} wins"))
        })
        .collect();
    let generic = |ids: &[(&str, &str)]| -> Vec<(String, String)> {
        ids.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    keys.extend(generic(&[
        ("draw", "draws"),
        ("turns", "game length (turns)"),
    ]));
    keys.extend(generic(G::COMPARED));
    keys.extend(generic(&[
        ("decisive_turn", "turn the winner took the lead for good"),
        ("branching", "legal choices per decision"),
    ]));
    keys
}

/// How many measures with the largest significant differences a
/// comparison charts first.
const LEADING: usize = 6;

/// A set's standard deviation of one game's value of a measure, from its
/// interval and its units: the interval's half width over 1.96, times
/// the square root of n.
fn unit_sd(row: &Value, set: usize) -> Option<f64> {
    let (lo, hi) = (row["ci95"][set][0].as_f64()?, row["ci95"][set][1].as_f64()?);
    let n = row["n"][set].as_f64()?;
    Some((hi - lo) / (2.0 * super::stats::Z95) * n.sqrt())
}

/// The size of a row's largest significant difference from [A], in
/// standard deviations of one game's value (the two sets' pooled); a
/// difference of a measure that did not vary at all is infinite. `None`
/// if no difference is significant.
fn difference_size(row: &Value) -> Option<f64> {
    let diffs = row["diffs"].as_array()?;
    diffs
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, t)| t["significant"] == true)
        .filter_map(|(i, t)| {
            let d = t["diff"].as_f64()?.abs();
            let sd = ((unit_sd(row, 0)?.powi(2) + unit_sd(row, i)?.powi(2)) / 2.0).sqrt();
            Some(if sd > 0.0 { d / sd } else { f64::INFINITY })
        })
        .reduce(f64::max)
}

/// The measures (id, label) of the comparison `c` with the largest
/// significant differences from [A], the largest first, at most
/// [`LEADING`].
pub fn largest_differences(c: &Value) -> Vec<(String, String)> {
    let mut sized: Vec<(f64, String, String)> = c["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let size = difference_size(r)?;
            let id = r["id"].as_str()?.to_string();
            Some((size, id, r["label"].as_str().unwrap_or("").to_string()))
        })
        .collect();
    sized.sort_by(|a, b| b.0.total_cmp(&a.0));
    sized
        .into_iter()
        .take(LEADING)
        .map(|(_, id, label)| (id, label))
        .collect()
}

/// One chart per measure of `keys`, one bar (with its interval) per set.
fn measure_charts(
    c: &Value,
    sets: &[Value],
    series: &[String],
    keys: &[(String, String)],
) -> String {
    let mut b = String::new();
    for (id, label) in keys {
        let id = id.as_str();
        let spots: Vec<Spot> = (0..sets.len())
            .map(|i| {
                let k = i.to_string();
                measure_spot(&["sets", &k], id, &set_letter(i), i)
            })
            .collect();
        let percent = sets
            .first()
            .map(|s| is_percent(id, &s["measures"][id]))
            .unwrap_or(false);
        b += &bars(
            c,
            &format!("cmp_{id}"),
            label,
            "95% intervals",
            "",
            percent,
            series.to_vec(),
            spots,
            320.0,
        );
    }
    b
}

/// The table of every measure in every set of `n`, with each set's
/// difference from [A], its interval and p-value, section by section.
fn compare_table<G: Reported>(c: &Value, n: usize) -> String {
    let mut b = String::from(
        "<h2>Every measure</h2><p class=\"note\">Differences are each set minus [A], with the 95% interval of the difference and the p-value: two-proportion z-test for rates, Welch's t-test for means, z-test (delta method) for ratios. Highlighted: p &lt; 0.05.</p>",
    );
    b += "<table class=\"m\"><thead><tr><th>measure</th>";
    for i in 0..n {
        let _ = write!(b, "<th>{}</th>", set_letter(i));
    }
    for i in 1..n {
        let _ = write!(
            b,
            "<th>{0}−A</th><th>95% CI</th><th>p</th><th>p&lt;0.05</th>",
            set_letter(i)
        );
    }
    b += "</tr></thead><tbody>";
    let rows = c["rows"].as_array().cloned().unwrap_or_default();
    for sec in sections::<G>(rows.iter().filter_map(|r| r["section"].as_str())) {
        let _ = write!(
            b,
            "<tr class=\"sec\"><td colspan=\"{}\">{}</td></tr>",
            1 + n + 4 * n.saturating_sub(1),
            esc(&sec)
        );
        for row in rows.iter().filter(|r| r["section"] == sec) {
            b += &compare_row(row);
        }
    }
    b += "</tbody></table>";
    b
}

/// One measure's row of the comparison table: its value in each set, then
/// each set's difference from [A] (highlighted if any is significant).
fn compare_row(row: &Value) -> String {
    let mut b = String::new();
    let sig = row["diffs"]
        .as_array()
        .is_some_and(|d| d.iter().any(|t| t["significant"] == true));
    let _ = write!(
        b,
        "<tr{}><td>{}</td>",
        if sig { " class=\"sig\"" } else { "" },
        esc(row["label"].as_str().unwrap_or(""))
    );
    let f = |v: &Value| v.as_f64().map_or("-".into(), |x| fmt_measure(row, x));
    for v in row["values"].as_array().into_iter().flatten() {
        let _ = write!(b, "<td class=\"n\">{}</td>", f(v));
    }
    for t in row["diffs"].as_array().into_iter().flatten().skip(1) {
        if t.is_null() {
            b += "<td></td><td></td><td></td><td></td>";
            continue;
        }
        let d = t["diff"].as_f64().unwrap_or(0.0);
        let sign = |x: f64| {
            let s = fmt_measure(row, x);
            if x >= 0.0 { format!("+{s}") } else { s }
        };
        let _ = write!(
            b,
            "<td class=\"n\">{}</td><td class=\"n\">{} to {}</td><td class=\"n\">{}</td><td>{}</td>",
            sign(d),
            sign(t["ci95"][0].as_f64().unwrap_or(0.0)),
            sign(t["ci95"][1].as_f64().unwrap_or(0.0)),
            fmt_p(t["p"].as_f64().unwrap_or(1.0)),
            if t["significant"] == true {
                "yes"
            } else {
                "no"
            }
        );
    }
    b += "</tr>";
    b
}

/// Game length histograms of every set, as grouped bars.
fn length_chart(c: &Value, sets: &[Value], series: &[String]) -> String {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for s in sets {
        for p in s["histograms"]["turns"].as_array().into_iter().flatten() {
            if let Some(v) = p[0].as_i64() {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
    }
    if lo > hi {
        return String::new();
    }
    let mut clusters = Vec::new();
    for v in lo..=hi {
        let mut bars = Vec::new();
        for (i, s) in sets.iter().enumerate() {
            let pairs = s["histograms"]["turns"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let total: f64 = pairs
                .iter()
                .filter_map(|p| p[1].as_f64())
                .sum::<f64>()
                .max(1.0);
            if let Some(p) = pairs.iter().find(|p| p[0].as_i64() == Some(v)) {
                let path = ptr(&["sets", &i.to_string(), "histograms", "turns"]);
                if let Some(mut b) = Bar::of(&p[1], path, Some(v.to_string()), None) {
                    b.height = b.value / total;
                    b.series = i;
                    b.text = pct(b.height);
                    b.tooltip = format!(
                        "{}: {v} turns in {} games ({})",
                        series[i],
                        p[1],
                        pct(b.height)
                    );
                    bars.push(b);
                }
            }
        }
        clusters.push((v.to_string(), bars));
    }
    let _ = c;
    Chart {
        id: "cmp_length".into(),
        title: "Game length in every set".into(),
        note: "share of games per length in turns".into(),
        x_label: "turns".into(),
        y_label: "share".into(),
        y_fmt: &|t| tick(t, true),
        series: series.to_vec(),
        clusters,
        width: 1036.0,
    }
    .html()
}
