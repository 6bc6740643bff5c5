//! One game in progress, whatever its family: the trait the command line
//! (`perft`, `replay`, `ai`, `match`), the room server and the practice
//! board all drive. A family implements it once, in its engine crate,
//! over its own typed game; nothing that drives it knows the game.
//!
//! Moves cross this seam three ways — as a record or a client writes them,
//! as the squares a reader clicked, or by their index among the legal moves
//! — and come back as a record writes them, so what one caller stores
//! another reads back.

use std::fmt;

use serde::Serialize;

use crate::ai::{Deadline, Level, Limits};
use crate::{AnyOutcome, Dims, Square};

/// A game in progress, as every caller drives it.
pub trait Playable: Send + Sync + fmt::Debug {
    /// The two sides' names in the family's customary order (`attackers`,
    /// `defenders`; `white`, `black`): a room's creator plays the first
    /// unless they choose, and the command line tallies results by them.
    fn sides(&self) -> [&'static str; 2];

    /// The name of the side to move.
    fn to_move(&self) -> &'static str;

    fn outcome(&self) -> AnyOutcome;

    /// The moves played since the start.
    fn ply(&self) -> usize;

    /// The board a square at a time, as the practice board paints it.
    fn cells(&self) -> Cells;

    /// Every legal move of the side to move, in the engine's order (empty
    /// once the game is over).
    fn legal_moves(&self) -> Vec<LegalMove>;

    /// Plays a move, or says why it cannot be played (and changes nothing).
    fn play(&mut self, mv: MoveInput<'_>) -> Result<Played, Refusal>;

    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;

    /// Back to the start position, for the next game.
    fn restart(&mut self);

    /// Counts the move sequences `depth` plies deep from the position (the
    /// rules' moves alone, as published perft tables count them).
    fn perft(&mut self, depth: u32) -> u64;

    /// A level's search bounds in this family: one table, so a level plays
    /// alike on the page and on the command line.
    fn level_limits(&self, level: Level) -> Limits;

    /// The AI's choice for the side to move, `None` when it has no move.
    fn think(&self, limits: &Limits, seed: u64, deadline: Option<&Deadline<'_>>)
    -> Option<Thought>;

    /// The game as `rulehub replay` reads it: a comment line from each of
    /// `comments`, the start position where the family's records need it,
    /// the moves since the start and the result once the game is over.
    fn record(&self, comments: &[String]) -> String;

    /// Plays a game record from the position, move by move.
    // The stop is built once per replay, on its error path.
    #[allow(clippy::result_large_err)]
    fn replay(&mut self, record: &str) -> Result<Replay, ReplayStop>;

    /// Whether a record read line by line may be cut after `pending` (the
    /// whole lines read since the last cut) and that part replayed on its
    /// own, so that `rulehub replay` plays a stream as it arrives and
    /// reports its first error at once.
    fn record_cut(&self, pending: &str) -> RecordCut {
        let _ = pending;
        RecordCut::Here
    }

    /// An independent copy of the game.
    fn boxed_clone(&self) -> Box<dyn Playable>;
}

/// The board as letters, row by row from the top: the family's own letter
/// a square (the practice board's family module knows them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells {
    pub dims: Dims,
    pub letters: String,
}

/// A legal move: the squares it visits (start first, every landing square,
/// end last) and its name as a record writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalMove {
    pub path: Vec<Square>,
    pub name: String,
}

/// A move to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveInput<'a> {
    /// As a record or a client writes it (`e1-e4`, `22x15`).
    Written(&'a str),
    /// The squares a reader picked: its start and end and, when two moves
    /// join them by different routes, the landing squares in between.
    Squares {
        from: Square,
        to: Square,
        via: Option<&'a [Square]>,
    },
    /// The `n`th of [`Playable::legal_moves`].
    Legal(usize),
}

/// A move just played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Its canonical name, as rooms relay and store it.
    pub name: String,
    /// As a record writes it (with capture marks where the family's
    /// records carry them).
    pub written: String,
    /// The squares it visited, start first.
    pub path: Vec<Square>,
    /// The squares it captured, with their names, in the engine's order.
    pub captures: Vec<(Square, String)>,
}

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub kind: RefusalKind,
    /// The engine's reason code (`blocked`, `ko`…), where it has one.
    pub code: Option<&'static str>,
    /// The move's canonical name, when the text named one.
    pub name: Option<String>,
    /// Why, in English.
    pub message: String,
}

/// Whether a refused move could not be read or was read and is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    Unreadable,
    Illegal,
}

impl Refusal {
    pub fn unreadable(message: impl Into<String>) -> Refusal {
        Refusal {
            kind: RefusalKind::Unreadable,
            code: None,
            name: None,
            message: message.into(),
        }
    }

