//! Game records in PDN, read as players and programs write them: many
//! games to a file, `[Tag "value"]` pairs (a `[FEN "…"]` tag gives the
//! start), move text such as `1. 11-15 23-19 2. 8-11 22x15 1-0`.
//!
//! Moves are square numbers (`11-15`, `22x15x6`) or letter-number names
//! (`c3-d4`, `d4:b6`, `d4xb6`) joined by `-` (a step or slide) or `x`/`:`
//! (a capture). A capture may list every landing square, only some of them
//! (`22x6`), or one hop per token (`22x15 15x6`). Move numbers (`12.`,
//! `12...`, an ellipsis `...` on its own), `{comments}` (their `[%…]`
//! commands aside), `;` line comments, `%` escape lines, variations
//! `( … )`, NAGs (`$1`) and trailing `!`/`?` marks are skipped; a move
//! whose squares are spaced for alignment (`1- 7`) is read as one. A result
//! (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `0-0`, `*`) ends a game's
//! move text, and a tag after moves begins the next game. A `[%claim]`
//! command in a comment records a draw claimed by the player to move there
//! (English draughts; see docs/draughts.md).
//!
//! Reading is one pass over the text and replay one move generation per
//! move, so both are linear in the record; records longer than
//! [`MAX_RECORD_LEN`] are refused.

use std::fmt;
use std::ops::Range;

use crate::game::{Game, IllegalMove, MoveText, Outcome, Played};
use crate::position::Colour;

/// The longest record read: far above any real archive's game.
pub const MAX_RECORD_LEN: usize = 1 << 20;

/// The result tokens read, with the scorings they come from (wins and
/// draws counted 1/½, 2/1, or as points of a match).
pub const RESULTS: &[&str] = &[
    "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*",
];

/// What a result token says of a game's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultClaim {
    Win(Colour),
    Draw,
    /// Nothing the board decides: `*` (a game not finished) or `0-0`
    /// (neither side scored, as for a double forfeit).
    Open,
}

/// What `token`, one of [`RESULTS`], says; `None` for any other text.
pub fn result_claim(token: &str) -> Option<ResultClaim> {
    match token {
        "1-0" | "2-0" => Some(ResultClaim::Win(Colour::White)),
        "0-1" | "0-2" => Some(ResultClaim::Win(Colour::Black)),
        "1/2-1/2" | "½-½" | "1-1" => Some(ResultClaim::Draw),
        "*" | "0-0" => Some(ResultClaim::Open),
        _ => None,
    }
}

/// The token a record ends with for `outcome`.
pub fn result_token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "*",
        Outcome::Win {
            winner: Colour::White,
            ..
        } => "1-0",
        Outcome::Win {
            winner: Colour::Black,
            ..
        } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    }
}

/// Whether a record that ends with `token` agrees with the game's
/// `outcome` after its last move. A game the rules have ended must end with
/// its result (in any scoring); a game still going may end with any token,
/// since a record also ends at a resignation, an agreed draw or a stopped
/// game. The error is the token that would agree.
pub fn check_result(token: &str, outcome: Outcome) -> Result<(), &'static str> {
    let decided = match outcome {
        Outcome::Ongoing => return Ok(()),
        Outcome::Win { winner, .. } => ResultClaim::Win(winner),
        Outcome::Draw { .. } => ResultClaim::Draw,
    };
    if result_claim(token) == Some(decided) {
        Ok(())
    } else {
        Err(result_token(outcome))
    }
}

/// One move of a record, where it stands and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// Byte range of the move in the record text (move number excluded).
    pub span: Range<usize>,
    pub move_text: MoveText,
    /// The comments right after the move (before the next move), joined,
    /// their `[%…]` commands left out.
    pub comment: Option<String>,
}

/// Why a record's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordErrorReason {
    TooLong {
        len: usize,
    },
    UnclosedComment,
    UnclosedTag,
    /// A `(` variation never closed.
    UnclosedVariation,
    /// A `)` with no `(` before it.
    UnopenedVariation,
    /// A word that is neither a move, a move number nor a result.
    NotAMove {
        found: String,
    },
    /// A move joining squares with both `-` and `x`.
    MixedSeparators,
    /// A move naming some squares by number and some by letter and number.
    MixedNotation,
    /// A step written through more than two squares.
    LongStep,
    /// A separator with no square after it, or a lone number.
    MissingSquare,
    /// A move after the result (in a reader of one game).
    AfterResult,
}

