//! The API as JavaScript uses it, natively: bad requests answer errors,
//! illegal moves and unnamed routes are refused, and whole games played
//! through it (the AI against random moves) replay in the engine's own PDN
//! reader to the same outcome.

use rulehub_draughts::{Game, Preset, preset_names, record};
use rulehub_game::ai::XorShift;
use serde_json::Value;

use crate::Sessions;

fn parse(answer: &str) -> Value {
    serde_json::from_str(answer).expect("every answer is JSON")
}

fn request(preset: &str, setup: Option<&str>) -> String {
    let rules = Preset::from_name(preset).expect("preset").rules();
    match setup {
        Some(setup) => serde_json::json!({ "rules": rules, "setup": setup }),
        None => serde_json::json!({ "rules": rules }),
    }
    .to_string()
}

fn start(sessions: &mut Sessions, preset: &str, setup: Option<&str>) -> (u32, Value) {
    let state = parse(&sessions.new_game(request(preset, setup).as_bytes()));
    assert_eq!(state["ok"], true, "{state}");
    (state["handle"].as_u64().expect("handle") as u32, state)
}

fn cells(values: &Value) -> Vec<u64> {
    values
        .as_array()
        .expect("cells")
        .iter()
        .map(|v| v.as_u64().expect("cell"))
        .collect()
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
    let bad_setup =
        parse(&sessions.new_game(request("english-draughts", Some("W:W99")).as_bytes()));
    assert_eq!(bad_setup["ok"], false);
    assert!(
        bad_setup["error"]
            .as_str()
            .expect("message")
            .starts_with("setup:")
    );
    let mut rules = serde_json::to_value(Preset::English.rules()).expect("rules");
    rules["board_size"] = Value::from(9);
    let odd =
        parse(&sessions.new_game(serde_json::json!({ "rules": rules }).to_string().as_bytes()));
    assert_eq!(odd["ok"], false, "{odd}");
    let huge = vec![b' '; rulehub_play::MAX_REQUEST_BYTES + 1];
    assert_eq!(parse(&sessions.new_game(&huge))["ok"], false);
    assert_eq!(parse(&sessions.state(7))["ok"], false);
    assert_eq!(parse(&sessions.play(7, 0, 1, b""))["ok"], false);
    assert_eq!(parse(&sessions.undo(0))["ok"], false);
}

#[test]
fn the_board_is_drawn_row_by_row_with_light_squares_marked() {
    let mut sessions = crate::sessions();
    let (_, state) = start(&mut sessions, "english-draughts", None);
    let board = state["cells"].as_str().expect("cells");
    assert_eq!(board.len(), 64);
    // Square 1 is b8 (row 0, column 1); a8 is light; White men below.
    assert_eq!(&board[..8], "-b-b-b-b");
    assert_eq!(&board[56..], "w-w-w-w-");
    assert_eq!(state["to_move"], "black");
    // Black's seven opening moves, each a path of two cells.
    assert_eq!(state["moves"].as_array().expect("moves").len(), 7);
}

#[test]
fn illegal_moves_unknown_levels_and_bad_routes_are_refused() {
    let mut sessions = crate::sessions();
    let (handle, _) = start(&mut sessions, "english-draughts", None);
    let refused = parse(&sessions.play(handle, 0, 9, b""));
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["code"], "no-such-move");
    assert_eq!(parse(&sessions.play(handle, u32::MAX, 0, b""))["ok"], false);
    assert_eq!(parse(&sessions.play(handle, 17, 26, b"[x"))["ok"], false);
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

