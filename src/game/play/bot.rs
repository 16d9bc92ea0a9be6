//! Games against the bot: they start at once (no challenge to accept), and
//! the bot's engine answers each move at the game's level, through the same
//! conditional write as a person's move, so a restart or a race never plays
//! twice. The bot is never late: whoever notices its turn first (the move
//! reply, a clock tick, start-up) makes it move.

use super::Games;
use std::hash::{BuildHasher, RandomState};

use crate::engine::{Level, Root, choose_move};
use crate::game::challenges::challenge::start_position;
use crate::game::deadlines::server_clock::ClockRequest;
use crate::game::engine_runner::BotTurn;
use crate::game::new_game::GameStart;
use crate::game::{Challenge, ColorChoice, GameError, GameService, GameView, MoveReport, NewChallenge, convert};
use crate::rules::{Color, DrawRules, Position, Variant};
use crate::store::{Allowance, ChannelTaken, EngineSeat, NewGameRow};

/// The bot's level when the player does not choose one.
pub const DEFAULT_BOT_LEVEL: u8 = 5;

/// The name the bot plays under in records and lists: `damas (level 7)`.
pub fn engine_player_name(level: Level) -> String {
    format!("damas (level {level})")
}

/// A level given as a number (e.g. a command option), or `default`.
pub fn level(given: Option<i64>, default: u8) -> Result<Level, GameError> {
    match given {
        None => Ok(Level::new(default).unwrap_or(Level::MAX)),
        Some(n) => u8::try_from(n).ok().and_then(Level::new).ok_or(GameError::LevelOutOfRange(n)),
    }
}

/// A game against the bot to start. Build it with [`NewBotGame::new`] and
/// change the fields you need.
#[derive(Clone, Debug)]
pub struct NewBotGame {
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel (or thread) the game is played in.
    pub channel: u64,
    /// The person who plays the bot.
    pub player: u64,
    /// Their display name, for the record (optional).
    pub player_name: Option<String>,
    /// The bot's own user id (its side of the game).
    pub bot: u64,
    /// The bot's playing level.
    pub level: Level,
    /// The person's side.
    pub color: ColorChoice,
    /// Days per move for the person (1-14); `None` for the default of 3,
    /// or `time`.
    pub days_per_move: Option<u32>,
    /// A written time control instead, read already.
    pub time: Option<Allowance>,
    /// Weekends off or not; `None`: as the server says.
    pub weekends_off: Option<bool>,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// A start position other than the initial one, if any.
    pub start: Option<Position>,
}

impl NewBotGame {
    /// A game with the defaults: random colours, 3 days per move, classic
    /// variant and draw rules, the initial position, no server.
    pub fn new(channel: u64, player: u64, bot: u64, level: Level) -> NewBotGame {
        NewBotGame {
            guild: None,
            channel,
            player,
            player_name: None,
            bot,
            level,
            color: ColorChoice::Random,
            days_per_move: None,
            time: None,
            weekends_off: None,
            variant: Variant::Classic,
            draw_rules: DrawRules::Classic,
            start: None,
        }
    }
}

