//! Games in progress, addressed by handle, and the JSON answers about them.

use rulehub_game::ai::{Assessment, Deadline, Level};
use rulehub_game::{
    AnyOutcome, Cells, Dims, MoveInput, Playable, Played, Refusal as GameRefusal, Square, Thought,
};
use serde::de::DeserializeOwned;

use crate::answer::{
    AiAnswer, Board, Done, Outcome, PlayedAnswer, Refusal, StateAnswer, error, json, refused,
};

/// At most this many games live at once: a page holds one or two, so more
/// means a caller leaks handles, and a bound keeps memory bounded.
pub const MAX_GAMES: usize = 16;
/// The largest request accepted, in bytes (resolved rules are about 1 KB).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// The AI's node budget is capped so a caller cannot ask for an endless search.
pub const MAX_NODE_BUDGET: u64 = 5_000_000;

/// Reads a family's `new_game` request: the page's resolved rules and
/// whatever else the family starts a game from (a setup, the side to move).
pub fn read_request<R: DeserializeOwned>(request: &[u8]) -> Result<R, String> {
    serde_json::from_slice(request).map_err(|e| format!("the game request is not valid: {e}"))
}

/// A family's way to start a game from its `new_game` request (see
/// [`read_request`]), or the sentence saying what is wrong with it.
pub type Start<G> = fn(&[u8]) -> Result<G, String>;

/// The cell of a square: cells are numbered row by row from the top left,
/// `row * cols + col`.
fn cell(square: Square, dims: Dims) -> usize {
    usize::from(square.row) * usize::from(dims.cols) + usize::from(square.col)
}

/// The square of a cell, if it is on the board.
fn square_at(cell: usize, dims: Dims) -> Option<Square> {
    let cols = usize::from(dims.cols);
    let (row, col) = (cell / cols, cell % cols);
    (row < usize::from(dims.rows)).then(|| Square::new(row as u8, col as u8))
}

fn cells_of(path: &[Square], dims: Dims) -> Vec<usize> {
    path.iter().map(|&square| cell(square, dims)).collect()
}

/// The outcome as the page announces it: the reason code names the Fluent
/// message (`win-<code>` or `draw-<code>`), as the worked examples do.
fn announced(outcome: AnyOutcome) -> Outcome {
    match outcome {
        AnyOutcome::Ongoing => Outcome::ONGOING,
        AnyOutcome::Win { winner, reason } => Outcome::win(winner, reason),
        AnyOutcome::Draw { reason } => Outcome::draw(reason),
    }
}

/// The whole board as the page draws it, and every legal move's cells.
fn board_of(game: &impl Playable) -> Board {
    let Cells { dims, letters } = game.cells();
    Board {
        rows: dims.rows,
        cols: dims.cols,
        cells: letters,
        to_move: game.to_move(),
        outcome: announced(game.outcome()),
        moves: game
            .legal_moves()
            .iter()
            .map(|mv| cells_of(&mv.path, dims))
            .collect(),
    }
}

fn refusal(refused: GameRefusal) -> Refusal {
    Refusal {
        error: refused.message,
        code: refused.code,
    }
}

/// Every live game. One instance serves one page (or one worker).
pub struct Sessions<G> {
    games: Vec<Option<G>>,
    start: Start<G>,
}

fn no_game(handle: u32) -> String {
    error(format!(
        "no game with handle {handle}; start one with new_game"
    ))
}

/// The landing cells a caller named between start and end: a JSON array
/// of cell numbers, or nothing.
fn read_via(via: &[u8]) -> Result<Option<Vec<usize>>, String> {
    if via.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    serde_json::from_slice(via)
        .map(Some)
        .map_err(|e| error(format!("the route is not a JSON array of cells: {e}")))
}

impl<G: Playable> Sessions<G> {
    /// No game yet; `start` starts one from a `new_game` request.
    pub fn new(start: Start<G>) -> Sessions<G> {
        Sessions {
            games: Vec::new(),
            start,
        }
    }

    fn game(&self, handle: u32) -> Result<&G, String> {
        self.games
            .get(handle as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| no_game(handle))
    }

    fn game_mut(&mut self, handle: u32) -> Result<&mut G, String> {
        self.games
            .get_mut(handle as usize)
            .and_then(Option::as_mut)
            .ok_or_else(|| no_game(handle))
    }

    fn state_of(handle: u32, game: &G) -> String {
        json(&StateAnswer::new(
            handle as usize,
            game.ply(),
            &board_of(game),
        ))
    }

    /// Starts a game from the family's JSON request; answers its state.
    pub fn new_game(&mut self, request: &[u8]) -> String {
        self.try_new_game(request).unwrap_or_else(|answer| answer)
    }

    fn try_new_game(&mut self, request: &[u8]) -> Result<String, String> {
        if request.len() > MAX_REQUEST_BYTES {
            return Err(error(format!(
                "the request is {} bytes; at most {MAX_REQUEST_BYTES} are read",
                request.len()
            )));
        }
        let game = (self.start)(request).map_err(error)?;
        let slot = match self.games.iter().position(Option::is_none) {
            Some(slot) => slot,
            None if self.games.len() < MAX_GAMES => {
                self.games.push(None);
                self.games.len() - 1
            }
            None => {
                return Err(error(format!(
                    "{MAX_GAMES} games are open; end one with free_game first"
                )));
            }
        };
        let state = Self::state_of(slot as u32, &game);
        self.games[slot] = Some(game);
        Ok(state)
    }

