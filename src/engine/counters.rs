//! The draw rules' counters (RULES 7.3c-d) carried along a search line, so
//! that the engine sees a draw where the game would declare one and does not
//! chase a win the count would cut short.

use crate::rules::{Color, DrawRules, Game, Move, Position};

/// The king-move counter and the three-kings count at one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Counters {
    /// Plies since the last capture or man move.
    pub king_plies: u32,
    /// Once three kings have faced a lone king: the strong side and its
    /// moves since (the count runs to the end of the game, RULES 7.3d).
    pub three_kings: Option<(Color, u32)>,
}

impl Counters {
    /// The counters of a game's current position.
    pub fn of_game(game: &Game) -> Counters {
        Counters { king_plies: game.king_move_plies(), three_kings: game.three_kings_count() }
    }

    /// Fresh counters for a position given without its history.
    pub fn fresh(pos: &Position) -> Counters {
        Counters { king_plies: 0, three_kings: three_kings_side(pos).map(|c| (c, 0)) }
    }

    /// The counters after `mv` took `before` to `after`, as `Game::play`
    /// counts them.
    pub fn after(self, before: &Position, mv: &Move, after: &Position) -> Counters {
        let king_plies = if mv.is_capture() || before.moves_man(mv) { 0 } else { self.king_plies + 1 };
        let three_kings = match self.three_kings {
            Some((strong, n)) => Some((strong, n + u32::from(before.turn() == strong))),
            None => three_kings_side(after).map(|strong| (strong, 0)),
        };
        Counters { king_plies, three_kings }
    }

    /// Whether the counting rules have drawn the game here.
    pub fn is_draw(&self, rules: DrawRules) -> bool {
        if self.king_plies >= rules.king_move_plies() {
            return true;
        }
        matches!((rules.three_kings_moves(), self.three_kings), (Some(limit), Some((_, n))) if n >= limit)
    }

    /// Whether a game that ends in `plies` plies from here ends before the
    /// king-move count of RULES 7.3c draws it, even if every ply but the
    /// last (a capture or a block) is a king move.
    pub fn king_moves_leave_room_for(&self, rules: DrawRules, plies: u32) -> bool {
        plies == 0 || self.king_plies + plies <= rules.king_move_plies()
    }

    /// Whether a win by `winner` in `plies` plies from here (with `to_move`
    /// to move) can be completed before a counting rule draws the game.
    /// The last ply of a win captures or blocks, so it never counts; every
    /// ply before it is assumed to be a king move (the cautious reading).
    pub fn leaves_room_for(&self, rules: DrawRules, to_move: Color, winner: Color, plies: u32) -> bool {
        if !self.king_moves_leave_room_for(rules, plies) {
            return false;
        }
        match (rules.three_kings_moves(), self.three_kings) {
            (Some(limit), Some((strong, n))) if strong == winner => {
                // The winner's own moves among the plies, the last one included
                // (the rules end the game on the capture before the count).
                let own = if to_move == winner { plies.div_ceil(2) } else { plies / 2 };
                n + own <= limit
            }
            _ => true,
        }
    }
}

/// The side that has exactly three kings against a lone king, if any.
pub(crate) fn three_kings_side(pos: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&c| {
        let o = c.opponent();
        pos.count(c) == 3 && pos.king_count(c) == 3 && pos.count(o) == 1 && pos.king_count(o) == 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn counters_follow_the_game_move_by_move() {
        // RULES 7.3c-d: replaying a king ending through `after` gives the
        // same counts as the rules' own Game at every ply.
        let start: Position = "W:WK1,K2,K3:BK32".parse().unwrap();
        let mut game = Game::new(start, Variant::Classic, DrawRules::Classic);
        let mut counters = Counters::of_game(&game);
        for _ in 0..60 {
            let before = *game.position();
            let mv = before.legal_moves()[0];
            game.play(&mv).unwrap();
            counters = counters.after(&before, &mv, game.position());
            assert_eq!(counters, Counters::of_game(&game));
            if counters.is_draw(DrawRules::Classic) {
                assert_eq!(game.result().map(|r| r.outcome), Some(crate::rules::Outcome::Draw));
            }
            if game.result().is_some() {
                break;
            }
        }
    }

    #[test]
    fn a_long_win_does_not_fit_in_the_king_move_count() {
        let c = Counters { king_plies: 30, three_kings: None };
        assert!(c.leaves_room_for(DrawRules::Classic, Color::White, Color::White, 9));
        assert!(!c.leaves_room_for(DrawRules::Classic, Color::White, Color::White, 11));
        // RULES 7.3d: eleven of twelve moves used leaves room for one more.
        let t = Counters { king_plies: 0, three_kings: Some((Color::White, 11)) };
        assert!(t.leaves_room_for(DrawRules::Classic, Color::White, Color::White, 1));
        assert!(!t.leaves_room_for(DrawRules::Classic, Color::White, Color::White, 3));
    }
}
