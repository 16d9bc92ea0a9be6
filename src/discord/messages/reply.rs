//! What the bot says: a reply's text, files, buttons and whom it notifies,
//! and its forms as Discord takes them. Getting it there is
//! `respond` (an interaction's answer) and `deliver` (a
//! channel message).

use serenity::all::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseMessage, RoleId, UserId,
};

use crate::game::{ButtonsKind, Seen};
use crate::i18n::Lang;
use crate::t;

/// What the bot answers to one interaction.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The message text (at most 2,000 characters; longer text is cut).
    pub content: String,
    /// Seen only by the user who asked.
    pub ephemeral: bool,
    /// Attached files, each with its alt text.
    pub files: Vec<Attachment>,
    /// Button rows; `Some(vec![])` removes the buttons of an updated message.
    pub components: Option<Vec<CreateActionRow>>,
    /// Embeds below the text: (title, text) each.
    pub embeds: Vec<(String, String)>,
    /// For a button: replace the message the button is on instead of posting a new one.
    pub update: bool,
    /// For an update: change only the message's buttons; its text and
    /// files stay (see [`Reply::buttons_only`]).
    pub buttons_only: bool,
    /// For a press on a private menu or confirmation: that message is first
    /// replaced by this line, without its components (they have acted), and
    /// the reply follows as a message of its own.
    pub closes_menu: Option<String>,
    /// The roles this message notifies (their members), mentioned in it.
    pub ping_roles: Vec<u64>,
    /// The users this message notifies; `None`: everyone it mentions but
    /// the user who acted (see [`Reply::pings_for`]).
    pub pings: Option<Vec<u64>>,
    /// The language it is written in, for the words the delivery adds
    /// (a missing picture, a ping after an edit).
    pub lang: Lang,
    /// What the bot does once this reply is delivered.
    pub after: AfterEffects,
}

/// What the bot does once a reply is delivered, apart from what it says
/// (the delivery consumes the reply; these are read before it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AfterEffects {
    /// An announcement waits in the outbox to follow this message (the next
    /// game of a match): the clock loop is woken to post it right after.
    pub outbox_follows: bool,
    /// The thread to archive once this message is delivered: the game
    /// played there is over.
    pub archive_thread: Option<u64>,
    /// The channel of the game this message is about, when it is not where
    /// the command was used (a game just started in its own thread): where
    /// the bot looks for a move of its own to make.
    pub game_channel: Option<u64>,
    /// The game this answers is between two people: the bot has no move of
    /// its own to look for after it (which would read the game again).
    pub no_bot_turn: bool,
    /// The game this message is about: once it is delivered, the buttons of
    /// the game's earlier messages that can no longer act are taken off.
    pub game: Option<i64>,
    /// The game's buttons this message carries, and the position they were
    /// made for: the message is kept, to take them off when they cannot act.
    pub buttons: Option<(Seen, ButtonsKind)>,
    /// A game's deadline moved (more time): its boards that still act are
    /// edited to show the new one, in the background.
    pub deadline_moved: Option<DeadlineMoved>,
    /// The challenge this message posts, with its buttons: the message is
    /// kept, to say how the challenge closed once it does.
    pub challenge_post: Option<i64>,
    /// Challenges were closed (accepted, declined, withdrawn, closed by a
    /// game or a moderator): the clock loop is woken to bring their posts
    /// up to date.
    pub challenges_closed: bool,
}

/// A game's deadline, moved from one time to another (unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeadlineMoved {
    /// The game.
    pub game: i64,
    /// The deadline its messages show.
    pub from: i64,
    /// The deadline now.
    pub to: i64,
}

/// A file the bot attaches: its name, its bytes, and its description
/// (alt text: what it shows, in the reply's language, for readers who
/// cannot see it; see [`crate::i18n::alt`]).
#[derive(Debug, Clone)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    pub description: String,
}

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;
/// Discord's limits on an embed's title and text, in characters.
const EMBED_TITLE_LIMIT: usize = 256;
const EMBED_LIMIT: usize = 4096;
/// Discord's limit on an attachment's description, in characters.
pub const DESCRIPTION_LIMIT: usize = 1024;

