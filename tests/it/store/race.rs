//! Racing commands on one database: exactly one of two commands made
//! against the same position lands, nothing acknowledged is missing, and
//! due items are handed out once.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use crate::support::games::*;
use damas::game::{DAY, DueEvent, FinishReason, GameError, NewChallenge, Seen};
use damas::rules::{Color, Outcome};

/// Outcomes that racing commands may legitimately get.
fn lost_the_race(e: &GameError) -> bool {
    matches!(e, GameError::PositionChanged | GameError::NotYourTurn | GameError::GameOver | GameError::NoGame)
}

async fn many_tasks_play_and_resign_on_one_game(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 1).await;
    let moves: Arc<Mutex<Vec<(u32, String)>>> = Arc::default();
    let resigned: Arc<Mutex<Vec<u64>>> = Arc::default();
    let mut tasks = Vec::new();
    for task in 0..16u64 {
        let (svc, moves, resigned) = (svc.clone(), moves.clone(), resigned.clone());
        tasks.push(tokio::spawn(async move {
            let user = if task % 2 == 0 { WHITE } else { BLACK };
            for round in 0..60u64 {
                // Two tasks resign once the game is some way in.
                if task < 2 && round == 25 + 10 * task {
                    match svc.games().resign(T0 + 1, 1, user).await {
                        Ok(v) => resigned.lock().unwrap().push(v.finished.map(|_| user).unwrap()),
                        Err(e) => assert!(lost_the_race(&e), "{e:?}"),
                    }
                    return;
                }
                let Ok(seen) = svc.game_in_channel(1).await else { return };
                if seen.player_to_move() != user {
                    tokio::task::yield_now().await;
                    continue;
                }
                let legal = seen.game.position().legal_moves_with_notation();
                let (_, text) = &legal[((task + round) as usize) % legal.len()];
                match svc.games().play(T0 + 1, 1, user, text, Some(Seen::of(&seen))).await {
                    Ok(report) => moves.lock().unwrap().push((seen.ply(), report.notation)),
                    Err(e) => assert!(lost_the_race(&e), "{e:?}"),
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let stored = svc.game_by_id(view.id).await.unwrap();
    let moves = moves.lock().unwrap().clone();
    // Exactly one success per ply, each the stored move of that ply.
    assert_eq!(moves.len(), stored.game.ply(), "successes {moves:?}");
    let plies: HashSet<u32> = moves.iter().map(|(p, _)| *p).collect();
    assert_eq!(plies.len(), moves.len(), "two moves reported for one ply: {moves:?}");
    for (ply, notation) in &moves {
        assert_eq!(&stored.game.notations()[*ply as usize], notation);
    }
    assert!(stored.game.ply() > 0, "no move landed at all");
    let resigned = resigned.lock().unwrap().clone();
    assert!(resigned.len() <= 1, "two resignations landed: {resigned:?}");
    match (resigned.first(), stored.finished) {
        (Some(&user), Some(f)) => {
            assert_eq!(f.reason, FinishReason::Resignation);
            let loser = if user == WHITE { Color::White } else { Color::Black };
            assert_eq!(f.outcome, Outcome::Win(loser.opponent()));
        }
        (None, Some(f)) => assert!(matches!(f.reason, FinishReason::Rules(_)), "{f:?}"),
        (Some(_), None) => panic!("a resignation was acknowledged but the game is live"),
        (None, None) => {}
    }
    assert!(svc.store().integrity_check().await.unwrap());
}

async fn a_command_sent_many_times_at_once_lands_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 2).await;
    let seen = Some(Seen { game: game.id, ply: 0 });
    let attempts: Vec<_> = (0..20)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.games().play(T0 + 5, 2, WHITE, "11-15", seen).await })
        })
        .collect();
    let mut ok = 0;
    for a in attempts {
        match a.await.unwrap() {
            Ok(_) => ok += 1,
            Err(e) => assert!(matches!(e, GameError::PositionChanged), "{e:?}"),
        }
    }
    assert_eq!(ok, 1);
    assert_eq!(svc.game_in_channel(2).await.unwrap().game.notations(), ["11-15"]);

    // The same for a draw offer and a resignation.
    let offers: Vec<_> = (0..10)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.games().offer_draw(T0 + 6, 2, BLACK).await })
        })
        .collect();
    let mut ok = 0;
    for o in offers {
        match o.await.unwrap() {
            Ok(_) => ok += 1,
            Err(e) => assert!(matches!(e, GameError::DrawAlreadyOffered), "{e:?}"),
        }
    }
    assert_eq!(ok, 1);
    let resigns: Vec<_> = (0..10)
        .map(|i| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.games().resign(T0 + 7, 2, if i % 2 == 0 { WHITE } else { BLACK }).await })
        })
        .collect();
    let mut ok = 0;
    for r in resigns {
        match r.await.unwrap() {
            Ok(_) => ok += 1,
            Err(e) => assert!(matches!(e, GameError::GameOver | GameError::NoGame), "{e:?}"),
        }
    }
    assert_eq!(ok, 1);
}

