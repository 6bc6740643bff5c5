//! Sample games: a ```` ```game ID ```` block holds a move record in the
//! format `rulehub replay` reads and the practice board's "Copy game"
//! writes, so a game a reader played can be pasted into a page as it is.
//!
//! ```text
//! # setup: 3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3   (optional: the page's start)
//! # first to move: attackers                 (optional: the rules' first side)
//! 1. d6-f6        # the attackers open the file
//! 2. d5-b5
//! # result: defenders win (corner-escape)     (optional: checked)
//! ```
//!
//! A `#` comment on a move line is that move's comment; the header lines
//! above the first move and a `# result:` line are read; other comment lines
//! are the author's notes and are not shown. Every move is replayed by the
//! engine at build time; a wrong one fails the build at its line.

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::limits;
use rulehub_core::i18n::I18n;
use rulehub_family::page::GameBlock;
use rulehub_family::{GameMove, SampleGame, describe_outcome};
use rulehub_tafl::record::{self, ReplayOptions};
use rulehub_tafl::{Dims, Side, Square};
use rulehub_tafl::{Game, Move, Outcome, Position, Rules};

/// A sample game the engine replayed from start to end.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    pub id: String,
    pub start: Position,
    /// After each move: the position, the move and what it captured.
    pub plies: Vec<(Position, Move, Vec<Square>)>,
    pub moves: Vec<GameMove>,
    pub outcome: Outcome,
}

/// What the header comments say.
#[derive(Default)]
struct Headers {
    setup: Option<(usize, String)>,
    first_to_move: Option<(usize, String)>,
    result: Option<(usize, String)>,
}

/// The header value of a comment line `# key: value`, if it is one.
fn header<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let comment = line.trim_start().strip_prefix('#')?.trim_start();
    let value = comment.strip_prefix(key)?.strip_prefix(':')?;
    Some(value.trim())
}

fn read_headers(text: &str) -> Headers {
    let mut headers = Headers::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(value) = header(line, "setup") {
            headers.setup.get_or_insert((number, value.to_string()));
        } else if let Some(value) = header(line, "first to move") {
            headers
                .first_to_move
                .get_or_insert((number, value.to_string()));
        } else if let Some(value) = header(line, "result") {
            headers.result = Some((number, value.to_string()));
        }
    }
    headers
}

/// The comment on a move line: what follows its first `#`.
fn comment_of(line: &str) -> Option<String> {
    let (_, comment) = line.split_once('#')?;
    let comment = comment.trim();
    (!comment.is_empty()).then(|| comment.to_string())
}

/// Reads the record of `block` and replays it from the page's start (or the
/// record's `# setup:`), collecting every problem at its line.
pub fn check(
    block: &GameBlock<'_>,
    rules: &Rules,
    start: &Position,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) -> Option<CheckedGame> {
    let text = block.text();
    let headers = read_headers(text);
    let position = match &headers.setup {
        None => start.clone(),
        Some((line, setup)) => match Position::from_setup(setup, dims) {
            Ok(position) => position,
            Err(error) => {
                problems.push(
                    block
                        .error(block.line(*line), format!("`# setup:` {error}"))
                        .with_help(format!(
                            "write the position as a setup string of the page's {dims} board, or leave the line out to start from the page's setup"
                        )),
                );
                return None;
            }
        },
    };
    let to_move = match &headers.first_to_move {
        None => rules.first_to_move,
        Some((line, side)) => match side.as_str() {
            "attackers" => Side::Attackers,
            "defenders" => Side::Defenders,
            other => {
                problems.push(
                    block
                        .error(
                            block.line(*line),
                            format!("`# first to move:` `{other}` is not a side"),
                        )
                        .with_help("write `attackers` or `defenders`"),
                );
                return None;
            }
        },
    };
    let parsed: Vec<_> = record::parse(text, dims).collect();
    if let Some(extra) = parsed.get(limits::MAX_GAME_MOVES) {
        let line = match extra {
            Ok(mv) => mv.line,
            Err(error) => error.line,
        };
        problems.push(
            block
                .error(
                    block.line(line),
                    format!(
                        "a sample game may have at most {} moves; this is one more",
                        limits::MAX_GAME_MOVES
                    ),
                )
                .with_help("show the game in parts, or link to the whole record"),
        );
        return None;
    }
    if parsed.is_empty() {
        problems.push(
            block
                .error(block.fence(), "the record has no moves")
                .with_help("write one move a line, e.g. `1. d6-f6`"),
        );
        return None;
    }
    // A record that marks captures anywhere is held to its marks everywhere,
    // as `rulehub replay` does.
    let check_capture_marks = parsed
        .iter()
        .any(|m| m.as_ref().is_ok_and(|m| m.marks.is_some()));
    let lines: Vec<&str> = text.lines().collect();
    let mut game = Game::new(rules, position.clone(), to_move);
    let mut plies = Vec::new();
    let mut moves = Vec::new();
    let replayed = record::replay(
        &mut game,
        parsed,
        ReplayOptions {
            check_capture_marks,
        },
        |outcome| {
            moves.push(GameMove {
                notation: outcome.record.text.clone(),
                comment: lines
                    .get(outcome.record.line - 1)
                    .and_then(|line| comment_of(line)),
            });
            plies.push((
                outcome.position.clone(),
                outcome.record.mv,
                outcome.played.captures.clone(),
            ));
        },
    );
    if let Err(stop) = replayed {
        problems.push(
            block
                .error(
                    block.line(stop.line),
                    format!("move {} `{}`: {}", stop.number, stop.text, stop.message()),
                )
                .with_help(
                    "every move of a sample game must be legal from the position before it; `rulehub replay` shows the game move by move",
                ),
        );
        return None;
    }
    let outcome = game.outcome();
    if let Some((line, claimed)) = &headers.result
        && *claimed != outcome.to_string()
    {
        problems.push(
            block
                .error(
                    block.line(*line),
                    format!(
                        "the record says `# result: {claimed}`, but after its last move the engine has `{outcome}`"
                    ),
                )
                .with_help("correct the result line, or leave it out"),
        );
        return None;
    }
    Some(CheckedGame {
        id: block.id().to_string(),
        start: position,
        plies,
        moves,
        outcome,
    })
}

impl SampleGame for CheckedGame {
    fn id(&self) -> &str {
        &self.id
    }

    fn frames(&self) -> Vec<rulehub_family::Frame> {
        let mut frames = vec![rulehub_family::Frame {
            pieces: super::glyphs_of(&self.start),
            annotations: rulehub_diagram::Annotations::default(),
        }];
        frames.extend(
            self.plies
                .iter()
                .map(|(position, mv, captured)| rulehub_family::Frame {
                    pieces: super::glyphs_of(position),
                    annotations: rulehub_diagram::Annotations::for_move(
                        mv.from,
                        mv.to,
                        captured.clone(),
                    ),
                }),
        );
        frames
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn describe_end(&self, i18n: &I18n, lang: &str) -> String {
        let moves = self.moves.len();
        describe_outcome(i18n, lang, moves, "", self.outcome.named())
    }
}
