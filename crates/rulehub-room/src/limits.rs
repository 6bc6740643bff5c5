//! The server's limits, each with the default `rulehub room` uses and
//! `docs/rooms.md` documents.

use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Limits {
    /// Rooms held at once; creating one more answers `too-many-rooms`.
    pub max_rooms: usize,
    /// Watchers in one room (seats are not counted).
    pub max_watchers: usize,
    /// Frames a socket may send per second on average ...
    pub frames_per_second: u32,
    /// ... and in one burst. Frames beyond are answered `rate-limited`.
    pub frame_burst: u32,
    /// A text frame longer than this is answered `too-large`.
    pub max_message_bytes: usize,
    /// The body of `POST /rooms` (rules included).
    pub max_create_bytes: usize,
    /// Frames waiting to be written to one socket; a socket that falls this
    /// far behind (a slow watcher) is closed, never buffered without bound.
    pub outbound_queue: usize,
    /// A room with no move, join, rematch or hello for this long is removed.
    pub idle_expiry: Duration,
    /// A socket must say `hello` within this time.
    pub hello_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_rooms: 10_000,
            max_watchers: 32,
            frames_per_second: 10,
            frame_burst: 20,
            max_message_bytes: 4 * 1024,
            max_create_bytes: 64 * 1024,
            outbound_queue: 64,
            idle_expiry: Duration::from_secs(24 * 60 * 60),
            hello_timeout: Duration::from_secs(10),
        }
    }
}

/// Frames larger than this are not even read: the socket is closed (1009).
/// Below it and above [`Limits::max_message_bytes`] the client gets a
/// `too-large` error frame instead, so a mistake is explained.
pub const HARD_MESSAGE_CAP: usize = 64 * 1024;
