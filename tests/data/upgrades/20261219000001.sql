UPDATE puzzles SET rating = 1480.5, deviation = 300, volatility = 0.06, plays = 1, solves = 0 WHERE id = 1;
INSERT INTO puzzle_ratings (guild_id, user_id, rating, deviation, volatility, played, solved, streak, best_streak, updated_at) VALUES
    (77, 1001, 1519.5, 290, 0.06, 1, 1, 1, 1, 1767225600);
INSERT INTO puzzle_attempts (id, guild_id, user_id, puzzle_id, daily_day, step, started_at, finished_at, solved, rating_after, deviation_after) VALUES
    (1, 77, 1001, 1, 20454, 1, 1767225600, 1767225660, 1, 1519.5, 290);
INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, message_id, lease_until, attempts, created_at, revealed_at) VALUES
    (77, 20454, 1, 500, 900, 1767225660, 1, 1767225600, NULL);
UPDATE server_settings SET puzzle_channel = 500, puzzle_hour = 8 WHERE guild_id = 77;
UPDATE games SET puzzles_claimed_until = 1767225660 WHERE id = 1;
