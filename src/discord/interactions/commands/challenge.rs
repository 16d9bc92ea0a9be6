//! `/challenge`, `/accept`, `/decline`, `/cancel` (and their buttons).

use crate::game::{
    Challenge, ChallengePick, ChallengeState, ColorChoice, GameError, GameView, NewChallenge, Proposed,
    parse_time_control, read_position,
};
use crate::i18n::{Lang, color, draw_rules_name, variant_name};
use crate::rules::{Color, DrawRules, Position, Variant};
use crate::t;

use super::{Invocation, Options, play};
use crate::discord::background::engine_moves;
use crate::discord::interactions::buttons::{challenge_buttons, open_challenge_buttons};
use crate::discord::messages::deliver::{ChannelProblem, fresh_nonce, post_in_channel};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;
use crate::discord::messages::{game_threads, live_buttons};
use crate::discord::rest::Lane;

/// `/challenge opponent [level] [color] [days] [variant] [draw_rules] [position]`;
/// naming the bot itself starts a game against its engine at once.
pub async fn challenge(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let request = challenge_request(inv, opts)?;
    if inv.threads_here
        && inv.service.notifications().bot_game_thread_wanted(inv.guild, request.opponent, inv.bot_user).await?
    {
        let bot_name = name_of(opts.member_name("opponent").as_deref(), inv.bot_user);
        return bot_game_in_thread(inv, request, opts.integer("level"), &bot_name).await;
    }
    // Naming the bot itself starts a game against its engine: the service decides.
    let proposed = inv.service.games().propose(inv.now, request, inv.bot_user, opts.integer("level")).await?;
    proposed_reply(inv, proposed).await
}

/// A game against the bot in a thread of its own, opened from the channel
/// (without a message: the command's answer does not exist yet); where the
/// thread cannot be opened, the game is played in the channel. The thread
/// names the bot `bot_name`, as the server knows it.
async fn bot_game_in_thread(
    inv: &Invocation,
    request: NewChallenge,
    level: Option<i64>,
    bot_name: &str,
) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    let player = name_of(inv.user_name.as_deref(), inv.user);
    // A level out of range is refused below, before the thread is used.
    let bot = match crate::game::level(level, crate::game::DEFAULT_BOT_LEVEL) {
        Ok(level) => bot_seat_name(lang, bot_name, level),
        Err(_) => bot_name.to_string(),
    };
    let opening_name = t!(lang, "thread-name-opening", white = player.clone(), black = bot);
    let thread = match game_threads::open(&inv.rest, inv.channel, None, &opening_name).await {
        Ok(thread) => thread,
        Err(e) => {
            tracing::warn!(channel = inv.channel, error = %e, "could not open a thread for a bot game; playing in the channel");
            let proposed = inv.service.games().propose(inv.now, request, inv.bot_user, level).await?;
            return proposed_reply(inv, proposed).await;
        }
    };
    let proposed =
        match inv.service.notifications().propose_in_thread(inv.now, request, inv.bot_user, level, thread).await {
            Ok(Proposed::BotGame(game, level, first)) => (game, level, first),
            Ok(challenge) => {
                game_threads::remove(&inv.rest, thread).await;
                return proposed_reply(inv, challenge).await;
            }
            Err(e) => {
                game_threads::remove(&inv.rest, thread).await;
                return Err(e.into());
            }
        };
    let (game, level, first) = proposed;
    let mut headline = t!(lang, "bot-game-starts", player = user(inv.user), level = level.to_string());
    // When the bot has the first move, the game's first message shows it: one board.
    let first = play::bot_reply(inv, &game, first.as_ref()).await;
    if let Some(first) = &first {
        headline.push('\n');
        headline.push_str(&engine_moves::bot_played(lang, first));
    }
    let game = first.map_or(*game, |f| f.game);
    let pointer = t!(
        lang,
        "game-in-thread-bot",
        player = user(inv.user),
        game = game.id.to_string(),
        thread = game_messages::channel(thread)
    );
    let mut reply = show_in_thread(inv, thread, &game, headline, pointer, Some(bot_name)).await?;
    // Where the bot still owes its first move, it is played in the thread.
    reply.after.game_channel = Some(thread);
    reply.after.no_bot_turn = !game.is_engine(game.turn());
    Ok(reply)
}

