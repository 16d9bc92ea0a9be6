//! Many players moving at once. The bot runs as its own process (the real
//! `damas run` binary), so its memory, threads and CPU time are its own; the
//! fake Discord runs here.
//!
//! 1. Burst: `BURST_GAMES` live games (default 200) are started through the
//!    fake Discord (`/challenge` then `/accept`), then `BURST_MOVES` `/move`
//!    commands (default 1,200) are sent `BURST_AT_ONCE` at a time (default
//!    50), each burst waiting for all its answers before the next. Reports
//!    p50/p99 of the first response (the callback, or the deferral), moves
//!    per second (wall clock, and per second of the bot's CPU time), the
//!    bot's peak resident memory, its resident memory after each third of
//!    the moves, and its most threads seen. Each game is played in a
//!    thread of its own and both its players chose `/notify dm`, so every
//!    move also sends a direct message (`BURST_EXTRAS=0`: games in
//!    channels, no direct messages, as before threads and notifications).
//!    The direct messages go out after the answers (the bot sends them
//!    while no answer is being made, or half a second late at most): the
//!    bot's CPU is read once they stop coming, so it counts them, and the
//!    bench says how many were sent and how long after the last answer the
//!    last one came (a message is dropped, not sent, when its player has
//!    moved again first, as most have here: a game's next move comes a few
//!    bursts later, some 0.4 s). The fair-play keys of each move's position
//!    (for `/analyze`) are written after the answers too, and the bench
//!    says how many games still lacked them when the CPU was read (none,
//!    so it counts them).
//! 2. `/games`: a fresh database seeded with `BURST_LIST_GAMES` live games
//!    (default 10,000) in one server, a new bot on it, then `/games` and its
//!    Next button, timed to their first response.
//!
//! 3. `/analyze`: `BURST_ANALYSES` positions (default 40, reached by
//!    varied play from the start, and endgames) analysed one after another
//!    at the default level, timed to the finished answer with its picture,
//!    with the bot's resident memory once its endgame tables are loaded.
//!
//! 4. A long history: `BURST_HISTORY_LIVE` live games (default 10,000) and
//!    `BURST_HISTORY_FINISHED` finished ones (default 100,000) in one
//!    server; `/history`, `/pdn` and `/analyze position:` (of live games'
//!    positions: refused) timed to their first response (see `burst/history.rs`).
//!
//! 5. The pool under load (`BURST_POOL=0` to skip): five games against the
//!    bot while 20 replays and 10 analyses are asked before each round of
//!    moves; the bot's move latency (see `burst/pool.rs`).
//!
//! Every bot process reads one endgame tables file, built once before the
//! bot starts (`ENGINE_TABLES`), so no phase pays for building them.
//!
//! `cargo bench --bench burst` (Linux: reads `/proc`). Settings: the
//! variables above, `BURST_BOT_BINARY` to run another build of the bot (to
//! compare with an older one; `BURST_FAKE_LIMITS=0` then turns the fake's
//! rate limits off, for a bot built before it kept them), `BURST_BOT_WRAPPER` to run the bot under a
//! profiler (the figures are then the wrapper's process, not the bot's), and
//! `BURST_BOT_RUST_LOG` to run the bot with another log filter than the
//! default of `damas run` (which it runs with otherwise). `BURST_MOVES_HOOK`
//! is a shell command run once the games are set up (before the bot's idle
//! CPU is read), just before phase 1's timed moves and just after them, with
//! `BURST_EVENT` set to `idle`, `start` or `end` and `BURST_BOT_PID` to the
//! bot's (or its wrapper's) process id: to have a profiler count the moves
//! alone (e.g. `echo enable > FIFO` for `perf stat -D -1 --control fifo:FIFO`).

#[path = "../tests/it/support/mod.rs"]
mod support;

