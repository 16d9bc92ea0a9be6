//! What the service hands back about games and challenges: a rebuilt
//! [`Game`] with its players, clock and result; a stored challenge.

use super::challenges::match_play::MatchPlay;
use super::deadlines::move_clock::{time_for_move, weekends_of};
use super::deadlines::weekends::Weekends;
use super::{ChallengeState, ColorChoice, FinishReason, MoveClock, TimeControl};
use crate::engine::Level;
use crate::rules::{Color, DrawRules, Game, Move, Outcome, Position, Variant};

/// A game as the service sees it: players, clock, the rules' [`Game`]
/// rebuilt from the stored moves, and how it ended if it did.
#[derive(Clone, Debug)]
pub struct GameView {
    /// The game's id.
    pub id: i64,
    /// The server it is played in, if any.
    pub guild: Option<u64>,
    /// The channel (or thread) it is played in.
    pub channel: u64,
    /// The user playing White.
    pub white: u64,
    /// The user playing Black.
    pub black: u64,
    /// Optional display name of White, as given with the challenge.
    pub white_name: Option<String>,
    /// Optional display name of Black, as given with the challenge.
    pub black_name: Option<String>,
    /// The clock's terms: days per move or a bank, and weekends off.
    pub time: TimeControl,
    /// With a bank: the bank of the player not to move, derived from their
    /// last move's time and the deadline it met (the start before they
    /// moved). `None` for days per move.
    pub waiting_bank: Option<i64>,
    /// The position, moves and rules result.
    pub game: Game,
    /// When the game started (unix seconds).
    pub started_at: i64,
    /// When the last move was played, or the game started (unix seconds).
    pub last_move_at: i64,
    /// When the player to move loses on time (unix seconds): their time
    /// for the move counted from `last_move_at` (see
    /// [`crate::game::MoveClock`]).
    pub deadline: i64,
    /// When the player to move is reminded of their deadline (unix seconds).
    pub remind_at: i64,
    /// The player whose draw offer stands, if any.
    pub draw_offer_by: Option<u64>,
    /// The player whose request to take back their last move stands, if any.
    pub takeback_by: Option<u64>,
    /// How the game ended; `None` while it is live.
    pub finished: Option<Finish>,
    /// When it ended or was aborted (unix seconds).
    pub finished_at: Option<i64>,
    /// Who aborted it, if it was aborted (it then has no result).
    pub aborted_by: Option<u64>,
    /// In a game against the bot: the side its engine plays, and its level.
    pub engine: Option<(Color, Level)>,
    /// Whether the game counts for ratings (if each side moves twice).
    pub rated: bool,
    /// What the game did to its players' ratings once over, White's first;
    /// empty while live and for a game that did not count.
    pub rating_changes: Vec<RatingChange>,
    /// The match it is a game of, and how the match stands.
    pub match_play: Option<MatchPlay>,
    /// The tournament it is a game of, and its round.
    pub tournament: Option<TournamentPlay>,
    /// While the player to move is away on vacation: since when. The clock
    /// stands still meanwhile; `deadline` is moved by the time away when
    /// the vacation ends.
    pub paused_since: Option<i64>,
}

/// What a rated game did to one player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The player.
    pub user: u64,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The deviation after it.
    pub deviation_after: f64,
}

impl RatingChange {
    /// The rating after the game as shown ("1523", "1523?" while provisional).
    pub fn shown_after(&self) -> String {
        crate::rating::shown(self.after, self.deviation_after)
    }

    /// The change as shown: the difference of the rounded ratings, so the
    /// numbers a reader sees add up.
    pub fn delta(&self) -> i64 {
        self.after.round() as i64 - self.before.round() as i64
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// Why.
    pub reason: FinishReason,
}

/// A move that was played and stored.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// The game after the move (finished if the move ended it).
    pub game: GameView,
    /// The move played.
    pub played: Move,
    /// Its canonical notation, as stored.
    pub notation: String,
    /// A direct message about it waits in the outbox (the opponent chose
    /// `/notify dm`): the clock loop should send it now.
    pub direct_message: bool,
    /// Premove replies played after it (announced from the outbox, which
    /// should post them now).
    pub premove_replies: u32,
    /// Players whose premove lines this move (or a reply after it) left:
    /// they are told, since none of their lines will play.
    pub premoves_set_aside: Vec<u64>,
    /// The mover's vacation, ended by this move (their clocks run again).
    pub vacation_ended: Option<crate::game::VacationEnded>,
    /// The bot's turn after this move, held for whoever answers it (see
    /// [`Games::engine_reply_held`](crate::game::Games::engine_reply_held)).
    pub bot_turn: Option<crate::game::BotTurn>,
}

