//! The `moves` table, and writing a move together with its game.
//!
//! Moves go through one writer task that commits whatever moves are waiting
//! in a single transaction (group commit): with `synchronous = FULL` each
//! commit costs an fsync, so sharing it is what lets many games move at
//! once. The messages whose buttons the answers carry are kept through the
//! same writer: written on their own, each move's board cost a second
//! commit, and they queued for the one write connection between batches.
//! Each move keeps its own check; a job that fails takes its batch with
//! it, and the batch is written again a job at a time. Every caller is
//! answered only after the commit that holds its job has returned.

use sqlx::{AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use super::button_messages::{insert_button_message, keep_alone};
use super::direct_messages::Recipients;
use super::move_write::{MoveJob, MoveWrite, MoveWritten, WriteJob};
use super::ratings::rate_finished_game;
use super::{Backend, DirectKind, GameStatus, Store, StoreError, db_id};

/// Most jobs committed together.
const MAX_BATCH: usize = 256;

/// Starts the writer task; it ends when every [`Store`] clone is dropped.
pub(super) fn spawn_writer(pool: AnyPool, backend: Backend) -> mpsc::Sender<WriteJob> {
    let (tx, mut rx) = mpsc::channel::<WriteJob>(MAX_BATCH * 4);
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while let Some(first) = rx.recv().await {
            batch.push(first);
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            write_batch(&pool, backend, &mut batch).await;
        }
    });
    tx
}

/// Commits a batch of jobs in one transaction and answers each caller.
/// If the batch as a whole fails, each job is retried in a transaction of
/// its own, so every caller gets its own answer (a retried move that did
/// land would find its ply taken: nothing is ever written twice).
async fn write_batch(pool: &AnyPool, backend: Backend, batch: &mut Vec<WriteJob>) {
    let answers = try_batch(pool, backend, batch).await;
    for (n, job) in batch.drain(..).enumerate() {
        match (job, &answers) {
            (WriteJob::Move(job), Ok(answers)) => {
                let _ = job.reply.send(Ok(answers[n]));
            }
            (WriteJob::Buttons(job), Ok(_)) => {
                let _ = job.reply.send(Ok(()));
            }
            (WriteJob::Move(job), Err(_)) => {
                let _ = job.reply.send(write_alone(pool, backend, &job.write).await);
            }
            (WriteJob::Buttons(job), Err(_)) => {
                let _ = job.reply.send(keep_alone(pool, &job.row).await);
            }
        }
    }
}

/// The batch in one transaction: for each job, what its move wrote (`None`
/// for a move that did not land, and for buttons).
async fn try_batch(
    pool: &AnyPool,
    backend: Backend,
    batch: &[WriteJob],
) -> Result<Vec<Option<MoveWritten>>, StoreError> {
    let mut conn = pool.acquire().await?;
    let mut tx = conn.begin().await?;
    let mut answers = Vec::with_capacity(batch.len());
    for job in batch {
        // No savepoint per job (two more round trips to the database
        // each): a move refused by its conditional UPDATE wrote nothing,
        // and a job that fails takes the whole batch with it, which
        // `write_batch` then writes again a job at a time.
        answers.push(match job {
            WriteJob::Move(job) => write_move(&mut tx, backend, &job.write).await?,
            WriteJob::Buttons(job) => {
                insert_button_message(&mut tx, &job.row).await?;
                None
            }
        });
    }
    tx.commit().await?;
    Ok(answers)
}

async fn write_alone(pool: &AnyPool, backend: Backend, m: &MoveWrite) -> Result<Option<MoveWritten>, StoreError> {
    let mut tx = pool.begin().await?;
    let landed = write_move(&mut tx, backend, m).await?;
    if landed.is_some() {
        tx.commit().await?;
    }
    Ok(landed)
}

