//! One sort routine for every engine.
//!
//! Every sort in the engines goes through [`sort_by_key`], which sorts plain
//! `u64`s. The standard library's sorts are generic, and each element type
//! they are used with adds its own copy (3–8 KB of WebAssembly each, about a
//! seventh of what the practice board downloads); sorting one key type keeps
//! a single copy. The results are those of a stable sort by the same key.

/// Sorts `items` by `key`, keeping items with equal keys in their order (a
/// stable sort, like `slice::sort_by_key`).
pub fn sort_by_key<T: Copy>(items: &mut [T], key: impl Fn(&T) -> u32) {
    // The index below the key makes every composite unique and breaks ties
    // by position, so an unstable sort of the composites is a stable sort
    // of the items. `u32` indices cover any slice the engine sorts (move
    // lists hold at most a few thousand moves).
    let mut composites: Vec<u64> = items
        .iter()
        .enumerate()
        .map(|(index, item)| (u64::from(key(item)) << 32) | index as u64)
        .collect();
    composites.sort_unstable();
    let sorted: Vec<T> = composites
        .iter()
        .map(|composite| items[(composite & u64::from(u32::MAX)) as usize])
        .collect();
    items.copy_from_slice(&sorted);
}

/// A key that orders `i32`s from the highest down (as `Reverse(score)`).
pub fn descending(score: i32) -> u32 {
    // Flipping the sign bit maps i32 order onto u32 order; inverting all
    // bits then reverses it.
    !((score as u32) ^ 0x8000_0000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let items: Vec<(u32, u8)> = (0..500u32)
            .map(|i| ((i * 7919) % 13, (i % 251) as u8))
            .collect();
        let mut ours = items.clone();
        sort_by_key(&mut ours, |&(k, _)| k);
        let mut std_sorted = items;
        std_sorted.sort_by_key(|&(k, _)| k);
        assert_eq!(ours, std_sorted);
    }

    #[test]
    fn descending_orders_scores_from_the_highest() {
        let mut scores = vec![0, -1, i32::MIN, 5, i32::MAX, -40, 5];
        sort_by_key(&mut scores, |&s| descending(s));
        assert_eq!(scores, vec![i32::MAX, 5, 5, 0, -1, -40, i32::MIN]);
    }
}
