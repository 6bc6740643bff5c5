//! Draughts for the command line: a game of a preset from its start or a
//! PDN FEN, counted with the engine crate's perft, replayed with its PDN
//! record reader and played by its AI.

use std::fmt::Write as _;

use rulehub_draughts::record;
use rulehub_draughts::{Colour, Game, Kind, Outcome, Preset, ai, fen};
use rulehub_game::ai::{Deadline, Level, Limits};

use rulehub_family::{
    CommandLineEngine, Ending, EngineRequest, RecordCut, Replay, ReplayStop, ReplayedMove, Thought,
};

/// The game `preset` names, from the request's setup when given; `None`
/// when the preset is not a draughts one.
pub fn engine(
    preset: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn CommandLineEngine>, String>> {
    let rules = Preset::from_name(preset)?.rules();
    if request.to_move.is_some() {
        return Some(Err(
            "--to-move is not used with this preset: its setup names the side to move".into(),
        ));
    }
    if request.ignore_capture_marks {
        return Some(Err(
            "--ignore-capture-marks is not used with this preset: its records write captures as part of the move".into(),
        ));
    }
    let setup = request.setup;
    Some(match setup {
        None => Ok(DraughtsEngine::boxed(Game::start(&rules))),
        Some(text) => fen::parse(text, rules.geometry())
            .map(|position| DraughtsEngine::boxed(Game::new(&rules, position)))
            .map_err(|e| format!("--setup is not a PDN FEN for this board: {}", e.reason)),
    })
}

#[derive(Clone)]
struct DraughtsEngine {
    game: Game,
    /// The moves played here, as the record writes them.
    played: Vec<String>,
}

impl DraughtsEngine {
    fn boxed(game: Game) -> Box<dyn CommandLineEngine> {
        Box::new(DraughtsEngine {
            played: Vec::new(),
            game,
        })
    }
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Win { winner, reason } => format!("{} wins ({})", winner.code(), reason.code()),
        Outcome::Draw { reason } => format!("draw ({})", reason.code()),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before.bytes().filter(|b| *b == b'\n').count() + 1
    })
}

impl CommandLineEngine for DraughtsEngine {
    fn sides(&self) -> [&'static str; 2] {
        [Colour::White.code(), Colour::Black.code()]
    }

    fn to_move(&self) -> &'static str {
        self.game.to_move().code()
    }

    fn legal_move_count(&self) -> usize {
        self.game.legal_moves().len()
    }

    fn play_legal(&mut self, index: usize) -> Option<String> {
        let mv = self.game.legal_moves().get(index).cloned()?;
        let notation = self.game.notation(&mv);
        self.game.play(mv).ok()?;
        self.played.push(notation.clone());
        Some(notation)
    }

    fn level_limits(&self, level: Level) -> Limits {
        rulehub_draughts::ai::level_limits(level)
    }

    fn think(
        &self,
        limits: &Limits,
        seed: u64,
        deadline: Option<&Deadline<'_>>,
    ) -> Option<Thought> {
        let result = ai::best_move(&self.game, limits, seed, deadline)?;
        let legal = self.game.legal_moves();
        let index = legal.iter().position(|mv| *mv == result.best)?;
        Some(Thought {
            index,
            notation: self.game.notation(&result.best),
            score: result.score,
            mate_in: result.mate_in(),
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    fn ending(&self) -> Option<Ending> {
        let outcome = self.game.outcome();
        let winner = match outcome {
            Outcome::Ongoing => return None,
            Outcome::Win { winner, .. } => Some(winner.code()),
            Outcome::Draw { .. } => None,
        };
        Some(Ending {
            winner,
            description: describe(outcome),
        })
    }

    /// PDN move text, one move a line (`12. 11-15`, `12... 22x15`), after
    /// `;` comment lines.
    fn record(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "; {comment}");
        }
        for (i, notation) in self.played.iter().enumerate() {
            let number = i / 2 + 1;
            let dots = if i % 2 == 0 { "." } else { "..." };
            let _ = writeln!(text, "{number}{dots} {notation}");
        }
        text
    }

    fn boxed_clone(&self) -> Box<dyn CommandLineEngine> {
        Box::new(self.clone())
    }

    fn perft(&mut self, depth: u32) -> u64 {
        rulehub_draughts::perft::perft(&mut self.game, depth)
    }

    fn record_cut(&self, pending: &str) -> RecordCut {
        match record::read(pending) {
            Err(error) => match error.reason {
                record::RecordErrorReason::UnclosedComment => RecordCut::NotBefore('}'),
                record::RecordErrorReason::UnclosedTag => RecordCut::NotBefore(']'),
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
                    self.played.push(notation.clone());
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
        let outcome = describe(self.game.outcome());
        Ok(Replay {
            moves: played,
            outcome_json: outcome.clone().into(),
            outcome,
        })
    }
}

/// A draughts preset's board for `rulehub board`: the FEN's position (or
/// the preset's start), drawn with the square numbers as a page without a
/// `render` block draws it.
pub fn setup_board(
    preset: &str,
    setup: Option<&str>,
) -> Option<Result<rulehub_family::SetupBoard, String>> {
    let rules = Preset::from_name(preset)?.rules();
    let position = match setup {
        None => Ok(rules.start_position()),
        Some(text) => fen::parse(text, rules.geometry())
            .map_err(|e| format!("not a PDN FEN for this board: {}", e.reason)),
    };
    Some(position.map(|position| {
        let size = rules.board_size;
        let count = |colour, kind| {
            position
                .pieces()
                .filter(|(_, p)| p.colour == colour && p.kind == kind)
                .count()
        };
        let side = |colour| {
            let men = count(colour, Kind::Man);
            let kings = count(colour, Kind::King);
            format!(
                "{} {}, {} {}",
                men,
                if men == 1 { "man" } else { "men" },
                kings,
                if kings == 1 { "king" } else { "kings" }
            )
        };
        let description = format!(
            "{preset} on a {size}×{size} board, setup {}: white {}; black {}; {} to move.",
            fen::write(&position),
            side(Colour::White),
            side(Colour::Black),
            position.to_move().code(),
        );
        rulehub_family::SetupBoard {
            dims: rulehub_game::Dims::new(size, size),
            pieces: super::glyphs_of(&position),
            render: super::check::default_board(&rules),
            description,
        }
    }))
}
