//! Playing a tafl game: legal moves, captures, outcomes, make/unmake and perft.

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

use std::fmt;

use serde::{Deserialize, Serialize};

use super::position::{ATT, CELLS, DEF, EMPTY, KING, Move, OFF, Position};
use super::rules::{Access, Escape, HostileTo, KingCapture, RepetitionResult, Rules};
use crate::board::{Dims, Piece, Side, Square};

/// Why the game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    EdgeEscape,
    CornerEscape,
    /// The king reached one of the rules' listed escape squares.
    SquareEscape,
    KingCaptured,
    NoLegalMoves,
    AllAttackersCaptured,
    Encirclement,
    ExitFort,
    Repetition,
}

impl WinReason {
    /// Every reason, so code lists and docs come from this enum.
    pub const ALL: &'static [WinReason] = &[
        WinReason::EdgeEscape,
        WinReason::CornerEscape,
        WinReason::SquareEscape,
        WinReason::KingCaptured,
        WinReason::NoLegalMoves,
        WinReason::AllAttackersCaptured,
        WinReason::Encirclement,
        WinReason::ExitFort,
        WinReason::Repetition,
    ];

    /// The reason code of `docs/example-format.md`.
    pub fn code(self) -> &'static str {
        match self {
            WinReason::EdgeEscape => "edge-escape",
            WinReason::CornerEscape => "corner-escape",
            WinReason::SquareEscape => "escape-square",
            WinReason::KingCaptured => "king-captured",
            WinReason::NoLegalMoves => "no-legal-moves",
            WinReason::AllAttackersCaptured => "all-attackers-captured",
            WinReason::Encirclement => "encirclement",
            WinReason::ExitFort => "exit-fort",
            WinReason::Repetition => "repetition",
        }
    }
}

/// Why the game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    Repetition,
    MoveLimit,
    /// The side to move has no legal move and the rules do not make that a loss.
    NoLegalMoves,
}

impl DrawReason {
    /// Every reason, so code lists and docs come from this enum.
    pub const ALL: &'static [DrawReason] = &[
        DrawReason::Repetition,
        DrawReason::MoveLimit,
        DrawReason::NoLegalMoves,
    ];

    /// The reason code of `docs/example-format.md`.
    pub fn code(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::MoveLimit => "move-limit",
            DrawReason::NoLegalMoves => "no-legal-moves",
        }
    }
}

/// The state of the game: still going, won (by whom and why) or drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum Outcome {
    Ongoing,
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} win ({})", reason.code()),
            Outcome::Draw { reason } => write!(f, "draw ({})", reason.code()),
        }
    }
}

/// The kind of a special square, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareKind {
    Throne,
    Corner,
    /// An attacker camp (see [`super::rules::Camps`]).
    Camp,
    /// A listed escape square (`escape: squares`).
    Escape,
}

impl SquareKind {
    /// Every kind, so docs and drawings come from this enum.
    pub const ALL: &'static [SquareKind] = &[
        SquareKind::Throne,
        SquareKind::Corner,
        SquareKind::Camp,
        SquareKind::Escape,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SquareKind::Throne => "throne",
            SquareKind::Corner => "corner",
            SquareKind::Camp => "camp",
            SquareKind::Escape => "escape",
        }
    }
}

/// Why a move is not legal. [`IllegalMove::code`] gives the reason codes of
/// `docs/example-format.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece on the origin square.
    NoPiece {
        from: Square,
    },
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece {
        from: Square,
        piece: Piece,
        to_move: Side,
    },
    /// Origin and destination are not on one row or column.
    NotStraight {
        from: Square,
        to: Square,
    },
    SameSquare {
        square: Square,
    },
    /// The destination holds a piece.
    Occupied {
        square: Square,
    },
    /// A piece stands between origin and destination.
    Blocked {
        at: Square,
    },
    /// The moving piece may not stop on this special square.
    RestrictedSquare {
        square: Square,
        kind: SquareKind,
        piece: Piece,
        allowed: Access,
        king_return: bool,
    },
    /// The moving piece may not pass through this special square.
    NoPassing {
        square: Square,
        kind: SquareKind,
        piece: Piece,
        allowed: Access,
    },
    /// A square of the move is not on the board.
    OffBoard {
        square: Square,
    },
    /// The move would bring about a position the rules forbid repeating.
    RepetitionForbidden {
        count: u32,
    },
    /// The game has already ended.
    GameOver {
        outcome: Outcome,
    },
}

fn who(access: Access) -> &'static str {
    match access {
        Access::Nobody => "no piece",
        Access::King => "only the king",
        Access::Defenders => "only the king and the defenders",
        Access::Attackers => "only the attackers",
        Access::Everyone => "every piece",
    }
}

