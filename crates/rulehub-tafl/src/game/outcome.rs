//! What a move or a game comes to: outcomes, the reasons for wins, draws and
//! illegal moves (with their codes and English descriptions), special squares.

use crate::rules::Access;
use crate::{Dims, Piece, Side, Square};

use serde::{Deserialize, Serialize};

/// Why the game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    EdgeEscape,
    CornerEscape,
    /// The king reached one of the rules' listed escape squares.
    #[serde(rename = "escape-square")]
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

/// The state of the game: still going, won (by whom and why) or drawn —
/// the ground's one outcome, with tafl's sides and reasons.
pub type Outcome = rulehub_game::Outcome<Side, WinReason, DrawReason>;

impl rulehub_game::Named for Side {
    fn name(self) -> &'static str {
        self.as_str()
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

/// The kind of a special square, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareKind {
    Throne,
    Corner,
    /// An attacker camp (see [`crate::Camps`]).
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

pub(super) fn who(access: Access) -> &'static str {
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
