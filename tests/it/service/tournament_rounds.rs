//! A Swiss tournament's rounds through the service (RULES 8.4c), on both
//! backends: its first round paired by rating with a bye, each later round
//! paired when the last game of the one before ends and not sooner, never
//! a rematch or a second bye, its end after its last round; a round paired
//! once by two services settling at once, whole or not at all when its
//! writing fails half-way, and after a restart between two rounds.

use std::collections::HashSet;

use super::tournaments::{ORGANISER, PLAYERS, signed_up, start_games};
use crate::support::games::*;
use damas::game::{GameService, GameView, Tournament, TournamentFormat, TournamentStatus, TournamentTerms};

/// A Swiss of five players and three rounds, started at [`T0`].
async fn five_player_swiss(svc: &GameService) -> Tournament {
    let terms = TournamentTerms { rounds: Some(3), ..TournamentTerms::new("Swiss five", TournamentFormat::Swiss) };
    let t = signed_up(svc, terms, &PLAYERS[..5]).await;
    svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap()
}

/// Ends every game in `games` with White resigning, at `now`.
async fn white_resigns(svc: &GameService, now: i64, games: &[GameView]) {
    for g in games {
        svc.games().resign(now, g.channel, g.white).await.unwrap();
    }
}

/// Ends `games` as drawn through the store alone, as a crash right after
/// their results would leave them: the tournament is not settled yet.
async fn drawn_in_the_store(svc: &GameService, games: &[GameView]) {
    for g in games {
        svc.store()
            .finish_game(g.id, damas::rules::Outcome::Draw, damas::game::FinishReason::Agreement, T0 + 60)
            .await
            .unwrap();
    }
}

async fn a_swiss_pairs_each_round_when_the_last_game_of_the_one_before_ends(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let t = five_player_swiss(&svc).await;
    assert_eq!((t.rounds, t.round, t.pairings.len()), (Some(3), 1, 2));
    // Round 1 by rating: everyone new, so by who joined first; the bye to
    // the lowest-ranked (RULES 8.4c).
    assert_eq!(t.bye_in(1), Some(PLAYERS[4]));
    let mut now = T0;
    let mut met: HashSet<(u64, u64)> = HashSet::new();
    let mut byes = vec![PLAYERS[4]];
    for round in 1..=3 {
        let games = start_games(&svc, now).await;
        assert_eq!(games.len(), 2, "round {round}: two games and a bye");
        for g in &games {
            assert_eq!(g.tournament.as_ref().unwrap().round, round);
            assert!(met.insert((g.white.min(g.black), g.white.max(g.black))), "round {round}: a rematch");
        }
        // One game ends: the round is not over, nothing is paired.
        now += 3600;
        white_resigns(&svc, now, &games[..1]).await;
        let t = svc.tournaments().tournament(t.id).await.unwrap();
        assert_eq!((t.round, t.status), (round, TournamentStatus::Running));
        assert!(start_games(&svc, now).await.is_empty());
        // The last one ends: the next round is paired (or the tournament ends).
        now += 3600;
        white_resigns(&svc, now, &games[1..]).await;
        let t = svc.tournaments().tournament(t.id).await.unwrap();
        if round < 3 {
            assert_eq!(t.round, round + 1);
            let bye = t.bye_in(round + 1).expect("five players: a bye each round");
            assert!(!byes.contains(&bye), "round {}: a second bye for {bye}", round + 1);
            byes.push(bye);
        } else {
            assert_eq!((t.round, t.status), (3, TournamentStatus::Finished));
        }
    }
    let t = svc.tournaments().tournament(t.id).await.unwrap();
    assert_eq!(t.games_done(), (6, 6));
    // Black won every game (White resigned) and each bye scored a point.
    let total: u32 = t.standings().iter().map(|s| s.points).sum();
    assert_eq!(total, 6 * 2 + 3 * 2);
    assert!(t.standings().iter().all(|s| s.buchholz_cut.is_some()), "a Swiss breaks ties by Buchholz");
    assert!(!t.winners().is_empty());
}

/// Two services (two processes' pools) settle the same round's end at
/// once, again and again: the next round is paired once.
async fn two_services_settling_at_once_pair_the_round_once(backend: Backend) {
    let (db, svc) = service(backend).await;
    let other = GameService::open(db.url()).await.unwrap();
    let t = five_player_swiss(&svc).await;
    let games = start_games(&svc, T0).await;
    drawn_in_the_store(&svc, &games).await;
    let (a, b) = (svc.clone(), other.clone());
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let s = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move { s.tournaments().settle_tournament(T0 + 120, t.id).await })
        })
        .collect();
    let mut wrote = 0;
    for task in tasks {
        wrote += u32::from(task.await.unwrap().unwrap());
    }
    assert_eq!(wrote, 1, "one of them settled it");
    let t = svc.tournaments().tournament(t.id).await.unwrap();
    assert_eq!((t.round, t.results_seen), (2, 2));
    assert_eq!(t.round_pairings(2).count(), 2, "round 2 paired once");
    assert_eq!(t.byes.len(), 2);
}

/// A round whose writing fails half-way (here a bye already on record for
/// it, which no process would write: the schema refuses a second bye in a
/// round, after the round's pairings are written) leaves nothing of it
/// behind; once the cause is gone it is paired whole.
async fn a_round_is_paired_whole_or_not_at_all(backend: Backend) {
    let (db, svc) = service(backend).await;
    let t = five_player_swiss(&svc).await;
    let games = start_games(&svc, T0).await;
    // The round's last result is stored, but its settling has not run yet.
    drawn_in_the_store(&svc, &games).await;
    let bye = format!("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES ({}, 2, 1)", t.id);
    raw_sql(&db, &bye).await;
    assert!(svc.tournaments().settle_tournament(T0 + 120, t.id).await.is_err(), "the bye of round 2 cannot be written");
    let after = svc.tournaments().tournament(t.id).await.unwrap();
    assert_eq!((after.round, after.results_seen, after.round_pairings(2).count()), (1, 0, 0), "nothing of round 2");
    raw_sql(&db, &format!("DELETE FROM tournament_byes WHERE tournament_id = {} AND round = 2", t.id)).await;
    assert!(svc.tournaments().settle_tournament(T0 + 180, t.id).await.unwrap());
    let after = svc.tournaments().tournament(t.id).await.unwrap();
    assert_eq!((after.round, after.round_pairings(2).count()), (2, 2));
    assert!(after.bye_in(2).is_some());
}

/// The bot stopped right after a round's last game ended: a new service on
/// the same database, at its clock's first tick, pairs the next round.
async fn a_restart_between_rounds_pairs_the_next_at_the_first_tick(backend: Backend) {
    let (db, svc) = service(backend).await;
    let t = five_player_swiss(&svc).await;
    let games = start_games(&svc, T0).await;
    drawn_in_the_store(&svc, &games).await;
    drop(svc);
    let restarted = GameService::open(db.url()).await.unwrap();
    assert_eq!(restarted.tournaments().tournament(t.id).await.unwrap().round, 1);
    restarted.deadlines().claim_due(T0 + 120).await.unwrap();
    let t = restarted.tournaments().tournament(t.id).await.unwrap();
    assert_eq!((t.round, t.results_seen), (2, 2));
    assert_eq!(start_games(&restarted, T0 + 180).await.len(), 2);
}

on_both_backends!(
    a_swiss_pairs_each_round_when_the_last_game_of_the_one_before_ends,
    a_round_is_paired_whole_or_not_at_all,
    a_restart_between_rounds_pairs_the_next_at_the_first_tick
);
on_both_backends!(multi_thread: two_services_settling_at_once_pair_the_round_once);
