INSERT INTO announcements (id, kind, channel_id, game_id, challenge_id, ply, created_at, lease_until, attempts, done_at,
    outcome) VALUES
    (1, 'reminder', 101, 1, NULL, 2, 1767225800, NULL, 0, NULL, NULL),
    (2, 'loss_on_time', 103, 2, NULL, NULL, 1767225690, NULL, 1, 1767225695, 'delivered'),
    (3, 'challenge_expired', 102, NULL, 2, NULL, 1767398400, 1767398460, 2, NULL, NULL);
