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
    AnyOutcome, Cells, Dims, LegalMove, MoveInput, Playable, Played, RecordCut, RecordNotes,
    Refusal, Replay, ReplayStop, ReplayedMove, Thought,
};

use crate::record::{self, RecordErrorReason};
use crate::{Colour, Game, Geometry, IllegalMove, Kind, Move, MoveText, Square, fen};

/// A draughts game in progress and the moves played since its start.
#[derive(Debug, Clone)]
pub struct DraughtsPlay {
    game: Game,
    /// The game as it started, for [`Playable::restart`] and the record.
    start: Game,
    /// The moves played, as the record writes them.
    written: Vec<String>,
    /// What a record replayed so far has shown (see [`RecordState`]).
    record: RecordState,
}

/// What the record being replayed has shown so far, for the rules that
/// span its parts: a setup comes before the moves, and once moves (or the
/// result) have been read, a tag begins the next game.
#[derive(Debug, Clone, Default)]
struct RecordState {
    /// Whether the game has shown a move (played or refused).
    moves_read: bool,
    /// Whether the game's result has been read.
    result_read: bool,
    /// Whether the game's start came from a `[FEN]` tag or `; setup:` line.
    setup_read: bool,
    /// Whether a step written with `x` has been warned about.
    warned_step_as_capture: bool,
    notes: RecordNotes,
}

impl DraughtsPlay {
    pub fn new(game: Game) -> DraughtsPlay {
        DraughtsPlay {
            start: game.clone(),
            game,
            written: Vec::new(),
            record: RecordState::default(),
        }
    }

