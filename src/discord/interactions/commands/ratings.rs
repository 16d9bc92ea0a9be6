//! `/rating [user]` (figures and a chart of the rating's history) and
//! `/leaderboard` (the server's best established players).

use crate::game::PlayerRating;
use crate::i18n::{Lang, alt, rating_chart};
use crate::rating::shown;
use crate::render::rating_chart_png;
use crate::t;
use crate::workers::Workers;

use super::{Invocation, Options};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/rating [user]`: `user`'s rating in this server (RD, games, best) and a
/// PNG chart of it over the dates of their rated games (yours without
/// `user`), titled with the server's name when Discord gives it. A chart
/// that cannot be drawn is said and logged; the figures still go out.
pub async fn rating(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let (user, name) = match opts.user("user") {
        Some(user) => (user, opts.user_name("user")),
        None => (inv.user, inv.user_name.clone()),
    };
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let player = inv.service.records().player_rating(guild, user, inv.now).await?;
    let lang = inv.server_lang;
    if player.games == 0 {
        return Ok(Reply::public(lang, t!(lang, "rating-none", player = game_messages::user(user))).pinging(Vec::new()));
    }
    // Asked only for a chart, and kept: a call to Discord for the title.
    let server = inv.server_names.name(&inv.rest, guild).await;
    let mut text = figures(lang, &player);
    let (name, server) = (name.as_deref(), server.as_deref());
    let chart = rating_chart::chart(lang, &player, name, server);
    let drawn = Workers::shared().run(move || rating_chart_png(&chart)).await;
    let reply = match drawn {
        Ok(png) => Reply::public(lang, text).file("rating.png", png, alt::rating_chart(lang, &player, name, server)),
        Err(e) => {
            tracing::error!(guild, user, error = %e, "drawing a rating chart failed");
            text.push('\n');
            text.push_str(&t!(lang, "rating-chart-failed"));
            Reply::public(lang, text)
        }
    };
    Ok(reply.pinging(Vec::new()))
}

/// "Rating of @Ana in this server: 1523 (RD 64) · 12 rated games · best 1540".
fn figures(lang: Lang, player: &PlayerRating) -> String {
    let r = player.rating;
    let mut line = vec![
        t!(
            lang,
            "rating-title",
            player = game_messages::user(player.user),
            rating = shown(r.rating, r.deviation),
            deviation = format!("{:.0}", r.deviation)
        ),
        t!(lang, "rating-games", games = player.games),
    ];
    if let Some(best) = player.best {
        line.push(t!(lang, "rating-best", best = format!("{best:.0}")));
    }
    let mut text = line.join(" · ");
    text.push('\n');
    text.push_str(&t!(lang, "rating-deviation-note"));
    if r.is_provisional() {
        text.push(' ');
        text.push_str(&t!(lang, "rating-provisional"));
    }
    text
}

/// `/leaderboard`: the server's best established players, best first.
pub async fn leaderboard(inv: &Invocation) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let players = inv.service.records().leaderboard(guild, inv.now).await?;
    let lang = inv.server_lang;
    if players.is_empty() {
        return Ok(Reply::public(lang, t!(lang, "leaderboard-empty")));
    }
    let mut text = t!(lang, "leaderboard-title");
    for (rank, p) in players.iter().enumerate() {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "leaderboard-line",
            rank = rank + 1,
            player = game_messages::user(p.user),
            rating = shown(p.rating.rating, p.rating.deviation),
            games = p.games
        ));
    }
    // A list of names is no reason to ping ten people.
    Ok(Reply::public(lang, text).pinging(Vec::new()))
}