    /// Ends a game and frees its handle.
    pub fn free_game(&mut self, handle: u32) -> String {
        match self.games.get_mut(handle as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                json(&Done {
                    ok: true,
                    record: None,
                })
            }
            _ => error(format!("no game with handle {handle}")),
        }
    }

    /// The board, side to move, outcome and every legal move.
    pub fn state(&self, handle: u32) -> String {
        match self.game(handle) {
            Ok(game) => Self::state_of(handle, game),
            Err(answer) => answer,
        }
    }

    /// Plays the move from cell `from` to cell `to`; `via` (a JSON array of
    /// the landing cells in between, or empty) picks among captures that
    /// join the same two squares by different routes.
    pub fn play(&mut self, handle: u32, from: u32, to: u32, via: &[u8]) -> String {
        let game = match self.game_mut(handle) {
            Ok(game) => game,
            Err(answer) => return answer,
        };
        let via = match read_via(via) {
            Ok(via) => via,
            Err(answer) => return answer,
        };
        let dims = game.cells().dims;
        let squares = |cells: &[usize]| -> Option<Vec<Square>> {
            cells.iter().map(|&cell| square_at(cell, dims)).collect()
        };
        let (Some(ends), Some(via)) = (
            squares(&[from as usize, to as usize]),
            via.as_deref()
                .map_or(Some(None), |via| squares(via).map(Some)),
        ) else {
            return refused(&Refusal {
                error: format!("a cell of the move is off the {dims} board"),
                code: None,
            });
        };
        let mv = MoveInput::Squares {
            from: ends[0],
            to: ends[1],
            via: via.as_deref(),
        };
        match game.play(mv) {
            Ok(Played {
                path,
                written,
                captures,
                ..
            }) => {
                let board = board_of(&*game);
                let path = cells_of(&path, dims);
                let captures: Vec<usize> = captures.iter().map(|&(sq, _)| cell(sq, dims)).collect();
                let mut state = StateAnswer::new(handle as usize, game.ply(), &board);
                state.played = Some(PlayedAnswer {
                    from: path.first().copied().unwrap_or(from as usize),
                    to: path.last().copied().unwrap_or(to as usize),
                    path: path.get(1..).unwrap_or_default(),
                    notation: &written,
                    captures: &captures,
                });
                json(&state)
            }
            Err(refused_move) => refused(&refusal(refused_move)),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self, handle: u32) -> String {
        let game = match self.game_mut(handle) {
            Ok(game) => game,
            Err(answer) => return answer,
        };
        if !game.undo() {
            return error("there is no move to take back");
        }
        Self::state_of(handle, game)
    }

    /// The AI's move for the side to move (not played): `level` is
    /// `easy`/`normal`/`hard`; `node_budget` (if not 0) lowers the level's
    /// own node bound, so a slow device can ask for less. With a `clock`
    /// (milliseconds from any origin) the search also stops within the
    /// level's [`Level::reply_time_ms`].
    pub fn ai_move(
        &self,
        handle: u32,
        level: &[u8],
        seed: u64,
        node_budget: u64,
        clock: Option<&dyn Fn() -> f64>,
    ) -> String {
        let game = match self.game(handle) {
            Ok(game) => game,
            Err(answer) => return answer,
        };
        let name = std::str::from_utf8(level).unwrap_or("");
        let Some(level) = Level::parse(name) else {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.as_str()).collect();
            return error(format!(
                "unknown level `{name}`; use one of {}",
                names.join(", ")
            ));
        };
        let mut limits = game.level_limits(level);
        if node_budget > 0 {
            let budget = node_budget.min(MAX_NODE_BUDGET);
            limits.max_nodes = Some(limits.max_nodes.map_or(budget, |n| n.min(budget)));
        }
        let dims = game.cells().dims;
        let deadline = clock.map(|now_ms| Deadline {
            now_ms,
            budget_ms: f64::from(level.reply_time_ms()),
        });
        match game.think(&limits, seed, deadline.as_ref()) {
            Some(Thought {
                path,
                written,
                score,
                mate_in,
                depth,
                nodes,
                ..
            }) if path.len() >= 2 => {
                let path = cells_of(&path, dims);
                let assessment = Assessment::of(score, mate_in);
                let [first, second] = game.sides();
                let mover = game.to_move();
                let other = if mover == first { second } else { first };
                json(&AiAnswer {
                    ok: true,
                    from: path[0],
                    to: path[path.len() - 1],
                    via: &path[1..path.len() - 1],
                    notation: &written,
                    score,
                    depth,
                    nodes,
                    verdict: assessment.verdict.code(),
                    favours: if assessment.favours_mover {
                        mover
                    } else {
                        other
                    },
                    moves: assessment.moves,
                })
            }
            _ => error("the game is over or the side to move has no move"),
        }
    }

    /// The game as `rulehub replay` reads it.
    pub fn record(&self, handle: u32) -> String {
        match self.game(handle) {
            Ok(game) => json(&Done {
                ok: true,
                record: Some(game.record(&[])),
            }),
            Err(answer) => answer,
        }
    }
}
