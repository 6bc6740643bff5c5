//! Go sample games: a ```` ```game ID ```` block holds an SGF record (the
//! main line of one game; C[] comments annotate their moves), or a plain
//! move list in turn from the page's start:
//!
//! ```text
//! 1. D4 F6 {White answers on the other side} 2. C6 pass
//! ```
//!
//! Move numbers (`1.`) are skipped; a `{…}` comment belongs to the move
//! before it. Every move is replayed by the engine at build time; a wrong
//! one fails the build at its line. A game that two passes end is counted
//! (area rules; territory rules need the record's TB/TW marks), and an
//! SGF result (RE) that disagrees with the count is an error.

use rulehub_go::replay::{ReplayScore, Warning, replay};
use rulehub_go::sgf::{SgfGame, SgfMove, parse_collection};
use rulehub_go::{Color, Game, Move, Point, Rules};

use rulehub_core::diagnostic::{Diagnostic, Position};
use rulehub_core::hub::limits;
use rulehub_core::i18n::{Arg, I18n};
use rulehub_diagram::Annotations;
use rulehub_family::page::GameBlock;
use rulehub_family::{Frame, GameEnd, GameMove, SampleGame, describe_game_end};

use crate::examples::parse_score;
use crate::frames::move_marks;
use crate::{GoVariant, cells_of, stones};

/// The messages that say how a sample game ended.
pub const MESSAGE_IDS: &[&str] = &[
    "go-win-count",
    "go-draw-count",
    "go-win-resignation",
    "go-game-ended-uncounted",
];

/// A sample game the engine replayed from start to end.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    pub id: String,
    pub size: u8,
    pub start: Vec<Option<Color>>,
    /// After each move: the board, the move and what it captured.
    pub plies: Vec<(Vec<Option<Color>>, Move, Vec<Point>)>,
    pub moves: Vec<GameMove>,
    pub end: End,
}

#[derive(Debug, Clone, PartialEq)]
pub enum End {
    Ongoing,
    Counted(Option<Color>),
    /// Ended by passes, but territory counting needs dead-stone marks.
    Uncounted,
    Resigned(Color),
}

/// The byte offset of a 1-based line and character column of `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (index, l) in text.split_inclusive('\n').enumerate() {
        if index + 1 == line {
            return offset
                + l.char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(l.len(), |(i, _)| i);
        }
        offset += l.len();
    }
    text.len()
}

/// Reads a plain move list into the record the SGF reader would give.
fn read_move_list(text: &str, start: &GoVariant, size: u8) -> Result<SgfGame, (usize, String)> {
    let mut moves: Vec<SgfMove> = Vec::new();
    let mut color = start.to_move;
    let mut rest = text;
    let mut offset = 0;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        offset += rest.len() - trimmed.len();
        rest = trimmed;
        if rest.is_empty() {
            break;
        }
        if let Some(inside) = rest.strip_prefix('{') {
            let Some(end) = inside.find('}') else {
                return Err((offset, "a `{` comment is not closed with `}`".to_string()));
            };
            let comment = inside[..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            match moves.last_mut() {
                Some(last) if !comment.is_empty() => last.comment = Some(comment),
                _ => {}
            }
            offset += end + 2;
            rest = &inside[end + 1..];
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == ',' || c == '{')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        let is_number = token
            .strip_suffix('.')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !is_number {
            let Some(mv) = Move::parse(token, size) else {
                return Err((
                    offset,
                    format!("`{token}` is not a move on the {size}×{size} board"),
                ));
            };
            let at = Position::at_offset(text, offset);
            moves.push(SgfMove {
                color,
                mv,
                comment: None,
                line: at.line,
                column: at.column,
            });
            color = color.opponent();
        }
        offset += end;
        rest = &rest[end..];
    }
    Ok(SgfGame {
        size,
        setup_black: start.black.clone(),
        setup_white: start.white.clone(),
        to_move: Some(start.to_move),
        moves,
        ..SgfGame::default()
    })
}

