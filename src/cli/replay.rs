//! `rulehub replay`: replay a recorded game move by move, check that every
//! move is legal and every capture mark matches what the engine captured.
//!
//! The record format and the checks are the engine's
//! ([`rulehub::engine::tafl::record`]); this command reads the file, prints
//! each move as the engine plays it, and reports where the replay stopped.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use rulehub::engine::tafl::DEFAULT_PRESET;
use rulehub::engine::tafl::record::{self, MoveOutcome, ReplayOptions, ReplayStop, Summary};
use rulehub::engine::{Dims, Square};
use serde_json::json;

use super::report::MessageFormat;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The rules preset: tafl (tablut-edge, tablut, brandubh, brandubh-weak,
    /// tablut-corner, tablut-corner-hostile-edge, copenhagen, fetlar) or
    /// draughts (english-draughts, international-draughts,
    /// russian-draughts, brazilian-draughts).
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

pub fn run(args: &ReplayArgs) -> ExitCode {
    let text = match read(&args.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(engine) = rulehub::family::command_line_engine(&args.rules, args.setup.as_deref()) {
        return replay_through_family(args, engine, &text);
    }
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
    let options = ReplayOptions {
        check_capture_marks: !args.ignore_capture_marks,
    };
    let result = record::replay(&mut game, record::parse(&text, dims), options, |played| {
        print_move(json, dims, played)
    });
    match result {
        Ok(summary) => {
            print_summary(json, &summary);
            ExitCode::SUCCESS
        }
        Err(stop) => {
            print_stop(json, &stop);
            ExitCode::from(EXIT_CONTENT)
        }
    }
}

/// A record of a family that drives its own engine here (draughts): the
/// same lines as tafl's, with the family's own move notation.
fn replay_through_family(
    args: &ReplayArgs,
    engine: Result<Box<dyn rulehub::family::CommandLineEngine>, String>,
    text: &str,
) -> ExitCode {
    if args.ignore_capture_marks {
        eprintln!(
            "error: --ignore-capture-marks is not used with this preset: its records write captures as part of the move"
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let mut engine = match super::perft::family_engine(engine, args.to_move.as_deref()) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let json = args.message_format == MessageFormat::Json;
    let print = |m: &rulehub::family::ReplayedMove| {
        if json {
            println!(
                "{}",
                json!({
                    "type": "move",
                    "number": m.number,
                    "line": m.line,
                    "side": m.side,
                    "move": m.notation,
                    "captures": m.captures,
                })
            );
        } else if m.captures.is_empty() {
            println!("{}. {} {}", m.number, m.side, m.notation);
        } else {
            println!(
                "{}. {} {} captures {}",
                m.number,
                m.side,
                m.notation,
                m.captures.join(", ")
            );
        }
    };
    match engine.replay(text) {
        Ok(replay) => {
            replay.moves.iter().for_each(print);
            if json {
                println!(
                    "{}",
                    json!({ "type": "outcome", "moves": replay.moves.len(), "outcome": replay.outcome })
                );
            } else {
                println!(
                    "result after {} moves: {}",
                    replay.moves.len(),
                    replay.outcome
                );
            }
            ExitCode::SUCCESS
        }
        Err(stop) => {
            stop.played.iter().for_each(print);
            if json {
                println!(
                    "{}",
                    json!({
                        "type": "error",
                        "number": stop.number,
                        "line": stop.line,
                        "move": stop.text,
                        "code": stop.code,
                        "message": stop.message,
                    })
                );
            } else {
                eprintln!(
                    "error: move {} (line {}) `{}`: {}",
                    stop.number, stop.line, stop.text, stop.message
                );
            }
            ExitCode::from(EXIT_CONTENT)
        }
    }
}

fn names(squares: &[Square], dims: Dims) -> Vec<String> {
    squares.iter().map(|s| s.name(dims)).collect()
}

/// One line per played move, on stdout in both formats.
fn print_move(json: bool, dims: Dims, played: &MoveOutcome<'_>) {
    let number = played.record.number;
    let side = played.side;
    let mv = played.record.mv.name(dims);
    let captured = names(&played.played.captures, dims);
    if json {
        println!(
            "{}",
            json!({
                "type": "move",
                "number": number,
                "line": played.record.line,
                "side": side.as_str(),
                "move": mv,
                "captures": captured,
            })
        );
    } else if captured.is_empty() {
        println!("{number}. {side} {mv}");
    } else {
        println!("{number}. {side} {mv} captures {}", captured.join(", "));
    }
}

fn print_summary(json: bool, summary: &Summary) {
    if json {
        println!(
            "{}",
            json!({ "type": "outcome", "moves": summary.moves, "outcome": summary.outcome })
        );
    } else {
        println!("result after {} moves: {}", summary.moves, summary.outcome);
    }
}

/// The stop goes to stdout as JSON (tools read one stream) but to stderr as
/// a human error line, after the moves that were played.
fn print_stop(json: bool, stop: &ReplayStop) {
    if json {
        println!(
            "{}",
            json!({
                "type": "error",
                "number": stop.number,
                "line": stop.line,
                "move": stop.text,
                "code": stop.code(),
                "message": stop.message(),
                "marked": names(stop.marked(), stop.dims),
                "captured": names(stop.captured(), stop.dims),
            })
        );
    } else {
        eprintln!(
            "error: move {} (line {}) `{}`: {}",
            stop.number,
            stop.line,
            stop.text,
            stop.message()
        );
    }
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
