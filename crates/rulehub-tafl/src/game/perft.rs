//! Perft: counting move sequences to a depth, the move generator's test and
//! benchmark.

use super::*;

/// Counts the legal move sequences of exactly `depth` moves from the current
/// position (a finished game has none). Leaves are counted without playing
/// them.
/// A repetition ban (`repetition.forbidden`) is not applied here: perft
/// measures the move generator, and the ban needs every move played out.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    walk_perft(game, depth, perft_inner)
}

/// Like [`perft`], but plays and takes back every leaf move too (captures,
/// outcome tests and all) instead of only counting them: the throughput a
/// search that visits every node would see.
pub fn perft_make_leaves(game: &mut Game, depth: u32) -> u64 {
    walk_perft(game, depth, perft_full)
}

/// A perft walk over preallocated per-ply move buffers.
type PerftWalk = fn(&mut Game, u32, &mut [Vec<(u16, u16)>]) -> u64;

/// The shared entry of both perft walks: the trivial cases, and one move
/// buffer per ply allocated up front so the walk itself never allocates.
fn walk_perft(game: &mut Game, depth: u32, walk: PerftWalk) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome.is_over() {
        return 0;
    }
    let mut buffers: Vec<Vec<(u16, u16)>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    walk(game, depth, &mut buffers)
}

fn perft_full(game: &mut Game, depth: u32, buffers: &mut [Vec<(u16, u16)>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    game.gen_moves(buf);
    let mut total = 0;
    for &(from, to) in buf.iter() {
        game.apply(from as usize, to as usize, false);
        if depth == 1 {
            total += 1;
        } else if !game.outcome.is_over() {
            total += perft_full(game, depth - 1, rest);
        }
        game.unmake();
    }
    total
}

fn perft_inner(game: &mut Game, depth: u32, buffers: &mut [Vec<(u16, u16)>]) -> u64 {
    if depth == 1 {
        return game.count_moves();
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    buf.clear();
    game.gen_moves(buf);
    let mut total = 0;
    for &(from, to) in buf.iter() {
        game.apply(from as usize, to as usize, false);
        if !game.outcome.is_over() {
            total += perft_inner(game, depth - 1, rest);
        }
        game.unmake();
    }
    total
}
