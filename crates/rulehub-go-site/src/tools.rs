//! Go for the command line: `rulehub board` draws a preset's board.
//! (`perft`, `replay`, `ai` and `match` come through the game seam.)

use rulehub_go::{Color, Game, Point, RulesSpec};

use rulehub_family::{CommandLineEngine, EngineRequest, SetupBoard};
use rulehub_game::Dims;

/// The game `preset` names; `None` when the preset is not a Go one.
pub fn engine(
    preset: &str,
    _request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn CommandLineEngine>, String>> {
    rulehub_go::preset(preset)?;
    Some(Err(format!(
        "`{preset}` is a Go preset; the Go engine does not take part in this command yet"
    )))
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
