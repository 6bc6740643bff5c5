//! One room's game, free of sockets and files: it checks what a seat asks
//! for, says which [`Event`] would record it, and applies events once the
//! store has them. Recovery replays the same events through the same code.

use rulehub_game::Playable;

use crate::game::{self, Family, Outcome, SideName, Taken};
use crate::protocol::{ErrorCode, PlayedMove, Refusal, SeatView, ServerFrame, StateView};
use crate::secret::{RandomnessError, RoomCode, SeatToken};
use crate::store::{Event, Snapshot, StoredRoom};

/// Seat 0 is the creator's, seat 1 the guest's.
pub type Seat = usize;
pub const CREATOR: Seat = 0;
pub const GUEST: Seat = 1;

/// What a page asks a room to play: the family, the rules as its board
/// data carries them and, for a family that keeps it apart from the
/// rules, the start position.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRequest {
    pub family: Family,
    pub rules: serde_json::Value,
    pub setup: Option<String>,
}

impl GameRequest {
    /// The game, or a refusal naming what is wrong with the request.
    pub fn open(&self) -> Result<Box<dyn Playable>, Refusal> {
        self.family.open(&self.rules, self.setup.as_deref())
    }
}

#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    request: GameRequest,
    tokens: [SeatToken; 2],
    /// The creator's side in odd games, as an index into the game's sides.
    creator_side: usize,
    guest_joined: bool,
    game_number: u32,
    seq: u64,
    game: Box<dyn Playable>,
    moves: Vec<PlayedMove>,
}

/// The index of `side` among the game's two sides, or a refusal listing them.
pub fn side_index(game: &dyn Playable, side: &str) -> Result<usize, Refusal> {
    let sides = game.sides();
    sides.iter().position(|s| *s == side).ok_or_else(|| {
        Refusal::new(
            ErrorCode::Malformed,
            format!(
                "`{side}` is not a side of this game; choose `{}` or `{}`",
                sides[0], sides[1]
            ),
        )
    })
}

impl Room {
    /// A new room for a game opened from `request`, with fresh tokens;
    /// the snapshot is what the store must keep first.
    pub fn create(
        code: RoomCode,
        request: GameRequest,
        game: Box<dyn Playable>,
        creator_side: usize,
    ) -> Result<(Room, Snapshot), RandomnessError> {
        let snapshot = Snapshot {
            family: request.family,
            rules: request.rules.clone(),
            setup: request.setup.clone(),
            tokens: [SeatToken::random()?, SeatToken::random()?],
            creator_side: game.sides()[creator_side % 2].to_string(),
            guest_joined: false,
            game: 1,
            seq: 0,
        };
        let room = Room {
            code,
            request,
            tokens: snapshot.tokens.clone(),
            creator_side: creator_side % 2,
            guest_joined: false,
            game_number: 1,
            seq: 0,
            game,
            moves: Vec::new(),
        };
        Ok((room, snapshot))
    }

    fn from_snapshot(code: RoomCode, snapshot: Snapshot) -> Result<Room, String> {
        let request = GameRequest {
            family: snapshot.family,
            rules: snapshot.rules,
            setup: snapshot.setup,
        };
        let game = request.open().map_err(|r| r.message)?;
        let creator_side =
            side_index(game.as_ref(), &snapshot.creator_side).map_err(|r| r.message)?;
        Ok(Room {
            code,
            request,
            tokens: snapshot.tokens,
            creator_side,
            guest_joined: snapshot.guest_joined,
            game_number: snapshot.game,
            seq: snapshot.seq,
            game,
            moves: Vec::new(),
        })
    }

