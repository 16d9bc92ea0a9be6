//! Phase 5 of the burst bench: the worker pool under heavy requests. Five
//! people play the bot (level 3) while, before each of their moves, 20
//! people ask for a replay of a finished game of about 40 plies and 10 ask
//! `/analyze position:` at the default level, all at once. Reports the
//! bot's move latency - from the player's move answered to the bot's move
//! posted - p50, p99 and max over every bot move.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use damas::game::{ColorChoice, GameService, NewChallenge};
use damas::store::{Durability, Store};

use super::support::bot::ask;
use super::support::fake_discord::{FakeDiscord, FakeUser, PostedMessage};
use super::{BotProcess, ms, percentile, positions_to_analyse};

/// People playing the bot, replays and analyses asked before each move.
const BOT_GAMES: usize = 5;
const REPLAYS: usize = 20;
const ANALYSES: usize = 10;
/// Moves each player makes (each answered by the bot).
const ROUNDS: usize = 3;

/// Finished games of about 40 plies to replay; their ids.
async fn seed_replays(url: &str, guild: u64) -> Vec<i64> {
    let store = Store::open_with(url, Durability::Normal).await.expect("database");
    let service = GameService::with_store(store.clone());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock").as_secs() as i64 - 86_400;
    let mut ids = Vec::new();
    for i in 0..REPLAYS as u64 {
        let (channel, white, black) = (80_000_000 + i, 81_000_000 + i, 82_000_000 + i);
        let req =
            NewChallenge { guild: Some(guild), color: ColorChoice::White, ..NewChallenge::new(channel, white, black) };
        service.challenges().challenge(now, req).await.expect("challenge");
        let mut view = service.challenges().accept(now, channel, black, None).await.expect("accept");
        for ply in 0..40 {
            let legal = view.game.position().legal_moves_with_notation();
            if legal.is_empty() || !view.is_live() {
                break;
            }
            let notation = &legal[(i as usize * 3 + ply) % legal.len()].1;
            view = service.games().play(now, channel, view.player_to_move(), notation, None).await.expect("move").game;
        }
        if view.is_live() {
            view = service.games().resign(now + 60, channel, view.player_to_move()).await.expect("resign");
        }
        ids.push(view.id);
    }
    store.close().await;
    ids
}

pub async fn pool_under_load() {
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let replays = seed_replays(&url, fake.guild_id()).await;
    let bot = BotProcess::start(&fake, dir).await;
    bot.wait_for_tables().await;
    // Reads the games (not the bot's lock: a reader, not a second bot).
    let games = Arc::new(GameService::open(&url).await.expect("database"));

    let me = fake.bot().clone();
    let mut tables = Vec::new();
    for _ in 0..BOT_GAMES {
        let (channel, player) = (fake.new_id(), fake.user("player"));
        let challenge = fake.command("challenge").in_channel(channel).user("opponent", &me).integer("level", 3);
        let started = ask(&fake, challenge.string("color", "white").from(&player)).await;
        assert!(!started.is_ephemeral(), "{:?}", started.content());
        tables.push((channel, player));
    }
    let positions = positions_to_analyse(ANALYSES);
    let mut latencies = Vec::new();
    for round in 0..ROUNDS {
        // The heavy requests, all at once, each by someone new (cooldowns
        // are per person).
        let mut heavy = Vec::new();
        for &game in &replays {
            let (fake, asker) = (fake.clone(), fake.user("viewer"));
            heavy.push(tokio::spawn(async move {
                ask(&fake, fake.command("replay").integer("game", game).from(&asker)).await
            }));
        }
        for fen in &positions {
            let (fake, asker, fen) = (fake.clone(), fake.user("analyst"), fen.clone());
            heavy.push(tokio::spawn(async move {
                ask(&fake, fake.command("analyze").string("position", &fen).from(&asker)).await
            }));
        }
        // Then each player moves, and waits for the bot's answer.
        let moves = tables.iter().map(|(channel, player)| {
            let (fake, games, channel, player) = (fake.clone(), games.clone(), *channel, player.clone());
            tokio::spawn(async move { bot_move_latency(&fake, &games, channel, &player, round).await })
        });
        for latency in moves.collect::<Vec<_>>() {
            latencies.push(latency.await.expect("a bot move"));
        }
        for request in heavy {
            request.await.expect("a heavy request");
        }
        fake.clear_records();
    }
    latencies.sort();
    games.store().close().await;
    println!(
        "pool under load: {BOT_GAMES} games against the bot (level 3), {REPLAYS} replays and {ANALYSES} analyses asked before each round of moves"
    );
    println!(
        "  bot move latency  p50 {:.0} ms  p99 {:.0} ms  max {:.0} ms ({} bot moves)",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().expect("moves")),
        latencies.len()
    );
    bot.stop().await;
}

/// The player of `channel` plays their first legal move; the time from its
/// answer to the bot's move posted in the channel.
async fn bot_move_latency(
    fake: &FakeDiscord,
    games: &GameService,
    channel: u64,
    player: &FakeUser,
    round: usize,
) -> Duration {
    let view = games.game_in_channel(channel).await.expect("a live game");
    let (_, mv) = view.game.position().legal_moves_with_notation().remove(0);
    let played = ask(fake, fake.command("move").in_channel(channel).string("move", &mv).from(player)).await;
    assert!(!played.is_ephemeral(), "round {round}, {mv}: {:?}", played.content());
    let answered = Instant::now();
    let bot_moved = |m: &PostedMessage| m.content().contains("played **");
    fake.wait_for_channel_message(channel, bot_moved, Duration::from_secs(300)).await;
    answered.elapsed()
}
