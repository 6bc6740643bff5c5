//! The pieces of a variant's body that are not the author's Markdown —
//! board figures, worked examples, steppers, the start board's legend —
//! and the page at a variant's old address, as typed data for the theme's
//! templates (`templates/partials/*.html`, `templates/redirect.html`). A
//! hub overrides any of them like a page template; tera's autoescape
//! escapes every value here, so the data holds plain text, never HTML.
//! docs/reference.md lists each template's variables.

use serde::Serialize;

use super::Templates;
use crate::diagnostic::Diagnostic;

/// The partials, by template name.
pub const FIGURE: &str = "partials/figure.html";
pub const STEPPER: &str = "partials/stepper.html";
pub const EXAMPLE: &str = "partials/example.html";
pub const REDIRECT: &str = "redirect.html";

/// Which board a figure shows; the template gives each its classes.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FigureKind {
    /// A worked example's board, before or after its moves.
    Example,
    /// The variant's start position (`{{ svg board.svg }}`).
    Start,
    /// A stepper's board, which stepper.js changes step by step.
    Game,
}

/// One board image with its caption.
#[derive(Debug, Clone, Serialize)]
pub struct Figure {
    pub kind: FigureKind,
    pub src: String,
    pub alt: String,
    pub caption: String,
    /// The board's size in SVG units (its viewBox), stated on the `<img>`
    /// so that the page keeps its layout while the image loads.
    pub width: u32,
    pub height: u32,
    /// Whether the image may wait until it is scrolled near.
    pub lazy: bool,
    /// The start board's key, shown inside its caption.
    pub legend: Option<Legend>,
}

/// The start board's key (`partials/legend.html`).
#[derive(Debug, Clone, Serialize)]
pub struct Legend {
    /// What the list is, for assistive technology.
    pub label: String,
    pub entries: Vec<LegendEntry>,
}

/// A piece in the key: its palette token, the small mark on it (the
/// king's crown), what it stands for, and its colours in both schemes.
#[derive(Debug, Clone, Serialize)]
pub struct LegendEntry {
    pub token: String,
    pub mark: Option<String>,
    pub label: String,
    pub light: Swatch,
    pub dark: Swatch,
}

/// A swatch's colours in one colour scheme.
#[derive(Debug, Clone, Serialize)]
pub struct Swatch {
    pub fill: String,
    pub stroke: String,
    /// The mark's fill, when the entry has a mark.
    pub mark: Option<String>,
}

/// A worked example (`partials/example.html`).
#[derive(Debug, Clone, Serialize)]
pub struct Example {
    /// The example's id in its block.
    pub id: String,
    /// The element id links point at (`example-ID`, after the print
    /// page's variant prefix).
    pub anchor: String,
    /// The board before the moves, and after them when there is one.
    pub figures: Vec<Figure>,
    /// The sentence generated from the checked data.
    pub description: String,
    /// The boards to step through, for an example of several moves.
    pub steps: Option<ExampleSteps>,
    /// The line saying the rules engine checked it.
    pub verified: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ExampleSteps {
    /// The `<summary>` of the folded steps.
    pub summary: String,
    pub stepper: Stepper,
}

/// Positions to step through (`partials/stepper.html`): a worked
/// example's moves, or a sample game.
#[derive(Debug, Clone, Serialize)]
pub struct Stepper {
    pub anchor: String,
    /// The start position, before the first move.
    pub start: Step,
    /// The buttons stepper.js adds, worded in the page's language.
    pub labels: StepperLabels,
    /// The board shown without JavaScript: the last position.
    pub board: Figure,
    /// One per move, in order.
    pub steps: Vec<Step>,
    /// How a sample game ended; `None` for an example's steps.
    pub end: Option<String>,
    /// That the sample game was checked; `None` for an example's steps.
    pub verified: Option<String>,
}

/// A position of a stepper: where its board is, and its words.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub src: String,
    pub alt: String,
    pub caption: String,
    /// The move that led here (empty for the start).
    pub notation: String,
    /// The author's comment on the move.
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct StepperLabels {
    pub first: String,
    pub previous: String,
    pub next: String,
    pub last: String,
}

/// The page at an old address of a variant (`redirect.html`).
#[derive(Debug, Clone, Serialize)]
pub struct Redirect<'a> {
    pub lang: &'a str,
    pub title: &'a str,
    /// The current page's absolute address.
    pub canonical: String,
    /// The current page's href, where the reader is sent.
    pub href: String,
}

impl Templates {
    /// Renders partial `name` with `value` as its one variable `key`
    /// (`figure`, `example`, `stepper`).
    pub(super) fn partial(
        &self,
        name: &str,
        key: &'static str,
        value: &impl Serialize,
    ) -> Result<String, Diagnostic> {
        let mut context = tera::Context::new();
        context.insert(key, value);
        self.render_context(name, &context)
    }
}

