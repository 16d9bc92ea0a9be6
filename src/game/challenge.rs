//! Challenges: a player invites another to a game in a channel; the other
//! accepts (a game starts) or declines; the challenger may cancel; after
//! 48 hours it expires.

use crate::rules::{DrawRules, Position, Variant};

/// How long a challenge stays open (seconds).
pub const CHALLENGE_TTL: i64 = 48 * 3600;
/// Days per move when the challenger does not say.
pub const DEFAULT_DAYS_PER_MOVE: u32 = 3;
/// The allowed days per move.
pub const DAYS_PER_MOVE: std::ops::RangeInclusive<u32> = 1..=14;

/// Which side the challenger wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Decided by lot when the challenge is accepted.
    #[default]
    Random,
}

impl ColorChoice {
    /// Lower-case name, as stored and typed.
    pub const fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// Reads a name (any case).
    pub fn from_name(name: &str) -> Option<ColorChoice> {
        [ColorChoice::White, ColorChoice::Black, ColorChoice::Random]
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeState {
    /// Waiting for the challenged player.
    Open,
    /// Accepted: a game started.
    Accepted,
    /// Declined by the challenged player.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered within 48 hours.
    Expired,
}

impl ChallengeState {
    /// Every state.
    pub const ALL: [ChallengeState; 5] = [
        ChallengeState::Open,
        ChallengeState::Accepted,
        ChallengeState::Declined,
        ChallengeState::Cancelled,
        ChallengeState::Expired,
    ];

    /// Lower-case name, as stored.
    pub const fn name(self) -> &'static str {
        match self {
            ChallengeState::Open => "open",
            ChallengeState::Accepted => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Cancelled => "cancelled",
            ChallengeState::Expired => "expired",
        }
    }

    /// Reads a stored name back.
    pub fn from_name(name: &str) -> Option<ChallengeState> {
        ChallengeState::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A request to start a challenge. Build it with [`NewChallenge::new`] and
/// change the fields you need.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel (or thread) the game will be played in.
    pub channel: u64,
    /// Who challenges.
    pub challenger: u64,
    /// Who is challenged.
    pub opponent: u64,
    /// The challenger's side.
    pub color: ColorChoice,
    /// Days per move (1-14); `None` for the default of 3.
    pub days_per_move: Option<u32>,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// A start position other than the initial one, if any.
    pub start: Option<Position>,
    /// The challenger's display name, for the game record (optional).
    pub challenger_name: Option<String>,
    /// The opponent's display name, for the game record (optional).
    pub opponent_name: Option<String>,
}

impl NewChallenge {
    /// A challenge with the defaults: random colours, 3 days per move,
    /// classic variant and draw rules, the initial position, no server.
    pub fn new(channel: u64, challenger: u64, opponent: u64) -> NewChallenge {
        NewChallenge {
            guild: None,
            channel,
            challenger,
            opponent,
            color: ColorChoice::Random,
            days_per_move: None,
            variant: Variant::Classic,
            draw_rules: DrawRules::Classic,
            start: None,
            challenger_name: None,
            opponent_name: None,
        }
    }
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: i64,
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: u64,
    /// Who challenged.
    pub challenger: u64,
    /// Who was challenged.
    pub opponent: u64,
    /// The challenger's side.
    pub color: ColorChoice,
    /// Days per move.
    pub days_per_move: u32,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// The start position.
    pub start: Position,
    /// The challenger's display name, if given.
    pub challenger_name: Option<String>,
    /// The opponent's display name, if given.
    pub opponent_name: Option<String>,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it expires if unanswered (unix seconds).
    pub expires_at: i64,
    /// Where it stands.
    pub state: ChallengeState,
    /// The game it started, once accepted.
    pub game_id: Option<i64>,
}

use super::{GameError, GameService, GameView};

impl GameService {
    /// Posts a challenge in a channel. Refused when the challenger names
    /// themselves, when the channel holds a live game or an open challenge,
    /// or when days per move are outside 1-14.
    pub async fn challenge(&self, now: i64, req: NewChallenge) -> Result<Challenge, GameError> {
        let _ = (now, req);
        todo!()
    }

    /// The challenged `user` accepts the open challenge of `channel` (or the
    /// one with id `challenge_id`, which must be that channel's open one);
    /// the game starts now.
    pub async fn accept(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        challenge_id: Option<i64>,
    ) -> Result<GameView, GameError> {
        let _ = (now, channel, user, challenge_id);
        todo!()
    }

    /// The challenged `user` declines the open challenge.
    pub async fn decline(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        challenge_id: Option<i64>,
    ) -> Result<Challenge, GameError> {
        let _ = (now, channel, user, challenge_id);
        todo!()
    }

    /// The challenger withdraws their open challenge.
    pub async fn cancel(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        challenge_id: Option<i64>,
    ) -> Result<Challenge, GameError> {
        let _ = (now, channel, user, challenge_id);
        todo!()
    }
}
