//! Iterative-deepening negamax with alpha-beta pruning, a transposition
//! table and a bounded quiescence search on captures.

use super::ordering::Heuristics;
use super::rng::XorShift;
use super::tt::{self, Bound, Entry, Table};
use super::{Limits, Searchable, Terminal};

/// The score of a win at the root; a win `n` plies away scores `MATE - n`,
/// so the search prefers the quickest win and the slowest loss.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in size) are wins or losses, not evaluations.
pub const MATE_THRESHOLD: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// How many captures deep quiescence follows an exchange.
const QUIESCENCE_PLIES: u32 = 4;
/// Late-move reductions: quiet moves after this many tried ones are first
/// searched one ply shallower, from this remaining depth on.
const LMR_AFTER_MOVES: usize = 4;
const LMR_MIN_DEPTH: u32 = 3;
/// The clock is read once every this many nodes (reading it costs).
const CLOCK_INTERVAL: u64 = 1024;
/// 2^16 slots: small enough for a browser tab, large enough for the levels.
const TABLE_BITS: u32 = 16;

/// A time budget: an injected clock (milliseconds from any origin) and how
/// many milliseconds the search may use. The engine never reads a clock of
/// its own.
pub struct Deadline<'a> {
    pub now_ms: &'a dyn Fn() -> f64,
    pub budget_ms: f64,
}

/// The answer of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult<M> {
    pub best: M,
    /// From the side to move's point of view; see [`MATE`].
    pub score: i32,
    /// The deepest iteration that finished.
    pub depth: u32,
    pub nodes: u64,
}

impl<M> SearchResult<M> {
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score >= MATE_THRESHOLD {
            Some(MATE - self.score)
        } else if self.score <= -MATE_THRESHOLD {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }
}

struct Searcher<'a, M> {
    table: Table<M>,
    heuristics: Heuristics<M>,
    nodes: u64,
    limits: Limits,
    deadline: Option<(&'a Deadline<'a>, f64)>,
    stopped: bool,
}

/// Searches `game` and returns the best move found, or `None` when the game
/// is over or the side to move has no move. The game is left as it came.
pub fn search<G: Searchable>(
    game: &mut G,
    limits: &Limits,
    seed: u64,
    deadline: Option<&Deadline<'_>>,
) -> Option<SearchResult<G::Move>> {
    if game.terminal().is_some() {
        return None;
    }
    let mut moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut rng = XorShift::new(seed);
    // Shuffled once so that equally rated moves are chosen by the seed.
    rng.shuffle(&mut moves);
    let noise: Vec<i32> = moves
        .iter()
        .map(|_| noise(&mut rng, limits.root_noise))
        .collect();
    let mut searcher = Searcher {
        table: Table::new(TABLE_BITS),
        heuristics: Heuristics::new(game.move_key_space()),
        nodes: 0,
        limits: *limits,
        deadline: deadline.map(|d| (d, (d.now_ms)() + d.budget_ms)),
        stopped: false,
    };
    let mut best: Option<SearchResult<G::Move>> = None;
    for depth in 1..=limits.max_depth.max(1) {
        let Some((mv, score)) = searcher.root(game, &mut moves, &noise, depth) else {
            break;
        };
        best = Some(SearchResult {
            best: mv,
            score,
            depth,
            nodes: searcher.nodes,
        });
        if score.abs() >= MATE_THRESHOLD || searcher.out_of_budget_for_next_iteration() {
            break;
        }
    }
    let mut result = best.unwrap_or(SearchResult {
        // Not even depth 1 finished: any legal move beats none.
        best: moves[0],
        score: 0,
        depth: 0,
        nodes: 0,
    });
    result.nodes = searcher.nodes;
    Some(result)
}

fn noise(rng: &mut XorShift, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        0
    } else {
        rng.below(2 * amplitude as u64 + 1) as i32 - amplitude
    }
}

