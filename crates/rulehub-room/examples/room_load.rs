//! Load for the room server: many rooms at once, two sockets each, playing
//! moves as fast as the server relays them. Prints relay latency
//! percentiles (a move sent by one player until the other receives it),
//! errors and lost moves. Run through `benches/rooms.sh`, which starts the
//! server and reads its memory; or by hand:
//!
//! `cargo run --release -p rulehub-room --example room-load -- 127.0.0.1:8787 1000 20 500`
//! (address, rooms, moves per room, and a player's mean thinking time in
//! milliseconds: 0 moves at once, the server's saturation; otherwise each
//! move waits a uniform 0 to twice that). The server needs `--max-rooms`
//! and `--frames-per-second` high enough.
//!
//! A fifth argument, a second server's address, splits every room across
//! two servers sharing one Redis (`rulehub room --redis`): the creator
//! plays through the first, the guest through the second, so every latency
//! is a cross-server relay (store in Redis, pub/sub, the other server's
//! relay). `REDIS=1 benches/rooms.sh` sets that up.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rulehub_tafl::{Game, Move, preset};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

const WAIT: Duration = Duration::from_secs(30);

#[derive(Default)]
struct Tally {
    errors: AtomicU64,
    lost: AtomicU64,
    moves: AtomicU64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr: SocketAddr = args
        .first()
        .map_or("127.0.0.1:8787", String::as_str)
        .parse()
        .expect("the first argument is the server's address");
    let rooms: usize = args.get(1).map_or(Ok(1000), |a| a.parse()).expect("rooms");
    let moves: usize = args.get(2).map_or(Ok(20), |a| a.parse()).expect("moves");
    let think_ms: u64 = args.get(3).map_or(Ok(0), |a| a.parse()).expect("think ms");
    let guest_addr: SocketAddr = args
        .get(4)
        .map_or(Ok(addr), |a| a.parse())
        .expect("the fifth argument is the guest's server's address");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run([addr, guest_addr], rooms, moves, think_ms));
}

async fn run(addrs: [SocketAddr; 2], rooms: usize, moves: usize, think_ms: u64) {
    let script = Arc::new(scripted_moves(moves));
    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    // Every room is set up (created, both seats joined) before any moves,
    // so the measured part has all sockets open at once.
    let (ready_tx, _) = tokio::sync::broadcast::channel::<()>(1);
    let barrier = Arc::new(tokio::sync::Barrier::new(rooms + 1));
    let mut tasks = Vec::with_capacity(rooms);
    for room in 0..rooms {
        let script = script.clone();
        let tally = tally.clone();
        let barrier = barrier.clone();
        let mut go = ready_tx.subscribe();
        tasks.push(tokio::spawn(async move {
            let setup = tokio::time::timeout(WAIT, set_up(addrs)).await;
            barrier.wait().await;
            let Ok(Ok((mut sockets, seq))) = setup else {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                return Vec::new();
            };
            let _ = go.recv().await;
            let think = Thinking::new(room as u64, think_ms);
            match tokio::time::timeout(WAIT * 20, play(&mut sockets, seq, &script, &tally, think))
                .await
            {
                Ok(Ok(latencies)) => latencies,
                _ => {
                    tally.errors.fetch_add(1, Ordering::Relaxed);
                    Vec::new()
                }
            }
        }));
    }
    barrier.wait().await;
    let setup_time = started.elapsed();
    let playing = Instant::now();
    let _ = ready_tx.send(());
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap_or_default());
    }
    let play_time = playing.elapsed();
    latencies.sort();
    let percentile = |p: f64| -> f64 {
        if latencies.is_empty() {
            return f64::NAN;
        }
        let index = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        latencies[index].as_secs_f64() * 1000.0
    };
    let played = tally.moves.load(Ordering::Relaxed);
    println!(
        "rooms: {rooms}, sockets: {}, mean thinking time: {think_ms} ms",
        rooms * 2
    );
    if addrs[0] != addrs[1] {
        println!(
            "two servers: creators on {}, guests on {} (every relay crosses servers)",
            addrs[0], addrs[1]
        );
    }
    println!("setup: {:.2} s", setup_time.as_secs_f64());
    println!(
        "moves relayed: {played} in {:.2} s ({:.0} moves/s)",
        play_time.as_secs_f64(),
        played as f64 / play_time.as_secs_f64()
    );
    println!(
        "relay latency ms: p50 {:.2}, p95 {:.2}, p99 {:.2}, max {:.2}",
        percentile(0.50),
        percentile(0.95),
        percentile(0.99),
        percentile(1.0)
    );
    println!("errors: {}", tally.errors.load(Ordering::Relaxed));
    println!("lost moves: {}", tally.lost.load(Ordering::Relaxed));
}

