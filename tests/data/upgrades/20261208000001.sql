INSERT INTO server_settings (guild_id, threads, updated_at) VALUES (77, 1, 1767225600);
INSERT INTO game_threads (game_id, thread_id, parent_id) VALUES (1, 555000111, 101);
