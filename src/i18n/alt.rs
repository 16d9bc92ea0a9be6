//! Alt text: what each picture and file the bot sends shows, in words, for
//! readers who cannot see it (Discord keeps it as the attachment's
//! description). A board is read out as whose move it is, the last move,
//! then each side's men and kings by square number.

use crate::calendar::Date;
use crate::game::{GameView, PlayerRating, PuzzleStats};
use crate::rating::shown;
use crate::rules::{Color, Piece, Position, Role};
use crate::t;

use super::{Lang, color, dates, rating_chart};

/// "White to move. Last move 11-15. White men 21, 22, 24; king 9. Black
/// men 5, 6; kings 30." `over`: the game has ended, so nobody is to move
/// ("Final position."); `last_move` as the game's record writes it.
pub fn position(lang: Lang, position: &Position, last_move: Option<&str>, over: bool) -> String {
    let mut parts = Vec::with_capacity(4);
    parts.push(if over {
        t!(lang, "alt-final-position")
    } else {
        t!(lang, "alt-to-move", side = position.turn().name())
    });
    if let Some(notation) = last_move {
        parts.push(t!(lang, "alt-last-move", notation = notation.to_string()));
    }
    for side in [Color::White, Color::Black] {
        parts.push(pieces(lang, position, side));
    }
    parts.join(" ")
}

/// "White men 21, 22, 24; king 9.": a side's men, then its kings, an empty
/// group left out; "White has no pieces." when it has none.
fn pieces(lang: Lang, position: &Position, side: Color) -> String {
    let squares = |role| -> Vec<String> {
        position.squares_of(Piece { color: side, role }).map(|sq| sq.number().to_string()).collect()
    };
    let (men, kings) = (squares(Role::Man), squares(Role::King));
    let mut groups = Vec::with_capacity(2);
    if !men.is_empty() {
        groups.push(t!(lang, "alt-men", count = men.len(), squares = men.join(", ")));
    }
    if !kings.is_empty() {
        groups.push(t!(lang, "alt-kings", count = kings.len(), squares = kings.join(", ")));
    }
    if groups.is_empty() {
        t!(lang, "alt-side-no-pieces", side = side.name())
    } else {
        t!(lang, "alt-side-pieces", side = side.name(), pieces = groups.join("; "))
    }
}

/// Whether a game is over (finished or aborted): its board is then a final position.
fn is_over(view: &GameView) -> bool {
    view.finished.is_some() || view.aborted_by.is_some()
}

/// The board of a game as the bot shows it (current or final position,
/// the last move marked): "Board of game #42. White to move. Last move ...".
pub fn game_board(lang: Lang, view: &GameView) -> String {
    t!(lang, "alt-game-board", game = view.id.to_string(), position = game_position(lang, view))
}

fn game_position(lang: Lang, view: &GameView) -> String {
    let last = view.game.notations().last().map(String::as_str);
    position(lang, view.game.position(), last, is_over(view))
}

/// The board a move would make, shown before it is played (for players
/// who confirm their moves): "Board of game #42 if 11-15 is played (not
/// played yet). Black to move. ..."; `ends_game`: the move would end it.
pub fn preview(lang: Lang, game: i64, after: &Position, notation: &str, ends_game: bool) -> String {
    let described = position(lang, after, Some(notation), ends_game);
    t!(lang, "alt-preview-board", game = game.to_string(), notation = notation.to_string(), position = described)
}

/// The `/moves` picture: the position, and the arrows of its legal moves.
pub fn moves(lang: Lang, board: &Position, last_move: Option<&str>) -> String {
    format!("{} {}", position(lang, board, last_move, false), t!(lang, "alt-moves-arrows"))
}

/// The `/analyze` picture: the position, and the best move marked on it.
pub fn analysis(lang: Lang, board: &Position, best: Option<&str>) -> String {
    let described = position(lang, board, None, false);
    match best {
        Some(best) => format!("{described} {}", t!(lang, "alt-best-move", notation = best.to_string())),
        None => described,
    }
}

/// A missed puzzle's board: the position, then "Your move, 6-10, shown by
/// a red arrow; the move that wins, 5-9, by a blue arrow."
pub fn puzzle_miss(lang: Lang, board: &Position, last_move: Option<&str>, tried: &str, right: &str) -> String {
    let position = position(lang, board, last_move, false);
    t!(lang, "alt-puzzle-miss", position = position, tried = tried.to_string(), right = right.to_string())
}

