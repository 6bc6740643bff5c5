//! Tafl for the command line: a game of a preset from its start or a setup,
//! counted with the engine's perft, replayed with its record reader and
//! played by its AI. Moves are written as records write them, with their
//! capture marks (`e1-e4xe5`).

use rulehub_tafl::Side;
use rulehub_tafl::playable::TaflPlay;
use rulehub_tafl::record::ReplayOptions;
use rulehub_tafl::{Game, Position, preset};

use rulehub_family::{EngineRequest, Playable};

/// The game `preset_name` names; `None` when it is not a tafl preset.
pub fn engine(
    preset_name: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn Playable>, String>> {
    let rules = preset(preset_name)?;
    if request.size.is_some() {
        return Some(Err(
            "--size is not used with this preset: a tafl board's size is the preset's, or --setup's"
                .into(),
        ));
    }
    let options = ReplayOptions {
        check_capture_marks: !request.ignore_capture_marks,
    };
    Some(start(&rules, request).map(|game| Box::new(TaflPlay::new(game, options)) as _))
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

/// The game a room plays: the rules as the page's board data carries
/// them, its setup included (a tafl room takes no separate setup).
pub fn open_game(
    json: &serde_json::Value,
    setup: Option<&str>,
) -> Result<Box<dyn Playable>, String> {
    if setup.is_some() {
        return Err(
            "a tafl room's start position is the rules' `setup`; send no separate `setup`".into(),
        );
    }
    let rules: rulehub_tafl::Rules = serde_json::from_value(json.clone())
        .map_err(|e| format!("the rules are not the engine's rules JSON: {e}"))?;
    rules
        .validate()
        .map_err(|e| format!("the rules are contradictory: {e}"))?;
    let game = Game::start(&rules).map_err(|e| format!("the rules' setup is invalid: {e}"))?;
    Ok(Box::new(TaflPlay::new(game, ReplayOptions::default())))
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

/// A tafl setup on a plain board (throne and corners), of the setup's size
/// or the one given, for `rulehub board` without a preset.
pub fn plain_board(
    setup: &str,
    rows: Option<u8>,
    cols: Option<u8>,
) -> Result<rulehub_family::SetupBoard, rulehub_family::SetupProblem> {
    let problem = |e: rulehub_tafl::SetupError| rulehub_family::SetupProblem {
        message: e.to_string(),
        offset: (e.row > 0).then_some(e.offset),
    };
    let dims = match (rows, cols) {
        (Some(rows), Some(cols)) => rulehub_tafl::Dims::new(rows, cols),
        (rows, cols) => {
            let inferred = Position::setup_dims(setup).map_err(problem)?;
            rulehub_tafl::Dims::new(rows.unwrap_or(inferred.rows), cols.unwrap_or(inferred.cols))
        }
    };
    let position = Position::from_setup(setup, dims).map_err(problem)?;
    let pieces = position.pieces();
    let count = |letter| pieces.iter().filter(|(_, p)| p.letter() == letter).count();
    let description = format!(
        "A {dims} board with the setup {}: {} attackers, {} defenders and the king.",
        setup.trim(),
        count('b'),
        count('w'),
    );
    Ok(rulehub_family::SetupBoard {
        dims,
        render: rulehub_diagram::RenderSpec::default_for(dims),
        pieces: pieces
            .into_iter()
            .map(|(square, piece)| (square, super::glyph(piece)))
            .collect(),
        description,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_takes_its_start_from_the_rules_alone() {
        let json = serde_json::to_value(preset("brandubh").expect("preset")).expect("json");
        let message = open_game(&json, Some("7/7/7/7/7/7/7")).expect_err("setup");
        assert!(message.contains("setup"), "{message}");
        let game = open_game(&json, None).expect("the rules' own start");
        assert_eq!(game.to_move(), "attackers");
    }
}
