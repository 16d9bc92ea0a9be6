//! Buttons: their ids (which carry the challenge or game they belong to, so
//! a stale button is refused) and the rows that show them. What a press
//! does lives in `press.rs`.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::i18n::Lang;
use crate::t;

/// What a button does, and to which challenge or game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonId {
    /// Accept this challenge.
    Accept(i64),
    /// Decline this challenge.
    Decline(i64),
    /// Cancel this challenge (its author).
    Cancel(i64),
    /// Confirm resigning this game.
    Resign(i64),
    /// Accept the draw offered in this game.
    DrawAccept(i64),
    /// Decline the draw offered in this game.
    DrawDecline(i64),
    /// Withdraw one's own draw offer in this game.
    DrawWithdraw(i64),
    /// Ask to take back the move of this game that led to this ply.
    Takeback(i64, u32),
    /// Allow the takeback asked in this game at this ply.
    TakebackAllow(i64, u32),
    /// Refuse the takeback asked in this game at this ply.
    TakebackRefuse(i64, u32),
    /// Show this page (from 0) of the server's live games.
    GamesPage(u32),
    /// Abort this game (its players before each has moved, or a moderator).
    Abort(i64),
    /// Show this page (from 0) of this user's history.
    HistoryPage(u64, u32),
    /// Show the replay of this game.
    Replay(i64),
    /// Show this page (from 0) of the presser's own live games.
    MyGamesPage(u32),
    /// Show this page (from 0) of the server's open challenges.
    ChallengesPage(u32),
    /// Sign up for this tournament.
    TournamentJoin(i64),
    /// Leave this tournament (before it starts).
    TournamentLeave(i64),
    /// Show this page (from 0) of the server's tournaments.
    TournamentsPage(u32),
}

impl ButtonId {
    /// The `custom_id` Discord stores on the button.
    pub fn custom_id(self) -> String {
        let (tag, id) = match self {
            ButtonId::HistoryPage(user, page) => return format!("hst:{user}:{page}"),
            ButtonId::Takeback(game, ply) => return format!("tbk:{game}:{ply}"),
            ButtonId::TakebackAllow(game, ply) => return format!("tba:{game}:{ply}"),
            ButtonId::TakebackRefuse(game, ply) => return format!("tbr:{game}:{ply}"),
            ButtonId::Accept(id) => ("acc", id),
            ButtonId::Decline(id) => ("dec", id),
            ButtonId::Cancel(id) => ("can", id),
            ButtonId::Resign(id) => ("res", id),
            ButtonId::DrawAccept(id) => ("dra", id),
            ButtonId::DrawDecline(id) => ("drd", id),
            ButtonId::DrawWithdraw(id) => ("drw", id),
            ButtonId::GamesPage(page) => ("gms", i64::from(page)),
            ButtonId::MyGamesPage(page) => ("myg", i64::from(page)),
            ButtonId::ChallengesPage(page) => ("chl", i64::from(page)),
            ButtonId::Abort(id) => ("abo", id),
            ButtonId::Replay(id) => ("rpl", id),
            ButtonId::TournamentJoin(id) => ("tjn", id),
            ButtonId::TournamentLeave(id) => ("tlv", id),
            ButtonId::TournamentsPage(page) => ("tms", i64::from(page)),
        };
        format!("{tag}:{id}")
    }

