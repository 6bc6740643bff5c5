//! One room's game, free of sockets and files: it checks what a seat asks
//! for, says which [`Event`] would record it, and applies events once the
//! store has them. Recovery replays the same events through the same code.

use rulehub_engine::Side;
use rulehub_engine::tafl::{Game, Move, Outcome, Rules};

use crate::protocol::{ErrorCode, PlayedMove, Refusal, SeatView, ServerFrame, StateView};
use crate::secret::{RandomnessError, RoomCode, SeatToken};
use crate::store::{Event, Snapshot, StoredRoom};

/// Seat 0 is the creator's, seat 1 the guest's.
pub type Seat = usize;
pub const CREATOR: Seat = 0;
pub const GUEST: Seat = 1;

#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    rules_json: serde_json::Value,
    rules: Rules,
    tokens: [SeatToken; 2],
    creator_side: Side,
    guest_joined: bool,
    game_number: u32,
    seq: u64,
    game: Game,
    moves: Vec<PlayedMove>,
}

/// Reads and validates the rules a page sent, with a message that says
/// which field is wrong.
pub fn parse_rules(json: &serde_json::Value) -> Result<Rules, Refusal> {
    let rules: Rules = serde_json::from_value(json.clone()).map_err(|e| {
        Refusal::new(
            ErrorCode::BadRules,
            format!("the rules are not the engine's rules JSON: {e}"),
        )
    })?;
    rules.validate().map_err(|e| {
        Refusal::new(
            ErrorCode::BadRules,
            format!("the rules are contradictory: {e}"),
        )
    })?;
    Ok(rules)
}

impl Room {
    /// A new room for `rules` (already validated by [`parse_rules`]), with
    /// fresh tokens; the snapshot is what the store must keep first.
    pub fn create(
        code: RoomCode,
        rules_json: serde_json::Value,
        rules: Rules,
        creator_side: Side,
    ) -> Result<(Room, Snapshot), RandomnessError> {
        let snapshot = Snapshot {
            rules: rules_json,
            tokens: [SeatToken::random()?, SeatToken::random()?],
            creator_side,
            guest_joined: false,
            game: 1,
            seq: 0,
        };
        let room = Room::from_snapshot(code, snapshot.clone(), rules)
            .expect("validated rules give a start position");
        Ok((room, snapshot))
    }

    fn from_snapshot(code: RoomCode, snapshot: Snapshot, rules: Rules) -> Result<Room, String> {
        let game = Game::start(&rules).map_err(|e| format!("the rules' setup is invalid: {e}"))?;
        Ok(Room {
            code,
            rules_json: snapshot.rules,
            rules,
            tokens: snapshot.tokens,
            creator_side: snapshot.creator_side,
            guest_joined: snapshot.guest_joined,
            game_number: snapshot.game,
            seq: snapshot.seq,
            game,
            moves: Vec::new(),
        })
    }

    /// The room as the store kept it, its events replayed through the engine.
    pub fn recover(stored: StoredRoom) -> Result<Room, String> {
        let rules = parse_rules(&stored.snapshot.rules).map_err(|r| r.message)?;
        let mut room = Room::from_snapshot(stored.code, stored.snapshot, rules)?;
        for event in stored.events {
            if let Event::Moved { mv, .. } = &event {
                let mv = room.parse_move(mv).map_err(|r| r.message)?;
                room.game.check_move(mv).map_err(|e| {
                    format!(
                        "stored move {} is illegal: {}",
                        mv.name(room.game.dims()),
                        e.describe(room.game.dims())
                    )
                })?;
            }
            room.apply(&event);
        }
        Ok(room)
    }

    pub fn code(&self) -> &RoomCode {
        &self.code
    }
    pub fn seq(&self) -> u64 {
        self.seq
    }
    pub fn game_number(&self) -> u32 {
        self.game_number
    }
    pub fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
    pub fn to_move(&self) -> Side {
        self.game.to_move()
    }
    /// Moves played in the current game.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }
    pub fn guest_joined(&self) -> bool {
        self.guest_joined
    }
    pub fn token(&self, seat: Seat) -> &SeatToken {
        &self.tokens[seat]
    }

    /// The seat whose token this is. Both tokens are compared, so the time
    /// taken says nothing about which (if either) matched.
    pub fn seat_of_token(&self, offered: &str) -> Option<Seat> {
        let creator = self.tokens[CREATOR].matches(offered);
        let guest = self.tokens[GUEST].matches(offered) && self.guest_joined;
        match (creator, guest) {
            (true, _) => Some(CREATOR),
            (false, true) => Some(GUEST),
            _ => None,
        }
    }

