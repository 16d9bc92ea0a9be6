//! Tournaments through the service (RULES 8.4), on both backends: sign-up
//! and its refusals, a round-robin from its start by the Berger tables to
//! its last result with every kind of ending (a win, a draw by agreement,
//! a loss on time, a resignation, a withdrawal), the standings and their
//! tiebreaks, a withdrawal's forfeits (never rated), cancellation, and the
//! rules tournament games keep (no takebacks, no aborts, vacation only
//! where allowed).

use std::collections::HashSet;

use crate::support::games::*;
use damas::game::{
    AbortRequest, DAY, FinishReason, GameError, GameService, GameView, Tournament, TournamentFormat, TournamentStatus,
    TournamentTerms,
};
use damas::rules::{Color, Outcome};
use damas::tournament::GameResult;

/// The tournament's channel, and its organiser.
pub const HALL: u64 = 9_000;
pub const ORGANISER: u64 = 2_000;
/// Players, by their user ids.
pub const PLAYERS: [u64; 8] = [3_001, 3_002, 3_003, 3_004, 3_005, 3_006, 3_007, 3_008];

/// A tournament of `format` in [`HALL`], created by [`ORGANISER`] on
/// `terms`, with `players` signed up.
pub async fn signed_up(svc: &GameService, terms: TournamentTerms, players: &[u64]) -> Tournament {
    let t = svc.tournaments().create_tournament(T0, GUILD, HALL, ORGANISER, true, terms).await.unwrap();
    for (i, &player) in players.iter().enumerate() {
        let name = format!("player{i}");
        svc.tournaments().join_tournament(T0, Some(GUILD), t.id, player, Some(&name), false).await.unwrap();
    }
    svc.tournaments().tournament(t.id).await.unwrap()
}

/// Starts every game waiting to start at `now`, each in a thread of its
/// own (the pairing's id plus a million); their views.
pub async fn start_games(svc: &GameService, now: i64) -> Vec<GameView> {
    let mut started = Vec::new();
    for pending in svc.tournaments().pending_tournament_games(now).await.unwrap() {
        let thread = 1_000_000 + pending.pairing as u64;
        started.push(
            svc.tournaments().start_tournament_game(now, &pending, thread).await.unwrap().expect("a game starts"),
        );
    }
    started
}

