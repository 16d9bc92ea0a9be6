-- A game may end without a result: aborted by a moderator, or by a player
-- before each side has moved. The status 'aborted' and the column
-- `aborted_by` (who did it) are new; the checks that name the status are
-- replaced (their names were chosen by PostgreSQL, so they are found by
-- what they say).

ALTER TABLE games ADD COLUMN aborted_by BIGINT;

DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = 'games'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'
    LOOP
        EXECUTE format('ALTER TABLE games DROP CONSTRAINT %I', c.conname);
    END LOOP;
END
$$;

ALTER TABLE games ADD CONSTRAINT games_status_known CHECK (status IN ('live', 'finished', 'aborted'));
ALTER TABLE games ADD CONSTRAINT games_status_consistent CHECK (
       (status = 'live' AND result IS NULL AND reason IS NULL AND finished_at IS NULL AND aborted_by IS NULL)
    OR (status = 'finished' AND result IS NOT NULL AND reason IS NOT NULL AND finished_at IS NOT NULL
        AND draw_offer_by IS NULL AND aborted_by IS NULL)
    OR (status = 'aborted' AND result IS NULL AND reason IS NULL AND finished_at IS NOT NULL
        AND draw_offer_by IS NULL AND aborted_by IS NOT NULL));
