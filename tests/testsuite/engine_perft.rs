//! Perft from every preset's start position, cross-checked against a
//! deliberately naive reference move generator written separately here: a
//! plain 2-D grid of chars, cloned for every move, reading the public
//! `Rules` fields directly. It knows movement, custodial captures (with the
//! throne, corners and camps), shieldwalls, king capture and escape (edge,
//! corners or listed squares): every rule that can matter within three moves
//! of a start position.

use rulehub_tafl::{
    Access, Escape, Game, HostileTo, KingArmed, KingCapture, Rules, perft, preset, preset_names,
};
use rulehub_tafl::{Dims, Side, Square};

#[derive(Clone)]
struct Naive {
    rules: Rules,
    rows: i32,
    cols: i32,
    grid: Vec<Vec<char>>, // '.', 'b', 'w', 'K'
    attackers_to_move: bool,
    over: bool,
    /// Camp number per square (0: none); touching camp squares share one.
    camp: Vec<Vec<u8>>,
    escapes: Vec<(i32, i32)>,
}

impl Naive {
    fn start(rules: &Rules) -> Naive {
        let mut grid = Vec::new();
        for row in rules.setup.split('/') {
            let mut line = Vec::new();
            let mut number = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    number.push(ch);
                } else {
                    if !number.is_empty() {
                        let run = number.parse::<usize>().unwrap();
                        line.extend(std::iter::repeat_n('.', run));
                        number.clear();
                    }
                    line.push(ch);
                }
            }
            if !number.is_empty() {
                let run = number.parse::<usize>().unwrap();
                line.extend(std::iter::repeat_n('.', run));
            }
            grid.push(line);
        }
        let (rows, cols) = (grid.len(), grid[0].len());
        let dims = Dims::new(rows as u8, cols as u8);
        let at = |name: &String| {
            let sq = Square::parse(name, dims).unwrap();
            (sq.row as i32, sq.col as i32)
        };
        let mut camp = vec![vec![0u8; cols]; rows];
        if let Some(camps) = &rules.camps {
            let squares: Vec<(i32, i32)> = camps.squares.iter().map(at).collect();
            // number the groups by repeated relabelling: slow and obvious
            for (i, &(r, c)) in squares.iter().enumerate() {
                camp[r as usize][c as usize] = i as u8 + 1;
            }
            loop {
                let mut changed = false;
                for &(r, c) in &squares {
                    for &(r2, c2) in &squares {
                        let touching = (r - r2).abs() + (c - c2).abs() == 1;
                        let (a, b) = (camp[r as usize][c as usize], camp[r2 as usize][c2 as usize]);
                        if touching && b < a {
                            camp[r as usize][c as usize] = b;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        Naive {
            rules: rules.clone(),
            rows: rows as i32,
            cols: cols as i32,
            grid,
            attackers_to_move: rules.first_to_move == Side::Attackers,
            over: false,
            camp,
            escapes: rules.escape_squares.iter().map(at).collect(),
        }
    }

    fn camp_at(&self, r: i32, c: i32) -> u8 {
        if r < 0 || c < 0 || r >= self.rows || c >= self.cols {
            0
        } else {
            self.camp[r as usize][c as usize]
        }
    }

    fn at(&self, r: i32, c: i32) -> Option<char> {
        if r < 0 || c < 0 || r >= self.rows || c >= self.cols {
            None
        } else {
            Some(self.grid[r as usize][c as usize])
        }
    }
    fn is_throne(&self, r: i32, c: i32) -> bool {
        r == self.rows / 2 && c == self.cols / 2
    }
    fn is_corner(&self, r: i32, c: i32) -> bool {
        (r == 0 || r == self.rows - 1) && (c == 0 || c == self.cols - 1)
    }
    fn may(access: Access, piece: char) -> bool {
        match access {
            Access::Nobody => false,
            Access::King => piece == 'K',
            Access::Defenders => piece != 'b',
            Access::Attackers => piece == 'b',
            Access::Everyone => true,
        }
    }
    fn hostile_to(h: HostileTo, victim: char) -> bool {
        match h {
            HostileTo::Nobody => false,
            HostileTo::Everyone => true,
            HostileTo::Attackers => victim == 'b',
            HostileTo::Defenders => victim != 'b',
        }
    }

    fn moves(&self) -> Vec<(i32, i32, i32, i32)> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                let p = self.grid[r as usize][c as usize];
                let mine = if self.attackers_to_move {
                    p == 'b'
                } else {
                    p == 'w' || p == 'K'
                };
                if !mine {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (mut rr, mut cc) = (r + dr, c + dc);
                    while self.at(rr, cc) == Some('.') {
                        let camp = self.camp_at(rr, cc);
                        if camp != 0 {
                            let camps = self.rules.camps.as_ref().unwrap();
                            let own = camp == self.camp_at(r, c);
                            if own && Self::may(camps.stop, p) {
                                out.push((r, c, rr, cc));
                            } else if own || !Self::may(camps.pass, p) {
                                break;
                            }
                            rr += dr;
                            cc += dc;
                            continue;
                        }
                        let ok_stop = if self.is_throne(rr, cc) {
                            Self::may(self.rules.throne_stop, p)
                                && (p != 'K' || self.rules.king_may_return_to_throne)
                        } else if self.is_corner(rr, cc) {
                            Self::may(self.rules.corner_stop, p)
                        } else {
                            true
                        };
                        if ok_stop {
                            out.push((r, c, rr, cc));
                        }
                        if self.is_throne(rr, cc) && !Self::may(self.rules.throne_pass, p) {
                            break;
                        }
                        rr += dr;
                        cc += dc;
                    }
                }
            }
        }
        out
    }

    /// Whether the square at (r, c) would close a sandwich against `victim`
    /// for a capturing side whose pieces are `friends`.
    fn anvil(&self, r: i32, c: i32, victim: char, victim_camp: u8) -> bool {
        let Some(x) = self.at(r, c) else { return false };
        let camp = self.camp_at(r, c);
        if camp != 0
            && camp != victim_camp
            && Self::hostile_to(self.rules.camps.as_ref().unwrap().hostile, victim)
        {
            return true;
        }
        let attacker_victim = victim == 'b';
        match x {
            'b' => !attacker_victim,
            'w' => attacker_victim,
            'K' => {
                (attacker_victim
                    && matches!(self.rules.king_armed, KingArmed::Anvil | KingArmed::Yes))
                    || (self.is_throne(r, c)
                        && Self::hostile_to(self.rules.throne_hostile_occupied, victim))
            }
            _ => {
                (self.is_throne(r, c) && Self::hostile_to(self.rules.throne_hostile_empty, victim))
                    || (self.is_corner(r, c)
                        && Self::hostile_to(self.rules.corners_hostile, victim))
            }
        }
    }

    fn king_side(&self, r: i32, c: i32) -> bool {
        if self.camp_at(r, c) != 0 && self.rules.camps.as_ref().unwrap().hostile_to_king {
            return true;
        }
        match self.at(r, c) {
            None => self.rules.edge_hostile_to_king,
            Some('b') => true,
            Some('.') => {
                (self.is_throne(r, c) && self.rules.throne_hostile_to_king)
                    || (self.is_corner(r, c) && self.rules.corners_hostile_to_king)
            }
            _ => false,
        }
    }

    fn play(&self, (r0, c0, r1, c1): (i32, i32, i32, i32)) -> Naive {
        let mut n = self.clone();
        let p = n.grid[r0 as usize][c0 as usize];
        n.grid[r0 as usize][c0 as usize] = '.';
        n.grid[r1 as usize][c1 as usize] = p;
        let victim_kind = if p == 'b' { 'w' } else { 'b' };
        let can_hammer =
            p != 'K' || matches!(self.rules.king_armed, KingArmed::Hammer | KingArmed::Yes);
        let mut removed = Vec::new();
        if can_hammer {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if n.at(r1 + dr, c1 + dc) == Some(victim_kind)
                    && n.anvil(
                        r1 + 2 * dr,
                        c1 + 2 * dc,
                        victim_kind,
                        n.camp_at(r1 + dr, c1 + dc),
                    )
                {
                    removed.push((r1 + dr, c1 + dc));
                }
            }
        }
        for &(r, c) in &removed {
            n.grid[r as usize][c as usize] = '.';
        }
        if can_hammer && self.rules.shieldwall {
            n.shieldwall(r1, c1, p);
        }
        // the king
        if p == 'b' {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (kr, kc) = (r1 + dr, c1 + dc);
                if n.at(kr, kc) != Some('K') {
                    continue;
                }
                let near_throne = (kr - n.rows / 2).abs() + (kc - n.cols / 2).abs() <= 1;
                let strong = match self.rules.king_capture {
                    KingCapture::Weak => false,
                    KingCapture::Strong => true,
                    KingCapture::StrongOnThrone => near_throne,
                };
                let captured = if strong {
                    [(-1, 0), (1, 0), (0, -1), (0, 1)]
                        .iter()
                        .all(|&(a, b)| n.king_side(kr + a, kc + b))
                } else {
                    n.king_side(kr + dr, kc + dc)
                };
                if captured {
                    n.grid[kr as usize][kc as usize] = '.';
                    n.over = true;
                }
            }
        }
        if p == 'K' {
            let escaped = match self.rules.escape {
                Escape::Edge => r1 == 0 || c1 == 0 || r1 == n.rows - 1 || c1 == n.cols - 1,
                Escape::Corners => n.is_corner(r1, c1),
                Escape::Squares => n.escapes.contains(&(r1, c1)),
            };
            if escaped {
                n.over = true;
            }
        }
        let attackers_left = n.grid.iter().flatten().filter(|&&x| x == 'b').count();
        if attackers_left == 0 && self.rules.defenders_win_if_no_attackers {
            n.over = true;
        }
        n.attackers_to_move = !n.attackers_to_move;
        n
    }

    fn shieldwall(&mut self, r: i32, c: i32, p: char) {
        let friend = |x: Option<char>| match x {
            Some('b') => p == 'b',
            Some('w') => p != 'b',
            Some('K') => p != 'b' && self.rules.king_armed != KingArmed::No,
            _ => false,
        };
        let enemy = |x: Option<char>| match x {
            Some('b') => p != 'b',
            Some('w') | Some('K') => p == 'b',
            _ => false,
        };
        let mut edges = Vec::new();
        if r == 0 {
            edges.push(((1, 0), (0, 1)));
        }
        if r == self.rows - 1 {
            edges.push(((-1, 0), (0, 1)));
        }
        if c == 0 {
            edges.push(((0, 1), (1, 0)));
        }
        if c == self.cols - 1 {
            edges.push(((0, -1), (1, 0)));
        }
        let mut doomed = Vec::new();
        for ((ir, ic), (ar, ac)) in edges {
            for s in [1, -1] {
                let mut row = Vec::new();
                let (mut rr, mut cc) = (r + s * ar, c + s * ac);
                let mut fronted = true;
                while enemy(self.at(rr, cc)) {
                    fronted &= friend(self.at(rr + ir, cc + ic));
                    row.push((rr, cc));
                    rr += s * ar;
                    cc += s * ac;
                }
                let end = self.at(rr, cc);
                let victim = if p == 'b' { 'w' } else { 'b' };
                let king_anvil = matches!(self.rules.king_armed, KingArmed::Anvil | KingArmed::Yes);
                let bracket = (friend(end) && (end != Some('K') || king_anvil))
                    || (end == Some('.')
                        && self.is_corner(rr, cc)
                        && Self::hostile_to(self.rules.corners_hostile, victim));
                if fronted && row.len() >= 2 && bracket {
                    doomed.extend(row.into_iter().filter(|&(a, b)| self.at(a, b) != Some('K')));
                }
            }
        }
        for (a, b) in doomed {
            self.grid[a as usize][b as usize] = '.';
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.moves().len() as u64;
        }
        self.moves()
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

/// Perft counts of every preset's start position, depths 1 to 3.
const EXPECTED: &[(&str, [u64; 3])] = &[
    ("tablut-edge", [80, 4400, 353200]),
    ("tablut", [80, 4400, 353200]),
    ("brandubh", [40, 960, 39512]),
    ("brandubh-weak", [40, 960, 39512]),
    ("tablut-corner", [72, 3944, 285728]),
    ("tablut-corner-hostile-edge", [72, 3944, 285728]),
    ("copenhagen", [116, 6788, 806344]),
    ("fetlar", [116, 6788, 806344]),
    ("ashton-tablut", [56, 4408, 248456]),
    ("tawlbwrdd", [136, 7620, 1042016]),
    ("ard-ri", [48, 408, 18528]),
];

#[test]
fn perft_to_depth_three_matches_the_naive_reference_for_every_preset() {
    assert_eq!(EXPECTED.len(), preset_names().len());
    for &(name, expected) in EXPECTED {
        let rules = preset(name).unwrap();
        let mut game = Game::start(&rules).unwrap();
        let naive = Naive::start(&rules);
        for depth in 1..=3 {
            let fast = perft(&mut game, depth);
            let slow = naive.perft(depth);
            eprintln!("{name} depth {depth}: {fast} (naive {slow})");
            assert_eq!(fast, slow, "{name} depth {depth}");
            assert_eq!(fast, expected[depth as usize - 1], "{name} depth {depth}");
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_on_small_custom_boards() {
    // Odd shapes and crowded positions reach captures, escapes and the throne early.
    for (name, setup) in [
        ("brandubh", "bwb2/1wKw1/b1w1b/5/1b1b1"),
        ("tablut", "3b3/2bwb2/1bwKwb1/2bwb2/3b3/7/7"),
        ("copenhagen", "w1b1w/b1w1b/2K2/b1w1b/w1b1w"),
        ("brandubh-weak", "3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3"),
        ("copenhagen", "b5b/1w3w1/2bKb2/1w3w1/b5b"),
        ("tablut-corner", "b1w1b/2w2/bwKwb/2w2/b1w1b/5/1b1b1"),
        (
            "fetlar",
            "19/19/b17w/19/19/19/19/19/19/3b5K5w3/19/19/19/19/19/19/w17b/19/19",
        ),
    ] {
        let mut rules = preset(name).unwrap();
        rules.setup = setup.to_string();
        rules.dims = rulehub_tafl::Position::setup_dims(setup).unwrap();
        assert_eq!(rules.dims.rows as usize, setup.split('/').count());
        let dims: Dims = rules.dims;
        let mut game = Game::new(
            &rules,
            rulehub_tafl::Position::from_setup(setup, dims).unwrap(),
            Side::Attackers,
        );
        let naive = Naive::start(&rules);
        for depth in 1..=3 {
            assert_eq!(
                perft(&mut game, depth),
                naive.perft(depth),
                "{name} {setup} depth {depth}"
            );
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_with_listed_escape_squares_and_camps() {
    // The king beside two listed escape squares and two ordinary edge
    // squares; attackers inside and outside a camp.
    let mut rules = preset("ashton-tablut").unwrap();
    rules.escape = Escape::Squares;
    rules.escape_squares = vec!["b1".to_string(), "h9".to_string()];
    let setup = "3bbb3/4b4/9/b1K5b/bb1w1w1bb/b7b/9/1w2b4/3b1b3";
    rules.setup = setup.to_string();
    let position = rulehub_tafl::Position::from_setup(setup, rules.dims).unwrap();
    for to_move in [Side::Attackers, Side::Defenders] {
        let mut game = Game::new(&rules, position.clone(), to_move);
        let mut naive = Naive::start(&rules);
        naive.attackers_to_move = to_move == Side::Attackers;
        for depth in 1..=3 {
            assert_eq!(
                perft(&mut game, depth),
                naive.perft(depth),
                "{to_move} depth {depth}"
            );
        }
    }
}

mod random_positions {
    use super::*;
    use proptest::prelude::*;
    use rulehub_tafl::Piece;
    use rulehub_tafl::{Outcome, Position};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// Crowded random positions reach captures against the throne and
        /// corners, shieldwalls, every kind of king capture and escapes
        /// within two or three moves; both generators must agree.
        #[test]
        fn perft_matches_the_reference_on_random_positions(
            preset_index in 0..preset_names().len(),
            side in 5u8..=9,
            cells in proptest::collection::vec(0u8..7, 81),
            king_at in 0usize..81,
            defenders_first in any::<bool>(),
        ) {
            let mut rules = preset(preset_names()[preset_index]).unwrap();
            // rules the reference does not model
            rules.exit_fort = false;
            rules.encirclement = false;
            rules.repetition = None;
            rules.move_limit = None;
            if side != 9 {
                // the camps are named for the 9×9 board
                rules.camps = None;
            }
            let dims = Dims::new(side, side);
            let squares: Vec<_> = dims.squares().collect();
            let king = squares[king_at % squares.len()];
            let pieces = squares.iter().zip(&cells).filter_map(|(&sq, &c)| {
                let piece = match c {
                    0 | 1 => Piece::Attacker,
                    2 => Piece::Defender,
                    _ => return None,
                };
                (sq != king && sq != dims.center() && !dims.corners().contains(&sq))
                    .then_some((sq, piece))
            });
            let position =
                Position::from_pieces(dims, pieces.chain([(king, Piece::King)])).unwrap();
            rules.dims = dims;
            rules.setup = position.to_setup();
            let to_move = if defenders_first { Side::Defenders } else { Side::Attackers };
            rules.first_to_move = to_move;
            let mut game = Game::new(&rules, position, to_move);
            prop_assume!(game.outcome() == Outcome::Ongoing);
            let naive = Naive::start(&rules);
            for depth in 1..=3 {
                prop_assert_eq!(
                    perft(&mut game, depth),
                    naive.perft(depth),
                    "{} {} depth {}", preset_names()[preset_index], rules.setup, depth
                );
            }
        }
    }
}
