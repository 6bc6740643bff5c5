//! Move generation: steps, king slides and capture sequences under a rule
//! set.
//!
//! Captures are found by depth-first search from every piece of the side to
//! move. The moving piece is lifted off its square first (it may pass over or
//! land on it again); jumped pieces stay on the board until the sequence
//! ends, so they block further jumps and slides and are never jumped twice.
//! A flying king chooses among the empty squares beyond a jumped piece, but
//! when some of them allow the capture to go on it must take one of those:
//! a capture is never stopped early. The majority rule then keeps only the
//! sequences that take the most pieces, and ways of playing a capture that
//! start, end and take the same pieces are merged into one move.

use crate::position::{
    BLACK_MAN, Colour, EMPTY, MAX_PATH, Move, Position, WHITE_MAN, is_colour, is_king,
};
use crate::rules::{CaptureChoice, DraughtsRules};
use crate::square::{BLACK_FORWARD, Geometry, MAX_SQUARES, NONE, WHITE_FORWARD};

const ALL_DIRECTIONS: [usize; 4] = [0, 1, 2, 3];

fn forward(colour: Colour) -> &'static [usize] {
    match colour {
        Colour::White => &WHITE_FORWARD,
        Colour::Black => &BLACK_FORWARD,
    }
}

/// The legal moves of the side to move: captures only when one exists and
/// captures are mandatory, filtered by the capture choice rule, merged.
pub(crate) fn legal_moves(position: &Position, rules: &DraughtsRules) -> Vec<Move> {
    let mut moves = capture_sequences(position, rules);
    if !moves.is_empty() {
        if rules.capture_choice == CaptureChoice::Majority {
            keep_majority(&mut moves);
        }
        merge_same_captures(&mut moves);
        if rules.capture_mandatory {
            return moves;
        }
    }
    quiet_moves(position, rules, &mut moves);
    moves
}

/// Keeps the sequences that take the most pieces.
pub(crate) fn keep_majority(moves: &mut Vec<Move>) {
    let most = moves.iter().map(Move::capture_count).max().unwrap_or(0);
    moves.retain(|m| m.capture_count() == most);
}

/// Merges sequences that start, end and take the same pieces (they differ
/// only in the order the pieces are jumped): the rules count them as one move.
fn merge_same_captures(moves: &mut Vec<Move>) {
    // A stable sort keeps the first-found path of each move.
    moves.sort_by_key(Move::identity);
    moves.dedup_by_key(|m| m.identity());
}

/// Every complete capture sequence of the side to move, every path, before
/// the capture choice rule: the record reader needs the paths and the
/// sequences the majority rule forbids to explain a refused move.
pub(crate) fn capture_sequences(position: &Position, rules: &DraughtsRules) -> Vec<Move> {
    let mut search = CaptureSearch {
        geometry: position.geometry,
        cells: position.cells,
        colour: position.to_move,
        men_capture_backwards: rules.men_capture_backwards,
        kings_fly: rules.kings_fly,
        crown_during_capture: rules.crown_during_capture,
        from: 0,
        path: [0; MAX_PATH],
        len: 0,
        out: Vec::new(),
    };
    for from in 0..position.geometry.squares() {
        let code = position.cells[from as usize];
        if !is_colour(code, position.to_move) {
            continue;
        }
        search.from = from;
        search.cells[from as usize] = EMPTY;
        search.extend(from, is_king(code), false, 0);
        search.cells[from as usize] = code;
    }
    search.out
}

struct CaptureSearch {
    geometry: &'static Geometry,
    cells: [u8; MAX_SQUARES],
    colour: Colour,
    men_capture_backwards: bool,
    kings_fly: bool,
    crown_during_capture: bool,
    from: u8,
    path: [u8; MAX_PATH],
    len: usize,
    out: Vec<Move>,
}

