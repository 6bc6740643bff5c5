//! Draughts through the family seam: the `rulehub-draughts` crate's rules
//! behind [`GameFamily`]. Everything draughts-specific the site shows
//! (pieces, numbered squares, facts, example sentences, starter pages) is
//! defined here.
//!
//! The practice board (`VariantRules::practice`, [`play`]) loads its own
//! engine, `draughts.wasm` (crates/rulehub-draughts-wasm).

mod check;
mod engine_yaml;
pub mod examples;
mod facts;
mod games;
mod glyphs;
mod play;
mod starter;
mod tools;

pub use engine_yaml::{DraughtsFrontMatter, EngineSection};
pub use glyphs::{BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN, glyph};

use rulehub_draughts::{Colour, DraughtsRules, Geometry, Position, fen};

use rulehub_core::hub::{Page, VariantFrontMatter};
use rulehub_core::i18n::{Arg, I18n};
use rulehub_diagram::{Annotations, Glyph, Palette};
use rulehub_family::{
    BoardAssets, FamilyAssets, Frame, GameFamily, Starter, VariantRules, WorkedExample,
};
use rulehub_game::Square;

/// The family's name: its folder and `variant_of`.
pub const NAME: &str = "draughts";

/// The draughts family (English, International, Russian, Brazilian, …).
pub struct Draughts;

/// The family's files for the site (`assets/`): its board module and
/// engine, its messages in every language the built-in theme speaks, and
/// its palette tokens.
const ASSETS: FamilyAssets = FamilyAssets {
    dir: "crates/rulehub-draughts-site/assets",
    files: &[
        ("draughts.css", include_bytes!("../assets/draughts.css")),
        ("draughts.js", include_bytes!("../assets/draughts.js")),
        ("draughts.wasm", include_bytes!("../assets/draughts.wasm")),
    ],
    board: Some(BoardAssets {
        module: "draughts.js",
        wasm: "draughts.wasm",
    }),
    fluent: &[
        ("en", include_str!("../assets/en.ftl")),
        ("cs", include_str!("../assets/cs.ftl")),
        ("fi", include_str!("../assets/fi.ftl")),
    ],
    palette: None,
};

impl GameFamily for Draughts {
    fn name(&self) -> &'static str {
        NAME
    }

    fn assets(&self) -> FamilyAssets {
        ASSETS
    }

    fn board_sentences(&self, i18n: &I18n, lang: &str) -> Option<serde_json::Value> {
        Some(play::board_sentences(i18n, lang))
    }

    fn check(&self, page: &Page<VariantFrontMatter>, palette: &Palette) -> rulehub_family::Checked {
        check::check(page, palette)
    }

    fn fact_labels(&self) -> &'static [&'static str] {
        facts::LABELS
    }

    fn message_ids(&self) -> Vec<&'static str> {
        let mut ids = vec!["draughts-board-start-desc"];
        ids.extend(facts::message_ids());
        ids.extend(examples::MESSAGE_IDS);
        ids.extend(rulehub_family::SAMPLE_GAME_MESSAGE_IDS);
        ids.extend(glyphs::MESSAGE_IDS);
        ids.extend(play::message_ids());
        ids
    }

    fn preset_names(&self) -> Vec<&'static str> {
        rulehub_draughts::preset_names()
    }

    fn default_preset(&self) -> &'static str {
        rulehub_draughts::Preset::ALL[0].name()
    }

    fn sides(&self) -> [&'static str; 2] {
        [
            rulehub_draughts::Colour::White.code(),
            rulehub_draughts::Colour::Black.code(),
        ]
    }

    fn setup_notation(&self) -> &'static str {
        "draughts: a PDN FEN such as `B:W21-32:B1-12`"
    }

    fn preset_rules_yaml(&self, preset: &str) -> Option<Result<String, String>> {
        rulehub_draughts::Preset::from_name(preset)
            .map(|preset| serde_yaml::to_string(&preset.rules()).map_err(|error| error.to_string()))
    }

    fn starter(&self) -> &'static dyn Starter {
        &starter::DraughtsStarter
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
}

/// A draughts variant's rules as checked for its page, with its start
/// position.
#[derive(Debug, Clone)]
pub struct DraughtsVariant {
    pub rules: DraughtsRules,
    pub start: Position,
}

impl VariantRules for DraughtsVariant {
    fn facts(&self, i18n: &I18n, lang: &str) -> Vec<String> {
        facts::facts(&self.rules, i18n, lang)
    }

