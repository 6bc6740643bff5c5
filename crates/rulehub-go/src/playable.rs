//! Go behind the one game seam ([`rulehub_game::Playable`]): what the
//! command line (`perft`, `replay`, `ai`, `match`) drives. Moves are point
//! names (`D4`, columns A–T without I) or `pass`; records are SGF (FF[4]),
//! collections included.
//!
//! A game that two passes end is counted as the board stands, dead stones
//! included, unless the record marked them (TB/TW): the score is the
//! outcome's reason, in the SGF result form (`B+3.5`), and an even count is
//! `jigo`, the Go word for a draw.

use std::collections::BTreeSet;
use std::sync::{Mutex, MutexGuard, OnceLock};

use rulehub_game::ai::{Deadline, Level, Limits};
use rulehub_game::playable::no_legal_move;
use rulehub_game::{
    AnyOutcome, Cells, Dims, LegalMove, MoveInput, Playable, Played, RecordCut, RecordNotes,
    Refusal, Replay, ReplayStop, ReplayedMove, Square, Thought,
};

use crate::sgf::{self, SgfGame, SgfMove};
use crate::{Color, Game, Move, Point, Rules};

/// A Go game in progress and the moves played since its start.
///
/// The engine's [`Game`] keeps a scratch buffer in a `RefCell`, so it may
/// move between threads but not be shared; the seam asks for both, and a
/// mutex around each game gives it (uncontended: one caller at a time).
#[derive(Debug)]
pub struct GoPlay {
    game: Mutex<Game>,
    /// The game as it started, for [`Playable::restart`] and the record.
    start: Mutex<Game>,
    /// The rule set's name for the record's RU[] (`go-chinese`).
    rules_name: Option<String>,
    /// Stones the record marked dead (TB/TW), counted as prisoners.
    dead: Vec<Point>,
    /// The board's size (the game's, kept here to read it without the lock).
    size: u8,
    /// What replays read besides moves, until [`Playable::take_notes`].
    notes: RecordNotes,
}

/// The side names, Black first as Go players list them.
const SIDES: [&str; 2] = ["black", "white"];

/// A count as a `'static` reason: each distinct text is kept once, so
/// memory is bounded by the number of distinct results (a few hundred).
fn intern(text: String) -> &'static str {
    static SEEN: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    let seen = SEEN.get_or_init(|| Mutex::new(BTreeSet::new()));
    let mut seen = match seen.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(&known) = seen.get(text.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    seen.insert(leaked);
    leaked
}

/// The game behind a lock that nothing else holds while it is used.
fn locked(game: &Mutex<Game>) -> MutexGuard<'_, Game> {
    match game.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

