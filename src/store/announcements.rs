//! The `announcements` table: the clock's outbox (see the migration that
//! makes it). Rows are written by the claims in `games` and `challenges`
//! and leased, one process at a time, by whoever posts them.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError, db_id, discord_id, enum_column, u32_column};

/// What an announcement is about. Its kind is stored by name
/// ([`AnnouncementTopic`], derived from these variants), its data in the
/// columns beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(AnnouncementTopic),
    vis(pub(super)),
    doc = "The stored name of an [`AnnouncementKind`] (`announcements.kind`).",
    derive(strum::EnumString, strum::IntoStaticStr, strum::VariantArray),
    strum(serialize_all = "snake_case", const_into_str)
)]
pub enum AnnouncementKind {
    /// The player to move at `ply` is reminded of their deadline.
    Reminder {
        /// The game.
        game: i64,
        /// The ply the reminder is for.
        ply: u32,
    },
    /// A game was lost on time.
    LossOnTime {
        /// The game.
        game: i64,
    },
    /// The next game of a match started.
    MatchGame {
        /// The game.
        game: i64,
    },
    /// A challenge expired unanswered.
    ChallengeExpired {
        /// The challenge.
        challenge: i64,
    },
}

/// A pending announcement, leased to the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnnouncementRow {
    /// Its id (also the nonce of its message).
    pub id: i64,
    /// Where it is posted.
    pub channel: u64,
    /// What it says.
    pub kind: AnnouncementKind,
    /// How many times it was leased, this time included.
    pub attempts: u32,
}

/// How an announcement was settled (`announcements.outcome`).
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

fn announcement_from_row(row: &AnyRow) -> Result<AnnouncementRow, StoreError> {
    let topic: AnnouncementTopic = enum_column(row, "kind")?;
    let game: Option<i64> = row.try_get("game_id")?;
    let challenge: Option<i64> = row.try_get("challenge_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let kind = match (topic, game, challenge, ply) {
        (AnnouncementTopic::Reminder, Some(game), None, Some(ply)) => {
            AnnouncementKind::Reminder { game, ply: u32_column(ply, "ply")? }
        }
        (AnnouncementTopic::LossOnTime, Some(game), None, None) => AnnouncementKind::LossOnTime { game },
        (AnnouncementTopic::MatchGame, Some(game), None, None) => AnnouncementKind::MatchGame { game },
        (AnnouncementTopic::ChallengeExpired, None, Some(challenge), None) => {
            AnnouncementKind::ChallengeExpired { challenge }
        }
        _ => return Err(StoreError::Corrupt("announcements.kind")),
    };
    Ok(AnnouncementRow {
        id: row.try_get("id")?,
        channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
        kind,
        attempts: u32_column(row.try_get("attempts")?, "attempts")?,
    })
}

impl Store {
    /// Stores a pending announcement, in the transaction of the claim that
    /// made it due.
    pub(super) async fn insert_announcement(
        conn: &mut sqlx::AnyConnection,
        channel: u64,
        kind: AnnouncementKind,
        now: i64,
    ) -> Result<(), StoreError> {
        let (game, challenge, ply) = match kind {
            AnnouncementKind::Reminder { game, ply } => (Some(game), None, Some(i64::from(ply))),
            AnnouncementKind::LossOnTime { game } | AnnouncementKind::MatchGame { game } => (Some(game), None, None),
            AnnouncementKind::ChallengeExpired { challenge } => (None, Some(challenge), None),
        };
        sqlx::query(
            "INSERT INTO announcements (kind, channel_id, game_id, challenge_id, ply, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(AnnouncementTopic::from(kind).into_str())
        .bind(db_id(channel)?)
        .bind(game)
        .bind(challenge)
        .bind(ply)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    /// Leases up to `limit` pending announcements whose lease (if any) ran
    /// out by `now`, oldest first, until `now + lease_secs`. Each is leased
    /// by one caller at a time, even across processes: the UPDATE checks
    /// the lease again on the rows it changes and returns only those.
    pub async fn lease_announcements(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<AnnouncementRow>, StoreError> {
        let rows = sqlx::query(
            "UPDATE announcements SET lease_until = $2, attempts = attempts + 1 \
             WHERE done_at IS NULL AND (lease_until IS NULL OR lease_until <= $1) AND id IN \
             (SELECT id FROM announcements WHERE done_at IS NULL AND (lease_until IS NULL OR lease_until <= $1) \
              ORDER BY id LIMIT $3) \
             RETURNING id, kind, channel_id, game_id, challenge_id, ply, attempts",
        )
        .bind(now)
        .bind(now + lease_secs)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = rows.iter().map(announcement_from_row).collect::<Result<Vec<_>, _>>()?;
        out.sort_by_key(|a| a.id);
        Ok(out)
    }

    /// Settles announcement `id`; `false` if it was settled already.
    pub async fn settle_announcement(
        &self,
        id: i64,
        outcome: AnnouncementOutcome,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE announcements SET done_at = $2, outcome = $3, lease_until = NULL WHERE id = $1 AND done_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .bind(outcome.into_str())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the announcements settled before `before`; returns how many.
    pub async fn prune_settled_announcements(&self, before: i64) -> Result<u64, StoreError> {
        let pruned = sqlx::query("DELETE FROM announcements WHERE done_at IS NOT NULL AND done_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(pruned.rows_affected())
    }

    /// How many announcements there are, settled or not.
    pub async fn announcement_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM announcements").fetch_one(&self.pool).await?)
    }

    /// How many announcements are not settled yet.
    pub async fn pending_announcement_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM announcements WHERE done_at IS NULL").fetch_one(&self.pool).await?)
    }
}
