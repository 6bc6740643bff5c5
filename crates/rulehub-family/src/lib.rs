//! Game families behind one seam. A family (every one the registry lists) reads a
//! variant page's raw `engine:` YAML, replays its worked examples, and hands
//! back a [`CheckedVariant`] made only of family-neutral parts: a board
//! picture of glyphs, render ops, examples that describe themselves, and
//! facts worded through Fluent ids of the family's own. The stages after it
//! (diagram, markdown, site) draw and print those parts and know no game.
//!
//! Adding a family: implement [`GameFamily`] in crates of its own
//! (`rulehub-<family>` for the engine, `rulehub-<family>-site` for this
//! seam) and add one line to the registry (`rulehub-registry`).
//!
//! [`check::check_variant`] runs a variant page through its family. This
//! crate sits above `rulehub-core`, `rulehub-diagram` and `rulehub-markdown`
//! and below the families' crates and the site, and names no family: the
//! compiler keeps the pipeline one way.

// A `Diagnostic` is built only on the error path, once per problem (see
// rulehub-core).
#![allow(clippy::result_large_err)]

pub mod board_text;
pub mod check;
pub mod command_line;
pub mod page;
pub mod translated;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::sync::Arc;

pub use command_line::{EngineRequest, SetupBoard, SetupProblem};
pub use rulehub_game::protocol::{LineProtocol, ProtocolOptions};
pub use rulehub_game::{
    AnyOutcome, MoveInput, Playable, Played, RecordCut, Refusal, RefusalKind, Replay, ReplayStop,
    ReplayedMove, Thought,
};

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::{Page, VariantFrontMatter};
use rulehub_core::i18n::{Arg, I18n};
use rulehub_diagram::{Annotations, Glyph, Palette, RenderSpec};
use rulehub_game::{Dims, Square};

/// One game family: the rules engine behind a family folder.
pub trait GameFamily: Sync {
    /// The family's name, which is its folder under `content/` and the
    /// `variant_of` of its pages.
    fn name(&self) -> &'static str;

    /// Reads the page's `engine:` block (raw YAML in the hub's model; the
    /// family deserialises it from the page's own text, so its errors keep
    /// their line and column), checks the board and render ops against the
    /// rules, and replays every worked example of the page body.
    ///
    /// The variant comes back whenever its rules, board, start position and
    /// render ops hold, even when some examples or games failed: the site
    /// still renders its pages (publishing none of them) so that every
    /// problem of the hub is found in one run.
    fn check(&self, page: &Page<VariantFrontMatter>, palette: &Palette) -> Checked;

