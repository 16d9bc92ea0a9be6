//! What is kept of games: finding a game for its record, the PDN, the
//! replay GIF, players' histories and ratings, and the list of live games.

feature_handle!(
    /// What is kept of games: records, PDN, replays, histories, ratings and
    /// game lists.
    Records,
    records
);

pub(super) mod find_game;
pub(super) mod game_list;
pub(super) mod history;
pub(super) mod pdn;
pub(super) mod ratings;
pub(super) mod replay;
