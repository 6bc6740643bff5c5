//! The room server: HTTP endpoints, the WebSocket protocol, fan-out, limits,
//! expiry and shutdown. Nothing here prints; the caller reports.
//!
//! Every room sits behind its own async mutex, so a room's moves are
//! checked, stored and relayed one at a time in order, while rooms run in
//! parallel. A move is relayed (and so acknowledged, the mover hearing its
//! own `moved`) only after the store has written it.
//!
//! Several servers can share one store (Redis, see docs/rooms.md): each
//! tells its own sockets and publishes a [`Note`] through the [`FanOut`] for
//! the others. A server's copy of a room is then a cache: the store refuses
//! a change decided from an out-of-date copy (`Conflict`), and the server
//! reloads the room, resyncs its sockets and refuses the move as `stale`.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;

use crate::fanout::{FanOut, Heard, Local, Note, What};
use crate::limits::{HARD_MESSAGE_CAP, Limits};
use crate::protocol::{
    ClientFrame, CreateRequest, CreateResponse, ErrorCode, PROTOCOL_VERSION, Refusal, ServerFrame,
    encode,
};
use crate::room::{CREATOR, GUEST, GameRequest, Room, Seat, moved_frame, side_index};
use crate::secret::RoomCode;
use crate::store::{Event, Store, StoreError};

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub limits: Limits,
    /// Origins (`scheme://host[:port]`) whose pages may use the server.
    /// Requests without an `Origin` header (not from a browser) are served.
    pub allowed_origins: Vec<String>,
}

/// What opening the store found, for the caller to report.
#[derive(Debug, Default)]
pub struct Opened {
    pub rooms: usize,
    pub truncated: Vec<RoomCode>,
    /// Journals that could not be read or replayed, with the reason.
    pub unreadable: Vec<(String, String)>,
}

/// A running room server's shared state; cheap to clone.
#[derive(Clone)]
pub struct RoomServer {
    shared: Arc<Shared>,
}

struct Shared {
    config: Config,
    store: Arc<dyn Store>,
    fanout: Arc<dyn FanOut>,
    /// This server's id in notes (random at start).
    node: u64,
    rooms: Mutex<HashMap<RoomCode, Arc<Slot>>>,
    shutdown: watch::Sender<bool>,
    next_socket: AtomicU64,
    open_sockets: AtomicUsize,
}

/// One room and everyone connected to it.
struct Slot {
    live: tokio::sync::Mutex<Live>,
}

struct Live {
    room: Room,
    sockets: Vec<Subscriber>,
    /// Seats with a socket on other servers, by server id, as their notes
    /// said (a server that dies without saying so leaves its seats shown
    /// as connected until the room is reloaded).
    remote: HashMap<u64, [bool; 2]>,
    last_activity: Instant,
    /// Set when the room expired; sockets still holding the slot give up.
    gone: bool,
}

/// A socket as its room sees it: where to send frames, and how to tell it
/// to go when it falls behind.
struct Subscriber {
    id: u64,
    seat: Option<Seat>,
    outbox: mpsc::Sender<Utf8Bytes>,
    kick: Arc<Notify>,
}

impl Live {
    fn new(room: Room, last_activity: Instant) -> Live {
        Live {
            room,
            sockets: Vec::new(),
            remote: HashMap::new(),
            last_activity,
            gone: false,
        }
    }

    /// Seats with a socket on this server.
    fn connected_here(&self) -> [bool; 2] {
        [CREATOR, GUEST].map(|seat| self.sockets.iter().any(|s| s.seat == Some(seat)))
    }

    /// Seats with a socket on any server.
    fn connected(&self) -> [bool; 2] {
        let here = self.connected_here();
        [CREATOR, GUEST].map(|seat| here[seat] || self.remote.values().any(|r| r[seat]))
    }

    /// Tells every socket the room is gone and lets them go.
    fn expire(&mut self) {
        self.gone = true;
        self.broadcast(&Refusal::new(ErrorCode::NoSuchRoom, "the room expired").frame());
        for socket in self.sockets.drain(..) {
            socket.kick.notify_one();
        }
    }

