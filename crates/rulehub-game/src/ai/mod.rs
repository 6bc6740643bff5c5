//! A game-playing AI: iterative-deepening alpha-beta (negamax) with a
//! transposition table, move ordering and a quiescence search on captures.
//!
//! The search is generic over [`Searchable`], a small trait a game family
//! implements in its own crate with its own evaluation. Like the rest of the engine it is pure: no
//! threads, no clock of its own and no I/O. The caller bounds a search by
//! depth and nodes, and may inject a clock ([`Deadline`]) — so the same code
//! runs natively and in WebAssembly, and a node-bounded search is exactly
//! reproducible from its seed.

mod assessment;
mod ordering;
mod rng;
mod search;
mod tt;

use std::fmt;

// The forcing-move scale, for families' own move ordering.
pub use assessment::{Assessment, Verdict};
pub use ordering::FORCING_BASE;
pub use rng::XorShift;
pub use search::{Deadline, MATE, MATE_THRESHOLD, SearchResult, search};

/// How a finished game looks to the side that would be to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terminal {
    Win,
    Loss,
    Draw,
}

/// What the search needs from a game. Scores are always from the point of
/// view of the side to move (negamax).
pub trait Searchable {
    type Move: Copy + Eq + fmt::Debug;

    /// Every legal move of the side to move; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move taken from [`Searchable::legal_moves`].
    fn make(&mut self, mv: Self::Move);
    /// Takes back the last move made with [`Searchable::make`].
    fn unmake(&mut self);
    /// A hash of the position and the side to move.
    fn hash(&self) -> u64;
    /// `Some` once the game is over.
    fn terminal(&self) -> Option<Terminal>;
    /// A static score of the position for the side to move; far below
    /// [`MATE_THRESHOLD`] in size.
    fn evaluate(&self) -> i32;
    /// A bonus (multiple of [`ordering::FORCING_BASE`] scale, 0 for quiet
    /// moves) for moves likely to matter: captures, king moves.
    fn forcing_bonus(&self, mv: Self::Move) -> i32;
    /// A cheap test that rules out moves that cannot capture; quiescence
    /// plays only the moves that pass it and then asks
    /// [`Searchable::last_move_captured`].
    fn may_capture(&self, mv: Self::Move) -> bool;
    fn last_move_captured(&self) -> bool;
    /// A dense index of the move (e.g. from × squares + to) for the history table.
    fn move_key(&self, mv: Self::Move) -> usize;
    /// The number of distinct [`Searchable::move_key`] values.
    fn move_key_space(&self) -> usize;
}

/// How hard the AI tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    /// Every level, weakest first, so option lists come from this enum.
    pub const ALL: &'static [Level] = &[Level::Easy, Level::Normal, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.iter().copied().find(|l| l.as_str() == name)
    }

    /// The longest a reader waits for this level's move where a clock is
    /// at hand (the practice board): a [`Deadline`] of this many
    /// milliseconds on top of [`Level::limits`], so a slow device or a
    /// large board gets the deepest search that fits instead of a long
    /// wait. The search stops deepening at half of it; a move the node
    /// budget finishes sooner is the same as without it.
    pub fn reply_time_ms(self) -> u32 {
        match self {
            Level::Easy => 500,
            Level::Normal => 1_500,
            Level::Hard => 2_500,
        }
    }

    /// The search bounds of the level. The node budgets keep a level's
    /// strength (and its answer for a seed) independent of the machine; a
    /// caller may add a [`Deadline`] on top.
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                max_depth: 1,
                max_nodes: Some(20_000),
                root_noise: 150,
            },
            Level::Normal => Limits {
                max_depth: 3,
                max_nodes: Some(150_000),
                root_noise: 0,
            },
            Level::Hard => Limits {
                max_depth: 6,
                max_nodes: Some(1_600_000),
                root_noise: 0,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Bounds of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest full-width iteration (quiescence searches captures beyond it).
    pub max_depth: u32,
    /// Stop after about this many nodes (the last finished iteration counts).
    pub max_nodes: Option<u64>,
    /// Up to this many points of seeded noise on each root move's score, so
    /// a weak level varies its play (0: always the best move found).
    pub root_noise: i32,
}

impl Limits {
    /// Only a depth bound.
    pub fn depth(max_depth: u32) -> Limits {
        Limits {
            max_depth,
            max_nodes: None,
            root_noise: 0,
        }
    }
}
