//! A server's live games page by page, nearest deadline first, read without
//! rebuilding any game (for `/games` in a server with thousands of them).

use super::Records;
use crate::engine::Level;
use crate::game::GameError;
use crate::game::convert::engine_seat;
use crate::game::deadlines::pause;
use crate::rules::Color;
use crate::store::{LiveGameLine, LiveGamesPage, StoreError};

/// Games shown on one page of the list.
pub const GAMES_PER_PAGE: u32 = 10;

/// One live game in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: i64,
    /// Its channel.
    pub channel: u64,
    /// The user playing White.
    pub white: u64,
    /// The user playing Black.
    pub black: u64,
    /// The side to move.
    pub turn: Color,
    /// When the player to move loses on time (unix seconds).
    pub deadline: i64,
    /// Plies played.
    pub ply: u32,
    /// In a game against the bot: the side its engine plays, and its level.
    pub engine: Option<(Color, Level)>,
    /// Its clock stands still: the player to move is away on vacation
    /// (`deadline` moves when they are back).
    pub paused: bool,
}

impl GameSummary {
    /// The user to move.
    pub fn player_to_move(&self) -> u64 {
        match self.turn {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// One page of a server's live games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamesPage {
    /// This page's number, from 0.
    pub page: u32,
    /// How many pages there are (0 when there are no games).
    pub pages: u32,
    /// How many live games the server has.
    pub total: u64,
    /// The games of this page, nearest deadline first.
    pub games: Vec<GameSummary>,
}

pub(in crate::game) fn summary(line: LiveGameLine) -> Result<GameSummary, GameError> {
    Ok(GameSummary {
        id: line.id,
        channel: line.channel,
        white: line.white,
        black: line.black,
        turn: line.turn,
        deadline: line.deadline,
        ply: line.ply,
        engine: engine_seat(line.engine)?,
        paused: pause::paused_since(line.vacation, line.deadline).is_some(),
    })
}

impl Records<'_> {
    /// Page `page` (from 0) of the live games of `guild`, nearest deadline
    /// first, [`GAMES_PER_PAGE`] to a page. A page past the end (games
    /// finished since the list was shown) gives the last page instead.
    pub async fn live_games_page(self, guild: u64, page: u32) -> Result<GamesPage, GameError> {
        self.games_page(guild, None, page).await
    }

    /// Page `page` (from 0) of the live games `user` plays in `guild`
    /// (`/mygames`): those where it is their move first, then nearest
    /// deadline first, paged as [`Records::live_games_page`].
    pub async fn player_games_page(self, guild: u64, user: u64, page: u32) -> Result<GamesPage, GameError> {
        self.games_page(guild, Some(user), page).await
    }

    /// Page `page` of the server's live games, or of `player`'s; past the
    /// end, the last page.
    async fn games_page(self, guild: u64, player: Option<u64>, page: u32) -> Result<GamesPage, GameError> {
        let fetch = async |offset: u32| -> Result<LiveGamesPage, StoreError> {
            match player {
                None => self.store.live_games_page_in_guild(guild, offset, GAMES_PER_PAGE).await,
                Some(user) => self.store.live_games_page_of_player(guild, user, offset, GAMES_PER_PAGE).await,
            }
        };
        let mut found = fetch(page.saturating_mul(GAMES_PER_PAGE)).await?;
        let pages = u32::try_from(found.total.div_ceil(u64::from(GAMES_PER_PAGE))).unwrap_or(u32::MAX);
        let mut page = page;
        if found.games.is_empty() && pages > 0 {
            page = pages - 1;
            found = fetch(page * GAMES_PER_PAGE).await?;
        }
        let pages = u32::try_from(found.total.div_ceil(u64::from(GAMES_PER_PAGE))).unwrap_or(u32::MAX);
        let games = found.games.into_iter().map(summary).collect::<Result<_, _>>()?;
        Ok(GamesPage { page: page.min(pages.saturating_sub(1)), pages, total: found.total, games })
    }
}
