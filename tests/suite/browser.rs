//! The HTML reports in a real browser: headless Chromium opens the
//! simulate, compare and sweep reports (a grid sweep, with its heat map)
//! and must load each without a console error, keep every chart with its
//! marks in the DOM it builds, and draw a screenshot of it. Skipped with
//! a notice when Chromium is absent, unless LUDUS_REQUIRE_BROWSER=1 (CI
//! installs Debian's package and sets it).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::ludus;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Chromium with the flags a test run needs, its profile in `profile`.
fn chromium(profile: &Path) -> Command {
    let mut c = Command::new(CHROMIUM);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// The page's DOM as Chromium built it, and the console errors it logged.
fn open(page: &Path, profile: &Path) -> (String, Vec<String>) {
    let out = chromium(profile)
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let errors = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| {
            l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("Failed to load resource")
        })
        .map(String::from)
        .collect();
    (String::from_utf8_lossy(&out.stdout).into_owned(), errors)
}

/// Every `<svg class="chart...">` of `dom` with a mark of a size.
fn charts(dom: &str) -> Vec<bool> {
    dom.split("<svg")
        .skip(1)
        .filter(|c| {
            c.trim_start()
                .split('>')
                .next()
                .is_some_and(|h| h.contains("chart"))
        })
        .map(|c| {
            let body = c.split("</svg>").next().unwrap_or("");
            body.split("<rect").skip(1).any(|r| {
                let w = r.split("width=\"").nth(1).and_then(|w| w.split('"').next());
                w.and_then(|w| w.parse::<f64>().ok())
                    .is_some_and(|w| w > 0.0)
            }) || body.contains("<path")
                || body.contains("<circle")
        })
        .collect()
}

fn have_chromium() -> bool {
    if Path::new(CHROMIUM).exists() {
        return true;
    }
    assert!(
        std::env::var("LUDUS_REQUIRE_BROWSER").as_deref() != Ok("1"),
        "Chromium is required (LUDUS_REQUIRE_BROWSER=1) but {CHROMIUM} is missing"
    );
    eprintln!("notice: {CHROMIUM} is not installed; the browser test is skipped");
    false
}

/// The three reports, written to `dir`.
fn reports(dir: &Path) -> Vec<(&'static str, PathBuf, usize)> {
    let page = |n: &str| dir.join(format!("{n}.html"));
    let runs: [(&str, Vec<&str>, usize); 3] = [
        ("simulate", vec!["simulate", "--games", "300"], 10),
        (
            "compare",
            vec![
                "simulate",
                "--games",
                "300",
                "--compare",
                "",
                "--compare",
                ";scoring.mission_bonus=4",
            ],
            10,
        ),
        (
            "sweep",
            vec![
                "sweep",
                "--games",
                "40",
                "--agents",
                "random",
                "--grid",
                "scoring.mission_bonus,scoring.majority_bonus",
                "--range",
                "scoring.mission_bonus=0..4:2",
            ],
            2,
        ),
    ];
    runs.into_iter()
        .map(|(name, mut args, min_charts)| {
            let p = page(name);
            let ps = p.display().to_string();
            args.extend(["--quiet", "--html", &ps]);
            let (code, _, err) = ludus(&args);
            assert_eq!(code, 0, "{name}: {err}");
            (name, p, min_charts)
        })
        .collect()
}

#[test]
fn html_reports_load_and_draw_every_chart_in_chromium() {
    if !have_chromium() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (name, page, min_charts) in reports(dir.path()) {
        let profile = tempfile::tempdir().unwrap();
        let (dom, errors) = open(&page, profile.path());
        assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
        let drawn = charts(&dom);
        assert!(drawn.len() >= min_charts, "{name}: {} charts", drawn.len());
        assert!(
            drawn.iter().all(|d| *d),
            "{name}: a chart without marks: {drawn:?}"
        );
        let shot = dir.path().join(format!("{name}.png"));
        let out = chromium(profile.path())
            .arg(format!("--screenshot={}", shot.display()))
            .arg("--window-size=1280,900")
            .arg(format!("file://{}", page.display()))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let png = std::fs::read(&shot).unwrap();
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 10_000,
            "{name}: {} bytes",
            png.len()
        );
    }
}
