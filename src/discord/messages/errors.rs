//! The one place that decides what a user sees when a command fails: a
//! refusal becomes an ephemeral sentence, anything else is logged and
//! answered with an ephemeral apology (generic, or saying what failed).

use crate::game::GameError;
use crate::i18n::{Lang, game_error};
use crate::t;

use crate::discord::messages::reply::Reply;

/// Why a command or button did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The game service refused or failed.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The adapter itself refused the input (a bad option, a stale button),
    /// with a sentence already in the user's language.
    #[error("{0}")]
    Refused(String),
    /// Something broke that the user cannot fix (rendering, Discord).
    #[error("{0}")]
    Internal(String),
    /// Like [`CommandError::Internal`], logged the same way, but the user
    /// is told what did not work (`sentence`, already in their language)
    /// rather than the generic apology.
    #[error("{cause}")]
    Failed {
        /// What the user reads.
        sentence: String,
        /// What the log says.
        cause: String,
    },
}

impl CommandError {
    /// A refusal with this sentence.
    pub fn refused(sentence: impl Into<String>) -> CommandError {
        CommandError::Refused(sentence.into())
    }
}

/// Turns a failure into the reply the user sees, in their language
/// `lang`, logging internal ones.
pub fn error_reply(lang: Lang, command: &str, error: &CommandError) -> Reply {
    match error {
        CommandError::Game(e) if e.is_user_error() => Reply::ephemeral(lang, game_error(lang, e)),
        CommandError::Refused(sentence) => Reply::ephemeral(lang, sentence.clone()),
        CommandError::Game(e) => {
            metrics::counter!(crate::metrics::ERRORS, "kind" => "internal").increment(1);
            tracing::error!(command, error = %e, "game service failure");
            Reply::ephemeral(lang, t!(lang, "something-went-wrong"))
        }
        CommandError::Internal(e) => {
            metrics::counter!(crate::metrics::ERRORS, "kind" => "internal").increment(1);
            tracing::error!(command, error = %e, "internal failure");
            Reply::ephemeral(lang, t!(lang, "something-went-wrong"))
        }
        CommandError::Failed { sentence, cause } => {
            metrics::counter!(crate::metrics::ERRORS, "kind" => "internal").increment(1);
            tracing::error!(command, error = %cause, "internal failure");
            Reply::ephemeral(lang, sentence.clone())
        }
    }
}
