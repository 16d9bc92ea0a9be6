//! `/tournament create|join|leave|start|standings|pdn|withdraw|remove|cancel`
//! (dispatched from the subcommand table in `slash.rs`),
//! `/tournaments`, and the Join / Leave buttons of a tournament's message.
//! Every change a command makes to a tournament wakes the clock loop,
//! which brings the tournament's messages up to date and opens the threads
//! of games to start (see `discord::tournaments`).

use crate::game::{TournamentFormat, TournamentTerms};
use crate::i18n::{Lang, alt, text};
use crate::rules::{DrawRules, Variant};
use crate::t;

use super::{Invocation, Options};
use crate::discord::interactions::buttons::{tournaments_page_buttons, withdraw_confirm_buttons};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;
use crate::discord::messages::tournament_messages::{self, standings_file, subcommand, title};

/// The tournament's number, which every subcommand but `create` requires.
pub fn number(inv: &Invocation, opts: &Options<'_>) -> Result<i64, CommandError> {
    opts.integer("number").ok_or_else(|| CommandError::refused(t!(inv.lang, "err-tournament-number")))
}

/// The player `/tournament remove` names.
pub fn player(inv: &Invocation, opts: &Options<'_>) -> Result<u64, CommandError> {
    opts.user("player").ok_or_else(|| CommandError::refused(t!(inv.lang, "err-tournament-player")))
}

/// A reply after which the tournament's messages are brought up to date.
fn changing(mut reply: Reply) -> Reply {
    reply.after.outbox_follows = true;
    reply
}

/// `/tournament create name: format: [rounds] [days] [time] [weekends_off] [variant] [draw_rules]
/// [rated] [max_players] [vacation]`, for those who manage the server or its
/// events, in a channel where the bot opens threads (each game gets one).
pub async fn create(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(lang, "err-games-server-only")))?;
    if !inv.threads_here {
        return Err(crate::game::GameError::TournamentNeedsThreads.into());
    }
    let format = match opts.string("format").map(str::parse::<TournamentFormat>) {
        Some(Ok(format)) => format,
        _ => return Err(CommandError::refused(t!(lang, "err-tournament-format"))),
    };
    let variant: Option<Variant> = choice(lang, opts, "variant")?;
    let draw_rules: Option<DrawRules> = choice(lang, opts, "draw_rules")?;
    let terms = TournamentTerms {
        rounds: opts.integer("rounds"),
        days: opts.integer("days"),
        time: opts.string("time").map(crate::game::parse_time_control).transpose()?,
        weekends_off: opts.boolean("weekends_off"),
        variant,
        draw_rules,
        rated: opts.boolean("rated"),
        max_players: opts.integer("max_players"),
        vacation: opts.boolean("vacation"),
        ..TournamentTerms::new(opts.string("name").unwrap_or_default(), format)
    };
    let t = inv
        .service
        .tournaments()
        .create_tournament(inv.now, guild, inv.channel, inv.user, inv.manages_events, terms)
        .await?;
    let text = t!(
        lang,
        "tournament-created",
        title = title(lang, &t),
        join = subcommand(lang, "join", t.id),
        start = subcommand(lang, "start", t.id)
    );
    Ok(changing(Reply::ephemeral(lang, text)))
}

/// The choice given for option `name`, if any; one the bot does not know
/// (a forged interaction) is refused.
fn choice<T: std::str::FromStr>(lang: Lang, opts: &Options<'_>, name: &str) -> Result<Option<T>, CommandError> {
    opts.string(name)
        .map(|v| v.parse().map_err(|_| CommandError::refused(t!(lang, "err-bad-choice", option = name.to_string()))))
        .transpose()
}

/// `/tournament join number:`.
pub async fn join(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let t = inv
        .service
        .tournaments()
        .join_tournament(inv.now, inv.guild, number, inv.user, inv.user_name.as_deref(), inv.user_is_bot)
        .await?;
    let text = t!(inv.lang, "tournament-joined", title = title(inv.lang, &t), players = t.entrants.len());
    Ok(changing(Reply::ephemeral(inv.lang, text)))
}