    /// The labels of the comparison table and of "At a glance", as Fluent
    /// ids; [`VariantRules::facts`] gives one value for each, in this order.
    fn fact_labels(&self) -> &'static [&'static str];

    /// Every Fluent id the family's facts and sentences use; the theme must
    /// define each in every language.
    fn message_ids(&self) -> Vec<&'static str>;

    /// Names of the rule presets, for "did you mean" and `rulehub new`.
    fn preset_names(&self) -> Vec<&'static str>;

    /// The preset the command line plays when given none, if this is the
    /// first registered family.
    fn default_preset(&self) -> &'static str;

    /// The two sides' names in the family's customary order; the command
    /// line's side options (`rulehub match --SIDE PLAYER`) come from them.
    fn sides(&self) -> [&'static str; 2];

    /// How a position is written in the family's notation, one sentence
    /// for the command line's help (`--setup`).
    fn setup_notation(&self) -> &'static str;

    /// A position drawn on a plain board of its own size (or `rows` ×
    /// `cols`), with no preset: `rulehub board --setup` without `--rules`
    /// asks the first registered family. `None` when the family draws only
    /// its presets' boards; an error says what is wrong with the setup and
    /// where (a byte offset into it).
    fn plain_board(
        &self,
        setup: &str,
        rows: Option<u8>,
        cols: Option<u8>,
    ) -> Option<Result<SetupBoard, SetupProblem>> {
        let _ = (setup, rows, cols);
        None
    }

    /// Every rule field the preset `preset` sets, as YAML text: a mapping
    /// with the keys a page's `engine.rules` map takes, in the family's
    /// order, so that written as overrides of the preset (or without it)
    /// it resolves to the same rules. `None` when `preset` is not this
    /// family's; an error sentence when the rules cannot be written.
    fn preset_rules_yaml(&self, preset: &str) -> Option<Result<String, String>>;

    /// What `rulehub new` writes for a variant of this family.
    fn starter(&self) -> &'static dyn Starter;

    /// The game behind `rulehub perft`, `replay`, `ai` and `match` for one
    /// of this family's presets, from the request's setup (in the family's
    /// own notation) or the preset's start: `None` when `preset` is not this
    /// family's, an error sentence when the request does not fit it.
    fn start_game(
        &self,
        preset: &str,
        request: &EngineRequest<'_>,
    ) -> Option<Result<Box<dyn Playable>, String>>;

    /// The game a room plays: the rules as a page's board data carries them
    /// (the resolved rules as JSON) and, where the family keeps it apart
    /// from the rules, the start position. The room server referees every
    /// move with it. An error sentence says what is wrong with the rules.
    fn open_game(
        &self,
        rules: &serde_json::Value,
        setup: Option<&str>,
    ) -> Result<Box<dyn Playable>, String>;

    /// The board `rulehub board --rules PRESET` draws: one of this family's
    /// presets from `setup` (the family's notation) or the preset's start,
    /// with the family's default drawing of that board. `None` when
    /// `preset` is not this family's.
    fn setup_board(
        &self,
        preset: &str,
        setup: Option<&str>,
        palette: &Palette,
    ) -> Option<Result<SetupBoard, String>>;

    /// Every sentence the practice board says, in `lang` (a JSON object
    /// whose members join [`VariantRules::practice`]'s): the same for every
    /// variant of the family, so the site words them once per language.
    /// `None` when the family has no board yet.
    fn board_sentences(&self, i18n: &I18n, lang: &str) -> Option<serde_json::Value> {
        let _ = (i18n, lang);
        None
    }

    /// The text protocols the family's engine speaks to a GUI or a
    /// referee (`gtp`), each a command of the command line (`rulehub gtp`);
    /// none by default.
    fn protocols(&self) -> &'static [Protocol] {
        &[]
    }

    /// A session of `protocol` for one of the family's presets. `None`
    /// when the family does not speak `protocol` or `preset` is not its
    /// own; an error sentence when the preset's rules cannot be played.
    fn open_protocol(
        &self,
        protocol: &str,
        preset: &str,
        options: &ProtocolOptions,
    ) -> Option<Result<Box<dyn LineProtocol>, String>> {
        let _ = (protocol, preset, options);
        None
    }

    /// The family's own files for the site's theme: its practice board's
    /// module, stylesheet and WebAssembly, its Fluent messages per
    /// language and its palette tokens with their default colours. The
    /// site merges them into the theme (a hub's theme files still win);
    /// none by default. See docs/family-assets.md.
    fn assets(&self) -> FamilyAssets {
        FamilyAssets::default()
    }
}

/// A text protocol a family's engine speaks ([`GameFamily::protocols`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Protocol {
    /// Its name, which is also the command (`gtp`: `rulehub gtp`).
    pub name: &'static str,
    /// The preset a session plays when the command names none: the one
    /// the protocol's programs expect (area scoring for GTP, say).
    pub default_preset: &'static str,
}

/// What [`GameFamily::assets`] gives: files compiled into the family's
/// crate (`include_bytes!` / `include_str!` of its `assets/` folder), so
/// a family adds its assets without an edit to the shared theme.
#[derive(Debug, Clone, Copy, Default)]
pub struct FamilyAssets {
    /// Where the files live in the repository (`crates/rulehub-<family>-site/assets`),
    /// for messages that name one of them.
    pub dir: &'static str,
    /// Files served beside the practice board's shared scripts, under
    /// `assets/play/`: `(file name, bytes)`. A name must not be one of the
    /// theme's or another family's (the site reports a clash).
    pub files: &'static [(&'static str, &'static [u8])],
    /// The practice board's parts among [`FamilyAssets::files`], when the
    /// family has a board.
    pub board: Option<BoardAssets>,
    /// Fluent messages by language code (`("en", text)`): every id the
    /// family uses that the theme's own files do not define.
    pub fluent: &'static [(&'static str, &'static str)],
    /// Palette tokens the family draws with, and their default colours,
    /// in the palette file's syntax; `None` when it adds none.
    pub palette: Option<&'static str>,
}

