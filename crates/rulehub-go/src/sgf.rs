//! SGF (FF[4]) records of Go: read and write.
//!
//! The reader walks the text once with an explicit depth counter (no
//! recursion), keeps only each game's main line (the first variation at
//! every branch) and counts the variations it skipped. It reads SZ, KM, HA,
//! RU, RE, AB/AW/AE (point lists and `aa:cc` rectangles), PL, B/W (with `[]`
//! and, up to 19×19, `[tt]` as passes), TB/TW and C (a comment annotates
//! the move of its node, or the game in the root). Other properties are
//! skipped. Every error names its line and column (1-based, in characters).
//!
//! Limits, so hostile input costs bounded time and memory:
//! [`MAX_INPUT_BYTES`], [`MAX_GAMES`], [`MAX_NODES`] and [`MAX_DEPTH`].

use std::fmt;

use crate::point::{Color, MAX_SIZE, MIN_SIZE, Move, Point};

/// The largest file read.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;
/// The most games in one collection.
pub const MAX_GAMES: usize = 10_000;
/// The most nodes in one file, main lines and variations together.
pub const MAX_NODES: usize = 1_000_000;
/// The deepest nesting of variations.
pub const MAX_DEPTH: usize = 10_000;

/// One move of the main line, where it stands in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfMove {
    pub color: Color,
    pub mv: Move,
    pub comment: Option<String>,
    pub line: usize,
    pub column: usize,
}

/// The main line of one game in a record.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SgfGame {
    pub size: u8,
    pub komi: Option<f64>,
    pub handicap: Option<u32>,
    /// The RU[] text as written.
    pub rules: Option<String>,
    pub result: Option<String>,
    pub setup_black: Vec<Point>,
    pub setup_white: Vec<Point>,
    /// PL: who moves first after the setup.
    pub to_move: Option<Color>,
    pub comment: Option<String>,
    pub moves: Vec<SgfMove>,
    /// TB and TW of the main line's last node that has them: the players'
    /// territory marks, which include the dead stones they removed.
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
    /// Variations left out of the main line.
    pub variations_skipped: usize,
    /// What the reader ignored and why (setup after moves, …).
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for SgfError {}

/// A property as read: its name, values and where it starts.
struct Property {
    name: String,
    values: Vec<String>,
    line: usize,
    column: usize,
}

struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    fn error(&self, message: impl Into<String>) -> SgfError {
        SgfError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// Reads every game of an SGF collection.
pub fn parse_collection(text: &str) -> Result<Vec<SgfGame>, SgfError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(SgfError {
            line: 1,
            column: 1,
            message: format!("the file is larger than {MAX_INPUT_BYTES} bytes"),
        });
    }
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut games: Vec<SgfGame> = Vec::new();
    // Per open parenthesis: whether it is on the main line, and how many
    // subtrees it has opened so far.
    let mut open: Vec<(bool, usize)> = Vec::new();
    let mut nodes = 0usize;
    let mut builder: Option<Builder> = None;
    loop {
        cur.skip_space();
        let Some(c) = cur.peek() else { break };
        match c {
            '(' => {
                if open.len() >= MAX_DEPTH {
                    return Err(cur.error(format!("variations nest deeper than {MAX_DEPTH}")));
                }
                let on_main = match open.last_mut() {
                    None => {
                        if games.len() >= MAX_GAMES {
                            return Err(cur.error(format!("more than {MAX_GAMES} games")));
                        }
                        builder = Some(Builder::default());
                        true
                    }
                    Some((parent_main, children)) => {
                        *children += 1;
                        let main = *parent_main && *children == 1;
                        if *parent_main
                            && !main
                            && let Some(b) = builder.as_mut()
                        {
                            b.game.variations_skipped += 1;
                        }
                        main
                    }
                };
                open.push((on_main, 0));
                cur.next();
            }
            ')' => {
                if open.pop().is_none() {
                    return Err(cur.error("`)` without a matching `(`"));
                }
                cur.next();
                if open.is_empty()
                    && let Some(b) = builder.take()
                {
                    games.push(b.finish());
                }
            }
            ';' => {
                let Some(&(on_main, children)) = open.last() else {
                    return Err(cur.error("a node `;` outside any game `(`"));
                };
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(cur.error(format!("more than {MAX_NODES} nodes")));
                }
                cur.next();
                let properties = read_properties(&mut cur)?;
                // A node after a subtree of the same sequence is malformed
                // SGF; such nodes are read but never join the main line.
                if on_main
                    && children == 0
                    && let Some(b) = builder.as_mut()
                {
                    b.node(properties)?;
                }
            }
            other => return Err(cur.error(format!("unexpected `{other}` between nodes"))),
        }
    }
    if !open.is_empty() {
        return Err(cur.error("the file ends inside a game: a `)` is missing"));
    }
    if games.is_empty() {
        return Err(cur.error("no game: an SGF file starts with `(;`"));
    }
    Ok(games)
}

