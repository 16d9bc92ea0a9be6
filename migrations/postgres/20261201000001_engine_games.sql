-- The PostgreSQL twin of migrations/sqlite/20261201000001_engine_games.sql.
--
-- Games against the bot's engine. Both columns are NULL in games between
-- people; in a game against the bot, engine_level is its playing level and
-- engine_color the side it plays, so the clock can leave the bot's turn
-- alone in SQL (the bot is never reminded and never loses on time).

ALTER TABLE games ADD COLUMN engine_level INTEGER CHECK (engine_level BETWEEN 1 AND 10);
ALTER TABLE games ADD COLUMN engine_color TEXT CHECK (engine_color IN ('white', 'black'));

-- Live games where it is the engine's turn, for the bot's catch-up.
CREATE INDEX games_live_engine_turn ON games (engine_color) WHERE status = 'live' AND engine_color IS NOT NULL;
