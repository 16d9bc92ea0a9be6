INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, created_at, expires_at, state, rated, is_match, rating_range, bank_start, bank_increment, bank_max,
    weekends_zone) VALUES
    (9, 77, 110, 1005, NULL, 'random', 5, 'classic', 'classic', 'W:W1-12:B21-32', 1767225600, 1767398400, 'open', 1, 0,
     NULL, 432000, 86400, 864000, 'Europe/Madrid');
UPDATE server_settings SET time_zone = 'America/Argentina/Buenos_Aires', weekends_off = 1 WHERE guild_id = 77;
