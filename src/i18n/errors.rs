//! The sentences of refusals: the service's, the rules' (a move or a
//! position that is not accepted), in the reader's language.

use crate::game::GameError;
use crate::rules::{Color, FenError, FenSyntax, MoveError, NoSuchMove, NotNotation, SetupError};
use crate::t;

use super::Lang;

/// "White" / "las blancas": a side, as a sentence names it.
pub fn color(lang: Lang, color: Color) -> String {
    match color {
        Color::White => t!(lang, "color-white"),
        Color::Black => t!(lang, "color-black"),
    }
}

/// What the user reads when the service refuses a command. Internal
/// failures (see [`GameError::is_user_error`]) keep their English text,
/// which goes to the log only.
pub fn game_error(lang: Lang, error: &GameError) -> String {
    use GameError as E;
    match error {
        E::ChallengeSelf => t!(lang, "err-challenge-self"),
        E::ChannelHasGame => t!(lang, "err-channel-has-game"),
        E::ChannelHasChallenge => t!(lang, "err-channel-has-challenge"),
        E::DuplicateChallenge => t!(lang, "err-duplicate-challenge"),
        E::TooManyChallenges(limit) => t!(lang, "err-too-many-challenges", limit = *limit),
        E::SeveralChallenges(count) => t!(lang, "err-several-challenges", count = *count),
        E::NoChallengeWith => t!(lang, "err-no-challenge-with"),
        E::OpponentIsBot => t!(lang, "err-opponent-is-bot"),
        E::LevelOutOfRange(level) => t!(lang, "err-level-out-of-range", level = *level),
        E::AnalysisOfLiveGame => t!(lang, "err-analysis-of-live-game"),
        E::AnalysisOfLivePosition => t!(lang, "err-analysis-of-live-position"),
        E::NothingToAnalyze => t!(lang, "err-nothing-to-analyze"),
        E::CoolingDown(seconds) => t!(lang, "err-cooling-down", seconds = *seconds),
        E::DaysOutOfRange(days) => t!(lang, "err-days-out-of-range", days = *days),
        E::TimeControlUnreadable(text) => t!(lang, "err-time-control-unreadable", text = text.clone()),
        E::TimeControlOutOfRange(text) => t!(lang, "err-time-control-out-of-range", text = text.clone()),
        E::TimeControlTwice => t!(lang, "err-time-control-twice"),
        E::UnknownTimeZone(zone) => t!(lang, "err-unknown-time-zone", zone = zone.clone()),
        E::StartDecided => t!(lang, "err-start-decided"),
        E::MatchTerms => t!(lang, "err-match-terms"),
        E::NoChallenge => t!(lang, "err-no-challenge"),
        E::StaleChallenge(id) => t!(lang, "err-stale-challenge", id = id.to_string()),
        E::ChallengeExpired => t!(lang, "err-challenge-expired"),
        E::NotChallenged => t!(lang, "err-not-challenged"),
        E::NotChallenger => t!(lang, "err-not-challenger"),
        E::OwnChallenge => t!(lang, "err-own-challenge"),
        E::BotCannotAccept => t!(lang, "err-bot-cannot-accept"),
        E::ChallengeTaken(_) => t!(lang, "err-challenge-taken"),
        E::OutsideRatingRange { range, rating, challenger } => t!(
            lang,
            "err-outside-rating-range",
            range = *range,
            rating = rating.to_string(),
            challenger = challenger.to_string()
        ),
        E::RatingRangeTerms => t!(lang, "err-rating-range-terms"),
        E::RatingRangeOutOfRange(range) => t!(
            lang,
            "err-rating-range-out-of-range",
            range = range.to_string(),
            min = *crate::game::RATING_RANGE.start(),
            max = *crate::game::RATING_RANGE.end()
        ),
        E::NoGame => t!(lang, "err-no-game"),
        E::NotModerator => t!(lang, "err-not-moderator"),
        E::NotServerManager => t!(lang, "err-not-server-manager"),
        E::AbortTooLate => t!(lang, "err-abort-too-late"),
        E::NothingToAbort => t!(lang, "err-nothing-to-abort"),
        E::GameElsewhere { game, channel } => {
            t!(lang, "err-game-elsewhere", game = game.to_string(), channel = format!("<#{channel}>"))
        }
        E::GameNotFound(id) => t!(lang, "err-game-not-found", game = id.to_string()),
        E::NoGameInChannel => t!(lang, "err-no-game-in-channel"),
        E::NotAPlayer => t!(lang, "err-not-a-player"),
        E::NotYourTurn => t!(lang, "err-not-your-turn"),
        E::PositionChanged => t!(lang, "err-position-changed"),
        E::TimeUp => t!(lang, "err-time-up"),
        E::VacationOff => t!(lang, "err-vacation-off"),
        E::AlreadyOnVacation => t!(lang, "err-already-on-vacation"),
        E::NoVacationDaysLeft => t!(lang, "err-no-vacation-days-left"),
        E::NotOnVacation => t!(lang, "err-not-on-vacation"),
        E::VacationDaysOutOfRange(days) => t!(lang, "err-vacation-days-out-of-range", days = days.to_string()),
        E::MoreTimeOnOwnMove => t!(lang, "err-more-time-own-move"),
        E::MoreTimeForBot => t!(lang, "err-more-time-for-bot"),
        E::MoreTimeDays(days) => t!(lang, "err-more-time-days", days = *days),
        E::GameOver => t!(lang, "err-game-over"),
        E::NoPuzzleLeft => t!(lang, "err-no-puzzle-left"),
        E::NoOpenPuzzle => t!(lang, "err-no-open-puzzle"),
        E::PuzzleOver => t!(lang, "err-puzzle-over"),
        E::PuzzleMovedOn => t!(lang, "err-puzzle-moved-on"),
        E::NotYourPuzzle => t!(lang, "err-not-your-puzzle"),
        E::PuzzleNotOver => t!(lang, "err-puzzle-not-over"),
        E::NoDailyPuzzle => t!(lang, "err-no-daily-puzzle"),
        E::DailyPuzzleRevealed => t!(lang, "err-daily-puzzle-revealed"),
        E::PuzzleHourOutOfRange(hour) => t!(lang, "err-puzzle-hour", hour = hour.to_string()),
        E::Move(e) => move_error(lang, e),
        E::DrawAlreadyOffered => t!(lang, "err-draw-already-offered"),
        E::DrawOfferPending => t!(lang, "err-draw-offer-pending"),
        E::NoDrawOffer => t!(lang, "err-no-draw-offer"),
        E::OwnDrawOffer => t!(lang, "err-own-draw-offer"),
        E::PremoveOnYourMove => t!(lang, "err-premove-on-your-move"),
        E::PremoveLineShape(max) => t!(lang, "err-premove-line-shape", max = *max),
        E::PremoveMove { number, error } => {
            t!(lang, "err-premove-move", number = *number, reason = move_error(lang, error))
        }
        E::PremoveConflict { after, stored, new } => {
            t!(lang, "err-premove-conflict", after = after.clone(), stored = stored.clone(), new = new.clone())
        }
        E::TooManyPremoves(max) => t!(lang, "err-too-many-premoves", max = *max),
        E::NotYourDrawOffer => t!(lang, "err-not-your-draw-offer"),
        E::NoMoveToTakeBack => t!(lang, "err-no-move-to-take-back"),
        E::TakebackAlreadyAsked => t!(lang, "err-takeback-already-asked"),
        E::NoTakebackRequest => t!(lang, "err-no-takeback-request"),
        E::OwnTakebackRequest => t!(lang, "err-own-takeback-request"),
        E::TakebackTooLate => t!(lang, "err-takeback-too-late"),
        E::NoTournament(number) => t!(lang, "err-no-tournament", number = number.to_string()),
        E::NotTournamentManager => t!(lang, "err-not-tournament-manager"),
        E::NotOrganiser(organiser) => {
            t!(lang, "err-not-organiser", organiser = format!("<@{organiser}>"))
        }
        E::TournamentName(max) => t!(lang, "err-tournament-name", max = *max),
        E::RoundsForSwissOnly => t!(lang, "err-rounds-for-swiss-only"),
        E::RoundsOutOfRange(max) => t!(lang, "err-rounds-out-of-range", max = *max),
        E::MaxPlayersOutOfRange { least, most } => {
            t!(lang, "err-max-players-out-of-range", least = *least, most = *most)
        }
        E::BotCannotJoin => t!(lang, "err-bot-cannot-join"),
        E::AlreadyEntered => t!(lang, "err-already-entered"),
        E::TournamentFull(players) => t!(lang, "err-tournament-full", players = *players),
        E::SignupClosed => t!(lang, "err-signup-closed"),
        E::NotEntered => t!(lang, "err-not-entered"),
        E::PlayerNotEntered(player) => t!(lang, "err-player-not-entered", player = format!("<@{player}>")),
        E::LeaveAfterStart => t!(lang, "err-leave-after-start"),
        E::AlreadyStarted => t!(lang, "err-already-started"),
        E::TooFewEntrants { players, least } => {
            t!(lang, "err-too-few-entrants", players = *players, least = *least)
        }
        E::TooManyEntrants { players, most } => {
            t!(lang, "err-too-many-entrants", players = *players, most = *most)
        }
        E::TournamentChanged => t!(lang, "err-tournament-changed"),
        E::TournamentNotStarted => t!(lang, "err-tournament-not-started"),
        E::TournamentNoGames => t!(lang, "err-tournament-no-games"),
        E::TournamentOver => t!(lang, "err-tournament-over"),
        E::AlreadyWithdrawn => t!(lang, "err-already-withdrawn"),
        E::NoTakebackInTournament => t!(lang, "err-no-takeback-in-tournament"),
        E::NoAbortInTournament => t!(lang, "err-no-abort-in-tournament"),
        E::TournamentNeedsThreads => t!(lang, "err-tournament-needs-threads"),
        E::BadFen(e) => fen_error(lang, e),
        E::ReplayTooLong { plies, max } => t!(lang, "replay-too-long", plies = *plies, max = *max),
        E::Engine(_) | E::Store(_) | E::Corrupt(_) | E::Replay(_) => error.to_string(),
    }
}

