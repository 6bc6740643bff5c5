//! Games in progress, addressed by handle, and the JSON answers about them.

use rulehub_game::ai::{Level, Limits};
use serde::de::DeserializeOwned;

use crate::answer::{
    AiAnswer, Board, Choice, Done, Played, PlayedAnswer, Refusal, StateAnswer, error, json, refused,
};

/// At most this many games live at once: a page holds one or two, so more
/// means a caller leaks handles, and a bound keeps memory bounded.
pub const MAX_GAMES: usize = 16;
/// The largest request accepted, in bytes (resolved rules are about 1 KB).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// The AI's node budget is capped so a caller cannot ask for an endless search.
pub const MAX_NODE_BUDGET: u64 = 5_000_000;

/// One family's game as the practice board plays it. Cells are numbered
/// row by row from the top left, `row * cols + col`.
pub trait PracticeGame: Sized {
    /// What `new_game` reads: the page's resolved rules and whatever else
    /// the family starts a game from (a setup, the side to move).
    type Request: DeserializeOwned;

    /// A game from a request, or the sentence saying what is wrong with it.
    fn start(request: Self::Request) -> Result<Self, String>;

    fn board(&self) -> Board;

    /// Moves played so far.
    fn ply(&self) -> usize;

    /// Plays the legal move from `from` to `to`; `via`, when given, names
    /// the landing cells in between (for captures that join the same two
    /// squares by different routes).
    fn play(&mut self, from: usize, to: usize, via: Option<&[usize]>) -> Result<Played, Refusal>;

    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;

    /// The search bounds of a level for this family.
    fn limits(level: Level) -> Limits;

    /// The AI's move for the side to move, `None` when it has none.
    fn think(&self, limits: &Limits, seed: u64) -> Option<Choice>;

    /// The game as `rulehub replay` reads it.
    fn record(&self) -> String;
}

/// Every live game. One instance serves one page (or one worker).
pub struct Sessions<G> {
    games: Vec<Option<G>>,
}

impl<G> Default for Sessions<G> {
    fn default() -> Self {
        Sessions { games: Vec::new() }
    }
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

impl<G: PracticeGame> Sessions<G> {
    pub fn new() -> Sessions<G> {
        Sessions::default()
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
            &game.board(),
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
        let request: G::Request = serde_json::from_slice(request)
            .map_err(|e| error(format!("the game request is not valid: {e}")))?;
        let game = G::start(request).map_err(error)?;
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
        match game.play(from as usize, to as usize, via.as_deref()) {
            Ok(Played {
                path,
                notation,
                captures,
            }) => {
                let board = game.board();
                let mut state = StateAnswer::new(handle as usize, game.ply(), &board);
                state.played = Some(PlayedAnswer {
                    from: path.first().copied().unwrap_or(from as usize),
                    to: path.last().copied().unwrap_or(to as usize),
                    path: path.get(1..).unwrap_or_default(),
                    notation: &notation,
                    captures: &captures,
                });
                json(&state)
            }
            Err(refusal) => refused(&refusal),
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
    /// own node bound, so a slow device can ask for less.
    pub fn ai_move(&self, handle: u32, level: &[u8], seed: u64, node_budget: u64) -> String {
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
        let mut limits = G::limits(level);
        if node_budget > 0 {
            let budget = node_budget.min(MAX_NODE_BUDGET);
            limits.max_nodes = Some(limits.max_nodes.map_or(budget, |n| n.min(budget)));
        }
        match game.think(&limits, seed) {
            Some(Choice {
                path,
                notation,
                score,
                depth,
                nodes,
            }) if path.len() >= 2 => json(&AiAnswer {
                ok: true,
                from: path[0],
                to: path[path.len() - 1],
                via: &path[1..path.len() - 1],
                notation: &notation,
                score,
                depth,
                nodes,
            }),
            _ => error("the game is over or the side to move has no move"),
        }
    }

    /// The game as `rulehub replay` reads it.
    pub fn record(&self, handle: u32) -> String {
        match self.game(handle) {
            Ok(game) => json(&Done {
                ok: true,
                record: Some(game.record()),
            }),
            Err(answer) => answer,
        }
    }
}
