//! `ludus serve` through its HTTP and WebSocket API, on an in-process
//! server on a free port of the loopback: what a seat is sent, which moves
//! are taken, the tokens, the origin checks, hostile requests and frames,
//! the saves, and a restart in the middle of running games.

use std::net::SocketAddr;
use std::path::Path;

use ludus::described::Described;
use ludus::games::caesar_cleopatra::CaesarCleopatra;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::serve_client::*;

/// The hand zones of a view, by seat: whether any card shows its face.
fn hand_faces(v: &Value, seat: u64) -> Vec<Value> {
    let zones = v["table"]["zones"].as_array().expect("zones");
    let hand = zones
        .iter()
        .find(|z| z["kind"] == "hand" && z["seat"] == seat)
        .expect("a hand zone per seat");
    let cards = hand["cards"].as_array().expect("cards");
    cards.iter().map(|c| c["face"].clone()).collect()
}

fn save_of(data: &Path, game: &Value) -> std::path::PathBuf {
    data.join(format!("{}.ron", game["id"].as_str().unwrap()))
}

/// A small deterministic choice among `n`.
fn pick(state: &mut u64, n: usize) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*state >> 33) as usize) % n.max(1)
}

/// Plays the people's seats of `game` (a choice drawn from `seed`) until
/// it is over (then its last step) or `max` rounds were played (then the
/// step after the last move acknowledged); the AI seats play themselves.
/// `Err`: the server went away, after the step of the last move
/// acknowledged.
async fn drive(addr: SocketAddr, game: &Value, seed: u64, max: usize) -> Result<u64, u64> {
    let mut rng = seed;
    let mut acked = 0;
    let seats = game["seats"].as_array().unwrap().clone();
    let spectator = game["spectator"].as_str().unwrap();
    for _ in 0..max {
        let looked = post(addr, "/api/view", &json!({ "token": spectator })).await;
        if looked.status != 200 {
            return Err(acked);
        }
        let v = looked.json();
        let Some(actor) = v["actor"].as_u64() else {
            return Ok(v["step"].as_u64().unwrap());
        };
        let Some(token) = seats[actor as usize].as_str() else {
            // An AI's turn: it plays by itself.
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            continue;
        };
        let mine = post(addr, "/api/view", &json!({ "token": token })).await;
        if mine.status != 200 {
            return Err(acked);
        }
        let mine = mine.json();
        let step = mine["step"].as_u64().unwrap();
        let n = mine["moves"].as_array().unwrap().len();
        let a = play(addr, token, step, pick(&mut rng, n)).await;
        match a.status {
            200 => acked = step + 1,
            409 => {}
            _ => return Err(acked),
        }
    }
    Ok(acked)
}

#[test]
fn each_seat_sees_its_own_hand_and_only_the_backs_of_the_others() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "de_cape_et_d_epee", 3, &["human", "human", "human"]).await;
        for p in 0..3u64 {
            let v = view(s.addr, &token(&g, p as usize)).await;
            assert_eq!(v["seat"], p);
            for q in 0..3u64 {
                let faces = hand_faces(&v, q);
                assert!(!faces.is_empty());
                assert!(
                    faces.iter().all(|f| f.is_null() != (p == q)),
                    "seat {p} sees seat {q}'s hand as {faces:?}"
                );
            }
            // Only the seat to act is sent moves.
            assert_eq!(v["moves"].as_array().unwrap().is_empty(), v["actor"] != p);
        }
        let spectator = g["spectator"].as_str().unwrap();
        let v = view(s.addr, spectator).await;
        assert!(v["seat"].is_null());
        for q in 0..3 {
            assert!(hand_faces(&v, q).iter().all(Value::is_null));
        }
        assert!(v["moves"].as_array().unwrap().is_empty());
        s.stop().await;
    });
}

