//! Tafl through the family seam: the engine crate's rules behind
//! [`GameFamily`]. Everything tafl-specific the site shows (pieces, facts,
//! example sentences, starter pages) is defined here.

mod check;
mod engine_yaml;
pub mod examples;
mod facts;
mod games;
mod glyphs;
mod play;
mod starter;
mod tools;

pub use engine_yaml::{EngineSection, TaflFrontMatter, Topology, TopologyKind};
pub use glyphs::{ATTACKER, DEFENDER, KING, glyph};

use rulehub_core::hub::{Page, VariantFrontMatter};
use rulehub_core::i18n::{Arg, I18n};
use rulehub_diagram::{Annotations, Palette};
use rulehub_family::{
    BoardAssets, FamilyAssets, Frame, GameFamily, Starter, VariantRules, WorkedExample,
};
use rulehub_tafl::{Piece, Square};
use rulehub_tafl::{Position, Rules};

/// The family's name: its folder and `variant_of`.
pub const NAME: &str = "tafl";

/// The tafl family (Tablut, Brandubh, Copenhagen, …).
pub struct Tafl;

/// The family's files for the site (`assets/`): its board module and
/// engine, its messages in every language the built-in theme speaks, and
/// its palette tokens.
const ASSETS: FamilyAssets = FamilyAssets {
    dir: "crates/rulehub-tafl-site/assets",
    files: &[
        ("tafl.js", include_bytes!("../assets/tafl.js")),
        ("tafl.wasm", include_bytes!("../assets/tafl.wasm")),
    ],
    board: Some(BoardAssets {
        module: "tafl.js",
        wasm: "tafl.wasm",
    }),
    fluent: &[
        ("en", include_str!("../assets/en.ftl")),
        ("cs", include_str!("../assets/cs.ftl")),
        ("fi", include_str!("../assets/fi.ftl")),
    ],
    palette: Some(include_str!("../assets/palette.yaml")),
};

impl GameFamily for Tafl {
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
        let mut ids = vec!["board-start-desc"];
        ids.extend(facts::MESSAGE_IDS);
        ids.extend(examples::MESSAGE_IDS);
        ids.extend(rulehub_family::SAMPLE_GAME_MESSAGE_IDS);
        ids.extend(play::message_ids());
        ids
    }

    fn preset_names(&self) -> Vec<&'static str> {
        rulehub_tafl::preset_names().to_vec()
    }

    fn default_preset(&self) -> &'static str {
        rulehub_tafl::DEFAULT_PRESET
    }

    fn sides(&self) -> [&'static str; 2] {
        [
            rulehub_tafl::Side::Attackers.as_str(),
            rulehub_tafl::Side::Defenders.as_str(),
        ]
    }

    fn setup_notation(&self) -> &'static str {
        "tafl: rows top to bottom separated by `/`; `b` attacker, `w` defender, `K` king, a number for a run of empty squares"
    }

    fn plain_board(
        &self,
        setup: &str,
        rows: Option<u8>,
        cols: Option<u8>,
    ) -> Option<Result<rulehub_family::SetupBoard, rulehub_family::SetupProblem>> {
        Some(tools::plain_board(setup, rows, cols))
    }

    fn preset_rules_yaml(&self, preset: &str) -> Option<Result<String, String>> {
        rulehub_tafl::preset(preset)
            .map(|rules| serde_yaml::to_string(&rules).map_err(|error| error.to_string()))
    }

    fn starter(&self) -> &'static dyn Starter {
        &starter::TaflStarter
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
        palette: &Palette,
    ) -> Option<Result<rulehub_family::SetupBoard, String>> {
        tools::setup_board(preset, setup, palette)
    }
}

/// A tafl variant's rules as checked for its page: on the page's own
/// board, from its start position.
#[derive(Debug, Clone)]
pub struct TaflRules {
    pub rules: Rules,
    pub start: Position,
}

