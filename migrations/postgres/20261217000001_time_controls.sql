-- Time controls. A game, a challenge or a tournament keeps either days per
-- move (`days_per_move`, as before: the bank columns NULL) or a Fischer
-- bank (`bank_start` seconds at the start, `bank_increment` seconds added
-- after each move, never above `bank_max`); with a bank, `days_per_move`
-- holds the start in whole days (1-14) and the clock does not read it.
-- `weekends_zone`, when set, is the IANA time zone whose Saturdays and
-- Sundays do not count against anyone's clock. A game's banks are not
-- stored: each is derived from the times of its moves and the deadlines
-- they met (`moves.played_at`, `moves.before_deadline`).
ALTER TABLE games ADD COLUMN bank_start BIGINT CHECK (bank_start > 0);
ALTER TABLE games ADD COLUMN bank_increment BIGINT CHECK (bank_increment >= 0);
ALTER TABLE games ADD COLUMN bank_max BIGINT CHECK (bank_max > 0);
ALTER TABLE games ADD COLUMN weekends_zone TEXT CHECK (length(weekends_zone) BETWEEN 1 AND 64);
ALTER TABLE challenges ADD COLUMN bank_start BIGINT CHECK (bank_start > 0);
ALTER TABLE challenges ADD COLUMN bank_increment BIGINT CHECK (bank_increment >= 0);
ALTER TABLE challenges ADD COLUMN bank_max BIGINT CHECK (bank_max > 0);
ALTER TABLE challenges ADD COLUMN weekends_zone TEXT CHECK (length(weekends_zone) BETWEEN 1 AND 64);
ALTER TABLE tournaments ADD COLUMN bank_start BIGINT CHECK (bank_start > 0);
ALTER TABLE tournaments ADD COLUMN bank_increment BIGINT CHECK (bank_increment >= 0);
ALTER TABLE tournaments ADD COLUMN bank_max BIGINT CHECK (bank_max > 0);
ALTER TABLE tournaments ADD COLUMN weekends_zone TEXT CHECK (length(weekends_zone) BETWEEN 1 AND 64);
-- A server's time zone (IANA name; NULL: UTC) and whether its new games
-- take weekends off unless a challenge or tournament says otherwise.
ALTER TABLE server_settings ADD COLUMN time_zone TEXT CHECK (length(time_zone) BETWEEN 1 AND 64);
ALTER TABLE server_settings ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
