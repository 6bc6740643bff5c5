//! Draughts for the command line: a game of a preset from its start or a
//! PDN FEN, counted with the engine crate's perft, replayed with its PDN
//! record reader and played by its AI.

use std::fmt::Write as _;

use rulehub_draughts::record;
use rulehub_draughts::{Colour, Game, Kind, Outcome, Preset, ai, fen};
use rulehub_game::ai::{Deadline, Level, Limits};

use rulehub_draughts::DraughtsRules;
use rulehub_family::{
    CommandLineEngine, Ending, EngineRequest, RecordCut, RecordNotes, Replay, ReplayStop,
    ReplayedMove, Thought,
};

/// The game `preset` names, from the request's setup when given; `None`
/// when the preset is not a draughts one.
pub fn engine(
    preset: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn CommandLineEngine>, String>> {
    let rules = Preset::from_name(preset)?.rules();
    if request.to_move.is_some() {
        return Some(Err(
            "--to-move is not used with this preset: its setup names the side to move".into(),
        ));
    }
    if request.ignore_capture_marks {
        return Some(Err(
            "--ignore-capture-marks is not used with this preset: its records write captures as part of the move".into(),
        ));
    }
    let setup = request.setup;
    Some(match setup {
        None => Ok(DraughtsEngine::boxed(&rules, Game::start(&rules))),
        Some(text) => fen::parse_for(text, rules.geometry(), rules.first_to_move)
            .map(|position| DraughtsEngine::boxed(&rules, Game::new(&rules, position)))
            .map_err(|e| format!("--setup is not a PDN FEN for this board: {}", e.reason)),
    })
}

#[derive(Clone)]
struct DraughtsEngine {
    rules: DraughtsRules,
    game: Game,
    /// The moves played here, as the record writes them.
    played: Vec<String>,
    /// Whether the record's game has shown a move (played or refused), after
    /// which a setup is refused and a tag begins the next game.
    moves_read: bool,
    /// Whether the game's result has been read.
    result_read: bool,
    /// Whether the game's start came from a `[FEN]` tag or `; setup:` line.
    setup_read: bool,
    /// Whether a step written with `x` has been warned about.
    warned_step_as_capture: bool,
    notes: RecordNotes,
}

impl DraughtsEngine {
    fn boxed(rules: &DraughtsRules, game: Game) -> Box<dyn CommandLineEngine> {
        Box::new(DraughtsEngine {
            rules: rules.clone(),
            played: Vec::new(),
            game,
            moves_read: false,
            result_read: false,
            setup_read: false,
            warned_step_as_capture: false,
            notes: RecordNotes::default(),
        })
    }

    /// A stop at `span` of `text` before any move of this replay.
    fn stop_at(
        text: &str,
        span: std::ops::Range<usize>,
        number: usize,
        code: &'static str,
        message: String,
    ) -> ReplayStop {
        ReplayStop {
            played: Vec::new(),
            number,
            line: line_of(text, span.start),
            column: Some(column_of(text, span.start)),
            text: text.get(span).unwrap_or_default().to_string(),
            code,
            message,
            marked: Vec::new(),
            captured: Vec::new(),
        }
    }

    /// Starts the game from a record's setup (a `[FEN]` tag's value or a
    /// `; setup:` line's FEN) at `span`.
    fn setup(
        &mut self,
        text: &str,
        span: std::ops::Range<usize>,
        fen_text: &str,
        first: usize,
    ) -> Result<(), ReplayStop> {
        let refuse = |code, message: String| Err(Self::stop_at(text, span.clone(), first, code, message));
        if self.moves_read {
            return refuse(
                "setup-after-moves",
                "a setup after the game's first move; put the `[FEN]` tag (or `; setup:` line) before the moves".to_string(),
            );
        }
        if self.setup_read {
            return refuse(
                "second-setup",
                "the game already has a setup; give each game one `[FEN]` tag (or `; setup:` line)".to_string(),
            );
        }
        match fen::parse_for(fen_text, self.rules.geometry(), self.rules.first_to_move) {
            Ok(position) => {
                self.game = Game::new(&self.rules, position);
                self.setup_read = true;
                Ok(())
            }
            Err(e) => refuse(
                "bad-setup",
                format!("the setup is not a PDN FEN for this board: {}", e.reason),
            ),
        }
    }
}

/// The 1-based column, in characters, of a byte offset.
fn column_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before
            .rsplit('\n')
            .next()
            .map_or(0, |line| line.chars().count())
            + 1
    })
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Win { winner, reason } => format!("{} wins ({})", winner.code(), reason.code()),
        Outcome::Draw { reason } => format!("draw ({})", reason.code()),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| {
        before.bytes().filter(|b| *b == b'\n').count() + 1
    })
}