impl RecordErrorReason {
    /// Every code [`RecordErrorReason::code`] returns, for documentation.
    pub const CODES: &'static [&'static str] = &[
        "too-long",
        "unclosed-comment",
        "unclosed-tag",
        "unclosed-variation",
        "unopened-variation",
        "not-a-move",
        "mixed-separators",
        "mixed-notation",
        "long-step",
        "missing-square",
        "after-result",
    ];

    pub fn code(&self) -> &'static str {
        match self {
            RecordErrorReason::TooLong { .. } => "too-long",
            RecordErrorReason::UnclosedComment => "unclosed-comment",
            RecordErrorReason::UnclosedTag => "unclosed-tag",
            RecordErrorReason::UnclosedVariation => "unclosed-variation",
            RecordErrorReason::UnopenedVariation => "unopened-variation",
            RecordErrorReason::NotAMove { .. } => "not-a-move",
            RecordErrorReason::MixedSeparators => "mixed-separators",
            RecordErrorReason::MixedNotation => "mixed-notation",
            RecordErrorReason::LongStep => "long-step",
            RecordErrorReason::MissingSquare => "missing-square",
            RecordErrorReason::AfterResult => "after-result",
        }
    }
}

impl fmt::Display for RecordErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorReason::TooLong { len } => write!(
                f,
                "the record is {len} bytes long, more than the {MAX_RECORD_LEN} read; split it"
            ),
            RecordErrorReason::UnclosedComment => {
                f.write_str("this `{` comment is never closed; add a `}`")
            }
            RecordErrorReason::UnclosedTag => {
                f.write_str("this `[` tag is never closed; add a `]`")
            }
            RecordErrorReason::UnclosedVariation => {
                f.write_str("this `(` variation is never closed; add a `)`")
            }
            RecordErrorReason::UnopenedVariation => f.write_str(
                "this `)` closes no variation; remove it or open the variation with `(`",
            ),
            RecordErrorReason::NotAMove { found } => write!(
                f,
                "`{found}` is not a move; write square numbers joined by `-` or `x`, \
                 such as `11-15` or `22x15` (or letter-number squares, `c3-d4`)"
            ),
            RecordErrorReason::MixedSeparators => f.write_str(
                "a move uses either `-` (a step) or `x` (a capture) between all its squares",
            ),
            RecordErrorReason::MixedNotation => f.write_str(
                "a move names all its squares by number (`22x15`) or all by letter and \
                 number (`c3:e5`), not some of each",
            ),
            RecordErrorReason::LongStep => f.write_str(
                "a step names only two squares; list landing squares with `x` for a capture",
            ),
            RecordErrorReason::MissingSquare => {
                f.write_str("a square is missing; a move names at least two squares")
            }
            RecordErrorReason::AfterResult => {
                f.write_str("moves follow the result; the result ends the move text")
            }
        }
    }
}

/// A record problem and the byte range it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    pub span: Range<usize>,
    pub reason: RecordErrorReason,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bytes {}..{}: {}",
            self.span.start, self.span.end, self.reason
        )
    }
}

impl std::error::Error for RecordError {}

/// A `[Name "value"]` tag pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub span: Range<usize>,
    pub name: String,
    /// The value with its quotes and `\` escapes removed.
    pub value: String,
}

