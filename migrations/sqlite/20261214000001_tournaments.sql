-- no-transaction
-- Tournaments (RULES 8.4): round-robin and Swiss, run by the bot from
-- sign-up to the last result.
--
-- `tournaments` holds one tournament: its terms, where it stands, and what
-- its messages in its channel show. `round` counts the rounds paired so far
-- (a round-robin pairs them all at its start). `results_seen` counts the
-- ended games (forfeits included) the standings were last worked out from;
-- a result it has not seen yet is what makes the service settle it (pair
-- the next Swiss round, or finish it). `version` grows with every change
-- its messages show and `shown_version` is the version they show, so the
-- bot edits them until the two meet, after a crash too. `announced_round`
-- and `final_announced` say which of its posts were made; `lease_until`
-- lets one process at a time bring its messages up to date.
--
-- `tournament_entrants` are its players. `seat` is their number in the
-- pure pairing code (from 0), given at the start: by lot for the Berger
-- tables, by rating for a Swiss; `rating` is their rating then.
--
-- `tournament_pairings` are its games to play, a round whole in one
-- transaction: each gets its game (in a thread of its own) once the bot
-- has opened the thread, or a forfeit (the side that scores) when a player
-- withdrew before it started. `tournament_byes` are a Swiss's byes.
--
-- Games learn their tournament and round, and a new way to end: a forfeit
-- (a withdrawn player's unfinished game, RULES 8.4d; never rated). SQLite
-- cannot change a CHECK constraint, so the games table is rebuilt as
-- SQLite documents for schema changes (see 20261203000002_aborted_games),
-- with its indexes and trigger made again.

PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE tournaments (
    id                   INTEGER PRIMARY KEY,
    guild_id             BIGINT  NOT NULL,
    channel_id           BIGINT  NOT NULL,
    organiser_id         BIGINT  NOT NULL,
    name                 TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    format               TEXT    NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
    -- The rounds a Swiss was asked for (NULL: chosen at the start).
    rounds_asked         INTEGER CHECK (rounds_asked BETWEEN 1 AND 127),
    -- The rounds it has, known from the start.
    rounds               INTEGER CHECK (rounds BETWEEN 1 AND 254),
    days_per_move        INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    variant              TEXT    NOT NULL CHECK (variant IN ('classic', 'giveaway')),
    draw_rules           TEXT    NOT NULL CHECK (draw_rules IN ('classic', 'ludoteka', 'long', 'hundred')),
    rated                INTEGER NOT NULL CHECK (rated IN (0, 1)),
    max_players          INTEGER NOT NULL CHECK (max_players BETWEEN 3 AND 128),
    vacation             INTEGER NOT NULL CHECK (vacation IN (0, 1)),
    status               TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round                INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    results_seen         INTEGER NOT NULL DEFAULT 0 CHECK (results_seen >= 0),
    version              INTEGER NOT NULL DEFAULT 1,
    shown_version        INTEGER NOT NULL DEFAULT 0,
    message_id           BIGINT,
    standings_message_id BIGINT,
    announced_round      INTEGER NOT NULL DEFAULT 0,
    final_announced      INTEGER NOT NULL DEFAULT 0 CHECK (final_announced IN (0, 1)),
    lease_until          BIGINT,
    created_at           BIGINT  NOT NULL,
    started_at           BIGINT,
    finished_at          BIGINT,
    cancelled_by         BIGINT,
    CHECK (((status = 'signup') = (started_at IS NULL)) OR status = 'cancelled'),
    CHECK ((status IN ('signup', 'running')) = (finished_at IS NULL)),
    CHECK ((status = 'cancelled') = (cancelled_by IS NOT NULL)),
    CHECK (rounds_asked IS NULL OR format = 'swiss'),
    CHECK (status = 'signup' OR status = 'cancelled' OR rounds IS NOT NULL)
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entrants (
    tournament_id BIGINT           NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT           NOT NULL,
    name          TEXT,
    joined_at     BIGINT           NOT NULL,
    seat          INTEGER          CHECK (seat >= 0),
    rating        DOUBLE PRECISION,
    withdrawn_at  BIGINT,
    -- The organiser, when they removed the player (else the player withdrew).
    removed_by    BIGINT,
    PRIMARY KEY (tournament_id, user_id),
    CHECK (removed_by IS NULL OR withdrawn_at IS NOT NULL)
);
CREATE UNIQUE INDEX tournament_entrants_seat ON tournament_entrants (tournament_id, seat) WHERE seat IS NOT NULL;

CREATE TABLE "games_new" (
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
                                            'resignation', 'agreement', 'time', 'forfeit')),
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
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    match_id      BIGINT  REFERENCES matches (id),
    match_game    INTEGER CHECK (match_game BETWEEN 1 AND 4),
    positions_ply INTEGER,
    takeback_by   BIGINT  CHECK (takeback_by IN (white_id, black_id)),
    tournament_id BIGINT  REFERENCES tournaments (id),
    tournament_round INTEGER CHECK (tournament_round >= 1),
    CHECK (white_id <> black_id),
    CHECK (draw_offer_by IN (white_id, black_id)),
    CHECK ((status = 'live' AND result IS NULL AND reason IS NULL AND finished_at IS NULL AND aborted_by IS NULL)
        OR (status = 'finished' AND result IS NOT NULL AND reason IS NOT NULL AND finished_at IS NOT NULL
            AND draw_offer_by IS NULL AND aborted_by IS NULL)
        OR (status = 'aborted' AND result IS NULL AND reason IS NULL AND finished_at IS NOT NULL
            AND draw_offer_by IS NULL AND aborted_by IS NOT NULL)),
    -- Draw rules and agreement draw; resignation, time and forfeits lose.
    CHECK (reason NOT IN ('repetition', 'king_move_rule', 'three_kings_rule', 'agreement') OR result = '1-1'),
    CHECK (reason NOT IN ('resignation', 'time', 'no_legal_move', 'forfeit') OR result <> '1-1'),
    CHECK ((tournament_id IS NULL) = (tournament_round IS NULL))
);