/// A puzzle's solution as an animation: "Animation of the solution of
/// puzzle #12: 5-9 29-26 9x18."
pub fn puzzle_solution(lang: Lang, id: i64, line: &str) -> String {
    t!(lang, "alt-puzzle-solution", id = id.to_string(), line = line.to_string())
}

/// A game's replay GIF: "Replay of game #42: alice vs bob, 42 plies,
/// result 1-0." and the position it ends on.
pub fn replay(lang: Lang, view: &GameView) -> String {
    let name = |given: &Option<String>, side| given.clone().unwrap_or_else(|| color(lang, side));
    let outcome = match (&view.finished, view.aborted_by) {
        (Some(finish), _) => {
            let (white, black) = super::score(finish.outcome);
            t!(lang, "alt-outcome-result", score = format!("{white}-{black}"))
        }
        (None, Some(_)) => t!(lang, "alt-outcome-aborted"),
        (None, None) => t!(lang, "alt-outcome-live"),
    };
    let head = t!(
        lang,
        "alt-replay",
        game = view.id.to_string(),
        white = name(&view.white_name, Color::White),
        black = name(&view.black_name, Color::Black),
        plies = view.ply(),
        outcome = outcome
    );
    format!("{head} {}", game_position(lang, view))
}

/// A game's record file: "Game record of game #42 (PDN), 42 plies."
pub fn pdn(lang: Lang, view: &GameView) -> String {
    t!(lang, "alt-pdn", game = view.id.to_string(), plies = view.ply())
}

/// The `/rating` chart, with the facts it shows: "Chart of the rating of
/// ana in Club Damas over 12 rated games, from Mar 3, 2025 to Jun 1, 2025:
/// now 1523, RD 64; 7 wins, 2 draws, 3 losses. Peak 1540, on May 20, 2025."
/// `name` is what Discord calls the player and `server` the server's name,
/// when known.
pub fn rating_chart(lang: Lang, player: &PlayerRating, name: Option<&str>, server: Option<&str>) -> String {
    let r = player.rating;
    let mut played = player.history.iter().filter_map(|s| s.at);
    let first = played.next();
    let last = played.next_back().or(first);
    let day = |at: Option<i64>| at.map(|at| dates::day(lang, Date::of_unix(at))).unwrap_or_default();
    // Games on one day are "on Dec 4", not "from Dec 4 to Dec 4".
    let when = if day(first) == day(last) {
        t!(lang, "alt-rating-chart-on", day = day(first))
    } else {
        t!(lang, "alt-rating-chart-between", from = day(first), to = day(last))
    };
    let mut text = t!(
        lang,
        "alt-rating-chart",
        player = rating_chart::player_name(lang, name),
        server = rating_chart::server_name(lang, server),
        games = player.games,
        when = when,
        rating = shown(r.rating, r.deviation),
        deviation = format!("{:.0}", r.deviation),
        results = rating_chart::results(lang, player.results)
    );
    if let Some(peak) = player.peak() {
        text.push(' ');
        text.push_str(&t!(lang, "alt-rating-chart-peak", peak = format!("{:.0}", peak.rating), date = day(peak.at)));
    }
    text
}

/// A tournament's standings picture: "Standings of Tournament #3 · Spring
/// cup, round 2 of 3 · 5 of 12 games finished: 1 alice, 2½ points; 2-3
/// bob, 2 points; ..." (`lines`: each player's place, name and points, best
/// "Chart of the puzzle rating of ana after each of 12 puzzles; now 1620."
pub fn puzzle_chart(lang: Lang, stats: &PuzzleStats, name: Option<&str>) -> String {
    let r = stats.player.rating;
    t!(
        lang,
        "puzzle-chart-alt",
        player = rating_chart::player_name(lang, name),
        rating = shown(r.rating, r.deviation),
        count = stats.history.len()
    )
}

/// first; Discord keeps the first 1,024 characters).
pub fn standings(lang: Lang, title: &str, progress: &str, lines: &[(String, String, String)]) -> String {
    let players: Vec<String> = lines
        .iter()
        .map(|(place, name, points)| {
            t!(
                lang,
                "alt-standings-line",
                place = place.clone(),
                name = name.clone(),
                points = points.clone(),
                count = super::points_count(points)
            )
        })
        .collect();
    t!(lang, "alt-standings", title = title.to_string(), progress = progress.to_string(), players = players.join("; "))
}

