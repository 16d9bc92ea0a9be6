-- Queries that stay fast as a server's history grows.
--
-- /history of a player (one index per side; the OR of the two is a union of
-- two index searches), and /pdn and the review of a channel's last game.
CREATE INDEX games_by_white ON games (white_id, finished_at);
CREATE INDEX games_by_black ON games (black_id, finished_at);
CREATE INDEX games_by_channel ON games (channel_id, finished_at);

-- /analyze's fair play: the keys of each live game's position and of every
-- position within two plies of it (Position::stable_key, as signed 64-bit
-- integers), written with each move. positions_ply is the ply they were
-- computed for; a game whose keys are missing or older (just started) is
-- found by its index and computed before the next check.
ALTER TABLE games ADD COLUMN positions_ply INTEGER;
CREATE INDEX games_live_positions_stale ON games (id)
    WHERE status = 'live' AND (positions_ply IS NULL OR positions_ply <> ply);
CREATE TABLE live_positions (
    game_id      BIGINT NOT NULL REFERENCES games (id),
    position_key BIGINT NOT NULL,
    PRIMARY KEY (game_id, position_key)
);
CREATE INDEX live_positions_by_key ON live_positions (position_key);

-- A game that ends, however it ends, takes its keys with it.
CREATE TRIGGER live_positions_end AFTER UPDATE OF status ON games
WHEN NEW.status <> 'live'
BEGIN
    DELETE FROM live_positions WHERE game_id = NEW.id;
END;