async fn signing_up_and_its_refusals(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let terms = TournamentTerms::new("Spring cup", TournamentFormat::RoundRobin);
    // Only those who manage the server or its events create one.
    let refused = svc.tournaments().create_tournament(T0, GUILD, HALL, PLAYERS[0], false, terms.clone()).await;
    assert!(matches!(refused, Err(GameError::NotTournamentManager)), "{refused:?}");
    let bad = |terms: TournamentTerms| async {
        svc.tournaments().create_tournament(T0, GUILD, HALL, ORGANISER, true, terms).await
    };
    let long = TournamentTerms::new(&"x".repeat(61), TournamentFormat::Swiss);
    assert!(matches!(bad(long).await, Err(GameError::TournamentName(60))));
    assert!(matches!(
        bad(TournamentTerms::new("  ", TournamentFormat::Swiss)).await,
        Err(GameError::TournamentName(_))
    ));
    let rounds = TournamentTerms { rounds: Some(3), ..terms.clone() };
    assert!(matches!(bad(rounds).await, Err(GameError::RoundsForSwissOnly)));
    let most = TournamentTerms { max_players: Some(17), ..terms.clone() };
    assert!(matches!(bad(most).await, Err(GameError::MaxPlayersOutOfRange { least: 3, most: 16 })));
    let days = TournamentTerms { days: Some(15), ..terms.clone() };
    assert!(matches!(bad(days).await, Err(GameError::DaysOutOfRange(15))));

    let t = svc
        .tournaments()
        .create_tournament(T0, GUILD, HALL, ORGANISER, true, TournamentTerms { max_players: Some(3), ..terms })
        .await;
    let t = t.unwrap();
    assert_eq!(
        (t.status, t.max_players, t.time.clone(), t.rated, t.vacation),
        (TournamentStatus::Signup, 3, damas::game::TimeControl::per_move(3), true, true)
    );
    assert_eq!(t.name, "Spring cup");
    // Another server does not see it.
    assert!(matches!(
        svc.tournaments().tournament_in_server(Some(GUILD + 1), t.id).await,
        Err(GameError::NoTournament(_))
    ));

    let svc = &svc;
    let join = |user: u64, bot: bool| async move {
        svc.tournaments().join_tournament(T0, Some(GUILD), t.id, user, None, bot).await
    };
    assert!(matches!(join(PLAYERS[0], true).await, Err(GameError::BotCannotJoin)));
    join(PLAYERS[0], false).await.unwrap();
    assert!(matches!(join(PLAYERS[0], false).await, Err(GameError::AlreadyEntered)));
    join(PLAYERS[1], false).await.unwrap();
    // Too few to start, and only the organiser (or a manager) starts it.
    let start = |user: u64, manages: bool| async move {
        svc.tournaments().start_tournament(T0, Some(GUILD), t.id, user, manages).await
    };
    assert!(matches!(start(ORGANISER, false).await, Err(GameError::TooFewEntrants { players: 2, least: 3 })));
    join(PLAYERS[2], false).await.unwrap();
    assert!(matches!(join(PLAYERS[3], false).await, Err(GameError::TournamentFull(3))));
    assert!(matches!(start(PLAYERS[0], false).await, Err(GameError::NotOrganiser(ORGANISER))));
    // Leaving before the start makes room again.
    svc.tournaments().leave_tournament(Some(GUILD), t.id, PLAYERS[2]).await.unwrap();
    assert!(matches!(
        svc.tournaments().leave_tournament(Some(GUILD), t.id, PLAYERS[2]).await,
        Err(GameError::NotEntered)
    ));
    join(PLAYERS[3], false).await.unwrap();
    let running = start(PLAYERS[5], true).await.expect("a server manager may start it");
    assert_eq!(running.status, TournamentStatus::Running);
    assert!(matches!(join(PLAYERS[4], false).await, Err(GameError::SignupClosed)));
    assert!(matches!(
        svc.tournaments().leave_tournament(Some(GUILD), t.id, PLAYERS[0]).await,
        Err(GameError::LeaveAfterStart)
    ));
    assert!(matches!(start(ORGANISER, false).await, Err(GameError::AlreadyStarted)));
    // The list of the server's tournaments.
    let page = svc.tournaments().tournaments_page(GUILD, 0).await.unwrap();
    assert_eq!((page.total, page.tournaments[0].id, page.tournaments[0].players), (1, t.id, 3));
}

