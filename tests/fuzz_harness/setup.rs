//! Setup strings (`3bbb3/4b4/…`): the board size read from them, then the
//! position, on the size they describe and on a size the input picks. A
//! position that parses must survive `to_setup` → `from_setup` unchanged.

use rulehub_tafl::Dims;
use rulehub_tafl::Position;

fn check(setup: &str, dims: Dims) {
    match Position::from_setup(setup, dims) {
        Ok(position) => {
            assert_eq!(position.dims(), dims);
            assert_eq!(
                position
                    .pieces()
                    .iter()
                    .filter(|(_, p)| p.letter() == 'K')
                    .count(),
                1
            );
            let written = position.to_setup();
            let again = Position::from_setup(&written, dims)
                .unwrap_or_else(|e| panic!("`{written}` does not read back: {e:?}"));
            assert_eq!(
                again, position,
                "`{setup}` → `{written}` changed the position"
            );
            assert_eq!(again.to_setup(), written);
            assert_eq!(Position::setup_dims(&written).ok(), Some(dims));
        }
        Err(error) => {
            // The offset is a place in the string the caller can point at.
            assert!(
                error.offset <= setup.len(),
                "offset {} past {}",
                error.offset,
                setup.len()
            );
            assert!(
                setup.is_char_boundary(error.offset),
                "offset {} inside a character",
                error.offset
            );
            let _ = error.to_string();
        }
    }
}

pub fn run(data: &[u8]) {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(setup) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(dims) = Position::setup_dims(setup) {
        check(setup, dims);
    }
    // Any size the engine accepts, and a few it does not.
    let dims = Dims::new(1 + size % 21, 1 + (size / 21) % 21);
    check(setup, dims);
}
