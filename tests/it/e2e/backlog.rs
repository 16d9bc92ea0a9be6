//! A bot back after days down owes a backlog of announcements, and posts
//! them under Discord's limits (kept by the fake as Discord keeps them)
//! while players go on using it: each once, oldest first, close to the
//! limit's pace, with next to no 429 and none ignored, and every command
//! answered within Discord's 3 seconds meanwhile.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use damas::config::Clock;
use damas::game::{ColorChoice, DAY, GameService, NewChallenge, local_day_and_hour};
use damas::store::GameCopies;

use crate::support::bot::{RunningBot, WAIT, config};
use crate::support::fake_discord::RecordedRequest;
use crate::support::fake_discord::{FakeDiscord, FakeUser, MessageKind};
use crate::support::games::{Backend, database};

/// Games whose deadline passed while the bot was down.
const OVERDUE: usize = 2_000;
/// How long the tests wait for a backlog before calling it stuck. The pace
/// itself is printed and measured by the `public_scale` bench, not asserted:
/// at Discord's 50 calls a second the 2,000 losses take 40 s at best, the
/// 10,000 puzzles at 250 a second the same, and a loaded machine (or
/// PostgreSQL beside other tests) takes about twice that.
const GIVE_UP_AFTER: Duration = Duration::from_secs(360);

/// Servers whose daily puzzle falls due in one hour of one time zone.
const STORM_SERVERS: usize = 10_000;
/// The global limit of the storm: a bot of 10,000 servers that Discord
/// granted 250 calls a second (at Discord's 50 the same storm takes four
/// minutes; the `public_scale` bench runs it so).
const STORM_LIMIT: usize = 250;

crate::on_both_backends!(
    multi_thread: losses_on_time_owed_after_four_days_down_are_posted_once_at_the_limits_pace,
    ten_thousand_daily_puzzles_due_in_one_hour_are_posted_once_at_the_limits_pace,
);

/// Starts a game between `white` and `black` in `channel` at `at`, three days a move.
async fn start(service: &GameService, guild: u64, channel: u64, white: &FakeUser, black: &FakeUser, at: i64) {
    let req = NewChallenge {
        guild: Some(guild),
        days_per_move: Some(3),
        color: ColorChoice::White,
        ..NewChallenge::new(channel, white.id, black.id)
    };
    service.challenges().challenge(at, req).await.expect("a challenge");
    service.challenges().accept(at, channel, black.id, None).await.expect("accepted");
}