#[test]
fn a_spectator_is_told_the_events_without_the_hidden_cards() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "greedy"]).await;
        let spectator = g["spectator"].as_str().unwrap();
        let texts = |v: &Value| -> Vec<String> {
            let events = v["events"].as_array().unwrap();
            events
                .iter()
                .map(|e| e["text"].as_str().unwrap().to_string())
                .collect()
        };
        let seat = texts(&view(s.addr, &token(&g, 0)).await);
        let public = texts(&view(s.addr, spectator).await);
        assert_eq!(seat.len(), public.len());
        // Cleopatra is told her mission; the spectator only that she drew one.
        assert!(
            seat[0].starts_with("Cleopatra draws the mission card"),
            "{seat:?}"
        );
        assert_eq!(public[0], "Cleopatra draws a mission card.");
        assert_eq!(public[1], "Caesar draws a mission card.");
        assert!(public.iter().all(|t| !t.contains("draws the mission card")));
        s.stop().await;
    });
}

#[test]
fn only_the_seat_to_act_moves_and_a_refused_move_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "human"]).await;
        let save = save_of(dir.path(), &g);
        let v = view(s.addr, &token(&g, 0)).await;
        let actor = v["actor"].as_u64().unwrap() as usize;
        let (me, other) = (token(&g, actor), token(&g, 1 - actor));
        let before = std::fs::read(&save).unwrap();
        let spectator = g["spectator"].as_str().unwrap();
        let refusals = [
            (play(s.addr, &other, 0, 0).await, "Not your turn"),
            (play(s.addr, &me, 1, 0).await, "chosen at step 1"),
            (play(s.addr, &me, 0, 100_000).await, "no choice 100000"),
            (play(s.addr, spectator, 0, 0).await, "spectator"),
        ];
        for (a, why) in &refusals {
            assert_eq!(a.status, 409, "{}", a.body);
            assert!(a.error().contains(why), "{} lacks {why}", a.error());
        }
        assert_eq!(view(s.addr, &me).await["step"], 0);
        assert_eq!(
            std::fs::read(&save).unwrap(),
            before,
            "a refusal changed the save"
        );
        // The seat to act moves; the same move again is stale.
        assert_eq!(play(s.addr, &me, 0, 0).await.status, 200);
        let again = play(s.addr, &me, 0, 0).await;
        assert_eq!(again.status, 409);
        assert_ne!(std::fs::read(&save).unwrap(), before);
        // The refusal in the client's language.
        let fr = post(
            s.addr,
            "/api/move",
            &json!({"token": me, "step": 0, "choice": 0, "lang": "fr"}),
        )
        .await;
        assert!(fr.error().contains("étape"), "{}", fr.error());
        s.stop().await;
    });
}

#[test]
fn a_guessed_token_opens_nothing() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "normal"]).await;
        let real = token(&g, 0);
        let mut guessed = real.clone();
        // One character off, and a token of the right form made up.
        guessed.replace_range(0..1, if real.starts_with('0') { "1" } else { "0" });
        for t in [guessed.as_str(), &"0".repeat(48), "", "../../etc/passwd"] {
            let a = post(s.addr, "/api/view", &json!({ "token": t })).await;
            assert_eq!(a.status, 403, "{t}: {}", a.body);
            assert!(a.error().contains("Unknown link"), "{}", a.error());
            let a = play(s.addr, t, 0, 0).await;
            assert_eq!(a.status, 403);
        }
        let (mut ws, first) = ws(s.addr, &guessed).await;
        assert_eq!(first["type"], "error");
        assert!(first["message"].as_str().unwrap().contains("Unknown link"));
        assert!(next(&mut ws).await.is_none(), "the connection closes");
        // An AI's seat has no token at all.
        assert!(g["seats"][1].is_null());
        s.stop().await;
    });
}

#[test]
fn a_page_of_another_origin_can_neither_act_nor_read() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "human"]).await;
        let t = token(&g, 0);
        let body = json!({"token": t}).to_string();
        let evil = [("Origin", "http://evil.example")];
        for path in ["/api/move", "/api/view", "/api/games"] {
            let a = request(s.addr, "POST", path, &evil, body.as_bytes()).await;
            assert_eq!(a.status, 403, "{path}: {}", a.body);
            assert!(a.error().contains("another site"), "{}", a.error());
        }
        assert!(ws_with(s.addr, &evil).await.is_err());
        let own = format!("http://{}", s.addr);
        let a = request(
            s.addr,
            "POST",
            "/api/view",
            &[("Origin", own.as_str())],
            body.as_bytes(),
        )
        .await;
        assert_eq!(a.status, 200);
        assert!(ws_with(s.addr, &[("Origin", own.as_str())]).await.is_ok());
        // No CORS: not on an answer, not on a preflight.
        let pre = request(
            s.addr,
            "OPTIONS",
            "/api/move",
            &[("Origin", "http://evil.example")],
            b"",
        )
        .await;
        for head in [&a.head, &pre.head] {
            assert!(!head.to_lowercase().contains("access-control"), "{head}");
        }
        assert_eq!(view(s.addr, &t).await["step"], 0);
        s.stop().await;
    });
}