    /// Sends a frame to every socket; a socket whose queue is full is told
    /// to close (it resyncs when it reconnects), never waited for.
    fn broadcast(&mut self, frame: &ServerFrame) {
        let text = Utf8Bytes::from(encode(frame));
        self.sockets
            .retain(|socket| match socket.outbox.try_send(text.clone()) {
                Ok(()) => true,
                Err(_) => {
                    socket.kick.notify_one();
                    false
                }
            });
    }

    fn broadcast_presence(&mut self) {
        let seats = self.room.seat_views(self.connected());
        self.broadcast(&ServerFrame::Presence { seats });
    }

    /// The full state, which differs per socket only in `you`.
    fn send_state(&mut self, only: Option<u64>) {
        let connected = self.connected();
        let room = &self.room;
        self.sockets.retain(|socket| {
            if only.is_some_and(|id| id != socket.id) {
                return true;
            }
            let state = ServerFrame::State(Box::new(room.state_view(socket.seat, connected)));
            match socket.outbox.try_send(Utf8Bytes::from(encode(&state))) {
                Ok(()) => true,
                Err(_) => {
                    socket.kick.notify_one();
                    false
                }
            }
        });
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The map is only ever inserted into or removed from; a panic elsewhere
    // cannot leave it half-changed.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs a store call on the blocking pool (it waits for an fsync).
async fn blocking<T: Send + 'static>(
    job: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(job)
        .await
        .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
}

/// The refusal for a room code that names no room (any more).
fn no_room() -> Refusal {
    Refusal::new(
        ErrorCode::NoSuchRoom,
        "no room has this code; it may have expired",
    )
}

fn store_refusal(e: &StoreError) -> Refusal {
    Refusal::new(
        ErrorCode::StoreFailed,
        format!("the server could not store this, so nothing changed; try again ({e})"),
    )
}

fn conflict_refusal() -> Refusal {
    Refusal::new(
        ErrorCode::Stale,
        "another server changed the room first; the current state was sent: choose again",
    )
}

/// A random id for this server's notes; the clock stands in if the OS has
/// no randomness to give (ids need only differ between servers).
fn node_id() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id())
    })
}

/// How many times a join or a new room code is tried again after another
/// server won a race for it.
const RETRIES: usize = 3;
/// Notes waiting for the server to apply them; when full, the fan-out
/// waits (Redis) or drops the note (in-process), and the room catches up
/// from the store.
const NOTE_QUEUE: usize = 1024;
/// How long a server with a networked fan-out waits for its subscription
/// before it serves anyway (rooms then catch up at their next conflict).
const SUBSCRIBE_WAIT: Duration = Duration::from_secs(5);

impl RoomServer {
    /// Opens the server on `store`, replaying every stored room; one
    /// server alone (in-process fan-out).
    pub fn open(config: Config, store: Arc<dyn Store>) -> Result<(RoomServer, Opened), StoreError> {
        RoomServer::open_with(config, store, Arc::new(Local::new()))
    }

    /// Opens the server on a store it may share with other servers, which
    /// hear of its changes through `fanout` (and it of theirs).
    pub fn open_with(
        config: Config,
        store: Arc<dyn Store>,
        fanout: Arc<dyn FanOut>,
    ) -> Result<(RoomServer, Opened), StoreError> {
        let recovery = store.recover()?;
        let mut opened = Opened {
            truncated: recovery.truncated,
            unreadable: recovery.unreadable,
            ..Opened::default()
        };
        let mut rooms = HashMap::new();
        let now = Instant::now();
        for stored in recovery.rooms {
            let code = stored.code.clone();
            match Room::recover(stored) {
                Ok(room) => {
                    // A restart gives every room a fresh idle period.
                    let live = Live::new(room, now);
                    rooms.insert(
                        code,
                        Arc::new(Slot {
                            live: tokio::sync::Mutex::new(live),
                        }),
                    );
                }
                Err(reason) => opened.unreadable.push((code.to_string(), reason)),
            }
        }
        opened.rooms = rooms.len();
        let (shutdown, _) = watch::channel(false);
        let server = RoomServer {
            shared: Arc::new(Shared {
                config,
                store,
                fanout,
                node: node_id(),
                rooms: Mutex::new(rooms),
                shutdown,
                next_socket: AtomicU64::new(1),
                open_sockets: AtomicUsize::new(0),
            }),
        };
        Ok((server, opened))
    }

