//! A variant's page: its prose, start board and worked examples. The
//! diagrams are files beside the default language's page, shared by the
//! page in every language: a board looks the same in every language, and
//! one file instead of one per language is what keeps a first build's
//! writing (files, bytes, kernel time) small. The start board is a file of
//! its own (the family's listing shows it too); the boards of the worked
//! examples share one sheet, and each sample game's positions another (see
//! [`super::sheets`]).

use std::collections::BTreeMap;

use serde::Serialize;

use super::fragments::{
    self, Example, ExampleSteps, Figure, FigureKind, Legend, LegendEntry, Redirect, Step, Stepper,
    StepperLabels, Swatch,
};
use super::sheets::{EXAMPLES_SHEET, SheetFrame};
use super::{
    BodySource, Common, Glance, OutdatedTranslation, PageId, PageOutput, SiteContext, common,
};
use crate::check::CheckedVariant;
use crate::diagnostic::Diagnostic;
use crate::diagram::{self, Annotations, Glyph};
use crate::family::{Frame, GameMove, PageBlocks, SampleGame, WorkedExample};
use crate::hub::{Family, Page, TranslationFrontMatter, Variant};
use crate::i18n::Arg;
use crate::markdown::{Embeds, ParsedBody, Shortcode, ShortcodeKind};
use crate::site::comparison;
use crate::site::diagram_claims::DiagramClaims;

/// Diagrams and HTML for the boards and examples of one variant page.
struct VariantEmbeds<'a> {
    site: &'a SiteContext<'a>,
    family: &'a str,
    variant: &'a Variant,
    checked: &'a CheckedVariant,
    /// Which example or game each block of the body shows (the body is
    /// the translation's or the original's).
    blocks: &'a PageBlocks,
    /// Who drew the variant's diagrams, shared by its pages in every
    /// language; `None` on the print page, which shows the files the pages
    /// drew.
    claims: Option<&'a DiagramClaims>,
    lang: &'a str,
    title: &'a str,
    /// Where `<img src>` finds the diagrams: `""` on the default language's
    /// page, beside them; the href of that page's folder elsewhere.
    diagram_href: String,
    /// Put before the ids of worked examples (see [`BodyPlace`]).
    id_prefix: String,
    /// The place of `lang` in the site's languages: of two pages that draw
    /// the same diagram, the earlier language's file is kept.
    rank: usize,
    /// SVG files this page is the first of its variant to draw: (file name
    /// beside the default language's page, svg).
    diagrams: std::sync::Mutex<BTreeMap<String, String>>,
    /// Boards on sheets this page is the first of its variant to draw.
    frames: std::sync::Mutex<Vec<SheetFrame>>,
    /// The squares and coordinates under every board on a sheet, painted
    /// when the first of them is.
    backdrop: std::sync::OnceLock<Result<diagram::Backdrop<'a>, Vec<diagram::DiagramError>>>,
    errors: std::sync::Mutex<Vec<String>>,
    /// Mistakes met rendering the theme's partials, each at its template.
    template_errors: std::sync::Mutex<Vec<Diagnostic>>,
}