/// Why a typed move was not played.
pub fn move_error(lang: Lang, error: &MoveError) -> String {
    match error {
        MoveError::NotNotation { text, reason } => {
            let reason = match reason {
                NotNotation::Empty => t!(lang, "move-empty"),
                NotNotation::StrayCharacter(c) => t!(lang, "move-stray-character", character = c.to_string()),
                NotNotation::NotASquare(token) => t!(lang, "move-not-a-square", token = token.clone()),
                NotNotation::TooFewSquares => t!(lang, "move-too-few-squares"),
                NotNotation::TooManySquares => t!(lang, "move-too-many-squares"),
            };
            t!(lang, "move-not-notation", text = text.clone(), reason = reason)
        }
        MoveError::CaptureRequired { text, captures } => {
            t!(lang, "move-capture-required", text = text.clone(), captures = captures.join(", "))
        }
        MoveError::NoSuchMove { text, reason } => {
            let reason = match reason {
                NoSuchMove::NoLegalMove(side) => t!(lang, "move-no-legal-move", side = color(lang, *side)),
                NoSuchMove::EmptySquare(square) => t!(lang, "move-empty-square", square = square.to_string()),
                NoSuchMove::NotYourPiece { square, owner } => t!(
                    lang,
                    "move-not-your-piece",
                    square = square.to_string(),
                    owner = color(lang, *owner),
                    turn = color(lang, owner.opponent())
                ),
                NoSuchMove::PieceCannotMove(square) => t!(lang, "move-piece-cannot-move", square = square.to_string()),
                NoSuchMove::PieceMoves { square, moves } => {
                    t!(lang, "move-piece-moves", square = square.to_string(), moves = moves.join(", "))
                }
                NoSuchMove::NotLegal => t!(lang, "move-not-legal"),
            };
            t!(lang, "move-no-such-move", text = text.clone(), reason = reason)
        }
        MoveError::Ambiguous { text, candidates } => {
            t!(lang, "move-ambiguous", text = text.clone(), candidates = candidates.join(", "))
        }
        MoveError::GameOver => t!(lang, "err-game-over"),
    }
}

