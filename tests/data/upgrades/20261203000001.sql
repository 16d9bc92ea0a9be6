INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, created_at, expires_at, state) VALUES
    (3, 77, 102, 1004, 1003, 'black', 1, 'classic', 'hundred', 'W:W1-12:B21-32', 1767225605, 1767398405, 'open');