    fn start_description(&self, title: &str, i18n: &I18n, lang: &str) -> String {
        let size = usize::from(self.rules.board_size);
        i18n.message(
            lang,
            "draughts-board-start-desc",
            &[
                ("title", Arg::Str(title)),
                ("size", Arg::Num(size)),
                ("squares", Arg::Num(size * size / 2)),
                ("white", Arg::Num(self.start.count(Colour::White))),
                ("black", Arg::Num(self.start.count(Colour::Black))),
            ],
        )
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "family": NAME,
            "rules": self.rules,
            "setup": fen::write(&self.start),
        })
    }

    fn practice(&self, assets: &str) -> Option<serde_json::Value> {
        Some(play::practice_data(&self.rules, &self.start, assets))
    }
}

/// A draughts square as the diagram's row and column.
fn board_square(geometry: &Geometry, square: rulehub_draughts::Square) -> Square {
    let (row, col) = geometry.row_col(square);
    Square::new(row, col)
}

fn glyphs_of(position: &Position) -> Vec<(Square, &'static Glyph)> {
    let geometry = position.geometry();
    position
        .pieces()
        .map(|(square, piece)| (board_square(geometry, square), glyph(piece)))
        .collect()
}

/// A move's marks on the board after it: where it started and ended, the
/// legs of its route (a multi-jump shows each) and what it captured.
fn move_marks(
    after: &Position,
    mv: &rulehub_draughts::Move,
    captured: &[rulehub_draughts::Square],
) -> Annotations {
    let geometry = after.geometry();
    let squares: Vec<Square> = std::iter::once(mv.from())
        .chain(mv.path())
        .map(|s| board_square(geometry, s))
        .collect();
    Annotations {
        from: squares.first().copied(),
        to: squares.last().copied(),
        arrows: squares.windows(2).map(|leg| (leg[0], leg[1])).collect(),
        captured: captured
            .iter()
            .map(|s| board_square(geometry, *s))
            .collect(),
        dots: Vec::new(),
    }
}

impl examples::CheckedExample {
    /// The squares the last move touches, in order: its start and every
    /// landing square (for a refused move, the squares the page wrote).
    fn last_path(&self) -> Vec<Square> {
        let geometry = self.before.geometry();
        if let Some(refused) = &self.refused {
            return refused
                .squares
                .iter()
                .map(|s| board_square(geometry, *s))
                .collect();
        }
        self.played
            .last()
            .map(|last| {
                std::iter::once(last.mv.from())
                    .chain(last.mv.path())
                    .map(|s| board_square(geometry, s))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every leg of every move, earlier ones included (the board before
    /// shows where the whole line goes), so a multi-jump shows its route.
    fn legs(&self) -> Vec<(Square, Square)> {
        let geometry = self.before.geometry();
        let mut legs: Vec<(Square, Square)> = Vec::new();
        for played in &self.played {
            let squares: Vec<Square> = std::iter::once(played.mv.from())
                .chain(played.mv.path())
                .map(|s| board_square(geometry, s))
                .collect();
            legs.extend(squares.windows(2).map(|leg| (leg[0], leg[1])));
        }
        if self.refused.is_some() {
            let path = self.last_path();
            legs.extend(path.windows(2).map(|leg| (leg[0], leg[1])));
        }
        legs
    }

    fn marks(&self) -> Annotations {
        let path = self.last_path();
        Annotations {
            from: path.first().copied(),
            to: path.last().copied().filter(|_| path.len() > 1),
            arrows: self.legs(),
            captured: Vec::new(),
            dots: Vec::new(),
        }
    }
}

impl WorkedExample for examples::CheckedExample {
    fn id(&self) -> &str {
        &self.id
    }

    fn before(&self) -> Frame {
        Frame {
            pieces: glyphs_of(&self.before),
            annotations: self.marks(),
        }
    }

    fn after(&self) -> Option<Frame> {
        if self.refused.is_some() {
            return None;
        }
        let last = self.played.last()?;
        let geometry = self.before.geometry();
        let mut annotations = self.marks();
        annotations.arrows = Vec::new();
        annotations.captured = last
            .captured
            .iter()
            .map(|s| board_square(geometry, *s))
            .collect();
        Some(Frame {
            pieces: glyphs_of(&self.after),
            annotations,
        })
    }

    fn describe(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe(self, i18n, lang)
    }

    fn describe_before(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe_position(&self.before, i18n, lang)
    }

    fn describe_after(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe_position(&self.after, i18n, lang)
    }

    /// Each legal move with the position after it, its route and its
    /// captures marked, when there are at least two to step through.
    fn steps(&self) -> Vec<(rulehub_family::GameMove, Frame)> {
        if self.played.len() < 2 {
            return Vec::new();
        }
        self.played
            .iter()
            .map(|played| {
                let frame = Frame {
                    pieces: glyphs_of(&played.position),
                    annotations: move_marks(&played.position, &played.mv, &played.captured),
                };
                let notation = rulehub_family::GameMove {
                    notation: played.notation.clone(),
                    comment: None,
                };
                (notation, frame)
            })
            .collect()
    }
}
