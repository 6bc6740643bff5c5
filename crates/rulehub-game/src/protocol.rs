//! An engine spoken to a line at a time: a game's text protocol (GTP and
//! the like), which a GUI or a referee drives through `rulehub PROTOCOL`.
//! The command line only moves lines between its input and output; the
//! family answers them.

use crate::ai::Level;

/// What the command line asks of a protocol engine beyond the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProtocolOptions {
    /// The AI's strength for the moves it is asked to generate.
    pub level: Level,
    /// The AI's search budget per move (playouts or nodes, as the family's
    /// search counts), instead of the level's.
    pub budget: Option<u32>,
    /// The AI's seed: the same seed and commands give the same answers.
    pub seed: u64,
}

/// The command line's defaults: the normal level, its budget, seed 1.
impl Default for ProtocolOptions {
    fn default() -> ProtocolOptions {
        ProtocolOptions {
            level: Level::Normal,
            budget: None,
            seed: 1,
        }
    }
}

/// One protocol session: a line in, at most one answer out.
pub trait LineProtocol {
    /// The longest line the protocol reads. A reader stops at this many
    /// bytes and hands the cut line to [`LineProtocol::answer`], which
    /// refuses it, so no input grows a line without end.
    fn max_line(&self) -> usize;

    /// The answer to one line (with its newline, if it had one), written
    /// as the protocol frames it; `None` for a line the protocol leaves
    /// unanswered (blank lines, comments).
    fn answer(&mut self, line: &str) -> Option<String>;

    /// Whether the controller asked the session to end.
    fn finished(&self) -> bool;
}
