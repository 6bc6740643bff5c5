//! The boards of a Go worked example: stones on points, the last move
//! marked, captured stones crossed where they stood, and at a count each
//! owned point marked with a small square of its owner's colour and each
//! dead stone crossed.

use rulehub_go::{Color, Move, Point};

use rulehub_core::i18n::I18n;
use rulehub_diagram::{Annotations, Glyph};
use rulehub_family::{Frame, GameMove, WorkedExample};
use rulehub_game::Square;

use crate::examples::{self, CheckedExample};
use crate::{board_square, glyphs, stones};

/// The marks of one move: its point, and the stones it took.
pub(crate) fn move_marks(size: u8, mv: Move, captured: &[Point]) -> Annotations {
    Annotations {
        from: None,
        to: match mv {
            Move::Place(p) => Some(board_square(size, p)),
            Move::Pass => None,
        },
        arrows: Vec::new(),
        captured: captured.iter().map(|p| board_square(size, *p)).collect(),
        dots: Vec::new(),
    }
}

impl CheckedExample {
    fn last_move(&self) -> Option<Move> {
        match &self.refused {
            Some(refused) => Some(refused.mv),
            None => self.played.last().map(|m| m.mv),
        }
    }

    /// The board after the moves, with the count's marks when there is one.
    fn counted(&self) -> (Vec<(Square, &'static Glyph)>, Vec<Square>) {
        let size = self.size;
        let mut pieces = stones(size, &self.after);
        let mut dead = Vec::new();
        if let Some(count) = &self.count {
            for (i, owner) in count.owners.iter().enumerate() {
                let point = Point(i as u16);
                if let Some(owner) = owner
                    && self.after[i].is_none()
                {
                    pieces.push((board_square(size, point), glyphs::territory(*owner)));
                }
            }
            dead = count.dead.iter().map(|p| board_square(size, *p)).collect();
        }
        (pieces, dead)
    }
}

impl WorkedExample for CheckedExample {
    fn id(&self) -> &str {
        &self.id
    }

    fn before(&self) -> Frame {
        let size = self.size;
        Frame {
            pieces: stones(size, &self.before),
            annotations: move_marks(size, self.last_move().unwrap_or(Move::Pass), &[]),
        }
    }

    fn after(&self) -> Option<Frame> {
        if self.refused.is_some() {
            return None;
        }
        let last = self.played.last()?;
        let (pieces, dead) = self.counted();
        let mut annotations = move_marks(self.size, last.mv, &last.captured);
        annotations.captured.extend(dead);
        Some(Frame {
            pieces,
            annotations,
        })
    }

    fn describe(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe(self, i18n, lang)
    }

    fn describe_before(&self, i18n: &I18n, lang: &str) -> String {
        examples::describe_board(&self.before, self.size, Some(self.to_move), i18n, lang)
    }

    fn describe_after(&self, i18n: &I18n, lang: &str) -> String {
        let next = self.played.last().map(|m| m.color.opponent());
        let next = next.filter(|_| !self.over);
        examples::describe_board(&self.after, self.size, next.or(None::<Color>), i18n, lang)
    }

    /// Each legal move with the board after it, when there are at least
    /// two to step through.
    fn steps(&self) -> Vec<(GameMove, Frame)> {
        if self.played.len() < 2 {
            return Vec::new();
        }
        let size = self.size;
        self.played
            .iter()
            .map(|played| {
                let frame = Frame {
                    pieces: stones(size, &played.cells),
                    annotations: move_marks(size, played.mv, &played.captured),
                };
                let notation = GameMove {
                    notation: played.mv.name(size),
                    comment: None,
                };
                (notation, frame)
            })
            .collect()
    }
}
