-- On SQLite this migration keeps the fair-play keys' table WITHOUT ROWID
-- (one b-tree entry fewer per row). PostgreSQL keeps every table in a heap
-- beside its indexes: nothing here changes. The file keeps both backends'
-- migrations the same list.
SELECT 1;
