-- The replay GIFs of ended games, made once and kept (see store/replays.rs):
-- pressing Replay again reads the row instead of drawing every frame anew.
-- Only finished or aborted games have one (a live game's replay changes with
-- every move); the store keeps the newest few by made_at.
CREATE TABLE replays (
    game_id  BIGINT PRIMARY KEY REFERENCES games (id),
    gif      BLOB NOT NULL,
    made_at  BIGINT NOT NULL
);
CREATE INDEX replays_by_made_at ON replays (made_at);
