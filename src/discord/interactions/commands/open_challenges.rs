//! `/challenges`: the open challenges of this server the asker may answer
//! (open to anyone, naming them, or their own), newest first, each with a
//! link to its channel; private, paged like `/games`.

use crate::game::Challenge;
use crate::i18n::{Lang, text};
use crate::rules::Variant;
use crate::t;

use super::Invocation;
use super::challenge::{rated_term, variant_term};
use crate::discord::interactions::buttons::challenges_page_buttons;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/challenges`: the first page.
pub async fn challenges(inv: &Invocation) -> Result<Reply, CommandError> {
    challenges_page(inv, 0).await
}

/// Page `page` (from 0), with buttons to the pages before and after.
pub async fn challenges_page(inv: &Invocation, page: u32) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(lang, "err-games-server-only")))?;
    let page = inv.service.challenges().open_challenges_page(inv.now, guild, inv.user, page).await?;
    if page.total == 0 {
        let challenge = format!("/{}", text(lang, "cmd-challenge-name"));
        return Ok(Reply::ephemeral(lang, t!(lang, "challenges-none", challenge = challenge)));
    }
    let title = t!(lang, "challenges-title", count = page.total);
    let lines = page.challenges.iter().map(|c| line(lang, guild, inv.user, c));
    let body = game_messages::page_text(lang, title, page.page, page.pages, lines);
    let reply = Reply::ephemeral(lang, body);
    Ok(if page.pages > 1 { reply.components(challenges_page_buttons(lang, page.page, page.pages)) } else { reply })
}

/// "<@a> challenges anyone in <#channel> (link) · 3 days · rated, expires <t:..:R>."
fn line(lang: Lang, guild: u64, user: u64, c: &Challenge) -> String {
    let link = format!("https://discord.com/channels/{guild}/{}", c.channel);
    let key = match c.opponent {
        None => "challenges-line-open",
        Some(_) if c.challenger == user => "challenges-line-yours",
        Some(_) => "challenges-line-to-you",
    };
    let range = c.rating_range.map(|range| t!(lang, "challenge-rating-range", range = range)).unwrap_or_default();
    // Giveaway's aim is listed: it changes what the game is played for.
    let variant = if c.variant == Variant::Giveaway { variant_term(lang, c) } else { String::new() };
    let terms = [rated_term(lang, c), variant, crate::discord::messages::clocks::time_control(lang, &c.time), range]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    crate::i18n::text_with(
        lang,
        key,
        &[
            ("challenger", game_messages::user(c.challenger).into()),
            ("opponent", game_messages::opponent(lang, c.opponent).into()),
            ("channel", game_messages::channel(c.channel).into()),
            ("link", link.into()),
            ("terms", terms.into()),
            ("expires", game_messages::relative_time(c.expires_at).into()),
        ],
    )
}