/// What a record's text holds, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item<'a> {
    Tag(Tag),
    /// rulehub's own `; setup: FEN` line: the span and text of the FEN.
    Setup(Range<usize>, &'a str),
    Move(RecordMove),
    Result(Range<usize>, &'a str),
    Comment(String),
    /// A `[%claim]` (or `[%claim repetition]`, `[%claim king-moves]`)
    /// command in a comment: the player to move claims a draw there. Its
    /// span and the reason named, if any.
    Claim(Range<usize>, Option<&'a str>),
}

/// Reads a record's text into its items: tags, setups, moves (each with the
/// comments after it), results and the comments before any move.
pub fn items(text: &str) -> Result<Vec<Item<'_>>, RecordError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError {
            span: 0..0,
            reason: RecordErrorReason::TooLong { len: text.len() },
        });
    }
    let bytes = text.as_bytes();
    let mut items: Vec<Item<'_>> = Vec::new();
    let mut at = 0;
    let line_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .position(|&c| c == b'\n')
            .unwrap_or(bytes.len() - from)
    };
    while at < bytes.len() {
        let b = bytes[at];
        if b.is_ascii_whitespace() {
            at += 1;
            continue;
        }
        match b {
            b'%' if at == 0 || bytes[at - 1] == b'\n' => {
                at = line_end(at);
            }
            b'{' => {
                let Some(len) = bytes[at..].iter().position(|&c| c == b'}') else {
                    return Err(RecordError {
                        span: at..at + 1,
                        reason: RecordErrorReason::UnclosedComment,
                    });
                };
                comment(&mut items, &text[at + 1..at + len]);
                claims(&mut items, text, at + 1..at + len);
                at += len + 1;
            }
            b';' => {
                let end = line_end(at);
                let body = &text[at + 1..end];
                let setup = body
                    .trim_start()
                    .strip_prefix("setup")
                    .and_then(|rest| rest.strip_prefix(':'));
                match setup {
                    Some(fen) => {
                        let fen_trimmed = fen.trim();
                        let start = if fen_trimmed.is_empty() {
                            end
                        } else {
                            // `fen` is a suffix of `body`, `fen_trimmed` inside it.
                            end - fen.len() + (fen.len() - fen.trim_start().len())
                        };
                        items.push(Item::Setup(start..start + fen_trimmed.len(), fen_trimmed));
                    }
                    None => comment(&mut items, body.trim_end_matches('\r')),
                }
                at = end;
            }
            b'[' => {
                let tag = tag(text, at)?;
                at = tag.span.end;
                items.push(Item::Tag(tag));
            }
            b'(' => at = variation_end(bytes, at)?,
            b')' => {
                return Err(RecordError {
                    span: at..at + 1,
                    reason: RecordErrorReason::UnopenedVariation,
                });
            }
            b'$' => {
                at += 1 + bytes[at + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
            }
            _ => {
                let mut end = word_end(bytes, at);
                // A move spaced for alignment, `1- 7`: its separator ends the
                // word and its next square follows after spaces.
                while end < bytes.len()
                    && matches!(bytes[end - 1], b'-' | b'x' | b'X' | b':')
                    && end - at > 1
                {
                    let next = end + bytes[end..].iter().take_while(|&&c| c == b' ').count();
                    if next == end || next >= bytes.len() || !bytes[next].is_ascii_alphanumeric() {
                        break;
                    }
                    end = word_end(bytes, next);
                }
                let word = &text[at..end];
                if let Some(result) = RESULTS.iter().find(|r| **r == word) {
                    items.push(Item::Result(at..end, result));
                } else if let Some(mv) = word_move(word, at)? {
                    items.push(Item::Move(mv));
                }
                at = end;
            }
        }
    }
    Ok(items)
}

/// Where a word starting at `at` ends.
fn word_end(bytes: &[u8], at: usize) -> usize {
    at + bytes[at..]
        .iter()
        .position(|c| c.is_ascii_whitespace() || b"{[;()$".contains(c))
        .unwrap_or(bytes.len() - at)
}

/// Adds a comment to the last move, or as a comment of its own.
fn comment(items: &mut Vec<Item<'_>>, raw: &str) {
    let text = without_commands(raw)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if text.is_empty() {
        return;
    }
    match items.last_mut() {
        Some(Item::Move(mv)) => match &mut mv.comment {
            Some(existing) => {
                existing.push(' ');
                existing.push_str(&text);
            }
            None => mv.comment = Some(text),
        },
        _ => items.push(Item::Comment(text)),
    }
}

/// The `[%claim …]` commands of the comment at `span`, as items.
fn claims<'a>(items: &mut Vec<Item<'a>>, text: &'a str, span: Range<usize>) {
    let mut from = span.start;
    while let Some(found) = text[from..span.end].find("[%claim") {
        let start = from + found;
        let after = start + "[%claim".len();
        let Some(len) = text[after..span.end].find(']') else {
            return;
        };
        let inner = &text[after..after + len];
        // `[%claimed]` or the like is another command.
        if inner.is_empty() || inner.starts_with(char::is_whitespace) {
            let reason = inner.trim();
            items.push(Item::Claim(
                start..after + len + 1,
                (!reason.is_empty()).then_some(reason),
            ));
        }
        from = after + len + 1;
    }
}