#[test]
fn malformed_and_oversized_requests_and_frames_get_an_error() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "human"]).await;
        let t = token(&g, 0);
        let bad: [&[u8]; 5] = [
            b"{not json",
            b"{\"token\": 5}",
            b"{\"token\": \"x\", \"step\": -1, \"choice\": 0}",
            b"{\"token\": \"x\", \"step\": 99999999999999999999999, \"choice\": 0}",
            b"{\"token\": \"x\", \"step\": 0, \"choice\": 0, \"extra\": 1}",
        ];
        for body in bad {
            let a = request(s.addr, "POST", "/api/move", &[], body).await;
            assert_eq!(a.status, 400, "{}", a.body);
            assert!(a.error().starts_with("Bad request"), "{}", a.error());
        }
        let huge = vec![b'x'; 64 * 1024];
        let a = request(s.addr, "POST", "/api/move", &[], &huge).await;
        assert_eq!(a.status, 413, "{}", a.body);
        let a = raw(s.addr, b"GARBAGE \x00\xff\r\n\r\n").await;
        assert_eq!(a.status, 400, "{a:?}");
        let a = request(s.addr, "GET", "/nothing", &[], b"").await;
        assert_eq!(a.status, 404);
        let order = json!({"game": "chess", "seats": ["human"]});
        let a = post(s.addr, "/api/games", &order).await;
        assert_eq!(a.status, 400);
        assert!(a.error().contains("Unknown game"), "{}", a.error());
        let order = json!({"game": "caesar_cleopatra", "seats": ["human", "grandmaster"]});
        assert_eq!(post(s.addr, "/api/games", &order).await.status, 400);
        // WebSocket: a bad message gets an error and the connection lives on.
        let (mut ws, first) = ws(s.addr, &t).await;
        assert_eq!(first["type"], "view");
        let actor = first["actor"].as_u64().unwrap() as usize;
        for m in [
            Message::Text("{oops".into()),
            Message::Binary(vec![1, 2, 3].into()),
            Message::Text("{\"step\": \"x\"}".into()),
        ] {
            futures_util::SinkExt::send(&mut ws, m).await.unwrap();
            let e = next(&mut ws).await.expect("an answer");
            assert_eq!(e["type"], "error", "{e}");
        }
        if actor == 0 {
            send(&mut ws, &json!({"step": 0, "choice": 0})).await;
            assert_eq!(view_at(&mut ws, 1).await["step"], 1);
        }
        // An oversized frame closes that connection, and only it.
        let big = "x".repeat(64 * 1024);
        let _ = futures_util::SinkExt::send(&mut ws, Message::Text(big.into())).await;
        assert!(next(&mut ws).await.is_none(), "an oversized frame closes");
        assert_eq!(view(s.addr, &t).await["type"], "view");
        s.stop().await;
    });
}

#[test]
fn the_ai_plays_its_seats_and_every_game_is_saved_for_ludus_replay() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(s.addr, "caesar_cleopatra", 2, &["human", "greedy"]).await;
        let end = drive(s.addr, &g, 7, 5000)
            .await
            .expect("the server answers");
        let v = view(s.addr, &token(&g, 0)).await;
        assert!(v["actor"].is_null(), "the game is over");
        assert!(v["result"].as_str().unwrap().len() > 10);
        s.stop().await;
        let saved = ludus::play::Game::<CaesarCleopatra>::load(&save_of(dir.path(), &g))
            .expect("the save loads as ludus replay reads it");
        assert!(saved.is_over());
        assert_eq!(saved.moves.len() as u64, end);
    });
}

