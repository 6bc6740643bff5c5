//! Counting a finished position. Dead stones are never guessed: the caller
//! (an example, a record's TB/TW, the players) lists them, and they leave
//! the board as prisoners of the other colour before anything is counted.
//!
//! Area: each colour's stones plus the empty points that reach only that
//! colour (Tromp-Taylor reachability; a region touching both is neutral).
//!
//! Territory: empty regions that reach only one colour, plus prisoners
//! (captures, dead stones, AGA pass stones), with no territory in seki.
//! Seki is detected exactly under the Japanese rules' own precondition that
//! every neutral point (dame) is filled before counting: once the dead
//! stones are gone, a neutral empty point can only be a liberty two living
//! opposing chains share, i.e. seki; every chain touching such a point is
//! in seki, and an empty region bordered by a chain in seki is its eye and
//! counts nothing. A caller who counts with dame still open must fill them
//! first, or seki detection would take open dame for seki. One known
//! limit: a chain with two eyes of its own that also shares a liberty in a
//! seki is treated as in seki, so its eyes count nothing; the Japanese
//! rules, as we read them, would count them. Positions like that are rare and a
//! caller can score them by filling the shared point in a copy.

use std::fmt;

use crate::game::Game;
use crate::point::{Color, Point};
use crate::rules::Scoring;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub black: f64,
    /// Komi included.
    pub white: f64,
}

impl Score {
    pub fn winner(&self) -> Option<Color> {
        if self.black > self.white {
            Some(Color::Black)
        } else if self.white > self.black {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The winner's margin.
    pub fn margin(&self) -> f64 {
        (self.black - self.white).abs()
    }

    /// The SGF/GTP form: `B+3.5`, `W+0.5`, `0` for a draw.
    pub fn result(&self) -> String {
        match self.winner() {
            Some(Color::Black) => format!("B+{}", self.margin()),
            Some(Color::White) => format!("W+{}", self.margin()),
            None => "0".to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreError {
    /// A point marked dead holds no stone.
    NoStone(Point),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::NoStone(p) => write!(f, "point {} is marked dead but holds no stone", p.0),
        }
    }
}

/// What a region of empty points (after dead stones leave) reaches.
#[derive(Debug, Clone)]
struct Region {
    points: Vec<u16>,
    reaches: [bool; 2],
}

/// Empty regions of `cells`, found by one flood fill: linear in the board.
fn regions(game: &Game, cells: &[Option<Color>]) -> (Vec<Region>, Vec<usize>) {
    let mut region_of = vec![usize::MAX; cells.len()];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if cells[start].is_some() || region_of[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut region = Region {
            points: Vec::new(),
            reaches: [false, false],
        };
        region_of[start] = id;
        stack.push(start as u16);
        while let Some(p) = stack.pop() {
            region.points.push(p);
            let (ns, len) = game.neighbours(p);
            for &q in &ns[..len] {
                match cells[usize::from(q)] {
                    Some(c) => region.reaches[c.index()] = true,
                    None if region_of[usize::from(q)] == usize::MAX => {
                        region_of[usize::from(q)] = id;
                        stack.push(q);
                    }
                    None => {}
                }
            }
        }
        regions.push(region);
    }
    (regions, region_of)
}

/// Scores the game's position under its rules with `dead` stones removed.
pub fn score(game: &Game, dead: &[Point]) -> Result<Score, ScoreError> {
    let breakdown = breakdown(game, dead)?;
    let komi = game.rules().komi;
    Ok(match game.rules().scoring {
        Scoring::Area => Score {
            black: f64::from(breakdown.stones[0] + breakdown.territory[0]),
            white: f64::from(breakdown.stones[1] + breakdown.territory[1]) + komi,
        },
        Scoring::Territory => Score {
            black: f64::from(breakdown.territory[0] + breakdown.prisoners[0]),
            white: f64::from(breakdown.territory[1] + breakdown.prisoners[1]) + komi,
        },
    })
}

/// The parts of a count, by [`Color::index`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    pub stones: [u32; 2],
    /// Area territory under area rules; seki eyes excluded under territory
    /// rules.
    pub territory: [u32; 2],
    /// Captures, pass stones and the opponent's dead stones.
    pub prisoners: [u32; 2],
    /// Empty points that count for nobody (neutral or seki eyes).
    pub neutral: u32,
}

pub fn breakdown(game: &Game, dead: &[Point]) -> Result<Breakdown, ScoreError> {
    let mut cells: Vec<Option<Color>> = game.points().map(|p| game.at(p)).collect();
    let mut prisoners = [game.prisoners(Color::Black), game.prisoners(Color::White)];
    for &p in dead {
        let Some(color) = game.at(p) else {
            return Err(ScoreError::NoStone(p));
        };
        if cells[usize::from(p.0)].take().is_some() {
            prisoners[color.opponent().index()] += 1;
        }
    }
    let mut stones = [0u32; 2];
    for c in cells.iter().flatten() {
        stones[c.index()] += 1;
    }
    let (regions, region_of) = regions(game, &cells);
    let mut territory = [0u32; 2];
    let mut neutral = 0u32;
    let in_seki = match game.rules().scoring {
        Scoring::Area => vec![false; regions.len()],
        Scoring::Territory => seki_eyes(game, &cells, &regions, &region_of),
    };
    for (region, &seki) in regions.iter().zip(&in_seki) {
        let size = region.points.len() as u32;
        match region.reaches {
            [true, false] if !seki => territory[0] += size,
            [false, true] if !seki => territory[1] += size,
            _ => neutral += size,
        }
    }
    Ok(Breakdown {
        stones,
        territory,
        prisoners,
        neutral,
    })
}

/// For each region, whether it is an eye of a chain in seki: a chain in
/// seki touches a neutral region (see the module comment).
fn seki_eyes(
    game: &Game,
    cells: &[Option<Color>],
    regions: &[Region],
    region_of: &[usize],
) -> Vec<bool> {
    let neutral = |id: usize| regions[id].reaches == [true, true];
    let mut chain_in_seki = vec![false; cells.len()];
    let mut seen = vec![false; cells.len()];
    let mut stack = Vec::new();
    let mut chain = Vec::new();
    for start in 0..cells.len() {
        let Some(color) = cells[start] else { continue };
        if seen[start] {
            continue;
        }
        chain.clear();
        let mut touches_neutral = false;
        seen[start] = true;
        stack.push(start as u16);
        while let Some(p) = stack.pop() {
            chain.push(p);
            let (ns, len) = game.neighbours(p);
            for &q in &ns[..len] {
                let qi = usize::from(q);
                match cells[qi] {
                    None => touches_neutral |= neutral(region_of[qi]),
                    Some(c) if c == color && !seen[qi] => {
                        seen[qi] = true;
                        stack.push(q);
                    }
                    Some(_) => {}
                }
            }
        }
        if touches_neutral {
            for &p in &chain {
                chain_in_seki[usize::from(p)] = true;
            }
        }
    }
    regions
        .iter()
        .map(|region| {
            region.points.iter().any(|&p| {
                let (ns, len) = game.neighbours(p);
                ns[..len].iter().any(|&q| chain_in_seki[usize::from(q)])
            })
        })
        .collect()
}
