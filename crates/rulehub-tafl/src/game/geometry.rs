//! Tables computed once per game from the rules and the board: square flags
//! (throne, corners, edges, escape squares), who may stop on or pass each
//! square, hostility, camps.

// Mailbox code indexes several parallel arrays by cell number on purpose.
#![allow(clippy::needless_range_loop)]

use crate::position::CELLS;
use crate::rules::{Access, Escape, HostileTo, Rules};
use crate::{Dims, Side, Square};

pub(super) const F_THRONE: u8 = 1;
pub(super) const F_CORNER: u8 = 2;
pub(super) const F_EDGE: u8 = 4;
pub(super) const F_ESCAPE: u8 = 8;
/// Empty square that counts as hostile to the king.
pub(super) const F_KING_HOSTILE: u8 = 16;

/// Access bits: stop for attacker/defender/king, then pass.
pub(super) const ACCESS_ALL: u8 = 0x3F;

#[inline]
pub(super) fn stop_bit(code: u8) -> u8 {
    1 << (code - 1)
}
#[inline]
pub(super) fn pass_bit(code: u8) -> u8 {
    8 << (code - 1)
}

/// Which side a cell belongs to: 1 attackers, 2 defenders, 0 none.
pub(super) const OWNER: [u8; 5] = [0, 1, 2, 2, 0];

pub(super) fn side_code(side: Side) -> u8 {
    match side {
        Side::Attackers => 1,
        Side::Defenders => 2,
    }
}

pub(super) fn access_bits(a: Access) -> u8 {
    // stop bits only: attacker 1, defender 2, king 4
    match a {
        Access::Nobody => 0,
        Access::King => 4,
        Access::Defenders => 6,
        Access::Attackers => 1,
        Access::Everyone => 7,
    }
}

pub(super) fn hostile_bits(h: HostileTo) -> u8 {
    (h.includes(Side::Attackers) as u8) | ((h.includes(Side::Defenders) as u8) << 1)
}

#[derive(Clone)]
pub(super) struct Geo {
    pub(super) w: usize,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) dirs: [isize; 4],
    pub(super) throne: usize,
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) flags: [u8; CELLS],
    pub(super) access: [u8; CELLS],
    /// For empty squares: bit 1 hostile to attackers, bit 2 hostile to defenders.
    pub(super) hostile_empty: [u8; CELLS],
    /// Hostility of the occupied throne (same bits).
    pub(super) throne_occupied: u8,
    /// Camp number of each cell (0: not a camp). Orthogonally touching camp
    /// squares share a number.
    pub(super) camp: [u8; CELLS],
    /// Stop and pass bits for a piece moving inside the camp it stands in.
    pub(super) camp_inside: u8,
    /// Whom camp squares capture against, empty or occupied (hostile bits).
    pub(super) camp_hostile: u8,
    /// Board row of each cell, and its column as a bit of a row mask.
    pub(super) row_of: [u8; CELLS],
    pub(super) col_bit: [u32; CELLS],
    /// Board column of each cell, and its row as a bit of a column mask.
    pub(super) col_of: [u8; CELLS],
    pub(super) row_bit: [u32; CELLS],
    /// Rows and columns (as bits) holding a square with access rules, where
    /// move counting has to look square by square.
    pub(super) special_rows: u32,
    pub(super) special_cols: u32,
}