    pub fn room_count(&self) -> usize {
        lock(&self.shared.rooms).len()
    }

    /// The HTTP routes: `POST /rooms`, `GET /ws`, `GET /health`,
    /// `GET /rooms/{code}/games/{n}`.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/health", get(health))
            .route("/rooms", axum::routing::post(create).options(preflight))
            .route("/rooms/{code}/games/{game}", get(game_record))
            .route("/ws", get(upgrade))
            .with_state(self.clone())
    }

    /// Serves on `listener` until `shutdown` completes, then closes every
    /// socket (code 1001) and waits briefly for them to go.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let sweeper = tokio::spawn(self.clone().sweep_forever());
        let (heard, mut notes) = mpsc::channel(NOTE_QUEUE);
        self.shared.fanout.listen(self.shared.node, heard);
        if self.shared.fanout.blocks() {
            // Serve only once subscribed (the fan-out says so with its first
            // `Lost`), so no note is missed for a room loaded from now on.
            let subscribed = tokio::time::timeout(SUBSCRIBE_WAIT, notes.recv()).await;
            if let Ok(Some(first)) = subscribed {
                self.heard(first).await;
            }
        }
        // Aborting it drops the receiver, which ends the fan-out's delivery.
        let listener_task = tokio::spawn(self.clone().hear_forever(notes));
        let router = self.router();
        let server = self.clone();
        axum::serve(listener, router)
            .with_graceful_shutdown(async move {
                shutdown.await;
                server.shared.shutdown.send_replace(true);
            })
            .await?;
        sweeper.abort();
        listener_task.abort();
        // Upgraded sockets are not the HTTP server's to wait for.
        let deadline = Instant::now() + Duration::from_secs(2);
        while self.shared.open_sockets.load(Ordering::Acquire) > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        Ok(())
    }

    async fn sweep_forever(self) {
        let every = (self.shared.config.limits.idle_expiry / 4)
            .clamp(Duration::from_millis(50), Duration::from_secs(60));
        let mut ticks = tokio::time::interval(every);
        loop {
            ticks.tick().await;
            self.sweep_expired().await;
        }
    }

    async fn hear_forever(self, mut notes: mpsc::Receiver<Heard>) {
        while let Some(heard) = notes.recv().await {
            self.heard(heard).await;
        }
    }

    async fn heard(&self, heard: Heard) {
        match heard {
            Heard::Note(note) => self.hear(note).await,
            Heard::Lost => {
                let slots: Vec<(RoomCode, Arc<Slot>)> = lock(&self.shared.rooms)
                    .iter()
                    .map(|(code, slot)| (code.clone(), slot.clone()))
                    .collect();
                for (code, slot) in slots {
                    let mut live = slot.live.lock().await;
                    let _ = self.refresh(&code, &mut live).await;
                }
            }
        }
    }

    /// Applies another server's note to this server's copy of the room, if
    /// it holds one, and tells its sockets.
    async fn hear(&self, note: Note) {
        let Some(code) = RoomCode::parse(&note.room) else {
            return;
        };
        let Some(slot) = self.slot(&code) else {
            // Not held here: loaded from the store when someone connects.
            return;
        };
        let mut live = slot.live.lock().await;
        if live.gone {
            return;
        }
        live.last_activity = Instant::now();
        match note.what {
            What::Event { event } => {
                let next = live.room.seq() + 1;
                if event.seq() < next {
                    // Already applied (this server reloaded past it).
                } else if event.seq() == next && live.room.check_event(&event).is_ok() {
                    let played = live.room.apply(&event);
                    match (&event, played) {
                        (Event::Moved { .. }, Some(played)) => {
                            let frame = moved_frame(&live.room, played);
                            live.broadcast(&frame);
                        }
                        (Event::GuestJoined { .. }, _) => live.broadcast_presence(),
                        _ => live.send_state(None),
                    }
                } else {
                    // A gap (a missed note) or an event this copy cannot
                    // take: the store has the truth.
                    let _ = self.refresh(&code, &mut live).await;
                }
            }
            What::Presence { seats } => {
                let before = live.connected();
                let first = live.remote.insert(note.node, seats).is_none();
                if live.connected() != before {
                    live.broadcast_presence();
                }
                if first {
                    // A server new to this room does not know our seats yet.
                    self.publish_presence(&live).await;
                }
            }
        }
    }

    /// Replaces this server's copy of a room with the stored one and sends
    /// every socket the full state if it changed; a room the store no
    /// longer has is expired here too.
    /// [`RoomServer::refresh`] for a client waiting on the answer: a store
    /// failure or a room that is gone becomes the refusal the client gets.
    async fn reload(&self, code: &RoomCode, live: &mut Live) -> Result<(), Refusal> {
        self.refresh(code, live)
            .await
            .map_err(|e| store_refusal(&e))?;
        if live.gone {
            return Err(no_room());
        }
        Ok(())
    }

    async fn refresh(&self, code: &RoomCode, live: &mut Live) -> Result<(), StoreError> {
        let store = self.shared.store.clone();
        let load = code.clone();
        match blocking(move || store.load(&load)).await? {
            None => {
                live.expire();
                lock(&self.shared.rooms).remove(code);
            }
            Some(stored) => {
                // A stored room this server cannot replay is left as it
                // was; its next change conflicts again and is refused.
                if let Ok(room) = Room::recover(stored)
                    && (room.seq() != live.room.seq()
                        || room.game_number() != live.room.game_number())
                {
                    live.room = room;
                    live.send_state(None);
                }
            }
        }
        Ok(())
    }

    /// Tells the other servers (if any) about a change; a note that cannot
    /// be sent is not an error for the change, which the store holds: the
    /// others catch up from the store.
    async fn publish(&self, code: &RoomCode, what: What) {
        let note = Note {
            node: self.shared.node,
            room: code.to_string(),
            what,
        };
        let fanout = self.shared.fanout.clone();
        if fanout.blocks() {
            let _ = blocking(move || fanout.publish(&note)).await;
        } else {
            let _ = fanout.publish(&note);
        }
    }

    async fn publish_presence(&self, live: &Live) {
        let seats = live.connected_here();
        self.publish(live.room.code(), What::Presence { seats })
            .await;
    }

    /// The room's slot, loaded from the store if this server does not hold
    /// it yet (it was made on another server, or before a restart).
    async fn slot_or_load(&self, code: &RoomCode) -> Result<Option<Arc<Slot>>, Refusal> {
        if let Some(slot) = self.slot(code) {
            return Ok(Some(slot));
        }
        let store = self.shared.store.clone();
        let load = code.clone();
        let Some(stored) = blocking(move || store.load(&load))
            .await
            .map_err(|e| store_refusal(&e))?
        else {
            return Ok(None);
        };
        let room = Room::recover(stored).map_err(|reason| {
            Refusal::new(
                ErrorCode::StoreFailed,
                format!("the stored room cannot be replayed: {reason}"),
            )
        })?;
        let mut rooms = lock(&self.shared.rooms);
        if let Some(slot) = rooms.get(code) {
            // Loaded by another hello meanwhile.
            return Ok(Some(slot.clone()));
        }
        if rooms.len() >= self.shared.config.limits.max_rooms {
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                "the server holds as many rooms as it allows; try again later",
            ));
        }
        let slot = Arc::new(Slot {
            live: tokio::sync::Mutex::new(Live::new(room, Instant::now())),
        });
        rooms.insert(code.clone(), slot.clone());
        Ok(Some(slot))
    }

    /// Removes rooms idle for longer than the limit; their sockets are told
    /// (`no-such-room`) and closed. Returns how many went.
    ///
    /// With a shared store, a room idle here may be in use on another
    /// server: it is removed only once the store has forgotten it too (it
    /// expires there after the same idle time, renewed by every server),
    /// and otherwise only dropped from this server's memory when no socket
    /// here uses it.
    pub async fn sweep_expired(&self) -> usize {
        let slots: Vec<(RoomCode, Arc<Slot>)> = lock(&self.shared.rooms)
            .iter()
            .map(|(code, slot)| (code.clone(), slot.clone()))
            .collect();
        let expiry = self.shared.config.limits.idle_expiry;
        let mut removed = 0;
        for (code, slot) in slots {
            let mut live = slot.live.lock().await;
            if live.last_activity.elapsed() < expiry {
                continue;
            }
            let store = self.shared.store.clone();
            let forget = code.clone();
            if store.shared() {
                match blocking(move || store.load(&forget)).await {
                    Ok(None) => {}
                    Ok(Some(_)) if live.sockets.is_empty() => {
                        // A hello waiting for this slot looks the room up again.
                        live.gone = true;
                        lock(&self.shared.rooms).remove(&code);
                        continue;
                    }
                    // Still in use elsewhere, or the store cannot say.
                    Ok(Some(_)) | Err(_) => continue,
                }
            } else if blocking(move || store.remove(&forget)).await.is_err() {
                // Kept in memory and on disk; the next sweep tries again.
                continue;
            }
            live.expire();
            lock(&self.shared.rooms).remove(&code);
            removed += 1;
        }
        removed
    }

    fn slot(&self, code: &RoomCode) -> Option<Arc<Slot>> {
        lock(&self.shared.rooms).get(code).cloned()
    }

    /// The request's origin when it may be echoed in CORS headers; a
    /// refusal (for a 403) when a page of another origin sent it.
    fn origin_allowed(&self, headers: &HeaderMap) -> Result<Option<HeaderValue>, Refusal> {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(None);
        };
        let text = origin.to_str().unwrap_or("");
        let allowed = self
            .shared
            .config
            .allowed_origins
            .iter()
            .any(|o| o.eq_ignore_ascii_case(text));
        if allowed {
            Ok(Some(origin.clone()))
        } else {
            Err(Refusal::new(
                ErrorCode::OriginNotAllowed,
                format!(
                    "origin `{text}` may not use this room server; the operator can allow it with --allow-origin"
                ),
            ))
        }
    }

    async fn create_room(&self, body: &[u8]) -> Result<CreateResponse, (StatusCode, Refusal)> {
        let bad = |code, message: String| (StatusCode::BAD_REQUEST, Refusal::new(code, message));
        let request: CreateRequest = serde_json::from_slice(body).map_err(|e| {
            bad(
                ErrorCode::Malformed,
                format!("the body is not a room request: {e}"),
            )
        })?;
        if request.v != PROTOCOL_VERSION {
            return Err(bad(
                ErrorCode::UnsupportedVersion,
                format!(
                    "protocol version {} is not spoken here; use {PROTOCOL_VERSION}",
                    request.v
                ),
            ));
        }
        let game_request = GameRequest {
            family: request.family,
            rules: request.rules,
            setup: request.setup,
        };
        let refused = |r| (StatusCode::BAD_REQUEST, r);
        let game = game_request.open().map_err(refused)?;
        let side = match &request.side {
            Some(name) => side_index(game.as_ref(), name).map_err(refused)?,
            None => 0,
        };
        let seat = game.sides()[side];
        let mut game = Some(game);
        let full = || {
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Refusal::new(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it allows; try again later",
                ),
            )
        };
        if self.room_count() >= self.shared.config.limits.max_rooms {
            return Err(full());
        }
        let randomness = |e: crate::secret::RandomnessError| {
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                Refusal::new(ErrorCode::StoreFailed, e.to_string()),
            )
        };
        let mut attempts = 0;
        let (code, room) = loop {
            let code = RoomCode::random().map_err(randomness)?;
            if self.slot(&code).is_some() {
                continue;
            }
            // A retry (the code was taken) opens the same game again.
            let game = match game.take() {
                Some(game) => game,
                None => game_request.open().map_err(refused)?,
            };
            let (room, snapshot) =
                Room::create(code.clone(), game_request.clone(), game, side).map_err(randomness)?;
            let store = self.shared.store.clone();
            let stored_code = code.clone();
            match blocking(move || store.create(&stored_code, &snapshot)).await {
                Ok(()) => break (code, room),
                // Another server (or an old room) has this code: draw again.
                Err(StoreError::Conflict(_)) if attempts < RETRIES => attempts += 1,
                Err(e) => return Err((StatusCode::INTERNAL_SERVER_ERROR, store_refusal(&e))),
            }
        };
        let token = room.token(CREATOR).as_str().to_string();
        let slot = Arc::new(Slot {
            live: tokio::sync::Mutex::new(Live::new(room, Instant::now())),
        });
        let inserted = {
            let mut rooms = lock(&self.shared.rooms);
            // Checked again: other creations may have raced this one.
            let room_for_it = rooms.len() < self.shared.config.limits.max_rooms;
            if room_for_it {
                rooms.insert(code.clone(), slot);
            }
            room_for_it
        };
        if !inserted {
            let store = self.shared.store.clone();
            let _ = blocking(move || store.remove(&code)).await;
            return Err(full());
        }
        Ok(CreateResponse {
            v: PROTOCOL_VERSION,
            room: code.to_string(),
            token,
            seat,
        })
    }
}

fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

fn http_error(status: StatusCode, code: ErrorCode, message: &str) -> Response {
    json_response(
        status,
        serde_json::json!({ "error": code, "message": message }).to_string(),
    )
}

fn forbidden(refusal: &Refusal) -> Response {
    http_error(StatusCode::FORBIDDEN, refusal.code, &refusal.message)
}

fn with_cors(mut response: Response, origin: Option<HeaderValue>) -> Response {
    if let Some(origin) = origin {
        let headers = response.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    }
    response
}

async fn health(State(server): State<RoomServer>) -> Response {
    json_response(
        StatusCode::OK,
        serde_json::json!({ "ok": true, "v": PROTOCOL_VERSION, "rooms": server.room_count() })
            .to_string(),
    )
}

async fn preflight(State(server): State<RoomServer>, headers: HeaderMap) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let mut response = StatusCode::NO_CONTENT.into_response();
    let out = response.headers_mut();
    out.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("POST, GET"),
    );
    out.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("content-type"),
    );
    out.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("600"),
    );
    with_cors(response, origin)
}

async fn create(State(server): State<RoomServer>, headers: HeaderMap, body: Body) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let limit = server.shared.config.limits.max_create_bytes;
    let response = match axum::body::to_bytes(body, limit).await {
        Err(_) => http_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
            &format!("the request is larger than the {limit}-byte limit"),
        ),
        Ok(bytes) => match server.create_room(&bytes).await {
            Ok(created) => json_response(
                StatusCode::CREATED,
                serde_json::to_string(&created).expect("plain data"),
            ),
            Err((status, refusal)) => http_error(status, refusal.code, &refusal.message),
        },
    };
    with_cors(response, origin)
}

