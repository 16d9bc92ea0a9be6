-- Match play (RULES 8.3): four games between the same two players in one
-- channel, each starting when the one before ends.
--
-- `matches` holds the match: who had White in game 1 (colours alternate),
-- the automatic two-ply opening games 3 and 4 start from, and whether it is
-- still being played. A live match keeps its channel, as a live game does,
-- also in the moment between two of its games. A game of a match names it
-- and its number in it; a number is taken once. The score is never stored:
-- it is read off the games' results.
--
-- A new announcement kind, 'match_game', posts each game after the first.
-- SQLite cannot change a CHECK constraint, so the announcements table is
-- made again with the new list (nothing refers to it).

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    guild_id    BIGINT,
    channel_id  BIGINT  NOT NULL,
    first_white BIGINT  NOT NULL,
    first_black BIGINT  NOT NULL,
    -- "first reply" in canonical notation, e.g. "9-13 21-17".
    opening     TEXT    NOT NULL CHECK (length(opening) BETWEEN 7 AND 16),
    status      TEXT    NOT NULL CHECK (status IN ('live', 'finished', 'aborted')),
    created_at  BIGINT  NOT NULL,
    finished_at BIGINT,
    CHECK (first_white <> first_black),
    CHECK ((status = 'live') = (finished_at IS NULL))
);
CREATE UNIQUE INDEX matches_one_live_per_channel ON matches (channel_id) WHERE status = 'live';

ALTER TABLE challenges ADD COLUMN is_match INTEGER NOT NULL DEFAULT 0 CHECK (is_match IN (0, 1));
ALTER TABLE games ADD COLUMN match_id BIGINT REFERENCES matches (id);
ALTER TABLE games ADD COLUMN match_game INTEGER CHECK (match_game BETWEEN 1 AND 4);
CREATE UNIQUE INDEX games_match_number ON games (match_id, match_game) WHERE match_id IS NOT NULL;

CREATE TABLE announcements_new (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL CHECK (kind IN ('reminder', 'loss_on_time', 'challenge_expired', 'match_game')),
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
    CHECK ((kind = 'reminder') = (ply IS NOT NULL)),
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);
INSERT INTO announcements_new SELECT id, kind, channel_id, game_id, challenge_id, ply, created_at, lease_until,
    attempts, done_at, outcome FROM announcements;
DROP TABLE announcements;
ALTER TABLE announcements_new RENAME TO announcements;
CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
