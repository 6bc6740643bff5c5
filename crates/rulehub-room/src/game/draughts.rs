//! Draughts rooms: the rules and the start position (a PDN FEN) as the
//! page's board data carries them; moves in PDN, squares by number.
//!
//! A client may write a move by its start and end squares alone and with
//! either separator (`22-6` for the capture `22x15x6`), since a board knows
//! the squares the reader clicked but not always which rule joins them: the
//! room takes the one legal move those squares name, and refuses squares
//! that name several. It relays and stores every move by its whole route
//! (`22x15x6`), so each client replays exactly the move the room checked.

use rulehub_draughts::{Colour, DraughtsRules, Game, IllegalMove, Move, MoveText, fen, record};

use super::{Outcome, RoomGame, SideName, Taken, bad_notation, bad_rules, illegal};
use crate::protocol::Refusal;

#[derive(Debug)]
pub struct DraughtsRoomGame {
    rules: DraughtsRules,
    /// The start position as a FEN, so every game of the room starts there.
    setup: String,
    game: Game,
}

impl DraughtsRoomGame {
    pub fn open(
        json: &serde_json::Value,
        setup: Option<&str>,
    ) -> Result<DraughtsRoomGame, Refusal> {
        let rules: DraughtsRules = serde_json::from_value(json.clone())
            .map_err(|e| bad_rules(format!("the rules are not draughts rules JSON: {e}")))?;
        rules
            .validate()
            .map_err(|e| bad_rules(format!("the rules are contradictory: {e}")))?;
        let game = Game::from_setup(&rules, setup)
            .map_err(|e| bad_rules(format!("the setup is not a position of these rules: {e}")))?;
        // The record a room keeps starts from the rules' first mover, as
        // `rulehub replay` reads it; a setup with the other side to move
        // would be a record no replay follows.
        let first = rules.first_to_move;
        if game.to_move() != first {
            return Err(bad_rules(format!(
                "the setup has {} to move, but these rules start with {}: a room starts where the rules do (change the setup's first letter to `{}`)",
                side_name(game.to_move()),
                side_name(first),
                if first == Colour::White { "W" } else { "B" }
            )));
        }
        Ok(DraughtsRoomGame {
            setup: fen::write(game.position()),
            rules,
            game,
        })
    }

    /// The one move `text` writes, as the record reader reads a move.
    fn read(text: &str) -> Result<MoveText, Refusal> {
        let trimmed = text.trim();
        let moves = record::parse(trimmed).map_err(|e| bad_notation(text, e))?;
        match moves.as_slice() {
            [one] if one.span == (0..trimmed.len()) => Ok(one.move_text.clone()),
            _ => Err(bad_notation(
                text,
                "write one move: square numbers joined by `-` or `x`",
            )),
        }
    }

    fn resolve(&self, text: &str) -> Result<Move, Refusal> {
        let written = Self::read(text)?;
        match self.game.resolve(&written) {
            Ok(mv) | Err(IllegalMove::WrongSeparator { mv }) => Ok(mv),
            Err(e) => Err(illegal(text.trim(), e.code(), e)),
        }
    }
}

fn side_name(colour: Colour) -> SideName {
    colour.code()
}

impl RoomGame for DraughtsRoomGame {
    fn sides(&self) -> [SideName; 2] {
        [Colour::White, Colour::Black].map(side_name)
    }

    fn to_move(&self) -> SideName {
        side_name(self.game.to_move())
    }

    fn outcome(&self) -> Outcome {
        match self.game.outcome() {
            rulehub_draughts::Outcome::Ongoing => Outcome::Ongoing,
            rulehub_draughts::Outcome::Win { winner, reason } => Outcome::Win {
                winner: side_name(winner),
                reason: reason.code(),
            },
            rulehub_draughts::Outcome::Draw { reason } => Outcome::Draw {
                reason: reason.code(),
            },
        }
    }