/// A brandubh game's first `count` moves (fewer if it ends first).
fn scripted_moves(count: usize) -> Vec<String> {
    let rules = preset("brandubh").expect("preset");
    let mut game = Game::start(&rules).expect("start");
    let mut step: u64 = 11;
    let mut moves = Vec::new();
    while moves.len() < count && !game.outcome().is_over() {
        let legal: Vec<Move> = game.legal_moves();
        step = step
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(step >> 33) as usize % legal.len()];
        game.play(mv).expect("legal");
        moves.push(mv.name(rules.dims));
    }
    moves
}

/// A player's thinking time before each move: uniform in 0 to twice the
/// mean, from a per-room generator so rooms do not move in lockstep.
struct Thinking {
    state: u64,
    mean_ms: u64,
}

impl Thinking {
    fn new(seed: u64, mean_ms: u64) -> Thinking {
        Thinking {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            mean_ms,
        }
    }

    async fn pause(&mut self) {
        if self.mean_ms == 0 {
            return;
        }
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let ms = self.state % (2 * self.mean_ms + 1);
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

async fn http_post(addr: SocketAddr, body: &str) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(addr).await?;
    stream
        .write_all(
            format!(
                "POST /rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
        .await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    Ok(response
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string()))
}

async fn next_of(socket: &mut Socket, kind: &str) -> Result<Value, String> {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => {
                let frame: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
                if frame["type"] == "error" {
                    return Err(frame.to_string());
                }
                if frame["type"] == kind {
                    return Ok(frame);
                }
            }
            Some(Ok(_)) => {}
            other => return Err(format!("socket ended: {other:?}")),
        }
    }
}

async fn hello(addr: SocketAddr, room: &str, token: Option<&str>) -> Result<Socket, String> {
    // TCP_NODELAY, as browsers set it: the latency measured is the
    // server's, not the load client's Nagle delay.
    let (mut socket, _) =
        tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
            .await
            .map_err(|e| e.to_string())?;
    let hello = json!({"type": "hello", "v": 1, "room": room, "token": token});
    socket
        .send(Message::text(hello.to_string()))
        .await
        .map_err(|e| e.to_string())?;
    next_of(&mut socket, "state").await?;
    Ok(socket)
}

async fn set_up([addr, guest_addr]: [SocketAddr; 2]) -> Result<([Socket; 2], u64), String> {
    let body = json!({"v": 1, "rules": preset("brandubh").expect("preset")}).to_string();
    let created: Value =
        serde_json::from_str(&http_post(addr, &body).await.map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let room = created["room"].as_str().ok_or("no room code")?.to_string();
    let token = created["token"].as_str().ok_or("no token")?.to_string();
    let creator = hello(addr, &room, Some(&token)).await?;
    let guest = hello(guest_addr, &room, None).await?;
    Ok(([creator, guest], 1))
}

/// Plays the script; each move's latency is from its send until the
/// opponent's socket has it. Checks at the end that the room holds every
/// acknowledged move.
async fn play(
    sockets: &mut [Socket; 2],
    mut seq: u64,
    script: &[String],
    tally: &Tally,
    mut think: Thinking,
) -> Result<Vec<Duration>, String> {
    let mut latencies = Vec::with_capacity(script.len());
    for (i, mv) in script.iter().enumerate() {
        think.pause().await;
        let [first, second] = sockets;
        let (mover, other) = if i % 2 == 0 {
            (first, second)
        } else {
            (second, first)
        };
        let sent = Instant::now();
        let frame = json!({"type": "move", "move": mv, "seq": seq});
        mover
            .send(Message::text(frame.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        // Both sockets at once: a refusal reaches the mover only, and must
        // end the room's run as an error rather than leave it waiting.
        let relayed = async {
            next_of(other, "moved").await?;
            Ok::<Duration, String>(sent.elapsed())
        };
        let (latency, _) = tokio::try_join!(relayed, next_of(mover, "moved"))?;
        latencies.push(latency);
        seq += 1;
        tally.moves.fetch_add(1, Ordering::Relaxed);
    }
    sockets[0]
        .send(Message::text(json!({"type": "sync"}).to_string()))
        .await
        .map_err(|e| e.to_string())?;
    let state = next_of(&mut sockets[0], "state").await?;
    let kept = state["moves"].as_array().map_or(0, Vec::len);
    tally
        .lost
        .fetch_add(script.len().saturating_sub(kept) as u64, Ordering::Relaxed);
    for socket in sockets.iter_mut() {
        let _ = socket.close(None).await;
    }
    Ok(latencies)
}