    /// Reads a `custom_id`; `None` for one this bot did not make.
    pub fn parse(custom_id: &str) -> Option<ButtonId> {
        let (tag, id) = custom_id.split_once(':')?;
        // Two numbers: a user and a page, or a game and a ply.
        let pair = || -> Option<(&str, &str)> { id.split_once(':') };
        let game_ply = || -> Option<(i64, u32)> {
            let (game, ply) = pair()?;
            Some((game.parse().ok()?, ply.parse().ok()?))
        };
        match tag {
            "hst" => {
                let (user, page) = pair()?;
                return Some(ButtonId::HistoryPage(user.parse().ok()?, page.parse().ok()?));
            }
            "tbk" => return game_ply().map(|(game, ply)| ButtonId::Takeback(game, ply)),
            "tba" => return game_ply().map(|(game, ply)| ButtonId::TakebackAllow(game, ply)),
            "tbr" => return game_ply().map(|(game, ply)| ButtonId::TakebackRefuse(game, ply)),
            _ => {}
        }
        let id: i64 = id.parse().ok()?;
        Some(match tag {
            "acc" => ButtonId::Accept(id),
            "dec" => ButtonId::Decline(id),
            "can" => ButtonId::Cancel(id),
            "res" => ButtonId::Resign(id),
            "dra" => ButtonId::DrawAccept(id),
            "drd" => ButtonId::DrawDecline(id),
            "drw" => ButtonId::DrawWithdraw(id),
            "gms" => ButtonId::GamesPage(u32::try_from(id).ok()?),
            "myg" => ButtonId::MyGamesPage(u32::try_from(id).ok()?),
            "chl" => ButtonId::ChallengesPage(u32::try_from(id).ok()?),
            "abo" => ButtonId::Abort(id),
            "rpl" => ButtonId::Replay(id),
            "tjn" => ButtonId::TournamentJoin(id),
            "tlv" => ButtonId::TournamentLeave(id),
            "tms" => ButtonId::TournamentsPage(u32::try_from(id).ok()?),
            _ => return None,
        })
    }

    fn button(self, label: &str, style: ButtonStyle) -> CreateButton {
        CreateButton::new(self.custom_id()).label(label).style(style)
    }
}

/// The Abort button of a game in which a side has yet to move (it shares
/// its row with the Move button).
pub fn abort_button(lang: Lang, game_id: i64) -> CreateButton {
    ButtonId::Abort(game_id).button(&t!(lang, "button-abort"), ButtonStyle::Secondary)
}

/// The Replay button of a finished game's message. It never goes stale:
/// the game's moves are kept for good.
pub fn replay_button(lang: Lang, game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::Replay(game_id).button(&t!(lang, "button-replay"), ButtonStyle::Secondary),
    ])]
}

/// Accept / Decline for the opponent, Cancel for the challenger.
pub fn challenge_buttons(lang: Lang, challenge_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::Accept(challenge_id).button(&t!(lang, "button-accept"), ButtonStyle::Success),
        ButtonId::Decline(challenge_id).button(&t!(lang, "button-decline"), ButtonStyle::Danger),
        ButtonId::Cancel(challenge_id).button(&t!(lang, "button-cancel"), ButtonStyle::Secondary),
    ])]
}

/// Accept / Cancel under an open challenge: anyone may accept, no one declines.
pub fn open_challenge_buttons(lang: Lang, challenge_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::Accept(challenge_id).button(&t!(lang, "button-accept"), ButtonStyle::Success),
        ButtonId::Cancel(challenge_id).button(&t!(lang, "button-cancel"), ButtonStyle::Secondary),
    ])]
}

/// Join / Leave under a tournament's message while it takes entrants.
pub fn tournament_buttons(lang: Lang, tournament: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::TournamentJoin(tournament).button(&t!(lang, "button-join"), ButtonStyle::Success),
        ButtonId::TournamentLeave(tournament).button(&t!(lang, "button-leave"), ButtonStyle::Secondary),
    ])]
}

/// The confirm button of `/resign`.
pub fn resign_buttons(lang: Lang, game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::Resign(game_id).button(&t!(lang, "button-resign"), ButtonStyle::Danger),
    ])]
}

/// Accept / Decline for the player offered a draw, Withdraw for the one
/// who offered it.
pub fn draw_buttons(lang: Lang, game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::DrawAccept(game_id).button(&t!(lang, "button-accept-draw"), ButtonStyle::Success),
        ButtonId::DrawDecline(game_id).button(&t!(lang, "button-decline-draw"), ButtonStyle::Danger),
        ButtonId::DrawWithdraw(game_id).button(&t!(lang, "button-withdraw-draw"), ButtonStyle::Secondary),
    ])]
}

