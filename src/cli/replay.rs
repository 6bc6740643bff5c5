//! `rulehub replay`: replay a recorded game move by move, check that every
//! move is legal and every capture mark matches what the engine captured.
//!
//! The record format and the checks are the game family's (tafl's in
//! [`rulehub::tafl::record`], draughts' PDN move text); this command
//! reads the file, prints each move as the engine played it, and reports
//! where the replay stopped.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use rulehub::family::{EngineRequest, Replay, ReplayStop, ReplayedMove};
use rulehub::tafl::DEFAULT_PRESET;
use serde_json::json;

use super::presets::PresetParser;
use super::report::MessageFormat;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = DEFAULT_PRESET, value_parser = PresetParser)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is read
    /// from the setup).
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move first, for tafl: attackers or defenders (default:
    /// the rules' first mover; a draughts FEN names it itself).
    #[arg(long)]
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
    let request = EngineRequest {
        setup: args.setup.as_deref(),
        to_move: args.to_move.as_deref(),
        ignore_capture_marks: args.ignore_capture_marks,
    };
    let mut engine = match super::perft::engine(&args.rules, &request) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let json = args.message_format == MessageFormat::Json;
    match engine.replay(&text) {
        Ok(replay) => {
            replay.moves.iter().for_each(|m| print_move(json, m));
            print_outcome(json, &replay);
            ExitCode::SUCCESS
        }
        Err(stop) => {
            stop.played.iter().for_each(|m| print_move(json, m));
            print_stop(json, &stop);
            ExitCode::from(EXIT_CONTENT)
        }
    }
}

/// One line per played move, on stdout in both formats.
fn print_move(json: bool, m: &ReplayedMove) {
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
}

fn print_outcome(json: bool, replay: &Replay) {
    if json {
        println!(
            "{}",
            json!({ "type": "outcome", "moves": replay.moves.len(), "outcome": replay.outcome_json })
        );
    } else {
        println!(
            "result after {} moves: {}",
            replay.moves.len(),
            replay.outcome
        );
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
                "code": stop.code,
                "message": stop.message,
                "marked": stop.marked,
                "captured": stop.captured,
            })
        );
    } else {
        eprintln!(
            "error: move {} (line {}) `{}`: {}",
            stop.number, stop.line, stop.text, stop.message
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