/// Players' commands while the backlog drains, one every `every`, each
/// awaited: `/help`, `/games` and a move in a game going on. Returns how
/// long each took to be answered.
async fn players_meanwhile(
    fake: &FakeDiscord,
    service: &GameService,
    (ana, bruno): (&FakeUser, &FakeUser),
    until: impl Fn() -> bool,
) -> Vec<Duration> {
    let mut live = fake.new_id();
    start(service, fake.guild_id(), live, ana, bruno, Clock::system().now()).await;
    let mut answered = Vec::new();
    let mut n = 0;
    while !until() {
        let builder = match n % 3 {
            0 => fake.command("help").in_channel(fake.new_id()).from(ana),
            1 => fake.command("games").in_channel(fake.new_id()).from(bruno),
            _ => {
                // A game played with the first legal move each turn soon
                // ends: then the two start another.
                let game = match service.game_in_channel(live).await {
                    Ok(game) => game,
                    Err(_) => {
                        live = fake.new_id();
                        start(service, fake.guild_id(), live, ana, bruno, Clock::system().now()).await;
                        service.game_in_channel(live).await.expect("a new game")
                    }
                };
                let mover = if game.ply() % 2 == 0 { ana } else { bruno };
                let legal = service.legal_moves_in_channel(live).await.expect("legal moves");
                let notation = legal.into_iter().next().expect("a legal move").1;
                fake.command("move").string("move", &notation).in_channel(live).from(mover)
            }
        };
        let interaction = fake.send(builder);
        answered.push(fake.wait_for_callback(interaction.id, WAIT).await.elapsed);
        n += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    answered
}

async fn losses_on_time_owed_after_four_days_down_are_posted_once_at_the_limits_pace(backend: Backend) {
    let fake = FakeDiscord::start().await;
    // As on Discord: an answer later than 3 seconds is refused.
    fake.set_response_deadline(Some(Duration::from_secs(3)));
    let db = database(backend).await;
    let service = GameService::open(db.url()).await.unwrap();
    let clock = Clock::system();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let guild = fake.guild_id();
    // Games of three days a move begun a week ago: their deadlines passed
    // four days ago, while the bot was down.
    // One played the ordinary way, copied in bulk to channels numbered on
    // from its own.
    let week_ago = clock.now() - 7 * DAY;
    let first = fake.new_ids(OVERDUE as u64);
    start(&service, guild, first, &ana, &bruno, week_ago).await;
    let game = service.game_in_channel(first).await.unwrap();
    let copies = GameCopies { copies: OVERDUE as u32 - 1, players: 1, guilds: 1, spread: 0 };
    service.store().copy_game_for_load(game.id, copies).await.unwrap();
    let overdue: Vec<u64> = (first..first + OVERDUE as u64).collect();
    let overdue_set: HashSet<u64> = overdue.iter().copied().collect();

    let bot = RunningBot::start(&fake, config(&fake, db.url(), clock.clone(), Duration::from_millis(200))).await;
    let started = Instant::now();
    let posted = || fake.count_messages(|m| m.kind == MessageKind::Channel && overdue_set.contains(&m.channel_id));
    let answered =
        players_meanwhile(&fake, &service, (&ana, &bruno), || posted() >= OVERDUE || started.elapsed() > GIVE_UP_AFTER)
            .await;
    // Anything still under way lands before counting.
    tokio::time::sleep(Duration::from_secs(1)).await;

    let drain = posted_once_each(&fake, &overdue_set);
    for &channel in overdue.iter().step_by(97) {
        let game = service.store().last_finished_game_in_channel(channel).await.unwrap().expect("finished");
        assert_eq!(game.reason.map(|r| r.to_string()).as_deref(), Some("loss on time"), "channel {channel}");
    }

    assert_paced(&fake, &format!("backlog on {backend:?}"), OVERDUE, drain, &answered);
    bot.stop().await;
}

/// Checks that each of `channels` got exactly one message, and that no two
/// tasks sent it (one post, and one more only after each 429); returns the
/// time from the first of those posts to the last.
fn posted_once_each(fake: &FakeDiscord, channels: &HashSet<u64>) -> Duration {
    let mut posts: HashMap<u64, Vec<&RecordedRequest>> = HashMap::new();
    let requests = fake.requests();
    for r in requests.iter().filter(|r| r.method == "POST" && r.path.ends_with("/messages")) {
        let channel = r.path.split('/').nth(4).and_then(|c| c.parse().ok()).unwrap_or(0);
        if channels.contains(&channel) {
            posts.entry(channel).or_default().push(r);
        }
    }
    let mut shown: HashMap<u64, usize> = HashMap::new();
    fake.count_messages(|m| {
        if m.kind == MessageKind::Channel && channels.contains(&m.channel_id) {
            *shown.entry(m.channel_id).or_default() += 1;
        }
        false
    });
    for channel in channels {
        assert_eq!(shown.get(channel), Some(&1), "channel {channel}: posted once");
        let tries = &posts[channel];
        let refused = tries.iter().filter(|r| r.status == 429).count();
        assert_eq!(
            tries.len(),
            1 + refused,
            "channel {channel}: {:?}",
            tries.iter().map(|r| r.line()).collect::<Vec<_>>()
        );
    }
    let times: Vec<Instant> = posts.values().flatten().map(|r| r.at).collect();
    *times.iter().max().unwrap() - *times.iter().min().unwrap()
}

/// Checks that the posts kept to the limits, with next to no 429 and
/// none ignored, and that every command was answered in Discord's 3 seconds
/// meanwhile; prints the figures (the pace is the bench's to measure).
fn assert_paced(fake: &FakeDiscord, what: &str, count: usize, drain: Duration, answered: &[Duration]) {
    let limits = fake.rate_limits();
    eprintln!(
        "{what}: {count} posts in {drain:?} ({:.1}/s); {} calls counted, {} answered 429, busiest second {}; \
         {} commands answered meanwhile, slowest in {:?}",
        count as f64 / drain.as_secs_f64(),
        limits.counted,
        limits.limited,
        limits.busiest_second,
        answered.len(),
        answered.iter().max()
    );
    assert!(limits.limited * 100 < limits.counted, "{} of {} calls answered 429", limits.limited, limits.counted);
    assert!(limits.early.is_empty(), "{:?}", limits.early);
    assert!(answered.len() >= 10, "{} commands", answered.len());
    assert!(answered.iter().all(|d| *d < Duration::from_secs(3)), "{answered:?}");
}

async fn ten_thousand_daily_puzzles_due_in_one_hour_are_posted_once_at_the_limits_pace(backend: Backend) {
    let fake = FakeDiscord::start().await;
    fake.set_response_deadline(Some(Duration::from_secs(3)));
    fake.set_global_limit(STORM_LIMIT);
    let db = database(backend).await;
    let service = GameService::open(db.url()).await.unwrap();
    let clock = Clock::system();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    service.puzzles().load_starting_set(clock.now()).await.unwrap();
    // Servers in one time zone whose puzzle hour is this hour there: one
    // set the ordinary way, copied in bulk (servers and channels numbered on).
    let zone = "Europe/Madrid";
    let (_, hour) = local_day_and_hour(Some(zone), clock.now());
    let (guild, channel) = (fake.new_ids(STORM_SERVERS as u64), fake.new_ids(STORM_SERVERS as u64));
    let deadlines = service.deadlines();
    deadlines.set_server_clock(clock.now(), guild, Some(Some(zone)), None, true).await.unwrap();
    let puzzles = service.puzzles();
    puzzles.set_daily(clock.now(), guild, Some(Some(channel)), Some(i64::from(hour)), true).await.unwrap();
    service.store().copy_server_settings_for_load(guild, STORM_SERVERS as u32 - 1, &[], 1, 1).await.unwrap();
    let channels: HashSet<u64> = (channel..channel + STORM_SERVERS as u64).collect();

    let mut config = config(&fake, db.url(), clock.clone(), Duration::from_millis(200));
    config.requests_per_second = STORM_LIMIT as u32;
    let bot = RunningBot::start(&fake, config).await;
    let started = Instant::now();
    let posted = || fake.count_messages(|m| m.kind == MessageKind::Channel && channels.contains(&m.channel_id));
    let answered = players_meanwhile(&fake, &service, (&ana, &bruno), || {
        posted() >= STORM_SERVERS || started.elapsed() > GIVE_UP_AFTER
    })
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;

    let drain = posted_once_each(&fake, &channels);
    for (n, server) in (guild..guild + STORM_SERVERS as u64).enumerate().step_by(997) {
        let (day, _) = local_day_and_hour(Some(zone), clock.now());
        let daily = service.store().daily_puzzle(server, day).await.unwrap().expect("claimed");
        assert_eq!(daily.channel, channel + n as u64);
        assert!(daily.message.is_some(), "server {server}: its message is recorded");
    }
    assert_paced(&fake, &format!("daily storm on {backend:?}"), STORM_SERVERS, drain, &answered);
    bot.stop().await;
}
