//! Each diagram file is drawn once and written once: a variant's boards
//! look the same in every language, so one file beside the default
//! language's page serves its pages in every language. The first page to
//! draw a file [claims](DiagramClaims::claim) it, and the file carries that
//! page's language's title and description.

use std::collections::HashMap;
use std::sync::Mutex;

/// Who drew each diagram file of a variant.
#[derive(Default)]
pub struct DiagramClaims {
    /// (family, variant, file name beside the page) → the rank of the
    /// language that drew it, its place in the site's languages.
    claimed: Mutex<HashMap<(String, String, String), usize>>,
}

impl DiagramClaims {
    /// Whether the page in the language of `rank` (its place in the site's
    /// languages) should draw `file` of a variant. The file carries the
    /// title and description of the first language, in the site's order,
    /// whose page draws it: true when no page has claimed it yet, or only a
    /// page of a later language (pages of several languages render at
    /// once); the earlier language's file is then the one kept, so which
    /// thread got there first never shows in the output.
    pub fn claim(&self, family: &str, variant: &str, file: &str, rank: usize) -> bool {
        let mut claimed = self
            .claimed
            .lock()
            .expect("no panics while holding the lock");
        let key = (family.to_string(), variant.to_string(), file.to_string());
        match claimed.get(&key) {
            Some(&owner) if owner <= rank => false,
            _ => {
                claimed.insert(key, rank);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_diagram_file_is_claimed_once_per_variant() {
        let claims = DiagramClaims::default();
        assert!(claims.claim("family", "tablut", "board.svg", 0));
        assert!(!claims.claim("family", "tablut", "board.svg", 0));
        assert!(!claims.claim("family", "tablut", "board.svg", 1));
        assert!(claims.claim("family", "tablut", "example-a-before.svg", 1));
        assert!(claims.claim("family", "brandubh", "board.svg", 2));
    }

    #[test]
    fn an_earlier_language_takes_a_file_over_from_a_later_one_that_drew_it_first() {
        let claims = DiagramClaims::default();
        assert!(claims.claim("family", "tablut", "board.svg", 2));
        assert!(claims.claim("family", "tablut", "board.svg", 1));
        assert!(!claims.claim("family", "tablut", "board.svg", 2));
        assert!(!claims.claim("family", "tablut", "board.svg", 1));
    }
}