impl CaptureSearch {
    /// Follows every jump from `at` with `captured` already taken, emitting
    /// each finished sequence. Returns whether any jump was possible from
    /// `at` (if not, the caller's sequence ends there).
    fn extend(&mut self, at: u8, king: bool, promoted: bool, captured: u64) -> bool {
        if self.len == MAX_PATH {
            // Unreachable on supported boards (see MAX_PATH); end the
            // sequence rather than overflow.
            return false;
        }
        let directions: &[usize] = if king || self.men_capture_backwards {
            &ALL_DIRECTIONS
        } else {
            forward(self.colour)
        };
        let flying = king && self.kings_fly;
        let mut any = false;
        for &d in directions {
            let Some((victim, first_landing)) = self.jump(at, d, flying, captured) else {
                continue;
            };
            any = true;
            let taken = captured | (1u64 << victim);
            // Landing squares from which the capture cannot go on; they end
            // the sequence only if no landing square lets it go on.
            let mut ends = [0u8; 10];
            let mut end_count = 0;
            let mut went_on = false;
            let mut landing = first_landing;
            while landing != NONE && self.cells[landing as usize] == EMPTY {
                let crowns = !king && self.crowns_on(landing);
                let (as_king, crowned) = if crowns && self.crown_during_capture {
                    (true, true)
                } else {
                    (king, promoted)
                };
                self.path[self.len] = landing;
                self.len += 1;
                if self.extend(landing, as_king, crowned, taken) {
                    went_on = true;
                } else if end_count < ends.len() {
                    ends[end_count] = landing;
                    end_count += 1;
                }
                self.len -= 1;
                if !flying {
                    break;
                }
                landing = self.geometry.step(landing, d);
            }
            if !went_on {
                for &end in &ends[..end_count] {
                    let crowns = promoted || (!king && self.crowns_on(end));
                    self.emit(end, taken, crowns);
                }
            }
        }
        any
    }

    /// The enemy piece a jump from `at` in direction `d` would take and the
    /// first square beyond it, if that square is empty.
    fn jump(&self, at: u8, d: usize, flying: bool, captured: u64) -> Option<(u8, u8)> {
        let mut target = self.geometry.step(at, d);
        if flying {
            while target != NONE && self.cells[target as usize] == EMPTY {
                target = self.geometry.step(target, d);
            }
        }
        if target == NONE
            || !is_colour(self.cells[target as usize], self.colour.opponent())
            || captured & (1u64 << target) != 0
        {
            return None;
        }
        let beyond = self.geometry.step(target, d);
        (beyond != NONE && self.cells[beyond as usize] == EMPTY).then_some((target, beyond))
    }

    fn crowns_on(&self, index: u8) -> bool {
        self.geometry
            .is_crowning_row(index, self.colour == Colour::White)
    }

    fn emit(&mut self, end: u8, captured: u64, promotes: bool) {
        let mut path = [0u8; MAX_PATH];
        path[..self.len].copy_from_slice(&self.path[..self.len]);
        path[self.len] = end;
        self.out.push(Move {
            from: self.from,
            len: self.len as u8 + 1,
            promotes,
            captured,
            path,
        });
    }
}

/// Steps of men and slides (or steps) of kings, appended to `out`.
pub(crate) fn quiet_moves(position: &Position, rules: &DraughtsRules, out: &mut Vec<Move>) {
    let geometry = position.geometry;
    let colour = position.to_move;
    let man = if colour == Colour::White {
        WHITE_MAN
    } else {
        BLACK_MAN
    };
    for from in 0..geometry.squares() {
        let code = position.cells[from as usize];
        if !is_colour(code, colour) {
            continue;
        }
        let king = code != man;
        let directions: &[usize] = if king {
            &ALL_DIRECTIONS
        } else {
            forward(colour)
        };
        for &d in directions {
            let mut to = geometry.step(from, d);
            while to != NONE && position.cells[to as usize] == EMPTY {
                let promotes = !king && geometry.is_crowning_row(to, colour == Colour::White);
                let mut path = [0u8; MAX_PATH];
                path[0] = to;
                out.push(Move {
                    from,
                    len: 1,
                    promotes,
                    captured: 0,
                    path,
                });
                if !(king && rules.kings_fly) {
                    break;
                }
                to = geometry.step(to, d);
            }
        }
    }
}
