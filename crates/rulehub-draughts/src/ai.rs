//! Draughts for the engine crate's AI: [`Searchable`] for a [`Game`] and an
//! evaluation.
//!
//! The evaluation, from the side to move's view, weighs what draughts
//! players count first: material, with a king worth three men; how far men
//! have advanced towards crowning; men kept on the back row, which stops the
//! opponent crowning there; pieces on the central squares; and mobility, the
//! empty squares next to each piece in the directions it may step.

use rulehub_game::ai::{
    Deadline, FORCING_BASE, Level, Limits, SearchResult, Searchable, Terminal, search,
};

use crate::game::{Game, Outcome};
use crate::position::{Colour, Kind, Move};
use crate::square::{DIRECTIONS, NONE};

const MAN: i32 = 100;
const KING: i32 = 300;
/// Per row a man has advanced from its own back row.
const ADVANCE: i32 = 3;
const BACK_ROW: i32 = 12;
const CENTRE: i32 = 6;
const MOBILITY: i32 = 2;

/// A level's search bounds for draughts, the one table the practice board
/// (draughts.wasm) and the command line (`rulehub ai`, `match`) both use:
/// the ground's node budgets (so a move stays well under a second in the
/// browser), with deeper depth caps than the ground's levels (1, 3 and 6
/// plies). A draughts position has few moves, so those caps would stop the
/// search after a few hundred nodes, blind to a two-for-one shot.
pub fn level_limits(level: Level) -> Limits {
    let mut limits = level.limits();
    limits.max_depth = match level {
        Level::Easy => 2,
        Level::Normal => 8,
        Level::Hard => 14,
    };
    limits
}

/// Chooses a move for the side to move (`None` once the game is over).
/// Deterministic for a seed unless a [`Deadline`] cuts the search.
pub fn best_move(
    game: &Game,
    limits: &Limits,
    seed: u64,
    deadline: Option<&Deadline<'_>>,
) -> Option<SearchResult<Move>> {
    let mut player = DraughtsSearch { game: game.clone() };
    search(&mut player, limits, seed, deadline)
}

/// A draughts game as the search sees it.
pub struct DraughtsSearch {
    pub game: Game,
}

impl DraughtsSearch {
    /// The position's score for White.
    fn white_score(&self) -> i32 {
        let position = self.game.position();
        let geometry = position.geometry();
        let size = i32::from(geometry.size());
        let mut score = 0;
        for (square, piece) in position.pieces() {
            let (row, col) = geometry.row_col(square);
            let (row, col) = (i32::from(row), i32::from(col));
            // Rows from the piece's own back row.
            let advanced = match piece.colour {
                Colour::White => size - 1 - row,
                Colour::Black => row,
            };
            let mut value = match piece.kind {
                Kind::Man => MAN + ADVANCE * advanced + if advanced == 0 { BACK_ROW } else { 0 },
                Kind::King => KING,
            };
            let central_rows = (size / 2 - 1..=size / 2).contains(&row);
            let central_cols = (2..size - 2).contains(&col);
            if central_rows && central_cols {
                value += CENTRE;
            }
            value += MOBILITY * self.free_neighbours(square.0, piece.colour, piece.kind);
            score += match piece.colour {
                Colour::White => value,
                Colour::Black => -value,
            };
        }
        score
    }

    fn free_neighbours(&self, index: u8, colour: Colour, kind: Kind) -> i32 {
        let position = self.game.position();
        let geometry = position.geometry();
        (0..DIRECTIONS.len())
            .filter(|&d| {
                kind == Kind::King
                    || match colour {
                        Colour::White => d < 2,
                        Colour::Black => d >= 2,
                    }
            })
            .filter(|&d| {
                let n = geometry.step(index, d);
                n != NONE && position.cells[n as usize] == crate::position::EMPTY
            })
            .count() as i32
    }
}