INSERT INTO games_new (id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name,
                       days_per_move, variant, draw_rules, start_fen, ply, turn, status, result, reason, started_at,
                       last_move_at, deadline, remind_at, reminded_ply, draw_offer_by, finished_at, engine_level,
                       engine_color, aborted_by, rated, match_id, match_game, positions_ply, takeback_by)
SELECT id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name, days_per_move, variant,
       draw_rules, start_fen, ply, turn, status, result, reason, started_at, last_move_at, deadline, remind_at,
       reminded_ply, draw_offer_by, finished_at, engine_level, engine_color, aborted_by, rated, match_id, match_game,
       positions_ply, takeback_by
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
CREATE UNIQUE INDEX games_match_number ON games (match_id, match_game) WHERE match_id IS NOT NULL;
CREATE INDEX games_by_white ON games (white_id, finished_at);
CREATE INDEX games_by_black ON games (black_id, finished_at);
CREATE INDEX games_by_channel ON games (channel_id, finished_at);
CREATE INDEX games_live_positions_stale ON games (id)
    WHERE status = 'live' AND (positions_ply IS NULL OR positions_ply <> ply);
CREATE INDEX games_by_tournament ON games (tournament_id) WHERE tournament_id IS NOT NULL;
CREATE TRIGGER live_positions_end AFTER UPDATE OF status ON games
WHEN NEW.status <> 'live'
BEGIN
    DELETE FROM live_positions WHERE game_id = NEW.id;
END;

CREATE TABLE tournament_pairings (
    id            INTEGER PRIMARY KEY,
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_id      BIGINT  NOT NULL,
    black_id      BIGINT  NOT NULL,
    game_id       BIGINT  UNIQUE REFERENCES games (id),
    -- Not played: the side that scores the point (RULES 8.4a).
    forfeit       TEXT    CHECK (forfeit IN ('white', 'black')),
    -- The thread opened for its game, kept before the game is stored.
    thread_id     BIGINT,
    lease_until   BIGINT,
    attempts      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tournament_id, round, board),
    CHECK (white_id <> black_id),
    CHECK (game_id IS NULL OR forfeit IS NULL)
);
CREATE INDEX tournament_pairings_to_start ON tournament_pairings (tournament_id)
    WHERE game_id IS NULL AND forfeit IS NULL;

CREATE TABLE tournament_byes (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    user_id       BIGINT  NOT NULL,
    PRIMARY KEY (tournament_id, round),
    UNIQUE (tournament_id, user_id)
);

COMMIT;
PRAGMA foreign_keys = ON;
