//! Buttons: their ids (which carry the challenge or game they belong to, so
//! a stale button is refused) and the rows that show them. What a press
//! does lives in `press.rs`.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::discord::interactions::id_fields::IdField;
use crate::game::Seen;
use crate::i18n::Lang;
use crate::t;

/// Writes [`ButtonId`] and both directions of its codec from one table:
/// each variant with its fields and the tag its `custom_id` starts with
/// (`tag:field:field`), so a tag is written once and a new variant cannot
/// be left out of either direction.
macro_rules! button_ids {
    ($($(#[doc = $doc:literal])* $variant:ident($($field:ident: $ty:ty),+) = $tag:literal,)*) => {
        /// What a button does, and to which challenge or game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ButtonId {
            $($(#[doc = $doc])* $variant($($ty),+),)*
        }

        impl ButtonId {
            /// The `custom_id` Discord stores on the button.
            pub fn custom_id(self) -> String {
                match self {
                    $(ButtonId::$variant($($field),+) => {
                        let mut id = String::from($tag);
                        $($field.write(&mut id);)+
                        id
                    })*
                }
            }

            /// Reads a `custom_id`; `None` for one this bot did not make.
            pub fn parse(custom_id: &str) -> Option<ButtonId> {
                let mut parts = custom_id.split(':');
                let id = match parts.next()? {
                    $($tag => ButtonId::$variant($(<$ty>::read(&mut parts)?),+),)*
                    _ => return None,
                };
                parts.next().is_none().then_some(id)
            }

            /// One button of every kind, with the largest values its fields
            /// hold and with small ones (for the round-trip test).
            #[cfg(test)]
            fn every_kind() -> Vec<ButtonId> {
                use tests::Extremes;
                vec![$(ButtonId::$variant($(<$ty>::largest()),+), ButtonId::$variant($(<$ty>::small()),+),)*]
            }
        }
    };
}

button_ids! {
    /// Accept this challenge.
    Accept(challenge: i64) = "acc",
    /// Decline this challenge.
    Decline(challenge: i64) = "dec",
    /// Cancel this challenge (its author).
    Cancel(challenge: i64) = "can",
    /// Confirm resigning this game.
    Resign(game: i64) = "res",
    /// Accept the draw offered in this game.
    DrawAccept(game: i64) = "dra",
    /// Decline the draw offered in this game.
    DrawDecline(game: i64) = "drd",
    /// Withdraw one's own draw offer in this game.
    DrawWithdraw(game: i64) = "drw",
    /// Ask to take back the move of this game that led to this ply.
    Takeback(seen: Seen) = "tbk",
    /// Allow the takeback asked in this game at this ply.
    TakebackAllow(seen: Seen) = "tba",
    /// Refuse the takeback asked in this game at this ply.
    TakebackRefuse(seen: Seen) = "tbr",
    /// Show this page (from 0) of the server's live games.
    GamesPage(page: u32) = "gms",
    /// Ask to abort this game (its players before each has moved, or a
    /// moderator): shows the confirmation.
    Abort(game: i64) = "abo",
    /// Abort this game, confirmed.
    AbortConfirm(game: i64) = "abc",
    /// Show this page (from 0) of this user's history.
    HistoryPage(user: u64, page: u32) = "hst",
    /// Show the replay of this game.
    Replay(game: i64) = "rpl",
    /// Show this page (from 0) of the presser's own live games.
    MyGamesPage(page: u32) = "myg",
    /// Show this page (from 0) of the server's open challenges.
    ChallengesPage(page: u32) = "chl",
    /// Sign up for this tournament.
    TournamentJoin(tournament: i64) = "tjn",
    /// Leave this tournament (before it starts).
    TournamentLeave(tournament: i64) = "tlv",
    /// Show this page (from 0) of the server's tournaments.
    TournamentsPage(page: u32) = "tms",
    /// Withdraw from this tournament (its number), confirmed.
    TournamentWithdraw(tournament: i64) = "twd",
    /// Answer this puzzle attempt, shown at this step: the select menu
    /// (part from 0) of the position's moves.
    PuzzleMove(attempt: i64, step: u32, part: u32) = "pzm",
    /// Show the next puzzle (under the attempt just finished).
    PuzzleNext(attempt: i64) = "pzn",
    /// Solve the server's daily puzzle of this local day.
    PuzzleDaily(day: i64) = "pzd",
    /// Report the puzzle of this finished attempt as wrong.
    PuzzleReport(attempt: i64) = "pzr",
}

impl ButtonId {
    fn button(self, label: &str, style: ButtonStyle) -> CreateButton {
        CreateButton::new(self.custom_id()).label(label).style(style)
    }
}

/// The Abort button of a game in which a side has yet to move (it shares
/// its row with the Move button).
pub fn abort_button(lang: Lang, game_id: i64) -> CreateButton {
    ButtonId::Abort(game_id).button(&t!(lang, "button-abort"), ButtonStyle::Secondary)
}

/// The confirm button of aborting a game.
pub fn abort_confirm_buttons(lang: Lang, game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::AbortConfirm(game_id).button(&t!(lang, "button-abort-confirm"), ButtonStyle::Danger),
    ])]
}

