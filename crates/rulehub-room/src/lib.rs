//! rulehub's room server: two people play a variant from its page through a
//! server that checks every move with the rules engine and stores it before
//! anyone hears of it.
//!
//! - [`protocol`]: the JSON frames (documented for client authors in
//!   `docs/rooms.md`).
//! - [`game`]: the seam to the game families: every family the registry
//!   lists, played through the ground's one game trait.
//! - [`room`]: one room's game, free of sockets and files.
//! - [`store`]: durable storage behind a trait; [`store::journal`] is the
//!   embedded default, [`store::redis`] lets several servers share rooms.
//! - [`fanout`]: how a change reaches sockets on other servers.
//! - [`server`]: HTTP endpoints, WebSockets, fan-out, limits and expiry.
//!
//! Nothing here prints: `rulehub room` reports.

pub mod fanout;
pub mod game;
pub mod limits;
pub mod protocol;
pub mod room;
pub mod secret;
pub mod server;
pub mod store;

pub use limits::Limits;
pub use server::{Config, Opened, RoomServer, origin_of};
pub use store::Store;
pub use store::journal::Journal;
pub use store::redis::{RedisFanOut, RedisStore};
