INSERT INTO games (id, guild_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, start_fen, ply,
    turn, status, started_at, last_move_at, deadline, remind_at, finished_at, aborted_by)
    VALUES (4, 77, 105, 1003, 1004, 2, 'classic', 'long', 'W:W1-12:B21-32', 0, 'white', 'aborted',
     1767225600, 1767225600, 1767398400, 1767312000, 1767225630, 1003);