impl CommandLineEngine for DraughtsEngine {
    fn sides(&self) -> [&'static str; 2] {
        [Colour::White.code(), Colour::Black.code()]
    }

    fn to_move(&self) -> &'static str {
        self.game.to_move().code()
    }

    fn legal_move_count(&self) -> usize {
        self.game.legal_moves().len()
    }

    fn play_legal(&mut self, index: usize) -> Option<String> {
        let mv = self.game.legal_moves().get(index).cloned()?;
        let notation = self.game.notation(&mv);
        self.game.play(mv).ok()?;
        self.played.push(notation.clone());
        Some(notation)
    }

    fn level_limits(&self, level: Level) -> Limits {
        rulehub_draughts::ai::level_limits(level)
    }

    fn think(
        &self,
        limits: &Limits,
        seed: u64,
        deadline: Option<&Deadline<'_>>,
    ) -> Option<Thought> {
        let result = ai::best_move(&self.game, limits, seed, deadline)?;
        let legal = self.game.legal_moves();
        let index = legal.iter().position(|mv| *mv == result.best)?;
        Some(Thought {
            index,
            notation: self.game.notation(&result.best),
            score: result.score,
            mate_in: result.mate_in(),
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    fn ending(&self) -> Option<Ending> {
        let outcome = self.game.outcome();
        let winner = match outcome {
            Outcome::Ongoing => return None,
            Outcome::Win { winner, .. } => Some(winner.code()),
            Outcome::Draw { .. } => None,
        };
        Some(Ending {
            winner,
            description: describe(outcome),
        })
    }

    /// PDN move text, one move a line (`12. 11-15`, `12... 22x15`), after
    /// `;` comment lines.
    fn record(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "; {comment}");
        }
        for (i, notation) in self.played.iter().enumerate() {
            let number = i / 2 + 1;
            let dots = if i % 2 == 0 { "." } else { "..." };
            let _ = writeln!(text, "{number}{dots} {notation}");
        }
        text
    }

    fn boxed_clone(&self) -> Box<dyn CommandLineEngine> {
        Box::new(self.clone())
    }

    fn perft(&mut self, depth: u32) -> u64 {
        rulehub_draughts::perft::perft(&mut self.game, depth)
    }

    fn record_cut(&self, pending: &str) -> RecordCut {
        match record::items(pending) {
            Err(error) => match error.reason {
                record::RecordErrorReason::UnclosedComment => RecordCut::NotBefore('}'),
                record::RecordErrorReason::UnclosedTag => RecordCut::NotBefore(']'),
                record::RecordErrorReason::UnclosedVariation => RecordCut::NotBefore(')'),
                // Every other error is reported by replaying what was read.
                _ => RecordCut::Here,
            },
            Ok(items) => {
                if let Some(at) = record::second_game_at(
                    &items,
                    self.moves_read || self.game.ply() > 0,
                    self.result_read,
                ) {
                    return RecordCut::GameEnds(at);
                }
                // A capture may go on in the next line's token, one hop a
                // token: wait for it.
                match items.last() {
                    Some(record::Item::Move(mv)) if mv.move_text.capture => {
                        RecordCut::NotBefore('\n')
                    }
                    _ => RecordCut::Here,
                }
            }
        }
    }

    fn take_notes(&mut self) -> RecordNotes {
        std::mem::take(&mut self.notes)
    }

    fn replay(&mut self, text: &str) -> Result<Replay, ReplayStop> {
        let first = self.game.ply() + 1;
        let items = record::items(text).map_err(|error| {
            self.moves_read = true;
            Self::stop_at(
                text,
                error.span.clone(),
                first,
                error.reason.code(),
                error.reason.to_string(),
            )
        })?;
        let mut moves = Vec::new();
        let mut claims = Vec::new();
        for item in items {
            match item {
                record::Item::Tag(tag) if tag.name.eq_ignore_ascii_case("FEN") => {
                    self.setup(text, tag.span.clone(), &tag.value, first)?;
                    self.notes.tags.push((tag.name, tag.value));
                }
                record::Item::Tag(tag) => self.notes.tags.push((tag.name, tag.value)),
                record::Item::Setup(span, fen_text) => {
                    self.setup(text, span, fen_text, first)?;
                }
                record::Item::Move(mv) => {
                    if self.result_read {
                        self.moves_read = true;
                        let reason = record::RecordErrorReason::AfterResult;
                        return Err(Self::stop_at(
                            text,
                            mv.span,
                            first,
                            reason.code(),
                            reason.to_string(),
                        ));
                    }
                    moves.push(mv);
                }
                record::Item::Result(..) => self.result_read = true,
                record::Item::Comment(_) => {}
                record::Item::Claim(span, reason) => claims.push((moves.len(), span, reason)),
            }
        }
        let mut claims = claims.into_iter().peekable();
        if !moves.is_empty() {
            self.moves_read = true;
        }
        let mut played = Vec::with_capacity(moves.len());
        let mut next = 0;
        loop {
            while let Some((_, span, reason)) = claims.next_if(|(before, ..)| *before <= next) {
                if let Err(message) = record::claim(&mut self.game, reason) {
                    let mut stop = Self::stop_at(text, span, first + played.len(), "claim-refused", message);
                    stop.played = played;
                    return Err(stop);
                }
            }
            if next >= moves.len() {
                break;
            }
            let side = self.game.to_move().code();
            let mv = &moves[next];
            let line = line_of(text, mv.span.start);
            match record::play_move(&mut self.game, &moves[next..]) {
                Ok(advance) => {
                    let notation = advance.played.mv.full_notation();
                    if advance.step_written_as_capture && !self.warned_step_as_capture {
                        self.warned_step_as_capture = true;
                        self.notes.warnings.push(format!(
                            "move {} `{}` captures nothing but is written with `x`; read as the \
                             step {notation}, as are any more such moves of this game",
                            first + played.len(),
                            text.get(mv.span.clone()).unwrap_or_default(),
                        ));
                    }
                    self.played.push(notation.clone());
                    played.push(ReplayedMove {
                        number: first + played.len(),
                        line,
                        side,
                        notation,
                        captures: advance.played.captured.iter().map(|s| s.to_string()).collect(),
                    });
                    next += advance.tokens;
                }
                Err(illegal) => {
                    let number = first + played.len();
                    return Err(ReplayStop {
                        played,
                        number,
                        line,
                        column: Some(column_of(text, mv.span.start)),
                        text: text.get(mv.span.clone()).unwrap_or_default().to_string(),
                        code: illegal.code(),
                        message: illegal.to_string(),
                        marked: Vec::new(),
                        captured: Vec::new(),
                    });
                }
            }
        }
        let outcome = describe(self.game.outcome());
        Ok(Replay {
            moves: played,
            outcome_json: outcome.clone().into(),
            outcome,
        })
    }
}

