//! Why one call to Discord did not succeed, and what that says about
//! trying again.

/// Why one call to Discord did not succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Discord answered with this status and JSON error code (0 if none).
    Status(u16, isize),
    /// No answer within the time allowed.
    Timeout,
    /// The request or its answer was lost on the way.
    Transport(String),
    /// Not sent: Discord's limits would not let it go in time (or, for a
    /// spare call, had no room to spare).
    Held,
}

/// Discord's error code for a second answer to one interaction.
const ALREADY_ACKNOWLEDGED: isize = 40060;

impl Failure {
    /// Whether Discord may have done what was asked although the answer says
    /// otherwise: a server error, a timeout or a lost answer.
    pub fn may_have_landed(&self) -> bool {
        match self {
            Failure::Status(status, _) => *status >= 500,
            Failure::Timeout | Failure::Transport(_) => true,
            Failure::Held => false,
        }
    }

    /// Whether trying again can help: a 429 (the limiter then waits as
    /// Discord asked) and the cases above.
    pub fn is_transient(&self) -> bool {
        matches!(self, Failure::Status(429, _)) || self.may_have_landed()
    }

    /// Discord refused a second answer: the first one did land.
    pub fn is_already_acknowledged(&self) -> bool {
        matches!(self, Failure::Status(400, ALREADY_ACKNOWLEDGED))
    }

    /// The failure a repeat of an interaction's answer gets when the first landed.
    pub fn already_acknowledged() -> Failure {
        Failure::Status(400, ALREADY_ACKNOWLEDGED)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Status(status, code) => write!(f, "HTTP {status} (Discord code {code})"),
            Failure::Timeout => write!(f, "no answer in time"),
            Failure::Transport(e) => write!(f, "{e}"),
            Failure::Held => write!(f, "held back by Discord's rate limits"),
        }
    }
}
