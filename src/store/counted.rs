//! Counts in the operator's sentences (the `damas` commands' reports and
//! refusals), agreeing with their number: "1 row", "2 rows", "0 rows".

/// `n` and its noun, singular for 1: `counted(1, "row", "rows")` is "1 row".
pub fn counted(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "row", "rows"), "1 row");
        assert_eq!(counted(0, "row", "rows"), "0 rows");
        assert_eq!(counted(2u32, "problem", "problems"), "2 problems");
    }
}
