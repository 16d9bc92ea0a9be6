//! Reaching players: direct messages (as each chose with `/notify`), a
//! thread per game, each player's settings and each server's language.

feature_handle!(
    /// Reaching players: direct messages, game threads, settings and each
    /// server's language.
    Notifications,
    notifications
);

pub(super) mod direct_messages;
pub(super) mod player_settings;
pub(super) mod server_locale;
pub(super) mod threads;
