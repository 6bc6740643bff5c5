//! Tafl for the command line: a game of a preset from its start or a setup,
//! counted with the engine's perft, replayed with its record reader and
//! played by its AI. Moves are written as records write them, with their
//! capture marks (`e1-e4xe5`).

use std::fmt::Write as _;

use rulehub_game::ai::{Deadline, Level, Limits};
use rulehub_tafl::Side;
use rulehub_tafl::record::{self, ReplayOptions};
use rulehub_tafl::{Game, Move, Outcome, Position, preset};

use rulehub_family::{
    CommandLineEngine, Ending, EngineRequest, Replay, ReplayStop, ReplayedMove, Thought,
};

/// The game `preset_name` names; `None` when it is not a tafl preset.
pub fn engine(
    preset_name: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn CommandLineEngine>, String>> {
    let rules = preset(preset_name)?;
    Some(start(&rules, request).map(|game| {
        Box::new(TaflEngine {
            played: Vec::new(),
            options: ReplayOptions {
                check_capture_marks: !request.ignore_capture_marks,
            },
            game,
        }) as Box<dyn CommandLineEngine>
    }))
}

fn start(rules: &rulehub_tafl::Rules, request: &EngineRequest<'_>) -> Result<Game, String> {
    let position = match request.setup {
        None => rules
            .start_position()
            .map_err(|e| format!("the preset's setup is invalid: {e}"))?,
        Some(text) => {
            let dims = Position::setup_dims(text).map_err(|e| format!("--setup: {e}"))?;
            Position::from_setup(text, dims).map_err(|e| format!("--setup: {e}"))?
        }
    };
    let side = match request.to_move {
        None => rules.first_to_move,
        Some("attackers") => Side::Attackers,
        Some("defenders") => Side::Defenders,
        Some(other) => {
            return Err(format!(
                "--to-move `{other}` is not a side of this game: use attackers or defenders"
            ));
        }
    };
    Ok(Game::new(rules, position, side))
}

#[derive(Clone)]
struct TaflEngine {
    game: Game,
    /// The moves played here, as the record writes them.
    played: Vec<String>,
    options: ReplayOptions,
}

impl TaflEngine {
    /// `mv` as a record writes it, with the marks of what it captures.
    fn notation(&self, mv: Move) -> String {
        let dims = self.game.dims();
        let mut trial = self.game.clone();
        let captures = trial.play(mv).map(|p| p.captures).unwrap_or_default();
        let names: Vec<String> = captures.iter().map(|s| s.name(dims)).collect();
        written(&mv.name(dims), &names)
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

impl CommandLineEngine for TaflEngine {
    fn sides(&self) -> [&'static str; 2] {
        [Side::Attackers.as_str(), Side::Defenders.as_str()]
    }

    fn to_move(&self) -> &'static str {
        self.game.to_move().as_str()
    }

    fn perft(&mut self, depth: u32) -> u64 {
        rulehub_tafl::perft(&mut self.game, depth)
    }

    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let dims = self.game.dims();
        let names = |squares: &[rulehub_tafl::Square]| -> Vec<String> {
            squares.iter().map(|s| s.name(dims)).collect()
        };
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
        self.played
            .extend(moves.iter().map(|m| written(&m.notation, &m.captures)));
        match result {
            Ok(summary) => Ok(Replay {
                moves,
                outcome: summary.outcome.to_string(),
                outcome_json: serde_json::to_value(summary.outcome)
                    .unwrap_or_else(|_| summary.outcome.to_string().into()),
            }),
            Err(stop) => Err(ReplayStop {
                played: moves,
                number: stop.number,
                line: stop.line,
                column: None,
                text: stop.text.clone(),
                code: stop.code(),
                message: stop.message(),
                marked: names(stop.marked()),
                captured: names(stop.captured()),
            }),
        }
    }

    // The engine lists no legal move once the game is over.
    fn legal_move_count(&self) -> usize {
        self.game.legal_moves().len()
    }

    fn play_legal(&mut self, index: usize) -> Option<String> {
        let mv = *self.game.legal_moves().get(index)?;
        let notation = self.notation(mv);
        self.game.play(mv).ok()?;
        self.played.push(notation.clone());
        Some(notation)
    }

    fn level_limits(&self, level: Level) -> Limits {
        rulehub_tafl::ai::level_limits(level)
    }

    fn think(
        &self,
        limits: &Limits,
        seed: u64,
        deadline: Option<&Deadline<'_>>,
    ) -> Option<Thought> {
        let result = rulehub_tafl::ai::best_move(&self.game, limits, seed, deadline)?;
        let index = self
            .game
            .legal_moves()
            .iter()
            .position(|mv| *mv == result.best)?;
        Some(Thought {
            index,
            notation: self.notation(result.best),
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
            Outcome::Win { winner, .. } => Some(winner.as_str()),
            Outcome::Draw { .. } => None,
        };
        Some(Ending {
            winner,
            description: outcome.to_string(),
        })
    }

    /// `#` comment lines, then one numbered move a line.
    fn record(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "# {comment}");
        }
        for (i, notation) in self.played.iter().enumerate() {
            let _ = writeln!(text, "{}. {notation}", i + 1);
        }
        text
    }

    fn boxed_clone(&self) -> Box<dyn CommandLineEngine> {
        Box::new(self.clone())
    }
}

/// A tafl preset's board for `rulehub board`: the setup's own board (or
/// the preset's start), drawn with the special squares the preset's rules
/// give it, as a page without a `render` block draws it.
pub fn setup_board(
    preset_name: &str,
    setup: Option<&str>,
    palette: &rulehub_diagram::Palette,
) -> Option<Result<rulehub_family::SetupBoard, String>> {
    let rules = preset(preset_name)?;
    let position = match setup {
        None => rules
            .start_position()
            .map_err(|e| format!("the preset's setup is invalid: {e}")),
        Some(text) => Position::setup_dims(text)
            .and_then(|dims| Position::from_setup(text, dims))
            .map_err(|e| e.to_string()),
    };
    Some(position.map(|position| {
        let dims = position.dims();
        let pieces = position.pieces();
        let count = |letter| pieces.iter().filter(|(_, p)| p.letter() == letter).count();
        let description = format!(
            "{preset_name} on a {dims} board, setup {}: {} attackers, {} defenders, {} king.",
            setup.unwrap_or(&rules.setup).trim(),
            count('b'),
            count('w'),
            count('K'),
        );
        rulehub_family::SetupBoard {
            dims,
            render: super::check::default_board(&rules, dims, palette),
            pieces: pieces
                .into_iter()
                .map(|(square, piece)| (square, super::glyph(piece)))
                .collect(),
            description,
        }
    }))
}
