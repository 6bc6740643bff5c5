//! The tafl family for the AI: [`Searchable`] for [`Game`] and the
//! evaluation.
//!
//! The evaluation scores a position for the defenders and weighs what tafl
//! players (and engines such as OpenTafl) look at: how many king moves the
//! king is from an escape square, found by breadth-first search over king
//! moves across empty squares; how many escape squares he reaches in one
//! move (two open routes cannot both be blocked); how freely he moves;
//! material, with a defender worth more than an attacker; and how closely
//! the attackers ring the king.

use crate::position::{ATT, CELLS, DEF, EMPTY, KING};
use crate::{Escape, Game, Move, Outcome};
use crate::{Side, Square};
use rulehub_game::ai::FORCING_BASE;
use rulehub_game::ai::{Deadline, Level, Limits, SearchResult, Searchable, Terminal, search};

const ATTACKER_VALUE: i32 = 70;
const DEFENDER_VALUE: i32 = 130;
/// Per king move still needed to reach an escape square.
const DISTANCE_PENALTY: i32 = 45;
/// When no escape square can be reached at all.
const SEALED_PENALTY: i32 = 450;
/// The distance counted at most (further is as bad as this far).
const DISTANCE_CAP: i32 = 8;
const ROUTE_VALUE: i32 = 120;
const FREEDOM_VALUE: i32 = 4;
const RING_ORTHOGONAL: i32 = 35;
const RING_DIAGONAL: i32 = 12;
/// The side to move about to win outright (the king escapes next move, or
/// has two routes the attackers cannot both block).
const DECISIVE: i32 = 5_000;

/// A level's search bounds for tafl, the one table the practice board
/// (engine.wasm) and the command line (`rulehub ai`, `match`) both use: the
/// ground's defaults, which were set on tafl boards.
pub fn level_limits(level: Level) -> Limits {
    level.limits()
}

/// Chooses a move for the side to move of `game` (`None` when the game is
/// over). Deterministic for a seed unless a [`Deadline`] cuts the search.
pub fn best_move(
    game: &Game,
    limits: &Limits,
    seed: u64,
    deadline: Option<&Deadline<'_>>,
) -> Option<SearchResult<Move>> {
    let mut player = TaflSearch::new(game.clone());
    search(&mut player, limits, seed, deadline)
}

/// A tafl game with what the evaluation precomputes from its rules.
pub struct TaflSearch {
    game: Game,
    /// Per padded cell: whether the king wins by reaching it.
    escape: Vec<bool>,
    /// Per padded cell: squares the king may not stop on or cross (camps).
    closed: Vec<bool>,
    /// Per padded cell: the empty throne there is hostile to the king.
    hostile_throne: Option<usize>,
}

