//! Read-only questions: the game of a channel, games of a server or user,
//! legal moves.

use std::collections::BTreeMap;

use super::{Challenge, GameError, GameService, GameView, convert};
use crate::rules::{Move, Position, parse_fen};
use crate::store::GameRow;

impl GameService {
    /// The live game of `channel`; [`GameError::NoGame`] if there is none.
    pub async fn game_in_channel(&self, channel: u64) -> Result<GameView, GameError> {
        match self.store.live_game_in_channel(channel).await? {
            Some(row) => convert::game_view(row),
            None => Err(GameError::NoGame),
        }
    }

    /// The open challenges of `channel`, oldest first (some may be past
    /// their expiry, until the clock closes them).
    pub async fn open_challenges_in_channel(&self, channel: u64) -> Result<Vec<Challenge>, GameError> {
        self.store.open_challenges_in_channel(channel).await?.into_iter().map(convert::challenge).collect()
    }

    /// The live games of a server, oldest first.
    pub async fn live_games_in_guild(&self, guild: u64) -> Result<Vec<GameView>, GameError> {
        self.store.live_games_in_guild(guild).await?.into_iter().map(convert::game_view).collect()
    }

    /// The live games `user` plays in, oldest first.
    pub async fn live_games_of_user(&self, user: u64) -> Result<Vec<GameView>, GameError> {
        self.store.live_games_of_user(user).await?.into_iter().map(convert::game_view).collect()
    }

    /// Any game, live or finished, by id.
    pub async fn game_by_id(&self, id: i64) -> Result<GameView, GameError> {
        match self.store.game(id).await? {
            Some(row) => convert::game_view(row),
            None => Err(GameError::GameNotFound(id)),
        }
    }

    /// The games of `ids`, read at once (one statement for a batch of the
    /// outbox, where each row read its own game before); take each with
    /// [`GamesRead::game`].
    pub(super) async fn games_read(&self, ids: Vec<i64>) -> Result<GamesRead, GameError> {
        let rows = self.store.games_each(ids).await?;
        Ok(GamesRead(rows.into_iter().map(|(id, row)| (id, row.map_err(|e| e.to_string()))).collect()))
    }

    /// The legal moves of the live game of `channel`, with their canonical
    /// notation, sorted.
    pub async fn legal_moves_in_channel(&self, channel: u64) -> Result<Vec<(Move, String)>, GameError> {
        let view = self.game_in_channel(channel).await?;
        Ok(view.game.position().legal_moves_with_notation())
    }

    /// The legal moves of any position given as PDN FEN, and the position.
    pub fn legal_moves_of_fen(fen: &str) -> Result<(Position, Vec<(Move, String)>), GameError> {
        let pos = read_position(fen)?;
        Ok((pos, pos.legal_moves_with_notation()))
    }

    /// What `/moves` shows: the legal moves of the position given as PDN
    /// FEN, else of `channel`'s live game, else of the start position.
    pub async fn moves_asked(&self, channel: u64, fen: Option<&str>) -> Result<MovesAsked, GameError> {
        let (position, last, last_notation, source) = match fen {
            Some(text) => (read_position(text)?, None, None, MovesOf::Position),
            None => match self.game_in_channel(channel).await {
                Ok(view) => {
                    let game = &view.game;
                    let last = game.last_move().copied().zip(game.previous_position().copied());
                    (*game.position(), last, game.notations().last().cloned(), MovesOf::Game)
                }
                Err(e) if e.is_user_error() => (Position::initial(), None, None, MovesOf::Start),
                Err(e) => return Err(e),
            },
        };
        Ok(MovesAsked { position, last, last_notation, source, moves: position.legal_moves_with_notation() })
    }
}

/// Games read together ([`GameService::games_read`]), each with why it
/// did not read back, if it did not: one spoils only itself.
pub(super) struct GamesRead(BTreeMap<i64, Result<GameRow, String>>);

impl GamesRead {
    /// Game `id` as it was read ([`GameError::GameNotFound`] if it is not
    /// stored).
    pub(super) fn game(&self, id: i64) -> Result<GameView, GameError> {
        match self.0.get(&id) {
            Some(Ok(row)) => convert::game_view(row.clone()),
            Some(Err(why)) => Err(GameError::Corrupt(format!("game {id}: {why}"))),
            None => Err(GameError::GameNotFound(id)),
        }
    }
}

/// A position typed by a user as PDN FEN, read (or refused with the reason).
pub fn read_position(fen: &str) -> Result<Position, GameError> {
    Ok(parse_fen(fen)?)
}

/// Whose moves `/moves` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesOf {
    /// A position given as PDN FEN.
    Position,
    /// The channel's live game.
    Game,
    /// The start position (the channel has no game).
    Start,
}

/// The answer to `/moves`.
#[derive(Clone, Debug)]
pub struct MovesAsked {
    /// The position whose moves these are.
    pub position: Position,
    /// The move that led to it and the position before, in a game.
    pub last: Option<(Move, Position)>,
    /// That move as the game's record writes it.
    pub last_notation: Option<String>,
    /// Where the position comes from.
    pub source: MovesOf,
    /// Its legal moves with their canonical notation, sorted.
    pub moves: Vec<(Move, String)>,
}
