//! Draughts game records in PDN (`rulehub replay --rules english-draughts`,
//! a draughts page's ```` ```game ```` block): read, with every error's
//! span in bounds, and replayed under a draughts preset the input picks,
//! once whole and once as `rulehub replay` streams it (cut where the family
//! says the lines read stand alone): both agree on whether the record
//! plays, and a record that plays gives the same moves and outcome.

use rulehub::family::{EngineRequest, Playable, RecordCut, start_game};
use rulehub_draughts::{Preset, record};

fn engine(preset: &str) -> Box<dyn Playable> {
    start_game(preset, &EngineRequest::default())
        .expect("a draughts preset has a family")
        .expect("its start needs no request")
}

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let preset = Preset::ALL[usize::from(pick) % Preset::ALL.len()].name();
    match record::read(text) {
        Ok(read) => {
            for mv in &read.moves {
                assert!(mv.span.start < mv.span.end && mv.span.end <= text.len());
                assert!(text.is_char_boundary(mv.span.start) && text.is_char_boundary(mv.span.end));
            }
            if let Some((span, result)) = &read.result {
                assert_eq!(text.get(span.clone()), Some(*result));
            }
        }
        Err(error) => {
            assert!(error.span.start <= error.span.end && error.span.end <= text.len());
            assert!(
                text.get(error.span.clone()).is_some(),
                "span inside a character"
            );
            assert!(!error.to_string().is_empty());
        }
    }

    // The whole record at once, game by game where the family cuts it, and
    // each game on a fresh engine as `rulehub replay` plays them.
    let mut whole_moves = 0;
    let mut rest = text;
    let mut game = engine(preset);
    let whole = loop {
        match game.record_cut(rest) {
            // A fresh engine's first game has at least one item.
            RecordCut::GameEnds(at) if at > 0 && rest.is_char_boundary(at) => {
                let (this, next) = rest.split_at(at);
                match game.replay(this) {
                    Ok(replay) => whole_moves += replay.moves.len(),
                    Err(stop) => break Err(stop),
                }
                rest = next;
                game = engine(preset);
            }
            _ => break game.replay(rest),
        }
    };
    if let Err(stop) = &whole {
        assert!(!stop.message.is_empty());
        assert!((1..=text.lines().count().max(1)).contains(&stop.line) || text.is_empty());
    }

    // As `rulehub replay` reads a stream (src/cli/replay.rs).
    let mut streamed = engine(preset);
    let mut pending = String::new();
    let mut wait_for: Option<char> = None;
    let mut to_the_end = false;
    let mut moves = 0;
    let mut stopped = false;
    for line in text.split_inclusive('\n') {
        pending.push_str(line);
        if to_the_end || wait_for.is_some_and(|c| !line.contains(c)) {
            continue;
        }
        match streamed.record_cut(&pending) {
            RecordCut::Here => {
                wait_for = None;
                match streamed.replay(&pending) {
                    Ok(replay) => moves += replay.moves.len(),
                    Err(_) => {
                        stopped = true;
                        break;
                    }
                }
                pending.clear();
            }
            RecordCut::NotBefore(c) => wait_for = Some(c),
            RecordCut::Never => to_the_end = true,
            // Game ends are compared above; from here the streamed replay
            // is checked only up to the first game's end.
            RecordCut::GameEnds(_) => return,
        }
    }
    // At the end of the input the CLI asks once more where a game ends,
    // whatever it was waiting for (src/cli/replay.rs).
    if !stopped && matches!(streamed.record_cut(&pending), RecordCut::GameEnds(_)) {
        return;
    }
    let last = if stopped {
        None
    } else {
        Some(streamed.replay(&pending))
    };
    match (&whole, last) {
        (Ok(whole), Some(Ok(last))) => {
            assert_eq!(
                moves + last.moves.len(),
                whole_moves + whole.moves.len(),
                "{text:?}"
            );
            assert_eq!(last.outcome, whole.outcome);
        }
        (Err(_), None | Some(Err(_))) => {}
        (whole, last) => panic!(
            "whole and streamed replays disagree on {text:?}: whole {}, streamed {}",
            if whole.is_ok() { "plays" } else { "stops" },
            match last {
                Some(Ok(_)) => "plays",
                _ => "stops",
            }
        ),
    }
}