/// A comment's text without its `[%command …]` parts.
fn without_commands(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(start) = rest.find("[%") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(len) => rest = &rest[start + len + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Reads the tag pair starting at `at` (a `[`); its span ends after `]`.
fn tag(text: &str, at: usize) -> Result<Tag, RecordError> {
    let bytes = text.as_bytes();
    let unclosed = || RecordError {
        span: at..at + 1,
        reason: RecordErrorReason::UnclosedTag,
    };
    let mut i = at + 1;
    let mut in_quotes = false;
    let mut value = String::new();
    let mut value_seen = false;
    let mut name_end = None;
    while i < bytes.len() {
        let c = bytes[i];
        if in_quotes {
            match c {
                b'\\' if i + 1 < bytes.len() => {
                    let next = text[i + 1..].chars().next().unwrap_or('\\');
                    value.push(next);
                    i += 1 + next.len_utf8();
                    continue;
                }
                b'"' => in_quotes = false,
                _ => {
                    let ch = text[i..].chars().next().unwrap_or(' ');
                    value.push(ch);
                    i += ch.len_utf8();
                    continue;
                }
            }
        } else {
            match c {
                b'"' => {
                    in_quotes = true;
                    value_seen = true;
                    name_end.get_or_insert(i);
                }
                b']' => {
                    let name_end = name_end.unwrap_or(i);
                    let name = text[at + 1..name_end].trim().to_string();
                    if !value_seen {
                        // `[Name value]`: the value is what follows the name.
                        let inner = text[at + 1..i].trim();
                        let (name, rest) =
                            inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                        return Ok(Tag {
                            span: at..i + 1,
                            name: name.to_string(),
                            value: rest.trim().to_string(),
                        });
                    }
                    return Ok(Tag {
                        span: at..i + 1,
                        name,
                        value,
                    });
                }
                _ => {}
            }
        }
        i += 1;
    }
    Err(unclosed())
}

/// The end of the variation starting at `at` (a `(`), nested variations
/// and comments (which may hold parentheses) inside.
fn variation_end(bytes: &[u8], at: usize) -> Result<usize, RecordError> {
    let mut depth = 0usize;
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            b'{' => match bytes[i..].iter().position(|&c| c == b'}') {
                Some(len) => i += len,
                None => {
                    return Err(RecordError {
                        span: i..i + 1,
                        reason: RecordErrorReason::UnclosedComment,
                    });
                }
            },
            _ => {}
        }
        i += 1;
    }
    Err(RecordError {
        span: at..at + 1,
        reason: RecordErrorReason::UnclosedVariation,
    })
}

/// A record's move text read: its moves, and the result token that ended
/// it, if any, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    pub moves: Vec<RecordMove>,
    pub result: Option<(Range<usize>, &'a str)>,
}

/// Reads the moves of one game's move text.
pub fn parse(text: &str) -> Result<Vec<RecordMove>, RecordError> {
    read(text).map(|record| record.moves)
}

/// Reads one game's move text: its moves and its result token. A move
/// after the result is an error here; [`games`] reads it as the next game.
pub fn read(text: &str) -> Result<Record<'_>, RecordError> {
    let mut moves = Vec::new();
    let mut result = None;
    for item in items(text)? {
        match item {
            Item::Move(mv) => {
                if result.is_some() {
                    return Err(RecordError {
                        span: mv.span,
                        reason: RecordErrorReason::AfterResult,
                    });
                }
                moves.push(mv);
            }
            Item::Result(span, token) if result.is_none() => result = Some((span, token)),
            _ => {}
        }
    }
    Ok(Record { moves, result })
}

/// One game of a record: its tags, setups, moves and result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameText<'a> {
    /// From the game's first item to its last.
    pub span: Range<usize>,
    pub tags: Vec<Tag>,
    /// `; setup:` lines, with where they stand.
    pub setups: Vec<(Range<usize>, &'a str)>,
    pub moves: Vec<RecordMove>,
    pub result: Option<(Range<usize>, &'a str)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// Draw claims: how many move tokens stand before each, its span and the
    /// reason it names.
    pub claims: Vec<(usize, Range<usize>, Option<&'a str>)>,
}

impl GameText<'_> {
    /// A tag's value by its name, compared without case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// The setup the game starts from, as PDN writes it: the `[FEN]` tag
    /// (whatever `[SetUp]` says, since a FEN is only written to be used),
    /// else the first `; setup:` line. The byte range is the tag's or the
    /// FEN text's.
    pub fn setup(&self) -> Option<(Range<usize>, &str)> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case("FEN"))
            .map(|t| (t.span.clone(), t.value.as_str()))
            .or_else(|| self.setups.first().map(|(s, f)| (s.clone(), *f)))
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.setups.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
    }
}

/// Where a new game starts among `items`, given what the current game has:
/// after a result, anything but a comment; after a move, a tag.
fn starts_new_game(item: &Item<'_>, has_moves: bool, has_result: bool) -> bool {
    match item {
        Item::Comment(_) | Item::Claim(..) => false,
        _ if has_result => true,
        Item::Tag(_) | Item::Setup(..) => has_moves,
        _ => false,
    }
}

