//! What the room server's integration tests share: a server on a free
//! loopback port that stops on request, a minimal HTTP client, a WebSocket
//! client that reads JSON frames, and a deterministic game to play. Every
//! wait is bounded by [`WAIT`].

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rulehub_room::RoomServer;
use rulehub_tafl::Side;
use rulehub_tafl::{Game, Move, Rules, preset, record};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub const WAIT: Duration = Duration::from_secs(10);

/// A room server serving on a free loopback port.
pub struct Running {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The journal's folder, when the server owns one.
    pub data: Option<tempfile::TempDir>,
}

impl Running {
    /// Serves `server` until [`Running::stop`].
    pub async fn serve(server: RoomServer) -> Running {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.serve(listener, async move {
            let _ = stopped.await;
        }));
        Running {
            addr,
            stop: Some(stop),
            task,
            data: None,
        }
    }

    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        tokio::time::timeout(WAIT, &mut self.task)
            .await
            .expect("the server stops in time")
            .expect("the server task ran")
            .expect("the server ran");
    }
}

/// A minimal HTTP/1.1 exchange; returns the status and the body.
pub async fn http(addr: SocketAddr, request: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .expect("answer in time")
        .expect("read");
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text[9..12].parse().expect("status code");
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// `POST /rooms` with `body`, from `origin` when given.
pub async fn post_rooms(addr: SocketAddr, body: &str, origin: Option<&str>) -> (u16, String) {
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    http(
        addr,
        &format!(
            "POST /rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{origin}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
    .await
}

pub fn brandubh() -> Rules {
    preset("brandubh").expect("preset")
}

/// Creates a Brandubh room; returns its code and the creator's token.
pub async fn create(addr: SocketAddr) -> (String, String) {
    let body = json!({"v": 1, "rules": brandubh()}).to_string();
    let (status, body) = post_rooms(addr, &body, None).await;
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(created["seat"], "attackers");
    (
        created["room"].as_str().expect("room").to_string(),
        created["token"].as_str().expect("token").to_string(),
    )
}

/// A WebSocket client that speaks the room protocol's JSON frames.
pub struct Client {
    pub socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("websocket");
        Client { socket }
    }

    /// Connects and says hello to `room` (with a seat `token`, or as a
    /// newcomer); returns the client, its `welcome` and the first `state`.
    pub async fn hello(
        addr: SocketAddr,
        room: &str,
        token: Option<&str>,
    ) -> (Client, Value, Value) {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "hello", "v": 1, "room": room, "token": token}))
            .await;
        let welcome = client.next_of("welcome").await;
        let state = client.next_of("state").await;
        (client, welcome, state)
    }

    pub async fn send(&mut self, frame: Value) {
        self.send_text(frame.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket.send(Message::text(text)).await.expect("send");
    }

    /// The next JSON frame (control frames skipped; a close is a failure).
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a frame in time")
                .expect("the socket is open")
                .expect("a frame");
            match message {
                Message::Text(text) => return serde_json::from_str(&text).expect("json frame"),
                Message::Close(frame) => panic!("the server closed the socket: {frame:?}"),
                _ => {}
            }
        }
    }

    /// The next frame, or `None` if none comes within `quiet`.
    pub async fn next_within(&mut self, quiet: Duration) -> Option<Value> {
        tokio::time::timeout(quiet, self.next()).await.ok()
    }

    /// Skips frames until one of `kind`.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }
}

/// A deterministic game: a capture or a win when there is one, otherwise a
/// move picked by a small generator.
pub fn next_move(game: &Game, step: &mut u64) -> Move {
    let moves = game.legal_moves();
    for mv in &moves {
        let mut trial = game.clone();
        let played = trial.play(*mv).expect("legal");
        if played.outcome.is_over() || !played.captures.is_empty() {
            return *mv;
        }
    }
    *step = step
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    moves[(*step >> 33) as usize % moves.len()]
}

/// Plays the scripted game ([`next_move`]) from the start to its end, each
/// move sent by the client whose side is to move with the `seq` it follows.
/// Both clients must see every move as `moved`, with the next seq, the ply
/// and the outcome. Returns the finished game and the seq after it.
pub async fn play_to_the_end(
    attackers: &mut Client,
    defenders: &mut Client,
    mut seq: u64,
) -> (Game, u64) {
    let mut game = Game::start(&brandubh()).expect("start");
    let dims = game.dims();
    let mut step = 7;
    while !game.outcome().is_over() {
        let mv = next_move(&game, &mut step);
        let (mover, other) = if game.to_move() == Side::Attackers {
            (&mut *attackers, &mut *defenders)
        } else {
            (&mut *defenders, &mut *attackers)
        };
        mover
            .send(json!({"type": "move", "move": mv.name(dims), "seq": seq}))
            .await;
        let played = game.play(mv).expect("legal");
        for client in [mover, other] {
            let moved = client.next_of("moved").await;
            assert_eq!(moved["move"], mv.name(dims));
            assert_eq!(moved["seq"], seq + 1);
            assert_eq!(moved["number"], game.ply());
            assert_eq!(
                moved["outcome"],
                serde_json::to_value(played.outcome).expect("json")
            );
        }
        seq += 1;
        assert!(game.ply() < 2000, "the scripted game ends");
    }
    (game, seq)
}

/// Game 1 of `room` as the server at `addr` serves its record, replayed
/// from the start: the record must be there and every move in it legal.
pub async fn replay_stored_game(addr: SocketAddr, room: &str) -> record::Summary {
    let (status, text) = http(
        addr,
        &format!("GET /rooms/{room}/games/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let mut replayed = Game::start(&brandubh()).expect("start");
    let dims = replayed.dims();
    record::replay(
        &mut replayed,
        record::parse(&text, dims),
        record::ReplayOptions::default(),
        |_| {},
    )
    .expect("the stored record replays")
}
