//! Pieces, positions and moves, with make/unmake and Zobrist hashing.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::square::{Geometry, MAX_SQUARES, Square};

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// Starts on the high numbers at the bottom and moves up the board.
    White,
    /// Starts on the low numbers at the top and moves down the board.
    Black,
}

impl Colour {
    pub const ALL: &'static [Colour] = &[Colour::White, Colour::Black];

    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// A stable code: `white` or `black`.
    pub fn code(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The PDN FEN letter: `W` or `B`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
}

/// A piece's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
}

/// A piece: what a diagram draws on a square (man or king, white or black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub colour: Colour,
    pub kind: Kind,
}

// One byte per square; the codes keep the board a plain array.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const WHITE_MAN: u8 = 1;
pub(crate) const WHITE_KING: u8 = 2;
pub(crate) const BLACK_MAN: u8 = 3;
pub(crate) const BLACK_KING: u8 = 4;

pub(crate) fn code_of(piece: Piece) -> u8 {
    match (piece.colour, piece.kind) {
        (Colour::White, Kind::Man) => WHITE_MAN,
        (Colour::White, Kind::King) => WHITE_KING,
        (Colour::Black, Kind::Man) => BLACK_MAN,
        (Colour::Black, Kind::King) => BLACK_KING,
    }
}

pub(crate) fn piece_of(code: u8) -> Option<Piece> {
    let (colour, kind) = match code {
        WHITE_MAN => (Colour::White, Kind::Man),
        WHITE_KING => (Colour::White, Kind::King),
        BLACK_MAN => (Colour::Black, Kind::Man),
        BLACK_KING => (Colour::Black, Kind::King),
        _ => return None,
    };
    Some(Piece { colour, kind })
}

pub(crate) fn is_colour(code: u8, colour: Colour) -> bool {
    match colour {
        Colour::White => code == WHITE_MAN || code == WHITE_KING,
        Colour::Black => code == BLACK_MAN || code == BLACK_KING,
    }
}

pub(crate) fn is_king(code: u8) -> bool {
    code == WHITE_KING || code == BLACK_KING
}

fn crowned(code: u8) -> u8 {
    match code {
        WHITE_MAN => WHITE_KING,
        BLACK_MAN => BLACK_KING,
        other => other,
    }
}

/// Zobrist keys: one per square and piece code, and one for Black to move.
/// Fixed at compile time (splitmix64 from a constant), so hashes are the same
/// on every machine and in wasm.
const ZOBRIST: [[u64; 5]; MAX_SQUARES] = zobrist_table();
const BLACK_TO_MOVE: u64 = splitmix(0xD1A6_0000_0000_0001);

const fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; 5]; MAX_SQUARES] {
    let mut table = [[0; 5]; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        // Code 0 (empty) keeps key 0 so that an empty square adds nothing.
        let mut code = 1;
        while code < 5 {
            table[sq][code] = splitmix((sq * 5 + code) as u64);
            code += 1;
        }
        sq += 1;
    }
    table
}

#[inline]
pub(crate) fn zobrist(index: u8, code: u8) -> u64 {
    ZOBRIST[index as usize][code as usize]
}

/// The most landing squares one capture sequence can have: a jumped piece
/// never stands on the edge, and 10×10 has 32 inner dark squares.
pub const MAX_PATH: usize = 32;

/// One move: a step, a king's slide, or a whole capture sequence.
///
/// A capture is identified by where it starts, where it ends and which
/// pieces it takes; `path` keeps the landing squares of one way of playing
/// it, for notation and animation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) len: u8,
    pub(crate) promotes: bool,
    /// Bit `i` set: the piece on the square with index `i` is captured.
    pub(crate) captured: u64,
    /// Landing squares in order; the last is the destination. Unused
    /// entries are 0 so that equal moves compare equal.
    pub(crate) path: [u8; MAX_PATH],
}

impl Move {
    pub fn from(&self) -> Square {
        Square(self.from)
    }

    pub fn to(&self) -> Square {
        Square(self.path[self.len as usize - 1])
    }

    /// The landing squares in order (one for a step or a slide).
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        self.path[..self.len as usize].iter().map(|&i| Square(i))
    }

    /// The captured squares in number order.
    pub fn captured(&self) -> Vec<Square> {
        (0..64u8)
            .filter(|i| self.captured & (1u64 << i) != 0)
            .map(Square)
            .collect()
    }

    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Whether the moving man is crowned by this move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// PDN with every landing square: `11-15`, `22x15x24`.
    pub fn full_notation(&self) -> String {
        let sep = if self.is_capture() { "x" } else { "-" };
        let mut text = self.from().to_string();
        for sq in self.path() {
            text.push_str(sep);
            text.push_str(&sq.to_string());
        }
        text
    }

    /// PDN with only the start and end: `11-15`, `22x6`.
    pub fn short_notation(&self) -> String {
        let sep = if self.is_capture() { "x" } else { "-" };
        format!("{}{sep}{}", self.from(), self.to())
    }

    /// What makes two ways of playing a capture the same move.
    pub(crate) fn identity(&self) -> (u8, u8, u64) {
        (self.from, self.path[self.len as usize - 1], self.captured)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({})", self.full_notation())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_notation())
    }
}

