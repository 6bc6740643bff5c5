//! A game in progress: the rules, the position, the moves played (for
//! unmake and the draw rules), the outcome, and legality with reasons.

use std::fmt;

use crate::movegen;
use crate::position::{Colour, Move, Position, Undo};
use crate::rules::{CaptureChoice, DraughtsRules};
use crate::square::Square;

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but none can move.
    Blocked,
}

impl WinReason {
    pub const ALL: &'static [WinReason] = &[WinReason::NoPieces, WinReason::Blocked];

    /// A stable code for tools and message ids.
    pub fn code(self) -> &'static str {
        match self {
            WinReason::NoPieces => "no-pieces",
            WinReason::Blocked => "blocked",
        }
    }
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position with the same side to move occurred
    /// [`DraughtsRules::repetition_draw`] times.
    Repetition,
    /// [`DraughtsRules::king_move_draw`] moves each without a man moving or a
    /// capture.
    KingMoves,
}

impl DrawReason {
    pub const ALL: &'static [DrawReason] = &[DrawReason::Repetition, DrawReason::KingMoves];

    /// A stable code for tools and message ids.
    pub fn code(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::KingMoves => "king-moves",
        }
    }
}

/// The state of a game: the ground's one outcome, with draughts' colours
/// and reasons.
pub type Outcome = rulehub_game::Outcome<Colour, WinReason, DrawReason>;

impl rulehub_game::Named for Colour {
    fn name(self) -> &'static str {
        self.code()
    }
}

impl rulehub_game::Named for WinReason {
    fn name(self) -> &'static str {
        self.code()
    }
}

impl rulehub_game::Named for DrawReason {
    fn name(self) -> &'static str {
        self.code()
    }
}

/// Why a move was refused. Squares are those of the game's board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has already ended.
    GameOver { outcome: Outcome },
    /// A number in the move is not a square of this board.
    NotOnBoard { number: u32, squares: u8 },
    /// No piece stands on the starting square.
    EmptySquare { square: Square },
    /// The piece on the starting square belongs to the other side.
    NotYourPiece { square: Square, to_move: Colour },
    /// A step or slide while a capture is available and captures are
    /// mandatory; `capture` is one of them.
    CaptureRequired { capture: Move },
    /// A capture that takes fewer pieces than the majority rule requires.
    MajorityRequired { takes: u32, required: u32 },
    /// The capture stops while it could go on (`completed` shows how).
    IncompleteCapture { completed: Move },
    /// Written with `-` but a capture, or with `x` but not one.
    WrongSeparator { mv: Move },
    /// Only start and end were written, and more than one legal capture
    /// joins them while taking different pieces.
    Ambiguous { candidates: Vec<Move> },
    /// The piece cannot go there.
    NoSuchMove,
}

impl IllegalMove {
    /// Every code [`IllegalMove::code`] returns, for documentation.
    pub const CODES: &'static [&'static str] = &[
        "game-over",
        "not-a-square",
        "empty-square",
        "not-your-piece",
        "capture-required",
        "majority-required",
        "incomplete-capture",
        "wrong-separator",
        "ambiguous",
        "no-such-move",
    ];

    /// A stable code for tools and message ids.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::GameOver { .. } => "game-over",
            IllegalMove::NotOnBoard { .. } => "not-a-square",
            IllegalMove::EmptySquare { .. } => "empty-square",
            IllegalMove::NotYourPiece { .. } => "not-your-piece",
            IllegalMove::CaptureRequired { .. } => "capture-required",
            IllegalMove::MajorityRequired { .. } => "majority-required",
            IllegalMove::IncompleteCapture { .. } => "incomplete-capture",
            IllegalMove::WrongSeparator { .. } => "wrong-separator",
            IllegalMove::Ambiguous { .. } => "ambiguous",
            IllegalMove::NoSuchMove => "no-such-move",
        }
    }
}

