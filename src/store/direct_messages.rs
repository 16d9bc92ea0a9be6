//! The `direct_messages` table: the outbox of what reaches a player by
//! direct message (see the migration that makes it). Rows are written in
//! the transaction that made them due - a move, the claim of a reminder or
//! of a loss on time, the claim of a digest - and only for players who
//! chose them and whose direct messages are not known to be closed; they
//! are leased one process at a time and settled once Discord took them.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::outbox::Outbox;
use super::{AnnouncementOutcome, Store, StoreError, db_id, discord_id, enum_column, u32_column};

/// What a direct message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(DirectTopic),
    vis(pub(super)),
    doc = "The stored name of a [`DirectKind`] (`direct_messages.kind`).",
    derive(strum::EnumString, strum::IntoStaticStr, strum::VariantArray),
    strum(serialize_all = "snake_case", const_into_str)
)]
pub enum DirectKind {
    /// A move made it the player's turn (or ended the game): `ply` is the
    /// number of plies after it.
    Move {
        /// The game.
        game: i64,
        /// Plies played once the move was made.
        ply: u32,
    },
    /// The player's deadline at `ply` is near.
    Reminder {
        /// The game.
        game: i64,
        /// The ply the reminder is for.
        ply: u32,
    },
    /// A game of theirs was lost on time.
    LossOnTime {
        /// The game.
        game: i64,
    },
    /// The day's list of games where it is their move.
    Digest,
    /// Their vacation days in the server ran out: the clocks of their
    /// games run again (with the games where it is their move).
    VacationOver,
}

impl DirectKind {
    /// The game it is about (`None` for a digest or a vacation's end).
    pub fn game(self) -> Option<i64> {
        match self {
            DirectKind::Move { game, .. } | DirectKind::Reminder { game, .. } | DirectKind::LossOnTime { game } => {
                Some(game)
            }
            DirectKind::Digest | DirectKind::VacationOver => None,
        }
    }
}

/// A pending direct message, leased to the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectMessageRow {
    /// Its id (also the nonce of its message).
    pub id: i64,
    /// Whom it is for.
    pub user: u64,
    /// The server it is about.
    pub guild: u64,
    /// What it says.
    pub kind: DirectKind,
    /// How many times it was leased, this time included.
    pub attempts: u32,
    /// The ply its game was at when it was leased (`None` for a message
    /// about no game, and for one not read by a lease).
    pub game_ply: Option<u32>,
    /// The language it is written in, read by the lease: the player's own
    /// choice in that server, else the server's (`None`: neither is set).
    pub reader_locale: Option<String>,
}

fn direct_message_from_row(row: &AnyRow) -> Result<DirectMessageRow, StoreError> {
    let topic: DirectTopic = enum_column(row, "kind")?;
    let game: Option<i64> = row.try_get("game_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let kind = match (topic, game, ply) {
        (DirectTopic::Move, Some(game), Some(ply)) => DirectKind::Move { game, ply: u32_column(ply, "ply")? },
        (DirectTopic::Reminder, Some(game), Some(ply)) => DirectKind::Reminder { game, ply: u32_column(ply, "ply")? },
        (DirectTopic::LossOnTime, Some(game), None) => DirectKind::LossOnTime { game },
        (DirectTopic::Digest, None, None) => DirectKind::Digest,
        (DirectTopic::VacationOver, None, None) => DirectKind::VacationOver,
        _ => return Err(StoreError::Corrupt("direct_messages.kind")),
    };
    Ok(DirectMessageRow {
        id: row.try_get("id")?,
        user: discord_id(row.try_get("user_id")?, "user_id")?,
        guild: discord_id(row.try_get("guild_id")?, "guild_id")?,
        kind,
        attempts: u32_column(row.try_get("attempts")?, "attempts")?,
        game_ply: None,
        reader_locale: None,
    })
}

/// Which players of a game a direct message about it is queued for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Recipients {
    /// The player who did not make the move (`mover`); only with `/notify dm`.
    OpponentOf(i64),
    /// The player to move; with `/notify dm` or `digest`.
    ToMove,
    /// Both players; each with `/notify dm` or `digest`.
    Both,
}

