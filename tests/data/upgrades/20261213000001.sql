INSERT INTO premoves (game_id, owner_id, ply, line) VALUES (1, 1002, 2, '10-14 21-17'), (1, 1002, 2, '9-13 18-14');
