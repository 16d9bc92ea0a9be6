//! The database of a public bot, built through the store in bulk: one of
//! each kind of row made the ordinary way (through the game service), then
//! copied. Servers `GUILD..GUILD + servers` in a dozen time zones around
//! the world, a fifth with a daily puzzle channel and a seventh with
//! weekends off; `live` games with deadlines over the next 14 days and
//! `finished` ones of 40 plies over the past year, each in a channel of its
//! own, shared by `players` people and spread over the servers; a rating
//! and a rating change for each player of each finished game; the starting
//! set of puzzles; open challenges in 200 servers; the fair-play keys of
//! every live game.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use damas::game::{DAY, GameService, NewChallenge};
use damas::rules::Position;
use damas::store::{Durability, GameCopies, Store};

use super::played::{play, start};

/// The first server.
pub const GUILD: u64 = 2_000_000_000;
/// The first channel of the live games, and of the finished ones.
pub const LIVE: u64 = 10_000_000_000;
pub const FINISHED: u64 = 20_000_000_000;
/// The first daily puzzle channel.
pub const PUZZLES: u64 = 30_000_000_000;
/// The first channel of the open challenges.
pub const CHALLENGES: u64 = 40_000_000_000;
/// The players of the games played: the copies' White is `WHITE + i %
/// half`, their Black `BLACK + (7 i) % half + half`, with `half` = players / 2.
pub const WHITE: u64 = 50_000_000_000;
pub const BLACK: u64 = 60_000_000_000;
/// Servers with open challenges.
pub const CHALLENGE_SERVERS: u64 = 200;

/// Time zones of the servers, around the world.
const ZONES: [&str; 12] = [
    "Europe/Madrid",
    "America/Mexico_City",
    "America/Argentina/Buenos_Aires",
    "America/Bogota",
    "America/New_York",
    "Europe/London",
    "Africa/Lagos",
    "Asia/Kolkata",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
    "UTC",
];

/// What a database holds.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    pub servers: u32,
    pub players: u32,
    pub live: u32,
    pub finished: u32,
}

impl Size {
    /// The players of the seats of copy `i` (from 1).
    pub fn seats(&self, i: u64) -> (u64, u64) {
        let half = u64::from(self.players / 2).max(1);
        (WHITE + i % half, BLACK + (7 * i) % half + half)
    }

    /// The server of copy `i`.
    pub fn guild(&self, i: u64) -> u64 {
        GUILD + i % u64::from(self.servers.max(1))
    }
}

/// Who challenges whom in the open challenge of server `n`.
pub fn challenge_seats(n: u64) -> (u64, u64) {
    (WHITE + 7_000_000 + n, BLACK + 7_000_000 + n)
}

fn unix_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).expect("clock").as_secs() as i64
}

/// Builds the database at `url`; prints what took how long.
pub async fn build(url: &str, size: Size) {
    let store = Store::open_with(url, Durability::Normal).await.expect("database");
    let service = GameService::with_store(store.clone());
    let now = unix_now();
    let began = Instant::now();

    // Servers: one set the ordinary way, copied.
    let deadlines = service.deadlines();
    deadlines.set_server_clock(now, GUILD, Some(Some(ZONES[0])), Some(false), true).await.expect("a time zone");
    service.puzzles().set_daily(now, GUILD, Some(Some(PUZZLES)), Some(9), true).await.expect("a daily puzzle");
    store.copy_server_settings_for_load(GUILD, size.servers - 1, &ZONES, 5, 7).await.expect("servers");
    let servers_in = began.elapsed();

    // Live games: one begun three days ago (three days a move: its deadline
    // is now), ten plies in, copied with deadlines over the next 14 days.
    let live = start(&service, now - 3 * DAY + 600, size.guild(0), LIVE, (WHITE, BLACK)).await;
    let live = play(&service, now - 3 * DAY + 600, live, 10, 0).await;
    let how = GameCopies { copies: size.live - 1, players: size.players / 2, guilds: size.servers, spread: 14 * DAY };
    store.copy_game_for_load(live.id, how).await.expect("live games");
    let live_in = began.elapsed() - servers_in;

    // Finished games: one of 40 plies, resigned and scanned for puzzles (so
    // the copies count as scanned), copied over the past year.
    let ended = now - 2 * DAY;
    let over = start(&service, ended - 3600, size.guild(0), FINISHED, (WHITE, BLACK)).await;
    let over = play(&service, ended - 3600, over, 40, 1).await;
    if over.is_live() {
        service.games().resign(ended, FINISHED, over.player_to_move()).await.expect("resign");
    }
    service.puzzles().scan_finished_games(ended, 1).await.expect("a scan");
    let how =
        GameCopies { copies: size.finished - 1, players: size.players / 2, guilds: size.servers, spread: 365 * DAY };
    store.copy_game_for_load(over.id, how).await.expect("finished games");
    let ratings = store.ratings_for_load().await.expect("ratings");
    let finished_in = began.elapsed() - servers_in - live_in;

    // Open challenges in some servers, the puzzles' starting set.
    for n in 0..CHALLENGE_SERVERS {
        let (from, to) = challenge_seats(n);
        let req = NewChallenge { guild: Some(size.guild(n)), ..NewChallenge::new(CHALLENGES + n, from, to) };
        service.challenges().challenge(now, req).await.expect("a challenge");
    }
    service.puzzles().load_starting_set(now).await.expect("the starting set");
    // The fair-play keys of every live game (written after each move in a
    // running bot): asking about a live position computes those missing.
    let position = damas::rules::to_fen(&Position::initial());
    let _ = service.analyses().analyze_fen(&position, Some(GUILD), 1, Some(1)).await;
    let keys_in = began.elapsed() - servers_in - live_in - finished_in;
    // As `damas copy` leaves a PostgreSQL database, and as autovacuum soon
    // would: the planner's statistics of the rows loaded.
    store.refresh_statistics_for_load().await.expect("statistics");
    store.close().await;
    println!(
        "  built in {:.0} s: {} servers {:.1} s, {} live games {:.1} s, {} finished {:.0} s (and {ratings} ratings), \
         challenges, puzzles and fair-play keys {:.0} s",
        began.elapsed().as_secs_f64(),
        size.servers,
        servers_in.as_secs_f64(),
        size.live,
        live_in.as_secs_f64(),
        size.finished,
        finished_in.as_secs_f64(),
        keys_in.as_secs_f64()
    );
}
