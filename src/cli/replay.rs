//! `rulehub replay`: replay a recorded game move by move, check that every
//! move is legal and every capture mark matches what the engine captured.
//!
//! The record format and the checks are the preset's family's (its
//! [`Playable::replay`](rulehub::family::Playable::replay)); this command
//! reads the file as a stream, a line at a time within [`MAX_LINE_LEN`] and
//! [`MAX_RECORD_LEN`], prints each move as the engine played it, and reports
//! where the replay stopped as soon as it stops. A record of many games
//! (a PDN archive) is cut into games where the family says one ends: each
//! is replayed from the start (or its own setup), numbered and named by its
//! tags, a stopped game does not stop the next, and the games are summed
//! up at the end.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use rulehub::family::{self, EngineRequest, RecordCut, Replay, ReplayStop, ReplayedMove};
use serde_json::json;

use super::presets::PresetParser;
use super::report::MessageFormat;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = family::default_preset(), value_parser = PresetParser)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is
    /// read from the setup), in the preset's family's notation.
    #[arg(long, long_help = super::presets::setup_help())]
    pub setup: Option<String>,
    /// The side to move first, by its family's name for it (default: the
    /// rules' first mover; a family whose setups name the side to move
    /// takes it from the setup).
    #[arg(long)]
    pub to_move: Option<String>,
    /// Do not compare capture marks (for records that carry none).
    #[arg(long)]
    pub ignore_capture_marks: bool,
    /// `human` lines, or one JSON object a line for tools.
    #[arg(long, value_enum, default_value_t, alias = "format")]
    pub message_format: MessageFormat,
    /// The game record, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// The longest line `replay` reads, in bytes (its line end aside): far
/// above any move, comment or tag line, and what stops a stream with no
/// line ends (`/dev/zero`) at once.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// The longest record `replay` reads, in bytes: far above any real game
/// (a thousand-move game is about 12 KiB).
pub const MAX_RECORD_LEN: usize = 1 << 20;

pub fn run(args: &ReplayArgs) -> ExitCode {
    let mut input = match open(&args.file) {
        Ok(input) => Lines::new(input),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let request = EngineRequest {
        setup: args.setup.as_deref(),
        to_move: args.to_move.as_deref(),
        ignore_capture_marks: args.ignore_capture_marks,
        ..EngineRequest::default()
    };
    let base = match super::perft::engine(&args.rules, &request) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let json = args.message_format == MessageFormat::Json;
    // The record is read a line at a time and played as soon as the family
    // says the lines read so far stand on their own (`record_cut`), so an
    // endless stream is played as it comes and its first error reported at
    // once; memory is bounded by the limits above. A record of many games
    // is cut where the family says a game ends, and each game is played on
    // a fresh copy of the engine.
    let mut game = Played::new(json, 1, 1, base.boxed_clone());
    let mut tally = Tally::default();
    let mut wait = Wait::No;
    loop {
        let line = match input.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(stop) => {
                print_read_stop(json, &args.file, &stop);
                return ExitCode::from(stop.exit_code());
            }
        };
        game.pending.push_str(&line);
        if !wait.over(&line) {
            continue;
        }
        wait = play_what_stands(&mut game, &mut tally, &*base, input.line + 1, false);
    }
    // At the end of the input nothing more can come: a game may still end
    // in what is pending (a tag after a capture whose line was waited on),
    // and what is left (perhaps nothing) gives the state at the end.
    play_what_stands(&mut game, &mut tally, &*base, input.line + 1, true);
    game.play(input.line + 1);
    if game.counts() || tally.games == 0 {
        game.finish(&mut tally);
    }
    if tally.games > 1 {
        print_summary(json, &tally);
    }
    if tally.stopped > 0 {
        ExitCode::from(EXIT_CONTENT)
    } else {
        ExitCode::SUCCESS
    }
}

/// What the reader waits for before it asks the family again where the
/// pending lines can be cut.
enum Wait {
    No,
    /// A line holding this character (the end of a comment, a tag, ...).
    For(char),
    /// The end of the input: the family cannot cut this record.
    ToTheEnd,
}

impl Wait {
    /// Whether the wait is over once `line` has been read.
    fn over(&self, line: &str) -> bool {
        match self {
            Wait::No => true,
            Wait::For(c) => line.contains(*c),
            Wait::ToTheEnd => false,
        }
    }
}