fn read_properties(cur: &mut Cursor) -> Result<Vec<Property>, SgfError> {
    let mut properties = Vec::new();
    loop {
        cur.skip_space();
        match cur.peek() {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Ok(properties),
        }
        let (line, column) = (cur.line, cur.column);
        let mut name = String::new();
        while let Some(c) = cur.peek().filter(char::is_ascii_alphabetic) {
            // FF[3] files spell names with lower-case letters (`AddBlack`);
            // the upper-case ones are the FF[4] name.
            if c.is_ascii_uppercase() && name.len() < 8 {
                name.push(c);
            }
            cur.next();
        }
        let mut values = Vec::new();
        loop {
            cur.skip_space();
            if cur.peek() != Some('[') {
                break;
            }
            cur.next();
            let mut value = String::new();
            loop {
                match cur.next() {
                    None => {
                        return Err(SgfError {
                            line,
                            column,
                            message: format!("the value of {name} has no closing `]`"),
                        });
                    }
                    Some('\\') => {
                        // A backslash escapes the next character; before a
                        // line break it joins lines (soft break).
                        match cur.next() {
                            Some('\n') | None => {}
                            Some(c) => value.push(c),
                        }
                    }
                    Some(']') => break,
                    Some(c) => value.push(c),
                }
            }
            values.push(value);
        }
        if values.is_empty() {
            return Err(SgfError {
                line,
                column,
                message: format!("property {name} has no value"),
            });
        }
        properties.push(Property {
            name,
            values,
            line,
            column,
        });
    }
}

#[derive(Default)]
struct Builder {
    game: SgfGame,
    started: bool,
}

