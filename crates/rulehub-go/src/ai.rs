//! A Monte Carlo tree search player for 9×9 and 13×13 practice: UCT with
//! RAVE (all-moves-as-first statistics) and a small prior against lone
//! first- and second-line stones.
//!
//! The tree plays real moves (every rule, superko included) by play and
//! undo on one game; each leaf is judged by one light playout on a copy
//! without history: answer the last move when it left a chain in atari
//! (capture it, or extend ours out of atari), otherwise a uniformly random
//! legal move that does not fill one's own eye, until both sides pass; then
//! an area count with komi. The best move is the root child visited most.
//!
//! Bounded by a playout budget and an optional [`Deadline`]; with no
//! deadline the answer depends only on the position and the seed.

use rulehub_game::ai::{Deadline, Level, XorShift};

use crate::game::Game;
use crate::point::{Color, Move, Point};

/// The playouts per move of each level. Counts, not milliseconds, so a
/// level is as strong on a slow phone as on a fast desktop.
pub fn playouts_for(level: Level) -> u32 {
    match level {
        Level::Easy => 300,
        Level::Normal => 2_000,
        Level::Hard => 10_000,
    }
}

/// The UCT exploration constant: small, as usual with RAVE, whose
/// all-moves-as-first means already spread the visits.
const EXPLORATION: f64 = 0.3;
/// RAVE's equivalence parameter: about this many visits of a node weigh as
/// much as its all-moves-as-first statistics.
const RAVE_EQUIVALENCE: f64 = 1000.0;
/// How often (in playouts) the deadline's clock is read.
const CLOCK_INTERVAL: u32 = 16;

/// The answer of one search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thought {
    pub best: Move,
    pub playouts: u32,
    /// The best move's win rate for the side to move, 0..=1.
    pub win_rate: f64,
}

#[derive(Debug, Clone)]
struct Node {
    mv: Move,
    /// Who played `mv`; the node's wins are counted for that colour.
    player: Color,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: u32,
    wins: f64,
    /// All-moves-as-first statistics (RAVE): playouts from the parent in
    /// which `player` played `mv` at any later point.
    amaf_visits: f64,
    amaf_wins: f64,
}

/// Whether `p` is an eye of `color`: every neighbour is `color`, and the
/// diagonals hold at most one opponent stone (none at the edge), so the
/// eye is not a false one.
fn is_own_eye(game: &Game, p: Point, color: Color) -> bool {
    let n = game.size();
    let (ns, len) = game.neighbours(p.0);
    if ns[..len].iter().any(|&q| game.at(Point(q)) != Some(color)) {
        return false;
    }
    let (row, col) = (i16::from(p.row(n)), i16::from(p.col(n)));
    let mut off_board = 0;
    let mut hostile = 0;
    for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let (r, c) = (row + dr, col + dc);
        if r < 0 || c < 0 || r >= i16::from(n) || c >= i16::from(n) {
            off_board += 1;
        } else if game.at(Point::at(r as u8, c as u8, n)) == Some(color.opponent()) {
            hostile += 1;
        }
    }
    if off_board > 0 {
        hostile == 0
    } else {
        hostile <= 1
    }
}

/// The moves the tree considers: legal ones that do not fill one's own
/// eye. The pass only after the opponent's pass (then it ends the game and
/// the count is exact) or when nothing else is left: random playouts judge
/// an early pass too kindly, and the AI gave games away by passing.
fn tree_moves(game: &Game) -> Vec<Move> {
    let me = game.to_move();
    let mut moves: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| match m {
            Move::Place(p) => !is_own_eye(game, p, me),
            Move::Pass => false,
        })
        .collect();
    let opponent_passed = matches!(game.last_move(), Some((_, Move::Pass)));
    if moves.is_empty() || opponent_passed {
        moves.push(Move::Pass);
    }
    moves
}

/// The playout's urgent answer to the last move: take a chain it left in
/// atari (its own, or one of ours next to it we can save by extending).
fn urgent_move(game: &mut Game) -> Option<Point> {
    let Some((_, Move::Place(last))) = game.last_move() else {
        return None;
    };
    // Capture the stone just played if it stands in atari.
    if let Some(liberty) = game.single_liberty(last)
        && game.check(Move::Place(liberty)).is_ok()
    {
        return Some(liberty);
    }
    // Save one of our chains the move put in atari.
    let me = game.to_move();
    let (ns, len) = game.neighbours(last.0);
    for &q in &ns[..len] {
        if game.at(Point(q)) == Some(me)
            && let Some(liberty) = game.single_liberty(Point(q))
            && game.check(Move::Place(liberty)).is_ok()
            && game.play(Move::Place(liberty)).is_ok()
        {
            // Only an extension that leaves more than one liberty saves.
            let saved = game.single_liberty(liberty).is_none();
            game.undo();
            if saved {
                return Some(liberty);
            }
        }
    }
    None
}

