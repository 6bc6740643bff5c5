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
use axum::extract::ws::Utf8Bytes;
use axum::routing::get;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;

use crate::fanout::{FanOut, Heard, Local, Note, What};
use crate::limits::Limits;
use crate::protocol::{ErrorCode, Refusal, ServerFrame, encode};
use crate::room::{CREATOR, GUEST, Room, Seat, moved_frame};
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
    /// Open connections per client address (WebSockets included).
    per_address: Arc<accept::PerAddress>,
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

/// Completes once `shutdown` turns true (or its sender is gone).
async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|down| *down).await;
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

/// The refusal a client gets when the store failed. It says what kind of
/// failure it was and whether trying again can help, never where the
/// server keeps its data (the operator's log and the CLI have that).
fn store_refusal(e: &StoreError) -> Refusal {
    let message = match e {
        StoreError::Io { source, .. } if transient_io(source) => format!(
            "the server could not store this in time ({}), so nothing changed; try again in a moment",
            io_reason(source)
        ),
        StoreError::Io { source, .. } => format!(
            "the server cannot write to its storage ({}), so nothing changed; this lasts until the server's operator fixes it",
            io_reason(source)
        ),
        // Redis unreachable or slow: it may come back by itself. The
        // message names the Redis address (never a password).
        StoreError::Backend(why) => {
            format!("the server could not store this, so nothing changed; try again in a moment ({why})")
        }
        StoreError::Damaged(_) => "the room's stored record is damaged, so the room cannot be loaded or changed; the server's operator must repair or remove it".to_string(),
        StoreError::Conflict(_) => "another server changed the room first, so nothing changed; send `sync` and choose again".to_string(),
        StoreError::Unsettled { .. } => "the store has not answered yet; nothing is known to have changed".to_string(),
    };
    Refusal::new(ErrorCode::StoreFailed, message)
}

/// Whether an I/O failure may pass by itself (worth trying again soon).
fn transient_io(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::Interrupted | ErrorKind::TimedOut | ErrorKind::WouldBlock
    )
}

/// An I/O failure in a few words, without the file it happened to.
fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::StorageFull => "the disk is full".to_string(),
        ErrorKind::QuotaExceeded => "the disk quota is used up".to_string(),
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_string(),
        kind => kind.to_string(),
    }
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

/// The first and the longest pause between attempts to settle a write
/// whose answer was lost ([`RoomServer::store_change`]).
const SETTLE_FIRST_PAUSE: Duration = Duration::from_millis(100);
const SETTLE_LAST_PAUSE: Duration = Duration::from_secs(1);
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
                per_address: Arc::default(),
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
        let stopping = self.shared.shutdown.subscribe();
        let server = self.clone();
        let signal = tokio::spawn(async move {
            shutdown.await;
            server.shared.shutdown.send_replace(true);
        });
        let served = accept::serve(
            listener,
            router,
            self.shared.config.limits.clone(),
            self.shared.per_address.clone(),
            stopping,
        )
        .await;
        signal.abort();
        served?;
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

    /// Stores one change (a snapshot compacts the room, anything else is
    /// appended) and returns only once its fate is known: `Ok` if it stands,
    /// an error if it does not. A write whose answer was lost while it may
    /// still land (Redis stalled past its timeout) is settled with the
    /// store: asked again, backing off, for as long as the store does not
    /// answer, while the caller holds the room (nothing else can change it
    /// meanwhile, here or, through the store's compare, anywhere). Only a
    /// shutdown ends the wait, with [`StoreError::Unsettled`]: the caller
    /// then tells no one anything, and a reconnecting client is sent the
    /// state as the store has it.
    async fn store_change(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError> {
        let store = self.shared.store.clone();
        let (stored_code, stored) = (code.clone(), event.clone());
        let first = blocking(move || match &stored {
            Event::Snapshot(snapshot) => store.compact(&stored_code, snapshot),
            event => store.append(&stored_code, event),
        })
        .await;
        let Err(StoreError::Unsettled { id, message }) = first else {
            return first;
        };
        let mut shutdown = self.shared.shutdown.subscribe();
        let mut pause = SETTLE_FIRST_PAUSE;
        loop {
            tokio::select! {
                () = tokio::time::sleep(pause) => {}
                () = stopped(&mut shutdown) => {
                    return Err(StoreError::Unsettled { id, message });
                }
            }
            pause = (pause * 2).min(SETTLE_LAST_PAUSE);
            let store = self.shared.store.clone();
            let (settle_code, settled, settle_id) = (code.clone(), event.clone(), id.clone());
            match blocking(move || store.settle(&settle_code, &settled, &settle_id)).await {
                Ok(true) => return Ok(()),
                Ok(false) => {
                    return Err(StoreError::Backend(format!(
                        "{message}; the store has since confirmed that the change was not stored"
                    )));
                }
                // Still no answer: ask again after a longer pause.
                Err(_) => {}
            }
        }
    }

    fn slot(&self, code: &RoomCode) -> Option<Arc<Slot>> {
        lock(&self.shared.rooms).get(code).cloned()
    }
}

mod accept;
mod http;
mod session;

use http::{create, game_record, health, preflight, upgrade};

pub use http::origin_of;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_refusals_hide_the_data_path_and_say_try_again_only_when_it_can_help() {
        let path = "/srv/rulehub/rooms-data/rooms/ABCDEFGHJK.journal";
        let full = StoreError::io(
            format!("cannot write {path} (is the disk full?); the change was not stored"),
            std::io::Error::new(std::io::ErrorKind::StorageFull, "No space left on device"),
        );
        let damaged = StoreError::Damaged(format!("cannot read {path}: record 3 is damaged"));
        for permanent in [&full, &damaged] {
            let refusal = store_refusal(permanent);
            assert_eq!(refusal.code, ErrorCode::StoreFailed);
            assert!(!refusal.message.contains("/srv"), "{}", refusal.message);
            assert!(
                !refusal.message.contains("try again"),
                "{}",
                refusal.message
            );
            assert!(refusal.message.contains("operator"), "{}", refusal.message);
        }
        assert!(store_refusal(&full).message.contains("the disk is full"));
        let slow = StoreError::io(
            format!("cannot write {path}"),
            std::io::Error::new(std::io::ErrorKind::TimedOut, "timed out"),
        );
        let unreachable = StoreError::Backend(
            "Redis at redis://10.0.0.5:6379/: cannot store room ABCDEFGHJK: refused".into(),
        );
        for transient in [&slow, &unreachable] {
            let refusal = store_refusal(transient);
            assert!(refusal.message.contains("try again"), "{}", refusal.message);
            assert!(
                refusal.message.contains("nothing changed"),
                "{}",
                refusal.message
            );
            assert!(!refusal.message.contains("/srv"), "{}", refusal.message);
        }
    }
}
