UPDATE games SET positions_ply = 2 WHERE id = 1;
INSERT INTO live_positions (game_id, position_key) VALUES (1, 8070450532247928832), (1, -8070450532247928833), (3, 42);