impl IllegalMove {
    /// Every reason code [`IllegalMove::code`] can give, in documentation order.
    pub const CODES: &'static [&'static str] = &[
        "no-piece",
        "not-your-piece",
        "not-straight",
        "same-square",
        "blocked",
        "restricted-square",
        "no-passing",
        "repetition-forbidden",
        "off-board",
        "game-over",
    ];

    /// The reason code (one of [`IllegalMove::CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::NoPiece { .. } => "no-piece",
            IllegalMove::NotYourPiece { .. } => "not-your-piece",
            IllegalMove::NotStraight { .. } => "not-straight",
            IllegalMove::SameSquare { .. } => "same-square",
            IllegalMove::Occupied { .. } | IllegalMove::Blocked { .. } => "blocked",
            IllegalMove::RestrictedSquare { .. } => "restricted-square",
            IllegalMove::NoPassing { .. } => "no-passing",
            IllegalMove::OffBoard { .. } => "off-board",
            IllegalMove::RepetitionForbidden { .. } => "repetition-forbidden",
            IllegalMove::GameOver { .. } => "game-over",
        }
    }

    /// A plain English sentence naming the squares involved.
    pub fn describe(&self, dims: Dims) -> String {
        let n = |sq: &Square| sq.name(dims);
        match self {
            IllegalMove::NoPiece { from } => format!("there is no piece on {}", n(from)),
            IllegalMove::NotYourPiece {
                from,
                piece,
                to_move,
            } => format!(
                "the {} on {} belongs to the {}, but it is the {to_move}' turn",
                piece.as_str(),
                n(from),
                piece.side()
            ),
            IllegalMove::NotStraight { from, to } => format!(
                "{} and {} are not on one row or column; pieces move straight",
                n(from),
                n(to)
            ),
            IllegalMove::SameSquare { square } => {
                format!("the move starts and ends on {}", n(square))
            }
            IllegalMove::Occupied { square } => format!("{} is occupied", n(square)),
            IllegalMove::Blocked { at } => format!("the path is blocked at {}", n(at)),
            IllegalMove::RestrictedSquare {
                square,
                kind,
                piece,
                allowed,
                king_return,
            } => {
                if *kind == SquareKind::Camp {
                    format!(
                        "only {} already standing in a camp may stop on its squares, so the {} \
                         may not stop on the camp square {}",
                        match allowed {
                            Access::Nobody => "no piece",
                            Access::Attackers => "attackers",
                            Access::King => "the king",
                            Access::Defenders => "defenders or the king",
                            Access::Everyone => "pieces",
                        },
                        piece.as_str(),
                        n(square)
                    )
                } else if *piece == Piece::King && *king_return && allowed.allows_king() {
                    format!(
                        "the king may not return to the {} {}",
                        kind.as_str(),
                        n(square)
                    )
                } else {
                    format!(
                        "{} may stop on the {} {}",
                        who(*allowed),
                        kind.as_str(),
                        n(square)
                    )
                }
            }
            IllegalMove::NoPassing {
                square,
                kind,
                allowed,
                ..
            } => format!(
                "{} may pass through the empty {} {}",
                who(*allowed),
                kind.as_str(),
                n(square)
            ),
            IllegalMove::OffBoard { square } => format!(
                "row {}, column {} is off the {dims} board",
                square.row + 1,
                square.col + 1
            ),
            IllegalMove::RepetitionForbidden { count } => format!(
                "the move would bring about the same position for the {} time, which the rules \
                 forbid",
                match count {
                    2 => "second".to_string(),
                    3 => "third".to_string(),
                    n => format!("{n}th"),
                }
            ),
            IllegalMove::GameOver { outcome } => {
                format!("the game is already over: {outcome}")
            }
        }
    }
}

/// What a played move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Squares whose pieces were captured, sorted.
    pub captures: Vec<Square>,
    /// The state of the game after the move.
    pub outcome: Outcome,
}

// ---- precomputed geometry -------------------------------------------------

const F_THRONE: u8 = 1;
const F_CORNER: u8 = 2;
const F_EDGE: u8 = 4;
const F_ESCAPE: u8 = 8;
/// Empty square that counts as hostile to the king.
const F_KING_HOSTILE: u8 = 16;

/// Access bits: stop for attacker/defender/king, then pass.
const ACCESS_ALL: u8 = 0x3F;

#[inline]
fn stop_bit(code: u8) -> u8 {
    1 << (code - 1)
}
#[inline]
fn pass_bit(code: u8) -> u8 {
    8 << (code - 1)
}

/// Which side a cell belongs to: 1 attackers, 2 defenders, 0 none.
const OWNER: [u8; 5] = [0, 1, 2, 2, 0];

fn side_code(side: Side) -> u8 {
    match side {
        Side::Attackers => 1,
        Side::Defenders => 2,
    }
}

