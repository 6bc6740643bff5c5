//! A search's score as a person reads it: who stands better, and by how
//! much, in a few steps a page can word in any language.

/// How far one side is ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Even,
    Ahead,
    Winning,
    /// A win the search has seen to the end, whatever the other side does.
    ForcedWin,
}

impl Verdict {
    /// Every verdict, so message lists come from this enum.
    pub const ALL: &'static [Verdict] = &[
        Verdict::Even,
        Verdict::Ahead,
        Verdict::Winning,
        Verdict::ForcedWin,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Verdict::Even => "even",
            Verdict::Ahead => "ahead",
            Verdict::Winning => "winning",
            Verdict::ForcedWin => "forced-win",
        }
    }
}

/// A verdict and whom it favours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assessment {
    pub verdict: Verdict,
    /// Whether the side to move is the one ahead (for `Even`, true).
    pub favours_mover: bool,
    /// For a forced win: the winner's moves to it.
    pub moves: Option<u32>,
}

/// Below this many points either way a position is even. The families'
/// evaluations count a piece as about 100 points.
const EVEN_BELOW: i32 = 60;
/// From this many points a side is winning: about three pieces.
const WINNING_FROM: i32 = 300;

impl Assessment {
    /// Reads a score from the side to move's point of view, with the plies
    /// to a forced end when the search found one (`SearchResult::mate_in`).
    pub fn of(score: i32, mate_in: Option<i32>) -> Assessment {
        if let Some(plies) = mate_in {
            // The mover plays plies 1, 3, 5…; the other side 2, 4, 6….
            let (favours_mover, moves) = if plies > 0 {
                (true, plies.unsigned_abs().div_ceil(2))
            } else {
                (false, plies.unsigned_abs() / 2)
            };
            return Assessment {
                verdict: Verdict::ForcedWin,
                favours_mover,
                moves: Some(moves.max(1)),
            };
        }
        let verdict = match score.saturating_abs() {
            s if s < EVEN_BELOW => Verdict::Even,
            s if s < WINNING_FROM => Verdict::Ahead,
            _ => Verdict::Winning,
        };
        Assessment {
            verdict,
            favours_mover: score >= 0,
            moves: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_steps_for_the_side_ahead() {
        let read = |score| {
            let a = Assessment::of(score, None);
            (a.verdict, a.favours_mover)
        };
        assert_eq!(read(0), (Verdict::Even, true));
        assert_eq!(read(-59), (Verdict::Even, false));
        assert_eq!(read(60), (Verdict::Ahead, true));
        assert_eq!(read(-299), (Verdict::Ahead, false));
        assert_eq!(read(300), (Verdict::Winning, true));
        assert_eq!(read(i32::MIN), (Verdict::Winning, false));
    }

    #[test]
    fn a_forced_end_counts_the_winners_moves() {
        let read = |plies| {
            let a = Assessment::of(0, Some(plies));
            (a.verdict, a.favours_mover, a.moves)
        };
        // The mover wins with its next move, or with its third.
        assert_eq!(read(1), (Verdict::ForcedWin, true, Some(1)));
        assert_eq!(read(5), (Verdict::ForcedWin, true, Some(3)));
        // The mover moves, then the other side wins: one move of theirs.
        assert_eq!(read(-2), (Verdict::ForcedWin, false, Some(1)));
        assert_eq!(read(-6), (Verdict::ForcedWin, false, Some(3)));
    }
}
