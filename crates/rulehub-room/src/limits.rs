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
    /// A request's headers must arrive within this time of the connection
    /// opening or the previous answer; else the connection is closed.
    pub header_timeout: Duration,
    /// The body of `POST /rooms` must arrive within this time of its
    /// headers; else the answer is 408 `too-slow` and the connection closes.
    pub body_timeout: Duration,
    /// A connection that has been answered and sends no new request for
    /// this long is closed (keep-alive). WebSockets are not affected.
    pub keep_alive_idle: Duration,
    /// Connections one client address may hold at once, WebSockets
    /// included; one more is answered 503 `too-many-connections` and
    /// closed. 0: no cap. Behind a proxy every client shares the proxy's
    /// address: raise it there, and cap per client in the proxy.
    pub max_connections_per_address: usize,
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
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            keep_alive_idle: Duration::from_secs(5),
            max_connections_per_address: 64,
        }
    }
}

/// Frames larger than this are not even read: the socket is closed (1009).
/// Below it and above [`Limits::max_message_bytes`] the client gets a
/// `too-large` error frame instead, so a mistake is explained.
pub const HARD_MESSAGE_CAP: usize = 64 * 1024;