/// A tournament's file of every game: "Game records of every game of
/// Tournament #3 · Spring cup (PDN), 6 games."
pub fn tournament_pdn(lang: Lang, title: &str, games: usize) -> String {
    t!(lang, "alt-tournament-pdn", title = title.to_string(), games = games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn a_board_is_read_out_by_side_role_and_square() {
        let board = parse_fen("W:W24,K9,21,22:BK30,6,5").unwrap();
        assert_eq!(
            position(Lang::En, &board, Some("11-15"), false),
            "White to move. Last move 11-15. White men 21, 22, 24; king 9. Black men 5, 6; king 30."
        );
        assert_eq!(
            position(Lang::Es, &board, Some("11-15"), false),
            "Juegan las blancas. Última jugada: 11-15. Blancas: peones en 21, 22, 24; dama en 9. \
             Negras: peones en 5, 6; dama en 30."
        );
    }

    #[test]
    fn empty_groups_are_left_out() {
        let board = parse_fen("B:WK1,K32:B").unwrap();
        assert_eq!(position(Lang::En, &board, None, true), "Final position. White kings 1, 32. Black has no pieces.");
        assert_eq!(
            position(Lang::Es, &board, None, false),
            "Juegan las negras. Blancas: damas en 1, 32. Las negras no tienen piezas."
        );
        let board = parse_fen("W:W12:B21").unwrap();
        assert_eq!(position(Lang::En, &board, None, false), "White to move. White man 12. Black man 21.");
    }

    #[test]
    fn the_start_position_stays_well_within_discords_limit() {
        for lang in Lang::ALL {
            let text = position(lang, &Position::initial(), Some("28x19x10"), false);
            assert!(text.chars().count() < 300, "{text}");
        }
    }

    #[test]
    fn a_rating_chart_is_described_with_its_facts() {
        use crate::game::{RatedResults, RatingStep};
        use crate::rating::Rating;
        let day = |d: i64| Some(Date { year: 2025, month: 3, day: 1 }.midnight() + d * 86_400 + 3600);
        let step = |at, rating| RatingStep { at, rating, deviation: if at.is_some() { 90.0 } else { 350.0 } };
        let player = PlayerRating {
            user: 1,
            rating: Rating { rating: 1601.4, deviation: 64.2, volatility: 0.06 },
            games: 3,
            best: Some(1650.0),
            results: RatedResults { wins: 2, draws: 0, losses: 1 },
            history: vec![step(None, 1500.0), step(day(2), 1600.0), step(day(9), 1650.0), step(day(40), 1601.4)],
        };
        assert_eq!(
            rating_chart(Lang::En, &player, Some("ana"), Some("Club Damas")),
            "Chart of the rating of ana in Club Damas over 3 rated games, from Mar 3, 2025 to Apr 10, 2025: \
             now 1601, RD 64 (the rating's uncertainty); 2 wins, 0 draws, 1 loss. Peak 1650, on Mar 10, 2025."
        );
        assert_eq!(
            rating_chart(Lang::Es, &player, None, None),
            "Gráfico de la puntuación de un jugador en este servidor tras 3 partidas puntuables, del 3 mar 2025 \
             al 10 abr 2025: ahora 1601, RD 64 (la incertidumbre de la puntuación); 2 ganadas, 0 tablas, 1 perdida. Máxima 1650, el 10 mar 2025."
        );
        let one = PlayerRating { games: 1, best: None, history: player.history[..2].to_vec(), ..player };
        assert!(
            rating_chart(Lang::En, &one, Some("ana"), None).contains("over 1 rated game, on Mar 3, 2025: now"),
            "{}",
            rating_chart(Lang::En, &one, Some("ana"), None)
        );
        // A first evening: three games on one day are "on" that day, not "from it to it".
        let minutes = |m: i64| day(2).map(|at| at + m * 60);
        let evening = PlayerRating {
            history: vec![
                step(None, 1500.0),
                step(minutes(0), 1600.0),
                step(minutes(40), 1650.0),
                step(minutes(90), 1601.4),
            ],
            ..player
        };
        let text = rating_chart(Lang::En, &evening, Some("ana"), None);
        assert!(text.contains("over 3 rated games, on Mar 3, 2025: now"), "{text}");
        let texto = rating_chart(Lang::Es, &evening, Some("ana"), None);
        assert!(texto.contains("tras 3 partidas puntuables, el 3 mar 2025: ahora"), "{texto}");
    }
}
