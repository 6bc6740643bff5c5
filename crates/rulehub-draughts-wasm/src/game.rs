//! A draughts game as the practice board plays it: moves are paths of
//! cells, and the record is PDN.

use rulehub_draughts::{
    Colour, DraughtsRules, Game, Geometry, Kind, Move, Outcome, Square, ai as draughts_ai, fen,
};
use rulehub_game::ai::{Level, Limits};
use rulehub_play::{Board, Choice, Outcome as Announced, Played, PracticeGame, Refusal};
use serde::Deserialize;

/// What `new_game` reads: the page's resolved rules and optionally a start
/// position as a PDN FEN (which also says who moves first).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    rules: DraughtsRules,
    #[serde(default)]
    setup: Option<String>,
}

/// One game, its start position (for the record) and its moves as written.
pub struct DraughtsGame {
    game: Game,
    setup: String,
    first: Colour,
    record: Vec<String>,
}

fn cell(geometry: &Geometry, square: Square) -> usize {
    let (row, col) = geometry.row_col(square);
    usize::from(row) * usize::from(geometry.size()) + usize::from(col)
}

/// The cells a move visits: its start, every landing square, its end.
fn path_cells(geometry: &Geometry, mv: &Move) -> Vec<usize> {
    std::iter::once(mv.from())
        .chain(mv.path())
        .map(|square| cell(geometry, square))
        .collect()
}

/// `code` names the Fluent message (`draughts-win-<code>`,
/// `draughts-draw-<code>`), as the examples do.
fn announced(outcome: Outcome) -> Announced {
    match outcome {
        Outcome::Ongoing => Announced::ONGOING,
        Outcome::Win { winner, reason } => Announced::win(winner.code(), reason.code()),
        Outcome::Draw { reason } => Announced::draw(reason.code()),
    }
}

/// Every cell of the board row by row from the top: `-` a light square
/// (never played on), `.` empty, `w`/`b` a white or black man, `W`/`B` a
/// king.
fn cells(game: &Game) -> String {
    let position = game.position();
    let geometry = position.geometry();
    let size = geometry.size();
    let mut text = String::with_capacity(usize::from(size) * usize::from(size));
    for row in 0..size {
        for col in 0..size {
            text.push(match geometry.at(row, col) {
                None => '-',
                Some(square) => match position.get(square) {
                    None => '.',
                    Some(piece) => match (piece.colour, piece.kind) {
                        (Colour::White, Kind::Man) => 'w',
                        (Colour::White, Kind::King) => 'W',
                        (Colour::Black, Kind::Man) => 'b',
                        (Colour::Black, Kind::King) => 'B',
                    },
                },
            });
        }
    }
    text
}

impl PracticeGame for DraughtsGame {
    type Request = NewGame;

    fn start(request: NewGame) -> Result<DraughtsGame, String> {
        let NewGame { rules, setup } = request;
        rules.validate().map_err(|e| format!("rules: {e}"))?;
        let game = Game::from_setup(&rules, setup.as_deref())
            .map_err(|e| format!("setup: {}", e.reason))?;
        Ok(DraughtsGame {
            setup: fen::write(game.position()),
            first: game.to_move(),
            game,
            record: Vec::new(),
        })
    }

    fn board(&self) -> Board {
        let game = &self.game;
        let geometry = game.position().geometry();
        Board {
            rows: geometry.size(),
            cols: geometry.size(),
            cells: cells(game),
            to_move: game.to_move().code(),
            outcome: announced(game.outcome()),
            moves: game
                .legal_moves()
                .iter()
                .map(|mv| path_cells(geometry, mv))
                .collect(),
        }
    }

    fn ply(&self) -> usize {
        self.record.len()
    }

    /// The legal move from `from` to `to` through the landing cells `via`
    /// (when named); refused as `ambiguous` when two captures join the same
    /// squares and no route is named.
    fn play(&mut self, from: usize, to: usize, via: Option<&[usize]>) -> Result<Played, Refusal> {
        let game = &mut self.game;
        let geometry = game.position().geometry();
        if game.outcome().is_over() {
            return Err(Refusal::new("the game is over", "game-over"));
        }
        let candidates: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let path = path_cells(geometry, mv);
                path.first() == Some(&from)
                    && path.last() == Some(&to)
                    && via.is_none_or(|via| path.get(1..path.len() - 1) == Some(via))
            })
            .collect();
        let mv = match candidates.as_slice() {
            [mv] => *mv,
            [] => {
                return Err(Refusal::new(
                    format!("no legal move goes from cell {from} to cell {to} that way"),
                    "no-such-move",
                ));
            }
            _ => {
                return Err(Refusal::new(
                    "more than one capture joins these squares; name the squares it jumps through",
                    "ambiguous",
                ));
            }
        };
        let notation = game.notation(&mv);
        let played = game
            .play(mv)
            .map_err(|illegal| Refusal::new(illegal.to_string(), illegal.code()))?;
        self.record.push(notation.clone());
        Ok(Played {
            path: path_cells(geometry, &played.mv),
            notation,
            captures: played.captured.iter().map(|&s| cell(geometry, s)).collect(),
        })
    }

    fn undo(&mut self) -> bool {
        let undone = self.game.unmake().is_some();
        if undone {
            self.record.pop();
        }
        undone
    }

    fn limits(level: Level) -> Limits {
        rulehub_draughts::ai::level_limits(level)
    }

    fn think(&self, limits: &Limits, seed: u64) -> Option<Choice> {
        let game = &self.game;
        let result = draughts_ai::best_move(game, limits, seed, None)?;
        Some(Choice {
            path: path_cells(game.position().geometry(), &result.best),
            notation: game.notation(&result.best),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    /// PDN move text: a number before each move of the side the rules start
    /// with (`1. 11-15 23-19` in English, where Black starts; `1. 32-28
    /// 19-23` in international), `1...` when the other side moves first;
    /// the result token once the game is over; after a PDN line comment
    /// naming the start position.
    fn record(&self) -> String {
        let mut text = format!("; setup: {}\n", self.setup);
        let starter = self.game.rules().first_to_move;
        let mut side = self.first;
        let mut number = 1;
        for (i, mv) in self.record.iter().enumerate() {
            if side == starter {
                text.push_str(&format!("{number}. {mv}"));
            } else if i == 0 {
                text.push_str(&format!("{number}... {mv}"));
            } else {
                text.push_str(&format!(" {mv}"));
            }
            if side != starter {
                text.push('\n');
                number += 1;
            }
            side = side.opponent();
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let result = match self.game.outcome() {
            Outcome::Ongoing => "*",
            Outcome::Win {
                winner: Colour::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Colour::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        };
        text.push_str(result);
        text.push('\n');
        text
    }
}
