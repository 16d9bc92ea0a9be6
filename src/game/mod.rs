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

mod abort;
mod activity;
mod analysis;
mod bot;
mod challenge;
mod clock;
mod commands;
mod convert;
mod cooldowns;
mod deadlines;
mod direct_messages;
mod draws;
mod engine_runner;
mod error;
mod fair_play;
mod game_list;
mod history;
mod lookup;
mod match_play;
mod matches;
mod more_time;
mod move_choices;
mod open_challenges;
mod openings;
mod pdn;
mod pending_keys;
mod player_settings;
mod premove_lines;
mod premoves;
mod ratings;
mod records;
mod replay;
mod server_locale;
mod takebacks;
mod threads;
mod tournaments;
mod vacation;
mod view;

pub use abort::{AbortRequest, Aborted, PLAYER_ABORT_BEFORE_PLY};
pub use analysis::{DEFAULT_ANALYSIS_LEVEL, GameReview, PositionAnalysis, REVIEW_THRESHOLD};
pub use bot::{DEFAULT_BOT_LEVEL, NewBotGame, Proposed, engine_player_name, level};
pub use draws::{BOT_ACCEPTS_DRAW_UP_TO, DrawDone};
pub use engine_runner::{DEFAULT_THINK_TIME, EngineRunner};

pub use challenge::{
    Accepted, CHALLENGE_TTL, ChallengePick, DAYS_PER_MOVE, DEFAULT_DAYS_PER_MOVE, NewChallenge, Taker,
};
pub use clock::{ANNOUNCEMENT_ATTEMPTS, ANNOUNCEMENT_KEPT, ANNOUNCEMENT_LEASE, Announcement, DueEvent};
pub use cooldowns::{Cooldowns, HeavyWork};
pub use deadlines::{DAY, REMINDER_PERCENT};
pub use direct_messages::{DIGEST_GAMES, DirectDue, DirectMessage};
pub use error::GameError;
pub use fair_play::live_position_keys;
pub use game_list::{GAMES_PER_PAGE, GameSummary, GamesPage};
pub use history::{HISTORY_PER_PAGE, History, HistoryEntry, HistoryResult};
pub use lookup::{MovesAsked, MovesOf, read_position};
pub use match_play::{MATCH_GAMES, MatchPlay, white_in_game};
pub use more_time::MORE_TIME_DAYS;
pub use move_choices::{MoveChoices, MoveOutcome, MovePreview, PieceMoves, Seen, moves_by_piece};
pub use open_challenges::ChallengesPage;
pub use openings::{balanced_openings, random_opening};
pub use pdn::pdn_record;
pub use pending_keys::PendingKeys;
pub use player_settings::{DEFAULT_DIGEST_HOUR, next_hour_at};
pub use premove_lines::Line;
pub use premoves::{MAX_PREMOVE_LINES, MAX_PREMOVE_PLIES, PREMOVE_GRACE, PremoveStored};
pub use ratings::{LEADERBOARD_SIZE, PlayerRating, RatingStep};
pub use replay::{REPLAY_MAX_BYTES, REPLAY_MAX_PLIES, REPLAYS_KEPT};
pub use takebacks::TakebackDone;
pub use tournaments::{
    Entrant, GameTerms, MAX_NAME, PendingTournamentGame, ROUND_ROBIN_MAX, ROUND_ROBIN_MIN, SWISS_MAX, SWISS_MIN,
    StandingLine, TOURNAMENTS_PER_PAGE, Tournament, TournamentPairing, TournamentTerms, TournamentsPage, Withdrawal,
    max_players, min_players,
};
pub use vacation::{Away, DEFAULT_VACATION_DAYS, MAX_VACATION_DAYS, Vacation, VacationEnded, days_counted};
pub use view::{Challenge, Finish, GameView, MoveReport, RatingChange, TournamentPlay};

use crate::store::Store;
/// The store's vocabulary that the service speaks too.
pub use crate::store::{
    AnnouncementOutcome, ChallengeState, ColorChoice, FinishReason, GameThread, MAX_OPEN_CHALLENGES, NotifyMode,
    PlayerSettings, RatedResults, TournamentFormat, TournamentLine, TournamentStatus,
};

/// The game service. Cheap to clone (it holds the store's connection pool);
/// clones share the database.
#[derive(Clone, Debug)]
pub struct GameService {
    store: Store,
    engine: EngineRunner,
    cooldowns: Cooldowns,
    /// Games whose fair-play keys are to be written (see [`pending_keys`]).
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
