//! The PDN record of a game (RULES 6.5).

use super::Records;
use std::fmt::Write;

use crate::calendar::Date;
use crate::game::{Allowance, GameError, GameView, pdn_tag};
use crate::rules::{Color, Position, move_number};

/// Moves wrap before this many characters per line.
const LINE_WIDTH: usize = 79;

impl Records<'_> {
    /// The PDN record of game `game_id`, live or finished; for a game of a
    /// match, the records of all the match's games so far, in order, in one
    /// file.
    pub async fn pdn(self, game_id: i64) -> Result<String, GameError> {
        let view = self.game_by_id(game_id).await?;
        let Some(play) = &view.match_play else { return Ok(pdn_record(&view)) };
        let row =
            self.store.match_row(play.id).await?.ok_or_else(|| GameError::Corrupt(format!("match {}", play.id)))?;
        let mut records = Vec::with_capacity(row.games.len());
        for game in &row.games {
            records.push(pdn_record(&self.game_by_id(game.game_id).await?));
        }
        Ok(records.join("\n"))
    }
}

/// The PDN text of a game: the seven tags and the time control (plus FEN
/// when it did not start from the initial position; a game of a match or a
/// tournament adds its round, a tournament's names the tournament as its
/// event; a bank adds its maximum, weekends off the zone), then the
/// numbered moves and the result (`*` while the game is live).
pub fn pdn_record(view: &GameView) -> String {
    let result = view.finished.map_or("*", |f| f.outcome.pdn());
    let name = |user: u64, given: &Option<String>| given.clone().unwrap_or_else(|| format!("user {user}"));
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{key} \"{value}\"]");
    };
    match (&view.match_play, &view.tournament) {
        (Some(play), _) => {
            tag("Event", &format!("damas correspondence match {}", play.id));
            tag("Site", "Discord");
            tag("Date", &pdn_date(view.started_at));
            tag("Round", &play.number.to_string());
        }
        (None, Some(play)) => {
            tag("Event", &format!("{} (tournament #{})", play.name, play.id));
            tag("Site", "Discord");
            tag("Date", &pdn_date(view.started_at));
            tag("Round", &play.round.to_string());
        }
        (None, None) => {
            tag("Event", "damas correspondence game");
            tag("Site", "Discord");
            tag("Date", &pdn_date(view.started_at));
        }
    }
    tag("White", &name(view.white, &view.white_name));
    tag("Black", &name(view.black, &view.black_name));
    tag("Result", result);
    tag("GameType", "24");
    tag("TimeControl", &pdn_tag(view.time.allowance));
    if let Allowance::Fischer { max, .. } = view.time.allowance {
        tag("TimeControlMax", &max.to_string());
    }
    if let Some(zone) = &view.time.weekends_zone {
        tag("WeekendsOff", zone);
    }
    let start = view.game.start();
    if *start != Position::initial() {
        tag("FEN", &start.to_string());
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(view.game.ply() * 3 / 2 + 1);
    for (ply, notation) in view.game.notations().iter().enumerate() {
        match move_number(start.turn(), ply) {
            (number, Color::White) => tokens.push(format!("{number}.")),
            (number, Color::Black) if ply == 0 => tokens.push(format!("{number}...")),
            (_, Color::Black) => {}
        }
        tokens.push(notation.clone());
    }
    tokens.push(result.to_string());

    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `YYYY.MM.DD` (UTC) of a unix time.
fn pdn_date(unix: i64) -> String {
    let Date { year, month, day } = Date::of_unix(unix);
    format!("{year:04}.{month:02}.{day:02}")
}