/// Plays as much of the pending lines as the family says stands on its
/// own, cutting a game off wherever the family says one ends and going on
/// with the next on a fresh engine (`base`). `next_line` is the record line
/// after the pending ones. `at_end` says no more input will come: then only
/// games are cut off, and the caller plays what is left.
fn play_what_stands(
    game: &mut Played,
    tally: &mut Tally,
    base: &dyn rulehub::family::Playable,
    next_line: usize,
    at_end: bool,
) -> Wait {
    loop {
        match game.engine.record_cut(&game.pending) {
            RecordCut::GameEnds(at) => {
                // `at` is a byte of the pending text where the family
                // found a game's end; outside it, cut nowhere.
                let at = if game.pending.is_char_boundary(at) {
                    at
                } else {
                    game.pending.len()
                };
                let rest = game.pending.split_off(at);
                let game_end_line = game.first_line + game.pending.matches('\n').count();
                game.play(game_end_line);
                let number = game.number + usize::from(game.counts());
                // The next game starts on the line of its first text.
                let blank = rest.len() - rest.trim_start().len();
                let line = game_end_line + rest[..blank].matches('\n').count();
                let mut next = Played::new(game.json, number, line, base.boxed_clone());
                next.first_line = game_end_line;
                next.pending = rest;
                std::mem::swap(game, &mut next);
                if next.counts() {
                    next.finish(tally);
                }
            }
            _ if at_end => return Wait::ToTheEnd,
            RecordCut::Here => {
                game.play(next_line);
                return Wait::No;
            }
            RecordCut::NotBefore(c) => return Wait::For(c),
            RecordCut::Never => return Wait::ToTheEnd,
        }
    }
}

/// What a record's games came to.
#[derive(Default)]
struct Tally {
    games: usize,
    stopped: usize,
    moves: usize,
}

/// One game of the record: its engine, the moves played so far and the
/// lines read since the last cut.
struct Played {
    json: bool,
    /// The game's number in the record, from 1.
    number: usize,
    /// The record line the game starts on.
    line: usize,
    engine: Box<dyn rulehub::family::Playable>,
    moves: usize,
    pending: String,
    /// The record line `pending` starts on.
    first_line: usize,
    tags: Vec<(String, String)>,
    warnings: Vec<String>,
    /// Whether the game's header has been printed.
    announced: bool,
    /// Why the game stopped, once it has: the rest of it is read, not played.
    stopped: bool,
    /// The state after its last move, once it has been replayed to the end.
    replay: Option<Replay>,
}

impl Played {
    fn new(
        json: bool,
        number: usize,
        line: usize,
        engine: Box<dyn rulehub::family::Playable>,
    ) -> Played {
        Played {
            json,
            number,
            line,
            engine,
            moves: 0,
            pending: String::new(),
            first_line: line,
            tags: Vec::new(),
            warnings: Vec::new(),
            announced: false,
            stopped: false,
            replay: None,
        }
    }

    /// Whether the game counts as one of the record's: it holds a move, a
    /// tag or a stop (text between games holding none of them does not).
    fn counts(&self) -> bool {
        self.moves > 0 || !self.tags.is_empty() || self.stopped
    }

    /// Whether the game is named in the output: a record's first game only
    /// when it has tags, so that a single plain game prints as it always has.
    fn labelled(&self) -> bool {
        self.number > 1 || !self.tags.is_empty()
    }

    fn announce(&mut self) {
        if self.announced || !self.labelled() {
            return;
        }
        self.announced = true;
        if !self.json {
            let shown: Vec<String> = ["Event", "White", "Black"]
                .iter()
                .filter_map(|name| {
                    let (name, value) = self
                        .tags
                        .iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
                    Some(format!("{name} \"{value}\""))
                })
                .collect();
            if shown.is_empty() {
                println!("game {} (line {})", self.number, self.line);
            } else {
                println!(
                    "game {} (line {}): {}",
                    self.number,
                    self.line,
                    shown.join(", ")
                );
            }
        }
    }

