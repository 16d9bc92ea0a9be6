//! What a button press or a menu choice does: the component's id names the
//! action and the challenge or game, and the matching command runs.

use crate::discord::interactions::buttons::ButtonId;
use crate::discord::interactions::commands::{
    Invocation, abort, challenge, choose, my_games, open_challenges, puzzle, records, table, takeback, tournament,
};
use crate::discord::interactions::move_menu::MoveMenuId;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::reply::Reply;
use crate::game::ChallengePick;
use crate::t;

/// Does what the pressed button says, or the menu with the options
/// `values` chosen.
pub async fn press(inv: &Invocation, custom_id: &str, values: &[String]) -> Result<Reply, CommandError> {
    if let Some(id) = MoveMenuId::parse(custom_id) {
        return choose::press(inv, id, values).await;
    }
    let Some(button) = ButtonId::parse(custom_id) else {
        return Err(CommandError::refused(t!(inv.lang, "button-unknown")));
    };
    match button {
        ButtonId::Accept(id) => Ok(challenge::accept(inv, ChallengePick::Id(id)).await?.updating()),
        ButtonId::Decline(id) => Ok(challenge::decline(inv, ChallengePick::Id(id)).await?.updating()),
        ButtonId::Cancel(id) => Ok(challenge::cancel(inv, ChallengePick::Id(id)).await?.updating()),
        ButtonId::Resign(id) => table::resign(inv, id).await,
        ButtonId::AbortConfirm(id) => abort::abort(inv, Some(id)).await,
        ButtonId::DrawAccept(id) => Ok(table::answer_draw(inv, id, true).await?.updating()),
        ButtonId::DrawDecline(id) => Ok(table::answer_draw(inv, id, false).await?.updating()),
        ButtonId::DrawWithdraw(id) => Ok(table::withdraw_draw(inv, id).await?.updating()),
        ButtonId::Takeback(seen) => takeback::ask(inv, seen).await,
        ButtonId::TakebackAllow(seen) => takeback::answer(inv, seen, true).await,
        ButtonId::TakebackRefuse(seen) => takeback::answer(inv, seen, false).await,
        ButtonId::GamesPage(page) => Ok(records::games_page(inv, page).await?.updating()),
        ButtonId::MyGamesPage(page) => Ok(my_games::my_games_page(inv, page).await?.updating()),
        ButtonId::ChallengesPage(page) => Ok(open_challenges::challenges_page(inv, page).await?.updating()),
        ButtonId::Abort(id) => abort::confirm(inv, Some(id)).await,
        ButtonId::HistoryPage(user, page) => Ok(records::history(inv, user, page).await?.updating()),
        ButtonId::Replay(id) => records::replay_pressed(inv, id).await,
        ButtonId::TournamentJoin(id) => tournament::join_or_leave_pressed(inv, id, true).await,
        ButtonId::TournamentLeave(id) => tournament::join_or_leave_pressed(inv, id, false).await,
        ButtonId::TournamentsPage(page) => Ok(tournament::tournaments_page(inv, page).await?.updating()),
        ButtonId::TournamentWithdraw(number) => tournament::withdraw_confirmed(inv, number).await,
        ButtonId::PuzzleMove(attempt, step, _) => puzzle::answer(inv, attempt, step, values).await,
        ButtonId::PuzzleNext(_) => puzzle::play(inv).await,
        ButtonId::PuzzleDaily(day) => puzzle::daily(inv, day).await,
        ButtonId::PuzzleReport(attempt) => puzzle::report(inv, attempt).await,
    }
}

/// Whether pressing `custom_id` may have played a move, after which the bot
/// may have one of its own to make.
pub fn may_hand_the_bot_its_turn(custom_id: &str) -> bool {
    MoveMenuId::parse(custom_id).is_some_and(|id| id.may_play())
}
