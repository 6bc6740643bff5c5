//! A draughts game as the practice board starts it.

use rulehub_draughts::playable::DraughtsPlay;
use rulehub_draughts::{DraughtsRules, Game};
use serde::Deserialize;

/// What `new_game` reads: the page's resolved rules and optionally a start
/// position as a PDN FEN (which also says who moves first).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    rules: DraughtsRules,
    #[serde(default)]
    setup: Option<String>,
}

/// Starts the game a `new_game` request asks for.
pub fn start(request: &[u8]) -> Result<DraughtsPlay, String> {
    let NewGame { rules, setup } = rulehub_play::read_request(request)?;
    rules.validate().map_err(|e| format!("rules: {e}"))?;
    let game =
        Game::from_setup(&rules, setup.as_deref()).map_err(|e| format!("setup: {}", e.reason))?;
    Ok(DraughtsPlay::new(game))
}
