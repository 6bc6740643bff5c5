//! A game of Go: the board, whose turn it is, the history the repetition
//! rules need, play, pass and undo.
//!
//! Captures are found by walking the chains next to the new stone: a move
//! costs time linear in the stones of those chains, never the whole board.
//! Repetition is checked against 64-bit Zobrist keys of every earlier
//! board (and, for situational superko, board plus side to move) kept in
//! hash maps, so a move costs O(1) extra however long the game is; two
//! different boards with the same key would be a 2⁻⁶⁴ accident.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use crate::point::{Color, Move, Point};
use crate::rules::{Repetition, Rules, Suicide};

/// Why a move is illegal; the reason codes of records and the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Illegal {
    Occupied,
    Suicide,
    /// The immediate recapture of a single stone.
    Ko,
    /// A longer cycle that a superko rule forbids.
    Superko,
    GameOver,
    OffBoard,
}

impl Illegal {
    pub fn code(self) -> &'static str {
        match self {
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko => "superko",
            Illegal::GameOver => "game-over",
            Illegal::OffBoard => "off-board",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Whether the game is still on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    /// Ended by passes; the score follows once dead stones are marked.
    Passed,
}

/// Why a setup was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    OffBoard(Point),
    Twice(Point),
    TooManyHandicapStones(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(p) => write!(f, "setup point {} is off the board", p.0),
            SetupError::Twice(p) => write!(f, "setup point {} is given twice", p.0),
            SetupError::TooManyHandicapStones(n) => {
                write!(f, "{n} handicap stones do not fit the fixed placement")
            }
        }
    }
}

/// What a legal placement does, computed before the board changes.
#[derive(Debug, Clone)]
struct Effect {
    captured: Vec<u16>,
    suicided: Vec<u16>,
    hash_after: u64,
    ko_after: Option<Point>,
}

#[derive(Debug, Clone)]
struct UndoRecord {
    mv: Move,
    color: Color,
    captured: Vec<u16>,
    suicided: Vec<u16>,
    hash_before: u64,
    ko_before: Option<Point>,
    passes_before: u8,
    prisoners_before: [u32; 2],
    over_before: bool,
}

/// Stamps for chain walks, so a walk needs no fresh allocation.
#[derive(Debug, Clone, Default)]
struct Scratch {
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    size: u8,
    cells: Vec<Option<Color>>,
    to_move: Color,
    hash: u64,
    ko_point: Option<Point>,
    consecutive_passes: u8,
    /// Stones each colour has taken (pass stones included), by
    /// [`Color::index`].
    prisoners: [u32; 2],
    over: bool,
    /// Boards seen, by Zobrist key, with how often (undo decrements).
    seen_boards: HashMap<u64, u32>,
    /// Boards with the side to move, for situational superko.
    seen_situations: HashMap<u64, u32>,
    /// Playouts skip the superko bookkeeping (see [`Game::light_copy`]).
    track_history: bool,
    history: Vec<UndoRecord>,
    scratch: RefCell<Scratch>,
}

