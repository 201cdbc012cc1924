//! The server's routes: the page, the JSON API and the WebSocket.
//!
//! - `GET /`: the page (one file, `page.html`), which creates games and
//!   plays a seat (its token in the link's fragment, never sent in a URL).
//! - `GET /api/setup?lang=xx`: the games offered and the page's words.
//! - `POST /api/games`: a new game (an [`Order`]); answers each seat's
//!   token and the spectators'.
//! - `POST /api/view` `{token, lang?}`: what that token's viewer sees.
//! - `POST /api/move` `{token, step, choice, lang?}`: a move; answers the
//!   new view, or the refusal.
//! - `GET /ws`: a WebSocket; its first message is `{token, lang?}`, then
//!   `{step, choice}` to move or `{lang}` to change language; the server
//!   sends `{"type": "view", ...}` at every change and `{"type":
//!   "error", "message"}` for a refusal or a bad message.
//!
//! **Security**: a request with an `Origin` that is not this server's own
//! (`http://` and its `Host`) is refused on every POST and on the
//! WebSocket upgrade, and no CORS header is ever sent, so that another
//! site's page can neither act nor read. Bodies are limited to
//! [`MAX_BODY`] bytes and WebSocket messages to [`MAX_MESSAGE`]; a
//! malformed body or message is answered with an error, never a panic.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tokio::sync::watch;

use super::hall::{Hall, Order};
use super::live::Refusal;
use super::words::{page_words, s};
use crate::play::i18n::Lang;
use crate::play::table::Viewer;

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// The largest WebSocket message or frame, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// How long a WebSocket may wait before saying which token it is.
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// The page, embedded in the binary.
const PAGE: &str = include_str!("page.html");

/// What the routes share.
#[derive(Clone)]
pub struct Shared {
    pub hall: Arc<Hall>,
    /// Becomes `true` when the server stops: the WebSockets close.
    pub stopping: watch::Receiver<bool>,
}

/// The server's routes.
pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/setup", get(setup))
        .route("/api/games", post(create))
        .route("/api/view", post(view))
        .route("/api/move", post(play))
        .route("/ws", get(ws))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
}

/// An error answer: `{"error": message}` with `status`.
fn error(status: StatusCode, message: String) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}

/// A request refused: its status and why.
struct Refused(StatusCode, String);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        error(self.0, self.1)
    }
}

/// Refuses a request whose `Origin` is another site than this server.
fn check_origin(headers: &HeaderMap) -> Result<(), Refused> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not from a browser's page: no other site's page can be behind it.
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let own = host.map(|h| format!("http://{h}"));
    match (origin.to_str(), own) {
        (Ok(o), Some(own)) if o == own => Ok(()),
        (o, _) => {
            let o = o.unwrap_or("?").chars().take(100).collect::<String>();
            Err(Refused(
                StatusCode::FORBIDDEN,
                s!(Lang::En, "bad-origin", origin = o),
            ))
        }
    }
}

/// `body` as JSON of `T`, or a 400 saying why.
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, Refused> {
    serde_json::from_slice(body).map_err(|e| {
        let why = e.to_string();
        Refused(
            StatusCode::BAD_REQUEST,
            s!(Lang::En, "bad-request", why = why),
        )
    })
}

/// The language a client asks for (`en`, `fr`, `nl`), if any.
fn lang_of(code: Option<&str>) -> Option<Lang> {
    code.map(|c| Lang::from_code(Some(c)))
}

