INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, created_at, expires_at, state, rated, is_match, rating_range) VALUES
    (5, 77, 107, 1005, NULL, 'random', 7, 'classic', 'classic', 'W:W1-12:B21-32', 1767225600, 1767398400, 'open', 1, 0, 200);
UPDATE server_settings SET seek_role = 4242 WHERE guild_id = 77;