/// RULES 8.4b: a round-robin of four - everyone meets everyone once, every
/// game started at once, in a thread each - ending in every way a game can:
/// a win on the board, a draw by agreement, a resignation, a loss on time,
/// and a withdrawal's forfeits; then its standings and their tiebreaks.
async fn a_round_robin_of_four_meets_everyone_once_and_ends_in_every_way(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let terms = TournamentTerms::new("Club round-robin", TournamentFormat::RoundRobin);
    let t = signed_up(&svc, terms, &PLAYERS[..4]).await;
    let t = svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    assert_eq!((t.rounds, t.round, t.pairings.len()), (Some(3), 3, 6));
    let pairs: HashSet<(u64, u64)> = t.pairings.iter().map(|p| (p.white.min(p.black), p.white.max(p.black))).collect();
    assert_eq!(pairs.len(), 6, "each pair meets once");
    for player in &PLAYERS[..4] {
        let whites = t.pairings.iter().filter(|p| p.white == *player).count();
        assert!((1..=2).contains(&whites), "colours balanced: {whites} whites");
    }
    let mut seats: Vec<u32> = t.entrants.iter().map(|e| e.seat.unwrap()).collect();
    seats.sort_unstable();
    assert_eq!(seats, [0, 1, 2, 3]);

    let games = start_games(&svc, T0).await;
    assert_eq!(games.len(), 6, "every game of every round at once");
    assert!(start_games(&svc, T0).await.is_empty(), "each started once");
    for game in &games {
        let play = game.tournament.clone().expect("a tournament game");
        assert_eq!((play.id, play.name.as_str()), (t.id, "Club round-robin"));
        assert!(game.rated && game.channel >= 1_000_000);
        let thread = svc.notifications().game_thread(game.id).await.unwrap().expect("its thread");
        assert_eq!((thread.thread, thread.parent), (game.channel, HALL));
    }
    let t = svc.tournaments().tournament(t.id).await.unwrap();
    let game_of = |x: u64, y: u64| {
        let p = t.pairings.iter().find(|p| (p.white, p.black) == (x, y) || (p.white, p.black) == (y, x)).unwrap();
        games.iter().find(|g| Some(g.id) == p.game).unwrap().clone()
    };
    let [a, b, c, d] = [PLAYERS[0], PLAYERS[1], PLAYERS[2], PLAYERS[3]];

    // a beats b on the board (b left without a legal move, RULES 7.1).
    let g = game_of(a, b);
    let won = play_line(&svc, T0, g.channel, &line_to_a_win(g.color_of(a).unwrap())).await;
    assert_eq!(won.finished.map(|f| f.reason), Some(FinishReason::Rules(damas::rules::EndReason::NoLegalMove)));
    assert!(!won.rating_changes.is_empty(), "a rated tournament game is rated");
    // a and c agree a draw; b resigns to c.
    let g = game_of(a, c);
    svc.games().offer_draw(T0, g.channel, a).await.unwrap();
    svc.games().answer_draw(T0, g.channel, c, true).await.unwrap();
    svc.games().resign(T0, game_of(b, c).channel, b).await.unwrap();
    // d loses c-d on time: if c has White, c moves first, so d is to move
    // from the start in either case. a-d and b-d get a move a day before
    // their first deadline, so theirs is later.
    let g = game_of(c, d);
    if g.white == c {
        svc.games().play(T0, g.channel, c, &first_moves(g.game.position(), 1)[0], None).await.unwrap();
    }
    for g in [game_of(a, d), game_of(b, d)] {
        svc.games().play(T0 + 2 * DAY, g.channel, g.white, &first_moves(g.game.position(), 1)[0], None).await.unwrap();
    }
    svc.deadlines().claim_due(T0 + 3 * DAY).await.unwrap();
    let timed = svc.game_by_id(g.id).await.unwrap();
    assert_eq!(
        timed.finished.map(|f| (f.reason, f.outcome)),
        Some((FinishReason::Time, Outcome::Win(timed.color_of(c).unwrap())))
    );
    assert_eq!(
        svc.tournaments().tournament(t.id).await.unwrap().status,
        TournamentStatus::Running,
        "two games are left"
    );
    // d withdraws: their two games under way are lost by forfeit.
    let done = svc.tournaments().withdraw_from_tournament(T0 + 3 * DAY + 60, Some(GUILD), t.id, d).await.unwrap();
    assert_eq!(done.forfeits, 2);

    let t = svc.tournaments().tournament(t.id).await.unwrap();
    assert_eq!(t.status, TournamentStatus::Finished, "every game has a result");
    assert_eq!(t.games_done(), (6, 6));
    // a: 1 (b) + ½ (c) + 1 (d, forfeit) = 2½; c: ½ + 1 (b) + 1 (d) = 2½;
    // b: 1 (d, forfeit); d: 0. a and c are equal on Sonneborn-Berger (b's
    // 1 + half of each other's 2½ = 2.25), on wins (2), and drew with each
    // other: they share first place (RULES 8.4b).
    let table = t.standings();
    let line = |user: u64| table.iter().find(|s| s.user == user).unwrap().clone();
    assert_eq!((line(a).points, line(c).points, line(b).points, line(d).points), (5, 5, 2, 0));
    assert_eq!((line(a).sonneborn_berger, line(c).sonneborn_berger), (9, 9));
    assert_eq!((line(a).place, line(c).place, line(a).sharing, line(b).place, line(d).place), (1, 1, 2, 3, 4));
    assert!(line(d).withdrawn && line(d).games_left == 0);
    let mut winners = t.winners();
    winners.sort_unstable();
    assert_eq!(winners, [a, c]);
    // The record of every game, in one file.
    let (_, pdn) = svc.tournaments().tournament_pdn(Some(GUILD), t.id).await.unwrap();
    assert_eq!(pdn.matches("[Event \"").count(), 6, "{pdn}");
    assert!(pdn.contains(&format!("[Event \"Club round-robin (tournament #{})\"]", t.id)), "{pdn}");
}

