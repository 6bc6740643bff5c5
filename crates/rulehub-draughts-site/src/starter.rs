//! What `rulehub new` writes for a draughts variant: an English draughts
//! engine block and a capture the page's own rules confirm.

use serde::Deserialize;

use rulehub_draughts::Geometry;

use rulehub_family::{Starter, StarterExample};

use super::engine_yaml::EngineSection;

pub struct DraughtsStarter;

impl Starter for DraughtsStarter {
    fn default_engine(&self) -> &'static str {
        DEFAULT_ENGINE
    }

    fn example(&self, engine_block: &str) -> StarterExample {
        choose_example(engine_block)
    }

    fn summary(&self, title: &str) -> String {
        format!(
            "{title} in one sentence: the board, how men and kings move, and what sets it apart."
        )
    }

    fn outline(&self) -> &'static str {
        OUTLINE
    }

    fn first_variant(&self) -> (&'static str, &'static str) {
        ("my-draughts", "My draughts")
    }

    fn family_page(&self) -> rulehub_family::FamilyPage {
        rulehub_family::FamilyPage {
            title: "Draughts",
            summary: "Men move diagonally forward, jump to capture and crown on the far row.",
            about: "Draughts games are played on the dark squares of a chequered board.",
        }
    }
}

/// The sections of a new page, in the order the bundled draughts pages use.
const OUTLINE: &str = r#"## Overview

Who plays, what each side wants, and where the game is played.

## Setup

The board, which squares the men start on, and who moves first.

## Moving

How men and kings move.

## Capturing

How pieces are jumped, whether capturing is compulsory, and which capture must be chosen.

## Crowning

When a man becomes a king.

## Winning and ending

How the game is won, and when it is drawn.
"#;

const DEFAULT_ENGINE: &str = r#"engine:
  # A preset name (english-draughts, international-draughts, russian-draughts,
  # brazilian-draughts), or { preset: NAME, ...overrides }.
  rules: english-draughts
  # The start position as a PDN FEN; the preset's own start when left out.
  # setup: "B:W21-32:B1-12""#;

#[derive(Deserialize)]
struct EngineOnly {
    engine: EngineSection,
}

/// A white man jumping a black man on the rules' board: the man stands
/// three rows from White's edge on the third file, so the jump lands on
/// the board whatever its size.
fn simple_capture(geometry: &Geometry) -> Option<StarterExample> {
    let size = geometry.size();
    let row = size.checked_sub(3)?;
    let man = geometry.at(row, 2)?;
    let victim = geometry.at(row - 1, 3)?;
    let landing = geometry.at(row - 2, 4)?;
    // A black man far away keeps the game going after the capture.
    let other = geometry.at(0, 1)?;
    Some(StarterExample {
        yaml: format!(
            "id: simple-capture\nposition: \"W:W{man}:B{other},{victim}\"\nmoves: [{man}x{landing}]\nexpect:\n  captures: [{victim}]\n  ongoing: true\n"
        ),
        intro: format!(
            "The simplest capture: the white man on {man} jumps the black man on {victim}\nand lands on {landing}."
        ),
    })
}

/// The starter example for this engine block, on its board; English
/// draughts' when the block cannot be read (the page's check then says why).
fn choose_example(engine_block: &str) -> StarterExample {
    let rules = serde_yaml::from_str::<EngineOnly>(engine_block)
        .ok()
        .and_then(|e| e.engine.rules.resolve().ok());
    let geometry = rules.as_ref().map_or_else(
        || rulehub_draughts::Preset::English.rules().geometry(),
        |r| r.geometry(),
    );
    simple_capture(geometry)
        .or_else(|| simple_capture(rulehub_draughts::Preset::English.rules().geometry()))
        .unwrap_or_else(|| StarterExample {
            yaml: "id: simple-capture\nposition: \"W:W22:B1,18\"\nmoves: [22x15]\nexpect:\n  captures: [18]\n  ongoing: true\n".to_string(),
            intro: "The simplest capture: the white man on 22 jumps the black man on 18\nand lands on 15.".to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::{self, ExampleSpec};
    use rulehub_draughts::{DraughtsRules, Preset};

    fn confirmed(example: &StarterExample, rules: &DraughtsRules) -> bool {
        let start = rules.start_position();
        serde_yaml::from_str::<ExampleSpec>(&example.yaml)
            .ok()
            .is_some_and(|spec| examples::check(&spec, rules, &start).is_ok())
    }

    #[test]
    fn the_starter_example_holds_under_every_preset() {
        for preset in Preset::ALL {
            let block = format!("engine:\n  rules: {}\n", preset.name());
            let example = choose_example(&block);
            assert!(
                confirmed(&example, &preset.rules()),
                "{}: {}",
                preset.name(),
                example.yaml
            );
        }
        assert!(confirmed(
            &choose_example(DEFAULT_ENGINE),
            &Preset::English.rules()
        ));
    }
}
