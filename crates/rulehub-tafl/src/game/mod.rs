//! Playing a tafl game: the game state and its public API (new, legal moves,
//! check, play, make/unmake). Each of its jobs has a module of its own.

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

mod endings;
mod geometry;
mod make;
mod movegen;
mod outcome;
mod perft;
mod zobrist;

use std::fmt;

use super::position::{ATT, EMPTY, KING, Move, Position};
use super::rules::{Access, Rules};
use crate::{Dims, Side, Square};

use geometry::*;
pub use outcome::{DrawReason, IllegalMove, Outcome, Played, SquareKind, WinReason};
pub use perft::{perft, perft_make_leaves};
use zobrist::*;

#[derive(Clone, Copy)]
struct Undo {
    from: u16,
    to: u16,
    cap_start: u32,
    quiet: u32,
    outcome: Outcome,
}

/// A game in progress: rules, position, side to move, the history of
/// position hashes (for repetition) and the count of moves without capture.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    geo: Geo,
    pos: Position,
    to_move: Side,
    hash: u64,
    /// Index of the king's cell, 0 when he has been captured.
    king: usize,
    attackers: u32,
    /// Row bitmasks of the attackers (`[0]`) and of the defenders with the king (`[1]`).
    rows: [[u32; 19]; 2],
    /// Column bitmasks, likewise (bit = row).
    cols: [[u32; 19]; 2],
    quiet: u32,
    history: Vec<u64>,
    outcome: Outcome,
    undo: Vec<Undo>,
    /// Captured (cell, piece code) of every move on the undo stack.
    captured: Vec<(u16, u8)>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("position", &self.pos)
            .field("to_move", &self.to_move)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl Game {
    /// Starts a game from a position with the given side to move.
    pub fn new(rules: &Rules, position: Position, to_move: Side) -> Game {
        let geo = Geo::new(rules, position.dims());
        let mut hash = 0;
        let mut king = 0;
        let mut attackers = 0;
        for i in geo.first..geo.last {
            let c = position.cells[i];
            if (1..=3).contains(&c) {
                hash ^= ZOBRIST[c as usize][i];
            }
            if c == KING {
                king = i;
            }
            if c == ATT {
                attackers += 1;
            }
        }
        if to_move == Side::Defenders {
            hash ^= ZOBRIST_DEFENDERS_TO_MOVE;
        }
        let mut game = Game {
            rules: rules.clone(),
            geo,
            pos: position,
            to_move,
            hash,
            king,
            attackers,
            rows: [[0; 19]; 2],
            cols: [[0; 19]; 2],
            quiet: 0,
            history: vec![hash],
            outcome: Outcome::Ongoing,
            undo: Vec::new(),
            captured: Vec::new(),
        };
        for i in game.geo.first..game.geo.last {
            let owner = OWNER[game.pos.cells[i] as usize];
            if owner != 0 {
                game.toggle(i, owner);
            }
        }
        game.outcome = game.initial_outcome();
        game
    }

    /// A game from the rules' own start position, first side to move.
    pub fn start(rules: &Rules) -> Result<Game, super::position::SetupError> {
        Ok(Game::new(
            rules,
            rules.start_position()?,
            rules.first_to_move,
        ))
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn dims(&self) -> Dims {
        self.pos.dims()
    }
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
    /// Zobrist hash of the position and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Hashes of every position of the game so far, the current one last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }
    /// Consecutive moves without a capture.
    pub fn quiet_moves(&self) -> u32 {
        self.quiet
    }
    /// Number of moves made (and not unmade) since the game was created.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// Every legal move of the side to move, sorted (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let mut raw = Vec::with_capacity(128);
        self.gen_moves(&mut raw);
        let mut moves: Vec<Move> = raw
            .into_iter()
            .filter(|&(f, t)| self.check_repetition_ban(f as usize, t as usize).is_ok())
            .map(|(f, t)| Move::new(self.pos.square(f as usize), self.pos.square(t as usize)))
            .collect();
        rulehub_game::keysort::sort_by_key(&mut moves, |mv| move_key(*mv));
        moves
    }

    /// Whether `mv` is legal now, and if not why.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver {
                outcome: self.outcome,
            });
        }
        let dims = self.pos.dims();
        for sq in [mv.from, mv.to] {
            if !dims.contains(sq) {
                return Err(IllegalMove::OffBoard { square: sq });
            }
        }
        let Some(piece) = self.pos.get(mv.from) else {
            return Err(IllegalMove::NoPiece { from: mv.from });
        };
        if piece.side() != self.to_move {
            return Err(IllegalMove::NotYourPiece {
                from: mv.from,
                piece,
                to_move: self.to_move,
            });
        }
        if mv.from == mv.to {
            return Err(IllegalMove::SameSquare { square: mv.from });
        }
        if mv.from.row != mv.to.row && mv.from.col != mv.to.col {
            return Err(IllegalMove::NotStraight {
                from: mv.from,
                to: mv.to,
            });
        }
        let code = super::position::code_of(piece);
        let from = self.pos.index(mv.from);
        let to = self.pos.index(mv.to);
        let step: isize = if mv.from.row == mv.to.row {
            if to > from { 1 } else { -1 }
        } else if to > from {
            self.geo.w as isize
        } else {
            -(self.geo.w as isize)
        };
        let mut i = (from as isize + step) as usize;
        loop {
            let sq = self.pos.square(i);
            if self.pos.cells[i] != EMPTY {
                return Err(if i == to {
                    IllegalMove::Occupied { square: sq }
                } else {
                    IllegalMove::Blocked { at: sq }
                });
            }
            let kind = if self.geo.camp[i] != 0 {
                SquareKind::Camp
            } else if self.geo.flags[i] & F_THRONE != 0 {
                SquareKind::Throne
            } else {
                SquareKind::Corner
            };
            let camp_rules = self.rules.camps.as_ref();
            let access = self.geo.access_from(from, i);
            if i == to {
                if access & stop_bit(code) == 0 {
                    let allowed = match kind {
                        SquareKind::Throne => self.rules.throne_stop,
                        SquareKind::Camp => camp_rules.map_or(Access::Nobody, |c| c.stop),
                        _ => self.rules.corner_stop,
                    };
                    return Err(IllegalMove::RestrictedSquare {
                        square: sq,
                        kind,
                        piece,
                        allowed,
                        king_return: kind == SquareKind::Throne
                            && !self.rules.king_may_return_to_throne,
                    });
                }
                return self.check_repetition_ban(from, to);
            }
            if access & pass_bit(code) == 0 {
                return Err(IllegalMove::NoPassing {
                    square: sq,
                    kind,
                    piece,
                    allowed: match kind {
                        SquareKind::Camp => camp_rules.map_or(Access::Nobody, |c| c.pass),
                        _ => self.rules.throne_pass,
                    },
                });
            }
            i = (i as isize + step) as usize;
        }
    }

    /// With a repetition ban, refuses a move that would bring about a
    /// position for the forbidden time (found by playing it on a copy).
    fn check_repetition_ban(&self, from: usize, to: usize) -> Result<(), IllegalMove> {
        let Some(rep) = self.rules.repetition.filter(|r| r.forbidden) else {
            return Ok(());
        };
        let mut trial = self.clone();
        trial.apply(from, to, false);
        if trial.occurrences() >= rep.count as usize {
            return Err(IllegalMove::RepetitionForbidden { count: rep.count });
        }
        Ok(())
    }

    /// How often the current position (with the same side to move) has
    /// occurred since the last capture, this time included.
    fn occurrences(&self) -> usize {
        let window = (self.quiet as usize + 1).min(self.history.len());
        self.history[self.history.len() - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == self.hash)
            .count()
    }

    /// The legal destinations of the piece on `from` (empty when it is not
    /// the mover's piece or the game is over), sorted.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect()
    }

    /// Whether the defenders hold an unbreakable exit fort right now
    /// (whatever the rules say about forts winning).
    pub fn has_exit_fort(&self) -> bool {
        self.exit_fort()
    }

    /// Whether no defender (king included) can reach the board edge any more.
    pub fn is_encircled(&self) -> bool {
        self.rows[1].iter().any(|&r| r != 0) && self.encircled()
    }

    /// Whether the side to move has no legal move (whether or not the game is over).
    pub fn side_to_move_is_stuck(&self) -> bool {
        !self.has_legal_move()
    }

    /// Plays a move after checking it; reports the captures and the outcome.
    /// [`Game::unmake`] takes it back.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.check_move(mv)?;
        self.make_unchecked(mv);
        let start = self.undo.last().map_or(0, |u| u.cap_start as usize);
        let mut captures: Vec<Square> = self.captured[start..]
            .iter()
            .map(|&(i, _)| self.pos.square(i as usize))
            .collect();
        rulehub_game::keysort::sort_by_key(&mut captures, |sq| square_key(*sq));
        Ok(Played {
            captures,
            outcome: self.outcome,
        })
    }

    /// Plays a move known to be legal (e.g. from [`Game::legal_moves`])
    /// without checking it. Playing an illegal move this way leaves the game
    /// in an unspecified (but memory-safe) state.
    pub fn make_unchecked(&mut self, mv: Move) {
        let from = self.pos.index(mv.from);
        let to = self.pos.index(mv.to);
        self.apply(from, to, true);
    }

    /// How many pieces the last move (still on the undo stack) captured;
    /// the AI's quiescence search asks this after making a move.
    pub fn last_move_capture_count(&self) -> usize {
        self.undo
            .last()
            .map_or(0, |u| self.captured.len() - u.cap_start as usize)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let (from, to) = (u.from as usize, u.to as usize);
        self.history.pop();
        self.hash = *self.history.last().expect("history holds the start");
        self.to_move = self.to_move.opponent();
        let piece = self.pos.cells[to];
        self.pos.cells[to] = EMPTY;
        self.pos.cells[from] = piece;
        if piece == KING {
            self.king = from;
        }
        let owner = OWNER[piece as usize];
        self.toggle(from, owner);
        self.toggle(to, owner);
        for k in u.cap_start as usize..self.captured.len() {
            let (i, c) = self.captured[k];
            self.toggle(i as usize, OWNER[c as usize]);
            self.pos.cells[i as usize] = c;
            match c {
                KING => self.king = i as usize,
                ATT => self.attackers += 1,
                _ => {}
            }
        }
        self.captured.truncate(u.cap_start as usize);
        self.quiet = u.quiet;
        self.outcome = u.outcome;
        Some(Move::new(self.pos.square(from), self.pos.square(to)))
    }

    /// Count of legal move sequences of `depth` moves (see [`perft`]).
    pub fn perft(&mut self, depth: u32) -> u64 {
        perft(self, depth)
    }
}

/// A square's sort key, in `Square`'s own order (row, then column).
fn square_key(sq: Square) -> u32 {
    (u32::from(sq.row) << 8) | u32::from(sq.col)
}

/// A move's sort key, in `Move`'s own order (from, then to).
fn move_key(mv: Move) -> u32 {
    (square_key(mv.from) << 16) | square_key(mv.to)
}
