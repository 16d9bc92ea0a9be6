//! `/help`: the commands and a short summary of the rules.

use super::super::reply::Reply;

const HELP: &str = "\
**Spanish draughts (damas españolas) - correspondence games**
`/challenge @opponent [color] [days] [variant] [draw_rules]` challenge someone in this channel; name me (`[level]` 1-10, default 5) to play my engine at once
`/accept` `/decline` `/cancel` answer or withdraw a challenge (name the other player if several wait)
`/abort` moderators end a game without result; players: the Abort button, until both have moved
`/move 11-15` play a move (`x` for captures, e.g. `22x13`); suggestions appear as you type
`/moves [position]` legal moves of this game, or of a PDN FEN such as `W:W1-12:B21-32`
`/board [perspective]` the board, `/pdn` the record, `/games` this server's live games
`/draw` offer (or accept) a draw; I answer mine at once; `/resign` give up (asks to confirm)
`/analyze [position] [level]` best move and line of a PDN FEN; here, once the game is over, its review

**Rules in short**
- 8x8 board, 32 dark squares; a dark square in each player's bottom-right corner. White starts on 1-12, Black on 21-32; White moves first.
- Men move and capture one square diagonally forward only; a man reaching the far row becomes a king (mid-capture it stops there).
- Kings move and capture at any distance along free diagonals, landing on any empty square beyond the captured piece.
- Capturing is compulsory: take the most pieces; among those, the most kings. Captured pieces leave the board when the move ends.
- A player with no legal move loses. Draws: agreement, threefold repetition, 40 plies of king moves only, three kings failing to beat one in 12 moves.
- Each move has a deadline (days per move); a reminder comes before it, and missing it loses the game.

**Square numbers** (White's side at the bottom)
```
    a  b  c  d  e  f  g  h
8  32 .. 31 .. 30 .. 29 ..
7  .. 28 .. 27 .. 26 .. 25
6  24 .. 23 .. 22 .. 21 ..
5  .. 20 .. 19 .. 18 .. 17
4  16 .. 15 .. 14 .. 13 ..
3  .. 12 .. 11 .. 10 ..  9
2   8 ..  7 ..  6 ..  5 ..
1  ..  4 ..  3 ..  2 ..  1
```";

/// The help message (private to the asker).
pub fn help() -> Reply {
    Reply::ephemeral(HELP)
}

#[cfg(test)]
mod tests {
    #[test]
    fn help_fits_in_one_message() {
        assert!(super::HELP.chars().count() <= 2000, "{}", super::HELP.chars().count());
        assert!(super::HELP.contains("/move") && super::HELP.contains("/analyze") && super::HELP.contains("/abort"));
    }
}