/// A draughts preset's board for `rulehub board`: the FEN's position (or
/// the preset's start), drawn with the square numbers as a page without a
/// `render` block draws it.
pub fn setup_board(
    preset: &str,
    setup: Option<&str>,
) -> Option<Result<rulehub_family::SetupBoard, String>> {
    let rules = Preset::from_name(preset)?.rules();
    let position = match setup {
        None => Ok(rules.start_position()),
        Some(text) => fen::parse_for(text, rules.geometry(), rules.first_to_move)
            .map_err(|e| format!("not a PDN FEN for this board: {}", e.reason)),
    };
    Some(position.map(|position| {
        let size = rules.board_size;
        let count = |colour, kind| {
            position
                .pieces()
                .filter(|(_, p)| p.colour == colour && p.kind == kind)
                .count()
        };
        let side = |colour| {
            let men = count(colour, Kind::Man);
            let kings = count(colour, Kind::King);
            format!(
                "{} {}, {} {}",
                men,
                if men == 1 { "man" } else { "men" },
                kings,
                if kings == 1 { "king" } else { "kings" }
            )
        };
        let description = format!(
            "{preset} on a {size}×{size} board, setup {}: white {}; black {}; {} to move.",
            fen::write(&position),
            side(Colour::White),
            side(Colour::Black),
            position.to_move().code(),
        );
        rulehub_family::SetupBoard {
            dims: rulehub_game::Dims::new(size, size),
            pieces: super::glyphs_of(&position),
            render: super::check::default_board(&rules),
            description,
        }
    }))
}
