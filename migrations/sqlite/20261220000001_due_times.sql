-- When each server's next daily puzzle falls due (unix seconds, UTC), so
-- that a clock tick reads the servers due rather than every server with a
-- daily puzzle; 0: to be worked out at the next tick (a new setting, a
-- changed hour or time zone).
ALTER TABLE server_settings ADD COLUMN puzzle_due_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX server_settings_puzzle_due ON server_settings (puzzle_due_at) WHERE puzzle_channel IS NOT NULL;

-- When a daily puzzle's solution falls due: the end of its server's local
-- day. Rows from before this change get the end of their UTC day.
ALTER TABLE daily_puzzles ADD COLUMN reveal_at BIGINT;
UPDATE daily_puzzles SET reveal_at = created_at - created_at % 86400 + 86400;
CREATE INDEX daily_puzzles_to_reveal ON daily_puzzles (reveal_at) WHERE revealed_at IS NULL AND message_id IS NOT NULL;
-- The daily puzzles chosen and not known posted, looked for at every tick.
CREATE INDEX daily_puzzles_unposted ON daily_puzzles (lease_until) WHERE message_id IS NULL;

-- The games whose reminder is still to be handed out at their ply: the
-- reminders due are read off it, and games already reminded cost nothing.
DROP INDEX games_live_by_reminder;
CREATE INDEX games_live_to_remind ON games (remind_at) WHERE status = 'live' AND reminded_ply <> ply;