fn access_bits(a: Access) -> u8 {
    // stop bits only: attacker 1, defender 2, king 4
    match a {
        Access::Nobody => 0,
        Access::King => 4,
        Access::Defenders => 6,
        Access::Attackers => 1,
        Access::Everyone => 7,
    }
}

fn hostile_bits(h: HostileTo) -> u8 {
    (h.includes(Side::Attackers) as u8) | ((h.includes(Side::Defenders) as u8) << 1)
}

#[derive(Clone)]
struct Geo {
    w: usize,
    rows: usize,
    cols: usize,
    dirs: [isize; 4],
    throne: usize,
    first: usize,
    last: usize,
    flags: [u8; CELLS],
    access: [u8; CELLS],
    /// For empty squares: bit 1 hostile to attackers, bit 2 hostile to defenders.
    hostile_empty: [u8; CELLS],
    /// Hostility of the occupied throne (same bits).
    throne_occupied: u8,
    /// Camp number of each cell (0: not a camp). Orthogonally touching camp
    /// squares share a number.
    camp: [u8; CELLS],
    /// Stop and pass bits for a piece moving inside the camp it stands in.
    camp_inside: u8,
    /// Whom camp squares capture against, empty or occupied (hostile bits).
    camp_hostile: u8,
    /// Board row of each cell, and its column as a bit of a row mask.
    row_of: [u8; CELLS],
    col_bit: [u32; CELLS],
    /// Board column of each cell, and its row as a bit of a column mask.
    col_of: [u8; CELLS],
    row_bit: [u32; CELLS],
    /// Rows and columns (as bits) holding a square with access rules, where
    /// move counting has to look square by square.
    special_rows: u32,
    special_cols: u32,
}

impl Geo {
    fn new(rules: &Rules, dims: Dims) -> Geo {
        let w = dims.cols as usize + 2;
        let idx = |sq: Square| (sq.row as usize + 1) * w + sq.col as usize + 1;
        let mut flags = [0u8; CELLS];
        let mut access = [0u8; CELLS];
        let mut hostile_empty = [0u8; CELLS];
        for sq in dims.squares() {
            let i = idx(sq);
            access[i] = ACCESS_ALL;
            if dims.is_edge(sq) {
                flags[i] |= F_EDGE;
                if rules.escape == Escape::Edge {
                    flags[i] |= F_ESCAPE;
                }
            }
        }
        let throne = idx(dims.center());
        flags[throne] |= F_THRONE;
        let mut stop = access_bits(rules.throne_stop);
        if !rules.king_may_return_to_throne {
            stop &= !4;
        }
        access[throne] = stop | (access_bits(rules.throne_pass) << 3);
        hostile_empty[throne] = hostile_bits(rules.throne_hostile_empty);
        if rules.throne_hostile_to_king {
            flags[throne] |= F_KING_HOSTILE;
        }
        for c in dims.corners() {
            let i = idx(c);
            flags[i] |= F_CORNER;
            if rules.escape == Escape::Corners {
                flags[i] |= F_ESCAPE;
            }
            // A corner can never be passed through, only stopped on.
            access[i] = access_bits(rules.corner_stop) | 0x38;
            hostile_empty[i] = hostile_bits(rules.corners_hostile);
            if rules.corners_hostile_to_king {
                flags[i] |= F_KING_HOSTILE;
            }
        }
        if rules.escape == Escape::Squares {
            for sq in named_squares(&rules.escape_squares, dims) {
                flags[idx(sq)] |= F_ESCAPE;
            }
        }
        let mut camp = [0u8; CELLS];
        let (mut camp_inside, mut camp_hostile) = (0, 0);
        if let Some(camps) = &rules.camps {
            for sq in named_squares(&camps.squares, dims) {
                camp[idx(sq)] = u8::MAX; // numbered below
            }
            number_camps(&mut camp, w);
            let inside = access_bits(camps.stop);
            camp_inside = inside | (inside << 3);
            camp_hostile = hostile_bits(camps.hostile);
            for i in 0..CELLS {
                if camp[i] != 0 {
                    // From outside nobody stops on a camp; some may cross it.
                    access[i] = access_bits(camps.pass) << 3;
                    if camps.hostile_to_king {
                        flags[i] |= F_KING_HOSTILE;
                    }
                }
            }
        }
        let rows = dims.rows as usize;
        let mut row_of = [0u8; CELLS];
        let mut col_bit = [0u32; CELLS];
        let mut col_of = [0u8; CELLS];
        let mut row_bit = [0u32; CELLS];
        let (mut special_rows, mut special_cols) = (0u32, 0u32);
        for sq in dims.squares() {
            let i = idx(sq);
            row_of[i] = sq.row;
            col_bit[i] = 1 << sq.col;
            col_of[i] = sq.col;
            row_bit[i] = 1 << sq.row;
            if access[i] != ACCESS_ALL {
                special_rows |= 1 << sq.row;
                special_cols |= 1 << sq.col;
            }
        }
        Geo {
            row_of,
            col_bit,
            col_of,
            row_bit,
            special_rows,
            special_cols,
            w,
            rows,
            cols: dims.cols as usize,
            dirs: [-(w as isize), 1, w as isize, -1],
            throne,
            first: w + 1,
            last: rows * w + dims.cols as usize + 1,
            flags,
            access,
            hostile_empty,
            throne_occupied: hostile_bits(rules.throne_hostile_occupied),
            camp,
            camp_inside,
            camp_hostile,
        }
    }

