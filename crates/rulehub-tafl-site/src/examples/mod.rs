//! Worked examples: parsed from their YAML, replayed through the engine, and
//! every claim compared with what the engine found. A claim the rules
//! contradict is an error at the example's line — the doc-test idea applied
//! to game rules.

mod describe;
mod spec;

use std::collections::BTreeSet;

pub use describe::{MESSAGE_IDS, describe, describe_position};
pub use spec::{ExampleSpec, Expect, PiecesSpec, PositionSpec};

use rulehub_tafl::{Dims, Piece, Side, Square};
use rulehub_tafl::{
    DrawReason, Game, IllegalMove, KingCapture, Move, Outcome, Position, Rules, WinReason,
};

use rulehub_family::page::Mismatch;

/// An example that agrees with the engine, with everything a page needs to
/// draw and describe it.
#[derive(Debug, Clone)]
pub struct CheckedExample {
    pub id: String,
    pub before: Position,
    pub to_move: Side,
    pub moves: Vec<Move>,
    /// The piece that made the last move (or tried to).
    pub mover: Option<Piece>,
    /// Set when the last move is (rightly) claimed illegal.
    pub illegal: Option<IllegalMove>,
    /// Captures of the last move.
    pub captures: Vec<Square>,
    /// The position after the last move (the position before, if illegal
    /// or when there are no moves).
    pub after: Position,
    pub outcome: Outcome,
    /// Verified `moves_from` claims: each origin with its legal
    /// destinations, in the position after the moves.
    pub destinations: Vec<(Square, Vec<Square>)>,
    /// Verified `state` claims.
    pub state: Vec<StateClaim>,
    /// The position after each played move, with what that move captured.
    pub steps: Vec<(Position, Vec<Square>)>,
}

/// A fact about a position an example may claim with `state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum StateClaim {
    /// The defenders hold an unbreakable exit fort.
    ExitFort,
    /// No defender can reach the edge any more.
    Encirclement,
    /// The side to move has no legal move.
    NoLegalMoves,
}

impl StateClaim {
    /// Every claim, so the code list and the docs come from this enum.
    pub const ALL: &'static [StateClaim] = &[
        StateClaim::ExitFort,
        StateClaim::Encirclement,
        StateClaim::NoLegalMoves,
    ];

    pub fn code(self) -> &'static str {
        match self {
            StateClaim::ExitFort => "exit-fort",
            StateClaim::Encirclement => "encirclement",
            StateClaim::NoLegalMoves => "no-legal-moves",
        }
    }

    fn from_code(code: &str) -> Option<StateClaim> {
        StateClaim::ALL.iter().copied().find(|c| c.code() == code)
    }

    /// Whether the claim holds in `game`'s current position.
    fn holds(self, game: &Game) -> bool {
        match self {
            StateClaim::ExitFort => game.has_exit_fort(),
            StateClaim::Encirclement => game.is_encircled(),
            StateClaim::NoLegalMoves => game.side_to_move_is_stuck(),
        }
    }
}

/// The codes `reason:` accepts: every code the engine gives an illegal move.
pub fn illegal_reasons() -> Vec<&'static str> {
    IllegalMove::CODES.to_vec()
}

/// The codes `by:` accepts: every reason the engine gives a win.
pub fn win_reasons() -> Vec<&'static str> {
    WinReason::ALL.iter().map(|r| r.code()).collect()
}

/// The codes `draw:` accepts: every reason the engine gives a draw.
pub fn draw_reasons() -> Vec<&'static str> {
    DrawReason::ALL.iter().map(|r| r.code()).collect()
}

/// The codes `state:` accepts.
pub fn state_claims() -> Vec<&'static str> {
    StateClaim::ALL.iter().map(|c| c.code()).collect()
}

