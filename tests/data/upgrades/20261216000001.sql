INSERT INTO button_messages (message_id, channel_id, game_id, ply, kind) VALUES
    (777000001, 101, 1, 2, 'game'), (777000002, 101, 1, 2, 'draw_offer');
