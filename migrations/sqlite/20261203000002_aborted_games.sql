-- no-transaction
-- A game may end without a result: aborted by a moderator, or by a player
-- before each side has moved. The status 'aborted' and the column
-- `aborted_by` (who did it) are new. SQLite cannot change a table's CHECK
-- constraints, so the games table is rebuilt in the way SQLite documents
-- for schema changes: foreign keys off outside a transaction, a new table
-- filled from the old one, the old dropped, the new renamed, the indexes
-- made again, the foreign keys checked, all in one transaction.

PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE games_new (
    id            INTEGER PRIMARY KEY,
    challenge_id  BIGINT  UNIQUE REFERENCES challenges (id),
    guild_id      BIGINT,
    channel_id    BIGINT  NOT NULL,
    white_id      BIGINT  NOT NULL,
    black_id      BIGINT  NOT NULL,
    white_name    TEXT,
    black_name    TEXT,
    days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    variant       TEXT    NOT NULL CHECK (variant IN ('classic', 'giveaway')),
    draw_rules    TEXT    NOT NULL CHECK (draw_rules IN ('classic', 'ludoteka', 'long', 'hundred')),
    start_fen     TEXT    NOT NULL,
    -- Plies played: always the number of rows in moves for this game.
    ply           INTEGER NOT NULL CHECK (ply >= 0),
    -- Side to move, kept so the clock can settle a loss on time in SQL.
    turn          TEXT    NOT NULL CHECK (turn IN ('white', 'black')),
    status        TEXT    NOT NULL CHECK (status IN ('live', 'finished', 'aborted')),
    result        TEXT    CHECK (result IN ('2-0', '0-2', '1-1')),
    reason        TEXT    CHECK (reason IN ('no_legal_move', 'repetition', 'king_move_rule', 'three_kings_rule',
                                            'resignation', 'agreement', 'time')),
    started_at    BIGINT  NOT NULL,
    last_move_at  BIGINT  NOT NULL,
    deadline      BIGINT  NOT NULL CHECK (deadline > last_move_at),
    remind_at     BIGINT  NOT NULL CHECK (remind_at <= deadline),
    -- The ply whose reminder was handed out (-1: none yet).
    reminded_ply  INTEGER NOT NULL DEFAULT -1,
    draw_offer_by BIGINT,
    -- When the game ended (finished or aborted).
    finished_at   BIGINT,
    engine_level  INTEGER CHECK (engine_level BETWEEN 1 AND 10),
    engine_color  TEXT CHECK (engine_color IN ('white', 'black')),
    -- Who aborted the game (a player or a moderator).
    aborted_by    BIGINT,
    CHECK (white_id <> black_id),
    CHECK (draw_offer_by IN (white_id, black_id)),
    CHECK ((status = 'live' AND result IS NULL AND reason IS NULL AND finished_at IS NULL AND aborted_by IS NULL)
        OR (status = 'finished' AND result IS NOT NULL AND reason IS NOT NULL AND finished_at IS NOT NULL
            AND draw_offer_by IS NULL AND aborted_by IS NULL)
        OR (status = 'aborted' AND result IS NULL AND reason IS NULL AND finished_at IS NOT NULL
            AND draw_offer_by IS NULL AND aborted_by IS NOT NULL)),
    -- Draw rules and agreement draw; resignation and time lose.
    CHECK (reason NOT IN ('repetition', 'king_move_rule', 'three_kings_rule', 'agreement') OR result = '1-1'),
    CHECK (reason NOT IN ('resignation', 'time', 'no_legal_move') OR result <> '1-1')
);

INSERT INTO games_new (id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name,
                       days_per_move, variant, draw_rules, start_fen, ply, turn, status, result, reason, started_at,
                       last_move_at, deadline, remind_at, reminded_ply, draw_offer_by, finished_at, engine_level,
                       engine_color)
SELECT id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name, days_per_move, variant,
       draw_rules, start_fen, ply, turn, status, result, reason, started_at, last_move_at, deadline, remind_at,
       reminded_ply, draw_offer_by, finished_at, engine_level, engine_color
FROM games;

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status = 'live';
CREATE INDEX games_live_by_deadline ON games (deadline) WHERE status = 'live';
CREATE INDEX games_live_by_reminder ON games (remind_at) WHERE status = 'live';
CREATE INDEX games_live_by_guild ON games (guild_id) WHERE status = 'live';
CREATE INDEX games_live_by_white ON games (white_id) WHERE status = 'live';
CREATE INDEX games_live_by_black ON games (black_id) WHERE status = 'live';
CREATE INDEX games_live_engine_turn ON games (engine_color) WHERE status = 'live' AND engine_color IS NOT NULL;

COMMIT;
PRAGMA foreign_keys = ON;
