//! What the service refuses, and what goes wrong inside it.

use crate::rules::{FenError, MoveError};
use crate::store::StoreError;

/// Why a command was refused or failed.
///
/// Every variant but [`GameError::Store`] and [`GameError::Corrupt`] is a
/// refusal meant for the user who sent the command (see
/// [`GameError::is_user_error`]); its `Display` is one sentence to show them.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A player challenged themselves.
    #[error("You cannot challenge yourself; pick another member as your opponent.")]
    ChallengeSelf,
    /// The channel already holds a live game.
    #[error("This channel already has a live game. Start a thread and send your challenge there.")]
    ChannelHasGame,
    /// A game against the bot asked for where challenges are waiting.
    #[error(
        "Challenges are waiting in this channel. Play me in another channel or a thread, or once they are answered."
    )]
    ChannelHasChallenge,
    /// The challenger already has an open challenge to the same player here.
    #[error("You have already challenged that player in this channel; wait for their answer.")]
    DuplicateChallenge,
    /// The challenger has as many open challenges as allowed in the server.
    #[error(
        "You already have {0} open challenges in this server, the most allowed. Cancel one, or wait until they are answered."
    )]
    TooManyChallenges(i64),
    /// Several open challenges fit a command that did not say which.
    #[error(
        "{0} challenges here fit: use the buttons under the one you mean, or name the other player in the command."
    )]
    SeveralChallenges(usize),
    /// No open challenge between the user and the player named.
    #[error("There is no open challenge between you and that player in this channel.")]
    NoChallengeWith,
    /// The opponent named is another bot account.
    #[error(
        "Bots cannot play here, except me: challenge a member, or name me as your opponent to play against my engine."
    )]
    OpponentIsBot,
    /// A playing or analysis level outside 1-10.
    #[error("The level must be from 1 (weakest) to 10 (strongest); {0} is out of range.")]
    LevelOutOfRange(i64),
    /// Analysis asked for while the channel's game is live.
    #[error(
        "No analysis while this channel's game is being played: in correspondence games an engine must not play for the players. Ask again once the game is over."
    )]
    AnalysisOfLiveGame,
    /// Analysis asked for a position that stands in a live game of the server.
    #[error(
        "That is the current position of a live game in this server, so I will not analyse it until that game is over."
    )]
    AnalysisOfLivePosition,
    /// `/analyze` with no position where no game was played.
    #[error(
        "There is no finished game in this channel to review; give a position (a PDN FEN such as `W:W1-12:B21-32`) to analyse it."
    )]
    NothingToAnalyze,
    /// The engine could not run (internal).
    #[error("the engine failed: {0}")]
    Engine(String),
    /// Days per move outside 1-14.
    #[error("Days per move must be between 1 and 14; {0} is out of range.")]
    DaysOutOfRange(u32),
    /// The start position given is already decided (the side to move has no move).
    #[error("That start position is already decided: the side to move has no legal move.")]
    StartDecided,
    /// No open challenge in the channel.
    #[error("There is no open challenge in this channel.")]
    NoChallenge,
    /// The challenge named is no longer open (answered, cancelled, expired or replaced).
    #[error("Challenge #{0} is no longer open; it was already answered, cancelled or it expired.")]
    StaleChallenge(i64),
    /// The challenge's 48 hours have passed.
    #[error("This challenge expired: challenges stay open for 48 hours.")]
    ChallengeExpired,
    /// Someone other than the challenged player tried to accept or decline.
    #[error("Only the challenged player can accept or decline this challenge.")]
    NotChallenged,
    /// Someone other than the challenger tried to cancel.
    #[error("Only the player who made this challenge can cancel it.")]
    NotChallenger,
    /// No live game in the channel.
    #[error("There is no live game in this channel.")]
    NoGame,
    /// `/abort` by someone who may not moderate the channel and does not
    /// play its game.
    #[error(
        "Only a moderator (Manage Messages, or Manage Threads in a thread) can abort a game or close challenges here; players can abort their own game until each side has moved once."
    )]
    NotModerator,
    /// A player's abort after each side has moved.
    #[error(
        "Each side has moved already, so the game can no longer be aborted by a player: resign, offer a draw, or ask a moderator."
    )]
    AbortTooLate,
    /// `/abort` where there is neither a live game nor an open challenge.
    #[error("There is no live game and no open challenge in this channel to abort.")]
    NothingToAbort,
    /// A game named in another channel than the command's.
    #[error("Game #{game} is played in <#{channel}>: use the command there.")]
    GameElsewhere {
        /// The game named.
        game: i64,
        /// Its channel.
        channel: u64,
    },
    /// No game with this id.
    #[error("There is no game #{0} in this server.")]
    GameNotFound(i64),
    /// The user is not one of the two players.
    #[error("You are not playing in this game.")]
    NotAPlayer,
    /// The user is a player but the other side is to move.
    #[error("It is not your turn; wait for your opponent's move.")]
    NotYourTurn,
    /// The game moved on between what the user saw and their command
    /// (a racing command, a repeated click, or an old board).
    #[error(
        "The position changed before your command arrived (a move was played or the game changed); look at the board again and retry if you still want to."
    )]
    PositionChanged,
    /// The deadline of the move has passed; the game is lost on time.
    #[error("Time is up: the deadline for this move has passed, so the game is lost on time.")]
    TimeUp,
    /// The game has ended.
    #[error("This game is already over.")]
    GameOver,
    /// The rules refused the move (not notation, capture compulsory, ambiguous, illegal).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The user already has a draw offer standing.
    #[error("You have already offered a draw; it stands until your opponent moves or answers it.")]
    DrawAlreadyOffered,
    /// The opponent's draw offer is standing: answer it instead.
    #[error("Your opponent has already offered you a draw; accept or decline it instead.")]
    DrawOfferPending,
    /// No draw offer to answer.
    #[error("There is no draw offer to answer.")]
    NoDrawOffer,
    /// A player tried to answer their own offer.
    #[error("You cannot answer your own draw offer; your opponent has to.")]
    OwnDrawOffer,
    /// A position given by the user does not parse.
    #[error(transparent)]
    BadFen(#[from] FenError),
    /// The database failed (internal).
    #[error("database failure: {0}")]
    Store(#[from] StoreError),
    /// The database holds something the service cannot read back (internal).
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

impl GameError {
    /// Whether this is a refusal to show the user (true), or an internal
    /// failure to log and hide behind a generic reply (false).
    pub fn is_user_error(&self) -> bool {
        !matches!(self, GameError::Store(_) | GameError::Corrupt(_) | GameError::Engine(_))
    }
}