impl VariantEmbeds<'_> {
    /// Whether this body is a section of the print page, read on paper
    /// (which draws nothing: it has no claims).
    fn on_paper(&self) -> bool {
        self.claims.is_none()
    }

    /// How this body's boards load: every one with the page on paper.
    fn loading(&self) -> Loading {
        if self.on_paper() {
            Loading::Eager
        } else {
            Loading::Lazy
        }
    }

    /// Paints the board with `paint` if this page is the first of its
    /// variant to show it (`key`: a file, or a board of a sheet).
    fn first_to_draw<T>(
        &self,
        key: &str,
        board: &diagram::Board<'_>,
        paint: impl FnOnce(&diagram::Board<'_>) -> Result<T, Vec<diagram::DiagramError>>,
    ) -> Result<Option<T>, String> {
        let Some(claims) = self.claims else {
            return Ok(None);
        };
        if !claims.claim(self.family, &self.variant.name, key, self.rank) {
            // An earlier language of this variant drew it.
            return Ok(None);
        }
        paint(board).map(Some).map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
    }

    /// The variant's board with these pieces and words.
    fn board<'b>(
        &'b self,
        spec: &'b diagram::RenderSpec,
        pieces: &'b [(crate::game::Square, &'static Glyph)],
        title: &'b str,
        desc: &'b str,
        annotations: &'b Annotations,
    ) -> diagram::Board<'b> {
        diagram::Board {
            dims: self.checked.dims,
            pieces,
            spec,
            palette: self.site.palette,
            title,
            desc,
            annotations,
        }
    }

    /// Draws diagram file `file` if this page is the first of its variant
    /// to show it.
    fn draw(
        &self,
        file: &str,
        spec: &diagram::RenderSpec,
        pieces: &[(crate::game::Square, &'static Glyph)],
        title: &str,
        desc: &str,
        annotations: &Annotations,
    ) -> Result<(), String> {
        let board = self.board(spec, pieces, title, desc, annotations);
        if let Some(svg) = self.first_to_draw(file, &board, diagram::render)? {
            self.diagrams
                .lock()
                .expect("no panics while holding the lock")
                .insert(file.to_string(), svg);
        }
        Ok(())
    }

    /// Draws board `view` of `sheet` (see [`SheetFrame`]) if this page is
    /// the first of its variant to show it.
    fn draw_frame(
        &self,
        sheet: &str,
        view: &str,
        pieces: &[(crate::game::Square, &'static Glyph)],
        title: &str,
        desc: &str,
        annotations: &Annotations,
    ) -> Result<(), String> {
        let spec = &self.checked.example_render;
        let board = self.board(spec, pieces, title, desc, annotations);
        let key = format!("{sheet}#{view}");
        let paint = |board: &diagram::Board<'_>| {
            let backdrop = self
                .backdrop
                .get_or_init(|| diagram::Backdrop::new(self.checked.dims, spec, self.site.palette));
            match backdrop {
                Ok(backdrop) => {
                    backdrop.frame(board.pieces, board.annotations, board.title, board.desc)
                }
                Err(errors) => Err(errors.clone()),
            }
        };
        if let Some(frame) = self.first_to_draw(&key, &board, paint)? {
            self.frames
                .lock()
                .expect("no panics while holding the lock")
                .push(SheetFrame {
                    sheet: sheet.to_string(),
                    view: view.to_string(),
                    frame,
                });
        }
        Ok(())
    }

    /// Where `<img src>` finds board `view` of `sheet`.
    fn frame_src(&self, sheet: &str, view: &str) -> String {
        format!("{}{sheet}#{view}", self.diagram_href)
    }

    /// A board of `sheet` as a figure of `kind`.
    fn sheet_figure(
        &self,
        kind: FigureKind,
        src: String,
        alt: &str,
        caption: &str,
        loading: Loading,
    ) -> Figure {
        let (width, height) =
            fragments::board_size(self.checked.dims, &self.checked.example_render);
        Figure {
            kind,
            src,
            alt: alt.to_string(),
            caption: caption.to_string(),
            width,
            height,
            lazy: loading.is_lazy(),
            legend: None,
        }
    }

    /// Renders partial `name` with `value` as `key`; a template error is
    /// kept to report, and the fragment left out.
    fn partial(&self, name: &str, key: &'static str, value: &impl Serialize) -> String {
        self.site
            .templates
            .partial(name, key, value)
            .unwrap_or_else(|diagnostic| {
                self.template_errors
                    .lock()
                    .expect("no panics while holding the lock")
                    .push(diagnostic);
                String::new()
            })
    }

    fn example_html(&self, example: &dyn WorkedExample) -> String {
        let data = self.example(example);
        self.partial(fragments::EXAMPLE, "example", &data)
    }

    /// A worked example's boards (drawn if this page is the first to show
    /// them) and words, for `partials/example.html`.
    fn example(&self, example: &dyn WorkedExample) -> Example {
        let i18n = self.site.i18n;
        let lang = self.lang;
        let texts = self.site.example_texts.get(i18n, example, lang);
        let sentence = texts.sentence();
        let heading = i18n.message(lang, "example-heading", &[]);
        let before_label = i18n.message(lang, "example-before", &[]);
        let after_label = i18n.message(lang, "example-after", &[]);
        let id = example.id();
        let before: Frame = example.before();
        let after: Option<Frame> = example.after();
        let before_view = format!("example-{id}-before");
        let mut result = self.draw_frame(
            EXAMPLES_SHEET,
            &before_view,
            &before.pieces,
            &format!("{heading} — {before_label}"),
            sentence,
            &before.annotations,
        );
        let show_after = after.is_some();
        let after_view = format!("example-{id}-after");
        if let Some(after) = &after
            && result.is_ok()
        {
            result = self.draw_frame(
                EXAMPLES_SHEET,
                &after_view,
                &after.pieces,
                &format!("{heading} — {after_label}"),
                sentence,
                &after.annotations,
            );
        }
        if let Err(message) = result {
            self.errors
                .lock()
                .expect("no panics while holding the lock")
                .push(format!("example `{id}`: {message}"));
        }
        let src = |view: &str| self.frame_src(EXAMPLES_SHEET, view);
        let mut figures = vec![self.sheet_figure(
            FigureKind::Example,
            src(&before_view),
            texts.before_alt(),
            &before_label,
            self.loading(),
        )];
        if show_after {
            figures.push(self.sheet_figure(
                FigureKind::Example,
                src(&after_view),
                texts.after_alt(),
                &after_label,
                self.loading(),
            ));
        }
        // Paper cannot step: the print page shows the two boards only.
        let steps = if !self.on_paper() {
            example.steps()
        } else {
            Vec::new()
        };
        let steps = (!steps.is_empty()).then(|| ExampleSteps {
            summary: i18n.message(
                lang,
                "example-step-through",
                &[("count", Arg::Num(steps.len()))],
            ),
            stepper: self.stepper(
                StepBoards {
                    sheet: EXAMPLES_SHEET,
                    stem: &format!("example-{id}-step"),
                },
                &format!("example `{id}`"),
                &before.pieces,
                steps,
                // Chromium crashes decoding a lazy image that a closed
                // <details> keeps from loading (seen in the e2e suite); one
                // small board per example is cheap to fetch at once.
                Loading::Eager,
            ),
        });
        Example {
            id: id.to_string(),
            anchor: format!("{}example-{id}", self.id_prefix),
            figures,
            description: sentence.to_string(),
            steps,
            verified: i18n.message(lang, "example-verified", &[]),
        }
    }
}

impl VariantEmbeds<'_> {
    /// A sample game: its stepper, the ending and that it was checked.
    fn game_html(&self, game: &dyn SampleGame) -> String {
        let i18n = self.site.i18n;
        let lang = self.lang;
        let id = game.id();
        let mut frames = game.frames().into_iter();
        let start = frames.next().map(|f| f.pieces).unwrap_or_default();
        let steps = game.moves().iter().cloned().zip(frames).collect();
        let stepper = Stepper {
            end: Some(game.describe_end(i18n, lang)),
            verified: Some(i18n.message(lang, "game-verified", &[])),
            ..self.stepper(
                StepBoards {
                    sheet: &format!("game-{id}.svg"),
                    stem: &format!("game-{id}"),
                },
                &format!("game `{id}`"),
                &start,
                steps,
                self.loading(),
            )
        };
        self.partial(fragments::STEPPER, "stepper", &stepper)
    }

    /// Boards to step through: the final one and the list of moves
    /// (complete without JavaScript and on paper), with a board drawn for
    /// every position (`sheet#{stem}-{ply}`, 0 the start) so stepper.js can
    /// go through them without a request a step. Captions and button labels
    /// are worded here, in the page's language, and carried in data
    /// attributes, so the script holds no text of its own.
    fn stepper(
        &self,
        StepBoards { sheet, stem }: StepBoards,
        what: &str,
        start: &[(crate::game::Square, &'static Glyph)],
        steps: Vec<(GameMove, Frame)>,
        loading: Loading,
    ) -> Stepper {
        let i18n = self.site.i18n;
        let lang = self.lang;
        let heading = i18n.message(lang, "game-heading", &[]);
        let total = steps.len();
        let view = |ply: usize| format!("{stem}-{ply}");
        let alt = |ply: usize| match ply.checked_sub(1).and_then(|i| steps.get(i)) {
            None => i18n.message(lang, "game-start-alt", &[]),
            Some((mv, _)) => i18n.message(
                lang,
                "game-frame-alt",
                &[("number", Arg::Num(ply)), ("move", Arg::Str(&mv.notation))],
            ),
        };
        let caption = |ply: usize| match ply.checked_sub(1).and_then(|i| steps.get(i)) {
            None => i18n.message(lang, "game-start", &[]),
            Some((mv, _)) => {
                let step = i18n.message(
                    lang,
                    "game-step",
                    &[
                        ("number", Arg::Num(ply)),
                        ("total", Arg::Num(total)),
                        ("move", Arg::Str(&mv.notation)),
                    ],
                );
                match &mv.comment {
                    Some(comment) => format!("{step} — {comment}"),
                    None => step,
                }
            }
        };
        let none = Annotations::default();
        let boards = std::iter::once((start, &none)).chain(
            steps
                .iter()
                .map(|(_, f)| (f.pieces.as_slice(), &f.annotations)),
        );
        for (ply, (pieces, annotations)) in boards.enumerate() {
            let alt = alt(ply);
            if let Err(message) = self.draw_frame(
                sheet,
                &view(ply),
                pieces,
                &format!("{heading} — {alt}"),
                &alt,
                annotations,
            ) {
                self.errors
                    .lock()
                    .expect("no panics while holding the lock")
                    .push(format!("{what}: {message}"));
                break;
            }
        }
        let src = |ply: usize| self.frame_src(sheet, &view(ply));
        let label = |id: &str| i18n.message(lang, id, &[]);
        Stepper {
            anchor: format!("{}{stem}", self.id_prefix),
            start: Step {
                src: src(0),
                alt: alt(0),
                caption: caption(0),
                notation: String::new(),
                comment: None,
            },
            labels: StepperLabels {
                first: label("game-first"),
                previous: label("game-previous"),
                next: label("game-next"),
                last: label("game-last"),
            },
            board: self.sheet_figure(
                FigureKind::Game,
                src(total),
                &alt(total),
                &caption(total),
                loading,
            ),
            steps: steps
                .iter()
                .enumerate()
                .map(|(index, (mv, _))| {
                    let ply = index + 1;
                    Step {
                        src: src(ply),
                        alt: alt(ply),
                        caption: caption(ply),
                        notation: mv.notation.clone(),
                        comment: mv.comment.clone(),
                    }
                })
                .collect(),
            end: None,
            verified: None,
        }
    }
}

/// Where a stepper's boards are drawn: views `{stem}-{ply}` of `sheet`,
/// `stem` also naming the stepper on its page.
struct StepBoards<'s> {
    sheet: &'s str,
    stem: &'s str,
}

/// Whether a board may wait until it is scrolled into view.
#[derive(Clone, Copy)]
enum Loading {
    /// On a page read on screen: a board far down loads when it is near.
    Lazy,
    /// Fetched with the page: boards a reader meets at once, and every
    /// board of a print page. That page is read whole, on paper: each board
    /// must be there when Print is pressed, whether or not the browser
    /// fetches lazy images for printing, and a reader who prints without
    /// scrolling has scrolled past none of them.
    Eager,
}

impl Loading {
    fn is_lazy(self) -> bool {
        matches!(self, Loading::Lazy)
    }
}

impl VariantEmbeds<'_> {
    /// The start diagram's key: a swatch in each piece's palette colours
    /// and the side it belongs to, in the page's language. The swatches are
    /// coloured by classes whose rules (light, and dark under
    /// `prefers-color-scheme: dark`, as on the boards) sit in the first
    /// swatch's own `<style>`, where SVG allows one.
    fn legend(&self) -> Legend {
        let i18n = self.site.i18n;
        let palette = self.site.palette;
        let swatch = |entry: &crate::family::LegendEntry, dark: bool| {
            let colour = |token: &str| {
                let found = if dark {
                    palette.dark(token)
                } else {
                    palette.light(token)
                };
                found.unwrap_or("#808080").to_string()
            };
            Swatch {
                fill: colour(entry.token),
                stroke: colour(&format!("{}-stroke", entry.token)),
                mark: entry.mark.map(colour),
            }
        };
        Legend {
            label: i18n.message(self.lang, "board-legend", &[]),
            entries: self
                .checked
                .legend
                .iter()
                .map(|entry| LegendEntry {
                    token: entry.token.to_string(),
                    mark: entry.mark.map(str::to_string),
                    label: i18n.message(self.lang, entry.label, &[]),
                    light: swatch(entry, false),
                    dark: swatch(entry, true),
                })
                .collect(),
        }
    }
}

impl VariantEmbeds<'_> {
    /// "no worked example `x` in FILE; did you mean `y`? (its examples: …)"
    fn unknown_id<'i>(
        &self,
        what: &str,
        plural: &str,
        target: &str,
        ids: impl Iterator<Item = &'i str>,
    ) -> String {
        let ids: Vec<&str> = ids.collect();
        let hint = crate::diagnostic::did_you_mean(target, ids.iter().copied())
            .map_or_else(String::new, |near| format!("; did you mean `{near}`?"));
        let listed = if ids.is_empty() {
            "none".to_string()
        } else {
            ids.join(", ")
        };
        format!(
            "no {what} `{target}` in {}{hint} (its {plural}: {listed})",
            self.variant.page.source.path.display()
        )
    }
}