/// Where the first game of `items` ends and a second one begins: the byte
/// offset of the second game's first item, if there is one. The game may
/// have begun before `items` (and shown moves or its result there).
pub fn second_game_at(
    items: &[Item<'_>],
    moves_before: bool,
    result_before: bool,
) -> Option<usize> {
    let mut has_moves = moves_before;
    let mut has_result = result_before;
    for item in items {
        if starts_new_game(item, has_moves, has_result) {
            return item_start(item);
        }
        match item {
            Item::Move(_) => has_moves = true,
            Item::Result(..) => has_result = true,
            _ => {}
        }
    }
    None
}

fn item_start(item: &Item<'_>) -> Option<usize> {
    match item {
        Item::Tag(t) => Some(t.span.start),
        Item::Setup(span, _) | Item::Result(span, _) => Some(span.start),
        Item::Move(m) => Some(m.span.start),
        Item::Comment(_) | Item::Claim(..) => None,
    }
}

fn item_span(item: &Item<'_>) -> Option<Range<usize>> {
    match item {
        Item::Tag(t) => Some(t.span.clone()),
        Item::Setup(span, _) | Item::Result(span, _) | Item::Claim(span, _) => Some(span.clone()),
        Item::Move(m) => Some(m.span.clone()),
        Item::Comment(_) => None,
    }
}

/// Reads every game of a record: a result ends a game, and a tag after a
/// game's moves begins the next one. Text holding no tag, move or result
/// holds no game.
pub fn games(text: &str) -> Result<Vec<GameText<'_>>, RecordError> {
    let mut games = Vec::new();
    let mut game = GameText::default();
    for item in items(text)? {
        if starts_new_game(&item, !game.moves.is_empty(), game.result.is_some()) {
            games.push(std::mem::take(&mut game));
        }
        if let Some(span) = item_span(&item) {
            if game.is_empty() {
                game.span = span.clone();
            }
            game.span.end = span.end;
        }
        match item {
            Item::Tag(tag) => game.tags.push(tag),
            Item::Setup(span, fen) => game.setups.push((span, fen)),
            Item::Move(mv) => game.moves.push(mv),
            Item::Result(span, token) => game.result = Some((span, token)),
            Item::Comment(c) => {
                if game.moves.is_empty() {
                    game.comments.push(c);
                }
            }
            Item::Claim(span, reason) => game.claims.push((game.moves.len(), span, reason)),
        }
    }
    if !game.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// Reads one whitespace-free word (alignment spaces aside): `None` for a
/// bare move number or ellipsis.
fn word_move(word: &str, offset: usize) -> Result<Option<RecordMove>, RecordError> {
    // A move number `12.` or `12...`, alone or glued to the move; an
    // ellipsis `...` alone.
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    let skip = if dots > 0 { digits + dots } else { 0 };
    let body = word[skip..].trim_end_matches(['!', '?', '+', '*']);
    if body.is_empty() {
        return Ok(None);
    }
    let start = offset + skip;
    let span = start..start + body.len();
    let error = |reason| RecordError {
        span: span.clone(),
        reason,
    };
    let not_a_move = || {
        error(RecordErrorReason::NotAMove {
            found: body.to_string(),
        })
    };
    let mut numbers = Vec::new();
    let mut files = Vec::new();
    let mut separator: Option<bool> = None;
    let bytes = body.as_bytes();
    let mut i = 0;
    loop {
        while bytes.get(i) == Some(&b' ') {
            i += 1;
        }
        let file = match bytes.get(i) {
            Some(c @ b'a'..=b'l') => Some(c - b'a'),
            Some(c @ b'A'..=b'L') => Some(c - b'A'),
            _ => None,
        };
        if file.is_some() {
            i += 1;
        }
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            if numbers.is_empty() {
                return Err(not_a_move());
            }
            return Err(error(RecordErrorReason::MissingSquare));
        }
        // Nine digits cannot overflow; longer numbers are no square anyway.
        let number = body[i..i + digits.min(9)]
            .parse::<u32>()
            .unwrap_or(u32::MAX);
        // Every square named the way the first one was.
        let named = file.is_some();
        let first_named = !files.is_empty();
        if !numbers.is_empty() && named != first_named {
            return Err(error(RecordErrorReason::MixedNotation));
        }
        numbers.push(if digits > 9 { u32::MAX } else { number });
        if let Some(file) = file {
            files.push(file);
        }
        i += digits;
        let Some(&sep) = bytes.get(i) else { break };
        let capture = match sep {
            b'-' => false,
            b'x' | b'X' | b':' => true,
            _ => return Err(not_a_move()),
        };
        if separator.is_some_and(|s| s != capture) {
            return Err(error(RecordErrorReason::MixedSeparators));
        }
        separator = Some(capture);
        i += 1;
    }
    if numbers.len() < 2 {
        return Err(error(RecordErrorReason::MissingSquare));
    }
    let capture = separator == Some(true);
    if !capture && numbers.len() > 2 {
        return Err(error(RecordErrorReason::LongStep));
    }
    Ok(Some(RecordMove {
        span,
        move_text: MoveText {
            numbers,
            capture,
            files,
        },
        comment: None,
    }))
}

