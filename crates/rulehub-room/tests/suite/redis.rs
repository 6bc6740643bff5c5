//! Two room servers over one Redis, on loopback: the test starts its own
//! `redis-server` on a free port (in a temporary folder, with persistence
//! off: these stories are about servers sharing rooms; whether Redis keeps
//! its data across its own restart is Redis's configuration, see
//! docs/rooms.md). Without `redis-server` installed the tests are skipped
//! with a notice, unless `RULEHUB_REQUIRE_REDIS=1` (CI), when they fail.

use crate::common::{
    Client, Running, WAIT, brandubh, create, http, play_to_the_end, replay_stored_game,
};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use rulehub_room::store::{Event, Store};
use rulehub_room::{Config, Limits, RedisStore, RoomServer};
use rulehub_tafl::Side;
use rulehub_tafl::{Game, Move};
use serde_json::{Value, json};

/// A `redis-server` of the test's own; killed when dropped.
struct Redis {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Redis {
    /// Starts one, or says why not: `None` means skip the test.
    fn start() -> Option<Redis> {
        let required = std::env::var("RULEHUB_REQUIRE_REDIS").is_ok_and(|v| v == "1");
        let installed = Command::new("redis-server")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !installed {
            assert!(
                !required,
                "RULEHUB_REQUIRE_REDIS=1 but redis-server is not installed; apt-get install redis-server"
            );
            // Straight to stderr: the test harness captures `eprintln!` of
            // a passing test, and a skip must be seen.
            let _ = std::io::Write::write_all(
                &mut std::io::stderr(),
                b"SKIPPED: redis-server is not installed, so the several-servers room test did not run (set RULEHUB_REQUIRE_REDIS=1 to make this a failure)
",
            );
            return None;
        }
        let dir = tempfile::tempdir().expect("tempdir");
        // A free port: the OS picks one for a listener we close at once.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .arg("--dir")
            .arg(dir.path())
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        let redis = Redis {
            child,
            url: format!("redis://127.0.0.1:{port}/"),
            _dir: dir,
        };
        let deadline = std::time::Instant::now() + WAIT;
        while RedisStore::open(&redis.url, Duration::from_secs(60)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "redis-server answers in time"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(redis)
    }

    /// Stops the redis-server process (SIGSTOP): connections stay open and
    /// commands queue in its sockets, unanswered, as in a long stall.
    fn pause(&self) {
        self.signal("-STOP");
    }

    /// Lets a paused redis-server go on (SIGCONT).
    fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, which: &str) {
        let status = Command::new("kill")
            .args([which, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {which} redis-server");
    }

    fn store(&self) -> RedisStore {
        RedisStore::open(&self.url, Duration::from_secs(3600)).expect("redis store")
    }
}

/// A room server on a free port over `redis`, as `rulehub room --redis`.
async fn start(redis: &Redis) -> Running {
    start_with(redis, Limits::default()).await
}

async fn start_with(redis: &Redis, limits: Limits) -> Running {
    let store = RedisStore::open(&redis.url, limits.idle_expiry).expect("redis store");
    let fanout = Arc::new(store.fan_out());
    let (server, _) = RoomServer::open_with(
        Config {
            limits,
            allowed_origins: Vec::new(),
        },
        Arc::new(store),
        fanout,
    )
    .expect("open");
    Running::serve(server).await
}

/// The two players of a room across two servers: the room made on server
/// `a` and its creator seated there, then a guest on server `b`, which has
/// never seen the room.
struct Seated {
    room: String,
    token: String,
    creator: Client,
    creator_welcome: Value,
    guest: Client,
    guest_welcome: Value,
    /// The state the guest was sent on joining.
    guest_state: Value,
}

async fn seat_across(a: SocketAddr, b: SocketAddr) -> Seated {
    let (room, token) = create(a).await;
    let (creator, creator_welcome, _) = Client::hello(a, &room, Some(&token)).await;
    let (guest, guest_welcome, guest_state) = Client::hello(b, &room, None).await;
    Seated {
        room,
        token,
        creator,
        creator_welcome,
        guest,
        guest_welcome,
        guest_state,
    }
}

impl Client {
    /// The full state once this socket's server has reached `seq` (another
    /// server's note may still be on its way).
    async fn state_at(&mut self, seq: u64) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            self.send(json!({"type": "sync"})).await;
            let state = self.next_of("state").await;
            if state["seq"].as_u64() >= Some(seq) {
                return state;
            }
            assert!(tokio::time::Instant::now() < deadline, "seq {seq} arrives");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Reads until `pong`: every reply to frames sent before the ping has
    /// arrived. Returns the `error` codes and the highest `seq` seen.
    async fn until_pong(&mut self) -> (Vec<String>, u64) {
        self.send(json!({"type": "ping"})).await;
        let mut errors = Vec::new();
        let mut seq = 0;
        loop {
            let frame = self.next().await;
            match frame["type"].as_str() {
                Some("pong") => return (errors, seq),
                Some("moved" | "state") => seq = seq.max(frame["seq"].as_u64().unwrap_or(0)),
                Some("error") => errors.push(frame["code"].as_str().unwrap_or("?").to_string()),
                _ => {}
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_servers_finish_a_game() {
    let Some(redis) = Redis::start() else { return };
    let a = start(&redis).await;
    let b = start(&redis).await;
    let Seated {
        room,
        mut creator,
        creator_welcome,
        mut guest,
        guest_welcome,
        guest_state: state,
        ..
    } = seat_across(a.addr, b.addr).await;
    assert_eq!(creator_welcome["seat"], "attackers");
    // The guest reached the other server, which had never seen the room.
    assert_eq!(guest_welcome["seat"], "defenders");
    assert_eq!(state["seats"][1]["taken"], true);
    // Presence crosses servers too: each sees the other seat connected.
    loop {
        let presence = creator.next_of("presence").await;
        if presence["seats"][1]["connected"] == true {
            break;
        }
    }
    loop {
        let presence = guest.next_of("presence").await;
        if presence["seats"][0]["connected"] == true {
            break;
        }
    }

    let seq = state["seq"].as_u64().expect("seq");
    let (game, _) = play_to_the_end(&mut creator, &mut guest, seq).await;
    // Either server gives the finished game's record, and it replays.
    for server in [&a, &b] {
        let summary = replay_stored_game(server.addr, &room).await;
        assert_eq!(summary.outcome, game.outcome());
    }
    // A rematch asked on one server starts the next game on both.
    guest.send(json!({"type": "rematch"})).await;
    assert_eq!(guest.next_of("state").await["game"], 2);
    let state = creator.next_of("state").await;
    assert_eq!(state["game"], 2);
    assert_eq!(state["you"], "defenders");
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_to_both_servers_at_once_is_stored_once() {
    let Some(redis) = Redis::start() else { return };
    // Each round sends a move, a ping and syncs from every socket, faster
    // than the default 10 frames a second allow.
    let limits = Limits {
        frames_per_second: 1000,
        frame_burst: 2000,
        ..Limits::default()
    };
    let a = start_with(&redis, limits.clone()).await;
    let b = start_with(&redis, limits).await;
    let (room, creator_token) = create(a.addr).await;
    let (_, welcome, _) = Client::hello(b.addr, &room, None).await;
    let guest_token = welcome["token"].as_str().expect("token").to_string();
    // Each player has a socket on both servers (two tabs, say), and sends
    // a different legal move from each at the same seq.
    let mut sockets = Vec::new();
    for token in [&creator_token, &guest_token] {
        let (on_a, _, _) = Client::hello(a.addr, &room, Some(token)).await;
        let (on_b, _, _) = Client::hello(b.addr, &room, Some(token)).await;
        sockets.push([on_a, on_b]);
    }
    let mut game = Game::start(&brandubh()).expect("start");
    let dims = game.dims();
    let mut seq = 1; // the guest's join
    let rounds = 12;
    for _ in 0..rounds {
        let legal = game.legal_moves();
        let choices = [legal[0], legal[legal.len() - 1]];
        let player = usize::from(game.to_move() != Side::Attackers);
        let [on_a, on_b] = &mut sockets[player];
        let frame = |mv: Move| json!({"type": "move", "move": mv.name(dims), "seq": seq});
        tokio::join!(on_a.send(frame(choices[0])), on_b.send(frame(choices[1])));
        let ((errors_a, _), (errors_b, _)) = tokio::join!(on_a.until_pong(), on_b.until_pong());
        let mut errors = errors_a.clone();
        errors.extend(errors_b.clone());
        // The loser's server either lost the race in Redis (`stale`) or had
        // already heard of the winner (then it is no longer that side's turn).
        assert!(
            errors.len() == 1 && ["stale", "not-your-turn"].contains(&errors[0].as_str()),
            "exactly one of the two moves is refused (a: {errors_a:?}, b: {errors_b:?})"
        );
        // The stored move is whichever won; both servers' sockets agree.
        let stored = redis
            .store()
            .load(&parse(&room))
            .expect("load")
            .expect("room");
        let Some(Event::Moved {
            mv,
            seq: stored_seq,
            ..
        }) = stored.events.last()
        else {
            panic!("the last event is a move: {:?}", stored.events.last());
        };
        assert_eq!(*stored_seq, seq + 1);
        seq += 1;
        for pair in &mut sockets {
            for socket in pair.iter_mut() {
                let state = socket.state_at(seq).await;
                assert_eq!(state["seq"], seq);
                assert_eq!(
                    state["moves"].as_array().map(Vec::len),
                    Some(game.ply() + 1)
                );
            }
        }
        let mv = Move::parse(mv, dims).expect("a stored move parses");
        game.play(mv).expect("the stored move is legal");
        if game.outcome().is_over() {
            break;
        }
    }
    // No move was stored twice: one event per seq, in order.
    let stored = redis
        .store()
        .load(&parse(&room))
        .expect("load")
        .expect("room");
    let seqs: Vec<u64> = stored.events.iter().map(Event::seq).collect();
    assert_eq!(seqs, (1..=seq).collect::<Vec<_>>());
    a.stop().await;
    b.stop().await;
}

fn parse(code: &str) -> rulehub_room::secret::RoomCode {
    rulehub_room::secret::RoomCode::parse(code).expect("a room code")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_from_redis_and_a_lost_redis_is_an_error() {
    let Some(redis) = Redis::start() else { return };
    let a = start(&redis).await;
    let b = start(&redis).await;
    let Seated {
        room,
        token,
        mut creator,
        mut guest,
        ..
    } = seat_across(a.addr, b.addr).await;
    let mut game = Game::start(&brandubh()).expect("start");
    let dims = game.dims();
    let mut play = |text: &str| {
        game.play(Move::parse(text, dims).expect("notation"))
            .expect("legal");
        game.legal_moves()[0].name(dims)
    };
    let _ = play("d2-c2");
    let third = play("d3-c3");
    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": 1}))
        .await;
    assert_eq!(guest.next_of("moved").await["seq"], 2);
    drop(creator);
    a.stop().await;

    // A new server (nothing in memory) picks the room up from Redis.
    let again = start(&redis).await;
    let (mut creator, welcome, state) = Client::hello(again.addr, &room, Some(&token)).await;
    assert_eq!(welcome["seat"], "attackers");
    assert_eq!(state["seq"], 2);
    assert_eq!(state["moves"][0]["move"], "d2-c2");
    guest
        .send(json!({"type": "move", "move": "d3-c3", "seq": 2}))
        .await;
    assert_eq!(creator.next_of("moved").await["move"], "d3-c3");

    // Redis goes away: a move is refused with a clear error, and nothing
    // was acknowledged that Redis did not have.
    drop(redis);
    creator
        .send(json!({"type": "move", "move": third, "seq": 3}))
        .await;
    let error = creator.next_of("error").await;
    assert_eq!(error["code"], "store-failed", "{error}");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("Redis at redis://127.0.0.1:"), "{message}");
    assert!(message.contains("nothing changed"), "{message}");
    creator.send(json!({"type": "sync"})).await;
    assert_eq!(creator.next_of("state").await["seq"], 3);
    again.stop().await;
    b.stop().await;
}

#[test]
fn of_many_servers_storing_move_n_at_once_exactly_one_succeeds() {
    let Some(redis) = Redis::start() else { return };
    let code = parse("ABCDEFGHJK");
    let snapshot = rulehub_room::store::Snapshot {
        family: rulehub_room::game::Family::named("tafl").expect("registered"),
        rules: serde_json::to_value(brandubh()).expect("json"),
        setup: None,
        tokens: [
            rulehub_room::secret::SeatToken::random().expect("random"),
            rulehub_room::secret::SeatToken::random().expect("random"),
        ],
        creator_side: Side::Attackers.to_string(),
        guest_joined: false,
        game: 1,
        seq: 0,
    };
    redis.store().create(&code, &snapshot).expect("create");
    // A second creation with the same code is refused, not overwritten.
    assert!(matches!(
        redis.store().create(&code, &snapshot),
        Err(rulehub_room::store::StoreError::Conflict(_))
    ));
    let moves = [
        "d2-c2", "d2-e2", "d1-c1", "d1-e1", "b4-b5", "b4-b3", "f4-f5", "f4-f3",
    ];
    let outcomes: Vec<bool> = std::thread::scope(|scope| {
        let handles: Vec<_> = moves
            .iter()
            .map(|mv| {
                let store = redis.store();
                let code = code.clone();
                scope.spawn(move || {
                    let event = Event::Moved {
                        seq: 1,
                        game: 1,
                        mv: (*mv).to_string(),
                    };
                    match store.append(&code, &event) {
                        Ok(()) => true,
                        Err(rulehub_room::store::StoreError::Conflict(_)) => false,
                        Err(e) => panic!("{e}"),
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    assert_eq!(outcomes.iter().filter(|ok| **ok).count(), 1, "{outcomes:?}");
    let stored = redis.store().load(&code).expect("load").expect("room");
    assert_eq!(stored.events.len(), 1);
    // A change decided from an old seq is refused too.
    let old = Event::GuestJoined { seq: 1 };
    assert!(redis.store().append(&code, &old).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_expires_on_every_server() {
    let Some(redis) = Redis::start() else { return };
    let limits = Limits {
        idle_expiry: Duration::from_secs(1),
        ..Limits::default()
    };
    let a = start_with(&redis, limits.clone()).await;
    let b = start_with(&redis, limits).await;
    let Seated {
        room,
        mut creator,
        mut guest,
        ..
    } = seat_across(a.addr, b.addr).await;
    // Nobody moves: Redis forgets the room, and each server then tells its
    // own sockets.
    for client in [&mut creator, &mut guest] {
        let frame = client.next_of("error").await;
        assert_eq!(frame["code"], "no-such-room", "{frame}");
    }
    assert!(redis.store().load(&parse(&room)).expect("load").is_none());
    let (status, _) = http(
        b.addr,
        &format!("GET /rooms/{room}/games/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 404);
    a.stop().await;
    b.stop().await;
}

/// A fan-out that carries nothing: a server whose notes are all lost.
struct Deaf;

impl rulehub_room::fanout::FanOut for Deaf {
    fn publish(
        &self,
        _: &rulehub_room::fanout::Note,
    ) -> Result<(), rulehub_room::store::StoreError> {
        Ok(())
    }
    fn listen(&self, _: u64, _: tokio::sync::mpsc::Sender<rulehub_room::fanout::Heard>) {}
    fn blocks(&self) -> bool {
        false
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notes_are_a_shortcut_the_store_is_the_record() {
    let Some(redis) = Redis::start() else { return };
    // Server A neither hears nor tells: everything it learns of B's
    // changes comes from Redis.
    let (server, _) =
        RoomServer::open_with(Config::default(), Arc::new(redis.store()), Arc::new(Deaf))
            .expect("open");
    let a = Running::serve(server).await;
    let b = start(&redis).await;
    let Seated {
        room,
        mut creator,
        mut guest,
        guest_state: state,
        ..
    } = seat_across(a.addr, b.addr).await;
    assert_eq!(state["seq"], 1);
    // The creator knows seq 1 (say, from a tab on B); A's copy is at 0,
    // catches up from Redis and takes the move.
    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": 1}))
        .await;
    assert_eq!(creator.next_of("moved").await["seq"], 2);
    // B heard nothing from A, but a sync asks Redis.
    guest.send(json!({"type": "sync"})).await;
    let state = guest.next_of("state").await;
    assert_eq!(state["seq"], 2);
    assert_eq!(state["moves"][0]["move"], "d2-c2");
    guest
        .send(json!({"type": "move", "move": "d3-c3", "seq": 2}))
        .await;
    assert_eq!(guest.next_of("moved").await["seq"], 3);
    creator.send(json!({"type": "sync"})).await;
    assert_eq!(creator.next_of("state").await["seq"], 3);
    // A move decided from A's old copy (seq 2, the creator's turn again
    // only in A's view) is refused, not stored a second time.
    a.stop().await;
    b.stop().await;
    let stored = redis
        .store()
        .load(&parse(&room))
        .expect("load")
        .expect("room");
    let seqs: Vec<u64> = stored.events.iter().map(Event::seq).collect();
    assert_eq!(seqs, vec![1, 2, 3]);
}

/// The moves of game 1 stored in Redis now.
fn stored_moves(redis: &Redis, room: &str) -> Vec<String> {
    let stored = redis
        .store()
        .load(&parse(room))
        .expect("load")
        .expect("room");
    stored
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Moved { mv, .. } => Some(mv.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_while_redis_stalls_is_settled_before_anyone_is_told() {
    let Some(redis) = Redis::start() else { return };
    let a = start(&redis).await;
    let b = start(&redis).await;
    let Seated {
        room,
        mut creator,
        mut guest,
        ..
    } = seat_across(a.addr, b.addr).await;
    // A watcher on the guest's server.
    let (mut watcher, welcome, _) = Client::hello(b.addr, &room, None).await;
    assert_eq!(welcome["seat"], Value::Null);
    // Presence frames from the joins, before the stall.
    for client in [&mut creator, &mut guest, &mut watcher] {
        while client
            .next_within(Duration::from_millis(300))
            .await
            .is_some()
        {}
    }

    // Redis stalls for longer than a command's 2 s timeout while the
    // creator's move is on its way.
    redis.pause();
    creator
        .send(json!({"type": "move", "move": "d2-c2", "seq": 1}))
        .await;
    let stall = Duration::from_secs(4);
    let said = creator.next_within(stall).await;
    redis.resume();
    // Nobody may be told anything about the move while its fate is open:
    // a `store-failed` here would be a refusal the stored move contradicts
    // once Redis goes on.
    assert_eq!(said, None, "the mover was answered during the stall");

    // Once Redis is back the fate is settled, and everyone hears it.
    let answer = creator.next().await;
    match answer["type"].as_str() {
        Some("moved") => {
            assert_eq!(answer["seq"], 2, "{answer}");
            for client in [&mut guest, &mut watcher] {
                let moved = client.next_of("moved").await;
                assert_eq!(moved["move"], "d2-c2");
                assert_eq!(moved["seq"], 2);
            }
            assert_eq!(stored_moves(&redis, &room), ["d2-c2"]);
        }
        Some("error") => {
            assert_eq!(answer["code"], "store-failed", "{answer}");
            // Refused: the write queued behind the stall must never land.
            tokio::time::sleep(Duration::from_secs(1)).await;
            assert!(stored_moves(&redis, &room).is_empty());
            for client in [&mut guest, &mut watcher] {
                client.send(json!({"type": "sync"})).await;
                let state = client.next_of("state").await;
                assert_eq!(state["seq"], 1, "{state}");
            }
            // The creator can play it again.
            creator
                .send(json!({"type": "move", "move": "d2-c2", "seq": 1}))
                .await;
            assert_eq!(guest.next_of("moved").await["seq"], 2);
        }
        _ => panic!("unexpected answer {answer}"),
    }
    // Either way the game goes on, every server agreeing.
    guest
        .send(json!({"type": "move", "move": "d3-c3", "seq": 2}))
        .await;
    assert_eq!(creator.next_of("moved").await["seq"], 3);
    assert_eq!(watcher.next_of("moved").await["seq"], 3);
    assert_eq!(stored_moves(&redis, &room), ["d2-c2", "d3-c3"]);
    a.stop().await;
    b.stop().await;
}

#[test]
fn a_write_settled_as_not_stored_can_never_land_later() {
    let Some(redis) = Redis::start() else { return };
    let code = parse("ABCDEFGHJM");
    let store = redis.store();
    store.create(&code, &snapshot()).expect("create");
    let event = Event::Moved {
        seq: 1,
        game: 1,
        mv: "d2-c2".into(),
    };
    // A write whose answer was lost, settled before it reached Redis: not
    // stored, and the write itself, arriving late, is voided.
    let id = rulehub_room::store::WriteId::random();
    assert!(!store.settle(&code, &event, &id).expect("settle"));
    // Settling again gives the same answer.
    assert!(!store.settle(&code, &event, &id).expect("settle"));
    // The lost write, run now (as when Redis resumes after a stall), is
    // refused: nothing lands.
    assert!(matches!(
        store.append_as(&code, &event, &id),
        Err(rulehub_room::store::StoreError::Conflict(_))
    ));
    let stored = store.load(&code).expect("load").expect("room");
    assert!(stored.events.is_empty(), "{:?}", stored.events);
    // A stored event settles as stored, whichever write put it there.
    store.append(&code, &event).expect("append");
    assert!(store.settle(&code, &event, &id).expect("settle"));
}

fn snapshot() -> rulehub_room::store::Snapshot {
    rulehub_room::store::Snapshot {
        family: rulehub_room::game::Family::named("tafl").expect("registered"),
        rules: serde_json::to_value(brandubh()).expect("json"),
        setup: None,
        tokens: [
            rulehub_room::secret::SeatToken::random().expect("random"),
            rulehub_room::secret::SeatToken::random().expect("random"),
        ],
        creator_side: Side::Attackers.to_string(),
        guest_joined: false,
        game: 1,
        seq: 0,
    }
}
