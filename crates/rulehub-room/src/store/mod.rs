//! Where rooms live between moves: a [`Store`] writes each change durably
//! before the server acknowledges or relays it, and gives the rooms back
//! after a restart. The default is the embedded [`journal::Journal`].
//!
//! Stores are synchronous (the server calls them on tokio's blocking pool):
//! the embedded journal is plain file I/O, and [`redis::RedisStore`] uses a
//! blocking client the same way.
//!
//! A store is either private to one server (the journal: that server's
//! per-room lock is the only writer) or [`Store::shared`] by several servers
//! behind a load balancer (Redis). A shared store refuses a change made
//! from an out-of-date view of the room with [`StoreError::Conflict`]:
//! every event carries the room's next `seq`, and the store takes it only
//! if it holds the `seq` before it, so two servers can never both store
//! move N.

pub mod journal;
pub mod redis;

use serde::{Deserialize, Serialize};

use crate::game::Family;
use crate::secret::{RoomCode, SeatToken};

/// Everything a room needs to start over from: written when the room is
/// created and again whenever its journal is compacted (at a rematch).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The game family (rooms stored before families existed are of the
    /// first registered family, the only one rooms played then).
    #[serde(default)]
    pub family: Family,
    /// The rules as the page sent them (validated when the room was made).
    pub rules: serde_json::Value,
    /// The start position, for families that keep it apart from the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// Seat 0 is the creator's, seat 1 the guest's.
    pub tokens: [SeatToken; 2],
    /// The creator's side in game 1, as the family names it; sides swap
    /// at every rematch.
    pub creator_side: String,
    /// Whether the guest seat has been taken.
    pub guest_joined: bool,
    /// The game being played (1-based).
    pub game: u32,
    /// The room's sequence number when this snapshot was taken.
    pub seq: u64,
}

/// One change to a room, in the order it happened. Every event after the
/// snapshot raises the room's `seq` by one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    Snapshot(Box<Snapshot>),
    /// The guest seat was taken.
    GuestJoined {
        seq: u64,
    },
    /// A move of the current game, as `from-to`.
    Moved {
        seq: u64,
        game: u32,
        mv: String,
    },
    /// The next game started, sides swapped.
    Rematch {
        seq: u64,
        game: u32,
    },
}

impl Event {
    /// The room's `seq` once this event is applied.
    pub fn seq(&self) -> u64 {
        match self {
            Event::Snapshot(snapshot) => snapshot.seq,
            Event::GuestJoined { seq } | Event::Moved { seq, .. } | Event::Rematch { seq, .. } => {
                *seq
            }
        }
    }
}

/// A room as the store gives it back: its snapshot and the events since.
#[derive(Debug, Clone)]
pub struct StoredRoom {
    pub code: RoomCode,
    pub snapshot: Snapshot,
    pub events: Vec<Event>,
}

/// What recovery found, for the caller to report.
#[derive(Debug, Default)]
pub struct Recovery {
    pub rooms: Vec<StoredRoom>,
    /// Rooms whose journal ended in a torn record (a crash mid-write),
    /// truncated back to the last whole record.
    pub truncated: Vec<RoomCode>,
    /// Journals that could not be read at all, with the reason; left on
    /// disk untouched for a person to look at.
    pub unreadable: Vec<(String, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
    /// A networked store could not be reached or refused the command; the
    /// message says which server and what to check.
    #[error("{0}")]
    Backend(String),
    /// A room's stored record cannot be read back (a damaged journal, a
    /// Redis entry that is not an event): retrying will not help; a person
    /// must look. The message names where, for the operator.
    #[error("{0}")]
    Damaged(String),
    /// The room is not at the `seq` the change was made from (another
    /// server changed it first), or it is gone, or (at creation) its code
    /// is taken. Nothing was written: reload the room and decide again.
    #[error("room {0} changed on another server; nothing was written")]
    Conflict(String),
    /// A networked store did not answer a write in time, and the write may
    /// still be carried out (it may sit in the store's queue behind a
    /// stall). Its fate is unknown until [`Store::settle`] says it.
    #[error("{message}")]
    Unsettled { id: WriteId, message: String },
}

/// One write to a networked store, named so that its fate can be settled
/// after its answer was lost ([`StoreError::Unsettled`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteId(String);

impl WriteId {
    /// A fresh id: 64 random bits (the clock stands in if the OS has no
    /// randomness to give; ids need only differ between a room's writes).
    pub fn random() -> WriteId {
        let bits = getrandom::u64().unwrap_or_else(|_| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        WriteId(format!("{bits:016x}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl StoreError {
    pub fn io(context: impl Into<String>, source: std::io::Error) -> StoreError {
        StoreError::Io {
            context: context.into(),
            source,
        }
    }
}

/// Durable room storage. Every method returns only once the change is on
/// stable storage (or fails, and then the change did not happen).
pub trait Store: Send + Sync + 'static {
    /// Starts a room's journal with its first snapshot.
    /// (A shared store refuses a code that is taken with `Conflict`.)
    fn create(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError>;
    /// Appends one event to a room's journal. A shared store takes it only
    /// if the room is at `event.seq() - 1`, else `Conflict`.
    fn append(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError>;
    /// Replaces a room's journal with one snapshot (what a rematch leaves
    /// worth keeping); atomic: after a crash either the old or the new
    /// journal is there. A shared store takes it only if the room is at
    /// `snapshot.seq - 1`, else `Conflict`.
    fn compact(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError>;
    /// One room as stored now (`None` if there is none): for a server that
    /// has not seen the room yet, or whose view fell behind.
    fn load(&self, code: &RoomCode) -> Result<Option<StoredRoom>, StoreError>;
    /// The fate of a write that answered [`StoreError::Unsettled`]: `true`
    /// if `event` stands in the room, `false` if it does not and never will
    /// (the store makes sure the lost write cannot land later). An error
    /// means the store still cannot say; ask again later. Stores that never
    /// answer `Unsettled` keep this default.
    fn settle(&self, _code: &RoomCode, _event: &Event, _id: &WriteId) -> Result<bool, StoreError> {
        Ok(false)
    }
    /// Marks a room as in use (someone connected), for a store that expires
    /// rooms by itself.
    fn touch(&self, _code: &RoomCode) -> Result<(), StoreError> {
        Ok(())
    }
    /// Whether other servers write to this store too (see the module
    /// documentation); a server then reloads rooms rather than trusting
    /// its memory alone.
    fn shared(&self) -> bool {
        false
    }
    /// Keeps a finished game's record (`rulehub replay` format).
    fn archive_game(&self, code: &RoomCode, game: u32, record: &str) -> Result<(), StoreError>;
    /// A finished game's record, if kept.
    fn archived_game(&self, code: &RoomCode, game: u32) -> Result<Option<String>, StoreError>;
    /// Forgets a room (it expired); archived games stay.
    fn remove(&self, code: &RoomCode) -> Result<(), StoreError>;
    /// Every room, after a restart.
    fn recover(&self) -> Result<Recovery, StoreError>;
}