/// The practice board's family parts, by file name under `assets/play/`:
/// the page names both in its board section (`data-board`, `data-wasm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardAssets {
    /// The ES module board.js imports: square and move names, painting,
    /// input (docs/family-assets.md lists its exports).
    pub module: &'static str,
    /// The engine the worker loads, built by scripts/build-wasm.sh from
    /// the family's `rulehub-<family>-wasm` crate.
    pub wasm: &'static str,
}

impl FamilyAssets {
    /// The family's Fluent messages in `lang`, when it has them.
    pub fn fluent_for(&self, lang: &str) -> Option<&'static str> {
        self.fluent
            .iter()
            .find(|(code, _)| *code == lang)
            .map(|(_, text)| *text)
    }
}

/// A variant's resolved rules, as far as the site needs to know them.
pub trait VariantRules: Debug + Send + Sync {
    /// One value per [`GameFamily::fact_labels`] label, worded in `lang`.
    fn facts(&self, i18n: &I18n, lang: &str) -> Vec<String>;

    /// The start diagram's description (its `<desc>` and `alt`).
    fn start_description(&self, title: &str, i18n: &I18n, lang: &str) -> String;

    /// The resolved rules as JSON, for a player in the browser.
    fn to_json(&self) -> serde_json::Value;

    /// The practice board's data for the page's board script (a JSON
    /// object: the rules it plays; the sentences come from
    /// [`GameFamily::board_sentences`]), or `None` when the family has no
    /// board yet. `assets` is the href of the folder with the engine and
    /// its worker.
    fn practice(&self, assets: &str) -> Option<serde_json::Value> {
        let _ = assets;
        None
    }
}

/// A worked example the family has replayed and found right.
pub trait WorkedExample: Debug + Send + Sync {
    fn id(&self) -> &str;

    /// The position the example starts from, with the move(s) marked.
    fn before(&self) -> Frame;

    /// The position after the last move, when it was legal.
    fn after(&self) -> Option<Frame>;

    /// The sentence under the boards, generated from the checked data.
    fn describe(&self, i18n: &I18n, lang: &str) -> String;

    /// The text alternative of the board before the moves.
    fn describe_before(&self, i18n: &I18n, lang: &str) -> String;

    /// The text alternative of the board after the moves.
    fn describe_after(&self, i18n: &I18n, lang: &str) -> String;

    /// For an example of several moves, each move and the position after
    /// it with that move marked, so a reader can step through them; empty
    /// when there is nothing to step through.
    fn steps(&self) -> Vec<(GameMove, Frame)> {
        Vec::new()
    }
}

/// The messages a family's [`SampleGame::describe_end`] words the end of a
/// game with (`winner` is one of the family's side codes; every language
/// selects on all of them).
pub const SAMPLE_GAME_MESSAGE_IDS: &[&str] = &["game-end-win", "game-end-draw", "game-end-ongoing"];

/// How a sample game stands after its last move, in the family's terms:
/// the winner's side code and the Fluent id of the sentence saying why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd<'a> {
    Ongoing,
    Win { winner: &'a str, how: &'a str },
    Draw { how: &'a str },
}

/// "After 14 moves the defenders win: …" in `lang`, for a game of `moves`
/// moves: the words every family's [`SampleGame::describe_end`] uses.
pub fn describe_game_end(i18n: &I18n, lang: &str, moves: usize, end: GameEnd<'_>) -> String {
    let count = Arg::Num(moves);
    match end {
        GameEnd::Ongoing => i18n.message(lang, "game-end-ongoing", &[("moves", count)]),
        GameEnd::Win { winner, how } => {
            let how = i18n.message(lang, how, &[]);
            i18n.message(
                lang,
                "game-end-win",
                &[
                    ("moves", count),
                    ("winner", Arg::Str(winner)),
                    ("how", Arg::Str(&how)),
                ],
            )
        }
        GameEnd::Draw { how } => {
            let how = i18n.message(lang, how, &[]);
            i18n.message(
                lang,
                "game-end-draw",
                &[("moves", count), ("how", Arg::Str(&how))],
            )
        }
    }
}

