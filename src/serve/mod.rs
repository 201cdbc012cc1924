//! `ludus serve`: games in the browser, each seat at its own screen and
//! seeing only its own cards (docs/serve.md).
//!
//! A local web server (axum on tokio) holds games of every game of its
//! rules folder ([`hall`]), each through the engine's one play API
//! ([`live`]: `play::record::Game` and `play::Playable`), and serves one
//! page that creates games and draws any of them as cards ([`http`]).
//! Each seat's link carries a secret token; a seat is sent only its own
//! view, and a move is taken only from the seat to act. Every game is
//! saved as it goes in `ludus play`'s format, and a restarted server
//! takes up its games and links again.
//!
//! **Invariant: it names no game**; what a seat sees is the game's
//! `Playable::table` and narration for that seat.

pub mod hall;
pub mod http;
pub mod live;
pub mod words;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use tokio::sync::watch;

pub use hall::{Config, Hall};
use words::s;

use crate::play::i18n::Lang;

/// `ludus serve`: games in the browser.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The address and port to listen on: 127.0.0.1 (this computer only)
    /// by default; 0.0.0.0:PORT for every device of the network.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Where the games are saved, with their seats' tokens (default: the
    /// `serve` folder of the data directory of `ludus play`).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// A rules directory on disk (a game folder or a folder of games);
    /// default: $LUDUS_RULES if set, else the built-in games.
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// The language of the server's lines: en, fr or nl.
    #[arg(long)]
    pub lang: Option<String>,
    /// The most games the server holds.
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
}

/// A server running on a tokio runtime.
pub struct Running {
    /// The address it listens on (with the port chosen when 0 was asked).
    pub addr: SocketAddr,
    pub hall: Arc<Hall>,
    /// How many games were restored at the start.
    pub restored: usize,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops the server: no move is taken from now on (a move under way
    /// is saved first), the connections close.
    pub async fn stop(self) {
        self.hall.close();
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Starts a server on `addr` (port 0: any free port), on the current
/// tokio runtime.
pub async fn start(config: Config, addr: &str) -> Result<Running, String> {
    let (hall, restored) = tokio::task::spawn_blocking(move || Hall::open(config))
        .await
        .map_err(|e| e.to_string())??;
    let hall = Arc::new(hall);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("{addr}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (stop, stopping) = watch::channel(false);
    let app = http::router(http::Shared {
        hall: hall.clone(),
        stopping: stopping.clone(),
    });
    let mut until = stopping;
    let task = tokio::spawn(async move {
        let shutdown = async move {
            let _ = until.wait_for(|s| *s).await;
        };
        let _ = axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await;
    });
    Ok(Running {
        addr,
        hall,
        restored,
        stop,
        task,
    })
}

/// The default folder of the server's games.
fn default_data() -> PathBuf {
    crate::play::record::data_dir()
        .map(|d| d.join("serve"))
        .unwrap_or_else(|| PathBuf::from("ludus-serve"))
}

/// The lines saying where the server is and who can reach it.
pub fn reach_lines(addr: SocketAddr, lang: Lang) -> String {
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
    } else {
        addr
    };
    let url = format!("http://{shown}/");
    let port = addr.port();
    let a = addr.ip().to_string();
    let reach = if addr.ip().is_loopback() {
        s!(lang, "reach-local", addr = a, port = port)
    } else {
        s!(lang, "reach-network", addr = a, port = port)
    };
    format!("{}\n{reach}\n", s!(lang, "listening", url = url))
}

/// `ludus serve`.
pub fn serve_main(a: ServeArgs) -> ExitCode {
    let lang = Lang::from_code(a.lang.as_deref());
    let config = Config {
        data: a.data.clone().unwrap_or_else(default_data),
        rules: a.rules.clone(),
        max_games: a.max_games,
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("ludus serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = config.data.display().to_string();
    runtime.block_on(async move {
        match start(config, &a.listen).await {
            Ok(r) => {
                print!("{}", reach_lines(r.addr, lang));
                if r.restored > 0 {
                    println!("{}", s!(lang, "restored", n = r.restored, dir = dir));
                }
                let _ = r.task.await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("ludus serve: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
