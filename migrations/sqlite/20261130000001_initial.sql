-- Challenges, games and their moves.
--
-- Plain SQL meant to carry over to PostgreSQL: BIGINT ids (Discord
-- snowflakes fit in a signed 64-bit integer), TEXT enums with CHECK lists,
-- partial unique indexes for the one-per-channel rules.

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    guild_id        BIGINT,
    channel_id      BIGINT  NOT NULL,
    challenger_id   BIGINT  NOT NULL,
    opponent_id     BIGINT  NOT NULL,
    color           TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    variant         TEXT    NOT NULL CHECK (variant IN ('classic', 'giveaway')),
    draw_rules      TEXT    NOT NULL CHECK (draw_rules IN ('classic', 'ludoteka', 'long', 'hundred')),
    start_fen       TEXT    NOT NULL,
    challenger_name TEXT,
    opponent_name   TEXT,
    created_at      BIGINT  NOT NULL,
    expires_at      BIGINT  NOT NULL CHECK (expires_at > created_at),
    state           TEXT    NOT NULL CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    CHECK (challenger_id <> opponent_id)
);

-- At most one open challenge per channel.
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (channel_id) WHERE state = 'open';
CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE state = 'open';

CREATE TABLE games (
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
    status        TEXT    NOT NULL CHECK (status IN ('live', 'finished')),
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
    finished_at   BIGINT,
    CHECK (white_id <> black_id),
    CHECK (draw_offer_by IN (white_id, black_id)),
    CHECK ((status = 'live' AND result IS NULL AND reason IS NULL AND finished_at IS NULL)
        OR (status = 'finished' AND result IS NOT NULL AND reason IS NOT NULL AND finished_at IS NOT NULL
            AND draw_offer_by IS NULL)),
    -- Draw rules and agreement draw; resignation and time lose.
    CHECK (reason NOT IN ('repetition', 'king_move_rule', 'three_kings_rule', 'agreement') OR result = '1-1'),
    CHECK (reason NOT IN ('resignation', 'time', 'no_legal_move') OR result <> '1-1')
);

-- At most one live game per channel.
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status = 'live';
CREATE INDEX games_live_by_deadline ON games (deadline) WHERE status = 'live';
CREATE INDEX games_live_by_reminder ON games (remind_at) WHERE status = 'live';
CREATE INDEX games_live_by_guild ON games (guild_id) WHERE status = 'live';
CREATE INDEX games_live_by_white ON games (white_id) WHERE status = 'live';
CREATE INDEX games_live_by_black ON games (black_id) WHERE status = 'live';

-- One row per ply, in canonical notation; the game is rebuilt by replaying them.
CREATE TABLE moves (
    game_id   BIGINT  NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL CHECK (ply >= 0),
    notation  TEXT    NOT NULL CHECK (length(notation) BETWEEN 3 AND 64),
    played_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, ply)
);
