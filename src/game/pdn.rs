//! The PDN record of a game (RULES 6.5).

use std::fmt::Write;

use super::{GameError, GameService, GameView};
use crate::rules::{Color, Position, move_number};

/// Moves wrap before this many characters per line.
const LINE_WIDTH: usize = 79;

impl GameService {
    /// The PDN record of game `game_id`, live or finished; for a game of a
    /// match, the records of all the match's games so far, in order, in one
    /// file.
    pub async fn pdn(&self, game_id: i64) -> Result<String, GameError> {
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

/// The PDN text of a game: the seven tags (plus FEN when it did not start
/// from the initial position), then the numbered moves and the result
/// (`*` while the game is live).
pub fn pdn_record(view: &GameView) -> String {
    let result = view.finished.map_or("*", |f| f.outcome.pdn());
    let name = |user: u64, given: &Option<String>| given.clone().unwrap_or_else(|| format!("user {user}"));
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{key} \"{value}\"]");
    };
    match &view.match_play {
        Some(play) => {
            tag("Event", &format!("damas correspondence match {}", play.id));
            tag("Site", "Discord");
            tag("Date", &pdn_date(view.started_at));
            tag("Round", &play.number.to_string());
        }
        None => {
            tag("Event", "damas correspondence game");
            tag("Site", "Discord");
            tag("Date", &pdn_date(view.started_at));
        }
    }
    tag("White", &name(view.white, &view.white_name));
    tag("Black", &name(view.black, &view.black_name));
    tag("Result", result);
    tag("GameType", "24");
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
    let (y, m, d) = civil_date(unix.div_euclid(86_400));
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a count of days since 1970-01-01,
/// counting in 400-year eras of 146,097 days that start on 1 March.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days from 0000-03-01
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // 0 = March
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates_of_known_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_422), (2025, 11, 30));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }
}
