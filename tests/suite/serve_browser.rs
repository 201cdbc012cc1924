//! `ludus serve`'s page in a real browser: headless Chromium driven by
//! WebDriver (chromedriver, through fantoccini), clicking as a person
//! would: the creation form, then each seat's legal moves, to the end of
//! the game.
//!
//! - de Cape & d'Épée, three seats: two people, each in a browser of its
//!   own (its own profile), and one AI; a third browser creates the game
//!   and watches it as a spectator. One player reloads his page in the
//!   middle and rejoins.
//! - Caesar & Cleopatra in French, against the AI.
//!
//! Skipped with a notice when Chromium or chromedriver is absent, unless
//! `LUDUS_REQUIRE_BROWSER=1` (then it fails). With `LUDUS_SCREENSHOTS=DIR`
//! it writes the screenshots of docs/serve.md there.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::serve_client::{runtime, server};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Whether the browser is here; if not, says so (or fails, when it is
/// required).
fn browser_present(test: &str) -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    assert!(
        std::env::var("LUDUS_REQUIRE_BROWSER").as_deref() != Ok("1"),
        "{test}: LUDUS_REQUIRE_BROWSER=1 but {CHROMIUM} or {CHROMEDRIVER} is missing \
         (apt-get install -y chromium chromium-driver)"
    );
    eprintln!("NOTICE: {test} skipped: no {CHROMIUM} or {CHROMEDRIVER}");
    false
}

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn driver() -> Driver {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    }
}

/// A browser of its own (a fresh profile), `width` x `height`.
async fn browser(d: &Driver, profile: &Path, width: u32, height: u32) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
    ];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.push(format!("--window-size={width},{height}"));
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
    });
    let Value::Object(caps) = caps else {
        unreachable!()
    };
    let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&d.url)
        .await
        .expect("a browser session");
    let _ = c.set_window_size(width, height).await;
    c
}

/// What a page of a seat shows: its step, the seat to act (`none` once
/// over) and how many moves it offers.
async fn state(c: &Client) -> (i64, String, usize) {
    let v = c
        .execute(
            "const b = document.body.dataset; \
             return [Number(b.step || -1), String(b.actor || ''), \
                     document.querySelectorAll('#moves button').length];",
            vec![],
        )
        .await
        .expect("the page answers");
    (
        v[0].as_i64().unwrap_or(-1),
        v[1].as_str().unwrap_or("").to_string(),
        v[2].as_u64().unwrap_or(0) as usize,
    )
}