impl Store {
    /// Queues `kind` (about a game) for the players `to` who chose to hear
    /// of it by direct message and whose messages are not closed; in the
    /// caller's transaction. One statement, whoever the players are;
    /// `true` when one was queued.
    pub(super) async fn queue_game_dm(
        conn: &mut AnyConnection,
        kind: DirectKind,
        to: Recipients,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (game, ply) = match kind {
            DirectKind::Move { game, ply } | DirectKind::Reminder { game, ply } => (game, Some(i64::from(ply))),
            DirectKind::LossOnTime { game } => (game, None),
            DirectKind::Digest | DirectKind::VacationOver => {
                return Err(StoreError::Corrupt("a digest or a vacation's end is about no game"));
            }
        };
        let (who, modes) = match to {
            Recipients::OpponentOf(_) => {
                ("p.user_id = CASE WHEN g.white_id = $5 THEN g.black_id ELSE g.white_id END", "('dm')")
            }
            Recipients::ToMove => {
                ("p.user_id = CASE g.turn WHEN 'white' THEN g.white_id ELSE g.black_id END", "('dm', 'digest')")
            }
            Recipients::Both => ("p.user_id IN (g.white_id, g.black_id)", "('dm', 'digest')"),
        };
        let sql = format!(
            "INSERT INTO direct_messages (kind, user_id, guild_id, game_id, ply, created_at) \
             SELECT $1, p.user_id, p.guild_id, g.id, $3, $4 FROM games g \
             JOIN player_settings p ON p.guild_id = g.guild_id AND {who} \
             WHERE g.id = $2 AND p.notify IN {modes} \
             AND NOT EXISTS (SELECT 1 FROM closed_dms c WHERE c.user_id = p.user_id)"
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(DirectTopic::from(kind).into_str())
            .bind(game)
            .bind(ply)
            .bind(now);
        if let Recipients::OpponentOf(mover) = to {
            query = query.bind(mover);
        }
        Ok(query.execute(&mut *conn).await?.rows_affected() > 0)
    }

    /// Claims the digests due by `now`: each player's next digest moves to
    /// their hour on the first day after `now` that has it still to come
    /// (`day_start` is the start of `now`'s day, UTC), and a digest is
    /// queued, in one transaction. The UPDATE comes first and returns only
    /// the rows it moved, so each digest is claimed once however many
    /// processes ask. Returns how many.
    pub async fn claim_digests(&self, now: i64, day_start: i64) -> Result<usize, StoreError> {
        let mut tx = self.pool.begin().await?;
        let due: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE player_settings SET next_digest_at = $2 + digest_hour * 3600 \
             + CASE WHEN $2 + digest_hour * 3600 > $1 THEN 0 ELSE 86400 END \
             WHERE next_digest_at IS NOT NULL AND next_digest_at <= $1 RETURNING guild_id, user_id",
        )
        .bind(now)
        .bind(day_start)
        .fetch_all(&mut *tx)
        .await?;
        for &(guild, user) in &due {
            sqlx::query(
                "INSERT INTO direct_messages (kind, user_id, guild_id, created_at) \
                 SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM closed_dms WHERE user_id = $2)",
            )
            .bind(DirectTopic::Digest.into_str())
            .bind(user)
            .bind(guild)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(due.len())
    }

    /// Leases up to `limit` pending direct messages whose lease (if any)
    /// ran out by `now`, oldest first, until `now + lease_secs`; each to
    /// one caller at a time, as announcements are (see [`Outbox`]).
    pub async fn lease_direct_messages(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<DirectMessageRow>, StoreError> {
        let rows = self.lease_outbox(Outbox::DirectMessages, now, lease_secs, limit).await?;
        let leased = |row: &AnyRow| {
            let ply: Option<i64> = row.try_get("game_ply")?;
            let game_ply = ply.map(|ply| u32_column(ply, "games.ply")).transpose()?;
            let reader_locale = row.try_get("reader_locale")?;
            Ok(DirectMessageRow { game_ply, reader_locale, ..direct_message_from_row(row)? })
        };
        let mut out = rows.iter().map(leased).collect::<Result<Vec<_>, StoreError>>()?;
        out.sort_by_key(|m| m.id);
        Ok(out)
    }

    /// Settles direct message `id`; `false` if it was settled already.
    pub async fn settle_direct_message(
        &self,
        id: i64,
        outcome: AnnouncementOutcome,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.settle_outbox(Outbox::DirectMessages, id, outcome, now).await
    }

    /// Settles each of `done` (id, outcome) in one transaction; returns how
    /// many were not settled before.
    pub async fn settle_direct_messages(
        &self,
        done: &[(i64, AnnouncementOutcome)],
        now: i64,
    ) -> Result<u64, StoreError> {
        self.settle_outbox_all(Outbox::DirectMessages, done, now).await
    }

    /// Deletes the direct messages settled before `before`; returns how many.
    pub async fn prune_settled_direct_messages(&self, before: i64) -> Result<u64, StoreError> {
        self.prune_outbox(Outbox::DirectMessages, before).await
    }

    /// The direct messages ever queued for `user` (settled or not), oldest
    /// first: for tests and an operator's look.
    pub async fn direct_messages_of(
        &self,
        user: u64,
    ) -> Result<Vec<(DirectKind, Option<AnnouncementOutcome>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, user_id, guild_id, game_id, ply, attempts, outcome FROM direct_messages \
             WHERE user_id = $1 ORDER BY id",
        )
        .bind(db_id(user)?)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                let outcome = super::optional_enum_column(row, "outcome")?;
                Ok((direct_message_from_row(row)?.kind, outcome))
            })
            .collect()
    }
}
