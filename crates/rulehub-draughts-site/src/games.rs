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
//! Move numbers, tags and other comments are skipped as PDN says. A result
//! token (`1-0`, `0-1`, `1/2-1/2`) is checked when the game has ended on the
//! board; before that it may record a resignation or an agreed draw. Every
//! move is replayed by the engine at build time; a wrong one fails the build
//! at its line.

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::limits;
use rulehub_core::i18n::I18n;
use rulehub_diagram::Annotations;
use rulehub_draughts::record;
use rulehub_draughts::{Colour, DraughtsRules, Game, Move, Outcome, Position, Square, fen};

use rulehub_family::page::GameBlock;
use rulehub_family::{Frame, GameEnd, GameMove, SampleGame, describe_game_end};

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

/// The `; setup: FEN` header line, if the record has one: its line and FEN.
fn setup_header(text: &str) -> Option<(usize, &str)> {
    text.lines().enumerate().find_map(|(index, line)| {
        let comment = line.trim_start().strip_prefix(';')?.trim_start();
        let fen = comment.strip_prefix("setup")?.strip_prefix(':')?;
        Some((index + 1, fen.trim()))
    })
}

/// The comment right after a move (the move's annotation marks skipped): a
/// `{…}` comment, or a `;` comment running to the end of the line.
fn comment_after(text: &str, end: usize) -> Option<String> {
    let rest = text.get(end..)?.trim_start_matches(['!', '?']);
    let rest = rest.trim_start_matches([' ', '\t']);
    let comment = if let Some(braced) = rest.strip_prefix('{') {
        braced.split_once('}').map_or(braced, |(inside, _)| inside)
    } else if let Some(line) = rest.strip_prefix(';') {
        line.split_once('\n').map_or(line, |(inside, _)| inside)
    } else {
        let rest = rest.trim_start();
        rest.strip_prefix('{')?.split_once('}')?.0
    };
    let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
    (!comment.is_empty()).then_some(comment)
}

/// PDN result tokens and what each claims, with `None` for "not finished".
const RESULTS: &[(&str, Option<Claim>)] = &[
    ("1-0", Some(Claim::Win(Colour::White))),
    ("2-0", Some(Claim::Win(Colour::White))),
    ("0-1", Some(Claim::Win(Colour::Black))),
    ("0-2", Some(Claim::Win(Colour::Black))),
    ("1/2-1/2", Some(Claim::Draw)),
    ("1-1", Some(Claim::Draw)),
    ("*", None),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    Win(Colour),
    Draw,
}

fn claim_of(outcome: Outcome) -> Option<Claim> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Win { winner, .. } => Some(Claim::Win(winner)),
        Outcome::Draw { .. } => Some(Claim::Draw),
    }
}

/// The token a record ends with for `outcome`.
fn token_for(outcome: Outcome) -> &'static str {
    match claim_of(outcome) {
        Some(Claim::Win(Colour::White)) => "1-0",
        Some(Claim::Win(Colour::Black)) => "0-1",
        Some(Claim::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// Reads the record of `block` and replays it from the page's start (or the
/// record's `; setup:`), reporting the first problem at its line.
pub fn check(
    block: &GameBlock<'_>,
    rules: &DraughtsRules,
    start: &Position,
    problems: &mut Vec<Diagnostic>,
) -> Option<CheckedGame> {
    let text = block.text();
    let position = match setup_header(text) {
        None => start.clone(),
        Some((line, setup)) => match fen::parse(setup, rules.geometry()) {
            Ok(position) => position,
            Err(error) => {
                problems.push(
                    block
                        .error(
                            block.line(line),
                            format!("`; setup:` is not a PDN FEN for this board: {}", error.reason),
                        )
                        .with_help(format!(
                            "write the side to move, then each colour's squares (`{}`), or leave the line out to start from the page's setup",
                            fen::write(start)
                        )),
                );
                return None;
            }
        },
    };
    let record::Record {
        moves: parsed,
        result,
    } = match record::read(text) {
        Ok(record) => record,
        Err(error) => {
            problems.push(
                block
                    .error(block.at(error.span.start), error.reason.to_string())
                    .with_help("write the moves in PDN: square numbers joined by `-` or `x`, e.g. `1. 11-15 23-19`"),
            );
            return None;
        }
    };
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
    for (index, mv) in parsed.iter().enumerate() {
        let written = &text[mv.span.clone()];
        match game.play_text(&mv.move_text) {
            Ok(played) => {
                plies.push((game.position().clone(), played.mv, played.captured));
                moves.push(GameMove {
                    notation: written.to_string(),
                    comment: comment_after(text, mv.span.end),
                });
            }
            Err(illegal) => {
                problems.push(
                    block
                        .error(
                            block.at(mv.span.start),
                            format!("move {} `{written}`: {illegal}", index + 1),
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
        && let Some(claim) = claim_of(outcome)
        && RESULTS.iter().find(|(t, _)| *t == token).map(|(_, c)| *c) != Some(Some(claim))
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
                    "end the record with `{}`, or leave the result out",
                    token_for(outcome)
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
        let how;
        let end = match self.outcome {
            Outcome::Ongoing => GameEnd::Ongoing,
            Outcome::Win { winner, reason } => {
                how = format!("draughts-win-{}", reason.code());
                GameEnd::Win {
                    winner: winner.code(),
                    how: &how,
                }
            }
            Outcome::Draw { reason } => {
                how = format!("draughts-draw-{}", reason.code());
                GameEnd::Draw { how: &how }
            }
        };
        describe_game_end(i18n, lang, self.moves.len(), end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_belongs_to_the_move_before_it() {
        let text = "1. 11-15 {centre} 23-19! ; answers\n2. 8-11 22-17 *";
        let parsed = record::parse(text).expect("valid");
        let comments: Vec<Option<String>> = parsed
            .iter()
            .map(|mv| comment_after(text, mv.span.end))
            .collect();
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

    #[test]
    fn the_setup_header_is_read_from_any_line_before_the_moves() {
        let text = "[Event \"x\"]\n;  setup: W:W21:B1\n1. 21-17";
        assert_eq!(setup_header(text), Some((2, "W:W21:B1")));
        assert_eq!(setup_header("1. 11-15 ; no setup here"), None);
    }
}
