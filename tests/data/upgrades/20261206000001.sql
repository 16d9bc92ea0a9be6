INSERT INTO matches (id, guild_id, channel_id, first_white, first_black, opening, status, created_at, finished_at)
    VALUES (1, 77, 106, 1001, 1002, '11-15 22-18', 'live', 1767225600, NULL);
INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules,
    start_fen, created_at, expires_at, state, rated, is_match) VALUES
    (4, 77, 106, 1001, 1002, 'random', 3, 'classic', 'classic', 'W:W1-12:B21-32', 1767225600, 1767398400, 'accepted', 0, 1);
INSERT INTO games (id, challenge_id, guild_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules,
    start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at, match_id, match_game)
    VALUES (5, 4, 77, 106, 1001, 1002, 3, 'classic', 'classic', 'W:W1-12:B21-32', 0, 'white', 'live',
     1767225600, 1767225600, 1767484800, 1767398400, 1, 1);
INSERT INTO announcements (id, kind, channel_id, game_id, challenge_id, ply, created_at) VALUES
    (4, 'match_game', 106, 5, NULL, NULL, 1767225600);
