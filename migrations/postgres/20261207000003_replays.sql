-- The replay GIFs of ended games, made once and kept (the twin of the
-- SQLite migration of the same name).
CREATE TABLE replays (
    game_id  BIGINT PRIMARY KEY REFERENCES games (id),
    gif      BYTEA NOT NULL,
    made_at  BIGINT NOT NULL
);
CREATE INDEX replays_by_made_at ON replays (made_at);
