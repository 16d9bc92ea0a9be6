//! Challenges: a player invites another to a game in a channel; the other
//! accepts (a game starts) or declines; the challenger may cancel; after
//! 48 hours it expires.

use super::Challenges;
use std::hash::{BuildHasher, RandomState};

use crate::game::challenges::match_openings::random_opening;
use crate::game::convert;
use crate::game::deadlines::server_clock::ClockRequest;
use crate::game::new_game::GameStart;
use crate::game::{Challenge, ChallengeState, ColorChoice, GameError, GameView};
use crate::rules::{DrawRules, Game, Position, Variant};
use crate::store::{
    Allowance, ChallengeRefused, GameThread, MAX_OPEN_CHALLENGES, NewChallengeRow, NewGameRow, NewMatchRow,
    StartRefused,
};

/// How long a challenge stays open (seconds).
pub const CHALLENGE_TTL: i64 = 48 * 3600;
/// The rating ranges an open challenge may ask for, in points.
pub const RATING_RANGE: std::ops::RangeInclusive<u32> = 1..=1000;

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
    /// Who is challenged; `None` for an open challenge, which anyone in
    /// the channel but the challenger (and bots) may accept.
    pub opponent: Option<u64>,
    /// The challenger's side.
    pub color: ColorChoice,
    /// Days per move (1-14); `None` for the default of 3, or `time`.
    pub days_per_move: Option<u32>,
    /// A written time control instead (`time:`), read already.
    pub time: Option<Allowance>,
    /// Weekends off or not; `None`: as the server says.
    pub weekends_off: Option<bool>,
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
    /// played with [`Games::start_bot_game`](crate::game::Games::start_bot_game)): refused.
    pub opponent_is_bot: bool,
    /// Whether the game is to count for ratings (default true). Giveaway
    /// games and games from a set-up position never do.
    pub rated: bool,
    /// A match of four games (RULES 8.3) rather than one game.
    pub is_match: bool,
    /// An open rated challenge: only players rated within this many points
    /// of the challenger may accept.
    pub rating_range: Option<u32>,
}

impl NewChallenge {
    /// A challenge with the defaults: random colours, 3 days per move,
    /// classic variant and draw rules, the initial position, rated, no server.
    pub fn new(channel: u64, challenger: u64, opponent: u64) -> NewChallenge {
        NewChallenge { opponent: Some(opponent), ..NewChallenge::open(channel, challenger) }
    }

    /// An open challenge (anyone may accept it) with the defaults of
    /// [`NewChallenge::new`].
    pub fn open(channel: u64, challenger: u64) -> NewChallenge {
        NewChallenge {
            guild: None,
            channel,
            challenger,
            opponent: None,
            color: ColorChoice::Random,
            days_per_move: None,
            time: None,
            weekends_off: None,
            variant: Variant::Classic,
            draw_rules: DrawRules::Classic,
            start: None,
            challenger_name: None,
            opponent_name: None,
            opponent_is_bot: false,
            rated: true,
            is_match: false,
            rating_range: None,
        }
    }
}

/// Which open challenge of a channel a command is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengePick {
    /// The one with this id (from its buttons, which only its post
    /// carries: the answer to the press replaces that post, so it owes no
    /// edit once the challenge closes).
    Id(i64),
    /// The only one in which the user who acts has the role the command
    /// needs (challenged, to accept or decline; challenger, to cancel).
    Mine,
    /// As [`ChallengePick::Mine`], with this user on the other side.
    With(u64),
}

impl ChallengePick {
    /// Whether the challenge was picked by a press on its own post.
    pub fn from_post(self) -> bool {
        matches!(self, ChallengePick::Id(_))
    }
}

impl From<Option<i64>> for ChallengePick {
    /// An id when given, else [`ChallengePick::Mine`].
    fn from(id: Option<i64>) -> ChallengePick {
        id.map_or(ChallengePick::Mine, ChallengePick::Id)
    }
}

/// A challenge accepted: the game it started and the channel's other open
/// challenges, closed by it.
#[derive(Clone, Debug)]
pub struct Accepted {
    /// The game that started.
    pub game: GameView,
    /// The challenges closed because the channel now holds a game.
    pub closed: Vec<Challenge>,
}

/// The side of a challenge a command needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::game) enum Role {
    /// Who made it (to cancel).
    Challenger,
    /// Who it names (to decline).
    Opponent,
    /// Who may accept it: who it names, or anyone but the challenger when
    /// it is open.
    Taker,
}

