-- Puzzles found in the server's own finished games: the position (unique),
-- the solution in canonical notation, its theme and the material it gains,
-- and the game and ply it came from. `games.puzzles_scanned_at` marks a
-- finished game as scanned (claimed once, by one process).
CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY,
    fen        TEXT    NOT NULL UNIQUE CHECK (length(fen) BETWEEN 5 AND 200),
    line       TEXT    NOT NULL CHECK (length(line) BETWEEN 3 AND 1000),
    theme      TEXT    NOT NULL CHECK (theme IN ('shot', 'breakthrough', 'endgame')),
    gain       INTEGER NOT NULL,
    game_id    BIGINT  REFERENCES games (id),
    ply        INTEGER CHECK (ply >= 0),
    created_at BIGINT  NOT NULL,
    CHECK ((game_id IS NULL) = (ply IS NULL))
);
CREATE INDEX puzzles_by_game ON puzzles (game_id) WHERE game_id IS NOT NULL;
ALTER TABLE games ADD COLUMN puzzles_scanned_at BIGINT;
CREATE INDEX games_to_scan_for_puzzles ON games (id) WHERE status = 'finished' AND puzzles_scanned_at IS NULL;
