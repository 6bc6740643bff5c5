//! What `rulehub new` writes for a tafl variant: the seed's engine block
//! and a pair capture the page's own rules confirm.

use serde::Deserialize;

use rulehub_family::{Starter, StarterExample};
use rulehub_tafl::Dims;
use rulehub_tafl::{Position, RulesSpec};

use super::engine_yaml::EngineSection;
use super::examples::{self, ExampleSpec};

pub struct TaflStarter;

impl Starter for TaflStarter {
    fn default_engine(&self) -> &'static str {
        DEFAULT_ENGINE
    }

    fn example(&self, engine_block: &str) -> StarterExample {
        choose_example(engine_block)
    }

    fn summary(&self, title: &str) -> String {
        format!("{title} in one sentence: the board, how the king wins, and what sets it apart.")
    }

    fn outline(&self) -> &'static str {
        OUTLINE
    }

    fn first_variant(&self) -> (&'static str, &'static str) {
        ("my-tablut", "My Tablut")
    }

    fn family_page(&self) -> rulehub_family::FamilyPage {
        rulehub_family::FamilyPage {
            title: "Tafl games",
            summary: "Hunt-the-king games: one side escorts its king to safety, the other hunts it.",
            about: "Tafl games are played on a square board.",
        }
    }
}

/// The sections of a new page, in the order the seed's rules pages use.
const OUTLINE: &str = r#"## Overview

Who plays, what each side wants, and where the game comes from.

## Setup

Where the king, the defenders and the attackers stand, and who moves first.

## On your turn

How the pieces move, and which squares are closed to whom.

## Capture

How ordinary pieces are taken, and what counts as hostile.

## King capture

What it takes to capture the king.

## Winning and ending

How each side wins, and when the game is drawn.
"#;

/// The seed's engine block: 9×9 Tablut with edge escape, as in the bundled
/// `tablut.md`.
const DEFAULT_ENGINE: &str = r#"engine:
  topology:
    type: grid
    rows: 9
    cols: 9
  players: [attackers, defenders]
  setup: "3bbb3/4b4/4w4/b3w3b/bbwwKwwbb/b3w3b/4w4/4b4/3bbb3"
  # A preset name (tablut-edge, tablut, tablut-corner, brandubh, copenhagen, ...),
  # or { preset: NAME, ...overrides }.
  rules: tablut-edge
  render:
    ops:
      - op: rect
        fill: transparent
        scope: board
      - op: cells
        pattern: cellMap
        light: cell-light
        dark: cell-dark
        defaultFill: floor
        zones:
          cells:
            - type: throne
              at: [[4,4]]
            - type: corner
              at: [[0,0],[0,8],[8,0],[8,8]]
        typeColors:
          floor: floor
          throne: throne
          corner: corner
        typeStrokes:
          floor: floor-stroke
          throne: throne-stroke
          corner: corner-stroke"#;

#[derive(Deserialize)]
struct EngineOnly {
    engine: EngineSection,
}

/// The first candidate example the engine confirms under these rules (a
/// plain pair capture, placed to suit the board), or the plainest one
/// unchecked when the rules cannot be read.
fn choose_example(engine_block: &str) -> StarterExample {
    let engine = serde_yaml::from_str::<EngineOnly>(engine_block)
        .ok()
        .map(|e| e.engine);
    let dims = engine.as_ref().map_or(Dims::new(9, 9), |e| {
        Dims::new(e.topology.rows, e.topology.cols)
    });
    let candidates = candidates(dims);
    let Some(engine) = engine else {
        return candidates
            .into_iter()
            .next()
            .expect("at least one candidate");
    };
    let Ok(rules) = engine
        .rules
        .clone()
        .unwrap_or_else(|| RulesSpec::preset(rulehub_tafl::DEFAULT_PRESET))
        .resolve()
    else {
        return candidates
            .into_iter()
            .next()
            .expect("at least one candidate");
    };
    let setup = engine.setup.clone().unwrap_or_else(|| rules.setup.clone());
    let start = Position::from_setup(&setup, dims).ok();
    let confirmed = |candidate: &StarterExample| {
        let Some(start) = &start else { return false };
        serde_yaml::from_str::<ExampleSpec>(&candidate.yaml)
            .ok()
            .is_some_and(|spec| examples::check(&spec, &rules, start, dims).is_ok())
    };
    let index = candidates.iter().position(confirmed).unwrap_or(0);
    candidates
        .into_iter()
        .nth(index)
        .expect("index within candidates")
}

/// Pair captures on the second rank and file, away from throne and corners.
fn candidates(dims: Dims) -> Vec<StarterExample> {
    let rows = usize::from(dims.rows);
    let cols = usize::from(dims.cols);
    let square = |file: usize, rank: usize| format!("{}{}", (b'a' + file as u8) as char, rank + 1);
    let mut out = Vec::new();
    // Along a rank: attackers on files 1 and 4, the defender on 2, the
    // mover slides from 4 to 3; the king waits in the opposite corner area.
    for rank in [1, rows.saturating_sub(2), rows / 2 + 1] {
        if cols < 6 || rows < 5 {
            break;
        }
        let king = square(cols - 2, if rank < rows / 2 { rows - 2 } else { 1 });
        out.push(pair_capture(
            [square(1, rank), square(4, rank)],
            square(2, rank),
            &king,
            format!("{}-{}", square(4, rank), square(3, rank)),
        ));
    }
    // Along a file, for boards that are tall rather than wide.
    for file in [1, cols.saturating_sub(2)] {
        if rows < 6 || cols < 5 {
            break;
        }
        let king = square(if file < cols / 2 { cols - 2 } else { 1 }, rows - 2);
        out.push(pair_capture(
            [square(file, 1), square(file, 4)],
            square(file, 2),
            &king,
            format!("{}-{}", square(file, 4), square(file, 3)),
        ));
    }
    if out.is_empty() {
        out.push(pair_capture(
            ["b2".into(), "e2".into()],
            "c2".into(),
            "b4",
            "e2-d2".into(),
        ));
    }
    out
}

fn pair_capture(attackers: [String; 2], victim: String, king: &str, mv: String) -> StarterExample {
    StarterExample {
        yaml: format!(
            "id: pair-capture\nposition:\n  king: {king}\n  attackers: [{}, {}]\n  defenders: [{victim}]\nto_move: attackers\nmoves: [{mv}]\nexpect:\n  captures: [{victim}]\n",
            attackers[0], attackers[1]
        ),
        intro: format!(
            "The simplest capture: the attacker closes the trap on\n{victim} against its partner on the other side."
        ),
    }
}
