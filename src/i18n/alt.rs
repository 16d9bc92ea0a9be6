//! Alt text: what each picture and file the bot sends shows, in words, for
//! readers who cannot see it (Discord keeps it as the attachment's
//! description). A board is read out as whose move it is, the last move,
//! then each side's men and kings by square number.

use crate::game::GameView;
use crate::rules::{Color, Piece, Position, Role};
use crate::t;

use super::{Lang, color};

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

/// A game's replay GIF: "Replay of game #42: alice vs bob, 42 plies,
/// result 2-0." and the position it ends on.
pub fn replay(lang: Lang, view: &GameView) -> String {
    let name = |given: &Option<String>, side| given.clone().unwrap_or_else(|| color(lang, side));
    let outcome = match (&view.finished, view.aborted_by) {
        (Some(finish), _) => t!(lang, "alt-outcome-result", score = finish.outcome.pdn()),
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

/// The `/rating` chart: "Chart of the rating of alice over 12 rated games:
/// now 1523, RD 64." `player` is the name Discord gave, if any.
pub fn rating_chart(lang: Lang, player: Option<&str>, rating: String, deviation: f64, games: u32) -> String {
    let player = player.map_or_else(|| t!(lang, "alt-a-player"), str::to_string);
    t!(lang, "alt-rating-chart", player = player, games = games, rating = rating, deviation = format!("{deviation:.0}"))
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
}