/// English: the White man on 26 takes two men either way round, over 22
/// and 14 or over 23 and 15, landing on 10 both times; the captures take
/// different men, so the route must be named.
#[test]
fn a_capture_whose_route_is_ambiguous_needs_its_landings() {
    let mut sessions = crate::sessions();
    let (handle, state) = start(
        &mut sessions,
        "english-draughts",
        Some("W:W26:B14,15,22,23"),
    );
    let moves: Vec<Vec<u64>> = state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(cells)
        .collect();
    // Cells are row * 8 + column: 26 is d2 (51), 10 is d6 (19).
    assert_eq!(moves.len(), 2, "{state}");
    let (a, b) = (moves[0].clone(), moves[1].clone());
    assert_eq!((a[0], a[2]), (51, 19));
    assert_eq!((b[0], b[2]), (51, 19));
    let (from, to) = (a[0] as u32, *a.last().expect("end") as u32);
    let refused = parse(&sessions.play(handle, from, to, b""));
    assert_eq!(refused["code"], "ambiguous", "{refused}");
    let via = serde_json::to_string(&a[1..a.len() - 1]).expect("via");
    let played = parse(&sessions.play(handle, from, to, via.as_bytes()));
    assert_eq!(played["ok"], true, "{played}");
    assert_eq!(cells(&played["played"]["path"]), a[1..].to_vec());
    // The record names every landing, so `replay` plays the same route.
    assert!(
        played["played"]["notation"]
            .as_str()
            .expect("notation")
            .matches('x')
            .count()
            >= 2
    );
    let back = parse(&sessions.undo(handle));
    let via = serde_json::to_string(&b[1..b.len() - 1]).expect("via");
    assert_eq!(back["ok"], true);
    assert_eq!(
        parse(&sessions.play(handle, from, to, via.as_bytes()))["ok"],
        true
    );
}

#[test]
fn handles_are_bounded_and_reused() {
    let mut sessions = crate::sessions();
    for _ in 0..rulehub_play::MAX_GAMES {
        start(&mut sessions, "english-draughts", None);
    }
    let text = request("english-draughts", None);
    assert_eq!(parse(&sessions.new_game(text.as_bytes()))["ok"], false);
    assert_eq!(parse(&sessions.free_game(3))["ok"], true);
    assert_eq!(parse(&sessions.new_game(text.as_bytes()))["handle"], 3);
}

/// The AI against random legal moves, through the API only, on every
/// preset; the record must replay in the engine to the same outcome.
#[test]
fn whole_games_through_the_api_replay_in_the_engine() {
    let mut rng = XorShift::new(17);
    for name in preset_names() {
        let mut sessions = crate::sessions();
        let (handle, mut state) = start(&mut sessions, name, None);
        let first = state["to_move"].clone();
        let mut plies = 0;
        while state["outcome"]["result"] == "ongoing" && plies < 300 {
            let (from, to, via) = if state["to_move"] == first {
                let moves = state["moves"].as_array().expect("moves");
                let pick = cells(&moves[(rng.next_u64() % moves.len() as u64) as usize]);
                let via = serde_json::to_string(&pick[1..pick.len() - 1]).expect("via");
                (pick[0], *pick.last().expect("end"), via)
            } else {
                let ai = parse(&sessions.ai_move(handle, b"easy", plies, 2_000, None));
                assert_eq!(ai["ok"], true, "{ai}");
                (
                    ai["from"].as_u64().expect("from"),
                    ai["to"].as_u64().expect("to"),
                    ai["via"].to_string(),
                )
            };
            state = parse(&sessions.play(handle, from as u32, to as u32, via.as_bytes()));
            assert_eq!(state["ok"], true, "{name}: {state}");
            plies += 1;
        }
        let text = parse(&sessions.record(handle))["record"]
            .as_str()
            .expect("record")
            .to_string();
        let rules = Preset::from_name(name).expect("preset").rules();
        let mut game = Game::start(&rules);
        let replayed = record::replay(&mut game, &text)
            .unwrap_or_else(|e| panic!("{name}: the record does not replay: {e}\n{text}"));
        assert_eq!(replayed.len() as u64, plies, "{name}");
        let outcome = game.outcome();
        assert_eq!(
            outcome.code(),
            state["outcome"]["code"].as_str().unwrap_or("ongoing"),
            "{name}\n{text}"
        );
    }
}

#[test]
fn the_record_numbers_moves_from_the_side_the_rules_start_with() {
    let mut sessions = crate::sessions();
    let (handle, _) = start(&mut sessions, "english-draughts", None);
    // 11-15 (Black), 23-19 (White), 8-11 (Black): cells row * 8 + column.
    for (from, to) in [(21, 28), (44, 37), (14, 21)] {
        let state = parse(&sessions.play(handle, from, to, b""));
        assert_eq!(state["ok"], true, "{state}");
    }
    let record = parse(&sessions.record(handle))["record"].clone();
    assert_eq!(
        record,
        "; setup: B:W21-32:B1-12\n1. 11-15 23-19\n2. 8-11\n*\n"
    );
}