/// Replays `spec` on a board of `dims` under `rules`, starting from `start`
/// when the example gives no position, and checks every claim.
pub fn check(
    spec: &ExampleSpec,
    rules: &Rules,
    start: &Position,
    dims: Dims,
) -> Result<CheckedExample, Vec<Mismatch>> {
    let mut problems: Vec<Mismatch> = spec
        .expect
        .problems()
        .into_iter()
        .map(|(key, message)| Mismatch::new(key, message))
        .collect();
    check_codes(&spec.expect, &mut problems);
    if spec.moves.is_empty() && !spec.expect.claims_about_the_position() {
        problems.push(
            Mismatch::new("moves", "an example needs at least one move").help(
                "write `moves: [e5-e9]`, or claim `moves_from` or `state` about the position",
            ),
        );
    }
    if spec.moves.is_empty() && spec.expect.claims_about_a_move() {
        problems.push(
            Mismatch::new("expect", "without moves there is no move to claim `legal`, `captures`, `after` or a result about")
                .help("add `moves`, or keep only `moves_from` and `state`"),
        );
    }
    let before = match &spec.position {
        Some(position) => resolve_position(position, dims).map_err(|(message, token)| {
            let mismatch = Mismatch::new("position", message);
            vec![match token {
                Some(token) => mismatch.at_text(token),
                None => mismatch,
            }]
        }),
        None => Ok(start.clone()),
    };
    let moves: Vec<Result<Move, Mismatch>> = spec
        .moves
        .iter()
        .map(|text| {
            Move::parse(text, dims).map_err(|e| {
                Mismatch::new("moves", format!("`{text}`: {e}"))
                    .help("write moves as `from-to`, e.g. `e5-e9`")
                    .at_text(text.as_str())
            })
        })
        .collect();
    let before = match before {
        Ok(before) => before,
        Err(mut errors) => {
            problems.append(&mut errors);
            return Err(problems);
        }
    };
    problems.extend(moves.iter().filter_map(|m| m.as_ref().err().cloned()));
    if !problems.is_empty() {
        return Err(problems);
    }
    let moves: Vec<Move> = moves.into_iter().filter_map(Result::ok).collect();
    replay(spec, rules, before, moves, dims)
}

fn check_codes(expect: &Expect, problems: &mut Vec<Mismatch>) {
    let states = expect.state.iter().flatten().map(Some).collect::<Vec<_>>();
    let checks: Vec<(Option<&String>, Vec<&str>, &str)> = [
        (expect.reason.as_ref(), illegal_reasons(), "reason"),
        (expect.by.as_ref(), win_reasons(), "by"),
        (expect.draw.as_ref(), draw_reasons(), "draw"),
    ]
    .into_iter()
    .chain(states.into_iter().map(|s| (s, state_claims(), "state")))
    .collect();
    for (value, codes, key) in checks {
        if let Some(value) = value
            && !codes.contains(&value.as_str())
        {
            problems.push(Mismatch::unknown_code(key, value, &codes));
        }
    }
}

/// The position a spec describes, or why not, with the square name the
/// problem is about (so the report can point at it).
fn resolve_position(spec: &PositionSpec, dims: Dims) -> Result<Position, (String, Option<String>)> {
    match spec {
        PositionSpec::Setup(setup) => {
            Position::from_setup_allowing_no_king(setup, dims).map_err(|e| {
                (
                    format!("the position does not fit the {dims} board: {e}"),
                    None,
                )
            })
        }
        PositionSpec::Pieces(pieces) => {
            let mut placed = Vec::new();
            let mut seen = BTreeSet::new();
            let groups = [
                (Piece::King, pieces.king.iter().collect::<Vec<_>>()),
                (Piece::Attacker, pieces.attackers.iter().collect()),
                (Piece::Defender, pieces.defenders.iter().collect()),
            ];
            for (piece, squares) in groups {
                for name in squares {
                    let square = Square::parse(name, dims)
                        .map_err(|e| (e.to_string(), Some(name.to_string())))?;
                    if !seen.insert(square) {
                        return Err((
                            format!("two pieces are placed on {name}"),
                            Some(name.to_string()),
                        ));
                    }
                    placed.push((square, piece));
                }
            }
            Position::from_pieces_allowing_no_king(dims, placed).map_err(|e| (e.to_string(), None))
        }
    }
}

