-- Conditional premoves (`/premove`): each row is one line of a player's
-- tree for a game - canonical notations separated by spaces, the
-- opponent's expected move first, alternating, ending on the owner's reply.
-- `ply` is the ply its first move is expected at. Lines are advanced along
-- the moves actually played (or dropped when the game leaves them) after
-- every move, so the rows of a live game are at its ply, or behind it for a
-- moment (a crash in between is caught up by the clock); a game that ends
-- loses its rows.
CREATE TABLE premoves (
    game_id  BIGINT  NOT NULL REFERENCES games (id),
    owner_id BIGINT  NOT NULL,
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    line     TEXT    NOT NULL CHECK (length(line) BETWEEN 3 AND 1000),
    PRIMARY KEY (game_id, owner_id, line)
);