/// What `/challenge` answers: the challenge with its buttons, or the game
/// against the bot that started.
async fn proposed_reply(inv: &Invocation, proposed: Proposed) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    match proposed {
        Proposed::Challenge(challenge) => {
            let mut reply = if challenge.opponent.is_none() {
                open_challenge_reply(inv, &challenge).await?
            } else {
                Reply::public(lang, challenge_text(lang, &challenge)).components(challenge_buttons(lang, challenge.id))
            };
            // Kept, to say how the challenge closed once it does.
            reply.after.challenge_post = Some(challenge.id);
            Ok(reply)
        }
        Proposed::BotGame(game, level, first) => {
            let mut headline = t!(lang, "bot-game-starts", player = user(inv.user), level = level.to_string());
            // When the bot has the first move, it is in this message too: one board.
            let first = play::bot_reply(inv, &game, first.as_ref()).await;
            if let Some(first) = &first {
                headline.push('\n');
                headline.push_str(&engine_moves::bot_played(lang, first));
            }
            let view = first.as_ref().map_or(&*game, |f| &f.game);
            let mut reply = game_messages::game_message(lang, &inv.service, view, headline).await?;
            reply.after.no_bot_turn = first.is_some();
            Ok(reply)
        }
    }
}

/// An open challenge, with Accept (for anyone) and Cancel; the server's
/// seek role, if it set one, is mentioned, and only it.
async fn open_challenge_reply(inv: &Invocation, challenge: &Challenge) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    let mut text = challenge_text(lang, challenge);
    let role = match inv.guild {
        Some(guild) => inv.service.notifications().seek_role(guild).await?,
        None => None,
    };
    let mut reply = Reply::public(lang, String::new()).components(open_challenge_buttons(lang, challenge.id));
    if let Some(role) = role {
        text = format!("{}\n{text}", t!(lang, "challenge-seek-role", role = game_messages::role(role)));
        reply.ping_roles = vec![role];
    }
    reply.content = text;
    // Nobody is named: the role (if any) is who is called.
    Ok(reply.pinging(Vec::new()))
}

/// The challenge `/challenge`'s options describe; what the service checks
/// (the days' range, the terms of a match, ...) is left to it.
fn challenge_request(inv: &Invocation, opts: &Options<'_>) -> Result<NewChallenge, CommandError> {
    let lang = inv.lang;
    // Without an opponent: an open challenge, for anyone in the channel.
    let mut request = NewChallenge::open(inv.channel, inv.user);
    request.opponent = opts.user("opponent");
    request.guild = inv.guild;
    request.opponent_is_bot = opts.user_is_bot("opponent");
    request.challenger_name = inv.user_name.clone();
    request.opponent_name = opts.user_name("opponent");
    request.color =
        named(opts.string("color"), ColorChoice::from_name, |name| t!(lang, "err-unknown-color", name = name))?
            .unwrap_or_default();
    request.days_per_move = days_per_move(lang, opts.integer("days"))?;
    request.time = opts.string("time").map(parse_time_control).transpose()?;
    request.weekends_off = opts.boolean("weekends_off");
    request.variant =
        named(opts.string("variant"), |n| n.trim().parse().ok(), |name| t!(lang, "err-unknown-variant", name = name))?
            .unwrap_or(Variant::Classic);
    request.draw_rules = named(
        opts.string("draw_rules"),
        |n| n.trim().parse().ok(),
        |name| t!(lang, "err-unknown-draw-rules", name = name),
    )?
    .unwrap_or(DrawRules::Classic);
    request.start = opts.string("position").map(read_position).transpose()?;
    request.rated = opts.boolean("rated").unwrap_or(true);
    request.is_match = opts.boolean("match").unwrap_or(false);
    request.rating_range = opts
        .integer("rating_range")
        .map(|r| u32::try_from(r).map_err(|_| CommandError::from(GameError::RatingRangeOutOfRange(r))))
        .transpose()?;
    Ok(request)
}

