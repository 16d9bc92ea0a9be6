//! Conditional premoves (`/premove`): a player stores replies to the moves
//! they expect ("if they play 22-18, I reply 15x22; then if they play
//! 26x17, ..."), and the bot plays them as soon as the opponent makes the
//! expected move.
//!
//! The stored lines are advanced along the moves actually played after
//! every move, and a due reply is played with the same conditional write as
//! any move (so never twice); the clock catches up on lines a crash left
//! behind ([`Games::settle_stranded_premoves`]). Each reply played is
//! announced through the outbox in the reply's own transaction.

use super::Games;
use crate::game::play::premove_lines::{self, Conflict, Line};
use crate::game::{GameError, GameView};
use crate::rules::Game;
use crate::store::PremoveRow;

/// Most moves in one line (both sides counted).
pub const MAX_PREMOVE_PLIES: usize = 20;
/// Most lines a player keeps in one game.
pub const MAX_PREMOVE_LINES: usize = 16;
/// Games the clock settles per tick.
const STRANDED_BATCH: i64 = 100;
/// How long after a move the clock leaves its premoves to the command that
/// made it (seconds): that command plays the reply and says so in its own
/// answer; the clock is for what a crash or a draw answer left behind.
pub const PREMOVE_GRACE: i64 = 30;

/// What bringing a game's premoves up to its moves did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PremovesSettled {
    /// Replies played.
    pub replies: u32,
    /// Players whose every line the moves left: none of them will play,
    /// and each is told so.
    pub set_aside: Vec<u64>,
}

/// What `/premove line:` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PremoveStored {
    /// The line as stored (canonical notation).
    pub line: Line,
    /// The player's lines in the game now.
    pub lines: Vec<Line>,
    /// `false` when the lines already said this (nothing changed).
    pub added: bool,
}

