-- The fair-play keys are rewritten after every move (some 60 rows a game).
-- Kept in the order of their primary key (WITHOUT ROWID), a row is one
-- b-tree entry to write and one to delete fewer. The keys are derived from
-- the games' positions, so the table starts empty and every live game's
-- keys are computed again (the next check finds them lagging).
DROP TRIGGER live_positions_end;
DROP TABLE live_positions;
CREATE TABLE live_positions (
    game_id      BIGINT NOT NULL REFERENCES games (id),
    position_key BIGINT NOT NULL,
    PRIMARY KEY (game_id, position_key)
) WITHOUT ROWID;
CREATE INDEX live_positions_by_key ON live_positions (position_key);

-- A game that ends, however it ends, takes its keys with it.
CREATE TRIGGER live_positions_end AFTER UPDATE OF status ON games
WHEN NEW.status <> 'live'
BEGIN
    DELETE FROM live_positions WHERE game_id = NEW.id;
END;

UPDATE games SET positions_ply = NULL WHERE status = 'live';