/// A choice given by name: `None` when not given, refused with the sentence
/// `unknown` makes of the name when `read` does not know it.
fn named<T>(
    given: Option<&str>,
    read: impl Fn(&str) -> Option<T>,
    unknown: impl Fn(String) -> String,
) -> Result<Option<T>, CommandError> {
    given.map(|name| read(name).ok_or_else(|| CommandError::refused(unknown(name.to_string())))).transpose()
}

/// The days per move asked for, if any (a negative number is refused here;
/// the service checks the range).
fn days_per_move(lang: Lang, days: Option<i64>) -> Result<Option<u32>, CommandError> {
    days.map(|days| {
        u32::try_from(days).map_err(|_| CommandError::refused(t!(lang, "err-days-out-of-range", days = days)))
    })
    .transpose()
}

/// Whether `c`'s game will be rated, and when it was asked as rated but
/// cannot be, why: "casual: giveaway games are not rated".
pub fn rated_term(lang: Lang, c: &Challenge) -> String {
    if c.counts_for_ratings() {
        t!(lang, "challenge-rated")
    } else if c.rated && c.variant == Variant::Giveaway {
        t!(lang, "challenge-casual-giveaway")
    } else if c.rated && c.start != Position::initial() {
        t!(lang, "challenge-casual-set-up")
    } else {
        t!(lang, "challenge-casual")
    }
}

/// `c`'s variant, with giveaway's reversed aim said (it changes what a
/// player is playing for).
pub fn variant_term(lang: Lang, c: &Challenge) -> String {
    let variant = variant_name(lang, c.variant);
    match c.variant {
        Variant::Giveaway => t!(lang, "challenge-variant-giveaway", variant = variant),
        Variant::Classic => t!(lang, "challenge-variant", variant = variant),
    }
}

/// The public text of a challenge.
pub fn challenge_text(lang: Lang, c: &Challenge) -> String {
    let colors = match c.color {
        ColorChoice::White => {
            t!(lang, "challenge-plays", player = user(c.challenger), side = color(lang, Color::White))
        }
        ColorChoice::Black => {
            t!(lang, "challenge-plays", player = user(c.challenger), side = color(lang, Color::Black))
        }
        ColorChoice::Random => t!(lang, "challenge-random-colors"),
    };
    let mut terms = Vec::new();
    if c.is_match {
        terms.push(t!(lang, "challenge-match"));
    }
    terms.extend([
        rated_term(lang, c),
        colors,
        crate::discord::messages::clocks::time_control(lang, &c.time),
        variant_term(lang, c),
        t!(lang, "challenge-draw-rules", rules = draw_rules_name(lang, c.draw_rules)),
    ]);
    if c.start != Position::initial() {
        terms.push(t!(lang, "challenge-from", position = c.start.to_string()));
    }
    if let Some(range) = c.rating_range {
        terms.push(t!(lang, "challenge-rating-range", range = range));
    }
    let (challenger, terms, expires) =
        (user(c.challenger), terms.join(" · "), game_messages::relative_time(c.expires_at));
    match c.opponent {
        Some(opponent) => {
            t!(
                lang,
                "challenge-text",
                opponent = user(opponent),
                challenger = challenger,
                terms = terms,
                expires = expires
            )
        }
        None => t!(lang, "challenge-open-text", challenger = challenger, terms = terms, expires = expires),
    }
}

/// `/accept` or the Accept button: the game starts, in a thread of its
/// own where the server wants one and the bot may open it, else in the
/// channel (whose other open challenges are then closed, said in the same
/// message).
pub async fn accept(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let mut reply = accept_where_wanted(inv, pick).await?;
    // The challenge's post, and those of the others a game in the channel
    // closed, are brought up to date.
    reply.after.challenges_closed = true;
    Ok(reply)
}

