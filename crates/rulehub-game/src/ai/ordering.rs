//! Move ordering: alpha-beta cuts off sooner when the best move is tried
//! first. The order is: the transposition table's move, then moves the game
//! rates as forcing (captures, king moves), then killer moves (quiet moves
//! that cut off at the same ply in a sibling), then the history heuristic
//! (quiet moves that cut off often anywhere).

use super::Searchable;

const TT_MOVE: i32 = 1 << 28;
const KILLER_FIRST: i32 = 1 << 20;
const KILLER_SECOND: i32 = KILLER_FIRST - 1;
/// History counters are capped below the killers so they only sort the rest.
const HISTORY_CAP: i32 = KILLER_SECOND - 1;

/// Killer and history tables for one search.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq> Heuristics<M> {
    pub fn new(move_keys: usize) -> Heuristics<M> {
        Heuristics {
            killers: Vec::new(),
            history: vec![0; move_keys],
        }
    }

    /// Records a quiet move that caused a cut-off at `ply` at `depth`.
    pub fn reward(&mut self, ply: usize, mv: M, key: usize, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let Some(h) = self.history.get_mut(key) {
            // Deeper cut-offs say more; square the depth as is customary.
            *h = (*h + (depth * depth) as i32).min(HISTORY_CAP);
        }
    }

    fn killer_rank(&self, ply: usize, mv: M) -> i32 {
        match self.killers.get(ply) {
            Some([Some(k), _]) if *k == mv => KILLER_FIRST,
            Some([_, Some(k)]) if *k == mv => KILLER_SECOND,
            _ => 0,
        }
    }

    /// Sorts `moves` best-first for the node at `ply`. The sort is stable, so
    /// moves that score alike keep the (seed-shuffled) order they came in.
    pub fn order<G: Searchable<Move = M>>(
        &self,
        game: &G,
        moves: &mut [M],
        tt_move: Option<M>,
        ply: usize,
    ) {
        crate::keysort::sort_by_key(moves, |&mv| {
            let score = if Some(mv) == tt_move {
                TT_MOVE
            } else {
                let forcing = game.forcing_bonus(mv);
                let quiet = if forcing == 0 {
                    self.killer_rank(ply, mv)
                        .max(self.history.get(game.move_key(mv)).copied().unwrap_or(0))
                } else {
                    0
                };
                forcing + quiet
            };
            crate::keysort::descending(score)
        });
    }
}

/// The bonus scale a game should use in [`Searchable::forcing_bonus`] so
/// forcing moves sort above killers and history.
pub const FORCING_BASE: i32 = 1 << 22;
