//! `rulehub room`: the room server for private online games (see
//! docs/rooms.md). The server is the `rulehub-room` crate; this command
//! reads its settings, reports what recovery found, and stops on Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use rulehub_room::fanout::{FanOut, Local};
use rulehub_room::{Config, Journal, Limits, RedisStore, RoomServer, Store, origin_of};

use super::{EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct RoomArgs {
    /// The address to listen on (loopback by default; put a TLS proxy in
    /// front to publish it). Port 0 picks a free one.
    #[arg(long, default_value = "127.0.0.1:8787")]
    listen: SocketAddr,
    /// Where rooms and finished games are kept.
    #[arg(long, default_value = "rooms-data")]
    data: PathBuf,
    /// Keep rooms in Redis instead, shared with every other room server
    /// given the same address (several servers behind a load balancer),
    /// e.g. `redis://127.0.0.1:6379/`.
    #[arg(long, value_name = "URL", conflicts_with = "data")]
    redis: Option<String>,
    /// The hub folder: pages from its hub.yaml `base_url` may use the server.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Another address whose pages may use the server (repeatable), e.g.
    /// `http://localhost:1111` for `rulehub serve`.
    #[arg(long = "allow-origin", value_name = "URL")]
    allow_origin: Vec<String>,
    /// Rooms held at once.
    #[arg(long, default_value_t = Limits::default().max_rooms)]
    max_rooms: usize,
    /// Watchers per room.
    #[arg(long, default_value_t = Limits::default().max_watchers)]
    max_watchers: usize,
    /// Frames a socket may send per second (bursts of twice as many).
    #[arg(long, default_value_t = Limits::default().frames_per_second,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    frames_per_second: u32,
    /// The largest frame a client may send, in bytes (at most 65536).
    #[arg(long, default_value_t = Limits::default().max_message_bytes,
          value_parser = parse_message_limit)]
    max_message_bytes: usize,
    /// Connections one client address may hold at once, WebSockets
    /// included (0: no cap). Behind a proxy every client has the proxy's
    /// address: raise it there and cap per client in the proxy.
    #[arg(long, default_value_t = Limits::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// Minutes without a move, join or connection after which a room is removed.
    #[arg(long, default_value_t = 24 * 60, value_parser = clap::value_parser!(u64).range(1..=525_600))]
    idle_minutes: u64,
}

fn parse_message_limit(text: &str) -> Result<usize, String> {
    let bytes: usize = text.parse().map_err(|e| format!("{e}"))?;
    if (64..=rulehub_room::limits::HARD_MESSAGE_CAP).contains(&bytes) {
        Ok(bytes)
    } else {
        Err(format!(
            "use 64 to {} bytes",
            rulehub_room::limits::HARD_MESSAGE_CAP
        ))
    }
}

pub fn run(args: &RoomArgs, verbosity: Verbosity) -> ExitCode {
    let config = match config(args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    runtime.block_on(serve(args, config, verbosity))
}

fn config(args: &RoomArgs) -> Result<Config, String> {
    let mut allowed = Vec::new();
    if args.root.join("hub.yaml").exists() {
        let hub = rulehub::hub::read_config(&args.root).map_err(|diagnostics| {
            let first = diagnostics
                .first()
                .map_or(String::new(), |d| d.message.clone());
            format!(
                "cannot read {}: {first}",
                args.root.join("hub.yaml").display()
            )
        })?;
        allowed.extend(origin_of(&hub.base_url));
    }
    for url in &args.allow_origin {
        let origin = origin_of(url).ok_or_else(|| {
            format!("--allow-origin `{url}` is not an http(s) address such as `https://rules.example.org`")
        })?;
        allowed.push(origin);
    }
    allowed.sort();
    allowed.dedup();
    Ok(Config {
        limits: Limits {
            max_rooms: args.max_rooms,
            max_watchers: args.max_watchers,
            frames_per_second: args.frames_per_second,
            frame_burst: args.frames_per_second.saturating_mul(2),
            max_message_bytes: args.max_message_bytes,
            max_connections_per_address: args.max_connections_per_address,
            idle_expiry: Duration::from_secs(args.idle_minutes * 60),
            ..Limits::default()
        },
        allowed_origins: allowed,
    })
}

async fn serve(args: &RoomArgs, config: Config, verbosity: Verbosity) -> ExitCode {
    let (store, fanout, kept): (Arc<dyn Store>, Arc<dyn FanOut>, String) = match &args.redis {
        Some(url) => match RedisStore::open(url, config.limits.idle_expiry) {
            Ok(store) => {
                let kept = format!("rooms in Redis at {}", store.address());
                let fanout = Arc::new(store.fan_out());
                (Arc::new(store), fanout, kept)
            }
            Err(e) => {
                eprintln!("error: {e}");
                eprintln!(
                    "help: start redis-server (or fix --redis), or leave --redis out to keep rooms in --data"
                );
                return ExitCode::from(EXIT_USAGE);
            }
        },
        None => match Journal::open(&args.data) {
            Ok(store) => (
                Arc::new(store),
                Arc::new(Local::new()),
                format!("data in {}", args.data.display()),
            ),
            Err(e) => {
                eprintln!("error: {e}");
                eprintln!("help: pass --data with a folder the server may write");
                return ExitCode::from(EXIT_USAGE);
            }
        },
    };
    let origins = config.allowed_origins.clone();
    let (server, opened) = match RoomServer::open_with(config, store, fanout) {
        Ok(opened) => opened,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if verbosity != Verbosity::Quiet {
        for code in &opened.truncated {
            eprintln!(
                "warning: room {code}: the journal ended in a half-written record (a crash mid-write); it was cut back to the last whole one"
            );
        }
        for (what, why) in &opened.unreadable {
            eprintln!("warning: {what}: not restored: {why}");
        }
    }
    let listener = match tokio::net::TcpListener::bind(args.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("error: cannot listen on {}: {e}", args.listen);
            eprintln!("help: pass another --listen address, or port 0 for any free one");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let addr = listener.local_addr().unwrap_or(args.listen);
    if args.redis.is_some() {
        // Rooms are loaded from Redis when someone connects to them.
        println!(
            "room server at http://{addr} ({kept}, each loaded when first used; Ctrl-C to stop)"
        );
    } else {
        println!(
            "room server at http://{addr} ({kept}, {} room{} restored; Ctrl-C to stop)",
            opened.rooms,
            if opened.rooms == 1 { "" } else { "s" }
        );
    }
    if origins.is_empty() {
        println!("no page origin is allowed yet: pass --allow-origin or run it in a hub folder");
    } else {
        println!("pages from {} may use it", origins.join(", "));
    }
    if !addr.ip().is_loopback() {
        println!("listening beyond loopback: put a TLS proxy in front before publishing it");
    }
    let _ = std::io::stdout().flush();
    let stopped = server
        .serve(listener, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
    match stopped {
        Ok(()) => {
            if args.redis.is_some() {
                println!("room server stopped; every acknowledged move is in Redis");
            } else {
                println!("room server stopped; every acknowledged move is on disk");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: the server failed: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
