-- The outbox of the clock's announcements (reminders, losses on time,
-- expired challenges). A row is written in the same transaction as the
-- claim that made it due, and marked done only after Discord accepted the
-- message (or it no longer needs saying), so a process that dies between
-- the two leaves it for the next one: delivered at least once. Its id is
-- the message's nonce, so Discord keeps one message per row: never twice.

CREATE TABLE announcements (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL CHECK (kind IN ('reminder', 'loss_on_time', 'challenge_expired')),
    channel_id   BIGINT  NOT NULL,
    game_id      BIGINT  REFERENCES games (id),
    challenge_id BIGINT  REFERENCES challenges (id),
    -- A reminder is about this ply only: a move since cancels it.
    ply          INTEGER,
    created_at   BIGINT  NOT NULL,
    -- A process is posting it until then; after that another may.
    lease_until  BIGINT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    done_at      BIGINT,
    outcome      TEXT    CHECK (outcome IN ('delivered', 'cancelled', 'undeliverable')),
    CHECK ((kind = 'challenge_expired') = (challenge_id IS NOT NULL)),
    CHECK ((kind = 'challenge_expired') = (game_id IS NULL)),
    CHECK ((kind = 'reminder') = (ply IS NOT NULL)),
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);

CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
