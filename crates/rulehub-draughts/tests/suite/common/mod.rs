//! Helpers shared by the crate's tests.

pub mod naive;

use rulehub_draughts::{Game, Geometry, Preset};

/// A game of a preset from a FEN.
pub fn game(preset: Preset, setup: &str) -> Game {
    Game::from_setup(&preset.rules(), Some(setup)).expect("test FEN is valid")
}

/// The PDN number of an algebraic square (`c3`) on a board of `size`.
pub fn n(size: u8, name: &str) -> u32 {
    let geometry = Geometry::of_size(size).expect("supported size");
    let bytes = name.as_bytes();
    let col = bytes[0] - b'a';
    let rank: u8 = name[1..].parse().expect("rank");
    let square = geometry
        .at(size - rank, col)
        .unwrap_or_else(|| panic!("{name} is not a dark square"));
    u32::from(square.number())
}

/// A FEN from algebraic squares: `fen_of(8, 'W', "Kc1 d2", "b2 d4")`.
pub fn fen_of(size: u8, to_move: char, white: &str, black: &str) -> String {
    let list = |pieces: &str| {
        pieces
            .split_whitespace()
            .map(|p| match p.strip_prefix('K') {
                Some(sq) => format!("K{}", n(size, sq)),
                None => n(size, p).to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{to_move}:W{}:B{}", list(white), list(black))
}