impl TaflRules {
    fn count(&self, piece: Piece) -> usize {
        self.start
            .pieces()
            .iter()
            .filter(|(_, p)| *p == piece)
            .count()
    }
}

impl VariantRules for TaflRules {
    fn facts(&self, i18n: &I18n, lang: &str) -> Vec<String> {
        facts::facts(&self.rules, i18n, lang)
    }

    fn start_description(&self, title: &str, i18n: &I18n, lang: &str) -> String {
        let dims = self.rules.dims;
        i18n.message(
            lang,
            "board-start-desc",
            &[
                ("title", Arg::Str(title)),
                ("rows", Arg::Num(usize::from(dims.rows))),
                ("cols", Arg::Num(usize::from(dims.cols))),
                ("attackers", Arg::Num(self.count(Piece::Attacker))),
                ("defenders", Arg::Num(self.count(Piece::Defender))),
            ],
        )
    }

    fn practice(&self, assets: &str) -> Option<serde_json::Value> {
        Some(play::practice_data(&self.rules, assets))
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "family": NAME,
            "rules": self.rules,
            "setup": self.start.to_setup(),
        })
    }
}

fn glyphs_of(position: &Position) -> Vec<(Square, &'static rulehub_diagram::Glyph)> {
    position
        .pieces()
        .into_iter()
        .map(|(square, piece)| (square, glyphs::glyph(piece)))
        .collect()
}

impl examples::CheckedExample {
    /// The last move's squares, unless it claims to stay on its square
    /// (`same-square`), which has no arrow and no destination to mark.
    fn last_marks(&self) -> (Option<Square>, Option<Square>) {
        let last = self.moves.last();
        let to = last.and_then(|m| (m.to != m.from).then_some(m.to));
        (last.map(|m| m.from), to)
    }

    /// `moves_from` dots belong to the position they were checked in:
    /// after the moves, or the only position when there are none.
    fn dots(&self) -> Vec<Square> {
        self.destinations
            .iter()
            .flat_map(|(_, targets)| targets.iter().copied())
            .collect()
    }
}

impl WorkedExample for examples::CheckedExample {
    fn id(&self) -> &str {
        &self.id
    }

    fn before(&self) -> Frame {
        let (from, to) = self.last_marks();
        let arrows = self
            .moves
            .iter()
            .filter(|m| m.from != m.to)
            .map(|m| (m.from, m.to))
            .collect();
        Frame {
            pieces: glyphs_of(&self.before),
            annotations: Annotations {
                from,
                to,
                arrows,
                captured: Vec::new(),
                dots: if self.moves.is_empty() {
                    self.dots()
                } else {
                    Vec::new()
                },
            },
        }
    }

    fn after(&self) -> Option<Frame> {
        if self.illegal.is_some() || self.moves.is_empty() {
            return None;
        }
        let (from, to) = self.last_marks();
        Some(Frame {
            pieces: glyphs_of(&self.after),
            annotations: Annotations {
                from,
                to,
                arrows: Vec::new(),
                captured: self.captures.clone(),
                dots: self.dots(),
            },
        })
    }

    fn describe(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe(self, i18n, lang)
    }

    fn describe_before(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe_position(&self.before, Some(self.to_move), i18n, lang)
    }

    fn describe_after(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe_position(&self.after, None, i18n, lang)
    }

    fn steps(&self) -> Vec<(rulehub_family::GameMove, Frame)> {
        if self.steps.len() < 2 {
            return Vec::new();
        }
        let dims = self.before.dims();
        self.moves
            .iter()
            .zip(&self.steps)
            .map(|(mv, (position, captured))| {
                let move_ = rulehub_family::GameMove {
                    notation: mv.name(dims),
                    comment: None,
                };
                let frame = Frame {
                    pieces: glyphs_of(position),
                    annotations: Annotations::for_move(mv.from, mv.to, captured.clone()),
                };
                (move_, frame)
            })
            .collect()
    }
}
