-- The message each challenge was posted as, kept while that message still
-- shows the challenge open (its Accept, Decline and Cancel buttons), and
-- who closed it. Once the challenge is closed some other way than by a
-- press on that message (a typed command, another challenge's game taking
-- the channel, its time running out), the bot edits the message to say
-- so and forgets it (NULL). 0: closed by a press on its post, whose answer
-- replaced it (no edit owed). NULL for challenges posted before this column
-- existed.
ALTER TABLE challenges ADD COLUMN post_message_id BIGINT;
ALTER TABLE challenges ADD COLUMN closed_by BIGINT;
-- The closed challenges whose posts still look open: few, read each tick.
CREATE INDEX challenges_posts_to_update ON challenges (id)
    WHERE post_message_id > 0 AND state IN ('accepted', 'declined', 'cancelled');