/// The Take back button under a move, for its player, until the opponent
/// replies (`ply` is the game's ply after the move).
pub fn takeback_button(lang: Lang, game_id: i64, ply: u32) -> CreateButton {
    ButtonId::Takeback(game_id, ply).button(&t!(lang, "button-takeback"), ButtonStyle::Secondary)
}

/// Allow / Refuse for the player asked to let a move be taken back (`ply`:
/// the game's ply when it was asked).
pub fn takeback_answer_buttons(lang: Lang, game_id: i64, ply: u32) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::TakebackAllow(game_id, ply).button(&t!(lang, "button-accept-takeback"), ButtonStyle::Success),
        ButtonId::TakebackRefuse(game_id, ply).button(&t!(lang, "button-decline-takeback"), ButtonStyle::Danger),
    ])]
}

/// `rows` with `button` added to the first row of buttons with room for
/// it (Discord shows five to a row), or else in a row of its own.
pub fn with_button(mut rows: Vec<CreateActionRow>, button: CreateButton) -> Vec<CreateActionRow> {
    let room = rows.iter_mut().find_map(|row| match row {
        CreateActionRow::Buttons(buttons) if buttons.len() < BUTTONS_PER_ROW => Some(buttons),
        _ => None,
    });
    match room {
        Some(buttons) => buttons.push(button),
        None => rows.push(CreateActionRow::Buttons(vec![button])),
    }
    rows
}

/// Most buttons in one action row (Discord's limit).
const BUTTONS_PER_ROW: usize = 5;

/// Previous / Next under page `page` (from 0) of `pages` of the games list;
/// each is disabled where there is no page to go to.
pub fn games_page_buttons(lang: Lang, page: u32, pages: u32) -> Vec<CreateActionRow> {
    page_buttons(lang, page, pages, ButtonId::GamesPage)
}

/// Previous / Next under page `page` (from 0) of `pages` of `/mygames`.
pub fn my_games_page_buttons(lang: Lang, page: u32, pages: u32) -> Vec<CreateActionRow> {
    page_buttons(lang, page, pages, ButtonId::MyGamesPage)
}

/// Previous / Next under page `page` (from 0) of `pages` of `/tournaments`.
pub fn tournaments_page_buttons(lang: Lang, page: u32, pages: u32) -> Vec<CreateActionRow> {
    page_buttons(lang, page, pages, ButtonId::TournamentsPage)
}

/// Previous / Next under page `page` (from 0) of `pages` of `/challenges`.
pub fn challenges_page_buttons(lang: Lang, page: u32, pages: u32) -> Vec<CreateActionRow> {
    page_buttons(lang, page, pages, ButtonId::ChallengesPage)
}

fn page_buttons(lang: Lang, page: u32, pages: u32, to: fn(u32) -> ButtonId) -> Vec<CreateActionRow> {
    let last = pages.saturating_sub(1);
    let previous = to(page.saturating_sub(1)).button(&t!(lang, "button-previous"), ButtonStyle::Secondary);
    let next = to(page.saturating_add(1)).button(&t!(lang, "button-next"), ButtonStyle::Secondary);
    vec![CreateActionRow::Buttons(vec![previous.disabled(page == 0), next.disabled(page >= last)])]
}

