//! One WebSocket's side of the protocol: hello, moves, rematches and
//! syncs, the rate limit, and how a socket ends.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

use super::{
    RETRIES, RoomServer, Slot, Subscriber, blocking, conflict_refusal, no_room, store_refusal,
};
use crate::fanout::What;
use crate::limits::Limits;
use crate::protocol::{ClientFrame, ErrorCode, PROTOCOL_VERSION, Refusal, ServerFrame, encode};
use crate::room::{GUEST, Room, Seat, moved_frame};
use crate::secret::RoomCode;
use crate::store::{Event, StoreError};

/// The read buffer a socket starts with (it grows for a larger frame).
pub(super) const SOCKET_BUFFER: usize = 4 * 1024;

/// A token bucket: `rate` frames a second, up to `burst` at once.
struct RateLimit {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl RateLimit {
    fn new(limits: &Limits) -> RateLimit {
        RateLimit {
            tokens: f64::from(limits.frame_burst),
            rate: f64::from(limits.frames_per_second),
            burst: f64::from(limits.frame_burst),
            last: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One socket's side of the protocol.
pub(super) struct Connection {
    server: RoomServer,
    id: u64,
    /// Set by `hello`.
    joined: Option<(Arc<Slot>, Option<Seat>)>,
    outbox: mpsc::Sender<Utf8Bytes>,
    inbox: Option<mpsc::Receiver<Utf8Bytes>>,
    kick: Arc<Notify>,
}

/// Why a connection ends, as its close frame says.
enum Ending {
    ClientLeft,
    /// A frame over [`crate::limits::HARD_MESSAGE_CAP`] (close 1009).
    TooBig,
    /// A text frame that is not UTF-8 (close 1007).
    NotUtf8,
    TooSlow,
    Shutdown,
    HelloTimeout,
    Expired,
}

impl Connection {
    pub(super) fn new(server: RoomServer) -> Connection {
        let (outbox, inbox) = mpsc::channel(server.shared.config.limits.outbound_queue);
        Connection {
            id: server.shared.next_socket.fetch_add(1, Ordering::Relaxed),
            server,
            joined: None,
            outbox,
            inbox: Some(inbox),
            kick: Arc::new(Notify::new()),
        }
    }

    pub(super) async fn run(mut self, socket: WebSocket) {
        let (mut sink, mut stream) = socket.split();
        let mut inbox = self.inbox.take().expect("the inbox is taken once");
        let writer = tokio::spawn(async move {
            while let Some(text) = inbox.recv().await {
                if sink.send(Message::Text(text)).await.is_err() {
                    break;
                }
            }
            sink
        });
        let ending = self.read_loop(&mut stream).await;
        let protocol_error = matches!(ending, Ending::TooBig | Ending::NotUtf8);
        self.leave().await;
        // Dropping the outbox lets the writer flush what is queued and stop.
        drop(self.outbox);
        let Ok(mut sink) = writer.await else { return };
        let (code, reason) = match ending {
            Ending::ClientLeft => return,
            Ending::TooBig => (1009, "a frame over 64 KiB"),
            Ending::NotUtf8 => (1007, "a text frame that is not UTF-8"),
            Ending::TooSlow => (1008, "too slow: reconnect and resync"),
            Ending::Shutdown => (1001, "server shutting down"),
            Ending::HelloTimeout => (1008, "no hello in time"),
            Ending::Expired => (1000, "the room expired"),
        };
        let close = CloseFrame {
            code,
            reason: Utf8Bytes::from(reason),
        };
        let _ = tokio::time::timeout(
            Duration::from_secs(1),
            sink.send(Message::Close(Some(close))),
        )
        .await;
        if protocol_error {
            // Read on (discarding) until the client answers the close or a
            // moment passes: closing with its unread bytes in our buffer
            // would reset the connection, and the client could lose the
            // close frame that says why.
            let _ = tokio::time::timeout(Duration::from_secs(1), async {
                while let Some(Ok(_)) = stream.next().await {}
            })
            .await;
        }
    }

    async fn read_loop(
        &mut self,
        stream: &mut futures_util::stream::SplitStream<WebSocket>,
    ) -> Ending {
        let limits = self.server.shared.config.limits.clone();
        let mut rate = RateLimit::new(&limits);
        let mut shutdown = self.server.shared.shutdown.subscribe();
        let hello_deadline = Instant::now() + limits.hello_timeout;
        let kick = self.kick.clone();
        loop {
            let message = tokio::select! {
                message = stream.next() => message,
                _ = kick.notified() => {
                    let expired = match &self.joined {
                        Some((slot, _)) => slot.live.lock().await.gone,
                        None => false,
                    };
                    return if expired { Ending::Expired } else { Ending::TooSlow };
                }
                _ = async { let _ = shutdown.wait_for(|down| *down).await; } => return Ending::Shutdown,
                _ = tokio::time::sleep_until(hello_deadline), if self.joined.is_none() => {
                    return Ending::HelloTimeout;
                }
            };
            let text = match message {
                None | Some(Ok(Message::Close(_))) => return Ending::ClientLeft,
                Some(Err(e)) => return ending_of(e),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Binary(_))) => {
                    if rate.allow() {
                        self.reply(
                            &Refusal::new(
                                ErrorCode::Malformed,
                                "the protocol uses text frames of JSON, not binary frames",
                            )
                            .frame(),
                        );
                    }
                    continue;
                }
                Some(Ok(Message::Text(text))) => text,
            };
            if !rate.allow() {
                // A dropped move is always answered, so that no player waits
                // for a move that was never played; other frames get one
                // notice per refill, so the refusals cannot flood either.
                // (A client that does not read its answers is closed when
                // its queue fills, as always.)
                let dropped_move = if text.len() <= limits.max_message_bytes {
                    match serde_json::from_str::<ClientFrame>(&text) {
                        Ok(ClientFrame::Move { mv, .. }) => Some(mv),
                        _ => None,
                    }
                } else {
                    None
                };
                if let Some(mv) = dropped_move {
                    self.reply(
                        &Refusal::new(
                            ErrorCode::RateLimited,
                            format!(
                                "more than {} frames a second; the move `{}` was dropped, not played: send it again",
                                limits.frames_per_second,
                                mv.chars().take(32).collect::<String>()
                            ),
                        )
                        .frame(),
                    );
                } else if rate.tokens > -1.0 {
                    rate.tokens -= 1.0;
                    self.reply(
                        &Refusal::new(
                            ErrorCode::RateLimited,
                            format!(
                                "more than {} frames a second; the frame was dropped",
                                limits.frames_per_second
                            ),
                        )
                        .frame(),
                    );
                }
                continue;
            }
            if text.len() > limits.max_message_bytes {
                self.reply(
                    &Refusal::new(
                        ErrorCode::TooLarge,
                        format!(
                            "a frame of {} bytes is over the {}-byte limit",
                            text.len(),
                            limits.max_message_bytes
                        ),
                    )
                    .frame(),
                );
                continue;
            }
            let frame = match serde_json::from_str::<ClientFrame>(&text) {
                Ok(frame) => frame,
                Err(e) => {
                    self.reply(
                        &Refusal::new(ErrorCode::Malformed, format!("not a protocol frame: {e}"))
                            .frame(),
                    );
                    continue;
                }
            };
            if let Err(refusal) = self.handle(frame).await {
                self.reply(&refusal.frame());
            }
        }
    }

    /// Queues a frame for this socket alone; a full queue means the client
    /// is not reading, and it is told to go.
    fn reply(&self, frame: &ServerFrame) {
        if self
            .outbox
            .try_send(Utf8Bytes::from(encode(frame)))
            .is_err()
        {
            self.kick.notify_one();
        }
    }

    async fn handle(&mut self, frame: ClientFrame) -> Result<(), Refusal> {
        match (frame, self.joined.clone()) {
            (
                ClientFrame::Hello {
                    v,
                    room,
                    token,
                    watch,
                },
                None,
            ) => self.hello(v, &room, token.as_deref(), watch).await,
            (ClientFrame::Hello { .. }, Some(_)) => Err(Refusal::new(
                ErrorCode::HelloFirst,
                "this socket already said hello; open a new socket for another room",
            )),
            (_, None) => Err(Refusal::new(
                ErrorCode::HelloFirst,
                "say `hello` with the room code first",
            )),
            (ClientFrame::Ping {}, Some(_)) => {
                self.reply(&ServerFrame::Pong);
                Ok(())
            }
            (ClientFrame::Sync {}, Some((slot, _))) => {
                let mut live = slot.live.lock().await;
                if self.server.shared.store.shared() {
                    // Asked for the truth: the store has it, not this copy.
                    // If the store cannot answer, this copy is the best
                    // there is (everything in it was stored).
                    let code = live.room.code().clone();
                    let _ = self.server.refresh(&code, &mut live).await;
                }
                live.send_state(Some(self.id));
                Ok(())
            }
            (ClientFrame::Move { mv, seq }, Some((slot, seat))) => {
                self.play(&slot, seat_or_refuse(seat)?, &mv, seq).await
            }
            (ClientFrame::Rematch {}, Some((slot, seat))) => {
                self.rematch(&slot, seat_or_refuse(seat)?).await
            }
        }
    }

    async fn hello(
        &mut self,
        v: u32,
        room: &str,
        token: Option<&str>,
        watch_only: bool,
    ) -> Result<(), Refusal> {
        if v != PROTOCOL_VERSION {
            return Err(Refusal::new(
                ErrorCode::UnsupportedVersion,
                format!("protocol version {v} is not spoken here; use {PROTOCOL_VERSION}"),
            ));
        }
        let code = RoomCode::parse(room).ok_or_else(no_room)?;
        // A slot can go while this waits for its lock (expired, or dropped
        // from this server's memory); then the store is asked once more.
        let mut tries = 0;
        let slot = loop {
            let slot = self.server.slot_or_load(&code).await?.ok_or_else(no_room)?;
            if !slot.live.lock().await.gone || tries > 0 {
                break slot;
            }
            tries += 1;
        };
        let mut live = slot.live.lock().await;
        if live.gone {
            return Err(no_room());
        }
        let shared = self.server.shared.store.shared();
        if shared {
            // Renews the room in a store that expires rooms by itself.
            let store = self.server.shared.store.clone();
            let touched = code.clone();
            blocking(move || store.touch(&touched))
                .await
                .map_err(|e| store_refusal(&e))?;
        }
        let mut new_token = None;
        let mut attempts = 0;
        let seat = loop {
            break match token {
                Some(token) => match live.room.seat_of_token(token) {
                    Some(seat) => Some(seat),
                    None if shared && attempts == 0 => {
                        // The guest may have taken the seat on another
                        // server a moment ago: ask the store before refusing.
                        attempts += 1;
                        self.server.reload(&code, &mut live).await?;
                        continue;
                    }
                    None => {
                        return Err(Refusal::new(
                            ErrorCode::BadToken,
                            "this token holds no seat in this room; connect without a token to watch",
                        ));
                    }
                },
                None if !watch_only && !live.room.guest_joined() => {
                    let event = live.room.join_event().expect("the guest seat is free");
                    match self.server.store_change(&code, &event).await {
                        Ok(()) => {}
                        // Shutting down before the join's fate was known:
                        // the socket closes; a reconnect shows the seats.
                        Err(StoreError::Unsettled { .. }) => return Ok(()),
                        Err(StoreError::Conflict(_)) if attempts < RETRIES => {
                            // Someone changed the room on another server
                            // (perhaps took the seat): look again.
                            attempts += 1;
                            self.server.reload(&code, &mut live).await?;
                            continue;
                        }
                        Err(e) => return Err(store_refusal(&e)),
                    }
                    live.room.apply(&event);
                    self.server.publish(&code, What::Event { event }).await;
                    new_token = Some(live.room.token(GUEST).as_str().to_string());
                    Some(GUEST)
                }
                None => {
                    let watchers = live.sockets.iter().filter(|s| s.seat.is_none()).count();
                    if watchers >= self.server.shared.config.limits.max_watchers {
                        return Err(Refusal::new(
                            ErrorCode::TooManyWatchers,
                            "this room has as many watchers as it allows",
                        ));
                    }
                    None
                }
            };
        };
        live.last_activity = Instant::now();
        let welcome = ServerFrame::Welcome {
            v: PROTOCOL_VERSION,
            room: code.to_string(),
            seat: seat.map(|s| live.room.side_of(s)),
            token: new_token,
        };
        self.reply(&welcome);
        live.sockets.push(Subscriber {
            id: self.id,
            seat,
            outbox: self.outbox.clone(),
            kick: self.kick.clone(),
        });
        live.send_state(Some(self.id));
        if seat.is_some() {
            live.broadcast_presence();
            self.server.publish_presence(&live).await;
        }
        drop(live);
        self.joined = Some((slot, seat));
        Ok(())
    }

    async fn play(&self, slot: &Slot, seat: Seat, mv: &str, seq: u64) -> Result<(), Refusal> {
        let mut live = slot.live.lock().await;
        let code = live.room.code().clone();
        if seq > live.room.seq() && self.server.shared.store.shared() {
            // The client has seen more of the room than this server (news
            // through another server, a note still on its way): catch up
            // before judging the move.
            let _ = self.server.refresh(&code, &mut live).await;
        }
        let event = live.room.move_event(seat, mv, seq)?;
        // Returns once the move's fate is known (a stalled Redis is waited
        // for), so a refusal below means the move does not stand and never
        // will, and a success that everyone is told.
        match self.server.store_change(&code, &event).await {
            Ok(()) => {}
            Err(StoreError::Conflict(_)) => {
                let _ = self.server.refresh(&code, &mut live).await;
                return Err(conflict_refusal());
            }
            // Shutting down before the move's fate was known: no answer
            // (the socket closes with 1001; a reconnect gets the state).
            Err(StoreError::Unsettled { .. }) => return Ok(()),
            Err(e) => return Err(store_refusal(&e)),
        }
        let played = live.room.apply(&event).expect("a move event plays a move");
        live.last_activity = Instant::now();
        let moved = moved_frame(&live.room, played);
        if live.room.outcome().is_over() {
            // Before the relay, so whoever hears of the end can fetch the
            // record. The journal already holds the move; a failed archive
            // is written again at the rematch, before compaction.
            let _ = self.archive(&live.room).await;
        }
        live.broadcast(&moved);
        // Under the room's lock, so other servers hear a room's events in
        // order.
        self.server.publish(&code, What::Event { event }).await;
        Ok(())
    }

    /// Keeps the finished game's record; a failure is retried at rematch.
    async fn archive(&self, room: &Room) -> Result<(), Refusal> {
        let store = self.server.shared.store.clone();
        let code = room.code().clone();
        let game = room.game_number();
        let record = room.record();
        blocking(move || store.archive_game(&code, game, &record))
            .await
            .map_err(|e| store_refusal(&e))
    }

    async fn rematch(&self, slot: &Slot, _seat: Seat) -> Result<(), Refusal> {
        let mut live = slot.live.lock().await;
        let snapshot = live.room.rematch_snapshot()?;
        self.archive(&live.room).await?;
        let code = live.room.code().clone();
        let compaction = Event::Snapshot(Box::new(snapshot.clone()));
        match self.server.store_change(&code, &compaction).await {
            Ok(()) => {}
            Err(StoreError::Unsettled { .. }) => return Ok(()),
            Err(StoreError::Conflict(_)) => {
                let game = live.room.game_number();
                let _ = self.server.refresh(&code, &mut live).await;
                // Both players asked at once on two servers: the other
                // request started the next game, which is what this one
                // wanted; the state was sent.
                if live.room.game_number() > game {
                    return Ok(());
                }
                return Err(conflict_refusal());
            }
            Err(e) => return Err(store_refusal(&e)),
        }
        let event = Event::Rematch {
            seq: snapshot.seq,
            game: snapshot.game,
        };
        live.room.apply(&event);
        live.last_activity = Instant::now();
        live.send_state(None);
        self.server.publish(&code, What::Event { event }).await;
        Ok(())
    }

    async fn leave(&mut self) {
        let Some((slot, seat)) = self.joined.take() else {
            return;
        };
        let mut live = slot.live.lock().await;
        live.sockets.retain(|s| s.id != self.id);
        if seat.is_some() && !live.gone {
            live.broadcast_presence();
            self.server.publish_presence(&live).await;
        }
    }
}

/// How a socket whose frame could not be read ends: a frame over the cap
/// and a text frame that is not UTF-8 get their close codes; anything else
/// (a reset, a protocol violation) is the client gone.
fn ending_of(error: axum::Error) -> Ending {
    let inner = error.into_inner();
    match inner.downcast_ref::<tungstenite::Error>() {
        Some(tungstenite::Error::Capacity(_)) => Ending::TooBig,
        Some(tungstenite::Error::Utf8(_)) => Ending::NotUtf8,
        _ => Ending::ClientLeft,
    }
}

fn seat_or_refuse(seat: Option<Seat>) -> Result<Seat, Refusal> {
    seat.ok_or_else(|| {
        Refusal::new(
            ErrorCode::NotASeat,
            "watchers cannot move or ask for a rematch",
        )
    })
}