    pub fn illegal(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            kind: RefusalKind::Illegal,
            code: Some(code),
            name: None,
            message: message.into(),
        }
    }

    /// The same refusal, naming the move it refused.
    pub fn of(mut self, name: impl Into<String>) -> Refusal {
        self.name = Some(name.into());
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The AI's answer: a legal move and what the search saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    /// Its index among [`Playable::legal_moves`].
    pub index: usize,
    /// The squares it visits, start first.
    pub path: Vec<Square>,
    /// As a record writes it.
    pub written: String,
    pub score: i32,
    /// Plies to a forced end: positive when the side to move wins.
    pub mate_in: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
}

/// Where a record read line by line may be cut (see
/// [`Playable::record_cut`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordCut {
    /// After these lines: they replay on their own.
    Here,
    /// Not before a line holding this character (it closes a comment or
    /// tag left open); ask again after such a line.
    NotBefore(char),
    /// Not at all: read to the end (the record's result has been read, and
    /// what follows it must be checked with it).
    Never,
}

/// One move of a replayed record, named as the family writes moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayedMove {
    /// 1-based, counting every player's moves.
    pub number: usize,
    /// The record's line it stands on (1-based).
    pub line: usize,
    pub side: &'static str,
    pub notation: String,
    pub captures: Vec<String>,
}

/// A record replayed to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub moves: Vec<ReplayedMove>,
    /// How the game stands after the last move.
    pub outcome: AnyOutcome,
}

/// Where and why a replay stopped, after the moves it played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStop {
    pub played: Vec<ReplayedMove>,
    /// The number the stopping move would have had.
    pub number: usize,
    pub line: usize,
    /// The record's text of the stopping move.
    pub text: String,
    pub code: &'static str,
    pub message: String,
    /// When the stop is a capture mark that disagrees with the rules: the
    /// squares the record marked and those the move captured.
    pub marked: Vec<String>,
    pub captured: Vec<String>,
}

/// The refusal for a move that is not among the legal ones: `Legal(n)`
/// past the end of the list.
pub fn no_legal_move(index: usize, count: usize) -> Refusal {
    Refusal::illegal(
        "no-such-move",
        format!("there is no legal move {index}: the side to move has {count}"),
    )
}

/// The one legal move among `moves` that visits `from`, `to` and (when
/// named) the landing squares `via`; refused as `no-such-move` when none
/// does, `ambiguous` when two routes join the squares and none was named.
/// Families whose moves have landing squares pick a move by squares with it.
pub fn pick_by_squares(
    moves: &[LegalMove],
    from: Square,
    to: Square,
    via: Option<&[Square]>,
) -> Result<usize, Refusal> {
    let mut found = moves.iter().enumerate().filter(|(_, mv)| {
        mv.path.first() == Some(&from)
            && mv.path.last() == Some(&to)
            && via.is_none_or(|via| mv.path.get(1..mv.path.len().saturating_sub(1)) == Some(via))
    });
    match (found.next(), found.next()) {
        (Some((index, _)), None) => Ok(index),
        (None, _) => Err(Refusal::illegal(
            "no-such-move",
            "no legal move goes between these squares that way",
        )),
        (Some(_), Some(_)) => Err(Refusal::illegal(
            "ambiguous",
            "more than one capture joins these squares; name the squares it jumps through",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(path: &[(u8, u8)]) -> LegalMove {
        LegalMove {
            path: path.iter().map(|&(r, c)| Square::new(r, c)).collect(),
            name: String::new(),
        }
    }

    #[test]
    fn squares_pick_the_one_move_that_visits_them() {
        let moves = [
            legal(&[(5, 0), (4, 1)]),
            legal(&[(5, 0), (3, 2), (1, 0)]),
            legal(&[(5, 0), (3, 2), (1, 4), (3, 6)]),
            legal(&[(5, 0), (3, 2), (5, 4), (3, 6)]),
        ];
        let sq = |r, c| Square::new(r, c);
        assert_eq!(pick_by_squares(&moves, sq(5, 0), sq(4, 1), None), Ok(0));
        assert_eq!(pick_by_squares(&moves, sq(5, 0), sq(1, 0), None), Ok(1));
        let two = pick_by_squares(&moves, sq(5, 0), sq(3, 6), None).expect_err("two routes");
        assert_eq!(two.code, Some("ambiguous"));
        let via = [sq(3, 2), sq(5, 4)];
        assert_eq!(
            pick_by_squares(&moves, sq(5, 0), sq(3, 6), Some(&via)),
            Ok(3)
        );
        let none = pick_by_squares(&moves, sq(5, 0), sq(0, 0), None).expect_err("no move");
        assert_eq!(none.code, Some("no-such-move"));
    }
}
