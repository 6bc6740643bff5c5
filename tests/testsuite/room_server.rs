//! `rulehub room` end to end: the real binary on an ephemeral loopback port,
//! two players on real WebSockets, the server killed with SIGKILL mid-game
//! and restarted on the same data folder; the game finishes and its stored
//! record replays with `rulehub replay`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use rulehub_tafl::{Game, Move, preset};
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

const WAIT: Duration = Duration::from_secs(15);

/// The running room server; killed when dropped, whatever the test did.
struct RoomServer {
    child: Child,
    addr: SocketAddr,
    stderr: Arc<Mutex<String>>,
}

impl Drop for RoomServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl RoomServer {
    fn start(data: &Path) -> RoomServer {
        let empty = tempfile::tempdir().expect("tempdir");
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulehub"))
            .args(["room", "--listen", "127.0.0.1:0", "--root"])
            .arg(empty.path())
            .arg("--data")
            .arg(data)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start rulehub room");
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        let log = Arc::new(Mutex::new(String::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = sink.lock().expect("log");
                log.push_str(&line);
                log.push('\n');
            }
        });
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let line = rx.recv_timeout(WAIT).unwrap_or_else(|_| {
            panic!("no address printed; stderr:\n{}", log.lock().expect("log"))
        });
        let url = &line[line.find("http://").expect("an address")..];
        let host = url
            .trim_start_matches("http://")
            .split_whitespace()
            .next()
            .expect("host");
        RoomServer {
            child,
            addr: host.parse().expect("socket address"),
            stderr: log,
        }
    }

    fn stderr(&self) -> String {
        self.stderr.lock().expect("log").clone()
    }

    fn kill_9(mut self) {
        // `Child::kill` is SIGKILL on Unix: no shutdown code runs.
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reaped");
    }

    fn http(&self, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect_timeout(&self.addr, WAIT).expect("connect");
        stream.set_read_timeout(Some(WAIT)).expect("timeout");
        stream.write_all(request.as_bytes()).expect("send");
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).expect("read");
        let text = String::from_utf8_lossy(&bytes).to_string();
        let status = text[9..12].parse().expect("status");
        let body = text
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }

    fn create_room(&self) -> (String, String) {
        let body = json!({"v": 1, "rules": preset("brandubh").expect("preset")}).to_string();
        let (status, body) = self.http(&format!(
            "POST /rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ));
        assert_eq!(status, 201, "{body}");
        let created: Value = serde_json::from_str(&body).expect("json");
        (
            created["room"].as_str().expect("room").into(),
            created["token"].as_str().expect("token").into(),
        )
    }
}

struct Player {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    token: String,
}

impl Player {
    /// Says hello; returns the player and the state the server sent.
    fn join(server: &RoomServer, room: &str, token: Option<&str>) -> (Player, Value) {
        let stream = TcpStream::connect_timeout(&server.addr, WAIT).expect("connect");
        stream.set_read_timeout(Some(WAIT)).expect("timeout");
        let (socket, _) = tungstenite::client(
            format!("ws://{}/ws", server.addr),
            MaybeTlsStream::Plain(stream),
        )
        .expect("websocket");
        let mut player = Player {
            socket,
            token: token.unwrap_or_default().to_string(),
        };
        player.send(json!({"type": "hello", "v": 1, "room": room, "token": token}));
        let welcome = player.next_of("welcome");
        if let Some(token) = welcome["token"].as_str() {
            player.token = token.to_string();
        }
        let state = player.next_of("state");
        (player, state)
    }

    fn send(&mut self, frame: Value) {
        self.socket
            .send(Message::text(frame.to_string()))
            .expect("send");
    }

    fn next_of(&mut self, kind: &str) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            assert!(Instant::now() < deadline, "no `{kind}` frame in time");
            if let Message::Text(text) = self.socket.read().expect("a frame") {
                let frame: Value = serde_json::from_str(&text).expect("json");
                assert_ne!(frame["type"], "error", "refused: {frame}");
                if frame["type"] == kind {
                    return frame;
                }
            }
        }
    }
}

