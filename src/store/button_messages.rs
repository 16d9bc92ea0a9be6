//! The `button_messages` table: the bot's messages that carry a game's
//! buttons, with the position they were made for. The service decides
//! which can no longer act; the Discord layer takes their buttons off and
//! has them forgotten here.

use sqlx::{AnyConnection, AnyPool, Row};
use tokio::sync::oneshot;

use super::move_write::{ButtonMessageRow, ButtonsJob, WriteJob};
use super::{Store, StoreError, db_id, discord_id, enum_column, u32_column};

impl Store {
    /// Keeps `row` (a message posted again under the same id keeps its
    /// latest position and text), committed with the moves being written
    /// now (see [`super::moves`]).
    pub async fn keep_button_message(&self, row: &ButtonMessageRow) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        match self.writer.send(WriteJob::Buttons(ButtonsJob { row: row.clone(), reply })).await {
            Ok(()) => answer.await.unwrap_or_else(|_| Err(StoreError::WriterGone)),
            // No writer (its runtime ended): write it here.
            Err(_) => keep_alone(&self.pool, row).await,
        }
    }

    /// Records that kept message `message` now reads `content` (it was edited).
    pub async fn set_button_message_content(&self, message: u64, content: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE button_messages SET content = $2 WHERE message_id = $1")
            .bind(db_id(message)?)
            .bind(content)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The messages kept with buttons of game `game`, oldest first.
    pub async fn button_messages_of(&self, game: i64) -> Result<Vec<ButtonMessageRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT message_id, channel_id, game_id, ply, kind, content FROM button_messages WHERE game_id = $1 \
             ORDER BY message_id",
        )
        .bind(game)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ButtonMessageRow {
                    message: discord_id(row.try_get("message_id")?, "message_id")?,
                    channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
                    game: row.try_get("game_id")?,
                    ply: u32_column(row.try_get("ply")?, "ply")?,
                    kind: enum_column(row, "kind")?,
                    content: row.try_get("content")?,
                })
            })
            .collect()
    }

    /// Forgets `messages` (their buttons are off, or the messages gone).
    pub async fn forget_button_messages(&self, messages: &[u64]) -> Result<(), StoreError> {
        for &message in messages {
            sqlx::query("DELETE FROM button_messages WHERE message_id = $1")
                .bind(db_id(message)?)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

/// Writes `row` on `conn` (in the move writer's transaction, or alone).
pub(super) async fn insert_button_message(conn: &mut AnyConnection, row: &ButtonMessageRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO button_messages (message_id, channel_id, game_id, ply, kind, content) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id, ply = excluded.ply, \
         kind = excluded.kind, content = excluded.content",
    )
    .bind(db_id(row.message)?)
    .bind(db_id(row.channel)?)
    .bind(row.game)
    .bind(i64::from(row.ply))
    .bind(row.kind.name())
    .bind(row.content.as_deref())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes `row` in a commit of its own (no writer, or its batch failed).
pub(super) async fn keep_alone(pool: &AnyPool, row: &ButtonMessageRow) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    insert_button_message(&mut conn, row).await
}
