//! `/analyze`'s fair-play keys end to end: a move's keys are written by
//! the bot after its answer, once no other answer is being made, and the
//! check refuses the new position's neighbours before and after they are.

use std::time::{Duration, Instant};

use damas::game::{ColorChoice, GameError, GameService, NewChallenge};
use damas::rules::{Position, to_fen};

use crate::support::bot::{Started, WAIT, ask, assert_refusal};
use crate::support::games::keys_current;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moves_keys_are_written_after_the_answers_being_made() {
    let s = Started::new().await;
    let fake = &s.fake;
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let channel = fake.new_id();
    let service = GameService::open(&s.url).await.unwrap();
    let c = NewChallenge {
        guild: Some(fake.guild_id()),
        color: ColorChoice::White,
        ..NewChallenge::new(channel, ana.id, bruno.id)
    };
    service.challenges().challenge(s.clock.now(), c).await.unwrap();
    let accepted =
        service.challenges().accept(s.clock.now(), channel, bruno.id, damas::game::ChallengePick::Mine).await.unwrap();
    let game = accepted.id;

    for (mover, notation) in [(&ana, "11-15"), (&bruno, "22-18")] {
        // Carla's /help is answered, but Discord takes 400 ms to say so.
        let held = Duration::from_millis(400);
        let asked = Instant::now();
        fake.stall_next("POST /interactions/*/*/callback", held, true);
        let help = fake.send(fake.command("help").in_channel(channel).from(&carla));
        fake.wait_for_callback(help.id, WAIT).await;
        let moved = ask(fake, fake.command("move").in_channel(channel).string("move", notation).from(mover)).await;
        assert!(!moved.is_ephemeral(), "{moved:?}");
        assert!(!keys_current(&service, game).await, "written while an answer was being made");
        let deadline = Instant::now() + WAIT;
        while !keys_current(&service, game).await {
            assert!(Instant::now() < deadline, "the keys of {notation} were never written");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(asked.elapsed() >= held, "written {:?} in, before the answer held {held:?} was done", asked.elapsed());
    }

    // The position after one more move of White's: refused, by its key.
    let now = service.game_in_channel(channel).await.unwrap();
    let next = now.game.position().legal_moves()[0];
    let near: Position = now.game.position().play(&next).unwrap();
    let refused = ask(fake, fake.command("analyze").string("position", &to_fen(&near)).from(&carla)).await;
    assert_refusal(&refused, &GameError::AnalysisOfLivePosition);
}
