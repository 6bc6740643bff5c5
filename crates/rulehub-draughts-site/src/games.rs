//! Draughts sample games: a ```` ```game ID ```` block holds a game in PDN
//! move text, the format the practice board's "Copy game" writes, so a game
//! a reader played can be pasted into a page as it is:
//!
//! ```text
//! ; setup: B:W21,22,23,…:B1,2,3,…   (optional: the page's start otherwise)
//! 1. 11-15 23-19 {White meets the centre move}
//! 2. 8-11 22-17 ; a `;` comment ending a line belongs to its last move
//! *
//! ```
//!
//! The block reads what `rulehub replay` reads (one game of it): a `[FEN]`
//! tag for the start, variations, NAGs and `%` lines skipped, letter-number
//! squares, a capture written one hop a token. Move numbers and tags are
//! skipped as PDN says; a comment after a move is its annotation. A result
//! token (`1-0`, `0-1`, `1/2-1/2`) is checked when the game has ended on the
//! board; before that it may record a resignation or an agreed draw. Every
//! move is replayed by the engine at build time; a wrong one fails the build
//! at its line.

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::limits;
use rulehub_core::i18n::I18n;
use rulehub_diagram::Annotations;
use rulehub_draughts::record;
use rulehub_draughts::{DraughtsRules, Game, Move, Outcome, Position, Square, fen};

use rulehub_family::page::GameBlock;
use rulehub_family::{Frame, GameMove, SampleGame, describe_outcome};

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

