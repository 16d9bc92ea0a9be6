//! What the service refuses, and what goes wrong inside it.

use crate::rules::{FenError, MoveError};
use crate::store::StoreError;

/// Why a command was refused or failed.
///
/// Every variant but [`GameError::Store`] and [`GameError::Corrupt`] is a
/// refusal meant for the user who sent the command (see
/// [`GameError::is_user_error`]): its sentence, in each language, is in the
/// catalog (see `i18n::game_error`, which maps these values to sentences).
/// `Display` is a plain English description for the log.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A player challenged themselves.
    #[error("a player challenged themselves")]
    ChallengeSelf,
    /// The channel already holds a live game.
    #[error("the channel already holds a live game")]
    ChannelHasGame,
    /// A game against the bot asked for where challenges are waiting.
    #[error("challenges are waiting in the channel")]
    ChannelHasChallenge,
    /// The challenger already has an open challenge to the same player here.
    #[error("the same challenge is already open")]
    DuplicateChallenge,
    /// The challenger has as many open challenges as allowed in the server.
    #[error("the challenger already has {0} open challenges")]
    TooManyChallenges(i64),
    /// Several open challenges fit a command that did not say which.
    #[error("{0} open challenges fit; the command did not say which")]
    SeveralChallenges(usize),
    /// No open challenge between the user and the player named.
    #[error("no open challenge with the player named")]
    NoChallengeWith,
    /// The opponent named is another bot account.
    #[error("the opponent named is a bot account")]
    OpponentIsBot,
    /// A playing or analysis level outside 1-10.
    #[error("level {0} is outside 1-10")]
    LevelOutOfRange(i64),
    /// Analysis asked for while the channel's game is live.
    #[error("analysis asked for while the channel's game is live")]
    AnalysisOfLiveGame,
    /// Analysis asked for a position that stands in a live game of the server.
    #[error("analysis asked for a position of a live game in the server")]
    AnalysisOfLivePosition,
    /// `/analyze` with no position where no game was played.
    #[error("no position given and no game played in the channel")]
    NothingToAnalyze,
    /// The same heavy request (a replay, an analysis, a review) again
    /// before its cooldown is over: the seconds left.
    #[error("asked again before the cooldown is over ({0} s left)")]
    CoolingDown(u32),
    /// The engine could not run (internal).
    #[error("the engine failed: {0}")]
    Engine(String),
    /// Days per move outside 1-14.
    #[error("{0} days per move is outside 1-14")]
    DaysOutOfRange(u32),
    /// A time control that cannot be read (`time:`).
    #[error("cannot read the time control `{0}`")]
    TimeControlUnreadable(String),
    /// A time control past the limits.
    #[error("the time control `{0}` is past the limits")]
    TimeControlOutOfRange(String),
    /// Both days per move and a time control were given.
    #[error("days per move and a time control were both given")]
    TimeControlTwice,
    /// A time zone the zone database does not know.
    #[error("unknown time zone `{0}`")]
    UnknownTimeZone(String),
    /// The start position given is already decided (the side to move has no move).
    #[error("the start position is already decided")]
    StartDecided,
    /// A match asked for on other terms than RULES 8.3's: a variant, a
    /// start position or the bot.
    #[error("a match asked for with a variant, a start position or the bot")]
    MatchTerms,
    /// No open challenge in the channel.
    #[error("no open challenge in the channel")]
    NoChallenge,
    /// The challenge named is no longer open (answered, cancelled, expired or replaced).
    #[error("challenge {0} is no longer open")]
    StaleChallenge(i64),
    /// The challenge's 48 hours have passed.
    #[error("the challenge has expired")]
    ChallengeExpired,
    /// Someone other than the challenged player tried to accept or decline.
    #[error("only the challenged player may answer the challenge")]
    NotChallenged,
    /// The challenger pressed Accept on their own open challenge.
    #[error("the challenger tried to accept their own challenge")]
    OwnChallenge,
    /// A bot account tried to accept an open challenge.
    #[error("a bot account tried to accept an open challenge")]
    BotCannotAccept,
    /// Someone else accepted the open challenge first.
    #[error("challenge {0} was taken by someone else first")]
    ChallengeTaken(i64),
    /// A player outside an open challenge's rating range tried to accept
    /// it: the range, their rating and the challenger's (as shown).
    #[error("a rating of {rating} is more than {range} points from the challenger's {challenger}")]
    OutsideRatingRange {
        /// The challenge's range in points.
        range: u32,
        /// The accepting player's rating.
        rating: i64,
        /// The challenger's rating.
        challenger: i64,
    },
    /// A rating range asked for on a challenge that names its opponent, or
    /// on one that is not rated.
    #[error("a rating range is only for open rated challenges")]
    RatingRangeTerms,
    /// A rating range outside [`RATING_RANGE`](crate::game::RATING_RANGE) points.
    #[error("a rating range of {0} points is outside 1-1000")]
    RatingRangeOutOfRange(i64),
    /// Someone other than the challenger tried to cancel.
    #[error("only the challenger may cancel the challenge")]
    NotChallenger,
    /// No live game in the channel.
    #[error("no live game in the channel")]
    NoGame,
    /// `/abort` by someone who may not moderate the channel and does not
    /// play its game.
    #[error("the user may not moderate the channel and does not play its game")]
    NotModerator,
    /// A player's abort after each side has moved.
    /// A server setting changed by someone who does not manage the server.
    #[error("the user does not manage the server")]
    NotServerManager,
    #[error("both sides have moved: too late for a player to abort")]
    AbortTooLate,
    /// `/abort` where there is neither a live game nor an open challenge.
    #[error("neither a live game nor an open challenge to abort")]
    NothingToAbort,
    /// A game named in another channel than the command's.
    #[error("game {game} is played in channel {channel}")]
    GameElsewhere {
        /// The game named.
        game: i64,
        /// Its channel.
        channel: u64,
    },
    /// No game with this id.
    #[error("no game {0}")]
    GameNotFound(i64),
    /// No game, live or finished, was played in the channel.
    #[error("no game was played in the channel")]
    NoGameInChannel,
    /// The user is not one of the two players.
    #[error("the user does not play in this game")]
    NotAPlayer,
    /// The user is a player but the other side is to move.
    #[error("it is the other side's turn")]
    NotYourTurn,
    /// The game moved on between what the user saw and their command
    /// (a racing command, a repeated click, or an old board).
    #[error("the game moved on since the command was made")]
    PositionChanged,
    /// The deadline of the move has passed; the game is lost on time.
    #[error("the time for the move has run out")]
    TimeUp,
    /// More time given on the giver's own move (it is the opponent's
    /// deadline that more time moves).
    #[error("more time given on the giver's own move")]
    MoreTimeOnOwnMove,
    /// More time given to the bot's engine.
    #[error("more time given to the bot")]
    MoreTimeForBot,
    /// More time of a number of days outside 1-7.
    #[error("{0} days of more time is outside 1-7")]
    MoreTimeDays(u32),
    /// `/vacation` in a server that gives no vacation days.
    #[error("the server gives no vacation days")]
    VacationOff,
    /// `/vacation start` while already away.
    #[error("the player is already on vacation")]
    AlreadyOnVacation,
    /// `/vacation start` with no vacation day left this year.
    #[error("no vacation day left this year")]
    NoVacationDaysLeft,
    /// `/vacation end` while not away.
    #[error("the player is not on vacation")]
    NotOnVacation,
    /// A server's vacation days set outside 0-60.
    #[error("{0} vacation days is outside 0-60")]
    VacationDaysOutOfRange(i64),
    /// The game has ended.
    #[error("the game has ended")]
    GameOver,
    /// The rules refused the move (not notation, capture compulsory, ambiguous, illegal).
    #[error("{0}")]
    Move(#[from] MoveError),
    /// The user already has a draw offer standing.
    #[error("the user's draw offer is already standing")]
    DrawAlreadyOffered,
    /// The opponent's draw offer is standing: answer it instead.
    #[error("the opponent's draw offer is standing")]
    DrawOfferPending,
    /// No draw offer to answer.
    #[error("no draw offer to answer")]
    NoDrawOffer,
    /// A player tried to answer their own offer.
    #[error("a player cannot answer their own draw offer")]
    OwnDrawOffer,
    /// `/premove` while it is the user's own move (a premove answers the
    /// opponent's next move).
    #[error("premoves are stored while the opponent is to move")]
    PremoveOnYourMove,
    /// A premove line is empty, longer than the limit, or does not end on
    /// the player's own move (an odd number of moves).
    #[error("a premove line needs an even number of moves, at most {0}")]
    PremoveLineShape(usize),
    /// A move of a premove line is not legal where it would be played.
    #[error("move {number} of the premove line: {error}")]
    PremoveMove {
        /// Its place in the line, from 1.
        number: usize,
        /// Why the rules refuse it.
        error: MoveError,
    },
    /// After the same moves of the opponent, a stored line replies otherwise.
    #[error("after {after} the stored premove replies {stored}, not {new}")]
    PremoveConflict {
        /// The moves both lines share (ending on the opponent's).
        after: String,
        /// The stored reply.
        stored: String,
        /// The new line's reply.
        new: String,
    },
    /// A player keeps at most this many premove lines in a game.
    #[error("at most {0} premove lines in a game")]
    TooManyPremoves(usize),
    /// A player tried to withdraw the opponent's draw offer.
    #[error("only the player who offered a draw can withdraw it")]
    NotYourDrawOffer,
    /// A takeback was asked with no move of the player's to take back: the
    /// last move is the opponent's (or a set opening's), or none was played.
    #[error("the last move is not the user's to take back")]
    NoMoveToTakeBack,
    /// The user's takeback request already stands.
    #[error("the user's takeback request is already standing")]
    TakebackAlreadyAsked,
    /// No takeback request to answer.
    #[error("no takeback request to answer")]
    NoTakebackRequest,
    /// A player tried to answer their own takeback request.
    #[error("a player cannot answer their own takeback request")]
    OwnTakebackRequest,
    /// The time the mover had before the move has run out since: taking
    /// it back would leave them lost on time.
    #[error("the clock before the move has run out")]
    TakebackTooLate,
    /// No tournament of that number in this server.
    #[error("no tournament {0} in this server")]
    NoTournament(i64),
    /// Creating a tournament needs Manage Server or Manage Events.
    #[error("the user manages neither the server nor its events")]
    NotTournamentManager,
    /// Only the tournament's organiser (or a server manager) may do that.
    #[error("only the organiser {0} runs the tournament")]
    NotOrganiser(u64),
    /// A tournament name must have 1 to this many characters.
    #[error("a tournament name has 1-{0} characters")]
    TournamentName(usize),
    /// Rounds are chosen for a Swiss only (a round-robin has as many as it needs).
    #[error("rounds asked for a round-robin")]
    RoundsForSwissOnly,
    /// A Swiss's rounds out of range.
    #[error("a Swiss has 1-{0} rounds")]
    RoundsOutOfRange(u32),
    /// The most players asked is outside what the format takes.
    #[error("the most players is outside {least}-{most}")]
    MaxPlayersOutOfRange {
        /// The fewest the format starts with.
        least: u32,
        /// The most it takes.
        most: u32,
    },
    /// A bot account tried to join a tournament.
    #[error("a bot account tried to join a tournament")]
    BotCannotJoin,
    /// The player is signed up already.
    #[error("the user is signed up already")]
    AlreadyEntered,
    /// The tournament has as many entrants as it takes.
    #[error("the tournament is full ({0} players)")]
    TournamentFull(u32),
    /// The tournament no longer takes entrants.
    #[error("the tournament takes no more entrants")]
    SignupClosed,
    /// The user is not signed up for the tournament.
    #[error("the user is not in the tournament")]
    NotEntered,
    /// The player named is not in the tournament.
    #[error("user {0} is not in the tournament")]
    PlayerNotEntered(u64),
    /// Leaving after the start is withdrawing.
    #[error("the tournament has started: leaving is withdrawing")]
    LeaveAfterStart,
    /// The tournament has started already.
    #[error("the tournament has started already")]
    AlreadyStarted,
    /// Too few players to start.
    #[error("{players} players, fewer than the {least} the tournament needs")]
    TooFewEntrants {
        /// Signed up.
        players: u32,
        /// Needed.
        least: u32,
    },
    /// Too many players to start.
    #[error("{players} players, more than the {most} the format takes")]
    TooManyEntrants {
        /// Signed up.
        players: u32,
        /// Taken at most.
        most: u32,
    },
    /// The tournament changed while the command was made (a sign-up, a
    /// start, a result): nothing was done.
    #[error("the tournament changed meanwhile")]
    TournamentChanged,
    /// The tournament has not started yet.
    #[error("the tournament has not started")]
    TournamentNotStarted,
    /// The tournament has no game with a record yet.
    #[error("the tournament has no game yet")]
    TournamentNoGames,
    /// The tournament is over (finished or cancelled).
    #[error("the tournament is over")]
    TournamentOver,
    /// The player withdrew already.
    #[error("the player has withdrawn already")]
    AlreadyWithdrawn,
    /// Tournament games allow no takebacks.
    #[error("no takebacks in a tournament game")]
    NoTakebackInTournament,
    /// A tournament game is not aborted: its organiser removes a player or
    /// cancels the tournament.
    #[error("a tournament game is not aborted")]
    NoAbortInTournament,
    /// A tournament needs a channel where the bot opens threads.
    #[error("the bot may not open threads in the channel")]
    TournamentNeedsThreads,
    /// Every stored puzzle has been shown to the player.
    #[error("no puzzle left to show")]
    NoPuzzleLeft,
    /// The player has no puzzle open to answer.
    #[error("no puzzle open")]
    NoOpenPuzzle,
    /// The puzzle answered is over.
    #[error("the puzzle is over")]
    PuzzleOver,
    /// The puzzle moved on since the board answered was shown (another
    /// answer came first): nothing was played.
    #[error("the puzzle moved on")]
    PuzzleMovedOn,
    /// The puzzle answered was shown to someone else.
    #[error("not your puzzle")]
    NotYourPuzzle,
    /// A puzzle is reported from its finished attempt only.
    #[error("the puzzle is not over")]
    PuzzleNotOver,
    /// The server has no daily puzzle for that day.
    #[error("no daily puzzle")]
    NoDailyPuzzle,
    /// The daily puzzle's solution is out: it is no longer played from its message.
    #[error("the daily puzzle was revealed")]
    DailyPuzzleRevealed,
    /// The daily puzzle's hour is not 0-23.
    #[error("hour {0} is not 0-23")]
    PuzzleHourOutOfRange(i64),
    /// A position given by the user does not parse.
    #[error("{0}")]
    BadFen(#[from] FenError),
    /// A replay asked for a game too long to draw or to send.
    #[error("a replay of {plies} plies is longer than the {max} allowed")]
    ReplayTooLong {
        /// The game's plies.
        plies: u32,
        /// The most a replay is made of.
        max: u32,
    },
    /// Drawing a replay failed (internal).
    #[error("{0}")]
    Replay(String),
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
        !matches!(self, GameError::Store(_) | GameError::Corrupt(_) | GameError::Engine(_) | GameError::Replay(_))
    }
}
