//! The `challenges` table.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::time_control::TimeControl;
use super::{
    AnnouncementKind, ChallengeRefused, ChallengeState, ColorChoice, MAX_OPEN_CHALLENGES, Store, StoreError,
    bool_column, db_id, discord_id, enum_column, u32_column,
};
use crate::rules::{DrawRules, Variant};

/// A challenge to store.
#[derive(Clone, Debug)]
pub struct NewChallengeRow {
    /// Server id.
    pub guild: Option<u64>,
    /// Channel id.
    pub channel: u64,
    /// Challenger's user id.
    pub challenger: u64,
    /// Challenged user's id; `None` for an open challenge, which anyone
    /// may accept (the one who does is recorded then).
    pub opponent: Option<u64>,
    /// The challenger's side.
    pub color: ColorChoice,
    /// The clock's terms.
    pub time: TimeControl,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// Start position, PDN FEN.
    pub start_fen: String,
    /// Optional display names.
    pub challenger_name: Option<String>,
    /// Optional display names.
    pub opponent_name: Option<String>,
    /// Whether the game is to count for ratings (the `rated` option).
    pub rated: bool,
    /// Whether it is a challenge to a match of four games (RULES 8.3).
    pub is_match: bool,
    /// An open rated challenge: only players rated within this many points
    /// of the challenger may accept.
    pub rating_range: Option<u32>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub expires_at: i64,
}

/// A stored challenge.
#[derive(Clone, Debug)]
pub struct ChallengeRow {
    /// Its id.
    pub id: i64,
    /// Its terms, as the challenger set them (what was stored).
    pub setup: NewChallengeRow,
    /// Open, accepted, declined, cancelled or expired.
    pub state: ChallengeState,
    /// The game it started, once accepted.
    pub game_id: Option<i64>,
    /// Who closed it: the taker, the one who declined or withdrew it, a
    /// moderator; `None` while open, once expired, or when a game took its
    /// channel.
    pub closed_by: Option<u64>,
    /// The message it was posted as, while that message still shows it
    /// open (as far as the bot knows).
    pub post_message: Option<u64>,
}

macro_rules! challenge_columns {
    () => {
        "c.id, c.guild_id, c.channel_id, c.challenger_id, c.opponent_id, c.color, c.days_per_move, c.bank_start, \
         c.bank_increment, c.bank_max, c.weekends_zone, c.variant, c.draw_rules, c.start_fen, c.challenger_name, c.opponent_name, c.created_at, c.expires_at, c.state, c.rated, c.is_match, \
         c.rating_range, c.closed_by, c.post_message_id, \
         (SELECT g.id FROM games g WHERE g.challenge_id = c.id) AS game_id"
    };
}

pub(super) fn challenge_from_row(row: &AnyRow) -> Result<ChallengeRow, StoreError> {
    let guild: Option<i64> = row.try_get("guild_id")?;
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        setup: NewChallengeRow {
            guild: guild.map(|g| discord_id(g, "guild_id")).transpose()?,
            channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
            challenger: discord_id(row.try_get("challenger_id")?, "challenger_id")?,
            opponent: row
                .try_get::<Option<i64>, _>("opponent_id")?
                .map(|o| discord_id(o, "opponent_id"))
                .transpose()?,
            color: enum_column(row, "color")?,
            time: TimeControl::from_row(row)?,
            variant: enum_column(row, "variant")?,
            draw_rules: enum_column(row, "draw_rules")?,
            start_fen: row.try_get("start_fen")?,
            challenger_name: row.try_get("challenger_name")?,
            opponent_name: row.try_get("opponent_name")?,
            rated: bool_column(row.try_get("rated")?, "rated")?,
            is_match: bool_column(row.try_get("is_match")?, "is_match")?,
            rating_range: row
                .try_get::<Option<i64>, _>("rating_range")?
                .map(|r| u32_column(r, "rating_range"))
                .transpose()?,
            created_at: row.try_get("created_at")?,
            expires_at: row.try_get("expires_at")?,
        },
        state: enum_column(row, "state")?,
        game_id: row.try_get("game_id")?,
        closed_by: row.try_get::<Option<i64>, _>("closed_by")?.map(|u| discord_id(u, "closed_by")).transpose()?,
        // 0: the post was replaced by the answer to a press on it.
        post_message: row
            .try_get::<Option<i64>, _>("post_message_id")?
            .filter(|&m| m != 0)
            .map(|m| discord_id(m, "post_message_id"))
            .transpose()?,
    })
}

