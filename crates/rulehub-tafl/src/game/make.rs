//! Making a move: the piece bitmasks, captures (custodial, the king's own
//! rules, shieldwall), and the bookkeeping that unmake reverses.

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

use crate::Side;
use crate::position::{ATT, DEF, EMPTY, KING, OFF};
use crate::rules::KingCapture;

use super::*;

impl Game {
    /// Flips a cell's bit in the row masks of `owner` (1 attackers, 2 defenders).
    #[inline]
    pub(super) fn toggle(&mut self, i: usize, owner: u8) {
        let o = owner as usize - 1;
        self.rows[o][self.geo.row_of[i] as usize] ^= self.geo.col_bit[i];
        self.cols[o][self.geo.col_of[i] as usize] ^= self.geo.row_bit[i];
    }

    #[inline]
    pub(super) fn remove(&mut self, i: usize) {
        let c = self.pos.cells[i];
        self.toggle(i, OWNER[c as usize]);
        self.pos.cells[i] = EMPTY;
        self.hash ^= ZOBRIST[c as usize][i];
        self.captured.push((i as u16, c));
        match c {
            KING => self.king = 0,
            ATT => self.attackers -= 1,
            _ => {}
        }
    }

    /// Whether the square `far` closes a sandwich against a piece of side
    /// `victim` (1 attackers, 2 defenders) standing on `victim_at`, for the
    /// mover's side.
    #[inline]
    pub(super) fn hostile(&self, far: usize, victim: u8, victim_at: usize) -> bool {
        let camp = self.geo.camp[far];
        if camp != 0 && self.geo.camp_hostile & victim != 0 && camp != self.geo.camp[victim_at] {
            return true;
        }
        let cf = self.pos.cells[far];
        if cf == EMPTY {
            return self.geo.hostile_empty[far] & victim != 0;
        }
        let friend = match cf {
            ATT => victim == 2,
            DEF => victim == 1,
            KING => victim == 1 && self.rules.king_armed.anvil(),
            _ => false,
        };
        friend || (far == self.geo.throne && self.geo.throne_occupied & victim != 0)
    }

    #[inline]
    pub(super) fn king_side_hostile(&self, n: usize) -> bool {
        match self.pos.cells[n] {
            ATT => true,
            EMPTY => self.geo.flags[n] & F_KING_HOSTILE != 0,
            OFF => self.rules.edge_hostile_to_king,
            // A camp square counts against the king whoever stands on it.
            _ => self.geo.camp[n] != 0 && self.geo.flags[n] & F_KING_HOSTILE != 0,
        }
    }

    pub(super) fn king_captured_by(&self, to: usize) -> bool {
        let k = self.king;
        if k == 0 {
            return false;
        }
        let Some(&d) = self
            .geo
            .dirs
            .iter()
            .find(|&&d| (to as isize + d) as usize == k)
        else {
            return false;
        };
        let strong = match self.rules.king_capture {
            KingCapture::Weak => false,
            KingCapture::Strong => true,
            KingCapture::StrongOnThrone => {
                let t = self.geo.throne;
                k == t
                    || self
                        .geo
                        .dirs
                        .iter()
                        .any(|&d| (k as isize + d) as usize == t)
            }
        };
        if strong {
            self.geo
                .dirs
                .iter()
                .all(|&d| self.king_side_hostile((k as isize + d) as usize))
        } else {
            self.king_side_hostile((k as isize + d) as usize)
        }
    }