    /// The access bits of cell `j` for the piece standing on `origin`: a
    /// camp square is open to a piece inside that same camp as the rules'
    /// `camps.stop` says, and to others as `camps.pass` says.
    #[inline]
    fn access_from(&self, origin: usize, j: usize) -> u8 {
        let c = self.camp[j];
        if c != 0 && c == self.camp[origin] {
            self.camp_inside
        } else {
            self.access[j]
        }
    }
}

/// The squares of `names` that lie on a board of `dims` (the rules'
/// validation reports the others).
fn named_squares(names: &[String], dims: Dims) -> impl Iterator<Item = Square> + '_ {
    names
        .iter()
        .filter_map(move |n| Square::parse(n, dims).ok())
}

/// Gives every group of orthogonally touching camp cells (marked `u8::MAX`)
/// its own number from 1.
fn number_camps(camp: &mut [u8; CELLS], w: usize) {
    let mut next = 0u8;
    for start in 0..CELLS {
        if camp[start] != u8::MAX {
            continue;
        }
        next = next.saturating_add(1).min(u8::MAX - 1);
        camp[start] = next;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in [i.wrapping_sub(w), i + w, i.wrapping_sub(1), i + 1] {
                if j < CELLS && camp[j] == u8::MAX {
                    camp[j] = next;
                    stack.push(j);
                }
            }
        }
    }
}

// ---- Zobrist keys ---------------------------------------------------------

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; CELLS]; 4] {
    let mut t = [[0u64; CELLS]; 4];
    let mut p = 1;
    while p < 4 {
        let mut i = 0;
        while i < CELLS {
            t[p][i] = splitmix((p * CELLS + i) as u64 * 0x1000_0001 + 17);
            i += 1;
        }
        p += 1;
    }
    t
}

static ZOBRIST: [[u64; CELLS]; 4] = zobrist_table();
const ZOBRIST_DEFENDERS_TO_MOVE: u64 = splitmix(0xDEFE_DE45);