impl Builder {
    fn node(&mut self, mut properties: Vec<Property>) -> Result<(), SgfError> {
        let root = !self.started;
        self.started = true;
        if root {
            self.game.size = 19;
            // SZ first: the points of the root's other properties need it.
            properties.sort_by_key(|p| p.name != "SZ");
        }
        let mut move_in_node = false;
        for prop in properties {
            let err = |message: String| SgfError {
                line: prop.line,
                column: prop.column,
                message,
            };
            let first = prop.values[0].trim();
            let size = self.game.size;
            match prop.name.as_str() {
                "SZ" if root => {
                    let n: u8 = first
                        .parse()
                        .map_err(|_| err(format!("SZ[{first}] is not a square board size")))?;
                    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
                        return Err(err(format!("SZ[{n}] is outside {MIN_SIZE}..={MAX_SIZE}")));
                    }
                    self.game.size = n;
                }
                "KM" => {
                    let komi: f64 = first
                        .parse()
                        .map_err(|_| err(format!("KM[{first}] is not a number")))?;
                    if !komi.is_finite() || komi.abs() > 1000.0 {
                        return Err(err(format!("KM[{first}] is out of range")));
                    }
                    self.game.komi = Some(komi);
                }
                "HA" => {
                    self.game.handicap = Some(
                        first
                            .parse()
                            .map_err(|_| err(format!("HA[{first}] is not a number")))?,
                    );
                }
                "RU" => self.game.rules = Some(first.to_string()),
                "RE" => self.game.result = Some(first.to_string()),
                "PL" => {
                    self.game.to_move = Some(
                        parse_color(first)
                            .ok_or_else(|| err(format!("PL[{first}] is not B or W")))?,
                    )
                }
                "AB" | "AW" | "AE" => {
                    if !self.game.moves.is_empty() {
                        self.game.notes.push(format!(
                            "line {}: {} after the first move is ignored",
                            prop.line, prop.name
                        ));
                        continue;
                    }
                    let points = parse_points(&prop.values, size).map_err(err)?;
                    for p in points {
                        self.game.setup_black.retain(|&q| q != p);
                        self.game.setup_white.retain(|&q| q != p);
                        match prop.name.as_str() {
                            "AB" => self.game.setup_black.push(p),
                            "AW" => self.game.setup_white.push(p),
                            _ => {}
                        }
                    }
                }
                "TB" | "TW" => {
                    let points = parse_points(&prop.values, size).map_err(err)?;
                    if prop.name == "TB" {
                        self.game.territory_black = points;
                    } else {
                        self.game.territory_white = points;
                    }
                }
                "B" | "W" => {
                    let color = if prop.name == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mv = parse_move(first, size).map_err(err)?;
                    self.game.moves.push(SgfMove {
                        color,
                        mv,
                        comment: None,
                        line: prop.line,
                        column: prop.column,
                    });
                    move_in_node = true;
                }
                "C" => {
                    let text = prop.values[0].clone();
                    match self.game.moves.last_mut() {
                        Some(m) if move_in_node || !root => {
                            if move_in_node {
                                m.comment = Some(text);
                            } else {
                                self.game.notes.push(format!(
                                    "line {}: a comment on a node without a move is ignored",
                                    prop.line
                                ));
                            }
                        }
                        _ => self.game.comment = Some(text),
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn finish(self) -> SgfGame {
        let mut game = self.game;
        if game.variations_skipped > 0 {
            game.notes.push(format!(
                "{} variation(s) skipped: only the main line is read",
                game.variations_skipped
            ));
        }
        game
    }
}

fn parse_color(text: &str) -> Option<Color> {
    match text {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// An SGF point (`dd`: column then row, `a` the top row) on a board.
fn parse_point(text: &str, size: u8) -> Result<Point, String> {
    let bytes = text.as_bytes();
    let [c, r] = bytes else {
        return Err(format!("[{text}] is not a point"));
    };
    let (col, row) = (c.wrapping_sub(b'a'), r.wrapping_sub(b'a'));
    if col >= size || row >= size {
        return Err(format!("[{text}] is off the {size}×{size} board"));
    }
    Ok(Point::at(size - 1 - row, col, size))
}

fn parse_move(text: &str, size: u8) -> Result<Move, String> {
    if text.is_empty() || (text == "tt" && size <= 19) {
        return Ok(Move::Pass);
    }
    parse_point(text, size).map(Move::Place)
}

/// Point lists, with `aa:cc` rectangles (bounded by the board).
fn parse_points(values: &[String], size: u8) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    for value in values {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match value.split_once(':') {
            Some((a, b)) => {
                let (a, b) = (parse_point(a, size)?, parse_point(b, size)?);
                let (r0, r1) = (a.row(size).min(b.row(size)), a.row(size).max(b.row(size)));
                let (c0, c1) = (a.col(size).min(b.col(size)), a.col(size).max(b.col(size)));
                for r in r0..=r1 {
                    for c in c0..=c1 {
                        out.push(Point::at(r, c, size));
                    }
                }
            }
            None => out.push(parse_point(value, size)?),
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn point_text(p: Point, size: u8) -> String {
    let col = (b'a' + p.col(size)) as char;
    let row = (b'a' + (size - 1 - p.row(size))) as char;
    format!("{col}{row}")
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes one game as an FF[4] record (passes as `[]`).
pub fn write(game: &SgfGame) -> String {
    let size = game.size;
    let mut out = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{size}]");
    if let Some(komi) = game.komi {
        out += &format!("KM[{komi}]");
    }
    if let Some(h) = game.handicap {
        out += &format!("HA[{h}]");
    }
    if let Some(ru) = &game.rules {
        out += &format!("RU[{}]", escape(ru));
    }
    if let Some(re) = &game.result {
        out += &format!("RE[{}]", escape(re));
    }
    for (name, points) in [("AB", &game.setup_black), ("AW", &game.setup_white)] {
        if !points.is_empty() {
            out += name;
            for &p in points.iter() {
                out += &format!("[{}]", point_text(p, size));
            }
        }
    }
    if let Some(c) = game.to_move {
        out += if c == Color::Black { "PL[B]" } else { "PL[W]" };
    }
    if let Some(c) = &game.comment {
        out += &format!("C[{}]", escape(c));
    }
    for m in &game.moves {
        let tag = if m.color == Color::Black { 'B' } else { 'W' };
        let at = match m.mv {
            Move::Pass => String::new(),
            Move::Place(p) => point_text(p, size),
        };
        out += &format!("\n;{tag}[{at}]");
        if let Some(c) = &m.comment {
            out += &format!("C[{}]", escape(c));
        }
    }
    out += ")\n";
    out
}

/// Writes several games as one collection.
pub fn write_collection(games: &[SgfGame]) -> String {
    games.iter().map(write).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_main_line_setup_passes_comments_and_a_collection() {
        let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]AB[cc][gg]AW[dd:ee]C[root]\n;W[ff]C[a \\] bracket];B[]\n(;W[tt]C[main])(;W[aa]))\n(;SZ[13];B[aa])";
        let games = parse_collection(text).expect("parses");
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(
            (g.size, g.komi, g.rules.as_deref()),
            (9, Some(6.5), Some("Japanese"))
        );
        assert_eq!(g.setup_black.len(), 2);
        assert_eq!(g.setup_white.len(), 4);
        assert_eq!(g.comment.as_deref(), Some("root"));
        let moves: Vec<String> = g.moves.iter().map(|m| m.mv.name(9)).collect();
        assert_eq!(moves, ["F4", "pass", "pass"]);
        assert_eq!(g.moves[0].comment.as_deref(), Some("a ] bracket"));
        assert_eq!(g.moves[2].comment.as_deref(), Some("main"));
        assert_eq!(g.variations_skipped, 1);
        assert!(g.notes.iter().any(|n| n.contains("skipped")));
        assert_eq!(games[1].moves[0].mv.name(13), "A13");
        // Writing and reading again gives the same main line.
        let again = parse_collection(&write_collection(&games)).expect("round trip");
        let main_line = |g: &SgfGame| -> Vec<(Color, Move, Option<String>)> {
            g.moves
                .iter()
                .map(|m| (m.color, m.mv, m.comment.clone()))
                .collect()
        };
        assert_eq!(main_line(&again[0]), main_line(g));
        assert_eq!(again[0].setup_white, g.setup_white);
        assert_eq!(again[1].size, 13);
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = parse_collection("(;SZ[9]\n;B[zz])").expect_err("off board");
        assert_eq!((err.line, err.column), (2, 2));
        let err = parse_collection("(;SZ[9]\n;B[aa]").expect_err("unclosed");
        assert!(err.message.contains("missing"));
        let err = parse_collection("(;SZ[25])").expect_err("size");
        assert!(err.message.contains("SZ"));
        assert!(parse_collection("(;C[never closed)").is_err());
        assert!(parse_collection("").is_err());
        assert!(parse_collection("x").is_err());
    }
}
