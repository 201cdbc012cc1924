//! A small client of `ludus serve` for the tests: an in-process server on
//! an ephemeral port of the loopback, HTTP requests written as bytes on a
//! TCP stream (so that a test can send a malformed one as easily as a
//! good one), and WebSockets (tokio-tungstenite).

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use ludus::serve::{Config, Running};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderName;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A runtime for a test (two threads, as the machine has).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// A server on a free port of the loopback, its games in `data`.
pub async fn server(data: &Path) -> Running {
    let config = Config {
        data: data.to_path_buf(),
        rules: None,
        max_games: 1000,
    };
    ludus::serve::start(config, "127.0.0.1:0")
        .await
        .expect("the server starts")
}

/// An answer: its status and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
    /// The `error` of a JSON error answer.
    pub fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or("").to_string()
    }
}

/// Sends `raw` bytes as they are and reads the whole answer.
pub async fn raw(addr: SocketAddr, raw: &[u8]) -> Answer {
    let Ok(mut s) = TcpStream::connect(addr).await else {
        return Answer {
            status: 0,
            head: String::new(),
            body: String::new(),
        };
    };
    let _ = s.write_all(raw).await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// An HTTP/1.0 request (the connection closes after the answer) with
/// extra header lines.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut r = format!("{method} {path} HTTP/1.0\r\nHost: {addr}\r\n");
    for (k, v) in headers {
        r += &format!("{k}: {v}\r\n");
    }
    r += &format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let mut bytes = r.into_bytes();
    bytes.extend_from_slice(body);
    raw(addr, &bytes).await
}

pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    request(addr, "POST", path, &[], body.to_string().as_bytes()).await
}

/// A new game: `seats` per seat (`human` or an AI); answers the creation.
pub async fn create(addr: SocketAddr, game: &str, players: usize, seats: &[&str]) -> Value {
    let a = post(
        addr,
        "/api/games",
        &json!({"game": game, "players": players, "seats": seats}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// The token of seat `p` of a created game.
pub fn token(game: &Value, p: usize) -> String {
    game["seats"][p]
        .as_str()
        .expect("a person's seat")
        .to_string()
}

pub async fn view(addr: SocketAddr, token: &str) -> Value {
    let a = post(addr, "/api/view", &json!({"token": token})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

pub async fn play(addr: SocketAddr, token: &str, step: u64, choice: usize) -> Answer {
    post(
        addr,
        "/api/move",
        &json!({"token": token, "step": step, "choice": choice}),
    )
    .await
}

/// A WebSocket to the server, with extra headers on the upgrade.
pub async fn ws_with(addr: SocketAddr, headers: &[(&str, &str)]) -> Result<Ws, String> {
    let mut req = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    for (k, v) in headers {
        let name = HeaderName::from_bytes(k.as_bytes()).expect("a header name");
        req.headers_mut()
            .insert(name, v.parse().expect("a header value"));
    }
    tokio_tungstenite::connect_async(req)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

/// A WebSocket opened with `token`, and its first message.
pub async fn ws(addr: SocketAddr, token: &str) -> (Ws, Value) {
    let mut ws = ws_with(addr, &[]).await.expect("a WebSocket");
    send(&mut ws, &json!({"token": token})).await;
    let first = next(&mut ws).await.expect("a first message");
    (ws, first)
}

pub async fn send(ws: &mut Ws, v: &Value) {
    ws.send(Message::Text(v.to_string().into()))
        .await
        .expect("sent");
}

/// The next JSON message (`None`: the connection closed, or 10 s passed).
pub async fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .ok()??;
        match m {
            Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// The next view at step `step` or later (skipping older ones and
/// errors).
pub async fn view_at(ws: &mut Ws, step: u64) -> Value {
    loop {
        let v = next(ws).await.expect("a view");
        if v["type"] == "view" && v["step"].as_u64() >= Some(step) {
            return v;
        }
    }
}
