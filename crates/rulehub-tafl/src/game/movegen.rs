//! Move generation: every legal slide of the side to move, counted without
//! building a list where only the number matters (perft leaves, stalemate).

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

use crate::position::EMPTY;

use super::*;

impl Game {
    pub(super) fn gen_moves(&self, out: &mut Vec<(u16, u16)>) {
        let me = side_code(self.to_move) as usize - 1;
        let w = self.geo.w;
        for r in 0..self.geo.rows {
            let mut m = self.rows[me][r];
            while m != 0 {
                let i = (r + 1) * w + m.trailing_zeros() as usize + 1;
                m &= m - 1;
                self.slide_all(i, out);
            }
        }
    }

    #[inline]
    pub(super) fn slide_all(&self, i: usize, out: &mut Vec<(u16, u16)>) {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        for d in self.geo.dirs {
            let mut j = (i as isize + d) as usize;
            while cells[j] == EMPTY {
                let a = self.geo.access_from(i, j);
                if a == ACCESS_ALL {
                    out.push((i as u16, j as u16));
                } else {
                    if a & sb != 0 {
                        out.push((i as u16, j as u16));
                    }
                    if a & pb == 0 {
                        break;
                    }
                }
                j = (j as isize + d) as usize;
            }
        }
    }

    /// Number of legal moves of the side to move, without listing them:
    /// runs of empty squares come from the row and column masks; only rows
    /// and columns with a throne or restricted corner are walked square by
    /// square.
    pub(super) fn count_moves(&self) -> u64 {
        let g = &self.geo;
        let me = side_code(self.to_move) as usize - 1;
        let (rows, cols, w) = (g.rows, g.cols, g.w);
        let outside_row = !((1u32 << cols) - 1);
        let outside_col = !((1u32 << rows) - 1);
        let mut n = 0u64;
        for r in 0..rows {
            let mut m = self.rows[me][r];
            if m == 0 {
                continue;
            }
            let occ_row = self.rows[0][r] | self.rows[1][r] | outside_row;
            let row_special = g.special_rows >> r & 1 != 0;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let i = (r + 1) * w + c + 1;
                if row_special {
                    n += self.walk(i, 1) + self.walk(i, -1);
                } else {
                    n += u64::from((occ_row >> (c + 1)).trailing_zeros());
                    n += u64::from((((occ_row << 1) | 1) << (31 - c)).leading_zeros());
                }
                if g.special_cols >> c & 1 != 0 {
                    n += self.walk(i, w as isize) + self.walk(i, -(w as isize));
                } else {
                    let occ_col = self.cols[0][c] | self.cols[1][c] | outside_col;
                    n += u64::from((occ_col >> (r + 1)).trailing_zeros());
                    n += u64::from((((occ_col << 1) | 1) << (31 - r)).leading_zeros());
                }
            }
        }
        n
    }

    /// Legal destinations of the piece on `i` in direction `d`, square by square.
    #[inline]
    pub(super) fn walk(&self, i: usize, d: isize) -> u64 {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        let mut n = 0;
        let mut j = (i as isize + d) as usize;
        while cells[j] == EMPTY {
            let a = self.geo.access_from(i, j);
            n += u64::from(a & sb != 0);
            if a & pb == 0 {
                break;
            }
            j = (j as isize + d) as usize;
        }
        n
    }

    pub(super) fn has_legal_move(&self) -> bool {
        if self.rules.repetition.is_some_and(|r| r.forbidden) {
            let mut raw = Vec::with_capacity(128);
            self.gen_moves(&mut raw);
            return raw
                .iter()
                .any(|&(f, t)| self.check_repetition_ban(f as usize, t as usize).is_ok());
        }
        let cells = &self.pos.cells;
        let me = side_code(self.to_move);
        for i in self.geo.first..self.geo.last {
            let c = cells[i];
            if OWNER[c as usize] != me {
                continue;
            }
            if self.piece_can_move(i) {
                return true;
            }
        }
        false
    }

    pub(super) fn piece_can_move(&self, i: usize) -> bool {
        let cells = &self.pos.cells;
        let c = cells[i];
        let (sb, pb) = (stop_bit(c), pass_bit(c));
        for d in self.geo.dirs {
            let mut j = (i as isize + d) as usize;
            while cells[j] == EMPTY {
                let a = self.geo.access_from(i, j);
                if a & sb != 0 {
                    return true;
                }
                if a & pb == 0 {
                    break;
                }
                j = (j as isize + d) as usize;
            }
        }
        false
    }
}