/// "After 14 moves the defenders win: …" for a game that ended with
/// `outcome`: the messages `{prefix}win-<reason>` and `{prefix}draw-<reason>`
/// say how (`prefix` is the family's message prefix, such as `<family>-`,
/// or empty).
pub fn describe_outcome(
    i18n: &I18n,
    lang: &str,
    moves: usize,
    prefix: &str,
    outcome: AnyOutcome,
) -> String {
    let how;
    let end = match outcome {
        AnyOutcome::Ongoing => GameEnd::Ongoing,
        AnyOutcome::Win { winner, reason } => {
            how = format!("{prefix}win-{reason}");
            GameEnd::Win { winner, how: &how }
        }
        AnyOutcome::Draw { reason } => {
            how = format!("{prefix}draw-{reason}");
            GameEnd::Draw { how: &how }
        }
    };
    describe_game_end(i18n, lang, moves, end)
}

/// A sample game the family has replayed from its record (a ```` ```game ````
/// block): the boards a reader steps through and the moves between them.
pub trait SampleGame: Debug + Send + Sync {
    fn id(&self) -> &str;

    /// The start position, then the position after each move with that
    /// move marked: one more frame than [`SampleGame::moves`].
    fn frames(&self) -> Vec<Frame>;

    /// The moves in order, as the record writes them, with their comments.
    fn moves(&self) -> &[GameMove];

    /// How the game stands after its last move ("The defenders win: …" or
    /// that it goes on), in `lang`.
    fn describe_end(&self, i18n: &I18n, lang: &str) -> String;
}

/// One move of a sample game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMove {
    /// The move as the record writes it, capture marks included (`d7-d5xd4`).
    pub notation: String,
    /// The author's comment on the move line, if any.
    pub comment: Option<String>,
}

/// One board of a worked example: pieces as glyphs and the marks on top.
#[derive(Debug, Clone)]
pub struct Frame {
    pub pieces: Vec<(Square, &'static Glyph)>,
    pub annotations: Annotations,
}

/// An entry of the start diagram's key: a piece's palette colours and the
/// Fluent id of what it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LegendEntry {
    /// The piece's palette token (its fill; `{token}-stroke` its outline).
    pub token: &'static str,
    pub label: &'static str,
    /// A token for a small mark in the swatch (the king's crown).
    pub mark: Option<&'static str>,
}

/// What checking a variant page gives: the variant, when its rules, board,
/// start position and render ops hold, and every problem found. A variant
/// that comes with problems (a wrong example) is rendered to find the
/// problems of its pages' bodies too, and never published.
#[derive(Debug, Default)]
pub struct Checked {
    pub variant: Option<CheckedVariant>,
    pub problems: Vec<Diagnostic>,
}

impl Checked {
    /// A variant that could not be read far enough to draw.
    pub fn failed(problems: Vec<Diagnostic>) -> Checked {
        Checked {
            variant: None,
            problems,
        }
    }
}

/// Which checked item each ```` ```example ```` (or ```` ```game ````) block
/// of one page body shows, in the body's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Blocks {
    /// For the n-th block of the body, the index of the item it shows in
    /// [`CheckedVariant::examples`] (or `games`); `None` for a block that
    /// failed its check and was reported at its line.
    pub slots: Vec<Option<usize>>,
    /// Ids of blocks that failed: a `{{example:ID}}` naming one shows
    /// nothing instead of a second error that the id is unknown.
    pub failed_ids: BTreeSet<String>,
}

impl Blocks {
    /// The item the `index`-th block shows.
    pub fn slot(&self, index: usize) -> Option<usize> {
        self.slots.get(index).copied().flatten()
    }
}

/// The blocks of one page body (the variant's own, or a translation's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageBlocks {
    pub examples: Blocks,
    pub games: Blocks,
}

