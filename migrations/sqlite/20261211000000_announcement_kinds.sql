-- The announcements outbox takes kinds the program adds later without a
-- schema change: the list of kinds lives in one place, the program's
-- `AnnouncementKind`, which refuses a name it does not know when it reads
-- one back. What stays checked here is the shape every kind shares: an
-- expired challenge names its challenge and no game, every other kind names
-- a game, and a reminder names its ply.
--
-- SQLite cannot change a CHECK constraint, so the table is rebuilt (nothing
-- refers to it).
CREATE TABLE announcements_new (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
    channel_id   BIGINT  NOT NULL,
    game_id      BIGINT  REFERENCES games (id),
    challenge_id BIGINT  REFERENCES challenges (id),
    ply          INTEGER,
    created_at   BIGINT  NOT NULL,
    lease_until  BIGINT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    done_at      BIGINT,
    outcome      TEXT    CHECK (outcome IN ('delivered', 'cancelled', 'undeliverable')),
    CHECK ((kind = 'challenge_expired') = (challenge_id IS NOT NULL)),
    CHECK ((kind = 'challenge_expired') = (game_id IS NULL)),
    CHECK (kind <> 'reminder' OR ply IS NOT NULL),
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);
INSERT INTO announcements_new SELECT id, kind, channel_id, game_id, challenge_id, ply, created_at, lease_until,
    attempts, done_at, outcome FROM announcements;
DROP TABLE announcements;
ALTER TABLE announcements_new RENAME TO announcements;
CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