/// A board's size in whole SVG units, as an `<img>` states it.
pub fn board_size(dims: crate::game::Dims, spec: &crate::diagram::RenderSpec) -> (u32, u32) {
    let (width, height) = crate::diagram::size(dims, spec);
    // Squares and margins are whole units; a board is at most 19 squares.
    let whole = |units: f64| units.ceil().clamp(0.0, f64::from(u32::MAX)) as u32;
    (whole(width), whole(height))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text that would run script or break out of an attribute or a
    /// `<style>` if it reached the page as it is, tagged with the field
    /// it stands in.
    fn hostile(field: &str) -> String {
        format!("<script>alert('{field}')</script>\"&}}</style>")
    }

    fn escaped(field: &str) -> String {
        super::super::escape(&hostile(field))
    }

    fn figure(tag: &str, legend: Option<Legend>) -> Figure {
        Figure {
            kind: FigureKind::Start,
            src: hostile(&format!("{tag}.src")),
            alt: hostile(&format!("{tag}.alt")),
            caption: hostile(&format!("{tag}.caption")),
            width: 356,
            height: 356,
            lazy: true,
            legend,
        }
    }

    fn step(tag: &str) -> Step {
        Step {
            src: hostile(&format!("{tag}.src")),
            alt: hostile(&format!("{tag}.alt")),
            caption: hostile(&format!("{tag}.caption")),
            notation: hostile(&format!("{tag}.notation")),
            comment: Some(hostile(&format!("{tag}.comment"))),
        }
    }

    fn swatch(tag: &str) -> Swatch {
        Swatch {
            fill: hostile(&format!("{tag}.fill")),
            stroke: hostile(&format!("{tag}.stroke")),
            mark: Some(hostile(&format!("{tag}.mark"))),
        }
    }

    fn stepper(tag: &str) -> Stepper {
        Stepper {
            anchor: hostile(&format!("{tag}.anchor")),
            start: Step {
                notation: String::new(),
                comment: None,
                ..step(&format!("{tag}.start"))
            },
            labels: StepperLabels {
                first: hostile(&format!("{tag}.labels.first")),
                previous: hostile(&format!("{tag}.labels.previous")),
                next: hostile(&format!("{tag}.labels.next")),
                last: hostile(&format!("{tag}.labels.last")),
            },
            board: Figure {
                kind: FigureKind::Game,
                ..figure(&format!("{tag}.board"), None)
            },
            steps: vec![
                step(&format!("{tag}.steps")),
                step(&format!("{tag}.steps2")),
            ],
            end: Some(hostile(&format!("{tag}.end"))),
            verified: Some(hostile(&format!("{tag}.verified"))),
        }
    }

    fn templates() -> Templates {
        Templates::builtin().expect("the built-in templates parse")
    }

    /// Every field `html` must show, each escaped, and no markup of the
    /// hostile text at all.
    fn assert_all_escaped(html: &str, fields: &[String]) {
        assert!(!html.contains("<script"), "{html}");
        assert_eq!(
            html.matches("</style>").count(),
            html.matches("<style>").count(),
            "{html}"
        );
        for field in fields {
            assert!(html.contains(&escaped(field)), "{field} missing in {html}");
        }
    }

    fn names(prefix: &str, fields: &[&str]) -> Vec<String> {
        fields.iter().map(|f| format!("{prefix}.{f}")).collect()
    }

    #[test]
    fn every_field_of_a_figure_and_its_legend_is_escaped() {
        let legend = Legend {
            label: hostile("legend.label"),
            entries: vec![LegendEntry {
                token: hostile("entry.token"),
                mark: Some(hostile("entry.mark")),
                label: hostile("entry.label"),
                light: swatch("light"),
                dark: swatch("dark"),
            }],
        };
        let html = templates()
            .partial(FIGURE, "figure", &figure("figure", Some(legend)))
            .expect("renders");
        let mut fields = names("figure", &["src", "alt", "caption"]);
        fields.extend(names("legend", &["label"]));
        fields.extend(names("entry", &["token", "mark", "label"]));
        fields.extend(names("light", &["fill", "stroke", "mark"]));
        fields.extend(names("dark", &["fill", "stroke", "mark"]));
        assert_all_escaped(&html, &fields);
        assert!(
            html.contains(" width=\"356\" height=\"356\" loading=\"lazy\""),
            "{html}"
        );
    }

    #[test]
    fn every_field_of_an_example_and_its_stepper_is_escaped() {
        let example = Example {
            id: hostile("example.id"),
            anchor: hostile("example.anchor"),
            figures: vec![figure("before", None), figure("after", None)],
            description: hostile("example.description"),
            steps: Some(ExampleSteps {
                summary: hostile("steps.summary"),
                stepper: stepper("stepper"),
            }),
            verified: hostile("example.verified"),
        };
        let html = templates()
            .partial(EXAMPLE, "example", &example)
            .expect("renders");
        let mut fields = names("example", &["anchor", "description", "verified"]);
        fields.extend(names("before", &["src", "alt", "caption"]));
        fields.extend(names("after", &["src", "alt", "caption"]));
        fields.extend(names("steps", &["summary"]));
        fields.extend(names(
            "stepper",
            &[
                "anchor",
                "start.src",
                "start.alt",
                "start.caption",
                "labels.first",
                "labels.previous",
                "labels.next",
                "labels.last",
                "board.src",
                "board.alt",
                "board.caption",
                "steps.src",
                "steps.alt",
                "steps.caption",
                "steps.notation",
                "steps.comment",
                "steps2.notation",
                "end",
                "verified",
            ],
        ));
        assert_all_escaped(&html, &fields);
    }

    #[test]
    fn every_field_of_a_redirect_is_escaped() {
        let lang = hostile("lang");
        let title = hostile("title");
        let html = templates()
            .render(
                REDIRECT,
                &Redirect {
                    lang: &lang,
                    title: &title,
                    canonical: hostile("canonical"),
                    href: hostile("href"),
                },
            )
            .expect("renders");
        let fields = ["lang", "title", "canonical", "href"].map(String::from);
        assert_all_escaped(&html, &fields);
    }
}
