# /help: the commands, the rules in short. Placeholders are the commands'
# names as Discord shows them in this language.

help-title = **Spanish draughts (damas españolas) - correspondence games**
help-challenge = `{ $challenge } @opponent [color] [days] [variant] [draw_rules]` challenge someone here; name me (`[level]` 1-10, default 5) to play my engine at once
help-answer = `{ $accept }` `{ $decline }` `{ $cancel }` answer or withdraw a challenge (name the other player if several wait)
help-abort = `{ $abort }` moderators end a game without result; players: the Abort button, until both have moved
help-move = `{ $play } 11-15` play a move (`22x13` for a capture); suggested as you type
help-moves = `{ $moves } [position]` legal moves of this game, or of a PDN FEN such as `W:W1-12:B21-32`
help-board = `{ $board }` the board, `{ $pdn } [game]` a record, `{ $replay } [game]` a GIF, `{ $game } number` a game, `{ $history }` games played, `{ $games }` live games
help-draw = `{ $draw }` offer (or accept) a draw; I answer mine at once; `{ $resign }` give up (asks to confirm)
help-analyze = `{ $analyze } [position] [level]` best move and line of a PDN FEN; here, once the game is over, its review
help-rules-title = **Rules in short**
help-rule-board = - 8x8 board, 32 dark squares; a dark square in each player's bottom-right corner. White starts on 1-12, Black on 21-32; White moves first.
help-rule-men = - Men move and capture one square diagonally forward only; a man reaching the far row becomes a king (mid-capture it stops there).
help-rule-kings = - Kings move and capture at any distance along free diagonals, landing on any empty square beyond the captured piece.
help-rule-capture = - Capturing is compulsory: take the most pieces; among those, the most kings. Captured pieces leave the board when the move ends.
help-rule-end = - A player with no legal move loses. Draws: agreement, threefold repetition, 40 plies of king moves only, three kings failing to beat one in 12 moves.
help-rule-clock = - Each move has a deadline (days per move); a reminder comes before it, and missing it loses the game.
help-squares-title = **Square numbers** (White's side at the bottom)
