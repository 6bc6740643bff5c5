//! Draughts for the command line: a game of a preset from its start or a
//! PDN FEN, counted with the engine crate's perft, replayed with its PDN
//! record reader and played by its AI.

use rulehub_draughts::playable::DraughtsPlay;
use rulehub_draughts::{Colour, DraughtsRules, Game, Kind, Preset, fen};

use rulehub_family::{EngineRequest, Playable};

/// The game `preset` names, from the request's setup when given; `None`
/// when the preset is not a draughts one.
pub fn engine(
    preset: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn Playable>, String>> {
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
    if request.size.is_some() {
        return Some(Err(
            "--size is not used with this preset: each draughts preset plays on its own board"
                .into(),
        ));
    }
    let setup = request.setup;
    Some(match setup {
        None => Ok(Box::new(DraughtsPlay::new(Game::start(&rules))) as _),
        Some(text) => fen::parse_for(text, rules.geometry(), rules.first_to_move)
            .map(|position| Box::new(DraughtsPlay::new(Game::new(&rules, position))) as _)
            .map_err(|e| format!("--setup is not a PDN FEN for this board: {}", e.reason)),
    })
}

/// The game a room plays: the rules and the start position (a PDN FEN)
/// as the page's board data carries them.
pub fn open_game(
    json: &serde_json::Value,
    setup: Option<&str>,
) -> Result<Box<dyn Playable>, String> {
    let rules: DraughtsRules = serde_json::from_value(json.clone())
        .map_err(|e| format!("the rules are not draughts rules JSON: {e}"))?;
    rules
        .validate()
        .map_err(|e| format!("the rules are contradictory: {e}"))?;
    let game = Game::from_setup(&rules, setup)
        .map_err(|e| format!("the setup is not a position of these rules: {e}"))?;
    // The record a room keeps starts from the rules' first mover, as
    // `rulehub replay` reads it; a setup with the other side to move
    // would be a record no replay follows.
    let first = rules.first_to_move;
    if game.to_move() != first {
        return Err(format!(
            "the setup has {} to move, but these rules start with {}: a room starts where the rules do (change the setup's first letter to `{}`)",
            game.to_move().code(),
            first.code(),
            if first == Colour::White { "W" } else { "B" }
        ));
    }
    Ok(Box::new(DraughtsPlay::new(game)))
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
        Some(text) => fen::parse_for(text, rules.geometry(), rules.first_to_move)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_json(preset: Preset) -> serde_json::Value {
        serde_json::to_value(preset.rules()).expect("json")
    }

    #[test]
    fn a_room_refuses_bad_rules_and_setups_by_what_is_wrong() {
        let mut json = rules_json(Preset::English);
        json["board_size"] = serde_json::json!(9);
        assert!(open_game(&json, None).is_err());
        let message =
            open_game(&rules_json(Preset::English), Some("W:W99:B1")).expect_err("square 99");
        assert!(message.contains("setup"), "{message}");
    }

    #[test]
    fn a_room_starts_where_the_rules_do() {
        // English draughts starts with black: a room from a white-to-move
        // position would keep a record that `rulehub replay` cannot follow.
        let json = rules_json(Preset::English);
        let message = open_game(&json, Some("W:W27:B23,14")).expect_err("white");
        assert!(
            message.contains("white to move") && message.contains("start with black"),
            "{message}"
        );
        assert!(open_game(&json, Some("B:W27:B23,14")).is_ok());
        // International draughts starts with white.
        let json = rules_json(Preset::International);
        assert!(open_game(&json, Some("B:W45:B5")).is_err());
        assert!(open_game(&json, Some("W:W45:B5")).is_ok());
    }
}