#[path = "common/bot_process.rs"]
mod bot_process;
#[path = "burst/history.rs"]
mod history;
#[path = "burst/pool.rs"]
mod pool;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bot_process::{BotProcess, cpu_seconds, ms, percentile};
use damas::game::{ColorChoice, GameService, NewChallenge};
use damas::rules::{DrawRules, Game, Position, Variant, to_fen};
use damas::store::{Durability, Store};
use support::bot::{WAIT, ask};
use support::fake_discord::{Callback, FakeDiscord, FakeUser};

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        let moves = setting("BURST_MOVES", 1_200);
        if moves > 0 {
            burst(setting("BURST_GAMES", 200).max(1), moves, setting("BURST_AT_ONCE", 50).max(1)).await;
        }
        let listed = setting("BURST_LIST_GAMES", 10_000);
        if listed > 0 {
            games_list(listed).await;
        }
        let analyses = setting("BURST_ANALYSES", 40);
        if analyses > 0 {
            analyses_one_by_one(analyses).await;
        }
        let finished = setting("BURST_HISTORY_FINISHED", 100_000);
        if finished > 0 {
            history::long_history(setting("BURST_HISTORY_LIVE", 10_000).max(100), finished).await;
        }
        if setting("BURST_POOL", 1) > 0 {
            pool::pool_under_load().await;
        }
    });
}

/// A live game as the bench follows it.
struct Table {
    channel: u64,
    white: FakeUser,
    black: FakeUser,
    game: Game,
}

/// A new game between two new players. With `extras` (`BURST_EXTRAS`, on
/// unless 0) the game is played in a thread of its own, as servers play by
/// default, and both players chose `/notify dm`, so every move also sends
/// the opponent a direct message with the board: the most work a move makes.
async fn new_table(fake: &FakeDiscord, extras: bool) -> Table {
    let mut channel = fake.new_id();
    let (white, black) = (fake.user("white"), fake.user("black"));
    if extras {
        fake.allow_threads(channel);
        for player in [&white, &black] {
            ask(fake, fake.command("notify").string("mode", "dm").from(player)).await;
        }
    }
    let challenge =
        fake.command("challenge").in_channel(channel).user("opponent", &black).string("color", "white").from(&white);
    ask(fake, challenge).await;
    let started = ask(fake, fake.command("accept").in_channel(channel).from(&black)).await;
    assert!(!started.is_ephemeral(), "{:?}", started.content());
    if extras {
        channel = fake.wait_for_thread(WAIT, |t| t.parent_id == channel).await.id;
    }
    Table { channel, white, black, game: Game::new(Position::initial(), Variant::Classic, DrawRules::Classic) }
}

/// Which of `legal` moves `table`'s game plays next: pseudo-random per game
/// and ply, deterministically, so games part ways after their first moves
/// as real ones do (a choice by round and table index alone kept many games
/// in the same positions, so their boards were the same pictures).
fn choice(table: &Table, legal: usize) -> usize {
    let mut x = table.channel ^ ((table.game.ply() as u64) << 48);
    // splitmix64's finaliser.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x % legal as u64) as usize
}

/// Waits for the message of a `/move`: the callback, or the edit after a deferral.
async fn finished_answer(fake: &FakeDiscord, first: &Callback) -> bool {
    let has_board = |files: &[support::fake_discord::FileUpload]| files.iter().any(|f| f.filename.ends_with(".png"));
    if first.kind == 5 {
        let edit = fake.wait_for_edit(&first.token, WAIT).await;
        has_board(&edit.files)
    } else {
        !first.is_ephemeral() && has_board(&first.files)
    }
}

/// Runs `BURST_MOVES_HOOK`, if set, for `event` (see the top of this file)
/// and waits for it.
fn moves_hook(event: &str, pid: u32) {
    let Ok(hook) = std::env::var("BURST_MOVES_HOOK") else { return };
    let status = std::process::Command::new("sh")
        .args(["-c", &hook])
        .env("BURST_EVENT", event)
        .env("BURST_BOT_PID", pid.to_string())
        .status()
        .expect("run BURST_MOVES_HOOK");
    assert!(status.success(), "BURST_MOVES_HOOK failed at {event}: {status}");
}