impl TaflSearch {
    pub fn new(game: Game) -> TaflSearch {
        let dims = game.dims();
        let rules = game.rules().clone();
        let pos = game.position();
        let mut escape = vec![false; CELLS];
        let mut closed = vec![false; CELLS];
        let targets: Vec<Square> = match rules.escape {
            Escape::Edge => dims.squares().filter(|&s| dims.is_edge(s)).collect(),
            Escape::Corners => dims.corners().to_vec(),
            Escape::Squares => rules
                .escape_squares
                .iter()
                .filter_map(|n| Square::parse(n, dims).ok())
                .collect(),
        };
        for sq in targets {
            escape[pos.index(sq)] = true;
        }
        if let Some(camps) = &rules.camps {
            for sq in camps
                .squares
                .iter()
                .filter_map(|n| Square::parse(n, dims).ok())
            {
                closed[pos.index(sq)] = true;
            }
        }
        let hostile_throne = rules
            .throne_hostile_to_king
            .then(|| pos.index(dims.center()));
        TaflSearch {
            game,
            escape,
            closed,
            hostile_throne,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position's score for the defenders.
    fn defenders_score(&self) -> i32 {
        let pos = self.game.position();
        let cells = &pos.cells;
        let w = pos.width() as isize;
        let mut attackers = 0;
        let mut defenders = 0;
        let mut king = None;
        for (i, &c) in cells.iter().enumerate() {
            match c {
                ATT => attackers += 1,
                DEF => defenders += 1,
                KING => king = Some(i),
                _ => {}
            }
        }
        let material = defenders * DEFENDER_VALUE - attackers * ATTACKER_VALUE;
        let Some(king) = king else {
            return material - DECISIVE;
        };
        let reach = self.king_reach(king, w);
        let distance_term = match reach.distance {
            Some(d) => -DISTANCE_PENALTY * (d as i32).min(DISTANCE_CAP),
            None => -SEALED_PENALTY,
        };
        let decisive = match self.game.to_move() {
            Side::Defenders if reach.routes >= 1 => DECISIVE,
            Side::Attackers if reach.routes >= 2 => DECISIVE / 2,
            _ => 0,
        };
        material
            + distance_term
            + ROUTE_VALUE * reach.routes as i32
            + FREEDOM_VALUE * reach.freedom as i32
            - self.ring(king, w)
            + decisive
    }

    /// Breadth-first search over king moves (slides across empty squares).
    fn king_reach(&self, king: usize, w: isize) -> Reach {
        let cells = &self.game.position().cells;
        let mut dist = [u8::MAX; CELLS];
        let mut queue = [0u16; CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = king as u16;
        dist[king] = 0;
        let mut reach = Reach {
            distance: None,
            routes: 0,
            freedom: 0,
        };
        while head < tail {
            let from = queue[head] as usize;
            head += 1;
            let next = dist[from] + 1;
            if reach.distance.is_some_and(|d| next > d.max(1)) {
                break;
            }
            for step in [1, -1, w, -w] {
                let mut i = (from as isize + step) as usize;
                while cells[i] == EMPTY && !self.closed[i] {
                    if dist[i] == u8::MAX {
                        dist[i] = next;
                        if next == 1 {
                            reach.freedom += 1;
                        }
                        if self.escape[i] {
                            if next == 1 {
                                reach.routes += 1;
                            }
                            reach.distance = Some(reach.distance.map_or(next, |d| d.min(next)));
                        }
                        queue[tail] = i as u16;
                        tail += 1;
                    }
                    i = (i as isize + step) as usize;
                }
            }
        }
        reach
    }

    /// How tightly the attackers (and a hostile empty throne) close round the king.
    fn ring(&self, king: usize, w: isize) -> i32 {
        let cells = &self.game.position().cells;
        let at = |step: isize| cells[(king as isize + step) as usize];
        let mut ring = 0;
        for step in [1, -1, w, -w] {
            let i = (king as isize + step) as usize;
            if at(step) == ATT || (self.hostile_throne == Some(i) && cells[i] == EMPTY) {
                ring += RING_ORTHOGONAL;
            }
        }
        for step in [w + 1, w - 1, -w + 1, -w - 1] {
            if at(step) == ATT {
                ring += RING_DIAGONAL;
            }
        }
        ring
    }

    fn index(&self, sq: Square) -> usize {
        self.game.position().index(sq)
    }
}

struct Reach {
    /// King moves to the nearest escape square, if any is reachable.
    distance: Option<u8>,
    /// Escape squares the king reaches in one move.
    routes: u32,
    /// Squares the king reaches in one move.
    freedom: u32,
}

impl Searchable for TaflSearch {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves()
    }
    fn make(&mut self, mv: Move) {
        self.game.make_unchecked(mv);
    }
    fn unmake(&mut self) {
        self.game.unmake();
    }
    fn hash(&self) -> u64 {
        self.game.hash()
    }
    fn terminal(&self) -> Option<Terminal> {
        match self.game.outcome() {
            Outcome::Ongoing => None,
            Outcome::Draw { .. } => Some(Terminal::Draw),
            Outcome::Win { winner, .. } if winner == self.game.to_move() => Some(Terminal::Win),
            Outcome::Win { .. } => Some(Terminal::Loss),
        }
    }
    fn evaluate(&self) -> i32 {
        let score = self.defenders_score();
        match self.game.to_move() {
            Side::Defenders => score,
            Side::Attackers => -score,
        }
    }
    fn forcing_bonus(&self, mv: Move) -> i32 {
        let from = self.index(mv.from);
        let to = self.index(mv.to);
        if self.game.position().cells[from] == KING {
            if self.escape[to] {
                return 4 * FORCING_BASE;
            }
            return FORCING_BASE;
        }
        if self.may_capture(mv) {
            return 2 * FORCING_BASE;
        }
        0
    }
    fn may_capture(&self, mv: Move) -> bool {
        let pos = self.game.position();
        let cells = &pos.cells;
        let w = pos.width() as isize;
        let to = pos.index(mv.to) as isize;
        let enemy = |c: u8| match self.game.to_move() {
            Side::Attackers => c == DEF || c == KING,
            Side::Defenders => c == ATT,
        };
        [1, -1, w, -w]
            .iter()
            .any(|&step| enemy(cells[(to + step) as usize]))
    }
    fn last_move_captured(&self) -> bool {
        self.game.last_move_capture_count() > 0
    }
    fn move_key(&self, mv: Move) -> usize {
        let cols = self.game.dims().cols as usize;
        let squares = self.squares();
        let flat = |s: Square| s.row as usize * cols + s.col as usize;
        flat(mv.from) * squares + flat(mv.to)
    }
    fn move_key_space(&self) -> usize {
        self.squares() * self.squares()
    }
}

impl TaflSearch {
    fn squares(&self) -> usize {
        let dims = self.game.dims();
        dims.rows as usize * dims.cols as usize
    }
}

#[cfg(test)]
mod tests;
