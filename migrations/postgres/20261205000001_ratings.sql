-- Glicko-2 ratings, one per player and server.
--
-- `rated` on a challenge is the challenger's choice (the `rated` option);
-- on a game it says whether the game counts, decided when it starts (games
-- against the bot, giveaway games and games from a set-up position never
-- do). Games stored before ratings existed stay unrated. A rated game that
-- ends before each side has moved twice changes nothing either.
--
-- `ratings` holds each player's current rating; `rating_changes` one row per
-- player of each rated game that ended, written in the transaction that
-- stores the result. Its primary key is what makes a change impossible to
-- apply twice, and its rows are the rating's history.

ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    user_id    BIGINT           NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    games      INTEGER          NOT NULL CHECK (games > 0),
    -- The highest rating reached while established (NULL until then).
    best       DOUBLE PRECISION,
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX ratings_by_guild ON ratings (guild_id, rating);

CREATE TABLE rating_changes (
    game_id          BIGINT           NOT NULL REFERENCES games (id),
    user_id          BIGINT           NOT NULL,
    guild_id         BIGINT           NOT NULL,
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    rating_after     DOUBLE PRECISION NOT NULL,
    deviation_after  DOUBLE PRECISION NOT NULL,
    at               BIGINT           NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, user_id, at);
