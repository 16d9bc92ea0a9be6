-- Settled announcements are kept a week (for an operator looking into a
-- post that went wrong), then pruned by the clock: this index finds them
-- without reading the pending ones.
CREATE INDEX announcements_settled ON announcements (done_at) WHERE done_at IS NOT NULL;
