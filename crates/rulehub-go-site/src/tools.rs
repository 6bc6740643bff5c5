//! Go for the command line: a game of a preset (`perft`, `replay`, `ai`,
//! `match`, through the engine's [`GoPlay`]) from the empty board or a
//! setup of stones, and the board `rulehub board` draws.

use rulehub_go::playable::GoPlay;
use rulehub_go::{Color, Game, Point, Rules, RulesSpec};

use rulehub_family::{
    EngineRequest, LineProtocol, Playable, Protocol, ProtocolOptions, SetupBoard,
};
use rulehub_game::Dims;
use rulehub_go::gtp::Gtp;

/// The Go Text Protocol, which `rulehub gtp` speaks. Its default is area
/// scoring, as computer Go's servers and referees use: GTP's
/// `final_score` counts every stone on the board alive.
pub const GTP: Protocol = Protocol {
    name: "gtp",
    default_preset: "go-chinese",
};

/// A GTP session under `preset`'s rules, the AI at the options' level (or
/// their playouts per move); `None` when the preset is not a Go one.
pub fn open_gtp(
    preset: &str,
    options: &ProtocolOptions,
) -> Option<Result<Box<dyn LineProtocol>, String>> {
    let rules = RulesSpec::preset(preset).resolve().ok()?;
    let mut gtp = Gtp::new(rules, options.level, options.seed);
    if let Some(playouts) = options.budget {
        gtp.set_playouts(playouts);
    }
    Some(Ok(Box::new(gtp)))
}

/// The game `preset` names, from the request's setup (`black: D4 Q16;
/// white: C3`) and side to move; `None` when the preset is not a Go one.
pub fn engine(
    preset: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn Playable>, String>> {
    let preset_rules = RulesSpec::preset(preset).resolve().ok()?;
    Some((|| {
        let rules = match request.size {
            Some(size) => preset_rules
                .with_size(size)
                .map_err(|e| format!("--size: {e}"))?,
            None => preset_rules,
        };
        if request.ignore_capture_marks {
            return Err(
                "--ignore-capture-marks is not used with this preset: Go records mark no captures"
                    .to_string(),
            );
        }
        let to_move = match request.to_move {
            None | Some("black") => Color::Black,
            Some("white") => Color::White,
            Some(other) => {
                return Err(format!(
                    "--to-move `{other}` is not a side of Go: write `black` or `white`"
                ));
            }
        };
        let (black, white) = match request.setup {
            Some(text) => read_setup(text, rules.size).map_err(|e| format!("--setup: {e}"))?,
            None => (Vec::new(), Vec::new()),
        };
        let game = Game::with_setup(rules, &black, &white, to_move)
            .map_err(|e| format!("--setup: {e}"))?;
        Ok(Box::new(GoPlay::new(game, Some(preset))) as Box<dyn Playable>)
    })())
}

/// The game a room plays: the resolved rules as the page's data carries
/// them (the engine's `Rules` as JSON) and the setup stones.
pub fn open_game(
    json: &serde_json::Value,
    setup: Option<&str>,
) -> Result<Box<dyn Playable>, String> {
    let rules: Rules = serde_json::from_value(json.clone())
        .map_err(|e| format!("the rules are not Go rules JSON: {e}"))?;
    rules
        .validate()
        .map_err(|e| format!("the rules are not a Go rule set: {e}"))?;
    let (black, white) = match setup {
        Some(text) => read_setup(text, rules.size)?,
        None => (Vec::new(), Vec::new()),
    };
    let game = Game::with_setup(rules, &black, &white, Color::Black)
        .map_err(|e| format!("the setup does not fit the board: {e}"))?;
    Ok(Box::new(GoPlay::new(game, None)))
}

/// Reads `black: D4 Q16; white: C3` style setups: each colour's stones
/// after its name, the parts separated by `;`.
fn read_setup(text: &str, size: u8) -> Result<(Vec<Point>, Vec<Point>), String> {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (side, points) = part
            .split_once(':')
            .ok_or_else(|| format!("`{part}` does not start with `black:` or `white:`"))?;
        let list = match side.trim() {
            "black" | "b" | "B" => &mut black,
            "white" | "w" | "W" => &mut white,
            other => {
                return Err(format!(
                    "`{other}` is not a colour; write `black:` or `white:`"
                ));
            }
        };
        for name in points.split([' ', ',']).filter(|n| !n.is_empty()) {
            list.push(
                Point::parse(name, size)
                    .ok_or_else(|| format!("`{name}` is not a point of the {size}×{size} board"))?,
            );
        }
    }
    Ok((black, white))
}

/// The board of a Go preset, empty or from `setup` (`black: D4 Q16; white: C3`).
pub fn setup_board(preset: &str, setup: Option<&str>) -> Option<Result<SetupBoard, String>> {
    let rules = RulesSpec::preset(preset).resolve().ok()?;
    let size = rules.size;
    Some((|| {
        let (black, white) = match setup {
            Some(text) => read_setup(text, size)?,
            None => (Vec::new(), Vec::new()),
        };
        let game = Game::with_setup(rules.clone(), &black, &white, Color::Black)
            .map_err(|e| e.to_string())?;
        let cells = crate::cells_of(&game);
        Ok(SetupBoard {
            dims: Dims::new(size, size),
            pieces: crate::stones(size, &cells),
            render: crate::check::default_board(size),
            description: format!(
                "A {size}×{size} Go board with {} black and {} white stones.",
                black.len(),
                white.len()
            ),
        })
    })())
}
