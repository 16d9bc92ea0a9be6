//! Games begun and played through the game service, the ordinary way, for
//! the benches that then copy them in bulk. Included with `#[path]`.

use damas::game::{ColorChoice, GameService, GameView, NewChallenge};

/// Starts a game in `channel` of server `guild` between `white` and
/// `black` (challenged and accepted at `at`).
pub async fn start(service: &GameService, at: i64, guild: u64, channel: u64, (white, black): (u64, u64)) -> GameView {
    let req =
        NewChallenge { guild: Some(guild), color: ColorChoice::White, ..NewChallenge::new(channel, white, black) };
    service.challenges().challenge(at, req).await.expect("challenge");
    service.challenges().accept(at, channel, black, None).await.expect("accept")
}

/// Plays up to `plies` moves (fewer if the game ends) at `now`, each a
/// legal move picked by `seed` and the ply.
pub async fn play(service: &GameService, now: i64, mut view: GameView, plies: usize, seed: usize) -> GameView {
    for ply in 0..plies {
        if !view.is_live() {
            break;
        }
        let legal = view.game.position().legal_moves_with_notation();
        let notation = &legal[(seed * 7 + ply * 13) % legal.len()].1;
        view = service.games().play(now, view.channel, view.player_to_move(), notation, None).await.expect("move").game;
    }
    view
}