async fn burst(games: usize, moves: usize, at_once: usize) {
    let fake = FakeDiscord::start().await;
    fake.enforce_rate_limits(setting("BURST_FAKE_LIMITS", 1) != 0);
    let bot = BotProcess::start(&fake, tempfile::tempdir().expect("temp dir")).await;
    let idle = bot.rss_mb();
    let extras = setting("BURST_EXTRAS", 1) != 0;

    let mut tables = Vec::with_capacity(games);
    for _ in 0..games {
        tables.push(new_table(&fake, extras).await);
    }
    fake.clear_records();
    let after_setup = bot.rss_mb();

    let mut first_responses = Vec::with_capacity(moves);
    let mut by_third = Vec::new();
    let mut most_threads = bot.threads();
    let mut busy = Duration::ZERO;
    // What the bot costs doing nothing (its loops' ticks), to tell apart
    // from what the moves cost: read once the setup's own work is done
    // (the sweeps of its messages' buttons, due once the games are quiet).
    tokio::time::sleep(SETTLE).await;
    moves_hook("idle", bot.pid);
    let idle_from = (bot.cpu_seconds(), Instant::now());
    tokio::time::sleep(IDLE_SAMPLE).await;
    let idle_cpu_per_second = (bot.cpu_seconds() - idle_from.0) / idle_from.1.elapsed().as_secs_f64();
    moves_hook("start", bot.pid);
    let moves_from = Instant::now();
    let dms_before = fake.dm_count();
    let cpu_before = bot.cpu_seconds();
    let fake_cpu_before = cpu_seconds("self");
    let mut next = 0;
    let mut routes = std::collections::BTreeMap::new();
    while first_responses.len() < moves {
        // Games that ended are replaced, outside the timing.
        for table in tables.iter_mut() {
            if table.game.result().is_some() {
                *table = new_table(&fake, extras).await;
            }
        }
        let count = at_once.min(moves - first_responses.len()).min(tables.len());
        let picked: Vec<usize> = (0..count).map(|i| (next + i) % tables.len()).collect();
        next += count;
        let sent: Vec<_> = picked
            .iter()
            .map(|&i| {
                let table = &tables[i];
                let legal = table.game.position().legal_moves_with_notation();
                let (_, notation) = legal[choice(table, legal.len())].clone();
                let player = if table.game.position().turn() == damas::rules::Color::White {
                    &table.white
                } else {
                    &table.black
                };
                let command = if extras {
                    fake.command("move").in_thread(table.channel)
                } else {
                    fake.command("move").in_channel(table.channel)
                };
                let command = command.string("move", &notation).from(player);
                (i, notation, fake.send(command))
            })
            .collect();
        let started = Instant::now();
        let answers = futures::future::join_all(sent.iter().map(|(_, _, interaction)| async {
            let first = fake.wait_for_callback(interaction.id, WAIT).await;
            let ok = finished_answer(&fake, &first).await;
            (first, ok)
        }))
        .await;
        busy += started.elapsed();
        most_threads = most_threads.max(bot.threads());
        for ((i, notation, _), (first, ok)) in sent.iter().zip(answers) {
            assert!(ok, "the move {notation} was not answered with the board: {:?}", first.content());
            tables[*i].game.play_notation(notation).expect("a legal move");
            first_responses.push(first.elapsed);
        }
        let done = first_responses.len();
        if done % (moves / 3).max(1) < count && done >= moves / 3 {
            by_third.push((done, bot.rss_mb()));
        }
        add_routes(&mut routes, &fake);
        fake.clear_records();
    }
    // The moves' direct messages go out after their answers: the CPU is
    // read once they stop coming, so it counts them.
    let answers_cpu = bot.cpu_seconds() - cpu_before;
    let last_dm = dms_drained(&fake).await;
    add_routes(&mut routes, &fake);
    let fake_cpu = cpu_seconds("self") - fake_cpu_before;
    let keys_lagging = games_whose_keys_lag(&bot.database).await;
    let cpu = bot.cpu_seconds() - cpu_before;
    let moves_took = moves_from.elapsed();
    moves_hook("end", bot.pid);

    first_responses.sort();
    let n = first_responses.len();
    let dms = fake.dm_count() - dms_before;
    let place =
        if extras { "each in its thread, both players on /notify dm" } else { "in channels, no direct messages" };
    println!("burst: {games} live games ({place}), {n} /move sent {at_once} at a time (bot in its own process)");
    println!(
        "  first response  p50 {:.1} ms  p99 {:.1} ms",
        ms(percentile(&first_responses, 0.5)),
        ms(percentile(&first_responses, 0.99))
    );
    println!(
        "  throughput      {:.0} moves/s (wall clock of the bursts); bot CPU {:.2} s = {:.0} moves per CPU second",
        n as f64 / busy.as_secs_f64(),
        cpu,
        n as f64 / cpu
    );
    println!(
        "  CPU             bot {:.2} ms per move; the fake Discord and this bench {:.2} s ({:.2} ms per move)",
        cpu * 1000.0 / n as f64,
        fake_cpu,
        fake_cpu * 1000.0 / n as f64
    );
    println!(
        "                  of which {:.2} ms per move by the last answer, the rest after it (direct messages, keys, ticks)",
        answers_cpu * 1000.0 / n as f64
    );
    println!(
        "                  idle, the bot costs {:.1} ms of CPU a second: {:.2} ms per move of the {:.1} s read",
        idle_cpu_per_second * 1000.0,
        idle_cpu_per_second * moves_took.as_secs_f64() * 1000.0 / n as f64,
        moves_took.as_secs_f64()
    );
    if extras {
        println!(
            "  direct messages {dms} sent for the {n} moves, the last {:.2} s after the last answer (the others were \
             dropped: their player had moved again first)",
            last_dm.as_secs_f64()
        );
    }
    let calls: usize = routes.values().sum();
    println!(
        "  calls to Discord {calls} for the {n} moves, {:.2} a move (direct messages included):",
        calls as f64 / n as f64
    );
    for (route, count) in &routes {
        println!("    {count:>6}  {route}");
    }
    println!(
        "  fair-play keys  {keys_lagging} games that moved still without them when the CPU was read (written after the answers)"
    );
    println!("  bot memory      idle {idle:.1} MB, after setup {after_setup:.1} MB, peak {:.1} MB", bot.peak_rss_mb());
    let thirds: Vec<String> = by_third.iter().map(|(done, mb)| format!("{mb:.1} MB after {done}")).collect();
    println!("  bot memory      {}", thirds.join(", "));
    println!("  bot threads     {most_threads} at most (sampled after each burst), {} now", bot.threads());
    bot.stop().await;
}

