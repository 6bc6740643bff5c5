//! The room protocol's frames: JSON text frames over a WebSocket, tagged by
//! `type`, versioned by [`PROTOCOL_VERSION`]. `docs/rooms.md` documents
//! them for client authors; these types are the single source of truth.

use serde::{Deserialize, Serialize};

use crate::game::{Family, Outcome, SideName};

/// The protocol version a client names in `hello` and `POST /rooms`.
pub const PROTOCOL_VERSION: u32 = 1;

/// A frame a client sends.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientFrame {
    /// The first frame of every connection: which room, and the seat token
    /// when the client holds one. `watch` asks to watch even when a seat is free.
    Hello {
        v: u32,
        room: String,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        watch: bool,
    },
    /// A move in the family's record notation (`e1-e3`, `11-15`); only
    /// from a seat, on its turn.
    Move {
        #[serde(rename = "move")]
        mv: String,
        /// The room's `seq` the client saw when it chose the move; a move
        /// chosen on an older state is refused as `stale`.
        seq: u64,
    },
    /// After a game ends: start the next one with sides swapped.
    Rematch {},
    /// Ask for the full state again (after a gap in `seq`).
    Sync {},
    /// Keep-alive; answered with `pong`.
    Ping {},
}

/// One move of the current game as the state lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    pub side: SideName,
    #[serde(rename = "move")]
    pub mv: String,
    /// Captured squares, sorted.
    pub captures: Vec<String>,
}

/// Who sits where, as every client sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub side: SideName,
    /// Someone holds this seat's token.
    pub taken: bool,
    /// A socket holding this seat is open now.
    pub connected: bool,
}

/// A frame the server sends.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerFrame {
    /// The answer to `hello`: the seat this socket plays (none: watching),
    /// and the seat token when the seat was just taken by this hello.
    Welcome {
        v: u32,
        room: String,
        seat: Option<SideName>,
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The whole room: sent after `welcome`, after `sync` and after a rematch.
    State(Box<StateView>),
    /// A move was played (and is stored).
    Moved {
        seq: u64,
        game: u32,
        /// 1-based number of the move in its game.
        number: usize,
        side: SideName,
        #[serde(rename = "move")]
        mv: String,
        captures: Vec<String>,
        to_move: SideName,
        outcome: Outcome,
    },
    /// Seats were taken, or players connected or left.
    Presence {
        seats: [SeatView; 2],
    },
    Pong,
    /// A frame was refused; nothing changed.
    Error {
        code: ErrorCode,
        message: String,
    },
}

/// The full state of a room.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StateView {
    pub room: String,
    pub seq: u64,
    /// 1 for the first game, +1 per rematch.
    pub game: u32,
    pub family: Family,
    /// The rules the room plays, as they were sent at creation.
    pub rules: serde_json::Value,
    /// The start position, when the family keeps it apart from the rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    pub moves: Vec<PlayedMove>,
    pub to_move: SideName,
    pub outcome: Outcome,
    pub seats: [SeatView; 2],
    /// This socket's seat, or none when watching.
    pub you: Option<SideName>,
}

/// Why a frame or request was refused. The `code` clients switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not JSON, not a known frame, a binary frame, or a field of the wrong kind.
    Malformed,
    /// Larger than the server's message size limit.
    TooLarge,
    /// More frames per second than the limit; the frame was dropped.
    RateLimited,
    /// `v` is not a version this server speaks.
    UnsupportedVersion,
    /// The first frame was not `hello`, or a second `hello` came.
    HelloFirst,
    /// No room has this code (or it expired).
    NoSuchRoom,
    /// The token is not one of this room's seat tokens.
    BadToken,
    /// A watcher sent a frame only a seat may send.
    NotASeat,
    /// Not this seat's turn.
    NotYourTurn,
    /// The move was chosen on an older state (`seq` behind the room's).
    Stale,
    /// The engine refused the move; `message` says why.
    IllegalMove,
    /// The move is not written in the family's notation for this board.
    BadNotation,
    /// The game is over; ask for a rematch.
    GameOver,
    /// Rematch asked while the game is still going.
    GameNotOver,
    /// The server has as many rooms as it allows.
    TooManyRooms,
    /// The room has as many watchers as it allows.
    TooManyWatchers,
    /// The page's origin may not use this server (HTTP 403 only).
    OriginNotAllowed,
    /// The rules sent at creation are not valid rules.
    BadRules,
    /// The store could not write; the move was not played.
    StoreFailed,
    /// A client address holds as many connections as it may (HTTP 503).
    TooManyConnections,
    /// A request's body did not arrive in time (HTTP 408).
    TooSlow,
}

