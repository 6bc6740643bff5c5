//! Zobrist keys for position hashing (repetition, transposition tables),
//! computed at compile time.

use crate::position::CELLS;

pub(super) const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(super) const fn zobrist_table() -> [[u64; CELLS]; 4] {
    let mut t = [[0u64; CELLS]; 4];
    let mut p = 1;
    while p < 4 {
        let mut i = 0;
        while i < CELLS {
            t[p][i] = splitmix((p * CELLS + i) as u64 * 0x1000_0001 + 17);
            i += 1;
        }
        p += 1;
    }
    t
}

pub(super) static ZOBRIST: [[u64; CELLS]; 4] = zobrist_table();
pub(super) const ZOBRIST_DEFENDERS_TO_MOVE: u64 = splitmix(0xDEFE_DE45);
