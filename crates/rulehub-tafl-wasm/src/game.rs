//! A tafl game as the practice board starts it.

use rulehub_tafl::playable::TaflPlay;
use rulehub_tafl::record::ReplayOptions;
use rulehub_tafl::{Game, Position, Rules, Side};
use serde::Deserialize;

/// What `new_game` reads: the page's resolved rules, and optionally another
/// start position and side to move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    rules: Rules,
    #[serde(default)]
    setup: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
}

/// Starts the game a `new_game` request asks for.
pub fn start(request: &[u8]) -> Result<TaflPlay, String> {
    let NewGame {
        mut rules,
        setup,
        to_move,
    } = rulehub_play::read_request(request)?;
    if let Some(setup) = setup {
        rules.dims = Position::setup_dims(&setup).map_err(|e| format!("setup: {e}"))?;
        rules.setup = setup;
    }
    rules.validate().map_err(|e| format!("rules: {e}"))?;
    let position = rules.start_position().map_err(|e| format!("setup: {e}"))?;
    let side = to_move.unwrap_or(rules.first_to_move);
    Ok(TaflPlay::new(
        Game::new(&rules, position, side),
        ReplayOptions::default(),
    ))
}
