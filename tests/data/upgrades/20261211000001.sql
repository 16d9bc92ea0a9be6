UPDATE games SET takeback_by = 1002 WHERE id = 1;
UPDATE moves SET before_last_move_at = 1767225660, before_deadline = 1767484860, before_remind_at = 1767398460,
    before_reminded_ply = -1 WHERE game_id = 1 AND ply = 1;