impl fmt::Display for IllegalMove {
    /// A sentence for a report, naming squares by their PDN numbers. Tools
    /// and translations should key on [`IllegalMove::code`] instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver { outcome } => write!(
                f,
                "the game is already over ({}); no move follows",
                outcome.code()
            ),
            IllegalMove::NotOnBoard { number, squares } => write!(
                f,
                "square {number} is not on the board; its squares are numbered 1 to {squares}"
            ),
            IllegalMove::EmptySquare { square } => {
                write!(f, "no piece stands on square {square}")
            }
            IllegalMove::NotYourPiece { square, to_move } => write!(
                f,
                "the piece on square {square} is not {}'s, and {} is to move",
                to_move.code(),
                to_move.code()
            ),
            IllegalMove::CaptureRequired { capture } => write!(
                f,
                "a capture is available and capturing is mandatory, e.g. {capture}"
            ),
            IllegalMove::MajorityRequired { takes, required } => write!(
                f,
                "this capture takes {takes} piece(s), but the majority rule requires taking \
                 the most possible: {required}"
            ),
            IllegalMove::IncompleteCapture { completed } => write!(
                f,
                "the capture stops while it can go on; a capture is played to its end, \
                 e.g. {completed}"
            ),
            IllegalMove::WrongSeparator { mv } => {
                if mv.is_capture() {
                    write!(f, "this move is a capture: write it with `x`, as {mv}")
                } else {
                    write!(f, "this move captures nothing: write it with `-`, as {mv}")
                }
            }
            IllegalMove::Ambiguous { candidates } => write!(
                f,
                "start and end squares fit more than one capture; write every landing \
                 square: {}",
                candidates
                    .iter()
                    .map(Move::full_notation)
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            IllegalMove::NoSuchMove => f.write_str("that piece cannot move there"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// What a played move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    /// The captured squares in number order.
    pub captured: Vec<Square>,
    /// Whether the moving man was crowned.
    pub crowned: bool,
    /// The state of the game after the move.
    pub outcome: Outcome,
}

/// A move as a record writes it: the square numbers and whether they were
/// joined by `x` (a capture) or `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    pub numbers: Vec<u32>,
    pub capture: bool,
}

#[derive(Debug, Clone)]
struct Step {
    mv: Move,
    undo: Undo,
    quiet_plies_before: u32,
}

/// A game: rules, position and the moves played.
#[derive(Debug, Clone)]
pub struct Game {
    rules: DraughtsRules,
    position: Position,
    hash: u64,
    steps: Vec<Step>,
    /// The hash of every position so far, the current one last.
    hashes: Vec<u64>,
    /// Plies since a man moved or a piece was captured.
    quiet_plies: u32,
}

impl Game {
    /// A game from a position (which says who is to move) under `rules`.
    /// The position's board is used as it is; give one of the rules' size.
    pub fn new(rules: &DraughtsRules, position: Position) -> Game {
        let hash = position.hash();
        Game {
            rules: rules.clone(),
            position,
            hash,
            steps: Vec::new(),
            hashes: vec![hash],
            quiet_plies: 0,
        }
    }

    /// A game from the rules' start position.
    pub fn start(rules: &DraughtsRules) -> Game {
        Game::new(rules, rules.start_position())
    }

    /// A game from an example's setup: a PDN FEN read on the rules' board,
    /// or the start position when there is none.
    pub fn from_setup(
        rules: &DraughtsRules,
        setup: Option<&str>,
    ) -> Result<Game, crate::fen::FenError> {
        let position = match setup {
            Some(text) => crate::fen::parse(text, rules.geometry())?,
            None => rules.start_position(),
        };
        Ok(Game::new(rules, position))
    }

