//! Bulk copies of stored rows, for the benches and tests that need the
//! database of a large server or of a public bot (a hundred thousand games
//! cannot be played through the service in a test's time). Each copies one
//! row made the ordinary way many times over in a few statements, with the
//! columns that must differ computed from the copy's number. The columns
//! are read from the database's own catalogue, so a column a later
//! migration adds is copied too. Not used by the bot.

use super::{Backend, Store, StoreError};

/// Rows written by one statement (and one transaction): big enough to be
/// fast, small enough for PostgreSQL's and SQLite's memory.
const CHUNK: u32 = 20_000;

/// How the copies of a game differ from it and from each other: copy `i`
/// (from 1) is in channel `channel_id + i` of server `guild_id + i %
/// guilds`, White is `white_id + i % players` and Black `black_id + (7 i) %
/// players + players`.
#[derive(Clone, Copy, Debug)]
pub struct GameCopies {
    /// How many copies.
    pub copies: u32,
    /// How many people share the copies' seats.
    pub players: u32,
    /// How many servers share them.
    pub guilds: u32,
    /// For a live game: its deadline (and reminder) moved later by up to
    /// this many seconds, spread over the copies. For a finished game: its
    /// end moved earlier by up to this many seconds.
    pub spread: i64,
}

impl Store {
    /// Copies finished game `game_id` (its row and its moves) `copies`
    /// times: copy `i` is in channel `channel_id + i`, ended up to `copies`
    /// seconds earlier, White `white_id + i % players` and Black
    /// `black_id + (7 i) % players + players` (so `players` people share
    /// the copies). Returns how many games were written.
    pub async fn copy_finished_game_for_load(
        &self,
        game_id: i64,
        copies: u32,
        players: u32,
    ) -> Result<u64, StoreError> {
        self.copy_game_for_load(game_id, GameCopies { copies, players, guilds: 1, spread: i64::from(copies) }).await
    }

    /// Copies game `game_id` (live or finished: its row and its moves) as
    /// `how` says, in chunks of [`CHUNK`] games a transaction. Returns how
    /// many games were written.
    pub async fn copy_game_for_load(&self, game_id: i64, how: GameCopies) -> Result<u64, StoreError> {
        let columns = self.columns_of("games").await?;
        let (players, guilds, spread) =
            (i64::from(how.players.max(1)), i64::from(how.guilds.max(1)), how.spread.max(1));
        let values: Vec<String> = columns
            .iter()
            .map(|c| match c.as_str() {
                "channel_id" => "g.channel_id + n.i".to_string(),
                "guild_id" => format!("g.guild_id + n.i % {guilds}"),
                "white_id" => format!("g.white_id + n.i % {players}"),
                "black_id" => format!("g.black_id + (7 * n.i) % {players} + {players}"),
                // A live game's clock, spread later; a finished game's end, earlier.
                "deadline" | "remind_at" => {
                    format!("CASE WHEN g.status = 'live' THEN g.{c} + (n.i * 7919) % {spread} ELSE g.{c} END")
                }
                "started_at" | "last_move_at" | "finished_at" => {
                    format!("CASE WHEN g.status = 'live' THEN g.{c} ELSE g.{c} - (n.i * 7919) % {spread} END")
                }
                // Unique to the game copied.
                "challenge_id" => "NULL".to_string(),
                other => format!("g.{other}"),
            })
            .collect();
        let names = columns.join(", ");
        let insert = format!(
            "WITH RECURSIVE n(i) AS (SELECT CAST($2 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $3) \
             INSERT INTO games ({names}) SELECT {} FROM games g, n WHERE g.id = $1 ORDER BY n.i",
            values.join(", ")
        );
        let mut written = 0;
        let mut first = 1;
        while first <= how.copies {
            let last = (first + CHUNK - 1).min(how.copies);
            let mut tx = self.pool.begin().await?;
            let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games").fetch_one(&mut *tx).await?;
            written += sqlx::query(sqlx::AssertSqlSafe(insert.clone()))
                .bind(game_id)
                .bind(i64::from(first))
                .bind(i64::from(last))
                .execute(&mut *tx)
                .await?
                .rows_affected();
            sqlx::query(
                "INSERT INTO moves (game_id, ply, notation, played_at) \
                 SELECT g.id, m.ply, m.notation, m.played_at FROM games g JOIN moves m ON m.game_id = $1 \
                 WHERE g.id > $2",
            )
            .bind(game_id)
            .bind(before)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            first = last + 1;
        }
        Ok(written)
    }

