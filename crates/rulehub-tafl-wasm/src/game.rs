//! A tafl game as the practice board plays it.

use rulehub_game::ai::{Level, Limits};
use rulehub_play::{Board, Choice, Outcome as Announced, Played, PracticeGame, Refusal};
use rulehub_tafl::ai as tafl_ai;
use rulehub_tafl::{Dims, Side, Square};
use rulehub_tafl::{Game, Move, Outcome, Position, Rules};
use serde::Deserialize;

/// What `new_game` reads: the page's resolved rules, and optionally another
/// start position and side to move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    rules: Rules,
    #[serde(default)]
    setup: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
}

/// One game and the record of its moves, capture marks included.
pub struct TaflGame {
    game: Game,
    record: Vec<String>,
}

fn index(sq: Square, dims: Dims) -> usize {
    usize::from(sq.row) * usize::from(dims.cols) + usize::from(sq.col)
}

/// The square of a cell index, if it is on the board.
fn square_at(cell: usize, dims: Dims) -> Option<Square> {
    let cols = usize::from(dims.cols);
    let (row, col) = (cell / cols, cell % cols);
    (row < usize::from(dims.rows)).then(|| Square::new(row as u8, col as u8))
}

/// The outcome as the page announces it: the reason code names the Fluent
/// message (`win-<code>` or `draw-<code>`), as the worked examples do.
fn announced(outcome: Outcome) -> Announced {
    match outcome {
        Outcome::Ongoing => Announced::ONGOING,
        Outcome::Win { winner, reason } => Announced::win(winner.as_str(), reason.code()),
        Outcome::Draw { reason } => Announced::draw(reason.code()),
    }
}

impl PracticeGame for TaflGame {
    type Request = NewGame;

    fn start(request: NewGame) -> Result<TaflGame, String> {
        let NewGame {
            mut rules,
            setup,
            to_move,
        } = request;
        if let Some(setup) = setup {
            rules.dims = Position::setup_dims(&setup).map_err(|e| format!("setup: {e}"))?;
            rules.setup = setup;
        }
        rules.validate().map_err(|e| format!("rules: {e}"))?;
        let position = rules.start_position().map_err(|e| format!("setup: {e}"))?;
        let side = to_move.unwrap_or(rules.first_to_move);
        Ok(TaflGame {
            game: Game::new(&rules, position, side),
            record: Vec::new(),
        })
    }

    /// Cells: `.` empty, `b` attacker, `w` defender, `K` king — the setup
    /// string's letters, one per square.
    fn board(&self) -> Board {
        let game = &self.game;
        let dims = game.dims();
        let position = game.position();
        Board {
            rows: dims.rows,
            cols: dims.cols,
            cells: dims
                .squares()
                .map(|sq| position.get(sq).map_or('.', |p| p.letter()))
                .collect(),
            to_move: game.to_move().as_str(),
            outcome: announced(game.outcome()),
            moves: game
                .legal_moves()
                .into_iter()
                .map(|mv| vec![index(mv.from, dims), index(mv.to, dims)])
                .collect(),
        }
    }

    fn ply(&self) -> usize {
        self.record.len()
    }

    /// A tafl move has no landing squares between its ends: `via` must be
    /// absent or empty.
    fn play(&mut self, from: usize, to: usize, via: Option<&[usize]>) -> Result<Played, Refusal> {
        let dims = self.game.dims();
        let (Some(from_sq), Some(to_sq)) = (square_at(from, dims), square_at(to, dims)) else {
            return Err(Refusal {
                error: format!("cell {from} or {to} is off the {dims} board"),
                code: None,
            });
        };
        if via.is_some_and(|via| !via.is_empty()) {
            return Err(Refusal {
                error: "a tafl move goes straight from one square to another; name no squares in between".into(),
                code: None,
            });
        }
        let mv = Move::new(from_sq, to_sq);
        let played = self
            .game
            .play(mv)
            .map_err(|illegal| Refusal::new(illegal.describe(dims), illegal.code()))?;
        let mut notation = mv.name(dims);
        for sq in &played.captures {
            notation.push('x');
            notation.push_str(&sq.name(dims));
        }
        self.record.push(notation.clone());
        Ok(Played {
            path: vec![from, to],
            notation,
            captures: played.captures.iter().map(|&s| index(s, dims)).collect(),
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
        rulehub_tafl::ai::level_limits(level)
    }

    fn think(&self, limits: &Limits, seed: u64) -> Option<Choice> {
        let dims = self.game.dims();
        let result = tafl_ai::best_move(&self.game, limits, seed, None)?;
        Some(Choice {
            path: vec![index(result.best.from, dims), index(result.best.to, dims)],
            notation: result.best.name(dims),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    /// One move a line with its capture marks, after comments naming the
    /// start position.
    fn record(&self) -> String {
        let rules = self.game.rules();
        let mut text = format!(
            "# setup: {}\n# first to move: {}\n",
            rules.setup,
            self.first_mover()
        );
        for (i, mv) in self.record.iter().enumerate() {
            text.push_str(&format!("{}. {mv}\n", i + 1));
        }
        if self.game.outcome() != Outcome::Ongoing {
            text.push_str(&format!("# result: {}\n", self.game.outcome()));
        }
        text
    }
}

impl TaflGame {
    /// The side that made the record's first move.
    fn first_mover(&self) -> &'static str {
        let now = self.game.to_move();
        let side = if self.record.len() % 2 == 0 {
            now
        } else {
            now.opponent()
        };
        side.as_str()
    }
}