    fn check(&self, text: &str) -> Result<String, Refusal> {
        self.resolve(text).map(|mv| mv.full_notation())
    }

    fn take(&mut self, name: &str) -> Result<Taken, String> {
        let mv = self.resolve(name).map_err(|r| r.message)?;
        let played = self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(Taken {
            name: mv.full_notation(),
            captures: played.captured.iter().map(ToString::to_string).collect(),
        })
    }

    fn restart(&mut self) {
        self.game = Game::from_setup(&self.rules, Some(&self.setup))
            .expect("the setup was read when the room opened");
    }

    /// PDN move text, two moves a numbered line, `;` comments; the start
    /// position as a comment, for `rulehub replay --setup`.
    fn record(&self, comments: &[String], moves: &[Taken]) -> String {
        let mut text = String::new();
        for comment in comments {
            text.push_str(&format!("; {comment}\n"));
        }
        text.push_str(&format!("; setup: {}\n", self.setup));
        for (i, pair) in moves.chunks(2).enumerate() {
            let names: Vec<&str> = pair.iter().map(|t| t.name.as_str()).collect();
            text.push_str(&format!("{}. {}\n", i + 1, names.join(" ")));
        }
        text.push_str(&format!("; result: {}\n", self.outcome()));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub_draughts::Preset;

    fn open(preset: Preset, setup: Option<&str>) -> DraughtsRoomGame {
        let json = serde_json::to_value(preset.rules()).expect("json");
        DraughtsRoomGame::open(&json, setup).expect("valid")
    }

    #[test]
    fn a_capture_named_by_its_ends_or_either_separator_is_stored_by_its_route() {
        // A black man on 6 (black moves first in English draughts) with
        // white men on 10 and 19 in its way: 6x15x24 is the one capture,
        // however the board writes it.
        let setup = "B:W10,19:B6";
        for written in ["6x15x24", "6x24", "6-24", " 6x24 "] {
            let mut room = open(Preset::English, Some(setup));
            assert_eq!(room.check(written).as_deref(), Ok("6x15x24"), "{written}");
            let taken = room.take("6x15x24").expect("legal");
            assert_eq!(taken.captures, ["10", "19"]);
        }
    }

    #[test]
    fn moves_are_refused_with_the_engine_reason() {
        let room = open(Preset::English, None);
        let refusal = room.check("9-13 10-14").expect_err("two moves");
        assert_eq!(refusal.code, crate::protocol::ErrorCode::BadNotation);
        let refusal = room.check("1. 9-13").expect_err("a move number");
        assert_eq!(refusal.code, crate::protocol::ErrorCode::BadNotation);
        let refusal = room.check("22-18").expect_err("white's man, black to move");
        assert_eq!(refusal.code, crate::protocol::ErrorCode::IllegalMove);
        assert!(refusal.message.contains("22-18"), "{}", refusal.message);
        assert!(room.check("9-13").is_ok());
    }

    #[test]
    fn bad_rules_and_setups_are_refused_by_what_is_wrong() {
        let mut json = serde_json::to_value(Preset::English.rules()).expect("json");
        json["board_size"] = serde_json::json!(9);
        assert!(DraughtsRoomGame::open(&json, None).is_err());
        let json = serde_json::to_value(Preset::English.rules()).expect("json");
        let refusal = DraughtsRoomGame::open(&json, Some("W:W99:B1")).expect_err("square 99");
        assert!(refusal.message.contains("setup"), "{}", refusal.message);
    }

    #[test]
    fn a_setup_with_the_other_side_to_move_is_refused() {
        // English draughts starts with black: a room from a white-to-move
        // position would keep a record that `rulehub replay` cannot follow.
        let json = serde_json::to_value(Preset::English.rules()).expect("json");
        let refusal = DraughtsRoomGame::open(&json, Some("W:W27:B23,14")).expect_err("white");
        assert_eq!(refusal.code, crate::protocol::ErrorCode::BadRules);
        assert!(
            refusal.message.contains("white to move")
                && refusal.message.contains("start with black"),
            "{}",
            refusal.message
        );
        assert!(DraughtsRoomGame::open(&json, Some("B:W27:B23,14")).is_ok());
        // International draughts starts with white.
        let json = serde_json::to_value(Preset::International.rules()).expect("json");
        assert!(DraughtsRoomGame::open(&json, Some("B:W45:B5")).is_err());
        assert!(DraughtsRoomGame::open(&json, Some("W:W45:B5")).is_ok());
    }

    #[test]
    fn the_record_replays_and_restart_returns_to_the_setup() {
        let setup = "B:W27:B22,13,5";
        let mut room = open(Preset::English, Some(setup));
        let mut moves = Vec::new();
        for _ in 0..3 {
            let Some(mv) = room.game.legal_moves().first().copied() else {
                break;
            };
            let name = room.check(&mv.full_notation()).expect("legal");
            moves.push(room.take(&name).expect("takes"));
        }
        let record = room.record(&["a comment".into()], &moves);
        let mut replay = Game::from_setup(&Preset::English.rules(), Some(setup)).expect("setup");
        record::replay(&mut replay, &record).expect("the record replays");
        assert_eq!(replay.position(), room.game.position());
        room.restart();
        assert_eq!(
            fen::write(room.game.position()),
            fen::write(&fen::parse(setup, Preset::English.rules().geometry()).expect("fen"))
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            /// Along any game, every legal move is taken by its whole route,
            /// and by its two squares with either separator exactly when no
            /// other legal move joins them; the room then plays that route.
            #[test]
            fn every_legal_move_is_taken_by_its_route_or_its_ends(
                preset in prop::sample::select(Preset::ALL.to_vec()),
                picks in prop::collection::vec(any::<prop::sample::Index>(), 1..40),
            ) {
                let mut room = open(preset, None);
                for pick in picks {
                    let legal = room.game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    for mv in &legal {
                        let full = mv.full_notation();
                        prop_assert_eq!(room.check(&full), Ok(full.clone()));
                        let joined = legal
                            .iter()
                            .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                            .count();
                        for sep in ["-", "x"] {
                            let ends = format!("{}{sep}{}", mv.from(), mv.to());
                            let checked = room.check(&ends);
                            if joined == 1 {
                                prop_assert_eq!(checked, Ok(full.clone()), "{}", ends);
                            } else {
                                prop_assert!(checked.is_err(), "{} names {} moves", ends, joined);
                            }
                        }
                    }
                    let mv = *pick.get(&legal);
                    let taken = room.take(&mv.full_notation()).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(taken.name, mv.full_notation());
                }
            }

            /// Whatever start position a page sends, the room opens it or
            /// refuses it as `bad-rules`, never panics; an opened room
            /// checks its own legal moves.
            #[test]
            fn any_setup_opens_a_game_or_is_refused(
                setup in "[WB]:[WBK0-9,:\\- ]{0,40}",
                preset in prop::sample::select(Preset::ALL.to_vec()),
            ) {
                let json = serde_json::to_value(preset.rules()).expect("json");
                match DraughtsRoomGame::open(&json, Some(&setup)) {
                    Ok(room) => {
                        for mv in room.game.legal_moves() {
                            let full = mv.full_notation();
                            prop_assert_eq!(room.check(&full), Ok(full.clone()));
                        }
                    }
                    Err(refusal) => {
                        prop_assert_eq!(refusal.code, crate::protocol::ErrorCode::BadRules);
                    }
                }
            }

            /// Whatever a client sends, the room answers with a refusal or a
            /// legal move, never a panic.
            #[test]
            fn any_text_is_a_move_or_a_refusal(text in "[0-9x\\- .;{}()\\[\\]a-z]{0,24}") {
                let room = open(Preset::International, None);
                if let Ok(name) = room.check(&text) {
                    prop_assert!(room.check(&name).is_ok());
                }
            }
        }
    }
}