/// Why a position given as PDN FEN was not accepted.
pub fn fen_error(lang: Lang, error: &FenError) -> String {
    let found = |c: &Option<char>| match c {
        Some(c) => format!("`{c}`"),
        None => t!(lang, "fen-the-end"),
    };
    let (at, reason) = match error {
        FenError::Syntax { at, reason } => (
            *at,
            match reason {
                FenSyntax::Empty => t!(lang, "fen-empty"),
                FenSyntax::ExpectedSide(c) => t!(lang, "fen-expected-side", found = found(c)),
                FenSyntax::ExpectedSquare(c) => t!(lang, "fen-expected-square", found = found(c)),
                FenSyntax::SquareOutOfRange(digits) => t!(lang, "fen-square-out-of-range", square = digits.clone()),
                FenSyntax::ExpectedColon(c) => t!(lang, "fen-expected-colon", found = found(&Some(*c))),
                FenSyntax::ExpectedSeparator(c) => t!(lang, "fen-expected-separator", found = found(&Some(*c))),
                FenSyntax::ListedTwice(side) => t!(lang, "fen-listed-twice", side = color(lang, *side)),
                FenSyntax::RangeBackwards(first, last) => {
                    t!(lang, "fen-range-backwards", range = format!("{first}-{last}"))
                }
            },
        ),
        FenError::Impossible { at, error } => (
            *at,
            match error {
                SetupError::SquareTwice(square) => t!(lang, "fen-square-twice", square = square.to_string()),
                SetupError::ManOnFarRank { square, color: side } => {
                    t!(lang, "fen-man-on-far-rank", square = square.to_string(), side = color(lang, *side))
                }
                SetupError::TooManyPieces { color: side, count } => {
                    t!(lang, "fen-too-many-pieces", side = color(lang, *side), count = *count)
                }
            },
        ),
    };
    t!(lang, "fen-bad", at = at, reason = reason)
}
