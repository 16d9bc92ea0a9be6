-- Puzzles played. Each puzzle has a Glicko-2 rating of its own that moves
-- with every first try at it (as a player's does), and counts of its plays
-- and solves. A player's puzzle rating is kept per server, apart from the
-- game rating, with their puzzles played and solved and their streak of
-- solves (current and best).
--
-- `puzzle_attempts`: one row per player and puzzle (a puzzle is shown to a
-- player once); `step` is how many plies of the solution are behind them,
-- moved on by one conditional write, so a stale or racing answer changes
-- nothing. A finished attempt keeps the player's rating after it (the
-- history of `/puzzle stats`). `daily_day` names the server's daily puzzle
-- it was started from.
--
-- `games.puzzles_claimed_until`: a finished game being scanned for puzzles
-- is leased to one process until then; `puzzles_scanned_at` is set once its
-- puzzles are stored, so a scan a crash cut short is made again.
--
-- `daily_puzzles`: a server's puzzle of the day, one row per server and
-- local day, inserted by one process (its primary key), posted under a
-- lease (`lease_until`) until its message is known, and revealed once the
-- next day began.
ALTER TABLE puzzles ADD COLUMN rating DOUBLE PRECISION NOT NULL DEFAULT 1500;
ALTER TABLE puzzles ADD COLUMN deviation DOUBLE PRECISION NOT NULL DEFAULT 350 CHECK (deviation > 0);
ALTER TABLE puzzles ADD COLUMN volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06 CHECK (volatility > 0);
ALTER TABLE puzzles ADD COLUMN plays INTEGER NOT NULL DEFAULT 0 CHECK (plays >= 0);
ALTER TABLE puzzles ADD COLUMN solves INTEGER NOT NULL DEFAULT 0 CHECK (solves >= 0);
CREATE INDEX puzzles_by_rating ON puzzles (rating);

CREATE TABLE puzzle_ratings (
    guild_id    BIGINT           NOT NULL,
    user_id     BIGINT           NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility  DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    played      INTEGER          NOT NULL CHECK (played > 0),
    solved      INTEGER          NOT NULL CHECK (solved >= 0),
    streak      INTEGER          NOT NULL CHECK (streak >= 0),
    best_streak INTEGER          NOT NULL CHECK (best_streak >= streak),
    updated_at  BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX puzzle_ratings_by_guild ON puzzle_ratings (guild_id, rating);

CREATE TABLE puzzle_attempts (
    id              INTEGER PRIMARY KEY,
    guild_id        BIGINT  NOT NULL,
    user_id         BIGINT  NOT NULL,
    puzzle_id       BIGINT  NOT NULL REFERENCES puzzles (id),
    daily_day       BIGINT,
    step            INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
    started_at      BIGINT  NOT NULL,
    finished_at     BIGINT,
    solved          INTEGER CHECK (solved IN (0, 1)),
    rating_after    DOUBLE PRECISION,
    deviation_after DOUBLE PRECISION,
    CHECK ((finished_at IS NULL) = (solved IS NULL)),
    UNIQUE (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (guild_id, user_id) WHERE finished_at IS NULL;
CREATE INDEX puzzle_attempts_of_daily ON puzzle_attempts (guild_id, daily_day) WHERE daily_day IS NOT NULL;

CREATE TABLE daily_puzzles (
    guild_id    BIGINT  NOT NULL,
    day         BIGINT  NOT NULL,
    puzzle_id   BIGINT  NOT NULL REFERENCES puzzles (id),
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,
    lease_until BIGINT  NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 0),
    created_at  BIGINT  NOT NULL,
    revealed_at BIGINT,
    PRIMARY KEY (guild_id, day),
    UNIQUE (guild_id, puzzle_id)
);

ALTER TABLE games ADD COLUMN puzzles_claimed_until BIGINT;
ALTER TABLE server_settings ADD COLUMN puzzle_channel BIGINT;
ALTER TABLE server_settings ADD COLUMN puzzle_hour INTEGER NOT NULL DEFAULT 9 CHECK (puzzle_hour BETWEEN 0 AND 23);
