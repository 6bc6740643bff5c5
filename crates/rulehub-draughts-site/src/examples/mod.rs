//! Draughts worked examples: read from their YAML, replayed through the
//! engine crate, and every claim compared with what the engine found. A
//! claim the rules contradict is an error at the example's line.

mod describe;
mod spec;

use std::collections::BTreeSet;

pub use describe::{MESSAGE_IDS, describe, describe_position};
pub use spec::{ExampleSpec, Expect};

use rulehub_draughts::record;
use rulehub_draughts::{
    Colour, DraughtsRules, DrawReason, Game, IllegalMove, Move, MoveText, Outcome, Piece, Position,
    Square, WinReason, fen,
};
use rulehub_family::page::Mismatch;

/// A legal move of an example, with what it did.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    pub mv: Move,
    /// The move as PDN with every landing square (`22x13x6`), so a reader
    /// can follow a multi-jump's route on the board.
    pub notation: String,
    /// The piece that moved, as it stood before the move.
    pub mover: Piece,
    /// Captured squares in number order.
    pub captured: Vec<Square>,
    pub crowned: bool,
    /// The position after it, for stepping through an example's moves.
    pub position: Position,
}

/// The last move of an example, rightly claimed illegal.
#[derive(Debug, Clone)]
pub struct RefusedMove {
    /// The move as the page writes it.
    pub text: String,
    /// The squares it names that are on the board, in order.
    pub squares: Vec<Square>,
    /// The piece on its first square, if any.
    pub mover: Option<Piece>,
    pub side: Colour,
    pub reason: IllegalMove,
}

/// An example that agrees with the engine, with everything a page needs to
/// draw and describe it.
#[derive(Debug, Clone)]
pub struct CheckedExample {
    pub id: String,
    pub before: Position,
    /// The legal moves, in order.
    pub played: Vec<PlayedMove>,
    pub refused: Option<RefusedMove>,
    /// The position after the legal moves.
    pub after: Position,
    pub outcome: Outcome,
}

/// The codes `reason:` accepts: every code the engine gives a refusal.
pub fn illegal_reasons() -> Vec<&'static str> {
    IllegalMove::CODES.to_vec()
}

/// The codes `by:` accepts.
pub fn win_reasons() -> Vec<&'static str> {
    WinReason::ALL.iter().map(|r| r.code()).collect()
}

/// The codes `draw:` accepts.
pub fn draw_reasons() -> Vec<&'static str> {
    DrawReason::ALL.iter().map(|r| r.code()).collect()
}

const FEN_HELP: &str = "write a PDN FEN: the side to move, then each colour's squares by number, `K` before a king (`W:W21,22,K5:B1-12`)";

