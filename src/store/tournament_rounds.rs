//! A tournament's life after sign-up: its start (seats and first rounds in
//! one transaction), the games of its pairings (each started once, in the
//! thread opened for it), settling it as results come in (a Swiss round is
//! paired whole or not at all), withdrawals and cancellation, and the
//! bookkeeping of its messages.
//!
//! Every write is conditional on what the service read (the tournament's
//! `version`, its `round` and `results_seen`), so of several processes
//! doing the same thing exactly one does it.

use sqlx::{AnyConnection, Row};

use super::{AnnouncementKind, GameRow, GameThread, NewGameRow, Store, StoreError, db_id, discord_id, u32_column};

/// A pairing to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// Its round, from 1.
    pub round: u32,
    /// Its board in the round, from 1.
    pub board: u32,
    /// The player with White.
    pub white: u64,
    /// The player with Black.
    pub black: u64,
}

/// What the start of a tournament writes.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentStart {
    /// Each entrant's seat (from 0) and rating: (user, seat, rating).
    pub seats: Vec<(u64, u32, f64)>,
    /// The rounds it has.
    pub rounds: u32,
    /// The rounds paired now (all of a round-robin, the first of a Swiss).
    pub paired_rounds: u32,
    /// Their pairings.
    pub pairings: Vec<NewPairing>,
    /// Their byes: (round, user).
    pub byes: Vec<(u32, u64)>,
}

/// What settling a tournament writes, conditional on what was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The ended games the standings now count.
    pub results_seen: u32,
    /// The next round paired (its number, pairings and bye), if one is due.
    pub next_round: Option<(u32, Vec<NewPairing>, Option<u64>)>,
    /// Whether the tournament is over.
    pub finished: bool,
}

/// A pairing whose game is to be started, leased to the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingToStart {
    /// The pairing's id.
    pub id: i64,
    /// Its tournament.
    pub tournament: i64,
    /// Its round.
    pub round: u32,
    /// The thread already opened for it, if one was.
    pub thread: Option<u64>,
}

/// What a withdrawal ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawn {
    /// The live games lost by forfeit (each announced in its thread).
    pub forfeited_games: Vec<i64>,
    /// The pairings not yet started that became forfeits.
    pub forfeited_pairings: u32,
}

