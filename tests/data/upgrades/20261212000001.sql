UPDATE server_settings SET vacation_days = 21 WHERE guild_id = 77;
INSERT INTO vacations (guild_id, user_id, days_year, days_used, started_at, ends_by) VALUES
    (77, 1001, 2026, 3, 1767225900, 1767657900), (77, 1002, 2026, 0, NULL, NULL);
INSERT INTO vacation_notices (guild_id, user_id, game_id) VALUES (77, 1001, 1);
INSERT INTO direct_messages (id, kind, user_id, guild_id, game_id, ply, created_at) VALUES
    (3, 'vacation_over', 1001, 77, NULL, NULL, 1767226000);
