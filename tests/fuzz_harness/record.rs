//! Game records (`rulehub replay`): read line by line and replayed through
//! the engine under a rule preset the input picks, with and without the
//! capture marks checked. Where a replay stops, its line is one of the
//! record's and its message can be written.

use rulehub_tafl::Game;
use rulehub_tafl::record::{self, ReplayOptions};

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = super::common::preset(pick);
    let dims = rules.dims;
    let lines = text.lines().count();
    for item in record::parse(text, dims) {
        let line = match &item {
            Ok(mv) => mv.line,
            Err(error) => error.line,
        };
        assert!((1..=lines).contains(&line), "line {line} of {lines}");
        if let Err(error) = item {
            let _ = error.to_string();
        }
    }
    for check_capture_marks in [true, false] {
        let start = rules.start_position().expect("a preset's setup is valid");
        let mut game = Game::new(&rules, start, rules.first_to_move);
        let mut played = 0;
        let options = ReplayOptions {
            check_capture_marks,
        };
        match record::replay(&mut game, record::parse(text, dims), options, |_| {
            played += 1
        }) {
            Ok(summary) => assert_eq!(summary.moves, played),
            Err(stop) => {
                assert!(
                    (1..=lines).contains(&stop.line),
                    "stop at line {} of {lines}",
                    stop.line
                );
                assert!(!stop.message().is_empty());
                let _ = stop.code();
                let _ = (stop.marked(), stop.captured());
            }
        }
    }
}
