//! Which of Discord's rate limits a REST call falls under, read from its
//! method and path: the route's bucket (the path with every id but the
//! "major" one written `:id`, since Discord counts a route separately per
//! channel, server or webhook), and whether it counts toward the bot's
//! global limit (an interaction's callback and its token's webhook do not).

/// Where a call stands among Discord's limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The method and the path with its ids written `:id` but the major one
    /// (`POST channels/:id/messages`): calls of one template share a bucket,
    /// per major parameter.
    pub template: String,
    /// The major parameter: the channel, server or webhook the bucket is
    /// counted for (empty when the route has none).
    pub major: String,
    /// Whether the call counts toward the bot's global limit.
    pub global: bool,
}

impl Route {
    /// The route of `method` on `path` (relative to `/api/v10`, without
    /// its query).
    pub fn of(method: &str, path: &str) -> Route {
        let segments: Vec<&str> = path.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
        let major = match segments.as_slice() {
            ["channels", id, ..] | ["guilds", id, ..] => (*id).to_string(),
            ["webhooks", id, token, ..] => format!("{id}/{token}"),
            ["interactions", id, ..] => (*id).to_string(),
            _ => String::new(),
        };
        // Interaction callbacks and the webhook of an interaction's token
        // (followups, `@original`) are outside the global limit.
        let global = !matches!(segments.as_slice(), ["interactions", ..] | ["webhooks", ..]);
        let mut template = String::with_capacity(path.len() + 8);
        template.push_str(method);
        template.push(' ');
        for (i, segment) in segments.iter().enumerate() {
            if i > 0 {
                template.push('/');
            }
            let is_major = i == 1 && !major.is_empty() || (i == 2 && segments[0] == "webhooks");
            let is_id = segment.bytes().all(|b| b.is_ascii_digit()) || (i == 2 && segments[0] == "interactions");
            if is_id && !is_major { template.push_str(":id") } else { template.push_str(segment) }
        }
        Route { template, major, global }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channels_messages_share_a_bucket_per_channel() {
        let post = Route::of("POST", "/channels/10/messages");
        assert_eq!(post, Route { template: "POST channels/10/messages".into(), major: "10".into(), global: true });
        let edit = Route::of("PATCH", "channels/10/messages/99");
        assert_eq!(edit.template, "PATCH channels/10/messages/:id");
        assert_eq!(edit.major, "10");
        assert_ne!(Route::of("PATCH", "channels/11/messages/98").major, edit.major);
        assert_eq!(Route::of("PATCH", "channels/10/messages/98"), edit, "one bucket for every message of a channel");
    }

    #[test]
    fn interactions_are_outside_the_global_limit() {
        let callback = Route::of("POST", "interactions/5/tok-en/callback");
        assert!(!callback.global);
        assert_eq!(callback.major, "5");
        assert_eq!(callback.template, "POST interactions/5/:id/callback");
        let original = Route::of("PATCH", "webhooks/7/tok/messages/@original");
        assert!(!original.global);
        assert_eq!(original.major, "7/tok");
        assert_eq!(original.template, "PATCH webhooks/7/tok/messages/@original");
        assert!(Route::of("POST", "users/@me/channels").global);
        assert!(Route::of("GET", "guilds/3").global);
    }
}
