INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, challenger_name, opponent_name, created_at, expires_at, state) VALUES
    (1, 77, 101, 1001, 1002, 'white', 3, 'classic', 'classic', 'W:W1-12:B21-32', 'ana', 'bruno', 1767225600, 1767398400, 'accepted'),
    (2, 77, 102, 1001, 1003, 'random', 5, 'giveaway', 'ludoteka', 'W:W1-12:B21-32', 'ana', 'carla', 1767225600, 1767398400, 'open');
INSERT INTO games (id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name, days_per_move,
    variant, draw_rules, start_fen, ply, turn, status, result, reason, started_at, last_move_at, deadline, remind_at,
    reminded_ply, draw_offer_by, finished_at) VALUES
    (1, 1, 77, 101, 1001, 1002, 'ana', 'bruno', 3, 'classic', 'classic', 'W:W1-12:B21-32', 2, 'white', 'live', NULL, NULL,
     1767225600, 1767225720, 1767484920, 1767398520, -1, 1002, NULL),
    (2, NULL, 77, 103, 1002, 1001, 'bruno', 'ana', 3, 'classic', 'classic', 'W:W1-12:B21-32', 1, 'black', 'finished',
     '2-0', 'resignation', 1767225600, 1767225660, 1767484860, 1767398460, 0, NULL, 1767225690);
INSERT INTO moves (game_id, ply, notation, played_at) VALUES
    (1, 0, '11-15', 1767225660), (1, 1, '22-18', 1767225720), (2, 0, '10-14', 1767225660);