impl Embeds for VariantEmbeds<'_> {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        match shortcode.kind {
            ShortcodeKind::Svg if shortcode.target == "board.svg" => {
                let caption = shortcode
                    .caption
                    .clone()
                    .unwrap_or_else(|| self.title.to_string());
                let desc =
                    self.checked
                        .rules
                        .start_description(self.title, self.site.i18n, self.lang);
                self.draw(
                    "board.svg",
                    &self.checked.render,
                    &self.checked.start,
                    &caption,
                    &desc,
                    &Annotations::default(),
                )?;
                let (width, height) =
                    fragments::board_size(self.checked.dims, &self.checked.render);
                let figure = Figure {
                    kind: FigureKind::Start,
                    src: format!("{}board.svg", self.diagram_href),
                    alt: desc,
                    caption,
                    width,
                    height,
                    // The first board of the page, met at once.
                    lazy: false,
                    // Inside the caption: a figcaption must stay the figure's last child.
                    legend: self.checked.render.legend.then(|| self.legend()),
                };
                Ok(self.partial(fragments::FIGURE, "figure", &figure))
            }
            ShortcodeKind::Svg => Err(format!(
                "unknown board `{}`; a variant page has `board.svg` (its start position)",
                shortcode.target
            )),
            ShortcodeKind::Example => match self.checked.example(&shortcode.target) {
                Some(example) => Ok(self.example_html(example)),
                // Its block failed, and says so at its line.
                None if self
                    .checked
                    .blocks
                    .examples
                    .failed_ids
                    .contains(&shortcode.target) =>
                {
                    Ok(String::new())
                }
                None => Err(self.unknown_id(
                    "worked example",
                    "examples",
                    &shortcode.target,
                    self.checked.examples.iter().map(|e| e.id()),
                )),
            },
            ShortcodeKind::Game => match self.checked.game(&shortcode.target) {
                Some(game) => Ok(self.game_html(game)),
                None if self
                    .checked
                    .blocks
                    .games
                    .failed_ids
                    .contains(&shortcode.target) =>
                {
                    Ok(String::new())
                }
                None => Err(self.unknown_id(
                    "sample game",
                    "games",
                    &shortcode.target,
                    self.checked.games.iter().map(|g| g.id()),
                )),
            },
        }
    }

    fn example_block(&self, index: usize) -> String {
        match self.checked.example_block(self.blocks, index) {
            Some(example) => self.example_html(example),
            None => String::new(),
        }
    }

    fn game_block(&self, index: usize) -> String {
        match self.checked.game_block(self.blocks, index) {
            Some(game) => self.game_html(game),
            None => String::new(),
        }
    }
}