/// Previous / Next under page `page` (from 0) of `pages` of `user`'s history.
pub fn history_page_buttons(lang: Lang, user: u64, page: u32, pages: u32) -> Vec<CreateActionRow> {
    let last = pages.saturating_sub(1);
    let previous = ButtonId::HistoryPage(user, page.saturating_sub(1))
        .button(&t!(lang, "button-previous"), ButtonStyle::Secondary);
    let next =
        ButtonId::HistoryPage(user, page.saturating_add(1)).button(&t!(lang, "button-next"), ButtonStyle::Secondary);
    vec![CreateActionRow::Buttons(vec![previous.disabled(page == 0), next.disabled(page >= last)])]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        for b in [
            ButtonId::Accept(1),
            ButtonId::Decline(i64::MAX),
            ButtonId::Cancel(7),
            ButtonId::Resign(42),
            ButtonId::DrawAccept(3),
            ButtonId::DrawDecline(9),
            ButtonId::DrawWithdraw(4),
            ButtonId::Takeback(i64::MAX, u32::MAX),
            ButtonId::TakebackAllow(5, 0),
            ButtonId::TakebackRefuse(6, 17),
            ButtonId::GamesPage(0),
            ButtonId::GamesPage(u32::MAX),
            ButtonId::MyGamesPage(3),
            ButtonId::ChallengesPage(2),
            ButtonId::HistoryPage(u64::MAX, u32::MAX),
            ButtonId::HistoryPage(1, 0),
            ButtonId::Replay(42),
            ButtonId::Replay(i64::MAX),
            ButtonId::TournamentJoin(3),
            ButtonId::TournamentLeave(i64::MAX),
            ButtonId::TournamentsPage(1),
        ] {
            let id = b.custom_id();
            assert!((1..=100).contains(&id.len()));
            assert_eq!(ButtonId::parse(&id), Some(b));
        }
        assert_eq!(ButtonId::parse("acc:x"), None);
        assert_eq!(ButtonId::parse("zzz:1"), None);
        assert_eq!(ButtonId::parse("nothing"), None);
        assert_eq!(ButtonId::parse("gms:-1"), None);
        assert_eq!(ButtonId::parse("gms:4294967296"), None);
        assert_eq!(ButtonId::parse("hst:1"), None);
        assert_eq!(ButtonId::parse("hst:x:1"), None);
        assert_eq!(ButtonId::parse("tbk:1"), None);
        assert_eq!(ButtonId::parse("tba:1:-1"), None);
        assert_eq!(ButtonId::parse("tbr:x:1"), None);
        assert_eq!(ButtonId::parse("tms:-2"), None);
    }
}

#[cfg(test)]
mod page_button_tests {
    use super::*;

    /// (custom id, disabled) of each button in the rows.
    fn buttons(rows: Vec<CreateActionRow>) -> Vec<(String, bool)> {
        let rows = serde_json::to_value(rows).unwrap();
        let mut out = Vec::new();
        for row in rows.as_array().unwrap() {
            for b in row["components"].as_array().unwrap() {
                out.push((b["custom_id"].as_str().unwrap().to_string(), b["disabled"].as_bool().unwrap_or(false)));
            }
        }
        out
    }

    #[test]
    fn a_button_added_goes_where_a_row_has_room() {
        let take_back = || takeback_button(Lang::En, 7, 3);
        let rows = with_button(Vec::new(), take_back());
        assert_eq!(buttons(rows), [("tbk:7:3".into(), false)]);
        let rows = with_button(games_page_buttons(Lang::En, 0, 2), take_back());
        assert_eq!(buttons(rows), [("gms:0".into(), true), ("gms:1".into(), false), ("tbk:7:3".into(), false)]);
        // A full row (five buttons) is left alone: a new row holds it.
        let full = (0..5).map(|page| ButtonId::GamesPage(page).button("p", ButtonStyle::Secondary)).collect();
        let rows = with_button(vec![CreateActionRow::Buttons(full)], take_back());
        assert_eq!(rows.len(), 2);
        assert_eq!(buttons(rows).last(), Some(&("tbk:7:3".into(), false)));
    }

    #[test]
    fn previous_and_next_point_at_the_neighbouring_pages() {
        assert_eq!(buttons(games_page_buttons(Lang::En, 0, 3)), [("gms:0".into(), true), ("gms:1".into(), false)]);
        assert_eq!(buttons(games_page_buttons(Lang::En, 1, 3)), [("gms:0".into(), false), ("gms:2".into(), false)]);
        assert_eq!(buttons(games_page_buttons(Lang::En, 2, 3)), [("gms:1".into(), false), ("gms:3".into(), true)]);
    }
}
