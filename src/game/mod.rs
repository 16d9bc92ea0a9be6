//! The game service: everything that may happen in a correspondence game -
//! challenges, moves, draw offers, resignations, the clock, the record -
//! decided here and kept by [`crate::store`].
//!
//! It knows no Discord types: users, channels and servers are plain `u64`
//! ids, and every method that depends on time takes `now` in unix seconds,
//! so tests can move the clock.
//!
//! Every command reads the game, decides, and writes its effect in one
//! transaction that checks the game has not changed since it was read; a
//! racing or repeated command is refused with [`GameError::PositionChanged`]
//! (or the refusal its new state calls for) and changes nothing.

/// Declares a feature's handle: a borrowed view of the service that carries
/// that feature's commands, and the service's method that hands it out, so
/// no one type holds every command. A handle derefs to the service: each
/// feature reaches the shared store, engine and lookups the same way, and
/// one feature's command calls another's through its handle.
macro_rules! feature_handle {
    ($(#[$doc:meta])* $handle:ident, $accessor:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $handle<'a>(&'a crate::game::GameService);

        impl std::ops::Deref for $handle<'_> {
            type Target = crate::game::GameService;

            fn deref(&self) -> &crate::game::GameService {
                self.0
            }
        }

        impl crate::game::GameService {
            #[doc = concat!("This service's [`", stringify!($handle), "`].")]
            pub fn $accessor(&self) -> $handle<'_> {
                $handle(self)
            }
        }
    };
}

mod activity;
mod analysis;
mod challenges;
mod convert;
mod cooldowns;
mod deadlines;
mod engine_runner;
mod error;
mod game_view;
mod lookup;
mod new_game;
mod notifications;
mod play;
mod puzzles;
mod records;
mod tournaments;

pub use analysis::requests::{DEFAULT_ANALYSIS_LEVEL, GameReview, PositionAnalysis, REVIEW_THRESHOLD};
pub use engine_runner::{BotTurn, DEFAULT_THINK_TIME, EngineRunner};
pub use play::abort::{AbortRequest, Aborted, PLAYER_ABORT_BEFORE_PLY};
pub use play::bot::{DEFAULT_BOT_LEVEL, NewBotGame, Proposed, engine_player_name, level};
pub use play::draws::{BOT_ACCEPTS_DRAW_UP_TO, BOT_DRAWS_AFTER_PLIES, DrawDone, bot_accepts_draw};