/// A page at each of the variant's old addresses in `lang` that sends the
/// reader on to its current one (search engines learn it from the
/// canonical link), from `redirect.html`.
fn redirects(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
    title: &str,
) -> Result<Vec<(String, Vec<u8>)>, Diagnostic> {
    let page = PageId::Variant(family, variant);
    let prefix = site.dir(PageId::Family(family), lang);
    if variant.page.front.old_slugs.is_empty() {
        return Ok(Vec::new());
    }
    let html = site.templates.render(
        fragments::REDIRECT,
        &Redirect {
            lang,
            title,
            canonical: site.absolute(&site.dir(page, lang)),
            href: site.href(&site.dir(page, lang)),
        },
    )?;
    Ok(variant
        .page
        .front
        .old_slugs
        .iter()
        .map(|old| {
            (
                format!("{prefix}{old}/index.html"),
                html.clone().into_bytes(),
            )
        })
        .collect())
}

/// What a variant says in one language: its translation's words, or the
/// original's where `lang` has none (a translation without a summary keeps
/// the original's).
pub(super) struct Words<'a> {
    pub title: &'a str,
    pub summary: Option<String>,
    pub translation: Option<&'a Page<TranslationFrontMatter>>,
    /// The Markdown body, which starts at `body_start` in `text`.
    pub body: &'a str,
    pub body_start: usize,
    pub path: &'a std::path::Path,
    pub text: &'a std::sync::Arc<str>,
}