async fn page() -> Response {
    let mut r = Html(PAGE).into_response();
    let h = r.headers_mut();
    let csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
               connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; \
               frame-ancestors 'none'";
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

async fn setup(State(sh): State<Shared>, Query(q): Query<LangQuery>) -> Response {
    let lang = Lang::from_code(q.lang.as_deref());
    let levels: Vec<&str> = crate::agents::LEVELS.iter().map(|(l, _)| *l).collect();
    axum::Json(json!({
        "games": sh.hall.offers,
        "levels": levels,
        "ai_agents": ["random", "greedy"],
        "langs": Lang::codes().collect::<Vec<_>>(),
        "lang": lang.code(),
        "words": page_words(lang),
    }))
    .into_response()
}

async fn create(State(sh): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = check_origin(&headers) {
        return r.into_response();
    }
    let order: Order = match parse(&body) {
        Ok(o) => o,
        Err(r) => return r.into_response(),
    };
    let hall = sh.hall.clone();
    let made = tokio::task::spawn_blocking(move || hall.create(order)).await;
    match made {
        Ok(Ok(t)) => axum::Json(json!({
            "id": t.id,
            "seats": t.keys.seats,
            "spectator": t.keys.spectator,
            "names": t.view(Viewer::Spectator, None).seats,
        }))
        .into_response(),
        Ok(Err(e)) => error(StatusCode::BAD_REQUEST, e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewAsk {
    token: String,
    #[serde(default)]
    lang: Option<String>,
}

async fn view(State(sh): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = check_origin(&headers) {
        return r.into_response();
    }
    let ask: ViewAsk = match parse(&body) {
        Ok(a) => a,
        Err(r) => return r.into_response(),
    };
    let lang = lang_of(ask.lang.as_deref());
    match sh.hall.open_token(&ask.token) {
        Some((t, viewer)) => view_json(&t.view(viewer, lang)).into_response(),
        None => bad_token(lang),
    }
}

fn bad_token(lang: Option<Lang>) -> Response {
    let lang = lang.unwrap_or(Lang::En);
    error(StatusCode::FORBIDDEN, s!(lang, "bad-token"))
}

/// A view as the JSON message sent: `{"type": "view", ...}`.
pub fn view_json(v: &super::live::View) -> axum::Json<serde_json::Value> {
    let mut j = serde_json::to_value(v).unwrap_or_default();
    j["type"] = json!("view");
    axum::Json(j)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveAsk {
    token: String,
    step: usize,
    choice: usize,
    #[serde(default)]
    lang: Option<String>,
}

async fn play(State(sh): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = check_origin(&headers) {
        return r.into_response();
    }
    let ask: MoveAsk = match parse(&body) {
        Ok(a) => a,
        Err(r) => return r.into_response(),
    };
    let lang = lang_of(ask.lang.as_deref());
    let Some((t, viewer)) = sh.hall.open_token(&ask.token) else {
        return bad_token(lang);
    };
    let table = t.clone();
    let done =
        tokio::task::spawn_blocking(move || table.submit(viewer, ask.step, ask.choice)).await;
    match done {
        Ok(Ok(())) => view_json(&t.view(viewer, lang)).into_response(),
        Ok(Err(refusal)) => refused(&refusal, lang.unwrap_or_else(|| t.lang())),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

fn refused(r: &Refusal, lang: Lang) -> Response {
    error(StatusCode::CONFLICT, r.words(lang))
}

async fn ws(
    State(sh): State<Shared>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    if let Err(r) = check_origin(&headers) {
        return r.into_response();
    }
    match upgrade {
        Ok(u) => u
            .max_message_size(MAX_MESSAGE)
            .max_frame_size(MAX_MESSAGE)
            .on_upgrade(move |socket| session(socket, sh)),
        Err(e) => error(StatusCode::BAD_REQUEST, e.body_text()),
    }
}

/// What a WebSocket client sends.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClientMessage {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    lang: Option<String>,
    #[serde(default)]
    step: Option<usize>,
    #[serde(default)]
    choice: Option<usize>,
}

fn error_message(message: String) -> Message {
    Message::Text(
        json!({"type": "error", "message": message})
            .to_string()
            .into(),
    )
}

/// The client's message, or the error to answer it with.
fn read_message(m: &Message, lang: Lang) -> Result<Option<ClientMessage>, String> {
    match m {
        Message::Text(t) => serde_json::from_str(t.as_str())
            .map(Some)
            .map_err(|e| s!(lang, "bad-request", why = e.to_string())),
        Message::Binary(_) => Err(s!(lang, "bad-request", why = "a binary message")),
        _ => Ok(None),
    }
}

/// Waits for the first message, which names the token.
async fn hello(socket: &mut WebSocket) -> Result<ClientMessage, String> {
    loop {
        let m = tokio::time::timeout(HELLO_TIMEOUT, socket.recv())
            .await
            .map_err(|_| "timeout".to_string())?;
        match m {
            Some(Ok(m)) => {
                if let Some(c) = read_message(&m, Lang::En)? {
                    return Ok(c);
                }
                if matches!(m, Message::Close(_)) {
                    return Err(String::new());
                }
            }
            _ => return Err(String::new()),
        }
    }
}

/// A WebSocket connection: its viewer's views at every change, its moves.
async fn session(mut socket: WebSocket, sh: Shared) {
    let first = match hello(&mut socket).await {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                let _ = socket.send(error_message(e)).await;
            }
            return;
        }
    };
    let mut lang = lang_of(first.lang.as_deref());
    let token = first.token.unwrap_or_default();
    let Some((table, viewer)) = sh.hall.open_token(&token) else {
        let lang = lang.unwrap_or(Lang::En);
        let _ = socket.send(error_message(s!(lang, "bad-token"))).await;
        return;
    };
    let mut changed = table.changed.subscribe();
    let mut stopping = sh.stopping.clone();
    let mut send_view = true;
    loop {
        if send_view {
            changed.borrow_and_update();
            let v = view_json(&table.view(viewer, lang)).0.to_string();
            if socket.send(Message::Text(v.into())).await.is_err() {
                return;
            }
            send_view = false;
        }
        tokio::select! {
            r = changed.changed() => {
                if r.is_err() { return; }
                send_view = true;
            }
            _ = stopping.changed() => return,
            m = socket.recv() => {
                let Some(Ok(m)) = m else { return };
                if matches!(m, Message::Close(_)) { return; }
                let l = lang.unwrap_or_else(|| table.lang());
                match read_message(&m, l) {
                    Ok(None) => {}
                    Ok(Some(c)) => {
                        if let Some(code) = c.lang.as_deref() {
                            lang = lang_of(Some(code));
                            send_view = true;
                        }
                        if let (Some(step), Some(choice)) = (c.step, c.choice) {
                            let t = table.clone();
                            let done = tokio::task::spawn_blocking(move || t.submit(viewer, step, choice)).await;
                            if let Ok(Err(r)) = done {
                                let _ = socket.send(error_message(r.words(l))).await;
                                send_view = true;
                            }
                        }
                    }
                    Err(e) => {
                        if socket.send(error_message(e)).await.is_err() { return; }
                    }
                }
            }
        }
    }
}