/// A Zobrist key for a stone of `color` on `point`: a splitmix hash of the
/// pair, so no table has to be built or stored.
fn stone_key(point: u16, color: Color) -> u64 {
    let mut z =
        (u64::from(point) * 2 + color.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mixed into a board key when White is to move (situational superko).
const WHITE_TO_MOVE_KEY: u64 = 0x5DEE_CE66_D1CE_4E5B;

/// The traditional fixed handicap points (2–9 stones) for odd boards from
/// 7×7 up; `None` where no fixed placement exists.
pub fn fixed_handicap_points(size: u8, stones: usize) -> Option<Vec<Point>> {
    if !(2..=9).contains(&stones) || size < 7 || size.is_multiple_of(2) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, mid, hi) = (edge, size / 2, size - 1 - edge);
    let at = |r: u8, c: u8| Point::at(r, c, size);
    // Order as the Japanese and Chinese rules place them: the two opposite
    // corners first (Black's upper right and lower left), then the others.
    let corners = [at(hi, hi), at(lo, lo), at(lo, hi), at(hi, lo)];
    let sides = [at(mid, lo), at(mid, hi), at(lo, mid), at(hi, mid)];
    let centre = at(mid, mid);
    let mut points: Vec<Point> = match stones {
        2..=4 => corners[..stones].to_vec(),
        5 => [&corners[..], &[centre]].concat(),
        6 => [&corners[..], &sides[..2]].concat(),
        7 => [&corners[..], &sides[..2], &[centre]].concat(),
        8 => [&corners[..], &sides[..]].concat(),
        _ => [&corners[..], &sides[..], &[centre]].concat(),
    };
    points.dedup();
    Some(points)
}

impl Game {
    /// An empty board, Black to move.
    pub fn new(rules: Rules) -> Game {
        let size = rules.size;
        let points = usize::from(size) * usize::from(size);
        let mut game = Game {
            rules,
            size,
            cells: vec![None; points],
            to_move: Color::Black,
            hash: 0,
            ko_point: None,
            consecutive_passes: 0,
            prisoners: [0, 0],
            over: false,
            seen_boards: HashMap::new(),
            seen_situations: HashMap::new(),
            track_history: true,
            history: Vec::new(),
            scratch: RefCell::new(Scratch {
                stamp: vec![0; points],
                generation: 0,
                stack: Vec::with_capacity(points),
            }),
        };
        game.remember_position();
        game
    }

    /// A board with stones set up (handicap, a problem, a record's AB/AW)
    /// and the given side to move. Setup stones capture nothing.
    pub fn with_setup(
        rules: Rules,
        black: &[Point],
        white: &[Point],
        to_move: Color,
    ) -> Result<Game, SetupError> {
        let mut game = Game::new(rules);
        game.forget_position();
        for (color, points) in [(Color::Black, black), (Color::White, white)] {
            for &p in points {
                if usize::from(p.0) >= game.cells.len() {
                    return Err(SetupError::OffBoard(p));
                }
                if game.cells[usize::from(p.0)].is_some() {
                    return Err(SetupError::Twice(p));
                }
                game.cells[usize::from(p.0)] = Some(color);
                game.hash ^= stone_key(p.0, color);
            }
        }
        game.to_move = to_move;
        game.remember_position();
        Ok(game)
    }

    /// Fixed handicap stones on the star points, White to move.
    pub fn with_handicap(rules: Rules, stones: usize) -> Result<Game, SetupError> {
        let points = fixed_handicap_points(rules.size, stones)
            .ok_or(SetupError::TooManyHandicapStones(stones))?;
        Game::with_setup(rules, &points, &[], Color::White)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn at(&self, point: Point) -> Option<Color> {
        self.cells.get(usize::from(point.0)).copied().flatten()
    }

    /// Every intersection, index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.cells.len() as u16).map(Point)
    }

    /// The Zobrist key of the board, the side to move and the ko point:
    /// what decides the legal moves (with the history).
    pub fn hash(&self) -> u64 {
        let side = if self.to_move == Color::White {
            WHITE_TO_MOVE_KEY
        } else {
            0
        };
        let ko = self
            .ko_point
            .map_or(0, |p| stone_key(p.0 + 400, Color::Black));
        self.hash
            ^ side
            ^ ko
            ^ u64::from(self.consecutive_passes).wrapping_mul(0xA24B_AED4_963E_E407)
    }

    /// The Zobrist key of the stones alone.
    pub fn board_hash(&self) -> u64 {
        self.hash
    }

    /// Stones taken by `color` so far (pass stones included).
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }

    pub fn ko_point(&self) -> Option<Point> {
        self.ko_point
    }

    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.last().map(|r| (r.color, r.mv))
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().map(|r| (r.color, r.mv))
    }

    pub fn outcome(&self) -> Outcome {
        if self.over {
            Outcome::Passed
        } else {
            Outcome::Ongoing
        }
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The up-to-four orthogonal neighbours of a point.
    pub(crate) fn neighbours(&self, point: u16) -> ([u16; 4], usize) {
        let n = u16::from(self.size);
        let (row, col) = (point / n, point % n);
        let mut out = [0u16; 4];
        let mut len = 0;
        if col > 0 {
            out[len] = point - 1;
            len += 1;
        }
        if col + 1 < n {
            out[len] = point + 1;
            len += 1;
        }
        if row > 0 {
            out[len] = point - n;
            len += 1;
        }
        if row + 1 < n {
            out[len] = point + n;
            len += 1;
        }
        (out, len)
    }

    /// Walks the chain through `start`, appending its stones to `stones`,
    /// and tells whether it has a liberty other than `except`; `None` when
    /// `start` is empty or its chain was already walked in this generation.
    fn walk_chain(
        &self,
        scratch: &mut Scratch,
        start: u16,
        except: u16,
        stones: &mut Vec<u16>,
    ) -> Option<bool> {
        let color = self.cells[usize::from(start)]?;
        // A chain reached twice (two neighbours of one point) is walked once.
        if scratch.stamp[usize::from(start)] == scratch.generation {
            return None;
        }
        let mut has_liberty = false;
        scratch.stack.clear();
        scratch.stack.push(start);
        scratch.stamp[usize::from(start)] = scratch.generation;
        while let Some(p) = scratch.stack.pop() {
            stones.push(p);
            let (ns, len) = self.neighbours(p);
            for &q in &ns[..len] {
                match self.cells[usize::from(q)] {
                    None => has_liberty |= q != except,
                    Some(c)
                        if c == color && scratch.stamp[usize::from(q)] != scratch.generation =>
                    {
                        scratch.stamp[usize::from(q)] = scratch.generation;
                        scratch.stack.push(q);
                    }
                    Some(_) => {}
                }
            }
        }
        Some(has_liberty)
    }

    fn new_generation(scratch: &mut Scratch) {
        scratch.generation = scratch.generation.wrapping_add(1);
        if scratch.generation == 0 {
            scratch.stamp.iter_mut().for_each(|s| *s = 0);
            scratch.generation = 1;
        }
    }

    /// What placing a stone of the side to move on `point` would do, or
    /// why it is illegal.
    fn placement_effect(&self, point: Point) -> Result<Effect, Illegal> {
        let p = point.0;
        if usize::from(p) >= self.cells.len() {
            return Err(Illegal::OffBoard);
        }
        if self.cells[usize::from(p)].is_some() {
            return Err(Illegal::Occupied);
        }
        let me = self.to_move;
        let them = me.opponent();
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        Game::new_generation(scratch);
        let (ns, len) = self.neighbours(p);
        let mut captured = Vec::new();
        let mut empty_neighbour = false;
        let mut own_neighbour = false;
        let mut chain = Vec::new();
        for &q in &ns[..len] {
            match self.cells[usize::from(q)] {
                None => empty_neighbour = true,
                Some(c) if c == me => own_neighbour = true,
                Some(_) => {
                    chain.clear();
                    if self.walk_chain(scratch, q, p, &mut chain) == Some(false) {
                        captured.extend_from_slice(&chain);
                    }
                }
            }
        }
        let mut suicided = Vec::new();
        if captured.is_empty() && !empty_neighbour {
            // No liberty of its own: alive only if a friendly chain next to
            // it has a liberty besides this point.
            let mut own_stones = vec![p];
            let mut alive = false;
            for &q in &ns[..len] {
                if self.cells[usize::from(q)] == Some(me)
                    && self.walk_chain(scratch, q, p, &mut own_stones) == Some(true)
                {
                    alive = true;
                }
            }
            if !alive {
                let single = !own_neighbour;
                let allowed = match self.rules.suicide {
                    Suicide::Forbidden => false,
                    Suicide::Allowed => !single || self.rules.single_stone_suicide,
                };
                if !allowed {
                    return Err(Illegal::Suicide);
                }
                suicided = own_stones;
            }
        }
        // The ko: retaking the one stone that just captured one stone. A play
        // on the ko point that captures more is no recapture and is legal.
        if self.ko_point == Some(point) && captured.len() == 1 {
            return Err(Illegal::Ko);
        }
        let mut hash_after = self.hash ^ stone_key(p, me);
        for &c in &captured {
            hash_after ^= stone_key(c, them);
        }
        for &s in &suicided {
            hash_after ^= stone_key(s, me);
        }
        if self.track_history {
            let repeated = match self.rules.repetition {
                Repetition::SimpleKo => false,
                Repetition::PositionalSuperko => self.seen_boards.contains_key(&hash_after),
                Repetition::SituationalSuperko => {
                    let side = if them == Color::White {
                        WHITE_TO_MOVE_KEY
                    } else {
                        0
                    };
                    self.seen_situations.contains_key(&(hash_after ^ side))
                }
            };
            if repeated {
                return Err(Illegal::Superko);
            }
        }
        let ko_after =
            (captured.len() == 1 && !own_neighbour && !empty_neighbour).then(|| Point(captured[0]));
        Ok(Effect {
            captured,
            suicided,
            hash_after,
            ko_after,
        })
    }

    /// Whether `mv` is legal for the side to move, and why not.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Place(p) => self.placement_effect(p).map(|_| ()),
        }
    }

    /// Every legal move, points in index order and the pass last; none once
    /// the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self
            .points()
            .filter(|&p| self.cells[usize::from(p.0)].is_none() && self.placement_effect(p).is_ok())
            .map(Move::Place)
            .collect();
        moves.push(Move::Pass);
        moves
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        let me = self.to_move;
        let mut record = UndoRecord {
            mv,
            color: me,
            captured: Vec::new(),
            suicided: Vec::new(),
            hash_before: self.hash,
            ko_before: self.ko_point,
            passes_before: self.consecutive_passes,
            prisoners_before: self.prisoners,
            over_before: self.over,
        };
        match mv {
            Move::Pass => {
                self.consecutive_passes = self.consecutive_passes.saturating_add(1);
                self.ko_point = None;
                if self.rules.pass_stones {
                    self.prisoners[me.opponent().index()] += 1;
                }
                // AGA: two passes end the game only if White passed last,
                // so Black always has the last chance to play.
                self.over =
                    self.consecutive_passes >= 2 && (!self.rules.pass_stones || me == Color::White);
            }
            Move::Place(p) => {
                let effect = self.placement_effect(p)?;
                self.cells[usize::from(p.0)] = Some(me);
                for &c in &effect.captured {
                    self.cells[usize::from(c)] = None;
                }
                for &s in &effect.suicided {
                    self.cells[usize::from(s)] = None;
                }
                self.prisoners[me.index()] += effect.captured.len() as u32;
                self.prisoners[me.opponent().index()] += effect.suicided.len() as u32;
                self.hash = effect.hash_after;
                self.ko_point = effect.ko_after;
                self.consecutive_passes = 0;
                record.captured = effect.captured;
                record.suicided = effect.suicided;
            }
        }
        self.to_move = me.opponent();
        self.history.push(record);
        self.remember_position();
        Ok(())
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(record) = self.history.pop() else {
            return false;
        };
        self.forget_position();
        let me = record.color;
        if let Move::Place(p) = record.mv {
            for &c in &record.captured {
                self.cells[usize::from(c)] = Some(me.opponent());
            }
            // A suicide's own stones include the played one, which must end
            // up empty: restore them first, then lift the played stone.
            for &s in &record.suicided {
                self.cells[usize::from(s)] = Some(me);
            }
            self.cells[usize::from(p.0)] = None;
        }
        self.hash = record.hash_before;
        self.ko_point = record.ko_before;
        self.consecutive_passes = record.passes_before;
        self.prisoners = record.prisoners_before;
        self.over = record.over_before;
        self.to_move = me;
        true
    }

    fn situation_key(&self) -> u64 {
        self.hash
            ^ if self.to_move == Color::White {
                WHITE_TO_MOVE_KEY
            } else {
                0
            }
    }

    fn remember_position(&mut self) {
        if self.track_history {
            *self.seen_boards.entry(self.hash).or_insert(0) += 1;
            *self
                .seen_situations
                .entry(self.situation_key())
                .or_insert(0) += 1;
        }
    }

    fn forget_position(&mut self) {
        if !self.track_history {
            return;
        }
        let key = self.situation_key();
        for (map, key) in [
            (&mut self.seen_boards, self.hash),
            (&mut self.seen_situations, key),
        ] {
            if let Some(count) = map.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    map.remove(&key);
                }
            }
        }
    }

    /// A copy of the position without its history, for playouts: only the
    /// simple ko is enforced from here on (superko cycles are rare enough in
    /// random play that the playout's move cap covers them).
    pub fn light_copy(&self) -> Game {
        Game {
            rules: self.rules.clone(),
            size: self.size,
            cells: self.cells.clone(),
            to_move: self.to_move,
            hash: self.hash,
            ko_point: self.ko_point,
            consecutive_passes: self.consecutive_passes,
            prisoners: self.prisoners,
            over: self.over,
            seen_boards: HashMap::new(),
            seen_situations: HashMap::new(),
            track_history: false,
            history: Vec::new(),
            scratch: RefCell::new(Scratch {
                stamp: vec![0; self.cells.len()],
                generation: 0,
                stack: Vec::with_capacity(self.cells.len()),
            }),
        }
    }

    /// The liberty of the chain through `point` if it has exactly one
    /// (the chain is in atari); `None` if it has more, or no stone is
    /// there. Stops at the second liberty found.
    pub fn single_liberty(&self, point: Point) -> Option<Point> {
        let color = self.at(point)?;
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        Game::new_generation(scratch);
        scratch.stack.clear();
        scratch.stack.push(point.0);
        scratch.stamp[usize::from(point.0)] = scratch.generation;
        let mut liberty: Option<u16> = None;
        while let Some(p) = scratch.stack.pop() {
            let (ns, len) = self.neighbours(p);
            for &q in &ns[..len] {
                match self.cells[usize::from(q)] {
                    None => match liberty {
                        None => liberty = Some(q),
                        Some(l) if l != q => return None,
                        Some(_) => {}
                    },
                    Some(c)
                        if c == color && scratch.stamp[usize::from(q)] != scratch.generation =>
                    {
                        scratch.stamp[usize::from(q)] = scratch.generation;
                        scratch.stack.push(q);
                    }
                    Some(_) => {}
                }
            }
        }
        liberty.map(Point)
    }

    /// Whether a chain of stones with no liberty exists (never, after a
    /// legal move); for tests and assertions.
    pub fn every_chain_has_a_liberty(&self) -> bool {
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        Game::new_generation(scratch);
        let mut stones = Vec::new();
        (0..self.cells.len() as u16).all(|p| {
            self.cells[usize::from(p)].is_none()
                || self.walk_chain(scratch, p, u16::MAX, &mut stones) != Some(false)
        })
    }

    /// The board as text, top row first, `X` black, `O` white, `.` empty.
    pub fn diagram(&self) -> String {
        let n = usize::from(self.size);
        let mut out = String::new();
        for row in (0..n).rev() {
            for col in 0..n {
                out.push(match self.cells[row * n + col] {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

/// Counts the move sequences of `depth` plies from `game` (passes included;
/// a finished game has no moves, so its lines stop counting).
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        if game.play(mv).is_ok() {
            total += perft(game, depth - 1);
            game.undo();
        }
    }
    total
}