/// RULES 8.4d: a withdrawn player's unfinished games are lost by forfeit -
/// the game under way ends (unrated), the pairing not yet started scores
/// without a game - and their finished games stand.
async fn a_withdrawal_forfeits_what_is_unfinished_and_keeps_what_was_played(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let terms = TournamentTerms::new("Withdrawals", TournamentFormat::RoundRobin);
    let t = signed_up(&svc, terms, &PLAYERS[..4]).await;
    let t = svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    let quitter = PLAYERS[0];
    // Every game starts but one of the quitter's, as if its thread were
    // not opened yet.
    let unstarted = t.pairings.iter().find(|p| p.white == quitter || p.black == quitter).unwrap().id;
    let mut games = Vec::new();
    for pending in svc.tournaments().pending_tournament_games(T0).await.unwrap() {
        if pending.pairing != unstarted {
            let thread = 1_000_000 + pending.pairing as u64;
            games.push(svc.tournaments().start_tournament_game(T0, &pending, thread).await.unwrap().unwrap());
        }
    }
    let mine: Vec<&GameView> = games.iter().filter(|g| g.color_of(quitter).is_some()).collect();
    assert_eq!(mine.len(), 2);
    // One finished (lost on the board after a few moves), one under way
    // with enough moves to be rated.
    let finished = mine[0];
    let lost =
        play_line(&svc, T0, finished.channel, &line_to_a_win(finished.color_of(quitter).unwrap().opponent())).await;
    let under_way = mine[1];
    play_line(&svc, T0, under_way.channel, &first_moves(under_way.game.position(), 4)).await;

    let done = svc.tournaments().withdraw_from_tournament(T0 + DAY, Some(GUILD), t.id, quitter).await.unwrap();
    assert_eq!((done.player, done.removed_by, done.forfeits), (quitter, None, 2));
    let forfeited = svc.game_by_id(under_way.id).await.unwrap();
    let finish = forfeited.finished.expect("lost by forfeit");
    assert_eq!(finish.reason, FinishReason::Forfeit);
    assert_eq!(finish.outcome, Outcome::Win(forfeited.color_of(quitter).unwrap().opponent()));
    assert!(forfeited.rating_changes.is_empty(), "a forfeit is never rated");
    // The finished game stands as it was, rated.
    let stood = svc.game_by_id(finished.id).await.unwrap();
    assert_eq!(stood.finished, lost.finished);
    assert!(!stood.rating_changes.is_empty());
    let t = svc.tournaments().tournament(t.id).await.unwrap();
    assert!(t.entrant(quitter).unwrap().withdrawn);
    assert!(t.pairings.iter().find(|p| p.id == unstarted).is_some_and(|p| p.game.is_none() && p.result.is_some()));
    let results: Vec<GameResult> = t
        .pairings
        .iter()
        .filter(|p| p.white == quitter || p.black == quitter)
        .map(|p| p.result.expect("each has a result"))
        .collect();
    assert_eq!(results.iter().filter(|r| !r.played()).count(), 2, "{results:?}");
    assert!(start_games(&svc, T0 + 2 * DAY).await.is_empty(), "a forfeited pairing never gets its game");
    // Twice is refused, and so is a player not in it.
    let again = svc.tournaments().withdraw_from_tournament(T0 + DAY, Some(GUILD), t.id, quitter).await;
    assert!(matches!(again, Err(GameError::AlreadyWithdrawn)), "{again:?}");
    let stranger = svc.tournaments().remove_from_tournament(T0, Some(GUILD), t.id, ORGANISER, false, STRANGER).await;
    assert!(matches!(stranger, Err(GameError::PlayerNotEntered(STRANGER))), "{stranger:?}");
    // The organiser removes another: the same forfeits, said as a removal.
    let removed =
        svc.tournaments().remove_from_tournament(T0 + DAY, Some(GUILD), t.id, ORGANISER, false, PLAYERS[1]).await;
    let removed = removed.unwrap();
    assert_eq!(removed.removed_by, Some(ORGANISER));
    let standing = removed.tournament.standings();
    assert!(standing.iter().find(|s| s.user == quitter).is_some_and(|s| s.withdrawn));
}