impl GameView {
    /// The clock of the move to make: its deadline and reminder.
    pub fn clock(&self) -> MoveClock {
        MoveClock { deadline: self.deadline, remind_at: self.remind_at }
    }

    /// The weekends this game's clock skips (none unless it takes them off).
    pub fn weekends(&self) -> Weekends {
        weekends_of(&self.time)
    }

    /// The time the player to move has left at `now` (seconds that count;
    /// negative past the deadline): while their clock stands still for a
    /// vacation, what it had left when it stopped (when the vacation
    /// began, or when the turn did if later).
    pub fn time_left(&self, now: i64) -> i64 {
        let stopped = self.paused_since.map(|since| since.max(self.last_move_at));
        self.weekends().counted(stopped.unwrap_or(now).min(now), self.deadline)
    }

    /// The time the player not to move will have for their next move, as
    /// their clock stands: their bank, or the days per move.
    pub fn waiting_time(&self) -> i64 {
        time_for_move(self.time.allowance, self.waiting_bank)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.game.position().turn()
    }

    /// The user of a side.
    pub fn player(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The user to move (in a finished game: who would have been to move).
    pub fn player_to_move(&self) -> u64 {
        self.player(self.turn())
    }

    /// The side a user plays, if they play in this game.
    pub fn color_of(&self, user: u64) -> Option<Color> {
        if user == self.white {
            Some(Color::White)
        } else if user == self.black {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The other player, if `user` plays in this game.
    pub fn opponent_of(&self, user: u64) -> Option<u64> {
        self.color_of(user).map(|c| self.player(c.opponent()))
    }

    /// Whether the game is still being played.
    pub fn is_live(&self) -> bool {
        self.finished.is_none() && self.aborted_by.is_none()
    }

    /// The number of plies played.
    pub fn ply(&self) -> u32 {
        self.game.ply() as u32
    }

    /// The side that was (or is) to move at `ply`: sides alternate from
    /// the start position's.
    pub fn color_at(&self, ply: u32) -> Color {
        let first = self.game.start().turn();
        if ply.is_multiple_of(2) { first } else { first.opponent() }
    }

    /// Whether `color` is played by the bot's engine.
    pub fn is_engine(&self, color: Color) -> bool {
        self.engine.is_some_and(|(side, _)| side == color)
    }
}

/// A tournament game's tournament, as the game shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPlay {
    /// The tournament's number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game's round.
    pub round: u32,
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: i64,
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: u64,
    /// Who challenged.
    pub challenger: u64,
    /// Who was challenged; `None` while an open challenge waits for
    /// someone to accept it (then, who did).
    pub opponent: Option<u64>,
    /// The challenger's side.
    pub color: ColorChoice,
    /// The clock's terms.
    pub time: TimeControl,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// The start position.
    pub start: Position,
    /// The challenger's display name, if given.
    pub challenger_name: Option<String>,
    /// The opponent's display name, if given.
    pub opponent_name: Option<String>,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it expires if unanswered (unix seconds).
    pub expires_at: i64,
    /// Where it stands.
    pub state: ChallengeState,
    /// The game it started, once accepted.
    pub game_id: Option<i64>,
    /// Whether the challenger asked for a rated game.
    pub rated: bool,
    /// Whether it is a challenge to a match of four games (RULES 8.3).
    pub is_match: bool,
    /// An open rated challenge's rating range, in points.
    pub rating_range: Option<u32>,
    /// Who closed it: its taker, the one who declined or withdrew it, a
    /// moderator; `None` while open, once expired, or when a game took its
    /// channel.
    pub closed_by: Option<u64>,
    /// The message it was posted as, while that message still shows it
    /// open (as far as the bot knows).
    pub post: Option<u64>,
}

impl Challenge {
    /// Whether its game will count for ratings: asked for, in a server, in
    /// the classic variant from the initial position (as lichess rates no
    /// game from a set-up position).
    pub fn counts_for_ratings(&self) -> bool {
        self.rated && self.guild.is_some() && self.variant == Variant::Classic && self.start == Position::initial()
    }
}
