//! Go worked examples: a position given by its stones, moves played in
//! turn by the engine, and claims about the last one (legal or not and
//! why, what it captures, the count after two passes) compared with what
//! the engine finds. A wrong claim fails the build at its key.

mod describe;
mod spec;

use std::collections::BTreeSet;

use rulehub_go::rules::Scoring;
use rulehub_go::score::{Score, score};
use rulehub_go::{Color, Game, Illegal, Move, Point, Rules};

use rulehub_core::diagnostic::did_you_mean;
use rulehub_family::page::Mismatch;

pub use describe::{MESSAGE_IDS, describe, describe_board};
pub use spec::{ExampleSpec, Expect, parse_score};

/// Every reason code a page may claim.
pub const REASONS: &[&str] = &[
    "occupied",
    "suicide",
    "ko",
    "superko",
    "game-over",
    "off-board",
];

/// One legal move of an example and what it did.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    pub color: Color,
    pub mv: Move,
    /// The opponent's stones it took.
    pub captured: Vec<Point>,
    /// The mover's own stones it removed (an allowed suicide).
    pub suicided: Vec<Point>,
    /// The board after it, point order.
    pub cells: Vec<Option<Color>>,
}

/// The move a page shows to be illegal.
#[derive(Debug, Clone)]
pub struct RefusedMove {
    pub color: Color,
    pub mv: Move,
    pub reason: Illegal,
}

/// The count of an example whose moves end the game.
#[derive(Debug, Clone)]
pub struct Count {
    pub score: Score,
    pub dead: Vec<Point>,
    /// The owner of each empty point (and dead stone's point) at the count.
    pub owners: Vec<Option<Color>>,
}

#[derive(Debug, Clone)]
pub struct CheckedExample {
    pub id: String,
    pub size: u8,
    pub scoring: Scoring,
    pub before: Vec<Option<Color>>,
    pub to_move: Color,
    pub played: Vec<PlayedMove>,
    pub refused: Option<RefusedMove>,
    pub after: Vec<Option<Color>>,
    pub over: bool,
    pub count: Option<Count>,
}

const POINT_HELP: &str = "name a point by its column letter A–T (there is no I) and its row number counted from the bottom, e.g. `D4`";

fn parse_points(
    key: &'static str,
    names: &[String],
    size: u8,
) -> Result<Vec<Point>, Vec<Mismatch>> {
    let mut points = Vec::new();
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for name in names {
        match Point::parse(name, size) {
            Some(point) if !seen.insert(point) => problems.push(
                Mismatch::new(key, format!("`{name}` is listed twice")).at_text(name.as_str()),
            ),
            Some(point) => points.push(point),
            None => problems.push(
                Mismatch::new(
                    key,
                    format!("`{name}` is not a point of the {size}×{size} board"),
                )
                .at_text(name.as_str())
                .help(POINT_HELP),
            ),
        }
    }
    if problems.is_empty() {
        Ok(points)
    } else {
        Err(problems)
    }
}

fn names(points: &[Point], size: u8) -> String {
    if points.is_empty() {
        return "nothing".to_string();
    }
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.col(size), p.row(size)));
    sorted
        .iter()
        .map(|p| p.name(size))
        .collect::<Vec<_>>()
        .join(", ")
}

fn cells_of(game: &Game) -> Vec<Option<Color>> {
    crate::cells_of(game)
}

/// The stones of `color` that were on `before` and are gone from `after`.
fn removed(before: &[Option<Color>], after: &[Option<Color>], color: Color) -> Vec<Point> {
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| **b == Some(color) && a.is_none())
        .map(|(i, _)| Point(i as u16))
        .collect()
}

