//! What the service refuses, and what goes wrong inside it.

use crate::i18n::{Lang, game_error};
use crate::rules::{FenError, MoveError};
use crate::store::StoreError;

/// Why a command was refused or failed.
///
/// Every variant but [`GameError::Store`] and [`GameError::Corrupt`] is a
/// refusal meant for the user who sent the command (see
/// [`GameError::is_user_error`]): its sentence, in each language, is in the
/// catalog (see [`crate::i18n::game_error`]); `Display` gives the English.
#[derive(Debug)]
pub enum GameError {
    /// A player challenged themselves.
    ChallengeSelf,
    /// The channel already holds a live game.
    ChannelHasGame,
    /// A game against the bot asked for where challenges are waiting.
    ChannelHasChallenge,
    /// The challenger already has an open challenge to the same player here.
    DuplicateChallenge,
    /// The challenger has as many open challenges as allowed in the server.
    TooManyChallenges(i64),
    /// Several open challenges fit a command that did not say which.
    SeveralChallenges(usize),
    /// No open challenge between the user and the player named.
    NoChallengeWith,
    /// The opponent named is another bot account.
    OpponentIsBot,
    /// A playing or analysis level outside 1-10.
    LevelOutOfRange(i64),
    /// Analysis asked for while the channel's game is live.
    AnalysisOfLiveGame,
    /// Analysis asked for a position that stands in a live game of the server.
    AnalysisOfLivePosition,
    /// `/analyze` with no position where no game was played.
    NothingToAnalyze,
    /// The same heavy request (a replay, an analysis, a review) again
    /// before its cooldown is over: the seconds left.
    CoolingDown(u32),
    /// The engine could not run (internal).
    Engine(String),
    /// Days per move outside 1-14.
    DaysOutOfRange(u32),
    /// The start position given is already decided (the side to move has no move).
    StartDecided,
    /// A match asked for on other terms than RULES 8.3's: a variant, a
    /// start position or the bot.
    MatchTerms,
    /// No open challenge in the channel.
    NoChallenge,
    /// The challenge named is no longer open (answered, cancelled, expired or replaced).
    StaleChallenge(i64),
    /// The challenge's 48 hours have passed.
    ChallengeExpired,
    /// Someone other than the challenged player tried to accept or decline.
    NotChallenged,
    /// Someone other than the challenger tried to cancel.
    NotChallenger,
    /// No live game in the channel.
    NoGame,
    /// `/abort` by someone who may not moderate the channel and does not
    /// play its game.
    NotModerator,
    /// A player's abort after each side has moved.
    AbortTooLate,
    /// `/abort` where there is neither a live game nor an open challenge.
    NothingToAbort,
    /// A game named in another channel than the command's.
    GameElsewhere {
        /// The game named.
        game: i64,
        /// Its channel.
        channel: u64,
    },
    /// No game with this id.
    GameNotFound(i64),
    /// No game, live or finished, was played in the channel.
    NoGameInChannel,
    /// The user is not one of the two players.
    NotAPlayer,
    /// The user is a player but the other side is to move.
    NotYourTurn,
    /// The game moved on between what the user saw and their command
    /// (a racing command, a repeated click, or an old board).
    PositionChanged,
    /// The deadline of the move has passed; the game is lost on time.
    TimeUp,
    /// The game has ended.
    GameOver,
    /// The rules refused the move (not notation, capture compulsory, ambiguous, illegal).
    Move(MoveError),
    /// The user already has a draw offer standing.
    DrawAlreadyOffered,
    /// The opponent's draw offer is standing: answer it instead.
    DrawOfferPending,
    /// No draw offer to answer.
    NoDrawOffer,
    /// A player tried to answer their own offer.
    OwnDrawOffer,
    /// A position given by the user does not parse.
    BadFen(FenError),
    /// A replay asked for a game too long to draw or to send.
    ReplayTooLong {
        /// The game's plies.
        plies: u32,
        /// The most a replay is made of.
        max: u32,
    },
    /// Drawing a replay failed (internal).
    Replay(String),
    /// The database failed (internal).
    Store(StoreError),
    /// The database holds something the service cannot read back (internal).
    Corrupt(String),
}

impl GameError {
    /// Whether this is a refusal to show the user (true), or an internal
    /// failure to log and hide behind a generic reply (false).
    pub fn is_user_error(&self) -> bool {
        !matches!(self, GameError::Store(_) | GameError::Corrupt(_) | GameError::Engine(_) | GameError::Replay(_))
    }
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Engine(e) => write!(f, "the engine failed: {e}"),
            GameError::Replay(e) => f.write_str(e),
            GameError::Store(e) => write!(f, "database failure: {e}"),
            GameError::Corrupt(e) => write!(f, "stored data is inconsistent: {e}"),
            refusal => f.write_str(&game_error(Lang::En, refusal)),
        }
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Move(e) => Some(e),
            GameError::BadFen(e) => Some(e),
            GameError::Store(e) => Some(e),
            _ => None,
        }
    }
}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> GameError {
        GameError::Move(e)
    }
}

impl From<FenError> for GameError {
    fn from(e: FenError) -> GameError {
        GameError::BadFen(e)
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> GameError {
        GameError::Store(e)
    }
}