/// Adds the requests `fake` recorded since it was last cleared to `routes`.
fn add_routes(routes: &mut std::collections::BTreeMap<String, usize>, fake: &FakeDiscord) {
    for (route, count) in fake.requests_by_route() {
        *routes.entry(route).or_insert(0) += count;
    }
}

/// How many live games that have moved still lack the fair-play keys of
/// their position (the bot writes them after the answers): none once it
/// has caught up, so the CPU read then counts them.
async fn games_whose_keys_lag(database: &str) -> usize {
    let store = Store::open_with(database, Durability::Normal).await.expect("the bot's database");
    let lagging = store.live_games_without_positions(100_000).await.expect("the games whose keys lag");
    store.close().await;
    lagging.iter().filter(|game| game.ply > 0).count()
}

/// Waits until the bot's direct messages stop coming (none for
/// [`DM_QUIET`], or [`WAIT`] in all); returns when the last one came, from
/// the call.
async fn dms_drained(fake: &FakeDiscord) -> Duration {
    let called = Instant::now();
    let (mut count, mut last) = (fake.dm_count(), Duration::ZERO);
    while called.elapsed() < last + DM_QUIET && called.elapsed() < WAIT {
        tokio::time::sleep(Duration::from_millis(10)).await;
        let now = fake.dm_count();
        if now != count {
            (count, last) = (now, called.elapsed());
        }
    }
    last
}