/// `/tournament leave number:` (before the start).
pub async fn leave(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let t = inv.service.tournaments().leave_tournament(inv.guild, number, inv.user).await?;
    Ok(changing(Reply::ephemeral(inv.lang, t!(inv.lang, "tournament-left", title = title(inv.lang, &t)))))
}

/// The Join or Leave button under a tournament's message: the message is
/// updated in place with the new list of players.
pub async fn join_or_leave_pressed(inv: &Invocation, number: i64, joining: bool) -> Result<Reply, CommandError> {
    let t = if joining {
        inv.service
            .tournaments()
            .join_tournament(inv.now, inv.guild, number, inv.user, inv.user_name.as_deref(), inv.user_is_bot)
            .await?
    } else {
        inv.service.tournaments().leave_tournament(inv.guild, number, inv.user).await?
    };
    Ok(changing(tournament_messages::tournament_message(inv.server_lang, &t).updating()))
}

/// `/tournament start number:` (its organiser): every game of a
/// round-robin, or a Swiss's first round, opens in its thread next.
pub async fn start(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    if !inv.threads_here {
        return Err(crate::game::GameError::TournamentNeedsThreads.into());
    }
    let t =
        inv.service.tournaments().start_tournament(inv.now, inv.guild, number, inv.user, inv.manages_events).await?;
    let lang = inv.server_lang;
    let mut text = t!(
        lang,
        "tournament-started",
        title = title(lang, &t),
        players = t.entrants.len(),
        rounds = t.rounds.unwrap_or(0),
        games = t.pairings.len(),
        // A round-robin pairs every game at the start; a Swiss round by round.
        all = if t.format == TournamentFormat::Swiss { "no" } else { "yes" }
    );
    if t.format == TournamentFormat::Swiss {
        text.push('\n');
        text.push_str(&t!(lang, "tournament-swiss-rounds", rounds = t.rounds.unwrap_or(0)));
        if t.rounds_asked.is_some_and(|asked| Some(asked) != t.rounds) {
            text.push(' ');
            text.push_str(&t!(
                lang,
                "tournament-rounds-cut",
                asked = t.rounds_asked.unwrap_or(0),
                players = t.entrants.len()
            ));
        }
    }
    if let Some(bye) = t.bye_in(1) {
        text.push('\n');
        text.push_str(&t!(lang, "tournament-bye", player = user(bye)));
    }
    // Each game's own message pings its players.
    Ok(changing(Reply::public(lang, text).pinging(Vec::new())))
}

/// `/tournament standings number:`: the standings as a picture (a
/// round-robin's with its cross-table), with where it stands in words.
pub async fn standings(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let t = inv.service.tournaments().tournament_in_server(inv.guild, number).await?;
    if !t.started() {
        return Err(crate::game::GameError::TournamentNotStarted.into());
    }
    let lang = inv.server_lang;
    let (name, png, description) = standings_file(lang, &t).await?;
    let mut reply = tournament_messages::standings_message(lang, &t);
    reply.files.clear();
    Ok(reply.file(name, png, description))
}

/// `/tournament pdn number:`: every game of the tournament in one PDN file.
pub async fn pdn(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let (t, pdn) = inv.service.tournaments().tournament_pdn(inv.guild, number).await?;
    let lang = inv.server_lang;
    let games = t.pairings.iter().filter(|p| p.game.is_some()).count();
    let text = t!(lang, "tournament-pdn", title = title(lang, &t), games = games);
    let description = alt::tournament_pdn(lang, &t.name, games);
    Ok(Reply::public(lang, text).pinging(Vec::new()).file(
        format!("{}.pdn", t!(lang, "file-tournament", tournament = t.id.to_string())),
        pdn.into_bytes(),
        description,
    ))
}

