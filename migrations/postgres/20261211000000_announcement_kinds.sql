-- The announcements outbox takes kinds the program adds later without a
-- schema change: the list of kinds lives in one place, the program's
-- `AnnouncementKind`, which refuses a name it does not know when it reads
-- one back. What stays checked here is the shape every kind shares: an
-- expired challenge names its challenge and no game, every other kind names
-- a game, and a reminder names its ply (which other kinds may name too).
ALTER TABLE announcements DROP CONSTRAINT announcements_kind_check;
ALTER TABLE announcements ADD CONSTRAINT announcements_kind_check CHECK (length(kind) BETWEEN 1 AND 32);

-- The check that only a reminder names a ply was made without a name;
-- it is found by what it says.
DO $$
DECLARE
    old_check TEXT;
BEGIN
    FOR old_check IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'announcements'::regclass AND contype = 'c'
          AND pg_get_constraintdef(oid) LIKE '%reminder%' AND pg_get_constraintdef(oid) LIKE '%ply IS NOT NULL%'
    LOOP
        EXECUTE format('ALTER TABLE announcements DROP CONSTRAINT %I', old_check);
    END LOOP;
END
$$;
ALTER TABLE announcements ADD CONSTRAINT announcements_reminder_ply CHECK (kind <> 'reminder' OR ply IS NOT NULL);