/// Claims the draw a record's `[%claim …]` command names (`reason`: its
/// text after `claim`, if any) for the player to move, or says why not.
pub fn claim(game: &mut Game, reason: Option<&str>) -> Result<crate::DrawReason, String> {
    let named = match reason {
        None => None,
        Some(code) => Some(crate::DrawReason::from_code(code).ok_or_else(|| {
            format!(
                "`[%claim {code}]` names no draw rule; write `[%claim]`, `[%claim repetition]` \
                 or `[%claim king-moves]`"
            )
        })?),
    };
    game.claim_draw(named)
        .map_err(|refused| refused.to_string())
}

/// A record move played: how many of the record's move tokens it took (one,
/// or several hops of one capture), and whether a step was written with `x`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advance {
    pub played: Played,
    pub tokens: usize,
    pub step_written_as_capture: bool,
}

/// Plays the move `moves[0]` writes on `game`: a capture written one hop a
/// token takes the following tokens that continue it, and a step written
/// with `x` is played (the caller warns). The error is the first token's.
pub fn play_move(game: &mut Game, moves: &[RecordMove]) -> Result<Advance, IllegalMove> {
    let Some(first) = moves.first() else {
        return Err(IllegalMove::NoSuchMove);
    };
    let mut text = first.move_text.clone();
    let mut tokens = 1;
    loop {
        match game.resolve(&text) {
            Ok(mv) => {
                return Ok(Advance {
                    played: game.play_resolved(mv),
                    tokens,
                    step_written_as_capture: false,
                });
            }
            Err(IllegalMove::WrongSeparator { mv }) if !mv.is_capture() && text.capture => {
                return Ok(Advance {
                    played: game.play_resolved(mv),
                    tokens,
                    step_written_as_capture: true,
                });
            }
            Err(IllegalMove::IncompleteCapture { completed }) => {
                let continues = moves.get(tokens).filter(|next| {
                    next.move_text.capture
                        && next.move_text.files.is_empty() == text.files.is_empty()
                        && next.move_text.numbers.first() == text.numbers.last()
                        && next.move_text.files.first() == text.files.last()
                });
                match continues {
                    Some(next) => {
                        text.numbers.extend(&next.move_text.numbers[1..]);
                        if !text.files.is_empty() {
                            text.files.extend(&next.move_text.files[1..]);
                        }
                        tokens += 1;
                    }
                    None => return Err(IllegalMove::IncompleteCapture { completed }),
                }
            }
            Err(e) => return Err(e),
        }
    }
}

/// One replayed move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub span: Range<usize>,
    /// The side that played it.
    pub side: Colour,
    pub played: Played,
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayErrorReason {
    Notation(RecordErrorReason),
    Illegal(IllegalMove),
}

/// Where and why a replay stopped; the game is left after the last legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// Moves played before the stop.
    pub moves_played: usize,
    pub reason: ReplayErrorReason,
}

