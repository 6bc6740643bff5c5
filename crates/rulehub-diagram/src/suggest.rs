//! Near-miss suggestions for misspelt names ("did you mean …?").

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub(crate) fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).clamp(1, 3);
    candidates
        .into_iter()
        .map(|candidate| (distance(word, candidate), candidate))
        .filter(|&(d, _)| d <= limit)
        // Ties go to the alphabetically first name so the message is stable.
        .min()
        .map(|(_, candidate)| candidate)
}

/// `; did you mean `x`?` or nothing.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    match closest(word, candidates) {
        Some(candidate) => format!("; did you mean `{candidate}`?"),
        None => String::new(),
    }
}

/// Levenshtein distance over chars, case-insensitive.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_name_and_nothing_far_away() {
        let names = ["throne", "throne-stroke", "corner", "corner-stroke"];
        assert_eq!(closest("throne-strok", names), Some("throne-stroke"));
        assert_eq!(closest("Corner", names), Some("corner"));
        assert_eq!(closest("water", names), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