/// Replays the example `spec` under `rules` from its own stones (or the
/// page's start) and compares every claim with the engine.
pub fn check(
    spec: &ExampleSpec,
    rules: &Rules,
    start: &crate::GoVariant,
) -> Result<CheckedExample, Vec<Mismatch>> {
    let size = rules.size;
    let mut problems: Vec<Mismatch> = spec
        .expect
        .problems()
        .into_iter()
        .map(|(key, message)| Mismatch::new(key, message))
        .collect();
    if let Some(reason) = &spec.expect.reason
        && !REASONS.contains(&reason.as_str())
    {
        let hint = did_you_mean(reason, REASONS.iter().copied())
            .map(|near| format!("; did you mean `{near}`?"))
            .unwrap_or_default();
        problems.push(
            Mismatch::new(
                "reason",
                format!("`{reason}` is not a reason the engine gives{hint}"),
            )
            .at_text(reason.as_str())
            .help(format!("the reasons are {}", REASONS.join(", "))),
        );
    }
    if spec.moves.is_empty() {
        problems.push(
            Mismatch::new("moves", "`moves` is empty; give at least one move")
                .help("a move is a point name (`D4`) or `pass`"),
        );
    }
    let own_position = spec.black.is_some() || spec.white.is_some() || spec.to_move.is_some();
    let (black, white, to_move) = if own_position {
        let black = parse_points("black", spec.black.as_deref().unwrap_or_default(), size);
        let white = parse_points("white", spec.white.as_deref().unwrap_or_default(), size);
        match (black, white) {
            (Ok(black), Ok(white)) => (black, white, spec.to_move.unwrap_or(Color::Black)),
            (black, white) => {
                problems.extend(black.err().unwrap_or_default());
                problems.extend(white.err().unwrap_or_default());
                return Err(problems);
            }
        }
    } else {
        (start.black.clone(), start.white.clone(), start.to_move)
    };
    let dead = match parse_points("dead", spec.dead.as_deref().unwrap_or_default(), size) {
        Ok(dead) => dead,
        Err(mut more) => {
            problems.append(&mut more);
            return Err(problems);
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut game = match Game::with_setup(rules.clone(), &black, &white, to_move) {
        Ok(game) => game,
        Err(error) => {
            let key = if own_position { "white" } else { "id" };
            let message = match error {
                rulehub_go::game::SetupError::Twice(p) => {
                    format!("{} holds a black and a white stone", p.name(size))
                }
                other => other.to_string(),
            };
            return Err(vec![Mismatch::new(key, message)]);
        }
    };
    if !game.every_chain_has_a_liberty() {
        return Err(vec![
            Mismatch::new("black", "a chain of stones in the position has no liberty")
                .help("a stone or chain without an empty neighbouring point would already have been captured; add a liberty or remove it"),
        ]);
    }
    let before = cells_of(&game);
    let mut played: Vec<PlayedMove> = Vec::new();
    let mut refused = None;
    let last = spec.moves.len().saturating_sub(1);
    for (i, text) in spec.moves.iter().enumerate() {
        let Some(mv) = Move::parse(text, size) else {
            return Err(vec![
                Mismatch::new(
                    "moves",
                    format!("in `moves`: `{text}` is not a move on the {size}×{size} board"),
                )
                .at_text(text.as_str())
                .help(format!("{POINT_HELP}, or `pass`")),
            ]);
        };
        let color = game.to_move();
        let cells = cells_of(&game);
        match game.play(mv) {
            Ok(()) => {
                let after = cells_of(&game);
                played.push(PlayedMove {
                    color,
                    mv,
                    captured: removed(&cells, &after, color.opponent()),
                    suicided: removed(&cells, &after, color)
                        .into_iter()
                        .chain(match mv {
                            Move::Place(p) if after[usize::from(p.0)].is_none() => Some(p),
                            _ => None,
                        })
                        .collect(),
                    cells: after,
                });
                if i == last && spec.expect.claims_illegal() {
                    return Err(vec![
                        Mismatch::new(
                            "legal",
                            format!("move {} ({text}) is legal under these rules, but the page claims `legal: false`", i + 1),
                        )
                        .help("remove `legal: false` and `reason`, and claim what the move does"),
                    ]);
                }
            }
            Err(found) if i == last && spec.expect.claims_illegal() => {
                let claimed = spec.expect.reason.as_deref().unwrap_or_default();
                if claimed != found.code() {
                    return Err(vec![
                        Mismatch::new(
                            "reason",
                            format!(
                                "move {} ({text}) is illegal for another reason: the engine says `{}`, the page `{claimed}`",
                                i + 1,
                                found.code()
                            ),
                        )
                        .at_text(claimed)
                        .help(format!("claim `reason: {}`", found.code())),
                    ]);
                }
                refused = Some(RefusedMove {
                    color,
                    mv,
                    reason: found,
                });
            }
            Err(found) => {
                return Err(vec![
                    Mismatch::new(
                        "moves",
                        format!("move {} ({text}) is illegal: {}", i + 1, found.code()),
                    )
                    .at_text(text.as_str())
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
    let after = cells_of(&game);
    let over = game.is_over();
    let mut count = None;
    if refused.is_none() {
        let expect = &spec.expect;
        let name = spec.moves.last().map(String::as_str).unwrap_or_default();
        let last_move = played.last();
        for (key, claimed, found) in [
            ("captures", &expect.captures, last_move.map(|m| &m.captured)),
            ("suicide", &expect.suicide, last_move.map(|m| &m.suicided)),
        ] {
            let (Some(claimed), Some(found)) = (claimed, found) else {
                continue;
            };
            let claimed_points = match parse_points(key, claimed, size) {
                Ok(points) => points,
                Err(mut more) => {
                    problems.append(&mut more);
                    continue;
                }
            };
            let a: BTreeSet<Point> = claimed_points.iter().copied().collect();
            let b: BTreeSet<Point> = found.iter().copied().collect();
            if a != b {
                let what = if key == "captures" {
                    "captures"
                } else {
                    "removes of its own"
                };
                let mut mismatch = Mismatch::new(
                    key,
                    format!(
                        "move {name} {what} {}, but the page claims {}",
                        names(found, size),
                        names(&claimed_points, size)
                    ),
                );
                if let Some(wrong) = a.difference(&b).next() {
                    mismatch = mismatch.at_text(wrong.name(size));
                }
                problems.push(mismatch);
            }
        }
        if expect.ongoing == Some(true) && over {
            problems.push(Mismatch::new(
                "ongoing",
                format!("after {name} two passes in a row have ended the game, but the page claims it goes on"),
            ));
        }
        if !dead.is_empty() && expect.score.is_none() {
            problems.push(Mismatch::new(
                "dead",
                "dead stones matter only for the count; claim the `score` or remove `dead`",
            ));
        }
        if over {
            match score(&game, &dead) {
                Ok(found) => {
                    if let Some(text) = &expect.score {
                        let claimed = parse_score(text);
                        let found_claim = found.winner().map(|w| (w, found.margin()));
                        match claimed {
                            None => problems.push(
                                Mismatch::new("score", format!("`{text}` is not a score"))
                                    .help("write the winner and the margin as `B+3.5` or `W+0.5`, or `0` for a draw"),
                            ),
                            Some(claimed) if claimed != found_claim => {
                                problems.push(Mismatch::new(
                                    "score",
                                    format!(
                                        "the count gives {} (Black {}, White {} with komi), but the page claims {text}",
                                        found.result(),
                                        found.black,
                                        found.white
                                    ),
                                ).at_text(text.as_str()));
                            }
                            Some(_) => {}
                        }
                    }
                    count = Some(Count {
                        score: found,
                        owners: owners(&game, &dead),
                        dead: dead.clone(),
                    });
                }
                Err(error) => problems.push(Mismatch::new(
                    "dead",
                    match error {
                        rulehub_go::score::ScoreError::NoStone(p) => {
                            format!("{} is marked dead but holds no stone", p.name(size))
                        }
                    },
                )),
            }
        } else if expect.score.is_some() {
            problems.push(
                Mismatch::new(
                    "score",
                    format!("after {name} the game goes on: only two passes in a row end it and bring the count"),
                )
                .help("end `moves` with `pass, pass`"),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(CheckedExample {
        id: spec.id.clone(),
        size,
        scoring: rules.scoring,
        before,
        to_move,
        played,
        refused,
        after,
        over,
        count,
    })
}

/// Who owns each point at the count, dead stones taken off: an empty
/// region reaching only one colour is that colour's; under territory
/// rules the eyes of chains in seki belong to no one (the engine's own
/// reading, see `rulehub_go::score`). Stones keep `None`.
pub fn owners(game: &Game, dead: &[Point]) -> Vec<Option<Color>> {
    let size = game.size();
    let n = usize::from(size);
    let mut cells = cells_of(game);
    for p in dead {
        cells[usize::from(p.0)] = None;
    }
    let neighbours = |i: usize| {
        let (row, col) = (i / n, i % n);
        let mut out = Vec::with_capacity(4);
        if col > 0 {
            out.push(i - 1);
        }
        if col + 1 < n {
            out.push(i + 1);
        }
        if row > 0 {
            out.push(i - n);
        }
        if row + 1 < n {
            out.push(i + n);
        }
        out
    };
    // Empty regions and which colours each reaches.
    let mut region = vec![usize::MAX; cells.len()];
    let mut reaches: Vec<[bool; 2]> = Vec::new();
    for startp in 0..cells.len() {
        if cells[startp].is_some() || region[startp] != usize::MAX {
            continue;
        }
        let id = reaches.len();
        let mut reach = [false, false];
        let mut stack = vec![startp];
        region[startp] = id;
        while let Some(p) = stack.pop() {
            for q in neighbours(p) {
                match cells[q] {
                    Some(c) => reach[c.index()] = true,
                    None if region[q] == usize::MAX => {
                        region[q] = id;
                        stack.push(q);
                    }
                    None => {}
                }
            }
        }
        reaches.push(reach);
    }
    let mut no_owner = vec![false; reaches.len()];
    if game.rules().scoring == Scoring::Territory {
        // A chain touching a neutral region is in seki; its eyes count nothing.
        let mut seen = vec![false; cells.len()];
        for startp in 0..cells.len() {
            let Some(color) = cells[startp] else { continue };
            if seen[startp] {
                continue;
            }
            let mut chain = Vec::new();
            let mut touches_neutral = false;
            let mut stack = vec![startp];
            seen[startp] = true;
            while let Some(p) = stack.pop() {
                chain.push(p);
                for q in neighbours(p) {
                    match cells[q] {
                        None => touches_neutral |= reaches[region[q]] == [true, true],
                        Some(c) if c == color && !seen[q] => {
                            seen[q] = true;
                            stack.push(q);
                        }
                        Some(_) => {}
                    }
                }
            }
            if touches_neutral {
                for p in chain {
                    for q in neighbours(p) {
                        if cells[q].is_none() {
                            no_owner[region[q]] = true;
                        }
                    }
                }
            }
        }
    }
    (0..cells.len())
        .map(|i| {
            if cells[i].is_some() {
                return None;
            }
            let id = region[i];
            if no_owner[id] {
                return None;
            }
            match reaches[id] {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
