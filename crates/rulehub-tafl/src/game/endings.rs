//! How a game ends: escapes, king captures, a side without moves, repetition
//! and the move limit, encirclement and exit forts.

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

use crate::Side;
use crate::position::{ATT, CELLS, DEF, EMPTY, KING, OFF};
use crate::rules::{Escape, RepetitionResult};

use super::*;

impl Game {
    /// The state of a position the game starts from. A position without a
    /// king (allowed in examples) simply has no king rules.
    pub(super) fn initial_outcome(&self) -> Outcome {
        if self.king != 0 && self.geo.flags[self.king] & F_ESCAPE != 0 {
            return self.escape_win();
        }
        if self.rules.defenders_win_if_no_attackers && self.attackers == 0 {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::AllAttackersCaptured,
            };
        }
        if self.rules.encirclement && self.encircled() {
            return Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::Encirclement,
            };
        }
        if !self.has_legal_move() {
            return self.no_moves_outcome();
        }
        Outcome::Ongoing
    }

    /// Whether an attacker arriving on `to` (without capturing) could have
    /// closed a ring. The eight squares around `to` form a cycle of
    /// orthogonally adjacent squares; with at most one attacker or off-board
    /// square among them, the other neighbours stay connected around `to`,
    /// so no defender lost its way to the edge.
    #[inline]
    pub(super) fn may_close_a_ring(&self, to: usize) -> bool {
        let w = self.geo.w as isize;
        let mut barrier = 0;
        for d in [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1] {
            let c = self.pos.cells[(to as isize + d) as usize];
            barrier += usize::from(c == ATT || c == OFF);
        }
        barrier >= 2
    }

    pub(super) fn escape_win(&self) -> Outcome {
        Outcome::Win {
            winner: Side::Defenders,
            reason: match self.rules.escape {
                Escape::Edge => WinReason::EdgeEscape,
                Escape::Corners => WinReason::CornerEscape,
                Escape::Squares => WinReason::SquareEscape,
            },
        }
    }

    pub(super) fn no_moves_outcome(&self) -> Outcome {
        if self.rules.no_moves_loses {
            Outcome::Win {
                winner: self.to_move.opponent(),
                reason: WinReason::NoLegalMoves,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::NoLegalMoves,
            }
        }
    }

    pub(super) fn outcome_after(
        &self,
        piece: u8,
        to: usize,
        captured: bool,
        full: bool,
    ) -> Outcome {
        if piece == KING && self.geo.flags[to] & F_ESCAPE != 0 {
            return self.escape_win();
        }
        if piece != ATT && self.rules.exit_fort && self.exit_fort() {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::ExitFort,
            };
        }
        debug_assert!(
            !(piece == ATT
                && self.rules.encirclement
                && !captured
                && !self.may_close_a_ring(to)
                && self.encircled()),
            "the ring filter skipped a real encirclement"
        );
        if piece == ATT
            && self.rules.encirclement
            && (captured || self.may_close_a_ring(to))
            && self.encircled()
        {
            return Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::Encirclement,
            };
        }
        if self.rules.defenders_win_if_no_attackers && self.attackers == 0 {
            return Outcome::Win {
                winner: Side::Defenders,
                reason: WinReason::AllAttackersCaptured,
            };
        }
        if let Some(rep) = self.rules.repetition
            && self.quiet + 1 >= rep.count.saturating_sub(1) * 2
            && self.occurrences() >= rep.count as usize
        {
            return match rep.result {
                RepetitionResult::Draw => Outcome::Draw {
                    reason: DrawReason::Repetition,
                },
                RepetitionResult::AttackersLose => Outcome::Win {
                    winner: Side::Defenders,
                    reason: WinReason::Repetition,
                },
                RepetitionResult::DefendersLose => Outcome::Win {
                    winner: Side::Attackers,
                    reason: WinReason::Repetition,
                },
                // The side that moved repeated; the side now to move wins.
                RepetitionResult::RepeatingSideLoses => Outcome::Win {
                    winner: self.to_move,
                    reason: WinReason::Repetition,
                },
            };
        }
        if let Some(limit) = self.rules.move_limit
            && self.quiet >= limit
        {
            return Outcome::Draw {
                reason: DrawReason::MoveLimit,
            };
        }
        if full && !self.has_legal_move() {
            return self.no_moves_outcome();
        }
        Outcome::Ongoing
    }

    /// True when no defender (king included) can reach the board edge any
    /// more: every path from them to the edge crosses an attacker.
    pub(super) fn encircled(&self) -> bool {
        let g = &self.geo;
        let (rows, cols) = (g.rows, g.cols);
        let [att, def] = &self.rows;
        let full = (1u32 << cols) - 1;
        let mut open = [0u32; 19];
        let mut reach = [0u32; 19];
        for r in 0..rows {
            open[r] = full & !att[r];
            let border = if r == 0 || r + 1 == rows {
                full
            } else {
                1 | (1 << (cols - 1))
            };
            reach[r] = open[r] & border;
            if reach[r] & def[r] != 0 {
                return false;
            }
        }
        loop {
            let mut changed = false;
            for r in 0..rows {
                let mut x = reach[r];
                if r > 0 {
                    x |= reach[r - 1];
                }
                if r + 1 < rows {
                    x |= reach[r + 1];
                }
                x &= open[r];
                loop {
                    let y = (x | (x << 1) | (x >> 1)) & open[r];
                    if y == x {
                        break;
                    }
                    x = y;
                }
                if x != reach[r] {
                    if x & def[r] != 0 {
                        return false;
                    }
                    reach[r] = x;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Exit fort: the king is on the edge, can move, and the empty squares he
    /// can reach are walled in by defenders that the attackers can never
    /// capture. A wall defender may be held by defenders away from the
    /// king (which are held in turn by others): the safe defenders are the
    /// largest set in which every member, on both lines through it, has a
    /// neighbour the attackers can never occupy — the board edge, the king,
    /// a square of the fort's inside, or another safe defender. A fort one
    /// capture could open is therefore no fort.
    pub(super) fn exit_fort(&self) -> bool {
        let k = self.king;
        if k == 0 || self.geo.flags[k] & F_EDGE == 0 || !self.piece_can_move(k) {
            return false;
        }
        let cells = &self.pos.cells;
        let mut region = [false; CELLS];
        let mut is_wall = [false; CELLS];
        let mut stack = vec![k];
        region[k] = true;
        let mut walls = Vec::new();
        while let Some(i) = stack.pop() {
            for d in self.geo.dirs {
                let j = (i as isize + d) as usize;
                if region[j] || is_wall[j] {
                    continue;
                }
                match cells[j] {
                    // A camp may hold attackers the fort cannot keep out.
                    EMPTY if self.geo.camp[j] != 0 => return false,
                    EMPTY => {
                        region[j] = true;
                        stack.push(j);
                    }
                    DEF => {
                        is_wall[j] = true;
                        walls.push(j);
                    }
                    OFF => {}
                    _ => return false, // an attacker touches the fort's inside
                }
            }
        }
        // Greatest fixpoint over every defender on the board.
        let mut safe = [false; CELLS];
        let defenders: Vec<usize> = (self.geo.first..self.geo.last)
            .filter(|&i| cells[i] == DEF)
            .collect();
        for &p in &defenders {
            safe[p] = true;
        }
        let protects = |j: usize, safe: &[bool; CELLS]| -> bool {
            match cells[j] {
                OFF | KING => true,
                EMPTY => region[j] && self.geo.hostile_empty[j] & 2 == 0 && self.geo.camp[j] == 0,
                DEF => safe[j],
                _ => false,
            }
        };
        let w = self.geo.w as isize;
        loop {
            let mut changed = false;
            for &p in &defenders {
                if !safe[p] {
                    continue;
                }
                // No shieldwall test is needed: an edge row of safe pieces
                // either touches the fort's inside (which no attacker can
                // face or bracket) or holds up nothing the walls rely on.
                let holds = [1isize, w].iter().all(|&d| {
                    protects((p as isize + d) as usize, &safe)
                        || protects((p as isize - d) as usize, &safe)
                });
                if !holds {
                    safe[p] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        walls.iter().all(|&p| safe[p])
    }
}