impl Store {
    /// Starts tournament `id` as read at `version`: its entrants' seats and
    /// ratings, its first rounds' pairings and byes (announced by the start
    /// itself), all in one transaction; `false` when it changed since (someone joined or left,
    /// or another caller started it).
    pub async fn start_tournament(
        &self,
        id: i64,
        version: i64,
        start: &TournamentStart,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let started = sqlx::query(
            "UPDATE tournaments SET status = 'running', started_at = $3, rounds = $4, round = $5, \
             announced_round = $5, version = version + 1 WHERE id = $1 AND version = $2 AND status = 'signup'",
        )
        .bind(id)
        .bind(version)
        .bind(now)
        .bind(i64::from(start.rounds))
        .bind(i64::from(start.paired_rounds))
        .execute(&mut *tx)
        .await?;
        if started.rows_affected() == 0 {
            return Ok(false);
        }
        for &(user, seat, rating) in &start.seats {
            let seated = sqlx::query(
                "UPDATE tournament_entrants SET seat = $3, rating = $4 WHERE tournament_id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(db_id(user)?)
            .bind(i64::from(seat))
            .bind(rating)
            .execute(&mut *tx)
            .await?;
            if seated.rows_affected() != 1 {
                return Err(StoreError::Corrupt("tournament_entrants.user_id"));
            }
        }
        insert_round(&mut tx, id, &start.pairings, &start.byes).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Leases up to `limit` pairings of running tournaments whose games are
    /// still to start, until `now + lease_secs`: each to one caller at a
    /// time, even across processes.
    pub async fn lease_pairings_to_start(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<PairingToStart>, StoreError> {
        // A read first: at almost every tick there is nothing to start, and
        // the clock then takes no write lock. The same pairings as the lease
        // below (a cancelled tournament's pairings never start: counted, they
        // would have every tick take the lock for nothing).
        let waiting = "FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id \
            WHERE p.game_id IS NULL AND p.forfeit IS NULL AND t.status = 'running' \
            AND (p.lease_until IS NULL OR p.lease_until <= $1)";
        if !self.any_row(&format!("SELECT p.id {waiting}"), now).await? {
            return Ok(Vec::new());
        }
        let sql = format!(
            "UPDATE tournament_pairings SET lease_until = $2, attempts = attempts + 1 \
             WHERE game_id IS NULL AND forfeit IS NULL AND (lease_until IS NULL OR lease_until <= $1) AND id IN \
             (SELECT p.id {waiting} ORDER BY p.id LIMIT $3) \
             RETURNING id, tournament_id, round, thread_id"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(now + lease_secs)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut out = rows
            .iter()
            .map(|row| {
                let thread: Option<i64> = row.try_get("thread_id")?;
                Ok(PairingToStart {
                    id: row.try_get("id")?,
                    tournament: row.try_get("tournament_id")?,
                    round: u32_column(row.try_get("round")?, "round")?,
                    thread: thread.map(|t| discord_id(t, "thread_id")).transpose()?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.sort_by_key(|p| p.id);
        Ok(out)
    }

    /// Records the thread opened for pairing `id`'s game, before the game
    /// is stored, so a second attempt plays in it rather than open another.
    pub async fn set_pairing_thread(&self, id: i64, thread: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournament_pairings SET thread_id = $2 WHERE id = $1 AND thread_id IS NULL")
            .bind(id)
            .bind(db_id(thread)?)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Starts pairing `pairing`'s game in `thread` (its channel), with the
    /// announcement that posts it there, in one transaction; `None` when
    /// the pairing has its game already, became a forfeit, or its
    /// tournament no longer runs.
    pub async fn start_pairing_game(
        &self,
        pairing: i64,
        game: &NewGameRow,
        thread: GameThread,
    ) -> Result<Option<GameRow>, StoreError> {
        let seat = game.tournament_seat.ok_or(StoreError::Corrupt("a tournament game without its tournament"))?;
        let mut tx = self.pool.begin().await?;
        // A write first (SQLite takes the write lock), and the check that
        // the tournament still runs.
        let running = sqlx::query("UPDATE tournaments SET version = version WHERE id = $1 AND status = 'running'")
            .bind(seat.tournament_id)
            .execute(&mut *tx)
            .await?;
        if running.rows_affected() == 0 {
            return Ok(None);
        }
        let id = self.insert_game(&mut tx, None, game).await?;
        let taken = sqlx::query(
            "UPDATE tournament_pairings SET game_id = $2, lease_until = NULL \
             WHERE id = $1 AND game_id IS NULL AND forfeit IS NULL",
        )
        .bind(pairing)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            return Ok(None);
        }
        sqlx::query("INSERT INTO game_threads (game_id, thread_id, parent_id) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(db_id(thread.thread)?)
            .bind(db_id(thread.parent)?)
            .execute(&mut *tx)
            .await?;
        Store::insert_announcement(
            &mut tx,
            game.channel,
            AnnouncementKind::TournamentGame { game: id },
            game.started_at,
        )
        .await?;
        tx.commit().await?;
        self.game(id).await
    }

    /// Settles running tournament `id` as read (its `round`,
    /// `results_seen` and `version`): counts the results, pairs the next
    /// round (pairings and bye) and finishes it as `settlement` says, in one
    /// transaction; `false` when it changed since (another caller settled
    /// it, or a player withdrew, whom the next round must not pair).
    pub async fn settle_tournament(
        &self,
        id: i64,
        read: (u32, u32, i64),
        settlement: &Settlement,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (round_read, seen_read, version_read) = read;
        let round = settlement.next_round.as_ref().map_or(round_read, |(r, _, _)| *r);
        let mut tx = self.pool.begin().await?;
        let settled = sqlx::query(
            "UPDATE tournaments SET results_seen = $4, round = $5, version = version + 1, \
             status = CASE WHEN $6 = 1 THEN 'finished' ELSE status END, \
             finished_at = CASE WHEN $6 = 1 THEN $7 ELSE finished_at END \
             WHERE id = $1 AND status = 'running' AND round = $2 AND results_seen = $3 AND version = $8",
        )
        .bind(id)
        .bind(i64::from(round_read))
        .bind(i64::from(seen_read))
        .bind(i64::from(settlement.results_seen))
        .bind(i64::from(round))
        .bind(i64::from(settlement.finished))
        .bind(now)
        .bind(version_read)
        .execute(&mut *tx)
        .await?;
        if settled.rows_affected() == 0 {
            return Ok(false);
        }
        if let Some((round, pairings, bye)) = &settlement.next_round {
            let byes: Vec<(u32, u64)> = bye.iter().map(|&user| (*round, user)).collect();
            insert_round(&mut tx, id, pairings, &byes).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Running tournaments with results their standings have not counted
    /// yet (a game ended since they were last settled), oldest first.
    pub async fn tournaments_to_settle(&self) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT t.id FROM tournaments t WHERE t.status = 'running' AND t.results_seen <> \
             (SELECT COUNT(*) FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
              WHERE p.tournament_id = t.id AND (p.forfeit IS NOT NULL OR g.status IN ('finished', 'aborted'))) \
             ORDER BY t.id",
        )
        .fetch_all(&self.reads)
        .await?)
    }

    /// Withdraws `user` from running tournament `id` (removed by `by`, the
    /// organiser, or of their own accord when `None`), in one transaction:
    /// their live games there are lost by forfeit, unrated (each announced
    /// in its thread), their pairings not yet started become forfeits, and
    /// their finished games stand (RULES 8.4d). `None` when they were not
    /// in it, withdrew already, or it does not run.
    pub async fn withdraw_entrant(
        &self,
        id: i64,
        user: u64,
        by: Option<u64>,
        now: i64,
    ) -> Result<Option<Withdrawn>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let running = sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1 AND status = 'running'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if running.rows_affected() == 0 {
            return Ok(None);
        }
        let withdrawn = sqlx::query(
            "UPDATE tournament_entrants SET withdrawn_at = $3, removed_by = $4 \
             WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_at IS NULL",
        )
        .bind(id)
        .bind(db_id(user)?)
        .bind(now)
        .bind(by.map(db_id).transpose()?)
        .execute(&mut *tx)
        .await?;
        if withdrawn.rows_affected() == 0 {
            return Ok(None);
        }
        let user = db_id(user)?;
        let games: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE games SET status = 'finished', reason = 'forfeit', finished_at = $3, draw_offer_by = NULL, \
             takeback_by = NULL, result = CASE WHEN white_id = $2 THEN '0-2' ELSE '2-0' END \
             WHERE tournament_id = $1 AND status = 'live' AND (white_id = $2 OR black_id = $2) \
             RETURNING id, channel_id",
        )
        .bind(id)
        .bind(user)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let forfeited_games = announce_ended(&mut tx, games, now).await?;
        let pairings = sqlx::query(
            "UPDATE tournament_pairings SET forfeit = CASE WHEN white_id = $2 THEN 'black' ELSE 'white' END \
             WHERE tournament_id = $1 AND game_id IS NULL AND forfeit IS NULL AND (white_id = $2 OR black_id = $2)",
        )
        .bind(id)
        .bind(user)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(Withdrawn { forfeited_games, forfeited_pairings: pairings.rows_affected() as u32 }))
    }

    /// Cancels tournament `id` (signing up or running) on behalf of `by`,
    /// in one transaction: its live games are aborted (each announced in
    /// its thread) and no game of it starts any more. `None` when it was
    /// over already; else the games aborted.
    pub async fn cancel_tournament(&self, id: i64, by: u64, now: i64) -> Result<Option<Vec<i64>>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let cancelled = sqlx::query(
            "UPDATE tournaments SET status = 'cancelled', cancelled_by = $2, finished_at = $3, \
             version = version + 1 WHERE id = $1 AND status IN ('signup', 'running')",
        )
        .bind(id)
        .bind(db_id(by)?)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if cancelled.rows_affected() == 0 {
            return Ok(None);
        }
        let games: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE games SET status = 'aborted', aborted_by = $2, finished_at = $3, draw_offer_by = NULL, \
             takeback_by = NULL WHERE tournament_id = $1 AND status = 'live' RETURNING id, channel_id",
        )
        .bind(id)
        .bind(db_id(by)?)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let aborted = announce_ended(&mut tx, games, now).await?;
        tx.commit().await?;
        Ok(Some(aborted))
    }

    /// Leases, until `now + lease_secs`, up to `limit` tournaments whose
    /// messages are behind what they should show (a change not shown, a
    /// round or an end not announced, a message not posted), one process
    /// at a time each; their ids.
    pub async fn lease_tournaments_to_show(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        // A read first, as for the pairings: usually nothing is behind.
        let behind = "(lease_until IS NULL OR lease_until <= $1) AND (shown_version < version \
            OR announced_round < round OR (status = 'finished' AND final_announced = 0) \
            OR (status = 'signup' AND message_id IS NULL))";
        if !self.any_row(&format!("SELECT id FROM tournaments WHERE {behind}"), now).await? {
            return Ok(Vec::new());
        }
        let sql = format!(
            "UPDATE tournaments SET lease_until = $2 WHERE {behind} AND id IN \
             (SELECT id FROM tournaments WHERE {behind} ORDER BY id LIMIT $3) RETURNING id"
        );
        let mut ids: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(now + lease_secs)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        ids.sort_unstable();
        Ok(ids)
    }

    /// Ends the lease of tournament `id`'s messages early (they were brought
    /// up to date, or as far as Discord let them).
    pub async fn release_tournament(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET lease_until = NULL WHERE id = $1").bind(id).execute(&self.pool).await?;
        Ok(())
    }

    /// Records tournament `id`'s message (and, with `standings`, its
    /// standings message) once posted; a message recorded already stays.
    pub async fn set_tournament_message(&self, id: i64, message: u64, standings: bool) -> Result<(), StoreError> {
        let sql = if standings {
            "UPDATE tournaments SET standings_message_id = $2 WHERE id = $1 AND standings_message_id IS NULL"
        } else {
            "UPDATE tournaments SET message_id = $2 WHERE id = $1 AND message_id IS NULL"
        };
        sqlx::query(sql).bind(id).bind(db_id(message)?).execute(&self.pool).await?;
        Ok(())
    }

    /// Records that tournament `id`'s messages show `version` (never
    /// going back to an older one).
    pub async fn set_tournament_shown(&self, id: i64, version: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET shown_version = $2 WHERE id = $1 AND shown_version < $2")
            .bind(id)
            .bind(version)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that tournament `id`'s rounds up to `round` were announced.
    pub async fn set_round_announced(&self, id: i64, round: u32) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET announced_round = $2 WHERE id = $1 AND announced_round < $2")
            .bind(id)
            .bind(i64::from(round))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that tournament `id`'s end was announced.
    pub async fn set_final_announced(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET final_announced = 1 WHERE id = $1").bind(id).execute(&self.pool).await?;
        Ok(())
    }
}

impl Store {
    /// Whether `select` (a query of one id column whose `$1` is `now`)
    /// finds any row: the read a lease makes first, so that a clock tick
    /// with nothing to lease takes no write lock.
    async fn any_row(&self, select: &str, now: i64) -> Result<bool, StoreError> {
        let found: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("{select} LIMIT 1")))
            .bind(now)
            .fetch_optional(&self.reads)
            .await?;
        Ok(found.is_some())
    }
}

/// Queues the announcement of each of `games` (id and channel) that a
/// withdrawal or a cancellation just ended, in its thread; their ids, in order.
async fn announce_ended(conn: &mut AnyConnection, games: Vec<(i64, i64)>, now: i64) -> Result<Vec<i64>, StoreError> {
    for &(game, channel) in &games {
        let kind = AnnouncementKind::TournamentGameEnded { game };
        Store::insert_announcement(conn, discord_id(channel, "channel_id")?, kind, now).await?;
    }
    let mut ids: Vec<i64> = games.into_iter().map(|(game, _)| game).collect();
    ids.sort_unstable();
    Ok(ids)
}

/// Inserts a round's (or rounds') `pairings` and `byes` of tournament `id`.
async fn insert_round(
    conn: &mut AnyConnection,
    id: i64,
    pairings: &[NewPairing],
    byes: &[(u32, u64)],
) -> Result<(), StoreError> {
    for p in pairings {
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, board, white_id, black_id) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(i64::from(p.round))
        .bind(i64::from(p.board))
        .bind(db_id(p.white)?)
        .bind(db_id(p.black)?)
        .execute(&mut *conn)
        .await?;
    }
    for &(round, user) in byes {
        sqlx::query("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(i64::from(round))
            .bind(db_id(user)?)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