impl Searchable for DraughtsSearch {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves()
    }
    fn make(&mut self, mv: Move) {
        self.game.make(mv);
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
        let score = self.white_score();
        match self.game.to_move() {
            Colour::White => score,
            Colour::Black => -score,
        }
    }
    fn forcing_bonus(&self, mv: Move) -> i32 {
        if mv.is_capture() {
            // Bigger captures first.
            FORCING_BASE * (1 + mv.capture_count() as i32).min(8)
        } else if mv.promotes() {
            FORCING_BASE
        } else {
            0
        }
    }
    fn may_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }
    fn last_move_captured(&self) -> bool {
        self.game.last_move_captured()
    }
    fn move_key(&self, mv: Move) -> usize {
        let squares = usize::from(self.game.position().geometry().squares());
        mv.from().index() * squares + mv.to().index()
    }
    fn move_key_space(&self) -> usize {
        let squares = usize::from(self.game.position().geometry().squares());
        squares * squares
    }
}

#[cfg(test)]
mod tests {
    use rulehub_game::ai::XorShift;

    use super::*;
    use crate::fen;
    use crate::rules::Preset;

    fn game(preset: Preset, setup: &str) -> Game {
        let rules = preset.rules();
        Game::new(
            &rules,
            fen::parse_position(setup, rules.geometry()).expect("test FEN"),
        )
    }

    /// Whether the side to move can force a win within `plies` (brute force).
    fn forces_win(game: &mut Game, plies: u32) -> bool {
        let mover = game.to_move();
        if let Outcome::Win { winner, .. } = game.outcome() {
            return winner == mover;
        }
        if plies == 0 {
            return false;
        }
        for mv in game.legal_moves() {
            game.make(mv);
            let wins = match game.outcome() {
                Outcome::Win { winner, .. } => winner == mover,
                Outcome::Draw { .. } => false,
                Outcome::Ongoing => game.legal_moves().into_iter().all(|reply| {
                    game.make(reply);
                    let w = forces_win(game, plies.saturating_sub(2));
                    game.unmake();
                    w
                }),
            };
            game.unmake();
            if wins {
                return true;
            }
        }
        false
    }

    #[test]
    fn finds_the_two_for_one_shot() {
        // English: White gives a man with c3-d4 (22-18); Black must take
        // e5xc3 (15x22), as e3 (23) stops c5xe3; then b2 takes both Black
        // men, b2xd4xb6 (25x18x9). a1 (29) keeps Black's c3 from taking b2.
        let mut g = game(Preset::English, "W:W22,23,25,29:B14,15");
        let result = best_move(&g, &Limits::depth(4), 1, None).expect("White can move");
        assert_eq!(result.best.full_notation(), "22-18");
        assert_eq!(result.mate_in(), Some(3));
        g.make(result.best);
        assert!(
            g.legal_moves().into_iter().all(|reply| {
                g.make(reply);
                let won = forces_win(&mut g, 1);
                g.unmake();
                won
            }),
            "some Black reply escapes"
        );
    }

    #[test]
    fn returns_nothing_once_the_game_is_over() {
        let g = game(Preset::English, "B:W22:B");
        assert!(g.outcome().is_over());
        assert_eq!(best_move(&g, &Limits::depth(2), 1, None), None);
    }

    /// Plays the AI against a seeded random mover; returns the winner, if any
    /// within the ply cap.
    fn ai_against_random(preset: Preset, ai: Colour, seed: u64) -> Option<Colour> {
        let mut g = Game::start(&preset.rules());
        let mut rng = XorShift::new(seed);
        let limits = Limits {
            max_depth: 3,
            max_nodes: Some(4_000),
            root_noise: 0,
        };
        for _ in 0..200 {
            match g.outcome() {
                Outcome::Win { winner, .. } => return Some(winner),
                Outcome::Draw { .. } => return None,
                Outcome::Ongoing => {}
            }
            let mv = if g.to_move() == ai {
                best_move(&g, &limits, seed, None)
                    .expect("a move while ongoing")
                    .best
            } else {
                let moves = g.legal_moves();
                moves[rng.below(moves.len() as u64) as usize]
            };
            g.play(mv).expect("chosen moves are legal");
        }
        None
    }

    #[test]
    fn beats_a_random_player() {
        let mut wins = 0;
        let games = [
            (Preset::English, Colour::White),
            (Preset::English, Colour::Black),
            (Preset::Russian, Colour::White),
            (Preset::Brazilian, Colour::Black),
        ];
        for (seed, &(preset, ai)) in games.iter().enumerate() {
            if ai_against_random(preset, ai, seed as u64) == Some(ai) {
                wins += 1;
            }
        }
        assert!(wins >= 3, "the AI won only {wins} of {}", games.len());
    }
}
