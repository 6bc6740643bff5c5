//! What a game tells the board, in the JSON shapes every family shares.
//!
//! The answers are typed structs rather than `serde_json::Value`: `Value`
//! brings its ordered map, float formatting and dynamic serialisation into
//! the WebAssembly, which is most of what a page downloads beyond the
//! engine itself.

use serde::Serialize;

/// How the game stands: `result` is `ongoing`, `win` or `draw`; `code` is
/// the engine's reason, which names the Fluent message the page announces
/// it with, as the worked examples do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
}

impl Outcome {
    pub const ONGOING: Outcome = Outcome {
        result: "ongoing",
        winner: None,
        code: None,
    };

    pub fn win(winner: &'static str, reason: &'static str) -> Outcome {
        Outcome {
            result: "win",
            winner: Some(winner),
            code: Some(reason),
        }
    }

    pub fn draw(reason: &'static str) -> Outcome {
        Outcome {
            result: "draw",
            winner: None,
            code: Some(reason),
        }
    }
}

/// The whole board: cells row by row from the top (one letter each, the
/// family's own), the side to move, the outcome and every legal move as the
/// cells it visits (`[from, to]`, or `[from, landing…, to]` for a jump
/// through several squares).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    pub cells: String,
    pub to_move: &'static str,
    pub outcome: Outcome,
    pub moves: Vec<Vec<usize>>,
}

/// A move refused: the sentence for the reader and the engine's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub error: String,
    pub code: Option<&'static str>,
}

impl Refusal {
    pub fn new(error: impl Into<String>, code: &'static str) -> Refusal {
        Refusal {
            error: error.into(),
            code: Some(code),
        }
    }
}

/// Serialises an answer. Plain structs of strings and integers always
/// serialise, so a failure here is a bug in this file.
pub(crate) fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("answers are plain structs of strings and integers")
}

/// `{"ok": false, "error": …, "code"?: …}`
#[derive(Serialize)]
struct RefusalAnswer<'a> {
    ok: bool,
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
}

pub(crate) fn refused(refusal: &Refusal) -> String {
    json(&RefusalAnswer {
        ok: false,
        error: &refusal.error,
        code: refusal.code,
    })
}

pub(crate) fn error(message: impl Into<String>) -> String {
    json(&RefusalAnswer {
        ok: false,
        error: &message.into(),
        code: None,
    })
}

/// `{"ok": true}`, with a `record` when one was asked for.
#[derive(Serialize)]
pub(crate) struct Done {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// The board and, after a move, what the move did.
#[derive(Serialize)]
pub(crate) struct StateAnswer<'a> {
    pub ok: bool,
    pub handle: usize,
    pub rows: u8,
    pub cols: u8,
    pub cells: &'a str,
    pub to_move: &'static str,
    pub ply: usize,
    pub outcome: Outcome,
    pub moves: &'a [Vec<usize>],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedAnswer<'a>>,
}

impl<'a> StateAnswer<'a> {
    pub fn new(handle: usize, ply: usize, board: &'a Board) -> StateAnswer<'a> {
        StateAnswer {
            ok: true,
            handle,
            rows: board.rows,
            cols: board.cols,
            cells: &board.cells,
            to_move: board.to_move,
            ply,
            outcome: board.outcome,
            moves: &board.moves,
            played: None,
        }
    }
}

/// `path` holds the landing cells after `from`, the last being `to`.
#[derive(Serialize)]
pub(crate) struct PlayedAnswer<'a> {
    pub from: usize,
    pub to: usize,
    pub path: &'a [usize],
    pub notation: &'a str,
    pub captures: &'a [usize],
}

/// `via` holds the landing cells between `from` and `to`, for `play`.
#[derive(Serialize)]
pub(crate) struct AiAnswer<'a> {
    pub ok: bool,
    pub from: usize,
    pub to: usize,
    pub via: &'a [usize],
    #[serde(rename = "move")]
    pub notation: &'a str,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// The score in words' steps (`even`, `ahead`, `winning`,
    /// `forced-win`), the side it favours and, for a forced win, the
    /// winner's moves to it.
    pub verdict: &'static str,
    pub favours: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
}