async fn game_record(
    State(server): State<RoomServer>,
    headers: HeaderMap,
    Path((code, game)): Path<(String, u32)>,
) -> Response {
    let origin = match server.origin_allowed(&headers) {
        Ok(origin) => origin,
        Err(refusal) => return forbidden(&refusal),
    };
    let not_found = || {
        http_error(
            StatusCode::NOT_FOUND,
            ErrorCode::NoSuchRoom,
            "no such room or game",
        )
    };
    let Some(code) = RoomCode::parse(&code) else {
        return with_cors(not_found(), origin);
    };
    let current = match server.slot(&code) {
        Some(slot) => {
            let live = slot.live.lock().await;
            (live.room.game_number() == game).then(|| live.room.record())
        }
        None => None,
    };
    let record = match current {
        Some(record) => Some(record),
        None => {
            let store = server.shared.store.clone();
            match blocking(move || store.archived_game(&code, game)).await {
                Ok(record) => record,
                Err(e) => {
                    return with_cors(
                        http_error(
                            StatusCode::INTERNAL_SERVER_ERROR,
                            ErrorCode::StoreFailed,
                            &e.to_string(),
                        ),
                        origin,
                    );
                }
            }
        }
    };
    let response = match record {
        Some(text) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            text,
        )
            .into_response(),
        None => not_found(),
    };
    with_cors(response, origin)
}