#[test]
fn after_a_restart_the_games_and_links_work_again_and_a_seat_rejoins() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let g = create(
            s.addr,
            "de_cape_et_d_epee",
            3,
            &["human", "human", "greedy"],
        )
        .await;
        let (mut ws0, _) = ws(s.addr, &token(&g, 0)).await;
        let step = drive(s.addr, &g, 3, 12).await.unwrap();
        assert!(step >= 6, "{step}");
        let before = view(s.addr, &token(&g, 1)).await;
        s.stop().await;
        // The views sent before the stop, then the end of the connection.
        let mut left = 0;
        while next(&mut ws0).await.is_some() {
            left += 1;
            assert!(left < 1000, "the server's stop closes the connection");
        }
        let saved = ludus::play::Game::<Described>::load(&save_of(dir.path(), &g)).unwrap();
        // The AI's seat may have moved between that view and the stop: the
        // save holds every move the view saw, and perhaps the AI's next.
        assert!(saved.moves.len() as u64 >= before["step"].as_u64().unwrap());

        let s = server(dir.path()).await;
        assert_eq!(s.restored, 1);
        // The same links, the same view; a new connection (a reload) too.
        // An AI whose turn it was at the stop may have moved since the
        // restart: then the game has only gone on from there.
        let same_or_later = |v: &Value| {
            let (now, then) = (v["step"].as_u64(), before["step"].as_u64());
            if now == then {
                assert_eq!(*v, before);
            } else {
                assert!(now > then, "{v}");
            }
        };
        same_or_later(&view(s.addr, &token(&g, 1)).await);
        let (_ws, again) = ws(s.addr, &token(&g, 1)).await;
        same_or_later(&again);
        let end = drive(s.addr, &g, 4, 5000).await.unwrap();
        s.stop().await;
        let saved = ludus::play::Game::<Described>::load(&save_of(dir.path(), &g)).unwrap();
        assert!(saved.is_over());
        assert_eq!(saved.moves.len() as u64, end);
    });
}

#[test]
fn a_restart_in_the_middle_of_twenty_running_games_loses_none() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let s = server(dir.path()).await;
        let mut games = Vec::new();
        for i in 0..20 {
            // Short games: de Cape for 2 to 4 (Caesar & Cleopatra's longer
            // games are played to the end by the tests above).
            let n = 2 + i % 3;
            let seats = vec!["human"; n];
            games.push(create(s.addr, "de_cape_et_d_epee", n, &seats).await);
        }
        let addr = s.addr;
        let drivers: Vec<_> = games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let g = g.clone();
                tokio::spawn(async move { drive(addr, &g, i as u64, 100_000).await })
            })
            .collect();
        // Stop while every game is under way.
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let mut least = u64::MAX;
            for g in &games {
                let spectator = g["spectator"].as_str().unwrap();
                least = least.min(view(addr, spectator).await["step"].as_u64().unwrap());
            }
            if least >= 3 {
                break;
            }
        }
        s.stop().await;
        let mut acked = Vec::new();
        for d in drivers {
            // The server went away under the drivers.
            let (Ok(step) | Err(step)) = d.await.unwrap();
            acked.push(step);
        }
        let s = server(dir.path()).await;
        assert_eq!(s.restored, 20);
        for (g, &acked) in games.iter().zip(&acked) {
            let v = view(s.addr, g["spectator"].as_str().unwrap()).await;
            let step = v["step"].as_u64().unwrap();
            assert!(
                step >= 3 && step >= acked,
                "{step} < {acked}: a move was lost"
            );
        }
        for (i, g) in games.iter().enumerate() {
            let end = drive(s.addr, g, 100 + i as u64, 100_000).await.unwrap();
            let v = view(s.addr, g["spectator"].as_str().unwrap()).await;
            assert!(v["actor"].is_null());
            assert_eq!(v["step"].as_u64().unwrap(), end);
        }
        s.stop().await;
        for g in &games {
            let path = save_of(dir.path(), g);
            let saved = ludus::play::Game::<Described>::load(&path).expect("the save loads");
            assert!(saved.is_over(), "{}", path.display());
        }
        eprintln!("acknowledged steps before the restart: {acked:?}");
    });
}