pub use analysis::Analyses;
pub use analysis::fair_play::live_position_keys;
pub use analysis::pending_keys::PendingKeys;
pub use challenges::Challenges;
pub use challenges::challenge::{Accepted, CHALLENGE_TTL, ChallengePick, NewChallenge, RATING_RANGE, Taker};
pub use challenges::match_openings::{balanced_openings, random_opening};
pub use challenges::match_play::{MATCH_GAMES, MatchPlay, white_in_game};
pub use challenges::open_challenges::ChallengesPage;
pub use cooldowns::{Cooldowns, HeavyWork};
pub use deadlines::Deadlines;
pub use deadlines::due_events::{ANNOUNCEMENT_ATTEMPTS, ANNOUNCEMENT_KEPT, ANNOUNCEMENT_LEASE, Announcement, DueEvent};
pub use deadlines::more_time::{MORE_TIME_DAYS, MoreTimeGiven};
pub use deadlines::move_clock::{DAY, MoveClock, REMINDER_PERCENT, bank_after_move, time_for_move, weekends_of};
pub use deadlines::server_clock::{ClockRequest, DEFAULT_DAYS_PER_MOVE};
pub use deadlines::time_control::{
    BANK_INCREMENT, BANK_MAX, BANK_START, HOUR, PER_MOVE_DAYS, parse_time_control, pdn_tag, written,
};
pub use deadlines::vacation::{Away, DEFAULT_VACATION_DAYS, MAX_VACATION_DAYS, Vacation, VacationEnded, days_counted};
pub use deadlines::weekends::{Weekends, known_zone, zones_matching};
pub use error::GameError;
pub use game_view::{Challenge, Finish, GameView, MoveReport, RatingChange, TournamentPlay};
pub use lookup::{MovesAsked, MovesOf, read_position};
pub use notifications::Notifications;
pub use notifications::direct_messages::{DIGEST_GAMES, DirectDue, DirectMessage};
pub use notifications::player_settings::{DEFAULT_DIGEST_HOUR, next_hour_at};
pub use play::Games;
pub use play::live_buttons::{ButtonMessage, StaleButtons};
pub use play::move_choices::{MoveChoices, MoveOutcome, MovePreview, PieceMoves, moves_by_piece};
pub use play::premove_lines::Line;
pub use play::premoves::{MAX_PREMOVE_LINES, MAX_PREMOVE_PLIES, PREMOVE_GRACE, PremoveStored, PremovesSettled};
pub use play::seen::Seen;
pub use play::takebacks::TakebackDone;
pub use puzzles::Puzzles;
pub use puzzles::daily::{DAILY_ATTEMPTS, DAILY_LEASE, local_day_and_hour};
pub use puzzles::play::{Answered, PuzzlePlay, PuzzleRatingChange, Shown, StoredPuzzle};
pub use puzzles::reports::REPORTS_TO_RETIRE;
pub use puzzles::scan::{SCAN_LEASE, Scanned};
pub use puzzles::starting_set::STARTING_SET;
pub use puzzles::stats::{PUZZLE_LEADERBOARD_SIZE, PUZZLES_TO_RANK, PuzzleStats};
pub use records::Records;
pub use records::game_list::{GAMES_PER_PAGE, GameSummary, GamesPage};
pub use records::history::{HISTORY_PER_PAGE, History, HistoryEntry, HistoryResult};
pub use records::pdn::pdn_record;
pub use records::ratings::{LEADERBOARD_SIZE, PlayerRating, RatingStep};
pub use records::replay::{REPLAY_MAX_BYTES, REPLAY_MAX_PLIES, REPLAYS_KEPT};
pub use tournaments::Tournaments;
pub use tournaments::{
    Entrant, GameTerms, MAX_NAME, PendingTournamentGame, ROUND_ROBIN_MAX, ROUND_ROBIN_MIN, SWISS_MAX, SWISS_MIN,
    ShowStep, StandingLine, TOURNAMENTS_PER_PAGE, Tournament, TournamentPairing, TournamentTerms, TournamentsPage,
    Withdrawal, max_players, min_players,
};

use crate::store::Store;
/// The store's vocabulary that the service speaks too.
pub use crate::store::{
    Allowance, AnnouncementOutcome, ButtonsKind, ChallengeState, ColorChoice, FinishReason, GameThread,
    MAX_OPEN_CHALLENGES, NotifyMode, PlayerSettings, RatedResults, ServerClock, TimeControl, TournamentFormat,
    TournamentLine, TournamentStatus,
};

/// The game service. Cheap to clone (it holds the store's connection pool);
/// clones share the database.
#[derive(Clone, Debug)]
pub struct GameService {
    store: Store,
    engine: EngineRunner,
    cooldowns: Cooldowns,
    /// Games whose fair-play keys are to be written (see [`analysis::pending_keys`]).
    live_keys: PendingKeys,
}

impl GameService {
    /// Opens (creating it if missing) the database at `database_url` - a
    /// `sqlite://` URL or a file path - and applies the migrations.
    pub async fn open(database_url: &str) -> Result<GameService, GameError> {
        Ok(GameService::with_store(Store::open(database_url).await?))
    }

    /// A service over an already opened store.
    pub fn with_store(store: Store) -> GameService {
        GameService {
            store,
            engine: EngineRunner::default(),
            cooldowns: Cooldowns::default(),
            live_keys: PendingKeys::default(),
        }
    }

    /// This service with another engine runner (e.g. a shorter think time).
    pub fn with_engine(self, engine: EngineRunner) -> GameService {
        GameService { engine, ..self }
    }

    /// Starts `work` for `user` now, or refuses while their last one of
    /// that kind is cooling down ([`HeavyWork::cooldown`]).
    pub fn start_heavy(&self, user: u64, work: HeavyWork) -> Result<(), GameError> {
        self.cooldowns.start(user, work, std::time::Instant::now())
    }

    /// The engine the bot plays and analyses with.
    pub fn engine(&self) -> &EngineRunner {
        &self.engine
    }

    /// The store underneath (for tools and tests that inspect the database).
    pub fn store(&self) -> &Store {
        &self.store
    }
}
