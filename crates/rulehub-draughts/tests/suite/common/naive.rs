//! A deliberately naive second move generator, written from the rules as a
//! player states them and sharing no code with the crate's generator: a
//! `board[row][col]` array, recursion that clones the board at every jump,
//! and plain lists. It only has to be obviously right, not fast.

use std::collections::BTreeSet;

use rulehub_draughts::{CaptureChoice, Colour, DraughtsRules, Kind, Position};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    king: bool,
}

type Board = Vec<Vec<Option<Man>>>;

/// A move as the naive generator sees it: start, end and captured squares,
/// all as PDN numbers.
pub type MoveKey = (u8, u8, Vec<u8>);

/// The PDN number of a dark square, from the numbering rule alone.
fn number(size: usize, row: usize, col: usize) -> u8 {
    (row * (size / 2) + col / 2 + 1) as u8
}

fn board_of(position: &Position) -> Board {
    let size = position.geometry().size() as usize;
    let half = size / 2;
    let mut board = vec![vec![None; size]; size];
    for (square, piece) in position.pieces() {
        let k = square.index() % half;
        let row = square.index() / half;
        let col = if row.is_multiple_of(2) {
            2 * k + 1
        } else {
            2 * k
        };
        board[row][col] = Some(Man {
            white: piece.colour == Colour::White,
            king: piece.kind == Kind::King,
        });
    }
    board
}

struct Sequence {
    end: (usize, usize),
    captured: Vec<(usize, usize)>,
}

/// The set of legal moves of the side to move.
pub fn legal_moves(position: &Position, rules: &DraughtsRules) -> BTreeSet<MoveKey> {
    let board = board_of(position);
    let size = board.len();
    let white = position.to_move() == Colour::White;
    let mut captures: Vec<((usize, usize), Sequence)> = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let Some(man) = board[row][col] else { continue };
            if man.white != white {
                continue;
            }
            let mut lifted = board.clone();
            lifted[row][col] = None;
            for seq in sequences(&lifted, rules, white, (row, col), man.king, &[]) {
                captures.push(((row, col), seq));
            }
        }
    }
    if rules.capture_choice == CaptureChoice::Majority {
        let most = captures
            .iter()
            .map(|(_, s)| s.captured.len())
            .max()
            .unwrap_or(0);
        captures.retain(|(_, s)| s.captured.len() == most);
    }
    let mut moves = BTreeSet::new();
    for (from, seq) in &captures {
        let mut taken: Vec<u8> = seq
            .captured
            .iter()
            .map(|&(r, c)| number(size, r, c))
            .collect();
        taken.sort();
        moves.insert((
            number(size, from.0, from.1),
            number(size, seq.end.0, seq.end.1),
            taken,
        ));
    }
    if !moves.is_empty() && rules.capture_mandatory {
        return moves;
    }
    for row in 0..size {
        for col in 0..size {
            let Some(man) = board[row][col] else { continue };
            if man.white != white {
                continue;
            }
            for (dr, dc) in directions(man.king, white, false) {
                let mut r = row as i32 + dr;
                let mut c = col as i32 + dc;
                while on_board(size, r, c) && board[r as usize][c as usize].is_none() {
                    moves.insert((
                        number(size, row, col),
                        number(size, r as usize, c as usize),
                        Vec::new(),
                    ));
                    if !(man.king && rules.kings_fly) {
                        break;
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
    }
    moves
}

fn on_board(size: usize, r: i32, c: i32) -> bool {
    r >= 0 && c >= 0 && (r as usize) < size && (c as usize) < size
}

fn directions(king: bool, white: bool, capturing_backwards: bool) -> Vec<(i32, i32)> {
    let forward = if white { -1 } else { 1 };
    if king || capturing_backwards {
        vec![(-1, -1), (-1, 1), (1, -1), (1, 1)]
    } else {
        vec![(forward, -1), (forward, 1)]
    }
}

/// Every complete capture sequence from `at`, given what is already
/// captured (those pieces are still on the board and block).
fn sequences(
    board: &Board,
    rules: &DraughtsRules,
    white: bool,
    at: (usize, usize),
    king: bool,
    captured: &[(usize, usize)],
) -> Vec<Sequence> {
    let size = board.len();
    let flying = king && rules.kings_fly;
    let mut found = Vec::new();
    for (dr, dc) in directions(king, white, rules.men_capture_backwards) {
        // Walk to the first piece in this direction.
        let mut r = at.0 as i32 + dr;
        let mut c = at.1 as i32 + dc;
        if flying {
            while on_board(size, r, c) && board[r as usize][c as usize].is_none() {
                r += dr;
                c += dc;
            }
        }
        if !on_board(size, r, c) {
            continue;
        }
        let victim = (r as usize, c as usize);
        let Some(piece) = board[victim.0][victim.1] else {
            continue;
        };
        if piece.white == white || captured.contains(&victim) {
            continue;
        }
        let mut taken = captured.to_vec();
        taken.push(victim);
        // Each empty landing square beyond the victim, with what follows.
        let mut options: Vec<Vec<Sequence>> = Vec::new();
        let mut lr = r + dr;
        let mut lc = c + dc;
        while on_board(size, lr, lc) && board[lr as usize][lc as usize].is_none() {
            let landing = (lr as usize, lc as usize);
            let last_row = if white { 0 } else { size - 1 };
            let crowned_now = !king && rules.crown_during_capture && landing.0 == last_row;
            let further = sequences(board, rules, white, landing, king || crowned_now, &taken);
            options.push(if further.is_empty() {
                vec![Sequence {
                    end: landing,
                    captured: taken.clone(),
                }]
            } else {
                further
            });
            if !flying {
                break;
            }
            lr += dr;
            lc += dc;
        }
        // A king must land where the capture can go on, if it can anywhere.
        let goes_on = |o: &Vec<Sequence>| o.iter().any(|s| s.captured.len() > taken.len());
        let any_goes_on = options.iter().any(goes_on);
        for option in options {
            if !any_goes_on || goes_on(&option) {
                found.extend(option);
            }
        }
    }
    found
}