/// Reads the record of `block` and replays it, reporting the first problem
/// at its line.
pub fn check(
    block: &GameBlock<'_>,
    rules: &Rules,
    start: &GoVariant,
    problems: &mut Vec<Diagnostic>,
) -> Option<CheckedGame> {
    let text = block.text();
    let size = rules.size;
    let record = if text.trim_start().starts_with('(') {
        match parse_collection(text) {
            Ok(mut games) if games.len() == 1 => games.remove(0),
            Ok(games) => {
                problems.push(
                    block
                        .error(
                            block.fence(),
                            format!(
                                "the record holds {} games; a sample game block shows one",
                                games.len()
                            ),
                        )
                        .with_help("put each game in a block of its own"),
                );
                return None;
            }
            Err(error) => {
                problems.push(
                    block
                        .error(
                            block.at(offset_of(text, error.line, error.column)),
                            format!("the SGF record cannot be read: {}", error.message),
                        )
                        .with_help("a sample game is an SGF record `(;GM[1]SZ[9];B[ee];W[gc])` or a move list `D4 F6 pass`"),
                );
                return None;
            }
        }
    } else {
        match read_move_list(text, start, size) {
            Ok(record) => record,
            Err((offset, message)) => {
                problems.push(
                    block
                        .error(block.at(offset), message)
                        .with_help("write the moves as point names (`D4`, columns A–T without I) or `pass`, in turn from the page's start"),
                );
                return None;
            }
        }
    };
    if record.size != size {
        problems.push(
            block
                .error(
                    block.fence(),
                    format!(
                        "the record is played on a {0}×{0} board, the page's rules on {size}×{size}",
                        record.size
                    ),
                )
                .with_help("show the game on a page whose rules have its size"),
        );
        return None;
    }
    if let Some(extra) = record.moves.get(limits::MAX_GAME_MOVES) {
        problems.push(
            block
                .error(
                    block.at(offset_of(text, extra.line, extra.column)),
                    format!(
                        "a sample game may have at most {} moves; this is one more",
                        limits::MAX_GAME_MOVES
                    ),
                )
                .with_help("show the game in parts, or link to the whole record"),
        );
        return None;
    }
    if record.moves.is_empty() {
        problems.push(
            block
                .error(block.fence(), "the record has no moves")
                .with_help("write the moves, e.g. `D4 F6 pass`"),
        );
        return None;
    }
    let report = match replay(&record, rules, None, None) {
        Ok(report) => report,
        Err(error) => {
            problems.push(block.error(block.fence(), format!("the record's setup: {error}")));
            return None;
        }
    };
    for warning in &report.warnings {
        if let Warning::OutOfTurn {
            number,
            line,
            column,
        } = warning
        {
            problems.push(
                block
                    .error(
                        block.at(offset_of(text, *line, *column)),
                        format!("move {number} is played by the side that has just moved"),
                    )
                    .with_help(
                        "Black and White take turns; a side that does not play writes a pass",
                    ),
            );
            return None;
        }
    }
    if let Some(illegal) = &report.illegal {
        problems.push(
            block
                .error(
                    block.at(offset_of(text, illegal.line, illegal.column)),
                    format!(
                        "move {} ({} {}) is illegal: {}",
                        illegal.number,
                        illegal.color,
                        illegal.mv.name(size),
                        illegal.reason.code()
                    ),
                )
                .with_help("every move of a sample game must be legal from the position before it; `rulehub replay --rules <preset> FILE.sgf` shows the game move by move"),
        );
        return None;
    }
    let end = match &report.score {
        ReplayScore::Scored(score) => End::Counted(score.winner()),
        ReplayScore::NeedsDeadStones | ReplayScore::BadMarks(_) => End::Uncounted,
        ReplayScore::NotEnded => match record.result.as_deref().and_then(resignation) {
            Some(winner) => End::Resigned(winner),
            None => End::Ongoing,
        },
    };
    if let (ReplayScore::Scored(score), Some(result)) = (&report.score, &record.result)
        && let Some(claimed) = parse_score(result)
        && claimed != score.winner().map(|w| (w, score.margin()))
    {
        problems.push(
            block
                .error(
                    block.fence(),
                    format!(
                        "the record's result is RE[{result}], but the count after its last move gives {}",
                        score.result()
                    ),
                )
                .with_help(format!("write RE[{}], or leave the result out", score.result())),
        );
        return None;
    }
    // The boards a reader steps through.
    let mut game_rules = rules.clone();
    if let Some(komi) = record.komi {
        game_rules.komi = komi;
    }
    let first = record
        .to_move
        .or_else(|| record.moves.first().map(|m| m.color))
        .unwrap_or(Color::Black);
    let Ok(mut game) =
        Game::with_setup(game_rules, &record.setup_black, &record.setup_white, first)
    else {
        return None;
    };
    let start_cells = cells_of(&game);
    let mut plies = Vec::with_capacity(record.moves.len());
    let mut moves = Vec::with_capacity(record.moves.len());
    for m in &record.moves {
        let before = cells_of(&game);
        if game.play(m.mv).is_err() {
            return None;
        }
        let after = cells_of(&game);
        let captured: Vec<Point> = before
            .iter()
            .zip(&after)
            .enumerate()
            .filter(|(_, (b, a))| **b == Some(m.color.opponent()) && a.is_none())
            .map(|(i, _)| Point(i as u16))
            .collect();
        plies.push((after, m.mv, captured));
        moves.push(GameMove {
            notation: m.mv.name(size),
            comment: m.comment.clone(),
        });
    }
    Some(CheckedGame {
        id: block.id().to_string(),
        size,
        start: start_cells,
        plies,
        moves,
        end,
    })
}

