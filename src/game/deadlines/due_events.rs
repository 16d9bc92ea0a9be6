//! The correspondence clock: deadlines, reminders, losses on time and
//! expired challenges.

use super::Deadlines;
use crate::game::deadlines::move_clock::DAY;
use crate::game::deadlines::pause;
use crate::game::lookup::GamesRead;
use crate::game::{Challenge, GameError, GameView, convert};
use crate::store::{AnnouncementKind, AnnouncementOutcome};

/// Something the clock made happen, to announce once.
#[derive(Clone, Debug)]
pub enum DueEvent {
    /// The player to move has used most of their time (one per move).
    Reminder(GameView),
    /// The player to move passed the deadline and lost; the game is finished.
    LossOnTime(GameView),
    /// The next game of a match started (it is live).
    MatchGame(GameView),
    /// A tournament game started in its thread (it is live).
    TournamentGame(GameView),
    /// A tournament game ended outside its moves: lost by forfeit, or
    /// aborted with its tournament.
    TournamentGameEnded(GameView),
    /// A challenge was not answered in time and is now expired.
    ChallengeExpired(Challenge),
    /// A player's premove was played for them at `ply` (the game as it is
    /// now, which may have moved on since).
    PremoveReply {
        /// The game.
        game: GameView,
        /// The ply the reply was played at.
        ply: u32,
    },
    /// The player to move is away on vacation: the game's clock stands
    /// still until `until` at the latest (told to their opponent).
    VacationNotice {
        /// The game.
        game: GameView,
        /// When the vacation ends at the latest.
        until: i64,
    },
    /// The vacation days of the player to move ran out: the game's clock
    /// runs again (told to them).
    VacationOver(GameView),
    /// The vacation of the player to move ended: the game's clock runs
    /// again (told to their opponent, who was told it began).
    VacationBack(GameView),
}

/// How long a process may take to post the announcements it leased before
/// another may post them (seconds): well above one post's patience.
pub const ANNOUNCEMENT_LEASE: i64 = 60;
/// How long a settled announcement is kept before it is pruned (seconds).
pub const ANNOUNCEMENT_KEPT: i64 = 7 * DAY;
/// Leases after which an announcement Discord keeps failing is given up.
pub const ANNOUNCEMENT_ATTEMPTS: u32 = 10;
/// Announcements leased at a time.
const ANNOUNCEMENT_BATCH: i64 = 50;

/// A clock announcement to post, from the outbox: at least once, and its
/// `id` (the message's nonce) keeps Discord from showing it twice.
#[derive(Clone, Debug)]
pub struct Announcement {
    /// The outbox row.
    pub id: i64,
    /// The channel it goes to.
    pub channel: u64,
    /// How many times it was leased, this time included.
    pub attempts: u32,
    /// What to say, as things stand now; `None` when it no longer needs
    /// saying (a reminder whose move was played, or whose game ended).
    pub due: Option<DueEvent>,
}