/// `text` cut to at most `limit` characters (not bytes: Discord counts
/// characters), an ellipsis marking a cut.
fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(limit - 1).collect();
    cut.push('…');
    cut
}

impl Reply {
    /// A public message in `lang` (the server's, as everyone reads it).
    pub fn public(lang: Lang, content: impl Into<String>) -> Reply {
        Reply { content: content.into(), lang, ..Reply::default() }
    }

    /// A message only the user who asked sees, in `lang` (theirs).
    pub fn ephemeral(lang: Lang, content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ephemeral: true, lang, ..Reply::default() }
    }

    /// For a button: changes only the buttons of the message it is on to
    /// `rows`; its text and pictures stay as they are.
    pub fn buttons_only(lang: Lang, rows: Vec<CreateActionRow>) -> Reply {
        Reply { ephemeral: true, update: true, buttons_only: true, components: Some(rows), lang, ..Reply::default() }
    }

    /// Adds a file with its description (alt text), which every file has.
    pub fn file(mut self, name: impl Into<String>, bytes: Vec<u8>, description: impl Into<String>) -> Reply {
        self.files.push(Attachment { name: name.into(), bytes, description: description.into() });
        self
    }

    /// Adds an embed titled `title` holding `text` (at most 4,096 characters).
    pub fn embed(mut self, title: impl Into<String>, text: impl Into<String>) -> Reply {
        self.embeds.push((title.into(), text.into()));
        self
    }

    /// The embeds as Discord takes them.
    pub(crate) fn created_embeds(&self) -> Vec<CreateEmbed> {
        self.embeds
            .iter()
            .map(|(title, text)| {
                CreateEmbed::new().title(cut(title, EMBED_TITLE_LIMIT)).description(cut(text, EMBED_LIMIT))
            })
            .collect()
    }

    /// Sets the button rows.
    pub fn components(mut self, rows: Vec<CreateActionRow>) -> Reply {
        self.components = Some(rows);
        self
    }

    /// Makes a button's answer replace the message the button is on (and drops its buttons unless set).
    pub fn updating(mut self) -> Reply {
        self.update = true;
        if self.components.is_none() {
            self.components = Some(Vec::new());
        }
        self
    }

    /// For a press on a private menu or confirmation: replaces it with
    /// `line`, without its components, before the reply is posted.
    pub fn closing_menu(mut self, line: String) -> Reply {
        self.closes_menu = Some(line);
        self
    }

    /// Notifies exactly these users (of those it mentions).
    pub fn pinging(mut self, users: Vec<u64>) -> Reply {
        self.pings = Some(users);
        self
    }

    /// The users this reply notifies when `actor` caused it: the ones set,
    /// or else everyone mentioned but the actor (who is looking at it
    /// already). An ephemeral reply notifies nobody.
    pub fn pings_for(&self, actor: Option<u64>) -> Vec<u64> {
        if self.ephemeral {
            return Vec::new();
        }
        if let Some(users) = &self.pings {
            return users.clone();
        }
        let mut users: Vec<u64> = Vec::new();
        for piece in self.content.split("<@").skip(1) {
            let piece = piece.strip_prefix('!').unwrap_or(piece);
            let id = piece.split_once('>').and_then(|(digits, _)| digits.parse().ok());
            if let Some(id) = id
                && Some(id) != actor
                && !users.contains(&id)
            {
                users.push(id);
            }
        }
        users
    }

    pub(crate) fn text(&self) -> String {
        cut(&self.content, MESSAGE_LIMIT)
    }

    /// The files as Discord takes them, each with its description.
    pub(crate) fn attachments(&self) -> Vec<CreateAttachment> {
        self.files
            .iter()
            .map(|file| {
                CreateAttachment::bytes(file.bytes.clone(), file.name.clone())
                    .description(cut(&file.description, DESCRIPTION_LIMIT))
            })
            .collect()
    }

    fn message(&self, pings: &[u64]) -> CreateInteractionResponseMessage {
        if self.buttons_only {
            // No content, no files: the payload leaves the message's own (see `Body::with_files`).
            return CreateInteractionResponseMessage::new().components(self.components.clone().unwrap_or_default());
        }
        let mut m = CreateInteractionResponseMessage::new()
            .content(self.text())
            .ephemeral(self.ephemeral)
            .files(self.attachments())
            .embeds(self.created_embeds())
            .allowed_mentions(mentions_with_roles(pings, &self.ping_roles));
        if let Some(rows) = &self.components {
            m = m.components(rows.clone());
        }
        m
    }

    /// The interaction response carrying this reply, notifying `pings`.
    pub fn response(&self, pings: &[u64]) -> CreateInteractionResponse {
        if self.update {
            CreateInteractionResponse::UpdateMessage(self.message(pings))
        } else {
            CreateInteractionResponse::Message(self.message(pings))
        }
    }
}

