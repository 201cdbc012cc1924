//! A load test of `ludus serve`, on the loopback only, not in the default
//! run (`cargo test --profile tests --test suite serve_load -- --ignored
//! --nocapture`): the `ludus` binary serves 200 games at once (half
//! Caesar & Cleopatra, half three-seat de Cape & d'Épée), every seat
//! played by a random agent of the test through its own WebSocket. It
//! prints the time of a move (from sending it to the view that shows it,
//! p50 and p99), the server's memory (its resident set, from /proc), and
//! checks that every game replays from its save to its end.

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ludus::described::Described;
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use serde_json::{Value, json};

use crate::serve_client::*;

const GAMES: usize = 200;

/// The resident set of process `pid`, in MiB.
fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// One seat played at random through its WebSocket until the game ends;
/// returns the time of each of its moves and the last step.
async fn seat(addr: std::net::SocketAddr, token: String, seed: u64) -> (Vec<Duration>, u64) {
    let (mut ws, mut v) = ws(addr, &token).await;
    let mut rng = seed;
    let mut times = Vec::new();
    let mut sent: Option<(u64, Instant)> = None;
    loop {
        assert_eq!(v["type"], "view", "{v}");
        let step = v["step"].as_u64().unwrap();
        if let Some((at, t0)) = sent
            && step > at
        {
            times.push(t0.elapsed());
            sent = None;
        }
        if v["actor"].is_null() {
            return (times, step);
        }
        let n = v["moves"].as_array().unwrap().len();
        if n > 0 && sent.is_none() {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let choice = ((rng >> 33) as usize) % n;
            sent = Some((step, Instant::now()));
            send(&mut ws, &json!({"step": step, "choice": choice})).await;
        }
        v = next(&mut ws).await.expect("the server answers");
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[test]
#[ignore = "a load test: run it with --ignored"]
fn two_hundred_games_at_once() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ludus serve starts");
    let pid = server.id();
    let mut first = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr: std::net::SocketAddr = first
        .split("http://")
        .nth(1)
        .and_then(|u| u.trim().trim_end_matches('/').parse().ok())
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    let idle = rss_mib(pid);
    runtime().block_on(async {
        let mut games: Vec<Value> = Vec::new();
        for i in 0..GAMES {
            let g = if i % 2 == 0 {
                create(addr, "caesar_cleopatra", 2, &["human", "human"]).await
            } else {
                create(addr, "de_cape_et_d_epee", 3, &["human", "human", "human"]).await
            };
            games.push(g);
        }
        let start = Instant::now();
        let mut tasks = Vec::new();
        for (i, g) in games.iter().enumerate() {
            for (p, t) in g["seats"].as_array().unwrap().iter().enumerate() {
                let t = t.as_str().unwrap().to_string();
                tasks.push(tokio::spawn(seat(addr, t, (i * 10 + p) as u64)));
            }
        }
        let mut peak: f64 = 0.0;
        let mut times = Vec::new();
        let mut ends = Vec::new();
        for t in tasks {
            peak = peak.max(rss_mib(pid));
            let (mut t, end) = t.await.unwrap();
            times.append(&mut t);
            ends.push(end);
        }
        let seconds = start.elapsed().as_secs_f64();
        times.sort();
        eprintln!(
            "{GAMES} games, {} moves in {seconds:.1} s ({:.0} moves/s); a move: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
             server RSS: {idle:.1} MiB idle, {peak:.1} MiB at the peak, {:.1} MiB after",
            times.len(),
            times.len() as f64 / seconds,
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            percentile(&times, 1.0),
            rss_mib(pid),
        );
        // Every game replays from its save to the end.
        for (i, g) in games.iter().enumerate() {
            let path = data.path().join(format!("{}.ron", g["id"].as_str().unwrap()));
            let moves = if i % 2 == 0 {
                let x = ludus::play::Game::<CaesarCleopatra>::load(&path).unwrap();
                assert!(x.is_over());
                x.moves.len()
            } else {
                let x = ludus::play::Game::<Described>::load(&path).unwrap();
                assert!(x.is_over());
                x.moves.len()
            };
            assert!(moves > 10);
        }
        eprintln!("every one of the {GAMES} saves replays to its end");
    });
    let _ = server.kill();
    let _ = server.wait();
}
