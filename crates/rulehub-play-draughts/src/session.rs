//! Draughts games in progress, addressed by handle, and the JSON answers
//! about them — the shapes of `crates/rulehub-play`'s, with moves as paths.

use rulehub_draughts::{
    Colour, DraughtsRules, Game, Geometry, Kind, Move, Outcome, Square, ai as draughts_ai, fen,
};
use rulehub_engine::ai::{Level, Limits};
use serde::{Deserialize, Serialize};

/// At most this many games live at once: a page holds one, so more means a
/// caller leaks handles, and a bound keeps memory bounded.
pub const MAX_GAMES: usize = 16;
/// The largest request accepted, in bytes (resolved rules are about 300 B).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// The AI's node budget is capped so a caller cannot ask for an endless search.
pub const MAX_NODE_BUDGET: u64 = 5_000_000;

/// What `new_game` reads: the page's resolved rules and optionally a start
/// position as a PDN FEN (which also says who moves first).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    rules: DraughtsRules,
    #[serde(default)]
    setup: Option<String>,
}

/// One game, its start position (for the record) and its moves as written.
struct Session {
    game: Game,
    setup: String,
    first: Colour,
    record: Vec<String>,
}

/// Every live game. One instance serves one page (or one worker).
#[derive(Default)]
pub struct Sessions {
    games: Vec<Option<Session>>,
}

// Typed answers rather than `serde_json::Value`, which would bring its map
// and dynamic serialisation into the WebAssembly.

/// Plain structs of strings and integers always serialise, so a failure
/// here is a bug in this file.
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

#[derive(Serialize)]
struct Done {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

/// `result` is `ongoing`, `win` or `draw`; `code` names the Fluent message
/// (`draughts-win-<code>`, `draughts-draw-<code>`), as the examples do.
#[derive(Serialize)]
struct OutcomeAnswer {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
}

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
    /// Every legal move as the cells it visits: start, landings, end.
    moves: Vec<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<PlayedAnswer>,
}

#[derive(Serialize)]
struct PlayedAnswer {
    from: usize,
    to: usize,
    /// The landing cells in order, the last being `to`.
    path: Vec<usize>,
    notation: String,
    captures: Vec<usize>,
}

#[derive(Serialize)]
struct AiAnswer {
    ok: bool,
    from: usize,
    to: usize,
    /// The landing cells between `from` and `to`, for `play`.
    via: Vec<usize>,
    #[serde(rename = "move")]
    notation: String,
    score: i32,
    depth: u32,
    nodes: u64,
}

fn error(message: impl Into<String>) -> String {
    refusal(message, None)
}

fn refusal(message: impl Into<String>, code: Option<&'static str>) -> String {
    answer(&Refusal {
        ok: false,
        error: message.into(),
        code,
    })
}

