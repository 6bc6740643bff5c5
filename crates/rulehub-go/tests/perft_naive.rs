//! perft of the engine against a deliberately naive Go written here: plain
//! flood fills over a Vec, every earlier board kept in a list and compared
//! whole. It shares no code with the engine, so an agreement is evidence.

use rulehub_go::{Color, Game, Point, perft, preset};

#[derive(Clone)]
struct NaiveGo {
    n: usize,
    board: Vec<u8>,
    to_move: u8,
    passes: u8,
    seen: Vec<Vec<u8>>,
    suicide_allowed: bool,
}

impl NaiveGo {
    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.n, i % self.n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - self.n);
        }
        if r + 1 < self.n {
            out.push(i + self.n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < self.n {
            out.push(i + 1);
        }
        out
    }

    fn group(board: &[u8], me: &NaiveGo, start: usize) -> (Vec<usize>, usize) {
        let color = board[start];
        let mut group = vec![start];
        let mut liberties = Vec::new();
        let mut k = 0;
        while k < group.len() {
            for q in me.neighbours(group[k]) {
                if board[q] == 0 && !liberties.contains(&q) {
                    liberties.push(q);
                } else if board[q] == color && !group.contains(&q) {
                    group.push(q);
                }
            }
            k += 1;
        }
        (group, liberties.len())
    }

    /// The board after the side to move plays at `i`, if legal.
    fn after(&self, i: usize) -> Option<Vec<u8>> {
        if self.board[i] != 0 {
            return None;
        }
        let mut board = self.board.clone();
        board[i] = self.to_move;
        let them = 3 - self.to_move;
        for q in self.neighbours(i) {
            if board[q] == them {
                let (group, libs) = NaiveGo::group(&board, self, q);
                if libs == 0 {
                    for s in group {
                        board[s] = 0;
                    }
                }
            }
        }
        let (group, libs) = NaiveGo::group(&board, self, i);
        if libs == 0 {
            if !self.suicide_allowed {
                return None;
            }
            for s in group {
                board[s] = 0;
            }
        }
        if self.seen.contains(&board) {
            return None;
        }
        Some(board)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.passes >= 2 {
            return 0;
        }
        let mut total = 0;
        for i in 0..self.board.len() {
            if let Some(board) = self.after(i) {
                let saved = self.clone();
                self.board = board.clone();
                self.seen.push(board);
                self.to_move = 3 - self.to_move;
                self.passes = 0;
                total += self.perft(depth - 1);
                *self = saved;
            }
        }
        let saved = self.clone();
        self.passes += 1;
        self.to_move = 3 - self.to_move;
        total += self.perft(depth - 1);
        *self = saved;
        total
    }
}

/// Builds both games from a diagram (top row first, X black, O white).
fn both(preset_name: &str, rows: &[&str], to_move: Color) -> (Game, NaiveGo) {
    let n = rows.len();
    let rules = preset(preset_name)
        .expect("preset")
        .with_size(n as u8)
        .expect("size");
    let suicide_allowed = rules.suicide == rulehub_go::rules::Suicide::Allowed;
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let mut board = vec![0u8; n * n];
    for (top, row) in rows.iter().enumerate() {
        for (col, ch) in row.chars().enumerate() {
            let r = n - 1 - top;
            let p = Point::at(r as u8, col as u8, n as u8);
            match ch {
                'X' => {
                    black.push(p);
                    board[r * n + col] = 1;
                }
                'O' => {
                    white.push(p);
                    board[r * n + col] = 2;
                }
                _ => {}
            }
        }
    }
    let game = Game::with_setup(rules, &black, &white, to_move).expect("setup");
    let naive = NaiveGo {
        n,
        seen: vec![board.clone()],
        board,
        to_move: if to_move == Color::Black { 1 } else { 2 },
        passes: 0,
        suicide_allowed,
    };
    (game, naive)
}

fn agree(preset_name: &str, rows: &[&str], to_move: Color, depth: u32) -> u64 {
    let (mut game, mut naive) = both(preset_name, rows, to_move);
    let engine = perft(&mut game, depth);
    assert_eq!(
        engine,
        naive.perft(depth),
        "{preset_name} depth {depth}\n{}",
        rows.join("\n")
    );
    engine
}

#[test]
fn empty_five_by_five_agrees_to_depth_four() {
    let empty = [".....", ".....", ".....", ".....", "....."];
    assert_eq!(agree("go-chinese", &empty, Color::Black, 1), 26);
    assert_eq!(agree("go-chinese", &empty, Color::Black, 2), 25 * 25 + 26);
    agree("go-chinese", &empty, Color::Black, 4);
}

#[test]
fn positions_with_captures_ko_and_suicide_agree() {
    // A ko in the middle, stones in atari, a corner where suicide is the
    // only question: the positions exercise every rule the perft counts.
    let ko_fight = [".XO..", "XO.O.", ".XO..", "..X..", "....."];
    let atari = ["XO...", "O....", "..XXO", ".XOO.", "..X.."];
    let crowded = [".X.OX", "XXOO.", "OO.XX", ".OX.O", "XO.O."];
    for rows in [&ko_fight, &atari, &crowded] {
        for preset_name in ["go-chinese", "go-tromp-taylor"] {
            for to_move in [Color::Black, Color::White] {
                agree(preset_name, rows, to_move, 3);
            }
        }
    }
}
