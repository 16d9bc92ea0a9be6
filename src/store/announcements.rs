//! The `announcements` table: the clock's outbox (see the migration that
//! makes it). Rows are written by the claims in `games` and `challenges`
//! and leased, one process at a time, by whoever posts them.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::outbox::{AnnouncementOutcome, Outbox};
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
    /// The player to move at `ply` is away on vacation: their opponent is
    /// told that the game's clock stands still, and until when at most.
    VacationNotice {
        /// The game.
        game: i64,
        /// The ply it reached them at.
        ply: u32,
    },
    /// The vacation days of the player to move at `ply` ran out: the
    /// game's clock runs again (said in the game, to a player who did not
    /// choose direct messages).
    VacationOver {
        /// The game.
        game: i64,
        /// The ply it is their move at.
        ply: u32,
    },
    /// The vacation of the player to move at `ply` ended (by `/vacation
    /// end`, or their days ran out while they chose direct messages): their
    /// opponent, told when it began, is told that the clock runs again.
    VacationBack {
        /// The game.
        game: i64,
        /// The ply it is their move at.
        ply: u32,
    },
    /// A tournament game began (in its own thread).
    TournamentGame {
        /// The game.
        game: i64,
    },
    /// A tournament game ended outside its moves: lost by forfeit (a
    /// player withdrew) or aborted (the tournament was cancelled).
    TournamentGameEnded {
        /// The game.
        game: i64,
    },
    /// A challenge expired unanswered.
    ChallengeExpired {
        /// The challenge.
        challenge: i64,
    },
    /// A player's conditional premove was played for them at `ply`.
    PremoveReply {
        /// The game.
        game: i64,
        /// The ply the reply was played at (plies before it).
        ply: u32,
    },
}

impl AnnouncementKind {
    /// The game it is about (`None` for an expired challenge).
    pub fn game(self) -> Option<i64> {
        use AnnouncementKind as K;
        match self {
            K::Reminder { game, .. }
            | K::PremoveReply { game, .. }
            | K::VacationNotice { game, .. }
            | K::VacationOver { game, .. }
            | K::VacationBack { game, .. }
            | K::LossOnTime { game }
            | K::MatchGame { game }
            | K::TournamentGame { game }
            | K::TournamentGameEnded { game } => Some(game),
            K::ChallengeExpired { .. } => None,
        }
    }
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

fn announcement_from_row(row: &AnyRow) -> Result<AnnouncementRow, StoreError> {
    let topic: AnnouncementTopic = enum_column(row, "kind")?;
    let game: Option<i64> = row.try_get("game_id")?;
    let challenge: Option<i64> = row.try_get("challenge_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let kind = match (topic, game, challenge, ply) {
        (AnnouncementTopic::Reminder, Some(game), None, Some(ply)) => {
            AnnouncementKind::Reminder { game, ply: u32_column(ply, "ply")? }
        }
        (AnnouncementTopic::PremoveReply, Some(game), None, Some(ply)) => {
            AnnouncementKind::PremoveReply { game, ply: u32_column(ply, "ply")? }
        }
        (AnnouncementTopic::LossOnTime, Some(game), None, None) => AnnouncementKind::LossOnTime { game },
        (AnnouncementTopic::MatchGame, Some(game), None, None) => AnnouncementKind::MatchGame { game },
        (AnnouncementTopic::TournamentGame, Some(game), None, None) => AnnouncementKind::TournamentGame { game },
        (AnnouncementTopic::TournamentGameEnded, Some(game), None, None) => {
            AnnouncementKind::TournamentGameEnded { game }
        }
        (AnnouncementTopic::VacationNotice, Some(game), None, Some(ply)) => {
            AnnouncementKind::VacationNotice { game, ply: u32_column(ply, "ply")? }
        }
        (AnnouncementTopic::VacationOver, Some(game), None, Some(ply)) => {
            AnnouncementKind::VacationOver { game, ply: u32_column(ply, "ply")? }
        }
        (AnnouncementTopic::VacationBack, Some(game), None, Some(ply)) => {
            AnnouncementKind::VacationBack { game, ply: u32_column(ply, "ply")? }
        }
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
            AnnouncementKind::Reminder { game, ply }
            | AnnouncementKind::PremoveReply { game, ply }
            | AnnouncementKind::VacationNotice { game, ply }
            | AnnouncementKind::VacationOver { game, ply }
            | AnnouncementKind::VacationBack { game, ply } => (Some(game), None, Some(i64::from(ply))),
            AnnouncementKind::LossOnTime { game }
            | AnnouncementKind::MatchGame { game }
            | AnnouncementKind::TournamentGame { game }
            | AnnouncementKind::TournamentGameEnded { game } => (Some(game), None, None),
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
    /// out by `now`, oldest first, until `now + lease_secs`; each to one
    /// caller at a time, even across processes (see [`Outbox`]).
    pub async fn lease_announcements(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<AnnouncementRow>, StoreError> {
        let rows = self.lease_outbox(Outbox::Announcements, now, lease_secs, limit).await?;
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
        self.settle_outbox(Outbox::Announcements, id, outcome, now).await
    }

    /// Settles each of `done` (id, outcome) in one transaction; returns how
    /// many were not settled before.
    pub async fn settle_announcements(&self, done: &[(i64, AnnouncementOutcome)], now: i64) -> Result<u64, StoreError> {
        self.settle_outbox_all(Outbox::Announcements, done, now).await
    }

    /// Deletes the announcements settled before `before`; returns how many.
    pub async fn prune_settled_announcements(&self, before: i64) -> Result<u64, StoreError> {
        self.prune_outbox(Outbox::Announcements, before).await
    }

    /// How many announcements there are, settled or not.
    pub async fn announcement_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM announcements").fetch_one(&self.reads).await?)
    }

    /// How many announcements are not settled yet.
    pub async fn pending_announcement_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM announcements WHERE done_at IS NULL")
            .fetch_one(&self.reads)
            .await?)
    }
}