/// The move's two writes, the opponent's direct message if they chose
/// one, and the ratings' when it ends a rated game; `None` (nothing
/// written) when the game is no longer live at the expected ply.
async fn write_move(
    conn: &mut AnyConnection,
    backend: Backend,
    m: &MoveWrite,
) -> Result<Option<MoveWritten>, StoreError> {
    // The conditional UPDATE comes first: it takes the write lock, and of
    // two commands made against the same ply only one matches. It leaves
    // the clock alone, so the move row can keep the clock as it was before
    // the move (what a takeback restores); the new clock is set after.
    // Any move clears a standing takeback request.
    let (status, result, reason, finished_at) = match m.finishing {
        Some(f) => (GameStatus::Finished, Some(f.outcome.pdn()), Some(f.reason.name()), Some(m.now)),
        None => (GameStatus::Live, None, None, None),
    };
    let updated = sqlx::query(
        "UPDATE games SET ply = ply + 1, turn = $3, status = $4, result = $5, reason = $6, finished_at = $7, \
         draw_offer_by = CASE WHEN $4 = 'live' AND draw_offer_by = $8 THEN draw_offer_by ELSE NULL END, \
         takeback_by = NULL WHERE id = $1 AND ply = $2 AND status = 'live'",
    )
    .bind(m.game_id)
    .bind(i64::from(m.ply))
    .bind(m.next_turn.name())
    .bind(status.name())
    .bind(result)
    .bind(reason)
    .bind(finished_at)
    .bind(db_id(m.mover)?)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, played_at, before_last_move_at, before_deadline, \
         before_remind_at, before_reminded_ply) \
         SELECT id, $2, $3, $4, last_move_at, $5, remind_at, reminded_ply FROM games WHERE id = $1",
    )
    .bind(m.game_id)
    .bind(i64::from(m.ply))
    .bind(&m.notation)
    .bind(m.now)
    .bind(m.met_deadline)
    .execute(&mut *conn)
    .await?;
    // The fair-play keys of the new position are not written here: the
    // game's `positions_ply` now lags its ply, and the keys follow off the
    // answer's path (`Analyses::write_pending_live_positions`), or the
    // next check computes them.
    sqlx::query("UPDATE games SET last_move_at = $2, deadline = $3, remind_at = $4 WHERE id = $1")
        .bind(m.game_id)
        .bind(m.now)
        .bind(m.deadline)
        .bind(m.remind_at)
        .execute(&mut *conn)
        .await?;
    // The opponent hears of it by direct message if they chose to.
    let told = DirectKind::Move { game: m.game_id, ply: m.ply + 1 };
    let direct_message = Store::queue_game_dm(conn, told, Recipients::OpponentOf(db_id(m.mover)?), m.now).await?;
    if let Some(channel) = m.premove_in {
        let kind = super::AnnouncementKind::PremoveReply { game: m.game_id, ply: m.ply };
        Store::insert_announcement(conn, channel, kind, m.now).await?;
    }
    if m.finishing.is_some() {
        rate_finished_game(conn, backend, m.game_id, m.now).await?;
    }
    Ok(Some(MoveWritten { direct_message }))
}

impl Store {
    /// Writes a move and its effect on the game, only if the game is still
    /// live at the ply the move was decided on. `Ok(Some(_))` once it is
    /// committed (durably); `Ok(None)` when another command got there first
    /// and nothing was written.
    pub async fn append_move(&self, m: MoveWrite) -> Result<Option<MoveWritten>, StoreError> {
        let (reply, answer) = oneshot::channel();
        match self.writer.send(WriteJob::Move(MoveJob { write: m, reply })).await {
            Ok(()) => match answer.await {
                Ok(result) => result,
                // The writer is gone (its runtime ended); nothing of this
                // move was committed by it without answering.
                Err(_) => Err(StoreError::WriterGone),
            },
            // No writer (its runtime ended): write it here.
            Err(mpsc::error::SendError(WriteJob::Move(job))) => write_alone(&self.pool, self.backend, &job.write).await,
            Err(mpsc::error::SendError(WriteJob::Buttons(_))) => Err(StoreError::WriterGone),
        }
    }

    /// A game's ply and its count of move rows, read in one statement (one
    /// snapshot), so a commit landing meanwhile cannot make them disagree:
    /// for integrity checks. `None` for an unknown game.
    pub async fn ply_and_move_rows(&self, game_id: i64) -> Result<Option<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as("SELECT ply, (SELECT COUNT(*) FROM moves WHERE game_id = games.id) FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.reads)
            .await?)
    }

    /// The moves of a game, in order.
    pub async fn moves(&self, game_id: i64) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.reads)
            .await?)
    }
}
