//! `rulehub board`: draw a setup as an SVG on stdout, to try a position and
//! render ops before writing them into a page. Without `--rules` it reads a
//! setup on a plain board as the first registered family writes it; with a
//! preset it asks the preset's family for the position and the board a
//! page would draw.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use rulehub::diagnostic::{Diagnostic, Position as SourcePosition};
use rulehub::diagram::{Annotations, Board, DiagramError, Palette, RenderSpec, render};
use rulehub::family::{self, SetupBoard};
use rulehub::hub::front_matter;

use super::presets::PresetParser;
use super::report::{self, MessageFormat};
use super::{EXIT_CONTENT, EXIT_USAGE};

/// The name diagnostics give the `--setup` text.
const SETUP_SOURCE: &str = "--setup";

#[derive(clap::Args)]
pub struct BoardArgs {
    /// The position in the family's notation (without `--rules`, the first
    /// registered family's). Default with `--rules`: the preset's start.
    #[arg(long, required_unless_present = "rules", long_help = super::presets::setup_help())]
    pub setup: Option<String>,
    /// A rules preset, of any game family: draw its board as a page of its
    /// family draws it without a `render` block (its special squares,
    /// coordinates or square numbers).
    #[arg(long, value_name = "PRESET", conflicts_with_all = ["rows", "cols"], value_parser = PresetParser)]
    pub rules: Option<String>,
    /// Board rows (default: the number of rows in the setup).
    #[arg(long)]
    pub rows: Option<u8>,
    /// Board columns (default: the squares in the setup's first row).
    #[arg(long)]
    pub cols: Option<u8>,
    /// A YAML file holding a `render` block's value (`ops: [...]`); without
    /// it, the family's default board is drawn.
    #[arg(long, value_name = "FILE")]
    pub ops: Option<PathBuf>,
    /// A palette file of colour tokens (default: the built-in theme's).
    #[arg(long, value_name = "FILE")]
    pub palette: Option<PathBuf>,
    /// The SVG's title.
    #[arg(long, default_value = "Board")]
    pub title: String,
}