impl Deadlines<'_> {
    /// Everything due at `now`: losses on time (also deadlines that passed
    /// while the bot was down), reminders, expired challenges. The effect is
    /// stored before it is returned, with an announcement in the outbox in
    /// the same transaction, and each item is handed out once ever, even
    /// when several callers ask at the same time. Post the announcements
    /// from [`Deadlines::lease_announcements`], not from this list: they
    /// survive a crash.
    pub async fn claim_due(self, now: i64) -> Result<Vec<DueEvent>, GameError> {
        // Vacations whose days ran out first: their games' clocks run
        // again (moved by the time they stood still) before any is claimed.
        self.claim_vacations(now).await?;
        // Losses first: a game past its deadline gets no reminder.
        let mut due = Vec::new();
        let mut lost = self.store.clocks_past_deadline(now).await?;
        lost.retain(pause::runs_against_player);
        for row in self.store.claim_losses_on_time(&lost, now).await? {
            due.push(DueEvent::LossOnTime(convert::game_view(row)?));
        }
        let mut reminded = self.store.clocks_to_remind(now).await?;
        reminded.retain(pause::runs_against_player);
        for row in self.store.claim_reminders(&reminded, now).await? {
            due.push(DueEvent::Reminder(convert::game_view(row)?));
        }
        for row in self.store.claim_expired_challenges(now).await? {
            due.push(DueEvent::ChallengeExpired(convert::challenge(row)?));
        }
        // The games lost on time above, and any match left between two
        // games: their next games start (announced through the outbox).
        self.challenges().continue_matches(now).await?;
        // Tournaments with results not yet counted (a loss on time above, a
        // crash after a game's end): the next Swiss round, or the end.
        self.tournaments().settle_tournaments(now).await?;
        self.notifications().claim_digests(now).await?;
        // Premove replies a crash or a draw answer left waiting; each is
        // announced through the outbox with its move.
        self.games().settle_stranded_premoves(now).await?;
        Ok(due)
    }

    /// Leases pending announcements (see [`ANNOUNCEMENT_LEASE`]), oldest
    /// first, each rebuilt from what is stored now. Settle each with
    /// [`Deadlines::settle_announcement`]; one left unsettled is leased
    /// again once its lease runs out, by this process or another.
    pub async fn lease_announcements(self, now: i64) -> Result<Vec<Announcement>, GameError> {
        let rows = self.store.lease_announcements(now, ANNOUNCEMENT_LEASE, ANNOUNCEMENT_BATCH).await?;
        let games = self.games_read(rows.iter().filter_map(|row| row.kind.game()).collect()).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let due = match self.due_now(now, row.kind, &games).await {
                Ok(due) => due,
                Err(e) => {
                    // Left pending, it would fail again at every lease; the
                    // rest of the outbox goes on without it.
                    tracing::error!(id = row.id, error = %e, "an announcement cannot be read back; dropping it");
                    self.store.settle_announcement(row.id, AnnouncementOutcome::Undeliverable, now).await?;
                    continue;
                }
            };
            out.push(Announcement { id: row.id, channel: row.channel, attempts: row.attempts, due });
        }
        Ok(out)
    }

    /// What an announcement says as things stand at `now`, its game taken
    /// from `games` (read for the batch).
    async fn due_now(self, now: i64, kind: AnnouncementKind, games: &GamesRead) -> Result<Option<DueEvent>, GameError> {
        Ok(match kind {
            AnnouncementKind::Reminder { game, ply } => {
                let view = games.game(game)?;
                // The reminder is for the player to move at `ply`.
                (view.is_live() && view.ply() == ply && now < view.deadline && view.paused_since.is_none())
                    .then_some(DueEvent::Reminder(view))
            }
            AnnouncementKind::VacationNotice { game, ply } => {
                let view = games.game(game)?;
                // Said while the player it reached is still away.
                if !(view.is_live() && view.ply() == ply && view.paused_since.is_some()) {
                    return Ok(None);
                }
                let away = match view.guild {
                    Some(guild) => self.store.vacation(guild, view.player_to_move()).await?.and_then(|v| v.away),
                    None => None,
                };
                away.map(|(_, until)| DueEvent::VacationNotice { game: view, until })
            }
            AnnouncementKind::VacationOver { game, ply } => {
                let view = games.game(game)?;
                (view.is_live() && view.ply() == ply).then_some(DueEvent::VacationOver(view))
            }
            AnnouncementKind::VacationBack { game, ply } => {
                let view = games.game(game)?;
                // Away again since: its clock stands still once more.
                (view.is_live() && view.ply() == ply && view.paused_since.is_none())
                    .then_some(DueEvent::VacationBack(view))
            }
            AnnouncementKind::LossOnTime { game } => Some(DueEvent::LossOnTime(games.game(game)?)),
            AnnouncementKind::MatchGame { game } => {
                let view = games.game(game)?;
                view.is_live().then_some(DueEvent::MatchGame(view))
            }
            AnnouncementKind::TournamentGame { game } => {
                let view = games.game(game)?;
                view.is_live().then_some(DueEvent::TournamentGame(view))
            }
            AnnouncementKind::TournamentGameEnded { game } => Some(DueEvent::TournamentGameEnded(games.game(game)?)),
            AnnouncementKind::PremoveReply { game, ply } => {
                Some(DueEvent::PremoveReply { game: games.game(game)?, ply })
            }
            AnnouncementKind::ChallengeExpired { challenge } => {
                Some(DueEvent::ChallengeExpired(self.challenges().challenge_by_id(challenge).await?))
            }
        })
    }

    /// Forgets the announcements settled more than [`ANNOUNCEMENT_KEPT`]
    /// ago, so the outbox does not grow with every reminder ever posted;
    /// returns how many went.
    pub async fn prune_announcements(self, now: i64) -> Result<u64, GameError> {
        Ok(self.store.prune_settled_announcements(now - ANNOUNCEMENT_KEPT).await?)
    }

    /// Records how announcement `id` went; `false` if it was settled before.
    pub async fn settle_announcement(self, id: i64, outcome: AnnouncementOutcome, now: i64) -> Result<bool, GameError> {
        Ok(self.store.settle_announcement(id, outcome, now).await?)
    }

    /// Records how each of `done` (id, outcome) went, in one write; returns
    /// how many were not settled before.
    pub async fn settle_announcements(self, done: &[(i64, AnnouncementOutcome)], now: i64) -> Result<u64, GameError> {
        Ok(self.store.settle_announcements(done, now).await?)
    }
}
