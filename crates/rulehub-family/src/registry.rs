//! The game families rulehub knows, by name. Adding a family is one line
//! here (and its module).

use super::GameFamily;

/// Every registered family, in the order their names are listed to authors.
pub static FAMILIES: &[&dyn GameFamily] = &[&super::tafl::Tafl, &super::draughts::Draughts];

/// The family called `name`, or a message listing the registered ones.
pub fn find(name: &str) -> Result<&'static dyn GameFamily, String> {
    FAMILIES
        .iter()
        .copied()
        .find(|family| family.name() == name)
        .ok_or_else(|| {
            format!(
                "`{name}` is not a game family rulehub knows; the families are: {}",
                names().join(", ")
            )
        })
}

/// The registered families' names.
pub fn names() -> Vec<&'static str> {
    FAMILIES.iter().map(|family| family.name()).collect()
}