impl Role {
    /// Whether `user` holds this role in `c`.
    fn held_by(self, c: &Challenge, user: u64) -> bool {
        match self {
            Role::Challenger => c.challenger == user,
            Role::Opponent => c.opponent == Some(user),
            Role::Taker => c.opponent == Some(user) || (c.opponent.is_none() && c.challenger != user),
        }
    }

    /// The player on the other side from this role, when known.
    fn other(self, c: &Challenge) -> Option<u64> {
        match self {
            Role::Challenger => c.opponent,
            Role::Opponent | Role::Taker => Some(c.challenger),
        }
    }

    /// Why `user` may not act on `c` in this role.
    fn refusal(self, c: Option<&Challenge>, user: u64) -> GameError {
        match self {
            Role::Challenger => GameError::NotChallenger,
            Role::Taker if c.is_some_and(|c| c.opponent.is_none() && c.challenger == user) => GameError::OwnChallenge,
            Role::Opponent | Role::Taker => GameError::NotChallenged,
        }
    }
}

/// Who accepts a challenge: their id, the name Discord gave them (for the
/// game's record when the challenge did not name them), and whether the
/// account is a bot (refused).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Taker {
    /// Their user id.
    pub user: u64,
    /// Their display name, if known.
    pub name: Option<String>,
    /// A bot account.
    pub is_bot: bool,
}

impl From<u64> for Taker {
    /// A person of that id, name unknown.
    fn from(user: u64) -> Taker {
        Taker { user, ..Taker::default() }
    }
}

/// The start position of a new game, checked: the initial one when not
/// given, and not one already decided.
pub(in crate::game) fn start_position(
    start: Option<Position>,
    variant: Variant,
    draw_rules: DrawRules,
) -> Result<Position, GameError> {
    let start = start.unwrap_or_else(Position::initial);
    if Game::new(start, variant, draw_rules).result().is_some() {
        return Err(GameError::StartDecided);
    }
    Ok(start)
}