    /// Copies the settings of server `guild` to `copies` servers, `guild +
    /// i` for i from 1; the copy's time zone is `zones[i % zones.len()]`
    /// (unchanged when `zones` is empty), its daily puzzle channel kept in
    /// one copy of `puzzle_every` (and none in the others), its weekends
    /// off in one of `weekends_every`.
    pub async fn copy_server_settings_for_load(
        &self,
        guild: u64,
        copies: u32,
        zones: &[&str],
        puzzle_every: u32,
        weekends_every: u32,
    ) -> Result<u64, StoreError> {
        let columns = self.columns_of("server_settings").await?;
        let zone_case = if zones.is_empty() {
            "s.time_zone".to_string()
        } else {
            let arms: Vec<String> =
                zones.iter().enumerate().map(|(k, z)| format!("WHEN {k} THEN '{}'", z.replace('\'', "''"))).collect();
            format!("CASE n.i % {} {} END", zones.len(), arms.join(" "))
        };
        let values: Vec<String> = columns
            .iter()
            .map(|c| match c.as_str() {
                "guild_id" => "s.guild_id + n.i".to_string(),
                "time_zone" => zone_case.clone(),
                "puzzle_channel" => {
                    format!("CASE WHEN n.i % {} = 0 THEN s.puzzle_channel + n.i ELSE NULL END", puzzle_every.max(1))
                }
                "weekends_off" => format!("CASE WHEN n.i % {} = 0 THEN 1 ELSE 0 END", weekends_every.max(1)),
                other => format!("s.{other}"),
            })
            .collect();
        let sql = format!(
            "WITH RECURSIVE n(i) AS (SELECT CAST($2 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $3) \
             INSERT INTO server_settings ({}) SELECT {} FROM server_settings s, n WHERE s.guild_id = $1",
            columns.join(", "),
            values.join(", ")
        );
        let mut written = 0;
        let mut first = 1;
        while first <= copies {
            let last = (first + CHUNK - 1).min(copies);
            written += sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
                .bind(super::db_id(guild)?)
                .bind(i64::from(first))
                .bind(i64::from(last))
                .execute(&self.pool)
                .await?
                .rows_affected();
            first = last + 1;
        }
        Ok(written)
    }

    /// PostgreSQL's planner statistics of every table of the schema, taken
    /// again after a bulk load, as `damas copy` takes them: until
    /// autovacuum's next pass the planner sees the tables as they were
    /// before the load. Nothing on SQLite.
    pub async fn refresh_statistics_for_load(&self) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let tables: Vec<String> =
            sqlx::query_scalar("SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = current_schema()")
                .fetch_all(&self.pool)
                .await?;
        for table in tables {
            let sql = format!("ANALYZE \"{}\"", table.replace('"', "\"\""));
            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Gives every finished rated game in a server that has no rating
    /// change a made-up one for each player (a rating between 1300 and
    /// 1700 after it), and every player of those games a rating in the
    /// server from them: established, or for one player in three still
    /// provisional (no best yet), as in a real club. The ratings of a large
    /// history copied in bulk, for `/rating` and `/leaderboard`. Returns
    /// how many ratings were written.
    pub async fn ratings_for_load(&self) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        for seat in ["white_id", "black_id"] {
            let sql = format!(
                "INSERT INTO rating_changes (game_id, user_id, guild_id, rating_before, deviation_before, \
                 rating_after, deviation_after, at) \
                 SELECT g.id, g.{seat}, g.guild_id, 1300 + (g.id * 37 + g.{seat}) % 400, 62, \
                 1300 + (g.id * 41 + g.{seat}) % 400, 60, g.finished_at FROM games g \
                 WHERE g.status = 'finished' AND g.rated = 1 AND g.guild_id IS NOT NULL \
                 AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id AND c.user_id = g.{seat})"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *tx).await?;
        }
        let written = sqlx::query(
            "INSERT INTO ratings (guild_id, user_id, rating, deviation, volatility, games, best, updated_at) \
             SELECT c.guild_id, c.user_id, MAX(c.rating_after), CASE WHEN c.user_id % 3 = 0 THEN 150 ELSE 60 END, \
             0.06, COUNT(*), CASE WHEN c.user_id % 3 = 0 THEN NULL ELSE MAX(c.rating_after) END, MAX(c.at) \
             FROM rating_changes c GROUP BY c.guild_id, c.user_id \
             ON CONFLICT (guild_id, user_id) DO NOTHING",
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(written)
    }

    /// The columns of `table`, as the database lists them (`id` left out:
    /// the copies get their own).
    async fn columns_of(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let sql = match self.backend {
            Backend::Sqlite => "SELECT name FROM pragma_table_info($1)",
            Backend::Postgres => {
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position"
            }
        };
        let mut columns: Vec<String> = sqlx::query_scalar(sql).bind(table).fetch_all(&self.reads).await?;
        columns.retain(|c| c != "id");
        Ok(columns)
    }
}
