//! Tafl rooms: the rules as the page's board data carries them (setup
//! included), moves written `from-to` in the record's square names.

use rulehub_tafl::Side;
use rulehub_tafl::{self as tafl, Game, Move, Rules};

use super::{Outcome, RoomGame, SideName, Taken, bad_notation, bad_rules, illegal};
use crate::protocol::Refusal;

#[derive(Debug)]
pub struct TaflRoomGame {
    rules: Rules,
    game: Game,
}

impl TaflRoomGame {
    pub fn open(json: &serde_json::Value, setup: Option<&str>) -> Result<TaflRoomGame, Refusal> {
        if setup.is_some() {
            return Err(bad_rules(
                "a tafl room's start position is the rules' `setup`; send no separate `setup`",
            ));
        }
        let rules: Rules = serde_json::from_value(json.clone())
            .map_err(|e| bad_rules(format!("the rules are not the engine's rules JSON: {e}")))?;
        rules
            .validate()
            .map_err(|e| bad_rules(format!("the rules are contradictory: {e}")))?;
        let game = Game::start(&rules)
            .map_err(|e| bad_rules(format!("the rules' setup is invalid: {e}")))?;
        Ok(TaflRoomGame { rules, game })
    }

    fn parse(&self, text: &str) -> Result<Move, Refusal> {
        Move::parse(text, self.game.dims()).map_err(|e| bad_notation(text, e))
    }
}

fn side_name(side: Side) -> SideName {
    side.as_str()
}

impl RoomGame for TaflRoomGame {
    fn sides(&self) -> [SideName; 2] {
        [Side::Attackers, Side::Defenders].map(side_name)
    }

    fn to_move(&self) -> SideName {
        side_name(self.game.to_move())
    }

    fn outcome(&self) -> Outcome {
        match self.game.outcome() {
            tafl::Outcome::Ongoing => Outcome::Ongoing,
            tafl::Outcome::Win { winner, reason } => Outcome::Win {
                winner: side_name(winner),
                reason: reason.code(),
            },
            tafl::Outcome::Draw { reason } => Outcome::Draw {
                reason: reason.code(),
            },
        }
    }

    fn check(&self, text: &str) -> Result<String, Refusal> {
        let mv = self.parse(text)?;
        let dims = self.game.dims();
        self.game
            .check_move(mv)
            .map_err(|e| illegal(&mv.name(dims), e.code(), e.describe(dims)))?;
        Ok(mv.name(dims))
    }

    fn take(&mut self, name: &str) -> Result<Taken, String> {
        let dims = self.game.dims();
        let mv = self.parse(name).map_err(|r| r.message)?;
        let played = self.game.play(mv).map_err(|e| e.describe(dims))?;
        Ok(Taken {
            name: mv.name(dims),
            captures: played.captures.iter().map(|s| s.name(dims)).collect(),
        })
    }

    fn restart(&mut self) {
        self.game =
            Game::start(&self.rules).expect("the rules were validated when the room opened");
    }

    /// One move a line, capture marks included (`1. e1-e3xe4`), `#` comments.
    fn record(&self, comments: &[String], moves: &[Taken]) -> String {
        let mut text = String::new();
        for comment in comments {
            text.push_str(&format!("# {comment}\n"));
        }
        for (i, taken) in moves.iter().enumerate() {
            text.push_str(&format!("{}. {}", i + 1, taken.name));
            for capture in &taken.captures {
                text.push('x');
                text.push_str(capture);
            }
            text.push('\n');
        }
        text.push_str(&format!("# result: {}\n", self.outcome()));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub_tafl::preset;

    fn open(name: &str) -> TaflRoomGame {
        let json = serde_json::to_value(preset(name).expect("preset")).expect("json");
        TaflRoomGame::open(&json, None).expect("valid")
    }

    /// The protocol's outcome must read exactly as the engine's own JSON,
    /// which clients written before families existed parse.
    #[test]
    fn the_outcome_serialises_as_the_engine_outcome_does() {
        let mut room = open("brandubh");
        let mut step = 0usize;
        let mut seen_over = false;
        for _ in 0..400 {
            let ours = serde_json::to_value(room.outcome()).expect("ours");
            let engine = serde_json::to_value(room.game.outcome()).expect("engine");
            assert_eq!(ours, engine);
            assert_eq!(room.outcome().to_string(), room.game.outcome().to_string());
            let moves = room.game.legal_moves();
            if moves.is_empty() {
                seen_over = true;
                break;
            }
            step = (step * 31 + 7) % moves.len();
            let name = moves[step].name(room.game.dims());
            let checked = room.check(&name).expect("legal");
            room.take(&checked).expect("takes");
        }
        assert!(seen_over, "the walk reaches the end of a game");
    }

    #[test]
    fn a_separate_setup_is_refused_for_tafl() {
        let json = serde_json::to_value(preset("brandubh").expect("preset")).expect("json");
        let refusal = TaflRoomGame::open(&json, Some("7/7/7/7/7/7/7")).expect_err("setup");
        assert!(refusal.message.contains("setup"), "{}", refusal.message);
    }
}