/// Allowed mentions that notify exactly `users` (and no role, nor
/// everyone).
pub fn mentions(users: &[u64]) -> CreateAllowedMentions {
    mentions_with_roles(users, &[])
}

/// Allowed mentions that notify exactly `users` and the members of `roles`.
pub fn mentions_with_roles(users: &[u64], roles: &[u64]) -> CreateAllowedMentions {
    let allowed = CreateAllowedMentions::new().replied_user(false).everyone(false);
    let allowed =
        if users.is_empty() { allowed.empty_users() } else { allowed.users(users.iter().copied().map(UserId::new)) };
    if roles.is_empty() { allowed.empty_roles() } else { allowed.roles(roles.iter().copied().map(RoleId::new)) }
}

/// The few words that notify `users` of a message they were not notified by
/// (an edit notifies nobody on Discord).
pub fn ping_note(lang: Lang, users: &[u64]) -> Reply {
    let who: Vec<String> = users.iter().map(|u| format!("<@{u}>")).collect();
    Reply::public(lang, t!(lang, "ping-note", players = who.join(" "))).pinging(users.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_the_limit() {
        let reply = Reply::public(Lang::En, "x".repeat(5000));
        assert_eq!(reply.text().chars().count(), MESSAGE_LIMIT);
        assert_eq!(Reply::public(Lang::En, "short").text(), "short");
    }

    #[test]
    fn every_file_goes_with_its_description_within_the_limit() {
        let reply = Reply::public(Lang::En, "board").file("board.png", vec![1, 2, 3], "White to move.").file(
            "long.png",
            vec![4],
            "é".repeat(3000),
        );
        let files = reply.attachments();
        assert_eq!(files[0].description.as_deref(), Some("White to move."));
        let long = files[1].description.as_deref().unwrap();
        assert_eq!(long.chars().count(), DESCRIPTION_LIMIT, "characters, not bytes");
        assert!(long.ends_with('…'));
        let json = serde_json::to_value(reply.response(&[])).unwrap();
        assert_eq!(json["data"]["attachments"][0]["description"], "White to move.");
        assert_eq!(json["data"]["attachments"][1]["filename"], "long.png");
    }

    #[test]
    fn responses_have_the_discord_types() {
        let json = serde_json::to_value(Reply::ephemeral(Lang::En, "no").response(&[])).unwrap();
        assert_eq!(json["type"], 4);
        assert_eq!(json["data"]["flags"], 64);
        let json = serde_json::to_value(Reply::public(Lang::En, "yes").updating().response(&[7])).unwrap();
        assert_eq!(json["type"], 7);
        assert_eq!(json["data"]["components"], serde_json::json!([]));
        assert_eq!(json["data"]["allowed_mentions"]["users"], serde_json::json!(["7"]));
    }

    #[test]
    fn the_actor_is_not_notified_of_their_own_action() {
        let reply =
            Reply::public(Lang::En, "<@1> played **11-15**.\n<@1> (White) vs <@2> (Black)\n<@2> (Black) to move");
        assert_eq!(reply.pings_for(Some(1)), vec![2]);
        assert_eq!(reply.pings_for(None), vec![1, 2]);
        assert_eq!(reply.clone().pinging(vec![1]).pings_for(Some(1)), vec![1]);
        assert!(Reply::ephemeral(Lang::En, "<@2>").pings_for(Some(1)).is_empty());
    }
}
