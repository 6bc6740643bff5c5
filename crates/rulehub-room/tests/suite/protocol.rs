//! Protocol stories on loopback: a real server on a free port, real
//! WebSocket clients, every wait bounded.

use crate::common::{
    Client, Running, brandubh, create, http, play_to_the_end, post_rooms, replay_stored_game,
};
use std::sync::Arc;
use std::time::Duration;

use futures_util::SinkExt;
use rulehub_room::{Config, Journal, Limits, RoomServer};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

const ALLOWED: &str = "https://rules.example.org";

async fn start(limits: Limits) -> Running {
    let data = tempfile::tempdir().expect("tempdir");
    let mut running = start_at(data.path(), limits).await;
    running.data = Some(data);
    running
}

async fn start_at(data: &std::path::Path, limits: Limits) -> Running {
    let store = Arc::new(Journal::open(data).expect("journal"));
    let config = Config {
        limits,
        allowed_origins: vec![ALLOWED.to_string()],
    };
    let (server, _) = RoomServer::open(config, store).expect("open");
    Running::serve(server).await
}

impl Client {
    /// Skips frames until a presence that shows the guest (dis)connected.
    async fn presence_until(&mut self, guest_connected: bool) {
        loop {
            let presence = self.next_of("presence").await;
            if presence["seats"][1]["connected"] == guest_connected {
                return;
            }
        }
    }

    async fn expect_error(&mut self, code: &str) -> Value {
        let frame = self.next_of("error").await;
        assert_eq!(frame["code"], code, "{frame}");
        frame
    }

