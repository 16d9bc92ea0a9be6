-- Several open challenges may wait in one channel (the first accepted
-- starts the game and closes the others), and a user may have at most
-- three open challenges in a server: the store checks both when it inserts.

DROP INDEX challenges_one_open_per_channel;
CREATE INDEX challenges_open_by_channel ON challenges (channel_id) WHERE state = 'open';
CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id) WHERE state = 'open';