    pub fn rules(&self) -> &DraughtsRules {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn to_move(&self) -> Colour {
        self.position.to_move
    }

    /// The Zobrist hash of the position and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Moves played since the game was created.
    pub fn ply(&self) -> usize {
        self.steps.len()
    }

    /// The moves the rules allow the side to move, draw rules aside (see
    /// [`Game::legal_moves`]).
    pub fn moves(&self) -> Vec<Move> {
        movegen::legal_moves(&self.position, &self.rules)
    }

    /// The legal moves of the side to move; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.drawn().is_some() {
            return Vec::new();
        }
        self.moves()
    }

    /// The state of the game: a side with no legal move has lost; then the
    /// draw rules.
    pub fn outcome(&self) -> Outcome {
        if self.moves().is_empty() {
            let to_move = self.to_move();
            let reason = if self.position.count(to_move) == 0 {
                WinReason::NoPieces
            } else {
                WinReason::Blocked
            };
            return Outcome::Win {
                winner: to_move.opponent(),
                reason,
            };
        }
        match self.drawn() {
            Some(reason) => Outcome::Draw { reason },
            None => Outcome::Ongoing,
        }
    }

    fn drawn(&self) -> Option<DrawReason> {
        if let Some(times) = self.rules.repetition_draw
            && self.repetitions() >= u32::from(times)
        {
            return Some(DrawReason::Repetition);
        }
        if let Some(moves) = self.rules.king_move_draw
            && self.quiet_plies >= 2 * u32::from(moves)
        {
            return Some(DrawReason::KingMoves);
        }
        None
    }

    /// How often the current position (same side to move) has occurred. Only
    /// positions since the last man move or capture can repeat it, so the
    /// scan is bounded by the king-move counter.
    fn repetitions(&self) -> u32 {
        let current = self.hash;
        self.hashes
            .iter()
            .rev()
            .take(self.quiet_plies as usize + 1)
            .step_by(2)
            .filter(|&&h| h == current)
            .count() as u32
    }

    /// Plays a move from [`Game::legal_moves`] without checking it.
    pub fn make(&mut self, mv: Move) {
        let moved_man = !crate::position::is_king(self.position.cells[mv.from as usize]);
        let undo = self.position.make(&mv, &mut self.hash);
        self.steps.push(Step {
            mv,
            undo,
            quiet_plies_before: self.quiet_plies,
        });
        self.quiet_plies = if moved_man || mv.is_capture() {
            0
        } else {
            self.quiet_plies + 1
        };
        self.hashes.push(self.hash);
    }

    /// Takes back the last move; `None` if none was played.
    pub fn unmake(&mut self) -> Option<Move> {
        let step = self.steps.pop()?;
        self.hashes.pop();
        self.position.unmake(&step.mv, step.undo, &mut self.hash);
        self.quiet_plies = step.quiet_plies_before;
        Some(step.mv)
    }

    /// Whether the last move captured anything.
    pub fn last_move_captured(&self) -> bool {
        self.steps.last().is_some_and(|s| s.mv.is_capture())
    }

    /// Plays a move if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(IllegalMove::GameOver { outcome });
        }
        let legal = self
            .moves()
            .into_iter()
            .find(|m| m.identity() == mv.identity())
            .ok_or(IllegalMove::NoSuchMove)?;
        Ok(self.play_legal(legal))
    }

    fn play_legal(&mut self, mv: Move) -> Played {
        self.make(mv);
        Played {
            mv,
            captured: mv.captured(),
            crowned: mv.promotes(),
            outcome: self.outcome(),
        }
    }

    /// Finds the legal move a record's text means, or says precisely why
    /// there is none.
    pub fn resolve(&self, text: &MoveText) -> Result<Move, IllegalMove> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(IllegalMove::GameOver { outcome });
        }
        let geometry = self.position.geometry;
        let mut squares = Vec::with_capacity(text.numbers.len());
        for &number in &text.numbers {
            let square = geometry.square(number).ok_or(IllegalMove::NotOnBoard {
                number,
                squares: geometry.squares(),
            })?;
            squares.push(square);
        }
        let Some(&from) = squares.first() else {
            return Err(IllegalMove::NoSuchMove);
        };
        match self.position.get(from) {
            None => return Err(IllegalMove::EmptySquare { square: from }),
            Some(p) if p.colour != self.to_move() => {
                return Err(IllegalMove::NotYourPiece {
                    square: from,
                    to_move: self.to_move(),
                });
            }
            Some(_) => {}
        }
        let legal = self.moves();
        let sequences = movegen::capture_sequences(&self.position, &self.rules);
        // Every way of playing each legal move: a capture may be written
        // along any of its paths.
        let ways = legal.iter().copied().chain(
            sequences
                .iter()
                .filter(|s| legal.iter().any(|m| m.identity() == s.identity()))
                .copied(),
        );
        let mut found: Vec<Move> = Vec::new();
        for way in ways.filter(|m| written_as(m, &squares)) {
            if let Some(m) = legal.iter().find(|m| m.identity() == way.identity())
                && !found.contains(m)
            {
                found.push(*m);
            }
        }
        // Where captures are optional, `a-b` and `axb` may both be legal:
        // the separator tells them apart.
        if found.len() > 1 && found.iter().any(|m| m.is_capture() == text.capture) {
            found.retain(|m| m.is_capture() == text.capture);
        }
        match found.len() {
            0 => Err(self.why_not(&squares, &legal, &sequences)),
            1 => {
                let mv = found[0];
                if mv.is_capture() != text.capture {
                    return Err(IllegalMove::WrongSeparator { mv });
                }
                Ok(mv)
            }
            _ => Err(IllegalMove::Ambiguous { candidates: found }),
        }
    }

    /// Explains why no legal move is written as `squares`.
    fn why_not(&self, squares: &[Square], legal: &[Move], sequences: &[Move]) -> IllegalMove {
        if self.rules.capture_choice == CaptureChoice::Majority
            && let Some(short) = sequences.iter().find(|s| written_as(s, squares))
        {
            return IllegalMove::MajorityRequired {
                takes: short.capture_count(),
                required: legal.first().map_or(0, Move::capture_count),
            };
        }
        let prefix_of = |s: &&Move| {
            let path: Vec<Square> = s.path().collect();
            s.from() == squares[0]
                && squares.len() >= 2
                && path.len() > squares.len() - 1
                && path[..squares.len() - 1] == squares[1..]
        };
        if let Some(longer) = sequences.iter().find(prefix_of)
            && let Some(completed) = legal.iter().find(|m| m.identity() == longer.identity())
        {
            return IllegalMove::IncompleteCapture {
                completed: *completed,
            };
        }
        if self.rules.capture_mandatory
            && let Some(capture) = legal.first().filter(|m| m.is_capture())
        {
            let mut quiet = Vec::new();
            movegen::quiet_moves(&self.position, &self.rules, &mut quiet);
            if quiet.iter().any(|q| written_as(q, squares)) {
                return IllegalMove::CaptureRequired { capture: *capture };
            }
        }
        IllegalMove::NoSuchMove
    }

    /// Plays the move a record's text means.
    pub fn play_text(&mut self, text: &MoveText) -> Result<Played, IllegalMove> {
        let mv = self.resolve(text)?;
        Ok(self.play_legal(mv))
    }

    /// The shortest PDN that names `mv` among the legal moves: start and
    /// end, or every landing square when other captures join the same two
    /// squares.
    pub fn notation(&self, mv: &Move) -> String {
        let shared = self
            .moves()
            .iter()
            .filter(|m| m.from == mv.from && m.to() == mv.to() && m.is_capture() == mv.is_capture())
            .count();
        if shared > 1 {
            mv.full_notation()
        } else {
            mv.short_notation()
        }
    }

    /// Counts the move sequences `depth` plies deep by the move rules alone
    /// (draw rules do not cut a line short), as perft tables do.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for mv in moves {
            let undo = self.position.make(&mv, &mut self.hash);
            nodes += self.perft(depth - 1);
            self.position.unmake(&mv, undo, &mut self.hash);
        }
        nodes
    }
}

/// Whether a move is written as `squares`: start and end only, or start and
/// every landing square.
fn written_as(mv: &Move, squares: &[Square]) -> bool {
    if squares.len() < 2 || mv.from() != squares[0] {
        return false;
    }
    if squares.len() == 2 {
        return mv.to() == squares[1];
    }
    mv.path().eq(squares[1..].iter().copied())
}