/// The area count of a finished playout, Black's margin minus komi.
fn area_margin(game: &Game) -> f64 {
    match crate::score::breakdown(game, &[]) {
        Ok(b) => {
            f64::from(b.stones[0] + b.territory[0])
                - f64::from(b.stones[1] + b.territory[1])
                - game.rules().komi
        }
        Err(_) => 0.0,
    }
}

/// Virtual visits each new tree node starts with, carrying its prior.
const PRIOR_VISITS: u32 = 10;

/// A prior for a move just played on `game` (the "even game" knowledge of
/// Monte Carlo Go programs): a stone on the first two lines with no stone
/// next to it is slow, so it starts with fewer virtual wins. Uniform random playouts alone cannot tell an
/// edge move from a central one within a few thousand playouts.
fn prior(game: &Game, mv: Move) -> (u32, f64) {
    let Move::Place(p) = mv else {
        return (0, 0.0);
    };
    let n = game.size();
    let line = p
        .row(n)
        .min(p.col(n))
        .min(n - 1 - p.row(n))
        .min(n - 1 - p.col(n));
    let (ns, len) = game.neighbours(p.0);
    let alone = ns[..len].iter().all(|&q| game.at(Point(q)).is_none());
    let rate = match line {
        0 if alone => 0.1,
        1 if alone => 0.3,
        _ => 0.5,
    };
    (PRIOR_VISITS, f64::from(PRIOR_VISITS) * rate)
}

/// Plays random non-eye-filling moves to the end; the winner, if any.
pub fn playout(game: &Game, rng: &mut XorShift) -> Option<Color> {
    playout_recording(game, rng, &mut Vec::new())
}