impl ReplayError {
    /// A stable code: the notation problem's or the illegal move's.
    pub fn code(&self) -> &'static str {
        match &self.reason {
            ReplayErrorReason::Notation(r) => r.code(),
            ReplayErrorReason::Illegal(i) => i.code(),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes {}..{}: ", self.span.start, self.span.end)?;
        match &self.reason {
            ReplayErrorReason::Notation(r) => r.fmt(f),
            ReplayErrorReason::Illegal(i) => write!(f, "illegal move ({}): {i}", i.code()),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays a record's moves on `game`, stopping at the first notation problem
/// (before any move is played) or the first illegal move. A capture written
/// one hop a token is one move, its span covering every hop.
pub fn replay(game: &mut Game, text: &str) -> Result<Vec<Replayed>, ReplayError> {
    let moves = parse(text).map_err(|e| ReplayError {
        span: e.span,
        moves_played: 0,
        reason: ReplayErrorReason::Notation(e.reason),
    })?;
    let mut replayed = Vec::with_capacity(moves.len());
    let mut next = 0;
    while next < moves.len() {
        let side = game.to_move();
        let advance = play_move(game, &moves[next..]).map_err(|e| ReplayError {
            span: moves[next].span.clone(),
            moves_played: replayed.len(),
            reason: ReplayErrorReason::Illegal(e),
        })?;
        let last = next + advance.tokens - 1;
        replayed.push(Replayed {
            span: moves[next].span.start..moves[last].span.end,
            side,
            played: advance.played,
        });
        next = last + 1;
    }
    Ok(replayed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DrawReason, WinReason};
    use crate::rules::Preset;

    #[test]
    fn every_result_token_read_says_something() {
        for token in RESULTS {
            assert!(result_claim(token).is_some(), "{token}");
        }
        assert_eq!(result_claim("3-1"), None);
    }

    #[test]
    fn a_result_agrees_with_the_game_in_any_scoring_and_anything_goes_while_it_is_on() {
        let white_won = Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoPieces,
        };
        let drawn = Outcome::Draw {
            reason: DrawReason::Repetition,
        };
        for token in ["1-0", "2-0"] {
            assert_eq!(check_result(token, white_won), Ok(()), "{token}");
        }
        for token in ["0-1", "0-2", "1/2-1/2", "1-1", "*", "0-0"] {
            assert_eq!(check_result(token, white_won), Err("1-0"), "{token}");
        }
        for token in ["1/2-1/2", "½-½", "1-1"] {
            assert_eq!(check_result(token, drawn), Ok(()), "{token}");
        }
        assert_eq!(check_result("1-0", drawn), Err("1/2-1/2"));
        // A resignation, an agreed draw or a game stopped: the board cannot say.
        for token in RESULTS {
            assert_eq!(check_result(token, Outcome::Ongoing), Ok(()), "{token}");
        }
    }

    fn numbers(text: &str) -> Vec<(Vec<u32>, bool)> {
        parse(text)
            .expect("valid record")
            .into_iter()
            .map(|m| (m.move_text.numbers, m.move_text.capture))
            .collect()
    }

    #[test]
    fn move_numbers_comments_tags_and_results_are_skipped() {
        let text = "[Event \"x\"]\n1. 11-15 {a comment} 23-19 2.8-11 ; to the end\n22x15x6! 1-0";
        assert_eq!(
            numbers(text),
            vec![
                (vec![11, 15], false),
                (vec![23, 19], false),
                (vec![8, 11], false),
                (vec![22, 15, 6], true),
            ]
        );
        assert_eq!(numbers("1... 9-13 *"), vec![(vec![9, 13], false)]);
    }

    #[test]
    fn notation_errors_name_the_bytes_and_the_fix() {
        let e = parse("1. 11-15 11-15x3").expect_err("mixed");
        assert_eq!(
            (e.span.clone(), e.reason.code()),
            (9..16, "mixed-separators")
        );
        let e = parse("11-15-19").expect_err("long step");
        assert_eq!(e.reason, RecordErrorReason::LongStep);
        let e = parse("11-15 (9-13").expect_err("variation");
        assert_eq!((e.span, e.reason.code()), (6..7, "unclosed-variation"));
        let e = parse("11-15 )").expect_err("stray parenthesis");
        assert_eq!(e.reason, RecordErrorReason::UnopenedVariation);
        let e = parse("11-15 {open").expect_err("unclosed");
        assert_eq!(e.reason, RecordErrorReason::UnclosedComment);
        let e = parse("e3-14").expect_err("mixed notation");
        assert_eq!(e.reason, RecordErrorReason::MixedNotation);
        let e = parse("z3-d4").expect_err("no file z");
        assert!(e.to_string().contains("`z3-d4` is not a move"), "{e}");
        let e = parse("11-").expect_err("missing");
        assert_eq!(e.reason, RecordErrorReason::MissingSquare);
        let record = read("1. 11-15 {1-0 is no result} [Result \"x\"] 0-1").expect("valid");
        assert_eq!(record.result, Some((41..44, "0-1")));
        assert_eq!(read("1. 11-15").expect("valid").result, None);
        let e = parse("11-15 1-0 9-13").expect_err("after result");
        assert_eq!((e.span, e.reason), (10..14, RecordErrorReason::AfterResult));
    }

    /// A tournament archive as a PDN editor writes it: two games, tags,
    /// a FEN setup, variations, NAGs, `%` escapes, an ellipsis token,
    /// alignment spaces, clock commands in comments, other scorings.
    const ARCHIVE: &str = "% written by an editor\n\
        [Event \"Open\"]\n[White \"Ann \\\"A\\\" B\"]\n[Black \"Cy\"]\n\
        1. 11-15 {centre [%clk 0:10:00]} 23-19 $1 (1... 22-18 15x22) 2. 8-11 ... 22-17 \
        3. 9-13 17x14 4. 10x17 21x14 2-0\n\n\
        [Event \"Open\"]\n[FEN \"W:W18,K31:B5,14.\"]\n1. 18x 9  5x14 2. 31-27 1-1\n";

    #[test]
    fn an_archive_reads_as_its_games_with_tags_setups_and_comments() {
        let games = games(ARCHIVE).expect("valid archive");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("white"), Some("Ann \"A\" B"));
        assert_eq!(games[0].moves.len(), 8);
        assert_eq!(games[0].moves[0].comment.as_deref(), Some("centre"));
        assert_eq!(games[0].result.as_ref().map(|r| r.1), Some("2-0"));
        assert_eq!(games[1].setup().map(|s| s.1), Some("W:W18,K31:B5,14."));
        assert_eq!(games[1].moves[0].move_text.numbers, vec![18, 9]);
        assert_eq!(&ARCHIVE[games[1].moves[0].span.clone()], "18x 9");
        assert_eq!(games[1].result.as_ref().map(|r| r.1), Some("1-1"));
        // One game's reader refuses what an archive reads as a second game.
        let e = read(ARCHIVE).expect_err("two games");
        assert_eq!(e.reason, RecordErrorReason::AfterResult);
        assert!(
            super::games("  ; nothing here\n")
                .expect("no games")
                .is_empty()
        );
    }

    #[test]
    fn letter_number_moves_and_captures_read() {
        let moves = parse("1. c3-d4 f6-g5 2. d4:f6 g7xe5").expect("letter-number");
        assert_eq!(moves[0].move_text.files, vec![2, 3]);
        assert_eq!(moves[0].move_text.numbers, vec![3, 4]);
        assert!(moves[2].move_text.capture && moves[3].move_text.capture);
        let mut game = Game::start(&Preset::Russian.rules());
        let replayed = replay(&mut game, "1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 h6:f4")
            .expect("a Russian opening");
        // e3 is square 23 and g5 square 16.
        assert_eq!(replayed[4].played.mv.full_notation(), "23x16");
        let e = Game::start(&Preset::Russian.rules())
            .resolve(&parse("c4-d5").expect("read")[0].move_text)
            .expect_err("c4 is light");
        assert_eq!(e.code(), "not-a-dark-square");
    }

    #[test]
    fn a_capture_one_hop_a_token_or_with_squares_left_out_is_one_move() {
        let rules = Preset::English.rules();
        let setup = |fen: &str| {
            Game::new(
                &rules,
                crate::fen::parse(fen, rules.geometry()).expect("FEN"),
            )
        };
        // White's man on 27 takes 23 and 14, landing on 18, then on 9.
        let mut game = setup("W:W27:B23,14,1");
        let replayed = replay(&mut game, "27x18 18x9").expect("one hop a token");
        assert_eq!(replayed.len(), 1);
        assert_eq!(replayed[0].span, 0..10);
        assert_eq!(replayed[0].played.captured.len(), 2);
        let mut game = setup("W:W27:B23,14,1");
        assert_eq!(replay(&mut game, "27x9").expect("ends only").len(), 1);
        let mut game = setup("W:W27:B23,14,1");
        let e = replay(&mut game, "27x18 1-5").expect_err("hop not continued");
        assert_eq!(e.code(), "incomplete-capture");
        // A step written with `x` is played; the caller warns.
        let mut game = Game::start(&rules);
        let moves = parse("11x15").expect("read");
        let advance = play_move(&mut game, &moves).expect("a step");
        assert!(advance.step_written_as_capture);
    }

    #[test]
    fn replay_stops_at_an_illegal_move_with_its_span() {
        let mut game = Game::start(&Preset::English.rules());
        let err = replay(&mut game, "1. 11-15 22-18 2. 9-13").expect_err("capture ignored");
        // White's 22-18 offers a man: Black must take it with 15x22.
        assert_eq!(err.moves_played, 2);
        assert_eq!(err.code(), "capture-required");
        assert_eq!(err.span, 18..22);
        assert_eq!(
            err.to_string(),
            "bytes 18..22: illegal move (capture-required): a capture is available and \
             capturing is mandatory, e.g. 15x22"
        );
        assert_eq!(game.ply(), 2);
        let mut game = Game::start(&Preset::English.rules());
        let replayed = replay(&mut game, "1. 11-15 22-18 2. 15x22 25x18").expect("legal");
        assert_eq!(replayed[2].played.captured.len(), 1);
        assert_eq!(replayed[3].side, Colour::White);
    }
}