impl<M: Copy + Eq + std::fmt::Debug> Searcher<'_, M> {
    /// One iteration at the root. Returns `None` when the budget ran out
    /// before it finished (its partial result is not trusted).
    fn root<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        moves: &mut [M],
        noise: &[i32],
        depth: u32,
    ) -> Option<(M, i32)> {
        // Keep the noise with its move while reordering.
        let mut paired: Vec<(M, i32)> = moves.iter().copied().zip(noise.iter().copied()).collect();
        let tt_move = self.table.probe(game.hash()).and_then(|e| e.best);
        let mut order: Vec<M> = paired.iter().map(|p| p.0).collect();
        self.heuristics.order(game, &mut order, tt_move, 0);
        // Every root move is in `order`; its place there is its rank.
        crate::keysort::sort_by_key(&mut paired, |p| {
            order.iter().position(|m| *m == p.0).unwrap_or(order.len()) as u32
        });
        let noisy = paired.iter().any(|p| p.1 != 0);
        let mut alpha = -INFINITY;
        let mut best: Option<(M, i32)> = None;
        for &(mv, bump) in &paired {
            game.make(mv);
            // With noise every root move needs its true score, so the root
            // window stays open; otherwise the usual alpha bound applies.
            let score = if noisy || best.is_none() {
                -self.negamax(game, depth - 1, 1, -INFINITY, INFINITY)
            } else {
                // As in the tree below: show later moves no better with a
                // null window, and search in full only one that is.
                let probe = -self.negamax(game, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha {
                    -self.negamax(game, depth - 1, 1, -INFINITY, -alpha)
                } else {
                    probe
                }
            };
            game.unmake();
            if self.stopped {
                return None;
            }
            let rated = score.saturating_add(if score.abs() < MATE_THRESHOLD {
                bump
            } else {
                0
            });
            if best.is_none_or(|(_, b)| rated > b) {
                best = Some((mv, rated));
            }
            alpha = alpha.max(rated);
        }
        let (mv, score) = best?;
        self.table.store(Entry {
            key: game.hash(),
            depth,
            score,
            bound: Bound::Exact,
            best: Some(mv),
        });
        for (slot, p) in moves.iter_mut().zip(&paired) {
            *slot = p.0;
        }
        Some((mv, score))
    }

    fn negamax<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(t) = game.terminal() {
            return terminal_score(t, ply);
        }
        if depth == 0 {
            return self.quiescence(game, QUIESCENCE_PLIES, ply, alpha, beta);
        }
        if self.tick() {
            return 0;
        }
        let key = game.hash();
        let entry = self.table.probe(key);
        if let Some(e) = entry
            && e.depth >= depth
        {
            let score = tt::from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let mut moves = game.legal_moves();
        if moves.is_empty() {
            return game.evaluate();
        }
        self.heuristics
            .order(game, &mut moves, entry.and_then(|e| e.best), ply as usize);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0];
        for (tried, mv) in moves.into_iter().enumerate() {
            // Principal-variation search: the first (best-ordered) move gets
            // the full window; the rest only have to be shown no better, with
            // a null window, and late quiet ones at reduced depth. A move
            // that proves better after all is searched again in full.
            let reduce =
                tried >= LMR_AFTER_MOVES && depth >= LMR_MIN_DEPTH && game.forcing_bonus(mv) == 0;
            game.make(mv);
            let score = if tried == 0 {
                -self.negamax(game, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let reduced = depth - 1 - u32::from(reduce);
                let mut score = -self.negamax(game, reduced, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduce {
                    score = -self.negamax(game, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(game, depth - 1, ply + 1, -beta, -alpha);
                }
                score
            };
            game.unmake();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if game.forcing_bonus(mv) == 0 {
                    let key = game.move_key(mv);
                    self.heuristics.reward(ply as usize, mv, key, depth);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            depth,
            score: tt::to_table(best_score, ply),
            bound,
            best: Some(best_move),
        });
        best_score
    }

    /// Follows captures only, so a position is not judged in the middle of
    /// an exchange; the side to move may also "stand pat" on the static score.
    fn quiescence<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        plies_left: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(t) = game.terminal() {
            return terminal_score(t, ply);
        }
        if self.tick() {
            return 0;
        }
        let stand = game.evaluate();
        if stand >= beta || plies_left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for mv in game.legal_moves() {
            if !game.may_capture(mv) {
                continue;
            }
            game.make(mv);
            if !game.last_move_captured() && game.terminal().is_none() {
                game.unmake();
                continue;
            }
            let score = -self.quiescence(game, plies_left - 1, ply + 1, -beta, -alpha);
            game.unmake();
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Counts a node; returns whether the search must stop now.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && let Some((d, end)) = self.deadline
            && (d.now_ms)() >= end
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether starting another iteration is pointless: each one costs
    /// several times the last, so past half the budget it would not finish.
    fn out_of_budget_for_next_iteration(&self) -> bool {
        if self.limits.max_nodes.is_some_and(|n| self.nodes * 2 >= n) {
            return true;
        }
        match self.deadline {
            Some((d, end)) => (d.now_ms)() >= end - d.budget_ms / 2.0,
            None => false,
        }
    }
}

fn terminal_score(t: Terminal, ply: u32) -> i32 {
    match t {
        Terminal::Win => MATE - ply as i32,
        Terminal::Loss => -(MATE - ply as i32),
        Terminal::Draw => 0,
    }
}