pub(super) fn words<'a>(site: &SiteContext, variant: &'a Variant, lang: &str) -> Words<'a> {
    let translation = variant
        .translations
        .get(lang)
        .filter(|_| lang != site.default_lang());
    let page_words = |title: &'a str, summary: Option<String>, body, start, path, text| Words {
        title,
        summary,
        translation,
        body,
        body_start: start,
        path,
        text,
    };
    match translation {
        Some(t) => page_words(
            &t.front.title,
            t.front
                .summary
                .clone()
                .or_else(|| variant.page.front.summary.clone()),
            t.body(),
            t.split.body.start,
            &t.source.path,
            &t.source.text,
        ),
        None => {
            let p = &variant.page;
            page_words(
                &p.front.title,
                p.front.summary.clone(),
                p.body(),
                p.split.body.start,
                &p.source.path,
                &p.source.text,
            )
        }
    }
}

/// A variant's words and worked examples in one language, rendered.
pub(super) struct VariantBody<'a> {
    pub title: &'a str,
    pub summary: Option<String>,
    /// The translation shown, when it is not the original.
    pub translation: Option<&'a Page<TranslationFrontMatter>>,
    pub content: String,
    pub glance: Vec<Glance>,
    /// Diagram files this body was the first to draw (name, svg).
    pub diagrams: BTreeMap<String, String>,
    /// Boards on sheets this body was the first to draw.
    pub frames: Vec<SheetFrame>,
}