/// How long the setup's work may go on after its last answer: longer than
/// a game must be quiet before its buttons are swept.
const SETTLE: Duration = Duration::from_secs(5);
/// How long the bot's CPU is read while it has nothing to do.
const IDLE_SAMPLE: Duration = Duration::from_secs(3);

/// How long without a direct message counts as none to come: far longer
/// than a clock tick takes under the burst.
const DM_QUIET: Duration = Duration::from_secs(3);

/// Seeds `games` live games in the fake's server straight into a database
/// (a few plies each, days per move varied so deadlines differ).
async fn seed(url: &str, guild: u64, games: usize) {
    let store = Store::open_with(url, Durability::Normal).await.expect("database");
    let service = GameService::with_store(store.clone());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock").as_secs() as i64;
    let seeds: Vec<_> = (0..games)
        .map(|i| {
            let service = service.clone();
            tokio::spawn(async move {
                let (channel, white, black) = (1_000_000 + i as u64, 2_000_000 + i as u64, 3_000_000 + i as u64);
                let days = 1 + (i as u32 * 7) % 14;
                let req = NewChallenge {
                    guild: Some(guild),
                    color: ColorChoice::White,
                    days_per_move: Some(days),
                    ..NewChallenge::new(channel, white, black)
                };
                service.challenges().challenge(now, req).await.expect("challenge");
                let mut view = service.challenges().accept(now, channel, black, None).await.expect("accept");
                for ply in 0..4 {
                    let legal = view.game.position().legal_moves_with_notation();
                    let notation = &legal[(i + ply) % legal.len()].1;
                    let user = view.player_to_move();
                    view = service.games().play(now, channel, user, notation, None).await.expect("move").game;
                }
            })
        })
        .collect();
    for task in seeds {
        task.await.expect("seeding");
    }
    // The fair-play keys of the games' positions, as a bot writes them after its moves.
    while !service.analyses().pending_live_positions().is_empty() {
        service.analyses().write_pending_live_positions().await.expect("the games' fair-play keys");
    }
    store.close().await;
}

async fn games_list(games: usize) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let seeding = Instant::now();
    seed(&url, fake.guild_id(), games).await;
    let seeded_in = seeding.elapsed();
    let bot = BotProcess::start(&fake, dir).await;
    let asker = fake.user("asker");

    let mut first_pages = Vec::new();
    let mut whole_pages = Vec::new();
    let mut next_pages = Vec::new();
    let mut shown = String::new();
    for _ in 0..20 {
        let sent = Instant::now();
        let page = ask(&fake, fake.command("games").from(&asker)).await;
        first_pages.push(page.elapsed);
        // After a deferral, the list comes as an edit of the original response.
        let (content, data) = if page.kind == 5 {
            let edit = fake.wait_for_edit(&page.token, WAIT).await;
            (edit.content().to_string(), edit.data.clone())
        } else {
            (page.content().unwrap_or_default().to_string(), page.data.clone())
        };
        whole_pages.push(sent.elapsed());
        if let Some(message) = page.message.clone()
            && let Some(next) = next_button(&data)
        {
            let pressed = ask(&fake, fake.button(&next).on_message(&message).from(&asker)).await;
            next_pages.push(pressed.elapsed);
        }
        shown = content.lines().take(2).collect::<Vec<_>>().join(" | ");
        fake.clear_records();
    }
    whole_pages.sort();
    first_pages.sort();
    next_pages.sort();
    println!("games list: {games} live games in one server (seeded in {:.1} s)", seeded_in.as_secs_f64());
    println!(
        "  /games first page  p50 {:.1} ms  max {:.1} ms (first response)",
        ms(percentile(&first_pages, 0.5)),
        ms(*first_pages.last().expect("pages"))
    );
    println!(
        "  /games first page  p50 {:.1} ms  max {:.1} ms (the list itself, after any deferral)",
        ms(percentile(&whole_pages, 0.5)),
        ms(*whole_pages.last().expect("pages"))
    );
    if next_pages.is_empty() {
        println!("  no Next button");
    } else {
        println!(
            "  Next page          p50 {:.1} ms  max {:.1} ms",
            ms(percentile(&next_pages, 0.5)),
            ms(*next_pages.last().expect("pages"))
        );
    }
    println!("  shows: {shown}");
    bot.stop().await;
}

