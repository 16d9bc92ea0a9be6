-- Each server's locale (Discord's guild_locale), as last seen on one of its
-- interactions: the language of the messages that answer no interaction
-- (clock announcements, the bot's own moves), whichever process posts them.

CREATE TABLE server_locales (
    guild_id   BIGINT PRIMARY KEY,
    locale     TEXT   NOT NULL CHECK (length(locale) BETWEEN 2 AND 16),
    updated_at BIGINT NOT NULL
);