/// A variant whose rules, board and render ops check out: everything the
/// site draws, in family-neutral parts.
#[derive(Debug, Clone)]
pub struct CheckedVariant {
    /// The name of the family that checked it.
    pub family: &'static str,
    pub rules: Arc<dyn VariantRules>,
    pub dims: Dims,
    /// The start position.
    pub start: Vec<(Square, &'static Glyph)>,
    pub render: RenderSpec,
    /// The ops for worked-example boards: the variant's own, with
    /// coordinates added when it has none, because example text names squares.
    pub example_render: RenderSpec,
    /// In page order.
    pub examples: Vec<Arc<dyn WorkedExample>>,
    /// Sample games, in page order.
    pub games: Vec<Arc<dyn SampleGame>>,
    /// The blocks of the default-language page.
    pub blocks: PageBlocks,
    /// The blocks of each translation (by language), which show the
    /// source's examples and games (see [`check::translation_blocks`]).
    pub translated_blocks: BTreeMap<String, PageBlocks>,
    pub legend: &'static [LegendEntry],
}

impl CheckedVariant {
    pub fn example(&self, id: &str) -> Option<&dyn WorkedExample> {
        self.examples
            .iter()
            .find(|e| e.id() == id)
            .map(|e| e.as_ref())
    }

    pub fn game(&self, id: &str) -> Option<&dyn SampleGame> {
        self.games.iter().find(|g| g.id() == id).map(|g| g.as_ref())
    }

    /// The blocks of the page in `translation`'s language, or of the
    /// default-language page when `None`.
    pub fn page_blocks(&self, translation: Option<&str>) -> &PageBlocks {
        static NONE: PageBlocks = PageBlocks {
            examples: Blocks {
                slots: Vec::new(),
                failed_ids: BTreeSet::new(),
            },
            games: Blocks {
                slots: Vec::new(),
                failed_ids: BTreeSet::new(),
            },
        };
        match translation {
            None => &self.blocks,
            Some(lang) => self.translated_blocks.get(lang).unwrap_or(&NONE),
        }
    }

    /// The example the `index`-th ```` ```example ```` block of a page shows.
    pub fn example_block(&self, blocks: &PageBlocks, index: usize) -> Option<&dyn WorkedExample> {
        let slot = blocks.examples.slot(index)?;
        self.examples.get(slot).map(|e| e.as_ref())
    }

    /// The game the `index`-th ```` ```game ```` block of a page shows.
    pub fn game_block(&self, blocks: &PageBlocks, index: usize) -> Option<&dyn SampleGame> {
        let slot = blocks.games.slot(index)?;
        self.games.get(slot).map(|g| g.as_ref())
    }
}

/// Starter content for `rulehub new`: a family's default engine block and
/// a worked example its engine confirms.
pub trait Starter: Sync {
    /// The `engine:` block of a new page when no existing page is copied.
    fn default_engine(&self) -> &'static str;

    /// A worked example (YAML) that this engine block's rules confirm, and
    /// the sentence that introduces it in the page's prose.
    fn example(&self, engine_block: &str) -> StarterExample;

    /// The page's placeholder summary.
    fn summary(&self, title: &str) -> String;

    /// The page's sections (Markdown headings with a line on what each
    /// holds), before the worked examples.
    fn outline(&self) -> &'static str;

    /// A new hub's first variant of the family (`rulehub init`): its slug
    /// and title.
    fn first_variant(&self) -> (&'static str, &'static str);

    /// The family page `rulehub init` writes: its title, its summary and a
    /// paragraph about the family's games.
    fn family_page(&self) -> FamilyPage;
}

/// The family page of a new hub (`content/<family>/_index.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilyPage {
    pub title: &'static str,
    pub summary: &'static str,
    pub about: &'static str,
}

impl Debug for dyn Starter + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Starter")
    }
}

/// A worked example written into a new page.
#[derive(Debug, Clone)]
pub struct StarterExample {
    pub yaml: String,
    /// The prose before the example (in the family's own terms), wrapped
    /// like the rest of the page.
    pub intro: String,
}
