//! Challenge posts brought up to date: a challenge closed other than by a
//! press on its own post (a typed `/accept`, `/decline` or `/cancel`, a
//! moderator's `/abort`, another challenge's game taking the channel, its
//! time running out) has that post edited: its terms struck through, how
//! it closed said under them, its buttons taken off. One paced call a
//! post; a post Discord no longer has, or will not let the bot edit, is
//! forgotten rather than tried again.

use serenity::all::{CreateAllowedMentions, EditMessage};

use crate::game::{Challenge, GameService};

use crate::discord::interactions::commands::challenge::closed_post_text;
use crate::discord::messages::game_messages;
use crate::discord::rest::{CALL_TIMEOUT, Failure, Lane, Rest};

/// The most posts one clock tick edits (the rest wait for the next).
pub const POSTS_PER_TICK: u32 = 25;

/// What became of an edit of a challenge's post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostEdit {
    /// The post says how the challenge closed.
    Done,
    /// Discord's limits or a failure on the way: tried again later.
    Later,
    /// The post is gone, or the bot may not edit it: left as it is.
    Gone,
}

/// Edits the posts of challenges closed since (up to [`POSTS_PER_TICK`]);
/// called on each clock tick, which a command that closed one wakes.
pub async fn update_closed(rest: &Rest, service: &GameService) {
    let closed = match service.challenges().posts_to_update(POSTS_PER_TICK).await {
        Ok(closed) => closed,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the challenges whose posts are out of date");
            return;
        }
    };
    for c in closed {
        if let Some(message) = c.post {
            bring_up_to_date(rest, service, &c, message).await;
        }
    }
}

/// Edits closed challenge `c`'s post `message` to say how it closed; once
/// done (or gone) the post is forgotten.
pub async fn bring_up_to_date(rest: &Rest, service: &GameService, c: &Challenge, message: u64) -> PostEdit {
    let lang = game_messages::server_lang(service, c.guild).await;
    let edit = EditMessage::new()
        .content(closed_post_text(lang, c))
        .components(Vec::new())
        .allowed_mentions(CreateAllowedMentions::new());
    let outcome = match rest.edit_message(c.channel, message, &edit, Lane::Paced, CALL_TIMEOUT).await {
        Ok(()) => PostEdit::Done,
        Err(e) if e.is_transient() || e == Failure::Held => {
            tracing::debug!(challenge = c.id, message, error = %e, "a closed challenge's post will be edited later");
            return PostEdit::Later;
        }
        Err(e) => {
            tracing::debug!(challenge = c.id, message, error = %e, "a closed challenge's post cannot be edited");
            PostEdit::Gone
        }
    };
    if let Err(e) = service.challenges().post_updated(c.id, message).await {
        tracing::warn!(challenge = c.id, message, error = %e, "could not forget a challenge's post; it may be edited again");
    }
    outcome
}