impl Challenges<'_> {
    /// Posts a challenge in a channel. Refused when the challenger names
    /// themselves or a bot, when the channel holds a live game, when the
    /// challenger already has an open challenge to the same opponent there
    /// or [`MAX_OPEN_CHALLENGES`] open in the server, when days per move
    /// are outside 1-14, or when the start position is already decided.
    pub async fn challenge(self, now: i64, req: NewChallenge) -> Result<Challenge, GameError> {
        if req.opponent == Some(req.challenger) {
            return Err(GameError::ChallengeSelf);
        }
        if req.rating_range.is_some() && (req.opponent.is_some() || !req.rated) {
            return Err(GameError::RatingRangeTerms);
        }
        if let Some(range) = req.rating_range
            && !RATING_RANGE.contains(&range)
        {
            return Err(GameError::RatingRangeOutOfRange(range.into()));
        }
        if req.opponent_is_bot {
            return Err(GameError::OpponentIsBot);
        }
        if req.is_match && (req.variant != Variant::Classic || req.start.is_some_and(|p| p != Position::initial())) {
            return Err(GameError::MatchTerms);
        }
        let start = start_position(req.start, req.variant, req.draw_rules)?;
        let asked =
            ClockRequest { days_per_move: req.days_per_move, allowance: req.time, weekends_off: req.weekends_off };
        let time = self.deadlines().time_control(req.guild, asked).await?;
        let row = NewChallengeRow {
            guild: req.guild,
            channel: req.channel,
            challenger: req.challenger,
            opponent: req.opponent,
            color: req.color,
            time,
            variant: req.variant,
            draw_rules: req.draw_rules,
            start_fen: start.to_string(),
            challenger_name: req.challenger_name,
            opponent_name: req.opponent_name,
            rated: req.rated,
            is_match: req.is_match,
            rating_range: req.rating_range,
            created_at: now,
            expires_at: now + CHALLENGE_TTL,
        };
        let id = match self.store.insert_challenge(&row).await? {
            Ok(id) => id,
            Err(ChallengeRefused::ChannelHasGame) => return Err(GameError::ChannelHasGame),
            Err(ChallengeRefused::Duplicate) => return Err(GameError::DuplicateChallenge),
            Err(ChallengeRefused::TooManyOpen) => return Err(GameError::TooManyChallenges(MAX_OPEN_CHALLENGES)),
        };
        self.challenge_by_id(id).await
    }

    /// The challenged `user` accepts an open challenge of `channel` (see
    /// [`ChallengePick`]); the game starts now and the channel's other open
    /// challenges are closed.
    pub async fn accept(
        self,
        now: i64,
        channel: u64,
        taker: impl Into<Taker>,
        pick: impl Into<ChallengePick>,
    ) -> Result<GameView, GameError> {
        Ok(self.accept_challenge(now, channel, taker, pick).await?.game)
    }

    /// [`Challenges::accept`](crate::game::Challenges::accept), also returning the challenges it closed.
    pub async fn accept_challenge(
        self,
        now: i64,
        channel: u64,
        taker: impl Into<Taker>,
        pick: impl Into<ChallengePick>,
    ) -> Result<Accepted, GameError> {
        self.accept_into(now, channel, taker.into(), pick.into(), None).await
    }

    /// [`Challenges::accept_challenge`](crate::game::Challenges::accept_challenge), the game played in `thread` if
    /// given (opened from the challenge's channel), else in the channel.
    pub(in crate::game) async fn accept_into(
        self,
        now: i64,
        channel: u64,
        taker: Taker,
        pick: ChallengePick,
        thread: Option<u64>,
    ) -> Result<Accepted, GameError> {
        let c = self.challenge_to_take(now, channel, &taker, pick).await?;
        let table = thread.unwrap_or(c.channel);
        let opponent_name = c.opponent_name.clone().or_else(|| taker.name.clone());
        let challenger_white = match c.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => RandomState::new().hash_one((c.id, now)) & 1 == 0,
        };
        let rated = c.counts_for_ratings();
        let (white, black, white_name, black_name) = if challenger_white {
            (c.challenger, taker.user, c.challenger_name.clone(), opponent_name.clone())
        } else {
            (taker.user, c.challenger, opponent_name.clone(), c.challenger_name.clone())
        };
        let start = GameStart {
            guild: c.guild,
            channel: table,
            white: (white, white_name),
            black: (black, black_name),
            time: c.time.clone(),
            variant: c.variant,
            draw_rules: c.draw_rules,
            start: &c.start,
        };
        let row = NewGameRow { challenge_id: Some(c.id), rated, ..start.row(now) };
        // A match: game 1 now, its opening for games 3 and 4 drawn at once.
        let new_match = c.is_match.then(|| NewMatchRow {
            guild: c.guild,
            channel: table,
            first_white: white,
            first_black: black,
            opening: random_opening((c.id, now)),
            created_at: now,
        });
        match self
            .store
            .start_game(c.id, (taker.user, opponent_name.as_deref()), &row, new_match.as_ref(), pick.from_post())
            .await?
        {
            Ok(started) => {
                if let Some(thread) = thread {
                    self.store.set_game_thread(started.game.id, GameThread { thread, parent: c.channel }).await?;
                }
                Ok(Accepted {
                    game: convert::game_view(started.game)?,
                    closed: started.closed.into_iter().map(convert::challenge).collect::<Result<_, _>>()?,
                })
            }
            // Someone else accepted it first, or it closed meanwhile.
            Err(StartRefused::ChallengeClosed) => match self.challenge_by_id(c.id).await?.opponent {
                Some(other) if other != taker.user => Err(GameError::ChallengeTaken(c.id)),
                _ => Err(GameError::StaleChallenge(c.id)),
            },
            Err(StartRefused::ChannelHasGame) => Err(GameError::ChannelHasGame),
        }
    }

    /// The challenged `user` declines an open challenge.
    pub async fn decline(
        self,
        now: i64,
        channel: u64,
        user: u64,
        pick: impl Into<ChallengePick>,
    ) -> Result<Challenge, GameError> {
        let pick = pick.into();
        let c = self.open_challenge(now, channel, user, Role::Opponent, pick).await?;
        self.close(c.id, ChallengeState::Declined, user, pick.from_post()).await
    }

    /// The challenger withdraws an open challenge of theirs.
    pub async fn cancel(
        self,
        now: i64,
        channel: u64,
        user: u64,
        pick: impl Into<ChallengePick>,
    ) -> Result<Challenge, GameError> {
        let pick = pick.into();
        let c = self.open_challenge(now, channel, user, Role::Challenger, pick).await?;
        self.close(c.id, ChallengeState::Cancelled, user, pick.from_post()).await
    }

    /// A challenge by id, in any state.
    pub async fn challenge_by_id(self, id: i64) -> Result<Challenge, GameError> {
        match self.store.challenge(id).await? {
            Some(row) => convert::challenge(row),
            None => Err(GameError::StaleChallenge(id)),
        }
    }

    /// The open, unexpired challenge a command of `user`, who must hold
    /// `role` in it, is about.
    pub(in crate::game) async fn open_challenge(
        self,
        now: i64,
        channel: u64,
        user: u64,
        role: Role,
        pick: ChallengePick,
    ) -> Result<Challenge, GameError> {
        let c = match pick {
            ChallengePick::Id(id) => match self.store.challenge(id).await? {
                Some(row) => convert::challenge(row)?,
                None => return Err(GameError::StaleChallenge(id)),
            },
            ChallengePick::Mine | ChallengePick::With(_) => {
                let open = self.open_challenges_in_channel(channel).await?;
                if open.is_empty() {
                    return Err(GameError::NoChallenge);
                }
                let mut mine: Vec<Challenge> = open
                    .into_iter()
                    .filter(|c| role.held_by(c, user))
                    .filter(|c| if let ChallengePick::With(other) = pick { role.other(c) == Some(other) } else { true })
                    .collect();
                match mine.len() {
                    0 if pick == ChallengePick::Mine => return Err(role.refusal(None, user)),
                    0 => return Err(GameError::NoChallengeWith),
                    1 => mine.remove(0),
                    n => return Err(GameError::SeveralChallenges(n)),
                }
            }
        };
        if c.channel == channel
            && c.state == ChallengeState::Accepted
            && role == Role::Taker
            && c.opponent != Some(user)
        {
            return Err(GameError::ChallengeTaken(c.id));
        }
        if c.channel != channel || c.state != ChallengeState::Open {
            return Err(GameError::StaleChallenge(c.id));
        }
        if !role.held_by(&c, user) {
            return Err(role.refusal(Some(&c), user));
        }
        if now >= c.expires_at {
            return Err(GameError::ChallengeExpired);
        }
        Ok(c)
    }

    /// The challenge `taker` would accept in `channel`, or the refusal the
    /// accept would get: a bot account takes none, only its opponent (or
    /// anyone, when open) takes one, and a rating range takes only players
    /// within it.
    pub(in crate::game) async fn challenge_to_take(
        self,
        now: i64,
        channel: u64,
        taker: &Taker,
        pick: ChallengePick,
    ) -> Result<Challenge, GameError> {
        if taker.is_bot {
            return Err(GameError::BotCannotAccept);
        }
        let c = self.open_challenge(now, channel, taker.user, Role::Taker, pick).await?;
        self.check_rating_range(now, &c, taker.user).await?;
        Ok(c)
    }

    /// An open challenge with a rating range takes only a player rated
    /// within it of the challenger (their ratings in the server, as shown).
    async fn check_rating_range(self, now: i64, c: &Challenge, taker: u64) -> Result<(), GameError> {
        let (Some(range), Some(guild), None) = (c.rating_range, c.guild, c.opponent) else { return Ok(()) };
        let theirs = self.records().player_rating(guild, taker, now).await?.rating.rating.round() as i64;
        let challenger = self.records().player_rating(guild, c.challenger, now).await?.rating.rating.round() as i64;
        if (theirs - challenger).abs() > i64::from(range) {
            return Err(GameError::OutsideRatingRange { range, rating: theirs, challenger });
        }
        Ok(())
    }

    async fn close(self, id: i64, state: ChallengeState, by: u64, from_post: bool) -> Result<Challenge, GameError> {
        match self.store.close_challenge(id, state, by, from_post).await? {
            Some(row) => convert::challenge(row),
            None => Err(GameError::StaleChallenge(id)),
        }
    }

    /// Challenge `id` was posted as `message`: once it closes other than by
    /// a press on that message ([`ChallengePick::Id`]), the message is to
    /// be brought up to date (see [`Challenges::posts_to_update`]).
    pub async fn posted(self, id: i64, message: u64) -> Result<(), GameError> {
        Ok(self.store.set_challenge_post(id, message).await?)
    }

    /// Up to `limit` challenges closed (accepted, declined, withdrawn,
    /// closed by a moderator or by a game taking their channel) whose posts
    /// still show them open, with the message in [`Challenge::post`]. An
    /// expired challenge's post is its expiry's announcement to update.
    pub async fn posts_to_update(self, limit: u32) -> Result<Vec<Challenge>, GameError> {
        self.store.challenge_posts_to_update(limit).await?.into_iter().map(convert::challenge).collect()
    }

    /// Challenge `id`'s post `message` now shows how it closed (or cannot
    /// be changed any more): it is forgotten.
    pub async fn post_updated(self, id: i64, message: u64) -> Result<(), GameError> {
        Ok(self.store.challenge_post_updated(id, message).await?)
    }
}
