//! The API as JavaScript uses it, natively: bad requests answer errors,
//! illegal moves are refused, and whole games played through it (the AI
//! against random moves) replay cleanly through the engine's own record
//! reader.

use rulehub_game::ai::XorShift;
use rulehub_tafl::{Game, preset, preset_names, record};
use serde_json::Value;

use crate::Sessions;

fn parse(answer: &str) -> Value {
    serde_json::from_str(answer).expect("every answer is JSON")
}

fn start(sessions: &mut Sessions, preset_name: &str) -> (u32, Value) {
    let rules = preset(preset_name).expect("preset");
    let request = serde_json::json!({ "rules": rules }).to_string();
    let state = parse(&sessions.new_game(request.as_bytes()));
    assert_eq!(state["ok"], true, "{state}");
    (state["handle"].as_u64().expect("handle") as u32, state)
}

#[test]
fn bad_requests_are_answered_with_errors() {
    let mut sessions = crate::sessions();
    for request in [&b"not json"[..], b"{}", b"{\"rules\": 3}", b"\xff\xfe", b""] {
        let answer = parse(&sessions.new_game(request));
        assert_eq!(answer["ok"], false, "{answer}");
        assert!(
            answer["error"]
                .as_str()
                .expect("message")
                .contains("not valid")
        );
    }
    let mut rules = serde_json::to_value(preset("brandubh").expect("preset")).expect("rules");
    rules["setup"] = Value::from("3b3/3b3/3w3/bbwwwbb/3w3/3b3/3b3");
    let answer =
        parse(&sessions.new_game(serde_json::json!({ "rules": rules }).to_string().as_bytes()));
    assert_eq!(answer["ok"], false);
    assert!(
        answer["error"].as_str().expect("message").contains("king"),
        "{answer}"
    );
    let huge = vec![b' '; rulehub_play::MAX_REQUEST_BYTES + 1];
    assert_eq!(parse(&sessions.new_game(&huge))["ok"], false);
    assert_eq!(parse(&sessions.state(7))["ok"], false);
    assert_eq!(parse(&sessions.play(7, 0, 1, b""))["ok"], false);
    assert_eq!(parse(&sessions.undo(0))["ok"], false);
}

#[test]
fn illegal_moves_off_board_cells_and_unknown_levels_are_refused() {
    let mut sessions = crate::sessions();
    let (handle, _) = start(&mut sessions, "brandubh");
    let refused = parse(&sessions.play(handle, 0, 1, b""));
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["code"], "no-piece");
    assert_eq!(parse(&sessions.play(handle, 49, 50, b""))["ok"], false);
    assert_eq!(parse(&sessions.play(handle, u32::MAX, 0, b""))["ok"], false);
    assert_eq!(
        parse(&sessions.ai_move(handle, b"grandmaster", 0, 0, None))["ok"],
        false
    );
    assert_eq!(
        parse(&sessions.undo(handle))["ok"],
        false,
        "nothing to take back"
    );
    assert_eq!(parse(&sessions.state(handle))["ply"], 0);
}

#[test]
fn handles_are_bounded_and_reused() {
    let mut sessions = crate::sessions();
    for _ in 0..rulehub_play::MAX_GAMES {
        start(&mut sessions, "brandubh");
    }
    let rules = serde_json::json!({ "rules": preset("brandubh").expect("preset") }).to_string();
    assert_eq!(parse(&sessions.new_game(rules.as_bytes()))["ok"], false);
    assert_eq!(parse(&sessions.free_game(3))["ok"], true);
    assert_eq!(parse(&sessions.new_game(rules.as_bytes()))["handle"], 3);
}

/// The AI against random legal moves, through the API only, on every
/// preset; the record must replay to the same outcome in the engine.
#[test]
fn whole_games_through_the_api_replay_in_the_engine() {
    let mut rng = XorShift::new(17);
    for &name in preset_names() {
        let mut sessions = crate::sessions();
        let (handle, mut state) = start(&mut sessions, name);
        let first = state["to_move"].clone();
        let mut plies = 0;
        while state["outcome"]["result"] == "ongoing" && plies < 300 {
            let (from, to) = if state["to_move"] == first {
                let moves = state["moves"].as_array().expect("moves");
                let pick = &moves[(rng.next_u64() % moves.len() as u64) as usize];
                (
                    pick[0].as_u64().expect("from"),
                    pick[1].as_u64().expect("to"),
                )
            } else {
                let ai = parse(&sessions.ai_move(handle, b"easy", plies, 0, None));
                assert_eq!(ai["ok"], true, "{ai}");
                (
                    ai["from"].as_u64().expect("from"),
                    ai["to"].as_u64().expect("to"),
                )
            };
            state = parse(&sessions.play(handle, from as u32, to as u32, b""));
            assert_eq!(state["ok"], true, "{name}: {state}");
            plies += 1;
        }
        // One move taken back and played again leaves the same record.
        if plies > 0 {
            let text = parse(&sessions.record(handle))["record"]
                .as_str()
                .expect("record")
                .to_string();
            let played = state["played"].clone();
            let back = parse(&sessions.undo(handle));
            assert_eq!(back["ply"], plies - 1);
            let again = parse(&sessions.play(
                handle,
                played["from"].as_u64().expect("from") as u32,
                played["to"].as_u64().expect("to") as u32,
                b"",
            ));
            assert_eq!(again["outcome"], state["outcome"]);
            assert_eq!(parse(&sessions.record(handle))["record"], text.as_str());
        }
        let text = parse(&sessions.record(handle))["record"]
            .as_str()
            .expect("record")
            .to_string();
        let rules = preset(name).expect("preset");
        let mut game = Game::start(&rules).expect("start");
        let summary = record::replay(
            &mut game,
            record::parse(&text, rules.dims),
            record::ReplayOptions {
                check_capture_marks: true,
            },
            |_| {},
        )
        .unwrap_or_else(|stop| {
            panic!(
                "{name}: the record does not replay: {}\n{text}",
                stop.message()
            )
        });
        assert_eq!(summary.moves as u64, plies, "{name}");
        let outcome = serde_json::to_value(summary.outcome).expect("outcome");
        if state["outcome"]["result"] != "ongoing" {
            assert_eq!(outcome["result"], state["outcome"]["result"], "{name}");
        }
    }
}

/// The page's clock bounds a level's search: a clock that has run past the
/// level's reply time at its first reading still gets a legal move (the
/// first iteration's), and one that never moves gives the same move as no
/// clock at all, so the time bound never changes a search it does not cut.
#[test]
fn the_reply_time_cuts_a_long_search_and_changes_no_short_one() {
    let mut sessions = crate::sessions();
    let (handle, state) = start(&mut sessions, "brandubh");
    let unbounded = parse(&sessions.ai_move(handle, b"normal", 5, 0, None));
    let still = || 0.0;
    let same = parse(&sessions.ai_move(handle, b"normal", 5, 0, Some(&still)));
    assert_eq!(same, unbounded);

    let ticks = std::cell::Cell::new(0.0);
    let racing = || {
        ticks.set(ticks.get() + 10_000.0);
        ticks.get()
    };
    let cut = parse(&sessions.ai_move(handle, b"normal", 5, 0, Some(&racing)));
    assert_eq!(cut["ok"], true, "{cut}");
    assert!(
        cut["depth"].as_u64() < unbounded["depth"].as_u64(),
        "{cut} against {unbounded}"
    );
    let moves = state["moves"].as_array().expect("moves");
    let path = serde_json::json!([cut["from"], cut["to"]]);
    assert!(moves.contains(&path), "{path} is not a legal move");
}
