//! Counts for the operator's metrics.

use sqlx::Row;

use super::{Store, StoreError};

impl Store {
    /// How many games are live, and how many moves were stored after
    /// `since` (unix seconds), in one query.
    pub async fn activity(&self, since: i64) -> Result<(u64, u64), StoreError> {
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM games WHERE status = 'live') AS live, \
             (SELECT COUNT(*) FROM moves WHERE played_at > $1) AS recent",
        )
        .bind(since)
        .fetch_one(&self.reads)
        .await?;
        let count = |name: &'static str| -> Result<u64, StoreError> {
            u64::try_from(row.try_get::<i64, _>(name)?).map_err(|_| StoreError::Corrupt(name))
        };
        Ok((count("live")?, count("recent")?))
    }
}
