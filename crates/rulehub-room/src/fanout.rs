//! How a change reaches the sockets of other servers: every server tells
//! its own sockets itself, and publishes a [`Note`] through a [`FanOut`] so
//! that servers sharing the store can tell theirs.
//!
//! [`Local`] carries notes between servers in one process (and to nobody
//! when there is one server, the embedded default);
//! [`crate::store::redis::RedisFanOut`] carries them over Redis pub/sub.
//!
//! Notes are a shortcut, not the record: a server that misses one (a full
//! queue, a dropped connection) is still correct, because the store refuses
//! anything decided from an out-of-date view ([`crate::store::StoreError::Conflict`])
//! and the server then reloads the room; [`Heard::Lost`] makes it reload
//! every room at once.

use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::store::{Event, StoreError};

/// One server's news about one room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Note {
    /// The server that sent it (each picks a random id at start), so a
    /// server skips its own notes.
    pub node: u64,
    /// The room code.
    pub room: String,
    pub what: What,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum What {
    /// The store took this event.
    Event { event: Event },
    /// Which seats have a socket on the sending server.
    Presence { seats: [bool; 2] },
}

/// What a listening server hears.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    Note(Note),
    /// The fan-out has (re)subscribed: notes sent before may have been
    /// missed, so reload every room from the store. A networked fan-out
    /// sends it after every subscription, the first included (the server
    /// waits for that one before it serves).
    Lost,
}

/// Delivers notes between the servers that share a store.
pub trait FanOut: Send + Sync + 'static {
    /// Sends a note to every other server; returns once it is sent.
    fn publish(&self, note: &Note) -> Result<(), StoreError>;
    /// Starts delivering other servers' notes to `heard` until it closes.
    /// `node` is the listening server's id.
    fn listen(&self, node: u64, heard: mpsc::Sender<Heard>);
    /// Whether `publish` waits on the network (the server then calls it on
    /// the blocking pool).
    fn blocks(&self) -> bool {
        true
    }
}

/// In-process fan-out: the embedded default, and a way to run several
/// servers in one process.
#[derive(Default)]
pub struct Local {
    listeners: Mutex<Vec<(u64, mpsc::Sender<Heard>)>>,
}

impl Local {
    pub fn new() -> Local {
        Local::default()
    }
}

impl FanOut for Local {
    fn publish(&self, note: &Note) -> Result<(), StoreError> {
        let mut listeners = self
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        listeners.retain(|(node, heard)| {
            if *node == note.node {
                return !heard.is_closed();
            }
            match heard.try_send(Heard::Note(note.clone())) {
                Ok(()) => true,
                // A server that cannot keep up misses the note and catches
                // up from the store at its next conflict or hello.
                Err(mpsc::error::TrySendError::Full(_)) => true,
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
        Ok(())
    }

    fn listen(&self, node: u64, heard: mpsc::Sender<Heard>) {
        self.listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((node, heard));
    }

    fn blocks(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_notes_reach_the_other_servers_only() {
        let local = Local::new();
        let (a_tx, mut a_rx) = mpsc::channel(4);
        let (b_tx, mut b_rx) = mpsc::channel(4);
        local.listen(1, a_tx);
        local.listen(2, b_tx);
        let note = Note {
            node: 1,
            room: "ABCDEFGHJK".into(),
            what: What::Presence {
                seats: [true, false],
            },
        };
        local.publish(&note).expect("publish");
        assert_eq!(b_rx.try_recv().expect("b hears"), Heard::Note(note));
        assert!(a_rx.try_recv().is_err(), "a server skips its own notes");
    }

    #[test]
    fn notes_round_trip_as_json() {
        let note = Note {
            node: 7,
            room: "ABCDEFGHJK".into(),
            what: What::Event {
                event: Event::Moved {
                    seq: 3,
                    game: 1,
                    mv: "d2-c2".into(),
                },
            },
        };
        let text = serde_json::to_string(&note).expect("json");
        assert_eq!(serde_json::from_str::<Note>(&text).expect("back"), note);
    }
}
