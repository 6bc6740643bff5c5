//! Draughts for `rulehub perft` and `rulehub replay`: a game of a preset
//! from its start or a PDN FEN, counted with the engine crate's perft and
//! replayed with its PDN record reader.

use rulehub_draughts::record;
use rulehub_draughts::{Game, Outcome, Preset, fen};

use crate::{CommandLineEngine, Replay, ReplayStop, ReplayedMove};

/// The game `preset` names, from `setup` when given; `None` when the
/// preset is not a draughts one.
pub fn engine(
    preset: &str,
    setup: Option<&str>,
) -> Option<Result<Box<dyn CommandLineEngine>, String>> {
    let rules = Preset::from_name(preset)?.rules();
    Some(match setup {
        None => Ok(Box::new(DraughtsEngine {
            game: Game::start(&rules),
        }) as Box<dyn CommandLineEngine>),
        Some(text) => fen::parse(text, rules.geometry())
            .map(|position| {
                Box::new(DraughtsEngine {
                    game: Game::new(&rules, position),
                }) as Box<dyn CommandLineEngine>
            })
            .map_err(|e| format!("--setup is not a PDN FEN for this board: {}", e.reason)),
    })
}

struct DraughtsEngine {
    game: Game,
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before.bytes().filter(|b| *b == b'\n').count() + 1
    })
}

impl CommandLineEngine for DraughtsEngine {
    fn perft(&mut self, depth: u32) -> u64 {
        rulehub_draughts::perft::perft(&mut self.game, depth)
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
        })?;
        let mut played = Vec::with_capacity(moves.len());
        for (i, mv) in moves.into_iter().enumerate() {
            let side = self.game.to_move().code();
            let line = line_of(text, mv.span.start);
            match self.game.play_text(&mv.move_text) {
                Ok(done) => played.push(ReplayedMove {
                    number: first + i,
                    line,
                    side,
                    notation: done.mv.full_notation(),
                    captures: done.captured.iter().map(|s| s.to_string()).collect(),
                }),
                Err(illegal) => {
                    return Err(ReplayStop {
                        played,
                        number: first + i,
                        line,
                        text: text.get(mv.span).unwrap_or_default().to_string(),
                        code: illegal.code(),
                        message: illegal.to_string(),
                    });
                }
            }
        }
        Ok(Replay {
            moves: played,
            outcome: match self.game.outcome() {
                Outcome::Ongoing => "ongoing".to_string(),
                Outcome::Win { winner, reason } => {
                    format!("{} wins ({})", winner.code(), reason.code())
                }
                Outcome::Draw { reason } => format!("draw ({})", reason.code()),
            },
        })
    }
}
