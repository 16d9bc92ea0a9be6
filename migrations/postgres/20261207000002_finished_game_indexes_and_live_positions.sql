-- Queries that stay fast as a server's history grows (the twin of the
-- SQLite migration of the same name).
CREATE INDEX games_by_white ON games (white_id, finished_at);
CREATE INDEX games_by_black ON games (black_id, finished_at);
CREATE INDEX games_by_channel ON games (channel_id, finished_at);

ALTER TABLE games ADD COLUMN positions_ply INTEGER;
CREATE INDEX games_live_positions_stale ON games (id)
    WHERE status = 'live' AND (positions_ply IS NULL OR positions_ply <> ply);
CREATE TABLE live_positions (
    game_id      BIGINT NOT NULL REFERENCES games (id),
    position_key BIGINT NOT NULL,
    PRIMARY KEY (game_id, position_key)
);
CREATE INDEX live_positions_by_key ON live_positions (position_key);

CREATE FUNCTION live_positions_end() RETURNS trigger AS $$
BEGIN
    DELETE FROM live_positions WHERE game_id = NEW.id;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER live_positions_end AFTER UPDATE OF status ON games
    FOR EACH ROW WHEN (NEW.status <> 'live') EXECUTE FUNCTION live_positions_end();
