-- Open challenges: `/challenge` without an opponent may be accepted by
-- anyone in the channel, so a challenge's opponent is unknown (NULL) until
-- someone accepts it, and is then recorded. A rated open challenge may
-- take only players whose rating is within `rating_range` points of the
-- challenger's. A server may name a role to mention with each open
-- challenge (`server_settings.seek_role`).

ALTER TABLE challenges ALTER COLUMN opponent_id DROP NOT NULL;
ALTER TABLE challenges ADD COLUMN rating_range INTEGER CHECK (rating_range > 0);
-- An open challenge gets its opponent when it is accepted.
ALTER TABLE challenges ADD CHECK (opponent_id IS NOT NULL OR state IN ('open', 'cancelled', 'expired'));
CREATE INDEX challenges_open_by_guild ON challenges (guild_id, id) WHERE state = 'open';

ALTER TABLE server_settings ADD COLUMN seek_role BIGINT;
