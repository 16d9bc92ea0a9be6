-- Takebacks by consent. A player may ask to take back their last move until
-- their opponent replies; `takeback_by` is whose request stands (like
-- `draw_offer_by`), and any move clears it.
--
-- Each move row keeps the clock of its game as it was just before the move
-- (the `before_` columns: the game row's last_move_at, deadline, remind_at
-- and reminded_ply), so taking the move back restores that clock exactly,
-- however it had been set. Moves stored before this migration have none
-- (NULL); the service works their clock out from the move times.
ALTER TABLE games ADD COLUMN takeback_by BIGINT CHECK (takeback_by IN (white_id, black_id));
ALTER TABLE moves ADD COLUMN before_last_move_at BIGINT;
ALTER TABLE moves ADD COLUMN before_deadline BIGINT;
ALTER TABLE moves ADD COLUMN before_remind_at BIGINT;
ALTER TABLE moves ADD COLUMN before_reminded_ply INTEGER;
