//! Moves without typing: the pieces the player to move can move with their
//! moves (what the Move button offers), a move's position shown before it
//! is played (for players who confirm their moves), and playing a move
//! chosen from a position that was shown - each after the same checks as
//! `/move`.

use super::Games;
use super::seen::Seen;
use crate::game::play::live_game::player_in;
use crate::game::{GameError, GameView, MoveReport, convert};
use crate::rules::{Move, Position, Role};

/// One piece that can move, and its legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// Its square's number (RULES 2).
    pub square: u8,
    /// Whether it is a king.
    pub king: bool,
    /// Its legal moves in canonical notation, as `/move` takes them, sorted.
    pub moves: Vec<String>,
}

/// What the player to move may play, piece by piece.
#[derive(Clone, Debug)]
pub struct MoveChoices {
    /// The position these moves are of.
    pub seen: Seen,
    /// The pieces that can move, by square number.
    pub pieces: Vec<PieceMoves>,
}

/// A move checked but not played: what the board would be after it.
#[derive(Clone, Debug)]
pub struct MovePreview {
    /// The position it would be played from.
    pub seen: Seen,
    /// The move.
    pub played: Move,
    /// Its canonical notation, as it would be recorded.
    pub notation: String,
    /// The position before it.
    pub before: Position,
    /// The position after it.
    pub after: Position,
    /// Whether the move would end the game.
    pub ends_game: bool,
}

/// The legal moves of `position` grouped by the piece that makes them,
/// pieces by square number, each piece's moves in the order given.
pub fn moves_by_piece(position: &Position, moves: Vec<(Move, String)>) -> Vec<PieceMoves> {
    let mut pieces: Vec<PieceMoves> = Vec::new();
    for (mv, notation) in moves {
        let square = mv.from().number();
        match pieces.iter_mut().find(|p| p.square == square) {
            Some(piece) => piece.moves.push(notation),
            None => {
                let king = position.piece_at(mv.from()).is_some_and(|p| p.role == Role::King);
                pieces.push(PieceMoves { square, king, moves: vec![notation] });
            }
        }
    }
    pieces.sort_by_key(|p| p.square);
    pieces
}

/// What a move a player chose comes to: played, or, for a player who
/// confirms their moves, checked and shown first.
#[derive(Clone, Debug)]
pub enum MoveOutcome {
    /// Played and stored (boxed: a report holds the whole game).
    Played(Box<MoveReport>),
    /// Checked and not played: it waits for the player's Confirm.
    Shown(MovePreview),
}

/// The live game `view` as `user` may move in it, its player to move:
/// refused as a move would be (not a player, out of time, not their turn),
/// and as changed when it is no longer the position `seen`.
fn to_move_in(now: i64, view: GameView, user: u64, seen: Option<Seen>) -> Result<GameView, GameError> {
    let color = player_in(now, &view, user)?;
    Seen::check(seen, &view)?;
    if color != view.turn() {
        return Err(GameError::NotYourTurn);
    }
    Ok(view)
}

/// What `notation` would do in `view`, checked by the rules; nothing is written.
fn preview_of(mut view: GameView, notation: &str) -> Result<MovePreview, GameError> {
    let seen = Seen::of(&view);
    let before = *view.game.position();
    let played = view.game.play_notation(notation)?;
    let notation = view.game.notations().last().expect("a move was just played").clone();
    Ok(MovePreview {
        seen,
        played,
        notation,
        before,
        after: *view.game.position(),
        ends_game: view.game.result().is_some(),
    })
}

impl Games<'_> {
    /// The live game of `channel` as `user` may move in it (see [`to_move_in`]).
    async fn game_to_move_in(
        self,
        now: i64,
        channel: u64,
        user: u64,
        seen: Option<Seen>,
    ) -> Result<GameView, GameError> {
        to_move_in(now, self.game_in_channel(channel).await?, user, seen)
    }

    /// The pieces `user` can move in the live game of `channel` and their
    /// moves, when it is their turn (and still the position `seen`, if given).
    pub async fn move_choices(
        self,
        now: i64,
        channel: u64,
        user: u64,
        seen: Option<Seen>,
    ) -> Result<MoveChoices, GameError> {
        let view = self.game_to_move_in(now, channel, user, seen).await?;
        let position = view.game.position();
        let pieces = moves_by_piece(position, position.legal_moves_with_notation());
        Ok(MoveChoices { seen: Seen::of(&view), pieces })
    }

    /// A move `user` chose in the live game of `channel` (from the position
    /// `seen`, if it was chosen from one): played as [`Games::play`]
    /// plays it, or only shown when they confirm their moves in its server.
    /// The game and the setting are read together: a move costs no more
    /// reads than without the setting.
    pub async fn play_or_show(
        self,
        now: i64,
        channel: u64,
        user: u64,
        notation: &str,
        seen: Option<Seen>,
    ) -> Result<MoveOutcome, GameError> {
        let (row, confirms) = self.store.live_game_for_move(channel, user).await?.ok_or(GameError::NoGame)?;
        let mut view = to_move_in(now, convert::game_view(row)?, user, seen)?;
        if confirms {
            return Ok(MoveOutcome::Shown(preview_of(view, notation)?));
        }
        let played = view.game.play_notation(notation)?;
        Ok(MoveOutcome::Played(Box::new(self.commit_move(view, played, user, now).await?)))
    }

    /// Plays `notation` as [`Games::play`] does, only if the live
    /// game of `channel` still shows the position `seen` (the same game at
    /// the same ply); the write itself is conditional on that ply too.
    pub async fn play_seen(
        self,
        now: i64,
        channel: u64,
        user: u64,
        notation: &str,
        seen: Seen,
    ) -> Result<MoveReport, GameError> {
        let mut view = self.game_to_move_in(now, channel, user, Some(seen)).await?;
        let played = view.game.play_notation(notation)?;
        self.commit_move(view, played, user, now).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn moves_are_grouped_by_the_piece_that_makes_them() {
        let position = parse_fen("W:WK1,9,10:B30").unwrap();
        let pieces = moves_by_piece(&position, position.legal_moves_with_notation());
        let squares: Vec<u8> = pieces.iter().map(|p| p.square).collect();
        assert_eq!(squares, [1, 9, 10]);
        assert!(pieces[0].king && !pieces[1].king);
        let total: usize = pieces.iter().map(|p| p.moves.len()).sum();
        assert_eq!(total, position.legal_moves_with_notation().len(), "every legal move, once");
        assert!(pieces[1].moves.iter().all(|m| m.starts_with("9-")), "{:?}", pieces[1].moves);
    }
}
