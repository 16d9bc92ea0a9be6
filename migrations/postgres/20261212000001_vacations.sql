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
-- and a reminder name their ply.
ALTER TABLE direct_messages DROP CONSTRAINT direct_messages_kind_check;
ALTER TABLE direct_messages ADD CONSTRAINT direct_messages_kind_check CHECK (length(kind) BETWEEN 1 AND 32);

-- The checks that tied the shape to the list of kinds were made without a
-- name; they are found by what they say.
DO $$
DECLARE
    old_check TEXT;
BEGIN
    FOR old_check IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'direct_messages'::regclass AND contype = 'c'
          AND (pg_get_constraintdef(oid) LIKE '%digest%' OR pg_get_constraintdef(oid) LIKE '%reminder%')
    LOOP
        EXECUTE format('ALTER TABLE direct_messages DROP CONSTRAINT %I', old_check);
    END LOOP;
END
$$;
ALTER TABLE direct_messages ADD CONSTRAINT direct_messages_digest_no_game CHECK (kind <> 'digest' OR game_id IS NULL);
ALTER TABLE direct_messages ADD CONSTRAINT direct_messages_game
    CHECK (kind NOT IN ('move', 'reminder', 'loss_on_time') OR game_id IS NOT NULL);
ALTER TABLE direct_messages ADD CONSTRAINT direct_messages_ply CHECK (kind NOT IN ('move', 'reminder') OR ply IS NOT NULL);
