//! What the command line asks of a game family: a game of one of its
//! presets that `rulehub perft`, `replay`, `ai` and `match` drive without
//! knowing the game. Moves cross this seam as the family writes them in a
//! record, so the commands print and store what `rulehub replay` reads back.

use rulehub_diagram::{Glyph, RenderSpec};
use rulehub_game::ai::{Deadline, Level, Limits};
use rulehub_game::{Dims, Square};

/// A position as `rulehub board` draws it: the board, its pieces, the ops
/// a page of the family draws its board with when it gives none, and a
/// sentence describing it (the SVG's `<desc>`).
#[derive(Debug, Clone)]
pub struct SetupBoard {
    pub dims: Dims,
    pub pieces: Vec<(Square, &'static Glyph)>,
    pub render: RenderSpec,
    pub description: String,
}

/// What the command line asked for, beyond the preset.
#[derive(Debug, Clone, Copy, Default)]
pub struct EngineRequest<'a> {
    /// A start position in the family's own notation (tafl rows, a PDN FEN).
    pub setup: Option<&'a str>,
    /// The side to move first, by the family's name for it.
    pub to_move: Option<&'a str>,
    /// Replay without comparing a record's capture marks with the captures.
    pub ignore_capture_marks: bool,
}

/// A game in progress, as the command line drives it.
pub trait CommandLineEngine: Send {
    /// The two sides' names in the family's customary order (`attackers`,
    /// `defenders`; `white`, `black`), as the command line names players and
    /// tallies results.
    fn sides(&self) -> [&'static str; 2];

    /// The name of the side to move.
    fn to_move(&self) -> &'static str;

    /// Counts the move sequences `depth` plies deep from the position (the
    /// rules' moves alone, as published perft tables count them).
    fn perft(&mut self, depth: u32) -> u64;

    /// Plays a game record from the position, move by move.
    fn replay(&mut self, record: &str) -> Result<Replay, ReplayStop>;

    /// Whether a record read line by line may be cut after `pending` (the
    /// whole lines read since the last cut) and that part replayed on its
    /// own, so that `rulehub replay` plays a stream as it arrives and
    /// reports its first error at once. Every line of a tafl record stands
    /// alone; a PDN comment or tag may span lines.
    fn record_cut(&self, pending: &str) -> RecordCut {
        let _ = pending;
        RecordCut::Here
    }

    /// What the replays since the last call read besides moves: the
    /// record's tags (`Event`, `White`, …) and warnings about writing it
    /// still replays with. Families whose records carry neither keep the
    /// default.
    fn take_notes(&mut self) -> RecordNotes {
        RecordNotes::default()
    }

    /// How many legal moves the side to move has (0 once the game is over).
    fn legal_move_count(&self) -> usize;

    /// Plays the `index`th legal move (in the engine's order) and returns it
    /// as a record writes it; `None` when there is no such move.
    fn play_legal(&mut self, index: usize) -> Option<String>;

    /// A level's search bounds in this family: the table its practice board
    /// uses too, so a level plays alike on the page and the command line.
    fn level_limits(&self, level: Level) -> Limits;

    /// The AI's choice for the side to move, `None` when it has no move.
    fn think(&self, limits: &Limits, seed: u64, deadline: Option<&Deadline<'_>>)
    -> Option<Thought>;

    /// How the game ended, `None` while it goes on.
    fn ending(&self) -> Option<Ending>;

    /// The moves played since the start as a record `rulehub replay` reads,
    /// after `comments` (one line each, in the record's comment syntax).
    fn record(&self, comments: &[String]) -> String;

    /// An independent copy of the game, to play from the same start again.
    fn boxed_clone(&self) -> Box<dyn CommandLineEngine>;
}

/// Where a record read line by line may be cut (see
/// [`CommandLineEngine::record_cut`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordCut {
    /// After these lines: they replay on their own.
    Here,
    /// Not before a line holding this character (it closes a comment or
    /// tag left open); ask again after such a line.
    NotBefore(char),
    /// Not at all: read to the end (the record's result has been read, and
    /// what follows it must be checked with it).
    Never,
    /// A game of a many-game record ends at this byte of the lines: replay
    /// up to it, then play the rest as the next game, on a fresh copy of the
    /// engine as it stood before the first game.
    GameEnds(usize),
}

/// What a record holds besides its moves (see
/// [`CommandLineEngine::take_notes`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordNotes {
    /// Tag pairs in the record's order.
    pub tags: Vec<(String, String)>,
    /// One sentence each.
    pub warnings: Vec<String>,
}

/// The AI's answer: a legal move (by its index for
/// [`CommandLineEngine::play_legal`]) and what the search saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    pub index: usize,
    /// The move as a record writes it.
    pub notation: String,
    pub score: i32,
    /// Plies to a forced end: positive when the side to move wins.
    pub mate_in: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The winning side's name, `None` for a draw.
    pub winner: Option<&'static str>,
    /// What ended it, in English for the terminal.
    pub description: String,
}

/// One move of a replayed record, named as the family writes moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedMove {
    /// 1-based, counting every player's moves.
    pub number: usize,
    /// The record's line it stands on (1-based).
    pub line: usize,
    pub side: &'static str,
    pub notation: String,
    pub captures: Vec<String>,
}

/// A record replayed to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub moves: Vec<ReplayedMove>,
    /// The state of the game after the last move, in English.
    pub outcome: String,
    /// The same for tools (`--message-format json`), as the family
    /// structures it.
    pub outcome_json: serde_json::Value,
}

/// Where and why a replay stopped, after the moves it played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStop {
    pub played: Vec<ReplayedMove>,
    /// The number the stopping move would have had.
    pub number: usize,
    pub line: usize,
    /// The 1-based column (in characters) where the stopping text starts,
    /// when the family knows it.
    pub column: Option<usize>,
    /// The record's text of the stopping move.
    pub text: String,
    pub code: &'static str,
    pub message: String,
    /// When the stop is a capture mark that disagrees with the rules: the
    /// squares the record marked and those the move captured.
    pub marked: Vec<String>,
    pub captured: Vec<String>,
}
