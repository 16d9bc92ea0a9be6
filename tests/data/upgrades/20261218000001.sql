INSERT INTO puzzles (id, fen, line, theme, gain, game_id, ply, created_at) VALUES
    (1, 'W:W1,2,4,5,8,12,19:B14,20,24,25,29,30,31', '19-23 20-15 12x19', 'shot', 1, 1, 0, 1767225600);
UPDATE games SET puzzles_scanned_at = 1767225600 WHERE id = 1;