/// [`accept`]: in a thread when the server wants one and it can be opened.
async fn accept_where_wanted(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let Some(challenge) =
        inv.service.notifications().thread_wanted(inv.now, inv.guild, inv.channel, inv.taker(), pick).await?
    else {
        return accept_here(inv, pick, false).await;
    };
    if !inv.threads_here {
        return accept_here(inv, pick, true).await;
    }
    let lang = inv.server_lang;
    let opening_name = t!(
        lang,
        "thread-name-opening",
        white = name_of(challenge.challenger_name.as_deref(), challenge.challenger),
        black = match challenge.opponent {
            Some(opponent) => name_of(challenge.opponent_name.as_deref(), opponent),
            None => name_of(inv.user_name.as_deref(), inv.user),
        }
    );
    match game_threads::open(&inv.rest, inv.channel, inv.message, &opening_name).await {
        Ok(thread) => accept_in_thread(inv, pick, thread, true).await,
        // Another press opened the thread of this message a moment ago: the
        // game goes there, whichever press wins the accept.
        Err(e)
            if game_threads::exists_already(&e)
                && let Some(message) = inv.message =>
        {
            accept_in_thread(inv, pick, message, false).await
        }
        Err(e) => {
            tracing::warn!(channel = inv.channel, error = %e, "could not open a thread for a game; playing in the channel");
            accept_here(inv, pick, true).await
        }
    }
}

/// Accepts with the game played in the channel; `no_threads`: a thread was
/// wanted but cannot be opened here, which the channel is told once.
async fn accept_here(inv: &Invocation, pick: ChallengePick, no_threads: bool) -> Result<Reply, CommandError> {
    let accepted = inv.service.challenges().accept_challenge(inv.now, inv.channel, inv.taker(), pick).await?;
    let lang = inv.server_lang;
    let mut headline = t!(lang, "challenge-accepted", player = user(inv.user));
    if !accepted.closed.is_empty() {
        headline.push('\n');
        headline.push_str(&t!(lang, "challenges-closed-by-game", challenges = challenge_list(lang, &accepted.closed)));
    }
    if no_threads && inv.notices.first(inv.channel, ChannelProblem::NoThreads) {
        tracing::info!(channel = inv.channel, "no thread can be opened here: games are played in the channel");
        headline.push('\n');
        headline.push_str(&t!(lang, "threads-unavailable"));
    }
    game_messages::game_message(lang, &inv.service, &accepted.game, headline).await
}

/// Accepts with the game played in `thread`, just opened for it (`ours`:
/// by this press, not a racing one): names the thread after the game,
/// posts the game there, and answers in the channel with a link to it. A
/// thread this press opened goes if no game started in it (a racing press
/// that won the accept plays in the same thread).
async fn accept_in_thread(
    inv: &Invocation,
    pick: ChallengePick,
    thread: u64,
    ours: bool,
) -> Result<Reply, CommandError> {
    let accepted =
        match inv.service.notifications().accept_in_thread(inv.now, inv.channel, inv.taker(), pick, thread).await {
            Ok(accepted) => accepted,
            Err(e) => {
                if ours && inv.service.game_in_channel(thread).await.is_err() {
                    game_threads::remove(&inv.rest, thread).await;
                }
                return Err(e.into());
            }
        };
    let (lang, game) = (inv.server_lang, &accepted.game);
    let headline = t!(lang, "challenge-accepted", player = user(inv.user));
    let pointer = t!(
        lang,
        "game-in-thread",
        player = user(inv.user),
        game = game.id.to_string(),
        thread = game_messages::channel(thread)
    );
    show_in_thread(inv, thread, game, headline, pointer, None).await
}

/// A game that just started in `thread`: names the thread after it (the
/// bot, in a game against it, as `bot_name`) and posts its message
/// (`headline` first) there. The channel is answered with `pointer` (where
/// the game is), or with the game's message itself when it could not be
/// posted in the thread (the game stands either way).
async fn show_in_thread(
    inv: &Invocation,
    thread: u64,
    game: &GameView,
    headline: String,
    pointer: String,
    bot_name: Option<&str>,
) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    let seat = |side: Color, id: u64, stored: Option<&str>| match (game.engine, bot_name) {
        (Some((engine, level)), Some(bot)) if engine == side => bot_seat_name(lang, bot, level),
        _ => name_of(stored, id),
    };
    let white = seat(Color::White, game.white, game.white_name.as_deref());
    let black = seat(Color::Black, game.black, game.black_name.as_deref());
    let name = t!(lang, "thread-name", game = game.id.to_string(), white = white, black = black);
    game_threads::rename(&inv.rest, thread, &name).await;
    let message = game_messages::game_message(lang, &inv.service, game, headline).await?;
    // The players wait for it: it goes first in line for Discord's limits.
    let pings = message.pings_for(None);
    match post_in_channel(&inv.rest, &inv.notices, thread, &message, &pings, &fresh_nonce(), Lane::Prompt).await {
        Ok(id) => {
            let text = message.text();
            live_buttons::after_posting(&inv.service, &inv.sweeps, thread, Some(id), &text, &message.after).await
        }
        Err(e) => {
            tracing::warn!(thread, error = ?e, "could not post the new game in its thread; answering in the channel");
            return Ok(message);
        }
    }
    Ok(Reply::public(lang, pointer))
}