    /// Applies a pseudo-checked move: captures, bookkeeping and outcome.
    /// With `full` false the (expensive) no-legal-move test is skipped; perft
    /// finds that out by itself.
    pub(super) fn apply(&mut self, from: usize, to: usize, full: bool) {
        let cap_start = self.captured.len() as u32;
        self.undo.push(Undo {
            from: from as u16,
            to: to as u16,
            cap_start,
            quiet: self.quiet,
            outcome: self.outcome,
        });
        let piece = self.pos.cells[from];
        self.pos.cells[from] = EMPTY;
        self.pos.cells[to] = piece;
        let z = &ZOBRIST[piece as usize];
        self.hash ^= z[from] ^ z[to];
        if piece == KING {
            self.king = to;
        }
        let mover = OWNER[piece as usize];
        self.toggle(from, mover);
        self.toggle(to, mover);
        let victim = 3 - mover;
        let victim_code = if mover == 1 { DEF } else { ATT };
        if piece != KING || self.rules.king_armed.hammer() {
            for d in self.geo.dirs {
                let n = (to as isize + d) as usize;
                if self.pos.cells[n] == victim_code
                    && self.hostile((n as isize + d) as usize, victim, n)
                {
                    self.remove(n);
                }
            }
            if self.rules.shieldwall && self.geo.flags[to] & F_EDGE != 0 {
                self.shieldwall(to, mover);
            }
        }
        let mut outcome = Outcome::Ongoing;
        if mover == 1 && self.king_captured_by(to) {
            self.remove(self.king);
            outcome = Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::KingCaptured,
            };
        }
        let captured_any = self.captured.len() as u32 > cap_start;
        self.quiet = if captured_any { 0 } else { self.quiet + 1 };
        self.to_move = self.to_move.opponent();
        self.hash ^= ZOBRIST_DEFENDERS_TO_MOVE;
        self.history.push(self.hash);

        if outcome == Outcome::Ongoing {
            outcome = self.outcome_after(piece, to, captured_any, full);
        }
        self.outcome = outcome;
    }

    /// Shieldwall captures: the mover at `to` on the edge brackets one end of
    /// a row of two or more enemy pieces along that edge, each faced by a
    /// piece of the mover's side; the far end is bracketed by a friendly
    /// piece or a hostile corner. The king in such a row survives.
    pub(super) fn shieldwall(&mut self, to: usize, mover: u8) {
        let g = &self.geo;
        let w = g.w as isize;
        let (row, col) = (to / g.w - 1, to % g.w - 1);
        let mut edges: [(isize, isize); 2] = [(0, 0); 2];
        let mut n_edges = 0;
        if row == 0 {
            edges[n_edges] = (w, 1);
            n_edges += 1;
        } else if row + 1 == g.rows {
            edges[n_edges] = (-w, 1);
            n_edges += 1;
        }
        if col == 0 {
            edges[n_edges] = (1, w);
            n_edges += 1;
        } else if col + 1 == g.cols {
            edges[n_edges] = (-1, w);
            n_edges += 1;
        }
        let victim = 3 - mover;
        let armed = self.rules.king_armed != crate::rules::KingArmed::No;
        let front_ok = |c: u8| OWNER[c as usize] == mover && (c != KING || armed);
        for &(inward, along) in &edges[..n_edges] {
            for d in [along, -along] {
                let mut n = (to as isize + d) as usize;
                let mut len = 0usize;
                let mut ok = true;
                while OWNER[self.pos.cells[n] as usize] == victim {
                    if !front_ok(self.pos.cells[(n as isize + inward) as usize]) {
                        ok = false;
                        break;
                    }
                    len += 1;
                    n = (n as isize + d) as usize;
                }
                if !ok || len < 2 {
                    continue;
                }
                let end = self.pos.cells[n];
                let bracket = match end {
                    EMPTY => {
                        self.geo.flags[n] & F_CORNER != 0 && self.geo.hostile_empty[n] & victim != 0
                    }
                    KING => mover == 2 && self.rules.king_armed.anvil(),
                    c => OWNER[c as usize] == mover,
                };
                if !bracket {
                    continue;
                }
                let mut m = (to as isize + d) as usize;
                for _ in 0..len {
                    if self.pos.cells[m] != KING {
                        self.remove(m);
                    }
                    m = (m as isize + d) as usize;
                }
            }
        }
    }
}
