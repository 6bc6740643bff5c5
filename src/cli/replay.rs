//! `rulehub replay`: replay a recorded game move by move, check that every
//! move is legal and every capture mark matches what the engine captured.
//!
//! A record holds one move a line, `from-to` with optional capture marks as
//! game servers write them (`d11-d9xc9`, `e4-e2xd2xf2`); an optional move
//! number (`12.`) may lead the line; blank lines and `#` comments are ignored.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use rulehub::engine::tafl::{DEFAULT_PRESET, Move};
use rulehub::engine::{Dims, Square};
use serde_json::json;

use super::report::MessageFormat;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The rules preset (tablut-edge, tablut, brandubh, brandubh-weak,
    /// tablut-corner, tablut-corner-hostile-edge, copenhagen, fetlar).
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is read
    /// from the setup).
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move first (default: the rules' first mover).
    #[arg(long, value_parser = ["attackers", "defenders"])]
    pub to_move: Option<String>,
    /// Do not compare capture marks (for records that carry none).
    #[arg(long)]
    pub ignore_capture_marks: bool,
    /// `human` lines, or one JSON object a line for tools.
    #[arg(long, value_enum, default_value_t)]
    pub message_format: MessageFormat,
    /// The game record, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// A move line of the record.
struct Entry {
    line: usize,
    text: String,
    mv: Move,
    marks: Option<Vec<Square>>,
}

/// Why the replay stopped.
struct Stop {
    line: usize,
    text: String,
    code: &'static str,
    message: String,
    marked: Vec<String>,
    captured: Vec<String>,
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let text = match read(&args.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mut game =
        match super::perft::start(&args.rules, args.setup.as_deref(), args.to_move.as_deref()) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_USAGE);
            }
        };
    let json = args.message_format == MessageFormat::Json;
    let dims = game.dims();
    let mut number = 0usize;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        number += 1;
        let entry = match parse_line(content, line, dims) {
            Ok(entry) => entry,
            Err(message) => {
                return fail(
                    json,
                    number,
                    Stop {
                        line,
                        text: content.to_string(),
                        code: "bad-notation",
                        message,
                        marked: vec![],
                        captured: vec![],
                    },
                );
            }
        };
        let side = game.to_move();
        let played = match game.play(entry.mv) {
            Ok(played) => played,
            Err(illegal) => {
                return fail(
                    json,
                    number,
                    Stop {
                        line: entry.line,
                        text: entry.text,
                        code: illegal.code(),
                        message: format!(
                            "illegal move ({}): {}",
                            illegal.code(),
                            illegal.describe(dims)
                        ),
                        marked: vec![],
                        captured: vec![],
                    },
                );
            }
        };
        let names =
            |squares: &[Square]| -> Vec<String> { squares.iter().map(|s| s.name(dims)).collect() };
        let captured = names(&played.captures);
        if json {
            println!(
                "{}",
                json!({
                    "type": "move",
                    "number": number,
                    "line": entry.line,
                    "side": side.as_str(),
                    "move": entry.mv.name(dims),
                    "captures": captured,
                })
            );
        } else if captured.is_empty() {
            println!("{number}. {side} {}", entry.mv.name(dims));
        } else {
            println!(
                "{number}. {side} {} captures {}",
                entry.mv.name(dims),
                captured.join(", ")
            );
        }
        if !args.ignore_capture_marks {
            let mut marks = entry.marks.clone().unwrap_or_default();
            marks.sort();
            marks.dedup();
            if marks != played.captures {
                let marked = names(&marks);
                let missing: Vec<&String> =
                    marked.iter().filter(|m| !captured.contains(m)).collect();
                let extra: Vec<&String> = captured.iter().filter(|c| !marked.contains(c)).collect();
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(format!(
                        "the record marks {} but the engine captured nothing there",
                        join(&missing)
                    ));
                }
                if !extra.is_empty() {
                    parts.push(format!(
                        "the engine also captured {}, which the record does not mark",
                        join(&extra)
                    ));
                }
                return fail(
                    json,
                    number,
                    Stop {
                        line: entry.line,
                        text: entry.text,
                        code: "capture-mismatch",
                        message: format!("capture marks differ: {}", parts.join("; ")),
                        marked,
                        captured,
                    },
                );
            }
        }
    }
    let outcome = game.outcome();
    if json {
        println!(
            "{}",
            json!({ "type": "outcome", "moves": number, "outcome": outcome })
        );
    } else {
        println!("result after {number} moves: {outcome}");
    }
    ExitCode::SUCCESS
}

fn join(items: &[&String]) -> String {
    items
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn fail(json: bool, number: usize, stop: Stop) -> ExitCode {
    if json {
        println!(
            "{}",
            json!({
                "type": "error",
                "number": number,
                "line": stop.line,
                "move": stop.text,
                "code": stop.code,
                "message": stop.message,
                "marked": stop.marked,
                "captured": stop.captured,
            })
        );
    } else {
        eprintln!(
            "error: move {number} (line {}) `{}`: {}",
            stop.line, stop.text, stop.message
        );
    }
    ExitCode::from(EXIT_CONTENT)
}

fn read(path: &PathBuf) -> std::io::Result<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        Ok(text)
    } else {
        std::fs::read_to_string(path)
    }
}

/// Reads `[N.] from-to[xSQ[xSQ…]]`.
fn parse_line(content: &str, line: usize, dims: Dims) -> Result<Entry, String> {
    let mut tokens: Vec<&str> = content.split_whitespace().collect();
    if tokens.len() > 1
        && tokens[0].ends_with('.')
        && tokens[0][..tokens[0].len() - 1]
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        tokens.remove(0);
    }
    if tokens.len() != 1 {
        return Err(format!(
            "expected one move such as `e5-e9` or `d11-d9xc9`, found `{content}`"
        ));
    }
    let token = tokens[0];
    let mut parts = token.split('x');
    let move_text = parts.next().unwrap_or("");
    let mv = Move::parse(move_text, dims).map_err(|e| e.to_string())?;
    let mut marks = Vec::new();
    for mark in parts {
        marks.push(Square::parse(mark, dims).map_err(|e| format!("capture mark `x{mark}`: {e}"))?);
    }
    Ok(Entry {
        line,
        text: token.to_string(),
        mv,
        marks: if token.contains('x') {
            Some(marks)
        } else {
            None
        },
    })
}
