UPDATE server_settings SET puzzle_due_at = 1767250800 WHERE guild_id = 77;
INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, message_id, lease_until, attempts, created_at, revealed_at, reveal_at) VALUES
    (78, 20454, 1, 501, 901, 1767225660, 1, 1767225600, NULL, 1767312000);