/// The confirm button of withdrawing from tournament `number`.
pub fn withdraw_confirm_buttons(lang: Lang, number: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::TournamentWithdraw(number).button(&t!(lang, "button-withdraw"), ButtonStyle::Danger),
    ])]
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
/// replies (`seen`: the game after the move).
pub fn takeback_button(lang: Lang, seen: Seen) -> CreateButton {
    ButtonId::Takeback(seen).button(&t!(lang, "button-takeback"), ButtonStyle::Secondary)
}

/// Allow / Refuse for the player asked to let a move be taken back (`seen`:
/// the game when it was asked).
pub fn takeback_answer_buttons(lang: Lang, seen: Seen) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::TakebackAllow(seen).button(&t!(lang, "button-accept-takeback"), ButtonStyle::Success),
        ButtonId::TakebackRefuse(seen).button(&t!(lang, "button-decline-takeback"), ButtonStyle::Danger),
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

    /// The largest and a small value of a field, for the round trip.
    pub(super) trait Extremes {
        fn largest() -> Self;
        fn small() -> Self;
    }

    macro_rules! number_extremes {
        ($($number:ty),*) => {$(
            impl Extremes for $number {
                fn largest() -> $number {
                    <$number>::MAX
                }

                fn small() -> $number {
                    7
                }
            }
        )*};
    }

    number_extremes!(i64, u32, u64);

    impl Extremes for Seen {
        fn largest() -> Seen {
            Seen { game: i64::MAX, ply: u32::MAX }
        }

        fn small() -> Seen {
            Seen { game: 7, ply: 3 }
        }
    }

    #[test]
    fn ids_round_trip_and_fit_discord() {
        let every = ButtonId::every_kind();
        let tags: std::collections::HashSet<String> =
            every.iter().map(|b| b.custom_id().split(':').next().unwrap().to_string()).collect();
        assert_eq!(tags.len() * 2, every.len(), "each kind has a tag of its own");
        for b in every {
            let id = b.custom_id();
            assert!((1..=100).contains(&id.len()), "{id}");
            assert_eq!(ButtonId::parse(&id), Some(b));
            assert_eq!(ButtonId::parse(&format!("{id}:1")), None, "{id} with one number too many");
        }
        let seen = Seen { game: 7, ply: 3 };
        assert_eq!(ButtonId::Takeback(seen).custom_id(), "tbk:7:3", "ids on messages already sent still read");
        assert_eq!(ButtonId::parse("abo:12"), Some(ButtonId::Abort(12)));
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
        let take_back = || takeback_button(Lang::En, Seen { game: 7, ply: 3 });
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
