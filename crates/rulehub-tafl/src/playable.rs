//! Tafl behind the one game seam ([`rulehub_game::Playable`]): what the
//! command line, the room server and the practice board drive. Moves are
//! written `from-to`, with a mark for each capture in records
//! (`e1-e4xe5`); squares are named as on the diagrams.

use std::fmt::Write as _;

use rulehub_game::ai::{Deadline, Level, Limits};
use rulehub_game::playable::no_legal_move;
use rulehub_game::{
    AnyOutcome, Cells, LegalMove, MoveInput, Playable, Played, Refusal, Replay, ReplayStop,
    ReplayedMove, Thought,
};

use crate::record::{self, ReplayOptions};
use crate::{Dims, Game, IllegalMove, Move, Outcome, Side, Square};

/// A tafl game in progress and the moves played since its start.
#[derive(Debug, Clone)]
pub struct TaflPlay {
    game: Game,
    /// The game as it started, for [`Playable::restart`].
    start: Game,
    /// The moves played, as the record writes them.
    written: Vec<String>,
    options: ReplayOptions,
}

impl TaflPlay {
    /// A game from its start; `options` say how records are replayed.
    pub fn new(game: Game, options: ReplayOptions) -> TaflPlay {
        TaflPlay {
            start: game.clone(),
            game,
            written: Vec::new(),
            options,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    fn dims(&self) -> Dims {
        self.game.dims()
    }

    /// The move `input` names, or why it names none.
    fn resolve(&self, input: MoveInput<'_>) -> Result<Move, Refusal> {
        let dims = self.dims();
        match input {
            MoveInput::Written(text) => {
                // A record's capture marks are the engine's to compute: the
                // move is what stands before the first `x`.
                let text = text.trim();
                let name = text.split('x').next().unwrap_or(text);
                Move::parse(name, dims).map_err(|e| Refusal::unreadable(format!("`{text}`: {e}")))
            }
            MoveInput::Squares { from, to, via } => {
                if via.is_some_and(|via| !via.is_empty()) {
                    return Err(Refusal::unreadable(
                        "a tafl move goes straight from one square to another; name no squares in between",
                    ));
                }
                if !dims.contains(from) || !dims.contains(to) {
                    return Err(Refusal::unreadable(format!(
                        "a square of the move is off the {dims} board"
                    )));
                }
                Ok(Move::new(from, to))
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

    /// The side that made the first move since the start.
    fn first_mover(&self) -> Side {
        self.start.to_move()
    }
}

/// A move as a record writes it: its name, then `x` and each captured square.
fn written(name: &str, captures: &[String]) -> String {
    let mut text = name.to_owned();
    for square in captures {
        text.push('x');
        text.push_str(square);
    }
    text
}

fn refused(illegal: &IllegalMove, mv: Move, dims: Dims) -> Refusal {
    Refusal::illegal(illegal.code(), illegal.describe(dims)).of(mv.name(dims))
}

impl Playable for TaflPlay {
    fn sides(&self) -> [&'static str; 2] {
        [Side::Attackers.as_str(), Side::Defenders.as_str()]
    }

    fn to_move(&self) -> &'static str {
        self.game.to_move().as_str()
    }

    fn outcome(&self) -> AnyOutcome {
        self.game.outcome().named()
    }

    fn ply(&self) -> usize {
        self.written.len()
    }

    /// `.` empty, `b` attacker, `w` defender, `K` king: the setup string's
    /// letters.
    fn cells(&self) -> Cells {
        let dims = self.dims();
        let position = self.game.position();
        Cells {
            dims,
            letters: dims
                .squares()
                .map(|sq| position.get(sq).map_or('.', |p| p.letter()))
                .collect(),
        }
    }

    // The engine lists no legal move once the game is over.
    fn legal_moves(&self) -> Vec<LegalMove> {
        let dims = self.dims();
        self.game
            .legal_moves()
            .into_iter()
            .map(|mv| LegalMove {
                path: vec![mv.from, mv.to],
                name: mv.name(dims),
            })
            .collect()
    }

    fn play(&mut self, input: MoveInput<'_>) -> Result<Played, Refusal> {
        let dims = self.dims();
        let mv = self.resolve(input)?;
        let played = self
            .game
            .play(mv)
            .map_err(|illegal| refused(&illegal, mv, dims))?;
        let captures: Vec<(Square, String)> = played
            .captures
            .iter()
            .map(|&sq| (sq, sq.name(dims)))
            .collect();
        let names: Vec<String> = captures.iter().map(|(_, name)| name.clone()).collect();
        let name = mv.name(dims);
        let text = written(&name, &names);
        self.written.push(text.clone());
        Ok(Played {
            name,
            written: text,
            path: vec![mv.from, mv.to],
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
        crate::perft(&mut self.game, depth)
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
        let dims = self.dims();
        let result = crate::ai::best_move(&self.game, limits, seed, deadline)?;
        let index = self
            .game
            .legal_moves()
            .iter()
            .position(|mv| *mv == result.best)?;
        let mut trial = self.game.clone();
        let captures = trial
            .play(result.best)
            .map(|p| p.captures)
            .unwrap_or_default();
        let names: Vec<String> = captures.iter().map(|s| s.name(dims)).collect();
        Some(Thought {
            index,
            path: vec![result.best.from, result.best.to],
            written: written(&result.best.name(dims), &names),
            score: result.score,
            mate_in: result.mate_in(),
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    /// `#` comment lines, the start position (`# setup:`, `# first to
    /// move:`), one numbered move a line, and `# result:` once the game is
    /// over.
    fn record(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "# {comment}");
        }
        let _ = writeln!(text, "# setup: {}", self.start.position().to_setup());
        let _ = writeln!(text, "# first to move: {}", self.first_mover());
        for (i, mv) in self.written.iter().enumerate() {
            let _ = writeln!(text, "{}. {mv}", i + 1);
        }
        let outcome = self.game.outcome();
        if outcome != Outcome::Ongoing {
            let _ = writeln!(text, "# result: {outcome}");
        }
        text
    }

    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let dims = self.dims();
        let names =
            |squares: &[Square]| -> Vec<String> { squares.iter().map(|s| s.name(dims)).collect() };
        let mut moves = Vec::new();
        let result = record::replay(
            &mut self.game,
            record::parse(text, dims),
            self.options,
            |played| {
                moves.push(ReplayedMove {
                    number: played.record.number,
                    line: played.record.line,
                    side: played.side.as_str(),
                    notation: played.record.mv.name(dims),
                    captures: names(&played.played.captures),
                });
            },
        );
        self.written
            .extend(moves.iter().map(|m| written(&m.notation, &m.captures)));
        match result {
            Ok(summary) => Ok(Replay {
                moves,
                outcome: summary.outcome.named(),
            }),
            Err(stop) => Err(ReplayStop {
                played: moves,
                number: stop.number,
                line: stop.line,
                text: stop.text.clone(),
                code: stop.code(),
                message: stop.message(),
                marked: names(stop.marked()),
                captured: names(stop.captured()),
            }),
        }
    }

    fn boxed_clone(&self) -> Box<dyn Playable> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset;
    use rulehub_game::RefusalKind;

    fn open(name: &str) -> TaflPlay {
        let rules = preset(name).expect("preset");
        TaflPlay::new(
            Game::start(&rules).expect("start"),
            ReplayOptions::default(),
        )
    }

    /// A walk through a whole game by written names: the outcome the seam
    /// shows is the engine's, by name, in the protocol's JSON and words.
    #[test]
    fn the_outcome_is_the_engines_by_name_along_a_whole_game() {
        let mut play = open("brandubh");
        let mut step = 0usize;
        let mut seen_over = false;
        for _ in 0..400 {
            let engine = play.game().outcome();
            assert_eq!(play.outcome(), engine.named());
            assert_eq!(play.outcome().to_string(), engine.to_string());
            let moves = play.legal_moves();
            if moves.is_empty() {
                seen_over = true;
                break;
            }
            step = (step * 31 + 7) % moves.len();
            let name = moves[step].name.clone();
            let played = play.play(MoveInput::Written(&name)).expect("legal");
            assert_eq!(played.name, name);
        }
        assert!(seen_over, "the walk reaches the end of a game");
        let json = serde_json::to_value(play.outcome()).expect("json");
        assert!(
            json["result"] == "win" || json["result"] == "draw",
            "{json}"
        );
    }

    #[test]
    fn a_move_is_refused_as_unreadable_or_illegal_and_changes_nothing() {
        let mut play = open("brandubh");
        let before = play.cells();
        let unreadable = play
            .play(MoveInput::Written("e9-e1"))
            .expect_err("off board");
        assert_eq!(unreadable.kind, RefusalKind::Unreadable);
        // An attacker stands on d1; a1 is a corner only the king may enter.
        let illegal = play.play(MoveInput::Written("d1-a1")).expect_err("corner");
        assert_eq!(illegal.kind, RefusalKind::Illegal);
        assert!(illegal.code.is_some());
        assert_eq!(illegal.name.as_deref(), Some("d1-a1"));
        assert_eq!(play.cells(), before);
        assert_eq!(play.ply(), 0);
    }

    #[test]
    fn the_record_names_its_start_and_replays_to_the_same_position() {
        let mut play = open("brandubh");
        for pick in [3usize, 5, 1, 8, 2, 13] {
            let count = play.legal_moves().len();
            if count == 0 {
                break;
            }
            play.play(MoveInput::Legal(pick % count)).expect("legal");
        }
        let record = play.record(&["a comment".into()]);
        assert!(
            record.starts_with("# a comment\n# setup: ") && record.contains("# first to move: "),
            "{record}"
        );
        let mut again = open("brandubh");
        again.replay(&record).expect("the record replays");
        assert_eq!(again.cells(), play.cells());
        assert!(play.undo());
        assert_eq!(play.ply(), 5);
        play.restart();
        assert_eq!(play.cells(), open("brandubh").cells());
        assert!(!play.undo(), "nothing to take back at the start");
    }
}
