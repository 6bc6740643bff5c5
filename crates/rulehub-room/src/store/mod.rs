//! Where rooms live between moves: a [`Store`] writes each change durably
//! before the server acknowledges or relays it, and gives the rooms back
//! after a restart. The default is the embedded [`journal::Journal`].
//!
//! Stores are synchronous (the server calls them on tokio's blocking pool):
//! the embedded journal is plain file I/O, and a networked backend can use a
//! blocking client the same way.

pub mod journal;

use rulehub_engine::Side;
use serde::{Deserialize, Serialize};

use crate::secret::{RoomCode, SeatToken};

/// Everything a room needs to start over from: written when the room is
/// created and again whenever its journal is compacted (at a rematch).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The rules as the page sent them (validated when the room was made).
    pub rules: serde_json::Value,
    /// Seat 0 is the creator's, seat 1 the guest's.
    pub tokens: [SeatToken; 2],
    /// The creator's side in game 1; sides swap at every rematch.
    pub creator_side: Side,
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
    fn create(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError>;
    /// Appends one event to a room's journal.
    fn append(&self, code: &RoomCode, event: &Event) -> Result<(), StoreError>;
    /// Replaces a room's journal with one snapshot (what a rematch leaves
    /// worth keeping); atomic: after a crash either the old or the new
    /// journal is there.
    fn compact(&self, code: &RoomCode, snapshot: &Snapshot) -> Result<(), StoreError>;
    /// Keeps a finished game's record (`rulehub replay` format).
    fn archive_game(&self, code: &RoomCode, game: u32, record: &str) -> Result<(), StoreError>;
    /// A finished game's record, if kept.
    fn archived_game(&self, code: &RoomCode, game: u32) -> Result<Option<String>, StoreError>;
    /// Forgets a room (it expired); archived games stay.
    fn remove(&self, code: &RoomCode) -> Result<(), StoreError>;
    /// Every room, after a restart.
    fn recover(&self) -> Result<Recovery, StoreError>;
}