// ---- the game -------------------------------------------------------------

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
        moves.sort();
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
        captures.sort();
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

    // ---- internals ----

    /// The state of a position the game starts from. A position without a
    /// king (allowed in examples) simply has no king rules.
    fn initial_outcome(&self) -> Outcome {
        if self.king != 0 && self.geo.flags[self.king] & F_ESCAPE != 0 {
            return self.escape_win();
        }
        if self.rules.defenders_win_if_no_attackers && self.attackers == 0 {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::AllAttackersCaptured,
            };
        }
        if self.rules.encirclement && self.encircled() {
            return Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::Encirclement,
            };
        }
        if !self.has_legal_move() {
            return self.no_moves_outcome();
        }
        Outcome::Ongoing
    }

    /// Whether an attacker arriving on `to` (without capturing) could have
    /// closed a ring. The eight squares around `to` form a cycle of
    /// orthogonally adjacent squares; with at most one attacker or off-board
    /// square among them, the other neighbours stay connected around `to`,
    /// so no defender lost its way to the edge.
    #[inline]
    fn may_close_a_ring(&self, to: usize) -> bool {
        let w = self.geo.w as isize;
        let mut barrier = 0;
        for d in [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1] {
            let c = self.pos.cells[(to as isize + d) as usize];
            barrier += usize::from(c == ATT || c == OFF);
        }
        barrier >= 2
    }

    fn escape_win(&self) -> Outcome {
        Outcome::Win {
            winner: Side::Defenders,
            reason: match self.rules.escape {
                Escape::Edge => WinReason::EdgeEscape,
                Escape::Corners => WinReason::CornerEscape,
                Escape::Squares => WinReason::SquareEscape,
            },
        }
    }

    fn no_moves_outcome(&self) -> Outcome {
        if self.rules.no_moves_loses {
            Outcome::Win {
                winner: self.to_move.opponent(),
                reason: WinReason::NoLegalMoves,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::NoLegalMoves,
            }
        }
    }

    fn gen_moves(&self, out: &mut Vec<(u16, u16)>) {
        let me = side_code(self.to_move) as usize - 1;
        let w = self.geo.w;
        for r in 0..self.geo.rows {
            let mut m = self.rows[me][r];
            while m != 0 {
                let i = (r + 1) * w + m.trailing_zeros() as usize + 1;
                m &= m - 1;
                self.slide_all(i, out);
            }
        }
    }

    #[inline]
    fn slide_all(&self, i: usize, out: &mut Vec<(u16, u16)>) {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        for d in self.geo.dirs {
            let mut j = (i as isize + d) as usize;
            while cells[j] == EMPTY {
                let a = self.geo.access_from(i, j);
                if a == ACCESS_ALL {
                    out.push((i as u16, j as u16));
                } else {
                    if a & sb != 0 {
                        out.push((i as u16, j as u16));
                    }
                    if a & pb == 0 {
                        break;
                    }
                }
                j = (j as isize + d) as usize;
            }
        }
    }

    /// Number of legal moves of the side to move, without listing them:
    /// runs of empty squares come from the row and column masks; only rows
    /// and columns with a throne or restricted corner are walked square by
    /// square.
    fn count_moves(&self) -> u64 {
        let g = &self.geo;
        let me = side_code(self.to_move) as usize - 1;
        let (rows, cols, w) = (g.rows, g.cols, g.w);
        let outside_row = !((1u32 << cols) - 1);
        let outside_col = !((1u32 << rows) - 1);
        let mut n = 0u64;
        for r in 0..rows {
            let mut m = self.rows[me][r];
            if m == 0 {
                continue;
            }
            let occ_row = self.rows[0][r] | self.rows[1][r] | outside_row;
            let row_special = g.special_rows >> r & 1 != 0;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let i = (r + 1) * w + c + 1;
                if row_special {
                    n += self.walk(i, 1) + self.walk(i, -1);
                } else {
                    n += u64::from((occ_row >> (c + 1)).trailing_zeros());
                    n += u64::from((((occ_row << 1) | 1) << (31 - c)).leading_zeros());
                }
                if g.special_cols >> c & 1 != 0 {
                    n += self.walk(i, w as isize) + self.walk(i, -(w as isize));
                } else {
                    let occ_col = self.cols[0][c] | self.cols[1][c] | outside_col;
                    n += u64::from((occ_col >> (r + 1)).trailing_zeros());
                    n += u64::from((((occ_col << 1) | 1) << (31 - r)).leading_zeros());
                }
            }
        }
        n
    }

    /// Legal destinations of the piece on `i` in direction `d`, square by square.
    #[inline]
    fn walk(&self, i: usize, d: isize) -> u64 {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        let mut n = 0;
        let mut j = (i as isize + d) as usize;
        while cells[j] == EMPTY {
            let a = self.geo.access_from(i, j);
            n += u64::from(a & sb != 0);
            if a & pb == 0 {
                break;
            }
            j = (j as isize + d) as usize;
        }
        n
    }

    fn has_legal_move(&self) -> bool {
        if self.rules.repetition.is_some_and(|r| r.forbidden) {
            let mut raw = Vec::with_capacity(128);
            self.gen_moves(&mut raw);
            return raw
                .iter()
                .any(|&(f, t)| self.check_repetition_ban(f as usize, t as usize).is_ok());
        }
        let cells = &self.pos.cells;
        let me = side_code(self.to_move);
        for i in self.geo.first..self.geo.last {
            let c = cells[i];
            if OWNER[c as usize] != me {
                continue;
            }
            if self.piece_can_move(i) {
                return true;
            }
        }
        false
    }

    fn piece_can_move(&self, i: usize) -> bool {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        for d in self.geo.dirs {
            let mut j = (i as isize + d) as usize;
            while cells[j] == EMPTY {
                let a = self.geo.access_from(i, j);
                if a & sb != 0 {
                    return true;
                }
                if a & pb == 0 {
                    break;
                }
                j = (j as isize + d) as usize;
            }
        }
        false
    }

    /// Flips a cell's bit in the row masks of `owner` (1 attackers, 2 defenders).
    #[inline]
    fn toggle(&mut self, i: usize, owner: u8) {
        let o = owner as usize - 1;
        self.rows[o][self.geo.row_of[i] as usize] ^= self.geo.col_bit[i];
        self.cols[o][self.geo.col_of[i] as usize] ^= self.geo.row_bit[i];
    }

    #[inline]
    fn remove(&mut self, i: usize) {
        let c = self.pos.cells[i];
        self.toggle(i, OWNER[c as usize]);
        self.pos.cells[i] = EMPTY;
        self.hash ^= ZOBRIST[c as usize][i];
        self.captured.push((i as u16, c));
        match c {
            KING => self.king = 0,
            ATT => self.attackers -= 1,
            _ => {}
        }
    }

    /// Whether the square `far` closes a sandwich against a piece of side
    /// `victim` (1 attackers, 2 defenders) standing on `victim_at`, for the
    /// mover's side.
    #[inline]
    fn hostile(&self, far: usize, victim: u8, victim_at: usize) -> bool {
        let camp = self.geo.camp[far];
        if camp != 0 && self.geo.camp_hostile & victim != 0 && camp != self.geo.camp[victim_at] {
            return true;
        }
        let cf = self.pos.cells[far];
        if cf == EMPTY {
            return self.geo.hostile_empty[far] & victim != 0;
        }
        let friend = match cf {
            ATT => victim == 2,
            DEF => victim == 1,
            KING => victim == 1 && self.rules.king_armed.anvil(),
            _ => false,
        };
        friend || (far == self.geo.throne && self.geo.throne_occupied & victim != 0)
    }

    #[inline]
    fn king_side_hostile(&self, n: usize) -> bool {
        match self.pos.cells[n] {
            ATT => true,
            EMPTY => self.geo.flags[n] & F_KING_HOSTILE != 0,
            OFF => self.rules.edge_hostile_to_king,
            // A camp square counts against the king whoever stands on it.
            _ => self.geo.camp[n] != 0 && self.geo.flags[n] & F_KING_HOSTILE != 0,
        }
    }

    fn king_captured_by(&self, to: usize) -> bool {
        let k = self.king;
        if k == 0 {
            return false;
        }
        let Some(&d) = self
            .geo
            .dirs
            .iter()
            .find(|&&d| (to as isize + d) as usize == k)
        else {
            return false;
        };
        let strong = match self.rules.king_capture {
            KingCapture::Weak => false,
            KingCapture::Strong => true,
            KingCapture::StrongOnThrone => {
                let t = self.geo.throne;
                k == t
                    || self
                        .geo
                        .dirs
                        .iter()
                        .any(|&d| (k as isize + d) as usize == t)
            }
        };
        if strong {
            self.geo
                .dirs
                .iter()
                .all(|&d| self.king_side_hostile((k as isize + d) as usize))
        } else {
            self.king_side_hostile((k as isize + d) as usize)
        }
    }

    /// Applies a pseudo-checked move: captures, bookkeeping and outcome.
    /// With `full` false the (expensive) no-legal-move test is skipped; perft
    /// finds that out by itself.
    fn apply(&mut self, from: usize, to: usize, full: bool) {
        let cap_start = self.captured.len() as u32;
        self.undo.push(Undo {
            from: from as u16,
            to: to as u16,
            cap_start,
            quiet: self.quiet,
            outcome: self.outcome,
        });
        let piece = self.pos.cells[from];
        self.pos.cells[from] = EMPTY;
        self.pos.cells[to] = piece;
        let z = &ZOBRIST[piece as usize];
        self.hash ^= z[from] ^ z[to];
        if piece == KING {
            self.king = to;
        }
        let mover = OWNER[piece as usize];
        self.toggle(from, mover);
        self.toggle(to, mover);
        let victim = 3 - mover;
        let victim_code = if mover == 1 { DEF } else { ATT };
        if piece != KING || self.rules.king_armed.hammer() {
            for d in self.geo.dirs {
                let n = (to as isize + d) as usize;
                if self.pos.cells[n] == victim_code
                    && self.hostile((n as isize + d) as usize, victim, n)
                {
                    self.remove(n);
                }
            }
            if self.rules.shieldwall && self.geo.flags[to] & F_EDGE != 0 {
                self.shieldwall(to, mover);
            }
        }
        let mut outcome = Outcome::Ongoing;
        if mover == 1 && self.king_captured_by(to) {
            self.remove(self.king);
            outcome = Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::KingCaptured,
            };
        }
        let captured_any = self.captured.len() as u32 > cap_start;
        self.quiet = if captured_any { 0 } else { self.quiet + 1 };
        self.to_move = self.to_move.opponent();
        self.hash ^= ZOBRIST_DEFENDERS_TO_MOVE;
        self.history.push(self.hash);

        if outcome == Outcome::Ongoing {
            outcome = self.outcome_after(piece, to, captured_any, full);
        }
        self.outcome = outcome;
    }

    fn outcome_after(&self, piece: u8, to: usize, captured: bool, full: bool) -> Outcome {
        if piece == KING && self.geo.flags[to] & F_ESCAPE != 0 {
            return self.escape_win();
        }
        if piece != ATT && self.rules.exit_fort && self.exit_fort() {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::ExitFort,
            };
        }
        debug_assert!(
            !(piece == ATT
                && self.rules.encirclement
                && !captured
                && !self.may_close_a_ring(to)
                && self.encircled()),
            "the ring filter skipped a real encirclement"
        );
        if piece == ATT
            && self.rules.encirclement
            && (captured || self.may_close_a_ring(to))
            && self.encircled()
        {
            return Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::Encirclement,
            };
        }
        if self.rules.defenders_win_if_no_attackers && self.attackers == 0 {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::AllAttackersCaptured,
            };
        }
        if let Some(rep) = self.rules.repetition
            && self.quiet + 1 >= rep.count.saturating_sub(1) * 2
            && self.occurrences() >= rep.count as usize
        {
            return match rep.result {
                RepetitionResult::Draw => Outcome::Draw {
                    reason: DrawReason::Repetition,
                },
                RepetitionResult::AttackersLose => Outcome::Win {
                    winner: Side::Defenders,
                    reason: WinReason::Repetition,
                },
                RepetitionResult::DefendersLose => Outcome::Win {
                    winner: Side::Attackers,
                    reason: WinReason::Repetition,
                },
                // The side that moved repeated; the side now to move wins.
                RepetitionResult::RepeatingSideLoses => Outcome::Win {
                    winner: self.to_move,
                    reason: WinReason::Repetition,
                },
            };
        }
        if let Some(limit) = self.rules.move_limit
            && self.quiet >= limit
        {
            return Outcome::Draw {
                reason: DrawReason::MoveLimit,
            };
        }
        if full && !self.has_legal_move() {
            return self.no_moves_outcome();
        }
        Outcome::Ongoing
    }

    /// Shieldwall captures: the mover at `to` on the edge brackets one end of
    /// a row of two or more enemy pieces along that edge, each faced by a
    /// piece of the mover's side; the far end is bracketed by a friendly
    /// piece or a hostile corner. The king in such a row survives.
    fn shieldwall(&mut self, to: usize, mover: u8) {
        let g = &self.geo;
        let w = g.w as isize;
        let (row, col) = (to / g.w - 1, to % g.w - 1);
        let mut edges: [(isize, isize); 2] = [(0, 0); 2];
        let mut n_edges = 0;
        if row == 0 {
            edges[n_edges] = (w, 1);
            n_edges += 1;
        } else if row + 1 == g.rows {
            edges[n_edges] = (-w, 1);
            n_edges += 1;
        }
        if col == 0 {
            edges[n_edges] = (1, w);
            n_edges += 1;
        } else if col + 1 == g.cols {
            edges[n_edges] = (-1, w);
            n_edges += 1;
        }
        let victim = 3 - mover;
        let armed = self.rules.king_armed != super::rules::KingArmed::No;
        let front_ok = |c: u8| OWNER[c as usize] == mover && (c != KING || armed);
        for &(inward, along) in &edges[..n_edges] {
            for d in [along, -along] {
                let mut n = (to as isize + d) as usize;
                let mut len = 0usize;
                let mut ok = true;
                while OWNER[self.pos.cells[n] as usize] == victim {
                    if !front_ok(self.pos.cells[(n as isize + inward) as usize]) {
                        ok = false;
                        break;
                    }
                    len += 1;
                    n = (n as isize + d) as usize;
                }
                if !ok || len < 2 {
                    continue;
                }
                let end = self.pos.cells[n];
                let bracket = match end {
                    EMPTY => {
                        self.geo.flags[n] & F_CORNER != 0 && self.geo.hostile_empty[n] & victim != 0
                    }
                    KING => mover == 2 && self.rules.king_armed.anvil(),
                    c => OWNER[c as usize] == mover,
                };
                if !bracket {
                    continue;
                }
                let mut m = (to as isize + d) as usize;
                for _ in 0..len {
                    if self.pos.cells[m] != KING {
                        self.remove(m);
                    }
                    m = (m as isize + d) as usize;
                }
            }
        }
    }

    /// True when no defender (king included) can reach the board edge any
    /// more: every path from them to the edge crosses an attacker.
    fn encircled(&self) -> bool {
        let g = &self.geo;
        let (rows, cols) = (g.rows, g.cols);
        let [att, def] = &self.rows;
        let full = (1u32 << cols) - 1;
        let mut open = [0u32; 19];
        let mut reach = [0u32; 19];
        for r in 0..rows {
            open[r] = full & !att[r];
            let border = if r == 0 || r + 1 == rows {
                full
            } else {
                1 | (1 << (cols - 1))
            };
            reach[r] = open[r] & border;
            if reach[r] & def[r] != 0 {
                return false;
            }
        }
        loop {
            let mut changed = false;
            for r in 0..rows {
                let mut x = reach[r];
                if r > 0 {
                    x |= reach[r - 1];
                }
                if r + 1 < rows {
                    x |= reach[r + 1];
                }
                x &= open[r];
                loop {
                    let y = (x | (x << 1) | (x >> 1)) & open[r];
                    if y == x {
                        break;
                    }
                    x = y;
                }
                if x != reach[r] {
                    if x & def[r] != 0 {
                        return false;
                    }
                    reach[r] = x;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Exit fort: the king is on the edge, can move, and the empty squares he
    /// can reach are walled in by defenders that the attackers can never
    /// capture. A wall defender may be held by defenders away from the
    /// king (which are held in turn by others): the safe defenders are the
    /// largest set in which every member, on both lines through it, has a
    /// neighbour the attackers can never occupy — the board edge, the king,
    /// a square of the fort's inside, or another safe defender. A fort one
    /// capture could open is therefore no fort.
    fn exit_fort(&self) -> bool {
        let k = self.king;
        if k == 0 || self.geo.flags[k] & F_EDGE == 0 || !self.piece_can_move(k) {
            return false;
        }
        let cells = &self.pos.cells;
        let mut region = [false; CELLS];
        let mut is_wall = [false; CELLS];
        let mut stack = vec![k];
        region[k] = true;
        let mut walls = Vec::new();
        while let Some(i) = stack.pop() {
            for d in self.geo.dirs {
                let j = (i as isize + d) as usize;
                if region[j] || is_wall[j] {
                    continue;
                }
                match cells[j] {
                    // A camp may hold attackers the fort cannot keep out.
                    EMPTY if self.geo.camp[j] != 0 => return false,
                    EMPTY => {
                        region[j] = true;
                        stack.push(j);
                    }
                    DEF => {
                        is_wall[j] = true;
                        walls.push(j);
                    }
                    OFF => {}
                    _ => return false, // an attacker touches the fort's inside
                }
            }
        }
        // Greatest fixpoint over every defender on the board.
        let mut safe = [false; CELLS];
        let defenders: Vec<usize> = (self.geo.first..self.geo.last)
            .filter(|&i| cells[i] == DEF)
            .collect();
        for &p in &defenders {
            safe[p] = true;
        }
        let protects = |j: usize, safe: &[bool; CELLS]| -> bool {
            match cells[j] {
                OFF | KING => true,
                EMPTY => region[j] && self.geo.hostile_empty[j] & 2 == 0 && self.geo.camp[j] == 0,
                DEF => safe[j],
                _ => false,
            }
        };
        let w = self.geo.w as isize;
        loop {
            let mut changed = false;
            for &p in &defenders {
                if !safe[p] {
                    continue;
                }
                // No shieldwall test is needed: an edge row of safe pieces
                // either touches the fort's inside (which no attacker can
                // face or bracket) or holds up nothing the walls rely on.
                let holds = [1isize, w].iter().all(|&d| {
                    protects((p as isize + d) as usize, &safe)
                        || protects((p as isize - d) as usize, &safe)
                });
                if !holds {
                    safe[p] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        walls.iter().all(|&p| safe[p])
    }
}

/// Counts the legal move sequences of exactly `depth` moves from the current
/// position (a finished game has none). Leaves are counted without playing
/// them.
/// A repetition ban (`repetition.forbidden`) is not applied here: perft
/// measures the move generator, and the ban needs every move played out.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    walk_perft(game, depth, perft_inner)
}

/// Like [`perft`], but plays and takes back every leaf move too (captures,
/// outcome tests and all) instead of only counting them: the throughput a
/// search that visits every node would see.
pub fn perft_make_leaves(game: &mut Game, depth: u32) -> u64 {
    walk_perft(game, depth, perft_full)
}

/// A perft walk over preallocated per-ply move buffers.
type PerftWalk = fn(&mut Game, u32, &mut [Vec<(u16, u16)>]) -> u64;

/// The shared entry of both perft walks: the trivial cases, and one move
/// buffer per ply allocated up front so the walk itself never allocates.
fn walk_perft(game: &mut Game, depth: u32, walk: PerftWalk) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome.is_over() {
        return 0;
    }
    let mut buffers: Vec<Vec<(u16, u16)>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    walk(game, depth, &mut buffers)
}

fn perft_full(game: &mut Game, depth: u32, buffers: &mut [Vec<(u16, u16)>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    game.gen_moves(buf);
    let mut total = 0;
    for &(from, to) in buf.iter() {
        game.apply(from as usize, to as usize, false);
        if depth == 1 {
            total += 1;
        } else if !game.outcome.is_over() {
            total += perft_full(game, depth - 1, rest);
        }
        game.unmake();
    }
    total
}

fn perft_inner(game: &mut Game, depth: u32, buffers: &mut [Vec<(u16, u16)>]) -> u64 {
    if depth == 1 {
        return game.count_moves();
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    game.gen_moves(buf);
    let mut total = 0;
    for &(from, to) in buf.iter() {
        game.apply(from as usize, to as usize, false);
        if !game.outcome.is_over() {
            total += perft_inner(game, depth - 1, rest);
        }
        game.unmake();
    }
    total
}