impl Games<'_> {
    /// Stores `text` (moves separated by spaces or commas: the opponent's
    /// expected move first, alternating, ending on `user`'s reply) among
    /// `user`'s premoves in the live game of `channel`, merged with the
    /// lines they keep. Every move is checked in the position it would be
    /// played in. Only while the opponent is to move.
    pub async fn add_premove(self, now: i64, channel: u64, user: u64, text: &str) -> Result<PremoveStored, GameError> {
        let (view, color) = self.live_game_of_player(now, channel, user).await?;
        if view.turn() == color {
            return Err(GameError::PremoveOnYourMove);
        }
        let line = checked_line(&view.game, text)?;
        let mine = self.current_rows(&view, user).await?;
        let lines: Vec<Line> = mine.iter().map(|r| split(&r.line)).collect();
        let merged = premove_lines::merge(&lines, &line).map_err(conflict)?;
        let Some(merged) = merged else { return Ok(PremoveStored { line, lines, added: false }) };
        if merged.len() > MAX_PREMOVE_LINES {
            return Err(GameError::TooManyPremoves(MAX_PREMOVE_LINES));
        }
        let texts: Vec<String> = merged.iter().map(|l| l.join(" ")).collect();
        if !self.store.replace_premoves(view.id, view.ply(), user, &mine, &texts).await? {
            return Err(self.conflict(view.id).await);
        }
        Ok(PremoveStored { line, lines: merged, added: true })
    }

    /// `user`'s premove lines in the live game of `channel` (seen only by
    /// them), as they stand after the moves played.
    pub async fn premoves_of(self, channel: u64, user: u64) -> Result<Vec<Line>, GameError> {
        let view = self.game_in_channel(channel).await?;
        view.color_of(user).ok_or(GameError::NotAPlayer)?;
        let rows = self.store.premoves(view.id).await?;
        Ok(current_lines(&view, &rows, user))
    }

    /// Forgets `user`'s premoves in the live game of `channel`; returns how
    /// many lines went.
    pub async fn clear_premoves(self, channel: u64, user: u64) -> Result<u64, GameError> {
        let view = self.game_in_channel(channel).await?;
        view.color_of(user).ok_or(GameError::NotAPlayer)?;
        Ok(self.store.clear_premoves(view.id, user).await?)
    }

    /// Brings game `game_id`'s premoves up to its moves: lines the game
    /// followed advance, the others are dropped (all of them once it has
    /// ended), and a reply now due is played - unless the opponent's draw
    /// offer stands (the player answers it first) or the time is up - and
    /// so on while the lines keep answering. Returns the replies played.
    /// Safe to run anywhere at any time: every write is conditional on what
    /// was read.
    pub async fn settle_premoves(self, now: i64, game_id: i64) -> Result<PremovesSettled, GameError> {
        let mut settled = PremovesSettled::default();
        // Each round either writes or plays (advancing the game), or ends.
        for _ in 0..4 * MAX_PREMOVE_PLIES {
            let rows = self.store.premoves(game_id).await?;
            if rows.is_empty() {
                break;
            }
            let view = self.game_by_id(game_id).await?;
            if !view.is_live() {
                self.store.drop_premoves_of_ended_game(game_id).await?;
                break;
            }
            if self.advance_rows(&view, &rows, &mut settled.set_aside).await? {
                continue;
            }
            let owner = view.player(view.turn());
            let lines = current_lines(&view, &rows, owner);
            let Some(reply) = premove_lines::reply(&lines) else { break };
            // Past the deadline the clock decides (unless the owner is away
            // on vacation: their clock stands still, and the reply is played).
            let time_up = now >= view.deadline && view.paused_since.is_none();
            if view.draw_offer_by.is_some_and(|by| by != owner) || time_up {
                break;
            }
            let mut next = view.clone();
            let played = match next.game.play_notation(reply) {
                Ok(played) => played,
                Err(e) => {
                    // Checked when stored, so the position cannot refuse it.
                    tracing::error!(game = game_id, error = %e, "a stored premove is not legal; dropping the lines");
                    self.store.clear_premoves(game_id, owner).await?;
                    break;
                }
            };
            match self.commit(next, played, owner, now, true).await {
                Ok(_) => settled.replies += 1,
                // Someone moved first: read again.
                Err(GameError::PositionChanged | GameError::GameOver) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(settled)
    }

    /// Settles the premoves a crash, a draw answer or the clock left
    /// waiting (see [`Games::settle_premoves`]), a batch per call;
    /// a game moved within [`PREMOVE_GRACE`] is left to the move's command.
    pub async fn settle_stranded_premoves(self, now: i64) -> Result<u32, GameError> {
        let mut replies = 0;
        for game in self.store.games_with_premoves_to_settle(now - PREMOVE_GRACE, STRANDED_BATCH).await? {
            match self.settle_premoves(now, game).await {
                Ok(settled) => replies += settled.replies,
                Err(e) => tracing::error!(game, error = %e, "could not settle a game's premoves"),
            }
        }
        Ok(replies)
    }

    /// Rewrites each owner's rows that are behind the game's ply; `true`
    /// when anything was written or found changed (read again). Owners
    /// whose every line the game left (none played to its end) are added to
    /// `set_aside`.
    async fn advance_rows(
        self,
        view: &GameView,
        rows: &[PremoveRow],
        set_aside: &mut Vec<u64>,
    ) -> Result<bool, GameError> {
        let mut owners: Vec<u64> = rows.iter().map(|r| r.owner).collect();
        owners.dedup();
        let mut wrote = false;
        for owner in owners {
            let mine: Vec<PremoveRow> = rows.iter().filter(|r| r.owner == owner).cloned().collect();
            if mine.iter().all(|r| r.ply == view.ply()) {
                continue;
            }
            let texts: Vec<String> = current_lines(view, &mine, owner).iter().map(|l| l.join(" ")).collect();
            let replaced = self.store.replace_premoves(view.id, view.ply(), owner, &mine, &texts).await?;
            // A line played to its end is not one the game left: its
            // owner's reply was just announced, not set aside. (Looked for
            // last: only when no line is left.)
            if replaced
                && texts.is_empty()
                && view.is_live()
                && !set_aside.contains(&owner)
                && !any_used_up(view, &mine)
            {
                set_aside.push(owner);
            }
            wrote = true;
        }
        Ok(wrote)
    }

    /// `owner`'s rows in the game of `view`, advanced to its ply first.
    async fn current_rows(self, view: &GameView, owner: u64) -> Result<Vec<PremoveRow>, GameError> {
        let mine = self.rows_of(view.id, owner).await?;
        // The owner is asking: nobody needs telling of lines set aside.
        if !self.advance_rows(view, &mine, &mut Vec::new()).await? {
            return Ok(mine);
        }
        let mine = self.rows_of(view.id, owner).await?;
        if mine.iter().any(|r| r.ply != view.ply()) {
            return Err(GameError::PositionChanged);
        }
        Ok(mine)
    }

    /// `owner`'s rows in game `game_id`.
    async fn rows_of(self, game_id: i64, owner: u64) -> Result<Vec<PremoveRow>, GameError> {
        Ok(self.store.premoves(game_id).await?.into_iter().filter(|r| r.owner == owner).collect())
    }
}

/// `owner`'s lines among `rows`, each advanced along the moves played since
/// it was stored (dropped where the game left it).
fn current_lines(view: &GameView, rows: &[PremoveRow], owner: u64) -> Vec<Line> {
    let played = view.game.notations();
    rows.iter()
        .filter(|r| r.owner == owner)
        .filter_map(|r| {
            let since = played.get(r.ply as usize..)?;
            premove_lines::advance(&split(&r.line), since)
        })
        .collect()
}

/// Whether one of `rows` was played to its end by the moves since it was
/// stored.
fn any_used_up(view: &GameView, rows: &[PremoveRow]) -> bool {
    let played = view.game.notations();
    rows.iter()
        .any(|r| played.get(r.ply as usize..).is_some_and(|since| premove_lines::used_up(&split(&r.line), since)))
}

/// A line as typed, checked move by move from the current position of
/// `game`, in canonical notation.
fn checked_line(game: &Game, text: &str) -> Result<Line, GameError> {
    let moves: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|m| !m.is_empty()).collect();
    if moves.is_empty() || !moves.len().is_multiple_of(2) || moves.len() > MAX_PREMOVE_PLIES {
        return Err(GameError::PremoveLineShape(MAX_PREMOVE_PLIES));
    }
    let mut game = game.clone();
    let mut line = Vec::with_capacity(moves.len());
    for (i, text) in moves.into_iter().enumerate() {
        game.play_notation(text).map_err(|error| GameError::PremoveMove { number: i + 1, error })?;
        line.push(game.notations().last().expect("a move was just played").clone());
    }
    Ok(line)
}

fn split(line: &str) -> Line {
    line.split_whitespace().map(str::to_string).collect()
}

fn conflict(c: Conflict) -> GameError {
    GameError::PremoveConflict { after: c.after.join(" "), stored: c.stored, new: c.new }
}