/// A player's name for a thread's title (which shows no mentions): the
/// name Discord gave, else the id.
fn name_of(name: Option<&str>, id: u64) -> String {
    name.map_or_else(|| id.to_string(), str::to_string)
}

/// The bot in a thread's title: its name in the server and its level,
/// "Dama (level 3)".
fn bot_seat_name(lang: Lang, bot_name: &str, level: crate::engine::Level) -> String {
    t!(lang, "thread-bot", bot = bot_name.to_string(), level = level.to_string())
}

/// `/decline` or the Decline button.
pub async fn decline(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let c = inv.service.challenges().decline(inv.now, inv.channel, inv.user, pick).await?;
    let lang = inv.server_lang;
    let mut reply = Reply::public(lang, closing_line(lang, &c));
    reply.after.challenges_closed = true;
    Ok(reply)
}

/// `/cancel` or the Cancel button.
pub async fn cancel(inv: &Invocation, pick: ChallengePick) -> Result<Reply, CommandError> {
    let c = inv.service.challenges().cancel(inv.now, inv.channel, inv.user, pick).await?;
    let lang = inv.server_lang;
    let mut reply = Reply::public(lang, closing_line(lang, &c));
    reply.after.challenges_closed = true;
    Ok(reply)
}

/// How challenge `c` closed, in one line: who accepted, declined or
/// withdrew it, the moderator who closed it, the game that took its
/// channel, or its time running out.
pub fn closing_line(lang: Lang, c: &Challenge) -> String {
    let (challenger, opponent) = (user(c.challenger), game_messages::opponent(lang, c.opponent));
    match (c.state, c.closed_by) {
        (ChallengeState::Accepted, by) => {
            let taker = by.or(c.opponent).unwrap_or_default();
            t!(lang, "challenge-post-accepted", player = user(taker))
        }
        (ChallengeState::Declined, _) => t!(lang, "challenge-declined", opponent = opponent, challenger = challenger),
        (ChallengeState::Cancelled, Some(by)) if by == c.challenger => {
            t!(lang, "challenge-withdrawn", challenger = challenger, opponent = opponent)
        }
        (ChallengeState::Cancelled, Some(by)) => t!(lang, "challenge-post-closed-by", player = user(by)),
        (ChallengeState::Cancelled, None) => t!(lang, "challenge-post-closed-by-game"),
        (ChallengeState::Expired, _) => t!(lang, "challenge-expired", challenger = challenger, opponent = opponent),
        (ChallengeState::Open, _) => String::new(),
    }
}

/// A closed challenge's post as it is left: its terms struck through and
/// how it closed under them, without buttons, so nobody reads it as open.
pub fn closed_post_text(lang: Lang, c: &Challenge) -> String {
    format!("~~{}~~\n{}", challenge_text(lang, c), closing_line(lang, c))
}

/// "<@a> to <@b>, <@c> to <@d>": challenges closed at once.
pub fn challenge_list(lang: Lang, closed: &[Challenge]) -> String {
    let items: Vec<String> = closed
        .iter()
        .map(|c| {
            t!(
                lang,
                "challenge-between",
                challenger = user(c.challenger),
                opponent = game_messages::opponent(lang, c.opponent)
            )
        })
        .collect();
    items.join(", ")
}

/// The challenge a command means: the one with the player named in
/// `option`, or else the user's only one in the channel.
pub fn pick(opts: &Options<'_>, option: &str) -> ChallengePick {
    opts.user(option).map_or(ChallengePick::Mine, ChallengePick::With)
}
