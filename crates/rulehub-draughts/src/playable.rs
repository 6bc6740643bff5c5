//! Draughts behind the one game seam ([`rulehub_game::Playable`]): what the
//! command line, the room server and the practice board drive. Moves are
//! written in PDN, squares by number; records are PDN move text.
//!
//! A move may be written by its start and end squares alone and with either
//! separator (`22-6` for the capture `22x15x6`), since a board knows the
//! squares the reader clicked but not always which rule joins them: the one
//! legal move those squares name is taken, and squares that name several
//! are refused. A move is relayed by its whole route (`22x15x6`), so every
//! client replays exactly the move that was checked.

use std::fmt::Write as _;

use rulehub_game::ai::{Deadline, Level, Limits};
use rulehub_game::playable::{no_legal_move, pick_by_squares};
use rulehub_game::{
    AnyOutcome, Cells, Dims, LegalMove, MoveInput, Playable, Played, RecordCut, Refusal, Replay,
    ReplayStop, ReplayedMove, Thought,
};

use crate::record::{self, RecordErrorReason};
use crate::{Colour, Game, Geometry, IllegalMove, Kind, Move, MoveText, Outcome, Square, fen};

/// A draughts game in progress and the moves played since its start.
#[derive(Debug, Clone)]
pub struct DraughtsPlay {
    game: Game,
    /// The game as it started, for [`Playable::restart`] and the record.
    start: Game,
    /// The moves played, as the record writes them.
    written: Vec<String>,
}

impl DraughtsPlay {
    pub fn new(game: Game) -> DraughtsPlay {
        DraughtsPlay {
            start: game.clone(),
            game,
            written: Vec::new(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    fn geometry(&self) -> &Geometry {
        self.game.position().geometry()
    }

    fn square(&self, square: Square) -> rulehub_game::Square {
        let (row, col) = self.geometry().row_col(square);
        rulehub_game::Square::new(row, col)
    }

    /// The squares a move visits: its start, every landing square, its end.
    fn path(&self, mv: &Move) -> Vec<rulehub_game::Square> {
        std::iter::once(mv.from())
            .chain(mv.path())
            .map(|square| self.square(square))
            .collect()
    }

    /// The move `input` names, or why it names none.
    fn resolve(&self, input: MoveInput<'_>) -> Result<Move, Refusal> {
        match input {
            MoveInput::Written(text) => {
                let written = read_one(text)?;
                match self.game.resolve(&written) {
                    Ok(mv) | Err(IllegalMove::WrongSeparator { mv }) => Ok(mv),
                    Err(e) => Err(Refusal::illegal(e.code(), e.to_string())),
                }
            }
            MoveInput::Squares { from, to, via } => {
                if let Some(outcome) = self.game_over() {
                    return Err(outcome);
                }
                let moves = self.legal_moves();
                let index = pick_by_squares(&moves, from, to, via)?;
                Ok(self.game.legal_moves()[index])
            }
            MoveInput::Legal(index) => {
                let moves = self.game.legal_moves();
                moves
                    .get(index)
                    .copied()
                    .ok_or_else(|| no_legal_move(index, moves.len()))
            }
        }
    }

    fn game_over(&self) -> Option<Refusal> {
        self.game
            .outcome()
            .is_over()
            .then(|| Refusal::illegal("game-over", "the game is over"))
    }
}

/// The one move `text` writes, as the record reader reads a move.
fn read_one(text: &str) -> Result<MoveText, Refusal> {
    let trimmed = text.trim();
    let unreadable = |why: &dyn std::fmt::Display| Refusal::unreadable(format!("`{text}`: {why}"));
    let moves = record::parse(trimmed).map_err(|e| unreadable(&e))?;
    match moves.as_slice() {
        [one] if one.span == (0..trimmed.len()) => Ok(one.move_text.clone()),
        _ => Err(unreadable(
            &"write one move: square numbers joined by `-` or `x`",
        )),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before.bytes().filter(|b| *b == b'\n').count() + 1
    })
}

/// The PDN result token of an outcome.
fn result_token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "*",
        Outcome::Win {
            winner: Colour::White,
            ..
        } => "1-0",
        Outcome::Win {
            winner: Colour::Black,
            ..
        } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    }
}

