//! A player's history in a server: their ended games, newest first, from
//! their side of the board, with their wins, draws and losses.

use super::Records;
use crate::engine::Level;
use crate::game::convert::engine_seat;
use crate::game::{FinishReason, GameError};
use crate::rules::{Color, Outcome};
use crate::store::{GameStatus, HistoryLine};

/// Games on one page of a history.
pub const HISTORY_PER_PAGE: u32 = 10;

/// How an ended game went for the player whose history it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryResult {
    /// They won, and why.
    Won(FinishReason),
    /// A draw, and why.
    Drawn(FinishReason),
    /// They lost, and why.
    Lost(FinishReason),
    /// Aborted: no result.
    Aborted,
}

/// One ended game, seen by the player whose history it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The game's number.
    pub id: i64,
    /// Its channel.
    pub channel: u64,
    /// The side the player had.
    pub color: Color,
    /// The other player.
    pub opponent: u64,
    /// How it went for the player.
    pub result: HistoryResult,
    /// When it ended (unix seconds).
    pub ended_at: i64,
    /// Plies played.
    pub plies: u32,
    /// The bot's side and level when the game was against it.
    pub engine: Option<(Color, Level)>,
}

/// A page of a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// Whose history.
    pub user: u64,
    /// This page (from 0).
    pub page: u32,
    /// How many pages there are (0 with no games).
    pub pages: u32,
    /// Ended games in all.
    pub total: u64,
    /// Wins, draws and losses over all of them.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// The page's games, newest first.
    pub games: Vec<HistoryEntry>,
}

fn entry(user: u64, line: HistoryLine) -> Result<HistoryEntry, GameError> {
    let color = if line.white == user { Color::White } else { Color::Black };
    let opponent = if color == Color::White { line.black } else { line.white };
    let result = match (line.status, line.result, line.reason) {
        (GameStatus::Aborted, None, None) => HistoryResult::Aborted,
        (GameStatus::Finished, Some(Outcome::Draw), Some(reason)) => HistoryResult::Drawn(reason),
        (GameStatus::Finished, Some(Outcome::Win(winner)), Some(reason)) if winner == color => {
            HistoryResult::Won(reason)
        }
        (GameStatus::Finished, Some(Outcome::Win(_)), Some(reason)) => HistoryResult::Lost(reason),
        (status, result, _) => {
            return Err(GameError::Corrupt(format!("game {}: {} with result {result:?}", line.id, status.name())));
        }
    };
    Ok(HistoryEntry {
        id: line.id,
        channel: line.channel,
        color,
        opponent,
        result,
        ended_at: line.ended_at,
        plies: line.ply,
        engine: engine_seat(line.engine)?,
    })
}

impl Records<'_> {
    /// Page `page` (from 0) of the games `user` played in `guild` that
    /// ended, newest first, [`HISTORY_PER_PAGE`] to a page; a page past
    /// the end gives the last one.
    pub async fn history(self, guild: u64, user: u64, page: u32) -> Result<History, GameError> {
        let mut page = page;
        let mut found =
            self.store.history_page(guild, user, page.saturating_mul(HISTORY_PER_PAGE), HISTORY_PER_PAGE).await?;
        let pages = u32::try_from(found.total.div_ceil(u64::from(HISTORY_PER_PAGE))).unwrap_or(u32::MAX);
        if found.games.is_empty() && pages > 0 {
            page = pages - 1;
            found = self.store.history_page(guild, user, page * HISTORY_PER_PAGE, HISTORY_PER_PAGE).await?;
        }
        let games = found.games.into_iter().map(|line| entry(user, line)).collect::<Result<_, _>>()?;
        Ok(History {
            user,
            page: page.min(pages.saturating_sub(1)),
            pages,
            total: found.total,
            wins: found.wins,
            draws: found.draws,
            losses: found.losses,
            games,
        })
    }
}
