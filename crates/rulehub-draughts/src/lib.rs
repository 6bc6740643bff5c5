//! The draughts family for rulehub: pure game logic, no I/O, no clocks, no
//! HTML, so the same code checks a hub's examples, plays in a room server
//! and (later) runs in the browser as WebAssembly.
//!
//! # The model
//! - [`DraughtsRules`] is a variant as data: board size, who moves first,
//!   whether men capture backwards, whether kings fly, the capture choice
//!   (free or majority), crowning during a capture, and draw rules. A
//!   [`Preset`] names a complete set (`english-draughts`,
//!   `international-draughts`, `russian-draughts`, `brazilian-draughts`);
//!   front matter gives a [`RulesSpec`] (a preset name, or a map of a
//!   preset and overrides) that [`RulesSpec::resolve`]s to one rule set.
//! - Squares are the dark squares, named by PDN number ([`Square`]);
//!   [`Geometry`] converts them to rows, columns and algebraic names.
//! - A [`Position`] is the pieces and the side to move, read from and
//!   written to PDN FEN by [`fen`]. [`Position::squares`] lists every square
//!   with its [`Piece`] for diagrams.
//! - A [`Move`] is a step, a king's slide or a whole capture sequence:
//!   start, landing squares and the captured pieces. [`Game`] lists legal
//!   moves, plays and takes them back, hashes positions (Zobrist), decides
//!   the [`Outcome`] with a reason code, and resolves a record's move text
//!   with a precise [`IllegalMove`] when it is refused.
//! - [`record`] reads PDN move text and replays it; [`perft`] counts move
//!   sequences; [`ai`] plugs draughts into the engine crate's search.
//!
//! # Limits
//! - A FEN is at most [`fen::MAX_FEN_LEN`] bytes and a record at most
//!   [`record::MAX_RECORD_LEN`]; both are read in one pass.
//! - Boards are 8×8 or 10×10 ([`BOARD_SIZES`]); a capture has at most
//!   [`MAX_PATH`] landing squares, which no position can exceed since a
//!   jumped piece never stands on the edge.
//! - Each move costs one move generation. Repetitions are looked for only
//!   among the positions since the last man move or capture, so with a
//!   king-move draw rule that scan is bounded by it; without one it grows
//!   with the run of king moves.
//!
//! # Rules left out
//! - Italian (men may not capture kings, and four capture tie-breaks),
//!   Frisian, Turkish (orthogonal moves and immediate removal) and 12×12
//!   variants are not modelled.
//! - Draw rules are applied automatically where the federations let a player
//!   claim them (threefold repetition; the English 40-move rule). The
//!   international endgame rules (16 moves with three kings against one, 5
//!   moves in two-kings endings) and Russian endgame counts other than the
//!   15-move king rule are left out, as are draws by agreement and time.

pub mod ai;
pub mod fen;
mod game;
mod movegen;
pub mod perft;
pub mod playable;
mod position;
pub mod record;
mod rules;
mod square;

pub use game::{DrawReason, Game, IllegalMove, MoveText, Outcome, Played, WinReason};
pub use position::{Colour, Kind, MAX_PATH, Move, Piece, Position};
pub use rules::{
    CaptureChoice, DraughtsRules, Preset, RulesError, RulesOverrides, RulesSpec, preset_names,
};
pub use square::{BOARD_SIZES, Geometry, MAX_SQUARES, Square};
