-- Moves by the time they were played, so the operator's metrics can count
-- the last minute's moves without reading every move ever stored.
CREATE INDEX moves_by_time ON moves (played_at);
