//! `/challenge`, `/accept`, `/decline`, `/cancel` (and their buttons).

use crate::game::{
    Challenge, ChallengePick, ColorChoice, DEFAULT_BOT_LEVEL, GameError, NewBotGame, NewChallenge, level,
};
use crate::rules::{DrawRules, Position, Variant, parse_fen};

use super::super::components::challenge_buttons;
use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view::{self, user};
use super::{Invocation, Options};

/// `/challenge opponent [level] [color] [days] [variant] [draw_rules] [position]`;
/// naming the bot itself starts a game against its engine at once.
pub async fn challenge(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let opponent = opts.user("opponent").ok_or_else(|| CommandError::refused("Choose an opponent to challenge."))?;
    let color = match opts.string("color") {
        None => ColorChoice::Random,
        Some(name) => ColorChoice::from_name(name)
            .ok_or_else(|| CommandError::refused(format!("Unknown color `{name}`: choose white, black or random.")))?,
    };
    let days_per_move = match opts.integer("days") {
        None => None,
        Some(days) => {
            Some(u32::try_from(days).map_err(|_| CommandError::refused("The days per move must be from 1 to 14."))?)
        }
    };
    let variant = match opts.string("variant") {
        None => Variant::Classic,
        Some(name) => name.parse().map_err(|e| CommandError::refused(format!("{e}.")))?,
    };
    let draw_rules = match opts.string("draw_rules") {
        None => DrawRules::Classic,
        Some(name) => name.parse().map_err(|e| CommandError::refused(format!("{e}.")))?,
    };
    let start = match opts.string("position") {
        None => None,
        Some(fen) => Some(parse_fen(fen).map_err(GameError::from)?),
    };
    if opponent == inv.bot_user {
        let level = level(opts.integer("level"), DEFAULT_BOT_LEVEL)?;
        let mut request = NewBotGame::new(inv.channel, inv.user, inv.bot_user, level);
        request.guild = inv.guild;
        request.player_name = inv.user_name.clone();
        request.color = color;
        request.days_per_move = days_per_move;
        request.variant = variant;
        request.draw_rules = draw_rules;
        request.start = start;
        let game = inv.service.start_bot_game(inv.now, request).await?;
        let headline = format!("{} starts a game against me at level {level}. The game begins!", user(inv.user));
        return view::game_message(&inv.service, &game, headline).await;
    }
    let mut request = NewChallenge::new(inv.channel, inv.user, opponent);
    request.opponent_is_bot = opts.user_is_bot("opponent");
    request.guild = inv.guild;
    request.color = color;
    request.days_per_move = days_per_move;
    request.variant = variant;
    request.draw_rules = draw_rules;
    request.start = start;
    request.challenger_name = inv.user_name.clone();
    request.opponent_name = opts.user_name("opponent");
    let challenge = inv.service.challenge(inv.now, request).await?;
    Ok(Reply::public(challenge_text(&challenge)).components(challenge_buttons(challenge.id)))
}

/// The public text of a challenge.
pub fn challenge_text(c: &Challenge) -> String {
    let colors = match c.color {
        ColorChoice::White => format!("{} plays White", user(c.challenger)),
        ColorChoice::Black => format!("{} plays Black", user(c.challenger)),
        ColorChoice::Random => "colors drawn at random".to_string(),
    };
    format!(
        "{}, {} challenges you to a game of Spanish draughts.\n{colors} · {} days per move · variant {} · draw rules {}{}\nThe challenge expires {}.",
        user(c.opponent),
        user(c.challenger),
        c.days_per_move,
        c.variant.name(),
        c.draw_rules.name(),
        if c.start == Position::initial() { String::new() } else { format!(" · from `{}`", c.start) },
        view::relative_time(c.expires_at),
    )
}

/// `/accept` or the Accept button: the game starts, and the channel's other
/// open challenges are closed, said in the same message.
pub async fn accept(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let accepted = inv.service.accept_challenge(inv.now, inv.channel, inv.user, pick).await?;
    let mut headline = format!("{} accepted the challenge. The game begins!", user(inv.user));
    if !accepted.closed.is_empty() {
        let closed: Vec<String> =
            accepted.closed.iter().map(|c| format!("{} to {}", user(c.challenger), user(c.opponent))).collect();
        headline.push_str(&format!(
            "\nThe other challenges in this channel are closed, as it now holds this game: {}.",
            closed.join(", ")
        ));
    }
    view::game_message(&inv.service, &accepted.game, headline).await
}

/// `/decline` or the Decline button.
pub async fn decline(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let c = inv.service.decline(inv.now, inv.channel, inv.user, pick).await?;
    Ok(Reply::public(format!("{} declined the challenge from {}.", user(c.opponent), user(c.challenger))))
}

/// `/cancel` or the Cancel button.
pub async fn cancel(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let c = inv.service.cancel(inv.now, inv.channel, inv.user, pick).await?;
    Ok(Reply::public(format!("{} withdrew the challenge to {}.", user(c.challenger), user(c.opponent))))
}

/// The challenge a command means: the one with the player named in
/// `option`, or else the user's only one in the channel.
pub fn pick(opts: &Options<'_>, option: &str) -> ChallengePick {
    opts.user(option).map_or(ChallengePick::Mine, ChallengePick::With)
}