    /// The side a seat plays in the current game: the creator's side in odd
    /// games, the other side in even ones (every rematch swaps).
    pub fn side_of(&self, seat: Seat) -> Side {
        let creator = if self.game_number % 2 == 1 {
            self.creator_side
        } else {
            self.creator_side.opponent()
        };
        if seat == CREATOR {
            creator
        } else {
            creator.opponent()
        }
    }

    /// The event that gives the guest seat away, if it is still free.
    pub fn join_event(&self) -> Option<Event> {
        (!self.guest_joined).then_some(Event::GuestJoined { seq: self.seq + 1 })
    }

    fn parse_move(&self, text: &str) -> Result<Move, Refusal> {
        Move::parse(text, self.game.dims())
            .map_err(|e| Refusal::new(ErrorCode::BadNotation, format!("`{text}`: {e}")))
    }

    /// Checks a move from `seat` chosen at `seen_seq`; the event to store if
    /// it may be played.
    pub fn move_event(&self, seat: Seat, text: &str, seen_seq: u64) -> Result<Event, Refusal> {
        if let outcome @ (Outcome::Win { .. } | Outcome::Draw { .. }) = self.game.outcome() {
            return Err(Refusal::new(
                ErrorCode::GameOver,
                format!("the game is over ({outcome}); send `rematch` to play again"),
            ));
        }
        let side = self.side_of(seat);
        if side != self.game.to_move() {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("you play the {side}; it is the {}' turn", self.to_move()),
            ));
        }
        if seen_seq != self.seq {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!(
                    "the move was chosen at seq {seen_seq} but the room is at seq {}; send `sync`",
                    self.seq
                ),
            ));
        }
        let mv = self.parse_move(text)?;
        let dims = self.game.dims();
        self.game.check_move(mv).map_err(|e| {
            Refusal::new(
                ErrorCode::IllegalMove,
                format!("{} ({}): {}", mv.name(dims), e.code(), e.describe(dims)),
            )
        })?;
        Ok(Event::Moved {
            seq: self.seq + 1,
            game: self.game_number,
            mv: mv.name(dims),
        })
    }

    /// Whether an event another server stored can be applied to this room
    /// as it is (the next `seq`, the current game, a legal move): a note
    /// from another server is checked as carefully as a move from a socket.
    pub fn check_event(&self, event: &Event) -> Result<(), String> {
        if event.seq() != self.seq + 1 {
            return Err(format!("seq {} does not follow {}", event.seq(), self.seq));
        }
        match event {
            Event::Snapshot(_) => Err("a snapshot is not an event to apply".into()),
            Event::GuestJoined { .. } if self.guest_joined => Err("the guest seat is taken".into()),
            Event::GuestJoined { .. } => Ok(()),
            Event::Moved { game, mv, .. } => {
                if *game != self.game_number {
                    return Err(format!("a move of game {game}, not {}", self.game_number));
                }
                let mv = self.parse_move(mv).map_err(|r| r.message)?;
                self.game
                    .check_move(mv)
                    .map_err(|e| e.describe(self.game.dims()))
            }
            Event::Rematch { game, .. } if *game == self.game_number + 1 => {
                if self.game.outcome().is_over() {
                    Ok(())
                } else {
                    Err("a rematch before the game is over".into())
                }
            }
            Event::Rematch { game, .. } => {
                Err(format!("game {game} does not follow {}", self.game_number))
            }
        }
    }

    /// Checks a rematch asked by a seat; the snapshot the next game starts from.
    pub fn rematch_snapshot(&self) -> Result<Snapshot, Refusal> {
        if !self.game.outcome().is_over() {
            return Err(Refusal::new(
                ErrorCode::GameNotOver,
                "the game is still going; a rematch starts once it is over",
            ));
        }
        Ok(Snapshot {
            rules: self.rules_json.clone(),
            tokens: self.tokens.clone(),
            creator_side: self.creator_side,
            guest_joined: self.guest_joined,
            game: self.game_number + 1,
            seq: self.seq + 1,
        })
    }

    /// Applies an event the store has written. Moves were checked by
    /// [`Room::move_event`] (or by [`Room::recover`]) first.
    pub fn apply(&mut self, event: &Event) -> Option<PlayedMove> {
        match event {
            Event::Snapshot(snapshot) => {
                self.seq = snapshot.seq;
                None
            }
            Event::GuestJoined { seq } => {
                self.guest_joined = true;
                self.seq = *seq;
                None
            }
            Event::Moved { seq, mv, .. } => {
                let dims = self.game.dims();
                let side = self.game.to_move();
                let mv = Move::parse(mv, dims).expect("stored moves were checked");
                let played = self.game.play(mv).expect("stored moves were checked");
                let record = PlayedMove {
                    side,
                    mv: mv.name(dims),
                    captures: played.captures.iter().map(|s| s.name(dims)).collect(),
                };
                self.moves.push(record.clone());
                self.seq = *seq;
                Some(record)
            }
            Event::Rematch { seq, game } => {
                self.game = Game::start(&self.rules).expect("the rules were validated");
                self.moves.clear();
                self.game_number = *game;
                self.seq = *seq;
                None
            }
        }
    }

    pub fn seat_views(&self, connected: [bool; 2]) -> [SeatView; 2] {
        [CREATOR, GUEST].map(|seat| SeatView {
            side: self.side_of(seat),
            taken: seat == CREATOR || self.guest_joined,
            connected: connected[seat],
        })
    }

    pub fn state_view(&self, you: Option<Seat>, connected: [bool; 2]) -> StateView {
        StateView {
            room: self.code.to_string(),
            seq: self.seq,
            game: self.game_number,
            rules: self.rules_json.clone(),
            moves: self.moves.clone(),
            to_move: self.game.to_move(),
            outcome: self.game.outcome(),
            seats: self.seat_views(connected),
            you: you.map(|seat| self.side_of(seat)),
        }
    }

    /// The current game in `rulehub replay`'s format, capture marks included.
    pub fn record(&self) -> String {
        let mut text = format!(
            "# rulehub room {}, game {}\n# attackers: {} seat; defenders: {} seat\n",
            self.code,
            self.game_number,
            seat_name(self.seat_playing(Side::Attackers)),
            seat_name(self.seat_playing(Side::Defenders)),
        );
        for (i, played) in self.moves.iter().enumerate() {
            text.push_str(&format!("{}. {}", i + 1, played.mv));
            for capture in &played.captures {
                text.push('x');
                text.push_str(capture);
            }
            text.push('\n');
        }
        text.push_str(&format!("# result: {}\n", self.game.outcome()));
        text
    }

    fn seat_playing(&self, side: Side) -> Seat {
        if self.side_of(CREATOR) == side {
            CREATOR
        } else {
            GUEST
        }
    }
}

