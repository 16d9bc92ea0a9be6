-- The bot's messages that carry a game's buttons (Move, Abort, Take back;
-- a draw offer's or a takeback request's answers), with the position they
-- were made for, so that once the game moves on or the offer is answered
-- the bot takes their buttons off instead of leaving them to be refused.
CREATE TABLE button_messages (
    message_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    game_id    BIGINT NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    kind       TEXT NOT NULL CHECK (kind IN ('game', 'draw_offer', 'takeback_request'))
);
CREATE INDEX button_messages_by_game ON button_messages (game_id);
