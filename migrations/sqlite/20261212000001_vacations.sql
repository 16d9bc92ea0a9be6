-- Vacation: each player has `server_settings.vacation_days` days a calendar
-- year (UTC) in each server (0 turns vacation off). While a player is away
-- (`started_at` set), the clock of every live game of theirs in the server
-- where they are to move stands still: no reminder, no loss on time. When
-- the vacation ends (`/vacation end`, their first move, or `ends_by`, when
-- the days they had left run out) the deadline and reminder of each such
-- game move by the time it stood still, in the one transaction that clears
-- `started_at`. `days_used` counts the days of the year `days_year`, every
-- day begun counting as a whole one.
ALTER TABLE server_settings ADD COLUMN vacation_days INTEGER NOT NULL DEFAULT 14
    CHECK (vacation_days BETWEEN 0 AND 60);

CREATE TABLE vacations (
    guild_id   BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    days_year  INTEGER NOT NULL,
    days_used  INTEGER NOT NULL CHECK (days_used >= 0),
    started_at BIGINT,
    ends_by    BIGINT,
    PRIMARY KEY (guild_id, user_id),
    CHECK ((started_at IS NULL) = (ends_by IS NULL)),
    CHECK (ends_by > started_at)
);

CREATE INDEX vacations_away ON vacations (ends_by) WHERE started_at IS NOT NULL;

-- The games whose opponents were told of the current vacation of the
-- player (once a game); emptied for the player when it ends.
CREATE TABLE vacation_notices (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    game_id  BIGINT NOT NULL REFERENCES games (id),
    PRIMARY KEY (guild_id, user_id, game_id)
);

-- The direct messages outbox takes kinds the program adds later (the end
-- of a vacation's days) without a schema change, as `announcements` does:
-- the program's `DirectKind` is the one list and refuses a name it does not
-- know on reading. The shape checks stay: a digest names no game, a move
-- and a reminder name their ply. SQLite cannot change a CHECK constraint,
-- so the table is rebuilt (nothing refers to it).
CREATE TABLE direct_messages_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    game_id     BIGINT  REFERENCES games (id),
    ply         INTEGER,
    created_at  BIGINT  NOT NULL,
    lease_until BIGINT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    done_at     BIGINT,
    outcome     TEXT    CHECK (outcome IN ('delivered', 'cancelled', 'undeliverable')),
    CHECK (kind <> 'digest' OR game_id IS NULL),
    CHECK (kind NOT IN ('move', 'reminder', 'loss_on_time') OR game_id IS NOT NULL),
    CHECK (kind NOT IN ('move', 'reminder') OR ply IS NOT NULL),
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);
INSERT INTO direct_messages_new SELECT id, kind, user_id, guild_id, game_id, ply, created_at, lease_until,
    attempts, done_at, outcome FROM direct_messages;
DROP TABLE direct_messages;
ALTER TABLE direct_messages_new RENAME TO direct_messages;
CREATE INDEX direct_messages_pending ON direct_messages (id) WHERE done_at IS NULL;
CREATE INDEX direct_messages_settled ON direct_messages (done_at) WHERE done_at IS NOT NULL;