    /// Starts the game from a record's setup (a `[FEN]` tag's value or a
    /// `; setup:` line's FEN) at `span` of `text`.
    fn setup_from_record(
        &mut self,
        text: &str,
        span: std::ops::Range<usize>,
        fen_text: &str,
        first: usize,
    ) -> Result<(), Box<ReplayStop>> {
        let refuse = |code, message: String| {
            Err(Box::new(stop_at(text, span.clone(), first, code, message)))
        };
        if self.record.moves_read || self.game.ply() > 0 {
            return refuse(
                "setup-after-moves",
                "a setup after the game's first move; put the `[FEN]` tag (or `; setup:` line) before the moves".to_string(),
            );
        }
        if self.record.setup_read {
            return refuse(
                "second-setup",
                "the game already has a setup; give each game one `[FEN]` tag (or `; setup:` line)"
                    .to_string(),
            );
        }
        let rules = self.game.rules().clone();
        match fen::parse_for(fen_text, rules.geometry(), rules.first_to_move) {
            Ok(position) => {
                self.game = Game::new(&rules, position);
                self.start = self.game.clone();
                self.record.setup_read = true;
                Ok(())
            }
            Err(e) => refuse(
                "bad-setup",
                format!("the setup is not a PDN FEN for this board: {}", e.reason),
            ),
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

/// A stop at `span` of `text` before any move of this replay.
fn stop_at(
    text: &str,
    span: std::ops::Range<usize>,
    number: usize,
    code: &'static str,
    message: String,
) -> ReplayStop {
    ReplayStop {
        played: Vec::new(),
        number,
        line: line_of(text, span.start),
        column: Some(column_of(text, span.start)),
        text: text.get(span).unwrap_or_default().to_string(),
        code,
        message,
        marked: Vec::new(),
        captured: Vec::new(),
    }
}

/// The 1-based column, in characters, of a byte offset.
fn column_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before
            .rsplit('\n')
            .next()
            .map_or(0, |line| line.chars().count())
            + 1
    })
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before.bytes().filter(|b| *b == b'\n').count() + 1
    })
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
        self.record = RecordState::default();
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
        text.push_str(record::result_token(self.game.outcome()));
        text.push('\n');
        text
    }

    fn record_cut(&self, pending: &str) -> RecordCut {
        match record::items(pending) {
            Err(error) => match error.reason {
                RecordErrorReason::UnclosedComment => RecordCut::NotBefore('}'),
                RecordErrorReason::UnclosedTag => RecordCut::NotBefore(']'),
                RecordErrorReason::UnclosedVariation => RecordCut::NotBefore(')'),
                // Every other error is reported by replaying what was read.
                _ => RecordCut::Here,
            },
            Ok(items) => {
                if let Some(at) = record::second_game_at(
                    &items,
                    self.record.moves_read || self.game.ply() > 0,
                    self.record.result_read,
                ) {
                    return RecordCut::GameEnds(at);
                }
                // A capture may go on in the next line's token, one hop a
                // token: wait for it.
                match items.last() {
                    Some(record::Item::Move(mv)) if mv.move_text.capture => {
                        RecordCut::NotBefore('\n')
                    }
                    _ => RecordCut::Here,
                }
            }
        }
    }

    fn take_notes(&mut self) -> RecordNotes {
        std::mem::take(&mut self.record.notes)
    }

    /// Plays one part of a record (PDN): its tags (a `[FEN]` tag or
    /// `; setup:` line starts the game there), its moves (a capture may be
    /// written one hop a token, a step with `x` is read with a warning) and
    /// its draw claims (`[%claim]`).
    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let first = self.game.ply() + 1;
        let items = record::items(text).map_err(|error| {
            self.record.moves_read = true;
            stop_at(
                text,
                error.span.clone(),
                first,
                error.reason.code(),
                error.reason.to_string(),
            )
        })?;
        let mut moves = Vec::new();
        let mut claims = Vec::new();
        let mut result = None;
        for item in items {
            match item {
                record::Item::Tag(tag) if tag.name.eq_ignore_ascii_case("FEN") => {
                    self.setup_from_record(text, tag.span.clone(), &tag.value, first)
                        .map_err(|stop| *stop)?;
                    self.record.notes.tags.push((tag.name, tag.value));
                }
                record::Item::Tag(tag) => self.record.notes.tags.push((tag.name, tag.value)),
                record::Item::Setup(span, fen_text) => {
                    self.setup_from_record(text, span, fen_text, first)
                        .map_err(|stop| *stop)?;
                }
                record::Item::Move(mv) => {
                    if self.record.result_read {
                        self.record.moves_read = true;
                        let reason = RecordErrorReason::AfterResult;
                        return Err(stop_at(
                            text,
                            mv.span,
                            first,
                            reason.code(),
                            reason.to_string(),
                        ));
                    }
                    moves.push(mv);
                }
                record::Item::Result(span, token) => {
                    self.record.result_read = true;
                    result = Some((span, token));
                }
                record::Item::Comment(_) => {}
                record::Item::Claim(span, reason) => claims.push((moves.len(), span, reason)),
            }
        }
        if !moves.is_empty() {
            self.record.moves_read = true;
        }
        let mut claims = claims.into_iter().peekable();
        let mut played: Vec<ReplayedMove> = Vec::with_capacity(moves.len());
        let mut next = 0;
        loop {
            while let Some((_, span, reason)) = claims.next_if(|(before, ..)| *before <= next) {
                if let Err(message) = record::claim(&mut self.game, reason) {
                    let mut stop =
                        stop_at(text, span, first + played.len(), "claim-refused", message);
                    stop.played = played;
                    return Err(stop);
                }
            }
            if next >= moves.len() {
                break;
            }
            let side = self.game.to_move().code();
            let mv = &moves[next];
            let line = line_of(text, mv.span.start);
            match record::play_move(&mut self.game, &moves[next..]) {
                Ok(advance) => {
                    let notation = advance.played.mv.full_notation();
                    if advance.step_written_as_capture && !self.record.warned_step_as_capture {
                        self.record.warned_step_as_capture = true;
                        self.record.notes.warnings.push(format!(
                            "move {} `{}` captures nothing but is written with `x`; read as the \
                             step {notation}, as are any more such moves of this game",
                            first + played.len(),
                            text.get(mv.span.clone()).unwrap_or_default(),
                        ));
                    }
                    self.written.push(notation.clone());
                    played.push(ReplayedMove {
                        number: first + played.len(),
                        line,
                        side,
                        notation,
                        captures: advance
                            .played
                            .captured
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                    });
                    next += advance.tokens;
                }
                Err(illegal) => {
                    let number = first + played.len();
                    return Err(ReplayStop {
                        played,
                        number,
                        line,
                        column: Some(column_of(text, mv.span.start)),
                        text: text.get(mv.span.clone()).unwrap_or_default().to_string(),
                        code: illegal.code(),
                        message: illegal.to_string(),
                        marked: Vec::new(),
                        captured: Vec::new(),
                    });
                }
            }
        }
        // Every move before the result has been played (a move after it is
        // refused above), so the game is where the record says it ends.
        let outcome = self.game.outcome();
        if let Some((span, token)) = result
            && let Err(agrees) = record::check_result(token, outcome)
        {
            let message = format!(
                "the record ends `{token}`, but after its last move the game is over: {outcome}; \
                 end it with `{agrees}`"
            );
            let mut stop = stop_at(text, span, first + played.len(), "wrong-result", message);
            stop.played = played;
            return Err(stop);
        }
        Ok(Replay {
            moves: played,
            outcome: outcome.named(),
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
