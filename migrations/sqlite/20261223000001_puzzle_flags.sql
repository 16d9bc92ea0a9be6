-- Puzzles players reported as wrong, and puzzles out of rotation.
--
-- `puzzle_flags`: one row per player and puzzle (a player reports a puzzle
-- once), from a finished attempt. `puzzles.flags` counts them, kept by the
-- same transaction that adds one, so the operator's list and the check
-- against the threshold read no other table.
--
-- `puzzles.retired_at`: the puzzle is out of rotation (neither `/puzzle
-- play` nor a daily puzzle chooses it; attempts already open finish as
-- usual). `retired_why`: 'flagged' (reported by enough players), or
-- 'replaced' (a shipped puzzle no longer in the shipped set). The operator
-- puts a flagged one back with `damas puzzles restore`.
CREATE TABLE puzzle_flags (
    puzzle_id  BIGINT NOT NULL REFERENCES puzzles (id),
    user_id    BIGINT NOT NULL,
    guild_id   BIGINT NOT NULL,
    flagged_at BIGINT NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
);
ALTER TABLE puzzles ADD COLUMN flags INTEGER NOT NULL DEFAULT 0 CHECK (flags >= 0);
ALTER TABLE puzzles ADD COLUMN retired_at BIGINT;
ALTER TABLE puzzles ADD COLUMN retired_why TEXT CHECK (retired_why IN ('flagged', 'replaced'));
-- The operator's list: few rows, whatever the table's size.
CREATE INDEX puzzles_flagged ON puzzles (flags) WHERE flags > 0;
