//! Direct messages: what reaches a player outside the game's channel, as
//! they chose with `/notify` - the move that makes it their turn, the
//! reminder, the loss on time, the daily digest. They wait in the store's
//! outbox like the clock's announcements (at least once, never shown
//! twice, one process at a time) and are rebuilt from what is stored when
//! they are sent, so one that no longer needs saying is dropped.

use super::Notifications;
use crate::game::deadlines::due_events::{ANNOUNCEMENT_KEPT, ANNOUNCEMENT_LEASE};
use crate::game::lookup::GamesRead;
use crate::game::{DAY, GameError, GameSummary, GameView};
use crate::store::{AnnouncementOutcome, DirectKind, DirectMessageRow};

/// Direct messages leased at a time.
const DIRECT_BATCH: i64 = 50;
/// Most games a digest lists (the rest are counted, and `/mygames` shows them).
pub const DIGEST_GAMES: u32 = 10;

/// What a direct message says, as things stand when it is sent.
#[derive(Clone, Debug)]
pub enum DirectDue {
    /// The opponent moved: it is the player's turn, or the game ended.
    Move(GameView),
    /// The player's deadline is near.
    Reminder(GameView),
    /// A game of theirs ended on time.
    LossOnTime(GameView),
    /// The games where it is their move (never empty), soonest deadline
    /// first, and how many there are in all.
    Digest(Vec<GameSummary>, u64),
    /// Their vacation days ran out: the clocks run again in the games
    /// listed (where it is their move; perhaps none), of so many in all.
    VacationOver(Vec<GameSummary>, u64),
}

/// A direct message to send, from the outbox; its `id` is the message's nonce.
#[derive(Clone, Debug)]
pub struct DirectMessage {
    /// The outbox row.
    pub id: i64,
    /// Whom it goes to.
    pub user: u64,
    /// The server it is about.
    pub guild: u64,
    /// How many times it was leased, this time included.
    pub attempts: u32,
    /// What to say; `None` when it no longer needs saying.
    pub due: Option<DirectDue>,
    /// The language to write it in: the player's choice in that server,
    /// else the server's (`None`: neither is set).
    pub locale: Option<String>,
}

/// Whether `row` is about a move its player has answered since: known
/// from the ply the lease read, without reading the game.
fn stale(row: &DirectMessageRow) -> bool {
    match row.kind {
        DirectKind::Move { ply, .. } | DirectKind::Reminder { ply, .. } => row.game_ply != Some(ply),
        _ => false,
    }
}

/// The game whose state `row` is written from, unless it is stale or
/// about no one game: what the lease reads for its batch in one go.
fn game_to_read(row: &DirectMessageRow) -> Option<i64> {
    if stale(row) { None } else { row.kind.game() }
}

impl Notifications<'_> {
    /// Claims the digests due by `now` (each player's next one moves to the
    /// next day); returns how many were queued.
    pub async fn claim_digests(self, now: i64) -> Result<usize, GameError> {
        // The same day arithmetic as `next_hour_at`, done in the UPDATE.
        Ok(self.store.claim_digests(now, now - now.rem_euclid(DAY)).await?)
    }

    /// Leases pending direct messages, oldest first, each rebuilt from what
    /// is stored now. Settle each with [`Notifications::settle_direct_message`].
    pub async fn lease_direct_messages(self, now: i64) -> Result<Vec<DirectMessage>, GameError> {
        let rows = self.store.lease_direct_messages(now, ANNOUNCEMENT_LEASE, DIRECT_BATCH).await?;
        let games = self.games_read(rows.iter().filter_map(game_to_read).collect()).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let due = match self.direct_due(now, &row, &games).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::error!(id = row.id, error = %e, "a direct message cannot be read back; dropping it");
                    self.store.settle_direct_message(row.id, AnnouncementOutcome::Undeliverable, now).await?;
                    continue;
                }
            };
            let (id, user, guild, attempts) = (row.id, row.user, row.guild, row.attempts);
            out.push(DirectMessage { id, user, guild, attempts, due, locale: row.reader_locale });
        }
        Ok(out)
    }

    /// What a leased direct message says as things stand at `now`, its
    /// game taken from `games` (read for the batch, see [`game_to_read`]).
    async fn direct_due(
        self,
        now: i64,
        row: &DirectMessageRow,
        games: &GamesRead,
    ) -> Result<Option<DirectDue>, GameError> {
        let (guild, user) = (row.guild, row.user);
        Ok(match row.kind {
            _ if stale(row) => None,
            DirectKind::Move { game, ply } => {
                let view = games.game(game)?;
                (view.ply() == ply).then_some(DirectDue::Move(view))
            }
            DirectKind::Reminder { game, ply } => {
                let view = games.game(game)?;
                (view.is_live() && view.ply() == ply && now < view.deadline && view.paused_since.is_none())
                    .then_some(DirectDue::Reminder(view))
            }
            DirectKind::LossOnTime { game } => Some(DirectDue::LossOnTime(games.game(game)?)),
            DirectKind::Digest => {
                let (games, total) = self.games_to_move(guild, user).await?;
                (!games.is_empty()).then_some(DirectDue::Digest(games, total))
            }
            DirectKind::VacationOver => {
                let (games, total) = self.games_to_move(guild, user).await?;
                Some(DirectDue::VacationOver(games, total))
            }
        })
    }

    /// The live games in `guild` where it is `user`'s move, soonest
    /// deadline first (at most [`DIGEST_GAMES`]), and how many there are.
    async fn games_to_move(self, guild: u64, user: u64) -> Result<(Vec<GameSummary>, u64), GameError> {
        let found = self.store.live_games_to_move(guild, user, DIGEST_GAMES).await?;
        let games =
            found.games.into_iter().map(crate::game::records::game_list::summary).collect::<Result<Vec<_>, _>>()?;
        Ok((games, found.total))
    }

    /// Records how direct message `id` went; `false` if it was settled before.
    pub async fn settle_direct_message(
        self,
        id: i64,
        outcome: AnnouncementOutcome,
        now: i64,
    ) -> Result<bool, GameError> {
        Ok(self.store.settle_direct_message(id, outcome, now).await?)
    }

    /// Records how each of `done` (id, outcome) went, in one write; returns
    /// how many were not settled before.
    pub async fn settle_direct_messages(self, done: &[(i64, AnnouncementOutcome)], now: i64) -> Result<u64, GameError> {
        Ok(self.store.settle_direct_messages(done, now).await?)
    }

    /// Forgets the direct messages settled more than a week ago.
    pub async fn prune_direct_messages(self, now: i64) -> Result<u64, GameError> {
        Ok(self.store.prune_settled_direct_messages(now - ANNOUNCEMENT_KEPT).await?)
    }

    /// Discord refused a direct message to `user` (their messages are
    /// closed to the bot): none are queued for them until they choose
    /// `/notify` again.
    pub async fn close_dms(self, user: u64, now: i64) -> Result<(), GameError> {
        Ok(self.store.close_dms(user, now).await?)
    }

    /// `true` once after `user`'s direct messages were found closed: their
    /// next private reply says so.
    pub async fn take_closed_dms_notice(self, user: u64, now: i64) -> Result<bool, GameError> {
        Ok(self.store.take_closed_dms_notice(user, now).await?)
    }
}