impl Store {
    /// Stores an open challenge, unless its channel holds a live game, the
    /// challenger already has an open challenge to the same opponent there,
    /// or [`MAX_OPEN_CHALLENGES`] open in the server (outside a server there
    /// is no limit: no one else sees those). One conditional
    /// statement (atomic on SQLite), under the channel's and the
    /// challenger's locks on PostgreSQL, so racing challenges cannot pass
    /// a limit nor land beside a game starting at that moment.
    pub async fn insert_challenge(&self, c: &NewChallengeRow) -> Result<Result<i64, ChallengeRefused>, StoreError> {
        let mut tx = self.pool.begin().await?;
        self.lock_id(&mut tx, c.channel).await?;
        self.lock_id(&mut tx, c.challenger).await?;
        let guild = c.guild.map(db_id).transpose()?;
        let inserted = sqlx::query_scalar::<_, i64>(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, \
             draw_rules, start_fen, challenger_name, opponent_name, created_at, expires_at, state, rated, is_match, \
             rating_range, bank_start, bank_increment, bank_max, weekends_zone) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'open', $15, $16, $17, $18, $19, $20, $21 \
             WHERE NOT EXISTS (SELECT 1 FROM games WHERE channel_id = $2 AND status = 'live') \
             AND NOT EXISTS (SELECT 1 FROM matches WHERE channel_id = $2 AND status = 'live') \
             AND NOT EXISTS (SELECT 1 FROM challenges WHERE state = 'open' AND channel_id = $2 \
                             AND challenger_id = $3 AND opponent_id IS NOT DISTINCT FROM $4 AND expires_at > $12) \
             AND ($1 IS NULL OR (SELECT COUNT(*) FROM challenges WHERE state = 'open' AND guild_id = $1 \
                                 AND challenger_id = $3 AND expires_at > $12) < $14) \
             RETURNING id",
        )
        .bind(guild)
        .bind(db_id(c.channel)?)
        .bind(db_id(c.challenger)?)
        .bind(c.opponent.map(db_id).transpose()?)
        .bind(c.color.name())
        .bind(c.time.days_column())
        .bind(c.variant.name())
        .bind(c.draw_rules.name())
        .bind(&c.start_fen)
        .bind(&c.challenger_name)
        .bind(&c.opponent_name)
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(MAX_OPEN_CHALLENGES)
        .bind(i64::from(c.rated))
        .bind(i64::from(c.is_match))
        .bind(c.rating_range.map(i64::from))
        .bind(c.time.bank_columns()[0])
        .bind(c.time.bank_columns()[1])
        .bind(c.time.bank_columns()[2])
        .bind(&c.time.weekends_zone)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(id) = inserted {
            tx.commit().await?;
            return Ok(Ok(id));
        }
        // Refused: say why, read in the same transaction.
        let live: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE channel_id = $1 AND status = 'live'")
            .bind(db_id(c.channel)?)
            .fetch_optional(&mut *tx)
            .await?;
        // Between two games of a match the channel is the match's still.
        let live = live.is_some() || self.live_match_in_channel(&mut tx, c.channel).await?;
        let open: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM challenges WHERE state = 'open' AND guild_id = $1 AND challenger_id = $2 \
             AND expires_at > $3",
        )
        .bind(guild)
        .bind(db_id(c.challenger)?)
        .bind(c.created_at)
        .fetch_one(&mut *tx)
        .await?;
        tx.rollback().await?;
        Ok(Err(if live {
            ChallengeRefused::ChannelHasGame
        } else if open >= MAX_OPEN_CHALLENGES {
            ChallengeRefused::TooManyOpen
        } else {
            ChallengeRefused::Duplicate
        }))
    }

    /// A challenge by id.
    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>, StoreError> {
        let row = sqlx::query(concat!("SELECT ", challenge_columns!(), " FROM challenges c WHERE c.id = $1"))
            .bind(id)
            .fetch_optional(&self.reads)
            .await?;
        row.as_ref().map(challenge_from_row).transpose()
    }

    /// The open challenges of a channel, oldest first.
    pub async fn open_challenges_in_channel(&self, channel: u64) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            challenge_columns!(),
            " FROM challenges c WHERE c.channel_id = $1 AND c.state = 'open' ORDER BY c.id"
        ))
        .bind(db_id(channel)?)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(challenge_from_row).collect()
    }

    /// The open, unexpired challenges of server `guild` that `user` may
    /// accept or made (open to anyone, or naming them, or theirs), newest
    /// first, skipping `offset` and taking at most `limit`, with how many
    /// there are (for `/challenges`).
    pub async fn open_challenges_page(
        &self,
        guild: u64,
        user: u64,
        now: i64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<ChallengeRow>, u64), StoreError> {
        const FOR_USER: &str = "c.guild_id = $1 AND c.state = 'open' AND c.expires_at > $3 \
             AND (c.opponent_id IS NULL OR c.opponent_id = $2 OR c.challenger_id = $2)";
        let total: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM challenges c WHERE {FOR_USER}")))
                .bind(db_id(guild)?)
                .bind(db_id(user)?)
                .bind(now)
                .fetch_one(&self.reads)
                .await?;
        let sql = format!(
            "SELECT {} FROM challenges c WHERE {FOR_USER} ORDER BY c.id DESC LIMIT $4 OFFSET $5",
            challenge_columns!()
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(db_id(guild)?)
            .bind(db_id(user)?)
            .bind(now)
            .bind(i64::from(limit))
            .bind(i64::from(offset))
            .fetch_all(&self.reads)
            .await?;
        let rows = rows.iter().map(challenge_from_row).collect::<Result<Vec<_>, _>>()?;
        Ok((rows, u64::try_from(total).map_err(|_| StoreError::Corrupt("count"))?))
    }

    /// Moves an open challenge to `state` (declined or cancelled) by user
    /// `by`; `None` when it was no longer open, so only one closing command
    /// wins. `from_post`: closed by a press on its post, which the answer
    /// replaces: no edit of it is owed (`post_message_id` 0 says so, so
    /// that an id stored after the press, by a slow answer, is not taken).
    pub async fn close_challenge(
        &self,
        id: i64,
        state: ChallengeState,
        by: u64,
        from_post: bool,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        let done = sqlx::query(
            "UPDATE challenges SET state = $2, closed_by = $3, \
             post_message_id = CASE WHEN $4 = 1 THEN 0 ELSE post_message_id END \
             WHERE id = $1 AND state = 'open'",
        )
        .bind(id)
        .bind(state.name())
        .bind(db_id(by)?)
        .bind(i64::from(from_post))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(None);
        }
        self.challenge(id).await
    }

    /// Marks every open challenge whose time is up at `now` as expired and
    /// returns them. Each is returned by exactly one call, even when several
    /// run at once: the single UPDATE only returns the rows it changed.
    /// Each is announced through the outbox, written in the same transaction.
    pub async fn claim_expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let claimed: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE challenges SET state = 'expired' WHERE state = 'open' AND expires_at <= $1 \
             RETURNING id, channel_id",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for &(challenge, channel) in &claimed {
            let kind = AnnouncementKind::ChallengeExpired { challenge };
            Store::insert_announcement(&mut tx, discord_id(channel, "channel_id")?, kind, now).await?;
        }
        tx.commit().await?;
        let mut out = Vec::with_capacity(claimed.len());
        for (id, _) in claimed {
            out.extend(self.challenge(id).await?);
        }
        out.sort_by_key(|c| c.id);
        Ok(out)
    }

    /// Remembers that challenge `id` was posted as `message`, so the post
    /// can be brought up to date when it closes; unless a press on that
    /// post closed it already (its answer replaced the post).
    pub async fn set_challenge_post(&self, id: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET post_message_id = $2 WHERE id = $1 AND post_message_id IS NULL")
            .bind(id)
            .bind(db_id(message)?)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Up to `limit` challenges accepted, declined or cancelled whose posts
    /// still show them open, oldest first (an expired one's post is
    /// brought up to date by its announcement).
    pub async fn challenge_posts_to_update(&self, limit: u32) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            challenge_columns!(),
            " FROM challenges c WHERE c.post_message_id > 0 \
             AND c.state IN ('accepted', 'declined', 'cancelled') ORDER BY c.id LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(challenge_from_row).collect()
    }

    /// Challenge `id`'s post `message` shows how it closed (or is gone):
    /// forgotten, unless the challenge has been posted again as another.
    pub async fn challenge_post_updated(&self, id: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET post_message_id = NULL WHERE id = $1 AND post_message_id = $2")
            .bind(id)
            .bind(db_id(message)?)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