/// The winner of an SGF result `B+R` / `W+Resign`.
fn resignation(result: &str) -> Option<Color> {
    let (side, how) = result.split_once('+')?;
    if !how.to_ascii_lowercase().starts_with('r') {
        return None;
    }
    match side {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

impl SampleGame for CheckedGame {
    fn id(&self) -> &str {
        &self.id
    }

    fn frames(&self) -> Vec<Frame> {
        let size = self.size;
        let mut frames = vec![Frame {
            pieces: stones(size, &self.start),
            annotations: Annotations::default(),
        }];
        frames.extend(self.plies.iter().map(|(cells, mv, captured)| Frame {
            pieces: stones(size, cells),
            annotations: move_marks(size, *mv, captured),
        }));
        frames
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn describe_end(&self, i18n: &I18n, lang: &str) -> String {
        let moves = self.moves.len();
        let end = match &self.end {
            End::Ongoing => GameEnd::Ongoing,
            End::Counted(Some(winner)) => GameEnd::Win {
                winner: winner.as_str(),
                how: "go-win-count",
            },
            End::Counted(None) => GameEnd::Draw {
                how: "go-draw-count",
            },
            End::Resigned(winner) => GameEnd::Win {
                winner: winner.as_str(),
                how: "go-win-resignation",
            },
            End::Uncounted => {
                return i18n.message(
                    lang,
                    "go-game-ended-uncounted",
                    &[("moves", Arg::Num(moves))],
                );
            }
        };
        describe_game_end(i18n, lang, moves, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> GoVariant {
        GoVariant {
            rules: rulehub_go::preset("go-chinese").expect("preset"),
            black: Vec::new(),
            white: Vec::new(),
            to_move: Color::Black,
        }
    }

    #[test]
    fn a_move_list_alternates_and_keeps_comments_and_places() {
        let text = "1. D4 F6 {answers}\n2. pass C3";
        let record = read_move_list(text, &start(), 9).expect("reads");
        let moves: Vec<(Color, String, Option<String>, usize, usize)> = record
            .moves
            .iter()
            .map(|m| (m.color, m.mv.name(9), m.comment.clone(), m.line, m.column))
            .collect();
        assert_eq!(
            moves,
            vec![
                (Color::Black, "D4".into(), None, 1, 4),
                (Color::White, "F6".into(), Some("answers".into()), 1, 7),
                (Color::Black, "pass".into(), None, 2, 4),
                (Color::White, "C3".into(), None, 2, 9),
            ]
        );
        assert_eq!(offset_of(text, 2, 9), text.find("C3").expect("there"));
        let error = read_move_list("D4 I5", &start(), 9).expect_err("no I column");
        assert_eq!(error.0, 3);
    }
}
