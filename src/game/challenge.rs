//! Challenges: a player invites another to a game in a channel; the other
//! accepts (a game starts) or declines; the challenger may cancel; after
//! 48 hours it expires.

use std::hash::{BuildHasher, RandomState};

use super::clock::{deadline, reminder_time};
use super::convert;
use super::{GameError, GameService, GameView};
use crate::rules::{DrawRules, Game, Position, Variant};
use crate::store::{ChannelTaken, NewChallengeRow, NewGameRow, StartRefused};

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
    /// Whether the opponent is a bot account (other than this bot, which is
    /// played with [`GameService::start_bot_game`]): refused.
    pub opponent_is_bot: bool,
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
            opponent_is_bot: false,
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

/// The days per move and start position of a new game, checked: days
/// within 1-14 (3 when not given), a start position that is not decided.
pub(super) fn terms(
    days: Option<u32>,
    start: Option<Position>,
    variant: Variant,
    draw_rules: DrawRules,
) -> Result<(u32, Position), GameError> {
    let days = days.unwrap_or(DEFAULT_DAYS_PER_MOVE);
    if !DAYS_PER_MOVE.contains(&days) {
        return Err(GameError::DaysOutOfRange(days));
    }
    let start = start.unwrap_or_else(Position::initial);
    if Game::new(start, variant, draw_rules).result().is_some() {
        return Err(GameError::StartDecided);
    }
    Ok((days, start))
}

impl GameService {
    /// Posts a challenge in a channel. Refused when the challenger names
    /// themselves, when the channel holds a live game or an open challenge,
    /// when days per move are outside 1-14, or when the start position is
    /// already decided.
    pub async fn challenge(&self, now: i64, req: NewChallenge) -> Result<Challenge, GameError> {
        if req.challenger == req.opponent {
            return Err(GameError::ChallengeSelf);
        }
        if req.opponent_is_bot {
            return Err(GameError::OpponentIsBot);
        }
        let (days, start) = terms(req.days_per_move, req.start, req.variant, req.draw_rules)?;
        let row = NewChallengeRow {
            guild: req.guild,
            channel: req.channel,
            challenger: req.challenger,
            opponent: req.opponent,
            color: req.color.name().into(),
            days_per_move: days,
            variant: req.variant.name().into(),
            draw_rules: req.draw_rules.name().into(),
            start_fen: start.to_string(),
            challenger_name: req.challenger_name,
            opponent_name: req.opponent_name,
            created_at: now,
            expires_at: now + CHALLENGE_TTL,
        };
        let id = match self.store.insert_challenge(&row).await? {
            Ok(id) => id,
            Err(ChannelTaken::Game) => return Err(GameError::ChannelHasGame),
            Err(ChannelTaken::Challenge) => return Err(GameError::ChannelHasChallenge),
        };
        self.challenge_by_id(id).await
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
        let c = self.open_challenge(now, channel, challenge_id).await?;
        if user != c.opponent {
            return Err(GameError::NotChallenged);
        }
        let challenger_white = match c.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => RandomState::new().hash_one((c.id, now)) & 1 == 0,
        };
        let (white, black, white_name, black_name) = if challenger_white {
            (c.challenger, c.opponent, c.challenger_name, c.opponent_name)
        } else {
            (c.opponent, c.challenger, c.opponent_name, c.challenger_name)
        };
        let row = NewGameRow {
            challenge_id: Some(c.id),
            guild: c.guild,
            channel: c.channel,
            white,
            black,
            white_name,
            black_name,
            days_per_move: c.days_per_move,
            variant: c.variant.name().into(),
            draw_rules: c.draw_rules.name().into(),
            start_fen: c.start.to_string(),
            turn: c.start.turn().name().into(),
            started_at: now,
            deadline: deadline(now, c.days_per_move),
            remind_at: reminder_time(now, c.days_per_move),
            engine: None,
        };
        match self.store.start_game(c.id, &row).await? {
            Ok(game) => convert::game_view(game),
            Err(StartRefused::ChallengeClosed) => Err(GameError::StaleChallenge(c.id)),
            Err(StartRefused::ChannelHasGame) => Err(GameError::ChannelHasGame),
        }
    }

    /// The challenged `user` declines the open challenge.
    pub async fn decline(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        challenge_id: Option<i64>,
    ) -> Result<Challenge, GameError> {
        let c = self.open_challenge(now, channel, challenge_id).await?;
        if user != c.opponent {
            return Err(GameError::NotChallenged);
        }
        self.close(c.id, ChallengeState::Declined).await
    }

    /// The challenger withdraws their open challenge.
    pub async fn cancel(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        challenge_id: Option<i64>,
    ) -> Result<Challenge, GameError> {
        let c = self.open_challenge(now, channel, challenge_id).await?;
        if user != c.challenger {
            return Err(GameError::NotChallenger);
        }
        self.close(c.id, ChallengeState::Cancelled).await
    }

    /// A challenge by id, in any state.
    pub async fn challenge_by_id(&self, id: i64) -> Result<Challenge, GameError> {
        match self.store.challenge(id).await? {
            Some(row) => convert::challenge(row),
            None => Err(GameError::StaleChallenge(id)),
        }
    }

    /// The open, unexpired challenge a command is about.
    async fn open_challenge(&self, now: i64, channel: u64, id: Option<i64>) -> Result<Challenge, GameError> {
        let c = match id {
            Some(id) => match self.store.challenge(id).await? {
                Some(row) => convert::challenge(row)?,
                None => return Err(GameError::StaleChallenge(id)),
            },
            None => match self.store.open_challenge_in_channel(channel).await? {
                Some(row) => convert::challenge(row)?,
                None => return Err(GameError::NoChallenge),
            },
        };
        if c.channel != channel || c.state != ChallengeState::Open {
            return Err(GameError::StaleChallenge(c.id));
        }
        if now >= c.expires_at {
            return Err(GameError::ChallengeExpired);
        }
        Ok(c)
    }

    async fn close(&self, id: i64, state: ChallengeState) -> Result<Challenge, GameError> {
        match self.store.close_challenge(id, state.name()).await? {
            Some(row) => convert::challenge(row),
            None => Err(GameError::StaleChallenge(id)),
        }
    }
}
