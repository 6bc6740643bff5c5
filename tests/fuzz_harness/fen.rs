//! Draughts positions in PDN FEN (`--setup`, a page's `setup:`, a game's
//! `; setup:` line) for a draughts preset the input picks: an error points
//! into the text and can be written; a position that reads is written back
//! to a FEN that reads as the same position, and `rulehub board` draws it.

use rulehub::diagram::Palette;
use rulehub_draughts::{Preset, fen};

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let preset = Preset::ALL[usize::from(pick) % Preset::ALL.len()];
    let rules = preset.rules();
    // A setup is read as `--setup` and `rulehub board` read it: `?` gives
    // the move to the rules' first mover, and a side to move with nothing
    // to move is refused.
    let setup = |text: &str| fen::parse_for(text, rules.geometry(), rules.first_to_move);
    match setup(text) {
        Ok(position) => {
            let written = fen::write(&position);
            let again = setup(&written).unwrap_or_else(|e| {
                panic!("{written:?}, written from {text:?}, does not read: {e}")
            });
            assert!(
                again == position,
                "{text:?} → {written:?} reads as another position"
            );
            assert_eq!(fen::write(&again), written);
            let board =
                rulehub::family::setup_board(preset.name(), Some(text), &Palette::builtin())
                    .expect("a draughts preset has a family");
            assert!(board.is_ok(), "a FEN that reads draws");
        }
        Err(error) => {
            assert!(error.offset <= text.len(), "offset past the end");
            assert!(!error.to_string().is_empty());
            let _ = error.reason.code();
        }
    }
}