    /// The room as the store kept it, its events replayed through the engine.
    pub fn recover(stored: StoredRoom) -> Result<Room, String> {
        let mut room = Room::from_snapshot(stored.code, stored.snapshot)?;
        for event in stored.events {
            if let Event::Moved { mv, .. } = &event {
                game::check(room.game.as_ref(), mv)
                    .map_err(|r| format!("stored move {mv} is illegal: {}", r.message))?;
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
    pub fn to_move(&self) -> SideName {
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
    pub fn side_of(&self, seat: Seat) -> SideName {
        let swapped = usize::from(self.game_number.is_multiple_of(2));
        let guest = usize::from(seat != CREATOR);
        self.game.sides()[(self.creator_side + swapped + guest) % 2]
    }

    /// The event that gives the guest seat away, if it is still free.
    pub fn join_event(&self) -> Option<Event> {
        (!self.guest_joined).then_some(Event::GuestJoined { seq: self.seq + 1 })
    }

    /// Checks a move from `seat` chosen at `seen_seq`; the event to store if
    /// it may be played.
    pub fn move_event(&self, seat: Seat, text: &str, seen_seq: u64) -> Result<Event, Refusal> {
        let outcome = self.game.outcome();
        if outcome.is_over() {
            return Err(Refusal::new(
                ErrorCode::GameOver,
                format!("the game is over ({outcome}); send `rematch` to play again"),
            ));
        }
        let side = self.side_of(seat);
        if side != self.game.to_move() {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("not your turn: {} to move, you play {side}", self.to_move()),
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
        let name = game::check(self.game.as_ref(), text)?;
        Ok(Event::Moved {
            seq: self.seq + 1,
            game: self.game_number,
            mv: name,
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
                game::check(self.game.as_ref(), mv)
                    .map(drop)
                    .map_err(|r| r.message)
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
            family: self.request.family,
            rules: self.request.rules.clone(),
            setup: self.request.setup.clone(),
            tokens: self.tokens.clone(),
            creator_side: self.game.sides()[self.creator_side].to_string(),
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
                let side = self.game.to_move();
                let Taken { name, captures } =
                    game::take(self.game.as_mut(), mv).expect("stored moves were checked");
                let record = PlayedMove {
                    side,
                    mv: name,
                    captures,
                };
                self.moves.push(record.clone());
                self.seq = *seq;
                Some(record)
            }
            Event::Rematch { seq, game } => {
                self.game.restart();
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
            family: self.request.family,
            rules: self.request.rules.clone(),
            setup: self.request.setup.clone(),
            moves: self.moves.clone(),
            to_move: self.game.to_move(),
            outcome: self.game.outcome(),
            seats: self.seat_views(connected),
            you: you.map(|seat| self.side_of(seat)),
        }
    }

    /// The current game in `rulehub replay`'s format for its family,
    /// capture marks included.
    pub fn record(&self) -> String {
        let [first, second] = self.game.sides();
        let comments = [
            format!("rulehub room {}, game {}", self.code, self.game_number),
            format!(
                "{first}: {} seat; {second}: {} seat",
                seat_name(self.seat_playing(first)),
                seat_name(self.seat_playing(second)),
            ),
        ];
        self.game.record(&comments)
    }

    fn seat_playing(&self, side: SideName) -> Seat {
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
    use rulehub_tafl::preset;

    fn room_for(request: GameRequest) -> Room {
        let game = request.open().expect("valid");
        let code = RoomCode::random().expect("random");
        Room::create(code, request, game, 0).expect("create").0
    }

    fn brandubh_room() -> Room {
        let rules = preset("brandubh").expect("preset");
        room_for(GameRequest {
            family: Family::default(),
            rules: serde_json::to_value(&rules).expect("json"),
            setup: None,
        })
    }

    fn tafl_request(rules: serde_json::Value) -> GameRequest {
        GameRequest {
            family: Family::default(),
            rules,
            setup: None,
        }
    }

    #[test]
    fn rules_that_contradict_themselves_are_refused_by_field() {
        let mut json = serde_json::to_value(preset("brandubh").expect("preset")).expect("json");
        json["move_limit"] = serde_json::json!(0);
        let refusal = tafl_request(json.clone()).open().expect_err("move_limit 0");
        assert_eq!(refusal.code, ErrorCode::BadRules);
        assert!(
            refusal.message.contains("move_limit"),
            "{}",
            refusal.message
        );
        json["wings"] = serde_json::json!(true);
        assert!(
            tafl_request(json)
                .open()
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
        let legal = "d2-c2";
        assert!(
            game::check(room.game.as_ref(), legal).is_ok(),
            "an opening move of brandubh"
        );
        assert_eq!(
            room.move_event(GUEST, legal, 0).expect_err("turn").code,
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            room.move_event(CREATOR, legal, 5).expect_err("stale").code,
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
        assert!(room.move_event(CREATOR, legal, 0).is_ok());
    }

    /// Journals and Redis keep snapshots written before rooms had a family:
    /// they must still open, as rooms of the first registered family (the
    /// only one there was).
    #[test]
    fn a_snapshot_stored_before_families_recovers_as_a_room_of_the_first_family() {
        let tokens = [
            SeatToken::random().expect("random"),
            SeatToken::random().expect("random"),
        ];
        let old = serde_json::json!({
            "rules": serde_json::to_value(preset("brandubh").expect("preset")).expect("json"),
            "tokens": serde_json::to_value(&tokens).expect("tokens"),
            "creator_side": "defenders",
            "guest_joined": true,
            "game": 1,
            "seq": 1,
        });
        let snapshot: Snapshot = serde_json::from_value(old).expect("an old snapshot reads");
        assert_eq!(
            (snapshot.family, snapshot.setup.as_deref()),
            (Family::default(), None)
        );
        let moved = Event::Moved {
            seq: 2,
            game: 1,
            mv: "d2-c2".into(),
        };
        let room = Room::recover(StoredRoom {
            code: RoomCode::random().expect("random"),
            snapshot,
            events: vec![moved],
        })
        .expect("recovers");
        assert_eq!(
            (room.side_of(CREATOR), room.side_of(GUEST)),
            ("defenders", "attackers")
        );
        assert_eq!(
            (room.seq(), room.move_count(), room.to_move()),
            (2, 1, "defenders")
        );
    }

    /// A draughts room: the creator chose black (the second side), black
    /// moves first in English draughts; a rematch swaps the colours, and the
    /// room recovers from its snapshot and events.
    #[test]
    fn a_draughts_room_seats_colours_swaps_them_and_recovers() {
        let request = GameRequest {
            family: Family::named("draughts").expect("registered"),
            rules: serde_json::to_value(rulehub_draughts::Preset::English.rules()).expect("json"),
            setup: None,
        };
        let game = request.open().expect("valid");
        let black = side_index(game.as_ref(), "black").expect("a side");
        assert_eq!(
            side_index(game.as_ref(), "attackers")
                .expect_err("tafl's")
                .code,
            ErrorCode::Malformed
        );
        let code = RoomCode::random().expect("random");
        let (mut room, snapshot) =
            Room::create(code.clone(), request, game, black).expect("create");
        assert_eq!(snapshot.creator_side, "black");
        assert_eq!(
            (room.side_of(CREATOR), room.side_of(GUEST)),
            ("black", "white")
        );
        assert_eq!(room.to_move(), "black");
        let join = room.join_event().expect("free");
        room.apply(&join);
        let moved = room
            .move_event(CREATOR, "9-13", room.seq())
            .expect("black's move");
        let played = room.apply(&moved).expect("a move");
        assert_eq!((played.side, played.mv.as_str()), ("black", "9-13"));
        let record = room.record();
        assert!(record.starts_with("; rulehub room"), "{record}");
        assert!(
            record.contains("; white: guest's seat; black: creator's seat"),
            "{record}"
        );
        assert!(record.contains("1. 9-13\n"), "{record}");

        let stored = StoredRoom {
            code,
            snapshot,
            events: vec![join, moved],
        };
        let recovered = Room::recover(stored).expect("recovers");
        assert_eq!(recovered.record(), room.record());
        assert_eq!(recovered.to_move(), "white");
        assert_eq!(
            recovered
                .move_event(GUEST, "9-14", recovered.seq())
                .expect_err("illegal")
                .code,
            ErrorCode::IllegalMove
        );
    }
}