impl Games<'_> {
    /// Starts a game between `req.player` and the bot at once. Refused as a
    /// challenge would be: a channel with a live game or an open challenge,
    /// days per move outside 1-14, a start position already decided.
    pub async fn start_bot_game(self, now: i64, req: NewBotGame) -> Result<GameView, GameError> {
        if req.player == req.bot {
            return Err(GameError::ChallengeSelf);
        }
        let start = start_position(req.start, req.variant, req.draw_rules)?;
        let asked =
            ClockRequest { days_per_move: req.days_per_move, allowance: req.time, weekends_off: req.weekends_off };
        let time = self.deadlines().time_control(req.guild, asked).await?;
        let player_white = match req.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => RandomState::new().hash_one((req.channel, req.player, now)) & 1 == 0,
        };
        let bot_name = Some(engine_player_name(req.level));
        let (white, black, white_name, black_name) = if player_white {
            (req.player, req.bot, req.player_name, bot_name)
        } else {
            (req.bot, req.player, bot_name, req.player_name)
        };
        let engine_color = if player_white { Color::Black } else { Color::White };
        let game = GameStart {
            guild: req.guild,
            channel: req.channel,
            white: (white, white_name),
            black: (black, black_name),
            time,
            variant: req.variant,
            draw_rules: req.draw_rules,
            start: &start,
        };
        // Games against the bot never count for ratings (the row's default).
        let engine = Some(EngineSeat { level: req.level.number(), color: engine_color });
        let row = NewGameRow { engine, ..game.row(now) };
        match self.store.start_engine_game(&row).await? {
            Ok(game) => convert::game_view(game),
            Err(ChannelTaken::Game) => Err(GameError::ChannelHasGame),
            Err(ChannelTaken::Challenge) => Err(GameError::ChannelHasChallenge),
        }
    }

    /// The engine's move in game `game_id` if it is the engine's turn there:
    /// chosen at the game's level off the async runtime, then stored only if
    /// the game has not moved meanwhile. `Ok(None)` when there is nothing to
    /// do: not the engine's turn, the game over, another caller already
    /// thinking about it or faster to store its move. The move is dated
    /// `now` plus the time spent thinking.
    pub async fn engine_reply(self, now: i64, game_id: i64) -> Result<Option<MoveReport>, GameError> {
        let Some(_thinking) = self.engine.claim(game_id) else { return Ok(None) };
        self.engine_move(now, game_id).await
    }

    /// [`Games::engine_reply`] for the holder of the bot's turn (from the
    /// report of the move that gave it, or the game's start): nobody else
    /// can be thinking about that game, so the reply is always this
    /// caller's to make.
    pub async fn engine_reply_held(self, now: i64, turn: &BotTurn) -> Result<Option<MoveReport>, GameError> {
        self.engine_move(now, turn.game()).await
    }

    /// The bot's turn in `view` (a game as it stands after a move, or just
    /// started), held for whoever answers it; `None` when the bot is not to
    /// move or somebody already thinks about the game.
    pub(in crate::game) fn hold_bot_turn(self, view: &GameView) -> Option<BotTurn> {
        let bots_turn = view.is_live() && view.game.result().is_none() && view.is_engine(view.turn());
        bots_turn.then(|| self.engine.claim(view.id)).flatten().map(BotTurn::new)
    }

    /// The engine's move in `game_id`, by a caller that holds its turn.
    async fn engine_move(self, now: i64, game_id: i64) -> Result<Option<MoveReport>, GameError> {
        let mut view = self.game_by_id(game_id).await?;
        let Some((engine_color, level)) = view.engine else { return Ok(None) };
        if !view.is_live() || view.turn() != engine_color {
            return Ok(None);
        }
        let root = Root::of_game(&view.game);
        let think = self.engine.think_time();
        let analysis = self.engine.run_first(move |searcher| choose_move(searcher, &root, level, think)).await?;
        let Some(best) = analysis.best else { return Ok(None) };
        view.game.play(&best)?;
        let mover = view.player(engine_color);
        let at = now + analysis.elapsed.as_secs() as i64;
        match self.commit_move(view, best, mover, at).await {
            Ok(report) => Ok(Some(report)),
            Err(GameError::PositionChanged | GameError::GameOver) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Makes the engine move in every live game where it is its turn (at
    /// start-up and on each clock tick, so the bot is never late), the games
    /// thought about in parallel within the engine's bound. Returns the
    /// moves stored, and the failures, one per game.
    pub async fn engine_catch_up(self, now: i64) -> Result<Vec<Result<MoveReport, GameError>>, GameError> {
        let waiting = self.store.live_games_on_engine_turn().await?;
        let mut tasks = tokio::task::JoinSet::new();
        for row in waiting {
            let service = GameService::clone(&self);
            tasks.spawn(async move { service.games().engine_reply(now, row.id).await });
        }
        let mut out = Vec::new();
        while let Some(done) = tasks.join_next().await {
            match done {
                Ok(Ok(Some(report))) => out.push(Ok(report)),
                Ok(Ok(None)) => {}
                Ok(Err(e)) => out.push(Err(e)),
                Err(e) => out.push(Err(GameError::Engine(e.to_string()))),
            }
        }
        Ok(out)
    }
}

/// What `/challenge` made: a challenge to a person, or a game against the
/// bot (started at once, at the level given).
#[derive(Clone, Debug)]
pub enum Proposed {
    /// A challenge waiting for its answer (boxed: it carries its time control).
    Challenge(Box<Challenge>),
    /// A game against the bot, live (boxed: a game's view is large), with
    /// the bot's first move held for the answer when it has White.
    BotGame(Box<GameView>, Level, Option<BotTurn>),
}

impl Games<'_> {
    /// `/challenge`: a challenge to `request.opponent`, or, when the
    /// opponent named is the bot itself (`bot`), a game against its engine
    /// at `level_given` (default [`DEFAULT_BOT_LEVEL`]), started at once.
    /// A match against the bot is refused (RULES 8.3 is between people).
    pub async fn propose(
        self,
        now: i64,
        request: NewChallenge,
        bot: u64,
        level_given: Option<i64>,
    ) -> Result<Proposed, GameError> {
        if request.opponent != Some(bot) {
            return Ok(Proposed::Challenge(Box::new(self.challenges().challenge(now, request).await?)));
        }
        if request.is_match {
            return Err(GameError::MatchTerms);
        }
        let level = level(level_given, DEFAULT_BOT_LEVEL)?;
        let mut game = NewBotGame::new(request.channel, request.challenger, bot, level);
        game.guild = request.guild;
        game.player_name = request.challenger_name;
        game.color = request.color;
        game.days_per_move = request.days_per_move;
        game.time = request.time;
        game.weekends_off = request.weekends_off;
        game.variant = request.variant;
        game.draw_rules = request.draw_rules;
        game.start = request.start;
        let view = self.start_bot_game(now, game).await?;
        // When the bot moves first, the answer to this command makes that move.
        let first = self.hold_bot_turn(&view);
        Ok(Proposed::BotGame(Box::new(view), level, first))
    }
}
