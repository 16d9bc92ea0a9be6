INSERT INTO announcements (id, kind, channel_id, game_id, challenge_id, ply, created_at) VALUES
    (5, 'premove_reply', 101, 1, NULL, 1, 1767225720);
