//! Go through the family seam: the `rulehub-go` crate's rules behind
//! [`GameFamily`]. Everything Go-specific the site shows (stones on
//! intersections, point names A–T without I, facts, example sentences,
//! starter pages) is defined here.
//!
//! Go has no practice board yet: [`VariantRules::practice`] stays `None`.

mod check;
mod engine_yaml;
pub mod examples;
mod facts;
mod frames;
mod games;
mod glyphs;
mod starter;
mod tools;

pub use engine_yaml::{EngineSection, GoFrontMatter, RulesValue};
pub use glyphs::{BLACK_STONE, BLACK_TERRITORY, WHITE_STONE, WHITE_TERRITORY};

use rulehub_go::{Color, Point, Rules};

use rulehub_core::hub::{Page, VariantFrontMatter};
use rulehub_core::i18n::{Arg, I18n};
use rulehub_diagram::{Glyph, Palette};
use rulehub_family::{FamilyAssets, GameFamily, Starter, VariantRules};
use rulehub_game::Square;

/// The family's name: its folder and `variant_of`.
pub const NAME: &str = "go";

/// The Go family (Japanese, Chinese, AGA, New Zealand and Tromp-Taylor rules).
pub struct Go;

/// Go's own files: its messages in every language (no practice board yet).
const ASSETS: FamilyAssets = FamilyAssets {
    dir: "crates/rulehub-go-site/assets",
    files: &[],
    board: None,
    fluent: &[
        ("en", include_str!("../assets/en.ftl")),
        ("cs", include_str!("../assets/cs.ftl")),
        ("fi", include_str!("../assets/fi.ftl")),
    ],
    palette: None,
};

impl GameFamily for Go {
    fn assets(&self) -> FamilyAssets {
        ASSETS
    }

    fn name(&self) -> &'static str {
        NAME
    }

    fn default_preset(&self) -> &'static str {
        rulehub_go::rules::PRESET_NAMES[0]
    }

    fn sides(&self) -> [&'static str; 2] {
        [Color::Black.as_str(), Color::White.as_str()]
    }

    fn setup_notation(&self) -> &'static str {
        "go: stones by point name, columns A–T without I, such as `black: D4 Q16; white: C3`"
    }

    fn check(&self, page: &Page<VariantFrontMatter>, palette: &Palette) -> rulehub_family::Checked {
        check::check(page, palette)
    }

    fn fact_labels(&self) -> &'static [&'static str] {
        facts::LABELS
    }

    fn message_ids(&self) -> Vec<&'static str> {
        let mut ids = vec!["go-board-start-desc"];
        ids.extend(facts::message_ids());
        ids.extend(examples::MESSAGE_IDS);
        ids.extend(rulehub_family::SAMPLE_GAME_MESSAGE_IDS);
        ids.extend(games::MESSAGE_IDS);
        ids.extend(glyphs::MESSAGE_IDS);
        ids
    }

    fn preset_names(&self) -> Vec<&'static str> {
        rulehub_go::rules::PRESET_NAMES.to_vec()
    }

    fn preset_rules_yaml(&self, preset: &str) -> Option<Result<String, String>> {
        rulehub_go::preset(preset)
            .map(|rules| serde_yaml::to_string(&rules).map_err(|error| error.to_string()))
    }

    fn starter(&self) -> &'static dyn Starter {
        &starter::GoStarter
    }

    fn start_game(
        &self,
        preset: &str,
        request: &rulehub_family::EngineRequest<'_>,
    ) -> Option<Result<Box<dyn rulehub_family::Playable>, String>> {
        tools::engine(preset, request)
    }

    fn open_game(
        &self,
        rules: &serde_json::Value,
        setup: Option<&str>,
    ) -> Result<Box<dyn rulehub_family::Playable>, String> {
        tools::open_game(rules, setup)
    }

    fn setup_board(
        &self,
        preset: &str,
        setup: Option<&str>,
        _palette: &Palette,
    ) -> Option<Result<rulehub_family::SetupBoard, String>> {
        tools::setup_board(preset, setup)
    }

    fn protocols(&self) -> &'static [rulehub_family::Protocol] {
        &[tools::GTP]
    }

    fn open_protocol(
        &self,
        protocol: &str,
        preset: &str,
        options: &rulehub_family::ProtocolOptions,
    ) -> Option<Result<Box<dyn rulehub_family::LineProtocol>, String>> {
        (protocol == tools::GTP.name)
            .then(|| tools::open_gtp(preset, options))
            .flatten()
    }
}

/// A Go variant's rules as checked for its page, with its start position
/// (usually the empty board).
#[derive(Debug, Clone)]
pub struct GoVariant {
    pub rules: Rules,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_move: Color,
}

impl VariantRules for GoVariant {
    fn facts(&self, i18n: &I18n, lang: &str) -> Vec<String> {
        facts::facts(&self.rules, i18n, lang)
    }

    fn start_description(&self, title: &str, i18n: &I18n, lang: &str) -> String {
        let size = usize::from(self.rules.size);
        i18n.message(
            lang,
            "go-board-start-desc",
            &[
                ("title", Arg::Str(title)),
                ("size", Arg::Num(size)),
                ("black", Arg::Num(self.black.len())),
                ("white", Arg::Num(self.white.len())),
            ],
        )
    }

    fn to_json(&self) -> serde_json::Value {
        let names = |points: &[Point]| -> Vec<String> {
            points.iter().map(|p| p.name(self.rules.size)).collect()
        };
        serde_json::json!({
            "family": NAME,
            "rules": self.rules,
            "black": names(&self.black),
            "white": names(&self.white),
            "to_move": self.to_move.as_str(),
        })
    }
}

/// A Go point as the diagram's row and column: Go counts rows from the
/// bottom, the diagram from the top.
pub(crate) fn board_square(size: u8, point: Point) -> Square {
    Square::new(size - 1 - point.row(size), point.col(size))
}

/// The stones of a board (`cells` in point order) as diagram glyphs.
pub(crate) fn stones(size: u8, cells: &[Option<Color>]) -> Vec<(Square, &'static Glyph)> {
    cells
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| {
            let color = (*cell)?;
            Some((board_square(size, Point(i as u16)), glyphs::stone(color)))
        })
        .collect()
}

/// The board of a game, point order.
pub(crate) fn cells_of(game: &rulehub_go::Game) -> Vec<Option<Color>> {
    game.points().map(|p| game.at(p)).collect()
}