/// What [`Position::make`] needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Undo {
    pub moved: u8,
    pub captured_kings: u64,
}

/// Where the pieces stand and who is to move.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) geometry: &'static Geometry,
    pub(crate) cells: [u8; MAX_SQUARES],
    pub(crate) to_move: Colour,
}

impl Position {
    /// An empty board.
    pub fn empty(geometry: &'static Geometry, to_move: Colour) -> Position {
        Position {
            geometry,
            cells: [EMPTY; MAX_SQUARES],
            to_move,
        }
    }

    /// The start position: men on each side's nearest `size / 2 - 1` rows.
    pub fn start(geometry: &'static Geometry, to_move: Colour) -> Position {
        let mut position = Position::empty(geometry, to_move);
        let per_side = (geometry.size() / 2 - 1) * (geometry.size() / 2);
        let squares = geometry.squares();
        for i in 0..per_side {
            position.cells[i as usize] = BLACK_MAN;
            position.cells[(squares - 1 - i) as usize] = WHITE_MAN;
        }
        position
    }

    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn set_to_move(&mut self, colour: Colour) {
        self.to_move = colour;
    }

    /// The piece on a square of this board (`None` if empty).
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.cells.get(square.index()).and_then(|&c| piece_of(c))
    }

    /// Puts a piece on (or, with `None`, clears) a square of this board; a
    /// square beyond this board (from a bigger one) is ignored.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        if square.index() < self.geometry.squares() as usize {
            self.cells[square.index()] = piece.map_or(EMPTY, code_of);
        }
    }

    /// Every dark square with what stands on it, in number order: what a
    /// diagram draws.
    pub fn squares(&self) -> impl Iterator<Item = (Square, Option<Piece>)> + '_ {
        self.geometry.all().map(|sq| (sq, self.get(sq)))
    }

    /// The pieces on the board, in number order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares().filter_map(|(sq, p)| p.map(|p| (sq, p)))
    }

    /// How many pieces of a colour stand on the board.
    pub fn count(&self, colour: Colour) -> usize {
        self.pieces().filter(|(_, p)| p.colour == colour).count()
    }

    /// The Zobrist hash of the pieces and the side to move, from scratch.
    pub fn hash(&self) -> u64 {
        let mut hash = if self.to_move == Colour::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for i in 0..self.geometry.squares() {
            hash ^= zobrist(i, self.cells[i as usize]);
        }
        hash
    }

    /// Plays a move generated for this position and updates `hash` to match.
    pub(crate) fn make(&mut self, mv: &Move, hash: &mut u64) -> Undo {
        let from = mv.from;
        let to = mv.path[mv.len as usize - 1];
        let moved = self.cells[from as usize];
        let landed = if mv.promotes { crowned(moved) } else { moved };
        let mut captured_kings = 0;
        let mut bits = mv.captured;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let code = self.cells[i as usize];
            if is_king(code) {
                captured_kings |= 1u64 << i;
            }
            *hash ^= zobrist(i, code);
            self.cells[i as usize] = EMPTY;
        }
        *hash ^= zobrist(from, moved) ^ zobrist(to, landed) ^ BLACK_TO_MOVE;
        self.cells[from as usize] = EMPTY;
        self.cells[to as usize] = landed;
        self.to_move = self.to_move.opponent();
        Undo {
            moved,
            captured_kings,
        }
    }

    /// Takes back a move [`Position::make`] played, restoring `hash`.
    pub(crate) fn unmake(&mut self, mv: &Move, undo: Undo, hash: &mut u64) {
        let from = mv.from;
        let to = mv.path[mv.len as usize - 1];
        let landed = self.cells[to as usize];
        self.to_move = self.to_move.opponent();
        self.cells[to as usize] = EMPTY;
        self.cells[from as usize] = undo.moved;
        *hash ^= zobrist(from, undo.moved) ^ zobrist(to, landed) ^ BLACK_TO_MOVE;
        let (man, king) = match self.to_move.opponent() {
            Colour::White => (WHITE_MAN, WHITE_KING),
            Colour::Black => (BLACK_MAN, BLACK_KING),
        };
        let mut bits = mv.captured;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let code = if undo.captured_kings & (1u64 << i) != 0 {
                king
            } else {
                man
            };
            self.cells[i as usize] = code;
            *hash ^= zobrist(i, code);
        }
    }
}

impl fmt::Debug for Position {
    /// The FEN, which says everything about a position in one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({}×{} {})",
            self.geometry.size(),
            self.geometry.size(),
            crate::fen::write(self)
        )
    }
}