impl Playable for DraughtsPlay {
    fn sides(&self) -> [&'static str; 2] {
        [Colour::White.code(), Colour::Black.code()]
    }

    fn to_move(&self) -> &'static str {
        self.game.to_move().code()
    }

    fn outcome(&self) -> AnyOutcome {
        self.game.outcome().named()
    }

    fn ply(&self) -> usize {
        self.written.len()
    }

    /// `-` a square never played on, `.` empty, `w`/`b` a white or black
    /// man, `W`/`B` a king.
    fn cells(&self) -> Cells {
        let position = self.game.position();
        let geometry = position.geometry();
        let size = geometry.size();
        let mut letters = String::with_capacity(usize::from(size) * usize::from(size));
        for row in 0..size {
            for col in 0..size {
                letters.push(match geometry.at(row, col) {
                    None => '-',
                    Some(square) => match position.get(square) {
                        None => '.',
                        Some(piece) => match (piece.colour, piece.kind) {
                            (Colour::White, Kind::Man) => 'w',
                            (Colour::White, Kind::King) => 'W',
                            (Colour::Black, Kind::Man) => 'b',
                            (Colour::Black, Kind::King) => 'B',
                        },
                    },
                });
            }
        }
        Cells {
            dims: Dims::new(size, size),
            letters,
        }
    }

    fn legal_moves(&self) -> Vec<LegalMove> {
        self.game
            .legal_moves()
            .iter()
            .map(|mv| LegalMove {
                path: self.path(mv),
                name: self.game.notation(mv),
            })
            .collect()
    }

    fn play(&mut self, input: MoveInput<'_>) -> Result<Played, Refusal> {
        let mv = self.resolve(input)?;
        let written = self.game.notation(&mv);
        let played = self
            .game
            .play(mv)
            .map_err(|illegal| Refusal::illegal(illegal.code(), illegal.to_string()))?;
        self.written.push(written.clone());
        let captures = played
            .captured
            .iter()
            .map(|&square| (self.square(square), square.to_string()))
            .collect();
        Ok(Played {
            name: played.mv.full_notation(),
            written,
            path: self.path(&played.mv),
            captures,
        })
    }

    fn undo(&mut self) -> bool {
        // Only moves played here are taken back, not the start's history.
        if self.written.is_empty() || self.game.unmake().is_none() {
            return false;
        }
        self.written.pop();
        true
    }

    fn restart(&mut self) {
        self.game = self.start.clone();
        self.written.clear();
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(&mut self.game, depth)
    }

    fn level_limits(&self, level: Level) -> Limits {
        crate::ai::level_limits(level)
    }

    fn think(
        &self,
        limits: &Limits,
        seed: u64,
        deadline: Option<&Deadline<'_>>,
    ) -> Option<Thought> {
        let result = crate::ai::best_move(&self.game, limits, seed, deadline)?;
        let index = self
            .game
            .legal_moves()
            .iter()
            .position(|mv| *mv == result.best)?;
        Some(Thought {
            index,
            path: self.path(&result.best),
            written: self.game.notation(&result.best),
            score: result.score,
            mate_in: result.mate_in(),
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    /// PDN: `;` comment lines, the start position (`; setup: FEN`), the
    /// move text with a number before each move of the side the rules start
    /// with (`1. 11-15 23-19` in English, where Black starts; `1...` when
    /// the other side moved first), and the result token.
    fn record(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "; {comment}");
        }
        let _ = writeln!(text, "; setup: {}", fen::write(self.start.position()));
        let starter = self.game.rules().first_to_move;
        let mut side = self.start.to_move();
        let mut number = 1;
        for (i, mv) in self.written.iter().enumerate() {
            if side == starter {
                let _ = write!(text, "{number}. {mv}");
            } else if i == 0 {
                let _ = write!(text, "{number}... {mv}");
            } else {
                let _ = write!(text, " {mv}");
            }
            if side != starter {
                text.push('\n');
                number += 1;
            }
            side = side.opponent();
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(result_token(self.game.outcome()));
        text.push('\n');
        text
    }

    fn record_cut(&self, pending: &str) -> RecordCut {
        match record::read(pending) {
            Err(error) => match error.reason {
                RecordErrorReason::UnclosedComment => RecordCut::NotBefore('}'),
                RecordErrorReason::UnclosedTag => RecordCut::NotBefore(']'),
                // Every other error is reported by replaying what was read.
                _ => RecordCut::Here,
            },
            Ok(record) if record.result.is_some() => RecordCut::Never,
            Ok(_) => RecordCut::Here,
        }
    }

    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let first = self.game.ply() + 1;
        let moves = record::parse(text).map_err(|error| ReplayStop {
            played: Vec::new(),
            number: first,
            line: line_of(text, error.span.start),
            text: text.get(error.span.clone()).unwrap_or_default().to_string(),
            code: error.reason.code(),
            message: error.reason.to_string(),
            marked: Vec::new(),
            captured: Vec::new(),
        })?;
        let mut played = Vec::with_capacity(moves.len());
        for (i, mv) in moves.into_iter().enumerate() {
            let side = self.game.to_move().code();
            let line = line_of(text, mv.span.start);
            match self.game.play_text(&mv.move_text) {
                Ok(done) => {
                    let notation = done.mv.full_notation();
                    self.written.push(notation.clone());
                    played.push(ReplayedMove {
                        number: first + i,
                        line,
                        side,
                        notation,
                        captures: done.captured.iter().map(|s| s.to_string()).collect(),
                    });
                }
                Err(illegal) => {
                    return Err(ReplayStop {
                        played,
                        number: first + i,
                        line,
                        text: text.get(mv.span).unwrap_or_default().to_string(),
                        code: illegal.code(),
                        message: illegal.to_string(),
                        marked: Vec::new(),
                        captured: Vec::new(),
                    });
                }
            }
        }
        Ok(Replay {
            moves: played,
            outcome: self.game.outcome().named(),
        })
    }

    fn boxed_clone(&self) -> Box<dyn Playable> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;
    use rulehub_game::RefusalKind;

    fn open(preset: Preset, setup: Option<&str>) -> DraughtsPlay {
        DraughtsPlay::new(Game::from_setup(&preset.rules(), setup).expect("setup"))
    }

    /// What a room asks before it stores a move: its canonical name, the
    /// game unchanged.
    fn check(play: &DraughtsPlay, text: &str) -> Result<String, Refusal> {
        let mut trial = play.clone();
        trial
            .play(MoveInput::Written(text))
            .map(|played| played.name)
    }

    #[test]
    fn a_capture_named_by_its_ends_or_either_separator_is_played_by_its_route() {
        // A black man on 6 (black moves first in English draughts) with
        // white men on 10 and 19 in its way: 6x15x24 is the one capture,
        // however the board writes it.
        let setup = "B:W10,19:B6";
        for written in ["6x15x24", "6x24", "6-24", " 6x24 "] {
            let mut play = open(Preset::English, Some(setup));
            assert_eq!(check(&play, written).as_deref(), Ok("6x15x24"), "{written}");
            let played = play.play(MoveInput::Written("6x15x24")).expect("legal");
            let names: Vec<&str> = played.captures.iter().map(|(_, n)| n.as_str()).collect();
            assert_eq!(names, ["10", "19"]);
        }
    }

    #[test]
    fn moves_are_refused_as_unreadable_or_illegal_with_the_engine_reason() {
        let play = open(Preset::English, None);
        for unreadable in ["9-13 10-14", "1. 9-13"] {
            let refusal = check(&play, unreadable).expect_err(unreadable);
            assert_eq!(refusal.kind, RefusalKind::Unreadable, "{unreadable}");
        }
        let refusal = check(&play, "22-18").expect_err("white's man, black to move");
        assert_eq!(refusal.kind, RefusalKind::Illegal);
        assert!(refusal.code.is_some());
        assert!(check(&play, "9-13").is_ok());
    }

    #[test]
    fn the_record_replays_and_restart_returns_to_the_setup() {
        let setup = "B:W27:B22,13,5";
        let mut play = open(Preset::English, Some(setup));
        for _ in 0..3 {
            if play.play(MoveInput::Legal(0)).is_err() {
                break;
            }
        }
        let record = play.record(&["a comment".into()]);
        assert!(record.starts_with("; a comment\n; setup: B:"), "{record}");
        let mut replay = Game::from_setup(&Preset::English.rules(), Some(setup)).expect("setup");
        record::replay(&mut replay, &record).expect("the record replays");
        assert_eq!(replay.position(), play.game().position());
        play.restart();
        assert_eq!(play.ply(), 0);
        assert_eq!(
            fen::write(play.game().position()),
            fen::write(&fen::parse(setup, Preset::English.rules().geometry()).expect("fen"))
        );
    }

    #[test]
    fn the_squares_a_reader_picked_play_the_move_by_its_whole_route() {
        // The reader picks 6 and 24; the one capture joining them jumps
        // through 15.
        let mut play = open(Preset::English, Some("B:W10,19:B6"));
        let legal = play.legal_moves();
        let capture = legal
            .iter()
            .find(|mv| mv.path.len() == 3)
            .expect("the two-jump capture");
        let (from, to) = (capture.path[0], capture.path[2]);
        let played = play
            .play(MoveInput::Squares {
                from,
                to,
                via: None,
            })
            .expect("one route");
        assert_eq!(played.name, "6x15x24");
        assert_eq!(played.path.len(), 3);
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            /// Along any game, every legal move is played by its whole
            /// route, and by its two squares with either separator exactly
            /// when no other legal move joins them.
            #[test]
            fn every_legal_move_is_taken_by_its_route_or_its_ends(
                preset in prop::sample::select(Preset::ALL.to_vec()),
                picks in prop::collection::vec(any::<prop::sample::Index>(), 1..40),
            ) {
                let mut play = open(preset, None);
                for pick in picks {
                    let legal = play.game().legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    for mv in &legal {
                        let full = mv.full_notation();
                        prop_assert_eq!(check(&play, &full), Ok(full.clone()));
                        let joined = legal
                            .iter()
                            .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                            .count();
                        for sep in ["-", "x"] {
                            let ends = format!("{}{sep}{}", mv.from(), mv.to());
                            let checked = check(&play, &ends);
                            if joined == 1 {
                                prop_assert_eq!(checked, Ok(full.clone()), "{}", ends);
                            } else {
                                prop_assert!(checked.is_err(), "{} names {} moves", ends, joined);
                            }
                        }
                    }
                    let mv = *pick.get(&legal);
                    let played = play.play(MoveInput::Written(&mv.full_notation()));
                    prop_assert_eq!(played.map(|p| p.name), Ok(mv.full_notation()));
                }
            }

            /// Whatever a client sends, the answer is a refusal or a legal
            /// move, never a panic.
            #[test]
            fn any_text_is_a_move_or_a_refusal(text in "[0-9x\\- .;{}()\\[\\]a-z]{0,24}") {
                let play = open(Preset::International, None);
                if let Ok(name) = check(&play, &text) {
                    prop_assert!(check(&play, &name).is_ok());
                }
            }
        }
    }
}