/// `/tournament withdraw number:`: the asker leaves a tournament. After the
/// start they are asked first, privately (their unfinished games are lost
/// for good); before it they are taken off its list at once.
pub async fn withdraw(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    match inv.service.tournaments().withdrawal_to_confirm(inv.guild, number, inv.user).await? {
        Some(t) => {
            let lang = inv.lang;
            let text = t!(lang, "tournament-withdraw-confirm", title = title(lang, &t));
            Ok(Reply::ephemeral(lang, text).components(withdraw_confirm_buttons(lang, t.id)))
        }
        None => withdraw_confirmed(inv, number).await,
    }
}

/// The asker withdraws from tournament `number` (confirmed, or before its
/// start); said in the channel.
pub async fn withdraw_confirmed(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let done = inv.service.tournaments().withdraw_from_tournament(inv.now, inv.guild, number, inv.user).await?;
    let closing = t!(inv.lang, "tournament-withdraw-done", title = title(inv.lang, &done.tournament));
    Ok(changing(withdrawal_reply(inv.server_lang, &done)).closing_menu(closing))
}

/// `/tournament remove number: player:` (its organiser).
pub async fn remove(inv: &Invocation, number: i64, player: u64) -> Result<Reply, CommandError> {
    let done = inv
        .service
        .tournaments()
        .remove_from_tournament(inv.now, inv.guild, number, inv.user, inv.manages_events, player)
        .await?;
    Ok(changing(withdrawal_reply(inv.server_lang, &done)))
}

/// What a withdrawal or removal says in the channel.
fn withdrawal_reply(lang: Lang, done: &crate::game::Withdrawal) -> Reply {
    let t = &done.tournament;
    let mut text = match done.removed_by {
        Some(by) => {
            t!(lang, "tournament-removed", organiser = user(by), player = user(done.player), title = title(lang, t))
        }
        None => t!(lang, "tournament-withdrew", player = user(done.player), title = title(lang, t)),
    };
    if t.started() {
        text.push(' ');
        text.push_str(&t!(lang, "tournament-forfeits", count = done.forfeits));
    }
    // A player removed is told; one who withdrew knows.
    Reply::public(lang, text).pinging(done.removed_by.map(|_| done.player).into_iter().collect())
}

/// `/tournament cancel number:` (its organiser): its unfinished games are aborted.
pub async fn cancel(inv: &Invocation, number: i64) -> Result<Reply, CommandError> {
    let t =
        inv.service.tournaments().cancel_tournament(inv.now, inv.guild, number, inv.user, inv.manages_events).await?;
    let lang = inv.server_lang;
    let text = t!(lang, "tournament-cancelled-by", player = user(inv.user), title = title(lang, &t));
    Ok(changing(Reply::public(lang, text).pinging(Vec::new())))
}

/// `/tournaments`: the first page of this server's tournaments.
pub async fn tournaments(inv: &Invocation) -> Result<Reply, CommandError> {
    tournaments_page(inv, 0).await
}

/// Page `page` (from 0) of this server's tournaments, newest first.
pub async fn tournaments_page(inv: &Invocation, page: u32) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let page = inv.service.tournaments().tournaments_page(guild, page).await?;
    let lang = inv.server_lang;
    if page.total == 0 {
        let create = format!("/{} {}", text(lang, "cmd-tournament-name"), text(lang, "sub-tournament-create-name"));
        return Ok(Reply::public(lang, t!(lang, "tournaments-none", create = create)));
    }
    let title = t!(lang, "tournaments-title", count = page.total);
    let lines = page.tournaments.iter().map(|line| tournament_messages::list_line(lang, line));
    let reply =
        Reply::public(lang, game_messages::page_text(lang, title, page.page, page.pages, lines)).pinging(Vec::new());
    Ok(if page.pages > 1 { reply.components(tournaments_page_buttons(lang, page.page, page.pages)) } else { reply })
}
