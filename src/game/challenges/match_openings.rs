//! The balanced openings of match play (RULES 8.3c), read from
//! `data/balanced_openings.txt` (made by `damas openings`), which is built
//! into the binary.

use std::hash::{BuildHasher, RandomState};
use std::sync::LazyLock;

const FILE: &str = include_str!("../../../data/balanced_openings.txt");

/// Every balanced opening: White's first move and Black's reply.
static OPENINGS: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    FILE.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let first = words.next().expect("an opening's first move");
            let reply = words.next().expect("an opening's reply");
            (first.to_string(), reply.to_string())
        })
        .collect()
});

/// The balanced openings, in the file's order.
pub fn balanced_openings() -> &'static [(String, String)] {
    &OPENINGS
}

/// One balanced opening drawn at random, as "move reply".
pub fn random_opening(seed: impl std::hash::Hash) -> String {
    let list = balanced_openings();
    let pick = RandomState::new().hash_one(seed) as usize % list.len();
    let (first, reply) = &list[pick];
    format!("{first} {reply}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_list_has_the_43_openings() {
        assert_eq!(balanced_openings().len(), 43);
        let drawn = random_opening(1);
        assert!(balanced_openings().iter().any(|(f, r)| format!("{f} {r}") == drawn), "{drawn}");
    }
}
