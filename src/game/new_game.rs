//! A new game's row, for every way a game starts (a challenge taken, a
//! game against the bot, a match's next game, a tournament pairing): the
//! one place that decides when its first move is due, when its first
//! reminder comes, and which side moves first.

use crate::game::deadlines::move_clock::{MoveClock, time_for_move, weekends_of};
use crate::rules::{DrawRules, Position, Variant};
use crate::store::{NewGameRow, TimeControl};

/// A player taking a seat: their user id and the name they were given.
pub(in crate::game) type Seat = (u64, Option<String>);

/// Where and how a new game is played.
pub(in crate::game) struct GameStart<'a> {
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel or thread it is played in.
    pub channel: u64,
    /// Who plays White.
    pub white: Seat,
    /// Who plays Black.
    pub black: Seat,
    /// The clock's terms.
    pub time: TimeControl,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// The position it starts from; its side to move moves first.
    pub start: &'a Position,
}

impl GameStart<'_> {
    /// The row of this game started at `now`: its first move due after its
    /// days per move or its bank's start, between people, not rated, and outside any challenge,
    /// match or tournament; callers say otherwise with struct update.
    pub(in crate::game) fn row(self, now: i64) -> NewGameRow {
        let time = time_for_move(self.time.allowance, None);
        let clock = MoveClock::started(&weekends_of(&self.time), now, time);
        NewGameRow {
            challenge_id: None,
            guild: self.guild,
            channel: self.channel,
            white: self.white.0,
            black: self.black.0,
            white_name: self.white.1,
            black_name: self.black.1,
            time: self.time,
            variant: self.variant,
            draw_rules: self.draw_rules,
            start_fen: self.start.to_string(),
            turn: self.start.turn(),
            started_at: now,
            deadline: clock.deadline,
            remind_at: clock.remind_at,
            engine: None,
            rated: false,
            match_seat: None,
            tournament_seat: None,
        }
    }
}
