//! The Go family's engine: rules as data ([`rules`]), the game with
//! captures, ko and superko ([`game`]), counting ([`score`]), SGF records
//! ([`sgf`], [`replay`]), a Monte Carlo AI ([`ai`]) and a GTP engine
//! ([`gtp`]).
//!
//! Pure: no I/O, no clock, no threads; every input error is a value.

pub mod ai;
pub mod game;
pub mod gtp;
pub mod playable;
pub mod point;
pub mod replay;
pub mod rules;
pub mod score;
pub mod sgf;

pub use game::{Game, Illegal, Outcome, perft};
pub use point::{Color, Move, Point};
pub use rules::{Rules, RulesOverrides, RulesSpec, preset};
