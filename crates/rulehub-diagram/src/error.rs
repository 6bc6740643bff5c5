//! The one error type of the diagram stage.

use std::fmt;

/// A problem with a render spec, a palette, a position or its annotations.
///
/// `op_index` is the 0-based index into `render.ops` when the problem sits in
/// one op, and `field` the op's field (as written in front matter, e.g.
/// `typeColors`). The message says what is wrong and how to fix it; the caller
/// adds the file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError {
    pub op_index: Option<usize>,
    pub field: Option<String>,
    pub message: String,
    /// Byte offset in the text the problem was read from, when the stage
    /// read that text itself (a palette file).
    pub offset: Option<usize>,
}

impl DiagramError {
    /// A problem that belongs to no op (board size, palette, pieces, annotations).
    pub fn general(message: impl Into<String>) -> Self {
        DiagramError {
            op_index: None,
            field: None,
            message: message.into(),
            offset: None,
        }
    }

    /// The same problem, placed at byte `offset` of the text it came from.
    pub fn at(mut self, offset: usize) -> Self {
        self.offset = Some(offset);
        self
    }

    /// A problem in one field of one op.
    pub fn in_op(op_index: usize, field: &str, message: impl Into<String>) -> Self {
        DiagramError {
            op_index: Some(op_index),
            field: Some(field.to_string()),
            message: message.into(),
            offset: None,
        }
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.op_index, &self.field) {
            (Some(index), Some(field)) => write!(f, "render.ops[{index}].{field}: ")?,
            (Some(index), None) => write!(f, "render.ops[{index}]: ")?,
            (None, Some(field)) => write!(f, "{field}: ")?,
            (None, None) => {}
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for DiagramError {}
