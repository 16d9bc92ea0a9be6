INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, created_at, expires_at, state, rated, is_match, rating_range, bank_start, bank_increment, bank_max,
    weekends_zone, post_message_id, closed_by) VALUES
    (10, 77, 111, 1005, 1006, 'random', 3, 'classic', 'classic', 'W:W1-12:B21-32', 1767225600, 1767398400, 'declined',
     1, 0, NULL, NULL, NULL, NULL, NULL, 777000010, 1006);
