//! What the two outboxes share - `announcements` (posts in channels) and
//! `direct_messages` (to players): a row is leased by one process at a
//! time, settled once with its outcome, and pruned a while after.

use sqlx::any::AnyRow;

use super::id_lists::{IDS_PER_STATEMENT, placeholders};
use super::{Store, StoreError};

/// How an outbox row (an announcement, a direct message) was settled
/// (its `outcome` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum AnnouncementOutcome {
    /// Discord accepted the message.
    Delivered,
    /// It no longer needed saying (a move came before the reminder).
    Cancelled,
    /// The channel refuses it for good, or every attempt failed.
    Undeliverable,
}

/// One of the outbox tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outbox {
    Announcements,
    DirectMessages,
}

impl Outbox {
    fn table(self) -> &'static str {
        match self {
            Outbox::Announcements => "announcements",
            Outbox::DirectMessages => "direct_messages",
        }
    }

    /// The columns a lease returns: what a row of this outbox is read from.
    fn columns(self) -> &'static str {
        match self {
            Outbox::Announcements => "id, kind, channel_id, game_id, challenge_id, ply, attempts",
            // With the ply of the message's game now, so one about a move
            // already answered is known stale without reading the game, and
            // the reader's language (theirs, else their server's), so the
            // sender reads nothing more per message.
            Outbox::DirectMessages => {
                "id, kind, user_id, guild_id, game_id, ply, attempts, \
                 (SELECT g.ply FROM games g WHERE g.id = direct_messages.game_id) AS game_ply, \
                 COALESCE((SELECT s.locale FROM player_settings s WHERE s.guild_id = direct_messages.guild_id \
                 AND s.user_id = direct_messages.user_id), (SELECT l.locale FROM server_locales l \
                 WHERE l.guild_id = direct_messages.guild_id)) AS reader_locale"
            }
        }
    }
}

impl Store {
    /// Leases up to `limit` pending rows of `outbox` whose lease (if any)
    /// ran out by `now`, oldest first, until `now + lease_secs`. Each is
    /// leased by one caller at a time, even across processes: the UPDATE
    /// checks the lease again on the rows it changes and returns only those.
    pub(super) async fn lease_outbox(
        &self,
        outbox: Outbox,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<AnyRow>, StoreError> {
        let (table, columns) = (outbox.table(), outbox.columns());
        let sql = format!(
            "UPDATE {table} SET lease_until = $2, attempts = attempts + 1 \
             WHERE done_at IS NULL AND (lease_until IS NULL OR lease_until <= $1) AND id IN \
             (SELECT id FROM {table} WHERE done_at IS NULL AND (lease_until IS NULL OR lease_until <= $1) \
              ORDER BY id LIMIT $3) \
             RETURNING {columns}"
        );
        Ok(sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(now + lease_secs)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Settles row `id` of `outbox`; `false` if it was settled already.
    pub(super) async fn settle_outbox(
        &self,
        outbox: Outbox,
        id: i64,
        outcome: AnnouncementOutcome,
        now: i64,
    ) -> Result<bool, StoreError> {
        Ok(self.settle_outbox_all(outbox, &[(id, outcome)], now).await? == 1)
    }

    /// Settles each row of `done` (id, outcome) of `outbox` in one
    /// transaction: a batch of posts costs one commit (one fsync, one turn
    /// of the write lock) instead of one each, and one statement for each
    /// outcome in it (usually one) instead of one a row. Returns how many
    /// were not settled before.
    pub(super) async fn settle_outbox_all(
        &self,
        outbox: Outbox,
        done: &[(i64, AnnouncementOutcome)],
        now: i64,
    ) -> Result<u64, StoreError> {
        let mut statements = Vec::new();
        for outcome in <AnnouncementOutcome as strum::VariantArray>::VARIANTS {
            let ids: Vec<i64> = done.iter().filter(|(_, o)| o == outcome).map(|&(id, _)| id).collect();
            for chunk in ids.chunks(IDS_PER_STATEMENT) {
                statements.push((*outcome, chunk.to_vec()));
            }
        }
        let table = outbox.table();
        let settle = |outcome: AnnouncementOutcome, ids: &[i64]| {
            let sql = format!(
                "UPDATE {table} SET done_at = $1, outcome = $2, lease_until = NULL \
                 WHERE done_at IS NULL AND id IN ({})",
                placeholders(3, ids.len())
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(outcome.into_str());
            for &id in ids {
                query = query.bind(id);
            }
            query
        };
        let mut settled = 0;
        match statements.as_slice() {
            [] => {}
            // One statement needs no transaction around it.
            [(outcome, ids)] => settled = settle(*outcome, ids).execute(&self.pool).await?.rows_affected(),
            _ => {
                let mut tx = self.pool.begin().await?;
                for (outcome, ids) in &statements {
                    settled += settle(*outcome, ids).execute(&mut *tx).await?.rows_affected();
                }
                tx.commit().await?;
            }
        }
        Ok(settled)
    }

    /// Deletes the rows of `outbox` settled before `before`; returns how many.
    pub(super) async fn prune_outbox(&self, outbox: Outbox, before: i64) -> Result<u64, StoreError> {
        let sql = format!("DELETE FROM {} WHERE done_at IS NOT NULL AND done_at < $1", outbox.table());
        Ok(sqlx::query(sqlx::AssertSqlSafe(sql)).bind(before).execute(&self.pool).await?.rows_affected())
    }
}