async fn racing_challenges_and_answers(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let challenger = svc.challenges().challenge(T0, NewChallenge::new(3, 5000, BLACK)).await.unwrap().challenger;
    // Accept and cancel at once: one wins, and the state matches it.
    let accept = tokio::spawn({
        let svc = svc.clone();
        async move { svc.challenges().accept(T0 + 1, 3, BLACK, None).await.is_ok() }
    });
    let cancel = tokio::spawn({
        let svc = svc.clone();
        async move { svc.challenges().cancel(T0 + 1, 3, challenger, None).await.is_ok() }
    });
    let (accepted, cancelled) = (accept.await.unwrap(), cancel.await.unwrap());
    assert!(accepted ^ cancelled, "accepted {accepted}, cancelled {cancelled}");
    assert_eq!(svc.game_in_channel(3).await.is_ok(), accepted);
}

async fn due_items_are_handed_out_once_to_racing_loops(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // 20 games past their deadline, 20 at their reminder, 20 stale challenges.
    for ch in 0..20 {
        start_classic(&svc, T0, 100 + ch).await;
        start_classic(&svc, T0 + DAY + DAY / 2, 200 + ch).await;
        svc.challenges().challenge(T0 + 2 * DAY, NewChallenge::new(300 + ch, WHITE, BLACK)).await.unwrap();
    }
    let now = T0 + 4 * DAY + 1;
    let loops: Vec<_> = (0..8)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.deadlines().claim_due(now).await.unwrap() })
        })
        .collect();
    let mut seen: HashMap<String, u32> = HashMap::new();
    for l in loops {
        for event in l.await.unwrap() {
            let key = match event {
                DueEvent::Reminder(g) => format!("reminder {}", g.channel),
                DueEvent::LossOnTime(g) => format!("time {}", g.channel),
                DueEvent::MatchGame(g) => format!("match game {}", g.channel),
                DueEvent::ChallengeExpired(c) => format!("expired {}", c.channel),
                DueEvent::PremoveReply { game, ply } => format!("premove {} ply {ply}", game.channel),
                // Told through the outbox only, never claimed here.
                other => panic!("{other:?}"),
            };
            *seen.entry(key).or_default() += 1;
        }
    }
    assert_eq!(seen.len(), 60, "{seen:?}");
    assert!(seen.values().all(|&n| n == 1), "{seen:?}");
    for ch in 0..20 {
        assert!(seen.contains_key(&format!("time {}", 100 + ch)));
        assert!(seen.contains_key(&format!("reminder {}", 200 + ch)));
        assert!(seen.contains_key(&format!("expired {}", 300 + ch)));
    }
    assert!(svc.deadlines().claim_due(now).await.unwrap().is_empty());
}

/// A move the database refuses, committed in the same group as good moves
/// of other games: it alone is rolled back, the others land.
async fn a_refused_write_in_a_group_commit_spoils_only_itself(backend: Backend) {
    use damas::store::MoveWrite;
    let (_dir, svc) = service(backend).await;
    let mut games = Vec::new();
    for channel in 0..10 {
        games.push(start_classic(&svc, T0, 400 + channel).await);
    }
    let bad_game = games[0].id;
    let bad = MoveWrite {
        game_id: bad_game,
        ply: 0,
        notation: String::new(), // the schema wants 3 to 64 characters
        mover: WHITE,
        now: T0 + 1,
        next_turn: Color::Black,
        met_deadline: T0 + 3 * DAY,
        deadline: T0 + 3 * DAY,
        remind_at: T0 + 2 * DAY,
        finishing: None,
        premove_in: None,
    };
    let mut tasks = Vec::new();
    for round in 0..5 {
        for game in &games[1..] {
            let (svc, channel, seen) = (svc.clone(), game.channel, Some(Seen { game: game.id, ply: round as u32 }));
            tasks.push(tokio::spawn(async move {
                let user = if round % 2 == 0 { WHITE } else { BLACK };
                let mv = ["11-15", "22-19", "15x22", "26x19", "12-16"][round];
                svc.games().play(T0 + 1, channel, user, mv, seen).await.map(|_| ())
            }));
        }
        let store = svc.store().clone();
        let bad = bad.clone();
        let refused = tokio::spawn(async move { store.append_move(bad).await });
        for t in tasks.drain(..) {
            t.await.unwrap().unwrap();
        }
        assert!(refused.await.unwrap().is_err(), "the schema should refuse an empty notation");
    }
    let spoiled = svc.game_by_id(bad_game).await.unwrap();
    assert_eq!(spoiled.ply(), 0);
    assert!(svc.store().moves(bad_game).await.unwrap().is_empty());
    for game in &games[1..] {
        assert_eq!(
            svc.game_by_id(game.id).await.unwrap().game.notations(),
            ["11-15", "22-19", "15x22", "26x19", "12-16"]
        );
    }
}

on_both_backends!(
    multi_thread:
    many_tasks_play_and_resign_on_one_game,
    a_command_sent_many_times_at_once_lands_once,
    racing_challenges_and_answers,
    due_items_are_handed_out_once_to_racing_loops,
    a_refused_write_in_a_group_commit_spoils_only_itself,
);
