//! Games in progress, addressed by handle, and the JSON answers about them.

use rulehub_engine::ai::{Level, Limits, tafl as tafl_ai};
use rulehub_engine::tafl::{Game, Move, Outcome, Position, Rules};
use rulehub_engine::{Dims, Side, Square};
use serde::{Deserialize, Serialize};

/// At most this many games live at once: a page holds one or two, so more
/// means a caller leaks handles, and a bound keeps memory bounded.
pub const MAX_GAMES: usize = 16;
/// The largest request accepted, in bytes (resolved rules are about 1 KB).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// The AI's node budget is capped so a caller cannot ask for an endless search.
pub const MAX_NODE_BUDGET: u64 = 5_000_000;

/// What `new_game` reads: the page's resolved rules, and optionally another
/// start position and side to move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    rules: Rules,
    #[serde(default)]
    setup: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
}

/// One game and the record of its moves, capture marks included.
struct Session {
    game: Game,
    record: Vec<String>,
}

/// Every live game. One instance serves one page (or one worker).
#[derive(Default)]
pub struct Sessions {
    games: Vec<Option<Session>>,
}

// The answers are typed structs rather than `serde_json::Value`: `Value`
// brings its ordered map, float formatting and dynamic serialisation into
// the WebAssembly, which is most of what the page downloads beyond the
// engine itself.

/// Serialises an answer. Plain structs of strings and integers always
/// serialise, so a failure here is a bug in this file.
fn answer(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("answers are plain structs of strings and integers")
}

/// `{"ok": false, "error": …, "code"?: …}`
#[derive(Serialize)]
struct Refusal {
    ok: bool,
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
}

/// `{"ok": true}`, with a `record` when one was asked for.
#[derive(Serialize)]
struct Done {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

/// How the game stands: `result` is `ongoing`, `win` or `draw`.
#[derive(Serialize)]
struct OutcomeAnswer {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
}

/// The whole board state, and the move just played when there is one.
#[derive(Serialize)]
struct StateAnswer {
    ok: bool,
    handle: usize,
    rows: u8,
    cols: u8,
    cells: String,
    to_move: &'static str,
    ply: usize,
    outcome: OutcomeAnswer,
    moves: Vec<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<PlayedAnswer>,
}

#[derive(Serialize)]
struct PlayedAnswer {
    from: usize,
    to: usize,
    notation: String,
    captures: Vec<usize>,
}

/// The AI's choice, not yet played.
#[derive(Serialize)]
struct AiAnswer {
    ok: bool,
    from: usize,
    to: usize,
    #[serde(rename = "move")]
    notation: String,
    score: i32,
    depth: u32,
    nodes: u64,
}

fn error(message: impl Into<String>) -> String {
    answer(&Refusal {
        ok: false,
        error: message.into(),
        code: None,
    })
}

/// Cells of the board row by row from the top: `.` empty, `b` attacker,
/// `w` defender, `K` king — the setup string's letters, one per square.
fn cells(game: &Game) -> String {
    let pos = game.position();
    pos.dims()
        .squares()
        .map(|sq| pos.get(sq).map_or('.', |p| p.letter()))
        .collect()
}

fn index(sq: Square, dims: Dims) -> usize {
    usize::from(sq.row) * usize::from(dims.cols) + usize::from(sq.col)
}

/// The outcome as the page announces it: the reason code names the Fluent
/// message (`win-<code>` or `draw-<code>`), as the worked examples do.
fn outcome_answer(outcome: Outcome) -> OutcomeAnswer {
    match outcome {
        Outcome::Ongoing => OutcomeAnswer {
            result: "ongoing",
            winner: None,
            code: None,
        },
        Outcome::Win { winner, reason } => OutcomeAnswer {
            result: "win",
            winner: Some(winner.as_str()),
            code: Some(reason.code()),
        },
        Outcome::Draw { reason } => OutcomeAnswer {
            result: "draw",
            winner: None,
            code: Some(reason.code()),
        },
    }
}

fn state_answer(handle: usize, session: &Session) -> StateAnswer {
    let game = &session.game;
    let dims = game.dims();
    let moves: Vec<[usize; 2]> = game
        .legal_moves()
        .into_iter()
        .map(|mv| [index(mv.from, dims), index(mv.to, dims)])
        .collect();
    StateAnswer {
        ok: true,
        handle,
        rows: dims.rows,
        cols: dims.cols,
        cells: cells(game),
        to_move: game.to_move().as_str(),
        ply: session.record.len(),
        outcome: outcome_answer(game.outcome()),
        moves,
        played: None,
    }
}

/// A move given as two cell indices, checked against the board.
fn square_at(cell: u32, dims: Dims) -> Option<Square> {
    let cols = u32::from(dims.cols);
    let row = cell / cols;
    let col = cell % cols;
    (row < u32::from(dims.rows)).then(|| Square::new(row as u8, col as u8))
}

impl Sessions {
    pub fn new() -> Sessions {
        Sessions::default()
    }

    fn session(&self, handle: u32) -> Result<&Session, String> {
        self.games
            .get(handle as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| {
                error(format!(
                    "no game with handle {handle}; start one with new_game"
                ))
            })
    }

    fn session_mut(&mut self, handle: u32) -> Result<&mut Session, String> {
        self.games
            .get_mut(handle as usize)
            .and_then(Option::as_mut)
            .ok_or_else(|| {
                error(format!(
                    "no game with handle {handle}; start one with new_game"
                ))
            })
    }