/// The organiser cancels a running tournament: its unfinished games are
/// aborted (announced in their threads) and nothing more starts.
async fn cancelling_aborts_the_unfinished_games(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let terms = TournamentTerms::new("Cancelled", TournamentFormat::Swiss);
    let t = signed_up(&svc, terms, &PLAYERS[..5]).await;
    svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    let games = start_games(&svc, T0).await;
    assert_eq!(games.len(), 2, "five players: two games and a bye");
    let refused = svc.tournaments().cancel_tournament(T0, Some(GUILD), t.id, PLAYERS[0], false).await;
    assert!(matches!(refused, Err(GameError::NotOrganiser(_))));
    svc.games().resign(T0 + 5, games[0].channel, games[0].white).await.unwrap();
    let t = svc.tournaments().cancel_tournament(T0 + 10, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    assert_eq!((t.status, t.cancelled_by), (TournamentStatus::Cancelled, Some(ORGANISER)));
    assert!(svc.game_by_id(games[0].id).await.unwrap().finished.is_some(), "finished stays finished");
    assert_eq!(svc.game_by_id(games[1].id).await.unwrap().aborted_by, Some(ORGANISER));
    assert!(start_games(&svc, T0 + 20).await.is_empty());
    let again = svc.tournaments().cancel_tournament(T0 + 30, Some(GUILD), t.id, ORGANISER, false).await;
    assert!(matches!(again, Err(GameError::TournamentOver)));
    let late = svc.tournaments().withdraw_from_tournament(T0 + 30, Some(GUILD), t.id, PLAYERS[0]).await;
    assert!(matches!(late, Err(GameError::TournamentOver)), "{late:?}");
}

/// A tournament game is an ordinary game but for what would bend the
/// tournament: no takebacks, no aborts (by a player or a moderator), and a
/// vacation stops its clock only where the tournament allows it.
async fn tournament_games_keep_the_tournament_s_rules(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let strict =
        TournamentTerms { vacation: Some(false), ..TournamentTerms::new("Strict", TournamentFormat::RoundRobin) };
    let t = signed_up(&svc, strict, &PLAYERS[..3]).await;
    svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    let games = start_games(&svc, T0).await;
    assert_eq!(games.len(), 3, "three players: three games, one sitting out each round");
    let game = &games[0];
    let moved = svc.games().play(T0 + 60, game.channel, game.white, "11-15", None).await.unwrap();
    let takeback = svc.games().takeback(T0 + 70, game.channel, game.white).await;
    assert!(matches!(takeback, Err(GameError::NoTakebackInTournament)), "{takeback:?}");
    let abort = |moderator: bool, user: u64| AbortRequest {
        guild: Some(GUILD),
        channel: game.channel,
        user,
        moderator,
        game: None,
    };
    assert!(matches!(svc.games().abort(T0, abort(false, game.black)).await, Err(GameError::NoAbortInTournament)));
    assert!(matches!(svc.games().abort(T0, abort(true, STRANGER)).await, Err(GameError::NoAbortInTournament)));

    // Black, to move, goes on vacation: this tournament's clock still runs.
    let away = moved.game.black;
    svc.deadlines().start_vacation(T0 + 100, GUILD, away).await.unwrap();
    let view = svc.game_by_id(game.id).await.unwrap();
    assert_eq!(view.paused_since, None, "no vacation in this tournament");
    svc.deadlines().claim_due(T0 + 60 + 3 * DAY).await.unwrap();
    let view = svc.game_by_id(game.id).await.unwrap();
    assert_eq!(view.finished.map(|f| (f.outcome, f.reason)), Some((Outcome::Win(Color::White), FinishReason::Time)));
    svc.deadlines().end_vacation(T0 + 4 * DAY, GUILD, away).await.unwrap();

    // Where the tournament allows it, the clock stands still.
    let relaxed = TournamentTerms::new("Relaxed", TournamentFormat::RoundRobin);
    let create = svc.tournaments().create_tournament(T0, GUILD, HALL + 1, ORGANISER, true, relaxed).await.unwrap();
    for &p in &PLAYERS[3..6] {
        svc.tournaments().join_tournament(T0, Some(GUILD), create.id, p, None, false).await.unwrap();
    }
    let now = T0 + 5 * DAY;
    svc.tournaments().start_tournament(now, Some(GUILD), create.id, ORGANISER, false).await.unwrap();
    let games = start_games(&svc, now).await;
    let white = games[0].white;
    svc.deadlines().start_vacation(now + 10, GUILD, white).await.unwrap();
    assert!(svc.game_by_id(games[0].id).await.unwrap().paused_since.is_some());
}

on_both_backends!(
    signing_up_and_its_refusals,
    a_round_robin_of_four_meets_everyone_once_and_ends_in_every_way,
    a_withdrawal_forfeits_what_is_unfinished_and_keeps_what_was_played,
    cancelling_aborts_the_unfinished_games,
    tournament_games_keep_the_tournament_s_rules
);