async fn upgrade(
    State(server): State<RoomServer>,
    method: Method,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if method != Method::GET {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    if let Err(refusal) = server.origin_allowed(&headers) {
        return forbidden(&refusal);
    }
    // Small buffers: frames are a few hundred bytes, and tungstenite's
    // 128 KiB defaults would cost a quarter of a gigabyte at 2,000 sockets.
    ws.max_message_size(HARD_MESSAGE_CAP)
        .max_frame_size(HARD_MESSAGE_CAP)
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(HARD_MESSAGE_CAP)
        .on_upgrade(move |socket| async move {
            server.shared.open_sockets.fetch_add(1, Ordering::AcqRel);
            Connection::new(server.clone()).run(socket).await;
            server.shared.open_sockets.fetch_sub(1, Ordering::AcqRel);
        })
}

/// The read buffer a socket starts with (it grows for a larger frame).
const SOCKET_BUFFER: usize = 4 * 1024;

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
struct Connection {
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
    TooSlow,
    Shutdown,
    HelloTimeout,
    Expired,
}

impl Connection {
    fn new(server: RoomServer) -> Connection {
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

    async fn run(mut self, socket: WebSocket) {
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
        self.leave().await;
        // Dropping the outbox lets the writer flush what is queued and stop.
        drop(self.outbox);
        let Ok(mut sink) = writer.await else { return };
        let (code, reason) = match ending {
            Ending::ClientLeft => return,
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
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return Ending::ClientLeft,
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
                // One notice per refill, so the refusals cannot flood either.
                if rate.tokens > -1.0 {
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
                    let store = self.server.shared.store.clone();
                    let stored = event.clone();
                    let append_code = code.clone();
                    match blocking(move || store.append(&append_code, &stored)).await {
                        Ok(()) => {}
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
        let store = self.server.shared.store.clone();
        let stored = event.clone();
        let append_code = code.clone();
        match blocking(move || store.append(&append_code, &stored)).await {
            Ok(()) => {}
            Err(StoreError::Conflict(_)) => {
                let _ = self.server.refresh(&code, &mut live).await;
                return Err(conflict_refusal());
            }
            Err(e) => {
                if self.server.shared.store.shared() {
                    // A network store may have taken the move before the
                    // failure (a timeout): reloading shows whether it did.
                    let _ = self.server.refresh(&code, &mut live).await;
                }
                return Err(store_refusal(&e));
            }
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
        let store = self.server.shared.store.clone();
        let code = live.room.code().clone();
        let stored = snapshot.clone();
        let compact_code = code.clone();
        match blocking(move || store.compact(&compact_code, &stored)).await {
            Ok(()) => {}
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

fn seat_or_refuse(seat: Option<Seat>) -> Result<Seat, Refusal> {
    seat.ok_or_else(|| {
        Refusal::new(
            ErrorCode::NotASeat,
            "watchers cannot move or ask for a rematch",
        )
    })
}

/// The origin (`scheme://host[:port]`, lowercase) of an http(s) address,
/// as browsers send it in `Origin`; `None` for anything else.
pub fn origin_of(url: &str) -> Option<String> {
    let lower = url.trim().to_ascii_lowercase();
    let (scheme, rest) = lower.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || host.contains('@') {
        return None;
    }
    Some(format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::origin_of;

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://Rules.Example.org/tafl/"),
            Some("https://rules.example.org".into())
        );
        assert_eq!(
            origin_of("http://localhost:1111"),
            Some("http://localhost:1111".into())
        );
        for bad in ["ftp://x", "rules.example.org", "https://", "https://u@evil"] {
            assert_eq!(origin_of(bad), None, "{bad}");
        }
    }
}