    /// Starts a game from `{rules, setup?, to_move?}`; answers its state.
    pub fn new_game(&mut self, request: &[u8]) -> String {
        match self.try_new_game(request) {
            Ok(answer) | Err(answer) => answer,
        }
    }

    fn try_new_game(&mut self, request: &[u8]) -> Result<String, String> {
        if request.len() > MAX_REQUEST_BYTES {
            return Err(error(format!(
                "the request is {} bytes; at most {MAX_REQUEST_BYTES} are read",
                request.len()
            )));
        }
        let NewGame {
            mut rules,
            setup,
            to_move,
        } = serde_json::from_slice(request)
            .map_err(|e| error(format!("the game request is not valid: {e}")))?;
        if let Some(setup) = setup {
            let dims = Position::setup_dims(&setup).map_err(|e| error(format!("setup: {e}")))?;
            rules.dims = dims;
            rules.setup = setup;
        }
        rules.validate().map_err(|e| error(format!("rules: {e}")))?;
        let position = rules
            .start_position()
            .map_err(|e| error(format!("setup: {e}")))?;
        let side = to_move.unwrap_or(rules.first_to_move);
        let session = Session {
            game: Game::new(&rules, position, side),
            record: Vec::new(),
        };
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
        let state = answer(&state_answer(slot, &session));
        self.games[slot] = Some(session);
        Ok(state)
    }

    /// Ends a game and frees its handle.
    pub fn free_game(&mut self, handle: u32) -> String {
        match self.games.get_mut(handle as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                answer(&Done {
                    ok: true,
                    record: None,
                })
            }
            _ => error(format!("no game with handle {handle}")),
        }
    }

    /// The board, side to move, outcome and every legal move (as cell pairs).
    pub fn state(&self, handle: u32) -> String {
        match self.session(handle) {
            Ok(session) => answer(&state_answer(handle as usize, session)),
            Err(answer) => answer,
        }
    }

    /// Plays the move from cell `from` to cell `to` (row-major indices).
    pub fn play(&mut self, handle: u32, from: u32, to: u32) -> String {
        let session = match self.session_mut(handle) {
            Ok(session) => session,
            Err(answer) => return answer,
        };
        let dims = session.game.dims();
        let (Some(from), Some(to)) = (square_at(from, dims), square_at(to, dims)) else {
            return error(format!("cell {from} or {to} is off the {dims} board"));
        };
        let mv = Move::new(from, to);
        match session.game.play(mv) {
            Ok(played) => {
                let mut text = mv.name(dims);
                for sq in &played.captures {
                    text.push('x');
                    text.push_str(&sq.name(dims));
                }
                session.record.push(text.clone());
                let captures: Vec<usize> =
                    played.captures.iter().map(|&s| index(s, dims)).collect();
                let mut state = state_answer(handle as usize, session);
                state.played = Some(PlayedAnswer {
                    from: index(from, dims),
                    to: index(to, dims),
                    notation: text,
                    captures,
                });
                answer(&state)
            }
            Err(illegal) => answer(&Refusal {
                ok: false,
                error: illegal.describe(dims),
                code: Some(illegal.code()),
            }),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self, handle: u32) -> String {
        let session = match self.session_mut(handle) {
            Ok(session) => session,
            Err(answer) => return answer,
        };
        if session.game.unmake().is_none() {
            return error("there is no move to take back");
        }
        session.record.pop();
        answer(&state_answer(handle as usize, session))
    }

    /// The AI's move for the side to move (not played): `level` is
    /// `easy`/`normal`/`hard`; `node_budget` (if not 0) lowers the level's
    /// own node bound, so a slow device can ask for less.
    pub fn ai_move(&self, handle: u32, level: &[u8], seed: u64, node_budget: u64) -> String {
        let session = match self.session(handle) {
            Ok(session) => session,
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
        let mut limits: Limits = level.limits();
        if node_budget > 0 {
            let budget = node_budget.min(MAX_NODE_BUDGET);
            limits.max_nodes = Some(limits.max_nodes.map_or(budget, |n| n.min(budget)));
        }
        let game = &session.game;
        let dims = game.dims();
        match tafl_ai::best_move(game, &limits, seed, None) {
            Some(result) => answer(&AiAnswer {
                ok: true,
                from: index(result.best.from, dims),
                to: index(result.best.to, dims),
                notation: result.best.name(dims),
                score: result.score,
                depth: result.depth,
                nodes: result.nodes,
            }),
            None => error("the game is over or the side to move has no move"),
        }
    }

    /// The game as `rulehub replay` reads it: one move a line with its
    /// capture marks, after comments naming the start position.
    pub fn record(&self, handle: u32) -> String {
        let session = match self.session(handle) {
            Ok(session) => session,
            Err(answer) => return answer,
        };
        answer(&Done {
            ok: true,
            record: Some(record_text(session)),
        })
    }
}

fn record_text(session: &Session) -> String {
    let rules = session.game.rules();
    let mut text = format!(
        "# setup: {}\n# first to move: {}\n",
        rules.setup,
        first_mover(session)
    );
    for (i, mv) in session.record.iter().enumerate() {
        text.push_str(&format!("{}. {mv}\n", i + 1));
    }
    if session.game.outcome() != Outcome::Ongoing {
        text.push_str(&format!("# result: {}\n", session.game.outcome()));
    }
    text
}

/// The side that made the record's first move.
fn first_mover(session: &Session) -> &'static str {
    let now = session.game.to_move();
    let side = if session.record.len() % 2 == 0 {
        now
    } else {
        now.opponent()
    };
    side.as_str()
}