/// Waits until the page shows a step after `step`, or the end.
async fn wait_past(c: &Client, step: i64) {
    let start = Instant::now();
    loop {
        let (s, actor, _) = state(c).await;
        if s > step || actor == "none" {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no new step");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Clicks one of the page's move buttons (a choice drawn from `rng`).
async fn click_a_move(c: &Client, rng: &mut u64) -> bool {
    let (step, _, n) = state(c).await;
    if n == 0 {
        return false;
    }
    *rng = rng
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let i = ((*rng >> 33) as usize) % n;
    let buttons = c.find_all(Locator::Css("#moves button")).await.unwrap();
    if let Some(b) = buttons.get(i) {
        // The page may have been redrawn meanwhile: the next look tells.
        if b.click().await.is_ok() {
            wait_past(c, step).await;
        }
    }
    true
}

/// Creates a game on the page: `seats` per seat (`human` or an AI).
async fn create_game(
    c: &Client,
    base: &str,
    game: &str,
    players: usize,
    seats: &[&str],
) -> Vec<String> {
    c.goto(base).await.unwrap();
    let sel = c.wait().for_element(Locator::Css("#game")).await.unwrap();
    sel.select_by_value(game).await.unwrap();
    let p = c.find(Locator::Css("#players")).await.unwrap();
    p.select_by_value(&players.to_string()).await.unwrap();
    let selects = c.find_all(Locator::Css("select[name=seat]")).await.unwrap();
    assert_eq!(selects.len(), seats.len());
    for (s, v) in selects.iter().zip(seats) {
        s.select_by_value(v).await.unwrap();
    }
    c.find(Locator::Css("#make"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.wait()
        .for_element(Locator::Css("#links:not(.hidden) .spectatorlink"))
        .await
        .unwrap();
    let mut links = Vec::new();
    for e in c.find_all(Locator::Css(".seatlink")).await.unwrap() {
        links.push(e.prop("value").await.unwrap().unwrap_or_default());
    }
    let spectator = c.find(Locator::Css(".spectatorlink")).await.unwrap();
    links.push(spectator.prop("value").await.unwrap().unwrap_or_default());
    links
}

/// Where screenshots go, if asked for.
fn shots() -> Option<PathBuf> {
    std::env::var_os("LUDUS_SCREENSHOTS").map(PathBuf::from)
}

async fn shoot(c: &Client, name: &str) {
    if let Some(dir) = shots() {
        let _ = c.execute("window.scrollTo(0, 0);", vec![]).await;
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(dir.join(name), png).expect("the screenshot is written");
    }
}

/// The number of cards of other seats' hands whose face a page shows.
async fn faces_of_other_hands(c: &Client) -> u64 {
    let v = c
        .execute(
            "return document.querySelectorAll('.hand:not(.own) .card:not(.back)').length;",
            vec![],
        )
        .await
        .unwrap();
    v.as_u64().unwrap_or(99)
}

#[test]
fn three_seats_of_de_cape_in_three_browsers_with_an_ai() {
    if !browser_present("three_seats_of_de_cape_in_three_browsers_with_an_ai") {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let profiles = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(data.path()).await;
        let base = format!("http://{}/?lang=en", s.addr);
        let d = driver();
        let dir = |n: &str| {
            let p = profiles.path().join(n);
            std::fs::create_dir_all(&p).unwrap();
            p
        };
        let watcher = browser(&d, &dir("watcher"), 1280, 800).await;
        let links = create_game(
            &watcher,
            &base,
            "de_cape_et_d_epee",
            3,
            &["human", "human", "easy"],
        )
        .await;
        assert_eq!(links.len(), 3, "two seats' links and the spectators'");
        let blue = browser(&d, &dir("blue"), 1280, 800).await;
        let white = browser(&d, &dir("white"), 390, 844).await;
        blue.goto(&links[0]).await.unwrap();
        white.goto(&links[1]).await.unwrap();
        watcher.goto(&links[2]).await.unwrap();
        let mut rng = 5u64;
        let mut clicks = 0;
        let mut reloaded = false;
        let start = Instant::now();
        loop {
            let (_, actor, _) = state(&watcher).await;
            if actor == "none" {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(40),
                "the game takes too long"
            );
            let mut moved = false;
            for seat in [&blue, &white] {
                if click_a_move(seat, &mut rng).await {
                    moved = true;
                    clicks += 1;
                }
            }
            if clicks >= 10 && !reloaded {
                shoot(&blue, "serve-de-cape-1280x800.png").await;
                shoot(&white, "serve-de-cape-390x844.png").await;
                assert_eq!(faces_of_other_hands(&blue).await, 0);
                assert_eq!(faces_of_other_hands(&white).await, 0);
                // A reload rejoins where the seat was.
                let before = state(&white).await.0;
                white.refresh().await.unwrap();
                let start = Instant::now();
                while state(&white).await.0 < before {
                    assert!(start.elapsed() < Duration::from_secs(10), "no rejoin");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                reloaded = true;
            }
            if !moved {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        assert!(reloaded && clicks > 10, "{clicks} clicks");
        for c in [&blue, &white, &watcher] {
            let r = c.find(Locator::Css("#result")).await.unwrap();
            assert!(!r.text().await.unwrap().is_empty(), "the result shows");
        }
        let spectator_faces = watcher
            .execute(
                "return document.querySelectorAll('.hand .card:not(.back)').length;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(spectator_faces, json!(0), "a spectator sees no hand");
        eprintln!(
            "de Cape in three browsers: {clicks} clicks, {:.1} s",
            start.elapsed().as_secs_f64()
        );
        for c in [blue, white, watcher] {
            let _ = c.close().await;
        }
        s.stop().await;
    });
}

#[test]
fn caesar_and_cleopatra_in_french_against_the_ai_in_a_browser() {
    if !browser_present("caesar_and_cleopatra_in_french_against_the_ai_in_a_browser") {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let profile = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(data.path()).await;
        let base = format!("http://{}/?lang=fr", s.addr);
        let d = driver();
        let c = browser(&d, profile.path(), 1280, 800).await;
        let links = create_game(&c, &base, "caesar_cleopatra", 2, &["human", "easy"]).await;
        let title = c
            .find(Locator::Css("#make"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(title, "Créer la partie");
        c.goto(&links[0]).await.unwrap();
        let mut rng = 11u64;
        let mut clicks = 0;
        let start = Instant::now();
        loop {
            let (_, actor, _) = state(&c).await;
            if actor == "none" {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(40),
                "the game takes too long"
            );
            if click_a_move(&c, &mut rng).await {
                clicks += 1;
                if clicks == 60 {
                    shoot(&c, "serve-caesar-cleopatra-fr.png").await;
                }
            } else {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        let status = c
            .find(Locator::Css("#status"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(status.contains("Partie finie"), "{status}");
        eprintln!(
            "Caesar & Cleopatra in a browser: {clicks} clicks, {:.1} s",
            start.elapsed().as_secs_f64()
        );
        let _ = c.close().await;
        s.stop().await;
    });
}