    /// Replays the pending lines, printing each move (numbered and placed
    /// in the whole record) and the stop if there is one; the next pending
    /// lines start on `next_line`. After a stop the rest of the game is
    /// read (to find where the next one starts) but not played.
    fn play(&mut self, next_line: usize) {
        if self.stopped {
            self.pending.clear();
            self.first_line = next_line;
            return;
        }
        let result = self.engine.replay(&self.pending);
        let notes = self.engine.take_notes();
        self.tags.extend(notes.tags);
        let offset = self.first_line - 1;
        for warning in notes.warnings {
            print_warning(self.json, self.labelled().then_some(self.number), &warning);
            self.warnings.push(warning);
        }
        self.pending.clear();
        self.first_line = next_line;
        let place = |game: &mut Played, moves: &mut Vec<ReplayedMove>| {
            for m in moves.iter_mut() {
                game.announce();
                game.moves += 1;
                m.number = game.moves;
                m.line += offset;
                print_move(game.json, game.labelled().then_some(game.number), m);
            }
        };
        match result {
            Ok(mut replay) => {
                place(self, &mut replay.moves);
                self.replay = Some(replay);
            }
            Err(mut stop) => {
                // A stop after its move was played (a capture mark that
                // differs) has that move's number; any other, the next one.
                let stop_was_played = stop.played.last().is_some_and(|m| m.number == stop.number);
                place(self, &mut stop.played);
                self.announce();
                stop.number = self.moves + usize::from(!stop_was_played);
                stop.line += offset;
                print_stop(self.json, self.labelled().then_some(self.number), &stop);
                self.stopped = true;
                self.replay = None;
            }
        }
    }

    /// Prints how the game ended (or where it stopped) and counts it.
    fn finish(mut self, tally: &mut Tally) {
        self.announce();
        tally.games += 1;
        tally.moves += self.moves;
        if self.stopped {
            tally.stopped += 1;
        }
        let outcome = self.replay.as_ref();
        if let Some(replay) = outcome {
            print_outcome(self.json, self.moves, replay);
        }
        if self.json && self.labelled() {
            let tags: serde_json::Map<String, serde_json::Value> = self
                .tags
                .iter()
                .map(|(n, v)| (n.clone(), v.clone().into()))
                .collect();
            println!(
                "{}",
                json!({
                    "type": "game",
                    "game": self.number,
                    "line": self.line,
                    "tags": tags,
                    "moves": self.moves,
                    "outcome": outcome.map(|r| r.outcome),
                    "stopped": self.stopped,
                    "warnings": self.warnings,
                })
            );
        }
    }
}

fn print_summary(json: bool, tally: &Tally) {
    let finished = tally.games - tally.stopped;
    if json {
        println!(
            "{}",
            json!({
                "type": "summary",
                "games": tally.games,
                "replayed": finished,
                "stopped": tally.stopped,
                "moves": tally.moves,
            })
        );
    } else {
        println!(
            "{} games: {finished} replayed to the end, {} stopped; {} moves",
            tally.games, tally.stopped, tally.moves
        );
    }
}

fn print_warning(json: bool, game: Option<usize>, warning: &str) {
    if json {
        println!(
            "{}",
            json!({ "type": "warning", "game": game, "message": warning })
        );
    } else {
        match game {
            Some(game) => eprintln!("warning: game {game}: {warning}"),
            None => eprintln!("warning: {warning}"),
        }
    }
}

/// Why reading the record stopped before its end.
enum ReadStop {
    LineTooLong { line: usize },
    RecordTooLong { line: usize },
    NotUtf8 { line: usize },
    Io(std::io::Error),
}

impl ReadStop {
    fn exit_code(&self) -> u8 {
        match self {
            ReadStop::Io(_) => EXIT_USAGE,
            _ => EXIT_CONTENT,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ReadStop::LineTooLong { .. } => "line-too-long",
            ReadStop::RecordTooLong { .. } => "record-too-long",
            ReadStop::NotUtf8 { .. } => "not-utf8",
            ReadStop::Io(_) => "io",
        }
    }

    fn line(&self) -> Option<usize> {
        match self {
            ReadStop::LineTooLong { line }
            | ReadStop::RecordTooLong { line }
            | ReadStop::NotUtf8 { line } => Some(*line),
            ReadStop::Io(_) => None,
        }
    }

