INSERT INTO player_settings (guild_id, user_id, notify, digest_hour, next_digest_at, confirm_moves, locale, updated_at)
    VALUES (77, 1001, 'digest', 9, 1767258000, 1, 'es-419', 1767225600), (77, 1002, 'dm', NULL, NULL, 0, NULL, 1767225600);
INSERT INTO closed_dms (user_id, closed_at, told_at) VALUES (1003, 1767225600, NULL), (1004, 1767225600, 1767225610);
INSERT INTO direct_messages (id, kind, user_id, guild_id, game_id, ply, created_at, lease_until, attempts, done_at,
    outcome) VALUES
    (1, 'move', 1002, 77, 1, 1, 1767225660, NULL, 0, NULL, NULL),
    (2, 'digest', 1001, 77, NULL, NULL, 1767225600, NULL, 1, 1767225609, 'delivered');
