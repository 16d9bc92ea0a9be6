//! Where commands are offered (Discord's interaction contexts), end to end
//! through the fake Discord: game commands in servers only, `/help` and
//! `/moves` in direct messages too; a game command that still arrives from
//! a direct message is refused privately and changes nothing.

use std::time::Duration;

use damas::config::Clock;
use damas::game::GameService;
use damas::i18n::Lang;
use damas::t;

use crate::support::bot::{RunningBot, ask, assert_private, config, database_in};
use crate::support::fake_discord::FakeDiscord;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_commands_in_servers_help_and_moves_in_direct_messages_too() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;

    for command in fake.registered_commands() {
        let name = command["name"].as_str().unwrap();
        let contexts: Vec<u64> = command["contexts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        let expected: &[u64] = if matches!(name, "help" | "moves") { &[0, 1, 2] } else { &[0] };
        assert_eq!(contexts, expected, "/{name}");
    }

    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let dm = fake.new_id();
    let help = ask(&fake, fake.command("help").in_dm(dm).from(&ana)).await;
    assert!(help.content().unwrap_or_default().contains("/challenge"), "{:?}", help.content());
    let moves = ask(&fake, fake.command("moves").string("position", "W:WK1:B10,18,30").in_dm(dm).from(&ana)).await;
    assert!(moves.content().unwrap_or_default().contains("capturing is compulsory"), "{:?}", moves.content());

    let challenge = ask(&fake, fake.command("challenge").user("opponent", &bruno).in_dm(dm).from(&ana)).await;
    assert_private(&challenge, &t!(Lang::En, "err-server-only", command = "challenge"));
    let service = GameService::open(&url).await.unwrap();
    assert!(service.open_challenges_in_channel(dm).await.unwrap().is_empty(), "the refused challenge stored nothing");
    bot.stop().await;
}