fn cell(geometry: &Geometry, square: Square) -> usize {
    let (row, col) = geometry.row_col(square);
    usize::from(row) * usize::from(geometry.size()) + usize::from(col)
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

fn path_cells(geometry: &Geometry, mv: &Move) -> Vec<usize> {
    std::iter::once(mv.from())
        .chain(mv.path())
        .map(|square| cell(geometry, square))
        .collect()
}

fn outcome_answer(outcome: Outcome) -> OutcomeAnswer {
    match outcome {
        Outcome::Ongoing => OutcomeAnswer {
            result: "ongoing",
            winner: None,
            code: None,
        },
        Outcome::Win { winner, reason } => OutcomeAnswer {
            result: "win",
            winner: Some(winner.code()),
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
    let geometry = game.position().geometry();
    StateAnswer {
        ok: true,
        handle,
        rows: geometry.size(),
        cols: geometry.size(),
        cells: cells(game),
        to_move: game.to_move().code(),
        ply: session.record.len(),
        outcome: outcome_answer(game.outcome()),
        moves: game
            .legal_moves()
            .iter()
            .map(|mv| path_cells(geometry, mv))
            .collect(),
        played: None,
    }
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

impl Sessions {
    pub fn new() -> Sessions {
        Sessions::default()
    }

    fn session(&self, handle: u32) -> Result<&Session, String> {
        self.games
            .get(handle as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| no_game(handle))
    }

    fn session_mut(&mut self, handle: u32) -> Result<&mut Session, String> {
        self.games
            .get_mut(handle as usize)
            .and_then(Option::as_mut)
            .ok_or_else(|| no_game(handle))
    }

    /// Starts a game from `{rules, setup?}`; answers its state.
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
        let NewGame { rules, setup } = serde_json::from_slice(request)
            .map_err(|e| error(format!("the game request is not valid: {e}")))?;
        rules.validate().map_err(|e| error(format!("rules: {e}")))?;
        let game = Game::from_setup(&rules, setup.as_deref())
            .map_err(|e| error(format!("setup: {}", e.reason)))?;
        let session = Session {
            setup: fen::write(game.position()),
            first: game.to_move(),
            game,
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

    /// The board, side to move, outcome and every legal move (as paths).
    pub fn state(&self, handle: u32) -> String {
        match self.session(handle) {
            Ok(session) => answer(&state_answer(handle as usize, session)),
            Err(answer) => answer,
        }
    }

    /// Plays the legal move from cell `from` to cell `to`; `via` (a JSON
    /// array of the landing cells in between, or empty) picks among
    /// captures that join the same two squares by different routes.
    pub fn play(&mut self, handle: u32, from: u32, to: u32, via: &[u8]) -> String {
        let session = match self.session_mut(handle) {
            Ok(session) => session,
            Err(answer) => return answer,
        };
        let via = match read_via(via) {
            Ok(via) => via,
            Err(answer) => return answer,
        };
        let game = &mut session.game;
        let geometry = game.position().geometry();
        if let Outcome::Win { .. } | Outcome::Draw { .. } = game.outcome() {
            return refusal("the game is over", Some("game-over"));
        }
        let (from, to) = (from as usize, to as usize);
        let candidates: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let path = path_cells(geometry, mv);
                path.first() == Some(&from)
                    && path.last() == Some(&to)
                    && via
                        .as_ref()
                        .is_none_or(|via| path.get(1..path.len() - 1) == Some(via.as_slice()))
            })
            .collect();
        let mv = match candidates.as_slice() {
            [mv] => *mv,
            [] => {
                return refusal(
                    format!("no legal move goes from cell {from} to cell {to} that way"),
                    Some("no-such-move"),
                );
            }
            _ => {
                return refusal(
                    "more than one capture joins these squares; name the squares it jumps through",
                    Some("ambiguous"),
                );
            }
        };
        let notation = game.notation(&mv);
        match game.play(mv) {
            Ok(played) => {
                session.record.push(notation.clone());
                let mut state = state_answer(handle as usize, session);
                let path = path_cells(geometry, &played.mv);
                state.played = Some(PlayedAnswer {
                    from,
                    to,
                    path: path[1..].to_vec(),
                    notation,
                    captures: played.captured.iter().map(|&s| cell(geometry, s)).collect(),
                });
                answer(&state)
            }
            Err(illegal) => refusal(illegal.to_string(), Some(illegal.code())),
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
    /// own node bound.
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
        let mut limits = level_limits(level);
        if node_budget > 0 {
            let budget = node_budget.min(MAX_NODE_BUDGET);
            limits.max_nodes = Some(limits.max_nodes.map_or(budget, |n| n.min(budget)));
        }
        let game = &session.game;
        let geometry = game.position().geometry();
        match draughts_ai::best_move(game, &limits, seed, None) {
            Some(result) => {
                let path = path_cells(geometry, &result.best);
                answer(&AiAnswer {
                    ok: true,
                    from: path[0],
                    to: path[path.len() - 1],
                    via: path[1..path.len() - 1].to_vec(),
                    notation: game.notation(&result.best),
                    score: result.score,
                    depth: result.depth,
                    nodes: result.nodes,
                })
            }
            None => error("the game is over or the side to move has no move"),
        }
    }

    /// The game in PDN as `rulehub replay --rules <preset>` reads it, after
    /// PDN line comments naming the start position.
    pub fn record(&self, handle: u32) -> String {
        match self.session(handle) {
            Ok(session) => answer(&Done {
                ok: true,
                record: Some(record_text(session)),
            }),
            Err(answer) => answer,
        }
    }
}

/// A level's search bounds for draughts: the engine's node budgets (so a
/// move costs about what it costs on a tafl board, well under a second in
/// the browser), with deeper depth caps. A draughts position has a third of
/// a tafl position's moves, so tafl's caps (1, 3 and 6 plies) stop the
/// search after a few hundred nodes, blind to a two-for-one shot.
pub fn level_limits(level: Level) -> Limits {
    let mut limits = level.limits();
    limits.max_depth = match level {
        Level::Easy => 2,
        Level::Normal => 8,
        Level::Hard => 14,
    };
    limits
}

fn no_game(handle: u32) -> String {
    error(format!(
        "no game with handle {handle}; start one with new_game"
    ))
}

/// PDN move text: a number before each move of the side the rules start
/// with (`1. 11-15 23-19` in English, where Black starts; `1. 32-28 19-23`
/// in international), `1...` when the other side moves first; the result
/// token once the game is over.
fn record_text(session: &Session) -> String {
    let mut text = format!("; setup: {}\n", session.setup);
    let starter = session.game.rules().first_to_move;
    let mut side = session.first;
    let mut number = 1;
    for (i, mv) in session.record.iter().enumerate() {
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
    let result = match session.game.outcome() {
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
