-- no-transaction
-- Open challenges: `/challenge` without an opponent may be accepted by
-- anyone in the channel, so a challenge's opponent is unknown (NULL) until
-- someone accepts it, and is then recorded. A rated open challenge may
-- take only players whose rating is within `rating_range` points of the
-- challenger's. A server may name a role to mention with each open
-- challenge (`server_settings.seek_role`).
--
-- SQLite cannot drop a NOT NULL, so `challenges` is made again, as SQLite's
-- documentation says to: with foreign keys off for the copy (games and
-- announcements refer to it), in one transaction, checked before commit.

PRAGMA foreign_keys = OFF;

BEGIN;

CREATE TABLE challenges_new (
    id              INTEGER PRIMARY KEY,
    guild_id        BIGINT,
    channel_id      BIGINT  NOT NULL,
    challenger_id   BIGINT  NOT NULL,
    opponent_id     BIGINT,
    color           TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    variant         TEXT    NOT NULL CHECK (variant IN ('classic', 'giveaway')),
    draw_rules      TEXT    NOT NULL CHECK (draw_rules IN ('classic', 'ludoteka', 'long', 'hundred')),
    start_fen       TEXT    NOT NULL,
    challenger_name TEXT,
    opponent_name   TEXT,
    created_at      BIGINT  NOT NULL,
    expires_at      BIGINT  NOT NULL CHECK (expires_at > created_at),
    state           TEXT    NOT NULL CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    rated           INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    is_match        INTEGER NOT NULL DEFAULT 0 CHECK (is_match IN (0, 1)),
    rating_range    INTEGER CHECK (rating_range > 0),
    CHECK (challenger_id <> opponent_id),
    -- An open challenge gets its opponent when it is accepted.
    CHECK (opponent_id IS NOT NULL OR state IN ('open', 'cancelled', 'expired'))
);

INSERT INTO challenges_new (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant,
    draw_rules, start_fen, challenger_name, opponent_name, created_at, expires_at, state, rated, is_match)
SELECT id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant,
    draw_rules, start_fen, challenger_name, opponent_name, created_at, expires_at, state, rated, is_match
FROM challenges;

DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;

CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE state = 'open';
CREATE INDEX challenges_open_by_channel ON challenges (channel_id) WHERE state = 'open';
CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id) WHERE state = 'open';
CREATE INDEX challenges_open_by_guild ON challenges (guild_id, id) WHERE state = 'open';

ALTER TABLE server_settings ADD COLUMN seek_role BIGINT;

COMMIT;

PRAGMA foreign_keys = ON;