/// Reads the record of `block` and replays it from the page's start (or the
/// record's `[FEN]` tag or `; setup:`), reporting the first problem at its
/// line. The block reads what `rulehub replay` reads: one game of a PDN
/// archive, its variations, NAGs and `%` lines skipped, its comments
/// becoming the annotations beside its moves.
pub fn check(
    block: &GameBlock<'_>,
    rules: &DraughtsRules,
    start: &Position,
    problems: &mut Vec<Diagnostic>,
) -> Option<CheckedGame> {
    let text = block.text();
    let games = match record::games(text) {
        Ok(games) => games,
        Err(error) => {
            problems.push(
                block
                    .error(block.at(error.span.start), error.reason.to_string())
                    .with_help("write the moves in PDN: square numbers joined by `-` or `x`, e.g. `1. 11-15 23-19`"),
            );
            return None;
        }
    };
    if let Some(second) = games.get(1) {
        problems.push(
            block
                .error(
                    block.at(second.span.start),
                    "a second game begins here; a game block holds one game",
                )
                .with_help("give each game its own ```game block"),
        );
        return None;
    }
    let Some(record) = games.into_iter().next() else {
        problems.push(
            block
                .error(block.fence(), "the record has no moves")
                .with_help("write the moves in PDN, e.g. `1. 11-15 23-19`"),
        );
        return None;
    };
    if let Some((span, _)) = record.setups.get(1).or_else(|| {
        record
            .tags
            .iter()
            .any(|t| t.name.eq_ignore_ascii_case("FEN"))
            .then(|| record.setups.first())
            .flatten()
    }) {
        problems.push(
            block
                .error(
                    block.at(span.start),
                    "the game already has a setup; give it one `[FEN]` tag or `; setup:` line",
                )
                .with_help("remove one of the setups"),
        );
        return None;
    }
    if let Some((span, _)) = record.setup()
        && let Some(first) = record.moves.first()
        && span.start > first.span.start
    {
        problems.push(
            block
                .error(block.at(span.start), "a setup after the game's first move")
                .with_help("put the `[FEN]` tag or `; setup:` line before the moves"),
        );
        return None;
    }
    let position = match record.setup() {
        None => start.clone(),
        Some((span, setup)) => match fen::parse_for(setup, rules.geometry(), rules.first_to_move) {
            Ok(position) => position,
            Err(error) => {
                problems.push(
                    block
                        .error(
                            block.at(span.start),
                            format!(
                                "{} is not a PDN FEN for this board: {}",
                                if text[span.clone()].starts_with('[') { "the `[FEN]` tag" } else { "`; setup:`" },
                                error.reason
                            ),
                        )
                        .with_help(format!(
                            "write the side to move, then each colour's squares (`{}`), or leave the setup out to start from the page's",
                            fen::write(start)
                        )),
                );
                return None;
            }
        },
    };
    let parsed = record.moves;
    let result = record.result;
    let mut claims = record.claims.into_iter().peekable();
    if let Some(extra) = parsed.get(limits::MAX_GAME_MOVES) {
        problems.push(
            block
                .error(
                    block.at(extra.span.start),
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
                .with_help("write the moves in PDN, e.g. `1. 11-15 23-19`"),
        );
        return None;
    }
    let mut game = Game::new(rules, position.clone());
    let mut plies = Vec::with_capacity(parsed.len());
    let mut moves = Vec::with_capacity(parsed.len());
    let mut warned = false;
    let mut next = 0;
    loop {
        while let Some((_, span, reason)) = claims.next_if(|(before, ..)| *before <= next) {
            if let Err(message) = record::claim(&mut game, reason) {
                problems.push(
                    block
                        .error(block.at(span.start), message)
                        .with_help("claim a draw only where the rules give one: `[%claim]` after the move that makes it claimable"),
                );
                return None;
            }
        }
        if next >= parsed.len() {
            break;
        }
        let mv = &parsed[next];
        match record::play_move(&mut game, &parsed[next..]) {
            Ok(advance) => {
                let last = &parsed[next + advance.tokens - 1];
                let written = &text[mv.span.start..last.span.end];
                if advance.step_written_as_capture && !warned {
                    warned = true;
                    let mut warning = block
                        .error(
                            block.at(mv.span.start),
                            format!(
                                "move {} `{written}` captures nothing but is written with `x`; read as {}",
                                moves.len() + 1,
                                advance.played.mv.full_notation()
                            ),
                        )
                        .with_help("write steps with `-`");
                    warning.severity = rulehub_core::diagnostic::Severity::Warning;
                    problems.push(warning);
                }
                plies.push((
                    game.position().clone(),
                    advance.played.mv,
                    advance.played.captured,
                ));
                let comments: Vec<&str> = parsed[next..next + advance.tokens]
                    .iter()
                    .filter_map(|m| m.comment.as_deref())
                    .collect();
                moves.push(GameMove {
                    notation: written.to_string(),
                    comment: (!comments.is_empty()).then(|| comments.join(" ")),
                });
                next += advance.tokens;
            }
            Err(illegal) => {
                let written = &text[mv.span.clone()];
                problems.push(
                    block
                        .error(
                            block.at(mv.span.start),
                            format!("move {} `{written}`: {illegal}", moves.len() + 1),
                        )
                        .with_help(format!(
                            "every move of a sample game must be legal from the position before it; `rulehub replay --rules <preset> --setup \"{}\" FILE` shows the game move by move",
                            fen::write(&position)
                        )),
                );
                return None;
            }
        }
    }
    let outcome = game.outcome();
    if let Some((span, token)) = result
        && let Err(agrees) = record::check_result(token, outcome)
    {
        problems.push(
            block
                .error(
                    block.at(span.start),
                    format!(
                        "the record ends `{token}`, but after its last move the engine has `{}`",
                        outcome.code()
                    ),
                )
                .with_help(format!(
                    "end the record with `{agrees}`, or leave the result out"
                )),
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

    fn frames(&self) -> Vec<Frame> {
        let mut frames = vec![Frame {
            pieces: super::glyphs_of(&self.start),
            annotations: Annotations::default(),
        }];
        frames.extend(self.plies.iter().map(|(position, mv, captured)| Frame {
            pieces: super::glyphs_of(position),
            annotations: super::move_marks(position, mv, captured),
        }));
        frames
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn describe_end(&self, i18n: &I18n, lang: &str) -> String {
        let moves = self.moves.len();
        describe_outcome(i18n, lang, moves, "draughts-", self.outcome.named())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_belongs_to_the_move_before_it() {
        let text = "1. 11-15 {centre [%clk 0:10]} 23-19! ; answers\n2. 8-11 (2. 9-14 {no}) 22-17 *";
        let parsed = record::parse(text).expect("valid");
        let comments: Vec<Option<String>> = parsed.iter().map(|mv| mv.comment.clone()).collect();
        assert_eq!(
            comments,
            vec![
                Some("centre".to_string()),
                Some("answers".to_string()),
                None,
                None
            ]
        );
    }
}
