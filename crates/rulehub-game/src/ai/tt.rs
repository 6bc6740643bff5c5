//! The transposition table: what earlier searches learnt about a position
//! (score bound, depth, best move), found again by its Zobrist hash when
//! the same position comes up through another move order or the next
//! iteration of iterative deepening.

use super::search::MATE_THRESHOLD;

/// How a stored score relates to the true score of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The search saw every move: the score is exact.
    Exact,
    /// A move was good enough to cut off: the true score is at least this.
    Lower,
    /// No move raised alpha: the true score is at most this.
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    pub key: u64,
    pub depth: u32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A fixed-size, always-replace-if-deeper-or-other table indexed by hash.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table<M> {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry; a deeper entry of the same position is kept, any
    /// other position is replaced (newer searches matter more).
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if let Some(old) = slot
            && old.key == entry.key
            && old.depth > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        *slot = Some(entry);
    }
}

/// Mate scores count plies from the root; in the table they are stored
/// relative to the node so that a mate found through a transposition keeps
/// its true distance.
pub fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_THRESHOLD {
        score + ply as i32
    } else if score <= -MATE_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_THRESHOLD {
        score - ply as i32
    } else if score <= -MATE_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