pub fn run(args: &BoardArgs) -> ExitCode {
    match draw(args) {
        Ok(svg) => {
            print!("{svg}");
            ExitCode::SUCCESS
        }
        Err(Failure::Content(diagnostics)) => {
            report::print(&diagnostics, MessageFormat::Human);
            ExitCode::from(EXIT_CONTENT)
        }
        Err(Failure::Usage(diagnostic)) => {
            report::print(&[diagnostic], MessageFormat::Human);
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// As every command: what is given on the command line itself (an option,
/// such as a `--setup` that does not parse or fit) is a usage error, exit
/// 2, as in `perft`, `ai` and `replay`; what a file it names holds (ops, a
/// palette) is content, exit 1.
enum Failure {
    /// The ops or palette file needs fixing (exit 1).
    Content(Vec<Diagnostic>),
    /// The command line needs fixing, or a file could not be read (exit 2).
    Usage(Diagnostic),
}

fn draw(args: &BoardArgs) -> Result<String, Failure> {
    let palette = match &args.palette {
        None => Palette::builtin(),
        Some(path) => {
            let text = read(path)?;
            Palette::from_yaml(&text).map_err(|e| {
                // Placed at the line and column the palette names.
                let mut diagnostic = Diagnostic::error(path, e.message)
                    .with_help("a palette file has one line per token, such as `throne: { light: \"#a5523a\", dark: \"#93432c\" }`")
                    .with_source(Arc::from(text.as_str()));
                if let Some(offset) = e.offset {
                    diagnostic = diagnostic.at(SourcePosition::at_offset(&text, offset));
                }
                Failure::Content(vec![diagnostic])
            })?
        }
    };
    let board = match (&args.rules, &args.setup) {
        (Some(preset), setup) => preset_board(preset, setup.as_deref(), &palette)?,
        (None, Some(setup)) => plain_board(setup, args.rows, args.cols)?,
        (None, None) => {
            return Err(Failure::Usage(Diagnostic::error(
                SETUP_SOURCE,
                "give a setup (--setup) or a rules preset (--rules)",
            )));
        }
    };

    let (spec, ops_file) = match &args.ops {
        None => (board.render.clone(), None),
        Some(path) => {
            let text = read(path)?;
            let spec = front_matter::parse::<RenderSpec>(&text, &(0..text.len())).map_err(
                |(message, position)| {
                    Failure::Content(vec![
                        Diagnostic::error(path, message)
                            .at(position)
                            .with_help(
                                "the file holds a `render` block's value: `ops:` and a list of ops",
                            )
                            .with_source(Arc::from(text.as_str())),
                    ])
                },
            )?;
            (spec, Some((path.as_path(), text)))
        }
    };

    render(&Board {
        dims: board.dims,
        pieces: &board.pieces,
        spec: &spec,
        palette: &palette,
        title: &args.title,
        desc: &board.description,
        annotations: &Annotations::default(),
    })
    .map_err(|errors| {
        Failure::Content(
            errors
                .into_iter()
                .map(|e| to_diagnostic(e, ops_file.as_ref()))
                .collect(),
        )
    })
}

/// A preset's board from its family: the setup in the family's notation,
/// or the preset's start.
fn preset_board(
    preset: &str,
    setup: Option<&str>,
    palette: &Palette,
) -> Result<SetupBoard, Failure> {
    match family::setup_board(preset, setup, palette) {
        None => Err(Failure::Usage(Diagnostic::error(
            "--rules",
            family::command_line::unknown_preset(preset),
        ))),
        Some(Err(message)) => {
            let mut diagnostic = Diagnostic::error(SETUP_SOURCE, message);
            if let Some(setup) = setup {
                diagnostic = diagnostic.with_source(Arc::from(setup));
            }
            Err(Failure::Usage(diagnostic))
        }
        Some(Ok(board)) => Ok(board),
    }
}

/// A setup on a plain board, of its size or the one given, as the first
/// registered family draws a position with no preset.
fn plain_board(setup: &str, rows: Option<u8>, cols: Option<u8>) -> Result<SetupBoard, Failure> {
    let family = family::default_family();
    let Some(board) = family.plain_board(setup, rows, cols) else {
        return Err(Failure::Usage(Diagnostic::error(
            SETUP_SOURCE,
            format!(
                "without --rules a setup is read as {}'s, which draws only its presets' boards: give --rules PRESET",
                family.name()
            ),
        )));
    };
    board.map_err(|problem| {
        let mut diagnostic =
            Diagnostic::error(SETUP_SOURCE, problem.message).with_source(Arc::from(setup));
        if let Some(offset) = problem.offset {
            diagnostic = diagnostic.at(SourcePosition::at_offset(setup, offset));
        }
        Failure::Usage(diagnostic)
    })
}

fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| {
        Failure::Usage(Diagnostic::error(
            path,
            format!("cannot read the file: {e}"),
        ))
    })
}

/// A diagram error, placed on its op's line in the ops file when there is one.
fn to_diagnostic(error: DiagramError, ops_file: Option<&(&Path, String)>) -> Diagnostic {
    let message = error.to_string();
    match (ops_file, error.op_index) {
        (Some((path, text)), Some(index)) => {
            let mut diagnostic =
                Diagnostic::error(*path, message).with_source(Arc::from(text.as_str()));
            if let Some((line, column)) =
                rulehub::diagram::locate(text, index, error.field.as_deref())
            {
                diagnostic = diagnostic.at(SourcePosition::at_line_column(text, line, column));
            }
            diagnostic
        }
        (Some((path, _)), None) => Diagnostic::error(*path, message),
        (None, _) => Diagnostic::error(SETUP_SOURCE, message),
    }
}