fn owned(game: &mut Mutex<Game>) -> &mut Game {
    match game.get_mut() {
        Ok(game) => game,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// The stones of `color` on `before` that are gone from `game`'s board.
fn taken(game: &Game, before: &[Option<Color>], color: Color) -> Vec<Point> {
    before
        .iter()
        .enumerate()
        .filter(|(i, c)| **c == Some(color) && game.at(Point(*i as u16)).is_none())
        .map(|(i, _)| Point(i as u16))
        .collect()
}

fn cells_of(game: &Game) -> Vec<Option<Color>> {
    game.points().map(|p| game.at(p)).collect()
}

impl Clone for GoPlay {
    fn clone(&self) -> GoPlay {
        GoPlay {
            game: Mutex::new(locked(&self.game).clone()),
            start: Mutex::new(locked(&self.start).clone()),
            rules_name: self.rules_name.clone(),
            dead: self.dead.clone(),
            size: self.size,
            notes: self.notes.clone(),
        }
    }
}

impl GoPlay {
    /// A game from `game`'s position; `rules_name` goes into records.
    pub fn new(game: Game, rules_name: Option<&str>) -> GoPlay {
        GoPlay {
            size: game.size(),
            start: Mutex::new(game.clone()),
            game: Mutex::new(game),
            rules_name: rules_name.map(str::to_string),
            dead: Vec::new(),
            notes: RecordNotes::default(),
        }
    }

    /// A copy of the game as it stands.
    pub fn game(&self) -> Game {
        locked(&self.game).clone()
    }

    fn size(&self) -> u8 {
        self.size
    }

    fn square(&self, point: Point) -> Square {
        let size = self.size();
        Square::new(size - 1 - point.row(size), point.col(size))
    }

    fn point(&self, square: Square) -> Option<Point> {
        let size = self.size();
        (square.row < size && square.col < size)
            .then(|| Point::at(size - 1 - square.row, square.col, size))
    }

    fn path(&self, mv: Move) -> Vec<Square> {
        match mv {
            Move::Place(p) => vec![self.square(p)],
            Move::Pass => Vec::new(),
        }
    }

    /// The move `input` names, or why it names none.
    fn resolve(&self, input: MoveInput<'_>) -> Result<Move, Refusal> {
        let size = self.size();
        match input {
            MoveInput::Written(text) => Move::parse(text, size).ok_or_else(|| {
                Refusal::unreadable(format!(
                    "`{text}` is not a move on the {size}×{size} board: write a point (`D4`, columns A–T without I) or `pass`"
                ))
            }),
            MoveInput::Squares { from, to, .. } if from == to => self
                .point(to)
                .map(Move::Place)
                .ok_or_else(|| Refusal::illegal("off-board", "the point is not on the board")),
            MoveInput::Squares { .. } => Err(Refusal::illegal(
                "no-such-move",
                "a Go move places one stone: pick one point",
            )),
            MoveInput::Legal(index) => {
                let moves = locked(&self.game).legal_moves();
                moves
                    .get(index)
                    .copied()
                    .ok_or_else(|| no_legal_move(index, moves.len()))
            }
        }
    }

    /// The count once two passes have ended the game.
    fn count(&self) -> Option<crate::score::Score> {
        let game = locked(&self.game);
        if !game.is_over() {
            return None;
        }
        let dead: Vec<Point> = self
            .dead
            .iter()
            .copied()
            .filter(|p| game.at(*p).is_some())
            .collect();
        crate::score::score(&game, &dead).ok()
    }

    /// Replays one game of a record from its own setup, after `played`.
    #[allow(clippy::result_large_err)]
    fn replay_game(
        &mut self,
        record: &SgfGame,
        played: &mut Vec<ReplayedMove>,
    ) -> Result<(), ReplayStop> {
        if let (Some(ru), Some(name)) = (&record.rules, &self.rules_name)
            && crate::replay::preset_named_by_ru(ru) != Some(name.as_str())
        {
            self.notes.warnings.push(format!(
                "the record's RU[{ru}] names other rules than {name}, which replay checks it by"
            ));
        }
        let mut rules: Rules = owned(&mut self.start).rules().clone();
        rules.size = record.size;
        if let Some(komi) = record.komi {
            rules.komi = komi;
        }
        let to_move = record
            .to_move
            .or_else(|| record.moves.first().map(|m| m.color))
            .unwrap_or(Color::Black);
        let stop =
            |played: &Vec<ReplayedMove>, line, text: String, code, message: String| ReplayStop {
                played: played.clone(),
                number: played.len() + 1,
                line,
                column: None,
                text,
                code,
                message,
                marked: Vec::new(),
                captured: Vec::new(),
            };
        let game = Game::with_setup(rules, &record.setup_black, &record.setup_white, to_move)
            .map_err(|e| stop(played, 1, String::new(), "bad-setup", e.to_string()))?;
        *owned(&mut self.start) = game.clone();
        *owned(&mut self.game) = game;
        self.size = record.size;
        let size = record.size;
        let game = owned(&mut self.game);
        for m in &record.moves {
            let side = m.color.as_str();
            let notation = m.mv.name(size);
            if m.color != game.to_move() {
                return Err(stop(
                    played,
                    m.line,
                    notation,
                    "out-of-turn",
                    format!("{side} plays, but it is {}'s turn", game.to_move()),
                ));
            }
            let before = cells_of(game);
            if let Err(reason) = game.play(m.mv) {
                return Err(stop(
                    played,
                    m.line,
                    notation.clone(),
                    reason.code(),
                    format!("{side} {notation} is illegal: {}", reason.code()),
                ));
            }
            let captures = taken(game, &before, m.color.opponent())
                .iter()
                .map(|p| p.name(size))
                .collect();
            played.push(ReplayedMove {
                number: played.len() + 1,
                line: m.line,
                side,
                notation,
                captures,
            });
        }
        // A stone standing on the other colour's territory mark is dead.
        let dead = record
            .territory_black
            .iter()
            .filter(|&&p| game.at(p) == Some(Color::White))
            .chain(
                record
                    .territory_white
                    .iter()
                    .filter(|&&p| game.at(p) == Some(Color::Black)),
            )
            .copied()
            .collect();
        self.dead = dead;
        Ok(())
    }
}

/// A level's search bounds: its playout budget ([`crate::ai::playouts_for`])
/// as `max_nodes`, the one table the command line and any board use.
pub fn level_limits(level: Level) -> Limits {
    Limits {
        max_depth: 1,
        max_nodes: Some(u64::from(crate::ai::playouts_for(level))),
        root_noise: 0,
    }
}

impl Playable for GoPlay {
    fn sides(&self) -> [&'static str; 2] {
        SIDES
    }

    fn to_move(&self) -> &'static str {
        locked(&self.game).to_move().as_str()
    }

    /// Ongoing until two passes; then the count, `B+3.5` or `jigo`.
    fn outcome(&self) -> AnyOutcome {
        let Some(score) = self.count() else {
            return AnyOutcome::Ongoing;
        };
        match score.winner() {
            Some(winner) => AnyOutcome::Win {
                winner: winner.as_str(),
                reason: intern(score.result()),
            },
            None => AnyOutcome::Draw { reason: "jigo" },
        }
    }

    fn ply(&self) -> usize {
        locked(&self.game).moves_played() - locked(&self.start).moves_played()
    }

    /// `.` an empty point, `b` and `w` a black and a white stone.
    fn cells(&self) -> Cells {
        let size = self.size();
        let mut letters = String::with_capacity(usize::from(size) * usize::from(size));
        let game = locked(&self.game);
        for row in (0..size).rev() {
            for col in 0..size {
                letters.push(match game.at(Point::at(row, col, size)) {
                    None => '.',
                    Some(Color::Black) => 'b',
                    Some(Color::White) => 'w',
                });
            }
        }
        Cells {
            dims: Dims::new(size, size),
            letters,
        }
    }

    fn legal_moves(&self) -> Vec<LegalMove> {
        let size = self.size();
        let moves = locked(&self.game).legal_moves();
        moves
            .into_iter()
            .map(|mv| LegalMove {
                path: self.path(mv),
                name: mv.name(size),
            })
            .collect()
    }

    fn play(&mut self, input: MoveInput<'_>) -> Result<Played, Refusal> {
        let size = self.size();
        let mv = self.resolve(input)?;
        let name = mv.name(size);
        let game = owned(&mut self.game);
        let me = game.to_move();
        let before = cells_of(game);
        game.play(mv)
            .map_err(|illegal| Refusal::illegal(illegal.code(), illegal.to_string()).of(&name))?;
        let captures = taken(game, &before, me.opponent())
            .into_iter()
            .map(|p| (self.square(p), p.name(size)))
            .collect();
        Ok(Played {
            written: name.clone(),
            name,
            path: self.path(mv),
            captures,
        })
    }

    fn undo(&mut self) -> bool {
        self.ply() > 0 && owned(&mut self.game).undo()
    }

    fn restart(&mut self) {
        let start = owned(&mut self.start).clone();
        *owned(&mut self.game) = start;
        self.dead.clear();
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft(owned(&mut self.game), depth)
    }

    fn level_limits(&self, level: Level) -> Limits {
        level_limits(level)
    }

    /// Monte Carlo tree search with `max_nodes` playouts; the score is the
    /// win rate it found, from -1000 (lost) to 1000 (won).
    fn think(
        &self,
        limits: &Limits,
        seed: u64,
        deadline: Option<&Deadline<'_>>,
    ) -> Option<Thought> {
        let game = locked(&self.game).clone();
        if game.is_over() {
            return None;
        }
        let playouts = limits
            .max_nodes
            .map_or(crate::ai::playouts_for(Level::Normal), |n| {
                u32::try_from(n).unwrap_or(u32::MAX)
            });
        let thought = crate::ai::think(&game, playouts.max(1), seed, deadline);
        let index = game
            .legal_moves()
            .iter()
            .position(|mv| *mv == thought.best)?;
        Some(Thought {
            index,
            path: self.path(thought.best),
            written: thought.best.name(self.size()),
            score: ((thought.win_rate - 0.5) * 2000.0).round() as i32,
            mate_in: None,
            depth: 1,
            nodes: u64::from(thought.playouts),
        })
    }

    /// SGF: the comments in the root's C[], the rules, the start's setup,
    /// every move, and RE[] once two passes have ended the game.
    fn record(&self, comments: &[String]) -> String {
        let size = self.size();
        let start = locked(&self.start).clone();
        let game = locked(&self.game).clone();
        let stones = |color| -> Vec<Point> {
            start
                .points()
                .filter(|p| start.at(*p) == Some(color))
                .collect()
        };
        let moves: Vec<SgfMove> = game
            .moves()
            .skip(start.moves_played())
            .map(|(color, mv)| SgfMove {
                color,
                mv,
                comment: None,
                line: 0,
                column: 0,
            })
            .collect();
        let record = SgfGame {
            size,
            komi: Some(start.rules().komi),
            rules: self.rules_name.clone(),
            result: self.count().map(|score| score.result()),
            setup_black: stones(Color::Black),
            setup_white: stones(Color::White),
            to_move: Some(start.to_move()),
            comment: (!comments.is_empty()).then(|| comments.join("\n")),
            moves,
            ..SgfGame::default()
        };
        sgf::write(&record)
    }

    /// SGF spans lines: the whole record is read before it is replayed.
    fn record_cut(&self, _pending: &str) -> RecordCut {
        RecordCut::Never
    }

    /// Replays every game of an SGF collection in turn, each from its own
    /// setup (SZ, KM, AB/AW, PL); the outcome is the last game's.
    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let games = sgf::parse_collection(text).map_err(|error| ReplayStop {
            played: Vec::new(),
            number: 1,
            line: error.line,
            column: Some(error.column),
            text: String::new(),
            code: "bad-sgf",
            message: error.message.clone(),
            marked: Vec::new(),
            captured: Vec::new(),
        })?;
        let mut played = Vec::new();
        for record in &games {
            self.replay_game(record, &mut played)?;
        }
        Ok(Replay {
            moves: played,
            outcome: self.outcome(),
        })
    }

    fn take_notes(&mut self) -> RecordNotes {
        std::mem::take(&mut self.notes)
    }

    fn boxed_clone(&self) -> Box<dyn Playable> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset;

    fn nine(name: &str) -> GoPlay {
        let rules = preset(name).expect("preset").with_size(9).expect("9");
        GoPlay::new(Game::new(rules), Some(name))
    }

    #[test]
    fn moves_by_name_square_and_index_and_a_capture_comes_back_named() {
        let mut play = nine("go-chinese");
        for mv in ["C4", "C3", "B3"] {
            play.play(MoveInput::Written(mv)).expect("legal");
        }
        play.play(MoveInput::Legal(0)).expect("A1 is legal");
        let c2 = Square::new(7, 2);
        let done = play
            .play(MoveInput::Squares {
                from: c2,
                to: c2,
                via: None,
            })
            .expect("C2 is legal");
        // White's C3 had B3, C4 and C2 around it and D3 free: not yet.
        assert!(done.captures.is_empty());
        play.play(MoveInput::Written("pass")).expect("pass");
        let taken = play.play(MoveInput::Written("D3")).expect("D3 takes C3");
        assert_eq!(taken.captures, vec![(Square::new(6, 2), "C3".to_string())]);
        let refused = play.play(MoveInput::Written("D3")).expect_err("occupied");
        assert_eq!(refused.code, Some("occupied"));
        let unreadable = play.play(MoveInput::Written("I5")).expect_err("no I");
        assert_eq!(unreadable.kind, rulehub_game::RefusalKind::Unreadable);
        assert_eq!(play.ply(), 7);
        assert!(play.undo());
        assert_eq!(play.ply(), 6);
    }

    #[test]
    fn two_passes_end_the_game_with_the_count_as_the_reason() {
        let mut play = nine("go-chinese");
        play.play(MoveInput::Written("E5")).expect("legal");
        play.play(MoveInput::Written("pass")).expect("pass");
        assert_eq!(play.outcome(), AnyOutcome::Ongoing);
        play.play(MoveInput::Written("pass")).expect("pass");
        assert_eq!(
            play.outcome(),
            AnyOutcome::Win {
                winner: "black",
                reason: "B+73.5"
            }
        );
        assert!(play.legal_moves().is_empty());
    }

    #[test]
    fn a_record_written_replays_to_the_same_board_and_result() {
        let mut play = nine("go-japanese");
        for mv in ["E5", "C3", "pass", "pass"] {
            play.play(MoveInput::Written(mv)).expect("legal");
        }
        let text = play.record(&["a test".to_string()]);
        assert!(
            text.contains("RU[go-japanese]") && text.contains("C[a test]"),
            "{text}"
        );
        let mut again = nine("go-japanese");
        let replay = again.replay(&text).expect("replays");
        assert_eq!(replay.moves.len(), 4);
        assert_eq!(replay.outcome, play.outcome());
        assert_eq!(again.cells(), play.cells());
    }

    #[test]
    fn a_replay_stops_at_a_ko_with_its_line_and_code() {
        let text = "(;SZ[9]AB[cf][bg][ch]AW[df][cg][eg][dh]PL[B]\n;B[dg]\n;W[cg])";
        let mut play = nine("go-chinese");
        let stop = play.replay(text).expect_err("the retake is refused");
        assert_eq!((stop.code, stop.line, stop.played.len()), ("ko", 3, 1));
        let stop = play
            .replay("(;SZ[9];B[ee];B[dd])")
            .expect_err("out of turn");
        assert_eq!(stop.code, "out-of-turn");
        let stop = play.replay("(;SZ[9];B[zz])").expect_err("bad SGF");
        assert_eq!((stop.code, stop.line), ("bad-sgf", 1));
    }

    #[test]
    fn the_ai_answers_with_a_legal_move() {
        let play = nine("go-chinese");
        let limits = Limits {
            max_depth: 1,
            max_nodes: Some(50),
            root_noise: 0,
        };
        let thought = play.think(&limits, 3, None).expect("a move");
        assert_eq!(play.legal_moves()[thought.index].name, thought.written);
        assert_eq!(thought.nodes, 50);
    }
}