    async fn state(&mut self) -> Value {
        self.send(json!({"type": "sync"})).await;
        self.next_of("state").await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_finish_a_game_and_its_record_replays() {
    let server = start(Limits::default()).await;
    let (room, token) = create(server.addr).await;
    let (mut creator, welcome, _) = Client::hello(server.addr, &room, Some(&token)).await;
    assert_eq!(welcome["seat"], "attackers");
    assert!(welcome.get("token").is_none(), "the creator already has it");
    let (mut guest, welcome, state) = Client::hello(server.addr, &room, None).await;
    assert_eq!(welcome["seat"], "defenders");
    assert_eq!(welcome["token"].as_str().map(str::len), Some(64));
    assert_eq!(state["seats"][1]["taken"], true);

    let seq = state["seq"].as_u64().expect("seq");
    let (game, seq) = play_to_the_end(&mut creator, &mut guest, seq).await;
    let summary = replay_stored_game(server.addr, &room).await;
    assert_eq!(summary.outcome, game.outcome());
    assert_eq!(summary.moves, game.ply());

    // A move after the end is refused; a rematch swaps the sides.
    creator
        .send(json!({"type": "move", "move": "a1-a2", "seq": seq}))
        .await;
    creator.expect_error("game-over").await;
    guest.send(json!({"type": "rematch"})).await;
    let state = creator.next_of("state").await;
    assert_eq!(state["game"], 2);
    assert_eq!(state["you"], "defenders");
    assert_eq!(state["moves"], json!([]));
    assert_eq!(guest.next_of("state").await["you"], "attackers");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_frame_is_refused_and_changes_nothing() {
    let server = start(Limits::default()).await;
    let (room, token) = create(server.addr).await;

    // Before hello: only hello.
    let mut early = Client::connect(server.addr).await;
    early
        .send(json!({"type": "move", "move": "d1-d2", "seq": 0}))
        .await;
    early.expect_error("hello-first").await;
    early
        .send(json!({"type": "hello", "v": 9, "room": room}))
        .await;
    early.expect_error("unsupported-version").await;
    early
        .send(json!({"type": "hello", "v": 1, "room": "ZZZZZZZZZZ"}))
        .await;
    early.expect_error("no-such-room").await;
    early
        .send(json!({"type": "hello", "v": 1, "room": "../../etc"}))
        .await;
    early.expect_error("no-such-room").await;
    let last = if token.ends_with('0') { '1' } else { '0' };
    let forged = format!("{}{last}", &token[..63]);
    early
        .send(json!({"type": "hello", "v": 1, "room": room, "token": forged}))
        .await;
    early.expect_error("bad-token").await;

    let (creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
    let (guest, _, before) = Client::hello(server.addr, &room, None).await;
    let (watcher, welcome, _) = Client::hello(server.addr, &room, None).await;
    assert_eq!(welcome["seat"], Value::Null, "the third visitor watches");
    let seq = before["seq"].as_u64().expect("seq");

    // Who sends what: 0 the creator (to move), 1 the guest, 2 the watcher.
    let refusals: Vec<(usize, Message, &str)> = vec![
        (0, Message::binary(vec![1, 2, 3]), "malformed"),
        (0, Message::text("{not json"), "malformed"),
        (0, Message::text(r#"{"type":"castle"}"#), "malformed"),
        (
            0,
            Message::text(r#"{"type":"move","move":7,"seq":0}"#),
            "malformed",
        ),
        (0, Message::text("x".repeat(5000)), "too-large"),
        (
            0,
            Message::text(json!({"type": "hello", "v": 1, "room": room}).to_string()),
            "hello-first",
        ),
        (
            1,
            Message::text(json!({"type": "move", "move": "d4-d5", "seq": seq}).to_string()),
            "not-your-turn",
        ),
        (
            0,
            Message::text(json!({"type": "move", "move": "d1-d1", "seq": seq}).to_string()),
            "illegal-move",
        ),
        (
            0,
            Message::text(json!({"type": "move", "move": "a1-h1", "seq": seq}).to_string()),
            "bad-notation",
        ),
        (
            0,
            Message::text(json!({"type": "move", "move": "d1-d2", "seq": seq + 5}).to_string()),
            "stale",
        ),
        (
            2,
            Message::text(json!({"type": "move", "move": "d1-d2", "seq": seq}).to_string()),
            "not-a-seat",
        ),
        (2, Message::text(r#"{"type":"rematch"}"#), "not-a-seat"),
        (0, Message::text(r#"{"type":"rematch"}"#), "game-not-over"),
    ];
    let mut clients = [creator, guest, watcher];
    for (who, message, code) in refusals {
        // Two frames a refusal: stay under the default 10 a second (with no
        // Nagle delay, the exchanges themselves take no time).
        tokio::time::sleep(Duration::from_millis(200)).await;
        let client = &mut clients[who];
        client.socket.send(message).await.expect("send");
        let error = client.expect_error(code).await;
        assert!(!error["message"].as_str().unwrap_or("").is_empty());
        let state = client.state().await;
        assert_eq!(state["seq"], seq, "{code} changed the room");
        assert_eq!(state["moves"], json!([]), "{code} changed the game");
    }

    let [mut creator, mut guest, mut watcher] = clients;

    // Too many frames at once: some are dropped with a notice, the socket stays.
    for _ in 0..40 {
        guest.send(json!({"type": "ping"})).await;
    }
    guest.expect_error("rate-limited").await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(guest.state().await["seq"], seq);

    // The room still plays.
    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": seq}))
        .await;
    let moved = watcher.next_of("moved").await;
    assert_eq!(moved["side"], "attackers");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_creation_refuses_bad_rules_big_bodies_and_other_origins() {
    let server = start(Limits::default()).await;
    let mut rules = serde_json::to_value(brandubh()).expect("json");
    rules["move_limit"] = json!(0);
    let (status, body) = post_rooms(
        server.addr,
        &json!({"v": 1, "rules": rules}).to_string(),
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("bad-rules") && body.contains("move_limit"),
        "{body}"
    );
    let (status, body) = post_rooms(server.addr, "[1,", None).await;
    assert_eq!(status, 400);
    assert!(body.contains("malformed"), "{body}");
    let huge = json!({"v": 1, "rules": {"setup": "x".repeat(70_000)}}).to_string();
    let (status, body) = post_rooms(server.addr, &huge, None).await;
    assert_eq!(status, 413, "{body}");
    let good = json!({"v": 1, "rules": brandubh(), "side": "defenders"}).to_string();
    let (status, body) = post_rooms(server.addr, &good, Some("https://evil.example")).await;
    assert_eq!(status, 403);
    assert!(body.contains("origin-not-allowed"), "{body}");
    let (status, body) = post_rooms(server.addr, &good, Some(ALLOWED)).await;
    assert_eq!(status, 201, "{body}");
    assert!(body.contains("\"seat\":\"defenders\""), "{body}");
    let upgrade = http(
        server.addr,
        "GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: https://evil.example\r\n\r\n",
    )
    .await;
    assert_eq!(upgrade.0, 403);
    server.stop().await;
}

/// A draughts room: the page sends its family, rules and start position;
/// moves are named by their squares (a capture by its ends alone), relayed
/// by their whole route, and the room's record replays with the draughts
/// record reader; a side the family does not have is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draughts_room_checks_moves_with_the_draughts_engine() {
    use rulehub_draughts::{Game as Draughts, Preset, record as pdn};
    let server = start(Limits::default()).await;
    let rules = Preset::English.rules();
    // Black to move (English draughts starts with black), a double capture
    // on the board, then play goes on.
    let setup = "B:W10,19,31,30:B6,3";
    let wrong = json!({"v": 1, "family": "draughts", "rules": rules, "side": "attackers"});
    let (status, body) = post_rooms(server.addr, &wrong.to_string(), None).await;
    assert_eq!(status, 400);
    assert!(body.contains("white") && body.contains("black"), "{body}");
    let tafl_rules = json!({"v": 1, "family": "draughts", "rules": brandubh()});
    let (status, body) = post_rooms(server.addr, &tafl_rules.to_string(), None).await;
    assert_eq!(status, 400);
    assert!(body.contains("bad-rules"), "{body}");
    // A setup with white to move is not where these rules start.
    let white_first = "W:W27,30:B23,14,2,3";
    let request = json!({"v": 1, "family": "draughts", "rules": rules, "setup": white_first});
    let (status, body) = post_rooms(server.addr, &request.to_string(), None).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("bad-rules") && body.contains("white to move"),
        "{body}"
    );

    let request =
        json!({"v": 1, "family": "draughts", "rules": rules, "setup": setup, "side": "white"});
    let (status, body) = post_rooms(server.addr, &request.to_string(), None).await;
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(created["seat"], "white");
    let room = created["room"].as_str().expect("room").to_string();
    let token = created["token"].as_str().expect("token").to_string();
    let (mut creator, welcome, state) = Client::hello(server.addr, &room, Some(&token)).await;
    assert_eq!(welcome["seat"], "white");
    assert_eq!(
        (&state["family"], &state["setup"], &state["to_move"]),
        (&json!("draughts"), &json!(setup), &json!("black"))
    );
    let (mut guest, welcome, state) = Client::hello(server.addr, &room, None).await;
    assert_eq!(welcome["seat"], "black");
    let mut seq = state["seq"].as_u64().expect("seq");

    // The guest (black) names the capture by its ends with a dash.
    guest
        .send(json!({"type": "move", "move": "6-24", "seq": seq}))
        .await;
    for client in [&mut guest, &mut creator] {
        let moved = client.next_of("moved").await;
        assert_eq!(moved["move"], "6x15x24", "{moved}");
        assert_eq!(moved["captures"], json!(["10", "19"]));
        assert_eq!(moved["side"], "black");
        assert_eq!(moved["to_move"], "white");
    }
    seq += 1;
    // Black again would be refused; white's man on 31 cannot go backwards.
    guest
        .send(json!({"type": "move", "move": "3-7", "seq": seq}))
        .await;
    guest.expect_error("not-your-turn").await;
    creator
        .send(json!({"type": "move", "move": "31-32", "seq": seq}))
        .await;
    let refused = creator.expect_error("illegal-move").await;
    assert!(
        refused["message"].as_str().expect("text").contains("31-32"),
        "{refused}"
    );
    creator
        .send(json!({"type": "move", "move": "30-25", "seq": seq}))
        .await;
    assert_eq!(guest.next_of("moved").await["move"], "30-25");

    let (status, text) = http(
        server.addr,
        &format!("GET /rooms/{room}/games/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let mut replayed = Draughts::from_setup(&rules, Some(setup)).expect("setup");
    let moves = pdn::replay(&mut replayed, &text).expect("the room's record replays");
    assert_eq!(moves.len(), 2, "{text}");
    assert_eq!(replayed.to_move(), rulehub_draughts::Colour::Black);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_reconnects_with_the_token_resumes_the_seat() {
    let server = start(Limits::default()).await;
    let (room, token) = create(server.addr).await;
    let (mut creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
    let (guest, welcome, _) = Client::hello(server.addr, &room, None).await;
    let guest_token = welcome["token"].as_str().expect("token").to_string();
    creator.presence_until(true).await;
    drop(guest);
    creator.presence_until(false).await;

    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": 1}))
        .await;
    creator.next_of("moved").await;
    let (mut guest, welcome, state) = Client::hello(server.addr, &room, Some(&guest_token)).await;
    assert_eq!(welcome["seat"], "defenders");
    assert_eq!(state["seq"], 2);
    assert_eq!(state["moves"][0]["move"], "d2-c2");
    assert_eq!(state["to_move"], "defenders");
    guest
        .send(json!({"type": "move", "move": "d3-c3", "seq": 2}))
        .await;
    assert_eq!(creator.next_of("moved").await["move"], "d3-c3");

    // A later visitor without a token only watches, and cannot take a seat.
    let (_, welcome, state) = Client::hello(server.addr, &room, None).await;
    assert_eq!(welcome["seat"], Value::Null);
    assert_eq!(state["you"], Value::Null);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_survives_a_restart_of_the_server() {
    let data = tempfile::tempdir().expect("tempdir");
    let server = start_at(data.path(), Limits::default()).await;
    let (room, token) = create(server.addr).await;
    let (mut creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": 0}))
        .await;
    creator.next_of("moved").await;
    server.stop().await;

    let again = start_at(data.path(), Limits::default()).await;
    let (_, welcome, state) = Client::hello(again.addr, &room, Some(&token)).await;
    assert_eq!(welcome["seat"], "attackers");
    assert_eq!(state["seq"], 1);
    assert_eq!(state["moves"][0]["move"], "d2-c2");
    again.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_expires() {
    let limits = Limits {
        idle_expiry: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = start(limits).await;
    let (room, token) = create(server.addr).await;
    let (mut creator, _, _) = Client::hello(server.addr, &room, Some(&token)).await;
    // Told, then closed.
    creator.expect_error("no-such-room").await;
    let mut late = Client::connect(server.addr).await;
    late.send(json!({"type": "hello", "v": 1, "room": room, "token": token}))
        .await;
    late.expect_error("no-such-room").await;
    let (status, body) = http(
        server.addr,
        "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200);
    assert!(body.contains("\"rooms\":0"), "{body}");
    server.stop().await;
}
