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

mod challenge;
mod clock;
mod commands;
mod convert;
mod draws;
mod error;
mod game_list;
mod lookup;
mod pdn;
mod view;

pub use challenge::{
    CHALLENGE_TTL, Challenge, ChallengeState, ColorChoice, DAYS_PER_MOVE, DEFAULT_DAYS_PER_MOVE, NewChallenge,
};
pub use clock::{DAY, DueEvent, REMINDER_PERCENT};
pub use error::GameError;
pub use game_list::{GAMES_PER_PAGE, GameSummary, GamesPage};
pub use pdn::pdn_record;
pub use view::{Finish, FinishReason, GameView, MoveReport};

use crate::store::Store;

/// The game service. Cheap to clone (it holds the store's connection pool);
/// clones share the database.
#[derive(Clone, Debug)]
pub struct GameService {
    store: Store,
}

impl GameService {
    /// Opens (creating it if missing) the database at `database_url` - a
    /// `sqlite://` URL or a file path - and applies the migrations.
    pub async fn open(database_url: &str) -> Result<GameService, GameError> {
        Ok(GameService { store: Store::open(database_url).await? })
    }

    /// A service over an already opened store.
    pub fn with_store(store: Store) -> GameService {
        GameService { store }
    }

    /// The store underneath (for tools and tests that inspect the database).
    pub fn store(&self) -> &Store {
        &self.store
    }
}