fn replay(
    spec: &ExampleSpec,
    rules: &Rules,
    before: Position,
    moves: Vec<Move>,
    dims: Dims,
) -> Result<CheckedExample, Vec<Mismatch>> {
    let expect = &spec.expect;
    let mut game = Game::new(rules, before.clone(), spec.to_move);
    let last = moves.len().saturating_sub(1);
    let mut captures = Vec::new();
    let mut mover = None;
    let mut illegal = None;
    let mut steps = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let name = mv.name(dims);
        mover = game.position().get(mv.from);
        if i == last && expect.claims_illegal() {
            match game.check_move(*mv) {
                Ok(()) => {
                    return Err(vec![Mismatch::new(
                        "legal",
                        format!(
                            "the page claims move {name} is illegal ({}), but the engine allows it",
                            expect.reason.as_deref().unwrap_or("no reason")
                        ),
                    )]);
                }
                Err(found) if Some(found.code()) != expect.reason.as_deref() => {
                    return Err(vec![
                        Mismatch::new(
                            "reason",
                            format!(
                                "move {name} is illegal, but for another reason: {} (`reason: {}`), not `{}`",
                                found.describe(dims),
                                found.code(),
                                expect.reason.as_deref().unwrap_or("")
                            ),
                        )
                        .at_text(expect.reason.as_deref().unwrap_or("")),
                    ]);
                }
                Err(found) => {
                    // As claimed: the move is not played, and the other
                    // claims (none are allowed with it) are not compared.
                    illegal = Some(found);
                    break;
                }
            }
        }
        match game.play(*mv) {
            Ok(played) => {
                steps.push((game.position().clone(), played.captures.clone()));
                captures = played.captures;
            }
            Err(found) => {
                return Err(vec![Mismatch::new("moves", format!("move {} ({name}) is illegal: {}", i + 1, found.describe(dims)))
                    .at_text(spec.moves.get(i).map_or("", String::as_str))
                    .help(if i == last { "if the page means to show an illegal move, claim `legal: false` with its `reason`" } else { "fix the move, or the position before it" })]);
            }
        }
    }
    let outcome = game.outcome();
    let after = game.position().clone();
    let mut destinations = Vec::new();
    let mut state = Vec::new();
    if illegal.is_none() {
        let mut problems = match moves.last() {
            Some(last_move) => compare_claims(
                expect,
                &captures,
                &outcome,
                &after,
                &last_move.name(dims),
                rules,
            ),
            None => Vec::new(),
        };
        let when = moves.last().map_or_else(
            || "in this position".to_string(),
            |m| format!("after {}", m.name(dims)),
        );
        if let Some(claimed) = &expect.moves_from {
            destinations = compare_destinations(claimed, &game, &when, &mut problems);
        }
        for code in expect.state.iter().flatten() {
            if let Some(claim) = StateClaim::from_code(code) {
                if claim.holds(&game) {
                    state.push(claim);
                } else {
                    problems.push(Mismatch::new(
                        "expect",
                        format!(
                            "the page claims `state: {code}` {when}, but the engine finds no {}",
                            match claim {
                                StateClaim::ExitFort => "unbreakable exit fort",
                                StateClaim::Encirclement =>
                                    "encirclement: a defender can still reach the edge",
                                StateClaim::NoLegalMoves =>
                                    "shortage of moves: the side to move can move",
                            }
                        ),
                    ));
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
    }
    Ok(CheckedExample {
        id: spec.id.clone(),
        before,
        to_move: spec.to_move,
        moves,
        mover,
        illegal,
        captures,
        after,
        outcome,
        destinations,
        state,
        steps,
    })
}

/// Compares claimed legal destinations with the engine's, origin by origin.
fn compare_destinations(
    claimed: &std::collections::BTreeMap<String, Vec<String>>,
    game: &Game,
    when: &str,
    problems: &mut Vec<Mismatch>,
) -> Vec<(Square, Vec<Square>)> {
    let dims = game.dims();
    let mut verified = Vec::new();
    for (from_name, targets) in claimed {
        let from = match Square::parse(from_name, dims) {
            Ok(square) => square,
            Err(e) => {
                problems.push(
                    Mismatch::new("moves_from", format!("in `moves_from`: {e}"))
                        .at_text(from_name.as_str()),
                );
                continue;
            }
        };
        let mut claimed_squares = BTreeSet::new();
        for name in targets {
            match Square::parse(name, dims) {
                Ok(square) => {
                    claimed_squares.insert(square);
                }
                Err(e) => problems.push(
                    Mismatch::new("moves_from", format!("in `moves_from` of {from_name}: {e}"))
                        .at_text(name.as_str()),
                ),
            }
        }
        let found: BTreeSet<Square> = game.destinations(from).into_iter().collect();
        if found != claimed_squares {
            let mut mismatch = Mismatch::new(
                "moves_from",
                format!(
                    "{when} the piece on {from_name} can move to {}, but the page claims {}",
                    square_list(&found, dims),
                    square_list(&claimed_squares, dims)
                ),
            );
            match game.position().get(from) {
                None => mismatch = mismatch.help(format!("there is no piece on {from_name}")),
                Some(piece) if piece.side() != game.to_move() => {
                    mismatch = mismatch.help(format!(
                        "the {} on {from_name} belongs to the {}, but the {} are to move",
                        piece.as_str(),
                        piece.side(),
                        game.to_move()
                    ))
                }
                Some(_) => {}
            }
            problems.push(mismatch.at_text(from_name.as_str()));
        }
        verified.push((from, found.into_iter().collect()));
    }
    verified
}

/// Every claim about the last (legal) move that the engine contradicts.
fn compare_claims(
    expect: &Expect,
    captures: &[Square],
    outcome: &Outcome,
    after: &Position,
    last_name: &str,
    rules: &Rules,
) -> Vec<Mismatch> {
    let dims = after.dims();
    let mut problems = Vec::new();
    if let Some(claimed) = &expect.captures {
        compare_captures(claimed, captures, after, last_name, rules, &mut problems);
    }
    compare_outcome(expect, outcome, last_name, &mut problems);
    if let Some(claimed) = &expect.after {
        match resolve_position(claimed, dims) {
            Ok(claimed) if claimed != *after => problems.push(Mismatch::new(
                "after",
                format!(
                    "the position after {last_name} differs from the page: {}",
                    position_difference(&claimed, after, dims)
                ),
            )),
            Ok(_) => {}
            Err((message, token)) => {
                let mismatch = Mismatch::new("after", message);
                problems.push(match token {
                    Some(token) => mismatch.at_text(token),
                    None => mismatch,
                });
            }
        }
    }
    problems
}

fn compare_captures(
    claimed: &[String],
    found: &[Square],
    after: &Position,
    move_name: &str,
    rules: &Rules,
    problems: &mut Vec<Mismatch>,
) {
    let dims = after.dims();
    let mut claimed_squares = BTreeSet::new();
    for name in claimed {
        match Square::parse(name, dims) {
            Ok(square) => {
                claimed_squares.insert(square);
            }
            Err(e) => {
                problems.push(
                    Mismatch::new("captures", format!("in `captures`: {e}")).at_text(name.as_str()),
                );
                return;
            }
        }
    }
    let found_squares: BTreeSet<Square> = found.iter().copied().collect();
    if claimed_squares != found_squares {
        let mut mismatch = Mismatch::new(
            "captures",
            format!(
                "move {move_name} captures {}, but the page claims {}",
                square_list(&found_squares, dims),
                square_list(&claimed_squares, dims)
            ),
        );
        // Point at the first claimed square the engine did not capture.
        if let Some(wrong) = claimed_squares.difference(&found_squares).next() {
            mismatch = mismatch.at_text(wrong.name(dims));
            if after.get(*wrong) == Some(Piece::King) {
                mismatch = mismatch.help(king_capture_rule(rules));
            }
        }
        problems.push(mismatch);
    }
}

/// Why a claimed king capture did not happen: what these rules ask of it.
fn king_capture_rule(rules: &Rules) -> &'static str {
    match rules.king_capture {
        KingCapture::Weak => {
            "under these rules the king is captured like any piece: between two attackers on a line, or an attacker and a hostile square"
        }
        KingCapture::StrongOnThrone => {
            "under these rules the king needs four attackers on his throne, four beside it (the empty throne counting as one), and two on a line elsewhere"
        }
        KingCapture::Strong => {
            "under these rules the king needs attackers (or hostile squares) on all four sides"
        }
    }
}

fn square_list(squares: &BTreeSet<Square>, dims: Dims) -> String {
    if squares.is_empty() {
        return "nothing".to_string();
    }
    let mut names: Vec<String> = squares.iter().map(|s| s.name(dims)).collect();
    names.sort_by_key(|n| (n.as_bytes()[0], n[1..].parse::<u32>().unwrap_or(0)));
    names.join(", ")
}

fn compare_outcome(
    expect: &Expect,
    outcome: &Outcome,
    move_name: &str,
    problems: &mut Vec<Mismatch>,
) {
    let found = outcome_text(outcome);
    // With the claim it is about, where the report points.
    let claimed = match (&expect.winner, &expect.draw, expect.ongoing) {
        (Some(winner), _, _) => Some((
            "winner",
            format!("{winner} win by {}", expect.by.as_deref().unwrap_or("?")),
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
            format!("after {move_name} the page claims {claimed}, but the engine finds {found}"),
        ));
    }
}

/// The outcome in the words `compare_outcome` uses for claims.
fn outcome_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "the game goes on".to_string(),
        Outcome::Win { winner, reason } => format!("{winner} win by {}", reason.code()),
        Outcome::Draw { reason } => format!("a draw by {}", reason.code()),
    }
}

fn position_difference(claimed: &Position, found: &Position, dims: Dims) -> String {
    let mut differences = Vec::new();
    for square in dims.squares() {
        let (c, f) = (claimed.get(square), found.get(square));
        if c != f {
            let show = |p: Option<Piece>| p.map_or("empty", Piece::as_str);
            differences.push(format!(
                "{} is {} (page: {})",
                square.name(dims),
                show(f),
                show(c)
            ));
        }
    }
    differences.join("; ")
}

#[cfg(test)]
mod tests;