/// The `moved` frame for a move just applied to `room`.
pub fn moved_frame(room: &Room, played: PlayedMove) -> ServerFrame {
    ServerFrame::Moved {
        seq: room.seq(),
        game: room.game_number(),
        number: room.move_count(),
        side: played.side,
        mv: played.mv,
        captures: played.captures,
        to_move: room.to_move(),
        outcome: room.outcome(),
    }
}

fn seat_name(seat: Seat) -> &'static str {
    if seat == CREATOR {
        "creator's"
    } else {
        "guest's"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub_engine::tafl::preset;

    fn brandubh_room() -> Room {
        let rules = preset("brandubh").expect("preset");
        let json = serde_json::to_value(&rules).expect("json");
        let rules = parse_rules(&json).expect("valid");
        let code = RoomCode::random().expect("random");
        Room::create(code, json, rules, Side::Attackers)
            .expect("create")
            .0
    }

    #[test]
    fn rules_that_contradict_themselves_are_refused_by_field() {
        let mut json = serde_json::to_value(preset("brandubh").expect("preset")).expect("json");
        json["move_limit"] = serde_json::json!(0);
        let refusal = parse_rules(&json).expect_err("move_limit 0");
        assert_eq!(refusal.code, ErrorCode::BadRules);
        assert!(
            refusal.message.contains("move_limit"),
            "{}",
            refusal.message
        );
        json["wings"] = serde_json::json!(true);
        assert!(
            parse_rules(&json)
                .expect_err("unknown")
                .message
                .contains("wings")
        );
    }

    #[test]
    fn the_guest_token_opens_nothing_until_the_seat_is_taken() {
        let mut room = brandubh_room();
        let guest = room.token(GUEST).as_str().to_string();
        assert_eq!(room.seat_of_token(&guest), None);
        let join = room.join_event().expect("free seat");
        room.apply(&join);
        assert_eq!(room.seat_of_token(&guest), Some(GUEST));
        assert!(room.join_event().is_none());
    }

    #[test]
    fn moves_are_checked_for_turn_staleness_and_legality() {
        let room = brandubh_room();
        let legal = room.game.legal_moves()[0].name(room.game.dims());
        assert_eq!(
            room.move_event(GUEST, &legal, 0).expect_err("turn").code,
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            room.move_event(CREATOR, &legal, 5).expect_err("stale").code,
            ErrorCode::Stale
        );
        assert_eq!(
            room.move_event(CREATOR, "a1-a1", 0)
                .expect_err("illegal")
                .code,
            ErrorCode::IllegalMove
        );
        assert_eq!(
            room.move_event(CREATOR, "zz", 0)
                .expect_err("notation")
                .code,
            ErrorCode::BadNotation
        );
        assert!(room.move_event(CREATOR, &legal, 0).is_ok());
    }
}
