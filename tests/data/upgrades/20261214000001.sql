INSERT INTO tournaments (id, guild_id, channel_id, organiser_id, name, format, rounds_asked, rounds, days_per_move,
    variant, draw_rules, rated, max_players, vacation, status, round, results_seen, version, shown_version, message_id,
    standings_message_id, announced_round, final_announced, lease_until, created_at, started_at, finished_at,
    cancelled_by) VALUES
    (1, 77, 108, 2000, 'Copa de invierno', 'round_robin', NULL, 3, 3, 'classic', 'classic', 1, 8, 1, 'running', 1, 0, 2,
     1, 880001, 880002, 1, 0, NULL, 1767225600, 1767225610, NULL, NULL),
    (2, 77, 109, 2000, 'Swiss', 'swiss', 5, NULL, 2, 'classic', 'classic', 0, 16, 0, 'signup', 0, 0, 1, 0, NULL, NULL,
     0, 0, NULL, 1767225600, NULL, NULL, NULL);
INSERT INTO tournament_entrants (tournament_id, user_id, name, joined_at, seat, rating, withdrawn_at, removed_by) VALUES
    (1, 3001, 'ana', 1767225600, 0, 1500.0, NULL, NULL), (1, 3002, 'bruno', 1767225600, 1, 1612.25, NULL, NULL),
    (1, 3003, 'carla', 1767225600, 2, NULL, NULL, NULL), (1, 3004, 'dani', 1767225600, 3, NULL, 1767225620, 2000),
    (2, 3001, NULL, 1767225600, NULL, NULL, NULL, NULL);
INSERT INTO games (id, guild_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, start_fen, ply,
    turn, status, started_at, last_move_at, deadline, remind_at, rated, tournament_id, tournament_round)
    VALUES (6, 77, 9001, 3001, 3002, 3, 'classic', 'classic', 'W:W1-12:B21-32', 0, 'white', 'live',
     1767225610, 1767225610, 1767484810, 1767398410, 1, 1, 1);
INSERT INTO tournament_pairings (id, tournament_id, round, board, white_id, black_id, game_id, forfeit, thread_id,
    lease_until, attempts) VALUES
    (1, 1, 1, 1, 3001, 3002, 6, NULL, 9001, NULL, 1),
    (2, 1, 1, 2, 3003, 3004, NULL, 'black', NULL, NULL, 0);
INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (1, 2, 3003);
INSERT INTO announcements (id, kind, channel_id, game_id, challenge_id, ply, created_at) VALUES
    (6, 'tournament_game', 9001, 6, NULL, NULL, 1767225610);
