INSERT INTO games (id, guild_id, channel_id, white_id, black_id, white_name, black_name, days_per_move, variant,
    draw_rules, start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at, engine_level, engine_color)
    VALUES (3, 77, 104, 1001, 9999, 'ana', 'damas', 3, 'classic', 'classic', 'W:W1-12:B21-32', 1, 'black', 'live',
     1767225600, 1767225660, 1767484860, 1767398460, 5, 'black');
INSERT INTO moves (game_id, ply, notation, played_at) VALUES (3, 0, '9-13', 1767225660);
