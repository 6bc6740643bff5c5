//! The room server under faults, on loopback, every wait bounded: silent,
//! half-sent and idle HTTP connections, one address opening too many,
//! frames too large or not UTF-8, floods of moves, a damaged journal.
//! (Redis paused and killed: `redis.rs`.)

use crate::common::{Client, Running, WAIT, brandubh, create, http};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rulehub_room::{Config, Journal, Limits, RoomServer};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};

const ALLOWED: &str = "https://rules.example.org";

async fn start_at(data: &std::path::Path, limits: Limits) -> (Running, rulehub_room::Opened) {
    let store = Arc::new(Journal::open(data).expect("journal"));
    let config = Config {
        limits,
        allowed_origins: vec![ALLOWED.to_string()],
    };
    let (server, opened) = RoomServer::open(config, store).expect("open");
    (Running::serve(server).await, opened)
}

async fn start(limits: Limits) -> Running {
    let data = tempfile::tempdir().expect("tempdir");
    let (mut running, _) = start_at(data.path(), limits).await;
    running.data = Some(data);
    running
}

/// Reads until the server closes the connection (EOF or reset); returns
/// what it sent and how long that took. Fails after [`WAIT`].
async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let started = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let read = tokio::time::timeout(WAIT, stream.read(&mut buffer))
            .await
            .expect("the server closes the connection in time");
        match read {
            Ok(0) | Err(_) => break,
            Ok(n) => received.extend_from_slice(&buffer[..n]),
        }
    }
    (
        String::from_utf8_lossy(&received).to_string(),
        started.elapsed(),
    )
}

