//! Phase 4 of the burst bench: a server with a long history. A fresh
//! database holds `BURST_HISTORY_LIVE` live games (default 10,000, four
//! plies each) and `BURST_HISTORY_FINISHED` finished ones (default 100,000:
//! 100 played through the service, each copied in bulk by the store), then
//! a new bot answers `/history` of players who have finished games, `/pdn`
//! in channels whose last game is over, and `/analyze position:` of live
//! games' positions and of positions their player to move could reach (all
//! refused: fair play), 100 of each, timed to their first response.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use damas::game::{ColorChoice, GameService, NewChallenge};
use damas::rules::{Position, to_fen};
use damas::store::{Durability, Store};

use super::support::bot::ask;
use super::support::fake_discord::{FakeDiscord, FakeUser};
use super::{BotProcess, ms, percentile, seed};

/// Games played through the service, each then copied.
const PLAYED: u64 = 100;
/// People who share the copies of one game as White (and as Black).
const PLAYERS: u32 = 50;
/// Requests of each kind.
const ASKED: u64 = 100;

/// The first channel and players of the played games.
const CHANNEL: u64 = 50_000_000;
const WHITE: u64 = 60_000_000;
const BLACK: u64 = 70_000_000;

/// Plays [`PLAYED`] games to a resignation after four plies, then copies
/// each so that `finished` games are over in all.
async fn seed_finished(url: &str, guild: u64, finished: usize) {
    let store = Store::open_with(url, Durability::Normal).await.expect("database");
    let service = GameService::with_store(store.clone());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock").as_secs() as i64 - 86_400;
    let copies = (finished as u64).div_ceil(PLAYED).saturating_sub(1) as u32;
    for i in 0..PLAYED {
        let (channel, white, black) = (CHANNEL + i * 1_000_000, WHITE + i * 1_000, BLACK + i * 1_000);
        let req =
            NewChallenge { guild: Some(guild), color: ColorChoice::White, ..NewChallenge::new(channel, white, black) };
        service.challenges().challenge(now, req).await.expect("challenge");
        let mut view = service.challenges().accept(now, channel, black, None).await.expect("accept");
        for ply in 0..4 {
            let legal = view.game.position().legal_moves_with_notation();
            let notation = &legal[(i as usize + ply) % legal.len()].1;
            view = service.games().play(now, channel, view.player_to_move(), notation, None).await.expect("move").game;
        }
        let over = service.games().resign(now + 60, channel, black).await.expect("resign");
        store.copy_finished_game_for_load(over.id, copies, PLAYERS).await.expect("copies");
    }
    store.close().await;
}

/// The position of each of `count` live games seeded by [`seed`], and one
/// its player to move could reach in two plies.
fn live_positions(url: &str, count: usize) -> Vec<(Position, Position)> {
    let runtime = tokio::runtime::Handle::current();
    tokio::task::block_in_place(|| {
        runtime.block_on(async {
            let service = GameService::open(url).await.expect("database");
            let mut out = Vec::new();
            for i in 0..count as u64 {
                let view = service.game_in_channel(1_000_000 + i * 97).await.expect("a live game");
                let now = *view.game.position();
                let mv = now.legal_moves().iter().next().copied().expect("a move");
                let after = now.play(&mv).expect("legal");
                let reply = after.legal_moves().iter().next().copied().expect("a reply");
                out.push((now, after.play(&reply).expect("legal")));
            }
            service.store().close().await;
            out
        })
    })
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    println!(
        "  {what:<42} p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.99)),
        ms(*times.last().expect("times"))
    );
}

pub async fn long_history(live: usize, finished: usize) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let seeding = Instant::now();
    seed(&url, fake.guild_id(), live).await;
    seed_finished(&url, fake.guild_id(), finished).await;
    let seeded_in = seeding.elapsed();
    let positions = live_positions(&url, (ASKED as usize).min(live / 97).max(1));
    let bot = BotProcess::start(&fake, dir).await;

    let mut history = Vec::new();
    for i in 0..ASKED {
        let player = FakeUser::new(WHITE + (i % PLAYED) * 1_000 + i % u64::from(PLAYERS), "player");
        let sent = Instant::now();
        let page = ask(&fake, fake.command("history").from(&player)).await;
        history.push(sent.elapsed());
        let text = page.content().unwrap_or_default();
        assert!(page.kind == 5 || text.contains("won"), "a history with games: {text}");
        fake.clear_records();
    }
    let mut pdn = Vec::new();
    for i in 0..ASKED {
        let channel = CHANNEL + (i % PLAYED) * 1_000_000 + i;
        let asker = FakeUser::new(WHITE + (i % PLAYED) * 1_000, "player");
        let sent = Instant::now();
        let record = ask(&fake, fake.command("pdn").in_channel(channel).from(&asker)).await;
        pdn.push(sent.elapsed());
        assert!(
            record.kind == 5 || record.files.iter().any(|f| f.filename.ends_with(".pdn")),
            "{:?}",
            record.content()
        );
        fake.clear_records();
    }
    let asker = fake.user("analyst");
    let mut analyses = Vec::new();
    for (i, (now, reachable)) in positions.iter().cycle().take(ASKED as usize).enumerate() {
        let fen = to_fen(if i % 2 == 0 { now } else { reachable });
        let sent = Instant::now();
        let refused = ask(&fake, fake.command("analyze").string("position", &fen).from(&asker)).await;
        analyses.push(sent.elapsed());
        assert!(refused.is_ephemeral(), "{fen} is a live game's: {:?}", refused.content());
        fake.clear_records();
    }
    println!(
        "long history: {live} live and {} finished games in one server (seeded in {:.0} s)",
        PLAYED * (finished as u64).div_ceil(PLAYED),
        seeded_in.as_secs_f64()
    );
    report("/history of a player (first response)", &mut history);
    report("/pdn of a channel's last game (first response)", &mut pdn);
    report("/analyze of a live position, refused", &mut analyses);
    bot.stop().await;
}