/// [`playout`], appending each stone played (colour, point) to `played`
/// for the all-moves-as-first statistics.
fn playout_recording(
    game: &Game,
    rng: &mut XorShift,
    played: &mut Vec<(Color, Point)>,
) -> Option<Color> {
    let mut game = game.light_copy();
    let limit = 3 * usize::from(game.size()) * usize::from(game.size());
    let mut candidates: Vec<Point> = Vec::with_capacity(game.points().count());
    for _ in 0..limit {
        if game.is_over() {
            break;
        }
        let mover = game.to_move();
        if let Some(p) = urgent_move(&mut game)
            && game.play(Move::Place(p)).is_ok()
        {
            played.push((mover, p));
            continue;
        }
        let me = game.to_move();
        candidates.clear();
        candidates.extend(
            game.points()
                .filter(|&p| game.at(p).is_none() && !is_own_eye(&game, p, me)),
        );
        let mut placed = false;
        while !candidates.is_empty() {
            let i = rng.below(candidates.len() as u64) as usize;
            let p = candidates.swap_remove(i);
            if game.play(Move::Place(p)).is_ok() {
                played.push((me, p));
                placed = true;
                break;
            }
        }
        if !placed && game.play(Move::Pass).is_err() {
            break;
        }
    }
    let margin = area_margin(&game);
    if margin > 0.0 {
        Some(Color::Black)
    } else if margin < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

/// Searches the side to move's best move.
pub fn think(game: &Game, playouts: u32, seed: u64, deadline: Option<&Deadline>) -> Thought {
    let root_player = game.to_move();
    if game.is_over() {
        return Thought {
            best: Move::Pass,
            playouts: 0,
            win_rate: 0.0,
        };
    }
    let mut game = game.clone();
    let mut rng = XorShift::new(seed);
    let start = deadline.map(|d| (d.now_ms)());
    let mut nodes = vec![Node {
        mv: Move::Pass,
        player: root_player.opponent(),
        parent: usize::MAX,
        children: Vec::new(),
        untried: tree_moves(&game),
        visits: 0,
        wins: 0.0,
        amaf_visits: 0.0,
        amaf_wins: 0.0,
    }];
    let mut done = 0;
    let mut path_moves = 0usize;
    let points = game.points().count();
    let mut played: Vec<(Color, Point)> = Vec::with_capacity(points * 3);
    let mut first_by = [vec![false; points], vec![false; points]];
    while done < playouts.max(1) {
        if let (Some(d), Some(t0)) = (deadline, start)
            && done % CLOCK_INTERVAL == 0
            && done > 0
            && (d.now_ms)() - t0 >= d.budget_ms
        {
            break;
        }
        // Selection.
        let mut node = 0;
        while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
            let log_n = f64::from(nodes[node].visits.max(1)).ln();
            let mut best = nodes[node].children[0];
            let mut best_value = f64::NEG_INFINITY;
            for &c in &nodes[node].children {
                let child = &nodes[c];
                let value = if child.visits == 0 {
                    f64::INFINITY
                } else {
                    let n = f64::from(child.visits);
                    let mean = child.wins / n;
                    // RAVE: lean on the all-moves-as-first mean while the
                    // node's own visits are few (Gelly and Silver's beta).
                    let blended = if child.amaf_visits > 0.0 {
                        let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
                        (1.0 - beta) * mean + beta * child.amaf_wins / child.amaf_visits
                    } else {
                        mean
                    };
                    blended + EXPLORATION * (log_n / n).sqrt()
                };
                if value > best_value {
                    best_value = value;
                    best = c;
                }
            }
            if game.play(nodes[best].mv).is_err() {
                break;
            }
            path_moves += 1;
            node = best;
        }
        // Expansion.
        if !nodes[node].untried.is_empty() && !game.is_over() {
            let i = rng.below(nodes[node].untried.len() as u64) as usize;
            let mv = nodes[node].untried.swap_remove(i);
            let player = game.to_move();
            if game.play(mv).is_ok() {
                path_moves += 1;
                let child = nodes.len();
                let (prior_visits, prior_wins) = prior(&game, mv);
                nodes.push(Node {
                    mv,
                    player,
                    parent: node,
                    children: Vec::new(),
                    untried: tree_moves(&game),
                    visits: prior_visits,
                    wins: prior_wins,
                    amaf_visits: 0.0,
                    amaf_wins: 0.0,
                });
                nodes[node].children.push(child);
                node = child;
            }
        }
        // Simulation and backpropagation.
        played.clear();
        let winner = playout_recording(&game, &mut rng, &mut played);
        let reward = |player: Color| match winner {
            Some(c) if c == player => 1.0,
            None => 0.5,
            Some(_) => 0.0,
        };
        // `first_by[colour][point]`: the point was played by that colour
        // after the node being updated (playout first, then the tree path
        // as the walk climbs).
        for marks in first_by.iter_mut() {
            marks.iter_mut().for_each(|m| *m = false);
        }
        for &(c, p) in &played {
            first_by[c.index()][usize::from(p.0)] = true;
        }
        let mut at = node;
        while at != usize::MAX {
            for i in 0..nodes[at].children.len() {
                let c = nodes[at].children[i];
                if let Move::Place(p) = nodes[c].mv
                    && first_by[nodes[c].player.index()][usize::from(p.0)]
                {
                    let r = reward(nodes[c].player);
                    nodes[c].amaf_visits += 1.0;
                    nodes[c].amaf_wins += r;
                }
            }
            let n = &mut nodes[at];
            n.visits += 1;
            n.wins += reward(n.player);
            if let Move::Place(p) = n.mv
                && n.parent != usize::MAX
            {
                first_by[n.player.index()][usize::from(p.0)] = true;
            }
            at = n.parent;
        }
        for _ in 0..path_moves {
            game.undo();
        }
        path_moves = 0;
        done += 1;
    }
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by_key(|&c| nodes[c].visits)
        .map(|c| {
            (
                nodes[c].mv,
                nodes[c].wins / f64::from(nodes[c].visits.max(1)),
            )
        });
    let (best, win_rate) = best.unwrap_or((Move::Pass, 0.0));
    Thought {
        best,
        playouts: done,
        win_rate,
    }
}

/// The move for a level (see [`playouts_for`]).
pub fn think_at(game: &Game, level: Level, seed: u64, deadline: Option<&Deadline>) -> Thought {
    think(game, playouts_for(level), seed, deadline)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;

    #[test]
    fn the_same_seed_gives_the_same_move() {
        let game = Game::new(
            preset("go-chinese")
                .expect("preset")
                .with_size(9)
                .expect("9"),
        );
        let a = think(&game, 200, 7, None);
        let b = think(&game, 200, 7, None);
        assert_eq!(a, b);
        assert_eq!(a.playouts, 200);
    }
}
