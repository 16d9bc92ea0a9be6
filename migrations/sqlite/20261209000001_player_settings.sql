-- What each player chose in a server: how the bot reaches them (`/notify`)
-- and whether a move waits for their confirmation (`/settings
-- confirm-moves`). No row: pings only, no confirmation. `locale` is the
-- language of the interaction that last set it: direct messages are
-- written in it.
CREATE TABLE player_settings (
    guild_id       BIGINT  NOT NULL,
    user_id        BIGINT  NOT NULL,
    notify         TEXT    NOT NULL CHECK (notify IN ('ping', 'dm', 'digest', 'off')),
    -- The digest's hour (UTC) and when the next one is due.
    digest_hour    INTEGER CHECK (digest_hour BETWEEN 0 AND 23),
    next_digest_at BIGINT,
    confirm_moves  BIGINT  NOT NULL CHECK (confirm_moves IN (0, 1)),
    locale         TEXT,
    updated_at     BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, user_id),
    CHECK ((notify = 'digest') = (digest_hour IS NOT NULL)),
    CHECK ((notify = 'digest') = (next_digest_at IS NOT NULL))
);

CREATE INDEX player_settings_digests ON player_settings (next_digest_at) WHERE next_digest_at IS NOT NULL;

-- Users whose direct messages refuse the bot (Discord's 50007): no direct
-- message is queued for them until they choose `/notify` again. `told_at`:
-- when their next private reply said so (once).
CREATE TABLE closed_dms (
    user_id   BIGINT PRIMARY KEY,
    closed_at BIGINT NOT NULL,
    told_at   BIGINT
);

-- The outbox of direct messages, like `announcements` for channels: a row
-- is written in the transaction that made it due (the move, the claim of a
-- reminder, a loss on time or a digest), leased by one process at a time,
-- and settled once Discord took it; its id is the message's nonce.
CREATE TABLE direct_messages (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('move', 'reminder', 'loss_on_time', 'digest')),
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    game_id     BIGINT  REFERENCES games (id),
    -- A move's or a reminder's ply: a move since makes it stale.
    ply         INTEGER,
    created_at  BIGINT  NOT NULL,
    lease_until BIGINT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    done_at     BIGINT,
    outcome     TEXT    CHECK (outcome IN ('delivered', 'cancelled', 'undeliverable')),
    CHECK ((kind = 'digest') = (game_id IS NULL)),
    CHECK ((kind IN ('move', 'reminder')) = (ply IS NOT NULL)),
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);

CREATE INDEX direct_messages_pending ON direct_messages (id) WHERE done_at IS NULL;
CREATE INDEX direct_messages_settled ON direct_messages (done_at) WHERE done_at IS NOT NULL;
