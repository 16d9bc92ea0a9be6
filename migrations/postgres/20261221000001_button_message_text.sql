-- The text of each kept message with a game's buttons, as it was posted,
-- so the bot can bring it up to date without reading it back from Discord:
-- a deadline moved by more time, an offer closed when its buttons go.
-- NULL for messages kept before this column existed (left as they are).
ALTER TABLE button_messages ADD COLUMN content TEXT;