/// How a body is placed: on the variant's own page, drawing the diagrams
/// it is the first to need; or as a section of the family's print page,
/// pointing at the diagrams the variant's page drew.
pub(super) enum BodyPlace<'c> {
    OwnPage(&'c DiagramClaims),
    PrintSection,
}

/// Renders a variant's body in `lang` (its translation, or the original
/// where `lang` has none); `None` when the variant did not check out.
/// `also` gets the parsed body too, to read more from the one parse.
pub(super) fn render_body<'a>(
    site: &'a SiteContext<'a>,
    family: &'a Family,
    variant: &'a Variant,
    lang: &str,
    place: BodyPlace,
    also: &mut dyn FnMut(&ParsedBody),
) -> Result<Option<VariantBody<'a>>, Vec<Diagnostic>> {
    let Some(checked) = site
        .checked
        .get(&(family.name.clone(), variant.name.clone()))
    else {
        return Ok(None);
    };
    let Words {
        title,
        summary,
        translation,
        body,
        body_start,
        path,
        text,
    } = words(site, variant, lang);
    let page = PageId::Variant(family, variant);
    let dir = site.dir(page, lang);
    let diagram_dir = site.dir(page, site.default_lang());
    // A section of the print page names its anchors after the variant.
    let id_prefix = match place {
        BodyPlace::OwnPage(_) => String::new(),
        BodyPlace::PrintSection => format!("{}-", variant.slug),
    };
    let embeds = VariantEmbeds {
        site,
        family: &family.name,
        variant,
        checked,
        blocks: checked.page_blocks(translation.map(|_| lang)),
        claims: match place {
            BodyPlace::OwnPage(claims) => Some(claims),
            BodyPlace::PrintSection => None,
        },
        lang,
        title,
        diagram_href: if dir == diagram_dir && matches!(place, BodyPlace::OwnPage(_)) {
            String::new()
        } else {
            site.href(&diagram_dir)
        },
        id_prefix: id_prefix.clone(),
        rank: site
            .languages()
            .iter()
            .position(|l| *l == lang)
            .unwrap_or(usize::MAX),
        diagrams: std::sync::Mutex::new(BTreeMap::new()),
        frames: std::sync::Mutex::new(Vec::new()),
        backdrop: std::sync::OnceLock::new(),
        errors: std::sync::Mutex::new(Vec::new()),
        template_errors: std::sync::Mutex::new(Vec::new()),
    };
    let placement = crate::markdown::Placement {
        heading_offset: u8::from(matches!(place, BodyPlace::PrintSection)),
        id_prefix: &id_prefix,
    };
    let source = BodySource {
        body_start,
        path,
        text,
    };
    let content = crate::markdown::parse(body, site.hub.config.raw_html, |parsed| {
        also(parsed);
        source.html(parsed, &embeds, placement)
    })?;
    let errors = embeds
        .errors
        .into_inner()
        .expect("no panics while holding the lock");
    let template_errors = embeds
        .template_errors
        .into_inner()
        .expect("no panics while holding the lock");
    if !errors.is_empty() || !template_errors.is_empty() {
        return Err(errors
            .into_iter()
            .map(|e| Diagnostic::error(path, e))
            .chain(template_errors)
            .collect());
    }
    let glance = crate::family::find(checked.family)
        .map(|engine| comparison::rows(engine, &[checked.rules.as_ref()], site.i18n, lang))
        .unwrap_or_default()
        .into_iter()
        .map(|row| Glance {
            label: row.label,
            value: row.cells.into_iter().next().unwrap_or_default(),
        })
        .collect();
    Ok(Some(VariantBody {
        title,
        summary,
        translation,
        content,
        glance,
        diagrams: embeds
            .diagrams
            .into_inner()
            .expect("no panics while holding the lock"),
        frames: embeds
            .frames
            .into_inner()
            .expect("no panics while holding the lock"),
    }))
}