/// A whole game of brandubh, the same every run: a capture or a win when
/// one is there, otherwise a move picked by a small generator.
fn scripted_game() -> Vec<Move> {
    let mut game = Game::start(&preset("brandubh").expect("preset")).expect("start");
    let mut step: u64 = 7;
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        let legal = game.legal_moves();
        let telling = legal.iter().copied().find(|mv| {
            let mut trial = game.clone();
            let played = trial.play(*mv).expect("legal");
            played.outcome.is_over() || !played.captures.is_empty()
        });
        let mv = telling.unwrap_or_else(|| {
            step = step
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            legal[(step >> 33) as usize % legal.len()]
        });
        game.play(mv).expect("legal");
        moves.push(mv);
        assert!(moves.len() < 2000, "the scripted game ends");
    }
    moves
}

/// Plays `moves` from move `from` on, each acknowledged to both players.
fn play(players: &mut [Player; 2], moves: &[Move], from: usize, seq: &mut u64) {
    let dims = preset("brandubh").expect("preset").dims;
    for (i, mv) in moves.iter().enumerate().skip(from) {
        // The attackers (seat 0, the creator) move first in brandubh.
        let mover = i % 2;
        players[mover].send(json!({"type": "move", "move": mv.name(dims), "seq": *seq}));
        for player in players.iter_mut() {
            let moved = player.next_of("moved");
            assert_eq!(moved["move"], mv.name(dims));
        }
        *seq += 1;
    }
}

#[test]
fn a_game_survives_kill_9_and_its_record_replays() {
    let data = tempfile::tempdir().expect("tempdir");
    let moves = scripted_game();
    let half = moves.len() / 2;

    let server = RoomServer::start(data.path());
    let (room, token) = server.create_room();
    let (creator, state) = Player::join(&server, &room, Some(&token));
    assert_eq!(state["you"], "attackers");
    let (guest, _) = Player::join(&server, &room, None);
    let mut players = [creator, guest];
    let mut seq = 1; // the guest's join
    play(&mut players, &moves[..half], 0, &mut seq);
    server.kill_9();

    // A crash in the middle of writing the next record leaves a torn tail.
    let journal = data.path().join(format!("rooms/{room}.journal"));
    std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .and_then(|mut f| f.write_all(&[42, 0, 0, 0, 7]))
        .expect("tear the journal");

    let server = RoomServer::start(data.path());
    let tokens = [players[0].token.clone(), players[1].token.clone()];
    let (creator, state) = Player::join(&server, &room, Some(&tokens[0]));
    assert_eq!(state["seq"], seq, "every acknowledged move is back");
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(half));
    let (guest, state) = Player::join(&server, &room, Some(&tokens[1]));
    assert_eq!(state["you"], "defenders");
    let mut players = [creator, guest];
    play(&mut players, &moves, half, &mut seq);
    assert!(
        server.stderr().contains("half-written record"),
        "the torn tail is reported: {}",
        server.stderr()
    );

    let record = data.path().join(format!("games/{room}-1.txt"));
    let replay = assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args(["replay", "--rules", "brandubh"])
        .arg(&record)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&replay.get_output().stdout).to_string();
    assert!(
        out.contains(&format!("result after {} moves:", moves.len())),
        "{out}"
    );
}

#[test]
fn the_room_command_refuses_a_bad_origin_and_an_unwritable_data_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args([
            "room",
            "--listen",
            "127.0.0.1:0",
            "--allow-origin",
            "rules.example.org",
        ])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--allow-origin `rules.example.org` is not an http(s) address",
        ));
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a folder").expect("write");
    assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args(["room", "--listen", "127.0.0.1:0", "--data"])
        .arg(&file)
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot create"))
        .stderr(predicates::str::contains("help: pass --data"));
}