fn quick_limits() -> Limits {
    Limits {
        header_timeout: Duration::from_millis(1200),
        body_timeout: Duration::from_millis(1200),
        keep_alive_idle: Duration::from_millis(600),
        ..Limits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_half_sent_and_idle_connections_are_closed_in_time() {
    let server = start(quick_limits()).await;

    // Silent from the start: closed after the idle bound.
    let mut silent = TcpStream::connect(server.addr).await.expect("connect");
    let (said, took) = until_closed(&mut silent).await;
    assert!(said.is_empty(), "{said}");
    assert!(
        took >= Duration::from_millis(400) && took < Duration::from_millis(2500),
        "a silent connection closed after {took:?}"
    );

    // Headers begun and never finished: closed after the header bound.
    let mut half = TcpStream::connect(server.addr).await.expect("connect");
    half.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("write");
    let (_, took) = until_closed(&mut half).await;
    assert!(
        took >= Duration::from_millis(1000) && took < Duration::from_millis(3500),
        "half-sent headers closed after {took:?}"
    );

    // A body promised and never sent: 408 `too-slow`, and the connection
    // closes.
    let mut slow_body = TcpStream::connect(server.addr).await.expect("connect");
    slow_body
        .write_all(
            b"POST /rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"v\": 1",
        )
        .await
        .expect("write");
    let (said, took) = until_closed(&mut slow_body).await;
    assert!(said.starts_with("HTTP/1.1 408"), "{said}");
    assert!(said.contains("\"too-slow\""), "{said}");
    assert!(took < Duration::from_millis(3500), "{took:?}");

    // Kept alive after an answer and then idle: closed after the idle bound.
    let mut idle = TcpStream::connect(server.addr).await.expect("connect");
    idle.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("write");
    let (said, took) = until_closed(&mut idle).await;
    assert!(said.starts_with("HTTP/1.1 200"), "{said}");
    assert!(
        took >= Duration::from_millis(400) && took < Duration::from_millis(2500),
        "an idle kept-alive connection closed after {took:?}"
    );

    // A WebSocket is not an idle HTTP connection: a watcher that says
    // nothing after its hello stays.
    let (room, _) = create(server.addr).await;
    let (mut watcher, _, _) = Client::hello(server.addr, &room, None).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    watcher.send(json!({"type": "ping"})).await;
    assert_eq!(watcher.next_of("pong").await["type"], "pong");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_may_not_hold_more_connections_than_its_cap() {
    let server = start(Limits {
        max_connections_per_address: 3,
        ..Limits::default()
    })
    .await;
    // Three connections from 127.0.0.1: two WebSockets and an HTTP one.
    let (room, _) = create(server.addr).await;
    let (mut first, _, _) = Client::hello(server.addr, &room, None).await;
    let (_second, _, _) = Client::hello(server.addr, &room, None).await;
    let _third = TcpStream::connect(server.addr).await.expect("connect");
    // The fourth is refused with a JSON 503 and closed.
    let mut fourth = TcpStream::connect(server.addr).await.expect("connect");
    let (said, _) = until_closed(&mut fourth).await;
    assert!(said.starts_with("HTTP/1.1 503"), "{said}");
    assert!(said.contains("\"too-many-connections\""), "{said}");
    // The ones already open still work.
    first.send(json!({"type": "ping"})).await;
    first.next_of("pong").await;
    // A place given back is a place to take again.
    drop(first);
    let deadline = Instant::now() + WAIT;
    loop {
        let mut probe = TcpStream::connect(server.addr).await.expect("connect");
        probe
            .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .expect("write");
        let (said, _) = until_closed(&mut probe).await;
        if said.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "the place is given back: {said}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.stop().await;
}

/// The close frame the server ends the socket with.
async fn close_code(client: &mut Client) -> CloseCode {
    loop {
        let message = tokio::time::timeout(WAIT, client.socket.next())
            .await
            .expect("a frame in time")
            .expect("a close frame before the end")
            .expect("a frame, not a reset");
        if let Message::Close(frame) = message {
            return frame.expect("a close code").code;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_and_non_utf8_frames_get_their_close_codes() {
    let server = start(Limits::default()).await;
    let mut big = Client::connect(server.addr).await;
    big.send_text("x".repeat(70 * 1024)).await;
    assert_eq!(close_code(&mut big).await, CloseCode::Size);

    let mut garbled = Client::connect(server.addr).await;
    let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    garbled
        .socket
        .send(Message::Frame(frame))
        .await
        .expect("send");
    assert_eq!(close_code(&mut garbled).await, CloseCode::Invalid);
    server.stop().await;
}

/// The status, headers and body of one HTTP exchange.
async fn exchange(addr: std::net::SocketAddr, request: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let (text, _) = until_closed(&mut stream).await;
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, head.to_ascii_lowercase(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_game_numbers_get_json_and_health_follows_the_origin_rule() {
    let server = start(Limits::default()).await;
    let (room, _) = create(server.addr).await;
    for number in ["abc", "99999999999", "-1"] {
        let (status, head, body) = exchange(
            server.addr,
            &format!(
                "GET /rooms/{room}/games/{number} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ),
        )
        .await;
        assert_eq!(status, 400, "{number}: {body}");
        assert!(head.contains("content-type: application/json"), "{head}");
        let error: Value = serde_json::from_str(&body).expect("a JSON error");
        assert_eq!(error["error"], "malformed", "{body}");
    }

    let health = |origin: &str| {
        format!("GET /health HTTP/1.1\r\nHost: x\r\nOrigin: {origin}\r\nConnection: close\r\n\r\n")
    };
    let (status, _, body) = exchange(server.addr, &health("https://evil.example")).await;
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("origin-not-allowed"), "{body}");
    let (status, head, body) = exchange(server.addr, &health(ALLOWED)).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        head.contains(&format!("access-control-allow-origin: {ALLOWED}")),
        "{head}"
    );
    // Without an Origin (not a browser page), as before.
    let (status, body) = http(
        server.addr,
        "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_dropped_by_the_rate_limit_is_answered() {
    let server = start(Limits {
        frames_per_second: 1,
        frame_burst: 2,
        ..Limits::default()
    })
    .await;
    let (room, token) = create(server.addr).await;
    let (mut creator, _, state) = Client::hello(server.addr, &room, Some(&token)).await;
    let seq = state["seq"].as_u64().expect("seq");
    // A flood of moves (stale ones, so none is played): each must get an
    // answer, a refusal for what was read and `rate-limited` for the rest.
    let sent = 12;
    for _ in 0..sent {
        creator
            .send(json!({"type": "move", "move": "d2-c2", "seq": seq + 5}))
            .await;
    }
    let mut answers = Vec::new();
    while answers.len() < sent {
        let frame = creator.next().await;
        if frame["type"] == "error" {
            answers.push(frame["code"].as_str().unwrap_or("?").to_string());
        }
    }
    let dropped = answers.iter().filter(|c| *c == "rate-limited").count();
    assert!(dropped >= sent - 3, "{answers:?}");
    assert!(
        answers.iter().all(|c| c == "rate-limited" || c == "stale"),
        "{answers:?}"
    );
    server.stop().await;
}

/// The byte offset of record `n` (0: the snapshot) of a journal.
fn record_offset(bytes: &[u8], n: usize) -> usize {
    let mut at = 0;
    for _ in 0..n {
        let length = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        at += 8 + length;
    }
    at
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_journal_keeps_its_room_out_and_its_file_as_it_is() {
    let data = tempfile::tempdir().expect("tempdir");
    let (server, _) = start_at(data.path(), Limits::default()).await;
    let (room, token) = create(server.addr).await;
    let (mut creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
    let (mut guest, _, _) = Client::hello(server.addr, &room, None).await;
    // Join (record 1), then three acknowledged moves (records 2 to 4).
    let mut game = rulehub_tafl::Game::start(&brandubh()).expect("start");
    let dims = game.dims();
    for seq in 1..=3 {
        let mv = game.legal_moves()[0];
        game.play(mv).expect("legal");
        let mover = if seq % 2 == 1 {
            &mut creator
        } else {
            &mut guest
        };
        mover
            .send(json!({"type": "move", "move": mv.name(dims), "seq": seq}))
            .await;
        for client in [&mut creator, &mut guest] {
            assert_eq!(client.next_of("moved").await["seq"], seq + 1);
        }
    }
    drop((creator, guest));
    server.stop().await;

    // One byte of the first move's record goes bad on disk.
    let path = data.path().join(format!("rooms/{room}.journal"));
    let mut bytes = std::fs::read(&path).expect("journal");
    let at = record_offset(&bytes, 2) + 20;
    bytes[at] ^= 0x20;
    std::fs::write(&path, &bytes).expect("write");

    let (server, opened) = start_at(data.path(), Limits::default()).await;
    assert_eq!(opened.rooms, 0);
    assert!(opened.truncated.is_empty(), "{:?}", opened.truncated);
    let [(file, why)] = opened.unreadable.as_slice() else {
        panic!("one unreadable journal: {:?}", opened.unreadable);
    };
    assert!(file.ends_with(&format!("{room}.journal")), "{file}");
    assert!(
        why.contains("damaged") && why.contains("left as it is"),
        "{why}"
    );
    assert_eq!(std::fs::read(&path).expect("journal"), bytes, "untouched");

    // A player who comes back is told, without the server's data path and
    // without being told to try again.
    let mut back = Client::connect(server.addr).await;
    back.send(json!({"type": "hello", "v": 1, "room": room, "token": token}))
        .await;
    let error = back.next_of("error").await;
    assert_eq!(error["code"], "store-failed", "{error}");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("damaged"), "{message}");
    assert!(!message.contains("try again"), "{message}");
    let folder = data.path().display().to_string();
    assert!(!message.contains(&folder), "{message}");
    assert!(!message.contains(".journal"), "{message}");
    assert_eq!(std::fs::read(&path).expect("journal"), bytes, "untouched");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_is_closed_not_buffered() {
    let server = start(Limits {
        frames_per_second: 1000,
        frame_burst: 100_000,
        ..Limits::default()
    })
    .await;
    let (room, token) = create(server.addr).await;
    let (mut slow, _, _) = Client::hello(server.addr, &room, None).await;
    // Asks for the whole state over and over and reads none of it: once the
    // socket's buffers and its 64-frame queue are full, the server lets it
    // go (1008) rather than hold its frames in memory.
    let flood = 20_000;
    let sent = tokio::time::timeout(WAIT, async {
        for _ in 0..flood {
            if slow
                .socket
                .feed(Message::text(r#"{"type":"sync"}"#))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = slow.socket.flush().await;
    })
    .await;
    assert!(sent.is_ok(), "the flood was sent (or refused) in time");
    let mut states = 0;
    let ended = loop {
        let frame = tokio::time::timeout(WAIT, slow.socket.next())
            .await
            .expect("frames or the end in time");
        match frame {
            Some(Ok(Message::Text(_))) => states += 1,
            Some(Ok(Message::Close(frame))) => break frame.map(|f| f.code),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break None,
        }
    };
    assert!(
        states < flood,
        "the server did not answer every sync ({states})"
    );
    // The close frame (1008) may be lost to the reset that closing a socket
    // with the rest of the flood unread causes; if it arrives, it is 1008.
    if let Some(code) = ended {
        assert_eq!(code, CloseCode::Policy, "closed as too slow");
    }
    // Everyone else is served as before.
    let (mut creator, welcome, _) = Client::hello(server.addr, &room, Some(&token)).await;
    assert_eq!(welcome["seat"], "attackers");
    creator.send(json!({"type": "ping"})).await;
    creator.next_of("pong").await;
    server.stop().await;
}

/// A journal whose next move's write loses its answer, as a stalled Redis
/// does: the move is written (`lands`) or not, the store says
/// `Unsettled`, and settling answers only from the third time it is asked.
struct Stalling {
    inner: Journal,
    lands: bool,
    armed: std::sync::atomic::AtomicBool,
    asked: std::sync::atomic::AtomicUsize,
}

use rulehub_room::Store;
use rulehub_room::secret::RoomCode;
use rulehub_room::store::{Event, Recovery, Snapshot, StoreError, StoredRoom, WriteId};
use std::sync::atomic::Ordering;

impl Store for Stalling {
    fn create(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        self.inner.create(code, snapshot)
    }
    fn append(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError> {
        let is_move = matches!(event, Event::Moved { .. });
        if !(is_move && self.armed.swap(false, Ordering::AcqRel)) {
            return self.inner.append(code, event);
        }
        if self.lands {
            self.inner.append(code, event)?;
        }
        Err(StoreError::Unsettled {
            id: WriteId::random(),
            message: "the store did not answer in time".into(),
        })
    }
    fn settle(&self, code: &RoomCode, event: &Event, _: &WriteId) -> Result<bool, StoreError> {
        if self.asked.fetch_add(1, Ordering::AcqRel) < 2 {
            return Err(StoreError::Backend("still no answer".into()));
        }
        let stored = self.inner.load(code)?.expect("the room");
        Ok(stored.events.contains(event))
    }
    fn compact(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError> {
        self.inner.compact(code, snapshot)
    }
    fn load(&self, code: &RoomCode) -> Result<Option<StoredRoom>, StoreError> {
        self.inner.load(code)
    }
    fn archive_game(&self, code: &RoomCode, game: u32, record: &str) -> Result<(), StoreError> {
        self.inner.archive_game(code, game, record)
    }
    fn archived_game(&self, code: &RoomCode, game: u32) -> Result<Option<String>, StoreError> {
        self.inner.archived_game(code, game)
    }
    fn remove(&self, code: &RoomCode) -> Result<(), StoreError> {
        self.inner.remove(code)
    }
    fn recover(&self) -> Result<Recovery, StoreError> {
        self.inner.recover()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_whose_answer_was_lost_is_settled_before_anyone_hears() {
    for lands in [true, false] {
        let data = tempfile::tempdir().expect("tempdir");
        let store = Stalling {
            inner: Journal::open(data.path()).expect("journal"),
            lands,
            armed: false.into(),
            asked: 0.into(),
        };
        let store = Arc::new(store);
        let (server, _) = RoomServer::open(Config::default(), store.clone()).expect("open");
        let server = Running::serve(server).await;
        let (room, token) = create(server.addr).await;
        let (mut creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
        let (mut guest, _, state) = Client::hello(server.addr, &room, None).await;
        let seq = state["seq"].as_u64().expect("seq");
        // The presence frames of the joins, before the stall.
        for client in [&mut creator, &mut guest] {
            while client
                .next_within(Duration::from_millis(200))
                .await
                .is_some()
            {}
        }

        store.armed.store(true, Ordering::Release);
        creator
            .send(json!({"type": "move", "move": "d2-c2", "seq": seq}))
            .await;
        // Settling is asked after 0.1 s and 0.2 s (no answer), then after
        // 0.4 s: until then nobody is told anything.
        assert_eq!(
            creator.next_within(Duration::from_millis(250)).await,
            None,
            "lands: {lands}: answered before the write was settled"
        );
        let answer = creator.next().await;
        if lands {
            assert_eq!(answer["type"], "moved", "{answer}");
            assert_eq!(guest.next_of("moved").await["seq"], seq + 1);
        } else {
            assert_eq!(answer["code"], "store-failed", "{answer}");
            let message = answer["message"].as_str().unwrap_or("");
            assert!(message.contains("nothing changed"), "{message}");
            assert_eq!(guest.next_within(Duration::from_millis(300)).await, None);
            guest.send(json!({"type": "sync"})).await;
            assert_eq!(guest.next_of("state").await["seq"], seq);
        }
        assert!(store.asked.load(Ordering::Acquire) >= 3);
        server.stop().await;
    }
}