/// The custom id of a button labelled "Next" in a message's data, if any.
fn next_button(data: &serde_json::Value) -> Option<String> {
    let rows = data.get("components")?.as_array()?;
    rows.iter()
        .flat_map(|row| row.get("components").and_then(|c| c.as_array()).cloned().unwrap_or_default())
        .find(|b| b.get("label").and_then(|l| l.as_str()).is_some_and(|l| l.starts_with("Next")))
        .and_then(|b| b.get("custom_id").and_then(|c| c.as_str()).map(str::to_string))
}

/// Endgames for the analysis phase (the tables answer them at the root).
const ENDGAMES: [&str; 4] = ["W:WK1,K10:BK32", "B:W9,K28:B22,K4", "W:W5,6:B27,K29", "W:WK13,19:B26,30"];

/// `count` positions to analyse: the endgames, then positions reached by
/// varied play from the start (a different move choice and length each).
fn positions_to_analyse(count: usize) -> Vec<String> {
    let mut out: Vec<String> = ENDGAMES.iter().map(|f| f.to_string()).collect();
    let mut i = 0;
    while out.len() < count {
        let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        for ply in 0..(6 + i % 40) {
            let legal = game.position().legal_moves_with_notation();
            if legal.is_empty() {
                break;
            }
            let (_, notation) = &legal[(i * 7 + ply * 3) % legal.len()];
            game.play_notation(notation).expect("a legal move");
        }
        if game.result().is_none() {
            out.push(to_fen(game.position()));
        }
        i += 1;
    }
    out.truncate(count);
    out
}

async fn analyses_one_by_one(count: usize) {
    let fake = FakeDiscord::start().await;
    let bot = BotProcess::start(&fake, tempfile::tempdir().expect("temp dir")).await;
    bot.wait_for_tables().await;
    let idle = bot.rss_mb();
    let mut answers = Vec::with_capacity(count);
    for fen in positions_to_analyse(count) {
        // One analyst each: an analysis has a cooldown per user.
        let asker = fake.user("analyst");
        let sent = Instant::now();
        let first = ask(&fake, fake.command("analyze").string("position", &fen).from(&asker)).await;
        assert!(!first.is_ephemeral(), "{fen} was refused: {:?}", first.content());
        assert!(finished_answer(&fake, &first).await, "{fen} was analysed without a picture");
        answers.push(sent.elapsed());
        fake.clear_records();
    }
    answers.sort();
    println!("analysis: {count} /analyze position: at the default level, one at a time");
    println!(
        "  finished answer   p50 {:.0} ms  p99 {:.0} ms  max {:.0} ms",
        ms(percentile(&answers, 0.5)),
        ms(percentile(&answers, 0.99)),
        ms(*answers.last().expect("answers"))
    );
    println!(
        "  bot memory        idle with the tables loaded {idle:.1} MB, after the analyses {:.1} MB, peak {:.1} MB",
        bot.rss_mb(),
        bot.peak_rss_mb()
    );
    bot.stop().await;
}