    fn message(&self) -> String {
        match self {
            ReadStop::LineTooLong { .. } => format!(
                "the line is longer than the {MAX_LINE_LEN} bytes a record line may have; \
                 is this a game record (one move a line)?"
            ),
            ReadStop::RecordTooLong { .. } => format!(
                "the record is longer than the {MAX_RECORD_LEN} bytes (1 MiB) replay reads; \
                 split it into one file per game"
            ),
            ReadStop::NotUtf8 { .. } => {
                "the line is not UTF-8 text; save the record as UTF-8".to_string()
            }
            ReadStop::Io(e) => format!("cannot read the record: {e}"),
        }
    }
}

fn print_read_stop(json: bool, file: &std::path::Path, stop: &ReadStop) {
    if json {
        println!(
            "{}",
            json!({
                "type": "error",
                "line": stop.line(),
                "code": stop.code(),
                "message": stop.message(),
            })
        );
    } else {
        let name = if file.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            file.display().to_string()
        };
        match stop.line() {
            Some(line) => eprintln!("error: {name}:{line}: {}", stop.message()),
            None => eprintln!("error: {name}: {}", stop.message()),
        }
    }
}

/// A record's lines, each at most [`MAX_LINE_LEN`] bytes and all together
/// at most [`MAX_RECORD_LEN`].
struct Lines {
    reader: Box<dyn BufRead>,
    /// Lines read so far.
    line: usize,
    /// Bytes read so far.
    bytes: usize,
}

impl Lines {
    fn new(reader: Box<dyn BufRead>) -> Lines {
        Lines {
            reader,
            line: 0,
            bytes: 0,
        }
    }

    /// The next line with its line end, `None` at the end of the record.
    fn next_line(&mut self) -> Result<Option<String>, ReadStop> {
        let mut buf = Vec::new();
        // A line end and a CR beside the line's own bytes.
        let most = MAX_LINE_LEN + 2;
        let read = (&mut self.reader)
            .take(most as u64)
            .read_until(b'\n', &mut buf)
            .map_err(ReadStop::Io)?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        self.bytes += read;
        let line = self.line;
        let content = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if content.len() > MAX_LINE_LEN {
            return Err(ReadStop::LineTooLong { line });
        }
        if self.bytes > MAX_RECORD_LEN {
            return Err(ReadStop::RecordTooLong { line });
        }
        String::from_utf8(buf)
            .map(Some)
            .map_err(|_| ReadStop::NotUtf8 { line })
    }
}

/// One line per played move, on stdout in both formats.
fn print_move(json: bool, game: Option<usize>, m: &ReplayedMove) {
    if json {
        let mut object = json!({
                "type": "move",
                "number": m.number,
                "line": m.line,
                "side": m.side,
                "move": m.notation,
                "captures": m.captures,
        });
        if let Some(game) = game {
            object["game"] = game.into();
        }
        println!("{object}");
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

fn print_outcome(json: bool, moves: usize, replay: &Replay) {
    if json {
        println!(
            "{}",
            json!({ "type": "outcome", "moves": moves, "outcome": replay.outcome })
        );
    } else {
        let noun = if moves == 1 { "move" } else { "moves" };
        println!("result after {moves} {noun}: {}", replay.outcome);
    }
}

/// The stop goes to stdout as JSON (tools read one stream) but to stderr as
/// a human error line, after the moves that were played.
fn print_stop(json: bool, game: Option<usize>, stop: &ReplayStop) {
    if json {
        let mut object = json!({
                "type": "error",
                "number": stop.number,
                "line": stop.line,
                "move": stop.text,
                "code": stop.code,
                "message": stop.message,
                "marked": stop.marked,
                "captured": stop.captured,
        });
        if let Some(game) = game {
            object["game"] = game.into();
        }
        if let Some(column) = stop.column {
            object["column"] = column.into();
        }
        println!("{object}");
    } else {
        let game = game.map_or(String::new(), |game| format!("game {game}, "));
        let place = match stop.column {
            Some(column) => format!("line {}, column {column}", stop.line),
            None => format!("line {}", stop.line),
        };
        eprintln!(
            "error: {game}move {} ({place}) `{}`: {}",
            stop.number, stop.text, stop.message
        );
    }
}

fn open(path: &std::path::Path) -> std::io::Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(std::io::stdin().lock()))
    } else {
        Ok(Box::new(BufReader::new(std::fs::File::open(path)?)))
    }
}
