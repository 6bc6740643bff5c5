//! What `rulehub new` writes for a Go variant: a Japanese-rules engine
//! block on 9×9 and a capture every preset confirms on every board size.

use rulehub_family::{Starter, StarterExample};

pub struct GoStarter;

impl Starter for GoStarter {
    fn default_engine(&self) -> &'static str {
        DEFAULT_ENGINE
    }

    fn example(&self, _engine_block: &str) -> StarterExample {
        // C3 and its neighbours are on every board the engine plays (5×5 up).
        StarterExample {
            yaml: EXAMPLE.to_string(),
            intro: "The simplest capture: the white stone on C3 has one liberty left, and\nBlack takes it by playing C2.".to_string(),
        }
    }

    fn summary(&self, title: &str) -> String {
        format!(
            "{title} in one sentence: the board, how the game is counted, and what sets these rules apart."
        )
    }

    fn outline(&self) -> &'static str {
        OUTLINE
    }

    fn first_variant(&self) -> (&'static str, &'static str) {
        ("my-go-rules", "My Go rules")
    }

    fn family_page(&self) -> rulehub_family::FamilyPage {
        rulehub_family::FamilyPage {
            title: "Go",
            summary: "Stones are placed on the points of a grid, capture what they surround, and the board is counted at the end.",
            about: "Go is played on the points where the lines of a grid cross, most often 9×9, 13×13 or 19×19.",
        }
    }
}

const EXAMPLE: &str =
    "id: first-capture\nblack: [B3, D3, C4]\nwhite: [C3]\nmoves: [C2]\nexpect:\n  captures: [C3]\n";

/// The sections of a new page, in the order the bundled Go pages use.
const OUTLINE: &str = r#"## Overview

Who uses these rules, and where they are published.

## Setup

The board, komi, and where handicap stones go.

## Playing and capturing

Placing stones, liberties and captures, and whether suicide is allowed.

## Ko and repetition

Which repeated positions are forbidden.

## Ending and counting

How the game ends, and how the score is counted.
"#;

const DEFAULT_ENGINE: &str = r#"engine:
  # A preset name (go-japanese, go-chinese, go-aga, go-new-zealand,
  # go-tromp-taylor), or { preset: NAME, ...overrides } such as size: 9.
  rules: { preset: go-japanese, size: 9 }
  # Stones before the first move (handicap), and who moves first:
  # setup: { black: [C7, G3], to_move: white }"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GoVariant;
    use crate::examples::{self, ExampleSpec};
    use rulehub_go::Color;

    #[test]
    fn the_starter_example_holds_under_every_preset_and_size() {
        let spec: ExampleSpec = serde_yaml::from_str(EXAMPLE).expect("example YAML");
        for name in rulehub_go::rules::PRESET_NAMES {
            for size in [5, 9, 13, 19] {
                let rules = rulehub_go::preset(name)
                    .expect("preset")
                    .with_size(size)
                    .expect("size");
                let start = GoVariant {
                    rules: rules.clone(),
                    black: Vec::new(),
                    white: Vec::new(),
                    to_move: Color::Black,
                };
                assert!(
                    examples::check(&spec, &rules, &start).is_ok(),
                    "{name} {size}"
                );
            }
        }
        let block: crate::GoFrontMatter = serde_yaml::from_str(DEFAULT_ENGINE).expect("engine");
        assert_eq!(block.engine.rules.resolve().expect("rules").size, 9);
    }
}
