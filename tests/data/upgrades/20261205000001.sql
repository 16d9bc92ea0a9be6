UPDATE games SET rated = 1 WHERE id = 2;
INSERT INTO ratings (guild_id, user_id, rating, deviation, volatility, games, best, updated_at) VALUES
    (77, 1002, 1662.3125, 290.5, 0.0599993, 1, NULL, 1767225690),
    (77, 1001, 1337.6875, 290.5, 0.0600007, 1, 1337.6875, 1767225690);
INSERT INTO rating_changes (game_id, user_id, guild_id, rating_before, deviation_before, rating_after, deviation_after,
    at) VALUES
    (2, 1002, 77, 1500.0, 350.0, 1662.3125, 290.5, 1767225690),
    (2, 1001, 77, 1500.0, 350.0, 1337.6875, 290.5, 1767225690);
