-- A thread per game. A server may turn it off (`/settings threads`); with no
-- row, threads are on. A game played in a thread the bot opened for it keeps
-- the thread and the channel its challenge was made in (the thread's
-- parent), so the thread is archived when the game ends.

CREATE TABLE server_settings (
    guild_id   BIGINT PRIMARY KEY,
    threads    BIGINT NOT NULL CHECK (threads IN (0, 1)),
    updated_at BIGINT NOT NULL
);

CREATE TABLE game_threads (
    game_id   BIGINT PRIMARY KEY REFERENCES games (id),
    thread_id BIGINT NOT NULL,
    parent_id BIGINT NOT NULL
);