impl ErrorCode {
    /// Every code, so docs and tests come from this enum.
    pub const ALL: &'static [ErrorCode] = &[
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::UnsupportedVersion,
        ErrorCode::HelloFirst,
        ErrorCode::NoSuchRoom,
        ErrorCode::BadToken,
        ErrorCode::NotASeat,
        ErrorCode::NotYourTurn,
        ErrorCode::Stale,
        ErrorCode::IllegalMove,
        ErrorCode::BadNotation,
        ErrorCode::GameOver,
        ErrorCode::GameNotOver,
        ErrorCode::TooManyRooms,
        ErrorCode::TooManyWatchers,
        ErrorCode::OriginNotAllowed,
        ErrorCode::BadRules,
        ErrorCode::StoreFailed,
        ErrorCode::TooManyConnections,
        ErrorCode::TooSlow,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::UnsupportedVersion => "unsupported-version",
            ErrorCode::HelloFirst => "hello-first",
            ErrorCode::NoSuchRoom => "no-such-room",
            ErrorCode::BadToken => "bad-token",
            ErrorCode::NotASeat => "not-a-seat",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::Stale => "stale",
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::BadNotation => "bad-notation",
            ErrorCode::GameOver => "game-over",
            ErrorCode::GameNotOver => "game-not-over",
            ErrorCode::TooManyRooms => "too-many-rooms",
            ErrorCode::TooManyWatchers => "too-many-watchers",
            ErrorCode::OriginNotAllowed => "origin-not-allowed",
            ErrorCode::BadRules => "bad-rules",
            ErrorCode::StoreFailed => "store-failed",
            ErrorCode::TooManyConnections => "too-many-connections",
            ErrorCode::TooSlow => "too-slow",
        }
    }
}

/// A refusal: the code and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    pub fn frame(&self) -> ServerFrame {
        ServerFrame::Error {
            code: self.code,
            message: self.message.clone(),
        }
    }
}

/// The body of `POST /rooms`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub v: u32,
    /// The game family, by its registered name (default the first registered).
    #[serde(default)]
    pub family: Family,
    /// The page's resolved rules, as its board data carries them (the
    /// family engine's rules as JSON).
    pub rules: serde_json::Value,
    /// The start position, for families that keep it apart from the
    /// rules (in the family's notation; default the rules' own start).
    #[serde(default)]
    pub setup: Option<String>,
    /// The side the creator plays in the first game (default the family's
    /// first side: attackers, white).
    #[serde(default)]
    pub side: Option<String>,
}

/// The answer to `POST /rooms`.
#[derive(Debug, Clone, Serialize)]
pub struct CreateResponse {
    pub v: u32,
    pub room: String,
    pub token: String,
    pub seat: SideName,
}

/// Serialises a server frame; they are plain data, so this cannot fail.
pub fn encode(frame: &ServerFrame) -> String {
    serde_json::to_string(frame).expect("server frames are plain data that always serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_code_serialises_as_its_name() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(code).expect("serialise");
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }

    #[test]
    fn unknown_fields_and_types_are_refused() {
        assert!(serde_json::from_str::<ClientFrame>(r#"{"type":"ping","x":1}"#).is_err());
        assert!(serde_json::from_str::<ClientFrame>(r#"{"type":"fly"}"#).is_err());
        assert_eq!(
            serde_json::from_str::<ClientFrame>(r#"{"type":"move","move":"a1-a2","seq":3}"#)
                .expect("move"),
            ClientFrame::Move {
                mv: "a1-a2".into(),
                seq: 3
            }
        );
    }
}