/// Replays `spec` under `rules`, from `start` when the example gives no
/// position, and checks every claim.
pub fn check(
    spec: &ExampleSpec,
    rules: &DraughtsRules,
    start: &Position,
) -> Result<CheckedExample, Vec<Mismatch>> {
    let mut problems: Vec<Mismatch> = spec
        .expect
        .problems()
        .into_iter()
        .map(|(key, message)| Mismatch::new(key, message))
        .collect();
    check_codes(&spec.expect, &mut problems);
    if spec.moves.is_empty() {
        problems.push(
            Mismatch::new("moves", "an example needs at least one move")
                .help("write moves in PDN: `moves: [11-15]`, `moves: [22x15]`"),
        );
    }
    let geometry = rules.geometry();
    let before = match &spec.position {
        Some(text) => match fen::parse(text, geometry) {
            Ok(position) => Some(position),
            Err(error) => {
                problems.push(
                    Mismatch::new(
                        "position",
                        format!(
                            "the position does not fit the {0}×{0} board: {1}",
                            geometry.size(),
                            error.reason
                        ),
                    )
                    .help(FEN_HELP),
                );
                None
            }
        },
        None => Some(start.clone()),
    };
    let mut texts = Vec::new();
    for text in &spec.moves {
        match read_move(text) {
            Ok(move_text) => texts.push((text.as_str(), move_text)),
            Err(problem) => problems.push(problem),
        }
    }
    let Some(before) = before else {
        return Err(problems);
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    replay(spec, rules, before, &texts)
}

/// One move of the page in PDN.
fn read_move(text: &str) -> Result<MoveText, Mismatch> {
    let help = "write one move in PDN: `11-15`, `22x15`, or a multi-jump `22x13x6`";
    match record::parse(text) {
        Ok(moves) => match <[_; 1]>::try_from(moves) {
            Ok([one]) => Ok(one.move_text),
            Err(moves) => Err(Mismatch::new(
                "moves",
                format!(
                    "`{text}` is {} moves, not one; list each move as its own entry",
                    moves.len()
                ),
            )
            .help(help)),
        },
        // The reason quotes the word it could not read.
        Err(error) => {
            Err(Mismatch::new("moves", format!("in `moves`: {}", error.reason)).help(help))
        }
    }
}

fn check_codes(expect: &Expect, problems: &mut Vec<Mismatch>) {
    let checks = [
        (expect.reason.as_ref(), illegal_reasons(), "reason"),
        (expect.by.as_ref(), win_reasons(), "by"),
        (expect.draw.as_ref(), draw_reasons(), "draw"),
        (expect.claimable.as_ref(), draw_reasons(), "claimable"),
    ];
    for (value, codes, key) in checks {
        if let Some(value) = value
            && !codes.contains(&value.as_str())
        {
            problems.push(Mismatch::unknown_code(key, value, &codes));
        }
    }
}

fn replay(
    spec: &ExampleSpec,
    rules: &DraughtsRules,
    before: Position,
    texts: &[(&str, MoveText)],
) -> Result<CheckedExample, Vec<Mismatch>> {
    let expect = &spec.expect;
    let mut game = Game::new(rules, before.clone());
    let geometry = rules.geometry();
    let last = texts.len().saturating_sub(1);
    let mut played = Vec::new();
    let mut refused = None;
    for (i, (text, move_text)) in texts.iter().enumerate() {
        let claims_illegal = i == last && expect.claims_illegal();
        let resolved = game.resolve(move_text).and_then(|mv| {
            Ok((
                mv,
                game.position()
                    .get(mv.from())
                    .ok_or(IllegalMove::NoSuchMove)?,
            ))
        });
        match (resolved, claims_illegal) {
            (Ok((mv, mover)), false) => {
                let notation = mv.full_notation();
                let done = game.play(mv).map_err(|found| {
                    vec![
                        Mismatch::new(
                            "moves",
                            format!("move {} ({text}) is illegal: {found}", i + 1),
                        )
                        .at_text(*text),
                    ]
                })?;
                played.push(PlayedMove {
                    mv,
                    notation,
                    mover,
                    captured: done.captured,
                    crowned: done.crowned,
                    position: game.position().clone(),
                });
            }
            (Ok(_), true) => {
                return Err(vec![Mismatch::new(
                    "legal",
                    format!(
                        "the page claims move {text} is illegal ({}), but the engine allows it",
                        expect.reason.as_deref().unwrap_or("no reason")
                    ),
                )]);
            }
            (Err(found), true) if Some(found.code()) != expect.reason.as_deref() => {
                return Err(vec![
                    Mismatch::new(
                        "reason",
                        format!(
                            "move {text} is illegal, but for another reason: {found} (`reason: {}`), not `{}`",
                            found.code(),
                            expect.reason.as_deref().unwrap_or("")
                        ),
                    )
                    .at_text(expect.reason.as_deref().unwrap_or("")),
                ]);
            }
            (Err(found), true) => {
                // As claimed: the move is not played, and no other claim
                // (none are allowed with it) is compared.
                let squares: Vec<Square> = (0..move_text.numbers.len())
                    .filter_map(|i| {
                        let one = MoveText {
                            numbers: vec![move_text.numbers[i]],
                            capture: false,
                            files: move_text.files.get(i).copied().into_iter().collect(),
                        };
                        one.squares(geometry).ok()?.first().copied()
                    })
                    .collect();
                refused = Some(RefusedMove {
                    text: (*text).to_string(),
                    mover: squares.first().and_then(|s| game.position().get(*s)),
                    squares,
                    side: game.to_move(),
                    reason: found,
                });
            }
            (Err(found), false) => {
                return Err(vec![
                    Mismatch::new(
                        "moves",
                        format!("move {} ({text}) is illegal: {found}", i + 1),
                    )
                    .at_text(*text)
                    .help(if i == last {
                        format!(
                            "if the page means to show an illegal move, claim `legal: false` with `reason: {}`",
                            found.code()
                        )
                    } else {
                        "fix the move, or the position before it".to_string()
                    }),
                ]);
            }
        }
    }
    let claimable = game.claimable_draw();
    if spec.claim && refused.is_none() {
        game.claim_draw(None).map_err(|refusal| {
            vec![
                Mismatch::new(
                    "claim",
                    format!("after the moves the draw cannot be claimed: {refusal}"),
                )
                .help("claim a draw where the position has occurred three times, or after 40 moves each without a man move or a capture; or remove `claim`"),
            ]
        })?;
    }
    let outcome = game.outcome();
    let after = game.position().clone();
    if refused.is_none()
        && let Some(last_move) = played.last()
    {
        let mut problems = compare_claims(expect, last_move, &outcome, &after);
        if let Some(code) = &expect.claimable
            && claimable.map(|r| r.code()) != Some(code.as_str())
        {
            problems.push(Mismatch::new(
                "claimable",
                match claimable {
                    Some(found) => format!(
                        "after {} the player to move may claim a draw by {}, not by {code}",
                        last_move.notation,
                        found.code()
                    ),
                    None => format!(
                        "after {} no draw can be claimed (the page claims `claimable: {code}`)",
                        last_move.notation
                    ),
                },
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
    }
    Ok(CheckedExample {
        id: spec.id.clone(),
        before,
        played,
        refused,
        after,
        outcome,
    })
}

/// Every claim about the last (legal) move that the engine contradicts.
fn compare_claims(
    expect: &Expect,
    last: &PlayedMove,
    outcome: &Outcome,
    after: &Position,
) -> Vec<Mismatch> {
    let mut problems = Vec::new();
    let name = &last.notation;
    if let Some(claimed) = &expect.captures {
        let claimed: BTreeSet<u32> = claimed.iter().copied().collect();
        let found: BTreeSet<u32> = last
            .captured
            .iter()
            .map(|s| u32::from(s.number()))
            .collect();
        if claimed != found {
            let mut mismatch = Mismatch::new(
                "captures",
                format!(
                    "move {name} captures {}, but the page claims {}",
                    number_list(&found),
                    number_list(&claimed)
                ),
            );
            // Point at the first claimed square the move did not capture.
            if let Some(wrong) = claimed.difference(&found).next() {
                mismatch = mismatch.at_text(wrong.to_string());
            }
            problems.push(mismatch);
        }
    }
    if let Some(claimed) = expect.crowned
        && claimed != last.crowned
    {
        problems.push(Mismatch::new(
            "crowned",
            if last.crowned {
                format!("move {name} crowns the man, but the page claims `crowned: false`")
            } else if last.mover.kind == rulehub_draughts::Kind::King {
                format!("move {name} is made by a king, which cannot be crowned again")
            } else {
                format!("move {name} does not crown the man, but the page claims `crowned: true`")
            },
        ));
    }
    let found = outcome_text(outcome);
    // With the claim it is about, where the report points.
    let claimed = match (&expect.winner, &expect.draw, expect.ongoing) {
        (Some(winner), _, _) => Some((
            "winner",
            format!(
                "{} wins by {}",
                winner.code(),
                expect.by.as_deref().unwrap_or("?")
            ),
        )),
        (None, Some(draw), _) => Some(("draw", format!("a draw by {draw}"))),
        (None, None, Some(true)) => Some(("ongoing", "the game goes on".to_string())),
        _ => None,
    };
    if let Some((key, claimed)) = claimed
        && claimed != found
    {
        problems.push(Mismatch::new(
            key,
            format!("after {name} the page claims {claimed}, but the engine finds {found}"),
        ));
    }
    if let Some(text) = &expect.after {
        match fen::parse_position(text, after.geometry()) {
            Ok(claimed) if claimed != *after => problems.push(Mismatch::new(
                "after",
                format!(
                    "the position after {name} differs from the page: {}",
                    position_difference(&claimed, after)
                ),
            )),
            Ok(_) => {}
            Err(error) => problems.push(
                Mismatch::new(
                    "after",
                    format!("`after` is not a PDN FEN: {}", error.reason),
                )
                .help(FEN_HELP),
            ),
        }
    }
    problems
}

fn number_list(numbers: &BTreeSet<u32>) -> String {
    if numbers.is_empty() {
        return "nothing".to_string();
    }
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The outcome in the words `compare_claims` uses for claims.
fn outcome_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "the game goes on".to_string(),
        Outcome::Win { winner, reason } => format!("{} wins by {}", winner.code(), reason.code()),
        Outcome::Draw { reason } => format!("a draw by {}", reason.code()),
    }
}

fn piece_name(piece: Option<Piece>) -> String {
    match piece {
        None => "empty".to_string(),
        Some(p) => format!(
            "a {} {}",
            p.colour.code(),
            match p.kind {
                rulehub_draughts::Kind::Man => "man",
                rulehub_draughts::Kind::King => "king",
            }
        ),
    }
}

fn position_difference(claimed: &Position, found: &Position) -> String {
    let mut differences = Vec::new();
    for (square, piece) in found.squares() {
        let page = claimed.get(square);
        if page != piece {
            differences.push(format!(
                "{square} is {} (page: {})",
                piece_name(piece),
                piece_name(page)
            ));
        }
    }
    if claimed.to_move() != found.to_move() {
        differences.push(format!(
            "{} is to move (page: {})",
            found.to_move().code(),
            claimed.to_move().code()
        ));
    }
    differences.join("; ")
}

#[cfg(test)]
mod tests;
