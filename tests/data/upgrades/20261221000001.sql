INSERT INTO button_messages (message_id, channel_id, game_id, ply, kind, content) VALUES
    (777000003, 101, 1, 2, 'game', '<@1001> played **22-18**.\n<@1002> (Black) to move, deadline <t:1767484800:R>.');