pub(super) fn render_variant(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
    claims: &DiagramClaims,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let Some(checked) = site
        .checked
        .get(&(family.name.clone(), variant.name.clone()))
    else {
        return Ok(PageOutput::default());
    };
    let Some(VariantBody {
        title,
        summary,
        translation,
        content,
        glance,
        diagrams,
        frames,
    }) = render_body(
        site,
        family,
        variant,
        lang,
        BodyPlace::OwnPage(claims),
        &mut |_| {},
    )?
    else {
        return Ok(PageOutput::default());
    };
    let page = PageId::Variant(family, variant);
    let dir = site.dir(page, lang);
    let diagram_dir = site.dir(page, site.default_lang());
    #[derive(Serialize)]
    struct VariantPage {
        #[serde(flatten)]
        common: Common,
        summary: String,
        content: String,
        glance: Vec<Glance>,
        pager: super::Pager,
        comparison_href: String,
        outdated_translation: Option<OutdatedTranslation>,
        /// The hub's room server, for the board's "invite a friend" mode.
        room_server: Option<String>,
        play: Option<super::play::Play>,
        /// The sample-game stepper, on pages of variants with games.
        stepper_script_href: Option<String>,
    }
    let data = VariantPage {
        common: common(site, page, lang, title, summary.as_deref().unwrap_or("")),
        summary: summary.clone().unwrap_or_default(),
        content,
        glance,
        pager: site.neighbours.pager(site, family, variant, lang),
        comparison_href: site.href(&site.dir(PageId::Comparison(family), lang)),
        outdated_translation: translation
            .filter(|t| {
                crate::hub::freshness::is_outdated(
                    &t.front.record(),
                    variant.source_fingerprint(),
                    &variant.source_words(),
                )
            })
            .map(|_| OutdatedTranslation::of(site, page)),
        room_server: site.hub.config.room_server_url().map(str::to_string),
        play: super::play::play(site, &family.name, checked.rules.as_ref(), lang),
        stepper_script_href: (!checked.games.is_empty()
            || checked.examples.iter().any(|e| !e.steps().is_empty()))
        .then(|| site.href("assets/stepper.js")),
    };
    let html = site
        .templates
        .render("variant.html", &data)
        .map_err(|d| vec![d])?;
    let count = diagrams.len();
    let mut files = vec![(format!("{dir}index.html"), html.into_bytes())];
    files.extend(redirects(site, family, variant, lang, title).map_err(|d| vec![d])?);
    files.extend(
        diagrams
            .into_iter()
            .map(|(name, svg)| (format!("{diagram_dir}{name}"), svg.into_bytes())),
    );
    Ok(PageOutput {
        files,
        diagrams: count,
        frames,
    })
}