impl Geo {
    pub(super) fn new(rules: &Rules, dims: Dims) -> Geo {
        let w = dims.cols as usize + 2;
        let idx = |sq: Square| (sq.row as usize + 1) * w + sq.col as usize + 1;
        let mut flags = [0u8; CELLS];
        let mut access = [0u8; CELLS];
        let mut hostile_empty = [0u8; CELLS];
        for sq in dims.squares() {
            let i = idx(sq);
            access[i] = ACCESS_ALL;
            if dims.is_edge(sq) {
                flags[i] |= F_EDGE;
                if rules.escape == Escape::Edge {
                    flags[i] |= F_ESCAPE;
                }
            }
        }
        let throne = idx(dims.center());
        flags[throne] |= F_THRONE;
        let mut stop = access_bits(rules.throne_stop);
        if !rules.king_may_return_to_throne {
            stop &= !4;
        }
        access[throne] = stop | (access_bits(rules.throne_pass) << 3);
        hostile_empty[throne] = hostile_bits(rules.throne_hostile_empty);
        if rules.throne_hostile_to_king {
            flags[throne] |= F_KING_HOSTILE;
        }
        for c in dims.corners() {
            let i = idx(c);
            flags[i] |= F_CORNER;
            if rules.escape == Escape::Corners {
                flags[i] |= F_ESCAPE;
            }
            // A corner can never be passed through, only stopped on.
            access[i] = access_bits(rules.corner_stop) | 0x38;
            hostile_empty[i] = hostile_bits(rules.corners_hostile);
            if rules.corners_hostile_to_king {
                flags[i] |= F_KING_HOSTILE;
            }
        }
        if rules.escape == Escape::Squares {
            for sq in named_squares(&rules.escape_squares, dims) {
                flags[idx(sq)] |= F_ESCAPE;
            }
        }
        let mut camp = [0u8; CELLS];
        let (mut camp_inside, mut camp_hostile) = (0, 0);
        if let Some(camps) = &rules.camps {
            for sq in named_squares(&camps.squares, dims) {
                camp[idx(sq)] = u8::MAX; // numbered below
            }
            number_camps(&mut camp, w);
            let inside = access_bits(camps.stop);
            camp_inside = inside | (inside << 3);
            camp_hostile = hostile_bits(camps.hostile);
            for i in 0..CELLS {
                if camp[i] != 0 {
                    // From outside nobody stops on a camp; some may cross it.
                    access[i] = access_bits(camps.pass) << 3;
                    if camps.hostile_to_king {
                        flags[i] |= F_KING_HOSTILE;
                    }
                }
            }
        }
        let rows = dims.rows as usize;
        let mut row_of = [0u8; CELLS];
        let mut col_bit = [0u32; CELLS];
        let mut col_of = [0u8; CELLS];
        let mut row_bit = [0u32; CELLS];
        let (mut special_rows, mut special_cols) = (0u32, 0u32);
        for sq in dims.squares() {
            let i = idx(sq);
            row_of[i] = sq.row;
            col_bit[i] = 1 << sq.col;
            col_of[i] = sq.col;
            row_bit[i] = 1 << sq.row;
            if access[i] != ACCESS_ALL {
                special_rows |= 1 << sq.row;
                special_cols |= 1 << sq.col;
            }
        }
        Geo {
            row_of,
            col_bit,
            col_of,
            row_bit,
            special_rows,
            special_cols,
            w,
            rows,
            cols: dims.cols as usize,
            dirs: [-(w as isize), 1, w as isize, -1],
            throne,
            first: w + 1,
            last: rows * w + dims.cols as usize + 1,
            flags,
            access,
            hostile_empty,
            throne_occupied: hostile_bits(rules.throne_hostile_occupied),
            camp,
            camp_inside,
            camp_hostile,
        }
    }

    /// The access bits of cell `j` for the piece standing on `origin`: a
    /// camp square is open to a piece inside that same camp as the rules'
    /// `camps.stop` says, and to others as `camps.pass` says.
    #[inline]
    pub(super) fn access_from(&self, origin: usize, j: usize) -> u8 {
        let c = self.camp[j];
        if c != 0 && c == self.camp[origin] {
            self.camp_inside
        } else {
            self.access[j]
        }
    }
}

/// The squares of `names` that lie on a board of `dims` (the rules'
/// validation reports the others).
pub(super) fn named_squares(names: &[String], dims: Dims) -> impl Iterator<Item = Square> + '_ {
    names
        .iter()
        .filter_map(move |n| Square::parse(n, dims).ok())
}

/// Gives every group of orthogonally touching camp cells (marked `u8::MAX`)
/// its own number from 1.
pub(super) fn number_camps(camp: &mut [u8; CELLS], w: usize) {
    let mut next = 0u8;
    for start in 0..CELLS {
        if camp[start] != u8::MAX {
            continue;
        }
        next = next.saturating_add(1).min(u8::MAX - 1);
        camp[start] = next;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in [i.wrapping_sub(w), i + w, i.wrapping_sub(1), i + 1] {
                if j < CELLS && camp[j] == u8::MAX {
                    camp[j] = next;
                    stack.push(j);
                }
            }
        }
    }
}
