//! Lists of ids bound in one statement (`WHERE id IN ($1, $2, ...)`), so
//! that a batch costs one round trip to the database instead of one per id.

/// Ids bound in one `IN (...)` list at most: far below what either
/// database takes (SQLite 32,766 parameters, PostgreSQL 65,535), and a
/// batch larger than this is read in several statements.
pub(super) const IDS_PER_STATEMENT: usize = 500;

/// `count` numbered parameters from `$first`, comma-separated: the inside
/// of an `IN (...)` list.
pub(super) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_are_numbered_from_the_first() {
        assert_eq!(placeholders(1, 3), "$1, $2, $3");
        assert_eq!(placeholders(3, 1), "$3");
    }
}
